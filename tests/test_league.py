"""League leaderboard: the issue's worked example and every rule on its own.

Expected values are the issue's numbers, or computed by hand from the rule in exact fractions
right next to the assertion.
"""

import warnings
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tourneystats import ValidationError
from tourneystats.league import (
    LeagueRules,
    explain,
    history,
    history_from_path,
    leaderboard,
    read_results,
    standings_from_path,
)

ROOT = Path(__file__).resolve().parents[1]

# the worked example: (team A players, A points, team B players, B points) per round
EVENINGS = {
    "2024-01-10": [
        (("Anna", "Bo"), 15, ("Cecilia", "David"), 9),
        (("Anna", "Cecilia"), 12, ("Bo", "Erik"), 12),
        (("Anna", "David"), 10, ("Cecilia", "Erik"), 14),
        (("Bo", "Cecilia"), 20, ("David", "Erik"), 4),
        (("Bo", "David"), 13, ("Anna", "Erik"), 11),
    ],
    "2024-01-17": [
        (("Anna", "Bo"), 16, ("Cecilia", "Åsa"), 8),
        (("Anna", "Cecilia"), 11, ("Bo", "Åsa"), 13),
        (("Anna", "Åsa"), 12, ("Bo", "Cecilia"), 12),
    ],
}
FINAL_ONLY = {"2024-01-24": {"Anna": 40, "David": 35, "Östen": 30, "Bo": 25}}


def rounds_frame(evenings, target=24, final_only=None):
    """Long frame from {tournament: [(team A, points A, team B, points B), ...] per round}."""
    rows = []
    for tournament, rounds in evenings.items():
        date = tournament if tournament[:2] == "20" else "2024-01-01"
        for rnd, matches in enumerate(rounds, 1):
            # a round is one match, or a list of matches (courts)
            courts = matches if isinstance(matches, list) else [matches]
            for court, match in enumerate(courts, 1):
                a, pa, b, pb = match[:4]
                tgt = match[4] if len(match) > 4 else target
                for team, players, pts in (("A", a, pa), ("B", b, pb)):
                    for p in players:
                        rows.append((tournament, date, rnd, court, team, p, pts, tgt))
    for tournament, scores in (final_only or {}).items():
        date = tournament if tournament[:2] == "20" else "2024-01-01"
        for p, pts in scores.items():
            rows.append((tournament, date, None, None, None, p, pts, None))
    df = pd.DataFrame(
        rows,
        columns=["tournament", "date", "round", "match", "team", "player", "points", "target"],
    )
    for c in ("round", "match", "target"):
        df[c] = df[c].astype("Int64")
    return df


@pytest.fixture
def example():
    return rounds_frame(EVENINGS, final_only=FINAL_ONLY)


def board(df, **kw):
    return leaderboard(df, **kw).set_index("player")


# --- the worked example --------------------------------------------------------------------------


def test_example_top_up_every_column(example):
    out = leaderboard(example)
    assert out.columns[:10].tolist() == [
        "place", "player", "ranking", "points", "matches", "wins", "draws", "losses",
        "prior_rounds", "absent_rounds",
    ]  # fmt: skip
    assert out["player"].tolist() == ["Bo", "Anna", "Cecilia", "Åsa", "Erik", "David", "Östen"]
    assert out["place"].tolist()[:6] == [1, 2, 3, 4, 5, 6]
    assert out["place"].isna().tolist() == [False] * 6 + [True]
    expected = [57.083333, 51.25, 50.833333, 48.75, 47.75641, 46.153846]
    assert np.allclose(out["ranking"].head(6), expected, atol=5e-7, rtol=0)
    assert np.isnan(out["ranking"].iloc[6])
    b = out.set_index("player")
    record = ["points", "matches", "wins", "draws", "losses"]
    assert b.loc["Bo", record].tolist() == [126, 7, 5, 2, 0]
    assert b.loc["Bo", ["prior_rounds", "absent_rounds"]].tolist() == [3, 0]
    assert b.loc["Anna", record].tolist() == [127, 7, 2, 2, 3]
    assert b.loc["Åsa", "prior_rounds"] == 7
    assert b.loc["Erik", ["prior_rounds", "absent_rounds"]].tolist() == [6, 3]
    assert b.loc["David", ["points", "prior_rounds", "absent_rounds"]].tolist() == [71, 6, 3]
    assert b.loc["Östen", ["points", "matches"]].tolist() == [30, 0]
    # exact values, from the rule by hand: 100 (P + V/2) / (M + V)
    assert b.loc["Bo", "ranking"] == float(Fraction(100) * (101 + 36) / (168 + 72))
    assert b.loc["Erik", "ranking"] == float(Fraction(100) * (41 + 108) / (96 + 216))


def test_example_constant(example):
    out = leaderboard(example, prior_mode="constant")
    assert out["player"].tolist()[:6] == ["Bo", "Anna", "Cecilia", "Åsa", "Erik", "David"]
    expected = [54.166667, 50.735294, 50.490196, 49.038462, 48.284314, 47.058824]
    assert np.allclose(out["ranking"].head(6), expected, atol=5e-7, rtol=0)
    assert (out["prior_rounds"] == 10).all()


def test_example_k0_tie_and_display_order(example):
    out = leaderboard(example, prior_rounds=0)
    assert out["player"].tolist() == ["Bo", "Anna", "Cecilia", "Erik", "Åsa", "David", "Östen"]
    assert out["place"].tolist()[:6] == [1, 2, 3, 4, 4, 6]
    expected = [60.119048, 51.785714, 51.190476, 45.833333, 45.833333, 42.857143]
    assert np.allclose(out["ranking"].head(6), expected, atol=5e-7, rtol=0)
    assert out["ranking"].iloc[0] == float(Fraction(2525, 42))
    assert out["ranking"].iloc[3] == out["ranking"].iloc[4]  # bit-identical: an exact tie
    assert (out["prior_rounds"] == 0).all()


def test_example_after_first_evening_through_and_history(example):
    expected_players = ["Bo", "Cecilia", "Anna", "Erik", "David"]
    expected = [55.0, 52.916667, 50.0, 47.083333, 45.0]
    out = leaderboard(example, through="2024-01-10")
    assert out["player"].tolist() == expected_players
    assert out["place"].tolist() == [1, 2, 3, 4, 5]
    assert np.allclose(out["ranking"], expected, atol=5e-7, rtol=0)
    assert out.loc[0, "ranking"] == 55.0

    hist = history(example)
    assert hist["tournament"].unique().tolist() == ["2024-01-10", "2024-01-17", "2024-01-24"]
    first = hist[hist["tournament"] == "2024-01-10"].reset_index(drop=True)
    pd.testing.assert_frame_equal(first.drop(columns=["tournament", "date"]), out)
    last = hist[hist["tournament"] == "2024-01-24"].drop(columns=["tournament", "date"])
    pd.testing.assert_frame_equal(last.reset_index(drop=True), leaderboard(example))
    assert (first["date"] == pd.Timestamp("2024-01-10")).all()


def test_example_csv_in_data_matches(example):
    shipped = pd.read_csv(ROOT / "data" / "league" / "worked-example.csv")
    pd.testing.assert_frame_equal(leaderboard(shipped), leaderboard(example))


# --- each rule on its own ------------------------------------------------------------------------

# four players, one round; 1-vs-1 keeps the arithmetic small
ONE = {"T1": [(("a",), 7, ("b",), 3)]}


def test_ranking_formula_and_won_drawn_lost():
    df = rounds_frame(
        {"T1": [(("a",), 7, ("b",), 3), (("a",), 5, ("b",), 5), (("a",), 2, ("b",), 8)]},
        target=10,
    )
    b = board(df, prior_rounds=0)
    assert b.loc["a", ["wins", "draws", "losses", "matches", "points"]].tolist() == [1, 1, 1, 3, 14]
    assert b.loc["a", "ranking"] == float(Fraction(100 * 14, 30))
    assert b.loc["b", "ranking"] == float(Fraction(100 * 16, 30))
    b = board(df, prior_rounds=4)  # top-up: 4 - 3 = 1 virtual round of 10
    assert b.loc["a", "prior_rounds"] == 1
    assert b.loc["a", "ranking"] == float(Fraction(100) * (14 + 5) / (30 + 10))


def test_top_up_vanishes_after_k_rounds_constant_does_not():
    df = rounds_frame({"T1": [(("a",), 7, ("b",), 3)] * 3}, target=10)
    top = board(df, prior_rounds=3)
    const = board(df, prior_rounds=3, prior_mode="constant")
    assert top.loc["a", "prior_rounds"] == 0 and top.loc["a", "ranking"] == 70.0
    assert const.loc["a", "prior_rounds"] == 3
    assert const.loc["a", "ranking"] == float(Fraction(100) * (21 + 15) / (30 + 30))
    more = board(df, prior_rounds=5)  # 2 rounds short
    assert more.loc["a", "ranking"] == float(Fraction(100) * (21 + 10) / (30 + 20))


def test_sit_outs_count_neither_played_nor_missed():
    # five players, one court: e sits out round 1, a sits out round 2
    df = rounds_frame(
        {
            "T1": [
                (("a", "b"), 6, ("c", "d"), 4),
                (("b", "c"), 5, ("d", "e"), 5),
            ]
        },
        target=10,
    )
    b = board(df, prior_rounds=0)
    assert b.loc["a", ["matches", "absent_rounds"]].tolist() == [1, 0]
    assert b.loc["a", "ranking"] == 60.0
    assert b.loc["e", ["matches", "absent_rounds", "ranking"]].tolist() == [1, 0, 50.0]
    b = board(df, prior_rounds=2)
    assert b.loc["a", "prior_rounds"] == 1  # 2 - 1 played; the sat-out round is not counted
    assert b.loc["a", "ranking"] == float(Fraction(100) * (6 + 5) / (10 + 10))


def test_absence_only_from_the_first_tournament_on():
    df = rounds_frame(
        {
            "T1": [(("a",), 8, ("b",), 2), (("a",), 8, ("b",), 2)],
            "T2": [(("a",), 9, ("c",), 1)],
            "T3": [(("b",), 6, ("c",), 4), (("b",), 6, ("c",), 4), (("b",), 6, ("c",), 4)],
        },
        target=10,
    )
    for i, t in enumerate(["T1", "T2", "T3"]):
        df.loc[df["tournament"] == t, "date"] = f"2024-02-0{i + 1}"
    b = board(df, prior_rounds=0)
    # a missed T3 (3 rounds of 10); b missed T2 (1 round); c joined at T2: nothing before it
    assert b.loc["a", "absent_rounds"] == 3
    assert b.loc["a", "ranking"] == float(Fraction(100) * (25 + 15) / (30 + 30))
    assert b.loc["b", "absent_rounds"] == 1
    assert b.loc["b", "ranking"] == float(Fraction(100) * (22 + 5) / (50 + 10))
    assert b.loc["c", "absent_rounds"] == 0
    assert b.loc["c", "ranking"] == float(Fraction(100 * 13, 40))


def test_final_score_only_attended_is_not_absence_and_starts_the_clock():
    df = rounds_frame(
        {"2024-03-08": [(("a",), 6, ("b",), 4)], "2024-03-15": [(("a",), 3, ("b",), 7)]},
        target=10,
        final_only={"2024-03-01": {"a": 50, "c": 20}},
    )
    b = board(df, prior_rounds=0)
    # a attended the final-score evening: no absence, its 50 points count in points only
    assert b.loc["a", ["points", "matches", "absent_rounds"]].tolist() == [59, 2, 0]
    assert b.loc["a", "ranking"] == 45.0
    # c came only to the final-score evening: no ranking, but the clock started, so the two
    # played evenings are absences (1 round each)
    assert b.loc["c", ["points", "matches", "absent_rounds"]].tolist() == [20, 0, 2]
    assert np.isnan(b.loc["c", "ranking"]) and pd.isna(b.loc["c", "place"])
    # b started at 2024-03-08: the final-score evening before it is nothing
    assert b.loc["b", "absent_rounds"] == 0


def test_final_score_only_missed_adds_nothing():
    df = rounds_frame(
        {"2024-03-01": [(("a",), 6, ("b",), 4)], "2024-03-15": [(("a",), 6, ("c",), 4)]},
        target=10,
        final_only={"2024-03-08": {"a": 30, "c": 20}},
    )
    b = board(df, prior_rounds=0)
    assert b.loc["b", "absent_rounds"] == 1  # only 2024-03-15's round, not the final-score one
    assert b.loc["b", "ranking"] == float(Fraction(100) * (4 + 5) / (10 + 10))
    assert b.loc["a", ["points", "absent_rounds", "ranking"]].tolist() == [42, 0, 60.0]


def test_unranked_players_are_listed_last():
    df = rounds_frame(
        {"2024-03-01": [(("a",), 0, ("b",), 10)]},
        target=10,
        final_only={"2024-03-08": {"zz": 99, "a": 1}},
    )
    out = leaderboard(df, prior_rounds=0)
    assert out["player"].tolist() == ["b", "a", "zz"]
    assert out["place"].tolist()[:2] == [1, 2] and pd.isna(out["place"].iloc[2])


def test_differing_targets_typical_target_is_the_median_of_matches():
    # matches with targets 10, 20 (tournament T1, two courts), 21 (T2): median 20
    df = rounds_frame(
        {
            "2024-04-01": [[(("a",), 6, ("b",), 4, 10), (("c",), 15, ("d",), 5, 20)]],
            "2024-04-08": [(("a",), 11, ("c",), 10, 21)],
        }
    )
    b = board(df, prior_rounds=2)
    # b: 1 played round, 1 start round at 20, T2 missed: 1 round at 21
    assert b.loc["b", ["prior_rounds", "absent_rounds"]].tolist() == [1, 1]
    assert b.loc["b", "ranking"] == float(Fraction(100) * (4 + Fraction(20 + 21, 2)) / (10 + 41))
    assert b.loc["a", "ranking"] == float(Fraction(100) * (17) / (31))
    # after T1 only: median of 10 and 20 is 15, and the start weight uses it
    first = board(df, prior_rounds=2, through="2024-04-01")
    assert first.loc["b", "ranking"] == float(Fraction(100) * (4 + Fraction(15, 2)) / (10 + 15))
    hist = history(df, prior_rounds=2).set_index(["tournament", "player"])
    assert hist.loc[("2024-04-01", "b"), "ranking"] == first.loc["b", "ranking"]


def test_missed_tournament_with_mixed_targets_uses_its_median_target():
    # T2 has two rounds: targets 10 and 21 -> median 15.5; b misses it: 2 rounds at 15.5
    df = rounds_frame(
        {
            "2024-04-01": [(("a",), 6, ("b",), 4, 10)],
            "2024-04-08": [(("a",), 6, ("c",), 4, 10), (("a",), 11, ("c",), 10, 21)],
        }
    )
    terms = explain(df, player="b", prior_rounds=0)
    assert terms["term"].tolist() == ["played", "start weight", "absence"]
    assert terms.loc[2, ["rounds", "target", "possible"]].tolist() == [2, 15.5, 31.0]
    b = board(df, prior_rounds=0)
    assert b.loc["b", "ranking"] == float(Fraction(100) * (4 + Fraction(31, 2)) / (10 + 31))


def test_ties_share_places_and_display_order():
    # everyone 5-5 on target 10 in one round each: all rank 50, equal on every criterion
    names = ["Östen", "Zorro", "ärla", "Åsa", "anna", "Bo", "Örjan", "Émile", "Ebba"]
    courts = [((names[i],), 5, (names[i + 1],), 5) for i in range(0, 8, 2)]
    df = rounds_frame({"T1": [courts, (("Ebba",), 5, ("x",), 5)]}, target=10)
    out = leaderboard(df, prior_rounds=0)
    assert (out["place"] == 1).all()
    # Swedish order, case-insensitive: a-z (É as E), then å, ä, ö
    assert out["player"].tolist() == [
        "anna", "Bo", "Ebba", "Émile", "x", "Zorro", "Åsa", "ärla", "Örjan", "Östen",
    ]  # fmt: skip


def test_display_order_matches_points_wins_before_name():
    df = rounds_frame(
        {
            "T1": [
                # a: 2 matches 10/20 (50); b: 1 match 5/10 (50); c 1 match 5/10; d 1 match 5/10
                [(("a",), 5, ("x",), 5), (("c",), 5, ("d",), 5)],
                [(("a",), 5, ("b",), 5)],
            ]
        },
        target=10,
    )
    out = leaderboard(df, prior_rounds=0)
    tied = out[out["ranking"] == 50.0]["player"].tolist()
    assert tied[0] == "a"  # most matches
    # more points first: a final-score evening gives d 3 points without changing the ranking
    df2 = pd.concat([df, rounds_frame({}, final_only={"2024-05-01": {"d": 3}})], ignore_index=True)
    out2 = leaderboard(df2, prior_rounds=0)
    assert out2["player"].tolist()[:2] == ["a", "d"]
    assert out2["place"].tolist()[:4] == [1, 1, 1, 1]


def test_display_order_wins_before_name():
    # b and a: 2 matches, 20 points of 40 each; b won one and lost one, a drew twice
    df = rounds_frame(
        {
            "T1": [
                [(("a",), 10, ("c",), 10), (("b",), 15, ("d",), 5)],
                [(("a",), 10, ("e",), 10), (("b",), 5, ("f",), 15)],
            ]
        },
        target=20,
    )
    out = leaderboard(df, prior_rounds=0)
    top = out[out["ranking"] == 50.0]
    assert top["player"].tolist()[:2] == ["b", "a"]
    assert top.set_index("player").loc["b", "wins"] == 1


def test_same_date_tournaments_ordered_by_id():
    df = rounds_frame({"T2": [(("a",), 6, ("b",), 4)], "T1": [(("a",), 9, ("c",), 1)]}, target=10)
    hist = history(df, prior_rounds=0)
    assert hist["tournament"].unique().tolist() == ["T1", "T2"]
    after_t1 = hist[hist["tournament"] == "T1"]
    assert after_t1["player"].tolist() == ["a", "c"]


def test_leagues_and_seasons_computed_independently(example):
    other = example.assign(league="B")
    other["player"] = other["player"].replace({"Bo": "Anna", "Anna": "Bo"})
    both = pd.concat([example.assign(league="A"), other], ignore_index=True)
    out = leaderboard(both)
    assert out["league"].tolist() == ["A"] * 7 + ["B"] * 7
    a = out[out["league"] == "A"].drop(columns="league").reset_index(drop=True)
    pd.testing.assert_frame_equal(a, leaderboard(example))
    b = out[out["league"] == "B"].set_index("player")
    assert b.loc["Anna", "points"] == 126 and b.loc["Bo", "points"] == 127
    hist = history(both.rename(columns={"league": "season"}))
    assert hist.columns[:3].tolist() == ["season", "tournament", "date"]
    assert len(hist) == 2 * len(history(example))
    pooled = leaderboard(example.assign(league="A"), by=[])
    pd.testing.assert_frame_equal(pooled, leaderboard(example))


def test_explain_adds_up(example):
    out = board(example)
    for player in ["Bo", "Anna", "Erik", "David", "Åsa"]:
        terms = explain(example, player=player)
        assert np.isclose(
            100 * terms["points"].sum() / terms["possible"].sum(), out.loc[player, "ranking"]
        )
    terms = explain(example, player="Erik")
    assert terms["term"].tolist() == ["played", "start weight", "absence"]
    assert terms["tournament"].tolist()[2] == "2024-01-17"
    assert terms["rounds"].tolist() == [4, 6, 3]
    with pytest.raises(ValueError, match="no player"):
        explain(example, player="Nobody")
    # after the first evening: 4 played rounds (41 of 96), 6 start rounds at 24, no absence yet
    early = explain(example, player="Erik", through="2024-01-10")
    assert early["term"].tolist() == ["played", "start weight"]
    assert early["points"].tolist() == [41.0, 72.0] and early["possible"].tolist() == [96.0, 144.0]
    assert np.isclose(100 * early["points"].sum() / early["possible"].sum(), 47.083333)


def test_no_mutation(example):
    saved = example.copy(deep=True)
    leaderboard(example, through="2024-01-17")
    history(example)
    explain(example, player="Bo")
    pd.testing.assert_frame_equal(example, saved)


def test_public_names():
    import tourneystats

    assert tourneystats.leaderboard is leaderboard
    assert tourneystats.league.history is history and tourneystats.league.explain is explain
    assert {"leaderboard", "LeagueRules", "league"} <= set(tourneystats.__all__)


def test_rules_and_arguments(example):
    with pytest.raises(ValueError, match="prior_mode"):
        leaderboard(example, prior_mode="fixed")
    with pytest.raises(ValueError, match="prior_rounds"):
        leaderboard(example, prior_rounds=-1)
    with pytest.raises(ValueError, match="through"):
        leaderboard(example, through="not a date")
    assert LeagueRules() == LeagueRules(prior_rounds=10, prior_mode="top-up")
    early = leaderboard(example, through="2023-01-01")
    assert early.empty and "ranking" in early.columns


# --- validation ----------------------------------------------------------------------------------


def refused(df, match):
    with pytest.raises(ValidationError, match=match) as info:
        leaderboard(df)
    return str(info.value)


def test_validation_errors_name_tournament_round_player(example):
    bad = example.copy()
    bad.loc[0, "points"] = 14  # Anna 14 but Bo 15 in the same team
    msg = refused(bad, "different points")
    assert "tournament='2024-01-10'" in msg and "round=1" in msg and "player='Anna'" in msg

    bad = example.copy()
    bad.loc[bad["team"] == "A", "points"] = bad.loc[bad["team"] == "A", "points"] + 1
    refused(bad, "add up to the target")

    bad = example.copy()
    bad.loc[1, "team"] = "C"
    refused(bad, "exactly two teams")

    bad = example.copy()
    bad = bad.drop(index=1)
    refused(bad, "unequal size")

    bad = example.copy()
    bad.loc[1, "target"] = 25
    refused(bad, "more than one target")

    bad = example.copy()
    bad.loc[1, "player"] = "Anna"  # Anna twice in round 1
    msg = refused(bad, "more than once in a round")
    assert "player='Anna'" in msg

    bad = example.copy()
    bad.loc[bad.index[-1], "points"] = -1
    refused(bad, "negative points")

    bad = example.copy()
    bad.loc[0, "date"] = "2024-01-11"
    refused(bad, "more than one date")

    bad = example.copy()
    bad.loc[0, "target"] = pd.NA
    refused(bad, "missing target")

    bad = pd.concat([example, example.tail(1)], ignore_index=True)
    refused(bad, "more than one final score")

    bad = pd.concat(
        [example, example.tail(1).assign(tournament="2024-01-10", date="2024-01-10")],
        ignore_index=True,
    )
    refused(bad, "both a final score and round results")

    bad = example.copy()
    bad.loc[bad.index[-1], "match"] = 1
    refused(bad, "without a round")
    bad = example.copy()
    bad.loc[bad.index[-1], "target"] = 24  # a final score has no target
    msg = refused(bad, "target without a round")
    assert "tournament='2024-01-24'" in msg and "player='Bo'" in msg

    refused(example.drop(columns="date"), "missing column")
    refused(example.drop(columns="target"), "need column")
    bad = example.copy()
    bad["points"] = bad["points"].astype(float)
    bad.loc[0, "points"] = 14.5
    refused(bad, "whole numbers")
    bad = rounds_frame({"T1": [(("a",), 0, ("b",), 0)]}, target=0)
    refused(bad, "not positive")


def test_rounds_start_at_one_and_have_no_gap(example):
    for low in (0, -1):
        bad = example.copy()
        bad.loc[0, "round"] = low
        msg = refused(bad, "round numbers start at 1")
        assert f"round={low}, match=1, team='A', player='Anna'" in msg
    # a typo 1 -> 10: the first evening has rounds 2, 3, 4, 5, 10
    bad = example.copy()
    bad.loc[bad["round"] == 1, "round"] = 10
    msg = refused(bad, "a gap in the round numbers")
    assert "tournament '2024-01-10' has no round 1;" in msg
    assert "tournament '2024-01-10' has no rounds 6 to 9;" in msg
    assert "tournament='2024-01-10', round=2" in msg  # the rows after a gap are listed
    # a missing middle round of the second evening
    bad = example[~((example["tournament"] == "2024-01-17") & (example["round"] == 2))]
    msg = refused(bad, "gap")
    assert "tournament '2024-01-17' has no round 2; the rounds after a gap (4 rows)" in msg


def test_points_above_the_target(example):
    bad = example.copy()
    bad.loc[[0, 1], "points"] = 30  # team A 30 of a target of 24
    msg = refused(bad, "points above the match's target \\(2 rows\\)")
    assert "tournament='2024-01-10', round=1, match=1, team='A', player='Bo'" in msg


def test_targets_and_final_scores_are_bounded(example):
    # a match played to 2000 points (both teams' points scaled): far past any real target
    big = example.assign(points=example["points"] * 100, target=example["target"] * 100)
    msg = refused(big, "a target above 1000 points \\(32 rows\\)")
    assert "tournament='2024-01-10', round=1, match=1, team='A', player='Anna'" in msg
    largest = leaderboard(rounds_frame({"T1": [(("a",), 600, ("b",), 400)]}, target=1000))
    assert largest["ranking"].tolist() == [51.0, 49.0]  # (600 + 9 x 500) / (1000 + 9 x 1000)
    bad = example.copy()
    bad.loc[bad.index[-1], "points"] = 10**18  # would overflow the sums
    msg = refused(bad, "a final score above 1000000 points")
    assert "tournament='2024-01-24'" in msg and "player='Bo'" in msg


def test_dates_iso_8601_or_yyyymmdd(example):
    expected = history(example)
    iso = example["date"]
    as_number = iso.str.replace("-", "").astype("int64")  # 20240110, as a CSV reader types it
    for dates in (
        as_number,
        as_number.astype("float64"),
        iso.str.replace("-", ""),
        iso.str.replace("-", "/"),
        iso.where(example.index != 0, "20240110"),
        pd.to_datetime(iso),
        pd.to_datetime(iso).dt.tz_localize("Europe/Stockholm"),  # the local date is kept
        pd.to_datetime(iso).dt.date,  # Python dates
    ):
        pd.testing.assert_frame_equal(history(example.assign(date=dates)), expected)
    pd.testing.assert_frame_equal(
        leaderboard(example, through=20240117), leaderboard(example, through="2024-01-17")
    )
    with pytest.raises(ValueError, match="through must be a date"):
        leaderboard(example, through=17)  # not 1970-01-01 plus 17 nanoseconds
    with_time = history(example.assign(date=iso + " 19:00"))
    assert (with_time["date"] == expected["date"] + pd.Timedelta(hours=19)).all()
    for dates, rows in (
        (iso.where(example.index != 0, "not a date"), "1 row"),
        (iso.str[8:] + "." + iso.str[5:7] + "." + iso.str[:4], "36 rows"),  # 10.01.2024
        (iso.str[5:7] + "/" + iso.str[8:] + "/" + iso.str[:4], "36 rows"),  # 01/10/2024
        (pd.Series(45301, index=example.index), "36 rows"),  # an Excel day number
        (pd.Series(1704844800, index=example.index), "36 rows"),  # a Unix time
        (as_number.where(example.index != 0, 20241310), "1 row"),  # month 13
        (iso.str.replace("2024", "2500"), "36 rows"),  # past what the leaderboard holds
        (pd.Series(True, index=example.index), "36 rows"),
    ):
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # no pandas warning leaks before the error
            msg = refused(example.assign(date=dates), "column 'date' is not a date: write it ")
        assert f"ambiguous ({rows}):" in msg and "tournament='2024-01-10'" in msg


def test_standings_from_path_file_and_folder(tmp_path, example):
    example.to_csv(tmp_path / "club.csv", index=False)
    other = example.assign(league="Kvällsligan")
    other.to_parquet(tmp_path / "more.parquet", index=False)
    (tmp_path / "notes.txt").write_text("ignored")
    one = standings_from_path(tmp_path / "club.csv", prior_rounds=0)
    assert one["league"].unique().tolist() == ["club"]
    pd.testing.assert_frame_equal(one.drop(columns="league"), leaderboard(example, prior_rounds=0))
    both = standings_from_path(tmp_path, prior_mode="constant")
    assert sorted(both["league"].unique()) == ["Kvällsligan", "club"]
    assert len(both) == 14
    with pytest.raises(ValueError, match="no such"):
        standings_from_path(tmp_path / "missing.csv")
    # the shipped sample folder: a league with two seasons, and the worked example
    demo = standings_from_path(ROOT / "data" / "league")
    assert demo.columns[:3].tolist() == ["league", "season", "place"]
    example_part = demo[demo["league"] == "worked-example"]
    assert example_part["season"].unique().tolist() == ["all"]
    pd.testing.assert_frame_equal(
        example_part.drop(columns=["league", "season"]).reset_index(drop=True),
        leaderboard(example),
    )
    assert sorted(demo.loc[demo["league"] == "kvallsligan", "season"].unique()) == ["S01", "S02"]


def test_read_results_a_league_per_file_and_seasons(tmp_path, example):
    example.to_csv(tmp_path / "club.csv", index=False)
    one = read_results(tmp_path / "club.csv")
    assert one.columns[0] == "league" and (one["league"] == "club").all()
    assert len(one) == len(example) and "season" not in one.columns
    # a folder: files in name order, a season column in one file gives the others season "all"
    example.assign(season="S1").to_parquet(tmp_path / "another.parquet", index=False)
    (tmp_path / "notes.txt").write_text("ignored")
    (tmp_path / "sub.csv").mkdir()  # a folder named like a table is not read
    both = read_results(tmp_path)
    assert both["league"].unique().tolist() == ["another", "club"]
    assert both.groupby("league")["season"].unique().map(list).to_dict() == {
        "another": ["S1"],
        "club": ["all"],
    }
    assert len(both) == 2 * len(example)
    pd.testing.assert_frame_equal(
        standings_from_path(tmp_path, prior_rounds=3),
        leaderboard(both, prior_rounds=3),
    )
    with pytest.raises(ValueError, match="no such file"):
        read_results(tmp_path / "missing.csv")
    (tmp_path / "empty").mkdir()
    with pytest.raises(ValueError, match="no league results in this folder"):
        read_results(tmp_path / "empty")


def test_history_from_path(tmp_path, example):
    example.to_csv(tmp_path / "club.csv", index=False)
    example.assign(league="Tuesday").to_csv(tmp_path / "other.csv", index=False)
    got = history_from_path(tmp_path, prior_mode="constant", prior_rounds=None)
    assert got["league"].unique().tolist() == ["Tuesday", "club"]
    want = history(example, prior_mode="constant")
    for name in ("Tuesday", "club"):
        mine = got[got["league"] == name].drop(columns="league").reset_index(drop=True)
        pd.testing.assert_frame_equal(mine, want)
    # the last cut-off of the worked example is the K = 10 constant leaderboard
    last = got[(got["league"] == "club") & (got["tournament"] == "2024-01-24")]
    assert last["player"].tolist()[:2] == ["Bo", "Anna"]
    assert np.allclose(last["ranking"].head(2), [54.166667, 50.735294], atol=5e-7, rtol=0)
    # the CLI's drift history of the league is the same frame
    from tourneystats.cli import history_from_path as cli_history

    pd.testing.assert_frame_equal(cli_history("league", tmp_path, prior_mode="constant"), got)


def test_cli_standings(tmp_path, example, capsys):
    from tourneystats.cli import main

    path = tmp_path / "club.csv"
    example.to_csv(path, index=False)
    out = tmp_path / "out.csv"
    assert main(["standings", str(path), "--family", "league", "--prior-rounds", "0",
                 "--prior-mode", "top-up", "--out", str(out)]) == 0  # fmt: skip
    written = pd.read_csv(out)
    assert written["player"].tolist()[:5] == ["Bo", "Anna", "Cecilia", "Erik", "Åsa"]
    assert "60.119048" in capsys.readouterr().out


def test_a_file_without_the_league_columns_is_refused_naming_its_own_columns(tmp_path):
    # the league column the reader adds (the file's stem) is not among the columns it names
    path = tmp_path / "matches.csv"
    pd.DataFrame({"event": ["E"], "round": [1], "player": ["A"]}).to_csv(path, index=False)
    with pytest.raises(ValidationError) as refused:
        standings_from_path(path)
    message = str(refused.value)
    assert message.startswith(f"{path}: results: missing column(s) 'tournament', 'date', 'points'")
    assert message.endswith("got 'event', 'round', 'player'")
