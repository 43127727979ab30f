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
    yield from _pbn_pairs_cases(data)
    yield from _pbn_teams_cases()
    yield from _usebio_cases()
    mixed = {
        "session.csv": data,
        "teams.pbn": (TESTS / "bridge" / "pbn-teams-imps.pbn").read_bytes(),
    }
    yield Case("bridge folder/pairs and teams mixed", "bridge", mixed, "either")


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


def _usebio_cases() -> Iterator[Case]:
    xml = (TESTS / "bridge" / "usebio-mp-pairs-howell.xml").read_bytes()
    name = "session.xml"
    yield Case("usebio/original", "bridge", {name: xml}, "ok")
    yield Case("usebio/empty file", "bridge", {name: b""}, "error")
    yield Case("usebio/binary garbage", "bridge", {name: _garbage(5)}, "error")
    yield Case("usebio/truncated", "bridge", {name: xml[: len(xml) // 2]}, "error", locate="line")
    no_boards = re.sub(rb"<BOARD>.*?</BOARD>\s*", b"", xml, flags=re.S)
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
        ("date", "20240110"),
        ("date", "not a date"),
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


CASES: list[Callable[[], Iterator[Case]]] = [chess_cases, cards_cases, bridge_cases, league_cases]


def all_cases() -> list[Case]:
    cases = [case for make in CASES for case in make()]
    names = [c.name for c in cases]
    assert len(names) == len(set(names)), "case names must be unique"
    return cases
