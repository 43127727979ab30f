"""Every individual value of the FIDE TEC "Exercises in Tie-Breaking" (C.07-2023, fide2024).

The crosstables and printed values were transcribed into ``tests/data/chess/tec/`` (see its
README): one TRF and one CSV of expected values per exercise, plus the three summary tables of
the Swiss tournament. Round-robin crosstables (TRF ``092 Round robin``) are told by that record
(``round_robin=None``, the default, reads it from ``events.type``): C.07 counts their forfeits as
played games.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tourneystats import ValidationError
from tourneystats.chess import parse_tiebreak, read_trf, standings, standings_by_round

TEC = Path(__file__).parent / "data" / "chess" / "tec"
CASES = sorted(p.stem for p in TEC.glob("*.trf"))
# what the 2026 dummy cap (art. 16.4) changes: the tie-breaks using opponents' scores
CAPPED = {"BH", "BH/C1", "AOB", "FB", "SB", "SB/C1"}


def _load(name: str):
    path = TEC / f"{name}.trf"
    data = read_trf(path)
    round_robin = "\n092 Round robin" in path.read_text()
    expected = pd.read_csv(TEC / f"{name}_expected.csv")
    return data, round_robin, expected


def _compare(name: str, rules: str) -> pd.DataFrame:
    data, round_robin, expected = _load(name)
    codes = [parse_tiebreak(c).code for c in expected["tiebreak"]]
    expected = expected.assign(code=codes)
    if rules == "fide2026":
        expected = expected[~expected["code"].isin(CAPPED)]
    got = []
    for code, rows in expected.groupby("code", sort=False):
        # each tie-break alone (as the paper does: "the chosen system as the first tie-breaker")
        table = standings(
            data.results,
            tiebreaks=[code],
            rules=rules,
            players=data.players,
            events=data.events,  # its "type" (092) tells the round robins
        )
        if code == "DE":  # DE is published as the place inside the score group (1 = first)
            table["DE"] = table["rank"] - table.groupby("PTS")["rank"].transform("min") + 1
        table = table.set_index("player")
        got.append(rows.assign(computed=table.loc[rows["player"], code].to_numpy()))
    return pd.concat(got) if got else expected.assign(computed=[])


def _mismatches(got: pd.DataFrame) -> pd.DataFrame:
    tolerance = 0.5 * 10.0 ** -got["decimals"] + 1e-9
    return got[~(np.abs(got["computed"] - got["value"]) <= tolerance)]


@pytest.mark.parametrize("name", CASES)
def test_tec_exercise(name):
    data, _, _ = _load(name)
    assert (data.events["date"] < pd.Timestamp("2026-03-01")).all()  # auto -> fide2024
    got = _compare(name, "auto")
    assert len(got) > 0
    bad = _mismatches(got)
    assert bad.empty, bad.to_string()


@pytest.mark.parametrize("name", ["summary_swiss", "ex14", "ex16", "ex18", "ex25", "ex26"])
def test_tec_values_the_2026_cap_does_not_change(name):
    """Under fide2026 every value not using opponents' scores is as printed for 2024."""
    got = _compare(name, "fide2026")
    assert len(got) > 0 or name == "ex14"
    bad = _mismatches(got)
    assert bad.empty, bad.to_string()


def test_round_robin_forfeit_is_a_played_game():
    """Round 4 of the round robin: #6 Helene beat #5 Franck by forfeit."""
    data, round_robin, _ = _load("ex14")
    assert round_robin
    event = data.events["event"].iloc[0]
    kw = {"tiebreaks": ["ARO"], "rules": "fide2024", "players": data.players}
    as_rr = standings(data.results, round_robin=[event], **kw).set_index("player")["ARO"]
    as_swiss = standings(data.results, **kw).set_index("player")["ARO"]
    # by default, the round robins are the events whose TRF 092 record says so
    assert data.events["type"].tolist() == ["Round robin"]
    auto = standings(data.results, events=data.events, **kw).set_index("player")["ARO"]
    pd.testing.assert_series_equal(auto, as_rr)
    as_told = standings(data.results, events=data.events, round_robin=False, **kw)
    pd.testing.assert_series_equal(as_told.set_index("player")["ARO"], as_swiss)
    # ratings: #1 2200, #2 2150, #3 2100, #4 2050, #5 1950, #6 2000
    # Helene met #2, #3, #4, #5, #1: 10450 / 5 = 2090; without the forfeit 8500 / 4 = 2125
    assert as_rr[6] == 2090 and as_swiss[6] == 2125
    # Franck met #1, #4, #2, #6, #3: 10500 / 5 = 2100; without the forfeit 8500 / 4 = 2125
    assert as_rr[5] == 2100 and as_swiss[5] == 2125
    history = standings_by_round(data.results, events=data.events, **kw)
    last = history[history["round"] == 5].drop(columns="round").reset_index(drop=True)
    pd.testing.assert_frame_equal(last, standings(data.results, round_robin=True, **kw))
    with pytest.raises(ValidationError, match="round_robin: no such event"):
        standings(data.results, round_robin=["nope"], **kw)


#: the values of the TEC summary tables that the 2026 dummy cap (art. 16.4) changes, as FIDE's
#: TieBreakServer tests pin them (OttoMilvang/TieBreakServer, tests/
#: test_fide_held_individual_exercises.py, POST_2026, commit b411582; BH #6 and BH/C1 #6 are
#: outside its subsets, worked here: #6's pairing-allocated bye is capped at 0.5 x 5 = 2.5
#: instead of his 3.0 points)
SUMMARY_2026 = {
    "BH": {4: 14.0, 6: 11.5, 11: 12.5},
    "BH/C1": {6: 10.5, 11: 11.0},
    "SB": {4: 9.25, 6: 6.00, 11: 4.75},
    "SB/C1": {4: 7.75, 6: 5.00, 11: 3.25},
    "FB": {4: 14.5, 11: 12.0, 12: 11.0},
    "AOB": {1: 12.40, 3: 12.90, 5: 13.20, 7: 11.70, 8: 12.90, 10: 10.80, 12: 14.00, 13: 11.90,
            14: 13.00, 16: 13.10},
}  # fmt: skip


def test_tec_swiss_under_the_2026_rules():
    """Every value of the summary tables under fide2026: as printed for 2024, except the
    values the cap changes (SUMMARY_2026)."""
    expected = pd.read_csv(TEC / "summary_swiss_expected.csv")
    for code, changes in SUMMARY_2026.items():
        mine = expected["tiebreak"] == code
        changed = expected.loc[mine, "player"].map(changes)
        expected.loc[mine, "value"] = changed.fillna(expected.loc[mine, "value"])
    data, _, _ = _load("summary_swiss")
    codes = [parse_tiebreak(c).code for c in expected["tiebreak"]]
    expected = expected.assign(code=codes)
    got = []
    for code, rows in expected.groupby("code", sort=False):
        table = standings(data.results, tiebreaks=[code], rules="fide2026", players=data.players)
        table = table.set_index("player")
        got.append(rows.assign(computed=table.loc[rows["player"], code].to_numpy()))
    bad = _mismatches(pd.concat(got))
    assert bad.empty, bad.to_string()
    assert sum(len(v) for v in SUMMARY_2026.values()) == 24
