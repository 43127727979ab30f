"""Team events from files: TRF-16 ``013`` team records, the standings of a path, the CLI, and
what the TRF team reader refuses."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from chess_team_data import random_team_event, write_team_trf

from tourneystats.chess import read_results, standings_from_path, team_standings
from tourneystats.chess.teamtrf import read_team_trf
from tourneystats.core.schema import ValidationError

ROOT = Path(__file__).resolve().parents[1]
CODES = ["GP", "EDE", "BH:GP/C1", "EMGSB/C1", "SSSC", "TBR", "BC"]


@pytest.mark.parametrize("seed", [3, 11, 12])
def test_a_team_trf_reads_back_the_event_it_was_written_from(tmp_path, seed):
    path = tmp_path / "league.trf"
    rr = write_team_trf(seed, path)
    written, _, _ = random_team_event(seed)
    data = read_team_trf(path)
    ours = team_standings(data.boards, tiebreaks=CODES, round_robin=rr)
    expected = team_standings(written, tiebreaks=CODES, round_robin=rr)
    for code in ["MP", *CODES]:
        assert np.allclose(ours[code], expected[code]), code
    assert (ours["team"].to_numpy() == expected["team"].to_numpy()).all()
    assert data.teams["name"].iloc[0] == "Team 1"


def test_standings_of_a_team_file_are_the_teams(tmp_path):
    path = tmp_path / "league.trf"
    write_team_trf(5, path)
    table = standings_from_path(path, tiebreaks=["EDE", "EMGSB/C1"])
    assert list(table.columns[:5]) == ["event", "team", "name", "rank", "MP"]
    assert table["team"].nunique() == len(table)
    with pytest.raises(ValidationError, match="a team event"):
        read_results(path)  # never read silently as an individual event
    with pytest.raises(ValueError, match="options .*'unrated'.* are for individual events"):
        standings_from_path(path, unrated="drop")


def test_a_folder_of_team_files_is_one_season(tmp_path):
    for seed in (1, 2):
        write_team_trf(seed, tmp_path / f"E{seed}.trf")
    table = standings_from_path(tmp_path, tiebreaks=["BH:GP"])
    assert sorted(table["event"].unique()) == ["E1", "E2"]
    (tmp_path / "other.csv").write_text("event,round,player,opponent,points,kind\nE,1,1,,1,pab\n")
    with pytest.raises(ValidationError, match="give them apart"):
        standings_from_path(tmp_path)


def test_the_command_line_gives_team_standings(tmp_path):
    path = tmp_path / "league.trf"
    write_team_trf(7, path)
    done = subprocess.run(
        [sys.executable, "-m", "tourneystats", "standings", str(path), "--family", "chess",
         "--tiebreaks", "EDE,BH:GP/C1"],
        capture_output=True, text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "BH:GP/C1" in done.stdout and "Team 1" in done.stdout


# --- refused -----------------------------------------------------------------------------------

LINES = [
    "001    1      Anna                              1900                             1.0    1     3 w 1",
    "001    2      Ben                               1800                             0.5    2     4 b =",
    "001    3      Carl                              1700                             0.0    3     1 b 0",
    "001    4      Dora                              1600                             0.5    4     2 w =",
]  # fmt: skip


def _file(tmp_path: Path, teams: list[str]) -> Path:
    path = tmp_path / "t.trf"
    path.write_text("\n".join([*LINES, *teams]) + "\n")
    return path


@pytest.mark.parametrize(
    "teams, message",
    [
        (["013 " + "A".ljust(32) + "   1    2", "013 " + "B".ljust(32) + "   2    4"],
         "t.trf:6: player 2 is in a second team record"),
        (["013 " + "A".ljust(32) + "   1    2", "013 " + "B".ljust(32) + "   3"],
         "t.trf:4: player 4 is in no team record"),
        (["013 " + "A".ljust(32) + "   1    x"], "must be a number"),
        (["013 " + "A".ljust(32) + "   1    2", "013 " + "B".ljust(32) + "   3    9"],
         "t.trf:6: a team record names start rank.s. with no 001"),
        (["013 " + "A".ljust(32) + "   1    3", "013 " + "B".ljust(32) + "   2    4"],
         "paired with itself"),
        (["013 " + "A".ljust(32) + "   2    1", "013 " + "B".ljust(32) + "   3    4"],
         "board against board"),
        ([], "no 013 or 310 team record"),
    ],
)  # fmt: skip
def test_refused(tmp_path, teams, message):
    with pytest.raises(ValidationError, match=message):
        data = read_team_trf(_file(tmp_path, teams))
        team_standings(data.boards)


def test_a_team_meeting_two_teams_is_refused(tmp_path):
    lines = [*LINES,
        "001    5      Emil                              1600                             0.5    5     6 w =",
        "001    6      Fred                              1600                             0.5    6     5 b =",
    ]  # fmt: skip
    teams = ["013 " + "A".ljust(32) + "   1    5", "013 " + "B".ljust(32) + "   3    4",
             "013 " + "C".ljust(32) + "   6    2"]  # fmt: skip
    path = tmp_path / "t.trf"
    path.write_text("\n".join([*lines, *teams]) + "\n")
    with pytest.raises(ValidationError, match="meet players of two teams"):
        read_team_trf(path)


def test_the_frames_are_new(tmp_path):
    path = tmp_path / "league.trf"
    write_team_trf(2, path)
    data = read_team_trf(path)
    before = data.boards.copy()
    team_standings(data.boards, tiebreaks=["EDE"])
    pd.testing.assert_frame_equal(data.boards, before)


def test_a_declared_team_order_is_used(tmp_path):
    """A 212 record naming team tie-breaks: the primary score first (TRF-2026 writes MP or GP
    there), then the order; events declaring different orders are ranked each by its own."""
    first, second = tmp_path / "A.trf", tmp_path / "B.trf"
    write_team_trf(4, first)
    write_team_trf(6, second)
    for path, record in ((first, "212 GP,EDE,BH:MP/C1"), (second, "212 PTS,EMMSB,BC")):
        path.write_text(record + "\n" + path.read_text())
    table = standings_from_path(tmp_path)
    a = table[table["event"] == "A"]
    assert list(a.dropna(axis=1, how="all").columns[3:7]) == ["rank", "GP", "EDE", "BH:MP/C1"]
    b = table[table["event"] == "B"]
    assert list(b.dropna(axis=1, how="all").columns[3:7]) == ["rank", "MP", "EMMSB", "BC"]
    alone = standings_from_path(first)
    assert alone["GP"].tolist() == a["GP"].tolist()


@pytest.mark.parametrize("suffix", ["csv", "parquet"])
def test_a_table_of_board_rows_is_a_team_event(tmp_path, suffix):
    rows, _, rr = random_team_event(8, round_robin=False)
    path = tmp_path / f"league.{suffix}"
    rows.to_csv(path, index=False) if suffix == "csv" else rows.to_parquet(path)
    table = standings_from_path(path, tiebreaks=["EDE", "BH:GP/C1"])
    expected = team_standings(rows, tiebreaks=["EDE", "BH:GP/C1"])
    assert table["team"].tolist() == expected["team"].tolist()
    assert np.allclose(table["BH:GP/C1"], expected["BH:GP/C1"])
    with pytest.raises(ValidationError, match="a team event"):
        read_results(path)  # its boards are never read as an individual event
