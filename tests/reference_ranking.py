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
