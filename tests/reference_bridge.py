"""Plain-Python reference for duplicate bridge scoring: loops, dicts and exact fractions.

Written straight from the rules (issue 5 and the seed text), slow and obvious, to check the
vectorised :mod:`tourneystats.bridge` against. Input rows are dicts with the traveller columns.
"""

from __future__ import annotations

import math
from fractions import Fraction

# The WBF IMP table as printed: (lowest difference, highest difference, IMPs)
IMP_TABLE = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5),
    (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10),
    (500, 590, 11), (600, 740, 12), (750, 890, 13), (900, 1090, 14), (1100, 1290, 15),
    (1300, 1490, 16), (1500, 1740, 17), (1750, 1990, 18), (2000, 2240, 19),
    (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22), (3500, 3990, 23),
]  # fmt: skip


def ref_imps(diff):
    """IMPs of a difference: the row of the table whose range holds it (between two rows, the
    lower row: a difference of 15 is still 0 IMPs); 4000 and more is 24."""
    size = abs(diff)
    imp = 24
    for low, high, value in IMP_TABLE:
        next_low = high + 10
        if low <= size < next_low:
            imp = value
            break
    return imp if diff >= 0 else -imp


def parse_code(code):
    """'A6040' -> (60, 40): NS percent then EW percent."""
    code = code.strip().upper()
    assert code[0] == "A" and len(code) == 5, code
    return int(code[1:3]), int(code[3:5])


def _groups(rows):
    boards = {}
    for i, r in enumerate(rows):
        key = (r["event"], r.get("section", "A"), r["board"])
        boards.setdefault(key, []).append(i)
    return boards


def _section_max(boards):
    biggest = {}
    for (event, section, _board), idx in boards.items():
        biggest[(event, section)] = max(biggest.get((event, section), 0), len(idx))
    return biggest


def _is_artificial(r):
    a = r.get("artificial")
    return a is not None and not (isinstance(a, float) and math.isnan(a)) and a != ""


def ref_matchpoints(rows, scale="full", percent=(60, 50, 40)):
    """Per row: (ns_mp, ew_mp, top) as Fractions."""
    plus, avg, minus = (Fraction(v) for v in percent)
    nominal = {60: plus, 50: avg, 40: minus}
    boards = _groups(rows)
    biggest = _section_max(boards)
    out = [None] * len(rows)
    for (event, section, _board), idx in boards.items():
        big_n = biggest[(event, section)]
        real = [i for i in idx if not _is_artificial(rows[i])]
        n = len(real)
        if scale == "full":
            top = Fraction(2 * (big_n - 1))
        else:
            top = Fraction(big_n - 1, 1)
        for i in real:
            beaten = ties = 0
            for j in real:
                if j == i:
                    continue
                if rows[i]["ns_score"] > rows[j]["ns_score"]:
                    beaten += 1
                elif rows[i]["ns_score"] == rows[j]["ns_score"]:
                    ties += 1
            if scale == "full":
                m = Fraction(2 * beaten + ties)
                if n != big_n:
                    m = (m + 1) * big_n / n - 1
            else:
                m = beaten + Fraction(ties, 2)
                if n != big_n:
                    m = (m + Fraction(1, 2)) * big_n / n - Fraction(1, 2)
            out[i] = (m, top - m, top)
        for i in idx:
            if i in real:
                continue
            ns_nom, ew_nom = parse_code(rows[i]["artificial"])
            ns_pct = nominal.get(ns_nom, Fraction(ns_nom))
            ew_pct = nominal.get(ew_nom, Fraction(ew_nom))
            out[i] = (ns_pct * top / 100, ew_pct * top / 100, top)
    return out


def ref_movement(rows):
    """Per (event, section): 'howell' when a pair id sits both ways but never both ways on one
    board, else 'mitchell'."""
    ns_ids, ew_ids, collide = {}, {}, {}
    for key, idx in _groups(rows).items():
        es = key[:2]
        ns = {rows[i]["ns_pair"] for i in idx}
        ew = {rows[i]["ew_pair"] for i in idx}
        ns_ids.setdefault(es, set()).update(ns)
        ew_ids.setdefault(es, set()).update(ew)
        if ns & ew:
            collide[es] = True
    out = {}
    for es in ns_ids:
        overlap = bool(ns_ids[es] & ew_ids[es])
        out[es] = "howell" if overlap and not collide.get(es) else "mitchell"
    return out


def _competition_ranks(values):
    """{key: rank}: 1 + number of strictly better values (compared rounded to 1e-9)."""
    out = {}
    for k, v in values.items():
        better = sum(1 for w in values.values() if round(w, 9) > round(v, 9))
        out[k] = better + 1
    return out


def ref_standings(rows, scale="full", percent=(60, 50, 40)):
    """{(event, section, line, pair): (boards, mp, top, percentage, rank)}."""
    mps = ref_matchpoints(rows, scale, percent)
    move = ref_movement(rows)
    totals = {}
    for r, (ns_mp, ew_mp, top) in zip(rows, mps, strict=True):
        es = (r["event"], r.get("section", "A"))
        howell = move[es] == "howell"
        for pair, line, mp in ((r["ns_pair"], "NS", ns_mp), (r["ew_pair"], "EW", ew_mp)):
            key = (*es, "all" if howell else line, pair)
            b, m, t = totals.get(key, (0, Fraction(0), Fraction(0)))
            totals[key] = (b + 1, m + mp, t + top)
    pct = {k: (float(m * 100 / t) if t else float("nan")) for k, (b, m, t) in totals.items()}
    out = {}
    lines = {}
    for k in totals:
        lines.setdefault(k[:3], {})[k] = pct[k] if not math.isnan(pct[k]) else -math.inf
    for members in lines.values():
        ranks = _competition_ranks(members)
        for k in members:
            b, m, t = totals[k]
            out[k] = (b, m, t, pct[k], ranks[k])
    return out


def _round_datum(total, count, step=10):
    """total / count to the nearest multiple of step, a tie (exactly half) away from zero."""
    q = Fraction(total, count) / step
    r = math.floor(abs(q) + Fraction(1, 2))
    return (r if q >= 0 else -r) * step


def ref_butler(rows, drop=1, art_imps=(3, 0, -3)):
    """Per row: (datum or None, ns_imps, ew_imps)."""
    table = {60: art_imps[0], 50: art_imps[1], 40: art_imps[2]}
    out = [None] * len(rows)
    for _key, idx in _groups(rows).items():
        real = [i for i in idx if not _is_artificial(rows[i])]
        scores = sorted(rows[i]["ns_score"] for i in real)
        n = len(scores)
        datum = None
        if n:
            if drop == "median":
                middle = [scores[(n - 1) // 2], scores[n // 2]]
                datum = _round_datum(sum(middle), 2)
            else:
                k = math.floor(drop * n) if isinstance(drop, float) else drop
                k = min(k, (n - 1) // 2)
                kept = scores[k : n - k]
                datum = _round_datum(sum(kept), len(kept))
        for i in idx:
            if i in real:
                imp = ref_imps(rows[i]["ns_score"] - datum)
                out[i] = (datum, imp, -imp)
            else:
                ns_nom, ew_nom = parse_code(rows[i]["artificial"])
                out[i] = (datum, table[ns_nom], table[ew_nom])
    return out


def ref_cross_imps(rows, art_imps=(3, 0, -3)):
    """Per row: (ns_imps, ew_imps) as Fractions."""
    table = {60: art_imps[0], 50: art_imps[1], 40: art_imps[2]}
    out = [None] * len(rows)
    for _key, idx in _groups(rows).items():
        real = [i for i in idx if not _is_artificial(rows[i])]
        for i in idx:
            if i in real:
                total = sum(
                    ref_imps(rows[i]["ns_score"] - rows[j]["ns_score"]) for j in real if j != i
                )
                value = Fraction(total, len(real) - 1) if len(real) > 1 else Fraction(0)
                out[i] = (value, -value)
            else:
                ns_nom, ew_nom = parse_code(rows[i]["artificial"])
                out[i] = (Fraction(table[ns_nom]), Fraction(table[ew_nom]))
    return out


def ref_board_imps(rows):
    """{(event, home, visit, board): home IMPs or None} from team table results."""
    tables = {}
    for r in rows:
        key = (r["event"], r["home_team"], r["visit_team"], r["board"])
        tables.setdefault(key, []).append(r)
    out = {}
    for key, results in tables.items():
        if len(results) != 2 or any(r["ns_score"] is None for r in results):
            out[key] = None
            continue
        net = 0
        for r in results:
            net += r["ns_score"] if r["home_side"] == "NS" else -r["ns_score"]
        out[key] = ref_imps(net)
    return out
