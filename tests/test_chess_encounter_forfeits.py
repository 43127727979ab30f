"""Direct encounter and forfeits: the ``/P`` modifier of DE and of the team EDE codes (C.07 art.
6.1.1: forfeits outside round robins are left out "unless the tournament regulations say
otherwise"; with ``/P`` they count as games played), and the direction of the board count step of
EDEC, EDEBT, EDEBB (:attr:`RuleSet.encounter_board_count`). Every expected value is worked out by
hand in the docstrings."""

from __future__ import annotations

import pandas as pd
import pytest
from test_chess_teams_variants import ede_events, forfeit, frame, match

from tourneystats.chess import (
    RULE_SETS,
    RuleSet,
    parse_team_tiebreak,
    parse_tiebreak,
    standings,
    team_standings,
)
from tourneystats.chess.teamcodes import canonical_tiebreak_code

# -- individual DE/P ------------------------------------------------------------------------------


def individual_event() -> pd.DataFrame:
    """Four players, three rounds, Swiss. Round 1: A-B forfeited by B (A 1, B 0), C-D 0-1;
    round 2: A-C 0-1, B-D 1-0; round 3: A-D 1-0, B-C 1-0.

    Points: A 1 + 0 + 1 = 2, B 0 + 1 + 1 = 2, C 0 + 1 + 0 = 1, D 1 + 0 + 0 = 1.
    DE (6.1.1: the forfeit left out): A and B have not met; each has 0 against the other and
    could still reach 1, so art. 6.3 separates nobody: both 0, tied. C and D met: D won, D 1,
    C 0. DE/P: the forfeit counts as a game A won: A 1, B 0. In a round robin (15.2) the
    forfeit is a game whatever the modifier: A 1, B 0 both ways.
    """
    games = [(1, "A", "B", 1.0, "forfeit"), (1, "C", "D", 0.0, "played"),
             (2, "A", "C", 0.0, "played"), (2, "B", "D", 1.0, "played"),
             (3, "A", "D", 1.0, "played"), (3, "B", "C", 1.0, "played")]  # fmt: skip
    rows = []
    for rnd, white, black, score, how in games:
        kinds = ("forfeit_win", "forfeit_loss") if how == "forfeit" else ("played", "played")
        rows.append(("E", rnd, white, black, "w", score, kinds[0]))
        rows.append(("E", rnd, black, white, "b", 1.0 - score, kinds[1]))
    return pd.DataFrame(
        rows, columns=["event", "round", "player", "opponent", "colour", "points", "kind"]
    )


@pytest.mark.parametrize(
    ("code", "values", "ranks"),
    [("DE", [0.0, 0.0, 0.0, 1.0], [1, 1, 4, 3]), ("DE/P", [1.0, 0.0, 0.0, 1.0], [1, 2, 4, 3])],
)
def test_de_leaves_a_forfeit_out_and_de_p_counts_it(code, values, ranks):
    table = standings(individual_event(), tiebreaks=[code], rules="fide2024")
    t = table.set_index("player").loc[list("ABCD")]
    assert t["PTS"].tolist() == [2.0, 2.0, 1.0, 1.0]
    assert t[code].tolist() == values
    assert t["rank"].tolist() == ranks


@pytest.mark.parametrize("code", ["DE", "DE/P"])
def test_in_a_round_robin_the_forfeit_is_a_game_either_way(code):
    table = standings(individual_event(), tiebreaks=[code], round_robin=True, rules="fide2026")
    assert table.set_index("player").loc[list("ABCD"), code].tolist() == [1.0, 0.0, 0.0, 1.0]


def test_de_p_is_written_and_read_in_a_trf_202_record(tmp_path):
    """FIDE's TRF-2026 writes the modifier in the 202/212 orders: the event is ranked by it
    (players 1-4 are A-D)."""
    from tourneystats.chess import read_trf, write_trf

    numbers = {"A": 1, "B": 2, "C": 3, "D": 4}
    results = individual_event().replace({"player": numbers, "opponent": numbers})
    declared = pd.DataFrame({"event": ["E"], "tiebreaks": ["DE/P"]})
    path = write_trf(results, None, declared, tmp_path / "e.trf")
    assert "202 DE/P" in path.read_text().splitlines()
    results, _, events = read_trf(path, check_points=False)
    assert events["tiebreaks"].tolist() == ["DE/P"]
    table = standings(results, events=events, rules="fide2024").set_index("player")
    assert list(table.columns) == ["event", "rank", "PTS", "DE/P", "decided_by"]
    assert table.loc[[1, 2, 3, 4], "rank"].tolist() == [1, 2, 4, 3]


# -- team EDE/P -----------------------------------------------------------------------------------


def team_event() -> pd.DataFrame:
    """Four teams of 2 boards, three rounds (every team meets every other once, so the same
    matches are a Swiss event or, with ``round_robin=True``, a round robin). Round 1: P-Q
    forfeited by Q (P 2 match points and 2 game points, Q 0), R-S 0-2; round 2: P-R 0-2, Q-S
    2-0; round 3: P-S 2-0, Q-R 2-0.

    Match points: P 2 + 0 + 2 = 4, Q 0 + 2 + 2 = 4, R 0 + 2 + 0 = 2, S 2 + 0 + 0 = 2.
    EDE (Swiss: the forfeited match left out, 6.1.1): P and Q have not met; 0 each, 1 match
    within reach, nobody separated (6.3), and the same on game points: tied, 0 and 0. R and S
    met: S won, S 1, R 0. EDE/P: the forfeited match is a match P won: P 1, Q 0 (and so in
    every variant: the match points decide before the board steps). Round robin: the forfeited
    match is a match played (15.2), with or without /P: P 1, Q 0.
    """
    rows = forfeit("T", 1, "P", "Q", 2) + match("T", 1, "S", "R", [1, 1])
    rows += match("T", 2, "R", "P", [1, 1]) + match("T", 2, "Q", "S", [1, 1])
    rows += match("T", 3, "P", "S", [1, 1]) + match("T", 3, "Q", "R", [1, 1])
    return frame(rows)


VARIANTS = ["EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB"]


@pytest.mark.parametrize("code", VARIANTS)
def test_ede_leaves_a_forfeited_match_out_and_ede_p_counts_it(code):
    without = team_standings(team_event(), tiebreaks=[code], rules="fide2024").set_index("team")
    with_p = team_standings(team_event(), tiebreaks=[f"{code}/P"], rules="fide2024")
    with_p = with_p.set_index("team")
    assert without.loc[list("PQRS"), "MP"].tolist() == [4.0, 4.0, 2.0, 2.0]
    assert without.loc[list("PQRS"), code].tolist() == [0.0, 0.0, 0.0, 1.0]
    assert with_p.loc[list("PQRS"), f"{code}/P"].tolist() == [1.0, 0.0, 0.0, 1.0]
    assert without.loc[list("PQRS"), "rank"].tolist() == [1, 1, 4, 3]
    assert with_p.loc[list("PQRS"), "rank"].tolist() == [1, 2, 4, 3]


@pytest.mark.parametrize("code", ["EDE", "EDE/P", "EDEBT", "EDEBT/P"])
def test_in_a_team_round_robin_the_forfeited_match_counts_either_way(code):
    table = team_standings(team_event(), tiebreaks=[code], round_robin=True, rules="fide2024")
    assert table.set_index("team").loc[list("PQRS"), code].tolist() == [1.0, 0.0, 0.0, 1.0]


# -- the board count step's direction -------------------------------------------------------------

TBS = RULE_SETS["fide2024"].replace(name="tbs", encounter_board_count="tiebreakserver")


def test_board_count_step_lowest_first_by_default_and_highest_as_tiebreakserver():
    """ede_events (test_chess_teams_variants): one drawn match in each event. X: board counts A
    10, B 11; Y: A 12, B 9; Z: 5 and 5. C.07 12.1 (lowest first): EDEC places A first in X,
    B in Y, nobody in Z. Highest first (FIDE's TieBreakServer): B in X, A in Y, nobody in Z;
    EDEBT then goes on to the top board in Z: A (1 against 0)."""
    assert RULE_SETS["fide2024"].encounter_board_count == "lowest_first"
    first = {}
    for name, rules in (("low", "fide2024"), ("high", TBS)):
        for code in ("EDEC", "EDEBT"):
            table = team_standings(ede_events(), tiebreaks=[code], rules=rules)
            for event in "XYZ":
                t = table[table["event"] == event].set_index("team")[code]
                first[(name, code, event)] = (
                    None if t["A"] == t["B"] else ("A" if t["A"] > t["B"] else "B")
                )
    assert [first[("low", "EDEC", e)] for e in "XYZ"] == ["A", "B", None]
    assert [first[("high", "EDEC", e)] for e in "XYZ"] == ["B", "A", None]
    assert [first[("low", "EDEBT", e)] for e in "XYZ"] == ["A", "B", "A"]
    assert [first[("high", "EDEBT", e)] for e in "XYZ"] == ["B", "A", "A"]
    # the BC column itself ranks the lower first under both (C.07 12.1)
    for table in (
        team_standings(ede_events(), tiebreaks=["BC"], rules=r) for r in ("fide2024", TBS)
    ):
        x = table[table["event"] == "X"].set_index("team")
        assert x.loc[["A", "B"], "BC"].tolist() == [10.0, 11.0]
        assert x.loc[["A", "B"], "rank"].tolist() == [1, 2]


def test_board_count_direction_per_event():
    """Two events under different rule sets in one call: each ranks by its own."""
    data = ede_events()
    table = team_standings(data, tiebreaks=["EDEC"], rules={"X": TBS, "Y": "fide2024", "Z": TBS})
    x = table[table["event"] == "X"].set_index("team")["EDEC"]
    y = table[table["event"] == "Y"].set_index("team")["EDEC"]
    assert (x["B"], x["A"]) == (1.0, 0.0)  # highest first: B (11)
    assert (y["B"], y["A"]) == (1.0, 0.0)  # lowest first: B (9)


def test_a_board_count_direction_not_known_is_refused():
    with pytest.raises(ValueError, match="encounter_board_count='highest'"):
        RULE_SETS["fide2024"].replace(name="x", encounter_board_count="highest")
    assert isinstance(TBS, RuleSet)


# -- codes ----------------------------------------------------------------------------------------


def test_codes_with_p():
    assert parse_tiebreak("de / p").code == "DE/P"
    assert parse_tiebreak("DE/P@2026").code == "DE/P@2026"
    assert parse_team_tiebreak("edebb/p").code == "EDEBB/P"
    assert parse_team_tiebreak("EDE/P/P").code == "EDE/P"
    assert canonical_tiebreak_code("edet/p") == "EDET/P"
    # the opponents'-score codes of the TRF-2026 tie-break list (8.1, 8.3, 9.1, 13.2, 13.4)
    assert parse_tiebreak("bh / p / c1").code == "BH/C1/P"
    assert parse_tiebreak("FB/M1/P@2026").code == "FB/M1/P@2026"
    assert canonical_tiebreak_code("sb/p") == "SB/P"
    assert canonical_tiebreak_code("emgsb/p/c1") == "EMGSB/C1/P"
    assert canonical_tiebreak_code("bh:mp/c1/p") == "BH:MP/C1/P"
    assert canonical_tiebreak_code("sssc/p") == "SSSC/P"
    assert parse_team_tiebreak("FB:GP/M2/P").forfeits_played


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("DE/P1", r"modifier /P takes no number \(in 'DE/P1'\)"),
        ("DE/Q", r"tie-break DE takes no /Q modifier \(in 'DE/Q'\)"),
        ("BH/P1", r"modifier /P takes no number \(in 'BH/P1'\)"),
        ("AOB/P", r"tie-break AOB takes no /P modifier \(in 'AOB/P'\)"),
        ("KS/P", r"tie-break KS takes no /P modifier \(in 'KS/P'\)"),
        ("ARO/P", r"tie-break ARO takes no /P modifier \(in 'ARO/P'\)"),
        ("EDET/P2", r"modifier /P takes no number \(in 'EDET/P2'\)"),
        ("EDE/C1", r"team tie-break EDE takes no /C modifier \(in 'EDE/C1'\)"),
        ("EDE:GP/P", r"team tie-break EDE takes no point type \(in 'EDE:GP/P'\)"),
        ("SB:MP/P2", r"modifier /P takes no number \(in 'SB:MP/P2'\)"),
        ("EMGSB/C1/P1", r"modifier /P takes no number \(in 'EMGSB/C1/P1'\)"),
        ("TBR/P", r"team tie-break TBR takes no /P modifier \(in 'TBR/P'\)"),
        ("BBE/P", r"team tie-break BBE takes no /P modifier \(in 'BBE/P'\)"),
        ("MPvGP/P", r"team tie-break MPVGP takes no /P modifier \(in 'MPvGP/P'\)"),
        ("AOB:MP/P", r"team tie-break AOB takes no /P modifier \(in 'AOB:MP/P'\)"),
        ("PS:GP/P", r"team tie-break PS takes no /P modifier \(in 'PS:GP/P'\)"),
        ("SSSC/C1", r"team tie-break SSSC takes no /C modifier \(in 'SSSC/C1'\)"),
    ],
)
def test_bad_modifiers_are_refused_naming_the_code(code, message):
    with pytest.raises(ValueError, match=message):
        canonical_tiebreak_code(code)


def test_team_standings_refuse_a_bad_modifier_naming_it():
    with pytest.raises(ValueError, match=r"takes no /P modifier \(in 'AOB:MP/P'\)"):
        team_standings(team_event(), tiebreaks=["EDET/P", "AOB:MP/P"])
    with pytest.raises(ValueError, match=r"tie-break DE takes no /X modifier \(in 'DE/X'\)"):
        standings(individual_event(), tiebreaks=["DE/X"])
