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


def test_a_table_with_blank_cells_names_its_rows_ids_as_integers(tmp_path):
    """The team byes' blank cells make a CSV's opponent_team, board, player and opponent floats:
    a refusal names the rows' ids as the table gives them."""
    boards = read_team_trf(ROOT / "tests/data/chess/teams/cup-trf2026.trf").boards
    path = tmp_path / "cup.csv"
    bad = (boards["round"] == 2) & (boards["team"] == 3) & (boards["board"] == 2)
    boards.assign(points=boards["points"].mask(bad, 0.0)).to_csv(path, index=False)
    with pytest.raises(ValidationError) as caught:
        standings_from_path(path)
    assert str(caught.value).splitlines()[1:] == [
        "  event='cup-trf2026', round=2, board=2, team=1, opponent_team=3, player=1, opponent=7",
        "  event='cup-trf2026', round=2, board=2, team=3, opponent_team=1, player=7, opponent=1",
    ]


# --- the dtypes of the board rows ----------------------------------------------------------------

#: the club cup of tests/data/chess/teams/cup.pgn (read_team_pgn numbers the players by rating:
#: 1 Ann, 2 Cid, 3 Ben, 4 Dan, 5 Eve, 6 Fay), each player's rows: (round, player, opponent,
#: colour, points); a player without a game in a round (his team idle) has a zero-point bye
_CUP_GAMES = [
    (1, 1, 2, "w", 1.0), (1, 2, 1, "b", 0.0), (1, 4, 3, "w", 0.5), (1, 3, 4, "b", 0.5),
    (2, 2, 5, "w", 0.5), (2, 5, 2, "b", 0.5), (2, 6, 4, "w", 0.0), (2, 4, 6, "b", 1.0),
    (3, 5, 1, "w", 1.0), (3, 1, 5, "b", 0.0), (3, 3, 6, "w", 1.0), (3, 6, 3, "b", 0.0),
]  # fmt: skip
#: the dtypes every team reader gives its board rows, under every pandas version
_BOARD_DTYPES = {"event": "category", "round": "int64", "team": "int64",
                 "opponent_team": "Int64", "board": "Int64", "player": "Int64",
                 "opponent": "Int64", "colour": "category", "points": "float64",
                 "kind": "category"}  # fmt: skip


def _cup_trf(path: Path) -> Path:
    """The club cup of cup.pgn as a TRF-16 file with 013 team records (board order as played)."""
    from tourneystats.chess import KINDS, write_trf

    rows = [(r, p, o, c, pts, "played") for r, p, o, c, pts in _CUP_GAMES]
    played = {(r, p) for r, p, *_ in _CUP_GAMES}
    rows += [(r, p, None, None, 0.0, "zpb") for r in (1, 2, 3) for p in range(1, 7)
             if (r, p) not in played]  # fmt: skip
    own = pd.DataFrame(rows, columns=["round", "player", "opponent", "colour", "points", "kind"])
    own = own.assign(event="Club team cup").astype({"opponent": "Int64"})
    assert set(own["kind"]) <= set(KINDS)
    players = pd.DataFrame({"event": "Club team cup", "player": range(1, 7),
                            "name": ["Ann", "Cid", "Ben", "Dan", "Eve", "Fay"],
                            "rating": [2000, 1950, 1900, 1850, 1800, 1700]})  # fmt: skip
    write_trf(own.sort_values(["round", "player"]), players, None, path)
    with open(path, "a", encoding="utf-8") as handle:
        for name, roster in (("Rooks", (1, 3)), ("Knights", (2, 4)), ("Bishops", (5, 6))):
            handle.write(f"013 {name:<32}" + " ".join(f"{p:4d}" for p in roster) + "\n")
    return path


def _dtypes(frame: pd.DataFrame) -> dict[str, str]:
    return {column: str(dtype) for column, dtype in frame.dtypes.items()}


def test_the_board_rows_of_a_team_trf_have_the_dtypes_of_every_team_reader(tmp_path):
    """read_team_trf's board rows: one dtype per column, whatever the pandas version (they once
    came from a concatenation of the team byes' empty columns) and whatever the file holds, the
    same as read_team_pgn's of the same event, and kept by validate_team_results."""
    import warnings

    from tourneystats.chess import KINDS
    from tourneystats.chess.teampgn import read_team_pgn
    from tourneystats.chess.teams import BOARD_ROW_DTYPES, validate_team_results

    cup, generated = _cup_trf(tmp_path / "cup.trf"), tmp_path / "generated.trf"
    write_team_trf(3, generated)  # (team byes: pab)
    with warnings.catch_warnings():
        warnings.simplefilter("error", FutureWarning)  # (pandas 2.2 warned of the byes' concat)
        trf = read_team_trf(cup, event="Club team cup").boards
        section = read_team_trf(ROOT / "tests/data/chess/teams/cup-trf2026.trf").boards
        swiss = read_team_trf(generated).boards
    pgn = read_team_pgn(ROOT / "tests/data/chess/teams/cup.pgn").boards
    for frame in (trf, section, swiss, pgn):
        assert _dtypes(frame) == _BOARD_DTYPES
        assert frame["colour"].cat.categories.tolist() == ["w", "b"]
        assert frame["kind"].cat.categories.tolist() == list(KINDS)
        for column, dtype in BOARD_ROW_DTYPES.items():
            assert frame[column].dtype == dtype, column
    assert swiss["opponent_team"].isna().any() and section["opponent_team"].isna().any()
    assert trf["event"].cat.categories.tolist() == ["Club team cup"]
    pd.testing.assert_series_equal(trf.dtypes, pgn.dtypes)
    # the same event: the matches' rows are the PGN's, value for value and dtype for dtype; the
    # idle team's rounds are team byes (zero-point: its players have no game)
    matches = trf[trf["opponent_team"].notna()].reset_index(drop=True)
    pd.testing.assert_frame_equal(matches, pgn)
    byes = trf[trf["opponent_team"].isna()]
    assert byes[["round", "team", "kind"]].values.tolist() == [
        [1, 3, "zpb"], [2, 1, "zpb"], [3, 2, "zpb"]]  # fmt: skip
    for frame in (trf, section, pgn):  # (the validated table keeps them)
        pd.testing.assert_series_equal(validate_team_results(frame).dtypes, frame.dtypes)


def test_a_kind_of_no_category_is_never_dropped_silently():
    from tourneystats.chess.teams import as_board_rows

    rows = pd.DataFrame({"event": "E", "round": 1, "team": 1, "opponent_team": 2, "board": 1,
                         "player": 1, "opponent": 2, "colour": ["w"], "points": 1.0,
                         "kind": ["won"]})  # fmt: skip
    with pytest.raises(ValueError, match=r"kind 'won': not one of \['played'"):
        as_board_rows(rows, "category")
    with pytest.raises(ValueError, match=r"colour 'white': not one of \['w', 'b'\]"):
        as_board_rows(rows.assign(colour="white", kind="played"), "category")
