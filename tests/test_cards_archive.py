"""The archive frame that :func:`~tourneystats.cards.archive_standings` takes: validated on
entry (the column and the events named), never changed."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from tourneystats.cards import archive_standings
from tourneystats.core.schema import ValidationError


def _rows(**columns: object) -> pd.DataFrame:
    """Two events of two players, one round each: E1 won by a, E2 drawn."""
    base = pd.DataFrame(
        {
            "event": ["E1", "E1", "E2", "E2"],
            "round": 1,
            "player": ["a", "b", "c", "d"],
            "opponent": ["b", "a", "d", "c"],
            "wins": [2, 0, 1, 1],
            "losses": [0, 2, 1, 1],
            "draws": 0,
            "platform": "melee",
            "date": pd.Timestamp("2024-06-30", tz="UTC"),
            "game_scores": True,
            "cut_round": 0,
        }
    )
    return base.assign(**columns)


def test_a_valid_frame_is_computed_and_left_as_it_was():
    rows = _rows(date=["2024-06-30"] * 4, cut_round=[np.nan] * 4)
    before = rows.copy()
    table = archive_standings(rows)
    pd.testing.assert_frame_equal(rows, before)
    assert table["match_points"].tolist() == [3, 0, 1, 1]
    # the same table from the archive's own types: a dated string is the date, 1/0 True/False
    pd.testing.assert_frame_equal(table, archive_standings(_rows()))
    pd.testing.assert_frame_equal(table, archive_standings(_rows(game_scores=1)))


def test_a_platform_without_game_scores_is_refused():
    with pytest.raises(ValidationError, match=r"'platform' without the column 'game_scores'"):
        archive_standings(_rows().drop(columns="game_scores"))


@pytest.mark.parametrize(
    ("column", "values", "said"),
    [
        ("date", ["2024-06-30", "2024-06-30", "June 31st", "June 31st"], r"'date': not a date"),
        ("game_scores", [True, True, "False", "False"], r"'game_scores': not True or False"),
        ("game_scores", [True, True, None, None], r"'game_scores': not True or False"),
        ("cut_round", [0, 0, -1, -1], r"'cut_round': not a round number"),
        ("cut_round", [0, 0, 1.5, 1.5], r"'cut_round': not a round number"),
        ("platform", ["melee", "melee", "Melee", "Melee"], r"'platform': an unknown platform"),
    ],
)
def test_a_bad_value_is_refused_naming_the_column_and_the_event(column, values, said):
    rows = _rows(**{column: values})
    before = rows.copy()
    with pytest.raises(ValidationError, match=said + r".* 1 event\(s\) \(E2\)") as error:
        archive_standings(rows)
    assert error.value.rows is not None and error.value.rows["event"].tolist() == ["E2"]
    pd.testing.assert_frame_equal(rows, before)


def test_an_unknown_platform_is_computed_under_the_rules_named():
    rows = _rows(platform="my-club")
    table = archive_standings(rows, rules="mtg")
    assert table["match_points"].tolist() == [3, 0, 1, 1]
