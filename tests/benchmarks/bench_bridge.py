"""Bridge benchmark: club-evening Mitchell sessions, matchpointed or Butler-scored end to end.

``python tests/benchmarks/bench.py --family bridge --size large`` times reading the traveller
lines (Parquet), matchpointing every board with Neuberg and artificial scores, totalling and
ranking every pair, and writing the standings. ``--size large-butler`` times the same data
(generated identically into its own cache file) Butler-scored instead: datums, IMPs against the
datum, pair totals and places. Any size whose name ends in ``-butler`` runs Butler.

The large size is the issue's: 3,000 sessions of 13 tables x 9 rounds x 3 boards = 1,053,000
traveller lines, with 0.5 % artificial scores and 0.2 % missing results (so some boards are
Neuberg-scaled).
"""

from __future__ import annotations

from pathlib import Path

from tourneystats import bridge
from tourneystats.io import read_table, write_table

_SESSION = {"n_tables": 13, "rounds": 9, "boards_per_round": 3, "missing_rate": 0.002}

SIZES: dict[str, dict] = {
    "small": {"n_sessions": 30, **_SESSION},
    "medium": {"n_sessions": 300, **_SESSION},
    "large": {"n_sessions": 3000, **_SESSION},
    "small-butler": {"n_sessions": 30, **_SESSION},
    "large-butler": {"n_sessions": 3000, **_SESSION},
}

COLUMNS = ["event", "section", "board", "ns_pair", "ew_pair", "ns_score", "artificial"]


def generate(path: Path, **params) -> None:
    """Write the synthetic sessions (every traveller column) to `path` as Parquet."""
    from tourneystats import synth

    df = synth.bridge_pairs(seed=5, **params)
    df.to_parquet(path, index=False)


def run(path: Path, out_dir: Path) -> int:
    """Read, score, total, rank and write; return the number of traveller lines."""
    results = read_table(path, columns=COLUMNS)
    if path.stem.endswith("-butler"):
        table = bridge.imp_standings(bridge.butler(results))
    else:
        table = bridge.session_standings(results)
    write_table(table, Path(out_dir) / "standings.parquet")
    return len(results)
