"""What-if analysis of chess standings: the same results under several rule sets and tie-break
orders, in one long table (see :mod:`tourneystats.whatif` and :mod:`tourneystats.core.whatif`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

import pandas as pd

from ..core.people import with_people
from ..core.ranking import competition_rank, decided_by
from ..core.schema import DECIDED_BY, EVENT, PLAYER, PTS, RANK, TEAM, rule_key
from ..core.whatif import RuleSpec, rule_specs, stack
from .regulations import _Options
from .rules import RULE_SETS
from .tables import standings, standings_under_rule_sets
from .teamcodes import check_tiebreak_code
from .teamrounds import is_team_frame, team_keywords
from .tiebreaks import parse_tiebreak

__all__ = ["compare"]

#: the default tie-breaks of :func:`tourneystats.chess.standings`
CHESS_TIEBREAKS = ("BH/C1", "BH", "SB")
#: tie-break lists in a rule set's text: ``fide2026:BH/C1+SB``
_TIEBREAK_SEPARATOR = "+"
#: the tie-breaks ranked from the highest value, whose lists under one rule set are computed
#: once (their union) and ranked per list; other lists cost a standings call each
_SHARED_TIEBREAKS = frozenset(
    "PTS BH SB FB AOB KS PS CUM ARO TPR PTP APRO APPO WIN WON BPG BWG REP".split()
)


def _chess_names() -> frozenset[str]:

    return frozenset([*RULE_SETS, "auto"])


def _chess_text(text: str) -> tuple[str, list[str] | None]:
    """``"fide2024"``, ``"auto:fide2009"`` or ``"fide2026:BH/C1+SB"``: the rule set, and the
    tie-breaks after the last colon unless that part names a rule set."""
    head, colon, tail = text.rpartition(":")
    if not colon or rule_key(tail) in _chess_names():
        return rule_key(text), None
    # the rule set is the first part (``auto:NAME`` the first two): team codes have colons
    parts = text.split(":")
    n = 2 if rule_key(parts[0]) == "auto" and rule_key(parts[1]) in _chess_names() else 1
    head, tail = ":".join(parts[:n]), ":".join(parts[n:])
    tiebreaks = [t.strip() for t in tail.split(_TIEBREAK_SEPARATOR) if t.strip()]
    if not tiebreaks:
        raise ValueError(f"chess compare: no tie-break after the colon in {text!r}")
    for code in tiebreaks:  # an unknown tie-break refused before any work
        check_tiebreak_code(code)  # an individual or a team code
    return (rule_key(head) or "adjusted"), tiebreaks


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
        rules, tiebreaks = _chess_text(item)  # (the rule set's name as rule_key reads it)
        return RuleSpec(_chess_label(rules, tiebreaks), {"rules": rules, "tiebreaks": tiebreaks})
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
    for code in tiebreaks or ():  # an unknown tie-break refused before any work
        check_tiebreak_code(code)  # an individual or a team code
    return RuleSpec(_chess_label(rules, tiebreaks), {"rules": rules, "tiebreaks": tiebreaks})


def _tiebreak_codes(tiebreaks: Sequence[str]) -> list[str] | None:
    """The canonical codes of a tie-break list (PTS left out), or None when the list cannot be
    shared with others: a tie-break not known to rank from the highest value, among them direct
    encounter (it depends on the criteria before it), a code twice or an unknown code (left
    for ``standings`` to refuse)."""
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
    """The standings of every rule set. Tie-break lists under one named rule set of unplayed
    games share one computation (the union of their tie-breaks, ranked per list); every rule
    set shares the validation and the grids (:func:`standings_under_rule_sets`)."""
    shared: dict[str, list[int]] = {}
    alone: list[int] = []  # computed with their own tie-breaks (direct encounter, ...)
    for i, spec in enumerate(specs):
        codes = _tiebreak_codes(spec.options["tiebreaks"])
        if isinstance(spec.options["rules"], str) and codes is not None:
            shared.setdefault(spec.options["rules"], []).append(i)
        elif set(spec.options) <= {"rules", "tiebreaks"}:
            alone.append(i)
    lists = {
        r: [_tiebreak_codes(specs[i].options["tiebreaks"]) or [] for i in m]
        for r, m in shared.items()
    }
    unions = {r: list(dict.fromkeys(c for codes in ls for c in codes)) for r, ls in lists.items()}
    variants = [
        *unions.items(),
        *((specs[i].options["rules"], specs[i].options["tiebreaks"]) for i in alone),
    ]
    computed = standings_under_rule_sets(results, variants, **options)
    tables: list[pd.DataFrame | None] = [None] * len(specs)
    for (rules, members), table in zip(shared.items(), computed, strict=False):
        for i, codes in zip(members, lists[rules], strict=True):
            # ranked by the union already: the table as it is
            tables[i] = table if codes == unions[rules] else _reranked(table, codes)
    for i, table in zip(alone, computed[len(shared) :], strict=True):
        tables[i] = table
    for i, spec in enumerate(specs):
        if tables[i] is None:
            tables[i] = standings(results, **spec.options, **options)
    return [_with_decided_by(cast(pd.DataFrame, t)) for t in tables]


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


def compare(
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
        As in :func:`tourneystats.chess.standings`, for every rule set (the players' names,
        FIDE ids, titles, federations and ratings are carried into the table, after
        ``player``).

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
    Board rows of team events (``team`` and ``opponent_team`` columns) are compared as teams:
    each rule set's :func:`~tourneystats.chess.team_standings` (its tie-breaks team codes,
    ``"fide2026:EDE+BH:GP/C1"``, the primary score first when it is ``MP`` or ``GP``; those
    naming none take `tiebreaks` when given, else each event's declared order or ``EDE,
    EMGSB/C1, BH/C1``), `players` the teams' names (``event, team, name``), one row per event,
    team and rule set.

    Rule sets that differ only by their tie-breaks (no direct encounter among them) share one
    computation: the union of their tie-breaks is computed once and each order ranked from it.
    Others cost one :func:`~tourneystats.chess.standings` call each.

    Examples
    --------
    With Sonneborn-Berger before Buchholz, player 3 wins this event instead of player 1:

    >>> from tourneystats.chess import compare
    >>> from tourneystats import synth
    >>> results, _ = synth.chess_swiss(1, 8, 4, seed=0)  # 8 players, 4 rounds
    >>> table = compare(results, rules=["fide2024", "fide2024:SB+BH"])
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
    if is_team_frame(results):  # board rows of team events: the teams' standings
        return _team_compare(results, specs, tiebreaks, players, events, round_robin)
    default = list(tiebreaks)
    specs = [
        RuleSpec(s.label, {**s.options, "tiebreaks": s.options["tiebreaks"] or default})
        for s in specs
    ]
    options = {"players": players, "events": events, "round_robin": round_robin}
    tables = [with_people(t, players) for t in _chess_tables(results, specs, options)]
    return stack(tables, [s.label for s in specs], groups=[EVENT], entity=PLAYER)


def _team_compare(
    boards: pd.DataFrame,
    specs: list[RuleSpec],
    tiebreaks: Sequence[str],
    teams: pd.DataFrame | None,
    events: pd.DataFrame | None,
    round_robin: bool | Iterable | None,
) -> pd.DataFrame:
    """:func:`compare` of the board rows of team events: the teams' standings under every rule
    set (the rule sets naming no tie-breaks: `tiebreaks` when given, else each event's declared
    order or the team default), one row per event, team and rule set."""
    from .teamtiebreaks import team_standings

    given = None if tiebreaks is CHESS_TIEBREAKS else list(tiebreaks)
    keywords = team_keywords("compare", _Options(), teams, events=events, round_robin=round_robin)
    tables = []
    for spec in specs:
        codes = spec.options["tiebreaks"] or given
        first = codes[0] if codes and codes[0] in ("MP", "GP") else None  # the primary score
        tables.append(
            team_standings(
                boards, rules=spec.options["rules"], tiebreaks=codes, primary=first, **keywords
            )
        )
    return stack(tables, [s.label for s in specs], groups=[EVENT], entity=TEAM)
