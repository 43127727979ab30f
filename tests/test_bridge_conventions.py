"""Each publisher's convention reproduces its published numbers on real files, counted.

The files are in tests/data/bridge (see tests/data/README.md): six Compscore3 USEBIO exports,
and the JFR Pary and KoPS2www pages transcribed to CSV. Every count below is "published values
reproduced / published values", at the published precision; the tests assert both numbers, so
a change that loses one shows which.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tourneystats import bridge
from tourneystats.bridge import CONVENTIONS, ButlerRules
from tourneystats.bridge.check import _scored_lines
from tourneystats.bridge.mp import MatchpointRules
from tourneystats.core.check import compare

DATA = Path(__file__).parent / "data" / "bridge"
COMPSCORE = DATA / "compscore"
POLISH = DATA / "polish"

# --- Compscore3 (USEBIO) -------------------------------------------------------------------------

#: per file: {published value: how many the file publishes}; every one is reproduced
COMPSCORE_COUNTS = {
    DATA / "usebio-mp-pairs-howell.xml": {"total": 12, "percentage": 12, "rank": 12},
    DATA / "usebio-butler-mitchell.xml": {
        "total": 14, "rank": 14, "datum": 35, "ns_imps": 245, "ew_imps": 245,
    },
    COMPSCORE / "usebio-butler-howell.xml": {
        "total": 8, "rank": 8, "datum": 35, "ns_imps": 140, "ew_imps": 140,
    },
    COMPSCORE / "usebio-cross-imp-howell.xml": {
        "total": 9, "rank": 9, "ns_imps": 108, "ew_imps": 108,
    },
    COMPSCORE / "usebio-mp-pairs-mitchell.xml": {"total": 38, "percentage": 38, "rank": 38},
    COMPSCORE / "usebio-mp-pairs-mitchell-03.xml": {"total": 13, "percentage": 13, "rank": 13},
    COMPSCORE / "usebio-mp-pairs-mitchell-04.xml": {"total": 16, "percentage": 16, "rank": 16},
}  # fmt: skip


@pytest.mark.parametrize("path", list(COMPSCORE_COUNTS), ids=lambda p: p.name)
def test_compscore_files_reproduced(path):
    """``check_from_path`` reads the files' program (Compscore3) and uses its convention."""
    table = bridge.check_from_path(path)
    counts = table.groupby("value")["equal"].agg(["sum", "size"])
    assert {v: int(n) for v, n in counts["size"].items()} == COMPSCORE_COUNTS[path]
    assert (counts["sum"] == counts["size"]).all(), table[~table["equal"]]


def test_compscore_totals_need_the_convention():
    """Under the ebu convention (the plain sum, unrounded), the two factored pairs (16NS, 9EW)
    and the two whose Neuberg-scaled board Compscore totals as a rounded percentage differ."""
    table = bridge.check_from_path(COMPSCORE / "usebio-mp-pairs-mitchell.xml", convention="ebu")
    totals = table[table["value"] == "total"]
    assert int(totals["equal"].sum()) == 34 and len(totals) == 38
    assert sorted(totals.loc[~totals["equal"], "pair"]) == ["16NS", "2EW", "8NS", "9EW"]
    howell = bridge.standings_from_path(DATA / "usebio-mp-pairs-howell.xml", convention="ebu")
    assert howell.set_index("pair").loc["1", ["mp", "factored"]].tolist() == pytest.approx(
        [124.0, 124.0 * 27 / 26]
    )


def test_plain_command_shows_the_published_totals(capsys):
    """Issue 14: the plain command on a Compscore file shows its TOTAL_SCORE (128.77)."""
    from tourneystats.cli import main

    assert main(["standings", str(DATA / "usebio-mp-pairs-howell.xml"), "--family", "bridge"]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if " all    1 " in line)
    assert "124.0" in row and "128.77" in row and "47.69" in row


def test_compscore_butler_datum_is_todays_default():
    """Compscore drops one highest and one lowest score even with four results and rounds to 10
    half away from zero: today's ButlerRules default, reproducing 35 of 35 datums on both
    files."""
    conv, rules = CONVENTIONS["compscore"], ButlerRules()
    assert (conv.butler_drop, conv.butler_round_to) == (rules.drop, rules.round_to) == (1, 10)
    for path in (DATA / "usebio-butler-mitchell.xml", COMPSCORE / "usebio-butler-howell.xml"):
        datums = bridge.check_from_path(path).query("value == 'datum'")
        assert datums["equal"].all() and len(datums) == 35
    howell = bridge.read_results(COMPSCORE / "usebio-butler-howell.xml").pairs
    assert (howell.groupby("board").size() == 4).all()  # every datum: the middle two of four
    trimmed = bridge.check_from_path(
        COMPSCORE / "usebio-butler-howell.xml", convention=replace(conv, butler_drop=0)
    ).query("value == 'datum'")
    assert int(trimmed["equal"].sum()) < 35  # the plain mean of four is not Compscore's


def test_usebio_butler_file_is_scored_as_butler(capsys):
    """Issue 14: the Butler file's EW winner is the published 2EW, not the matchpointed 3EW."""
    from tourneystats.cli import main

    path = str(DATA / "usebio-butler-mitchell.xml")
    st = bridge.standings_from_path(path)
    assert set(st["scoring"]) == {"butler"}
    assert st.loc[(st["line"] == "EW") & (st["rank"] == 1), "pair"].tolist() == ["2EW"]
    mp = bridge.standings_from_path(path, scoring="mp")
    assert mp.loc[(mp["line"] == "EW") & (mp["rank"] == 1), "pair"].tolist() == ["3EW"]
    assert main(["standings", path, "--family", "bridge", "--scoring", "mp"]) == 0
    assert " mp " in capsys.readouterr().out
    assert main(["check", path, "--family", "bridge"]) == 0
    assert "553 published values compared: 553 equal" in capsys.readouterr().out


def test_teams_pbn_published_imps():
    """ScoreIMP of every table, against the board's IMPs: all but the one table whose board
    has no second table in the file (its IMPs cannot be computed from the file)."""
    table = bridge.check_from_path(DATA / "pbn-teams-imps.pbn")
    assert (int(table["equal"].sum()), len(table)) == (298, 299)
    lone = table[~table["equal"]]
    assert lone["computed"].isna().all()


# --- JFR Pary ------------------------------------------------------------------------------------


def _travellers(name: str) -> tuple[pd.DataFrame, pd.DataFrame]:
    """A transcribed session as a pairs traveller frame, and the transcription."""
    t = pd.read_csv(POLISH / f"{name}-travellers.csv", dtype={"artificial": str, "weighted": str})
    columns = [c for c in ("board", "ns_pair", "ew_pair", "ns_score", "artificial", "weighted")
               if c in t.columns]  # fmt: skip
    results = t[columns].assign(event=name, ns_score=t["ns_score"].astype("Int64"))
    return results, t


def _sides(lines: pd.DataFrame, ns: str, ew: str) -> pd.DataFrame:
    """Per pair and board: the value of its side of each result."""
    return pd.concat(
        [
            lines[["board", "ns_pair", ns]].set_axis(["board", "pair", "value"], axis=1),
            lines[["board", "ew_pair", ew]].set_axis(["board", "pair", "value"], axis=1),
        ],
        ignore_index=True,
    )


def _compare_lines(pub: pd.DataFrame, ours: pd.DataFrame, value: str, column: str) -> pd.DataFrame:
    """compare() of a per-result value on the results that publish it."""
    keys = ["board", "ns_pair", "ew_pair"]
    pub = pub.dropna(subset=[value])
    ours = ours.merge(pub[keys], on=keys, how="inner")
    return compare(pub, ours, keys=keys, values={value: column})


def _count(table: pd.DataFrame) -> tuple[int, int]:
    return int(table["equal"].sum()), len(table)


def test_jfr_pary_reproduced():
    """WB130808: a phantom pair 24 at a 60 %/0 % table on every board, an A6060 on board 8, a
    weighted score on board 7. Board percentages 324/324, final percentages 23/23, places
    23/23."""
    results, t = _travellers("jfr-wb130808")
    lines = bridge.matchpoints(results, convention="jfr")
    for side in ("ns", "ew"):
        got = _compare_lines(t, lines, f"{side}_percentage", f"{side}_percentage")
        assert _count(got) == (324, 324)
    st = bridge.standings(results, convention="jfr")
    assert 24 not in st["pair"].tolist() and len(st) == 23  # the phantom is not ranked
    pub = pd.read_csv(POLISH / "jfr-wb130808-standings.csv")
    got = compare(pub, st, keys=["pair"], values={"percentage": "percentage", "place": "rank"})
    assert _count(got) == (46, 46)
    # the convention matters: matchpointed as the EBU does, 1 final percentage of 23
    ebu = bridge.standings(results, convention="ebu")
    got = compare(pub, ebu, keys=["pair"], values={"percentage": "percentage"})
    assert _count(got) == (1, 23)


# --- KoPS2www ------------------------------------------------------------------------------------


def test_kops_matchpoints_reproduced():
    """PCH1003: protocols (0.1) 570/570, pair pages (0.01) 1144/1144, standings 44/44, places
    44/44 (two pairs published at 55.21 % are ninth and tenth: ranked unrounded)."""
    results, t = _travellers("kops-pch1003")
    lines = bridge.matchpoints(results, convention="kops")
    real = t[t["ns_score"].notna()]
    for side in ("ns", "ew"):
        got = _compare_lines(real, lines, f"{side}_percentage", f"{side}_percentage")
        assert _count(got) == (570, 570)
    pages = pd.read_csv(POLISH / "kops-pch1003-pairs.csv")
    ours = _sides(lines, "ns_percentage", "ew_percentage")
    got = compare(pages, ours, keys=["pair", "board"], values={"percentage": "value"})
    assert _count(got) == (1144, 1144)
    ebu = _sides(bridge.matchpoints(results), "ns_percentage", "ew_percentage")
    assert _count(compare(pages, ebu, keys=["pair", "board"], values={"percentage": "value"})) == (
        1090, 1144,
    )  # fmt: skip
    st = bridge.standings(results, convention="kops")
    pub = pd.read_csv(POLISH / "kops-pch1003-standings.csv")
    got = compare(pub, st, keys=["pair"], values={"percentage": "percentage", "place": "rank"})
    assert _count(got) == (88, 88)


def test_kops_cross_imps_reproduced():
    """SM0807: cross-IMPs / (n - 1), the phantom pair 6's opponents 0 IMPs, one comparison
    capped at 17 IMPs. Protocols 108/108, pair pages 243/243, totals 9/9, places 9/9."""
    results, t = _travellers("kops-sm0807")
    lines = _scored_lines(results, "cross_imps", "kops", None, MatchpointRules.make())
    real = t[t["ns_score"].notna()]
    for side in ("ns", "ew"):
        got = _compare_lines(real, lines, f"{side}_imps", f"{side}_imps")
        assert _count(got) == (108, 108)
    pages = pd.read_csv(POLISH / "kops-sm0807-pairs.csv")
    ours = _sides(lines, "ns_imps", "ew_imps").merge(pages[["pair", "board"]])  # not pair 6
    got = compare(pages, ours, keys=["pair", "board"], values={"imps": "value"})
    assert _count(got) == (243, 243)
    st = bridge.standings(results, scoring="cross_imps", convention="kops")
    assert 6 not in st["pair"].tolist() and len(st) == 9
    pub = pd.read_csv(POLISH / "kops-sm0807-standings.csv")
    got = compare(pub, st, keys=["pair"], values={"imps": "imps", "place": "rank"})
    assert _count(got) == (18, 18)
    # without the cap, board 22's 2080-point comparison counts 19 IMPs: 5 totals of 9
    uncapped = bridge.Convention(**{**CONVENTIONS["kops"].__dict__, "imp_cap": None})
    st = bridge.standings(results, scoring="cross_imps", convention=uncapped)
    assert _count(compare(pub, st, keys=["pair"], values={"imps": "imps"})) == (5, 9)


def test_conventions_are_documented_data():
    """Every preset is a frozen Convention naming its source; ``acbl`` is not one (no evidence
    that ACBLscore differs from these was found)."""
    assert set(CONVENTIONS) == {"ebu", "compscore", "jfr", "kops"}
    for name, conv in CONVENTIONS.items():
        assert conv.name == name and conv.source
        with pytest.raises(AttributeError):
            conv.decimals = 3  # type: ignore[misc]
    with pytest.raises(ValueError, match="unknown bridge convention 'acbl'"):
        bridge.standings(pd.DataFrame(), convention="acbl")
    assert np.isclose(CONVENTIONS["ebu"].round(1 / 3, None), 1 / 3)


def test_check_reports_exactly_what_was_altered(tmp_path, capsys):
    """A published total changed in a real Compscore file: check finds that one value only."""
    from tourneystats.cli import main

    text = (DATA / "usebio-mp-pairs-howell.xml").read_text(encoding="utf-8")
    assert text.count("<TOTAL_SCORE>128.77</TOTAL_SCORE>") == 1
    altered = tmp_path / "howell.xml"
    altered.write_text(text.replace("<TOTAL_SCORE>128.77<", "<TOTAL_SCORE>129.77<"), "utf-8")
    table = bridge.check_from_path(altered)
    wrong = table[~table["equal"]]
    assert wrong[["value", "published", "computed"]].values.tolist() == [["total", 129.77, 128.77]]
    assert main(["check", str(altered), "--family", "bridge"]) == 1
    assert "36 published values compared: 35 equal, 1 different" in capsys.readouterr().out


def test_butler_and_cross_imps_take_a_convention():
    """butler and cross_imps take convention= as matchpoints does; explicit options override."""
    df = pd.DataFrame({"event": "E", "board": 1, "ns_pair": [1, 2, 3, 4, 5],
                       "ew_pair": [6, 7, 8, 9, 10], "ns_score": [-420, -450, 50, -420, 2000]})  # fmt: skip
    median = bridge.Convention(name="m", butler_drop="median")
    pd.testing.assert_frame_equal(
        bridge.butler(df, convention=median), bridge.butler(df, drop="median")
    )
    # an explicit option beats the convention's
    pd.testing.assert_frame_equal(
        bridge.butler(df, convention=median, drop=1), bridge.butler(df, drop=1)
    )
    # KoPS caps one comparison at 17 IMPs: 2000 against -420, -450, 50, -420 is 2420, 2450,
    # 1950, 2420 points: 20, 20, 18, 20 IMPs (19.5 a comparison), each counted 17
    kops = bridge.cross_imps(df, convention="kops")
    assert bridge.cross_imps(df)["ns_imps"].iloc[4] == 19.5
    assert kops["ns_imps"].iloc[4] == 17
    assert bridge.cross_imps(df, convention="kops", divisor="1")["ns_imps"].iloc[4] == 68
