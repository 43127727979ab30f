"""Charts of standings and their history: ranking drift, distributions, bridge boards.

Every function takes long-format frames, keyword-only options and ``ax=None``, draws on `ax` (or
on a new figure of its own when `ax` is None) and returns the Axes. Nothing here uses pyplot's
global state: a new figure is a plain :class:`matplotlib.figure.Figure` that pyplot does not track,
so calling a chart function in a loop never accumulates open figures, and nothing pops up. In
Jupyter, a chart call as the last line of a cell shows the chart (so does ``ax.figure``); save it
with ``ax.figure.savefig("chart.png")``. To place a chart in your own layout, pass ``ax=``.

Examples
--------
>>> import pandas as pd
>>> hist = pd.DataFrame({"round": [1, 1, 2, 2], "player": ["Ann", "Bo", "Ann", "Bo"],
...                      "rank": [1, 2, 2, 1]})
>>> ax = drift(hist)
>>> ax.get_xlabel(), ax.get_ylabel(), bool(ax.yaxis_inverted())
('round', 'rank', True)
"""

from __future__ import annotations

import io
from collections.abc import Hashable, Sequence

import matplotlib
import numpy as np
import pandas as pd
from matplotlib import ticker
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.patches import Patch

from .core.schema import (
    BOARD,
    DATE,
    DIRECTION,
    EVENT,
    LEAGUE,
    LINE,
    MATCH_POINTS,
    NAME,
    NS_SCORE,
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
    SECTION,
    TEAM,
    TOP,
    TOURNAMENT,
)

__all__ = ["board_spread", "distribution", "drift", "pair_boards"]

#: columns tried, in order, when `step`, `entity` or `value` is not given
STEP_COLUMNS = (ROUND, TOURNAMENT, EVENT, DATE)
ENTITY_COLUMNS = (PLAYER, PAIR, TEAM)
VALUE_COLUMNS = (RANK, PLACE, RANKING, PERCENTAGE, PTS, MATCH_POINTS, POINTS)
#: values where 1 is best: drawn on an inverted axis
PLACE_COLUMNS = frozenset({RANK, PLACE})
#: how many entities a drift chart highlights when `players` is not given
DEFAULT_TOP = 10
#: size (inches) and resolution of a figure a chart creates itself
FIGSIZE = (9.0, 5.5)
DPI = 110
#: bridge per-result matchpoint columns (from ``tourneystats.bridge.matchpoints``)
NS_MP = "ns_mp"
NS_PERCENTAGE = "ns_percentage"

_HIGHLIGHT = "tab10"
_HIGHLIGHT_MANY = "tab20"
_BACKGROUND = "#c8c8c8"
_LABEL_SIZE = 8.5


# --- helpers -------------------------------------------------------------------------------------


class ChartFigure(Figure):
    """The figure a chart creates when no `ax` is given: not tracked by pyplot.

    Jupyter shows it as a PNG (``ax.figure`` as the last line of a cell), whatever the session's
    backend; elsewhere it is a plain :class:`~matplotlib.figure.Figure`.

    Examples
    --------
    >>> ax = drift(pd.DataFrame({"round": [1, 2], "player": "Ann", "rank": [2, 1]}))
    >>> isinstance(ax.figure, ChartFigure), ax.figure._repr_png_()[:4]
    (True, b'\x89PNG')
    """

    def _repr_png_(self) -> bytes:
        buffer = io.BytesIO()
        self.savefig(buffer, format="png")
        return buffer.getvalue()


class ChartAxes(Axes):
    """The Axes of a :class:`ChartFigure`: a chart function's result as the last line of a
    Jupyter cell shows the chart (as ``df.plot()`` does), not just ``<Axes: ...>``.

    Examples
    --------
    >>> ax = drift(pd.DataFrame({"round": [1, 2], "player": "Ann", "rank": [2, 1]}))
    >>> type(ax).__name__, ax._repr_png_()[:4]
    ('ChartAxes', b'\x89PNG')
    """

    def _repr_png_(self) -> bytes | None:
        figure = self.figure
        return figure._repr_png_() if isinstance(figure, ChartFigure) else None


def _axes(ax: Axes | None, figsize: tuple[float, float] = FIGSIZE) -> Axes:
    """`ax`, or the Axes of a new pyplot-free figure."""
    if ax is not None:
        return ax
    fig = ChartFigure(figsize=figsize, dpi=DPI, layout="constrained")
    return fig.add_subplot(axes_class=ChartAxes)


def _tidy(ax: Axes) -> None:
    """Light styling on this Axes only (no global rcParams change)."""
    ax.spines[["top", "right"]].set_visible(False)
    ax.set_axisbelow(True)
    ax.grid(True, axis="y", color="#e6e6e6", linewidth=0.8)


def _require(frame: pd.DataFrame, columns: Sequence[str], what: str) -> None:
    if not isinstance(frame, pd.DataFrame):
        raise TypeError(f"{what}: expected a pandas DataFrame, got {type(frame).__name__}")
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        got = ", ".join(repr(str(c)) for c in frame.columns)
        raise ValueError(f"{what}: no column(s) {', '.join(map(repr, missing))}; got {got}")


def _pick(frame: pd.DataFrame, given: str | None, candidates: Sequence[str], role: str) -> str:
    if given is not None:
        _require(frame, [given], f"{role}={given!r}")
        return given
    for column in candidates:
        if column in frame.columns:
            return column
    raise ValueError(
        f"cannot guess the {role} column: none of {', '.join(map(repr, candidates))} is present;"
        f" pass {role}=..."
    )


def _lookup(values: pd.Series, wanted: Sequence[Hashable], role: str) -> list:
    """Map user-given ids (as given, or as text, e.g. ``"12"`` for 12) to the ids of `values`."""
    uniques = pd.unique(values.dropna())
    exact = {u: u for u in uniques}
    as_text = {str(u): u for u in uniques}
    found, unknown = [], []
    for w in wanted:
        hit = exact.get(w, as_text.get(str(w)))
        (unknown if hit is None else found).append(w if hit is None else hit)
    if unknown:
        shown = ", ".join(map(repr, uniques[:8].tolist()))
        raise ValueError(f"unknown {role}(s) {', '.join(map(repr, unknown))}; known: {shown}, ...")
    return found


def _select(frame: pd.DataFrame, column: str, value: Hashable | None) -> pd.DataFrame:
    """Rows where `column` equals `value` (matched as given or as text)."""
    if value is None:
        return frame
    _require(frame, [column], f"{column}={value!r}")
    (hit,) = _lookup(frame[column], [value], column)
    return frame.loc[(frame[column] == hit).to_numpy(dtype=bool, na_value=False)]


def _single(frame: pd.DataFrame, column: str, role: str, hint: str | None = None) -> None:
    """Refuse a frame holding several values of a grouping `column` the caller did not choose."""
    if column not in frame.columns:
        return
    values = pd.unique(frame[column].dropna())
    if len(values) > 1:
        shown = ", ".join(map(repr, values[:6].tolist())) + (", ..." if len(values) > 6 else "")
        raise ValueError(
            f"{role}: the frame holds {len(values)} values of {column!r} ({shown});"
            f" {hint or f'choose one with {column}=...'}"
        )


def _step_order(frame: pd.DataFrame, step: str) -> pd.Index:
    """The steps in chart order: by date when there is one, else numeric, categorical or as met."""
    values = frame[step]
    if step != DATE and DATE in frame.columns:
        first = pd.to_datetime(frame[DATE]).groupby(values, observed=True, sort=False).min()
        return first.sort_values(kind="stable").index
    if isinstance(values.dtype, pd.CategoricalDtype):
        cats = values.cat.categories
        return cats[cats.isin(values.unique())] if values.cat.ordered else pd.Index(values.unique())
    uniques = pd.Index(pd.unique(values.dropna()))
    if pd.api.types.is_numeric_dtype(uniques.dtype) or pd.api.types.is_datetime64_any_dtype(
        uniques.dtype
    ):
        return uniques.sort_values()
    return uniques


def _bare_number(value) -> bool:
    return str(value).replace(".", "", 1).isdigit()


def _tick_text(value) -> str:
    if isinstance(value, pd.Timestamp):
        return value.strftime("%Y-%m-%d")
    if isinstance(value, float | np.floating) and float(value).is_integer():
        return str(int(value))
    return str(value)


def _spread(wanted: np.ndarray, gap: float, lo: float = -np.inf, hi: float = np.inf) -> np.ndarray:
    """Move sorted positions apart to at least `gap`, keeping each cluster centred on its mean.

    Clusters of labels that would overlap are merged and laid out evenly around their mean, then
    merged again with any neighbour they now overlap (a pool-adjacent-violators pass); finally
    the labels are pushed inside ``[lo, hi]`` where there is room.
    """
    blocks: list[list[float]] = []  # [first wanted, count, centre]
    for y in wanted.tolist():
        blocks.append([y, 1, y])
        while len(blocks) > 1:
            prev, last = blocks[-2], blocks[-1]
            prev_end = prev[2] + (prev[1] - 1) * gap / 2
            last_start = last[2] - (last[1] - 1) * gap / 2
            if last_start - prev_end >= gap - 1e-12:
                break
            count = prev[1] + last[1]
            centre = (prev[2] * prev[1] + last[2] * last[1]) / count
            blocks[-2:] = [[prev[0], count, centre]]
    out = []
    for _, count, centre in blocks:
        out.extend(centre + (np.arange(count) - (count - 1) / 2) * gap)
    out = np.asarray(out)
    k = np.arange(out.size)
    out = np.minimum(out, hi - (out.size - 1 - k) * gap)  # push the top ones down
    return np.maximum(out, lo + k * gap)  # and the bottom ones up


# --- ranking drift -------------------------------------------------------------------------------


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
    ax: Axes | None = None,
) -> Axes:
    """Ranking drift: a bump chart of each player's place (or any value) after every step.

    One line per selected player (or pair, team) across the steps (rounds, evenings, sessions),
    labelled at its end with its name and last value; the other players are drawn as thin grey
    lines behind them. Places and ranks (1 = best) are drawn on an inverted axis, so the leader
    is at the top.

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
        player 12), or ``n`` for the best ``n`` at the last step. Default: everybody when there
        are at most ten, else the best ten.
    event : optional
        Which event to draw, when `history` holds several and `step` is not ``event`` (a
        per-round history of a season of Swiss events). Required in that case.
    label : str, optional
        Column holding display names (first value per entity). Default: ``name`` if present,
        else the entity id.
    invert : bool, optional
        Draw 1 at the top. Default: True for ``rank`` and ``place``, else False; the best
        players for ``players=n`` are the lowest values when inverted, the highest otherwise.
    background : bool, default True
        Draw the players who are not highlighted as grey lines.
    title : str, optional
        Default: ``"<value> after each <step>"``, plus the event.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure when None.

    Returns
    -------
    matplotlib.axes.Axes
        One :class:`~matplotlib.lines.Line2D` per highlighted entity (labelled with its display
        name, in final order), one end label per line in ``ax.texts``, and the grey lines as one
        :class:`~matplotlib.collections.LineCollection`.

    Raises
    ------
    ValueError
        A column is missing, an id is unknown, several events are present and `event` is not
        given, or an entity appears twice at one step.

    Examples
    --------
    >>> hist = pd.DataFrame({"round": [1, 1, 1, 2, 2, 2],
    ...                      "player": ["Ann", "Bo", "Cy"] * 2,
    ...                      "rank": [1, 2, 3, 2, 1, 3]})
    >>> ax = drift(hist, step="round", players=["Ann", "Bo"])
    >>> bool(ax.yaxis_inverted())
    True
    >>> [line.get_label() for line in ax.get_lines()]
    ['Bo', 'Ann']
    >>> [t.get_text() for t in ax.texts]
    ['Bo (1)', 'Ann (2)']
    """
    step, entity, value, label = _drift_columns(history, step, entity, value, label)
    frame, numbers = _drift_rows(history, step, entity, value, event)
    steps, cell, grid, e_code, entities = _drift_grid(frame, step, entity, numbers)
    display = _display_names(frame, e_code, entities, entity, label)
    inverted = value in PLACE_COLUMNS if invert is None else bool(invert)
    order, last_idx = _final_order(grid, cell, inverted)
    chosen = _chosen(order, players, frame[entity], entities, entity)

    ax = _axes(ax)
    x = np.arange(len(steps), dtype=float)
    if background:
        _background_lines(ax, x, grid, chosen)
    ends = _highlighted_lines(ax, x, grid, chosen, display, last_idx)
    _value_axis(ax, grid, inverted)
    ax.set_xlim(-0.3, len(steps) - 1 + 0.3)
    _end_labels(ax, ends)
    _step_axis(ax, steps)
    ax.set_xlabel(step)
    ax.set_ylabel(value)
    if title is None:
        title = _drift_title(frame, step, value)
    ax.set_title(title, loc="left", fontsize="large")
    _tidy(ax)
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
    if label is None and NAME in history.columns and entity != NAME:
        label = NAME
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
    s_code = steps.get_indexer(frame[step])
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
    ids: pd.Series,
    entities: pd.Index,
    entity: str,
) -> np.ndarray:
    """The highlighted entities in final order: the best ten, the best `players` or those named."""
    if players is None:
        return order[: min(len(entities), DEFAULT_TOP)]
    if isinstance(players, int | np.integer) and not isinstance(players, bool):
        if players < 1:
            raise ValueError("drift: players=n needs n >= 1")
        return order[: int(players)]
    if isinstance(players, str):
        players = [players]
    wanted = set(_lookup(ids, list(players), entity))
    return order[np.isin(order, [i for i, e in enumerate(entities) if e in wanted])]


def _background_lines(ax: Axes, x: np.ndarray, grid: np.ndarray, chosen: np.ndarray) -> None:
    """The entities not highlighted, as thin grey lines behind the others (one collection)."""
    is_chosen = np.zeros(len(grid), dtype=bool)
    is_chosen[chosen] = True
    if not (~is_chosen).any():
        return
    rest = grid[~is_chosen]
    segments = np.stack([np.broadcast_to(x, rest.shape), rest], axis=-1)
    ax.add_collection(
        LineCollection(
            list(segments),
            colors=_BACKGROUND,
            linewidths=0.9 if len(rest) <= 30 else 0.6,
            zorder=1,
        ),
        autolim=False,
    )


def _highlighted_lines(
    ax: Axes,
    x: np.ndarray,
    grid: np.ndarray,
    chosen: np.ndarray,
    display: np.ndarray,
    last_idx: np.ndarray,
) -> list[tuple[int, float, str, tuple]]:
    """One coloured line per highlighted entity; their end labels (step, y, text, colour)."""
    palette = _palette(len(chosen))
    marker = 4 if len(x) <= 30 else 0
    ends = []
    for colour, i in zip(palette, chosen):
        y = grid[i]
        ax.plot(
            x,
            y,
            color=colour,
            linewidth=2.0,
            marker="o",
            markersize=marker,
            label=display[i],
            zorder=3,
            solid_capstyle="round",
        )
        j = int(last_idx[i])
        ends.append((j, y[j], f"{display[i]} ({_value_text(y[j])})", colour))
    return ends


def _value_axis(ax: Axes, grid: np.ndarray, inverted: bool) -> None:
    """The y range: places from 1 at the top, with round ticks; other values padded by 6%."""
    finite = grid[np.isfinite(grid)]
    lo, hi = (float(finite.min()), float(finite.max())) if finite.size else (0.0, 1.0)
    if inverted:
        ax.set_ylim(max(hi, 1.0) + 0.5, min(lo, 1.0) - 0.5)
        ax.yaxis.set_major_locator(ticker.FixedLocator(_place_ticks(max(hi, 1.0))))
    else:
        pad = (hi - lo) * 0.06 or 1.0
        ax.set_ylim(lo - pad, hi + pad)


def _step_axis(ax: Axes, steps: pd.Index) -> None:
    """At most about 16 step ticks, slanted when long labels would crowd."""
    n_steps = len(steps)
    every = max(1, int(np.ceil(n_steps / 16)))
    ticks = np.arange(0, n_steps, every)
    texts = [_tick_text(s) for s in steps[ticks]]
    ax.set_xticks(ticks, texts)
    if max((len(t) for t in texts), default=0) > 4 and len(ticks) > 5:
        for tick in ax.get_xticklabels():
            tick.set(rotation=35, ha="right", rotation_mode="anchor")


def _drift_title(frame: pd.DataFrame, step: str, value: str) -> str:
    """``"<Value> after each <step>"``, with the league, season or event drawn."""
    title = f"{value[:1].upper()}{value[1:]} after each {step}"
    where = [c for c in (LEAGUE, SEASON, EVENT) if c != step and c in frame.columns]
    if where:
        title += " — " + ", ".join(str(frame[c].iloc[0]) for c in where)
    return title


def _place_ticks(worst: float) -> list[float]:
    """1 and round multiples up to `worst`: at most about 14 ticks."""
    worst = int(np.ceil(worst))
    step = next(k for k in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000) if worst / k <= 14)
    if step == 1:
        return list(range(1, worst + 1))
    return [1, *range(step, worst + 1, step)]


def _value_text(value: float) -> str:
    """A value as an end label shows it: whole numbers without decimals, else 4 digits."""
    if not np.isfinite(value):
        return "–"
    return str(int(value)) if float(value).is_integer() else f"{value:.4g}"


def _palette(n: int) -> list:
    """Distinct colours for `n` highlighted lines."""
    name = _HIGHLIGHT if n <= 10 else _HIGHLIGHT_MANY
    colours = matplotlib.colormaps[name].colors
    return [colours[i % len(colours)] for i in range(n)]


def _end_labels(ax: Axes, ends: list[tuple[int, float, str, tuple]]) -> None:
    """Write each label just right of its line's last point, spread so that none overlap."""
    if not ends:
        return
    fig = ax.figure
    bottom, top = ax.get_ylim()
    height_pt = fig.get_figheight() * 72 * ax.get_position().height * 0.9
    gap = abs(top - bottom) * (_LABEL_SIZE * 1.3) / max(height_pt, 1.0)
    direction = -1.0 if ax.yaxis_inverted() else 1.0  # spread in screen order
    lo, hi = sorted((direction * bottom, direction * top))
    # bottom of the screen first; within a tie the later in `ends` goes lower
    order = sorted(range(len(ends)), key=lambda i: (ends[i][0], direction * ends[i][1], -i))
    placed: dict[int, float] = {}
    for j in sorted({e[0] for e in ends}):
        group = [i for i in order if ends[i][0] == j]
        wanted = np.asarray([direction * ends[i][1] for i in group])
        spread = _spread(wanted, gap, lo + gap / 2, hi - gap / 2) * direction
        placed.update(zip(group, spread.tolist()))
    for i, (j, y, text, colour) in enumerate(ends):  # in the lines' order
        y_text = placed[i]
        ax.annotate(
            text,
            xy=(j, y),
            xytext=(j + 0.25, y_text),
            textcoords="data",
            fontsize=_LABEL_SIZE,
            color=colour,
            fontweight="bold",
            va="center",
            ha="left",
            annotation_clip=False,
            arrowprops=None
            if abs(y_text - y) < gap / 2
            else {
                "arrowstyle": "-",
                "color": colour,
                "linewidth": 0.6,
                "shrinkA": 1,
                "shrinkB": 2,
                "relpos": (0.0, 0.5),
            },
            zorder=4,
        )


# --- distributions -------------------------------------------------------------------------------


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
        Default: ``"<column> across <n> values"``.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure when None.

    Returns
    -------
    matplotlib.axes.Axes
        The histogram's bars are ``ax.patches``; with `by`, one box per group (its tick labels
        are the group names).

    Examples
    --------
    >>> st = pd.DataFrame({"event": ["A", "A", "A", "B", "B"],
    ...                    "omwp": [0.5, 0.62, 0.41, 0.55, 0.33]})
    >>> ax = distribution(st, "omwp", bins=4)
    >>> len(ax.patches), ax.get_xlabel()
    (4, 'omwp')
    >>> ax = distribution(st, "omwp", by="event")
    >>> [t.get_text() for t in ax.get_xticklabels()]
    ['A', 'B']
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
        ax.set_xlabel(column)
        ax.set_ylabel("count")
    else:
        groups = standings.loc[present, by]
        order = _step_order(standings.loc[present], by)
        codes = order.get_indexer(groups)
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
        labels = [_tick_text(g) for g in order]
        every = max(1, int(np.ceil(len(order) / 24)))
        ax.set_xticks(positions[::every], labels[::every])
        if max((len(t) for t in labels), default=0) > 4 and len(labels) > 5:
            for tick in ax.get_xticklabels():
                tick.set(rotation=35, ha="right", rotation_mode="anchor")
        ax.set_xlim(-0.6, len(order) - 0.4)
        ax.set_xlabel(by)
        ax.set_ylabel(column)
    if title is None:
        title = f"{column} across {data.size} values"
        if missing:
            title += f" ({missing} missing left out)"
    ax.set_title(title, loc="left", fontsize="large")
    _tidy(ax)
    return ax


# --- bridge boards -------------------------------------------------------------------------------


def _bridge():
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
    >>> mp = pd.DataFrame({"event": "club", "board": 1,
    ...                    "ns_score": [110, 140, 170, 170, 620],
    ...                    "ns_percentage": [0.0, 25.0, 62.5, 62.5, 100.0]})
    >>> ax = board_spread(mp, event="club", board=1)
    >>> ax.get_xlabel(), len(ax.collections[0].get_offsets())
    ('NS score', 4)
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
    ew = ax.secondary_yaxis("right", functions=(lambda v: 100 - v, lambda v: 100 - v))
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
    >>> ps = pd.DataFrame({"pair": [3, 3, 3], "board": [1, 2, 3],
    ...                    "direction": ["NS", "EW", "EW"],
    ...                    "percentage": [75.0, 50.0, 12.5]})
    >>> ax = pair_boards(ps, pair=3)
    >>> len(ax.patches), [t.get_text() for t in ax.get_xticklabels()]
    (3, ['1', '2', '3'])
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
    handles = []
    if side is not None:
        handles += [
            Patch(color="#4c78a8", label="sat NS"),
            Patch(color="#f58518", label="sat EW"),
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
    ax.set_title(title, loc="left", fontsize="large")
    _tidy(ax)
    return ax
