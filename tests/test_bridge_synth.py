"""The bridge generators: valid movements, realistic scores, deterministic."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from tourneystats import bridge, contract_score, synth, vulnerability


@pytest.mark.parametrize("tables", [3, 4, 7, 8, 13])
def test_mitchell_movement(tables):
    df = synth.bridge_pairs(2, tables, seed=tables)
    rounds = tables - (tables % 2 == 0)
    assert len(df) == 2 * tables * rounds * 3
    for _, s in df.groupby("event", observed=True):
        assert not s.duplicated(["board", "ns_pair"]).any()
        assert not s.duplicated(["board", "ew_pair"]).any()
        # each round a pair plays its boards against one opponent
        assert s.groupby(["round", "ns_pair"])["ew_pair"].nunique().eq(1).all()
        assert s.groupby(["round", "ew_pair"])["ns_pair"].nunique().eq(1).all()
        # a pair meets an opponent in one round at most; every board is played `rounds` times
        assert s.groupby(["ns_pair", "ew_pair"])["round"].nunique().max() == 1
        assert s.groupby("board").size().eq(rounds).all()
    assert bridge.movements(df)["movement"].eq("mitchell").all()


@pytest.mark.parametrize("tables", [2, 3, 6])
def test_howell_movement(tables):
    df = synth.bridge_pairs(1, tables, movement="howell", boards_per_round=2, seed=1)
    pairs = 2 * tables
    assert df["round"].max() == pairs - 1
    seats = pd.concat([df[["round", "ns_pair"]].set_axis(["round", "pair"], axis=1),
                       df[["round", "ew_pair"]].set_axis(["round", "pair"], axis=1)])  # fmt: skip
    # every pair plays every round once (per board) and meets every other pair once
    per_round = seats.drop_duplicates().groupby("round").size()
    assert per_round.eq(pairs).all()
    meets = df.drop_duplicates("round")[["ns_pair", "ew_pair"]]
    assert len(meets) == pairs - 1
    opp = pd.concat([df[["ns_pair", "ew_pair"]], df[["ew_pair", "ns_pair"]].set_axis(
        ["ns_pair", "ew_pair"], axis=1)]).drop_duplicates()  # fmt: skip
    assert len(opp) == pairs * (pairs - 1)
    assert bridge.movements(df)["movement"].tolist() == ["howell"]


def test_scores_follow_contracts_and_artificial_codes():
    df = synth.bridge_pairs(5, 7, seed=3, artificial_rate=0.05, roster=20)
    real = df["artificial"].isna()
    want = contract_score(
        df.loc[real, "contract"].to_numpy(object),
        df.loc[real, "declarer"].to_numpy(object),
        df.loc[real, "tricks"].to_numpy(object),
        vulnerability(df.loc[real, "board"].to_numpy()),
    )
    np.testing.assert_array_equal(df.loc[real, "ns_score"].to_numpy(np.int64), want)
    assert df.loc[~real, "ns_score"].isna().all()
    assert set(df.loc[~real, "artificial"]) <= {"A6040", "A5050", "A4060", "A4040", "A6060"}
    assert 0.02 < (~real).mean() < 0.09
    # realistic: games are common, most scores are the usual ones
    assert df["contract"].isin(["3NT", "4H", "4S"]).mean() > 0.2
    assert df["ns_pair"].str.startswith("P").all()
    bridge.session_standings(df)  # valid input


def test_sitouts_and_missing_results_give_neuberg_boards():
    df = synth.bridge_pairs(4, 7, seed=2, sitout_rate=1.0, missing_rate=0.02)
    sizes = df.groupby(["event", "board"], observed=True).size()
    assert sizes.min() < sizes.max() == 6  # an EW pair sits out: 6 tables play each board
    out = bridge.matchpoints(df)
    assert (out["top"] == 10).all()


def test_deterministic():
    a = synth.bridge_pairs(3, 5, seed=9, movement="mixed", roster=12)
    b = synth.bridge_pairs(3, 5, seed=9, movement="mixed", roster=12)
    pd.testing.assert_frame_equal(a, b)


def test_team_generator():
    t = synth.bridge_teams(2, 5, boards_per_match=4, seed=4)
    # 5 teams: 5 rounds with one team sitting out, 2 matches a round, 4 boards, 2 tables
    assert len(t) == 2 * 5 * 2 * 4 * 2
    assert t.groupby(["event", "round", "home_team", "board"], observed=True).size().eq(2).all()
    assert set(t["home_side"]) == {"NS", "EW"}
    st = bridge.team_standings(t)
    assert st.groupby("event")["matches"].sum().eq(20).all()
