"""What-if analysis: how the standings change under other rules, and what decided each place.

Every family compares the same results under several rule sets in one call, all events at once:

- :func:`tourneystats.cards.compare`: presets (``mtg``, ``melee``, ``pokemon``, ...), your own
  :class:`~tourneystats.cards.Rules` or fields changed from a preset;
- :func:`tourneystats.chess.compare`: unplayed-game rule sets
  (``adjusted``, ``fide2009``, ``fide2024``, ``fide2026``) and tie-break orders;
- :func:`tourneystats.bridge.compare`: scoring methods (matchpoints,
  Butler, cross-IMPs) and their options (``scale``, Butler's ``drop``, ...);
- :func:`tourneystats.league.compare`: start weights K and their modes.

Each returns one long *comparison table*, one row per event, player (pair) and rule set, with
the place under that rule set, what decided it (``decided_by``) and the values behind it (see
:mod:`tourneystats.core.whatif`). Then:

- :func:`summary`: per event and pair of rule sets, how many places changed, the largest move,
  Kendall's tau-b, whether the winner, the podium or the cut changed;
- :func:`decisive`: how often each criterion decided a place (per season, per rule set, in the
  top 8, ...); :func:`tie_depth`: how many players shared the points of each position;
- :func:`tourneystats.plot.compare` (a slope chart of the places under two rule sets) and
  :func:`tourneystats.plot.decisive` (the decisive criteria as bars).

:func:`compare` calls the family's compare by name (what ``df.tourney.compare(family=...)`` and
``tourneystats compare`` use).

Examples
--------
>>> from tourneystats import synth, whatif
>>> results, _ = synth.chess_swiss(20, 16, 5, seed=1)  # 20 events of 16 players, 5 rounds
>>> from tourneystats import chess
>>> table = chess.compare(results, rules=["fide2024:BH/C1+SB", "fide2024:SB+BH/C1"])
>>> changed = whatif.summary(table)  # one row per event
>>> int(changed["places_changed"].sum()), int(changed["podium_changed"].sum())
(88, 6)
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

import pandas as pd

from .core.whatif import RuleSpec, decisive, kendall_tau, summary, tie_depth

__all__ = [
    "RuleSpec",
    "compare",
    "decisive",
    "kendall_tau",
    "summary",
    "tie_depth",
]


def __dir__() -> list[str]:  # dir() lists the public names only
    return sorted(__all__)


#: family -> (module, function) of its compare
COMPARE_FUNCTIONS = {
    "cards": ("tourneystats.cards", "compare"),
    "chess": ("tourneystats.chess", "compare"),
    "bridge": ("tourneystats.bridge", "compare"),
    "league": ("tourneystats.league", "compare"),
}


def compare(
    results: pd.DataFrame, *, family: str, rules: Sequence[Any], **options: Any
) -> pd.DataFrame:
    """The comparison table of a family's results under several rule sets.

    Forwards to ``cards.compare``, ``chess.compare``, ``bridge.compare`` or
    ``league.compare``, with `rules` and the options.

    Parameters
    ----------
    results : pandas.DataFrame
        The family's results, as its ``compare`` takes them.
    family : {"cards", "chess", "bridge", "league"}
        The rule family.
    rules : sequence
        The rule sets, as the family's ``compare`` takes them.
    **options
        The family's other options (``players=``, ``tiebreaks=``, ...).

    Returns
    -------
    pandas.DataFrame
        The comparison table: one row per event, player (pair) and rule set.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.whatif import compare
    >>> compare(pd.DataFrame(), family="poker", rules=["a"])
    Traceback (most recent call last):
    ...
    ValueError: unknown family 'poker'; expected one of 'cards', 'chess', 'bridge', 'league'
    """
    if family not in COMPARE_FUNCTIONS:
        known = ", ".join(map(repr, COMPARE_FUNCTIONS))
        raise ValueError(f"unknown family {family!r}; expected one of {known}")
    module, name = COMPARE_FUNCTIONS[family]
    return getattr(importlib.import_module(module), name)(results, rules=rules, **options)
