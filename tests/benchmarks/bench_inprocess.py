"""In one Python process, as an analyst in Jupyter works: a DataFrame in, a DataFrame out.

``python tests/benchmarks/bench_inprocess.py --family cards --size medium,large,xlarge`` reads
each cached benchmark input once with :func:`pandas.read_parquet` (text as pandas reads it: the
``str`` dtype), then times, alternately in this one process, the family's standings function
on that frame (``cards.standings(frame)``, ``bridge.standings(frame)``, ...) and the family's
DuckDB baseline query (``bench_<family>_duckdb.QUERY``) run on the same frame and fetched as a
DataFrame (``.df()``): median wall and CPU seconds of ``--repeat`` alternating runs, and the
memory each run adds to the process at its peak (the peak RSS, reset before each run through
``/proc/self/clear_refs``, minus the RSS before it). The inputs are those of ``bench.py``
(generate them with it first: ``bench.py --family cards --size large`` writes
``.cache/cards-large-names.parquet``). ``--check`` first compares the two tables.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parents[1]), str(HERE)]

#: per family: the function of a frame (and its options), and the key columns of its table
JOBS = {
    "cards": ("cards", "standings", {}),
    "bridge": ("bridge", "standings", {}),
    "chess": ("chess", "standings", {"tiebreaks": ["BH/C1", "BH", "SB"]}),
    "league": ("league", "leaderboard", {}),
}


def _status(field: str) -> int:
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith(field))


def _timed(job) -> tuple[float, float, float]:
    """Wall and CPU seconds of `job()`, and the MB it added to the process's RSS at its peak."""
    gc.collect()
    try:
        with open("/proc/self/clear_refs", "w") as clear:
            clear.write("5")  # the peak RSS starts again from the current RSS
    except OSError:
        pass
    rss = _status("VmRSS:")
    wall, cpu = time.perf_counter(), time.process_time()
    result = job()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    peak = _status("VmHWM:")
    del result
    return wall, cpu, (peak - rss) / 1024


def _sql(module, path: Path) -> str:
    """The baseline's query reading the registered frame ``results`` and returning its rows
    (the league's query: named after the file, players in the Swedish order of text names)."""
    query = module.QUERY.strip()
    body = query[len("COPY (") : query.rindex(") TO")]
    body = body.replace("read_parquet('{src}')", "results")
    if "{name_order}" in body:
        body = body.format(league=path.stem, name_order=module.SWEDISH.format())
    return body


def measure(family: str, size: str, ids: str, repeat: int, check: bool) -> dict:
    import importlib

    import duckdb
    import pandas as pd

    package, name, options = JOBS[family]
    compute = getattr(importlib.import_module(f"tourneystats.{package}"), name)
    baseline = importlib.import_module(f"bench_{family}_duckdb")
    path = HERE / ".cache" / f"{family}-{size}-{ids}.parquet"
    if not path.exists():
        raise SystemExit(f"{path} missing: run bench.py --family {family} --size {size} first")
    frame = pd.read_parquet(path)
    if family == "league" and "league" not in frame.columns:  # as the command names it
        frame["league"] = path.stem
    con = duckdb.connect()
    con.register("results", frame)
    sql = _sql(baseline, path)
    if check:
        from common import compare

        ours = compute(frame, **options)
        theirs = con.sql(sql).df()
        if not compare(ours, theirs, **_keys(baseline)):
            raise SystemExit(f"{family}/{size}: the query's table is not ours")
    runs: dict[str, list[tuple[float, float, float]]] = {"ours": [], "duckdb": []}
    for _ in range(repeat):
        runs["ours"].append(_timed(lambda: compute(frame, **options)))
        runs["duckdb"].append(_timed(lambda: con.sql(sql).df()))
    med = {k: [statistics.median(r[i] for r in v) for i in range(3)] for k, v in runs.items()}
    players = [c for c in ("player", "ns_pair") if c in frame.columns]
    distinct = frame[players[0]].nunique() if players else 0
    row = {"family": family, "size": size, "ids": ids, "rows": len(frame), "names": distinct}
    row |= {"ours": med["ours"], "duckdb": med["duckdb"], "load": os.getloadavg()[0]}
    print(
        f"{family}/{size}/{ids}: {len(frame):,} rows, {distinct:,} distinct; "
        f"ours {med['ours'][0]:.2f} s (CPU {med['ours'][1]:.2f}), +{med['ours'][2]:,.0f} MB; "
        f"DuckDB {med['duckdb'][0]:.2f} s (CPU {med['duckdb'][1]:.2f}), "
        f"+{med['duckdb'][2]:,.0f} MB",
        flush=True,
    )
    return row


def _keys(module) -> dict:
    """The comparison of the baseline's check mode (its keys and columns)."""
    import inspect

    source = inspect.getsource(module.check)
    names = {}
    for arg in ("keys", "exact", "close"):
        start = source.index(f"{arg}=[") + len(arg) + 1
        names[arg] = eval(source[start : source.index("]", start) + 1])  # a list of names
    return names


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--family", default="cards", help="comma-separated: " + ", ".join(JOBS))
    parser.add_argument("--size", default="medium,large", help="comma-separated sizes")
    parser.add_argument("--ids", default="names", help="comma-separated: names, pool, int")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--check", action="store_true", help="compare the two tables first")
    args = parser.parse_args()
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    rows = [
        measure(family, size, ids, args.repeat, args.check)
        for family in args.family.split(",")
        for ids in args.ids.split(",")
        for size in args.size.split(",")
    ]
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}\n")
    print(
        "| family | size | ids | rows | distinct names | ours (s) | ours CPU (s) | ours + MB "
        "| DuckDB (s) | DuckDB CPU (s) | DuckDB + MB | ours / DuckDB |"
    )
    print("|" + " --- |" * 12)
    for r in rows:
        o, d = r["ours"], r["duckdb"]
        print(
            f"| {r['family']} | {r['size']} | {r['ids']} | {r['rows']:,} | {r['names']:,} "
            f"| {o[0]:.2f} | {o[1]:.2f} | {o[2]:,.0f} | {d[0]:.2f} | {d[1]:.2f} | {d[2]:,.0f} "
            f"| {o[0] / d[0]:.2f} |"
        )
    print(
        f"\nMedian of {args.repeat} alternating runs in one process (ours, DuckDB, ...) on a "
        "frame read once with pandas.read_parquet; + MB: the peak RSS a run adds."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
