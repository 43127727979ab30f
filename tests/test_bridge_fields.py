"""Worked examples, with exact numbers worked out by hand, of every field of bridge.Convention,
of the declared scorings and of the VP scales."""

from __future__ import annotations

from dataclasses import fields, replace
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tourneystats import bridge
from tourneystats.bridge import CONVENTIONS, Convention
from tourneystats.bridge.conventions import round_decimal
from tourneystats.core.schema import ValidationError

EBU = CONVENTIONS["ebu"]
DATA = Path(__file__).parent / "data" / "bridge"


def session() -> pd.DataFrame:
    """A 3-table Mitchell: board 1 has three results, board 2 two (NS 3 and EW 1 miss it).

    Board 1 (top 4): NS 1 +420 -> 2 MP, NS 2 +450 -> 4, NS 3 -50 -> 0; EW 1, 2, 3: 2, 0, 4.
    Board 2: +100 twice, 1 MP each of 2; Neuberg to 3 results: (1 + 1) x 3 / 2 - 1 = 2 of 4.
    """
    return pd.DataFrame(
        {
            "event": "S",
            "board": [1, 1, 1, 2, 2],
            "ns_pair": [1, 2, 3, 1, 2],
            "ew_pair": [1, 2, 3, 2, 3],
            "ns_score": [420, 450, -50, 100, 100],
        }
    )


def by_pair(table: pd.DataFrame, column: str) -> dict:
    return {f"{r.line}{r.pair}": getattr(r, column) for r in table.itertuples()}


def test_every_field_has_a_worked_example():
    """The tests below cover each field of Convention (a new field needs one)."""
    covered = {
        "name", "source", "total", "decimals", "rounding", "mp_decimals", "neuberg_decimals",
        "percentage", "board_decimals", "phantom", "butler_drop", "butler_round_to",
        "cross_divisor", "artificial_imps", "phantom_imps", "imp_cap", "vp_scale",
    }  # fmt: skip
    assert {f.name for f in fields(Convention)} == covered


def test_name_source_and_validation():
    club = Convention(name="club", source="our club's program", decimals=1)
    assert (club.name, club.source) == ("club", "our club's program")
    for bad in ({"total": "sum"}, {"percentage": "median"}, {"phantom": "skip"},
                {"cross_divisor": "2"}, {"decimals": -1}, {"butler_drop": 0.7},
                {"imp_cap": -3}, {"rounding": "up"}):  # fmt: skip
        with pytest.raises(ValueError, match="must be"):
            Convention(**bad)


def test_factored_totals_and_the_published_total():
    """``factored`` = sum x B / b (B: the most boards of the line). NS 3 played 1 board of 2:
    0 -> 0; EW 1 played 1 of 2: 2 -> 4. ``total="factored"`` ranks IMP sessions by it."""
    st = bridge.standings(session())
    assert by_pair(st, "mp") == {"NS2": 6.0, "NS1": 4.0, "NS3": 0.0, "EW3": 6.0, "EW1": 2.0,
                                 "EW2": 2.0}  # fmt: skip
    assert by_pair(st, "percentage") == {"NS2": 75.0, "NS1": 50.0, "NS3": 0.0, "EW3": 75.0,
                                         "EW1": 50.0, "EW2": 25.0}  # fmt: skip
    assert by_pair(st, "factored") == {"NS2": 6.0, "NS1": 4.0, "NS3": 0.0, "EW3": 6.0,
                                       "EW1": 4.0, "EW2": 2.0}  # fmt: skip
    # cross-IMPs: board 1 NS +420: (imps(-30) + imps(470)) / 2 = (-1 + 10) / 2 = 4.5, +450: 6,
    # -50: -10.5; board 2 both 0. EW 1 (one board, -4.5) factored to -9: last by the factored
    # total, above EW 2 (-6) by the plain sum.
    raw = bridge.standings(session(), scoring="cross_imps")
    fac = bridge.standings(
        session(), scoring="cross_imps", convention=replace(EBU, total="factored")
    )
    assert by_pair(raw, "imps")["EW1"] == -4.5 and by_pair(raw, "factored")["EW1"] == -9.0
    assert by_pair(raw, "rank")["EW1"] == 2 and by_pair(fac, "rank")["EW1"] == 3


def test_decimals_and_rounding():
    """Percentages 62.5 and 37.5 published to 0 decimals: half to even 62 and 38, half up
    63 and 38; the pairs are ranked on the unrounded values."""
    df = pd.DataFrame({"event": "R", "board": [1, 1, 1, 1, 2, 2, 2, 2],
                       "ns_pair": [1, 2, 3, 4, 1, 2, 3, 4], "ew_pair": [1, 2, 3, 4, 2, 3, 4, 1],
                       "ns_score": [100, 200, 300, 400, 400, 300, 200, 200]})  # fmt: skip
    # NS 2: board 1 2 of 6, board 2 (300 beats two 200s) 4 of 6: 6 of 12 = 50 %;
    # NS 1: 0 + 6 = 6/12 = 50 %; NS 3: 4 + 1 = 5/12 = 41.67 %; NS 4: 6 + 1 = 7/12 = 58.33 %
    even = bridge.standings(df, convention=replace(EBU, decimals=0))
    up = bridge.standings(df, convention=replace(EBU, decimals=0, rounding="half_up"))
    assert by_pair(even, "percentage")["NS4"] == 58.0 and by_pair(even, "percentage")["NS3"] == 42
    assert round_decimal([62.5, 37.5, -0.125], 0).tolist() == [62.0, 38.0, -0.0]
    assert round_decimal([62.5, 37.5], 0, "half_up").tolist() == [63.0, 38.0]
    assert round_decimal([-0.125], 2, "half_up").tolist() == [-0.13]
    assert by_pair(up, "percentage") == by_pair(even, "percentage")


def test_mp_decimals_and_neuberg_decimals():
    """Board 2 has 3 results where board 1 has 4 (top 6): its bottom scores (0 + 1) x 4 / 3 - 1
    = 0.3333 MP. ``mp_decimals=2`` makes it 0.33 (and the top 5.67); ``neuberg_decimals=2``
    totals it as round(5.5556 %, 2) x 6 / 100 = 0.3336 while the percentage stays exact."""
    df = pd.DataFrame({"event": "N", "board": [1, 1, 1, 1, 2, 2, 2],
                       "ns_pair": [1, 2, 3, 4, 1, 2, 3], "ew_pair": [1, 2, 3, 4, 2, 3, 4],
                       "ns_score": [100, 200, 300, 400, 100, 200, 300]})  # fmt: skip
    exact = bridge.matchpoints(df)
    assert exact["ns_mp"].tolist()[4:] == pytest.approx([1 / 3, 3.0, 17 / 3])
    kops = bridge.matchpoints(df, convention=replace(EBU, mp_decimals=2))
    assert kops["ns_mp"].tolist()[4:] == [0.33, 3.0, 5.67]
    assert kops["ew_mp"].tolist()[4:] == pytest.approx([5.67, 3.0, 0.33])
    cs = bridge.standings(df, convention=replace(EBU, neuberg_decimals=2))
    ebu = bridge.standings(df)
    assert by_pair(cs, "mp")["NS1"] == pytest.approx(0 + 5.56 * 6 / 100)  # 0.3336
    assert by_pair(cs, "percentage")["NS1"] == pytest.approx(by_pair(ebu, "percentage")["NS1"])


def test_percentage_mean_and_board_decimals():
    """JFR: a pair's percentage is the mean of its board percentages, each rounded first. At a
    phantom table NS 1 scores 60 % on board 2, and 2 of 6 on board 1: (33.33 + 60) / 2 = 46.665;
    the total of its matchpoints, (2 + 3.6) / 12, gives 46.667."""
    df = pd.DataFrame({"event": "M", "board": [1, 1, 1, 1, 2, 2, 2, 2],
                       "ns_pair": [1, 2, 3, 4, 1, 2, 3, 4], "ew_pair": [1, 2, 3, 4, 5, 2, 3, 4],
                       "ns_score": [200, 100, 300, 400, None, 100, 200, 300],
                       "artificial": [None] * 4 + ["A6000"] + [None] * 3})  # fmt: skip
    jfr = replace(EBU, percentage="mean", board_decimals=2, phantom="outside")
    st = bridge.standings(df, convention=jfr)
    # board 1: NS 1 beats one of three: 2 of 6 = 33.33 %; board 2: 60 % of the top, 6 (the
    # section's most results, board 1's four: board 2's three real ones are Neuberg-scaled)
    assert by_pair(st, "percentage")["NS1"] == pytest.approx((33.33 + 60.0) / 2)
    assert "EW5" not in by_pair(st, "percentage")  # the phantom pair is not ranked
    total = bridge.standings(df, convention=replace(jfr, percentage="total"))
    assert by_pair(total, "percentage")["NS1"] == pytest.approx(100 * (2 + 3.6) / 12)


def test_phantom_artificial_or_outside():
    """Board 2 has a phantom table (A6000) and three real results, board 1 four real ones. The
    section's most results is 4 either way, so board 2's top result scores (2 x 2 + 1) x 4 / 3
    - 1 = 5.6667 of 6 under both. Board 2 alone: as an artificial result the phantom line makes
    4 results (top 6, the real ones Neuberg-scaled: 0.3333, 3, 5.6667); outside (JFR) the three
    real results keep their top of 4 (0, 2, 4) and the phantom's opponent its 60 %."""
    df = pd.DataFrame({"event": "P", "board": [1, 1, 1, 1, 2, 2, 2, 2],
                       "ns_pair": [1, 2, 3, 4, 1, 2, 3, 4], "ew_pair": [1, 2, 3, 4, 5, 2, 3, 4],
                       "ns_score": [200, 100, 300, 400, None, 100, 200, 300],
                       "artificial": [None] * 4 + ["A6000"] + [None] * 3})  # fmt: skip
    art = bridge.matchpoints(df)
    out = bridge.matchpoints(df, convention=replace(EBU, phantom="outside"))
    assert art["ns_mp"].iloc[7] == pytest.approx(17 / 3) and art["top"].iloc[7] == 6
    assert out["ns_mp"].iloc[7] == pytest.approx(17 / 3)  # board 1 still has 4 results
    three = df[df["board"] == 2].assign(board=1)  # a session of board 2 alone
    counted = bridge.matchpoints(three)
    assert counted["top"].iloc[0] == 6
    assert counted["ns_mp"].tolist()[1:] == pytest.approx([1 / 3, 3.0, 17 / 3])
    alone = bridge.matchpoints(three, convention=replace(EBU, phantom="outside"))
    assert alone["top"].iloc[0] == 4 and alone["ns_mp"].tolist()[1:] == [0.0, 2.0, 4.0]
    assert alone["ns_percentage"].iloc[0] == 60.0 and alone["ew_percentage"].iloc[0] == 0.0


def butler_board() -> pd.DataFrame:
    return pd.DataFrame({"event": "B", "board": 1, "ns_pair": [1, 2, 3, 4, 5],
                         "ew_pair": [6, 7, 8, 9, 10],
                         "ns_score": [-420, -450, 50, -420, -200]})  # fmt: skip


@pytest.mark.parametrize(
    "drop, round_to, datum",
    [
        (1, 10, -350),  # mean of -420, -420, -200 = -346.7
        (0, 10, -290),  # mean of all five = -288
        (0, 50, -300),  # -288 to the nearest 50
        ("median", 10, -420),
        (0.25, 10, -350),  # floor(0.25 x 5) = 1 at each end
    ],
)
def test_butler_drop_and_round_to(drop, round_to, datum):
    conv = replace(EBU, butler_drop=drop, butler_round_to=round_to)
    lines = bridge.check._scored_lines(butler_board(), "butler", conv, None,
                                       bridge.MatchpointRules())  # fmt: skip
    assert set(lines["datum"]) == {datum}
    st = bridge.standings(butler_board(), scoring="butler", convention=conv)
    expected = bridge.imps(np.array([-420, -450, 50, -420, -200]) - datum).tolist()
    assert [by_pair(st, "imps")[f"NS{i}"] for i in range(1, 6)] == expected


@pytest.mark.parametrize(
    "divisor, values", [("n-1", [4.5, 6.0, -10.5]), ("n", [3.0, 4.0, -7.0]), ("1", [9, 12, -21])]
)
def test_cross_divisor(divisor, values):
    """+420, +450, -50: +420 scores imps(-30) + imps(470) = -1 + 10 = 9 over its comparisons."""
    df = butler_board().iloc[:3].assign(ns_score=[420, 450, -50])
    st = bridge.standings(df, scoring="cross_imps", convention=replace(EBU, cross_divisor=divisor))
    assert [by_pair(st, "imps")[f"NS{i}"] for i in (1, 2, 3)] == values


def test_artificial_imps_phantom_imps_and_imp_cap():
    """An A6040 scores +3/-3 IMPs by default, +2/-2 with artificial_imps=(2, 0, -2); a phantom
    table's real pair (A6000) +3 by default, 0 with phantom_imps=0; a 2080-point difference
    is 19 IMPs, 17 with imp_cap=17."""
    df = pd.DataFrame({"event": "I", "board": 1, "ns_pair": [1, 2, 3, 4],
                       "ew_pair": [5, 6, 7, 8], "ns_score": [420, -1660, None, None],
                       "artificial": [None, None, "A6040", "A6000"]})  # fmt: skip
    st = bridge.standings(df, scoring="cross_imps")
    assert by_pair(st, "imps") == {"NS1": 19.0, "NS3": 3.0, "NS4": 3.0, "NS2": -19.0,
                                   "EW7": -3.0, "EW6": 19.0, "EW5": -19.0}  # fmt: skip
    conv = replace(EBU, artificial_imps=(2, 0, -2), phantom_imps=0.0, imp_cap=17)
    st = bridge.standings(df, scoring="cross_imps", convention=conv)
    assert by_pair(st, "imps") == {"NS1": 17.0, "NS3": 2.0, "NS4": 0.0, "NS2": -17.0,
                                   "EW7": -2.0, "EW6": 17.0, "EW5": -17.0}  # fmt: skip


def test_vp_scale_field_and_user_tables():
    """A team match of 7 boards won by 6 IMPs (board 7: +420 and -200 for the home team, 220
    points): 12.57 VP on the WBF 2013 scale, 10 + 10 (1 - tau^(18 / (15 sqrt 7))) / (1 -
    tau^3) = 12.567; 22-8 on the ACBL 30-VP table (5-6 IMPs in 6-8 boards)."""
    t = pd.DataFrame({"event": "T", "board": np.repeat(np.arange(1, 8), 2), "home_team": "A",
                      "visit_team": "B", "table": [1, 2] * 7, "home_side": ["NS", "EW"] * 7,
                      "ns_score": [420, 420] * 6 + [420, 200]})  # fmt: skip
    assert CONVENTIONS["ebu"].vp_scale == "wbf2013"
    wbf = bridge.team_standings(t)
    assert wbf.set_index("team")["vp"].to_dict() == {"A": 12.57, "B": 7.43}
    acbl = bridge.team_standings(t, vp_scale=DATA / "vp" / "acbl-30vp-6-11-boards.csv")
    assert acbl.set_index("team")["vp"].to_dict() == {"A": 22.0, "B": 8.0}
    for name in ("wbf25", "wbf30"):
        with pytest.raises(ValueError, match="not shipped"):
            bridge.team_standings(t, vp_scale=name)
    gap = pd.DataFrame({"boards": 7, "imp_min": [0, 3], "imp_max": [1, None],
                        "vp_winner": [15, 20], "vp_loser": [15, 10]})  # fmt: skip
    with pytest.raises(ValidationError, match="without gap or overlap"):
        bridge.team_standings(t, vp_scale=gap)
    eight = gap.assign(boards=8, imp_min=[0, 2])
    with pytest.raises(ValidationError, match="no band for a margin of 6 IMPs in a match of 7"):
        bridge.team_standings(t, vp_scale=eight)


def test_user_vp_tables_are_checked(tmp_path):
    """A user VP table must rise with the margin (winner) and fall (loser), sum to one total
    and give a draw the same to both teams; an empty or missing table file is named with its
    option. The good table of 7 boards: 10-10, 12-8 (1-2 IMPs), 15-5 (3+)."""
    good = pd.DataFrame({"boards": 7, "imp_min": [0, 1, 3], "imp_max": [0, 2, None],
                         "vp_winner": [10, 12, 15], "vp_loser": [10, 8, 5]})  # fmt: skip
    scale = bridge.vpscales.scale_of(good)
    assert scale(np.array([0, 2, -2, 6, -30]), np.array([7] * 5)).tolist() == [10, 12, 8, 15, 5]
    bad = {
        "winner's victory points fall": good.assign(vp_winner=[10, 15, 12], vp_loser=[10, 5, 8]),
        "loser's victory points rise": good.assign(vp_loser=[10, 8, 9]),
        "sum to the same total": good.assign(vp_loser=[10, 8, 4]),
        "a draw .margin 0. must give both teams the same": good.assign(vp_winner=[11, 12, 15]),
        "start at a margin of 0": good.assign(imp_min=[1, 2, 3], imp_max=[1, 2, None]),
        "without gap or overlap": good.assign(imp_min=[0, 1, 2]),
        "every value but an open imp_max must be a number": good.assign(vp_loser=["x", 8, 5]),
    }
    for reason, table in bad.items():
        with pytest.raises(ValidationError, match=f"vp_scale table: 7 boards.*{reason}|{reason}"):
            bridge.vpscales.scale_of(table)
    empty = tmp_path / "vp.csv"
    empty.write_text("")
    with pytest.raises(ValidationError, match=r"vp_scale .*vp.csv: .*empty file"):
        bridge.vpscales.scale_of(empty)
    with pytest.raises(ValidationError, match=r"vp_scale .*none.csv: no such VP scale file"):
        bridge.vpscales.scale_of(tmp_path / "none.csv")


def test_weighted_score_is_a_mixture():
    """Law 12C1(c): 0.67 of +170 and 0.33 of +140, against +170, +140, -100: it scores
    0.67 (1 + 2 + 2) + 0.33 (0 + 1 + 2) = 4.34 of 6; +170 scores 2 + 2 + (0.67 + 0.66) = 5.33,
    +140 0 + 2 + (0 + 0.33) = 2.33; the board's 12 MP are all given."""
    df = pd.DataFrame({"event": "W", "board": 1, "ns_pair": [1, 2, 3, 4],
                       "ew_pair": [5, 6, 7, 8], "ns_score": [170, 140, -100, None],
                       "weighted": [None, None, None, "0.67*170 + 0.33*140"]})  # fmt: skip
    mp = bridge.matchpoints(df)
    assert mp["ns_mp"].tolist() == pytest.approx([5.33, 2.33, 0.0, 4.34])
    with pytest.raises(ValidationError, match="matchpoints only"):
        bridge.standings(df, scoring="butler")
    with pytest.raises(ValidationError, match="weights in"):
        bridge.matchpoints(df.assign(weighted=[None, None, None, "0.5*170 + 0.4*140"]))


def test_a_score_no_contract_gives_is_refused_without_contract_columns():
    """7NT redoubled and vulnerable, down 13, scores -7,600: the most either side can score
    (13 undertricks: 400 + 2 x 600 + 10 x 600 = 7,600); beyond it nothing is possible, even
    where no contract column lets the score be checked exactly."""
    from tourneystats.bridge.contract import declarer_score

    assert int(declarer_score(np.array([7]), np.array([4]), np.array([2]), np.array([0]),
                              np.array([1]))[0]) == -7600  # fmt: skip
    df = pd.DataFrame({"event": "S", "board": 1, "ns_pair": [1, 2, 3], "ew_pair": [4, 5, 6],
                       "ns_score": [7600, -7600, 420]})  # fmt: skip
    assert len(bridge.standings(df)) == 6
    for score in (7610, -1_000_000_000):
        bad = df.assign(ns_score=[score, -7600, 420])
        with pytest.raises(ValidationError, match=f"a score no contract gives .{score:+,d}"):
            bridge.standings(bad)
