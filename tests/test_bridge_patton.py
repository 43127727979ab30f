"""Board-a-match scoring (pattons, Swiss teams): worked examples and the reference."""

from __future__ import annotations

import pandas as pd
import pytest
import reference_teams as ref
from hypothesis import given
from hypothesis import strategies as st

from tourneystats.bridge import TeamRules, bam_standings, board_a_match, patton_scores


def _boards(rows, event="P"):
    """(round, board, home, visit, NS score at table 1 (home NS), at table 2 (home EW))."""
    out = []
    for rnd, board, home, visit, t1, t2 in rows:
        out.append((event, rnd, board, home, visit, 1, "NS", t1))
        out.append((event, rnd, board, home, visit, 2, "EW", t2))
    cols = ["event", "round", "board", "home_team", "visit_team", "table", "home_side",
            "ns_score"]  # fmt: skip
    return pd.DataFrame(out, columns=cols)


# Round 1: A-B, boards 1-3: A nets +450 (won), 0 (tied), -10 (lost by 10);
# round 2: B-C, boards 4-5: B nets +20 (won), -600 (lost). C has a bye in round 1, A in round 2.
SWISS = _boards([
    (1, 1, "A", "B", 620, 170), (1, 2, "A", "B", 100, 100), (1, 3, "A", "B", 420, 430),
    (2, 4, "B", "C", 140, 120), (2, 5, "B", "C", -200, 400),
])  # fmt: skip


def test_board_points_full_and_half_and_margin():
    m = board_a_match(SWISS)
    assert m[["home_points", "visit_points"]].to_numpy().tolist() == [[3, 3], [2, 2]]
    half = board_a_match(SWISS, scale="half")
    assert half[["home_points", "visit_points"]].to_numpy().tolist() == [[1.5, 1.5], [1, 1]]
    # a difference of 10 or 20 points counted as a tie: A-B boards 2 and 3 tied, B-C board 4 too
    wide = board_a_match(SWISS, tie_margin=20)
    assert wide[["home_points", "visit_points"]].to_numpy().tolist() == [[4, 2], [1, 3]]


def test_swiss_after_each_round_with_byes():
    byes = pd.DataFrame({"event": "P", "round": [1, 2], "team": ["C", "A"]})
    with pytest.raises(ValueError, match="bye"):
        bam_standings(SWISS, byes=byes)
    rules = TeamRules("swiss", criteria=("h2h_vp",), bye_vp=4)
    t = bam_standings(SWISS, rules=rules, by_round=True, byes=byes)
    after1 = t[t["after_round"] == 1]
    # after round 1: C 4 (bye), A 3, B 3 (A and B tied, their match drawn 3-3: still tied)
    assert after1["team"].tolist() == ["C", "A", "B"]
    assert after1["board_points"].tolist() == [4, 3, 3]
    assert after1["rank"].tolist() == [1, 2, 2]
    final = t[t["after_round"] == 2]
    # A 3 + 4 (bye) = 7, B 3 + 2 = 5, C 4 + 2 = 6
    assert final["team"].tolist() == ["A", "C", "B"]
    assert final["board_points"].tolist() == [7, 6, 5]
    assert {"points_for", "points_against", "points_quotient"} <= set(t.columns)


def test_refused_options():
    with pytest.raises(ValueError, match="scale"):
        board_a_match(SWISS, scale="thirds")
    with pytest.raises(ValueError, match="tie_margin"):
        board_a_match(SWISS, tie_margin=-10)


@given(st.lists(st.tuples(st.sampled_from([-600, -100, -50, 0, 50, 100, 620]),
                          st.sampled_from([-620, -110, -50, 0, 50, 100, 600])),
                min_size=1, max_size=12),
       st.sampled_from(["full", "half"]), st.sampled_from([0, 10, 50]))  # fmt: skip
def test_board_a_match_matches_the_reference(scores, scale, margin):
    rows = [(1, b + 1, "H", "V", t1, t2) for b, (t1, t2) in enumerate(scores)]
    got = board_a_match(_boards(rows), scale=scale, tie_margin=margin)
    win, draw = (2, 1) if scale == "full" else (1, 0.5)
    want = ref.bam_points([t1 - t2 for t1, t2 in scores], win=win, draw=draw, tie_margin=margin)
    assert (got["home_points"].iloc[0], got["visit_points"].iloc[0]) == want


def test_patton_middle_band_and_three_boards():
    # Three boards, home net +20, -10, -430: board 1 won (20 > 10), board 2 tied (a difference
    # of 10), board 3 lost: 2 + 1 + 0 = 3 board points to the home team, 3 to the visitors.
    # Aggregates: home 420 + 0 + 100 = 520 (board 3: 100 at table 1); visitors 400 + 10 + 530.
    rows = [(1, 1, "A", "B", 420, 400), (1, 2, "A", "B", 0, 10), (1, 3, "A", "B", 100, 530)]
    p = patton_scores(_boards(rows))
    assert p[["home_bam", "visit_bam"]].to_numpy().tolist() == [[3, 3]]
    assert p[["home_aggregate", "visit_aggregate"]].to_numpy().tolist() == [[520, 940]]
    # (940 - 520) / 940 = 0.4468 > 1/3: the visitors take all 3 total-score points
    assert p[["home_points", "visit_points"]].to_numpy().tolist() == [[3, 6]]
    # 4 boards, a relative margin of 0.2 (1/10 to 1/3): 1 point more to the leader
    rows = [(1, b, "A", "B", s1, s2) for b, (s1, s2) in
            enumerate([(500, 0), (0, 400), (0, 0), (0, 0)], start=1)]  # fmt: skip
    p = patton_scores(_boards(rows))
    # home +500 wins board 1, visitors +400 (home -400) win board 2, two boards tied
    assert p[["home_bam", "visit_bam"]].to_numpy().tolist() == [[4, 4]]
    assert p[["home_points", "visit_points"]].to_numpy().tolist() == [[4 + 2 + 1, 4 + 2 - 1]]
    assert ref.patton_points([(500, 0), (0, -400), (0, 0), (0, 0)]) == (7, 5)
    t = bam_standings(_boards(rows), scoring="patton")
    assert t["board_points"].tolist() == [7, 5]


@given(st.lists(st.tuples(st.sampled_from([-600, -100, -50, 0, 50, 100, 620]),
                          st.sampled_from([-620, -110, -50, 0, 50, 90, 600])),
                min_size=1, max_size=9))  # fmt: skip
def test_patton_matches_the_reference(scores):
    rows = [(1, b + 1, "H", "V", t1, t2) for b, (t1, t2) in enumerate(scores)]
    got = patton_scores(_boards(rows))
    want = ref.patton_points([(t1, -t2) for t1, t2 in scores])
    assert got["home_points"].iloc[0] == pytest.approx(float(want[0]))
    assert got["visit_points"].iloc[0] == pytest.approx(float(want[1]))
