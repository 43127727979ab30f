"""Standard competition ranking ("1224") over ordered criteria, per group, vectorised."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from .schema import DECIDED_BY, RANK, TIED

#: criteria are compared after rounding to this many decimals, so float noise never splits a tie
DECIMALS = 9


def _dense(values: np.ndarray | pd.Series) -> tuple[np.ndarray, int]:
    """Dense codes that sort like `values` (missing last) and how many there are."""
    if isinstance(values, np.ndarray) and values.dtype.kind == "f" and _mostly_distinct(values):
        return _dense_by_sort(values)
    if isinstance(values, np.ndarray) and values.dtype.kind in "iuf":
        # numbers: the distinct values sorted here and the codes renumbered by one take, several
        # times cheaper than factorize(sort=True) on many rows
        codes, uniques = pd.factorize(values, sort=False, use_na_sentinel=True)
        order = np.argsort(uniques, kind="stable")
        rank = np.empty(order.size + 1, dtype=np.intp)  # the last slot: a missing value's -1
        rank[order] = np.arange(order.size)
        rank[-1] = -1
        codes = rank[codes]
    else:
        codes, uniques = pd.factorize(values, sort=True, use_na_sentinel=True)
    card = len(uniques)
    if (codes < 0).any():
        return np.where(codes < 0, card, codes), card + 1
    return codes, max(card, 1)


def _mostly_distinct(values: np.ndarray, sample: int = 4096) -> bool:
    """Whether most of the first `sample` values differ (an average of opponents' values): a
    sort then codes them faster than hashing."""
    head = values[:sample]
    return head.size >= 64 and np.unique(head).size > head.size // 2


def _dense_by_sort(values: np.ndarray) -> tuple[np.ndarray, int]:
    """:func:`_dense` of floats by one sort (NaN sorts last, and NaNs share a code)."""
    order = np.argsort(values)
    ordered = values[order]
    new = np.empty(ordered.size, dtype=bool)
    new[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
    nan = np.isnan(ordered)
    new[1:] &= ~(nan[1:] & nan[:-1])
    codes = np.empty(ordered.size, dtype=np.intp)
    codes[order] = np.cumsum(new) - 1
    return codes, max(int(codes.max(initial=-1)) + 1, 1)


def _criterion(values: pd.Series, *, ascending: bool) -> tuple[np.ndarray, int]:
    """Dense codes of one criterion, best first; compared after rounding; missing last."""
    numeric = pd.to_numeric(values, errors="raise").to_numpy(dtype="float64", na_value=np.nan)
    key = np.round(numeric, DECIMALS) + 0.0  # + 0.0 folds -0.0 into 0.0
    return _dense(key if ascending else -key)


def _labels(values: pd.Series) -> tuple[np.ndarray, int]:
    """Dense codes of a group or display column (ordered categoricals by category order)."""
    if isinstance(values.dtype, pd.CategoricalDtype):
        codes = values.cat.codes.to_numpy()
        card = len(values.cat.categories)
        if values.cat.ordered:
            return np.where(codes < 0, card, codes), card + 1
        return _categories_in_use(codes, card)
    text = _text_codes(values)
    if text is not None:
        return text
    return _dense(
        values.to_numpy() if not isinstance(values.dtype, pd.CategoricalDtype) else values
    )


def group_order(values: pd.Series) -> np.ndarray:
    """Each value's place (0, 1, ...) in the order :func:`competition_rank` lists the groups
    of a column: by value (ordered categoricals by category order), a missing value last.

    Examples
    --------
    >>> group_order(pd.Series(["b", "a", "c", "a"])).tolist()
    [1, 0, 2, 0]
    """
    return _labels(values)[0]


def _categories_in_use(codes: np.ndarray, card: int) -> tuple[np.ndarray, int]:
    """:func:`_dense` of an unordered categorical from its codes (-1: missing) and number of
    categories: the categories in use numbered in their order, as ``factorize(sort=True)``
    numbers them, by marking the codes seen instead of hashing every row."""
    seen = np.zeros(card + 1, dtype=bool)
    seen[codes] = True  # a missing value's -1 marks the last slot
    used, missing = seen[:-1], bool(seen[-1])
    k = int(used.sum())
    if k == card and not missing:
        return codes.astype(np.intp), max(k, 1)
    place = np.append(np.cumsum(used) - 1, k)  # the last slot: a missing value's -1
    return place[codes], k + 1 if missing else max(k, 1)


def _text_codes(values: pd.Series) -> tuple[np.ndarray, int] | None:
    """:func:`_dense` of an Arrow-backed text column without missing values, through Arrow
    (its distinct values sorted by code point, as Python sorts strings); None for others."""
    data = getattr(values.array, "_pa_array", None)
    if data is None or not isinstance(values.dtype, pd.StringDtype) or data.null_count:
        return None
    import pyarrow as pa
    import pyarrow.compute as pc

    if not len(values) or not (
        pa.types.is_string(data.type) or pa.types.is_large_string(data.type)
    ):
        return None
    encoded = data.dictionary_encode()
    codes = pa.chunked_array([c.indices for c in encoded.chunks], type=pa.int32()).to_numpy()
    order = pc.array_sort_indices(encoded.chunk(0).dictionary).to_numpy()
    rank = np.empty(len(order), dtype=np.int64)
    rank[order] = np.arange(len(order))
    return rank[codes], max(len(order), 1)


def _pack(columns: list[tuple[np.ndarray, int]]) -> list[np.ndarray]:
    """Pack dense codes (most significant first) into as few int64 sort keys as fit."""
    keys: list[np.ndarray] = []
    acc, room = None, 1
    for codes, card in columns:
        if acc is not None and room * card < 2**62:
            acc, room = acc * card + codes, room * card
        else:
            if acc is not None:
                keys.append(acc)
            acc, room = codes.astype(np.int64), card
    if acc is not None:
        keys.append(acc)
    return keys


def competition_rank(
    frame: pd.DataFrame,
    criteria: Sequence[str],
    *,
    ascending: bool | Sequence[bool] = False,
    by: str | Sequence[str] | None = None,
    order_by: str | Sequence[str] | None = None,
    rank_column: str = RANK,
    decided_by: str | None = None,
    labels: Sequence[str] | None = None,
) -> pd.DataFrame:
    """Rank rows per group by ordered criteria; exact ties share a place.

    Rows are compared on the first criterion, then the next, and so on. Rows equal on every
    criterion share a place and the next place skips ("1, 2, 2, 4"). Values are compared after
    rounding to ``DECIMALS`` decimals, so ``100 * (0.1 + 0.2) / 0.3`` ties with ``100.0``.
    Missing values rank after every present value of that criterion (and tie with each other).

    Parameters
    ----------
    frame : pandas.DataFrame
        One row per ranked entity (player, pair, team).
    criteria : sequence of str
        Numeric columns, most important first.
    ascending : bool or sequence of bool, default False
        Direction per criterion, as in :meth:`pandas.DataFrame.sort_values`; the default ranks
        higher values first.
    by : str or sequence of str, optional
        Group columns (e.g. ``"event"``); ranks restart in every group.
    order_by : str or sequence of str, optional
        Display order inside a tie (ascending), e.g. the player name. It decides the order of
        rows, never their place. Without it ties keep their input order.
    rank_column : str, default "rank"
        Name of the new column.
    decided_by : str, optional
        Also add this column: for each row, the first criterion that separates it from the row
        ranked just below it in its group (``"tied"`` when none does; missing for the last row
        of a group), i.e. which criterion decided its place.
    labels : sequence of str, optional
        The names the `decided_by` column gives the criteria (default: the column names).

    Returns
    -------
    pandas.DataFrame
        A new frame, sorted by group then display order, with an ``int64`` rank column and a fresh
        index. The input is not modified.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats import competition_rank
    >>> df = pd.DataFrame({"event": ["A"] * 4 + ["B"],
    ...                    "player": ["w", "x", "y", "z", "v"],
    ...                    "points": [3, 2, 2, 1, 0],
    ...                    "tb": [1.0, 100 * (0.1 + 0.2) / 0.3, 100.0, 7.0, 0.0]})
    >>> competition_rank(df, ["points", "tb"], by="event", order_by="player")
      event player  points     tb  rank
    0     A      w       3    1.0     1
    1     A      x       2  100.0     2
    2     A      y       2  100.0     2
    3     A      z       1    7.0     4
    4     B      v       0    0.0     1
    >>> competition_rank(df, ["points", "tb"], by="event", decided_by="decided_by")["decided_by"].tolist()
    ['points', 'tied', 'points', <NA>, <NA>]
    """
    criteria = list(criteria)
    if isinstance(ascending, bool):
        ascending = [ascending] * len(criteria)
    if len(ascending) != len(criteria):
        raise ValueError("ascending must have one entry per criterion")
    groups = [by] if isinstance(by, str) else list(by or [])
    display = [order_by] if isinstance(order_by, str) else list(order_by or [])
    missing = [c for c in groups + criteria + display if c not in frame.columns]
    if missing:
        raise KeyError(f"competition_rank: no column(s) {missing}")

    order, rank, new_group, new_place = _order_and_rank(frame, criteria, ascending, groups, display)
    out = frame.iloc[order].reset_index(drop=True)
    out[rank_column] = rank
    if decided_by is not None:
        n = len(frame)
        names = list(labels) if labels is not None else criteria
        values = [_rounded(frame[c])[order] for c in criteria]
        last = np.append(new_group[1:], True)[:n]  # the next row starts another group
        out[decided_by] = _strings(*_separating(values, names, last, new_place[1:]))
    return out


def ranked_order(
    frame: pd.DataFrame, criteria: Sequence[str], *, by: str | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """The row order and the places of :func:`competition_rank` (higher values first), without
    building the sorted frame: ``competition_rank(frame, criteria, by=by)`` is
    ``frame.iloc[order]`` with ``rank`` = the places.

    Examples
    --------
    >>> df = pd.DataFrame({"g": [0, 0, 0, 1], "points": [1, 3, 1, 2]})
    >>> order, rank = ranked_order(df, ["points"], by="g")
    >>> order.tolist(), rank.tolist()
    ([1, 0, 2, 3], [1, 2, 2, 1])
    """
    groups = [] if by is None else [by]
    order, rank, _, _ = _order_and_rank(frame, list(criteria), [False] * len(criteria), groups, [])
    return order, rank


def _order_and_rank(
    frame: pd.DataFrame,
    criteria: list[str],
    ascending: Sequence[bool],
    groups: list[str],
    display: list[str],
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The display order of the rows, the place of each (in that order), and where a group
    and a place start (in that order)."""
    n = len(frame)
    group_codes = [_labels(frame[g]) for g in groups]
    crit_codes = [
        _criterion(frame[c], ascending=a) for c, a in zip(criteria, ascending, strict=True)
    ]
    display_codes = [_labels(frame[d]) for d in display]
    group_keys, crit_keys = _pack(group_codes), _pack(crit_codes)
    whole = _pack([*group_codes, *crit_codes, *display_codes])
    if len(whole) == 1 and n:  # one key holds them all: one stable sort (not one per key)
        order = np.argsort(whole[0], kind="stable")
    else:  # np.lexsort sorts by the last key first and is stable: ties keep their input order
        keys = [*_pack(display_codes)[::-1], *crit_keys[::-1], *group_keys[::-1]]
        order = np.lexsort(keys) if keys and n else np.arange(n)

    new_group = np.zeros(n, dtype=bool)
    new_place = np.zeros(n, dtype=bool)
    if n:
        new_group[0] = True
        for key in group_keys:
            k = key[order]
            new_group[1:] |= k[1:] != k[:-1]
        new_place |= new_group
        for key in crit_keys:
            k = key[order]
            new_place[1:] |= k[1:] != k[:-1]
    position = np.arange(n)
    group_start = np.maximum.accumulate(np.where(new_group, position, 0))
    place_start = np.maximum.accumulate(np.where(new_place, position, 0))
    rank = (place_start - group_start + 1).astype(np.int64)
    return order, rank, new_group, new_place


def _rounded(values: pd.Series) -> np.ndarray:
    """A criterion as floats compared the way the ranking compares them (rounded, -0.0 as 0.0)."""
    numeric = pd.to_numeric(values, errors="raise").to_numpy(dtype="float64", na_value=np.nan)
    return np.round(numeric, DECIMALS) + 0.0


def _separating(
    values: list[np.ndarray],
    names: Sequence[str],
    last: np.ndarray,
    new_place: np.ndarray | None,
    beyond: str = "other",
) -> tuple[np.ndarray, list[str]]:
    """Per row in display order: the first criterion whose value differs from the next row's,
    as codes (-1: missing) into the returned labels.

    `last` marks the rows with no row below them in their group (missing there); `new_place`
    (one shorter) says whether the next row has a worse place: ``"tied"`` where it has not,
    `beyond` where it has but no criterion differs (a place decided outside the criteria, as a
    head-to-head). Without `new_place`, ``"tied"`` is where no criterion differs."""
    n = len(last)
    table = [*names, TIED if new_place is None else beyond, TIED]
    if not n:
        return np.zeros(0, dtype=np.int64), table
    differs = np.zeros((len(values) + 1, n - 1), dtype=bool)
    for i, v in enumerate(values):
        a, b = v[:-1], v[1:]
        differs[i] = (a != b) & ~(np.isnan(a) & np.isnan(b))
    differs[-1] = True  # no criterion differs
    first = np.argmax(differs, axis=0)
    if new_place is not None:
        first[~new_place] = len(values) + 1
    codes = np.empty(n, dtype=np.int64)
    codes[:-1] = first
    codes[last] = -1
    return codes, table


def _strings(codes: np.ndarray, labels: list[str]) -> pd.api.extensions.ExtensionArray:
    """``labels[code]`` as a ``string`` array (missing where the code is -1), taken by Arrow
    from the few labels rather than built from one Python string per row."""
    import pyarrow as pa
    import pyarrow.compute as pc

    index = pa.array(codes, mask=codes < 0)
    return pd.array(pc.take(pa.array(labels, type=pa.large_string()), index), dtype="string")


def decided_by(
    table: pd.DataFrame,
    criteria: Sequence[str],
    *,
    by: str | Sequence[str] | None = None,
    rank: str | None = RANK,
    labels: Sequence[str] | None = None,
    beyond: str = "other",
) -> pd.Series:
    """Which criterion decided each place of a standings table.

    For every row, the first of `criteria` whose value differs from that of the row ranked just
    below it in its group: ``"tied"`` when the two share a place, missing for the last row of
    a group. Rows below a row are taken in the order of `rank`, then of the table. Values are
    compared as the ranking compares them (rounded to ``DECIMALS`` decimals; missing
    values equal each other). It is the column ``competition_rank(..., decided_by=...)`` adds,
    computed after the fact from any standings table and the criteria it was ranked by.

    Parameters
    ----------
    table : pandas.DataFrame
        One row per ranked entity, with the `criteria` and `rank` columns (any row order).
    criteria : sequence of str
        The ranking's criteria, most important first.
    by : str or sequence of str, optional
        The ranking groups (``"event"``; ``["event", "section", "line"]`` for bridge).
    rank : str or None, default "rank"
        The place column. Two rows of different places equal on every criterion (a place
        decided by something else, such as a head-to-head) give `beyond`. A row whose place
        is missing (unranked) gives a missing value, and so does the row above it. None: the
        rows are taken in the table's order and ``"tied"`` means equal on every criterion.
    labels : sequence of str, optional
        The names given to the criteria (default: the column names).
    beyond : str, default "other"
        The value for a place not decided by any of the criteria.

    Returns
    -------
    pandas.Series
        ``string`` values aligned with `table`'s index, named ``decided_by``.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats import decided_by
    >>> t = pd.DataFrame({"event": ["A", "A", "A", "A", "B"], "rank": [1, 2, 2, 4, 1],
    ...                   "PTS": [3.0, 2.0, 2.0, 2.0, 1.0], "BH": [9.0, 7.0, 7.0, 5.0, 0.0]})
    >>> decided_by(t, ["PTS", "BH"], by="event").tolist()
    ['PTS', 'tied', 'BH', <NA>, <NA>]
    """
    criteria = list(criteria)
    names = list(labels) if labels is not None else criteria
    if len(names) != len(criteria):
        raise ValueError("decided_by: labels must name every criterion")
    groups = [by] if isinstance(by, str) else list(by or [])
    missing = [c for c in [*groups, *criteria, *([rank] if rank else [])] if c not in table]
    if missing:
        raise KeyError(f"decided_by: no column(s) {missing}")
    n = len(table)
    group = _pack([_labels(table[g]) for g in groups])
    g = group[0] if group else np.zeros(n, dtype=np.int64)
    place = None if rank is None else _rounded(table[rank])
    order = _display_order(g, place)
    values = [_rounded(table[c])[order] for c in criteria]
    place = None if place is None else place[order]
    codes, found = _decided(values, names, group=g[order], place=place, beyond=beyond)
    out = np.empty(n, dtype=np.int64)
    out[order] = codes
    return pd.Series(_strings(out, found), index=table.index, name=DECIDED_BY)


def decided_in_order(
    values: Sequence[np.ndarray],
    names: Sequence[str],
    *,
    group: np.ndarray,
    place: np.ndarray | None = None,
    beyond: str = "other",
) -> pd.Series:
    """:func:`decided_by` of rows already in display order, from arrays.

    Parameters
    ----------
    values : sequence of numpy.ndarray
        The criteria's values in display order (compared after rounding, as ranked).
    names : sequence of str
        Their labels.
    group : numpy.ndarray
        The ranking group of every row (equal codes for one group, its rows together).
    place : numpy.ndarray, optional
        The places (NaN: unranked); as in :func:`decided_by`.
    beyond : str, default "other"
        The value for a place not decided by the criteria.

    Returns
    -------
    pandas.Series
        ``string`` values, one per row, with a fresh index.

    Examples
    --------
    >>> decided_in_order([np.array([3.0, 3.0, 1.0])], ["PTS"], group=np.zeros(3),
    ...                  place=np.array([1.0, 2.0, 3.0]), beyond="h2h").tolist()
    ['h2h', 'PTS', <NA>]
    """
    return pd.Series(_strings(*_decided(values, names, group=group, place=place, beyond=beyond)))


def _decided(
    values: Sequence[np.ndarray],
    names: Sequence[str],
    *,
    group: np.ndarray,
    place: np.ndarray | None,
    beyond: str,
) -> tuple[np.ndarray, list[str]]:
    """:func:`decided_in_order` as codes into labels (:func:`_separating`)."""
    n = len(group)
    last = np.append(group[1:] != group[:-1], True) if n else np.zeros(0, dtype=bool)
    new_place = None
    if place is not None:
        place = np.asarray(place, dtype=np.float64)
        unranked = np.isnan(place)
        last |= unranked | np.append(unranked[1:], False)
        new_place = place[1:] != place[:-1]
    rounded = [np.round(np.asarray(v, dtype=np.float64), DECIMALS) + 0.0 for v in values]
    return _separating(rounded, list(names), last, new_place, beyond)


def _display_order(group: np.ndarray, place: np.ndarray | None) -> np.ndarray:
    """Row positions by group, then place (missing last), then table order; the identity when
    the table is already in that order (no sort)."""
    n = len(group)
    key = np.zeros(n) if place is None else np.nan_to_num(place, nan=np.inf)
    if n < 2:
        return np.arange(n)
    change = group[1:] != group[:-1]
    runs = group[np.append(0, np.flatnonzero(change) + 1)]  # the group of each run of rows
    in_order = (change | (key[1:] >= key[:-1])).all() and len(np.unique(runs)) == len(runs)
    if in_order:
        return np.arange(n)
    return np.lexsort((np.arange(n), key, group))
