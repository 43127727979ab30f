"""Archive benchmark: recompute a synthetic multi-family archive with the pandas and Dask engines.

    python tests/benchmarks/bench_archive.py --size large [--engine pandas|dask|both]

Standalone (the harness ``bench.py`` caches one Parquet file; an archive is a folder): generates
(once, cached under ``tests/benchmarks/.cache/archive-SIZE/``) an archive of every family whose
generator and kernel exist, season by season, then runs ``tourneystats.archive.recompute`` in a
fresh process per engine and prints rows, wall seconds (process start to exit), rows per second
and peak RSS: of the process for the pandas engine; of the client process and of each of the 2
worker processes of the local cluster for Dask (their sum is the machine's peak bound). ``large``
is the issue's size: about 10 million rows across the four families.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CACHE = HERE / ".cache"
sys.path.insert(0, str(ROOT))

#: rows wanted per family (millions, roughly) and size of a season of each
SIZES: dict[str, dict[str, float]] = {
    "small": {"chess": 0.1, "league": 0.05, "cards": 0.06, "bridge": 0.05},
    "medium": {"chess": 1.0, "league": 0.4, "cards": 0.6, "bridge": 0.5},
    "large": {"chess": 4.0, "league": 1.5, "cards": 2.5, "bridge": 2.0},
}


def _available(family: str) -> bool:
    """The family's kernel exists, and a generator (the synth one; the bench's own for bridge)."""
    from tourneystats import synth

    if importlib.util.find_spec(f"tourneystats.{family}") is None:
        return False
    return family != "cards" or hasattr(synth, "cards_season")


def bridge_sessions(n_sessions: int, *, seed: int = 0, tables: int = 13, boards: int = 27):
    """Mitchell club sessions: every NS pair plays every board, EW pairs shifted per board.

    Each board has a par score; each table's result is par plus a deviation of overtricks,
    undertricks or a swing, so results tie often; about 0.5% of results are artificial.
    """
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(seed)
    per = boards * tables
    session = np.repeat(np.arange(n_sessions), per)
    board = np.tile(np.repeat(np.arange(1, boards + 1), tables), n_sessions)
    table = np.tile(np.arange(1, tables + 1), n_sessions * boards)
    par = rng.choice(
        [-1430, -620, -420, -140, -110, 90, 110, 140, 170, 420, 450, 620, 650, 1430],
        size=n_sessions * boards,
    )
    dev = rng.choice([-500, -100, -50, -30, 0, 0, 0, 0, 10, 30, 50, 100, 500], size=len(session))
    score = par[session * boards + board - 1] + dev
    artificial = rng.random(len(session)) < 0.005
    return pd.DataFrame(
        {
            "event": pd.Categorical.from_codes(
                session, [f"B{seed:03d}-{i:05d}" for i in range(n_sessions)]
            ),
            "section": "A",
            "board": board,
            "ns_pair": table,
            "ew_pair": (table + board) % tables + 1,
            "ns_score": pd.Series(score, dtype="Int64").mask(artificial),
            "artificial": pd.array(np.where(artificial, "A5050", None), dtype="string"),
        }
    )


def _seasons(family: str, millions: float):
    """Yield results frames of about `millions` rows in all, a season at a time."""
    from tourneystats import synth

    target = int(millions * 1_000_000)
    done, season = 0, 0
    while done < target:
        season += 1
        name = f"{2000 + season}"
        if family == "chess":  # 1,000 events x 64 players x 9 rounds = 576,000 rows a season
            n = min(1000, max(1, (target - done) // 576))
            frame, _ = synth.chess_swiss(n, 64, 9, seed=season)
        elif family == "league":  # 10 leagues of 50 evenings x 40 players x 7 rounds a season
            frame = synth.league(10, 50, 40, 7, seed=season, attendance=0.85)
            frame = frame.rename(columns={"season": "league"})
        elif family == "cards":  # 2,000 events x 64 players x 8 rounds
            n = min(2000, max(1, (target - done) // 460))
            frame = synth.cards_season(n, 64, 8, seed=season)
        else:  # 1,000 sessions of 13 tables x 27 boards
            n = min(1000, max(1, (target - done) // 351))
            frame = bridge_sessions(n, seed=season)
        frame.insert(0, "season", name)
        done += len(frame)
        yield frame


def generate(folder: Path, size: str) -> dict[str, int]:
    from tourneystats.archive import write_archive

    rows = {}
    tmp = folder.with_name(folder.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    for family, millions in SIZES[size].items():
        if not _available(family):
            print(f"  {family}: not available yet, left out", flush=True)
            continue
        t0 = time.perf_counter()
        rows[family] = 0
        for frame in _seasons(family, millions):
            write_archive(frame, tmp, family=family, mode="append")
            rows[family] += len(frame)
        print(f"  {family}: {rows[family]:,} rows in {time.perf_counter() - t0:.1f} s", flush=True)
    (tmp / "_bench.json").write_text(json.dumps(rows))
    tmp.rename(folder)
    return rows


# Peak RSS of a process: VmHWM from /proc (ru_maxrss of a child process on Linux starts at its
# parent's RSS when it was spawned, e.g. the generator's, so it would overstate).
PEAK = """
def peak_mb():
    import os, resource
    try:
        with open("/proc/self/status") as status:
            kb = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
    except (OSError, StopIteration):
        kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return os.getpid(), kb / 1024
"""

PANDAS = (
    PEAK
    + """
import json, sys, time
t0 = time.perf_counter()
sys.path.insert(0, {root!r})
from tourneystats.archive import recompute
report = recompute({archive!r}, {out!r}, progress=False, force=True)
print(json.dumps({{"rows": report.rows_in, "out": report.rows_out, "errors": len(report.errors),
    "peak_mb": peak_mb()[1], "inner_s": time.perf_counter() - t0}}))
"""
)

DASK = (
    PEAK
    + """
import json, os, sys, time
t0 = time.perf_counter()
sys.path.insert(0, {root!r})
os.environ["PYTHONPATH"] = {root!r}

if __name__ == "__main__":
    import dask
    from distributed import Client, LocalCluster
    from tourneystats.archive import LOCAL_CLUSTER_CONFIG, recompute
    # the local cluster recompute itself starts without --scheduler, kept here to ask its workers
    # for their peak memory
    with dask.config.set(LOCAL_CLUSTER_CONFIG), LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=":0") as cluster, Client(cluster) as client:
        started = time.perf_counter() - t0
        report = recompute({archive!r}, {out!r}, engine="dask", scheduler=client,
                           progress=False, force=True)
        # every process of the cluster once (in a LocalCluster the nannies and the scheduler
        # live in this process)
        procs = dict(client.run(peak_mb).values())
        procs.update(client.run(peak_mb, nanny=True).values())
        procs.update([client.run_on_scheduler(peak_mb)])
    me, mine = peak_mb()
    procs.pop(me, None)
    print(json.dumps({{"rows": report.rows_in, "out": report.rows_out,
        "errors": len(report.errors), "peak_mb": mine,
        "workers_mb": sorted(procs.values()),
        "cluster_start_s": started, "inner_s": time.perf_counter() - t0}}))
"""
)


def run(engine: str, archive: Path) -> dict:
    with tempfile.TemporaryDirectory() as out:
        template = PANDAS if engine == "pandas" else DASK
        code = template.format(root=str(ROOT), archive=str(archive), out=out)
        script = Path(out).with_suffix(".py")
        script.write_text(code)  # a file, so the Dask worker processes can start from it
        try:
            t0 = time.perf_counter()
            done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True)
            wall = time.perf_counter() - t0
        finally:
            script.unlink(missing_ok=True)
    if done.returncode != 0:
        print(done.stdout, done.stderr, sep="\n", file=sys.stderr)
        raise SystemExit(done.returncode)
    result = json.loads(done.stdout.strip().splitlines()[-1])
    result["wall_s"] = wall
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="small", choices=sorted(SIZES))
    parser.add_argument("--engine", default="both", choices=["pandas", "dask", "both"])
    parser.add_argument("--regenerate", action="store_true", help="ignore the cached archive")
    args = parser.parse_args(argv)

    folder = CACHE / f"archive-{args.size}"
    if args.regenerate:
        shutil.rmtree(folder, ignore_errors=True)
    if not folder.exists():
        CACHE.mkdir(exist_ok=True)
        print(f"generating {folder.name} ...", flush=True)
        t0 = time.perf_counter()
        generate(folder, args.size)
        print(f"generated in {time.perf_counter() - t0:.1f} s", flush=True)
    rows = json.loads((folder / "_bench.json").read_text())
    from tourneystats.archive import archive_files

    files = archive_files(folder)
    print(
        f"archive: {sum(rows.values()):,} rows in {len(files)} files "
        f"({', '.join(f'{f} {n:,}' for f, n in rows.items())})"
    )
    engines = ["pandas", "dask"] if args.engine == "both" else [args.engine]
    for engine in engines:
        r = run(engine, folder)
        line = (
            f"{engine:6s}: {r['rows']:,} rows -> {r['out']:,} standings rows  "
            f"wall {r['wall_s']:.1f} s  {r['rows'] / r['wall_s']:,.0f} rows/s  "
        )
        if engine == "pandas":
            line += f"peak RSS {r['peak_mb']:,.0f} MB"
        else:
            total = r["peak_mb"] + sum(r["workers_mb"])
            line += (
                f"peak RSS client {r['peak_mb']:,.0f} MB (with scheduler and nannies), "
                f"workers {' + '.join(f'{m:,.0f}' for m in r['workers_mb'])} MB "
                f"(sum {total:,.0f} MB; cluster start {r['cluster_start_s']:.1f} s)"
            )
        if r["errors"]:
            line += f"  [{r['errors']} bad events]"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
