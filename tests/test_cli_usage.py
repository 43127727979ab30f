"""Usage errors of the command line: a bad option value exits 2 with one line naming the option
and what it takes, before any work (issue 42)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tourneystats.cli import main

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "data"


@pytest.fixture(scope="module")
def archive(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("archive") / "archive"
    assert main(["import", str(DATA / "chess"), str(folder), "--season", "2024", "--quiet"]) == 0
    return folder


def test_compare_unknown_chess_rule_set_is_a_usage_error(tmp_path, capsys):
    args = ["compare", str(DATA / "chess"), "--family", "chess", "--rules", "fide2024,fide2025"]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("tourneystats: --rules fide2025: unknown rule set(s) ['fide2025']; ")
    assert "'fide2026'" in err and len(err.splitlines()) == 1


@pytest.mark.parametrize(
    ("command", "flag", "name", "said"),
    [
        ("standings", "--out", "x.txt", "'.txt' is not a table format; give a file ending in "
         ".csv, .parquet, .pq"),
        ("standings", "--out", "x", "no suffix to tell the table format; give a file ending in "
         ".csv, .parquet, .pq"),
        ("check", "--out", "x.txt", "'.txt' is not a table format"),
        ("drift", "--out", "x.jpg", "'.jpg' is not a chart format; give a file ending in .png, "
         ".svg, .pdf"),
        ("compare", "--out", "x.txt", "'.txt' is not a table format"),
        ("compare", "--chart", "x.jpg", "'.jpg' is not a chart format"),
    ],
)  # fmt: skip
def test_an_output_the_command_cannot_write_is_a_usage_error(
    tmp_path, capsys, command, flag, name, said
):
    out = tmp_path / name
    args = [command, str(DATA / "chess"), "--family", "chess", flag, str(out)]
    args += ["--rules", "fide2024,fide2026"] if command == "compare" else []
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"tourneystats: {flag} {out}: {said}") and len(err.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("item", "said"),
    [
        ("chess", "--set chess: expected FAMILY.KEY=VALUE, e.g. chess.rules=fide2024"),
        ("chess.=1", "--set chess.=1: expected FAMILY.KEY=VALUE"),
        ("nofam.rules=1", "--set nofam.rules=1: unknown family 'nofam'; expected one of bridge, "
         "bridge_teams, cards, chess, chess_teams, league"),
        ("chess.nosuch=1", "--set chess.nosuch=1: unknown option(s) 'nosuch'; the chess options "
         "are tiebreaks, rules, "),
        ("chess.players=x", "--set chess.players=x: unknown option(s) 'players'; the chess "
         "options are tiebreaks, rules, round_robin, "),  # (a frame: the archive's own)
        # a family the archive does not hold: its options' names are checked all the same
        ("cards.nosuch=1", "--set cards.nosuch=1: unknown option(s) 'nosuch'; the cards options "
         "are rules, within"),
        ("chess_teams.teams=x", "--set chess_teams.teams=x: unknown option(s) 'teams'; "),
        ("chess.rules=nosuch", "--set chess.rules=nosuch: unknown rule set(s) ['nosuch']; "),
        ('chess.tiebreaks=["XX"]', "--set chess.tiebreaks=[\"XX\"]: unknown tie-break 'XX'; "),
    ],
)  # fmt: skip
def test_recompute_set_errors_are_usage_errors(tmp_path, capsys, archive, item, said):
    out = tmp_path / "out"
    assert main(["recompute", str(archive), "--out", str(out), "--set", item, "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"tourneystats: {said}") and len(err.splitlines()) == 1
    assert not out.exists()


def test_an_archive_or_output_folder_that_is_a_file_is_refused_up_front(tmp_path, capsys, archive):
    """import into, or recompute to, a path that is a file (or below one): refused before any
    file is read, naming the path and what is wrong (not an OS error on a temporary path)."""
    file = tmp_path / "cards.csv"
    file.write_text("a,b\n1,2\n")
    src = str(DATA / "chess")
    assert main(["import", src, str(file), "--season", "2024", "--quiet"]) == 1
    assert capsys.readouterr().err == (
        f"tourneystats: {file}: is a file, not a folder: give the folder of the archive\n"
    )
    assert main(["import", src, str(file / "sub"), "--season", "2024", "--quiet"]) == 1
    assert capsys.readouterr().err == (
        f"tourneystats: {file / 'sub'}: cannot write the archive there: {file} is a file, not a "
        "folder\n"
    )
    assert main(["recompute", str(archive), "--out", str(file), "--quiet"]) == 1
    assert capsys.readouterr().err == (
        f"tourneystats: {file}: is a file, not a folder: give the folder of the standings (--out)\n"
    )
    assert main(["recompute", str(archive), "--out", str(file / "o"), "--quiet"]) == 1
    assert "cannot write the standings (--out) there: " in capsys.readouterr().err
    assert file.read_text() == "a,b\n1,2\n" and sorted(tmp_path.iterdir()) == [file]


def test_an_import_that_writes_nothing_keeps_the_archive_report(tmp_path, capsys):
    """An import of files all refused writes nothing, and its report beside the archive's
    (``_import_report.failed.json``, said on the terminal): the report of the files in the
    archive is kept byte for byte."""
    root = tmp_path / "archive"
    assert main(["import", str(DATA / "chess"), str(root), "--season", "2024", "--quiet"]) == 0
    capsys.readouterr()
    before = (root / "_import_report.json").read_bytes()
    bad = tmp_path / "src" / "chess"
    bad.mkdir(parents=True)
    head = (DATA / "chess" / "club-spring-2024.trf").read_bytes()[:300]
    (bad / "x.trf").write_bytes(head + b"001 garbage line\n")
    args = ["import", str(bad.parent), str(root), "--season", "2024", "--quiet", "--mode", "error"]
    assert main(args) == 1
    captured = capsys.readouterr()
    assert "1 file(s) skipped:\n  chess/x.trf: TRF: " in captured.err
    failed = root / "_import_report.failed.json"
    assert captured.out == (
        f"every file and warning: {failed} (_import_report.json kept as it was)\n"
    )
    assert (root / "_import_report.json").read_bytes() == before
    assert '"status": "error"' in failed.read_text() and "x.trf" in failed.read_text()


def test_messages_name_the_options_of_the_command_not_python(tmp_path, capsys):
    """The library's messages name both the Python argument and the option; the command line
    says only the option the user types (recompute: --set chess.rules=...)."""
    root = tmp_path / "archive"
    src = tmp_path / "src" / "chess"
    src.mkdir(parents=True)
    (src / "t.txt").write_bytes(
        (ROOT / "tests" / "data" / "chess" / "tournament_1.txt").read_bytes()
    )
    assert main(["import", str(src.parent), str(root), "--quiet"]) == 1
    err = capsys.readouterr().err
    assert (
        "cannot tell the season: no date in the rows to take the year from; give the season "
        "(--season), take it from the folder (--season-from-folder)" in err
    )
    assert "in Python" not in err
    assert main(["import", str(src.parent), str(root), "--season", "2024", "--quiet"]) == 0
    assert main(["import", str(src.parent), str(root), "--season", "2024", "--quiet",
                 "--mode", "append"]) == 1  # fmt: skip
    err = capsys.readouterr().err
    assert (
        "already in the archive at family=chess/season=2024 (import --mode replace replaces it)"
        in err
        and "mode='replace'" not in err
    )
    out = tmp_path / "out"
    assert main(["recompute", str(root), "--out", str(out), "--set", "chess.rules=auto",
                 "--quiet"]) == 2  # fmt: skip
    err = capsys.readouterr().err
    assert err.startswith("tourneystats: --set chess.rules=auto: 1 event(s) have no start date")
    assert (
        "or a fallback for undated events: auto:fide2009, say (--set chess.rules=auto:fide2009)"
        " (the options fail on event t of " in err
    )
    assert main(["standings", str(DATA / "bridge"), "--family", "bridge", "--convention", "x"]) == 2
    assert capsys.readouterr().err == (
        "tourneystats: --convention x: unknown bridge convention 'x'; choose one of ebu, "
        "compscore, jfr, kops\n"
    )
    main(["standings", str(DATA / "bridge-published"), "--family", "bridge", "--head", "1"])
    err = capsys.readouterr().err
    assert err.endswith("score them on their own (tourneystats standings FILE --family bridge)\n")


@pytest.mark.parametrize(
    ("name", "head", "kind"),
    [
        ("chart.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "a PNG image"),
        ("table.trf", b"PAR1\x15\x04\x15\x10\x15\x14L", "a Parquet file"),
        ("book.txt", b"PK\x03\x04\x14\x00\x06\x00", "a ZIP archive (or an Excel workbook)"),
    ],
)
def test_a_binary_file_read_as_chess_is_not_a_trf_file(tmp_path, capsys, name, head, kind):
    path = tmp_path / name
    path.write_bytes(head + bytes(range(256)) * 4)
    assert main(["standings", str(path), "--family", "chess"]) == 1
    assert (
        capsys.readouterr().err == f"tourneystats: TRF: {path}: not a TRF file: {kind}, not text\n"
    )


def test_standings_help_and_errors_list_every_tiebreak_code(capsys):
    from tourneystats.chess.codes import TIEBREAKS
    from tourneystats.chess.teamcodes import TEAM_TIEBREAKS

    with pytest.raises(SystemExit):
        main(["standings", "--help"])
    text = " ".join(capsys.readouterr().out.split())  # unwrapped
    assert "chess --tiebreaks " + ", ".join(TIEBREAKS) + " (each with its modifiers" in text
    assert "chess --tiebreaks " + ", ".join(TEAM_TIEBREAKS) + " (team events)" in text
    assert main(["standings", str(DATA / "chess"), "--family", "chess", "--tiebreaks", "XX"]) == 2
    assert capsys.readouterr().err == (
        "tourneystats: --tiebreaks XX: unknown tie-break 'XX'; known: PTS, BH, SB, FB, AOB, KS, "
        "PS, CUM, ARO, TPR, PTP, APRO, APPO, WIN, WON, BPG, BWG, REP, GE, STD, TPN, RTNG, DE "
        "(team events: MP, GP, MPVGP, BH, FB, AOB, SB, EMMSB, EMGSB, EGMSB, EGGSB, PS, WIN, WON, "
        "STD, KS, SSSC, BC, TBR, BBE, EDE, EDEC, EDET, EDEB, EDEBT, EDEBB)\n"
    )


@pytest.mark.parametrize(
    ("folder", "family", "found"),
    [("cards", "chess", "cards"), ("chess", "cards", "chess"), ("bridge", "league", "bridge")],
)
def test_a_folder_of_another_family_gets_the_family_hint(capsys, folder, family, found):
    """As for a single file: a folder whose files are all another family's results says so."""
    assert main(["standings", str(DATA / folder), "--family", family]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[-1].startswith(f"tourneystats: {DATA / folder}: no {family} results in this folder")
    assert err[-1].endswith(f" (the files look like {found} results: --family {found}?)")


def test_check_help_names_the_outputs_one_way_and_head_0_shows_all(tmp_path, capsys):
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "NAME-differences" not in text and "OUT-" not in text
    assert (
        "--out report.csv writes a row per file, with the differences and the values "
        "counted beside it in report-differences.csv and report-values.csv" in text
    )
    assert "(--out report.csv: report-differences.csv, report- values.csv)" in text
    assert "differences shown per table; 0: all" in text and "tables shown; 0: all" in text
    one = DATA / "chess" / "tournament_1.txt"
    assert main(["check", str(one), "--family", "chess", "--head", "0"]) == 1
    shown = capsys.readouterr().out
    assert main(["check", str(one), "--family", "chess", "--head", "2"]) == 1
    assert len(shown.splitlines()) > len(capsys.readouterr().out.splitlines()) + 2
    out = tmp_path / "report.csv"
    assert main(["check", str(DATA / "chess"), "--family", "chess", "--out", str(out)]) == 1
    header = (tmp_path / "report-differences.csv").read_text().splitlines()[0]
    assert header == (
        "file,event,player,name,title,fide_id,federation,rating,value,published,computed,equal,note"
    )


def test_check_by_value_of_bridge_uses_its_own_words(capsys):
    """No card-game words for bridge (points their own rounds give, tie-breakers, earlier
    rounds) nor a blank platform column: the values per value and all values together."""
    assert main(["check", str(DATA / "bridge-published"), "--family", "bridge", "--by-value"]) == 0
    out = capsys.readouterr().out
    block = out.split("published values reproduced, per value, in the files checked (the "
                      "refused ones left out)\n")[1].splitlines()  # fmt: skip
    assert block[0].split() == ["value", "files", "compared", "reproduced", "reproduced", "%"]
    assert block[1].split() == ["home_imps", "1", "299", "298", "99.67"]
    assert block[-1].split() == ["all", "values", "3", "888", "887", "99.89"]
    for words in ("tie-breakers", "earlier", "their own rounds", "points"):
        assert words not in out
