"""A folder of TRF files read on 1 and 2 processes: ``python tests/benchmarks/bench_chess_jobs.py``.

Times ``tourneystats standings FOLDER --family chess --jobs N --out standings.parquet`` for each
N of ``--jobs`` (default 1,2), alternately, ``--repeat`` times, each in a fresh process, on the
TRF folder of ``bench_trf`` (``--size medium``: 1,000 files of 64 players x 9 rounds, 12 MB;
``large``: 10,000 files, 118 MB; made once under ``.cache/trf-SIZE``). Prints, per N, the median
wall seconds, the median CPU seconds of the command and its workers (user and system, sampled
every 10 ms), the peak resident memory of the command's own process and of all its processes
together, and the SHA-256 of the tables written: the same for every N, or the script says so
and exits with 1.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import watch

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def measure(argv: list[str]) -> tuple[float, float, float, float]:
    """Run the ``tourneystats`` command `argv` in a fresh process: wall and CPU seconds, peak
    RSS (MB) of its largest process and of all its processes together."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "tourneystats", *argv], env=env, stdout=subprocess.DEVNULL
    )
    cpu, own, together = watch(proc)
    if proc.returncode:
        raise SystemExit(f"tourneystats {' '.join(argv)}: exit status {proc.returncode}")
    return time.perf_counter() - start, cpu, own / 2**20, together / 2**20


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", default="medium", choices=("small", "medium", "large"))
    parser.add_argument("--jobs", default="1,2", help="comma-separated numbers of processes")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    sys.path.insert(0, str(HERE))
    import bench_trf

    folder = HERE / ".cache" / f"trf-{args.size}"  # as bench.py caches it
    if not folder.is_dir():
        folder.parent.mkdir(exist_ok=True)
        bench_trf.generate(folder.with_suffix(".parquet"), **bench_trf.SIZES[args.size])
    runs: dict[str, list[tuple[float, float, float, float]]] = {}
    digests: dict[str, set[str]] = {}
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(args.repeat):
            for jobs in args.jobs.split(","):
                out = Path(tmp) / f"standings-{jobs}.parquet"
                out.unlink(missing_ok=True)
                argv = ["standings", str(folder), "--family", "chess", "--jobs", jobs]
                runs.setdefault(jobs, []).append(measure([*argv, "--out", str(out)]))
                digests.setdefault(jobs, set()).add(hashlib.sha256(out.read_bytes()).hexdigest())
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    for jobs, rows in runs.items():
        wall, cpu, own, together = zip(*rows, strict=True)
        print(
            f"--jobs {jobs}: {statistics.median(wall):.2f} s ({min(wall):.2f}-{max(wall):.2f}), "
            f"CPU {statistics.median(cpu):.2f} s, peak RSS {max(own):.0f} MB "
            f"({max(together):.0f} MB all processes), sha256 {sorted(digests[jobs])[0][:16]}"
        )
    same = len(set().union(*digests.values())) == 1
    print("the tables written are identical" if same else "THE TABLES WRITTEN DIFFER")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
