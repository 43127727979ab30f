"""The sample seasons shipped in ``data/`` are what a reader of chess results expects."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tourneystats.chess import read_trf

DATA = Path(__file__).resolve().parents[1] / "data"
SWISS = sorted((DATA / "chess").glob("*.trf")) + [DATA / "chess" / "tournament_1.txt"]


@pytest.mark.parametrize("path", SWISS, ids=lambda p: p.name)
def test_a_swiss_sample_never_pairs_the_same_players_twice(path):
    results = read_trf(path).results
    games = results[results["opponent"].notna()]
    low = np.minimum(games["player"], games["opponent"].astype("int64"))
    high = np.maximum(games["player"], games["opponent"].astype("int64"))
    rounds = games.assign(low=low, high=high).groupby(["event", "low", "high"])["round"].nunique()
    assert len(rounds) > 0
    assert rounds[rounds > 1].empty, f"{path.name} pairs twice: {rounds[rounds > 1].to_dict()}"
