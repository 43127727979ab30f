"""Charts measured as a reader sees them, on real large events and on 1 to 5,000 players.

Each chart is drawn on an Agg canvas and measured from the figure itself (:mod:`figure_check`):
no two texts overlap, none leaves the figure, no leader line runs through another text, no
glyph is missing from the fonts, and the figure is at most 14 inches high. The real events are
the largest of the public MTG archive's November 2025 (1,012 players) and one with Chinese names
(`tests/data/cards/large/`, see `tests/data/README.md`). Fonts: the tests run with the CJK fonts
this machine has and, by restricting the font list, with none.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from figure_check import assert_readable, measure
from matplotlib.backends.backend_agg import FigureCanvasAgg

from tourneystats import cli, clicharts, plot, whatif
from tourneystats.clihelp import chart_group, with_event_name
from tourneystats.plot import fonts

LARGE = Path(__file__).parent / "data" / "cards" / "large"
PAUPER = LARGE / "paupergeddon-eternal-weekend-2025-eu-384940-2025-11-28.json"
CHINA = LARGE / "mtg-china-open-s10-regional-championship-modern-368826-2025-11-08.json"
SIZES = (1, 5, 1000, 5000)


def _clear() -> None:
    fonts.font_family.cache_clear()
    fonts._covered.cache_clear()


@pytest.fixture
def no_cjk_font(monkeypatch):
    """The charts' fonts as on a machine without any CJK font (CI's)."""
    monkeypatch.setattr(fonts, "CJK_FAMILIES", ())
    _clear()
    yield
    _clear()


def has_cjk_font() -> bool:
    _clear()
    return len(fonts.font_family()) > 1


def compare_chart(path: Path, **options) -> plot.ChartAxes:
    """The slope chart ``tourneystats compare PATH --chart`` draws (mtg and melee2025 rules)."""
    results, given = cli.results_from_path("cards", path)
    table = whatif.compare(results, family="cards", rules=["mtg", "melee2025"], **given)
    summary = whatif.summary(table, cut=8)
    rows, _ = with_event_name("cards", path, chart_group(table, summary, None))
    return plot.compare(rows, **{"cut": 8, **options})


@pytest.fixture(scope="module")
def pauper_table() -> pd.DataFrame:
    results, given = cli.results_from_path("cards", PAUPER)
    table = whatif.compare(results, family="cards", rules=["mtg", "melee2025"], **given)
    rows, _ = with_event_name("cards", PAUPER, table)
    return rows


def comparison(n: int, seed: int = 0) -> pd.DataFrame:
    """A comparison table of `n` players: under ``b`` some neighbours swap and a few players
    move further; long, Chinese and Japanese names among the Latin ones."""
    rng = np.random.default_rng(seed)
    b = np.arange(1, n + 1)
    for i in rng.choice(max(n - 1, 1), size=min(n // 8, max(n - 1, 0)), replace=False):
        if i + 1 < n:
            b[[i, i + 1]] = b[[i + 1, i]]
    for i in rng.choice(n, size=min(6, n // 50), replace=False):  # longer moves
        j = min(n - 1, i + int(rng.integers(3, 20)))
        b[[i, j]] = b[[j, i]]
    styles = [
        "Player {i}",
        "王小明{i}",
        "やまだ たろう{i}",
        "Anna-Katharina von Lindenberg-Ostrowski {i}",
    ]
    names = [styles[i % len(styles)].format(i=i) for i in range(n)]
    return pd.DataFrame(
        {
            "event": "E",
            "player": np.tile(np.arange(n), 2),
            "name": names * 2,
            "rules": pd.Categorical(["a"] * n + ["b"] * n, ["a", "b"]),
            "rank": np.r_[np.arange(1, n + 1), b],
        }
    )


def field(n: int, rounds: int = 15, seed: int = 0) -> pd.DataFrame:
    """A Swiss-like history of `n` players (places by a random running score)."""
    rng = np.random.default_rng(seed)
    score = np.zeros(n)
    rows = []
    for r in range(1, rounds + 1):
        score += rng.integers(0, 4, n)
        place = pd.Series(-score).rank(method="min").astype(int).to_numpy()
        rows.append(pd.DataFrame({"round": r, "player": np.arange(n), "rank": place}))
    hist = pd.concat(rows, ignore_index=True)
    names = pd.Series([f"Player {i}" if i % 3 else f"李{i}" for i in range(n)])
    return hist.assign(name=names[hist["player"]].to_numpy())


# --- the slope chart of compare ------------------------------------------------------------------


def test_slope_chart_of_the_largest_real_event_is_readable(no_cjk_font):
    ax = compare_chart(PAUPER)
    m = assert_readable(ax.figure)
    title = ax.get_title(loc="left").replace("\n", " ")
    assert title.startswith("Paupergeddon - Eternal Weekend 2025 EU, 2025-11-28: mtg → melee2025")
    assert "137 of 1,012 places changed; 875 kept theirs." in title
    # what is drawn and what is not add up to the field
    lines = ax.get_lines()
    drawn = len({t.get_text().rsplit("  ", 1)[0] for t in ax.texts[: len(ax.texts) // 2]})
    assert f"Not drawn: {1012 - 10 - len(lines):,} players" in title
    assert f"the top 10, the {len(lines)} largest moves" in title
    assert drawn == 10 + len(lines) and 8 <= len(lines) <= 20
    assert 4 <= m.height <= 14 and len(m.texts) < 80


def test_slope_top_moves_and_players_change_what_is_drawn(pauper_table, no_cjk_font):
    few = plot.compare(pauper_table, top=3, cut=8)
    texts = [t.get_text() for t in few.texts]
    assert sum(t.endswith(("  1", "  2", "  3")) for t in texts) >= 3
    assert not any(t.endswith("  4") for t in texts)  # place 4 kept: not drawn
    assert "the top 3," in few.get_title(loc="left")
    moves = plot.compare(pauper_table, top=3, moves=2)
    assert len(moves.get_lines()) == 2
    places = pauper_table.pivot_table(index="player", columns="rules", values="rank",
                                      observed=True)  # fmt: skip
    kept = places.index[(places["mtg"] == places["melee2025"]) & (places["mtg"] == 500)][0]
    asked = plot.compare(pauper_table, players=[kept])
    assert any(t.get_text() == f"500  {kept}" for t in asked.texts)
    assert "1 asked for" in asked.get_title(loc="left")
    assert_readable(asked.figure)


def test_slope_draws_the_players_crossing_the_cut():
    t = comparison(60)
    b = t["rank"].to_numpy().copy()
    b[60:] = np.arange(1, 61)
    b[60 + 7], b[60 + 8] = 9, 8  # places 8 and 9 swap: across the top 8
    t = t.assign(rank=b)
    ax = plot.compare(t, top=3, cut=8, moves=0)
    texts = [x.get_text() for x in ax.texts]
    (out,) = [x.rsplit("  ", 1)[0] for x in texts if x.endswith("  8")]  # 8 -> 9: out
    assert f"9  {out}" in texts
    assert "2 crossing the top 8" in ax.get_title(loc="left") and len(ax.get_lines()) == 2
    assert any(x.get_text() == "top 8" for x in ax.texts)
    assert_readable(ax.figure)


@pytest.mark.parametrize("n", SIZES)
def test_slope_holds_on_any_field(n, no_cjk_font):
    ax = plot.compare(comparison(n), cut=8 if n > 8 else None)
    m = assert_readable(ax.figure)
    assert m.height <= 14
    if n > 24:
        assert "Not drawn" in ax.get_title(loc="left")


def test_slope_refuses_more_rows_than_a_page_holds():
    with pytest.raises(ValueError, match="a chart holds 60: give a smaller top="):
        plot.compare(comparison(200), top=100)


def test_cli_compare_chart_of_a_month_is_at_most_14_inches(tmp_path, capsys):
    chart = tmp_path / "c.png"
    args = ["compare", str(LARGE), "--family", "cards", "--rules", "mtg,melee2025"]
    assert cli.main([*args, "--chart", str(chart), "--top", "3"]) == 0
    out = capsys.readouterr().out
    assert "Paupergeddon" in out and "the top 3," in out  # the event that changed most
    width, height = _png_size(chart.read_bytes())
    assert height <= 14 * clicharts.CHART_DPI and width <= 10 * clicharts.CHART_DPI


def _png_size(data: bytes) -> tuple[int, int]:
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


# --- the drift chart -----------------------------------------------------------------------------


def test_drift_of_the_largest_real_event_tells_25_players_apart(no_cjk_font):
    ax = cli.drift_chart("cards", PAUPER, players=25)
    assert_readable(ax.figure)
    lines = ax.get_lines()
    styles = [
        (line.get_color(), line.get_marker(), str(line.get_linestyle()), str(line._dash_pattern))
        for line in lines
    ]
    assert len(lines) == 25 and len(set(styles)) == 25
    by_colour: dict = {}
    for colour, marker, _, dashes in styles:
        by_colour.setdefault(str(colour), []).append((marker, dashes))
    for same in by_colour.values():  # one colour: each line another marker and line style
        assert len({m for m, _ in same}) == len(same) and len({d for _, d in same}) == len(same)


def test_drift_background_of_a_thousand_players_is_a_light_shade(no_cjk_font):
    ax = cli.drift_chart("cards", PAUPER, players=1)
    canvas = FigureCanvasAgg(ax.figure)
    canvas.draw()
    image = np.asarray(canvas.buffer_rgba())[:, :, :3].mean(axis=2)
    box = ax.get_window_extent()
    height = image.shape[0]
    # the lower half of the plot's right half: only the field's lines (the leader is at the top)
    y0, y1 = int(height - box.y0 - box.height / 2), int(height - box.y0) - 2
    x0, x1 = int(box.x0 + box.width / 2), int(box.x1) - 2
    region = image[y0:y1, x0:x1]
    assert region.size and np.median(region) > 215 and region.mean() > 205  # 255: white


@pytest.mark.parametrize("n", SIZES)
def test_drift_holds_on_any_field(n, no_cjk_font):
    hist = field(n)
    for players in (None, 25):
        ax = plot.drift(hist, players=players)
        m = assert_readable(ax.figure)
        assert m.height <= 14
        assert len(ax.get_lines()) == min(n, 10 if players is None else 25)


def test_demo_charts_are_readable(no_cjk_font):
    data = cli._demo_data(None)
    for name in cli.FAMILIES:
        if (data / name).is_dir():
            assert_readable(cli.drift_chart(name, data / name).figure)


# --- other charts on a large field ---------------------------------------------------------------


def test_distribution_and_decisive_of_a_large_field(no_cjk_font):
    from tourneystats import cards

    st = cards.standings_from_path(LARGE)
    assert_readable(plot.distribution(st, "omwp").figure)
    assert_readable(plot.distribution(st, "omwp", by="event").figure)
    assert_readable(plot.decisive(st, by="event").figure)


# --- fonts ---------------------------------------------------------------------------------------


def test_cjk_names_without_a_cjk_font_are_readable_and_warn_nothing(no_cjk_font):
    assert fonts.font_family() == ("DejaVu Sans",)
    ax = compare_chart(CHINA)
    m = assert_readable(ax.figure)  # no "Glyph ... missing" warning
    assert ax.get_title(loc="left").startswith("MTG China Open S10 Regional Championship")
    assert any(fonts.UNREADABLE in t for t in m.texts)  # a Chinese name: said so, no boxes
    drift = cli.drift_chart("cards", CHINA, players=25)
    assert_readable(drift.figure)
    assert "MTG China Open" in drift.get_title(loc="left")


def test_cjk_names_with_a_cjk_font_are_drawn():
    if not has_cjk_font():
        pytest.skip("no CJK font installed (fonts-noto-cjk, fonts-wqy-microhei, ...)")
    ax = compare_chart(CHINA)
    m = assert_readable(ax.figure)
    assert ax.get_title(loc="left").startswith("龙盾杯 MTG China Open")
    assert not any(fonts.UNREADABLE in t for t in m.texts)
    assert any("\u4e00" <= c <= "\u9fff" for t in m.texts for c in t)
    assert_readable(cli.drift_chart("cards", CHINA, players=25).figure)


def test_readable_writes_kana_and_hangul_by_sound_and_drops_the_rest(no_cjk_font):
    assert fonts.readable("やまだ たろう") == "yamada tarou"
    assert fonts.readable("김민수") == "gimminsu"
    assert fonts.readable("龙盾杯 MTG Open") == "MTG Open"
    assert fonts.readable("王小明") == fonts.UNREADABLE
    assert fonts.readable("Łukasz Żółć, Ђорђе, Ἀθηνᾶ") == "Łukasz Żółć, Ђорђе, Ἀθηνᾶ"


def test_the_fallback_chain_is_set_on_the_chart_texts():
    ax = plot.compare(comparison(30))
    family = list(fonts.font_family())
    assert all(t.get_fontfamily() == family for t in ax.texts)
    assert ax.title.get_fontfamily() == family or ax._left_title.get_fontfamily() == family


def test_measure_finds_overlaps_cut_texts_and_crossing_leaders():
    """The measuring tool itself: a chart built to fail each check fails it."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(3, 2), dpi=100)
    ax = fig.add_subplot()
    ax.text(0.1, 0.5, "overlapping text")
    ax.text(0.12, 0.5, "overlapping text")
    ax.text(0.9, 0.9, "cut by the edge of the figure")
    ax.annotate("label", xy=(0.0, 0.53), xytext=(0.7, 0.53), arrowprops={"arrowstyle": "-"})
    m = measure(fig)
    assert len(m.overlapping()) >= 1 and m.cut() and m.crossings()
    assert m.summary()["texts"] == len(m.texts) >= 4
    buf = io.BytesIO()
    fig.savefig(buf, format="png")


def test_bridge_charts_of_the_sample_season_are_readable(no_cjk_font):
    from tourneystats import bridge

    results = bridge.read_results(cli._demo_data(None) / "bridge").pairs
    scores = bridge.pair_scores(results)
    keys = [c for c in ("event", "section", "line", "pair") if c in scores]
    for key in list(scores.groupby(keys, observed=True, sort=True).size().index)[
        :12
    ]:  # titles as long as a legend
        assert_readable(plot.pair_boards(scores, **dict(zip(keys, key))).figure)
    mp = bridge.matchpoints(results)
    for (event, section, board), _ in list(
        mp.groupby(["event", "section", "board"], observed=True)
    )[:12]:
        assert_readable(plot.board_spread(mp, event=event, section=section, board=board).figure)
