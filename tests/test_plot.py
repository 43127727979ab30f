"""Charts: rendered headless (Agg) and checked through their artists."""

import io
import struct
from pathlib import Path

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection
from matplotlib.text import Text

from tourneystats.plot import board_spread, distribution, drift, pair_boards
from tourneystats.plot.style import _spread

DATA = Path(__file__).parent / "data"

matplotlib.use("Agg")

# --- history frames shaped like each family's ------------------------------------------------


def cards_history():
    """Two events; E2: three rounds of four players (ranks per round written by hand)."""
    ranks = {  # player -> rank after rounds 1, 2, 3
        "Ann": [1, 1, 2],
        "Bo": [2, 3, 1],
        "Cy": [3, 2, 3],
        "Di": [4, 4, 4],
    }
    rows = [
        {"event": "E2", "round": r + 1, "player": p, "rank": rk[r], "match_points": 3 * (4 - rk[r])}
        for p, rk in ranks.items()
        for r in range(3)
    ]
    rows += [{"event": "E1", "round": 1, "player": "Zed", "rank": 1, "match_points": 3}]
    return pd.DataFrame(rows)


def chess_history():
    return pd.DataFrame(
        {
            "event": "open",
            "round": [1, 1, 1, 2, 2, 2],
            "player": [1, 2, 3, 1, 2, 3],  # start ranks
            "name": ["Anna", "Ben", "Carl"] * 2,
            "rank": [1, 2, 3, 2, 1, 3],
            "PTS": [1.0, 0.5, 0.0, 1.5, 2.0, 0.0],
        }
    )


def bridge_history():
    return pd.DataFrame(
        {
            "event": ["jan", "jan", "jan", "feb", "feb", "feb", "mar", "mar"],
            "pair": [1, 2, 3, 1, 2, 3, 1, 3],
            "rank": [1, 2, 3, 2, 1, 3, 1, 2],
            "percentage": [60.0, 50.0, 40.0, 52.0, 55.0, 43.0, 56.0, 44.0],
        }
    )


def league_history():
    # evenings deliberately out of order: the chart orders them by date
    return pd.DataFrame(
        {
            "tournament": ["B", "B", "B", "A", "A"],
            "date": pd.to_datetime(["2024-01-17"] * 3 + ["2024-01-10"] * 2),
            "player": ["Anna", "Bo", "Åsa", "Anna", "Bo"],
            "place": [2, 1, 3, 1, 2],
            "ranking": [51.25, 57.08, 48.75, 50.0, 55.0],
        }
    )


def labels(ax):
    return [t.get_text() for t in ax.texts]


def line_data(ax):
    return {line.get_label(): np.asarray(line.get_ydata(), dtype=float) for line in ax.get_lines()}


def png_bytes(ax) -> bytes:
    buf = io.BytesIO()
    ax.figure.savefig(buf, format="png")
    return buf.getvalue()


# --- drift ---------------------------------------------------------------------------------------


def test_drift_cards_defaults_per_event():
    ax = drift(cards_history(), event="E2")
    assert ax.get_xlabel() == "round" and ax.get_ylabel() == "place"  # one word for a place
    assert ax.yaxis_inverted()
    assert ax.get_title(loc="left") == "Place after each round — E2"
    data = line_data(ax)
    assert list(data) == ["Bo", "Ann", "Cy", "Di"]  # final order
    np.testing.assert_array_equal(data["Bo"], [2, 3, 1])
    np.testing.assert_array_equal(data["Di"], [4, 4, 4])
    assert labels(ax) == ["Bo (1)", "Ann (2)", "Cy (3)", "Di (4)"]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["1", "2", "3"]
    assert ax.get_ylim()[0] > ax.get_ylim()[1]  # rank 1 at the top
    assert 1 in ax.get_yticks()
    assert png_bytes(ax).startswith(b"\x89PNG")


def test_drift_refuses_several_events_without_event():
    with pytest.raises(ValueError, match=r"2 values of 'event'.*event=\.\.\."):
        drift(cards_history())
    with pytest.raises(ValueError, match="unknown event"):
        drift(cards_history(), event="E9")


def test_drift_chess_uses_names_and_start_ranks():
    ax = drift(chess_history(), event="open")
    assert labels(ax) == ["Ben (1)", "Anna (2)", "Carl (3)"]
    ax = drift(chess_history(), value="PTS", players=["1"])  # an id given as text
    assert not ax.yaxis_inverted()
    assert list(line_data(ax)) == ["Anna"]
    np.testing.assert_array_equal(line_data(ax)["Anna"], [1.0, 1.5])
    assert labels(ax) == ["Anna (1.5)"]


def test_drift_bridge_season_by_event_in_order_met():
    ax = drift(bridge_history())
    assert ax.get_xlabel() == "event"
    assert [t.get_text() for t in ax.get_xticklabels()] == ["jan", "feb", "mar"]
    data = line_data(ax)
    assert list(data) == ["pair 1", "pair 3", "pair 2"]  # pair 2 missed March: last
    np.testing.assert_array_equal(data["pair 2"], [2, 1, np.nan])
    assert labels(ax) == ["pair 1 (1)", "pair 3 (2)", "pair 2 (1)"]  # its label at its last point
    assert ax.texts[2].xy == (1, 1.0)


def test_drift_league_orders_evenings_by_date():
    ax = drift(league_history())
    assert ax.get_xlabel() == "tournament" and ax.get_ylabel() == "place"
    assert [t.get_text() for t in ax.get_xticklabels()] == ["A", "B"]
    data = line_data(ax)
    np.testing.assert_array_equal(data["Bo"], [2, 1])
    np.testing.assert_array_equal(data["Åsa"], [np.nan, 3])
    ax = drift(league_history(), value="ranking", players=2)
    assert not ax.yaxis_inverted()
    assert list(line_data(ax)) == ["Bo", "Anna"]  # best two rankings at the last evening
    assert labels(ax) == ["Bo (57.08)", "Anna (51.25)"]


def test_drift_highlights_selection_and_greys_the_rest():
    ax = drift(cards_history(), event="E2", players=["Cy", "Ann"])
    assert list(line_data(ax)) == ["Ann", "Cy"]  # final order, whatever order asked
    assert len(ax.texts) == 2
    (rest,) = [c for c in ax.collections if isinstance(c, LineCollection)]
    assert len(rest.get_segments()) == 2  # Bo and Di
    greys = {tuple(np.round(c, 3)) for c in rest.get_colors()}
    assert len(greys) == 1 and all(abs(v - (0xC8 / 255)) < 0.01 for v in list(greys)[0][:3])
    ax = drift(cards_history(), event="E2", players=2, background=False)
    assert list(line_data(ax)) == ["Bo", "Ann"]
    assert not [c for c in ax.collections if isinstance(c, LineCollection)]


def test_drift_default_highlights_the_best_ten():
    rows = [
        {"round": r, "player": f"p{i:02d}", "rank": (i + r) % 25 + 1}
        for i in range(25)
        for r in (1, 2)
    ]
    ax = drift(pd.DataFrame(rows))
    data = line_data(ax)
    assert len(data) == 10
    assert [int(v[-1]) for v in data.values()] == list(range(1, 11))


def test_drift_errors():
    hist = league_history()
    with pytest.raises(ValueError, match="unknown player"):
        drift(hist, players=["Nobody"])
    with pytest.raises(ValueError, match="appears more than once"):
        drift(pd.concat([hist, hist.head(1)]))
    with pytest.raises(ValueError, match="cannot guess the step"):
        drift(hist.drop(columns=["tournament", "date"]))
    with pytest.raises(ValueError, match="no column"):
        drift(hist, value="elo")
    with pytest.raises(ValueError, match="not numeric"):
        drift(hist.assign(place="first"))
    with pytest.raises(ValueError, match="n >= 1"):
        drift(hist, players=0)
    with pytest.raises(ValueError, match="label='nope': no column"):
        drift(hist, label="nope")
    with pytest.raises(TypeError, match="not a bool"):
        drift(hist, players=True)


def test_drift_draws_on_the_given_axes_and_leaks_no_figure():
    before = plt.get_fignums()
    fig, (left, right) = plt.subplots(1, 2)
    assert drift(league_history(), ax=right) is right
    assert len(right.get_lines()) == 3 and not left.get_lines()
    plt.close(fig)
    for _ in range(3):
        drift(league_history())
        distribution(league_history(), "ranking")
        board_spread(spread_frame(), event="club", board=5)
    assert plt.get_fignums() == before


def test_own_figure_shows_itself_in_jupyter():
    ax = drift(league_history())
    for shown in (ax, ax.figure):  # IPython's rich display calls _repr_png_
        png = shown._repr_png_()
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", png[16:24]) == (990, 605)  # 9 x 5.5 in at 110 dpi
    fig, mine = plt.subplots()
    assert drift(league_history(), ax=mine) is mine and type(mine).__name__ == "Axes"


def test_charts_leave_rcparams_and_input_unchanged():
    hist = league_history()
    saved, rc = hist.copy(), dict(matplotlib.rcParams)
    drift(hist)
    distribution(hist, "ranking", by="tournament")
    pd.testing.assert_frame_equal(hist, saved)
    assert dict(matplotlib.rcParams) == rc


def _boxes(ax):
    fig = ax.figure
    FigureCanvasAgg(fig)
    renderer = fig.canvas.get_renderer()
    fig.draw(renderer)  # runs the layout
    # the text alone (an Annotation's own extent includes its connector line)
    return [Text.get_window_extent(t, renderer) for t in ax.texts], fig.bbox


def test_end_labels_do_not_overlap_and_stay_in_the_figure():
    # 12 highlighted players, nine of them tied at the end: their labels must be spread out
    rows = [
        {"round": r, "player": f"Player {i:02d}", "rank": 1 + (i if r < 3 else min(i, 3))}
        for i in range(12)
        for r in (1, 2, 3)
    ]
    ax = drift(pd.DataFrame(rows), players=12)
    boxes, figure = _boxes(ax)
    assert len(boxes) == 12
    for i, a in enumerate(boxes):
        assert figure.x0 <= a.x0 and a.x1 <= figure.x1 and figure.y0 <= a.y0 and a.y1 <= figure.y1
        for b in boxes[i + 1 :]:
            assert not a.overlaps(b)


@given(
    wanted=st.lists(st.floats(-50, 50), min_size=1, max_size=30),
    gap=st.floats(0.1, 5),
)
def test_spread_keeps_order_gaps_and_centre(wanted, gap):
    wanted = np.sort(np.asarray(wanted))
    out = _spread(wanted, gap)
    assert np.all(np.diff(out) >= gap - 1e-9)
    # no bounds: the mean of all positions is kept (each merged block keeps its mean)
    assert abs(out.mean() - wanted.mean()) < 1e-6 * max(1.0, np.abs(wanted).max())
    # a label that did not need to move stays put
    lonely = np.r_[np.inf, np.diff(wanted)] >= 2 * gap * len(wanted)
    lonely &= np.r_[np.diff(wanted), np.inf] >= 2 * gap * len(wanted)
    np.testing.assert_allclose(out[lonely], wanted[lonely])


@given(
    wanted=st.lists(st.floats(0, 10), min_size=1, max_size=10),
    gap=st.floats(0.1, 1),
)
def test_spread_stays_inside_bounds_when_there_is_room(wanted, gap):
    wanted = np.sort(np.asarray(wanted))
    out = _spread(wanted, gap, 0.0, 10.0)
    assert out.min() >= -1e-9 and out.max() <= 10.0 + 1e-9
    assert np.all(np.diff(out) >= gap - 1e-9)


# --- distribution --------------------------------------------------------------------------------


def test_distribution_histogram():
    st_ = pd.DataFrame({"event": list("AAABB"), "omwp": [0.5, 0.62, 0.41, 0.55, np.nan]})
    ax = distribution(st_, "omwp", bins=[0.4, 0.5, 0.6, 0.7])
    assert [p.get_height() for p in ax.patches] == [1, 2, 1]  # 0.41 | 0.5, 0.55 | 0.62
    assert ax.get_xlabel() == "OMW% (opponents' match-win %)" and ax.get_ylabel() == "count"
    assert (
        ax.get_title(loc="left") == "OMW% (opponents' match-win %): 4 values (1 missing left out)"
    )
    (median,) = ax.get_lines()
    assert median.get_xdata()[0] == pytest.approx(0.525)
    assert png_bytes(ax).startswith(b"\x89PNG")


def test_distribution_by_group():
    st_ = pd.DataFrame({"round": [2, 2, 1, 1, 1], "BH": [3.0, 4.0, 1.0, 2.0, 6.0]})
    ax = distribution(st_, "BH", by="round")
    assert [t.get_text() for t in ax.get_xticklabels()] == ["1", "2"]
    medians = [line for line in ax.get_lines() if line.get_color() == "#e45756"]
    assert [m.get_ydata()[0] for m in medians] == [2.0, 3.5]
    (dots,) = ax.collections
    offsets = dots.get_offsets()
    assert sorted(offsets[:, 1].tolist()) == [1.0, 2.0, 3.0, 4.0, 6.0]
    assert np.all(np.abs(offsets[:, 0] - np.round(offsets[:, 0])) < 0.2)  # jitter around slot
    assert ax.get_xlabel() == "round" and ax.get_ylabel() == "Buchholz (BH)"
    assert ax.get_title(loc="left") == "Buchholz (BH) by round: 5 values"


def test_distribution_errors():
    with pytest.raises(ValueError, match="no column"):
        distribution(pd.DataFrame({"a": [1]}), "b")
    with pytest.raises(ValueError, match="not numeric"):
        distribution(pd.DataFrame({"a": ["x"]}), "a")


# --- bridge boards -------------------------------------------------------------------------------


def spread_frame():
    # the source text's example: nine results, matchpoint percentages worked out by hand
    scores = [110, 140, 170, 170, 620, 620, 620, 620, 650]
    pct = [0, 12.5, 31.25, 31.25, 68.75, 68.75, 68.75, 68.75, 100]
    return pd.DataFrame(
        {
            "event": "club",
            "section": "A",
            "board": 5,
            "ns_score": [*scores, np.nan],
            "ns_percentage": [*pct, 60.0],  # plus one artificial 60/40
        }
    )


def test_board_spread_draws_each_distinct_score():
    ax = board_spread(spread_frame(), event="club", board=5)
    (dots,) = ax.collections
    np.testing.assert_array_equal(
        dots.get_offsets(), [[110, 0], [140, 12.5], [170, 31.25], [620, 68.75], [650, 100]]
    )
    sizes = dots.get_sizes()
    assert sizes[3] > sizes[2] > sizes[0]  # 4 tables > 2 tables > 1 table
    assert "+620  ×4" in labels(ax) and "+650" in labels(ax)
    assert ax.get_title(loc="left") == "Board 5 — club: 10 results (1 artificial, not drawn)"
    assert ax.get_xlabel() == "NS score" and ax.get_ylabel() == "NS matchpoints (%)"
    (ew,) = ax.child_axes
    assert ew.get_ylabel() == "EW matchpoints (%)"
    assert png_bytes(ax).startswith(b"\x89PNG")


def test_board_spread_from_mp_and_top_and_section_choice():
    frame = spread_frame().drop(columns="ns_percentage")
    frame["ns_mp"] = [0, 2, 5, 5, 11, 11, 11, 11, 16, 9.6]
    frame["top"] = 16
    two = pd.concat([frame, frame.assign(section="B")])
    with pytest.raises(ValueError, match="choose one with section="):
        board_spread(two, event="club", board=5)
    ax = board_spread(two, event="club", board=5, section="B")
    np.testing.assert_allclose(ax.collections[0].get_offsets()[:, 1], [0, 12.5, 31.25, 68.75, 100])


def test_pair_boards_bars_from_fifty():
    ps = pd.DataFrame(
        {
            "event": "club",
            "pair": [3, 3, 3, 4],
            "board": [2, 1, 3, 1],
            "direction": ["EW", "NS", "EW", "NS"],
            "percentage": [50.0, 75.0, 12.5, 0.0],
        }
    )
    ax = pair_boards(ps, pair="3")
    bars = ax.patches
    assert [t.get_text() for t in ax.get_xticklabels()] == ["1", "2", "3"]
    assert [b.get_height() for b in bars] == [25.0, 0.0, -37.5]
    assert all(b.get_y() == 50.0 for b in bars)
    assert matplotlib.colors.to_hex(bars[0].get_facecolor()) == "#4c78a8"  # NS
    assert matplotlib.colors.to_hex(bars[2].get_facecolor()) == "#f58518"  # EW
    assert ax.get_title(loc="left") == "Pair 3 — club: 45.8 % over 3 boards"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [
        "sat NS",
        "sat EW",
        "mean 45.8 %",
    ]
    with pytest.raises(ValueError, match="choose one with event="):
        pair_boards(pd.concat([ps, ps.assign(event="other")]), pair=3)
    with pytest.raises(ValueError, match="unknown pair"):
        pair_boards(ps, pair=9)
    fig, axes = plt.subplots(2)
    assert pair_boards(ps, pair=4, ax=axes[1]) is axes[1]
    assert png_bytes(axes[1]).startswith(b"\x89PNG")


def test_board_spread_matchpoints_raw_results_of_a_real_session():
    from tourneystats.bridge import read_usebio

    results = read_usebio(DATA / "bridge" / "usebio-mp-pairs-howell.xml").results
    saved = results.copy()
    event = results["event"].iloc[0]
    ax = board_spread(results, event=event, board=26)
    # board 26: five real results and an artificial 50/50; the section's other boards have six
    # results, so each real result is Neuberg-scaled: M' = (M + 1) * 6 / 5 - 1 of a top of 10
    # (+170 beats none: 0.2 = 2 %; +200: 2.6; +230: 5.0; +300: 7.4; +650 beats four: 9.8)
    np.testing.assert_allclose(
        ax.collections[0].get_offsets(),
        [[170, 2.0], [200, 26.0], [230, 50.0], [300, 74.0], [650, 98.0]],
    )
    assert ax.get_title(loc="left") == f"Board 26 — {event}: 6 results (1 artificial, not drawn)"
    pd.testing.assert_frame_equal(results, saved)


def test_pair_boards_mitchell_line():
    ps = pd.DataFrame(
        {
            "event": "club",
            "line": ["NS", "NS", "EW", "EW"],
            "pair": [1, 1, 1, 1],
            "board": [1, 2, 1, 2],
            "direction": ["NS", "NS", "EW", "EW"],
            "percentage": [60.0, 70.0, 40.0, 30.0],
        }
    )
    with pytest.raises(ValueError, match="choose one with line="):
        pair_boards(ps, pair=1)
    ax = pair_boards(ps, pair=1, line="EW")
    assert [float(b.get_height()) for b in ax.patches] == [-10.0, -20.0]
    assert ax.get_title(loc="left") == "Pair 1 EW — club: 35.0 % over 2 boards"
    # the legend names the direction the pair sat in, not one it never sat in
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["sat EW", "mean 35.0 %"]
