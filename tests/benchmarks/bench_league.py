"""League benchmark: the full leaderboard history (after every evening) of many seasons.

``large`` is the issue's size: 10 seasons x 50 evenings x 40 players x 7 rounds; target: the full
history under 2 s wall, process start to exit.
"""

from __future__ import annotations

from pathlib import Path

SIZES: dict[str, dict] = {
    "small": {"n_seasons": 2, "n_evenings": 10, "n_players": 16, "n_rounds": 5},
    "medium": {"n_seasons": 5, "n_evenings": 30, "n_players": 30, "n_rounds": 6},
    "large": {"n_seasons": 10, "n_evenings": 50, "n_players": 40, "n_rounds": 7},
}


def generate(path: Path, **params) -> None:
    from tourneystats.io import write_table
    from tourneystats.synth import league

    write_table(league(**params, seed=2024, attendance=0.85), path)


def run(path: Path, out_dir: Path) -> int:
    from tourneystats.io import read_table, write_table
    from tourneystats.league import history

    results = read_table(path)
    table = history(results, prior_rounds=10, prior_mode="top-up")
    write_table(table, out_dir / "league-history.parquet", inputs=[path])
    return len(results)
