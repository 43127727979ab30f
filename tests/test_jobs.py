"""Folders read on several processes (``jobs=``, ``--jobs``): the same tables, warnings and errors
as in one process, for every family that reads a folder's files one by one."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import warnings
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples
from test_pgn_property import tournaments, write_pgn

from tourneystats import bridge, cards, chess, league
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
    assert main([*args, "--out", str(chart)]) == 0
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
    """A stand-in for the process pool: gives one chunk's results, then what `then` raises."""

    shutdowns: list[dict] = []

    def __init__(self, then: BaseException, **kwargs) -> None:
        self.then, self.sent = then, 0

    def submit(self, func, *args):
        self.sent += 1
        return _Future(lambda: func(*args)) if self.sent == 1 else _Future(None, self.then)

    def shutdown(self, **kwargs) -> None:
        self.shutdowns.append(kwargs)


class _Future:
    def __init__(self, work, error: BaseException | None = None) -> None:
        self.work, self.error = work, error

    def result(self):
        if self.error is not None:
            raise self.error
        return self.work()


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
    parallel._context("tourneystats.chess.jobs")  # the mapped function's module, once
    parallel._context("tourneystats.chess.jobs")
    want = ["json", "tourneystats", "tourneystats.chess.jobs"]
    assert forkserver._forkserver._preload_modules == want


def test_the_module_of_a_mapped_function():
    import functools

    from tourneystats.chess import jobs
    from tourneystats.core import parallel

    task = functools.partial(functools.partial(jobs._trf_run, 1), 2)
    assert parallel._module_of(task) == "tourneystats.chess.jobs"
    assert parallel._module_of(abs) is None and parallel._module_of(len) is None


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


# --- chess: runs of consecutive files read by workers, joined as one process reads them -----------

CHESS = ROOT / "tests" / "data" / "chess"


def _trf_folder(tmp_path: Path) -> Path:
    """The sample TRF files, the TEC examples (read by another worker) and a stem read twice."""
    folder = tmp_path / "trf"
    shutil.copytree(ROOT / "data" / "chess", folder)
    for trf in sorted((CHESS / "tec").glob("*.trf")):
        shutil.copy(trf, folder / trf.name)
    (folder / "sub").mkdir()
    shutil.copy(ROOT / "data" / "chess" / "club-spring-2024.trf", folder / "sub")
    return folder


def _pgn_folder(tmp_path: Path) -> Path:
    """Events spread over files read by different workers: the FIDE Women's World Rapid one
    file per round, a file without Event tags, and one club event in two encodings."""
    folder = tmp_path / "pgn"
    folder.mkdir()
    games = re.split(r"(?m)^(?=\[Event )", (CHESS / "pgn" / "FWWRC.pgn").read_text())
    by_round: dict[int, list[str]] = {}
    for game in filter(None, games):
        by_round.setdefault(int(re.search(r'\[Round "(\d+)', game).group(1)), []).append(game)
    for rnd, texts in by_round.items():
        (folder / f"rapid-r{rnd:02d}.pgn").write_text("".join(texts))
    shutil.copy(CHESS / "pgn" / "uzchesscup.pgn", folder / "uzchesscup.pgn")
    club = '[Event "Club"]\n[Round "{}"]\n[White "{}"]\n[Black "{}"]\n[Result "{}"]\n\n'
    (folder / "club-a.pgn").write_bytes(club.format(1, "Jörg", "Ann", "1-0").encode("cp1252"))
    (folder / "club-b.pgn").write_text(club.format(2, "Ann", "Jörg", "1/2-1/2"))
    return folder


def _frames(reader, folder: Path, jobs: int) -> tuple[list[pd.DataFrame], list[str]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        data = reader(folder, jobs=jobs)
    return list(data), [str(w.message) for w in caught]


@pytest.mark.parametrize(
    ("reader", "folder"),
    [(chess.read_trf, _trf_folder), (chess.read_pgn, _pgn_folder)],
    ids=["trf", "pgn"],
)
def test_chess_files_read_by_two_jobs_are_those_of_one(tmp_path, reader, folder):
    """Frames equal to the last category and dtype (the events' categories joined in file
    order), and the same Parquet bytes."""
    path = folder(tmp_path)
    one, said = _frames(reader, path, 1)
    two, said_two = _frames(reader, path, 2)
    assert said == said_two
    for frame, frame_two in zip(one, two, strict=True):
        pd.testing.assert_frame_equal(frame, frame_two, check_exact=True)
        assert frame.to_parquet() == frame_two.to_parquet()
    results, players, events = one
    assert list(results["event"].cat.categories) == events["event"].astype(str).tolist()
    assert len(events) >= 4 and results["event"].is_monotonic_increasing
    if reader is chess.read_pgn:  # one event of 11 rounds over 11 files; one over two encodings
        rapid = events[events["event"].astype(str).str.startswith("FIDE Women")]
        assert rapid["rounds"].tolist() == [11]
        # "Jörg" written in Windows-1252 in one file and UTF-8 in the other: one name, one
        # player (names are read as text, core.people)
        assert sorted(players.loc[players["event"] == "Club", "name"]) == ["Ann", "Jörg"]


@pytest.mark.parametrize(
    "func", [chess.standings_from_path, chess.history_from_path, chess.check_from_path]
)
def test_chess_tables_of_two_jobs_are_the_bytes_of_one(tmp_path, func):
    folder = _trf_folder(tmp_path)
    if func is not chess.check_from_path:  # a folder of TRF and PGN files
        shutil.copytree(_pgn_folder(tmp_path), folder / "pgn")
    one, said = _run(func, folder, jobs=1)
    two, said_two = _run(func, folder, jobs=2)
    assert one == two and said == said_two
    assert len(pd.read_parquet(io.BytesIO(one))) > 500


def test_chess_reads_a_small_folder_in_one_process_unless_told(tmp_path, monkeypatch):
    from tourneystats.chess import jobs

    seen = []
    monkeypatch.setattr(jobs, "map_warned", lambda f, items, **kw: seen.append(kw) or map(f, items))
    folder = _trf_folder(tmp_path)
    one = chess.read_trf(folder, jobs=0)
    assert seen == []  # 40 small files: one process
    two = chess.read_trf(folder, jobs=2)
    assert seen == [{"jobs": 2, "stacklevel": 4}]
    pd.testing.assert_frame_equal(one.results, two.results)
    files = sorted(folder.glob("*.t*"))
    runs = jobs.file_runs(files, 8)  # consecutive files of about equal bytes
    assert sum(runs, []) == files and 4 <= len(runs) <= 8
    size = [sum(p.stat().st_size + 1 for p in run) for run in runs]
    assert max(size) - min(size) <= 2 * max(p.stat().st_size + 1 for p in files)


def test_a_bad_chess_file_is_named_by_a_worker(tmp_path):
    folder = _trf_folder(tmp_path)
    lines = (folder / "rapid-2026.trf").read_text().splitlines()
    at = next(k for k, line in enumerate(lines) if line.startswith("001"))
    lines[at] = lines[at][:91] + "   x w 1" + lines[at][99:]
    (folder / "zz-bad.trf").write_text("\n".join(lines))  # the last file: the last worker's
    message = rf"is not a start rank \(1 place\):\n  \S*zz-bad\.trf:{at + 1}: column 92 \(player 1"
    for jobs in (1, 2):
        with pytest.raises(ValidationError, match=message):
            chess.standings_from_path(folder, jobs=jobs)
    pgns = _pgn_folder(tmp_path)
    (pgns / "zz-bad.pgn").write_text('[Event "Club"]\n[Round "3"]\n[White "Ann"\n')
    for jobs in (1, 2):
        with pytest.raises(ValidationError, match=r"zz-bad\.pgn:3: "):
            chess.read_pgn(pgns, jobs=jobs)


def test_jobs_option_of_chess_standings_and_check(tmp_path, capsys):
    folder = ROOT / "data" / "chess"  # four events (check reads each file on its own)
    shown = []
    for jobs in ("1", "2"):
        for command in ("standings", "check"):
            out = tmp_path / f"{command}{jobs}.parquet"
            main([command, str(folder), "--family", "chess", "--jobs", jobs, "--out", str(out)])
            shown.append(capsys.readouterr().out.replace(f"{command}{jobs}", command))
    for command in ("standings", "check"):
        assert (tmp_path / f"{command}1.parquet").read_bytes() == (
            tmp_path / f"{command}2.parquet"
        ).read_bytes()
    assert shown[:2] == shown[2:] and "wrote 158 rows" in shown[0]


def _in_this_process(monkeypatch) -> None:
    """The workers' runs read in this process (the joining is what is tested)."""
    from tourneystats.chess import jobs

    monkeypatch.setattr(jobs, "map_warned", lambda func, items, **kwargs: map(func, items))


@settings(max_examples=examples(40), deadline=None)
@given(
    events=st.lists(tournaments(), min_size=1, max_size=3),
    movetext=st.sampled_from(["tags only", "moves", "comments", "escapes"]),
    spread=st.data(),
)
def test_pgn_games_spread_over_runs_of_files_read_as_one_folder(events, movetext, spread):
    """Random events, their games dealt over files at random (an event over several files, the
    values in UTF-8 or Windows-1252 by file), read as 2-8 runs: the frames of one process."""
    games = []
    for e, (names, fides, ratings, played) in enumerate(events):
        style = {"movetext": movetext, "blank lines": 1, "crlf": False, "bom": False}
        text = write_pgn(names, fides, ratings, played, style, seed=e).decode()
        text = text.replace('"Random open"', f'"Open {e}"')
        games += [g for g in re.split(r"(?<=\n\n)(?=\[)", text) if g.strip()]
    if not games:
        return
    n_files = spread.draw(st.integers(2, 8))
    where = spread.draw(
        st.lists(st.integers(0, n_files - 1), min_size=len(games), max_size=len(games))
    )
    jobs = spread.draw(st.integers(2, 4))
    with tempfile.TemporaryDirectory() as tmp, pytest.MonkeyPatch.context() as monkeypatch:
        for k in set(where):
            text = "".join(g for g, f in zip(games, where, strict=True) if f == k)
            encoding = "cp1252" if k % 2 else "utf-8"
            try:
                data = text.encode(encoding)
            except UnicodeEncodeError:
                data = text.encode()
            (Path(tmp) / f"{k:02d}.pgn").write_bytes(data)
        one = chess.read_pgn(tmp)
        _in_this_process(monkeypatch)
        two = chess.read_pgn(tmp, jobs=jobs)
    for frame, frame_two in zip(one, two, strict=True):
        pd.testing.assert_frame_equal(frame, frame_two, check_exact=True)


@given(sizes=st.lists(st.integers(0, 10**6), max_size=60), runs=st.integers(1, 16))
def test_runs_of_files_are_consecutive_and_of_about_equal_size(sizes, runs):
    from tourneystats.chess.jobs import run_ends

    ends = run_ends(sizes, runs)
    starts = [0, *ends[:-1]]
    assert ends[-1] == len(sizes) and len(ends) <= max(runs, 1)
    assert all(a < b for a, b in zip(starts, ends, strict=True)) or sizes == []
    weight = [s + 1 for s in sizes]  # (an empty file counts)
    share = sum(weight) / runs + max(weight, default=0)
    assert all(sum(weight[a:b]) <= share for a, b in zip(starts, ends, strict=True))


# --- no process outlives its command ---------------------------------------------------------------


def _session(leader: int) -> list[tuple[int, str]]:
    """The live processes of the session `leader` leads (not zombies), with their command
    lines: a command's workers, fork server and resource tracker stay in its session, whoever
    their parent is once it is gone (read from /proc: Linux)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            command = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:  # (ended meanwhile)
            continue
        fields = stat.rsplit(")", 1)[1].split()  # state, ppid, pgrp, session, ...
        if int(fields[3]) == leader and fields[0] != "Z" and int(entry) != leader:
            found.append((int(entry), command))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_a_command_killed_mid_run_leaves_no_process(tmp_path):
    """``standings --jobs 2`` killed with SIGKILL (a job scheduler's or the out-of-memory
    killer's way) while its two workers read a folder: within seconds no process it started
    is left (its workers, the fork server, the resource tracker)."""
    import signal
    import time

    folder = tmp_path / "season"
    folder.mkdir()
    files = sorted(JSON_DIR.glob("*.json"))
    for i in range(600):  # about 11 MB: seconds of work for two workers
        shutil.copy(files[i % len(files)], folder / f"e{i:04d}-{files[i % len(files)].name}")
    command = [sys.executable, "-m", "tourneystats", "standings", str(folder), "--family",
               "cards", "--jobs", "2", "--out", str(tmp_path / "out.parquet")]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        command, env=env, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    try:
        deadline = time.monotonic() + 60
        while sum("forkserver" in c for _, c in _session(child.pid)) < 3:  # server + 2 workers
            assert child.poll() is None, "the command ended before its workers were seen"
            assert time.monotonic() < deadline, "no workers seen within 60 s"
            time.sleep(0.05)
        assert child.poll() is None, "the command ended before it could be killed"
        child.send_signal(signal.SIGKILL)
        child.wait()
        deadline = time.monotonic() + 5
        while _session(child.pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _session(child.pid) == []
    finally:
        for pid, _ in _session(child.pid):  # (what a failure leaves: ended here)
            os.kill(pid, signal.SIGKILL)
        child.stderr.close()  # type: ignore[union-attr]


def test_tables_of_runs_joined_column_by_column_are_their_concat():
    """The tables of runs of events are joined column by column (each run's column let go once
    joined): the frame of ``pd.concat``, dtypes included (categoricals, Arrow text, nullable
    integers, booleans); tables with other columns are joined by ``pd.concat`` itself."""
    from tourneystats.core.parallel import _joined

    kinds = pd.CategoricalDtype(["a", "b", "c"])

    def part(n: int, start: int) -> pd.DataFrame:
        return pd.DataFrame(
            {
                "event": pd.Categorical(["a", "b", "c"][:n], dtype=kinds),
                "player": pd.array([f"p{start + i}" for i in range(n)], dtype="str"),
                "rank": range(start, start + n),
                "omwp": [0.5, None, 0.25][:n],
                "games": pd.array([1, None, 3][:n], dtype="Int64"),
                "dropped": [True, False, True][:n],
            }
        )

    parts = [part(3, 0), part(1, 3), part(2, 4)]
    expected = pd.concat(parts, ignore_index=True)
    pd.testing.assert_frame_equal(_joined(list(parts)), expected, check_exact=True)
    other = [part(2, 0), part(2, 2)[["rank", "event"]]]
    pd.testing.assert_frame_equal(_joined(list(other)), pd.concat(other, ignore_index=True))
    # a column whose dtype differs between tables (narrower integers, the categories in
    # another order, which pandas calls an equal dtype, a table without rows) is joined as
    # pd.concat joins it
    mixed = [
        part(2, 0),
        part(2, 2).assign(
            rank=lambda t: t["rank"].astype("int32"),
            event=pd.Categorical(["a", "b"], categories=["c", "b", "a"]),
        ),
        part(1, 4).iloc[:0],  # (no rows, the dtypes of the others)
    ]
    joined = _joined(list(mixed))
    assert joined["event"].tolist() == ["a", "b", "a", "b"]
    assert joined["rank"].tolist() == [0, 1, 2, 3] and joined["rank"].dtype == "int64"
    pd.testing.assert_frame_equal(joined, pd.concat(mixed, ignore_index=True), check_exact=True)


@settings(max_examples=examples(150), deadline=None)
@given(
    st.lists(st.integers(0, 12), min_size=1, max_size=60),
    st.booleans(),
    st.integers(1, 25),
    st.sampled_from(["int16", "int64", "uint8"]),
)
def test_runs_of_events_give_the_table_of_one_call(events, in_order, rows, dtype):
    """Runs of whole consecutive events (rows in event order or not, events without rows)
    joined give the table of one call; each run holds whole events."""
    import numpy as np

    from tourneystats.core import parallel

    codes = np.array(sorted(events) if in_order else events, dtype=dtype)
    frame = pd.DataFrame({"event": codes.astype(np.int64), "x": np.arange(len(codes))})
    seen: list[pd.DataFrame] = []

    def total(part: pd.DataFrame) -> pd.DataFrame:
        seen.append(part)
        out = part.groupby("event", as_index=False, sort=True).agg(n=("x", "size"), s=("x", "sum"))
        return out.assign(first=part.groupby("event", sort=True)["x"].first().to_numpy())

    table = parallel.in_event_chunks(frame, codes, total, rows)
    expected = total(frame)
    if table is None:  # one core, or a single run
        assert parallel.cores() < 2 or len(seen) == 1
        return
    pd.testing.assert_frame_equal(table, expected)
    runs = [set(part["event"]) for part in seen[:-1]]
    assert all(not (a & b) for i, a in enumerate(runs) for b in runs[i + 1 :])  # whole events
