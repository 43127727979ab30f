"""The ``/P`` modifier of the opponents'-score tie-breaks (the TRF-2026 tie-break list: BH 8.1,
FB 8.3, SB 9.1, the extended SBs 13.2, SSSC 13.4): a forfeit with a scheduled opponent counts as
a game played against him, with the points awarded, in place of the C.07 art. 16 stand-in, and is
no voluntarily unplayed round for the cuts (16.5). In round robins forfeits are games anyway
(15.2): ``/P`` changes nothing there. Every expected value is worked out by hand in the
docstrings."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from test_chess_teams_variants import forfeit, frame, match

from tourneystats.chess import standings, standings_from_path, team_standings

# -- individual -----------------------------------------------------------------------------------


def individual_event() -> pd.DataFrame:
    """Six players, three rounds, Swiss. R1: 1-2 1-0, 3-4 forfeited by 4 (3: 1, 4: 0), 5-6 1/2;
    R2: 1-3 1/2, 2-5 1-0, 4-6 0-1; R3: 1-6 1-0, 3-5 0-1, 2-4 1-0.

    Points: 1: 2.5, 2: 2, 3: 1.5, 4: 0, 5: 1.5, 6: 1.5 (the opponents see them at face value,
    16.3: nobody has a bye or an absence after his last available round).
    BH, C.07 (2024): the forfeit round is played against a dummy at the player's own score
    (16.4): 3: 1.5 + 2.5 (1) + 1.5 (5) = 5.5; 4: 0 + 1.5 (6) + 2 (2) = 3.5. BH/P: against the
    scheduled opponent: 3: 0 (4) + 2.5 + 1.5 = 4; 4: 1.5 (3) + 1.5 + 2 = 5. The others: 1: 2 +
    1.5 + 1.5 = 5, 2: 2.5 + 1.5 + 0 = 4, 5: 1.5 + 2 + 1.5 = 5, 6: 1.5 + 0 + 2.5 = 4, both ways.
    SB (2024): 3: 1.5 x 1 + 2.5 x 1/2 + 1.5 x 0 = 2.75; SB/P: 0 x 1 + 1.25 + 0 = 1.25; 4: 0
    both ways (no point).
    FB (8.3: the last round's games draws): scores 1: 2, 2: 1.5, 3: 2, 4: 0.5, 5: 1, 6: 2.
    3: 2 (dummy) + 2 (1) + 1 (5) = 5, FB/P 0.5 (4) + 2 + 1 = 3.5; 4: 0.5 + 2 (6) + 1.5 (2) = 4,
    FB/P 2 (3) + 2 + 1.5 = 5.5.
    C.07 (2026) caps the dummy of a forfeit at the forfeiting opponent's score (16.4.1): 3's
    dummy min(1.5, 0) = 0: BH 4 = BH/P, SB 1.25 = SB/P, FB min(2, 0.5) = 0.5: 3.5 = FB/P; 4's
    min(0, 1.5) = 0: BH 3.5, BH/P 5 as in 2024, FB 4, FB/P 5.5.
    """
    games = [(1, 1, 2, 1.0, "played"), (1, 3, 4, 1.0, "forfeit"), (1, 5, 6, 0.5, "played"),
             (2, 1, 3, 0.5, "played"), (2, 2, 5, 1.0, "played"), (2, 4, 6, 0.0, "played"),
             (3, 1, 6, 1.0, "played"), (3, 3, 5, 0.0, "played"), (3, 2, 4, 1.0, "played")]  # fmt: skip
    rows = []
    for rnd, white, black, score, how in games:
        kinds = ("forfeit_win", "forfeit_loss") if how == "forfeit" else ("played", "played")
        rows.append(("E", rnd, white, black, "w", score, kinds[0]))
        rows.append(("E", rnd, black, white, "b", 1.0 - score, kinds[1]))
    columns = ["event", "round", "player", "opponent", "colour", "points", "kind"]
    return pd.DataFrame(rows, columns=columns)


CODES = ["BH", "BH/P", "SB", "SB/P", "FB", "FB/P"]
#: players 1-6, by code (see individual_event)
BY_HAND = {
    "fide2024": {
        "BH": [5, 4, 5.5, 3.5, 5, 4], "BH/P": [5, 4, 4, 5, 5, 4],
        "SB": [4.25, 1.5, 2.75, 0, 2.25, 0.75], "SB/P": [4.25, 1.5, 1.25, 0, 2.25, 0.75],
        "FB": [5.5, 3.5, 5, 4, 5.5, 3.5], "FB/P": [5.5, 3.5, 3.5, 5.5, 5.5, 3.5],
    },
    "fide2026": {
        "BH": [5, 4, 4, 3.5, 5, 4], "BH/P": [5, 4, 4, 5, 5, 4],
        "SB": [4.25, 1.5, 1.25, 0, 2.25, 0.75], "SB/P": [4.25, 1.5, 1.25, 0, 2.25, 0.75],
        "FB": [5.5, 3.5, 3.5, 4, 5.5, 3.5], "FB/P": [5.5, 3.5, 3.5, 5.5, 5.5, 3.5],
    },
}  # fmt: skip


@pytest.mark.parametrize("rules", ["fide2024", "fide2026"])
def test_individual_p_counts_the_forfeit_as_a_game(rules):
    """SB of the others, by hand: 1: 2 x 1 + 1.5 x 1/2 + 1.5 x 1 = 4.25, 2: 0 + 1.5 x 1 + 0 x 1
    = 1.5, 5: 1.5 x 1/2 + 0 + 1.5 x 1 = 2.25, 6: 1.5 x 1/2 + 0 x 1 + 0 = 0.75; FB: 1: 1.5 + 2 +
    2 = 5.5, 2: 2 + 1 + 0.5 = 3.5, 5: 2 + 1.5 + 2 = 5.5, 6: 1 + 0.5 + 2 = 3.5."""
    table = standings(individual_event(), tiebreaks=CODES, rules=rules).set_index("player")
    table = table.loc[[1, 2, 3, 4, 5, 6]]
    assert table["PTS"].tolist() == [2.5, 2, 1.5, 0, 1.5, 1.5]
    for code in CODES:
        assert table[code].tolist() == BY_HAND[rules][code], code


def test_individual_p_cuts_the_forfeit_as_a_game():
    """BH/C1 (2024): 4's rounds 0 (a forfeit loss: voluntarily unplayed, cut first, 16.5), 1.5,
    2: 3.5; BH/C1/P 1.5, 1.5, 2: a 1.5 cut, 3.5. 3's 1.5 (dummy), 2.5, 1.5: 4; with /P 0, 2.5,
    1.5: 4. SB/C1/P, player 5: 6 (1.5) x 1/2 = 0.75, 2 (2) x 0 = 0, 3 (1.5) x 1 = 1.5; the
    least significant is the lowest opponent's score (6 and 3: 1.5), then the lowest
    contribution (6's 0.75): 0 + 1.5 = 1.5."""
    table = standings(
        individual_event(), tiebreaks=["BH/C1", "BH/C1/P", "SB/C1/P"], rules="fide2024"
    ).set_index("player")
    assert table.loc[[3, 4], "BH/C1"].tolist() == [4.0, 3.5]
    assert table.loc[[3, 4], "BH/C1/P"].tolist() == [4.0, 3.5]
    assert table.loc[5, "SB/C1/P"] == 1.5


@pytest.mark.parametrize("rules", ["fide2024", "fide2026"])
def test_individual_p_changes_nothing_in_a_round_robin(rules):
    """A round robin's forfeit is a game anyway (15.2): the values are the /P ones of the Swiss
    reading (BH and FB computed as asked, with the warning of the 2026 art. 8 note)."""
    options = {"allow_buchholz_in_round_robins": True} if rules == "fide2026" else {}
    with pytest.warns(UserWarning) if options else _nothing():
        table = standings(
            individual_event(), tiebreaks=CODES, rules=rules, round_robin=True, **options
        )
    table = table.set_index("player").loc[[1, 2, 3, 4, 5, 6]]
    for code in ("BH", "SB", "FB"):
        expected = BY_HAND["fide2024"][f"{code}/P"]
        assert table[code].tolist() == table[f"{code}/P"].tolist() == expected, code


def _nothing():
    import contextlib

    return contextlib.nullcontext()


# -- teams ----------------------------------------------------------------------------------------


def team_event() -> pd.DataFrame:
    """Four teams of 2 boards, three rounds, Swiss; 2/1/0 match points. R1: A-B forfeited by B
    (A 2 game points, B 0), C-D 1.5-0.5; R2: A-C 1-1, B-D 2-0; R3: A-D 2-0, B-C 1-1.

    Match points: A 2 + 1 + 2 = 5, B 0 + 2 + 1 = 3, C 2 + 1 + 1 = 4, D 0. Game points: A 5,
    B 3, C 3.5, D 0.5.
    BH:MP (2024): A 5 (dummy) + 4 (C) + 0 (D) = 9, BH:MP/P 3 (B) + 4 + 0 = 7; B 3 (dummy) + 0
    (D) + 4 (C) = 7, /P 5 (A) + 0 + 4 = 9. BH:MP/C1: A 9 (0 cut), /P 7; B: the forfeit loss is
    voluntarily unplayed and cut first (16.5.1): 0 + 4 = 4, /P: 5 + 4 = 9 (0 cut).
    EMGSB (the opponent's match points times the team's game points against him): A 5 x 2 + 4
    x 1 + 0 x 2 = 14, /P 3 x 2 + 4 + 0 = 10 (/C1 cuts D's 0 both ways); B 3 x 0 + 0 x 2 + 4 x
    1 = 4, /P 5 x 0 + 0 + 4 = 4.
    SB:GP (game points times game points): A 5 x 2 + 3.5 x 1 + 0.5 x 2 = 14.5, /P 3 x 2 + 3.5
    + 1 = 10.5.
    FB:MP (the last round's matches draws: A 4, B 3, C 4, D 1): A 4 + 4 + 1 = 9, /P 3 + 4 + 1
    = 8; B 3 + 1 + 4 = 8, /P 4 + 1 + 4 = 9.
    SSSC (13.4): GP + BH:MP / floor(2 x 3 / (2 x 1)) = GP + BH:MP / 3: A 5 + 9/3 = 8, /P 5 +
    7/3; B 3 + 7/3, /P 3 + 9/3 = 6.
    C.07 (2026) caps the dummy of a forfeit (16.4.1): A's min(5, 3) = 3: BH:MP 7 = /P; B's
    min(3, 5) = 3: BH:MP 7, /P 9.
    """
    rows = forfeit("T", 1, "A", "B", 2) + match("T", 1, "C", "D", [1, 0.5])
    rows += match("T", 2, "A", "C", [1, 0]) + match("T", 2, "B", "D", [1, 1])
    rows += match("T", 3, "A", "D", [1, 1]) + match("T", 3, "B", "C", [0, 1])
    return frame(rows)


TEAM_CODES = ["BH:MP", "BH:MP/P", "BH:MP/C1", "BH:MP/C1/P", "EMGSB", "EMGSB/P", "EMGSB/C1/P",
              "SB:GP", "SB:GP/P", "FB:MP", "FB:MP/P", "SSSC", "SSSC/P"]  # fmt: skip


def test_team_p_counts_the_forfeited_match_as_a_match():
    table = team_standings(team_event(), tiebreaks=TEAM_CODES, rules="fide2024")
    t = table.set_index("team").loc[["A", "B"]]
    assert t["MP"].tolist() == [5, 3]
    expected = {
        "BH:MP": [9, 7], "BH:MP/P": [7, 9], "BH:MP/C1": [9, 4], "BH:MP/C1/P": [7, 9],
        "EMGSB": [14, 4], "EMGSB/P": [10, 4], "EMGSB/C1/P": [10, 4], "SB:GP": [14.5, 4.5],
        "SB:GP/P": [10.5, 4.5], "FB:MP": [9, 8], "FB:MP/P": [8, 9],
        "SSSC": [8, 3 + 7 / 3], "SSSC/P": [5 + 7 / 3, 6],
    }  # fmt: skip
    for code, values in expected.items():
        assert t[code].tolist() == pytest.approx(values), code


def test_team_p_under_the_2026_caps():
    table = team_standings(team_event(), tiebreaks=["BH:MP", "BH:MP/P"], rules="fide2026")
    t = table.set_index("team").loc[["A", "B"]]
    assert t["BH:MP"].tolist() == [7, 7]
    assert t["BH:MP/P"].tolist() == [7, 9]


def test_team_p_changes_nothing_in_a_round_robin():
    """Round robin (15.2): the forfeited match is a match either way: A's EMGSB 10 (B's 3 x 2
    + 4 + 0), B's 4; SB:GP A 10.5."""
    codes = ["EMGSB", "EMGSB/P", "SB:GP", "SB:GP/P", "BH:MP", "BH:MP/P", "SSSC", "SSSC/P"]
    table = team_standings(team_event(), tiebreaks=codes, rules="fide2024", round_robin=True)
    t = table.set_index("team").loc[["A", "B", "C", "D"]]
    for code in ("EMGSB", "SB:GP", "BH:MP", "SSSC"):
        assert t[code].tolist() == t[f"{code}/P"].tolist(), code
    assert t["EMGSB"].tolist()[:2] == [10, 4]
    assert t["SB:GP"].tolist()[0] == 10.5


# -- FIDE's sample order, read from a TRF-2026 team file ------------------------------------------

CUP = Path(__file__).parent / "data" / "chess" / "teams" / "cup-trf2026.trf"


def test_fides_sample_order_from_a_trf_2026_team_file(tmp_path):
    """The cup (tests/data/chess/teams/cup-trf2026.trf) read as a Swiss event, with the order
    of FIDE's sample TRF-2026 file ``202 EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP``. Rooks 5 match
    points (4.0 game points), Knights 3 (3.5), Bishops 1 (1.5); R1 Rooks-Knights 1.5-0.5,
    Bishops a bye; R2 Bishops-Rooks 0.5-1.5, Knights a bye; R3 Knights-Bishops forfeited by the
    Bishops (2-0), Rooks a bye (a bye: 1 match point, 1.0 game point).

    C.07 (2024): EDET/P 0 (no tie). EMGSB/C1/P: Rooks 3 x 1.5 + 1 x 1.5 + 5 (dummy) x 1.0, less
    the lowest opponent's score (the Bishops' 1): 4.5 + 5 = 9.5; Knights 5 x 0.5 + 3 (dummy) x
    1.0 + 1 (Bishops, /P) x 2, less the Bishops' round: 5.5; Bishops 1 (dummy) x 1.0 + 5 x 0.5
    + 3 (Knights, /P) x 0, less the dummy's round (score 1): 2.5. BH:MP/C1/P: Rooks 3 + 1 + 5
    less 1: 8; Knights 5 + 3 + 1 less 1: 8; Bishops 1 + 5 + 3 less 1: 8. MPvGP: the game
    points. Without /P the Knights' forfeit win is a dummy at 3: EMGSB/C1 8.5 (3 x 1.0 cut),
    and the Bishops' forfeit loss is cut first (16.5.1): BH:MP/C1 1 + 5 = 6.
    """
    text = CUP.read_text().replace("092 Team round robin", "092 Team Swiss")
    text = text.replace("212 MP,GP", "202 EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP")
    path = tmp_path / "cup.trf"
    path.write_text(text)
    table = standings_from_path(path, rules="fide2024")
    assert list(table.columns) == [
        "event", "team", "name", "rank", "MP", "EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP",
        "decided_by",
    ]  # fmt: skip
    assert table["name"].tolist() == ["Rooks", "Knights", "Bishops"]
    assert table["EDET/P"].tolist() == [0, 0, 0]
    assert table["EMGSB/C1/P"].tolist() == [9.5, 5.5, 2.5]
    assert table["BH:MP/C1/P"].tolist() == [8, 8, 8]
    assert table["MPvGP"].tolist() == [4.0, 3.5, 1.5]
    plain = standings_from_path(path, rules="fide2024", tiebreaks=["EMGSB/C1", "BH:MP/C1"])
    assert plain["EMGSB/C1"].tolist() == [9.5, 8.5, 3.5]
    assert plain["BH:MP/C1"].tolist() == [8, 8, 6]
