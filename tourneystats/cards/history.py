"""Standings after every round of every event (the history drift charts draw)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..core.schema import EVENT, OOMWP, PLAYER, ROUND
from .prepare import _prepare
from .rules import Rules, get_rules
from .scoring import _capped, _last_round, _mean, _pct, _row_points, _Scores
from .tables import _table


def standings_by_round(results: pd.DataFrame, *, rules: str | Rules = "mtg") -> pd.DataFrame:
    """Standings after every round of every event, in one vectorised call.

    The standings "after round r" are exactly those of the event cut after round r: every
    percentage uses only rounds up to r, and a player who did not play round r counts as dropped.
    Players enter the table after their first round.

    Parameters
    ----------
    results : pandas.DataFrame
        Match-level or game-level results of any number of events (see :func:`standings`).
    rules : str or Rules, default "mtg"
        A preset name or a :class:`Rules` object.

    Returns
    -------
    pandas.DataFrame
        The columns of :func:`standings` plus ``round`` (after that round), one row per event,
        round and player, sorted by event, round and rank.

    Examples
    --------
    >>> results = pd.DataFrame({
    ...     "event": "E1", "round": [1, 1, 2, 2], "player": ["A", "B", "A", "B"],
    ...     "opponent": ["B", "A", "B", "A"], "wins": [2, 0, 0, 2], "losses": [0, 2, 2, 0],
    ...     "draws": 0})
    >>> standings_by_round(results)[["round", "player", "rank", "match_points", "mwp"]]
       round player  rank  match_points   mwp
    0      1      A     1             3  1.00
    1      1      B     2             0  0.33
    2      2      A     1             3  0.50
    3      2      B     1             3  0.50
    """
    rules = get_rules(rules)
    m = _prepare(results)
    P, T, E = m.n_players, m.n_times, m.n_events
    mp, gp, games = _row_points(m, rules)
    # player x round matrices (flat cell p * T + t); totals after round r are cumulative sums
    played = ~m.bye

    def cumulative(weights: np.ndarray | None, rows: np.ndarray | None = None) -> np.ndarray:
        c = m.p * T + m.t if rows is None else m.p[rows] * T + m.t[rows]
        wt = weights if weights is None or rows is None else weights[rows]
        return np.cumsum(np.bincount(c, wt, P * T).reshape(P, T), axis=1)

    present = np.zeros(P * T, dtype=bool)
    present[m.p * T + m.t] = True
    present = present.reshape(P, T)
    dropped = ~present  # in the event cut after round r, who did not play round r dropped
    rounds = np.cumsum(present, axis=1, dtype=np.float64)
    match_points, game_points, n_games = cumulative(mp), cumulative(gp), cumulative(games)
    mwp = _capped(_pct(match_points, rules.win * rounds, rules.floor), dropped, rules)
    gwp = _pct(game_points, rules.game_win * n_games, rules.floor)
    count = cumulative(None, played)  # non-bye rounds so far: the opponents' averages divide by it
    if rules.byes_seen_by_opponents:
        seen_mwp, seen_gwp = mwp, gwp
    else:
        seen_mwp = _pct(cumulative(mp, played), rules.win * count, rules.floor)
        seen_mwp = _capped(seen_mwp, dropped, rules)
        seen_gwp = _pct(
            cumulative(gp, played), rules.game_win * cumulative(games, played), rules.floor
        )
    del mp, gp, games

    # A match played in round t counts for the player after every round r from t to the event's
    # last, at the opponent's value after round r: one entry per (match, r). The entries of a
    # match are consecutive cells of the player's row (and of the opponent's), so the cells are
    # an arange shifted per match.
    rows = np.flatnonzero(played)
    t = m.t[rows].astype(np.intp)
    span = _last_round(m, m.e, E)[m.e[rows]].astype(np.intp) - t + 1
    start = np.cumsum(span) - span
    target = np.repeat(m.p[rows] * T + t - start, span)
    target += np.arange(target.size, dtype=np.intp)
    source = np.repeat((m.q[rows] - m.p[rows]) * T, span)
    source += target
    del rows, t, span, start

    def opponents_mean(values: np.ndarray, cells: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
        target, source = cells
        total = np.bincount(target, values.reshape(-1)[source], P * T).reshape(P, T)
        return _mean(total, count)

    cells = (target, source)
    del target, source
    omwp, ogwp = opponents_mean(seen_mwp, cells), opponents_mean(seen_gwp, cells)
    oomwp = opponents_mean(omwp, cells) if OOMWP in rules.order else None
    del cells

    # shown: (player, r) for every round r of the player's event from his first round on
    event_rounds = np.zeros(E * T, dtype=bool)
    event_rounds[m.e.astype(np.intp) * T + m.t] = True
    entries = np.flatnonzero(event_rounds.reshape(E, T)[m.event_of] & (rounds > 0))
    s = _Scores(
        match_points=match_points,
        game_points=game_points,
        rounds=rounds,
        games=n_games,
        mwp=mwp,
        gwp=gwp,
        omwp=omwp,
        ogwp=ogwp,
        oomwp=oomwp,
        dropped=dropped,
    )

    def keys(at: np.ndarray) -> dict[str, object]:
        who, when = np.divmod(at, T)
        return {
            EVENT: m.event_values(m.event_of[who]),
            ROUND: m.round_values[when],
            PLAYER: m.player_values(who),
        }

    group = m.event_of[entries // T] * T + entries % T  # sorts like (event, round)
    return _table(s, rules, group, keys, entries=entries)
