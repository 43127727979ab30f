"""Hostile cases: team chess. The hand-written TRF-2026 team event (``310`` records beside the
``013`` ones, ``320``, ``330``, ``300``, ``352``, ``362``; ``tests/data/chess/teams/``), the
same file with ``013`` records only (TRF-16), and the event as a team results table (one row
per board per round, CSV), each mutated."""

from __future__ import annotations

import io
from collections.abc import Iterator

from .common import TESTS, Case, _csv_rows, _join, _lines, _sub, _truncate_mid_line

_TEAMS = TESTS / "chess" / "teams"
_NAME = "cup.trf"
#: the hand-computed standings (tests/test_chess_teams_trf2026.py)
_WANT = (("team", 1, "MP", 5.0), ("team", 2, "GP", 3.5), ("team", 3, "rank", 3))


def _trf() -> bytes:
    return (_TEAMS / "cup-trf2026.trf").read_bytes()


def _without(data: bytes, tag: bytes) -> bytes:
    return _join([line for line in _lines(data) if not line.startswith(tag)])


def _with(data: bytes, *lines: str) -> bytes:
    return data + "".join(f"{line}\n" for line in lines).encode()


def chess_team_cases() -> Iterator[Case]:
    """The TRF team records (013 and 310) and the records 310 brings, malformed."""
    trf = _trf()
    only310 = _without(trf, b"013")
    only013 = _without(_without(_without(trf, b"310"), b"300"), b"320")
    plain013 = _without(_without(_without(only013, b"330"), b"352"), b"362")  # (TRF-16 alone)
    base = "team trf/original"
    yield Case(base, "chess", {_NAME: trf}, "ok", want=_WANT)
    yield Case("team trf/013 records only (TRF-16)", "chess",
               {_NAME: plain013}, "error",
               locate="line")  # (the out-of-order boards of round 2 need their 300 record)  # fmt: skip
    for tag, others in ((b"330", (b"352", b"362")), (b"362", (b"330", b"352"))):
        alone = only013
        for other in others:
            alone = _without(alone, other)
        yield Case(f"team trf/a {tag.decode()} record without 310 records", "chess",
                   {_NAME: alone}, "error", locate="line")  # fmt: skip
    yield Case("team trf/310 records only", "chess", {_NAME: _without(trf, b"013")}, "same", base)
    yield Case("team trf/CRLF line ends", "chess", {_NAME: trf.replace(b"\n", b"\r\n")}, "same",
               base)  # fmt: skip
    at = trf.index(b"\n001 ") + 1  # Swiss-Manager's column ruler above the 001 records
    ruler = "".join(str(k).rjust(10) for k in range(1, 11)) + "\n" + "1234567890" * 10 + "\n"
    yield Case("team trf/Swiss-Manager's column ruler", "chess",
               {_NAME: trf[:at] + ruler.encode() + trf[at:]}, "same", base)  # fmt: skip
    yield Case("team trf/a column ruler out of step", "chess",
               {_NAME: trf[:at] + b"        1\n" + trf[at:]}, "error", locate="line")  # fmt: skip
    refused = {
        "a 310 team naming an unknown player": _sub(only310, r"^(310   3 .*)   7$", r"\1  77"),
        "a 013 team naming an unknown player": _sub(only013, r"^(013 Bishops .*)   7$", r"\1  77"),
        "a player in two 310 teams": _sub(trf, r"^(310   3 .*)   7$", r"\1   2"),
        "a player in two 013 teams": _sub(only013, r"^(013 Bishops .*)   7$", r"\1   2"),
        "a player in no team": _sub(_sub(trf, r"^(310   3 .*)   7$", r"\1"),
                                    r"^(013 Bishops .*)   7$", r"\1"),
        "a duplicate 310 team number": _sub(trf, r"^310   3 Bishops ", "310   2 Bishops "),
        "a 310 record twice": trf + _lines(trf)[-6],
        "a 013 roster that is no 310 roster": _sub(trf, r"^(013 Knights .*)   5$", r"\1   7"),
        "a team number not a number": _sub(trf, r"^310   3 ", "310   x "),
        "a team number 0": _sub(trf, r"^310   3 ", "310   0 "),
        "310 match points not a number": _sub(trf, r"^(310   2 .*1800 )   3\.0", r"\1   abc"),
        "a 310 field out of its columns": _sub(trf, r"^(310   2 .* 3\.5)   2  ", r"\1     2"),
        "a NUL byte in a 310 record": _sub(trf, r"^310   2 Knights", "310   2 Kni\x00hts"),
        "a NUL byte in a 013 record": _sub(trf, r"^013 Knights", "013 Kni\x00hts"),
        "a 352 colour sequence of 1 board": _sub(trf, r"^352 WB", "352 W"),
        "a 352 sequence not of W and B": _sub(trf, r"^352 WB", "352 WX"),
        "a 362 record without points": _sub(trf, r"^362 .*$", "362 two one nil"),
        "a 362 draw above a win": _sub(trf, r"^362 .*$", "362 TW 1.0   TD 2.0   TL 0.0"),
        "a 320 bye of 1.5 match points": _sub(trf, r"^320  1\.0", "320  1.5"),
        "a 320 bye of 0.7 game points": _sub(trf, r"^(320  1\.0)  1\.0", r"\1  0.7"),
        "a 320 bye to a team that plays": _sub(trf, r"^320 (.{9})   3   2   1", r"320 \1   1   2   3"),
        "a 320 bye missing a team with U": _sub(trf, r"^320 (.{9})   3   2   1", r"320 \1   0   2   1"),
        "a 320 bye to an unknown team": _sub(trf, r"^320 (.{9})   3", r"320 \1   9"),
        "a 240 bye to a team that plays": _with(trf, "240 H   1    1"),
        "a 240 zero-point bye against the players' U": _with(trf, "240 Z   3    1"),
        "a 240 bye type X": _with(trf, "240 X   3    1"),
        "a 330 forfeit won by the other side": _sub(trf, r"^330 \+- ", "330 -+ "),
        "a 330 forfeit of teams that do not meet": _sub(trf, r"^330 \+- 003 002 003", "330 +- 002 002 003"),
        "a 330 forfeit of a match played": _sub(trf, r"^330 \+- 003 002 003", "330 +- 001 001 002"),
        "a 330 forfeit type ++": _sub(trf, r"^330 \+- ", "330 ++ "),
        "a 300 line-up leaving out a player": _sub(trf, r"^300 (.*) 0003 0001", r"300 \1 0003 0000"),
        "a 300 line-up of a player who rests": _sub(trf, r"^300 (.*) 0003 0001", r"300 \1 0002 0003 0001"),
        "a 300 line-up naming another opponent": _sub(trf, r"^300 002 001 003", "300 002 001 002"),
        "a 001 game whose sides disagree": _sub(trf, r"^(001    4 .*)     1 b 0", r"\1     1 b 1"),
    }  # fmt: skip
    for label, data in refused.items():
        yield Case(f"team trf/{label}", "chess", {_NAME: data}, "error", locate="line")
    yield Case("team trf/truncated mid-line", "chess", {_NAME: _truncate_mid_line(trf, 0.93)},
               "either")  # fmt: skip
    yield Case("team trf/non-UTF-8 team name", "chess",
               {_NAME: _sub(trf, r"^(310   1 )Rooks ", "\\g<1>T\xfcrme ")}, "same", base)  # fmt: skip
    yield Case("team trf/binary garbage after the teams", "chess", {_NAME: trf + b"\xff\xfe\x00\x01"},
               "error", locate="line")  # fmt: skip
    yield Case("team trf/check", "chess", {_NAME: trf}, "ok", command="check", out=None)
    yield from _encounter_modifier_cases(trf)


def _encounter_modifier_cases(trf: bytes) -> Iterator[Case]:
    """The /P modifier (the TRF-2026 tie-break list: EDE and its variants, BH, FB, SB, the
    extended SBs, SSSC) in a 212 order and in --tiebreaks: accepted there (FIDE's sample order
    EDET/P,EMGSB/C1/P,BH:MP/C1/P too), refused elsewhere or with a number."""
    yield Case("team trf/212 with EDET/P", "chess", {_NAME: _sub(trf, r"^212 MP,GP", "212 MP,EDET/P,GP")},
               "ok", want=_WANT[:1])  # fmt: skip
    sample = "212 MP,EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP"
    swiss = _sub(_sub(trf, r"^212 MP,GP", sample), r"^092 Team round robin", "092 Team Swiss")
    yield Case("team trf/212 FIDE's sample order with /P", "chess", {_NAME: swiss}, "ok",
               want=_WANT[:1])  # fmt: skip
    refused = {
        "212 with EDET/P2": "212 MP,EDET/P2",
        "212 with EMGSB/C1/P1": "212 MP,EMGSB/C1/P1",
        "212 with AOB/P": "212 MP,AOB:MP/P",
        "212 with TBR/P": "212 MP,TBR/P",
        "212 with KS/P": "212 MP,KS/P",
        "212 with SSSC/C1": "212 MP,SSSC/C1",
        "212 with EDE/P/C1": "212 MP,EDE/P/C1",
    }
    for label, record in refused.items():
        data = _sub(trf, r"^212 MP,GP", record)
        yield Case(f"team trf/{label}", "chess", {_NAME: data}, "error", locate="line")
    for label, codes in (("--tiebreaks TBR/P", "MP,TBR/P"), ("--tiebreaks EDE:GP/P", "EDE:GP/P"),
                         ("--tiebreaks DE/PP", "DE/PP"), ("--tiebreaks BH/P1", "MP,BH/P1"),
                         ("--tiebreaks PS/P", "MP,PS/P")):  # fmt: skip
        yield Case(f"team trf/{label}", "chess", {_NAME: trf}, "error",
                   args=("--tiebreaks", codes), locate="option", names=("--tiebreaks",))  # fmt: skip
    yield Case("team trf/--tiebreaks EDEBB/P", "chess", {_NAME: trf}, "ok",
               args=("--tiebreaks", "MP,EDEBB/P,GP"), want=_WANT[:1])  # fmt: skip
    yield Case("team trf/--tiebreaks SB:GP/P,SSSC/P,EGGSB/C1/P", "chess", {_NAME: trf}, "ok",
               args=("--tiebreaks", "MP,SB:GP/P,SSSC/P,EGGSB/C1/P"), want=_WANT[:1])  # fmt: skip


def _boards_csv() -> bytes:
    """The event as a team results table (one row per board per round)."""
    from tourneystats.chess.teamtrf import read_team_trf

    boards = read_team_trf(_TEAMS / "cup-trf2026.trf").boards.assign(event="cup")
    out = io.StringIO()
    boards.to_csv(out, index=False)
    return out.getvalue().encode()


def chess_team_table_cases() -> Iterator[Case]:
    """A team results table (CSV) with columns missing, rows twice, sides that disagree."""
    data = _boards_csv()
    name = "cup-boards.csv"
    header, rows = _csv_rows(data)
    base = "team table/original"
    yield Case(base, "chess", {name: data}, "ok", want=(("team", 1, "MP", 5.0),))
    yield Case("team table/rows reversed", "chess", {name: header + _join(rows[::-1])}, "same",
               base)  # fmt: skip
    dropped = [c for c in header.decode().strip().split(",") if c != "kind"]
    columns = ",".join(dropped).encode() + b"\n"
    keep = [header.decode().strip().split(",").index(c) for c in dropped]
    body = [",".join(r.decode().rstrip("\n").split(",")[k] for k in keep).encode() + b"\n"
            for r in rows]  # fmt: skip
    yield Case("team table/no kind column", "chess", {name: columns + _join(body)}, "error")
    refused = {
        "a board row twice": header + _join(rows + rows[:1]),
        "a game whose sides do not add up": _sub(data, r"^cup,1,1,2,1,1,4,w,1\.0,played",
                                                 "cup,1,1,2,1,1,4,w,0.5,played"),
        "a board naming another opponent team": _sub(
            data, r"^cup,1,2,1,1,4,1,b,0\.0,played", "cup,1,2,3,1,4,1,b,0.0,played"),
        "a forfeit win against a board played": _sub(
            data, r"^cup,3,3,2,1,6,4,b,0\.0,forfeit_loss", "cup,3,3,2,1,6,4,b,0.0,played"),
        "a player in two teams": _sub(data, r"^cup,2,3,1,2,7,1,b,0\.5,played",
                                      "cup,2,3,1,2,2,1,b,0.5,played"),
        "a team bye with a game kind": _sub(data, r"^cup,1,3,,,,,,0\.0,pab",
                                            "cup,1,3,,,,,,0.0,played"),
    }  # fmt: skip
    for label, mutated in refused.items():
        yield Case(f"team table/{label}", "chess", {name: mutated}, "error", locate="rows")
    # the team byes' blank cells make the integer columns floats: the rows named print the ids
    # as the table gives them (opponent_team=3, never 3.0)
    unequal = _sub(data, r"^cup,2,3,1,2,7,1,b,0\.5,played", "cup,2,3,1,2,7,1,b,0.0,played")
    yield Case("team table/blank cells, then a game whose sides do not add up: ids as integers",
               "chess", {name: unequal}, "error", locate="rows",
               names=(name, "event='cup', round=2, board=2, team=1, opponent_team=3, player=1, "
                            "opponent=7\n"))  # fmt: skip


def chess_team_pgn_cases() -> Iterator[Case]:
    """The hand-written team PGN (``WhiteTeam``/``BlackTeam`` tags, ``tests/data/chess/teams/``)
    with team tags missing, players and teams that disagree, boards that cannot be told."""
    pgn = (_TEAMS / "cup.pgn").read_bytes()
    name = "cup.pgn"
    base = "team pgn/original"
    want = (("team", 1, "MP", 3.0), ("team", 2, "MP", 2.0), ("team", 3, "rank", 3))
    yield Case(base, "chess", {name: pgn}, "ok", want=want)
    yield Case("team pgn/CRLF line ends", "chess", {name: pgn.replace(b"\n", b"\r\n")}, "same",
               base)  # fmt: skip
    yield Case("team pgn/byte-order mark", "chess", {name: b"\xef\xbb\xbf" + pgn}, "same", base)
    yield Case("team pgn/no final line end", "chess", {name: pgn.rstrip(b"\n")}, "same", base)
    tagged = _sub(pgn, r'^\[Round "(\d)\.(\d)"\]', r'[Round "\1"]\n[Board "\2"]', count=0)
    yield Case("team pgn/Board tags", "chess", {name: tagged}, "same", base)
    spaced = _sub(pgn, r'^\[WhiteTeam "', '[ WhiteTeam  "', count=0)
    yield Case("team pgn/blanks inside the team tags", "chess", {name: spaced}, "same", base)
    yield Case("team pgn/file order boards", "chess",
               {name: _sub(pgn, r'^\[Round "(\d)\.\d"\]', r'[Round "\1"]', count=0)}, "same",
               base)  # fmt: skip
    split = pgn.index(b'[Event "Club team cup"]\n[Site "Uppsala"]\n[Date "2026.02')
    yield Case("team pgn/one file per round", "chess",
               {"r1.pgn": pgn[:split], "r2-3.pgn": pgn[split:]}, "same", base)  # fmt: skip
    refused = {
        "a BlackTeam tag missing": (r'^\[BlackTeam "Rooks"\]\n', ""),
        "both team tags missing": (r'^\[WhiteTeam "Bishops"\]\n\[BlackTeam "Knights"\]\n', ""),
        "a player in two teams": (r'^\[White "Fay"\]\n\[Black "Dan"\]', '[White "Ben"]\n[Black "Dan"]'),
        "a team against itself": (r'^\[BlackTeam "Knights"\]', '[BlackTeam "Rooks"]'),
        "a board twice in a match": (r'^\[Round "1\.2"\]', '[Round "1.1"]'),
        "a game without a board": (r'^\[Round "2\.2"\]', '[Round "2"]'),
        "a Board tag not a number": (r'^(\[Round "1\.1"\])', r'\1\n[Board "one"]'),
        "a game against BYE": (r'^\[Black "Cid"\]', '[Black "BYE"]'),
        "a team tag on one side, blank on the other": (r'^\[BlackTeam "Knights"\]', '[BlackTeam "?"]'),
    }  # fmt: skip
    for label, (pattern, repl) in refused.items():
        yield Case(f"team pgn/{label}", "chess", {name: _sub(pgn, pattern, repl)}, "error",
                   locate="line")  # fmt: skip
    pawns = _sub(
        _sub(pgn, r'^\[Black "Ben"\]', '[Black "Gus"]'),
        r'^(\[WhiteTeam "Knights"\]\n)\[BlackTeam "Rooks"\]',
        r'\1[BlackTeam "Pawns"]',
    )
    yield Case("team pgn/a team meeting two teams", "chess", {name: pawns}, "error",
               locate="line")  # fmt: skip
    blank = _sub(pgn, r'^\[(White|Black)Team "[^"]*"\]', r'[\1Team ""]', count=0)
    yield Case("team pgn/every team tag blank: an individual event", "chess", {name: blank}, "ok")
    yield Case("team pgn/truncated mid-line", "chess", {name: _truncate_mid_line(pgn, 0.6)},
               "either")  # fmt: skip
    yield Case("team pgn/check", "chess", {name: pgn}, "error", command="check", out=None)


#: the cases of the standings command also run through ``import`` then ``recompute`` (the
#: archive's family chess_teams): the originals and a share of the refusals of each format
_IMPORTED = (
    "team trf/original",
    "team trf/CRLF line ends",
    "team trf/310 records only",
    "team trf/a player in two 310 teams",
    "team trf/a 330 forfeit won by the other side",
    "team trf/a 320 bye to a team that plays",
    "team trf/a 001 game whose sides disagree",
    "team trf/truncated mid-line",
    "team trf/binary garbage after the teams",
    "team table/original",
    "team table/rows reversed",
    "team table/no kind column",
    "team table/a board row twice",
    "team table/a game whose sides do not add up",
    "team table/a board naming another opponent team",
    "team table/a forfeit win against a board played",
    "team table/a player in two teams",
    "team table/a team bye with a game kind",
    "team pgn/original",
    "team pgn/a player in two teams",
    "team pgn/a team against itself",
    "team pgn/a team meeting two teams",
)


def chess_team_import_cases() -> Iterator[Case]:
    """Team files imported into an archive and recomputed (``import`` then ``recompute``): the
    same outcome as the standings command's, a refused file named by the import with its line
    or its rows; a team table (no date) in the season given (``--season``)."""
    from dataclasses import replace

    made = [*chess_team_cases(), *chess_team_table_cases(), *chess_team_pgn_cases()]
    for case in made:
        if case.name not in _IMPORTED:
            continue
        table = case.name.startswith("team table/")
        yield replace(
            case, name=f"import {case.name}", command="import", out="standings",
            base=case.base and f"import {case.base}", args=("--season", "2026") if table else (),
        )  # fmt: skip
    pgn = next(c for c in made if c.name == "team pgn/one file per round")
    yield replace(  # an event's rounds in two files: refused, as an individual PGN's (by name)
        pgn, name=f"import {pgn.name}", command="import", out="standings", expect="error",
        base=None, names=("r1.pgn", "r2-3.pgn"),
    )  # fmt: skip
    boards = _boards_csv()
    yield Case("import team table/no date, no season given", "chess", {"cup-boards.csv": boards},
               "error", command="import", out="standings")  # fmt: skip
    header, rows = _csv_rows(boards)
    named = _named_table(header, rows)
    yield Case("import team table/team names and a date", "chess", {"cup-boards.csv": named},
               "ok", command="import", out="standings",
               want=(("team", 1, "name", "Rooks"), ("team", 1, "MP", 5.0)))  # fmt: skip
    renamed = _sub(named, r"^(cup,2,1,3,1,3,6,b,1\.0,played,)Rooks", r"\1Towers")
    yield Case("import team table/a team with two names", "chess", {"cup-boards.csv": renamed},
               "error", command="import", out="standings", locate="rows")  # fmt: skip
    redated = _sub(named, r"^(cup,2,1,3,1,3,6,b,1\.0,played,Rooks,)2026-03-07", r"\g<1>2026-03-08")
    yield Case("import team table/an event with two dates", "chess", {"cup-boards.csv": redated},
               "error", command="import", out="standings", locate="rows")  # fmt: skip
    system = ("match 3/1/0; game 1/0.5/0; forfeit_win win/win; forfeit_loss loss/loss; "
              "pab draw/draw; fpb win/win; hpb draw/draw; zpb loss/loss")  # fmt: skip
    three = _with_column(named, "team_point_system", f'"{system}"')
    yield Case("import team table/a point system of 3/1/0", "chess", {"cup-boards.csv": three},
               "ok", command="import", out="standings",
               want=(("team", 1, "MP", 7.0), ("team", 2, "MP", 4.0)))  # fmt: skip
    for label, text in (("an outcome not a win, draw or loss", system.replace("pab draw", "pab tie")),
                        ("match points not numbers", system.replace("3/1/0", "three/1/0")),
                        ("a draw worth more than a win", system.replace("3/1/0", "1/3/0"))):  # fmt: skip
        yield Case(f"import team table/a point system with {label}", "chess",
                   {"cup-boards.csv": _with_column(named, "team_point_system", f'"{text}"')},
                   "error", command="import", out="standings",
                   names=("cup-boards.csv", "team_point_system"))  # fmt: skip
    mixed = {_NAME: _trf(), "ex01.trf": (TESTS / "chess" / "tec" / "ex01.trf").read_bytes()}
    yield Case("import team trf beside an individual trf", "chess", mixed, "ok", command="import",
               out="standings", target=_NAME)  # fmt: skip


def _named_table(header: bytes, rows: list[bytes]) -> bytes:
    """The team table with each row's ``team_name`` and the event's ``date``."""
    names = {"1": "Rooks", "2": "Knights", "3": "Bishops"}
    lines = [header.rstrip(b"\n") + b",team_name,date\n"]
    for row in rows:
        team = row.decode().split(",")[2]
        lines.append(row.rstrip(b"\n") + f",{names[team]},2026-03-07\n".encode())
    return _join(lines)


def _with_column(table: bytes, column: str, value: str) -> bytes:
    """The CSV `table` with one more column, `value` on every row."""
    header, rows = _csv_rows(table)
    lines = [header.rstrip(b"\n") + f",{column}\n".encode()]
    lines += [row.rstrip(b"\n") + f",{value}\n".encode() for row in rows]
    return _join(lines)
