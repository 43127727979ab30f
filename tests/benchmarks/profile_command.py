"""Where the time of ``tourneystats standings`` goes, by line of tourneystats, with py-spy.

    python tests/benchmarks/profile_command.py --family cards --size large [--ids int] [--runs 3]

Runs the benchmark's command (as ``bench.py`` times it) on the cached input under ``py-spy record``
(wall-clock samples, idle included, so waiting on pyarrow's threads counts), `--runs` times, and
prints the mean seconds per innermost tourneystats line, with the three callees it spends them in
(a sample outside tourneystats counts as start-up, imports and exit). py-spy is not a dependency of
anything: ``pip install py-spy``.
"""

from __future__ import annotations

import argparse
import collections
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
RATE = 250  # samples per second
_FRAME = re.compile(r"^(.*) \((.*?):(\d+)\)$")


def _innermost(stack: str) -> tuple[str, str]:
    """(innermost tourneystats line, leaf frame) of one collapsed stack."""
    frames = []
    for text in stack.split(";"):
        m = _FRAME.match(text)
        frames.append((m.group(1), m.group(2), m.group(3)) if m else (text, "?", "0"))
    inner = "(start-up, imports, exit)"
    for function, file, line in frames:
        if file.startswith("tourneystats/") and not file.endswith(("__init__.py", "accessor.py")):
            inner = f"{file}:{line} {function}"
    function, file, _ = frames[-1]
    return inner, f"{file.rsplit('/', 1)[-1]}:{function}"


def aggregate(raw_files: list[Path], top: int) -> str:
    """The table of seconds per innermost line, averaged over the runs."""
    seconds = collections.Counter()
    callees: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for raw in raw_files:
        for record in raw.read_text().splitlines():
            stack, _, count = record.rpartition(" ")
            inner, leaf = _innermost(stack)
            seconds[inner] += int(count)
            callees[inner][leaf] += int(count)
    scale = RATE * len(raw_files)
    lines = [f"{sum(seconds.values()) / scale:6.2f} s  in all (mean of {len(raw_files)} runs)"]
    for where, n in seconds.most_common(top):
        spent = ", ".join(f"{c} {k / scale:.2f}" for c, k in callees[where].most_common(3))
        lines.append(f"{n / scale:6.2f} s  {where}   [{spent}]")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--family", required=True)
    parser.add_argument("--size", default="large")
    parser.add_argument("--ids", default="names")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--top", type=int, default=20)
    args = parser.parse_args(argv)
    spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if not Path(spy).exists():
        raise SystemExit("py-spy not found: pip install py-spy")
    sys.path[:0] = [str(ROOT), str(HERE)]
    import bench

    module = bench._module(args.family)
    path = bench._ensure_input(module, args.family, args.size, args.ids, regenerate=False)
    options = getattr(module, "COMMAND_OPTIONS", ())
    command = [sys.executable, "-m", "tourneystats", "standings", str(path)]
    command += ["--family", args.family, *options]
    with tempfile.TemporaryDirectory() as tmp:
        raws = []
        for i in range(args.runs):
            raw = Path(tmp) / f"run{i}.txt"
            out = ["--out", str(Path(tmp) / "standings.parquet")]
            spied = [spy, "record", "-i", "-r", str(RATE), "-f", "raw", "-o", str(raw), "--"]
            subprocess.run(spied + command + out, check=True, capture_output=True, cwd=ROOT)
            raws.append(raw)
        print(f"{path.name}: tourneystats standings --family {args.family} {' '.join(options)}")
        print(aggregate(raws, args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
