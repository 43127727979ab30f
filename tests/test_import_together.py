"""The MTG JSON files of an import read together in a batch (one frame per batch, each file
placed in its season from it) give the archive and the report of each file read alone, hostile
files included: a file in another family's folder, a file without a date, an event name given
twice, a broken file, a playoff bracket alone, a second file of the same name in the batch."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from tourneystats.archive import import_folder, read_archive, sources
from tourneystats.archive.dataset import archive_files


def mtg_json(path: Path, date: str | None, rounds: list[dict], host: str = "melee.gg") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tournament = {"Name": path.stem, "Uri": f"https://{host}/Tournament/View/{path.stem}"}
    if date is not None:
        tournament["Date"] = date
    path.write_text(json.dumps({"Tournament": tournament, "Rounds": rounds}))


def swiss(*pairs: tuple[str, str], rounds: int = 1) -> list[dict]:
    return [
        {
            "RoundName": f"Round {r}",
            "Matches": [{"Player1": a, "Player2": b, "Result": "2-1-0"} for a, b in pairs],
        }  # fmt: skip
        for r in range(1, rounds + 1)
    ]


def bracket_only() -> list[dict]:
    return [{"RoundName": "Finals", "Matches": [{"Player1": "p", "Player2": "q",
                                                  "Result": "2-0-0"}]}]  # fmt: skip


@pytest.fixture
def src(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    mtg_json(src / "MTGmelee" / "2023" / "a-1.json", "2023-12-30T10:00:00", swiss(("A", "B")))
    mtg_json(src / "MTGmelee" / "2024" / "b-2.json", "2024-01-02", swiss(("C", "D"), rounds=2))
    mtg_json(src / "MTGmelee" / "2024" / "nodate.json", None, swiss(("E", "F")))
    mtg_json(src / "MTGO" / "2024" / "po-3.json", "2024-01-02", bracket_only())
    mtg_json(src / "MTGO" / "2024" / "st-4.json", "2024-02-02", [])
    mtg_json(src / "chess" / "c-5.json", "2024-03-03", swiss(("G", "H")))  # wrong folder
    mtg_json(src / "X" / "2024" / "a-1.json", "2024-05-05", swiss(("I", "J")))  # same name
    mtg_json(src / "Y" / "2025" / "d-6.json", "2025-01-01", swiss(("K", "L"), ("M", "N")))
    mtg_json(src / "Y" / "2025" / "e-7.json", "2025-02-01", swiss(("A", "B")))
    (src / "Y" / "2025" / "broken.json").write_text('{"Tournament": {}, "Rounds": [')
    mtg_json(src / "Z" / "2024" / "d-6.json", "2024-06-01", swiss(("O", "P")))  # other season
    return src


def imported(src: Path, root: Path, **options) -> tuple[dict, pd.DataFrame, list[int]]:
    report = import_folder(src, root, progress=False, jobs=1, **options)
    body = json.loads(report.path.read_text(encoding="utf-8"))
    rows = [int(r) for r in archive_files(root)["rows"]]
    back = read_archive(root, family="cards") if rows else pd.DataFrame()
    return body, back, rows


@pytest.mark.parametrize(
    "options", [{}, {"season": "S"}, {"season_from_folder": True}], ids=["year", "given", "folder"]
)
@pytest.mark.parametrize("chunk_rows", [3, 500_000])
@pytest.mark.parametrize("batch", [3, 200])  # 3: a name given twice in two batches
def test_files_read_together_are_imported_as_each_alone(src, tmp_path, monkeypatch, options,
                                                          chunk_rows, batch):  # fmt: skip
    monkeypatch.setattr(sources, "_JSON_BATCH", batch)
    together = imported(src, tmp_path / "together", chunk_rows=chunk_rows, **options)
    monkeypatch.setattr(sources, "_JSON_BATCH", 1)  # each file a batch of its own: read alone
    alone = imported(src, tmp_path / "alone", chunk_rows=chunk_rows, **options)
    assert together[0] == alone[0]  # the report: every file, season, rows, status, warning
    assert together[2] == alone[2]  # the archive files, cut alike
    pd.testing.assert_frame_equal(together[1], alone[1], check_exact=True)
    status = {f["path"]: (f["status"], f["season"]) for f in together[0]["files"]}
    assert status["chess/c-5.json"][0] == "error"
    assert status["MTGO/2024/po-3.json"] == ("empty", None)
    assert status["Y/2025/broken.json"][0] == "error"
    if not options:
        assert status["MTGmelee/2024/nodate.json"] == ("error", None)
        assert status["X/2024/a-1.json"] == ("imported", "2024")
        assert status["Z/2024/d-6.json"] == ("imported", "2024")
    else:
        assert status["MTGmelee/2024/nodate.json"][0] == "imported"
    if options.get("season") == "S":  # one season: the second a-1 and d-6 are refused
        assert status["X/2024/a-1.json"][0] == "error"
        assert status["Z/2024/d-6.json"][0] == "error"
