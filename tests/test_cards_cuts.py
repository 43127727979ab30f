"""The publishers' cuts and brackets of every event at once (:mod:`tourneystats.cards.cuts`).

The per-event functions of :mod:`tourneystats.cards.publishers` (:func:`event_standings`,
:func:`standings_before_cut`, :func:`standings_with_bracket`, :func:`points_cuts`) are the plain
reference: :func:`cut_standings` of 1 or 1,000 events of different shapes (a second day only the
leaders play, a top cut written as Swiss rounds, a bracket counted in the tie-breakers, plain
Swiss) gives each event the very table they give it, and calls the standings core a fixed
number of times, whatever the number of events.
"""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest

from tourneystats.cards import RULES, standings
from tourneystats.cards import cuts as cuts_module
from tourneystats.cards.cuts import cut_standings, points_cut_rounds
from tourneystats.cards.publishers import event_standings, points_cuts

SHAPES = ("second_day", "top_cut", "bracket", "swiss", "second_day_and_top_cut")


def _match(rows: list, rnd: int, a: str, b: str | None, rng: np.random.Generator) -> None:
    """Both sides of a best-of-three match (a bye when `b` is None)."""
    if b is None:
        rows.append((rnd, a, None, 2, 0, 0))
        return
    wa = int(rng.choice([0, 1, 2]))
    wb = 2 if wa < 2 else int(rng.choice([0, 1]))
    draws = int(rng.random() < 0.05)
    if draws:
        wa = wb = 1
    rows += [(rnd, a, b, wa, wb, draws), (rnd, b, a, wb, wa, draws)]


def _points(rows: list, players: list[str]) -> dict[str, int]:
    score = dict.fromkeys(players, 0)
    for _, a, _b, w, lo, _d in rows:
        score[a] += 3 if w > lo else (1 if w == lo else 0)
    return score


def make_event(name: str, shape: str, seed: int) -> tuple[pd.DataFrame, int, pd.DataFrame]:
    """One event of `shape`: (its Swiss rows, its top cut round or 0, its bracket rows)."""
    rng = np.random.default_rng(seed)
    n = int(rng.choice([8, 12, 16, 24, 33]))
    players = [f"p{i:02d}" for i in range(n)]
    swiss_rounds = int(rng.integers(3, 6))
    rows: list = []
    for rnd in range(1, swiss_rounds + 1):  # random pairings, by points
        score = _points(rows, players)
        order = sorted(players, key=lambda p: (-score[p], rng.random()))
        for i in range(0, len(order) - 1, 2):
            _match(rows, rnd, order[i], order[i + 1], rng)
        if len(order) % 2:
            _match(rows, rnd, order[-1], None, rng)
    top, bracket_rows = 0, []
    rnd = swiss_rounds
    if shape in ("second_day", "second_day_and_top_cut"):  # the leaders by points play on
        score = _points(rows, players)
        cut = sorted(score.values(), reverse=True)[len(players) // 2 - 1]
        leaders = sorted(
            (p for p in players if score[p] >= max(cut, 4)), key=lambda p: rng.random()
        )
        rnd += 1
        for i in range(0, len(leaders) - 1, 2):
            _match(rows, rnd, leaders[i], leaders[i + 1], rng)
    if shape in ("top_cut", "second_day_and_top_cut"):  # single elimination as Swiss rounds
        score = _points(rows, players)
        alive = sorted(players, key=lambda p: (-score[p], p))[:4]
        top = rnd + 1
        while len(alive) > 1:
            rnd += 1
            here = _fixed_matches(alive, rnd, rng)
            rows += here
            alive = [r[1] for r in here if r[3] > r[4]]
    if shape == "bracket":  # Quarterfinals... rows, numbered after the Swiss rounds
        score = _points(rows, players)
        alive = sorted(players, key=lambda p: (-score[p], p))[:4]
        while len(alive) > 1:
            rnd += 1
            here = _fixed_matches(alive, rnd, rng)
            bracket_rows += here
            alive = [r[1] for r in here if r[3] > r[4]]
    columns = ["round", "player", "opponent", "wins", "losses", "draws"]
    frame = pd.DataFrame(rows, columns=columns).assign(event=name)
    bracket = pd.DataFrame(bracket_rows, columns=columns).assign(event=name)
    return frame, top, bracket


def _fixed_matches(alive: list[str], rnd: int, rng: np.random.Generator) -> list:
    """A knockout round: a winner in every match (2-0 or 2-1), both sides."""
    rows = []
    for i in range(0, len(alive), 2):
        a, b = alive[i], alive[i + 1]
        lo = int(rng.integers(0, 2))
        first = rng.random() < 0.5
        w = (2, lo) if first else (lo, 2)
        rows += [(rnd, a, b, w[0], w[1], 0), (rnd, b, a, w[1], w[0], 0)]
    return rows


def make_events(count: int, seed: int = 0, shapes: tuple[str, ...] = SHAPES):
    parts = [make_event(f"E{i:04d}", shapes[i % len(shapes)], seed + i) for i in range(count)]
    results = pd.concat([p[0] for p in parts], ignore_index=True)
    top = pd.Series([p[1] for p in parts], index=[f"E{i:04d}" for i in range(count)])
    bracket = pd.concat([p[2] for p in parts], ignore_index=True)
    return results, top, bracket


def reference(results, top, bracket, rules) -> dict[str, pd.DataFrame]:
    """Each event's table by :func:`event_standings`, one event at a time (None: standings)."""
    out = {}
    for event, rows in results.groupby("event", sort=False):
        own = bracket[bracket["event"] == event]
        table = event_standings(
            rows.reset_index(drop=True), {"event": event, "cut_round": int(top[event])}, rules,
            bracket=own.reset_index(drop=True),
        )  # fmt: skip
        if table is not None:
            out[event] = table.reset_index(drop=True)
    return out


def compare(results, top, bracket, rules) -> int:
    """:func:`cut_standings` against the reference, computing its events' whole standings
    itself and taking them from the standings computed before (``computed``)."""
    expected = reference(results, top, bracket, rules)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        before = standings(results, rules=rules)
    for computed in (None, before):
        got = cut_standings(results, top, rules, bracket=bracket, computed=computed)
        assert (got is None) == (not expected)
        if got is None:
            return 0
        assert sorted(pd.unique(got["event"])) == sorted(expected)
        for event, table in got.groupby("event", sort=False):
            pd.testing.assert_frame_equal(table.reset_index(drop=True), expected[event])
    return len(expected)


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("preset", ["melee", "melee2025"])
def test_one_event_of_each_shape_as_the_per_event_functions(shape, preset):
    for seed in range(6):
        compare(*make_events(1, seed=100 * seed, shapes=(shape,)), RULES[preset])


@pytest.mark.parametrize(("preset", "count"), [("melee", 1000), ("melee2024", 200)])
def test_many_events_as_the_per_event_functions(preset, count):
    results, top, bracket = make_events(count, seed=7)
    rules = RULES[preset]
    computed = compare(results, top, bracket, rules)
    assert computed > 0.4 * count  # the shapes are there: cuts found, brackets counted
    found = points_cut_rounds(results, rules)
    assert len(found) > 0.1 * count
    one = results[results["event"] == found["event"].iloc[0]]
    assert (
        points_cuts(one, rules)
        == found.loc[found["event"] == one["event"].iloc[0], "round"].tolist()
    )


def test_calls_of_the_standings_core_do_not_grow_with_the_events(monkeypatch):
    calls = {"standings": 0, "explain": 0}

    def counted(name, func):
        def wrapper(*args, **kwargs):
            calls[name] += 1
            return func(*args, **kwargs)

        return wrapper

    # (the cores of cards.standings and cards.explain, as cut_standings calls them)
    monkeypatch.setattr(cuts_module, "_standings", counted("standings", cuts_module._standings))
    monkeypatch.setattr(cuts_module, "_explained", counted("explain", cuts_module._explained))
    seen = []
    for count in (5, 1000):
        results, top, bracket = make_events(count, seed=3)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            before = standings(results, rules=RULES["melee"])
        for computed in (None, before):  # (the whole events' standings taken from `computed`)
            calls.update(standings=0, explain=0)
            cut_standings(results, top, RULES["melee"], bracket=bracket, computed=computed)
            seen.append(dict(calls))
    assert seen[0] == seen[1] == seen[2] == seen[3] == {"standings": 2, "explain": 1}


def test_the_worked_example_by_hand():
    """Round 1: A beats B, C beats D; round 2: A beats C, B beats D; round 3, a top cut written
    as a Swiss round: A beats B. A has 9 points, B 3; C and D stopped after round 2 with 3 and
    0: they keep those standings, ranked after the two players of the cut."""
    pairs = [(1, "A", "B"), (1, "C", "D"), (2, "A", "C"), (2, "B", "D"), (3, "A", "B")]
    rows = pd.DataFrame([
        {"event": "E", "round": r, "player": p, "opponent": q, "wins": w, "losses": 2 - w,
         "draws": 0} for r, a, b in pairs for p, q, w in ((a, b, 2), (b, a, 0))
    ])  # fmt: skip
    table = cut_standings(rows, pd.Series({"E": 3}), RULES["melee2024"])
    assert table["player"].tolist() == ["A", "B", "C", "D"]
    assert table["rank"].tolist() == [1, 2, 3, 4]
    assert table["match_points"].tolist() == [9, 3, 3, 0]
    assert table["rounds"].tolist() == [3, 3, 2, 2]
    assert table["decided_by"].tolist()[:3] == ["match_points", "cut", "match_points"]


def test_names_alike_but_for_case_are_warned_of_once_by_the_event_name():
    from tourneystats.cards import archive_standings

    pairs = [(1, "A", "B"), (1, "C", "D"), (2, "A", "c"), (2, "B", "D"), (3, "A", "B")]
    rows = pd.DataFrame(
        [
            {
                "event": "Cup",
                "round": r,
                "player": p,
                "opponent": q,
                "wins": w,
                "losses": 2 - w,
                "draws": 0,
            }
            for r, a, b in pairs
            for p, q, w in ((a, b, 2), (b, a, 0))
        ]
    )
    rows = rows.assign(platform="melee", date=pd.Timestamp("2024-01-05", tz="UTC"),
                       game_scores=True, cut_round=3)  # fmt: skip
    with pytest.warns(UserWarning) as caught:
        table = archive_standings(rows, rules="melee2024")
    said = [str(w.message) for w in caught if "letter case" in str(w.message)]
    assert len(said) == 1 and "'Cup'" in said[0] and "'C', 'c'" in said[0], said
    assert table.loc[table["player"] == "B", "decided_by"].tolist() == ["cut"]  # the cut made
