"""Hostile cases: TRF files, chess tables and PGN files."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

from .common import (
    DATA,
    TESTS,
    Case,
    _csv_edit,
    _csv_generic,
    _garbage,
    _join,
    _lines,
    _parquet_generic,
    _read_csv,
    _sub,
    _truncate_mid_line,
)

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
    double = _sub(trf, r"^(001    3 .{82})  14 w 0", "\\g<1>  14 w -")
    double = _sub(double, r"^(001   14 .{71}) 4\.5(.{10})3 b 1", "\\g<1> 3.5\\g<2>3 b -")
    yield Case("trf/a double forfeit (both lines -)", "chess", {name: double}, "ok")
    two_wins = _sub(trf, r"^(001    1 .{82}  27 w) 1", "\\g<1> +")
    two_wins = _sub(two_wins, r"^(001   27 .{71}) 3\.5(.{10})1 b 0", "\\g<1> 4.5\\g<2>1 b +")
    yield Case(
        "trf/a forfeit win against a forfeit win", "chess", {name: two_wins}, "error", locate="line"
    )
    yield Case(
        "trf/a forfeit loss against a draw",
        "chess",
        {name: _sub(trf, r"^(001   27 .{82}   1 b) 0", "\\g<1> -")},
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
        ("202 forfeits counted as played", trf, "202 BH/C1/P,SB/P,FB/M1/P,DE/P", "ok"),
        ("202 /P with a number", trf, "202 BH/C1,SB/P1", "error"),
        ("202 /P where it means nothing", trf, "202 BH/C1,AOB/P", "error"),
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
    from tourneystats.chess import read_trf

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
    # the byes' blank opponents make the column floats: the rows named print the ids as the
    # table gives them (opponent=2, never 2.0)
    player, opponent = frame.loc[first, "player"], frame.loc[first, "opponent"]
    assert (frame["opponent"] == "").any()  # (a bye's blank cell)
    yield Case(
        "chess csv/blank opponents, then points of 2: ids as integers",
        "chess",
        {name: _csv_edit(data, first, "points", "2")},
        "error",
        locate="rows",
        names=(name, f"player={player}, opponent={opponent}\n"),
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
    # the movetext ends in the game's result: its termination marker (PGN standard 8.2.6)
    moves = b'\n1. e4 { a [comment]\n[%clk 0:01]\n\n[Event "x"] } e5 ; {\n% escape\n'
    annotated = b"\n\n".join(g + b"\n" + moves + _result_of(g) for g in games) + b"\n"
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


# --- chess: termination markers, option values, check, a player without a game ---------------


def _result_of(game: bytes) -> bytes:
    return re.search(rb'\[Result "([^"]+)"\]', game).group(1)


def chess_option_cases() -> Iterator[Case]:
    """PGN movetext whose termination marker agrees or not with the Result tag (PGN standard
    8.2.6), option values a file cannot use, ``check`` and its output, and a TRF player absent
    from every round (no rating average at all)."""
    pgn = (TESTS / "chess" / "pgn" / "FWWRC.pgn").read_bytes()
    name, base = "fwwrc.pgn", "pgn/original"
    games = pgn.rstrip(b"\n").split(b"\n\n")

    def moves(game: bytes, marker: bytes) -> bytes:
        return game + b"\n\n1. d4 Nf6 { a comment } 2. c4 e6 " + marker

    ended = b"\n\n".join(moves(g, _result_of(g)) for g in games) + b"\n"
    yield Case("pgn/movetext ending in each game's result", "chess", {name: ended}, "same", base)
    flipped = {b"1-0": b"0-1", b"0-1": b"1-0", b"1/2-1/2": b"1-0"}
    wrong = games[:7] + [moves(games[7], flipped[_result_of(games[7])])] + games[8:]
    mutated = b"\n\n".join(m if i == 7 else moves(m, _result_of(m)) for i, m in enumerate(wrong))
    yield Case(
        "pgn/a Result tag contradicting its termination marker", "chess",
        {name: mutated + b"\n"}, "error", locate="line",
    )  # fmt: skip
    star = b"\n\n".join(moves(g, b"*") for g in games) + b"\n"
    yield Case(
        "pgn/finished games whose movetext ends in *", "chess", {name: star}, "error",
        locate="line",
    )  # fmt: skip
    trf = (DATA / "chess" / "club-spring-2024.trf").read_bytes()
    for label, args, names in (
        ("--tiebreaks XYZ", ("--tiebreaks", "BH,XYZ"), ("--tiebreaks",)),
        ("--rules nosuch", ("--rules", "nosuch"), ("--rules",)),
        ("--tiebreaks an unknown edition", ("--tiebreaks", "BH/C1@1999,SB"), ("--tiebreaks",)),
        ("--rules a preset with no fallback", ("--rules", "chessmanager:"), ("--rules",)),
        ("--rules a preset's unknown fallback", ("--rules", "swissmanager:x"), ("--rules",)),
        ("--convention on chess", ("--convention", "ebu"), ("--convention",)),
        ("--prior-rounds on chess", ("--prior-rounds", "3"), ("--prior-rounds",)),
    ):
        yield Case(
            f"chess options/{label}", "chess", {"club.trf": trf}, "error", args=args,
            locate="option", names=names,
        )  # fmt: skip
    yield Case(
        "chess options/a preset and tie-breaks under their own editions", "chess",
        {"club.trf": trf}, "ok",
        args=("--rules", "chessmanager:fide2009", "--tiebreaks", "BH/C1@2026,BH/M1@2023,SB"),
    )  # fmt: skip
    yield Case(
        "chess check/--out over the TRF", "chess", {"club.trf": trf}, "error", command="check",
        out=None, args=("--out", "{dir}/club.trf"),
    )  # fmt: skip
    yield Case(
        "chess check/--out in a folder that is a file", "chess", {"club.trf": trf}, "error",
        command="check", out=None, args=("--out", "{dir}/club.trf/diff.csv"),
    )  # fmt: skip
    yield from _chess_no_game_cases(trf)


def _chess_no_game_cases(trf: bytes) -> Iterator[Case]:
    """Player 31 added, absent from every round: no ARO, TPR, APRO (FIDE's TieBreakServer
    prints none); player 12 played two rounds (11 and 14 rated): his ARO/C1 is one of them."""
    text = trf.decode()
    line = re.search(r"^001   12 .*$", text, re.M).group()
    new = line.replace("   12      Player 12 ", "   31      Player 31 ").replace(
        "1000011", "1000031"
    )
    new = re.sub(r"  1\.0   28", "  0.0   31", new).replace(
        "    11 b 1    14 b 0", "     0 - Z" * 2
    )
    added = (text.rstrip("\n") + "\n" + new + "\n").encode()
    # player 12 met 11 (1953) and 14 (1798): ARO 1876 (1875.5 rounded up), ARO/C1 1953
    want = (
        ("player", 31, "ARO", None), ("player", 31, "TPR", None), ("player", 31, "APRO", None),
        ("player", 31, "ARO/C1", None), ("player", 12, "ARO", 1876.0),
        ("player", 12, "ARO/C1", 1953.0),
    )  # fmt: skip
    yield Case(
        "trf/a player absent from every round", "chess", {"club.trf": added}, "ok",
        args=("--tiebreaks", "ARO,ARO/C1,TPR,APRO"), want=want,
    )  # fmt: skip
