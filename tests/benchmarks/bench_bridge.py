"""Bridge benchmark: club-evening Mitchell sessions, matchpointed or Butler-scored end to end.

``python tests/benchmarks/bench.py --family bridge --size large`` times the command
``tourneystats standings FILE.parquet --family bridge --out standings.parquet`` (run through the
console script's entry point in the child process): reading the traveller lines, matchpointing
every board with Neuberg and artificial scores, totalling and ranking every pair, printing the
first tables and writing the standings. ``--size large-butler`` times the same data (generated
identically into its own cache file) Butler-scored instead, through the library (the command
line has no Butler standings): datums, IMPs against the datum, pair totals and places. Any size
whose name ends in ``-butler`` runs Butler.

The large size is the issue's: 3,000 sessions of 13 tables x 9 rounds x 3 boards = 1,053,000
traveller lines, with 0.5 % artificial scores and 0.2 % missing results (so some boards are
Neuberg-scaled).
"""

from __future__ import annotations

from pathlib import Path

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
    # tourneystats is imported here, not at the top: bench_bridge_duckdb reads SIZES from this
    # module and must time DuckDB without pandas imported
    out = Path(out_dir) / "standings.parquet"
    if path.stem.endswith("-butler"):
        from tourneystats import bridge
        from tourneystats.io import read_table, write_table

        results = read_table(path, columns=COLUMNS)
        write_table(bridge.imp_standings(bridge.butler(results)), out)
        return len(results)
    import pyarrow.parquet as pq

    from tourneystats.cli import run as console_script

    try:
        console_script(["standings", str(path), "--family", "bridge", "--out", str(out)])
    except SystemExit as done:
        if done.code:
            raise
    return pq.read_metadata(path).num_rows
