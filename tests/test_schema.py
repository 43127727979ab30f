import numpy as np
import pandas as pd
import pytest

from tourneystats import Column, ValidationError, validate
from tourneystats.core.schema import fail_rows

SPEC = [
    Column("event", "key"),
    Column("round", "int"),
    Column("player", "key"),
    Column("opponent", "key", nullable=True),
    Column("points", "float"),
    Column("note", "str", required=False, nullable=True),
]


def frame(**overrides):
    base = {
        "event": ["E1", "E1", "E2"],
        "round": [1, 1, 2],
        "player": ["ann", "bob", "cid"],
        "opponent": ["bob", "ann", None],
        "points": [1, 0, 1],
    }
    base.update(overrides)
    return pd.DataFrame(base)


def test_coerces_and_keeps_extra_columns():
    df = frame(round=["1", "1", "2"], extra=[1, 2, 3])
    out = validate(df, SPEC)
    assert out["round"].dtype == np.int64
    assert out["points"].dtype == np.float64
    assert "extra" in out
    assert df["round"].tolist() == ["1", "1", "2"]  # caller's frame untouched


def test_missing_column_named():
    with pytest.raises(ValidationError, match="missing column.*'points'"):
        validate(frame().drop(columns="points"), SPEC)


def test_not_a_frame():
    with pytest.raises(ValidationError, match="expected a pandas DataFrame, got list"):
        validate([1, 2], SPEC)


def test_wrong_type_names_event_round_player():
    with pytest.raises(ValidationError) as info:
        validate(frame(round=[1, "two", 2]), SPEC)
    msg = str(info.value)
    assert "column 'round' is not numeric" in msg
    assert "event='E1', round='two', player='bob'" in msg
    assert len(info.value.rows) == 1
    assert isinstance(info.value, ValueError)


def test_fractional_integers_refused():
    with pytest.raises(ValidationError, match="whole numbers"):
        validate(frame(round=[1, 1.5, 2]), SPEC)


def test_missing_value_refused():
    with pytest.raises(ValidationError, match=r"missing value in column 'player'.*\n.*round=1"):
        validate(frame(player=["ann", None, "cid"]), SPEC)


def test_duplicates_listed():
    df = frame(player=["ann", "ann", "cid"])
    with pytest.raises(ValidationError) as info:
        validate(df, SPEC, key=["event", "round", "player"])
    assert "duplicate event/round/player (2 rows)" in str(info.value)


def test_fail_rows_truncates():
    df = pd.DataFrame({"event": ["E"] * 9, "round": range(9), "player": list("abcdefghi")})
    with pytest.raises(ValidationError, match=r"\(9 rows\)[\s\S]*and 4 more"):
        fail_rows(df, np.ones(9, bool), "bad", what="results")
    fail_rows(df, np.zeros(9, bool), "never raised")


def test_nullable_and_categorical_values_print_plainly():
    df = pd.DataFrame(
        {
            "event": pd.Categorical(["E1"]),
            "round": pd.array([1], dtype="Int64"),
            "player": np.array([7], dtype=np.int64),
        }
    )
    with pytest.raises(ValidationError, match=r"event='E1', round=1, player=7$"):
        fail_rows(df, np.ones(1, bool), "bad")


def test_ids_read_as_floats_print_as_the_table_gives_them():
    """A CSV's integer column with blank cells (a bye's opponent) is read as floats: the rows an
    error lists print its whole numbers as integers; other values as they are."""
    df = pd.DataFrame(
        {
            "event": ["E", "E", "E"],
            "round": [1.0, 2.0, 3.0],
            "opponent_team": [3.0, np.nan, 2.5],
            "player": [7.0, 8.0, 9.0],
            "opponent": np.array([12.0, np.nan, 1e15]),
        }
    )
    with pytest.raises(ValidationError) as caught:
        fail_rows(df, np.ones(3, bool), "bad")
    assert str(caught.value).splitlines()[1:] == [
        "  event='E', round=1, opponent_team=3, player=7, opponent=12",
        "  event='E', round=2, opponent_team=nan, player=8, opponent=nan",
        "  event='E', round=3, opponent_team=2.5, player=9, opponent=1000000000000000",
    ]
    # without an id column the first columns print as they are
    with pytest.raises(ValidationError, match=r"points=1\.0, score=2\.5$"):
        fail_rows(pd.DataFrame({"points": [1.0], "score": [2.5]}), np.ones(1, bool), "bad")
