"""Bridge charts: a board's matchpoint ladder and a pair's percentage on every board."""

from __future__ import annotations

from collections.abc import Hashable
from types import ModuleType
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
from matplotlib import ticker
from matplotlib.axes import Axes
from matplotlib.patches import Patch

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.artist import Artist

from ..core.schema import (
    BOARD,
    DIRECTION,
    EVENT,
    LINE,
    NS_SCORE,
    PAIR,
    PERCENTAGE,
    SECTION,
    TOP,
)
from .fonts import use_fonts
from .style import _axes, _fit_title, _require, _select, _single, _tick_text, _tidy

#: bridge per-result matchpoint columns (from ``tourneystats.bridge.matchpoints``)
NS_MP = "ns_mp"
NS_PERCENTAGE = "ns_percentage"


def _bridge() -> ModuleType:
    import importlib

    try:
        return importlib.import_module("tourneystats.bridge")
    except ModuleNotFoundError as exc:  # pragma: no cover - bridge ships with the package
        raise ValueError("the bridge family is not available") from exc


def board_spread(
    results: pd.DataFrame,
    *,
    event: Hashable,
    board: int,
    section: Hashable | None = None,
    title: str | None = None,
    ax: Axes | None = None,
) -> Axes:
    """A bridge board's result spread: each NS score against the matchpoints it earned.

    One dot per distinct NS score, sized by how many tables got it and joined in score order, so
    the matchpoint ladder of the board is visible at a glance; the right axis reads the same
    points from East-West's side. Artificial (average) scores have no NS score: they are counted
    in the title.

    Parameters
    ----------
    results : pandas.DataFrame
        Either per-result matchpoints (``tourneystats.bridge.matchpoints(results)``: columns
        ``event, board, ns_score, ns_percentage`` (or ``ns_mp`` and ``top``)), or raw traveller
        lines, which are matchpointed here (whole event, so Neuberg scaling is the session's).
    event : hashable
        The session.
    board : int
        The board number.
    section : hashable, optional
        Required when the event has several sections playing that board.
    title : str, optional
        Default: ``"Board <board> — <event>: <n> results"``.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure when None.

    Returns
    -------
    matplotlib.axes.Axes
        One scatter collection (one dot per distinct score) and one ladder line.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.plot import board_spread
    >>> mp = pd.DataFrame({"event": "club", "board": 1,
    ...                    "ns_score": [110, 140, 170, 170, 620],
    ...                    "ns_percentage": [0.0, 25.0, 62.5, 62.5, 100.0]})
    >>> ax = board_spread(mp, event="club", board=1)
    """
    _require(results, [EVENT, BOARD, NS_SCORE], "board_spread")
    frame = _select(results, EVENT, event)
    if SECTION in frame.columns:
        frame = _select(frame, SECTION, section)
    if NS_PERCENTAGE not in frame.columns and NS_MP not in frame.columns:
        frame = _bridge().matchpoints(frame)
    frame = _select(frame, BOARD, board)
    _single(frame, SECTION, "board_spread")
    if NS_PERCENTAGE in frame.columns:
        pct = pd.to_numeric(frame[NS_PERCENTAGE], errors="coerce")
    else:
        _require(frame, [TOP], "board_spread")
        pct = 100.0 * pd.to_numeric(frame[NS_MP]) / pd.to_numeric(frame[TOP])
    score = pd.to_numeric(frame[NS_SCORE], errors="coerce")
    real = score.notna().to_numpy()
    points = pd.DataFrame({"score": score[real].to_numpy(), "pct": pct[real].to_numpy()})
    spread = points.groupby("score", sort=True).agg(pct=("pct", "mean"), tables=("pct", "size"))
    artificial = int((~real).sum())

    ax = _axes(ax, (8.0, 4.8))
    x = spread.index.to_numpy(dtype="float64")
    y = spread["pct"].to_numpy(dtype="float64")
    n = spread["tables"].to_numpy()
    ax.plot(x, y, color="#9aa9bb", linewidth=1.2, zorder=2, drawstyle="default")
    ax.scatter(x, y, s=40 + 45 * (n - 1), color="#4c78a8", edgecolors="white", zorder=3)
    for xi, yi, ni in zip(x, y, n):
        ax.annotate(
            f"{xi:+g}" + (f"  ×{ni}" if ni > 1 else ""),
            xy=(xi, yi),
            xytext=(0, 9),
            textcoords="offset points",
            ha="center",
            fontsize=8,
        )
    ax.axhline(50, color="#bbbbbb", linestyle=":", linewidth=1)
    ax.set_ylim(-8, 112)
    ax.yaxis.set_major_locator(ticker.MultipleLocator(25))
    ax.set_xlabel("NS score")
    ax.set_ylabel("NS matchpoints (%)")
    ew = ax.secondary_yaxis("right", functions=(lambda v: 100 - v, lambda v: 100 - v))  # type: ignore[operator]
    ew.set_ylabel("EW matchpoints (%)")
    if x.size:
        pad = max((x.max() - x.min()) * 0.08, 30.0)
        ax.set_xlim(x.min() - pad, x.max() + pad)
    if title is None:
        title = f"Board {board} — {event}: {int(real.sum()) + artificial} results"
        if artificial:
            title += f" ({artificial} artificial, not drawn)"
    ax.set_title(title, loc="left", fontsize="large")
    _tidy(ax)
    use_fonts(ax)
    return ax


def pair_boards(
    pair_scores: pd.DataFrame,
    *,
    pair: Hashable,
    event: Hashable | None = None,
    section: Hashable | None = None,
    line: Hashable | None = None,
    title: str | None = None,
    ax: Axes | None = None,
) -> Axes:
    """A pair's percentage on every board of a session, as bars above or below 50 %.

    Parameters
    ----------
    pair_scores : pandas.DataFrame
        One row per pair per board (``tourneystats.bridge.pair_scores``): ``pair, board,
        percentage``, optional ``direction`` (bars coloured by the side the pair sat),
        ``event``, ``section``.
    pair : hashable
        The pair (matched as given or as text).
    event, section, line : hashable, optional
        Required when the frame holds several events (sections, lines) for that pair; in a
        Mitchell the pair numbers repeat on both lines, so ``line="NS"`` or ``"EW"`` says which.
    title : str, optional
        Default: ``"Pair <pair> — <event>: <mean> % over <n> boards"``.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure when None.

    Returns
    -------
    matplotlib.axes.Axes
        One bar per board (``ax.patches``), drawn from 50 %, and the pair's mean as a line.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.plot import pair_boards
    >>> ps = pd.DataFrame({"pair": [3, 3, 3], "board": [1, 2, 3],
    ...                    "direction": ["NS", "EW", "EW"],
    ...                    "percentage": [75.0, 50.0, 12.5]})
    >>> ax = pair_boards(ps, pair=3)
    """
    _require(pair_scores, [PAIR, BOARD, PERCENTAGE], "pair_boards")
    frame = _select(pair_scores, PAIR, pair)
    frame = _select(frame, EVENT, event) if event is not None else frame
    frame = _select(frame, SECTION, section) if section is not None else frame
    frame = _select(frame, LINE, line) if line is not None else frame
    for column in (EVENT, SECTION, LINE):
        _single(frame, column, "pair_boards")
    if frame[BOARD].duplicated().any():
        raise ValueError(
            f"pair_boards: pair {pair!r} has several rows for one board; filter the frame first"
        )
    frame = frame.sort_values(BOARD, kind="stable")
    pct = pd.to_numeric(frame[PERCENTAGE], errors="coerce").to_numpy(
        dtype="float64", na_value=np.nan
    )
    x = np.arange(len(frame), dtype=float)
    ax = _axes(ax, (max(6.0, min(12.0, 0.3 * len(frame) + 3)), 4.5))
    side = (
        frame[DIRECTION].astype("string").str.upper().to_numpy()
        if DIRECTION in frame.columns
        else None
    )
    colours = np.where(side == "EW", "#f58518", "#4c78a8") if side is not None else "#4c78a8"
    ax.bar(x, np.nan_to_num(pct - 50.0).tolist(), bottom=50.0, width=0.75, color=colours)
    flat = np.abs(pct - 50.0) < 0.75  # a bar too short to see: mark the board's 50 %
    if flat.any():
        ax.scatter(x[flat], np.full(flat.sum(), 50.0), marker="_", s=140, linewidths=3,
                   color=np.broadcast_to(colours, x.shape)[flat], zorder=3)  # fmt: skip
    handles: list[Artist] = []
    if side is not None:  # the directions the pair sat in (a Mitchell pair sits in one)
        handles += [
            Patch(color=colour, label=f"sat {where}")
            for where, colour in (("NS", "#4c78a8"), ("EW", "#f58518"))
            if ((side == "EW") == (where == "EW")).any()
        ]
    mean = float(np.nanmean(pct)) if np.isfinite(pct).any() else np.nan
    ax.axhline(50, color="#777777", linewidth=0.8)
    if np.isfinite(mean):
        handles.append(
            ax.axhline(
                mean, color="#e45756", linestyle="--", linewidth=1.2, label=f"mean {mean:.1f} %"
            )
        )
    ax.legend(
        handles=handles,
        frameon=False,
        loc="lower right",
        bbox_to_anchor=(1.0, 1.0),
        ncols=len(handles),
        fontsize="small",
    )
    ax.set_ylim(0, 108)
    ax.yaxis.set_major_locator(ticker.MultipleLocator(25))
    boards = [_tick_text(b) for b in frame[BOARD]]
    every = max(1, int(np.ceil(len(boards) / 36)))
    ax.set_xticks(x[::every], boards[::every])
    ax.set_xlim(-0.7, len(frame) - 0.3)
    ax.set_xlabel(BOARD)
    ax.set_ylabel(f"{PERCENTAGE} (%)")
    if title is None:
        where = frame[EVENT].iloc[0] if EVENT in frame.columns and len(frame) else None
        side = str(frame[LINE].iloc[0]) if LINE in frame.columns and len(frame) else ""
        title = f"Pair {pair}" + (f" {side}" if side in ("NS", "EW") else "")
        title += f" — {where}" if where is not None else ""
        title += f": {mean:.1f} % over {len(frame)} boards"
    fitted = _fit_title(ax, title).get_text()
    ax.set_title(fitted, loc="left", fontsize="large", pad=22)  # above the legend's row
    _tidy(ax)
    use_fonts(ax)
    return ax
