import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st
from reference_ranking import competition_ranks, decided_by, decided_by_ranked

from tourneystats import competition_rank
from tourneystats.core import ranking


def test_1224_and_order_by():
    df = pd.DataFrame({"player": ["d", "c", "b", "a"], "pts": [1, 2, 2, 3]})
    out = competition_rank(df, ["pts"], order_by="player")
    assert out["player"].tolist() == ["a", "b", "c", "d"]
    assert out["rank"].tolist() == [1, 2, 2, 4]


def test_float_noise_ties():
    df = pd.DataFrame({"p": ["a", "b"], "x": [100 * (0.1 + 0.2) / 0.3, 100.0]})
    assert 100 * (0.1 + 0.2) / 0.3 != 100.0
    assert competition_rank(df, ["x"])["rank"].tolist() == [1, 1]


def test_groups_restart_and_second_criterion():
    df = pd.DataFrame(
        {
            "event": ["B", "A", "A", "B", "A"],
            "p": ["q", "x", "y", "r", "z"],
            "pts": [1, 2, 2, 1, 2],
            "tb": [0.5, 3.0, 1.0, 0.5, 3.0],
        }
    )
    out = competition_rank(df, ["pts", "tb"], by="event", order_by="p")
    assert out[["event", "p", "rank"]].values.tolist() == [
        ["A", "x", 1],
        ["A", "z", 1],
        ["A", "y", 3],
        ["B", "q", 1],
        ["B", "r", 1],
    ]


def test_missing_last_and_ascending():
    df = pd.DataFrame({"p": list("abcd"), "x": [np.nan, 2.0, 1.0, np.nan]})
    out = competition_rank(df, ["x"], ascending=True, order_by="p")
    assert out["p"].tolist() == ["c", "b", "a", "d"]
    assert out["rank"].tolist() == [1, 2, 3, 3]


def test_does_not_mutate_and_empty():
    df = pd.DataFrame({"p": ["a", "b"], "x": [1, 2]})
    before = df.copy()
    competition_rank(df, ["x"])
    pd.testing.assert_frame_equal(df, before)
    empty = competition_rank(df.iloc[:0], ["x"])
    assert len(empty) == 0 and "rank" in empty


def test_bad_arguments():
    df = pd.DataFrame({"p": ["a"], "x": [1]})
    with pytest.raises(KeyError, match="nope"):
        competition_rank(df, ["nope"])
    with pytest.raises(ValueError, match="ascending"):
        competition_rank(df, ["x"], ascending=[True, False])


values = st.one_of(st.none(), st.sampled_from([0.0, 0.5, 1.0, 1 / 3, 2 / 3, 0.1 + 0.2, 0.3]))


@given(
    st.lists(
        st.tuples(st.sampled_from("ABC"), values, values, st.integers(0, 3)),
        min_size=0,
        max_size=30,
    ),
    st.lists(st.booleans(), min_size=3, max_size=3),
)
def test_matches_reference(rows, ascending):
    df = pd.DataFrame(rows, columns=["g", "x", "y", "z"]).astype({"x": float, "y": float})
    df["id"] = np.arange(len(df))
    out = competition_rank(
        df, ["x", "y", "z"], ascending=ascending, by="g", order_by="id", decided_by="why"
    )
    records = df.to_dict("records")
    expected = competition_ranks(records, ["x", "y", "z"], ascending, "g")
    got = dict(zip(out["id"], out["rank"]))
    assert [got[i] for i in df["id"]] == expected
    why = decided_by(records, ["x", "y", "z"], ascending, "g", dict(enumerate(expected)))
    got_why = dict(zip(out["id"], out["why"].astype(object).where(out["why"].notna(), None)))
    assert [got_why[i] for i in df["id"]] == why
    # display order: groups ascending, ranks non-decreasing inside a group
    assert out["g"].is_monotonic_increasing
    assert all(out.groupby("g")["rank"].apply(lambda r: r.is_monotonic_increasing))


def test_many_high_cardinality_criteria_match_reference():
    # 8 criteria with ~150 distinct values each overflow one packed int64 sort key
    rng = np.random.default_rng(7)
    n = 300
    df = pd.DataFrame({f"c{i}": rng.integers(0, 150, n) / 7 for i in range(8)})
    df.loc[::3, [f"c{i}" for i in range(7)]] = 1.0  # force long ties on the first criteria
    df["g"] = rng.integers(0, 2, n)
    df["id"] = np.arange(n)
    crit = [f"c{i}" for i in range(8)]
    asc = [bool(i % 2) for i in range(8)]
    out = competition_rank(df, crit, ascending=asc, by="g", order_by="id")
    expected = competition_ranks(df.to_dict("records"), crit, asc, "g")
    got = dict(zip(out["id"], out["rank"]))
    assert [got[i] for i in df["id"]] == expected


def test_mostly_distinct_criteria_match_reference():
    # averages of opponents' values are mostly distinct: coded by one sort instead of a hash
    # (NaN last, -0.0 equal to 0.0), and ties keep the input order
    rng = np.random.default_rng(11)
    n = 600
    x = rng.integers(0, 5, n).astype(float)
    y = np.round(rng.random(n), 3)
    y[::17], y[1::23], y[2::29] = np.nan, 0.0, -0.0
    df = pd.DataFrame({"g": rng.integers(0, 3, n), "x": x, "y": y, "z": y[::-1].copy()})
    crit = ["x", "y", "z"]
    for asc in ([False, False, True], [True, False, False]):
        out = competition_rank(df, crit, ascending=asc, by="g", decided_by="why")
        expected = competition_ranks(df.to_dict("records"), crit, asc, "g")
        rows = np.lexsort((np.arange(n), np.array(expected), df["g"].to_numpy()))
        assert out["rank"].tolist() == [expected[i] for i in rows]
        assert out[crit].equals(df[crit].iloc[rows].reset_index(drop=True))
        why = decided_by(df.to_dict("records"), crit, asc, "g", dict(enumerate(expected)))
        assert out["why"].astype(object).where(out["why"].notna(), None).tolist() == [
            why[i] for i in rows
        ]


@given(
    st.lists(
        st.tuples(st.sampled_from("ABC"), values, values, st.one_of(st.none(), st.integers(1, 4))),
        min_size=0,
        max_size=30,
    ),
    st.randoms(),
)
def test_decided_by_of_a_table_matches_reference(rows, shuffle):
    """Any places (consistent with the criteria or not, some missing), in any row order."""
    shuffle.shuffle(rows)
    df = pd.DataFrame(rows, columns=["g", "x", "y", "rank"]).astype({"x": float, "y": float})
    df.index = np.arange(len(df))[::-1]  # the result follows the index, not the positions
    got = ranking.decided_by(df, ["x", "y"], by="g", rank="rank", beyond="h2h")
    records = df.to_dict("records")
    expected = decided_by_ranked(records, ["x", "y"], "g", "rank", beyond="h2h")
    assert got.index.equals(df.index)
    assert [None if pd.isna(v) else v for v in got] == expected


@given(
    st.lists(st.tuples(st.sampled_from("AB"), values, values), min_size=0, max_size=30),
    st.lists(st.booleans(), min_size=2, max_size=2),
)
def test_decided_by_of_a_table_agrees_with_competition_rank(rows, ascending):
    df = pd.DataFrame(rows, columns=["g", "x", "y"]).astype({"x": float, "y": float})
    ranked = competition_rank(df, ["x", "y"], ascending=ascending, by="g", decided_by="why")
    # groups in another order, rows of a group not: a tie's display order is the table's
    again = ranked.sort_values("g", ascending=False, kind="stable")
    got = ranking.decided_by(again, ["x", "y"], by="g").reindex(ranked.index)
    pd.testing.assert_series_equal(got, ranked["why"], check_names=False)


@given(
    st.lists(st.sampled_from("dcbaz"), max_size=5, unique=True),
    st.lists(st.one_of(st.none(), st.sampled_from("dcbaz")), max_size=40),
    st.booleans(),
)
def test_group_order_of_a_categorical_numbers_its_categories_in_use(categories, rows, ordered):
    # unordered: the categories in use in their order, 0, 1, ... (as factorize(sort=True) numbers
    # them), missing last; ordered: the category's place (unused ones leave gaps), missing last
    values = [v if v in categories else None for v in rows]
    column = pd.Series(pd.Categorical(values, categories=categories, ordered=ordered))
    listed = categories if ordered else [c for c in categories if c in values]
    place = {c: i for i, c in enumerate(listed)}
    expected = [place[v] if v is not None else len(listed) for v in values]
    assert ranking.group_order(column).tolist() == expected
