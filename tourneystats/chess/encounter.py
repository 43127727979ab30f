"""Direct encounter (DE, FIDE C.07 art. 6): the games between the players of a tie group.

:func:`_group_ids` labels the players tied on every earlier criterion; :func:`direct_encounter`
ranks each such group by the games played between its members, all groups of all events at once.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from .grid import _Grid


def _group_ids(keys: list[np.ndarray]) -> np.ndarray:
    """Integer label of each row's combination of `keys` (rows equal on all keys share it).

    Groups are refined key by key, and only the rows of groups of two or more are refined
    further (new labels are appended; the labels are made compact once at the end).
    """
    labels = pd.factorize(keys[0])[0].astype(np.int64)
    n_labels = int(labels.max(initial=-1)) + 1
    for key in keys[1:]:
        tied = np.flatnonzero(np.bincount(labels, minlength=n_labels)[labels] > 1)
        if tied.size == 0:
            break
        codes, uniques = pd.factorize(key[tied])
        sub, sub_uniques = pd.factorize(labels[tied] * len(uniques) + codes)
        labels[tied] = n_labels + sub
        n_labels += len(sub_uniques)
    return pd.factorize(labels)[0].astype(np.int64)


def direct_encounter(grid: _Grid, played: np.ndarray, group: np.ndarray) -> np.ndarray:
    """DE value: how many players of his tie group the direct encounter ranks below him.

    `group` (G,) labels the players tied on every earlier criterion. Within each group:
    if all members met each other, they are ordered by the points scored in those games and
    the rule is re-applied inside each still-tied subgroup; otherwise the unique leader is
    placed first when nobody else could reach his score even by winning all his missing games
    among the group, then second place the same way among the others, and so on (C.07 art.
    6.3), and the rule restarts with those left.
    """
    G = grid.shape[0]
    _, group = np.unique(group, return_inverse=True)
    size0 = np.bincount(group, minlength=G)[group]
    src, dst, pts = _games_within_groups(grid, played, group, size0)
    base = np.zeros(G, dtype=np.int64)  # players of the tie group placed above the subgroup
    cur = group.astype(np.int64)
    done = size0 <= 1
    while True:
        n_groups = int(cur.max()) + 1
        size = np.bincount(cur, minlength=n_groups)
        active = ~done & (size[cur] > 1)
        if not active.any():
            break
        s, missing = _points_within(src, dst, pts, cur, active, size, G)
        complete_group = np.bincount(cur, weights=(active & (missing > 0)), minlength=n_groups) == 0
        complete = active & complete_group[cur]
        new = cur.copy()
        next_label = n_groups
        changed = np.zeros(G, dtype=bool)
        if complete.any():
            next_label = _split_by_points(complete, cur, s, n_groups, base, new, changed)
        partial = active & ~complete
        if partial.any():
            _separate_leader(partial, cur, s, missing, n_groups, next_label, base, new, changed)
        done |= active & ~changed
        _, cur = np.unique(new, return_inverse=True)
    final_size = np.bincount(cur, minlength=G)[cur]
    return (size0 - base - final_size).astype(np.float64)


def _games_within_groups(
    grid: _Grid, played: np.ndarray, group: np.ndarray, size0: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The games played over the board between two players of the same tie group: (player,
    opponent, points) arrays; only these games matter."""
    src, rnd = np.nonzero(played & (size0 > 1)[:, None])
    dst = grid.opp[src, rnd]
    keep = group[src] == group[dst]
    return src[keep], dst[keep], grid.points[src[keep], rnd[keep]]


def _points_within(
    src: np.ndarray,
    dst: np.ndarray,
    pts: np.ndarray,
    cur: np.ndarray,
    active: np.ndarray,
    size: np.ndarray,
    G: int,
) -> tuple[np.ndarray, np.ndarray]:
    """Each player's points against his current subgroup, and how many of its members he has
    not met. Two players who met more than once count the average of their games (C.07 art.
    6.1.2, as FIDE's reference program reads it: a double round robin's order is unchanged)."""
    inside = (cur[src] == cur[dst]) & active[src]
    pairs, which = np.unique(src[inside].astype(np.int64) * G + dst[inside], return_inverse=True)
    games = np.bincount(which, minlength=len(pairs))
    mean = np.bincount(which, weights=pts[inside], minlength=len(pairs)) / np.maximum(games, 1)
    # rounded: points scaled to a win (game points / boards, 3/1/0 / 3) and averages are not
    # exact in binary, and equal sums must compare equal
    s = np.round(np.bincount(pairs // G, weights=mean, minlength=G), 9)
    met = np.bincount(pairs // G, minlength=G)  # distinct opponents met inside the group
    return s, size[cur] - 1 - met


def _split_by_points(
    complete: np.ndarray,
    cur: np.ndarray,
    s: np.ndarray,
    n_groups: int,
    base: np.ndarray,
    new: np.ndarray,
    changed: np.ndarray,
) -> int:
    """Split the subgroups whose members all met each other by their points in those games.

    Updates `base` (players placed above), `new` (labels) and `changed` in place; returns the
    next free label."""
    idx = np.flatnonzero(complete)
    order = np.lexsort((-s[idx], cur[idx]))
    idx = idx[order]
    grp, sc = cur[idx], s[idx]
    start = np.r_[True, grp[1:] != grp[:-1]]
    newsc = start | np.r_[True, sc[1:] != sc[:-1]]
    pos = np.arange(idx.size)
    gstart = np.maximum.accumulate(np.where(start, pos, 0))
    first_of_score = np.maximum.accumulate(np.where(newsc, pos, 0))
    above = first_of_score - gstart
    base[idx] += above
    labels = np.cumsum(newsc) - 1 + n_groups
    new[idx] = labels
    n_scores = np.bincount(grp, weights=newsc, minlength=n_groups)
    split = n_scores[grp] > 1
    changed[idx] = split
    return labels.max() + 1


def _separate_leader(
    partial: np.ndarray,
    cur: np.ndarray,
    s: np.ndarray,
    missing: np.ndarray,
    n_groups: int,
    next_label: int,
    base: np.ndarray,
    new: np.ndarray,
    changed: np.ndarray,
) -> None:
    """In the subgroups where not everybody met, place the leader nobody can catch even by
    winning all his missing games, then the same for second place, and so on (C.07 art. 6.3);
    the others stay together below them (art. 6 is then applied to them again).

    Updates `base`, `new` and `changed` in place."""
    idx = np.flatnonzero(partial)
    idx = idx[np.lexsort((-s[idx], cur[idx]))]
    grp, sc, reach = cur[idx], s[idx], (s + missing)[idx]
    n = idx.size
    pos = np.arange(n)
    start = np.r_[True, grp[1:] != grp[:-1]]
    gstart = np.maximum.accumulate(np.where(start, pos, 0))
    # the best score any member below position i can still reach (a suffix maximum per group)
    rank = np.cumsum(start) - 1
    span = float(np.abs(reach).max(initial=0.0)) * 2 + 1.0
    shifted = reach[::-1] + rank[::-1] * -span  # later groups first, each below the last
    below_best = (np.maximum.accumulate(shifted) - rank[::-1] * -span)[::-1]
    after = np.r_[below_best[1:], -np.inf]
    after = np.where(np.r_[start[1:], True], -np.inf, after)  # the last of a group: nobody
    sure = sc > after + 1e-9
    # placed: the members before the group's first one not sure of its place
    failed = np.where(~sure, pos, n)
    first_fail = np.minimum.reduceat(failed, np.flatnonzero(start)) if n else failed
    placed = pos < first_fail[rank]  # (the last member is sure: all others placed, so is he)
    n_placed = np.bincount(rank, weights=placed, minlength=rank.max(initial=-1) + 1)
    base[idx] += np.where(placed, pos - gstart, n_placed[rank].astype(np.int64))
    new[idx[placed]] = next_label + pos[placed]
    changed[idx] = n_placed[rank] > 0
