"""What-if analysis of bridge standings: the same sessions under several scorings and
conventions, in one long table (see :mod:`tourneystats.whatif` and :mod:`tourneystats.core.whatif`)."""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from ..core.people import with_people
from ..core.ranking import decided_by
from ..core.schema import DECIDED_BY, EVENT, IMPS, LINE, PAIR, PERCENTAGE, SECTION, rule_key
from ..core.whatif import RuleSpec, rule_specs, stack
from .conventions import CONVENTIONS
from .declared import SCORINGS
from .imp import butler, cross_imps, imp_standings
from .mp import mp_standings
from .scoring import standings

__all__ = ["BRIDGE_RULES", "compare"]

#: bridge rule-set names and the options they stand for: the matchpoint scales and every
#: scoring method of :data:`~tourneystats.bridge.SCORINGS` (``"butler_all"`` standing for
#: ``{"scoring": "butler_all"}``); each convention of :data:`~tourneystats.bridge.CONVENTIONS`
#: is one more name, ``"ebu"`` standing for ``{"convention": "ebu"}``
BRIDGE_RULES: dict[str, dict[str, Any]] = {
    "full": {"scale": "full"},
    "half": {"scale": "half"},
    **{name: {"scoring": name} for name in SCORINGS},
}
#: the options of each scoring method scored here (``session_standings``, ``butler``,
#: ``cross_imps``)
_BRIDGE_OPTIONS = {
    "mp": frozenset({"scale", "artificial_percent"}),
    "butler": frozenset({"drop", "round_to", "artificial_imps"}),
    "cross_imps": frozenset({"artificial_imps"}),
}


def _bridge_names() -> dict[str, dict[str, Any]]:
    """:data:`BRIDGE_RULES` and the bridge family's conventions, by lower-case name."""
    return {**BRIDGE_RULES, **{str(c).lower(): {"convention": c} for c in CONVENTIONS}}


def _bridge_parse(item: Any) -> RuleSpec:
    """One bridge rule set: a name (:data:`BRIDGE_RULES`, a convention) or a mapping of
    options."""
    if isinstance(item, str):
        names = _bridge_names()
        key = rule_key(item)
        if key not in names:
            raise ValueError(
                f"bridge compare: unknown rule set {item!r}; names are {', '.join(names)}"
            )
        return RuleSpec(key, dict(names[key]))
    if isinstance(item, Mapping):
        options = dict(item)
        label = " ".join(f"{k}={v}" if k != "scoring" else str(v) for k, v in options.items())
        return RuleSpec(label or "mp", options)
    raise TypeError(f"bridge compare: a rule set is a name or a mapping of options; got {item!r}")


def _bridge_standings(
    results: pd.DataFrame, movement: str | None, options: dict[str, Any]
) -> pd.DataFrame:
    """The pair standings of one rule set.

    The options :func:`~tourneystats.bridge.standings` takes (scorings, conventions: every
    session scored the way the rule set says, whatever it declares) go to it; the others
    (Butler's ``drop``, ...) are scored here: matchpoints by
    ``mp_standings``, Butler and cross-IMPs by ``imp_standings``."""
    options = dict(options)
    scoring = options.pop("scoring", "mp")
    if set(options) <= set(inspect.signature(standings).parameters):
        return standings(results, scoring=scoring, movement=movement, **options)
    allowed = _BRIDGE_OPTIONS.get(scoring)
    if allowed is None:
        raise ValueError(f"bridge compare: unknown scoring {scoring!r}")
    if not set(options) <= allowed:
        raise ValueError(
            f"bridge compare: {scoring} takes the option(s) {', '.join(sorted(allowed))}, "
            f"not {', '.join(sorted(set(options) - allowed))}"
        )
    if scoring == "mp":
        return mp_standings(results, movement=movement, **options)
    if scoring == "butler":
        return imp_standings(butler(results, **options), movement=movement)
    return imp_standings(cross_imps(results, **options), movement=movement)


def compare(
    results: pd.DataFrame,
    *,
    rules: Sequence[str | Mapping[str, Any]],
    movement: str | None = None,
    players: pd.DataFrame | None = None,
) -> pd.DataFrame:
    """The pair standings of every session under several scorings, as one long table.

    Parameters
    ----------
    results : pandas.DataFrame
        A pairs traveller frame, as :func:`tourneystats.bridge.session_standings` takes it.
    rules : sequence
        The rule sets, each a name of ``BRIDGE_RULES`` (``"full"``, ``"half"``: the
        matchpoint scale; ``"mp"``, ``"butler"``, ``"cross_imps"``: the scoring method;
        labelled as written), a convention of the bridge family, or a mapping of options:
        ``scoring`` (``"mp"`` by default) and that method's options (``scale``,
        ``artificial_percent``; Butler's ``drop``, ``round_to``, ``artificial_imps``;
        ``convention``), e.g. ``{"scoring": "butler", "drop": 0}`` (labelled ``"butler
        drop=0"`` unless it has a ``"label"``). Labels must differ.
    movement : {None, "mitchell", "howell"}
        As in :func:`tourneystats.bridge.session_standings`, for every rule set.

    players : pandas.DataFrame, optional
        The pairs' (teams') names, ``event, [section,] pair, names`` or ``event, team,
        names`` (the ``pairs`` frame of :func:`~tourneystats.bridge.read_usebio` and
        :func:`~tourneystats.bridge.read_pbn`): ``names`` is carried into the table, after the
        id (``with_people``).

    Returns
    -------
    pandas.DataFrame
        One row per session, section, line, pair and rule set: ``event, section, line,
        pair, rules`` (the label, an ordered categorical), ``rank``, ``decided_by``
        (``"percentage"`` or ``"imps"``, ``"tied"``), then ``boards`` and the scores
        (``mp, top, percentage`` under matchpoints, ``imps`` under IMPs; missing under the
        other). Sorted by session, section, line, rule set and place.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.bridge import compare
    >>> df = pd.DataFrame({"event": "E", "board": [1, 1, 1, 2, 2, 2],
    ...                    "ns_pair": [1, 2, 3, 1, 2, 3], "ew_pair": [4, 5, 6, 5, 6, 4],
    ...                    "ns_score": [420, 450, -50, 100, 140, 110]})
    >>> table = compare(df, rules=["mp", "butler"])  # Butler splits pairs 1 and 3
    >>> table.loc[table["line"] == "NS", ["rules", "pair", "rank", "percentage", "imps"]]
        rules  pair  rank  percentage  imps
    0      mp     2     1       100.0   NaN
    1      mp     1     2        25.0   NaN
    2      mp     3     2        25.0   NaN
    3  butler     2     1         NaN   2.0
    4  butler     1     2         NaN   0.0
    5  butler     3     3         NaN -10.0
    """
    specs = rule_specs(rules, _bridge_parse, what="bridge")
    tables = []
    for spec in specs:
        table = _bridge_standings(results, movement, spec.options)
        if DECIDED_BY not in table.columns:
            criteria = [c for c in (PERCENTAGE, IMPS) if c in table.columns]
            table = table.assign(
                **{DECIDED_BY: decided_by(table, criteria, by=[EVENT, SECTION, LINE])}
            )
        tables.append(table)
    tables = [with_people(t, players) for t in tables]
    return stack(tables, [s.label for s in specs], groups=[EVENT, SECTION, LINE], entity=PAIR)


# --- any family ----------------------------------------------------------------------------------
