"""Ranking drift: the bump chart of places (or any value) after every round, session or evening."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, cast

import numpy as np
import pandas as pd
from matplotlib import ticker
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure

from ..core.people import select
from ..core.schema import (
    DATE,
    EVENT,
    LEAGUE,
    MATCH_POINTS,
    NAME,
    NAMES,
    PAIR,
    PERCENTAGE,
    PLACE,
    PLAYER,
    POINTS,
    PTS,
    RANK,
    RANKING,
    ROUND,
    SEASON,
    TEAM,
    TOURNAMENT,
)
from .fonts import use_fonts
from .labels import LINE_SPACING, EndLabels
from .style import (
    _BACKGROUND,
    _BACKGROUND_MANY,
    _LABEL_SIZE,
    _axes,
    _bare_number,
    _column_text,
    _fit_title,
    _palette,
    _pick,
    _place_ticks,
    _require,
    _select,
    _single,
    _step_order,
    _tick_text,
    _tidy,
    _title_note,
    _value_text,
)

#: columns tried, in order, when `step`, `entity` or `value` is not given
STEP_COLUMNS = (ROUND, TOURNAMENT, EVENT, DATE)
ENTITY_COLUMNS = (PLAYER, PAIR, TEAM)
VALUE_COLUMNS = (RANK, PLACE, RANKING, PERCENTAGE, PTS, MATCH_POINTS, POINTS)
#: values where 1 is best: drawn on an inverted axis
PLACE_COLUMNS = frozenset({RANK, PLACE})
#: how many entities a drift chart highlights when `players` is not given
DEFAULT_TOP = 10
#: places in a field larger than this are drawn on a log scale
LOG_PLACES = 50
#: the characters that show a line's marker in its end label
_MARKER_GLYPHS = {"o": "●", "s": "■", "^": "▲", "D": "◆", "v": "▼", "P": "✚", "X": "✖", "*": "★"}


def drift(
    history: pd.DataFrame,
    *,
    step: str | None = None,
    entity: str | None = None,
    value: str | None = None,
    players: int | Sequence[Hashable] | None = None,
    event: Hashable | None = None,
    label: str | None = None,
    invert: bool | None = None,
    background: bool = True,
    title: str | None = None,
    log_scale: bool | None = None,
    ax: Axes | None = None,
) -> Axes:
    """Ranking drift: a bump chart of each player's place (or any value) after every step.

    One line per selected player (or pair, team) across the steps (rounds, evenings, sessions),
    labelled at its end with its name and last value (labels spread apart, never overlapping);
    the other players are drawn as thin grey lines behind them, thinner and fainter the more
    there are. Places and ranks (1 = best) are drawn on an inverted axis, so the leader is at
    the top; in a field of more than :data:`LOG_PLACES`, on a log scale, so that the leaders'
    places stay apart. Dates as steps, too many to tick each, are ticked by month. What the
    number after a name means is written at the top right, beside the title or above it when
    the title is long (a :class:`~tourneystats.plot.style.TitleNote` in ``ax.artists``).

    It reads the history frame of every family as it comes:

    ==========  =====================================  ==============  ==========  =========
    family      history                                step            entity      value
    ==========  =====================================  ==============  ==========  =========
    cards       ``cards.standings_by_round``           ``round``       ``player``  ``rank``
    chess       ``chess.standings_by_round``           ``round``       ``player``  ``rank``
    bridge      ``bridge.season_history``              ``event``       ``pair``    ``rank``
    league      ``league.history``                     ``tournament``  ``player``  ``place``
    ==========  =====================================  ==============  ==========  =========

    Parameters
    ----------
    history : pandas.DataFrame
        Long format: one row per entity per step.
    step : str, optional
        The x axis. Default: the first of ``round``, ``tournament``, ``event``, ``date`` present.
        Steps are ordered by the ``date`` column when there is one (earliest date of the step),
        else numerically, by an ordered categorical's order, or as they first appear.
    entity : str, optional
        Who is drawn. Default: the first of ``player``, ``pair``, ``team`` present.
    value : str, optional
        The y axis. Default: the first of ``rank``, ``place``, ``ranking``, ``percentage``,
        ``PTS``, ``match_points``, ``points`` present; any numeric column works.
    players : int or sequence, optional
        Who is highlighted: a list of ids (matched as given or as text, so ``"12"`` finds
        player 12) or names (of the ``name`` or ``names`` column; a name two players share is
        refused, naming their ids), or ``n`` for the best ``n`` at the last step. Default: the
        best :data:`DEFAULT_TOP` (ten, everybody when there are fewer; ten lines stay apart
        by colour, and their names by place, in a field of any size), fewer on an Axes too
        short for ten labels one above the other.
    event : optional
        Which event to draw, when `history` holds several and `step` is not ``event`` (a
        per-round history of a season of Swiss events). Required in that case.
    label : str, optional
        Column holding display names (first value per entity). Default: ``name`` or ``names``
        (a pair's two players) if present, else the entity id.
    invert : bool, optional
        Draw 1 at the top. Default: True for ``rank`` and ``place``, else False; the best
        players for ``players=n`` are the lowest values when inverted, the highest otherwise.
    background : bool, default True
        Draw the players who are not highlighted as grey lines.
    title : str, optional
        Default: ``"<value> after each <step>"``, plus the event. Broken into lines where it
        is wider than the chart.
    log_scale : bool, optional
        Draw the values on a log scale. Default: places (with `invert`) of a field of more
        than :data:`LOG_PLACES` players, so that the leaders' places stay apart.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure when None.

    Returns
    -------
    matplotlib.axes.Axes
        One :class:`~matplotlib.lines.Line2D` per highlighted entity (labelled with its display
        name, in final order), one end label per line in ``ax.texts``, the grey lines as one
        :class:`~matplotlib.collections.LineCollection`, and the note on the bracketed numbers
        in ``ax.artists``.

    Raises
    ------
    ValueError
        A column is missing, an id is unknown, several events are present and `event` is not
        given, or an entity appears twice at one step.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.plot import drift
    >>> hist = pd.DataFrame({"round": [1, 1, 1, 2, 2, 2],
    ...                      "player": ["Ann", "Bo", "Cy"] * 2,
    ...                      "rank": [1, 2, 3, 2, 1, 3]})
    >>> ax = drift(hist, step="round", players=["Ann", "Bo"])
    """
    step, entity, value, label = _drift_columns(history, step, entity, value, label)
    frame, numbers = _drift_rows(history, step, entity, value, event)
    steps, cell, grid, e_code, entities = _drift_grid(frame, step, entity, numbers)
    display = _display_names(frame, e_code, entities, entity, label)
    inverted = value in PLACE_COLUMNS if invert is None else bool(invert)
    order, last_idx = _final_order(grid, cell, inverted)
    ax = _axes(ax)
    chosen = _chosen(order, players, frame, entities, entity, _label_room(ax))
    x = np.arange(len(steps), dtype=float)
    _value_axis(ax, grid, inverted, log_scale)
    if background:
        _background_lines(ax, x, grid, chosen)
    ends = _highlighted_lines(ax, x, grid, chosen, display, last_idx)
    ax.set_xlim(-0.3, len(steps) - 1 + 0.3)
    _end_labels(ax, ends)
    common = _step_axis(ax, steps)
    ax.set_xlabel(f"{step} ({common}...)" if common else step)
    log = " (log scale)" if ax.get_yscale() == "log" else ""
    ax.set_ylabel(f"{_column_text(value)}{log}")
    if title is None:
        title = _drift_title(frame, step, value)
    _fit_title(ax, title)
    _title_note(ax, _bracket_note(value, step))
    _tidy(ax)
    use_fonts(ax)
    return ax


def _drift_columns(
    history: pd.DataFrame,
    step: str | None,
    entity: str | None,
    value: str | None,
    label: str | None,
) -> tuple[str, str, str, str | None]:
    """The step, entity, value and label columns: as given, else the first default present."""
    _require(history, [], "history")
    step = _pick(history, step, STEP_COLUMNS, "step")
    entity = _pick(history, entity, ENTITY_COLUMNS, "entity")
    value = _pick(history, value, VALUE_COLUMNS, "value")
    if label is None:  # the names a source gives (a pair's two players), else the ids
        label = next((c for c in (NAME, NAMES) if c in history.columns and c != entity), None)
    else:
        _require(history, [label], f"label={label!r}")
    return step, entity, value, label


def _drift_rows(
    history: pd.DataFrame, step: str, entity: str, value: str, event: Hashable | None
) -> tuple[pd.DataFrame, pd.Series]:
    """The rows of one series (event, league, season) with a step and an entity; their values."""
    frame = history
    if step != EVENT:
        frame = _select(frame, EVENT, event)
        _single(frame, EVENT, "drift")
    for column in (LEAGUE, SEASON):
        if column != step:
            _single(frame, column, "drift", hint=f"filter the history to one {column} first")
    frame = frame.loc[frame[entity].notna().to_numpy() & frame[step].notna().to_numpy()]
    if frame.empty:
        raise ValueError("drift: the history has no rows to draw")
    numbers = pd.to_numeric(frame[value], errors="coerce")
    if numbers.isna().all() and frame[value].notna().any():
        raise ValueError(f"drift: column {value!r} is not numeric")
    return frame, numbers


def _drift_grid(
    frame: pd.DataFrame, step: str, entity: str, numbers: pd.Series
) -> tuple[pd.Index, np.ndarray, np.ndarray, np.ndarray, pd.Index]:
    """The entities x steps matrix of values; an entity twice at one step is refused.

    Returns the steps in chart order, the cell (entity x steps + step) of each row, the matrix,
    the entity code of each row and the entities.
    """
    steps = _step_order(frame, step)
    s_code = steps.get_indexer(frame[step])  # type: ignore[arg-type]
    e_code, entities = pd.factorize(frame[entity])
    n_steps, n_ent = len(steps), len(entities)
    cell = e_code.astype(np.int64) * n_steps + s_code
    if np.bincount(cell, minlength=n_ent * n_steps).max() > 1:
        dup = frame.loc[pd.Series(cell).duplicated(keep=False).to_numpy()]
        varying = [c for c in dup.columns if c not in (step, entity) and dup[c].nunique() > 1][:4]
        hint = f"; these columns vary: {', '.join(map(repr, varying))}" if varying else ""
        raise ValueError(
            f"drift: {entity} {dup[entity].iloc[0]!r} appears more than once at {step}"
            f" {dup[step].iloc[0]!r}; filter the history to one series first{hint}"
        )
    grid = np.full((n_ent, n_steps), np.nan)
    grid[e_code, s_code] = numbers.to_numpy(dtype="float64", na_value=np.nan)
    return steps, cell, grid, e_code, entities


def _display_names(
    frame: pd.DataFrame, e_code: np.ndarray, entities: pd.Index, entity: str, label: str | None
) -> np.ndarray:
    """The name each entity is shown with: its first `label`, else its id."""
    if label is not None:
        names = frame.groupby(e_code, sort=True)[label].first().reindex(range(len(entities)))
        return np.asarray([str(n) if pd.notna(n) else str(e) for n, e in zip(names, entities)])
    # bare numbers (start numbers, pair numbers) read better as "pair 7"
    return np.asarray([f"{entity} {e}" if _bare_number(e) else str(e) for e in entities])


def _final_order(
    grid: np.ndarray, cell: np.ndarray, inverted: bool
) -> tuple[np.ndarray, np.ndarray]:
    """The entities with a value, best first at the last step; the last step each has a value.

    Final order: value at the last step (missing last), then the last value seen, then the
    frame's row order at that step (its display order inside a tie).
    """
    n_ent, n_steps = grid.shape
    seen = ~np.isnan(grid)
    last_idx = np.where(seen.any(axis=1), n_steps - 1 - np.argmax(seen[:, ::-1], axis=1), 0)
    last_val = grid[np.arange(n_ent), last_idx]
    final = grid[:, -1]
    sign = 1.0 if inverted else -1.0
    row_of_cell = np.zeros(n_ent * n_steps, dtype=np.int64)
    row_of_cell[cell] = np.arange(cell.size)
    shown_order = row_of_cell[np.arange(n_ent) * n_steps + last_idx]  # the frame's own order
    order = np.lexsort(
        (
            shown_order,
            np.nan_to_num(sign * last_val, nan=np.inf),
            np.nan_to_num(sign * final, nan=np.inf),
            np.isnan(final),
        )
    )
    order = order[seen.any(axis=1)[order]]  # an entity without any value is not drawn
    return order, last_idx


def _chosen(
    order: np.ndarray,
    players: int | Sequence[Hashable] | None,
    frame: pd.DataFrame,
    entities: pd.Index,
    entity: str,
    room: int = DEFAULT_TOP,
) -> np.ndarray:
    """The highlighted entities in final order: the best ten (fewer when only `room` labels
    fit), the best `players` or those named (by id or by name:
    :func:`tourneystats.core.people.select`)."""
    if players is None:
        return order[: max(1, min(len(entities), DEFAULT_TOP, room))]
    if isinstance(players, bool):
        raise TypeError(
            "drift: players= takes a number n (the best n) or a list of players, not a bool"
        )
    if isinstance(players, int | np.integer):
        if players < 1:
            raise ValueError("drift: players=n needs n >= 1")
        return order[: int(players)]
    if isinstance(players, str):
        players = [players]
    wanted = set(select(frame, list(players), entity=entity))
    return order[np.isin(order, [i for i, e in enumerate(entities) if e in wanted])]


def _label_room(ax: Axes) -> int:
    """How many end labels fit one above the other in the height of `ax` (an estimate made
    before the layout: 90% of the Axes' height, a label every 1.3 of its size)."""
    fig = cast(Figure, ax.figure)
    height_pt = fig.get_figheight() * 72 * ax.get_position().height * 0.9
    return int(height_pt // (_LABEL_SIZE * LINE_SPACING))


def _background_lines(ax: Axes, x: np.ndarray, grid: np.ndarray, chosen: np.ndarray) -> None:
    """The entities not highlighted, as thin grey lines behind the others (one collection).

    Thinner the more there are (:func:`_background_style`); beyond 30 lines each segment is
    seen through as much as the lines crowding where it runs ask (:func:`_see_through`), so
    that a thousand lines shade the field lightly instead of painting it grey. Call it once
    the value axis is set (its scale and limits).
    """
    is_chosen = np.zeros(len(grid), dtype=bool)
    is_chosen[chosen] = True
    if not (~is_chosen).any():
        return
    rest = grid[~is_chosen]
    width, alpha = _background_style(len(rest))
    if alpha == 1.0 or len(x) < 2:
        segments = np.stack([np.broadcast_to(x, rest.shape), rest], axis=-1)
        colours: Any = _BACKGROUND
    else:  # one segment per step to the next, each seen through by how crowded it runs
        xs = np.broadcast_to(x, rest.shape)
        start = np.stack([xs[:, :-1], rest[:, :-1]], axis=-1).reshape(-1, 2)
        stop = np.stack([xs[:, 1:], rest[:, 1:]], axis=-1).reshape(-1, 2)
        segments = np.stack([start, stop], axis=1)
        shown = np.isfinite(segments[:, :, 1]).all(axis=1)
        segments = segments[shown]
        alphas = _see_through(ax, rest, width)[shown]
        colours = np.tile(to_rgba(_BACKGROUND_MANY), (len(segments), 1))
        colours[:, 3] = alphas
    ax.add_collection(
        LineCollection(list(segments), colors=colours, linewidths=width, zorder=1),
        autolim=False,
    )


def _see_through(ax: Axes, values: np.ndarray, width: float) -> np.ndarray:
    """The opacity of each segment (step to step, row-major) of the lines `values` (lines x
    steps): where k lines of `width` pass through a pixel row, each is opaque enough that
    together they cover at most 18% of it (so the field is a light shade where it is dense,
    and each line is seen where few pass), at most 0.6.

    The pixel rows are those of the Axes' height on its figure, in its value scale.
    """
    scale = ax.yaxis.get_transform()
    lo, hi = sorted(scale.transform(np.asarray(ax.get_ylim(), dtype=float)))
    fig = cast(Figure, ax.figure)
    pixels = max(1, int(fig.get_figheight() * fig.dpi * ax.get_position().height))
    finite = np.isfinite(values)
    where = np.where(finite, values, float(np.nanmax(values)) if finite.any() else 1.0)
    u = (scale.transform(where.reshape(-1, 1)).reshape(values.shape) - lo) / max(hi - lo, 1e-12)
    row = np.clip((u * pixels).astype(np.int64), 0, pixels - 1)
    n_steps = values.shape[1]
    cell = row * n_steps + np.arange(n_steps)
    counts = np.bincount(cell[finite], minlength=pixels * n_steps)
    crowd = np.where(finite, counts[cell], 1)  # lines in the same pixel row at that step
    crowd = np.maximum(crowd[:, :-1], crowd[:, 1:]).ravel().astype(float)
    layers = crowd * max(width * fig.dpi / 72, 1e-3)
    return np.clip(1 - 0.82 ** (1 / layers), 0.015, 0.6)


def _background_style(count: int) -> tuple[float, float]:
    """Line width (points) and opacity of `count` background lines: 0.9 wide and opaque (light
    grey) up to 30 lines; beyond, a darker grey seen through (as light as one line alone, darker
    where many lines pass), width and opacity shrinking with the square root of the count, to
    0.35 wide and 0.12 opaque from about 600 lines.

    Examples
    --------
    >>> [tuple(round(v, 2) for v in _background_style(n)) for n in (10, 30, 31, 120, 1000)]
    [(0.9, 1.0), (0.9, 1.0), (0.9, 0.49), (0.6, 0.25), (0.35, 0.12)]
    """
    if count <= 30:
        return 0.9, 1.0
    scale = float(np.sqrt(30 / count))
    return max(0.35, min(0.9, 1.2 * scale)), max(0.12, 0.5 * scale)


def _highlighted_lines(
    ax: Axes,
    x: np.ndarray,
    grid: np.ndarray,
    chosen: np.ndarray,
    display: np.ndarray,
    last_idx: np.ndarray,
) -> list[tuple[int, float, str, tuple]]:
    """One coloured line per highlighted entity; their end labels (step, y, text, colour)."""
    styles = _palette(len(chosen))
    every = max(1, int(np.ceil(len(x) / 15)))  # at most about 15 markers a line
    ends = []
    for (colour, marker, dashes), i in zip(styles, chosen):
        y = grid[i]
        ax.plot(
            x,
            y,
            color=colour,
            linewidth=1.8,
            linestyle=dashes,
            marker=marker,
            markersize=4,
            markevery=np.unique(np.r_[np.arange(0, len(x), every), len(x) - 1]).tolist(),
            label=display[i],
            zorder=3,
            solid_capstyle="round",
        )
        j = int(last_idx[i])
        text = f"{display[i]} ({_value_text(y[j])})"
        if len(chosen) > 10:  # the line's marker before its name: told apart without colour
            text = f"{_MARKER_GLYPHS[marker]} {text}"
        ends.append((j, y[j], text, colour))
    return ends


def _value_axis(ax: Axes, grid: np.ndarray, inverted: bool, log_scale: bool | None) -> None:
    """The y range: places from 1 at the top, with round ticks; other values padded by 6%.

    Places in a field of more than :data:`LOG_PLACES` (or when `log_scale`) are drawn on a log
    scale (1, 2, 5, 10, 20, 50, ...), so that the race among the leaders is not squeezed into
    a sliver at the top; other positive values on a log scale when `log_scale`.
    """
    finite = grid[np.isfinite(grid)]
    lo, hi = (float(finite.min()), float(finite.max())) if finite.size else (0.0, 1.0)
    if log_scale is None:
        log_scale = inverted and lo >= 1 and hi > LOG_PLACES
    if log_scale and lo <= 0:
        raise ValueError(f"drift: log_scale=True needs positive values; the least is {lo:g}")
    if log_scale and not inverted:
        ax.set_yscale("log")
        ax.set_ylim(lo / 1.08, hi * 1.08)
    elif log_scale:
        ax.set_yscale("log")
        ax.set_ylim(hi * 1.08, min(lo, 1.0) * 0.85)
        ax.yaxis.set_major_locator(ticker.FixedLocator(_log_place_ticks(hi)))
        ax.yaxis.set_major_formatter(ticker.FuncFormatter(lambda v, _: f"{v:,.0f}"))
        ax.yaxis.set_minor_locator(ticker.NullLocator())
    elif inverted:
        ax.set_ylim(max(hi, 1.0) + 0.5, min(lo, 1.0) - 0.5)
        ax.yaxis.set_major_locator(ticker.FixedLocator(_place_ticks(max(hi, 1.0))))
    else:
        pad = (hi - lo) * 0.06 or 1.0
        ax.set_ylim(lo - pad, hi + pad)


def _log_place_ticks(worst: float) -> list[float]:
    """1, 2, 5, 10, 20, 50, ... below `worst`, and `worst` (the last place) itself.

    Examples
    --------
    >>> _log_place_ticks(940)
    [1, 2, 5, 10, 20, 50, 100, 200, 500, 940]
    """
    marks = [m * 10**k for k in range(7) for m in (1, 2, 5)]
    below = [m for m in marks if m <= worst / 1.4]
    return [*below, int(np.ceil(worst))]


def _step_axis(ax: Axes, steps: pd.Index) -> str:
    """At most about 16 step ticks, slanted when long labels would crowd; the first words every
    label shares ("Wednesday 2024-01-03", ...) are left out of the ticks and returned.

    Steps that are dates (or named by one after the shared words) and too many to tick each
    one are ticked by month instead (:func:`_month_ticks`)."""
    n_steps = len(steps)
    words = [_tick_text(s).split(" ") for s in steps]
    shared = 0
    while n_steps > 1 and all(len(w) > shared + 1 for w in words):
        if len({tuple(w[: shared + 1]) for w in words}) > 1:
            break
        shared += 1
    common = " ".join(words[0][:shared]) if shared else ""
    texts = [" ".join(w[shared:]) for w in words]
    every = max(1, int(np.ceil(n_steps / 16)))
    months = _month_ticks(texts) if every > 1 else None
    if months is not None:
        ax.set_xticks(*months)
        return common
    ticks = np.arange(0, n_steps, every)
    shown = [texts[t] for t in ticks]
    ax.set_xticks(ticks, shown)
    if max((len(t) for t in shown), default=0) > 4 and len(ticks) > 5:
        for tick in ax.get_xticklabels():
            tick.set(rotation=35, ha="right", rotation_mode="anchor")
    return common


def _month_ticks(texts: Sequence[str]) -> tuple[np.ndarray, list[str]] | None:
    r"""Ticks at the first step of every month (or every 2nd, 3rd, 6th, 12th: at most 13 ticks)
    when every step is a date (``YYYY-MM-DD``) and they span two months or more; each named by
    its month, with the year under the first tick and under each January. Else None.

    Examples
    --------
    >>> days = pd.date_range("2024-11-06", periods=20, freq="7D").strftime("%Y-%m-%d")
    >>> _month_ticks(list(days))
    (array([ 0,  4,  8, 13, 17]), ['Nov\n2024', 'Dec', 'Jan\n2025', 'Feb', 'Mar'])
    """
    dates = pd.to_datetime(pd.Series(list(texts), dtype=object), format="%Y-%m-%d", errors="coerce")
    if dates.isna().any() or (dates.max() - dates.min()).days < 60:
        return None
    month = (dates.dt.year * 12 + dates.dt.month - 1).to_numpy()
    if np.any(np.diff(month) < 0):  # not in date order: no calendar axis
        return None
    months, first = np.unique(month, return_index=True)
    every = next(k for k in (1, 2, 3, 6, 12) if len(months) / k <= 13)
    keep = (months - months[0]) % every == 0
    months, first = months[keep], first[keep]
    names = [pd.Timestamp(year=int(m // 12), month=int(m % 12) + 1, day=1) for m in months]
    labels = [
        f"{d:%b}\n{d:%Y}" if i == 0 or d.month <= every else f"{d:%b}" for i, d in enumerate(names)
    ]
    return first, labels


def _bracket_note(value: str, step: str) -> str:
    """What the number in brackets after each name is: the last place (value)."""
    what = "final place" if value in PLACE_COLUMNS else f"{value} after the last {step}"
    return f"(n) after a name: {what}"


def _drift_title(frame: pd.DataFrame, step: str, value: str) -> str:
    """``"<Value> after each <step>"``, with the league, season or event drawn (or the dates
    a season of sessions spans)."""
    text = _column_text(value)
    title = f"{text[:1].upper()}{text[1:]} after each {step}"
    where = [str(frame[c].iloc[0]) for c in (LEAGUE, SEASON, EVENT) if c != step and c in frame]
    if step in (EVENT, TOURNAMENT) and DATE in frame.columns:  # a season of sessions, evenings
        dates = pd.to_datetime(frame[DATE], errors="coerce").dropna()
        n = frame[step].nunique()
        if n > 1 and len(dates):
            where.append(f"{n} {step}s, {dates.min():%Y-%m-%d} to {dates.max():%Y-%m-%d}")
    if where:
        title += " — " + ", ".join(where)
    return title


def _end_labels(ax: Axes, ends: list[tuple[int, float, str, tuple]]) -> None:
    """Write each label right of its line's last point; :class:`~.labels.EndLabels` spreads
    them apart (in the Axes' size as laid out) each time the figure is drawn."""
    if not ends:
        return
    layout = EndLabels(ax)
    ax.add_artist(layout)  # before the labels: laid out first
    for j, y, text, colour in ends:  # in the lines' order
        layout.add(j, y, text, colour)
