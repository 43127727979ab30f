"""Standings: final, after every round, and the round-by-round breakdown of a tie-break.

The results are validated and stacked into one grid (:mod:`tourneystats.chess.grid`), the
engine computes the tie-breaks in order (:mod:`tourneystats.chess.tiebreaks`), direct encounter
last among ties on every earlier criterion, and the players of each event are ranked.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import numpy as np
import pandas as pd

from ..core.ranking import competition_rank
from ..core.schema import EVENT, KIND, OPPONENT, PLAYER, PTS, RANK, ROUND, ValidationError, validate
from .encounter import _group_ids
from .grid import _build_grid, _checked_rounds, _Grid, _validate_tables
from .kinds import K_NONE, KINDS, RESULT_COLUMNS
from .rules import _RULE_NAMES, _resolve_round_robin, _round_robin_events, _rule_codes
from .tiebreaks import TieBreak, _Engine, parse_tiebreak

# --- the table of one grid -----------------------------------------------------------------------


def _parse_list(tiebreaks) -> list[TieBreak]:
    """The tie-breaks to compute, parsed (PTS left out: it always comes first); no duplicates."""
    if tiebreaks is None:
        tiebreaks = ("BH/C1", "BH", "SB")
    if isinstance(tiebreaks, str | TieBreak):
        tiebreaks = [tiebreaks]
    parsed = [parse_tiebreak(t) for t in tiebreaks]
    parsed = [t for t in parsed if t.name != "PTS"]
    codes = [t.code for t in parsed]
    dup = sorted({c for c in codes if codes.count(c) > 1})
    if dup:
        raise ValueError(f"tie-break(s) listed twice: {dup}")
    return parsed


def _table(grid: _Grid, tiebreaks: list[TieBreak]) -> pd.DataFrame:
    """Points and the tie-breaks in order (DE among the players tied on all before it), ranked
    within each event."""
    engine = _Engine(grid)
    pts = engine.value(TieBreak(PTS, PTS))
    columns: dict[str, np.ndarray] = {PTS: pts}
    for tb in tiebreaks:
        if tb.name == "DE":
            keys = [grid.player_event] + [
                np.round(np.nan_to_num(v, nan=-1e18), 9) for v in columns.values()
            ]
            columns[tb.code] = engine.direct_encounter(_group_ids(keys))
        else:
            columns[tb.code] = engine.value(tb)
    if grid.event_categorical:
        event = pd.Categorical.from_codes(grid.player_event, categories=grid.event_index)
    else:
        event = grid.event_index.take(grid.player_event)
    frame = pd.DataFrame({"_event_order": grid.player_event, EVENT: event, PLAYER: grid.player_id})
    frame[PLAYER] = _restore_player_dtype(frame[PLAYER])
    for code, values in columns.items():
        frame[code] = values
    criteria = [PTS, *[t.code for t in tiebreaks]]
    ranked = competition_rank(frame, criteria, by="_event_order", order_by=PLAYER)
    return ranked[[EVENT, PLAYER, RANK, *criteria]]


def _restore_player_dtype(values: pd.Series) -> pd.Series:
    """Player ids back as integers when they all are whole numbers."""
    converted = pd.to_numeric(values, errors="coerce")
    if converted.notna().all() and (converted == np.floor(converted)).all():
        return converted.astype(np.int64)
    return values


# --- standings -----------------------------------------------------------------------------------


def standings(
    results: pd.DataFrame,
    *,
    tiebreaks: Sequence[str] | str | None = ("BH/C1", "BH", "SB"),
    rules: str | Mapping | pd.Series | None = "adjusted",
    players: pd.DataFrame | None = None,
    events: pd.DataFrame | None = None,
    round_robin: bool | Iterable | None = None,
) -> pd.DataFrame:
    """Final standings of every event: points then the tie-breaks, in order.

    Parameters
    ----------
    results : pandas.DataFrame
        One row per player per round: ``event, round, player, opponent, colour, points, kind``
        (``opponent`` and ``colour`` may be missing; an optional ``rating`` column gives the
        player's rating).
    tiebreaks : sequence of str
        Tie-break codes in order, e.g. ``("BH/C1", "BH", "SB")``; see :data:`TIEBREAKS`.
    rules : {"adjusted", "fide2024", "fide2026", "fide2009", "auto", "auto:NAME"}, mapping or None
        How unplayed games count (see the module documentation). A mapping (or Series) gives a
        rule set per event; None takes a ``rules`` column of `events` or `results` (per event).
        ``"auto"`` picks by the event's start date (``events.date``, i.e. TRF ``042``, or a
        ``date`` column of `results`): before 2023-09-01 fide2009, before 2026-03-01 fide2024,
        then fide2026; an event without a date is an error naming it, unless a fallback is
        given as ``"auto:NAME"`` (e.g. ``"auto:fide2009"``: undated events use fide2009).
    players : pandas.DataFrame, optional
        ``event, player, rating`` (more columns are ignored); ratings for ARO, TPR, PTP, ...
    events : pandas.DataFrame, optional
        ``event`` with ``date`` (for ``"auto"``) and/or ``rounds`` (the planned number of rounds:
        a round beyond it is refused; the planned rounds not played yet add nothing, they are
        not absences).
    round_robin : bool, iterable of event labels or None
        Events that are round robins (True: all). Their forfeits count as played games for
        every tie-break (C.07 art. 15: in round robins an unplayed game is treated as played),
        so the unplayed-game rule set only concerns their byes and absences; the forfeits of
        the other events are unplayed games, as in Swiss events. None (the default): the events
        whose ``type`` (the TRF ``092`` record, e.g. "Round Robin" or "Berger"; see
        :data:`ROUND_ROBIN_TYPE`), a column of `events` or else of `results`, names a round
        robin; none without such a column.

    Returns
    -------
    pandas.DataFrame
        One row per event and player: ``event, player, rank, PTS`` and one column per tie-break
        named by its code, sorted by event (in order of appearance) and rank.

    Raises
    ------
    ValidationError
        On inconsistent results (naming event, round and player).

    Examples
    --------
    >>> games = pd.DataFrame({
    ...     "event": "Open", "round": [1, 1, 1, 2, 2, 2],
    ...     "player": [1, 2, 3, 1, 2, 3], "opponent": [2, 1, None, 3, None, 1],
    ...     "colour": ["w", "b", None, "b", None, "w"], "points": [1, 0, 1, 0.5, 1, 0.5],
    ...     "kind": ["played", "played", "pab", "played", "pab", "played"]})
    >>> standings(games, tiebreaks=["BH", "SB"])
      event  player  rank  PTS   BH    SB
    0  Open       3     1  1.5  2.5  1.25
    1  Open       1     2  1.5  1.5  1.00
    2  Open       2     3  1.0  2.0  0.25
    """
    tbs = _parse_list(tiebreaks)
    round_robin = _resolve_round_robin(round_robin, events, results)
    options = dict(rules=rules, players=players, events=events, round_robin=round_robin)
    chunks = _event_chunks(results)
    if chunks is None:
        return _table(_build_grid(results, **options), tbs)
    return _standings_by_chunk(results, chunks, tbs, options)


def _standings_by_chunk(
    results: pd.DataFrame, chunks: list[pd.DataFrame], tbs: list[TieBreak], options: dict
) -> pd.DataFrame:
    """:func:`standings` of each chunk of whole events, concatenated as one pass orders them."""
    # Events are independent: a big archive is computed a few thousand events at a time, which
    # keeps the temporary arrays small enough for the allocator to reuse (about half the time).
    round_robin = options["round_robin"]
    named = None  # round robins named by label: checked once, each chunk given its own
    if not isinstance(round_robin, bool | np.bool_):
        every = pd.Index(pd.unique(results[EVENT]), dtype=object)
        named = every[_round_robin_events(round_robin, every)]
    tables = []
    for c in chunks:
        if named is not None:
            mine = named[named.isin(pd.unique(c[EVENT].to_numpy(dtype=object)))].tolist()
            options["round_robin"] = mine or False
        tables.append(_table(_build_grid(c, **options), tbs))
    out = pd.concat(tables, ignore_index=True)
    # as one pass: the events in order of appearance (chunks may group them by their rounds)
    appearance = pd.Index(pd.unique(results[EVENT]).astype(object), dtype=object)
    at = appearance.get_indexer(out[EVENT].astype(object))
    if (np.diff(at) < 0).any():
        out = out.iloc[np.argsort(at, kind="stable")].reset_index(drop=True)
    if isinstance(results[EVENT].dtype, pd.CategoricalDtype):  # as one pass: in order of appearance
        order = pd.Index(pd.unique(results[EVENT]).astype(object), dtype=object)
        out[EVENT] = pd.Categorical(out[EVENT], dtype=pd.CategoricalDtype(order))
    return out


#: above this many rows, :func:`standings` works through the events in chunks of about this size
CHUNK_ROWS = 500_000
#: events are grouped by their rounds when one grid would pad them with more cells than this
#: (and than 4 per row)
PADDING_CELLS = 1 << 20


def _event_chunks(results: pd.DataFrame, rows: int | None = None) -> list[pd.DataFrame] | None:
    """Split `results` into runs of whole events (in order of first appearance, as one pass
    orders them) of about `rows` rows; None when it is small enough to compute at once.

    Events of very different numbers of rounds are also computed apart (events whose rounds
    are within a factor of two together), so that no short event is padded to the rounds of a
    long one: the stacked grid stays near the size of the rows."""
    rows = CHUNK_ROWS if rows is None else rows
    if not isinstance(results, pd.DataFrame) or EVENT not in results or not len(results):
        return None
    codes, _ = pd.factorize(results[EVENT], sort=False)
    if (codes < 0).any():
        return None  # missing events: let validation report them
    sizes = np.bincount(codes)
    order = np.argsort(codes, kind="stable")  # the rows event by event
    starts = np.cumsum(sizes) - sizes
    band = _round_bands(results, order, starts, sizes)
    if band is None and len(results) <= rows:
        return None
    # the events in order of appearance, grouped by band; a run ends where its band does, or
    # after the event where the running size passes each multiple of `rows`
    events = np.arange(len(sizes))
    if band is not None:
        events = np.lexsort((events, band))
        new_starts = np.cumsum(sizes[events]) - sizes[events]
        order = order[np.repeat(starts[events] - new_starts, sizes[events]) + np.arange(len(order))]
    ends = np.cumsum(sizes[events])
    cut = np.searchsorted(ends, np.arange(rows, ends[-1], rows))
    if band is not None:
        cut = np.r_[cut, np.flatnonzero(np.diff(band[events]))]
    cut = np.unique(cut)
    bounds = np.r_[0, ends[cut[cut < len(ends) - 1]], len(codes)]
    if len(bounds) <= 2:
        return None
    return [results.iloc[order[a:b]] for a, b in zip(bounds[:-1], bounds[1:], strict=True)]


def _round_bands(results: pd.DataFrame, order, starts, sizes):
    """The band (log2 of the rounds) of each event when its events' rounds differ so much that
    one grid would be mostly padding; else None. `order` lists the rows event by event, from
    `starts`."""
    if ROUND not in results:
        return None
    rnd = pd.to_numeric(results[ROUND], errors="coerce")
    rnd = rnd.to_numpy(dtype=np.float64, na_value=np.nan)
    last = np.fmax.reduceat(rnd[order], starts)  # each event's last round
    last = np.clip(np.nan_to_num(last, nan=1.0), 1, sizes)  # more is refused later
    players = np.maximum(sizes / last, 1)  # the players of an event with a row for each
    if players.sum() * last.max() <= 4 * sizes.sum() + PADDING_CELLS:
        return None
    return np.floor(np.log2(last)).astype(np.int64)


def _expand_by_round(results: pd.DataFrame) -> tuple[pd.DataFrame, pd.Index, int]:
    """Stack one copy of each event truncated after every round 1..n (pseudo-events)."""
    rnd = pd.to_numeric(results[ROUND], errors="coerce").to_numpy()
    ev_codes, ev_index = pd.factorize(results[EVENT], sort=False)
    n_ev = np.zeros(len(ev_index), dtype=np.int64)
    if len(rnd):
        np.maximum.at(n_ev, ev_codes, np.nan_to_num(rnd, nan=0).astype(np.int64))
    # rows of round r appear in copies k = r..n
    copies = (n_ev[ev_codes] - np.nan_to_num(rnd, nan=1).astype(np.int64) + 1).clip(min=0)
    take = np.repeat(np.arange(len(results)), copies)
    first = np.repeat(np.cumsum(copies) - copies, copies)
    k = np.arange(len(take)) - first + np.nan_to_num(rnd, nan=1).astype(np.int64)[take]
    out = results.iloc[take].reset_index(drop=True)
    width = int(n_ev.max(initial=0)) + 1
    out[EVENT] = ev_codes[take].astype(np.int64) * width + k  # pseudo-event: (event, after round)
    return out, ev_index, width


def standings_by_round(
    results: pd.DataFrame,
    *,
    tiebreaks: Sequence[str] | str | None = ("BH/C1", "BH", "SB"),
    rules: str | Mapping | pd.Series | None = "adjusted",
    players: pd.DataFrame | None = None,
    events: pd.DataFrame | None = None,
    round_robin: bool | Iterable | None = None,
) -> pd.DataFrame:
    """Standings after every round of every event, in one call.

    Each event truncated after round k is ranked as if it had k rounds (withdrawals, byes and
    the 50 % limit of Koya are judged within those k rounds). The options are those of
    :func:`standings`; the planned ``rounds`` of `events` only bound the rounds given.

    Returns
    -------
    pandas.DataFrame
        ``event, round, player, rank, PTS`` and the tie-break columns; one row per event, round
        and player.

    Examples
    --------
    >>> games = pd.DataFrame({
    ...     "event": "Open", "round": [1, 1, 2, 2], "player": [1, 2, 1, 2],
    ...     "opponent": [2, 1, 2, 1], "colour": ["w", "b", "b", "w"],
    ...     "points": [1, 0, 0.5, 0.5], "kind": "played"})
    >>> standings_by_round(games, tiebreaks=["SB"])[["round", "player", "rank", "PTS", "SB"]]
       round  player  rank  PTS    SB
    0      1       1     1  1.0  0.00
    1      1       2     2  0.0  0.00
    2      2       1     1  1.5  0.75
    3      2       2     2  0.5  0.75
    """
    tbs = _parse_list(tiebreaks)
    if not isinstance(results, pd.DataFrame):
        raise ValidationError(f"results: expected a pandas DataFrame, got {type(results).__name__}")
    for c in (EVENT, ROUND):
        if c not in results.columns:
            raise ValidationError(f"results: missing column(s) {c!r}")
    events, players = _validate_tables(events, players)
    round_robin = _resolve_round_robin(round_robin, events, results)
    # the rounds checked before the copies (one per round) are made: a round number can only
    # be as large as the rounds given
    results = validate(results, RESULT_COLUMNS, what="results")
    _checked_rounds(results, events)
    expanded, ev_index, width = _expand_by_round(results)
    pseudo = {k: ev_index[k // width] for k in expanded[EVENT].unique().tolist()}
    # the rule set of each event, given to each of its truncated copies
    base = _rule_codes(rules, pd.Index(ev_index), events, results)
    rules = {k: _RULE_NAMES[base[k // width]] for k in pseudo}
    pl2 = None
    if players is not None:
        copies = pd.DataFrame({"_k": list(pseudo), EVENT: list(pseudo.values())})
        pl2 = players.merge(copies, on=EVENT).drop(columns=EVENT).rename(columns={"_k": EVENT})
    # (planned rounds of `events` do not apply to the truncated copies)
    rr = _round_robin_events(round_robin, pd.Index(ev_index))
    copies = np.fromiter(pseudo, dtype=np.int64, count=len(pseudo))
    rr_copies = copies[rr[copies // width]].tolist()
    options = dict(rules=rules, players=pl2, events=None, round_robin=rr_copies)
    chunks = _event_chunks(expanded)  # the copies after round 1 apart from the longest ones
    if chunks is None:
        table = _table(_build_grid(expanded, **options), tbs)
    else:
        table = _standings_by_chunk(expanded, chunks, tbs, options)
    k = table[EVENT].to_numpy(dtype=np.int64)
    table.insert(1, ROUND, k % width)
    table[EVENT] = pd.Index(ev_index).take(k // width)
    order = np.lexsort(
        (np.arange(len(table)), table[ROUND].to_numpy(), pd.factorize(table[EVENT])[0])
    )
    return table.iloc[order].reset_index(drop=True)


_STANDIN = np.array(["player", "self", "dummy", "virtual"], dtype=object)


def explain(
    results: pd.DataFrame,
    *,
    tiebreak: str = "BH",
    player=None,
    event=None,
    rules: str | Mapping | pd.Series | None = "adjusted",
    players: pd.DataFrame | None = None,
    events: pd.DataFrame | None = None,
    round_robin: bool | Iterable | None = None,
) -> pd.DataFrame:
    """Round-by-round breakdown of one tie-break: what each round contributes and why.

    Supported: BH, SB, FB, KS, PS, CUM, ARO, WIN, WON, BPG, BWG, REP, PTS, with modifiers.
    `player` and `event` select the rows shown (default: all); the other options are those of
    :func:`standings`.

    Returns
    -------
    pandas.DataFrame
        One row per event, player and round: ``event, player, round, kind, opponent,
        counted_as`` ("player", "self" for the adjusted rule's draw against oneself, "dummy",
        "virtual"; missing where no opponent's score is used), ``opponent_points`` (the real
        opponent's points), ``score`` (the opponent's score as counted), ``adjusted`` (whether
        that differs from his points), ``result``, ``contribution``, ``cut`` and ``value`` (the
        tie-break). The contributions of the rows not cut sum to ``value`` (for ARO, to the
        unrounded average).

    Examples
    --------
    >>> games = pd.DataFrame({
    ...     "event": "Open", "round": [1, 1, 1, 2, 2, 2],
    ...     "player": [1, 2, 3, 1, 2, 3], "opponent": [2, 1, None, 3, None, 1],
    ...     "points": [1, 0, 1, 0.5, 1, 0.5],
    ...     "kind": ["played", "played", "pab", "played", "pab", "played"]})
    >>> explain(games, tiebreak="BH", player=3)[["round", "counted_as", "score", "contribution"]]
       round counted_as  score  contribution
    0      1       self    1.0           1.0
    1      2     player    1.5           1.5
    """
    tb = parse_tiebreak(tiebreak)
    if tb.name in ("DE", "AOB", "TPR", "PTP", "APRO", "APPO"):
        raise ValueError(f"explain does not break down {tb.code}; use standings()")
    round_robin = _resolve_round_robin(round_robin, events, results)
    grid = _build_grid(
        results, rules=rules, players=players, events=events, round_robin=round_robin
    )
    engine = _Engine(grid)
    value, detail = engine.compute(tb)
    sel = _selected_players(grid, player, event)
    gi, ri = np.nonzero(sel[:, None] & (grid.kind != K_NONE))
    out = _rounds_frame(grid, gi, ri)
    if detail.score is not None and detail.standin is not None:
        opp = grid.opp[gi, ri]
        pts_total = engine.value(TieBreak(PTS, PTS))
        standin = detail.standin[gi, ri]
        out["counted_as"] = _STANDIN[standin]
        real_pts = np.where(opp >= 0, pts_total[np.maximum(opp, 0)], np.nan)
        out["opponent_points"] = np.where(standin == 0, real_pts, np.nan)
        out["score"] = detail.score[gi, ri]
        out["adjusted"] = (standin != 0) | (np.abs(out["score"] - real_pts) > 1e-12)
    elif detail.score is not None:  # ARO: the opponents' ratings
        out["counted_as"] = np.where(np.isnan(detail.score[gi, ri]), None, "player")
        out["score"] = detail.score[gi, ri]
    out["result"] = grid.points[gi, ri] if detail.result is None else detail.result[gi, ri]
    out["contribution"] = detail.contrib[gi, ri]
    out["cut"] = ~detail.kept[gi, ri]
    out["value"] = value[gi]
    return out


def _selected_players(grid: _Grid, player, event) -> np.ndarray:
    """Mask of the players of `event` named `player` (None: all); refuses an empty selection."""
    sel = np.ones(grid.shape[0], dtype=bool)
    if event is not None:
        sel &= np.asarray(grid.event_index[grid.player_event] == event)
    if player is not None:
        sel &= pd.Series(grid.player_id).astype(str).eq(str(player)).to_numpy()
    if not sel.any():
        raise ValueError(f"no such player/event: player={player!r}, event={event!r}")
    return sel


def _rounds_frame(grid: _Grid, gi: np.ndarray, ri: np.ndarray) -> pd.DataFrame:
    """``event, player, round, kind, opponent`` of the grid cells (`gi`, `ri`)."""
    opp = grid.opp[gi, ri]
    out = pd.DataFrame(
        {
            EVENT: grid.event_index[grid.player_event[gi]],
            PLAYER: _restore_player_dtype(pd.Series(grid.player_id[gi])),
            ROUND: ri + 1,
            KIND: np.asarray(KINDS, dtype=object)[grid.kind[gi, ri]],
            OPPONENT: np.where(opp >= 0, grid.player_id[np.maximum(opp, 0)], None),
        }
    )
    out[OPPONENT] = _restore_opponent(out[OPPONENT])
    return out


def _restore_opponent(values: pd.Series) -> pd.Series:
    """Opponent ids back as nullable integers when they all are whole numbers."""
    present = values.dropna()
    converted = pd.to_numeric(present, errors="coerce")
    if len(present) and converted.notna().all() and (converted == np.floor(converted)).all():
        return pd.to_numeric(values, errors="coerce").astype("Int64")
    return values


def validate_results(results: pd.DataFrame) -> pd.DataFrame:
    """Check a chess results frame; return it validated (coerced) as a new frame.

    Every played game must appear from both sides with complementary points and opposite
    colours, every forfeit as a win on one side and a loss on the other, no player twice in a
    round, every opponent a player of the event.

    Examples
    --------
    >>> bad = pd.DataFrame({"event": "E", "round": 1, "player": [1, 2], "opponent": [2, 1],
    ...                     "points": [1, 1], "kind": "played"})
    >>> validate_results(bad)
    Traceback (most recent call last):
    ...
    tourneystats.core.schema.ValidationError: results: the two sides of a game do not match ...
    """
    _build_grid(results, rules="adjusted", players=None, events=None)
    return validate(results, RESULT_COLUMNS, what="results")
