"""Benchmark harness: ``python tests/benchmarks/bench.py --family NAME --size SIZE``.

For each family, size and form of ids asked for, generates (or reuses a cached) synthetic input
with ``bench_<family>.generate``, then times ``bench_<family>.run`` end to end (start, imports,
read, compute, write) in a fresh Python process: wall seconds from process start to exit, and
the peak resident memory of that process. Each process ends as the ``tourneystats`` program
ends (``cli.program``: exit handlers run, then the process ends without the interpreter freeing
its modules one by one), ours and the baseline's alike. When the family has a DuckDB baseline
(``bench_<family>_duckdb``: one hand-written SQL query writing the same standings), the two run
alternately on the same file (ours, DuckDB, ours, DuckDB, ...), so both see the machine in the
same state. One markdown table is printed at the end::

    python tests/benchmarks/bench.py --family cards --size large               # one row
    python tests/benchmarks/bench.py --family cards,bridge --size table --ids names,int
    python tests/benchmarks/bench.py --table --repeat 5                         # the README's table
    python tests/benchmarks/bench.py --family bridge_duckdb --size large        # a baseline alone

``--size table`` is each family's ``TABLE_SIZES``; ``--table`` is every family with a baseline
at its table sizes with named players (from a pool that grows with the archive), and at
``large`` with names from a fixed pool and with integer ids. ``--ids`` chooses the
input's player ids: ``names`` (the default: names as real files carry them, from a pool that
grows with the archive), ``pool`` (the same names from a fixed pool of a few tens of thousands)
or ``int`` (small integers, the inputs before issue 16); each has its own cache file
``.cache/<family>-<size>-<ids>.parquet``. ``--check`` first compares each baseline's standings
with ours on the file (``python tests/benchmarks/bench_<family>_duckdb.py FILE``). On a shared
machine, ``--quiet 0.1`` waits before each timed pair of runs until other programs leave the CPU
idle (at most ``--quiet-wait`` seconds), and ``--warmup 1`` runs each pair once untimed first.
The line printed for each row also gives the system part of the CPU time and the minor page
faults (memory touched for the first time, which the kernel must map and clear): with the
peak, what a program's handling of its memory costs.
"""

from __future__ import annotations

import argparse
import compileall
import importlib
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CACHE = HERE / ".cache"
#: the families of ``--table`` (each has a DuckDB baseline)
TABLE_FAMILIES = ("cards", "chess", "bridge", "league")

CHILD = """
import json, sys, time
t0 = time.perf_counter()
sys.path[:0] = [{root!r}, {here!r}]
import bench_{module} as b
from pathlib import Path
rows = b.run(Path({path!r}), Path({out!r}))
# VmHWM is this process's own peak RSS (ru_maxrss of a child starts at its parent's RSS)
hwm = next(line for line in open("/proc/self/status") if line.startswith("VmHWM"))
print(json.dumps({{"rows": int(rows), "inner_s": time.perf_counter() - t0,
                  "peak_kb": int(hwm.split()[1]), "pandas": "pandas" in sys.modules}}), flush=True)
import atexit, os  # the end of the tourneystats program (cli.program), for both programs
atexit._run_exitfuncs()
os._exit(0)
"""


@dataclass
class Timings:
    """The runs of one program on one input."""

    walls: list[float] = field(default_factory=list)
    peaks_mb: list[float] = field(default_factory=list)
    cpus: list[float] = field(default_factory=list)  # user + system seconds, all threads
    systems: list[float] = field(default_factory=list)  # of which system (the kernel's work)
    faults: list[int] = field(default_factory=list)  # minor page faults (memory first touched)
    rows: int = 0

    @property
    def median(self) -> float:
        return statistics.median(self.walls)

    @property
    def cpu(self) -> float:
        return statistics.median(self.cpus)

    def spread(self) -> str:
        return (
            f"median {self.median:.2f} s (min {min(self.walls):.2f}, max {max(self.walls):.2f}), "
            f"CPU {self.cpu:.2f} s (system {statistics.median(self.systems):.2f} s, "
            f"{statistics.median(self.faults):,.0f} page faults), peak {max(self.peaks_mb):,.0f} MB"
        )


@dataclass
class Row:
    family: str
    size: str
    ids: str
    ours: Timings
    baseline: Timings | None
    load: tuple[float, float]
    busy: list[float] = field(default_factory=list)  # others' CPU share before each timed pair


def _module(name: str):
    try:
        return importlib.import_module(f"bench_{name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"bench_{name}":
            raise
        return None


def _cache_path(bench, family: str, size: str, ids: str | None) -> Path:
    """The cached input: a baseline module times its family's file (``CACHE_FAMILY``)."""
    name = getattr(bench, "CACHE_FAMILY", family)
    return CACHE / (f"{name}-{size}.parquet" if ids is None else f"{name}-{size}-{ids}.parquet")


def _ensure_input(bench, family: str, size: str, ids: str | None, regenerate: bool) -> Path:
    path = _cache_path(bench, family, size, ids)
    if regenerate or not path.exists():
        CACHE.mkdir(exist_ok=True)
        generator = _module(getattr(bench, "CACHE_FAMILY", family)) or bench
        options = {} if ids is None else {"ids": ids}
        t0 = time.perf_counter()
        generator.generate(path, **options, **bench.SIZES[size])
        print(f"generated {path.name} in {time.perf_counter() - t0:.1f} s", flush=True)
    return path


def _run_once(module: str, path: Path, into: Timings) -> None:
    """One fresh process running ``bench_<module>.run`` on `path`, timed from start to exit."""
    with tempfile.TemporaryDirectory() as out:
        code = CHILD.format(root=str(ROOT), here=str(HERE), module=module, path=str(path), out=out)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        wall = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        print(done.stdout, done.stderr, sep="\n", file=sys.stderr)
        raise SystemExit(f"bench_{module} failed on {path.name}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    if module.endswith("_duckdb") and result["pandas"]:
        print(f"warning: the baseline's process imported pandas ({module})", file=sys.stderr)
    into.walls.append(wall)
    into.cpus.append(
        after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime  # the child's CPU
    )
    into.systems.append(after.ru_stime - before.ru_stime)
    into.faults.append(after.ru_minflt - before.ru_minflt)
    into.peaks_mb.append(result["peak_kb"] / 1024)
    into.rows = result["rows"]


def _check(family: str, path: Path) -> None:
    """Our standings against the baseline's on `path` (the baseline's check mode)."""
    script = HERE / f"bench_{family}_duckdb.py"
    print(f"check {path.name}:", flush=True)
    done = subprocess.run([sys.executable, str(script), str(path)], capture_output=True, text=True)
    print(done.stdout.rstrip(), done.stderr.rstrip(), sep="\n" if done.stderr else "", flush=True)
    if done.returncode != 0:
        raise SystemExit(f"the {family} baseline does not write our standings on {path.name}")


def measure(family: str, size: str, ids: str | None, args: argparse.Namespace) -> Row:
    """Time our run (and the baseline's, alternating) `args.repeat` times on one input."""
    bench = _module(family)
    if size not in bench.SIZES:
        raise SystemExit(f"bench_{family}: no size {size!r}; sizes are {sorted(bench.SIZES)}")
    path = _ensure_input(bench, family, size, ids, args.regenerate)
    has_baseline = (
        not family.endswith("_duckdb")
        and not args.no_baseline
        and (HERE / f"bench_{family}_duckdb.py").exists()
        and size in _module(f"{family}_duckdb").SIZES
    )
    if args.check and has_baseline:
        _check(family, path)
    ours, baseline = Timings(), Timings() if has_baseline else None
    load = os.getloadavg()[0]
    busy = []
    for i in range(args.warmup + args.repeat):
        into = (Timings(), Timings()) if i < args.warmup else (ours, baseline)
        if args.quiet is not None and i >= args.warmup:
            busy.append(_wait_quiet(args.quiet, args.quiet_wait))
        _run_once(family, path, into[0])
        if has_baseline:
            _run_once(f"{family}_duckdb", path, into[1])
    row = Row(family, size, ids or "-", ours, baseline, (load, os.getloadavg()[0]), busy)
    line = f"{family}/{size}/{row.ids}: {ours.rows:,} rows; ours {ours.spread()}"
    if baseline is not None:
        line += f"; DuckDB {baseline.spread()}"
    if busy:
        line += f"; CPU busy before each run: {', '.join(f'{b:.0%}' for b in busy)}"
    print(line, flush=True)
    return row


def _cpu_busy(seconds: float = 2.0) -> float:
    """The share of the machine's CPU time that was busy over the next `seconds` (/proc/stat)."""

    def sample() -> tuple[int, int]:
        with open("/proc/stat") as stat:
            ticks = [int(x) for x in stat.readline().split()[1:]]
        return sum(ticks), ticks[3] + ticks[4]  # total, idle + iowait

    total0, idle0 = sample()
    time.sleep(seconds)
    total1, idle1 = sample()
    return 1 - (idle1 - idle0) / max(total1 - total0, 1)


def _wait_quiet(share: float, patience: float) -> float:
    """Wait (at most `patience` seconds) until the CPU is busy under `share` of the time over 2
    s (other programs: ours is not running); return the last share measured."""
    deadline = time.monotonic() + patience
    while True:
        busy = _cpu_busy()
        if busy < share or time.monotonic() > deadline:
            return busy


def table(rows: list[Row], repeat: int) -> str:
    """The markdown table of the measured rows."""
    head = (
        "| family | size | ids | rows | ours (s) | ours CPU (s) | ours peak RSS (MB) | DuckDB (s) "
        "| DuckDB CPU (s) | DuckDB peak RSS (MB) | ours / DuckDB | load avg (1 min) |"
    )
    lines = [head, "|" + " --- |" * head.count(" | ") + " --- |"]
    for r in rows:
        b = r.baseline
        cells = [
            r.family,
            r.size,
            r.ids,
            f"{r.ours.rows:,}",
            f"{r.ours.median:.2f}",
            f"{r.ours.cpu:.2f}",
            f"{max(r.ours.peaks_mb):,.0f}",
            f"{b.median:.2f}" if b else "",
            f"{b.cpu:.2f}" if b else "",
            f"{max(b.peaks_mb):,.0f}" if b else "",
            f"{r.ours.median / b.median:.2f}" if b else "",
            f"{r.load[0]:.2f}-{r.load[1]:.2f}" + (f"; busy ≤ {max(r.busy):.0%}" if r.busy else ""),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    runs = "alternating runs (ours, DuckDB, ...)" if any(r.baseline for r in rows) else "runs"
    lines.append("")
    lines.append(
        f"Median wall of {repeat} {runs}, each a fresh process timed from start to exit; "
        f"CPU: the median of its user + system seconds (every thread); "
        f"peak RSS: the largest VmHWM of those processes; load: the 1-minute load average "
        f"before and after the row's runs{_quiet_note(rows)}. {os.cpu_count()} cores (DuckDB "
        f"uses them all, its default); {_versions()}."
    )
    return "\n".join(lines)


def _quiet_note(rows: list[Row]) -> str:
    if not any(r.busy for r in rows):
        return ""
    return (
        " (busy: the largest share of the CPU other programs used in the 2 s before a timed "
        "pair, waited for with --quiet)"
    )


def _versions() -> str:
    from importlib.metadata import PackageNotFoundError, version

    found = [f"Python {sys.version.split()[0]}"]
    for name in ("pandas", "numpy", "pyarrow", "duckdb"):
        try:
            found.append(f"{name} {version(name)}")
        except PackageNotFoundError:
            pass
    return ", ".join(found)


def _plan(args: argparse.Namespace) -> list[tuple[str, str, str | None]]:
    """(family, size, ids) of every row to measure, in order."""
    if args.table:
        plan = []
        for family in TABLE_FAMILIES:
            plan += [(family, size, "names") for size in _module(family).TABLE_SIZES]
        pooled = [f for f in TABLE_FAMILIES if "pool" in getattr(_module(f), "IDS", ())]
        plan += [(family, "large", "pool") for family in pooled]  # the fixed pool of names
        return plan + [(family, "large", "int") for family in TABLE_FAMILIES]
    plan = []
    for family in args.family.split(","):
        bench = _module(family)
        if bench is None:
            raise SystemExit(f"no benchmark bench_{family}.py")
        sizes = getattr(bench, "TABLE_SIZES", ()) if args.size == "table" else args.size.split(",")
        forms = getattr(bench, "IDS", None)
        wanted = [None] if forms is None else (args.ids.split(",") if args.ids else [forms[0]])
        for ids in wanted:
            if forms is not None and ids not in forms:
                raise SystemExit(f"bench_{family}: --ids must be one of {forms}")
            plan += [(family, size, ids) for size in sizes]
    return plan


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--family", help="comma-separated: cards, chess, bridge, league, trf, ...")
    parser.add_argument("--size", default="small", help="comma-separated sizes, or 'table'")
    parser.add_argument("--ids", help="comma-separated: names (default), int")
    parser.add_argument("--table", action="store_true", help="the published table's rows")
    parser.add_argument("--repeat", type=int, default=1, help="timed runs of each; the median")
    parser.add_argument("--warmup", type=int, default=0, help="untimed runs of each first")
    parser.add_argument("--no-baseline", action="store_true", help="ours only")
    parser.add_argument("--check", action="store_true", help="compare with the baseline first")
    parser.add_argument("--regenerate", action="store_true", help="ignore the cached inputs")
    parser.add_argument(
        "--quiet",
        type=float,
        metavar="SHARE",
        help="before each timed run (pair), wait until other programs keep the CPU busy less "
        "than SHARE of the time (e.g. 0.1; measured over 2 s)",
    )
    parser.add_argument(
        "--quiet-wait", type=float, default=120, help="the longest wait for --quiet (seconds)"
    )
    args = parser.parse_args(argv)
    if not args.table and not args.family:
        parser.error("give --family (or --table)")

    sys.path[:0] = [str(ROOT), str(HERE)]
    plan = _plan(args)
    # the package's bytecode, as `pip install` compiles it (an editable install, or a machine with
    # PYTHONDONTWRITEBYTECODE set, would otherwise compile the modules again in every run)
    compileall.compile_dir(ROOT / "tourneystats", quiet=1)
    compileall.compile_dir(HERE, quiet=1, maxlevels=0)
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    rows = [measure(family, size, ids, args) for family, size, ids in plan]
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}\n")
    print(table(rows, args.repeat))
    return 0


if __name__ == "__main__":
    sys.exit(main())
