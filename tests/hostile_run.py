"""Run the hostile cases through ``tourneystats standings`` under a memory and time limit.

Usage: ``python tests/hostile_run.py WORKDIR OUT.jsonl [FIRST [END]]``: writes one JSON line per
case (its outcome), from case number FIRST to END (excluded); the parent restarts it after a case
that killed it.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import re
import resource
import signal
import sys
import traceback
from pathlib import Path

#: address-space limit of this process: an allocation beyond it fails with MemoryError
MEMORY_LIMIT = 3 * 2**30
#: seconds a case may run
TIME_LIMIT = 30


class TimeLimit(Exception):
    pass


def _alarm(signum, frame):
    raise TimeLimit


def _digest(folder: Path) -> dict[str, str]:
    """The digest of every file below `folder` (sub-folders too), by relative path."""
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def run_case(case, work: Path, index: int) -> dict:
    import pandas as pd

    from tourneystats.cli import main

    source = work / f"case{index:04d}"
    source.mkdir(parents=True, exist_ok=True)
    for name, data in case.files.items():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        (source / name).write_bytes(data)
    if case.target is not None:
        target = source / case.target
    else:
        target = source if case.folder else source / next(iter(case.files))
    out_dir = work / f"out{index:04d}"
    out_dir.mkdir(exist_ok=True)
    out = out_dir / (case.out or "standings.parquet")
    before = _digest(source)
    stdout, stderr = io.StringIO(), io.StringIO()
    outcome: dict = {"name": case.name, "index": index}
    signal.alarm(TIME_LIMIT)
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            args = [a.format(dir=source, out=out_dir) for a in case.args]
            if case.command == "import":  # the files imported into an archive, recomputed
                outcome["status"] = _import_recompute(source, work / f"archive{index:04d}",
                                                      out, args)  # fmt: skip
            else:
                argv = [case.command, str(target)]
                if case.command != "recompute":
                    argv += ["--family", case.family]
                if case.out is not None:
                    argv += ["--out", str(out)]
                outcome["status"] = main([*argv, *args])
    except TimeLimit:
        outcome["status"] = "time limit"
    except MemoryError:
        outcome["status"] = "memory limit"
    except SystemExit as exc:
        outcome["status"] = exc.code
    except BaseException:
        outcome["status"] = "traceback"
        outcome["traceback"] = traceback.format_exc()[-3000:]
    finally:
        signal.alarm(0)
    outcome["stray"] = _stray_processes()
    outcome["stderr"] = stderr.getvalue()[-3000:]
    outcome["target"] = str(target)
    outcome["input_changed"] = _digest(source) != before
    outcome["outputs"] = sorted(p.name for p in out_dir.rglob("*") if p.is_file())
    recomputed = case.command == "import" and out.is_dir()  # (recompute's partitioned output)
    if outcome["status"] == 0 and (
        recomputed or (out.is_file() and out.suffix in (".parquet", ".csv"))
    ):
        table = pd.read_csv(out) if out.suffix == ".csv" else pd.read_parquet(out)
        if recomputed:
            table = table.drop(columns=["family", "season"])
        outcome["rows"] = len(table)
        outcome["wrong"] = _wrong_values(table, case.want)
        outcome["table"] = hashlib.sha256(
            pd.util.hash_pandas_object(_canonical(table), index=False).to_numpy().tobytes()
        ).hexdigest()
    return outcome


def _import_recompute(source: Path, archive: Path, out: Path, args: list[str]) -> int:
    """``import SOURCE ARCHIVE`` (with `args`), then, when every file was imported,
    ``recompute ARCHIVE --out OUT``: the first non-zero exit status, else 0."""
    from tourneystats.cli import main

    status = main(["import", str(source), str(archive), "--quiet", *args])
    if status != 0:
        return status
    return main(["recompute", str(archive), "--out", str(out), "--quiet"])


def _stray_processes(wait: float = 3.0) -> list[str]:
    """The processes this one started that still run after a case (a worker of ``--jobs``
    left behind), after up to `wait` seconds; the fork server and the resource tracker,
    which live as long as this process by design, are not counted (Linux: read from /proc)."""
    import os
    import time

    def descendants() -> list[str]:
        parent: dict[int, int] = {}
        command: dict[int, str] = {}
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    stat = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
                    line = Path(f"/proc/{entry}/cmdline").read_bytes()
                except OSError:
                    continue
                if stat[0] != "Z":
                    parent[int(entry)] = int(stat[1])
                    command[int(entry)] = line.replace(b"\0", b" ").decode(errors="replace")
        found, todo = [], [os.getpid()]
        while todo:
            pid = todo.pop()
            children = [p for p, q in parent.items() if q == pid]
            todo += children
            found += children
        servers = {
            p
            for p in found
            if parent[p] == os.getpid()
            and re.search(r"multiprocessing\.(forkserver|resource_tracker) import main", command[p])
        }
        return [command[p][:120] for p in found if p not in servers]

    if not Path("/proc/self/stat").exists():
        return []
    deadline = time.monotonic() + wait
    left = descendants()
    while left and time.monotonic() < deadline:
        time.sleep(0.1)
        left = descendants()
    return left


def _wrong_values(table, want) -> list[str]:
    """The expected values (`Case.want`) the output does not hold."""
    import math

    wrong = []
    for key, value, column, expected in want:
        rows = table[table[key].astype(str) == str(value)]
        got = rows[column].iloc[0] if len(rows) and column in rows.columns else "no row"
        missing = expected is None and isinstance(got, float) and math.isnan(got)
        if not (missing or (expected is not None and got == expected)):
            wrong.append(f"{key}={value}: {column} {got!r}, expected {expected!r}")
    return wrong


def _canonical(table):
    """The standings in a fixed row order with numbers rounded (for comparing two runs); the
    names, FIDE ids and ratings shown as labels are left out (a name read in another encoding
    must give the same standings, not the same label)."""
    import pandas as pd

    from tourneystats.core.schema import PEOPLE

    table = table.drop(columns=[c for c in PEOPLE if c in table.columns])
    for column in table.columns:
        if pd.api.types.is_float_dtype(table[column]):
            table[column] = table[column].round(9)
        else:
            table[column] = table[column].astype(str)
    return table.sort_values(list(table.columns), ignore_index=True)


def main(argv: list[str]) -> int:
    work, results = Path(argv[0]), Path(argv[1])
    first = int(argv[2]) if len(argv) > 2 else 0
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    signal.signal(signal.SIGALRM, _alarm)
    sys.path.insert(0, str(Path(__file__).parent))
    from hostile import all_cases

    cases = all_cases()
    with open(results, "a") as fh:
        for index in range(first, int(argv[3]) if len(argv) > 3 else len(cases)):
            fh.write(json.dumps({"started": index}) + "\n")
            fh.flush()
            fh.write(json.dumps(run_case(cases[index], work, index)) + "\n")
            fh.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
