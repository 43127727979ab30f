"""The comparison of many MTG JSON events at once, as :func:`~tourneystats.cards.check._json_event`
gives each alone: :func:`events_compared`.

The events of a batch of files that share their rules are computed together: one standings
table for the events whose publisher computes plain standings and one
:func:`~tourneystats.cards.cuts.cut_standings` call for those a cut or a bracket changes, one
comparison per published precision (each event is compared at its own), the published places
of every event from one sort. The players published with their standings after an earlier
round (:mod:`~tourneystats.cards.earlier`) are found, marked and ranked again for every event
whose values call for it at once (:mod:`~tourneystats.cards.earliermany`); only an event whose
standings warn (names differing in letter case only, a bracket that cannot be read) is
computed alone, to say its warnings as it alone says them.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence

import numpy as np
import pandas as pd

from ..core.check import compare
from ..core.schema import (
    EVENT,
    GWP,
    LOSSES,
    MATCH_POINTS,
    OGWP,
    OMWP,
    OPPONENT,
    PLAYER,
    RANK,
    ROUND,
    WINS,
)
from .check import _FROM_PUBLISHED, RECORDS, _ranks, _with_earlier, left_out_text
from .cuts import cut_pairs, cut_standings, points_cut_rounds
from .earlier import EARLIER, TIE_BREAKERS
from .earliermany import Found, mark_many, ranked_with_many, shown_many
from .history import standings_by_round
from .nogames import ogwp_from_published
from .published import CUT_ROUND, PLAYOFFS, UNREAD, CardsFile
from .publishers import event_standings
from .rules import Rules
from .tables import standings

__all__ = ["K", "events_compared"]

#: the column of :func:`events_compared`'s table giving each row's event (its position)
K = "_k"

_NONE = np.empty(0, dtype=np.intp)
#: the columns of :func:`~tourneystats.cards.earlier.earlier_rounds`
_MATCH_COLUMNS = [EVENT, PLAYER, ROUND, *TIE_BREAKERS.values()]
_NO_MATCHES = pd.DataFrame(columns=_MATCH_COLUMNS)
#: one event's standings: a table and the positions of the event's rows in it
_Part = tuple[pd.DataFrame, np.ndarray]
#: the decimals :func:`~tourneystats.core.check.decimals` tries
_DECIMALS = 10


def _decimals(values: pd.Series, groups: np.ndarray, n: int) -> np.ndarray:
    """:func:`~tourneystats.core.check.decimals` of `values` in each of `n` groups (codes)."""
    x = pd.to_numeric(values, errors="coerce").to_numpy(dtype="float64")
    ok = ~np.isnan(x)
    x, g = x[ok], groups[ok]
    need = np.full(x.size, _DECIMALS, dtype=np.int64)
    for d in range(_DECIMALS - 1, -1, -1):  # the fewest decimals each value needs
        fits = np.abs(np.round(x, d) - x) <= 1e-9 * np.maximum(1.0, np.abs(x))
        need = np.where(fits, d, need)
    most = np.zeros(n, dtype=np.int64)
    np.maximum.at(most, g, need)
    return most


def _keys(frame: pd.DataFrame) -> pd.MultiIndex:
    return pd.MultiIndex.from_arrays([frame[EVENT].astype(str), frame[PLAYER].astype(str)])


def _by_precision(
    published: pd.DataFrame,
    computed: pd.DataFrame,
    values: dict[str, str],
    order: dict[str, int],
    *,
    places: Sequence[str] = (),
    last_digit: str = "rounded",
    precision: np.ndarray | None = None,
    keys: Sequence[str] = (EVENT, PLAYER),
) -> pd.DataFrame:
    """:func:`~tourneystats.core.check.compare` of every event at its own published precision
    (`precision`: events x values, by default read from `published`): one comparison per
    precision."""
    code = published[EVENT].astype(str).map(order).to_numpy(dtype=np.int64)
    if precision is None:
        precision = _precision(published, code, len(order), list(values))
    kinds, kind = np.unique(precision, axis=0, return_inverse=True)
    kind = kind.reshape(-1)
    theirs = computed[EVENT].astype(str).map(order).to_numpy(dtype=np.int64)
    parts = []
    for j, row in enumerate(kinds):  # the published precisions (a few)
        events = kind == j
        parts.append(
            compare(
                published[events[code]],
                computed[events[theirs]],
                keys=list(keys),
                values=values,
                precision=dict(zip(values, map(int, row), strict=True)),
                places=places,
                last_digit=last_digit,
            )
        )
    return pd.concat(parts, ignore_index=True) if len(parts) > 1 else parts[0]


def _precision(
    published: pd.DataFrame, code: np.ndarray, n: int, values: Sequence[str]
) -> np.ndarray:
    """The decimals of each published value in each event (events x values)."""
    return np.column_stack([_decimals(published[c], code, n) for c in values])


def _places(ours: pd.DataFrame, theirs: pd.DataFrame) -> pd.DataFrame:
    """:func:`~tourneystats.cards.check._published_places` of every event at once (`ours`: the
    computed standings of the players on both sides, `theirs`: their published rows, one per
    event and player)."""
    code, names = pd.factorize(ours[EVENT].astype(str))
    n = len(names)
    rank = ours[RANK].astype("float64").to_numpy()
    key = code * (np.nanmax(rank, initial=0) + 2) + rank  # (event, rank) in one number
    sort = np.sort(key)
    start = np.searchsorted(sort, code * (np.nanmax(rank, initial=0) + 2) - 1)  # each event's
    left, right = np.searchsorted(sort, key, "left"), np.searchsorted(sort, key, "right")
    place, size = left - start, right - left  # (0-based, among these players; sharing it)
    value = pd.to_numeric(theirs["Rank"], errors="coerce").astype("float64").to_numpy()
    where = _keys(theirs).get_indexer(_keys(ours))
    own = (
        np.where(where >= 0, value[np.maximum(where, 0)], np.nan) if value.size else where * np.nan
    )
    pcode = pd.Index(names).get_indexer(theirs[EVENT].astype(str))
    keep = ~np.isnan(value) & (pcode >= 0)
    pcode, pvalue = pcode[keep], value[keep]
    psort = np.lexsort((pvalue, pcode))
    pcode, pvalue = pcode[psort], pvalue[psort]
    pstart = np.searchsorted(pcode, np.arange(n))
    whole = np.bincount(pcode, minlength=n) == np.bincount(code, minlength=n)
    last_one = max(pvalue.size - 1, 0)
    first = np.append(pvalue, np.nan)[np.clip(pstart[code] + place, 0, last_one)]
    last = np.append(pvalue, np.nan)[np.clip(pstart[code] + place + size - 1, 0, last_one)]
    covered = (size > 1) & (own >= first) & (own <= last)
    placed = np.where(whole[code], np.where(covered, own, first), place + 1)
    return ours.assign(**{RANK: placed})


def events_compared(
    data: CardsFile, ks: list[int], rules: Rules, records: list[dict], at: dict
) -> tuple[pd.DataFrame, dict[int, list[str]]]:
    """The comparisons of the events `ks` (positions in ``data.events``), computed with `rules`
    (with or without game scores; topdeck.gg's repairs made before), as
    :func:`~tourneystats.cards.check._json_event` gives each event alone, in one table (column
    :data:`K`: the event's position; each event's rows together, its values then its ranks;
    none for an event with nothing published), and the warnings of each event."""
    said: dict[int, list[str]] = {k: [] for k in ks}
    names = {records[k][EVENT]: k for k in ks}
    empty = [k for k in ks if records[k][EVENT] not in at["published"]]
    for k in empty:  # (nothing published)
        what = f"{records[k]['file']}: no published standings"
        said[k].append(left_out_text("files with nothing to compare", [what]))
    ks = [k for k in ks if k not in set(empty)]
    if not ks:
        return pd.DataFrame({K: pd.Series(dtype=np.int64)}), said
    events = [records[k][EVENT] for k in ks]
    order = {e: i for i, e in enumerate(events)}

    def rows(frame: pd.DataFrame, key: str) -> pd.DataFrame:
        index = [at[key].get(e, _NONE) for e in events]
        return frame.iloc[np.concatenate(index)].reset_index(drop=True)

    results, published = rows(data.results, "results"), rows(data.published, "published")
    players = rows(data.players, "players")
    tables, alone = _tables(data, ks, rules, records, at, results, said)
    table = _joined([tables[k] for k in ks])
    _not_listed(table, published, names, said)
    played = _keys(published).isin(_keys(results))
    for event, items in _listed(published[~played], PLAYER).items():
        said[names[event]].append(
            left_out_text(f"{event}: published players without a Swiss match", items)
        )
    published = published[played]
    values = {"Points": MATCH_POINTS, "OMWP": OMWP}
    if rules.published_records and set(RECORDS) <= set(published.columns):
        table = table.assign(**_records(results, table))
        values.update({key: key for key in RECORDS})
    unknown = pd.MultiIndex.from_arrays([[], []])  # (OGWP the file cannot give)
    if rules.game_scores:
        values.update({"GWP": GWP, "OGWP": OGWP})
    else:  # (OGWP from the opponents' published GW%)
        ogwp, unknown = ogwp_from_published(results, published, rules)
        table[_FROM_PUBLISHED] = ogwp.reindex(_keys(table)).to_numpy()
        values["OGWP"] = _FROM_PUBLISHED
        unknown = unknown[unknown.isin(_keys(published))]
        for event, items in _listed(pd.DataFrame({EVENT: unknown.get_level_values(0),
                                                  PLAYER: unknown.get_level_values(1)}),
                                    PLAYER).items():  # fmt: skip
            said[names[event]].append(left_out_text(
                f"{event}: OGWP of players who met an opponent without a published GW%",
                sorted(items)))  # fmt: skip
    mine = table[_keys(table).isin(_keys(published))]
    compared = _by_precision(published, mine, values, order, last_digit=rules.last_digit)
    unknowable = (compared["value"] == "OGWP").to_numpy() & _keys(compared).isin(unknown)
    compared = compared[compared["published"].notna().to_numpy() & ~unknowable]
    compared = compared.reset_index(drop=True)
    compared[EARLIER] = pd.array([pd.NA] * len(compared), dtype="Int64")
    if not rules.game_scores:  # (ranks depend on the GW% the file cannot give)
        return _in_event_order(compared, compared.iloc[:0], names), said
    in_playoffs = _keys(players[players[PLAYOFFS].to_numpy(dtype=bool)])
    swiss_only = published[~_keys(published).isin(in_playoffs)]
    both = published[_keys(published).isin(_keys(table))]
    ours = _places(table[_keys(table).isin(_keys(both))], both)
    ours = ours[_keys(ours).isin(_keys(swiss_only))]
    ranks = _by_precision(swiss_only, ours, {"Rank": RANK}, order, places=["Rank"])
    ranks = ranks[ranks["published"].notna().to_numpy()].reset_index(drop=True)
    ranks[EARLIER] = pd.array([pd.NA] * len(ranks), dtype="Int64")
    asks, found, last, final = _earlier_asked(
        compared, results, published, table, rules, records, ks, order, alone
    )
    given: list[pd.DataFrame] = []  # (each event's table ranked with the values shown)
    when: dict[int, int] = {}  # (and the latest round shown, by event)
    if found is not None:  # (every event whose values call for it, at once)
        given, when = _given_many(compared, found, last, final, rules, order, tables, ks)
        asks = asks & ~found.events
    if asks.any():  # (the events computed alone: a few)
        ones, rounds = _alone_earlier(
            compared, results, published, rules, records, ks, order, asks, tables, said
        )
        given, when = given + ones, when | rounds
    _explained(ranks, given, when, published, swiss_only, order, names, said)
    return _in_event_order(compared, ranks, names), said


def _in_event_order(
    compared: pd.DataFrame, ranks: pd.DataFrame, names: dict[str, int]
) -> pd.DataFrame:
    """The values `compared` and the `ranks` in one table, each event's rows together (its
    values, then its ranks, each in their order), with the event's position (:data:`K`)."""
    out = pd.concat([compared, ranks], ignore_index=True)
    k = out[EVENT].astype(str).map(names).to_numpy(dtype=np.int64)
    part = np.repeat([0, 1], [len(compared), len(ranks)])
    out = out.take(np.lexsort((part, k))).reset_index(drop=True)
    out[K] = np.sort(k, kind="stable") if len(k) else k
    return out


def _alone_earlier(
    compared: pd.DataFrame,
    results: pd.DataFrame,
    published: pd.DataFrame,
    rules: Rules,
    records: list[dict],
    ks: list[int],
    order: dict[str, int],
    asks: np.ndarray,
    tables: dict[int, _Part],
    said: dict[int, list[str]],
) -> tuple[list[pd.DataFrame], dict[int, int]]:
    """:func:`~tourneystats.cards.check._with_earlier` of each event `asks` marks, alone (those
    computed alone, whose warnings each says alone): the values marked in `compared`; each
    event's table ranked with them, and its latest such round."""
    given: list[pd.DataFrame] = []
    when: dict[int, int] = {}
    code = compared[EVENT].astype(str).map(order).to_numpy(dtype=np.int64)
    rcode = results[EVENT].astype(str).map(order).to_numpy(dtype=np.int64)
    pcode = published[EVENT].astype(str).map(order).to_numpy(dtype=np.int64)
    column = int(compared.columns.get_loc(EARLIER))  # type: ignore[arg-type]
    for j in np.flatnonzero(asks):  # (a few)
        k, at = ks[j], np.flatnonzero(code == j)
        own = compared.iloc[at].reset_index(drop=True)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            one = _with_earlier(
                own,
                results[rcode == j].reset_index(drop=True),
                published[pcode == j],
                _one(tables[k]),
                rules,
                records[k],
            )
        said[k] += [str(w.message) for w in caught]
        compared.iloc[at, column] = own[EARLIER].to_numpy()
        if one is not None:
            given.append(one[0])
            when[k] = one[1]
    return given, when


def _given_many(
    compared: pd.DataFrame,
    found: Found,
    last: pd.Series,
    final: np.ndarray,
    rules: Rules,
    order: dict[str, int],
    tables: dict[int, _Part],
    ks: list[int],
) -> tuple[list[pd.DataFrame], dict[int, int]]:
    """:func:`~tourneystats.cards.check._with_earlier` of every event of `found` at once: the
    values published as an earlier round's marked in `compared`; the events' tables ranked
    with them, in one table, and each event's latest such round (the events without any left
    out)."""
    shown, when = shown_many(found, last, final, rules, order)
    latest = mark_many(compared, shown, order, found.events)
    chosen = np.flatnonzero(found.events & (latest >= 0))
    if not chosen.size:
        return [], {}
    events = np.asarray(list(order), dtype=object)[chosen]
    mine = shown[shown[EVENT].astype(str).isin(events).to_numpy()]
    ranked = ranked_with_many(_joined([tables[ks[i]] for i in chosen]), mine, rules)
    rounds = np.where(when[chosen] >= 0, when[chosen], latest[chosen])
    return [ranked], {ks[i]: int(r) for i, r in zip(chosen, rounds, strict=True)}


def _explained(
    ranks: pd.DataFrame,
    given: list[pd.DataFrame],
    when: dict[int, int],
    published: pd.DataFrame,
    swiss_only: pd.DataFrame,
    order: dict[str, int],
    names: dict[str, int],
    said: dict[int, list[str]],
) -> None:
    """Mark in `ranks` (``published_after``) the ranks that differ but agree with their event's
    standings ranked with the values published as an earlier round's (`given`: those
    standings, `when`: that round, by event position), the ranks of every such event compared
    at once."""
    if not given:
        return
    table = pd.concat(given, ignore_index=True) if len(given) > 1 else given[0]
    events = table[EVENT].astype(str).unique()
    mine = published[published[EVENT].astype(str).isin(events).to_numpy()]
    theirs = swiss_only[swiss_only[EVENT].astype(str).isin(events).to_numpy()]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        both = mine[_keys(mine).isin(_keys(table))]
        ours = _places(table[_keys(table).isin(_keys(both))], both)
        ours = ours[_keys(ours).isin(_keys(theirs))]
        again = _by_precision(theirs, ours, {"Rank": RANK}, order, places=["Rank"])
    again = again[again["published"].notna().to_numpy()]
    if caught:  # (each event's ranks compared alone, as it says its warnings: a few)
        parts = []
        for event in (e for e in names if names[e] in when):
            with warnings.catch_warnings(record=True) as alone:
                warnings.simplefilter("always")
                parts.append(_ranks(*_of_event(event, table, published, swiss_only)))
            said[names[event]] += [str(w.message) for w in alone]
        again = pd.concat(parts, ignore_index=True)
    round_ = ranks[EVENT].astype(str).map({e: when.get(k) for e, k in names.items()})
    right = _keys(ranks).isin(_keys(again[again["equal"].to_numpy(dtype=bool)]))
    explained = ~ranks["equal"].to_numpy(dtype=bool) & right & round_.notna().to_numpy()
    ranks.loc[explained, EARLIER] = round_[explained].astype("int64").to_numpy()


def _of_event(event: str, *frames: pd.DataFrame) -> list[pd.DataFrame]:
    return [f[f[EVENT].astype(str).to_numpy() == event] for f in frames]


def _earlier_asked(
    compared: pd.DataFrame,
    results: pd.DataFrame,
    published: pd.DataFrame,
    table: pd.DataFrame,
    rules: Rules,
    records: list[dict],
    ks: list[int],
    order: dict[str, int],
    alone: np.ndarray,
) -> tuple[np.ndarray, Found | None, pd.Series, np.ndarray]:
    """Per event: whether :func:`~tourneystats.cards.check._with_earlier` may find values
    published as the standings after an earlier round (where it does not, it changes nothing
    and returns None): a tie-breaker that differs, of a player who left before the last round
    or was knocked out of a top cut, whose published values are not his final ones but those
    of some earlier round (:func:`~tourneystats.cards.earlier.earlier_rounds`); and for the
    events asked but those computed `alone`, what ``earlier_rounds`` gives them, computed here
    for all of them at once (:class:`~tourneystats.cards.earliermany.Found`; None if none);
    each player's last round (indexed by event position and player) and each event's last
    Swiss round."""
    n = len(ks)
    if rules.earlier_standings is None:
        return np.zeros(n, dtype=bool), None, pd.Series(dtype=float), np.zeros(n, dtype=np.int64)
    top = np.array([int(records[k].get(CUT_ROUND) or 0) for k in ks])
    code = results[EVENT].astype(str).map(order).to_numpy(dtype=np.int64)
    rnd = results[ROUND].to_numpy(dtype=np.int64)
    end = np.full(n, np.iinfo(np.int64).min)
    np.maximum.at(end, code, rnd)
    last = pd.Series(rnd).groupby([code, results[PLAYER].astype(str).to_numpy()]).max()
    final = np.where(top > 0, top - 1, end)  # the last Swiss round
    differ = compared["value"].isin(list(TIE_BREAKERS)).to_numpy() & ~compared["equal"].to_numpy(
        dtype=bool
    )
    wrong = compared[differ]
    at = wrong[EVENT].astype(str).map(order).to_numpy(dtype=np.int64)
    index = pd.MultiIndex.from_arrays([at, wrong[PLAYER].astype(str).to_numpy()])
    theirs = last.reindex(index).to_numpy(dtype="float64")
    left = np.bincount(at, weights=theirs < final[at], minlength=n) > 0
    out = ((theirs >= top[at]) & (theirs < end[at]) & (top[at] > 0)).astype(float)
    knocked = np.bincount(at, weights=out, minlength=n) > 0
    asked = left | knocked
    plain = asked & ~alone  # (those computed alone say their warnings alone)
    given = None
    if plain.any():  # the rounds before the last Swiss round (from the last cut before it)
        first = _first_rounds(results, code, top, final, rules)
        found, rows = _earlier_found(
            results, published, table, rules, order, plain, final, first, last, code
        )
        cut_found, cut_rows = np.zeros(n, dtype=bool), _NO_MATCHES
        if (plain & knocked).any():  # the top cut's rounds before its last
            cut_found, cut_rows = _earlier_found(
                results, published, table, rules, order, plain & knocked, end, top, last, code
            )
        asked[plain] = (found | (knocked & cut_found))[plain]
        if rows is not None and cut_rows is not None:
            given = Found(asked & plain, first, rows, cut_rows)
    return asked, given, last, final


def _first_rounds(
    results: pd.DataFrame, code: np.ndarray, top: np.ndarray, final: np.ndarray, rules: Rules
) -> np.ndarray:
    """Per event (`code` of each row of `results`): the round after which the standings are
    not frozen before the last Swiss round `final`: its last cut (:func:`~tourneystats.cards.
    publishers.frozen_cuts`) up to that round, 1 if none."""
    ev, at = cut_pairs(results, code, top, rules)
    ok = at <= final[ev]
    first = np.ones(top.size, dtype=np.int64)
    np.maximum.at(first, ev[ok], at[ok])
    return first


def _earlier_found(
    results: pd.DataFrame,
    published: pd.DataFrame,
    table: pd.DataFrame,
    rules: Rules,
    order: dict[str, int],
    events: np.ndarray,
    end: np.ndarray,
    first: np.ndarray,
    last: pd.Series,
    code: np.ndarray,
) -> tuple[np.ndarray, pd.DataFrame | None]:
    """Per event (of those `events` marks): whether
    :func:`~tourneystats.cards.earlier.earlier_rounds` finds a round for the players who left
    from round `first` before round `end` (each an array, per event), computed for all the
    events at once (True where it cannot be told here), and the rows it gives, of every event
    together (None where it cannot be told here)."""
    n = len(order)
    found = events.copy()
    none = np.zeros(n, dtype=bool), _NO_MATCHES
    values = {k: v for k, v in TIE_BREAKERS.items() if k in published.columns}
    if not values:
        return none
    pcode = published[EVENT].astype(str).map(order).to_numpy(dtype=np.int64)
    precision = _precision(published, pcode, n, list(values))
    # the players who left: their last round before the event's last
    who = last.index.get_level_values(0).to_numpy()
    gone = (last.to_numpy() < end[who]) & (last.to_numpy() >= first[who]) & events[who]
    left = pd.MultiIndex.from_arrays(
        [np.asarray(list(order))[who[gone]], last.index.get_level_values(1)[gone]]
    )
    theirs = published[_keys(published).isin(left)]
    if not len(theirs):
        return none
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            final = _agree(theirs, table[_keys(table).isin(left)], values, order, precision, rules)
            wrong = final.index[~final.to_numpy()]
            if not len(wrong):
                return none
            wrong_keys = pd.MultiIndex.from_arrays(
                [wrong.get_level_values(0), wrong.get_level_values(1)]
            )
            theirs = theirs[_keys(theirs).isin(wrong_keys)]
            tcode = theirs[EVENT].astype(str).map(order).to_numpy(dtype=np.int64)
            lasts = last.reindex(
                pd.MultiIndex.from_arrays([tcode, theirs[PLAYER].astype(str).to_numpy()])
            ).to_numpy()
            start = np.full(n, np.iinfo(np.int64).max)
            np.minimum.at(start, tcode, lasts)
            rnd = results[ROUND].to_numpy(dtype=np.int64)
            mine = events[code] & (rnd < end[code]) & (start[code] < np.iinfo(np.int64).max)
            rounds = standings_by_round(results[mine], rules=rules)
            rcode = rounds[EVENT].astype(str).map(order).to_numpy(dtype=np.int64)
            rr = rounds[ROUND].to_numpy(dtype=np.int64)
            mine_last = last.reindex(
                pd.MultiIndex.from_arrays([rcode, rounds[PLAYER].astype(str).to_numpy()])
            ).to_numpy()
            keep = (rr >= start[rcode]) & _keys(rounds).isin(wrong_keys) & (rr >= mine_last)
            rounds = rounds[keep]
            if not len(rounds):
                return none
            keys = [EVENT, PLAYER, ROUND]
            every = _agree(
                theirs.merge(rounds[keys], on=[EVENT, PLAYER]),
                rounds,
                values,
                order,
                precision,
                rules,
                keys=keys,
            )
        if caught:
            return found, None
    except (ValueError, KeyError):  # (told alone)
        return found, None
    agreed = every.index[every.to_numpy()]
    hit = np.isin(
        np.arange(n), pd.Index(agreed.get_level_values(0)).map(order).to_numpy(dtype=np.int64)
    )
    rows = pd.MultiIndex.from_arrays(
        [rounds[EVENT].astype(str), rounds[PLAYER].astype(str), rounds[ROUND]]
    )
    matches = rounds[rows.isin(agreed)][_MATCH_COLUMNS]
    return hit, matches.sort_values([PLAYER, ROUND], kind="stable")


def _agree(
    frame: pd.DataFrame,
    computed: pd.DataFrame,
    values: dict[str, str],
    order: dict[str, int],
    precision: np.ndarray,
    rules: Rules,
    *,
    keys: Sequence[str] = (EVENT, PLAYER),
) -> pd.Series:
    """Per entity of `keys`: every published value agrees (a null is no value), each event at
    its precision (``earlier_rounds``' ``agree``, every event at once)."""
    at = _by_precision(
        frame, computed, values, order, precision=precision, keys=keys, last_digit=rules.last_digit
    )
    ok = at["equal"].to_numpy(dtype=bool) | at["published"].isna().to_numpy()
    return pd.Series(ok).groupby([at[k].astype(str) if k != ROUND else at[k] for k in keys],
                                 sort=False).all()  # fmt: skip


def _listed(frame: pd.DataFrame, column: str) -> dict[str, list[str]]:
    """Per event of `frame` (in order of first appearance), the list of its `column`."""
    if not len(frame):
        return {}
    grouped = frame.groupby(frame[EVENT].astype(str), sort=False)[column]
    return {str(e): [str(v) for v in g] for e, g in grouped}


def _not_listed(
    table: pd.DataFrame, published: pd.DataFrame, names: dict[str, int], said: dict
) -> None:
    """The warnings of computed players the published standings do not list."""
    extra = table[~_keys(table).isin(_keys(published))]
    for event, items in _listed(extra, PLAYER).items():
        said[names[event]].append(
            left_out_text(
                f"{event}: computed players the standings do not list", sorted(set(items))
            )
        )


def _records(results: pd.DataFrame, table: pd.DataFrame) -> dict[str, np.ndarray]:
    """:func:`~tourneystats.cards.check._records` of every event at once."""
    bye = results[OPPONENT].isna().to_numpy()
    w, lo = results[WINS].to_numpy(), results[LOSSES].to_numpy()
    kinds = {"Wins": (w > lo) | (bye & (w >= lo)), "Losses": w < lo, "Draws": ~bye & (w == lo)}
    counts = pd.DataFrame(kinds).groupby([results[EVENT].astype(str).to_numpy(),
                                          results[PLAYER].astype(str).to_numpy()]).sum()  # fmt: skip
    where = counts.index.get_indexer(_keys(table))
    found = where >= 0
    return {
        key: np.where(found, counts[key].to_numpy()[np.maximum(where, 0)], 0).astype("int64")
        for key in RECORDS
    }


def _tables(
    data: CardsFile,
    ks: list[int],
    rules: Rules,
    records: list[dict],
    at: dict,
    results: pd.DataFrame,
    said: dict[int, list[str]],
) -> tuple[dict[int, _Part], np.ndarray]:
    """Each event's computed standings (as rows of a table: :data:`_Part`): the publisher's
    (:func:`event_standings`) where its rules cut the event or count a bracket, one table for
    the others; and which events are computed alone (their warnings said as each alone says
    them)."""
    events = [records[k][EVENT] for k in ks]
    top = np.array([int(records[k].get(CUT_ROUND) or 0) for k in ks])
    special = np.zeros(len(ks), dtype=bool)
    cuts = np.zeros(len(ks), dtype=bool)  # (cut at a round that only the leaders play)
    if rules.frozen_before_cut:
        cut = set(map(str, points_cut_rounds(results, rules)[EVENT]))
        cuts = np.isin(np.asarray(events, dtype=object), list(cut))
        special |= (top > 0) | cuts
    bracket = np.array([len(at["bracket"].get(e, _NONE)) > 0 for e in events], dtype=bool)
    unread = np.array([isinstance(records[k].get(UNREAD), str) for k in ks], dtype=bool)
    if rules.playoff_tiebreakers:
        special |= (top == 0) & (bracket | unread)
    tables: dict[int, _Part] = {}
    by_event = results.groupby(results[EVENT].astype(str), sort=False).indices
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = standings(results, rules=rules)  # (the events cut too: their warnings)
    named = _named(caught, events, np.zeros(len(ks), dtype=bool))
    alone = named | (unread & special)  # (computed alone: each says its warnings as it alone)
    where = table.groupby(table[EVENT].astype(str), sort=False).indices
    for k, s, a in zip(ks, special, alone, strict=True):
        if not s and not a:
            tables[k] = (table, np.asarray(where[records[k][EVENT]]))
    cut, done = _cut_tables(data, ks, rules, events, top, special & ~alone, at, results)
    for k, s, a in zip(ks, special, alone, strict=True):  # (no cut, no bracket: as the others)
        if s and not a and done and k not in cut:
            tables[k] = (table, np.asarray(where[records[k][EVENT]]))
    tables |= cut
    for k, event in zip(ks, events, strict=True):  # the events computed alone (a few)
        if k in tables:
            continue
        own = results.iloc[by_event.get(event, _NONE)].reset_index(drop=True)
        bracket_rows = (
            None
            if data.bracket is None
            else data.bracket.iloc[at["bracket"].get(event, _NONE)].reset_index(drop=True)
        )
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            table = event_standings(own, dict(records[k]), rules, bracket=bracket_rows)
            if table is None:
                table = standings(own, rules=rules)
        said[k] += [str(w.message) for w in caught]
        tables[k] = (table, np.arange(len(table)))
    return tables, named


def _cut_tables(
    data: CardsFile,
    ks: list[int],
    rules: Rules,
    events: list[str],
    top: np.ndarray,
    chosen: np.ndarray,
    at: dict,
    results: pd.DataFrame,
) -> tuple[dict[int, _Part], bool]:
    """The standings of the `chosen` events that a cut or a bracket counted computes otherwise
    than :func:`~tourneystats.cards.standings`, as
    :func:`~tourneystats.cards.publishers.event_standings` gives each, all at once
    (:func:`~tourneystats.cards.cuts.cut_standings`); and whether they were computed (not
    where a warning is given: computed alone then, each with its own warnings)."""
    if not chosen.any():
        return {}, True
    names = np.asarray(events, dtype=object)[chosen]
    own = results[np.isin(results[EVENT].astype(str).to_numpy(), names)]
    bracket = None
    if data.bracket is not None:
        bracket = data.bracket.iloc[np.concatenate([at["bracket"].get(e, _NONE) for e in names])]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = cut_standings(own, pd.Series(top[chosen], index=names), rules, bracket=bracket)
    if caught:
        return {}, False
    if table is None:
        return {}, True
    where = table.groupby(table[EVENT].astype(str), sort=False).indices
    return {
        int(k): (table, np.asarray(where[e]))
        for k, e in zip(np.asarray(ks)[chosen], names, strict=True)
        if e in where
    }, True


def _one(part: _Part) -> pd.DataFrame:
    """The rows of one event's standings (:data:`_Part`) as a table of their own."""
    return part[0].iloc[part[1]].reset_index(drop=True)


def _joined(parts: list[_Part]) -> pd.DataFrame:
    """The rows of `parts`, one after the other, in one table: one take of each table they
    are rows of (a few), not one per event."""
    frames: dict[int, list[int]] = {}
    for i, (frame, _) in enumerate(parts):
        frames.setdefault(id(frame), []).append(i)
    pieces, slots = [], []
    for members in frames.values():  # (a few tables)
        rows = [parts[i][1] for i in members]
        pieces.append(parts[members[0]][0].iloc[np.concatenate(rows)])
        slots.append(np.repeat(members, [len(r) for r in rows]))
    joined = pd.concat(pieces, ignore_index=True) if len(pieces) > 1 else pieces[0]
    order = np.argsort(np.concatenate(slots), kind="stable")
    return joined.take(order).reset_index(drop=True)


def _named(caught: list, events: list[str], among: np.ndarray) -> np.ndarray:
    """The events (of those not `among`) that the warnings `caught` name (all of them where a
    warning names none)."""
    named = np.zeros(len(events), dtype=bool)
    for w in caught:  # (a few)
        text = str(w.message)
        these = np.array([f"'{e}'" in text or f"{e}:" in text for e in events], dtype=bool)
        named |= these if these.any() else True
    return named & ~among
