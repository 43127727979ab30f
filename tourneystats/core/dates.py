"""Reading dates the same way in every family: ISO 8601, or nothing that could be misread.

Dates order the evenings of a league (and so its absences) and choose a chess event's FIDE
rule set, so a date that could be read two ways is refused rather than guessed.
"""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd

#: the dates a ``datetime64[ns]`` column can hold
FIRST_DATE, LAST_DATE = pd.Timestamp("1678-01-01"), pd.Timestamp("2261-12-31")


def not_a_date(column: str) -> str:
    """The message for values of `column` that are not dates."""
    return (
        f"column {column!r} is not a date: write it YYYY-MM-DD (ISO 8601), years 1678 to 2261; "
        "an 8-digit number is read as YYYYMMDD; forms such as 10.01.2024 or 1/10/2024 are "
        "refused, their order of day and month being ambiguous"
    )


def to_dates(values: pd.Series) -> pd.Series:
    """`values` as naive datetimes; NaT where a value is missing or not a date.

    Accepted: datetime columns (a time zone is dropped, keeping the local date and time), text in
    ISO 8601 (``2024-01-10``, ``2024-01-10 19:00``, ``20240110``, ``2024/01/10``), date objects
    and 8-digit whole numbers read as YYYYMMDD (ISO 8601 basic form, as a CSV reader types
    ``20240110``). Not dates: other numbers (an Excel day number or a Unix time has no stated
    origin), text in other forms (``10.01.2024``, ``1/10/2024``: the order of day and month is
    ambiguous), and dates outside 1678-2261. The distinct values are parsed once each; no
    warning is raised.

    Examples
    --------
    >>> to_dates(pd.Series(["2024-01-10", 20240111, "10.01.2024", None])).tolist()
    [Timestamp('2024-01-10 00:00:00'), Timestamp('2024-01-11 00:00:00'), NaT, NaT]
    """
    if isinstance(values.dtype, pd.DatetimeTZDtype):
        values = values.dt.tz_localize(None)
    if pd.api.types.is_datetime64_dtype(values.dtype):
        parsed, codes = pd.Series(values.array), None
    else:
        try:
            codes, uniques = pd.factorize(values)
        except TypeError:  # unhashable values (lists from a Parquet file): no dates at all
            codes, uniques = np.zeros(len(values), np.int64), np.array([None])
        parsed = parse_dates(np.asarray(uniques, dtype=object))
    bad = ((parsed < FIRST_DATE) | (parsed > LAST_DATE)).to_numpy()
    parsed = parsed.mask(bad)
    if codes is None:
        return pd.Series(parsed.to_numpy(), index=values.index, name=values.name)
    taken = parsed.to_numpy().take(np.where(codes < 0, 0, codes))
    taken[codes < 0] = np.datetime64("NaT")
    return pd.Series(taken, index=values.index, name=values.name)


def parse_dates(values: np.ndarray) -> pd.Series:
    """Distinct date values (objects) as datetimes, NaT where not a date (see :func:`to_dates`)."""
    number = np.array(
        [
            isinstance(v, int | float | np.number) and not isinstance(v, bool | np.bool_)
            for v in values
        ],
        dtype=bool,
    )
    out = pd.Series(pd.NaT, index=range(values.size), dtype="datetime64[us]")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if (~number).any():
            text = [v.strip() if isinstance(v, str) else v for v in values[~number]]
            try:
                iso = iso_dates(text)
            except (TypeError, ValueError, OverflowError):  # e.g. time zones mixed: one by one
                iso = pd.concat([iso_dates([v]) for v in text], ignore_index=True)
            out[~number] = iso.to_numpy("datetime64[us]")
        if number.any():
            n = values[number].astype(np.float64)
            eight = (n == np.floor(n)) & (n >= 10_000_101) & (n <= 99_991_231)
            digits = np.where(eight, n, 0).astype(np.int64).astype(str)
            out[number] = np.where(
                eight,
                pd.to_datetime(pd.Series(digits), format="%Y%m%d", errors="coerce").to_numpy(
                    "datetime64[us]"
                ),
                np.datetime64("NaT"),
            )
    return out


def iso_dates(values: list) -> pd.Series:
    """Text in ISO 8601 and date objects as naive datetimes (NaT where not a date)."""
    out = pd.to_datetime(pd.Series(values, dtype=object), format="ISO8601", errors="coerce")
    if isinstance(out.dtype, pd.DatetimeTZDtype):
        out = out.dt.tz_localize(None)
    return out
