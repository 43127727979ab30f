"""Folders read on several processes (``jobs=``, ``--jobs``): the same tables, warnings and errors
as in one process, for every family that reads a folder's files one by one."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import pandas as pd
import pytest

from tourneystats import bridge, cards, league
from tourneystats.cards import publishers
from tourneystats.cards.decklistcache import bracket_rows
from tourneystats.cli import main
from tourneystats.core.schema import ValidationError

ROOT = Path(__file__).resolve().parents[1]
JSON_DIR = ROOT / "tests" / "data" / "cards" / "mtgjson"
HARTFORD = JSON_DIR / "1k-pre-mod-scg-con-hartford-sunday-930-am-premodern-44556-2024-02-04.json"


def _run(func, *args, **kwargs) -> tuple[bytes, list[str]]:
    """``func(...)`` as Parquet bytes, and the warnings it gave."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = func(*args, **kwargs)
    return table.to_parquet(index=False), [str(w.message) for w in caught]


@pytest.mark.parametrize(
    ("func", "folder"),
    [
        (cards.standings_from_path, JSON_DIR),
        (cards.history_from_path, JSON_DIR),
        (bridge.standings_from_path, ROOT / "tests" / "data" / "bridge" / "compscore"),
        (bridge.history_from_path, ROOT / "data" / "bridge"),
        (league.standings_from_path, ROOT / "data" / "league"),
        (league.history_from_path, ROOT / "data" / "league"),
    ],
    ids=["cards", "cards-history", "bridge-usebio", "bridge-history", "league", "league-history"],
)
def test_two_jobs_give_the_bytes_of_one(func, folder):
    one, said = _run(func, folder, jobs=1)
    two, said_two = _run(func, folder, jobs=2)
    assert one == two and said == said_two
    assert len(pd.read_parquet(io.BytesIO(one))) > 10


def _season(tmp_path: Path) -> Path:
    """Three archive files and two broken ones, in the order broken, good, ..., broken."""
    folder = tmp_path / "season"
    folder.mkdir()
    for name in sorted(p.name for p in JSON_DIR.glob("*.json"))[:3]:
        shutil.copy(JSON_DIR / name, folder / f"b-{name}")
    (folder / "a-broken.json").write_text('{"Tournament": {}, "Rounds": 3}')
    bad = json.loads(HARTFORD.read_text())
    bad["Rounds"][0]["Matches"][0]["Result"] = "2-x-0"
    (folder / "c-bad-result.json").write_text(json.dumps(bad))
    return folder


# the pool of a map stopped by an error is shut down without an error of its own, whichever
# thread the garbage collector closes it in
@pytest.mark.filterwarnings("error::pytest.PytestUnraisableExceptionWarning")
def test_a_refused_file_is_named_by_a_worker(tmp_path):
    folder = _season(tmp_path)
    with pytest.raises(ValidationError, match=r"a-broken\.json: \.Rounds: expected list"):
        cards.standings_from_path(folder, jobs=2)
    (folder / "a-broken.json").unlink()
    with pytest.raises(ValidationError, match=r"c-bad-result\.json: Rounds\[0\]\.Matches\[0\]"):
        cards.read_mtg_json(folder, jobs=2)


def test_skipped_files_are_named_in_one_warning_with_two_jobs(tmp_path):
    folder = _season(tmp_path)
    one, said = _run(cards.standings_from_path, folder, skip_bad_files=True, jobs=1)
    two, said_two = _run(cards.standings_from_path, folder, skip_bad_files=True, jobs=2)
    assert one == two and said == said_two
    refused = [m for m in said_two if "left out, refused" in m]
    assert len(refused) == 1 and "2 file(s)" in refused[0]
    assert "a-broken.json" in refused[0] and "c-bad-result.json" in refused[0]


@pytest.mark.filterwarnings("ignore:playoff rounds left out")
def test_the_bracket_comes_from_the_one_read(monkeypatch):
    """read_mtg_json keeps a file's bracket rounds: the standings do not read the file again."""
    data = cards.read_mtg_json(HARTFORD)
    expected = bracket_rows(HARTFORD, HARTFORD.stem)
    pd.testing.assert_frame_equal(data.bracket.reset_index(drop=True), expected)
    assert data.bracket["round"].unique().tolist() == [7, 8, 9] and len(data.bracket) == 14
    table = cards.standings_from_path(HARTFORD)

    def refuse(*args, **kwargs):
        raise AssertionError("a file read a second time for its bracket")

    monkeypatch.setattr(publishers, "bracket_rows", refuse)
    pd.testing.assert_frame_equal(cards.standings_from_path(HARTFORD), table)


@pytest.mark.parametrize("value", ["-1", "x", "1.5"])
@pytest.mark.parametrize("command", ["standings", "drift"])
def test_jobs_option_is_validated(command, value, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main([command, str(JSON_DIR), "--family", "cards", "--jobs", value])
    assert exit_info.value.code == 2
    assert "argument --jobs:" in capsys.readouterr().err


def test_jobs_option_of_standings_and_drift(tmp_path, capsys):
    outs = []
    for jobs in ("1", "2", "0"):
        outs.append(tmp_path / f"s{jobs}.parquet")
        args = ["standings", str(JSON_DIR), "--family", "cards", "--jobs", jobs]
        assert main([*args, "--out", str(outs[-1])]) == 0
    assert outs[0].read_bytes() == outs[1].read_bytes() == outs[2].read_bytes()
    chart = tmp_path / "drift.png"
    args = ["drift", str(ROOT / "data" / "chess"), "--family", "chess", "--jobs", "2"]
    assert main([*args, "--out", str(chart)]) == 0  # (chess reads its folder in one pass)
    assert chart.read_bytes()[:4] == b"\x89PNG"
    capsys.readouterr()


def test_all_the_cores_only_for_a_folder_worth_them(monkeypatch):
    """Jobs left to the machine (0, None): one process for files under SMALL_FOLDER bytes in all
    (starting workers costs about a second), all the cores from there on; a number is kept."""
    from tourneystats.core import parallel

    files = sorted(JSON_DIR.glob("*.json"))
    size = sum(p.stat().st_size for p in files)
    assert parallel.folder_jobs(0, files) == 1 and parallel.folder_jobs(None, files) == 1
    assert parallel.folder_jobs(3, files) == 3
    monkeypatch.setattr(parallel, "SMALL_FOLDER", size)
    assert parallel.folder_jobs(0, files) == 0 and parallel.folder_jobs(None, files) is None
    monkeypatch.setattr(parallel, "SMALL_FOLDER", size + 1)
    assert parallel.folder_jobs(0, files) == 1


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_bad_bridge_file_is_named_by_a_worker(tmp_path, jobs):
    folder = tmp_path / "bridge"
    shutil.copytree(ROOT / "tests" / "data" / "bridge" / "compscore", folder)
    (folder / "usebio-zz-broken.xml").write_text("<USEBIO><EVENT>")  # (read by a worker)
    with pytest.raises(ValueError, match=r"usebio-zz-broken\.xml"):
        bridge.standings_from_path(folder, jobs=jobs)


def test_a_dead_worker_names_the_likely_causes():
    from tourneystats.core.parallel import WorkerError, map_files

    with pytest.raises(WorkerError, match=r"__main__.*standard input.*out of memory.*jobs=1"):
        list(map_files(os._exit, [3, 3, 3, 3], jobs=2))


class _Pool:
    """A stand-in for the process pool: gives one result, then what `then` raises."""

    shutdowns: list[dict] = []

    def __init__(self, then: BaseException, **kwargs) -> None:
        self.then = then

    def map(self, func, items, chunksize=1):
        yield func(items[0])
        raise self.then

    def shutdown(self, **kwargs) -> None:
        self.shutdowns.append(kwargs)


@pytest.mark.parametrize(
    ("then", "raised", "wait"),
    [(KeyboardInterrupt(), KeyboardInterrupt, False), (ValueError("x"), ValueError, True)],
)
def test_an_interrupt_does_not_wait_for_the_queued_chunks(monkeypatch, then, raised, wait):
    from tourneystats.core import parallel

    monkeypatch.setattr(parallel, "ProcessPoolExecutor", lambda **kw: _Pool(then, **kw))
    monkeypatch.setattr(_Pool, "shutdowns", [])
    with pytest.raises(raised):
        list(parallel.map_files(abs, [-1, -2, -3], jobs=2))
    assert _Pool.shutdowns == [{"wait": wait, "cancel_futures": True}]


def test_a_script_read_from_standard_input_runs_in_this_process(tmp_path):
    script = (
        "from tourneystats.core.parallel import map_files\n"
        "def neg(x):\n"
        "    return -x\n"
        "print(list(map_files(neg, [1, 2, 3, 4], jobs=2)))\n"
    )
    done = _python(tmp_path, "-", stdin=script)
    assert (done.returncode, done.stdout, done.stderr) == (0, "[-1, -2, -3, -4]\n", "")


def _python(folder: Path, script: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """Python run on `script` (``-``: read from `stdin`) in `folder`, this package importable."""
    return subprocess.run(
        [sys.executable, script],
        input=stdin,
        cwd=folder,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_preload_list_set_before_is_kept(monkeypatch):
    from multiprocessing import forkserver

    from tourneystats.core import parallel

    monkeypatch.setattr(forkserver._forkserver, "_preload_modules", ["__main__", "json"])
    parallel._context()
    assert forkserver._forkserver._preload_modules == ["json", "tourneystats"]


def test_a_script_without_the_main_guard_is_told_to_rerun_with_one_job(tmp_path):
    script = tmp_path / "unguarded.py"
    script.write_text(
        "from tourneystats.core.parallel import map_files\n"
        "print(list(map_files(abs, [-1, -2, -3, -4], jobs=2)))\n"
    )
    done = _python(tmp_path, str(script))
    assert done.returncode == 1 and done.stdout == ""
    assert "WorkerError" in done.stderr and "'if __name__ == \"__main__\":'" in done.stderr
    assert "Rerun with jobs=1" in done.stderr
