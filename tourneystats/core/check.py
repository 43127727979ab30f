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
#: the column a family's check adds where a value not reproduced is the player's standings after
#: an earlier round, published as such (cards: the round after which a player who left was kept)
PUBLISHED_AFTER = "published_after"
#: how a publisher's last printed decimal relates to the value (:func:`compare`'s `last_digit`)
LAST_DIGIT = ("rounded", "approximate")
#: the statuses every family's check gives (:mod:`tourneystats.core.report` summarises any
#: family's files with these)
STATUSES = ("equal", "different", "refused", "no published values")
#: the statuses only some families give: the family, what the status says
FAMILY_STATUSES = {
    "published_earlier": (
        "cards",
        "differs, but agrees with the standings of the rounds once the players who left (or "
        "were knocked out of a top cut) are ranked with their earlier values",
    ),
    "inconsistent": (
        "cards, chess",
        "the published values do not agree with each other (chess: published points that the "
        "results do not give)",
    ),
}
#: all the statuses of a checked file, from the best (the order of ``tourneystats check
#: FOLDER``'s summaries): :data:`STATUSES` in their order, with :data:`FAMILY_STATUSES` among them
STATUS_ORDER = (
    "equal",
    "published_earlier",
    "different",
    "inconsistent",
    "refused",
    "no published values",
)


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
    places: Sequence[str] = (),
    last_digit: str = "rounded",
) -> pd.DataFrame:
    """One row per entity and published value: the published and the computed value, and
    whether they agree at the published precision.

    A computed value agrees when it is within half a unit of the published value's last decimal
    (so rounding half up and half to even both agree), or within one unit where the publisher's
    last digit is ``"approximate"``; a value published for an entity that was not computed, or
    computed for none published, disagrees. A place (a published column named in `places`)
    that n entities share agrees with each of the n places it covers: two players computed 33rd
    agree with a publisher who placed them 33rd and 34th in an order the rules do not decide.

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
    places : sequence of str
        Published columns holding places (ranks), compared with their computed column's shared
        places as above. The entities sharing a place are counted within the computed frame,
        per value of the keys but the last (``event``).
    last_digit : {"rounded", "approximate"}
        ``"rounded"``: the publisher prints values rounded to their last decimal.
        ``"approximate"``: its last printed decimal is sometimes one off (truncated, or rounded
        up), so a value agrees within one unit of it; a column of whole numbers (points,
        places) still agrees only exactly.

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

    Two players computed level on every criterion share 2nd place, published 2nd and 3rd:

    >>> pub = pd.DataFrame({"event": "E", "player": ["a", "b", "c"], "rank": [1, 3, 2]})
    >>> ours = pd.DataFrame({"event": "E", "player": ["a", "b", "c"], "rank": [1, 2, 2]})
    >>> compare(pub, ours, keys=["event", "player"], values={"rank": "rank"}, places=["rank"])
      event player value  published  computed  equal
    0     E      a  rank        1.0       1.0   True
    1     E      b  rank        3.0       2.0   True
    2     E      c  rank        2.0       2.0   True
    """
    if last_digit not in LAST_DIGIT:
        raise ValueError(f"last_digit must be one of {LAST_DIGIT}, got {last_digit!r}")
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
    names, pubs, comps, equals = list(values), [], [], []
    for pub, col in values.items():
        p = _floats(joined[pub])
        c = _floats(joined[f"computed {col}"])
        d = (precision or {}).get(pub, decimals(published[pub]))
        # (whole numbers, points and places, are exact whatever the last digit of decimals)
        unit = (1.0 if last_digit == "approximate" and d > 0 else 0.5) * 10.0**-d
        equal = np.abs(p - c) <= unit + 1e-9
        if pub in places:
            shared = computed.groupby([*keys[:-1], col], sort=False)[col].transform("size")
            size = joined[keys].merge(computed[keys].assign(_n=shared), on=keys, how="left")["_n"]
            equal |= (p >= c) & (p <= c + _floats(size) - 1)
        pubs.append(p)
        comps.append(c)
        equals.append(equal)
    # one row per entity (in the keys' order) and published value (in the given order)
    order = joined.sort_values(keys, kind="stable").index.to_numpy()
    rows, which = np.repeat(order, len(names)), np.tile(np.arange(len(names)), order.size)
    out = joined[keys].take(rows).reset_index(drop=True)
    out["value"] = np.asarray(names, dtype=object)[which]
    out["published"] = np.column_stack(pubs)[rows, which] if names else np.empty(0)
    out["computed"] = np.column_stack(comps)[rows, which] if names else np.empty(0)
    out["equal"] = np.column_stack(equals)[rows, which] if names else np.empty(0, dtype=bool)
    return out[[*keys, *CHECK_COLUMNS]]


def _floats(values: pd.Series) -> np.ndarray:
    """`values` as float64, missing and non-numbers as NaN (nullable dtypes too)."""
    return pd.to_numeric(values, errors="coerce").astype("float64").to_numpy()


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
