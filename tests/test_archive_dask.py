"""The Dask engine gives the pandas engine's output, on a local cluster of 2 worker processes."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pandas as pd
import pytest

pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("distributed")

from test_archive import (  # noqa: E402
    bridge_frame,
    bridge_teams_frame,
    cards_seasons,
    chess_season,
    league_seasons,
)

from tourneystats.archive import (  # noqa: E402
    RecomputeError,
    archive_files,
    read_archive,
    recompute,
    write_archive,
)
from tourneystats.cli import main  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def cluster():
    # the worker processes import tourneystats from this source tree
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), old]))
    try:
        with distributed.LocalCluster(
            n_workers=2, processes=True, threads_per_worker=1, dashboard_address=":0"
        ) as local:
            yield local
    finally:
        if old is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = old


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    root = tmp_path_factory.mktemp("archive")
    chess = chess_season(n_events=8)
    bad = (chess["event"] == "C00006") & (chess["kind"] == "played") & (chess["round"] == 3)
    chess.loc[bad, "points"] = 1.0  # both sides won: a bad event
    write_archive(chess, root, family="chess", chunk_rows=80)
    write_archive(league_seasons(), root, family="league")
    write_archive(cards_seasons(), root, family="cards", chunk_rows=60)
    write_archive(bridge_frame(), root, family="bridge")
    write_archive(bridge_teams_frame(), root, family="bridge_teams")
    return root


CONFIG = {
    "chess": {"tiebreaks": ["BH/C1", "BH", "SB", "ARO"], "rules": "fide2009"},
    "cards": {"rules": "pokemon"},
    "bridge": {"scale": "half"},
}
FAMILIES = ("cards", "chess", "bridge", "bridge_teams", "league")


def outputs(out: Path) -> dict[str, pd.DataFrame]:
    return {f: read_archive(out, family=f) for f in FAMILIES}


@pytest.fixture(scope="module")
def pandas_out(archive, tmp_path_factory):
    """The pandas engine's output, the reference for every Dask run."""
    out = tmp_path_factory.mktemp("pandas")
    report = recompute(archive, out, config=CONFIG, progress=False)
    assert report.computed == len(archive_files(archive)) and len(report.errors) == 1
    return out


def same_output(out: Path, pandas_out: Path) -> None:
    """`out` holds the pandas engine's output: every family, and file by file in the same order."""
    for family, frame in outputs(pandas_out).items():
        pd.testing.assert_frame_equal(read_archive(out, family=family), frame)
    for rel in archive_files(pandas_out)["path"]:
        pd.testing.assert_frame_equal(pd.read_parquet(out / rel), pd.read_parquet(pandas_out / rel))
    assert sorted(archive_files(out)["path"]) == sorted(archive_files(pandas_out)["path"])


def test_dask_engine_matches_pandas_engine(tmp_path, archive, cluster, pandas_out):
    dask_out = tmp_path / "dask"
    got = recompute(
        archive,
        dask_out,
        config=CONFIG,
        engine="dask",
        scheduler=cluster.scheduler_address,
        progress=False,
    )
    assert got.computed == len(archive_files(archive)) and got.reused == 0
    expected = json.loads((pandas_out / "_report.json").read_text())
    report = json.loads((dask_out / "_report.json").read_text())
    assert report["engine"] == "dask" and report["errors"][0]["unit"] == {"event": "C00006"}
    assert report["errors"] == expected["errors"] and len(got.errors) == 1
    same_output(dask_out, pandas_out)


def test_dask_engine_resumes_and_stops_when_strict(tmp_path, archive, cluster, pandas_out):
    out = tmp_path / "out"
    address = cluster.scheduler_address
    kw = {"config": CONFIG, "engine": "dask", "scheduler": address, "progress": False}
    with pytest.raises(RecomputeError, match="C00006") as info:
        recompute(archive, out, strict=True, **kw)
    assert info.value.report.stopped
    # the files finished before the stop have their completion marker, the bad one has none
    state = out / "_state"
    done = {p.relative_to(state).as_posix().removesuffix(".json") for p in state.rglob("*.json")}
    bad = json.loads((pandas_out / "_report.json").read_text())["errors"][0]["path"]
    assert bad not in done
    again = recompute(archive, out, **kw)
    assert (again.reused, again.computed) == (len(done), again.partitions - len(done))
    assert len(again.errors) == 1 and not again.ok
    same_output(out, pandas_out)
    assert recompute(archive, out, **kw).computed == 0
    # the cluster is the caller's: still usable
    with distributed.Client(address) as client:
        assert client.submit(sum, [1, 2]).result() == 3


def test_cli_dask_on_a_local_cluster_it_starts(tmp_path, archive, cluster, pandas_out, capsys):
    # without --scheduler the command starts (and stops) its own local cluster
    out = tmp_path / "out"
    config = tmp_path / "rules.json"
    config.write_text(json.dumps(CONFIG))
    code = main(
        ["recompute", str(archive), "--out", str(out), "--engine", "dask", "--config",
         str(config), "--quiet"]
    )  # fmt: skip
    assert code == 1  # the bad event
    assert "event=C00006" in capsys.readouterr().err
    same_output(out, pandas_out)


def test_dask_engine_takes_option_objects(tmp_path, cluster):
    # options given as objects (a cards Rules) reach the workers as they are, not as strings
    from tourneystats import cards

    root = tmp_path / "archive"
    write_archive(cards_seasons(), root, family="cards", chunk_rows=60)
    rules = cards.Rules(name="two-one", win=2, draw=1, floor=0.25, order=["match_points", "gwp"])
    config = {"cards": {"rules": rules}}
    assert recompute(root, tmp_path / "p", config=config, progress=False).ok
    kw = {"engine": "dask", "scheduler": cluster.scheduler_address, "progress": False}
    assert recompute(root, tmp_path / "d", config=config, **kw).ok
    pd.testing.assert_frame_equal(
        read_archive(tmp_path / "d", family="cards"), read_archive(tmp_path / "p", family="cards")
    )
