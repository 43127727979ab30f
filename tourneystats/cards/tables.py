"""Final standings: the ranking of the per-player values, per event or pooled by a column."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pandas as pd

from ..core.ranking import competition_rank
from ..core.schema import (
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
from .prepare import GAME_COLUMNS, MATCH_COLUMNS, _Matches, _prepare
from .rules import Rules, get_rules  # (archive.recompute finds Rules beside standings)
from .scoring import _dropped, _score, _Scores

#: helper columns of the frame handed to the ranking (criteria names never clash with them)
_GROUP, _ENTRY = "_group", "_entry"


def _table(
    s: _Scores,
    rules: Rules,
    group: np.ndarray,
    keys: Callable[[np.ndarray], dict[str, object]],
    *,
    entries: np.ndarray | None = None,
    extra: dict[str, np.ndarray] | None = None,
) -> pd.DataFrame:
    """Rank and assemble a standings frame.

    The arrays of `s` (and `extra`) are read flat; `entries` picks the positions shown (all by
    default), `group` is the ranking group of each shown entry (a code that sorts like the group
    keys) and ``keys(positions)`` returns the key columns, group keys then ``player``. Shown
    entries come in (group, player id) order, so ties keep the order of the player ids. Only
    the criteria go through the ranking; every column is then taken once, in the final order.
    """

    def column(values: np.ndarray) -> np.ndarray:
        flat = values.reshape(-1)
        return flat if entries is None else flat[entries]

    criteria = {name: column(getattr(s, name)) for name in rules.order}
    criteria[_GROUP] = group
    criteria[_ENTRY] = np.arange(group.size)
    ranked = competition_rank(pd.DataFrame(criteria, copy=False), list(rules.order), by=_GROUP)
    order = ranked[_ENTRY].to_numpy()
    at = order if entries is None else entries[order]

    def take(values: np.ndarray) -> np.ndarray:
        return values.reshape(-1)[at]

    points = np.int64 if rules.integral_points else np.float64
    columns = keys(at)
    columns[RANK] = ranked[RANK].to_numpy()
    columns[MATCH_POINTS] = take(s.match_points).astype(points)
    columns[GAME_POINTS] = take(s.game_points).astype(points)
    columns[ROUNDS] = take(s.rounds).astype(np.int64)
    columns[GAMES] = take(s.games).astype(np.int64)
    for name in (MWP, GWP, OMWP, OGWP):
        columns[name] = take(getattr(s, name))
    if s.oomwp is not None:
        columns[OOMWP] = take(s.oomwp)
    columns[DROPPED] = take(s.dropped)
    for name, values in (extra or {}).items():
        columns[name] = take(values)
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


def standings(
    results: pd.DataFrame, *, rules: str | Rules = "mtg", by: str | None = None
) -> pd.DataFrame:
    """Standings of every event (or every season) with the card-game tie-breakers.

    Parameters
    ----------
    results : pandas.DataFrame
        Match-level (``event, round, player, opponent, wins, losses, draws``) or game-level
        (``event, round, player, opponent, game, result``) results of any number of events; the
        form is recognised by its columns.
    rules : str or Rules, default "mtg"
        A preset name (``"mtg"``, ``"melee"``, ``"pokemon"``) or a :class:`Rules` object.
    by : str, optional
        A column grouping events into leagues (e.g. ``"season"``): each league is ranked as one
        pool, every percentage taken over all rounds of all its events (a player's opponents are
        averaged with their league-wide match-win %). A player dropped if he dropped from any of
        the league's events.

    Returns
    -------
    pandas.DataFrame
        One row per event (or `by` value) and player, sorted by event then rank: ``event`` (or
        `by`), ``player``, ``rank``, ``match_points``, ``game_points``, ``rounds``, ``games``,
        ``mwp``, ``gwp``, ``omwp``, ``ogwp`` (fractions 0..1, unrounded), ``oomwp`` when the rules
        order by it, ``dropped``, and with `by` the number of ``events`` pooled.

    Raises
    ------
    ValidationError
        Missing columns, bad counts, a player twice in a round, an opponent who is not in the
        event's round, sides that disagree; the message names event, round and player.

    Examples
    --------
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
    """
    rules = get_rules(rules)
    m = _prepare(results)
    dropped = _dropped(m)
    if by is None:
        s = _score(m, rules, m.p, m.q, m.n_players, dropped)
        return _table(
            s,
            rules,
            m.event_of,
            lambda at: {EVENT: m.event_values(m.event_of[at]), PLAYER: m.player_values(at)},
        )
    group, seasons, season_of, name_of = _season_groups(m, by)
    size = season_of.size
    dropped_group = np.bincount(group, dropped, size) > 0
    opp = np.where(m.bye, -1, group[np.maximum(m.q, 0)])
    s = _score(m, rules, group[m.p], opp, size, dropped_group)
    return _table(
        s,
        rules,
        season_of,
        lambda at: {by: seasons.values(season_of[at]), PLAYER: m.players.values(name_of[at])},
        extra={EVENTS: np.bincount(group, minlength=size)},
    )
