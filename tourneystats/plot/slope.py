"""The slope chart of one event's places under two rule sets (:func:`compare`).

A large event is drawn as a sports page shows a table's movers: the top places, the players
who cross the cut, those asked for and the largest moves, one row per place drawn, names and
places at both ends; what is left out is counted in the subtitle. The figure is laid out from
the texts it holds (the widest names, the title's lines), so that none is cut or overlaps.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection
from matplotlib.text import Text

from ..core.people import select
from ..core.schema import EVENT, RANK, RULES
from ..core.whatif import layout
from .fonts import UNREADABLE, readable, use_fonts
from .style import (
    _BACKGROUND,
    _LABEL_SIZE,
    DPI,
    ChartAxes,
    ChartFigure,
    _agg,
    _bare_number,
    _break_line,
    _require,
    _select,
    _single,
    _spread,
    _tick_text,
    root_figure,
)

#: the most players a slope chart draws whole; a larger event shows the top, the cut, the
#: players asked for and the largest moves
_ALL_DRAWN = 24
#: the top places a slope chart of a larger event shows by default
DEFAULT_TOP = 10
#: the rows (places drawn, and a half row per gap) the largest moves may fill by default,
#: and the most rows a chart holds (14 inches high at the default size)
ROWS = 44
MOST_ROWS = 60
#: colours of a better and of a worse place under the second rule set
_BETTER, _WORSE = "#1b7837", "#c2410c"
#: inches: a row, the figure's width, the room of the lines between the names
_ROW_IN, _WIDTH_IN, _LINES_IN = 0.2, 8.0, 2.4
#: the longest name written whole (longer ones end in an ellipsis)
_NAME_CHARS = 28
#: points between the title and the lines (the rule sets' names stand between)
_TITLE_PAD = 22.0


@dataclass(frozen=True)
class Drawn:
    """Which players a slope chart draws, and why (the counts its subtitle gives)."""

    keep: np.ndarray  # bool per player
    top: int | None  # the top places drawn (None: everyone)
    crossing: int  # players crossing the cut
    named: int  # players asked for
    largest: int  # the largest moves drawn besides
    moves_left_out: np.ndarray  # the sizes of the moves not drawn
    largest_sizes: tuple[int, int] = (0, 0)  # the least and the largest of the moves drawn


def choose(
    left: np.ndarray,
    right: np.ndarray,
    *,
    top: int | None,
    cut: int | None,
    chosen: np.ndarray,
    moves: int | None,
) -> Drawn:
    """The players drawn: everyone of a small event; else the top `top` places (under either
    rule set), the players crossing the cut, those `chosen`, then the largest moves (the
    better places first within a size) while the rows fit :data:`ROWS` (or `moves` of them).

    Examples
    --------
    >>> left, right = np.arange(1.0, 31), np.arange(1.0, 31)
    >>> right[[19, 20, 27, 28]] = [21, 20, 29, 28]
    >>> d = choose(left, right, top=3, cut=None, chosen=np.zeros(30, bool), moves=2)
    >>> np.flatnonzero(d.keep).tolist(), d.largest, d.moves_left_out.tolist()
    ([0, 1, 2, 19, 20], 2, [1.0, 1.0])
    """
    n = len(left)
    both = ~np.isnan(left) & ~np.isnan(right)
    move = np.where(both, np.abs(right - left), 0.0)
    changed = move > 0
    if top is None and moves is None and n <= _ALL_DRAWN:
        everyone = np.ones(n, dtype=bool)
        return Drawn(everyone, None, 0, int(chosen.sum()), 0, move[:0])
    top = DEFAULT_TOP if top is None else top
    best = np.fmin(left, right)
    keep = (best <= top) | chosen
    crossing = np.zeros(n, dtype=bool)
    if cut is not None:
        crossing = changed & ((left <= cut) != (right <= cut)) & ~keep
    keep |= crossing
    candidates = np.flatnonzero(changed & ~keep)
    candidates = candidates[np.lexsort((best[candidates], -move[candidates]))]
    if moves is not None:
        take = candidates[:moves]
    else:  # as many of the largest as the rows hold
        places = set(_finite(np.r_[left[keep], right[keep]]).tolist())
        taken = []
        for i in candidates.tolist():
            more = places | {left[i], right[i]}
            if _rows(np.array(sorted(more))) > ROWS:
                break
            places = more
            taken.append(i)
        take = np.asarray(taken, dtype=np.int64)
    keep[take] = True
    out = changed & ~keep
    sizes = (int(move[take].min()), int(move[take].max())) if len(take) else (0, 0)
    return Drawn(keep, top, int(crossing.sum()), int(chosen.sum()), len(take), move[out], sizes)


def _finite(values: np.ndarray) -> np.ndarray:
    return values[np.isfinite(values)]


def _rows(places: np.ndarray) -> float:
    """The rows that sorted `places` take: one each, and half a row in each gap."""
    if not places.size:
        return 0.0
    return float(places.size + 0.5 * np.count_nonzero(np.diff(places) > 1))


def row_of(places: np.ndarray) -> Any:
    """Where each place drawn goes: the places drawn one under the other from row 1, half a
    row more where places are left out (a function of the places)."""
    drawn = np.unique(_finite(places))
    if not drawn.size:
        return lambda p: p
    steps = 1.0 + 0.5 * (np.diff(drawn) > 1)
    rows = np.r_[1.0, 1.0 + np.cumsum(steps)]
    return lambda p: np.interp(p, drawn, rows)


def compare(
    table: pd.DataFrame,
    a: str | None = None,
    b: str | None = None,
    *,
    event: Hashable | None = None,
    top: int | None = None,
    cut: int | None = None,
    players: Sequence[Hashable] | None = None,
    moves: int | None = None,
    label: str | None = None,
    title: str | None = None,
    ax: Axes | None = None,
) -> Axes:
    """A slope chart of one event's places under two rule sets.

    Each player (pair) is a line from his place under `a` (left) to his place under `b`
    (right), place 1 at the top, and is named at both ends with his place. The players whose
    place changed are drawn in colour (green: a better place under `b`, orange: a worse one),
    the others in grey. An event of up to 24 players is drawn whole. A larger one shows the
    top `top` places (default 10), the players crossing the `cut`, those named in `players`
    and the largest moves, the better places first, as many as the chart holds (about 44
    rows: a row per place drawn, half a row where places are left out); the subtitle counts
    what is drawn and what is left out. A chart of the default size is at most 14 inches high.

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
        The top places drawn (players placed `top` or better under either rule set). Default:
        every player of an event of up to 24, else 10.
    cut : int, optional
        Draw the cut line below place `cut` (``cut=8``: who makes the top 8), and every player
        who crosses it.
    players : sequence, optional
        Players (pairs) always drawn and named, whether they moved or not: ids or names
        (``core.people.select``; a name two players share is refused).
    moves : int, optional
        How many of the largest moves to draw besides the top, the cut and `players`.
        Default: as many as the chart's rows hold.
    label : str, optional
        Column holding display names (``name`` or ``names`` if present, else the player id).
    title : str, optional
        Default: ``"<event>: <a> → <b>"`` over ``"<n> of <m> places changed; <k> kept
        theirs"`` and, for a large event, what is drawn and what is left out.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure, sized to the rows drawn, when None.

    Returns
    -------
    matplotlib.axes.Axes
        One :class:`~matplotlib.lines.Line2D` per player drawn whose place changed (labelled
        with his display name, best under `a` first), the others as one grey collection; the
        names as ``ax.texts`` (left column, then right).

    Raises
    ------
    ValueError
        The players that must be drawn (the top `top`, the cut, `players`) need more than
        60 rows; or an unknown rule set, event or player.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.plot import compare
    >>> t = pd.DataFrame({"event": "E", "player": ["Ann", "Bo", "Cy"] * 2,
    ...                   "rules": pd.Categorical(["old"] * 3 + ["new"] * 3, ["old", "new"]),
    ...                   "rank": [1, 2, 3, 2, 1, 3]})
    >>> ax = compare(t)
    >>> [line.get_label() for line in ax.get_lines()]
    ['Ann', 'Bo']
    >>> [t.get_text() for t in ax.texts][:3]
    ['Ann  1', 'Bo  2', 'Cy  3']
    """
    frame, a, b, groups, entity = _two_rule_sets(table, a, b, event)
    places = frame.pivot_table(
        index=entity, columns=RULES, values=RANK, aggfunc="first", observed=True
    ).reindex(columns=[a, b])
    places = places.dropna(how="all")
    if places.empty:
        raise ValueError("compare: no player to draw")
    left = places[a].to_numpy(dtype=float, na_value=np.nan)
    right = places[b].to_numpy(dtype=float, na_value=np.nan)
    chosen = places.index.isin(select(frame, list(players), entity=entity) if players else [])
    drawn = choose(left, right, top=top, cut=cut, chosen=np.asarray(chosen), moves=moves)
    changed = ~np.isnan(left) & ~np.isnan(right) & (left != right)
    if title is None:
        where = ", ".join(str(frame[c].iloc[0]) for c in groups)
        title = f"{where + ': ' if where else ''}{a} → {b}\n" + _subtitle(
            drawn, changed, len(places), b, cut
        )
    keep = drawn.keep
    order = np.lexsort((right[keep], left[keep]))  # best under `a` first
    rows = np.flatnonzero(keep)[order]
    names = _names(frame, places.index[rows], entity, label)
    left, right, chosen = left[rows], right[rows], np.asarray(chosen)[rows]
    where_y = row_of(np.r_[left, right])
    yl, yr = where_y(left), where_y(right)
    n_rows = float(np.nanmax(np.r_[yl, yr]))
    if n_rows > MOST_ROWS:
        raise ValueError(
            f"compare: the players to draw (the top {drawn.top}, {drawn.crossing} crossing the"
            f" cut, {drawn.named} asked for) need {n_rows:g} rows; a chart holds {MOST_ROWS}:"
            " give a smaller top= or fewer players="
        )
    left_texts, right_texts = _label_texts(left, right, names)
    title = readable(title)
    if ax is None:
        ax = _slope_figure(n_rows, left_texts, right_texts, title)
    else:
        _fit_slope_title(ax, title)
    moved = ~np.isnan(left) & ~np.isnan(right) & (left != right)
    _slopes(ax, yl, yr, moved, names)
    _gap_marks(ax, np.r_[left, right], where_y, cut)
    ax.set_ylim(n_rows + 0.6, 0.4)
    ax.set_xlim(-0.03, 1.03)
    ax.set_xticks([0, 1], [str(a), str(b)])
    ax.xaxis.tick_top()
    ax.tick_params(axis="x", length=0, labelsize="medium", pad=4)
    ax.set_yticks([])
    ax.spines[:].set_visible(False)
    if cut is not None and np.nanmax(np.r_[left, right]) > cut:
        drawn = np.unique(_finite(np.r_[left, right]))
        above, below = drawn[drawn <= cut], drawn[drawn > cut]
        rows = where_y(np.r_[above[-1:], below[:1]])
        y = float(np.mean(rows)) if above.size else float(rows[0]) - 0.5  # between the rows
        ax.hlines(y, 0.0, 1.0, color="#555555", linestyle="--", linewidth=0.9, zorder=0)
        ax.annotate(f"top {cut}", xy=(0.5, y), xytext=(0, 2), textcoords="offset points",
                    ha="center", va="bottom", fontsize=7.5, color="#555555")  # fmt: skip
    _slope_labels(ax, (left, right), (yl, yr), (left_texts, right_texts), moved, chosen)
    use_fonts(ax)
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


def _subtitle(drawn: Drawn, changed: np.ndarray, everyone: int, b: str, cut: int | None) -> str:
    """What changed, what is drawn and what is left out."""
    kept = everyone - int(changed.sum())
    text = f"{int(changed.sum()):,} of {everyone:,} places changed; {kept:,} kept theirs"
    if drawn.top is None:
        return text
    parts = [f"the top {drawn.top}"]
    if drawn.crossing:
        parts.append(f"{drawn.crossing} crossing the top {cut}")
    if drawn.named:
        parts.append(f"{drawn.named} asked for")
    if drawn.largest:
        lo, hi = drawn.largest_sizes
        size = f"{lo}" if lo == hi else f"{lo}-{hi}"
        which = "the" if drawn.moves_left_out.size else "all"
        largest = "largest " if drawn.moves_left_out.size else ""
        parts.append(
            f"{which} {drawn.largest} {largest}moves ({size} place{'s' if hi > 1 else ''})"
        )
    text += ".\nDrawn: " + ", ".join(parts)
    left_out = drawn.moves_left_out
    not_drawn = everyone - int(drawn.keep.sum())
    if not_drawn:
        still = not_drawn - left_out.size
        who = " who kept their place"
        if left_out.size:
            lo, hi = int(left_out.min()), int(left_out.max())
            size = f"{lo}" if lo == hi else f"{lo}-{hi}"
            moved = f"moved {size} place{'s' if hi > 1 else ''}"
            who = (
                f" ({still:,} kept their place, {left_out.size:,} {moved})"
                if still
                else f" who {moved}"
            )
        text += f". Not drawn: {not_drawn:,} players{who}"
    if not changed.any():
        return text + "."
    return text + f".\nGreen: a better place under {b}; orange: a worse one."


def _names(frame: pd.DataFrame, ids: pd.Index, entity: str, label: str | None) -> list[str]:
    """Display names: the `label` column's (``name`` or ``names`` by default), else the ids
    ("player 7"); a name no font draws is shown by its id where that can be drawn."""
    if label is None:  # the names a source gives (a pair's two players), else the ids
        label = next((c for c in ("name", "names") if c in frame.columns), None)
    if label is not None:
        _require(frame, [label], "compare")
        first = frame.groupby(entity, observed=True, sort=False)[label].first()
        names = [str(first.get(i, i)) for i in ids]
    else:
        names = [str(i) for i in ids]
    out = []
    for i, name in zip(ids, names):
        if _bare_number(name):
            name = f"{entity} {name}"  # "player 7"
        if readable(name) == UNREADABLE and readable(str(i)) != UNREADABLE:
            name = f"{entity} {i}"
        out.append(name)
    return out


def _label_texts(
    left: np.ndarray, right: np.ndarray, names: list[str]
) -> tuple[list[str], list[str]]:
    """The texts at both ends: ``"name  place"`` on the left, ``"place  name"`` on the right;
    a long name shortened with an ellipsis, every name as the fonts can draw it."""
    short = [readable(n) for n in names]
    short = [n if len(n) <= _NAME_CHARS else n[: _NAME_CHARS - 1].rstrip() + "…" for n in short]
    lt = [f"{n}  {_tick_text(p)}" if np.isfinite(p) else "" for n, p in zip(short, left)]
    rt = [f"{_tick_text(p)}  {n}" if np.isfinite(p) else "" for n, p in zip(short, right)]
    return lt, rt


def _slope_figure(rows: float, left: list[str], right: list[str], title: str) -> Axes:
    """A figure sized to the rows and texts: names at both sides of the lines, the title's
    lines above (broken to the figure's width), the rule sets over the two columns."""
    probe = Text(0, 0, "", fontsize=_LABEL_SIZE, fontweight="bold", fontfamily=_family())
    fig = ChartFigure(figsize=(_WIDTH_IN, 4.0), dpi=DPI)
    probe.set_figure(fig)
    renderer = _agg(fig)

    def width(text: str, **kw: Any) -> float:  # inches
        probe.set(text=text, **kw)
        return probe.get_window_extent(renderer).width / fig.dpi

    pad = 0.12  # between a name and its line's end
    lw = max((width(t) for t in left), default=0.0) + pad + 0.1
    rw = max((width(t) for t in right), default=0.0) + pad + 0.1
    fig_w = max(_WIDTH_IN, lw + rw + _LINES_IN)
    probe.set(fontsize="medium", fontweight="normal")
    room = (fig_w - 0.3) * fig.dpi
    lines = [
        piece
        for given in title.splitlines()
        for piece in _break_line(given, room, lambda t: width(t) * fig.dpi)
    ]
    probe.set(text="\n".join(lines), linespacing=1.45)
    head = 0.1 + probe.get_window_extent(renderer).height / fig.dpi + _TITLE_PAD / 72
    body = rows * _ROW_IN + 0.2
    fig_h = min(14.0, head + body + 0.15)
    row_in = min(_ROW_IN, (fig_h - head - 0.15) / (rows + 0.2))
    fig.set_size_inches(fig_w, fig_h)
    ax = fig.add_axes(
        ((lw) / fig_w, 0.15 / fig_h, (fig_w - lw - rw) / fig_w, (rows + 0.2) * row_in / fig_h),
        axes_class=ChartAxes,
    )
    ax.set_title(
        "\n".join(lines),
        loc="left",
        fontsize="medium",
        linespacing=1.45,
        x=-(lw - 0.15) / (fig_w - lw - rw),
        pad=_TITLE_PAD,
    )
    return ax


def _fit_slope_title(ax: Axes, title: str) -> None:
    """The title on an Axes the caller gave, broken to the figure's width."""
    from .style import _fit_title

    _fit_title(ax, title, fontsize="medium", linespacing=1.45)


def _family() -> list[str]:
    from .fonts import font_family

    return list(font_family())


def _slopes(
    ax: Axes, left: np.ndarray, right: np.ndarray, moved: np.ndarray, names: list[str]
) -> None:
    """The grey lines of the unchanged places (one collection), then one line per move."""
    still = ~moved & ~np.isnan(left) & ~np.isnan(right)
    if still.any():
        segments = [((0.0, y0), (1.0, y1)) for y0, y1 in zip(left[still], right[still])]
        ax.add_collection(
            LineCollection(segments, colors=_BACKGROUND, linewidths=1.0, zorder=1),
            autolim=False,
        )
    for i in np.flatnonzero(moved):
        colour = _BETTER if right[i] < left[i] else _WORSE
        ax.plot([0, 1], [left[i], right[i]], color=colour, linewidth=1.8, marker="o",
                markersize=3.5, label=names[i], zorder=3, solid_capstyle="round")  # fmt: skip


def _gap_marks(ax: Axes, places: np.ndarray, where_y: Any, cut: int | None) -> None:
    """A faint dotted line across the lines where places are left out (not where the cut
    line is drawn)."""
    drawn = np.unique(_finite(places))
    for g in np.flatnonzero(np.diff(drawn) > 1).tolist():
        if cut is not None and drawn[g] <= cut < drawn[g + 1]:
            continue
        y = float(np.mean(where_y(drawn[g : g + 2])))
        ax.hlines(y, 0.0, 1.0, color="#cccccc", linestyle=(0, (1, 4)), linewidth=0.7, zorder=0)


def _slope_labels(
    ax: Axes,
    places: tuple[np.ndarray, np.ndarray],
    at: tuple[np.ndarray, np.ndarray],
    texts: tuple[list[str], list[str]],
    moved: np.ndarray,
    chosen: np.ndarray,
) -> None:
    """The names with their places at both ends, spread apart where places tie (joined to
    their point by a thin line): the moved players in their colour, the others grey (those
    asked for dark)."""
    fig = root_figure(ax)
    height_pt = fig.get_figheight() * 72 * ax.get_position().height
    bottom, top = ax.get_ylim()
    gap = abs(bottom - top) * (_LABEL_SIZE * 1.3) / max(height_pt, 1.0)
    width_pt = fig.get_figwidth() * 72 * ax.get_position().width
    dx = (ax.get_xlim()[1] - ax.get_xlim()[0]) * 8.0 / max(width_pt, 1.0)  # 8 points
    left, right = places
    for side, x, ha in ((0, -dx, "right"), (1, 1 + dx, "left")):
        ys, values = at[side], places[side]
        rows = np.flatnonzero(~np.isnan(values))
        rows = rows[np.lexsort((rows, values[rows]))]  # top of the chart first
        spread = _spread(ys[rows], gap, top + gap / 2, bottom - gap / 2)
        for i, y in zip(rows.tolist(), spread.tolist()):
            colour = (
                (_BETTER if right[i] < left[i] else _WORSE)
                if moved[i]
                else ("#333333" if chosen[i] else "#8a8a8a")
            )
            link = {"arrowstyle": "-", "color": colour, "linewidth": 0.5, "shrinkA": 1}
            ax.annotate(
                texts[side][i],
                xy=(side, ys[i]),
                xytext=(x, y),
                textcoords="data",
                ha=ha,
                va="center",
                fontsize=_LABEL_SIZE,
                color=colour,
                fontweight="bold" if moved[i] or chosen[i] else "normal",
                arrowprops=None if abs(y - ys[i]) < gap / 2 else link,
                annotation_clip=False,
            )
