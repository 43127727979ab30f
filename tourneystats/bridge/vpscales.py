"""Victory point scales of team matches: the WBF 2013 scale, or a scale read from a table.

``vp_scale="wbf2013"`` (the default) is the WBF 2013 continuous scale,
:func:`~tourneystats.bridge.victory_points`. Any other scale is a table the user gives: a CSV
file or a DataFrame with one row per IMP band and number of boards,

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
    if isinstance(value, str) and value.strip().lower() in _NOT_SHIPPED:
        raise ValueError(
            f"vp_scale {value!r}: {_NOT_SHIPPED[value.strip().lower()]} are not shipped with "
            "tourneystats (no authoritative copy was found); give the table your event used, "
            "as a CSV file with columns boards, imp_min, imp_max, vp_winner, vp_loser"
        )
    if isinstance(value, (str, os.PathLike)) and Path(value).suffix.lower() == ".csv":
        path = Path(value)
        if not path.is_file():
            raise ValidationError(f"{path}: no such VP scale file")
        return _table_scale(pd.read_csv(path), str(path))
    raise ValueError(
        f"unknown vp_scale {value!r}: 'wbf2013', a .csv file or a DataFrame of IMP bands"
    )


def _table_scale(table: pd.DataFrame, what: str) -> Scale:
    """The scale of a table of IMP bands, checked: bands from 0, contiguous, one open end."""
    missing = [c for c in _COLUMNS if c not in table.columns]
    if missing:
        raise ValidationError(f"{what}: missing column(s) {', '.join(missing)}")
    t = table[list(_COLUMNS)].copy()
    t["imp_max"] = pd.to_numeric(t["imp_max"], errors="coerce").fillna(np.inf)
    num = pd.DataFrame({c: pd.to_numeric(t[c], errors="coerce") for c in _COLUMNS})
    if num.drop(columns="imp_max").isna().any().any():
        raise ValidationError(f"{what}: every value but an open imp_max must be a number")
    num = num.sort_values([BOARDS, "imp_min"], kind="stable", ignore_index=True)
    same = num[BOARDS].eq(num[BOARDS].shift())
    first = ~same
    nxt = num["imp_max"].shift() + 1
    bad = (first & (num["imp_min"] != 0)) | (same & (num["imp_min"] != nxt))
    bad |= num["imp_max"] < num["imp_min"]
    bad |= same.shift(-1, fill_value=False) & np.isinf(num["imp_max"])
    bad |= num["vp_winner"] < num["vp_loser"]
    if bad.any():
        row = num[bad].iloc[0]
        raise ValidationError(
            f"{what}: the IMP bands of {int(row[BOARDS])} boards must start at 0 and follow each "
            f"other without gap or overlap, only the last open-ended, the winner scoring at least "
            f"the loser (band from {row['imp_min']:g})"
        )
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
            raise ValidationError(
                f"{what}: no band for a margin of {size[i]:g} IMPs in a match of {b[i]} boards"
            )
        return np.where(m >= 0, win[at], lose[at])

    return scale
