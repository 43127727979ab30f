"""Plain-Python reference for the chess tie-breaks: loops and dicts, written from the rules.

Slow and obviously correct: every player of every event is handled one at a time, round by
round, following the definitions of the rule sets (see tourneystats.chess) and of C.07 (2026):
point systems (the points of a win W and of a draw D), games in progress (left out of every
tie-break), round robins (forfeits as games, except as the rule set keeps them unplayed for the
rating-based and the Type B tie-breaks), STD, TPN, RTNG, withdrawn players. The vectorised code
is tested against it.
"""

from __future__ import annotations

import bisect
import copy
import math

import pandas as pd

DP = [0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
      158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
      351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800]  # fmt: skip
BANDS = [3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
         153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315,
         328, 344, 357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735]  # fmt: skip

AVAILABLE = {"played", "forfeit_win", "pab", "fpb", "in_progress"}
VUR = {"hpb", "zpb", "forfeit_loss"}
FORFEITS = {"forfeit_win", "forfeit_loss"}
#: per rule set: own unplayed round's stand-in, VUR cut first, round-robin forfeits, BH in RR
RULES = {
    "adjusted": ("self", False, "played", True),
    "fide2024": ("dummy", True, "played", True),
    "fide2026": ("capped", True, "c07_2026", False),
    "fide2009": ("virtual", False, "played", True),
    "chessmanager2024": ("dummy_seen", True, "played", True),
    "vega2024": ("dummy", True, "played", True),
    "vega2026a": ("dummy", True, "played", True),
    "vega2026": ("capped", True, "c07_2026", False),
    "vega2009": ("virtual", False, "played", True),
    "swissmanager2009": ("virtual", False, "played", True),
}
#: Vega: an opponent's trailing byes count from the last round he was *paired* in, a forfeit
#: loss included
VEGA_PAIRED = {"vega2024", "vega2026a", "vega2026"}
#: Vega early 2026: a pairing-allocated bye adds nothing to SB
PAB_ZERO_SB = {"vega2026a"}
#: Swiss-Manager (FIDE 2009): an own unplayed round counts in SB as a draw against its stand-in,
#: and an ARO cut takes the rounds without a game first
SB_UNPLAYED_DRAW = {"swissmanager2009"}
ARO_CUT_UNPLAYED = {"swissmanager2009"}
RATING_BASED = {"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"}
DEFAULT_POINTS = {"win": 1.0, "draw": 0.5, "loss": 0.0}


def dp_of(p100: int) -> int:
    return DP[p100 - 50] if p100 >= 50 else -DP[50 - p100]


def expected(diff: int) -> int:
    """Expected score in hundredths for a rating difference `diff` (own - opponent)."""
    d = max(-800, min(800, diff))
    pd_ = 50 + bisect.bisect_left(BANDS, abs(d))  # the first band whose top is >= |d|
    return pd_ if d >= 0 else 100 - pd_


def half_up(x: float) -> int:
    return math.floor(x + 0.5 + 1e-9)


class Event:
    """One event: its rounds, its players' rounds (kind, opponent, points, colour), its point
    system (W, D), its rule set and whether it is a round robin."""

    def __init__(self, name, players, n, rule, points, rr, planned):
        self.name, self.n, self.rule, self.rr = name, n, rule, rr
        self.W, self.D, self.L = points["win"], points["draw"], points["loss"]
        self.planned = max(planned or n, n)
        self.table = players  # {player: [(kind, opp, pts, colour)] * n}
        self.removed = set()  # players taken out (withdrawn="fide")
        self.koya_n = n

    def rounds(self, player, family="games"):
        """The player's rounds as the tie-breaks of `family` see them: round-robin forfeits
        made games (every family under 2024; under 2026 not for the rating-based ones, and the
        forfeit losses not for the Type B ones); ``"predetermined"`` (the /P modifier): every
        forfeit with a scheduled opponent made a game, in Swiss events too."""
        mode = RULES[self.rule][2]
        out = []
        for k, opp, p, c in self.table[player]:
            if family == "predetermined" and k in FORFEITS and opp is not None:
                k = "played"
            elif self.rr and k in FORFEITS and opp is not None:  # (a forfeit without opponent:
                # no game)
                if family == "games" or mode == "played":
                    k = "played"
                elif family == "own" and k == "forfeit_win" and mode == "c07_2026":
                    k = "played"
            out.append((k, opp, p, c))
        return out

    def result(self, kind, p):
        """A round's game result: win 1, draw 1/2, loss 0 (of the game or the forfeit)."""
        if kind == "forfeit_win":
            return 1.0
        if kind == "played":
            return 1.0 if p == self.W else 0.5 if p == self.D else 0.0
        return 0.0


def counted(kind):
    return kind not in ("in_progress", "none")


def event_tables(results, rules, points, round_robin, planned):
    """{event: Event}."""
    events = {}
    for row in results.to_dict("records"):
        ev = events.setdefault(row["event"], {})
        opp = row.get("opponent")
        opp = None if opp is None or pd.isna(opp) else opp
        colour = row.get("colour")
        colour = colour if isinstance(colour, str) else None
        kind, pts = row["kind"], row["points"]
        if pts is None or pd.isna(pts):
            kind, pts = "in_progress", 0.0
        ev.setdefault(row["player"], {})[int(row["round"])] = (kind, opp, float(pts), colour)
    out = {}
    for name, players in events.items():
        n = max(r for rounds in players.values() for r in rounds)
        table = {
            p: [rounds.get(r, ("zpb", None, 0.0, None)) for r in range(1, n + 1)]
            for p, rounds in players.items()
        }
        rule = rules if isinstance(rules, str) else rules[name]
        pts = points.get(name, DEFAULT_POINTS) if isinstance(points, dict) else DEFAULT_POINTS
        p_planned = planned.get(name) if isinstance(planned, dict) else planned
        ev = Event(name, table, n, rule, pts, name in round_robin, p_planned)
        if ev.rr and len(table) % 2 == 1 and n % len(table) == 0:
            ev.koya_n = n - n // len(table)  # each player sits out one round per cycle
        out[name] = ev
    return out


def seen_score(ev, player, fore=False):
    """A player's score as counted in his opponents' tie-breaks (C.07 16.3 / adjusted)."""
    games = fore_rounds(ev, player) if fore else ev.rounds(player)
    if ev.rr and ev.rule != "adjusted":  # art. 16 is for Swiss events: the points as they are
        return sum(p for k, _, p, _ in games if counted(k))
    if ev.rule in ("adjusted", "fide2009", "vega2009", "swissmanager2009"):
        return sum(p if k == "played" else ev.D for k, _, p, _ in games if counted(k))
    present = AVAILABLE | {"forfeit_loss"} if ev.rule in VEGA_PAIRED else AVAILABLE
    last = 0
    for r, (k, _, _, _) in enumerate(games, start=1):
        if k in present:
            last = r
    total = 0.0
    for r, (k, opp, p, _) in enumerate(games, start=1):
        if counted(k):  # a VUR without an opponent after his last available round: a draw
            total += ev.D if (k in VUR and opp is None and r > last) else p
    return total


def round_entries(ev, player, games, seen, base=None):
    """[(score counted, result, is_vur)] for each counted round of `player` (`base`: his rounds
    as his adjusted score counts them, when `games` makes forfeits games, /P)."""
    own_total = sum(p for k, _, p, _ in games if counted(k))
    own_adj = sum(p if k == "played" else ev.D for k, _, p, _ in base or games if counted(k))
    how, vur_first = RULES[ev.rule][:2]
    entries, before = [], 0.0
    for r, (k, opp, p, _) in enumerate(games, start=1):
        if not counted(k):
            continue
        if ev.rr and ev.rule != "adjusted" and k != "played":
            before += p  # a round robin's round without a game adds nothing (15.2-15.3)
            continue
        if k == "pab" and ev.rule in PAB_ZERO_SB:  # stand-in as below, kept for BH; no SB
            entries.append((own_total, p, False, "pab0"))
        elif k == "played":
            entries.append((seen[opp], p, False))
        elif how == "self":
            entries.append((own_adj, ev.D, False))
        elif how == "dummy":
            entries.append((own_total, p, k in VUR))
        elif how == "dummy_seen":  # a dummy at the player's score as his opponents see it
            entries.append((seen[player], p, k in VUR))
        elif how == "capped":  # 16.4.1 forfeits: the opponent's score; 16.4.2: D x rounds
            cap = seen[opp] if opp is not None else ev.D * ev.n
            entries.append((min(own_total, cap), p, k in VUR))
        else:  # fide2009 virtual opponent
            result = ev.D if ev.rule in SB_UNPLAYED_DRAW else p
            entries.append((before + (ev.W - p) + ev.D * (ev.n - r), result, False))
        before += p
    return entries


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


def fore_rounds(ev, player, family="games"):
    """The player's rounds with every paired game of the planned last round a draw."""
    games = list(ev.rounds(player, family))
    last = ev.planned - 1
    if last < ev.n:
        k, opp, p, c = games[last]
        if opp is not None:
            games[last] = ("played", opp, ev.D, c)
    return games


def bh_like(ev, player, name, low, high, fore=False, played=False):
    """BH, SB, KS (FB: `fore`) of `player`; `played` (/P): each of his forfeits with a
    scheduled opponent a game against him (the scores as counted stay those of 16.3)."""
    family = "predetermined" if played else "games"
    seen = {q: seen_score(ev, q, fore) for q in ev.table}
    games = fore_rounds(ev, player, family) if fore else ev.rounds(player, family)
    base = fore_rounds(ev, player) if fore else ev.rounds(player)
    entries = round_entries(ev, player, games, seen, base)
    rows = []
    limit = 0.5 * ev.W * ev.koya_n - 1e-9
    for score, result, vur, *pab0 in entries:
        if name == "SB":
            contrib = 0.0 if pab0 else score * result
        elif name == "KS":
            contrib = result if score >= limit else 0.0
        else:
            contrib = score
        rows.append((score, contrib, vur))
    kept = cut(rows, low, high, RULES[ev.rule][1])
    return sum(c for _, c, _ in kept)


def opp_ratings(ev, player, ratings, unrated, per_round=None):
    """[(rating, result)] of the rated opponents met over the board (rating-based family)."""
    out = []
    for r, (k, opp, p, _) in enumerate(ev.rounds(player, "ratings")):
        if k != "played":
            continue
        rating = (per_round or {}).get((ev.name, opp, r + 1), ratings.get((ev.name, opp)))
        if rating is None or math.isnan(rating) or rating <= 0:
            if not isinstance(unrated, float | int) or isinstance(unrated, bool):
                continue
            rating = float(unrated)
        out.append((rating, ev.result(k, p)))
    return out


def aro(games, low=0, high=0):
    rs = sorted(r for r, _ in games)
    rs = rs[low : len(rs) - high] if high else rs[low:]
    return half_up(sum(rs) / len(rs)) if rs else 0  # none left: 0, as the TEC tables


def tpr(games):
    if not games:
        return math.nan
    p100 = half_up(100 * sum(p for _, p in games) / len(games))
    return aro(games) + dp_of(p100)


def ptp(games):
    if not games:
        return math.nan
    score = round(100 * sum(p for _, p in games))
    if score == 0:
        return min(r for r, _ in games) - 800
    rating = int(min(r for r, _ in games)) - 800
    while sum(expected(rating - int(r)) for r, _ in games) < score:
        rating += 1
    return rating


def opp_mean(ev, player, values, rounding, family="games"):
    vals = [values[opp] for k, opp, _, _ in ev.rounds(player, family) if k == "played"]
    vals = [v for v in vals if not math.isnan(v)]
    if not vals:
        return 0 if rounding else math.nan  # a rating average of none: 0, as ARO
    m = sum(vals) / len(vals)
    return half_up(m) if rounding else m


#: C.07's editions a code may name after "@", and the rule set each is
EDITIONS = {"2009": "fide2009", "2023": "fide2024", "2024": "fide2024", "2026": "fide2026"}
#: the events as each edition sees them: {(event name, rule set): Event}
EDITION_EVENTS: dict = {}


def under_edition(ev, code):
    """(the event as the code's edition sees it, the code without its edition)."""
    code, _, edition = code.partition("@")
    if not edition:
        return ev, code
    rule = EDITIONS.get(edition, edition)
    key = (ev.name, rule)
    if key not in EDITION_EVENTS:
        other = copy.copy(ev)
        other.rule = rule
        EDITION_EVENTS[key] = other
    return EDITION_EVENTS[key], code


def value(ev, player, code, ratings, opts):
    ev, code = under_edition(ev, code)
    name, *mods = code.split("/")
    low = high = 0
    for mod in mods:
        if mod[0] in "CM":
            low = int(mod[1:])
            high = low if mod[0] == "M" else 0
    games = ev.table[player]
    if name == "PTS":
        return sum(p for k, _, p, _ in games if counted(k))
    if name == "KS" and ev.rule != "adjusted":  # real opponents (forfeits too), final score
        totals = {q: sum(p for k, _, p, _ in g if counted(k)) for q, g in ev.table.items()}
        limit = 0.5 * ev.W * ev.koya_n - 1e-9
        return sum(
            p for k, opp, p, _ in games if counted(k) and opp is not None and totals[opp] >= limit
        )
    if name in ("BH", "SB", "KS"):
        return bh_like(ev, player, name, low, high, played="P" in mods)
    if name == "FB":
        return bh_like(ev, player, "BH", low, high, fore=True, played="P" in mods)
    if name == "AOB":
        fore = "F" in mods
        key = (id(ev), "AOB", fore)
        if key not in CACHE:  # every player's Buchholz, once per event
            CACHE[key] = {q: bh_like(ev, q, "BH", 0, 0, fore=fore) for q in ev.table}
        mean = opp_mean(ev, player, CACHE[key], False)
        return 0.0 if mean != mean else mean  # no game over the board: 0 (NaN != NaN)
    own = ev.rounds(player, "own")
    if name in ("PS", "CUM"):
        running, sums = 0.0, []
        for k, _, p, _ in own:
            if k == "none":
                continue
            running += p  # a game in progress adds nothing yet
            sums.append(running)
        total = sum(sorted(sums)[low:])
        if name == "CUM":
            total -= sum(p for k, _, p, _ in own if counted(k) and k != "played")
        return total
    if name == "WIN":
        return sum(1 for k, _, p, _ in games if counted(k) and p == ev.W)
    if name == "WON":
        return sum(1 for k, _, p, _ in own if k == "played" and ev.result(k, p) == 1)
    if name == "BPG":
        return sum(1 for k, _, _, c in own if k == "played" and c == "b")
    if name == "BWG":
        return sum(1 for k, _, p, c in own if k == "played" and c == "b" and ev.result(k, p) == 1)
    if name == "REP":
        return sum(1 for k, _, _, _ in own if k in AVAILABLE and counted(k))
    if name == "STD":
        total = 0.0
        for r, (k, opp, p, _) in enumerate(games):
            if not counted(k):
                continue
            other = ev.table[opp][r][2] if opp is not None else ev.D
            total += 1.0 if p > other else 0.5 if p == other else 0.0
        return total
    if name == "TPN":
        return float(player)
    return rating_value(ev, player, name, low, high, ratings, opts)


def rating_value(ev, player, name, low, high, ratings, opts):
    unrated = opts.get("unrated", "leave_out")
    if unrated == "drop" and any(
        not (ratings.get((ev.name, q)) or 0) > 0 for q in ev.table
    ):  # an unrated player: C.07 art. 10 drops the rating-based tie-breaks
        return math.nan
    per_round = opts.get("per_round")
    if name == "RTNG":
        rating = ratings.get((ev.name, player))
        if per_round:  # the rating of his last counted round
            last = max(
                (r for r, (k, _, _, _) in enumerate(ev.table[player], 1) if counted(k)),
                default=1,
            )
            rating = per_round.get((ev.name, player, last), rating)
        if rating is None or math.isnan(rating) or rating <= 0:
            return float(unrated) if isinstance(unrated, int | float) else math.nan
        return rating
    games = opp_ratings(ev, player, ratings, unrated, per_round)
    played = [k for k, *_ in ev.table[player]] + [k for k, *_ in ev.rounds(player, "ratings")]
    if "played" not in played:  # no game at all: no value (0 is for games that leave none)
        return math.nan
    if name == "ARO":
        if ev.rule in ARO_CUT_UNPLAYED:  # each round without a game takes a cut first
            own = [
                k for k, *_ in ev.table[player] if counted(k) and k not in ("played", "in_progress")
            ]
            low = max(0, low - len(own))
        return aro(games, low, high)
    if name in ("TPR", "PTP"):  # without a rated game: 0 (APRO/APPO leave such opponents out)
        value = (tpr if name == "TPR" else ptp)(games)
        return 0.0 if math.isnan(value) else value
    if name in ("APRO", "APPO"):
        of = tpr if name == "APRO" else ptp
        key = (id(ev), name)
        if key not in CACHE:  # every player's TPR/PTP, once per event
            CACHE[key] = {q: of(opp_ratings(ev, q, ratings, unrated, per_round)) for q in ev.table}
        return opp_mean(ev, player, CACHE[key], True, "ratings")
    raise ValueError(name)


#: per-event memo of AOB/APRO/APPO inputs, emptied by reference_standings
CACHE: dict = {}


def de_order(ev, group, forfeits=False):
    """{player: number of group members the direct encounter ranks below him} (`forfeits`,
    DE/P: a forfeit between two of them counts as a game, C.07 6.1.1)."""
    below = dict.fromkeys(group, 0)
    games = ("played", *FORFEITS) if forfeits else ("played",)

    def resolve(members):
        members = list(members)
        while len(members) > 1:
            met = {m: {} for m in members}  # opponent -> points of each game (C.07 6.1.2:
            for m in members:  # two who met more than once count the average)
                for k, opp, p, _ in ev.rounds(m):
                    if k in games and opp in met:
                        met[m].setdefault(opp, []).append(p)
            score = {m: sum(sum(v) / len(v) for v in met[m].values()) for m in members}
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
            # 6.3: first place to the one nobody can catch whatever the missing games, then
            # second place the same among the others, and so on; then again on the rest
            order = sorted(members, key=lambda m: -score[m])
            placed = []
            for i, m in enumerate(order[:-1]):
                missing = {o: len(members) - 1 - len(met[o]) for o in order[i + 1 :]}
                reach = max(score[o] + ev.W * missing[o] for o in missing)  # a win's points
                if not score[m] > reach + 1e-9:
                    break
                placed.append(m)
            if not placed:
                return
            for i, m in enumerate(placed):
                below[m] += len(members) - 1 - i
            members = [m for m in members if m not in placed]

    resolve(group)
    return below


def withdrawn_players(ev):
    """Players absent (zpb; in a round robin, or a forfeit loss) from some round to the end."""
    out = set()
    for p, games in ev.table.items():
        absent = [k == "zpb" or (ev.rr and k == "forfeit_loss") for k, _, _, _ in games]
        if absent and absent[-1]:
            out.add(p)
    return out


def take_out(ev, withdrawn):
    """FIDE Tournament Rules V.4: a round-robin player who withdrew having played fewer than
    half of his games leaves the table and his opponents' records."""
    if not ev.rr:
        return set()
    out = set()
    for p in withdrawn:
        games = ev.table[p]
        completed = sum(1 for k, _, _, _ in games if k == "played")
        scheduled = sum(1 for k, _, _, _ in games if k not in ("pab", "fpb"))
        if 2 * completed < scheduled:
            out.add(p)
    lost = {}
    for p, games in ev.table.items():
        new = []
        for k, opp, pts, c in games:
            if p in out or (opp is not None and opp in out):
                new.append(("none", None, 0.0, None))
            else:
                new.append((k, opp, pts, c))
        ev.table[p] = new
        lost[p] = sum(1 for g in new if g[0] == "none")
    if out:
        ev.koya_n -= max((lost[p] for p in ev.table if p not in out), default=0)  # (all out: none)
    return out


def reference_standings(results, tiebreaks, rules, ratings=None, **opts):
    """{(event, player): {code: value, "rank": rank}}; `rules` a name or {event: name}.

    Options: points ({event: {"win", "draw", "loss"}}), round_robin (event names), planned
    ({event: rounds} or a number), unrated ("leave_out", "drop" or a rating), per_round
    ({(event, player, round): rating}), withdrawn ("keep", "leave_out", "fide")."""
    ratings = ratings or {}
    CACHE.clear()
    EDITION_EVENTS.clear()
    out = {}
    events = event_tables(
        results,
        rules,
        opts.get("points"),
        set(opts.get("round_robin", ())),
        opts.get("planned"),
    )
    for ev in events.values():
        gone = withdrawn_players(ev)
        withdrawn = opts.get("withdrawn", "keep")
        shown = set(ev.table)
        if withdrawn == "leave_out":
            shown -= gone
        elif withdrawn == "fide":
            shown -= take_out(ev, gone)
        values = {p: {"PTS": value(ev, p, "PTS", ratings, opts)} for p in ev.table}
        done = ["PTS"]
        for code in tiebreaks:
            if code.partition("@")[0] in ("DE", "DE/P"):
                groups = {}
                for p in shown:
                    key = tuple(round(values[p][c], 9) if not math.isnan(values[p][c]) else None
                                for c in done)  # fmt: skip
                    groups.setdefault(key, []).append(p)
                for members in groups.values():
                    under = under_edition(ev, code)[0]
                    for p, b in de_order(under, members, code.startswith("DE/P")).items():
                        values[p][code] = float(b)
            else:
                for p in ev.table:
                    values[p][code] = value(ev, p, code, ratings, opts)
            done.append(code)
        plain = [c.partition("@")[0] for c in done[1:]]
        signs = [1] + [-1 if c == "TPN" or c == "RTNG/R" else 1 for c in plain]

        def key(p, done=done, values=values, signs=signs):
            return tuple(
                -math.inf if math.isnan(values[p][c]) else s * round(values[p][c], 9)
                for c, s in zip(done, signs)
            )

        for p in shown:
            values[p]["rank"] = 1 + sum(1 for q in shown if key(q) > key(p))
            out[(ev.name, p)] = values[p]
    return out
