"""Distributions of a tie-break, score or percentage across a season: a histogram or boxes."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
from matplotlib.axes import Axes

from ..core.schema import PAIR, PLAYER, TEAM
from .fonts import readable, use_fonts
from .style import (
    _axes,
    _column_text,
    _fit_title,
    _group_ticks,
    _require,
    _step_order,
    _tick_text,
    _tidy,
)


def distribution(
    standings: pd.DataFrame,
    column: str,
    *,
    by: str | None = None,
    bins: int | str | Sequence[float] = "auto",
    title: str | None = None,
    ax: Axes | None = None,
) -> Axes:
    """The distribution of a tie-break, score or percentage across a season.

    Without `by`, a histogram of every value with the median marked; with `by` (for example
    ``"event"``, ``"round"`` or ``"section"``), one box per group in the groups' order, with the
    individual values drawn over it.

    Parameters
    ----------
    standings : pandas.DataFrame
        Any long frame, typically standings of many events.
    column : str
        The numeric column to describe (``omwp``, ``BH/C1``, ``percentage``, ``ranking``, ...).
        Missing values are left out (and counted in the title).
    by : str, optional
        Group column: one box per group.
    bins : int, str or sequence, default "auto"
        Histogram bins, as :func:`numpy.histogram_bin_edges` takes them.
    title : str, optional
        Default: what the column is (``"OMW% (opponents' match-win %)"``), by what, and of
        whom (``"88 players × 9 rounds"``, or ``"<n> values"``).
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure when None.

    Returns
    -------
    matplotlib.axes.Axes
        The histogram's bars are ``ax.patches``; with `by`, one box per group (its tick labels
        are the group names).

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.plot import distribution
    >>> st = pd.DataFrame({"event": ["A", "A", "A", "B", "B"],
    ...                    "omwp": [0.5, 0.62, 0.41, 0.55, 0.33]})
    >>> ax = distribution(st, "omwp", bins=4)
    >>> ax = distribution(st, "omwp", by="event")
    """
    _require(standings, [column] + ([by] if by is not None else []), "distribution")
    values = pd.to_numeric(standings[column], errors="coerce")
    if values.isna().all() and standings[column].notna().any():
        raise ValueError(f"distribution: column {column!r} is not numeric")
    present = values.notna().to_numpy()
    data = values.to_numpy(dtype="float64", na_value=np.nan)[present]
    missing = int((~present).sum())
    ax = _axes(ax, (8.0, 4.8))
    if by is None:
        ax.hist(data, bins=bins, color="#4c78a8", edgecolor="white", linewidth=0.8)
        if data.size:
            median = float(np.median(data))
            ax.axvline(
                median, color="#e45756", linestyle="--", linewidth=1.5, label=f"median {median:.4g}"
            )
            ax.legend(frameon=False, loc="upper right")
        ax.set_xlabel(_column_text(column))
        ax.set_ylabel("count")
    else:
        groups = standings.loc[present, by]
        order = _step_order(standings.loc[present], by)
        codes = order.get_indexer(groups)  # type: ignore[arg-type]
        sort = np.argsort(codes, kind="stable")
        split = np.split(data[sort], np.flatnonzero(np.diff(codes[sort])) + 1)
        positions = np.arange(len(order), dtype=float)
        ax.boxplot(
            split,
            positions=positions,
            widths=0.6,
            showfliers=False,
            patch_artist=True,
            boxprops={"facecolor": "#dbe5f1", "edgecolor": "#4c78a8"},
            medianprops={"color": "#e45756", "linewidth": 1.5},
            whiskerprops={"color": "#4c78a8"},
            capprops={"color": "#4c78a8"},
        )
        jitter = np.random.default_rng(0).uniform(-0.18, 0.18, size=data.size)
        ax.scatter(
            codes[sort] + jitter,
            data[sort],
            s=9,
            color="#4c78a8",
            alpha=0.45,
            linewidths=0,
            zorder=3,
        )
        _group_ticks(ax, positions, [readable(_tick_text(g)) for g in order])
        ax.set_xlim(-0.6, len(order) - 0.4)
        ax.set_xlabel(by)
        ax.set_ylabel(_column_text(column))
    if title is None:
        title = _distribution_title(standings.loc[present], column, by, data.size)
        if missing:
            title += f" ({missing} missing left out)"
    _fit_title(ax, title)
    _tidy(ax)
    use_fonts(ax)
    return ax


def _distribution_title(frame: pd.DataFrame, column: str, by: str | None, size: int) -> str:
    """What the column is, by what, and of whom: players x groups when every player has one
    value per group, else the number of values."""
    text = _column_text(column)
    title = text[:1].upper() + text[1:] + (f" by {by}" if by else "")
    who = next((c for c in (PLAYER, PAIR, TEAM) if c in frame.columns), None)
    if who is None:
        return f"{title}: {size:,} values"
    people = int(frame[who].nunique())
    groups = int(frame[by].nunique()) if by else 1
    if by and size == people * groups:
        return f"{title}: {people:,} {who}s × {groups:,} {by}s"
    return f"{title}: {size:,} values of {people:,} {who}s"
