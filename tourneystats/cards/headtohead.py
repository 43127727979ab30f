"""Head-to-head: the last criterion between exactly two tied players who met (Play! Pokémon)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .prepare import _Matches


class _Duels:
    """The net match wins of one entity over another, up to a round, for many pairs at once.

    The played rows are sorted by (entity, opponent, round); a query sums one pair's results up
    to its round from a running sum: two binary searches per query, no loop.
    """

    def __init__(self, m: _Matches, who: np.ndarray, opp: np.ndarray, size: int) -> None:
        played = np.flatnonzero(opp >= 0)
        self.size, self.times = size, m.n_times
        pair = who[played].astype(np.int64) * size + opp[played]
        key = pair * self.times + m.t[played]
        order = np.argsort(key, kind="stable")
        self.keys = key[order]
        result = np.sign(m.w[played].astype(np.int64) - m.l[played].astype(np.int64))
        self.running = np.concatenate([[0], np.cumsum(result[order])])

    def net(self, a: np.ndarray, b: np.ndarray, upto: np.ndarray) -> np.ndarray:
        """Matches `a` won against `b` minus those it lost, in rounds up to code `upto`."""
        base = (a.astype(np.int64) * self.size + b) * self.times
        low = np.searchsorted(self.keys, base, side="left")
        high = np.searchsorted(self.keys, base + upto, side="right")
        return self.running[high] - self.running[low]


def _break_pairs(
    rank: np.ndarray,
    group: np.ndarray,
    net: Callable[[np.ndarray, np.ndarray], np.ndarray],
    order: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Apply head-to-head to ranked rows (sorted by group, then place).

    Where exactly two rows of a group share a place, ``net(i, j)`` (positions in `order`) says
    whether the first beat the second (> 0) or lost to him (< 0): the winner takes the place and
    the other the next one; an even or missing duel leaves them tied. Returns the new ranks and
    the new order of the rows.

    Examples
    --------
    >>> rank, group = np.array([1, 2, 2, 4, 4, 4]), np.zeros(6, dtype=int)
    >>> new_rank, new_order = _break_pairs(rank, group, lambda i, j: -np.ones(i.size), np.arange(6))
    >>> new_rank.tolist(), new_order.tolist()
    ([1, 2, 3, 4, 4, 4], [0, 2, 1, 3, 4, 5])
    """
    n = rank.size
    same = np.zeros(n + 1, dtype=bool)  # same[i]: row i shares its place with row i - 1
    same[1:n] = (rank[1:] == rank[:-1]) & (group[1:] == group[:-1])
    first = np.flatnonzero(same[1 : n + 1] & ~same[:n])  # a tie starts here ...
    first = first[~same[first + 2]]  # ... of exactly two (same[n] is False)
    rank, order = rank.copy(), order.copy()
    if not first.size:
        return rank, order
    duel = net(order[first], order[first + 1])
    decided = first[duel != 0]
    rank[decided + 1] += 1
    swap = first[duel < 0]
    order[swap], order[swap + 1] = order[swap + 1], order[swap]
    return rank, order
