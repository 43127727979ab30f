"""chessmanager.com's published standings (a real extract, tests/data/chess/chessmanager) under
the ``chessmanager`` preset: every published value reproduced, and the rule-set choices the
extract decides."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from tourneystats.chess.published import compare_published

DATA = Path(__file__).parent / "data" / "chess" / "chessmanager"
BEFORE, AFTER = "Pomysl GrandPrix #25.3", "Pomysl GrandPrix #25.5"  # 2024-03-27, 2024-04-10


def compared(rules: str) -> pd.DataFrame:
    results = pd.read_csv(DATA / "pomysl-results.csv")
    published = pd.read_csv(DATA / "pomysl-standings.csv")
    return compare_published(published, results, rules=rules)


def withdrawn() -> set[tuple[str, str]]:
    """(event, player) of the players whose last rounds are absences: they left."""
    results = pd.read_csv(DATA / "pomysl-results.csv").sort_values(["event", "player", "round"])
    last = results.groupby(["event", "player"])["kind"].last()
    played = results[results["kind"] != "zpb"].groupby(["event", "player"]).size()
    return set(last[(last == "zpb") & last.index.isin(played.index)].index)


def test_the_preset_reproduces_every_published_value():
    table = compared("chessmanager")
    counts = table.groupby("value")["equal"].agg(["sum", "count"])
    assert counts["count"].to_dict() == {"BH": 66, "BH/C1": 66, "points": 66, "rank": 66}
    assert table["equal"].all()


def test_a_dummy_at_the_final_score_misses_exactly_the_players_who_left():
    # C.07 (2024)'s dummy has the player's final score; chessmanager.com's counts his rounds
    # after he left as draws. The five such players (withdrawn: 1 after round 6 of event
    # 25.5, 4 in event 35.1, one of them also absent in round 1) are the only BH differences
    # of the events after the change, and their BH/C1 differ too.
    table = compared("fide2024")
    after = table[(table["event"] != BEFORE) & table["value"].isin(["BH", "BH/C1"])]
    wrong = after[~after["equal"]]
    assert set(zip(wrong["event"], wrong["player"])) == withdrawn()
    assert len(withdrawn()) == 5 and len(wrong) == 10


def test_the_event_before_the_change_follows_fide_2009():
    # 2024-03-27: every player's BH differs under C.07 (2024) (a PAB in each of the 9 rounds:
    # the 2009 virtual opponent), none under FIDE 2009
    for rules, wrong in (("fide2024", 19), ("fide2009", 0)):
        table = compared(rules)
        mine = table[(table["event"] == BEFORE) & (table["value"] == "BH")]
        assert len(mine) == 19 and int((~mine["equal"]).sum()) == wrong


def test_the_command_line_check_of_the_folder(tmp_path):
    out = tmp_path / "report.csv"
    args = [sys.executable, "-m", "tourneystats", "check", str(DATA), "--family", "chess"]
    done = subprocess.run(
        [*args, "--rules", "chessmanager", "--out", str(out)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
    report = pd.read_csv(out)
    assert report[["compared", "equal", "status"]].values.tolist() == [[264, 264, "equal"]]
    done = subprocess.run([*args, "--rules", "auto"], capture_output=True, text=True)
    assert done.returncode == 1  # FIDE's dates: not chessmanager.com's rules


@pytest.mark.parametrize("event", [BEFORE, AFTER])
def test_the_extract_is_whole(event):
    results = pd.read_csv(DATA / "pomysl-results.csv")
    mine = results[results["event"] == event]
    rounds = mine.groupby("player")["round"].nunique()
    assert rounds.nunique() == 1 and rounds.iloc[0] == 9  # a row per player and round
