"""Team chess in an archive: ``import`` files a team event's board rows under the family
``chess_teams`` (TRF ``013``/``310`` records, team PGN, team results tables), ``recompute``
computes the team standings of every event, equal to :func:`~tourneystats.chess.team_standings`
on the same rows and to the values the real events published."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from test_chess_teams_real import (
    COLUMNS,
    FRIENDSHIP,
    FRIENDSHIP_ORDER,
    FRIENDSHIP_PUBLISHED,
    MATCHES,
    ORDER,
    PUBLISHED,
    _boards,
    _friendship,
)

from tourneystats.archive import FAMILIES, import_folder, read_archive, recompute, write_archive
from tourneystats.chess import (
    archive_team_standings,
    read_trf,
    standings_from_path,
    team_standings,
)
from tourneystats.chess.teamarchive import points_of_text, points_text, read_team_rows
from tourneystats.chess.teams import TEAM_POINTS
from tourneystats.chess.teamtrf import read_team_trf
from tourneystats.cli import main
from tourneystats.core.schema import ValidationError

ROOT = Path(__file__).resolve().parents[1]
TEAMS = ROOT / "tests" / "data" / "chess" / "teams"
CUP_TRF = TEAMS / "cup-trf2026.trf"
CUP_PGN = TEAMS / "cup.pgn"
INDIVIDUAL = ROOT / "tests" / "data" / "chess" / "tec" / "ex01.trf"
BOARD_COLUMNS = ["event", "round", "team", "opponent_team", "board", "player", "opponent",
                 "colour", "points", "kind"]  # fmt: skip


def _import(src: Path, root: Path, **options) -> pd.DataFrame:
    report = import_folder(src, root, progress=False, **options)
    assert report.ok, report.summary()
    return report.files


def _recompute(root: Path, out: Path, config: dict | None = None) -> pd.DataFrame:
    report = recompute(root, out, config=config or {}, progress=False)
    assert report.ok, report.summary()
    return read_archive(out, family="chess_teams")


def _folder(tmp_path: Path, *files: Path) -> Path:
    src = tmp_path / "src"
    src.mkdir()
    for f in files:
        shutil.copy(f, src / f.name)
    return src


def _same(ours: pd.DataFrame, theirs: pd.DataFrame) -> None:
    """The two standings tables hold the same values (rows by event and team)."""
    key = ["event", "team"]
    a = ours.drop(columns=["family", "season"], errors="ignore").astype({"event": str})
    b = theirs.astype({"event": str})
    a = a.sort_values(key, ignore_index=True)
    b = b.sort_values(key, ignore_index=True)[list(a.columns)]
    pd.testing.assert_frame_equal(a, b, check_dtype=False, check_categorical=False)


# --- the cup files: TRF-2026 and PGN ------------------------------------------------------------


def test_the_cup_files_import_as_team_events(tmp_path: Path) -> None:
    files = _import(_folder(tmp_path, CUP_TRF, CUP_PGN), tmp_path / "a")
    assert files["family"].tolist() == ["chess_teams", "chess_teams"]
    assert files["season"].tolist() == ["2026", "2026"]  # by the events' dates (042, Date)
    report = json.loads((tmp_path / "a" / "_import_report.json").read_text())
    assert report["warnings"] == []  # not read as individual games: no such warning
    rows = read_archive(tmp_path / "a", family="chess_teams")
    assert len(rows) == 27 and not (tmp_path / "a" / "family=chess").exists()
    assert set(BOARD_COLUMNS) <= set(rows.columns)
    assert {"team_name", "name", "date", "type", "tiebreaks"} <= set(rows.columns)
    trf = rows[rows["event"] == "cup-trf2026"]
    # a row per board per round: 3 rounds, two 2-board matches or a match and a team bye each
    assert len(trf) == 15 and (trf["kind"] == "pab").sum() == 3
    names = trf.drop_duplicates("team").set_index("team")["team_name"].to_dict()
    assert names == {1: "Rooks", 2: "Knights", 3: "Bishops"}
    assert trf.loc[trf["player"] == 1, "name"].unique().tolist() == ["Anna"]
    assert trf["tiebreaks"].unique().tolist() == ["MP,GP"]  # the file's 212 order


def test_the_cup_trf_recomputed_gives_its_published_310_values(tmp_path: Path) -> None:
    _import(_folder(tmp_path, CUP_TRF), tmp_path / "a")
    table = _recompute(tmp_path / "a", tmp_path / "out")
    # the 310 records publish MP 5.0, 3.0, 1.0 and GP 4.0, 3.5, 1.5, ranks 1, 2, 3
    published = read_team_trf(CUP_TRF).published
    got = table.set_index("name")[["MP", "GP", "rank"]]
    want = published.set_index("name")[["match_points", "game_points", "rank"]]
    assert got.loc[want.index].to_numpy().tolist() == want.to_numpy().tolist()
    assert got.to_numpy().tolist() == [[5.0, 4.0, 1], [3.0, 3.5, 2], [1.0, 1.5, 3]]
    _same(table, standings_from_path(CUP_TRF))  # the order declared (212 MP,GP) as there


def test_the_recompute_equals_team_standings_on_the_same_rows(tmp_path: Path) -> None:
    _import(_folder(tmp_path, CUP_TRF, CUP_PGN), tmp_path / "a")
    order = ["MP", "GP", "EDE", "EMGSB", "SB", "BC"]
    config = {"chess_teams": {"tiebreaks": order, "rules": "fide2024"}}
    table = _recompute(tmp_path / "a", tmp_path / "out", config)
    rows = read_archive(tmp_path / "a", family="chess_teams")
    teams = (
        rows[["event", "team", "team_name"]].drop_duplicates().rename(columns={"team_name": "name"})
    )
    events = rows[["event", "date", "type"]].drop_duplicates()
    direct = team_standings(rows[BOARD_COLUMNS], tiebreaks=order, rules="fide2024", teams=teams,
                            events=events)  # fmt: skip
    _same(table, direct)
    _same(table, archive_team_standings(rows, tiebreaks=order, rules="fide2024"))
    for path in (CUP_TRF, CUP_PGN):  # each file as the standings command reads it
        alone = standings_from_path(path, tiebreaks=order, rules="fide2024")
        _same(table[table["event"] == alone["event"].iloc[0]], alone)
    # the PGN cup by hand: round 1 Rooks 1.5-0.5 Knights (Ann 1-0, Ben 1/2), round 2 Knights
    # 1.5-0.5 Bishops (Cid 1/2, Dan 1-0), round 3 Bishops 1-1 Rooks (Eve 1-0, Ben 1-0)
    pgn = table[table["event"] == "Club team cup"].set_index("name")
    assert pgn[["MP", "GP"]].to_numpy().tolist() == [[3.0, 2.5], [2.0, 2.0], [1.0, 1.5]]


# --- the real events with published tie-breaks --------------------------------------------------


def test_the_rapid_championship_as_a_team_table(tmp_path: Path) -> None:
    # the World Team Rapid Championship 2026 (a 12-round Swiss of 48 teams): its board rows
    # as a Parquet team table with the event's date; 240 of 240 published values recomputed
    src = tmp_path / "src"
    src.mkdir()
    boards = _boards(pd.read_csv(MATCHES)).assign(date=pd.Timestamp("2026-06-17"))
    boards.to_parquet(src / "wrtcc2026.parquet")
    files = _import(src, tmp_path / "a")
    assert files[["family", "season"]].values.tolist() == [["chess_teams", "2026"]]
    config = {"chess_teams": {"tiebreaks": ["MP", *ORDER], "rules": "fide2024"}}
    table = _recompute(tmp_path / "a", tmp_path / "out", config)
    published = pd.read_csv(PUBLISHED)
    joined = table.merge(published, on="team", validate="one_to_one", suffixes=("", "_pub"))
    same = {ours: int(np.isclose(joined[ours], joined[pub if pub != "rank" else "rank_pub"]).sum())
            for ours, pub in COLUMNS.items()}  # fmt: skip
    assert same == dict.fromkeys(COLUMNS, 48)


def test_the_friendship_cup_is_refused_as_the_individual_import_refuses_it(
    tmp_path: Path,
) -> None:
    # twelve players' published points (TRF columns 81-84) exceed their games: read_trf refuses
    # the file, so the individual import skips it with this error; the team import does the same
    with pytest.raises(ValidationError, match=r"published points .* \(12 places\)") as caught:
        with pytest.warns(UserWarning, match="team records"):  # (the players' games asked)
            read_trf(FRIENDSHIP)
    report = import_folder(_folder(tmp_path, FRIENDSHIP), tmp_path / "a", progress=False)
    assert report.files["status"].tolist() == ["error"]
    assert report.files["message"].iloc[0].splitlines()[0] == str(caught.value).splitlines()[0]
    assert not (tmp_path / "a" / "family=chess").exists()  # nor read as individual games


def test_the_friendship_cup_read_in_and_recomputed(tmp_path: Path) -> None:
    # the board rows with the file's byes and its unshown forfeits read in
    # (tests/test_chess_teams_real.py), as a team table with the teams' names and the date:
    # 75 of 75 published values (rank, MP, GP, EGGSB, BH:MP) of the 15 teams
    boards, teams, events, _ = _friendship()
    table = boards.merge(teams.rename(columns={"name": "team_name"}), on=["event", "team"])
    table = table.assign(date=events["date"].iloc[0])
    src = tmp_path / "src"
    src.mkdir()
    table.to_parquet(src / "friendship2024.parquet")
    files = _import(src, tmp_path / "a")
    assert files["season"].tolist() == ["2024"]
    config = {"chess_teams": {"tiebreaks": FRIENDSHIP_ORDER, "rules": "auto"}}
    ours = _recompute(tmp_path / "a", tmp_path / "out", config)
    published = pd.read_csv(FRIENDSHIP_PUBLISHED)
    joined = ours.merge(published, on="name", validate="one_to_one", suffixes=("", "_pub"))
    pairs = {"rank": "rank_pub", "MP": "match_points", "GP": "game_points", "EGGSB": "eggsb",
             "BH:MP": "bh_mp"}  # fmt: skip
    same = {c: int(np.isclose(joined[c], joined[p]).sum()) for c, p in pairs.items()}
    assert same == dict.fromkeys(pairs, 15)


# --- both families, seasons ---------------------------------------------------------------------


def test_individual_and_team_events_in_one_archive(tmp_path: Path) -> None:
    src = _folder(tmp_path, CUP_TRF, CUP_PGN, INDIVIDUAL)
    shutil.copy(INDIVIDUAL, src / "ex01-copy.trf")  # two individual TRFs: read together
    files = _import(src, tmp_path / "a")
    family = dict(zip(files["path"], files["family"], strict=True))
    assert family == {"cup-trf2026.trf": "chess_teams", "cup.pgn": "chess_teams",
                      "ex01.trf": "chess", "ex01-copy.trf": "chess"}  # fmt: skip
    config = {"chess": {"tiebreaks": ["BH"]}}
    report = recompute(tmp_path / "a", tmp_path / "out", config=config, progress=False)
    assert report.ok, report.summary()
    individual = read_archive(tmp_path / "out", family="chess")
    alone = standings_from_path(INDIVIDUAL, tiebreaks=["BH"], rules="adjusted")
    got = individual[individual["event"] == "ex01"]
    assert got["PTS"].tolist() == alone["PTS"].tolist()
    assert got["rank"].tolist() == alone["rank"].tolist()
    teams = read_archive(tmp_path / "out", family="chess_teams")
    assert sorted(teams["event"].unique()) == ["Club team cup", "cup-trf2026"]
    assert len(teams) == 6 and teams["name"].notna().all()


def test_seasons_by_year_and_given(tmp_path: Path) -> None:
    boards, teams, events, _ = _friendship()
    src = _folder(tmp_path, CUP_TRF, INDIVIDUAL)
    boards.assign(date="2024-11-23").to_csv(src / "friendship.csv", index=False)
    files = _import(src, tmp_path / "a")
    seasons = dict(zip(files["path"], files["season"], strict=True))
    assert seasons == {"cup-trf2026.trf": "2026", "ex01.trf": "2024", "friendship.csv": "2024"}
    rows = read_archive(tmp_path / "a", family="chess_teams")
    assert rows.groupby("event", observed=True)["season"].first().astype(str).to_dict() == {
        "cup-trf2026": "2026", "friendship2024": "2024"
    }  # fmt: skip
    # the command line: --season names the season of every file
    assert main(["import", str(src), str(tmp_path / "b"), "--season", "club", "--quiet"]) == 0
    seasons_b = read_archive(tmp_path / "b", family="chess_teams")["season"].astype(str)
    assert set(seasons_b) == {"club"}
    out = tmp_path / "out"
    assert main(["recompute", str(tmp_path / "b"), "--out", str(out), "--quiet",
                 "--set", 'chess_teams.tiebreaks=["MP","GP"]']) == 0  # fmt: skip
    table = read_archive(out, family="chess_teams")
    assert set(table["season"].astype(str)) == {"club"}
    cup = table[table["event"] == "cup-trf2026"].set_index("team")
    assert cup["MP"].tolist() == [5.0, 3.0, 1.0]


def test_a_team_file_in_the_chess_folder(tmp_path: Path) -> None:
    src = tmp_path / "src" / "chess"
    src.mkdir(parents=True)
    shutil.copy(CUP_TRF, src)
    files = _import(tmp_path / "src", tmp_path / "a")
    assert files["family"].tolist() == ["chess_teams"]


# --- the options and what is refused ------------------------------------------------------------


def test_recompute_set_checks_the_team_options(tmp_path: Path, capsys) -> None:
    _import(_folder(tmp_path, CUP_TRF), tmp_path / "a")
    out = str(tmp_path / "out")
    code = main(["recompute", str(tmp_path / "a"), "--out", out, "--set",
                 "chess_teams.planned_rounds=3"])  # fmt: skip
    assert code == 2  # a usage error naming the option (an individual event's)
    assert "--set chess_teams.planned_rounds=3: unknown option(s)" in capsys.readouterr().err
    assert FAMILIES["chess_teams"].options_of == "team_standings"
    assert "team_size" in FAMILIES["chess_teams"].options_signature().parameters


def test_a_bad_team_table_is_refused_at_import_naming_the_rows(tmp_path: Path) -> None:
    boards = read_team_trf(CUP_TRF).boards.assign(event="cup", date="2026-03-07")
    at = boards.index[(boards["round"] == 1) & (boards["team"] == 2)][0]
    bad = boards.copy()
    bad.loc[at, "opponent_team"] = 3  # its opponent's rows name team 2 back
    src = tmp_path / "src"
    src.mkdir()
    bad.to_csv(src / "cup.csv", index=False)
    report = import_folder(src, tmp_path / "a", progress=False)
    said = report.summary().splitlines()
    at = said.index("1 file(s) skipped:")
    assert said[at + 1] == (
        "  cup.csv: team results: a team meets two teams (or a bye) in a round (2 rows):"
    )
    # the first of them (a CSV's column with blanks is read as floats)
    assert said[at + 2].startswith("      event='cup', round=1, board=1, team=2, opponent_team=3")
    twice = pd.concat([boards, boards.iloc[[0]]], ignore_index=True)
    twice.to_csv(src / "cup.csv", index=False)
    report = import_folder(src, tmp_path / "b", progress=False)
    assert "event='cup', round=1, board=1, team=1" in report.files["message"].iloc[0]


def test_a_team_given_two_names_is_refused(tmp_path: Path) -> None:
    rows = read_team_rows(CUP_TRF)
    rows.loc[rows.index[0], "team_name"] = "Towers"
    with pytest.raises(ValidationError, match="a team with two different names in one event"):
        archive_team_standings(rows)
    src = tmp_path / "src"
    src.mkdir()
    rows.to_csv(src / "cup.csv", index=False)
    report = import_folder(src, tmp_path / "a", progress=False)
    assert "two different names" in report.files["message"].iloc[0]


def test_the_point_system_of_a_trf_2026_file_is_kept(tmp_path: Path) -> None:
    # a 362 record of 3 match points for a win: the event's standings score it so (as the
    # standings of the file do), and an event beside it keeps the default 2/1/0
    three = tmp_path / "three.trf"
    text = CUP_TRF.read_text().replace(
        "362 TW 2.0   TD 1.0   TL 0.0", "362 TW 3.0   TD 1.0   TL 0.0"
    )
    three.write_text(text.replace("012 Three Team Cup", "012 Three Point Cup"))
    rows = read_team_rows(three)
    assert rows["team_point_system"].unique().tolist() == [
        "match 3/1/0; game 1/0.5/0; forfeit_win win/win; forfeit_loss loss/loss; "
        "pab draw/draw; fpb win/win; hpb draw/draw; zpb loss/loss"
    ]
    assert "team_point_system" not in read_team_rows(CUP_TRF).columns  # the default's
    _import(_folder(tmp_path, three, CUP_TRF), tmp_path / "a")
    table = _recompute(tmp_path / "a", tmp_path / "out").set_index(["event", "team"])
    # Rooks: won 2, bye (a drawn match: 1) -> 3 x 2 + 1 = 7 under 3/1/0, 5 under 2/1/0
    assert table.loc[("three", 1), "MP"] == 7.0 and table.loc[("cup-trf2026", 1), "MP"] == 5.0
    _same(table.reset_index().query("event == 'three'"), standings_from_path(three))


def test_points_text_round_trips() -> None:
    for points in TEAM_POINTS.values():
        back = points_of_text(points_text(points))
        assert (back.match, back.game, back.unplayed) == (points.match, points.game,
                                                          points.unplayed)  # fmt: skip
    with pytest.raises(ValidationError, match="team_point_system: not a team point system"):
        points_of_text("match 2/1/0; game 1/0.5/0; pab maybe/draw")


def test_recompute_skips_a_bad_team_event_naming_it(tmp_path: Path) -> None:
    # rows written into an archive by other means: an event with a board row twice is skipped
    # with the error naming its round and team; the other event is computed
    rows = read_team_rows(CUP_TRF).assign(season="2026")
    bad = pd.concat([rows, rows.iloc[[0]]], ignore_index=True).assign(event="bad")
    write_archive(pd.concat([bad, rows], ignore_index=True), tmp_path / "a", family="chess_teams")
    report = recompute(tmp_path / "a", tmp_path / "out", progress=False)
    assert not report.ok
    assert report.errors["unit"].tolist() == [{"event": "bad"}]
    error = report.errors["error"].iloc[0]
    assert "event='bad', round=1, board=1, team=1" in error
    table = read_archive(tmp_path / "out", family="chess_teams")
    assert table["event"].unique().tolist() == ["cup-trf2026"] and len(table) == 3


@pytest.mark.parametrize("seed", range(4))
def test_random_events_together_as_each_alone(seed: int) -> None:
    # a random season (tests/chess_team_data.py: Swiss events and round robins, forfeits, team
    # byes), each event with its own date, type, names and (every other event) the
    # tiebreakserver point system: one kernel call gives each event's team_standings alone
    from chess_team_data import random_team_event

    order = ["MP", "GP", "EDE", "EMGSB/C1", "SB:MP", "BC"]
    parts, alone = [], []
    for k in range(6):
        boards, _, rr = random_team_event(seed * 10 + k, event=f"E{k}")
        points = TEAM_POINTS["tiebreakserver"] if k % 2 else None
        date = pd.Timestamp(f"202{3 + k % 3}-05-01")
        kind = "Team round robin" if rr else "Team Swiss"
        names = pd.DataFrame({"event": f"E{k}", "team": pd.unique(boards["team"])})
        names["name"] = "club " + names["team"].astype(str)
        events = pd.DataFrame({"event": [f"E{k}"], "date": [date], "type": [kind]})
        alone.append(team_standings(boards, tiebreaks=order, rules="auto", points=points,
                                    teams=names, events=events,
                                    allow_buchholz_in_round_robins=True))  # fmt: skip
        rows = boards.merge(names.rename(columns={"name": "team_name"}), on=["event", "team"])
        rows = rows.assign(date=date, type=kind)
        if points is not None:
            rows["team_point_system"] = points_text(points)
        parts.append(rows)
    season = pd.concat(parts, ignore_index=True)
    together = archive_team_standings(season, tiebreaks=order, rules="auto",
                                      allow_buchholz_in_round_robins=True)  # fmt: skip
    _same(together, pd.concat(alone, ignore_index=True))


def test_an_event_with_two_point_systems_is_refused() -> None:
    rows = read_team_rows(CUP_TRF)
    rows["team_point_system"] = points_text(TEAM_POINTS["tiebreakserver"])
    rows.loc[rows.index[:2], "team_point_system"] = None  # two rows of the default's
    with pytest.raises(ValidationError, match="an event with two different team_point_system"):
        archive_team_standings(rows)
