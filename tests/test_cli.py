import pandas as pd
import pytest

from tourneystats import __version__
from tourneystats.cli import main, run


def test_version(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert __version__ in capsys.readouterr().out


def test_help_lists_commands(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "demo" in out and "standings" in out


def test_demo_needs_data_folder(tmp_path, capsys):
    assert main(["demo", "--data", str(tmp_path / "none"), "--out", str(tmp_path / "o")]) == 2
    assert "no data folder" in capsys.readouterr().err


def _session(event: str) -> pd.DataFrame:
    return pd.DataFrame(
        {"event": event, "board": 1, "ns_pair": [1, 2], "ew_pair": [3, 4], "ns_score": [420, 450]}
    )


def test_standings_shows_the_first_tables_and_says_how_many_are_left(tmp_path, capsys):
    """A big archive prints a bounded preview; the output file holds every table."""
    source = tmp_path / "season.csv"
    pd.concat([_session(f"E{i:02d}") for i in range(30)]).to_csv(source, index=False)
    out = tmp_path / "standings.parquet"
    args = ["standings", str(source), "--family", "bridge", "--out", str(out), "--head", "1"]

    assert main([*args, "--tables", "4"]) == 0
    shown = capsys.readouterr().out
    # 30 sessions x 2 lines = 60 tables: E00 NS/EW and E01 NS/EW shown, one row each
    assert "E01" in shown and "E02" not in shown
    assert "56 more table(s) not shown" in shown
    assert "wrote 120 rows" in shown
    assert pd.read_parquet(out)["event"].nunique() == 30

    assert main([*args, "--tables", "0"]) == 0
    shown = capsys.readouterr().out
    assert "E29" in shown and "not shown" not in shown


def test_console_script_exits_with_the_status(tmp_path, capsys):
    import gc

    try:
        with pytest.raises(SystemExit) as exit_info:
            run(["demo", "--data", str(tmp_path / "none"), "--out", str(tmp_path / "o")])
        assert gc.get_freeze_count() > 0  # the import-time objects are out of the collector's way
    finally:
        gc.unfreeze()  # this test process goes on
    assert exit_info.value.code == 2
    assert "no data folder" in capsys.readouterr().err


@pytest.mark.parametrize("family", ["cards", "chess", "bridge", "league"])
def test_standings_written_into_the_results_folder_are_not_read_back(tmp_path, capsys, family):
    """Writing the standings next to the results, then running again, gives the same table."""
    import shutil
    from pathlib import Path

    folder = tmp_path / family
    shutil.copytree(Path(__file__).parents[1] / "data" / family, folder)
    for extension in ("csv", "parquet"):
        out = folder / f"table.{extension}"
        assert main(["standings", str(folder), "--family", family, "--out", str(out)]) == 0
    first = pd.read_parquet(folder / "table.parquet")
    capsys.readouterr()
    again = tmp_path / "again.parquet"
    assert main(["standings", str(folder), "--family", family, "--out", str(again)]) == 0
    pd.testing.assert_frame_equal(pd.read_parquet(again), first)
    err = capsys.readouterr().err
    assert err.count("not a results table") == 2
    assert err.startswith("tourneystats: warning: ") and "table.csv" in err
    # a table named *standings* (published standings kept beside the results) is skipped quietly
    (folder / "table.csv").rename(folder / "standings.csv")
    (folder / "table.parquet").unlink()
    assert main(["standings", str(folder), "--family", family, "--out", str(again)]) == 0
    pd.testing.assert_frame_equal(pd.read_parquet(again), first)
    assert "not a results table" not in capsys.readouterr().err
