"""Start-up: importing the package and running ``tourneystats standings`` import only what they
use (no charts, no Dask, no progress bars), checked in a fresh interpreter."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: packages only some commands need (charts, the Dask engine, progress bars, the baselines)
HEAVY = ("matplotlib", "dask", "distributed", "tqdm", "duckdb", "scipy")


def _imported_after(code: str) -> list[str]:
    """The top-level packages of :data:`HEAVY` imported after running `code` in a fresh Python."""
    probe = (
        f"{code}\nimport json, sys\n"
        f"print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}} & {set(HEAVY)!r})))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_import_tourneystats_imports_no_heavy_package():
    assert _imported_after("import tourneystats") == []


def test_the_command_line_module_imports_no_heavy_package():
    assert _imported_after("import tourneystats.cli") == []


@pytest.mark.parametrize(
    "source, family",
    [
        ("data/cards/melee-14643-matches.csv", "cards"),
        ("data/chess/club-spring-2024.trf", "chess"),
        ("data/bridge/club-2024-01-03.csv", "bridge"),
        ("data/league/kvallsligan.csv", "league"),
    ],
)
def test_standings_command_imports_no_heavy_package(tmp_path, source, family):
    out = tmp_path / "standings.parquet"
    code = (
        "import contextlib, io\n"
        "from tourneystats.cli import run\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n"
        f"        run(['standings', {source!r}, '--family', {family!r}, '--out', {str(out)!r}])\n"
        "    except SystemExit as done:\n"
        "        assert not done.code, done.code\n"
    )
    assert _imported_after(code) == []
    assert out.exists()  # the command ran to the end
