"""The publishers' cuts and brackets of any number of events at once.

:func:`cut_standings` computes what :func:`~tourneystats.cards.publishers.event_standings`
computes for one event (a bracket counted in its players' tie-breakers, a top cut written as
Swiss rounds, a second day only the leaders by points play) for every event of a season or an
archive together: the per-event facts (which rounds are cuts, who stopped before which cut, who
played the bracket) are array operations over all events, and the standings are two calls of
:func:`~tourneystats.cards.standings` (the events and their rounds before each cut, then the
events with their bracket rounds) and one of :func:`~tourneystats.cards.explain`, whatever the
number of events.
"""

from __future__ import annotations

from typing import cast

import numpy as np
import pandas as pd

from ..core.schema import (
    DECIDED_BY,
    EVENT,
    GWP,
    LOSSES,
    MATCH_POINTS,
    MWP,
    OGWP,
    OMWP,
    OPPONENT,
    PLAYER,
    RANK,
    ROUND,
    ROUNDS,
    WINS,
)
from .prepare import _clean_names, _prepare
from .rules import Rules
from .tables import _standings
from .terms import _explained


def points_cut_rounds(results: pd.DataFrame, rules: Rules) -> pd.DataFrame:
    """The rounds that only the leaders by points play (a second day), of any number of events
    at once: what :func:`~tourneystats.cards.publishers.points_cuts` finds for each event.

    Parameters
    ----------
    results : pandas.DataFrame
        Match results of any number of events.
    rules : Rules
        Their rules (the points of a win, a draw, a loss).

    Returns
    -------
    pandas.DataFrame
        ``event`` (in order of first appearance), ``round``: one row per cut round, in round
        order within an event.

    Examples
    --------
    >>> from tourneystats.cards import RULES
    >>> pairs = [(1, "A", "B"), (1, "C", "D"), (1, "E", "F"), (1, "G", "H"),
    ...          (2, "A", "C"), (2, "E", "G"), (2, "B", "D"), (2, "F", "H"),
    ...          (3, "A", "E"), (3, "C", "G"), (3, "B", "F"), (3, "D", "H"),
    ...          (4, "A", "C"), (4, "E", "B")]
    >>> rows = pd.DataFrame([{"event": e, "round": r, "player": p, "opponent": q,
    ...     "wins": w, "losses": 2 - w, "draws": 0} for e in ("cut", "swiss")
    ...     for r, a, b in pairs[: None if e == "cut" else 12] for p, q, w in ((a, b, 2), (b, a, 0))])
    >>> points_cut_rounds(rows, RULES["melee2025"])
      event  round
    0   cut      4
    """
    event, names = pd.factorize(results[EVENT], sort=False)
    player = _id_codes(results[PLAYER])
    n_events, width_p = len(names), player.max(initial=0) + 1
    # one row per event and player, each event's rounds numbered 0, 1, ... in order
    pairs, who = np.unique(event * width_p + player, return_inverse=True)
    of = pairs // width_p  # each row's event
    rnd = results[ROUND].to_numpy(dtype=np.int64)
    lo = rnd.min(initial=0)
    span = rnd.max(initial=0) - lo + 1
    rounds, k = np.unique(event * span + (rnd - lo), return_inverse=True)
    at = rounds // span  # each round's event
    first = np.searchsorted(at, np.arange(n_events), side="left")
    k = (np.arange(rounds.size) - first[at])[k]
    count = np.bincount(at, minlength=n_events)  # rounds of each event
    w, los = results[WINS].to_numpy(), results[LOSSES].to_numpy()
    points = np.where(w > los, rules.win, np.where(w < los, rules.loss, rules.draw))
    width = int(count.max(initial=0))
    grid = np.bincount(who * width + k, weights=points, minlength=of.size * width)
    grid = grid.reshape(of.size, width)
    played = np.zeros(grid.shape, dtype=bool)
    played[who, k] = True
    total = np.cumsum(grid, axis=1)
    found = np.zeros((n_events, width), dtype=bool)

    def per_event(rows: np.ndarray) -> np.ndarray:  # how many rows of each event are true
        return np.bincount(of, weights=rows, minlength=n_events)

    for i in range(1, width):  # the round numbers (a few), every event at once
        on, prev, before = played[:, i], played[:, i - 1], total[:, i - 1]
        least = np.full(n_events, np.inf)
        np.minimum.at(least, of[on], before[on])
        swiss = ~np.isfinite(least) | (least <= rules.win) | (least >= rules.win * i)
        leaders, above = prev & (before >= least[of]), prev & (before > least[of])
        by_points = per_event(leaders & ~on) <= 0.1 * per_event(leaders)
        first_n = (per_event(above) > 0) & (per_event(above & ~on) <= 0.1 * per_event(above))
        below = per_event(prev & (before < least[of])) >= 0.25 * per_event(prev)
        found[:, i] = (by_points | first_n) & below & ~swiss & (count > i)
    e, i = np.nonzero(found)
    return pd.DataFrame({
        EVENT: np.asarray(names, dtype=object)[e] if len(e) else np.array([], dtype=object),
        ROUND: rounds[first[e] + i] % span + lo,
    })  # fmt: skip


def _id_codes(ids: pd.Series) -> np.ndarray:
    """Integer codes of ids compared as text (text categories: their codes as they are)."""
    if _text_categories(ids):
        return ids.cat.codes.to_numpy()
    text = ids if isinstance(ids.dtype, pd.StringDtype) else ids.astype(str)
    return pd.factorize(text, sort=False)[0]


def _text_categories(ids: pd.Series | np.ndarray) -> bool:
    """Whether `ids` are a categorical of text categories (as the Parquet reader and
    :func:`~tourneystats.core.io.coded_texts` code them): one code per distinct text."""
    dtype = getattr(ids, "dtype", None)
    return isinstance(dtype, pd.CategoricalDtype) and isinstance(
        dtype.categories.dtype, pd.StringDtype
    )


def cut_pairs(
    results: pd.DataFrame, event: np.ndarray, top: np.ndarray, rules: Rules
) -> tuple[np.ndarray, np.ndarray]:
    """(event code, round) of every cut of every event, sorted: the top cut (`top`, per event
    code, 0 if none) and a second day before it (:func:`points_cut_rounds`: exactly one such
    round; several are an elimination format that counts every round for everyone), as
    :func:`~tourneystats.cards.publishers.frozen_cuts` has them."""
    if not rules.frozen_before_cut:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    found = points_cut_rounds(results.assign(**{EVENT: event}), rules)
    ev = found[EVENT].to_numpy(dtype=np.int64)
    rnd = found[ROUND].to_numpy(dtype=np.int64)
    keep = (top[ev] == 0) | (rnd < top[ev])
    ev, rnd = ev[keep], rnd[keep]
    alone = np.bincount(ev, minlength=top.size)[ev] == 1
    tops = np.flatnonzero(top > 0)
    ev = np.concatenate([ev[alone], tops])
    rnd = np.concatenate([rnd[alone], top[tops]])
    order = np.lexsort((rnd, ev))
    return ev[order], rnd[order]


def _rows_of(event: np.ndarray, wanted: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The row positions of the events `wanted` (codes, with repeats), event after event, each
    event's rows in their order, and which entry of `wanted` each position is for."""
    order = np.argsort(event, kind="stable")
    size = np.bincount(event, minlength=int(event.max(initial=-1)) + 1)
    start = np.concatenate([[0], np.cumsum(size)])[:-1]
    length = size[wanted]
    which = np.repeat(np.arange(wanted.size), length)
    within = np.arange(which.size) - np.repeat(np.cumsum(length) - length, length)
    return order[start[wanted][which] + within], which


def _codes(*columns: pd.Series | np.ndarray) -> list[np.ndarray]:
    """Shared integer codes of ids in several columns (-1: missing): the codes of categoricals
    of the same text categories as they are."""
    if columns and all(_text_categories(c) and c.dtype == columns[0].dtype for c in columns):
        return [cast(pd.Series, c).cat.codes.to_numpy(dtype=np.int64) for c in columns]
    values = [np.asarray(c, dtype=object) for c in columns]
    codes = pd.factorize(np.concatenate(values) if values else np.array([], dtype=object))[0]
    return np.split(codes, np.cumsum([v.size for v in values])[:-1])


def _with_bracket(
    swiss: pd.DataFrame, results: pd.DataFrame, bracket: pd.DataFrame, rules: Rules
) -> pd.DataFrame:
    """`swiss` (the standings of the Swiss rounds of events with a bracket, ``event`` an event
    code) with the bracket counted in its players' tie-breakers, as
    :func:`~tourneystats.cards.publishers.standings_with_bracket` counts it, every event at once:
    `results` and `bracket` are those events' Swiss and bracket rows (``event`` codes)."""
    games = _standings_again(pd.concat([results, bracket], ignore_index=True), rules)
    terms = _explain_again(results, rules)
    sp, bp, bo, gp, tp, to = _codes(
        swiss[PLAYER], bracket[PLAYER], bracket[OPPONENT], games[PLAYER], terms[PLAYER],
        terms[OPPONENT],
    )  # fmt: skip
    n = int(max((c.max(initial=-1) for c in (sp, bp, bo, gp, tp, to)), default=-1)) + 2

    def key(event: pd.Series, code: np.ndarray) -> np.ndarray:  # -1: no one
        return np.where(code < 0, -1, event.to_numpy(dtype=np.int64) * n + code)

    own = pd.Index(key(swiss[EVENT], sp))
    b_p, b_o = key(bracket[EVENT], bp), key(bracket[EVENT], bo)
    met_b = own.get_indexer(b_p) >= 0
    met_b &= own.get_indexer(b_o) >= 0
    b_p, b_o = b_p[met_b], b_o[met_b]
    in_bracket = np.isin(own, b_p)
    extra = pd.Series(1, index=b_p).groupby(level=0).size().reindex(own).to_numpy()
    rounds = swiss[ROUNDS].to_numpy() + extra
    seen_mwp = swiss[MWP].astype(float).clip(lower=rules.floor).to_numpy(copy=True)
    mp = swiss[MATCH_POINTS].to_numpy()
    seen_mwp[in_bracket] = np.clip(
        mp[in_bracket] / (rules.win * rounds[in_bracket]), rules.floor, None
    )
    games_gwp = pd.Series(games[GWP].to_numpy(dtype=float), index=key(games[EVENT], gp))
    own_gwp = games_gwp.reindex(own).to_numpy()
    seen_gwp = swiss[GWP].astype(float).clip(lower=rules.floor).to_numpy(copy=True)
    seen_gwp[in_bracket] = np.clip(own_gwp[in_bracket], rules.floor, None)
    t_p, t_o = key(terms[EVENT], tp), key(terms[EVENT], to)
    counted = terms["counted"].to_numpy(dtype=bool) & np.isin(t_p, own[in_bracket])
    by = np.concatenate([t_p[counted], b_p])
    opp = own.get_indexer(np.concatenate([t_o[counted], b_o]))
    found = opp >= 0
    means = pd.DataFrame({
        OMWP: np.where(found, seen_mwp[np.maximum(opp, 0)], np.nan),
        OGWP: np.where(found, seen_gwp[np.maximum(opp, 0)], np.nan),
    }).groupby(by, sort=False).mean().reindex(own[in_bracket])  # fmt: skip
    table = swiss.copy()
    for column, values in ((OMWP, means[OMWP]), (OGWP, means[OGWP]), (GWP, own_gwp)):
        filled = table[column].to_numpy(dtype=float, copy=True)
        filled[in_bracket] = np.asarray(values)[in_bracket] if column == GWP else values
        table[column] = filled
    return table


def _standings_again(results: pd.DataFrame, rules: Rules) -> pd.DataFrame:
    """:func:`~tourneystats.cards.standings` of rows of events whose standings were computed
    before (:func:`cut_standings` is computed after them), their names read then
    (:func:`~tourneystats.cards.prepare._clean_names`): not read again, and the warning of
    names that differ in letter case only, given then with the events' names, not given again
    with their numbers."""
    return _standings(_prepare(results, names_read=True), rules, None, None, keep_rows=False)


def _explain_again(results: pd.DataFrame, rules: Rules) -> pd.DataFrame:
    """:func:`~tourneystats.cards.explain` of every player of rows read before, as
    :func:`_standings_again`."""
    terms, m = _explained(_prepare(results, names_read=True), rules)
    return terms.iloc[np.lexsort((m.t, m.p, m.e))].reset_index(drop=True)


def cut_standings(
    results: pd.DataFrame,
    top: pd.Series,
    rules: Rules,
    *,
    bracket: pd.DataFrame | None = None,
    computed: pd.DataFrame | None = None,
) -> pd.DataFrame | None:
    """The standings of the events of `results` that their publisher computes otherwise than
    :func:`~tourneystats.cards.standings`, all at once, as
    :func:`~tourneystats.cards.publishers.event_standings` computes each: a bracket counted in
    its players' tie-breakers (``Rules.playoff_tiebreakers``, events without a top cut), then
    each event cut at its cuts (``Rules.frozen_before_cut``: a top cut written as Swiss rounds,
    a second day of the leaders by points).

    It is computed after :func:`~tourneystats.cards.standings` of the same events (as
    :func:`~tourneystats.cards.archive_standings` and
    :func:`~tourneystats.cards.standings_from_path` compute it), whose warning of names that
    differ in letter case only, naming the events, is not given again.

    Parameters
    ----------
    results : pandas.DataFrame
        The Swiss rounds' results of any number of events, all under `rules`.
    top : pandas.Series
        The first round of each event's top cut written as Swiss rounds (0: none), indexed by
        event (``cut_round`` of :func:`~tourneystats.cards.read_mtg_json`'s events); an event
        missing from it has none.
    rules : Rules
        The rules of every event.
    bracket : pandas.DataFrame, optional
        The events' bracket rows (:func:`~tourneystats.cards.decklistcache.bracket_rows`).
    computed : pandas.DataFrame, optional
        :func:`~tourneystats.cards.standings` of the events under `rules`, computed before:
        their whole events' rows are taken from it, not computed again.

    Returns
    -------
    pandas.DataFrame or None
        As :func:`~tourneystats.cards.standings`, for the events computed otherwise only (None:
        none is), each event's rows together and in the order
        :func:`~tourneystats.cards.publishers.event_standings` gives them.

    Examples
    --------
    >>> from tourneystats.cards import RULES
    >>> pairs = [(1, "A", "B"), (1, "C", "D"), (2, "A", "C"), (2, "B", "D"), (3, "A", "B")]
    >>> rows = pd.DataFrame([{"event": e, "round": r, "player": p, "opponent": q, "wins": w,
    ...     "losses": 2 - w, "draws": 0} for e in ("E", "F") for r, a, b in pairs
    ...     for p, q, w in ((a, b, 2), (b, a, 0))])
    >>> table = cut_standings(rows, pd.Series({"E": 3}), RULES["melee2024"])
    >>> table[["event", "player", "rank", "match_points", "decided_by"]]
      event player  rank  match_points    decided_by
    0     E      A     1             9  match_points
    1     E      B     2             3           cut
    2     E      C     3             3  match_points
    3     E      D     4             0          <NA>
    """
    read = None if bracket is None else _clean_names(bracket)
    return _cut_standings(_clean_names(results), read, top, rules, computed)


def _cut_standings(
    results: pd.DataFrame,
    bracket: pd.DataFrame | None,
    top: pd.Series,
    rules: Rules,
    computed: pd.DataFrame | None,
) -> pd.DataFrame | None:
    """:func:`cut_standings` of results and bracket rows whose names are read as
    :func:`~tourneystats.cards.standings` reads them
    (:func:`~tourneystats.cards.prepare._clean_names`)."""
    codes, names = pd.factorize(results[EVENT], sort=False)
    n_events = len(names)
    tops = top.reindex(names).fillna(0).to_numpy(dtype=np.int64) if n_events else np.zeros(0, int)
    cut_ev, cut_at = cut_pairs(results, codes, tops, rules)
    b_rows = bracket if bracket is not None else results.iloc[:0]
    b_codes = pd.Index(names).get_indexer(b_rows[EVENT]) if len(b_rows) else np.zeros(0, int)
    with_bracket = np.zeros(n_events, dtype=bool)
    if rules.playoff_tiebreakers and len(b_rows):
        with_bracket[b_codes[b_codes >= 0]] = True
        with_bracket &= tops == 0
    out = np.zeros(n_events, dtype=bool)
    out[cut_ev] = True
    out |= with_bracket
    if not out.any():
        return None
    # who stopped before which cut: the first cut after his last round
    rnd = results[ROUND].to_numpy(dtype=np.int64)
    pcode, players = pd.factorize(results[PLAYER])
    width = len(players) + 1
    last = pd.Series(rnd).groupby(codes * width + pcode, sort=True).max()
    l_ev, l_round = last.index.to_numpy() // width, last.to_numpy()
    span = int(max(rnd.max(initial=0), cut_at.max(initial=0))) + 2
    cut_key = cut_ev * span + cut_at
    pair = np.searchsorted(cut_key, l_ev * span + l_round, side="right")
    ok = pair < cut_key.size
    ok[ok] = cut_ev[pair[ok]] == l_ev[ok]
    stopped = pd.Series(np.where(ok, pair, -1), index=last.index)  # cut pair, -1: none
    used = np.unique(stopped.to_numpy()[ok])
    # one standings call: the events (key = code), their rounds before each used cut
    before, which = _rows_of(codes, cut_ev[used])
    keep = rnd[before] < cut_at[used][which]
    before, which = before[keep], which[keep]
    key = n_events + used[which]
    if computed is None:
        main, _ = _rows_of(codes, np.flatnonzero(out))
        before, key = np.concatenate([main, before]), np.concatenate([codes[main], key])
    if computed is None or before.size:
        table = _standings_again(results.iloc[before].assign(**{EVENT: key}), rules)
    if computed is not None:
        whole = _whole_events(computed, names, out)
        table = pd.concat([whole, table], ignore_index=True) if before.size else whole
    t_key = table[EVENT].to_numpy(dtype=np.int64)
    is_main = t_key < n_events
    base = table[is_main].reset_index(drop=True)
    if with_bracket.any():
        base = _bracketed(base, results, codes, b_rows, b_codes, with_bracket, rules)
    parts = pd.concat([base, table[~is_main]], ignore_index=True)
    ev = np.concatenate([t_key[is_main], cut_ev[t_key[~is_main] - n_events]])
    part = np.concatenate([np.full(int(is_main.sum()), -1), t_key[~is_main] - n_events])
    who = pd.Index(players).get_indexer(parts[PLAYER])
    shown = stopped.reindex(ev * width + who).to_numpy() == part  # in his part only
    cut = np.zeros(n_events, dtype=bool)
    cut[cut_ev] = True
    parts = parts[shown]
    ev, part = ev[shown], part[shown]
    # parts in order: the players past the last cut, then back to the first cut
    order = np.lexsort((np.arange(ev.size), -np.append(cut_at, span)[part], ev))  # main: -span
    parts, ev, part = parts.iloc[order].reset_index(drop=True), ev[order], part[order]
    first = np.unique(codes, return_index=True)[1]  # each event's first row
    parts[EVENT] = results[EVENT].array.take(first[ev])
    return _renumbered(parts, ev, part, cut[ev])


def _whole_events(computed: pd.DataFrame, names: pd.Index, out: np.ndarray) -> pd.DataFrame:
    """The rows of `computed` (standings) of the events `out` of `names`, their events numbered
    (codes into `names`), event after event."""
    key = pd.Index(names).get_indexer(computed[EVENT])
    take = np.flatnonzero(key >= 0)
    take = take[out[key[take]]]
    take = take[np.argsort(key[take], kind="stable")]
    return computed.iloc[take].assign(**{EVENT: key[take]}).reset_index(drop=True)


def _renumbered(
    parts: pd.DataFrame, ev: np.ndarray, part: np.ndarray, cut: np.ndarray
) -> pd.DataFrame:
    """`parts` (each event's parts together, in order) with the ranks of the events cut
    (`cut`, per row) numbered on from part to part, a shared place within a part staying
    shared, and ``decided_by`` ``"cut"`` on the last row of each part but the event's last."""
    n = ev.size
    new_part = (
        np.r_[True, (ev[1:] != ev[:-1]) | (part[1:] != part[:-1])] if n else np.zeros(0, bool)
    )
    new_event = np.r_[True, ev[1:] != ev[:-1]] if n else np.zeros(0, bool)
    part_id = np.cumsum(new_part) - 1
    part_start = np.flatnonzero(new_part)[part_id]
    event_start = np.flatnonzero(new_event)[np.cumsum(new_event) - 1]
    rank = parts[RANK].to_numpy(dtype=np.int64)
    top = int(rank.max(initial=0)) + 1
    ordered = np.sort(part_id * top + rank)
    less = np.searchsorted(ordered, part_id * top + rank, side="left") - part_start
    renumbered = part_start - event_start + 1 + less
    parts[RANK] = np.where(cut, renumbered, rank) if not cut.all() else renumbered
    if DECIDED_BY in parts.columns and n:
        end_part = np.r_[new_part[1:], True]
        end_event = np.r_[new_event[1:], True]
        mark = end_part & ~end_event & cut
        if mark.any():
            parts.loc[mark, DECIDED_BY] = "cut"
    return parts


def _bracketed(
    base: pd.DataFrame,
    results: pd.DataFrame,
    codes: np.ndarray,
    b_rows: pd.DataFrame,
    b_codes: np.ndarray,
    with_bracket: np.ndarray,
    rules: Rules,
) -> pd.DataFrame:
    """`base` with the events of `with_bracket` computed with their bracket (:func:`_with_bracket`)."""
    ev = base[EVENT].to_numpy(dtype=np.int64)
    mine = with_bracket[ev]
    rows = with_bracket[codes]
    b_mine = (b_codes >= 0) & with_bracket[np.maximum(b_codes, 0)]
    done = _with_bracket(
        base[mine],
        results[rows].assign(**{EVENT: codes[rows]}),
        b_rows[b_mine].assign(**{EVENT: b_codes[b_mine]}),
        rules,
    )
    parts = base.copy()
    parts.loc[mine, [OMWP, OGWP, GWP]] = done[[OMWP, OGWP, GWP]].to_numpy()
    return parts
