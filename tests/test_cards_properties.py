"""Property tests: the vectorised card-game code against the plain-Python reference on random
tournaments with byes, drops, draws, intentional draws and rematches, in both input forms."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pandas as pd
import reference_cards as reference
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from tourneystats.cards import (
    RULES,
    Rules,
    archive_standings,
    explain,
    games_to_matches,
    matches_to_games,
    standings,
    standings_by_round,
)
from tourneystats.cards.cuts import points_cut_rounds
from tourneystats.cards.publishers import (
    points_cuts,
    standings_before_cut,
    standings_with_bracket,
)

CUSTOM = Rules(
    name="custom",
    win=2,
    draw=1,
    loss=0,
    game_win=2,
    game_draw=1,
    game_loss=0,
    floor=0.2,
    bye=(1, 0, 0),
    intentional_draw_game_points=0.5,
    drop_cap=0.9,
    byes_seen_by_opponents=False,
    order=("match_points", "gwp", "oomwp", "omwp", "ogwp", "game_points"),
)
#: every new field away from its default at once (issue 14)
CONVENTIONS = Rules(
    name="conventions",
    floor=0.3,
    own_floor=0.1,
    ranked_as_shown=True,
    missed_rounds_lost=True,
    bye_opponent=0.35,
    average_over="opponents",
    no_opponents=0.4,
    draw_share=0.25,
    decimals=2,
    rounding="half_even",
    rounded_averages=True,
    freeze_dropped=True,
    head_to_head=True,
    drop_cap=0.8,
    order=("match_points", "omwp", "oomwp", "gwp"),
)
#: byes counted as opponents over rounds, no game scores, head-to-head without freezing
MATCHES_ONLY = Rules(
    name="matches-only",
    bye_opponent=0.33,
    game_scores=False,
    head_to_head=True,
    decimals=3,
    order=("match_points", "omwp", "gwp", "ogwp"),
)
ALL_RULES = [*RULES.values(), CUSTOM, CONVENTIONS, MATCHES_ONLY]
#: the rules that pool seasons (freezing dropped players works per event)
POOLING_RULES = [r for r in ALL_RULES if not r.freeze_dropped]

#: game sequences from the first player's side (W/L/D), the empty one is a match without games
SEQUENCES = ["WW", "WLW", "LWW", "LL", "WLL", "LWL", "WL", "LW", "WLD", "LWD", "WD", "LD", "DDD",
             "D", "W", "L", "", "WDW", "DLL"]  # fmt: skip
FLIP = {"W": "L", "L": "W", "D": "D"}
MATCH = ["event", "round", "player", "opponent", "wins", "losses", "draws"]
GAME = ["event", "round", "player", "opponent", "game", "result"]


@st.composite
def tournaments(draw, max_events: int = 3, max_players: int = 8, max_rounds: int = 5):
    """(match-level frame, game-level frame) of random Swiss-like events."""
    text_ids = draw(st.booleans())
    matches, games = [], []
    for ev in range(draw(st.integers(1, max_events))):
        event = f"E{ev}"
        n_players = draw(st.integers(2, max_players))
        ids = [f"p{i}" if text_ids else i for i in range(1, n_players + 1)]
        active = list(ids)
        for rnd in range(1, draw(st.integers(1, max_rounds)) + 1):
            if not active:
                break
            order = draw(st.permutations(active))
            n_byes = len(order) % 2 + 2 * draw(st.integers(0, 1) if len(order) > 3 else st.just(0))
            paired, byes = order[: len(order) - n_byes], order[len(order) - n_byes :]
            for a, b in zip(paired[0::2], paired[1::2]):
                seq = draw(st.sampled_from(SEQUENCES))
                w, l, d = seq.count("W"), seq.count("L"), seq.count("D")  # noqa: E741
                matches.append((event, rnd, a, b, w, l, d))
                matches.append((event, rnd, b, a, l, w, d))
                if not seq:
                    games.append((event, rnd, a, b, None, None))
                    games.append((event, rnd, b, a, None, None))
                for k, r in enumerate(seq, start=1):
                    games.append((event, rnd, a, b, k, r))
                    games.append((event, rnd, b, a, k, FLIP[r]))
            for p in byes:
                counts = draw(st.sampled_from([(2, 0, 0), (0, 0, 0), (1, 0, 0)]))
                matches.append((event, rnd, p, None, *counts))
                games.append((event, rnd, p, None, None, None))
            dropping = draw(st.lists(st.sampled_from(active), max_size=2, unique=True))
            active = [p for p in active if p not in dropping]
    shuffle = draw(st.randoms())
    shuffle.shuffle(matches)
    shuffle.shuffle(games)
    match_frame = pd.DataFrame(matches, columns=MATCH)
    game_frame = pd.DataFrame(games, columns=GAME).astype({"game": "Int64"})
    return match_frame, game_frame


def assert_same(got: pd.DataFrame, expected: pd.DataFrame) -> None:
    assert list(got.columns) == list(expected.columns)
    assert len(got) == len(expected)
    for column in got.columns:
        a, b = got[column].to_numpy(), expected[column].to_numpy()
        if column in ("mwp", "gwp", "omwp", "ogwp", "oomwp"):
            a, b = a.astype(float), b.astype(float)
            assert np.array_equal(np.isnan(a), np.isnan(b)), column
            ok = ~np.isnan(a)
            assert np.allclose(a[ok], b[ok], rtol=0, atol=1e-12), column
        elif column in ("match_points", "game_points"):
            assert np.array_equal(a.astype(float), b.astype(float), equal_nan=True), column
        else:
            assert [str(x) for x in a] == [str(x) for x in b], column


@given(tournaments(), st.sampled_from(ALL_RULES))
def test_standings_match_reference(t, game_rules):
    match_frame, game_frame = t
    for rules in ALL_RULES:
        assert_same(standings(match_frame, rules=rules), reference.standings(match_frame, rules))
    # the game-level form (aggregated independently by the reference), under one rule set each
    expected = reference.standings(game_frame, game_rules)
    assert_same(standings(game_frame, rules=game_rules), expected)


@given(tournaments(max_events=4), st.data())
def test_season_pooling_matches_reference(t, data):
    match_frame, game_frame = t
    events = sorted(match_frame["event"].unique())
    season_of = {e: data.draw(st.sampled_from(["S1", "S2"])) for e in events}
    rules = data.draw(st.sampled_from(POOLING_RULES))
    frame = match_frame.assign(season=match_frame["event"].map(season_of))
    expected = reference.standings(frame, rules, by="season")
    assert_same(standings(frame, rules=rules, by="season"), expected)
    games = game_frame.assign(season=game_frame["event"].map(season_of))
    assert_same(standings(games, rules=rules, by="season"), expected)


@given(tournaments(), st.sampled_from(ALL_RULES))
def test_standings_by_round_equals_truncated_standings(t, rules):
    match_frame, _ = t
    drift = standings_by_round(match_frame, rules=rules)
    # every event cut after each of its rounds, as a separate event "E0@03", all in one call
    pieces = []
    for rnd in sorted(match_frame["round"].unique()):
        events = match_frame.loc[match_frame["round"] == rnd, "event"].unique()
        cut = match_frame[match_frame["event"].isin(events) & (match_frame["round"] <= rnd)]
        pieces.append(cut.assign(event=cut["event"] + f"@{rnd:03d}"))
    expected = standings(pd.concat(pieces, ignore_index=True), rules=rules)
    split = expected["event"].str.split("@", expand=True)
    expected = expected.assign(event=split[0], round=split[1].astype(int))[drift.columns]
    assert_same(drift, expected)


@settings(max_examples=examples(100))  # a consistency check between two vectorised functions
@given(tournaments(), st.sampled_from(ALL_RULES))
def test_explain_means_are_the_opponents_averages(t, rules):
    match_frame, game_frame = t
    rules = replace(rules, decimals=None, rounded_averages=False)  # terms and means unrounded
    table = standings(match_frame, rules=rules).set_index(["event", "player"])
    why = explain(game_frame, rules=rules)
    assert len(why) == len(match_frame)
    if rules.bye_opponent is None:
        assert not why.loc[why["bye"], "counted"].any()
        assert why["opponent_mwp"].isna().eq(why["bye"]).all()
    if rules.average_over == "rounds":
        assert why.loc[~why["bye"], "counted"].all()
    pairs = {"omwp": "opponent_mwp"}
    if rules.game_scores:
        pairs["ogwp"] = "opponent_gwp"
    if "oomwp" in rules.order:
        pairs["oomwp"] = "opponent_omwp"
    means = why[why["counted"]].groupby(["event", "player"])[list(pairs.values())].mean()
    for ours, shown in pairs.items():
        joined = table[ours].to_frame().join(means[shown])
        nobody = joined[shown].isna()
        empty = np.nan if rules.no_opponents is None else rules.no_opponents
        assert np.allclose(joined.loc[nobody, ours], empty, equal_nan=True)
        ok = ~nobody
        assert np.allclose(joined.loc[ok, ours], joined.loc[ok, shown], rtol=0, atol=1e-12)


@settings(max_examples=examples(100))  # not a differential test: 100 random tournaments are plenty
@given(tournaments())
def test_conversions_are_lossless(t):
    match_frame, game_frame = t
    played = match_frame["opponent"].notna().to_numpy()
    back = games_to_matches(matches_to_games(match_frame))
    pd.testing.assert_frame_equal(back[played], match_frame[played], check_dtype=False)
    assert (back.loc[~played, ["wins", "losses", "draws"]] == [2, 0, 0]).all().all()
    collapsed = games_to_matches(game_frame)
    key = ["event", "round", "player"]
    left = collapsed.sort_values(key).reset_index(drop=True)
    right = match_frame[played].sort_values(key).reset_index(drop=True)
    played_left = left[left["opponent"].notna()].reset_index(drop=True)
    pd.testing.assert_frame_equal(played_left, right, check_dtype=False)


@given(tournaments(), st.sampled_from(ALL_RULES), st.data())
def test_ranking_within_a_column_matches_reference(t, rules, data):
    match_frame, _ = t
    players = sorted(set(match_frame["player"]), key=str)
    division = {p: data.draw(st.sampled_from(["juniors", "masters"])) for p in players}
    frame = match_frame.assign(division=match_frame["player"].map(division))
    expected = reference.standings(frame, rules, within="division")
    assert_same(standings(frame, rules=rules, within="division"), expected)
    # after every round, as the event cut there
    drift = standings_by_round(frame, rules=rules, within="division")
    last = drift[drift["round"] == drift.groupby("event")["round"].transform("max")]
    final = standings(frame, rules=rules, within="division")
    assert_same(last.drop(columns="round").reset_index(drop=True), final)


def test_game_sums_beyond_the_packed_range_match_reference():
    """Game counts whose sums over a player's rounds pass 2**17 (the packed scatter-add's
    range): summed one count at a time, as exactly."""
    rounds = 140  # 140 rounds of 1,000 games: 140,000 won games, above 2**17 = 131,072
    rng = np.random.default_rng(7)
    wins = rng.integers(0, 1001, rounds)
    draws = rng.integers(0, 3, rounds)
    frame = pd.DataFrame(
        {
            "event": "E",
            "round": np.repeat(np.arange(1, rounds + 1), 4),
            "player": np.tile(["a", "b", "c", "d"], rounds),
            "opponent": np.tile(["b", "a", "d", "c"], rounds),
            "wins": np.column_stack([wins, 1000 - wins, wins // 2, 0 * wins]).reshape(-1),
            "losses": np.column_stack([1000 - wins, wins, 0 * wins, wins // 2]).reshape(-1),
            "draws": np.repeat(draws, 4),
        }
    )
    for rules in (RULES["mtg"], CUSTOM):
        table = standings(frame, rules=rules)
        assert table["games"].max() > 2**17
        assert_same(table, reference.standings(frame, rules))


def _assert_same_values(got: pd.DataFrame, expected: dict) -> None:
    """Each player's values (indexed by player) equal the reference's, NaN for NaN."""
    for player, values in expected.items():
        for column, value in values.items():
            mine = float(got.loc[player, column])
            assert (math.isnan(mine) and math.isnan(value)) or abs(mine - value) < 1e-12, (
                player,
                column,
            )


@settings(deadline=None, max_examples=examples(40))
@given(tournaments(max_events=1, max_players=8), st.sampled_from(["melee", "mtg"]), st.data())
def test_standings_with_bracket_match_reference(t, name, data):
    """A bracket of two semifinals and a final among four players of the Swiss rounds, counted
    in their tie-breakers without points: the engine's values equal the plain-Python ones."""
    matches, _ = t
    players = sorted(matches["player"].unique(), key=str)
    if len(players) < 4:
        return
    four = data.draw(st.permutations(players))[:4]
    last = int(matches["round"].max())
    rows = []
    for rnd, (a, b) in ((last + 1, four[:2]), (last + 1, four[2:]), (last + 2, (four[0], four[2]))):
        w, l = data.draw(st.sampled_from([(2, 0), (2, 1), (1, 2), (0, 2)]))  # noqa: E741
        rows += [("E0", rnd, a, b, w, l, 0), ("E0", rnd, b, a, l, w, 0)]
    bracket = pd.DataFrame(rows, columns=MATCH)
    rules = replace(RULES[name], playoff_tiebreakers=True)
    got = standings_with_bracket(matches, bracket, rules).set_index("player")
    expected = reference.standings_with_bracket(matches, bracket, rules)
    _assert_same_values(got, expected)


def _bracket_of(matches: pd.DataFrame, event: str, data) -> pd.DataFrame | None:
    """Two semifinals and a final among four players of `event` (None: fewer than four, or
    drawn without)."""
    own = matches[matches["event"] == event]
    players = sorted(own["player"].unique(), key=str)
    if len(players) < 4 or not data.draw(st.booleans()):
        return None
    four = data.draw(st.permutations(players))[:4]
    last = int(own["round"].max())
    rows = []
    for rnd, (a, b) in ((last + 1, four[:2]), (last + 1, four[2:]), (last + 2, (four[0], four[2]))):
        w, l = data.draw(st.sampled_from([(2, 0), (2, 1), (1, 2), (0, 2)]))  # noqa: E741
        rows += [(event, rnd, a, b, w, l, 0), (event, rnd, b, a, l, w, 0)]
    return pd.DataFrame(rows, columns=MATCH)


@settings(deadline=None, max_examples=examples(30))
@given(tournaments(max_events=3, max_players=8), st.sampled_from(["melee", "mtg"]), st.data())
def test_archive_standings_with_brackets_match_reference(t, name, data):
    """An archive's rows of several events, some with a bracket (marked ``bracket``), in any
    order: each event's values equal the plain-Python ones, the bracket counted in its players'
    tie-breakers only."""
    matches, _ = t
    brackets = {e: _bracket_of(matches, e, data) for e in matches["event"].unique()}
    marked = [b.assign(bracket=True) for b in brackets.values() if b is not None]
    rows = pd.concat([matches.assign(bracket=False), *marked], ignore_index=True)
    rows = rows.assign(platform="melee", date=pd.Timestamp("2024-02-01", tz="UTC"),
                       game_scores=True, cut_round=0)  # fmt: skip
    rows = rows.sample(frac=1, random_state=data.draw(st.integers(0, 99)))
    rules = replace(RULES[name], playoff_tiebreakers=True, frozen_before_cut=False)
    got = archive_standings(rows, rules=rules)
    assert not got["match_points"].isna().any()
    for event, bracket in brackets.items():
        own = matches[matches["event"] == event]
        mine = got[got["event"] == event].set_index("player")
        if bracket is not None:
            expected = reference.standings_with_bracket(own, bracket, rules)
        else:
            table = reference.standings(own, rules)
            expected = table.set_index("player")[["match_points", "gwp", "omwp", "ogwp"]]
            expected = expected.to_dict("index")
        assert len(mine) == len(expected)
        _assert_same_values(mine, expected)


def _second_day(matches: pd.DataFrame, after: int, rules, first: int = 0) -> pd.DataFrame:
    """`matches` (one event) whose rounds after `after` keep only the matches of two players
    with the most points after it or a win less (a second day of the leaders), or with
    `first` > 0, of two of the `first` players by points (ties by name: a cut to the first N
    that may split the players of one points total)."""
    early = matches[matches["round"] <= after]
    won = np.where(early["wins"] > early["losses"], rules.win, 0)
    won = np.where(early["wins"] == early["losses"], rules.draw, won)
    points = pd.Series(won, index=early.index).groupby(early["player"]).sum()
    leaders = set(points.index[points >= points.max() - rules.win])
    if first:
        order = pd.DataFrame({"points": -points, "name": points.index.astype(str)})
        leaders = set(order.sort_values(["points", "name"]).index[:first])
    late = matches[(matches["round"] > after) & matches["player"].isin(leaders)]
    late = late[late["opponent"].isin(leaders) | late["opponent"].isna()]
    out = pd.concat([early, late], ignore_index=True)
    held = sorted(out["round"].unique())
    gap = next((a for a, b in zip(held, held[1:]) if b != a + 1), held[-1])
    return out[out["round"] <= gap]  # the rounds follow on (a round nobody played ends it)


@settings(deadline=None, max_examples=examples(150))
@given(tournaments(max_events=1, max_players=8), st.sampled_from(["melee2024", "mtg"]), st.data())
def test_cuts_and_the_standings_before_them_match_reference(t, name, data):
    """Cut rounds found by points, and the standings of an event cut at random rounds (each
    player at the first cut after his last round), equal the plain-Python ones."""
    matches, _ = t
    rules = RULES[name]
    rounds = sorted(matches["round"].unique())
    if len(rounds) > 1:
        first = data.draw(st.sampled_from([0, 2, 3, 4]))
        matches = _second_day(matches, data.draw(st.sampled_from(rounds[:-1])), rules, first)
    assert points_cuts(matches, rules) == reference.points_cuts(matches, rules)
    cuts = data.draw(st.lists(st.sampled_from(rounds), max_size=3, unique=True))
    if not cuts:
        return
    got = standings_before_cut(matches, cuts, rules).set_index("player")
    expected = reference.standings_before_cut(matches, cuts, rules)
    assert set(got.index) == set(expected)
    _assert_same_values(got, expected)


#: an event whose round 4 only the four players with 6 points or more play (A unbeaten; C, E, B
#: one loss): a second day
_SECOND_DAY = pd.DataFrame(
    [
        {"event": "day2", "round": r, "player": p, "opponent": q, "wins": w, "losses": 2 - w}
        for r, a, b in [
            *[(1, "A", "B"), (1, "C", "D"), (1, "E", "F"), (1, "G", "H")],
            *[(2, "A", "C"), (2, "E", "G"), (2, "B", "D"), (2, "F", "H")],
            *[(3, "A", "E"), (3, "C", "G"), (3, "B", "F"), (3, "D", "H")],
            *[(4, "A", "C"), (4, "E", "B")],
        ]
        for p, q, w in ((a, b, 2), (b, a, 0))
    ]
).assign(draws=0)


#: the same event whose round 4 only A (9 points) and C (one of the three with 6) play: a cut to
#: the first two of the standings
_TOP_TWO = _SECOND_DAY[(_SECOND_DAY["round"] < 4) | _SECOND_DAY["player"].isin(["A", "C"])].assign(
    event="top2"
)


@settings(deadline=None, max_examples=examples(100))
@given(tournaments(max_events=3, max_players=8), st.sampled_from(["melee2024", "mtg"]), st.data())
def test_events_with_points_cuts_found_at_once_match_reference(t, name, data):
    """The events of a season with a second day found all at once are those for which the
    plain-Python search, event by event, finds one (some events given a second day)."""
    matches, _ = t
    rules = RULES[name]
    parts = []
    for _, event in matches.groupby("event", sort=False):
        rounds = sorted(event["round"].unique())
        if len(rounds) > 1 and data.draw(st.booleans()):
            first = data.draw(st.sampled_from([0, 2, 3, 4]))
            event = _second_day(event, data.draw(st.sampled_from(rounds[:-1])), rules, first)
        parts.append(event)
    parts.append(_SECOND_DAY)  # (random events seldom have one)
    parts.append(_TOP_TWO)
    season = pd.concat(parts, ignore_index=True)
    season = season.iloc[data.draw(st.permutations(range(len(season))))]  # any row order
    expected = {
        e for e, event in season.groupby("event", sort=False) if reference.points_cuts(event, rules)
    }
    assert set(points_cut_rounds(season, rules)["event"]) == expected


@given(tournaments(max_events=4), st.sampled_from(ALL_RULES), st.booleans(), st.integers(1, 60))
def test_standings_on_two_threads_are_the_one_thread_table(t, rules, in_order, chunk):
    """A frame large enough for threads (the threshold lowered to every frame, runs of events
    of `chunk` rows) gives the table of one call exactly: the reference's values, the same
    order, dtypes and ids, its rows in event order (sliced) or shuffled (taken), match- and
    game-level."""
    from tourneystats.cards import tables

    for frame in t:
        if in_order:
            frame = frame.sort_values("event", kind="stable", ignore_index=True)
        with _threaded_from(0, chunk):
            two = standings(frame, rules=rules)
        with _threaded_from(10**12):
            one = standings(frame, rules=rules)
        pd.testing.assert_frame_equal(two, one, check_exact=True)
        if frame is t[0]:
            assert_same(two, reference.standings(frame, rules))
    assert (tables.THREADED_ROWS, tables.CHUNK_ROWS) == (1_000_000, 125_000)


class _threaded_from:
    """``cards.tables.THREADED_ROWS`` (and the rows of a run, ``CHUNK_ROWS``) set for a block."""

    def __init__(self, rows: int, chunk: int = 125_000) -> None:
        self.rows, self.chunk = rows, chunk

    def __enter__(self) -> None:
        from tourneystats.cards import tables

        self.saved = tables.THREADED_ROWS, tables.CHUNK_ROWS
        tables.THREADED_ROWS, tables.CHUNK_ROWS = self.rows, self.chunk

    def __exit__(self, *exc: object) -> None:
        from tourneystats.cards import tables

        tables.THREADED_ROWS, tables.CHUNK_ROWS = self.saved
