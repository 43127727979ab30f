"""Charts of standings and their history: ranking drift, distributions, bridge boards, what-if.

Every function takes long-format frames, keyword-only options and ``ax=None``, draws on `ax` (or
on a new figure of its own when `ax` is None) and returns the Axes. Nothing here uses pyplot's
global state: a new figure is a plain :class:`matplotlib.figure.Figure` that pyplot does not track,
so calling a chart function in a loop never accumulates open figures, and nothing pops up. In
Jupyter, a chart call as the last line of a cell shows the chart (so does ``ax.figure``); save it
with ``ax.figure.savefig("chart.png")``. To place a chart in your own layout, pass ``ax=``.

- :mod:`~tourneystats.plot.history`: :func:`drift`, the bump chart of a history;
- :mod:`~tourneystats.plot.distributions`: :func:`distribution`;
- :mod:`~tourneystats.plot.bridge`: :func:`board_spread`, :func:`pair_boards`;
- :mod:`~tourneystats.plot.whatif`: :func:`compare` (places under two rule sets, drawn by
  :mod:`~tourneystats.plot.slope`) and :func:`decisive` (the criteria that decided places);
- :mod:`~tourneystats.plot.labels`: the end labels of lines, laid out when a figure is drawn;
- :mod:`~tourneystats.plot.fonts`: the fonts' fallback chain (CJK fonts found at run time) and
  the names rewritten where no installed font has their letters;
- :mod:`~tourneystats.plot.style`: the figure, styling and helpers they share.

Examples
--------
>>> import pandas as pd
>>> hist = pd.DataFrame({"round": [1, 1, 2, 2], "player": ["Ann", "Bo", "Ann", "Bo"],
...                      "rank": [1, 2, 2, 1]})
>>> ax = drift(hist)
>>> ax.get_xlabel(), ax.get_ylabel(), bool(ax.yaxis_inverted())
('round', 'place', True)
"""

from .bridge import NS_MP, NS_PERCENTAGE, board_spread, pair_boards
from .distributions import distribution
from .history import (
    DEFAULT_TOP,
    ENTITY_COLUMNS,
    LOG_PLACES,
    PLACE_COLUMNS,
    STEP_COLUMNS,
    VALUE_COLUMNS,
    drift,
)
from .style import DPI, FIGSIZE, ChartAxes, ChartFigure, TitleNote
from .whatif import compare, decisive

__all__ = [
    "DEFAULT_TOP",
    "DPI",
    "ENTITY_COLUMNS",
    "FIGSIZE",
    "LOG_PLACES",
    "NS_MP",
    "NS_PERCENTAGE",
    "PLACE_COLUMNS",
    "STEP_COLUMNS",
    "VALUE_COLUMNS",
    "ChartAxes",
    "ChartFigure",
    "TitleNote",
    "board_spread",
    "compare",
    "decisive",
    "distribution",
    "drift",
    "pair_boards",
]


def __dir__() -> list[str]:  # dir() lists the public names only
    return sorted(__all__)
