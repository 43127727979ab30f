"""Worked examples, with exact numbers, of every publisher convention of :class:`cards.Rules`
(issue 14) and of the presets built from them."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pandas as pd
import pytest

from tourneystats.cards import RULES, Rules, explain, standings, standings_by_round

MATCH = ["event", "round", "player", "opponent", "wins", "losses", "draws"]


def frame(*matches: tuple) -> pd.DataFrame:
    """Match rows from (round, player, opponent, wins, losses, draws), both sides of each match;
    an opponent of None is a bye."""
    rows = []
    for rnd, a, b, w, l, d in matches:  # noqa: E741
        rows.append(("E", rnd, a, b, w, l, d))
        if b is not None:
            rows.append(("E", rnd, b, a, l, w, d))
    return pd.DataFrame(rows, columns=MATCH)


def table(results: pd.DataFrame, rules: str | Rules, **options) -> pd.DataFrame:
    return standings(results, rules=rules, **options).set_index("player")


def test_own_floor_leaves_the_opponents_floor_alone():
    # B loses 0-2 and 0-2: game-win % 0/12, match-win % 0/6
    results = frame((1, "A", "B", 2, 0, 0), (1, "C", "D", 2, 1, 0),
                    (2, "A", "C", 2, 1, 0), (2, "B", "D", 0, 2, 0))  # fmt: skip
    mtg, own = table(results, "mtg"), table(results, Rules(own_floor=0))
    assert (mtg.loc["B", "gwp"], mtg.loc["B", "mwp"]) == (0.33, 0.33)
    assert (own.loc["B", "gwp"], own.loc["B", "mwp"]) == (0.0, 0.0)
    # A's opponents B and C are still floored at 0.33: OGW% (0.33 + 9/18) / 2, OMW% likewise
    for t in (mtg, own):
        assert t.loc["A", "ogwp"] == pytest.approx((0.33 + 0.5) / 2, abs=1e-15)
        assert t.loc["A", "omwp"] == pytest.approx((0.33 + 0.5) / 2, abs=1e-15)
    assert RULES["manatraders"].lowest_own == 0 and RULES["melee2024"].lowest_own == 0
    # ranked floored: B's shown 0.0 counts 0.33 against D's 0.6 and C's 0.5 (game-win % only)
    by_gwp = table(results, Rules(own_floor=0, order=("gwp",)))
    assert by_gwp.loc[list("ADCB"), "rank"].tolist() == [1, 2, 3, 4]


def test_ranked_as_shown_orders_on_the_unfloored_percentages():
    # B loses 1-2 twice (GW% 6/18), E loses 0-2 twice (GW% 0): both count 1/3 floored, and
    # both met A and C (GW% 12/15 each), so their OGW% is level too; as shown B is ahead
    results = frame((1, "A", "B", 2, 1, 0), (1, "C", "E", 2, 0, 0),
                    (2, "A", "E", 2, 0, 0), (2, "C", "B", 2, 1, 0))  # fmt: skip
    floored = Rules(floor=1 / 3, own_floor=0, order=("match_points", "gwp", "ogwp"))
    shown = replace(floored, ranked_as_shown=True)
    f, s = table(results, floored), table(results, shown)
    assert (f.loc["B", "gwp"], f.loc["E", "gwp"]) == (pytest.approx(2 / 6), 0.0)
    assert f.loc["B", "ogwp"] == f.loc["E", "ogwp"] == pytest.approx(0.8)
    assert f.loc["B", "rank"] == f.loc["E", "rank"] == 3
    assert (s.loc["B", "rank"], s.loc["E", "rank"]) == (3, 4)
    assert s.loc["B", "decided_by"] == "gwp"
    assert RULES["melee2024"].ranked_as_shown and not RULES["manatraders"].ranked_as_shown


def test_missed_rounds_lost_in_what_the_opponents_average():
    # X wins rounds 1 and 2 and leaves; the event holds 4 rounds. A met X, D, B, C (each 6 of
    # 12 points but X, 6 of 6); B met C, X, A (9/12), Y (3/12 -> 0.33)
    results = frame((1, "A", "X", 0, 2, 0), (1, "B", "C", 2, 0, 0), (1, "D", "Y", 2, 0, 0),
                    (2, "X", "B", 2, 1, 0), (2, "A", "D", 2, 1, 0), (2, "C", "Y", 2, 0, 0),
                    (3, "A", "B", 2, 0, 0), (3, "C", "D", 2, 0, 0), (3, "Y", None, 2, 0, 0),
                    (4, "A", "C", 2, 0, 0), (4, "B", "Y", 2, 0, 0), (4, "D", None, 2, 0, 0))  # fmt: skip
    plain, lost = table(results, "mtg"), table(results, Rules(missed_rounds_lost=True))
    assert plain.loc["A", "omwp"] == pytest.approx((1.0 + 0.5 + 0.5 + 0.5) / 4)
    assert lost.loc["A", "omwp"] == pytest.approx((0.5 + 0.5 + 0.5 + 0.5) / 4)  # X: 6/12
    assert lost.loc["B", "omwp"] == pytest.approx((0.5 + 0.5 + 0.75 + 0.33) / 4)
    assert lost.loc["X", "mwp"] == plain.loc["X", "mwp"] == 1.0  # his own is not changed
    # after each round, X counts over the rounds held so far: 6/6, then 6/9, then 6/12
    history = standings_by_round(results, rules=Rules(missed_rounds_lost=True))
    a = history[history["player"] == "A"].set_index("round")["omwp"]
    d2 = 3 / 6  # D after round 2: won round 1, lost to A
    assert a.loc[2] == pytest.approx((1.0 + d2) / 2)
    assert a.loc[3] == pytest.approx((6 / 9 + 3 / 9 + 3 / 9) / 3)  # X, D (1-2), B (1-2)
    assert a.loc[4] == lost.loc["A", "omwp"]
    assert RULES["cardsrealm"].missed_rounds_lost and not RULES["cardsrealm2025"].missed_rounds_lost


def test_averages_over_rounds_or_distinct_opponents():
    # A meets B in rounds 1 and 3: B's 1/3 counts twice over rounds, once over opponents
    results = frame((1, "A", "B", 2, 0, 0), (1, "C", "D", 2, 0, 0),
                    (2, "A", "C", 2, 0, 0), (2, "B", "D", 2, 0, 0),
                    (3, "A", "B", 2, 0, 0), (3, "C", "D", 2, 0, 0))  # fmt: skip
    rounds = table(results, "mtg")
    distinct = table(results, Rules(average_over="opponents"))
    assert rounds.loc["B", "mwp"] == 1 / 3 and rounds.loc["C", "mwp"] == 2 / 3
    assert rounds.loc["A", "omwp"] == pytest.approx((1 / 3 + 2 / 3 + 1 / 3) / 3, abs=1e-15)
    assert distinct.loc["A", "omwp"] == pytest.approx((1 / 3 + 2 / 3) / 2, abs=1e-15)
    why = explain(results, player="A", rules=Rules(average_over="opponents"))
    assert why["counted"].tolist() == [True, True, False]  # the rematch is not counted
    assert RULES["topdeck"].average_over == "opponents"


def test_a_player_without_opponents_and_a_bye_as_an_opponent():
    results = frame((1, "A", "B", 2, 0, 0), (1, "C", None, 2, 0, 0),
                    (2, "A", "C", 0, 2, 0), (2, "B", None, 2, 0, 0))  # fmt: skip
    # match-win %: A won, lost 0.5; B lost, bye 0.5; C bye, won 1.0
    mtg = table(results, "mtg")
    assert mtg.loc[list("ABC"), "omwp"].tolist() == [0.75, 0.5, 0.5]  # byes are no opponent
    counted = table(results, Rules(bye_opponent=0.33))
    assert counted.loc["B", "omwp"] == counted.loc["C", "omwp"] == pytest.approx((0.5 + 0.33) / 2)
    assert counted.loc["A", "omwp"] == 0.75
    # after round 1 C has only his bye: no opponents' average, or the value of the rules
    first = results[results["round"] == 1]
    assert np.isnan(table(first, "mtg").loc["C", "omwp"])
    assert table(first, Rules(no_opponents=0.33)).loc["C", "omwp"] == 0.33
    assert table(first, "topdeck").loc["C", "omwp"] == 0.33
    assert table(first, Rules(bye_opponent=0.4)).loc["C", "omwp"] == 0.4


def test_intentional_draws_per_preset():
    # A: a 0-0-3 intentional draw, then a 2-0 win: 5 games
    results = frame((1, "A", "B", 0, 0, 3), (2, "A", "C", 2, 0, 0), (2, "B", None, 2, 0, 0))
    gwp = {name: table(results, name).loc["A", "gwp"] for name in ("mtg", "melee", "melee2024")}
    assert gwp["melee"] == 6 / 15  # melee.gg until May 2024: the 3 drawn games are worth 0
    assert gwp["mtg"] == gwp["melee2024"] == 9 / 15  # 3 drawn games worth 1 point each
    assert table(results, "melee2025").loc["A", "gwp"] == 9 / 15


def test_draw_share_and_points_schemes():
    results = frame((1, "A", "B", 1, 1, 0), (2, "A", "B", 2, 0, 0))  # A: a draw and a win
    assert table(results, "mtg").loc["A", "mwp"] == 4 / 6  # a draw is 1/3 of a win
    assert table(results, Rules(draw_share=0.5)).loc["A", "mwp"] == 0.75
    # topdeck.gg's schemes: MW% = points / (win x rounds), so a 4/2 draw is half a win
    four_two = replace(RULES["topdeck"], win=4, draw=2)
    five_one = replace(RULES["topdeck"], win=5, draw=1)
    assert table(results, four_two).loc["A", ["match_points", "mwp"]].tolist() == [6, 0.75]
    assert table(results, five_one).loc["A", ["match_points", "mwp"]].tolist() == [6, 0.6]
    assert table(results, "pokemon").loc["A", "mwp"] == 0.75  # a tie is half a win


def test_match_results_only():
    results = frame((1, "A", "B", 1, 0, 0), (1, "C", "D", 0, 0, 1))  # topdeck.gg's 1-0-0, 0-0-1
    t = table(results, Rules(game_scores=False))
    assert t[["game_points", "games", "gwp", "ogwp"]].isna().all().all()
    assert t.loc[list("ABCD"), "match_points"].tolist() == [3, 0, 1, 1]
    assert t.loc[list("ABCD"), "rank"].tolist() == [1, 4, 2, 2]
    why = explain(results, rules="topdeck")
    assert why["game_points"].isna().all() and why["opponent_gwp"].isna().all()


def test_frozen_tie_breakers_of_a_player_who_dropped():
    # D loses to A in round 1 and drops; A then wins round 2 and loses round 3
    results = frame((1, "A", "D", 2, 0, 0), (1, "B", "C", 2, 0, 0),
                    (2, "A", "B", 2, 0, 0), (2, "C", None, 2, 0, 0),
                    (3, "A", "C", 0, 2, 0), (3, "B", None, 2, 0, 0))  # fmt: skip
    frozen = Rules(freeze_dropped=True)
    assert table(results, "mtg").loc["D", "omwp"] == 6 / 9  # A's final 2-1
    assert table(results, frozen).loc["D", "omwp"] == 1.0  # A's 1-0 after D's last round
    assert table(results, frozen).loc["A", "omwp"] == table(results, "mtg").loc["A", "omwp"]
    drift = standings_by_round(results, rules=frozen)
    assert drift.loc[drift["player"] == "D", "omwp"].tolist() == [1.0, 1.0, 1.0]
    with pytest.raises(ValueError, match="by="):
        standings(results.assign(season="S"), rules=frozen, by="season")


def test_head_to_head_between_exactly_two_tied_players():
    # A and B: 3 points each, B beat A in round 1; C 6 points; D none
    results = frame((1, "A", "B", 0, 2, 0), (1, "C", "D", 2, 0, 0),
                    (2, "A", "D", 2, 0, 0), (2, "B", "C", 0, 2, 0))  # fmt: skip
    points_only = Rules(order=("match_points",))
    plain = standings(results, rules=points_only)
    assert plain[["player", "rank"]].values.tolist() == [["C", 1], ["A", 2], ["B", 2], ["D", 4]]
    h2h = standings(results, rules=replace(points_only, head_to_head=True))
    assert h2h[["player", "rank"]].values.tolist() == [["C", 1], ["B", 2], ["A", 3], ["D", 4]]
    # three players tied: no head-to-head
    three = frame((1, "A", "B", 2, 0, 0), (1, "C", "D", 2, 0, 0),
                  (2, "B", "C", 2, 0, 0), (2, "A", "D", 0, 2, 0))  # fmt: skip
    ranks = standings(three, rules=replace(points_only, head_to_head=True))
    assert ranks.set_index("player").loc[list("ABC"), "rank"].tolist() == [1, 1, 1]
    assert RULES["pokemon"].head_to_head


def test_rounding_as_published_ranks_the_exact_values():
    # A: a draw (a quarter of a win) and a loss: match-win % 0.125 without a floor
    results = frame((1, "A", "B", 1, 1, 0), (2, "A", "B", 0, 2, 0))
    base = Rules(floor=0, draw_share=0.25, order=("match_points", "mwp"))
    assert table(results, base).loc["A", "mwp"] == 0.125
    assert table(results, replace(base, decimals=2)).loc["A", "mwp"] == 0.13
    assert table(results, replace(base, decimals=2, rounding="half_even")).loc["A", "mwp"] == 0.12
    # shown rounded, ranked exact: B's 1.0 and A's 2/3 both show 1 but keep their order
    close = frame((1, "A", "C", 2, 1, 0), (1, "B", "D", 2, 0, 0))
    t = standings(close, rules=Rules(order=("gwp",), decimals=0))
    assert t["player"].tolist()[:2] == ["B", "A"] and t["gwp"].tolist()[:2] == [1.0, 1.0]
    assert t["rank"].tolist()[:2] == [1, 2]
    with pytest.raises(ValueError, match="decimals"):
        Rules(decimals=-1)
    with pytest.raises(ValueError, match="rounding"):
        Rules(rounding="up")
    with pytest.raises(ValueError, match="last_digit"):
        Rules(last_digit="truncated")
    with pytest.raises(ValueError, match="playoff_tiebreakers cannot be combined with drop_cap"):
        Rules(playoff_tiebreakers=True, drop_cap=0.75)
    assert Rules(playoff_tiebreakers=True).playoff_tiebreakers


def test_rounds_played_after_points_as_manatraders_ranks():
    # D beats E in round 1 and drops; A and E end on 3 points too, in two rounds
    results = frame((1, "A", "B", 2, 0, 0), (1, "D", "E", 2, 0, 0), (1, "C", None, 2, 0, 0),
                    (2, "A", "E", 0, 2, 0), (2, "B", "C", 0, 2, 0))  # fmt: skip
    # OMW%: A (B 0.33 + E 0.5) / 2 = 0.415, D (E) 0.5, E (D 1.0 + A 0.5) / 2 = 0.75
    mtg, mana = table(results, "mtg"), table(results, "manatraders")
    assert mtg.loc[list("CEDA"), "rank"].tolist() == [1, 2, 3, 4]
    assert mana.loc[list("CEAD"), "rank"].tolist() == [1, 2, 3, 4]  # D played one round


def test_ranked_within_a_column_over_the_whole_event():
    results = frame((1, "A", "B", 2, 0, 0), (1, "C", "D", 2, 0, 0),
                    (2, "A", "C", 2, 0, 0), (2, "B", "D", 2, 0, 0))  # fmt: skip
    division = {"A": "masters", "B": "juniors", "C": "juniors", "D": "masters"}
    results["division"] = results["player"].map(division)
    t = standings(results, rules="mtg", within="division")
    assert list(t.columns[:3]) == ["event", "division", "player"]
    assert t[["division", "player", "rank"]].values.tolist() == [
        ["juniors", "B", 1], ["juniors", "C", 1], ["masters", "A", 1], ["masters", "D", 2]
    ]  # fmt: skip
    # percentages over the whole event: A's opponents B and C (a junior and a junior)
    assert t.set_index("player").loc["A", "omwp"] == 0.5
    bad = results.assign(division=results["division"].where(results["round"] == 1, "seniors"))
    with pytest.raises(Exception, match="two values of 'division'"):
        standings(bad, within="division")


def test_presets_are_documented_rules():
    assert set(RULES) == {"mtg", "melee", "melee2024spring", "melee2024", "melee2025",
                          "manatraders", "topdeck", "cardsrealm", "cardsrealm2025",
                          "pokemon"}  # fmt: skip
    for name in ("melee", "melee2024spring", "melee2024", "melee2025"):
        melee = RULES[name]  # (tests/test_cards_report.py)
        before = name in ("melee", "melee2024spring")
        assert melee.average_over == ("rounds" if before else "opponents")
        assert melee.frozen_before_cut
        assert not melee.forfeit_games
    # the spring of 2024 differs from melee in its 0-0-3 draws only
    spring = replace(RULES["melee2024spring"], name="melee", intentional_draw_game_points=0)
    assert spring == RULES["melee"]
    early, cardsrealm = RULES["cardsrealm"], RULES["cardsrealm2025"]
    assert (cardsrealm.floor, cardsrealm.lowest_own, cardsrealm.forfeit_games) == (1 / 3, 0, True)
    assert (early.floor, early.lowest_own) == (1 / 3, 1 / 3)
    assert early.last_digit == cardsrealm.last_digit == "approximate"
    pokemon = RULES["pokemon"]
    assert (pokemon.floor, pokemon.drop_cap, pokemon.draw_share) == (0.25, 0.75, 0.5)
    assert not pokemon.byes_seen_by_opponents and pokemon.freeze_dropped
    assert pokemon.order == ("match_points", "omwp", "oomwp")
    assert RULES["manatraders"].order == ("match_points", "rounds", "omwp", "gwp", "ogwp")
    with pytest.raises(ValueError, match="average_over"):
        Rules(average_over="matches")
    with pytest.raises(ValueError, match="own_floor"):
        Rules(own_floor=2)
