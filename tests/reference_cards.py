"""Plain-Python reference for the card-game rules: dicts and loops, written to be obviously right.

It reads the rule values from a :class:`tourneystats.cards.Rules` object (configuration only) and
re-implements everything else: game-level aggregation, match and game points, byes, drops, floors
(the opponents' and the player's own), caps, the share of a win a draw counts for, opponents'
averages (over rounds or distinct opponents, byes left out or counted as an opponent, a value for
a player without opponents), frozen tie-breakers of dropped players (the event cut after their
last round, computed again), rounding, season pooling, ranking within a column, the competition
ranking and head-to-head. Used by the property tests and as the plain-Python baseline of the
benchmark.
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from fractions import Fraction

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


def _round(value: float, rules) -> float:
    """Half up (or half even) at `rules.decimals`, after removing float noise below 1e-9."""
    if rules.decimals is None or math.isnan(value):
        return value
    scale = 10.0**rules.decimals
    scaled = round(value * scale, 9)
    whole = math.floor(scaled + 0.5) if rules.rounding == "half_up" else round(scaled)
    return whole / scale


def _exact_round(value, rules) -> float:
    """`value` (a float of a small fraction, or a Fraction) rounded exactly in decimal at
    `rules.decimals` (``Rules.rounded_averages``): no float arithmetic in the rounding."""
    if not isinstance(value, Fraction):
        if math.isnan(value):
            return value
        value = Fraction(value).limit_denominator(10**6)
    mode = ROUND_HALF_UP if rules.rounding == "half_up" else ROUND_HALF_EVEN
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return float(exact.quantize(Decimal(1).scaleb(-rules.decimals), rounding=mode))


def _row_result(row: dict, rules) -> tuple[bool, int, int, int]:
    """(bye, wins, losses, draws) of a row, a bye scored by the rules."""
    bye = _missing(row["opponent"])
    if bye:
        return (True, *rules.bye)
    return False, int(row["wins"]), int(row["losses"]), int(row["draws"])


def _player_stats(rows: list[dict], rules, group_of: dict) -> dict:
    """Per (group, player): totals, the opponents met (with their round) and the byes."""
    event_last: dict = {}
    player_last: dict = {}
    for row in rows:
        ev, rnd = row["event"], row["round"]
        event_last[ev] = max(event_last.get(ev, rnd), rnd)
        key = (ev, row["player"])
        player_last[key] = max(player_last.get(key, rnd), rnd)
    draw_share = rules.draw / rules.win if rules.draw_share is None else rules.draw_share
    stats: dict = {}
    for row in rows:
        ev = row["event"]
        me = (group_of[ev], row["player"])
        s = stats.setdefault(
            me,
            {"mp": 0.0, "gp": 0.0, "share": 0.0, "rounds": 0, "games": 0, "nb_mp": 0.0,
             "nb_gp": 0.0, "nb_share": 0.0, "nb_rounds": 0, "nb_games": 0, "opponents": [],
             "byes": 0, "events": set(), "dropped": False, "last": {}},
        )  # fmt: skip
        s["events"].add(ev)
        s["last"][ev] = player_last[(ev, row["player"])]
        if player_last[(ev, row["player"])] < event_last[ev]:
            s["dropped"] = True
        bye, w, l, d = _row_result(row, rules)  # noqa: E741
        if w > l:
            mp, share = rules.win, 1.0
        elif w < l:
            mp, share = rules.loss, rules.loss / rules.win
        else:
            mp, share = rules.draw, draw_share
        per_draw = rules.game_draw
        if rules.intentional_draw_game_points is not None and not bye and w == 0 and l == 0:
            per_draw = rules.intentional_draw_game_points
        gp = w * rules.game_win + l * rules.game_loss + d * per_draw
        s["mp"] += mp
        s["gp"] += gp
        s["share"] += share
        s["rounds"] += 1
        s["games"] += w + l + d
        if bye:
            s["byes"] += 1
        else:
            s["nb_mp"] += mp
            s["nb_gp"] += gp
            s["nb_share"] += share
            s["nb_rounds"] += 1
            s["nb_games"] += w + l + d
            s["opponents"].append((ev, row["round"], (group_of[ev], row["opponent"])))
    return stats


def _own_values(s: dict, rules) -> None:
    """The player's own percentages (ranked floored at `floor`, or as shown with `ranked_as_shown`;
    shown at `own_floor`) and the ones his opponents average."""
    own_floor = rules.floor if rules.own_floor is None else rules.own_floor

    def mwp(byes: bool, floor: float, held: bool = False) -> float:
        rounds = s["rounds"] if byes else s["nb_rounds"]
        if held:  # the rounds his events held (a round missed is lost), byes as above
            rounds = s["held"] - (s["rounds"] - rounds)
        if rules.draw_share is None:
            points = s["mp"] if byes else s["nb_mp"]
            value = _pct(points, rules.win * rounds, floor)
        else:
            shares = s["share"] if byes else s["nb_share"]
            value = _pct(shares, rounds, floor)
        if rules.drop_cap is not None and s["dropped"]:
            value = min(value, rules.drop_cap)
        return value

    def gwp(byes: bool, floor: float) -> float:
        points, games = (s["gp"], s["games"]) if byes else (s["nb_gp"], s["nb_games"])
        return _pct(points, rules.game_win * games, floor)

    byes = rules.byes_seen_by_opponents
    s["shown_mwp"], s["shown_gwp"] = mwp(True, own_floor), gwp(True, own_floor)
    if rules.ranked_as_shown:
        s["mwp"], s["gwp"] = s["shown_mwp"], s["shown_gwp"]
    else:  # ranked floored
        s["mwp"], s["gwp"] = mwp(True, rules.floor), gwp(True, rules.floor)
    s["seen_mwp"] = mwp(byes, rules.floor, held=rules.missed_rounds_lost)
    s["seen_gwp"] = gwp(byes, rules.floor)
    if rules.rounded_averages:  # each percentage rounded before anyone averages it
        for key in ("shown_mwp", "shown_gwp", "mwp", "gwp", "seen_mwp", "seen_gwp"):
            s[key] = _exact_round(s[key], rules)
    if not rules.game_scores:
        s["gp"] = s["games"] = s["gwp"] = s["seen_gwp"] = s["shown_gwp"] = math.nan


def _counted_opponents(s: dict, rules) -> list:
    """The opponents that count (a rematch once when averaging over opponents)."""
    if rules.average_over == "rounds":
        return [o for _, _, o in s["opponents"]]
    return list(dict.fromkeys(o for _, _, o in s["opponents"]))


def _opponent_mean(s: dict, stats: dict, rules, key: str) -> float:
    values = [stats[o][key] for o in _counted_opponents(s, rules)]
    if rules.bye_opponent is not None and s["byes"]:
        byes = 1 if rules.average_over == "opponents" else s["byes"]
        values += [rules.bye_opponent] * byes
    if not values and rules.no_opponents is not None:
        return rules.no_opponents
    if rules.rounded_averages and values:  # the exact mean of the rounded values, rounded
        exact = sum(Fraction(v).limit_denominator(10**6) for v in values) / len(values)
        return _exact_round(exact, rules)
    return _mean(values)


def _values(rows: list[dict], rules, group_of: dict) -> dict:
    stats = _player_stats(rows, rules, group_of)
    held: dict = {}  # event -> the rounds it held
    for row in rows:
        held.setdefault(row["event"], set()).add(row["round"])
    for s in stats.values():
        s["held"] = sum(len(held[event]) for event in s["events"])
        _own_values(s, rules)
    for s in stats.values():
        s["omwp"] = _opponent_mean(s, stats, rules, "seen_mwp")
        s["ogwp"] = _opponent_mean(s, stats, rules, "seen_gwp")
    for s in stats.values():
        s["oomwp"] = _opponent_mean(s, stats, rules, "omwp")
        if not rules.game_scores:
            s["ogwp"] = math.nan
    return stats


def _freeze(rows: list[dict], rules, group_of: dict, stats: dict) -> None:
    """A dropped player's opponents' averages: those of his event cut after his last round."""
    for (group, player), s in stats.items():
        if not s["dropped"]:
            continue
        (event,) = s["events"]  # freezing works per event (no pooling)
        last = s["last"][event]
        cut = [r for r in rows if r["event"] == event and r["round"] <= last]
        early = _values(cut, rules, group_of)[(group, player)]
        for key in ("omwp", "ogwp", "oomwp"):
            s[key] = early[key]


def _net(rows: list[dict], group_of: dict, a: tuple, b: tuple) -> int:
    """Matches a won against b minus those a lost (all rounds)."""
    net = 0
    for row in rows:
        if _missing(row["opponent"]):
            continue
        me = (group_of[row["event"]], row["player"])
        them = (group_of[row["event"]], row["opponent"])
        if me == a and them == b:
            w, l = int(row["wins"]), int(row["losses"])  # noqa: E741
            net += (w > l) - (w < l)
    return net


def standings(
    frame: pd.DataFrame, rules, by: str | None = None, within: str | None = None
) -> pd.DataFrame:
    """Standings per event (or per `by` group) under `rules`, as a DataFrame sorted like
    :func:`tourneystats.cards.standings`."""
    rows = frame.to_dict("records")
    if "wins" not in frame.columns:
        rows = games_to_matches(rows)
    group_of = {row["event"]: (row[by] if by is not None else row["event"]) for row in rows}
    stats = _values(rows, rules, group_of)
    if rules.freeze_dropped:
        _freeze(rows, rules, group_of, stats)
    division = {}
    if within is not None:
        for row in rows:
            division[(group_of[row["event"]], row["player"])] = row[within]

    def sort_key(item):
        _, s = item
        key = []
        for criterion in rules.order:
            value = s[{"match_points": "mp", "game_points": "gp"}.get(criterion, criterion)]
            value = float(value)
            key.append((1, 0.0) if math.isnan(value) else (0, -round(value, 9) + 0.0))
        return key

    by_group: dict = {}
    for me, s in stats.items():
        by_group.setdefault((me[0], division.get(me)), []).append((me, s))
    out = []
    for group in sorted(by_group):
        entries = sorted(by_group[group], key=lambda item: (sort_key(item), item[0][1]))
        ranks = _ranks([sort_key(item) for item in entries])
        if rules.head_to_head:
            _head_to_head(entries, ranks, rows, group_of)
        keys = [sort_key(item) for item in entries]
        why = _decided_by(keys, ranks, rules.order)
        for rank, ((group_value, player), s), reason in zip(ranks, entries, why):
            record = _record(group_value, player, rank, s, rules, by, within, division)
            record["decided_by"] = reason
            out.append(record)
    frame = pd.DataFrame(out)
    frame["decided_by"] = frame["decided_by"].astype("string")
    return frame


def _decided_by(keys: list, ranks: list[int], order) -> list:
    """Per entry of one group in final order: the first criterion whose compared value differs
    from the next entry's; "tied" when they share a place; "head_to_head" when their places
    differ on equal criteria; None for the last."""
    out = []
    for i in range(len(keys)):
        if i + 1 == len(keys):
            out.append(None)
        elif ranks[i] == ranks[i + 1]:
            out.append("tied")
        else:
            differing = [c for c, a, b in zip(order, keys[i], keys[i + 1]) if a != b]
            out.append(differing[0] if differing else "head_to_head")
    return out


def _ranks(keys: list) -> list[int]:
    ranks, previous, rank = [], None, 0
    for position, key in enumerate(keys, start=1):
        if key != previous:
            rank, previous = position, key
        ranks.append(rank)
    return ranks


def _head_to_head(entries: list, ranks: list[int], rows: list[dict], group_of: dict) -> None:
    """Exactly two players sharing a place: the one who won more of their matches goes first."""
    for i in range(len(entries) - 1):
        tied = [j for j in range(len(entries)) if ranks[j] == ranks[i]]
        if len(tied) != 2 or tied[0] != i:
            continue
        net = _net(rows, group_of, entries[i][0], entries[i + 1][0])
        if net < 0:
            entries[i], entries[i + 1] = entries[i + 1], entries[i]
        if net != 0:
            ranks[i + 1] += 1


def _record(group, player, rank, s, rules, by, within, division) -> dict:
    record = {by or "event": group}
    if within is not None:
        record[within] = division[(group, player)]
    record.update(
        {"player": player, "rank": rank, "match_points": s["mp"], "game_points": s["gp"],
         "rounds": s["rounds"], "games": s["games"], "mwp": _round(s["shown_mwp"], rules),
         "gwp": _round(s["shown_gwp"], rules), "omwp": _round(s["omwp"], rules),
         "ogwp": _round(s["ogwp"], rules)}
    )  # fmt: skip
    if "oomwp" in rules.order:
        record["oomwp"] = _round(s["oomwp"], rules)
    record["dropped"] = s["dropped"]
    if by is not None:
        record["events"] = len(s["events"])
    return record


def standings_with_bracket(frame: pd.DataFrame, bracket: pd.DataFrame, rules) -> dict:
    """Per player of one event: ``match_points, gwp, omwp, ogwp`` when the `bracket` rounds
    count in their players' tie-breakers without match points (``Rules.playoff_tiebreakers``):
    Swiss points; the match-win % opponents see is the Swiss points over every round (floored);
    game-win % over every game; one more opponent per bracket meeting."""
    swiss = {r["player"]: r for r in standings(frame, rules).to_dict("records")}
    both = {
        r["player"]: r for r in standings(pd.concat([frame, bracket]), rules).to_dict("records")
    }
    extra: dict = {}
    for row in bracket.to_dict("records"):
        extra[row["player"]] = extra.get(row["player"], 0) + 1
    seen_mwp, seen_gwp = {}, {}
    for player, s in swiss.items():
        if player in extra:
            rounds = s["rounds"] + extra[player]
            seen_mwp[player] = max(s["match_points"] / (rules.win * rounds), rules.floor)
            seen_gwp[player] = max(both[player]["gwp"], rules.floor)
        else:
            seen_mwp[player] = max(s["mwp"], rules.floor)
            seen_gwp[player] = max(s["gwp"], rules.floor)
    met: dict = {}
    for row in sorted(frame.to_dict("records"), key=lambda r: r["round"]):
        if row["player"] in extra and not _missing(row["opponent"]):
            before = met.setdefault(row["player"], [])
            if rules.average_over == "rounds" or row["opponent"] not in before:
                before.append(row["opponent"])
    for row in bracket.to_dict("records"):
        met.setdefault(row["player"], []).append(row["opponent"])
    out = {}
    for player, s in swiss.items():
        value = {"match_points": s["match_points"], "gwp": s["gwp"]}
        value.update(omwp=s["omwp"], ogwp=s["ogwp"])
        if player in extra:
            value["gwp"] = both[player]["gwp"]
            value["omwp"] = _mean([seen_mwp[o] for o in met[player]])
            value["ogwp"] = _mean([seen_gwp[o] for o in met[player]])
        out[player] = value
    return out


def points_cuts(frame: pd.DataFrame, rules) -> list[int]:
    """The rounds only the leaders by points play (see
    :func:`tourneystats.cards.publishers.points_cuts`), by plain loops over the rows."""
    rows = frame.to_dict("records")
    rounds = sorted({r["round"] for r in rows})
    cuts = []
    for before, now in zip(rounds, rounds[1:]):
        points: dict = {}
        for r in rows:
            if r["round"] < now:
                w, lo = r["wins"], r["losses"]
                got = rules.win if w > lo else rules.loss if w < lo else rules.draw
                points[r["player"]] = points.get(r["player"], 0) + got
        prev = {r["player"] for r in rows if r["round"] == before}
        on = {r["player"] for r in rows if r["round"] == now}
        least = min(points.get(p, 0) for p in on)
        if least <= rules.win or least >= rules.win * rounds.index(now):  # Swiss; single elim.
            continue
        leaders = {p for p in prev if points[p] >= least}
        above = {p for p in prev if points[p] > least}  # a cut to the first N by standings
        below = {p for p in prev if points[p] < least}
        by_points = len(leaders - on) <= 0.1 * len(leaders)
        first_n = len(above) > 0 and len(above - on) <= 0.1 * len(above)
        if (by_points or first_n) and len(below) >= 0.25 * len(prev):
            cuts.append(now)
    return cuts


def standings_before_cut(frame: pd.DataFrame, cuts: list[int], rules) -> dict:
    """Per player of one event cut at `cuts`: ``rank, match_points, omwp, gwp, ogwp`` of the
    rounds before the first cut after his last round (all rounds when none is); players past
    the last cut first, then back cut by cut, ranks renumbered within each part."""
    last: dict = {}
    for r in frame.to_dict("records"):
        last[r["player"]] = max(last.get(r["player"], 0), r["round"])
    tier = {p: min([c for c in cuts if c > n], default=math.inf) for p, n in last.items()}
    out, offset = {}, 0
    for bound in sorted(set(tier.values()), reverse=True):
        rows = frame if bound == math.inf else frame[frame["round"] < bound]
        table = standings(rows, rules)
        part = [r for r in table.to_dict("records") if tier[r["player"]] == bound]
        for r in part:
            ahead = sum(1 for o in part if o["rank"] < r["rank"])
            out[r["player"]] = {
                "rank": offset + 1 + ahead,
                **{k: r[k] for k in ("match_points", "omwp", "gwp", "ogwp")},
            }
        offset += len(part)
    return out


def earlier_rounds(
    frame: pd.DataFrame, published: dict, rules, last_round: int, units: dict
) -> dict:
    """Per player of one event who left before `last_round` (his last round L) and whose
    published values (`published`: player -> {"omwp": x, ...}) are not all his final ones but all
    those of his standings after a round r, L <= r < last_round (within `units`, per value):
    the latest
    such r. The standings after round r are those of the rounds up to r, computed again."""
    last: dict = {}
    for r in frame.to_dict("records"):
        last[r["player"]] = max(last.get(r["player"], 0), r["round"])

    def agrees(table: dict, player) -> bool:
        mine = table.get(player)
        return mine is not None and all(
            abs(float(mine[k]) - v) <= units[k] + 1e-9 for k, v in published[player].items()
        )

    def table_of(rows: pd.DataFrame) -> dict:
        return {r["player"]: r for r in standings(rows, rules).to_dict("records")}

    final = table_of(frame)
    out = {}
    for player in published:
        if last[player] >= last_round or agrees(final, player):
            continue
        for r in range(last_round - 1, last[player] - 1, -1):
            if agrees(table_of(frame[frame["round"] <= r]), player):
                out[player] = r
                break
    return out


def ranked_with(table: dict, values: dict, after: set, rules) -> dict:
    """Places of one event's players (`table`: player -> {"match_points", "omwp", "gwp", "ogwp"})
    with the values of `values` (player -> {column: value}) put in, the players of `after` placed
    after all the others, each part ranked by the rules' order (own GW% floored unless ranked as
    shown)."""

    def key(player):
        s = {**table[player], **values.get(player, {})}
        out = []
        for criterion in rules.order:
            value = float(s[criterion])
            if criterion in ("mwp", "gwp") and not rules.ranked_as_shown:
                value = max(value, rules.floor)
            out.append((1, 0.0) if math.isnan(value) else (0, -round(value, 9) + 0.0))
        return out

    places, offset = {}, 0
    for part in ([p for p in table if p not in after], [p for p in table if p in after]):
        for player in part:
            places[player] = offset + 1 + sum(1 for o in part if key(o) < key(player))
        offset += len(part)
    return places
