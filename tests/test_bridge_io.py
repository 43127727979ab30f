"""Bridge readers: PBN 2.1 and USEBIO 1.2, on the real files and on hostile or malformed input."""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import reference_contract as ref
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from tourneystats import (
    ValidationError,
    bridge,
    contract_score,
    read_pbn,
    read_usebio,
    vulnerability,
)
from tourneystats.bridge.contract import artificial_code

DATA = Path(__file__).parent / "data" / "bridge"
HOWELL = DATA / "usebio-mp-pairs-howell.xml"
BUTLER = DATA / "usebio-butler-mitchell.xml"
TEAMS = DATA / "pbn-teams-imps.pbn"


@pytest.fixture(scope="module")
def howell():
    return read_usebio(HOWELL)


@pytest.fixture(scope="module")
def butler():
    return read_usebio(BUTLER)


@pytest.fixture(scope="module")
def teams():
    return read_pbn(TEAMS)


def _line(frame, board, ns, ew):
    rows = frame[(frame["board"] == board) & (frame["ns_pair"] == ns) & (frame["ew_pair"] == ew)]
    assert len(rows) == 1
    return rows.iloc[0]


# --- USEBIO: the 12-pair Howell, matchpointed ----------------------------------------------------


def test_howell_counts(howell):
    r = howell.results
    # 27 <BOARD> with 161 <TRAVELLER_LINE> in the file; 12 <PAIR>
    assert len(r) == 161
    assert r["board"].nunique() == 27 and sorted(r["board"].unique()) == list(range(1, 28))
    assert len(howell.pairs) == 12 and len(howell.published.totals) == 12
    assert len(howell.published.lines) == 161
    assert set(r["event"]) == {"EL Wed 10.00am Open (27-Jul-22)"}
    assert set(r["section"]) == {"A"}
    assert r.groupby("board").size().isin([5, 6]).all()
    assert not r.duplicated(["board", "ns_pair", "ew_pair"]).any()
    assert set(r["date"]) == {pd.Timestamp("2022-07-27")}  # <DATE>27/07/2022</DATE>
    assert list(r.columns) == [
        "event",
        "date",
        "section",
        "board",
        "ns_pair",
        "ew_pair",
        "ns_score",
        "contract",
        "declarer",
        "tricks",
        "lead",
        "artificial",
        "scoring",  # MP_PAIRS
        "convention",  # PROGRAM_NAME Compscore3
    ]


def test_howell_values_as_in_file(howell):
    r, lines = howell.results, howell.published.lines
    # board 1, NS 3 v EW 11: 5C by W, lead 2H, 11 tricks, -400, MPs 0 / 10
    row = _line(r, 1, "3", "11")
    assert (row["contract"], row["declarer"], row["tricks"], row["ns_score"]) == (
        "5C",
        "W",
        11,
        -400,
    )
    assert row["lead"] == "H2" and pd.isna(row["artificial"])
    pub = _line(lines, 1, "3", "11")
    assert (pub["ns_mp"], pub["ew_mp"]) == (0, 10)
    # board 2, NS 5 v EW 2: 3NT by E, 10 tricks, -430, MPs 0 / 10
    row = _line(r, 2, "5", "2")
    assert (row["contract"], row["declarer"], row["tricks"], row["ns_score"]) == (
        "3NT",
        "E",
        10,
        -430,
    )
    # board 26: the artificial 50/50 (NS 5 v EW 10) and Neuberg-scaled 9.8 / 0.2 for NS 7 v EW 3
    art = _line(r, 26, "5", "10")
    assert art["artificial"] == "A5050"
    assert pd.isna(art["ns_score"]) and pd.isna(art["contract"]) and pd.isna(art["tricks"])
    assert tuple(_line(lines, 26, "5", "10")[["ns_mp", "ew_mp"]]) == (5, 5)
    assert tuple(_line(lines, 26, "7", "3")[["ns_mp", "ew_mp"]]) == (9.8, 0.2)
    assert _line(r, 26, "7", "3")["ns_score"] == 650


def test_howell_totals_as_in_file(howell):
    t = howell.published.totals.set_index("pair")
    assert t.loc["1", ["total", "percentage", "rank"]].tolist() == [128.77, 47.69, 8]
    assert t.loc["2", ["total", "percentage", "rank"]].tolist() == [156.80, 58.07, 3]
    assert t.loc["6", ["total", "percentage", "rank"]].tolist() == [162.60, 60.22, 1]
    assert t.loc["7", ["total", "percentage", "rank"]].tolist() == [160.60, 59.48, 2]
    assert set(t["scoring"]) == {"MP"}
    assert "line" not in t.columns  # a Howell: no direction
    names = howell.pairs.set_index("pair")["names"]
    assert names["1"] == "PLAYER 001 & PLAYER 002" and names["12"] == "PLAYER 023 & PLAYER 024"


def test_howell_published_totals_follow_from_published_lines(howell):
    # The file's own arithmetic, read back: the one board with 5 results is Neuberg-scaled to the top of 10, M' = (M + 1) * 6 / 5 - 1; each
    # pair's TOTAL_SCORE is its sum, factored up to 27 boards for the two pairs that missed one,
    # and PERCENTAGE = TOTAL_SCORE / (27 * 10).
    lines = howell.published.lines
    n = lines.groupby("board")["board"].transform("size")
    assert n.value_counts().to_dict() == {6: 156, 5: 5}

    def scaled(m):
        return np.where(n < 6, (m + 1) * 6 / n - 1, m)

    mp = pd.concat(
        [
            pd.DataFrame({"pair": lines["ns_pair"], "mp": scaled(lines["ns_mp"])}),
            pd.DataFrame({"pair": lines["ew_pair"], "mp": scaled(lines["ew_mp"])}),
        ]
    )
    per_pair = mp.groupby("pair")["mp"].agg(["sum", "size"])
    totals = howell.published.totals.set_index("pair")
    expected = per_pair["sum"] * 27 / per_pair["size"]
    np.testing.assert_allclose(expected.loc[totals.index], totals["total"], atol=0.005)
    assert per_pair["size"].to_dict() == {p: (26 if p in ("1", "3") else 27) for p in totals.index}
    np.testing.assert_allclose(totals["total"] / 270 * 100, totals["percentage"], atol=0.005)


# --- USEBIO: the Butler Mitchell -----------------------------------------------------------------


def test_butler_counts_and_values(butler):
    r, pub = butler.results, butler.published
    assert len(r) == 245 and r["board"].nunique() == 35
    assert len(pub.boards) == 35 and len(pub.totals) == 14 and len(butler.pairs) == 14
    assert r.groupby("board").size().eq(7).all()
    # Mitchell: pair ids per line, as written in the file
    assert set(r["ns_pair"]) == {f"{i}NS" for i in range(1, 8)}
    assert set(r["ew_pair"]) == {f"{i}EW" for i in range(1, 8)}
    datum = pub.boards.set_index("board")["datum"]
    assert (datum[1], datum[2], datum[3]) == (-30, -10, 200)
    first = _line(pub.lines, 1, "1NS", "1EW")
    assert (first["ns_imps"], first["ew_imps"]) == (-3, 3)
    assert _line(pub.lines, 2, "2NS", "3EW")["ns_imps"] == 2
    t = pub.totals.set_index("pair")
    assert t.loc["1NS", ["line", "total", "rank"]].tolist() == ["NS", 42.0, 2]
    assert t.loc["1EW", ["line", "total", "rank"]].tolist() == ["EW", -25.0, 7]
    assert t.loc["2NS", ["total", "rank"]].tolist() == [73.0, 1]
    assert t.loc["2EW", ["total", "rank"]].tolist() == [48.0, 1]
    assert set(t["scoring"]) == {"IMP"}
    art = r[r["artificial"].notna()]
    assert len(art) == 1 and art.iloc[0][["ns_pair", "ew_pair", "artificial"]].tolist() == [
        "2NS",
        "1EW",
        "A5050",
    ]


def test_butler_published_totals_are_sums(butler):
    lines = butler.published.lines
    imps = pd.concat(
        [
            lines[["ns_pair", "ns_imps"]].set_axis(["pair", "imps"], axis=1),
            lines[["ew_pair", "ew_imps"]].set_axis(["pair", "imps"], axis=1),
        ]
    )
    sums = imps.groupby("pair")["imps"].sum()
    totals = butler.published.totals.set_index("pair")["total"]
    np.testing.assert_allclose(sums.loc[totals.index], totals)


# --- PBN: the team file --------------------------------------------------------------------------


def test_teams_counts(teams):
    r = teams.results
    assert len(r) == 299  # 299 games in the file
    assert sorted(r["board"].unique()) == list(range(11, 21))
    assert r.groupby("board").size().to_dict() == {b: 30 for b in range(11, 20)} | {20: 29}
    assert r["home_team"].nunique() + 0 <= 30
    assert set(r["home_team"]) | set(r["visit_team"]) == {f"Team {i:02d}" for i in range(1, 31)}
    assert not r.duplicated(["board", "table"]).any()
    assert set(r["home_side"]) == {"NS", "EW"}
    # every board of a match is played at two tables, once with the home team North-South
    sides = r.groupby(["board", "home_team", "visit_team"])["home_side"].agg(
        lambda s: "".join(sorted(s))
    )
    assert (sides == "EWNS").sum() == 149 and len(sides) == 150
    assert len(teams.pairs) == 30
    assert list(r.columns) == [
        "event",
        "board",
        "home_team",
        "visit_team",
        "table",
        "home_side",
        "ns_score",
        "contract",
        "declarer",
        "tricks",
        "lead",
        "vulnerable",
    ]


def test_teams_values_as_in_file(teams):
    r, pub = teams.results, teams.published.lines
    first = r.iloc[0]  # board 11, Table 11, Team 01 (HomeTeam tag) v Team 02, passed out
    assert (first["board"], first["table"], first["contract"]) == (11, "11", "Pass")
    assert first["ns_score"] == 0 and pd.isna(first["declarer"]) and pd.isna(first["tricks"])
    second = r.iloc[1]  # Table 4: 1NT by N, 8 tricks, NS 120, ScoreIMP NS 1, lead D4
    assert second[["table", "contract", "declarer", "tricks", "ns_score", "lead"]].tolist() == [
        "4",
        "1NT",
        "N",
        8,
        120,
        "D4",
    ]
    assert pub.iloc[1]["ns_imps"] == 1 and pub.iloc[1]["ns_score"] == 120
    # Team 01 v Team 02 on board 11: tables 11 (Team 01 NS, 0) and 7 (Team 02 NS, -150):
    # Team 01 wins 150 -> 4 IMPs; ScoreIMP "NS 4" at table 11 and "NS -4" at table 7
    match = pub[(pub["board"] == 11) & pub["table"].isin(["11", "7"])].set_index("table")
    assert match.loc["11", "ns_imps"] == 4 and match.loc["7", "ns_imps"] == -4
    assert match.loc["11", "ns_score"] == 0 and match.loc["7", "ns_score"] == -150
    # both tables give the same IMPs for the match's home team
    assert match["home_imps"].nunique() == 1
    home = match["home_team"].iloc[0]
    assert match.loc["11" if home == "Team 01" else "7", "home_side"] == "NS"
    doubled = r[r["contract"].str.endswith("X", na=False)]
    assert len(doubled) == 18  # 2Dx, 2Hx, 4Hx x4, 4Sx x4, 5Dx x6, 5Sx x2 in the file
    assert r["vulnerable"].value_counts().to_dict() == {"None": 90, "NS": 90, "EW": 60, "All": 59}


def test_teams_home_imps_agree_between_tables(teams):
    pub = teams.published.lines
    per_match = pub.groupby(["board", "home_team", "visit_team"])["home_imps"].nunique()
    assert (per_match == 1).all()


# --- contract scoring reproduces every published score --------------------------------------------


@pytest.mark.parametrize("path", [HOWELL, BUTLER])
def test_usebio_scores_reproduced(path):
    r = read_usebio(path).results
    real = r[r["artificial"].isna()]
    computed = contract_score(
        real["contract"], real["declarer"], real["tricks"], vulnerability(real["board"])
    )
    assert len(real) == len(r) - 1
    assert (computed.to_numpy() == real["ns_score"].to_numpy()).all()


def test_pbn_scores_reproduced(teams):
    r, pub = teams.results, teams.published.lines
    computed = contract_score(r["contract"], r["declarer"], r["tricks"], r["vulnerable"])
    has_score = pub["ns_score"].notna()
    assert has_score.sum() == 279  # 279 Score tags; the 20 games without one are passed out
    assert (computed[has_score].to_numpy() == pub.loc[has_score, "ns_score"].to_numpy()).all()
    assert (r.loc[~has_score, "contract"] == "Pass").all()
    # the file's Vulnerable tags follow the standard cycle
    assert (vulnerability(r["board"]) == r["vulnerable"]).all()


# --- the caller's files are never written ---------------------------------------------------------


def test_files_untouched(tmp_path):
    copies = []
    for src in (HOWELL, BUTLER, TEAMS):
        dst = tmp_path / src.name
        shutil.copy(src, dst)
        os.chmod(dst, 0o444)
        copies.append((dst, hashlib.sha256(dst.read_bytes()).hexdigest(), dst.stat().st_mtime_ns))
    read_usebio([copies[0][0], copies[1][0]])
    read_pbn(copies[2][0])
    read_usebio(tmp_path)
    read_pbn(tmp_path)
    for dst, digest, mtime in copies:
        assert hashlib.sha256(dst.read_bytes()).hexdigest() == digest
        assert dst.stat().st_mtime_ns == mtime
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        p.name for p in DATA.iterdir() if p.is_file()
    )


# --- hostile and malformed XML --------------------------------------------------------------------

_MINIMAL = """<?xml version="1.0"?>
{doctype}<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
<SCORE>{score}</SCORE></TRAVELLER_LINE>
</BOARD></EVENT></USEBIO>
"""


def _write(tmp_path, text, name="x.xml"):
    p = tmp_path / name
    p.write_text(text)
    return p


@pytest.mark.parametrize(
    "doctype, score",
    [
        (  # billion laughs
            '<!DOCTYPE USEBIO [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>\n',
            "&b;",
        ),
        ('<!DOCTYPE USEBIO [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n', "&x;"),  # external
        ('<!DOCTYPE USEBIO [<!ENTITY % p SYSTEM "http://example.invalid/x.dtd"> %p;]>\n', "400"),
        ("<!DOCTYPE USEBIO [<!ELEMENT USEBIO ANY>]>\n", "400"),  # any internal subset
        ("", "&undefined;"),  # an entity that no declaration defines
    ],
)
def test_hostile_xml_refused(tmp_path, doctype, score):
    p = _write(tmp_path, _MINIMAL.format(doctype=doctype, score=score))
    with pytest.raises(ValidationError, match=str(p.name)):
        read_usebio(p)


def test_plain_external_doctype_is_not_fetched(tmp_path):
    # real USEBIO files declare the DTD by URL; it is ignored, and the file reads
    doctype = '<!DOCTYPE USEBIO SYSTEM "http://example.invalid/usebio_v1_2.dtd">\n'
    bf = read_usebio(_write(tmp_path, _MINIMAL.format(doctype=doctype, score="-620")))
    assert bf.results["ns_score"].tolist() == [-620]


def test_malformed_xml_names_file_and_line(tmp_path):
    text = _MINIMAL.format(doctype="", score="400").replace("</BOARD>", "</BORD>")
    p = _write(tmp_path, text)
    with pytest.raises(ValidationError, match=r"x\.xml: malformed XML at line 6"):
        read_usebio(p)


def test_bad_usebio_value_names_element_and_line(tmp_path):
    p = _write(tmp_path, _MINIMAL.format(doctype="", score="lots"))
    with pytest.raises(ValidationError, match=r"x\.xml: line 4: <TRAVELLER_LINE>.*SCORE 'lots'"):
        read_usebio(p)
    text = _MINIMAL.format(doctype="", score="400").replace(
        "<SCORE>", "<CONTRACT>8NT</CONTRACT><SCORE>"
    )
    with pytest.raises(ValidationError, match=r"line 4: <TRAVELLER_LINE>.*not a contract: '8NT'"):
        read_usebio(_write(tmp_path, text))


def test_usebio_artificial_codes(tmp_path):
    for code in ("A6040", "A4060", "A5050", "a6050"):
        bf = read_usebio(_write(tmp_path, _MINIMAL.format(doctype="", score=code)))
        assert bf.results["artificial"].tolist() == [code.upper()]
        assert bf.results["ns_score"].isna().all()


# --- PBN notation, on small hand-written files ----------------------------------------------------

EVENT_LEVEL = r"""% PBN 2.1
% EXPORT
{ A header comment
  that spans

  a blank line }
[Event "##Club \"Monday\" Pairs"]
[Site "##Somewhere"] [Date "##2024.03.04"]
[Section "##B"]
[Round "##1"]
[Scoring "##MP"]

[Board "1"]
[Board "9"] ; a repeated tag is ignored
[Vulnerable "None"] ; a comment [Board "7"]
[Dealer
  "N"]
[ScoreTable "Rank\2R;PairId_NS\2R;PairId_EW\2R;Contract\5L;Declarer\1R;Result\2R;Lead\3L;Score_NS\5R;Score_EW\5R;MP_NS\4R;MP_EW\4R;Percentage_NS\3R;Percentage_EW\3R;Names_NS;Names_EW"]
 1  1  2 3NT   N 10 SA    430     -  6.0  0.0 100   0 "Ann Smith;Bob Jones" "Cid Wu;Dee Ox"
 2  3  4 4S    S 10 HK    420     -  4.0  2.0  67  33 "Eve Ray;Fay \"Fee\" Lee" "Gus \"G\" Hill;Hal Bo"
 3  5  6 -     -  - -       -     -  3.0  3.0 ^50 ^50 "Ivy Kay;Jon Day" "Kim Yu;Len Orr"
 4  7  8 3NTX  N  7 DQ      -   300  0.0  6.0   0 100 "Mo Li;Ned Po" "Oz Qi;Pat Su"

[Event "#"]
[Board "2"]
[Vulnerable "NS"]
[ScoreTable "-Contract;Declarer;Result;+Score_NS;Multiplicity"]
4H N 10 620 2 4H N 9 -100 1
- - - ^-100 1
- - - ^60% 1

[TotalScoreTable "Rank\2R;PairId\2R;Direction\2L;TotalMP\5R;TotalPercentage\6R;NrBoards\2R;Names"]
 1  1 NS  12.0  66.67  2 "Ann Smith;Bob Jones"
 2= 3 NS   9.0  50.00  2 "Eve Ray;Fay Lee"
"""


def _pbn(tmp_path, text, name="x.pbn"):
    p = tmp_path / name
    p.write_text(text)
    return p


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_pbn_event_level_notation(tmp_path, newline):
    p = tmp_path / "x.pbn"
    p.write_bytes(EVENT_LEVEL.replace("\n", newline).encode("utf-8"))
    bf = read_pbn(p)
    r = bf.results
    assert set(r["event"]) == {'Club "Monday" Pairs'}  # "##" header, "#", escaped quotes
    assert set(r["section"]) == {"B"} and r["round"].tolist() == [1] * 9
    assert r["board"].tolist() == [1, 1, 1, 1, 2, 2, 2, 2, 2]  # Multiplicity 2 repeats a row
    assert r["vulnerable"].tolist() == ["None"] * 4 + ["NS"] * 5
    b1 = r[r["board"] == 1].set_index("ns_pair")
    assert b1.loc[
        "1", ["ew_pair", "contract", "declarer", "tricks", "lead", "ns_score"]
    ].tolist() == [
        "2",
        "3NT",
        "N",
        10,
        "SA",
        430,
    ]
    assert b1.loc["7", ["contract", "tricks", "ns_score"]].tolist() == ["3NTX", 7, -300]  # Score_EW
    assert b1.loc["5", "artificial"] == "A5050" and pd.isna(b1.loc["5", "ns_score"])
    assert pd.isna(b1.loc["5", "contract"]) and pd.isna(b1.loc["5", "tricks"])
    b2 = r[r["board"] == 2]
    assert b2["ns_score"].tolist()[:4] == [620, 620, -100, -100]  # the last: assigned ^-100
    assert b2["artificial"].iloc[:4].isna().all()
    assert pd.isna(b2["contract"].iloc[3])  # an assigned score carries no contract
    assert b2["artificial"].iloc[4] == "A6040"  # ^60% for North-South
    assert b2["ns_pair"].isna().all()  # this traveller names no pairs
    scored = r[r["contract"].notna()]
    assert (
        contract_score(
            scored["contract"], scored["declarer"], scored["tricks"], scored["vulnerable"]
        )
        == scored["ns_score"]
    ).all()
    lines = bf.published.lines
    assert lines.loc[lines["board"] == 1, "ns_mp"].tolist() == [6, 4, 3, 0]
    assert lines.loc[lines["board"] == 1, "ew_percentage"].tolist() == [0, 33, 50, 100]
    assert lines.loc[lines["board"] == 1, "rank"].tolist() == [1, 2, 3, 4]
    names = bf.pairs.set_index("pair")["names"]
    assert names["3"] == "Eve Ray;Fay Lee"  # the TotalScoreTable, read last, names it so
    assert names["4"] == 'Gus "G" Hill;Hal Bo'  # escaped quotes in a string token
    assert names["2"] == "Cid Wu;Dee Ox"
    t = bf.published.totals
    assert t[
        ["pair", "line", "total", "percentage", "rank", "boards", "scoring"]
    ].values.tolist() == [
        ["1", "NS", 12.0, 66.67, 1, 2, "MP"],
        ["3", "NS", 9.0, 50.0, 2, 2, "MP"],
    ]
    assert set(t["section"]) == {"B"}


GAME_LEVEL_PAIRS = """[Event "Pairs game"]
[Board "5"]
[Vulnerable "NS"]
[PairNS "3"]
[PairEW "14"]
[North "N1"] [South "S1"] [East "E1"] [West "W1"]
[Declarer "E"]
[Contract "4H"]
[Result "EW 10"]
[Score "EW 420"]
[ScoreMP "NS 2 EW 8"]
[Auction "N"]
Pass 1H Pass 4H
Pass Pass Pass
[Play "S"]
SA S2 S3 S4
*

[Event "#"]
[Board "6"]
[Vulnerable "EW"]
[PairNS "5"]
[PairEW "16"]
[Declarer "N"]
[Contract "3NT"]
[Result "NS 8 EW 5"]
[Score "-50"]
"""


def test_pbn_game_level_pairs(tmp_path):
    bf = read_pbn(_pbn(tmp_path, GAME_LEVEL_PAIRS))
    r = bf.results
    assert r[
        ["board", "ns_pair", "ew_pair", "contract", "declarer", "tricks", "ns_score"]
    ].values.tolist() == [
        [5, "3", "14", "4H", "E", 10, -420],
        [6, "5", "16", "3NT", "N", 8, -50],
    ]
    assert r["lead"].iloc[0] == "SA" and set(r["event"]) == {"Pairs game"}
    assert set(r["section"]) == {"A"}  # no Section tag
    lines = bf.published.lines
    assert lines[["ns_mp", "ew_mp"]].iloc[0].tolist() == [2, 8]
    assert lines["ns_score"].tolist() == [-420, -50]
    assert bf.pairs.set_index("pair").loc["3", "names"] == "N1 & S1"


TEAMS_BY_ROOM = """[Event "Match"]
[Board "1"]
[Vulnerable "None"]
[HomeTeam "Lions"]
[VisitTeam "Tigers"]
[Room "Open"]
[Table "1"]
[Declarer "N"]
[Contract "4S"]
[Result "10"]
[Score "NS 420"]
[ScoreIMP "NS 7 EW -7"]

[Event "Match"]
[Board "1"]
[Vulnerable "None"]
[HomeTeam "Lions"]
[VisitTeam "Tigers"]
[Room "Closed"]
[Table "2"]
[Declarer "N"]
[Contract "2S"]
[Result "9"]
[Score "NS 140"]
[ScoreIMP "NS -7 EW 7"]
"""


def test_pbn_teams_with_rooms(tmp_path):
    bf = read_pbn(_pbn(tmp_path, TEAMS_BY_ROOM))
    r = bf.results
    assert r[
        ["home_team", "visit_team", "table", "room", "home_side", "ns_score"]
    ].values.tolist() == [
        ["Lions", "Tigers", "1", "Open", "NS", 420],
        ["Lions", "Tigers", "2", "Closed", "EW", 140],
    ]
    # Lions +420 in the open room, -140 in the closed room: 280 -> 7 IMPs for the home team
    assert bf.published.lines["home_imps"].tolist() == [7, 7]


def test_pbn_team_games_named_by_room_only(tmp_path):
    text = TEAMS_BY_ROOM.replace('[Table "1"]\n', "").replace('[Table "2"]\n', "")
    r = read_pbn(_pbn(tmp_path, text)).results
    assert r[["table", "home_side"]].values.tolist() == [["Open", "NS"], ["Closed", "EW"]]
    with pytest.raises(ValidationError, match=r"line 1: a team game needs"):
        read_pbn(_pbn(tmp_path, text.replace('[Room "Open"]\n', ""), "bad.pbn"))


def test_pbn_hand_records_only(tmp_path):
    text = '[Event "Hands"]\n[Board "1"]\n[Deal "N:AKQJ.T98.765.432 - - -"]\n\n[Board "2"]\n'
    bf = read_pbn(_pbn(tmp_path, text))
    assert len(bf.results) == 0 and len(bf.published.lines) == 0 and len(bf.pairs) == 0
    assert {"event", "board", "ns_pair", "ns_score", "artificial"} <= set(bf.results.columns)
    assert {"event", "board", "ns_pair", "ew_pair"} <= set(bf.published.lines.columns)


def test_pbn_several_files_and_folder(tmp_path):
    a = _pbn(tmp_path, GAME_LEVEL_PAIRS, "a.pbn")
    b = _pbn(tmp_path, GAME_LEVEL_PAIRS, "b.pbn")
    both = read_pbn([a, b])
    assert both.results["event"].tolist() == ["Pairs game"] * 2 + ["Pairs game [b]"] * 2
    assert set(both.published.lines["event"]) == {"Pairs game", "Pairs game [b]"}
    assert read_pbn(tmp_path).results.equals(both.results)
    named = read_pbn([a, b], event="Season")
    assert set(named.results["event"]) == {"Season"} and len(named.results) == 4
    with pytest.raises(ValidationError, match="no such file"):
        read_pbn(tmp_path / "missing.pbn")
    (tmp_path / "empty").mkdir()
    with pytest.raises(ValidationError, match="no PBN files in this folder"):
        read_pbn(tmp_path / "empty")


@pytest.mark.parametrize(
    "text, message",
    [
        ('[Event "Club]\n[Board "1"]\n', r"line 1: unterminated string"),
        ('[Event "Club"\n\n[Board "1"]\n', r"line 1: unterminated tag pair"),
        ('[Event "Club"]\n[Board "1"] {never closed\n', r"line 2: comment '\{' is never closed"),
        ('[Event "Club"]\n[Board "one"]\n', r"line 2: board number 'one'"),
        ('[Board "1"]\n[Contract "#"]\n', r"line 2: tag Contract may not inherit"),
        (
            '[Board "1"]\n[Declarer "N"]\n[Contract "8S"]\n[Result "9"]\n',
            r"line 3: .*not a contract",
        ),
        ('[Board "1"]\n[Declarer "Q"]\n[Contract "3NT"]\n[Result "9"]\n', r"line 3: .*declarer"),
        ('[Board "1"]\n[Vulnerable "Red"]\n', r"line 2: unknown vulnerability"),
        ('3NT N 9\n[Board "1"]\n', r"line 1: data '3NT' before any tag"),
        ('[Board "1"]\n[Event Club]\n', r"line 2: tag Event needs a quoted value"),
        ('[Board "1"] ]\n', r"line 1: '\]' without a tag"),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'
            "1 2 3NT N 9 400\n3 4 3NT N 9\n",
            r"line 4: ScoreTable row has 5 value\(s\) for 6 column",
        ),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'
            "1 2 3NT N 9 400\n3 4 9NT N 9 400\n",
            r"line 4: ScoreTable row: .*not a contract",
        ),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Names_NS"]\n1 2 "A;B"\n',
            r"line 2: ScoreTable declares no Contract",
        ),
        ("", "no game in this PBN file"),
        ("% PBN 2.1\n% EXPORT\n{ a comment }\n", "no game in this PBN file"),
        ('[Board "1"] }\n', r"line 1: '\}' outside a comment"),
        ('[Board "1"]\n{ a } }\n', r"line 2: '\}' outside a comment"),
        (
            '[Event "E"]\n[Declarer "N"]\n[Contract "3NT"]\n[Result "9"]\n[Score "NS 400"]\n',
            r"line 1: a game with a result \(Contract, Result or Score\) has no Board tag",
        ),
        (
            '[Board "1"]\n[Declarer "N"]\n[Result "9"]\n[Score "NS 400"]\n',
            r"line 1: game of board 1 states a result but has no Contract tag",
        ),
        (
            '[Board "1"]\n[Declarer "N"]\n[Contract "3NT"]\n[Result "9"]\n[Score "NS abc"]\n',
            r"line 3: game of board 1: 'NS abc': 'abc' is not a number",
        ),
        (
            '[Board "1"]\n[Declarer "N"]\n[Contract "3NT"]\n[Result "9"]\n[Score "NS 400.5"]\n',
            r"line 3: game of board 1: Score 400.5 is not a whole number",
        ),
        (
            '[Board "1"]\n[Declarer "N"]\n[Contract "3NT"]\n[Result "?"]\n',
            r"line 3: game of board 1: no Score, and no Contract with a Declarer and a Result",
        ),
        (
            '[Board "1"]\n[Declarer "N"]\n[Contract "3NT"]\n[Result "9"]\n[Score "NS 420"]\n',
            r"line 3: results: a score differs from its contract's: 3NT by N, 9 tricks, not "
            r"vulnerable scores 400 for North-South, not 420 \(1 row\)",
        ),
        (
            '[Board "1"]\n[HomeTeam "A"]\n[VisitTeam "B"]\n[Table "1"]\n[Declarer "N"]\n'
            '[Contract "3NT"]\n[Result "9"]\n[Score "NS 420"]\n',
            r"line 6: teams: a score differs from its contract's",
        ),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'
            "1 2 3NT N 9 abc\n",
            r"line 3: ScoreTable row: Score_NS 'abc' is not a score",
        ),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'
            "1 2 3NT N 9 400\n3 4 3NT N 9 405\n",
            r"line 4: results: a score is not a multiple of 10 \(1 row\)",
        ),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'
            "1 2 3NT N - -\n",
            r"line 3: ScoreTable row: no score, and no Declarer and Result",
        ),
        (
            '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'
            "1 2 3NT N 14 400\n",
            r"line 3: ScoreTable row: Result gives 14 tricks",
        ),
    ],
)
def test_malformed_pbn_names_file_and_line(tmp_path, text, message):
    p = _pbn(tmp_path, text, "bad.pbn")
    with pytest.raises(ValidationError, match=rf"bad\.pbn: {message}"):
        read_pbn(p)


def test_pbn_assigned_score_marked_adjusted(tmp_path):
    """A '^' score is a director's assigned score (possibly weighted): read, marked adjusted, and
    exempt from the checks against its contract and the multiple of 10."""
    text = (
        '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'
        "1 2 3NT N 9 400\n3 4 3NT N 9 ^415\n5 6 3NT N 9 400\n"
    )
    r = read_pbn(_pbn(tmp_path, text)).results
    assert r["ns_score"].tolist() == [400, 415, 400]
    assert r["adjusted"].tolist() == [False, True, False]
    # NS 3's 415 beats both 400s (4 of 4); EW 4 scores the rest (0)
    assert bridge.session_standings(r)["mp"].tolist() == [4, 1, 1, 3, 3, 0]
    plain = read_pbn(_pbn(tmp_path, text.replace("^415", "400"), "y.pbn")).results
    assert "adjusted" not in plain.columns


def _usebio_line(ns, ew, extra="", score="400"):
    return (
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}"
        f"</EW_PAIR_NUMBER>{extra}<SCORE>{score}</SCORE></TRAVELLER_LINE>\n"
    )


def _usebio_event(lines, participants=""):
    return (
        '<?xml version="1.0"?>\n<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">\n'
        f"{participants}<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n{''.join(lines)}"
        "</BOARD></EVENT></USEBIO>\n"
    )


def test_usebio_results_checked_at_their_line(tmp_path):
    play = "<CONTRACT>3NT</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>9</TRICKS>"
    ok = _usebio_event([_usebio_line(1, 2, play), _usebio_line(3, 4, play)])
    assert read_usebio(_write(tmp_path, ok)).results["ns_score"].tolist() == [400, 400]
    wrong = _usebio_event([_usebio_line(1, 2, play), _usebio_line(3, 4, play, "600")])
    with pytest.raises(
        ValidationError,
        match=r"x\.xml: line 5: results: a score differs from its contract's: 3NT by N, 9 "
        r"tricks, not vulnerable scores 400 for North-South, not 600",
    ):
        read_usebio(_write(tmp_path, wrong))
    empty = '<?xml version="1.0"?>\n<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">\n'
    empty += "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER></BOARD></EVENT></USEBIO>\n"
    with pytest.raises(ValidationError, match=r"x\.xml: line 2: <USEBIO> has no results"):
        read_usebio(_write(tmp_path, empty))


def test_usebio_howell_pair_on_both_sides_refused(tmp_path):
    def pairs(direction):
        return (
            "<PARTICIPANTS>"
            + "".join(
                f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER><DIRECTION>{direction}</DIRECTION></PAIR>"
                for n in (1, 2, 3)
            )
            + "</PARTICIPANTS>\n"
        )

    lines = [_usebio_line(1, 2), _usebio_line(3, 1, score="420")]  # pair 1 on both sides
    with pytest.raises(
        ValidationError,
        match=r"x\.xml: line 5: results: a pair sits both NS and EW on the same board of a "
        r"Howell \(its PARTICIPANTS give no pair a DIRECTION\)",
    ):
        read_usebio(_write(tmp_path, _usebio_event(lines, pairs(""))))
    itself = [_usebio_line(1, 1), _usebio_line(3, 2, score="420")]
    with pytest.raises(ValidationError, match=r"line 5: results: a pair plays against itself"):
        read_usebio(_write(tmp_path, _usebio_event(itself, pairs(""))))
    # in a Mitchell, NS 1 and EW 1 are two pairs
    assert len(read_usebio(_write(tmp_path, _usebio_event(lines, pairs("NS")))).results) == 2


def test_usebio_sections_and_several_files(tmp_path):
    text = """<?xml version="1.0" encoding="ISO-8859-1"?>
<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><EVENT_DESCRIPTION>Caf\xe9</EVENT_DESCRIPTION>
<SESSION><SESSION_NUMBER>1</SESSION_NUMBER>
<SECTION><SECTION_ID>B</SECTION_ID>
<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLAYER><PLAYER_NAME>Ren\xe9</PLAYER_NAME></PLAYER>
</PAIR></PARTICIPANTS>
<BOARD><BOARD_NUMBER>3</BOARD_NUMBER>
<TRAVELLER_LINE><ROUND_NUMBER>2</ROUND_NUMBER><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>
<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>PASS</CONTRACT><SCORE>0</SCORE></TRAVELLER_LINE>
</BOARD></SECTION></SESSION></EVENT></USEBIO>
"""
    p = tmp_path / "a.xml"
    p.write_bytes(text.encode("latin-1"))
    q = tmp_path / "b.xml"
    q.write_bytes(text.encode("latin-1"))
    bf = read_usebio([p, q])
    r = bf.results
    assert r["event"].tolist() == ["Café", "Café [b]"]
    assert r["section"].tolist() == ["B", "B"] and r["round"].tolist() == [2, 2]
    assert r["contract"].tolist() == ["Pass", "Pass"] and r["ns_score"].tolist() == [0, 0]
    assert bf.pairs["names"].tolist() == ["René", "René"]
    with pytest.raises(ValidationError, match=r"a\.xml: line 2: <EVENT>: team events"):
        p.write_text(text.replace("MP_PAIRS", "SWISS_TEAMS").replace("\xe9", "e"))
        read_usebio(p)


# --- round trips: random travellers written out, read back ---------------------------------------

_name = st.text(
    alphabet=st.sampled_from(list("abcdefghij XYZ;\"\\-'&<>é")), min_size=1, max_size=12
).filter(lambda s: s.strip() not in ("", "-", "?") and s == s.strip())


@st.composite
def _travellers(draw):
    n = draw(st.integers(1, 12))
    rows = []
    for i in range(n):
        kind = draw(st.sampled_from(["real", "real", "real", "pass", "art"]))
        row = {"ns": str(draw(st.integers(1, 40))), "ew": str(100 + i), "names": draw(_name)}
        if kind == "art":
            ns = draw(st.sampled_from([40, 50, 60]))
            row.update(art=artificial_code(ns, draw(st.sampled_from([40, 50, 60]))))
        elif kind == "pass":
            row.update(contract="Pass")
        else:
            level = draw(st.integers(1, 7))
            contract = f"{level}{draw(st.sampled_from(['C', 'D', 'H', 'S', 'NT']))}"
            contract += draw(st.sampled_from(["", "X", "XX"]))
            row.update(
                contract=contract,
                declarer=draw(st.sampled_from("NESW")),
                tricks=draw(st.integers(0, 13)),
            )
        rows.append(row)
    board = draw(st.integers(1, 40))
    return board, rows


def _expected_score(row, vul):
    if "art" in row:
        return None
    return ref.ns_score(row["contract"], row.get("declarer"), row.get("tricks"), vul)


def _pbn_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


@settings(max_examples=examples(200), deadline=None)
@given(_travellers(), st.booleans(), st.booleans())
def test_pbn_score_table_round_trip(tmp_path_factory, traveller, one_line, comments):
    board, rows = traveller
    vul = ref.vulnerability(board)
    header = "PairId_NS\\2R;PairId_EW\\3R;Contract\\5L;Declarer;Result\\2R;Score_NS\\6R;"
    header += "Percentage_NS;Percentage_EW;Names_NS"
    out = ["% PBN 2.1", '[Event "Round trip"]', f'[Board "{board}"]', f'[Vulnerable "{vul}"]']
    out.append(f'[ScoreTable "{header}"]' + (" ; the traveller" if comments else ""))
    elements = []
    for row in rows:
        if "art" in row:
            cells = ["-", "-", "-", "-", "^" + row["art"][1:3], "^" + row["art"][3:5]]
        elif row["contract"] == "Pass":
            cells = ["Pass", "-", "-", "0", "-", "-"]
        else:
            score = _expected_score(row, vul)
            cells = [row["contract"], row["declarer"], str(row["tricks"]), str(score), "-", "-"]
        line = [row["ns"].rjust(2), row["ew"].rjust(3), *cells, _pbn_string(row["names"])]
        elements.append(" ".join(line))
        if comments:
            elements.append("{ a comment between rows }")
    out.extend([" ".join(elements)] if one_line else elements)
    path = tmp_path_factory.mktemp("pbn") / "t.pbn"
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    r = read_pbn(path).results
    assert len(r) == len(rows)
    assert r["board"].tolist() == [board] * len(rows)
    assert r["ns_pair"].tolist() == [row["ns"] for row in rows]
    assert r["ew_pair"].tolist() == [row["ew"] for row in rows]
    got = [None if pd.isna(v) else int(v) for v in r["ns_score"]]
    assert got == [_expected_score(row, vul) for row in rows]
    assert [None if pd.isna(v) else v for v in r["artificial"]] == [row.get("art") for row in rows]
    assert [None if pd.isna(v) else v for v in r["contract"]] == [
        row.get("contract") for row in rows
    ]
    tricks = [None if pd.isna(v) else int(v) for v in r["tricks"]]
    assert tricks == [row.get("tricks") for row in rows]
    names = read_pbn(path).pairs.drop_duplicates("pair", keep="first").set_index("pair")["names"]
    first = {}
    for row in rows:
        first.setdefault(row["ns"], row["names"])
    assert names.to_dict() == first


@settings(max_examples=examples(200), deadline=None)
@given(_travellers())
def test_usebio_round_trip(tmp_path_factory, traveller):
    from xml.sax.saxutils import escape

    board, rows = traveller
    vul = ref.vulnerability(board)
    lines = []
    for i, row in enumerate(rows):
        cells = [f"<NS_PAIR_NUMBER>{row['ns']}</NS_PAIR_NUMBER>"]
        cells.append(f"<EW_PAIR_NUMBER>{row['ew']}</EW_PAIR_NUMBER>")
        if "art" in row:
            cells.append(f"<SCORE>{row['art']}</SCORE>")
        elif row["contract"] == "Pass":
            cells.append("<CONTRACT>PASS</CONTRACT><SCORE>0</SCORE>")
        else:
            cells.append(
                f"<CONTRACT>{row['contract']}</CONTRACT><PLAYED_BY>{row['declarer']}</PLAYED_BY>"
                f"<TRICKS>{row['tricks']}</TRICKS><SCORE>{_expected_score(row, vul)}</SCORE>"
            )
        cells.append(f"<NS_MATCH_POINTS>{i}.5</NS_MATCH_POINTS>")
        lines.append("<TRAVELLER_LINE>" + "\n".join(cells) + "</TRAVELLER_LINE>")
    pairs = "".join(
        f"<PAIR><PAIR_NUMBER>{row['ns']}</PAIR_NUMBER><PLAYER><PLAYER_NAME>{escape(row['names'])}"
        "</PLAYER_NAME></PLAYER></PAIR>"
        for row in {r["ns"]: r for r in reversed(rows)}.values()
    )
    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<USEBIO Version="1.2">'
        '<EVENT EVENT_TYPE="MP_PAIRS"><EVENT_DESCRIPTION>Round trip</EVENT_DESCRIPTION>'
        f"<PARTICIPANTS>{pairs}</PARTICIPANTS>"
        f"<BOARD><BOARD_NUMBER>{board}</BOARD_NUMBER>\n" + "\n".join(lines) + "</BOARD>"
        "</EVENT></USEBIO>"
    )
    path = tmp_path_factory.mktemp("xml") / "t.xml"
    path.write_text(text, encoding="utf-8")
    bf = read_usebio(path)
    r = bf.results
    assert r["ns_pair"].tolist() == [row["ns"] for row in rows]
    got = [None if pd.isna(v) else int(v) for v in r["ns_score"]]
    assert got == [_expected_score(row, vul) for row in rows]
    assert [None if pd.isna(v) else v for v in r["artificial"]] == [row.get("art") for row in rows]
    assert bf.published.lines["ns_mp"].tolist() == [i + 0.5 for i in range(len(rows))]
    first = {}
    for row in rows:
        first.setdefault(row["ns"], row["names"])
    assert bf.pairs.set_index("pair")["names"].to_dict() == first


# --- end to end: the readers' frames reproduce the published values with tourneystats.bridge ------


def test_end_to_end_with_bridge_scoring(howell, butler, teams):
    bridge = pytest.importorskip("tourneystats.bridge")
    keys = ["event", "section", "board", "ns_pair", "ew_pair"]
    # Howell: every pair's percentage and place; the line MPs except on board 12, the one board
    # with 5 results, whose published MPs are on its own top of 8 (Neuberg-scaled in the totals)
    standings = bridge.session_standings(howell.results)
    totals = howell.published.totals.merge(standings, on=["event", "section", "pair"])
    assert len(totals) == 12
    np.testing.assert_allclose(totals["percentage_y"], totals["percentage_x"], atol=0.005)
    assert (totals["rank_y"] == totals["rank_x"]).all()
    mp = bridge.matchpoints(howell.results).merge(howell.published.lines, on=keys)
    mp = mp[mp["board"] != 12]
    np.testing.assert_allclose(mp["ns_mp_x"], mp["ns_mp_y"], atol=0.005)
    np.testing.assert_allclose(mp["ew_mp_x"], mp["ew_mp_y"], atol=0.005)
    # Butler: every datum and Butler point
    scored = bridge.butler(butler.results).merge(butler.published.lines, on=keys)
    assert len(scored) == 245
    assert (scored["ns_imps_x"] == scored["ns_imps_y"]).all()
    datums = scored.drop_duplicates("board").merge(butler.published.boards, on="board")
    assert (datums["datum_x"] == datums["datum_y"]).all() and len(datums) == 35
    # teams: every board's IMPs for the home team
    board = bridge.board_imps(teams.results)
    pub = teams.published.lines.drop_duplicates(["board", "home_team", "visit_team"])
    merged = board.merge(pub, on=["event", "board", "home_team", "visit_team"])
    assert len(merged) == 150 and (merged["home_imps_x"] == merged["home_imps_y"]).all()


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
def test_standings_read_only_the_columns_they_use(tmp_path, monkeypatch, suffix):
    """A wide traveller file: standings read the scoring columns (and the contract, checked
    against the score), not the rest."""
    import tourneystats.core.io as tio

    frame = pd.DataFrame(
        {
            "event": "E",
            "board": 1,
            "ns_pair": [1, 2],
            "ew_pair": [3, 4],
            "ns_score": [420, 450],
            "contract": ["4S", "4S"],
            "lead": ["HK", "C2"],
        }
    )
    path = tmp_path / f"wide{suffix}"
    tio.write_table(frame, path)
    read = []
    real = tio.read_table

    def recording(p, columns=None, **options):
        out = real(p, columns=columns, **options)
        read.append(out.columns.tolist())
        return out

    monkeypatch.setattr(bridge.files, "read_table", recording)
    got = bridge.standings_from_path(path)
    assert read == [["event", "board", "ns_pair", "ew_pair", "ns_score", "contract"]]
    pd.testing.assert_frame_equal(got, bridge.session_standings(frame))
    # read_results itself still returns every column
    assert bridge.read_results(path).pairs.columns.tolist() == frame.columns.tolist()


@pytest.mark.parametrize(
    ("date", "expected"),
    [("11/03/2026", "2026-03-11"), ("2026-03-11", "2026-03-11"), (None, None)],
)
def test_usebio_event_date(tmp_path, date, expected):
    tag = "" if date is None else f"<DATE>{date}</DATE>"
    path = tmp_path / "club.xml"
    path.write_text(
        '<?xml version="1.0"?><USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">'
        f"<EVENT_DESCRIPTION>Club</EVENT_DESCRIPTION>{tag}<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>"
        "<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
        "<SCORE>400</SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>"
    )
    results = read_usebio(path).results
    if expected is None:
        assert "date" not in results.columns
    else:
        assert results["date"].tolist() == [pd.Timestamp(expected)]


def test_usebio_bad_event_date_names_file_and_line(tmp_path):
    path = tmp_path / "club.xml"
    path.write_text(
        '<?xml version="1.0"?>\n<USEBIO Version="1.2">\n<EVENT EVENT_TYPE="MP_PAIRS">\n'
        "<DATE>31/13/2026</DATE>\n</EVENT></USEBIO>"
    )
    with pytest.raises(ValidationError, match=r"club.xml: line 4: <DATE>: DATE '31/13/2026'"):
        read_usebio(path)


def test_standings_of_text_ids_read_as_dictionaries(tmp_path, monkeypatch):
    """Event, section, pair names, contracts, ... read from Parquet as categoricals (their
    dictionary codes) give the standings read as text: same rows, order and dtypes, for pairs
    and team files."""
    from tourneystats import write_table
    from tourneystats.synth import bridge_pairs, bridge_teams

    pairs = bridge_pairs(4, 5, movement="howell", seed=5, artificial_rate=0.05)
    events = pairs["event"].astype(str)
    assert pairs["artificial"].notna().any()
    pairs = pairs.assign(
        section=np.where(events == "S00003", "B", pairs["section"].astype(str)),
        event=events.map({e: f"night {9 - i}" for i, e in enumerate(sorted(set(events)))}),
        ns_pair="pair " + pairs["ns_pair"].astype(str),
        ew_pair=("pair " + pairs["ew_pair"].astype(str)).where(
            pairs["event"].astype(str) != "S00002", "guest " + pairs["ew_pair"].astype(str)
        ),
        scoring=np.where(pairs["event"].astype(str) <= "S00002", "mp", "butler"),
    )
    teams = bridge_teams(2, 4, seed=2)
    files = {"pairs": tmp_path / "pairs.parquet", "teams": tmp_path / "teams.parquet"}
    write_table(pairs, files["pairs"])
    write_table(teams.assign(event=teams["event"].astype(str)), files["teams"])
    coded = {k: bridge.standings_from_path(f) for k, f in files.items()}
    monkeypatch.setattr(bridge.files, "_KEYS", ())
    for kind, path in files.items():
        pd.testing.assert_frame_equal(coded[kind], bridge.standings_from_path(path))
    assert coded["pairs"]["pair"].dtype == pd.Series(["a"]).dtype  # text as pandas reads it
