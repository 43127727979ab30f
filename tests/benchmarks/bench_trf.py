"""Benchmark: read a season of FIDE TRF files (one per event) into one results frame.

``generate`` writes the TRF files into the folder ``path.with_suffix("")`` (and touches `path`,
which the harness uses as its cache marker); ``run`` reads them all and writes the results frame
to Parquet. Target of issue 4: 10,000 files of 64 players x 9 rounds in under 20 s.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from tourneystats import write_table
from tourneystats.chess import read_trf, write_trf
from tourneystats.synth import swiss

SIZES = {
    "small": {"n_events": 100, "n_players": 64, "n_rounds": 9},
    "medium": {"n_events": 1_000, "n_players": 64, "n_rounds": 9},
    "large": {"n_events": 10_000, "n_players": 64, "n_rounds": 9},
}


def season(n_events: int, n_players: int, n_rounds: int, *, seed: int = 0) -> tuple:
    """Synthetic Swiss events as (results, players, events), with forfeits, byes and drops."""
    games = swiss(n_events, n_players, n_rounds, seed=seed, drop_rate=0.01)
    rng = np.random.default_rng(seed + 1)
    bye = games["opponent"].isna().to_numpy()
    score = games["score"].to_numpy()
    kind = np.where(bye, "pab", "played").astype(object)
    # about 1% of the games become forfeits (both sides), about 0.5% half-point byes for both
    pair_key = np.where(
        bye,
        -1,
        np.minimum(games["player"], games["opponent"].fillna(0).astype(np.int64)),
    )
    code = pd.factorize(
        pd.MultiIndex.from_arrays([games["event"].cat.codes, games["round"], pair_key])
    )[0]
    draw = rng.random(code.max() + 1)
    forfeit = ~bye & (draw[code] < 0.01) & (score != 0.5)
    kind[forfeit] = np.where(score[forfeit] == 1.0, "forfeit_win", "forfeit_loss")
    hpb = ~bye & (draw[code] > 0.995)
    kind[hpb] = "hpb"
    points = np.where(hpb, 0.5, score)
    flip = rng.random(code.max() + 1) < 0.5
    white = (games["player"] < games["opponent"].fillna(0)).to_numpy() ^ flip[code]
    results = pd.DataFrame(
        {
            "event": games["event"],
            "round": games["round"],
            "player": games["player"],
            "opponent": games["opponent"].mask(hpb),
            "colour": pd.Series(np.where(white, "w", "b"), dtype="string").mask(bye | hpb),
            "points": points,
            "kind": kind,
        }
    )
    players = games.groupby(["event", "player"], observed=True)["rating"].first().reset_index()
    players["name"] = "Player " + players["player"].astype(str)
    events = pd.DataFrame({"event": games["event"].cat.categories})
    events["name"] = "Synthetic open " + events["event"].astype(str)
    events["date"] = pd.Timestamp("2024-01-06") + pd.to_timedelta(
        np.arange(len(events)) % 3000, unit="D"
    )
    events["rounds"] = n_rounds
    return results, players, events


def generate(path: Path, *, n_events: int, n_players: int, n_rounds: int, seed: int = 0) -> None:
    folder = path.with_suffix("")
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.trf"):
        old.unlink()
    write_trf(*season(n_events, n_players, n_rounds, seed=seed), folder)
    path.touch()


def run(path: Path, out_dir: Path) -> int:
    data = read_trf(path.with_suffix(""))
    write_table(data.results, out_dir / "trf-results.parquet")
    return len(data.results)
