"""The ``/P`` modifier (forfeits counted as games against the scheduled opponent) against the
plain-Python references (tests/reference_chess.py, tests/reference_chess_teams.py), individual
and team events, Swiss and round robins; and the comparison is not vacuous: on the same random
events /P changes the values of a good share of them."""

from __future__ import annotations

import numpy as np
import pandas as pd
from chess_team_data import random_team_event, swiss_team_events
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples
from reference_chess_teams import P_CODES, reference
from test_chess_property import RULES, check, random_tournaments
from test_chess_teams_property import forfeit_heavy_event

from tourneystats.chess import standings, team_standings

#: individual codes with /P, and the same without
CODES_P = ["BH/P", "BH/C1/P", "BH/M1/P", "SB/P", "SB/C1/P", "FB/P", "FB/C1/P"]
PLAIN = [c.replace("/P", "") for c in CODES_P]


@settings(max_examples=examples(120), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(RULES), n_events=st.integers(1, 3))
def test_individual_p_matches_the_reference(seed, rules, n_events):
    frame, players = random_tournaments(seed, n_events)
    check(frame, players, CODES_P, rules)


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(RULES))
def test_individual_p_in_round_robins_matches_the_reference_and_changes_nothing(seed, rules):
    frame, players = random_tournaments(seed, 3)
    round_robin = sorted(frame["event"].unique())[::2]
    check(frame, players, [*CODES_P, "BH/C1@2026", "SB/P@2024"], rules, round_robin=round_robin)
    table = standings(frame, tiebreaks=[*CODES_P, *PLAIN], rules=rules, round_robin=round_robin,
                      allow_buchholz_in_round_robins=True)  # fmt: skip
    rr = table[table["event"].isin(round_robin)]
    for code, plain in zip(CODES_P, PLAIN, strict=True):
        assert np.allclose(rr[code], rr[plain], equal_nan=True), code


def test_individual_p_differs_from_plain_in_a_good_share_of_events():
    """Over 60 seeds of three random events each, the events where some /P value differs from
    the same code without it (so the reference comparison above is not vacuous)."""
    differ = total = 0
    for seed in range(60):
        frame, _ = random_tournaments(seed, 3)
        table = standings(frame, tiebreaks=[*CODES_P, *PLAIN], rules=RULES[seed % len(RULES)])
        for _, event in table.groupby("event"):
            total += 1
            differ += any(
                not np.allclose(event[c], event[p], equal_nan=True)
                for c, p in zip(CODES_P, PLAIN, strict=True)
            )
    assert differ >= 0.25 * total, (differ, total)


# -- teams ----------------------------------------------------------------------------------------


def _assert_team_p_as_reference(rows: pd.DataFrame) -> None:
    ours = team_standings(rows, tiebreaks=P_CODES, rules="fide2024", round_robin=False)
    expected = reference(rows).set_index("team")
    ours = ours.set_index("team").loc[expected.index]
    for code in P_CODES:
        assert np.allclose(ours[code].to_numpy(float), expected[code].to_numpy(float)), code


@settings(max_examples=examples(40), deadline=None)
@given(rows=swiss_team_events())
def test_team_p_matches_the_reference(rows):
    _assert_team_p_as_reference(rows)


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 10**6))
def test_team_p_on_forfeit_heavy_events_matches_the_reference(seed):
    _assert_team_p_as_reference(forfeit_heavy_event(seed))


def test_team_p_differs_from_plain_in_a_good_share_of_events():
    """Over 60 random Swiss team events (40 with the generator's forfeits, 20 forfeit-heavy),
    the events where some /P value differs from the same code without it."""
    events = [random_team_event(s, teams=8, boards=4, rounds=5, round_robin=False)[0]
              for s in range(40)] + [forfeit_heavy_event(s) for s in range(20)]  # fmt: skip
    plain = [c.replace("/P", "") for c in P_CODES]
    differ = 0
    for rows in events:
        table = team_standings(rows, tiebreaks=[*P_CODES, *plain], round_robin=False)
        differ += any(
            not np.allclose(table[c], table[p]) for c, p in zip(P_CODES, plain, strict=True)
        )
    assert differ >= 0.25 * len(events), differ


def test_team_p_changes_nothing_in_round_robins():
    plain = [c.replace("/P", "") for c in P_CODES]
    for seed in range(12):
        rows, _, rr = random_team_event(seed, teams=4 + 2 * (seed % 4), round_robin=True)
        assert rr
        table = team_standings(rows, tiebreaks=[*P_CODES, *plain, "SSSC", "SSSC/P"],
                               round_robin=True, allow_buchholz_in_round_robins=True)  # fmt: skip
        for c, p in [*zip(P_CODES, plain, strict=True), ("SSSC/P", "SSSC")]:
            assert np.allclose(table[c], table[p]), (seed, c)
