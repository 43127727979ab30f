"""What-if analysis: the same results ranked under several rule sets, side by side.

The shared machinery of every family's ``compare``:

- :class:`RuleSpec` and :func:`rule_specs`: a rule set as a label and the keyword arguments of the
  family's standings (each family reads its own names, presets and tuples into them);
- :func:`stack`: the standings of every rule set as one long table, one row per ranking group
  (event), entity (player, pair) and rule set;
- :func:`summary`: per ranking group and pair of rule sets, what changed (places, the largest
  move, Kendall's tau-b, the winner, the podium, the cut);
- :func:`kendall_tau`: Kendall's tau-b of many groups at once, ties handled;
- :func:`decisive` and :func:`tie_depth`: how often each criterion decided a place, and how
  deep the ties on the first criterion go, over a season or an archive.

The comparison table (the output of every ``compare``) has, in this order: the ranking group
columns (``event``; ``event, section, line`` for bridge; ``league, season`` for leagues), the
entity (``player`` or ``pair``), ``rules`` (the rule set's label, an ordered categorical in the
order the rule sets were given), ``rank`` (the place under that rule set; ``Int64`` with missing
values where an entity is unranked), ``decided_by`` (the first criterion separating the entity
from the one ranked just below it, see :func:`tourneystats.core.ranking.decided_by`) and the
values behind the rank (the union of every rule set's columns, missing where a rule set has
none).

Everything is vectorised over all groups at once: no Python loop over events or players (only
over rule sets and pairs of them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple, cast

import numpy as np
import pandas as pd

from .ranking import DECIMALS
from .schema import DATE, DECIDED_BY, PAIR, PEOPLE, PLACE, PLAYER, RANK, RULES, TEAM, TIED

__all__ = [
    "RuleSpec",
    "decisive",
    "kendall_tau",
    "layout",
    "rule_specs",
    "stack",
    "summary",
    "tie_depth",
]

#: entity columns, the first present is the entity of a table
ENTITIES = (PLAYER, PAIR, TEAM)
#: columns of a standings table before its entity that are no ranking group
NOT_GROUPS = frozenset({RANK, PLACE, DATE, RULES})
#: the places of a podium
PODIUM = 3


class RuleSpec(NamedTuple):
    """One rule set of a comparison: its label and the keyword arguments of the standings.

    Examples
    --------
    >>> from tourneystats.whatif import RuleSpec
    >>> RuleSpec("K=5", {"prior_rounds": 5})
    RuleSpec(label='K=5', options={'prior_rounds': 5})
    """

    label: str
    options: dict[str, Any]


def rule_specs(rules: Any, parse: Callable[[Any], RuleSpec], *, what: str) -> list[RuleSpec]:
    """Read a list of rule sets with a family's `parse`; refuse an empty list or labels twice.

    A mapping with a ``label`` key is read by `parse` without it and then labelled so.

    Parameters
    ----------
    rules : sequence
        The rule sets as the user gave them (names, tuples, mappings, rule objects).
    parse : callable
        The family's reader of one rule set.
    what : str
        The family, for messages.

    Returns
    -------
    list of RuleSpec

    Examples
    --------
    >>> def parse(item):  # a whole number, or a mapping {"k": ...}
    ...     k = item["k"] if isinstance(item, dict) else item
    ...     return RuleSpec(f"k={k}", {"k": k})
    >>> rule_specs([1, {"label": "two", "k": 2}], parse, what="demo")
    [RuleSpec(label='k=1', options={'k': 1}), RuleSpec(label='two', options={'k': 2})]
    >>> rule_specs([1, 1], parse, what="demo")
    Traceback (most recent call last):
    ...
    ValueError: demo compare: rule set label(s) given twice: 'k=1'; give each once (in Python, label them: {"label": ...})
    """
    if isinstance(rules, str | bytes) or not isinstance(rules, Iterable):
        raise TypeError(f"{what} compare: rules must be a list of rule sets, got {rules!r}")
    specs = []
    for item in rules:
        if isinstance(item, dict) and "label" in item:
            options = {k: v for k, v in item.items() if k != "label"}
            specs.append(RuleSpec(str(item["label"]), parse(options).options))
        else:
            specs.append(parse(item))
    if not specs:
        raise ValueError(f"{what} compare: no rule set given")
    labels = [s.label for s in specs]
    twice = sorted({x for x in labels if labels.count(x) > 1})
    if twice:
        shown = ", ".join(map(repr, twice))
        raise ValueError(
            f"{what} compare: rule set label(s) given twice: {shown}; "
            'give each once (in Python, label them: {"label": ...})'
        )
    return specs


def layout(
    table: pd.DataFrame, groups: Sequence[str] | None = None, entity: str | None = None
) -> tuple[list[str], str]:
    """The ranking group columns and the entity column of a standings or comparison table.

    The entity is the first of ``player``, ``pair``, ``team`` present; the groups are the
    columns before it, ``rank``, ``place``, ``date`` and ``rules`` left out (``event``;
    ``event, section, line``; ``league, season``; ``event, round`` of a history).

    Examples
    --------
    >>> layout(pd.DataFrame(columns=["league", "season", "place", "player", "ranking"]))
    (['league', 'season'], 'player')
    """
    if entity is None:
        entity = next((c for c in ENTITIES if c in table.columns), None)
        if entity is None:
            raise ValueError(f"no entity column ({', '.join(ENTITIES)}); pass entity=...")
    elif entity not in table.columns:
        raise ValueError(f"no column {entity!r}")
    if groups is None:
        before = list(table.columns[: table.columns.get_loc(entity)])
        groups = [c for c in before if c not in NOT_GROUPS]
    missing = [c for c in groups if c not in table.columns]
    if missing:
        raise ValueError(f"no column(s) {missing}")
    return list(groups), entity


def _codes(table: pd.DataFrame, columns: Sequence[str]) -> tuple[np.ndarray, int]:
    """Dense codes (in order of first appearance) of the combinations of `columns`."""
    n = len(table)
    if not columns:
        return np.zeros(n, dtype=np.int64), min(n, 1)
    codes = np.zeros(n, dtype=np.int64)
    for c in columns:
        part, uniques = pd.factorize(table[c], use_na_sentinel=False)
        codes = codes * (len(uniques) + 1) + part
    dense, uniques = pd.factorize(codes)
    return dense.astype(np.int64), len(uniques)


# --- the comparison table ------------------------------------------------------------------------


def stack(
    tables: Sequence[pd.DataFrame],
    labels: Sequence[str],
    *,
    groups: Sequence[str],
    entity: str,
    rank: str = RANK,
) -> pd.DataFrame:
    """The standings of every rule set as one long comparison table.

    Parameters
    ----------
    tables : sequence of pandas.DataFrame
        One standings table per rule set, each with `groups`, `entity`, `rank` and
        ``decided_by`` columns.
    labels : sequence of str
        The rule sets' labels, in the order of `tables`.
    groups, entity : str
        The ranking group columns and the entity column.
    rank : str, default "rank"
        The place column of the tables (renamed ``rank``).

    Returns
    -------
    pandas.DataFrame
        The groups, the entity, ``rules`` (ordered categorical of `labels`), ``rank``,
        ``decided_by``, then the other columns (their union, in order of first appearance);
        sorted by group (in order of first appearance), rule set, then each table's order.

    Examples
    --------
    >>> a = pd.DataFrame({"event": "E", "player": ["x", "y"], "rank": [1, 2],
    ...                   "decided_by": ["pts", None], "pts": [3, 1]})
    >>> b = pd.DataFrame({"event": "E", "player": ["y", "x"], "rank": [1, 1],
    ...                   "decided_by": ["tied", None], "pts": [3, 3]})
    >>> stack([a, b], ["old", "new"], groups=["event"], entity="player")
      event player rules  rank decided_by  pts
    0     E      x   old     1        pts    3
    1     E      y   old     2       <NA>    1
    2     E      y   new     1       tied    3
    3     E      x   new     1       <NA>    3
    """
    parts = [t.rename(columns={rank: RANK}) if rank != RANK else t for t in tables]
    out = pd.concat(parts, ignore_index=True)
    people = [c for c in PEOPLE if c in out.columns]  # the names right after the id
    front = [*groups, entity, *people, RULES, RANK, DECIDED_BY]
    rule_codes = np.repeat(np.arange(len(parts)), [len(t) for t in parts])
    out[RULES] = pd.Categorical.from_codes(
        rule_codes, dtype=pd.CategoricalDtype(list(labels), ordered=True)
    )
    out[RANK] = _ranks(out[RANK])
    out[DECIDED_BY] = out[DECIDED_BY].astype("string")
    rest = [c for c in out.columns if c not in front]
    out = out[[*front, *rest]]
    group, _ = _codes(out, groups)
    order = np.lexsort((rule_codes, group))
    return out.take(order).reset_index(drop=True)


def _ranks(values: pd.Series) -> pd.Series:
    """Places as int64, or Int64 when some are missing (unranked entities)."""
    if values.isna().any():
        return values.astype("Int64")
    return values.astype(np.int64)


# --- Kendall's tau-b -----------------------------------------------------------------------------


def _packed(columns: list[np.ndarray]) -> tuple[np.ndarray, int] | None:
    """One int64 key sorting like the non-negative integer `columns` (most significant first)
    and the factor of its first column (key // factor is the first column); None when it
    would overflow."""
    key = np.zeros(len(columns[0]), dtype=np.int64)
    room = 1
    for c in columns:
        card = int(c.max(initial=0)) + 1
        room *= card
        if room >= 2**62:
            return None
        key = key * card + c
    return key, room // (int(columns[0].max(initial=0)) + 1)


def _tied_pairs(group: np.ndarray, n_groups: int, *keys: np.ndarray) -> np.ndarray:
    """Per group: the pairs of rows equal on every key, the sum of t (t - 1) / 2 over the runs of
    equal rows (of t rows each)."""
    n = len(group)
    packed = _packed([group, *keys])
    if packed is not None:
        key, factor = packed
        key = np.sort(key)
        same = key[1:] == key[:-1]
        run_group = key // factor
    else:
        order = np.lexsort((*keys[::-1], group))
        same = np.ones(max(n - 1, 0), dtype=bool)
        for k in (group, *keys):
            same &= k[order][1:] == k[order][:-1]
        run_group = group[order]
    starts = np.flatnonzero(np.concatenate([[True], ~same])) if n else np.zeros(0, np.int64)
    sizes = np.diff(np.append(starts, n))
    return np.bincount(run_group[starts], weights=sizes * (sizes - 1) / 2, minlength=n_groups)


def _discordant(group: np.ndarray, a: np.ndarray, b: np.ndarray, n_groups: int) -> np.ndarray:
    """Per group: the pairs with a_i < a_j and b_i > b_j (`a`, `b` and `group` dense codes).

    Sorted by (group, a, b), these are the inversions of b within each group, counted as a
    bottom-up merge sort counts them, all groups at once: at level L the rows of each group
    form blocks of 2^L rows, each sorted by b; every row of a right-hand block counts the rows
    of its left-hand sibling with a larger b (two binary searches: the left-hand blocks, in
    block order, are one sorted array), then each pair of siblings is merged (a stable sort of
    sorted runs). log2 of the largest group levels; no loop over groups or rows."""
    n = len(group)
    span = int(b.max(initial=0)) + 2
    packed = _packed([group, a, b])
    order = np.lexsort((b, a, group)) if packed is None else np.argsort(packed[0], kind="stable")
    g, v = group[order], b[order]
    sizes = np.bincount(g, minlength=n_groups)
    largest = int(sizes.max(initial=0))
    pos = np.arange(n) - (np.cumsum(sizes) - sizes)[g]
    out = np.zeros(n_groups)
    level = 0
    while (1 << level) < largest:
        block = g * ((largest >> (level + 1)) + 1) + (pos >> (level + 1))
        key = block * span + v  # sorted within each block of 2^level rows
        right = ((pos >> level) & 1).astype(bool)
        left = key[~right]  # sorted: blocks in order, each sorted
        base = block[right] * span
        above = np.searchsorted(left, base + span, "left")
        upto = np.searchsorted(left, key[right], "right")
        out += np.bincount(g[right], weights=above - upto, minlength=n_groups)
        v = np.sort(key, kind="stable") - block * span  # merge the siblings
        level += 1
    return out


def kendall_tau(
    a: np.ndarray | Sequence[float],
    b: np.ndarray | Sequence[float],
    *,
    group: np.ndarray | Sequence[int] | None = None,
) -> np.ndarray:
    """Kendall's tau-b between two rankings, for many groups at once.

    ``tau_b = (C - D) / sqrt((n0 - n1) (n0 - n2))`` with C and D the concordant and discordant
    pairs of a group, n0 its pairs, n1 and n2 the pairs tied in `a` and in `b`. Values are
    compared after rounding to 1e-9; pairs with a missing value are left out. Computed in
    O(n log² n) for all groups together (sorts and binary searches, no loop over groups).

    Parameters
    ----------
    a, b : array-like of float
        The two rankings (places, or any values), aligned.
    group : array-like of int, optional
        Group codes 0..G-1 (e.g. events); one group by default.

    Returns
    -------
    numpy.ndarray
        tau-b per group, NaN where undefined (fewer than two rows, or all tied in a or b).

    Examples
    --------
    >>> from tourneystats.whatif import kendall_tau
    >>> kendall_tau([1, 2, 3, 4], [1, 3, 2, 4]).round(4).tolist()
    [0.6667]
    >>> kendall_tau([1, 2, 2, 1], [2, 1, 1, 2], group=[0, 0, 1, 1]).tolist()
    [-1.0, -1.0]
    """
    a = np.round(np.asarray(a, dtype=np.float64), DECIMALS) + 0.0
    b = np.round(np.asarray(b, dtype=np.float64), DECIMALS) + 0.0
    if a.shape != b.shape or a.ndim != 1:
        raise ValueError("kendall_tau: a and b must be 1-d arrays of one length")
    g = np.zeros(len(a), dtype=np.int64) if group is None else np.asarray(group, dtype=np.int64)
    if g.shape != a.shape or (len(g) and g.min() < 0):
        raise ValueError("kendall_tau: group must be codes 0..G-1, one per value")
    n_groups = int(g.max()) + 1 if len(g) else (0 if group is not None else 1)
    keep = ~(np.isnan(a) | np.isnan(b))
    g, a, b = g[keep], a[keep], b[keep]
    ca = pd.factorize(cast(np.ndarray, a), sort=True)[0].astype(np.int64)
    cb = pd.factorize(cast(np.ndarray, b), sort=True)[0].astype(np.int64)
    count = np.bincount(g, minlength=n_groups).astype(np.float64)
    n0 = count * (count - 1) / 2
    n1 = _tied_pairs(g, n_groups, ca)
    n2 = _tied_pairs(g, n_groups, cb)
    n3 = _tied_pairs(g, n_groups, ca, cb)
    discordant = _discordant(g, ca, cb, n_groups)
    with np.errstate(invalid="ignore", divide="ignore"):
        tau = (n0 - n1 - n2 + n3 - 2 * discordant) / np.sqrt((n0 - n1) * (n0 - n2))
    return np.where((n0 > n1) & (n0 > n2), tau, np.nan)


# --- what changed between two rule sets ----------------------------------------------------------

#: the columns of :func:`summary` after the group columns
SUMMARY_COLUMNS = (
    "rules_a",
    "rules_b",
    "places",
    "places_changed",
    "largest_move",
    "tau",
    "winner_changed",
    "podium_changed",
    "cut_changed",
)


def _rank_matrix(
    table: pd.DataFrame, groups: list[str], entity: str
) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[str]]:
    """Places as an (entities x rule sets) matrix (NaN: absent or unranked), the group code of
    each entity, the first row of each group, and the rule set labels."""
    if RULES not in table.columns or RANK not in table.columns:
        raise ValueError("summary: expected a comparison table (columns 'rules' and 'rank')")
    rules = table[RULES]
    labels = list(rules.cat.categories) if isinstance(rules.dtype, pd.CategoricalDtype) else None
    rule_code, uniques = pd.factorize(rules, sort=False)
    labels = labels or [str(u) for u in uniques]
    if labels != [str(u) for u in uniques] and labels is not None:
        rule_code = pd.Categorical(rules, categories=labels).codes
    key, n_keys = _codes(table, [*groups, entity])
    places = np.full((n_keys, len(labels)), np.nan)
    places[key, rule_code] = pd.to_numeric(table[RANK]).to_numpy(dtype=np.float64, na_value=np.nan)
    group, _ = _codes(table, groups)
    key_group = np.zeros(n_keys, dtype=np.int64)
    key_group[key] = group
    first_row = np.full(int(group.max(initial=-1)) + 1, len(table))
    np.minimum.at(first_row, group, np.arange(len(table)))
    return places, key_group, first_row, labels


def summary(
    table: pd.DataFrame,
    *,
    cut: int | None = 8,
    groups: Sequence[str] | None = None,
    entity: str | None = None,
) -> pd.DataFrame:
    """What changed, per ranking group (event), between each pair of rule sets of a comparison.

    Parameters
    ----------
    table : pandas.DataFrame
        A comparison table (the output of a family's ``compare``).
    cut : int or None, default 8
        The cut line: ``cut_changed`` says whether the entities placed ``cut`` or better differ
        (a top 8 playoff). None leaves the column out.
    groups, entity : optional
        The ranking group columns and the entity column; by default read from the table (the
        columns before the entity, see ``layout``).

    Returns
    -------
    pandas.DataFrame
        One row per group and pair of rule sets (``rules_a`` before ``rules_b`` in the order
        they were given): the group columns, ``rules_a``, ``rules_b``, ``places`` (the number of
        players, pairs or teams ranked under both), ``places_changed`` (how many of them changed
        place), ``largest_move`` (the most
        places one of them moved), ``tau`` (Kendall's tau-b of the two rankings, ties handled,
        NaN when undefined), ``winner_changed`` (the entities placed first differ),
        ``podium_changed`` (an entity placed 1-3 under either has another place under the
        other) and ``cut_changed``.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.whatif import summary
    >>> t = pd.DataFrame({"event": "E", "player": ["a", "b", "c"] * 2,
    ...                   "rules": pd.Categorical(["x"] * 3 + ["y"] * 3, ["x", "y"]),
    ...                   "rank": [1, 2, 3, 2, 1, 3]})
    >>> summary(t, cut=2).T
                           0
    event                  E
    rules_a                x
    rules_b                y
    places                 3
    places_changed         2
    largest_move           1
    tau             0.333333
    winner_changed      True
    podium_changed      True
    cut_changed        False
    """
    groups, entity = layout(table, groups, entity)
    _whole(cut, "summary: cut")
    places, key_group, first_row, labels = _rank_matrix(table, groups, entity)
    n_groups = len(first_row)
    parts = []
    for i in range(len(labels)):
        for j in range(i + 1, len(labels)):
            values = _pair_summary(places[:, i], places[:, j], key_group, n_groups, cut)
            head = table.iloc[first_row][groups].reset_index(drop=True)
            head["rules_a"], head["rules_b"] = labels[i], labels[j]
            parts.append(pd.concat([head, pd.DataFrame(values)], axis=1))
    columns = [*groups, *SUMMARY_COLUMNS[: 8 if cut is None else 9]]
    if not parts:
        return pd.DataFrame(columns=columns)
    out = pd.concat(parts, ignore_index=True)
    group = np.tile(np.arange(n_groups), len(parts))
    out = out.take(np.argsort(group, kind="stable")).reset_index(drop=True)
    for c in ("rules_a", "rules_b"):
        out[c] = pd.Categorical(out[c], categories=labels, ordered=True)
    return out[columns]


def pair_totals(summary: pd.DataFrame) -> pd.DataFrame:
    """Per pair of rule sets: the tables, those with a place changed, the mean Kendall's tau,
    and how many changed their winner, podium and cut (of :func:`summary`'s table; the first
    lines of ``tourneystats compare``)."""
    summary = summary.assign(any_changed=summary["places_changed"] > 0)
    pairs = summary.groupby(["rules_a", "rules_b"], observed=True, sort=False)
    out = pairs.agg(
        tables=("places_changed", "size"),
        tables_changed=("any_changed", "sum"),
        places_changed=("places_changed", "sum"),
        mean_tau=("tau", "mean"),
        winners_changed=("winner_changed", "sum"),
        podiums_changed=("podium_changed", "sum"),
    )
    if "cut_changed" in summary.columns:
        out["cuts_changed"] = pairs["cut_changed"].sum()
    return out.reset_index()


def _pair_summary(
    a: np.ndarray, b: np.ndarray, group: np.ndarray, n_groups: int, cut: int | None
) -> dict[str, np.ndarray]:
    """The per-group columns of :func:`summary` for two rankings of the entities."""
    both = ~(np.isnan(a) | np.isnan(b))
    a, b, g = a[both], b[both], group[both]

    def count(flags: np.ndarray) -> np.ndarray:
        return np.bincount(g, weights=flags, minlength=n_groups).astype(np.int64)

    move = np.abs(a - b)
    largest = np.zeros(n_groups)
    np.maximum.at(largest, g, move)
    out = {
        "places": count(np.ones(len(g))),
        "places_changed": count(move > 0),
        "largest_move": largest.astype(np.int64),
        "tau": kendall_tau(a, b, group=g) if n_groups else np.zeros(0),
        "winner_changed": count((a == 1) != (b == 1)) > 0,
        "podium_changed": count(((a <= PODIUM) | (b <= PODIUM)) & (move > 0)) > 0,
    }
    if cut is not None:
        out["cut_changed"] = count((a <= cut) != (b <= cut)) > 0
    if len(out["tau"]) < n_groups:  # groups whose last entities have no place under both
        out["tau"] = np.append(out["tau"], np.full(n_groups - len(out["tau"]), np.nan))
    return out


# --- which criteria decide places, how deep ties go ----------------------------------------------


def _whole(value: Any, what: str) -> None:
    """Refuse a value that is neither None nor a whole number."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int | np.integer)):
        raise TypeError(f"{what} must be a whole number or None, got {value!r}")


def _place_column(table: pd.DataFrame) -> str:
    for column in (RANK, PLACE):
        if column in table.columns:
            return column
    raise ValueError("expected a standings table with a 'rank' or 'place' column")


def _by_columns(table: pd.DataFrame, by: str | Sequence[str] | None) -> list[str]:
    """`by` as a list, with ``rules`` first in a comparison table (rule sets never mix)."""
    columns = [by] if isinstance(by, str) else list(by or [])
    if RULES in table.columns and RULES not in columns:
        columns.insert(0, RULES)
    missing = [c for c in columns if c not in table.columns]
    if missing:
        raise ValueError(f"no column(s) {missing} to count by")
    return columns


def _criteria_order(table: pd.DataFrame, found: Iterable[str]) -> list[str]:
    """The decisive criteria found, in the order of the table's columns (the ranking's order);
    values naming no column (a head-to-head) next, ``tied`` last."""
    columns = {str(c): i for i, c in enumerate(table.columns)}
    found = set(found)
    return sorted(found, key=lambda c: (c == TIED, columns.get(c, len(columns)), c))


def decisive(
    table: pd.DataFrame,
    *,
    by: str | Sequence[str] | None = None,
    top: int | None = None,
) -> pd.DataFrame:
    """How often each criterion decided a place, over a season, an archive or a comparison.

    Every row of a standings table with a ``decided_by`` column says which criterion separated
    it from the row ranked just below it; this counts them.

    Parameters
    ----------
    table : pandas.DataFrame
        Standings (cards, league, or any table given a ``decided_by`` column) or a comparison
        table (then counted per rule set).
    by : str or sequence of str, optional
        Count per value of these columns (``"season"``, ``"event"``); one count by default.
    top : int, optional
        Count only the places ``top`` or better (``top=8``: what decided the places of a top 8,
        the 8th's place included: what separated him from the 9th).

    Returns
    -------
    pandas.DataFrame
        The `by` columns, ``decided_by`` (ordered categorical: the criteria in the table's
        column order, ``tied`` last), ``places`` (how many places it decided) and ``share``
        (of the places counted in that `by` group).

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.whatif import decisive
    >>> st = pd.DataFrame({"event": ["A", "A", "A", "B", "B"], "player": list("vwxyz"),
    ...                    "rank": [1, 2, 2, 1, 2], "PTS": [2, 1, 1, 1, 1], "BH": [3, 2, 2, 5, 4],
    ...                    "decided_by": ["PTS", "tied", None, "BH", None]})
    >>> decisive(st)
      decided_by  places     share
    0        PTS       1  0.333333
    1         BH       1  0.333333
    2       tied       1  0.333333
    """
    if DECIDED_BY not in table.columns:
        raise ValueError("decisive: the table has no 'decided_by' column")
    _whole(top, "decisive: top")
    by = _by_columns(table, by)
    keep = table[DECIDED_BY].notna().to_numpy()
    if top is not None:
        place = pd.to_numeric(table[_place_column(table)]).to_numpy(dtype=float, na_value=np.nan)
        keep = keep & (place <= top)
    rows = table.loc[keep, [*by, DECIDED_BY]]
    order = _criteria_order(table, rows[DECIDED_BY].astype(str).unique())
    rows = rows.assign(**{DECIDED_BY: pd.Categorical(rows[DECIDED_BY], order, ordered=True)})
    counts = rows.groupby([*by, DECIDED_BY], observed=True, sort=False).size()
    out = counts.rename("places").reset_index()
    group, _ = _codes(out, by)
    out = out.take(np.lexsort((out[DECIDED_BY].cat.codes.to_numpy(), group)))
    total = out.groupby(by, observed=True, sort=False)["places"].transform("sum") if by else None
    out["share"] = out["places"] / (out["places"].sum() if total is None else total)
    return out.reset_index(drop=True)


def tie_depth(
    table: pd.DataFrame,
    on: str,
    *,
    by: str | Sequence[str] | None = None,
    top: int | None = 8,
    groups: Sequence[str] | None = None,
    entity: str | None = None,
) -> pd.DataFrame:
    """How deep ties on one criterion (points) go, at each position of the standings.

    For the entity at each position (1 = first row) of every table, the number of entities of
    its table with the same `on` (itself included): how often the leader, the 2nd, ... shared
    their points with others, and with how many.

    Parameters
    ----------
    table : pandas.DataFrame
        Standings (or a comparison table, counted per rule set), with the `on` column.
    on : str
        The criterion, e.g. ``"PTS"``, ``"match_points"``, ``"percentage"``.
    by : str or sequence of str, optional
        Summarise per value of these columns (``"season"``).
    top : int or None, default 8
        The positions summarised (None: all).
    groups, entity : optional
        The ranking group columns and the entity (read from the table by default,
        ``layout``).

    Returns
    -------
    pandas.DataFrame
        The `by` columns, ``position``, ``tables`` (how many tables have that position),
        ``tied_share`` (the share of them where its entity shares `on` with another),
        ``mean_tied`` and ``max_tied`` (entities sharing it, itself included).

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.whatif import tie_depth
    >>> st = pd.DataFrame({"event": ["A"] * 3 + ["B"] * 3, "player": list("uvwxyz"),
    ...                    "rank": [1, 2, 3, 1, 2, 3], "PTS": [2, 2, 1, 3, 2, 1]})
    >>> tie_depth(st, "PTS", top=2)
       position  tables  tied_share  mean_tied  max_tied
    0         1       2         0.5        1.5         2
    1         2       2         0.5        1.5         2
    """
    groups, entity = layout(table, groups, entity)
    _whole(top, "tie_depth: top")
    if on not in table.columns:
        raise ValueError(f"tie_depth: no column {on!r}")
    by = _by_columns(table, by)
    ranking = [*dict.fromkeys([*by, *groups])]  # a table: one ranking (rule set, event, ...)
    group, _ = _codes(table, ranking)
    place = pd.to_numeric(table[_place_column(table)]).to_numpy(dtype=float, na_value=np.nan)
    order = np.lexsort((np.arange(len(table)), np.nan_to_num(place, nan=np.inf), group))
    sizes = np.bincount(group, minlength=int(group.max(initial=-1)) + 1)
    position = np.empty(len(table), dtype=np.int64)
    position[order] = np.arange(len(table)) - (np.cumsum(sizes) - sizes)[group[order]] + 1
    value = pd.to_numeric(table[on]).to_numpy(dtype=float, na_value=np.nan)
    value = np.round(value, DECIMALS) + 0.0
    same, _ = _codes(pd.DataFrame({"g": group, "v": value}), ["g", "v"])
    tied = np.bincount(same)[same]
    keep = np.ones(len(table), dtype=bool) if top is None else position <= top
    rows = table.loc[keep, by].assign(
        position=position[keep], tied=tied[keep], shared=tied[keep] > 1
    )
    out = rows.groupby([*by, "position"], observed=True, sort=False).agg(
        tables=("tied", "size"),
        tied_share=("shared", "mean"),
        mean_tied=("tied", "mean"),
        max_tied=("tied", "max"),
    )
    out = out.reset_index()
    group, _ = _codes(out, by)
    return out.take(np.lexsort((out["position"].to_numpy(), group))).reset_index(drop=True)
