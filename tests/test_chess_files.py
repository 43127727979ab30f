"""Published tie-break values of real files (KDE/chessament test data, FIDE 2024 rules)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tourneystats.chess import read_trf, standings, standings_from_path

DATA = Path(__file__).parent / "data" / "chess"


def _published(path: Path) -> pd.Series:
    table = pd.read_csv(path, comment="#", header=None, names=["player", "rank", "points", "v"])
    return table.set_index("player")


@pytest.mark.parametrize(
    "name",
    ["buchholz_1.trf", "buchholz_2.trf", "buchholz_3.trf", "buchholz_4.trf", "tournament_1.txt"],
)
def test_published_buchholz(name):
    data = read_trf(DATA / name)
    table = standings(data.results, tiebreaks=["BH"], rules="fide2024").set_index("player")
    published = _published(DATA / f"{name}.bh")
    assert len(published) == len(table)
    np.testing.assert_array_equal(table.loc[published.index, "PTS"], published["points"])
    np.testing.assert_array_equal(table.loc[published.index, "BH"], published["v"])


@pytest.mark.parametrize(("code", "suffix"), [("AOB", "aob"), ("WIN", "win"), ("WON", "won")])
def test_published_tournament_1(code, suffix):
    data = read_trf(DATA / "tournament_1.txt")
    table = standings(data.results, tiebreaks=[code], rules="fide2024").set_index("player")
    published = _published(DATA / f"tournament_1.txt.{suffix}")
    assert len(published) == 88
    got = table.loc[published.index, code]
    if code == "AOB":
        # published with two decimals; the 3 players with no game over the board show 0.00
        assert (published["v"] == 0).sum() == 3 and (got == 0).sum() == 3
        np.testing.assert_allclose(got, published["v"], atol=0.005 + 1e-9)
    else:
        np.testing.assert_array_equal(got, published["v"])


def test_trf_folder_through_standings_from_path(tmp_path):
    for name in ("buchholz_1.trf", "buchholz_2.trf"):
        (tmp_path / name).write_bytes((DATA / name).read_bytes())
    table = standings_from_path(tmp_path, rules="fide2024", tiebreaks=["BH"])
    assert table["event"].nunique() == 2 and len(table) == 13 + 2
    published = _published(DATA / "buchholz_1.trf.bh")
    got = table[table["event"] == table["event"].iloc[0]].set_index("player")
    np.testing.assert_array_equal(got.loc[published.index, "BH"], published["v"])


def test_a_folder_leaves_out_its_texts_that_hold_no_trf(tmp_path):
    """A club's web site keeps other texts beside its TRF files (a React page's data, an empty
    ``change_id.txt``): the standings of the folder leave them out, with one warning; a folder
    of such texts alone holds no chess results."""
    (tmp_path / "event.txt").write_bytes((DATA / "buchholz_1.trf").read_bytes())
    (tmp_path / "page.txt").write_text('1:"$Sreact.fragment"\n2:I[6874,[],""]\n')
    (tmp_path / "change_id.txt").write_text("")
    with pytest.warns(UserWarning, match=r"2 \.txt file\(s\) hold no TRF record .*skipped"):
        table = standings_from_path(tmp_path, rules="fide2024", tiebreaks=["BH"])
    published = _published(DATA / "buchholz_1.trf.bh")
    assert set(table["event"]) == {"event"}
    np.testing.assert_array_equal(
        table.set_index("player").loc[published.index, "BH"], published["v"]
    )
    (tmp_path / "event.txt").unlink()
    with pytest.raises(ValueError, match="no chess results in this folder: 2 .txt file"):
        standings_from_path(tmp_path)
    (tmp_path / "page.txt").write_text("012 Club\n001 not a player line\n")  # TRF, and broken
    with pytest.raises(ValueError, match="page.txt"):
        standings_from_path(tmp_path)


# --- tourneystats check: the points and ranks TRF files publish ----------------------------------


def _counts(table: pd.DataFrame) -> dict[str, tuple[int, int]]:
    """Per published value: (equal, compared)."""
    g = table.groupby("value")["equal"]
    return {k: (int(v), int(n)) for (k, v), n in zip(g.sum().items(), g.size())}


def test_check_reproduces_the_published_points_of_real_files():
    from tourneystats.chess import check_from_path

    # the points every 001 line publishes, against the sum of its round results
    for name, players in [("buchholz_1.trf", 13), ("buchholz_4.trf", 3), ("tournament_1.txt", 88)]:
        assert _counts(check_from_path(DATA / name))["points"] == (players, players)
    # the TEC exercises publish places by points alone, shared by ties: every one agrees
    # under no tie-break, and not under the default BH/C1, BH, SB
    tec = check_from_path(DATA / "tec", tiebreaks=[])
    assert _counts(tec) == {"points": (504, 504), "rank": (504, 504)}
    assert _counts(check_from_path(DATA / "tec"))["rank"][0] < 504


def test_check_reports_an_altered_file_and_exits_1(tmp_path, capsys):
    from tourneystats.chess import check_from_path
    from tourneystats.cli import main

    lines = (DATA / "buchholz_4.trf").read_text().splitlines()
    assert lines[2][80:84] == " 2.0" and lines[2].startswith("001    1")
    lines[2] = lines[2][:80] + " 9.0" + lines[2][84:]  # player 1's published points, altered
    altered = tmp_path / "b4.trf"
    altered.write_text("\n".join(lines) + "\n")
    table = check_from_path(altered)
    wrong = table[~table["equal"]]
    assert wrong[["player", "value", "published", "computed"]].values.tolist() == [
        [1, "points", 9.0, 2.0]
    ]
    assert main(["check", str(DATA / "buchholz_4.trf"), "--family", "chess"]) == 0
    out = tmp_path / "differences.csv"
    assert main(["check", str(altered), "--family", "chess", "--out", str(out)]) == 1
    assert len(pd.read_csv(out)) == 1
    assert "1 different" in capsys.readouterr().out


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"tiebreaks": ["BH", "SB", "DE"], "rules": "fide2024"},
        {"tiebreaks": ["BH/C1", "ARO", "PS"], "rules": "fide2026", "withdrawn": "leave_out"},
        {"tiebreaks": ["SB", "BH"], "rules": "fide2009", "points": "3/1/0", "chunks": 40},
    ],
)
def test_names_read_as_dictionaries_give_the_text_standings(tmp_path, monkeypatch, options):
    """A Parquet file's event, player, opponent, colour and kind are read as categoricals
    (their dictionary codes); the standings are those of the names read as text, and of a CSV
    (names in another order than the ids, so that ties by name order differently)."""
    import tourneystats.chess.files as files
    import tourneystats.chess.tables as tables
    from tourneystats.synth import chess_swiss

    options = dict(options)
    if "chunks" in options:  # several chunks of events
        monkeypatch.setattr(tables, "CHUNK_ROWS", options.pop("chunks"))
    results, _ = chess_swiss(5, 11, 6, seed=4, forfeit_rate=0.1, bye_rate=0.1, withdraw_rate=0.05)
    assert {"pab", "hpb", "forfeit_win", "zpb"} <= set(results["kind"].astype(str))
    if options.get("points") == "3/1/0":
        results = results.assign(points=results["points"].map({1.0: 3.0, 0.5: 1.0, 0.0: 0.0}))
    name = {i: f"Player {(37 * i) % 101:03d}" for i in range(200)}
    opponent = results["opponent"].astype("Int64")
    named = results.assign(
        event=_text("Cup " + pd.Series(9 - pd.factorize(results["event"])[0]).astype(str)),
        player=_text(results["player"].astype("Int64").map(name)),
        opponent=_text(opponent.map(name).where(opponent.notna())),
        colour=_text(results["colour"]),
        kind=_text(results["kind"]),
    )
    named.to_parquet(tmp_path / "n.parquet")
    named.to_csv(tmp_path / "n.csv", index=False)
    read = files.read_results(tmp_path / "n.parquet", coded=True)[0]
    assert read.attrs["dictionaries"] == ["event", "player", "opponent", "colour", "kind"]
    coded = standings_from_path(tmp_path / "n.parquet", **options)
    assert coded["event"].dtype == TEXT and not coded["player"].isna().any()
    pd.testing.assert_frame_equal(coded, standings_from_path(tmp_path / "n.csv", **options))
    monkeypatch.setattr(files, "_KEYS", ())
    pd.testing.assert_frame_equal(coded, standings_from_path(tmp_path / "n.parquet", **options))
    assert len(np.unique(coded["event"])) == 5
    pd.testing.assert_frame_equal(standings(named, **options), coded)
    for ids in (sorted(set(named["player"])), sorted(set(named["player"]), reverse=True)):
        dtype = pd.CategoricalDtype(ids)  # the ids given as categoricals, in either order
        cats = named.astype({"player": dtype, "opponent": dtype})
        pd.testing.assert_frame_equal(standings(cats, **options), coded)


#: the dtype pandas reads text as (``str`` from pandas 3, ``object`` before)
TEXT = pd.Series(["a"]).dtype


def _text(values: pd.Series) -> pd.Series:
    """`values` as text the way pandas reads it, a missing value kept missing."""
    return values.astype(object).where(values.notna(), None).astype(TEXT)


def test_check_refuses_files_that_publish_nothing(tmp_path):
    """A TRF whose player lines leave points and rank blank has nothing to compare: refused,
    naming the file (and a missing file says so)."""
    from tourneystats import ValidationError
    from tourneystats.chess import check_from_path

    lines = (DATA / "buchholz_4.trf").read_text().splitlines()
    blank = [ln[:80] + " " * 9 + ln[89:] if ln.startswith("001") else ln for ln in lines]
    path = tmp_path / "blank.trf"
    path.write_text("\n".join(blank) + "\n")
    with pytest.raises(ValidationError, match=r"blank\.trf: the TRF files publish neither"):
        check_from_path(path)
    with pytest.raises(FileNotFoundError):
        check_from_path(tmp_path / "none.trf")
