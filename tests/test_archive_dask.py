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


def test_dask_engine_matches_pandas_engine(tmp_path, archive, cluster):
    pandas_out, dask_out = tmp_path / "pandas", tmp_path / "dask"
    expected = recompute(archive, pandas_out, config=CONFIG, progress=False)
    got = recompute(
        archive,
        dask_out,
        config=CONFIG,
        engine="dask",
        scheduler=cluster.scheduler_address,
        progress=False,
    )
    assert got.computed == expected.computed == len(archive_files(archive))
    assert len(got.errors) == len(expected.errors) == 1
    pd.testing.assert_frame_equal(got.errors, expected.errors)
    for family, frame in outputs(pandas_out).items():
        pd.testing.assert_frame_equal(read_archive(dask_out, family=family), frame)
    # file by file, the same rows in the same order
    for rel in archive_files(pandas_out)["path"]:
        pd.testing.assert_frame_equal(
            pd.read_parquet(dask_out / rel), pd.read_parquet(pandas_out / rel)
        )
    report = json.loads((dask_out / "_report.json").read_text())
    assert report["engine"] == "dask" and report["errors"][0]["unit"] == {"event": "C00006"}


def test_dask_engine_resumes_and_stops_when_strict(tmp_path, archive, cluster):
    out = tmp_path / "out"
    address = cluster.scheduler_address
    with pytest.raises(RecomputeError, match="C00006"):
        recompute(archive, out, engine="dask", scheduler=address, strict=True, progress=False)
    again = recompute(archive, out, engine="dask", scheduler=address, progress=False)
    assert again.reused + again.computed == again.partitions
    assert len(again.errors) == 1
    assert recompute(archive, out, engine="dask", scheduler=address, progress=False).computed == 0
    # the cluster is the caller's: still usable
    with distributed.Client(address) as client:
        assert client.submit(sum, [1, 2]).result() == 3


def test_cli_dask_on_a_local_cluster_it_starts(tmp_path, archive, cluster, capsys):
    # without --scheduler the command starts (and stops) its own local cluster
    out = tmp_path / "out"
    code = main(["recompute", str(archive), "--out", str(out), "--engine", "dask", "--quiet"])
    assert code == 1  # the bad event
    assert "event=C00006" in capsys.readouterr().err
    pandas_out = tmp_path / "pandas"
    recompute(archive, pandas_out, progress=False)
    for family, frame in outputs(pandas_out).items():
        pd.testing.assert_frame_equal(read_archive(out, family=family), frame)
