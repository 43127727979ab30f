"""Standard competition ranking ("1224") over ordered criteria, per group, vectorised."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from .schema import RANK

#: criteria are compared after rounding to this many decimals, so float noise never splits a tie
DECIMALS = 9


def _dense(values: np.ndarray) -> tuple[np.ndarray, int]:
    """Dense codes that sort like `values` (missing last) and how many there are."""
    codes, uniques = pd.factorize(values, sort=True, use_na_sentinel=True)
    card = len(uniques)
    if (codes < 0).any():
        return np.where(codes < 0, card, codes), card + 1
    return codes, max(card, 1)


def _criterion(values: pd.Series, *, ascending: bool) -> tuple[np.ndarray, int]:
    """Dense codes of one criterion, best first; compared after rounding; missing last."""
    numeric = pd.to_numeric(values, errors="raise").to_numpy(dtype="float64", na_value=np.nan)
    key = np.round(numeric, DECIMALS) + 0.0  # + 0.0 folds -0.0 into 0.0
    return _dense(key if ascending else -key)


def _labels(values: pd.Series) -> tuple[np.ndarray, int]:
    """Dense codes of a group or display column (ordered categoricals by category order)."""
    if isinstance(values.dtype, pd.CategoricalDtype) and values.cat.ordered:
        codes = values.cat.codes.to_numpy()
        card = len(values.cat.categories)
        return np.where(codes < 0, card, codes), card + 1
    return _dense(
        values.to_numpy() if not isinstance(values.dtype, pd.CategoricalDtype) else values
    )


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
    rounding to :data:`DECIMALS` decimals, so ``100 * (0.1 + 0.2) / 0.3`` ties with ``100.0``.
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

    n = len(frame)
    group_keys = _pack([_labels(frame[g]) for g in groups])
    crit_keys = _pack(
        [_criterion(frame[c], ascending=a) for c, a in zip(criteria, ascending, strict=True)]
    )
    display_keys = _pack([_labels(frame[d]) for d in display])
    # np.lexsort sorts by the last key first and is stable: full ties keep their input order.
    keys = [*display_keys[::-1], *crit_keys[::-1], *group_keys[::-1]]
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

    out = frame.iloc[order].reset_index(drop=True)
    out[rank_column] = (place_start - group_start + 1).astype(np.int64)
    if decided_by is not None:
        names = list(labels) if labels is not None else criteria
        codes = [
            _criterion(frame[c], ascending=a)[0][order]
            for c, a in zip(criteria, ascending, strict=True)
        ]
        out[decided_by] = _deciding(codes, new_group, names)
    return out


def _deciding(codes: list[np.ndarray], new_group: np.ndarray, names: list[str]) -> pd.Series:
    """Per sorted row: the first criterion whose code differs from the next row's, "tied" when
    none does, missing on the last row of a group."""
    n = len(new_group)
    if not n:
        return pd.Series([], dtype="string")
    differs = np.zeros((len(codes) + 1, n - 1), dtype=bool)
    for i, c in enumerate(codes):
        differs[i] = c[1:] != c[:-1]
    differs[-1] = True  # "tied": no criterion differs
    first = np.argmax(differs, axis=0)
    table = np.array([*names, "tied"], dtype=object)
    out = np.empty(n, dtype=object)
    out[:-1] = table[first]
    last = np.append(new_group[1:], True)  # the next row starts another group
    out[last] = None
    return pd.Series(out, dtype="string")
