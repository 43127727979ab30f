"""Standings: final, and after every round.

The results are validated and stacked into one grid (:mod:`tourneystats.chess.grid`), the
engine computes the tie-breaks in order (:mod:`tourneystats.chess.tiebreaks`), direct encounter
last among ties on every earlier criterion, and the players of each event are ranked. The
round-by-round breakdown of one tie-break is :func:`tourneystats.chess.breakdown.explain`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import numpy as np
import pandas as pd

from ..core.io import as_text
from ..core.people import with_people
from ..core.ranking import competition_rank
from ..core.schema import (
    DECIDED_BY,
    EVENT,
    PLAYER,
    PTS,
    RANK,
    ROUND,
    ROUNDS,
    ValidationError,
    validate,
)
from .codes import TieBreak
from .encounter import _group_ids
from .grid import _build_grid, _checked_rounds, _Grid, _planned_rounds, _validate_tables
from .kinds import POINT_SYSTEM, RESULT_COLUMNS
from .labels import factorize_runs
from .points import DEFAULT_POINTS, _event_points, point_system_text
from .regulations import (
    _apply_withdrawn,
    _check_buchholz,
    _criteria_directions,
    _declared_orders,
    _Options,
    _parse_list,
)
from .rules import (
    INDIVIDUAL_RULES,
    RULE_SETS,
    RuleSet,
    _dated,
    _resolve_round_robin,
    _round_robin_events,
    _rule_codes,
)
from .tiebreaks import _Engine

# --- the table of one grid -----------------------------------------------------------------------


def _table(grid: _Grid, tiebreaks: list[TieBreak], options: _Options) -> pd.DataFrame:
    """Points and the tie-breaks in order (DE among the players tied on all before it), ranked
    within each event; withdrawn players left out as `options` say. A tie-break that names its
    edition (``BH/C1@2026``) is computed under that rule set for every event: one engine per
    edition asked for, over the same grid."""
    editions = _edition_grids(grid, tiebreaks)
    for edition, of_edition in editions.items():
        mine = [t for t in tiebreaks if t.edition == edition]
        _check_buchholz(of_edition, mine, options.allow_buchholz_in_round_robins)
    shown = _apply_withdrawn(grid, options.withdrawn)
    engines: dict[str | None, _Engine] = {None: _Engine(grid, unrated=options.unrated)}
    for edition, of_edition in editions.items():
        if edition is not None:  # (one engine per grid: an edition every event has shares it)
            engines[edition] = (
                engines[None]
                if of_edition is grid
                else _Engine(
                    replace(of_edition, koya_rounds=grid.koya_rounds), unrated=options.unrated
                )
            )
    engine = engines[None]
    pts = engine.value(TieBreak(PTS, PTS))
    columns: dict[str, np.ndarray] = {PTS: pts}
    group_of = grid.player_event
    if not shown.all():  # the players left out make no tie group with the others
        group_of = np.where(shown, group_of, -1 - np.arange(len(shown)))
    for tb in tiebreaks:
        if tb.name == "DE":
            keys = [group_of] + [np.round(np.nan_to_num(v, nan=-1e18), 9) for v in columns.values()]
            columns[tb.code] = engines[tb.edition].direct_encounter(
                _group_ids(keys), tb.forfeits_played
            )
        else:
            columns[tb.code] = engines[tb.edition].value(tb.plain)
    if grid.event_categorical:
        event = pd.Categorical.from_codes(grid.player_event, categories=grid.event_index)
    else:
        event = grid.event_index.take(grid.player_event)
    if grid.player_labels is not None:  # ranked by the codes of the sorted text ids
        frame = pd.DataFrame(
            {"_event_order": grid.player_event, EVENT: event, PLAYER: grid.player_labels}
        )
    else:
        frame = pd.DataFrame(
            {"_event_order": grid.player_event, EVENT: event, PLAYER: grid.player_id}
        )
        frame[PLAYER] = _restore_player_dtype(frame[PLAYER])
    for code, values in columns.items():
        frame[code] = values
    if not shown.all():
        frame = frame[shown].reset_index(drop=True)
    criteria = [PTS, *[t.code for t in tiebreaks]]
    ascending = _criteria_directions(tiebreaks)
    ranked = competition_rank(
        frame,
        criteria,
        ascending=ascending,
        by="_event_order",
        order_by=PLAYER,
        decided_by=DECIDED_BY,
    )
    if grid.player_labels is not None:  # the ids as text, as given
        ranked[PLAYER] = as_text(ranked[PLAYER])
    return ranked[[EVENT, PLAYER, RANK, *criteria, DECIDED_BY]]


def _edition_grids(grid: _Grid, tiebreaks: list[TieBreak]) -> dict[str | None, _Grid]:
    """The grid (key None) and, for each edition the tie-breaks name, the same grid with every
    event under that edition's rule set (the cells are shared, not copied)."""
    out: dict[str | None, _Grid] = {None: grid}
    for edition in dict.fromkeys(t.edition for t in tiebreaks if t.edition is not None):
        rule = np.zeros_like(grid.rule)
        out[edition] = replace(grid, rule=rule, rule_sets=(RULE_SETS[edition],))
        if set(grid.rule_sets) == {RULE_SETS[edition]}:  # every event's already: the same grid
            out[edition] = grid
    return out


def _restore_player_dtype(values: pd.Series) -> pd.Series:
    """Player ids back as integers when they all are whole numbers (given as numbers: ids given
    as text stay as given, so that "01" and "1" stay two players)."""
    if isinstance(values.dtype, pd.StringDtype) or pd.api.types.infer_dtype(
        values, skipna=False
    ) not in ("integer", "floating", "mixed-integer-float", "decimal", "boolean"):
        return values
    converted = pd.to_numeric(values, errors="coerce")
    if converted.notna().all() and (converted == np.floor(converted)).all():
        return converted.astype(np.int64)
    return values


# --- standings -----------------------------------------------------------------------------------


def standings(
    results: pd.DataFrame,
    *,
    tiebreaks: Sequence[str] | str | None = None,
    rules: str | RuleSet | Mapping | pd.Series | None = INDIVIDUAL_RULES,
    players: pd.DataFrame | None = None,
    events: pd.DataFrame | None = None,
    round_robin: bool | Iterable | None = None,
    points: str | Mapping | None = None,
    planned_rounds: int | Mapping | None = None,
    ratings: str = "first",
    unrated: str | float = "leave_out",
    withdrawn: str = "keep",
    allow_buchholz_in_round_robins: bool = False,
) -> pd.DataFrame:
    """Final standings of every event: points then the tie-breaks, in order.

    Board rows of team events (``team`` and ``opponent_team`` columns) give the teams'
    standings (:func:`~tourneystats.chess.team_standings`, with the options as
    :func:`standings_by_round` hands them on), never their players'.

    Parameters
    ----------
    results : pandas.DataFrame
        One row per player per round: ``event, round, player, opponent, colour, points, kind``
        (``opponent`` and ``colour`` may be missing; an optional ``rating`` column gives the
        player's rating; a game in progress has no points).
    tiebreaks : sequence of str, optional
        Tie-break codes in order, e.g. ``("BH/C1", "BH", "SB")``; see :data:`TIEBREAKS`. None:
        the order each event declares (the ``tiebreaks`` column of `events`: a TRF ``212`` or
        ``202`` record), else ``BH/C1, BH, SB``.
    rules : {"adjusted", "fide2024", "fide2026", "fide2009", "chessmanager2024", "auto", "auto:NAME", "chessmanager", "swissmanager"}, RuleSet, mapping or None
        How unplayed games count (see the module documentation). A :class:`RuleSet` (a variant
        of one, :meth:`RuleSet.replace`) is used as given. A mapping (or Series) gives a rule set
        per event; None takes a ``rules`` column of `events` or `results` (per event).
        ``"auto"`` picks by the event's start date (``events.date``, i.e. TRF ``042``, or a
        ``date`` column of `results`): before 2023-09-01 fide2009, before 2026-03-01 fide2024,
        then fide2026, or the dates of the program an event names (``events.program``, as the
        readers set it: :data:`PRESETS`); an event without a date is an error naming it, unless
        a fallback is given as ``"auto:NAME"`` (e.g. ``"auto:fide2009"``: undated events use
        fide2009). A program's preset (``"chessmanager"``, ``"swissmanager"``) picks the rule
        set that program applied at each event's start date, and takes a fallback alike.
        Board rows of team events take the team functions' default, ``"auto:fide2024"``, unless
        a rule set is given.
    players : pandas.DataFrame, optional
        ``event, player, rating`` (ratings for ARO, TPR, RTNG, ...), and the players' ``name``,
        ``fide_id``, ``title`` and ``federation`` when known (the ``players`` frame of
        :func:`~tourneystats.chess.read_trf` and :func:`read_pgn`): these columns are carried
        into the table, after ``player`` (``with_people``).
    events : pandas.DataFrame, optional
        ``event`` with ``date`` (for ``"auto"``), ``rounds`` (the planned number of rounds: a
        round beyond it is refused; the planned rounds not played yet are not absences),
        ``type`` (round robins), ``point_system`` and ``tiebreaks`` (as :func:`read_trf` gives
        them from the ``162`` and ``212``/``202`` records).
    round_robin : bool, iterable of event labels or None
        Events that are round robins (True: all). Their forfeits count as played games for
        every tie-break (C.07 art. 15.2), except where the rule set says otherwise (fide2026:
        every forfeit stays unplayed in the rating-based tie-breaks and every forfeit loss in
        those of art. 7); the unplayed-game rule set only concerns their byes and absences.
        None (the default): the events whose ``type`` (the TRF ``092`` record, e.g. "Round
        Robin" or "Berger"; see :data:`ROUND_ROBIN_TYPE`), a column of `events` or else of
        `results`, names a round robin; none without such a column.
    points : str or mapping, optional
        The point system of every event, e.g. ``"3/1/0"`` or ``{"win": 3, "draw": 1, "loss":
        0}`` (see :func:`tourneystats.chess.points.point_system`); by default each event's
        ``point_system`` (TRF ``162``), else win 1, draw 1/2, loss 0.
    planned_rounds : int or mapping, optional
        The planned number of rounds (of every event, or per event); by default ``events.rounds``
        (TRF ``142``/``XXR``). Fore Buchholz counts the games of the planned last round as
        draws: before that round is paired it is BH.
    ratings : {"first", "per_round"}
        The rating of a player: his first one (C.07 2026 art. 10 note; the ``rating`` of
        `players`, else of his first round that has one), or with ``"per_round"`` the ``rating``
        of each round's row (ARO and the like take each opponent's rating of that round; RTNG
        the player's last one).
    unrated : {"leave_out", "drop"} or float
        Unrated players in the rating-based tie-breaks (C.07 art. 10 lets the regulations
        decide): their games are left out (default), every rating-based tie-break is dropped
        (no value) in the events that have one (``"drop"``, C.07's rule without such
        regulations), or they count with this rating (e.g. ``1400``).
    withdrawn : {"keep", "leave_out", "fide"}
        Withdrawn players (absent from some round to the end): kept in the table (default),
        left out of it, or as the FIDE Tournament Rules say (a round-robin player who completed
        less than half of his games is left out and his games leave his opponents' scores);
        see :mod:`tourneystats.chess.regulations`.
    allow_buchholz_in_round_robins : bool
        Compute BH, FB and AOB for round robins whose rule set forbids them (fide2026: "must
        not be used in round-robins"), with a warning, instead of refusing.

    Returns
    -------
    pandas.DataFrame
        One row per event and player: ``event, player, rank, PTS`` and one column per tie-break
        named by its code, sorted by event (in order of appearance) and rank. With declared
        orders that differ between events, each event has the columns of every order (NaN for
        the tie-breaks it does not use) and is ranked by its own.

    Raises
    ------
    ValidationError
        On inconsistent results (naming event, round and player).

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.chess import standings
    >>> games = pd.DataFrame({
    ...     "event": "Open", "round": [1, 1, 1, 2, 2, 2],
    ...     "player": [1, 2, 3, 1, 2, 3], "opponent": [2, 1, None, 3, None, 1],
    ...     "colour": ["w", "b", None, "b", None, "w"], "points": [1, 0, 1, 0.5, 1, 0.5],
    ...     "kind": ["played", "played", "pab", "played", "pab", "played"]})
    >>> standings(games, tiebreaks=["BH", "SB"])
      event  player  rank  PTS   BH    SB decided_by
    0  Open       3     1  1.5  2.5  1.25         BH
    1  Open       1     2  1.5  1.5  1.00        PTS
    2  Open       2     3  1.0  2.0  0.25       <NA>
    >>> standings(games.assign(points=[3, 0, 3, 1, 3, 1]), tiebreaks=["SB"], points="3/1/0")
      event  player  rank  PTS   SB decided_by
    0  Open       3     1  4.0  6.0         SB
    1  Open       1     2  4.0  5.0        PTS
    2  Open       2     3  3.0  1.0       <NA>
    """
    options = _Options(
        points, planned_rounds, ratings, unrated, withdrawn, allow_buchholz_in_round_robins
    )
    from .teamrounds import is_team_frame, team_keywords

    if is_team_frame(results):  # board rows of team events: the teams' standings
        from .teamtiebreaks import team_standings

        given = dict(tiebreaks=tiebreaks, rules=rules, events=events, round_robin=round_robin)
        return team_standings(results, **team_keywords("standings", options, players, **given))
    people = players  # the names, ids and ratings shown, as given
    if isinstance(results, pd.DataFrame) and EVENT in results.columns:
        events, players = _validate_tables(events, players)
        orders = _declared_orders(tiebreaks, events, results)
    else:
        orders = [(tiebreaks, None)]  # validation reports it
    call: dict[str, Any] = dict(
        rules=rules, players=players, events=events, round_robin=round_robin
    )
    if len(orders) > 1:
        table = _by_order(standings, results, orders, dict(call, **_keywords(options)))
        return with_people(table, people)
    tbs = _parse_list(orders[0][0])
    call["round_robin"] = _resolve_round_robin(round_robin, events, results)
    chunks = _event_chunks(results)
    if chunks is None:
        table = _table(_build_grid(results, **call, **options.grid()), tbs, options)
    else:
        table = _standings_by_chunk(results, chunks, tbs, call, options)
    return with_people(table, people)


def _keywords(options: _Options) -> dict:
    """The standings keywords of `options`."""
    return {
        "points": options.points,
        "planned_rounds": options.planned_rounds,
        "ratings": options.ratings,
        "unrated": options.unrated,
        "withdrawn": options.withdrawn,
        "allow_buchholz_in_round_robins": options.allow_buchholz_in_round_robins,
    }


def _by_order(
    function: Callable[..., pd.DataFrame], results: pd.DataFrame, orders: list, keywords: dict
) -> pd.DataFrame:
    """`function` (standings or standings_by_round) of the events of each declared tie-break
    order, with its order; the tables concatenated as one pass orders them (every column of
    every order, NaN where an event does not use it)."""
    labels = results[EVENT].astype(object)
    named = keywords.get("round_robin")
    if named is not None and not isinstance(named, bool | np.bool_):
        named = pd.Index([named] if isinstance(named, str) else list(named), dtype=object)
        _round_robin_events(named, pd.Index(pd.unique(labels.to_numpy()), dtype=object))
    tables = []
    for order, events in orders:
        if isinstance(named, pd.Index):  # the round robins named among these events
            keywords = dict(keywords, round_robin=named[named.isin(events)].tolist() or False)
        part = results[labels.isin(events).to_numpy()]
        tables.append(function(part, tiebreaks=order, **keywords))
    out = pd.concat(tables, ignore_index=True)
    appearance = pd.Index(pd.unique(labels.to_numpy()), dtype=object)
    at = appearance.get_indexer(out[EVENT].astype(object))
    within = ROUND if ROUND in out.columns else None
    keys = (np.arange(len(out)), at) if within is None else (np.arange(len(out)), out[ROUND], at)
    out = out.iloc[np.lexsort(keys)].reset_index(drop=True)
    if isinstance(results[EVENT].dtype, pd.CategoricalDtype):
        out[EVENT] = pd.Categorical(out[EVENT], dtype=pd.CategoricalDtype(appearance))
    if DECIDED_BY in out.columns:  # last, after the criteria of every order
        out = out[[c for c in out.columns if c != DECIDED_BY] + [DECIDED_BY]]
    return out


def _standings_by_chunk(
    results: pd.DataFrame,
    chunks: list[pd.DataFrame],
    tbs: list[TieBreak],
    call: dict,
    options: _Options,
) -> pd.DataFrame:
    """:func:`standings` of each chunk of whole events, concatenated as one pass orders them."""
    return _chunk_tables(results, chunks, [(call["rules"], tbs)], call, options)[0]


def _chunk_tables(
    results: pd.DataFrame,
    chunks: list[pd.DataFrame],
    variants: list[tuple[Any, list[TieBreak]]],
    call: dict,
    options: _Options,
) -> list[pd.DataFrame]:
    """The standings of each (rule set, tie-breaks) of `variants`: each chunk of whole events
    validated and scattered into its grid once (a rule set changes no cell of the grid, only how
    the engine counts them), the tables of a variant concatenated as one pass orders them."""
    # Events are independent: a big archive is computed a few thousand events at a time, which
    # keeps the temporary arrays small enough for the allocator to reuse (about half the time).
    round_robin = call["round_robin"]
    # the events in order of appearance
    appearance = pd.Index(factorize_runs(results[EVENT])[1].astype(object), dtype=object)
    named = None  # round robins named by label: checked once, each chunk given its own
    if not isinstance(round_robin, bool | np.bool_):
        named = appearance[_round_robin_events(round_robin, appearance)]

    def chunk_tables(c: pd.DataFrame) -> list[pd.DataFrame]:
        own = call
        if named is not None:
            mine = named[named.isin(pd.unique(c[EVENT].to_numpy(dtype=object)))].tolist()
            own = dict(call, round_robin=mine or False)
        return _grid_tables(c, variants, own, options)

    # the chunks on two threads, their tables in chunk order (the first chunk that fails raises)
    from ..core.parallel import cores, on_threads  # (not imported by every command)

    per_chunk = on_threads(chunk_tables, chunks, min(2, cores()))
    tables = [list(parts) for parts in zip(*per_chunk, strict=True)]
    return [_in_appearance_order(results, parts, appearance) for parts in tables]


def _grid_tables(
    results: pd.DataFrame, variants: list[tuple[Any, list[TieBreak]]], call: dict, options: _Options
) -> list[pd.DataFrame]:
    """The table of each variant from one grid of `results` (its rule codes replaced)."""
    grid = _build_grid(results, **dict(call, rules=variants[0][0]), **options.grid())
    out = []
    for k, (rules, tbs) in enumerate(variants):
        if k:  # the same grid under another rule set
            codes, sets = _rule_codes(rules, grid.event_index, None, results)
            grid = replace(grid, rule=np.take(codes, grid.player_event), rule_sets=sets)
        out.append(_table(grid, tbs, options))
    return out


def _in_appearance_order(
    results: pd.DataFrame, tables: list[pd.DataFrame], appearance: pd.Index
) -> pd.DataFrame:
    """The tables of the chunks as one table, its events in order of appearance."""
    out = pd.concat(tables, ignore_index=True)
    # as one pass: the events in order of appearance (chunks may group them by their rounds)
    codes, labels, _ = factorize_runs(out[EVENT])  # each event's rows are together
    at = appearance.get_indexer(pd.Index(labels.astype(object), dtype=object))[codes]
    if (np.diff(at) < 0).any():
        out = out.iloc[np.argsort(at, kind="stable")].reset_index(drop=True)
    if isinstance(results[EVENT].dtype, pd.CategoricalDtype):  # as one pass: in order of appearance
        out[EVENT] = pd.Categorical(out[EVENT], dtype=pd.CategoricalDtype(appearance))
    return out


def standings_under_rule_sets(
    results: pd.DataFrame,
    variants: list[tuple[str | RuleSet, Sequence[str]]],
    *,
    players: pd.DataFrame | None = None,
    events: pd.DataFrame | None = None,
    round_robin: bool | Iterable | None = None,
) -> list[pd.DataFrame]:
    """``standings(results, rules=r, tiebreaks=t, ...)`` of every (r, t) of `variants`, the
    results validated and scattered into grids once for all of them (rule sets named or given
    as :class:`RuleSet` objects; others, and events declaring their own tie-break orders, cost
    a :func:`standings` call each)."""
    if not variants:
        return []
    options = _Options()
    people = players  # the names, ids and ratings shown, as given
    events, players = _validate_tables(events, players)
    orders = [_declared_orders(list(t), events, results) for _, t in variants]
    shareable = all(
        isinstance(r, RuleSet) or (isinstance(r, str) and not _dated(r)) for r, _ in variants
    )
    if not shareable or any(len(o) > 1 for o in orders) or not isinstance(results, pd.DataFrame):
        return [
            standings(
                results,
                rules=r,
                tiebreaks=t,
                players=people,
                events=events,
                round_robin=round_robin,
            )
            for r, t in variants
        ]
    parsed = [(r, _parse_list(o[0][0])) for (r, _), o in zip(variants, orders, strict=True)]
    rr = _resolve_round_robin(round_robin, events, results)
    call: dict[str, Any] = dict(rules=None, players=players, events=events, round_robin=rr)
    chunks = _event_chunks(results)
    if chunks is None:
        tables = _grid_tables(results, parsed, call, options)
    else:
        tables = _chunk_tables(results, chunks, parsed, call, options)
    return [with_people(t, people) for t in tables]


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
    codes, _, runs = factorize_runs(results[EVENT])
    if (codes < 0).any():
        return None  # missing events: let validation report them
    sizes = np.bincount(codes)
    # the rows event by event (None: as they are, each event's rows together)
    order = None if runs == len(sizes) else np.argsort(codes, kind="stable")
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
        moved = np.repeat(starts[events] - new_starts, sizes[events]) + np.arange(len(codes))
        order = moved if order is None else order[moved]
    ends = np.cumsum(sizes[events])
    cut = np.searchsorted(ends, np.arange(rows, ends[-1], rows))
    if band is not None:
        cut = np.r_[cut, np.flatnonzero(np.diff(band[events]))]
    cut = np.unique(cut)
    bounds = np.r_[0, ends[cut[cut < len(ends) - 1]], len(codes)]
    if len(bounds) <= 2:
        return None
    pairs = zip(bounds[:-1], bounds[1:], strict=True)
    if order is None:  # slices, no copy
        return [results.iloc[a:b] for a, b in pairs]
    return [_rows(results, order[a:b]) for a, b in pairs]


def _rows(results: pd.DataFrame, at: np.ndarray) -> pd.DataFrame:
    """The rows `at` of `results`: a slice (no copy) when they are consecutive."""
    if len(at) and at[-1] - at[0] == len(at) - 1 and (np.diff(at) == 1).all():
        return results.iloc[at[0] : at[-1] + 1]
    return results.iloc[at]


def _round_bands(
    results: pd.DataFrame, order: np.ndarray | None, starts: np.ndarray, sizes: np.ndarray
) -> np.ndarray | None:
    """The band (log2 of the rounds) of each event when its events' rounds differ so much that
    one grid would be mostly padding; else None. `order` lists the rows event by event, from
    `starts` (None: the rows are in that order)."""
    if ROUND not in results:
        return None
    rnd = results[ROUND]
    if rnd.dtype.kind in "iu" and not isinstance(rnd.dtype, pd.api.extensions.ExtensionDtype):
        rnd = rnd.to_numpy()  # whole numbers: no conversion to floats
    else:
        rnd = pd.to_numeric(rnd, errors="coerce").to_numpy(dtype=np.float64, na_value=np.nan)
    last = np.fmax.reduceat(rnd if order is None else rnd[order], starts)  # each event's last
    last = last.astype(np.float64)
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
    tiebreaks: Sequence[str] | str | None = None,
    rules: str | Mapping | pd.Series | None = INDIVIDUAL_RULES,
    players: pd.DataFrame | None = None,
    events: pd.DataFrame | None = None,
    round_robin: bool | Iterable | None = None,
    points: str | Mapping | None = None,
    planned_rounds: int | Mapping | None = None,
    ratings: str = "first",
    unrated: str | float = "leave_out",
    withdrawn: str = "keep",
    allow_buchholz_in_round_robins: bool = False,
) -> pd.DataFrame:
    """Standings after every round of every event, in one call: after round k, games in
    progress excluded.

    Each event truncated after round k is ranked as if it had k rounds (withdrawals, byes and
    the 50 % limit of Koya are judged within those k rounds; a game still in progress counts in
    no tie-break); its planned rounds stay the event's (Fore Buchholz draws the games of the
    planned last round only). The options are those of :func:`standings`.

    Board rows of team events (``team`` and ``opponent_team`` columns) give the teams after
    every round (:func:`~tourneystats.chess.team_standings_by_round`, with `tiebreaks`, `rules`
    as given (by default the team functions' ``"auto:fide2024"``), `events`, `round_robin`, `points` a team point system, `players` the teams'
    names ``event, team, name``); the options of individual events are refused for them.

    Parameters
    ----------
    results : pandas.DataFrame
        One row per player per round, as :func:`standings` takes it.
    tiebreaks, rules, players, events, round_robin, points, planned_rounds, ratings, unrated, withdrawn, allow_buchholz_in_round_robins
        As in :func:`standings`, for every round.

    Returns
    -------
    pandas.DataFrame
        ``event, round, player, rank, PTS`` and the tie-break columns; one row per event, round
        and player.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.chess import standings_by_round
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
    options = _Options(
        points, planned_rounds, ratings, unrated, withdrawn, allow_buchholz_in_round_robins
    )
    from .teamrounds import is_team_frame, team_keywords, team_standings_by_round

    if is_team_frame(results):  # board rows of team events: the teams' standings
        given = dict(tiebreaks=tiebreaks, rules=rules, events=events, round_robin=round_robin)
        keywords = team_keywords("standings_by_round", options, players, **given)
        return team_standings_by_round(results, **keywords)
    people = players  # the names, ids and ratings shown, as given
    if not isinstance(results, pd.DataFrame):
        raise ValidationError(f"results: expected a pandas DataFrame, got {type(results).__name__}")
    for c in (EVENT, ROUND):
        if c not in results.columns:
            raise ValidationError(f"results: missing column(s) {c!r}")
    events, players = _validate_tables(events, players)
    orders = _declared_orders(tiebreaks, events, results)
    if len(orders) > 1:
        call = dict(rules=rules, players=players, events=events, round_robin=round_robin)
        table = _by_order(standings_by_round, results, orders, dict(call, **_keywords(options)))
        return with_people(table, people)
    tbs = _parse_list(orders[0][0])
    round_robin = _resolve_round_robin(round_robin, events, results)
    # the rounds checked before the copies (one per round) are made: a round number can only
    # be as large as the rounds given
    results = validate(results, RESULT_COLUMNS, what="results")
    _checked_rounds(results, events, planned_rounds)
    expanded, _, width = _expand_by_round(results)
    copies = np.sort(expanded[EVENT].unique())
    call = _copies_options(results, rules, players, events, round_robin, options, copies, width)
    chunks = _event_chunks(expanded)  # the copies after round 1 apart from the longest ones
    copy_options = _Options(**dict(_keywords(options), points=None, planned_rounds=None))
    if chunks is None:
        table = _table(_build_grid(expanded, **call, **copy_options.grid()), tbs, copy_options)
    else:
        table = _standings_by_chunk(expanded, chunks, tbs, call, copy_options)
    ev_index = pd.Index(pd.unique(results[EVENT]))
    k = table[EVENT].to_numpy(dtype=np.int64)
    table.insert(1, ROUND, k % width)
    table[EVENT] = pd.Index(ev_index).take(k // width)
    order = np.lexsort(
        (np.arange(len(table)), table[ROUND].to_numpy(), pd.factorize(table[EVENT])[0])
    )
    return with_people(table.iloc[order].reset_index(drop=True), people)


def _copies_options(
    results: pd.DataFrame,
    rules: str | Mapping | pd.Series | None,
    players: pd.DataFrame | None,
    events: pd.DataFrame | None,
    round_robin: bool | Iterable,
    options: _Options,
    copies: np.ndarray,
    width: int,
) -> dict:
    """The rule set, players, events (planned rounds, point system) and round robins of each
    event given to each of its truncated copies (pseudo-events ``event * width + round``)."""
    ev_index = pd.Index(pd.unique(results[EVENT]))
    base = copies // width
    codes, sets = _rule_codes(rules, ev_index, events, results)
    copy_rules = {int(k): sets[codes[b]] for k, b in zip(copies, base, strict=True)}
    copy_players = None
    if players is not None:
        to_copy = pd.DataFrame({"_k": copies, EVENT: ev_index.take(base)})
        copy_players = (
            players.merge(to_copy, on=EVENT).drop(columns=EVENT).rename(columns={"_k": EVENT})
        )
    planned = _planned_rounds(options.planned_rounds, events, ev_index.astype(object))
    copy_events = pd.DataFrame(
        {EVENT: copies, ROUNDS: pd.array(np.take(planned, base), dtype="Float64").astype("Int64")}
    )
    table = _event_points(options.points, events, ev_index)
    if not (table == DEFAULT_POINTS).all():
        texts = np.array([point_system_text(row) for row in table], dtype=object)
        copy_events[POINT_SYSTEM] = texts[base]
    rr = _round_robin_events(round_robin, ev_index)
    copy_rr = copies[rr[base]].tolist()
    return dict(rules=copy_rules, players=copy_players, events=copy_events, round_robin=copy_rr)


def validate_results(results: pd.DataFrame) -> pd.DataFrame:
    """Check a chess results frame; return it validated (coerced) as a new frame.

    Every played game must appear from both sides with complementary points and opposite
    colours, every forfeit as a win on one side and a loss on the other, no player twice in a
    round, every opponent a player of the event.

    Parameters
    ----------
    results : pandas.DataFrame
        One row per player per round: ``event, round, player, opponent, colour, points, kind``.

    Returns
    -------
    pandas.DataFrame
        A new frame, its columns coerced to the data model's types (the input is not modified).

    Raises
    ------
    ValidationError
        Naming the event, round and player of the first offending rows.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.chess import validate_results
    >>> bad = pd.DataFrame({"event": "E", "round": 1, "player": [1, 2], "opponent": [2, 1],
    ...                     "points": [1, 1], "kind": "played"})
    >>> validate_results(bad)
    Traceback (most recent call last):
    ...
    tourneystats.core.schema.ValidationError: results: the two sides of a game do not match ...
    """
    _build_grid(results, rules="adjusted", players=None, events=None)
    return validate(results, RESULT_COLUMNS, what="results")
