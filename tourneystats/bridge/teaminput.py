"""The one validation every table of a team competition passes through (match and segment
results, carry-over, earlier stages, byes, published standings), whichever way it comes in: a
DataFrame, a CSV or Parquet file, the command line or ``check``.

Team names
----------
Whitespace is read as every reader reads names (:func:`tourneystats.core.people.clean_name`):
trimmed, each run inside one space (``"Smith "`` is ``"Smith"``). Letter case is part of a
name there; in a team competition two names of its tables that differ only in letter case
(``"Smith"`` and ``"smith"``) are refused, naming both spellings and a row of each: the
conditions of contest register each team under one name, and a team split in two (or a
carry-over, a place, a bye given to a team that does not play) would change totals and
places without a word. Names that are numbers (team numbers) are taken as they are.

Scores
------
Each team's IMPs in a match or segment are 0 or more (the margin is their difference) and
finite; a match or segment has 1 board or more. These are refused naming the rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from ..core.people import clean_name
from ..core.schema import (
    BOARDS,
    HOME_IMPS,
    VISIT_IMPS,
    ValidationError,
    describe_rows,
    fail_rows,
)

#: a table checked together with the others: (frame, its team-name columns, its name in errors)
Table = tuple[pd.DataFrame, Sequence[str], str]


def _is_text(dtype: Any) -> bool:
    return pd.api.types.is_string_dtype(dtype) or getattr(dtype, "kind", None) == "O"


def _trim(values: pd.Series) -> tuple[pd.Series, list[object]]:
    """`values` read by :func:`~tourneystats.core.people.clean_name` (other values as they
    are), and its distinct text names so read (none for a column of numbers)."""
    if isinstance(values.dtype, pd.CategoricalDtype):
        if not _is_text(values.cat.categories.dtype):
            return values, []
        cats = list(values.cat.categories)
        if [clean_name(u) for u in cats] == cats:
            return values, cats
        values = values.astype(object)
    elif not _is_text(values.dtype):
        return values, []
    codes, uniques = pd.factorize(values)  # (one pass; the names are then few)
    clean = np.array([clean_name(u) for u in uniques], dtype=object)
    if all(a is b or a == b for a, b in zip(clean, uniques, strict=True)):
        return values, list(uniques)
    out = pd.Series(clean.take(np.maximum(codes, 0)), index=values.index, dtype=object)
    out[codes < 0] = None
    if pd.api.types.is_string_dtype(values.dtype):
        out = out.astype(values.dtype)
    return out, list(dict.fromkeys(clean))


def _fold(name: object) -> object:
    """The key under which two spellings of one name collide (letter case)."""
    return name.casefold() if isinstance(name, str) else name


def team_names(tables: Sequence[Table]) -> list[pd.DataFrame]:
    """The tables with their team names read as every reader reads names (trimmed, inner
    whitespace one space); refused when two names differ only in letter case (see the
    module), naming both and a row of each.

    Parameters
    ----------
    tables : sequence of (DataFrame, columns, what)
        Each table, the columns of it that name teams (those it has), and its name in errors.

    Returns
    -------
    list of pandas.DataFrame
        The tables (a new frame where a name changed; the caller's are never modified).

    Raises
    ------
    ValidationError
        Two names that differ only in letter case.

    Examples
    --------
    >>> m = pd.DataFrame({"event": "E", "home_team": ["Smith "], "visit_team": ["Jones"]})
    >>> team_names([(m, ["home_team", "visit_team"], "matches")])[0]["home_team"].tolist()
    ['Smith']
    >>> c = pd.DataFrame({"event": "E", "team": ["smith"]})
    >>> team_names([(m, ["home_team", "visit_team"], "matches"), (c, ["team"], "carry")])
    Traceback (most recent call last):
    ...
    tourneystats.core.schema.ValidationError: team names 'Smith' (matches) and 'smith' (carry) differ only in letter case: spell each team one way in every table
      matches: event='E', home_team='Smith ', visit_team='Jones'
      carry: event='E', team='smith'
    """
    out = []
    seen: dict[object, tuple[object, int, str]] = {}  # folded -> (spelling, table, column)
    for t, (frame, columns, _) in enumerate(tables):
        present = [c for c in columns if c in frame.columns]
        trimmed = {c: _trim(frame[c]) for c in present}
        changed = {c: v for c, (v, _) in trimmed.items() if v is not frame[c]}
        out.append(frame.assign(**changed) if changed else frame)
        for c in present:
            for name in trimmed[c][1]:  # (a loop over the distinct names)
                key = _fold(name)
                if key not in seen:
                    seen[key] = (name, t, c)
                elif seen[key][0] != name:
                    _collision(tables, out, seen[key], (name, t, c))
    return out


def _collision(tables: Sequence[Table], trimmed: list[pd.DataFrame], a: tuple[object, int, str],
               b: tuple[object, int, str]) -> None:  # fmt: skip
    """Refuse two spellings of one team name, showing the first row of each."""
    rows, where = [], []
    for name, t, column in (a, b):  # (both tables are trimmed by now)
        values = trimmed[t][column]
        first = int(np.flatnonzero((values == name).to_numpy(dtype=bool, na_value=False))[0])
        rows.append(tables[t][0].iloc[[first]])
        where.append(tables[t][2])
    shown = [f"  {w}: {describe_rows(r).strip()}" for w, r in zip(where, rows, strict=True)]
    raise ValidationError(
        f"team names {a[0]!r} ({where[0]}) and {b[0]!r} ({where[1]}) differ only in letter "
        "case: spell each team one way in every table\n" + "\n".join(shown),
        rows=pd.concat(rows),
    )


def check_scores(frame: pd.DataFrame, *, what: str) -> None:
    """Refuse negative or infinite IMPs and fewer than one board, naming the rows (a bye's
    missing visiting IMPs are not checked here)."""
    for col in (HOME_IMPS, VISIT_IMPS):
        if col not in frame.columns:
            continue
        v = frame[col].to_numpy(dtype=np.float64, na_value=np.nan)
        fail_rows(frame, np.isinf(v), f"{col} is not a finite number", what=what)
    negative = np.zeros(len(frame), dtype=bool)
    for col in (HOME_IMPS, VISIT_IMPS):
        if col in frame.columns:
            negative |= frame[col].to_numpy(dtype=np.float64, na_value=np.nan) < 0
    fail_rows(
        frame,
        negative,
        "negative IMPs (each team's IMPs in a match are 0 or more; the margin is their difference)",
        what=what,
    )
    if BOARDS in frame.columns:
        boards = frame[BOARDS].to_numpy(dtype=np.float64, na_value=np.nan)
        fail_rows(frame, boards < 1, "boards must be 1 or more", what=what)


__all__ = ["check_scores", "team_names"]
