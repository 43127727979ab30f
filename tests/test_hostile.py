"""Hostile inputs: every mutation of a real sample file is computed right or refused clearly.

The cases (``tests/hostile/``) run through the command line (``standings``, ``check``,
``compare``, ``recompute``) in a child process limited to 3 GiB of address space and 30 s a case
(``tests/hostile_run.py``). Each must end as its case expects: never a traceback, an unbounded
allocation, a modified input, a partial output, a process left running, a silently accepted
inconsistency, a value other
than the one the case expects, or an error that does not say where the problem is (the file and
line, the rows, the JSON path, or the option). ``python tests/test_hostile.py`` prints the count
of every outcome; ``HOSTILE_CASES=REGEX`` runs the cases whose name matches.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from hostile import Case, all_cases

CASES = all_cases()
GOOD = {"ok", "refused"}


def run_all(work: Path) -> dict[str, dict]:
    """Outcome of every case by name, the cases shared among a few child processes side by
    side (a contiguous share each)."""
    n = max(1, min(4, os.cpu_count() or 1))
    bounds = [len(CASES) * i // n for i in range(n + 1)]
    with ThreadPoolExecutor(n) as pool:
        shares = pool.map(lambda i: _run_share(work, i, bounds[i], bounds[i + 1]), range(n))
        return {name: outcome for share in shares for name, outcome in share.items()}


def _run_share(work: Path, share: int, first: int, end: int) -> dict[str, dict]:
    """Outcome of the cases `first` to `end` (excluded) by name; a case that kills the child is
    recorded and skipped, and a new child goes on after it."""
    results = work / f"results{share}.jsonl"
    runner = Path(__file__).with_name("hostile_run.py")
    outcomes: dict[str, dict] = {}
    while first < end:
        subprocess.run(
            [sys.executable, str(runner), str(work), str(results), str(first), str(end)],
            capture_output=True,
            timeout=1800,
        )
        started = None
        for line in results.read_text().splitlines():
            record = json.loads(line)
            if "started" in record:
                started = record["started"]
            else:
                outcomes[record["name"]] = record
                started = None
        if started is None:
            break
        outcomes[CASES[started].name] = {"name": CASES[started].name, "status": "killed"}
        first = started + 1
    return outcomes


def located(case: Case, outcome: dict) -> bool:
    """Whether an error is one line naming the input (or what the case names: an option, a
    file read beside it), and the line, rows or JSON path when the case asks for it."""
    message = outcome.get("stderr", "")
    name = Path(outcome["target"]).name
    names = case.names or (name,)
    if not all(n in message for n in names):
        return False
    if case.locate == "option":  # one line (a usage error: argparse's usage line too)
        return len(message.strip().splitlines()) == 1 or outcome["status"] == 2
    # a folder read as one source (a Vega export) names the page of the folder and its line
    pages = "|".join(rf"{re.escape(n)}:\d+" for n in (name, *case.names))
    line = re.search(rf"\bline \d+|{pages}", message) is not None
    if case.locate == "line":
        return line
    if case.locate == "path":
        path = r"\w\[\d+\]|: \w+\.\w+|top-level object|: \w+: the key"
        return line or re.search(path, message) is not None
    if case.locate == "rows":
        return line or re.search(r"\b(event|tournament|league)=", message) is not None
    return True


def classify(case: Case, outcome: dict, outcomes: dict[str, dict]) -> str:
    status = outcome["status"]
    if status in ("time limit", "memory limit", "killed"):
        return "unbounded"
    if status == "traceback" or "Traceback" in outcome.get("stderr", ""):
        return "traceback"
    if outcome.get("input_changed"):
        return "input modified"
    if outcome.get("stray"):
        return "stray process"
    if status == 0:
        if case.expect == "error":
            return "silently accepted"
        if outcome.get("wrong"):
            return "silently different"
        if case.expect == "same" and outcome.get("table") != outcomes.get(case.base, {}).get(
            "table"
        ):
            return "silently different"
        return "ok"
    if outcome.get("outputs"):
        return "partial output"
    if case.expect in ("same", "ok"):
        return "wrongly refused"
    return "refused" if located(case, outcome) else "vague error"


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory) -> dict[str, dict]:
    return run_all(tmp_path_factory.mktemp("hostile"))


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_hostile_input(case, outcomes):
    outcome = outcomes[case.name]
    verdict = classify(case, outcome, outcomes)
    detail = outcome.get("traceback") or outcome.get("stderr", "")
    assert verdict in GOOD, f"{case.name}: {verdict} (expected {case.expect})\n{detail}"


def summary(outcomes: dict[str, dict]) -> Counter:
    return Counter(classify(c, outcomes[c.name], outcomes) for c in CASES)


if __name__ == "__main__":  # the counts per outcome, and the cases that fail
    import tempfile

    found = run_all(Path(tempfile.mkdtemp()))
    for case in CASES:
        verdict = classify(case, found[case.name], found)
        if verdict not in GOOD:
            first = (found[case.name].get("stderr") or "").strip().splitlines()[:1]
            print(f"{verdict:20} {case.name}  {first[0][:150] if first else ''}")
    print(dict(summary(found)), f"{len(CASES)} cases")
