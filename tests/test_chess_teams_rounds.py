"""Team events through the standings after every round, compare, drift and explain.

The worked example is a round robin of four teams of two boards (A, B, C, D), worked by hand:

========  ==========================  ==========================
round     match (boards, first team)  match (boards, first team)
========  ==========================  ==========================
1         A-B 1, 1    (2-0)           C-D 1/2, 0  (1/2-3/2)
2         A-C 1/2, 1/2 (1-1)          B-D 1, 1/2  (3/2-1/2)
3         A-D 0, 1/2  (1/2-3/2)       B-C 1, 0    (1-1)
========  ==========================  ==========================
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from chess_team_data import random_team_event, swiss_team_events, write_team_trf
from hypothesis import given, settings
from hypothesis_profiles import examples
from reference_chess_teams import CODES, reference_by_round

from tourneystats.chess import (
    explain,
    history_from_path,
    read_team_trf,
    standings,
    standings_by_round,
    standings_from_path,
    team_standings,
)
from tourneystats.chess.teamexplain import explain_team
from tourneystats.chess.teamrounds import team_standings_by_round
from tourneystats.clicharts import drift_chart
from tourneystats.whatif import compare

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = {"A": (1, 2), "B": (3, 4), "C": (5, 6), "D": (7, 8)}
#: round: (first team, second team, the first team's board points)
MATCHES = [
    (1, "A", "B", (1.0, 1.0)),
    (1, "C", "D", (0.5, 0.0)),
    (2, "A", "C", (0.5, 0.5)),
    (2, "B", "D", (1.0, 0.5)),
    (3, "A", "D", (0.0, 0.5)),
    (3, "B", "C", (1.0, 0.0)),
]
TIEBREAKS = ["EDE", "GP", "BH:MP", "SB:MP", "BC"]
#: by hand: round -> team -> (rank, MP, EDE, GP, BH:MP, SB:MP, BC)
EXPECTED = {
    1: {
        "A": (1, 2, 0, 2.0, 0, 0, 3.0),
        "D": (2, 2, 0, 1.5, 0, 0, 2.5),
        "C": (3, 0, 0, 0.5, 2, 0, 0.5),
        "B": (4, 0, 0, 0.0, 2, 0, 0.0),
    },
    2: {  # B and D on 2 MP: B won their match (EDE)
        "A": (1, 3, 0, 3.0, 3, 5, 4.5),
        "B": (2, 2, 1, 1.5, 5, 4, 2.0),
        "D": (3, 2, 0, 2.0, 3, 2, 3.5),
        "C": (4, 1, 0, 1.5, 5, 3, 2.0),
    },
    3: {  # A and B on 3 MP: A won their match
        "D": (1, 4, 0, 3.5, 8, 10, 5.5),
        "A": (2, 3, 1, 3.5, 9, 8, 5.5),
        "B": (3, 3, 0, 2.5, 9, 10, 3.0),
        "C": (4, 2, 0, 2.5, 10, 6, 4.0),
    },
}


def hand_event(event: str = "RR") -> pd.DataFrame:
    rows = []
    for rnd, a, b, points in MATCHES:
        for board, p in enumerate(points, start=1):
            pa, pb = PLAYERS[a][board - 1], PLAYERS[b][board - 1]
            colour = "w" if board == 1 else "b"
            other = "b" if colour == "w" else "w"
            rows.append((event, rnd, a, b, board, pa, pb, colour, p, "played"))
            rows.append((event, rnd, b, a, board, pb, pa, other, 1.0 - p, "played"))
    columns = ["event", "round", "team", "opponent_team", "board", "player", "opponent",
               "colour", "points", "kind"]  # fmt: skip
    return pd.DataFrame(rows, columns=columns)


NAMES = pd.DataFrame(
    {"event": "RR", "team": list("ABCD"), "name": ["Ajax", "Bath", "Cork", "Deal"]}
)


def _by_hand(table: pd.DataFrame) -> dict:
    columns = ["rank", "MP", *TIEBREAKS]
    return {
        int(r): {
            t: tuple(float(v) for v in row[columns]) for t, row in part.set_index("team").iterrows()
        }
        for r, part in table.groupby("round")
    }


def test_worked_round_robin_after_every_round():
    table = team_standings_by_round(
        hand_event(), tiebreaks=TIEBREAKS, rules="fide2024", round_robin=True, teams=NAMES
    )
    assert list(table.columns[:5]) == ["event", "round", "team", "name", "rank"]
    assert _by_hand(table) == {r: {t: tuple(map(float, v)) for t, v in teams.items()}
                               for r, teams in EXPECTED.items()}  # fmt: skip
    # in order of rank within each round, the names kept
    assert table["team"].tolist() == [t for r in (1, 2, 3) for t in EXPECTED[r]]
    assert table.loc[table["team"] == "D", "name"].unique().tolist() == ["Deal"]


def test_the_last_round_is_the_final_standings():
    boards = hand_event()
    options = dict(tiebreaks=TIEBREAKS, rules="fide2024", round_robin=True)
    last = team_standings_by_round(boards, **options).query("round == 3").drop(columns="round")
    pd.testing.assert_frame_equal(
        last.reset_index(drop=True), team_standings(boards, **options), check_dtype=False
    )


def test_chess_standings_by_round_takes_board_rows_as_teams():
    boards = hand_event()
    ours = standings_by_round(
        boards, tiebreaks=TIEBREAKS, rules="fide2024", round_robin=True, players=NAMES
    )
    pd.testing.assert_frame_equal(
        ours,
        team_standings_by_round(
            boards, tiebreaks=TIEBREAKS, rules="fide2024", round_robin=True, teams=NAMES
        ),
    )
    final = standings(boards, tiebreaks=TIEBREAKS, rules="fide2024", round_robin=True)
    assert final["team"].tolist() == ["D", "A", "B", "C"]  # never player rows


def test_board_rows_take_the_team_functions_default_rules():
    """Given board rows and no rule set, the individual functions rank the teams under the team
    functions' default (by the events' dates, fide2024 when undated), not the individual
    functions' own (the adjusted score); a rule set named is used as named. The random events
    have forfeited boards and matches and team byes: the two rule sets differ on most."""
    codes = ["BH:MP", "SB:MP"]
    differ = 0
    for seed in range(12):
        rows, _, _ = random_team_event(seed, teams=8, boards=4, rounds=5, round_robin=False)
        table = team_standings(rows, tiebreaks=codes)
        pd.testing.assert_frame_equal(standings(rows, tiebreaks=codes), table)
        pd.testing.assert_frame_equal(
            standings_by_round(rows, tiebreaks=codes),
            team_standings_by_round(rows, tiebreaks=codes),
        )
        team = table["team"].iloc[0]
        pd.testing.assert_frame_equal(
            explain(rows, tiebreak="BH:MP", player=team),
            explain_team(rows, tiebreak="BH:MP", team=team),
        )
        adjusted = team_standings(rows, tiebreaks=codes, rules="adjusted")
        pd.testing.assert_frame_equal(standings(rows, tiebreaks=codes, rules="adjusted"), adjusted)
        differ += not adjusted.equals(table)
    assert differ >= 6


@pytest.mark.parametrize(
    "option, message",
    [
        (dict(withdrawn="leave_out"), "are for individual events"),
        (dict(players=pd.DataFrame({"event": "RR", "player": [1], "name": ["x"]})), "teams' names"),
    ],
)
def test_options_of_individual_events_are_refused(option, message):
    with pytest.raises(ValueError, match=message):
        standings_by_round(hand_event(), **option)


def test_refusals_name_the_event_not_a_copy():
    boards = hand_event("Cup")
    gap = boards[boards["round"] != 2].copy()
    with pytest.raises(ValueError, match=r"\['Cup'\]"):
        team_standings_by_round(gap)
    with pytest.raises(ValueError, match=r"round robins: \['Cup'\]"):
        team_standings_by_round(boards, tiebreaks=["BH"], rules="fide2026", round_robin=True)


def test_the_caller_frame_is_not_changed():
    boards = hand_event()
    before = boards.copy()
    team_standings_by_round(boards, round_robin=True)
    pd.testing.assert_frame_equal(boards, before)


def test_a_season_at_once_is_each_event_alone():
    events = [random_team_event(s, event=f"E{s}")[0] for s in range(5)]
    codes = ["EDE", *CODES, "TBR", "SSSC", "KS"]
    together = team_standings_by_round(pd.concat(events), tiebreaks=codes, rules="fide2024")
    alone = pd.concat([team_standings_by_round(e, tiebreaks=codes, rules="fide2024")
                       for e in events])  # fmt: skip
    pd.testing.assert_frame_equal(
        together.reset_index(drop=True), alone.reset_index(drop=True), check_dtype=False
    )


def test_each_event_keeps_its_rule_set_and_round_robin():
    # event "One" (seed 0, byes and forfeits) has other BH values under fide2026 (its caps)
    one = random_team_event(0, event="One", round_robin=False)[0]
    two = hand_event("Two")
    both = pd.concat([one, two], ignore_index=True)
    rules = {"One": "fide2026", "Two": "fide2024"}
    codes = ["BH:MP", "SB:GP"]
    together = team_standings_by_round(both, tiebreaks=codes, rules=rules, round_robin=["Two"])
    alone = pd.concat(
        [
            team_standings_by_round(one, tiebreaks=codes, rules="fide2026", round_robin=False),
            team_standings_by_round(two, tiebreaks=codes, rules="fide2024", round_robin=True),
        ],
        ignore_index=True,
    )
    pd.testing.assert_frame_equal(together, alone, check_dtype=False)
    other = team_standings_by_round(one, tiebreaks=codes, rules="fide2024", round_robin=False)
    assert not np.allclose(other["BH:MP"], together.loc[: len(other) - 1, "BH:MP"])


@settings(max_examples=examples(25), deadline=None)
@given(rows=swiss_team_events(teams=10, boards=5, rounds=6))
def test_by_round_matches_the_reference(rows):
    ours = team_standings_by_round(rows, tiebreaks=CODES, rules="fide2024", round_robin=False)
    expected = reference_by_round(rows).set_index(["round", "team"]).sort_index()
    ours = ours.set_index(["round", "team"]).loc[expected.index]
    for code in ["MP", *CODES]:
        assert np.allclose(ours[code].to_numpy(float), expected[code].to_numpy(float)), code


# --- explain -------------------------------------------------------------------------------------


def test_explain_a_team_by_hand():
    # D after three rounds: opponents C (2 MP), B (3), A (3); D's MP against them 2, 0, 2
    boards = hand_event()
    table = explain(boards, tiebreak="SB:MP", player="Deal", players=NAMES, rules="fide2024",
                    round_robin=True)  # fmt: skip
    assert table["opponent_team"].tolist() == ["C", "B", "A"]
    assert table["score"].tolist() == [2.0, 3.0, 3.0]
    assert table["result"].tolist() == [2.0, 0.0, 2.0]
    assert table["contribution"].tolist() == [4.0, 0.0, 6.0]
    assert table["value"].unique().tolist() == [10.0]
    assert table["name"].unique().tolist() == ["Deal"]
    cut = explain_team(boards, tiebreak="BH:MP/C1", team="D", rules="fide2024", round_robin=True)
    assert cut["cut"].tolist() == [True, False, False]  # the least, C's 2, cut
    assert cut["value"].unique().tolist() == [6.0]


@pytest.mark.parametrize("code", ["BH:MP", "BH:GP/C1", "SB:GP", "EMGSB/C1", "EGMSB", "BH/M1"])
def test_explain_adds_up_to_the_standings(code):
    rows = pd.concat([random_team_event(s, event=f"E{s}", round_robin=False)[0] for s in (0, 4)])
    table = explain_team(rows, tiebreak=code, rules="fide2024")
    kept = table.loc[~table["cut"]].groupby(["event", "team"])["contribution"].sum()
    values = table.groupby(["event", "team"])["value"].first()
    ours = team_standings(rows, tiebreaks=[code], rules="fide2024").set_index(["event", "team"])
    assert np.allclose(kept.to_numpy(), values.to_numpy())
    assert np.allclose(values.to_numpy(), ours[code].loc[values.index].to_numpy())
    unplayed = table["kind"] != "played"
    assert unplayed.any() and table.loc[unplayed, "counted_as"].isin(["dummy", None]).all()


def test_explain_refuses_what_it_does_not_break_down():
    with pytest.raises(ValueError, match="team_standings' columns"):
        explain(hand_event(), tiebreak="TBR")
    with pytest.raises(ValueError, match="no such team/event: team='E'"):
        explain(hand_event(), tiebreak="BH", player="E")
    with pytest.raises(ValueError, match="unknown team tie-break 'ARO'"):
        explain(hand_event(), tiebreak="ARO")


def test_compare_refuses_an_individual_code_for_team_events():
    with pytest.raises(ValueError, match="unknown team tie-break 'PTP'"):
        compare(hand_event(), family="chess", rules=["fide2024", "fide2024:PTP"])


# --- files and the command line ------------------------------------------------------------------


def _run(*args: str) -> subprocess.CompletedProcess:
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "MPLBACKEND": "Agg"}
    return subprocess.run(
        [sys.executable, "-m", "tourneystats", *args],
        capture_output=True, text=True, cwd=ROOT, env=env, timeout=120,
    )  # fmt: skip


def test_history_of_a_team_file_is_the_teams(tmp_path):
    path = tmp_path / "league.trf"
    write_team_trf(7, path, teams=6, boards=4, rounds=5, round_robin=False)
    history = history_from_path(path)
    assert list(history.columns[:4]) == ["event", "round", "team", "name"]
    assert history["round"].unique().tolist() == [1, 2, 3, 4, 5]
    assert len(history) == 6 * 5
    last = history[history["round"] == 5].drop(columns="round").reset_index(drop=True)
    pd.testing.assert_frame_equal(last, standings_from_path(path), check_dtype=False)


def test_drift_and_compare_of_a_team_file(tmp_path):
    path = tmp_path / "league.trf"
    write_team_trf(7, path, teams=6, boards=4, rounds=5, round_robin=False)
    names = read_team_trf(path).teams["name"].tolist()
    done = _run("drift", str(path), "--family", "chess", "--out", str(tmp_path / "d.png"))
    assert done.returncode == 0, done.stderr
    assert "highlighted: Team " in done.stdout
    ax = drift_chart("chess", path)  # the chart: teams named, the team rules in the title
    assert "auto:fide2024 rules; tie-breaks EDE, EMGSB/C1, BH/C1" in ax.get_title(loc="left")
    assert sorted(t.get_text().split(" (")[0] for t in ax.texts) == sorted(names)
    out = tmp_path / "c.csv"
    rules = "fide2024:MP+GP,fide2024:GP+MP"
    done = _run("compare", str(path), "--family", "chess", "--rules", rules, "--out", str(out),
                "--chart", str(tmp_path / "c.png"))  # fmt: skip
    assert done.returncode == 0, done.stderr
    table = pd.read_csv(out)
    assert list(table.columns[:4]) == ["event", "team", "name", "rules"]
    assert sorted(table["name"].unique()) == sorted(names)
    # the second rule set ranks by game points first
    by_gp = table[table["rules"] == "fide2024:GP+MP"]
    assert by_gp["GP"].is_monotonic_decreasing
    assert (tmp_path / "c.png").stat().st_size > 0


def test_compare_api_on_board_rows():
    boards = hand_event()
    table = compare(boards, family="chess", rules=["fide2024:MP+GP", "fide2024:GP+MP"],
                    players=NAMES, round_robin=True)  # fmt: skip
    first = table[table["rules"] == "fide2024:MP+GP"]
    second = table[table["rules"] == "fide2024:GP+MP"]
    assert first["team"].tolist() == ["D", "A", "B", "C"]  # MP 4, 3 (GP 3.5), 3 (2.5), 2
    assert second["team"].tolist() == ["D", "A", "B", "C"]  # GP 3.5 (MP 4), 3.5 (3), 2.5 (3)
    assert second["rank"].tolist() == [1, 2, 3, 4]


def test_compare_reads_team_codes_with_a_point_type():
    # final GP: A 3.5, B 2.5, C 2.5, D 3.5; BH:GP/C1 cuts the least opponent's
    table = compare(hand_event(), family="chess", rules=["fide2024", "fide2026:EDE+BH:GP/C1"],
                    round_robin=False)  # fmt: skip
    second = table[table["rules"] == "fide2026:EDE+BH:GP/C1"].set_index("team")
    assert second["BH:GP/C1"].to_dict() == {"D": 6.0, "A": 6.0, "B": 7.0, "C": 7.0}
    assert second["rank"].to_dict() == {"D": 1, "A": 2, "B": 3, "C": 4}  # A-B: A won (EDE)
