"""Victory point scales of team matches: the WBF 2013 scales, or a scale read from a table.

``vp_scale="wbf2013"`` (the default) is the WBF 2013 continuous scale,
:func:`~tourneystats.bridge.victory_points`. ``vp_scale="wbf2013_discrete"`` is the discrete
(whole VP) scale derived from it, ``wbf_discrete_table``. Any other scale is a table the
user gives: a CSV file or a DataFrame with one row per IMP band and number of boards,

==============  ===========================================================================
``boards``      boards in the match (rows for every board count the matches have)
``imp_min``     the smallest IMP margin of the band (the bands of a board count start at 0
                and follow each other without gap or overlap)
``imp_max``     the largest margin of the band; empty for the last, open-ended band ("28+")
``vp_winner``   victory points of the team that won by a margin of the band (at margin 0:
                each team's)
``vp_loser``    victory points of the team that lost by it
==============  ===========================================================================

so that a margin ``m >= 0`` scores ``vp_winner`` and the opponents ``vp_loser`` of its band.
A table is checked before use (``check_vp_table``): per number of boards, the bands start
at 0 and follow each other without gap or overlap, only the last open-ended; a draw (the band
of margin 0) gives both teams the same; the winner's VPs never fall and the loser's never rise
as the margin grows; the two sum to the same total in every band. A match whose number of
boards the table has no bands for is refused, naming the counts it has.

The discrete 25-point WBF scales used until 2012 (15-15 a draw, 25-0 the extreme; "WBF 25"),
and a 30-point WBF scale, are **not shipped**: no authoritative copy of them (a WBF document,
or a scoring program's tables with a stated source) was found, and a table typed from memory
or from an unsourced page would be wrong somewhere unnoticed. ``vp_scale="wbf25"`` or
``"wbf30"`` raises an error saying so; give the table your event used instead.

Examples
--------
>>> table = pd.DataFrame({"boards": 8, "imp_min": [0, 1, 3], "imp_max": [0, 2, None],
...                       "vp_winner": [10, 12, 15], "vp_loser": [10, 8, 5]})
>>> scale_of(table)(np.array([0, 2, -7, 40]), np.array([8, 8, 8, 8])).tolist()
[10.0, 12.0, 5.0, 15.0]
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from ..core.schema import BOARDS, ValidationError

#: a scale: (margins, boards) -> the VP of the team with each margin
Scale = Callable[[np.ndarray, np.ndarray], np.ndarray]

_COLUMNS = (BOARDS, "imp_min", "imp_max", "vp_winner", "vp_loser")
#: the option a VP table is given with, named in the errors about it
_OPTION = "vp_scale (--vp-scale)"
#: the name of the WBF 2013 discrete scale (:func:`wbf_discrete_table`)
DISCRETE = "wbf2013_discrete"
_NOT_SHIPPED = {
    "wbf25": "the WBF 25-point scales used until 2012",
    "wbf30": "a WBF 30-point scale",
}


def scale_of(value: Any) -> Scale:
    """The VP scale `value` names: ``"wbf2013"``, a CSV file, or a DataFrame (see the module).

    Raises
    ------
    ValueError
        An unknown name, or one of the WBF scales that are not shipped.
    ValidationError
        A table with missing columns, gaps or overlaps.
    """
    if isinstance(value, pd.DataFrame):
        return _table_scale(value, "vp_scale table")
    if isinstance(value, str) and value.strip().lower() == "wbf2013":
        from .imp import victory_points

        return victory_points
    if isinstance(value, str) and value.strip().lower() == DISCRETE:
        return _discrete_scale
    if isinstance(value, str) and value.strip().lower() in _NOT_SHIPPED:
        raise ValueError(
            f"vp_scale {value!r}: {_NOT_SHIPPED[value.strip().lower()]} are not shipped with "
            "tourneystats (no authoritative copy was found); give the table your event used, "
            "as a CSV file with columns boards, imp_min, imp_max, vp_winner, vp_loser"
        )
    if isinstance(value, str) and value.strip().lower().startswith("given"):
        raise ValueError(
            f"vp_scale {value!r} takes the VPs a match results table gives (home_vp, "
            "visit_vp); these results are not such a table"
        )
    if isinstance(value, (str, os.PathLike)) and Path(value).suffix.lower() == ".csv":
        return _table_scale(read_vp_table(value), f"{_OPTION} {value}")
    raise ValueError(
        f"unknown vp_scale {value!r}: 'wbf2013', '{DISCRETE}', a .csv file or a DataFrame of "
        "IMP bands"
    )


def check_scale_option(value: Any) -> None:
    """Refuse a ``vp_scale`` value that names no scale: a scale :func:`scale_of` knows, or
    ``"given"`` / ``"given:SCALE"`` (the VPs of a match results table, published on the
    convention's scale or on SCALE; :func:`~tourneystats.bridge.pool_matches`).

    Examples
    --------
    >>> check_scale_option("given:wbf2013_discrete")
    >>> check_scale_option("given:wbf25")
    Traceback (most recent call last):
    ...
    ValueError: vp_scale 'wbf25': the WBF 25-point scales used until 2012 are not shipped with tourneystats (no authoritative copy was found); give the table your event used, as a CSV file with columns boards, imp_min, imp_max, vp_winner, vp_loser
    """
    if isinstance(value, str):
        head, colon, rest = value.strip().partition(":")
        if head.lower() == "given":
            if colon and rest.strip():
                scale_of(rest.strip())
            return
    scale_of(value)


def read_vp_table(path: str | os.PathLike) -> pd.DataFrame:
    """The VP table of a CSV file (see the module), as given; errors name the option.

    Raises
    ------
    ValidationError
        A missing, empty or unreadable file.
    """
    from ..core.io import note_input, read_table

    path = Path(path)
    if not path.is_file():
        raise ValidationError(f"{_OPTION} {path}: no such VP scale file")
    note_input(path)
    try:
        return read_table(path)
    except (ValidationError, ValueError, OSError) as exc:
        raise ValidationError(f"{_OPTION} {path}: {exc}") from None


def check_vp_table(table: pd.DataFrame, what: str = "vp_scale table") -> pd.DataFrame:
    """The bands of a VP table (see the module) as numbers, sorted by boards and margin, checked.

    Per number of boards: the bands start at 0 and follow each other without gap or overlap,
    only the last open-ended; the victory points of the winner rise (never fall) with the
    margin and those of the loser fall; the winner's and the loser's sum to the same total in
    every band; a draw (the band of margin 0) gives both teams the same. `what` names the table
    in the errors (the option and the file).

    Raises
    ------
    ValidationError
        Naming the table, the number of boards and the band that breaks a rule.

    Examples
    --------
    >>> table = pd.DataFrame({"boards": 8, "imp_min": [0, 1, 3], "imp_max": [0, 2, None],
    ...                       "vp_winner": [10, 12, 9], "vp_loser": [10, 8, 11]})
    >>> check_vp_table(table)
    Traceback (most recent call last):
    ...
    tourneystats.core.schema.ValidationError: vp_scale table: 8 boards, band from 3 IMPs: the winner's victory points fall as the margin grows (12 then 9)
    """
    missing = [c for c in _COLUMNS if c not in table.columns]
    if missing:
        raise ValidationError(f"{what}: missing column(s) {', '.join(missing)}")
    if not len(table):
        raise ValidationError(f"{what}: no IMP band")
    t = table[list(_COLUMNS)]
    num = pd.DataFrame({c: pd.to_numeric(t[c], errors="coerce") for c in _COLUMNS})
    open_end = num["imp_max"].isna() & t["imp_max"].isna()
    if num.drop(columns="imp_max").isna().any().any() or (num["imp_max"].isna() & ~open_end).any():
        raise ValidationError(f"{what}: every value but an open imp_max must be a number")
    num["imp_max"] = num["imp_max"].fillna(np.inf)
    whole = num[[BOARDS, "imp_min"]]
    if (whole % 1 != 0).any().any() or (num[BOARDS] < 1).any():
        raise ValidationError(f"{what}: boards and imp_min must be whole numbers, boards 1 or more")
    num = num.sort_values([BOARDS, "imp_min"], kind="stable", ignore_index=True)
    _check_bands(num, what)
    return num


def _check_bands(num: pd.DataFrame, what: str) -> None:
    """The rules of :func:`check_vp_table` on its sorted numeric bands."""
    same = num[BOARDS].eq(num[BOARDS].shift())
    first = ~same
    win, lose = num["vp_winner"], num["vp_loser"]
    total = (win + lose).groupby(num[BOARDS]).transform("first")
    checks = [
        (first & (num["imp_min"] != 0), "the bands must start at a margin of 0"),
        (same & (num["imp_min"] != num["imp_max"].shift() + 1), "the bands must follow each other without gap or overlap"),
        (num["imp_max"] < num["imp_min"], "imp_max below imp_min"),
        (same.shift(-1, fill_value=False) & np.isinf(num["imp_max"]), "open-ended, not last"),
        (first & (win != lose), "a draw (margin 0) must give both teams the same"),
        (same & (win < win.shift()), "the winner's victory points fall as the margin grows"),
        (same & (lose > lose.shift()), "the loser's victory points rise as the margin grows"),
        (win < lose, "the winner scores less than the loser"),
        ((win + lose - total).abs() > 1e-9, "the winner's and loser's victory points do not "
         "sum to the same total as in the other bands"),
    ]  # fmt: skip
    for bad, reason in checks:
        if bad.any():
            i = int(np.flatnonzero(bad.to_numpy())[0])
            row = num.iloc[i]
            if "fall" in reason or "rise" in reason:
                column = "vp_winner" if "winner" in reason else "vp_loser"
                reason += f" ({num[column].iloc[i - 1]:g} then {row[column]:g})"
            raise ValidationError(
                f"{what}: {int(row[BOARDS])} boards, band from {row['imp_min']:g} IMPs: {reason}"
            )


def _table_scale(table: pd.DataFrame, what: str) -> Scale:
    """The scale of a table of IMP bands, checked by :func:`check_vp_table`."""
    num = check_vp_table(table, what)
    boards = num[BOARDS].to_numpy(dtype=np.int64)
    lows = num["imp_min"].to_numpy(dtype=np.float64)
    highs = num["imp_max"].to_numpy(dtype=np.float64)
    win = num["vp_winner"].to_numpy(dtype=np.float64)
    lose = num["vp_loser"].to_numpy(dtype=np.float64)
    key = boards * 1_000_000 + lows  # bands sorted by board count, then margin

    def scale(margins: np.ndarray, nboards: np.ndarray) -> np.ndarray:
        m = np.asarray(margins, dtype=np.float64)
        b = np.broadcast_to(np.asarray(nboards, dtype=np.int64), m.shape)
        size = np.floor(np.abs(m))
        at = np.searchsorted(key, b * 1_000_000 + size, side="right") - 1
        found = (at >= 0) & (boards[np.maximum(at, 0)] == b) & (size <= highs[np.maximum(at, 0)])
        if not found.all():
            i = int(np.flatnonzero(~found)[0])
            known = ", ".join(map(str, np.unique(boards)))
            raise ValidationError(
                f"{what}: no band for a margin of {size[i]:g} IMPs in a match of {b[i]} boards "
                f"(the table has bands for matches of {known} boards)"
            )
        return np.where(m >= 0, win[at], lose[at])

    return scale


# --- the WBF 2013 discrete scale ------------------------------------------------------------------

#: tau^3, tau the golden ratio's conjugate (sqrt(5) - 1) / 2: the decay of the WBF 2013 scales
_R = ((5**0.5 - 1) / 2) ** 3


def _discrete_uppers(boards: int) -> list[int]:
    """The largest margin of the bands of 10, 11, ... 19 VPs for the winner (see
    :func:`wbf_discrete_table`)."""
    blitz = 15 * boards**0.5
    # the margin at which the continuous curve 10 + 10 (1 - R^(I/X)) / (1 - R) reaches 10.5 + k
    reach = [blitz * np.log(1 - (1 - _R) * (k + 0.5) / 10) / np.log(_R) for k in range(10)]
    up = [int(np.floor(x + 1e-9)) for x in reach]
    width = lambda i: 2 * up[0] + 1 if i == 0 else up[i] - up[i - 1]  # noqa: E731
    i = 0
    while i < 9:  # the concavity correction: no band wider than the next one
        if up[i + 1] - up[i] < width(i):
            up[i] -= 1
            i = 0
        else:
            i += 1
    if up[0] < 0 or any(width(i) < 1 for i in range(1, 10)):  # (never for 1 to 500 boards)
        raise ValueError(f"no WBF discrete scale for matches of {boards} boards")
    return up


def wbf_discrete_table(boards: Any) -> pd.DataFrame:
    """The WBF 2013 discrete VP scale (whole VPs, 20 the total) for matches of `boards` boards,
    as a table of IMP bands (the shape of the module's user tables).

    The bands follow the WBF Scoring Panel's construction from the continuous scale
    (:func:`~tourneystats.bridge.victory_points`, blitz ``X = 15 sqrt(boards)``): the band of
    ``10 + k`` VPs for the winner ends at the margin where the continuous curve, unrounded,
    reaches ``10.5 + k``, rounded down to a whole IMP (so before the correction the discrete
    VP is the continuous VP rounded to the nearest whole VP); then, from the draw up, a band
    narrower than the one before it (the draw band spans ``-m .. m``) has the previous band's
    end moved down one IMP, starting again after each move, until every band is at least as
    wide as the one before (each extra IMP worth no more than the one before). A margin past
    the band of 19 scores 20-0. This reproduces the published tables of 20 board counts
    (5 to 64) band for band (``tests/data/README.md``).

    Parameters
    ----------
    boards : int or iterable of int
        The board counts (1 or more) to build the scale for.

    Returns
    -------
    pandas.DataFrame
        ``boards, imp_min, imp_max, vp_winner, vp_loser``, 11 bands per board count, the last
        open-ended (``imp_max`` missing).

    Examples
    --------
    >>> t = wbf_discrete_table(16)
    >>> t[["imp_min", "imp_max", "vp_winner", "vp_loser"]].head(4).to_numpy().tolist()
    [[0.0, 1.0, 10.0, 10.0], [2.0, 4.0, 11.0, 9.0], [5.0, 8.0, 12.0, 8.0], [9.0, 12.0, 13.0, 7.0]]
    >>> scale_of("wbf2013_discrete")(np.array([7, -7, 60]), np.array([16, 16, 16])).tolist()
    [12.0, 8.0, 20.0]
    """
    counts = np.unique(np.atleast_1d(np.asarray(boards)))
    if counts.dtype.kind not in "iu" or (counts < 1).any():
        raise ValueError(f"boards must be whole numbers of 1 or more; got {boards!r}")
    rows = []
    for n in counts.tolist():  # (one small list per board count, not per match)
        up = _discrete_uppers(int(n))
        lows = [0] + [u + 1 for u in up]
        highs = [*up, np.nan]
        rows += [(n, lo, hi, 10 + k, 10 - k) for k, (lo, hi) in enumerate(zip(lows, highs))]
    return pd.DataFrame(rows, columns=list(_COLUMNS)).astype(
        {"imp_min": "float64", "imp_max": "float64", "vp_winner": "float64", "vp_loser": "float64"}
    )


def _discrete_scale(margins: np.ndarray, nboards: np.ndarray) -> np.ndarray:
    """The WBF 2013 discrete scale as a :data:`Scale`: the table of the board counts given."""
    m = np.asarray(margins, dtype=np.float64)
    b = np.broadcast_to(np.asarray(nboards), m.shape)
    counts = pd.to_numeric(pd.Series(np.unique(b)), errors="coerce").to_numpy(np.float64)
    if np.isnan(counts).any() or (counts < 1).any() or (counts != np.floor(counts)).any():
        raise ValueError("boards must be positive whole numbers")
    table = wbf_discrete_table(counts.astype(np.int64))
    return _table_scale(table, f"vp_scale {DISCRETE!r}")(m, b.astype(np.int64))
