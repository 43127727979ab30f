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


def decided_by_ranked(rows, criteria, group, rank, beyond="other"):
    """`decided_by` of a standings table whose places are given (the `rank` key of each row, None
    for an unranked row), as :func:`tourneystats.core.ranking.decided_by` computes it.

    The rows of a group are taken by place (unranked last), then in list order. A row sharing its
    place with the next row is "tied"; otherwise the first criterion whose compared values differ
    names it, `beyond` when none does (a place decided outside the criteria). The last row of a
    group, an unranked row and the row just above an unranked row get None.
    """

    def place(i):
        r = rows[i][rank]
        return (1, 0.0) if r is None or (isinstance(r, float) and math.isnan(r)) else (0, r)

    order = sorted(range(len(rows)), key=lambda i: (str(rows[i][group]), place(i), i))
    out = [None] * len(rows)
    for pos, i in enumerate(order[:-1]):
        nxt = order[pos + 1]
        if rows[nxt][group] != rows[i][group] or place(i)[0] or place(nxt)[0]:
            continue
        if place(i) == place(nxt):
            out[i] = "tied"
            continue
        out[i] = beyond
        for c in criteria:
            if _key(rows[i][c], True) != _key(rows[nxt][c], True):
                out[i] = c
                break
    return out
