"""Published tie-break values of real files (KDE/chessament test data, FIDE 2024 rules)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tourneystats.chess import standings, standings_from_path
from tourneystats.trf import read_trf

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
