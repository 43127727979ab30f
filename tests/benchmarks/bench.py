"""Benchmark harness: ``python tests/benchmarks/bench.py --family NAME --size small|medium|large``.

Generates (or reuses a cached) synthetic archive with ``bench_<family>.generate``, then runs
``bench_<family>.run`` end to end (start, read, compute, write) in a fresh Python process and prints
rows, wall seconds, rows per second and the peak resident memory of that process.
"""

from __future__ import annotations

import argparse
import compileall
import importlib
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CACHE = HERE / ".cache"

CHILD = """
import json, sys, time
t0 = time.perf_counter()
sys.path[:0] = [{root!r}, {here!r}]
import bench_{family} as b
from pathlib import Path
rows = b.run(Path({path!r}), Path({out!r}))
# VmHWM is this process's own peak RSS (ru_maxrss of a child starts at its parent's RSS)
hwm = next(line for line in open("/proc/self/status") if line.startswith("VmHWM"))
print(json.dumps({{"rows": int(rows), "inner_s": time.perf_counter() - t0,
                  "peak_kb": int(hwm.split()[1])}}))
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--family", required=True)
    parser.add_argument("--size", default="small")
    parser.add_argument("--regenerate", action="store_true", help="ignore the cached input")
    parser.add_argument(
        "--repeat", type=int, default=1, help="runs (fresh processes); the median wall is shown"
    )
    args = parser.parse_args(argv)

    sys.path[:0] = [str(ROOT), str(HERE)]
    bench = importlib.import_module(f"bench_{args.family}")
    if args.size not in bench.SIZES:
        parser.error(f"--size must be one of {sorted(bench.SIZES)}")
    params = bench.SIZES[args.size]
    # a baseline module may time another tool on a family's cached input (CACHE_FAMILY)
    path = CACHE / f"{getattr(bench, 'CACHE_FAMILY', args.family)}-{args.size}.parquet"
    if args.regenerate or not path.exists():
        CACHE.mkdir(exist_ok=True)
        t0 = time.perf_counter()
        bench.generate(path, **params)
        print(f"generated {path.name} in {time.perf_counter() - t0:.1f} s", flush=True)

    # the package's bytecode, as `pip install` compiles it (an editable install, or a machine with
    # PYTHONDONTWRITEBYTECODE set, would otherwise compile the modules again in every run)
    compileall.compile_dir(ROOT / "tourneystats", quiet=1)
    walls, peaks = [], []
    for _ in range(args.repeat):
        with tempfile.TemporaryDirectory() as out:
            code = CHILD.format(
                root=str(ROOT), here=str(HERE), family=args.family, path=str(path), out=out
            )
            t0 = time.perf_counter()
            done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
            walls.append(time.perf_counter() - t0)
        if done.returncode != 0:
            print(done.stdout, done.stderr, sep="\n", file=sys.stderr)
            return done.returncode
        result = json.loads(done.stdout.strip().splitlines()[-1])
        peaks.append(result["peak_kb"] / 1024)
    rows, wall = result["rows"], statistics.median(walls)
    spread = ""
    if args.repeat > 1:
        spread = f" (median of {args.repeat}; min {min(walls):.2f}, max {max(walls):.2f})"
    print(
        f"{args.family}/{args.size}: {rows:,} rows  wall {wall:.2f} s{spread} (process start to "
        f"exit)  {rows / wall:,.0f} rows/s  peak RSS {max(peaks):,.0f} MB  params {params}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
