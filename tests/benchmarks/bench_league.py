"""League benchmark: the leaderboard of many seasons of league evenings.

``python tests/benchmarks/bench.py --family league --size large`` times the command
``tourneystats standings FILE.parquet --family league --out standings.parquet`` (the
leaderboard of every season, default start weight; through the console script's entry point, in
a fresh process), next to the DuckDB baseline ``bench_league_duckdb`` on the same file. A size
ending in ``-history`` (``large-history``) times instead the full leaderboard history (after
every evening) through the library: the target of issue 7, under 2 s at ``large``.

Sizes: seasons of 50 evenings, 40 players (85 % attendance) and 7 rounds of doubles; ``large``
is 10 seasons (0.1 million rows), ``xlarge`` 100 seasons (1.0 million rows).

Players carry first names (``--ids names``, the synthetic league's own: Swedish first names
with å, ä and ö, 40 of 60 per season). ``--ids int`` numbers them instead (each season's
players 1..40 and up, in name order).
"""

from __future__ import annotations

from pathlib import Path

from common import run_command

_SEASON = {"n_evenings": 50, "n_players": 40, "n_rounds": 7}
SIZES: dict[str, dict] = {
    "small": {"n_seasons": 2, "n_evenings": 10, "n_players": 16, "n_rounds": 5},
    "medium": {"n_seasons": 5, "n_evenings": 30, "n_players": 30, "n_rounds": 6},
    "large": {"n_seasons": 10, **_SEASON},
    "xlarge": {"n_seasons": 100, **_SEASON},
    "large-history": {"n_seasons": 10, **_SEASON},
}
TABLE_SIZES = ("large", "xlarge")
IDS = ("names", "int")
SEED = 2024


def generate(path: Path, *, ids: str = "names", **params) -> None:
    import pandas as pd

    from tourneystats import write_table
    from tourneystats.synth import league

    frame = league(**params, seed=SEED, attendance=0.85)
    if ids == "int":  # each season's players 1, 2, ... in name order
        code, _ = pd.factorize(frame["season"] + "|" + frame["player"], sort=True)
        first = pd.Series(code).groupby(frame["season"].to_numpy()).transform("min").to_numpy()
        frame["player"] = code - first + 1
    write_table(frame, path)


def run(path: Path, out_dir: Path) -> int:
    if "-history-" not in f"{path.stem}-":  # the cache file is league-SIZE-IDS.parquet
        return run_command(path, out_dir, "league")
    from tourneystats import read_table, write_table
    from tourneystats.league import history

    results = read_table(path)
    table = history(results, prior_rounds=10, prior_mode="top-up")
    write_table(table, Path(out_dir) / "league-history.parquet", inputs=[path])
    return len(results)
