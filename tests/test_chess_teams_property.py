"""Team tie-breaks against the plain-Python reference (tests/reference_chess_teams.py), on random
Swiss team events with reserves, forfeited boards and matches, and team byes."""

from __future__ import annotations

import numpy as np
import pandas as pd
from chess_team_data import random_team_event, swiss_team_events
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples
from reference_chess_teams import CODES, ede_ranks, ede_variant_ranks, reference
from test_chess_teams_variants import forfeit, frame, match

from tourneystats.chess import RULE_SETS, team_standings


@settings(max_examples=examples(40), deadline=None)
@given(rows=swiss_team_events())
def test_team_tiebreaks_match_the_reference(rows):
    ours = team_standings(rows, tiebreaks=CODES, rules="fide2024", round_robin=False)
    expected = reference(rows).set_index("team")
    ours = ours.set_index("team").loc[expected.index]
    for code in ["MP", *CODES]:
        assert np.allclose(ours[code].to_numpy(float), expected[code].to_numpy(float)), code


def _assert_ede_as_reference(rows: pd.DataFrame, variants: dict[str, str]) -> None:
    """EDE and EDE/P as the reference ranks them, then each of `variants` (code: its steps)
    with and without /P, the board count lowest and highest first."""
    high = RULE_SETS["fide2024"].replace(name="high", encounter_board_count="tiebreakserver")
    for suffix, forfeits in (("", False), ("/P", True)):
        ede = team_standings(rows, tiebreaks=[f"EDE{suffix}"], round_robin=False)
        ede = ede.set_index("team")["rank"].to_dict()
        assert ede == ede_ranks(rows, forfeits), suffix
        for code, steps in variants.items():
            for rules, is_high in (("fide2024", False), (high, True)):
                ours = team_standings(
                    rows, tiebreaks=[code + suffix], round_robin=False, rules=rules
                ).set_index("team")
                expected = ede_variant_ranks(rows, ede, steps, forfeits, is_high)
                assert ours["rank"].to_dict() == expected, (code, suffix, is_high)


@settings(max_examples=examples(40), deadline=None)
@given(rows=swiss_team_events(teams=10))
def test_ede_variants_match_the_reference(rows):
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


@settings(max_examples=examples(40), deadline=None)
@given(rows=swiss_team_events(teams=10))
def test_ede_with_and_without_p_matches_the_reference(rows):
    """EDE and EDE/P (the forfeited matches between the tied count, C.07 6.1.1), then the
    variants with /P, and with the board count highest first (the TieBreakServer reading)."""
    _assert_ede_as_reference(rows, {"EDEC": "C", "EDET": "T", "EDEBB": "CB"})


def forfeit_heavy_event(seed: int) -> pd.DataFrame:
    """A random Swiss team event where ties, rematches and forfeited matches are frequent: 4-8
    teams (an even number) of 2-4 boards, 1-4 rounds paired at random, each match forfeited
    with chance 0.3, each board a win, draw or loss."""
    rng = np.random.default_rng(seed)
    teams = [f"T{k}" for k in range(2 * int(rng.integers(2, 5)))]
    boards = int(rng.integers(2, 5))
    rows = []
    for rnd in range(1, int(rng.integers(1, 5)) + 1):
        order = rng.permutation(teams)
        for a, b in zip(order[::2], order[1::2]):
            if rng.random() < 0.3:
                rows += forfeit("F", rnd, str(a), str(b), boards)
            else:
                rows += match("F", rnd, str(a), str(b), list(rng.choice([0, 0.5, 1], boards)))
    return frame(rows)


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 10**6))
def test_ede_p_on_forfeit_heavy_events_matches_the_reference(seed):
    rows = forfeit_heavy_event(seed)
    _assert_ede_as_reference(rows, {"EDEC": "C", "EDEB": "B", "EDEBT": "CT"})


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


@settings(max_examples=examples(20), deadline=None)
@given(rows=swiss_team_events())
def test_board_rows_held_as_python_objects_rank_as_typed_ones(rows):
    """Every column of object dtype (as a JSON reader or a hand-made frame gives them, ids and
    points Python ints and floats, missing values None): the same table."""
    loose = rows.astype(object).where(rows.notna(), None)
    assert all(loose[c].dtype == object for c in loose.columns)
    typed = team_standings(rows, tiebreaks=CODES, rules="fide2024", round_robin=False)
    held = team_standings(loose, tiebreaks=CODES, rules="fide2024", round_robin=False)
    pd.testing.assert_frame_equal(held, typed, check_dtype=False)
