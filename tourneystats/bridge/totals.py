"""Per-pair totals of per-result values: the pairs' lines, their sums over a session and places.

A pair is counted in its event, section and line (the NS or EW line of a Mitchell, the one field
of a Howell); its total is two ``np.bincount`` over the NS and EW sides of the results.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from ..core.ranking import competition_rank
from ..core.schema import BOARDS, DECIDED_BY, EVENT, LINE, PAIR, PERCENTAGE, SECTION, TOP
from .conventions import CONVENTIONS, DEFAULT_CONVENTION, FACTORED, Convention
from .prepare import EW, NS, _dense, _Prep

#: the ``line`` of every pair of a Howell (one field); Mitchell lines are ``"NS"`` and ``"EW"``
FIELD = "all"

#: order of the ``line`` values in every output
LINE_DTYPE = pd.CategoricalDtype([NS, EW, FIELD], ordered=True)


def _percent(mp: np.ndarray, top: np.ndarray) -> np.ndarray:
    """``100 mp / top``, NaN where the top is 0."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(top > 0, 100.0 * mp / np.where(top > 0, top, 1.0), np.nan)


def _line_of(howell: np.ndarray, ew: np.ndarray) -> pd.Categorical:
    """The ``line`` of each side: ``"all"`` in a Howell, else ``"NS"`` or ``"EW"``."""
    codes = np.where(howell, 2, ew.astype(np.int8))
    return pd.Categorical.from_codes(codes, dtype=LINE_DTYPE)


def _entities(p: _Prep) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Entity code (a pair in its event, section and line) of the NS and the EW side of every
    row, and the value of each code (``2 pk + 1`` for the EW line of a Mitchell, else ``2 pk``)."""
    ew_key = p.pk_ew * 2
    ew_key += ~p.howell[p.evsec]  # the EW line of a Mitchell
    (ent_ns, ent_ew), values = _dense(p.pk_ns * 2, ew_key, size=2 * max(p.n_pk, 1))
    return ent_ns, ent_ew, values


def _entity_labels(p: _Prep, values: np.ndarray) -> dict[str, Any]:
    """The event, section, line and pair of entity codes' values."""
    pk, bit = values // 2, (values % 2).astype(bool)
    evsec = p.pk_evsec[pk]
    labels = {
        EVENT: p.event_label(evsec),
        SECTION: p.section_label(evsec),
        LINE: _line_of(p.howell[evsec], bit),
        PAIR: p.pair_label(pk),
    }
    return labels


def _side_masks(p: _Prep) -> tuple[np.ndarray | None, np.ndarray | None]:
    """Rows whose NS side and whose EW side count in the totals (None: all): a phantom pair's
    side of a phantom table never counts."""
    if not p.phantom_rows.size:
        return None, None
    keep_ns = np.ones(p.n, dtype=bool)
    keep_ew = np.ones(p.n, dtype=bool)
    keep_ns[p.phantom_rows[p.phantom_ns]] = False
    keep_ew[p.phantom_rows[~p.phantom_ns]] = False
    return keep_ns, keep_ew


def _standings(
    p: _Prep,
    ns_value: np.ndarray,
    ew_value: np.ndarray,
    top: np.ndarray | None,
    value: str,
    *,
    convention: Convention | None = None,
    board_pct: tuple[np.ndarray, np.ndarray] | None = None,
    percent_of: tuple[np.ndarray, np.ndarray] | None = None,
) -> pd.DataFrame:
    """Totals per pair (event, section, line, pair): boards, value, [top, percentage],
    factored, rank.

    With `top` (matchpoints) the pairs are ranked by percentage, else (IMPs) by the total the
    convention publishes, unrounded (then rounded to the convention's decimals). `board_pct` (NS and EW percentage of every result) makes the
    percentage their mean (``Convention.percentage="mean"``); `percent_of` (NS and EW values)
    gives the percentage when it is not that of the totalled values."""
    conv = convention or CONVENTIONS[DEFAULT_CONVENTION]
    ent_ns, ent_ew, values = _entities(p)
    keep_ns, keep_ew = _side_masks(p)
    if keep_ns is not None:
        ent_ns, ent_ew = ent_ns[keep_ns], ent_ew[keep_ew]
    k = len(values)

    def total(ns: np.ndarray | None, ew: np.ndarray | None) -> np.ndarray:
        if keep_ns is not None and ns is not None:
            assert ew is not None  # (both sides or neither)
            ns, ew = ns[keep_ns], ew[keep_ew]
        out = np.bincount(ent_ns, weights=ns, minlength=k).astype(np.float64, copy=False)
        out += np.bincount(ent_ew, weights=ew, minlength=k)  # (no NS side left: an int array)
        return out[used]

    boards = np.bincount(ent_ns, minlength=k) + np.bincount(ent_ew, minlength=k)
    used = np.flatnonzero(boards)  # entity codes may be unused when kept uncompacted
    frame = pd.DataFrame(_entity_labels(p, values[used]))
    played = boards[used].astype(np.int64)
    frame[BOARDS] = played
    sums = total(ns_value, ew_value)
    frame[value] = sums
    criterion = value
    if top is not None:
        frame[TOP] = total(top, top)
        if board_pct is not None:
            pct = total(*board_pct) / played
        else:
            of = sums if percent_of is None else total(*percent_of)
            pct = _percent(of, frame[TOP].to_numpy())
        frame[PERCENTAGE] = pct
        criterion = PERCENTAGE
    frame[FACTORED] = sums * _most_boards(p, values[used], played) / played
    if top is None and conv.total == FACTORED:
        criterion = FACTORED
    out = competition_rank(
        frame, [criterion], by=[EVENT, SECTION, LINE], order_by=PAIR, decided_by=DECIDED_BY
    )
    if conv.decimals is not None:  # ranked on the unrounded values, published rounded
        for column in (value, PERCENTAGE, FACTORED):
            if column in out.columns:
                out[column] = conv.round(out[column].to_numpy(), conv.decimals)
    return out


def _most_boards(p: _Prep, values: np.ndarray, played: np.ndarray) -> np.ndarray:
    """Per entity: the most boards any pair of its line (event, section and NS/EW line of a
    Mitchell, field of a Howell) played."""
    line = p.pk_evsec[values // 2] * 2 + values % 2
    most = np.zeros(2 * max(p.n_evsec, 1), dtype=np.int64)
    np.maximum.at(most, line, played)
    return most[line]
