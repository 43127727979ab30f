"""Final standings: the ranking of the per-player values, per event or pooled by a column."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pandas as pd

from ..core.io import return_free_memory
from ..core.people import case_variants, with_people
from ..core.ranking import decided_in_order, ranked_order
from ..core.schema import (
    DECIDED_BY,
    DROPPED,
    EVENT,
    EVENTS,
    GAME_POINTS,
    GAMES,
    GWP,
    MATCH_POINTS,
    MWP,
    OGWP,
    OMWP,
    OOMWP,
    PLAYER,
    RANK,
    ROUNDS,
    ValidationError,
    fail_rows,
)
from .codes import _Coder, _Compact
from .headtohead import _break_pairs, _Duels
from .prepare import (
    GAME_COLUMNS,
    MATCH_COLUMNS,
    _clean_names,
    _Matches,
    _prepare,
    _warn_variants,
)
from .rounds import _round_scores
from .rules import Rules, get_rules  # (archive.recompute finds Rules beside standings)
from .scoring import _dropped, _last_round, _rounded, _score, _Scores

#: helper columns of the frame handed to the ranking (criteria names never clash with them)
_GROUP = "_group"
#: `decided_by` of a place decided after every criterion by the two players' matches
HEAD_TO_HEAD = "head_to_head"


def _table(
    s: _Scores,
    rules: Rules,
    group: np.ndarray,
    keys: Callable[[np.ndarray], dict[str, object]],
    *,
    entries: np.ndarray | None = None,
    extra: dict[str, np.ndarray] | None = None,
    duel: Callable[[np.ndarray, np.ndarray], np.ndarray] | None = None,
) -> pd.DataFrame:
    """Rank and assemble a standings frame.

    The arrays of `s` (and `extra`) are read flat; `entries` picks the positions shown (all by
    default), `group` is the ranking group of each shown entry (a code that sorts like the group
    keys) and ``keys(positions)`` returns the key columns, group keys then ``player``. Shown
    entries come in (group, player id) order, so ties keep the order of the player ids. The
    percentages are ranked exact and shown rounded as the rules print them (``Rules.decimals``);
    with
    ``Rules.head_to_head``, ``duel(a, b)`` gives the net match wins of flat position `a` over
    `b`. Only the criteria go through the ranking; every column is then taken once, in the final
    order.
    """

    def column(values: np.ndarray) -> np.ndarray:
        flat = values.reshape(-1)
        return flat if entries is None else flat[entries]

    ranked_on = {name: getattr(s, name) for name in rules.order}
    if rules.ranked_as_shown:  # the own percentages as shown, where they differ
        shown = {MWP: s.shown_mwp, GWP: s.shown_gwp}
        ranked_on.update({k: v for k, v in shown.items() if k in ranked_on and v is not None})
    criteria = {name: column(values) for name, values in ranked_on.items()}
    criteria[_GROUP] = group
    order, rank = ranked_order(pd.DataFrame(criteria, copy=False), list(rules.order), by=_GROUP)
    if rules.head_to_head and duel is not None:
        flat = (lambda i: i) if entries is None else (lambda i: entries[i])
        rank, order = _break_pairs(rank, group[order], lambda i, j: duel(flat(i), flat(j)), order)
    at = order if entries is None else entries[order]

    def take(values: np.ndarray) -> np.ndarray:
        return values.reshape(-1)[at]

    points = np.int64 if rules.integral_points else np.float64
    columns = keys(at)
    columns[RANK] = rank
    columns[MATCH_POINTS] = take(s.match_points).astype(points)
    games = np.int64 if rules.game_scores else np.float64  # match results only: missing
    columns[GAME_POINTS] = take(s.game_points).astype(points if rules.game_scores else games)
    columns[ROUNDS] = take(s.rounds).astype(np.int64)
    columns[GAMES] = take(s.games).astype(games)
    shown = {MWP: s.shown_mwp, GWP: s.shown_gwp, OMWP: s.omwp, OGWP: s.ogwp, OOMWP: s.oomwp}
    shown[MWP] = s.mwp if shown[MWP] is None else shown[MWP]
    shown[GWP] = s.gwp if shown[GWP] is None else shown[GWP]
    for name, values in shown.items():
        if values is not None:
            columns[name] = _rounded(take(values), rules)
    columns[DROPPED] = take(s.dropped)
    for name, values in (extra or {}).items():
        columns[name] = take(values)
    columns[DECIDED_BY] = decided_in_order(
        [criteria[name][order] for name in rules.order],
        rules.order,
        group=group[order],
        place=rank,
        beyond=HEAD_TO_HEAD,
    )
    return pd.DataFrame(columns, copy=False)  # fresh arrays: nothing to copy


#: columns `by` may not name: the results' own columns and the standings' (``event`` may: each
#: event is then its own pool)
_NOT_POOLS = frozenset(
    {c.name for c in MATCH_COLUMNS + GAME_COLUMNS} - {EVENT}
    | {RANK, MATCH_POINTS, GAME_POINTS, ROUNDS, GAMES, MWP, GWP, OMWP, OGWP, OOMWP, DROPPED, EVENTS}
)


def _season_groups(m: _Matches, by: str) -> tuple[np.ndarray, _Coder, np.ndarray, np.ndarray]:
    """Pool players by (`by` value, player id): (group of each player code, the `by` coder,
    `by` code of each group, player-id code of each group)."""
    df = m.frame
    if by in _NOT_POOLS:
        raise ValidationError(
            f"results: cannot pool the standings by {by!r} (a results or standings column); "
            "name a column that groups events, e.g. 'season'"
        )
    if by not in df.columns:
        raise ValidationError(f"results: no column {by!r} to pool the standings by")
    if df[by].hasnans:
        fail_rows(df, df[by].isna().to_numpy(), f"missing value in column {by!r}")
    seasons = _Coder(df[by])
    season = seasons.codes
    event_season = np.full(m.n_events, -1, dtype=np.int64)
    event_season[m.e] = season
    fail_rows(df, event_season[m.e] != season, f"an event with more than one {by!r}")
    n_names = max(m.players.size, 1)
    coded = _Compact(event_season[m.event_of] * n_names + m.name_of, max(seasons.size, 1) * n_names)
    return coded.codes, seasons, coded.distinct // n_names, coded.distinct % n_names


def _divisions(m: _Matches, within: str) -> tuple[np.ndarray, _Coder]:
    """Per player code: the code of his `within` value (one per player and event), and the
    coder of those values."""
    df = m.frame
    if within in _NOT_POOLS:
        raise ValidationError(
            f"results: cannot rank within {within!r} (a results or standings column); name a "
            "column that divides the players of an event, e.g. 'division'"
        )
    if within not in df.columns:
        raise ValidationError(f"results: no column {within!r} to rank within")
    if df[within].hasnans:
        fail_rows(df, df[within].isna().to_numpy(), f"missing value in column {within!r}")
    divisions = _Coder(df[within])
    of = np.full(m.n_players, -1, dtype=np.int64)
    of[m.p] = divisions.codes
    fail_rows(df, of[m.p] != divisions.codes, f"a player with two values of {within!r}")
    return of, divisions


def _frozen_final(m: _Matches, rules: Rules, s: _Scores) -> _Scores:
    """`s` with the opponents' averages of each player who dropped taken after his last round
    (``Rules.freeze_dropped``)."""
    rs = _round_scores(m, rules).scores
    cell = np.arange(m.n_players) * m.n_times + _last_round(m, m.p, m.n_players)
    frozen = {
        name: np.where(s.dropped, getattr(rs, name).reshape(-1)[cell], getattr(s, name))
        for name in (OMWP, OGWP, OOMWP)
        if getattr(s, name) is not None
    }
    return _Scores(**{**s.__dict__, **frozen})


def _event_table(
    m: _Matches, rules: Rules, within: str | None, *, keep_rows: bool = True, trim: bool = True
) -> pd.DataFrame:
    """The standings of every event, ranked per event (or per `within` value of each event);
    without `keep_rows`, `m` lets go of its per-row arrays before the ranking (and, with
    `trim`, their memory goes back to the system)."""
    s = _score(m, rules, m.p, m.q, m.n_players, _dropped(m))
    if rules.freeze_dropped:
        s = _frozen_final(m, rules, s)
    duel = None
    if rules.head_to_head:
        duels = _Duels(m, m.p, m.q, m.n_players)
        last = np.full(1, m.n_times - 1)
        duel = lambda a, b: duels.net(a, b, last)  # noqa: E731
    division, divisions = _divisions(m, within) if within is not None else (None, None)
    if not keep_rows:
        m.release_rows()  # the ranking needs the per-player arrays only
        if trim:
            return_free_memory()
    if within is None:
        return _table(
            s,
            rules,
            m.event_of,
            lambda at: {EVENT: m.event_values(m.event_of[at]), PLAYER: m.player_values(at)},
            duel=duel,
        )
    assert division is not None and divisions is not None
    group = m.event_of * max(divisions.size, 1) + division

    def keys(at: np.ndarray) -> dict[str, object]:
        return {
            EVENT: m.event_values(m.event_of[at]),
            within: divisions.values(division[at]),
            PLAYER: m.player_values(at),
        }

    return _table(s, rules, group, keys, duel=duel)


def standings(
    results: pd.DataFrame,
    *,
    rules: str | Rules = "mtg",
    by: str | None = None,
    within: str | None = None,
    players: pd.DataFrame | None = None,
) -> pd.DataFrame:
    """Standings of every event (or every season) with the card-game tie-breakers.

    Parameters
    ----------
    results : pandas.DataFrame
        Match-level (``event, round, player, opponent, wins, losses, draws``) or game-level
        (``event, round, player, opponent, game, result``) results of any number of events; the
        form is recognised by its columns.
    rules : str or Rules, default "mtg"
        A preset name (see :data:`~tourneystats.cards.RULES`) or a :class:`Rules` object.
    by : str, optional
        A column grouping events into leagues (e.g. ``"season"``): each league is ranked as one
        pool, every percentage taken over all rounds of all its events (a player's opponents are
        averaged with their league-wide match-win %). A player dropped if he dropped from any of
        the league's events. Not with ``Rules.freeze_dropped`` or `within`.
    within : str, optional
        A column dividing the players of each event into separately ranked groups (the age
        divisions of a Play! Pokémon pod that pairs them together): every percentage is taken
        over the whole event, the ranks restart in each group. One value per player and event.
    players : pandas.DataFrame, optional
        The players frame of the source (``event, player, name``, as
        :func:`~tourneystats.cards.read_tom` gives it): its ``name`` is carried into the
        table, after ``player`` (``with_people``).

    Returns
    -------
    pandas.DataFrame
        One row per event (or `by` value) and player, sorted by event then rank: ``event`` (or
        `by`), `within`, ``player``, ``rank``, ``match_points``, ``game_points``, ``rounds``,
        ``games``, ``mwp``, ``gwp``, ``omwp``, ``ogwp`` (fractions 0..1, unrounded unless the
        rules print them rounded), ``oomwp`` when the rules order by it, ``dropped``, with
        `by` the number of ``events`` pooled, and ``decided_by``: the first criterion of
        ``Rules.order`` separating the player from the one ranked just below him
        (``"head_to_head"`` when their matches did, ``"tied"`` when they share the place,
        missing for the last). Without game scores (``Rules.game_scores``) the game columns
        are missing values.

    Raises
    ------
    ValidationError
        Missing columns, bad counts, a player twice in a round, an opponent who is not in the
        event's round, sides that disagree; the message names event, round and player.

    Notes
    -----
    A frame of ``THREADED_ROWS`` rows or more (a million) is computed in runs of its events
    (a twentieth of its rows each, from an eighth to half a million rows) on two threads,
    joined: the same table, faster on two cores and in less memory than in one piece.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.cards import standings
    >>> results = pd.DataFrame({
    ...     "event": "E1", "round": [1, 1, 1, 1, 2, 2, 2, 2],
    ...     "player":   ["A", "B", "C", "D", "A", "C", "B", "D"],
    ...     "opponent": ["B", "A", "D", "C", "C", "A", "D", "B"],
    ...     "wins":     [2, 1, 2, 0, 2, 0, 1, 1],
    ...     "losses":   [1, 2, 0, 2, 0, 2, 1, 1],
    ...     "draws":    [0, 0, 0, 0, 0, 0, 1, 1]})
    >>> table = standings(results)
    >>> table[["player", "rank", "match_points", "mwp", "gwp", "omwp"]].round(4)
      player  rank  match_points   mwp     gwp   omwp
    0      A     1             6  1.00  0.8000  0.415
    1      C     2             3  0.50  0.5000  0.665
    2      B     3             1  0.33  0.3889  0.665
    3      D     4             1  0.33  0.3300  0.415
    >>> standings(results, rules="manatraders")[["player", "gwp", "omwp"]]
      player    gwp   omwp
    0      A  0.800  0.415
    1      C  0.500  0.665
    2      B  0.389  0.665
    3      D  0.267  0.415
    """
    rules = get_rules(rules)
    _check_pooling(rules, by, within)
    table = _on_two_threads(results, rules, within) if by is None else None
    if table is None:
        prepared = _prepare(results)
        return_free_memory()  # the validation's scratch arrays
        table = _standings(prepared, rules, by, within, keep_rows=False)
    return with_people(table, players)


#: rows from which :func:`standings` computes a frame's events in runs of events on two
#: threads (:func:`_run_rows`); below, the threads cost more than they give
THREADED_ROWS = 1_000_000
#: the fewest rows of a run (two runs are in memory at a time). The memory a run frees is kept
#: for the next runs, not given back to the system while they run: given back, its pages are
#: mapped and cleared again by the next run (at 9.2 million rows, 150,000 page faults and 0.4 s
#: of system time more); runs this small keep what is kept small (a peak as low as before)
CHUNK_ROWS = 125_000
#: a run holds about 1/RUNS of the frame's rows (a run costs about 6 ms besides its rows:
#: at 9.2 million rows, 74 runs of an eighth of a million took about 1.5 times the CPU time of
#: 20 runs of 460,000), ...
RUNS = 20
#: ... and at most this many rows (the memory of two runs in flight stays a small part of the
#: frame's)
LARGEST_RUN_ROWS = 500_000


def _run_rows(rows: int) -> int:
    """The rows of a run of events of a frame of `rows` rows (about)."""
    return max(CHUNK_ROWS, min(rows // RUNS, LARGEST_RUN_ROWS))


def _on_two_threads(results: pd.DataFrame, rules: Rules, within: str | None) -> pd.DataFrame | None:
    """The standings of a large frame's events (in the order of their ids, as the table lists
    them) computed in runs of events on two threads
    (:func:`~tourneystats.core.parallel.in_event_chunks`); None when the frame is small or a
    run fails (the whole frame is then computed in one call, which raises its first error)."""
    if len(results) < THREADED_ROWS:
        return None
    try:
        codes = _Coder(results[EVENT]).codes
    except (KeyError, TypeError, ValueError):
        return None
    if codes.min() < 0:  # a missing event: the whole frame's validation names it
        return None
    try:  # the names read and checked once (each run's categoricals hold all the names)
        results = _clean_names(results)
    except (TypeError, ValueError):
        return None

    def run(part: pd.DataFrame) -> pd.DataFrame:  # (its memory reused by the next runs)
        prepared = _prepare(part, names_read=True)
        return _standings(prepared, rules, None, within, keep_rows=False, trim=False)

    from ..core.parallel import in_event_chunks  # (not imported by every command)

    with ThreadPoolExecutor(1) as pool:  # the names' letter case checked beside the runs
        checked = pool.submit(case_variants, results, PLAYER, [EVENT])
        table = in_event_chunks(results, codes, run, _run_rows(len(results)))
        try:
            variants = checked.result()
        except (TypeError, ValueError):
            return None
    if table is not None:  # (else the call over the whole frame warns)
        _warn_variants(variants, "results", stacklevel=4)
    return table


def _check_pooling(rules: Rules, by: str | None, within: str | None) -> None:
    """Refuse options that pool seasons with options that rank single events."""
    if by is not None and (within is not None or rules.freeze_dropped):
        what = "within=" if within is not None else "Rules.freeze_dropped"
        raise ValueError(f"cards standings: {what} ranks single events; it cannot go with by=")


def _standings(
    m: _Matches,
    rules: Rules,
    by: str | None,
    within: str | None,
    *,
    keep_rows: bool = True,
    trim: bool = True,
) -> pd.DataFrame:
    """:func:`standings` of prepared (validated) results (`keep_rows`, `trim`: see
    :func:`_event_table`)."""
    if by is None:
        return _event_table(m, rules, within, keep_rows=keep_rows, trim=trim)
    group, seasons, season_of, name_of = _season_groups(m, by)
    size = season_of.size
    dropped_group = np.bincount(group, _dropped(m), size) > 0
    opp = np.where(m.q < 0, -1, group[np.maximum(m.q, 0)])
    s = _score(m, rules, group[m.p], opp, size, dropped_group)
    duel = None
    if rules.head_to_head:
        duels = _Duels(m, group[m.p], opp, size)
        last = np.full(1, m.n_times - 1)
        duel = lambda a, b: duels.net(a, b, last)  # noqa: E731
    return _table(
        s,
        rules,
        season_of,
        lambda at: {by: seasons.values(season_of[at]), PLAYER: m.players.values(name_of[at])},
        extra={EVENTS: np.bincount(group, minlength=size)},
        duel=duel,
    )
