"""What-if analysis: how the standings change under other rules, and what decided each place.

Every family compares the same results under several rule sets in one call, all events at once:

- :func:`tourneystats.cards.compare`: presets (``mtg``, ``melee``, ``pokemon``, ...), your own
  :class:`~tourneystats.cards.Rules` or fields changed from a preset;
- :func:`chess_compare` (soon ``tourneystats.chess.compare``): unplayed-game rule sets
  (``adjusted``, ``fide2009``, ``fide2024``, ``fide2026``) and tie-break orders;
- :func:`bridge_compare` (soon ``tourneystats.bridge.compare``): scoring methods (matchpoints,
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
>>> table = whatif.chess_compare(results, rules=["fide2024:BH/C1+SB", "fide2024:SB+BH/C1"])
>>> changed = whatif.summary(table)  # one row per event
>>> int(changed["changed"].sum()), int(changed["podium_changed"].sum())
(88, 6)
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pandas as pd

from .core.ranking import competition_rank, decided_by
from .core.schema import (
    DECIDED_BY,
    EVENT,
    IMPS,
    LINE,
    PAIR,
    PERCENTAGE,
    PLAYER,
    PTS,
    RANK,
    SECTION,
)
from .core.whatif import RuleSpec, decisive, kendall_tau, rule_specs, stack, summary, tie_depth

__all__ = [
    "BRIDGE_RULES",
    "RuleSpec",
    "bridge_compare",
    "chess_compare",
    "compare",
    "decisive",
    "kendall_tau",
    "summary",
    "tie_depth",
]

#: the default tie-breaks of :func:`tourneystats.chess.standings`
CHESS_TIEBREAKS = ("BH/C1", "BH", "SB")
#: tie-break lists in a rule set's text: ``fide2026:BH/C1+SB``
_TIEBREAK_SEPARATOR = "+"
#: the tie-breaks ranked from the highest value, whose lists under one rule set are computed
#: once (their union) and ranked per list; other lists cost a standings call each
_SHARED_TIEBREAKS = frozenset(
    "PTS BH SB FB AOB KS PS CUM ARO TPR PTP APRO APPO WIN WON BPG BWG REP".split()
)


# --- chess ---------------------------------------------------------------------------------------


def _chess_names() -> frozenset[str]:
    from .chess.rules import RULE_SETS

    return frozenset([*RULE_SETS, "auto"])


def _chess_text(text: str) -> tuple[str, list[str] | None]:
    """``"fide2024"``, ``"auto:fide2009"`` or ``"fide2026:BH/C1+SB"``: the rule set, and the
    tie-breaks after the last colon unless that part names a rule set."""
    head, colon, tail = text.rpartition(":")
    if not colon or tail.strip().lower() in _chess_names():
        return text.strip(), None
    tiebreaks = [t.strip() for t in tail.split(_TIEBREAK_SEPARATOR) if t.strip()]
    if not tiebreaks:
        raise ValueError(f"chess compare: no tie-break after the colon in {text!r}")
    return (head.strip() or "adjusted"), tiebreaks


def _chess_label(rules: Any, tiebreaks: Sequence[str] | None) -> str:
    name = rules if isinstance(rules, str) else getattr(rules, "name", None)
    if name is None:
        raise ValueError(f"chess compare: label the rule set {rules!r} (a mapping's 'label')")
    if tiebreaks is None:
        return name
    return f"{name}:{_TIEBREAK_SEPARATOR.join(tiebreaks)}"


def _chess_parse(item: Any) -> RuleSpec:
    """One chess rule set: a name (``"fide2024"``, ``"auto:fide2009"``, with tie-breaks
    ``"fide2026:BH/C1+SB"``), a ``(rules, tiebreaks)`` pair or a mapping of ``standings``'
    ``rules`` and ``tiebreaks``."""
    if isinstance(item, str):
        rules, tiebreaks = _chess_text(item)
        return RuleSpec(item.strip(), {"rules": rules, "tiebreaks": tiebreaks})
    if isinstance(item, tuple) and len(item) == 2:
        rules, tiebreaks = item
    elif isinstance(item, Mapping):
        unknown = sorted(set(item) - {"rules", "tiebreaks"})
        if unknown:
            raise ValueError(f"chess compare: unknown option(s) {unknown} (rules, tiebreaks)")
        rules, tiebreaks = item.get("rules", "adjusted"), item.get("tiebreaks")
    else:
        rules, tiebreaks = getattr(item, "name", None) and item, None
        if rules is None:
            raise TypeError(f"chess compare: cannot read the rule set {item!r}")
    if isinstance(tiebreaks, str):
        tiebreaks = [t for t in tiebreaks.replace(_TIEBREAK_SEPARATOR, ",").split(",") if t]
    tiebreaks = None if tiebreaks is None else [str(t).strip() for t in tiebreaks]
    return RuleSpec(_chess_label(rules, tiebreaks), {"rules": rules, "tiebreaks": tiebreaks})


def _tiebreak_codes(tiebreaks: Sequence[str]) -> list[str] | None:
    """The canonical codes of a tie-break list (PTS left out), or None when the list cannot be
    shared with others: a tie-break not known to rank from the highest value, among them direct
    encounter (it depends on the criteria before it), a code twice or an unknown code (left
    for ``standings`` to refuse)."""
    from .chess.tiebreaks import parse_tiebreak

    try:
        parsed = [parse_tiebreak(t) for t in tiebreaks]
    except ValueError:
        return None
    if any(t.name not in _SHARED_TIEBREAKS for t in parsed):
        return None  # direct encounter depends on the criteria before it
    codes = [t.code for t in parsed if t.code != PTS]
    return codes if len(set(codes)) == len(codes) else None


def _chess_tables(
    results: pd.DataFrame, specs: list[RuleSpec], options: dict[str, Any]
) -> list[pd.DataFrame]:
    """The standings of every rule set: one ``standings`` call per rule set of unplayed games
    (named), the union of the tie-breaks of its lists computed once and ranked per list."""
    from .chess import standings

    shared: dict[str, list[int]] = {}
    for i, spec in enumerate(specs):
        codes = _tiebreak_codes(spec.options["tiebreaks"])
        if isinstance(spec.options["rules"], str) and codes is not None:
            shared.setdefault(spec.options["rules"], []).append(i)
    tables: list[pd.DataFrame | None] = [None] * len(specs)
    for rules, members in shared.items():
        lists = [_tiebreak_codes(specs[i].options["tiebreaks"]) or [] for i in members]
        union = list(dict.fromkeys(c for codes in lists for c in codes))
        table = standings(results, rules=rules, tiebreaks=union, **options)
        for i, codes in zip(members, lists, strict=True):
            tables[i] = _reranked(table, codes)
    for i, spec in enumerate(specs):
        if tables[i] is None:
            tables[i] = standings(results, **spec.options, **options)
    return [_with_decided_by(t) for t in tables]


def _reranked(table: pd.DataFrame, codes: list[str]) -> pd.DataFrame:
    """A standings table ranked again on points and `codes` (a part of its tie-breaks), as
    ``chess.standings`` ranks: per event in order of appearance, ties by player id."""
    criteria = [PTS, *codes]
    frame = table[[EVENT, PLAYER, *criteria]]
    frame = frame.assign(_event=pd.factorize(frame[EVENT], sort=False)[0])
    ranked = competition_rank(frame, criteria, by="_event", order_by=PLAYER, decided_by=DECIDED_BY)
    return ranked[[EVENT, PLAYER, RANK, *criteria, DECIDED_BY]]


def _with_decided_by(table: pd.DataFrame) -> pd.DataFrame:
    """The standings with ``decided_by`` (computed here until ``chess.standings`` adds it)."""
    if DECIDED_BY in table.columns:
        return table
    criteria = [c for c in table.columns if c not in (EVENT, PLAYER, RANK)]
    return table.assign(**{DECIDED_BY: decided_by(table, criteria, by=EVENT)})


def chess_compare(
    results: pd.DataFrame,
    *,
    rules: Sequence[str | tuple[Any, Sequence[str]] | Mapping[str, Any]],
    tiebreaks: Sequence[str] = CHESS_TIEBREAKS,
    players: pd.DataFrame | None = None,
    events: pd.DataFrame | None = None,
    round_robin: bool | Iterable | None = None,
) -> pd.DataFrame:
    """The standings of every chess event under several rule sets, as one long table.

    A rule set is an unplayed-game rule set and a tie-break order.

    Parameters
    ----------
    results : pandas.DataFrame
        As :func:`tourneystats.chess.standings` takes them.
    rules : sequence
        The rule sets, each one of: a name of :data:`tourneystats.chess.RULE_SETS`, ``"auto"``
        or ``"auto:NAME"`` (with the `tiebreaks` below), the same with its own tie-breaks
        after a colon, ``"+"``-separated (``"fide2026:BH/C1+SB"``, ``"auto:fide2009:BH+SB"``;
        labelled as written), a ``(rules, tiebreaks)`` pair, or a mapping ``{"rules": ...,
        "tiebreaks": [...]}`` (labelled ``"fide2026:BH/C1+SB"`` unless it has a ``"label"``;
        a mapping of rule sets per event needs one). Labels must differ.
    tiebreaks : sequence of str, default ("BH/C1", "BH", "SB")
        The tie-breaks of the rule sets that name none.
    players, events, round_robin
        As in :func:`tourneystats.chess.standings`, for every rule set.

    Returns
    -------
    pandas.DataFrame
        One row per event, player and rule set: ``event, player, rules`` (the label, an
        ordered categorical), ``rank``, ``decided_by`` (``"PTS"``, ``"BH/C1"``, ...,
        ``"tied"``; missing for the last of an event), then ``PTS`` and the tie-breaks of
        every rule set (missing where a rule set does not use one). Sorted by event, rule set
        and rank.

    Notes
    -----
    Rule sets that differ only by their tie-breaks (no direct encounter among them) share one
    computation: the union of their tie-breaks is computed once and each order ranked from it.
    Others cost one :func:`~tourneystats.chess.standings` call each.

    Examples
    --------
    With Sonneborn-Berger before Buchholz, player 3 wins this event instead of player 1:

    >>> from tourneystats import synth
    >>> results, _ = synth.chess_swiss(1, 8, 4, seed=0)  # 8 players, 4 rounds
    >>> table = chess_compare(results, rules=["fide2024", "fide2024:SB+BH"])
    >>> table.pivot(index="player", columns="rules", values="rank").T
    player          1  2  3  4  5  6  7  8
    rules
    fide2024        1  6  2  3  8  5  4  7
    fide2024:SB+BH  2  5  1  3  8  5  4  7
    >>> table[["rules", "player", "rank", "decided_by", "PTS", "BH/C1", "BH", "SB"]].head(2)
          rules  player  rank decided_by  PTS  BH/C1   BH   SB
    0  fide2024       1     1      BH/C1  3.0    8.0  9.0  6.5
    1  fide2024       3     2        PTS  3.0    7.5  9.5  7.0
    """
    specs = rule_specs(rules, _chess_parse, what="chess")
    default = list(tiebreaks)
    specs = [
        RuleSpec(s.label, {**s.options, "tiebreaks": s.options["tiebreaks"] or default})
        for s in specs
    ]
    options = {"players": players, "events": events, "round_robin": round_robin}
    tables = _chess_tables(results, specs, options)
    return stack(tables, [s.label for s in specs], groups=[EVENT], entity=PLAYER)


# --- bridge --------------------------------------------------------------------------------------

#: bridge rule-set names and the options they stand for (the matchpoint scales and the scoring
#: methods); each convention of ``bridge.CONVENTIONS`` (when the bridge family has them) is one
#: more name, ``"ebu"`` standing for ``{"convention": "ebu"}``
BRIDGE_RULES: dict[str, dict[str, Any]] = {
    "full": {"scale": "full"},
    "half": {"scale": "half"},
    "mp": {"scoring": "mp"},
    "butler": {"scoring": "butler"},
    "cross_imps": {"scoring": "cross_imps"},
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
    from . import bridge

    conventions = getattr(bridge, "CONVENTIONS", {})
    return {**BRIDGE_RULES, **{str(c).lower(): {"convention": c} for c in conventions}}


def _bridge_parse(item: Any) -> RuleSpec:
    """One bridge rule set: a name (:data:`BRIDGE_RULES`, a convention) or a mapping of
    options."""
    if isinstance(item, str):
        names = _bridge_names()
        key = item.strip().lower()
        if key not in names:
            raise ValueError(
                f"bridge compare: unknown rule set {item!r}; names are {', '.join(names)}"
                " (or a mapping of options, e.g. {'scoring': 'butler', 'drop': 2})"
            )
        return RuleSpec(item.strip(), dict(names[key]))
    if isinstance(item, Mapping):
        options = dict(item)
        label = " ".join(f"{k}={v}" if k != "scoring" else str(v) for k, v in options.items())
        return RuleSpec(label or "mp", options)
    raise TypeError(f"bridge compare: a rule set is a name or a mapping of options; got {item!r}")


def _bridge_standings(
    results: pd.DataFrame, movement: str | None, options: dict[str, Any]
) -> pd.DataFrame:
    """The pair standings of one rule set.

    With ``bridge.standings`` (scorings and conventions, every session scored the way the rule
    set says whatever it declares), the options it takes go to it; the others (Butler's
    ``drop``, ...), and every option before it exists, are scored here: matchpoints by
    ``session_standings``, Butler and cross-IMPs by ``imp_standings``."""
    import inspect

    from . import bridge

    options = dict(options)
    scoring = options.pop("scoring", "mp")
    standings = getattr(bridge, "standings", None)
    if standings is not None and set(options) <= set(inspect.signature(standings).parameters):
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
        return bridge.session_standings(results, movement=movement, **options)
    if scoring == "butler":
        return bridge.imp_standings(bridge.butler(results, **options), movement=movement)
    return bridge.imp_standings(bridge.cross_imps(results, **options), movement=movement)


def bridge_compare(
    results: pd.DataFrame,
    *,
    rules: Sequence[str | Mapping[str, Any]],
    movement: str | None = None,
) -> pd.DataFrame:
    """The pair standings of every session under several scorings, as one long table.

    Parameters
    ----------
    results : pandas.DataFrame
        A pairs traveller frame, as :func:`tourneystats.bridge.session_standings` takes it.
    rules : sequence
        The rule sets, each a name of :data:`BRIDGE_RULES` (``"full"``, ``"half"``: the
        matchpoint scale; ``"mp"``, ``"butler"``, ``"cross_imps"``: the scoring method;
        labelled as written), a convention of the bridge family, or a mapping of options:
        ``scoring`` (``"mp"`` by default) and that method's options (``scale``,
        ``artificial_percent``; Butler's ``drop``, ``round_to``, ``artificial_imps``;
        ``convention``), e.g. ``{"scoring": "butler", "drop": 0}`` (labelled ``"butler
        drop=0"`` unless it has a ``"label"``). Labels must differ.
    movement : {None, "mitchell", "howell"}
        As in :func:`tourneystats.bridge.session_standings`, for every rule set.

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
    >>> df = pd.DataFrame({"event": "E", "board": [1, 1, 1, 2, 2, 2],
    ...                    "ns_pair": [1, 2, 3, 1, 2, 3], "ew_pair": [4, 5, 6, 5, 6, 4],
    ...                    "ns_score": [420, 450, -50, 100, 140, 110]})
    >>> table = bridge_compare(df, rules=["mp", "butler"])  # Butler splits pairs 1 and 3
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
    return stack(tables, [s.label for s in specs], groups=[EVENT, SECTION, LINE], entity=PAIR)


# --- any family ----------------------------------------------------------------------------------

#: family -> (module, function) of its compare
COMPARE_FUNCTIONS = {
    "cards": ("tourneystats.cards", "compare"),
    "chess": ("tourneystats.whatif", "chess_compare"),
    "bridge": ("tourneystats.whatif", "bridge_compare"),
    "league": ("tourneystats.league", "compare"),
}


def compare(
    results: pd.DataFrame, *, family: str, rules: Sequence[Any], **options: Any
) -> pd.DataFrame:
    """The comparison table of a family's results under several rule sets.

    Forwards to ``cards.compare``, :func:`chess_compare`, :func:`bridge_compare` or
    ``league.compare``, with `rules` and the options.

    Examples
    --------
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
