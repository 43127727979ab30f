"""A tie-break under its own edition (``BH/C1@2026`` next to ``BH/M1@2024``): parsing, worked
examples computed by hand, round robins, explain and the declared orders."""

from __future__ import annotations

import pandas as pd
import pytest
from test_chess_unplayed import EXPECTED, double_forfeit

from tourneystats.chess import explain, parse_tiebreak, standings


@pytest.mark.parametrize(
    ("given", "code", "edition"),
    [
        ("BH/C1@2026", "BH/C1@2026", "fide2026"),
        ("bh/m1 @ 2023", "BH/M1@2024", "fide2024"),  # the text approved in 2023 is fide2024
        ("SB@2024", "SB@2024", "fide2024"),
        ("SB@fide2009", "SB@2009", "fide2009"),
        ("BH@adjusted", "BH@adjusted", "adjusted"),
        ("GE@2026", "REP@2026", "fide2026"),
        ("BH/C1", "BH/C1", None),
    ],
)
def test_an_edition_is_parsed_and_written_canonically(given, code, edition):
    tb = parse_tiebreak(given)
    assert (tb.code, tb.edition) == (code, edition)
    assert tb.plain.code == code.partition("@")[0] and tb.plain.edition is None


@pytest.mark.parametrize("given", ["BH@1999", "BH@", "BH@auto", "BH/C1@2026@2024", "XX@2026"])
def test_an_unknown_edition_is_refused(given):
    with pytest.raises(ValueError, match="unknown (edition|tie-break)"):
        parse_tiebreak(given)


def test_each_column_is_computed_under_its_own_edition():
    # the event's rule set is fide2024; the columns name theirs (values worked by hand in
    # test_chess_unplayed.EXPECTED, one rule set at a time)
    table = standings(
        double_forfeit(),
        tiebreaks=["BH/C1@2026", "BH/M1@2024", "BH@2009", "SB@adjusted", "BH"],
        rules="fide2024",
    )
    table = table.set_index("player").sort_index()
    assert table["BH/C1@2026"].tolist() == EXPECTED["fide2026"]["BH/C1"]
    assert table["BH@2009"].tolist() == EXPECTED["fide2009"]["BH"]
    assert table["SB@adjusted"].tolist() == EXPECTED["adjusted"]["SB"]
    assert table["BH"].tolist() == EXPECTED["fide2024"]["BH"]
    # BH/M1 under 2024 by hand: 1: (1, 1.5, 0) -> 1; 2: (2.5, 0, 1.5) -> 1.5;
    # 3: (dummy 1.5, VUR; 2.5; 1): the VUR (1.5 >= 1) is cut, then the highest 2.5 -> 1;
    # 4: (dummy 0, VUR; 1; 2.5): the VUR, then 2.5 -> 1
    assert table["BH/M1@2024"].tolist() == [1.0, 1.5, 1.0, 1.0]


def test_the_same_tiebreak_under_two_spellings_of_one_edition_is_listed_twice():
    with pytest.raises(ValueError, match="listed twice"):
        standings(double_forfeit(), tiebreaks=["BH@2023", "BH@2024"])


def test_an_edition_that_forbids_buchholz_in_round_robins_refuses_it_there():
    frame = double_forfeit()
    standings(frame, tiebreaks=["BH@2024"], rules="fide2026", round_robin=True)  # allowed
    with pytest.raises(ValueError, match="must not be used in round robins"):
        standings(frame, tiebreaks=["SB", "BH@2026"], rules="fide2024", round_robin=True)


def test_explain_and_declared_orders_take_editions():
    detail = explain(double_forfeit(), tiebreak="BH@2026", player=3, rules="fide2024")
    # round 1: the dummy capped at the double forfeit's other player's score, 0
    assert detail["score"].tolist() == [0.0, 2.5, 1.0] and detail["value"].iloc[0] == 3.5
    events = pd.DataFrame({"event": ["E"], "tiebreaks": ["BH/C1@2026, SB@2009"]})
    table = standings(double_forfeit(), events=events, rules="adjusted")
    assert list(table.columns[4:6]) == ["BH/C1@2026", "SB@2009"]
    assert table.set_index("player").sort_index()["SB@2009"].tolist() == EXPECTED["fide2009"]["SB"]
