"""Team chess: the extended direct encounter's variants (C.07 2026 art. 13.3.2: EDEC, EDET, EDEB,
EDEBT, EDEBB) and team Fore Buchholz (C.07 8.3), on small events whose values are worked out by
hand in the comments."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from tourneystats.chess import parse_team_tiebreak, team_standings

VARIANTS = ["EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB"]


def match(event: str, rnd: int, a: str, b: str, points_a: list[float]) -> list[tuple]:
    """The board rows of a played match: `a`'s points board by board, `b` the rest."""
    rows = []
    for board, p in enumerate(points_a, start=1):
        pa, pb = f"{a}{board}", f"{b}{board}"
        rows.append((event, rnd, a, b, board, pa, pb, p, "played"))
        rows.append((event, rnd, b, a, board, pb, pa, 1.0 - p, "played"))
    return rows


def forfeit(event: str, rnd: int, winner: str, loser: str, boards: int) -> list[tuple]:
    """The board rows of a match forfeited by `loser` on every board."""
    rows = []
    for board in range(1, boards + 1):
        rows.append((event, rnd, winner, loser, board, f"{winner}{board}", None, 1.0,
                     "forfeit_win"))  # fmt: skip
        rows.append((event, rnd, loser, winner, board, None, f"{winner}{board}", 0.0,
                     "forfeit_loss"))  # fmt: skip
    return rows


COLUMNS = ["event", "round", "team", "opponent_team", "board", "player", "opponent", "points",
           "kind"]  # fmt: skip


def frame(rows: list[tuple]) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=COLUMNS)


def ede_events() -> pd.DataFrame:
    """Three one-match events, each a drawn match (one match point, half the game points each),
    so that EDE leaves the two teams tied and the art. 12 steps decide on that match.

    - Z, 4 boards, A 1 0 0 1 against B 0 1 1 0. Board count (12.1, lowest first): A 1 + 4 = 5,
      B 2 + 3 = 5, tied. Top board results (12.2): board 1, A. Bottom board elimination
      (12.3): boards 1-3, A 1, B 2: B.
    - X, 6 boards, A 0 1 1/2 1 1/2 0 against B 1 0 1/2 0 1/2 1. Board count: A 2 + 1.5 + 4 +
      2.5 = 10, B 1 + 1.5 + 2.5 + 6 = 11: A. Top board: B. Boards 1-5: A 3, B 2: A.
    - Y, 6 boards, A 0 0 1 1 1 0 against B 1 1 0 0 0 1. Board count: A 3 + 4 + 5 = 12, B 1 + 2
      + 6 = 9: B. Top board: B. Boards 1-5: A 3, B 2: A.
    """
    rows = match("Z", 1, "A", "B", [1, 0, 0, 1])
    rows += match("X", 1, "A", "B", [0, 1, 0.5, 1, 0.5, 0])
    rows += match("Y", 1, "A", "B", [0, 0, 1, 1, 1, 0])
    return frame(rows)


#: event -> code -> the team placed first, None: the two stay tied (by hand, see ede_events)
FIRST = {
    "Z": {"EDE": None, "EDEC": None, "EDET": "A", "EDEB": "B", "EDEBT": "A", "EDEBB": "B"},
    "X": {"EDE": None, "EDEC": "A", "EDET": "B", "EDEB": "A", "EDEBT": "A", "EDEBB": "A"},
    "Y": {"EDE": None, "EDEC": "B", "EDET": "B", "EDEB": "A", "EDEBT": "B", "EDEBB": "B"},
}


@pytest.mark.parametrize("code", VARIANTS)
def test_each_variant_on_the_match_between_the_two(code):
    table = team_standings(ede_events(), tiebreaks=[code], rules="fide2024")
    for event, expected in FIRST.items():
        ranks = table[table["event"] == event].set_index("team")["rank"].to_dict()
        first = expected[code]
        if first is None:
            assert ranks == {"A": 1, "B": 1}, (event, code)
        else:
            assert ranks[first] == 1 and ranks[next(t for t in "AB" if t != first)] == 2


def test_variant_values_are_the_teams_placed_below():
    table = team_standings(ede_events(), tiebreaks=["EDEBB"], rules="fide2024")
    got = table.set_index(["event", "team"])["EDEBB"].to_dict()
    assert got == {("Z", "A"): 0, ("Z", "B"): 1, ("X", "A"): 1, ("X", "B"): 0,
                   ("Y", "A"): 0, ("Y", "B"): 1}  # fmt: skip


def test_the_board_steps_need_the_two_to_have_met():
    """Swiss, one round: A beat C and B beat D, both 3-1 with other boards. A and B did not meet:
    every variant leaves them tied (the whole event's top boards would separate them: TBR)."""
    rows = match("W", 1, "A", "C", [1, 1, 1, 0]) + match("W", 1, "B", "D", [0, 1, 1, 1])
    table = team_standings(frame(rows), tiebreaks=[*VARIANTS[1:], "TBR"], rules="fide2024")
    t = table.set_index("team")
    for code in VARIANTS[1:]:
        assert t.loc[["A", "B"], code].tolist() == [0.0, 0.0], code
    assert t.loc[["A", "B"], "TBR"].tolist() == [1.0, 0.0]  # board 1: A won, B lost


def test_a_group_of_three_is_not_broken_by_the_board_steps():
    """Round robin of three teams, 2 boards, every match drawn 1-1 with the same boards (1 0):
    EDE ties all three; 13.3.2 is for exactly two teams: EDET leaves the three tied."""
    rows = match("R", 1, "A", "B", [1, 0]) + match("R", 2, "B", "C", [1, 0])
    rows += match("R", 3, "C", "A", [1, 0])
    table = team_standings(frame(rows), tiebreaks=["EDET"], rules="fide2024", round_robin=True)
    assert table["rank"].tolist() == [1, 1, 1]


def test_variants_only_in_groups_of_the_event():
    """Events computed together give the values of each alone."""
    both = team_standings(ede_events(), tiebreaks=VARIANTS[1:], rules="fide2024")
    for event in "ZXY":
        rows = ede_events()
        alone = team_standings(rows[rows["event"] == event], tiebreaks=VARIANTS[1:])
        mine = both[both["event"] == event].reset_index(drop=True)
        assert np.array_equal(mine[VARIANTS[1:]].to_numpy(), alone[VARIANTS[1:]].to_numpy())


def test_codes_of_the_variants_and_fore_buchholz():
    assert parse_team_tiebreak("edebt").code == "EDEBT"
    assert parse_team_tiebreak("fb:gp/m1").code == "FB:GP/M1"
    with pytest.raises(ValueError, match="takes no point type"):
        parse_team_tiebreak("EDET:GP")
    with pytest.raises(ValueError, match="takes no /C modifier"):
        parse_team_tiebreak("EDEB/C1")


def fore_event() -> pd.DataFrame:
    """Swiss, 4 teams of 2 boards, 2 rounds. Round 1: A-B 2-0, C-D 1.5-0.5; round 2 (the last):
    A-C 1.5-0.5, B-D forfeited by D (B: 2 game points).

    Fore Buchholz (8.3): every paired match of the last round a draw, the forfeited one too:
    the scores become A 2+1 = 3, B 0+1 = 1, C 1.5+1 = 2.5, D 0.5+1 = 1.5 game points and A 2+1,
    B 0+1, C 2+1, D 0+1 match points; B-D then counts as a match played.
    FB:GP: A = B 1 + C 2.5 = 3.5; B = A 3 + D 1.5 = 4.5; C = D 1.5 + A 3 = 4.5; D = C 2.5 + B 1
    = 3.5. /C1 cuts the lowest: A 2.5, B 3, C 3, D 2.5. /M1 cuts the highest too: A 0, B 0,
    C 0, D 0. FB:MP: A = 1 + 3 = 4, B = 3 + 1 = 4, C = 1 + 3 = 4, D = 3 + 1 = 4.
    """
    rows = match("F", 1, "A", "B", [1, 1]) + match("F", 1, "C", "D", [1, 0.5])
    rows += match("F", 2, "A", "C", [1, 0.5]) + forfeit("F", 2, "B", "D", 2)
    return frame(rows)


@pytest.mark.parametrize("rules", ["fide2024", "fide2026"])
def test_fore_buchholz(rules):
    codes = ["FB:GP", "FB:GP/C1", "FB:GP/M1", "FB:MP"]
    table = team_standings(fore_event(), tiebreaks=codes, rules=rules).set_index("team")
    t = table.loc[list("ABCD")]
    assert t["FB:GP"].tolist() == [3.5, 4.5, 4.5, 3.5]
    assert t["FB:GP/C1"].tolist() == [2.5, 3.0, 3.0, 2.5]
    assert t["FB:GP/M1"].tolist() == [0.0, 0.0, 0.0, 0.0]
    assert t["FB:MP"].tolist() == [4.0, 4.0, 4.0, 4.0]


def test_fore_buchholz_is_refused_in_round_robins_under_2026():
    rows = match("R", 1, "A", "B", [1, 0])
    with pytest.raises(ValueError, match="must not be used in round robins"):
        team_standings(frame(rows), tiebreaks=["FB:MP"], rules="fide2026", round_robin=True)


def test_explain_fore_buchholz():
    """B's FB:GP/C1 round by round: A at 3 (its last match a draw), then D at 1.5 (the forfeit
    counted as a drawn match played), cut as the lower."""
    from tourneystats.chess.teamexplain import explain_team

    out = explain_team(fore_event(), tiebreak="FB:GP/C1", team="B")
    assert out["score"].tolist() == [3.0, 1.5]
    assert out["cut"].tolist() == [False, True]
    assert out["value"].tolist() == [3.0, 3.0]


def test_direct_encounter_places_second_whatever_the_missing_match():
    """C.07 art. 6.3: "the same then applies to second place". Swiss, 2 boards: P, Q, R, S all
    on 6 match points; between them P-Q drawn, P beat R and S, Q beat S, Q-R drawn, R and S did
    not meet. Match points among them: P 5, Q 4, R 1 (with the missing match: 3 at most), S 0
    (2 at most). P is first and Q second whatever R-S would have been; R and S did not meet and
    stay tied."""
    win, draw = [1, 1], [1, 0]
    rows = match("D", 1, "P", "Q", draw) + match("D", 1, "S", "X1", win)
    rows += match("D", 1, "R", "X2", win) + match("D", 2, "P", "S", win)
    rows += match("D", 2, "Q", "X1", win) + match("D", 2, "R", "X3", win)
    rows += match("D", 3, "P", "R", win) + match("D", 3, "Q", "S", win)
    rows += match("D", 4, "Q", "R", draw) + match("D", 4, "S", "X2", win)
    rows += match("D", 4, "P", "X3", draw) + match("D", 5, "S", "X3", win)
    rows += match("D", 5, "R", "X1", draw)
    table = team_standings(frame(rows), tiebreaks=["EDE"], rules="fide2024").set_index("team")
    assert table.loc[list("PQRS"), "MP"].tolist() == [6.0] * 4
    assert table.loc[list("PQRS"), "EDE"].tolist() == [3.0, 2.0, 0.0, 0.0]
    assert table.loc[list("PQRS"), "rank"].tolist() == [1, 2, 3, 3]


def test_equal_game_points_among_the_tied_compare_equal():
    """Round robin of three, 6 boards, each won one match: A-B 4.5-1.5, B-C 4-2, C-A 3.5-2.5.
    Game points among them: A 7, B 1.5 + 4 = 5.5, C 2 + 3.5 = 5.5: A first; B and C are tied,
    and EDE restarts on them (13.3.3): B beat C. (As fractions of the 6 boards, 5.5/6 summed
    two ways differs in binary floating point.)"""
    rows = match("G", 1, "A", "B", [1, 1, 1, 1, 0.5, 0]) + match(
        "G", 2, "B", "C", [1, 1, 1, 1, 0, 0]
    )
    rows += match("G", 3, "C", "A", [1, 1, 1, 0.5, 0, 0])
    table = team_standings(frame(rows), tiebreaks=["EDE"], round_robin=True).set_index("team")
    assert table.loc[list("ABC"), "rank"].tolist() == [1, 2, 3]


def _bye(event: str, rnd: int, team: str, kind: str, per_board: float) -> list[tuple]:
    """The board rows of a team bye (2 boards) of `kind`, `per_board` points on each."""
    return [(event, rnd, team, None, b, f"{team}{b}", None, per_board, kind) for b in (1, 2)]


@pytest.mark.parametrize("rules", ["fide2024", "fide2026"])
def test_fore_buchholz_with_a_bye_before_a_last_round_forfeit(rules):
    """Swiss, 2 boards, 3 rounds. Round 1: A-B 2-0, C-D 1-1; round 2: A-C 1.5-0.5, B a zero-point
    bye, D a half-point bye; round 3 (the last): A-D 1-1, C-B forfeited by B.

    FB (8.3): the last round's paired matches as drawn (1 game point each), so B played round 3
    and its round-2 bye is followed by a round played: a requested bye of 16.2.3, counted as
    awarded (16.3.1), 0. FB scores: A 2 + 1.5 + 1 = 4.5, B 0 + 0 + 1 = 1, D 1 + 1 + 1 = 3.
    C's FB:GP: D 3 + A 4.5 + B 1 = 8.5 under both editions (its forfeit win is a drawn match
    against B, not a dummy). FIDE's TieBreakServer classifies B's bye by the forfeit actually
    lost (a bye followed only by VURs, 16.2.5: a draw) and gets 9.5; FB is known once the last
    round is paired (type D), before anybody forfeits it."""
    rows = match("W", 1, "A", "B", [1, 1]) + match("W", 1, "C", "D", [1, 0])
    rows += match("W", 2, "A", "C", [1, 0.5]) + _bye("W", 2, "B", "zpb", 0.0)
    rows += _bye("W", 2, "D", "hpb", 0.5) + match("W", 3, "A", "D", [1, 0])
    rows += forfeit("W", 3, "C", "B", 2)
    table = team_standings(frame(rows), tiebreaks=["FB:GP"], rules=rules).set_index("team")
    assert table.loc["C", "FB:GP"] == 8.5
