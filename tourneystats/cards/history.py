"""Standings after every round of every event (the history drift charts draw)."""

from __future__ import annotations

from typing import cast

import numpy as np
import pandas as pd

from ..core.people import with_people
from ..core.schema import EVENT, PLAYER, ROUND
from .codes import _Coder
from .headtohead import _Duels
from .prepare import _prepare
from .rounds import _frozen_scores, _round_scores
from .rules import Rules, get_rules
from .tables import _divisions, _table


def standings_by_round(
    results: pd.DataFrame,
    *,
    rules: str | Rules = "mtg",
    within: str | None = None,
    players: pd.DataFrame | None = None,
) -> pd.DataFrame:
    """Standings after every round of every event, in one vectorised call.

    The standings "after round r" are exactly those of the event cut after round r: every
    percentage uses only rounds up to r, and a player who did not play round r counts as dropped
    (with ``Rules.freeze_dropped`` he keeps the opponents' averages of his last round played).
    Players enter the table after their first round.

    Parameters
    ----------
    results : pandas.DataFrame
        Match-level or game-level results of any number of events (see :func:`standings`).
    rules : str or Rules, default "mtg"
        A preset name or a :class:`Rules` object.
    within : str, optional
        Rank within the groups of this column, as :func:`standings` does.
    players : pandas.DataFrame, optional
        The players frame of the source (``event, player, name``, as
        :func:`~tourneystats.cards.read_tom` gives it): its ``name`` is carried into the
        table, after ``player`` (``with_people``).

    Returns
    -------
    pandas.DataFrame
        The columns of :func:`standings` plus ``round`` (after that round), one row per event,
        round and player, sorted by event, round and rank.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.cards import standings_by_round
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
    T, E = m.n_times, m.n_events
    r = _round_scores(m, rules)
    s = _frozen_scores(r) if rules.freeze_dropped else r.scores
    # shown: (player, r) for every round r of the player's event from his first round on
    event_rounds = np.zeros(E * T, dtype=bool)
    event_rounds[m.e.astype(np.intp) * T + m.t] = True
    entries = np.flatnonzero(event_rounds.reshape(E, T)[m.event_of] & (r.rounds > 0))
    division, divisions = (None, None) if within is None else _divisions(m, within)

    def keys(at: np.ndarray) -> dict[str, object]:
        who, when = np.divmod(at, T)
        out: dict[str, object] = {
            EVENT: m.event_values(m.event_of[who]),
            ROUND: m.round_values[when],
        }
        if division is not None:
            assert within is not None and divisions is not None
            out[within] = divisions.values(division[who])
        out[PLAYER] = m.player_values(who)
        return out

    who, when = np.divmod(entries, T)
    event = (
        m.event_of[who]
        if division is None
        else m.event_of[who] * cast(_Coder, divisions).size + division[who]
    )
    group = event * T + when  # sorts like (event, [division,] round)
    duel = None
    if rules.head_to_head:
        duels = _Duels(m, m.p, m.q, m.n_players)
        duel = lambda a, b: duels.net(a // T, b // T, a % T)  # noqa: E731
    return with_people(_table(s, rules, group, keys, entries=entries, duel=duel), players)
