"""Plain-Python reference for the card-game rules: dicts and loops, written to be obviously right.

It reads the rule values from a :class:`tourneystats.cards.Rules` object (configuration only) and
re-implements everything else: game-level aggregation, match and game points, byes, drops, floors,
caps, opponents' averages, season pooling and the competition ranking. Used by the property tests
and as the plain-Python baseline of the benchmark.
"""

from __future__ import annotations

import math

import pandas as pd


def _missing(value) -> bool:
    if value is None or value is pd.NA:
        return True
    return isinstance(value, float) and math.isnan(value)


def games_to_matches(rows: list[dict]) -> list[dict]:
    """Game rows -> one row per (event, round, player) with win/loss/draw counts."""
    matches: dict[tuple, dict] = {}
    for row in rows:
        key = (row["event"], row["round"], row["player"])
        if key not in matches:
            match = {k: v for k, v in row.items() if k not in ("game", "result")}
            match["opponent"] = None if _missing(row["opponent"]) else row["opponent"]
            match["wins"] = match["losses"] = match["draws"] = 0
            matches[key] = match
        match = matches[key]
        if match["opponent"] is None:
            match["wins"] = 2
            continue
        if _missing(row["game"]):
            continue
        result = str(row["result"]).strip().upper()
        if result == "W":
            match["wins"] += 1
        elif result == "L":
            match["losses"] += 1
        else:
            match["draws"] += 1
    return list(matches.values())


def _pct(points: float, possible: float, floor: float) -> float:
    if possible == 0:
        return floor
    return max(points / possible, floor)


def _mean(values: list[float]) -> float:
    if not values:
        return math.nan
    total = 0.0
    for v in values:
        total += v
    return total / len(values)


def standings(frame: pd.DataFrame, rules, by: str | None = None) -> pd.DataFrame:
    """Standings per event (or per `by` group) under `rules`, as a DataFrame sorted like
    :func:`tourneystats.cards.standings`."""
    rows = frame.to_dict("records")
    if "wins" not in frame.columns:
        rows = games_to_matches(rows)

    group_of = {}  # event -> group
    for row in rows:
        group_of[row["event"]] = row[by] if by is not None else row["event"]

    event_last: dict = {}
    player_last: dict = {}
    for row in rows:
        ev, rnd = row["event"], row["round"]
        event_last[ev] = max(event_last.get(ev, rnd), rnd)
        key = (ev, row["player"])
        player_last[key] = max(player_last.get(key, rnd), rnd)

    stats: dict = {}
    for row in rows:
        ev = row["event"]
        me = (group_of[ev], row["player"])
        s = stats.setdefault(
            me,
            {
                "mp": 0.0,
                "gp": 0.0,
                "rounds": 0,
                "games": 0,
                "nb_mp": 0.0,
                "nb_gp": 0.0,
                "nb_rounds": 0,
                "nb_games": 0,
                "opponents": [],
                "events": set(),
                "dropped": False,
            },
        )
        s["events"].add(ev)
        if player_last[(ev, row["player"])] < event_last[ev]:
            s["dropped"] = True
        bye = _missing(row["opponent"])
        if bye:
            w, l, d = rules.bye  # noqa: E741
        else:
            w, l, d = int(row["wins"]), int(row["losses"]), int(row["draws"])  # noqa: E741
        if w > l:
            mp = rules.win
        elif w < l:
            mp = rules.loss
        else:
            mp = rules.draw
        per_draw = rules.game_draw
        if rules.intentional_draw_game_points is not None and not bye and w == 0 and l == 0:
            per_draw = rules.intentional_draw_game_points
        gp = w * rules.game_win + l * rules.game_loss + d * per_draw
        s["mp"] += mp
        s["gp"] += gp
        s["rounds"] += 1
        s["games"] += w + l + d
        if not bye:
            s["nb_mp"] += mp
            s["nb_gp"] += gp
            s["nb_rounds"] += 1
            s["nb_games"] += w + l + d
            s["opponents"].append((group_of[ev], row["opponent"]))

    for s in stats.values():
        s["mwp"] = _pct(s["mp"], rules.win * s["rounds"], rules.floor)
        if rules.drop_cap is not None and s["dropped"]:
            s["mwp"] = min(s["mwp"], rules.drop_cap)
        s["gwp"] = _pct(s["gp"], rules.game_win * s["games"], rules.floor)
        if rules.byes_seen_by_opponents:
            s["seen_mwp"], s["seen_gwp"] = s["mwp"], s["gwp"]
        else:
            s["seen_mwp"] = _pct(s["nb_mp"], rules.win * s["nb_rounds"], rules.floor)
            if rules.drop_cap is not None and s["dropped"]:
                s["seen_mwp"] = min(s["seen_mwp"], rules.drop_cap)
            s["seen_gwp"] = _pct(s["nb_gp"], rules.game_win * s["nb_games"], rules.floor)
    for s in stats.values():
        s["omwp"] = _mean([stats[o]["seen_mwp"] for o in s["opponents"]])
        s["ogwp"] = _mean([stats[o]["seen_gwp"] for o in s["opponents"]])
    for s in stats.values():
        s["oomwp"] = _mean([stats[o]["omwp"] for o in s["opponents"]])

    def sort_key(item):
        (group, player), s = item
        key = []
        for criterion in rules.order:
            value = s[
                criterion
                if criterion not in ("match_points", "game_points")
                else {"match_points": "mp", "game_points": "gp"}[criterion]
            ]
            if math.isnan(value):
                key.append((1, 0.0))
            else:
                key.append((0, -round(value, 9) + 0.0))
        return key

    by_group: dict = {}
    for me, s in stats.items():
        by_group.setdefault(me[0], []).append((me, s))
    out = []
    for group in sorted(by_group):
        entries = sorted(by_group[group], key=lambda item: (sort_key(item), item[0][1]))
        previous, rank = None, 0
        for position, item in enumerate(entries, start=1):
            key = sort_key(item)
            if key != previous:
                rank, previous = position, key
            (_, player), s = item
            record = {
                by or "event": group,
                "player": player,
                "rank": rank,
                "match_points": s["mp"],
                "game_points": s["gp"],
                "rounds": s["rounds"],
                "games": s["games"],
                "mwp": s["mwp"],
                "gwp": s["gwp"],
                "omwp": s["omwp"],
                "ogwp": s["ogwp"],
            }
            if "oomwp" in rules.order:
                record["oomwp"] = s["oomwp"]
            record["dropped"] = s["dropped"]
            if by is not None:
                record["events"] = len(s["events"])
            out.append(record)
    return pd.DataFrame(out)
