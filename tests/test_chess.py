"""Chess tie-breaks: the seed's examples, hand-built adjusted cases, options and validation.

Every printed value of the FIDE TEC "Exercises in Tie-Breaking" is checked by test_chess_tec.py
from ``tests/data/chess/tec/``; the tests here reuse its 5-round Swiss crosstable.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tourneystats import ValidationError
from tourneystats.chess import (
    explain,
    history_from_path,
    parse_tiebreak,
    read_results,
    read_trf,
    rules_for_date,
    standings,
    standings_by_round,
    standings_from_path,
    validate_results,
)

TEC = Path(__file__).parent / "data" / "chess" / "tec"

_TOKEN = re.compile(r"^([+=-])(FPB|W|B|F)?(\d+|BYE)?$")


def crosstable(text: str, event: str = "T") -> tuple[pd.DataFrame, pd.DataFrame]:
    """Results and players of a small hand-built crosstable in the TEC paper's notation.

    A line is ``number name rating cell cell ...``; a cell is ``+W10`` (won with White against
    #10), ``=B3`` (drew with Black), ``-F12`` / ``+F9`` (forfeit loss / win), ``+BYE`` (PAB),
    ``=BYE`` (half-point bye), ``+FPB`` (full-point bye) or ``--`` (absent).
    """
    rows, players = [], []
    for line in text.strip().splitlines():
        number, name, rating, *cells = line.split()
        players.append({"event": event, "player": int(number), "name": name, "rating": int(rating)})
        for rnd, cell in enumerate(cells, start=1):
            row = {"event": event, "round": rnd, "player": int(number)}
            if cell == "--":
                row.update(opponent=None, colour=None, points=0.0, kind="zpb")
                rows.append(row)
                continue
            sign, how, what = _TOKEN.match(cell).groups()
            points = {"+": 1.0, "=": 0.5, "-": 0.0}[sign]
            if what == "BYE" or how == "FPB":
                kind = "fpb" if how == "FPB" else "pab" if sign == "+" else "hpb"
                row.update(opponent=None, colour=None, points=points, kind=kind)
            elif how == "F":
                kind = "forfeit_win" if sign == "+" else "forfeit_loss"
                row.update(opponent=int(what), colour=None, points=points, kind=kind)
            else:
                row.update(opponent=int(what), colour=how.lower(), points=points, kind="played")
            rows.append(row)
    results = pd.DataFrame(rows)
    results["opponent"] = results["opponent"].astype("Int64")
    return results, pd.DataFrame(players)


@pytest.fixture(scope="module")
def tec_swiss():
    """The TEC paper's 5-round Swiss (16 players) as event "T": results and players."""
    data = read_trf(TEC / "summary_swiss.trf", event="T")
    results = data.results.assign(event=data.results["event"].astype(str))
    return results, data.players[["event", "player", "name", "rating"]].astype({"event": str})


def test_tec_swiss_2026_cap(tec_swiss):
    """The 2026 dummy is capped: Nick (#12, 2.0 points, withdrew) has a half-point cap of 2.5."""
    results, _ = tec_swiss
    t24 = standings(results, tiebreaks=["BH"], rules="fide2024").set_index("player")["BH"]
    t26 = standings(results, tiebreaks=["BH"], rules="fide2026").set_index("player")["BH"]
    # by hand: #4 has 3.5 points, an HPB: dummy min(3.5, 0.5 * 5 rounds) = 2.5 -> BH 15.0 - 1.0
    assert t24[4] == 15.0 and t26[4] == 14.0
    # #11 has a forfeit win against #9 (score as counted 1.5): dummy min(2.5, 1.5) -> 13.5 - 1
    assert t24[11] == 13.5 and t26[11] == 12.5
    # #12: PAB (cap 2.5, own 2.0 -> 2.0), forfeit win vs #14 (2.0), absences (2.0): unchanged
    assert t24[12] == t26[12] == 11.5


def test_tec_progressive_score_details(tec_swiss):
    results, _ = tec_swiss
    ex = explain(results, tiebreak="PS", player=2, rules="fide2024")
    assert ex["contribution"].tolist() == [1.0, 2.0, 2.5, 3.5, 4.0]
    cut = standings(results, tiebreaks=["PS/C1"], rules="fide2024").set_index("player")
    assert cut.loc[2, "PS/C1"] == 12.0  # the first round's 1.0 is cut


def test_de_leader_of_incomplete_group():
    """The TEC's A-B-C-D example: A beat all, B beat C and D, C-D never met: A, B, then a tie."""
    table = """
1 A 2000 +W2 +W3 +W4 -- --
2 B 1900 -B1 +W4 +W3 +FPB --
3 C 1800 +FPB -B1 -B2 +FPB +FPB
4 D 1700 +FPB -B2 -B1 +FPB +FPB
"""
    results, _ = crosstable(table)
    assert results.groupby("player")["points"].sum().tolist() == [3.0] * 4
    t = standings(results, tiebreaks=["DE"], rules="fide2024").set_index("player")
    assert t.loc[[1, 2, 3, 4], "DE"].tolist() == [3.0, 2.0, 0.0, 0.0]
    assert t.loc[[1, 2, 3, 4], "rank"].tolist() == [1, 2, 3, 3]


# --- the seed text: cumulative score --------------------------------------------------------


def _line(results: str, kinds: list[str] | None = None) -> pd.DataFrame:
    """One player's rounds against distinct opponents (the opponents' rows mirror them)."""
    value = {"W": 1.0, "D": 0.5, "L": 0.0}
    rows = []
    for rnd, r in enumerate(results, start=1):
        kind = kinds[rnd - 1] if kinds else "played"
        opp = 100 + rnd
        if kind == "played":
            rows.append(("E", rnd, 1, opp, "w", value[r], "played"))
            rows.append(("E", rnd, opp, 1, "b", 1 - value[r], "played"))
        elif kind in ("forfeit_win", "forfeit_loss"):
            other = "forfeit_loss" if kind == "forfeit_win" else "forfeit_win"
            rows.append(("E", rnd, 1, opp, None, value[r], kind))
            rows.append(("E", rnd, opp, 1, None, 1 - value[r], other))
        else:
            rows.append(("E", rnd, 1, None, None, value[r], kind))
    frame = pd.DataFrame(
        rows, columns=["event", "round", "player", "opponent", "colour", "points", "kind"]
    )
    frame["opponent"] = frame["opponent"].astype("Int64")
    return frame


@pytest.mark.parametrize(
    ("line", "kinds", "cum"),
    [
        ("WLLLD", None, 5.5),  # seed: 1 + 1 + 1 + 1 + 1.5
        ("WLWDL", None, 9.0),  # seed: 1 + 1 + 2 + 2.5 + 2.5
        # a forfeit win in round 1 and a half-point bye in round 4 cost 1 and 1/2
        ("WLWDL", ["forfeit_win", "played", "played", "hpb", "played"], 7.5),
        ("WLWDL", ["pab", "played", "played", "played", "played"], 8.0),
    ],
)
def test_cumulative_score_of_the_seed(line, kinds, cum):
    table = standings(_line(line, kinds), tiebreaks=["CUM", "PS"]).set_index("player")
    assert table.loc[1, "CUM"] == cum
    unplayed = sum(
        {"W": 1.0, "D": 0.5, "L": 0.0}[r]
        for r, k in zip(line, kinds or ["played"] * 5, strict=True)
        if k != "played"
    )
    assert table.loc[1, "PS"] == cum + unplayed


# --- the adjusted rule, by hand -------------------------------------------------------------

ADJUSTED_CASE = """
1 A 2000 +W2 +F3 =BYE +B4
2 B 1900 -B1 +W4 -- --
3 C 1800 +W4 -F1 +BYE =W5
4 D 1700 -B3 -B2 +W5 -W1
5 E 1600 =BYE -- -B4 =B3
"""
# rounds: 1: A-B 1-0, C-D 1-0, E hpb; 2: A wins by forfeit vs C, B-D 1-0, E absent;
# 3: A hpb, B withdrew (absent from round 3 on), C pab, D-E 1-0; 4: A-D 1-0, C-E draw.


def test_adjusted_by_hand():
    results, players = crosstable(ADJUSTED_CASE)
    t = standings(
        results, tiebreaks=["BH", "BH/C1", "SB", "KS", "ARO", "AOB"], players=players
    ).set_index("player")
    # adjusted scores: OTB points + 1/2 per unplayed round
    #   A: OTB 1 + 1 = 2 (rounds 1, 4), unplayed 2 (forfeit, hpb) -> 3.0
    #   B: OTB 0 + 1 = 1, unplayed 2 (withdrawal) -> 2.0
    #   C: OTB 1 + 0.5 = 1.5, unplayed 2 (forfeit loss, pab) -> 2.5
    #   D: OTB 0 + 0 + 1 + 0 = 1, no unplayed -> 1.0
    #   E: OTB 0 + 0.5 = 0.5, unplayed 2 (hpb, absent) -> 1.5
    assert t["PTS"].to_dict() == {1: 3.5, 2: 1.0, 3: 2.5, 4: 1.0, 5: 1.0}
    bh = {
        1: 2.0 + 3.0 + 3.0 + 1.0,  # B, self (forfeit), self (hpb), D
        2: 3.0 + 1.0 + 2.0 + 2.0,  # A, D, self, self
        3: 1.0 + 2.5 + 2.5 + 1.5,  # D, self (forfeit loss), self (pab), E
        4: 2.5 + 2.0 + 1.5 + 3.0,  # C, B, E, A
        5: 1.5 + 1.5 + 1.0 + 2.5,  # self, self, D, C
    }
    assert t["BH"].to_dict() == bh
    # cut 1: the lowest contribution whatever it is (no VUR exception)
    assert t["BH/C1"].to_dict() == {1: 8.0, 2: 7.0, 3: 6.5, 4: 7.5, 5: 5.5}
    sb = {
        1: 1 * 2.0 + 0.5 * 3.0 + 0.5 * 3.0 + 1 * 1.0,  # unplayed: half the own adjusted score
        2: 0 * 3.0 + 1 * 1.0 + 0.5 * 2.0 + 0.5 * 2.0,
        3: 1 * 1.0 + 0.5 * 2.5 + 0.5 * 2.5 + 0.5 * 1.5,
        4: 0 + 0 + 1 * 1.5 + 0,
        5: 0.5 * 1.5 + 0.5 * 1.5 + 0 + 0.5 * 2.5,
    }
    assert t["SB"].to_dict() == sb
    # Koya: 4 rounds, limit 2.0 (adjusted); an unplayed round counts 1/2 when the own
    # adjusted score reaches the limit
    ks = {
        1: 1.0 + 0.5 + 0.5 + 0.0,  # B (2.0) beaten, 2 unplayed (own 3.0), D (1.0) below
        2: 0.0 + 0.0 + 0.5 + 0.5,  # lost to A, D below, 2 unplayed (own 2.0)
        3: 0.0 + 0.5 + 0.5 + 0.0,  # D below, 2 unplayed (own 2.5), E below
        4: 0.0 + 0.0 + 0.0 + 0.0,
        5: 0.0 + 0.0 + 0.0 + 0.5,  # own 1.5 below; drew with C (2.5)
    }
    assert t["KS"].to_dict() == ks
    # ARO: over-the-board games only
    assert t.loc[1, "ARO"] == round((1900 + 1700) / 2)
    assert t.loc[2, "ARO"] == round((2000 + 1700) / 2)
    assert t.loc[5, "ARO"] == round((1700 + 1800) / 2)
    # AOB: the Buchholz of opponents met over the board
    assert t.loc[1, "AOB"] == (bh[2] + bh[4]) / 2
    assert t.loc[4, "AOB"] == pytest.approx((bh[3] + bh[2] + bh[5] + bh[1]) / 4)


def test_adjusted_vs_fide2024_and_fide2009_by_hand():
    results, _ = crosstable(ADJUSTED_CASE)
    f24 = standings(results, tiebreaks=["BH", "BH/C1"], rules="fide2024").set_index("player")
    # B withdrew: his rounds 3-4 count as draws for opponents -> 0 + 1 + 0.5 + 0.5 = 2.0
    # E: hpb r1 followed by played games -> face value; absent r2, later played -> 0: 1.0
    # A's own unplayed rounds (forfeit win, hpb) are dummies at A's 3.5 points
    assert f24.loc[1, "BH"] == 2.0 + 3.5 + 3.5 + 1.0
    # cut 1 with a VUR (the hpb) present: the hpb's 3.5 is cut, not B's 2.0
    assert f24.loc[1, "BH/C1"] == 2.0 + 3.5 + 1.0
    # C: D 1.0, dummy 2.5 (forfeit loss, VUR), dummy 2.5 (pab), E 1.0
    assert f24.loc[3, "BH"] == 7.0
    assert f24.loc[3, "BH/C1"] == 4.5  # the forfeit loss is cut first
    f09 = standings(results, tiebreaks=["BH"], rules="fide2009").set_index("player")
    # A: B's 2.0 (unplayed as draws), virtual r2: 1 + (1 - 1) + 0.5 * 2 = 2.0,
    # virtual r3: 2 + (1 - 0.5) + 0.5 * 1 = 3.0, D 1.0
    assert f09.loc[1, "BH"] == 2.0 + 2.0 + 3.0 + 1.0


# --- per-event rules, auto, by round, explain, validation ------------------------------------


def test_rules_per_event_and_auto(tec_swiss):
    results, _ = tec_swiss
    both = pd.concat([results, results.assign(event="U")], ignore_index=True)
    t = standings(both, tiebreaks=["BH"], rules={"T": "fide2024", "U": "fide2009"})
    solo24 = standings(results, tiebreaks=["BH"], rules="fide2024")
    solo09 = standings(results.assign(event="U"), tiebreaks=["BH"], rules="fide2009")
    pd.testing.assert_frame_equal(t[t["event"] == "T"].reset_index(drop=True), solo24)
    pd.testing.assert_frame_equal(t[t["event"] == "U"].reset_index(drop=True), solo09)
    events = pd.DataFrame({"event": ["T", "U"], "date": ["2024-05-01", "2019-05-01"]})
    auto = standings(both, tiebreaks=["BH"], rules="auto", events=events)
    pd.testing.assert_frame_equal(auto, t)
    assert rules_for_date("2023-08-31") == "fide2009"
    assert rules_for_date("2023-09-01") == "fide2024"
    assert rules_for_date("2026-02-28") == "fide2024"


def test_auto_without_a_start_date(tec_swiss):
    """rules="auto" refuses undated events by name; "auto:NAME" gives them NAME."""
    results, _ = tec_swiss
    both = pd.concat([results, results.assign(event="U")], ignore_index=True)
    expected = standings(both, tiebreaks=["BH"], rules={"T": "fide2024", "U": "fide2009"})
    dated = pd.DataFrame({"event": ["T", "U"], "date": ["2024-05-01", None]})
    with pytest.raises(ValidationError, match=r"1 event\(s\) have no start date.*\['U'\]"):
        standings(both, tiebreaks=["BH"], rules="auto", events=dated)
    with pytest.raises(ValidationError, match=r"2 event\(s\).*auto:fide2009"):
        standings(both, tiebreaks=["BH"], rules="auto")  # no dates at all
    got = standings(both, tiebreaks=["BH"], rules="auto:fide2009", events=dated)
    pd.testing.assert_frame_equal(got, expected)
    # a dated event is ranked by its date even with a fallback; per-event values too
    dated2 = dated.assign(date=["2024-05-01", "2019-01-01"])
    got2 = standings(both, tiebreaks=["BH"], rules="auto:fide2026", events=dated2)
    pd.testing.assert_frame_equal(got2, expected)
    got3 = standings(
        both, tiebreaks=["BH"], rules={"T": "auto", "U": "auto:fide2009"}, events=dated
    )
    pd.testing.assert_frame_equal(got3, expected)
    history = standings_by_round(both, tiebreaks=["BH"], rules="auto:fide2009", events=dated)
    last = history[history["round"] == 5].drop(columns="round").reset_index(drop=True)
    pd.testing.assert_frame_equal(last, expected)
    for bad in ("auto:fide1999", "auto:"):
        with pytest.raises(ValueError, match="unknown rule set"):
            standings(both, tiebreaks=["BH"], rules=bad, events=dated)
    # a rule-set name is matched in any letter case (core.schema.rule_key): AUTO is auto
    with pytest.raises(ValidationError, match=r"1 event\(s\) have no start date.*\['U'\]"):
        standings(both, tiebreaks=["BH"], rules=" AUTO", events=dated)
    got4 = standings(both, tiebreaks=["BH"], rules={"T": "FIDE2024", "U": "Fide2009"})
    pd.testing.assert_frame_equal(got4, expected)


def test_by_round_matches_truncated_standings(tec_swiss):
    results, players = tec_swiss
    codes = ["BH/C1", "SB", "PS", "ARO", "KS", "DE"]
    history = standings_by_round(results, tiebreaks=codes, rules="fide2024", players=players)
    assert len(history) == 16 * 5
    for k in (1, 3, 5):
        alone = standings(
            results[results["round"] <= k], tiebreaks=codes, rules="fide2024", players=players
        )
        got = history[history["round"] == k].drop(columns="round").reset_index(drop=True)
        pd.testing.assert_frame_equal(got, alone)


@pytest.mark.parametrize("rules", ["adjusted", "fide2024", "fide2026", "fide2009"])
@pytest.mark.parametrize(
    "code", ["BH", "BH/C1", "BH/M1", "SB", "SB/C1", "FB", "KS", "PS", "PS/C1", "CUM", "WIN", "REP"]
)
def test_explain_sums_to_the_value(tec_swiss, rules, code):
    results, _ = tec_swiss
    ex = explain(results, tiebreak=code, rules=rules)
    table = standings(results, tiebreaks=[code], rules=rules).set_index("player")[code]
    sums = ex[~ex["cut"]].groupby("player")["contribution"].sum()
    np.testing.assert_allclose(sums.loc[table.index], table.to_numpy())
    assert (ex.groupby("player")["value"].first().loc[table.index] == table).all()


def test_explain_names_the_stand_ins(tec_swiss):
    results, _ = tec_swiss
    ex = explain(results, tiebreak="BH/C1", player=4, rules="fide2024")
    assert ex["counted_as"].tolist() == ["player", "dummy", "player", "player", "player"]
    assert ex["score"].tolist() == [3.0, 3.5, 1.5, 3.5, 3.5]  # #12 adjusted to 3.0
    assert ex["adjusted"].tolist() == [True, True, False, False, False]
    assert ex["cut"].tolist() == [False, True, False, False, False]  # the HPB is cut first
    ex09 = explain(results, tiebreak="BH", player=4, rules="fide2009")
    # virtual opponent of round 2: 1 + (1 - 0.5) + 0.5 * 3 = 3.0
    assert ex09.loc[1, "counted_as"] == "virtual" and ex09.loc[1, "score"] == 3.0


def test_tiebreak_codes():
    assert parse_tiebreak("ge").code == "REP"
    assert parse_tiebreak("ARO/C1").low == 1
    for bad in ("BH/X1", "WIN/C1", "KS/C1", "NOPE", "BH/C0"):
        with pytest.raises(ValueError):
            parse_tiebreak(bad)
    results, _ = crosstable(ADJUSTED_CASE)
    with pytest.raises(ValueError, match="unknown tie-break"):
        standings(results, tiebreaks=["BH", "XX"])
    with pytest.raises(ValueError, match="unknown rule set"):
        standings(results, rules="fide1999")


def _two_games():
    return pd.DataFrame(
        {
            "event": "E",
            "round": [1, 1, 1, 1],
            "player": [1, 2, 3, 4],
            "opponent": pd.array([2, 1, 4, 3], dtype="Int64"),
            "colour": ["w", "b", "w", "b"],
            "points": [1.0, 0.0, 0.5, 0.5],
            "kind": "played",
        }
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.assign(points=[1.0, 1.0, 0.5, 0.5]), "two sides of a game"),
        (lambda d: d.assign(colour=["w", "w", "w", "b"]), "same colour"),
        (lambda d: d.assign(opponent=pd.array([2, 1, 4, 9], dtype="Int64")), "not a player"),
        (lambda d: d.assign(opponent=pd.array([2, 3, 4, 3], dtype="Int64")), "does not name"),
        (lambda d: d.assign(kind=["played", "played", "draw", "played"]), "unknown kind"),
        (lambda d: d.assign(points=[1.0, 0.0, 0.25, 0.75]), "points must be"),
        (lambda d: pd.concat([d, d.iloc[[0]]]), "twice in a round"),
        (lambda d: d.assign(kind=["pab", "played", "played", "played"]), "has an opponent"),
        (
            lambda d: d.assign(kind=["forfeit_win", "played", "played", "played"]),
            "two sides of a game",
        ),
        (lambda d: d.drop(columns="kind"), "missing column"),
    ],
)
def test_bad_input_names_the_rows(change, message):
    with pytest.raises(ValidationError, match=message) as info:
        standings(change(_two_games()))
    if "column" not in message:
        assert "event='E'" in str(info.value) and "round=1" in str(info.value)


def test_planned_rounds_add_no_round_and_rounds_beyond_them_are_refused():
    events = pd.DataFrame({"event": ["E"], "rounds": [3]})
    ok = standings(_two_games(), tiebreaks=["BH"], events=events).set_index("player")["BH"]
    # 1 round played of 3 planned: rounds 2-3 are not absences, BH is the opponent's score
    assert ok.to_dict() == {1: 0.0, 3: 0.5, 4: 0.5, 2: 1.0}
    pd.testing.assert_frame_equal(
        standings(_two_games(), events=events, rules="fide2026"),
        standings(_two_games(), rules="fide2026"),
    )
    late = _two_games().assign(round=4)
    with pytest.raises(ValidationError, match="planned rounds") as info:
        standings(late, tiebreaks=["BH"], events=events)
    assert "round=4" in str(info.value) and "player=1" in str(info.value)


def _three_rounds() -> pd.DataFrame:
    """_two_games played again in rounds 2 and 3 (#1 and #2 swap colours, all draws later)."""
    later = [_two_games().assign(round=r, points=0.5, colour=["b", "w", "b", "w"]) for r in (2, 3)]
    return pd.concat([_two_games(), *later], ignore_index=True)


@pytest.mark.parametrize("call", [standings, standings_by_round, explain, validate_results])
def test_a_round_number_typo_is_refused_naming_the_event_and_the_rounds(call):
    for typo, missing in ((10, "1, 4-9"), (10**15, "1, 4-999999999999999")):
        games = _three_rounds()
        games.loc[games["round"] == 1, "round"] = typo  # round 1 typed as 10 (or 10**15)
        with pytest.raises(ValidationError) as info:
            call(games)
        message = str(info.value)
        assert (
            f"results: no result in round(s) {missing} of event 'E' (the rounds of an " in message
        )
        assert f"event='E', round={typo}, player=1" in message and "(4 rows)" in message


def test_a_gap_in_the_rounds_is_refused_and_a_round_of_absences_accepted():
    games = _three_rounds()
    with pytest.raises(ValidationError) as info:
        standings(games[games["round"] != 2])
    assert "no result in round(s) 2 of event 'E'" in str(info.value)
    assert "event='E', round=3, player=1" in str(info.value)
    two = pd.concat([games.assign(event="F"), games[games["round"] != 1]], ignore_index=True)
    with pytest.raises(ValidationError, match=r"round\(s\) 1 of event 'E'"):
        standings(two)
    # a round in which nobody played but everybody has a row (as buchholz_3.trf, rounds 2-3)
    absent = games.copy()
    second = absent["round"] == 2
    absent.loc[second, ["opponent", "colour"]] = None
    absent.loc[second, ["points", "kind"]] = [0.0, "zpb"]
    table = standings(absent, tiebreaks=["BH"]).set_index("player")
    assert table["PTS"].to_dict() == {1: 1.5, 3: 1.0, 4: 1.0, 2: 0.5}


def _one_bye_each(n: int) -> pd.DataFrame:
    """n players, player k with a bye in round k and no other row."""
    k = np.arange(1, n + 1)
    return pd.DataFrame({"event": "E", "round": k, "player": k, "points": 1.0, "kind": "pab"})


def test_an_almost_empty_grid_is_refused():
    assert len(standings(_one_bye_each(200))) == 200  # 40,000 cells: small enough
    with pytest.raises(ValidationError) as info:
        standings(_one_bye_each(300))
    assert (
        "results: event 'E' has 300 players and 300 rounds but only 300 rows (fewer than one "
        "(player, round) in 16 has a row): mistyped round or player ids? (300 rows)"
    ) in str(info.value)


def test_large_player_ids_give_the_same_standings():
    games = _two_games()
    big = games.assign(player=games["player"] * 9_999_999, opponent=games["opponent"] * 9_999_999)
    a = standings(games, tiebreaks=["BH", "SB", "DE"])
    b = standings(big, tiebreaks=["BH", "SB", "DE"])
    pd.testing.assert_frame_equal(a.drop(columns="player"), b.drop(columns="player"))
    assert (b["player"] == a["player"] * 9_999_999).all()


@pytest.mark.parametrize("by_round", [False, True])
def test_text_ids_are_kept_as_given(by_round):
    # "01" and "1" are two players: their ids come back exactly as given (as text), never
    # turned into the same number
    games = pd.DataFrame({
        "event": "E", "round": [1, 1, 2, 2], "player": ["01", "1", "01", "1"],
        "opponent": ["1", "01", "1", "01"], "colour": ["w", "b", "b", "w"],
        "points": [1.0, 0.0, 0.5, 0.5], "kind": "played"})  # fmt: skip
    call = standings_by_round if by_round else standings
    table = call(games, tiebreaks=["SB"])
    last = table[table["round"] == 2] if by_round else table
    assert last["player"].tolist() == ["01", "1"] and last["PTS"].tolist() == [1.5, 0.5]
    assert table["player"].dtype == games["player"].dtype
    numbers = call(games.replace({"01": "2"}), tiebreaks=["SB"])  # text digits stay text
    assert numbers["player"].tolist() == table["player"].replace({"01": "2"}).tolist()
    steps = explain(games, tiebreak="SB")
    assert steps[["player", "opponent"]].values.tolist() == [["01", "1"]] * 2 + [["1", "01"]] * 2


def test_duplicate_events_and_players_are_refused():
    twice = pd.DataFrame({"event": ["E", "E"], "date": ["2024-01-01", "2019-01-01"]})
    with pytest.raises(ValidationError, match="events"):
        standings(_two_games(), rules="auto", events=twice)
    with pytest.raises(ValidationError, match="events"):
        standings_by_round(_two_games(), rules="auto", events=twice)
    players = pd.DataFrame({"event": "E", "player": [1, 1, 2], "rating": [1500, 1600, 1700]})
    with pytest.raises(ValidationError, match="players"):
        standings(_two_games(), tiebreaks=["ARO"], players=players)
    bad_date = pd.DataFrame({"event": ["E"], "date": ["someday"]})
    with pytest.raises(ValidationError, match="not a date"):
        standings(_two_games(), rules="auto", events=bad_date)


def test_input_not_mutated_and_missing_rounds_are_absences(tec_swiss):
    results, players = tec_swiss
    before, pbefore = results.copy(), players.copy()
    standings(results, tiebreaks=["BH", "ARO", "DE"], players=players, rules="fide2024")
    standings_by_round(results, tiebreaks=["SB"], players=players)
    explain(results, tiebreak="SB", player=1)
    pd.testing.assert_frame_equal(results, before)
    pd.testing.assert_frame_equal(players, pbefore)
    dropped = results[~((results["player"] == 12) & (results["round"] >= 4))]
    a = standings(results, tiebreaks=["BH", "SB"], rules="fide2024")
    b = standings(dropped, tiebreaks=["BH", "SB"], rules="fide2024")
    pd.testing.assert_frame_equal(a, b)


def test_standings_from_path_csv(tmp_path, tec_swiss):
    results, _ = tec_swiss
    path = tmp_path / "season.parquet"
    results.to_parquet(path)
    t = standings_from_path(path, rules="fide2024", tiebreaks=["BH/C1", "BH"])
    assert list(t.columns) == ["event", "player", "rank", "PTS", "BH/C1", "BH", "decided_by"]
    assert t.set_index("player").loc[4, "BH/C1"] == 11.5
    with pytest.raises(FileNotFoundError):
        standings_from_path(tmp_path / "nope.csv")


def test_read_results_and_history_from_path(tmp_path, tec_swiss):
    for name in ("ex01.trf", "ex25.trf"):
        (tmp_path / name).write_bytes((TEC / name).read_bytes())
    results, _ = tec_swiss
    results.assign(event="csv").to_csv(tmp_path / "more.csv")  # with its index column
    (tmp_path / ".hidden.trf").write_text("not a TRF")
    got, players, events = read_results(tmp_path)
    assert sorted(got["event"].astype(str).unique()) == ["csv", "ex01", "ex25"]
    assert len(got) == 16 * 5 + 16 * 9 + 16 * 5 and "Unnamed: 0" not in got.columns
    assert list(events["event"]) == ["ex01", "ex25"] and len(players) == 32
    table = standings_from_path(tmp_path, rules="auto:fide2024", tiebreaks=["BH"])
    alone = standings(got, tiebreaks=["BH"], rules="auto:fide2024", events=events, players=players)
    pd.testing.assert_frame_equal(table, alone)
    assert table.loc[table["event"] == "ex25", "name"].notna().all()  # the TRF names
    history = history_from_path(tmp_path, rules="auto:fide2024", tiebreaks=["BH"])
    assert len(history) == 16 * (5 + 9 + 5)
    named = history[history["event"] == "ex25"]
    assert named["name"].notna().all() and history[history["event"] == "csv"]["name"].isna().all()
    row = named[(named["round"] == 9) & (named["player"] == 1)].iloc[0]
    assert (row["name"], row["PTS"]) == ("Alyx", 6.0)
    one = history_from_path(TEC / "ex01.trf", rules="fide2024", tiebreaks=["BH"])
    assert one["name"].notna().all() and len(one) == 16 * 5
    with pytest.raises(FileNotFoundError):
        read_results(tmp_path / "nope")
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(ValueError, match="no chess results in this folder"):
        history_from_path(empty)


def test_rules_from_a_column(tec_swiss):
    results, _ = tec_swiss
    both = pd.concat([results, results.assign(event="U")], ignore_index=True)
    both["rules"] = np.where(both["event"] == "T", "fide2024", "fide2009")
    by_column = standings(both, tiebreaks=["BH", "SB"], rules=None)
    by_mapping = standings(both, tiebreaks=["BH", "SB"], rules={"T": "fide2024", "U": "fide2009"})
    pd.testing.assert_frame_equal(by_column, by_mapping)
    series = pd.Series({"T": "fide2024", "U": "fide2009"})
    history = standings_by_round(both, tiebreaks=["BH"], rules=series)
    last = history[history["round"] == 5].drop(columns="round").reset_index(drop=True)
    pd.testing.assert_frame_equal(last, standings(both, tiebreaks=["BH"], rules=series))


def test_direct_encounter_counts_the_average_of_players_who_met_more_than_once():
    # four players, all on 2.0; A and B met twice (1-0, 0-1), C and D twice (1-0, 1/2), every
    # other pair once: A beat C, D beat A, B drew C and D. C.07 art. 6.1.2 (as FIDE's reference
    # program reads it): a pair's games count as their average, so within the group A has
    # 0.5 + 1 + 0 = 1.5, B 0.5 + 0.5 + 0.5 = 1.5, C 0 + 0.5 + 0.75 = 1.25, D 1 + 0.5 + 0.25 =
    # 1.75 (summed, everyone would have 2.0 and nobody be separated). D first, then A and B
    # (whose two games average 1/2 each: still level), then C.
    games = [(1, "A", "B", 1.0), (1, "C", "D", 1.0), (2, "B", "A", 1.0), (2, "C", "D", 0.5),
             (3, "A", "C", 1.0), (3, "B", "D", 0.5), (4, "B", "C", 0.5), (4, "A", "D", 0.0)]  # fmt: skip
    rows = []
    for rnd, white, black, score in games:
        rows.append(("E", rnd, white, black, "w", score, "played"))
        rows.append(("E", rnd, black, white, "b", 1.0 - score, "played"))
    frame = pd.DataFrame(
        rows, columns=["event", "round", "player", "opponent", "colour", "points", "kind"]
    )
    table = standings(frame, tiebreaks=["DE"]).set_index("player")
    assert table["PTS"].tolist() == [2.0] * 4
    assert table["DE"].to_dict() == {"D": 3.0, "A": 1.0, "B": 1.0, "C": 0.0}
    assert table["rank"].to_dict() == {"D": 1, "A": 2, "B": 2, "C": 4}
