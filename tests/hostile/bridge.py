"""Hostile cases: bridge travellers, PBN and USEBIO files, declared scoring and conventions."""

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
    _parquet_generic,
    _read_csv,
    _sub,
    _truncate_mid_line,
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


# --- bridge: VP tables, options a file cannot use, scores beyond any contract, check ---------


def bridge_option_cases() -> Iterator[Case]:
    """A real team-match PBN (2021 Online Qualifier, 10-board matches) with the real ACBL
    30-VP table, the table mutated; options a file cannot use; scores no contract gives;
    ``check`` and every file it reads."""
    yield from _vp_table_cases()
    yield from _bridge_convention_cases()
    yield from _bridge_score_bound_cases()
    yield from _bridge_check_cases()


def _vp_sub(table: bytes, old: str, new: str) -> bytes:
    assert old.encode() in table, old
    return table.replace(old.encode(), new.encode(), 1)


def _vp_table_cases() -> Iterator[Case]:
    teams = (TESTS / "bridge" / "pbn-teams-imps.pbn").read_bytes()
    table = (TESTS / "bridge" / "vp" / "acbl-30vp-6-11-boards.csv").read_bytes()
    files = {"teams.pbn": teams, "vp.csv": table}
    vp = ("--vp-scale", "{dir}/vp.csv")
    # Team 05 won 36-4 (32 IMPs: band 31-35 of 10 boards, 29 VP), Team 23 31-1 (30: 26-30, 28)
    want = (("team", "Team 05", "vp", 29.0), ("team", "Team 23", "vp", 28.0))
    yield Case(
        "vp table/ACBL 30-VP table", "bridge", files, "ok", target="teams.pbn", args=vp, want=want
    )
    yield Case(
        "vp table/rows in another order",
        "bridge",
        {**files, "vp.csv": table.splitlines(keepends=True)[0] + _join_rev(table)},
        "same",
        "vp table/ACBL 30-VP table",
        target="teams.pbn",
        args=vp,
    )
    bad = {  # each breaks one rule of a VP table: the 10-board bands, edited
        "VPs fall as the margin grows": ("10,31,35,29,1", "10,31,35,27,3"),
        "winner's and loser's VPs do not sum to 30": ("10,12,14,24,6", "10,12,14,24,7"),
        "a gap between bands": ("10,9,11,23,7", "10,9,10,23,7"),
        "overlapping bands": ("10,12,14,24,6", "10,11,14,24,6"),
        "a draw scoring 16-14": ("10,0,0,15,15", "10,0,0,16,14"),
        "bands not starting at 0": ("10,0,0,15,15\r\n", ""),
        "a VP that is not a number": ("10,5,6,21,9", "10,5,6,21,x"),
    }
    for label, (old, new) in bad.items():
        yield Case(
            f"vp table/{label}", "bridge", {**files, "vp.csv": _vp_sub(table, old, new)},
            "error", target="teams.pbn", args=vp, locate="option", names=("--vp-scale", "vp.csv"),
        )  # fmt: skip
    no_ten = b"".join(
        line for line in table.splitlines(keepends=True) if not line.startswith(b"10,")
    )
    refused = {
        "no bands for matches of 10 boards": no_ten,
        "empty table file": b"",
        "header only": table.splitlines(keepends=True)[0],
        "binary garbage": _garbage(41),
        "a column missing": _drop_vp_column(table, "vp_loser"),
    }
    for label, mutated in refused.items():
        yield Case(
            f"vp table/{label}", "bridge", {**files, "vp.csv": mutated}, "error",
            target="teams.pbn", args=vp, locate="option", names=("--vp-scale", "vp.csv"),
        )  # fmt: skip
    yield Case(
        "vp table/a table file that does not exist", "bridge", {"teams.pbn": teams}, "error",
        args=("--vp-scale", "{dir}/none.csv"), locate="option", names=("--vp-scale", "none.csv"),
    )  # fmt: skip
    yield Case(
        "vp table/--out over the VP table", "bridge", files, "error", target="teams.pbn",
        args=(*vp, "--out", "{dir}/vp.csv"), out=None, names=("vp.csv",),
    )  # fmt: skip
    yield Case(
        "vp table/on pairs results", "bridge", {"session.csv": _bridge_csv(), "vp.csv": table},
        "error", target="session.csv", args=vp, locate="option", names=("--vp-scale",),
    )  # fmt: skip


def _join_rev(table: bytes) -> bytes:
    rows = table.splitlines(keepends=True)[1:]
    return b"".join(rows[::-1])


def _drop_vp_column(table: bytes, column: str) -> bytes:
    from .common import _drop_column

    return _drop_column(table, column)


def _bridge_convention_cases() -> Iterator[Case]:
    teams = (TESTS / "bridge" / "pbn-teams-imps.pbn").read_bytes()
    xml = (TESTS / "bridge" / "usebio-mp-pairs-howell.xml").read_bytes()
    for label, files, args in (
        ("--convention nosuch on pairs", {"session.xml": xml}, ("--convention", "nosuch")),
        ("--convention nosuch on teams", {"teams.pbn": teams}, ("--convention", "nosuch")),
        ("--convention kops on teams", {"teams.pbn": teams}, ("--convention", "kops")),
        ("--scoring mp on teams", {"teams.pbn": teams}, ("--scoring", "mp")),
        ("--scoring nosuch", {"session.xml": xml}, ("--scoring", "nosuch")),
        ("--rules half on teams", {"teams.pbn": teams}, ("--rules", "half")),
        ("--vp-scale nosuch on teams", {"teams.pbn": teams}, ("--vp-scale", "nosuch")),
        ("--vp-scale wbf25 (not shipped)", {"teams.pbn": teams}, ("--vp-scale", "wbf25")),
        ("--tiebreaks on bridge", {"session.xml": xml}, ("--tiebreaks", "BH")),
    ):
        yield Case(
            f"bridge options/{label}", "bridge", files, "error", args=args, locate="option",
            names=(args[0],),
        )  # fmt: skip
    for conv in ("compscore", "jfr"):
        yield Case(
            f"bridge options/--convention {conv} on pairs", "bridge", {"session.xml": xml}, "ok",
            args=("--convention", conv),
        )  # fmt: skip


def _bridge_score_bound_cases() -> Iterator[Case]:
    """Travellers without contract columns: only the score is known."""
    frame = _read_csv(_bridge_csv())
    frame = frame[frame["artificial"] == ""].drop(columns=["contract", "declarer", "tricks"])
    name = "scores.csv"
    plain = frame.to_csv(index=False).encode()
    yield Case("bridge scores/no contract columns", "bridge", {name: plain}, "ok")
    for label, value in (
        ("a score of 1,000,000,000", "1000000000"),
        ("a score of -7,610", "-7610"),
        ("a score of 7,650", "7650"),
        ("a score of 425", "425"),
    ):
        yield Case(
            f"bridge scores/{label}", "bridge", {name: _csv_edit(plain, 0, "ns_score", value)},
            "error", locate="rows",
        )  # fmt: skip
    # 7NTXX vulnerable, down 13: -7,600, the least possible score (board 1: nobody vulnerable,
    # but without a contract the vulnerability of the declarer is not known)
    yield Case(
        "bridge scores/a score of -7,600", "bridge", {name: _csv_edit(plain, 0, "ns_score", "-7600")},
        "ok",
    )  # fmt: skip


def _bridge_check_cases() -> Iterator[Case]:
    xml = (TESTS / "bridge" / "usebio-mp-pairs-howell.xml").read_bytes()
    teams = (TESTS / "bridge" / "pbn-teams-imps.pbn").read_bytes()
    table = (TESTS / "bridge" / "vp" / "acbl-30vp-6-11-boards.csv").read_bytes()
    yield Case("bridge check/USEBIO", "bridge", {"session.xml": xml}, "ok", command="check",
               out="differences.csv")  # fmt: skip
    yield Case(
        "bridge check/--out over the file", "bridge", {"session.xml": xml}, "error",
        command="check", out=None, args=("--out", "{dir}/session.xml"),
    )  # fmt: skip
    yield Case(
        "bridge check/--vp-scale (no VP checked)", "bridge",
        {"teams.pbn": teams, "vp.csv": table}, "error", command="check", target="teams.pbn",
        args=("--vp-scale", "{dir}/vp.csv"), locate="option", names=("--vp-scale",),
    )  # fmt: skip
    yield Case(
        "bridge check/--convention on teams", "bridge", {"teams.pbn": teams}, "error",
        command="check", args=("--convention", "ebu"), locate="option", names=("--convention",),
    )  # fmt: skip
