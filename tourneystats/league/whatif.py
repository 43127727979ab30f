"""What-if: one league's results ranked under several start weights (K) and modes.

The results are validated once; each rule set then computes its leaderboard from the prepared
results. See :mod:`tourneystats.core.whatif` for the comparison table and its summaries.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from ..core.schema import PLACE, PLAYER, rule_key
from ..core.whatif import RuleSpec, rule_specs, stack
from .prepare import _prepare
from .rules import LeagueRules
from .standings import _leaderboard, _through

_DEFAULT = LeagueRules()


def _label(rules: LeagueRules) -> str:
    """``K=10``, or ``K=10 constant`` for the constant mode."""
    mode = "" if rules.prior_mode == _DEFAULT.prior_mode else f" {rules.prior_mode}"
    return f"K={rules.prior_rounds}{mode}"


def _from_text(text: str) -> LeagueRules:
    """``"10"``, ``"10:constant"`` or ``"K=10 constant"``."""
    words = rule_key(text).replace("k=", "").replace(":", " ").split()
    if not words or not words[0].isdigit() or len(words) > 2:
        raise ValueError(
            f"league compare: read a rule set as K or K:MODE (e.g. 10, 5:constant); got {text!r}"
        )
    return LeagueRules(int(words[0]), *words[1:])


def _parse(item: Any) -> RuleSpec:
    """One league rule set: K (a whole number), ``"K:MODE"``, a ``(K, mode)`` pair, a
    :class:`LeagueRules` or a mapping of its fields."""
    if isinstance(item, LeagueRules):
        rules = item
    elif isinstance(item, str):
        rules = _from_text(item)
    elif isinstance(item, Mapping):
        unknown = sorted(set(item) - {"prior_rounds", "prior_mode"})
        if unknown:
            raise ValueError(f"league compare: unknown option(s) {unknown}")
        rules = LeagueRules(**item)
    elif isinstance(item, tuple):
        rules = LeagueRules(*item)
    elif isinstance(item, bool):
        raise TypeError(f"league compare: a start weight is a whole number, got {item!r}")
    else:
        rules = LeagueRules(item)
    return RuleSpec(_label(rules), {"rules": rules})


def compare(
    results: pd.DataFrame,
    *,
    rules: Sequence[int | str | tuple[int, str] | LeagueRules | Mapping[str, Any]],
    through: Any = None,
    by: str | Sequence[str] | None = None,
) -> pd.DataFrame:
    """The leaderboard of every league under several start weights, as one long table.

    Parameters
    ----------
    results : pandas.DataFrame
        As :func:`~tourneystats.league.leaderboard` takes them (validated once).
    rules : sequence
        The rule sets, each one of: a start weight K (``10``: top-up mode), a text ``"K"`` or
        ``"K:MODE"`` (``"5:constant"``), a ``(K, mode)`` pair, a
        :class:`~tourneystats.league.LeagueRules`, or a mapping ``{"prior_rounds": K,
        "prior_mode": mode}``; labelled ``"K=10"`` (top-up) or ``"K=5 constant"`` unless a
        mapping has a ``"label"``. Labels must differ.
    through, by
        As in :func:`~tourneystats.league.leaderboard`, for every rule set.

    Returns
    -------
    pandas.DataFrame
        One row per league (season), player and rule set: the group columns, ``player``,
        ``rules`` (the label, an ordered categorical), ``rank`` (the leaderboard's ``place``;
        missing for a player without a played round), ``decided_by`` (``"ranking"`` or
        ``"tied"``: only the ranking decides a place), then the leaderboard's values
        (``ranking``, ``points``, ``matches``, ...). Sorted by league, rule set and place.

    Examples
    --------
    Eva played one evening and won it 20-4: without a start weight she leads, with K=10 she is
    pulled towards 50 and Bo, who played both evenings, leads:

    >>> import pandas as pd
    >>> from tourneystats.league import compare
    >>> results = pd.DataFrame({
    ...     "tournament": ["T1"] * 4 + ["T2"] * 4, "date": ["2024-01-10"] * 4 + ["2024-01-17"] * 4,
    ...     "round": 1, "match": 1, "team": ["A", "A", "B", "B"] * 2,
    ...     "player": ["Anna", "Bo", "Cia", "Dan", "Bo", "Eva", "Anna", "Cia"],
    ...     "points": [13, 13, 11, 11, 20, 20, 4, 4], "target": 24})
    >>> table = compare(results, rules=[0, 10, "10:constant"])
    >>> table.pivot(index="player", columns="rules", values="rank")
    rules   K=0  K=10  K=10 constant
    player
    Anna      4     4              4
    Bo        2     1              1
    Cia       5     5              5
    Dan       3     3              3
    Eva       1     2              2
    """
    specs = rule_specs(rules, _parse, what="league")
    lg = _through(_prepare(results, by), through)
    tables = [_leaderboard(lg, spec.options["rules"]) for spec in specs]
    return stack(
        tables, [s.label for s in specs], groups=list(lg.groups), entity=PLAYER, rank=PLACE
    )
