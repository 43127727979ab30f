"""The TRF-2026 team section: a hand-written event with every number computed by hand, the
records it brings checked against the games, the published values ``check`` compares, and the
generated events of the oracle comparison read the same in both formats."""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from chess_team_data import write_team_trf, write_team_trf26

from tourneystats.chess import check_from_path, standings_from_path, team_standings
from tourneystats.chess.teams import team_matches
from tourneystats.chess.teamsection import read_team_section
from tourneystats.chess.teamtrf import read_team_trf
from tourneystats.core.schema import ValidationError

CUP = Path(__file__).parent / "data" / "chess" / "teams" / "cup-trf2026.trf"


def _cup(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    """The cup file with lines replaced (old line start -> new line), or added (old "")."""
    lines = CUP.read_text().splitlines()
    for old, new in edits:
        if not old:
            lines.append(new)
            continue
        at = [k for k, line in enumerate(lines) if line.startswith(old)]
        assert len(at) == 1, old
        lines[at[0]] = new
    path = tmp_path / "cup.trf"
    path.write_text("\n".join(lines) + "\n")
    return path


# --- the worked example ---------------------------------------------------------------------------
# Rooks (1: players 1, 2, 3), Knights (2: 4, 5), Bishops (3: 6, 7); 2 boards, 3 rounds.
# R1 Rooks-Knights 1.5-0.5 (1-0, 1/2); Bishops a pairing-allocated bye.
# R2 Bishops-Rooks 0.5-1.5: Rooks out of their 310 order (300: Cleo on board 1, Anna on 2; Ben
#    rests); Knights a bye.
# R3 Knights-Bishops forfeited by the Bishops (330 +-: both boards + for the Knights); Rooks a bye.
# 320: a bye is 1 match point and 1.0 game point (a draw on each of the 2 boards); 362: 2/1/0.
# By hand: Rooks 2 + 2 + 1 = 5 MP, 1.5 + 1.5 + 1.0 = 4.0 GP; Knights 0 + 1 + 2 = 3 MP,
# 0.5 + 1.0 + 2.0 = 3.5 GP; Bishops 1 + 0 + 0 = 1 MP, 1.0 + 0.5 + 0 = 1.5 GP.


def test_the_section_of_the_worked_example():
    s = read_team_section(CUP)
    assert s.rosters.groupby("team")["player"].apply(list).to_dict() == {
        1: [1, 2, 3], 2: [4, 5], 3: [6, 7]}  # fmt: skip
    assert s.published[["team", "name", "match_points", "game_points", "rank"]].values.tolist() == [
        [1, "Rooks", 5.0, 4.0, 1], [2, "Knights", 3.0, 3.5, 2], [3, "Bishops", 1.0, 1.5, 3]]  # fmt: skip
    assert s.byes[["round", "team", "kind"]].values.tolist() == [
        [1, 3, "pab"], [2, 2, "pab"], [3, 1, "pab"]]  # fmt: skip
    assert s.forfeits[["round", "white", "black", "white_won", "black_won"]].values.tolist() == [
        [3, 2, 3, 1, 0]]  # fmt: skip
    assert s.lineups[["round", "team", "board", "player"]].values.tolist() == [
        [2, 1, 1, 3], [2, 1, 2, 1]]  # fmt: skip
    assert (s.match, s.pab, s.colours) == ((2.0, 1.0, 0.0), (1.0, 1.0), "WB")


def test_the_worked_example_boards_and_matches():
    data = read_team_trf(CUP)
    boards = data.boards
    r2 = boards[(boards["round"] == 2) & (boards["team"] == 1)]
    assert r2[["board", "player", "opponent", "points"]].values.tolist() == [
        [1, 3, 6, 1.0],
        [2, 1, 7, 0.5],
    ]  # fmt: skip (the 300 line-up, not the 310 order)
    r3 = boards[(boards["round"] == 3) & (boards["team"] == 2)]
    assert r3["kind"].tolist() == ["forfeit_win", "forfeit_win"]
    assert data.points.name == "trf"
    assert data.points.of("pab", boards=2) == (1.0, 1.0)
    matches = team_matches(boards, points=data.points)
    got = matches.set_index(["round", "team"])[["kind", "match_points", "game_points"]]
    assert got.loc[(1, 3)].tolist() == ["pab", 1.0, 1.0]
    assert got.loc[(2, 1)].tolist() == ["played", 2.0, 1.5]
    assert got.loc[(3, 2)].tolist() == ["forfeit_win", 2.0, 2.0]
    assert got.loc[(3, 3)].tolist() == ["forfeit_loss", 0.0, 0.0]
    table = team_standings(boards, points=data.points, tiebreaks=["GP"], teams=data.teams)
    assert table[["name", "rank", "MP", "GP"]].values.tolist() == [
        ["Rooks", 1, 5.0, 4.0], ["Knights", 2, 3.0, 3.5], ["Bishops", 3, 1.0, 1.5]]  # fmt: skip


def test_the_file_says_what_a_bye_scores(tmp_path):
    """320 giving a bye 2 match points and 2.0 game points (a win, every board won): by hand
    Rooks 2 + 2 + 2 = 6 MP, 1.5 + 1.5 + 2 = 5.0 GP; Knights 0 + 2 + 2 = 4, 0.5 + 2 + 2 = 4.5;
    Bishops 2 + 0 + 0 = 2, 2 + 0.5 + 0 = 2.5."""
    path = _cup(tmp_path, ("320", "320  2.0  2.0   3   2   1"))
    table = standings_from_path(path, tiebreaks=["GP"])
    assert table[["team", "MP", "GP"]].values.tolist() == [[1, 6.0, 5.0], [2, 4.0, 4.5],
                                                          [3, 2.0, 2.5]]  # fmt: skip
    # given by the caller, the caller's system: the default, a bye a draw on each board
    table = standings_from_path(path, tiebreaks=["GP"], points="tec2023")
    assert table["MP"].tolist() == [5.0, 3.0, 1.0]


def test_files_giving_two_point_systems_are_refused(tmp_path):
    first = _cup(tmp_path, ("320", "320  2.0  2.0   3   2   1"))
    first.rename(tmp_path / "a.trf")
    _cup(tmp_path)
    with pytest.raises(ValidationError, match="team point system"):
        standings_from_path(tmp_path)


def test_check_compares_the_published_team_values(tmp_path):
    out = check_from_path(CUP)
    assert len(out) == 9 and out["equal"].all()
    assert set(out["value"]) == {"match_points", "game_points", "rank"}
    wrong = _cup(
        tmp_path, ("310   2", CUP.read_text().splitlines()[21].replace(" 3.5   2", " 3.5   1"))
    )
    out = check_from_path(wrong).set_index(["team", "value"])
    assert not out.loc[(2, "rank"), "equal"] and out.loc[(2, "rank"), "published"] == 1.0
    assert out["equal"].sum() == 8


def test_the_013_records_beside_must_agree(tmp_path):
    path = _cup(tmp_path, ("013 Knights", "013 " + "Knights".ljust(32) + "   4    7"))
    with pytest.raises(ValidationError, match=r"cup.trf:19: this 013 record's players \[4, 7\]"):
        read_team_trf(path)


@pytest.mark.parametrize(
    "edit, message",
    [
        (("300", "300 002 001 003 0001 0003"), r"cup.trf:2\d: the games of a match are not board"),
        (("320", "320  1.0  1.0   1   2   3"), r"cup.trf:24: team 1 has a bye in round 1, but"),
        (("330", "330 -+ 003 002 003"), r"cup.trf:25: column 5: the forfeit -\+ of teams 2 and 3"),
        (("330", "330 -- 003 002 003"), r"cup.trf:25: column 5: the forfeit -- "),
        (("352", "352 W"), r"cup.trf:9: column 5: the 352 colour sequence has 1 boards"),
        (("", "240 F   3    1"), r"cup.trf:27: column 11: team 1 has a second bye in round 3"),
        (("", "240 H   4    1"), r"cup.trf:27: team 1 has a bye in round 4, a round"),
        (("310   3", CUP.read_text().splitlines()[22].replace(" 1.5   3  ", " 1.5     3")),
         r"cup.trf:23: column 72: columns 72-73 of a 310 record must be blank"),
    ],
)  # fmt: skip
def test_records_that_disagree_with_the_games_are_refused(tmp_path, edit, message):
    with pytest.raises(ValidationError, match=message):
        read_team_trf(_cup(tmp_path, edit))


def test_without_its_300_record_the_out_of_order_round_is_refused(tmp_path):
    lines = [line for line in CUP.read_text().splitlines() if not line.startswith("300")]
    path = tmp_path / "cup.trf"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(ValidationError, match="not board against board"):
        read_team_trf(path)


@pytest.mark.parametrize("seed", [3, 11, 14, 26])
def test_both_formats_of_a_generated_event_read_the_same(tmp_path, seed):
    rr = write_team_trf(seed, tmp_path / "a.trf")
    write_team_trf26(seed, tmp_path / "b.trf")
    old, new = read_team_trf(tmp_path / "a.trf"), read_team_trf(tmp_path / "b.trf")
    codes = ["GP", "EDE", "BH:GP/C1", "EMGSB/C1", "SSSC", "TBR", "BC"]
    ours = team_standings(new.boards, tiebreaks=codes, points=new.points, round_robin=rr)
    theirs = team_standings(old.boards, tiebreaks=codes, round_robin=rr)
    for code in ["MP", *codes]:
        assert np.allclose(ours[code], theirs[code]), code
    pd.testing.assert_frame_equal(
        new.boards.drop(columns="event"), old.boards.drop(columns="event")
    )
    assert check_from_path(tmp_path / "b.trf")["equal"].all()


def test_read_trf_on_a_team_file_says_it_is_a_team_event():
    from tourneystats.chess import read_team_trf, read_trf

    path = Path(__file__).parent / "data" / "chess" / "teams" / "cup-trf2026.trf"
    with pytest.warns(UserWarning, match="team records .*read_team_trf"):
        players_games = read_trf(path).results
    assert set(players_games.columns) >= {"player", "opponent", "points"}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        read_team_trf(path)
    assert not [w for w in caught if "team records" in str(w.message)]  # the team reader: none
