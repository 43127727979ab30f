"""Weighted adjusted scores (Law 12C1(c)): a table's result as a mixture of scores.

A director may assign a table a weighted score, such as 67 % of +170 and 33 % of +140. In a
pairs traveller frame it is one row with no ``ns_score`` and no ``artificial`` code, and a
``weighted`` column holding its parts, ``"0.67*170 + 0.33*140"`` (weights, each in (0, 1], that
total 1, times North-South scores, multiples of 10).

Matchpoints compare it as the mixture it is: against another result ``x`` it scores the
weighted sum of its parts' matchpoints against ``x``, and ``x`` scores the rest
(``2 - that`` on the full scale). A result's matchpoints are then

    sum over the parts c of its table, weight w_c, of
        w_c * (2 * weight of the board's parts below c + weight of the parts equal to c
               - the same count over its own table's parts),

where an ordinary result is one part of weight 1 (its own term is its tie with itself, 1). The
board counts each weighted table as one result. IMP scoring (Butler, cross-IMPs) refuses
weighted scores.

Examples
--------
>>> df = pd.DataFrame({"event": "E", "board": 1, "ns_pair": [1, 2, 3], "ew_pair": [4, 5, 6],
...                    "ns_score": [170, 140, None],
...                    "weighted": [None, None, "0.5*170 + 0.5*140"]})
>>> from tourneystats import bridge
>>> bridge.matchpoints(df)["ns_mp"].tolist()
[3.5, 0.5, 2.0]
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pandas as pd

from ..core.schema import fail_rows

#: column of a pairs traveller frame: the parts of a weighted adjusted score
WEIGHTED = "weighted"

_TERM = re.compile(r"\s*([0-9]*\.?[0-9]+)\s*\*\s*([+-]?\d+)\s*")


def parse_weighted(text: str) -> list[tuple[float, int]] | None:
    """The (weight, NS score) parts of a weighted score, or None when malformed.

    Examples
    --------
    >>> parse_weighted("0.67*170 + 0.33*140")
    [(0.67, 170), (0.33, 140)]
    >>> parse_weighted("0.5*170") is None  # the weights must total 1
    True
    """
    terms = [t for t in re.split(r"\+(?=\s*[0-9.]+\s*\*)|;", str(text)) if t.strip()]
    parts = []
    for term in terms:
        m = _TERM.fullmatch(term)
        if not m:
            return None
        weight, score = float(m.group(1)), int(m.group(2))
        if not 0 < weight <= 1 or score % 10:
            return None
        parts.append((weight, score))
    if len(parts) < 2 or abs(sum(w for w, _ in parts) - 1.0) > 1e-6:
        return None
    return parts


def weighted_parts(frame: pd.DataFrame, rows: np.ndarray) -> tuple[np.ndarray, ...]:
    """The parts of the weighted scores of `rows`: (row, weight, score) arrays, one entry per
    part; a malformed value is refused."""
    values = frame[WEIGHTED].to_numpy(dtype=object)[rows]
    codes, uniques = pd.factorize(pd.Series(values, dtype=object))
    parsed: list[Any]  # (None for a refused value)
    parsed = [parse_weighted(u) for u in uniques]  # distinct values, a handful
    bad = np.array([p is None for p in parsed], dtype=bool)
    if bad.any():
        mask = np.zeros(len(frame), dtype=bool)
        mask[rows[bad[codes]]] = True
        fail_rows(
            frame,
            mask,
            "a weighted score must be parts 'w*score' joined by '+', weights in (0, 1] "
            "totalling 1, scores multiples of 10 (e.g. '0.67*170 + 0.33*140')",
        )
    counts = np.array([len(p) for p in parsed], dtype=np.int64)[codes]
    row = np.repeat(rows, counts)
    flat = [part for c in codes for part in parsed[c]]  # few rows: weighted scores are rare
    return row, np.array([w for w, _ in flat]), np.array([s for _, s in flat], dtype=np.int64)


def _beaten(group: np.ndarray, score: np.ndarray, weight: np.ndarray) -> np.ndarray:
    """Per entry: 2 x the weight of its group's entries below it + the weight of those equal
    (itself included)."""
    order = np.lexsort((score, group))
    g, s, w = group[order], score[order], weight[order]
    n = len(g)
    cum = np.concatenate([[0.0], np.cumsum(w)])
    new_group = np.ones(n, dtype=bool)
    new_group[1:] = g[1:] != g[:-1]
    new_run = new_group.copy()
    new_run[1:] |= s[1:] != s[:-1]
    group_start = np.maximum.accumulate(np.where(new_group, np.arange(n), 0))
    run_start = np.maximum.accumulate(np.where(new_run, np.arange(n), 0))
    run_end = np.append(np.flatnonzero(new_run)[1:], n)[np.cumsum(new_run) - 1]
    out = np.empty(n)
    out[order] = 2.0 * (cum[run_start] - cum[group_start]) + cum[run_end] - cum[run_start]
    return out


def weighted_matchpoints(
    g: np.ndarray,
    real: np.ndarray,
    score: np.ndarray,
    parts: tuple[np.ndarray, np.ndarray, np.ndarray],
    n: int,
) -> np.ndarray:
    """Full-scale matchpoints of the real and the weighted results of every board (the rows in
    `real`, and the rows of `parts`), each against the board's other real and weighted ones."""
    row_w, weight_w, score_w = parts
    rows = np.concatenate([np.flatnonzero(real), row_w])
    weight = np.concatenate([np.ones(int(real.sum())), weight_w])
    scores = np.concatenate([score[real], score_w])
    against_board = _beaten(g[rows], scores, weight)
    against_own = _beaten(rows, scores, weight)  # an ordinary row: its tie with itself, 1
    return np.bincount(rows, weights=weight * (against_board - against_own), minlength=n)
