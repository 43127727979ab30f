"""Team events from PGN files (``WhiteTeam``/``BlackTeam`` tags): the board rows, the ways files
number boards, the standings of a path and the command line, and what the reader refuses."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from chess_team_data import random_team_event
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from tourneystats.chess import read_pgn, read_results, standings_from_path, team_standings
from tourneystats.chess.files import _team_files
from tourneystats.chess.teampgn import has_team_tags, read_team_pgn
from tourneystats.chess.teams import team_matches
from tourneystats.core.schema import ValidationError

ROOT = Path(__file__).resolve().parents[1]
CUP = ROOT / "tests" / "data" / "chess" / "teams" / "cup.pgn"


def _game(rnd: str, white: str, black: str, wteam: str, bteam: str, result: str,
          event: str = "League", **tags: str) -> str:  # fmt: skip
    lines = [f'[Event "{event}"]', f'[Round "{rnd}"]', f'[White "{white}"]', f'[Black "{black}"]',
             f'[Result "{result}"]']  # fmt: skip
    if wteam:
        lines.append(f'[WhiteTeam "{wteam}"]')
    if bteam:
        lines.append(f'[BlackTeam "{bteam}"]')
    lines += [f'[{k} "{v}"]' for k, v in tags.items()]
    return "\n".join(lines) + f"\n\n{result}\n\n"


# --- the worked example ------------------------------------------------------------------------


def test_the_club_cup_by_hand():
    """tests/data/chess/teams/cup.pgn: Rooks (Ann, Ben), Knights (Cid, Dan), Bishops (Eve, Fay),
    a round robin of 2 boards, one team idle each round (absent: no match points).

    R1 Rooks-Knights: Ann-Cid 1-0, Dan-Ben 1/2      Rooks 1.5 : 0.5 (MP 2 : 0)
    R2 Knights-Bishops: Cid-Eve 1/2, Fay-Dan 0-1    Knights 1.5 : 0.5 (MP 2 : 0)
    R3 Bishops-Rooks: Eve-Ann 1-0, Ben-Fay 1-0      Bishops 1 : 1 (MP 1 : 1)
    MP: Rooks 2+1 = 3, Knights 0+2 = 2, Bishops 0+1 = 1.
    GP: Rooks 1.5+1 = 2.5, Knights 0.5+1.5 = 2, Bishops 0.5+1 = 1.5.
    BH:GP (the opponents' GP): Rooks 2+1.5 = 3.5, Knights 2.5+1.5 = 4, Bishops 2+2.5 = 4.5.
    """
    table = standings_from_path(CUP, tiebreaks=["GP", "BH:GP"])
    assert table["name"].tolist() == ["Rooks", "Knights", "Bishops"]
    assert table["rank"].tolist() == [1, 2, 3]
    assert table["MP"].tolist() == [3.0, 2.0, 1.0]
    assert table["GP"].tolist() == [2.5, 2.0, 1.5]
    assert table["BH:GP"].tolist() == [3.5, 4.0, 4.5]
    data = read_team_pgn(CUP)
    assert data.teams["name"].tolist() == ["Rooks", "Knights", "Bishops"]
    named = data.boards.merge(data.players[["player", "name"]], on="player")
    r2 = named[(named["round"] == 2)].sort_values(["team", "board"])
    assert r2[["name", "board", "colour", "points"]].values.tolist() == [
        ["Cid", 1, "w", 0.5], ["Dan", 2, "b", 1.0], ["Eve", 1, "b", 0.5], ["Fay", 2, "w", 0.0]
    ]  # fmt: skip
    assert dict(zip(data.players["name"], data.players["team"])) == {
        "Ann": 1, "Ben": 1, "Cid": 2, "Dan": 2, "Eve": 3, "Fay": 3}  # fmt: skip
    matches = team_matches(data.boards)
    assert matches["match_points"].tolist() == [2.0, 0.0, 2.0, 0.0, 1.0, 1.0]


def test_the_command_line_gives_the_team_standings():
    done = subprocess.run(
        [sys.executable, "-m", "tourneystats", "standings", str(CUP), "--family", "chess",
         "--tiebreaks", "GP,BH:GP"],
        capture_output=True, text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Rooks" in done.stdout and "BH:GP" in done.stdout


def test_read_results_refuses_a_team_pgn_and_read_pgn_says_it_is_one():
    with pytest.raises(ValidationError, match="a team event"):
        read_results(CUP)  # never read silently as an individual event
    with pytest.warns(UserWarning, match=r"cup.pgn:1: WhiteTeam/BlackTeam tags: read_pgn gives"):
        games = read_pgn(CUP).results
    assert (games["kind"] == "played").sum() == 12  # (the players' games, as asked)


# --- boards ------------------------------------------------------------------------------------

#: two rounds of a 4-team league of 2 boards, two matches a round: (round, board, white, black,
#: White's team, Black's team, result); players A1, A2 of team A, ...
LEAGUE = [
    (1, 1, "A1", "B1", "A", "B", "1-0"), (1, 2, "B2", "A2", "B", "A", "1/2-1/2"),
    (1, 1, "C1", "D1", "C", "D", "0-1"), (1, 2, "D2", "C2", "D", "C", "0-1"),
    (2, 1, "A1", "C1", "A", "C", "1/2-1/2"), (2, 2, "C2", "A2", "C", "A", "1-0"),
    (2, 1, "D1", "B1", "D", "B", "1-0"), (2, 2, "B2", "D2", "B", "D", "1/2-1/2"),
]  # fmt: skip


def _league(style: str) -> str:
    out, game = [], {1: 0, 2: 0}
    for rnd, board, white, black, wt, bt, result in LEAGUE:
        game[rnd] += 1
        tags = {}
        if style == "board tag":
            rtext, tags = str(rnd), {"Board": str(board)}
        elif style == "round.board":
            rtext = f"{rnd}.{board}"
        elif style == "round.match.board":
            rtext = f"{rnd}.{(game[rnd] + 1) // 2}.{board}"
        elif style == "round.game":  # the games of the round numbered (the 4NCL's "9.36")
            rtext = f"{rnd}.{game[rnd] + 10}"
        else:  # file order
            rtext = str(rnd)
        out.append(_game(rtext, white, black, wt, bt, result, **tags))
    return "".join(out)


@pytest.mark.parametrize(
    "style", ["board tag", "round.board", "round.match.board", "round.game", "file order"]
)
def test_every_way_of_numbering_boards_gives_the_boards(tmp_path, style):
    path = tmp_path / "league.pgn"
    path.write_text(_league(style))
    data = read_team_pgn(path)
    named = data.boards.merge(data.players[["player", "name"]], on="player")
    got = dict(zip(zip(named["round"], named["name"]), named["board"]))
    want = {(r, p): b for r, b, w, bl, *_ in LEAGUE for p in (w, bl)}
    assert got == want
    table = standings_from_path(path, tiebreaks=["GP"])
    # R1: A 1.5 B 0.5, C 1 D 1; R2: A 0.5 C 1.5, D 1.5 B 0.5
    assert dict(zip(table["name"], table["MP"])) == {"A": 2.0, "B": 0.0, "C": 3.0, "D": 3.0}
    assert dict(zip(table["name"], table["GP"])) == {"A": 2.0, "B": 1.0, "C": 2.5, "D": 2.5}


@settings(max_examples=examples(25), deadline=None)
@given(
    order=st.permutations(range(len(LEAGUE))),
    style=st.sampled_from(["board tag", "round.board", "round.match.board", "round.game"]),
)
def test_the_games_in_any_order_give_the_same_boards_and_standings(order, style):
    games = _league(style).split('[Event "League"]')[1:]
    text = "".join('[Event "League"]' + games[k] for k in order)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "league.pgn"
        path.write_text(text)
        data = read_team_pgn(path)
        table = standings_from_path(path, tiebreaks=["GP", "EDE"])
    named = data.boards.merge(data.players[["player", "name"]], on="player")
    got = dict(zip(zip(named["round"], named["name"]), named["board"]))
    assert got == {(r, p): b for r, b, w, bl, *_ in LEAGUE for p in (w, bl)}
    assert dict(zip(table["name"], table["MP"])) == {"A": 2.0, "B": 0.0, "C": 3.0, "D": 3.0}
    assert dict(zip(table["name"], table["rank"])) == {"C": 1, "D": 1, "A": 3, "B": 4}


def test_a_board_tag_is_the_board_even_with_games_missing(tmp_path):
    """Two teams, only boards 3 and 4 published: the Board tags stay boards 3 and 4 (the PGN
    standard's board of a team event), never read as game numbers."""
    text = _game("1", "A3", "B3", "A", "B", "1-0", Board="3") + _game(
        "1", "B4", "A4", "B", "A", "1-0", Board="4"
    )
    path = tmp_path / "match.pgn"
    path.write_text(text)
    assert sorted(read_team_pgn(path).boards["board"]) == [3, 3, 4, 4]


def test_a_folder_of_round_files_is_one_event(tmp_path):
    text = _league("round.board")
    cut = text.index('[Event "League"]\n[Round "2.1"]')
    (tmp_path / "r1.pgn").write_text(text[:cut])
    (tmp_path / "r2.pgn").write_text(text[cut:])
    table = standings_from_path(tmp_path, tiebreaks=["GP"])
    assert dict(zip(table["name"], table["MP"])) == {"A": 2.0, "B": 0.0, "C": 3.0, "D": 3.0}


def test_a_pgn_without_team_tags_stays_individual(tmp_path):
    path = tmp_path / "open.pgn"
    text = "".join(_game(f"{r}", w, b, "", "", res) for r, _, w, b, _, _, res in LEAGUE[:4])
    path.write_text(text.replace("[Result", '[WhiteTeam ""]\n[BlackTeam "?"]\n[Result'))
    assert not has_team_tags(path) and _team_files(path) == []
    table = standings_from_path(path, tiebreaks=["SB"])
    assert "player" in table.columns and len(table) == 8


def test_a_team_tag_in_a_comment_is_no_team_event(tmp_path):
    path = tmp_path / "open.pgn"
    path.write_text(_game("1", "Ann", "Bob", "", "", "1-0").replace(
        "\n\n1-0", '\n\n{ [WhiteTeam "X"] } 1-0'))  # fmt: skip
    assert not has_team_tags(path)


def test_a_game_in_progress_and_a_double_forfeit(tmp_path):
    """Round 2 still running on one board ("*"), a double forfeit (0-0) in round 1: the match
    with the game in progress has no points yet; the double forfeit is two boards lost."""
    text = _league("round.board")
    text = text.replace(
        '[Round "1.1"]\n[White "C1"]\n[Black "D1"]\n[Result "0-1"]',
        '[Round "1.1"]\n[White "C1"]\n[Black "D1"]\n[Result "0-0"]',
    )
    text = text.replace(
        '\n\n0-1\n\n[Event "League"]\n[Round "1.2"]\n[White "D2"]',
        '\n\n0-0\n\n[Event "League"]\n[Round "1.2"]\n[White "D2"]',
    )
    text = text.replace('[White "D1"]\n[Black "B1"]\n[Result "1-0"]\n[WhiteTeam "D"]\n'
                        '[BlackTeam "B"]\n\n1-0', '[White "D1"]\n[Black "B1"]\n[Result "*"]\n'
                        '[WhiteTeam "D"]\n[BlackTeam "B"]\n\n*')  # fmt: skip
    path = tmp_path / "live.pgn"
    path.write_text(text)
    data = read_team_pgn(path)
    kinds = data.boards.merge(data.players[["player", "name"]], on="player")
    kinds = dict(zip(zip(kinds["round"], kinds["name"]), zip(kinds["kind"], kinds["points"])))
    assert kinds[(1, "C1")] == ("forfeit_loss", 0.0) and kinds[(1, "D1")] == ("forfeit_loss", 0.0)
    assert kinds[(2, "D1")][0] == "in_progress" and np.isnan(kinds[(2, "D1")][1])
    matches = team_matches(data.boards).merge(data.teams, on=["event", "team"])
    r1 = matches[matches["round"] == 1].set_index("name")
    assert r1.loc["C", "game_points"] == 1.0 and r1.loc["D", "game_points"] == 0.0  # C2 won
    r2 = matches[matches["round"] == 2].set_index("name")
    assert r2.loc["D", "kind"] == "in_progress" and np.isnan(r2.loc["D", "match_points"])


# --- refused, naming the file and line -----------------------------------------------------------


def _refused(tmp_path, text: str, message: str, line: int) -> None:
    path = tmp_path / "bad.pgn"
    path.write_text(text)
    with pytest.raises(ValidationError, match=message) as info:
        standings_from_path(path)
    assert f"bad.pgn:{line}:" in str(info.value), str(info.value)


def test_refused_a_team_tag_on_one_side(tmp_path):
    text = _game("1.1", "A1", "B1", "A", "B", "1-0") + _game("1.2", "B2", "A2", "B", "", "1-0")
    _refused(tmp_path, text, "a team tag on one side only: WhiteTeam given", 16)


def test_refused_a_game_without_team_tags(tmp_path):
    text = _game("1.1", "A1", "B1", "A", "B", "1-0") + _game("1.2", "B2", "A2", "", "", "1-0")
    _refused(tmp_path, text, "without WhiteTeam and BlackTeam", 11)


def test_refused_a_player_in_two_teams(tmp_path):
    text = _league("round.board").replace(
        '[White "B2"]\n[Black "D2"]', '[White "B3"]\n[Black "D2"]'
    )
    text = text.replace('[White "C2"]\n[Black "A2"]', '[White "C2"]\n[Black "B2"]')
    _refused(tmp_path, text, "'B2' plays for two teams of the event, 'B' and 'A'", 57)


def test_refused_a_team_meeting_two_teams(tmp_path):
    text = _league("round.board").replace('[White "D2"]\n[Black "C2"]', '[White "D2"]\n[Black "X"]')
    text = text.replace('"D"]\n[BlackTeam "C"]', '"D"]\n[BlackTeam "X"]')
    _refused(tmp_path, text, "team 'D' meets two teams in round 1, 'C' and 'X'", 31)


def test_refused_a_board_twice_in_a_match(tmp_path):
    text = _league("round.board").replace('[Round "1.2"]', '[Round "1.1"]', 1)
    _refused(tmp_path, text, r"board 1 twice in a match \(round 1\)", 11)


def test_refused_boards_that_cannot_be_told(tmp_path):
    text = _league("round.board").replace('[Round "2.2"]', '[Round "2"]', 1)
    _refused(tmp_path, text, "boards cannot be told", 52)


def test_refused_a_board_not_a_number(tmp_path):
    text = _league("board tag").replace('[Board "2"]', '[Board "two"]', 1)
    _refused(tmp_path, text, "Board 'two' is not a board number", 19)


def test_refused_a_bye_and_a_team_against_itself(tmp_path):
    text = _game("1.1", "A1", "BYE", "A", "B", "1-0")
    _refused(tmp_path, text, "a game against BYE in a team event", 1)
    text = _game("1.1", "A1", "A2", "A", "A", "1-0")
    _refused(tmp_path, text, "WhiteTeam and BlackTeam name one team", 7)


# --- a random team event written as PGN and read back -------------------------------------------


def _as_pgn(boards: pd.DataFrame, style: str) -> str:
    """The games of the board rows (White's rows), teams named T1, T2, ..., players P1, ...;
    forfeits as Termination "forfeit"."""
    white = boards[boards["colour"] == "w"]
    match = np.minimum(white["team"], white["opponent_team"])
    white = white.assign(_m=match).sort_values(["round", "_m", "board"])  # (a match's games)
    out, number = [], {}
    for row in white.itertuples():
        if row.kind == "played":
            result = {1.0: "1-0", 0.5: "1/2-1/2", 0.0: "0-1"}[row.points]
            tags = {}
        else:
            result = "1-0" if row.kind == "forfeit_win" else "0-1"
            tags = {"Termination": "forfeit"}
        number[row.round] = number.get(row.round, 0) + 1
        if style == "round.game":
            rtext = f"{row.round}.{number[row.round]}"
        else:
            rtext = f"{row.round}.{row.board}"
        out.append(_game(rtext, f"P{row.player}", f"P{row.opponent}", f"T{row.team}",
                         f"T{row.opponent_team}", result, event="E", **tags))  # fmt: skip
    return "".join(out)


@pytest.mark.parametrize(
    "seed,style", [(3, "round.board"), (11, "round.game"), (12, "round.board")]
)
def test_a_random_team_event_reads_back(tmp_path, seed, style):
    written, _, rr = random_team_event(seed)
    written = written[written["opponent_team"].notna()]  # (PGN has no team byes: absent)
    path = tmp_path / "event.pgn"
    path.write_text(_as_pgn(written, style))
    data = read_team_pgn(path)
    codes = ["GP", "EDE", "BH:GP/C1", "EMGSB/C1", "SB:MP", "BC"]
    size = int(written["board"].max())
    ours = team_standings(data.boards, tiebreaks=codes, round_robin=rr, teams=data.teams,
                          team_size=size)  # fmt: skip
    names = pd.DataFrame({"event": "E", "team": sorted(written["team"].unique())})
    names["name"] = "T" + names["team"].astype(str)
    expected = team_standings(written, tiebreaks=codes, round_robin=rr, teams=names,
                              team_size=size)  # fmt: skip
    ours, expected = ours.set_index("name"), expected.set_index("name")
    for code in ["MP", "rank", *codes]:
        assert np.allclose(ours[code], expected.loc[ours.index, code]), code
    assert len(ours) == len(expected)
