"""Round-robin pools and Swiss stages: tie-break rule sets, byes, standings after each round;
worked examples by hand and the plain-Python reference (tests/reference_teams.py)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
import reference_teams as ref
from hypothesis import given
from hypothesis import strategies as st

from tourneystats import bridge
from tourneystats.bridge import TEAM_RULES, TeamRules, pool_matches, pool_standings
from tourneystats.core.schema import ValidationError


def _matches(rows, event="E"):
    """(round, home, visit, home IMPs, visit IMPs, home VP, visit VP) -> a match frame."""
    cols = ["round", "home_team", "visit_team", "home_imps", "visit_imps", "home_vp", "visit_vp"]
    frame = pd.DataFrame(rows, columns=cols)
    frame.insert(0, "event", event)
    return frame


# Four teams; A and C end on 30 VPs and C won their match 15-5 (worked by hand):
# A 15 + 5 + 10 = 30, B 5 + 15 + 15 = 35, C 10 + 15 + 5 = 30, D 10 + 5 + 10 = 25.
FOUR = _matches([
    (1, "A", "B", 40, 20, 15, 5), (1, "C", "D", 30, 30, 10, 10),
    (2, "A", "C", 10, 30, 5, 15), (2, "B", "D", 35, 15, 15, 5),
    (3, "A", "D", 25, 25, 10, 10), (3, "B", "C", 30, 10, 15, 5),
])  # fmt: skip

# A, B and C each beat one of the others 15-5 (20 VPs between them) and D 15-5: 35 VPs each.
# IMP quotients: A (30 + 10 + 40) / (10 + 30 + 10) = 1.6; B (10 + 30 + 20) / 50 = 1.2; C the
# same 1.2; D 30 / 80 = 0.375. The quotient puts A first and leaves B and C tied; their match (B 15-5) decides
# when the rules restart, and nothing does when they do not.
CYCLE = _matches([
    (1, "A", "B", 30, 10, 15, 5), (1, "C", "D", 20, 10, 15, 5),
    (2, "B", "C", 30, 10, 15, 5), (2, "A", "D", 40, 10, 15, 5),
    (3, "C", "A", 30, 10, 15, 5), (3, "B", "D", 20, 10, 15, 5),
])  # fmt: skip


def test_head_to_head_splits_two_teams():
    for rules in ("cbai", "ebu"):
        t = pool_standings(FOUR, rules=rules, vp_scale="given")
        assert t["team"].tolist() == ["B", "C", "A", "D"]
        assert t["vp"].tolist() == [35, 30, 30, 25]
        assert t["rank"].tolist() == [1, 2, 3, 4]
        assert t["decided_by"].tolist()[:3] == ["vp", "h2h_vp", "vp"]
    t = pool_standings(FOUR, vp_scale="given")  # vp_only: A and C share second place
    assert t["rank"].tolist() == [1, 2, 2, 4]
    assert t["decided_by"].tolist()[:3] == ["vp", "tied", "vp"]


def test_restart_sends_the_last_two_back_to_their_match():
    t = pool_standings(CYCLE, rules="cbai", vp_scale="given")
    assert t["team"].tolist() == ["A", "B", "C", "D"]
    assert t["imp_quotient"].round(6).tolist() == [1.6, 1.2, 1.2, 0.375]
    assert t["rank"].tolist() == [1, 2, 3, 4]
    assert t["decided_by"].tolist()[:3] == ["imp_quotient", "h2h_vp", "vp"]
    flat = TEAM_RULES["cbai"].replace(name="flat", restart=False)
    t = pool_standings(CYCLE, rules=flat, vp_scale="given")
    assert t["rank"].tolist() == [1, 2, 2, 4]
    assert t["decided_by"].tolist()[:3] == ["imp_quotient", "tied", "vp"]


def test_wbf2013_vps_and_segments_summed():
    # 16 boards in two segments of 8: A wins 18-4 then 6-10, 24-14 in all: a margin of 10.
    seg = pd.DataFrame({"event": "E", "round": 1, "segment": [1, 2], "home_team": "A",
                        "visit_team": "B", "home_imps": [18, 6], "visit_imps": [4, 10],
                        "boards": 8})  # fmt: skip
    m = pool_matches(seg)
    assert m[["boards", "home_imps", "visit_imps"]].to_numpy().tolist() == [[16, 24, 14]]
    vp = bridge.victory_points(10, 16)
    assert m["home_vp"].tolist() == [vp] and m["visit_vp"].tolist() == [round(20 - vp, 2)]


def test_byes_scored_as_the_rules_say():
    m = _matches([(1, "A", "B", 20, 10, 14, 6), (1, "C", None, 0, None, None, None),
                  (2, "C", "A", 5, 25, 4, 16), (2, "B", None, 0, None, None, None)])  # fmt: skip
    with pytest.raises(ValidationError, match="bye"):
        pool_standings(m, vp_scale="given")
    t = pool_standings(m, rules=TeamRules("club", bye_vp=12), vp_scale="given")
    assert dict(zip(t["team"], t["vp"], strict=True)) == {"A": 30, "B": 18, "C": 16}
    assert t["byes"].tolist() == [0, 1, 1]
    t = pool_standings(m, rules=TeamRules("club", bye_vp="average"), vp_scale="given")
    assert dict(zip(t["team"], t["vp"], strict=True)) == {"A": 30, "B": 12, "C": 8}


def test_standings_after_each_round():
    t = pool_standings(FOUR, rules="cbai", vp_scale="given", by_round=True)
    assert t["after_round"].unique().tolist() == [1, 2, 3]
    for r in (1, 2, 3):
        part = t[t["after_round"] == r].drop(columns="after_round").reset_index(drop=True)
        direct = pool_standings(FOUR[FOUR["round"] <= r], rules="cbai", vp_scale="given")
        pd.testing.assert_frame_equal(part, direct, check_dtype=False)
    after1 = t[t["after_round"] == 1]
    assert after1["team"].tolist()[:1] == ["A"] and after1["vp"].tolist() == [15, 10, 10, 5]


def test_refused_rules_and_inputs():
    with pytest.raises(ValueError, match="not shipped"):
        pool_standings(FOUR, rules="wbf", vp_scale="given")
    with pytest.raises(ValueError, match="unknown criteria"):
        TeamRules("x", criteria=("goal_difference",))
    with pytest.raises(ValidationError, match="boards"):
        pool_standings(FOUR.drop(columns=["home_vp", "visit_vp"]))
    bad = FOUR.assign(visit_imps=FOUR["visit_imps"].astype(float).where(FOUR.index != 2))
    with pytest.raises(ValidationError, match="visit_imps"):
        pool_standings(bad, vp_scale="given")


def test_board_results_in_the_team_shape():
    t = pd.DataFrame({"event": "T", "board": [1, 1, 2, 2], "home_team": "A", "visit_team": "B",
                      "table": [1, 2, 1, 2], "home_side": ["NS", "EW", "NS", "EW"],
                      "ns_score": [620, 170, -100, 50]})  # fmt: skip
    s = pool_standings(t)
    old = bridge.team_standings(t)
    assert s["vp"].tolist() == old["vp"].tolist()
    assert s[["imps_for", "imps_against"]].to_numpy().tolist() == [[10, 4], [4, 10]]


# --- the reference, on random pools --------------------------------------------------------------


@st.composite
def pools(draw):
    """Several events of 3-6 teams, a full round robin each, with few distinct VPs and IMPs so
    that ties of every size happen; sometimes a team meets another twice."""
    rows = []
    for e in range(draw(st.integers(1, 3))):
        n = draw(st.integers(3, 6))
        teams = [f"T{i}" for i in range(n)]
        pairs = [(a, b) for i, a in enumerate(teams) for b in teams[i + 1 :]]
        if draw(st.booleans()):
            pairs += pairs[:2]
        for r, (a, b) in enumerate(pairs):
            hi, vi = draw(st.integers(0, 4)) * 5, draw(st.integers(0, 4)) * 5
            hvp = draw(st.sampled_from([5, 10, 15]))
            rows.append((f"E{e}", r + 1, a, b, hi, vi, hvp, 20 - hvp))
    cols = ["event", "round", "home_team", "visit_team", "home_imps", "visit_imps", "home_vp",
            "visit_vp"]  # fmt: skip
    return pd.DataFrame(rows, columns=cols)


rule_sets = st.one_of(
    st.sampled_from(list(TEAM_RULES.values())),
    st.builds(
        lambda crits, restart, two: TeamRules(
            "random", criteria=tuple(crits), restart=restart,
            two_teams_only=tuple(c for c in crits if c in two),
        ),
        st.lists(st.sampled_from(bridge.TEAM_CRITERIA), unique=True, max_size=4),
        st.booleans(),
        st.sets(st.sampled_from(bridge.TEAM_CRITERIA)),
    ),
)  # fmt: skip


@given(pools(), rule_sets)
def test_pools_match_the_reference(frame, rules):
    got = pool_standings(frame, rules=rules, vp_scale="given")
    ms = [{"event": r.event, "home": r.home_team, "visit": r.visit_team, "hi": r.home_imps,
           "vi": r.visit_imps, "hvp": r.home_vp, "vvp": r.visit_vp}
          for r in frame.itertuples()]  # fmt: skip
    want = ref.pool_standings(
        ms,
        {
            "criteria": list(rules.criteria),
            "restart": rules.restart,
            "two_only": list(rules.two_teams_only),
            "bye_vp": None,
        },
    )
    for event, table in want.items():
        part = got[got["event"] == event]
        assert part["rank"].tolist() == [row[2] for row in table]
        assert part["vp"].tolist() == pytest.approx([row[1] for row in table])
        decided = [None if pd.isna(x) else x for x in part["decided_by"]]
        assert decided == [row[3] for row in table]
        # a shared place lists its teams by name; otherwise the order is the reference's
        assert [t for t in part["team"]] == [row[0] for row in table]


def test_vectorised_over_events_equals_one_by_one():
    frame = pd.concat([FOUR, CYCLE.assign(event="F")], ignore_index=True)
    both = pool_standings(frame, rules="cbai", vp_scale="given")
    one = pd.concat([pool_standings(FOUR, rules="cbai", vp_scale="given"),
                     pool_standings(CYCLE.assign(event="F"), rules="cbai", vp_scale="given")],
                    ignore_index=True)  # fmt: skip
    pd.testing.assert_frame_equal(both, one)
    assert np.isfinite(both["imp_quotient"]).all()


def test_team_files_through_the_path_and_the_command_line(tmp_path, capsys):
    """A real PBN team file (tests/data/bridge/pbn-teams-imps.pbn): the pool standings under a
    rule set agree with the plain team standings on every team's VPs and IMPs."""
    from pathlib import Path

    from tourneystats.cli import run

    path = Path(__file__).parent / "data" / "bridge" / "pbn-teams-imps.pbn"
    ruled = bridge.standings_from_path(path, rules="cbai")
    plain = bridge.team_standings_from_path(path)
    both = ruled.merge(plain, on=["event", "team"], suffixes=("", "_plain"))
    assert len(both) == len(plain) > 2
    assert (both["vp"] == both["vp_plain"]).all()
    assert (both["imps_for"] == both["imps_for_plain"]).all()
    again = bridge.team_standings_from_path(path, rules="cbai")
    assert again["team"].tolist() == ruled["team"].tolist()
    assert again["rank"].tolist() == ruled["rank"].tolist()
    # equal VPs: the IMP quotient places them (here 14.28: Team 21 18/5 above Team 28 20/7)
    assert (ruled["decided_by"] == "imp_quotient").any()
    with pytest.raises(SystemExit) as done:
        run(["standings", str(path), "--family", "bridge", "--rules", "cbai"])
    assert done.value.code == 0
    assert "decided_by" in capsys.readouterr().out


def test_pzbs_vps_against_the_teams_placed_higher():
    # B, C and D end on 40 VPs, 20 each in their cycle (15-5 wins); against A, placed higher
    # with 45, C won 12, B 10 and D 8: the PZBS order puts C, B, D (worked by hand).
    m = _matches([
        (1, "A", "B", 10, 10, 10, 10), (1, "C", "D", 30, 10, 15, 5),
        (2, "A", "C", 10, 14, 8, 12), (2, "D", "B", 30, 10, 15, 5),
        (3, "A", "D", 14, 10, 12, 8), (3, "B", "C", 30, 10, 15, 5),
        (4, "A", "E", 30, 10, 15, 5), (5, "B", "E", 10, 10, 10, 10),
        (6, "C", "E", 10, 14, 8, 12), (7, "D", "E", 14, 10, 12, 8),
    ])  # fmt: skip
    t = pool_standings(m, rules="pzbs", vp_scale="given")
    assert t["team"].tolist() == ["A", "C", "B", "D", "E"]
    assert t["vp"].tolist() == [45, 40, 40, 40, 35]
    assert t["decided_by"].tolist()[:4] == ["vp", "vp_against_higher", "vp_against_higher", "vp"]


# --- the WBF 2013 discrete VP scale --------------------------------------------------------------


def test_wbf_discrete_worked_by_hand_for_16_boards():
    # X = 15 sqrt(16) = 60, R = tau^3 = 0.236068. The continuous curve reaches 10.5 VPs at
    # 60 ln(1 - 0.763932 x 0.05) / ln R = 1.62 IMPs, 11.5 at 5.06, 12.5 at 8.81: bands end at 1,
    # 5 and 8. The band of 11 (2-5, 4 IMPs) is wider than the band of 12 (6-8, 3 IMPs): its end
    # moves down to 4, giving 0-1 10-10, 2-4 11-9, 5-8 12-8 (as published).
    t = bridge.vpscales.wbf_discrete_table(16)
    assert t["imp_min"].tolist()[:4] == [0, 2, 5, 9]
    assert t["imp_max"].tolist()[:3] == [1, 4, 8]
    assert t["vp_winner"].tolist() == list(range(10, 21))
    assert (t["vp_winner"] + t["vp_loser"] == 20).all()
    m = pd.DataFrame({"event": "E", "home_team": ["A", "C"], "visit_team": ["B", "D"],
                      "home_imps": [25, 10], "visit_imps": [20, 90], "boards": 16})  # fmt: skip
    out = pool_matches(m, vp_scale="wbf2013_discrete")
    assert out[["home_vp", "visit_vp"]].to_numpy().tolist() == [[12, 8], [0, 20]]


def test_wbf_discrete_reproduces_the_published_tables():
    """The 20-VP discrete tables of 5 to 64 boards (tests/data/README.md): 220 band starts."""
    from pathlib import Path

    path = Path(__file__).parent / "data" / "bridge" / "vp" / "wbf-discrete-20vp.csv"
    published = bridge.vpscales.check_vp_table(pd.read_csv(path))
    ours = bridge.vpscales.wbf_discrete_table(published["boards"].unique())
    assert len(ours) == len(published) == 220
    for column in ("boards", "imp_min", "vp_winner", "vp_loser"):
        assert ours[column].tolist() == published[column].tolist()
    same_end = (ours["imp_max"] == published["imp_max"]) | (
        ours["imp_max"].isna() & np.isinf(published["imp_max"])
    )
    assert same_end.all()
    # and as a scale: every margin from -120 to 120 scores what the published table gives
    margins = np.tile(np.arange(-120, 121), 20)
    boards = np.repeat(published["boards"].unique(), 241)
    ours_vp = bridge.vpscales.scale_of("wbf2013_discrete")(margins, boards)
    assert (ours_vp == bridge.vpscales.scale_of(published)(margins, boards)).all()


@given(st.lists(st.tuples(st.integers(-150, 150), st.integers(1, 80)), min_size=1, max_size=30))
def test_wbf_discrete_matches_the_reference(cases):
    margins = np.array([m for m, _ in cases])
    boards = np.array([b for _, b in cases])
    got = bridge.vpscales.scale_of("wbf2013_discrete")(margins, boards)
    assert got.tolist() == [ref.wbf_discrete_vp(m, b) for m, b in cases]
    # before its concavity correction the discrete VP is the unrounded continuous VP rounded to
    # a whole VP (0.5 apart at most); the correction moves a band end by an IMP (one VP more)
    cont = bridge.victory_points(margins, boards)
    assert (np.abs(got - cont) <= 1.5).all()


def test_wbf_discrete_refuses_impossible_boards():
    with pytest.raises(ValueError, match="whole numbers"):
        bridge.vpscales.wbf_discrete_table(0)
    with pytest.raises(ValueError, match="whole numbers"):
        bridge.vpscales.scale_of("wbf2013_discrete")(np.array([3.0]), np.array([2.5]))
    with pytest.raises(ValueError, match="wbf2013_discrete"):
        bridge.vpscales.scale_of("wbf_discrete")


# --- match results (IMPs per match) through the files and the command line ----------------------

_RR = """event,round,home_team,visit_team,home_imps,visit_imps,boards
E,1,A,B,30,12,16
E,1,C,D,10,10,16
E,2,A,C,5,20,16
E,2,B,D,40,0,16
E,3,A,D,22,21,16
E,3,B,C,11,19,16
"""


def test_match_results_through_the_path_and_the_command_line(tmp_path, capsys):
    # 16 boards on the discrete scale (bands 0-1, 2-4, 5-8, 9-12, 13-17, 18-22, 23-28, 29-35,
    # 36-43, 44-53, 54+): A-B 30-12 (18) 15-5, C-D 10-10, A-C 5-20 (15) 6-14, B-D 40-0 (40)
    # 18-2, A-D 22-21 (1) 10-10, B-C 11-19 (8) 8-12: C 36, A 31, B 31, D 22. Under the CBAI
    # rules A is above B by their match (15-5).
    from tourneystats.cli import run

    path = tmp_path / "rr.csv"
    path.write_text(_RR)
    t = bridge.team_standings_from_path(path, vp_scale="wbf2013_discrete")
    assert dict(zip(t["team"], t["vp"], strict=True)) == {"C": 36, "A": 31, "B": 31, "D": 22}
    assert t.loc[t["team"].isin(["A", "B"]), "rank"].tolist() == [2, 2]
    ruled = bridge.standings_from_path(path, rules="cbai", vp_scale="wbf2013_discrete")
    assert ruled["team"].tolist() == ["C", "A", "B", "D"]
    assert ruled["rank"].tolist() == [1, 2, 3, 4]
    assert ruled["decided_by"].tolist()[1] == "h2h_vp"
    # the default scale (WBF 2013 continuous) gives what team_matches gives for each match
    plain = bridge.standings_from_path(path)
    vps = pool_matches(pd.read_csv(path))
    assert plain.set_index("team")["vp"].to_dict() == pytest.approx(
        pd.concat([vps.groupby("home_team")["home_vp"].sum(),
                   vps.groupby("visit_team")["visit_vp"].sum()]).groupby(level=0).sum().to_dict()
    )  # fmt: skip
    with pytest.raises(SystemExit) as done:
        run(["standings", str(path), "--family", "bridge", "--rules", "cbai",
             "--vp-scale", "wbf2013_discrete"])  # fmt: skip
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "h2h_vp" in out and "36.0" in out


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        ("E,1,A,B,30,-12,16", "negative IMPs"),
        ("E,1,A,B,30,12,16\nE,1,A,D,10,10,16", "plays twice in a round"),
        ("E,1,A,B,30,12,16\nE,1,A,,0,,16", "plays twice in a round"),
        ("E,1,A,A,30,12,16", "against itself"),
        ("E,1,A,B,30,12,0", "boards must be 1 or more"),
        ("E,1,A,B,30x,12,16", "'home_imps' is not numeric"),
        ("E,1,A,B,30,,16", "missing value in column 'visit_imps'"),
    ],
)
def test_hostile_match_results_name_the_file_and_the_match(tmp_path, capsys, rows, expected):
    from tourneystats.cli import run

    path = tmp_path / "bad.csv"
    path.write_text(_RR.splitlines()[0] + "\n" + rows + "\n")
    with pytest.raises(SystemExit) as done:
        run(["standings", str(path), "--family", "bridge"])
    assert done.value.code != 0
    err = capsys.readouterr().err
    assert str(path) in err and expected in err
    assert "home_team='A'" in err  # the offending match named by its teams


def test_team_columns_without_home_team_are_named(tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text(_RR.replace("home_team,visit_team", "home,visit"))
    with pytest.raises(ValidationError, match="no 'home_team'.*team match results: event"):
        bridge.standings_from_path(path)


def test_check_published_vps_and_places_of_match_results(tmp_path, capsys):
    """`check` on a match table publishing VPs, with its standings beside it (the worked pool
    above, on the discrete scale)."""
    from tourneystats.cli import run

    vps = {(1, "A"): (15, 5), (1, "C"): (10, 10), (2, "A"): (6, 14), (2, "B"): (18, 2),
           (3, "A"): (10, 10), (3, "B"): (8, 12)}  # fmt: skip
    m = pd.read_csv(__import__("io").StringIO(_RR))
    pairs = [vps[(r, h)] for r, h in zip(m["round"], m["home_team"], strict=True)]
    m = m.assign(home_vp=[p[0] for p in pairs], visit_vp=[p[1] for p in pairs])
    m.to_csv(tmp_path / "rr-matches.csv", index=False)
    pd.DataFrame({"event": "E", "team": ["C", "A", "B", "D"], "vp": [36, 31, 31, 22],
                  "rank": [1, 2, 3, 4]}).to_csv(tmp_path / "rr-standings.csv", index=False)  # fmt: skip
    t = bridge.check_from_path(tmp_path / "rr-matches.csv", vp_scale="wbf2013_discrete",
                               rules="cbai")  # fmt: skip
    assert len(t) == 20 and t["equal"].all()
    assert sorted(t["value"].unique()) == ["home_vp", "rank", "visit_vp", "vp"]
    # without tie-break rules A and B share second place, which covers B's published third
    t = bridge.check_from_path(tmp_path / "rr-matches.csv", vp_scale="wbf2013_discrete")
    b = t[(t["team"] == "B") & (t["value"] == "rank")]
    assert b[["published", "computed", "equal"]].to_numpy().tolist() == [[3, 2, True]]
    assert t["equal"].all()
    with pytest.raises(SystemExit) as done:
        run(["check", str(tmp_path / "rr-matches.csv"), "--family", "bridge",
             "--vp-scale", "wbf2013_discrete", "--rules", "cbai"])  # fmt: skip
    assert done.value.code == 0
    assert "20 published values compared: 20 equal" in capsys.readouterr().out
    # a wrong published VP is found
    m.assign(home_vp=m["home_vp"].where(m.index != 3, 17)).to_csv(tmp_path / "x.csv", index=False)
    t = bridge.check_from_path(tmp_path / "x.csv", vp_scale="wbf2013_discrete")
    assert t.loc[
        ~t["equal"], ["home_team", "round", "published", "computed"]
    ].to_numpy().tolist() == [["B", 2, 17, 18]]


def test_check_refuses_tables_without_published_values(tmp_path):
    path = tmp_path / "plain.csv"
    path.write_text(_RR)
    with pytest.raises(ValidationError, match="no published values"):
        bridge.check_from_path(path)
    (tmp_path / "plain-standings.csv").write_text("event,name,vp\nE,A,31\n")
    with pytest.raises(ValidationError, match="need the columns event, team"):
        bridge.check_from_path(path)
    pairs = tmp_path / "pairs.csv"
    pairs.write_text("event,board,ns_pair,ew_pair,ns_score\nE,1,1,2,420\n")
    with pytest.raises(ValidationError, match="team match results"):
        bridge.check_from_path(pairs)
    with pytest.raises(ValueError, match="does not apply"):
        bridge.check_from_path(path, scoring="butler")


def test_a_folder_of_match_results_and_one_mixing_both_team_shapes(tmp_path):
    (tmp_path / "rr.csv").write_text(_RR)
    t = bridge.standings_from_path(tmp_path, vp_scale="wbf2013_discrete")
    assert t["vp"].tolist() == [36, 31, 31, 22]
    (tmp_path / "boards.csv").write_text(
        "event,board,home_team,visit_team,table,home_side,ns_score\n"
        "T,1,X,Y,1,NS,620\nT,1,X,Y,2,EW,170\n"
    )
    with pytest.raises(ValidationError, match=r"board results \(boards.csv\).*\(rr.csv\)"):
        bridge.standings_from_path(tmp_path)
