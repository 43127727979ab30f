"""What-if charts: the places of one event under two rule sets, and the criteria that decide places.

Both read the tables of :mod:`tourneystats.whatif`: :func:`compare` a comparison table (one row
per event, player and rule set), :func:`decisive` any standings with a ``decided_by`` column.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import matplotlib
import numpy as np
import pandas as pd
from matplotlib import ticker
from matplotlib.axes import Axes

from ..core.schema import DECIDED_BY, RULES, TIED
from ..core.whatif import decisive as decisive_counts
from .fonts import readable, use_fonts
from .slope import compare
from .style import _axes, _column_text, _fit_title, _group_ticks, _tick_text, _tidy

__all__ = ["compare", "decisive"]

#: the colour of "tied" in the decisive-criteria bars (the others: tab10, in the table's order)
_TIED = "#bdbdbd"


# --- decisive criteria ---------------------------------------------------------------------------


def decisive(
    standings: pd.DataFrame,
    *,
    by: str | Sequence[str] | None = None,
    top: int | None = None,
    title: str | None = None,
    ax: Axes | None = None,
) -> Axes:
    """Which criteria decided the places: one stacked bar per season (rule set, event, ...).

    Each bar splits the places of its group by the criterion that separated each player from
    the next (:func:`tourneystats.whatif.decisive`), in the ranking's order, ``tied`` last in
    grey; segments of 4 % or more are labelled with their share.

    Parameters
    ----------
    standings : pandas.DataFrame
        Standings with a ``decided_by`` column (cards, league; any table given one with
        :func:`tourneystats.core.ranking.decided_by`), or a comparison table (one bar per rule
        set, and per `by` value).
    by : str or sequence of str, optional
        One bar per value of these columns (``"season"``, ``"event"``).
    top : int, optional
        Count only the places `top` or better (``top=8``: what decided the places of the top 8).
    title : str, optional
        Default: ``"What decided the places"`` (with the top counted).
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure when None.

    Returns
    -------
    matplotlib.axes.Axes
        One bar container per criterion (``ax.containers``, labelled with the criterion, in
        the legend's order); the x tick labels are the groups.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.plot import decisive
    >>> st = pd.DataFrame({"season": ["S1"] * 3 + ["S2"] * 3, "event": ["A", "A", "A", "B", "B", "B"],
    ...                    "player": list("uvwxyz"), "rank": [1, 2, 2, 1, 2, 3],
    ...                    "PTS": [2, 1, 1, 3, 2, 1], "decided_by": ["PTS", "tied", None, "PTS", "PTS", None]})
    >>> ax = decisive(st, by="season")
    """
    counts = decisive_counts(standings, by=by, top=top)
    groups = [c for c in counts.columns if c not in (DECIDED_BY, "places", "share")]
    if groups:
        shares = counts.pivot_table(
            index=groups, columns=DECIDED_BY, values="share", observed=True, sort=False
        )
    else:
        shares = counts.set_index(DECIDED_BY)[["share"]].T
    shares = shares.reindex(columns=list(counts[DECIDED_BY].cat.categories)).fillna(0.0)
    shares = shares.loc[:, (shares > 0).any()]
    names = [_group_text(i) for i in shares.index] if groups else ["all"]
    longest = min(max(len(t) for t in names), 28)  # slanted below the first bar: its room
    ax = _axes(ax, (max(6.0, min(14.0, 0.6 * len(shares) + 4.0 + 0.06 * longest)), 4.8))
    x = np.arange(len(shares), dtype=float)
    bottom = np.zeros(len(shares))
    colours = _criterion_colours(list(shares.columns))
    for criterion in shares.columns:
        values = 100 * shares[criterion].to_numpy()
        bars = ax.bar(
            x,
            values,
            bottom=bottom,
            width=0.7,
            color=colours[criterion],
            label=str(criterion),
            edgecolor="white",
            linewidth=0.6,
        )
        texts = [f"{v:.0f}%" if v >= 4 else "" for v in values]
        ink = "#333333" if criterion == TIED else "white"
        ax.bar_label(bars, labels=texts, label_type="center", fontsize=7.5, color=ink)
        bottom += values
    _group_ticks(ax, x, names)
    ax.set_ylim(0, 100)
    ax.yaxis.set_major_formatter(ticker.PercentFormatter())
    ax.set_ylabel("places decided")
    ax.set_xlim(-0.6, len(shares) - 0.4)
    handles, labels = ax.get_legend_handles_labels()
    ax.legend(
        handles,
        [_column_text(label) for label in labels],  # "match points", not match_points
        title="decided by",
        frameon=False,
        loc="upper left",
        bbox_to_anchor=(1.0, 1.0),
        reverse=True,
        fontsize="small",
    )
    if title is None:
        title = _decisive_title(counts, groups, top)
    _fit_title(ax, title)
    _tidy(ax)
    use_fonts(ax)
    return ax


def _decisive_title(counts: pd.DataFrame, groups: list[str], top: int | None) -> str:
    """ "What decided the places", with the places behind each bar (never a sum over rule sets:
    they rank the same players)."""
    within = f" of the top {top}" if top else ""
    title = f"What decided the places{within}"
    if not groups:
        return f"{title} ({int(counts['places'].sum()):,} places)"
    per_bar = counts.groupby(groups, observed=True, sort=False)["places"].sum()
    if RULES in groups and len(groups) == 1:  # the same players under each rule set
        return f"{title} under {len(per_bar)} rule sets ({int(per_bar.iloc[0]):,} places each)"
    low, high = int(per_bar.min()), int(per_bar.max())
    size = f"{low:,} places each" if low == high else f"{low:,} to {high:,} places each"
    return f"{title}, by {' and '.join(groups)} ({size})"


def _criterion_colours(criteria: list[str]) -> dict[str, object]:
    """A colour per criterion, in order (``tied`` grey)."""
    palette = cast(Any, matplotlib.colormaps["tab10"]).colors  # a ListedColormap: a list
    palette = [c for i, c in enumerate(palette) if i != 7]  # tab10's grey is for "tied"
    out: dict[str, object] = {}
    for criterion in criteria:
        out[criterion] = _TIED if criterion == TIED else palette[len(out) % len(palette)]
    return out


def _group_text(value: object) -> str:
    if isinstance(value, tuple):
        return readable(" · ".join(_tick_text(v) for v in value))
    return readable(_tick_text(value))
