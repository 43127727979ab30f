"""Transcribe JFR Pary and KoPS2www result pages into the CSV files of this folder.

Usage: ``python transcribe.py SOURCE_DIR OUT_DIR``, where SOURCE_DIR holds the page folders
``jfr_pary_wb130808/``, ``kops_pch1003/`` and ``kops_sm0807/`` (copied from jarekczek/pbntools,
see tests/data/README.md). Only facts are written: board and pair numbers, North-South scores,
the director's scores as artificial codes (a phantom pair, absent from the standings, at 00)
and the published values; no names. One value is not on the pages: the parts of JFR board 7's
weighted score (``JFR_WEIGHTED``).
"""

from __future__ import annotations

import csv
import html
import re
import sys
from pathlib import Path

CELL = re.compile(r"<td[^>]*>(.*?)</td>", re.S)
ROW = re.compile(r"<tr[^>]*>")
DECIMAL = re.compile(r"^-?\d+\.\d+$")


def cells(row: str) -> list[str]:
    out = []
    for raw in CELL.findall(row):
        text = html.unescape(re.sub(r"<[^>]+>", "", raw)).replace("\xa0", " ")
        out.append(text.strip())
    return out


def write(path: Path, header: list[str], rows: list[list]) -> None:
    with path.open("w", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(header)
        w.writerows(rows)
    print(f"{path.name}: {len(rows)} rows")


def code(ns: str, ew: str) -> str:
    """A director's score with whole percentages as an artificial code (a phantom side: 00)."""
    a, b = float(ns), float(ew)
    if a.is_integer() and b.is_integer():
        return f"A{int(a):02d}{int(b):02d}"
    return ""


#: JFR board 7, pairs 9-17: "TD 61.80/38.20", a weighted score whose parts the page does not
#: print; these are the only parts consistent with the board's ten other percentages (and with
#: 61.80 itself), inferred in /work/research/bridge (REPORT.md, section 3)
JFR_WEIGHTED = {(7, "9", "17"): "0.67*170 + 0.33*140"}


def jfr(src: Path, out: Path) -> None:
    lines = []
    for page in sorted(src.glob("wb130808[0-9][0-9][0-9].txt")):
        board = int(page.stem[-3:])
        for row in ROW.split(page.read_text(encoding="utf-8", errors="replace"))[1:]:
            c = cells(row)
            if len(c) < 6 or not (c[1].isdigit() and c[2].isdigit()):
                continue
            ns_pct, ew_pct = c[-2], c[-1]
            if c[3] == "TD":
                art = code(ns_pct, ew_pct)
                weighted = JFR_WEIGHTED.get((board, c[1], c[2]), "")
                lines.append(
                    [board, c[1], c[2], "", art, weighted, f"TD {ns_pct}/{ew_pct}", ns_pct, ew_pct]
                )
                continue
            zns, zew = c[-4], c[-3]
            score = int(zns) if zns else -int(zew)
            lines.append([board, c[1], c[2], score, "", "", "", ns_pct, ew_pct])
    write(
        out / "jfr-wb130808-travellers.csv",
        [
            "board",
            "ns_pair",
            "ew_pair",
            "ns_score",
            "artificial",
            "weighted",
            "director",
            "ns_percentage",
            "ew_percentage",
        ],
        lines,
    )
    standings = []
    page = next(src.glob("W-*.html")).read_text(encoding="utf-8", errors="replace")
    place = None
    for row in ROW.split(page)[1:]:
        c = cells(row)
        pct = [v for v in c if re.fullmatch(r"\d+\.\d\d", v)]
        if len(c) < 8 or not pct or not c[2].isdigit():
            continue
        place = int(c[1]) if c[1].isdigit() else place
        standings.append([place, int(c[2]), pct[0]])
    write(out / "jfr-wb130808-standings.csv", ["place", "pair", "percentage"], standings)


def read(page: Path) -> str:
    """A KoPS2www page (ISO 8859-2)."""
    return page.read_bytes().decode("iso-8859-2")


def kops(src: Path, out: Path, name: str, value: str) -> None:
    lines = []
    for page in sorted(src.glob("p*.html"), key=lambda p: int(p.stem[1:])):
        board = int(page.stem[1:])
        for row in ROW.split(read(page))[1:]:
            pairs = re.findall(r'href="[^"]*h(\d+)\.html"', row)
            if len(pairs) < 2:
                continue
            c = [v for v in cells(row)[2:]]
            while c and c[-1] == "":
                c.pop()
            if any("dzia" in v for v in c):  # "sędzia": a director's score
                nums = [v for v in c if DECIMAL.match(v)]
                words = " ".join(v for v in c if not DECIMAL.match(v))
                pcts = re.findall(r"(\d+)%", words)
                art = f"A{int(pcts[0]):02d}{int(pcts[1]):02d}" if len(pcts) == 2 else ""
                lines.append([board, pairs[0], pairs[1], "", art, words, *(nums[-2:] or ["", ""])])
                continue
            zns, zew, vns, vew = c[-4:]
            score = int(zns) if zns else int(zew)  # the EW column holds the NS score, negative
            lines.append([board, pairs[0], pairs[1], score, "", "", vns, vew])
    ranked = set()
    for row in ROW.split(read(src / "wyn.html"))[1:]:
        ranked.update(re.findall(r'href="h(\d+)\.html"', row))
    for line in lines:  # "sędzia średnia" against an absent pair: a phantom table, average
        if line[5] and not line[4] and "rednia" in line[5]:
            ns_ghost, ew_ghost = line[1] not in ranked, line[2] not in ranked
            if ns_ghost != ew_ghost:
                line[4] = "A0050" if ns_ghost else "A5000"
    write(
        out / f"kops-{name}-travellers.csv",
        [
            "board",
            "ns_pair",
            "ew_pair",
            "ns_score",
            "artificial",
            "director",
            f"ns_{value}",
            f"ew_{value}",
        ],
        lines,
    )
    boards = []
    for page in sorted(src.glob("h*.html"), key=lambda p: int(p.stem[1:])):
        pair = int(page.stem[1:])
        for row in ROW.split(read(page))[1:]:
            m = re.search(r'href="p(\d+)\.html"', row)
            if not m:
                continue
            c = cells(row)
            at = c.index(m.group(1))
            nums = [v for v in c[at + 2 :] if re.fullmatch(r"-?\d+\.\d\d", v)]
            boards.append([pair, int(m.group(1)), c[at + 1], nums[0] if nums else ""])
    write(out / f"kops-{name}-pairs.csv", ["pair", "board", "line", value], boards)
    standings = []
    for row in ROW.split(read(src / "wyn.html"))[1:]:
        m = re.search(r'href="h(\d+)\.html"', row)
        if not m:
            continue
        c = cells(row)
        nums = [v for v in c if re.fullmatch(r"-?\d+\.\d\d", v)]
        standings.append([int(c[0]), int(m.group(1)), nums[0]])
    write(out / f"kops-{name}-standings.csv", ["place", "pair", value], standings)


if __name__ == "__main__":
    source, target = Path(sys.argv[1]), Path(sys.argv[2])
    jfr(source / "jfr_pary_wb130808", target)
    kops(source / "kops_pch1003", target, "pch1003", "percentage")
    kops(source / "kops_sm0807", target, "sm0807", "imps")
