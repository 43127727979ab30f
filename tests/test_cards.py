"""Card-game standings: the worked examples of the rules, real published standings, hand-computed
presets and custom rules, conversions, validation, files and the CLI."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import tourneystats
from tourneystats import ValidationError
from tourneystats.cards import (
    RULES,
    Rules,
    explain,
    games_to_matches,
    get_rules,
    history_from_path,
    matches_to_games,
    read_results,
    standings,
    standings_by_round,
    standings_from_path,
)
from tourneystats.cli import history_from_path as cli_history_from_path
from tourneystats.cli import main
from tourneystats.synth import cards_season

DATA = Path(__file__).parent / "data" / "cards"
ROOT = Path(__file__).resolve().parents[1]
MATCH = ["event", "round", "player", "opponent", "wins", "losses", "draws"]


# --- building real tournaments -------------------------------------------------------------------

FILLER = "filler"


def build_event(event: str, n_rounds: int, specs: list[tuple]) -> pd.DataFrame:
    """A complete, consistent event around the given matches.

    `specs` are ``(round, player, opponent, (wins, losses, draws))`` from `player`'s side, each
    match listed once; `opponent` is another named player, ``None`` for a bye, or ``FILLER`` for a
    fresh filler opponent. Fillers (``F01``, ...) play every round: those not needed pair with each
    other (2-0), an odd one out gets a bye. Fillers' records do not matter to the examples.
    """
    rows = []
    needed = {
        r: sum(1 for s in specs if s[0] == r and s[2] == FILLER) for r in range(1, 1 + n_rounds)
    }
    pool = [f"F{i:02d}" for i in range(1, max(needed.values()) + 3)]
    for rnd in range(1, n_rounds + 1):
        free = list(pool)
        for r, player, opponent, (w, l, d) in specs:  # noqa: E741
            if r != rnd:
                continue
            if opponent is None:
                rows.append((event, rnd, player, None, 2, 0, 0))
                continue
            if opponent == FILLER:
                opponent = free.pop(0)
            rows.append((event, rnd, player, opponent, w, l, d))
            rows.append((event, rnd, opponent, player, l, w, d))
        while len(free) >= 2:
            a, b = free.pop(0), free.pop(0)
            rows.append((event, rnd, a, b, 2, 0, 0))
            rows.append((event, rnd, b, a, 0, 2, 0))
        if free:
            rows.append((event, rnd, free.pop(), None, 2, 0, 0))
    return pd.DataFrame(rows, columns=MATCH)


def record(player: str, results: list[str]) -> list[tuple]:
    """Specs for `player` against fillers: one result per round, W/L/D (2-0, 0-2, 1-1-1) or B (bye)
    or - (did not play)."""
    score = {"W": (2, 0, 0), "L": (0, 2, 0), "D": (1, 1, 1)}
    out = []
    for rnd, r in enumerate(results, start=1):
        if r == "B":
            out.append((rnd, player, None, (2, 0, 0)))
        elif r != "-":
            out.append((rnd, player, FILLER, score[r]))
    return out


def row(table: pd.DataFrame, player: str, event: str | None = None) -> pd.Series:
    mask = table["player"] == player
    if event is not None:
        mask &= table["event"] == event
    assert mask.sum() == 1
    return table[mask].iloc[0]


def count_record(frame: pd.DataFrame, player: str) -> tuple[int, int, int, int]:
    """(match wins, losses, draws, rounds) of a player, counted straight from the rows."""
    mine = frame[frame["player"] == player]
    bye = mine["opponent"].isna()
    wins = int((bye | (mine["wins"] > mine["losses"])).sum())
    losses = int((~bye & (mine["wins"] < mine["losses"])).sum())
    draws = int((~bye & (mine["wins"] == mine["losses"])).sum())
    return wins, losses, draws, len(mine)


# --- worked examples (Appendix C, issue 3) -------------------------------------------------------


def test_match_points_examples():
    # 6-2-0 -> 18 match points; 4-2-2 -> 14 match points
    frame = build_event("mp", 8, record("X", list("WWLWWLWW")) + record("Y", list("WDLWWDLW")))
    assert count_record(frame, "X")[:3] == (6, 2, 0)
    assert count_record(frame, "Y")[:3] == (4, 2, 2)
    table = standings(frame)
    assert row(table, "X")["match_points"] == 18
    assert row(table, "Y")["match_points"] == 14


def test_game_points_examples():
    # matches won 2-0-0, 2-1-0 and 2-0-1 give 6/0, 6/3 and 7/1 game points
    frame = build_event(
        "gp",
        1,
        [(1, "A", "B", (2, 0, 0)), (1, "C", "D", (2, 1, 0)), (1, "E", "F", (2, 0, 1))],
    )
    for form in (frame, matches_to_games(frame)):
        table = standings(form).set_index("player")
        assert table.loc[["A", "B", "C", "D", "E", "F"], "game_points"].tolist() == [
            6,
            0,
            6,
            3,
            7,
            1,
        ]
        assert table.loc[["A", "C", "E"], "match_points"].tolist() == [3, 3, 3]


def test_match_win_percentage_examples():
    # 8 rounds: 5-2-1 -> 16/24 = 0.667; 1-3-0 then drop -> 3/12 = 0.25 -> 0.33;
    # 3-2-0 with a round-1 bye, then drop -> 9/15 = 0.60
    frame = build_event(
        "mwp",
        8,
        record("A", list("WWLWDWLW"))
        + record("B", list("WLLL----"))
        + record("C", list("BWLWL---")),
    )
    assert count_record(frame, "A") == (5, 2, 1, 8)
    assert count_record(frame, "B") == (1, 3, 0, 4)
    assert count_record(frame, "C") == (3, 2, 0, 5)
    table = standings(frame)
    a, b, c = row(table, "A"), row(table, "B"), row(table, "C")
    assert (a["match_points"], a["rounds"], a["mwp"]) == (16, 8, 16 / 24)
    assert round(a["mwp"], 3) == 0.667
    assert (b["match_points"], b["rounds"], b["mwp"]) == (3, 4, 0.33)
    assert (c["match_points"], c["rounds"], c["mwp"]) == (9, 5, 9 / 15)
    assert round(c["mwp"], 2) == 0.60
    assert b["dropped"] and c["dropped"] and not a["dropped"]


def test_game_win_percentage_examples():
    # 4 rounds: 2-0, 2-1, 1-2, 2-0 -> 21 game points in 10 games -> 0.70;
    # 1-2, 1-2, 0-2, 1-2 -> 9 game points in 11 games -> 0.27 -> 0.33
    specs = []
    for rnd, (a, b) in enumerate(
        [
            ((2, 0, 0), (1, 2, 0)),
            ((2, 1, 0), (1, 2, 0)),
            ((1, 2, 0), (0, 2, 0)),
            ((2, 0, 0), (1, 2, 0)),
        ],
        start=1,
    ):
        specs += [(rnd, "A", FILLER, a), (rnd, "B", FILLER, b)]
    frame = build_event("gwp", 4, specs)
    for form in (frame, matches_to_games(frame)):
        table = standings(form)
        a, b = row(table, "A"), row(table, "B")
        assert (a["game_points"], a["games"], a["gwp"]) == (21, 10, 21 / 30)
        assert (b["game_points"], b["games"], b["gwp"]) == (9, 11, 0.33)


def opponents_example() -> pd.DataFrame:
    """An 8-round event in which T (6-2-0) met opponents who finished 4-4-0, 7-1-0, 1-3-1 (5 rounds
    played), 3-3-1 (7 rounds), 6-2-0, 5-2-1, 4-3-1 and 6-1-1; and T2 (6-2-0) had a bye instead of
    the 4-4-0 opponent and met the other seven in other rounds."""
    t_results = {1: "W", 2: "L", 3: "W", 4: "W", 5: "L", 6: "W", 7: "W", 8: "W"}  # vs O1..O8
    t2_schedule = {2: "O3", 3: "O4", 4: "O2", 5: "O6", 6: "O5", 7: "O8", 8: "O7"}
    t2_results = {"O2": "L", "O3": "W", "O4": "W", "O5": "W", "O6": "W", "O7": "W", "O8": "L"}
    # each opponent's other rounds, against fillers ("." = against T or T2, "-" = not played);
    # with the results against T and T2 they give the records of the example
    rest = {
        "O1": ".WLWLWLW",  # + L to T             -> 4-4-0
        "O2": "W.W.WWLW",  # + W to T and T2      -> 7-1-0
        "O3": "D..WL---",  # + L to T and T2      -> 1-3-1, 5 rounds played
        "O4": "WL..WDW-",  # + L to T and T2      -> 3-3-1, 7 rounds played
        "O5": "WWLW..WW",  # + W to T, L to T2    -> 6-2-0
        "O6": "WDWW..WW",  # + L to T and T2      -> 5-2-1
        "O7": "WLDWWW..",  # + L to T and T2      -> 4-3-1
        "O8": "WWDWWW..",  # + L to T, W to T2    -> 6-1-1
    }
    score = {"W": (2, 0, 0), "L": (0, 2, 0), "D": (1, 1, 1)}
    specs = [(1, "T2", None, (2, 0, 0))]
    for rnd in range(1, 9):
        o = f"O{rnd}"
        specs.append((rnd, "T", o, score[t_results[rnd]]))
        if rnd in t2_schedule:
            o2 = t2_schedule[rnd]
            specs.append((rnd, "T2", o2, score[t2_results[o2]]))
    busy = {(s[0], s[2]) for s in specs if s[2] not in (None, FILLER)}
    for o, plan in rest.items():
        for rnd, r in enumerate(plan, start=1):
            if r in ".-":
                assert (rnd, o) in busy or r == "-"
                continue
            specs.append((rnd, o, FILLER, score[r]))
    return build_event("oppo", 8, specs)


def test_opponents_match_win_percentage_examples():
    frame = opponents_example()
    records = {
        "T": (6, 2, 0, 8),
        "T2": (6, 2, 0, 8),
        "O1": (4, 4, 0, 8),
        "O2": (7, 1, 0, 8),
        "O3": (1, 3, 1, 5),
        "O4": (3, 3, 1, 7),
        "O5": (6, 2, 0, 8),
        "O6": (5, 2, 1, 8),
        "O7": (4, 3, 1, 8),
        "O8": (6, 1, 1, 8),
    }
    for player, expected in records.items():
        assert count_record(frame, player) == expected, player
    t_opponents = frame[frame["player"] == "T"]["opponent"].tolist()
    assert t_opponents == [f"O{i}" for i in range(1, 9)]
    t2_opponents = frame[frame["player"] == "T2"]["opponent"].tolist()
    assert pd.isna(t2_opponents[0]) and sorted(t2_opponents[1:]) == [f"O{i}" for i in range(2, 9)]
    # Appendix C: each opponent's match-win % (floored at 0.33), then their mean
    each = [12 / 24, 21 / 24, 0.33, 10 / 21, 18 / 24, 16 / 24, 13 / 24, 19 / 24]
    assert sum(each) == pytest.approx(4.931190, abs=1e-6)
    table = standings(frame)
    t, t2 = row(table, "T"), row(table, "T2")
    assert t["match_points"] == t2["match_points"] == 18
    assert t["omwp"] == pytest.approx(sum(each) / 8, abs=1e-15)
    assert t["omwp"] == pytest.approx(0.616399, abs=5e-7)
    assert sum(each[1:]) == pytest.approx(4.431190, abs=1e-6)
    assert t2["omwp"] == pytest.approx(sum(each[1:]) / 7, abs=1e-15)
    assert t2["omwp"] == pytest.approx(0.633027, abs=5e-7)
    # the bye counts in T2's own record (3 match points, 6 game points, 2 games)
    assert t2["rounds"] == 8
    why = explain(frame, player="T2")
    assert why["bye"].tolist() == [True] + [False] * 7
    assert why.loc[why["counted"], "opponent_mwp"].mean() == pytest.approx(t2["omwp"], abs=1e-15)


def test_bye_is_a_two_nil_win_and_skipped_by_opponents_averages():
    frame = pd.DataFrame(
        [
            ("E", 1, "A", "B", 2, 1, 0),
            ("E", 1, "B", "A", 1, 2, 0),
            ("E", 1, "C", None, 0, 0, 0),  # the counts reported on a bye are ignored
        ],
        columns=MATCH,
    )
    table = standings(frame).set_index("player")
    c = table.loc["C"]
    assert (c["match_points"], c["game_points"], c["rounds"], c["games"]) == (3, 6, 1, 2)
    assert c["mwp"] == 1.0 and c["gwp"] == 1.0
    assert np.isnan(c["omwp"]) and np.isnan(c["ogwp"])  # only byes: no opponents' values
    # A (3 points, omwp 0.33) ranks ahead of C (3 points, no omwp); B last
    assert table.loc[["A", "C", "B"], "rank"].tolist() == [1, 2, 3]
    assert table.loc["A", "omwp"] == 0.33 and table.loc["A", "ogwp"] == 3 / 9


def test_equal_players_share_the_place():
    frame = pd.DataFrame(
        [
            ("tie", 1, "A", "B", 2, 0, 0),
            ("tie", 1, "B", "A", 0, 2, 0),
            ("tie", 1, "C", "D", 2, 0, 0),
            ("tie", 1, "D", "C", 0, 2, 0),
        ],
        columns=MATCH,
    )
    table = standings(frame).set_index("player")
    assert table.loc[["A", "C", "B", "D"], "rank"].tolist() == [1, 1, 3, 3]


def test_drawn_matches_and_unfinished_games_at_game_level():
    # game level: 1-1 with an unfinished third game (D) is a drawn match; a game not started has
    # no row; 0-0-3 is a drawn match of 3 games
    games = pd.DataFrame(
        [
            ("E", 1, "A", "B", 1, "W"),
            ("E", 1, "A", "B", 2, "L"),
            ("E", 1, "A", "B", 3, "D"),
            ("E", 1, "B", "A", 1, "L"),
            ("E", 1, "B", "A", 2, "W"),
            ("E", 1, "B", "A", 3, "D"),
            ("E", 1, "C", "D", 1, "W"),
            ("E", 1, "C", "D", 2, "L"),
            ("E", 1, "D", "C", 1, "L"),
            ("E", 1, "D", "C", 2, "W"),
            ("E", 2, "A", "C", 1, "D"),
            ("E", 2, "A", "C", 2, "D"),
            ("E", 2, "A", "C", 3, "D"),
            ("E", 2, "C", "A", 1, "D"),
            ("E", 2, "C", "A", 2, "D"),
            ("E", 2, "C", "A", 3, "D"),
            ("E", 2, "B", "D", 1, "W"),
            ("E", 2, "D", "B", 1, "L"),
        ],
        columns=["event", "round", "player", "opponent", "game", "result"],
    )
    matches = games_to_matches(games)
    assert matches[["wins", "losses", "draws"]].values.tolist() == [
        [1, 1, 1],
        [1, 1, 1],
        [1, 1, 0],
        [1, 1, 0],
        [0, 0, 3],
        [0, 0, 3],
        [1, 0, 0],
        [0, 1, 0],
    ]
    table = standings(games).set_index("player")
    # A: draw, draw -> 2 match points; games 3 + 3 = 6; game points 3 + 1 + 3 = 7
    assert table.loc["A", ["match_points", "game_points", "games"]].tolist() == [2, 7, 6]
    # B: draw then a one-game 1-0 win -> 4 match points, 4 games, 3 + 1 + 3 = 7 game points
    assert table.loc["B", ["match_points", "game_points", "games"]].tolist() == [4, 7, 4]
    pd.testing.assert_frame_equal(table, standings(matches).set_index("player"))


# --- the real melee.gg event ---------------------------------------------------------------------


def test_melee_event_reproduced():
    results = pd.read_csv(DATA / "melee-14643-matches.csv")
    published = pd.read_csv(DATA / "melee-14643-standings.csv")
    table = standings(results, rules="melee")
    assert len(table) == len(published) == 16
    merged = published.merge(table, on=["event", "player"], suffixes=("_pub", ""))
    assert len(merged) == 16
    assert (merged["rank_pub"] == merged["rank"]).all()
    assert (merged["match_points_pub"] == merged["match_points"]).all()
    for published_column, ours in (("omw", "omwp"), ("gw", "gwp"), ("ogw", "ogwp")):
        assert np.abs(merged[published_column] - merged[ours]).max() <= 1e-6, ours
    assert table["player"].tolist() == published["player"].tolist()  # same order
    # the same through the game-level form, and through a file
    pd.testing.assert_frame_equal(standings(matches_to_games(results), rules="melee"), table)
    # melee's floor is 1/3, not 0.33: Player 049 (0 points in 2 rounds) counts 1/3 for his
    # opponents, and with 0.33 their OMW no longer matches the published value
    mtg = standings(results).set_index("player")
    melee = table.set_index("player")
    assert mtg.loc["Player 049", "mwp"] == 0.33 and melee.loc["Player 049", "mwp"] == 1 / 3
    published = published.set_index("player")
    assert abs(mtg.loc["Player 032", "omwp"] - published.loc["Player 032", "omw"]) > 1e-3


def test_melee_intentional_draw_counts_three_games_and_no_game_points():
    frame = build_event("id", 2, [(1, "A", FILLER, (2, 0, 0)), (2, "A", "B", (0, 0, 3))])
    mtg, melee = (standings(frame, rules=r).set_index("player").loc["A"] for r in ("mtg", "melee"))
    assert mtg["match_points"] == melee["match_points"] == 4
    assert (mtg["games"], mtg["game_points"], mtg["gwp"]) == (5, 9, 9 / 15)
    assert (melee["games"], melee["game_points"], melee["gwp"]) == (5, 6, 6 / 15)


# --- pokemon and custom rules, computed by hand --------------------------------------------------


def pokemon_event() -> pd.DataFrame:
    return pd.DataFrame(
        [
            ("P", 1, "B", "A", 2, 0, 0),
            ("P", 1, "A", "B", 0, 2, 0),
            ("P", 1, "C", "D", 2, 1, 0),
            ("P", 1, "D", "C", 1, 2, 0),
            ("P", 1, "E", None, 2, 0, 0),
            ("P", 2, "B", "E", 2, 0, 0),
            ("P", 2, "E", "B", 0, 2, 0),
            ("P", 2, "A", "C", 2, 1, 0),
            ("P", 2, "C", "A", 1, 2, 0),
            ("P", 2, "D", None, 2, 0, 0),
            # B drops after round 2
            ("P", 3, "A", "E", 2, 1, 0),
            ("P", 3, "E", "A", 1, 2, 0),
            ("P", 3, "C", "D", 1, 1, 1),
            ("P", 3, "D", "C", 1, 1, 1),
        ],
        columns=MATCH,
    )


#: the Pokémon rules before issue 14 (a tie worth 1/3 win, nothing frozen, no head-to-head): the
#: fields this test checks by hand; the preset itself is checked in tests/test_cards_rules.py
POKEMON_2023 = Rules(
    name="pokemon-2023",
    floor=0.25,
    drop_cap=0.75,
    byes_seen_by_opponents=False,
    order=("match_points", "omwp", "oomwp"),
)


def test_pokemon_rules_by_hand():
    table = standings(pokemon_event(), rules=POKEMON_2023).set_index("player")
    # win % as opponents see it: byes left out, floor 0.25, B dropped -> capped at 0.75
    seen = {"A": 6 / 9, "B": 0.75, "C": 4 / 9, "D": 0.25, "E": 0.25}
    owp = {
        "A": (seen["B"] + seen["C"] + seen["E"]) / 3,  # 13/27
        "B": (seen["A"] + seen["E"]) / 2,  # 11/24
        "C": (seen["D"] + seen["A"] + seen["D"]) / 3,  # 7/18 (a rematch counts twice)
        "D": (seen["C"] + seen["C"]) / 2,  # 4/9 (the bye is skipped)
        "E": (seen["B"] + seen["A"]) / 2,  # 17/24
    }
    assert owp["A"] == pytest.approx(13 / 27) and owp["E"] == pytest.approx(17 / 24)
    oowp = {
        "A": (owp["B"] + owp["C"] + owp["E"]) / 3,  # 14/27
        "B": (owp["A"] + owp["E"]) / 2,  # 257/432
        "C": (owp["D"] + owp["A"] + owp["D"]) / 3,  # 37/81
        "D": (owp["C"] + owp["C"]) / 2,  # 7/18
        "E": (owp["B"] + owp["A"]) / 2,  # 203/432
    }
    for p in "ABCDE":
        assert table.loc[p, "omwp"] == pytest.approx(owp[p], abs=1e-15), p
        assert table.loc[p, "oomwp"] == pytest.approx(oowp[p], abs=1e-15), p
    assert table.loc[list("ABCDE"), "match_points"].tolist() == [6, 6, 4, 4, 3]
    # own win % includes byes; B's is capped because B dropped
    assert table.loc["B", "mwp"] == 0.75 and table.loc["B", "dropped"]
    assert table.loc["D", "mwp"] == 4 / 9 and table.loc["E", "mwp"] == 3 / 9
    # order: match points, opponents' win %, opponents' opponents' win %
    assert table.loc[list("ABDCE"), "rank"].tolist() == [1, 2, 3, 4, 5]
    assert "oomwp" not in standings(pokemon_event()).columns
    why = explain(pokemon_event(), player="D", rules=POKEMON_2023)
    assert why["opponent_mwp"].tolist()[0] == 4 / 9 and why["bye"].tolist() == [False, True, False]
    assert why["opponent_omwp"].tolist()[0] == pytest.approx(7 / 18)


def test_custom_rules_by_hand():
    rules = Rules(
        name="two-one",
        win=2,
        draw=1,
        loss=0,
        game_win=1,
        game_draw=0,
        game_loss=0,
        floor=0.0,
        bye=(1, 0, 0),
        order=("match_points", "gwp", "omwp"),
    )
    frame = pd.DataFrame(
        [
            ("C", 1, "A", "B", 2, 1, 0),
            ("C", 1, "B", "A", 1, 2, 0),
            ("C", 1, "C", None, 2, 0, 0),
            ("C", 2, "A", "C", 1, 1, 1),
            ("C", 2, "C", "A", 1, 1, 1),
            ("C", 2, "B", None, 2, 0, 0),
        ],
        columns=MATCH,
    )
    table = standings(frame, rules=rules).set_index("player")
    # A: win (2) + draw (1) = 3 of 4; games 3 + 3, game wins 2 + 1 -> 3/6
    # B: loss + bye (a 1-0 win) = 2 of 4; games 3 + 1, game wins 1 + 1 -> 2/4
    # C: bye + draw = 3 of 4; games 1 + 3, game wins 1 + 1 -> 2/4
    assert table.loc[list("ABC"), "match_points"].tolist() == [3, 2, 3]
    assert table.loc[list("ABC"), "mwp"].tolist() == [0.75, 0.5, 0.75]
    assert table.loc[list("ABC"), "games"].tolist() == [6, 4, 4]
    assert table.loc[list("ABC"), "gwp"].tolist() == [0.5, 0.5, 0.5]
    assert table.loc[list("ABC"), "omwp"].tolist() == [(0.5 + 0.75) / 2, 0.75, 0.75]
    # A and C: 3 points, gwp 0.5 both -> omwp decides: C (0.75) before A (0.625)
    assert table.loc[list("CAB"), "rank"].tolist() == [1, 2, 3]
    # fractional points are kept as floats
    half = Rules(win=1, draw=0.5, loss=0, order=("match_points",))
    assert standings(frame, rules=half).set_index("player").loc["A", "match_points"] == 1.5


def test_rules_objects():
    assert get_rules("MTG") is RULES["mtg"]
    assert get_rules(RULES["pokemon"]) is RULES["pokemon"]
    assert RULES["mtg"].order == ("match_points", "omwp", "gwp", "ogwp")
    with pytest.raises(ValueError, match="presets are"):
        get_rules("chess")
    with pytest.raises(TypeError):
        get_rules(3)
    with pytest.raises(ValueError, match="unknown criteria"):
        Rules(order=("match_points", "buchholz"))
    with pytest.raises(ValueError, match="distinct"):
        Rules(order=("mwp", "mwp"))
    with pytest.raises(ValueError, match="positive"):
        Rules(win=0)
    with pytest.raises(ValueError, match="floor"):
        Rules(floor=1.5)
    with pytest.raises(ValueError, match="drop_cap"):
        Rules(floor=0.5, drop_cap=0.4)
    with pytest.raises(ValueError, match="bye"):
        Rules(bye=(2, -1, 0))
    with pytest.raises(AttributeError):
        RULES["mtg"].floor = 0.5  # frozen


# --- seasons, rounds, explanations ---------------------------------------------------------------


def test_season_pooled_by_hand():
    frame = pd.DataFrame(
        [
            ("S1", "E1", 1, "A", "B", 2, 0, 0),
            ("S1", "E1", 1, "B", "A", 0, 2, 0),
            ("S1", "E2", 1, "A", "C", 0, 2, 0),
            ("S1", "E2", 1, "C", "A", 2, 0, 0),
            ("S1", "E2", 1, "B", "D", 2, 1, 0),
            ("S1", "E2", 1, "D", "B", 1, 2, 0),
            ("S2", "E3", 1, "A", "B", 2, 0, 0),
            ("S2", "E3", 1, "B", "A", 0, 2, 0),
        ],
        columns=["season"] + MATCH,
    )
    table = standings(frame, by="season")
    assert list(table.columns[:3]) == ["season", "player", "rank"]
    s1 = table[table["season"] == "S1"].set_index("player")
    # A: 3 of 6 -> 0.5; B: 3 of 6 -> 0.5; C: 3 of 3 -> 1; D: 0 of 3 -> 0.33
    assert s1.loc[list("ABCD"), "mwp"].tolist() == [0.5, 0.5, 1.0, 0.33]
    assert s1.loc[list("ABCD"), "omwp"].tolist() == [0.75, (0.5 + 0.33) / 2, 0.5, 0.5]
    assert s1.loc[list("ABCD"), "gwp"].tolist() == [6 / 12, 6 / 15, 1.0, 3 / 9]
    assert s1.loc[list("ACBD"), "rank"].tolist() == [1, 2, 3, 4]
    assert s1.loc[list("ABCD"), "events"].tolist() == [2, 2, 1, 1]
    assert table[table["season"] == "S2"]["player"].tolist() == ["A", "B"]
    bad = frame.assign(season=["S1"] * 7 + ["S9"])
    bad.loc[6, "event"] = "E1"
    bad.loc[6, "round"] = 2
    bad.loc[7, ["event", "round"]] = ["E1", 2]
    with pytest.raises(ValidationError, match="more than one 'season'"):
        standings(bad, by="season")
    with pytest.raises(ValidationError, match="no column 'league'"):
        standings(frame, by="league")
    # `by` must group events: a results or standings column is refused (a column named like an
    # output column would otherwise be overwritten in the table)
    for column in ("round", "player", "opponent", "wins", "rank", "mwp"):
        with pytest.raises(ValidationError, match=f"cannot pool the standings by '{column}'"):
            standings(frame.assign(rank=1, mwp=0.5), by=column)
    # each event its own pool: the event standings, with the events column
    alone = standings(frame, by="event")
    pd.testing.assert_frame_equal(alone.drop(columns="events"), standings(frame))
    assert (alone["events"] == 1).all()


def test_standings_by_round_small():
    frame = opponents_example()
    drift = standings_by_round(frame)
    assert drift["round"].unique().tolist() == list(range(1, 9))
    last = drift[drift["round"] == 8].drop(columns="round").reset_index(drop=True)
    pd.testing.assert_frame_equal(last, standings(frame))
    after3 = drift[drift["round"] == 3].drop(columns="round").reset_index(drop=True)
    pd.testing.assert_frame_equal(after3, standings(frame[frame["round"] <= 3]))
    t = drift[drift["player"] == "T"]
    assert t["match_points"].tolist() == [3, 3, 6, 9, 9, 12, 15, 18]


def test_explain_means_equal_the_tie_breakers():
    for rules in ("mtg", "melee", "pokemon"):
        frame = pd.read_csv(DATA / "melee-14643-matches.csv")
        table = standings(frame, rules=rules).set_index(["event", "player"])
        why = explain(frame, rules=rules)
        assert len(why) == len(frame)
        counted = why[why["counted"]].groupby(["event", "player"])
        means = counted[["opponent_mwp", "opponent_gwp"]].mean()
        means.columns = ["omwp", "ogwp"]
        joined = table[["omwp", "ogwp"]].join(means.add_suffix("_x"))
        assert np.allclose(joined["omwp"], joined["omwp_x"], rtol=0, atol=1e-12)
        assert np.allclose(joined["ogwp"], joined["ogwp_x"], rtol=0, atol=1e-12, equal_nan=True)
    one = explain(frame, player="Player 033")
    assert one["round"].tolist() == [1, 2, 3, 4]
    assert one["bye"].tolist() == [False, False, True, False]
    assert one["counted"].tolist() == [True, True, False, True]
    assert np.isnan(one.loc[2, "opponent_mwp"])
    two = explain(frame, player=["Player 033", "Player 017"])
    assert set(two["player"]) == {"Player 033", "Player 017"} and len(two) == 8


# --- conversions ---------------------------------------------------------------------------------


def test_conversions_round_trip():
    results = pd.read_csv(DATA / "melee-14643-matches.csv")
    games = matches_to_games(results)
    assert list(games.columns) == ["event", "round", "player", "opponent", "game", "result"]
    assert (
        len(games)
        == int(
            (results["wins"] + results["losses"] + results["draws"])[
                results["opponent"].notna()
            ].sum()
        )
        + 2
    )
    back = games_to_matches(games)
    pd.testing.assert_frame_equal(back, results)
    season = cards_season(4, 9, 5, seed=3, drop_rate=0.1, draw_rate=0.2, season="S")
    back = games_to_matches(matches_to_games(season))
    played = season["opponent"].notna().to_numpy()
    pd.testing.assert_frame_equal(back[played], season[played])
    assert (back.loc[~played, ["wins", "losses", "draws"]] == [2, 0, 0]).all().all()
    with pytest.raises(ValidationError, match="already at the match level"):
        games_to_matches(results)
    with pytest.raises(ValidationError, match="expected match-level"):
        matches_to_games(games)


def test_game_numbers_agree_between_sides():
    games = matches_to_games(
        pd.DataFrame([("E", 1, "b", "a", 2, 1, 1), ("E", 1, "a", "b", 1, 2, 1)], columns=MATCH)
    )
    mine = games[games["player"] == "b"].set_index("game")["result"]
    theirs = games[games["player"] == "a"].set_index("game")["result"]
    flip = {"W": "L", "L": "W", "D": "D"}
    assert [flip[r] for r in mine] == list(theirs)


# --- validation ----------------------------------------------------------------------------------


def good() -> pd.DataFrame:
    return pd.DataFrame(
        [
            ("E", 1, "A", "B", 2, 1, 0),
            ("E", 1, "B", "A", 1, 2, 0),
            ("E", 1, "C", None, 2, 0, 0),
            ("E", 2, "A", "C", 2, 0, 0),
            ("E", 2, "C", "A", 0, 2, 0),
            ("E", 2, "B", None, 2, 0, 0),
        ],
        columns=MATCH,
    )


def _raises(frame, message, where):
    with pytest.raises(ValidationError, match=message) as info:
        standings(frame)
    for part in where:
        assert part in str(info.value), str(info.value)
    return info.value


@pytest.mark.parametrize(
    ("change", "message", "where"),
    [
        ({(0, "wins"): 1}, "disagree on the score", ["event='E'", "round=1", "player='A'"]),
        ({(1, "draws"): 1}, "disagree on the score", ["round=1", "player='B'"]),
        ({(4, "opponent"): "B"}, "names another opponent", ["round=2", "player='C'"]),
        ({(0, "opponent"): "Z"}, "not a player of this event", ["round=1", "player='A'"]),
        ({(5, "opponent"): "C"}, "names another opponent", ["round=2", "player='B'"]),
        ({(0, "wins"): -2, (1, "losses"): -2}, "negative 'wins'", ["round=1", "player='A'"]),
        ({(0, "wins"): 1.5}, "whole numbers", ["round=1", "player='A'"]),
        ({(0, "wins"): 10**12, (1, "losses"): 10**12}, "'wins' count above 1000", ["player='A'"]),
        ({(2, "draws"): 1001}, "'draws' count above 1000", ["round=1", "player='C'"]),
        ({(0, "wins"): "two"}, "not numeric", ["player='A'"]),
        ({(0, "wins"): None}, "missing 'wins'", ["round=1", "player='A'"]),
        ({(0, "opponent"): "A"}, "against himself", ["round=1", "player='A'"]),
        ({(3, "round"): 0}, "start at 1", ["round=0", "player='A'"]),
        ({(0, "player"): None}, "missing value in column 'player'", ["round=1"]),
    ],
)
def test_validation_errors_name_the_rows(change, message, where):
    frame = good().astype({"wins": object})
    for (i, column), value in change.items():
        frame.loc[i, column] = value
    _raises(frame, message, where)


def test_player_twice_in_a_round():
    frame = pd.concat([good(), good().iloc[[2]]], ignore_index=True)
    error = _raises(frame, "twice in one round", ["round=1", "player='C'"])
    assert len(error.rows) == 2


def test_opponent_not_in_that_round():
    frame = good()
    frame = frame[~((frame["round"] == 2) & (frame["player"] == "B"))]  # B did not play round 2
    frame.loc[frame["player"] == "A", "opponent"] = ["B", "B"]
    frame.loc[(frame["round"] == 2) & (frame["player"] == "C"), "opponent"] = None
    _raises(frame, "no result in this round", ["round=2", "player='A'"])
    other_event = pd.concat(
        [
            good(),
            good().assign(
                event="F",
                player=lambda f: f["player"] + "x",
                opponent=lambda f: f["opponent"] + "x",
            ),
        ]
    )
    other_event.iloc[0, other_event.columns.get_loc("opponent")] = "Bx"
    _raises(other_event, "not a player of this event", ["event='E'", "round=1", "player='A'"])


def test_missing_columns():
    with pytest.raises(ValidationError, match="missing columns") as info:
        standings(good().drop(columns="draws"))
    assert "'draws'" in str(info.value)
    with pytest.raises(ValidationError, match="missing column"):
        standings(good().drop(columns="opponent"))
    with pytest.raises(ValidationError, match="DataFrame"):
        standings([1, 2])


def good_games() -> pd.DataFrame:
    return matches_to_games(good())


@pytest.mark.parametrize(
    ("change", "message", "where"),
    [
        ({(0, "result"): "X"}, "W, L or D", ["round=1", "player='A'"]),
        ({(1, "game"): 1}, "game listed twice", ["round=1", "player='A'"]),
        ({(1, "opponent"): "C"}, "different opponents", ["round=1", "player='A'"]),
        ({(0, "result"): "L", (2, "result"): "W"}, "disagree on this game", ["player='A'"]),
        ({(0, "game"): None}, "without a game number", ["player='A'"]),
        ({(0, "result"): None}, "without a result", ["player='A'"]),
        ({(0, "game"): 0}, "start at 1", ["player='A'"]),
        ({(0, "result"): "D"}, "disagree on the score", ["player='A'"]),
        ({(1, "game"): 5}, "not numbered 1, 2, 3", ["round=1", "player='A'"]),
        ({(0, "game"): 4, (3, "game"): 4}, "not numbered 1, 2, 3", ["player='A'", "player='B'"]),
        ({(6, "game"): 0}, "start at 1", ["round=1", "player='C'"]),
        ({(6, "result"): "Q"}, "W, L or D", ["round=1", "player='C'"]),
    ],
)
def test_game_level_validation(change, message, where):
    games = good_games().astype({"result": object, "game": object})
    for (i, column), value in change.items():
        games.loc[i, column] = value
    with pytest.raises(ValidationError, match=message) as info:
        standings(games)
    for part in where:
        assert part in str(info.value)
    with pytest.raises(ValidationError, match=message):
        games_to_matches(games)


def test_game_level_bye_is_one_row():
    games = good_games()
    bye = games[games["opponent"].isna()].iloc[[0]]
    with pytest.raises(ValidationError, match="single row per round"):
        standings(pd.concat([games, bye.assign(game=2)], ignore_index=True))
    lower = good_games().astype({"result": object})
    lower["result"] = lower["result"].str.lower()
    pd.testing.assert_frame_equal(standings(lower), standings(good()))


def test_inputs_are_not_modified():
    codes = {"A": 1, "B": 2, "C": 3}
    numeric = good().assign(
        player=lambda f: f["player"].map(codes), opponent=lambda f: f["opponent"].map(codes)
    )
    no_byes = numeric[numeric["opponent"].notna()].astype({"opponent": "int64"})
    small = cards_season(3, 6, 3, seed=0).astype({"round": "int8", "opponent": "Int16"})
    for frame in (good(), good_games(), good().assign(season="S"), numeric, no_byes, small):
        before = frame.copy(deep=True)
        standings(frame)
        standings_by_round(frame, rules="pokemon")
        explain(frame, player=frame["player"].iloc[0])
        if "wins" in frame.columns:
            matches_to_games(frame)
        else:
            games_to_matches(frame)
        if "season" in frame.columns:
            standings(frame, by="season")
        pd.testing.assert_frame_equal(frame, before)


def test_input_dtypes():
    # categorical ids, integer ids with float opponents (as read from CSV), arrow strings
    frame = good()
    as_cat = frame.astype({"event": "category", "player": "category", "opponent": "category"})
    expected = standings(frame)
    got = standings(as_cat)
    assert isinstance(got["event"].dtype, pd.CategoricalDtype)
    pd.testing.assert_frame_equal(
        got.astype({"event": str, "player": str}), expected, check_dtype=False
    )
    # opponents whose categories are not the players' (another order, one unknown name)
    other = sorted(set(frame["opponent"].dropna()) | {"nobody"}, reverse=True)
    shuffled = as_cat.assign(opponent=frame["opponent"].astype(pd.CategoricalDtype(other)))
    pd.testing.assert_frame_equal(standings(shuffled), got)
    codes = {"A": 1, "B": 2, "C": 3}
    numeric = frame.assign(player=frame["player"].map(codes), opponent=frame["opponent"].map(codes))
    assert numeric["opponent"].dtype == np.float64
    table = standings(numeric)
    assert table["player"].tolist() == [codes[p] for p in expected["player"]]
    assert table["rank"].tolist() == expected["rank"].tolist()
    numeric["opponent"] = numeric["opponent"].astype("Int64")
    assert standings(numeric)["rank"].tolist() == expected["rank"].tolist()
    # compact integer widths give the same table
    season = cards_season(5, 9, 4, seed=7, drop_rate=0.1)
    compact = season.astype({"round": "int8", "player": "int16", "opponent": "Int16",
                             "wins": "int8", "losses": "int8", "draws": "uint8"})  # fmt: skip
    pd.testing.assert_frame_equal(standings(compact), standings(season), check_dtype=False)
    nullable = season.astype({"round": "Int64", "player": "Int64", "wins": "Int64"})
    pd.testing.assert_frame_equal(standings(nullable), standings(season), check_dtype=False)
    assert len(explain(nullable)) == len(season)
    pd.testing.assert_frame_equal(
        standings_by_round(compact, rules="pokemon"),
        standings_by_round(season, rules="pokemon"),
        check_dtype=False,
    )
    # an integer opponent id that is no player at all
    for bad_id in (99, -5):
        wrong = season.copy()
        wrong.loc[0, "opponent"] = bad_id
        with pytest.raises(ValidationError, match="not a player of this event"):
            standings(wrong)


def test_empty_round_numbers_need_not_start_at_one():
    frame = good().assign(round=lambda f: f["round"] + 10)
    table = standings(frame)
    pd.testing.assert_frame_equal(table, standings(good()))
    assert standings_by_round(frame)["round"].unique().tolist() == [11, 12]


# --- files, CLI, demo data, synthetic seasons ----------------------------------------------------


def test_standings_from_path(tmp_path):
    shutil.copy(DATA / "melee-14643-matches.csv", tmp_path / "melee-14643-matches.csv")
    shutil.copy(DATA / "melee-14643-standings.csv", tmp_path / "melee-14643-standings.csv")
    (tmp_path / "notes.txt").write_text("not a table")
    other = cards_season(2, 6, 3, seed=1, prefix="Z")
    other.to_parquet(tmp_path / "other.parquet", index=False)
    pd.DataFrame({"a": [1]}).to_csv(tmp_path / "lookup.csv", index=False)
    with pytest.warns(UserWarning, match="lookup.csv: not a results table"):
        table = standings_from_path(tmp_path, rules="melee")
    assert set(table["event"]) == {"melee-14643", "Z00001", "Z00002"}
    melee = table[table["event"] == "melee-14643"].reset_index(drop=True)
    alone = standings_from_path(tmp_path / "melee-14643-matches.csv", rules="melee")
    pd.testing.assert_frame_equal(melee, alone, check_dtype=False)
    assert (
        alone["player"].tolist()
        == pd.read_csv(DATA / "melee-14643-standings.csv")["player"].tolist()
    )
    z = table[table["event"] != "melee-14643"]
    assert z["player"].map(type).eq(str).all()  # ids of different types compared as text
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(ValidationError, match="no cards results in this folder"):
        standings_from_path(empty)


def test_read_results_and_history_from_path(tmp_path):
    shutil.copy(DATA / "melee-14643-matches.csv", tmp_path / "melee-14643-matches.csv")
    shutil.copy(DATA / "melee-14643-standings.csv", tmp_path / "melee-14643-standings.csv")
    other = cards_season(2, 6, 3, seed=1, prefix="Z", season="2024")
    other.to_parquet(tmp_path / "other.parquet", index=False)
    melee = pd.read_csv(DATA / "melee-14643-matches.csv")
    # a file as stored; of a Parquet file only the results columns (and `by`)
    pd.testing.assert_frame_equal(read_results(tmp_path / "melee-14643-matches.csv"), melee)
    assert list(read_results(tmp_path / "other.parquet").columns) == MATCH
    assert list(read_results(tmp_path / "other.parquet", by="season").columns) == MATCH + ["season"]
    # a folder: the results tables concatenated (published standings skipped; suffixes in any
    # case), ids as text because they differ in type across the files (text in the CSV,
    # integers in the Parquet)
    upper = cards_season(1, 4, 2, seed=5, prefix="U")
    upper.to_csv(tmp_path / "UPPER.CSV", index=False)
    both = read_results(tmp_path)
    assert len(both) == len(melee) + len(other) + len(upper)
    assert set(both["event"]) == {"melee-14643", "U00001", "Z00001", "Z00002"}
    assert both["player"].map(type).eq(str).all()
    pd.testing.assert_frame_equal(
        standings(both, rules="melee"), standings_from_path(tmp_path, rules="melee")
    )
    # history: the standings after every round, as standings_by_round computes them
    history = history_from_path(tmp_path, rules="melee")
    pd.testing.assert_frame_equal(history, standings_by_round(both, rules="melee"))
    pd.testing.assert_frame_equal(history, cli_history_from_path("cards", tmp_path, rules="melee"))
    last = history[(history["event"] == "melee-14643") & (history["round"] == 4)]
    published = pd.read_csv(DATA / "melee-14643-standings.csv")
    assert last["player"].tolist() == published["player"].tolist()
    assert last["rank"].tolist() == published["rank"].tolist()
    one = history_from_path(tmp_path / "melee-14643-matches.csv")
    pd.testing.assert_frame_equal(one, standings_by_round(melee))
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(ValidationError, match="no cards results in this folder"):
        read_results(empty)


def test_importing_cards_imports_no_other_family():
    # the package's own __init__ is replaced by an empty package, so this checks what
    # tourneystats.cards itself pulls in
    code = (
        "import json, sys, types\n"
        "pkg = types.ModuleType('tourneystats')\n"
        f"pkg.__path__ = [{str(Path(tourneystats.__file__).parent)!r}]\n"
        "sys.modules['tourneystats'] = pkg\n"
        "import tourneystats.cards\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith(('tourneystats.', "
        "'matplotlib')))))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(json.loads(done.stdout))
    assert loaded == {
        "tourneystats.cards",
        "tourneystats.cards.batch",
        "tourneystats.cards.check",
        "tourneystats.cards.checkbatch",
        "tourneystats.cards.checkmany",
        "tourneystats.cards.cuts",
        "tourneystats.cards.codes",
        "tourneystats.cards.convert",
        "tourneystats.cards.earlier",
        "tourneystats.cards.earliermany",
        "tourneystats.cards.decklistcache",
        "tourneystats.cards.terms",
        "tourneystats.cards.tom",
        "tourneystats.cards.files",
        "tourneystats.cards.headtohead",
        "tourneystats.cards.history",
        "tourneystats.cards.homonyms",
        "tourneystats.cards.jsonstandings",
        "tourneystats.cards.nogames",
        "tourneystats.cards.prepare",
        "tourneystats.cards.published",
        "tourneystats.cards.report",
        "tourneystats.cards.publishers",
        "tourneystats.cards.rounds",
        "tourneystats.cards.rules",
        "tourneystats.cards.scoring",
        "tourneystats.cards.tables",
        "tourneystats.cards.whatif",
        "tourneystats.core",
        "tourneystats.core.check",
        "tourneystats.core.folders",
        "tourneystats.core.io",
        "tourneystats.core.people",
        "tourneystats.core.ranking",
        "tourneystats.core.schema",
        "tourneystats.core.whatif",
    }


def test_cli_standings(tmp_path, capsys):
    source = tmp_path / "m.csv"
    shutil.copy(DATA / "melee-14643-matches.csv", source)
    out = tmp_path / "out.csv"
    assert (
        main(["standings", str(source), "--family", "cards", "--rules", "melee", "--out", str(out)])
        == 0
    )
    printed = capsys.readouterr().out
    assert "Player 043" in printed and "wrote 16 rows" in printed
    written = pd.read_csv(out)
    expected = standings(pd.read_csv(source), rules="melee")
    assert written["player"].tolist() == expected["player"].tolist()
    assert np.allclose(written["ogwp"], expected["ogwp"])
    assert main(["standings", str(source), "--family", "cards", "--rules", "nope"]) == 2
    assert "unknown card-game rules" in capsys.readouterr().err


def test_demo_data_and_command(tmp_path, capsys):
    shipped = ROOT / "data" / "cards"
    files = sorted(p.name for p in shipped.iterdir())
    assert "melee-14643-matches.csv" in files
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        table = standings_from_path(shipped)
    assert table["event"].nunique() >= 5
    data = tmp_path / "data"
    shutil.copytree(shipped, data / "cards")
    assert main(["demo", "--data", str(data), "--out", str(tmp_path / "out")]) == 0
    assert "== cards" in capsys.readouterr().out
    assert len(pd.read_parquet(tmp_path / "out" / "cards-standings.parquet")) == len(table)


def test_cards_season_is_consistent_and_seeded():
    df = cards_season(30, 11, 6, seed=4, drop_rate=0.1, draw_rate=0.3)
    pd.testing.assert_frame_equal(df, cards_season(30, 11, 6, seed=4, drop_rate=0.1, draw_rate=0.3))
    standings(df)  # validates: both sides agree, no one twice in a round
    played = df[df["opponent"].notna()]
    scores = set(map(tuple, played[["wins", "losses", "draws"]].values.tolist()))
    assert {(2, 0, 0), (2, 1, 0), (1, 2, 0), (0, 0, 3), (1, 1, 1), (1, 1, 0)} <= scores
    assert (df.loc[df["opponent"].isna(), ["wins", "losses", "draws"]] == [2, 0, 0]).all().all()
    assert df.groupby(["event", "player"], observed=True).size().lt(6).any()  # drops
    with_season = cards_season(2, 4, 2, seed=0, season="2024")
    assert (with_season["season"] == "2024").all()


def test_empty_results_are_refused_and_unsigned_ids():
    empty = good().iloc[:0]
    for compute in (standings, standings_by_round, explain, matches_to_games):
        with pytest.raises(ValidationError, match=": no rows"):
            compute(empty)
    codes = {"A": 1, "B": 2, "C": 3}
    frame = good()[lambda f: f["opponent"].notna()]
    frame = frame.assign(player=frame["player"].map(codes), opponent=frame["opponent"].map(codes))
    for dtype in ("uint64", "uint8"):
        table = standings(frame.astype({"player": dtype, "opponent": dtype}))
        assert table["player"].tolist() == [1, 2, 3]  # B: gwp 3/9 beats C: 0 -> 0.33
        assert table["rank"].tolist() == [1, 2, 3]


def test_sparse_keys_give_the_dense_codes(monkeypatch):
    # names make the (event, player) key space too big for the dense tables: the hashed and
    # sorted lookups must give the same standings (small inputs always take the dense path)
    import tourneystats.cards.codes as codes
    import tourneystats.cards.prepare as prepare

    season = cards_season(6, 9, 4, seed=3, drop_rate=0.1)
    named = season.assign(
        player="p" + season["player"].astype(str),
        opponent=("p" + season["opponent"].astype("Int64").astype(str)).where(
            season["opponent"].notna()
        ),
    )
    expected = {
        form: standings(form_frame) for form, form_frame in (("int", season), ("named", named))
    }
    monkeypatch.setattr(codes, "_dense_ok", lambda size, n: False)
    monkeypatch.setattr(prepare, "_dense_ok", lambda size, n: False)
    pd.testing.assert_frame_equal(standings(season), expected["int"])
    pd.testing.assert_frame_equal(standings(named), expected["named"])
    with pytest.raises(ValidationError, match="not a player of this event"):
        standings(named.assign(opponent=named["opponent"].replace("p1", "nobody")))


def test_arrow_text_lookup_matches_get_indexer():
    """Opponents looked up among the players' ids by Arrow on the text itself give the
    positions ``Index.get_indexer`` gives (-1 for a missing id or one not among them)."""
    import pyarrow as pa

    from tourneystats.cards.codes import _arrow_lookup

    uniques = pd.Index(pd.array(["Ann", "Bo", "Cy", "Åsa"], dtype="string[pyarrow]"))
    for values in (["Bo", None, "Zed", "Åsa", "Ann", "bo"], [], [None, None]):
        for dtype in ("string[pyarrow]", pd.ArrowDtype(pa.large_string())):
            other = pd.Series(pd.array(values, dtype="string[pyarrow]")).astype(dtype)
            found = _arrow_lookup(uniques, other)
            if isinstance(other.dtype, pd.StringDtype):
                assert found is not None
                assert found.tolist() == uniques.get_indexer(other).tolist()
            else:  # not pandas' Arrow text: left to get_indexer
                assert found is None


def test_standings_on_two_threads_refuse_bad_input_as_one_call(monkeypatch):
    """A fault in either half of a frame computed on two threads is refused with the message of
    one call over the whole frame (its first fault, named by event, round and player)."""
    from tourneystats.cards import tables

    rows = []
    for event in ("E1", "E2", "E3", "E4"):
        for rnd in (1, 2):
            rows += [(event, rnd, "a", "b", 2, 0, 0), (event, rnd, "b", "a", 0, 2, 0)]
    frame = pd.DataFrame(
        rows, columns=["event", "round", "player", "opponent", "wins", "losses", "draws"]
    )
    bad = frame.copy()
    bad.loc[13, "wins"] = 1  # E4 round 1: b reports 1-2 where a reports 2-0
    bad.loc[2, "losses"] = -1  # E1 round 2: a negative count, the first fault of the frame
    monkeypatch.setattr(tables, "THREADED_ROWS", 10**12)
    with pytest.raises(ValidationError) as one:
        tourneystats.cards.standings(bad)
    monkeypatch.setattr(tables, "THREADED_ROWS", 0)
    monkeypatch.setattr(tables, "CHUNK_ROWS", 4)  # a run of events a thread
    with pytest.raises(ValidationError) as two:
        tourneystats.cards.standings(bad)
    assert str(two.value) == str(one.value) and "negative 'losses'" in str(one.value)
