"""C.07 (2026) and what arbiters ask for: cases worked by hand from the text.

Each expected number is derived in the comments from the articles it applies (C.07 2026, the
verbatim text in /work/research/chess/C07-2026.md).
"""

from __future__ import annotations

import pandas as pd
import pytest
from test_chess import crosstable

from tourneystats.chess import standings

# --- 16.5: cuts with voluntarily unplayed rounds ------------------------------------------------

# The "two requested absences" Swiss (4 rounds). #2 Cato: won against #5, half-point bye in
# round 2, lost by forfeit to #1 in round 3, won against #4.
VUR_CASE = """
1 Wanda 2400 +W4 +B3 +F2 +B5
2 Cato 2300 +W5 =BYE -F1 +W4
3 Mons 2200 +BYE -W1 +W5 --
4 Lars 2100 -B1 =B5 +BYE -B2
5 Tor 2000 -B2 =W4 -B3 -W1
"""


def _cato(rules: str) -> pd.Series:
    results, _ = crosstable(VUR_CASE)
    codes = ["SB", "SB/C1", "SB/C2", "BH", "BH/C1"]
    return standings(results, tiebreaks=codes, rules=rules).set_index("player").loc[2]


def test_cut_takes_the_lowest_vur_contribution_2026():
    # Scores: #1 4.0 (a forfeit win counts at face value, 16.3.1), #4 1.5 (its PAB at face
    # value), #5 0.5; #2 has 2.5 points.
    # 16.4 (2026): the dummy of #2's half-point bye (16.2.3) is capped at 16.4.2, a draw's
    # points times the rounds: min(2.5, 0.5 x 4) = 2.0; the dummy of the forfeit loss (16.2.4)
    # at 16.4.1, the scheduled opponent's adjusted score: min(2.5, 4.0) = 2.5.
    # SB (9.1): #5 0.5 x 1 + dummy 2.0 x 0.5 + dummy 2.5 x 0 + #4 1.5 x 1 = 3.0
    t = _cato("fide2026")
    assert t["SB"] == 3.0
    # SB/C1 (16.5.2): a. the lowest VUR contribution is the forfeit loss's 0.0; b. the least
    # significant value (14.1.2 d) is #5's 0.5 (the opponent with the lowest score). a < b, so
    # b is cut: 3.0 - 0.5 = 2.5. (Choosing the VUR by its dummy's score, 2.0 < 2.5, would cut
    # the bye's 1.0 and give 2.0.)
    assert t["SB/C1"] == 2.5
    # SB/C2 (16.5.1 again on what is left): the least significant value is now #4's 1.5 (score
    # 1.5 is below both dummies); the lowest VUR contribution 0.0 is lower: cut 1.5 -> 1.0
    assert t["SB/C2"] == 1.0
    # BH: 0.5 + 2.0 + 2.5 + 1.5 = 6.5; BH/C1 cuts the lowest VUR contribution, 2.0 -> 4.5
    assert (t["BH"], t["BH/C1"]) == (6.5, 4.5)


def test_cut_takes_the_lowest_vur_contribution_2024():
    # 2024 (16.4 without caps): both dummies have #2's 2.5 points.
    # SB = 0.5 + 2.5 x 0.5 + 2.5 x 0 + 1.5 = 3.25
    # SB/C1: lowest VUR contribution 0.0 < least significant value 0.5 -> cut 0.5: 2.75
    # SB/C2: left 1.25 (bye), 0.0 (forfeit), 1.5 (#4, the lowest score): 0.0 < 1.5 -> 1.25
    # BH = 0.5 + 2.5 + 2.5 + 1.5 = 7.0; BH/C1 cuts a VUR's 2.5 -> 4.5
    t = _cato("fide2024")
    assert [t[c] for c in ("SB", "SB/C1", "SB/C2", "BH", "BH/C1")] == [3.25, 2.75, 1.25, 7.0, 4.5]


def test_cut_of_a_vur_not_lower_than_the_least_significant_value():
    # #2 again, but he lost to #1 over the board in round 3 (no forfeit): his only VUR is the
    # half-point bye. fide2026: dummy min(2.5, 0.5 x 4) = 2.0, contribution 1.0.
    # SB = #5 0.5 x 1 + 1.0 + #1 4.0 x 0 + #4 1.5 x 1 = 3.0
    # SB/C1: a. the lowest VUR contribution 1.0; b. the least significant value 0.5 (#5, the
    # lowest score). a >= b: the VUR is cut (16.5.1) -> 2.0
    # SB/C2: no VUR left; the least significant value is #5's 0.5 -> 1.5
    table = VUR_CASE.replace("+F2", "+W2").replace("-F1", "-B1")
    results, _ = crosstable(table)
    t = standings(results, tiebreaks=["SB", "SB/C1", "SB/C2"], rules="fide2026")
    assert t.set_index("player").loc[2, ["SB", "SB/C1", "SB/C2"]].tolist() == [3.0, 2.0, 1.5]


@pytest.mark.parametrize("rules", ["fide2024", "fide2026"])
def test_vur_cuts_match_the_reference(rules):
    from reference_chess import reference_standings

    results, _ = crosstable(VUR_CASE)
    codes = ["SB", "SB/C1", "SB/C2", "BH", "BH/C1", "BH/C2"]
    got = standings(results, tiebreaks=codes, rules=rules)
    want = reference_standings(results, codes, rules)
    for row in got.to_dict("records"):
        for code in codes:
            assert row[code] == pytest.approx(want[("T", row["player"])][code]), (code, row)


# --- rating averages with no rated opponent ----------------------------------------------------


def test_rating_averages_of_nobody_are_0_as_the_tec_tables_print_them():
    # #3 met #1 (2000) over the board and #2 (unrated); #4 only had byes.
    table = """
1 A 2000 -B3 +W2
2 B 0 +BYE -B1
3 C 1800 +W1 =BYE
4 D 1700 =BYE =BYE
"""
    results, players = crosstable(table)
    players.loc[players["player"] == 2, "rating"] = None
    codes = ["ARO", "ARO/C1", "APRO", "APPO", "AOB", "TPR"]
    t = standings(results, tiebreaks=codes, players=players).set_index("player")
    # ARO (10.1) of #3: his only rated opponent is #1 -> 2000; ARO/C1 cuts it: none left -> 0
    # (the TEC summary table prints 0 for #12's ARO/C1 in the same situation)
    assert (t.loc[3, "ARO"], t.loc[3, "ARO/C1"]) == (2000, 0)
    # #4 met nobody over the board: every average of opponents is 0 (AOB already was)
    assert t.loc[4, ["ARO", "ARO/C1", "APRO", "APPO", "AOB"]].tolist() == [0, 0, 0, 0, 0]
    # TPR is not an average: without a rated game it stays undefined
    assert pd.isna(t.loc[4, "TPR"])
