"""Plain-Python reference reader for TRF files: one line, one field at a time.

Slow and obviously correct: used by the tests to check the vectorised reader of
:mod:`tourneystats.chess.trf` on random files (results, kinds, points and which files are refused).
It supports what the test files use: the 001 records, ``XXR``/``142`` (the planned rounds: a
bound, not rounds) and the default point system.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

WIN, DRAW, LOSS = "1w", "=d", "0l"
POINTS = {"1": 1.0, "w": 1.0, "=": 0.5, "d": 0.5, "0": 0.0, "l": 0.0, "+": 1.0, "-": 0.0}
BYES = {"h": ("hpb", 0.5), "f": ("fpb", 1.0), "u": ("pab", 1.0), "z": ("zpb", 0.0)}
BYES[" "] = BYES["z"]
BYES["-"] = BYES["z"]
COMPLEMENT = {("1", "0"), ("0", "1"), ("=", "="), ("w", "l"), ("l", "w"), ("d", "d")}
COMPLEMENT |= {("+", "-"), ("-", "+"), ("-", "-")}
SEPARATORS = (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91)


class Refused(Exception):
    """The reference reader refuses the file."""


def number(text: str, *, blank=None):
    text = text.strip()
    if not text:
        return blank
    if not text.isdigit() or not text.isascii():
        raise Refused(f"not a number: {text!r}")
    return int(text)


def read(path: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(results, players) of one TRF file, or raise :class:`Refused`."""
    raw = path.read_bytes()
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    declared = 0
    lines = []
    for line in text.rstrip("\x1a").replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if any(ord(c) < 32 and c != "\t" or ord(c) == 127 for c in line):
            raise Refused("control character")
        if line.startswith("001"):
            lines.append(line)
        elif line.strip() == "":
            continue
        elif len(line) < 3 or not all(
            c.isascii() and (c.isdigit() or c.isupper() or c == "#") for c in line[:3]
        ):
            raise Refused("not a record")
        elif len(line) > 3 and line[3] != " ":
            raise Refused("not a record")
        elif line[:3] in ("XXR", "142"):
            value = number(line[4:])
            if not value or (declared and declared != value):
                raise Refused("bad round count")
            declared = value
    if not lines:
        raise Refused("no player")
    players = {}
    games = {}
    for line in lines:
        for col in SEPARATORS:
            if len(line) >= col and line[col - 1] != " ":
                raise Refused(f"column {col}")
        start = number(line[4:8])
        if not start:
            raise Refused("start rank")
        if start in players:
            raise Refused("duplicate start rank")
        points = line[80:84].strip()
        if points:
            try:
                if not all(c.isdigit() or c == "." for c in points):
                    raise ValueError
                published = float(points)
            except ValueError:
                raise Refused("points") from None
        else:
            published = None
        number(line[48:52])
        number(line[57:68])
        number(line[85:89])
        blocks = []
        rest = line[91:]
        while rest.strip():
            block, rest = rest[:10].ljust(10), rest[10:]
            blocks.append(block)
        players[start] = (published, line[14:47].strip())
        games[start] = blocks
    seen = max(len(b) for b in games.values())
    if seen == 0:
        raise Refused("no round played")
    if declared > max(2 * len(games), 50) or seen > max(2 * len(games), 50):
        raise Refused("more rounds than a tournament of these players can have")
    if declared and seen > declared:
        raise Refused("more rounds than declared")
    rounds = seen  # the declared rounds are planned: those not played are not absences
    rows = []
    for start, blocks in games.items():
        for r in range(rounds):
            block = blocks[r] if r < len(blocks) else " " * 10
            if any(block[k] != " " for k in (4, 6, 8, 9)):
                raise Refused("block separator")
            opp = number(block[0:4], blank=0)
            colour = block[5].lower()
            code = block[7].lower()
            if colour not in "wb- ":
                raise Refused("colour")
            if opp:
                if code not in POINTS:
                    raise Refused("bye with opponent")
                kind = {"+": "forfeit_win", "-": "forfeit_loss"}.get(code, "played")
                if kind == "played" and colour not in "wb":
                    raise Refused("played without colour")
                points = POINTS[code]
            else:
                if code not in BYES:
                    raise Refused("game without opponent")
                if colour in "wb":
                    raise Refused("colour without opponent")
                kind, points = BYES[code]
            rows.append(
                {
                    "round": r + 1,
                    "player": start,
                    "opponent": opp or pd.NA,
                    "colour": colour if colour in "wb" else pd.NA,
                    "points": points,
                    "kind": kind,
                    "code": code,
                }
            )
    frame = pd.DataFrame(rows)
    for row in rows:
        if row["opponent"] is pd.NA:
            continue
        if row["opponent"] == row["player"] or row["opponent"] not in games:
            raise Refused("opponent")
        other = [o for o in rows if o["player"] == row["opponent"] and o["round"] == row["round"]][
            0
        ]
        if other["opponent"] is pd.NA or other["opponent"] != row["player"]:
            raise Refused("not mirrored")
        if (row["code"], other["code"]) not in COMPLEMENT:
            raise Refused("not complementary")
        same = row["colour"] is not pd.NA and row["colour"] is other["colour"]
        same = same or (
            row["colour"] is not pd.NA
            and other["colour"] is not pd.NA
            and row["colour"] == other["colour"]
        )
        if same:
            raise Refused("same colour")
    for start, (published, _) in players.items():
        total = sum(r["points"] for r in rows if r["player"] == start)
        if published is not None and abs(total - published) > 1e-9:
            raise Refused("points differ")
    frame = frame.drop(columns="code").sort_values(["round", "player"], ignore_index=True)
    names = pd.DataFrame(
        [(s, n) for s, (_, n) in sorted(players.items())], columns=["player", "name"]
    )
    return frame, names
