"""``tourneystats compare``: the comparison table, the printed summary and the slope chart, for the
sample data of every family; usage errors."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from tourneystats.cli import main
from tourneystats.core.schema import PEOPLE

DATA = Path(__file__).resolve().parents[1] / "data"

CASES = {
    "cards": ("cards", "mtg,melee,pokemon", ["event", "player", "rules", "rank", "decided_by"]),
    "chess": ("chess", "fide2024,fide2026:BH/C1+SB", ["event", "player", "rules", "rank"]),
    "bridge": ("bridge", "full,butler", ["event", "section", "line", "pair", "rules", "rank"]),
    "league": ("league", "0,10:constant", ["league", "season", "player", "rules", "rank"]),
}


@pytest.mark.parametrize("family", sorted(CASES))
def test_compare_writes_the_table_and_the_chart(tmp_path, capsys, family):
    folder, rules, front = CASES[family]
    out, chart = tmp_path / "table.parquet", tmp_path / "chart.png"
    args = ["compare", str(DATA / folder), "--family", family, "--rules", rules]
    assert main([*args, "--out", str(out), "--chart", str(chart), "--cut", "4"]) == 0
    table = pd.read_parquet(out)
    ids = [c for c in table.columns if c not in PEOPLE]  # the names follow the id
    assert ids[: len(front)] == front
    if family == "chess":  # the TRF files name their players
        assert list(table.columns[:4]) == ["event", "player", "name", "fide_id"]
        assert table["name"].notna().all()
    assert table["rules"].astype(str).unique().tolist() == [
        r if family != "league" else {"0": "K=0", "10:constant": "K=10 constant"}[r]
        for r in rules.split(",")
    ]
    assert chart.read_bytes()[:4] == b"\x89PNG"
    printed = capsys.readouterr().out
    assert "mean_tau" in printed and "cut_changed" in printed
    assert f"wrote {len(table)} rows" in printed and "places changed" in printed


def test_compare_chess_tiebreaks_apply_to_each_and_the_event_is_chosen(tmp_path, capsys):
    out, chart = tmp_path / "t.csv", tmp_path / "c.png"
    args = ["compare", str(DATA / "chess"), "--family", "chess", "--rules", "fide2024,fide2026"]
    args += ["--tiebreaks", "SB,BH", "--event", "tournament_1", "--top", "20"]
    assert main([*args, "--out", str(out), "--chart", str(chart)]) == 0
    table = pd.read_csv(out)
    assert {"SB", "BH"} <= set(table.columns) and "BH/C1" not in table.columns
    # the event chosen, titled as its TRF file names it (line 012; it gives no date)
    assert "Test Tournament: fide2024 → fide2026" in capsys.readouterr().out


def test_compare_usage_errors(tmp_path, capsys):
    base = ["compare", str(DATA / "cards"), "--family", "cards"]
    with pytest.raises(SystemExit) as exc:
        main([*base, "--rules", "mtg,melee", "--tiebreaks", "BH"])
    assert exc.value.code == 2
    assert "--tiebreaks is an option of the chess family" in capsys.readouterr().err
    assert main([*base, "--rules", "mtg,nope"]) == 2
    assert "unknown card-game rules 'nope'" in capsys.readouterr().err
    assert main([*base, "--rules", "mtg,melee", "--chart", str(tmp_path / "c.png"),
                 "--event", "E9"]) == 2  # fmt: skip
    assert "--event E9: no event 'E9'" in capsys.readouterr().err
    src = DATA / "cards" / "league-2024-matches.csv"
    assert main(["compare", str(src), "--family", "cards", "--rules", "mtg,melee",
                 "--out", str(src)]) == 1  # fmt: skip
    assert "refusing to write over the input" in capsys.readouterr().err


def test_standings_show_what_decided_each_place(tmp_path, capsys):
    out = tmp_path / "st.csv"
    assert main(["standings", str(DATA / "league"), "--family", "league", "--out", str(out)]) == 0
    assert set(pd.read_csv(out)["decided_by"].dropna()) <= {"ranking", "tied"}
    out = tmp_path / "cards.csv"
    assert main(["standings", str(DATA / "cards"), "--family", "cards", "--out", str(out)]) == 0
    assert set(pd.read_csv(out)["decided_by"].dropna()) <= {"match_points", "omwp", "gwp", "ogwp",
                                                            "tied"}  # fmt: skip


def test_compare_chart_names_a_json_event_as_its_file_does(tmp_path, capsys):
    """An MTG JSON event's slope chart is titled with its tournament's name and date; a table's
    event keeps its id."""
    src = Path(__file__).parent / "data" / "cards" / "mtgjson"
    src = src / "sfida-dei-campioni-pauper-61438-2024-02-18.json"
    args = ["compare", str(src), "--family", "cards", "--rules", "melee,mtg"]
    assert main([*args, "--chart", str(tmp_path / "c.png")]) == 0
    assert "SFIDA DEI CAMPIONI, 2024-02-18: melee → mtg" in capsys.readouterr().out
    table = DATA / "cards" / "melee-14643-matches.csv"
    args = ["compare", str(table), "--family", "cards", "--rules", "melee,mtg"]
    assert main([*args, "--chart", str(tmp_path / "t.png")]) == 0
    assert "melee-14643: melee → mtg" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("family", "rules", "said"),
    [
        ("cards", "mtg,mtg", "mtg given twice"),
        ("cards", "mtg,MTG", "MTG, mtg name one rule set"),
        ("cards", "melee, Melee ,mtg", "Melee, melee name one rule set"),
        ("bridge", "butler,Butler", "Butler, butler name one rule set"),
        ("chess", "fide2024,FIDE2024", "FIDE2024, fide2024 name one rule set"),
        ("league", "10,10:Top-up", "10, 10:Top-up name one rule set"),
    ],
)
def test_one_rule_set_under_two_spellings_is_a_usage_error(capsys, family, rules, said):
    """A rule-set name is matched trimmed and in lower case (core.schema.rule_key): two
    spellings of one rule set would compare it with itself."""
    assert main(["compare", str(DATA / family), "--family", family, "--rules", rules]) == 2
    err = capsys.readouterr().err
    assert f"--rules: {said}; give two rule sets or more to compare, each once" in err


def test_rule_sets_in_capitals_are_the_presets_labelled_as_named(tmp_path):
    out = tmp_path / "table.csv"
    args = ["compare", str(DATA / "cards"), "--family", "cards", "--rules", "MTG,Melee"]
    assert main([*args, "--out", str(out)]) == 0
    assert pd.read_csv(out)["rules"].unique().tolist() == ["mtg", "melee"]


# --- folders with a refused file; long lists in errors ------------------------------------------

MTGJSON = Path(__file__).parent / "data" / "cards" / "mtgjson"
GOOD = MTGJSON / "sfida-dei-campioni-pauper-61438-2024-02-18.json"
OTHER = MTGJSON / "8o-torneio-11a-liga-arena-guardians-modern-167476-2024-10-14.json"


def folder_with_a_bad_file(tmp_path: Path) -> Path:
    folder = tmp_path / "season"
    folder.mkdir()
    (folder / "a.json").write_bytes(GOOD.read_bytes())
    (folder / "b.json").write_bytes(GOOD.read_bytes()[:300])  # cut short: refused
    (folder / "c.json").write_bytes(OTHER.read_bytes())
    return folder


@pytest.mark.parametrize("command", ["compare", "standings", "drift"])
def test_a_refused_file_of_a_folder_says_skip_bad_files_exists(tmp_path, capsys, command):
    folder = folder_with_a_bad_file(tmp_path)
    args = [command, str(folder), "--family", "cards"]
    args += ["--rules", "mtg,melee"] if command == "compare" else []
    args += ["--out", str(tmp_path / "chart.png")] if command == "drift" else []
    assert main(args) == 1
    err = capsys.readouterr().err
    assert "b.json" in err and "--skip-bad-files leaves out the files that would be refused" in err
    assert len(err.strip().splitlines()) == 1
    assert main([*args, "--skip-bad-files"]) == 0
    assert "1 file(s) left out, refused" in capsys.readouterr().err


def test_compare_skip_bad_files_draws_the_others_and_names_the_refused(tmp_path, capsys):
    folder = folder_with_a_bad_file(tmp_path)
    chart, out = tmp_path / "places.png", tmp_path / "table.csv"
    args = ["compare", str(folder), "--family", "cards", "--rules", "mtg,melee"]
    assert main([*args, "--skip-bad-files", "--jobs", "1", "--chart", str(chart),
                 "--out", str(out)]) == 0  # fmt: skip
    captured = capsys.readouterr()
    assert "b.json" in captured.err and chart.exists()
    assert set(pd.read_csv(out)["event"]) == {"a", "c"}  # the file stems
    # a single file refused: no folder to skip files of, no hint
    assert (
        main(["compare", str(folder / "b.json"), "--family", "cards", "--rules", "mtg,melee"]) == 1
    )
    assert "--skip-bad-files" not in capsys.readouterr().err


@pytest.mark.parametrize(
    "extra, message",
    [
        (["--family", "chess", "--skip-bad-files"], "--skip-bad-files is an option of the cards"),
        (["--family", "cards", "--jobs", "-1"], "--jobs: must be 0 or more"),
        (["--family", "cards", "--jobs", "two"], "--jobs: 'two' is not a whole number"),
        (["--family", "cards", "--skip-bad-files=yes"], "--skip-bad-files: ignored explicit"),
    ],
)
def test_compare_folder_options_refused_as_usage_errors(tmp_path, capsys, extra, message):
    folder = folder_with_a_bad_file(tmp_path)
    with pytest.raises(SystemExit) as stop:
        main(["compare", str(folder), "--rules", "mtg,melee", *extra])
    assert stop.value.code == 2 and message in capsys.readouterr().err
    assert sorted(p.name for p in folder.iterdir()) == ["a.json", "b.json", "c.json"]


def many_events(folder: Path, n: int = 150) -> Path:
    """A results table of `n` two-player events (one round each)."""
    rows = [
        {"event": f"event-{e:03d}-of-a-long-season", "round": 1, "player": p, "opponent": q,
         "wins": w, "losses": 2 - w, "draws": 0}
        for e in range(n) for p, q, w in (("ann", "bo", 2), ("bo", "ann", 0))
    ]  # fmt: skip
    path = folder / "season.csv"
    pd.DataFrame(rows).to_csv(path, index=False)
    return path


@pytest.mark.parametrize("command", ["compare", "drift"])
def test_an_unknown_event_lists_eight_and_counts_the_rest(tmp_path, capsys, command):
    path = many_events(tmp_path)
    args = [command, str(path), "--family", "cards", "--event", "nosuch"]
    args += (
        ["--rules", "mtg,melee", "--chart", str(tmp_path / "c.png")] if command == "compare" else []
    )
    args += ["--out", str(tmp_path / "d.png")] if command == "drift" else []
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert "nosuch" in err and err.endswith(", ... (150 in all)")
    assert err.count("event-") == 8 and len(err) < 600 and len(err.splitlines()) == 1


def test_an_unknown_player_lists_eight_and_counts_the_rest(tmp_path, capsys):
    path = many_events(tmp_path, 1)
    table = pd.read_csv(path)
    extra = pd.DataFrame({"event": table["event"][0], "round": 1,
                          "player": [f"p{i:02d}" for i in range(20)],
                          "opponent": [f"p{i ^ 1:02d}" for i in range(20)],
                          "wins": [2, 0] * 10, "losses": [0, 2] * 10, "draws": 0})  # fmt: skip
    pd.concat([table, extra]).to_csv(path, index=False)
    assert main(["drift", str(path), "--family", "cards", "--player", "nobody",
                 "--out", str(tmp_path / "d.png")]) == 2  # fmt: skip
    err = capsys.readouterr().err.strip()
    assert "--player: unknown player(s) 'nobody'" in err and err.endswith(", ... (22 in all)")


def test_compare_help_lists_the_bridge_rule_sets_it_takes(capsys):
    """Every bridge name ``compare --help`` lists is taken by ``--rules`` (the scoring methods
    butler_all, cross_imps_n1, ... and the conventions ebu, ..., kops), and an unknown name's
    error lists the same names."""
    with pytest.raises(SystemExit) as exc:
        main(["compare", "--help"])
    assert exc.value.code == 0
    help_text = capsys.readouterr().out
    block = help_text.split("  bridge   matchpoint scales, scoring methods, conventions:")[1]
    listed = " ".join(block.split("  league")[0].split()).split(", ")
    assert listed[:3] == ["full", "half", "mp"] and "butler_all" in listed
    assert {"cross_imps_n1", "ebu", "compscore", "jfr", "kops"} <= set(listed)
    base = ["compare", str(DATA / "bridge"), "--family", "bridge", "--rules"]
    assert main([*base, ",".join(listed)]) == 0
    out = capsys.readouterr().out
    assert "butler_all" in out and "kops" in out
    assert main([*base, "butler_all,nope"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "tourneystats: --rules nope: bridge compare: unknown rule set 'nope'; names are "
        + ", ".join(listed)
        + "\n"
    )


def test_an_unknown_player_names_the_event_searched_and_where_the_player_is(tmp_path, capsys):
    """drift and compare --player: the event searched (the largest, the one that changed most)
    is named, and the event a player of another one is in (--event E)."""
    args = ["drift", str(DATA / "chess"), "--family", "chess", "--player", "Player 4"]
    assert main([*args, "--out", str(tmp_path / "d.png")]) == 2
    assert capsys.readouterr().err == (
        "tourneystats: --player: unknown player(s) 'Player 4' in event tournament_1 (the "
        "largest; --event picks another); known: 'Player #1' (1), 'Player #2' (2), 'Player #3' "
        "(3), 'Player #4' (4), 'Player #5' (5), 'Player #6' (6), 'Player #7' (7), 'Player #8' "
        "(8), ... (88 in all); 'Player 4' is in event club-autumn-2019, club-spring-2024, "
        "rapid-2026: --event club-autumn-2019\n"
    )
    assert main([*args, "--out", str(tmp_path / "d.png"), "--event", "rapid-2026"]) == 0
    capsys.readouterr()
    compare = ["compare", str(DATA / "chess"), "--family", "chess", "--rules", "fide2024,fide2026",
               "--player", "Player #4", "--chart", str(tmp_path / "c.png")]  # fmt: skip
    assert main(compare) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        "tourneystats: --player: unknown player(s) 'Player #4' in event club-autumn-2019 (the one "
        "whose places changed most; --event picks another); known: 'Player 1' (1), "
    )
    assert err.endswith("; 'Player #4' is in event tournament_1: --event tournament_1\n")
    assert not (tmp_path / "c.png").exists()
