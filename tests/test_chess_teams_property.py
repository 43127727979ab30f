"""Team tie-breaks against the plain-Python reference (tests/reference_chess_teams.py), on random
Swiss team events with reserves, forfeited boards and matches, and team byes."""

from __future__ import annotations

import numpy as np
from chess_team_data import random_team_event
from hypothesis import given, settings
from hypothesis import strategies as st
from reference_chess_teams import CODES, ede_variant_ranks, reference

from tourneystats.chess import team_standings


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    teams=st.integers(3, 12),
    boards=st.integers(1, 6),
    rounds=st.integers(1, 7),
)
def test_team_tiebreaks_match_the_reference(seed, teams, boards, rounds):
    rows, _, _ = random_team_event(
        seed, teams=teams, boards=boards, rounds=rounds, round_robin=False
    )
    ours = team_standings(rows, tiebreaks=CODES, rules="fide2024", round_robin=False)
    expected = reference(rows).set_index("team")
    ours = ours.set_index("team").loc[expected.index]
    for code in ["MP", *CODES]:
        assert np.allclose(ours[code].to_numpy(float), expected[code].to_numpy(float)), code


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    teams=st.integers(3, 10),
    boards=st.integers(1, 6),
    rounds=st.integers(1, 7),
)
def test_ede_variants_match_the_reference(seed, teams, boards, rounds):
    rows, _, _ = random_team_event(
        seed, teams=teams, boards=boards, rounds=rounds, round_robin=False
    )
    ede = team_standings(rows, tiebreaks=["EDE"], round_robin=False).set_index("team")["rank"]
    for code, steps in {
        "EDEC": "C",
        "EDET": "T",
        "EDEB": "B",
        "EDEBT": "CT",
        "EDEBB": "CB",
    }.items():
        ours = team_standings(rows, tiebreaks=[code], round_robin=False).set_index("team")
        expected = ede_variant_ranks(rows, ede.to_dict(), steps)
        assert ours["rank"].to_dict() == expected, code


def test_a_season_at_once_is_each_event_alone():
    events = [random_team_event(s, event=f"E{s}", round_robin=s % 2 == 0)[0] for s in range(6)]
    import pandas as pd

    together = team_standings(
        pd.concat(events), tiebreaks=["EDEB", "EDEBT", *CODES], round_robin=None
    )
    alone = pd.concat(
        [team_standings(e, tiebreaks=["EDEB", "EDEBT", *CODES], round_robin=None) for e in events]
    )
    pd.testing.assert_frame_equal(
        together.reset_index(drop=True), alone.reset_index(drop=True), check_dtype=False
    )
