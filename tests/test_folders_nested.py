"""Archives as they are laid out: every family reads nested folders, and same-named events in
different folders stay apart (``core.folders.list_files``, ``event_names``)."""

from __future__ import annotations

import shutil
import warnings
from pathlib import Path

import pandas as pd
import pytest

from tourneystats import bridge, cards, chess, league
from tourneystats.cli import main
from tourneystats.core.folders import event_names, list_files, walk
from tourneystats.core.schema import ValidationError

TESTS = Path(__file__).parent / "data"
ROOT = Path(__file__).parents[1] / "data"
JSON = TESTS / "cards" / "mtgjson" / "sfida-dei-campioni-pauper-61438-2024-02-18.json"
TRF = TESTS / "chess" / "buchholz_1.trf"
USEBIO = ROOT / "bridge-published" / "usebio-mp-pairs-howell.xml"
LEAGUE = ROOT / "league" / "worked-example.csv"


def _twice(source: Path, root: Path, folders=("2023/spring", "2024/spring"), name=None) -> Path:
    """`source` copied under the same name into two nested folders of `root`."""
    for folder in folders:
        (root / folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(source, root / folder / (name or source.name))
    return root


def quietly(func, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return func(*args, **kwargs)


def test_event_names_keep_stems_and_part_same_named_files():
    assert event_names(["a/x.json", "a/y.json"]) == ["x", "y"]
    assert event_names(["t/MTGO/2024/x.json", "t/melee/2024/x.json", "t/melee/y.json"]) == [
        "MTGO/2024/x",
        "melee/2024/x",
        "y",
    ]
    assert event_names([Path("/r/a/b/x.trf"), Path("/r/a/c/x.trf")]) == ["b/x", "c/x"]
    with pytest.raises(ValidationError, match="listed twice"):
        event_names(["a/x.json", "a/x.json"])


def test_list_files_walks_sub_folders_skipping_hidden_ones(tmp_path):
    for rel in ("b.json", "2024/01/a.json", "2024/_staging/c.json", ".git/d.json", "2024/e.txt"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("{}")
    got = [p.relative_to(tmp_path).as_posix() for p in list_files(tmp_path, (".json",))]
    assert got == ["2024/01/a.json", "b.json"]
    assert [p.relative_to(tmp_path).as_posix() for p in walk(tmp_path)] == [
        "2024/01/a.json",
        "2024/e.txt",
        "b.json",
    ]


def test_cards_json_archive(tmp_path):
    root = _twice(JSON, tmp_path)
    alone = quietly(cards.standings_from_path, JSON)
    table = quietly(cards.standings_from_path, root)
    assert sorted(table["event"].unique()) == [f"{y}/spring/{JSON.stem}" for y in ("2023", "2024")]
    for _, rows in table.groupby("event", sort=True):
        expected = alone.drop(columns="event").reset_index(drop=True)
        pd.testing.assert_frame_equal(rows.drop(columns="event").reset_index(drop=True), expected)
    checked = quietly(cards.check_from_path, root)
    assert checked["equal"].all() and checked["event"].nunique() == 2
    assert len(checked) == 2 * len(quietly(cards.check_from_path, JSON))


def test_chess_trf_archive(tmp_path):
    root = _twice(TRF, tmp_path, name="club.trf")
    alone = chess.standings_from_path(TRF)
    table = chess.standings_from_path(root)
    assert sorted(table["event"].astype(str).unique()) == ["2023/spring/club", "2024/spring/club"]
    assert len(table) == 2 * len(alone)
    both, one = chess.check_from_path(root), chess.check_from_path(TRF)
    assert len(both) == 2 * len(one) and both["equal"].sum() == 2 * one["equal"].sum()


def test_chess_pgn_archive_without_event_tags(tmp_path):
    game = '[White "Ann"]\n[Black "Bo"]\n[Round "1"]\n[Result "1-0"]\n\n1. e4 1-0\n'
    for year in ("2023", "2024"):
        (tmp_path / year).mkdir()
        (tmp_path / year / "club.pgn").write_text(game)
    table = chess.standings_from_path(tmp_path)
    assert sorted(table["event"].astype(str).unique()) == ["2023/club", "2024/club"]
    assert len(table) == 4


def test_bridge_usebio_archive(tmp_path):
    root = _twice(USEBIO, tmp_path)
    alone = bridge.standings_from_path(USEBIO)
    table = bridge.standings_from_path(root)
    label = alone["event"].iloc[0]
    assert sorted(table["event"].unique()) == [label, f"{label} [2024/spring/{USEBIO.stem}]"]
    assert len(table) == 2 * len(alone)
    assert len(bridge.check_from_path(root)) == 2 * len(bridge.check_from_path(USEBIO))


def test_league_tables_archive(tmp_path):
    root = _twice(LEAGUE, tmp_path, name="autumn.csv")
    table = league.read_results(root)
    assert sorted(table["league"].unique()) == ["2023/spring/autumn", "2024/spring/autumn"]
    assert len(table) == 2 * len(league.read_results(LEAGUE))
    standings = league.standings_from_path(root)
    assert standings["league"].nunique() == 2


def test_command_line_commands_take_a_nested_archive(tmp_path, capsys):
    root = _twice(JSON, tmp_path / "archive")
    out = tmp_path / "standings.csv"
    assert main(["standings", str(root), "--family", "cards", "--out", str(out)]) == 0
    assert pd.read_csv(out)["event"].nunique() == 2
    assert main(["drift", str(root), "--family", "cards", "--out", str(tmp_path / "d.png")]) == 0
    assert (tmp_path / "d.png").read_bytes()[:4] == b"\x89PNG"
    code = main(["compare", str(root), "--family", "cards", "--rules", "melee,mtg"])
    assert code == 0 and "2023/spring" in capsys.readouterr().out


def test_walk_follows_links_to_folders_once(tmp_path):
    """A folder of links (a season put together from an archive) is read through its links; a
    link back up the tree or a second link to the same folder is not entered again, and a link
    to nothing is skipped."""
    real = tmp_path / "archive" / "melee" / "2024"
    real.mkdir(parents=True)
    (real / "a.json").write_text("{}")
    season = tmp_path / "season"
    season.mkdir()
    (season / "melee").symlink_to(real, target_is_directory=True)
    (season / "again").symlink_to(real, target_is_directory=True)
    (season / "up").symlink_to(season, target_is_directory=True)
    (season / "gone").symlink_to(tmp_path / "nowhere", target_is_directory=True)
    (season / "b.json").symlink_to(real / "a.json")
    got = [p.relative_to(season).as_posix() for p in list_files(season, (".json",))]
    assert got == ["again/a.json", "b.json"]
