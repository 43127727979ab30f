"""A real team event with published team tie-breaks: the FIDE World Team Rapid Championship 2026
(Hong Kong, 17-19 June 2026; a 12-round Swiss of 48 teams on six boards).

The source (``tests/data/README.md``) gives every match's result (the two teams and their game
points) and the final standings as chess-results published them: match points, game points,
TB2 (the "Olympiad Sonneborn-Berger", cut) and TB4 (the "Olympiad adjusted match points", cut).
In FIDE C.07 terms they are ``MP``, ``GP``, ``EMGSB/C1`` (each opponent's match points times the
game points scored against him, the opponent with the fewest match points left out) and
``BH:MP/C1`` (the opponents' match points, the lowest left out).

The source does not give the single games, only each match's score: the board rows below
spread a match's game points over its six boards (wins first, then a draw, then losses). Every
value checked here depends on the match scores alone; no board count or board-weighted
tie-break is checked."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tourneystats.chess import standings_from_path, team_standings

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "chess" / "teams"
MATCHES = DATA / "wrtcc2026-matches.csv"
PUBLISHED = DATA / "wrtcc2026-standings.csv"
ORDER = ["EMGSB/C1", "GP", "BH:MP/C1"]
#: our column -> the published column
COLUMNS = {
    "rank": "rank",
    "MP": "match_points",
    "GP": "game_points",
    "EMGSB/C1": "olympiad_sonneborn_berger",
    "BH:MP/C1": "olympiad_adjusted_matchpoints",
}
BOARDS = 6


def _boards(matches: pd.DataFrame) -> pd.DataFrame:
    """Six board rows a side for every match, whose points sum to the match's game points:
    the home team wins its first ``floor(score)`` boards, draws the next one when the score has
    a half, and loses the rest (the source does not say which board was which)."""
    n = len(matches)
    board = np.tile(np.arange(1, BOARDS + 1), n)
    home = np.repeat(matches["home_score"].to_numpy(float), BOARDS)
    wins = np.floor(home)
    points = np.where(board <= wins, 1.0, np.where(board <= home + 0.5, 0.5, 0.0))
    rnd = np.repeat(matches["round"].to_numpy(), BOARDS)
    a = np.repeat(matches["home"].to_numpy(object), BOARDS)
    b = np.repeat(matches["away"].to_numpy(object), BOARDS)
    sides = [(a, b, points), (b, a, 1.0 - points)]
    rows = pd.concat(
        [
            pd.DataFrame({"event": "WRTCC 2026", "round": rnd, "team": team,
                          "opponent_team": opponent, "board": board, "points": pts})
            for team, opponent, pts in sides
        ],
        ignore_index=True,
    )  # fmt: skip
    rows["player"] = rows["team"] + "/" + rows["board"].astype(str)
    rows["opponent"] = rows["opponent_team"] + "/" + rows["board"].astype(str)
    rows["kind"] = "played"
    return rows


@pytest.fixture(scope="module")
def matches() -> pd.DataFrame:
    return pd.read_csv(MATCHES)


@pytest.fixture(scope="module")
def published() -> pd.DataFrame:
    return pd.read_csv(PUBLISHED)


def test_the_transcribed_matches_are_a_whole_swiss(
    matches: pd.DataFrame, published: pd.DataFrame
) -> None:
    # 12 rounds of 24 matches, every team once a round, six game points a match, no rematch
    assert matches.groupby("round").size().tolist() == [24] * 12
    sides = pd.concat([matches[["round", "home"]].set_axis(["round", "team"], axis=1),
                       matches[["round", "away"]].set_axis(["round", "team"], axis=1)])  # fmt: skip
    assert not sides.duplicated().any()
    assert sorted(sides["team"].unique()) == sorted(published["team"])
    assert (matches["home_score"] + matches["away_score"] == BOARDS).all()
    pair = np.sort(matches[["home", "away"]].to_numpy(str), axis=1)
    assert not pd.DataFrame(pair).duplicated().any()
    boards = _boards(matches)
    per_match = boards.groupby(["round", "team"])["points"].sum()
    home = matches.set_index(["round", "home"])["home_score"]
    assert np.allclose(per_match.loc[home.index].to_numpy(), home.to_numpy())


@pytest.mark.parametrize("rules", ["fide2024", "fide2026"])
def test_every_published_value_is_reproduced(
    matches: pd.DataFrame, published: pd.DataFrame, rules: str
) -> None:
    ours = team_standings(_boards(matches), tiebreaks=ORDER, primary="MP", rules=rules)
    joined = ours.merge(published.add_prefix("published_"), left_on="team",
                        right_on="published_team", validate="one_to_one")  # fmt: skip
    assert len(joined) == 48
    same = {ours_col: int(np.isclose(joined[ours_col], joined[f"published_{pub}"]).sum())
            for ours_col, pub in COLUMNS.items()}  # fmt: skip
    assert same == dict.fromkeys(COLUMNS, 48)  # 240 of 240 published values


def test_the_champion_by_hand(matches: pd.DataFrame, published: pd.DataFrame) -> None:
    # Dragon Chilling's 12 opponents, their final match points and its game points against them:
    # Mongolz 14 x 4.5 = 63, Odlar Yurdu 15 x 5 = 75, Chessnut Nova 13 x 4.5 = 58.5,
    # Theme International 12 x 4 = 48, Kazchess 15 x 3.5 = 52.5, Endgame.AI 16 x 3 = 48,
    # Team MGD1 18 x 3 = 54, Chessgurukul 17 x 4 = 68, Barys 15 x 5 = 75, Hexamind 18 x 2 = 36,
    # Mr Birdie 17 x 2.5 = 42.5, Interstellar 15 x 5 = 75: in all 695.5. The cut leaves out the
    # opponent with the fewest match points (Theme, 12: 48), not the smallest product (Hexamind's
    # 36): 647.5, as published. BH:MP: 185 - 12 = 173.
    ours = team_standings(_boards(matches), tiebreaks=[*ORDER, "EMGSB", "BH:MP"], primary="MP")
    row = ours.set_index("team").loc["dragon-chilling"]
    got = [row[code] for code in ("EMGSB", "EMGSB/C1", "BH:MP", "BH:MP/C1")]
    assert got == [695.5, 647.5, 185, 173]
    assert published.set_index("team").loc["dragon-chilling", "olympiad_sonneborn_berger"] == 647.5


def test_two_opponents_tied_at_the_fewest_match_points(
    matches: pd.DataFrame, published: pd.DataFrame
) -> None:
    # Team MGD1 met two 12-point teams: Kidult (6 game points: 72) and Theme International (2.5:
    # 30). The published 632 = 662 - 30 leaves out the smaller of the two contributions; six
    # teams of the event meet such a tie with different contributions, and all six agree.
    ours = team_standings(_boards(matches), tiebreaks=["EMGSB", "EMGSB/C1"], primary="MP")
    row = ours.set_index("team").loc["team-mgd1"]
    assert (row["EMGSB"], row["EMGSB/C1"]) == (662, 632)
    assert published.set_index("team").loc["team-mgd1", "olympiad_sonneborn_berger"] == 632


def test_the_event_from_a_results_table_and_the_command_line(
    matches: pd.DataFrame, published: pd.DataFrame, tmp_path: Path
) -> None:
    path = tmp_path / "wrtcc2026.csv"
    _boards(matches).to_csv(path, index=False)
    table = standings_from_path(path, tiebreaks=["MP", *ORDER])
    assert table.sort_values("rank")["team"].tolist() == published["team"].tolist()
    done = subprocess.run(
        [sys.executable, "-m", "tourneystats", "standings", str(path), "--family", "chess",
         "--tiebreaks", "MP,EMGSB/C1,GP,BH:MP/C1"],
        capture_output=True, text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "647.5" in done.stdout and "dragon-chilling" in done.stdout
