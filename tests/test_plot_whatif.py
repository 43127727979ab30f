"""What-if charts: the slope chart of two rule sets and the decisive-criteria bars, checked through
their artists (rendered headless), on real sample data of each family and on small frames."""

from __future__ import annotations

from pathlib import Path

import matplotlib.pyplot as plt
import pandas as pd
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure

import tourneystats  # noqa: F401  (the accessor)
from tourneystats import cards, chess, league, plot, whatif
from tourneystats.chess import read_trf

DATA = Path(__file__).resolve().parents[1] / "data"


def small() -> pd.DataFrame:
    """Three players under two rule sets: Ann and Bo swap, Cy stays."""
    return pd.DataFrame(
        {
            "event": "E",
            "player": ["Ann", "Bo", "Cy"] * 2,
            "rules": pd.Categorical(["old"] * 3 + ["new"] * 3, ["old", "new"]),
            "rank": [1, 2, 3, 2, 1, 3],
        }
    )


def test_slope_colours_the_moves_and_names_both_ends():
    ax = plot.compare(small())
    lines = ax.get_lines()
    assert [line.get_label() for line in lines] == ["Ann", "Bo"]
    assert lines[0].get_ydata().tolist() == [1, 2] and lines[1].get_ydata().tolist() == [2, 1]
    assert lines[0].get_color() != lines[1].get_color()  # worse and better
    grey = [c for c in ax.collections if isinstance(c, LineCollection)]
    assert len(grey) == 1 and len(grey[0].get_segments()) == 1  # Cy
    texts = [t.get_text() for t in ax.texts]
    assert texts == ["Ann  1", "Bo  2", "Cy  3", "1  Bo", "2  Ann", "3  Cy"]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["old", "new"]
    assert bool(ax.yaxis_inverted())
    assert ax.get_title(loc="left") == "E: old → new\n2 of 3 places changed; 1 kept theirs"
    assert plt.get_fignums() == []  # not a pyplot figure
    FigureCanvasAgg(ax.figure).draw()


def test_slope_options_and_refusals():
    table = pd.concat([small(), small().assign(event="F")], ignore_index=True)
    with pytest.raises(ValueError, match="choose one with event="):
        plot.compare(table)
    ax = plot.compare(table, "new", "old", event="F", top=1, cut=1, title="x")
    assert [line.get_label() for line in ax.get_lines()] == ["Bo", "Ann"]
    assert ax.get_title(loc="left") == "x"
    assert any(t.get_text() == "top 1" for t in ax.texts)
    with pytest.raises(ValueError, match="no rule set 'nope'"):
        plot.compare(table, "old", "nope", event="E")
    fig = Figure()
    mine = fig.add_subplot()
    assert plot.compare(small(), ax=mine) is mine
    named = small().assign(name=["Ann A.", "Bo B.", "Cy C."] * 2)
    assert plot.compare(named).get_lines()[0].get_label() == "Ann A."


def test_slope_of_real_data_of_every_family():
    melee = pd.read_csv(DATA / "cards" / "melee-14643-matches.csv")
    table = cards.compare(melee, rules=["mtg", "pokemon"])
    changed = whatif.summary(table)["places_changed"].iloc[0]
    assert len(plot.compare(table, cut=8).get_lines()) == changed
    season = read_trf(DATA / "chess")
    swiss = chess.compare(season.results, rules=["fide2024", "fide2024:SB+BH/C1+BH"])
    ax = plot.compare(swiss, event="tournament_1", top=24)
    assert ax.get_ylim()[0] >= 24
    evenings = pd.read_csv(DATA / "league" / "kvallsligan.csv")
    lg = league.compare(evenings, rules=[0, 20], through="2023-09-19")
    assert lg.tourney.slope().get_title(loc="left").startswith("S01: K=0 → K=20")
    with pytest.raises(ValueError, match="filter the table to one season"):
        plot.compare(league.compare(evenings, rules=[0, 20]))


def test_decisive_bars_per_group_in_the_ranking_order():
    season = read_trf(DATA / "chess")
    table = chess.compare(season.results, rules=["fide2024", "fide2024:SB+BH"])
    ax = plot.decisive(table)
    labels = [c.get_label() for c in ax.containers]
    assert labels == ["PTS", "BH/C1", "BH", "SB", "tied"]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["fide2024", "fide2024:SB+BH"]
    heights = sum(bar.get_height() for c in ax.containers for bar in c.patches[:1])
    assert abs(heights - 100) < 1e-9
    st = cards.standings(pd.read_csv(DATA / "cards" / "league-2024-matches.csv"))
    ax = st.tourney.decisive(by="event", top=8, title="t")
    assert len(ax.get_xticklabels()) == 6 and ax.get_title(loc="left") == "t"
    one = plot.decisive(st)
    assert [t.get_text() for t in one.get_xticklabels()] == ["all"]
    FigureCanvasAgg(one.figure).draw()


def test_a_large_event_shows_its_movers_and_top_places_and_counts_the_rest():
    n = 30
    ranks_b = list(range(1, n + 1))
    ranks_b[24], ranks_b[25] = 26, 25  # one swap, far below the top
    t = pd.DataFrame({"event": "E", "player": [f"p{i}" for i in range(1, n + 1)] * 2,
                      "rules": pd.Categorical(["a"] * n + ["b"] * n, ["a", "b"]),
                      "rank": list(range(1, n + 1)) + ranks_b})  # fmt: skip
    ax = plot.compare(t)
    assert [line.get_label() for line in ax.get_lines()] == ["p25", "p26"]
    assert ax.get_title(loc="left") == (
        "E: a → b\n2 of 30 places changed; 28 kept theirs.\n"
        "Drawn: the top 10, all 2 moves (1 place). Not drawn: 18 players who kept"
        " their place.\nGreen: a better place under b; orange: a worse one."
    )
    texts = [x.get_text() for x in ax.texts]
    assert "p1  1" in texts and "10  p10" in texts and "p11  11" not in texts  # top 10 named
    assert "p25  25" in texts and "25  p26" in texts
