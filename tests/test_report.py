"""Checking a whole archive file by file (core.report), on several processes (core.parallel),
with its warnings counted by kind; ``tourneystats check FOLDER``, ``import`` and ``recompute``
with ``--jobs``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pandas as pd
import pytest

from tourneystats import archive
from tourneystats.archive import read_archive
from tourneystats.cards import POINTS_VALUES
from tourneystats.cli import main
from tourneystats.core.parallel import chunk_size, jobs_count, map_files, show_progress
from tourneystats.core.report import (
    REPORT_COLUMNS,
    STATUSES,
    check_files,
    report_summary,
    values_summary,
    warning_kind,
    warnings_summary,
)
from tourneystats.core.schema import ValidationError

DATA = Path(__file__).parent / "data" / "cards"
MTGJSON = DATA / "mtgjson"
EQUAL = "sfida-dei-campioni-pauper-61438-2024-02-18.json"  # melee, reproduced whole
MTGO = "mtgo/modern-challenge-64-2023-12-3112599391.json"  # playoffs only
#: a CardsRealm file that writes byes as matches against "Bye" (see tests/data/README.md)
CARDSREALM = DATA / "archive" / "CardsRealm" / "2025" / "01" / "11"
BYE = CARDSREALM / "meeple-s-club-pauper-109-2025-01-11.json"


@pytest.fixture
def small_archive(tmp_path) -> Path:
    """An archive in the MTGODecklistCache layout: a file reproduced whole, one with a published
    OMWP altered, a playoffs-only MTGO file, a broken file and a CardsRealm file."""
    root = tmp_path / "Tournaments"
    melee, mtgo, realm = root / "MTGmelee" / "2024", root / "MTGO" / "2023", root / "CardsRealm"
    for folder in (melee, mtgo, realm):
        folder.mkdir(parents=True)
    shutil.copy(MTGJSON / EQUAL, melee / EQUAL)
    data = json.loads((MTGJSON / EQUAL).read_text(encoding="utf-8"))
    data["Standings"][0]["OMWP"] = round(float(data["Standings"][0]["OMWP"]) + 0.1, 4)
    (melee / "altered.json").write_text(json.dumps(data), encoding="utf-8")
    shutil.copy(MTGJSON / MTGO, mtgo / Path(MTGO).name)
    (melee / "broken.json").write_text('{"Tournament": {"Name": "x"}, "Rounds": 3}')
    shutil.copy(BYE, realm / BYE.name)
    return root


@pytest.fixture
def generic(monkeypatch):
    """The generic per-file report (``check_from_path`` summarised), even once the cards family
    has a ``file_report`` of its own (in this process: ``jobs=1``)."""
    import tourneystats.cards

    monkeypatch.delattr(tourneystats.cards, "file_report", raising=False)
    monkeypatch.delattr(tourneystats.cards, "files_report", raising=False)


def _files(root: Path) -> list[Path]:
    return sorted(root.rglob("*.json"), key=lambda p: p.relative_to(root).parts)


def test_report_columns_and_statuses(small_archive, generic):
    first = json.loads((MTGJSON / EQUAL).read_text(encoding="utf-8"))["Standings"][0]
    report, differences, notes, values = check_files(
        "tourneystats.cards", _files(small_archive), small_archive, jobs=1
    )
    assert list(report.columns[: len(REPORT_COLUMNS)]) == REPORT_COLUMNS
    rows = report.set_index("file")
    assert rows.loc[f"MTGmelee/2024/{EQUAL}", "status"] == "equal"
    assert rows.loc[f"MTGmelee/2024/{EQUAL}", "compared"] == 27 * 5
    assert rows.loc[f"MTGmelee/2024/{EQUAL}", "platform"] == "MTGmelee"
    altered = rows.loc["MTGmelee/2024/altered.json"]
    assert (altered["status"], altered["compared"], altered["equal"]) == ("different", 135, 134)
    assert altered["first_difference"].startswith(f"altered, {first['Player']}: OMWP published")
    assert rows.loc[f"MTGO/2023/{Path(MTGO).name}", "status"] == "no published values"
    broken = rows.loc["MTGmelee/2024/broken.json"]
    assert broken["status"] == "refused" and broken["compared"] == 0
    assert "Rounds" in broken["detail"] and str(small_archive) not in broken["detail"]
    realm = rows.loc[f"CardsRealm/{BYE.name}"]
    if realm["status"] == "refused":  # as read before the publishers' placeholders were known
        assert "'Bye' is paired twice" in realm["detail"]
    else:
        assert realm["compared"] > 0
    assert set(report["status"]) <= {*STATUSES, "inconsistent"}
    # the differences: one row per value that differs, named by file
    assert set(differences["file"]) <= {"MTGmelee/2024/altered.json", f"CardsRealm/{BYE.name}"}
    mine = differences[differences["file"] == "MTGmelee/2024/altered.json"]
    assert mine[["player", "value"]].values.tolist() == [[first["Player"], "OMWP"]]
    # the warnings: the MTGO file has nothing to compare, and says so
    mtgo = notes[notes["file"] == f"MTGO/2023/{Path(MTGO).name}"]
    assert "not compared: files with nothing to compare" in set(mtgo["kind"])
    assert (
        report.loc[report["file"] == f"MTGO/2023/{Path(MTGO).name}", "warnings"].str.len().iloc[0]
    )
    # the values compared, per file and value, add up to the report's (generic report: no
    # value is published as an earlier round's)
    per_file = values.groupby("file")[["compared", "equal"]].sum()
    compared = rows.loc[rows["compared"] > 0, ["compared", "equal"]]
    pd.testing.assert_frame_equal(per_file.sort_index(), compared.sort_index(), check_names=False)
    assert values.loc[values["file"] == "MTGmelee/2024/altered.json"].set_index("value")[
        ["compared", "equal"]
    ].loc["OMWP"].tolist() == [27, 26]
    assert not values["earlier"].any()


def test_one_job_and_two_give_identical_outputs(small_archive):
    files = _files(small_archive)
    one = check_files("tourneystats.cards", files, small_archive, jobs=1)
    two = check_files("tourneystats.cards", files, small_archive, jobs=2)
    for a, b in zip(one, two, strict=True):
        pd.testing.assert_frame_equal(a, b)
    assert one.values["compared"].sum() == one.report["compared"].sum()
    report = one[0]  # whoever summarises the files (the family's file_report or the generic one)
    assert list(report.columns[: len(REPORT_COLUMNS)]) == REPORT_COLUMNS
    assert set(report["status"]) <= {*STATUSES, "inconsistent"}
    statuses = dict(zip(report["file"], report["status"], strict=True))
    assert statuses[f"MTGmelee/2024/{EQUAL}"] == "equal"
    assert statuses[f"MTGO/2023/{Path(MTGO).name}"] == "no published values"
    assert statuses["MTGmelee/2024/broken.json"] == "refused"
    assert (one[1]["equal"] == False).all()  # noqa: E712  (only the values that differ)


WEEKLY = MTGJSON / "weekly-legacy-292153-2025-04-17.json"  # players published after round 2
#: a file whose published points its rounds cannot give: Bo lost his one match, published 3
INCONSISTENT = {
    "Tournament": {"Date": "2024-06-30", "Name": "Club", "Uri": "https://melee.gg/1"},
    "Rounds": [{"RoundName": "Round 1", "Matches": [
        {"Player1": "Ann", "Player2": "Bo", "Result": "2-1-0"}]}],
    "Standings": [
        {"Rank": 1, "Player": "Ann", "Points": 3, "OMWP": 0.33, "GWP": 0.6667, "OGWP": 0.3333},
        {"Rank": 2, "Player": "Bo", "Points": 3, "OMWP": 1.0, "GWP": 0.3333, "OGWP": 0.6667}],
}  # fmt: skip


@pytest.fixture
def melee_season(small_archive) -> Path:
    """The small archive's melee files (one reproduced whole, one with an OMWP altered), the
    file with players published with their values after round 2, and an inconsistent one."""
    melee = small_archive / "MTGmelee" / "2024"
    (melee / "broken.json").unlink()
    shutil.copy(WEEKLY, melee / WEEKLY.name)
    (melee / "club.json").write_text(json.dumps(INCONSISTENT), encoding="utf-8")
    return melee


def test_values_counted_per_file_and_value(melee_season):
    """The weekly file (tests/test_cards_earlier.py): 36 players, 180 values, 171 equal; not
    equal, all published as after round 2: the OMWP of P034 and P035, the OGWP of P034, P035
    and P036, the ranks of P033 to P036. The altered file: one OMWP of 27 differs."""
    files = _files(melee_season)
    check = check_files("tourneystats.cards", files, melee_season, jobs=1)
    values = check.values.set_index(["file", "value"])
    assert list(check.values.columns) == ["file", "value", "compared", "equal", "earlier"]
    weekly = values.loc[WEEKLY.name]
    assert weekly.to_dict("index") == {
        "Points": {"compared": 36, "equal": 36, "earlier": 0},
        "OMWP": {"compared": 36, "equal": 34, "earlier": 2},
        "GWP": {"compared": 36, "equal": 36, "earlier": 0},
        "OGWP": {"compared": 36, "equal": 33, "earlier": 3},
        "Rank": {"compared": 36, "equal": 32, "earlier": 4},
    }
    assert values.loc[("altered.json", "OMWP")].tolist() == [27, 26, 0]
    assert values.loc[EQUAL, "equal"].tolist() == [27] * 5
    totals = check.values.groupby("file")[["compared", "equal"]].sum()
    report = check.report.set_index("file").loc[totals.index]
    assert totals["compared"].tolist() == report["compared"].tolist()
    assert totals["equal"].tolist() == report["equal"].tolist()
    # the summary leaves the inconsistent file out: 3 files, 27 + 27 + 36 players
    statuses = dict(zip(check.report["file"], check.report["status"], strict=True))
    assert statuses["club.json"] == "inconsistent"
    summary = values_summary(check.report, check.values, points=POINTS_VALUES)
    rows = summary.set_index(["platform", "value"])
    points = rows.loc[("melee", "Points")]
    assert points[["files", "compared", "reproduced"]].tolist() == [3, 90, 90]
    ties = rows.loc[("melee", "tie-breakers")]
    assert ties[["files", "compared", "reproduced", "earlier"]].tolist() == [3, 360, 350, 9]
    assert ties["reproduced %"] == round(100 * 350 / 360, 2)
    assert ties["with earlier %"] == round(100 * 359 / 360, 2)
    assert rows.loc[("all", "tie-breakers"), "compared"] == 360


def test_values_summary_per_platform_and_all():
    report = pd.DataFrame(
        {
            "file": ["a", "b", "c", "d", "e"],
            "platform": ["x", "y", "y", "y", "x"],
            "status": ["different", "equal", "refused", "inconsistent", "no published values"],
        }
    )
    values = pd.DataFrame(
        {
            "file": ["a", "a", "a", "b", "b", "d"],
            "value": ["Rank", "Points", "OMWP", "Points", "OMWP", "OMWP"],
            "compared": [4, 4, 4, 2, 2, 9],
            "equal": [1, 4, 3, 2, 2, 0],
            "earlier": [2, 0, 1, 0, 0, 0],
        }
    )
    table = values_summary(report, values, points=("Points",))
    got = [tuple(r) for r in table[["platform", "value", "files", "compared", "reproduced",
                                    "earlier"]].itertuples(index=False)]  # fmt: skip
    assert got == [
        ("x", "Points", 1, 4, 4, 0), ("x", "Rank", 1, 4, 1, 2), ("x", "OMWP", 1, 4, 3, 1),
        ("x", "tie-breakers", 1, 8, 4, 3),
        ("y", "Points", 1, 2, 2, 0), ("y", "OMWP", 1, 2, 2, 0), ("y", "tie-breakers", 1, 2, 2, 0),
        ("all", "Points", 2, 6, 6, 0), ("all", "Rank", 1, 4, 1, 2), ("all", "OMWP", 2, 6, 5, 1),
        ("all", "tie-breakers", 2, 10, 6, 3),
    ]  # fmt: skip
    assert table["reproduced %"].tolist()[:4] == [100.0, 25.0, 75.0, 50.0]
    assert table["with earlier %"].tolist()[3] == 87.5
    # no file whose points agree: an empty table with the columns
    empty = values_summary(report.assign(status="refused"), values)
    assert empty.empty and "with earlier %" in empty.columns
    # tables read back from files: a platform left empty, a column missing, a file twice
    blank = values_summary(report.assign(platform=[None, "y", "y", "y", "x"]), values)
    assert blank["platform"].tolist()[:5] == ["", "", "", "", "y"]
    assert blank.iloc[3][["value", "compared", "reproduced"]].tolist() == ["tie-breakers", 12, 8]
    with pytest.raises(ValidationError, match="values: missing column.s. earlier"):
        values_summary(report, values.drop(columns="earlier"))
    with pytest.raises(ValidationError, match="report: file 'a' has more than one row"):
        values_summary(pd.concat([report, report.head(1)]), values)


def test_report_summary_per_platform():
    report = pd.DataFrame(
        {
            "platform": ["b", "a", "a", "a"],
            "compared": [0, 10, 4, 0],
            "equal": [0, 10, 3, 0],
            "status": ["no published values", "equal", "different", "refused"],
        }
    )
    lines = report_summary(report).splitlines()
    assert lines[0].split() == ["platform", "files", "compared", "reproduced", "reproduced", "%",
                                "equal", "different", "refused", "no", "published", "values"]  # fmt: skip
    assert lines[1].split() == ["a", "3", "14", "13", "92.9", "1", "1", "1", "0"]
    assert lines[2].split() == ["b", "1", "0", "0", "NaN", "0", "0", "0", "1"]
    assert lines[3].split() == ["total", "4", "14", "13", "92.9", "1", "1", "1", "1"]
    # one platform: no total row; the files directly in the folder checked are named so
    lines = report_summary(report.assign(platform="")).splitlines()
    assert [line.split()[:3] for line in lines[1:]] == [["(this", "folder)", "4"]]


@pytest.mark.parametrize(
    "message, names, kind",
    [
        (
            "playoff rounds left out (only Swiss rounds are standings rounds): x-2024.json "
            "(Quarterfinals, Semifinals, Finals)",
            ["x-2024"],
            "playoff rounds left out",
        ),
        (
            "not compared: files with nothing to compare: /a/MTGO/x-2024.json: no Swiss round "
            "(MTGO files hold the playoffs only)",
            ["x-2024"],
            "not compared: files with nothing to compare",
        ),
        (
            "not compared: x-2024: players sharing a name: Ann, Bo",
            ["x-2024"],
            "not compared: players sharing a name",
        ),
        (
            "x-2024: restored 3 bye(s) missing from the file, from the published points (Ann)",
            ["x-2024"],
            "restored N bye(s) missing from the file, from the published points",
        ),
        ("column 'rank' has 12 gaps", [], "column '…' has N gaps"),
    ],
)
def test_warning_kinds_drop_the_file_names_and_numbers(message, names, kind):
    assert warning_kind(message, names) == kind


def test_warnings_summary_counts_kinds_with_examples():
    from tourneystats.core.report import warnings_table

    notes = warnings_table(
        [(f"f{i}.json", "playoff rounds left out", f"playoff rounds: f{i}") for i in range(6203)]
        + [("g.json", "no date", "g.json: no date")]
    )
    text = warnings_summary(notes, examples=2)
    lines = text.splitlines()
    assert lines[0] == "6204 warning(s) of 2 kind(s):"
    assert lines[1] == "  6203 x playoff rounds left out (6203 files), e.g."
    assert lines[2:4] == ["      playoff rounds: f0", "      playoff rounds: f1"]
    assert lines[4] == "  1 x no date (1 file), e.g."
    assert len(lines) == 6
    assert warnings_summary(notes.iloc[:0]) == "no warnings"


def test_parallel_helpers(monkeypatch):
    assert list(map_files(str, [3, 1, 2], jobs=2)) == ["3", "1", "2"]
    assert list(map_files(str, [], jobs=2)) == []
    assert jobs_count(0, 5) >= 1 and jobs_count(3, 1) == 1 and jobs_count(2, 10) == 2
    with pytest.raises(ValueError, match="jobs must be 1 or more"):
        jobs_count(-1, 3)
    assert chunk_size(17452, 2) == 32 and chunk_size(100, 2) == 6
    monkeypatch.setenv("CI", "true")
    assert show_progress(None) is False and show_progress(True) is True


def test_command_line_check_of_an_archive(small_archive, tmp_path, capsys, generic):
    out = tmp_path / "report.csv"
    code = main(
        ["check", str(small_archive), "--family", "cards", "--out", str(out), "--jobs", "1"]
    )
    captured = capsys.readouterr()
    assert code == 1  # a file differs, one is refused
    report = pd.read_csv(out)
    assert list(report.columns[: len(REPORT_COLUMNS)]) == REPORT_COLUMNS and len(report) == 5
    differences = pd.read_csv(tmp_path / "report-differences.csv")
    assert "MTGmelee/2024/altered.json" in set(differences["file"])
    assert "published values compared in 5 files" in captured.out
    assert "MTGmelee" in captured.out and "reproduced %" in captured.out
    assert "refused: MTGmelee/2024/broken.json: " in captured.out
    assert "wrote the report of 5 files to" in captured.out
    assert "x not compared: files with nothing to compare (1 file), e.g." in captured.err
    values = pd.read_csv(tmp_path / "report-values.csv", keep_default_na=False)
    assert list(values.columns) == ["file", "value", "compared", "equal", "earlier"]
    assert values.groupby("file")["compared"].sum().sum() == report["compared"].sum()
    assert "wrote the values compared, per file and value, to" in captured.out
    assert "tie-breakers" not in captured.out  # only with --by-value
    # an archive whose every file agrees (or has nothing to compare): exit 0
    for name in ("altered.json", "broken.json"):
        (small_archive / "MTGmelee" / "2024" / name).unlink()
    shutil.rmtree(small_archive / "CardsRealm")
    assert main(["check", str(small_archive), "--family", "cards", "--jobs", "2"]) == 0
    assert "published values compared in 2 files: 135 equal, 0 different" in capsys.readouterr().out


def test_command_line_check_by_value(melee_season, capsys):
    """The melee files of `melee_season`: 3 whose points agree, 90 points and 360 tie-breakers
    and ranks, of which 350 reproduced and 9 published as after round 2."""
    assert main(["check", str(melee_season), "--family", "cards", "--by-value"]) == 1
    lines = capsys.readouterr().out.splitlines()
    start = next(
        i for i, line in enumerate(lines) if line.startswith("published values reproduced")
    )
    assert lines[start + 3].split()[:3] == ["platform", "value", "files"]
    table = [line.split() for line in lines[start + 4 : start + 10]]
    assert table[0] == ["melee", "Points", "3", "90", "90", "100.00", "0", "100.00"]
    assert table[-1] == ["melee", "tie-breakers", "3", "360", "350", "97.22", "9", "99.72"]
    assert not any(line.split()[:1] == ["all"] for line in lines)  # one platform


def test_command_line_jobs_option_is_validated(capsys):
    with pytest.raises(SystemExit):
        main(["check", ".", "--family", "cards", "--jobs", "-1"])
    assert "--jobs: must be 0 or more" in capsys.readouterr().err


def test_import_and_recompute_on_two_jobs_equal_one_job(small_archive, tmp_path, capsys):
    (small_archive / "MTGmelee" / "2024" / "broken.json").unlink()
    shutil.rmtree(small_archive / "CardsRealm")
    for jobs in ("1", "2"):
        store, out = tmp_path / f"store-{jobs}", tmp_path / f"out-{jobs}"
        assert (
            main(
                [
                    "import",
                    str(small_archive),
                    str(store),
                    "--season-from-folder",
                    "--quiet",
                    "--jobs",
                    jobs,
                ]
            )
            == 0
        )
        printed = capsys.readouterr().out
        assert "x bracket rounds read apart from the Swiss rounds" in printed
        text = (store / archive.IMPORT_REPORT).read_text(encoding="utf-8")
        report = json.loads(text, parse_constant=lambda c: pytest.fail(f"{c} is not JSON"))
        assert len(report["files"]) == 3 and report["warnings"]
        assert {w["kind"] for w in report["warnings"]} >= {
            "bracket rounds read apart from the Swiss rounds"
        }
        assert main(["recompute", str(store), "--out", str(out), "--quiet", "--jobs", jobs]) == 0
    for name in ("store", "out"):
        one = read_archive(tmp_path / f"{name}-1", family="cards")
        two = read_archive(tmp_path / f"{name}-2", family="cards")
        pd.testing.assert_frame_equal(one, two)
    assert len(read_archive(tmp_path / "out-1", family="cards")) == 2 * 27


def test_a_results_table_without_standings_in_a_checked_folder_publishes_nothing(tmp_path, capsys):
    # the shipped cards folder: a melee event with its standings, and a league season of
    # results alone, which publishes nothing to compare (not a refused file: exit status 0)
    cards = Path(__file__).parents[1] / "data" / "cards"
    report = tmp_path / "report.csv"
    assert (
        main(["check", str(cards), "--family", "cards", "--rules", "melee", "--out", str(report)])
        == 0
    )
    rows = pd.read_csv(report).set_index("file")
    assert rows.loc["league-2024-matches.csv", "status"] == "no published values"
    assert rows.loc["league-2024-matches.csv", "detail"].startswith("no published standings")
    assert rows.loc["melee-14643-matches.csv", ["compared", "equal"]].tolist() == [80, 80]
    assert "refused" not in capsys.readouterr().out


def test_a_folder_check_says_why_values_are_not_computable(capsys):
    # the shipped PBN team file has a board played in one room only: its published IMPs cannot
    # be computed, and the folder's check says so (as the file's own check does)
    folder = Path(__file__).parents[1] / "data" / "bridge-published"
    assert main(["check", str(folder), "--family", "bridge"]) == 0
    out, err = capsys.readouterr()
    assert (
        "888 published values compared in 3 files: 887 equal, 0 different, 1 not computable" in out
    )
    assert "(this folder)      3       888         887" in out and "total" not in out
    assert "pbn-teams-imps.pbn: 1 published value(s) not computable: board 20 has one room" in err


def test_the_import_report_is_json_with_null_for_no_message(tmp_path):
    # the shipped data: files with a message and files without one (NaN in the frame)
    data = Path(__file__).parents[1] / "data"
    args = ["import", str(data), str(tmp_path / "a"), "--season", "2024", "--quiet", "--jobs", "1"]
    assert main(args) == 0
    text = (tmp_path / "a" / archive.IMPORT_REPORT).read_text(encoding="utf-8")
    report = json.loads(text, parse_constant=lambda c: pytest.fail(f"{c} is not JSON"))
    messages = [f["message"] for f in report["files"]]
    assert None in messages and any(isinstance(m, str) for m in messages)


def test_recompute_gives_the_warnings_of_its_workers_as_its_own(tmp_path, capfd):
    """The warnings of events computed on two processes are given as one process gives them
    (by this command, the same lines), not as the workers' Python warnings."""
    rows = pd.DataFrame({
        "event": ["E1"] * 4 + ["E2"] * 2, "round": 1,
        "player": ["Al", "AL", "Bo", "Cy", "Di", "Ed"],
        "opponent": ["Bo", "Cy", "Al", "AL", "Ed", "Di"],
        "wins": [2, 2, 0, 0, 2, 0], "losses": [0, 0, 2, 2, 0, 2], "draws": 0,
    })  # fmt: skip
    store = tmp_path / "store"
    seasons = rows.assign(season=rows["event"].map({"E1": 2023, "E2": 2024}))  # two files
    archive.write_archive(seasons, store, family="cards")
    said = []
    for jobs in ("1", "2"):
        out = ["recompute", str(store), "--out", str(tmp_path / f"out-{jobs}"), "--quiet"]
        assert main([*out, "--jobs", jobs, "--force"]) == 0
        said.append(capfd.readouterr().err)
    assert said[0] == said[1]
    assert said[0].count("letter case only") == 1 and "'AL', 'Al'" in said[0]
    assert "UserWarning" not in said[0]
