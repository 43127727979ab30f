"""Rating-based tie-breaks: ARO, TPR, PTP and the averages of opponents' values (APRO, APPO),
with the FIDE rating tables of B.02 (8.1.1 and 8.1.2).

Rating-based values are rounded to whole numbers as C.07 defines them; only games played over the
board against rated opponents count.
"""

from __future__ import annotations

import numpy as np

from .grid import _Grid
from .scores import _cut

# --- FIDE rating tables (B.02 8.1.1 and 8.1.2) ---------------------------------------------------

# dp for a percentage score p = 0.50 .. 1.00 (index 0 .. 50); the lower half is symmetric.
_DP_UPPER = np.array(
    [0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
     158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
     351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800]
)  # fmt: skip
#: dp (rating difference) by rounded percentage score 0..100
DP_TABLE = np.concatenate([-_DP_UPPER[:0:-1], _DP_UPPER])
# upper ends of the rating-difference bands for expected scores .50, .51, ..., .99 (then 1.00)
_PD_BANDS = np.array(
    [3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153,
     162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344,
     357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735]
)  # fmt: skip
#: expected score in hundredths for the higher-rated side by |rating difference| 0..800
PD_TABLE = 50 + np.searchsorted(_PD_BANDS, np.arange(801), side="left")


def _round_half_up(values: np.ndarray) -> np.ndarray:
    """Round half up to whole numbers (with a little slack for sums of floats)."""
    return np.floor(values + 0.5 + 1e-9)


def _expected_hundredths(diff: np.ndarray) -> np.ndarray:
    """Expected score (in hundredths) of a player `diff` rating points above his opponent."""
    d = np.clip(np.rint(diff).astype(np.int64), -800, 800)
    pd_ = PD_TABLE[np.abs(d)]
    return np.where(d >= 0, pd_, 100 - pd_)


# --- ARO, TPR, PTP -------------------------------------------------------------------------------


def _unrated_option(unrated: str | float) -> str | float:
    """`unrated` checked: ``"leave_out"``, ``"drop"`` or a rating (a number above 0)."""
    if isinstance(unrated, str):
        if unrated in ("leave_out", "drop"):
            return unrated
    elif isinstance(unrated, int | float | np.integer | np.floating) and unrated > 0:
        return float(unrated)
    raise ValueError(
        f"unrated must be 'leave_out', 'drop' or a rating above 0 (e.g. 1400), got {unrated!r}"
    )


def _opp_ratings(
    grid: _Grid, played: np.ndarray, unrated: str | float = "leave_out"
) -> tuple[np.ndarray, np.ndarray]:
    """Per (player, round): the rating of the opponent met over the board (his first rating,
    or his rating of that round with per-round ratings; NaN: none, or unrated and left out),
    and whether there is one. `unrated` as a number is the rating of unrated opponents."""
    safe = np.where(grid.opp >= 0, grid.opp, 0)
    if grid.round_rating is None:
        theirs = np.take(grid.rating, safe)
    else:
        R = grid.shape[1]
        theirs = grid.round_rating.ravel()[safe * R + np.arange(R)[None, :]]
    if isinstance(unrated, float):
        theirs = np.where(np.isnan(theirs), unrated, theirs)
    ratings = np.where(played, theirs, np.nan)
    return ratings, ~np.isnan(ratings)


def _aro(
    ratings: np.ndarray, rated: np.ndarray, low: int, high: int, spare: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Average rating of the opponents (rounded; 0 with none left, as the FIDE TEC tables print
    it), the kept ratings' shares of the unrounded average, and the mask of kept ratings after
    cutting `low` and `high` of them (`spare`: per player, the low cuts his rounds without a
    game take first, the rest cutting ratings)."""
    kept = _cut(ratings, ratings, rated, None, low, high, by_score=True)
    if spare is not None:
        taken = np.minimum(spare, low)
        for k in range(low):  # a player whose unplayed rounds take low - k of the cuts
            fewer = _cut(ratings, ratings, rated, None, k, high, by_score=True)
            kept = np.where((taken == low - k)[:, None], fewer, kept)
    count = kept.sum(axis=1)
    total = np.where(kept, ratings, 0.0).sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = total / count
    value = np.where(count > 0, _round_half_up(mean), 0.0)
    contrib = np.where(kept, ratings, 0.0) / np.maximum(count, 1)[:, None]
    return value, contrib, kept


def _performance(
    grid: _Grid, ratings: np.ndarray, rated: np.ndarray, aro: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """TPR (ARO + dp of the B.02 table for the percentage score) and PTP of each player; NaN
    without a rated opponent met over the board. The score is the games' results (win 1, draw
    1/2), whatever the event's point system."""
    count = rated.sum(axis=1)
    score = np.where(rated, grid.result, 0.0).sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = np.where(count > 0, score / np.maximum(count, 1), 0.0)
    p100 = _round_half_up(p * 100).astype(np.int64).clip(0, 100)
    tpr = np.where(count > 0, aro + DP_TABLE[p100], np.nan)
    return tpr, _perfect_performance(ratings, rated, count, score)


def _perfect_performance(
    ratings: np.ndarray, rated: np.ndarray, count: np.ndarray, score: np.ndarray
) -> np.ndarray:
    """PTP: the lowest integer rating whose expected score against the rated opponents reaches
    the score (bisection); the lowest rating - 800 for a score of 0."""
    rmin = np.where(rated, ratings, np.inf).min(axis=1, initial=np.inf)
    rmax = np.where(rated, ratings, -np.inf).max(axis=1, initial=-np.inf)
    ok = count > 0
    low = np.where(ok, rmin - 801, 0.0)  # expected score 0 here: never enough (score > 0)
    high = np.where(ok, rmax + 800, 0.0)  # expected score = count >= score
    target = np.rint(score * 100).astype(np.int64)
    r0 = np.where(rated, ratings, 0.0)
    while True:
        todo = ok & (high - low > 1)
        if not todo.any():
            break
        mid = np.floor((low + high) / 2)
        exp = np.where(rated, _expected_hundredths(mid[:, None] - r0), 0).sum(axis=1)
        enough = exp >= target
        high = np.where(todo & enough, mid, high)
        low = np.where(todo & ~enough, mid, low)
    return np.where(ok, np.where(score == 0, rmin - 800, high), np.nan)


def _opponent_mean(
    grid: _Grid, played: np.ndarray, values: np.ndarray, digits: int | None
) -> np.ndarray:
    """Average of a per-player value over the opponents met over the board (NaN with none);
    rounded half up to whole numbers with ``digits=0`` (a rating average: 0 with none, as ARO)."""
    safe = np.where(grid.opp >= 0, grid.opp, 0)
    v = np.where(played, np.take(values, safe), np.nan)
    have = ~np.isnan(v)
    count = have.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = np.where(have, v, 0.0).sum(axis=1) / count
    mean = np.where(count > 0, mean, np.nan)
    return np.nan_to_num(_round_half_up(mean), nan=0.0) if digits == 0 else mean
