"""Players published with their standings after an earlier round (:mod:`tourneystats.cards.
earlier`), for every event of a check at once.

:func:`~tourneystats.cards.check._with_earlier` marks one event's values published as an
earlier round's and ranks its table again with them. :func:`shown_many`, :func:`mark_many` and
:func:`ranked_with_many` do the same for any number of events together, from what
:func:`~tourneystats.cards.earlier.earlier_rounds` gives them (found for all of them at once by
:mod:`tourneystats.cards.checkmany`), each event's result as the one-event functions give it.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pandas as pd

from ..core.schema import DECIDED_BY, EVENT, PLAYER, RANK, ROUND
from .earlier import EARLIER, TIE_BREAKERS, _criterion
from .rules import Rules

__all__ = ["Found", "mark_many", "ranked_with_many", "shown_many"]


class Found(NamedTuple):
    """What :func:`~tourneystats.cards.earlier.earlier_rounds` gives the events of a check (by
    their position in its events' order)."""

    #: per event: found here (the others are looked at one by one, or not at all)
    events: np.ndarray
    #: per event: the first round after its last cut before its last Swiss round (1: none)
    first: np.ndarray
    #: the rows for the players who left, of every event found here
    rows: pd.DataFrame
    #: the rows for the players knocked out of a top cut written as Swiss rounds
    cut_rows: pd.DataFrame


def _code(frame: pd.DataFrame, order: dict[str, int]) -> np.ndarray:
    return frame[EVENT].astype(str).map(order).to_numpy(dtype=np.int64)


def _latest(rows: pd.DataFrame, after: bool) -> pd.DataFrame:
    """Each player's row of the latest round (rows ordered by round within a player)."""
    columns = [EVENT, PLAYER, ROUND, *TIE_BREAKERS.values()]
    out = rows.drop_duplicates([EVENT, PLAYER], keep="last")[columns].reset_index(drop=True)
    out[ROUND] = out[ROUND].astype("Int64")
    out["after"] = after
    return out


def shown_many(
    found: Found,
    last: pd.Series,
    final: np.ndarray,
    rules: Rules,
    order: dict[str, int],
) -> tuple[pd.DataFrame, np.ndarray]:
    """:func:`~tourneystats.cards.earlier.shown_earlier` of every event of `found` (with the
    players who left listed after the others where ``Rules.earlier_standings`` says so), the
    players knocked out of a top cut added, and per event the latest round any player who left
    is shown at (-1: none).

    `last` is each player's last round, indexed by (event position, player); `final` each
    event's last Swiss round."""
    n = final.size
    listed_after = rules.earlier_standings == "listed_after"
    shown = _latest(found.rows, listed_after)
    code = _code(shown, order)
    when = np.full(n, -1, dtype=np.int64)
    np.maximum.at(when, code, shown[ROUND].to_numpy(dtype=np.int64))
    parts = [shown]
    if listed_after:  # the players who left by round `when`, not shown: listed after too
        who = last.index.get_level_values(0).to_numpy()
        rnd = last.to_numpy()
        keep = found.events[who] & (rnd >= found.first[who]) & (rnd < final[who])
        keep &= rnd <= np.where(when[who] >= 0, when[who], -np.inf)
        names = last.index.get_level_values(1)
        also = pd.MultiIndex.from_arrays([who[keep], names[keep]])
        also = also[~also.isin(pd.MultiIndex.from_arrays([code, shown[PLAYER].astype(str)]))]
        events = np.asarray(list(order), dtype=object)
        more = pd.DataFrame({
            EVENT: events[also.get_level_values(0).to_numpy(dtype=np.int64)],
            PLAYER: also.get_level_values(1),
            ROUND: pd.array([pd.NA] * len(also), dtype="Int64"),
        }).assign(after=True)  # fmt: skip
        parts.append(more)
    parts.append(_latest(found.cut_rows, False))
    parts = [p for p in parts if len(p)]
    out = pd.concat(parts, ignore_index=True) if parts else shown
    return out, when


def mark_many(
    compared: pd.DataFrame, shown: pd.DataFrame, order: dict[str, int], events: np.ndarray
) -> np.ndarray:
    """Mark in `compared` (``published_after``, in place) the tie-breakers that differ of the
    players `shown` with an earlier round's standings, in the `events` (per event position);
    return, per event, the latest such round (-1: none)."""
    earlier = shown[shown[ROUND].notna().to_numpy()]
    keys = pd.MultiIndex.from_arrays([_code(earlier, order), earlier[PLAYER].astype(str)])
    at = pd.Series(earlier[ROUND].to_numpy(dtype=np.int64), index=keys)
    code = _code(compared, order)
    differ = compared["value"].isin(list(TIE_BREAKERS)).to_numpy() & ~compared["equal"].to_numpy(
        dtype=bool
    )
    mine = events[code] & differ
    where = keys.get_indexer(pd.MultiIndex.from_arrays([code, compared[PLAYER].astype(str)]))
    mine &= where >= 0
    values = compared[EARLIER].copy()
    values[mine] = at.to_numpy()[where[mine]]
    compared[EARLIER] = values
    latest = np.full(len(events), -1, dtype=np.int64)
    np.maximum.at(latest, keys.get_level_values(0).to_numpy(), at.to_numpy())
    return latest


def ranked_with_many(table: pd.DataFrame, shown: pd.DataFrame, rules: Rules) -> pd.DataFrame:
    """:func:`~tourneystats.cards.earlier.ranked_with` of any number of events at once: `table`
    holds each event's rows together, `shown` the values to put in (``event, player``, the
    tie-breakers, ``after``)."""
    out = table.reset_index(drop=True).copy()
    ev = pd.factorize(out[EVENT].astype(str), sort=False)[0]
    start = np.flatnonzero(np.r_[True, ev[1:] != ev[:-1]])[
        np.cumsum(np.r_[True, ev[1:] != ev[:-1]]) - 1
    ]
    given = shown.drop_duplicates([EVENT, PLAYER]).reset_index(drop=True)
    keys = pd.MultiIndex.from_arrays([given[EVENT].astype(str), given[PLAYER].astype(str)])
    pos = keys.get_indexer(
        pd.MultiIndex.from_arrays([out[EVENT].astype(str), out[PLAYER].astype(str)])
    )
    at = pos >= 0
    for column in [c for c in TIE_BREAKERS.values() if c in given.columns and c in out.columns]:
        value = given[column].astype("float64").to_numpy()[pos[at]]
        old = out.loc[at, column].astype("float64").to_numpy()
        out.loc[at, column] = np.where(np.isnan(value), old, value)
    cut = (
        out[DECIDED_BY].eq("cut").fillna(False).to_numpy(dtype=bool)
        if DECIDED_BY in out.columns
        else np.zeros(len(out), dtype=bool)
    )
    before = np.concatenate([[0], np.cumsum(cut[:-1])]).astype(np.int64)[: len(out)]
    part = before - before[start]  # (the parts of each event, from 0)
    after = np.zeros(len(out), dtype=bool)
    after[at] = given["after"].to_numpy(dtype=bool)[pos[at]]
    part = 2 * part + after
    criteria = np.column_stack(
        [_criterion(out[name].astype("float64").to_numpy(), name, rules) for name in rules.order]
    )
    order = _merged_order_many(criteria, ev, part, at)
    out = out.take(order).reset_index(drop=True)
    ev, part, criteria, start = ev[order], part[order], criteria[order], start[order]
    same = np.zeros(len(out), dtype=bool)  # level with the row before on every criterion
    same[1:] = (ev[1:] == ev[:-1]) & (part[1:] == part[:-1])
    same[1:] &= (criteria[1:] == criteria[:-1]).all(axis=1)
    first = np.maximum.accumulate(np.where(same, 0, np.arange(len(out))))
    out[RANK] = (first - start + 1).astype(np.int64)
    return out


def _merged_order_many(
    criteria: np.ndarray, ev: np.ndarray, part: np.ndarray, moved: np.ndarray
) -> np.ndarray:
    """:func:`~tourneystats.cards.earlier._merged_order` of every event at once: each moved row
    compared with the rows not moved of its event and part only (the pairs, not a square)."""
    n = len(part)
    group = ev.astype(np.int64) * (int(part.max(initial=0)) + 1) + part
    stay, move = np.flatnonzero(~moved), np.flatnonzero(moved)
    lo = np.searchsorted(group[stay], group[move], "left")  # (stays: in order of group)
    hi = np.searchsorted(group[stay], group[move], "right")
    count = hi - lo
    pm = np.repeat(np.arange(move.size), count)  # each pair's moved row and row not moved
    offset = np.arange(pm.size) - np.repeat(np.cumsum(count) - count, count)
    ps = lo[pm] + offset
    ahead = np.zeros(pm.size, dtype=bool)
    undecided = np.ones(pm.size, dtype=bool)
    for j in range(criteria.shape[1]):  # a few criteria: each a comparison of all the pairs
        mine, theirs = criteria[move[pm], j], criteria[stay[ps], j]
        ahead |= undecided & (mine > theirs)
        undecided &= mine == theirs
    candidate = np.where(ahead, ps, stay.size)
    first = np.full(move.size, stay.size, dtype=np.int64)
    np.minimum.at(first, pm, candidate)
    slot = np.empty(n, dtype=np.float64)
    slot[stay] = stay
    slot[move] = np.append(stay, n)[first] - 0.5  # (just before it, or after every row)
    keys = [*(-criteria[:, ::-1].T), slot, part, ev]  # lexsort: the last key first
    return np.lexsort(keys)
