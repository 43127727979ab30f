"""``tourneystats drift``: writes a valid chart, atomically, never over its input."""

import shutil
import struct
from pathlib import Path

import matplotlib.pyplot as plt
import pandas as pd
import pytest

from tourneystats.cli import main

DATA = Path(__file__).parent / "data"
TRF = DATA / "chess" / "tournament_1.txt"
ROOT = Path(__file__).parent.parent


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    assert data[-8:-4] == b"IEND"  # complete file
    return struct.unpack(">II", data[16:24])


def test_drift_chess_trf_writes_png(tmp_path, capsys):
    src = tmp_path / "in" / "open.txt"
    src.parent.mkdir()
    shutil.copy(TRF, src)
    before = src.read_bytes()
    out = tmp_path / "charts" / "drift.png"  # missing folder is created
    assert main(["drift", str(src), "--family", "chess", "--top", "5", "--out", str(out)]) == 0
    width, height = png_size(out)
    assert (width, height) == (9 * 120, round(5.5 * 120))
    text = capsys.readouterr().out
    assert (
        "Place after each round — Test Tournament (adjusted rules; tie-breaks BH/C1, BH, SB): 5 "
        "highlighted: Player #1, Player #2" in text
    )
    assert f"wrote {out}" in text
    assert src.read_bytes() == before
    assert sorted(p.name for p in out.parent.iterdir()) == ["drift.png"]  # no temporary left
    assert plt.get_fignums() == []


def test_drift_named_players_and_svg(tmp_path, capsys):
    out = tmp_path / "d.svg"
    args = ["drift", str(TRF), "--family", "chess", "--player", "7", "--player", "Player #12"]
    args += ["--out", str(out)]
    assert main(args) == 0
    assert out.read_text().lstrip().startswith("<?xml")
    assert "2 highlighted: Player #7, Player #12" in capsys.readouterr().out


def test_drift_refuses_to_write_over_its_input(tmp_path, capsys):
    src = tmp_path / "season.png"  # an input that happens to have a chart's name
    shutil.copy(TRF, src)
    before = src.read_bytes()
    assert main(["drift", str(src), "--family", "chess", "--out", str(src)]) == 1
    assert "refusing to write over the input file" in capsys.readouterr().err
    assert src.read_bytes() == before


def test_drift_refuses_a_folder_input_file(tmp_path, capsys):
    folder = tmp_path / "season"
    folder.mkdir()
    shutil.copy(TRF, folder / "open.txt")
    assert main(["drift", str(folder), "--family", "chess", "--out", str(folder / "open.txt")])
    assert "'.txt' is not a chart format" in capsys.readouterr().err
    out = folder / "drift.png"  # a chart next to the inputs is fine, and can be rewritten
    for _ in range(2):
        assert main(["drift", str(folder), "--family", "chess", "--out", str(out)]) == 0
    png_size(out)
    assert sorted(p.name for p in folder.iterdir()) == ["drift.png", "open.txt"]


def test_drift_bad_input_leaves_no_file(tmp_path, capsys):
    bad = tmp_path / "bad.csv"
    bad.write_text("event,round,player\nE,1,1\n")
    out = tmp_path / "drift.png"
    assert main(["drift", str(bad), "--family", "chess", "--out", str(out)]) == 1
    assert "tourneystats:" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == [bad]


def test_drift_unknown_player(tmp_path, capsys):
    out = tmp_path / "d.png"
    assert main(["drift", str(TRF), "--family", "chess", "--players", "999", "--out", str(out)])
    assert "unknown player(s) '999'" in capsys.readouterr().err
    assert not out.exists()


def test_drift_help_and_options(capsys):
    with pytest.raises(SystemExit):
        main(["drift", "--help"])
    out = capsys.readouterr().out
    for option in ("--family", "--player", "--top", "--event", "--out"):
        assert option in out
    assert "--players" not in out  # deprecated: still taken, no longer shown
    with pytest.raises(SystemExit):
        main(["drift", "x", "--family", "chess", "--players", "a", "--top", "2"])


def test_drift_league_folder_of_two_leagues(tmp_path, capsys):
    from tourneystats import league, synth, write_table

    autumn = synth.league(1, 6, 9, 4, seed=1)  # the larger league
    spring = synth.league(1, 5, 8, 4, seed=2)
    write_table(autumn, tmp_path / "autumn.csv")
    write_table(spring, tmp_path / "spring.parquet")
    out = tmp_path / "drift.png"
    args = ["drift", str(tmp_path), "--family", "league", "--top", "3", "--out", str(out)]
    assert main([*args, "--prior-rounds", "0"]) == 0  # by default the largest league is drawn
    text = capsys.readouterr().out
    best = ", ".join(league.leaderboard(autumn, prior_rounds=0)["player"].astype(str).head(3))
    assert "Place after each tournament — autumn, S01, 5 tournaments, 2023-" in text
    assert f": 3 highlighted: {best}" in text
    png_size(out)
    assert main([*args, "--event", "spring"]) == 0
    text = capsys.readouterr().out
    best = ", ".join(league.leaderboard(spring)["player"].astype(str).head(3))
    assert "Place after each tournament — spring, S01, 5 tournaments, 2023-" in text
    assert f": 3 highlighted: {best}" in text
    assert main([*args, "--event", "winter"]) == 2  # an unknown option value: a usage error
    err = capsys.readouterr().err
    assert "--event winter: no league or season 'winter' in " in err
    assert err.endswith("; its leagues: autumn, spring; seasons: S01\n")


def test_drift_event_never_ignored(tmp_path, capsys):
    """An --event the chart cannot draw is refused (status 2, the values it could be), never
    ignored: a bridge pairs folder draws all its events (no season to choose), one chess file
    draws its one event."""
    out = str(tmp_path / "x.png")
    bridge = ["drift", str(ROOT / "data" / "bridge"), "--family", "bridge", "--out", out]
    assert main([*bridge, "--event", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tourneystats: --event nope: a bridge chart of ")
    assert (
        "draws all its events, one step each (Wednesday 2024-01-03, Wednesday 2024-01-10, " in err
    )
    assert "leave out --event, or chart one file" in err
    assert not (tmp_path / "x.png").exists()
    chess = ["drift", str(TRF), "--family", "chess", "--out", out]
    assert main([*chess, "--event", "nope"]) == 2
    assert f"--event nope: no event 'nope' in {TRF}; its events: " in capsys.readouterr().err
    assert main(chess) == 0


def test_drift_bridge_season_folder(tmp_path, capsys):
    from tourneystats import bridge
    from tourneystats.bridge import read_usebio

    for name in ("usebio-mp-pairs-howell.xml", "usebio-butler-mitchell.xml"):
        shutil.copy(DATA / "bridge" / name, tmp_path / name)
    out = tmp_path / "bridge.png"
    assert main(["drift", str(tmp_path), "--family", "bridge", "--out", str(out)]) == 0
    png_size(out)
    text = capsys.readouterr().out
    results = pd.concat(
        [read_usebio(p).results for p in sorted(tmp_path.glob("*.xml"))], ignore_index=True
    )
    history = bridge.season_history(results, players=bridge.read_people(tmp_path))
    last = history[history["event"] == history["event"].iloc[-1]].head(10)
    best = ", ".join(last["names"])  # the pairs' two players name each line
    assert best.startswith("PLAYER 011 & PLAYER 012, ")
    assert f"Place after each event: 10 highlighted: {best}" in text


def test_demo_writes_a_drift_chart_per_family(tmp_path, capsys):
    from tourneystats import synth, write_table

    data, out = tmp_path / "data", tmp_path / "out"
    for family in ("chess", "bridge", "league"):
        (data / family).mkdir(parents=True)
    shutil.copy(TRF, data / "chess" / "open.txt")
    # no cards folder: the family is skipped
    shutil.copy(DATA / "bridge" / "usebio-mp-pairs-howell.xml", data / "bridge" / "s1.xml")
    write_table(synth.league(1, 4, 8, 4, seed=5), data / "league" / "club.csv")
    assert main(["demo", "--data", str(data), "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "== cards: not available" in text  # no sample folder: skipped
    for family in ("chess", "bridge", "league"):
        png_size(out / f"{family}-drift.png")
        assert f"wrote {out / f'{family}-drift.png'} (" in text
    assert (
        "Place after each round — Test Tournament (adjusted rules; tie-breaks BH/C1, BH, SB); 10 "
        "highlighted: Player #1," in text
    )
    assert plt.get_fignums() == []


def test_drift_cards_folder_skips_published_standings(tmp_path, capsys):
    from tourneystats import cards

    for name in ("melee-14643-matches.csv", "melee-14643-standings.csv"):
        shutil.copy(DATA / "cards" / name, tmp_path / name)
    out = tmp_path / "cards.png"
    args = ["drift", str(tmp_path), "--family", "cards", "--rules", "melee", "--top", "4"]
    assert main([*args, "--out", str(out)]) == 0
    png_size(out)
    results = pd.read_csv(DATA / "cards" / "melee-14643-matches.csv")
    final = cards.standings(results, rules="melee")
    best = ", ".join(map(str, final["player"].head(4)))
    event = final["event"].iloc[0]
    assert (
        f"Place after each round — {event} (melee rules): 4 highlighted: {best}"
        in capsys.readouterr().out
    )


def test_drift_over_unrelated_sessions_is_warned_about(tmp_path, capsys):
    """Two clubs' sessions share no pair: not one season, and the chart says so."""
    from pathlib import Path

    data = Path(__file__).parents[1] / "data" / "bridge"
    out = tmp_path / "drift.png"
    assert (
        main(
            [
                "drift",
                str(data.parent / "bridge-published"),
                "--family",
                "bridge",
                "--out",
                str(out),
            ]
        )
        == 0
    )
    err = capsys.readouterr().err
    assert "the sessions form 2 groups with no pair in common" in err
    assert main(["drift", str(data), "--family", "bridge", "--out", str(out)]) == 0
    assert "no pair in common" not in capsys.readouterr().err


def test_drift_names_the_event_as_its_file_does(tmp_path, capsys):
    """An MTG JSON file's event is drawn under its published name and date (its Tournament's
    Name and Date), a TRF file's under its 012 line; a table names no event, and two files of a
    folder that could both be the event drawn name none: the event's id stays."""
    import json

    from tourneystats.clihelp import event_label, event_record

    def label(family, path, event):
        record = event_record(family, path, event)
        return None if record is None else event_label(record)

    src = DATA / "cards" / "mtgjson" / "sfida-dei-campioni-pauper-61438-2024-02-18.json"
    tournament = json.loads(src.read_text(encoding="utf-8"))["Tournament"]
    assert (tournament["Name"], tournament["Date"][:10]) == ("SFIDA DEI CAMPIONI", "2024-02-18")
    out = tmp_path / "d.png"
    assert main(["drift", str(src), "--family", "cards", "--out", str(out)]) == 0
    drawn = "Place after each round — SFIDA DEI CAMPIONI, 2024-02-18 (melee rules): 10 "
    assert drawn in capsys.readouterr().out  # the preset the publisher and date imply
    assert label("chess", TRF, "tournament_1") == "Test Tournament"
    for year in ("2023", "2024"):  # the same file in two folders: each event named by its path
        (tmp_path / year).mkdir()
        shutil.copy(src, tmp_path / year / src.name)
    assert label("cards", tmp_path, f"2024/{src.stem}") == "SFIDA DEI CAMPIONI, 2024-02-18"
    assert label("cards", tmp_path, src.stem) is None  # either of two files
    assert label("cards", DATA / "cards" / "melee-14643-matches.csv", "14643") is None
    assert label("bridge", tmp_path, src.stem) is None


def test_drift_league_event_picks_a_season_of_the_largest_league(tmp_path, capsys):
    # the shipped kvallsligan has seasons S01 and S02: by default the last is drawn; --event
    # names a season as it names a league (the largest league's, when it is a season's name)
    from tourneystats import league

    data = Path(__file__).parents[1] / "data" / "league"
    out = tmp_path / "drift.png"
    args = ["drift", str(data), "--family", "league", "--top", "3", "--out", str(out)]
    club = pd.read_csv(data / "kvallsligan.csv")
    for event, season in ((None, "S02"), ("S01", "S01"), ("S02", "S02")):
        assert main(args + (["--event", event] if event else [])) == 0
        text = capsys.readouterr().out
        board = league.leaderboard(club[club["season"] == season])
        best = ", ".join(board["player"].astype(str).head(3))
        assert f"Place after each tournament — kvallsligan, {season}, 14 tournaments" in text
        assert f": 3 highlighted: {best}" in text
    png_size(out)
