"""Bridge readers: PBN 2.1 and USEBIO 1.2, on the real files and on hostile or malformed input."""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tourneystats import ValidationError, contract_score, read_pbn, read_usebio, vulnerability

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
    assert list(r.columns) == [
        "event",
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
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in DATA.iterdir())


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
