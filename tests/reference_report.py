"""Plain-Python reference of a card file's row of the check report (``cards.report``): one
file at a time, its comparison a list of dicts (``player, value, published, computed, equal,
published_after``), in the words of the report's columns."""

from __future__ import annotations

import math

POINTS_VALUES = ("Points", "match_points", "points", "Wins", "Losses", "Draws")
OGWP_NOTE = (
    "OGWP compared with the mean of the opponents' published GW% (the file has no game scores): "
    "a consistency check of the published table, not a recomputation"
)


def _number(value) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "none"
    return f"{float(value):g}"


def _missing(rows: list[dict]) -> str:
    parts = []
    for r in rows:
        if r["value"] in POINTS_VALUES and not r["equal"]:
            gap = _float(r["published"]) - _float(r["computed"])
            what = f"{_number(abs(gap))} {'missing' if gap > 0 else 'too many'}"
            parts.append(
                f"{r['player']} ({r['value']} published {_number(r['published'])}, its rounds "
                f"give {_number(r['computed'])}: {what})"
            )
    if not parts:
        return ""
    return (
        f"published points or records that the file's own rounds cannot give, {len(parts)} "
        "value(s): " + "; ".join(parts) + "; the tie-breakers are compared for information only"
    )


def _float(value) -> float:
    return math.nan if value is None else float(value)


def _shown(rows: list[dict]) -> str:
    marked = [r for r in rows if r["published_after"] is not None]
    values = [r for r in marked if r["value"] != "Rank"]
    if not values:
        return ""
    first: dict[str, int] = {}
    for r in values:
        first.setdefault(str(r["player"]), int(r["published_after"]))
    players = sorted(first)
    shown = ", ".join(f"{p} ({first[p]})" for p in players[:10])
    more = f" and {len(players) - 10} more" if len(players) > 10 else ""
    ranks = len(marked) - len(values)
    given = f"; {ranks} rank(s) agree only given those values" if ranks else ""
    return (
        f"{len(values)} tie-breaker(s) of {len(players)} player(s) who left before the last "
        "Swiss round (or were knocked out of a top cut before its last round) are their "
        f"standings after an earlier round (player (round)): {shown}{more}{given}"
    )


def report_row(row: dict, rows: list[dict], messages: list[str]) -> dict:
    """The report row of one file (`row`: its file, platform and preset; `rows`: its
    comparison; `messages`: its warnings)."""
    out = dict(row)
    wrong = [r for r in rows if not r["equal"]]
    missing = _missing(rows)
    if not rows:
        status, detail = "no published values", ""
    elif missing:
        status, detail = "inconsistent", missing
    elif not wrong:
        status, detail = "equal", ""
    elif all(r["published_after"] is not None for r in wrong):
        status, detail = "published_earlier", _shown(rows)
    else:
        status, detail = "different", _shown(rows)
    topdeck = row["platform"] == "topdeck" and any(r["value"] == "OGWP" for r in rows)
    plain = [r for r in wrong if r["published_after"] is None] or wrong
    first = (
        f"{plain[0]['player']}: {plain[0]['value']} published {_number(plain[0]['published'])}, "
        f"computed {_number(plain[0]['computed'])}"
        if plain
        else ""
    )
    out.update(
        status=status,
        detail=detail or (OGWP_NOTE if topdeck else ""),
        compared=len(rows),
        equal=len(rows) - len(wrong),
        first_difference=first,
    )
    out["warnings"] = list(dict.fromkeys(messages))
    return out
