"""Programs' presets (dated rule sets) wherever a rule-set name is, and ``rules="auto"``
following the program an event names."""

from __future__ import annotations

import pandas as pd
import pytest
from test_chess_unplayed import EXPECTED, double_forfeit

from tourneystats.chess import PRESETS, RULE_SETS, Preset, rules_for_date, standings
from tourneystats.core.schema import ValidationError

# chessmanager2024 on the double-forfeit event (test_chess_unplayed), by hand: C.07 (2024), but
# the dummy of an own unplayed round is at the player's adjusted score (over-the-board points +
# 1/2 per unplayed round): 3's is 0.5 + 1 + 0.5 = 2.0, 4's 0 + 0.5 = 0.5; the opponents see the
# points (2.5, 1, 1.5, 0: a forfeit loss counts at face value).
#   BH 3 = 2.0 + 2.5 + 1 = 5.5, BH 4 = 0.5 + 1 + 2.5 = 4.0; BH 1, 2 as fide2024 (2.5, 4.0).
#   BH/C1 3: the VUR (2.0 >= the least, 1) is cut: 3.5; 4: the VUR (0.5, the least): 3.5.
#   SB 3 = 2.0 x 0 + 2.5 x 1/2 + 1 x 1 = 2.25; SB 4 = 0.
CHESSMANAGER = {"BH": [2.5, 4.0, 5.5, 4.0], "BH/C1": [2.5, 4.0, 3.5, 3.5],
                "SB": [1.75, 0.0, 2.25, 0.0]}  # fmt: skip
CODES = ["BH", "BH/C1", "SB"]


def two_events() -> tuple[pd.DataFrame, pd.DataFrame]:
    """The double-forfeit event twice: the last day before chessmanager.com's change, and
    the first day after it."""
    one = double_forfeit()
    results = pd.concat([one.assign(event="April"), one.assign(event="May")], ignore_index=True)
    events = pd.DataFrame({"event": ["April", "May"], "date": ["2024-04-30", "2024-05-01"]})
    return results, events


def values(table: pd.DataFrame, event: str) -> dict[str, list[float]]:
    mine = table[table["event"] == event].set_index("player").sort_index()
    return {code: mine[code].tolist() for code in CODES}


def test_the_chessmanager_rule_set_worked_by_hand():
    table = standings(double_forfeit(), tiebreaks=CODES, rules="chessmanager2024")
    assert values(table, "E") == CHESSMANAGER


def test_a_preset_is_given_wherever_a_rule_set_name_is_and_applies_its_dates():
    results, events = two_events()
    table = standings(results, tiebreaks=CODES, rules="chessmanager", events=events)
    assert values(table, "April") == EXPECTED["fide2009"]  # FIDE 2009 up to April 2024
    assert values(table, "May") == CHESSMANAGER
    by_event = standings(
        results, tiebreaks=CODES, rules={"April": "swissmanager", "May": "chessmanager"},
        events=events,
    )  # fmt: skip
    assert values(by_event, "April") == EXPECTED["fide2024"]  # FIDE's dates for Swiss-Manager
    assert values(by_event, "May") == CHESSMANAGER


def test_auto_follows_the_program_an_event_names():
    results, events = two_events()
    events = events.assign(program=["chessmanager", None])
    table = standings(results, tiebreaks=CODES, rules="auto", events=events)
    assert values(table, "April") == EXPECTED["fide2009"]  # chessmanager's, not FIDE's 2024
    assert values(table, "May") == EXPECTED["fide2024"]  # no program: FIDE's dates


def test_an_undated_event_under_a_preset_is_refused_unless_a_fallback_is_named():
    results, _ = two_events()
    with pytest.raises(ValidationError, match="chessmanager:fide2009"):
        standings(results, tiebreaks=CODES, rules="chessmanager")
    table = standings(results, tiebreaks=CODES, rules="chessmanager:chessmanager2024")
    assert values(table, "April") == CHESSMANAGER


@pytest.mark.parametrize("name", ["vega2030", "chessmanager:", "chessmanager:fide1999", "auto:"])
def test_unknown_presets_and_fallbacks_are_refused(name):
    with pytest.raises(ValueError, match="unknown rule set"):
        standings(double_forfeit(), rules=name)


def test_presets_are_small_documented_data():
    for name, preset in PRESETS.items():
        assert preset.name == name and preset.program and preset.evidence
        assert {preset.first, *(r for _, r in preset.changes)} <= set(RULE_SETS)
    assert rules_for_date("2024-04-30", "chessmanager") == "fide2009"
    assert rules_for_date("2024-05-01", "chessmanager") == "chessmanager2024"
    assert rules_for_date("2026-03-01", "swissmanager") == "fide2026"
    with pytest.raises(ValueError, match="unknown rule set"):
        Preset("x", "X", "fide1999")
    with pytest.raises(ValueError, match="date order"):
        Preset("x", "X", "fide2009", (("2026-01-01", "fide2026"), ("2024-01-01", "fide2024")))


def _double_forfeit_trf(comment: str) -> str:
    from test_trf import player_line

    return "\n".join(
        [
            "012 Double forfeit",
            "042 2024/06/01",
            *([comment] if comment else []),
            player_line(1, [(2, "w", "1"), (3, "w", "="), (4, "w", "1")], points=2.5),
            player_line(2, [(1, "b", "0"), (4, "w", "1"), (3, "w", "0")], points=1.0),
            player_line(3, [(4, "-", "-"), (1, "b", "="), (2, "b", "1")], points=1.5),
            player_line(4, [(3, "-", "-"), (2, "b", "0"), (1, "b", "0")], points=0.0),
        ]
    )


@pytest.mark.parametrize(
    ("comment", "program", "expected"),
    [
        ("### exported from chessmanager.com", "chessmanager", CHESSMANAGER),
        ("### Swiss-Manager from Heinz Herzog", "swissmanager", EXPECTED["fide2024"]),
        ("### a club's own notes", None, EXPECTED["fide2024"]),
        ("", None, EXPECTED["fide2024"]),
    ],
)
def test_auto_applies_the_preset_of_the_program_a_trf_comment_names(
    tmp_path, comment, program, expected
):
    from test_trf import write

    from tourneystats.chess import read_trf

    data = read_trf(write(tmp_path, _double_forfeit_trf(comment)))
    named = data.events["program"].iloc[0]
    assert (None if pd.isna(named) else named) == program
    table = standings(data.results, tiebreaks=CODES, rules="auto", events=data.events)
    assert values(table, table["event"].iloc[0]) == expected


def test_auto_applies_the_preset_of_the_program_a_pgn_site_names(tmp_path):
    from tourneystats.chess import read_pgn

    games = [(1, "1", "2", "1-0"), (1, "3", "4", "0-0"), (2, "1", "3", "1/2-1/2"),
             (2, "2", "4", "1-0"), (3, "1", "4", "1-0"), (3, "2", "3", "0-1")]  # fmt: skip
    site = "https://www.chessmanager.com/en/tournaments/1"
    pgn = "".join(
        f'[Event "E"]\n[Site "{site}"]\n[Date "2024.06.0{r}"]\n[Round "{r}"]\n'
        f'[White "P{w}"]\n[Black "P{b}"]\n[WhiteElo "{2500 - int(w)}"]\n'
        f'[BlackElo "{2500 - int(b)}"]\n[Result "{res}"]\n\n{res}\n\n'
        for r, w, b, res in games
    )
    (tmp_path / "e.pgn").write_text(pgn)
    data = read_pgn(tmp_path / "e.pgn")
    assert data.events["program"].tolist() == ["chessmanager"]
    table = standings(data.results, tiebreaks=CODES, rules="auto", events=data.events)
    assert values(table, "E") == CHESSMANAGER


@pytest.mark.parametrize(
    ("label", "code"),
    [
        ("Buchholz Tie-Breaks Cut-1 (2026)", "BH/C1@2026"),  # as chess-results.com prints them
        ("Buchholz Tie-Breaks Median-1 (2023)", "BH/M1@2024"),
        ("Median-1 (2023)", "BH/M1@2024"),
        ("Sonneborn-Berger-Tie-Break (2023)", "SB@2024"),
        ("Buchholz Tie-Breaks (all Results)", "BH"),  # before 2023: no edition
        ("Buchholzwertung (1 Streichresultat)", "BH/C1"),
        ("Direct Encounter (The results of the players in the same point group)", "DE"),
        ("Buchholz Tie-Breaks (variabel with parameter)", None),  # its cuts are not printed
        ("Buchholz Tie-Breaks Cut-1 (1999)", None),  # no such edition
        ("Lots", None),
    ],
)
def test_swiss_manager_labels_map_to_codes_with_their_edition(label, code):
    from tourneystats.chess.programs import code_of_label

    assert code_of_label(label) == code


def test_a_swiss_manager_table_is_computed_column_by_column_under_each_edition():
    from tourneystats.chess.programs import code_of_label

    labels = ["Buchholz Tie-Breaks Cut-1 (2026)", "Median-1 (2023)"]
    codes = [code_of_label(label) for label in labels]
    table = standings(double_forfeit(), tiebreaks=codes, rules="swissmanager:fide2024")
    mine = table.set_index("player").sort_index()
    assert mine["BH/C1@2026"].tolist() == EXPECTED["fide2026"]["BH/C1"]
    assert mine["BH/M1@2024"].tolist() == [1.0, 1.5, 1.0, 1.0]  # (test_chess_editions)


def test_a_presets_rule_sets_by_date_and_its_options():
    vega = PRESETS["vega"]
    # the dated rule sets in date order, then the options not among them
    assert vega.rule_sets == ("vega2024", "vega2026a", "vega2026", "vega2009")
    assert PRESETS["chessmanager"].rule_sets == ("fide2009", "chessmanager2024")
    dates = pd.to_datetime(["2025-12-31", "2026-01-01", "2026-03-31", "2026-04-01", None])
    # the day of a change takes the new rule set; an undated event the first
    assert vega.rule_sets_on(dates).tolist() == [
        "vega2024", "vega2026a", "vega2026a", "vega2026", "vega2024"
    ]  # fmt: skip
    assert [vega.rule_set_on(d) for d in dates[:4]] == vega.rule_sets_on(dates[:4]).tolist()
    with pytest.raises(ValueError, match="unknown rule set"):
        Preset("p", "P", "fide2024", options=("nosuch",))


def test_check_of_tables_takes_the_preset_of_the_program_column(tmp_path):
    from tourneystats.chess import check_from_path

    results, events = two_events()
    results = results.merge(events, on="event").assign(program="chessmanager")
    results.to_csv(tmp_path / "club-results.csv", index=False)
    # published: April under FIDE 2009, May under chessmanager2024 (by hand, above); points
    # 2.5, 1, 1.5, 0 are all different, so the ranks are 1, 3, 2, 4 whatever the tie-breaks
    rows = []
    for event, values in (("April", EXPECTED["fide2009"]), ("May", CHESSMANAGER)):
        rows.append(pd.DataFrame({"event": event, "player": [1, 2, 3, 4], "rank": [1, 3, 2, 4],
                                  "points": [2.5, 1.0, 1.5, 0.0], **values}))  # fmt: skip
    pd.concat(rows).to_csv(tmp_path / "club-standings.csv", index=False)
    table = check_from_path(tmp_path / "club-results.csv")
    assert len(table) == 2 * 4 * 5 and table["equal"].all()
    # under one rule set for both, April's BH 4 (5.5) and May's BH 3 (5.5) are not fide2024's
    wrong = check_from_path(tmp_path / "club-results.csv", rules="fide2024")
    assert not wrong.set_index(["event", "player", "value"]).loc[("April", 4, "BH"), "equal"]
    assert not wrong.set_index(["event", "player", "value"]).loc[("May", 3, "BH"), "equal"]
    # an event given two programs, or a date that is none, is refused
    results.assign(program=["chessmanager", "Vega"] * (len(results) // 2)).to_csv(
        tmp_path / "club-results.csv", index=False
    )
    with pytest.raises(ValidationError, match="two programs in the results"):
        check_from_path(tmp_path / "club-results.csv")
    results.assign(date="the first of May").to_csv(tmp_path / "club-results.csv", index=False)
    with pytest.raises(ValidationError, match="not one: .*April.*'the first of May'"):
        check_from_path(tmp_path / "club-results.csv")


def test_swiss_manager_labels_with_their_edition_are_compared_under_it():
    from tourneystats.chess.published import compare_published

    event = double_forfeit()  # by hand above (test_chess_unplayed): BH 3 is 5.0 under
    # fide2024, 3.5 under fide2026 (the dummy capped); BH/C1 3.5 under both
    published = pd.DataFrame({
        "event": "E", "player": [1, 2, 3, 4], "rank": [1, 3, 2, 4], "points": [2.5, 1, 1.5, 0],
        "Buchholz Tie-Breaks (all Results) (2026)": EXPECTED["fide2026"]["BH"],
        "Buchholz Tie-Breaks Cut-1 (2023)": EXPECTED["fide2024"]["BH/C1"],
        "Buchholz Tie-Breaks (all Results) (2023)": EXPECTED["fide2024"]["BH"],
    })  # fmt: skip
    table = compare_published(published, event, rules="fide2009")
    assert table["equal"].all() and len(table) == 4 * 5
    assert list(pd.unique(table["value"])) == ["points", "rank", "BH@2026", "BH/C1@2024", "BH@2024"]
    # the same column twice (one label with, one without its edition would be two codes)
    twice = published.assign(**{"Buchholz Tie-Breaks (all Results) (2026)": 0.0, "BH@2026": 0.0})
    with pytest.raises(ValidationError, match="two columns name one tie-break"):
        compare_published(twice, event)


def test_a_published_column_naming_no_tie_break_is_said_not_compared():
    from tourneystats.chess.published import compare_published

    published = pd.DataFrame({"event": "E", "player": [1, 2, 3, 4], "rank": [1, 3, 2, 4],
                              "points": [2.5, 1, 1.5, 0], "federation": "AUS",
                              "Buchholz Tie-Breaks (variabel with parameter)": 1.0})  # fmt: skip
    with pytest.warns(
        UserWarning, match=r"Tie-Breaks \(variabel with parameter\) name no tie-break"
    ):
        table = compare_published(published, double_forfeit())
    assert set(table["value"]) == {"points", "rank"}
