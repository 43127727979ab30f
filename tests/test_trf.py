"""FIDE TRF reader and writer: real files, every error path, round trips."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tourneystats import ValidationError
from tourneystats.trf import KINDS, read_trf, write_trf

DATA = Path(__file__).parent / "data" / "chess"
REAL = [DATA / "tournament_1.txt", *sorted(DATA.glob("buchholz_?.trf"))]


def published_file(path: Path) -> pd.DataFrame:
    """The ``startingRank,rank,points,value`` files published next to a TRF."""
    return pd.read_csv(path, comment="#", names=["player", "rank", "points", "value"])


# --- real files ----------------------------------------------------------------------------------


@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name)
def test_real_file_points_match_published(path):
    data = read_trf(path, check_points=False)
    summed = data.results.groupby("player")["points"].sum()
    published = data.players.set_index("player")["points"]
    pd.testing.assert_series_equal(summed, published, check_names=False)
    # and the .bh file's points column (written by the program that computed the values)
    bh = published_file(path.with_name(path.name + ".bh")).set_index("player")["points"]
    pd.testing.assert_series_equal(
        summed.loc[bh.index], bh, check_names=False, check_index_type=False
    )


@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name)
def test_real_file_rows(path):
    data = read_trf(path)
    res, players, events = data
    n_players, n_rounds = len(players), int(events["rounds"].iloc[0])
    assert len(res) == n_players * n_rounds
    assert not res.duplicated(["event", "round", "player"]).any()
    assert set(res["kind"].cat.categories) == set(KINDS)
    paired = res[res["opponent"].notna()]
    mirror = paired.merge(
        paired,
        left_on=["round", "player", "opponent"],
        right_on=["round", "opponent", "player"],
        suffixes=("", "_o"),
    )
    assert len(mirror) == len(paired)
    assert (mirror["points"] + mirror["points_o"] == 1.0).all()
    played = mirror["kind"] == "played"
    assert (mirror.loc[played, "colour"] != mirror.loc[played, "colour_o"]).all()


def test_tournament_1_details():
    res, players, events = read_trf(DATA / "tournament_1.txt")
    assert events.loc[0, "name"] == "Test Tournament"
    assert events.loc[0, "city"] == "Place"
    assert events.loc[0, "rounds"] == 9
    assert len(players) == 88
    p1 = players.set_index("player").loc[1]
    assert (p1["name"], p1["sex"], p1["title"], p1["rating"], p1["federation"]) == (
        "Player #1",
        "m",
        "GM",
        2407,
        "ECU",
    )
    assert (p1["points"], p1["rank"]) == (8.5, 1)
    assert pd.isna(players.set_index("player").loc[88, "rating"])  # 0000 = unrated
    # player 2, round 1: "  46 b +" and player 46: "   2 w -" then absent
    r = res.set_index(["round", "player"])
    assert r.loc[(1, 2), "kind"] == "forfeit_win" and r.loc[(1, 2), "opponent"] == 46
    assert r.loc[(1, 46), "kind"] == "forfeit_loss" and r.loc[(1, 46), "colour"] == "w"
    assert (r.loc[(slice(2, 9), 46), "kind"] == "zpb").all()
    assert r.loc[(1, 1), "colour"] == "w" and r.loc[(1, 45), "colour"] == "b"


def test_buchholz_2_byes():
    res = read_trf(DATA / "buchholz_2.trf").results.set_index(["round", "player"])
    assert res.loc[(4, 1), "kind"] == "fpb" and res.loc[(4, 1), "points"] == 1.0
    assert res.loc[(5, 1), "kind"] == "pab" and res.loc[(5, 1), "points"] == 1.0
    assert res.loc[(2, 1), "kind"] == "zpb" and pd.isna(res.loc[(2, 1), "opponent"])


def test_folder_and_list_make_one_season(tmp_path):
    for p in REAL:
        (tmp_path / p.name).write_bytes(p.read_bytes())
    (tmp_path / "notes.bh").write_text("ignored: not a TRF suffix")
    season = read_trf(tmp_path)
    assert list(season.events["event"]) == [
        "buchholz_1",
        "buchholz_2",
        "buchholz_3",
        "buchholz_4",
        "tournament_1",
    ]
    as_list = read_trf(sorted(tmp_path.glob("*.t*")))
    pd.testing.assert_frame_equal(season.results, as_list.results)
    one = read_trf(DATA / "buchholz_3.trf").results
    part = season.results[season.results["event"] == "buchholz_3"].reset_index(drop=True)
    pd.testing.assert_frame_equal(
        part.assign(event=part["event"].astype(str)), one.assign(event=one["event"].astype(str))
    )
