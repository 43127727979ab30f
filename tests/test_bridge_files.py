"""The scoring reproduces every value the real result files published (copies in tests/data).

Parsing is tested in ``tests/test_bridge_io.py``; here the readers only feed the scoring.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tourneystats import bridge, read_pbn, read_usebio

DATA = Path(__file__).parent / "data" / "bridge"
KEYS = ["event", "section", "board", "ns_pair", "ew_pair"]


@pytest.fixture(scope="module")
def howell():
    return read_usebio(DATA / "usebio-mp-pairs-howell.xml")


@pytest.fixture(scope="module")
def butler_file():
    return read_usebio(DATA / "usebio-butler-mitchell.xml")


@pytest.fixture(scope="module")
def teams():
    return read_pbn(DATA / "pbn-teams-imps.pbn")


# --- Compscore matchpointed Howell -----------------------------------------------------------


def test_howell_is_detected(howell):
    assert bridge.movements(howell.results)["movement"].tolist() == ["howell"]


def test_howell_every_line_mp(howell):
    """Every published NS/EW MP, board 26 (an A5050 and 5 Neuberg-scaled results) included.
    Board 12, the one board with 5 results and no artificial score, is published on its own
    top of 8 (raw MP); its Neuberg-scaled MPs (M + 1) x 6 / 5 - 1 are what the totals count."""
    got = bridge.matchpoints(howell.results).merge(howell.published.lines, on=KEYS)
    assert len(got) == len(howell.results) == 161
    assert got["top"].eq(10).all()
    other = got[got["board"] != 12]
    assert (other["ns_mp_x"].round(2) == other["ns_mp_y"]).all()
    assert (other["ew_mp_x"].round(2) == other["ew_mp_y"]).all()
    b26 = got[got["board"] == 26].set_index("ns_pair")
    assert b26.loc["5", "artificial"] == "A5050" and b26.loc["5", "ns_mp_x"] == 5
    assert sorted(b26["ns_mp_x"].round(2)) == [0.2, 2.6, 5.0, 5.0, 7.4, 9.8]
    b12 = got[got["board"] == 12]
    assert len(b12) == 5
    np.testing.assert_allclose(b12["ns_mp_x"], (b12["ns_mp_y"] + 1) * 6 / 5 - 1)
    np.testing.assert_allclose(b12["ew_mp_x"], (b12["ew_mp_y"] + 1) * 6 / 5 - 1)
    # and the raw MPs themselves, as explain() reports them before scaling
    ex = bridge.explain(howell.results)
    raw = ex[(ex["board"] == 12) & (ex["direction"] == "NS")].set_index("pair")["raw_mp"]
    pub = b12.set_index("ns_pair")["ns_mp_y"]
    assert raw.sort_index().tolist() == pub.sort_index().tolist()


def test_howell_totals_percentages_places(howell):
    """Every pair's total, percentage and place. Pairs 1 and 3 did not play board 12: their
    percentage is over the 26 boards they played and Compscore's total is that percentage of
    the full 27 boards (MP x 27 / 26)."""
    st = bridge.session_standings(howell.results)
    got = howell.published.totals.merge(st, on=["event", "section", "pair"])
    assert len(got) == len(st) == 12
    assert got["line"].astype(str).eq("all").all()
    assert got.loc[got["boards"] == 26, "pair"].tolist() == ["1", "3"]
    total = np.where(got["boards"] == 27, got["mp"], got["mp"] * 27 / got["boards"])
    assert (np.round(total, 2) == got["total"]).all()
    assert (got["percentage_y"].round(2) == got["percentage_x"]).all()
    assert (got["rank_y"] == got["rank_x"]).all()
    # the unscaled sum of the published line MPs differs exactly by board 12's scaling
    assert got.set_index("pair").loc["2", "mp"] == pytest.approx(156.8)


def test_howell_half_scale_is_half(howell):
    full = bridge.session_standings(howell.results)
    half = bridge.session_standings(howell.results, scale="half")
    np.testing.assert_allclose(half["mp"], full["mp"] / 2)
    np.testing.assert_allclose(half["percentage"], full["percentage"])


# --- Compscore Butler Mitchell ---------------------------------------------------------------


def test_butler_every_datum(butler_file):
    """BOARD_AVERAGE: drop one top and one bottom score, mean, nearest 10 (board 15 has an
    A5050 left out: -1710 / 4 = -427.5 -> -430)."""
    scored = bridge.butler(butler_file.results)
    got = scored.drop_duplicates("board").merge(butler_file.published.boards, on="board")
    assert len(got) == 35
    assert (got["datum_x"].astype(int) == got["datum_y"]).all()
    assert got.set_index("board").loc[15, "datum_x"] == -430


def test_butler_every_point_and_total(butler_file):
    scored = bridge.butler(butler_file.results)
    got = scored.merge(butler_file.published.lines, on=KEYS)
    assert len(got) == len(scored) == 245
    assert (got["ns_imps_x"] == got["ns_imps_y"]).all()
    assert (got["ew_imps_x"] == got["ew_imps_y"]).all()
    totals = bridge.imp_standings(scored)
    assert bridge.movements(butler_file.results)["movement"].tolist() == ["mitchell"]
    merged = butler_file.published.totals.merge(totals, on=["event", "section", "pair"])
    assert len(merged) == 14
    assert (merged["line_x"] == merged["line_y"].astype(str)).all()
    assert (merged["imps"] == merged["total"]).all()
    assert (merged["rank_y"] == merged["rank_x"]).all()


# --- PBN team matches ------------------------------------------------------------------------


def test_pbn_every_score_imp(teams):
    """ScoreIMP is the board's IMPs for the NS pair of that table: the home team's IMPs where
    it sat NS, their opposite where it sat EW. Board 20 of Team 27 v Team 28 has one table
    result only (the other is not in the file), so its published -1 cannot be recomputed."""
    board = bridge.board_imps(teams.results)
    lines = teams.published.lines.merge(
        board, on=["event", "board", "home_team", "visit_team"], suffixes=("_pub", "")
    )
    assert len(lines) == len(teams.results) == 299
    ns = np.where(lines["home_side"] == "NS", lines["home_imps"], -lines["home_imps"])
    missing = lines["home_imps"].isna().to_numpy()
    assert missing.sum() == 1
    lone = lines[missing].iloc[0]
    assert (lone["board"], {lone["home_team"], lone["visit_team"]}) == (20, {"Team 27", "Team 28"})
    assert (ns[~missing] == lines.loc[~missing, "ns_imps"]).all()
    assert (lines.loc[~missing, "home_imps"] == lines.loc[~missing, "home_imps_pub"]).all()


def test_pbn_matches_and_standings(teams):
    m = bridge.team_matches(teams.results)
    assert len(m) == 15 and m["boards"].eq(10).all()
    assert (m["home_vp"] + m["visit_vp"]).round(2).eq(20).all()
    # the margin is the sum of the board IMPs (complete boards)
    b = bridge.board_imps(teams.results)
    net = b.groupby(["home_team", "visit_team"])["home_imps"].sum()
    margin = m.set_index(["home_team", "visit_team"])
    assert ((margin["home_imps"] - margin["visit_imps"]) == net.reindex(margin.index)).all()
    st = bridge.team_standings(teams.results)
    assert len(st) == 30 and st["matches"].eq(1).all()


# --- files and folders -----------------------------------------------------------------------


def _flat(tmp_path):
    """A folder holding the top-level files of DATA only (DATA's sub-folders hold other tests')."""
    import shutil

    for p in DATA.iterdir():
        if p.is_file():
            shutil.copy(p, tmp_path / p.name)
    return tmp_path


def test_standings_from_files_and_folder(tmp_path):
    flat = _flat(tmp_path)
    howell = bridge.standings_from_path(DATA / "usebio-mp-pairs-howell.xml")
    assert len(howell) == 12 and howell["rank"].min() == 1
    teams = bridge.standings_from_path(DATA / "pbn-teams-imps.pbn")
    assert set(teams.columns) >= {"team", "vp", "rank"} and len(teams) == 30
    with pytest.warns(  # two pairs sessions; the team file left out, with a warning
        UserWarning,
        match=r"1 team results file\(s\) not scored by the pairs standings: pbn-teams-imps\.pbn; "
        r"score them on their own \(tourneystats standings FILE --family bridge; in Python "
        r"bridge\.team_standings_from_path\(",
    ):
        folder = bridge.standings_from_path(flat)
    assert sorted(folder["event"].unique()) == sorted(
        ["EL Wed 10.00am Open (27-Jul-22)", "Wednesday Morning - Butler"]
    )
    assert len(folder) == 12 + 14
    pd.testing.assert_frame_equal(bridge.team_standings_from_path(flat), teams)


@pytest.mark.parametrize(
    "name, kind",
    [
        ("usebio-mp-pairs-howell.xml", "pairs"),
        ("pbn-teams-imps.pbn", "teams"),
        ("howell.csv", "pairs"),
        ("", "pairs"),  # the folder: both USEBIO sessions and the CSV copy of the first
    ],
)
def test_command_line_standings_every_input_kind(tmp_path, capsys, name, kind):
    """``tourneystats standings FILE.pbn|FILE.xml|FILE.csv|DIR --family bridge --out FILE``."""
    from tourneystats.cli import main

    folder = tmp_path / "in"
    folder.mkdir()
    for f in ("usebio-mp-pairs-howell.xml", "usebio-butler-mitchell.xml", "pbn-teams-imps.pbn"):
        (folder / f).write_bytes((DATA / f).read_bytes())
    copy = read_usebio(DATA / "usebio-mp-pairs-howell.xml").results.assign(event="copy")
    copy.to_csv(folder / "howell.csv", index=False)
    out = tmp_path / "standings.csv"
    assert main(["standings", str(folder / name), "--family", "bridge", "--out", str(out)]) == 0
    assert f"wrote {len(pd.read_csv(out))} rows" in capsys.readouterr().out
    got = pd.read_csv(out)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the folder's team file, left out with a warning
        expected = bridge.standings_from_path(folder / name)
    assert len(got) == len(expected) and got.columns.tolist() == expected.columns.tolist()
    if kind == "teams":
        assert len(got) == 30 and got["rank"].min() == 1
    else:
        np.testing.assert_allclose(got["percentage"], expected["percentage"])
        # the CSV copy scores as the file published: 12 pairs, pair 6 first with 60.22 %
        copy_rows = got[got["event"] == "copy"] if name != "usebio-mp-pairs-howell.xml" else got
        if len(copy_rows):
            assert len(copy_rows) == 12 and str(copy_rows["pair"].iloc[0]) == "6"
            assert round(copy_rows["percentage"].iloc[0], 2) == 60.22
    if name == "":
        assert sorted(got["event"].unique()) == sorted(
            ["EL Wed 10.00am Open (27-Jul-22)", "Wednesday Morning - Butler", "copy"]
        )


def test_folder_of_evenings_with_the_same_event_name(tmp_path):
    """A club's weekly files repeat the event name: each file stays its own session."""
    for week in ("week1", "week2"):
        (tmp_path / f"{week}.xml").write_bytes((DATA / "usebio-mp-pairs-howell.xml").read_bytes())
    pairs, teams = bridge.read_results(tmp_path)
    name = "EL Wed 10.00am Open (27-Jul-22)"
    assert teams is None and sorted(pairs["event"].unique()) == [name, f"{name} [week2]"]
    st = bridge.standings_from_path(tmp_path)
    assert len(st) == 24
    a, b = (st[st["event"] == e].reset_index(drop=True) for e in (name, f"{name} [week2]"))
    pd.testing.assert_frame_equal(a.drop(columns="event"), b.drop(columns="event"))
    assert round(a["percentage"].iloc[0], 2) == 60.22  # pair 6, as published
    summary = bridge.season_summary(pairs)
    assert summary["sessions"].eq(2).all() and len(summary) == 12


def test_standings_read_the_columns_of_the_tables_kind(tmp_path):
    """A pairs table's ``round`` only labels the boards of ``pair_scores``: the standings do not
    read it (a table whose rounds are names is scored); a team table's rounds are read."""
    from tourneystats.bridge import files

    pairs = ["event", "round", "board", "ns_pair", "ew_pair", "ns_score", "notes"]
    assert "round" not in files._standings_columns(pairs)
    assert "notes" not in files._standings_columns(pairs)
    assert "round" in files._standings_columns(["event", "round", "home_team", "visit_team"])
    f = tmp_path / "club.csv"
    pd.DataFrame({"event": "E", "round": "first", "board": 1, "ns_pair": [1, 2],
                  "ew_pair": [3, 4], "ns_score": [420, 450]}).to_csv(f, index=False)  # fmt: skip
    table = bridge.standings_from_path(f)
    assert table[["line", "pair", "mp"]].values.tolist() == [
        ["NS", 2, 2.0], ["NS", 1, 0.0], ["EW", 3, 2.0], ["EW", 4, 0.0]
    ]  # fmt: skip
