"""Comparing computed standings with the values a file publishes (``tourneystats check``).

Each family's ``check_from_path(path, ...)`` reads a file's published values (standings of a card
tournament archive, USEBIO totals, TRF points and ranks, PBN totals), computes the same values
with the rules the file declares or the caller names, and returns :func:`compare`'s table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from .schema import ValidationError

#: the columns :func:`compare` adds after the keys
CHECK_COLUMNS = ["value", "published", "computed", "equal"]
#: the column a family's check adds where it knows why values differ (or cannot be computed)
NOTE = "note"


def decimals(values: pd.Series) -> int:
    """The precision a column was published to: the most decimals any of its values needs.

    Examples
    --------
    >>> decimals(pd.Series([0.5, 0.674, 1.0])), decimals(pd.Series([128.77, 3])), decimals(pd.Series([2]))
    (3, 2, 0)
    """
    x = pd.to_numeric(values, errors="coerce").dropna().to_numpy(dtype="float64")
    for d in range(10):
        if np.all(np.abs(np.round(x, d) - x) <= 1e-9 * np.maximum(1.0, np.abs(x))):
            return d
    return 10


def compare(
    published: pd.DataFrame,
    computed: pd.DataFrame,
    *,
    keys: Sequence[str],
    values: Mapping[str, str],
    precision: Mapping[str, int] | None = None,
) -> pd.DataFrame:
    """One row per entity and published value: the published and the computed value, and
    whether they agree at the published precision.

    A computed value agrees when it is within half a unit of the published value's last decimal
    (so rounding half up and half to even both agree); a value published for an entity that was
    not computed, or computed for none published, disagrees.

    Parameters
    ----------
    published, computed : pandas.DataFrame
        One row per entity each, identified by the `keys` columns.
    keys : sequence of str
        The columns naming an entity (``event``, ``player``, ...).
    values : mapping of str to str
        Published column -> computed column (``{"omw": "omwp"}``); the ``value`` column of the
        result holds the published column's name.
    precision : mapping of str to int, optional
        Decimals a published column was rounded to; by default read from its values
        (:func:`decimals`).

    Returns
    -------
    pandas.DataFrame
        ``keys..., value, published, computed, equal``.

    Examples
    --------
    >>> pub = pd.DataFrame({"player": ["a", "b"], "omw": [0.667, 0.333]})
    >>> ours = pd.DataFrame({"player": ["a", "b"], "omwp": [2 / 3, 0.35]})
    >>> compare(pub, ours, keys=["player"], values={"omw": "omwp"})
      player value  published  computed  equal
    0      a   omw      0.667  0.666667   True
    1      b   omw      0.333  0.350000  False
    """
    keys = list(keys)
    ours = list(dict.fromkeys(values.values()))
    for frame, what, columns in (
        (published, "published", list(values)),
        (computed, "computed", ours),
    ):
        missing = [c for c in keys + columns if c not in frame.columns]
        if missing:
            raise ValidationError(f"{what} values: no column(s) {', '.join(map(repr, missing))}")
    theirs = computed[keys + ours].rename(columns={c: f"computed {c}" for c in ours})
    joined = published[keys + list(values)].merge(theirs, on=keys, how="outer", sort=False)
    parts = []
    for pub, col in values.items():
        p = pd.to_numeric(joined[pub], errors="coerce").astype("float64")
        c = pd.to_numeric(joined[f"computed {col}"], errors="coerce").astype("float64")
        d = (precision or {}).get(pub, decimals(published[pub]))
        equal = (p - c).abs().to_numpy() <= 0.5 * 10.0**-d + 1e-9
        parts.append(joined[keys].assign(value=pub, published=p, computed=c, equal=equal))
    out = pd.concat(parts, ignore_index=True)
    return out.sort_values(keys, kind="stable", ignore_index=True)[[*keys, *CHECK_COLUMNS]]


def not_computable(table: pd.DataFrame) -> np.ndarray:
    """Where a published value cannot be computed from the file (its ``note`` says why: a
    board with one room, ...): no computed value, and a note."""
    if NOTE not in table.columns:
        return np.zeros(len(table), dtype=bool)
    return (table["computed"].isna() & table[NOTE].notna()).to_numpy()


def differences(table: pd.DataFrame) -> pd.DataFrame:
    """The rows of a check table whose values differ (those that cannot be computed are not
    differences; their ``note`` says why)."""
    return table[~table["equal"].to_numpy() & ~not_computable(table)]


def summary(table: pd.DataFrame) -> str:
    """A few lines for a terminal: values compared, equal, different, per published value, and
    why, where a ``note`` column says it.

    Examples
    --------
    >>> t = pd.DataFrame({"value": ["omw", "omw", "gw"], "equal": [True, False, True]})
    >>> print(summary(t))
    3 published values compared: 2 equal, 1 different
      gw: 1 of 1 equal
      omw: 1 of 2 equal
    """
    equal = int(table["equal"].sum())
    unknown = not_computable(table)
    different = len(table) - equal - int(unknown.sum())
    head = f"{len(table)} published values compared: {equal} equal, {different} different"
    lines = [head + (f", {int(unknown.sum())} not computable" if unknown.any() else "")]
    per = table.groupby("value", sort=True)["equal"].agg(["sum", "size"])
    lines += [f"  {name}: {int(s)} of {int(n)} equal" for name, (s, n) in per.iterrows()]
    if NOTE in table.columns:
        notes = table.loc[~table["equal"].to_numpy(), NOTE].dropna()
        lines += [f"  why: {note} ({n})" for note, n in notes.value_counts(sort=False).items()]
    return "\n".join(lines)
