"""Worked examples of the bridge rules, with numbers computed by hand from the rules."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest

from tourneystats import ValidationError, bridge

SEED_SCORES = [110, 140, 170, 170, 620, 620, 620, 620, 650]


def board(scores, *, event="E", section="A", number=1, artificial=None):
    n = len(scores)
    df = pd.DataFrame(
        {
            "event": event,
            "section": section,
            "board": number,
            "ns_pair": range(1, n + 1),
            "ew_pair": range(101, 101 + n),
            "ns_score": pd.array(scores, dtype="Int64"),
        }
    )
    if artificial is not None:
        df["artificial"] = pd.array(artificial, dtype="string")
    return df


# --- matchpoints -----------------------------------------------------------------------------


def test_seed_example_half_scale():
    """The seed text: 9 results, top 8, ties share the average of their places."""
    out = bridge.matchpoints(board(SEED_SCORES), scale="half")
    assert out["ns_mp"].tolist() == [0, 1, 2.5, 2.5, 5.5, 5.5, 5.5, 5.5, 8]
    assert out["ns_percentage"].tolist() == [0, 12.5, 31.25, 31.25] + [68.75] * 4 + [100]
    assert out["top"].eq(8).all()
    assert (out["ew_mp"] == 8 - out["ns_mp"]).all()


def test_seed_example_full_scale():
    """2 per result beaten, 1 per tie: 110 beats none (0), 140 beats one (2), 170 beats two and
    ties one (5), 620 beats four and ties three (11), 650 beats eight (16); same percentages."""
    out = bridge.matchpoints(board(SEED_SCORES))
    assert out["ns_mp"].tolist() == [0, 2, 5, 5, 11, 11, 11, 11, 16]
    assert out["top"].eq(16).all()
    assert out["ew_mp"].tolist() == [16, 14, 11, 11, 5, 5, 5, 5, 0]
    assert out["ns_percentage"].tolist() == [0, 12.5, 31.25, 31.25] + [68.75] * 4 + [100]
    assert out["ew_percentage"].tolist() == [100, 87.5, 68.75, 68.75] + [31.25] * 4 + [0]


def test_neuberg_full_scale():
    """Board 2 has 5 results where board 1 has 6: raw 0, 2, 4, 6, 8 become
    (M + 1) x 6 / 5 - 1 = 0.2, 2.6, 5.0, 7.4, 9.8 (as on board 26 of the Compscore file)."""
    df = pd.concat([board([10, 20, 30, 40, 50, 60]), board([170, 200, 230, 300, 650], number=2)])
    out = bridge.matchpoints(df)
    b2 = out[out["board"] == 2]
    np.testing.assert_allclose(b2["ns_mp"], [0.2, 2.6, 5.0, 7.4, 9.8])
    np.testing.assert_allclose(b2["ew_mp"], [9.8, 7.4, 5.0, 2.6, 0.2])
    assert out["top"].eq(10).all()
    assert out.loc[out["board"] == 1, "ns_mp"].tolist() == [0, 2, 4, 6, 8, 10]


def test_neuberg_half_scale():
    """Half scale: raw 0..4 become (M + 1/2) x 6 / 5 - 1/2 = 0.1, 1.3, 2.5, 3.7, 4.9; top 5."""
    df = pd.concat([board([10, 20, 30, 40, 50, 60]), board([170, 200, 230, 300, 650], number=2)])
    out = bridge.matchpoints(df, scale="half")
    np.testing.assert_allclose(out.loc[out["board"] == 2, "ns_mp"], [0.1, 1.3, 2.5, 3.7, 4.9])
    assert out["top"].eq(5).all()


def test_neuberg_with_ties():
    """3 results 100, 100, 50 where the section's largest board has 4: raw 3, 3, 0 (top 4);
    (3 + 1) x 4 / 3 - 1 = 13/3 and (0 + 1) x 4 / 3 - 1 = 1/3 of top 6."""
    df = pd.concat([board([10, 20, 30, 40]), board([100, 100, 50], number=2)])
    out = bridge.matchpoints(df)
    np.testing.assert_allclose(out.loc[out["board"] == 2, "ns_mp"], [13 / 3, 13 / 3, 1 / 3])


def test_artificial_scores():
    """An artificial result leaves the comparison and scores its percentage of the top;
    the real results are Neuberg-scaled (5 real on a board of 6, top 10)."""
    art = [None, None, "A6040", None, None, None]
    df = board([200, 230, None, 650, 170, 300], artificial=art)
    out = bridge.matchpoints(df)
    np.testing.assert_allclose(out["ns_mp"], [2.6, 5.0, 6.0, 9.8, 0.2, 7.4])
    np.testing.assert_allclose(out["ew_mp"], [7.4, 5.0, 4.0, 0.2, 9.8, 2.6])
    for code, ns, ew in [("A5050", 5, 5), ("A4060", 4, 6), ("A4040", 4, 4), ("A6060", 6, 6)]:
        art = [None, None, code, None, None, None]
        row = bridge.matchpoints(board([200, 230, None, 650, 170, 300], artificial=art)).iloc[2]
        assert (row["ns_mp"], row["ew_mp"]) == (ns, ew)
        assert row["ns_percentage"] == ns * 10


def test_artificial_percent_configurable():
    art = [None, "A6040", None]
    df = board([100, None, 200], artificial=art)
    row = bridge.matchpoints(df, artificial_percent=(65, 50, 35)).iloc[1]
    assert (row["ns_percentage"], row["ew_percentage"]) == (65, 35)
    row = bridge.matchpoints(df, artificial_percent={"A6040": (70, 30)}).iloc[1]
    assert (row["ns_percentage"], row["ew_percentage"]) == (70, 30)
    row = bridge.matchpoints(df, scale="half").iloc[1]
    assert (row["ns_mp"], row["ew_mp"], row["top"]) == (1.2, 0.8, 2)
    # a literal percentage, exactly (also per pair)
    df = board([100, None, 200], artificial=[None, "A5545", None])
    row = bridge.matchpoints(df).iloc[1]
    assert (row["ns_percentage"], row["ew_percentage"]) == (55, 45)
    ps = bridge.pair_scores(df).set_index(["line", "pair"])
    assert (ps.loc[("NS", 2), "percentage"], ps.loc[("EW", 102), "percentage"]) == (55, 45)
    assert ps.loc[("NS", 2), "mp"] == pytest.approx(2.2)


def test_sections_and_events_are_separate():
    df = pd.concat([board([100, 200]), board([100, 200, 300], section="B"), board([50], event="F")])
    out = bridge.matchpoints(df)
    assert out["top"].tolist() == [2, 2, 4, 4, 4, 0]
    assert out["ns_mp"].tolist()[:5] == [0, 2, 0, 2, 4]
    assert np.isnan(out["ns_percentage"].iloc[-1])  # a lone result has no top


# --- movements and session standings ---------------------------------------------------------


def mitchell_two_tables():
    # NS 1, 2 stationary; EW 1, 2 swap; boards 1-2 in round 1, 3-4 in round 2
    rows = [
        (1, 1, 1, 420), (1, 2, 2, 450), (2, 1, 1, -100), (2, 2, 2, -50),
        (3, 1, 2, 110), (3, 2, 1, 140), (4, 1, 2, 600), (4, 2, 1, 600),
    ]  # fmt: skip
    return pd.DataFrame(rows, columns=["board", "ns_pair", "ew_pair", "ns_score"]).assign(event="M")


def test_mitchell_lines_ranked_separately():
    out = bridge.session_standings(mitchell_two_tables())
    assert out["line"].astype(str).tolist() == ["NS", "NS", "EW", "EW"]
    # NS2: 2 + 2 + 2 + 1 = 7 of 8; NS1: 0 + 0 + 0 + 1 = 1
    # EW1 (vs NS1 on boards 1-2, NS2 on 3-4): 2 + 2 + 0 + 1 = 5; EW2: 0 + 0 + 2 + 1 = 3
    ns = out[out["line"] == "NS"]
    assert ns["pair"].tolist() == [2, 1] and ns["mp"].tolist() == [7, 1]
    assert ns["percentage"].tolist() == [87.5, 12.5] and ns["rank"].tolist() == [1, 2]
    ew = out[out["line"] == "EW"]
    assert ew["pair"].tolist() == [1, 2] and ew["mp"].tolist() == [5, 3]
    assert ew["rank"].tolist() == [1, 2]
    assert out["boards"].eq(4).all() and out["top"].eq(8).all()
    assert bridge.movements(mitchell_two_tables())["movement"].tolist() == ["mitchell"]


def howell_four_pairs():
    # 4 pairs, 3 rounds of 1 board each played at 2 tables (pairs change direction)
    rows = [
        (1, 1, 2, 100), (1, 3, 4, 50),
        (2, 4, 1, 200), (2, 2, 3, 200),
        (3, 1, 3, -50), (3, 4, 2, -100),
    ]  # fmt: skip
    return pd.DataFrame(rows, columns=["board", "ns_pair", "ew_pair", "ns_score"]).assign(event="H")


def test_howell_one_field():
    out = bridge.session_standings(howell_four_pairs())
    assert out["line"].astype(str).unique().tolist() == ["all"]
    # pair 1: NS 100 > 50 (2), EW -200 tie (1), NS -50 > -100 (2) = 5 of 6
    # pair 2: EW -100 < -50 (0), NS 200 tie (1), EW +100 > +50 (2) = 3
    # pair 3: NS 50 < 100 (0), EW -200 tie (1), EW +50 < +100 (0) = 1
    # pair 4: EW -50 > -100 (2), NS 200 tie (1), NS -100 < -50 (0) = 3
    assert out["pair"].tolist() == [1, 2, 4, 3]
    assert out["mp"].tolist() == [5, 3, 3, 1]
    assert out["rank"].tolist() == [1, 2, 2, 4]
    np.testing.assert_allclose(out["percentage"], [500 / 6, 50, 50, 100 / 6])
    assert bridge.movements(howell_four_pairs())["movement"].tolist() == ["howell"]


def test_movement_override_and_disjoint_ids():
    df = mitchell_two_tables()
    disjoint = df.assign(ew_pair=df["ew_pair"] + 10)
    assert bridge.movements(disjoint)["movement"].tolist() == ["mitchell"]
    forced = bridge.session_standings(howell_four_pairs(), movement="mitchell")
    assert set(forced["line"].astype(str)) == {"NS", "EW"}
    with pytest.raises(ValidationError, match="both NS and EW on the same board"):
        bridge.session_standings(df, movement="howell")
    with pytest.raises(ValueError, match="movement"):
        bridge.session_standings(df, movement="swiss")


def test_percentage_over_boards_played():
    """A pair that missed a board is judged on the tops of the boards it played."""
    df = pd.concat(
        [board([100, 200, 300]), board([100, 200], number=2), board([50, 60, 70], number=3)]
    )
    out = bridge.session_standings(df)
    p3 = out[(out["line"] == "NS") & (out["pair"] == 3)].iloc[0]
    assert (p3["boards"], p3["mp"], p3["top"]) == (2, 8, 8)
    assert p3["percentage"] == 100
    p2 = out[(out["line"] == "NS") & (out["pair"] == 2)].iloc[0]
    # board 2: raw 2 of 2 -> (2 + 1) x 3 / 2 - 1 = 3.5
    assert (p2["boards"], p2["mp"], p2["top"]) == (3, 2 + 3.5 + 2, 12)


def test_explain_sums_to_standings():
    df = pd.concat(
        [board([100, 200, 300]), board([100, 200], number=2),
         board([50, None, 70], number=3, artificial=[None, "A6040", None])]
    )  # fmt: skip
    df["artificial"] = df["artificial"].astype("string")
    st = bridge.session_standings(df)
    ex = bridge.explain(df)
    sums = ex.groupby(["line", "pair"], observed=True)[["mp", "contribution"]].sum()
    for r in st.itertuples():
        assert sums.loc[(r.line, r.pair), "mp"] == pytest.approx(r.mp)
        assert sums.loc[(r.line, r.pair), "contribution"] == pytest.approx(r.percentage)
    one = bridge.explain(df, pair=2)
    assert set(one["pair"]) == {2}
    row = one[(one["line"] == "NS") & (one["board"] == 2)].iloc[0]
    assert (row["raw_mp"], row["mp"]) == (2, 3.5)
    assert np.isnan(one[(one["line"] == "NS") & (one["board"] == 3)]["raw_mp"]).all()
    with pytest.raises(ValidationError, match="no pair"):
        bridge.explain(df, pair=99)


def test_pair_scores_own_score_and_direction():
    ps = bridge.pair_scores(mitchell_two_tables())
    row = ps[(ps["line"] == "EW") & (ps["pair"] == 2) & (ps["board"] == 1)].iloc[0]
    assert (row["direction"], row["opponent"], row["score"], row["mp"]) == ("EW", 2, -450, 0)
    assert len(ps) == 16


# --- IMPs, VPs -------------------------------------------------------------------------------

# the WBF table as printed in the issue: (lowest, highest, IMPs)
WBF = [(0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5),
       (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10),
       (500, 590, 11), (600, 740, 12), (750, 890, 13), (900, 1090, 14), (1100, 1290, 15),
       (1300, 1490, 16), (1500, 1740, 17), (1750, 1990, 18), (2000, 2240, 19),
       (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22), (3500, 3990, 23)]  # fmt: skip


def test_imp_table_boundaries():
    lows = [lo for lo, _, _ in WBF] + [4000]
    highs = [hi for _, hi, _ in WBF] + [7600]
    want = [imp for _, _, imp in WBF] + [24]
    assert bridge.imps(np.array(lows)).tolist() == want
    assert bridge.imps(np.array(highs)).tolist() == want
    assert bridge.imps(-np.array(lows)).tolist() == [-w for w in want]
    assert bridge.imps(pd.Series([15, -45], index=[7, 8])).to_dict() == {7: 0, 8: -1}
    assert bridge.imps(np.array([np.nan, 20.0])).tolist()[1] == 1


def test_victory_points_issue_values():
    """The issue's 16-board values; the loser scores 20 - VP."""
    want = {0: 10.0, 1: 10.31, 2: 10.61, 3: 10.91, 4: 11.20, 5: 11.48, 10: 12.80, 20: 15.00}
    got = bridge.victory_points(np.array(list(want)), 16)
    assert got.tolist() == list(want.values())
    assert bridge.victory_points(-np.array(list(want)), 16).tolist() == [
        round(20 - v, 2) for v in want.values()
    ]
    assert bridge.victory_points(1000, 16) == 20.0 and bridge.victory_points(-1000, 16) == 0.0


def test_victory_points_concavity_correction():
    """16 boards: the formula gives 13.5160, 13.7436, 13.9658 for 13, 14, 15 IMPs, rounded
    13.52, 13.74, 13.97: steps 0.22 then 0.23 break concavity, so 14 IMPs is raised to 13.75."""
    assert bridge.victory_points(np.array([13, 14, 15]), 16).tolist() == [13.52, 13.75, 13.97]
    tau = (5**0.5 - 1) / 2
    for boards in range(1, 61):
        blitz = 15 * boards**0.5
        margins = np.arange(0, int(blitz) + 3)
        vp = bridge.victory_points(margins, boards)
        steps = np.round(np.diff(vp), 2)
        assert (np.diff(steps) <= 1e-9).all(), boards
        exact = np.minimum(20, 10 + 10 * (1 - tau ** (3 * margins / blitz)) / (1 - tau**3))
        if boards <= 32:  # the usual match lengths: within 1.5 cents of the formula
            assert np.abs(vp - exact).max() <= 0.015, boards


def test_victory_points_blitz_and_other_lengths():
    """16 boards: the blitz X = 15 sqrt(16) = 60 exactly, so 60 and more IMPs score 20.00 and
    the loser 0.00. Near it the formula gives 19.7687, 19.8477, 19.9247, 20 for 57..60 IMPs,
    rounded 19.77, 19.85, 19.92, 20.00: steps 0.08, 0.07, 0.08, so 59 IMPs is raised to 19.93.
    12 boards: X = 51.96; 1 IMP: tau^(3 / 51.96) = 0.97260, 10 + 10 x 0.02740 / 0.76393 =
    10.3587 -> 10.36, the loser 9.64."""
    assert bridge.victory_points(np.array([57, 58, 59, 60, 61, 99]), 16).tolist() == [
        19.77, 19.85, 19.93, 20.0, 20.0, 20.0,
    ]  # fmt: skip
    assert bridge.victory_points(np.array([-59, -60]), 16).tolist() == [0.07, 0.0]
    assert (bridge.victory_points(1, 12), bridge.victory_points(-1, 12)) == (10.36, 9.64)


def test_victory_points_fraction_and_series():
    # a quarter of the way from 10.00 to 10.31: 10.0775 -> 10.08; the loser 9.92
    v = bridge.victory_points(pd.Series([0.25, -0.25], index=["a", "b"]), 16)
    assert v.to_dict() == {"a": 10.08, "b": 9.92}
    with pytest.raises(ValueError, match="boards"):
        bridge.victory_points(3, 0)


# --- Butler and cross-IMPs -------------------------------------------------------------------


def test_butler_datum_drop_one():
    """7 results: drop 650 and -100, mean of 110, 140, 170, 420, 450 = 258 -> datum 260."""
    out = bridge.butler(board([110, 140, 170, 420, 450, 650, -100]))
    assert out["datum"].eq(260).all()
    # 110-260 = -150 -> -4; 140: -120 -> -3; 170: -90 -> -3; 420: 160 -> 4; 450: 190 -> 5;
    # 650: 390 -> 9; -100: -360 -> -8
    assert out["ns_imps"].tolist() == [-4, -3, -3, 4, 5, 9, -8]
    assert (out["ew_imps"] == -out["ns_imps"]).all()


def test_butler_rounding_and_options():
    # mean exactly 25 -> 30, -25 -> -30 (ties away from zero); 23.3 -> 20
    assert bridge.butler(board([0, 50]), drop=0)["datum"].iloc[0] == 30
    assert bridge.butler(board([0, -50]), drop=0)["datum"].iloc[0] == -30
    assert bridge.butler(board([0, 0, 70]), drop=0)["datum"].iloc[0] == 20
    # median of 100, 140, 400, 420 = 270; of 100, 140, 400 = 140
    assert bridge.butler(board([100, 140, 400, 420]), drop="median")["datum"].iloc[0] == 270
    assert bridge.butler(board([100, 140, 400]), drop="median")["datum"].iloc[0] == 140
    # fraction 0.2 of 10 results: drop 2 each end
    scores = [0, 10, 100, 110, 120, 130, 140, 150, 1000, 2000]
    assert bridge.butler(board(scores), drop=0.2)["datum"].iloc[0] == 130  # 750 / 6 = 125 -> 130
    # drop never empties the board: 2 results with drop 1 keep both
    assert bridge.butler(board([100, 200]), drop=1)["datum"].iloc[0] == 150
    with pytest.raises(ValueError, match="drop"):
        bridge.butler(board([1]), drop=-1)


def test_butler_artificial():
    art = [None, "A6040", None, "A5050"]
    out = bridge.butler(board([100, None, 200, None], artificial=art), drop=0)
    assert out["datum"].eq(150).all()
    assert out["ns_imps"].tolist() == [-2, 3, 2, 0]
    assert out["ew_imps"].tolist() == [2, -3, -2, 0]
    with pytest.raises(ValidationError, match="IMP value"):
        bridge.butler(board([100, None], artificial=[None, "A5545"]))


def test_cross_imps_by_hand():
    """420 vs 450: -1, vs -50: +10 -> 9 / 2; 450: +1 +11 -> 6; -50: -10 -11 -> -10.5."""
    out = bridge.cross_imps(board([420, 450, -50]))
    assert out["ns_imps"].tolist() == [4.5, 6.0, -10.5]
    assert out["ew_imps"].tolist() == [-4.5, -6.0, 10.5]
    assert bridge.cross_imps(board([420]))["ns_imps"].tolist() == [0.0]


# --- teams -----------------------------------------------------------------------------------


def team_frame():
    rows = [
        # board, home, visit, table, home_side, ns_score
        (1, "A", "B", 1, "NS", 620), (1, "A", "B", 2, "EW", 170),   # +450 -> +10
        (2, "A", "B", 1, "NS", -100), (2, "A", "B", 2, "EW", 50),   # -150 -> -4
        (3, "A", "B", 1, "NS", 1430), (3, "A", "B", 2, "EW", 1460),  # -30 -> -1
        (1, "C", "D", 1, "EW", 100), (1, "C", "D", 2, "NS", 100),   # 0
        (2, "C", "D", 1, "EW", -600), (2, "C", "D", 2, "NS", 200),  # +800 -> +13
        (3, "C", "D", 1, "EW", 50),                                   # incomplete
    ]  # fmt: skip
    return pd.DataFrame(
        rows, columns=["board", "home_team", "visit_team", "table", "home_side", "ns_score"]
    ).assign(event="T", round=1)


def test_board_imps_and_matches():
    bi = bridge.board_imps(team_frame())
    assert bi["home_imps"].tolist()[:5] == [10, -4, -1, 0, 13]
    assert pd.isna(bi["home_imps"].iloc[5])
    assert bi["home_net"].tolist()[:5] == [450, -150, -30, 0, 800]
    m = bridge.team_matches(team_frame())
    assert m["home_imps"].tolist() == [10, 13] and m["visit_imps"].tolist() == [5, 0]
    assert m["boards"].tolist() == [3, 3]
    # 3 boards: blitz 15 sqrt(3); margin 5 and 13 on that scale
    assert m["home_vp"].tolist() == [
        bridge.victory_points(5, 3),
        bridge.victory_points(13, 3),
    ]
    assert (m["home_vp"] + m["visit_vp"]).round(2).eq(20).all()
    st = bridge.team_standings(team_frame(), boards=16)
    assert st["team"].tolist() == ["C", "A", "B", "D"]
    assert st["vp"].tolist() == [13.52, 11.48, 8.52, 6.48]  # 13 and 5 IMPs on 16 boards


# --- validation and immutability -------------------------------------------------------------


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.drop(columns="ns_score"), "missing column"),
        (lambda d: d.assign(ns_pair=1), "duplicate ns_pair"),
        (lambda d: d.assign(ew_pair=7), "duplicate ew_pair"),
        (lambda d: d.assign(artificial="A6040"), "both a score and an artificial"),
        (lambda d: d.assign(ns_score=pd.array([None] * 3, dtype="Int64")), "neither a score"),
        (
            lambda d: d.assign(
                ns_score=pd.array([None, 10, 20], dtype="Int64"), artificial=["X1", None, None]
            ),
            "unreadable artificial",
        ),
        (lambda d: d.assign(ns_score=[1.5, 2, 3]), "whole numbers"),
    ],
)
def test_validation_errors(change, message):
    df = change(board([100, 200, 300]))
    with pytest.raises(ValidationError, match=message) as err:
        bridge.session_standings(df)
    assert "event='E'" in str(err.value) or "missing" in message


def played(**columns):
    """Board 1 (nobody vulnerable) played at two tables: 3NT by N making 10 (430), 4S by E
    making 10 (-420); `columns` replace columns of both rows."""
    df = pd.DataFrame(
        {
            "event": "E",
            "board": 1,
            "ns_pair": [1, 2],
            "ew_pair": [3, 4],
            "contract": ["3NT", "4S"],
            "declarer": ["N", "E"],
            "tricks": [10, 10],
            "ns_score": [430, -420],
        }
    )
    return df.assign(**columns)


@pytest.mark.parametrize(
    "columns, message",
    [
        ({"board": [0, 0]}, "board number below 1 (2 rows)"),
        ({"ns_score": [430, -425]}, "a score is not a multiple of 10 (1 row)"),
        ({"contract": ["8NT", "4S"]}, "malformed contract (expected a level 1-7"),
        ({"contract": ["3NTXXX", "4S"]}, "malformed contract"),
        ({"declarer": ["N", "X"]}, "declarer is not N, E, S or W (1 row)"),
        ({"tricks": [14, 10]}, "tricks taken must be a whole number from 0 to 13"),
        ({"tricks": [-1, 10]}, "tricks taken must be a whole number from 0 to 13"),
        ({"vulnerable": ["Red", None]}, "vulnerability is not None, NS, EW or All"),
        (  # 3NT making 10 not vulnerable: 100 + 300 + 30 = 430
            {"ns_score": [990, -420]},
            "a score differs from its contract's: 3NT by N, 10 tricks, not vulnerable scores "
            "430 for North-South, not 990 (1 row)",
        ),
        (  # 1NT by S making 8: 40 + 30 + 50 = 120
            {
                "contract": ["1NT", "4S"],
                "declarer": ["S", "E"],
                "tricks": [8, 10],
                "ns_score": [12340, -420],
            },
            "1NT by S, 8 tricks, not vulnerable scores 120 for North-South, not 12340",
        ),  # fmt: skip
        (  # vulnerable as the file states it: 3NT making 10 scores 630
            {"vulnerable": ["All", "All"], "ns_score": [430, -620]},
            "3NT by N, 10 tricks, vulnerable scores 630 for North-South, not 430",
        ),
        (
            {"contract": ["Pass", "4S"], "declarer": [None, "E"], "ns_score": [50, -420]},
            "a passed-out board scores 0 for North-South, not 50",
        ),
        (
            {"ns_score": pd.array([None, -420], dtype="Int64"), "artificial": ["A9999", None]},
            "unknown artificial code: its two percentages must total 80 to 120",
        ),
    ],
)
def test_play_checked_against_the_score(columns, message):
    with pytest.raises(ValidationError, match=re.escape(message)) as err:
        bridge.session_standings(played(**columns))
    assert "event='E', board=" in str(err.value)


def test_play_that_the_score_agrees_with():
    # board 2, North-South vulnerable: 3NT by N making 10 scores 630; 4S by E still 420 to EW
    bridge.session_standings(played(board=2, ns_score=[630, -420]))
    bridge.session_standings(played(vulnerable=["None", None]))  # the board's own when missing
    bridge.session_standings(played(tricks=pd.array([None, 10], dtype="Int64")))  # not checked
    bridge.session_standings(played(declarer=[None, "E"]))
    passed = played(contract=["Pass", "4S"], declarer=[None, "E"], ns_score=[0, -420])
    bridge.session_standings(passed.assign(tricks=pd.array([None, 10], dtype="Int64")))
    weighted = played(ns_score=[435, -420], adjusted=[True, False])  # an assigned score
    bridge.session_standings(weighted)
    split = played(ns_score=pd.array([None, -420], dtype="Int64"), artificial=["A5545", None])
    bridge.session_standings(split)  # a split of the board totals 100
    with pytest.raises(ValidationError, match="not a multiple of 10"):
        bridge.session_standings(weighted.assign(adjusted=False))


def test_named_pair_meeting_itself_refused():
    named = season()
    bad = named.copy()
    bad.loc[0, "ew_pair"] = bad.loc[0, "ns_pair"]  # ann v ann
    with pytest.raises(ValidationError, match="a pair plays against itself") as err:
        bridge.session_standings(bad)
    assert "board=1, ns_pair='ann', ew_pair='ann'" in str(err.value)
    bad = named.copy()
    bad.loc[0, "ew_pair"] = bad.loc[1, "ns_pair"]  # bob NS at table 2 and EW at table 1
    with pytest.raises(ValidationError, match="a pair sits both NS and EW on the same board"):
        bridge.session_standings(bad)
    # pair numbers may number both lines of a Mitchell: NS 1 v EW 1 is two pairs
    assert bridge.movements(mitchell_two_tables())["movement"].tolist() == ["mitchell"]


def test_team_play_checked():
    bad = team_frame().assign(contract="4S", declarer="N", tricks=10)
    with pytest.raises(ValidationError, match="teams: a score differs from its contract's"):
        bridge.team_matches(bad)
    same_table = team_frame()
    same_table.loc[1, "table"] = 1
    with pytest.raises(ValidationError, match="both table results .* at the same table"):
        bridge.team_matches(same_table)
    with pytest.raises(ValidationError, match="board number below 1"):
        bridge.team_matches(team_frame().assign(board=0))


@pytest.mark.parametrize("offset", [0, 100])  # pair codes below 64 (bit masks) and above
def test_duplicate_pairs_named(offset):
    df = mitchell_two_tables().drop(columns=[]).assign(ew_pair=lambda d: d["ew_pair"] + offset)
    bad = df.copy()
    bad.loc[1, "ns_pair"] = 1  # NS 1 twice on board 1
    with pytest.raises(ValidationError, match="duplicate ns_pair") as err:
        bridge.session_standings(bad.drop(columns="event").assign(event="M"))
    assert "board=1, ns_pair=1" in str(err.value) and "(2 rows)" in str(err.value)
    bad = df.copy()
    bad.loc[3, "ew_pair"] = 1 + offset  # EW 1 twice on board 2
    with pytest.raises(ValidationError, match="duplicate ew_pair"):
        bridge.movements(bad)
    with pytest.raises(ValidationError, match="both NS and EW"):
        bridge.movements(df.assign(ew_pair=df["ew_pair"] - offset), movement="howell")


def test_team_validation_errors():
    bad = team_frame()
    bad.loc[1, "home_side"] = "NS"
    with pytest.raises(ValidationError, match="same direction"):
        bridge.board_imps(bad)
    with pytest.raises(ValidationError, match="home_side"):
        bridge.board_imps(team_frame().assign(home_side="N"))
    three = pd.concat([team_frame(), team_frame().iloc[[0]]])
    with pytest.raises(ValidationError, match="more than two"):
        bridge.team_matches(three)


def test_rules_refuse_bad_options():
    with pytest.raises(ValueError, match="scale"):
        bridge.matchpoints(board([1, 2]), scale="double")
    with pytest.raises(ValueError, match="percentages"):
        bridge.matchpoints(board([1, 2]), artificial_percent=(160, 50, 40))


@pytest.mark.parametrize(
    "call",
    [
        bridge.matchpoints,
        bridge.pair_scores,
        bridge.session_standings,
        bridge.explain,
        bridge.butler,
        bridge.cross_imps,
        bridge.movements,
        bridge.season_summary,
        bridge.season_history,
        lambda d: bridge.imp_standings(bridge.butler(d)),
    ],
)
def test_input_not_modified(call):
    df = pd.concat(
        [mitchell_two_tables(), howell_four_pairs().assign(event="H")], ignore_index=True
    )
    df["artificial"] = pd.array([None] * len(df), dtype="string")
    df.loc[3, ["ns_score", "artificial"]] = [None, "A6040"]
    df["ns_score"] = df["ns_score"].astype("Int64")
    before = df.copy(deep=True)
    call(df)
    pd.testing.assert_frame_equal(df, before)


def test_team_input_not_modified():
    df = team_frame()
    before = df.copy(deep=True)
    bridge.board_imps(df)
    bridge.team_matches(df)
    bridge.team_standings(df)
    pd.testing.assert_frame_equal(df, before)


# --- seasons and files -----------------------------------------------------------------------


def season():
    """Two evenings of a 2-table Mitchell with named pairs; pairs change lines."""
    e1 = mitchell_two_tables()
    e1["ns_pair"] = e1["ns_pair"].map({1: "ann", 2: "bob"})
    e1["ew_pair"] = e1["ew_pair"].map({1: "cid", 2: "dan"})
    e2 = mitchell_two_tables().assign(event="M2")
    e2["ns_pair"] = e2["ns_pair"].map({1: "cid", 2: "ann"})
    e2["ew_pair"] = e2["ew_pair"].map({1: "eve", 2: "bob"})
    out = pd.concat([e1, e2], ignore_index=True)
    out["date"] = np.where(out["event"] == "M", "2024-03-06", "2024-03-13")
    return out


def test_season_summary_and_history():
    # evening 1: bob 87.5, ann 12.5 (NS); cid 62.5, dan 37.5 (EW)
    # evening 2: ann 87.5, cid 12.5 (NS); eve 62.5, bob 37.5 (EW)
    s = bridge.season_summary(season())
    got = {r.pair: (r.sessions, r.percentage, r.best, r.rank) for r in s.itertuples()}
    assert got == {
        "bob": (2, 62.5, 87.5, 1),
        "eve": (1, 62.5, 62.5, 1),
        "ann": (2, 50.0, 87.5, 3),
        "dan": (1, 37.5, 37.5, 4),
        "cid": (2, 37.5, 62.5, 4),
    }
    s2 = bridge.season_summary(season(), min_sessions=2)
    ranks = s2.set_index("pair")["rank"]
    assert ranks[["bob", "ann", "cid"]].tolist() == [1, 2, 3]
    assert ranks[["eve", "dan"]].isna().all() and ranks.dtype == "Int64"
    h = bridge.season_history(season())
    first = h[h["event"] == "M"].set_index("pair")
    assert first["rank"].to_dict() == {"bob": 1, "cid": 2, "dan": 3, "ann": 4}
    last = h[h["event"] == "M2"].set_index("pair")
    assert last["percentage"].to_dict() == {
        "bob": 62.5, "eve": 62.5, "ann": 50.0, "cid": 37.5, "dan": 37.5,
    }  # fmt: skip
    assert last["sessions"].to_dict() == {"bob": 2, "eve": 1, "ann": 2, "cid": 2, "dan": 1}
    assert h["date"].dt.year.eq(2024).all()


def test_season_history_orders_by_date_and_season():
    df = season()
    df["date"] = np.where(df["event"] == "M", "2024-04-01", "2024-03-01")  # M2 first now
    h = bridge.season_history(df)
    assert h["event"].iloc[0] == "M2"
    df["season"] = np.where(df["event"] == "M", 2023, 2024)
    h = bridge.season_history(df)
    assert h.groupby("season")["sessions"].max().to_dict() == {2023: 1, 2024: 1}


def test_standings_from_path(tmp_path):
    df = season()
    df[df["event"] == "M"].to_csv(tmp_path / "a.csv", index=False)
    df[df["event"] == "M2"].to_parquet(tmp_path / "b.parquet", index=False)
    team_frame().to_csv(tmp_path / "teams.csv", index=False)
    one = bridge.standings_from_path(tmp_path / "a.csv")
    assert one["event"].unique().tolist() == ["M"]
    with pytest.warns(UserWarning, match=r"1 team results file\(s\) not scored .*: teams\.csv"):
        both = bridge.standings_from_path(tmp_path)
    pd.testing.assert_frame_equal(
        both.reset_index(drop=True), bridge.session_standings(df).reset_index(drop=True),
        check_dtype=False,
    )  # fmt: skip
    teams = bridge.standings_from_path(tmp_path / "teams.csv")
    assert teams["team"].tolist() == ["C", "A", "B", "D"]
    assert bridge.team_standings_from_path(tmp_path)["team"].tolist() == ["C", "A", "B", "D"]
    with pytest.raises(ValidationError, match="no such file"):
        bridge.standings_from_path(tmp_path / "nope.csv")
    half = bridge.standings_from_path(tmp_path / "a.csv", rules="half")
    assert (half["mp"] * 2 == one["mp"]).all()
    with pytest.raises(ValueError, match="unknown option"):
        bridge.standings_from_path(tmp_path / "a.csv", tiebreaks=["BH"])
    with pytest.raises(ValueError, match="rules"):
        bridge.standings_from_path(tmp_path / "a.csv", rules="mtg")


def test_read_results(tmp_path):
    df = season()
    df[df["event"] == "M"].to_csv(tmp_path / "a.csv", index=False)
    df[df["event"] == "M2"].to_parquet(tmp_path / "b.parquet", index=False)
    team_frame().to_csv(tmp_path / "teams.csv", index=False)
    (tmp_path / "notes.txt").write_text("not results")  # other suffixes are not read
    pairs, teams = bridge.read_results(tmp_path)
    assert sorted(pairs["event"].unique()) == ["M", "M2"] and len(pairs) == len(df)
    assert len(teams) == len(team_frame())
    one = bridge.read_results(tmp_path / "a.csv")
    assert one.teams is None and one.pairs["event"].unique().tolist() == ["M"]
    assert bridge.read_results(tmp_path / "teams.csv").pairs is None
    with pytest.raises(ValidationError, match="no such file"):
        bridge.read_results(tmp_path / "nope.csv")
    with pytest.raises(ValidationError, match="unknown results format"):
        bridge.read_results(tmp_path / "notes.txt")
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(ValidationError, match="no bridge results in this folder"):
        bridge.read_results(empty)


def test_history_from_path(tmp_path):
    df = season()
    df[df["event"] == "M"].to_csv(tmp_path / "a.csv", index=False)
    df[df["event"] == "M2"].to_csv(tmp_path / "b.csv", index=False)
    team_frame().to_csv(tmp_path / "teams.csv", index=False)  # no pairs history: left out
    got = bridge.history_from_path(tmp_path)
    pd.testing.assert_frame_equal(got, bridge.season_history(df), check_dtype=False)
    # evening 1 then 2 (test_season_summary_and_history): bob 87.5 then (87.5 + 37.5) / 2
    bob = got[got["pair"] == "bob"]
    assert bob["percentage"].tolist() == [87.5, 62.5] and bob["rank"].tolist() == [1, 1]
    # an undated session cannot be placed in a dated season: left out
    extra = mitchell_two_tables().assign(event="X")
    extra["ns_pair"] = extra["ns_pair"].map({1: "zoe", 2: "yan"})
    extra["ew_pair"] = extra["ew_pair"].map({1: "xia", 2: "wil"})
    extra.to_csv(tmp_path / "c.csv", index=False)
    with pytest.warns(UserWarning, match="1 session.s. without a date left out .* X"):
        with_undated = bridge.history_from_path(tmp_path)
    assert "X" not in set(with_undated["event"]) and len(with_undated) == len(got)
    from tourneystats.cli import history_from_path as cli_history  # what the drift chart reads

    with pytest.warns(UserWarning, match="without a date"):
        pd.testing.assert_frame_equal(cli_history("bridge", tmp_path), with_undated)
    # all undated: every session, in event order
    undated = tmp_path / "undated"
    undated.mkdir()
    extra.to_csv(undated / "c.csv", index=False)
    assert bridge.history_from_path(undated)["event"].unique().tolist() == ["X"]
    # the command line's --rules is the MP scale (percentages do not change)
    half = bridge.history_from_path(tmp_path / "a.csv", rules="half", min_sessions=1)
    pd.testing.assert_frame_equal(half, bridge.history_from_path(tmp_path / "a.csv"))
    with pytest.raises(ValueError, match="unknown option"):
        bridge.history_from_path(tmp_path, tiebreaks=["BH"])
    with pytest.raises(ValueError, match="no pairs results"):
        bridge.history_from_path(tmp_path / "teams.csv")


def test_plain_numpy_input_not_modified():
    """int64 scores, boards and pair numbers (numpy-backed: the codes must not write into them)."""
    df = pd.concat([mitchell_two_tables(), howell_four_pairs()], ignore_index=True)
    assert df["ns_score"].dtype == np.int64 and df["ns_pair"].dtype == np.int64
    before = df.copy(deep=True)
    bridge.session_standings(df)
    bridge.butler(df)
    bridge.cross_imps(df)
    bridge.explain(df)
    pd.testing.assert_frame_equal(df, before)


def test_movement_of_many_pair_ids_read_per_session(monkeypatch):
    """More than 64 pair ids in all but few per session: the boards' pairs are read as bit masks
    of the pairs' places in their session, as the general path reads them (same movements,
    standings and refusals)."""
    from tourneystats.bridge import prepare
    from tourneystats.synth import bridge_pairs

    df = bridge_pairs(9, 5, movement="mixed", seed=11)
    event = df["event"].astype(str)
    moves = bridge.movements(df)
    mitchell = event.isin(moves.loc[moves["movement"] == "mitchell", "event"].astype(str))
    named = df.assign(  # names per session; the EW line of a Mitchell named apart
        ns_pair=df["ns_pair"].astype(str) + "@" + event,
        ew_pair=np.where(mitchell, "ew ", "") + df["ew_pair"].astype(str) + "@" + event,
    )
    assert pd.concat([named["ns_pair"], named["ew_pair"]]).nunique() > 64
    twice = named.copy()
    twice.loc[1, "ns_pair"] = twice.loc[0, "ns_pair"]  # one pair twice NS on board 1
    itself = named.copy()
    itself.loc[0, "ew_pair"] = "x"  # a named pair at its own table
    itself.loc[0, "ns_pair"] = "x"

    def outcome(frame):
        try:
            return bridge.session_standings(frame), bridge.movements(frame)
        except ValidationError as exc:
            return str(exc)

    bits = [outcome(f) for f in (named, twice, itself)]
    monkeypatch.setattr(prepare, "_BITS", 0)
    general = [outcome(f) for f in (named, twice, itself)]
    for a, b in zip(bits[:1], general[:1], strict=True):
        pd.testing.assert_frame_equal(a[0], b[0])
        pd.testing.assert_frame_equal(a[1], b[1])
    assert set(bits[0][1]["movement"]) == {"mitchell", "howell"}
    assert bits[1:] == general[1:]
    assert "duplicate ns_pair" in bits[1] and "against itself" in bits[2]
