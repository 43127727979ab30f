"""The files without game scores, many events at once (:mod:`tourneystats.cards.nogames`): each
event as the per-event reference (``tests/reference_nogames.py``) computes it alone, on random
topdeck.gg-like events (a points scheme of their own, tables missing from the file, published
GW% missing for some players)."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples
from reference_nogames import ogwp_from_published as _ogwp_from_published
from reference_nogames import points_scheme as _points_scheme
from reference_nogames import restore_byes as _restore_byes

from tourneystats.cards import RULES
from tourneystats.cards.nogames import (
    TOPDECK_SCHEMES,
    ogwp_from_published,
    points_schemes,
    restored_byes,
)


def _event(name: str, seed: int, players: int, rounds: int, scheme: int) -> tuple:
    """One random Swiss event's rows and published standings (points under `scheme`, some of
    its tables dropped from the rows, some GW% unpublished)."""
    rng = np.random.default_rng(seed)
    names = [f"{name}-P{i}" for i in range(players)]
    rows = []
    for r in range(1, rounds + 1):
        order = rng.permutation(players)
        for t, (a, b) in enumerate(zip(order[0::2], order[1::2], strict=False)):
            w = int(rng.integers(0, 3))
            lo = 2 - w if w != 1 else int(rng.integers(0, 2)) * 2
            rows += [(r, t, names[a], names[b], w, lo), (r, t, names[b], names[a], lo, w)]
        if players % 2:
            rows.append((r, -1, names[order[-1]], None, 2, 0))
    results = pd.DataFrame(rows, columns=["round", "table", "player", "opponent", "wins", "losses"])
    results.insert(0, "event", name)
    results["draws"] = 0
    win, draw = TOPDECK_SCHEMES[scheme]
    won = np.where(results["opponent"].isna(), 1, results["wins"] > results["losses"])
    drawn = ~won.astype(bool) & (results["wins"] == results["losses"])
    points = (won * win + drawn * draw).groupby(results["player"]).sum()
    tables = results.groupby(["round", "table"]).ngroup().to_numpy()
    gone = (rng.random(tables.max() + 1) < 0.15)[tables]  # tables missing from the file
    gone &= results["table"].to_numpy() != 0  # (every round keeps one)
    results = results[~gone | (results["round"] == rounds)].drop(columns="table")
    results = results.reset_index(drop=True)
    gwp = pd.Series(rng.choice([0.25, 1 / 3, 0.5, 0.6, 2 / 3, np.nan], players), index=names)
    published = pd.DataFrame(
        {"event": name, "player": names, "Points": points.reindex(names).to_numpy(),
         "GWP": gwp.to_numpy()}
    )  # fmt: skip
    return results, published


_events = st.lists(
    st.tuples(st.integers(0, 10**6), st.integers(2, 9), st.integers(1, 5), st.integers(0, 2)),
    min_size=1,
    max_size=5,
)


@settings(max_examples=examples(100), deadline=None)
@given(_events, st.sampled_from(["topdeck", "mtg"]))
def test_many_events_as_each_alone(events, preset):
    rules = RULES[preset]
    made = [_event(f"E{i}", *spec) for i, spec in enumerate(events)]
    results = pd.concat([r for r, _ in made], ignore_index=True)
    published = pd.concat([p for _, p in made], ignore_index=True)
    order = {f"E{i}": i for i in range(len(made))}
    schemes = points_schemes(results, published, order)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        byes, said = restored_byes(results, published, rules)
        mean, unknown = ogwp_from_published(results, published, rules)
    for i, (r, p) in enumerate(made):
        own = _points_scheme(r, p, rules)
        assert TOPDECK_SCHEMES[schemes[i]] == (own.win, own.draw)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            repaired = _restore_byes(r, p, rules)
        mine = byes[byes["event"] == f"E{i}"]
        expected = repaired.iloc[len(r) :]
        assert sorted(map(tuple, mine[["player", "round"]].to_numpy().tolist())) == sorted(
            map(tuple, expected[["player", "round"]].to_numpy().tolist())
        )
        assert (mine["opponent"].isna() & (mine["wins"] == 1) & (mine["losses"] == 0)).all()
        assert [str(w.message) for w in caught] == ([said[f"E{i}"]] if f"E{i}" in said else [])
        alone, unknown_alone = _ogwp_from_published(r, p, rules)
        got = mean.xs(f"E{i}", level=0).reindex(alone.index)
        pd.testing.assert_series_equal(got, alone, check_names=False, check_index_type=False)
        assert sorted(unknown[unknown.get_level_values(0) == f"E{i}"].get_level_values(1)) == (
            sorted(map(str, unknown_alone))
        )


def test_byes_restored_worked_example():
    """A player without a table in round 2, published a win more than his rounds give (3/1):
    a bye restored in round 2; one whose gap is not a win per missing round: none."""
    results = pd.DataFrame(
        {"event": "E", "round": [1, 1, 1, 1, 2, 2, 3, 3, 3, 3],
         "player": ["A", "B", "C", "D", "B", "D", "A", "B", "C", "D"],
         "opponent": ["B", "A", "D", "C", "D", "B", "C", "D", "A", "B"],
         "wins": [2, 0, 2, 0, 2, 0, 2, 2, 0, 0], "losses": [0, 2, 0, 2, 0, 2, 0, 0, 2, 2],
         "draws": 0}
    )  # fmt: skip
    published = pd.DataFrame(
        {"event": "E", "player": ["A", "B", "C", "D"], "Points": [9, 6, 3, 0]}
    )  # A: 6 from his rounds + a bye in round 2; C: 3 from his rounds, no bye
    byes, said = restored_byes(results, published, RULES["topdeck"])
    assert byes[["event", "player", "round", "wins", "losses"]].values.tolist() == [
        ["E", "A", 2, 1, 0]
    ]
    assert byes["opponent"].isna().all()
    assert said == {
        "E": "E: restored 1 bye(s) missing from the file, from the published points (A)"
    }
