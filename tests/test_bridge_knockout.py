"""Knockout matches: segments, carry-over, ties; worked examples by hand and the reference."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
import reference_teams as ref
from hypothesis import given
from hypothesis import strategies as st

from tourneystats.bridge import KNOCKOUT_RULES, KnockoutRules, extra_boards_due, knockout_matches
from tourneystats.core.schema import ValidationError


def _seg(rows, event="Cup"):
    cols = ["stage", "segment", "home_team", "visit_team", "home_imps", "visit_imps"]
    frame = pd.DataFrame(rows, columns=cols)
    frame.insert(0, "event", event)
    return frame


# A quarter-final stage of two matches and a semi-final, in one table.
BRACKET = _seg([
    ("QF", 1, "A", "B", 30, 12), ("QF", 2, "B", "A", 25, 20),   # A 50 - B 37
    ("QF", 1, "C", "D", 10, 10), ("QF", 2, "D", "C", 41, 40),   # C 50 - D 51
    ("SF", 1, "A", "D", 22, 22), ("SF", 2, "A", "D", 18, 18),   # 40 - 40: tied
])  # fmt: skip


def test_totals_winners_and_segment_columns():
    t = knockout_matches(BRACKET)
    assert t["team"].tolist() == ["A", "B", "C", "D", "A", "D"]
    assert t["imps_1"].tolist() == [30, 12, 10, 10, 22, 22]
    assert t["imps_2"].tolist() == [20, 25, 40, 41, 18, 18]
    assert t["total"].tolist() == [50, 37, 50, 51, 40, 40]
    assert t["margin"].tolist() == [13, -13, -1, 1, 0, 0]
    assert t["qualified"].tolist()[:4] == [True, False, False, True]
    assert t["qualified"].isna().tolist()[4:] == [True, True]  # no extra boards given
    assert t["decided_by"].tolist() == ["total"] * 4 + ["tied", "tied"]


def test_extra_boards_decide_a_tie():
    extra = pd.concat([BRACKET.assign(extra=False),
                       _seg([("SF", 3, "D", "A", 5, 2)]).assign(extra=True)])  # fmt: skip
    t = knockout_matches(extra)
    sf = t[t["stage"] == "SF"]
    assert sf["total"].tolist() == [40, 40]  # the extra boards are not in the total
    assert sf["extra_imps"].tolist() == [2, 5]
    assert sf["qualified"].tolist() == [False, True]
    assert sf["decided_by"].tolist() == ["extra_boards", "extra_boards"]
    assert "imps_3" not in t.columns  # an extra segment is not a regulation segment
    # EBU White Book 143.2.1: an eighth of the scheduled boards, at least 2, rounded up
    assert extra_boards_due([8, 17, 32, 64]).tolist() == [2, 3, 4, 8]
    assert [ref.ebu_extra_boards(b) for b in (8, 17, 32, 64)] == [2, 3, 4, 8]


def test_carry_over_from_the_round_robin_capped_and_rounded():
    rr = pd.DataFrame({"event": "Cup", "home_team": ["D", "A", "B"], "visit_team": ["A", "C", "A"],
                       "home_imps": [10, 1, 2], "visit_imps": [50, 0, 0]})  # fmt: skip
    # A beat D by 40 in the round robin: a third is 13.33, capped at 8 -> A starts 8 up.
    rules = KnockoutRules("cup", carry_over="earlier_match", fraction=1 / 3, cap=8)
    with pytest.warns(UserWarning, match=r"did not meet .*\(C v D\)"):  # they start level
        sf = knockout_matches(BRACKET, rules=rules, earlier=rr)
    sf = sf[sf["stage"] == "SF"]
    assert sf["carry_over"].tolist() == [8, 0] and sf["total"].tolist() == [48, 40]
    assert sf["qualified"].tolist() == [True, False]
    # uncapped, a tenth, to one decimal: 4.0; the QF pair A-B met (B by 2): B starts 0.2 up
    rules = rules.replace(fraction=0.1, cap=None, carry_decimals=1)
    with pytest.warns(UserWarning, match="did not meet"):
        t = knockout_matches(BRACKET, rules=rules, earlier=rr)
    assert t["carry_over"].tolist() == [0, 0.2, 0, 0, 4.0, 0]
    assert float(ref.carry_from_margin(40, "1/3", 8)) == 8
    assert ref.carry_from_margin(40, "1/10", None) == 4


def test_given_carry_and_higher_placed():
    carry = pd.DataFrame({"event": "Cup", "stage": ["SF"], "team": ["D"], "carry_over": [1.5]})
    t = knockout_matches(BRACKET, rules=KnockoutRules("x", carry_over="given"), carry=carry)
    assert t["carry_over"].tolist() == [0, 0, 0, 0, 0, 1.5]
    assert t["qualified"].tolist()[4:] == [False, True]
    places = pd.DataFrame({"event": "Cup", "team": list("ABCD"), "rank": [4, 1, 3, 2]})
    t = knockout_matches(BRACKET, rules="wuc2020", standings=places)
    assert t["carry_over"].tolist() == [0, 0.1, 0, 0.1, 0, 0.1]
    assert t["qualified"].tolist() == [True, False, False, True, False, True]
    with pytest.raises(ValidationError, match="standings"):
        knockout_matches(BRACKET, rules="wuc2020")


def test_earlier_meeting_and_place_decide_ties():
    rr = pd.DataFrame({"event": "Cup", "home_team": ["A"], "visit_team": ["D"],
                       "home_imps": [5], "visit_imps": [9]})  # fmt: skip
    rules = KnockoutRules("x", ties=("extra_boards", "earlier_meeting"))
    t = knockout_matches(BRACKET, rules=rules, earlier=rr)
    assert t["qualified"].tolist()[4:] == [False, True]
    assert t["decided_by"].tolist()[4:] == ["earlier_meeting"] * 2
    places = pd.DataFrame({"event": "Cup", "team": list("ABCD"), "rank": [1, 2, 3, 4]})
    t = knockout_matches(
        BRACKET, rules=KnockoutRules("y", ties=("higher_placed",)), standings=places
    )
    assert t["qualified"].tolist()[4:] == [True, False]


def test_board_results_with_stage_and_segment():
    boards = pd.DataFrame({
        "event": "Cup", "stage": "F", "segment": [1, 1, 2, 2], "board": [1, 1, 2, 2],
        "home_team": "A", "visit_team": "B", "table": [1, 2, 1, 2],
        "home_side": ["NS", "EW", "NS", "EW"], "ns_score": [620, 170, -100, 50],
    })  # fmt: skip
    t = knockout_matches(boards)
    # board 1: 620 - 170 = 450 -> 10 IMPs to A; board 2: -100 - 50 = -150 -> 4 to B
    assert t["imps_1"].tolist() == [10, 0] and t["imps_2"].tolist() == [0, 4]
    assert t["total"].tolist() == [10, 4] and t["qualified"].tolist() == [True, False]


def test_refused():
    twice = pd.concat([BRACKET, _seg([("QF", 1, "A", "C", 1, 0)])])
    with pytest.raises(ValidationError, match="more than one match"):
        knockout_matches(twice)
    with pytest.raises(ValueError, match="unknown"):
        KnockoutRules("x", ties=("coin",))
    with pytest.raises(ValidationError, match="earlier"):
        knockout_matches(
            BRACKET, rules=KnockoutRules("x", carry_over="earlier_match", fraction=0.5)
        )
    assert KNOCKOUT_RULES["ebu"].carry_over == "none"


@st.composite
def brackets(draw):
    rows, expected = [], []
    n = draw(st.integers(1, 6))
    for i in range(n):
        a, b = f"T{2 * i}", f"T{2 * i + 1}"
        k = draw(st.integers(1, 3))
        ha = [draw(st.integers(0, 30)) for _ in range(k)]
        hb = [draw(st.integers(0, 30)) for _ in range(k)]
        ca, cb = draw(st.sampled_from([(0, 0), (0.5, 0), (0, 3), (2, 2)]))
        for j in range(k):
            home_is_a = draw(st.booleans())
            if home_is_a:
                rows.append(("S", j + 1, a, b, ha[j], hb[j]))
            else:
                rows.append(("S", j + 1, b, a, hb[j], ha[j]))
        expected.append((a, b, ha, hb, ca, cb))
    return _seg(rows), expected


@pytest.mark.filterwarnings("ignore:carry. both teams")
@given(brackets())
def test_knockouts_match_the_reference(case):
    frame, expected = case
    carry = pd.DataFrame(
        [("Cup", "S", t, c) for a, b, _, _, ca, cb in expected for t, c in ((a, ca), (b, cb))],
        columns=["event", "stage", "team", "carry_over"],
    )
    t = knockout_matches(frame, rules=KnockoutRules("g", carry_over="given", ties=()), carry=carry)
    by_team = t.set_index("team")
    for a, b, ha, hb, ca, cb in expected:
        ta, tb, winner = ref.knockout_match(ha, hb, ca, cb)
        assert by_team.loc[a, "total"] == ta and by_team.loc[b, "total"] == tb
        q = by_team.loc[a, "qualified"]
        assert (pd.isna(q) and winner is None) or (q == (winner == "home"))
    assert np.isin(t["decided_by"], ["total", "tied"]).all()


# --- a real event: 2020 FISU World University Championships (bridge, online) ----------------------


def test_wuc2020_knockout_reproduced():
    """The knockout of the 2020 FISU WUC Mind Sports online (tests/data/README.md): the published
    segment scores add up to the published match scores; with the conditions' 0.1 IMP carry-over
    for the team placed higher in the qualifying Swiss (quarter- and semi-finals), the published
    qualifiers, finalists and medallists follow."""
    from pathlib import Path

    folder = Path(__file__).parent / "data" / "bridge" / "teams"
    seg = pd.read_csv(folder / "wuc2020-knockout.csv", dtype={"segment": str})
    published = pd.read_csv(folder / "wuc2020-published.csv")
    places = pd.read_csv(folder / "wuc2020-qualification.csv")
    early = seg[seg["stage"].isin(["QF", "SF"])]
    late = seg[seg["stage"].isin(["F", "3rd"])]
    t = pd.concat([knockout_matches(early, rules="wuc2020", standings=places),
                   knockout_matches(late, rules=KnockoutRules("final", carry_over="none"))],
                  ignore_index=True)  # fmt: skip
    # the match scores: regulation IMPs (without the carry-over) as published, 14 of 14
    got = t.set_index(["stage", "team"])["imps"]
    for row in published.itertuples():
        assert got[(row.stage, row.home_team)] == row.home_imps
        assert got[(row.stage, row.visit_team)] == row.visit_imps
    # the carry-over: 0.1 to ITALY 1 (1st), CHINA 3 (2nd) and POLAND 3 (3rd); CHINA 1 and POLAND 1
    # were both placed 4th-8th (their order is not published), so neither carries anything
    carry = t[t["carry_over"] > 0][["stage", "team"]].to_numpy().tolist()
    assert carry == [["QF", "ITALY 1"], ["QF", "CHINA 3"], ["SF", "ITALY 1"], ["SF", "POLAND 3"]]
    winners = t[t["qualified"].fillna(False)][["stage", "team"]].to_numpy().tolist()
    assert winners == [["QF", "ITALY 1"], ["QF", "FRANCE"], ["QF", "CHINA 1"], ["SF", "ITALY 1"],
                       ["SF", "CHINA 1"], ["F", "CHINA 1"], ["3rd", "FRANCE"]]  # fmt: skip
    sf = t[(t["stage"] == "SF") & (t["team"] == "ITALY 1")].iloc[0]
    assert sf["total"] == pytest.approx(43.1) and sf["margin"] == pytest.approx(1.1)


@given(
    st.lists(st.tuples(st.integers(0, 60), st.integers(0, 60)), min_size=1, max_size=5),
    st.sampled_from(["1/3", "1/2", "1/10", "1"]),
    st.sampled_from([None, 0, 5, 8, 16]),
)
def test_carry_over_from_the_earlier_meeting_matches_the_reference(meetings, fraction, cap):
    """Teams T0-T1 met once or more before (their IMPs in `meetings`); the carry-over of the
    knockout match is the reference's fraction of the summed margin, capped, to its winner."""
    from fractions import Fraction

    earlier = pd.DataFrame([("Cup", "T0", "T1", a, b) for a, b in meetings],
                           columns=["event", "home_team", "visit_team", "home_imps",
                                    "visit_imps"])  # fmt: skip
    ko = _seg([("S", 1, "T1", "T0", 10, 10)])
    rules = KnockoutRules("r", carry_over="earlier_match", fraction=float(Fraction(fraction)),
                          cap=cap, ties=())  # fmt: skip
    t = knockout_matches(ko, rules=rules, earlier=earlier).set_index("team")
    margin = sum(a - b for a, b in meetings)
    want = ref.carry_from_margin(margin, fraction, cap)
    winner, loser = ("T0", "T1") if margin > 0 else ("T1", "T0")
    if margin == 0:
        assert t["carry_over"].tolist() == [0, 0]
    else:
        assert t.loc[winner, "carry_over"] == pytest.approx(float(want))
        assert t.loc[loser, "carry_over"] == 0
