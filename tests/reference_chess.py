"""Plain-Python reference for the chess tie-breaks: loops and dicts, written from the rules.

Slow and obviously correct: every player of every event is handled one at a time, round by
round, following the definitions of the rule sets (see tourneystats.chess). The vectorised code
is tested against it.
"""

from __future__ import annotations

import bisect
import math

import pandas as pd

DP = [0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
      158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
      351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800]  # fmt: skip
BANDS = [3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
         153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315,
         328, 344, 357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735]  # fmt: skip

AVAILABLE = {"played", "forfeit_win", "pab", "fpb"}
VUR = {"hpb", "zpb", "forfeit_loss"}


def dp_of(p100: int) -> int:
    return DP[p100 - 50] if p100 >= 50 else -DP[50 - p100]


def expected(diff: int) -> int:
    """Expected score in hundredths for a rating difference `diff` (own - opponent)."""
    d = max(-800, min(800, diff))
    pd_ = 50 + bisect.bisect_left(BANDS, abs(d))  # the first band whose top is >= |d|
    return pd_ if d >= 0 else 100 - pd_


def half_up(x: float) -> int:
    return math.floor(x + 0.5 + 1e-9)


def event_tables(results):
    """{event: (n_rounds, {player: [(kind, opp, pts, colour) per round]})}."""
    events = {}
    for row in results.to_dict("records"):
        ev = events.setdefault(row["event"], {})
        opp = row.get("opponent")
        opp = None if opp is None or pd.isna(opp) else opp
        colour = row.get("colour")
        colour = colour if isinstance(colour, str) else None
        ev.setdefault(row["player"], {})[int(row["round"])] = (
            row["kind"],
            opp,
            float(row["points"]),
            colour,
        )
    out = {}
    for name, players in events.items():
        n = max(r for rounds in players.values() for r in rounds)
        table = {}
        for p, rounds in players.items():
            table[p] = [rounds.get(r, ("zpb", None, 0.0, None)) for r in range(1, n + 1)]
        out[name] = (n, table)
    return out


def seen_score(games, rule):
    """A player's score as counted in his opponents' tie-breaks."""
    if rule in ("adjusted", "fide2009"):
        return sum(p if k == "played" else 0.5 for k, _, p, _ in games)
    last = 0
    for r, (k, _, _, _) in enumerate(games, start=1):
        if k in AVAILABLE:
            last = r
    total = 0.0
    for r, (k, _, p, _) in enumerate(games, start=1):
        total += 0.5 if (k in ("hpb", "zpb") and r > last) else p
    return total


def round_entries(table, n, player, rule):
    """[(score counted, result, is_vur)] for each round of `player`."""
    games = table[player]
    entries = []
    own_total = sum(p for _, _, p, _ in games)
    own_adj = sum(p if k == "played" else 0.5 for k, _, p, _ in games)
    before = 0.0
    for r, (k, opp, p, _) in enumerate(games, start=1):
        if k == "played":
            entries.append((SEEN[(rule, opp)], p, False))
        elif rule == "adjusted":
            entries.append((own_adj, 0.5, False))
        elif rule == "fide2024":
            entries.append((own_total, p, k in VUR))
        elif rule == "fide2026":
            cap = SEEN[(rule, opp)] if opp is not None else 0.5 * n
            entries.append((min(own_total, cap), p, k in VUR))
        else:  # fide2009 virtual opponent
            entries.append((before + (1 - p) + 0.5 * (n - r), p, False))
        before += p
    return entries


#: per-event memo of AOB/APRO/APPO inputs, emptied by reference_standings
CACHE: dict = {}

#: scores as seen by opponents, of the table last passed to opponent_view (refreshed per use)
SEEN: dict = {}


def cut(entries, low, high, vur_first):
    """Entries (score, contribution, vur) kept after the cuts.

    C.07 16.5.1: the least significant value is the entry of the opponent with the lowest score
    (then the lowest contribution); with VURs, the VUR of lowest contribution is cut instead as
    long as that contribution is not lower than the least significant value."""
    items = list(entries)
    for _ in range(low):
        if not items:
            break
        least = min(items, key=lambda e: (e[0], e[1]))
        vurs = [e for e in items if e[2]]
        pick = least
        if vur_first and vurs:
            v = min(vurs, key=lambda e: (e[1], e[0]))  # lowest contribution
            if v[1] >= least[1]:
                pick = v
        items.remove(pick)
    for _ in range(high):
        if not items:
            break
        items.remove(max(items, key=lambda e: (e[0], e[1])))
    return items


def fore_games(games_by_player, n):
    out = {}
    for p, games in games_by_player.items():
        g = list(games)
        k, opp, pts, col = g[n - 1]
        if opp is not None:
            g[n - 1] = ("played", opp, 0.5, col)
        out[p] = g
    return out


def opponent_view(table, rule):
    for p, games in table.items():
        SEEN[(rule, p)] = seen_score(games, rule)


def bh_like(table, n, player, rule, name, low, high):
    opponent_view(table, rule)
    entries = round_entries(table, n, player, rule)
    rows = []
    for score, result, vur in entries:
        if name == "SB":
            contrib = score * result
        elif name == "KS":
            contrib = result if score >= 0.5 * n - 1e-9 else 0.0
        else:
            contrib = score
        rows.append((score, contrib, vur))
    kept = cut(rows, low, high, rule in ("fide2024", "fide2026"))
    return sum(c for _, c, _ in kept)


def ratings_played(table, player, ratings, ev):
    out = []
    for k, opp, p, _ in table[player]:
        if k == "played":
            r = ratings.get((ev, opp))
            if r is not None and not math.isnan(r) and r > 0:
                out.append((r, p))
    return out


def aro(table, player, ratings, ev, low=0, high=0):
    rs = sorted(r for r, _ in ratings_played(table, player, ratings, ev))
    rs = rs[low : len(rs) - high] if high else rs[low:]
    return half_up(sum(rs) / len(rs)) if rs else 0  # none left: 0, as the TEC tables


def tpr(table, player, ratings, ev):
    games = ratings_played(table, player, ratings, ev)
    if not games:
        return math.nan
    p100 = half_up(100 * sum(p for _, p in games) / len(games))
    return aro(table, player, ratings, ev) + dp_of(p100)


def ptp(table, player, ratings, ev):
    games = ratings_played(table, player, ratings, ev)
    if not games:
        return math.nan
    score = round(100 * sum(p for _, p in games))
    if score == 0:
        return min(r for r, _ in games) - 800
    rating = int(min(r for r, _ in games)) - 800
    while sum(expected(rating - int(r)) for r, _ in games) < score:
        rating += 1
    return rating


def opp_mean(table, player, values, rounding):
    vals = [values[opp] for k, opp, _, _ in table[player] if k == "played"]
    vals = [v for v in vals if not math.isnan(v)]
    if not vals:
        return 0 if rounding else math.nan  # a rating average of none: 0, as ARO
    m = sum(vals) / len(vals)
    return half_up(m) if rounding else m


def value(table, n, player, code, rule, ratings, ev):
    name, _, mod = code.partition("/")
    low = high = 0
    if mod:
        low = int(mod[1:])
        high = low if mod[0] == "M" else 0
    games = table[player]
    if name == "PTS":
        return sum(p for _, _, p, _ in games)
    if name == "KS" and rule != "adjusted":  # real opponents (forfeits too), final score
        totals = {q: sum(p for _, _, p, _ in g) for q, g in table.items()}
        return sum(p for _, opp, p, _ in games if opp is not None and totals[opp] >= 0.5 * n)
    if name in ("BH", "SB", "KS"):
        return bh_like(table, n, player, rule, name, low, high)
    if name == "FB":
        return bh_like(fore_games(table, n), n, player, rule, "BH", low, high)
    if name == "AOB":
        key = (id(table), name)
        if key not in CACHE:  # every player's Buchholz, once per event
            CACHE[key] = {q: bh_like(table, n, q, rule, "BH", 0, 0) for q in table}
        mean = opp_mean(table, player, CACHE[key], False)
        return 0.0 if mean != mean else mean  # no game over the board: 0 (NaN != NaN)
    if name in ("PS", "CUM"):
        running, sums = 0.0, []
        for _, _, p, _ in games:
            running += p
            sums.append(running)
        total = sum(sorted(sums)[low:])
        if name == "CUM":
            total -= sum(p for k, _, p, _ in games if k != "played")
        return total
    if name == "WIN":
        return sum(1 for _, _, p, _ in games if p == 1)
    if name == "WON":
        return sum(1 for k, _, p, _ in games if p == 1 and k == "played")
    if name == "BPG":
        return sum(1 for k, _, _, c in games if k == "played" and c == "b")
    if name == "BWG":
        return sum(1 for k, _, p, c in games if k == "played" and c == "b" and p == 1)
    if name == "REP":
        return sum(1 for k, _, _, _ in games if k in AVAILABLE)
    if name == "ARO":
        return aro(table, player, ratings, ev, low, high)
    if name == "TPR":
        return tpr(table, player, ratings, ev)
    if name == "PTP":
        return ptp(table, player, ratings, ev)
    if name in ("APRO", "APPO"):
        of = tpr if name == "APRO" else ptp
        key = (id(table), name)
        if key not in CACHE:  # every player's TPR/PTP, once per event
            CACHE[key] = {q: of(table, q, ratings, ev) for q in table}
        return opp_mean(table, player, CACHE[key], True)
    raise ValueError(code)


def de_order(table, group):
    """{player: number of group members the direct encounter ranks below him}."""
    below = dict.fromkeys(group, 0)

    def resolve(members):
        members = list(members)
        while len(members) > 1:
            score = dict.fromkeys(members, 0.0)
            met = {m: set() for m in members}
            for m in members:
                for k, opp, p, _ in table[m]:
                    if k == "played" and opp in score:
                        score[m] += p
                        met[m].add(opp)
            if all(len(met[m]) == len(members) - 1 for m in members):
                levels = sorted(set(score.values()), reverse=True)
                if len(levels) == 1:
                    return
                for level in levels:
                    sub = [m for m in members if score[m] == level]
                    lower = sum(1 for m in members if score[m] < level)
                    for m in sub:
                        below[m] += lower
                    resolve(sub)
                return
            best = max(score.values())
            tops = [m for m in members if score[m] == best]
            if len(tops) != 1:
                return
            leader = tops[0]
            others = [m for m in members if m != leader]
            reach = max(score[m] + (len(members) - 1 - len(met[m])) for m in others)
            if not best > reach + 1e-9:
                return
            below[leader] += len(others)
            members = others

    resolve(group)
    return below


def reference_standings(results, tiebreaks, rules, ratings=None):
    """{(event, player): {code: value, "rank": rank}}; `rules` a name or {event: name}."""
    ratings = ratings or {}
    CACHE.clear()
    out = {}
    for ev, (n, table) in event_tables(results).items():
        rule = rules if isinstance(rules, str) else rules[ev]
        values = {p: {"PTS": value(table, n, p, "PTS", rule, ratings, ev)} for p in table}
        done = ["PTS"]
        for code in tiebreaks:
            if code == "DE":
                groups = {}
                for p in table:
                    key = tuple(round(values[p][c], 9) if not math.isnan(values[p][c]) else None
                                for c in done)  # fmt: skip
                    groups.setdefault(key, []).append(p)
                for members in groups.values():
                    for p, b in de_order(table, members).items():
                        values[p]["DE"] = float(b)
            else:
                for p in table:
                    values[p][code] = value(table, n, p, code, rule, ratings, ev)
            done.append(code)

        def key(p, done=done, values=values):
            return tuple(
                -math.inf if math.isnan(values[p][c]) else round(values[p][c], 9) for c in done
            )

        for p in table:
            values[p]["rank"] = 1 + sum(1 for q in table if key(q) > key(p))
            out[(ev, p)] = values[p]
    return out
