"""Where the time and the memory of ``tourneystats standings --family cards`` go, step by step.

    python tests/benchmarks/profile_steps.py [--size large] [--ids names]

Runs the command's steps one after the other in this process, on the benchmark's cached input
(as ``bench.py`` makes it), with Arrow on the C library's allocator as the command line sets it:
imports, read, validation and codes, scores, ranking, text ids, Parquet output, terminal preview.
For each step it prints the wall and CPU seconds, the resident memory after it, and the peak
during it (``VmHWM``, reset before each step through ``/proc/self/clear_refs``; Linux only).
With ``--live``, the C library is first told to map every array of 256 kB or more on its own
and to give it back when freed (``MALLOC_MMAP_THRESHOLD_``, by re-running this script), so the
peaks are those of the arrays alive, not of the heap's kept pages.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


class Steps:
    """Prints one line per step: wall, CPU, resident memory after, peak during."""

    def __init__(self) -> None:
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    @staticmethod
    def _memory() -> dict[str, int]:
        with open("/proc/self/status") as status:
            lines = [line.split(":") for line in status if line.startswith(("VmRSS", "VmHWM"))]
        return {key: int(value.split()[0]) // 1024 for key, value in lines}

    def done(self, name: str) -> None:
        memory = self._memory()
        wall, cpu = time.perf_counter(), time.process_time()
        print(
            f"{name:18s} wall {wall - self.wall:6.3f} s  CPU {cpu - self.cpu:6.3f} s  "
            f"RSS {memory['VmRSS']:5,d} MB  peak {memory['VmHWM']:5,d} MB",
            flush=True,
        )
        with open("/proc/self/clear_refs", "w") as refs:
            refs.write("5")  # the peak starts again from the current resident memory
        self.wall, self.cpu = time.perf_counter(), time.process_time()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="large")
    parser.add_argument("--ids", default="names")
    parser.add_argument("--live", action="store_true", help="peaks of the live arrays only")
    args = parser.parse_args(argv)
    if args.live and "MALLOC_MMAP_THRESHOLD_" not in os.environ:
        env = {**os.environ, "MALLOC_MMAP_THRESHOLD_": str(256 * 1024)}
        os.execve(sys.executable, [sys.executable, __file__, *sys.argv[1:]], env)
    steps = Steps()
    sys.path[:0] = [str(ROOT), str(HERE)]
    import bench

    from tourneystats.cards import files, prepare, scoring, tables
    from tourneystats.cli import _show
    from tourneystats.core.io import return_free_memory, use_system_memory_pool, write_table

    use_system_memory_pool()
    path = bench._ensure_input(bench._module("cards"), "cards", args.size, args.ids, False)
    steps.done("imports")
    results = files._load(path, None, coded=True).results
    text = results.attrs.pop("dictionaries", [])
    steps.done("read")
    m = prepare._prepare(results)
    return_free_memory()
    steps.done("validate, code")
    rules = tables.get_rules("mtg")
    s = scoring._score(m, rules, m.p, m.q, m.n_players, scoring._dropped(m))
    steps.done("scores")
    m.release_rows()
    return_free_memory()
    table = tables._table(
        s,
        rules,
        m.event_of,
        lambda at: {"event": m.event_values(m.event_of[at]), "player": m.player_values(at)},
    )
    del s, results
    steps.done("ranking")
    table = files.texts_again(table, text)
    return_free_memory()
    steps.done("text ids")
    with tempfile.TemporaryDirectory() as out:
        write_table(table, Path(out) / "standings.parquet")
    steps.done("Parquet output")
    _show(table, 10, 20)
    steps.done("preview")
    return 0


if __name__ == "__main__":
    sys.exit(main())
