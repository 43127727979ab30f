"""Bridge benchmark: club-evening Mitchell sessions, matchpointed or Butler-scored end to end.

``python tests/benchmarks/bench.py --family bridge --size large`` times the command
``tourneystats standings FILE.parquet --family bridge --out standings.parquet`` (run through the
console script's entry point in the child process): reading the traveller lines, matchpointing
every board with Neuberg and artificial scores, totalling and ranking every pair, printing the
first tables and writing the standings. The harness times the DuckDB baseline
(``bench_bridge_duckdb``) on the same file, alternating with ours. ``--size large-butler``
times the same data (generated identically into its own cache file) Butler-scored instead,
through the library (the command line has no Butler standings): datums, IMPs against the datum,
pair totals and places. Any size whose name ends in ``-butler`` runs Butler.

A session is 13 tables x 9 rounds x 3 boards = 351 traveller lines, with 0.5 % artificial
scores and 0.2 % missing results (so some boards are Neuberg-scaled); ``medium`` is 600
sessions (0.21 million lines), ``large`` 6,600 (2.3 million) and ``xlarge`` 26,000 (9.1
million). (Until issue 16, ``large`` was 3,000 sessions, 1.05 million lines.)

Pairs are labelled by default (``--ids names``) as club scoring programs export them: in half
the sessions by pair number and line (``12NS``, ``12EW``), in the others by the club roster's
``P00017``, each session seating 26 of them); events are plain strings. The roster grows with the
archive (``--ids names``: each pair plays about six sessions, so 28,607 pairs at ``large``) or
is one club's 181 pairs (``--ids pool``). ``--ids int`` writes the inputs of before: pair
numbers 1..13 in each line, events a categorical. ``1m`` is 3,000 sessions (1.05 million lines).
"""

from __future__ import annotations

from pathlib import Path

from common import run_command

_SESSION = {"n_tables": 13, "rounds": 9, "boards_per_round": 3, "missing_rate": 0.002}

SIZES: dict[str, dict] = {
    "small": {"n_sessions": 30, **_SESSION},
    "medium": {"n_sessions": 600, **_SESSION},
    "1m": {"n_sessions": 3_000, **_SESSION},
    "large": {"n_sessions": 6_600, **_SESSION},
    "xlarge": {"n_sessions": 26_000, **_SESSION},
    "small-butler": {"n_sessions": 30, **_SESSION},
    "large-butler": {"n_sessions": 6_600, **_SESSION},
}
TABLE_SIZES = ("medium", "large", "xlarge")
IDS = ("names", "pool", "int")
SEED = 5
#: one club's roster (``--ids pool``; a prime number of pairs, see names.py)
ROSTER = 181
#: sessions a pair of the archive-sized roster plays, about (``--ids names``)
SESSIONS_PER_PAIR = 6

COLUMNS = ["event", "section", "board", "ns_pair", "ew_pair", "ns_score", "artificial"]


def generate(path: Path, *, ids: str = "names", **params) -> None:
    """Write the synthetic sessions (every traveller column) to `path` as Parquet."""
    from tourneystats import synth

    df = synth.bridge_pairs(seed=SEED, **params)
    if ids in ("names", "pool"):
        df = _labelled(df, params["n_tables"], archive=ids == "names")
    df.to_parquet(path, index=False)


def _labelled(df, n_tables: int, *, archive: bool):
    """Pair numbers as labels: ``12NS``/``12EW``, or the roster's ``P00017`` (half the sessions);
    the roster grows with the sessions when `archive`, else it is :data:`ROSTER` pairs."""
    import names
    import numpy as np

    session = df["event"].cat.codes.to_numpy()
    ns, ew = df["ns_pair"].to_numpy(), df["ew_pair"].to_numpy()
    rng = np.random.default_rng([SEED, 19])
    numbered = (rng.random(int(session.max()) + 1) < 0.5)[session]
    top = int(max(ns.max(), ew.max())) + 1
    ns_numbered = np.array([f"{i}NS" for i in range(top)], dtype=object)[ns]
    ew_numbered = np.array([f"{i}EW" for i in range(top)], dtype=object)[ew]
    n_sessions = int(session.max()) + 1
    size = names.archive_pool_size(n_sessions * 2 * n_tables * 48 // SESSIONS_PER_PAIR)
    size = size if archive else ROSTER
    roster = np.array([f"P{i:05d}" if archive else f"P{i:03d}" for i in range(1, size + 1)])
    roster = roster.astype(object)
    # the session's seats: NS pairs 1..T, then EW pairs T+1..2T, each a different roster pair
    ns_roster = names.per_event(roster, session, ns, SEED)
    ew_roster = names.per_event(roster, session, ew + n_tables, SEED)
    return df.assign(
        event=names.event_labels(session, prefix="S"),
        ns_pair=names.as_text(np.where(numbered, ns_numbered, ns_roster)),
        ew_pair=names.as_text(np.where(numbered, ew_numbered, ew_roster)),
    )


def run(path: Path, out_dir: Path) -> int:
    """Read, score, total, rank and write; return the number of traveller lines."""
    # tourneystats is imported here, not at the top: bench_bridge_duckdb reads SIZES from this
    # module and must time DuckDB without pandas imported
    if "-butler-" not in f"{path.stem}-":  # the cache file is bridge-SIZE-IDS.parquet
        return run_command(path, out_dir, "bridge")
    from tourneystats import bridge, read_table, write_table

    results = read_table(path, columns=COLUMNS)
    write_table(bridge.imp_standings(bridge.butler(results)), Path(out_dir) / "standings.parquet")
    return len(results)
