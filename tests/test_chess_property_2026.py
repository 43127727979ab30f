"""The 2026 options agree with the plain-Python reference on random tournaments: point systems,
games in progress, planned rounds (Fore Buchholz), unrated players, per-round ratings, withdrawn
players and round robins under every rule set."""

from __future__ import annotations

import numpy as np
import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples
from test_chess_property import CODES, RULES, check, random_tournaments

from tourneystats.chess import standings, standings_by_round
from tourneystats.chess.points import point_system_text

SYSTEMS = [(1.0, 0.5, 0.0), (3.0, 1.0, 0.0), (2.0, 1.0, 0.0), (3.0, 2.0, 1.0)]


def with_options(seed: int, n_events: int):
    """Random tournaments under random point systems, with games in progress, planned rounds
    and per-round ratings: (results, players, events, the reference's options)."""
    frame, players = random_tournaments(seed, n_events)
    rng = np.random.default_rng(seed + 11)
    names = sorted(frame["event"].unique())
    system = {e: SYSTEMS[int(rng.integers(0, len(SYSTEMS)))] for e in names}
    win, draw, loss = (frame["event"].map(lambda e, i=i: system[e][i]) for i in range(3))
    kind, pts = frame["kind"], frame["points"]
    frame["points"] = np.select(
        [
            (kind == "played") & (pts == 1.0),
            (kind == "played") & (pts == 0.5),
            kind == "played",
            kind.isin(["forfeit_win", "pab", "fpb"]),
            kind == "hpb",
        ],
        [win, draw, loss, win, draw],
        0.0,
    )
    # games in progress: a few games lose their result (both rows), as PGN "*" or a table
    played = frame[(frame["kind"] == "played") & (frame["player"] < frame["opponent"])]
    live = played.sample(frac=0.15, random_state=seed % 1000)
    key = pd.MultiIndex.from_frame(live[["event", "round", "player"]])
    back = pd.MultiIndex.from_arrays([live["event"], live["round"], live["opponent"]])
    rows = pd.MultiIndex.from_frame(frame[["event", "round", "player"]])
    in_play = rows.isin(key) | rows.isin(back)
    frame.loc[in_play, "points"] = np.nan
    frame.loc[in_play & (rng.random(len(frame)) < 0.5), "kind"] = "in_progress"
    # per-round ratings: a player's rating moves a little from round to round
    first = players.set_index(["event", "player"])["rating"]
    base = first.reindex(pd.MultiIndex.from_frame(frame[["event", "player"]])).to_numpy()
    frame["rating"] = np.where(frame["round"] > 1, base + rng.integers(-30, 30, len(frame)), base)
    per_round = {
        (e, p, r): v
        for e, p, r, v in frame[["event", "player", "round", "rating"]].itertuples(index=False)
        if not np.isnan(v)
    }
    last = frame.groupby("event")["round"].max()
    planned = {e: int(last[e] + rng.integers(0, 3)) for e in names}
    events = pd.DataFrame(
        {
            "event": names,
            "rounds": [planned[e] for e in names],
            "point_system": [
                point_system_text(dict(zip(("win", "draw", "loss"), system[e])) | _rest(system[e]))
                for e in names
            ],
        }
    )
    points = {e: dict(zip(("win", "draw", "loss"), system[e])) for e in names}
    return frame, players, events, {"points": points, "planned": planned, "per_round": per_round}


def _rest(system) -> dict:
    win, draw, _ = system
    return {"forfeit_win": win, "forfeit_loss": 0, "pab": win, "fpb": win, "hpb": draw, "zpb": 0}


@settings(max_examples=examples(150), deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    rules=st.sampled_from(RULES),
    n_events=st.integers(1, 3),
    unrated=st.sampled_from(["leave_out", "drop", 1400.0]),
    withdrawn=st.sampled_from(["keep", "leave_out", "fide"]),
    ratings=st.sampled_from(["first", "per_round"]),
    round_robin=st.booleans(),
)
def test_options_match_the_reference(
    seed, rules, n_events, unrated, withdrawn, ratings, round_robin
):
    frame, players, events, ref = with_options(seed, n_events)
    if ratings == "first":
        del ref["per_round"]
    rr = sorted(frame["event"].unique())[::2] if round_robin else []
    codes = [*CODES, "DE"]
    check(
        frame,
        players,
        codes,
        rules,
        round_robin=rr,
        events=events,
        ratings=ratings,
        unrated=unrated,
        withdrawn=withdrawn,
        **ref,
    )


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(RULES))
def test_points_option_equals_the_point_system_column(seed, rules):
    frame, players, events, _ = with_options(seed, 1)
    codes = ["BH/C1", "SB", "KS", "STD", "WIN", "PS", "FB", "DE"]
    text = events["point_system"].iloc[0]
    a = standings(frame, tiebreaks=codes, rules=rules, players=players, events=events)
    b = standings(
        frame,
        tiebreaks=codes,
        rules=rules,
        players=players,
        events=events.drop(columns="point_system"),
        points=text,
    )
    pd.testing.assert_frame_equal(a, b)


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(RULES))
def test_by_round_with_options_is_standings_of_each_prefix(seed, rules):
    frame, players, events, _ = with_options(seed, 2)
    codes = ["BH/C1", "SB", "FB", "KS", "STD", "PS", "DE"]
    history = standings_by_round(frame, tiebreaks=codes, rules=rules, events=events)
    for event, last in frame.groupby("event")["round"].max().items():
        for k in range(1, last + 1):
            part = frame[(frame["event"] == event) & (frame["round"] <= k)]
            alone = standings(part, tiebreaks=codes, rules=rules, events=events)
            got = history[(history["event"] == event) & (history["round"] == k)]
            got = got.drop(columns="round").reset_index(drop=True)
            pd.testing.assert_frame_equal(got, alone, check_dtype=False)
