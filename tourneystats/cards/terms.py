"""What goes into each player's opponents' percentages, round by round."""

from __future__ import annotations

from collections.abc import Hashable, Iterable

import numpy as np
import pandas as pd

from ..core.schema import (
    BYE,
    COUNTED,
    EVENT,
    GAME_POINTS,
    MATCH_POINTS,
    OPPONENT,
    OPPONENT_GWP,
    OPPONENT_MWP,
    OPPONENT_OMWP,
    PLAYER,
    ROUND,
)
from .prepare import _prepare
from .rules import Rules, get_rules
from .scoring import _dropped, _row_points, _score


def explain(
    results: pd.DataFrame,
    *,
    player: Hashable | Iterable[Hashable] | None = None,
    rules: str | Rules = "mtg",
) -> pd.DataFrame:
    """Show, round by round, what goes into a player's opponents' percentages.

    Parameters
    ----------
    results : pandas.DataFrame
        Match-level or game-level results of any number of events (see :func:`standings`).
    player : player id or list of ids, optional
        Whom to explain (in every event they played); all players by default.
    rules : str or Rules, default "mtg"
        A preset name or a :class:`Rules` object.

    Returns
    -------
    pandas.DataFrame
        One row per event, player and round, sorted in that order: ``opponent``, ``bye``,
        ``match_points`` and ``game_points`` earned that round, the opponent's match-win % and
        game-win % as counted in the averages (``opponent_mwp``, ``opponent_gwp``: final, floored,
        capped, and without the opponent's byes when the rules say so), ``opponent_omwp`` when the
        rules order by ``oomwp``, and ``counted`` (False for a bye). The mean of the counted rows is
        the player's ``omwp`` / ``ogwp`` (``oomwp``) in :func:`standings`.

    Examples
    --------
    >>> results = pd.DataFrame({
    ...     "event": "E1", "round": [1, 1, 1, 2, 2, 2], "player": ["A", "B", "C", "A", "C", "B"],
    ...     "opponent": ["B", "A", None, "C", "A", None], "wins": [2, 0, 2, 2, 1, 2],
    ...     "losses": [0, 2, 0, 1, 2, 0], "draws": 0})
    >>> explain(results, player="A")[["round", "opponent", "bye", "opponent_mwp", "counted"]]
       round opponent    bye  opponent_mwp  counted
    0      1        B  False           0.5     True
    1      2        C  False           0.5     True
    """
    rules = get_rules(rules)
    m = _prepare(results)
    s = _score(m, rules, m.p, m.q, m.n_players, _dropped(m))
    row_mp, row_gp, _ = _row_points(m, rules)
    them = np.maximum(m.q, 0)
    columns = {
        EVENT: m.frame[EVENT],
        PLAYER: m.frame[PLAYER],
        ROUND: m.frame[ROUND],
        OPPONENT: m.frame[OPPONENT],
        BYE: m.bye,
        MATCH_POINTS: row_mp.astype(np.int64 if rules.integral_points else np.float64),
        GAME_POINTS: row_gp.astype(np.int64 if rules.integral_points else np.float64),
        OPPONENT_MWP: np.where(m.bye, np.nan, s.seen_mwp[them]),
        OPPONENT_GWP: np.where(m.bye, np.nan, s.seen_gwp[them]),
    }
    if s.oomwp is not None:
        columns[OPPONENT_OMWP] = np.where(m.bye, np.nan, s.omwp[them])
    columns[COUNTED] = ~m.bye
    out = pd.DataFrame(columns)
    if player is not None:
        many = isinstance(player, list | tuple | set | np.ndarray | pd.Series | pd.Index)
        out = out[out[PLAYER].isin(list(player) if many else [player]).to_numpy()]
    order = np.lexsort((m.t[out.index], m.p[out.index], m.e[out.index]))
    return out.iloc[order].reset_index(drop=True)
