"""Conversions between the match-level and game-level input forms."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..core.schema import GAME, RESULT, ValidationError, fail_rows
from .prepare import _COUNTS, _RESULTS, _check_game_mirror, _form, _games_frame, _prepare_matches


def games_to_matches(games: pd.DataFrame) -> pd.DataFrame:
    """Collapse game-level results to one row per player per round.

    Parameters
    ----------
    games : pandas.DataFrame
        Game-level results: ``event, round, player, opponent, game, result`` (W/L/D from the
        player's side); a bye is one row without opponent; a match without any game played is one
        row with a missing ``game`` and ``result``. Other columns are kept (first value per match).

    Returns
    -------
    pandas.DataFrame
        Match-level results, one row per player per round in order of first appearance, with
        ``wins, losses, draws`` (game counts) in place of ``game, result``. A bye reads 2-0-0.

    Raises
    ------
    ValidationError
        Unknown results, duplicate games, different opponents within a match, sides that disagree
        on a game or on the score, opponents who did not play that round, a player twice in a round.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.cards import games_to_matches
    >>> games = pd.DataFrame({"event": "E", "round": 1, "player": ["a", "a", "a", "b", "b", "b"],
    ...                       "opponent": ["b", "b", "b", "a", "a", "a"], "game": [1, 2, 3] * 2,
    ...                       "result": ["W", "L", "W", "L", "W", "L"]})
    >>> games_to_matches(games)
      event  round player opponent  wins  losses  draws
    0     E      1      a        b     2       1      0
    1     E      1      b        a     1       2      0
    """
    if _form(games) == "match" and not {GAME, RESULT} <= set(games.columns):
        raise ValidationError("games: this frame is already at the match level (wins/losses/draws)")
    validated, matches, match = _games_frame(games)
    prepared = _prepare_matches(matches)
    _check_game_mirror(validated, match, prepared)
    return matches


def matches_to_games(matches: pd.DataFrame) -> pd.DataFrame:
    """Expand match-level results to one row per player per round per game.

    Game numbers are assigned so that both sides agree: the games won by the player who comes
    first (in sorted order of the player ids) are numbered first, then the other
    player's wins, then the drawn games. A bye, and a match in which no game was played (0-0-0),
    become a single row with a missing ``game`` and ``result``.

    Parameters
    ----------
    matches : pandas.DataFrame
        Match-level results: ``event, round, player, opponent, wins, losses, draws``. Other
        columns are repeated on every game row.

    Returns
    -------
    pandas.DataFrame
        Game-level results with ``game`` (``Int64``) and ``result`` (categorical W/L/D) in place of
        the counts, rows in input order. ``games_to_matches`` turns it back into `matches` (a bye
        then reads 2-0-0).

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.cards import matches_to_games
    >>> matches = pd.DataFrame({"event": "E", "round": 1, "player": ["a", "b"],
    ...                         "opponent": ["b", "a"], "wins": [1, 2], "losses": [2, 1],
    ...                         "draws": 0})
    >>> matches_to_games(matches)
      event  round player opponent  game result
    0     E      1      a        b     1      W
    1     E      1      a        b     2      L
    2     E      1      a        b     3      L
    3     E      1      b        a     1      L
    4     E      1      b        a     2      W
    5     E      1      b        a     3      W
    """
    if _form(matches) != "match":
        raise ValidationError("matches: expected match-level results with wins/losses/draws")
    m = _prepare_matches(matches, what="matches")
    fail_rows(
        m.frame,
        (m.q < 0) & ~m.bye,
        "a loss to no one (no opponent, a loss reported) has no game-level form",
        what="matches",
    )
    n = len(m.frame)
    w, l, d = (x.astype(np.int64) for x in (m.w, m.l, m.d))  # noqa: E741
    total = w + l + d
    placeholder = m.bye | (total == 0)
    reps = np.where(placeholder, 1, total)
    rows = np.repeat(np.arange(n), reps)
    within = np.arange(rows.size) - np.repeat(np.cumsum(reps) - reps, reps)
    w, l = w[rows], l[rows]  # noqa: E741
    # The side whose player id comes first lists its wins first; the other its losses first.
    leads = m.name_of[m.p[rows]] < m.name_of[np.maximum(m.q[rows], 0)]
    first_block = np.where(leads, w, l)
    first_code = np.where(leads, 0, 1)
    code = np.where(within < first_block, first_code, np.where(within < w + l, 1 - first_code, 2))
    code = np.where(placeholder[rows], -1, code)
    game = pd.array(within + 1, dtype="Int64")
    game[placeholder[rows]] = pd.NA
    out = m.frame.drop(columns=list(_COUNTS)).iloc[rows].reset_index(drop=True)
    out[GAME] = game
    out[RESULT] = pd.Categorical.from_codes(code, categories=pd.Index(list(_RESULTS)))
    return out
