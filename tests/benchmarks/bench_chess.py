"""Chess benchmark: PTS, BH/C1, BH, SB, PS, ARO, KS, DE and the final ranking from the long frame.

``python tests/benchmarks/bench.py --family chess --size large`` (10,000 events x 64 players x
9 rounds, 5.76 million rows; target: under 4 s wall and 2 GB peak RSS).
"""

from __future__ import annotations

from pathlib import Path

from tourneystats.chess import standings
from tourneystats.io import read_table, write_table
from tourneystats.synth import chess_swiss

SIZES = {
    "small": {"n_events": 100, "n_players": 64, "n_rounds": 9},
    "medium": {"n_events": 1_000, "n_players": 64, "n_rounds": 9},
    "large": {"n_events": 10_000, "n_players": 64, "n_rounds": 9},
}
TIEBREAKS = ["BH/C1", "BH", "SB", "PS", "ARO", "KS", "DE"]


def generate(path: Path, *, n_events: int, n_players: int, n_rounds: int) -> None:
    results, _ = chess_swiss(n_events, n_players, n_rounds, seed=1, withdraw_rate=0.01)
    write_table(results, path)


def run(path: Path, out_dir: Path) -> int:
    results = read_table(path)
    table = standings(results, tiebreaks=TIEBREAKS, rules="fide2024")
    write_table(table, Path(out_dir) / "chess-standings.parquet")
    return len(results)
