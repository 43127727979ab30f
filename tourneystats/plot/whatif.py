"""What-if charts: the places of one event under two rule sets, and the criteria that decide places.

Both read the tables of :mod:`tourneystats.whatif`: :func:`compare` a comparison table (one row
per event, player and rule set), :func:`decisive` any standings with a ``decided_by`` column.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, cast

import matplotlib
import numpy as np
import pandas as pd
from matplotlib import ticker
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ..core.people import select
from ..core.schema import DECIDED_BY, EVENT, RANK, RULES, TIED
from ..core.whatif import decisive as decisive_counts
from ..core.whatif import layout
from .style import (
    _BACKGROUND,
    _LABEL_SIZE,
    _axes,
    _bare_number,
    _column_text,
    _place_ticks,
    _require,
    _select,
    _single,
    _spread,
    _tick_text,
    _tidy,
)

#: the most players a slope chart draws whole; a larger event shows its movers and top N
_ALL_DRAWN = 24
#: the top places a slope chart of a larger event always shows
DEFAULT_TOP = 10
#: colours of a better and of a worse place under the second rule set
_BETTER, _WORSE = "#1b7837", "#c2410c"
#: the colour of "tied" in the decisive-criteria bars (the others: tab10, in the table's order)
_TIED = "#bdbdbd"


# --- slope chart of places under two rule sets ---------------------------------------------------


def compare(
    table: pd.DataFrame,
    a: str | None = None,
    b: str | None = None,
    *,
    event: Hashable | None = None,
    top: int | None = None,
    cut: int | None = None,
    players: Sequence[Hashable] | None = None,
    label: str | None = None,
    title: str | None = None,
    ax: Axes | None = None,
) -> Axes:
    """A slope chart of one event's places under two rule sets.

    Each player (pair) is a line from his place under `a` (left) to his place under `b`
    (right), place 1 at the top. The players whose place changed are drawn in colour (green:
    a better place under `b`, orange: a worse one) and named at both ends with their place; the
    others are thin grey lines. An event of more than 24 players shows the players who moved and
    the top `top` (default 10) only; the title says how many kept their place, and how many of
    them are not drawn. Every player drawn is named when at most 40 are drawn (else the movers).

    Parameters
    ----------
    table : pandas.DataFrame
        A comparison table (a family's ``compare``).
    a, b : str, optional
        The two rule sets (labels of the ``rules`` column). Default: the first two.
    event : hashable, optional
        The event to draw, when the table holds several (matched as given or as text). Other
        group columns (a bridge section or line, a league or season) must hold one value:
        filter the table first.
    top : int, optional
        The top places always drawn (players placed `top` or better under either rule set),
        with every player who moved. Default: every player of an event of up to 24, else 10.
    cut : int, optional
        Draw the cut line below place `cut` (``cut=8``: who makes the top 8).
    players : sequence, optional
        Players (pairs) always drawn and named, whether they moved or not: ids or names
        (``core.people.select``; a name two players share is refused).
    label : str, optional
        Column holding display names (``name`` or ``names`` if present, else the player id).
    title : str, optional
        Default: ``"<event>: <a> → <b>"`` over ``"<n> of <m> places changed; <k> kept
        theirs"`` (with how many of those are not drawn).
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure when None.

    Returns
    -------
    matplotlib.axes.Axes
        One :class:`~matplotlib.lines.Line2D` per player whose place changed (labelled with his
        display name, best under `a` first), the others as one grey collection; the names as
        ``ax.texts``.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.plot import compare
    >>> t = pd.DataFrame({"event": "E", "player": ["Ann", "Bo", "Cy"] * 2,
    ...                   "rules": pd.Categorical(["old"] * 3 + ["new"] * 3, ["old", "new"]),
    ...                   "rank": [1, 2, 3, 2, 1, 3]})
    >>> ax = compare(t)
    """
    frame, a, b, groups, entity = _two_rule_sets(table, a, b, event)
    places = frame.pivot_table(
        index=entity, columns=RULES, values=RANK, aggfunc="first", observed=True
    ).reindex(columns=[a, b])
    places = places.dropna(how="all")
    if places.empty:
        raise ValueError("compare: no player to draw")
    everyone = len(places)
    changed = (places[a] != places[b]) & places[a].notna() & places[b].notna()
    chosen = places.index.isin(select(frame, list(players), entity=entity) if players else [])
    if top is None and everyone > _ALL_DRAWN:
        top = DEFAULT_TOP
    if top is not None:  # the top places, every move and the players asked for
        keep = (places[a] <= top) | (places[b] <= top) | changed | chosen
        places, chosen = places[keep], chosen[keep.to_numpy()]
    hidden = everyone - len(places)
    keys = [places[c].to_numpy(dtype=float, na_value=np.nan) for c in (b, a)]
    order = np.lexsort(keys)
    places, chosen = places.iloc[order], chosen[order]  # best under `a` first
    names = _names(frame, places.index, entity, label)
    left = places[a].to_numpy(dtype=float, na_value=np.nan)
    right = places[b].to_numpy(dtype=float, na_value=np.nan)
    moved = (left != right) & ~np.isnan(left) & ~np.isnan(right)  # unranked: not a move

    named = moved | chosen | (len(names) <= 40)
    if top is not None:
        named |= (left <= top) | (right <= top)
    rows = max(int(named.sum()), len(places) // 3)  # the labels need room, the lines less
    ax = _axes(ax, (8.0, max(4.5, min(24.0, 0.19 * rows + 2.5))))
    # with players left out, the places drawn are stacked closer, a gap where places are left out
    where_y = _stacked(left, right) if hidden else (lambda v: v)
    yl, yr = where_y(left), where_y(right)
    _slopes(ax, yl, yr, moved, names)
    worst = float(np.nanmax(np.r_[left, right]))
    lowest = float(np.nanmax(np.r_[yl, yr]))
    after = hidden and worst < everyone  # places below the last one drawn, left out
    ax.set_ylim(lowest + (1.7 if after else 0.7), 0.3)
    if hidden:  # the names carry their places; the axis would mislead
        ax.set_yticks([])
        ax.set_ylabel("place (after each name)")
        _gaps(ax, left, right, where_y, everyone)
    else:
        ax.yaxis.set_major_locator(ticker.FixedLocator(_place_ticks(worst)))
        ax.set_ylabel("place")
    ax.set_xlim(-0.62, 1.62)
    ax.set_xticks([0, 1], [str(a), str(b)])
    ax.tick_params(axis="x", length=0, labelsize="medium")
    if cut is not None and cut < worst:
        y = float(where_y(np.array([cut + 0.5]))[0])
        ax.hlines(y, -0.62, 1.62, color="#555555", linestyle="--", linewidth=0.9, zorder=0)
        ax.annotate(f"top {cut}", xy=(1.6, y), ha="right", va="bottom", fontsize=8, color="#555555")
    _slope_labels(ax, left, right, moved, names, named, (yl, yr))
    if title is None:
        where = ", ".join(str(frame[c].iloc[0]) for c in groups)
        kept = everyone - int(changed.sum())
        title = f"{where + ': ' if where else ''}{a} → {b}\n"
        title += f"{int(changed.sum())} of {everyone} places changed; {kept} kept theirs"
        if hidden:
            title += f" ({hidden} of them not drawn, below the top {top})"
    ax.set_title(title, loc="left", fontsize="large", linespacing=1.5)
    _tidy(ax)
    ax.spines["bottom"].set_visible(False)
    ax.grid(False)
    return ax


def _two_rule_sets(
    table: pd.DataFrame, a: str | None, b: str | None, event: Hashable | None
) -> tuple[pd.DataFrame, str, str, list[str], str]:
    """The rows of the two rule sets in the chosen event; the labels, groups and entity."""
    _require(table, [RULES, RANK], "compare")
    groups, entity = layout(table)
    labels = (
        list(table[RULES].cat.categories)
        if isinstance(table[RULES].dtype, pd.CategoricalDtype)
        else list(pd.unique(table[RULES]))
    )
    if a is None or b is None:
        rest = [x for x in labels if x not in (a, b)]
        a, b = a if a is not None else rest.pop(0), b if b is not None else rest.pop(0)
    for given in (a, b):
        if given not in labels:
            raise ValueError(f"compare: no rule set {given!r}; the table has {labels}")
    frame = table.loc[table[RULES].isin([a, b]).to_numpy()]
    if EVENT in groups:
        frame = _select(frame, EVENT, event)
    for column in groups:
        hint = "choose one with event=..." if column == EVENT else None
        _single(frame, column, "compare", hint=hint or f"filter the table to one {column} first")
    return frame, a, b, groups, entity


def _names(frame: pd.DataFrame, ids: pd.Index, entity: str, label: str | None) -> list[str]:
    """Display names: the `label` column's (``name`` or ``names`` by default), else the ids
    ("pair 7")."""
    if label is None:  # the names a source gives (a pair's two players), else the ids
        label = next((c for c in ("name", "names") if c in frame.columns), None)
    if label is not None:
        _require(frame, [label], "compare")
        first = frame.groupby(entity, observed=True, sort=False)[label].first()
        return [str(first.get(i, i)) for i in ids]
    return [f"{entity} {i}" if _bare_number(i) else str(i) for i in ids]  # "player 7"


def _slopes(
    ax: Axes, left: np.ndarray, right: np.ndarray, moved: np.ndarray, names: list[str]
) -> None:
    """The grey lines of the unchanged places (one collection), then one line per move."""
    from matplotlib.collections import LineCollection

    still = ~moved
    if still.any():
        segments = [((0.0, y0), (1.0, y1)) for y0, y1 in zip(left[still], right[still])]
        ax.add_collection(
            LineCollection(segments, colors=_BACKGROUND, linewidths=1.0, zorder=1),
            autolim=False,
        )
    for i in np.flatnonzero(moved):
        colour = _BETTER if right[i] < left[i] else _WORSE
        ax.plot(
            [0, 1],
            [left[i], right[i]],
            color=colour,
            linewidth=1.8,
            marker="o",
            markersize=3.5,
            label=names[i],
            zorder=3,
            solid_capstyle="round",
        )


def _stacked(left: np.ndarray, right: np.ndarray) -> Any:
    """Where each place drawn goes when some are left out: the places drawn one under the other,
    with one blank row where places are left out (a function of the places)."""
    drawn = np.unique(np.r_[left, right][np.isfinite(np.r_[left, right])])
    steps = 1.0 + (np.diff(drawn) > 1)  # one more row above a place after a gap
    rows = np.r_[drawn[:1], drawn[:1] + np.cumsum(steps)] if drawn.size else drawn
    return lambda places: np.interp(places, drawn, rows) if drawn.size else places


def _gaps(ax: Axes, left: np.ndarray, right: np.ndarray, where_y: Any, everyone: int) -> None:
    """A note in every gap of the places drawn, and below the last: which places (kept, not
    drawn) it stands for."""
    drawn = np.unique(np.r_[left, right][np.isfinite(np.r_[left, right])])
    bottom = float(where_y(drawn[-1:])[0]) + 1.0 if drawn.size else 1.0
    ends = [*zip(drawn[:-1], drawn[1:]), (drawn[-1], everyone + 1.0)] if drawn.size else []
    for low, high in ends:
        if high - low > 1:
            first, last = int(low) + 1, int(high) - 1
            text = f"place {first}" if first == last else f"places {first}-{last}"
            y = float(where_y(np.array([(low + high) / 2]))[0]) if high <= drawn[-1] else bottom
            ax.annotate(f"⋮ {text}: kept, not drawn", xy=(0.5, y), ha="center", va="center",
                        fontsize=7.5, color="#8a8a8a", fontstyle="italic")  # fmt: skip


def _slope_labels(
    ax: Axes,
    left: np.ndarray,
    right: np.ndarray,
    moved: np.ndarray,
    names: list[str],
    shown: np.ndarray,
    at: tuple[np.ndarray, np.ndarray] | None = None,
) -> None:
    """Names with their places at both ends, spread so that none overlap: the moved players
    in their colour, the others (`shown`: the top places, or all when few) in grey."""
    bottom, top = ax.get_ylim()
    height_pt = cast(Figure, ax.figure).get_figheight() * 72 * ax.get_position().height * 0.9
    gap = abs(bottom - top) * (_LABEL_SIZE * 1.25) / max(height_pt, 1.0)
    heights = at if at is not None else (left, right)
    for side, places, x, ha in ((0, left, -0.04, "right"), (1, right, 1.04, "left")):
        ys = heights[side]
        rows = np.flatnonzero(shown & ~np.isnan(places))
        rows = rows[np.lexsort((rows, places[rows]))]  # top of the chart first
        wanted = ys[rows]
        spread = _spread(wanted, gap, top + gap / 2, bottom - gap / 2)
        for i, y in zip(rows, spread):
            place = _tick_text(places[i])
            text = f"{names[i]}  {place}" if side == 0 else f"{place}  {names[i]}"
            colour = "#8a8a8a" if not moved[i] else (_BETTER if right[i] < left[i] else _WORSE)
            link = {"arrowstyle": "-", "color": colour, "linewidth": 0.5, "shrinkA": 1}
            ax.annotate(
                text,
                xy=(side + (-0.02 if side == 0 else 0.02), ys[i]),
                xytext=(x, y),
                textcoords="data",
                ha=ha,
                va="center",
                fontsize=_LABEL_SIZE,
                color=colour,
                fontweight="bold" if moved[i] else "normal",
                arrowprops=None if abs(y - ys[i]) < gap / 2 else link,
                annotation_clip=False,
            )


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
    ax = _axes(ax, (max(6.0, min(12.0, 0.6 * len(shares) + 4.0)), 4.8))
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
    ax.set_xticks(x, [_group_text(i) for i in shares.index] if groups else ["all"])
    longest = max(len(t.get_text()) for t in ax.get_xticklabels())
    if longest * len(shares) > 40 or (len(shares) > 5 and longest > 4):
        for tick in ax.get_xticklabels():
            tick.set(rotation=30, ha="right", rotation_mode="anchor")
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
    ax.set_title(title, loc="left", fontsize="large")
    _tidy(ax)
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
        return " · ".join(_tick_text(v) for v in value)
    return _tick_text(value)
