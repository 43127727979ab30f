"""Team chess: the match results, and the team tie-breaks on the worked examples of the FIDE TEC's
"Exercises in tie-breaking" (2023), part two (exercises 34-49), every published value."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from chess_team_data import tec_boards, tec_teams

from tourneystats.chess import (
    TEAM_POINTS,
    parse_team_tiebreak,
    team_matches,
    team_standings,
    validate_team_results,
)
from tourneystats.core.schema import ValidationError

TEAMS = list(range(1, 15))


def values(table: pd.DataFrame, code: str) -> list[float]:
    """The column `code` by team number 1 to 14."""
    return table.set_index("team").loc[TEAMS, code].tolist()


@pytest.fixture(scope="module")
def by_mp() -> pd.DataFrame:
    codes = ["GP", "BH", "BH/C1", "EMMSB", "EMMSB/C1", "EGMSB", "EMGSB", "EGGSB", "SSSC"]
    return team_standings(tec_boards(), tiebreaks=codes, rules="fide2024")


def test_scores_of_the_crosstable():
    matches = team_matches(tec_boards())
    totals = matches.groupby("team")[["match_points", "game_points"]].sum()
    assert totals["match_points"].tolist() == [10, 10, 10, 10, 10, 7, 6, 7, 6, 5, 4, 2, 6, 4]
    assert totals["game_points"].tolist() == [
        17.5, 17, 16, 17, 18, 12.5, 11.5, 15, 14.5, 13, 11.5, 7.5, 11.5, 11.5,
    ]  # fmt: skip
    forfeit = matches[(matches["round"] == 6) & matches["team"].isin([1, 6])]
    assert forfeit["kind"].tolist() == ["forfeit_win", "forfeit_loss"]
    assert forfeit["game_points"].tolist() == [4.0, 0.0]


def test_exercise_34_mp_versus_gp():
    """MP first then GP, and GP first then MP: the published orders."""
    by_mp = team_standings(tec_boards(), tiebreaks=["MPvGP"], rules="fide2024")
    assert by_mp["team"].tolist()[:6] == [5, 1, 2, 4, 3, 8]
    assert by_mp["MPvGP"].tolist()[:3] == [18.0, 17.5, 17.0]
    by_gp = team_standings(tec_boards(), tiebreaks=["MPvGP"], primary="GP", rules="fide2024")
    assert by_gp["team"].tolist()[:9] == [5, 1, 2, 4, 3, 8, 9, 10, 6]
    assert by_gp.columns[3] == "GP"


def test_exercises_35_36_buchholz_mp(by_mp):
    assert values(by_mp, "BH") == [64, 57, 58, 56, 55, 46, 44, 41, 50, 44, 41, 41, 52, 36]
    assert values(by_mp, "BH/C1") == [57, 52, 53, 52, 53, 39, 38, 39, 48, 42, 39, 39, 48, 32]


def test_exercise_37_buchholz_gp_primary():
    table = team_standings(tec_boards(), tiebreaks=["BH", "BH/C1"], primary="GP", rules="fide2024")
    assert values(table, "BH") == [
        114, 107.5, 109.5, 106, 99, 92, 94.5, 90, 97.5, 92, 88, 92, 101, 87,
    ]  # fmt: skip
    assert values(table, "BH/C1") == [
        100.5, 96, 97, 94.5, 91.5, 79.5, 83, 82.5, 90, 84.5, 80.5, 84.5, 89.5, 75.5,
    ]  # fmt: skip
    same = team_standings(tec_boards(), tiebreaks=["BH:GP/C1"], rules="fide2024")
    assert values(same, "BH:GP/C1") == values(table, "BH/C1")


def test_exercises_38_to_41_extended_sonneborn_berger(by_mp):
    assert values(by_mp, "EMMSB") == [88, 74, 76, 72, 70, 32, 33, 30, 26, 19, 16, 6, 30, 19]
    assert values(by_mp, "EMMSB/C1")[:5] == [74, 64, 66, 64, 66]
    assert values(by_mp, "EGMSB") == [
        158, 144, 150, 146, 132, 79.5, 78.5, 79, 66.5, 53, 45, 19, 72, 48,
    ]  # fmt: skip
    assert values(by_mp, "EMGSB") == [
        158.5, 131, 128, 130, 125, 73, 68.5, 77, 83, 72.5, 61, 33.5, 73, 58,
    ]  # fmt: skip
    assert values(by_mp, "EGGSB") == [
        283, 249.75, 247.5, 253.5, 236, 157.5, 155, 181.5, 180, 161.75, 138.5, 83.75, 152.5,
        140.75,
    ]  # fmt: skip


def test_sb_with_a_point_type_is_the_extended_sb_of_that_type():
    table = team_standings(tec_boards(), tiebreaks=["SB", "SB:GP", "EMMSB", "EGGSB"])
    assert values(table, "SB") == values(table, "EMMSB")
    assert values(table, "SB:GP") == values(table, "EGGSB")


def test_exercises_42_to_45_extended_direct_encounter():
    table = team_standings(tec_boards(), tiebreaks=["EDE"], rules="fide2024")
    assert table["team"].tolist()[:5] == [4, 2, 1, 3, 5]  # exercise 45
    assert table["rank"].tolist()[:5] == [1, 2, 3, 4, 5]
    ranks = table.set_index("team")["rank"]
    assert ranks[6] < ranks[8]  # exercise 43: Falcons beat Hippopotami
    assert ranks[7] == ranks[9] == ranks[13]  # exercise 44: 9 and 13 did not meet
    assert ranks[11] == ranks[14]  # exercise 42: a drawn match, 2-2


def test_exercises_46_to_48_board_tie_breaks():
    """BC, TBR and BBE on the one match of the tied teams (Koalas 2-2 Narwhals, round 3)."""
    boards = tec_boards()
    match = boards[(boards["round"] == 3) & boards["team"].isin([11, 14])].assign(round=1)
    for code, expected in (("BC", [3.5, 6.5]), ("TBR", [1.0, 0.0]), ("BBE", [1.0, 0.0])):
        table = team_standings(match, tiebreaks=["GP", code])  # tied on MP and GP (2-2)
        assert table.set_index("team").loc[[11, 14], code].tolist() == expected
        assert table["team"].tolist() == [11, 14]  # Koalas first (BC: lowest first)
        assert table["decided_by"].tolist()[0] == code
    # BBE's published values: all boards 2 - 2, without board 4: 2 against 1
    bbe = team_standings(
        match.assign(board=match["board"].where(match["board"] < 4)).dropna(subset=["board"]),
        tiebreaks=["GP"],
    )
    assert bbe.set_index("team").loc[[11, 14], "GP"].tolist() == [2.0, 1.0]


def test_exercise_49_sssc(by_mp):
    expected = [38.8, 36.0, 35.3, 35.7, 36.3, 27.8, 26.2, 28.7, 31.2, 27.7, 25.2, 21.2, 28.8, 23.5]
    assert np.round(values(by_mp, "SSSC"), 1).tolist() == expected
    assert values(by_mp, "SSSC")[0] == pytest.approx(17.5 + 64 / 3)  # GP + BH / 3


def test_names_and_codes():
    table = team_standings(tec_boards(), tiebreaks="EDE,BH:GP/C1", teams=tec_teams())
    assert list(table.columns[:4]) == ["event", "team", "name", "rank"]
    assert table["name"].iloc[0] == "Deer"
    assert parse_team_tiebreak("emgsb/c1").code == "EMGSB/C1"
    with pytest.raises(ValueError, match="takes no /M"):
        parse_team_tiebreak("EMMSB/M1")
    with pytest.raises(ValueError, match="unknown team tie-break"):
        parse_team_tiebreak("XYZ")


def test_team_bye_points_follow_the_convention():
    boards = tec_boards()
    tec = team_matches(boards)
    tbs = team_matches(boards, points=TEAM_POINTS["tiebreakserver"])
    pab = (tec["team"] == 12) & (tec["round"] == 5)
    assert tec.loc[pab, ["match_points", "game_points"]].values.tolist() == [[1.0, 2.0]]
    assert tbs.loc[pab, ["match_points", "game_points"]].values.tolist() == [[1.0, 4.0]]


def test_the_caller_frame_is_not_changed():
    boards = tec_boards()
    before = boards.copy()
    team_standings(boards, tiebreaks=["EDE", "BC"])
    pd.testing.assert_frame_equal(boards, before)


# --- refused ---------------------------------------------------------------------------------


def _two_teams(**changes) -> pd.DataFrame:
    frame = pd.DataFrame({
        "event": "E", "round": 1, "team": ["A", "A", "B", "B"],
        "opponent_team": ["B", "B", "A", "A"], "board": [1, 2, 1, 2],
        "player": [1, 2, 3, 4], "opponent": [3, 4, 1, 2], "colour": ["w", "b", "b", "w"],
        "points": [1.0, 0.5, 0.0, 0.5], "kind": "played",
    })  # fmt: skip
    for column, value in changes.items():
        frame[column] = value
    return frame


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"points": [1.0, 0.5, 1.0, 0.5]}, "do not add up"),
        ({"opponent": [4, 3, 1, 2]}, "not the other team's player"),
        ({"opponent_team": ["B", "B", "C", "C"]}, "does not name the team back"),
        ({"board": [1, 1, 1, 2]}, "a board appears twice"),
        ({"kind": ["played", "pab", "played", "played"]}, "a bye kind on a board"),
        ({"kind": ["played", "played", "draw", "played"]}, "unknown kind"),
        ({"round": [0, 0, 0, 0]}, "round must be 1 or more"),
        ({"points": [0.7, 0.3, 0.3, 0.7]}, "played points must be one of"),
        ({"player": [1, 1, 3, 4], "opponent": [3, 4, 1, 1]}, "twice in a round"),
        ({"opponent_team": ["A", "A", "A", "A"]}, "paired with itself"),
    ],
)
def test_refused(changes, message):
    with pytest.raises(ValidationError, match=message):
        validate_team_results(_two_teams(**changes))


def test_refused_names_the_rows():
    with pytest.raises(ValidationError, match="event='E', round=1, board=1, team='A'"):
        validate_team_results(_two_teams(points=[1.0, 0.5, 1.0, 0.5]))


def test_a_missing_round_is_refused():
    boards = _two_teams()
    later = boards.assign(round=3)
    with pytest.raises(ValidationError, match="rounds without any row"):
        team_standings(pd.concat([boards, later]), tiebreaks=["BH"])


def test_a_player_in_two_teams_is_refused():
    boards = _two_teams()
    swap = boards.assign(round=2, team=["B", "B", "A", "A"], opponent_team=["A", "A", "B", "B"])
    with pytest.raises(ValidationError, match="plays for two teams"):
        validate_team_results(pd.concat([boards, swap]))


def test_board_standings_by_hand():
    """Two rounds; A's reserve (5) forfeits board 2 in round 2. dp(75 %) = +193 (FIDE B.02)."""
    from tourneystats.chess import board_standings

    rows = pd.DataFrame({
        "event": "E", "round": [1, 1, 1, 1, 2, 2, 2, 2],
        "team": ["A", "A", "B", "B", "A", "A", "B", "B"],
        "opponent_team": ["B", "B", "A", "A", "B", "B", "A", "A"],
        "board": [1, 2, 1, 2, 1, 2, 1, 2], "player": [1, 2, 3, 4, 1, 5, 3, 4],
        "opponent": [3, 4, 1, 2, 3, 4, 1, 5], "points": [1, 0.5, 0, 0.5, 0.5, 0, 0.5, 1],
        "kind": ["played"] * 5 + ["forfeit_loss", "played", "forfeit_win"],
    })  # fmt: skip
    players = pd.DataFrame({"event": "E", "player": [1, 2, 3, 4, 5],
                            "rating": [2000, 1900, 2100, 1800, 1700],
                            "name": list("abcde")})  # fmt: skip
    table = board_standings(rows, players=players).set_index("player")
    assert table.loc[[1, 2, 5, 3, 4], "games"].tolist() == [2, 1, 0, 2, 1]
    assert table.loc[[1, 2, 3, 4], "points"].tolist() == [1.5, 0.5, 0.5, 0.5]
    assert table.loc[[1, 2, 3, 4], "percentage"].tolist() == [75.0, 50.0, 25.0, 50.0]
    assert np.isnan(table.loc[5, "percentage"]) and np.isnan(table.loc[5, "tpr"])
    assert table.loc[4, "forfeit_wins"] == 1
    assert table.loc[[1, 2, 3, 4], "aro"].tolist() == [2100, 1800, 2000, 1900]
    assert table.loc[[1, 2, 3, 4], "tpr"].tolist() == [2293, 1800, 1807, 1900]
    assert table.loc[1, "name"] == "a"
    assert list(board_standings(rows).columns)[:4] == ["event", "team", "board", "player"]


def test_a_forfeit_win_is_a_game_won_in_round_robins():
    """C.07 15.2: in round robins forfeits count as games played; FIDE's TieBreakServer keeps
    them unplayed in the tie-breaks of art. 7 (the ``tiebreakserver`` reading)."""
    from tourneystats.chess import RULE_SETS

    rows = _two_teams(kind=["forfeit_win"] * 2 + ["forfeit_loss"] * 2, points=[1.0, 1.0, 0, 0])
    codes = ["WON:MP", "WON:GP", "WIN:MP"]
    swiss = team_standings(rows, tiebreaks=codes, round_robin=False).set_index("team")
    robin = team_standings(rows, tiebreaks=codes, round_robin=True).set_index("team")
    tbs = RULE_SETS["fide2024"].replace(name="tbs", round_robin_forfeits="tiebreakserver")
    read = team_standings(rows, tiebreaks=codes, round_robin=True, rules=tbs).set_index("team")
    assert swiss.loc["A", codes].tolist() == [0.0, 0.0, 1.0]
    assert robin.loc["A", codes].tolist() == [1.0, 2.0, 1.0]
    assert read.loc["A", codes].tolist() == [0.0, 0.0, 1.0]
