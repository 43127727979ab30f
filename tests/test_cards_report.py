"""The rules the archive's publishers follow beyond Appendix C, each on a real extract with its
worked numbers (tests/data/README.md), the placeholders the platforms write, and
:func:`tourneystats.cards.file_report`'s row."""

from __future__ import annotations

import itertools
import json
import warnings
from dataclasses import replace
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from tourneystats.cards import (
    RULES,
    check_from_path,
    file_report,
    history_from_path,
    matches_to_games,
    read_mtg_json,
    standings,
    standings_from_path,
)
from tourneystats.cards.decklistcache import _cut_round, bracket_rows
from tourneystats.cards.publishers import frozen_cuts, points_cuts, standings_before_cut
from tourneystats.cards.report import REPORT_COLUMNS, STATUSES
from tourneystats.cli import main
from tourneystats.core.schema import ValidationError

JSON_DIR = Path(__file__).parent / "data" / "cards" / "mtgjson"
TOM_DIR = Path(__file__).parent / "data" / "cards" / "tom"
SANREMO = JSON_DIR / "sanremo-pauper-league-6a-tappa-284380-2025-04-12.json"
FINALE = (
    JSON_DIR / "finale-sprint-wheel-event-geddon-series-road-to-paupergeddon-roma-2024-167492-"
    "2024-10-15.json"
)
TROPICAL = JSON_DIR / "tropical-pauper-241-2025-06-28.json"
FUGUETE = JSON_DIR / "fuguete-league-214-2025-03-05.json"
DOMINGO = JSON_DIR / "domingooouuu-pauper-70-2025-11-23.json"
ARTABRIAN = JSON_DIR / "artabrian-weekend-2024-pioneer-r0MBIolcYBgk7FAAFbWH-2024-11-23.json"
LAND = JSON_DIR / "the-land-5-vintage-72085-2024-06-08.json"
WEEKLY = JSON_DIR / "weekly-legacy-292153-2025-04-17.json"
HARTFORD = JSON_DIR / "1k-pre-mod-scg-con-hartford-sunday-930-am-premodern-44556-2024-02-04.json"
AT_HOME = JSON_DIR / "122-the-122nd-legacy-at-home-149036-2024-09-14.json"
SYDNEY = (
    JSON_DIR
    / "anz-super-series-cycle-8-regional-championships-sydney-modern-123662-2025-03-07.json"
)
NO_SHOW = JSON_DIR / "3-last-chance-qualifier-modern-59728-2024-02-09.json"
AT_HOME_195 = JSON_DIR / "195-the-195th-legacy-at-home-443662-2026-07-11.json"
MISTY = JSON_DIR / "pauper-tournament-at-misty-mountain-games-352195-2025-09-27.json"
CMF = JSON_DIR / "cmf-invitational-training-1-modern-72614-2024-04-13.json"
COLOGNE = JSON_DIR / "premod-cologne-first-june-event-432889-2026-06-11.json"
THURSDAY = (
    JSON_DIR / "legacy-thursday-january-30th-2025-legacy-thursday-january-30th-2025-2025-01-31.json"
)


def quietly(func, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return func(*args, **kwargs)


def won_2_0(pairs: list[tuple]) -> pd.DataFrame:
    """Results of one event "E" from (round, winner, loser) matches, each won 2-0."""
    rows = [(r, p, q, w) for r, a, b in pairs for p, q, w in ((a, b, 2), (b, a, 0))]
    frame = pd.DataFrame(rows, columns=["round", "player", "opponent", "wins"])
    return frame.assign(event="E", losses=2 - frame["wins"], draws=0)[
        ["event", "round", "player", "opponent", "wins", "losses", "draws"]
    ]


def counts(table: pd.DataFrame) -> dict[str, tuple[int, int]]:
    per = table.groupby("value")["equal"].agg(["sum", "size"])
    return {name: (int(s), int(n)) for name, (s, n) in per.iterrows()}


def computed(table: pd.DataFrame, player: str, value: str) -> float:
    row = table[(table["player"] == player) & (table["value"] == value)]
    return float(row["computed"].iloc[0])


# --- melee.gg: a top cut written as Swiss rounds, opponents counted once -----------------------


def test_melee_top_cut_written_as_swiss_rounds():
    """Seven players, four Swiss rounds, then 'Round 5' (two semifinals) and 'Round 6' (the
    final, an intentional draw listed from both sides): melee.gg counts the cut for its four
    players (points 11 = 3 wins, a draw and the drawn final) and gives the three others their
    standings after round 4; rematches in the cut count once."""
    data = quietly(read_mtg_json, SANREMO)
    assert data.events["cut_round"].tolist() == [5]
    cut = data.players.loc[data.players["playoffs"], "player"]
    assert sorted(cut) == ["P001", "P002", "P003", "P004"]
    row, table = quietly(file_report, SANREMO)
    assert row["status"] == "equal" and row["preset"] == "melee2024"
    # Rank is compared for the three players outside the cut only
    assert counts(table) == {
        "GWP": (7, 7), "OGWP": (7, 7), "OMWP": (7, 7), "Points": (7, 7), "Rank": (3, 3)
    }  # fmt: skip
    # P005 left after round 4: his opponents' match-win % after round 4 (7/12, 10/12, 7/12)
    assert computed(table, "P005", "OMWP") == pytest.approx((7 / 12 + 10 / 12 + 7 / 12) / 3)
    # P001 played every round; five distinct opponents (P002 met twice counts once), their
    # final match-win %: P005 6/12, P007 3/12 -> 1/3, P006 6/12, P002 11/18, P003 10/15
    p001 = (1 / 2 + 1 / 3 + 1 / 2 + 11 / 18 + 10 / 15) / 5
    assert computed(table, "P001", "OMWP") == pytest.approx(p001)
    assert p001 == pytest.approx(0.52222222, abs=5e-9)
    # P002: P007 (1/3), P004 met twice (7/15), P003 (10/15), P001 met twice (11/18)
    assert computed(table, "P002", "OMWP") == pytest.approx(
        (1 / 3 + 7 / 15 + 10 / 15 + 11 / 18) / 4
    )
    # neither rule alone reproduces the file
    for rules in (
        replace(RULES["melee2024"], frozen_before_cut=False),
        replace(RULES["melee2024"], average_over="rounds"),
    ):
        assert counts(quietly(check_from_path, SANREMO, rules=rules))["OMWP"][0] < 7


def test_standings_of_a_file_follow_its_cut_as_check_does():
    """`standings_from_path` (and ``tourneystats standings``) of the file computes the cut as
    melee.gg does: every published OMW% and points reproduced, P005 at his round-4 value."""
    table = quietly(standings_from_path, SANREMO).set_index("player")
    published = quietly(read_mtg_json, SANREMO).published.set_index("player")
    assert (table["match_points"] == published["Points"]).all()
    assert (table["omwp"] - published["OMWP"]).abs().max() < 5e-9
    assert table.loc["P005", "omwp"] == pytest.approx((7 / 12 + 10 / 12 + 7 / 12) / 3)
    # the cut's four players first, then the others in their order after round 4
    assert table.index[:4].sort_values().tolist() == ["P001", "P002", "P003", "P004"]
    plain = quietly(
        standings_from_path, SANREMO, rules=replace(RULES["melee2024"], frozen_before_cut=False)
    )
    assert (plain.set_index("player")["omwp"] - published["OMWP"]).abs().max() > 1e-3


def test_a_cut_to_the_first_n_splitting_a_points_total_freezes_the_others():
    """Day 1 is three rounds of eight players: A has 9 points; B, C and E 6. Only A and C play
    round 4 (the first two of the standings: C ahead of B and E by the tie-breakers). Of the
    four players with 6 points or more, two did not play (a half, not a cut by points), but
    every player with more than 6 did: a cut to the first N."""
    pairs = [(1, "A", "B"), (1, "C", "D"), (1, "E", "F"), (1, "G", "H"), (2, "A", "C"),
             (2, "E", "G"), (2, "B", "D"), (2, "F", "H"), (3, "A", "E"), (3, "C", "G"),
             (3, "B", "F"), (3, "D", "H"), (4, "C", "A")]  # fmt: skip
    rules = RULES["melee2024"]
    assert points_cuts(won_2_0(pairs), rules) == [4]
    assert frozen_cuts(won_2_0(pairs), 0, rules) == [4]
    # C and E play round 4, A (9 points) does not: neither cut
    assert points_cuts(won_2_0([*pairs[:12], (4, "C", "E")]), rules) == []


def test_real_file_top_8_of_34_splitting_the_players_with_12_points():
    """Six Swiss rounds of 34 players, then three rounds of the first eight (melee.gg, September
    2025): seven players with 13 or 14 points and P004, one of the four with 12 (P009, P010
    and P011 not). Every player not in the top 8 keeps his standings after round 6: P009 met
    P020, P028, P019, P015, P005 and P021, with 8, 6, 9, 9, 13 and 8 points of 18 after round
    6: OMW% 53/108 = 0.490741, published (counting P005's 16 of 27 after round 9 would give
    0.469136). The file is reproduced whole."""
    data = read_mtg_json(MISTY)
    assert points_cuts(data.results, RULES["melee2024"]) == [7]
    row, table = quietly(file_report, MISTY)
    assert (row["preset"], row["status"], row["compared"], row["equal"]) == (
        "melee2024", "equal", 170, 170,
    )  # fmt: skip
    p009 = table[(table["player"] == "P009") & (table["value"] == "OMWP")].iloc[0]
    assert p009["published"] == pytest.approx(53 / 108, abs=5e-8)
    assert p009["computed"] == pytest.approx(53 / 108)


def test_a_second_day_of_the_leaders_by_points_freezes_the_others(tmp_path):
    """Day 1 is three rounds of eight players; only the four with 6 points or more (A, C, E,
    B) play round 4. The four others keep their standings after round 3 (melee.gg's two-day
    events, e.g. the 1,045 players of the Houston Regional Championship of October 2025,
    reproduced whole that way)."""
    pairs = [(1, "A", "B"), (1, "C", "D"), (1, "E", "F"), (1, "G", "H"), (2, "A", "C"),
             (2, "E", "G"), (2, "B", "D"), (2, "F", "H"), (3, "A", "E"), (3, "C", "G"),
             (3, "B", "F"), (3, "D", "H"), (4, "C", "A"), (4, "B", "E")]  # fmt: skip
    results = won_2_0(pairs)
    rules = RULES["melee2024"]
    assert points_cuts(results, rules) == [4] and frozen_cuts(results, 0, rules) == [4]
    assert frozen_cuts(results, 0, replace(rules, frozen_before_cut=False)) == []
    assert frozen_cuts(results, 4, rules) == [4]  # a top cut from round 4: the same round
    table = standings_before_cut(results, [4], rules).set_index("player")
    # G met H (0 of 9 -> 1/3), E (6 of 9 after round 3; 6 of 12 after round 4), C (6 of 9)
    assert table.loc["G", "omwp"] == pytest.approx((1 / 3 + 6 / 9 + 6 / 9) / 3)
    everything = standings(results, rules=rules).set_index("player")
    assert everything.loc["G", "omwp"] == pytest.approx((1 / 3 + 6 / 12 + 9 / 12) / 3)
    # the day-2 players first, then the others in their order after round 3, renumbered
    assert set(table.index[:4]) == {"A", "B", "C", "E"}
    assert table["rank"].tolist() == sorted(table["rank"]) and table["rank"].iloc[4] == 5
    assert table["decided_by"].iloc[3] == "cut"  # the last of day 2 above the first of day 1
    # standings_from_path of the event as an MTG JSON file applies the same cut
    matches: dict = {r: [] for r in (1, 2, 3, 4)}
    for r, a, b in pairs:
        matches[r].append({"Player1": a, "Player2": b, "Result": "2-0-0"})
    rounds = [{"RoundName": f"Round {r}", "Matches": m} for r, m in matches.items()]
    path = tmp_path / "second-day.json"
    tournament = {
        "Date": "2025-01-04",
        "Name": "Two days",
        "Uri": "https://melee.gg/Tournament/View/1",
    }
    path.write_text(json.dumps({"Tournament": tournament, "Rounds": rounds, "Standings": []}))
    ours = quietly(standings_from_path, path).set_index("player")
    assert ours.loc["G", "omwp"] == pytest.approx((1 / 3 + 6 / 9 + 6 / 9) / 3)


def test_standings_of_a_file_count_its_bracket_as_check_does():
    """standings_from_path of an early melee.gg file with a named bracket counts it in the
    tie-breakers as check does: every published OMW%, GW% and OGW% reproduced."""
    table = quietly(standings_from_path, HARTFORD).set_index("player")
    published = quietly(read_mtg_json, HARTFORD).published.set_index("player")
    for theirs, ours in (("OMWP", "omwp"), ("GWP", "gwp"), ("OGWP", "ogwp")):
        gap = (table[ours] - published[theirs]).abs().dropna()
        assert len(gap) == len(published) and gap.max() < 5e-7, theirs


def test_a_folder_of_json_and_tom_files_under_a_named_preset(tmp_path):
    """A TOM file beside a melee.gg file, with rules named: the TOM event has no cut (and
    keeps its divisions), the JSON event is cut as its rules say."""
    for source in (SANREMO, TOM_DIR / "league-night-2026-07.tdf"):
        (tmp_path / source.name).write_bytes(source.read_bytes())
    table = quietly(standings_from_path, tmp_path, rules="melee2025")
    alone = quietly(standings_from_path, SANREMO, rules="melee2025")
    ours = table[table["event"] == SANREMO.stem].reset_index(drop=True)
    pd.testing.assert_frame_equal(ours[alone.columns], alone, check_dtype=False)
    assert (table["event"] != SANREMO.stem).sum() > 0


def test_a_swiss_round_that_the_winless_players_left_is_no_cut():
    """Eight players; after round 2 the two without a win leave, the six others (a 1-1 player
    among them) play on: a Swiss round, no second day."""
    pairs = [(1, "A", "B"), (1, "C", "D"), (1, "E", "F"), (1, "G", "H"), (2, "A", "C"),
             (2, "E", "G"), (2, "B", "D"), (2, "F", "H"), (3, "A", "E"), (3, "C", "B"),
             (3, "G", "F"), (4, "A", "C"), (4, "E", "G"), (4, "B", "F")]  # fmt: skip
    assert points_cuts(won_2_0(pairs), RULES["melee2024"]) == []


def test_a_swiss_round_that_zero_point_players_play_is_no_cut():
    """Round 3 is played by B (0 points) too: no cut, whoever left."""
    pairs = [(1, "A", "B"), (1, "C", "D"), (2, "A", "C"), (2, "B", "D"), (3, "A", "B")]
    assert points_cuts(won_2_0(pairs), RULES["melee2024"]) == []


def test_cut_round_needs_a_bracket_after_swiss_rounds():
    # rows (round, player, opponent, wins, losses, draws), one per player
    def match(r, a, b, w=2, l=0):  # noqa: E741
        return [(r, a, b, w, l, 0), (r, b, a, l, w, 0)]

    # eight players, two Swiss rounds (in round 2 the winners of round 1 meet, as do the losers)
    swiss = match(1, "A", "B") + match(1, "C", "D") + match(1, "E", "F") + match(1, "G", "H")
    swiss += match(2, "A", "C") + match(2, "E", "G") + match(2, "B", "D") + match(2, "F", "H")
    assert _cut_round(swiss) == 0
    assert _cut_round(swiss + match(3, "A", "E")) == 3  # a final of two 2-0 players
    # semifinals of the four players who won round 2, then the final of their winners
    semis = match(3, "A", "E") + match(3, "B", "F")
    assert _cut_round(swiss + semis + match(4, "A", "B")) == 3
    # a final between a winner and a loser of the semifinals: the semifinals were Swiss
    assert _cut_round(swiss + semis + match(4, "A", "E")) == 4
    # a last round with a bye is Swiss
    assert _cut_round(swiss + semis + [(4, "A", None, 2, 0, 0)]) == 0
    # a single-elimination event (every round halves, byes included) has no cut
    knockout = match(1, "A", "B") + match(1, "C", "D") + [(1, "E", None, 2, 0, 0)]
    knockout += match(2, "A", "C") + [(2, "E", None, 2, 0, 0)] + match(3, "A", "E")
    assert _cut_round(knockout) == 0


def test_cut_round_of_a_knockout_with_a_no_show():
    """A round of a single elimination may lack advancing players who did not show, as many as
    its byes (each no-show's opponent has a bye); more missing than byes is no knockout round."""

    def match(r, a, b, w=2, l=0):  # noqa: E741
        return [(r, a, b, w, l, 0), (r, b, a, l, w, 0)]

    first = match(1, "A", "B") + match(1, "C", "D") + match(1, "E", "F") + match(1, "G", "H")
    # C won round 1 and did not show: A has a bye in round 2; A beats E in the final
    no_show = first + [(2, "A", None, 2, 0, 0)] + match(2, "E", "G") + match(3, "A", "E")
    assert _cut_round(no_show) == 0  # single elimination throughout (was 3: a final)
    # two advancing players missing, one bye: round 2 is no knockout round of round 1's
    two_missing = first + [(2, "A", None, 2, 0, 0)] + match(2, "E", "I") + match(3, "A", "E")
    assert _cut_round(two_missing) == 3
    # round 2 of the four winners less one, without a bye: a final of two (a cut at round 3)
    swiss = first + match(2, "A", "C") + match(2, "E", "G") + match(2, "B", "D")
    assert _cut_round(swiss + match(3, "A", "E")) == 3


def test_cut_round_of_a_knockout_after_a_drawn_round():
    """Every match of round 1 drawn (each player goes on), then semifinals and a final of the
    four: a single elimination of everyone who came, no cut (melee.gg counts every round for
    everyone: MTGmelee/2025/11/02/sfida-dei-campioni-pauper-376227, 8 players)."""

    def match(r, a, b, w=2, l=0):  # noqa: E741
        return [(r, a, b, w, l, 0), (r, b, a, l, w, 0)]

    drawn = match(1, "A", "B", 1, 1) + match(1, "C", "D", 1, 1)
    assert _cut_round(drawn + match(2, "A", "C") + match(2, "B", "D") + match(3, "A", "B")) == 0
    # a later round all drawn (intentional draws of the leaders, then their top 4) does not
    # carry the bracket back over it: the rule is the first round's (melee.gg's F2F Tour
    # qualifiers of 2025 keep their cut)
    swiss = match(1, "A", "E") + match(1, "B", "F") + match(1, "C", "G") + match(1, "D", "H")
    ids = match(2, "A", "B", 1, 1) + match(2, "C", "D", 1, 1)
    assert (
        _cut_round(swiss + ids + match(3, "A", "C") + match(3, "B", "D") + match(4, "A", "B")) == 4
    )
    # one match decisive: its loser does not go on, the three others do not make a bracket
    mixed = match(1, "A", "B", 1, 1) + match(1, "C", "D")
    assert _cut_round(mixed + match(2, "A", "C") + match(2, "B", "D") + match(3, "A", "B")) == 3


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(2, 5), st.data())
def test_cut_round_of_a_random_knockout_with_no_shows(size, data):
    """Random single-elimination events of 2**size players in which, in any pair of a round, one
    of the two winners may not show (the other has a bye): never a cut."""
    alive: list[str | None] = [f"P{i:02d}" for i in range(2**size)]
    rows, number = [], 0
    while len(alive) > 1:
        number += 1
        winners = []
        for a, b in zip(alive[::2], alive[1::2], strict=True):
            if a is None or b is None:  # the other did not show: a bye
                present = a if a is not None else b
                rows.append((number, present, None, 2, 0, 0))
                winners.append(present)
                continue
            w, l = data.draw(st.sampled_from([(2, 0), (0, 2), (2, 1), (1, 2)]))  # noqa: E741
            rows += [(number, a, b, w, l, 0), (number, b, a, l, w, 0)]
            winners.append(a if w > l else b)
        if len(winners) > 1:  # per next pair: nobody, the first or the second missing
            gone = [data.draw(st.sampled_from([None, 0, 1])) for _ in winners[::2]]
            winners = [None if gone[i // 2] == i % 2 else p for i, p in enumerate(winners)]
        alive = winners
    assert _cut_round(rows) == 0


def test_melee_last_round_that_the_players_without_points_left_is_swiss():
    """Ten players; P009 and P010 (no points) left after round 2 and the other eight play round
    3 paired by points (P001 and P003, the two 6s, meet): a Swiss round, not a top 8, so the
    two who left count their opponents' round 3, as melee.gg does. P009 met P004 and P005
    (1/2 each after round 2, 2/3 final), P010 met P003 (1.0 after round 2, 2/3 final) and P008
    (1/2, then 1/3). Read as a top 8 the two had OMW% 0.5 and 0.75 (OMW%, OGW% 8/10)."""
    data = quietly(read_mtg_json, AT_HOME_195)
    assert data.events["cut_round"].tolist() == [0]
    row, table = quietly(file_report, AT_HOME_195)
    assert row["status"] == "equal" and row["preset"] == "melee2025"
    assert counts(table) == {
        "GWP": (10, 10), "OGWP": (10, 10), "OMWP": (10, 10), "Points": (10, 10), "Rank": (10, 10)
    }  # fmt: skip
    assert computed(table, "P009", "OMWP") == pytest.approx((2 / 3 + 2 / 3) / 2)
    assert computed(table, "P010", "OMWP") == pytest.approx((2 / 3 + 1 / 3) / 2)
    # P004 won 4 games of 6 (2-0, 0-2, 2-0), P005 4 of 8 (0-2, 2-1, 2-1)
    assert computed(table, "P009", "OGWP") == pytest.approx((4 / 6 + 4 / 8) / 2)  # 0.5833333


def test_melee_until_may_2024_counts_a_rematch_per_meeting():
    """Ten players, nine Swiss rounds (April 2024): P004 and P005 met in rounds 1 and 9, and
    melee.gg counts each meeting in their OMW% and OGW%. P005 met P004 (16 points of 27), P001
    (24), P007 (10), P009 (9), P002 (21), P010 (4: floored to 9), P008 (9), P003 (19) and P004
    again: 133/243 = 0.547325 published; once each, 117/216 = 0.541667. From May 2024 a
    rematch counts once (tests/test_cards_files.py and test_melee_top_cut_written_as_swiss_rounds)."""
    row, table = quietly(file_report, CMF)
    assert row["status"] == "equal" and row["preset"] == "melee"
    assert counts(table) == {
        "GWP": (10, 10), "OGWP": (10, 10), "OMWP": (10, 10), "Points": (10, 10), "Rank": (10, 10)
    }  # fmt: skip
    p005 = (16 + 24 + 10 + 9 + 21 + 9 + 9 + 19 + 16) / (9 * 27)
    assert p005 == pytest.approx(0.547325, abs=5e-7)
    assert computed(table, "P005", "OMWP") == pytest.approx(p005)
    # P004: P005 (15), P008 (9), P010 (9), P007 (10), P001 (24), P003 (19), P002 (21), P006 (12),
    # P005 again
    assert computed(table, "P004", "OMWP") == pytest.approx(134 / 243)
    once = replace(RULES["melee"], average_over="opponents")
    _, distinct = quietly(file_report, CMF, rules=once)
    assert computed(distinct, "P005", "OMWP") == pytest.approx(117 / 216)
    assert counts(distinct)["OMWP"] == (8, 10) and counts(distinct)["OGWP"] == (8, 10)


def test_melee_player_without_an_opponent():
    """P008 had a bye in round 1 and left: no opponent counts, and melee.gg prints his OMW%
    and OGW% as 0.3333 (from November 2025; 1/3 before, 0 until May 2024), while the floored
    values of the others print as 0.3333333. He ranks 8th, after P007 (3 points, OMW%
    0.5208333)."""
    row, table = quietly(file_report, COLOGNE)
    assert row["status"] == "equal" and row["preset"] == "melee2025"
    assert counts(table) == {
        "GWP": (9, 9), "OGWP": (9, 9), "OMWP": (9, 9), "Points": (9, 9), "Rank": (9, 9)
    }  # fmt: skip
    assert computed(table, "P008", "OMWP") == computed(table, "P008", "OGWP") == 0.3333
    assert RULES["melee2024"].no_opponents == 1 / 3 and RULES["melee"].no_opponents == 0
    _, missing = quietly(file_report, COLOGNE, rules=replace(RULES["melee2025"], no_opponents=None))
    assert counts(missing)["OMWP"] == (8, 9) and counts(missing)["OGWP"] == (8, 9)


def test_melee_single_elimination_with_a_no_show_has_no_cut():
    """32 players, single elimination of three rounds written as Swiss rounds: P016 won round
    1 and did not show for round 2 (P005 has a bye). melee.gg counts every round for everyone:
    P013, out in round 2, met P026 (lost round 1: 0 -> floor 1/3) and P008 (won rounds 1 and
    2, lost round 3: 2/3 final, 1.0 after round 2); P022, out in round 1, met P006 (2/3 final).
    Read as a top cut from round 3 (round 2 lacks one of the 16 winners), P013 and P022 were
    given their standings after round 2 (OMW% 2/3 and 1.0, OGW% 17/30 and 1.0): OMW% 25/32,
    OGW% 21/32, ranks 26/32 reproduced."""
    data = quietly(read_mtg_json, NO_SHOW)
    assert data.events["cut_round"].tolist() == [0]
    row, table = quietly(file_report, NO_SHOW)
    assert row["status"] == "equal" and row["preset"] == "melee"
    assert counts(table) == {
        "GWP": (32, 32), "OGWP": (32, 32), "OMWP": (32, 32), "Points": (32, 32), "Rank": (32, 32)
    }  # fmt: skip
    assert computed(table, "P013", "OMWP") == pytest.approx((1 / 3 + 2 / 3) / 2)  # 0.5
    # P026 won 1 game of 3 (floored 1/3); P008 won 4 of 7 games (2-0, 2-1, 0-2)
    assert computed(table, "P013", "OGWP") == pytest.approx((1 / 3 + 4 / 7) / 2)  # 19/42
    assert (1 / 3 + 4 / 7) / 2 == pytest.approx(0.452381, abs=5e-7)
    assert computed(table, "P022", "OMWP") == pytest.approx(2 / 3)
    # the no-show: one round, won 2-1 against P021 (0 points, floored)
    assert computed(table, "P016", "OMWP") == pytest.approx(1 / 3)
    assert computed(table, "P016", "GWP") == pytest.approx(2 / 3)


def test_cut_round_of_one_round_is_played_by_the_leaders():
    """A last round alone is a cut only if its players lead by match points (a final of two
    players excepted): four players of eight in a last round are a Swiss round players left
    when one of those left out has more points than one of the four."""

    def match(r, a, b, w=2, l=0):  # noqa: E741
        return [(r, a, b, w, l, 0), (r, b, a, l, w, 0)]

    swiss = match(1, "A", "B") + match(1, "C", "D") + match(1, "E", "F") + match(1, "G", "H")
    swiss += match(2, "A", "C") + match(2, "E", "G") + match(2, "B", "D") + match(2, "F", "H")
    # after round 2: A, E 6 points; B, C, F, G 3; D, H 0
    assert _cut_round(swiss + match(3, "A", "B") + match(3, "E", "F")) == 3  # 6, 6, 3, 3
    assert _cut_round(swiss + match(3, "A", "B") + match(3, "E", "D")) == 0  # D 0 < C 3
    assert _cut_round(swiss + match(3, "B", "D")) == 3  # a final, whoever plays it
    # a longer bracket need not be the leaders (a league seats its own qualifiers)
    assert _cut_round(swiss + match(3, "A", "B") + match(3, "E", "D") + match(4, "A", "E")) == 3


def test_cut_round_of_one_round_is_paired_as_a_bracket():
    """Four of six players, the leaders, in a last round: a cut when paired 1-4 and 2-3 by
    points, a Swiss round that the two without points left when the two 6s meet."""

    def match(r, a, b, w=2, l=0):  # noqa: E741
        return [(r, a, b, w, l, 0), (r, b, a, l, w, 0)]

    rounds = match(1, "A", "B") + match(1, "C", "D") + match(1, "E", "F")
    rounds += match(2, "A", "E") + match(2, "C", "B") + match(2, "D", "F")
    # after round 2: A 6, C 6, B 0, D 3, E 3, F 0; B and F left
    assert _cut_round(rounds + match(3, "A", "E") + match(3, "C", "D")) == 3  # 6-3, 6-3
    assert _cut_round(rounds + match(3, "A", "C") + match(3, "E", "D")) == 0  # 6-6, 3-3


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(2, 4), st.integers(3, 5), st.data())
def test_cut_round_of_one_round_matches_the_points(rounds, half, data):
    """Random Swiss rounds of 2*half players (everyone plays), then a last round of four: it is
    a cut exactly when its four players have no fewer points than anyone left out (computed
    here from the results, 3 a win, 1 a draw) and some order of the four by points (ties
    either way) pairs each of the first two with one of the last two (a bracket, 1-4 and 2-3,
    not a Swiss round of 6 against 6 and 3 against 3)."""
    n = 2 * half
    names = [f"P{i}" for i in range(n)]
    rows, points = [], dict.fromkeys(names, 0)
    for r in range(1, rounds + 1):
        order = data.draw(st.permutations(names))
        for a, b in zip(order[::2], order[1::2], strict=True):
            w, l = data.draw(st.sampled_from([(2, 0), (0, 2), (1, 1), (2, 1)]))  # noqa: E741
            rows += [(r, a, b, w, l, 0), (r, b, a, l, w, 0)]
            points[a] += 3 if w > l else w == l
            points[b] += 3 if l > w else w == l
    four = data.draw(st.permutations(names))[:4]
    last = rounds + 1
    rows += [(last, four[0], four[1], 2, 0, 0), (last, four[1], four[0], 0, 2, 0)]
    rows += [(last, four[2], four[3], 2, 0, 0), (last, four[3], four[2], 0, 2, 0)]
    leaders = min(points[p] for p in four) >= max(points[p] for p in names if p not in four)
    orders = [o for o in itertools.permutations(four) if all(
        points[a] >= points[b] for a, b in itertools.pairwise(o))]  # fmt: skip
    bracket = any({four[0], four[1]} & set(o[:2]) and {four[0], four[1]} & set(o[2:])
                  and {four[2], four[3]} & set(o[:2]) and {four[2], four[3]} & set(o[2:])
                  for o in orders)  # fmt: skip
    assert (_cut_round(rows) == last) == (leaders and bracket)
    assert _cut_round(rows) in (0, last)


def test_melee_last_swiss_round_that_players_left_is_no_cut():
    """36 players; 'Round 6' is played by 16 of them (the others left): a Swiss round, not a
    top 16 (P011 and P014, 9 points after round 5, are out; P025, 3 points, is in). Read as
    Swiss, every player's published values are reproduced but those of the three who left
    after round 2 (P034, P035, P036: melee.gg published their values after round 2 and ranked
    them after P033, who has their 0 points: status ``published_earlier``, the four ranks that
    agree only given those values marked, tests/test_cards_earlier.py)."""
    data = quietly(read_mtg_json, WEEKLY)
    assert data.events["cut_round"].tolist() == [0]
    assert not data.players["playoffs"].any()
    row, table = quietly(file_report, WEEKLY)
    assert row["preset"] == "melee2024"
    assert counts(table) == {
        "GWP": (36, 36), "OGWP": (33, 36), "OMWP": (34, 36), "Points": (36, 36), "Rank": (32, 36)
    }  # fmt: skip
    wrong = table[~table["equal"].astype(bool)]
    assert set(wrong["player"]) == {"P033", "P034", "P035", "P036"}
    assert row["status"] == "published_earlier" and wrong["published_after"].eq(2).all()
    # P016 (5 rounds) met P020 (6 points of 5 rounds), P026 (5 of 6 -> 1/3), P010 (9 of 6),
    # P030 (3 of 4 -> 1/3) and P007 (12 of 6), each counted with his round 6
    omwp = (6 / 15 + 1 / 3 + 9 / 18 + 1 / 3 + 12 / 18) / 5
    assert omwp == pytest.approx(0.44666667, abs=5e-9)
    assert computed(table, "P016", "OMWP") == pytest.approx(omwp)
    assert table.loc[(table["player"] == "P016") & (table["value"] == "OMWP"), "equal"].all()


def test_melee2024_ranks_the_game_win_percentage_it_shows():
    """P011 and P012 lost all three rounds (0 points). P011 won one game of three each time
    (GW% 3/9 = 1/3), P012 one game in all (0-2, 1-2, 0-2: GW% 3/21 = 1/7, published 0.142857).
    Their OMW% are equal: P006, P007 (6/9 each) and P010 (3/9) for P011; P004, P007 (6/9) and
    P008 (3/9) for P012, (2/3 + 2/3 + 1/3) / 3 = 5/9 both. Floored at 1/3 their GW% tie and
    P012's higher OGW% would rank him 11th; melee.gg ranks P011 (shown 1/3) before P012 (shown
    1/7): it ranks the GW% it shows (``Rules.ranked_as_shown``)."""
    row, table = quietly(file_report, AT_HOME)
    assert row["preset"] == "melee2024" and row["status"] == "equal"
    assert counts(table) == {
        "GWP": (12, 12), "OGWP": (12, 12), "OMWP": (12, 12), "Points": (12, 12), "Rank": (12, 12)
    }  # fmt: skip
    assert computed(table, "P011", "GWP") == pytest.approx(1 / 3)
    assert computed(table, "P012", "GWP") == pytest.approx(1 / 7)
    assert (
        computed(table, "P011", "OMWP") == computed(table, "P012", "OMWP") == pytest.approx(5 / 9)
    )
    assert computed(table, "P012", "OGWP") > computed(table, "P011", "OGWP")
    assert (computed(table, "P011", "Rank"), computed(table, "P012", "Rank")) == (11, 12)
    floored = quietly(
        file_report, AT_HOME, rules=replace(RULES["melee2024"], ranked_as_shown=False)
    )[1]
    assert (computed(floored, "P011", "Rank"), computed(floored, "P012", "Rank")) == (12, 11)
    assert counts(floored)["Rank"] == (10, 12)


def test_a_player_the_standings_do_not_list_is_not_ranked():
    """P155 played six rounds (12 points, OMW% 0.509127) but the published standings do not
    list him: melee.gg ranked P063 (12 points, OMW% 0.513542) 63rd and P064 (12 points, OMW%
    0.503125) 64th, the place P155 would have between them. Every player ranked after him is
    compared one place higher than the computed table ranks him (his opponents still count
    him: every OMW% and OGW% is reproduced)."""
    row, table = quietly(file_report, SYDNEY)
    assert row["status"] == "equal"
    assert any("do not list: P155" in w for w in row["warnings"])
    assert counts(table) == {
        "GWP": (154, 154), "OGWP": (154, 154), "OMWP": (154, 154), "Points": (154, 154),
        "Rank": (146, 146),
    }  # fmt: skip
    assert (computed(table, "P063", "Rank"), computed(table, "P064", "Rank")) == (63, 64)
    data = quietly(read_mtg_json, SYDNEY)
    swiss = standings(data.results[data.results["round"] < 9], rules="melee2024")
    assert swiss.set_index("player").loc[["P063", "P155", "P064"], "rank"].tolist() == [63, 64, 65]
    assert computed(table, "P154", "Rank") == swiss.set_index("player").loc["P154", "rank"] - 1


def test_melee_bracket_counts_in_tiebreakers_without_points():
    """Six Swiss rounds, then Quarterfinals, Semifinals and Finals (melee.gg, February 2024).
    P001 won all three: published 16 points (his Swiss points), GW% 17/23 (11 of 16 Swiss games
    and 6 of 7 in the bracket), OMW% 0.52403 = the mean over his nine meetings of P044 (0 of 2
    rounds: 1/3), P037 (4 of 6 rounds: 1/3), P018 (9/18), P014 (11/18), P009 (12/18), P002 (met
    in round 6 and in the final: 15 points over 9 rounds, 15/27, twice), P005 (quarterfinal: 13
    over 7 rounds), P003 (semifinal: 13 over 8 rounds). A bracket round gives no match points
    but is a round, its games count and each meeting is an opponent (``playoff_tiebreakers``)."""
    row, table = quietly(file_report, HARTFORD)
    assert row["preset"] == "melee" and row["status"] == "equal"
    assert counts(table) == {
        "GWP": (50, 50), "OGWP": (50, 50), "OMWP": (50, 50), "Points": (50, 50), "Rank": (42, 42)
    }  # fmt: skip
    assert computed(table, "P001", "Points") == 16
    assert computed(table, "P001", "GWP") == pytest.approx(17 / 23)
    omwp = (1 / 3 + 1 / 3 + 9 / 18 + 11 / 18 + 12 / 18 + 2 * 15 / 27 + 13 / 21 + 13 / 24) / 9
    assert omwp == pytest.approx(0.52403, abs=5e-7)
    assert computed(table, "P001", "OMWP") == pytest.approx(omwp)
    rows = bracket_rows(HARTFORD, HARTFORD.stem)
    assert rows["round"].unique().tolist() == [7, 8, 9] and len(rows) == 14
    # without the rule the bracket players keep their Swiss values: P001's GW% 11/16
    swiss = quietly(
        check_from_path, HARTFORD, rules=replace(RULES["melee"], playoff_tiebreakers=False)
    )
    assert computed(swiss, "P001", "GWP") == pytest.approx(11 / 16)
    assert counts(swiss)["OMWP"][0] < 50


# --- losses to no one ------------------------------------------------------------------------


def test_loss_to_no_one_worked_example():
    """A beats B 2-0 in round 1; in round 2 A loses 0-2 to no one (a forfeit) and B has a bye.
    A: 3 points, 2 rounds (MW% 1/2), games 2-2 (GW% 6/12); his only opponent is B (MW% 3/6).
    Without the forfeit's games (melee.gg), A's GW% is 6/6."""
    results = pd.DataFrame({
        "event": "E", "round": [1, 1, 2, 2], "player": ["A", "B", "A", "B"],
        "opponent": ["B", "A", None, None], "wins": [2, 0, 0, 2], "losses": [0, 2, 2, 0],
        "draws": 0,
    })  # fmt: skip
    table = standings(results).set_index("player")
    assert table.loc["A", ["match_points", "rounds", "games"]].tolist() == [3, 2, 4]
    assert table.loc["A", ["mwp", "gwp", "omwp"]].tolist() == pytest.approx([0.5, 0.5, 0.5])
    assert table.loc["B", ["match_points", "rounds", "omwp"]].tolist() == pytest.approx([3, 2, 0.5])
    melee = standings(results, rules="melee2025").set_index("player")
    assert melee.loc["A", ["match_points", "games", "gwp"]].tolist() == pytest.approx([3, 2, 1.0])
    with pytest.raises(ValidationError, match="loss to no one"):
        matches_to_games(results)


def test_melee_loss_to_no_one_counts_the_match_not_its_games():
    """P001 lost round 5 0-2 to no one (``Player2`` null): published 15 points (five wins, one
    loss) and GW% 0.833333 = 30 game points of 12 games, the forfeit's two games left out."""
    data = quietly(read_mtg_json, FINALE)
    forfeit = data.results[(data.results["player"] == "P001") & (data.results["round"] == 5)]
    assert forfeit["opponent"].isna().all() and forfeit[["wins", "losses"]].values.tolist() == [
        [0, 2]
    ]
    table = quietly(check_from_path, FINALE)
    assert computed(table, "P001", "Points") == 15
    assert computed(table, "P001", "GWP") == pytest.approx(30 / 36)
    games = quietly(check_from_path, FINALE, rules=replace(RULES["melee2024"], forfeit_games=True))
    assert computed(games, "P001", "GWP") == pytest.approx(30 / 42)
    assert counts(table)["GWP"] == (8, 8) and counts(table)["Points"] == (8, 8)


# --- CardsRealm: "Bye" -----------------------------------------------------------------------


def test_cardsrealm_bye_named_bye_on_either_side():
    """CardsRealm writes a bye as a match against "Bye", usually as Player1 ("Bye" vs P010,
    0-2-0: P010's bye); "Bye" winning 2-0-0 against P008 is P008's loss to no one, as the
    published record (2 wins, 2 losses, 6 points) counts it."""
    data = quietly(read_mtg_json, TROPICAL)
    assert data.events["platform"].tolist() == ["cardsrealm"]
    first = data.results[data.results["round"] == 1].set_index("player")
    assert "Bye" not in set(data.results["player"]) | set(data.results["opponent"].dropna())
    assert pd.isna(first.loc["P010", "opponent"]) and pd.isna(first.loc["P008", "opponent"])
    assert first.loc["P008", ["wins", "losses"]].tolist() == [0, 2]
    row, table = quietly(file_report, TROPICAL)
    assert row["preset"] == "cardsrealm2025" and row["status"] == "equal"
    assert counts(table) == {
        "GWP": (16, 16), "OGWP": (16, 16), "OMWP": (16, 16), "Points": (16, 16), "Rank": (16, 16),
        "Wins": (16, 16), "Losses": (16, 16), "Draws": (16, 16),
    }  # fmt: skip
    assert computed(table, "P008", "Points") == 6
    # CardsRealm counts the forfeit's games: without them P008's GW% is not the published one
    other = quietly(
        check_from_path, TROPICAL, rules=replace(RULES["cardsrealm2025"], forfeit_games=False)
    )
    assert counts(other)["GWP"][0] < 16


def test_cardsrealm_opponent_without_a_name_is_a_player(tmp_path):
    """An empty Player2 in a CardsRealm file is a player whose name the rounds lost (here the
    standings' P008: no Swiss match, 1 loss, his published OMW% 0.667 is P003's 6/9), not a
    bye: P003's OMW% averages him (no points: 1/3), P005 (3 of 9 points: 1/3) and P001 (9/9)
    to 3 decimals, (0.333 + 0.333 + 1) / 3 = 0.555, as published; read as a bye, it would be
    (0.333 + 1) / 2 = 0.666."""
    path = JSON_DIR / "domingooouuu-pauper-57-2025-02-09.json"
    results = quietly(read_mtg_json, path).results
    first = results[results["round"] == 1].set_index("player")
    assert first.loc["P003", "opponent"] == "(unnamed)"
    assert first.loc["(unnamed)", ["opponent", "wins", "losses"]].tolist() == ["P003", 0, 2]
    row, table = quietly(file_report, path)
    assert row["preset"] == "cardsrealm" and row["status"] == "equal"
    assert row["compared"] == row["equal"] == 56
    assert computed(table, "P003", "OMWP") == 0.555
    data = json.loads(path.read_text(encoding="utf-8"))
    data["Rounds"][0]["Matches"][3]["Player2"] = None  # the same match as a bye
    as_bye = tmp_path / path.name
    as_bye.write_text(json.dumps(data), encoding="utf-8")
    assert computed(quietly(check_from_path, as_bye), "P003", "OMWP") == 0.666


def test_cardsrealm_opponents_without_a_name_in_one_round_are_two_players(tmp_path):
    """Two empty Player2 in one round are two players ("(unnamed)", "(unnamed) (2)"); an
    empty Player2 against "Bye" is the player without a name getting the bye."""
    rounds = [
        [("A", "", "2-0-0"), ("B", "", "2-1-0"), ("C", "D", "2-0-0")],
        [("A", "B", "2-0-0"), ("Bye", "", "0-2-0"), ("C", "D", "0-2-0")],
    ]
    data = {
        "Tournament": {"Date": "2025-03-01T20:00:00", "Name": "Nameless",
                       "Uri": "https://mtg.cardsrealm.com/en-us/tournament/x-nameless"},
        "Rounds": [
            {"RoundName": f"Round {i}",
             "Matches": [{"Player1": a, "Player2": b, "Result": r} for a, b, r in matches]}
            for i, matches in enumerate(rounds, 1)
        ],
        "Standings": None,
    }  # fmt: skip
    path = tmp_path / "nameless.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    results = quietly(read_mtg_json, path).results
    first = results[results["round"] == 1].set_index("player")
    assert first.loc[["A", "B"], "opponent"].tolist() == ["(unnamed)", "(unnamed) (2)"]
    assert first.loc["(unnamed) (2)", ["wins", "losses"]].tolist() == [1, 2]
    second = results[results["round"] == 2].set_index("player")
    assert pd.isna(second.loc["(unnamed)", "opponent"])
    assert second.loc["(unnamed)", ["wins", "losses"]].tolist() == [2, 0]


def test_cardsrealm_player_named_as_the_unnamed_is_refused(tmp_path):
    """A CardsRealm player really named "(unnamed)" (or "(unnamed) (2)") could not be told
    from the players without a name: the file is refused at the name's JSON path; a melee.gg
    file, whose empty Player2 is a bye, may hold that name."""

    def write(name: str, uri: str, standings: list | None = None) -> Path:
        matches = [
            {"Player1": "A", "Player2": "", "Result": "2-0-0"},
            {"Player1": name, "Player2": "B", "Result": "2-1-0"},
        ]
        data = {"Tournament": {"Date": "2025-03-01T20:00:00", "Name": "N", "Uri": uri},
                "Rounds": [{"RoundName": "Round 1", "Matches": matches}],
                "Standings": standings}  # fmt: skip
        path = tmp_path / f"{len(list(tmp_path.iterdir()))}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        return path

    cardsrealm = "https://mtg.cardsrealm.com/en-us/tournament/x-n"
    for name in ("(unnamed)", "(unnamed) (2)"):
        with pytest.raises(ValidationError, match=r"Rounds\[0\]\.Matches\[1\]: a player named"):
            quietly(read_mtg_json, write(name, cardsrealm))
    entry = {"Rank": 1, "Player": "(unnamed)", "Points": 3, "OMWP": None, "GWP": None,
             "OGWP": None}  # fmt: skip
    with pytest.raises(ValidationError, match=r"Standings\[0\]\.Player: a player named"):
        quietly(read_mtg_json, write("C", cardsrealm, [entry]))
    melee = quietly(read_mtg_json, write("(unnamed)", "https://melee.gg/Tournament/View/1"))
    assert "(unnamed)" in set(melee.results["player"])
    assert pd.isna(melee.results.set_index("player").loc["A", "opponent"])  # a bye there


def test_cardsrealm_until_may_2025_counts_missed_rounds_lost():
    """A 4-round event of March 2025 (cardsrealm preset): opponents' match-win % over the
    event's 4 rounds reproduces 53 of 55 OMW% and, with them, 49 of 55 ranks; over the rounds
    each opponent played, 42 and 31. P003's opponents: P040 (0 of 1 round: 1/3 floored),
    P031 (3 points of 2 rounds: 3/12 -> 1/3), P017 (6 of 3: 6/12), P007 (9 of 4 with a bye);
    to 3 decimals, as CardsRealm computed then: (0.333 + 0.333 + 0.5 + 0.75) / 4 = 0.479."""
    row, table = quietly(file_report, FUGUETE)
    # P023 won rounds 1 and 2 and is published 2-1-0 with 6 points: a loss the file's rounds
    # do not hold (CardsRealm's records agree with the rounds for all 8,830 players of its
    # files reproduced whole): the data's fault, the tie-breakers compared for information
    assert row["preset"] == "cardsrealm" and row["status"] == "inconsistent"
    assert "P023 (Losses published 1, its rounds give 0: 1 missing)" in row["detail"]
    assert counts(table) == {
        "GWP": (54, 55), "OGWP": (51, 55), "OMWP": (53, 55), "Points": (55, 55), "Rank": (49, 55),
        "Wins": (55, 55), "Losses": (54, 55), "Draws": (55, 55),
    }  # fmt: skip
    plain = quietly(
        check_from_path, FUGUETE, rules=replace(RULES["cardsrealm"], missed_rounds_lost=False)
    )
    assert counts(plain)["OMWP"] == (42, 55) and counts(plain)["Rank"] == (31, 55)
    p003 = table[(table["player"] == "P003") & (table["value"] == "OMWP")].iloc[0]
    assert p003["computed"] == pytest.approx((0.333 + 0.333 + 0.5 + 0.75) / 4, abs=1e-12)
    assert p003["published"] == 0.479 and p003["equal"]
    # the exact values (not rounded at each step) order two pairs of players otherwise
    exact = replace(RULES["cardsrealm"], rounded_averages=False, decimals=None)
    assert counts(quietly(check_from_path, FUGUETE, rules=exact))["Rank"] == (47, 55)


def test_cardsrealm_rounds_each_step_and_ranks_on_the_rounded_values():
    """CardsRealm rounds each opponent's MW% to 4 decimals, averages, rounds the average half
    to even, and ranks on that (``Rules.rounded_averages``); from May 2025 it ranks the own GW%
    as shown, below 1/3 (``ranked_as_shown``). A 3-round event of November 2025, 10 players:

    - P007 (3 points) met P006 (3 of 9 points: 1/3 -> 0.3333) and P002 (9 of 9: 1.0), and had
      a bye: (0.3333 + 1.0) / 2 = 0.66665 -> 0.6666. P006 (3 points) met P007 (0.3333), P001
      (1.0) and P004 (6 of 9: 0.6667): 2.0 / 3 -> 0.6667. Published 6th P006, 7th P007; exact,
      both are 2/3 and GW% (P007 4/8, P006 3/8) would put P007 6th.
    - P008 (0 points, 1-2 in games: GW% 1/3) and P009 (0-2: GW% 0) both have OMW% 1.0;
      published 8th P008, 9th P009 as their GW% shows; floored at 1/3 they tie and OGW% (P009
      0.8571, P008 0.6667) would put P009 8th.
    """
    row, table = quietly(file_report, DOMINGO)
    assert row["preset"] == "cardsrealm2025" and row["status"] == "equal"
    values = ("GWP", "OGWP", "OMWP", "Points", "Rank", "Wins", "Losses", "Draws")
    assert counts(table) == {v: (10, 10) for v in values}
    assert computed(table, "P007", "OMWP") == 0.6666
    assert computed(table, "P006", "OMWP") == 0.6667
    assert computed(table, "P007", "GWP") == 0.5 and computed(table, "P006", "GWP") == 0.375
    ours = quietly(standings_from_path, DOMINGO).set_index("player")["rank"]
    assert ours[["P006", "P007", "P008", "P009"]].tolist() == [6, 7, 8, 9]
    exact = replace(RULES["cardsrealm2025"], rounded_averages=False, decimals=None)
    ranks = quietly(standings_from_path, DOMINGO, rules=exact).set_index("player")["rank"]
    assert ranks[["P007", "P006"]].tolist() == [6, 7]
    floored = replace(RULES["cardsrealm2025"], ranked_as_shown=False)
    ranks = quietly(standings_from_path, DOMINGO, rules=floored).set_index("player")["rank"]
    assert ranks[["P009", "P008"]].tolist() == [8, 9]


def test_cardsrealm_last_digit_is_the_rounded_average_of_rounded_values():
    """The printed 4th decimal that looked one unit off (13/24 as 0.5416, 5/12 as 0.4166, 73/120
    as 0.6084, 17/24 as 0.7084) is the rounded average of rounded values: P002's opponents
    0.3333, 0.3333, 0.75, 0.75 average 0.54165 -> 0.5416 (half even); P013's OGW% (0.75 +
    0.6667) / 2 = 0.70835 -> 0.7084. Compared strictly, every value agrees; the exact values
    are one unit off."""
    strict = replace(RULES["cardsrealm2025"], last_digit="rounded")
    assert counts(quietly(check_from_path, TROPICAL, rules=strict))["OMWP"] == (16, 16)
    assert quietly(check_from_path, TROPICAL, rules=strict)["equal"].all()
    exact = replace(strict, rounded_averages=False, decimals=None)
    plain = quietly(check_from_path, TROPICAL, rules=exact)
    off = plain[~plain["equal"]].set_index(["player", "value"])["published"].round(4).to_dict()
    assert off == {
        ("P002", "OMWP"): 0.5416, ("P007", "OGWP"): 0.6084, ("P012", "OMWP"): 0.4166,
        ("P012", "OGWP"): 0.4166, ("P013", "OGWP"): 0.7084,
    }  # fmt: skip
    values = {("P002", "OMWP"): 13 / 24, ("P007", "OGWP"): 73 / 120, ("P012", "OMWP"): 5 / 12,
              ("P012", "OGWP"): 5 / 12, ("P013", "OGWP"): 17 / 24}  # fmt: skip
    for key, value in values.items():
        assert computed(plain, key[0], key[1]) == pytest.approx(value)
        assert 0.00005 < abs(off[key] - value) < 0.0001


# --- topdeck.gg deleted accounts, names shared by several players ------------------------------


def test_topdeck_deleted_accounts_are_distinct_players():
    """Two deleted accounts play in round 1 (two matches against "Deleted"): two players."""
    data = quietly(read_mtg_json, ARTABRIAN)
    first = data.results[data.results["round"] == 1]
    assert sorted(first.loc[first["player"].str.startswith("Deleted"), "player"]) == [
        "Deleted",
        "Deleted (2)",
    ]
    row, table = quietly(file_report, ARTABRIAN)
    assert row["status"] == "equal" and row["preset"] == "topdeck"
    # no game scores: its OGWP is checked against the published GW%, and the report says so
    assert row["detail"].startswith("OGWP compared with the mean of the opponents' published GW%")
    assert "a consistency check of the published table, not a recomputation" in row["detail"]
    # the OGW% of those who met "Deleted" (who won a match: his GW% is neither published nor
    # 0) cannot be formed from the file: not compared, and named; "Deleted (2)" lost every
    # match (GW% 0), so the OGW% of his opponents P003 and P004 is compared
    assert counts(table) == {"OGWP": (24, 24), "OMWP": (28, 28), "Points": (28, 28)}
    met = sorted(data.results.loc[data.results["opponent"] == "Deleted", "player"])
    assert met == ["P011", "P012", "P013", "P019"]
    assert f"met an opponent without a published GW%: {', '.join(met)}" in row["warnings"][-1]
    assert {"P003", "P004"} <= set(table.loc[table["value"] == "OGWP", "player"])


def test_players_the_standings_leave_out_take_no_place(tmp_path):
    """X plays (and beats C) but the standings do not list him: computed, A is 1st, X 2nd, C
    3rd, B 4th; among the players listed, C is 2nd and B 3rd, as published. X's matches still
    count in his opponents' values."""
    path = tmp_path / "left-out.json"
    matches = [
        [("A", "B", "2-0-0"), ("X", "C", "2-0-0")],
        [("A", "X", "2-1-0"), ("C", "B", "2-0-0")],
    ]
    rounds = [
        {
            "RoundName": f"Round {i}",
            "Matches": [{"Player1": a, "Player2": b, "Result": r} for a, b, r in ms],
        }
        for i, ms in enumerate(matches, 1)
    ]
    published = [{"Rank": k, "Player": p, "Points": pts, "OMWP": None, "GWP": None, "OGWP": None}
                 for k, p, pts in ((1, "A", 6), (2, "C", 3), (3, "B", 0))]  # fmt: skip
    tournament = {"Date": "2024-06-30", "Name": "Left out", "Uri": "https://example.org/2"}
    path.write_text(
        json.dumps({"Tournament": tournament, "Rounds": rounds, "Standings": published})
    )
    ours = quietly(read_mtg_json, path)
    table = standings(ours.results).set_index("player")
    assert table["rank"].to_dict() == {"A": 1, "X": 2, "C": 3, "B": 4}
    row, checked = quietly(file_report, path)
    assert row["status"] == "equal" and counts(checked) == {"Points": (3, 3), "Rank": (3, 3)}
    assert checked.loc[checked["value"] == "Rank", "computed"].tolist() == [1, 3, 2]  # A, B, C
    # a no-show the file places 2nd (no match: not compared) moves C and B to 3rd and 4th
    no_show = {"Rank": 2, "Player": "N", "Points": 0, "OMWP": None, "GWP": None, "OGWP": None}
    for entry in published[1:]:
        entry["Rank"] += 1
    path.write_text(
        json.dumps(
            {
                "Tournament": tournament,
                "Rounds": rounds,
                "Standings": [published[0], no_show, *published[1:]],
            }
        )
    )
    row, checked = quietly(file_report, path)
    assert row["status"] == "equal" and counts(checked) == {"Points": (3, 3), "Rank": (3, 3)}
    assert checked.loc[checked["value"] == "Rank", "computed"].tolist() == [1, 4, 3]  # A, B, C


def test_a_no_show_placed_inside_a_tie_leaves_a_gap_in_it(tmp_path):
    """A and C win 2-0 (level on every value: they share 1st), B and D lose 0-2 (share 3rd);
    the file places a no-show N 2nd: A 1, N 2, C 3, B 4, D 5. Every rank agrees."""
    rounds = [{"RoundName": "Round 1", "Matches": [
        {"Player1": "A", "Player2": "B", "Result": "2-0-0"},
        {"Player1": "C", "Player2": "D", "Result": "2-0-0"}]}]  # fmt: skip
    places = (("A", 1, 3), ("N", 2, 0), ("C", 3, 3), ("B", 4, 0), ("D", 5, 0))
    published = [{"Rank": k, "Player": p, "Points": pts} for p, k, pts in places]
    tournament = {"Date": "2024-06-30", "Name": "Gap", "Uri": "https://example.org/3"}
    path = tmp_path / "gap.json"
    path.write_text(
        json.dumps({"Tournament": tournament, "Rounds": rounds, "Standings": published})
    )
    row, checked = quietly(file_report, path)
    ranks = checked[checked["value"] == "Rank"].set_index("player")
    assert ranks["equal"].all() and len(ranks) == 4, ranks
    assert ranks["computed"].to_dict() == {"A": 1, "B": 4, "C": 3, "D": 5}


def test_players_sharing_a_name_are_distinct_players():
    """The standings list two players P013; in round 2 both play (against P004 and P011): two
    players, the second named "P013 (2)"; neither is compared, nor the OGW% of the players who
    met one of them (his published GW% cannot be told apart)."""
    data = quietly(read_mtg_json, THURSDAY)
    second = data.results[data.results["round"] == 2].set_index("player")
    assert second.loc[["P013", "P013 (2)"], "opponent"].tolist() == ["P004", "P011"]
    row, table = quietly(file_report, THURSDAY)
    assert row["status"] == "equal"
    assert any("players sharing a name: P013" in w for w in row["warnings"])
    assert "P013" not in set(table["player"])
    assert counts(table) == {"OGWP": (11, 11), "OMWP": (14, 14), "Points": (14, 14)}
    results = data.results
    met = results.loc[results["opponent"].isin(["P013", "P013 (2)"]), "player"]
    ogwp = set(table.loc[table["value"] == "OGWP", "player"])
    assert len(set(met)) == 3 and not ogwp & set(met)


# --- the status of a file --------------------------------------------------------------------


def test_inconsistent_file_names_players_and_points_missing():
    """The playoffs' players of this file miss matches: their published points exceed what the
    file's rounds give; the tie-breakers are compared for information only."""
    row, table = quietly(file_report, LAND)
    assert row["status"] == "inconsistent"
    assert row["detail"].startswith(
        "published points or records that the file's own rounds cannot give, 4 value(s): "
        "P001 (Points published 24, its rounds give 15: 9 missing); "
        "P002 (Points published 18, its rounds give 12: 6 missing); "
        "P003 (Points published 15, its rounds give 12: 3 missing); "
        "P004 (Points published 15, its rounds give 12: 3 missing); "
        "the tie-breakers are compared for information only"
    )
    assert (row["compared"], row["equal"]) == (len(table), int(table["equal"].sum())) == (137, 107)
    # the 21 ranks of players outside the playoffs agree once the places of the two players
    # not compared (P005's shared name, P006 without a match) are skipped as the file skips them
    assert counts(table)["Rank"] == (21, 21)
    assert row["first_difference"] == "P001: Points published 24, computed 15"


def test_file_report_row_and_statuses(tmp_path):
    row, table = quietly(file_report, SANREMO)
    assert tuple(row) == REPORT_COLUMNS
    assert row["file"] == str(SANREMO) and row["platform"] == "melee"
    assert (row["compared"], row["equal"], row["first_difference"]) == (31, 31, "")
    assert list(table.columns) == [
        "event", "player", "value", "published", "computed", "equal", "published_after"
    ]  # fmt: skip
    # refused: one match written twice with different winners, named at its JSON path
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({
        "Tournament": {"Date": "2024-06-30", "Name": "Club", "Uri": "https://melee.gg/1"},
        "Rounds": [{"RoundName": "Round 1", "Matches": [
            {"Player1": "Ann", "Player2": "Bo", "Result": "2-0-0"},
            {"Player1": "Bo", "Player2": "Ann", "Result": "2-1-0"}]}],
        "Standings": [{"Rank": 1, "Player": "Ann", "Points": 3}]}))  # fmt: skip
    refused, empty = file_report(bad)
    assert refused["status"] == "refused" and refused["preset"] == ""
    assert "Rounds[0].Matches[1]" in refused["detail"] and str(bad) in refused["detail"]
    assert empty.empty and refused["compared"] == 0
    # nothing published
    none = tmp_path / "none.json"
    none.write_text(json.dumps({
        "Tournament": {"Date": "2024-06-30", "Name": "Club", "Uri": "https://melee.gg/1"},
        "Rounds": [{"RoundName": "Round 1", "Matches": [
            {"Player1": "Ann", "Player2": "Bo", "Result": "2-0-0"}]}]}))  # fmt: skip
    nothing, _ = file_report(none)
    assert nothing["status"] == "no published values" and nothing["platform"] == "melee"
    assert {row["status"], refused["status"], nothing["status"]} <= set(STATUSES)
    # written once with its games and once 0-0-0 (not reported): the match with its games
    bad.write_text(bad.read_text().replace('"2-1-0"', '"0-0-0"'))
    unreported, table = file_report(bad)
    assert unreported["status"] == "equal" and table["value"].tolist() == ["Points", "Rank"]


def test_a_file_of_playoffs_only_is_checked_without_its_tables(tmp_path):
    """An MTGO file holds its top 8 only: nothing to compare, its preset named; the same file
    with a standings entry that is not an object is refused at its path, as the reader
    refuses it."""
    source = next((JSON_DIR / "mtgo").glob("*.json"))
    row, table = quietly(file_report, source)
    assert (row["status"], row["compared"], row["preset"]) == ("no published values", 0, "mtg")
    assert table.empty
    data = json.loads(source.read_text(encoding="utf-8"))
    data["Standings"][1] = 5
    broken = tmp_path / source.name
    broken.write_text(json.dumps(data), encoding="utf-8")
    row, _ = quietly(file_report, broken)
    assert row["status"] == "refused" and "Standings[1]" in row["detail"]


def test_the_report_row_has_the_archive_reports_columns():
    from tourneystats.core.report import REPORT_COLUMNS as ARCHIVE_COLUMNS

    assert list(REPORT_COLUMNS) == ARCHIVE_COLUMNS


# --- a season of a real archive past its refused files ---------------------------------------


def test_a_season_skips_its_refused_files_when_asked(tmp_path, capsys):
    """A folder of two real files and one that contradicts itself (a match written twice
    with different winners): read whole, it stops at that file; with skip_bad_files (and
    ``--skip-bad-files``) the two others are computed and the refused one is named."""
    season = tmp_path / "MTGmelee" / "2024"
    (season / "06").mkdir(parents=True)
    for source in (SANREMO, LAND):
        (season / source.name).write_bytes(source.read_bytes())
    bad = season / "06" / "bad.json"
    bad.write_text(json.dumps({
        "Tournament": {"Date": "2024-06-30", "Name": "Club", "Uri": "https://melee.gg/1"},
        "Rounds": [{"RoundName": "Round 1", "Matches": [
            {"Player1": "Ann", "Player2": "Bo", "Result": "2-0-0"},
            {"Player1": "Bo", "Player2": "Ann", "Result": "2-1-0"}]}],
        "Standings": [{"Rank": 1, "Player": "Ann", "Points": 3}]}))  # fmt: skip
    with pytest.raises(ValidationError, match=r"bad\.json"):
        quietly(standings_from_path, tmp_path)
    with pytest.warns(
        UserWarning, match=r"1 file\(s\) left out, refused: .*bad\.json.*Rounds\[0\]"
    ):
        table = standings_from_path(tmp_path, skip_bad_files=True)
    alone = pd.concat([quietly(standings_from_path, f) for f in (SANREMO, LAND)], ignore_index=True)
    pd.testing.assert_frame_equal(table.reset_index(drop=True), alone)
    history = quietly(history_from_path, tmp_path, skip_bad_files=True)
    assert set(history["event"]) == {LAND.stem, SANREMO.stem}
    # the command line
    chart = tmp_path / "drift.png"
    assert quietly(main, ["drift", str(tmp_path), "--family", "cards", "--out", str(chart)]) == 1
    args = ["drift", str(tmp_path), "--family", "cards", "--skip-bad-files", "--out", str(chart)]
    assert quietly(main, args) == 0 and chart.exists()
    with pytest.raises(SystemExit):
        main(["standings", str(tmp_path), "--family", "chess", "--skip-bad-files"])
    assert "--skip-bad-files is an option of the cards family" in capsys.readouterr().err
    # every file refused: nothing to compute, said so
    with pytest.raises(ValidationError, match="every MTG JSON file was refused"):
        quietly(read_mtg_json, bad, skip_bad_files=True)


def test_cardsrealm_records_the_rounds_cannot_give_make_the_file_inconsistent(tmp_path):
    """CardsRealm's published Wins, Losses and Draws are the Swiss matches of the file's
    rounds (``Rules.published_records``): a loss published that no round holds is a match
    missing from the file. melee.gg counts its records otherwise: not compared."""
    data = json.loads(DOMINGO.read_text(encoding="utf-8"))
    row, table = quietly(file_report, DOMINGO)
    assert row["status"] == "equal" and counts(table)["Losses"] == (10, 10)
    first = data["Standings"][0]
    first["Losses"] += 1
    changed = tmp_path / DOMINGO.name
    changed.write_text(json.dumps(data), encoding="utf-8")
    row, table = quietly(file_report, changed)
    assert row["status"] == "inconsistent" and counts(table)["Losses"] == (9, 10)
    shown = first["Losses"]
    assert row["detail"].startswith(
        "published points or records that the file's own rounds cannot give, 1 value(s): "
        f"{first['Player']} (Losses published {shown}, its rounds give {shown - 1}: 1 missing)"
    )
    melee = json.loads(WEEKLY.read_text(encoding="utf-8"))
    melee["Standings"][0]["Losses"] += 1
    (tmp_path / WEEKLY.name).write_text(json.dumps(melee), encoding="utf-8")
    row, table = quietly(file_report, tmp_path / WEEKLY.name)
    assert "Losses" not in set(table["value"])
    assert row["status"] == quietly(file_report, WEEKLY)[0]["status"]


def test_ogwp_from_published_gw_is_unknown_beside_an_unpublished_opponent():
    """A file of match results only: the OGW% to compare is the mean of the opponents'
    published GW% (floored at 0.33). A met B (0.4) and X, who won a match and whose GW% is
    not published: A's is unknown (named, not a number). B's is A's 0.6; X's the same; C,
    with byes only, has no counted opponent: topdeck.gg's 0.33 (``Rules.no_opponents``)."""
    from tourneystats.cards import RULES
    from tourneystats.cards.nogames import ogwp_from_published

    results = pd.DataFrame(
        {"event": "E", "round": [1, 1, 1, 2, 2, 2, 2],
         "player": ["A", "B", "C", "A", "X", "B", "C"],
         "opponent": ["B", "A", None, "X", "A", None, None], "wins": [1, 0, 1, 0, 1, 1, 1],
         "losses": [0, 1, 0, 1, 0, 0, 0], "draws": 0}
    )  # fmt: skip
    published = pd.DataFrame({"event": "E", "player": ["A", "B", "C"], "GWP": [0.6, 0.4, 1.0]})
    mean, unknown = ogwp_from_published(results, published, RULES["topdeck"])
    assert unknown.tolist() == [("E", "A")]
    assert pd.isna(mean["E", "A"])
    assert mean.xs("E", level=0)[["B", "X", "C"]].tolist() == [0.6, 0.6, 0.33]


@pytest.mark.parametrize(
    "stem, player, value",
    [
        ("pauper-royale-227-2025-02-06", "P022", 1.0),  # cardsrealm
        ("domingooouuu-pauper-62-2025-07-13", "P009", 0.1),  # cardsrealm2025
    ],
)
def test_cardsrealm_player_with_a_bye_only_has_the_printed_value(stem, player, value):
    """CardsRealm prints OMW% and OGW% 1 (until mid-May 2025) and 0.1 (after) for a player whose
    one round is a bye (``Rules.no_opponents``): the file is reproduced whole with it; without
    it, his two values are missing (and in the first file he ranks 26th, published 22nd)."""
    path = JSON_DIR / f"{stem}.json"
    results = quietly(read_mtg_json, path).results
    assert results.loc[results["player"] == player, "opponent"].isna().all()
    row, table = quietly(file_report, path)
    assert row["status"] == "equal" and row["compared"] == row["equal"]
    mine = table[(table["player"] == player) & table["value"].isin(["OMWP", "OGWP"])]
    assert mine["published"].tolist() == [value, value] == mine["computed"].tolist()
    rules = replace(RULES[row["preset"]], no_opponents=None)
    _, without = quietly(file_report, path, rules=rules)
    mine = without[(without["player"] == player) & without["value"].isin(["OMWP", "OGWP"])]
    assert mine["computed"].isna().all()
    if row["preset"] == "cardsrealm":
        rank = without[(without["player"] == player) & (without["value"] == "Rank")]
        assert rank[["published", "computed"]].values.tolist() == [[22, 26]]


def test_melee_spring_2024_counts_an_intentional_draw_as_three_drawn_games():
    """melee.gg from 2024-04-20 to mid-May 2024 (``melee2024spring``): the 0-0-3 of round 4
    between P001 and P002 is 3 drawn games. P001: 2-0, 2-1, 2-0, then 0-0-3: (6 x 3 + 3 x 1) /
    (10 x 3) = 0.7 as published; ``melee`` (0 game points for those games) gives 18/30 = 0.6
    and moves 7 players' OGW%. What differs then is marked: two players who left, published
    with their standings after round 3."""
    path = JSON_DIR / "weekly-legacy-91607-2024-05-09.json"
    row, table = quietly(file_report, path)
    assert row["preset"] == "melee2024spring" and row["status"] == "published_earlier"
    assert computed(table, "P001", "GWP") == computed(table, "P002", "GWP") == pytest.approx(0.7)
    assert counts(table)["GWP"] == (18, 18)
    differ = table[~table["equal"].astype(bool)]
    assert set(differ["player"]) == {"P011", "P013"} and (differ["published_after"] == 3).all()
    _, old = quietly(file_report, path, rules="melee")
    assert computed(old, "P001", "GWP") == pytest.approx(0.6)
    assert counts(old)["GWP"] == (16, 18) and counts(old)["OGWP"] == (9, 18)
