"""The stacked team grid: the match results of all teams of all events x rounds.

Each team of each event is a row of a teams x rounds matrix, as a player of an individual event
is (:mod:`tourneystats.chess.grid`): its kind of match in each round, its opponent team, and its
points twice, as match points and as game points. The opponents' scores under each rule set
(:mod:`tourneystats.chess.scores`) then apply to teams unchanged, as C.07's team articles and the
FIDE TEC's exercises (2023, part two: "no substantial difference in managing unplayed games or
matches compared to individual tournaments") read them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import cast

import numpy as np
import pandas as pd

from ..core.schema import (
    BOARD,
    EVENT,
    GAME_POINTS,
    MATCH_POINTS,
    OPPONENT_TEAM,
    POINTS,
    ROUND,
    TEAM,
    ValidationError,
)
from .grid import _Grid
from .kinds import K_FL, K_FW, K_LIVE, K_NONE, K_PAB, K_PLAYED, K_ZPB
from .rules import RuleSet, _resolve_round_robin, _round_robin_events, _rule_codes
from .teams import TeamPoints, _kind_codes, _matches


@dataclass
class _TeamGrid:
    """All teams of all events x rounds: the grid of match points, the same with game points,
    and every team's board points per board."""

    mp: _Grid  # points: match points; win/draw: the match point system's
    gp: _Grid  # points: game points; win/draw: a game's times the boards
    boards: np.ndarray  # (T,) boards of a match in the team's event
    board_points: np.ndarray  # (T, B) board points per board over the rounds (BC, TBR, BBE)
    board_wins: np.ndarray  # (T,) games won, played or not (the boards of unplayed matches too)
    board_won: np.ndarray  # (T,) games won over the board
    board_forfeit_won: np.ndarray  # (T,) games won by forfeit (forfeit-won matches' boards too)
    board_standard: np.ndarray  # (T,) standard points of the games: 1 a win, 1/2 a draw
    system: TeamPoints
    match_boards: np.ndarray  # (T, R, B) board points of each match against a team (EDE's steps)

    def grid(self, score: str) -> _Grid:
        """The grid of match points (``"MP"``) or of game points (``"GP"``)."""
        return self.mp if score == "MP" else self.gp


def _build_team_grid(
    df: pd.DataFrame,
    system: TeamPoints,
    *,
    rules: str | RuleSet | Mapping | pd.Series | None,
    events: pd.DataFrame | None,
    round_robin: bool | Iterable | None,
    team_size: int | Mapping | pd.Series | None,
) -> _TeamGrid:
    """The team grid of the validated board rows `df`."""
    matches = _matches(df, system, team_size)
    ev_codes, uniques = pd.factorize(matches[EVENT])
    event_index = pd.Index(np.asarray(uniques, dtype=object), dtype=object)
    team_key = pd.MultiIndex.from_arrays([ev_codes, matches[TEAM].astype(object)])
    t_codes, uniques = pd.factorize(team_key)
    teams = cast(pd.MultiIndex, uniques)
    # every team of the event, from both sides of the rows (a team may appear only as opponent)
    T = len(teams)
    team_event = np.asarray(teams.get_level_values(0), dtype=np.int64)
    rnd = matches[ROUND].to_numpy(dtype=np.int64)
    n_rounds_ev = np.zeros(len(event_index), dtype=np.int64)
    np.maximum.at(n_rounds_ev, ev_codes, rnd)
    _check_rounds(ev_codes, rnd, n_rounds_ev, event_index)
    R = int(n_rounds_ev.max())
    n_rounds = n_rounds_ev[team_event]
    kind = np.full((T, R), K_ZPB, dtype=np.int8)  # a round without a row: absent
    kind[np.arange(R)[None, :] >= n_rounds[:, None]] = K_NONE
    flat = t_codes * R + rnd - 1
    kind.ravel()[flat] = matches["_kind"].to_numpy()
    opp = np.full((T, R), -1, dtype=np.int64)
    has_opp = matches[OPPONENT_TEAM].notna().to_numpy()
    opp_key = pd.MultiIndex.from_arrays([ev_codes, matches[OPPONENT_TEAM].astype(object)])
    opp.ravel()[flat[has_opp]] = teams.get_indexer(opp_key[has_opp])
    mp = np.zeros((T, R))
    gp = np.zeros((T, R))
    mp.ravel()[flat] = np.nan_to_num(matches[MATCH_POINTS].to_numpy(dtype=np.float64))
    gp.ravel()[flat] = np.nan_to_num(matches[GAME_POINTS].to_numpy(dtype=np.float64))
    boards = np.zeros(T)
    boards[t_codes] = matches["_boards"].to_numpy()
    rule_ev, rule_sets = _rule_codes(rules, pd.Index(event_index), events, df)
    rr_arg = _resolve_round_robin(round_robin, events, df)
    rr = _round_robin_events(rr_arg, pd.Index(event_index, dtype=object))
    base = _Grid(
        event_index=pd.Index(event_index),
        event_categorical=False,
        player_event=team_event,
        player_id=np.asarray(teams.get_level_values(1), dtype=object),
        n_rounds=n_rounds,
        planned=n_rounds,
        kind=kind,
        points=mp,
        result=mp,
        opp=opp,
        colour=np.zeros((T, R), dtype=np.int8),
        rating=np.full(T, np.nan),
        round_rating=None,
        win=np.full(T, system.match[0]),
        draw=np.full(T, system.match[1]),
        rr=rr[team_event],
        rule=rule_ev[team_event],
        rule_sets=rule_sets,
        live=bool((kind == K_LIVE).any()),
    )
    games = dataclasses.replace(
        base, points=gp, result=gp, win=boards * system.game[0], draw=boards * system.game[1]
    )
    per_board, wins, won, forfeits, std = _board_points(df, matches, teams, t_codes, boards, system)
    encounters = _match_boards(df, matches, teams, R, per_board.shape[1])
    return _TeamGrid(base, games, boards, per_board, wins, won, forfeits, std, system, encounters)


def _check_rounds(
    ev_codes: np.ndarray, rnd: np.ndarray, n_rounds: np.ndarray, event_index: pd.Index
) -> None:
    """Every round 1 to the last of each event has a row (a mistyped round is refused)."""
    present = np.unique(ev_codes.astype(np.int64) * (int(n_rounds.max()) + 1) + rnd)
    per_event = np.bincount(present // (int(n_rounds.max()) + 1), minlength=len(n_rounds))
    gaps = np.flatnonzero(per_event != n_rounds)
    if gaps.size:
        shown = [str(event_index[e]) for e in gaps[:5]]
        raise ValidationError(
            f"team results: {gaps.size} event(s) have rounds without any row between round 1 "
            f"and their last round: {shown}"
        )


def _board_points(
    df: pd.DataFrame,
    matches: pd.DataFrame,
    teams: pd.MultiIndex,
    t_codes: np.ndarray,
    boards: np.ndarray,
    system: TeamPoints,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(T, B) each team's board points per board over its rounds (the FIDE TEC's
    exercises §12: forfeited boards count as played; a pairing-allocated bye scores a win on
    every board; another unplayed match the game points of its outcome on every board); and
    (T,) the games won with or without playing, over the board, by forfeit, and the standard points
    (1 a win, 1/2 a draw; every board of an unplayed match as its game points per board)."""
    B = int(max(boards.max(initial=1), 1))
    T = len(teams)
    out = np.zeros((T, B))
    code = matches["_kind"].to_numpy()
    played = code == K_PLAYED
    # the board rows of played matches
    rows = df[df[OPPONENT_TEAM].notna()]
    kind = _kind_codes(rows)
    t = _row_teams(rows, matches, teams)
    match_key = pd.MultiIndex.from_arrays(
        [t_codes, matches[ROUND].to_numpy(dtype=np.int64)]
    )  # (team, round) of the played matches
    row_match = pd.MultiIndex.from_arrays([t, rows[ROUND].to_numpy(dtype=np.int64)])
    in_played = match_key[played]
    keep = row_match.isin(in_played) & (kind != K_LIVE)
    b = rows[BOARD].to_numpy(dtype=np.float64, na_value=np.nan)
    pts = rows[POINTS].to_numpy(dtype=np.float64, na_value=0.0)
    keep &= (b >= 1) & (b <= B)
    np.add.at(out, (t[keep], b[keep].astype(np.int64) - 1), pts[keep])
    win = keep & (np.abs(pts - system.game[0]) < 1e-9)
    wins = np.bincount(t[win], minlength=T).astype(np.float64)
    won = np.bincount(t[win & (kind == K_PLAYED)], minlength=T).astype(np.float64)
    forfeits = np.bincount(t[win & (kind == K_FW)], minlength=T).astype(np.float64)
    std = np.bincount(t[keep], weights=_standard(pts[keep], system), minlength=T) * 1.0
    # the unplayed matches: the same points on every board of the team
    unplayed = ~played & (code != K_LIVE)
    per_board = matches[GAME_POINTS].to_numpy(dtype=np.float64) / np.maximum(boards[t_codes], 1)
    per_board = np.where(code == K_PAB, system.game[0], per_board)
    add = np.zeros(T)
    np.add.at(add, t_codes[unplayed], per_board[unplayed])
    won_all = np.zeros(T)
    np.add.at(won_all, t_codes[unplayed], np.abs(per_board[unplayed] - system.game[0]) < 1e-9)
    on_board = np.arange(B)[None, :] < boards[:, None]
    wins += won_all * boards
    won_forfeit = np.zeros(T)
    np.add.at(
        won_forfeit, t_codes[code == K_FW], np.abs(per_board[code == K_FW] - system.game[0]) < 1e-9
    )
    forfeits += won_forfeit * boards
    std_unplayed = np.zeros(T)
    np.add.at(std_unplayed, t_codes[unplayed], _standard(per_board[unplayed], system))
    std += std_unplayed * boards
    return out + np.where(on_board, add[:, None], 0.0), wins, won, forfeits, std


def _row_teams(rows: pd.DataFrame, matches: pd.DataFrame, teams: pd.MultiIndex) -> np.ndarray:
    """The team code of each board row (-1: none)."""
    events = pd.Index(np.asarray(pd.unique(matches[EVENT]), dtype=object), dtype=object)
    labels = rows[EVENT].cat.categories  # (validated: a categorical) the events as codes
    of_category = events.get_indexer(pd.Index(np.asarray(labels, dtype=object), dtype=object))
    key = pd.MultiIndex.from_arrays(
        [of_category[rows[EVENT].cat.codes.to_numpy()], rows[TEAM].astype(object)]
    )
    return teams.get_indexer(key)


def _match_boards(
    df: pd.DataFrame, matches: pd.DataFrame, teams: pd.MultiIndex, R: int, B: int
) -> np.ndarray:
    """(T, R, B) each team's points on each board of each match against an opponent team,
    played or forfeited, as the board rows give them (a forfeited game: a standard win or
    loss, C.07 art. 12); 0 elsewhere. The extended direct encounter's art. 12 steps
    compare these over the matches between two teams."""
    rows = df[df[OPPONENT_TEAM].notna()]
    t = _row_teams(rows, matches, teams)
    rnd = rows[ROUND].to_numpy(dtype=np.int64)
    b = rows[BOARD].to_numpy(dtype=np.float64, na_value=np.nan)
    pts = rows[POINTS].to_numpy(dtype=np.float64, na_value=0.0)
    keep = (t >= 0) & (b >= 1) & (b <= B) & (rnd >= 1) & (rnd <= R) & (_kind_codes(rows) != K_LIVE)
    out = np.zeros((len(teams), R, B))
    np.add.at(out, (t[keep], rnd[keep] - 1, b[keep].astype(np.int64) - 1), pts[keep])
    return out


def _standard(points: np.ndarray, system: TeamPoints) -> np.ndarray:
    """Standard points of games worth `points`: 1 more than a draw, 1/2 a draw, else 0."""
    draw = system.game[1]
    return (points > draw + 1e-9) + 0.5 * (np.abs(points - draw) <= 1e-9)


def _games_kind(grid: _Grid, played: bool = False) -> np.ndarray:
    """The kinds as the opponents' scores and direct encounter see them: in round robins a
    forfeited match is a match played (C.07 15.2); with `played` (the ``/P`` modifier) every
    forfeited match with a scheduled opponent, in Swiss events too."""
    if not played and not grid.rr.any():
        return grid.kind
    kind = grid.kind.copy()
    forfeit = ((kind == K_FW) | (kind == K_FL)) & grid.rr[:, None]
    if played:
        forfeit |= ((kind == K_FW) | (kind == K_FL)) & (grid.opp >= 0)
    kind[forfeit] = K_PLAYED
    return kind
