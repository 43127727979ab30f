"""Team chess: board results as long-format data, validated, and the match results they make.

A team event is given one row per board per round::

    event, round, team, opponent_team, board, player, opponent, colour, points, kind

``kind`` is one of :data:`~tourneystats.chess.KINDS`, for the game on that board: ``played``,
``forfeit_win`` / ``forfeit_loss`` (a forfeited board; ``opponent`` may be missing when the other
team fielded nobody there; ``player`` may be missing on a forfeit loss: nobody sat there),
``in_progress``. A team without an opponent in a round (a team bye) has ``opponent_team`` missing
and a bye kind (``pab``, ``fpb``, ``hpb``, ``zpb``) on each of its rows (one row with ``board``
and ``player`` missing will do). A team without any row in a round of its event is absent
(a zero-point bye).

The board points are those of the game point system (:class:`TeamPoints`; a win 1, a draw 1/2,
a loss 0 by default). From them come the match results (:func:`team_matches`), as FIDE C.07
(2024 and 2026) art. 11.1 describes a team's two scores:

* a match is *played* when at least one of its games was played over the board; its game points
  (GP) are its board points summed (forfeited boards included), and its match points (MP) a
  win's, a draw's or a loss's of the match point system (2/1/0 by default) by the game points of
  the two teams;
* a match with no game over the board is *forfeited*: the team with more board points wins it
  by forfeit, the other loses it (both lose it when they have as many);
* a forfeited match and a team bye score the points the event's regulations give them: C.07
  leaves them to the regulations (:class:`TeamPoints` ``unplayed``; by default, as in the FIDE
  TEC's "Exercises in tie-breaking" (2023), §2.3: a forfeit win two match points and every board
  won, a pairing-allocated or half-point bye a drawn match, a zero-point bye and a forfeit loss
  nothing).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np
import pandas as pd

from ..core.schema import (
    BOARD,
    COLOUR,
    EVENT,
    GAME_POINTS,
    KIND,
    MATCH_POINTS,
    OPPONENT,
    OPPONENT_TEAM,
    PLAYER,
    POINTS,
    ROUND,
    TEAM,
    Column,
    fail_rows,
    validate,
)
from .kinds import COLOURS, K_FL, K_FPB, K_FW, K_HPB, K_LIVE, K_PAB, K_PLAYED, K_ZPB, KINDS

#: the columns of a team results table (one row per board per round)
TEAM_RESULT_COLUMNS = (
    Column(EVENT, "key", doc="event id"),
    Column(ROUND, "int", doc="round number, 1-based"),
    Column(TEAM, "key", doc="team id (its pairing number)"),
    Column(OPPONENT_TEAM, "key", nullable=True, doc="the team met; missing for a team bye"),
    Column(BOARD, "int", nullable=True, doc="board number, 1-based; missing for a team bye"),
    Column(PLAYER, "key", required=False, nullable=True, doc="player id; missing: nobody"),
    Column(OPPONENT, "key", required=False, nullable=True, doc="the opponent's player id"),
    Column(COLOUR, "str", required=False, nullable=True, doc='"w", "b" or missing'),
    Column(POINTS, "float", nullable=True, doc="board points; missing for a game in progress"),
    Column(KIND, "str", doc="how the board was decided, one of KINDS"),
)
#: the dtypes of the board rows the team readers give (:func:`~tourneystats.chess.read_team_trf`,
#: :func:`~tourneystats.chess.read_team_pgn`), the same under every pandas version: the ids a
#: team bye or an empty board leaves missing are nullable integers, ``colour`` and ``kind``
#: categorical as :func:`~tourneystats.chess.read_trf` gives them (``event`` is categorical too,
#: of the events read: :func:`as_board_rows`)
BOARD_ROW_DTYPES: dict[str, Any] = {
    ROUND: np.dtype(np.int64),
    TEAM: np.dtype(np.int64),
    OPPONENT_TEAM: pd.Int64Dtype(),
    BOARD: pd.Int64Dtype(),
    PLAYER: pd.Int64Dtype(),
    OPPONENT: pd.Int64Dtype(),
    COLOUR: pd.CategoricalDtype(pd.Index(list(COLOURS))),
    POINTS: np.dtype(np.float64),
    KIND: pd.CategoricalDtype(pd.Index(list(KINDS))),
}
#: the columns of the match table (:func:`team_matches`)
MATCH_COLUMNS = (EVENT, ROUND, TEAM, OPPONENT_TEAM, KIND, MATCH_POINTS, GAME_POINTS)
_BYES = (K_PAB, K_FPB, K_HPB, K_ZPB)
_OUTCOMES = ("win", "draw", "loss")


@dataclass(frozen=True)
class TeamPoints:
    """The point systems of a team event: of a match, of a game, and of unplayed matches.

    Parameters
    ----------
    name : str
        Name of the convention.
    match : tuple of float
        Match points of a match won, drawn, lost (C.07's usual 2/1/0).
    game : tuple of float
        Board points of a game won, drawn, lost (1, 1/2, 0).
    unplayed : tuple of (kind, match outcome, game outcome)
        What each unplayed match scores, as outcomes (``"win"``, ``"draw"``, ``"loss"``): the
        match points of that outcome, and the game points of that outcome on every board. The
        kinds are ``forfeit_win``, ``forfeit_loss``, ``pab``, ``fpb``, ``hpb``, ``zpb``.

    Examples
    --------
    >>> from tourneystats.chess.teams import TEAM_POINTS
    >>> p = TEAM_POINTS["tec2023"]
    >>> p.of("pab", boards=4), p.of("forfeit_win", boards=4)
    ((1.0, 2.0), (2.0, 4.0))
    >>> TEAM_POINTS["tiebreakserver"].of("pab", boards=4)
    (1.0, 4.0)
    """

    name: str
    match: tuple[float, float, float] = (2.0, 1.0, 0.0)
    game: tuple[float, float, float] = (1.0, 0.5, 0.0)
    unplayed: tuple[tuple[str, str, str], ...] = field(
        default=(
            ("forfeit_win", "win", "win"),
            ("forfeit_loss", "loss", "loss"),
            ("pab", "draw", "draw"),
            ("fpb", "win", "win"),
            ("hpb", "draw", "draw"),
            ("zpb", "loss", "loss"),
        )
    )

    def __post_init__(self) -> None:
        for name, values in (("match", self.match), ("game", self.game)):
            if len(values) != 3 or not values[0] > values[1] > values[2] >= 0:
                raise ValueError(
                    f"TeamPoints {self.name!r}: {name} points must be win > draw > loss >= 0, "
                    f"got {values}"
                )
        kinds = [k for k, _, _ in self.unplayed]
        if sorted(kinds) != sorted(KINDS[1:7]) or any(
            m not in _OUTCOMES or g not in _OUTCOMES for _, m, g in self.unplayed
        ):
            raise ValueError(
                f"TeamPoints {self.name!r}: unplayed must give each of {KINDS[1:7]} a match and "
                f"a game outcome among {_OUTCOMES}"
            )

    def replace(self, **changes: Any) -> TeamPoints:
        """A copy with some fields changed (give it a new ``name``)."""
        return dataclasses.replace(self, **changes)

    def of(self, kind: str, *, boards: int) -> tuple[float, float]:
        """(match points, game points) of an unplayed match of `kind` for a team of `boards`."""
        _, m, g = next(u for u in self.unplayed if u[0] == kind)
        return self.match[_OUTCOMES.index(m)], boards * self.game[_OUTCOMES.index(g)]

    def _table(self, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(match points, game points) of each kind code (rows) for each event's boards
        (columns); a played match's come from its games."""
        mp = np.zeros((len(KINDS) + 1, len(boards)))
        gp = np.zeros_like(mp)
        for kind, m, g in self.unplayed:
            code = KINDS.index(kind)
            mp[code] = self.match[_OUTCOMES.index(m)]
            gp[code] = boards * self.game[_OUTCOMES.index(g)]
        return mp, gp


#: team point conventions: ``tec2023`` (the default: the provisions of the FIDE TEC's worked
#: Swiss team event, "Exercises in tie-breaking", 2023, §2.3) and ``tiebreakserver`` (FIDE's
#: TieBreakServer without a TRF ``PAB`` record: a pairing-allocated bye one match point and every
#: board won)
TEAM_POINTS = {
    "tec2023": TeamPoints("tec2023"),
    "tiebreakserver": TeamPoints(
        "tiebreakserver",
        unplayed=(
            ("forfeit_win", "win", "win"),
            ("forfeit_loss", "loss", "loss"),
            ("pab", "draw", "win"),
            ("fpb", "win", "win"),
            ("hpb", "draw", "draw"),
            ("zpb", "loss", "loss"),
        ),
    ),
}


def _team_points(points: str | TeamPoints | None) -> TeamPoints:
    """`points` as a :class:`TeamPoints` (a name of :data:`TEAM_POINTS`, None: the default)."""
    if points is None:
        return TEAM_POINTS["tec2023"]
    if isinstance(points, TeamPoints):
        return points
    if points not in TEAM_POINTS:
        raise ValueError(f"unknown team points {points!r}; expected one of {list(TEAM_POINTS)}")
    return TEAM_POINTS[points]


def as_board_rows(frame: pd.DataFrame, event: Any) -> pd.DataFrame:
    """The board-row columns of `frame`, in order, of the dtypes ``BOARD_ROW_DTYPES`` and `event`
    the dtype of ``event`` (a reader's: the categories of its events).

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.chess.teams import as_board_rows
    >>> rows = pd.DataFrame({"event": "E", "round": 1, "team": [1, 2], "kind": "pab",
    ...     "opponent_team": None, "board": None, "player": None, "opponent": None,
    ...     "colour": None, "points": 0.0})
    >>> as_board_rows(rows, "category").dtypes.astype(str).tolist()
    ['category', 'int64', 'int64', 'Int64', 'Int64', 'Int64', 'Int64', 'category', 'float64', 'category']
    """
    for column in (COLOUR, KIND):  # (a value of no category would be left out silently)
        values, known = frame[column], BOARD_ROW_DTYPES[column].categories
        stray = values.notna().to_numpy() & ~values.isin(known).to_numpy()
        if stray.any():
            raise ValueError(f"{column} {values[stray].iloc[0]!r}: not one of {list(known)}")
    return frame[[EVENT, *BOARD_ROW_DTYPES]].astype({EVENT: event, **BOARD_ROW_DTYPES})


# --- validation ----------------------------------------------------------------------------------


def validate_team_results(
    boards: pd.DataFrame, *, points: str | TeamPoints | None = None
) -> pd.DataFrame:
    """Check a team results table (one row per board per round); return it validated.

    Refused: a missing column or a value not of its type; an unknown kind; a round or board
    below 1; a team bye row with a game kind, or a board with a bye kind; a team meeting itself,
    two teams in one round, or a team its opponent does not name back; a board twice in a match,
    a player twice in a round or in two teams; a game whose two sides disagree (the opponent not
    the other team's player on that board, points that do not add up to a win's, a forfeit win
    against anything but a forfeit loss); board points that are not the game point system's.

    Parameters
    ----------
    boards : pandas.DataFrame
        ``event, round, team, opponent_team, board, player, opponent, colour, points, kind``.
    points : str or TeamPoints, optional
        The point systems (:data:`TEAM_POINTS`); the board points are checked against its game
        points.

    Returns
    -------
    pandas.DataFrame
        A new frame, coerced (the input is not modified).

    Raises
    ------
    ValidationError
        Naming the event, round, team and board of the first offending rows.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.chess.teams import validate_team_results
    >>> bad = pd.DataFrame({"event": "E", "round": 1, "team": ["A", "B"],
    ...     "opponent_team": ["B", "C"], "board": 1, "player": [1, 2], "opponent": [2, 1],
    ...     "points": [1, 0], "kind": "played"})
    >>> validate_team_results(bad)
    Traceback (most recent call last):
    ...
    tourneystats.core.schema.ValidationError: team results: the opponent team does not name the team back (2 rows):
    ...
    """
    system = _team_points(points)
    df = validate(boards, TEAM_RESULT_COLUMNS, what="team results")
    for column in (EVENT, KIND):  # (text compared and grouped as codes from here on)
        if not isinstance(df[column].dtype, pd.CategoricalDtype):
            df[column] = df[column].astype("category")
    for column in (PLAYER, OPPONENT):
        if column not in df.columns:
            df[column] = pd.array([pd.NA] * len(df), dtype="Int64")
    kind = _kind_codes(df)
    bye = df[OPPONENT_TEAM].isna().to_numpy()
    _check_rows(df, kind, bye, system)
    codes = _codes(df)
    _check_matches(df, bye, codes)
    _check_players(df, codes)
    _check_games(df, kind, bye, system, codes)
    return df


def _kind_codes(df: pd.DataFrame) -> np.ndarray:
    """The kind code of every row (a ``played`` row without points is a game in progress)."""
    kinds = df[KIND].astype("category")
    names = pd.Index(kinds.cat.categories.astype(str).to_numpy(object))
    table = np.append(pd.Index(KINDS).get_indexer(names), -1)  # (a missing kind: -1)
    codes = table[kinds.cat.codes.to_numpy()]
    fail_rows(
        df, codes < 0, f"unknown kind (expected one of {', '.join(KINDS)})", what="team results"
    )
    live = (codes == K_PLAYED) & df[POINTS].isna().to_numpy()
    return np.where(live, K_LIVE, codes).astype(np.int8)


def _check_rows(df: pd.DataFrame, kind: np.ndarray, bye: np.ndarray, system: TeamPoints) -> None:
    """Each row on its own: rounds, boards, the kinds of byes and boards, the points."""
    what = "team results"
    fail_rows(df, df[ROUND].to_numpy() < 1, "round must be 1 or more", what=what)
    board = df[BOARD].to_numpy(dtype=np.float64, na_value=np.nan)
    fail_rows(df, board < 1, "board must be 1 or more", what=what)
    fail_rows(df, ~bye & np.isnan(board), "a board of a match has no board number", what=what)
    is_bye_kind = np.isin(kind, _BYES)
    fail_rows(df, bye & ~is_bye_kind, "a team bye (no opponent team) with a game kind", what=what)
    fail_rows(df, ~bye & is_bye_kind, "a bye kind on a board of a match", what=what)
    same = (df[TEAM].astype(str) == df[OPPONENT_TEAM].astype(str)).to_numpy() & ~bye
    fail_rows(df, same, "a team paired with itself", what=what)
    pts = df[POINTS].to_numpy(dtype=np.float64, na_value=np.nan)
    win, draw, loss = system.game
    allowed = {K_PLAYED: (win, draw, loss), K_FW: (win,), K_FL: (loss,)}
    for code, values in allowed.items():
        bad = (kind == code) & ~np.isin(pts, values)
        fail_rows(df, bad, f"{KINDS[code]} points must be one of {values}", what=what)
    fail_rows(df, (kind == K_LIVE) & (np.nan_to_num(pts) != 0), "a game in progress has points")
    missing_player = df[PLAYER].isna().to_numpy() & ~bye & (kind != K_FL)
    fail_rows(df, missing_player, "a board played or won without a player", what=what)


class _Codes(NamedTuple):
    """Integer codes of the validated rows: keys compared as numbers, not as labels."""

    ev: np.ndarray  # event code
    rnd: np.ndarray  # round
    team: np.ndarray  # team code (teams and opponent teams share the codes)
    opp: np.ndarray  # opponent team code, -1 for a bye
    board: np.ndarray  # board, 0 when missing
    player: np.ndarray  # player code (players and opponents share the codes), -1: nobody
    opponent: np.ndarray  # the opponent's player code, -1: none
    n_teams: int
    n_boards: int
    n_rounds: int

    def match_key(self, team: np.ndarray) -> np.ndarray:
        """(event, round, `team`) as one integer."""
        return (self.ev.astype(np.int64) * (self.n_rounds + 1) + self.rnd) * self.n_teams + team

    def board_key(self, team: np.ndarray) -> np.ndarray:
        """(event, round, `team`, board) as one integer."""
        return self.match_key(team) * (self.n_boards + 1) + self.board


def _codes(df: pd.DataFrame) -> _Codes:
    """The integer codes of the validated frame `df`."""
    n = len(df)
    teams, _ = pd.factorize(np.concatenate([df[TEAM].to_numpy(object),
                                            df[OPPONENT_TEAM].to_numpy(object)]))  # fmt: skip
    people, _ = pd.factorize(np.concatenate([df[PLAYER].to_numpy(object),
                                             df[OPPONENT].to_numpy(object)]))  # fmt: skip
    board = df[BOARD].to_numpy(dtype=np.float64, na_value=0.0).astype(np.int64)
    rnd = df[ROUND].to_numpy(dtype=np.int64)
    return _Codes(
        df[EVENT].cat.codes.to_numpy().astype(np.int64), rnd, teams[:n], teams[n:],
        np.maximum(board, 0), people[:n], people[n:], int(teams.max(initial=0)) + 1,
        int(board.max(initial=0)), int(rnd.max(initial=0)),
    )  # fmt: skip


def _check_matches(df: pd.DataFrame, bye: np.ndarray, c: _Codes) -> None:
    """One opponent team (or a bye) per team and round, named back; each board once."""
    what = "team results"
    mine = c.match_key(c.team)
    sides = np.unique(mine * (c.n_teams + 1) + (c.opp + 1))  # (team, opponent or bye) pairs
    side_team, count = np.unique(sides // (c.n_teams + 1), return_counts=True)
    two = np.isin(mine, side_team[count > 1])
    fail_rows(df, two, "a team meets two teams (or a bye) in a round", what=what)
    back = c.match_key(np.where(bye, 0, c.opp)) * (c.n_teams + 1) + (c.team + 1)
    lone = ~bye & ~np.isin(back, sides)  # the other team's rows missing or naming another team
    fail_rows(df, lone, "the opponent team does not name the team back", what=what)
    boards = c.board_key(c.team)[~bye]
    _, at, count = np.unique(boards, return_inverse=True, return_counts=True)
    fail_rows(df.loc[~bye], count[at] > 1, "a board appears twice in a match", what=what)


def _check_players(df: pd.DataFrame, c: _Codes) -> None:
    """A player once per round, and in one team only."""
    what = "team results"
    named = c.player >= 0
    key = (c.ev * (c.n_rounds + 1) + c.rnd) * (int(c.player.max(initial=0)) + 1) + c.player
    _, at, count = np.unique(key[named], return_inverse=True, return_counts=True)
    fail_rows(df[named], count[at] > 1, "a player appears twice in a round", what=what)
    person = c.ev * (int(c.player.max(initial=0)) + 1) + c.player
    pairs = np.unique(person[named] * c.n_teams + c.team[named])
    who, count = np.unique(pairs // c.n_teams, return_counts=True)
    two = named & np.isin(person, who[count > 1])
    fail_rows(df, two, "a player plays for two teams", what=what)


def _check_games(
    df: pd.DataFrame, kind: np.ndarray, bye: np.ndarray, system: TeamPoints, c: _Codes
) -> None:
    """Both sides of every board of a match agree: the players, the points, the kinds."""
    rows = np.flatnonzero(~bye)
    own = pd.Index(c.board_key(c.team)[rows])  # (unique: each board once, checked)
    at = own.get_indexer(c.board_key(c.opp)[rows])
    theirs = rows[np.maximum(at, 0)]
    present = at >= 0
    side = df.iloc[rows]
    k = kind[rows]
    ok = np.where(present, kind[theirs], -1)
    what = "team results"
    game = np.isin(k, (K_PLAYED, K_LIVE))
    fail_rows(side, game & ~present, "a game has no row on the other team's board", what=what)
    pts = df[POINTS].to_numpy(dtype=np.float64, na_value=np.nan)
    total = pts[rows] + pts[theirs]
    win, draw, loss = system.game
    bad = (k == K_PLAYED) & (ok == K_PLAYED) & (np.abs(total - (win + loss)) > 1e-9)
    bad &= ~((pts[rows] == draw) & (np.abs(total - 2 * draw) < 1e-9))
    fail_rows(side, bad, "the two sides of a game do not add up", what=what)
    mism = (k == K_FW) & present & (ok != K_FL)
    mism |= (k == K_FL) & present & ~np.isin(ok, (K_FW, K_FL))
    mism |= game & present & ~np.isin(ok, (K_PLAYED, K_LIVE))
    fail_rows(side, mism, "the two sides of a board disagree on its kind", what=what)
    opponent, player = c.opponent[rows], c.player[theirs]
    wrong = game & present & ((opponent < 0) | (opponent != player))
    fail_rows(side, wrong, "the opponent is not the other team's player on that board", what=what)


# --- match results -------------------------------------------------------------------------------


def _match_frame(
    df: pd.DataFrame, kind: np.ndarray, bye: np.ndarray, system: TeamPoints
) -> pd.DataFrame:
    """One row per team per round with a row: kind code, match and game points, boards."""
    key = [EVENT, ROUND, TEAM]
    pts = df[POINTS].to_numpy(dtype=np.float64, na_value=np.nan)
    rows = df[key + [OPPONENT_TEAM]].assign(
        _pts=np.where(bye, 0.0, np.nan_to_num(pts)),
        _played=(kind == K_PLAYED) & ~bye,
        _live=kind == K_LIVE,
        _bye=np.where(bye, kind, -1),
    )
    agg = rows.groupby(key, observed=True, sort=False).agg(
        opponent_team=(OPPONENT_TEAM, "first"),
        _pts=("_pts", "sum"),
        _played=("_played", "any"),
        _live=("_live", "any"),
        _bye=("_bye", "max"),
    )
    agg = agg.reset_index()
    theirs = agg[[EVENT, ROUND, TEAM, "_pts", "_played", "_live"]].rename(
        columns={TEAM: OPPONENT_TEAM, "_pts": "_opp_pts", "_played": "_opp_played",
                 "_live": "_opp_live"}
    )  # fmt: skip
    agg = agg.merge(theirs, on=[EVENT, ROUND, OPPONENT_TEAM], how="left")
    mine, other = agg["_pts"].to_numpy(), agg["_opp_pts"].to_numpy(dtype=np.float64)
    # (.eq(True): a team bye's missing opponent is False, with no downcast of the merged column)
    played = agg["_played"].to_numpy() | agg["_opp_played"].eq(True).to_numpy()
    live = agg["_live"].to_numpy() | agg["_opp_live"].eq(True).to_numpy()
    is_bye = agg["_bye"].to_numpy() >= 0
    code = np.where(mine > other, K_FW, K_FL)
    code = np.where(played, K_PLAYED, code)
    code = np.where(live, K_LIVE, code)
    code = np.where(is_bye, agg["_bye"].to_numpy(), code).astype(np.int8)
    agg["_kind"] = code
    return agg


def team_matches(
    boards: pd.DataFrame,
    *,
    points: str | TeamPoints | None = None,
    team_size: int | None = None,
) -> pd.DataFrame:
    """The match results of every team in every round: kind, match points, game points.

    Parameters
    ----------
    boards : pandas.DataFrame
        One row per board per round (see :func:`validate_team_results`).
    points : str or TeamPoints, optional
        The point systems (:data:`TEAM_POINTS`; ``"tec2023"`` by default).
    team_size : int, optional
        The boards of a match (the game points of a bye or forfeited match count them); by
        default each event's highest board number.

    Returns
    -------
    pandas.DataFrame
        ``event, round, team, opponent_team, kind, match_points, game_points``: ``kind`` is
        ``played``, ``forfeit_win``/``forfeit_loss`` (a match without a game over the board),
        a bye kind, or ``in_progress`` (a board without a result: no points yet).

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.chess.teams import team_matches
    >>> boards = pd.DataFrame({"event": "E", "round": 1, "team": ["A", "A", "B", "B"],
    ...     "opponent_team": ["B", "B", "A", "A"], "board": [1, 2, 1, 2],
    ...     "player": [1, 2, 3, 4], "opponent": [3, 4, 1, 2], "points": [1, 0.5, 0, 0.5],
    ...     "kind": "played"})
    >>> team_matches(boards)
      event  round team opponent_team    kind  match_points  game_points
    0     E      1    A             B  played           2.0          1.5
    1     E      1    B             A  played           0.0          0.5
    """
    system = _team_points(points)
    df = validate_team_results(boards, points=system)
    table = _matches(df, system, team_size)
    return table[list(MATCH_COLUMNS)]


def _matches(
    df: pd.DataFrame, system: TeamPoints, team_size: int | Mapping | pd.Series | None
) -> pd.DataFrame:
    """The match table of the validated `df`, with ``_kind`` codes and ``_boards`` (`team_size`:
    one for all events, a mapping event -> boards, or None: each event's highest board)."""
    kind = _kind_codes(df)
    bye = df[OPPONENT_TEAM].isna().to_numpy()
    agg = _match_frame(df, kind, bye, system)
    events, ev = np.unique(agg[EVENT].astype(str).to_numpy(), return_inverse=True)
    if team_size is None or isinstance(team_size, Mapping | pd.Series):
        if team_size is None:
            size = df.groupby(EVENT, observed=True, sort=False)[BOARD].max()
        else:  # each event's own (the copies of an event after each round: the event's)
            size = pd.Series(team_size, dtype=np.float64)
        size.index = size.index.astype(str)
        boards = size.reindex(events).to_numpy(dtype=np.float64, na_value=np.nan)
        boards = np.nan_to_num(boards, nan=1.0)
    else:
        boards = np.full(len(events), float(team_size))
    mp_table, gp_table = system._table(boards)
    code = agg["_kind"].to_numpy()
    mp = mp_table[code, ev]
    gp = gp_table[code, ev]
    mine, other = agg["_pts"].to_numpy(), agg["_opp_pts"].to_numpy(dtype=np.float64)
    played = code == K_PLAYED
    won, drawn = mine > other + 1e-9, np.abs(mine - other) <= 1e-9
    outcome_mp = np.where(won, system.match[0], np.where(drawn, system.match[1], system.match[2]))
    mp = np.where(played, outcome_mp, mp)
    gp = np.where(played, mine, gp)
    live = code == K_LIVE
    out = agg.assign(
        **{KIND: np.asarray(KINDS, dtype=object)[np.minimum(code, len(KINDS) - 1)]},
        **{MATCH_POINTS: np.where(live, np.nan, mp), GAME_POINTS: np.where(live, np.nan, gp)},
        _boards=boards[ev],
    )
    return out.sort_values([EVENT, ROUND], kind="stable").reset_index(drop=True)
