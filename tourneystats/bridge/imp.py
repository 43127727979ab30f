"""IMPs: the WBF IMP table, victory points, Butler and cross-IMP scoring of pairs.

The rules are in :mod:`tourneystats.bridge`: the WBF IMP table (vectorised with
``np.searchsorted``), the WBF 2013 continuous victory point scale, a Butler datum per board
(trimmed mean or median of the real scores, rounded), cross-IMPs against every other real
result, and +3 / 0 / -3 IMPs for average-plus / average / average-minus (Law 12C).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, cast

import numpy as np
import pandas as pd

from ..core.schema import DATUM, EW_IMPS, IMPS, NS_IMPS, ValidationError, fail_rows
from .conventions import Convention, check_datum, convention_of
from .prepare import MITCHELL, _nominal_to, _Prep, _prepare, _rank, _Ranked
from .totals import _standings

#: lower bounds of the WBF IMP table: a difference of at least ``IMP_BOUNDS[k]`` points is worth
#: at least ``k + 1`` IMPs (0-10 -> 0, 20-40 -> 1, 50-80 -> 2, ..., 3500-3990 -> 23, 4000+ -> 24)
IMP_BOUNDS = np.array(
    [20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750,
     2000, 2250, 2500, 3000, 3500, 4000],
    dtype=np.int64,
)  # fmt: skip


# --- IMPs and victory points ---------------------------------------------------------------------


def imps(diff: Any) -> Any:
    """IMPs for point differences, on the WBF table, with the sign of the difference.

    Parameters
    ----------
    diff : number, array-like or pandas.Series
        Differences in points.

    Returns
    -------
    int, numpy.ndarray or pandas.Series
        IMPs (int64; float64 when the input has missing values, which stay missing). A Series
        keeps its index.

    Examples
    --------
    >>> from tourneystats.bridge import imps
    >>> imps(10), imps(20), imps(-2490), imps(2500), imps(4000), imps(9999)
    (0, 1, -20, 21, 24, 24)
    >>> imps([0, 45, 50, -130]).tolist()
    [0, 1, 2, -4]
    """
    if np.isscalar(diff):
        return int(imps(np.array([diff]))[0])
    if isinstance(diff, pd.Series):
        return pd.Series(imps(diff.to_numpy(dtype=np.float64, na_value=np.nan)), index=diff.index)
    values = np.asarray(diff, dtype=np.float64)
    out = np.searchsorted(IMP_BOUNDS, np.abs(values), side="right") * np.sign(values)
    missing = np.isnan(values)
    if missing.any():
        return np.where(missing, np.nan, out)
    return out.astype(np.int64)


@lru_cache(maxsize=256)
def _vp_table(boards: int) -> np.ndarray:
    """VP of the winner for margins 0, 1, ..., up to the blitz, rounded and concavity-corrected."""
    tau = (math.sqrt(5.0) - 1.0) / 2.0
    blitz = 15.0 * math.sqrt(boards)
    margins = np.arange(int(math.ceil(blitz)) + 2, dtype=np.float64)
    raw = np.minimum(20.0, 10.0 + 10.0 * (1.0 - tau ** (3.0 * margins / blitz)) / (1.0 - tau**3))
    # work in hundredths (integers) so the correction is exact
    vp = np.rint(raw * 100.0).astype(np.int64)
    i = 1
    while i < vp.size - 1:  # over the IMP margins of one scale (cached), not over rows
        if vp[i + 1] - vp[i] > vp[i] - vp[i - 1]:
            vp[i] += 1  # raising V(i) can make the step into it too big: look back one
            i = max(i - 1, 1)
        else:
            i += 1
    return vp / 100.0


def victory_points(imps: Any, boards: Any) -> Any:
    """Victory points of a team on the WBF 2013 continuous scale (0-20, 0.01 steps).

    With ``tau = (sqrt(5) - 1) / 2`` and the blitz ``X = 15 sqrt(boards)``, a win by ``I`` IMPs
    scores ``min(20, 10 + 10 (1 - tau^(3 I / X)) / (1 - tau^3))`` rounded to 0.01; then, from
    the smallest margin up, a value whose next step would be larger than its previous step is
    raised by 0.01, looking back after each raise until no step exceeds the one before (the WBF
    concavity correction: every extra IMP is worth no more than the one before). The loser
    scores ``20 - VP``. A fractional margin is interpolated linearly between the two whole
    margins around it (and rounded to 0.01).

    Parameters
    ----------
    imps : number, array-like or pandas.Series
        The team's IMP margin (its IMPs minus the opponents'), negative for a loss.
    boards : int or array-like of int
        Boards in the match.

    Returns
    -------
    float, numpy.ndarray or pandas.Series

    Examples
    --------
    >>> from tourneystats.bridge import victory_points
    >>> [victory_points(i, 16) for i in (0, 1, 2, 3, 4, 5, 10, 20)]
    [10.0, 10.31, 10.61, 10.91, 11.2, 11.48, 12.8, 15.0]
    >>> victory_points(-20, 16), victory_points(14, 16), victory_points(99, 16)
    (5.0, 13.75, 20.0)
    """
    if np.isscalar(imps) and np.isscalar(boards):
        return float(victory_points(np.array([imps]), np.array([boards]))[0])
    if isinstance(imps, pd.Series):
        margins = imps.to_numpy(dtype=np.float64, na_value=np.nan)
        return pd.Series(victory_points(margins, boards), index=imps.index)
    margins = np.asarray(imps, dtype=np.float64).reshape(-1)
    nboards = np.broadcast_to(np.asarray(boards), margins.shape)
    bvals = pd.to_numeric(pd.Series(nboards.reshape(-1)), errors="coerce").to_numpy(np.float64)
    if np.isnan(bvals).any() or (bvals < 1).any() or (bvals != np.floor(bvals)).any():
        raise ValueError("boards must be positive whole numbers")
    out = np.full(margins.shape, np.nan)
    size = np.abs(margins)
    for b in np.unique(bvals).astype(np.int64):  # one table per distinct match length
        table = _vp_table(int(b))
        sel = (bvals == b) & ~np.isnan(size)
        m = np.minimum(size[sel], table.size - 1)
        lo = np.floor(m).astype(np.int64)
        hi = np.minimum(lo + 1, table.size - 1)
        frac = m - lo
        out[sel] = np.round(table[lo] + frac * (table[hi] - table[lo]), 2)
    return np.where(margins < 0, np.round(20.0 - out, 2), out)


# --- Butler and cross-IMPs -----------------------------------------------------------------------


@dataclass(frozen=True)
class ButlerRules:
    """How a Butler datum is formed and artificial results are scored in IMPs.

    Parameters
    ----------
    drop : int, float or "median"
        An integer ``k >= 0``: drop the ``k`` highest and ``k`` lowest real scores of the board
        before averaging (never so many that nothing is left: at most ``(n - 1) // 2``). A float
        in ``[0, 0.5)``: drop ``floor(drop * n)`` at each end. ``"median"``: the median score.
    round_to : int
        The datum is rounded to the nearest multiple of this. A mean exactly halfway (ending in
        5 with the default 10) rounds away from zero: 25 -> 30, -25 -> -30. Published
        descriptions of Butler scoring say only "rounded to the nearest 10" and the real
        Compscore file in the tests has no board with such a tie, so this is a choice: the
        common schoolbook rule, symmetric between the lines (unlike rounding ties up, the datum
        seen from EW is exactly minus NS's, so NS and EW IMPs stay opposite), computed exactly
        in integers.
    artificial_imps : tuple of 3 floats
        IMPs scored by average-plus, average and average-minus.

    Examples
    --------
    >>> from tourneystats.bridge import ButlerRules
    >>> ButlerRules(drop=0.1).drop
    0.1
    """

    drop: int | float | str = 1
    round_to: int = 10
    artificial_imps: tuple[float, float, float] = (3.0, 0.0, -3.0)

    def __post_init__(self) -> None:
        check_datum(self.drop, self.round_to)


def _artificial_imps(
    p: _Prep, rules_imps: Sequence[float], phantom_imps: float | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """IMPs of the artificial results (one per artificial row). At a phantom table the phantom
    pair scores 0 (it is not ranked) and the real pair `phantom_imps`, else its percentage's.
    Weighted scores are refused (matchpoints only)."""
    if p.weighted_rows.size:
        rows = np.zeros(p.n, dtype=bool)
        rows[p.weighted_rows] = True
        fail_rows(p.frame, rows, "weighted scores are scored by matchpoints only, not in IMPs")
    ns = _nominal_to(p.art_ns, rules_imps, literal=False)
    ew = _nominal_to(p.art_ew, rules_imps, literal=False)
    if p.phantom_rows.size:
        ns_ghost, ew_ghost = p.art_ns == 0, p.art_ew == 0
        ns[ns_ghost], ew[ew_ghost] = 0.0, 0.0
        if phantom_imps is not None:
            ns[ew_ghost], ew[ns_ghost] = phantom_imps, phantom_imps
    bad = np.isnan(ns) | np.isnan(ew)
    if bad.any():
        fail_rows(
            p.frame,
            np.isin(np.arange(p.n), p.art_rows[bad]),
            "artificial code without an IMP value (IMP scoring knows 60/50/40 only)",
        )
    return ns, ew


def _round_half_away(total: np.ndarray, count: np.ndarray, step: int) -> np.ndarray:
    """``total / count`` rounded to a multiple of `step`, ties away from zero, exactly."""
    den = count * step
    q = (2 * np.abs(total) + den) // (2 * np.maximum(den, 1))
    return np.sign(total) * q * step


def _datum(ranked: _Ranked, rules: ButlerRules, n_rows: int) -> np.ndarray:
    """Per board: the mean of its real scores without the dropped ones (or the median), rounded."""
    n = ranked.n_real
    start = ranked.start
    sorted_score = ranked.score()
    if rules.drop == "median":
        padded = np.append(sorted_score, 0)  # boards without a real result read the pad
        lo = np.where(n > 0, start + (n - 1) // 2, n_rows)
        hi = np.where(n > 0, start + n // 2, n_rows)
        total = padded[lo] + padded[hi]
        count = np.full(n.shape, 2, dtype=np.int64)
    else:
        if isinstance(rules.drop, float):
            k = np.floor(rules.drop * n).astype(np.int64)
        else:
            k = np.full(n.shape, int(rules.drop), dtype=np.int64)
        k = np.minimum(k, np.maximum(n - 1, 0) // 2)
        csum = np.concatenate([[0], np.cumsum(sorted_score)])
        total = csum[start + n - k] - csum[start + k]
        count = n - 2 * k
    return _round_half_away(total, count, int(rules.round_to))


def _imp_frame(p: _Prep, ns_imps: np.ndarray, ew_imps: np.ndarray, integral: bool) -> pd.DataFrame:
    out = p.frame
    if integral:
        out[NS_IMPS] = ns_imps.astype(np.int64)
        out[EW_IMPS] = ew_imps.astype(np.int64)
    else:
        out[NS_IMPS] = ns_imps
        out[EW_IMPS] = ew_imps
    return out


def butler(
    results: pd.DataFrame,
    *,
    drop: int | float | str | None = None,
    round_to: int | None = None,
    artificial_imps: Sequence[float] | None = None,
    convention: str | Convention | None = None,
) -> pd.DataFrame:
    """Butler scoring: IMPs of every result against the board's datum.

    Parameters
    ----------
    results : pandas.DataFrame
        Pairs traveller frame (see :mod:`tourneystats.bridge`).
    drop : int, float or "median"
        ``k``: the datum is the mean of the board's real scores without the ``k`` highest and
        ``k`` lowest (at most ``(n - 1) // 2`` at each end); a fraction ``f``: ``k = floor(f
        n)``; ``"median"``: the median score.
    round_to : int
        The datum is rounded to the nearest multiple (a tie, a mean ending in exactly 5, rounds
        away from zero).
    artificial_imps : (plus, average, minus)
        IMPs of average-plus / average / average-minus (Law 12C: +3, 0, -3).
    convention : str or Convention, optional
        Publisher's conventions (:data:`~tourneystats.bridge.CONVENTIONS`, default ``ebu``):
        the datum, the IMPs of artificial results and of a phantom's opponent, the cap on a
        comparison, as :func:`~tourneystats.bridge.standings` scores a Butler session. `drop`,
        `round_to` and `artificial_imps`, when given, override the convention's.

    Returns
    -------
    pandas.DataFrame
        The validated input with ``datum`` (``Int64``, missing on a board without a real
        result), ``ns_imps = imps(ns_score - datum)`` and ``ew_imps = -ns_imps`` (artificial
        results: their IMPs). Pair totals: :func:`imp_standings`.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.bridge import butler
    >>> df = pd.DataFrame({"event": "E", "board": 1, "ns_pair": [1, 2, 3, 4, 5],
    ...                    "ew_pair": [6, 7, 8, 9, 10], "ns_score": [-420, -450, 50, -420, -200]})
    >>> butler(df)[["ns_score", "datum", "ns_imps", "ew_imps"]]
       ns_score  datum  ns_imps  ew_imps
    0      -420   -350       -2        2
    1      -450   -350       -3        3
    2        50   -350        9       -9
    3      -420   -350       -2        2
    4      -200   -350        4       -4
    """
    conv = convention_of(convention)
    rules = _butler_rules(conv, drop, round_to, artificial_imps)
    p = _prepare(results, movement=MITCHELL)
    ns_imps, ew_imps, row_datum, has_datum = _butler_values(
        p, rules, cap=conv.imp_cap, phantom_imps=conv.phantom_imps
    )
    integral = all(float(v).is_integer() for v in rules.artificial_imps)
    out = _imp_frame(p, ns_imps, ew_imps, integral)
    out[DATUM] = pd.arrays.IntegerArray(row_datum.astype(np.int64), ~has_datum)
    return out[[c for c in out.columns if c not in (NS_IMPS, EW_IMPS)] + [NS_IMPS, EW_IMPS]]


def _butler_rules(
    conv: Convention,
    drop: int | float | str | None,
    round_to: int | None,
    artificial_imps: Sequence[float] | None,
) -> ButlerRules:
    """The datum and artificial IMPs given, else the convention's."""
    return ButlerRules(
        drop=conv.butler_drop if drop is None else drop,
        round_to=conv.butler_round_to if round_to is None else round_to,
        artificial_imps=cast(
            "tuple[float, float, float]",
            tuple(conv.artificial_imps if artificial_imps is None else artificial_imps),
        ),
    )


def _convention_imps(
    p: _Prep, kind: str, conv: Convention
) -> tuple[np.ndarray, np.ndarray, np.ndarray | None, np.ndarray | None]:
    """NS and EW IMPs of every result of `p` scored by `kind` (``"butler"`` or cross-IMPs)
    as the convention scores it, and for Butler the datum of each result and whether it has
    one (None, None for cross-IMPs)."""
    rules = _butler_rules(conv, None, None, None)
    if kind == "butler":
        return _butler_values(p, rules, cap=conv.imp_cap, phantom_imps=conv.phantom_imps)
    ns, ew = _cross_values(
        p, rules, divisor=conv.cross_divisor, cap=conv.imp_cap, phantom_imps=conv.phantom_imps
    )
    return ns, ew, None, None


def _butler_values(
    p: _Prep, rules: ButlerRules, *, cap: int | None = None, phantom_imps: float | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per row: NS and EW Butler IMPs, the board's datum and whether it has one. `cap` limits
    the IMPs of a result (KoPS)."""
    ranked = _rank(p, with_mp=False)
    datum = _datum(ranked, rules, p.n)
    row_datum = datum[p.g]
    diff = p.score - row_datum
    diff[p.art_rows] = 0
    ns_imps = imps(diff).astype(np.float64)
    if cap is not None:
        np.clip(ns_imps, -cap, cap, out=ns_imps)
    ew_imps = -ns_imps
    ns_imps[p.art_rows], ew_imps[p.art_rows] = _artificial_imps(
        p, rules.artificial_imps, phantom_imps
    )
    return ns_imps, ew_imps, row_datum, (ranked.n_real > 0)[p.g]


def cross_imps(
    results: pd.DataFrame,
    *,
    artificial_imps: Sequence[float] | None = None,
    divisor: str | None = None,
    convention: str | Convention | None = None,
) -> pd.DataFrame:
    """Cross-IMPs: every result IMPed against every other real result of its board.

    A real result scores ``sum(imps(score - other))`` over the ``n - 1`` other real results of
    the board, divided by `divisor`: ``"n-1"`` (the comparisons, PBN ``Cross2``; 0 when it is
    the only one), ``"n"`` (the scores, PBN ``Cross1``) or ``"1"`` (not divided, PBN
    ``Cross``); EW scores the opposite. Artificial results are left out of the comparison and
    score `artificial_imps`. `convention` (:data:`~tourneystats.bridge.CONVENTIONS`, default
    ``ebu``) gives the divisor, the artificial and phantom IMPs and the cap on a comparison as
    :func:`~tourneystats.bridge.standings` uses them; `divisor` and `artificial_imps`, when
    given, override it.

    Parameters
    ----------
    results : pandas.DataFrame
        A traveller frame: ``event, board, ns_pair, ew_pair, ns_score`` (and ``section``,
        ``artificial``).
    artificial_imps : sequence of 3 floats, default (3, 0, -3)
        The IMPs of an artificial result that favours NS, is even, or favours EW.
    divisor : {"n-1", "n", "1"}, default "n-1"
        What the sum of a result's IMPs is divided by.
    convention : str or Convention, optional
        The publisher's convention (:data:`~tourneystats.bridge.CONVENTIONS`, default ``ebu``):
        the divisor, the IMPs of artificial results and of a phantom's opponent, the cap on a
        comparison.

    Returns
    -------
    pandas.DataFrame
        The validated input with ``ns_imps`` and ``ew_imps`` (floats). Pair totals:
        :func:`imp_standings`.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.bridge import cross_imps
    >>> df = pd.DataFrame({"event": "E", "board": 1, "ns_pair": [1, 2, 3],
    ...                    "ew_pair": [4, 5, 6], "ns_score": [420, 450, -50]})
    >>> cross_imps(df)["ns_imps"].tolist()
    [4.5, 6.0, -10.5]
    >>> cross_imps(df, divisor="n")["ns_imps"].tolist()
    [3.0, 4.0, -7.0]
    """
    conv = convention_of(convention)
    rules = _butler_rules(conv, None, None, artificial_imps)
    divisor = conv.cross_divisor if divisor is None else divisor
    if divisor not in ("n-1", "n", "1"):
        raise ValueError(f"divisor must be 'n-1', 'n' or '1'; got {divisor!r}")
    p = _prepare(results, movement=MITCHELL)
    ns, ew = _cross_values(
        p, rules, divisor=divisor, cap=conv.imp_cap, phantom_imps=conv.phantom_imps
    )
    return _imp_frame(p, ns, ew, False)


def _cross_values(
    p: _Prep,
    rules: ButlerRules,
    *,
    divisor: str = "n-1",
    cap: int | None = None,
    phantom_imps: float | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Per row: NS and EW cross-IMPs. `cap` limits the IMPs of one comparison (KoPS)."""
    ranked = _rank(p, with_mp=False)
    key = ranked.key
    # keys of a board's real results lie in [2 g span, (2 g + 1) span): a search for key +- bound
    # that leaves that range lands before the board's first or after its last real result
    group = key // (2 * ranked.span)
    start = ranked.start[group]
    end = start + ranked.n_real[group]
    sums = np.zeros(p.n)
    for bound in IMP_BOUNDS[:cap]:  # the thresholds of the IMP table, each over all rows at once
        below = np.searchsorted(key, key - bound, side="right") - start
        above = end - np.searchsorted(key, key + bound, side="left")
        sums += np.maximum(below, 0) - np.maximum(above, 0)
    n = ranked.n_real[group]
    by = {"n-1": n - 1, "n": n, "1": np.ones_like(n)}[divisor]
    sums = np.where(by > 0, sums / np.maximum(by, 1), 0.0)
    ns = np.empty(p.n)
    ns[ranked.order] = sums
    ew = -ns
    ns[p.art_rows], ew[p.art_rows] = _artificial_imps(p, rules.artificial_imps, phantom_imps)
    return ns, ew


def imp_standings(
    scored: pd.DataFrame,
    *,
    movement: str | None = None,
    convention: str | Convention | None = None,
) -> pd.DataFrame:
    """Pair totals of IMP-scored results (:func:`butler` or :func:`cross_imps` output).

    Parameters
    ----------
    scored : pandas.DataFrame
        IMP-scored results: the output of :func:`butler` or :func:`cross_imps`.
    movement : {None, "mitchell", "howell"}
        As in :func:`matchpoints` (None: read from the data).
    convention : str or Convention, optional
        The publisher's convention: which total ranks (``imps`` or ``factored``).

    Returns
    -------
    pandas.DataFrame
        One row per pair: ``event, section, line, pair, boards, imps`` (sum over its boards),
        ``factored`` (``imps`` scaled to the most boards a pair of its line played) and ``rank``
        (by the total the `convention` publishes, within the line or field), sorted by event,
        section, line, place. A phantom pair (the 00 side of a phantom table) is not ranked.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.bridge import butler, imp_standings
    >>> df = pd.DataFrame({"event": "E", "board": [1, 1, 1], "ns_pair": [1, 2, 3],
    ...                    "ew_pair": [4, 5, 6], "ns_score": [420, 450, -50]})
    >>> imp_standings(butler(df, drop=0))[["line", "pair", "imps", "rank"]]
      line  pair  imps  rank
    0   NS     2     5     1
    1   NS     1     4     2
    2   NS     3    -8     3
    3   EW     6     8     1
    4   EW     4    -4     2
    5   EW     5    -5     3
    """
    missing = [c for c in (NS_IMPS, EW_IMPS) if c not in scored.columns]
    if missing:
        raise ValidationError(f"scored results: missing column(s) {missing}; run butler() first")
    p = _prepare(scored, movement=movement)
    ns = pd.to_numeric(p.frame[NS_IMPS]).to_numpy(dtype=np.float64)
    ew = pd.to_numeric(p.frame[EW_IMPS]).to_numpy(dtype=np.float64)
    return _imp_totals(p, ns, ew, convention_of(convention))


def _imp_totals(p: _Prep, ns: np.ndarray, ew: np.ndarray, conv: Convention) -> pd.DataFrame:
    """:func:`imp_standings` of a prepared frame's NS and EW IMPs (whole sums as integers)."""
    out = _standings(p, ns, ew, None, IMPS, convention=conv)
    if np.all(np.mod(out[IMPS].to_numpy(), 1) == 0):
        out[IMPS] = out[IMPS].astype(np.int64)
    return out
