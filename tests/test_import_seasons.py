"""Seasons of an import: the year of each event's date by default, ``--season`` over it, the
folder only when asked (``--season-from-folder``); files with no round to rank said as such."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from tourneystats.archive import import_folder, read_archive
from tourneystats.cli import main


def mtg_json(path: Path, date: str, rounds: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({
        "Tournament": {"Date": date, "Name": path.stem, "Uri": f"https://melee.gg/Tournament/View/{path.stem}"},
        "Rounds": rounds,
    }))  # fmt: skip


def swiss(*pairs: tuple[str, str]) -> list[dict]:
    return [{"RoundName": "Round 1", "Matches": [
        {"Player1": a, "Player2": b, "Result": "2-0-0"} for a, b in pairs]}]  # fmt: skip


def bracket_only() -> list[dict]:
    names = ["Quarterfinals", "Semifinals", "Finals"]
    players = [f"p{i}" for i in range(8)]
    rounds = []
    for name in names:
        rounds.append({"RoundName": name, "Matches": [
            {"Player1": players[i], "Player2": players[i + 1], "Result": "2-1-0"}
            for i in range(0, len(players), 2)]})  # fmt: skip
        players = players[::2]
    return rounds


@pytest.fixture
def src(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    mtg_json(src / "MTGmelee" / "2023" / "12" / "a-1.json", "2023-12-30", swiss(("A", "B")))
    mtg_json(src / "MTGmelee" / "2024" / "01" / "b-2.json", "2024-01-02", swiss(("C", "D")))
    mtg_json(src / "MTGO" / "2024" / "01" / "po-3.json", "2024-01-02", bracket_only())
    mtg_json(src / "MTGO" / "2024" / "02" / "st-4.json", "2024-02-02", [])
    return src


def seasons(root: Path) -> dict[str, str]:
    back = read_archive(root, family="cards")
    return dict(back.groupby("event", observed=True)["season"].first().astype(str))


def test_the_season_is_the_year_of_the_event_by_default(src, tmp_path):
    report = import_folder(src, tmp_path / "a", progress=False)
    assert report.ok
    assert seasons(tmp_path / "a") == {"a-1": "2023", "b-2": "2024"}


def test_the_season_given_wins_over_the_date(src, tmp_path):
    import_folder(src, tmp_path / "a", season="club", progress=False)
    assert set(seasons(tmp_path / "a").values()) == {"club"}


def test_the_folder_is_a_season_only_when_asked(src, tmp_path):
    import_folder(src, tmp_path / "a", season_from_folder=True, progress=False)
    assert set(seasons(tmp_path / "a").values()) == {"MTGmelee"}


def test_a_bracket_alone_is_reported_empty_with_why_and_no_season(src, tmp_path, capsys):
    assert main(["import", str(src), str(tmp_path / "a"), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "2 file(s) imported (4 rows)" in out
    assert "cards: 2 file(s), season(s) 2023, 2024" in out
    assert "season(s) ," not in out  # no empty season name
    assert (
        "2 file(s) with no round to rank, not imported: 1 a playoff bracket alone; 1 no match"
    ) in out
    files = import_folder(src, tmp_path / "b", progress=False).files.set_index("path")
    row = files.loc["MTGO/2024/01/po-3.json"]
    assert row["status"] == "empty" and row["rows"] == 0 and pd.isna(row["season"])
    assert row["message"].startswith("a playoff bracket alone: 7 bracket match(es)")
    assert files.loc["MTGO/2024/02/st-4.json", "message"].startswith("no match: the file lists")


def test_a_table_without_dates_needs_a_season(tmp_path):
    src = tmp_path / "src"
    (src / "2024").mkdir(parents=True)
    pd.DataFrame({"event": "E", "round": 1, "player": ["a", "b"], "opponent": ["b", "a"],
                  "wins": [2, 0], "losses": [0, 2], "draws": 0}).to_csv(src / "2024" / "c.csv",
                                                                         index=False)  # fmt: skip
    report = import_folder(src, tmp_path / "a", progress=False)
    assert not report.ok
    assert "cannot tell the season: no date in the rows" in report.errors["message"].iloc[0]
    assert "2024/c.csv" in report.errors["message"].iloc[0]
    assert import_folder(src, tmp_path / "b", season_from_folder=True, progress=False).ok
    assert set(read_archive(tmp_path / "b", family="cards")["season"].astype(str)) == {"2024"}
    assert import_folder(src, tmp_path / "c", season="s1", progress=False).ok


def test_an_event_over_new_year_stays_in_the_year_it_began(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    pd.DataFrame({"event": "E", "round": [1, 1, 2, 2], "player": ["a", "b", "a", "b"],
                  "opponent": ["b", "a", "b", "a"], "wins": [2, 0, 0, 2], "losses": [0, 2, 2, 0],
                  "draws": 0, "date": ["2024-12-31", "2024-12-31", "2025-01-01", "2025-01-01"]}
                 ).to_csv(src / "c.csv", index=False)  # fmt: skip
    assert import_folder(src, tmp_path / "a", progress=False).ok
    assert set(read_archive(tmp_path / "a", family="cards")["season"].astype(str)) == {"2024"}


@pytest.mark.parametrize("bad", ["not a date", ""])
def test_a_row_whose_date_is_no_date_is_refused_by_name(tmp_path, bad):
    src = tmp_path / "src"
    src.mkdir()
    pd.DataFrame({"event": ["E", "E", "F", "F"], "round": 1, "player": ["a", "b", "c", "d"],
                  "opponent": ["b", "a", "d", "c"], "wins": [2, 0, 2, 0], "losses": [0, 2, 0, 2],
                  "draws": 0, "date": ["2024-05-01", "2024-05-01", bad, bad]}
                 ).to_csv(src / "c.csv", index=False)  # fmt: skip
    report = import_folder(src, tmp_path / "a", progress=False)
    assert not report.ok
    assert report.errors["message"].iloc[0].startswith("c.csv: cannot tell the season")


def test_season_and_season_from_folder_together_are_refused(src, tmp_path, capsys):
    """--season names the season of every file: with --season-from-folder too, which one the
    user meant cannot be told (a usage error, exit status 2)."""
    with pytest.raises(ValueError, match="give one of them"):
        import_folder(src, tmp_path / "a", season="s1", season_from_folder=True, progress=False)
    args = ["import", str(src), str(tmp_path / "b"), "--season", "s1", "--season-from-folder"]
    assert main(args) == 2
    assert "--season names the season of every file" in capsys.readouterr().err
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()
