"""The one validation of team tables (bridge.teaminput): knockouts, pools, team rules and the
published standings of `check`, each kind of input through the API and the command line,
refused naming the rows (and the file) or accepted with the right numbers and a warning."""

from __future__ import annotations

import io
import re
import warnings

import pandas as pd
import pytest

from tourneystats import bridge
from tourneystats.bridge import KnockoutRules, TeamRules, knockout_matches, pool_standings
from tourneystats.cli import run
from tourneystats.core.schema import ValidationError


def _cli(args, capsys):
    """Exit status, stdout and stderr of the command line."""
    with pytest.raises(SystemExit) as done:
        run([str(a) for a in args])
    out = capsys.readouterr()
    return done.value.code, out.out, out.err


def _unchanged(call, *frames):
    """`call()`, checking that it leaves the frames given as they were."""
    before = [f.copy(deep=True) for f in frames]
    try:
        return call()
    finally:
        for f, b in zip(frames, before, strict=True):
            pd.testing.assert_frame_equal(f, b)


# --- knockouts -----------------------------------------------------------------------------------

# Two semi-finals of two segments (worked by hand): A 30 + 20 = 50, B 12 + 25 = 37;
# C 10 + 40 = 50, D 10 + 41 = 51.
SF = pd.DataFrame({
    "event": "Cup", "stage": "SF", "segment": [1, 2, 1, 2],
    "home_team": ["A", "B", "C", "D"], "visit_team": ["B", "A", "D", "C"],
    "home_imps": [30, 25, 10, 41], "visit_imps": [12, 20, 10, 40],
})  # fmt: skip
PLACES = pd.DataFrame({"event": "Cup", "team": list("ABCD"), "rank": [1, 2, 3, 4]})


def _carry(team, value):
    return pd.DataFrame({"event": "Cup", "stage": ["SF"], "team": [team], "carry_over": [value]})


def _extra(seg, *rows):
    extra = pd.DataFrame(rows, columns=["segment", "home_team", "visit_team", "home_imps",
                                        "visit_imps"]).assign(event="Cup", stage="SF", extra=True)  # fmt: skip
    return pd.concat([seg.assign(extra=False), extra], ignore_index=True)


KNOCKOUT_REFUSED = {
    "a segment pasted twice": (pd.concat([SF, SF.iloc[[0]]]), {}, "listed twice"),
    "a segment again with a corrected score": (
        pd.concat([SF, SF.iloc[[0]].assign(home_imps=31)]), {}, "listed twice"),
    "a match twice without segment labels": (
        pd.concat([SF, SF.iloc[[0]]]).drop(columns="segment"), {}, "no 'segment' column"),
    "one match label for four teams": (SF.assign(match="SF1"), {}, "more than two teams"),
    "negative IMPs": (SF.assign(visit_imps=[-12, 20, 10, 40]), {}, "negative IMPs"),
    "zero boards": (SF.assign(boards=[0, 8, 8, 8]), {}, "boards must be 1 or more"),
    "a carry-over naming a team in no match": (SF, {"carry": _carry("Smtih", 3)}, "plays no match"),
    "a negative carry-over": (SF, {"carry": _carry("B", -3)}, "negative carry_over"),
    "a carry-over naming a team in another letter case": (
        SF, {"carry": _carry("b", 3)}, "differ only in letter case"),
    "a team in another letter case in one segment": (
        SF.assign(home_team=["A", "b", "C", "D"]), {}, "differ only in letter case"),
    "extra boards on a match that was not tied": (
        _extra(SF, (3, "A", "B", 5, 0)), {}, "not tied"),
    "places without a team": (SF, {"standings": PLACES.iloc[:3]}, "no place for team"),
    "places naming a team in another letter case": (
        SF, {"standings": PLACES.assign(team=["A", "B", "C", "d"])}, "differ only in letter case"),
}  # fmt: skip


def _ko_rules(tables):
    if "carry" in tables:
        return KnockoutRules("given", carry_over="given"), "knockout"
    if "standings" in tables:
        return "wuc2020", "knockout:wuc2020"
    return None, "knockout"


def _ko_files(tmp_path, seg, tables):
    path = tmp_path / "ko.csv"
    seg.to_csv(path, index=False)
    beside = {"carry": "ko-carry.csv", "earlier": "ko-earlier.csv", "standings": "ko-places.csv"}
    for name, table in tables.items():
        table.to_csv(tmp_path / beside[name], index=False)
    return path


@pytest.mark.parametrize("kind", list(KNOCKOUT_REFUSED))
def test_knockout_refusals_through_the_api_and_the_command_line(kind, tmp_path, capsys):
    seg, tables, message = KNOCKOUT_REFUSED[kind]
    api_rules, cli_rules = _ko_rules(tables)
    with pytest.raises(ValidationError, match=message) as err:
        _unchanged(lambda: knockout_matches(seg, rules=api_rules, **tables), seg,
                   *tables.values())  # fmt: skip
    assert "event=" in str(err.value) or "team " in str(err.value)
    path = _ko_files(tmp_path, seg, tables)
    status, _, stderr = _cli(["standings", path, "--family", "bridge", "--rules", cli_rules],
                             capsys)  # fmt: skip
    assert status == 1 and message in stderr and "Traceback" not in stderr
    assert "ko.csv" in stderr  # the file named; a table beside it by its own name
    if kind.startswith("a carry-over naming a team in no") or kind == "a negative carry-over":
        assert "ko-carry.csv" in stderr and "team=" in stderr


def _bracket(t):
    return t[["team", "carry_over", "total", "qualified", "decided_by"]].to_numpy().tolist()


def test_knockout_names_trimmed_and_carry_given_through_the_api_and_the_command_line(
    tmp_path, capsys
):
    clean = knockout_matches(SF)
    spaced = SF.assign(home_team=["A ", "B", " C", "D"], visit_team=["B  ", "A", "D", "C"])
    got = _unchanged(lambda: knockout_matches(spaced), spaced)
    pd.testing.assert_frame_equal(got, clean)
    # B starts 3 up ("B " in the carry table is B): 37 + 3 = 40, still out to A's 50
    rules = KnockoutRules("given", carry_over="given")
    t = knockout_matches(SF, rules=rules, carry=_carry("B ", 3))
    assert _bracket(t)[:2] == [["A", 0.0, 50.0, True, "total"], ["B", 3.0, 40.0, False, "total"]]
    path = _ko_files(tmp_path, spaced, {"carry": _carry("B ", 3)})
    status, out, _ = _cli(["standings", path, "--family", "bridge", "--rules", "knockout",
                           "--out", tmp_path / "t.csv"], capsys)  # fmt: skip
    assert status == 0
    pd.testing.assert_frame_equal(pd.read_csv(tmp_path / "t.csv")[t.columns].astype(str),
                                  t.astype(str))  # fmt: skip


def test_knockout_tied_after_the_carry_over_decided_by_extra_boards(tmp_path, capsys):
    # B carries 13: 13 + 37 = 50 = A's 50, tied; the extra boards go 2 - 5 to B
    seg = _extra(SF, (3, "B", "A", 5, 2))
    rules = KnockoutRules("given", carry_over="given")
    t = knockout_matches(seg, rules=rules, carry=_carry("B", 13))
    assert _bracket(t)[:2] == [["A", 0.0, 50.0, False, "extra_boards"],
                               ["B", 13.0, 50.0, True, "extra_boards"]]  # fmt: skip
    assert t["extra_imps"].tolist()[:2] == [2, 5]
    path = _ko_files(tmp_path, seg, {"carry": _carry("B", 13)})
    status, out, _ = _cli(["standings", path, "--family", "bridge", "--rules", "knockout"], capsys)
    assert status == 0 and "extra_boards" in out
    # under rules that do not break a tie by extra boards, extra boards are refused
    with pytest.raises(ValidationError, match="do not decide a tie by extra boards"):
        knockout_matches(seg, rules=rules.replace(ties=()), carry=_carry("B", 13))


RR = pd.DataFrame({"event": "Cup", "home_team": ["A", "C", "A"], "visit_team": ["B", "D", "D"],
                   "home_imps": [40, 1, 5], "visit_imps": [10, 0, 9]})  # fmt: skip


def test_knockout_carry_from_the_earlier_matches():
    # A beat B by 30: a third, capped at 8 -> A starts 8 up; C beat D by 1: 1/3 -> 0.3
    rules = KnockoutRules("cup", carry_over="earlier_match", fraction=1 / 3, cap=8,
                          carry_decimals=1)  # fmt: skip
    t = knockout_matches(SF, rules=rules, earlier=RR)
    assert t["carry_over"].tolist() == [8, 0, 0.3, 0]
    assert t["total"].tolist() == [58, 37, 50.3, 51]
    # the teams spelled another way in the earlier table: refused, not every carry-over 0
    spelled = RR.assign(home_team=["Team A", "Team C", "Team A"],
                        visit_team=["Team B", "Team D", "Team D"])  # fmt: skip
    with pytest.raises(ValidationError, match="no knockout match of event 'Cup', stage 'SF'"):
        knockout_matches(SF, rules=rules, earlier=spelled)
    with pytest.raises(ValidationError, match="no match of event 'Cup'"):
        knockout_matches(SF, rules=rules, earlier=RR.assign(event="Cup RR"))
    with pytest.raises(ValidationError, match="differ only in letter case"):
        knockout_matches(SF, rules=rules, earlier=RR.assign(home_team=["a", "C", "a"]))
    with pytest.raises(ValidationError, match="negative IMPs"):
        knockout_matches(SF, rules=rules, earlier=RR.assign(visit_imps=[-10, 0, 9]))
    # with rounds, a meeting listed twice in a round is refused (its margin would count twice)
    e = RR.assign(round=[1, 1, 2])
    assert knockout_matches(SF, rules=rules, earlier=e)["carry_over"].tolist() == [8, 0, 0.3, 0]
    twice = pd.concat([e, e.iloc[[1]].assign(home_team="D", visit_team="C")])
    with pytest.raises(ValidationError, match="a match listed twice in a round"):
        knockout_matches(SF, rules=rules, earlier=twice)
    # C and D did not meet: they start level, with a warning naming them
    with pytest.warns(UserWarning, match=r"did not meet .*\(C v D\)"):
        t = knockout_matches(SF, rules=rules, earlier=RR.iloc[[0, 2]])
    assert t["carry_over"].tolist() == [8, 0, 0, 0]


def test_knockout_options_and_tables_the_rules_do_not_use():
    assert KnockoutRules("x", ties="extra_boards").ties == ("extra_boards",)
    with pytest.raises(ValueError, match="unknown"):
        KnockoutRules("x", ties="coin")
    with pytest.raises(ValidationError, match="carry: a table is given, but the rules 'ebu'"):
        knockout_matches(SF, carry=_carry("B", 3))
    with pytest.raises(ValidationError, match="earlier: a table is given"):
        knockout_matches(SF, earlier=RR)
    both = pd.concat([_carry("A", 1), _carry("B", 3)])
    with pytest.warns(UserWarning, match="both teams of 1 match"):
        t = knockout_matches(SF, rules=KnockoutRules("g", carry_over="given"), carry=both)
    assert t["total"].tolist()[:2] == [51, 40]


def test_knockout_command_line_options(tmp_path, capsys):
    path = _ko_files(tmp_path, SF, {})
    status, _, err = _cli(["standings", path, "--family", "bridge", "--rules", "knockout:nosuch"],
                          capsys)  # fmt: skip
    assert status != 0 and "--rules knockout:nosuch" in err
    status, _, err = _cli(["standings", path, "--family", "bridge", "--rules", "knockout",
                           "--vp-scale", "wbf2013"], capsys)  # fmt: skip
    assert status != 0 and "--vp-scale" in err and "does not apply" in err
    status, _, err = _cli(["standings", tmp_path, "--family", "bridge", "--rules", "knockout"],
                          capsys)  # fmt: skip
    assert status != 0 and "not a folder" in err


# --- pools ---------------------------------------------------------------------------------------

# A round robin with the VPs published (WBF 2013 discrete, 16 boards, worked in
# test_bridge_pools): A 15 + 6 + 10 = 31, B 5 + 18 + 8 = 31, C 10 + 14 + 12 = 36, D 22.
RR_VP = """event,round,home_team,visit_team,home_imps,visit_imps,boards,home_vp,visit_vp
E,1,A,B,30,12,16,15,5
E,1,C,D,10,10,16,10,10
E,2,A,C,5,20,16,6,14
E,2,B,D,40,0,16,18,2
E,3,A,D,22,21,16,10,10
E,3,B,C,11,19,16,8,12
"""


def _rr(edit=None, extra=""):
    text = RR_VP if edit is None else RR_VP.replace(*edit)
    return text + extra


def _vps(t):
    return dict(zip(t["team"], t["vp"], strict=True))


POOL_REFUSED = {
    "given VPs above the scale's most": (("E,3,B,C,11,19,16,8,12", "E,3,B,C,11,19,16,21,0"), "",
                                         "VPs above the most a team scores"),
    "a bye carrying IMPs": (None, "E,4,A,,5,,16,12,\n", "a bye (no visit_team) with IMPs"),
    "a bye given more VPs than the scale's most": (None, "E,4,A,,0,,16,25,\n",
                                                   "VPs above the most a team scores"),
    "a bye with a visiting score": (None, "E,4,A,,0,3,16,12,\n", "a bye (no visit_team) with IMPs"),
    "a bye of a team in no match": (None, "E,4,Z,,0,,16,12,\n", "plays no match"),
    "a team in another letter case": (("E,2,A,C", "E,2,a,C"), "", "differ only in letter case"),
    "infinite IMPs": (("E,1,A,B,30,", "E,1,A,B,inf,"), "", "not a finite number"),
}  # fmt: skip


@pytest.mark.parametrize("kind", list(POOL_REFUSED))
def test_pool_refusals_through_the_api_and_the_command_line(kind, tmp_path, capsys):
    edit, extra, message = POOL_REFUSED[kind]
    path = tmp_path / "rr.csv"
    path.write_text(_rr(edit, extra))
    frame = pd.read_csv(path)
    with pytest.raises(ValidationError, match=re.escape(message)) as err:
        _unchanged(lambda: pool_standings(frame, vp_scale="given"), frame)
    assert "event='E'" in str(err.value) or "(matches)" in str(err.value)
    status, _, stderr = _cli(["standings", path, "--family", "bridge", "--vp-scale", "given"],
                             capsys)  # fmt: skip
    assert status == 1 and message in stderr and "rr.csv" in stderr
    assert "event='E'" in stderr and "Traceback" not in stderr


def test_pool_given_vps_odd_but_legal(tmp_path, capsys):
    assert _vps(pool_standings(pd.read_csv(io.StringIO(_rr())), vp_scale="given")) \
        == {"C": 36, "A": 31, "B": 31, "D": 22}  # fmt: skip
    cases = {  # B v C scored 12 - 12 (each given Average Plus); a penalty leaving B -1
        "add up to more than the total 20": (("E,3,B,C,11,19,16,8,12", "E,3,B,C,11,19,16,12,12"),
                                             {"C": 36, "B": 35, "A": 31, "D": 22}),
        "negative VP": (("E,3,B,C,11,19,16,8,12", "E,3,B,C,11,19,16,-1,12"),
                        {"C": 36, "A": 31, "B": 22, "D": 22}),
    }  # fmt: skip
    for warning, (edit, vps) in cases.items():
        path = tmp_path / "rr.csv"
        path.write_text(_rr(edit))
        with pytest.warns(UserWarning, match=warning):
            t = pool_standings(pd.read_csv(path), vp_scale="given")
        assert _vps(t) == vps
        status, out, err = _cli(["standings", path, "--family", "bridge", "--vp-scale", "given",
                                 "--out", tmp_path / "t.csv"], capsys)  # fmt: skip
        assert status == 0 and warning in err
        assert _vps(pd.read_csv(tmp_path / "t.csv")) == vps
    # a bye whose VPs are given scores them (A: 31 + 12); without, the rules' (bye_vp)
    path.write_text(_rr(extra="E,4,A,,0,,16,12,\n"))
    t = pool_standings(pd.read_csv(path), vp_scale="given")
    assert _vps(t)["A"] == 43 and t.set_index("team").loc["A", "byes"] == 1
    status, out, _ = _cli(["standings", path, "--family", "bridge", "--vp-scale", "given"], capsys)
    assert status == 0 and "43.0" in out
    # on another scale: the discrete scale's most is 20 too; a 30-point table's is 30
    t = pool_standings(pd.read_csv(io.StringIO(_rr())),
                       vp_scale="given:wbf2013_discrete")  # fmt: skip
    assert _vps(t)["C"] == 36


def test_pool_names_trimmed_and_byes_table(tmp_path, capsys):
    path = tmp_path / "rr.csv"
    path.write_text(_rr())
    plain = pool_standings(pd.read_csv(path), vp_scale="given")
    path.write_text(_rr(("E,2,A,C", "E,2,A ,C ")))
    spaced = pd.read_csv(path)
    got = _unchanged(lambda: pool_standings(spaced, vp_scale="given"), spaced)
    pd.testing.assert_frame_equal(got, plain)
    status, out, _ = _cli(["standings", path, "--family", "bridge", "--vp-scale", "given"], capsys)
    assert status == 0 and "A " not in out.replace("A  ", "")
    byes = pd.DataFrame({"event": "E", "round": [4], "team": ["a"]})
    with pytest.raises(ValidationError, match="differ only in letter case"):
        pool_standings(pd.read_csv(tmp_path / "rr.csv"), vp_scale="given", byes=byes,
                       rules=TeamRules("x", bye_vp=12))  # fmt: skip
    with pytest.raises(ValidationError, match="plays no match"):
        pool_standings(spaced, vp_scale="given", byes=byes.assign(team="Z"),
                       rules=TeamRules("x", bye_vp=12))  # fmt: skip
    with pytest.raises(ValidationError, match="plays twice in a round"):
        pool_standings(spaced, vp_scale="given", byes=byes.assign(team="A", round=3),
                       rules=TeamRules("x", bye_vp=12))  # fmt: skip
    t = pool_standings(spaced, vp_scale="given", byes=byes.assign(team="A "),
                       rules=TeamRules("x", bye_vp=12))  # fmt: skip
    assert _vps(t)["A"] == 43


def test_vp_scale_option_values(tmp_path, capsys):
    path = tmp_path / "rr.csv"
    path.write_text(_rr())
    status, _, err = _cli(["standings", path, "--family", "bridge", "--vp-scale", "given:wbf25"],
                          capsys)  # fmt: skip
    assert status == 2 and "--vp-scale" in err and "not shipped" in err
    status, out, _ = _cli(["standings", path, "--family", "bridge", "--vp-scale",
                           "given:wbf2013_discrete"], capsys)  # fmt: skip
    assert status == 0 and "36.0" in out
    boards = tmp_path / "boards.csv"
    boards.write_text("event,board,home_team,visit_team,table,home_side,ns_score\n"
                      "T,1,X,Y,1,NS,620\nT,1,X,Y,2,EW,170\n")  # fmt: skip
    status, _, err = _cli(["standings", boards, "--family", "bridge", "--vp-scale", "given"],
                          capsys)  # fmt: skip
    assert status == 1 and "vp_scale 'given'" in err


def test_team_rules_as_data():
    assert TeamRules("x", criteria="h2h_vp").criteria == ("h2h_vp",)
    assert TeamRules("x", criteria=("wins",), two_teams_only="wins").two_teams_only == ("wins",)
    with pytest.raises(ValueError, match=r"two_teams_only names \['h2h_vp'\]"):
        TeamRules("x", criteria=("wins",), two_teams_only=("h2h_vp",))
    with pytest.raises(ValueError, match="bye_vp -1 is negative"):
        TeamRules("x", bye_vp=-1)
    with pytest.raises(ValueError, match=r"unknown criteria \['h2x'\]"):
        TeamRules("x", criteria="h2x")  # the name, not its letters


def test_board_results_names_trimmed_or_refused():
    boards = pd.DataFrame({"event": "T", "board": [1, 1, 2, 2], "home_team": "A",
                           "visit_team": "B", "table": [1, 2, 1, 2],
                           "home_side": ["NS", "EW", "NS", "EW"],
                           "ns_score": [620, 170, -100, 50]})  # fmt: skip
    plain = bridge.team_matches(boards)
    spaced = boards.assign(home_team=["A", "A ", "A", " A"])
    pd.testing.assert_frame_equal(_unchanged(lambda: bridge.team_matches(spaced), spaced), plain)
    with pytest.raises(ValidationError, match="'A' .* and 'a' .* differ only in letter case"):
        bridge.team_standings(boards.assign(home_team=["A", "a", "A", "A"]))


# --- check: the published standings beside a match table ----------------------------------------


def test_check_standings_leaving_out_or_adding_a_team(tmp_path, capsys):
    matches = tmp_path / "rr-matches.csv"
    matches.write_text(_rr())
    standings = tmp_path / "rr-standings.csv"
    standings.write_text("event,team,vp,rank\nE,C,36,1\nE,A,31,2\nE,B,31,2\n")
    with pytest.warns(UserWarning, match=r"1 team\(s\) of the matches not in the published "
                      r"standings, not compared: 'D'"):  # fmt: skip
        t = bridge.check_from_path(matches, vp_scale="wbf2013_discrete")
    assert t["equal"].all() and "D" not in set(t["team"].dropna())
    status, out, err = _cli(["check", matches, "--family", "bridge", "--vp-scale",
                             "wbf2013_discrete"], capsys)  # fmt: skip
    assert status == 0 and "'D'" in err
    for line, refused in (("E,Z,22,4", "line 5: team 'Z' (event 'E') plays no match"),
                          ("E,d,22,4", "differ only in letter case")):  # fmt: skip
        standings.write_text(f"event,team,vp,rank\nE,C,36,1\nE,A,31,2\nE,B,31,2\n{line}\n")
        with pytest.raises(ValidationError, match=re.escape(refused)):
            bridge.check_from_path(matches, vp_scale="wbf2013_discrete")
        status, _, err = _cli(["check", matches, "--family", "bridge"], capsys)
        assert status == 1 and refused in err and "rr-standings.csv" in err
    standings.unlink()
    matches.write_text(_rr(("E,3,B,C,11,19,16,8,12", "E,3,B,C,11,19,16,8,22")))
    status, _, err = _cli(["check", matches, "--family", "bridge"], capsys)
    assert status == 1 and "VPs above the most a team scores" in err and "event='E'" in err


def test_no_warning_on_clean_tables():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        knockout_matches(SF)
        pool_standings(pd.read_csv(io.StringIO(_rr())), vp_scale="given")


# --- pool matches of several segments ------------------------------------------------------------

# Round 1 in two segments of 8 boards, the teams changing home between them (worked by hand):
# A 30 + 25 = 55 to B 10 + 5 = 15 (margin 40 over 16 boards: WBF 2013 18.09 - 1.91);
# D 12 + 20 = 32 to C 10 + 2 = 12 (20: 15.00 - 5.00).
SEGMENTS = """event,round,segment,home_team,visit_team,home_imps,visit_imps,boards
E,1,1,A,B,30,10,8
E,1,2,B,A,5,25,8
E,1,1,C,D,10,12,8
E,1,2,D,C,20,2,8
"""


def test_pool_segments_of_a_match_summed_whichever_team_is_at_home(tmp_path, capsys):
    frame = pd.read_csv(io.StringIO(SEGMENTS))
    t = _unchanged(lambda: pool_standings(frame), frame)
    assert t[["team", "matches", "imps_for", "imps_against", "vp"]].to_numpy().tolist() == [
        ["A", 1, 55, 15, 18.09], ["D", 1, 32, 12, 15.0], ["C", 1, 12, 32, 5.0],
        ["B", 1, 15, 55, 1.91]]  # fmt: skip
    path = tmp_path / "seg.csv"
    path.write_text(SEGMENTS)
    status, out, _ = _cli(["standings", path, "--family", "bridge"], capsys)
    assert status == 0 and "18.09" in out
    # a segment pasted twice (or again with a corrected score) is refused, not added
    for extra in ("E,1,2,B,A,5,25,8\n", "E,1,2,B,A,6,25,8\n", "E,1,1,B,A,30,10,8\n"):
        path.write_text(SEGMENTS + extra)
        with pytest.raises(ValidationError, match="a segment of a match listed twice"):
            pool_standings(pd.read_csv(path))
        status, _, err = _cli(["standings", path, "--family", "bridge"], capsys)
        assert status == 1 and "listed twice" in err and "home_team='B'" in err


def test_board_results_of_segments_with_the_teams_changing_home():
    # board 1 (A home): 620 - 170 = 450, 10 IMPs to A; board 2 (B home): -100 - 50 = -150 for
    # B, 4 IMPs to A: one match, A 14 - 0 (WBF 2013, 2 boards: 18.04 - 1.96)
    b = pd.DataFrame({"event": "T", "segment": [1, 1, 2, 2], "board": [1, 1, 2, 2],
                      "home_team": ["A", "A", "B", "B"], "visit_team": ["B", "B", "A", "A"],
                      "table": [1, 2, 1, 2], "home_side": ["NS", "EW", "NS", "EW"],
                      "ns_score": [620, 170, -100, 50]})  # fmt: skip
    for t in (bridge.team_standings(b), pool_standings(b)):
        assert t[["team", "matches", "imps_for", "imps_against", "vp"]].to_numpy().tolist() == [
            ["A", 1, 14, 0, 18.04], ["B", 1, 0, 14, 1.96]]  # fmt: skip


def test_names_read_by_the_rule_of_every_reader():
    # whitespace as core.people reads names: trimmed, each run inside one space
    seg = SF.replace({"A": "Team A", "B": "Team B"})
    clean = knockout_matches(seg)
    odd = seg.assign(home_team=["Team  A", "Team\u00a0B", "C", "D"],
                     visit_team=["Team B ", "\tTeam A", "D", "C"])  # fmt: skip
    pd.testing.assert_frame_equal(_unchanged(lambda: knockout_matches(odd), odd), clean)
    assert clean["team"].tolist()[:2] == ["Team A", "Team B"]
    # letter case: refused in a team competition's tables, both spellings and a row of each
    with pytest.raises(ValidationError, match=r"'Team A' \(segments\) and 'TEAM A' \(segments\)"):
        knockout_matches(seg.assign(home_team=["Team A", "Team B", "C", "D"],
                                    visit_team=["Team B", "TEAM A", "D", "C"]))  # fmt: skip
    # team numbers are ids, not names
    numbered = SF.replace({"A": 1, "B": 2, "C": 3, "D": 4})
    assert knockout_matches(numbered)["team"].tolist() == [1, 2, 3, 4]


@pytest.mark.parametrize(
    "function",
    [bridge.team_matches, bridge.board_imps, bridge.team_standings, bridge.board_a_match,
     bridge.patton_scores, bridge.bam_standings, pool_standings, knockout_matches],
    ids=lambda f: f.__name__,
)  # fmt: skip
def test_every_public_function_of_board_results_reads_names_by_the_rule(function):
    boards = pd.DataFrame({"event": "T", "stage": "F", "segment": 1, "board": [1, 1, 2, 2],
                           "home_team": "Lions", "visit_team": "Owls", "table": [1, 2, 1, 2],
                           "home_side": ["NS", "EW", "NS", "EW"],
                           "ns_score": [620, 170, -100, 50]})  # fmt: skip
    clean = function(boards)
    odd = boards.assign(home_team=["Lions ", "Lions", " Lions", "Lions"])
    pd.testing.assert_frame_equal(_unchanged(lambda: function(odd), odd), clean)
    with pytest.raises(ValidationError, match="'Lions' .* and 'LIONS' .* differ only in letter"):
        function(boards.assign(home_team=["Lions", "LIONS", "Lions", "Lions"]))
