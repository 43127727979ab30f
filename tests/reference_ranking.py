"""Plain-Python oracle for competition ranking: compare every pair of rows, no sorting tricks."""

import math


def _key(value, ascending):
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return (1, 0.0)
    v = round(float(value), 9)
    return (0, v if ascending else -v)


def competition_ranks(rows, criteria, ascending, group):
    """rows: list of dicts. Returns a list of ranks aligned with rows.

    A row's rank is 1 + the number of rows of its group that are strictly better on the
    criteria compared in order.
    """
    ranks = []
    for row in rows:
        mine = [_key(row[c], a) for c, a in zip(criteria, ascending)]
        better = 0
        for other in rows:
            if group is not None and other[group] != row[group]:
                continue
            theirs = [_key(other[c], a) for c, a in zip(criteria, ascending)]
            if theirs < mine:
                better += 1
        ranks.append(better + 1)
    return ranks


def decided_by(rows, criteria, ascending, group, rank_of):
    """For each row (a dict), which criterion separates it from the row ranked just below it.

    `rank_of` maps a row's index to its rank. The row "just below" is the next row of the same
    group in display order (rank, then input order); the answer is the first criterion whose
    compared values differ, "tied" if none, None for the last row of its group.
    """
    order = sorted(range(len(rows)), key=lambda i: (rows[i][group], rank_of[i], i))
    out = [None] * len(rows)
    for pos, i in enumerate(order):
        nxt = order[pos + 1] if pos + 1 < len(order) else None
        if nxt is None or rows[nxt][group] != rows[i][group]:
            continue
        out[i] = "tied"
        for c, a in zip(criteria, ascending):
            if _key(rows[i][c], a) != _key(rows[nxt][c], a):
                out[i] = c
                break
    return out
