"""Every example of the README runs: its ``python`` blocks, and the ``tourneystats`` commands of its
``bash`` blocks.

The examples run in a temporary folder holding a link to the project's ``data/``, so what they
read is the sample data and what they write stays out of the repository. Blocks marked ``text``
(command synopses, cluster set-up) are documentation, not examples. In ``bash`` blocks, the
set-up lines (``pip install ...``) are what CI itself runs, and benchmark lines take minutes: both
are left to CI and to the benchmark scripts.
"""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M)
#: bash lines left out, and why: CI runs the set-up itself; benchmarks are scripts, not tests
NOT_RUN = ("pip install", "python tests/benchmarks/")


def blocks(language: str) -> list[tuple[int, str]]:
    text = (ROOT / "README.md").read_text()
    return [
        (text[: m.start()].count("\n") + 1, m.group(2))
        for m in BLOCK.finditer(text)
        if m.group(1) == language
    ]


def commands() -> list[tuple[int, list[str]]]:
    """The ``tourneystats`` command lines of each bash block, in order (continuations joined)."""
    found = []
    for line_no, body in blocks("bash"):
        lines = [line.split(" #")[0].strip() for line in body.replace("\\\n", " ").splitlines()]
        lines = [line for line in lines if line and not line.startswith(NOT_RUN)]
        if lines:
            found.append((line_no, lines))
    return found


@pytest.fixture
def sandbox(tmp_path, monkeypatch):
    (tmp_path / "data").symlink_to(ROOT / "data", target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("line_no, code", blocks("python"), ids=lambda v: str(v)[:12])
def test_python_example(sandbox, line_no, code):
    import matplotlib.pyplot as plt

    try:
        exec(compile(code, f"README.md:{line_no}", "exec"), {"__name__": "readme"})
    finally:
        plt.close("all")


@pytest.mark.parametrize("line_no, lines", commands(), ids=lambda v: str(v)[:40])
def test_command_example(sandbox, line_no, lines):
    """The commands of one block, one after the other (a block may build on its first line)."""
    from tourneystats.cli import main

    for command in lines:
        words = shlex.split(command)
        assert words[0] == "tourneystats", f"README.md:{line_no}: not a command: {command}"
        try:
            status = main(words[1:])
        except SystemExit as exc:  # --help
            status = exc.code
        assert status == 0, f"README.md:{line_no}: {command}"
    assert not any(p.name != "data" and p.is_symlink() for p in sandbox.iterdir())
    assert os.path.samefile(sandbox / "data", ROOT / "data")


def test_options_table_names_every_rule_set():
    """The README's table of family options lists every cards preset and chess rule set the
    command line takes (a preset added to the code and not to the table went unseen)."""
    from tourneystats.cards.rules import RULES
    from tourneystats.chess.rules import RULE_SETS

    text = (ROOT / "README.md").read_text()
    cards = re.search(r"^\| cards \| `--rules` a preset: (.*?) \(default", text, re.M)
    assert cards is not None and re.findall(r"`(\w+)`", cards.group(1)) == list(RULES)
    chess = re.search(r"^\| chess \| `--rules (\S+)`", text, re.M)
    assert chess is not None
    assert set(chess.group(1).replace("\\", "").split("|")) == {*RULE_SETS, "auto[:RULES]"}
