"""C.07 (2026) and what arbiters ask for: cases worked by hand from the text.

Each expected number is derived in the comments from the articles it applies (C.07 2026, the
verbatim text in /work/research/chess/C07-2026.md).
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from test_chess import ADJUSTED_CASE as ADJUSTED_SWISS
from test_chess import crosstable

from tourneystats.chess import RULE_SETS, standings, standings_by_round

# --- 16.5: cuts with voluntarily unplayed rounds ------------------------------------------------

# The "two requested absences" Swiss (4 rounds). #2 Cato: won against #5, half-point bye in
# round 2, lost by forfeit to #1 in round 3, won against #4.
VUR_CASE = """
1 Wanda 2400 +W4 +B3 +F2 +B5
2 Cato 2300 +W5 =BYE -F1 +W4
3 Mons 2200 +BYE -W1 +W5 --
4 Lars 2100 -B1 =B5 +BYE -B2
5 Tor 2000 -B2 =W4 -B3 -W1
"""


def _cato(rules: str) -> pd.Series:
    results, _ = crosstable(VUR_CASE)
    codes = ["SB", "SB/C1", "SB/C2", "BH", "BH/C1"]
    return standings(results, tiebreaks=codes, rules=rules).set_index("player").loc[2]


def test_cut_takes_the_lowest_vur_contribution_2026():
    # Scores: #1 4.0 (a forfeit win counts at face value, 16.3.1), #4 1.5 (its PAB at face
    # value), #5 0.5; #2 has 2.5 points.
    # 16.4 (2026): the dummy of #2's half-point bye (16.2.3) is capped at 16.4.2, a draw's
    # points times the rounds: min(2.5, 0.5 x 4) = 2.0; the dummy of the forfeit loss (16.2.4)
    # at 16.4.1, the scheduled opponent's adjusted score: min(2.5, 4.0) = 2.5.
    # SB (9.1): #5 0.5 x 1 + dummy 2.0 x 0.5 + dummy 2.5 x 0 + #4 1.5 x 1 = 3.0
    t = _cato("fide2026")
    assert t["SB"] == 3.0
    # SB/C1 (16.5.2): a. the lowest VUR contribution is the forfeit loss's 0.0; b. the least
    # significant value (14.1.2 d) is #5's 0.5 (the opponent with the lowest score). a < b, so
    # b is cut: 3.0 - 0.5 = 2.5. (Choosing the VUR by its dummy's score, 2.0 < 2.5, would cut
    # the bye's 1.0 and give 2.0.)
    assert t["SB/C1"] == 2.5
    # SB/C2 (16.5.1 again on what is left): the least significant value is now #4's 1.5 (score
    # 1.5 is below both dummies); the lowest VUR contribution 0.0 is lower: cut 1.5 -> 1.0
    assert t["SB/C2"] == 1.0
    # BH: 0.5 + 2.0 + 2.5 + 1.5 = 6.5; BH/C1 cuts the lowest VUR contribution, 2.0 -> 4.5
    assert (t["BH"], t["BH/C1"]) == (6.5, 4.5)


def test_cut_takes_the_lowest_vur_contribution_2024():
    # 2024 (16.4 without caps): both dummies have #2's 2.5 points.
    # SB = 0.5 + 2.5 x 0.5 + 2.5 x 0 + 1.5 = 3.25
    # SB/C1: lowest VUR contribution 0.0 < least significant value 0.5 -> cut 0.5: 2.75
    # SB/C2: left 1.25 (bye), 0.0 (forfeit), 1.5 (#4, the lowest score): 0.0 < 1.5 -> 1.25
    # BH = 0.5 + 2.5 + 2.5 + 1.5 = 7.0; BH/C1 cuts a VUR's 2.5 -> 4.5
    t = _cato("fide2024")
    assert [t[c] for c in ("SB", "SB/C1", "SB/C2", "BH", "BH/C1")] == [3.25, 2.75, 1.25, 7.0, 4.5]


def test_cut_of_a_vur_not_lower_than_the_least_significant_value():
    # #2 again, but he lost to #1 over the board in round 3 (no forfeit): his only VUR is the
    # half-point bye. fide2026: dummy min(2.5, 0.5 x 4) = 2.0, contribution 1.0.
    # SB = #5 0.5 x 1 + 1.0 + #1 4.0 x 0 + #4 1.5 x 1 = 3.0
    # SB/C1: a. the lowest VUR contribution 1.0; b. the least significant value 0.5 (#5, the
    # lowest score). a >= b: the VUR is cut (16.5.1) -> 2.0
    # SB/C2: no VUR left; the least significant value is #5's 0.5 -> 1.5
    table = VUR_CASE.replace("+F2", "+W2").replace("-F1", "-B1")
    results, _ = crosstable(table)
    t = standings(results, tiebreaks=["SB", "SB/C1", "SB/C2"], rules="fide2026")
    assert t.set_index("player").loc[2, ["SB", "SB/C1", "SB/C2"]].tolist() == [3.0, 2.0, 1.5]


@pytest.mark.parametrize("rules", ["fide2024", "fide2026"])
def test_vur_cuts_match_the_reference(rules):
    from reference_chess import reference_standings

    results, _ = crosstable(VUR_CASE)
    codes = ["SB", "SB/C1", "SB/C2", "BH", "BH/C1", "BH/C2"]
    got = standings(results, tiebreaks=codes, rules=rules)
    want = reference_standings(results, codes, rules)
    for row in got.to_dict("records"):
        for code in codes:
            assert row[code] == pytest.approx(want[("T", row["player"])][code]), (code, row)


# --- rating averages with no rated opponent ----------------------------------------------------


def test_rating_averages_of_nobody_are_0_with_games_and_none_without():
    # #3 met #1 (2000) over the board and #2 (unrated); #4 only had byes.
    table = """
1 A 2000 -B3 +W2
2 B 0 +BYE -B1
3 C 1800 +W1 =BYE
4 D 1700 =BYE =BYE
"""
    results, players = crosstable(table)
    players.loc[players["player"] == 2, "rating"] = None
    codes = ["ARO", "ARO/C1", "APRO", "APPO", "AOB", "TPR", "PTP"]
    t = standings(results, tiebreaks=codes, players=players).set_index("player")
    # ARO (10.1) of #3: his only rated opponent is #1 -> 2000; ARO/C1 cuts it: none left -> 0
    # (the TEC summary table prints 0 for #12's ARO/C1 in the same situation)
    assert (t.loc[3, "ARO"], t.loc[3, "ARO/C1"]) == (2000, 0)
    # #2 played one game, against #1 (2000): TPR 2000 + dp(0 %) = 2000 - 800 = 1200
    assert t.loc[2, "TPR"] == 1200
    # #4 met nobody over the board (byes only): no value, as FIDE's TieBreakServer prints none;
    # AOB stays 0, as the FIDE-endorsed programs publish it
    assert t.loc[4, ["ARO", "ARO/C1", "APRO", "APPO", "TPR", "PTP"]].isna().all()
    assert t.loc[4, "AOB"] == 0


# --- point systems ------------------------------------------------------------------------------

POINTS_CASE = """
1 A 2000 +W2 =B3 +W5
2 B 1900 -B1 +W5 -F4
3 C 1800 =W4 =W1 --
4 D 1700 =B3 =BYE +F2
5 E 1600 +BYE -B2 -B1
"""
# round 1: A-B 1-0, C-D draw, E pairing-allocated bye; round 2: C-A draw, B-E 1-0, D half-point
# bye; round 3: A-E 1-0, D beats B by forfeit, C absent (a zero-point bye in the last round)


def three_one_zero(results: pd.DataFrame) -> pd.DataFrame:
    """The results under 3/1/0: a win (and a forfeit win, a full-point or pairing-allocated
    bye) 3, a draw (and a half-point bye) 1."""
    return results.assign(points=results["points"].map({1.0: 3.0, 0.5: 1.0, 0.0: 0.0}))


def test_point_system_3_1_0_by_hand():
    results, players = crosstable(POINTS_CASE)
    codes = ["BH", "SB", "KS", "WIN", "STD", "PS", "TPR"]
    kw = dict(tiebreaks=codes, players=players, points="3/1/0")
    t26 = standings(three_one_zero(results), rules="fide2026", **kw).set_index("player")
    # PTS: A 3+1+3, B 0+3+0, C 1+1+0, D 1+1+3, E 3+0+0
    assert t26["PTS"].to_dict() == {1: 7, 2: 3, 3: 2, 4: 5, 5: 3}
    # scores as counted (16.3): C's absence in the last round counts as a draw (16.3.2), D=1
    # point: C 1+1+1 = 3; everyone else at face value: A 7, B 3, D 5, E 3.
    # 16.4.2 (2026): a bye's dummy is capped at a draw's points x the rounds: 1 x 3 = 3;
    # 16.4.1: a forfeit's at the scheduled opponent's score.
    # BH: A 3+3+3 = 9; B 7+3+min(3, D's 5) = 13; C 5+7+min(2, 3) = 14;
    #     D 3+min(5, 3)+min(5, B's 3) = 9; E min(3, 3)+3+7 = 13
    assert t26["BH"].to_dict() == {1: 9, 2: 13, 3: 14, 4: 9, 5: 13}
    # SB (9.1): score x points scored: A 3x3+3x1+3x3 = 21; B 7x0+3x3+3x0 = 9;
    # C 5x1+7x1+2x0 = 12; D 3x1 + 3x1 (bye) + 3x3 (forfeit win) = 15; E 3x3 = 9
    assert t26["SB"].to_dict() == {1: 21, 2: 9, 3: 12, 4: 15, 5: 9}
    # KS (9.2): 50 % of the maximum, 3 points x 3 rounds: 4.5 -> A (7) and D (5); the points
    # scored against them: C drew with both -> 2, the others 0
    assert t26["KS"].to_dict() == {1: 0, 2: 0, 3: 2, 4: 0, 5: 0}
    # WIN (7.1): rounds with as many points as a win (3): A 2, B 1, C 0, D 1 (forfeit), E 1 (PAB)
    assert t26["WIN"].to_dict() == {1: 2, 2: 1, 3: 0, 4: 1, 5: 1}
    # STD (7.7): more points than the scheduled opponent 1, as many 1/2; without an opponent,
    # against a draw's 1 point: A 1+1/2+1; B 0+1+0; C 1/2+1/2+0 (0 < 1); D 1/2+1/2 (1 = 1)+1;
    # E 1 (3 > 1)+0+0
    assert t26["STD"].to_dict() == {1: 2.5, 2: 1, 3: 1, 4: 2, 5: 1}
    # PS (7.5): the running scores: A 3+4+7
    assert t26.loc[1, "PS"] == 14
    # TPR (10.2) counts games won, drawn, lost whatever the points: A 2.5/3 = 83 % -> dp 273,
    # ARO (1900+1800+1600)/3 = 1767 -> 2040 (as under 1/0.5/0)
    t_default = standings(results, rules="fide2026", tiebreaks=["TPR"], players=players)
    assert t26.loc[1, "TPR"] == t_default.set_index("player").loc[1, "TPR"] == 2040
    # fide2024: the dummies have the player's own score, without a cap:
    # D's BH 3+5+5 = 13, SB 3x1 + 5x1 + 5x3 = 23
    t24 = standings(three_one_zero(results), rules="fide2024", **kw).set_index("player")
    assert (t24.loc[4, "BH"], t24.loc[4, "SB"]) == (13, 23)
    # the seed's adjusted rule: an unplayed round is a draw (1 point) against oneself with the
    # adjusted score (D: OTB 1 + 1 per unplayed round = 3): D's SB 3x1 (C: 1+1+1) + 3x1 + 3x1
    ta = standings(three_one_zero(results), rules="adjusted", **kw).set_index("player")
    assert ta.loc[4, "SB"] == 9


def test_point_system_from_a_trf_162_and_back(tmp_path):
    from tourneystats.chess import read_trf, write_trf

    results, players = crosstable(POINTS_CASE)
    scored = three_one_zero(results)
    events = pd.DataFrame({"event": ["T"], "point_system": ["3/1/0"]})
    path = write_trf(scored, players, events, tmp_path / "t.trf")
    assert "162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0" in path.read_text()
    data = read_trf(path, event="T")
    assert data.events["point_system"].tolist() == [
        "win=3,draw=1,loss=0,forfeit_win=3,forfeit_loss=0,pab=3,fpb=3,hpb=1,zpb=0"
    ]
    codes = ["BH", "SB", "KS", "WIN", "STD"]
    direct = standings(scored, tiebreaks=codes, rules="fide2026", points="3/1/0")
    read = standings(data.results, tiebreaks=codes, rules="fide2026", events=data.events)
    read["event"] = read["event"].astype(str)
    pd.testing.assert_frame_equal(read, direct, check_dtype=False)


def test_points_not_of_the_point_system_are_refused():
    results, _ = crosstable(POINTS_CASE)
    with pytest.raises(Exception, match="points must be 0, 0.5 or 1"):
        standings(three_one_zero(results))
    with pytest.raises(Exception, match="not the event's points for a win, a draw or a loss"):
        standings(three_one_zero(results), points="2/1/0")
    wrong_bye = three_one_zero(results)
    wrong_bye.loc[wrong_bye["kind"] == "hpb", "points"] = 3.0
    with pytest.raises(
        Exception, match=r"do not match the kind (?s:.*) event=.T., round=2, player=4"
    ):
        standings(wrong_bye, points="3/1/0")
    for bad in ("1/1/0", "3/1", "win=x", {"victory": 3}, "2/1/-1"):
        with pytest.raises(ValueError, match="point system"):
            standings(results, points=bad)
    events = pd.DataFrame({"event": ["T"], "point_system": ["1/2/3"]})
    with pytest.raises(Exception, match=r"events: event\(s\) \['T'\]"):
        standings(results, events=events)


# --- TPN, RTNG, the first rating, unrated players -----------------------------------------------

TIED_CASE = """
1 A 2000 +W2 -B4
2 B 2100 -B1 +W3
3 C 1900 +W4 -B2
4 D 1950 -B3 +W1
"""
# everybody has 1 point: round 1 A beat B, C beat D; round 2 B beat C, D beat A


def test_tpn_and_rtng_order_the_ties():
    results, players = crosstable(TIED_CASE)
    players.loc[players["player"] == 4, "rating"] = None  # D is unrated
    kw = dict(players=players, rules="fide2026")

    def order(code, **more):
        return standings(results, tiebreaks=[code], **kw, **more)["player"].tolist()

    # TPN (7.8): ascending pairing numbers; /R descending
    assert order("TPN") == [1, 2, 3, 4] and order("TPN/R") == [4, 3, 2, 1]
    # RTNG (10.6): highest first (B 2100, A 2000, C 1900); D, unrated, has no value: last
    t = standings(results, tiebreaks=["RTNG"], **kw)
    assert t["player"].tolist() == [2, 1, 3, 4] and t["rank"].tolist() == [1, 2, 3, 4]
    assert pd.isna(t.set_index("player").loc[4, "RTNG"])
    # /R: lowest first; the unrated player is still last
    assert order("RTNG/R") == [3, 1, 2, 4]
    # a rating for unrated players (art. 10: the regulations may give one): 1950 -> 2nd of RTNG
    assert order("RTNG", unrated=1950) == [2, 1, 4, 3]
    # without such rules C.07 drops the rating-based tie-breaks: no value, nobody separated
    dropped = standings(results, tiebreaks=["RTNG", "ARO"], unrated="drop", **kw)
    assert dropped[["RTNG", "ARO"]].isna().all().all() and set(dropped["rank"]) == {1}


def test_unrated_opponents_in_aro():
    results, players = crosstable(TIED_CASE)
    players.loc[players["player"] == 3, "rating"] = None
    kw = dict(tiebreaks=["ARO", "TPR"], players=players)
    # B met A (2000) and C (unrated): left out -> ARO 2000; TPR over the one game, a loss:
    # 0 % -> dp -800 -> 1200
    left_out = standings(results, **kw).set_index("player")
    assert (left_out.loc[2, "ARO"], left_out.loc[2, "TPR"]) == (2000, 1200)
    # with 1400 for unrated players: (2000 + 1400) / 2 = 1700; 1/2 = 50 % -> dp 0 -> 1700
    given = standings(results, unrated=1400, **kw).set_index("player")
    assert (given.loc[2, "ARO"], given.loc[2, "TPR"]) == (1700, 1700)
    with pytest.raises(ValueError, match="unrated must be"):
        standings(results, unrated="maybe", **kw)


def test_first_rating_or_the_rating_of_each_round():
    results, _ = crosstable(TIED_CASE)
    # ratings per row, as a results table may carry them: A is 2000 in round 1, 2040 in round 2
    rating = {1: 2000, 2: 2100, 3: 1900, 4: 1950}
    results["rating"] = results["player"].map(rating).astype(float)
    results.loc[(results["player"] == 1) & (results["round"] == 2), "rating"] = 2040.0
    # the first rating (C.07 2026, art. 10 note): D met C and, in round 2, A: (1900 + 2000) / 2
    first = standings(results, tiebreaks=["ARO", "RTNG"]).set_index("player")
    assert first.loc[4, "ARO"] == 1950 and first.loc[1, "RTNG"] == 2000
    # per round (the regulations "state otherwise"): A was 2040 when D met him -> 1970;
    # A's own RTNG is his last rating, 2040
    per_round = standings(results, tiebreaks=["ARO", "RTNG"], ratings="per_round")
    per_round = per_round.set_index("player")
    assert per_round.loc[4, "ARO"] == 1970 and per_round.loc[1, "RTNG"] == 2040
    # B met A in round 1 (2000 then) and C: the same either way
    assert first.loc[2, "ARO"] == per_round.loc[2, "ARO"] == (2000 + 1900) / 2


# --- round robins under 2026 (15.2, art. 8 note) ------------------------------------------------


@pytest.fixture(scope="module")
def ex14():
    """The TEC round robin (6 players, 5 rounds; round 4: #6 Helene beat #5 Franck by forfeit,
    written with colours: Franck white)."""
    from tourneystats.chess import read_trf

    data = read_trf(Path(__file__).parent / "data" / "chess" / "tec" / "ex14.trf")
    return data.results, data.players, data.events


def test_round_robin_forfeits_under_2026(ex14):
    results, players, events = ex14
    codes = ["SB", "ARO", "TPR", "REP", "WON", "BPG", "BWG", "WIN"]
    kw = dict(tiebreaks=codes, players=players, events=events)  # 092 Round robin
    t24 = standings(results, rules="fide2024", **kw).set_index("player")
    t26 = standings(results, rules="fide2026", **kw).set_index("player")
    # 2024 (15.2): the forfeit is a game for every tie-break (the TEC tables): Franck met all
    # five: ARO (2200+2050+2150+2000+2100)/5 = 2100; REP 5; Helene won it with black: WON 1,
    # BPG 3 (#2, #4, #5 with black)
    assert (t24.loc[5, "ARO"], t24.loc[5, "REP"]) == (2100, 5)
    assert (t24.loc[6, "ARO"], t24.loc[6, "WON"], t24.loc[6, "BPG"]) == (2090, 1, 3)
    # 2026 (15.2): "all forfeits in ratings-based tie-breaks ... remain unplayed rounds":
    # Franck's ARO over his four games (2200+2050+2150+2100)/4 = 2125; 1.5/4 = 37.5 % -> 38 %
    # -> dp -87 -> TPR 2038. Helene: (2150+2100+2050+2200)/4 = 2125; 0.5/4 = 12.5 % -> 13 %
    # -> dp -322 -> TPR 1803 (TieBreakServer gives the same four values)
    assert (t26.loc[5, "ARO"], t26.loc[5, "TPR"]) == (2125, 2038)
    assert (t26.loc[6, "ARO"], t26.loc[6, "TPR"]) == (2125, 1803)
    # "... and forfeit losses in Type B tie-breaks (see Article 7) remain unplayed rounds":
    # Franck's forfeit loss is a round he did not elect to play: REP 4
    assert t26.loc[5, "REP"] == 4
    # a forfeit win is a regular game (15.2): Helene's counts as won with black
    assert (t26.loc[6, "WON"], t26.loc[6, "BPG"], t26.loc[6, "BWG"]) == (1, 3, 1)
    # Sonneborn-Berger (Type BC, art. 9) counts the forfeit as a game both years (TEC: 2.25)
    assert t24.loc[6, "SB"] == t26.loc[6, "SB"] == 2.25
    # FIDE's TieBreakServer keeps forfeit wins unplayed too: a rule-set variant named after it
    tbs = RULE_SETS["fide2026"].replace(
        name="tiebreakserver", round_robin_forfeits="tiebreakserver"
    )
    t_tbs = standings(results, rules=tbs, **kw).set_index("player")
    assert (t_tbs.loc[6, "WON"], t_tbs.loc[6, "BPG"], t_tbs.loc[6, "BWG"]) == (0, 2, 0)
    assert (t_tbs.loc[5, "REP"], t_tbs.loc[6, "WIN"]) == (4, 1)  # WIN: with or without playing


def test_buchholz_is_refused_in_round_robins_under_2026(ex14):
    results, players, events = ex14
    with pytest.raises(ValueError, match=r"BH/C1, AOB: the Buchholz tie-breaks must not be used"):
        standings(results, tiebreaks=["BH/C1", "SB", "AOB"], rules="fide2026", events=events)
    with pytest.warns(UserWarning, match=r"round robins: \['ex14'\] \(computed as asked"):
        t26 = standings(
            results,
            tiebreaks=["BH"],
            rules="fide2026",
            events=events,
            allow_buchholz_in_round_robins=True,
        )
    # no unplayed round but the forfeit, a game: BH is the same as under 2024
    t24 = standings(results, tiebreaks=["BH"], rules="fide2024", events=events)
    pd.testing.assert_frame_equal(t26, t24)
    # a Swiss event is not concerned, nor a round robin under a rule set that allows it
    standings(results, tiebreaks=["BH"], rules="fide2026", round_robin=False)
    allowed = RULE_SETS["fide2026"].replace(name="ours", buchholz_in_round_robins=True)
    standings(results, tiebreaks=["BH"], rules=allowed, events=events)


def test_rule_sets_as_objects():
    results, _ = crosstable(VUR_CASE)
    by_name = standings(results, tiebreaks=["SB/C1"], rules="fide2026")
    by_object = standings(results, tiebreaks=["SB/C1"], rules=RULE_SETS["fide2026"])
    pd.testing.assert_frame_equal(by_name, by_object)
    both = pd.concat([results, results.assign(event="U")], ignore_index=True)
    mixed = standings(
        both, tiebreaks=["SB/C1"], rules={"T": RULE_SETS["fide2026"], "U": "fide2024"}
    )
    assert mixed[mixed["event"] == "U"].set_index("player").loc[2, "SB/C1"] == 2.75
    with pytest.raises(ValueError, match="round_robin_forfeits='sometimes'"):
        RULE_SETS["fide2026"].replace(round_robin_forfeits="sometimes")


# --- live standings: games in progress, planned rounds ------------------------------------------

LIVE_CASE = """
1 A 2000 +W2 =B3 +W4
2 B 1900 -B1 +W4 =W3
3 C 1800 =W4 =W1 =B2
4 D 1700 =B3 -B2 -B1
"""
# rounds 1-2 played; round 3 (of 3 planned): A beat D, B-C is still being played


def _live() -> pd.DataFrame:
    results, _ = crosstable(LIVE_CASE)
    playing = (results["round"] == 3) & results["player"].isin([2, 3])
    return results.assign(points=results["points"].where(~playing))  # no result yet


def test_a_game_in_progress_is_left_out_of_every_tiebreak():
    results = _live()
    codes = ["BH", "SB", "PS", "REP", "WON", "STD", "FB"]
    t = standings(results, tiebreaks=codes, rules="fide2024", planned_rounds=3)
    t = t.set_index("player")
    # PTS: A 1+1/2+1, B 0+1, C 1/2+1/2, D 1/2+0+0
    assert t["PTS"].to_dict() == {1: 2.5, 2: 1.0, 3: 1.0, 4: 0.5}
    # BH: A: B 1 + C 1 + D 1/2 = 2.5; B: A 2.5 + D 1/2 (round 3 left out) = 3.0;
    # C: D 1/2 + A 2.5 = 3.0; D: C 1 + B 1 + A 2.5 = 4.5
    assert t["BH"].to_dict() == {1: 2.5, 2: 3.0, 3: 3.0, 4: 4.5}
    # SB: A 1x1 + 1/2x1 + 1x1/2 = 2.0; B: 1 x D's 1/2 = 0.5; C: 1/2 x 1/2 + 1/2 x 2.5 = 1.5
    assert (t.loc[1, "SB"], t.loc[2, "SB"], t.loc[3, "SB"]) == (2.0, 0.5, 1.5)
    # PS: the running score after each round, a game in progress adding nothing yet:
    # A 1+1.5+2.5 = 5; B 0+1+1 = 2; C 0.5+1+1 = 2.5; D 0.5+0.5+0.5 = 1.5
    assert t["PS"].to_dict() == {1: 5.0, 2: 2.0, 3: 2.5, 4: 1.5}
    # REP and WON count the rounds decided: B 2 rounds (one won), C 2
    assert (t.loc[2, "REP"], t.loc[2, "WON"], t.loc[3, "REP"]) == (2, 1, 2)
    # STD: B 0 + 1; C 1/2 + 1/2
    assert (t.loc[2, "STD"], t.loc[3, "STD"]) == (1.0, 1.0)
    # FB (8.3): round 3 is the planned last round: its paired games, the game in progress
    # included, count as draws: scores A 2.0, B 1.5, C 1.5, D 1.0 ->
    # A: B 1.5 + C 1.5 + D 1.0 = 4.0; B: A 2.0 + D 1.0 + C 1.5 = 4.5; D: 1.5 + 1.5 + 2.0 = 5.0
    assert t["FB"].to_dict() == {1: 4.0, 2: 4.5, 3: 4.5, 4: 5.0}


def test_fore_buchholz_waits_for_the_planned_last_round():
    results = _live()
    # 4 rounds planned (events.rounds, as TRF 142/XXR): round 3 is not the last: FB = BH
    events = pd.DataFrame({"event": ["T"], "rounds": [4]})
    t = standings(results, tiebreaks=["BH", "FB"], rules="fide2024", events=events)
    assert (t["FB"] == t["BH"]).all()
    with pytest.raises(Exception, match="beyond the event's planned rounds"):
        standings(results, tiebreaks=["FB"], planned_rounds=2)
    with pytest.raises(Exception, match="planned_rounds must be whole numbers"):
        standings(results, tiebreaks=["FB"], planned_rounds=0)


def test_standings_by_round_exclude_the_games_in_progress():
    results = _live()
    codes = ["BH", "SB", "PS", "FB"]
    history = standings_by_round(results, tiebreaks=codes, rules="fide2024", planned_rounds=3)
    last = history[history["round"] == 3].drop(columns="round").reset_index(drop=True)
    now = standings(results, tiebreaks=codes, rules="fide2024", planned_rounds=3)
    pd.testing.assert_frame_equal(last, now)
    # after round 2 nothing is in progress; round 2 is not the planned last round: FB = BH
    second = history[history["round"] == 2]
    assert (second["FB"] == second["BH"]).all()
    assert second.set_index("player")["PTS"].to_dict() == {1: 1.5, 2: 1.0, 3: 1.0, 4: 0.5}


def test_a_game_in_progress_from_a_pgn(tmp_path):
    from tourneystats.chess import read_pgn

    games = [
        (1, "A", "B", "1-0"), (1, "C", "D", "1/2-1/2"), (2, "C", "A", "1/2-1/2"),
        (2, "B", "D", "1-0"), (3, "A", "D", "1-0"), (3, "B", "C", "*"),
    ]  # fmt: skip
    text = "".join(
        f'[Event "T"]\n[Round "{r}"]\n[White "{w}"]\n[Black "{b}"]\n[Result "{res}"]\n\n{res}\n\n'
        for r, w, b, res in games
    )
    (tmp_path / "live.pgn").write_text(text)
    data = read_pgn(tmp_path / "live.pgn")
    live = data.results[data.results["kind"] == "in_progress"]
    assert sorted(live["round"]) == [3, 3] and live["points"].isna().all()
    table = standings(data.results, tiebreaks=["BH", "PS"], rules="fide2024")
    by_name = dict(zip(data.players["player"], data.players["name"], strict=True))
    bh = {by_name[p]: v for p, v in zip(table["player"], table["BH"], strict=True)}
    assert bh == {"A": 2.5, "B": 3.0, "C": 3.0, "D": 4.5}  # as the table above


def test_a_game_in_progress_must_be_on_both_sides():
    results = _live()
    one_side = results.assign(
        points=results["points"].where(~((results["round"] == 3) & (results["player"] == 2)), 0.5)
    )
    with pytest.raises(Exception, match="two sides of a game do not match"):
        standings(one_side)
    scored = results.assign(kind=results["kind"].where(results["points"].notna(), "in_progress"))
    scored.loc[scored["kind"] == "in_progress", "points"] = 0.5
    with pytest.raises(Exception, match="a game in progress has no points yet"):
        standings(scored)


# --- withdrawn players --------------------------------------------------------------------------

RR_WITHDRAWAL = """
1 A 2000 +W4 +B3 =W2
2 B 1900 =B3 +F4 =B1
3 C 1800 =W2 -W1 +F4
4 D 1700 -B1 -F2 -F3
"""
# a single round robin of 4 (3 rounds): D played round 1, then withdrew; his remaining games
# are written as forfeits, as the FIDE Tournament Rules write them


def test_withdrawn_players_in_a_round_robin():
    results, _ = crosstable(RR_WITHDRAWAL)
    kw = dict(tiebreaks=["SB", "KS"], rules="fide2024", round_robin=True)
    kept = standings(results, **kw).set_index("player")
    assert kept["PTS"].to_dict() == {1: 2.5, 2: 2.0, 3: 1.5, 4: 0.0}
    # leave_out: D is not in the table; the others' values do not change
    left = standings(results, withdrawn="leave_out", **kw).set_index("player")
    assert sorted(left.index) == [1, 2, 3]
    pd.testing.assert_frame_equal(
        left[["PTS", "SB", "KS"]], kept.loc[[1, 2, 3], ["PTS", "SB", "KS"]]
    )
    # fide (C.06 V.4): D completed 1 of his 3 games, less than 50 %: "the points scored by him
    # or against him are not counted": A loses round 1: 1 + 1/2 = 1.5; B loses
    # round 2: 1/2 + 1/2 = 1.0; C loses round 3: 1/2 + 0 = 0.5
    fide = standings(results, withdrawn="fide", **kw).set_index("player")
    assert fide["PTS"].to_dict() == {1: 1.5, 2: 1.0, 3: 0.5}
    # SB: A beat C (0.5) + drew B (1.0 x 1/2) = 1.0; B drew C (0.25) and A (0.75) = 1.0;
    # C drew B: 0.5
    assert fide["SB"].to_dict() == {1: 1.0, 2: 1.0, 3: 0.5}
    # Koya: 2 rounds left, limit 1.0: A and B reach it. A drew B: 0.5; B drew A: 0.5;
    # C drew B: 0.5 and lost to A
    assert fide["KS"].to_dict() == {1: 0.5, 2: 0.5, 3: 0.5}
    # D, had he played two of his three games, would stay (and so would his games)
    played_more = RR_WITHDRAWAL.replace("+F4 =B1", "+W4 =B1").replace("-F2 -F3", "-B2 -F3")
    results2, _ = crosstable(played_more)
    stays = standings(results2, withdrawn="fide", **kw)
    assert sorted(stays["player"]) == [1, 2, 3, 4]


def test_withdrawn_players_in_a_swiss():
    results, _ = crosstable(ADJUSTED_SWISS)
    kw = dict(tiebreaks=["BH"], rules="fide2024")
    kept = standings(results, **kw).set_index("player")
    # B absent from round 3 to the end: withdrawn; E absent in round 2 only: not
    left = standings(results, withdrawn="leave_out", **kw).set_index("player")
    assert sorted(left.index) == [1, 3, 4, 5]
    assert left["BH"].to_dict() == kept.loc[[1, 3, 4, 5], "BH"].to_dict()
    assert left["rank"].tolist() == [1, 2, 3, 4]
    # V.5: a withdrawn Swiss player stays in the table
    fide = standings(results, withdrawn="fide", **kw)
    pd.testing.assert_frame_equal(fide, standings(results, **kw))
    with pytest.raises(ValueError, match="withdrawn must be one of"):
        standings(results, withdrawn="gone")


# --- tie-breaks declared by the file (TRF-2026 202/212) -----------------------------------------


def _trf_with(records: str, results: pd.DataFrame, tmp_path, name: str):
    """A TRF of `results` with the tournament `records` added after its header."""
    from tourneystats.chess import write_trf

    path = write_trf(results, None, None, tmp_path / f"{name}.trf")
    lines = path.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("001"))
    path.write_text("\n".join(lines[:at] + records.strip().splitlines() + lines[at:]) + "\n")
    return path


def test_the_order_a_trf_declares_is_used(tmp_path):
    from tourneystats.chess import read_results, standings_from_path

    results, _ = crosstable(VUR_CASE)
    _trf_with("202 BH/C1,BH\n212 PTS,SB/C1,DE", results, tmp_path, "a")
    _trf_with("202 STD,TPN/R", results, tmp_path, "b")
    got, players, events = read_results(tmp_path)
    # 212 (the standings' order, the points first) wins over 202
    assert events.set_index("event")["tiebreaks"].to_dict() == {"a": "SB/C1,DE", "b": "STD,TPN/R"}
    table = standings(got, events=events, rules="fide2026")
    assert list(table.columns) == [
        "event", "player", "rank", "PTS", "SB/C1", "DE", "STD", "TPN/R", "decided_by"
    ]  # fmt: skip
    a = table[table["event"] == "a"]
    assert a["STD"].isna().all() and a.set_index("player").loc[2, "SB/C1"] == 2.5
    b = table[table["event"] == "b"]
    # b by STD then TPN descending: the two players of 1 point... every player's rank is his own
    alone = standings(got[got["event"] == "b"], tiebreaks=["STD", "TPN/R"], rules="fide2026")
    assert b["rank"].tolist() == alone["rank"].tolist()
    # round robins named by label, each order given its own
    named = standings(got, events=events, rules="fide2024", round_robin=["b"])
    assert list(named.columns) == list(table.columns)
    with pytest.raises(Exception, match="no such event"):
        standings(got, events=events, rules="fide2024", round_robin=["c"])
    # tiebreaks= overrides the files
    given = standings_from_path(tmp_path, rules="fide2026", tiebreaks=["BH"])
    assert list(given.columns) == ["event", "player", "rank", "PTS", "BH", "decided_by"]
    # the command line takes the declared order too
    pd.testing.assert_frame_equal(standings_from_path(tmp_path, rules="fide2026"), table)
    # and so does the history: each event after each round, by its own order
    history = standings_by_round(got, events=events, rules="fide2026")
    assert list(history.columns) == [
        "event", "round", "player", "rank", "PTS", "SB/C1", "DE", "STD", "TPN/R", "decided_by"
    ]  # fmt: skip
    last = history[history["round"] == 4].drop(columns="round").reset_index(drop=True)
    pd.testing.assert_frame_equal(last, table, check_dtype=False)


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ("202 BH/C1,XYZ", r"a\.trf:\d+: column 11: unknown tie-break 'XYZ'"),
        (
            "202 EDET/P2,BH:MP/C1",
            r"a\.trf:\d+: column 5: modifier /P takes no number \(in 'EDET/P2'\)",
        ),
        ("202 EDET/P,EMGSB/C1/P1", r"a\.trf:\d+: column 12: modifier /P takes no number"),
        ("202 BH/C1,AOB/P", r"a\.trf:\d+: column 11: tie-break AOB takes no /P modifier"),
        ("202 DE/Q", r"a\.trf:\d+: column 5: tie-break DE takes no /Q modifier \(in 'DE/Q'\)"),
        (
            "202 BH,EDET/P",
            r"a\.trf:\d+: column 8: 'EDET/P' is a team tie-break, and the file has no",
        ),
        ("212 MP,BH", r"a\.trf:\d+: column 5: 'MP' is a team tie-break, and the file has no team"),
        ("212 BH,SB", r"a\.trf:\d+: column 5: a 212 record lists the standings' criteria"),
        ("202 BH\n202 SB", r"a\.trf:\d+: a second 202 record"),
        ("202 KS/L+1", r"takes no /L modifier"),
        ("162  W 1.0    D 1.0    L 0.0", r"a\.trf:\d+: 162: point system"),
        ("162  W 3.0    D x.0", r"a\.trf:\d+: column 16: points ' x.0' of 'D'"),
    ],
)
def test_bad_declarations_are_refused_at_their_line(tmp_path, record, message):
    from tourneystats.chess import read_trf

    results, _ = crosstable(VUR_CASE)
    path = _trf_with(record, results, tmp_path, "a")
    with pytest.raises(Exception, match=message):
        read_trf(path, check_points=False)


def test_a_162_record_one_column_to_the_left_is_read(tmp_path):
    from tourneystats.chess import read_trf, write_trf

    results, _ = crosstable(POINTS_CASE)
    events = pd.DataFrame({"event": ["T"], "point_system": ["3/1/0"]})
    path = write_trf(three_one_zero(results), None, events, tmp_path / "a.trf")
    text = path.read_text().replace("162  W 3.0    D 1.0", "162 W 3.0    D 1.0 ")
    path.write_text(text)
    data = read_trf(path)
    assert data.events["point_system"].str.startswith("win=3,draw=1,loss=0").all()


def test_a_round_robin_of_an_odd_number_of_players():
    # 3 players, 3 rounds, each sits out once (a zero-point bye): 1-2 1-0; 2-3 draw; 3-1 0-1
    table = """
1 A 2000 +W2 -- -B3
2 B 1900 -B1 =W3 --
3 C 1800 -- =B2 +W1
"""
    results, _ = crosstable(table)
    t = standings(results, tiebreaks=["BH", "SB", "KS"], rules="fide2024", round_robin=True)
    t = t.set_index("player")
    # the free round is no unplayed round of art. 16 (15.2-15.3: art. 16 is for Swiss events):
    # it adds nothing, and nobody's score is adjusted: A's BH = B 0.5 + C 1.5 = 2.0;
    # SB = 1 x 0.5 + 0 x 1.5 = 0.5
    assert (t.loc[1, "BH"], t.loc[1, "SB"]) == (2.0, 0.5)
    # KS (9.2): the maximum possible score is 2 points (2 games each), 50 %: 1.0 -> A (1.0)
    # and C (1.5) count: A lost to C 0; B drew C 0.5; C beat A 1
    assert t["KS"].to_dict() == {1: 0.0, 2: 0.5, 3: 1.0}
    # as a Swiss event: B's absence in the last round counts as a draw for his opponents
    # (16.3.2): 1.0; A's absence is a dummy with his own 1.0 (16.4): 1.0 + 1.5 + 1.0
    swiss = standings(results, tiebreaks=["BH"], rules="fide2024", round_robin=False)
    assert swiss.set_index("player").loc[1, "BH"] == 3.5


def test_explain_with_a_point_system_and_standard_points():
    from tourneystats.chess import explain

    results, _ = crosstable(POINTS_CASE)
    ex = explain(three_one_zero(results), tiebreak="SB", player=4, rules="fide2026", points="3/1/0")
    # D: C (3) x 1, the half-point bye's dummy 3 x 1, the forfeit win's dummy 3 x 3 (see above)
    assert ex["counted_as"].tolist() == ["player", "dummy", "dummy"]
    assert ex["contribution"].tolist() == [3.0, 3.0, 9.0] and ex["value"].iloc[0] == 15.0
    std = explain(three_one_zero(results), tiebreak="STD", player=4, points="3/1/0")
    assert std["contribution"].tolist() == [0.5, 0.5, 1.0]
    with pytest.raises(ValueError, match="does not break down TPN"):
        explain(results, tiebreak="TPN")


def test_direct_encounter_under_3_1_0_counts_a_missing_game_as_a_win_s_points():
    """C.07 art. 6.3 under 3/1/0. A, B, C on 3 points: A beat B (3), C met neither. B could
    still reach 3 by beating C, C 6: nobody is sure of first place, the three stay tied (with
    a missing game worth 1 point A would be placed first). E and F on 6: F beat E."""
    games = [(1, "A", "B", 3.0), (1, "C", "D", 3.0), (1, "F", "E", 3.0), (2, "E", "A", 3.0),
             (2, "B", "D", 3.0), (2, "F", "C", 3.0), (3, "E", "D", 3.0)]  # fmt: skip
    rows = []
    for rnd, winner, loser, pts in games:
        rows.append(("T", rnd, winner, loser, "w", pts, "played"))
        rows.append(("T", rnd, loser, winner, "b", 0.0, "played"))
    rows += [("T", 3, p, None, None, 0.0, "zpb") for p in "ABCF"]
    results = pd.DataFrame(
        rows, columns=["event", "round", "player", "opponent", "colour", "points", "kind"]
    )
    table = standings(results, tiebreaks=["DE"], points="3/1/0").set_index("player")
    assert table["PTS"].to_dict() == {"A": 3, "B": 3, "C": 3, "D": 0, "E": 6, "F": 6}
    assert table["rank"].to_dict() == {"F": 1, "E": 2, "A": 3, "B": 3, "C": 3, "D": 6}
