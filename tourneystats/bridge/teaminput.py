"""The one validation every table of a team competition passes through (match and segment
results, carry-over, earlier stages, byes, published standings), whichever way it comes in: a
DataFrame, a CSV or Parquet file, the command line or ``check``.

Team names
----------
A team is named the same way in every row of every table. Spaces before or after a name are
not part of it (``"Smith "`` is ``"Smith"``: trimmed). Two spellings that differ only in
letter case or in the spaces inside (``"Smith"`` and ``"smith"``, ``"Team  A"`` and ``"Team
A"``) are refused, naming both and where each is found: one team or two, the tables do not
say, and the conditions of contest register each team under one name. Names that are numbers
(team numbers) are taken as they are.

Scores
------
Each team's IMPs in a match or segment are 0 or more (the margin is their difference) and
finite; a match or segment has 1 board or more. These are refused naming the rows.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

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


def _trim(values: pd.Series) -> pd.Series:
    """`values` with the spaces around each text name removed (other values as they are)."""
    if isinstance(values.dtype, pd.CategoricalDtype):
        cats = values.cat.categories
        if cats.dtype.kind != "O" and not pd.api.types.is_string_dtype(cats.dtype):
            return values
        values = values.astype(object)
    elif not (pd.api.types.is_string_dtype(values.dtype) or values.dtype == object):
        return values
    codes, uniques = pd.factorize(values)
    text = np.array([u.strip() if isinstance(u, str) else u for u in uniques], dtype=object)
    if all(a is b or a == b for a, b in zip(text, uniques, strict=True)):
        return values
    out = pd.Series(text.take(np.maximum(codes, 0)), index=values.index, dtype=object)
    out[codes < 0] = None
    return out.astype(values.dtype) if pd.api.types.is_string_dtype(values.dtype) else out


def _fold(name: object) -> object:
    """The key under which two spellings of one name collide (case and inner spaces)."""
    return " ".join(name.split()).casefold() if isinstance(name, str) else name


def team_names(tables: Sequence[Table]) -> list[pd.DataFrame]:
    """The tables with their team names trimmed; refused when two spellings of a name collide
    (see the module), naming both and the rows of each.

    Parameters
    ----------
    tables : sequence of (DataFrame, columns, what)
        Each table, the columns of it that name teams (those it has), and its name in errors.

    Returns
    -------
    list of pandas.DataFrame
        New frames (the caller's are never modified), names trimmed.

    Raises
    ------
    ValidationError
        Two spellings of one name.

    Examples
    --------
    >>> m = pd.DataFrame({"event": "E", "home_team": ["Smith "], "visit_team": ["Jones"]})
    >>> team_names([(m, ["home_team", "visit_team"], "matches")])[0]["home_team"].tolist()
    ['Smith']
    >>> c = pd.DataFrame({"event": "E", "team": ["smith"]})
    >>> team_names([(m, ["home_team", "visit_team"], "matches"), (c, ["team"], "carry")])
    Traceback (most recent call last):
    ...
    tourneystats.core.schema.ValidationError: team names 'Smith' (matches) and 'smith' (carry) differ only in letter case or spaces: spell each team one way in every table
      matches: event='E', home_team='Smith ', visit_team='Jones'
      carry: event='E', team='smith'
    """
    out = []
    seen: dict[object, tuple[object, int, int]] = {}  # folded -> (spelling, table, first row)
    for t, (frame, columns, _) in enumerate(tables):
        present = [c for c in columns if c in frame.columns]
        trimmed = {c: _trim(frame[c]) for c in present}
        changed = {c: v for c, v in trimmed.items() if v is not frame[c]}
        out.append(frame.assign(**changed) if changed else frame)
        for c in present:
            codes, uniques = pd.factorize(trimmed[c])
            first = np.full(len(uniques), -1, dtype=np.int64)
            first[codes[::-1][codes[::-1] >= 0]] = np.flatnonzero(codes >= 0)[::-1]
            for name, row in zip(uniques, first, strict=True):  # (a loop over the names)
                key = _fold(name)
                if key not in seen:
                    seen[key] = (name, t, int(row))
                elif seen[key][0] != name:
                    _collision(tables, seen[key], (name, t, int(row)))
    return out


def _collision(tables: Sequence[Table], a: tuple[object, int, int],
               b: tuple[object, int, int]) -> None:  # fmt: skip
    """Refuse two spellings of one team name, showing a row of each."""
    where = [tables[t][2] for _, t, _ in (a, b)]
    rows = [f"  {tables[t][2]}: {describe_rows(tables[t][0].iloc[[i]]).strip()}" for _, t, i in
            (a, b)]  # fmt: skip
    raise ValidationError(
        f"team names {a[0]!r} ({where[0]}) and {b[0]!r} ({where[1]}) differ only in letter "
        "case or spaces: spell each team one way in every table\n" + "\n".join(rows),
        rows=pd.concat([tables[t][0].iloc[[i]] for _, t, i in (a, b)]),
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
