"""Drift charts as a reader sees them: rendered (Agg), then checked by the boxes of their texts.

Title and note never overlap at any title length, end labels never overlap each other, a
field of a thousand players highlights and names ten and keeps its thousand grey lines faint.
"""

import time

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection
from matplotlib.text import Text

from tourneystats.clihelp import chart_title, title_with_rules
from tourneystats.plot import DEFAULT_TOP, LOG_PLACES, TitleNote, drift
from tourneystats.plot.history import _background_style
from tourneystats.plot.style import _fit_title, _unwrap_title

matplotlib.use("Agg")

NOTE = "(n) after a name: final place"


def field(players: int, rounds: int, seed: int = 0, dropped: int = 0) -> pd.DataFrame:
    """A Swiss-like history: random scores, places by score (shared places on ties), names
    for ids; the last `dropped` players leave after the first half of the rounds."""
    rng = np.random.default_rng(seed)
    score = np.zeros(players)
    rows = []
    for r in range(1, rounds + 1):
        score += rng.integers(0, 4, players)
        place = pd.Series(-score).rank(method="min").astype(int).to_numpy()
        here = np.arange(players) if r <= rounds // 2 else np.arange(players - dropped)
        rows.append(
            pd.DataFrame(
                {
                    "round": r,
                    "player": here + 1000,
                    "name": [f"Player Name {i:04d}" for i in here],
                    "rank": place[here],
                }
            )
        )
    return pd.concat(rows, ignore_index=True)


def drawn(ax):
    """Lay out and draw the figure of `ax`; its renderer."""
    fig = ax.figure
    if not isinstance(fig.canvas, FigureCanvasAgg):
        FigureCanvasAgg(fig)
    fig.canvas.draw()
    return fig.canvas.get_renderer()


def note_of(ax) -> TitleNote:
    (note,) = [a for a in ax.artists if isinstance(a, TitleNote)]
    return note


def title_and_note(ax):
    renderer = drawn(ax)
    title = ax.get_title(loc="left")
    texts = [t for t in ax.get_children() if isinstance(t, Text) and t not in ax.texts]
    (title_box,) = [t.get_window_extent(renderer) for t in texts if t.get_text() == title]
    return title_box, note_of(ax).get_window_extent(renderer), ax.figure.bbox


def label_boxes(ax):
    renderer = drawn(ax)
    # the text alone (an Annotation's own extent includes its joining line)
    return [Text.get_window_extent(t, renderer) for t in ax.texts]


def assert_apart(boxes):
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not a.overlaps(b), (a, b)


def assert_inside(box, figure):
    assert figure.x0 - 0.5 <= box.x0 and box.x1 <= figure.x1 + 0.5
    assert figure.y0 - 0.5 <= box.y0 and box.y1 <= figure.y1 + 0.5


# --- the title and the note on the bracketed numbers ------------------------------------------

TITLES = [
    "Short",
    "Place after each round — open",
    "Place after each round — leg-european-championship-ghent-modern-28412-2024-01-27",
    "Place after each round — " + " ".join(["Regional Championship Qualifier"] * 4),
    "Place after each round — " + "-".join(["regional-championship-qualifier"] * 5),
    "x" * 250,
]


@pytest.mark.parametrize("title", TITLES)
def test_title_and_note_never_overlap_and_stay_in_the_figure(title):
    ax = drift(field(12, 3), title=title)
    title_box, note_box, figure = title_and_note(ax)
    assert not title_box.overlaps(note_box)
    assert_inside(title_box, figure)
    assert_inside(note_box, figure)
    assert note_of(ax).get_text() == NOTE
    assert _unwrap_title(ax.get_title(loc="left")) == title or title.startswith("x")
    plot_box = ax.get_window_extent()
    assert plot_box.width > 0.6 * figure.width  # a long title does not squeeze the chart


def test_note_shares_a_short_titles_line_and_goes_above_a_long_one():
    ax = drift(field(12, 3), title="Short")
    title_box, note_box, _ = title_and_note(ax)
    assert note_box.y0 < title_box.y1 and title_box.y0 < note_box.y1  # one line
    ax = drift(field(12, 3), title=TITLES[3])
    title_box, note_box, _ = title_and_note(ax)
    assert note_box.y0 >= title_box.y1  # a line of its own, above


@pytest.mark.parametrize("title", TITLES[1:4])
def test_title_and_note_apart_on_every_axes_of_a_grid(title):
    fig, axes = plt.subplots(2, 2, figsize=(10, 7), layout="constrained")
    try:
        for ax in axes.flat:
            drift(field(30, 4), title=title, ax=ax)
        FigureCanvasAgg(fig)
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        texts = []
        for ax in axes.flat:
            title_box, note_box, figure = title_and_note(ax)
            assert not title_box.overlaps(note_box)
            texts += [title_box, note_box]
        assert_apart(texts)  # nor with the titles of the neighbours
        for ax in axes.flat:
            assert_apart([Text.get_window_extent(t, renderer) for t in ax.texts])
    finally:
        plt.close(fig)


def test_rules_go_on_the_titles_line_when_they_fit_else_on_their_own():
    ax = drift(field(12, 3), title="Place after each round — open")
    title_with_rules(ax, "melee rules")
    assert ax.get_title(loc="left") == "Place after each round — open (melee rules)"
    assert chart_title(ax) == "Place after each round — open (melee rules)"
    long = "Place after each round — leg-european-championship-ghent-modern-28412-2024-01-27"
    ax = drift(field(12, 3), title=long)
    title_with_rules(ax, "adjusted rules; tie-breaks BH/C1, BH, SB")
    assert ax.get_title(loc="left") == f"{long}\n(adjusted rules; tie-breaks BH/C1, BH, SB)"
    assert chart_title(ax) == long
    title_box, note_box, figure = title_and_note(ax)
    assert not title_box.overlaps(note_box)
    assert_inside(title_box, figure)


@settings(max_examples=examples(25), deadline=None)
@given(
    words=st.lists(st.text("abcdefghij", min_size=1, max_size=14), min_size=1, max_size=40),
    hyphens=st.booleans(),
)
def test_fit_title_lines_fit_and_join_back(words, hyphens):
    ax = drift(field(3, 2), title="t")
    text = ("-" if hyphens else " ").join(words)
    fitted = _fit_title(ax, text)
    assert _unwrap_title(fitted.get_text()) == text
    renderer = drawn(ax)
    room = ax.figure.bbox.x1 - ax.get_position().x0 * ax.figure.bbox.width
    for line in fitted.get_text().splitlines():
        probe = Text(0, 0, line, fontproperties=fitted.get_fontproperties())
        probe.set_figure(ax.figure)
        if " " in line or "-" in line or len(line) > 1:  # a breakable line
            assert probe.get_window_extent(renderer).width <= room
    plt.close(ax.figure)


# --- end labels ---------------------------------------------------------------------------------


def test_end_labels_apart_in_a_field_of_a_thousand():
    ax = drift(field(1000, 15))
    boxes = label_boxes(ax)
    assert len(boxes) == DEFAULT_TOP
    assert_apart(boxes)
    for box in boxes:
        assert_inside(box, ax.figure.bbox)


def test_end_labels_at_different_steps_apart():
    # the ten chosen: five who stayed to the end and five who left after round 4 of 8; the
    # labels of the leavers sit mid-chart, those of long names reach into the next steps
    hist = field(60, 8, seed=3, dropped=20)
    leavers = [f"Player Name {i:04d}" for i in range(40, 45)]
    stayers = [f"Player Name {i:04d}" for i in range(5)]
    ax = drift(hist, players=leavers + stayers)
    assert len(ax.texts) == 10
    assert_apart(label_boxes(ax))
    ax = drift(hist, players=leavers + stayers, ax=plt.subplots(figsize=(5, 3))[1])
    assert_apart(label_boxes(ax))
    plt.close("all")


def test_labels_name_the_players_never_their_ids():
    ax = drift(field(200, 5))
    names = [t.get_text().rsplit(" (", 1)[0] for t in ax.texts]
    assert all(n.startswith("Player Name ") for n in names)
    assert [line.get_label() for line in ax.get_lines()] == names


# --- how many are highlighted -------------------------------------------------------------------


def test_default_highlights_ten_of_a_thousand_and_fewer_on_a_short_axes():
    ax = drift(field(1000, 6))
    assert len(ax.get_lines()) == len(ax.texts) == DEFAULT_TOP == 10
    finals = [int(t.get_text().rsplit("(", 1)[1].rstrip(")")) for t in ax.texts]
    assert finals == sorted(finals) and finals[0] == 1
    fig, short = plt.subplots(figsize=(6, 1.6))
    try:
        drift(field(1000, 6), ax=short)
        room = int(1.6 * 72 * short.get_position().height * 0.9 // (8.5 * 1.3))
        assert 1 <= len(short.get_lines()) == min(10, room) < 10
        drift(field(1000, 6), ax=short, players=10)  # asked for: drawn
        assert len(short.get_lines()) == min(10, room) + 10
    finally:
        plt.close(fig)
    assert len(drift(field(7, 3)).get_lines()) == 7  # fewer than ten: everybody


# --- a thousand players: faint background, log places, fast -------------------------------------


def test_a_thousand_players_draw_fast_with_a_faint_background():
    hist = field(1000, 15)
    start = time.perf_counter()
    ax = drift(hist)
    renderer = drawn(ax)
    seconds = time.perf_counter() - start
    (rest,) = [c for c in ax.collections if isinstance(c, LineCollection)]
    assert len(rest.get_segments()) == 990 * 14  # a segment per line and step to the next
    alphas = rest.get_colors()[:, 3]
    assert alphas.min() >= 0.015 and alphas.max() <= 0.6 and rest.get_linewidths()[0] == 0.35
    ends = np.asarray(rest.get_segments())[:, :, 1].max(axis=1)  # the lower end's place
    assert alphas[ends > 500].mean() < alphas[ends < 20].mean()  # crowded: fainter
    assert ax.get_yscale() == "log" and ax.get_ylabel() == "place (log scale)"
    ticks = [t.get_text() for t in ax.get_yticklabels()]
    assert ticks[:5] == ["1", "2", "5", "10", "20"] and ticks[-1] == f"{int(hist['rank'].max()):,}"
    assert renderer is not None and seconds < 30  # generous: a shared machine (about 1 s alone)


def test_background_fades_with_the_count():
    widths, alphas = zip(*(_background_style(n) for n in (1, 30, 31, 100, 300, 1000, 5000)))
    assert widths[:2] == (0.9, 0.9) and alphas[:2] == (1.0, 1.0)
    assert list(widths[2:]) == sorted(widths[2:], reverse=True) and min(widths) == 0.35
    assert list(alphas[2:]) == sorted(alphas[2:], reverse=True) and min(alphas) == 0.12
    assert alphas[2] == pytest.approx(0.5 * np.sqrt(30 / 31))  # 31 lines as light as one


def test_log_scale_by_field_size_and_on_request():
    assert drift(field(LOG_PLACES, 3)).get_yscale() == "linear"
    assert drift(field(LOG_PLACES + 10, 3)).get_yscale() == "log"
    assert drift(field(LOG_PLACES + 10, 3), log_scale=False).get_yscale() == "linear"
    small = drift(field(12, 3), log_scale=True)
    assert small.get_yscale() == "log" and small.yaxis_inverted()
    assert_apart(label_boxes(small))
    with pytest.raises(ValueError, match="log_scale=True needs positive values; the least is 0"):
        drift(field(12, 3).assign(rank=lambda f: f["rank"] - 1), value="rank", log_scale=True)


# --- dates -------------------------------------------------------------------------------------


def test_a_year_of_weekly_dates_is_ticked_by_month():
    dates = pd.date_range("2024-01-03", periods=52, freq="7D")
    hist = field(40, 52).assign(date=lambda f: dates[f["round"] - 1])
    for step, frame in (("date", hist.drop(columns="round")), ("event", hist)):
        if step == "event":
            frame = frame.assign(event="Wednesday " + frame["date"].dt.strftime("%Y-%m-%d"))
        ax = drift(frame, step=step)
        labels = [t.get_text() for t in ax.get_xticklabels()]
        months = ["Jan\n2024", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct"]
        assert labels == [*months, "Nov", "Dec"]
        assert all(t.get_rotation() == 0 for t in ax.get_xticklabels())
        assert_apart(label_boxes(ax))
    assert ax.get_xlabel() == "event (Wednesday...)"
    # over New Year: the year again under January
    ax = drift(field(10, 20).assign(date=lambda f: pd.Timestamp("2024-11-06")
                                    + pd.to_timedelta(7 * (f["round"] - 1), "D")),
               step="date")  # fmt: skip
    assert [t.get_text() for t in ax.get_xticklabels()] == [
        "Nov\n2024",
        "Dec",
        "Jan\n2025",
        "Feb",
        "Mar",
    ]


def test_a_few_dates_keep_their_days():
    dates = pd.date_range("2024-01-03", periods=6, freq="7D")
    ax = drift(field(10, 6).assign(date=lambda f: dates[f["round"] - 1]), step="date")
    assert [t.get_text() for t in ax.get_xticklabels()][:2] == ["2024-01-03", "2024-01-10"]
