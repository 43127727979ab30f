"""What goes into each player's opponents' percentages, round by round."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import cast

import numpy as np
import pandas as pd

from ..core.people import select, with_people
from ..core.schema import (
    BYE,
    COUNTED,
    EVENT,
    GAME_POINTS,
    MATCH_POINTS,
    NAME,
    OPPONENT,
    OPPONENT_GWP,
    OPPONENT_MWP,
    OPPONENT_OMWP,
    PLAYER,
    ROUND,
)
from .prepare import _Matches, _prepare
from .rounds import _round_scores
from .rules import Rules, get_rules
from .scoring import _dropped, _last_round, _rematches, _row_points, _score


def explain(
    results: pd.DataFrame,
    *,
    player: Hashable | Iterable[Hashable] | None = None,
    rules: str | Rules = "mtg",
    players: pd.DataFrame | None = None,
) -> pd.DataFrame:
    """Show, round by round, what goes into a player's opponents' percentages.

    Parameters
    ----------
    results : pandas.DataFrame
        Match-level or game-level results of any number of events (see :func:`standings`).
    player : player id or list of ids, optional
        Whom to explain (in every event they played); all players by default. With
        `players`, a name works too (one that two players share is refused).
    rules : str or Rules, default "mtg"
        A preset name or a :class:`Rules` object.
    players : pandas.DataFrame, optional
        The players frame of the source (``event, player, name``, as
        :func:`~tourneystats.cards.read_tom` gives it): its ``name`` is carried into the
        table, after ``player``.

    Returns
    -------
    pandas.DataFrame
        One row per event, player and round, sorted in that order: ``opponent``, ``bye``,
        ``match_points`` and ``game_points`` earned that round, the opponent's match-win % and
        game-win % as counted in the averages (``opponent_mwp``, ``opponent_gwp``: final, floored,
        capped, without the opponent's byes when the rules say so, and rounded with
        ``Rules.rounded_averages``, as the publisher averages them; a bye shows
        ``Rules.bye_opponent`` when the rules count it as an opponent), ``opponent_omwp`` when the
        rules order by ``oomwp``, and ``counted``: False for a bye (unless counted as an opponent),
        and for a rematch (or a second bye) when the rules average over distinct opponents. The
        mean of the counted rows is the player's ``omwp`` / ``ogwp`` (``oomwp``) in
        :func:`standings` (before the rules round it; ``Rules.no_opponents`` where no row counts).
        With ``Rules.freeze_dropped``, a player who dropped is shown his opponents' values after
        his last round, as his averages were frozen there.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.cards import explain
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
    out, m = _explained(_prepare(results), rules)
    if player is not None:
        many = isinstance(player, list | tuple | set | np.ndarray | pd.Series | pd.Index)
        wanted: list[Hashable] = list(cast(Iterable, player)) if many else [cast(Hashable, player)]
        if players is not None and NAME in players.columns:
            wanted = select(players, wanted, entity=PLAYER)
        out = out[out[PLAYER].isin(wanted).to_numpy()]
    order = np.lexsort((m.t[out.index], m.p[out.index], m.e[out.index]))
    return with_people(out.iloc[order].reset_index(drop=True), players)


def _explained(m: _Matches, rules: Rules) -> tuple[pd.DataFrame, _Matches]:
    """The rows of :func:`explain` of prepared results `m`, in the rows' order (and `m`)."""
    s = _score(m, rules, m.p, m.q, m.n_players, _dropped(m))
    row_mp, row_gp, _ = _row_points(m, rules)
    assert s.seen_mwp is not None and s.seen_gwp is not None  # (set by _score)
    values = {OPPONENT_MWP: s.seen_mwp, OPPONENT_GWP: s.seen_gwp}
    if s.oomwp is not None:
        values[OPPONENT_OMWP] = s.omwp
    terms = _terms(m, rules, values)
    points = np.int64 if rules.integral_points else np.float64
    columns = {
        EVENT: m.frame[EVENT],
        PLAYER: m.frame[PLAYER],
        ROUND: m.frame[ROUND],
        OPPONENT: m.frame[OPPONENT],
        BYE: m.bye,
        MATCH_POINTS: row_mp.astype(points),
        GAME_POINTS: row_gp.astype(points) if rules.game_scores else np.full(m.bye.size, np.nan),
        **terms,
        COUNTED: _counted(m, rules),
    }
    return pd.DataFrame(columns), m


def _terms(m: _Matches, rules: Rules, values: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Per row, each per-player value of the opponent as counted (NaN for a bye, or the bye's
    value when the rules count byes as opponents); frozen at the player's last round for a
    player who dropped when the rules freeze them."""
    them = np.maximum(m.q, 0)
    out = {name: v[them] for name, v in values.items()}
    if rules.freeze_dropped:
        r = _round_scores(m, rules).scores
        last = _last_round(m, m.p, m.n_players)
        dropped = _dropped(m)[m.p]
        cell = them.astype(np.intp) * m.n_times + last[m.p]
        assert r.seen_mwp is not None and r.seen_gwp is not None  # (set by _score)
        seen = {OPPONENT_MWP: r.seen_mwp, OPPONENT_GWP: r.seen_gwp, OPPONENT_OMWP: r.omwp}
        for name in out:
            out[name] = np.where(dropped, seen[name].reshape(-1)[cell], out[name])
    bye = np.nan if rules.bye_opponent is None else rules.bye_opponent
    for name in out:
        no_games = name == OPPONENT_GWP and not rules.game_scores
        out[name] = np.where(m.bye | no_games, np.nan if no_games else bye, out[name])
        out[name] = np.where((m.q < 0) & ~m.bye, np.nan, out[name])  # a loss to no one
    return out


def _counted(m: _Matches, rules: Rules) -> np.ndarray:
    """Per row: whether it counts in the player's opponents' averages."""
    if rules.average_over == "opponents":
        counted = (m.q >= 0) & ~_rematches(m.p, m.q, m.t, m.n_players)
        if rules.bye_opponent is not None:  # all of a player's byes are one opponent
            first_bye = np.zeros(m.bye.size, dtype=bool)
            byes = np.flatnonzero(m.bye)
            order = byes[np.lexsort((m.t[byes], m.p[byes]))]
            first_bye[order] = np.append(True, m.p[order][1:] != m.p[order][:-1])
            counted |= first_bye
        return counted
    return (m.q >= 0) if rules.bye_opponent is None else (m.q >= 0) | m.bye
