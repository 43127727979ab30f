"""Board standings of team events: each player's results on each board, as federations publish
them beside the team standings (best board results, board prizes)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..core.schema import BOARD, EVENT, GAMES, OPPONENT, PLAYER, POINTS, RATING, TEAM
from .kinds import K_FW, K_PLAYED
from .ratings import DP_TABLE, _round_half_up
from .teams import TeamPoints, _kind_codes, _team_points, validate_team_results

#: the columns of :func:`board_standings`
BOARD_COLUMNS = (EVENT, TEAM, BOARD, PLAYER, GAMES, POINTS, "percentage", "forfeit_wins",
                 "aro", "tpr")  # fmt: skip


def board_standings(
    boards: pd.DataFrame,
    *,
    players: pd.DataFrame | None = None,
    points: str | TeamPoints | None = None,
) -> pd.DataFrame:
    """Each player's results on each board of every team event.

    Parameters
    ----------
    boards : pandas.DataFrame
        One row per board per round (see :func:`~tourneystats.chess.validate_team_results`);
        an optional ``rating`` column gives each player's rating.
    players : pandas.DataFrame, optional
        ``event, player, rating`` (and ``name``, carried into the table): the ratings of the
        players (else the ``rating`` column of `boards`, the player's first).
    points : str or TeamPoints, optional
        The point systems (:data:`~tourneystats.chess.TEAM_POINTS`).

    Returns
    -------
    pandas.DataFrame
        One row per event, team, board and player who sat there: ``games`` played over the
        board, their ``points``, ``percentage`` (of the games' points, NaN without a game),
        ``forfeit_wins`` (won without playing, in no other column), ``aro`` (the average rating
        of the rated opponents met, rounded half up) and ``tpr`` (ARO + dp of the FIDE B.02
        table for the percentage scored against them; NaN without a rated opponent); sorted by
        event, team, board and games.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.chess import board_standings
    >>> rows = pd.DataFrame({"event": "E", "round": [1, 1, 1, 1], "team": ["A", "A", "B", "B"],
    ...     "opponent_team": ["B", "B", "A", "A"], "board": [1, 2, 1, 2],
    ...     "player": [1, 2, 3, 4], "opponent": [3, 4, 1, 2], "points": [1, 0.5, 0, 0.5],
    ...     "kind": "played", "rating": [2000, 1900, 2100, 1800]})
    >>> board_standings(rows)[["team", "board", "player", "games", "points", "aro", "tpr"]]
      team  board  player  games  points     aro     tpr
    0    A      1       1      1     1.0  2100.0  2900.0
    1    A      2       2      1     0.5  1800.0  1800.0
    2    B      1       3      1     0.0  2000.0  1200.0
    3    B      2       4      1     0.5  1900.0  1900.0
    """
    system = _team_points(points)
    df = validate_team_results(boards, points=system)
    kind = _kind_codes(df)
    on_board = df[PLAYER].notna().to_numpy() & df[BOARD].notna().to_numpy()
    rating = _ratings(df, players)
    df = df.assign(_rating=rating)
    opp_rating = _opponent_ratings(df)
    played = kind == K_PLAYED
    pts = df[POINTS].to_numpy(dtype=np.float64, na_value=0.0)
    rated = played & ~np.isnan(opp_rating)
    result = pts / system.game[0]  # a win 1, a draw 1/2
    facts = pd.DataFrame({
        EVENT: df[EVENT], TEAM: df[TEAM], BOARD: df[BOARD], PLAYER: df[PLAYER],
        GAMES: played.astype(np.int64), POINTS: np.where(played, pts, 0.0),
        "forfeit_wins": (kind == K_FW).astype(np.int64),
        "_rated": rated.astype(np.int64), "_opp": np.where(rated, opp_rating, 0.0),
        "_score": np.where(rated, result, 0.0),
    })[on_board]  # fmt: skip
    keys = [EVENT, TEAM, BOARD, PLAYER]
    out = facts.groupby(keys, observed=True, sort=False).sum().reset_index()
    n = out["_rated"].to_numpy()
    with np.errstate(invalid="ignore", divide="ignore"):
        aro = np.where(n > 0, _round_half_up(out["_opp"].to_numpy() / n), np.nan)
        share = np.where(n > 0, out["_score"].to_numpy() / np.maximum(n, 1), 0.0)
        games = out[GAMES].to_numpy()
        out["percentage"] = np.where(games > 0, 100 * out[POINTS] / (games * system.game[0]),
                                     np.nan)  # fmt: skip
    p100 = _round_half_up(share * 100).astype(np.int64).clip(0, 100)
    out["aro"] = aro
    out["tpr"] = np.where(n > 0, aro + DP_TABLE[p100], np.nan)
    out = out.sort_values([EVENT, TEAM, BOARD, GAMES], ascending=[True, True, True, False],
                          kind="stable")  # fmt: skip
    out = out[list(BOARD_COLUMNS)].reset_index(drop=True)
    if players is not None and "name" in players.columns:
        names = players[[EVENT, PLAYER, "name"]].drop_duplicates([EVENT, PLAYER])
        out = out.merge(names, on=[EVENT, PLAYER], how="left")
        out = out[[*BOARD_COLUMNS[:4], "name", *BOARD_COLUMNS[4:]]]
    return out


def _ratings(df: pd.DataFrame, players: pd.DataFrame | None) -> np.ndarray:
    """Each row's player's rating (NaN: unrated or unknown)."""
    if players is not None and RATING in players.columns:
        table = players[[EVENT, PLAYER, RATING]].drop_duplicates([EVENT, PLAYER])
        key = pd.MultiIndex.from_frame(table[[EVENT, PLAYER]].astype(object))
        at = key.get_indexer(pd.MultiIndex.from_frame(df[[EVENT, PLAYER]].astype(object)))
        values = pd.to_numeric(table[RATING], errors="coerce").to_numpy(dtype=np.float64)
        return np.where(at >= 0, values[np.maximum(at, 0)], np.nan)
    if RATING in df.columns:
        first = df.groupby([EVENT, PLAYER], observed=True, sort=False)[RATING].transform("first")
        return pd.to_numeric(first, errors="coerce").to_numpy(dtype=np.float64)
    return np.full(len(df), np.nan)


def _opponent_ratings(df: pd.DataFrame) -> np.ndarray:
    """Each row's opponent's rating (NaN without an opponent or a rating)."""
    table = df[[EVENT, PLAYER, "_rating"]].dropna(subset=[PLAYER]).drop_duplicates([EVENT, PLAYER])
    key = pd.MultiIndex.from_frame(table[[EVENT, PLAYER]].astype(object))
    at = key.get_indexer(pd.MultiIndex.from_frame(df[[EVENT, OPPONENT]].astype(object)))
    values = table["_rating"].to_numpy(dtype=np.float64)
    return np.where(at >= 0, values[np.maximum(at, 0)], np.nan)
