"""The package as users install it: the wheel holds every subpackage and the sample seasons, and
``tourneystats demo`` runs from an empty folder of a fresh environment.

The wheel is built without build isolation and installed without its dependencies into a new
virtual environment that borrows this one's (pandas, ...) through a path file, so the test needs
no network.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "tourneystats"


def test_every_subpackage_is_listed_in_pyproject():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    on_disk = {".".join(p.parent.relative_to(ROOT).parts) for p in PACKAGE.rglob("__init__.py")}
    samples = {
        ".".join(("tourneystats", "samples", *p.relative_to(ROOT / "data").parts))
        for p in (ROOT / "data").rglob("*")
        if p.is_dir()
    }
    assert set(config["packages"]) == on_disk | samples | {"tourneystats.samples"}
    assert config["package-dir"] == {"tourneystats.samples": "data"}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built from a copy of the sources (a build writes into its source folder)."""
    source, out = tmp_path_factory.mktemp("source"), tmp_path_factory.mktemp("wheel")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info")
    for name in ("tourneystats", "data"):
        shutil.copytree(ROOT / name, source / name, ignore=ignore)
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(out), str(source)],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    (found,) = out.glob("tourneystats-*.whl")
    return found


def test_the_wheel_holds_the_code_the_samples_and_the_type_marker(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    code = {p.relative_to(ROOT).as_posix() for p in PACKAGE.rglob("*.py")}
    assert code <= names
    samples = {
        "tourneystats/samples/" + p.relative_to(ROOT / "data").as_posix()
        for p in (ROOT / "data").rglob("*")
        if p.is_file()
    }
    assert samples <= names
    assert "tourneystats/py.typed" in names


def test_the_installed_wheel_runs_the_demo_from_an_empty_folder(wheel, tmp_path):
    env = tmp_path / "env"
    alone = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # (the wheel's package)
    venv.EnvBuilder(with_pip=False).create(env)
    python = env / "bin" / "python"
    site = Path(
        subprocess.run(
            [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            check=True, capture_output=True, text=True,
        ).stdout.strip()
    )  # fmt: skip
    # this environment's packages (pandas, ...) without its own tourneystats
    (site / "borrowed.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
         "--no-index", str(wheel)],
        check=True, capture_output=True, text=True, env=alone,
    )  # fmt: skip
    empty = tmp_path / "somewhere"
    empty.mkdir()
    done = subprocess.run(
        [env / "bin" / "tourneystats", "demo", "--head", "1"],
        cwd=empty, capture_output=True, text=True, timeout=600, env=alone,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert f"sample seasons: {site / 'tourneystats' / 'samples'}" in done.stdout
    written = sorted(p.name for p in (empty / "tourneystats-demo").iterdir())
    assert len(written) == 8 and "chess-drift.png" in written
