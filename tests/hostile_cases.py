"""Hostile inputs: mutations of the real sample files of every format, each with what it must give.

Each :class:`Case` is a file (or a folder of files) for ``tourneystats standings``, and one of
- ``error``: refused, with a message naming the file (and its line, or the event, round and
  player, as `locate` says);
- ``same``: standings equal to those of the unmutated file (`base`), e.g. rows in another order;
- ``ok``: a valid input the format allows, computed without an error;
- ``either``: a correct result or a located refusal (e.g. a truncation that may leave a
  consistent file); never a traceback, an unbounded allocation or a vague message.

``tests/hostile_run.py`` runs them in a child process under a memory limit;
``tests/test_hostile.py`` checks the outcomes.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "data"
TESTS = ROOT / "tests" / "data"


@dataclass(frozen=True)
class Case:
    name: str
    family: str
    files: dict[str, bytes]  #: file name -> content; several files make a folder
    expect: str  #: "error", "same", "ok" or "either"
    base: str | None = None  #: with "same": the case whose standings must come out
    locate: str = "file"  #: "file", "line" (file and line) or "rows" (line, or event/round/player)
    args: tuple[str, ...] = field(default=())

    @property
    def folder(self) -> bool:
        return len(self.files) > 1


# --- helpers -------------------------------------------------------------------------------------


def _lines(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True)


def _join(lines: list[bytes]) -> bytes:
    return b"".join(lines)


def _garbage(seed: int, size: int = 3000) -> bytes:
    rng = random.Random(seed)
    return bytes(rng.randrange(256) for _ in range(size))


def _sub(data: bytes, pattern: str, repl: str, count: int = 1, flags: int = re.M) -> bytes:
    text = data.decode("latin-1")
    new, n = re.subn(pattern, repl, text, count=count, flags=flags)
    assert n, f"pattern {pattern!r} not found"
    return new.encode("latin-1")


def _truncate_mid_line(data: bytes, fraction: float) -> bytes:
    """Cut inside a line (never at a line end), about `fraction` through the file."""
    at = int(len(data) * fraction)
    while at < len(data) and data[at : at + 1] in (b"\n", b"\r"):
        at += 1
    while at > 0 and data[at - 1 : at] in (b"\n", b"\r", b" "):
        at -= 1
    return data[:at]


def _csv_rows(data: bytes) -> tuple[bytes, list[bytes]]:
    lines = _lines(data)
    return lines[0], lines[1:]


def _csv_edit(data: bytes, row: int, column: str, value: str) -> bytes:
    """Set one field of a CSV (no quoted commas in these samples)."""
    header, rows = _csv_rows(data)
    names = header.decode().strip().split(",")
    fields = rows[row].decode().rstrip("\r\n").split(",")
    fields[names.index(column)] = value
    rows[row] = (",".join(fields) + "\n").encode()
    return header + _join(rows)


def _csv_generic(prefix: str, family: str, name: str, data: bytes) -> Iterator[Case]:
    """Mutations every CSV input must survive."""
    header, rows = _csv_rows(data)
    base = f"{prefix}/original"
    yield Case(base, family, {name: data}, "ok")
    yield Case(f"{prefix}/empty file", family, {name: b""}, "error")
    yield Case(f"{prefix}/header only", family, {name: header}, "error")
    yield Case(f"{prefix}/binary garbage", family, {name: _garbage(1)}, "error")
    yield Case(f"{prefix}/utf-16 text", family, {name: data.decode().encode("utf-16")}, "either")
    yield Case(f"{prefix}/rows reversed", family, {name: header + _join(rows[::-1])}, "same", base)
    yield Case(
        f"{prefix}/CRLF line ends", family, {name: data.replace(b"\n", b"\r\n")}, "same", base
    )
    yield Case(f"{prefix}/byte-order mark", family, {name: b"\xef\xbb\xbf" + data}, "same", base)
    yield Case(f"{prefix}/no final line end", family, {name: data.rstrip(b"\r\n")}, "same", base)
    yield Case(
        f"{prefix}/a row twice",
        family,
        {name: header + _join(rows + rows[:1])},
        "error",
        locate="rows",
    )
    yield Case(
        f"{prefix}/truncated mid-row", family, {name: _truncate_mid_line(data, 0.6)}, "either"
    )
    yield Case(
        f"{prefix}/a column dropped",
        family,
        {name: _drop_column(data, header.decode().strip().split(",")[-2])},
        "either",
    )


def _drop_column(data: bytes, column: str) -> bytes:
    frame = _read_csv(data)
    out = io.StringIO()
    frame.drop(columns=column).to_csv(out, index=False)
    return out.getvalue().encode()


def _read_csv(data: bytes):
    import pandas as pd

    return pd.read_csv(io.BytesIO(data), keep_default_na=False, dtype=str)


def _to_parquet(data: bytes, rows: slice | None = None) -> bytes:
    import pandas as pd

    frame = pd.read_csv(io.BytesIO(data))
    if rows is not None:
        frame = frame.iloc[rows]
    out = io.BytesIO()
    frame.to_parquet(out, index=False)
    return out.getvalue()


def _parquet_generic(prefix: str, family: str, name: str, data: bytes) -> Iterator[Case]:
    """The CSV `data` as Parquet (named like the CSV: a league is named after its file)."""
    csv_base = f"{prefix}/original"
    name = Path(name).with_suffix(".parquet").name
    parquet = _to_parquet(data)
    yield Case(f"{prefix}/parquet", family, {name: parquet}, "same", csv_base)
    yield Case(
        f"{prefix}/parquet with no rows", family, {name: _to_parquet(data, slice(0, 0))}, "error"
    )
    yield Case(f"{prefix}/parquet truncated", family, {name: parquet[: len(parquet) // 2]}, "error")
    yield Case(f"{prefix}/parquet garbage", family, {name: _garbage(2)}, "error")


# --- chess ---------------------------------------------------------------------------------------


def _trf_player_lines(data: bytes) -> list[int]:
    return [i for i, line in enumerate(_lines(data)) if line.startswith(b"001")]


def chess_cases() -> Iterator[Case]:
    trf = (DATA / "chess" / "club-spring-2024.trf").read_bytes()
    name = "club.trf"
    base = "trf/original"
    lines = _lines(trf)
    players = _trf_player_lines(trf)
    yield Case(base, "chess", {name: trf}, "ok")
    yield Case("trf/empty file", "chess", {name: b""}, "error")
    yield Case("trf/blank lines only", "chess", {name: b"\n  \n\n"}, "error")
    yield Case("trf/binary garbage", "chess", {name: _garbage(3)}, "error")
    yield Case("trf/no player line", "chess", {name: _join(lines[: players[0]])}, "error")
    yield Case(
        "trf/truncated mid-line",
        "chess",
        {name: _truncate_mid_line(trf, 0.5)},
        "error",
        locate="line",
    )
    dropped = lines[: players[3]] + lines[players[3] + 1 :]
    yield Case("trf/a player line dropped", "chess", {name: _join(dropped)}, "error", locate="line")
    doubled = lines + [lines[players[3]]]
    yield Case("trf/a player line twice", "chess", {name: _join(doubled)}, "error", locate="line")
    swapped = list(lines)
    swapped[players[2]], swapped[players[5]] = swapped[players[5]], swapped[players[2]]
    yield Case("trf/player lines swapped", "chess", {name: _join(swapped)}, "same", base)
    yield Case("trf/CRLF line ends", "chess", {name: trf.replace(b"\n", b"\r\n")}, "same", base)
    yield Case(
        "trf/latin-1 name",
        "chess",
        {name: _sub(trf, r"^(001    1      )Player 1 ", "\\g<1>Müller J ")},
        "same",
        base,
    )
    yield Case(
        "trf/XXR 3000000",
        "chess",
        {name: _sub(trf, r"^XXR 7", "XXR 3000000")},
        "error",
        locate="line",
    )
    yield Case(
        "trf/XXR 99999999",
        "chess",
        {name: _sub(trf, r"^XXR 7", "XXR 99999999")},
        "error",
        locate="line",
    )
    yield Case("trf/XXR 0", "chess", {name: _sub(trf, r"^XXR 7", "XXR 0")}, "error", locate="line")
    yield Case(
        "trf/XXR not a number",
        "chess",
        {name: _sub(trf, r"^XXR 7", "XXR seven")},
        "error",
        locate="line",
    )
    # player 1 meets 27 in round 1: name an opponent who does not exist
    yield Case(
        "trf/unknown opponent",
        "chess",
        {name: _sub(trf, r"^(001    1 .{82})  27 w 1", "\\g<1> 999 w 1")},
        "error",
        locate="line",
    )
    yield Case(
        "trf/opponent 9999",
        "chess",
        {name: _sub(trf, r"^(001    1 .{82})  27 w 1", "\\g<1>9999 w 1")},
        "error",
        locate="line",
    )
    yield Case(
        "trf/unknown result code",
        "chess",
        {name: _sub(trf, r"^(001    1 .{82}  27 w) 1", "\\g<1> Q")},
        "error",
        locate="line",
    )
    yield Case(
        "trf/unknown colour",
        "chess",
        {name: _sub(trf, r"^(001    1 .{82}  27) w 1", "\\g<1> x 1")},
        "error",
        locate="line",
    )
    yield Case(
        "trf/both sides won",
        "chess",
        {name: _sub(trf, r"^(001   27 .{82}   1 b) 0", "\\g<1> 1")},
        "error",
        locate="line",
    )
    yield Case(
        "trf/NUL in a name",
        "chess",
        {name: _sub(trf, r"^(001    2      )Player 2 ", "\\g<1>Play\x00r 2 ")},
        "error",
        locate="line",
    )
    yield Case(
        "trf/rating not a number",
        "chess",
        {name: _sub(trf, r"^(001    1 .*?)2244", "\\g<1>ab44")},
        "error",
        locate="line",
    )
    yield Case(
        "trf/start number 0",
        "chess",
        {name: _sub(trf, r"^001    1 ", "001    0 ")},
        "error",
        locate="line",
    )
    yield Case(
        "trf/a round field cut short",
        "chess",
        {name: _sub(trf, r"^(001    1 .*)     9 w 1\s*$", "\\g<1>     9 w")},
        "error",
        locate="line",
    )
    yield Case(
        "trf/tab in a player line",
        "chess",
        {name: _sub(trf, r"^(001    1 .{82})  27 w 1", "\\g<1>\t27 w 1")},
        "either",
        locate="line",
    )
    yield from _trf_round_cases(trf, name, base)
    yield from _trf_text_cases(trf, name, base)
    yield from _trf_consistency_cases(trf, name, base)
    yield from _trf_2026_cases(trf, name, base)
    yield from _chess_table_cases()


def _trf_round_cases(trf: bytes, name: str, base: str) -> Iterator[Case]:
    """The number of rounds: declared (XXR: planned) and shown by the round blocks."""
    # written after round 7 of 9: the 2 rounds not played are not absences
    yield Case(
        "trf/XXR 9, 7 rounds played", "chess", {name: _sub(trf, r"^XXR 7", "XXR 9")}, "same", base
    )
    yield Case(
        "trf/XXR 5, 7 rounds played",
        "chess",
        {name: _sub(trf, r"^XXR 7", "XXR 5")},
        "error",
        locate="line",
    )
    yield Case(
        "trf/142 and XXR disagree",
        "chess",
        {name: _sub(trf, r"^XXR 7\n", "XXR 7\n142 8\n")},
        "error",
        locate="line",
    )
    yield Case(
        "trf/142 and XXR agree",
        "chess",
        {name: _sub(trf, r"^XXR 7\n", "XXR 7\n142 7\n")},
        "same",
        base,
    )
    no_rounds = re.sub(rb"(?m)^(001.{87}).*$", rb"\1", trf)
    yield Case("trf/no round played", "chess", {name: no_rounds}, "error", locate="line")
    yield Case(
        "trf/no round played, no XXR",
        "chess",
        {name: _sub(no_rounds.decode("latin-1").encode("latin-1"), r"^XXR 7\n", "")},
        "error",
        locate="line",
    )
    # one line with absences beyond the other lines: more rounds than XXR, or than any
    # tournament of 30 players could have
    yield Case(
        "trf/a line with 2 more absence blocks",
        "chess",
        {name: _sub(trf, r"^(001    5 .*\S)\s*$", "\\g<1>  0000 - Z  0000 - Z")},
        "error",
        locate="line",
    )
    yield Case(
        "trf/a line with 600 more absence blocks",
        "chess",
        {name: _sub(trf, r"^(001    5 .*\S)\s*$", "\\g<1>" + "  0000 - Z" * 600)},
        "error",
        locate="line",
    )
    yield Case(
        "trf/a line with 600 more absence blocks, no XXR",
        "chess",
        {
            name: _sub(
                _sub(trf, r"^XXR 7\n", ""), r"^(001    5 .*\S)\s*$", "\\g<1>" + "  0000 - Z" * 600
            )
        },
        "error",
        locate="line",
    )
    yield Case(
        "trf/trailing blanks on a line",
        "chess",
        {name: _sub(trf, r"^(001    5 .*\S)\s*$", "\\g<1>" + " " * 20_000)},
        "same",
        base,
    )


def _named(trf: bytes, name: str, encoding: str) -> bytes:
    """The (ASCII) TRF with player 1 renamed `name`, written in `encoding`."""
    text = trf.decode("ascii").replace("001    1      Player 1 ", f"001    1      {name:<9}", 1)
    return text.encode(encoding)


def _trf_text_cases(trf: bytes, name: str, base: str) -> Iterator[Case]:
    """Encodings, line ends, control characters and tabs."""
    yield Case("trf/UTF-8 name", "chess", {name: _named(trf, "Müller J", "utf-8")}, "same", base)
    yield Case(
        "trf/UTF-8 with a byte-order mark",
        "chess",
        {name: b"\xef\xbb\xbf" + _named(trf, "Łukasz Ż", "utf-8")},
        "same",
        base,
    )
    yield Case(
        "trf/Windows-1252 name", "chess", {name: _named(trf, "Œuvre €", "cp1252")}, "same", base
    )
    yield Case(
        "trf/UTF-16 file",
        "chess",
        {name: trf.decode("latin-1").encode("utf-16")},
        "error",
        locate="line",
    )
    yield Case("trf/CR line ends", "chess", {name: trf.replace(b"\n", b"\r")}, "same", base)
    yield Case("trf/DOS end-of-file mark", "chess", {name: trf + b"\x1a"}, "same", base)
    yield Case(
        "trf/escape character in a record",
        "chess",
        {name: _sub(trf, r"^022 Sample town", "022 Sample \x1b[31mtown")},
        "error",
        locate="line",
    )
    yield Case(
        "trf/NUL in a round block",
        "chess",
        {name: _sub(trf, r"^(001    1 .{82}  27 w) 1", "\\g<1>\x001")},
        "error",
        locate="line",
    )
    yield Case(
        "trf/tab in a record",
        "chess",
        {name: _sub(trf, r"^022 Sample town", "022 Sample\ttown")},
        "same",
        base,
    )
    yield Case(
        "trf/tab in a name",
        "chess",
        {name: _sub(trf, r"^(001    1      )Player 1 ", "\\g<1>Player\t1 ")},
        "same",
        base,
    )
    yield Case(
        "trf/tab before the rating",
        "chess",
        {name: _sub(trf, r"^(001    1 .{38}) 2244", "\\g<1>\t2244")},
        "error",
        locate="line",
    )
    yield Case(
        "trf/comments and blank lines between records",
        "chess",
        {name: _sub(trf, r"^XXR 7\n", "\n### written by hand\nXXR 7\n\n")},
        "same",
        base,
    )
    yield Case(
        "trf/lower-case bye codes",
        "chess",
        {name: re.sub(rb"(?m)(  0000 - )([UZ])", lambda m: m[1] + m[2].lower(), trf)},
        "same",
        base,
    )


def _trf_consistency_cases(trf: bytes, name: str, base: str) -> Iterator[Case]:
    """Lines that do not agree: with each other, or with the published points."""
    lines = _lines(trf)
    players = _trf_player_lines(trf)
    yield Case(
        "trf/truncated at a line end",
        "chess",
        {name: _join(lines[: players[12]])},
        "error",
        locate="line",
    )
    yield Case(
        "trf/player lines reversed",
        "chess",
        {name: _join(lines[: players[0]] + lines[players[0] :][::-1])},
        "same",
        base,
    )
    yield Case(
        "trf/a player paired twice in a round",  # 3 meets 14 in round 1; 27 meets 1
        "chess",
        {name: _sub(trf, r"^(001    3 .{82})  14 w 0", "\\g<1>  27 w 0")},
        "error",
        locate="line",
    )
    yield Case(
        "trf/both players white",
        "chess",
        {name: _sub(trf, r"^(001   27 .{82}   1) b 0", "\\g<1> w 0")},
        "error",
        locate="line",
    )
    yield Case(
        "trf/a win against a draw",
        "chess",
        {name: _sub(trf, r"^(001   27 .{82}   1 b) 0", "\\g<1> =")},
        "error",
        locate="line",
    )
    yield Case(
        "trf/a forfeit against a loss",
        "chess",
        {name: _sub(trf, r"^(001    1 .{82}  27 w) 1", "\\g<1> +")},
        "error",
        locate="line",
    )
    yield Case(
        "trf/published points disagree",
        "chess",
        {name: _sub(trf, r"^(001    1 .{71}) 7\.0", "\\g<1> 6.0")},
        "error",
        locate="line",
    )
    yield Case(
        "trf/published points blank",
        "chess",
        {name: _sub(trf, r"^(001    1 .{71}) 7\.0", "\\g<1>    ")},
        "same",
        base,
    )


def _with_record(trf: bytes, record: str) -> bytes:
    """The TRF with tournament `record` lines added after its XXR record."""
    return _sub(trf, r"^XXR 7\n", "XXR 7\n" + record.replace("\\", "\\\\") + "\n")


def _trf_2026_cases(trf: bytes, name: str, base: str) -> Iterator[Case]:
    """The TRF-2026 records the standings read: 162 (point system), 202/212 (tie-breaks)."""
    no_points = re.sub(rb"(?m)^(001.{77}).{4}", rb"\1    ", trf)  # published points blanked
    cases = [
        ("162 3/1/0, points published for 1/0.5/0", trf, "162  W 3.0    D 1.0    L 0.0", "error"),
        ("162 3/1/0, points blank", no_points, "162  W 3.0    D 1.0    L 0.0", "ok"),
        ("162 the default system", trf, "162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.0", "same"),
        ("162 symbol at column 5", trf, "162 W 1.0    D 0.5    L 0.0", "same"),
        ("162 points not a number", trf, "162  W 1.0    D abc", "error"),
        ("162 a draw worth a win", no_points, "162  W 1.0    D 1.0    L 0.0", "error"),
        ("162 an unknown symbol", trf, "162  W 1.0    Q 0.5", "error"),
        ("162 a negative loss", no_points, "162  W 1.0    D 0.5    L-1.0", "error"),
        ("202 BH/C1,SB", trf, "202 BH/C1,SB", "ok"),
        ("212 PTS,BH/C1,BH,SB: the default order", trf, "212 PTS,BH/C1,BH,SB", "same"),
        ("202 and 212 disagree: 212", trf, "202 SB\n212 PTS,BH/C1,BH,SB", "same"),
        ("202 every 2026 criterion", trf, "202 STD,TPN/R,RTNG/R,AOB/F,REP,DE", "ok"),
        ("202 an unknown tie-break", trf, "202 BH/C1,XYZ,SB", "error"),
        ("202 a team tie-break", trf, "202 EDET/P,BH:MP/C1", "error"),
        ("202 a modifier not supported", trf, "202 KS/L+1", "error"),
        ("202 empty", trf, "202", "error"),
        ("202 twice", trf, "202 BH\n202 SB", "error"),
        ("212 without PTS first", trf, "212 BH/C1,PTS", "error"),
        ("202 a tie-break listed twice", trf, "202 BH,SB,BH", "error"),
    ]
    for label, data, record, expect in cases:
        yield Case(
            f"trf/{label}",
            "chess",
            {name: _with_record(data, record)},
            expect,
            base if expect == "same" else None,
            locate="line",
        )


def _chess_csv() -> bytes:
    """The small Buchholz test tournament as a chess results CSV (one row per player per round)."""
    from tourneystats.trf import read_trf

    data = read_trf(TESTS / "chess" / "buchholz_1.trf")
    out = io.StringIO()
    data.results.to_csv(out, index=False)
    return out.getvalue().encode()


def _chess_table_cases() -> Iterator[Case]:
    data = _chess_csv()
    name = "results.csv"
    yield from _csv_generic("chess csv", "chess", name, data)
    yield from _parquet_generic("chess csv", "chess", name, data)
    frame = _read_csv(data)
    played = frame.index[frame["kind"] == "played"]
    first = int(played[0])
    pair = frame.index[
        (frame["round"] == frame.loc[first, "round"])
        & (frame["player"].isin([frame.loc[first, "player"], frame.loc[first, "opponent"]]))
    ]
    for label, value in (("10", "10"), ("10**8", "100000000"), ("10**15", "1000000000000000")):
        yield Case(
            f"chess csv/one row's round typed {label}",
            "chess",
            {name: _csv_edit(data, first, "round", value)},
            "error",
            locate="rows",
        )
        both = data
        for row in pair:
            both = _csv_edit(both, int(row), "round", value)
        yield Case(
            f"chess csv/a game moved to round {label}",
            "chess",
            {name: both},
            "error",
            locate="rows",
        )
    for column, value in (
        ("round", "0"),
        ("round", "-1"),
        ("round", "1.5"),
        ("points", "2"),
        ("points", "-1"),
        ("points", "abc"),
        ("kind", "xyz"),
        ("colour", "q"),
        ("player", ""),
        ("event", ""),
    ):
        yield Case(
            f"chess csv/{column} {value or 'missing'}",
            "chess",
            {name: _csv_edit(data, first, column, value)},
            "error",
            locate="rows",
        )
    live = data
    for row in pair:
        live = _csv_edit(live, int(row), "points", "")
    yield Case(
        "chess csv/a game in progress (no points on both sides)", "chess", {name: live}, "ok"
    )
    yield Case(
        "chess csv/a game in progress on one side only",
        "chess",
        {name: _csv_edit(data, int(pair[0]), "points", "")},
        "error",
        locate="rows",
    )
    yield Case(
        "chess csv/plays himself",
        "chess",
        {name: _csv_edit(data, first, "opponent", frame.loc[first, "player"])},
        "error",
        locate="rows",
    )
    yield from _chess_round_cases(data, name, frame)


def _frame_csv(frame) -> bytes:
    out = io.StringIO()
    frame.to_csv(out, index=False)
    return out.getvalue().encode()


def _one_bye_each(frame, n: int):
    """`frame` and n more players in its event, player k with a pairing-allocated bye in round
    k (after the rounds of the event) and no other row: rounds 1..n each with a row."""
    import pandas as pd

    last = int(frame["round"].astype(int).max())
    k = pd.RangeIndex(1, n + 1)
    more = pd.DataFrame(
        {
            "event": frame["event"].iloc[0],
            "round": last + k,
            "player": 1000 + k,
            "opponent": "",
            "colour": "",
            "points": "1.0",
            "kind": "pab",
        }
    )
    return pd.concat([frame, more.astype(str)], ignore_index=True)


def _long_and_short(frame, rounds: int, games: int):
    """`frame`, a match of `rounds` draws between two players, and `games` one-round events."""
    import pandas as pd

    r = pd.RangeIndex(1, rounds + 1)
    white = r % 2 == 1
    match = pd.DataFrame(
        {
            "event": "match",
            "round": list(r) * 2,
            "player": [1] * rounds + [2] * rounds,
            "opponent": [2] * rounds + [1] * rounds,
            "colour": list(pd.Series(white).map({True: "w", False: "b"}))
            + list(pd.Series(white).map({True: "b", False: "w"})),
            "points": "0.5",
            "kind": "played",
        }
    )
    g = pd.RangeIndex(games)
    short = pd.DataFrame(
        {
            "event": [f"game{k}" for k in g] * 2,
            "round": 1,
            "player": [1] * games + [2] * games,
            "opponent": [2] * games + [1] * games,
            "colour": ["w"] * games + ["b"] * games,
            "points": ["1.0"] * games + ["0.0"] * games,
            "kind": "played",
        }
    )
    return pd.concat([frame, match.astype(str), short.astype(str)], ignore_index=True)


def _chess_round_cases(data: bytes, name: str, frame) -> Iterator[Case]:
    """The rounds of a chess table: 1..R, each with at least one row."""
    rnd = frame["round"].astype(int)
    last = int(rnd.max())
    yield Case(
        "chess csv/a round's rows all dropped",
        "chess",
        {name: _frame_csv(frame[rnd != 3])},
        "error",
        locate="rows",
    )
    yield Case(
        "chess csv/the last round renumbered",
        "chess",
        {name: _frame_csv(frame.assign(round=rnd.where(rnd != last, last + 2)))},
        "error",
        locate="rows",
    )
    yield Case(
        "chess csv/the last round's rows all dropped",
        "chess",
        {name: _frame_csv(frame[rnd != last])},
        "ok",
    )
    # a round in which nobody played: every row an absence (as in buchholz_1.trf, round 2)
    absent = frame.copy()
    in_round = rnd == 4
    absent.loc[in_round, ["opponent", "colour"]] = ""
    absent.loc[in_round, "points"] = "0.0"
    absent.loc[in_round, "kind"] = "zpb"
    yield Case("chess csv/a round of absences only", "chess", {name: _frame_csv(absent)}, "ok")
    big = str(9_999_999)
    renamed = frame.replace({"player": {"1": big}, "opponent": {"1": big, "1.0": big}})
    yield Case("chess csv/a player id 9999999", "chess", {name: _frame_csv(renamed)}, "ok")
    yield Case(
        "chess csv/round 10**20",
        "chess",
        {name: _csv_edit(data, 0, "round", "100000000000000000000")},
        "error",
        locate="rows",
    )
    yield Case(
        "chess csv/70000 players with one bye each, round k for player k",
        "chess",
        {name: _frame_csv(_one_bye_each(frame, 70_000))},
        "error",
        locate="rows",
    )
    yield Case(
        "chess csv/a 2000-game match beside 100000 one-round games",
        "chess",
        {name: _frame_csv(_long_and_short(frame, 2000, 100_000))},
        "ok",
    )
    yield Case(
        "chess csv/round three",
        "chess",
        {name: _csv_edit(data, 0, "round", "three")},
        "error",
        locate="rows",
    )


# --- cards ---------------------------------------------------------------------------------------


def cards_cases() -> Iterator[Case]:
    data = (TESTS / "cards" / "melee-14643-matches.csv").read_bytes()
    name = "matches.csv"
    yield from _csv_generic("cards", "cards", name, data)
    yield from _parquet_generic("cards", "cards", name, data)
    header, rows = _csv_rows(data)
    yield Case(
        "cards/a row dropped",
        "cards",
        {name: header + _join(rows[:3] + rows[4:])},
        "error",
        locate="rows",
    )
    for column, value in (
        ("wins", "-1"),
        ("wins", "x"),
        ("wins", "1.5"),
        ("wins", "1000000000000"),
        ("round", "0"),
        ("round", "-2"),
        ("round", "1000000000000"),
        ("player", ""),
    ):
        yield Case(
            f"cards/{column} {value or 'missing'}",
            "cards",
            {name: _csv_edit(data, 0, column, value)},
            "error",
            locate="rows",
        )
    frame = _read_csv(data)
    yield Case(
        "cards/plays himself",
        "cards",
        {name: _csv_edit(data, 0, "opponent", frame.loc[0, "player"])},
        "error",
        locate="rows",
    )
    yield Case(
        "cards/games disagree with the opponent's row",
        "cards",
        {name: _csv_edit(data, 0, "wins", "2")},
        "error",
        locate="rows",
    )
    # the last round renumbered: a round-number gap
    last = frame["round"].astype(int).max()
    gap = data.decode().replace(
        f"\n{frame.loc[0, 'event']},{last},", f"\n{frame.loc[0, 'event']},{last + 5},"
    )
    yield Case("cards/a round-number gap", "cards", {name: gap.encode()}, "error", locate="rows")
    yield from _cards_match_cases(data, name)
    yield from _cards_game_cases(data)


def _cards_match_cases(data: bytes, name: str) -> Iterator[Case]:
    """Match level: round numbers, byes, a player in two matches."""
    header, rows = _csv_rows(data)
    frame = _read_csv(data)
    bye = int(frame.index[frame["opponent"] == ""][0])
    first_round = frame["round"] == "1"
    later = frame.assign(round=(frame["round"].astype(int) + 4).astype(str))
    yield Case(
        "cards/rounds numbered from 5 (the later rounds of an event)",
        "cards",
        {name: _cards_frame_csv(later)},
        "same",
        "cards/original",
    )
    yield Case(
        "cards/a middle round missing",
        "cards",
        {name: _cards_frame_csv(frame[frame["round"] != "2"])},
        "error",
        locate="rows",
    )
    yield Case(
        "cards/round 1 typed 10",
        "cards",
        {name: _cards_frame_csv(frame.assign(round=frame["round"].where(~first_round, "10")))},
        "error",
        locate="rows",
    )
    yield Case(
        "cards/a bye with missing counts",
        "cards",
        {name: _csv_edit(_csv_edit(data, bye, "wins", ""), bye, "losses", "")},
        "same",
        "cards/original",
    )
    yield Case(
        "cards/a bye with a negative count",
        "cards",
        {name: _csv_edit(data, bye, "losses", "-1")},
        "error",
        locate="rows",
    )
    # player 0 also listed against another player of round 1 (a second match in that round)
    other = frame.loc[first_round & ~frame["player"].isin(frame.loc[0, ["player", "opponent"]])]
    extra = rows[0].decode().replace(frame.loc[0, "opponent"], other["player"].iloc[0])
    yield Case(
        "cards/a player in two matches of one round",
        "cards",
        {name: header + _join(rows + [extra.encode()])},
        "error",
        locate="rows",
    )


def _cards_frame_csv(frame) -> bytes:
    return frame.to_csv(index=False).encode()


def _cards_game_cases(data: bytes) -> Iterator[Case]:
    """Game level (``game, result`` W/L/D), made from the match-level sample."""
    import pandas as pd

    from tourneystats.cards import matches_to_games

    games = matches_to_games(pd.read_csv(io.BytesIO(data))).astype({"result": object})
    name = "games.csv"
    yield Case(
        "cards/game level", "cards", {name: _cards_frame_csv(games)}, "same", "cards/original"
    )
    played = games.index[games["game"].notna()]
    a = played[0]  # the first game of the first match, from its first player's side
    mirror = games.index[
        (games["round"] == games.loc[a, "round"])
        & (games["player"] == games.loc[a, "opponent"])
        & (games["game"] == games.loc[a, "game"])
    ][0]
    match = games.index[
        (games["round"] == games.loc[a, "round"]) & (games["player"] == games.loc[a, "player"])
    ]
    bye = games.index[games["opponent"].isna()][0]
    third = games.loc[
        (games["round"] == games.loc[a, "round"])
        & ~games["player"].isin([games.loc[a, "player"], games.loc[a, "opponent"]]),
        "player",
    ].iloc[0]
    swapped = games.copy()
    swapped.loc[match, "result"] = swapped.loc[match[::-1], "result"].to_numpy()
    mutations = {
        "a game listed twice": (pd.concat([games, games.loc[[a]]]), "error"),
        "a result that is not W/L/D": (
            games.assign(result=games["result"].mask(games.index == a, "X")),
            "error",
        ),
        "both sides win a game": (
            games.assign(
                result=games["result"].mask(games.index == mirror, games.loc[a, "result"])
            ),
            "error",
        ),
        "one side's games in another order": (swapped, "error"),
        "a game of one side missing": (games.drop(index=a), "error"),
        "a match from one side only": (games.drop(index=match), "error"),
        "a player in two matches of one round": (
            pd.concat([games, games.loc[match].assign(opponent=third)]),
            "error",
        ),
        "game numbers from 0": (games.assign(game=games["game"] - 1), "error"),
        "a game numbered 9": (games.assign(game=games["game"].mask(games.index == a, 9)), "error"),
        "a bye numbered 0": (games.assign(game=games["game"].mask(games.index == bye, 0)), "error"),
        "results in lower case": (games.assign(result=games["result"].str.lower()), "same"),
        "a bye with a game and a result (not used)": (
            games.assign(
                game=games["game"].mask(games.index == bye, 1),
                result=games["result"].mask(games.index == bye, "L"),
            ),
            "same",
        ),
    }
    for label, (frame, expect) in mutations.items():
        yield Case(
            f"cards/game level: {label}",
            "cards",
            {name: _cards_frame_csv(frame)},
            expect,
            "cards/original" if expect == "same" else None,
            locate="rows",
        )


# --- bridge --------------------------------------------------------------------------------------


def _bridge_csv() -> bytes:
    return (DATA / "bridge" / "club-2024-01-03.csv").read_bytes()


def _pbn_pairs(data: bytes) -> bytes:
    """A pairs PBN (one game per board, results in a ScoreTable) of a traveller CSV."""
    import pandas as pd

    frame = pd.read_csv(io.BytesIO(data), dtype=str, keep_default_na=False)
    frame = frame[frame["artificial"] == ""]
    out = ["% PBN 2.1\n", "% EXPORT\n"]
    for board, rows in frame.groupby(frame["board"].astype(int), sort=True):
        out += [
            '[Event "Club"]\n',
            '[Date "2024.01.03"]\n',
            f'[Board "{board}"]\n',
            '[Scoring "MP"]\n',
            '[ScoreTable "PairId_NS\\4R;PairId_EW\\4R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R"]\n',
        ]
        for r in rows.itertuples():
            contract = r.contract or "Pass"
            result = "-" if contract == "Pass" else r.tricks
            declarer = "-" if contract == "Pass" else r.declarer
            out.append(
                f"{r.ns_pair:>4} {r.ew_pair:>4} {contract:<5} {declarer} {result:>2} {r.ns_score:>6}\n"
            )
        out.append("\n")
    return "".join(out).encode()


def bridge_cases() -> Iterator[Case]:
    data = _bridge_csv()
    name = "session.csv"
    yield from _csv_generic("bridge csv", "bridge", name, data)
    yield from _parquet_generic("bridge csv", "bridge", name, data)
    frame = _read_csv(data)
    real = frame.index[(frame["artificial"] == "") & (frame["contract"].str.contains("NT"))]
    row = int(real[0])
    other = frame.index[(frame["board"] == frame.loc[row, "board"]) & (frame.index != row)]
    for label, column, value in (
        ("pair plays itself", "ew_pair", frame.loc[row, "ns_pair"]),
        ("pair sits NS and EW on a board", "ew_pair", frame.loc[int(other[0]), "ns_pair"]),
        ("tricks 14", "tricks", "14"),
        ("tricks -1", "tricks", "-1"),
        ("declarer X", "declarer", "X"),
        ("board 0", "board", "0"),
        ("board -3", "board", "-3"),
        ("unknown artificial code", "artificial", "A9999"),
        ("score not a multiple of 10", "ns_score", "425"),
        ("score disagrees with the contract", "ns_score", "990"),
        ("contract 8NT", "contract", "8NT"),
        ("contract 3NTXXX", "contract", "3NTXXX"),
    ):
        yield Case(
            f"bridge csv/{label}",
            "bridge",
            {name: _csv_edit(data, row, column, value)},
            "error",
            locate="rows",
        )
    yield Case(
        "bridge csv/passed-out board",
        "bridge",
        {
            name: _csv_edit(
                _csv_edit(
                    _csv_edit(_csv_edit(data, row, "contract", "Pass"), row, "declarer", ""),
                    row,
                    "tricks",
                    "",
                ),
                row,
                "ns_score",
                "0",
            )
        },
        "ok",
    )
    yield from _bridge_csv_play_cases(data, frame, name)
    yield from _pbn_pairs_cases(data)
    yield from _pbn_teams_cases()
    yield from _usebio_cases()
    mixed = {
        "session.csv": data,
        "teams.pbn": (TESTS / "bridge" / "pbn-teams-imps.pbn").read_bytes(),
    }
    yield Case("bridge folder/pairs and teams mixed", "bridge", mixed, "either")


def _with_column(frame, column: str, values) -> bytes:
    out = io.StringIO()
    frame.assign(**{column: values}).to_csv(out, index=False)
    return out.getvalue().encode()


def _bridge_csv_play_cases(data: bytes, frame, name: str) -> Iterator[Case]:
    """A traveller CSV's vulnerability, adjusted and artificial scores."""
    base = "bridge csv/original"
    standard = "None NS EW All NS EW All None EW All None NS All None NS EW".split()
    vul = [standard[(int(b) - 1) % 16] for b in frame["board"]]
    yield Case(
        "bridge csv/vulnerable column as the boards'",
        "bridge",
        {name: _with_column(frame, "vulnerable", vul)},
        "same",
        base,
    )
    yield Case(
        "bridge csv/vulnerable column contradicts the scores",
        "bridge",
        {name: _with_column(frame, "vulnerable", "All")},
        "error",
        locate="rows",
    )
    row = int(frame.index[frame["artificial"] == ""][0])
    adjusted = frame.assign(adjusted=False)
    adjusted.loc[row, ["ns_score", "adjusted"]] = ["435", True]  # a weighted score (Law 12C1c)
    yield Case(
        "bridge csv/weighted score marked adjusted",
        "bridge",
        {name: _with_column(adjusted, "adjusted", adjusted["adjusted"])},
        "ok",
    )
    art = int(frame.index[frame["artificial"] != ""][0])
    for label, code, expect in (("A5545", "A5545", "ok"), ("A3030", "A3030", "error")):
        yield Case(
            f"bridge csv/artificial {label}",
            "bridge",
            {name: _csv_edit(data, art, "artificial", code)},
            expect,
            locate="rows",
        )


def _pbn_pairs_cases(data: bytes) -> Iterator[Case]:
    pbn = _pbn_pairs(data)
    name = "session.pbn"
    base = "pbn pairs/original"
    yield Case(base, "bridge", {name: pbn}, "ok")
    yield Case("pbn pairs/empty file", "bridge", {name: b""}, "error")
    yield Case(
        "pbn pairs/header comments only", "bridge", {name: b"% PBN 2.1\n% EXPORT\n"}, "error"
    )
    yield Case("pbn pairs/binary garbage", "bridge", {name: _garbage(4)}, "error")
    yield Case(
        "pbn pairs/truncated mid-line",
        "bridge",
        {name: _truncate_mid_line(pbn, 0.5)},
        "error",
        locate="line",
    )
    yield Case(
        "pbn pairs/a game without [Board]",
        "bridge",
        {name: _sub(pbn, r'^\[Board "2"\]\n', "")},
        "error",
        locate="line",
    )
    yield Case(
        "pbn pairs/Score_NS not a number",
        "bridge",
        {name: _sub(pbn, r"^(\s*\S+\s+\S+\s+\S+\s+\S+\s+\S+\s+)(-?\d+)$", "\\g<1>abc")},
        "error",
        locate="line",
    )
    yield Case(
        "pbn pairs/a result row with a column missing",
        "bridge",
        {name: _sub(pbn, r"^(\s*\S+\s+\S+\s+\S+\s+\S+\s+\S+)\s+(-?\d+)$", "\\g<1>")},
        "error",
        locate="line",
    )
    yield Case(
        "pbn pairs/contract 8NT",
        "bridge",
        {name: _sub(pbn, r"^(\s*\S+\s+\S+\s+)3NT  ", "\\g<1>8NT  ")},
        "error",
        locate="line",
    )
    yield Case(
        "pbn pairs/board 0",
        "bridge",
        {name: _sub(pbn, r'^\[Board "1"\]', '[Board "0"]')},
        "error",
        locate="line",
    )
    yield Case(
        "pbn pairs/board 99999999",
        "bridge",
        {name: _sub(pbn, r'^\[Board "1"\]', '[Board "99999999"]')},
        "either",
        locate="line",
    )
    yield Case(
        "pbn pairs/unknown [Scoring]",
        "bridge",
        {name: _sub(pbn, r'^\[Scoring "MP"\]', '[Scoring "Zonk"]')},
        "either",
        locate="line",
    )
    yield Case(
        "pbn pairs/CRLF line ends", "bridge", {name: pbn.replace(b"\n", b"\r\n")}, "same", base
    )
    yield from _pbn_pairs_play_cases(pbn, name, base)


def _pbn_pairs_play_cases(pbn: bytes, name: str, base: str) -> Iterator[Case]:
    """Results of a pairs PBN that are inconsistent, unknown or duplicated."""
    first = r"^(P007 P010 3NT   )S 10    430$"  # board 1, first result (3NT+1 by S, 430)
    for label, repl, expect, locate in (
        ("score disagrees with the contract", r"\g<1>S 10    990", "error", "line"),
        ("score not a multiple of 10", r"\g<1>S 10    435", "error", "line"),
        ("tricks 14", r"\g<1>S 14    430", "error", "line"),
        ("declarer X", r"\g<1>X 10    430", "error", "line"),
        ("artificial A9999", r"\g<1>S 10  A9999", "error", "rows"),
        ("unknown result and score", r"\g<1>S  ?      ?", "error", "line"),
        ("unknown result, score given", r"\g<1>S  ?    430", "same", "file"),
        ("score left out (computed)", r"\g<1>S 10      -", "same", "file"),
    ):
        yield Case(
            f"pbn pairs/{label}",
            "bridge",
            {name: _sub(pbn, first, repl)},
            expect,
            base if expect == "same" else None,
            locate=locate,
        )
    second = r"^P005 P015 (3D    S 11    150)$"  # board 1, second result
    for label, repl in (
        ("a pair twice on a board", r"P007 P015 \g<1>"),
        ("a pair on both sides of a board", r"P005 P007 \g<1>"),
        ("a pair plays itself", r"P005 P005 \g<1>"),
    ):
        yield Case(
            f"pbn pairs/{label}", "bridge", {name: _sub(pbn, second, repl)}, "error", locate="rows"
        )
    games = re.split(rb"\n(?=\[Event )", pbn)
    yield Case(
        "pbn pairs/a game twice",
        "bridge",
        {name: b"\n".join(games + games[1:2])},
        "error",
        locate="rows",
    )
    yield Case(
        "pbn pairs/[Vulnerable] as the board's",
        "bridge",
        {name: _sub(pbn, r'^(\[Board "1"\]\n)', '\\g<1>[Vulnerable "None"]\n')},
        "same",
        base,
    )
    yield Case(
        "pbn pairs/[Vulnerable] contradicts the scores",
        "bridge",
        {name: _sub(pbn, r'^(\[Board "1"\]\n)', '\\g<1>[Vulnerable "All"]\n')},
        "error",
        locate="line",
    )
    yield Case(
        "pbn pairs/a stray }",
        "bridge",
        {name: _sub(pbn, r'^(\[Board "2"\]\n)', "\\g<1>}\n")},
        "error",
        locate="line",
    )
    hand = b'% PBN 2.1\n[Event "Hands"]\n[Board "1"]\n[Contract ""]\n[Result ""]\n\n[Board "2"]\n'
    yield Case("pbn pairs/hand records only", "bridge", {name: hand}, "error")
    yield Case(
        "pbn pairs/truncated at a line end",
        "bridge",
        {name: pbn[: pbn.rfind(b"\n", 0, len(pbn) // 2) + 1]},
        "either",
        locate="line",
    )


def _pbn_teams_cases() -> Iterator[Case]:
    pbn = (TESTS / "bridge" / "pbn-teams-imps.pbn").read_bytes()
    name = "teams.pbn"
    base = "pbn teams/original"
    yield Case(base, "bridge", {name: pbn}, "ok")
    yield Case(
        "pbn teams/a game without [Board]",
        "bridge",
        {name: _sub(pbn, r'^\[Board "1[0-9]"\]\n', "", count=1)},
        "error",
        locate="line",
    )
    yield Case(
        "pbn teams/a game without [Contract]",
        "bridge",
        {name: _sub(pbn, r'^\[Contract "[^"]*"\]\n', "", count=1)},
        "error",
        locate="line",
    )
    yield Case(
        'pbn teams/[Score "NS abc"]',
        "bridge",
        {name: _sub(pbn, r'^\[Score "NS -?\d+"\]', '[Score "NS abc"]')},
        "error",
        locate="line",
    )
    yield Case(
        "pbn teams/truncated mid-line",
        "bridge",
        {name: _truncate_mid_line(pbn, 0.7)},
        "error",
        locate="line",
    )
    games = re.split(rb"\n(?=\[Event )", pbn)
    yield Case(
        "pbn teams/a game twice",
        "bridge",
        {name: b"\n".join(games + games[3:4])},
        "error",
        locate="rows",
    )
    third = _sub(games[1], r'^\[Table "[^"]*"\]', '[Table "99"]')
    yield Case(
        "pbn teams/a match with three tables",
        "bridge",
        {name: b"\n".join([*games, third])},
        "error",
        locate="rows",
    )
    yield from _pbn_teams_play_cases(pbn, name, base)


def _pbn_teams_play_cases(pbn: bytes, name: str, base: str) -> Iterator[Case]:
    """Table results of a team PBN that are inconsistent, unknown or left out.

    The second game (1NT by N, Result 8, Score NS 120) holds the first of each tag below."""
    score, result = r'^\[Score "NS 120"\]', r'^\[Result "8"\]'
    for label, mutations, expect in (
        ("[Score] disagrees with the contract", [(score, '[Score "NS 990"]')], "error"),
        ("[Score] not a whole number", [(score, '[Score "NS 120.5"]')], "error"),
        ("[Score] left out (computed)", [(score + r"\n", "")], "same"),
        ("[Result] unknown, [Score] given", [(result, '[Result "?"]')], "same"),
        (
            "[Result] and [Score] unknown",
            [(result, '[Result "?"]'), (score, '[Score "?"]')],
            "error",
        ),
        ("[Declarer] unknown", [(r'^\[Declarer "N"\]', '[Declarer "?"]')], "same"),
        ("a stray }", [(score, '[Score "NS 120"] }')], "error"),
        (
            "a hand record among the games",
            [(r"\A", '[Event "Hands"]\n[Board "1"]\n[Contract ""]\n[Result ""]\n\n')],
            "same",
        ),
    ):
        text = pbn
        for pattern, repl in mutations:
            text = _sub(text, pattern, repl)
        yield Case(
            f"pbn teams/{label}",
            "bridge",
            {name: text},
            expect,
            base if expect == "same" else None,
            locate="line",
        )


def _usebio_cases() -> Iterator[Case]:
    xml = (TESTS / "bridge" / "usebio-mp-pairs-howell.xml").read_bytes()
    name = "session.xml"
    yield Case("usebio/original", "bridge", {name: xml}, "ok")
    yield Case("usebio/empty file", "bridge", {name: b""}, "error")
    yield Case("usebio/binary garbage", "bridge", {name: _garbage(5)}, "error")
    yield Case("usebio/truncated", "bridge", {name: xml[: len(xml) // 2]}, "error", locate="line")
    no_boards = re.sub(rb"<BOARD\b[^>]*>.*?</BOARD>\s*", b"", xml, flags=re.S)
    yield Case("usebio/no boards", "bridge", {name: no_boards}, "error")
    laughs = (
        b'<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
        b'<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">'
        b'<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>\n'
        b'<USEBIO Version="1.2"><EVENT>&lol3;</EVENT></USEBIO>\n'
    )
    yield Case("usebio/entity expansion", "bridge", {name: laughs}, "error")
    for label, pattern, repl in (
        ("score not a multiple of 10", r"<SCORE>(-?\d+)0</SCORE>", r"<SCORE>\g<1>5</SCORE>"),
        ("declarer X", r"<PLAYED_BY>[NESW]</PLAYED_BY>", "<PLAYED_BY>X</PLAYED_BY>"),
        ("board 0", r"<BOARD_NUMBER>1</BOARD_NUMBER>", "<BOARD_NUMBER>0</BOARD_NUMBER>"),
        ("tricks 14", r"<TRICKS>\d+</TRICKS>", "<TRICKS>14</TRICKS>"),
        ("unknown artificial code", r"<SCORE>A5050</SCORE>", "<SCORE>A9999</SCORE>"),
    ):
        if re.search(pattern.encode(), xml):
            yield Case(
                f"usebio/{label}",
                "bridge",
                {name: _sub(xml, pattern, repl)},
                "error",
                locate="rows",
            )
    yield from _usebio_more_cases(xml, name)


def _usebio_more_cases(xml: bytes, name: str) -> Iterator[Case]:
    """Missing elements, duplicates and inconsistent results in a USEBIO Howell session.

    Board 1's first line is NS 3 v EW 11, 5C by W making 11, -400; its second NS 5 v EW 2."""
    base = "usebio/original"
    for label, pattern, repl, expect, locate in (
        ("a line without SCORE", r"<SCORE>-400</SCORE>", "", "error", "line"),
        ("a line without EW_PAIR_NUMBER", r"<EW_PAIR_NUMBER>11</EW_PAIR_NUMBER>", "", "error", "line"),
        ("a BOARD without BOARD_NUMBER", r"<BOARD_NUMBER>1</BOARD_NUMBER>", "", "error", "line"),
        ("score disagrees with the contract", r"<SCORE>-400</SCORE>", "<SCORE>-600</SCORE>", "error", "line"),
        ("contract 8NT", r"<CONTRACT>5C</CONTRACT>", "<CONTRACT>8NT</CONTRACT>", "error", "line"),
        ("a pair plays itself", r"<EW_PAIR_NUMBER>11<", "<EW_PAIR_NUMBER>3<", "error", "line"),
        ("a pair on both sides of a board", r"<EW_PAIR_NUMBER>2<", "<EW_PAIR_NUMBER>3<", "error", "line"),
        ("artificial written A50/50", r"<SCORE>A5050</SCORE>", "<SCORE>A50/50</SCORE>", "same", "file"),
        ("no EVENT", r"<EVENT\b.*</EVENT>", "", "error", "file"),
    ):  # fmt: skip
        yield Case(
            f"usebio/{label}",
            "bridge",
            {name: _sub(xml, pattern, repl, flags=re.S)},
            expect,
            base if expect == "same" else None,
            locate=locate,
        )
    board = re.search(rb"<BOARD\b[^>]*>.*?</BOARD>\s*", xml, flags=re.S)
    yield Case(
        "usebio/a BOARD twice",
        "bridge",
        {name: xml[: board.end()] + board.group(0) + xml[board.end() :]},
        "error",
        locate="rows",
    )
    yield Case(
        "usebio/truncated mid-element",
        "bridge",
        {name: xml[: xml.index(b"<SCORE>", len(xml) // 3) + 5]},
        "error",
        locate="line",
    )


# --- league --------------------------------------------------------------------------------------


def league_cases() -> Iterator[Case]:
    data = (DATA / "league" / "worked-example.csv").read_bytes()
    name = "league.csv"
    yield from _csv_generic("league", "league", name, data)
    yield from _parquet_generic("league", "league", name, data)
    for column, value in (
        ("round", "0"),
        ("round", "-1"),
        ("round", "1000000000"),
        ("points", "-3"),
        ("points", "x"),
        ("target", "0"),
        ("target", "-24"),
        ("target", "1000000"),
        ("date", "not a date"),
        ("date", "10.01.2024"),
        ("date", "45301"),
        ("date", "20241310"),
        ("player", ""),
    ):
        yield Case(
            f"league/{column} {value or 'missing'}",
            "league",
            {name: _csv_edit(data, 0, column, value)},
            "error",
            locate="rows",
        )
    yield Case(
        "league/points over the target",
        "league",
        {name: _csv_edit(data, 0, "points", "99")},
        "error",
        locate="rows",
    )
    # ISO 8601 basic form (YYYYMMDD) is the same date, typed as text or as a number
    yield Case(
        "league/date 20240110",
        "league",
        {name: _csv_edit(data, 0, "date", "20240110")},
        "same",
        "league/original",
    )
    yield from _league_date_cases(data, name)
    yield from _league_match_cases(data, name)
    yield from _league_season_cases()


def _league_csv(frame) -> bytes:
    return frame.to_csv(index=False).encode()


def _league_date_cases(data: bytes, name: str) -> Iterator[Case]:
    """Whole date columns in other forms: the same dates, or refused."""
    frame = _read_csv(data)
    iso = frame["date"]
    for label, dates, expect in (
        ("all dates YYYYMMDD (a number column)", iso.str.replace("-", ""), "same"),
        ("dates written 2024/01/10", iso.str.replace("-", "/"), "same"),
        ("dates with a time of day", iso + " 19:00", "same"),
        ("dates written 10.01.2024", iso.str[8:] + "." + iso.str[5:7] + "." + iso.str[:4], "error"),
        ("dates written 1/10/2024", iso.str[5:7] + "/" + iso.str[8:] + "/" + iso.str[:4], "error"),
        (
            "dates as Excel day numbers",
            iso.map({"2024-01-10": "45301", "2024-01-17": "45308", "2024-01-24": "45315"}),
            "error",
        ),  # fmt: skip
        ("dates in the year 2500", iso.str.replace("2024", "2500"), "error"),
    ):
        yield Case(
            f"league/{label}",
            "league",
            {name: _league_csv(frame.assign(date=dates))},
            expect,
            "league/original" if expect == "same" else None,
            locate="rows",
        )
    yield Case(
        "league/a tournament with two dates",
        "league",
        {name: _csv_edit(data, 0, "date", "2024-01-11")},
        "error",
        locate="rows",
    )
    second = frame["tournament"] != frame.loc[0, "tournament"]
    second &= frame["round"] != ""
    yield Case(
        "league/two evenings with one tournament id",
        "league",
        {
            name: _league_csv(
                frame.assign(
                    tournament=frame["tournament"].mask(second, frame.loc[0, "tournament"])
                )
            )
        },
        "error",
        locate="rows",
    )


def _league_match_cases(data: bytes, name: str) -> Iterator[Case]:
    """Rounds, teams and points of the matches of the worked example."""
    frame = _read_csv(data)
    first = frame["tournament"] == frame.loc[0, "tournament"]
    round_1 = first & (frame["round"] == "1")
    team_b = round_1 & (frame["team"] == "B")
    final = frame.index[frame["round"] == ""]
    mutations = {
        "round 1 of an evening typed 10": frame.assign(round=frame["round"].mask(round_1, "10")),
        "a middle round missing": frame[~(first & (frame["round"] == "3"))],
        "rounds numbered from 2": frame.assign(
            round=frame["round"].mask(first, (frame["round"][first].astype(int) + 1).astype(str))
        ),
        "a player in both teams of a match": frame.assign(
            player=frame["player"].mask(team_b.cumsum().eq(1) & team_b, frame.loc[0, "player"])
        ),
        "a match with three teams": frame.assign(team=frame["team"].mask(frame.index == 0, "C")),
        "a team of one against two": frame.drop(index=0),
        "points that do not add up to the target": frame.assign(
            points=frame["points"].mask(team_b, "8")
        ),
        "a team above the target": frame.assign(
            points=frame["points"].mask(round_1 & (frame["team"] == "A"), "30")
        ),
        "two targets in a match": frame.assign(target=frame["target"].mask(team_b, "25")),
        "a final score twice": _league_concat(frame, frame.loc[[final[0]]]),
        "a final score of 10**18": frame.assign(
            points=frame["points"].mask(frame.index == final[0], str(10**18))
        ),
        "a final-score row given a round": frame.assign(
            round=frame["round"].mask(frame.index == final[0], "1")
        ),
        "a final score and rounds for one player": _league_concat(
            frame,
            frame.loc[[final[0]]].assign(
                tournament=frame.loc[0, "tournament"], date=frame.loc[0, "date"]
            ),  # fmt: skip
        ),
    }
    for label, mutated in mutations.items():
        yield Case(
            f"league/{label}", "league", {name: _league_csv(mutated)}, "error", locate="rows"
        )


def _league_concat(*frames):
    import pandas as pd

    return pd.concat(frames, ignore_index=True)


def _league_season_cases() -> Iterator[Case]:
    """The synthetic two-season sample (courts, sit-outs, final-score evenings)."""
    data = (DATA / "league" / "kvallsligan.csv").read_bytes()
    name = "kvallsligan.csv"
    frame = _read_csv(data)
    yield Case("league/seasons", "league", {name: data}, "ok")
    header, rows = _csv_rows(data)
    yield Case(
        "league/seasons rows reversed",
        "league",
        {name: header + _join(rows[::-1])},
        "same",
        "league/seasons",
    )
    match = (frame["tournament"] == frame.loc[0, "tournament"]) & (frame["round"] == "1")
    other_court = frame.index[match & (frame["match"] != frame.loc[0, "match"])][0]
    yield Case(
        "league/seasons a player in two matches of a round",
        "league",
        {
            name: _league_csv(
                _league_concat(
                    frame, frame.loc[[other_court]].assign(player=frame.loc[0, "player"])
                )
            )
        },  # fmt: skip
        "error",
        locate="rows",
    )
    yield Case(
        "league/seasons a court's match id typed as another's",
        "league",
        {
            name: _league_csv(
                frame.assign(
                    match=frame["match"].mask(frame.index == other_court, frame.loc[0, "match"])
                )
            )
        },  # fmt: skip
        "error",
        locate="rows",
    )
    last = frame["tournament"] == frame.loc[frame["round"] != "", "tournament"].iloc[-1]
    yield Case(
        "league/seasons a whole round missing",
        "league",
        {name: _league_csv(frame[~(last & (frame["round"] == "2"))])},
        "error",
        locate="rows",
    )


CASES: list[Callable[[], Iterator[Case]]] = [chess_cases, cards_cases, bridge_cases, league_cases]


def all_cases() -> list[Case]:
    cases = [case for make in CASES for case in make()]
    names = [c.name for c in cases]
    assert len(names) == len(set(names)), "case names must be unique"
    return cases


# --- chess: PGN ----------------------------------------------------------------------------------


def pgn_cases() -> Iterator[Case]:
    """Mutations of a real tags-only PGN (FIDE Women's World Rapid 2024, 605 games)."""
    pgn = (TESTS / "chess" / "pgn" / "FWWRC.pgn").read_bytes()
    name = "fwwrc.pgn"
    base = "pgn/original"
    games = pgn.rstrip(b"\n").split(b"\n\n")
    yield Case(base, "chess", {name: pgn}, "ok")
    yield Case("pgn/empty file", "chess", {name: b""}, "error")
    yield Case("pgn/blank lines only", "chess", {name: b"\n  \n\n"}, "error")
    yield Case("pgn/binary garbage", "chess", {name: _garbage(17)}, "error")
    yield Case("pgn/movetext only", "chess", {name: b"1. e4 e5 2. Nf3 1-0\n\n"}, "error")
    utf16 = pgn.decode("utf-8").encode("utf-16")
    yield Case("pgn/utf-16 text", "chess", {name: utf16}, "error", locate="line")
    truncated = _truncate_mid_line(pgn, 0.5)
    yield Case("pgn/truncated mid-line", "chess", {name: truncated}, "error", locate="line")
    cut = pgn.index(b"\n", pgn.index(b'[Round "6.1"]')) + 1  # a game cut after its Round
    yield Case("pgn/truncated between tags", "chess", {name: pgn[:cut]}, "error", locate="line")
    edits = {
        "no closing bracket": (r'^(\[White "Lei, Tingjie")\]', r"\1"),
        "no quotes": (r'^\[White "Lei, Tingjie"\]', "[White Lei]"),
        "no White tag": (r'^\[White "Lei, Tingjie"\]\n', ""),
        "no Black tag": (r'^\[Black "Ju, Wenjun"\]\n', ""),
        "no Result tag": (r'^\[Result "0-1"\]\n', ""),
        "no Round tag": (r'^\[Round "1\.2"\]\n', ""),
        "unknown result": (r'^\[Result "0-1"\]', '[Result "1-1"]'),
        "Round ?": (r'^\[Round "1\.2"\]', '[Round "?"]'),
        "Round 99999999": (r'^\[Round "1\.2"\]', '[Round "99999999.2"]'),
        "Elo not a number": (r'^\[WhiteElo "2289"\]', '[WhiteElo "2289?"]'),
        "a tag twice": (r'^(\[Result "0-1"\]\n)', r"\1\1"),
        "a player paired twice": (r'^\[WhiteFideId "8605114"\]', '[WhiteFideId "13601431"]'),
        "a game against oneself": (r'^\[BlackFideId "8603006"\]', '[BlackFideId "13601431"]'),
        "a NUL byte": (r'^\[ECO "E54"\]', '[ECO "E\x0054"]'),
    }
    for label, (pattern, repl) in edits.items():
        mutated = _sub(pgn, pattern, repl)
        yield Case(f"pgn/{label}", "chess", {name: mutated}, "error", locate="line")
    every = _sub(pgn, r'^\[Round "[^"]*"\]', '[Round "-"]', count=0)
    yield Case("pgn/every Round -", "chess", {name: every}, "error", locate="line")
    twice = pgn.rstrip(b"\n") + b"\n\n" + games[0] + b"\n"
    yield Case("pgn/a game twice", "chess", {name: twice}, "error", locate="line")
    yield Case("pgn/CRLF line ends", "chess", {name: pgn.replace(b"\n", b"\r\n")}, "same", base)
    yield Case("pgn/byte-order mark", "chess", {name: b"\xef\xbb\xbf" + pgn}, "same", base)
    yield Case("pgn/no final line end", "chess", {name: pgn.rstrip(b"\n")}, "same", base)
    reversed_ = b"\n\n".join(games[::-1]) + b"\n"
    yield Case("pgn/games reversed", "chess", {name: reversed_}, "same", base)
    moves = b'\n1. e4 { a [comment]\n[%clk 0:01]\n\n[Event "x"] } e5 ; {\n% escape\n*'
    annotated = b"\n\n".join(g + b"\n" + moves for g in games) + b"\n"
    yield Case("pgn/movetext with comments", "chess", {name: annotated}, "same", base)
    half = len(games) // 2
    split = {
        "a.pgn": b"\n\n".join(games[:half]) + b"\n",
        "b.pgn": b"\n\n".join(games[half:]) + b"\n",
    }
    yield Case("pgn/split over two files", "chess", split, "same", base)
    cp1252 = pgn.decode("utf-8").encode("cp1252", errors="replace")
    yield Case("pgn/windows-1252", "chess", {name: cp1252}, "ok")
    live = _sub(pgn, r'^\[Result "0-1"\]', '[Result "*"]')
    yield Case("pgn/a game in progress", "chess", {name: live}, "ok")
    double = _sub(pgn, r'^\[Result "0-1"\]', '[Result "0-0"]')
    yield Case("pgn/a double forfeit", "chess", {name: double}, "ok")
    unplayed = _sub(pgn, r'^(\[Result "0-1"\]\n)', '\\1[Termination "Unplayed"]\n')
    yield Case("pgn/an unplayed game", "chess", {name: unplayed}, "ok")


CASES.append(pgn_cases)


# --- cards: MTG archive JSON and Pokémon TOM files -----------------------------------------------


def cards_file_cases() -> Iterator[Case]:
    """Mutations of a real MTGODecklistCache JSON file (melee.gg, 27 players, 5 rounds, byes and
    intentional draws listed twice) and of a re-written real TOM export (one pod, a bye, a tie,
    5 drops): JSON errors name the file (and the JSON path), TOM errors the file and the line."""
    yield from _cards_json_cases()
    yield from _cards_tom_cases()


def _json_edit(data: bytes, edit: Callable[[dict], object]) -> bytes:
    import json

    document = json.loads(data)
    edit(document)
    return json.dumps(document, indent=1).encode()


def _cards_json_cases() -> Iterator[Case]:
    data = (
        TESTS / "cards" / "mtgjson" / "sfida-dei-campioni-pauper-61438-2024-02-18.json"
    ).read_bytes()
    name, base = "event.json", "cards-json/original"
    yield Case(base, "cards", {name: data}, "ok")
    r0 = lambda d: d["Rounds"][0]["Matches"]  # noqa: E731
    first = {"Player1": "P001", "Player2": "P099", "Result": "2-0-0"}
    errors = {
        "truncated mid-file": _truncate_mid_line(data, 0.6),
        "truncated early": data[:200],
        "empty file": b"",
        "binary garbage": _garbage(17),
        "a JSON list": b"[1, 2, 3]\n",
        "latin-1 bytes in a name": data.replace(b'"P001"', b'"P\xe9001"'),
        "no Rounds key": _json_edit(data, lambda d: d.pop("Rounds")),
        "no Tournament key": _json_edit(data, lambda d: d.pop("Tournament")),
        "a match without Result": _json_edit(data, lambda d: r0(d)[3].pop("Result")),
        "a match without Player1": _json_edit(data, lambda d: r0(d)[3].pop("Player1")),
        "a match that is a string": _json_edit(data, lambda d: r0(d).__setitem__(2, "P1 beat P2")),
        "result 2-x-0": _json_edit(data, lambda d: r0(d)[3].update(Result="2-x-0")),
        "result W": _json_edit(data, lambda d: r0(d)[3].update(Result="W")),
        "result 2-1": _json_edit(data, lambda d: r0(d)[3].update(Result="2-1")),
        "result with a million games": _json_edit(
            data, lambda d: r0(d)[3].update(Result="1000000-0-0")
        ),
        "unknown round name": _json_edit(data, lambda d: d["Rounds"][2].update(RoundName="Day 2")),
        "conflicting duplicate match": _json_edit(
            data, lambda d: r0(d).append({**r0(d)[0], "Result": "0-2-0"})
        ),
        "a player paired twice in a round": _json_edit(
            data, lambda d: r0(d).append({**r0(d)[0], "Player2": r0(d)[5]["Player1"]})
        ),
        "a player against himself": _json_edit(
            data, lambda d: r0(d)[0].update(Player2=r0(d)[0]["Player1"])
        ),
        "a loss against no one": _json_edit(
            data, lambda d: r0(d).append({**first, "Player2": "-", "Result": "0-2-0"})
        ),
        "standings value that is text": _json_edit(
            data, lambda d: d["Standings"][4].update(OMWP="0.5")
        ),
        "standings entry without Player": _json_edit(
            data, lambda d: d["Standings"][4].pop("Player")
        ),
        "a Swiss round after the finals": _json_edit(
            data, lambda d: d["Rounds"].insert(2, {"RoundName": "Finals", "Matches": [r0(d)[0]]})
        ),
        "no Swiss round at all": _json_edit(data, lambda d: d.update(Rounds=[])),
    }
    for label, mutated in errors.items():
        yield Case(f"cards-json/{label}", "cards", {name: mutated}, "error", locate="file")
    same = {
        "an identical match listed again": _json_edit(data, lambda d: r0(d).append(r0(d)[0])),
        "a match listed again from the other side": _json_edit(
            data,
            lambda d: r0(d).append(
                {
                    "Player1": r0(d)[0]["Player2"],
                    "Player2": r0(d)[0]["Player1"],
                    "Result": "-".join(r0(d)[0]["Result"].split("-")[i] for i in (1, 0, 2)),
                }
            ),
        ),  # fmt: skip
        "byte-order mark": b"\xef\xbb\xbf" + data,
        "CRLF line ends": data.replace(b"\n", b"\r\n"),
        "compact JSON": _json_edit(data, lambda d: None).replace(b"\n", b""),
        "decks and unknown keys added": _json_edit(data, lambda d: d.update(Decks=[{}], Extra=1)),
        "playoff rounds added": _json_edit(
            data, lambda d: d["Rounds"].append({"RoundName": "Top 8", "Matches": [r0(d)[0]]})
        ),
    }
    for label, mutated in same.items():
        yield Case(f"cards-json/{label}", "cards", {name: mutated}, "same", base)
    split = _json_edit(data, lambda d: d.update(Rounds=d["Rounds"][:2]))
    yield Case("cards-json/two files", "cards", {"a.json": data, "b.json": split}, "ok")


def _tom_sub(data: bytes, pattern: str, repl: str, count: int = 1) -> bytes:
    return _sub(data, pattern, repl, count=count)


def _cards_tom_cases() -> Iterator[Case]:
    data = (TESTS / "cards" / "tom" / "prerelease-2026-06.tdf").read_bytes()
    name, base = "event.tdf", "cards-tom/original"
    yield Case(base, "cards", {name: data}, "ok")
    match = r'<match outcome="1"><player1 userid="(\d+)"/><player2 userid="(\d+)"/></match>'
    errors = {
        "truncated mid-file": _truncate_mid_line(data, 0.7),
        "truncated early": data[:300],
        "binary garbage": _garbage(23),
        "unknown outcome 4": _tom_sub(data, r'outcome="1"', 'outcome="4"'),
        "unknown outcome 9": _tom_sub(data, r'outcome="2"', 'outcome="9"'),
        "outcome x": _tom_sub(data, r'outcome="1"', 'outcome="x"'),
        "outcome missing": _tom_sub(data, r'<match outcome="1">', "<match>"),
        "an unreported match in a reported round": _tom_sub(data, r'outcome="2"', 'outcome="0"'),
        "a player paired twice in a round": _tom_sub(data, match, r'<match outcome="1"><player1 userid="\1"/><player2 userid="\2"/></match><match outcome="2"><player1 userid="\1"/><player2 userid="\2"/></match>'),
        "an unknown player": _tom_sub(data, r'<player1 userid="\d+"/>', '<player1 userid="999999"/>'),
        "a player against himself": _tom_sub(data, match, r'<match outcome="1"><player1 userid="\1"/><player2 userid="\1"/></match>'),
        "round type 7": _tom_sub(data, r'<round number="1" type="2"', '<round number="1" type="7"'),
        "a bye with two players": _tom_sub(data, r'<match outcome="1">', '<match outcome="5">'),
        "a player listed twice": _tom_sub(data, r"(<players>\n)", r'\1    <player userid="100001"></player>\n'),
        "a result after the drop": _tom_sub(data, r"(<lastname>100003</lastname>)", r"\1<dropped><status>1</status><round>1</round></dropped>"),
        "a drop round 0": _tom_sub(data, r"<round>1</round>", "<round>0</round>"),
        "an entity declaration": _tom_sub(data, r"(<\?xml[^>]*\?>\n)", '\\1<!DOCTYPE t [<!ENTITY x "y">]>\n'),
        "a round number 0": _tom_sub(data, r'<round number="2"', '<round number="0"'),
        "a round listed twice": _tom_sub(data, r'<round number="3"', '<round number="2"'),
        "not a TOM file": b'<?xml version="1.0"?>\n<results><player/></results>\n',
    }  # fmt: skip
    for label, mutated in errors.items():
        yield Case(f"cards-tom/{label}", "cards", {name: mutated}, "error", locate="line")
    top_cut = _tom_sub(
        data,
        r"(      </rounds>)",
        '        <round number="4" type="1" stage="6"><matches></matches></round>\n\\1',
    )
    yield Case("cards-tom/a top-cut round", "cards", {name: top_cut}, "same", base)
    yield Case(
        "cards-tom/CRLF line ends", "cards", {name: data.replace(b"\n", b"\r\n")}, "same", base
    )
    yield Case("cards-tom/as .xml", "cards", {"event.xml": data}, "ok")
    last = data.decode().rsplit('<round number="3"', 1)
    pending = (
        last[0] + '<round number="3"' + re.sub(r'outcome="\d+"', 'outcome="0"', last[1])
    ).encode()
    yield Case("cards-tom/last round not reported yet", "cards", {name: pending}, "ok")


CASES.append(cards_file_cases)
# --- bridge: declared scoring and conventions (issue 14) -----------------------------------------


def bridge_scoring_cases() -> Iterator[Case]:
    """Unknown, unsupported and contradicting declarations of the scoring, in USEBIO, PBN and
    table files; phantom tables and weighted scores; the caller's --scoring replacing them."""
    xml = (TESTS / "bridge" / "usebio-mp-pairs-howell.xml").read_bytes()
    butler = (TESTS / "bridge" / "usebio-butler-mitchell.xml").read_bytes()
    name = "session.xml"
    event = r'<EVENT EVENT_TYPE="MP_PAIRS">'
    edits = {
        "unknown EVENT_TYPE": (event, '<EVENT EVENT_TYPE="NOTSUP">'),
        "unsupported EVENT_TYPE AGGREGATE": (event, '<EVENT EVENT_TYPE="AGGREGATE">'),
        "individual event": (event, '<EVENT EVENT_TYPE="INDIVIDUAL">'),
        "KO team event": (event, '<EVENT EVENT_TYPE="KO">'),
        "MP_PAIRS declaring IMPS": (event, event + "<SCORING_METHOD>IMPS</SCORING_METHOD>"),
        "unknown SCORING_METHOD": (event, event + "<SCORING_METHOD>GUESS</SCORING_METHOD>"),
        "a BOARD contradicting the EVENT": (r'<BOARD EVENT_TYPE="MP_PAIRS">',
                                            '<BOARD EVENT_TYPE="CROSS_IMP">'),
        "PAIRS with a bare IMPS": (event, '<EVENT EVENT_TYPE="PAIRS"><BOARD_SCORING_METHOD>IMPS'
                                          "</BOARD_SCORING_METHOD>"),
    }  # fmt: skip
    for label, (pattern, repl) in edits.items():
        mutated = _sub(xml, pattern, repl)
        yield Case(f"usebio scoring/{label}", "bridge", {name: mutated}, "error", locate="line")
    unknown = _sub(xml, event, '<EVENT EVENT_TYPE="NOTSUP">')
    yield Case(
        "usebio scoring/unknown EVENT_TYPE, --scoring mp", "bridge", {name: unknown}, "ok",
        args=("--scoring", "mp"),
    )  # fmt: skip
    yield Case("usebio scoring/Butler file", "bridge", {"butler.xml": butler}, "ok")
    for method in ("mp", "cross_imps", "butler_median"):
        yield Case(
            f"usebio scoring/Butler file, --scoring {method}", "bridge", {"butler.xml": butler},
            "ok", args=("--scoring", method),
        )  # fmt: skip
    for conv in ("ebu", "jfr", "kops"):
        yield Case(
            f"usebio scoring/MP file, --convention {conv}", "bridge", {name: xml}, "ok",
            args=("--convention", conv),
        )  # fmt: skip
    yield Case(
        "usebio scoring/MP and Butler files in one folder", "bridge",
        {"howell.xml": xml, "butler.xml": butler}, "ok",
    )  # fmt: skip
    yield from _pbn_scoring_cases()
    yield from _table_scoring_cases()


def _pbn_scoring_cases() -> Iterator[Case]:
    pbn = _pbn_pairs(_bridge_csv())
    name = "session.pbn"
    tag = r'^\[Scoring "MP"\]'
    for label, value, expect in (
        ("Facit", "Facit", "error"),
        ("BAM", "BAM", "error"),
        ("MP;Butler", "MP;Butler", "error"),
        ("IMP;Butler;Cross1", "IMP;Butler;Cross1", "error"),
        ("IMP;Butler-2", "IMP;Butler-2", "ok"),
        ("IMP;Cross1", "IMP;Cross1", "ok"),
        ("empty", "", "ok"),
    ):
        mutated = _sub(pbn, tag, f'[Scoring "{value}"]', count=0)
        locate = "line" if expect == "error" else "file"
        yield Case(f"pbn scoring/{label}", "bridge", {name: mutated}, expect, locate=locate)
    one_game = _sub(pbn, tag, '[Scoring "IMP;Cross2"]')  # the first game only
    yield Case("pbn scoring/games contradicting", "bridge", {name: one_game}, "error",
               locate="line")  # fmt: skip
    yield Case(
        "pbn scoring/games contradicting, --scoring mp", "bridge", {name: one_game}, "ok",
        args=("--scoring", "mp"),
    )  # fmt: skip


def _table_scoring_cases() -> Iterator[Case]:
    data = _bridge_csv()
    frame = _read_csv(data)
    name = "session.csv"
    for label, values, expect in (
        ("declared butler", ["butler"] * len(frame), "ok"),
        ("unknown scoring", ["bam"] * len(frame), "error"),
        ("a session declaring two", ["mp"] + ["butler"] * (len(frame) - 1), "error"),
    ):
        yield Case(f"bridge csv scoring/{label}", "bridge",
                   {name: _with_column(frame, "scoring", values)}, expect, locate="rows")  # fmt: skip
    yield Case("bridge csv scoring/unknown convention column", "bridge",
               {name: _with_column(frame, "convention", "acbl")}, "error", locate="rows")  # fmt: skip
    real = int(frame.index[(frame["artificial"] == "") & (frame["ns_score"] != "")][0])
    for label, code, expect in (("A6000", "A6000", "ok"), ("A0050", "A0050", "ok"),
                                ("A0000", "A0000", "error")):  # fmt: skip
        mutated = _csv_edit(_csv_edit(data, real, "ns_score", ""), real, "artificial", code)
        for column in ("contract", "declarer", "tricks"):
            mutated = _csv_edit(mutated, real, column, "")
        yield Case(f"bridge csv scoring/phantom {label}", "bridge", {name: mutated}, expect,
                   locate="rows")  # fmt: skip
    weighted = frame.assign(weighted="")
    weighted.loc[real, ["ns_score", "contract", "declarer", "tricks"]] = ""
    for label, parts, expect in (("weighted score", "0.6*420 + 0.4*-50", "ok"),
                                 ("weighted not totalling 1", "0.6*420 + 0.3*-50", "error"),
                                 ("weighted malformed", "most of 420", "error")):  # fmt: skip
        weighted.loc[real, "weighted"] = parts
        yield Case(f"bridge csv scoring/{label}", "bridge",
                   {name: _with_column(weighted, "weighted", weighted["weighted"])}, expect,
                   locate="rows")  # fmt: skip


CASES.append(bridge_scoring_cases)
