"""Opponents' scores as counted under each rule set, and the cut modifiers.

Every tie-break that uses opponents' scores sees each round of a player as a pair (*opponent's
score as counted*, *result*); an unplayed round is played against a stand-in whose score the rule
set defines (see :mod:`tourneystats.chess`). Cut modifiers (``/Cn``, ``/Mn``) then drop the least
(and most) significant of those per player.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .grid import _Grid
from .kinds import _AVAILABLE, _VUR, K_FL, K_PLAYED, _counted, _is

# --- opponents' scores as counted ----------------------------------------------------------------


@dataclass
class _Rounds:
    """Per (player, round): opponent's score as counted, result, stand-in type, VUR flag."""

    score: np.ndarray  # (G, R) opponent's (or stand-in's) score as counted
    result: np.ndarray  # (G, R) result counted against it
    standin: np.ndarray  # (G, R) int8: 0 real opponent, 1 self, 2 dummy, 3 virtual
    vur: np.ndarray  # (G, R) bool, cut first where the rule set says so
    valid: np.ndarray  # (G, R) bool: the round counts (it exists, its result is known, and it
    # is not a round robin's round without a game)
    pts: np.ndarray  # (G,) points
    seen: np.ndarray  # (G,) score as seen by the opponents


#: the stand-in of an own unplayed round by ``RuleSet.own_unplayed``, as ``_Rounds.standin`` codes
_STANDIN_CODE = {"self": 1, "dummy": 2, "dummy_capped": 2, "dummy_seen": 2, "virtual": 3}


def _scores(
    kind: np.ndarray,
    points: np.ndarray,
    opp: np.ndarray,
    grid: _Grid,
    also: np.ndarray | None = None,
) -> _Rounds:
    """Each (player, round) as a pair (opponent's score as counted, result) under the rule set
    of the player's event; unplayed rounds against the rule set's stand-in. A game in progress
    counts nowhere (no opponent's score, no stand-in, no points). `also` (the ``/P``
    modifier): rounds counted as games against their opponent, with the points awarded, and no
    voluntarily unplayed rounds; every player's score as counted stays as art. 16.3 says."""
    G, R = kind.shape
    valid = _counted(kind)
    played = kind == K_PLAYED
    extra = np.zeros((G, R), dtype=bool) if also is None else also & valid
    pts = np.where(valid, points, 0.0)
    total = pts.sum(axis=1)
    rr = _round_robin_rules(grid)
    if rr is not None:  # (in round robins, only byes and absences are still unplayed here)
        valid &= ~(rr[:, None] & ~played)
    unplayed = valid & ~played
    draw = grid.draw
    adjusted = np.where(played, pts, 0.0).sum(axis=1) + draw * unplayed.sum(axis=1)
    seen = _seen_by_opponents(kind, pts, adjusted, grid)
    if rr is not None:
        seen = np.where(rr, total, seen)
    opp_seen = np.take(seen, np.where(opp >= 0, opp, 0))  # the opponent's, where there is one
    unplayed &= ~extra
    score = np.where(played | extra, opp_seen, np.nan)
    result = pts.copy()
    standin = np.zeros((G, R), dtype=np.int8)
    for code in set(np.unique(grid.rule).tolist()):
        how = grid.rule_sets[code].own_unplayed
        mine = (grid.rule == code)[:, None] & unplayed
        if how == "self" or grid.rule_sets[code].sb_unplayed == "draw":  # a draw against it
            result = np.where(mine, draw[:, None], result)
        if how == "self":
            own = np.broadcast_to(adjusted[:, None], (G, R))
        elif how == "dummy_seen":  # a dummy at the player's score as his opponents count it
            own = np.broadcast_to(seen[:, None], (G, R))
        else:
            own = _dummy_score(how, total, pts, opp, opp_seen, grid)
        score = np.where(mine, own, score)
        standin[mine] = _STANDIN_CODE[how]
    vur_first = np.array([r.vur_cut_first for r in grid.rule_sets])[grid.rule]
    vur = _is(kind, _VUR) & vur_first[:, None] & ~extra
    score = np.where(valid, score, np.nan)
    return _Rounds(score, result, standin, vur, valid, total, seen)


def _round_robin_rules(grid: _Grid) -> np.ndarray | None:
    """Whether each player is in a round robin whose rule set leaves its rounds without a game
    out of the opponents' scores tie-breaks (art. 16 is for Swiss events); None for nobody."""
    if not grid.rr.any():
        return None
    rules = np.array([r.unplayed_in_round_robins == "not_counted" for r in grid.rule_sets])
    rr = grid.rr & rules[grid.rule]
    return rr if rr.any() else None


def _seen_by_opponents(
    kind: np.ndarray, pts: np.ndarray, adjusted: np.ndarray, grid: _Grid
) -> np.ndarray:
    """Each player's score as his opponents count it: adjusted, or at face value with his
    byes and absences after his last available round counted as draws (C.07 16.3.2); a forfeit
    loss without a scheduled opponent is such an absence, one with an opponent (a forfeit, a
    double forfeit) counts at face value."""
    rnum = np.arange(1, kind.shape[1] + 1)
    # the last round he was available to play, or (Vega) paired in: a forfeit loss too
    paired = [
        i for i, r in enumerate(grid.rule_sets) if r.opponent_view == "trailing_unpaired_draw"
    ]
    counted = np.where(np.isin(grid.rule, paired)[:, None], _AVAILABLE | 1 << K_FL, _AVAILABLE)
    present = (np.left_shift(1, kind.astype(np.int64)) & counted) != 0
    last_available = np.where(present, rnum[None, :], 0).max(axis=1, initial=0)
    trailing = _is(kind, _VUR) & (grid.opp < 0) & (rnum[None, :] > last_available[:, None])
    face = np.where(trailing, grid.draw[:, None], pts).sum(axis=1)
    by_adjusted = [i for i, r in enumerate(grid.rule_sets) if r.opponent_view == "adjusted"]
    return np.where(np.isin(grid.rule, by_adjusted), adjusted, face)


def _dummy_score(
    how: str,
    total: np.ndarray,
    pts: np.ndarray,
    opp: np.ndarray,
    opp_seen: np.ndarray,
    grid: _Grid,
) -> np.ndarray:
    """Score of the stand-in of each round: the player's final score (``"dummy"``), the same
    capped as C.07-2026 art. 16.4 says (``"dummy_capped"``), or the 2009 virtual opponent's."""
    if how == "dummy":
        return np.broadcast_to(total[:, None], pts.shape)
    n = grid.n_rounds.astype(np.float64)
    if how == "dummy_capped":  # a forfeit: the forfeiting opponent's score; else a draw's
        # points times the rounds (16.4.2)
        cap = np.where(opp >= 0, opp_seen, (grid.draw * n)[:, None])
        return np.minimum(total[:, None], cap)
    # virtual opponent (2009): SPR + (1 - SfPR) + 0.5 (n - R), in the event's points
    rnum = np.arange(1, pts.shape[1] + 1)
    before = np.cumsum(pts, axis=1) - pts
    return before + (grid.win[:, None] - pts) + grid.draw[:, None] * (n[:, None] - rnum[None, :])


def _fore(grid: _Grid, kind: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Kinds and points with every paired game of each event's planned last round (games in
    progress included) made a played draw (C.07 8.3: "as if all paired games for the final
    round had ended in draws"); nothing changes before that round is paired."""
    last = (np.arange(grid.shape[1])[None, :] == (grid.planned - 1)[:, None]) & (grid.opp >= 0)
    kind = np.where(last, K_PLAYED, kind).astype(np.int8)
    points = np.where(last, grid.draw[:, None], grid.points)
    return kind, points


# --- cuts ----------------------------------------------------------------------------------------


def _cut(
    score: np.ndarray,
    contrib: np.ndarray,
    alive: np.ndarray,
    vur: np.ndarray | None,
    low: int,
    high: int,
    *,
    by_score: bool = False,
) -> np.ndarray:
    """Mask of the entries kept after cutting `low` lowest and `high` highest per row.

    The least significant entry is the one of lowest `score`, then lowest `contrib`. With `vur`
    (C.07 art. 16.5.1), the VUR of lowest contribution is cut instead, as long as its contribution
    is not lower than the least significant entry's (for SB: the higher of the two is cut; the
    VURs are compared by contribution, not by their stand-ins' scores, which the 2026 caps make
    differ).
    """
    alive = alive.copy()
    if low == 0 and high == 0:
        return alive
    rows = np.arange(alive.shape[0])
    key = score if by_score else _sort_key(score, contrib, alive)
    for _ in range(low):
        any_alive = alive.any(axis=1)
        choice = least = _least(alive, key, score, contrib)
        if vur is not None:
            v_alive = alive & vur
            if by_score:  # the contribution is the score (BH, FB)
                first_v = _least(v_alive, key, score, contrib)
            else:
                first_v = _least_contribution(v_alive, score, contrib)
            use_v = v_alive.any(axis=1) & (contrib[rows, first_v] >= contrib[rows, least])
            choice = np.where(use_v, first_v, least)
        alive[rows[any_alive], choice[any_alive]] = False
    for _ in range(high):
        any_alive = alive.any(axis=1)
        top = _most(alive, key, score, contrib)
        alive[rows[any_alive], top[any_alive]] = False
    return alive


def _sort_key(score: np.ndarray, contrib: np.ndarray, alive: np.ndarray) -> np.ndarray | None:
    """One sort key ordering by score, then contribution, where one is exact; else None.

    It is exact when both are multiples of 1/4 with |contribution| < 1024 (half-point scores)."""
    span = np.nanmax(np.abs(np.where(alive, contrib, 0.0)), initial=0.0)
    quarters = np.all(np.where(alive, (contrib * 4) % 1 == 0, True))
    return score * 4096.0 + contrib if (span < 1024 and quarters) else None


def _least(
    mask: np.ndarray, key: np.ndarray | None, score: np.ndarray, contrib: np.ndarray
) -> np.ndarray:
    """Per row, the column of the least significant entry of `mask` (lowest score, then
    contribution), ordered by `key` when there is one."""
    if key is not None:
        return np.argmin(np.where(mask, key, np.inf), axis=1)
    s = np.where(mask, score, np.inf)
    return np.lexsort((np.where(mask, contrib, np.inf), s), axis=-1)[:, 0]


def _least_contribution(mask: np.ndarray, score: np.ndarray, contrib: np.ndarray) -> np.ndarray:
    """Per row, the column of the entry of `mask` of lowest contribution (then lowest score)."""
    c = np.where(mask, contrib, np.inf)
    return np.lexsort((np.where(mask, score, np.inf), c), axis=-1)[:, 0]


def _most(
    mask: np.ndarray, key: np.ndarray | None, score: np.ndarray, contrib: np.ndarray
) -> np.ndarray:
    """Per row, the column of the most significant entry of `mask` (highest score, then
    contribution), ordered by `key` when there is one."""
    if key is not None:
        return np.argmax(np.where(mask, key, -np.inf), axis=1)
    s = np.where(mask, -score, np.inf)
    return np.lexsort((np.where(mask, -contrib, np.inf), s), axis=-1)[:, 0]
