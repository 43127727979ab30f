"""Programs' presets (dated rule sets) wherever a rule-set name is, and ``rules="auto"``
following the program an event names."""

from __future__ import annotations

import pandas as pd
import pytest
from test_chess_unplayed import EXPECTED, double_forfeit

from tourneystats.chess import PRESETS, RULE_SETS, Preset, rules_for_date, standings
from tourneystats.core.schema import ValidationError

# A 5-player, 3-round Swiss: player 5 (E) has the PAB of round 1 and leaves after round 2 (an
# absence in round 3); player 4 (D) has the PAB of round 2. Points 2.5, 2, 0.5, 2, 1.
WITHDRAWAL = [
    (1, 1, 2, "w", 1.0, "played"), (1, 2, 1, "b", 0.0, "played"),
    (1, 3, 4, "w", 0.5, "played"), (1, 4, 3, "b", 0.5, "played"),
    (1, 5, None, None, 1.0, "pab"),
    (2, 1, 3, "w", 1.0, "played"), (2, 3, 1, "b", 0.0, "played"),
    (2, 5, 2, "w", 0.0, "played"), (2, 2, 5, "b", 1.0, "played"),
    (2, 4, None, None, 1.0, "pab"),
    (3, 1, 4, "w", 0.5, "played"), (3, 4, 1, "b", 0.5, "played"),
    (3, 2, 3, "w", 1.0, "played"), (3, 3, 2, "b", 0.0, "played"),
    (3, 5, None, None, 0.0, "zpb"),
]  # fmt: skip
# By hand (BH, BH/C1, SB of players 1..5):
# chessmanager2024: C.07 (2024); E's absence after his last available round (2) counts as a
#   draw in the score his opponents see (16.3): 1.5; the others' at face value. The dummy of
#   an own unplayed round has that same score: D's 2, E's 1.5 (C.07's dummy: E's final 1).
#   BH: A = B 2 + C 0.5 + D 2 = 4.5; B = 2.5 + 1.5 + 0.5 = 4.5; C = 2 + 2.5 + 2 = 6.5;
#   D = 0.5 + dummy 2 + 2.5 = 5.0; E = dummy 1.5 + 2 + dummy 1.5 = 5.0.
#   BH/C1: A 4.5 - 0.5, B 4.5 - 0.5, C 6.5 - 2, D 5.0 - 0.5; E's VUR (1.5, not below the
#   least 1.5) is cut: 3.5. SB: A = 2 + 0.5 + 2 x 1/2 = 3.5; B = 1.5 + 0.5 = 2.0;
#   C = 2 x 1/2 = 1.0; D = 0.5 x 1/2 + 2 x 1 + 2.5 x 1/2 = 3.5; E = 1.5 x 1 = 1.5.
# fide2024: the same, but E's dummy is at his final score 1: BH E = 4.0, BH/C1 E = 3.0,
#   SB E = 1.0.
# fide2009: opponents see adjusted scores (D 1 + 0.5 for the PAB = 1.5, E 0 + 2 x 0.5 = 1.0);
#   an own unplayed round R is against SPR + (1 - SfPR) + 0.5 (3 - R): D's round 2 1.0, E's
#   round 1 1.0, round 3 1 + 1 + 0 = 2.0. BH: A = 2 + 0.5 + 1.5 = 4.0; B = 2.5 + 1 + 0.5 =
#   4.0; C = 1.5 + 2.5 + 2 = 6.0; D = 0.5 + 1 + 2.5 = 4.0; E = 1 + 2 + 2 = 5.0; BH/C1 the
#   lowest cut. SB: A = 2 + 0.5 + 0.75 = 3.25; B = 1 + 0.5 = 1.5; C = 0.75; D = 0.25 + 1 +
#   1.25 = 2.5; E = 1.0.
BY_HAND = {
    "chessmanager2024": {"BH": [4.5, 4.5, 6.5, 5.0, 5.0], "BH/C1": [4.0, 4.0, 4.5, 4.5, 3.5],
                         "SB": [3.5, 2.0, 1.0, 3.5, 1.5]},
    "fide2024": {"BH": [4.5, 4.5, 6.5, 5.0, 4.0], "BH/C1": [4.0, 4.0, 4.5, 4.5, 3.0],
                 "SB": [3.5, 2.0, 1.0, 3.5, 1.0]},
    "fide2009": {"BH": [4.0, 4.0, 6.0, 4.0, 5.0], "BH/C1": [3.5, 3.5, 4.5, 3.5, 4.0],
                 "SB": [3.25, 1.5, 0.75, 2.5, 1.0]},
}  # fmt: skip
CHESSMANAGER = BY_HAND["chessmanager2024"]
CODES = ["BH", "BH/C1", "SB"]


def withdrawal() -> pd.DataFrame:
    cols = ["round", "player", "opponent", "colour", "points", "kind"]
    frame = pd.DataFrame(WITHDRAWAL, columns=cols)
    return frame.assign(event="E", opponent=frame["opponent"].astype("Int64"))


def two_events() -> tuple[pd.DataFrame, pd.DataFrame]:
    """The withdrawal event twice: the last day before chessmanager.com's change (the preset
    guesses it between its events of 2024-03-27 and 2024-04-10), and the first day after it."""
    one = withdrawal()
    results = pd.concat([one.assign(event="March"), one.assign(event="April")])
    events = pd.DataFrame({"event": ["March", "April"], "date": ["2024-03-31", "2024-04-01"]})
    return results.reset_index(drop=True), events


def values(table: pd.DataFrame, event: str) -> dict[str, list[float]]:
    mine = table[table["event"] == event].set_index("player").sort_index()
    return {code: mine[code].tolist() for code in CODES}


@pytest.mark.parametrize("rules", sorted(BY_HAND))
def test_the_withdrawal_event_worked_by_hand(rules):
    table = standings(withdrawal(), tiebreaks=CODES, rules=rules)
    assert table.set_index("player").sort_index()["PTS"].tolist() == [2.5, 2.0, 0.5, 2.0, 1.0]
    assert values(table, "E") == BY_HAND[rules]


def test_chessmanager2024_equals_fide2024_without_absences_after_a_last_round():
    # the double forfeit is paired: nobody's score counts a round as a draw, so the dummies
    # of chessmanager.com and of C.07 (2024) both have the player's final score
    table = standings(double_forfeit(), tiebreaks=CODES, rules="chessmanager2024")
    assert values(table, "E") == EXPECTED["fide2024"]


def test_a_preset_is_given_wherever_a_rule_set_name_is_and_applies_its_dates():
    results, events = two_events()
    table = standings(results, tiebreaks=CODES, rules="chessmanager", events=events)
    assert values(table, "March") == BY_HAND["fide2009"]  # FIDE 2009 up to March 2024
    assert values(table, "April") == CHESSMANAGER
    by_event = standings(
        results, tiebreaks=CODES, rules={"March": "swissmanager", "April": "chessmanager"},
        events=events,
    )  # fmt: skip
    assert values(by_event, "March") == BY_HAND["fide2024"]  # FIDE's dates for Swiss-Manager
    assert values(by_event, "April") == CHESSMANAGER


def test_auto_follows_the_program_an_event_names():
    results, events = two_events()
    events = events.assign(program=["chessmanager", None])
    table = standings(results, tiebreaks=CODES, rules="auto", events=events)
    assert values(table, "March") == BY_HAND["fide2009"]  # chessmanager's, not FIDE's 2024
    assert values(table, "April") == BY_HAND["fide2024"]  # no program: FIDE's dates


def test_an_undated_event_under_a_preset_is_refused_unless_a_fallback_is_named():
    results, _ = two_events()
    with pytest.raises(ValidationError, match="chessmanager:fide2009"):
        standings(results, tiebreaks=CODES, rules="chessmanager")
    table = standings(results, tiebreaks=CODES, rules="chessmanager:chessmanager2024")
    assert values(table, "March") == CHESSMANAGER


@pytest.mark.parametrize("name", ["vega2030", "chessmanager:", "chessmanager:fide1999", "auto:"])
def test_unknown_presets_and_fallbacks_are_refused(name):
    with pytest.raises(ValueError, match="unknown rule set"):
        standings(double_forfeit(), rules=name)


def test_presets_are_small_documented_data():
    for name, preset in PRESETS.items():
        assert preset.name == name and preset.program and preset.evidence
        assert {preset.first, *(r for _, r in preset.changes)} <= set(RULE_SETS)
    assert rules_for_date("2024-03-31", "chessmanager") == "fide2009"
    assert rules_for_date("2024-04-01", "chessmanager") == "chessmanager2024"
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
            "042 2024/03/01",  # chessmanager.com's FIDE 2009, FIDE's C.07 (2024)
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
        ("### exported from chessmanager.com", "chessmanager", EXPECTED["fide2009"]),
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
        f'[Event "E"]\n[Site "{site}"]\n[Date "2024.03.0{r}"]\n[Round "{r}"]\n'
        f'[White "P{w}"]\n[Black "P{b}"]\n[WhiteElo "{2500 - int(w)}"]\n'
        f'[BlackElo "{2500 - int(b)}"]\n[Result "{res}"]\n\n{res}\n\n'
        for r, w, b, res in games
    )
    (tmp_path / "e.pgn").write_text(pgn)
    data = read_pgn(tmp_path / "e.pgn")
    assert data.events["program"].tolist() == ["chessmanager"]
    table = standings(data.results, tiebreaks=CODES, rules="auto", events=data.events)
    assert values(table, "E") == EXPECTED["fide2009"]  # chessmanager.com's in March 2024


@pytest.mark.parametrize(
    ("label", "code"),
    [
        # as chess-results.com annotates them (tnr1413687, 2026; a 2023 one quoted by a parser's
        # tests): the edition, then the parameters
        ("Buchholz Tie-Break Variable (2026) (Gamepoints, Cut1)", "BH/C1@2026"),
        ("Buchholz Tie-Break Variable (2026) (Gamepoints)", "BH@2026"),
        ("Buchholz Tie-Break Variable (2023) (Gamepoints, Cut1)", "BH/C1@2024"),
        ("Sonneborn Berger Tie-Break Variable (2026) (Gamepoints)", "SB@2026"),
        ("Number of wins including byes (WIN) (Gamepoints, Forfeited games count)", "WIN"),
        ("Number of games won with black (BWG) (Gamepoints)", "BWG"),
        ("Buchholz Tie-Break Variable (2026) (Matchpoints, Cut1)", None),  # not mapped
        ("Buchholz Tie-Break Variable (2026) (Gamepoints, Median1)", None),  # not known
        ("Buchholz Tie-Break Variable (2026) (Gamepoints, Cut1, Cut2)", None),  # two cuts
        ("Sonneborn Berger Tie-Break Variable (2026) (Gamepoints, Cut1)", "SB/C1@2026"),
        ("points (game-points)", None),  # the points, not a tie-break
        ("Buchholz Tie-Breaks Cut-1 (2026)", "BH/C1@2026"),
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
    # published: March under FIDE 2009, April under chessmanager2024 (by hand, above); ranks
    # by BH, BH/C1, SB: B and D (2 points each) are split by SB in March (1.5 < 2.5) and by
    # BH in April (4.5 < 5.0), so A, D, B, E, C in both
    rows = []
    for event, rules in (("March", "fide2009"), ("April", "chessmanager2024")):
        rows.append(pd.DataFrame({"event": event, "player": [1, 2, 3, 4, 5],
                                  "rank": [1, 3, 5, 2, 4], "points": [2.5, 2, 0.5, 2, 1],
                                  **BY_HAND[rules]}))  # fmt: skip
    pd.concat(rows).to_csv(tmp_path / "club-standings.csv", index=False)
    table = check_from_path(tmp_path / "club-results.csv")
    assert len(table) == 2 * 5 * 5 and table["equal"].all()
    # under one rule set for both: March's BH of A (4.0) and April's of E (5.0) differ
    wrong = check_from_path(tmp_path / "club-results.csv", rules="fide2024")
    wrong = wrong.set_index(["event", "player", "value"])["equal"]
    assert not wrong.loc[("March", 1, "BH")] and not wrong.loc[("April", 5, "BH")]
    # an event given two programs, or a date that is none, is refused
    results.assign(program=["chessmanager", "Vega"] * (len(results) // 2)).to_csv(
        tmp_path / "club-results.csv", index=False
    )
    with pytest.raises(ValidationError, match="two programs in the results"):
        check_from_path(tmp_path / "club-results.csv")
    results.assign(date="the first of May").to_csv(tmp_path / "club-results.csv", index=False)
    with pytest.raises(ValidationError, match="not one: .*March.*'the first of May'"):
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


def test_swissmanager2009_on_the_withdrawal_event_worked_by_hand():
    # as fide2009 (above), but an own unplayed round adds its virtual opponent's score times
    # 1/2 to SB, whatever was awarded: D's PAB of round 2 (virtual 1.0) adds 0.5, not 1.0:
    # SB D = 0.25 + 0.5 + 1.25 = 2.0; E's PAB of round 1 (virtual 1.0) adds 0.5 and his
    # absence of round 3 (virtual 2.0) 1.0, not 0: SB E = 0.5 + 0 + 1.0 = 1.5. BH unchanged.
    table = standings(withdrawal(), tiebreaks=CODES, rules="swissmanager2009")
    assert values(table, "E") == {
        "BH": BY_HAND["fide2009"]["BH"],
        "BH/C1": BY_HAND["fide2009"]["BH/C1"],
        "SB": [3.25, 1.5, 0.75, 2.0, 1.5],
    }
    # ARO/C1: D and E each have a round without a game, which takes the cut: they keep their
    # one and two opponents (A 1 vs D; E played B only)
    players = pd.DataFrame({"event": "E", "player": [1, 2, 3, 4, 5],
                            "rating": [2000.0, 1900, 1800, 1700, 1600]})  # fmt: skip
    both = {r: standings(withdrawal(), players=players, tiebreaks=["ARO/C1"], rules=r)
            for r in ("fide2009", "swissmanager2009")}  # fmt: skip
    aro = {r: t.set_index("player").sort_index()["ARO/C1"].tolist() for r, t in both.items()}
    # A met B, C, D (1900, 1800, 1700): cut 1700 -> 1850 under both; D met C and A (1800,
    # 2000): fide2009 cuts 1800 -> 2000, Swiss-Manager keeps both -> 1900; E met B only:
    # fide2009 cuts it -> 0, Swiss-Manager keeps it -> 1900
    assert aro["fide2009"][0] == aro["swissmanager2009"][0] == 1850
    assert (aro["fide2009"][3], aro["swissmanager2009"][3]) == (2000, 1900)
    assert (aro["fide2009"][4], aro["swissmanager2009"][4]) == (0, 1900)
