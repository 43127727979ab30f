"""Players who left before the last Swiss round (or were knocked out of a top cut before its
last round), published with their standings of an earlier round (``tourneystats.cards.earlier``):
found, marked ``published_after``, not counted as reproduced, and the ranks that agree only given
them marked, not counted equal either."""

from __future__ import annotations

import json
import random
import warnings
from dataclasses import replace
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import reference_cards as ref
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from tourneystats.cards import RULES, file_report, standings
from tourneystats.cards.earlier import EARLIER, earlier_rounds, ranked_with, shown_earlier
from tourneystats.core.check import decimals

WEEKLY = (
    Path(__file__).parent / "data" / "cards" / "mtgjson" / "weekly-legacy-292153-2025-04-17.json"
)
VALUES = {"OMWP": "omwp", "GWP": "gwp", "OGWP": "ogwp"}


def quietly(func, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return func(*args, **kwargs)


def value(table: pd.DataFrame, player: str, name: str, column: str = "computed") -> float:
    return float(table.loc[(table["player"] == player) & (table["value"] == name), column].iloc[0])


def test_real_file_players_who_left_after_round_2_have_round_2_values():
    """36 players, 6 rounds. P035 lost round 1 to P026 and round 2 to P029, and left. After
    round 2, P026 had won and drawn (4 of 6 points: 2/3) and P029 lost and won (3 of 6: 1/2):
    OMW% (2/3 + 1/2) / 2 = 7/12 = 0.583333, published. At the end P026 has 5 of 18 points and
    P029, who left after round 3, 3 of 9: both 1/3 (floored), OMW% 1/3, computed. P034 and
    P036 left after round 2 too and are published with their values after round 2; P033, who
    left after round 4, with his final ones. melee.gg lists P034, P035, P036 after P033 (all 0
    points): with their published values and listed after the others, every rank agrees; from
    the rounds alone the four ranks of P033-P036 (34, 33, 36, 35) do not, so those four are
    marked (round 2) and not counted equal."""
    row, table = quietly(file_report, WEEKLY)
    assert row["preset"] == "melee2024" and row["status"] == "published_earlier"
    assert value(table, "P035", "OMWP", "published") == pytest.approx(7 / 12, abs=5e-7)
    assert value(table, "P035", "OMWP") == pytest.approx(1 / 3)
    wrong = table[~table["equal"].astype(bool)]
    assert sorted(zip(wrong["player"], wrong["value"], wrong[EARLIER], strict=True)) == [
        ("P033", "Rank", 2), ("P034", "OGWP", 2), ("P034", "OMWP", 2), ("P034", "Rank", 2),
        ("P035", "OGWP", 2), ("P035", "OMWP", 2), ("P035", "Rank", 2), ("P036", "OGWP", 2),
        ("P036", "Rank", 2),
    ]  # fmt: skip
    ranks = table[table["value"] == "Rank"].set_index("player")
    assert len(ranks) == 36 and ranks["equal"].sum() == 32
    assert ranks.loc[["P033", "P034", "P035", "P036"], "computed"].tolist() == [34, 33, 36, 35]
    assert (row["compared"], row["equal"]) == (180, 171)
    assert row["detail"] == (
        "5 tie-breaker(s) of 3 player(s) who left before the last Swiss round (or were "
        "knocked out of a top cut before its last round) are their standings after an earlier "
        "round (player (round)): P034 (2), P035 (2), P036 (2); "
        "4 rank(s) agree only given those values"
    )
    assert row["first_difference"] == "P034: OMWP published 0.75, computed 0.583333"


def test_without_listing_them_after_the_ranks_of_three_differ():
    """The same file under rules that do not list them after (as melee.gg before May 2024):
    P034-P036 (0 points, OMW% after round 2 0.75, 0.583, 0.5) rank among the players with 0
    points by their values, before P033 (0.576) for P034 and P035: only P036's rank agrees given
    those values (marked), the other three are plain differences."""
    rules = replace(RULES["melee2024"], earlier_standings="ranked")
    row, table = quietly(file_report, WEEKLY, rules=rules)
    ranks = table[table["value"] == "Rank"].set_index("player")
    assert row["status"] == "different"
    wrong = ranks[~ranks["equal"].astype(bool)]
    assert sorted(wrong.index) == ["P033", "P034", "P035", "P036"]
    assert sorted(wrong.index[wrong[EARLIER].isna()]) == ["P033", "P034", "P035"]


def test_earlier_rounds_and_listing_after_by_hand():
    """A beat B in round 1 and C in round 2; C beat D in round 1; B and D left after round 1.
    D's OMW% after round 1 is C's 1.0 (published), at the end 0.5 (C lost round 2). B's
    opponent A won twice: 1.0 after either round, not told apart."""
    results = pd.DataFrame({
        "event": "E", "round": [1, 1, 1, 1, 2, 2], "player": ["A", "B", "C", "D", "A", "C"],
        "opponent": ["B", "A", "D", "C", "C", "A"], "wins": [2, 0, 2, 0, 2, 0],
        "losses": [0, 2, 0, 2, 0, 2], "draws": 0})  # fmt: skip
    rules = RULES["melee2024"]
    table = standings(results, rules=rules)
    published = pd.DataFrame(
        {"event": "E", "player": ["A", "B", "C", "D"], "OMWP": [0.4167, 1.0, 0.5, 1.0]}
    )
    matches = earlier_rounds(results, published, table, rules, 2)
    assert matches[["player", "round"]].values.tolist() == [["D", 1]]  # B: his final values
    left = pd.Series({"B": 1, "D": 1})
    shown = shown_earlier(matches, left)
    assert shown[["player", "after"]].values.tolist() == [["D", True], ["B", True]]
    # put in: D's standings after round 1 (OMW% 1.0, OGW% C's GW% then, 1.0); B keeps his
    # final ones (OMW% 1.0, OGW% A's GW% 1.0): both 0 points and GW% 0, they share 3rd place
    ranked = ranked_with(table, shown, rules)
    assert ranked[["player", "rank"]].values.tolist() == [["A", 1], ["C", 2], ["B", 3], ["D", 3]]
    assert ranked.loc[ranked["player"] == "D", ["omwp", "ogwp"]].values.tolist() == [[1.0, 1.0]]
    assert table.loc[table["player"] == "D", ["omwp", "ogwp"]].values.tolist() == [[0.5, 0.5]]
    # nobody who left: nothing found
    nobody = earlier_rounds(results[results["round"] == 1], published, table, rules, 1)
    assert nobody.empty


def _event(seed: int, players: int, rounds: int) -> pd.DataFrame:
    """Random Swiss-like event: players paired at random each round among those still in, a bye
    for the odd one, a few leaving after each round (at least two stay)."""
    rng = random.Random(seed)
    active = [f"P{i:02d}" for i in range(players)]
    scores = [(2, 0), (2, 1), (1, 2), (0, 2), (1, 1)]
    rows = []
    for r in range(1, rounds + 1):
        rng.shuffle(active)
        for i in range(0, len(active) - 1, 2):
            w, lo = rng.choice(scores)
            rows += [(r, active[i], active[i + 1], w, lo), (r, active[i + 1], active[i], lo, w)]
        if len(active) % 2:
            rows.append((r, active[-1], None, 2, 0))
        if r < rounds:
            leaving = [p for p in active if rng.random() < 0.25][: max(0, len(active) - 2)]
            active = [p for p in active if p not in leaving]
    frame = pd.DataFrame(rows, columns=["round", "player", "opponent", "wins", "losses"])
    return frame.assign(event="E", draws=0)


@settings(max_examples=examples(40), deadline=None)
@given(st.integers(0, 10**6), st.integers(4, 9), st.integers(2, 4), st.data())
def test_earlier_rounds_agree_with_the_reference(seed, players, rounds, data):
    """Published values: for each player who left, his standings after a random round from his
    last one on (or his final ones), to 6 decimals; the others' final ones. The rounds found
    (the latest that gives every value, for the players whose final values do not) and the
    places ranked with them (listed after or not) agree with the plain-Python reference."""
    results = _event(seed, players, rounds)
    rules = RULES["melee2024"]
    table = standings(results, rules=rules)
    last = results.groupby("player")["round"].max()
    published = table[["event", "player"]].copy()
    for name, column in VALUES.items():
        published[name] = table[column].astype(float).round(6).to_numpy()
    for player in last.index[last < rounds]:
        r = data.draw(st.integers(int(last[player]), rounds), label=f"round of {player}")
        if r < rounds:
            after = standings(results[results["round"] <= r], rules=rules).set_index("player")
            at = published["player"] == player
            for name, column in VALUES.items():
                published.loc[at, name] = round(float(after.loc[player, column]), 6)
    units = {v: 0.5 * 10.0 ** -decimals(published[k]) for k, v in VALUES.items()}
    given_values = {
        row["player"]: {v: row[k] for k, v in VALUES.items()}
        for row in published.to_dict("records")
    }
    expected = ref.earlier_rounds(results, given_values, rules, rounds, units)
    matches = earlier_rounds(results, published, table, rules, rounds)
    shown = shown_earlier(matches, last[last < rounds])
    found = shown.dropna(subset=["round"])
    assert dict(zip(found["player"], found["round"].astype(int), strict=True)) == expected
    ranked = ranked_with(table, shown, rules)
    own = table.set_index("player")[["match_points", "omwp", "gwp", "ogwp"]].to_dict("index")
    values = {
        p: {k: v for k, v in row.items() if k in own[p] and pd.notna(v)}
        for p, row in found.set_index("player")[["omwp", "gwp", "ogwp"]].to_dict("index").items()
    }
    places = ref.ranked_with(own, values, set(shown["player"]), rules)
    assert dict(zip(ranked["player"], ranked["rank"], strict=True)) == places
    assert np.isin(ranked["player"], table["player"]).all() and len(ranked) == len(table)


SEMANAL = WEEKLY.parent / "semanal-pauper-86862-2024-04-26.json"


def test_real_file_before_may_2024_ranks_them_among_the_others():
    """19 players, 4 rounds (melee.gg, late April 2024: preset ``melee2024spring``, ``melee``'s
    rules for those who left). P017 lost round 1 to
    P008 and left: published OMW% 1.0 and OGW% 1.0, P008's match-win % and game-win % after
    round 1 (won 2-0); at the end P008 has 6 points of 4 rounds (1/2) and GW% 0.555556 (both
    published for P008), so P017's final OMW% is 0.5. P015 and P018 left after round 3 and are
    published with their values after round 3, their own last round. melee.gg ranked them by
    those values among the others: P017 (0 points, OMW% 1.0) 17th, P018 (0.7037) 18th, before
    P019 (0 points, 0.5625, who played every round): every rank agrees so (from the rounds
    alone, P017-P019 are 19th, 17th, 18th: marked, not counted equal); listed after P019, five
    ranks would not."""
    row, table = quietly(file_report, SEMANAL)
    assert row["preset"] == "melee2024spring" and row["status"] == "published_earlier"
    assert value(table, "P017", "OMWP", "published") == 1.0
    assert value(table, "P017", "OMWP") == pytest.approx(0.5)
    assert value(table, "P008", "Points", "published") == 6  # 4 rounds played
    assert value(table, "P008", "GWP", "published") == pytest.approx(5 / 9, abs=5e-7)
    wrong = table[~table["equal"].astype(bool) & (table["value"] != "Rank")]
    assert sorted(set(zip(wrong["player"], wrong[EARLIER], strict=True))) == [
        ("P015", 3),
        ("P017", 1),
        ("P018", 3),
    ]
    ranks = table[table["value"] == "Rank"].set_index("player")
    assert len(ranks) == 19 and ranks["equal"].sum() == 16
    assert ranks.loc[["P017", "P018", "P019"], "published"].tolist() == [17, 18, 19]
    assert ranks.loc[["P017", "P018", "P019"], "computed"].tolist() == [19, 17, 18]
    assert ranks.loc[["P017", "P018", "P019"], EARLIER].tolist() == [3, 3, 3]
    after = replace(RULES["melee"], earlier_standings="listed_after")
    row, listed = quietly(file_report, SEMANAL, rules=after)
    ranks = listed[listed["value"] == "Rank"].set_index("player")
    assert row["status"] == "different" and ranks[EARLIER].isna().all()


def test_earlier_standings_is_a_documented_choice():
    """Only melee.gg's presets look for earlier standings; CardsRealm's files show none (0 of
    the 5,422 players who left in its 256 files that differ), so a value there that equals an
    earlier round's by chance stays a plain difference."""
    assert RULES["melee"].earlier_standings == "ranked"
    assert (
        RULES["melee2024"].earlier_standings
        == RULES["melee2025"].earlier_standings
        == ("listed_after")
    )
    assert {RULES[n].earlier_standings for n in ("mtg", "cardsrealm", "topdeck")} == {None}
    with pytest.raises(ValueError, match="earlier_standings must be one of"):
        replace(RULES["melee"], earlier_standings="after")
    row, table = quietly(
        file_report, WEEKLY, rules=replace(RULES["melee2024"], earlier_standings=None)
    )
    assert row["status"] == "different" and table[EARLIER].isna().all()
    assert counts_of(table)["Rank"] == (32, 36)  # as before: ranked with the final values


def counts_of(table: pd.DataFrame) -> dict[str, tuple[int, int]]:
    per = table.groupby("value")["equal"].agg(["sum", "size"])
    return {name: (int(s), int(n)) for name, (s, n) in per.iterrows()}


@pytest.mark.parametrize(
    "path", sorted((Path(__file__).parent / "data" / "cards" / "mtgjson").glob("*.json")),
    ids=lambda p: p.name[:40],
)  # fmt: skip
def test_ranked_with_no_one_moved_keeps_every_rank(path):
    # the table's own order is not always its columns' (a bracket counted in the tie-breakers
    # after the Swiss places, ManaTraders' rounds): only the players given move, the others
    # keep their order (Hartford's P005 and P008 swapped 7th and 8th when all were sorted)
    from tourneystats.cards import read_mtg_json, standings_from_path
    from tourneystats.cards.publishers import implied_rules

    event = quietly(read_mtg_json, path).events.iloc[0]
    table = quietly(standings_from_path, path)
    rules = implied_rules(event["platform"], event["date"])
    nobody = pd.DataFrame({"player": pd.Series([], dtype=str)})
    again = ranked_with(table, nobody, rules)
    assert again["player"].tolist() == table["player"].tolist()
    assert again["rank"].tolist() == table["rank"].tolist()
    if len(table) > 3 and rules.game_scores:  # one player moved: the others keep their order
        last = table["player"].iloc[-1]
        moved = ranked_with(table, pd.DataFrame({"player": [last], "omwp": [1.0]}), rules)
        others = moved["player"][moved["player"] != last].tolist()
        assert others == table["player"][table["player"] != last].tolist()


def _knockout_file(tmp_path: Path, e_omwp: float = 0.5) -> Path:
    """Eight players, two Swiss rounds, then a top 4 written as Swiss rounds: semifinals in
    'Round 3' (A beats F, B beats E), the final in 'Round 4' (A beats B 2-1); every other
    match won 2-0. E is published with his standings after round 3 (OMW% `e_omwp`), F with his
    final ones; the others with their points and places only."""
    pairs = [(1, "A", "B", "2-0-0"), (1, "C", "D", "2-0-0"), (1, "E", "F", "2-0-0"),
             (1, "G", "H", "2-0-0"), (2, "A", "C", "2-0-0"), (2, "E", "G", "2-0-0"),
             (2, "B", "D", "2-0-0"), (2, "F", "H", "2-0-0"), (3, "A", "F", "2-0-0"),
             (3, "B", "E", "2-0-0"), (4, "A", "B", "2-1-0")]  # fmt: skip
    rounds = [
        {"RoundName": f"Round {r}", "Matches": [
            {"Player1": a, "Player2": b, "Result": res} for n, a, b, res in pairs if n == r
        ]} for r in (1, 2, 3, 4)
    ]  # fmt: skip
    points = {"A": 12, "B": 6, "E": 6, "F": 3, "C": 3, "G": 3, "D": 0, "H": 0}
    values = {
        "E": {"OMWP": e_omwp, "GWP": 0.66666667, "OGWP": 0.5},
        "F": {"OMWP": 0.66666667, "GWP": 0.33333333, "OGWP": 0.62962963},
    }
    standings = [
        {"Rank": i + 1, "Player": p, "Points": n, "OMWP": None, "GWP": None, "OGWP": None,
         **values.get(p, {})}
        for i, (p, n) in enumerate(points.items())
    ]  # fmt: skip
    tournament = {
        "Date": "2024-06-30",
        "Name": "Top 4",
        "Uri": "https://melee.gg/Tournament/View/1",
    }
    path = tmp_path / "top-4.json"
    path.write_text(
        json.dumps({"Tournament": tournament, "Rounds": rounds, "Standings": standings})
    )
    return path


def test_knocked_out_of_a_top_cut_with_standings_after_his_last_round(tmp_path):
    """The cut's four players count every round (``Rules.frozen_before_cut``); E, out in the
    semifinals (round 3), met F (1 of 3 matches won: 1/3), G (1 of 2: 1/2, frozen after round
    2) and B, who had won 2 of 3 (2/3) after round 3 and 2 of 4 (1/2) after the final: OMW%
    (1/3 + 1/2 + 2/3) / 3 = 1/2 after round 3 (published), (1/3 + 1/2 + 1/2) / 3 = 4/9 at
    the end (computed). His OGW% likewise: B's games 4 of 6 (2/3) after round 3, 5 of 9 at
    the end (lost the final 1-2), with F's 2/6 and G's 2/4: 1/2 published, 25/54 computed.
    Both are marked ``published_after`` 3; his GW% (4/6, the same either way) is equal. F,
    out in round 3 too, is published with his final OGW% (E's games 4/6, H's 0 floored to 1/3,
    A's 8 of 9: 17/27; A's 6 of 6 after round 3 would give 2/3): nothing to mark."""
    row, table = quietly(file_report, _knockout_file(tmp_path))
    assert row["preset"] == "melee2024" and row["status"] == "published_earlier"
    assert value(table, "E", "OMWP") == pytest.approx(4 / 9)
    assert value(table, "E", "OGWP") == pytest.approx(25 / 54)
    assert value(table, "F", "OGWP") == pytest.approx(17 / 27)
    wrong = table[~table["equal"].astype(bool)]
    assert sorted(zip(wrong["player"], wrong["value"], wrong[EARLIER], strict=True)) == [
        ("E", "OGWP", 3), ("E", "OMWP", 3)
    ]  # fmt: skip
    assert table.loc[table["equal"].astype(bool), EARLIER].isna().all()
    # the ranks of the players outside the cut (C, G share 5th, D, H 7th) agree; the cut's
    # players' places come from the bracket and are not compared
    ranks = table[table["value"] == "Rank"]
    assert sorted(ranks["player"]) == ["C", "D", "G", "H"] and ranks["equal"].all()
    assert (row["compared"], row["equal"]) == (18, 16)
    assert row["detail"].startswith("2 tie-breaker(s) of 1 player(s) who left before the last")
    assert row["detail"].endswith("after an earlier round (player (round)): E (3)")


def test_knocked_out_values_of_no_round_stay_a_difference(tmp_path):
    """E published with an OMW% that no round gives (0.47: 1/2 after round 3, 4/9 after round
    4) is a plain difference; so are his values under rules that show final standings only
    (``earlier_standings=None``)."""
    row, table = quietly(file_report, _knockout_file(tmp_path, e_omwp=0.47))
    assert row["status"] == "different" and table[EARLIER].isna().all()
    rules = replace(RULES["melee2024"], earlier_standings=None)
    row, table = quietly(file_report, _knockout_file(tmp_path), rules=rules)
    assert row["status"] == "different" and table[EARLIER].isna().all()
    wrong = table[~table["equal"].astype(bool)]
    assert sorted(zip(wrong["player"], wrong["value"], strict=True)) == [
        ("E", "OGWP"), ("E", "OMWP")
    ]  # fmt: skip


def test_earlier_rounds_of_the_players_knocked_out_of_a_top_cut(tmp_path):
    """earlier_rounds with the cut's first round (3) and the event's last (4): the players
    knocked out before the final are those it looks at; E's standings after round 3 give his
    published values (OMW% and OGW% 1/2)."""
    from tourneystats.cards import read_mtg_json
    from tourneystats.cards.publishers import event_standings

    data = quietly(read_mtg_json, _knockout_file(tmp_path))
    record = data.events.iloc[0]
    assert record["cut_round"] == 3
    rules = RULES["melee2024"]
    table = event_standings(data.results, dict(record), rules)
    found = earlier_rounds(data.results, data.published, table, rules, 4, 3)
    assert found[["player", "round"]].values.tolist() == [["E", 3]]
    assert found[["omwp", "gwp", "ogwp"]].values.tolist() == [
        [pytest.approx(1 / 2), pytest.approx(2 / 3), pytest.approx(1 / 2)]
    ]
    # the players who left before the last Swiss round (2): none
    assert earlier_rounds(data.results, data.published, table, rules, 2).empty


WPN = (
    WEEKLY.parent
    / "legacy-wpn-qualifier-2-round-6-game-on-standard-qualifier-67829-2024-03-09.json"
)


def test_real_file_knocked_out_of_the_top_8_at_their_own_round():
    """23 players, five Swiss rounds, then a top 8 written as 'Round 6' to 'Round 8' (melee.gg,
    March 2024: preset ``melee``). The four quarterfinal losers are published with their
    standings after round 6, the two semifinal losers after round 7, not the final ones: P006
    met P022 and P021 (1/3 each, floored), P007 (10 of 18 points: 5/9), P005 (11/18), and in
    rounds 5 and 6 P003 and P004, 13 of 18 points after round 6, 13 of 21 after their
    semifinal losses. OMW% 59/108 = 0.546296 after round 6 (published), 43/84 = 0.511905 at
    the end (computed). Every other value agrees (the ranks of the 15 players outside the top 8
    too): status ``published_earlier``."""
    row, table = quietly(file_report, WPN)
    assert row["preset"] == "melee" and row["status"] == "published_earlier"
    assert value(table, "P006", "OMWP", "published") == pytest.approx(59 / 108, abs=5e-7)
    assert value(table, "P006", "OMWP") == pytest.approx(43 / 84)
    wrong = table[~table["equal"].astype(bool)]
    assert sorted(set(zip(wrong["player"], wrong[EARLIER], strict=True))) == [
        ("P003", 7), ("P004", 7), ("P005", 6), ("P006", 6), ("P007", 6), ("P008", 6)
    ]  # fmt: skip
    assert set(wrong["value"]) == {"OMWP", "OGWP"}  # GW% and points: the same either way
    assert counts_of(table) == {
        "GWP": (23, 23), "OGWP": (17, 23), "OMWP": (17, 23), "Points": (23, 23), "Rank": (15, 15)
    }  # fmt: skip
    # under rules that show final standings only, the six players' values are plain differences
    rules = replace(RULES["melee"], earlier_standings=None)
    assert quietly(file_report, WPN, rules=rules)[0]["status"] == "different"


@settings(max_examples=examples(30), deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 3), st.sampled_from([2, 3]), st.data())
def test_knocked_out_rounds_agree_with_the_reference(seed, swiss, size, data):
    """Random Swiss rounds of 10 players, then a single elimination of 2**size of them written
    as Swiss rounds; each player knocked out before the final is published with his standings
    after a random round from his last one on (or his final ones). earlier_rounds with the
    cut's first round and the event's last finds, for those whose final values are not the
    published ones, the latest round that gives them, as the plain-Python reference does."""
    rng = random.Random(seed)
    players = [f"P{i:02d}" for i in range(10)]
    scores = [(2, 0), (2, 1), (1, 2), (0, 2)]
    rows = []
    for r in range(1, swiss + 1):
        rng.shuffle(players)
        for a, b in zip(players[::2], players[1::2], strict=True):
            w, lo = rng.choice(scores)
            rows += [(r, a, b, w, lo), (r, b, a, lo, w)]
    alive, r = rng.sample(players, 2**size), swiss
    while len(alive) > 1:  # the cut: winners advance
        r, winners = r + 1, []
        for a, b in zip(alive[::2], alive[1::2], strict=True):
            w, lo = rng.choice(scores[:2])
            rows += [(r, a, b, w, lo), (r, b, a, lo, w)]
            winners.append(a)
        alive = winners
    results = pd.DataFrame(rows, columns=["round", "player", "opponent", "wins", "losses"])
    results = results.assign(event="E", draws=0)
    top, end, rules = swiss + 1, r, RULES["melee2024"]
    table = standings(results, rules=rules)
    last = results.groupby("player")["round"].max()
    published = table[["event", "player"]].copy()
    for name, column in VALUES.items():
        published[name] = table[column].astype(float).round(6).to_numpy()
    out = last.index[(last >= top) & (last < end)]
    for player in out:
        at = data.draw(st.integers(int(last[player]), end), label=f"round of {player}")
        if at < end:
            after = standings(results[results["round"] <= at], rules=rules).set_index("player")
            for name, column in VALUES.items():
                published.loc[published["player"] == player, name] = round(
                    float(after.loc[player, column]), 6
                )
    units = {v: 0.5 * 10.0 ** -decimals(published[k]) for k, v in VALUES.items()}
    given_values = {
        row["player"]: {v: row[k] for k, v in VALUES.items()}
        for row in published.to_dict("records")
    }
    expected = {
        p: r for p, r in ref.earlier_rounds(results, given_values, rules, end, units).items()
        if last[p] >= top
    }  # fmt: skip
    found = earlier_rounds(results, published, table, rules, end, top)
    found = found.drop_duplicates("player", keep="last")
    assert dict(zip(found["player"], found["round"].astype(int), strict=True)) == expected
    assert set(found["player"]) <= set(out)
