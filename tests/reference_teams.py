"""Plain-Python reference for bridge team competitions: loops, dicts and exact fractions.

Written straight from the rules (issue 25 and the texts the rule sets cite), slow and obvious, to
check the vectorised :mod:`tourneystats.bridge` pools, knockouts and board-a-match against.

A match is a dict ``{"event", "home", "visit", "hi", "vi", "hvp", "vvp"}`` (``visit`` None for
a bye); a rule set a dict ``{"criteria": [...], "restart": bool, "two_only": [...],
"bye_vp": number | "average" | None}``.
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil, inf


def quotient(won, lost):
    """won / lost; infinite with nothing lost but something won; 1 for 0 / 0."""
    if lost > 0:
        return Fraction(won) / Fraction(lost)
    return inf if won > 0 else 1


def _score_byes(matches, rules):
    """The matches with each bye's VPs filled in."""
    out = []
    for m in matches:
        if m["visit"] is not None:
            out.append(m)
            continue
        if rules["bye_vp"] == "average":
            vps = [x["hvp"] if x["home"] == m["home"] else x["vvp"]
                   for x in matches if x["visit"] is not None
                   and m["home"] in (x["home"], x["visit"])]  # fmt: skip
            vp = round(sum(vps) / len(vps), 2) if vps else 0
        else:
            vp = rules["bye_vp"]
        out.append({**m, "hi": 0, "vi": 0, "hvp": vp, "vvp": 0})
    return out


def _totals(matches):
    """Per team: matches, byes, IMPs for and against, VPs, and the list of (opp, vp, won, lost)."""
    t = {}

    def side(team):
        return t.setdefault(team, {"played": 0, "byes": 0, "for": 0, "against": 0, "vp": 0,
                                   "games": []})  # fmt: skip

    for m in matches:
        h = side(m["home"])
        if m["visit"] is None:
            h["byes"] += 1
            h["vp"] += m["hvp"]
            continue
        v = side(m["visit"])
        for me, opp, won, lost, vp, ovp in (
            (h, m["visit"], m["hi"], m["vi"], m["hvp"], m["vvp"]),
            (v, m["home"], m["vi"], m["hi"], m["vvp"], m["hvp"]),
        ):
            me["played"] += 1
            me["for"] += won
            me["against"] += lost
            me["vp"] += vp
            me["games"].append((opp, vp, won, lost, ovp))
    for row in t.values():
        row["vp"] = round(row["vp"], 2)
    return t


def _value(name, team, group, t, above=()):
    """Criterion `name` of `team` among the tied `group` (`above`: the teams placed above it)."""
    row = t[team]
    if name == "vp_against_higher":
        return round(sum(g[1] for g in row["games"] if g[0] in above), 2)
    if name.startswith("h2h_"):
        games = [g for g in row["games"] if g[0] in group]
        vp = round(sum(g[1] for g in games), 2)
        won = sum(g[2] for g in games)
        lost = sum(g[3] for g in games)
        return {"h2h_vp": vp, "h2h_imp_difference": won - lost,
                "h2h_imp_quotient": quotient(won, lost)}[name]  # fmt: skip
    if name == "imp_quotient":
        return quotient(row["for"], row["against"])
    if name == "imp_difference":
        return row["for"] - row["against"]
    if name == "wins":
        return sum(1 if g[1] > g[4] else Fraction(1, 2) if g[1] == g[4] else 0
                   for g in row["games"])  # fmt: skip
    return sum(t[g[0]]["vp"] for g in row["games"])  # opponents_vp


def _order(group, k, rules, t, above=frozenset()):
    """[(team, separator to the next team)] for a group tied so far, from criterion k (`above`:
    the teams already placed above the group)."""
    crits = rules["criteria"]
    if len(group) == 1:
        return [(group[0], None)]
    if k >= len(crits):
        ordered = sorted(group, key=str)
        return [(x, "tied") for x in ordered[:-1]] + [(ordered[-1], None)]
    name = crits[k]
    if name in rules["two_only"] and len(group) != 2:
        return _order(group, k + 1, rules, t, above)
    values = {x: _value(name, x, group, t, above) for x in group}
    levels = sorted(set(values.values()), reverse=True)
    if len(levels) == 1:
        return _order(group, k + 1, rules, t, above)
    out = []
    placed = set(above)
    for level in levels:
        block = [x for x in group if values[x] == level]
        part = _order(block, 0 if rules["restart"] else k + 1, rules, t, frozenset(placed))
        placed |= set(block)
        if out:
            out[-1] = (out[-1][0], name)
        out.extend(part)
    return out


def pool_standings(matches, rules):
    """Per event: [(team, vp, rank, decided_by)] in order of place."""
    result = {}
    for event in dict.fromkeys(m["event"] for m in matches):
        ms = _score_byes([m for m in matches if m["event"] == event], rules)
        t = _totals(ms)
        by_vp = sorted(set(r["vp"] for r in t.values()), reverse=True)
        rows = []
        for vp in by_vp:
            group = [x for x in t if t[x]["vp"] == vp]
            part = _order(group, 0, rules, t, frozenset(x for x in t if t[x]["vp"] > vp))
            if rows:
                rows[-1] = (rows[-1][0], "vp")
            rows.extend(part)
        table, place = [], 1
        for i, (team, sep) in enumerate(rows):
            if i and rows[i - 1][1] != "tied":
                place = i + 1
            table.append((team, t[team]["vp"], place, sep))
        result[event] = table
    return result


# --- knockouts -----------------------------------------------------------------------------------


def knockout_match(segments_home, segments_visit, carry_home, carry_visit):
    """(total home, total visit, winner 'home'/'visit'/None) of a match: carry-over plus the
    IMPs of its segments."""
    home = carry_home + sum(segments_home)
    visit = carry_visit + sum(segments_visit)
    return home, visit, "home" if home > visit else "visit" if visit > home else None


def carry_from_margin(margin, fraction, cap):
    """Carry-over of the winner of an earlier match won by `margin` IMPs: fraction x margin,
    at most `cap` (None: no cap); the loser 0."""
    c = Fraction(fraction) * abs(Fraction(margin))
    return c if cap is None else min(c, Fraction(cap))


def ebu_extra_boards(boards):
    """EBU White Book 143.2.1: one eighth of the scheduled boards, at least 2, rounded up."""
    return max(2, ceil(boards / 8))


# --- board-a-match -------------------------------------------------------------------------------


def bam_points(net_scores, win=2, draw=1, tie_margin=0):
    """Board-a-match points of the home team over its boards (net score per board): `win` per
    board won (by more than `tie_margin`), `draw` per board tied, 0 per board lost; the
    visitors' the complement."""
    home = sum(win if n > tie_margin else draw if n >= -tie_margin else 0 for n in net_scores)
    return home, win * len(net_scores) - home


def patton_points(tables):
    """Patton points (home, visit) of a match from its boards' table scores, each board a pair
    (home team's score at table 1, at table 2), signed from the home team's side; the rules of
    the JFR Teamy Patton scripts (emkael/patton): 2/1/0 a board, 10 points a tie; the total
    score: n, n/2 + x or n/2 each by the relative margin (4 decimals), x = 1 for 4 boards else
    n/6 to 0.1."""
    n = len(tables)
    home_bam = sum(2 if a + b > 10 else 1 if abs(a + b) <= 10 else 0 for a, b in tables)
    home = sum(max(a, 0) + max(b, 0) for a, b in tables)
    visit = sum(max(-a, 0) + max(-b, 0) for a, b in tables)
    top = max(home, visit)
    rel = Fraction(abs(home - visit), top) if top else Fraction(0)
    rel4 = Fraction(int(rel * 10000 + Fraction(1, 2)), 10000)
    x = Fraction(1) if n == 4 else Fraction(int(Fraction(n, 6) * 10 + Fraction(1, 2)), 10)
    size = Fraction(n, 2) if rel4 > Fraction(3333, 10000) else x if rel4 >= Fraction(1, 10) else 0
    lead = size if home > visit else -size if visit > home else 0
    return home_bam + Fraction(n, 2) + lead, 2 * n - home_bam + Fraction(n, 2) - lead


def wbf_discrete_vp(margin, boards):
    """Winner-side VPs (or the loser's, for a negative margin) on the WBF 2013 discrete scale:
    band ends where the unrounded continuous curve reaches 10.5, 11.5, ... (rounded down to a
    whole IMP), then every band made at least as wide as the one before it, starting again
    from the draw after each change."""
    import math

    r = ((math.sqrt(5) - 1) / 2) ** 3
    x = 15 * math.sqrt(boards)
    ends = []
    for k in range(10):
        target = (k + 0.5) / 10
        ends.append(math.floor(x * math.log(1 - (1 - r) * target) / math.log(r) + 1e-9))
    changed = True
    while changed:
        changed = False
        for i in range(9):
            before = 2 * ends[0] + 1 if i == 0 else ends[i] - ends[i - 1]
            if ends[i + 1] - ends[i] < before:
                ends[i] -= 1
                changed = True
                break
    size = math.floor(abs(margin))
    vp = 20
    for k, end in enumerate(ends):
        if size <= end:
            vp = 10 + k
            break
    return vp if margin >= 0 else 20 - vp
