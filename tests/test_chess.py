"""Chess tie-breaks: the FIDE TEC exercises, the seed's examples, hand-built adjusted cases."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from chess_tables import TEC_RR, TEC_SWISS, TEC_SWISS_9, crosstable

from tourneystats import ValidationError
from tourneystats.chess import (
    explain,
    parse_tiebreak,
    rules_for_date,
    standings,
    standings_by_round,
    standings_from_path,
)

# --- the FIDE TEC "Exercises in Tie-Breaking" (C.07-2023): every value of the Swiss tables ----
# Values typed from the paper (summary tables of sections 3-5, exercises 27-32); players by #.
TEC_PLAYERS = [2, 3, 4, 1, 16, 6, 8, 11, 5, 15, 12, 14, 7, 13, 9, 10]
TEC_EXPECTED = {
    "BH": [13.0, 15.5, 15.0, 12.5, 12.5, 12.0, 13.5, 13.5, 8.5, 12.0, 11.5, 11.0, 14.5, 14.0, 9.0,
           13.0],
    "BH/C1": [12.0, 13.0, 11.5, 11.0, 11.0, 11.0, 12.0, 12.0, 7.5, 11.0, 9.5, 9.0, 12.5, 12.0, 7.5,
              11.5],
    "AOB": [13.60, 13.40, 13.38, 12.60, 13.30, 13.25, 13.00, 12.75, 13.40, 12.20, 15.00, 13.17,
            11.90, 12.10, 12.75, 10.90],
    "FB": [13.5, 15.0, 15.5, 13.5, 13.5, 12.0, 12.5, 12.5, 10.0, 12.0, 11.5, 10.5, 13.5, 13.5, 9.5,
           12.5],
    "SB": [9.50, 10.50, 9.75, 8.00, 7.25, 6.50, 5.25, 5.75, 4.25, 3.50, 4.00, 4.50, 3.25, 4.25, 2.25,
           1.50],
    "SB/C1": [8.50, 9.25, 8.00, 7.25, 5.75, 5.50, 3.75, 4.25, 3.25, 2.50, 4.00, 3.00, 1.25, 4.25,
              2.25, 0.00],
    "ARO": [1880, 1940, 1888, 1820, 1820, 1813, 1730, 1863, 1690, 1860, 2050, 1800, 1760, 1930,
            1975, 1880],
    "ARO/C1": [1988, 2000, 1983, 1900, 1900, 1900, 1800, 2000, 1738, 1963, np.nan, 1900, 1838,
               2025, 2200, 1975],
    "TPR": [2120, 2089, 2081, 1969, 1969, 1813, 1730, 1776, 1690, 1788, 1250, 1925, 1611, 1781,
            1175, 1640],
    "APRO": [1856, 1904, 1772, 1789, 1805, 1846, 1915, 1840, 1719, 1776, 2081, 1775, 1869, 1879,
             1805, 1717],
    "PTP": [2216, 2112, 2168, 2029, 2013, 1810, 1715, 1763, 1689, 1768, 1250, 1942, 1531, 1744, 950,
            1575],
    "APPO": [1852, 1934, 1784, 1769, 1799, 1836, 1924, 1836, 1676, 1767, 2168, 1756, 1890, 1909,
             1802, 1687],
    "WIN": [3, 2, 2, 2, 3, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1],
    "WON": [3, 2, 2, 2, 3, 2, 2, 1, 2, 2, 0, 2, 1, 1, 0, 1],
    "BPG": [3, 2, 2, 2, 2, 2, 2, 2, 2, 3, 0, 2, 3, 3, 1, 3],
    "BWG": [1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 0, 1, 0, 1, 0, 1],
    "REP": [5, 5, 4, 5, 5, 5, 5, 5, 5, 5, 3, 3, 5, 5, 3, 5],
    "PS": [13.0, 11.0, 11.5, 11.0, 10.5, 6.0, 8.5, 5.5, 5.0, 7.0, 7.0, 6.0, 6.0, 7.0, 2.5, 4.0],
}  # fmt: skip
# AOB is published to two decimals (13.375 -> 13.38, 79/6 -> 13.17)
TOLERANCE = {"AOB": 0.005 + 1e-9}


@pytest.fixture(scope="module")
def tec_swiss():
    return crosstable(TEC_SWISS)


@pytest.mark.parametrize("rules", ["fide2024", "fide2026"])
def test_tec_swiss_every_value(tec_swiss, rules):
    results, players = tec_swiss
    codes = list(TEC_EXPECTED)
    table = standings(results, tiebreaks=codes, rules=rules, players=players)
    table = table.set_index("player").loc[TEC_PLAYERS]
    for code, expected in TEC_EXPECTED.items():
        if rules == "fide2026" and code in ("BH", "BH/C1", "AOB", "FB", "SB", "SB/C1"):
            continue  # the 2026 cap changes these; checked separately below
        np.testing.assert_allclose(
            table[code].to_numpy(dtype=float),
            np.asarray(expected, dtype=float),
            atol=TOLERANCE.get(code, 1e-9),
            err_msg=code,
        )


def test_tec_swiss_2026_cap(tec_swiss):
    """The 2026 dummy is capped: Nick (#12, 2.0 points, withdrew) has a half-point cap of 2.5."""
    results, _ = tec_swiss
    t24 = standings(results, tiebreaks=["BH"], rules="fide2024").set_index("player")["BH"]
    t26 = standings(results, tiebreaks=["BH"], rules="fide2026").set_index("player")["BH"]
    # by hand: #4 has 3.5 points, an HPB: dummy min(3.5, 0.5 * 5 rounds) = 2.5 -> BH 15.0 - 1.0
    assert t24[4] == 15.0 and t26[4] == 14.0
    # #11 has a forfeit win against #9 (score as counted 1.5): dummy min(2.5, 1.5) -> 13.5 - 1
    assert t24[11] == 13.5 and t26[11] == 12.5
    # #12: PAB (cap 2.5, own 2.0 -> 2.0), forfeit win vs #14 (2.0), absences (2.0): unchanged
    assert t24[12] == t26[12] == 11.5


def test_tec_progressive_score_details(tec_swiss):
    results, _ = tec_swiss
    ex = explain(results, tiebreak="PS", player=2, rules="fide2024")
    assert ex["contribution"].tolist() == [1.0, 2.0, 2.5, 3.5, 4.0]
    cut = standings(results, tiebreaks=["PS/C1"], rules="fide2024").set_index("player")
    assert cut.loc[2, "PS/C1"] == 12.0  # the first round's 1.0 is cut


def test_tec_round_robin():
    results, _ = crosstable(TEC_RR)
    t = standings(results, tiebreaks=["SB", "SB/C1", "KS"], rules="fide2024").set_index("player")
    # exercises 14, 15, 16 (players renumbered: 5 = Franck, 6 = Helene)
    assert t["SB"].loc[[1, 2, 3, 4, 5, 6]].tolist() == [9.25, 6.25, 6.25, 4.25, 3.25, 2.25]
    assert t["SB/C1"].loc[[1, 2, 3, 4, 5, 6]].tolist() == [9.25, 4.75, 4.75, 4.25, 3.25, 1.50]
    assert t["KS"].loc[[1, 2, 3, 4, 5, 6]].tolist() == [2.0, 0.5, 0.5, 1.0, 0.5, 0.0]


def test_tec_direct_encounter_round_robin():
    """Exercise 26: Alyx first, Bruno and Charline tied; Helene, Franck, David."""
    results, _ = crosstable(TEC_RR)
    t = standings(results, tiebreaks=["DE"], rules="fide2024")
    assert t["player"].tolist() == [1, 2, 3, 6, 5, 4]
    assert t["rank"].tolist() == [1, 2, 2, 4, 5, 6]


def test_tec_direct_encounter_swiss():
    """Exercise 25: in the 6-point group Franck is first, Alyx and David tied, Bruno last;
    the 4.5 and 4.0 groups (incomplete, a leader could be caught) and 3.0 (a draw) stay tied."""
    results, _ = crosstable(TEC_SWISS_9)
    t = standings(results, tiebreaks=["DE"], rules="fide2024").set_index("player")
    assert t.loc[[6, 1, 4, 2], "rank"].tolist() == [2, 3, 3, 5]
    assert t.loc[[7, 8, 16], "rank"].nunique() == 1
    assert t.loc[[5, 10, 14, 15], "rank"].nunique() == 1
    assert t.loc[[9, 12], "rank"].nunique() == 1
    # exercise 23 (5 rounds): no tie of the 3.5 group can be broken
    results5, _ = crosstable(TEC_SWISS)
    t5 = standings(results5, tiebreaks=["DE"], rules="fide2024").set_index("player")
    assert t5.loc[[1, 3, 4, 16], "rank"].nunique() == 1


def test_de_leader_of_incomplete_group():
    """The TEC's A-B-C-D example: A beat all, B beat C and D, C-D never met: A, B, then a tie."""
    table = """
1 A 2000 +W2 +W3 +W4 -- --
2 B 1900 -B1 +W4 +W3 +FPB --
3 C 1800 +FPB -B1 -B2 +FPB +FPB
4 D 1700 +FPB -B2 -B1 +FPB +FPB
"""
    results, _ = crosstable(table)
    assert results.groupby("player")["points"].sum().tolist() == [3.0] * 4
    t = standings(results, tiebreaks=["DE"], rules="fide2024").set_index("player")
    assert t.loc[[1, 2, 3, 4], "DE"].tolist() == [3.0, 2.0, 0.0, 0.0]
    assert t.loc[[1, 2, 3, 4], "rank"].tolist() == [1, 2, 3, 3]


# --- the seed text: cumulative score --------------------------------------------------------


def _line(results: str, kinds: list[str] | None = None) -> pd.DataFrame:
    """One player's rounds against distinct opponents (the opponents' rows mirror them)."""
    value = {"W": 1.0, "D": 0.5, "L": 0.0}
    rows = []
    for rnd, r in enumerate(results, start=1):
        kind = kinds[rnd - 1] if kinds else "played"
        opp = 100 + rnd
        if kind == "played":
            rows.append(("E", rnd, 1, opp, "w", value[r], "played"))
            rows.append(("E", rnd, opp, 1, "b", 1 - value[r], "played"))
        elif kind in ("forfeit_win", "forfeit_loss"):
            other = "forfeit_loss" if kind == "forfeit_win" else "forfeit_win"
            rows.append(("E", rnd, 1, opp, None, value[r], kind))
            rows.append(("E", rnd, opp, 1, None, 1 - value[r], other))
        else:
            rows.append(("E", rnd, 1, None, None, value[r], kind))
    frame = pd.DataFrame(
        rows, columns=["event", "round", "player", "opponent", "colour", "points", "kind"]
    )
    frame["opponent"] = frame["opponent"].astype("Int64")
    return frame


@pytest.mark.parametrize(
    ("line", "kinds", "cum"),
    [
        ("WLLLD", None, 5.5),  # seed: 1 + 1 + 1 + 1 + 1.5
        ("WLWDL", None, 9.0),  # seed: 1 + 1 + 2 + 2.5 + 2.5
        # a forfeit win in round 1 and a half-point bye in round 4 cost 1 and 1/2
        ("WLWDL", ["forfeit_win", "played", "played", "hpb", "played"], 7.5),
        ("WLWDL", ["pab", "played", "played", "played", "played"], 8.0),
    ],
)
def test_cumulative_score_of_the_seed(line, kinds, cum):
    table = standings(_line(line, kinds), tiebreaks=["CUM", "PS"]).set_index("player")
    assert table.loc[1, "CUM"] == cum
    unplayed = sum(
        {"W": 1.0, "D": 0.5, "L": 0.0}[r]
        for r, k in zip(line, kinds or ["played"] * 5, strict=True)
        if k != "played"
    )
    assert table.loc[1, "PS"] == cum + unplayed


# --- the adjusted rule, by hand -------------------------------------------------------------

ADJUSTED_CASE = """
1 A 2000 +W2 +F3 =BYE +B4
2 B 1900 -B1 +W4 -- --
3 C 1800 +W4 -F1 +BYE =W5
4 D 1700 -B3 -B2 +W5 -W1
5 E 1600 =BYE -- -B4 =B3
"""
# rounds: 1: A-B 1-0, C-D 1-0, E hpb; 2: A wins by forfeit vs C, B-D 1-0, E absent;
# 3: A hpb, B withdrew (absent from round 3 on), C pab, D-E 1-0; 4: A-D 1-0, C-E draw.


def test_adjusted_by_hand():
    results, players = crosstable(ADJUSTED_CASE)
    t = standings(
        results, tiebreaks=["BH", "BH/C1", "SB", "KS", "ARO", "AOB"], players=players
    ).set_index("player")
    # adjusted scores: OTB points + 1/2 per unplayed round
    #   A: OTB 1 + 1 = 2 (rounds 1, 4), unplayed 2 (forfeit, hpb) -> 3.0
    #   B: OTB 0 + 1 = 1, unplayed 2 (withdrawal) -> 2.0
    #   C: OTB 1 + 0.5 = 1.5, unplayed 2 (forfeit loss, pab) -> 2.5
    #   D: OTB 0 + 0 + 1 + 0 = 1, no unplayed -> 1.0
    #   E: OTB 0 + 0.5 = 0.5, unplayed 2 (hpb, absent) -> 1.5
    assert t["PTS"].to_dict() == {1: 3.5, 2: 1.0, 3: 2.5, 4: 1.0, 5: 1.0}
    bh = {
        1: 2.0 + 3.0 + 3.0 + 1.0,  # B, self (forfeit), self (hpb), D
        2: 3.0 + 1.0 + 2.0 + 2.0,  # A, D, self, self
        3: 1.0 + 2.5 + 2.5 + 1.5,  # D, self (forfeit loss), self (pab), E
        4: 2.5 + 2.0 + 1.5 + 3.0,  # C, B, E, A
        5: 1.5 + 1.5 + 1.0 + 2.5,  # self, self, D, C
    }
    assert t["BH"].to_dict() == bh
    # cut 1: the lowest contribution whatever it is (no VUR exception)
    assert t["BH/C1"].to_dict() == {1: 8.0, 2: 7.0, 3: 6.5, 4: 7.5, 5: 5.5}
    sb = {
        1: 1 * 2.0 + 0.5 * 3.0 + 0.5 * 3.0 + 1 * 1.0,  # unplayed: half the own adjusted score
        2: 0 * 3.0 + 1 * 1.0 + 0.5 * 2.0 + 0.5 * 2.0,
        3: 1 * 1.0 + 0.5 * 2.5 + 0.5 * 2.5 + 0.5 * 1.5,
        4: 0 + 0 + 1 * 1.5 + 0,
        5: 0.5 * 1.5 + 0.5 * 1.5 + 0 + 0.5 * 2.5,
    }
    assert t["SB"].to_dict() == sb
    # Koya: 4 rounds, limit 2.0 (adjusted); an unplayed round counts 1/2 when the own
    # adjusted score reaches the limit
    ks = {
        1: 1.0 + 0.5 + 0.5 + 0.0,  # B (2.0) beaten, 2 unplayed (own 3.0), D (1.0) below
        2: 0.0 + 0.0 + 0.5 + 0.5,  # lost to A, D below, 2 unplayed (own 2.0)
        3: 0.0 + 0.5 + 0.5 + 0.0,  # D below, 2 unplayed (own 2.5), E below
        4: 0.0 + 0.0 + 0.0 + 0.0,
        5: 0.0 + 0.0 + 0.0 + 0.5,  # own 1.5 below; drew with C (2.5)
    }
    assert t["KS"].to_dict() == ks
    # ARO: over-the-board games only
    assert t.loc[1, "ARO"] == round((1900 + 1700) / 2)
    assert t.loc[2, "ARO"] == round((2000 + 1700) / 2)
    assert t.loc[5, "ARO"] == round((1700 + 1800) / 2)
    # AOB: the Buchholz of opponents met over the board
    assert t.loc[1, "AOB"] == (bh[2] + bh[4]) / 2
    assert t.loc[4, "AOB"] == pytest.approx((bh[3] + bh[2] + bh[5] + bh[1]) / 4)


def test_adjusted_vs_fide2024_and_fide2009_by_hand():
    results, _ = crosstable(ADJUSTED_CASE)
    f24 = standings(results, tiebreaks=["BH", "BH/C1"], rules="fide2024").set_index("player")
    # B withdrew: his rounds 3-4 count as draws for opponents -> 0 + 1 + 0.5 + 0.5 = 2.0
    # E: hpb r1 followed by played games -> face value; absent r2, later played -> 0: 1.0
    # A's own unplayed rounds (forfeit win, hpb) are dummies at A's 3.5 points
    assert f24.loc[1, "BH"] == 2.0 + 3.5 + 3.5 + 1.0
    # cut 1 with a VUR (the hpb) present: the hpb's 3.5 is cut, not B's 2.0
    assert f24.loc[1, "BH/C1"] == 2.0 + 3.5 + 1.0
    # C: D 1.0, dummy 2.5 (forfeit loss, VUR), dummy 2.5 (pab), E 1.0
    assert f24.loc[3, "BH"] == 7.0
    assert f24.loc[3, "BH/C1"] == 4.5  # the forfeit loss is cut first
    f09 = standings(results, tiebreaks=["BH"], rules="fide2009").set_index("player")
    # A: B's 2.0 (unplayed as draws), virtual r2: 1 + (1 - 1) + 0.5 * 2 = 2.0,
    # virtual r3: 2 + (1 - 0.5) + 0.5 * 1 = 3.0, D 1.0
    assert f09.loc[1, "BH"] == 2.0 + 2.0 + 3.0 + 1.0


# --- per-event rules, auto, by round, explain, validation ------------------------------------


def test_rules_per_event_and_auto(tec_swiss):
    results, _ = tec_swiss
    both = pd.concat([results, results.assign(event="U")], ignore_index=True)
    t = standings(both, tiebreaks=["BH"], rules={"T": "fide2024", "U": "fide2009"})
    solo24 = standings(results, tiebreaks=["BH"], rules="fide2024")
    solo09 = standings(results.assign(event="U"), tiebreaks=["BH"], rules="fide2009")
    pd.testing.assert_frame_equal(t[t["event"] == "T"].reset_index(drop=True), solo24)
    pd.testing.assert_frame_equal(t[t["event"] == "U"].reset_index(drop=True), solo09)
    events = pd.DataFrame({"event": ["T", "U"], "date": ["2024-05-01", "2019-05-01"]})
    auto = standings(both, tiebreaks=["BH"], rules="auto", events=events)
    pd.testing.assert_frame_equal(auto, t)
    with pytest.raises(ValidationError, match="start date"):
        standings(both, tiebreaks=["BH"], rules="auto")
    assert rules_for_date("2023-08-31") == "fide2009"
    assert rules_for_date("2023-09-01") == "fide2024"


def test_by_round_matches_truncated_standings(tec_swiss):
    results, players = tec_swiss
    codes = ["BH/C1", "SB", "PS", "ARO", "KS", "DE"]
    history = standings_by_round(results, tiebreaks=codes, rules="fide2024", players=players)
    assert len(history) == 16 * 5
    for k in (1, 3, 5):
        alone = standings(
            results[results["round"] <= k], tiebreaks=codes, rules="fide2024", players=players
        )
        got = history[history["round"] == k].drop(columns="round").reset_index(drop=True)
        pd.testing.assert_frame_equal(got, alone)


@pytest.mark.parametrize("rules", ["adjusted", "fide2024", "fide2026", "fide2009"])
@pytest.mark.parametrize(
    "code", ["BH", "BH/C1", "BH/M1", "SB", "SB/C1", "FB", "KS", "PS", "PS/C1", "CUM", "WIN", "REP"]
)
def test_explain_sums_to_the_value(tec_swiss, rules, code):
    results, _ = tec_swiss
    ex = explain(results, tiebreak=code, rules=rules)
    table = standings(results, tiebreaks=[code], rules=rules).set_index("player")[code]
    sums = ex[~ex["cut"]].groupby("player")["contribution"].sum()
    np.testing.assert_allclose(sums.loc[table.index], table.to_numpy())
    assert (ex.groupby("player")["value"].first().loc[table.index] == table).all()


def test_explain_names_the_stand_ins(tec_swiss):
    results, _ = tec_swiss
    ex = explain(results, tiebreak="BH/C1", player=4, rules="fide2024")
    assert ex["counted_as"].tolist() == ["player", "dummy", "player", "player", "player"]
    assert ex["score"].tolist() == [3.0, 3.5, 1.5, 3.5, 3.5]  # #12 adjusted to 3.0
    assert ex["adjusted"].tolist() == [True, True, False, False, False]
    assert ex["cut"].tolist() == [False, True, False, False, False]  # the HPB is cut first
    ex09 = explain(results, tiebreak="BH", player=4, rules="fide2009")
    # virtual opponent of round 2: 1 + (1 - 0.5) + 0.5 * 3 = 3.0
    assert ex09.loc[1, "counted_as"] == "virtual" and ex09.loc[1, "score"] == 3.0


def test_tiebreak_codes():
    assert parse_tiebreak("ge").code == "REP"
    assert parse_tiebreak("ARO/C1").low == 1
    for bad in ("BH/X1", "WIN/C1", "KS/C1", "NOPE", "BH/C0"):
        with pytest.raises(ValueError):
            parse_tiebreak(bad)
    results, _ = crosstable(TEC_RR)
    with pytest.raises(ValueError, match="unknown tie-break"):
        standings(results, tiebreaks=["BH", "XX"])
    with pytest.raises(ValueError, match="unknown rule set"):
        standings(results, rules="fide1999")


def _two_games():
    return pd.DataFrame(
        {
            "event": "E",
            "round": [1, 1, 1, 1],
            "player": [1, 2, 3, 4],
            "opponent": pd.array([2, 1, 4, 3], dtype="Int64"),
            "colour": ["w", "b", "w", "b"],
            "points": [1.0, 0.0, 0.5, 0.5],
            "kind": "played",
        }
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.assign(points=[1.0, 1.0, 0.5, 0.5]), "two sides of a game"),
        (lambda d: d.assign(colour=["w", "w", "w", "b"]), "same colour"),
        (lambda d: d.assign(opponent=pd.array([2, 1, 4, 9], dtype="Int64")), "not a player"),
        (lambda d: d.assign(opponent=pd.array([2, 3, 4, 3], dtype="Int64")), "does not name"),
        (lambda d: d.assign(kind=["played", "played", "draw", "played"]), "unknown kind"),
        (lambda d: d.assign(points=[1.0, 0.0, 0.25, 0.75]), "points must be"),
        (lambda d: pd.concat([d, d.iloc[[0]]]), "twice in a round"),
        (lambda d: d.assign(kind=["pab", "played", "played", "played"]), "has an opponent"),
        (
            lambda d: d.assign(kind=["forfeit_win", "played", "played", "played"]),
            "two sides of a game",
        ),
        (lambda d: d.drop(columns="kind"), "missing column"),
    ],
)
def test_bad_input_names_the_rows(change, message):
    with pytest.raises(ValidationError, match=message) as info:
        standings(change(_two_games()))
    if "column" not in message:
        assert "event='E'" in str(info.value) and "round=1" in str(info.value)


def test_input_not_mutated_and_missing_rounds_are_absences(tec_swiss):
    results, players = tec_swiss
    before, pbefore = results.copy(), players.copy()
    standings(results, tiebreaks=["BH", "ARO", "DE"], players=players, rules="fide2024")
    standings_by_round(results, tiebreaks=["SB"], players=players)
    explain(results, tiebreak="SB", player=1)
    pd.testing.assert_frame_equal(results, before)
    pd.testing.assert_frame_equal(players, pbefore)
    dropped = results[~((results["player"] == 12) & (results["round"] >= 4))]
    a = standings(results, tiebreaks=["BH", "SB"], rules="fide2024")
    b = standings(dropped, tiebreaks=["BH", "SB"], rules="fide2024")
    pd.testing.assert_frame_equal(a, b)


def test_standings_from_path_csv(tmp_path, tec_swiss):
    results, _ = tec_swiss
    path = tmp_path / "season.parquet"
    results.to_parquet(path)
    t = standings_from_path(path, rules="fide2024", tiebreaks=["BH/C1", "BH"])
    assert list(t.columns) == ["event", "player", "rank", "PTS", "BH/C1", "BH"]
    assert t.set_index("player").loc[4, "BH/C1"] == 11.5
    with pytest.raises(FileNotFoundError):
        standings_from_path(tmp_path / "nope.csv")


def test_rules_from_a_column(tec_swiss):
    results, _ = tec_swiss
    both = pd.concat([results, results.assign(event="U")], ignore_index=True)
    both["rules"] = np.where(both["event"] == "T", "fide2024", "fide2009")
    by_column = standings(both, tiebreaks=["BH", "SB"], rules=None)
    by_mapping = standings(both, tiebreaks=["BH", "SB"], rules={"T": "fide2024", "U": "fide2009"})
    pd.testing.assert_frame_equal(by_column, by_mapping)
    series = pd.Series({"T": "fide2024", "U": "fide2009"})
    history = standings_by_round(both, tiebreaks=["BH"], rules=series)
    last = history[history["round"] == 5].drop(columns="round").reset_index(drop=True)
    pd.testing.assert_frame_equal(last, standings(both, tiebreaks=["BH"], rules=series))
