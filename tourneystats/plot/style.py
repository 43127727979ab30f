"""The charts' shared pieces: the pyplot-free figure, light styling, column checks, ticks, labels.

Every chart draws on the Axes it is given, or on a new :class:`ChartFigure` (a figure pyplot does
not track) when it is given none; styling touches that Axes only, never the global rcParams.
"""

from __future__ import annotations

import io
import re
from collections.abc import Hashable, Sequence
from typing import Any, cast

import matplotlib
import numpy as np
import pandas as pd
from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.backend_bases import RendererBase
from matplotlib.figure import Figure
from matplotlib.text import Text
from matplotlib.transforms import Bbox, IdentityTransform

from ..core.schema import DATE, shortened

#: size (inches) and resolution of a figure a chart creates itself
FIGSIZE = (9.0, 5.5)
DPI = 110

_HIGHLIGHT = "tab10"
_BACKGROUND = "#c8c8c8"
#: the grey of many background lines, drawn see-through (darker where many pass)
_BACKGROUND_MANY = "#909090"
_LABEL_SIZE = 8.5


class ChartFigure(Figure):
    """The figure a chart creates when no `ax` is given: not tracked by pyplot.

    Jupyter shows it as a PNG (``ax.figure`` as the last line of a cell), whatever the session's
    backend; elsewhere it is a plain :class:`~matplotlib.figure.Figure`.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.plot import ChartFigure
    >>> from tourneystats.plot import drift
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
    >>> import pandas as pd
    >>> from tourneystats.plot import drift
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


class TitleNote(Artist):
    """A small grey note at the top right of an Axes that never overlaps its left title.

    It sits on the title's (last) line, right-aligned with the Axes, when the title leaves room
    for it; else on a line of its own just above the title. The place is worked out each time the
    figure is laid out or drawn, from the title as it then is (any length, any number of lines,
    set before or after the note), so it holds for any figure size or ``ax.set_title`` call.
    The note is in ``ax.artists`` (not ``ax.texts``, which holds a chart's labels).

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.plot import TitleNote
    >>> from tourneystats.plot import drift
    >>> ax = drift(pd.DataFrame({"round": [1, 2], "player": "Ann", "rank": [2, 1]}))
    >>> [a.get_text() for a in ax.artists if isinstance(a, TitleNote)]
    ['(n) after a name: final place']
    """

    #: space between the title and the note, in points
    GAP = 8.0

    def __init__(self, ax: Axes, text: str, **kwargs: Any) -> None:
        super().__init__()
        self._ax = ax
        self._text = Text(
            0, 0, text, fontsize="small", color="#555555", ha="right", va="baseline", **kwargs
        )
        self._text.set_transform(IdentityTransform())  # placed in display pixels
        self.set_zorder(self._text.get_zorder())
        self.set_clip_on(False)

    def get_text(self) -> str:
        """The note's words."""
        return self._text.get_text()

    def set_figure(self, fig: Any) -> None:
        """Draw on `fig` (the note's words too)."""
        super().set_figure(fig)
        self._text.set_figure(fig)

    def _place(self, renderer: RendererBase) -> None:
        """Right-aligned with the Axes on the title's (last) line, or above the title when
        the title (any of its lines) reaches into the note's room, :attr:`GAP` points apart."""
        ax, text = self._ax, self._text
        title: Text = cast(Any, ax)._left_title  # the Text behind ax.set_title(loc="left")
        x = ax.bbox.x1
        text.set_position((x, 0.0))
        width = text.get_window_extent(renderer).width
        points = float(cast(Any, renderer.points_to_pixels(self.GAP)))
        baseline = title.get_transform().transform(title.get_position())[1]
        if not title.get_text() or not title.get_visible():
            text.set(position=(x, baseline), va="baseline")
            return
        box = title.get_window_extent(renderer)
        if box.x1 + points <= x - width:
            text.set(position=(x, baseline), va="baseline")
        else:
            text.set(position=(x, box.y1 + points / 4), va="bottom")

    def get_window_extent(self, renderer: RendererBase | None = None) -> Bbox:
        """The note's box in display pixels, placed for the title as it is now."""
        if renderer is None:
            renderer = renderer_of(root_figure(self))
        self._place(renderer)
        return self._text.get_window_extent(renderer)

    def draw(self, renderer: RendererBase) -> None:
        """Place the note for the title as it is now, and draw it."""
        if not self.get_visible():
            return
        self._place(renderer)
        self._text.draw(renderer)
        self.stale = False


def _title_note(ax: Axes, text: str) -> TitleNote:
    """Write `text` as the Axes' :class:`TitleNote`, replacing an earlier one."""
    for old in [a for a in ax.artists if isinstance(a, TitleNote)]:
        old.remove()
    note = TitleNote(ax, text)
    ax.add_artist(note)
    return note


def _fit_title(ax: Axes, title: str, **kwargs: Any) -> Text:
    """Set `title` as the Axes' left title, broken into lines that fit its width.

    The room is from the Axes' left edge to its right edge, or to the figure's right edge for
    the rightmost Axes of a figure. Lines break after spaces, else (a long name without
    spaces) after hyphens, underscores or slashes; :func:`_unwrap_title` joins them back.
    The title's own line breaks are kept.

    Examples
    --------
    >>> from tourneystats.plot import drift
    >>> ax = drift(pd.DataFrame({"round": [1, 2], "player": "Ann", "rank": [2, 1]}))
    >>> long = "Place after each round — " + "-".join(["regional-championship"] * 6)
    >>> text = _fit_title(ax, long).get_text()
    >>> len(text.splitlines()), _unwrap_title(text) == long
    (2, True)
    """
    fig = root_figure(ax)
    box = ax.get_position()
    rightmost = box.x1 >= max(a.get_position().x1 for a in fig.axes) - 1e-9
    right = fig.bbox.x1 if rightmost else box.x1 * fig.bbox.width
    room = right - box.x0 * fig.bbox.width - 10
    from .fonts import font_family, readable

    title = readable(title)
    probe = Text(0, 0, "", **{"fontsize": "large", "fontfamily": list(font_family()), **kwargs})
    probe.set_figure(fig)
    canvas = fig.canvas
    renderer = canvas.get_renderer() if hasattr(canvas, "get_renderer") else _agg(fig)

    def width(text: str) -> float:
        probe.set_text(text)
        return probe.get_window_extent(renderer).width

    lines = []
    for given in title.splitlines() or [""]:
        lines += _break_line(given, room, width)
    text = ax.set_title("\n".join(lines), loc="left", **{"fontsize": "large", **kwargs})
    text.set_fontfamily(list(font_family()))
    return text


def root_figure(artist: Artist) -> Figure:
    """The figure `artist` is drawn on (the top one, where subfigures nest it), with the
    matplotlib versions before and after ``Artist.get_figure(root=...)`` (3.10)."""
    fig: Any = artist.figure
    while fig is not None and not isinstance(fig, Figure):  # a SubFigure: its parent's
        fig = getattr(fig, "figure", None) if fig.figure is not fig else None
    return cast(Figure, fig)


def renderer_of(fig: Figure) -> RendererBase:
    """The renderer of `fig`'s canvas where it has one (Agg, the inline backend), else an
    off-screen Agg renderer at the figure's resolution."""
    get = getattr(fig.canvas, "get_renderer", None)
    return cast(RendererBase, get()) if callable(get) else _agg(fig)


def _agg(fig: Figure) -> RendererBase:
    from matplotlib.backends.backend_agg import RendererAgg

    return RendererAgg(1, 1, fig.dpi)


def _break_line(line: str, room: float, width: Any) -> list[str]:
    """`line` as lines no wider than `room` (by `width`): greedily, after spaces where they
    suffice, else also after ``-``, ``_`` and ``/``, else (one very long word) anywhere."""
    if width(line) <= room:
        return [line]
    for pattern in (r"(?<= )", r"(?<=[ \-_/])", r"(?<=.)"):
        tokens = [t for t in re.split(pattern, line) if t]
        out = [""]
        for token in tokens:
            if out[-1] and width((out[-1] + token).rstrip()) > room:
                out.append("")
            out[-1] += token
        out = [o.rstrip() for o in out]
        if all(width(o) <= room for o in out):
            break
    return out


def _unwrap_title(text: str) -> str:
    """A title as written before :func:`_fit_title` broke it: breaks after a hyphen,
    underscore or slash joined without a space, others with one."""
    return re.sub(r"(?<=[-_/])\n", "", text).replace("\n", " ")


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
    found: list[Hashable]
    unknown: list[Hashable]
    found, unknown = [], []
    for w in wanted:
        hit = exact.get(w, as_text.get(str(w)))
        (unknown if hit is None else found).append(w if hit is None else hit)
    if unknown:
        shown = shortened(map(repr, uniques[:8].tolist()), len(uniques))
        raise ValueError(f"unknown {role}(s) {', '.join(map(repr, unknown))}; known: {shown}")
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
        shown = shortened(map(repr, values[:8].tolist()), len(values))
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


def _bare_number(value: object) -> bool:
    return str(value).replace(".", "", 1).isdigit()


#: how a chart names a column of the standings (its title and axis): a raw column name is not a
#: title; a column not listed is shown as it is named
COLUMN_TEXT = {
    "rank": "place",
    "place": "place",
    "ranking": "league ranking",
    "percentage": "percentage",
    "omwp": "OMW% (opponents' match-win %)",
    "gwp": "GW% (game-win %)",
    "ogwp": "OGW% (opponents' game-win %)",
    "mwp": "MW% (match-win %)",
    "match_points": "match points",
    "PTS": "points",
    "BH": "Buchholz (BH)",
    "BH/C1": "Buchholz cut 1 (BH/C1)",
    "SB": "Sonneborn-Berger (SB)",
    "ARO": "average rating of opponents (ARO)",
}


def _column_text(column: str) -> str:
    """The words a chart uses for a column (:data:`COLUMN_TEXT`), else its name."""
    return COLUMN_TEXT.get(column, column)


def _tick_text(value: object) -> str:
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
    out: list[float] | np.ndarray
    out = []
    for _, count, centre in blocks:
        out.extend(centre + (np.arange(count) - (count - 1) / 2) * gap)
    out = np.asarray(out)
    k = np.arange(out.size)
    out = np.minimum(out, hi - (out.size - 1 - k) * gap)  # push the top ones down
    return np.maximum(out, lo + k * gap)  # and the bottom ones up


def _value_text(value: float) -> str:
    """A value as an end label shows it: whole numbers without decimals, else 4 digits."""
    if not np.isfinite(value):
        return "–"
    return str(int(value)) if float(value).is_integer() else f"{value:.4g}"


#: markers and line styles of the highlighted lines beyond the first ten (one per ten lines)
_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
_DASHES = ("-", (0, (5, 1.5)), (0, (1.2, 1.2)), (0, (5, 1.5, 1.2, 1.5)))


def _palette(n: int) -> list[tuple[tuple, str, Any]]:
    """A (colour, marker, line style) for each of `n` highlighted lines, no two the same: the
    ten colours of tab10 (its grey, which reads as the background, made a near-black); each
    next ten lines with the next marker and line style, so that lines of one colour differ in
    both (a reader without colour tells every line apart by its marker, style and label).

    Examples
    --------
    >>> styles = _palette(25)
    >>> len(set(styles)), len({c for c, _, _ in styles}), styles[0][1:], styles[10][1:]
    (25, 10, ('o', '-'), ('s', (0, (5, 1.5))))
    """
    colours = _colours(_HIGHLIGHT) + [(0.15, 0.15, 0.15)]
    return [
        (colours[i % 10], _MARKERS[(i // 10) % len(_MARKERS)], _DASHES[(i // 10) % len(_DASHES)])
        for i in range(n)
    ]


def _colours(name: str) -> list:
    """The colours of a listed colormap, greys (equal red, green and blue) left out."""
    colours = cast(Any, matplotlib.colormaps[name]).colors  # a ListedColormap: a list
    return [c for c in colours if not np.allclose(c[0], c[1:3])]


#: the longest group name written whole under a bar or box (longer ones end in an ellipsis)
_TICK_CHARS = 28


def _group_ticks(ax: Axes, positions: np.ndarray, texts: Sequence[str]) -> None:
    """Name the groups under their bars (boxes): long names shortened with an ellipsis, slanted
    when they would crowd, and only every k-th named when even slanted they would touch.

    Examples
    --------
    >>> from tourneystats.plot import ChartFigure
    >>> ax = ChartFigure(figsize=(6, 4)).add_subplot()
    >>> _group_ticks(ax, np.arange(60.0), [f"event-{i:03d}-of-a-long-season-name" for i in range(60)])
    >>> len(ax.get_xticks()) < 60, ax.get_xticklabels()[0].get_text()
    (True, 'event-000-of-a-long-season…')
    """
    short = [t if len(t) <= _TICK_CHARS else t[: _TICK_CHARS - 2].rstrip() + "…" for t in texts]
    longest = max((len(t) for t in short), default=0)
    slanted = longest * len(short) > 40 or (len(short) > 5 and longest > 4)
    fig = root_figure(ax)
    width_chars = 72 * fig.get_figwidth() * ax.get_position().width / 6.5  # characters
    need = 2.2 if slanted else longest + 2  # slanted at 30°: a line's height and some apart
    every = max(1, int(np.ceil(len(short) * need / width_chars)))
    ax.set_xticks(np.asarray(positions)[::every], short[::every])
    if slanted:
        for tick in ax.get_xticklabels():
            tick.set(rotation=30, ha="right", rotation_mode="anchor")


def _place_ticks(worst: float) -> list[float]:
    """1 and round multiples up to `worst`: at most about 14 ticks."""
    worst = int(np.ceil(worst))
    step = next(k for k in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000) if worst / k <= 14)
    if step == 1:
        return list(range(1, worst + 1))
    return [1, *range(step, worst + 1, step)]
