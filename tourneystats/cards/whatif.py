"""What-if: the same card-game results ranked under several rule sets (presets or your own).

The results are validated once; each rule set then computes its standings from the prepared
results. See :mod:`tourneystats.core.whatif` for the comparison table and its summaries.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields, replace
from typing import Any

import pandas as pd

from ..core.people import with_people
from ..core.schema import EVENT, PLAYER, rule_key
from ..core.whatif import RuleSpec, rule_specs, stack
from .prepare import _prepare
from .rules import Rules, get_rules
from .tables import _check_pooling, _standings

#: the fields of :class:`Rules` a mapping may set (besides ``rules``, the base, and ``label``)
_FIELDS = frozenset(f.name for f in fields(Rules))


def _label(value: Any) -> str:
    return f"{value:.4g}" if isinstance(value, float) else str(value)


def _parse(item: Any) -> RuleSpec:
    """One card-game rule set: a preset name, a :class:`Rules`, a ``(label, rules)`` pair or a
    mapping of :class:`Rules` fields over a base (``{"rules": "mtg", "floor": 0.25}``)."""
    if isinstance(item, str | Rules):
        rules = get_rules(item)  # (a name as :func:`~tourneystats.core.schema.rule_key` reads it)
        return RuleSpec(rule_key(item) if isinstance(item, str) else rules.name, {"rules": rules})
    if isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str):
        return RuleSpec(item[0], {"rules": get_rules(item[1])})
    if isinstance(item, Mapping):
        changes = {k: v for k, v in item.items() if k != "rules"}
        unknown = sorted(set(changes) - _FIELDS)
        if unknown:
            raise ValueError(f"cards compare: unknown Rules field(s) {unknown}")
        base = get_rules(item.get("rules", "mtg"))
        label = " ".join([base.name, *(f"{k}={_label(v)}" for k, v in changes.items())])
        return RuleSpec(label, {"rules": replace(base, **changes)})
    raise TypeError(
        "cards compare: a rule set is a preset name, a Rules, a (label, rules) pair or a "
        f"mapping of Rules fields; got {item!r}"
    )


def compare(
    results: pd.DataFrame,
    *,
    rules: Sequence[str | Rules | tuple[str, str | Rules] | Mapping[str, Any]],
    by: str | None = None,
    within: str | None = None,
    players: pd.DataFrame | None = None,
) -> pd.DataFrame:
    """The standings of every event under several card-game rule sets, as one long table.

    Parameters
    ----------
    results : pandas.DataFrame
        Match-level or game-level results of any number of events, as
        :func:`~tourneystats.cards.standings` takes them (validated once for every rule set).
    rules : sequence
        The rule sets, each one of: a preset name (``"mtg"``, ``"melee"``, ``"pokemon"``, ...;
        labelled by its name), a :class:`~tourneystats.cards.Rules` (labelled by its
        ``name``), a ``(label, preset or Rules)`` pair, or a mapping of
        :class:`~tourneystats.cards.Rules` fields changed from a base preset, ``{"rules":
        "mtg", "floor": 1/3}`` (base ``mtg`` by default; labelled ``"mtg floor=0.3333"``
        unless the mapping has a ``"label"``). Labels must differ.
    by, within : str, optional
        As in :func:`~tourneystats.cards.standings` (pooled seasons; ranks within a column),
        for every rule set.
    players : pandas.DataFrame, optional
        The players frame of the source (``event, player, name``, as
        :func:`~tourneystats.cards.read_tom` gives it): its ``name`` is carried into the
        table, after ``player`` (``with_people``).

    Returns
    -------
    pandas.DataFrame
        One row per event (or `by` value), player and rule set: ``event`` (or `by`),
        `within`, ``player``, ``rules`` (the label, an ordered categorical), ``rank``,
        ``decided_by``, then the values of the standings (``match_points``, ``omwp``, ...).
        Sorted by event, rule set and rank. :func:`tourneystats.whatif.summary` tells what
        changed; ``table.pivot(index=["event", "player"], columns="rules", values="rank")``
        puts the places side by side.

    Raises
    ------
    ValidationError
        As :func:`~tourneystats.cards.standings` (checked once).
    ValueError
        An unknown preset or field, no rule set, or two rule sets with one label.

    Examples
    --------
    A floor of 1/3 (melee.gg) instead of 0.33 swaps the 2nd and the 3rd of this event (their
    opponents' match-win % tie, and the game-win % decides):

    >>> from tourneystats.cards import compare
    >>> from tourneystats import synth
    >>> results = synth.cards_season(1, 6, 3, seed=8)  # 6 players, 3 rounds
    >>> table = compare(results, rules=["mtg", {"label": "floor 1/3", "floor": 1 / 3}])
    >>> table.pivot(index="player", columns="rules", values="rank").T
    player     1  2  3  4  5  6
    rules
    mtg        1  3  2  4  5  6
    floor 1/3  1  2  3  4  5  6
    >>> table.loc[table["player"].isin([2, 3]), ["rules", "player", "rank", "decided_by", "omwp"]]
           rules  player  rank    decided_by      omwp
    1        mtg       3     2          omwp  0.555556
    2        mtg       2     3  match_points  0.554444
    7  floor 1/3       2     2           gwp  0.555556
    8  floor 1/3       3     3  match_points  0.555556
    """
    specs = rule_specs(rules, _parse, what="cards")
    for spec in specs:
        _check_pooling(spec.options["rules"], by, within)
    m = _prepare(results)
    tables = [_standings(m, spec.options["rules"], by, within) for spec in specs]
    groups = [by or EVENT, *([within] if within is not None else [])]
    tables = [with_people(t, players) for t in tables]
    return stack(tables, [s.label for s in specs], groups=groups, entity=PLAYER)
