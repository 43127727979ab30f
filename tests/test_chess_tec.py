"""Every individual value of the FIDE TEC "Exercises in Tie-Breaking" (C.07-2023, fide2024).

The crosstables and printed values were transcribed by the TRF branch into
``tests/data/chess/tec/`` (see its README): one TRF and one CSV of expected values per exercise,
plus the three summary tables of the Swiss tournament.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tourneystats.chess import parse_tiebreak, standings
from tourneystats.trf import read_trf

TEC = Path(__file__).parent / "data" / "chess" / "tec"
CASES = sorted(p.stem for p in TEC.glob("*.trf"))


def _load(name: str):
    data = read_trf(TEC / f"{name}.trf")
    results = data.results
    if "Round robin" in (TEC / f"{name}.trf").read_text():
        # in a round robin a forfeit counts as a played game (C.07 15.2 and 15.6)
        forfeit = results["kind"].isin(["forfeit_win", "forfeit_loss"])
        results = results.assign(kind=results["kind"].where(~forfeit, "played"))
    expected = pd.read_csv(TEC / f"{name}_expected.csv")
    return results, data.players, data.events, expected


def _computed(results, players, events, codes):
    table = standings(results, tiebreaks=codes, rules="auto", players=players, events=events)
    if "DE" in codes:  # DE is published as the place inside the score group (1 = first)
        first = table.groupby("PTS")["rank"].transform("min")
        table["DE"] = table["rank"] - first + 1
    return table.set_index("player")


@pytest.mark.parametrize("name", CASES)
def test_tec_exercise(name):
    results, players, events, expected = _load(name)
    assert (events["date"] < pd.Timestamp("2026-03-01")).all()  # auto -> fide2024
    codes = [parse_tiebreak(c).code for c in expected["tiebreak"]]
    expected = expected.assign(code=codes)
    got = []
    for code, rows in expected.groupby("code", sort=False):
        # each tie-break alone (as the paper does: "the chosen system as the first tie-breaker")
        table = _computed(results, players, events, [code])
        got.append(rows.assign(computed=table.loc[rows["player"], code].to_numpy()))
    got = pd.concat(got)
    tolerance = 0.5 * 10.0 ** -got["decimals"] + 1e-9
    undefined = got["value"].isna() & got["computed"].isna()  # ARO/C1 of #12: no game left
    bad = got[~(np.abs(got["computed"] - got["value"]) <= tolerance) & ~undefined]
    assert bad.empty, bad.to_string()
