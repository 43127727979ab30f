"""Shared by the benchmarks: running the command line, and the check of a DuckDB baseline.

Nothing here imports pandas or tourneystats at import time: a DuckDB baseline's timed process
imports this module and must not pay for them.
"""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path


def run_command(path: Path, out_dir: Path, family: str, *options: str) -> int:
    """Run ``tourneystats standings PATH --family FAMILY --out OUT_DIR/standings.parquet
    [OPTIONS]`` through the console script's entry point; return the input's row count."""
    import pyarrow.parquet as pq

    from tourneystats.cli import run as console_script

    out = Path(out_dir) / "standings.parquet"
    try:
        console_script(["standings", str(path), "--family", family, "--out", str(out), *options])
    except SystemExit as done:
        if done.code:
            raise
    return pq.read_metadata(path).num_rows


def watch(proc: subprocess.Popen, every: float = 0.01) -> tuple[float, int, int]:
    """Sample `proc` and its child processes until it exits: their CPU seconds (user and
    system, as last seen), the largest resident memory of one of them and of all together
    (bytes)."""
    import psutil

    watched = psutil.Process(proc.pid)
    cpu: dict[int, float] = {}  # CPU seconds of each process of the tree, as last seen
    largest = together = 0
    while proc.poll() is None:
        sizes = []
        try:
            for p in [watched, *watched.children(recursive=True)]:
                with p.oneshot():
                    sizes.append(p.memory_info().rss)
                    times = p.cpu_times()
                cpu[p.pid] = times.user + times.system
        except psutil.Error:  # a process ended while sampled
            pass
        largest, together = max([largest, *sizes]), max(together, sum(sizes))
        time.sleep(every)
    return sum(cpu.values()), largest, together


def parquet_rows(path: Path) -> int:
    """Rows of a Parquet file, from its footer (read with DuckDB: no pyarrow import)."""
    import duckdb

    return duckdb.sql(f"SELECT count(*) FROM read_parquet('{path}')").fetchall()[0][0]


def compare(
    ours,
    theirs,
    keys: Sequence[str],
    exact: Sequence[str],
    close: Sequence[str],
    *,
    tolerance: float = 1e-9,
) -> bool:
    """Print how the baseline's standings `theirs` differ from ours; True when they agree.

    Rows are matched on `keys` (compared as text, so an integer id and its text match); the
    columns `exact` must be equal (missing values equal each other), the columns `close` equal
    within `tolerance` (absolute). The row order is compared too.
    """
    import numpy as np
    import pandas as pd

    def keyed(frame: pd.DataFrame) -> pd.DataFrame:
        frame = frame.reset_index(drop=True)
        return frame.assign(**{k: frame[k].astype("str") for k in keys})

    a, b = keyed(ours), keyed(theirs)
    both = a.merge(b, on=list(keys), how="outer", suffixes=("", "_sql"), indicator=True)
    only_ours = int((both["_merge"] == "left_only").sum())
    only_theirs = int((both["_merge"] == "right_only").sum())
    both = both[both["_merge"] == "both"]
    ok = only_ours == only_theirs == 0
    print(f"rows: ours {len(a):,}, baseline {len(b):,}, matched {len(both):,}", end="")
    print(f" (only ours {only_ours:,}, only baseline {only_theirs:,})" if not ok else "")
    worst = 0.0
    for column in close:
        x = both[column].to_numpy(dtype=np.float64, na_value=np.nan)
        y = both[f"{column}_sql"].to_numpy(dtype=np.float64, na_value=np.nan)
        gap = np.abs(x - y)
        one_missing = np.isnan(x) != np.isnan(y)
        largest = float(np.nanmax(gap, initial=0.0))
        worst = max(worst, largest)
        print(f"  {column:>16}: max |difference| {largest:.3g}", end="")
        print(f", missing on one side only: {int(one_missing.sum())}" if one_missing.any() else "")
        ok &= largest <= tolerance and not one_missing.any()
    for column in exact:
        x = pd.Series(both[column].to_numpy(dtype=object))
        y = pd.Series(both[f"{column}_sql"].to_numpy(dtype=object))
        same = (x == y) | (x.isna() & y.isna())
        bad = int((~same).sum())
        print(f"  {column:>16}: {'equal' if not bad else f'{bad:,} rows differ'}")
        ok &= bad == 0
    order = len(a) == len(b) and all((a[k].to_numpy() == b[k].to_numpy()).all() for k in keys)
    print(f"  {'row order':>16}: {'same' if order else 'differs'}")
    ok &= order
    print(f"max difference: {worst:.3g}; {'SAME standings' if ok else 'DIFFERENT standings'}")
    return bool(ok)


def check_main(module, family: str, options: Sequence[str] = ()) -> int:
    """``python bench_<family>_duckdb.py FILE``: our command and the baseline's query on FILE,
    compared by ``module.check``; the exit status says whether they agree."""
    import pandas as pd

    if len(sys.argv) != 2:
        print(f"usage: python {Path(sys.argv[0]).name} FILE.parquet", file=sys.stderr)
        return 2
    path = Path(sys.argv[1])
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the checkout's tourneystats
    with tempfile.TemporaryDirectory() as ours_dir, tempfile.TemporaryDirectory() as sql_dir:
        with contextlib.redirect_stdout(io.StringIO()):  # the command's table, not needed here
            run_command(path, Path(ours_dir), family, *options)
        module.run(path, Path(sql_dir))
        ours = pd.read_parquet(Path(ours_dir) / "standings.parquet")
        theirs = pd.read_parquet(Path(sql_dir) / "standings.parquet")
    return 0 if module.check(ours, theirs) else 1
