import re

import pandas as pd
import pytest

from tourneystats import __version__
from tourneystats.cli import main, run


def test_version(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert __version__ in capsys.readouterr().out


def test_help_lists_commands(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "demo" in out and "standings" in out


def test_demo_data_folder_must_exist(tmp_path, capsys):
    assert main(["demo", "--data", str(tmp_path / "none"), "--out", str(tmp_path / "o")]) == 1
    assert "none: no such file or folder" in capsys.readouterr().err
    # a folder without a family's sub-folder: refused, nothing written (not "not available" x 4)
    assert main(["demo", "--data", str(DATA / "chess"), "--out", str(tmp_path / "o")]) == 1
    err = capsys.readouterr().err
    assert "chess: no cards/, chess/, bridge/, league/ folder of sample seasons" in err
    assert not (tmp_path / "o").exists()


def test_demo_from_any_folder_uses_the_shipped_samples(tmp_path, monkeypatch, capsys):
    from tourneystats import sample_data

    monkeypatch.chdir(tmp_path)  # an empty folder: no ./data
    assert main(["demo", "--head", "1"]) == 0
    out = capsys.readouterr().out
    assert f"sample seasons: {sample_data()}" in out
    written = sorted(p.name for p in (tmp_path / "tourneystats-demo").iterdir())
    families = ("bridge", "cards", "chess", "league")
    assert written == sorted(
        [f"{f}-standings.parquet" for f in families] + [f"{f}-drift.png" for f in families]
    )
    folders = sorted(p.name for p in sample_data().iterdir() if p.is_dir())
    assert folders == sorted([*families, "bridge-published"])  # other clubs' real files apart


def _session(event: str) -> pd.DataFrame:
    return pd.DataFrame(
        {"event": event, "board": 1, "ns_pair": [1, 2], "ew_pair": [3, 4], "ns_score": [420, 450]}
    )


def test_standings_shows_the_first_tables_and_says_how_many_are_left(tmp_path, capsys):
    """A big archive prints a bounded preview; the output file holds every table."""
    source = tmp_path / "season.csv"
    pd.concat([_session(f"E{i:02d}") for i in range(30)]).to_csv(source, index=False)
    out = tmp_path / "standings.parquet"
    args = ["standings", str(source), "--family", "bridge", "--out", str(out), "--head", "1"]

    assert main([*args, "--tables", "4"]) == 0
    shown = capsys.readouterr().out
    # 30 sessions x 2 lines = 60 tables: E00 NS/EW and E01 NS/EW shown, one row each
    assert "E01" in shown and "E02" not in shown
    assert "56 more table(s) not shown" in shown
    assert "wrote 120 rows" in shown
    assert pd.read_parquet(out)["event"].nunique() == 30

    assert main([*args, "--tables", "0"]) == 0
    shown = capsys.readouterr().out
    assert "E29" in shown and "not shown" not in shown


def test_console_script_exits_with_the_status(tmp_path, capsys):
    import gc

    try:
        with pytest.raises(SystemExit) as exit_info:
            run(["demo", "--data", str(tmp_path / "none"), "--out", str(tmp_path / "o")])
        assert gc.get_freeze_count() > 0  # the import-time objects are out of the collector's way
    finally:
        gc.unfreeze()  # this test process goes on
    assert exit_info.value.code == 1
    assert "none: no such file or folder" in capsys.readouterr().err


@pytest.mark.parametrize("family", ["cards", "chess", "bridge", "league"])
def test_standings_written_into_the_results_folder_are_not_read_back(tmp_path, capsys, family):
    """Writing the standings next to the results, then running again, gives the same table."""
    import shutil
    from pathlib import Path

    folder = tmp_path / family
    shutil.copytree(Path(__file__).parents[1] / "data" / family, folder)
    for extension in ("csv", "parquet"):
        out = folder / f"table.{extension}"
        assert main(["standings", str(folder), "--family", family, "--out", str(out)]) == 0
    first = pd.read_parquet(folder / "table.parquet")
    capsys.readouterr()
    again = tmp_path / "again.parquet"
    assert main(["standings", str(folder), "--family", family, "--out", str(again)]) == 0
    pd.testing.assert_frame_equal(pd.read_parquet(again), first)
    err = capsys.readouterr().err
    assert err.count("not a results table") == 2
    assert err.startswith("tourneystats: warning: ") and "table.csv" in err
    # the same command again: the file is in the folder read, which the refusal says
    out = folder / "table.parquet"
    assert main(["standings", str(folder), "--family", family, "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"{out} (a file of the folder read, {folder}: write it outside)" in err
    # a table named *standings* (published standings kept beside the results) is skipped quietly
    (folder / "table.csv").rename(folder / "standings.csv")
    (folder / "table.parquet").unlink()
    assert main(["standings", str(folder), "--family", family, "--out", str(again)]) == 0
    pd.testing.assert_frame_equal(pd.read_parquet(again), first)
    assert "not a results table" not in capsys.readouterr().err


# --- refusing what cannot be right, clearly ------------------------------------------------------

DATA = __import__("pathlib").Path(__file__).parents[1] / "data"


@pytest.mark.parametrize(
    "family, option, owners",
    [
        (
            "cards",
            ["--tiebreaks", "BH"],
            "--tiebreaks is an option of the chess family, not of cards",
        ),
        ("chess", ["--prior-rounds", "3"], "--prior-rounds is an option of the league family"),
        ("league", ["--rules", "mtg"], "--rules is an option of the cards and chess and bridge"),
    ],
)
@pytest.mark.parametrize("command", ["standings", "drift"])
def test_an_option_of_another_family_is_a_usage_error(
    tmp_path, capsys, family, option, owners, command
):
    out = ["--out", str(tmp_path / ("x.png" if command == "drift" else "x.csv"))]
    with pytest.raises(SystemExit) as exit_info:
        main([command, str(DATA / family), "--family", family, *option, *out])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert owners in err and "Traceback" not in err
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(
    "args",
    [
        ["standings", "--head", "-1"],
        ["standings", "--head", "x"],
        ["standings", "--tables", "-1"],
        ["drift", "--top", "0"],
        ["standings", "--prior-rounds", "-1"],
    ],
)
def test_counts_are_checked(capsys, args):
    command, *rest = args
    with pytest.raises(SystemExit) as exit_info:
        main([command, str(DATA / "league"), "--family", "league", *rest])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert rest[0] in err and ("must be" in err or "not a whole number" in err)


@pytest.mark.parametrize("command", ["standings", "drift"])
def test_a_missing_path_says_no_such_file_or_folder(tmp_path, capsys, command):
    missing = tmp_path / "nope.csv"
    assert main([command, str(missing), "--family", "cards"]) == 1
    err = capsys.readouterr().err
    assert err == f"tourneystats: {missing}: no such file or folder\n"


def test_help_shows_the_defaults_and_every_familys_rules(capsys):
    with pytest.raises(SystemExit):
        main(["standings", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    for value in (
        "mtg",
        "melee",
        "pokemon",
        "adjusted",
        "fide2024",
        "fide2026",
        "fide2009",
        "auto",
    ):
        assert value in out
    assert "(default: 10)" in out and "(default: 20)" in out and "else BH/C1,BH,SB" in out
    assert "default: None" not in out


def test_check_help_offers_no_league_options(capsys):
    # check compares published values; league files publish none, so none of its options show
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    out = capsys.readouterr().out
    assert "--prior-rounds" not in out and "--prior-mode" not in out and "league" not in out
    with pytest.raises(SystemExit) as exit_info:
        main(["check", str(DATA / "cards"), "--family", "cards", "--prior-rounds", "3"])
    assert exit_info.value.code == 2


def test_ctrl_c_prints_one_line_and_exits_130(monkeypatch, capsys):
    from tourneystats import league

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(league, "standings_from_path", interrupted)
    assert main(["standings", str(DATA / "league"), "--family", "league"]) == 130
    captured = capsys.readouterr()
    assert captured.err == "tourneystats: interrupted\n"


def test_ctrl_c_during_recompute_then_resume(tmp_path, monkeypatch, capsys):
    from tourneystats import archive, synth
    from tourneystats.archive import compute

    results, _ = synth.chess_swiss(12, 8, 4, seed=3)
    root, out = tmp_path / "archive", tmp_path / "out"
    archive.write_archive(results.assign(season=2024), root, family="chess", chunk_rows=64)
    parts = len(archive.archive_files(root))
    assert parts > 2
    real = compute.compute_partition
    calls = []

    def interrupted_at_the_third(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(compute, "compute_partition", interrupted_at_the_third)
    args = ["recompute", str(root), "--out", str(out), "--quiet", "--jobs", "1"]  # in-process
    assert main(args) == 130
    assert capsys.readouterr().err == "tourneystats: interrupted\n"
    monkeypatch.setattr(compute, "compute_partition", real)
    assert main(args) == 0
    assert f"{parts - 2} computed, 2 already complete" in capsys.readouterr().out
    got = archive.read_archive(out, family="chess")
    assert len(got) == results[["event", "player"]].drop_duplicates().shape[0]


@pytest.mark.parametrize("entry", ["run", "program"])
def test_the_output_is_written_before_the_preview(tmp_path, entry):
    """`... | head -1` closes standard output early: the file is complete, nothing is printed
    about it, the status is 0 (under the program's quick end too)."""
    import subprocess
    import sys

    from tourneystats.synth import cards_season

    source, out = tmp_path / "season.csv", tmp_path / "standings.parquet"
    cards_season(300, 16, 4, seed=5).to_csv(source, index=False)  # a preview of ~400 KB
    code = f"from tourneystats.cli import {entry}; {entry}()"
    command = [sys.executable, "-c", code, "standings", str(source), "--family", "cards"]
    pipeline = subprocess.Popen(
        [*command, "--out", str(out), "--head", "100", "--tables", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    pipeline.stdout.readline()
    pipeline.stdout.close()  # as `head -1` does, while the preview is still being printed
    status = pipeline.wait(timeout=120)
    err = pipeline.stderr.read().decode()
    assert status == 0 and err == ""
    assert len(pd.read_parquet(out)) == 300 * 16


def test_the_program_ends_with_the_status_output_and_exit_handlers_of_the_command(tmp_path):
    """The program (the console script, ``python -m tourneystats``) ends the process at once,
    after the command: its status, all it printed (to a file, as a shell redirects: what
    :func:`run` prints, ended as usual), and the exit handlers registered before it run."""
    import subprocess
    import sys

    marker = tmp_path / "handlers-ran"

    def ended(entry: str, args: list[str]) -> tuple[int, str, bool]:
        marker.unlink(missing_ok=True)
        script = (
            "import atexit\n"
            f"atexit.register(lambda: open({str(marker)!r}, 'w').close())\n"
            f"from tourneystats.cli import {entry}\n"
            f"{entry}()\n"
        )
        printed = tmp_path / f"{entry}.txt"
        with printed.open("w") as out:
            done = subprocess.run(
                [sys.executable, "-c", script, *args], stdout=out, stderr=subprocess.DEVNULL,
                timeout=120, check=False,
            )  # fmt: skip
        return done.returncode, printed.read_text(), marker.exists()

    table = ["standings", str(DATA / "cards"), "--family", "cards", "--head", "500"]
    status, shown, handled = ended("program", table)
    assert (status, handled) == (0, True) and shown.count("\n") > 50
    assert (status, shown, handled) == ended("run", table)
    for args, want in ((["--version"], 0), (["standings", "--rules"], 2),
                       (["standings", str(tmp_path / "none.csv"), "--family", "cards"], 1)):  # fmt: skip
        assert ended("program", args)[::2] == (want, True)


def test_an_internal_error_is_one_line(monkeypatch, capsys):
    from tourneystats import cards

    def broken(*args, **kwargs):
        raise KeyError("oops")

    monkeypatch.setattr(cards, "standings_from_path", broken)
    assert main(["standings", str(DATA / "cards"), "--family", "cards"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("tourneystats: internal error: KeyError: 'oops'") and err.count("\n") == 1
    monkeypatch.setenv("TOURNEYSTATS_DEBUG", "1")
    with pytest.raises(KeyError):
        main(["standings", str(DATA / "cards"), "--family", "cards"])


@pytest.mark.parametrize(
    "command", ["demo", "standings", "check", "drift", "compare", "recompute", "import"]
)
def test_every_command_help_has_a_description_examples_and_its_defaults(command, capsys):
    from tourneystats.cli import main

    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = capsys.readouterr().out
    intro = text.split("\n\n")[1]
    assert not intro.startswith(("positional", "options")) and len(intro) > 60
    examples = text.split("examples:\n")[1].split("\n\n")[0].splitlines()
    assert 2 <= len(examples) <= 3 and all(e.startswith("  tourneystats ") for e in examples)
    for option in ("--out", "--head", "--tables", "--cut", "--mode", "--engine"):
        block = re.search(rf"^  {option} .*?(?=^  -|\Z)", text, re.M | re.S)
        if block and "store_true" not in block.group(0):
            assert "default" in block.group(0) or option == "--out", (command, option)
    if command in ("standings", "check", "drift", "compare"):
        assert re.search(r"--family \{[a-z,]+\}\s+the rule family", text)
        assert "mtg, melee" in text and "fide2024" in text and "cross_imps_sum" in text
    if command == "check":
        assert "league" not in text.split("--family")[1].split("}")[0]
    if command == "recompute":
        assert "chess         tiebreaks, rules" in text and "pandas: in this process" in text


def test_no_command_writes_over_a_file_it_read(tmp_path, capsys):
    """check reads the published standings beside the results: --out naming them is refused
    and they are left as they were; so is a VP table given with --vp-scale."""
    import hashlib
    import shutil

    tests = DATA.parent / "tests" / "data"
    for name in ("melee-14643-matches.csv", "melee-14643-standings.csv"):
        shutil.copy(tests / "cards" / name, tmp_path / name)
    published = tmp_path / "melee-14643-standings.csv"
    before = hashlib.sha256(published.read_bytes()).hexdigest()
    argv = ["check", str(tmp_path / "melee-14643-matches.csv"), "--family", "cards"]
    assert main([*argv, "--out", str(published)]) == 1
    assert f"refusing to write over the input file {published}" in capsys.readouterr().err
    assert hashlib.sha256(published.read_bytes()).hexdigest() == before
    vp = tmp_path / "vp.csv"
    shutil.copy(tests / "bridge" / "vp" / "acbl-30vp-6-11-boards.csv", vp)
    teams = str(tests / "bridge" / "pbn-teams-imps.pbn")
    argv = ["standings", teams, "--family", "bridge", "--vp-scale", str(vp), "--out", str(vp)]
    assert main(argv) == 1
    assert f"refusing to write over the input file {vp}" in capsys.readouterr().err


def test_options_a_file_cannot_use_and_unknown_values_name_the_option(capsys):
    """An unknown value names its option and is a usage error (status 2, as argparse's own);
    an option the file's results cannot use is refused with the reason (a convention for team
    matches, a VP scale for pairs sessions), as a VP table that cannot be read (status 1)."""
    tests = DATA.parent / "tests" / "data" / "bridge"
    teams, pairs = str(tests / "pbn-teams-imps.pbn"), str(tests / "usebio-mp-pairs-howell.xml")
    for path, option, value, status, said in (
        (pairs, "--convention", "nosuch", 2, "--convention nosuch: unknown bridge convention"),
        (pairs, "--scoring", "nosuch", 2, "--scoring nosuch: unknown bridge scoring"),
        (pairs, "--vp-scale", "wbf2099", 2, "--vp-scale wbf2099: unknown vp_scale"),
        (teams, "--convention", "kops", 1, "convention (--convention) does not apply: it "
         "holds team results only"),
        (pairs, "--vp-scale", str(tests / "none.csv"), 1, "(--vp-scale)"),
        (pairs, "--vp-scale", str(tests / "vp" / "acbl-30vp-6-11-boards.csv"), 1,
         "vp_scale (--vp-scale) does not apply: no team results are scored here"),
        (teams, "--scoring", "mp", 1, "scoring (--scoring) does not apply"),
    ):  # fmt: skip
        assert main(["standings", path, "--family", "bridge", option, value]) == status
        err = capsys.readouterr().err
        assert said in err and len(err.strip().splitlines()) == 1, err
    trf = str(DATA / "chess" / "club-spring-2024.trf")
    assert main(["standings", trf, "--family", "chess", "--tiebreaks", "BH,XYZ"]) == 2
    assert "--tiebreaks XYZ: unknown tie-break 'XYZ'" in capsys.readouterr().err
    cards = str(DATA / "cards" / "melee-14643-matches.csv")
    assert main(["standings", cards, "--family", "cards", "--rules", "nosuch"]) == 2
    assert "--rules nosuch: unknown card-game rules" in capsys.readouterr().err


def test_compare_checks_every_output_before_writing_any(tmp_path, capsys):
    """--chart where a file stands in the way is refused before --out is written; a rule set
    given twice, or alone, is refused in the command line's terms."""
    cards = str(DATA / "cards" / "melee-14643-matches.csv")
    blocker = tmp_path / "blocker.csv"
    blocker.write_text("x\n")
    out = tmp_path / "compare.csv"
    argv = ["compare", cards, "--family", "cards", "--rules", "mtg,melee", "--out", str(out)]
    assert main([*argv, "--chart", str(blocker / "places.png")]) == 1
    assert "blocker.csv is a file, not a folder" in capsys.readouterr().err
    assert not out.exists() and blocker.read_text() == "x\n"
    argv = ["compare", cards, "--family", "cards", "--rules", "mtg,mtg"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "--rules: mtg given twice; give two rule sets or more to compare, each once" in err
    assert "{" not in err
    assert main(["compare", cards, "--family", "cards", "--rules", "mtg"]) == 2
    assert "--rules: one rule set alone; give two rule sets or more" in capsys.readouterr().err


def test_compare_refuses_an_unknown_tiebreak_in_a_rule_set_naming_the_option(tmp_path, capsys):
    """A chess rule set's tie-breaks are read before any work, the error naming --rules."""
    trf = str(DATA / "chess" / "club-spring-2024.trf")
    out = tmp_path / "compare.csv"
    argv = ["compare", trf, "--family", "chess", "--rules", "fide2026:BH/C1+XY,fide2024"]
    assert main([*argv, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "--rules fide2026:BH/C1+XY: unknown tie-break 'XY'" in err and not out.exists()


@pytest.mark.parametrize(
    "path, family, right",
    [
        ("chess/club-spring-2024.trf", "cards", "chess"),
        ("cards/melee-14643-matches.csv", "league", "cards"),
        ("bridge-published/pbn-teams-imps.pbn", "chess", "bridge"),
        ("league/kvallsligan.csv", "cards", "league"),
    ],
)
def test_a_file_read_as_another_familys_names_the_family_it_looks_like(path, family, right, capsys):
    assert main(["standings", str(DATA / path), "--family", family]) == 1
    err = capsys.readouterr().err
    assert err.rstrip().endswith(f"(the file looks like {right} results: --family {right}?)")
    assert main(["standings", str(DATA / path), "--family", right]) == 0
    assert "looks like" not in capsys.readouterr().err


@pytest.mark.parametrize("command", ["standings", "check"])
def test_an_output_over_a_results_table_of_the_folder_is_refused_with_two_jobs(tmp_path, command):
    # with --jobs 2 the folder's files are read in worker processes: the refusal cannot wait
    # for the reading, it comes from the folder's tables listed before any work
    import hashlib
    import shutil

    folder = tmp_path / "cards"
    shutil.copytree(DATA / "cards", folder)
    results = folder / "melee-14643-matches.csv"
    before = hashlib.sha256(results.read_bytes()).hexdigest()
    argv = [command, str(folder), "--family", "cards", "--jobs", "2", "--out", str(results)]
    assert main(argv) == 1
    assert hashlib.sha256(results.read_bytes()).hexdigest() == before
