"""Card-game input refused on entry (issue 13): round-number gaps, bye counts, a player in two
matches of a round, a match reported from one side only; small worked examples with the exact
message fragments."""

from __future__ import annotations

import pandas as pd
import pytest
from test_cards import _raises, good  # the valid example and the refusal check

from tourneystats import ValidationError
from tourneystats.cards import matches_to_games, standings


def test_a_gap_in_the_rounds_of_an_event_is_refused():
    # rounds 1, 2 of E renumbered 1, 5: rounds 2 to 4 are missing
    frame = good().assign(round=lambda f: f["round"].replace({2: 5}))
    error = _raises(frame, "a gap in the round numbers", ["event 'E' has no rounds 2 to 4"])
    assert error.rows["round"].tolist() == [5, 5, 5]  # the rows of the round after the gap
    assert "event='E', round=5, player='A'" in str(error)
    # one missing round, in the second of two events; the first event starts at round 3
    other = good().assign(event="F", round=lambda f: f["round"].replace({2: 3}))
    two = pd.concat([good().assign(round=lambda f: f["round"] + 2), other], ignore_index=True)
    error = _raises(two, "gap in the round numbers", ["event 'F' has no round 2;"])
    assert set(error.rows["event"]) == {"F"}
    # sparse round numbers (a span too wide for a table) and game level take the same check
    wide = good().assign(round=lambda f: f["round"].replace({2: 10**12}))
    _raises(wide, "gap", ["event 'E' has no rounds 2 to 999999999999"])
    _raises(matches_to_games(good()).assign(round=lambda f: f["round"] * 2), "gap", ["no round 3"])


def test_bye_counts_are_not_used_but_must_be_counts():
    # missing or any non-negative counts on a bye that are no loss give the same table: a bye
    # is 2-0-0 (counts that report a loss make the row a loss to no one: test_cards_report.py)
    expected = standings(good())
    for counts in ((None, None, None), (5, 0, 1), (0, 0, 3)):
        frame = good().astype({"wins": object, "losses": object, "draws": object})
        frame.loc[frame["opponent"].isna(), ["wins", "losses", "draws"]] = counts
        pd.testing.assert_frame_equal(standings(frame), expected)
    # a negative count is refused on a bye as on any row (the repro of issue 13)
    repro = pd.DataFrame({"event": "E", "round": [1, 1, 1], "player": ["a", "b", "c"],
                          "opponent": ["b", "a", None], "wins": [2, 0, -1],
                          "losses": [0, 2, 0], "draws": 0})  # fmt: skip
    _raises(repro, "negative 'wins' count \\(on a bye too", ["round=1, player='c'"])


def test_player_in_two_matches_of_a_round_and_match_from_one_side():
    two = pd.concat([good(), good().iloc[[0]].assign(opponent="C")], ignore_index=True)
    _raises(two, "twice in one round", ["event='E', round=1, player='A'"])
    one_side = good().drop(index=1)  # B's side of A-B is missing
    _raises(one_side, "has no result in this round", ["event='E', round=1, player='A'"])
    games = matches_to_games(good())
    second = games[(games["round"] == 1) & (games["player"] == "A")].assign(opponent="C")
    with pytest.raises(ValidationError, match="different opponents in one match"):
        standings(pd.concat([games, second], ignore_index=True))
    with pytest.raises(ValidationError, match="has no result in this round"):
        standings(games[~((games["round"] == 1) & (games["player"] == "B"))])
