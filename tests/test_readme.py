"""Every example of the README runs: its ``python`` blocks, and the ``tourneystats`` commands of its
``bash`` blocks (the user guide's are run by tests/test_docs.py, with these helpers).

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
#: bash lines left out, and why: CI runs the set-up itself; benchmarks are scripts, not tests; the
#: site is built by tests/test_docs.py; the copy of the sample seasons is the sandbox's link
NOT_RUN = ("pip install", "python tests/benchmarks/", "sphinx-build", "cp -r")


def blocks(language: str, page: Path = ROOT / "README.md") -> list[tuple[int, str]]:
    text = page.read_text()
    return [
        (text[: m.start()].count("\n") + 1, m.group(2))
        for m in BLOCK.finditer(text)
        if m.group(1) == language
    ]


def commands(page: Path = ROOT / "README.md") -> list[tuple[int, list[str]]]:
    """The ``tourneystats`` command lines of each bash block, in order (continuations joined)."""
    found = []
    for line_no, body in blocks("bash", page):
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


def test_the_readme_is_a_short_front_page():
    """What it is, the set-up, a quickstart and the links: the narrative is the user guide's."""
    text = (ROOT / "README.md").read_text()
    assert len(text.splitlines()) <= 150
    for page in re.findall(r"\]\((docs/[^)#]+)", text):
        assert (ROOT / page).exists(), page


def test_the_readme_test_command_is_what_ci_runs():
    """The README's test command installs what CI installs and runs what CI runs."""
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    install = next(line for line in ci if "pip install" in line and "-e '.[test" in line)
    extras = re.search(r"-e '(\.\[[^\]]*\])'", install).group(1)
    at = next(i for i, line in enumerate(ci) if "README's test command" in line)
    command = ci[at + 1].split("#")[0].strip()
    readme = (ROOT / "README.md").read_text()
    assert f"pip install -e '{extras}' && {command}" in readme


def test_the_readme_builds_the_site_outside_the_source_tree():
    """The README's documentation command writes its output outside ``docs/``."""
    readme = (ROOT / "README.md").read_text()
    line = next(line for line in readme.splitlines() if "sphinx-build" in line)
    out = shlex.split(line.split("#")[0].split("&&")[-1])[-1]
    assert not out.startswith("docs"), line
    assert out.split("/")[0] + "/" in (ROOT / ".gitignore").read_text().splitlines()
