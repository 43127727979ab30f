"""Hostile cases: team competitions through the command line. A real knockout (the 2020 World
University Championships' quarter- and semi-finals, ``standings --rules knockout:wuc2020`` with
the qualifying places beside it), a round robin with its VPs published (``--vp-scale given``),
and ``check`` with the standings published beside it, each mutated."""

from __future__ import annotations

from collections.abc import Iterator

from .common import TESTS, Case, _csv_edit, _lines, _to_parquet

_TEAMS = TESTS / "bridge" / "teams"


def _knockout() -> bytes:
    """The QF and SF segments (the stages the 0.1 IMP carry-over applies to)."""
    lines = _lines((_TEAMS / "wuc2020-knockout.csv").read_bytes())
    return b"".join(line for line in lines if b",F," not in line and b",3rd," not in line)


def _with_extra(data: bytes, row: bytes) -> bytes:
    """The table with an ``extra`` column (False) and one more row, an extra segment."""
    lines = _lines(data)
    out = [lines[0].rstrip(b"\r\n") + b",extra\n"]
    out += [line.rstrip(b"\r\n") + b",False\n" for line in lines[1:]]
    return b"".join([*out, row + b",True\n"])


def _with_match(data: bytes, label: str) -> bytes:
    lines = _lines(data)
    out = [lines[0].rstrip(b"\r\n") + b",match\n"]
    out += [line.rstrip(b"\r\n") + b"," + label.encode() + b"\n" for line in lines[1:]]
    return b"".join(out)


def knockout_cases() -> Iterator[Case]:
    data = _knockout()
    places = (_TEAMS / "wuc2020-qualification.csv").read_bytes()
    files = {"ko.csv": data, "ko-places.csv": places}
    args = ("--rules", "knockout:wuc2020")
    base = "knockout/original"
    # ITALY 1 (1st) carries 0.1 over CHINA 5: 28 + 46 + 0.1 = 74.1; CHINA 1 57 - POLAND 1 33
    want = (("team", "ITALY 1", "total", 74.1), ("team", "POLAND 1", "qualified", False))
    yield Case(base, "bridge", files, "ok", target="ko.csv", args=args, want=want)
    header, rows = _lines(data)[0], _lines(data)[1:]
    same = {
        "rows reversed": header + b"".join(rows[::-1]),
        "a team name with a trailing space": _csv_edit(data, 0, "home_team", "ITALY 1 "),
        "CRLF line ends": data.replace(b"\n", b"\r\n"),
    }
    for label, mutated in same.items():
        yield Case(f"knockout/{label}", "bridge", {**files, "ko.csv": mutated}, "same", base,
                   target="ko.csv", args=args)  # fmt: skip
    parquet = {"ko.parquet": _to_parquet(data), "ko-places.csv": places}
    yield Case("knockout/parquet", "bridge", parquet, "same", base, target="ko.parquet",
               args=args)  # fmt: skip
    refused = {
        "a segment pasted twice": data + rows[0],
        "a segment again with a corrected score": data
        + _lines(_csv_edit(data, 0, "home_imps", "29"))[1],
        "one match label for four teams": _with_match(data, "QF-1"),
        "negative IMPs": _csv_edit(data, 0, "visit_imps", "-7"),
        "zero boards": _csv_edit(data, 0, "boards", "0"),
        "a team in another letter case": _csv_edit(data, 1, "home_team", "Italy 1"),
        "extra boards on a match that was not tied": _with_extra(
            data, b"WUC 2020,QF,3,ITALY 1,CHINA 5,3,0,4"),
        "infinite IMPs": _csv_edit(data, 0, "home_imps", "inf"),
    }  # fmt: skip
    for label, mutated in refused.items():
        yield Case(f"knockout/{label}", "bridge", {**files, "ko.csv": mutated}, "error",
                   target="ko.csv", args=args, locate="rows")  # fmt: skip
    yield from _knockout_beside_cases(data, places, args)


def _knockout_beside_cases(data: bytes, places: bytes, args: tuple[str, ...]) -> Iterator[Case]:
    """The tables beside the knockout: places, a carry-over."""
    files = {"ko.csv": data, "ko-places.csv": places}
    for label, mutated, locate in (
        ("places without a team", places.replace(b"WUC 2020,FRANCE,4,\n", b""), "file"),
        ("places naming a team in another letter case",
         places.replace(b"WUC 2020,FRANCE,4", b"WUC 2020,France,4"), "rows"),
        ("places naming a team twice", places + b"WUC 2020,FRANCE,5,\n", "rows"),
    ):  # fmt: skip
        yield Case(f"knockout places/{label}", "bridge", {**files, "ko-places.csv": mutated},
                   "error", target="ko.csv", args=args, locate=locate,
                   names=("ko.csv", "ko-places.csv") if locate == "rows" and "twice" not in label
                   else ("ko.csv",))  # fmt: skip
    carry = b"event,stage,team,carry_over\nWUC 2020,QF,POLAND 1,25\n"
    plain = {"ko.csv": data, "ko-carry.csv": carry}
    # POLAND 1 starts 25 up: 33 + 25 = 58 to CHINA 1's 57
    yield Case("knockout carry/a carry-over given", "bridge", plain, "ok", target="ko.csv",
               args=("--rules", "knockout"), want=(("team", "POLAND 1", "qualified", True),))  # fmt: skip
    for label, mutated in (
        ("a team in no match", carry.replace(b"POLAND 1", b"POLAND 9")),
        ("a negative carry-over", carry.replace(b",25", b",-25")),
        ("a team in another letter case", carry.replace(b"POLAND 1", b"Poland 1")),
        ("a stage with no match", carry.replace(b",QF,", b",R16,")),
    ):
        yield Case(f"knockout carry/{label}", "bridge", {**plain, "ko-carry.csv": mutated},
                   "error", target="ko.csv", args=("--rules", "knockout"), locate="rows",
                   names=("ko.csv", "ko-carry.csv"))  # fmt: skip
    yield Case("knockout carry/a carry-over the rules do not use", "bridge",
               {**files, "ko-carry.csv": carry}, "error", target="ko.csv", args=args,
               names=("ko-carry.csv",))  # fmt: skip
    yield Case("knockout/--rules knockout:nosuch", "bridge", files, "error", target="ko.csv",
               args=("--rules", "knockout:nosuch"), locate="option", names=("--rules",))  # fmt: skip


# --- a round robin with its VPs published --------------------------------------------------------

#: WBF 2013 discrete VPs of 16-board matches: C 36, A 31, B 31, D 22
_RR = b"""event,round,home_team,visit_team,home_imps,visit_imps,boards,home_vp,visit_vp
E,1,A,B,30,12,16,15,5
E,1,C,D,10,10,16,10,10
E,2,A,C,5,20,16,6,14
E,2,B,D,40,0,16,18,2
E,3,A,D,22,21,16,10,10
E,3,B,C,11,19,16,8,12
"""
_STANDINGS = b"event,team,vp,rank\nE,C,36,1\nE,A,31,2\nE,B,31,2\nE,D,22,4\n"


def pool_cases() -> Iterator[Case]:
    name = "rr.csv"
    args = ("--vp-scale", "given")
    base = "pool given vps/original"
    yield Case(base, "bridge", {name: _RR}, "ok", args=args, want=(("team", "C", "vp", 36.0),))
    last = b"E,3,B,C,11,19,16,8,12"
    odd = {  # accepted with a warning: the numbers as given
        "VPs adding up to more than 20 (Average Plus to both)": (
            _RR.replace(last, b"E,3,B,C,11,19,16,12,12"), (("team", "B", "vp", 35.0),)),
        "a negative VP score (a penalty)": (
            _RR.replace(last, b"E,3,B,C,11,19,16,-1,12"), (("team", "B", "vp", 22.0),)),
        "a bye with its VPs given": (_RR + b"E,4,A,,0,,16,12,\n", (("team", "A", "vp", 43.0),)),
    }  # fmt: skip
    for label, (mutated, want) in odd.items():
        yield Case(f"pool given vps/{label}", "bridge", {name: mutated}, "ok", args=args,
                   want=want)  # fmt: skip
    yield Case("pool given vps/a team name with a trailing space", "bridge",
               {name: _RR.replace(b"E,2,A,C", b"E,2,A ,C")}, "same", base, args=args)  # fmt: skip
    refused = {
        "a VP above the scale's most": _RR.replace(last, b"E,3,B,C,11,19,16,21,0"),
        "a bye carrying IMPs": _RR + b"E,4,A,,5,,16,12,\n",
        "a bye of a team in no match": _RR + b"E,4,Z,,0,,16,12,\n",
        "a team in another letter case": _RR.replace(b"E,2,A,C", b"E,2,a,C"),
        "a match twice in a round": _RR + b"E,3,A,D,22,21,16,10,10\n",
    }
    for label, mutated in refused.items():
        yield Case(f"pool given vps/{label}", "bridge", {name: mutated}, "error", args=args,
                   locate="rows")  # fmt: skip
    yield Case("pool given vps/--vp-scale given:wbf25", "bridge", {name: _RR}, "error",
               args=("--vp-scale", "given:wbf25"), locate="option", names=("--vp-scale",))  # fmt: skip
    yield Case("pool given vps/--vp-scale given:wbf2013_discrete", "bridge", {name: _RR}, "same",
               base, args=("--vp-scale", "given:wbf2013_discrete"))  # fmt: skip
    yield from _segment_cases()
    yield from _check_cases()


#: round 1 in two segments, the teams changing home: A 55 - B 15 (18.09), D 32 - C 12 (15.00)
_SEGMENTS = b"""event,round,segment,home_team,visit_team,home_imps,visit_imps,boards
E,1,1,A,B,30,10,8
E,1,2,B,A,5,25,8
E,1,1,C,D,10,12,8
E,1,2,D,C,20,2,8
"""


def _segment_cases() -> Iterator[Case]:
    name = "segments.csv"
    yield Case("pool segments/original", "bridge", {name: _SEGMENTS}, "ok",
               want=(("team", "A", "vp", 18.09), ("team", "C", "vp", 5.0)))  # fmt: skip
    for label, row in (("a segment pasted twice", b"E,1,2,B,A,5,25,8\n"),
                       ("a segment again with a corrected score", b"E,1,2,B,A,6,25,8\n"),
                       ("a segment again, the teams the other way", b"E,1,1,B,A,10,30,8\n")):  # fmt: skip
        yield Case(f"pool segments/{label}", "bridge", {name: _SEGMENTS + row}, "error",
                   locate="rows")  # fmt: skip


def _check_cases() -> Iterator[Case]:
    files = {"rr-matches.csv": _RR, "rr-standings.csv": _STANDINGS}
    common = dict(command="check", target="rr-matches.csv", out="differences.csv",
                  args=("--vp-scale", "wbf2013_discrete"))  # fmt: skip
    yield Case("pool check/original", "bridge", files, "ok", **common)  # type: ignore[arg-type]
    yield Case("pool check/standings leaving a team out", "bridge",
               {**files, "rr-standings.csv": _STANDINGS.replace(b"E,D,22,4\n", b"")}, "ok",
               **common)  # type: ignore[arg-type]  # fmt: skip
    for label, mutated, locate in (
        ("standings naming a team in no match", _STANDINGS + b"E,Z,0,5\n", "line"),
        ("standings naming a team in another letter case",
         _STANDINGS.replace(b"E,D,22", b"E,d,22"), "file"),
    ):  # fmt: skip
        yield Case(f"pool check/{label}", "bridge", {**files, "rr-standings.csv": mutated},
                   "error", locate=locate, names=("rr-standings.csv",), **common)  # type: ignore[arg-type]  # fmt: skip
    yield Case("pool check/a published VP above the scale's most", "bridge",
               {**files, "rr-matches.csv": _RR.replace(b"16,8,12", b"16,8,22")}, "error",
               locate="rows", **common)  # type: ignore[arg-type]  # fmt: skip


def bridge_team_cases() -> Iterator[Case]:
    """Every hostile team case."""
    yield from knockout_cases()
    yield from pool_cases()


__all__ = ["bridge_team_cases"]
