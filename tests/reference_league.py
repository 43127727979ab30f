"""Plain-Python oracle for the league leaderboard: loops, dicts and exact fractions.

Nothing here is shared with ``tourneystats.league``: tournaments are ordered, medians taken and
rankings computed one player and one cut-off at a time, in ``fractions.Fraction``.
"""

from __future__ import annotations

import math
import unicodedata
from fractions import Fraction

ALPHABET = " abcdefghijklmnopqrstuvwxyzåäö"
SWEDISH_FOLD = {"æ": "ä", "ø": "ö", "œ": "ö", "ü": "y"}


def _missing(value) -> bool:
    if value is None:
        return True
    try:
        return bool(value != value)  # NaN, NA
    except TypeError:
        return True


def name_key(name) -> tuple:
    """Swedish alphabetical key: case-insensitive, a-z then å, ä, ö; accents folded (é as e).

    Only defined for names made of spaces and letters whose folded form is in ALPHABET; ties
    between such keys fall back to the raw name in code-point order.
    """
    if isinstance(name, int | float):
        return (name,)
    text = unicodedata.normalize("NFC", str(name)).casefold()
    out = []
    for ch in text:
        ch = SWEDISH_FOLD.get(ch, ch)
        if ch not in "åäö":
            ch = "".join(
                c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c)
            )
        for c in ch:
            out.append(ALPHABET.index(c))
    return (tuple(out), str(name))


def median(values: list[int]) -> Fraction:
    values = sorted(values)
    n = len(values)
    return Fraction(values[(n - 1) // 2] + values[n // 2], 2)


def _groups(records: list[dict], by: list[str]) -> dict:
    groups: dict = {}
    for r in records:
        groups.setdefault(tuple(r[c] for c in by), []).append(r)
    return groups


def _order(rows: list[dict]) -> list:
    """Tournaments of one league in order: by date, then by tournament id."""
    dates = {}
    for r in rows:
        dates[r["tournament"]] = r["date"]
    return sorted(dates, key=lambda t: (dates[t], t))


def board(rows: list[dict], tournaments: list, k: int, mode: str) -> list[dict]:
    """The leaderboard from `rows` of the given (ordered) `tournaments` only."""
    rows = [r for r in rows if r["tournament"] in set(tournaments)]
    position = {t: i for i, t in enumerate(tournaments)}
    played = [r for r in rows if not _missing(r.get("round"))]

    match_target = {}
    for r in played:
        match_target[(r["tournament"], r["round"], r["match"])] = int(r["target"])
    typical = median(list(match_target.values())) if match_target else None
    rounds = {t: set() for t in tournaments}
    targets = {t: [] for t in tournaments}
    for (t, rnd, _m), target in match_target.items():
        rounds[t].add(rnd)
        targets[t].append(target)
    t_rounds = {t: len(rounds[t]) for t in tournaments}
    t_target = {t: median(targets[t]) if targets[t] else Fraction(0) for t in tournaments}

    players: dict = {}
    for r in rows:
        p = players.setdefault(
            r["player"],
            {"player": r["player"], "points": 0, "P": 0, "M": 0, "n": 0, "w": 0, "d": 0, "l": 0,
             "attended": set()},
        )  # fmt: skip
        p["attended"].add(r["tournament"])
        p["points"] += int(r["points"])
        if _missing(r.get("round")):
            continue
        p["P"] += int(r["points"])
        p["M"] += int(r["target"])
        p["n"] += 1
        twice = 2 * int(r["points"])
        if twice > int(r["target"]):
            p["w"] += 1
        elif twice == int(r["target"]):
            p["d"] += 1
        else:
            p["l"] += 1

    out = []
    for p in players.values():
        first = min(position[t] for t in p["attended"])
        prior = max(0, k - p["n"]) if mode == "top-up" else k
        absent_rounds = 0
        absent_possible = Fraction(0)
        missed = []
        for t in tournaments[first:]:
            if t in p["attended"] or t_rounds[t] == 0:
                continue
            absent_rounds += t_rounds[t]
            absent_possible += t_rounds[t] * t_target[t]
            missed.append((t, t_rounds[t], t_target[t]))
        if p["n"] == 0:
            ranking = None
        else:
            virtual = prior * typical + absent_possible
            ranking = 100 * (p["P"] + virtual / 2) / (p["M"] + virtual)
        out.append(
            {
                "player": p["player"],
                "ranking": ranking,
                "points": p["points"],
                "matches": p["n"],
                "wins": p["w"],
                "draws": p["d"],
                "losses": p["l"],
                "prior_rounds": prior,
                "absent_rounds": absent_rounds,
                "played_points": p["P"],
                "played_possible": p["M"],
                "typical_target": typical,
                "missed": missed,
            }
        )

    def display(p):
        return (
            p["ranking"] is None,
            -(p["ranking"] or 0),
            -p["matches"],
            -p["points"],
            -p["wins"],
            name_key(p["player"]),
        )

    out.sort(key=display)
    for p in out:
        if p["ranking"] is None:
            p["place"] = None
        else:
            p["place"] = 1 + sum(
                1 for q in out if q["ranking"] is not None and q["ranking"] > p["ranking"]
            )
    return out


def leaderboard(records: list[dict], k: int = 10, mode: str = "top-up", by=()) -> dict:
    """{group tuple: leaderboard rows} over all tournaments of each group."""
    result = {}
    for key, rows in _groups(records, list(by)).items():
        result[key] = board(rows, _order(rows), k, mode)
    return result


def history(records: list[dict], k: int = 10, mode: str = "top-up", by=()) -> dict:
    """{(group tuple, tournament): leaderboard rows after that tournament}."""
    result = {}
    for key, rows in _groups(records, list(by)).items():
        order = _order(rows)
        for i, t in enumerate(order):
            result[(key, t)] = board(rows, order[: i + 1], k, mode)
    return result


def as_float(value) -> float:
    return math.nan if value is None else float(value)
