"""Plain-Python oracle for the what-if summaries: every pair of players compared, no sorting tricks."""

from __future__ import annotations

import math
from itertools import combinations


def _missing(value) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def tau_b(a: list, b: list) -> float:
    """Kendall's tau-b of two lists (pairs with a missing value left out), NaN when undefined."""
    pairs = [(x, y) for x, y in zip(a, b) if not _missing(x) and not _missing(y)]
    concordant = discordant = tied_a = tied_b = 0
    for (x1, y1), (x2, y2) in combinations(pairs, 2):
        dx = (round(x1, 9) > round(x2, 9)) - (round(x1, 9) < round(x2, 9))
        dy = (round(y1, 9) > round(y2, 9)) - (round(y1, 9) < round(y2, 9))
        tied_a += dx == 0
        tied_b += dy == 0
        concordant += dx * dy > 0
        discordant += dx * dy < 0
    n0 = len(pairs) * (len(pairs) - 1) / 2
    if n0 <= tied_a or n0 <= tied_b:
        return math.nan
    return (concordant - discordant) / math.sqrt((n0 - tied_a) * (n0 - tied_b))


def pair_summary(places_a: dict, places_b: dict, cut: int) -> dict:
    """What changed between two rankings of one event ({player: place}, None when unranked)."""
    both = [p for p in places_a if p in places_b]
    both = [p for p in both if not _missing(places_a[p]) and not _missing(places_b[p])]
    moves = [abs(places_a[p] - places_b[p]) for p in both]
    return {
        "places": len(both),
        "places_changed": sum(m > 0 for m in moves),
        "largest_move": max(moves, default=0),
        "tau": tau_b([places_a[p] for p in both], [places_b[p] for p in both]),
        "winner_changed": {p for p in both if places_a[p] == 1}
        != {p for p in both if places_b[p] == 1},
        "podium_changed": any(
            (places_a[p] <= 3 or places_b[p] <= 3) and places_a[p] != places_b[p] for p in both
        ),
        "cut_changed": {p for p in both if places_a[p] <= cut}
        != {p for p in both if places_b[p] <= cut},
    }


def decisive_counts(rows: list[dict], top: int | None) -> dict:
    """{decided_by: places} over rows (dicts with rank and decided_by) ranked `top` or better."""
    out: dict = {}
    for row in rows:
        if _missing(row["decided_by"]) or (top is not None and row["rank"] > top):
            continue
        out[row["decided_by"]] = out.get(row["decided_by"], 0) + 1
    return out
