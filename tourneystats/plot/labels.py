"""Labels at the ends of a chart's lines, laid out when the figure is drawn so that none overlap.

Where the labels go depends on the Axes' size on the page, known only once the figure is laid
out (a title of two lines, a grid of charts, a saved size): :class:`EndLabels` places them each
time the figure is laid out or drawn, in screen units.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import numpy as np
from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.backend_bases import RendererBase
from matplotlib.text import Annotation, Text
from matplotlib.transforms import Bbox

from .style import _LABEL_SIZE, _spread, renderer_of, root_figure

#: how far right of its line's end a label starts, in points: alone, and in a spread column
OFFSET_PT = 7.0
FAN_PT = 16.0
#: the height a label takes in a column, in units of its font size
LINE_SPACING = 1.3


class EndLabels(Artist):
    """Lays out the end labels of an Axes' lines (each an :class:`~matplotlib.text.Annotation`
    in ``ax.texts``) whenever the figure is laid out or drawn; draws nothing itself.

    Each label starts just right of its line's last point. Labels whose texts would share some
    width (those ending at one step, or at nearby steps with long names) form one column,
    spread apart vertically inside the Axes (keeping each cluster centred where it can); a
    moved label stands a little further off, joined to its point by a thin line.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.plot import drift
    >>> ax = drift(pd.DataFrame({"round": [1, 2, 1, 2], "player": ["Ann", "Ann", "Bo", "Bo"],
    ...                          "rank": [2, 1, 1, 2]}))
    >>> [type(a).__name__ for a in ax.artists if isinstance(a, EndLabels)]
    ['EndLabels']
    """

    def __init__(self, ax: Axes) -> None:
        super().__init__()
        self._ax = ax
        self._labels: list[Annotation] = []
        self.set_zorder(-1)  # laid out before the labels are drawn
        self.set_clip_on(False)

    def add(self, x: float, y: float, text: str, colour: Any, **kwargs: Any) -> Annotation:
        """A label for the point (x, y) in data coordinates; placed at the next layout."""
        label = self._ax.annotate(
            text,
            xy=(x, y),
            xytext=(0.0, 0.0),
            textcoords="figure pixels",
            fontsize=_LABEL_SIZE,
            color=colour,
            fontweight="bold",
            va="center",
            ha="left",
            annotation_clip=False,
            arrowprops={
                "arrowstyle": "-",
                "color": colour,
                "linewidth": 0.7,
                "shrinkA": 1,
                "shrinkB": 2,
                "relpos": (0.0, 0.5),
            },
            zorder=4,
            **kwargs,
        )
        self._labels.append(label)
        return label

    def _layout(self, renderer: RendererBase) -> None:
        """Place every label (in figure pixels, from the Axes' size as now laid out)."""
        if not self._labels:
            return
        ax = self._ax
        points = np.asarray([label.xy for label in self._labels], dtype=float)
        screen = ax.transData.transform(points)
        fig = root_figure(ax)
        origin = fig.bbox.p0
        gap = float(cast(Any, renderer.points_to_pixels(_LABEL_SIZE * LINE_SPACING)))
        offset, fan = (float(cast(Any, renderer.points_to_pixels(p))) for p in (OFFSET_PT, FAN_PT))
        widths = [Text.get_window_extent(label, renderer).width for label in self._labels]
        box = ax.bbox
        placed = screen[:, 1].copy()
        moved = np.zeros(len(self._labels), dtype=bool)
        for column in label_columns(screen[:, 0], widths, fan):
            # bottom of the screen first; within a tie the later label goes lower
            column = sorted(column, key=lambda i: (screen[i, 1], -i))
            wanted = screen[column, 1]
            spread = _spread(wanted, gap, box.y0 + gap / 2, box.y1 - gap / 2)
            placed[column] = spread
            moved[column] = np.abs(spread - wanted).max() >= gap / 2
        for i, label in enumerate(self._labels):
            dx = fan if moved[i] else offset
            label.xyann = (screen[i, 0] + dx - origin[0], placed[i] - origin[1])
            joined = abs(placed[i] - screen[i, 1]) >= gap / 2
            if label.arrow_patch is not None:
                label.arrow_patch.set_visible(joined)

    def get_window_extent(self, renderer: RendererBase | None = None) -> Bbox:
        """Place the labels (a layout asks every artist for its box); an empty box."""
        if renderer is None:
            renderer = renderer_of(root_figure(self._ax))
        self._layout(renderer)
        return Bbox.null()  # takes no room of its own

    def draw(self, renderer: RendererBase) -> None:
        """Place the labels before they are drawn (this artist draws nothing itself)."""
        self._layout(renderer)
        self.stale = False


def label_columns(starts: np.ndarray, widths: Sequence[float], fan: float) -> list[list[int]]:
    """The labels that share some width, as groups of indices (in screen units).

    A label spans from its point's x (`starts`) to the right by `fan` plus its text's width;
    labels whose spans meet are one group (a sweep over the spans sorted by their start).

    Examples
    --------
    >>> label_columns(np.array([400.0, 400.0, 100.0, 300.0]), [40, 30, 40, 150], fan=20)
    [[2], [3, 0, 1]]
    """
    stops = np.asarray(starts, dtype=float) + fan + np.asarray(widths, dtype=float)
    columns: list[list[int]] = []
    reach = -np.inf
    for i in np.argsort(starts, kind="stable").tolist():
        if starts[i] > reach:
            columns.append([])
            reach = stops[i]
        columns[-1].append(i)
        reach = max(reach, stops[i])
    return columns
