"""Plain-Python reference for duplicate bridge scoring: loops, dicts and exact fractions.

Written straight from the rules (issue 5 and the seed text), slow and obvious, to check the
vectorised :mod:`tourneystats.bridge` against. Input rows are dicts with the traveller columns.

The publisher conventions (issue 14) are a plain dict ``conv`` of the fields of
``bridge.Convention`` (:data:`EBU` holds the defaults): a phantom table is an artificial code
with a 00 side; a weighted score a row whose ``weighted`` holds ``[(weight, score), ...]``.
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


#: the fields of bridge.Convention and their defaults (the "ebu" convention)
EBU = {
    "total": "raw", "decimals": None, "rounding": "half_even", "mp_decimals": None,
    "neuberg_decimals": None, "percentage": "total", "board_decimals": None,
    "phantom": "artificial", "butler_drop": 1, "butler_round_to": 10, "cross_divisor": "n-1",
    "artificial_imps": (3, 0, -3), "phantom_imps": None, "imp_cap": None,
}  # fmt: skip


def ref_round(x, decimals, rounding):
    """An exact Fraction rounded to `decimals`: a tie to the even digit, or away from zero."""
    if decimals is None:
        return x
    scaled = Fraction(x) * 10**decimals
    low = math.floor(scaled)
    rest = scaled - low
    if rest > Fraction(1, 2) or (
        rest == Fraction(1, 2)
        and (rounding == "half_up" and scaled > 0 or rounding != "half_up" and low % 2)
    ):
        low += 1
    elif rest == Fraction(1, 2) and rounding == "half_up" and scaled < 0:
        pass  # -2.5 -> floor -3 is already away from zero
    return Fraction(low, 10**decimals)


def _phantom_side(r):
    """'ns' or 'ew' when the row is a phantom table (an artificial code with one side 00)."""
    if not _is_artificial(r):
        return None
    ns, ew = parse_code(r["artificial"])
    if (ns == 0) != (ew == 0):
        return "ns" if ns == 0 else "ew"
    return None


def _weighted(r):
    parts = r.get("weighted")
    return parts if isinstance(parts, list) and parts else None


def _beats(a, b):
    """Full-scale matchpoints of a score against another: 2, 1 or 0."""
    return 2 if a > b else (1 if a == b else 0)


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


def ref_matchpoints(rows, scale="full", percent=(60, 50, 40), conv=None):
    """Per row: (ns_mp, ew_mp, top) as Fractions."""
    conv = {**EBU, **(conv or {})}
    plus, avg, minus = (Fraction(v) for v in percent)
    nominal = {60: plus, 50: avg, 40: minus}
    boards = _groups(rows)
    counted = {}
    for key, idx in boards.items():
        kept = [i for i in idx if conv["phantom"] == "artificial" or not _phantom_side(rows[i])]
        counted[key] = kept
    biggest = _section_max(counted)
    out = [None] * len(rows)
    for key, idx in boards.items():
        event, section, _board = key
        big_n = biggest[(event, section)]
        # the results compared: real ones (one part of weight 1) and weighted ones (their parts)
        parts = {}
        for i in idx:
            if _weighted(rows[i]):
                parts[i] = [
                    (Fraction(w).limit_denominator(10**6), s) for w, s in _weighted(rows[i])
                ]
            elif not _is_artificial(rows[i]):
                parts[i] = [(Fraction(1), rows[i]["ns_score"])]
        n = len(parts)
        top = Fraction(2 * max(big_n - 1, 0)) if scale == "full" else Fraction(max(big_n - 1, 0))
        for i, mine in parts.items():
            m = Fraction(0)
            for j, theirs in parts.items():
                if j != i:
                    m += sum(wa * wb * _beats(a, b) for wa, a in mine for wb, b in theirs)
            if n != big_n:
                m = (m + 1) * big_n / n - 1
            if scale == "half":
                m /= 2
            m = ref_round(m, conv["mp_decimals"], conv["rounding"])
            out[i] = (m, top - m, top)
        for i in idx:
            if i in parts:
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


def _short_boards(rows, conv):
    """The (event, section, board) keys whose real results are Neuberg-scaled."""
    boards = _groups(rows)
    counted = {
        k: [i for i in idx if conv["phantom"] == "artificial" or not _phantom_side(rows[i])]
        for k, idx in boards.items()
    }
    biggest = _section_max(counted)
    short = set()
    for key, idx in boards.items():
        compared = [i for i in idx if _weighted(rows[i]) or not _is_artificial(rows[i])]
        if len(compared) != biggest[key[:2]]:
            short.add(key)
    return short


def ref_standings(rows, scale="full", percent=(60, 50, 40), conv=None):
    """{(event, section, line, pair): (boards, mp, top, percentage, rank, factored)}, the values
    rounded as the convention publishes them; a phantom table's phantom side is no pair."""
    conv = {**EBU, **(conv or {})}
    rnd = conv["rounding"]
    mps = ref_matchpoints(rows, scale, percent, conv)
    move = ref_movement(rows)
    short = _short_boards(rows, conv) if conv["neuberg_decimals"] is not None else set()
    totals = {}
    for r, (ns_mp, ew_mp, top) in zip(rows, mps, strict=True):
        es = (r["event"], r.get("section", "A"))
        howell = move[es] == "howell"
        for side, pair, line, mp in (("ns", r["ns_pair"], "NS", ns_mp),
                                     ("ew", r["ew_pair"], "EW", ew_mp)):  # fmt: skip
            if side == _phantom_side(r):
                continue
            key = (*es, "all" if howell else line, pair)
            pct = mp * 100 / top if top else None
            booked = mp  # what the total counts (Compscore: a scaled board's rounded percentage)
            if (*es, r["board"]) in short and top:
                booked = ref_round(pct, conv["neuberg_decimals"], rnd) * top / 100
            board_pct = None if pct is None else ref_round(pct, conv["board_decimals"], rnd)
            b, m, t, bm, ps = totals.get(key, (0, Fraction(0), Fraction(0), Fraction(0), []))
            totals[key] = (b + 1, m + mp, t + top, bm + booked, [*ps, board_pct])
    most = {}
    for (event, section, line, _pair), (b, *_rest) in totals.items():
        most[(event, section, line)] = max(most.get((event, section, line), 0), b)
    pct = {}
    for k, (b, m, t, _bm, ps) in totals.items():
        if conv["percentage"] == "mean":
            pct[k] = sum(ps) / b if None not in ps else None
        else:
            pct[k] = m * 100 / t if t else None
    out = {}
    lines = {}
    for k in totals:
        lines.setdefault(k[:3], {})[k] = -math.inf if pct[k] is None else float(pct[k])
    for members in lines.values():
        ranks = _competition_ranks(members)  # on the unrounded percentages
        for k in members:
            b, _m, t, bm, _ps = totals[k]
            shown = (
                float("nan") if pct[k] is None else float(ref_round(pct[k], conv["decimals"], rnd))
            )
            factored = ref_round(bm * most[k[:3]] / b, conv["decimals"], rnd)
            out[k] = (b, ref_round(bm, conv["decimals"], rnd), t, shown, ranks[k], factored)
    return out


def _round_datum(total, count, step=10):
    """total / count to the nearest multiple of step, a tie (exactly half) away from zero."""
    q = Fraction(total, count) / step
    r = math.floor(abs(q) + Fraction(1, 2))
    return (r if q >= 0 else -r) * step


def _capped(imp, cap):
    return imp if cap is None else max(-cap, min(cap, imp))


def _artificial_values(r, table, phantom_imps):
    """(ns, ew) IMPs of an artificial row; at a phantom table the phantom side scores 0 and the
    real one `phantom_imps` (when given) or its percentage's IMPs."""
    ns_nom, ew_nom = parse_code(r["artificial"])
    ghost = _phantom_side(r)
    ns = (
        0
        if ghost == "ns"
        else (phantom_imps if ghost and phantom_imps is not None else table[ns_nom])
    )
    ew = (
        0
        if ghost == "ew"
        else (phantom_imps if ghost and phantom_imps is not None else table[ew_nom])
    )
    return Fraction(ns), Fraction(ew)


def ref_butler(rows, drop=1, art_imps=(3, 0, -3), round_to=10, cap=None, phantom_imps=None):
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
                datum = _round_datum(sum(middle), 2, round_to)
            else:
                k = math.floor(drop * n) if isinstance(drop, float) else drop
                k = min(k, (n - 1) // 2)
                kept = scores[k : n - k]
                datum = _round_datum(sum(kept), len(kept), round_to)
        for i in idx:
            if i in real:
                imp = _capped(ref_imps(rows[i]["ns_score"] - datum), cap)
                out[i] = (datum, imp, -imp)
            else:
                out[i] = (datum, *_artificial_values(rows[i], table, phantom_imps))
    return out


def ref_cross_imps(rows, art_imps=(3, 0, -3), divisor="n-1", cap=None, phantom_imps=None):
    """Per row: (ns_imps, ew_imps) as Fractions."""
    table = {60: art_imps[0], 50: art_imps[1], 40: art_imps[2]}
    out = [None] * len(rows)
    for _key, idx in _groups(rows).items():
        real = [i for i in idx if not _is_artificial(rows[i])]
        for i in idx:
            if i in real:
                total = sum(
                    _capped(ref_imps(rows[i]["ns_score"] - rows[j]["ns_score"]), cap)
                    for j in real
                    if j != i
                )
                by = {"n-1": len(real) - 1, "n": len(real), "1": 1}[divisor]
                value = Fraction(total, by) if by > 0 else Fraction(0)
                out[i] = (value, -value)
            else:
                out[i] = _artificial_values(rows[i], table, phantom_imps)
    return out


def ref_imp_standings(rows, values, conv=None):
    """{(event, section, line, pair): (boards, imps, factored, rank)} of per-row (ns, ew) IMPs,
    ranked by the total the convention publishes."""
    conv = {**EBU, **(conv or {})}
    move = ref_movement(rows)
    totals = {}
    for r, (ns, ew) in zip(rows, values, strict=True):
        es = (r["event"], r.get("section", "A"))
        howell = move[es] == "howell"
        for side, pair, line, v in (("ns", r["ns_pair"], "NS", ns), ("ew", r["ew_pair"], "EW", ew)):
            if side == _phantom_side(r):
                continue
            key = (*es, "all" if howell else line, pair)
            b, t = totals.get(key, (0, Fraction(0)))
            totals[key] = (b + 1, t + Fraction(v))
    most = {}
    for k, (b, _t) in totals.items():
        most[k[:3]] = max(most.get(k[:3], 0), b)
    factored = {k: t * most[k[:3]] / b for k, (b, t) in totals.items()}
    ranked_by = factored if conv["total"] == "factored" else {k: t for k, (_b, t) in totals.items()}
    lines = {}
    for k in totals:
        lines.setdefault(k[:3], {})[k] = float(ranked_by[k])
    out = {}
    rnd = conv["rounding"]
    for members in lines.values():
        ranks = _competition_ranks(members)
        for k in members:
            b, t = totals[k]
            out[k] = (b, ref_round(t, conv["decimals"], rnd),
                      ref_round(factored[k], conv["decimals"], rnd), ranks[k])  # fmt: skip
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
