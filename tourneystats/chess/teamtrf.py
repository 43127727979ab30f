"""TRF-16 team events: the ``013`` team records, and the board rows they make of the games.

A TRF-16 file of a team event holds the players' games (``001`` lines) and, per team, a ``013``
record: the team's name (columns 5-36) and its players' start ranks in board order (4 columns
each, from column 37, one blank between them). The file does not say which board a game was on
nor which team met which: as FIDE's TieBreakServer infers them, a team's opponent in a round is
the team of its players' opponents, and its games of the round are given boards in the order of
its ``013`` record.

Read here (:func:`read_team_trf`):

* a team whose players have opponents in a round meets their team; its players without an
  opponent that round are reserves (not on a board); every board's opponent must be the other
  team's player on that board (refused otherwise, naming file, round and teams);
* a team none of whose players has an opponent has a team bye: a pairing-allocated bye when one
  of them has one (TRF ``U``), else a full-point bye (``F``), a half-point bye (``H``), or a
  zero-point bye (absent);
* a player in no ``013`` record, or in two, is refused, and so are players of one team meeting
  players of two teams in a round.

A file with the TRF-2026 team section (:mod:`~tourneystats.chess.teamsection`) is read from its
``310`` records (team pairing numbers, names, rosters in board order; ``013`` records beside
them must give the same rosters), and the records it brings are checked against the games:

* a ``300`` record gives the boards of a team in a round (else the ``310`` order, as above);
* a ``320`` or ``240`` record gives a team its bye in a round: refused when the team plays
  then, or when its players' rows hold another bye with points (and a ``320`` record must list
  every team whose players have a pairing-allocated bye);
* a ``330`` record (a forfeited match) must name two teams that meet in that round, no board
  played, and the winner the boards' points give;
* a ``352`` colour sequence must have as many boards as the matches have;
* ``362`` (the match points) and ``320`` (a bye's match and game points) make the event's point
  system (:class:`~tourneystats.chess.teams.TeamPoints`, named ``"trf"``): the bye's points must be
  a win's, a draw's or a loss's, of the match and of every board;
* the ``310`` match points, game points and ranks are the published values ``tourneystats check``
  compares.
"""

from __future__ import annotations

import os
import re
import warnings
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pandas as pd

from ..core.schema import (
    BOARD,
    EVENT,
    KIND,
    NAME,
    OPPONENT,
    OPPONENT_TEAM,
    PLAYER,
    ROUND,
    TEAM,
    ValidationError,
)
from .teams import TeamPoints, as_board_rows
from .teamsection import (
    apply_section,
    has_team_section,
    out_of_order,
    read_team_section,
    section_lines,
    section_points,
)

#: the bye kind a team takes from its players' rows, best first
_BYE_ORDER = ("pab", "fpb", "hpb", "zpb")


class TeamTrfData(NamedTuple):
    """What :func:`read_team_trf` returns.

    Attributes
    ----------
    boards : pandas.DataFrame
        One row per board per round (:func:`~tourneystats.chess.teams.validate_team_results`),
        of the dtypes every team reader gives (``teams.BOARD_ROW_DTYPES``): ``event``,
        ``colour`` and ``kind`` categorical, ``round``, ``team`` int64, ``opponent_team``,
        ``board``, ``player``, ``opponent`` nullable Int64, ``points`` float64.
    teams : pandas.DataFrame
        ``event, team, name``: the ``013`` records, numbered in file order.
    players : pandas.DataFrame
        The players (as :func:`~tourneystats.chess.read_trf` reads them) with their ``team``.
    events : pandas.DataFrame
        As :func:`~tourneystats.chess.read_trf` reads them.
    published : pandas.DataFrame or None
        ``event, team, name, match_points, game_points, rank``: the values the ``310`` records
        publish (NaN where blank); None for a file without them.
    points : TeamPoints or None
        The point system the ``362`` and ``320`` records give; None when the file has neither.
    """

    boards: pd.DataFrame
    teams: pd.DataFrame
    players: pd.DataFrame
    events: pd.DataFrame
    published: pd.DataFrame | None = None
    points: TeamPoints | None = None


def has_team_records(path: str | os.PathLike) -> bool:
    """Whether the TRF file `path` has ``013`` or ``310`` team records (a team event): one scan
    of its bytes, as fast as reading them."""
    data = Path(path).read_bytes()
    return any(data.startswith(t) or b"\n" + t in data or b"\r" + t in data
               for t in (b"013 ", b"310 "))  # fmt: skip


def team_records(path: str | os.PathLike) -> pd.DataFrame:
    """The ``013`` records of `path`: ``team`` (1, 2, ... in file order), ``name``, and one row
    per member with his ``player`` start rank, ``order`` (1-based) and the record's ``line``."""
    rows = []
    team = 0
    for lineno, line in enumerate(section_lines(path), start=1):
        if not line.startswith("013 "):
            continue
        team += 1
        name = line[4:36].rstrip()
        order = 0
        for start in range(36, len(line), 5):
            field = line[start : start + 4].strip()
            order += 1
            if not field:
                continue
            if not field.isdigit():
                raise ValidationError(
                    f"{path}: line {lineno}, column {start + 1}: a start rank in a 013 team "
                    f"record must be a number, got {field!r}"
                )
            if int(field):
                rows.append((team, name, int(field), order, lineno))
    return pd.DataFrame(rows, columns=[TEAM, NAME, PLAYER, "order", "line"])


#: the records of the TRF-2026 team section that only its ``310`` team records give a meaning
_SECTION_ONLY = ("320", "330", "300", "352", "362")


def _no_section_records(path: str | os.PathLike) -> None:
    """Refuse a file without ``310`` team records that holds a record of the team section (a
    forfeited match, a line-up, the match points), naming its line: read without the section,
    its values would be left out silently."""
    for n, line in enumerate(section_lines(path), start=1):
        if line[:3] in _SECTION_ONLY and line[3:4] in (" ", ""):
            raise ValidationError(
                f"TRF: {path}:{n}: a {line[:3]} record of the TRF-2026 team section, in a file "
                "without the section's 310 team records (its 013 records are TRF-16's): give "
                "the teams as 310 records, or leave the section's records out"
            )


def read_team_trf(
    path: str | os.PathLike, *, event: str | None = None, check_points: bool = True
) -> TeamTrfData:
    """Read a TRF-16 team event (``001`` games and ``013`` team records) as board rows.

    Parameters
    ----------
    path : path-like
        One TRF file.
    event : str, optional
        The event's name; by default the file name without its extension.
    check_points : bool
        Refuse a player whose published points (columns 81-84) are not the sum of his games,
        as :func:`~tourneystats.chess.read_trf` does; False reads the file anyway (the team
        scores come from the games, never from a player's published points).

    Returns
    -------
    TeamTrfData
        ``boards``, ``teams``, ``players`` and ``events`` frames.

    Raises
    ------
    ValidationError
        For a file without ``013`` records, a player in none or in two, a team meeting two
        teams in a round, or boards whose players do not face each other; and everything
        :func:`~tourneystats.chess.read_trf` refuses.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from tourneystats.chess.teamtrf import read_team_trf
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "league.trf"
    >>> _ = path.write_text("\\n".join([
    ...  "001    1      Anna                              1900                             1.0    1     3 w 1",
    ...  "001    2      Ben                               1800                             0.5    2     4 b =",
    ...  "001    3      Carl                              1700                             0.0    3     1 b 0",
    ...  "001    4      Dora                              1600                             0.5    4     2 w =",
    ...  "013 " + "Rooks".ljust(32) + "   1    2",
    ...  "013 " + "Knights".ljust(32) + "   3    4",
    ... ]))
    >>> read_team_trf(path).boards[["round", "team", "opponent_team", "board", "player", "points"]]
       round  team  opponent_team  board  player  points
    0      1     1              2      1       1     1.0
    1      1     1              2      2       2     0.5
    2      1     2              1      1       3     0.0
    3      1     2              1      2       4     0.5
    """
    from .trf import TEAM_RECORDS_NOTE, read_trf

    with warnings.catch_warnings():  # (the players' games are what is wanted here)
        warnings.filterwarnings("ignore", message=".*" + re.escape(TEAM_RECORDS_NOTE))
        # (first: what no TRF file may hold)
        data = read_trf(path, event=event, check_points=check_points)
    records = team_records(path)
    section = read_team_section(path) if has_team_section(path) else None
    if section is None:
        _no_section_records(path)
    if section is not None:
        _same_rosters(records, section.rosters, path)
        records = section.rosters
    if records.empty:
        raise ValidationError(f"{path}: no 013 or 310 team record: not a team event")
    name = data.events[EVENT].astype(object).iloc[0]
    members = _members(records, data.players, path)
    results = data.results.astype({EVENT: object})
    lineups = section.lineups if section is not None else None
    boards = _boards(results, members, path, lineups)
    published, points = None, None
    if section is not None:
        boards = apply_section(boards, section, path)
        points = section_points(section, boards, path)
        published = section.published.drop(columns="line").assign(**{EVENT: name})
        published = published[[EVENT, *published.columns[:-1]]]
    boards = as_board_rows(boards, data.events[EVENT].dtype)  # (as read_team_pgn gives them)
    teams = records.drop_duplicates(TEAM)[[TEAM, NAME]].assign(**{EVENT: name})
    players = data.players.merge(members[[PLAYER, TEAM]], on=PLAYER, how="left")
    return TeamTrfData(boards, teams[[EVENT, TEAM, NAME]].reset_index(drop=True), players,
                       data.events, published, points)  # fmt: skip


def _same_rosters(old: pd.DataFrame, new: pd.DataFrame, path: str | os.PathLike) -> None:
    """Beside ``310`` records, each ``013`` record must give the roster of one of them."""
    if old.empty:
        return
    rosters = {tuple(g[PLAYER]) for _, g in new.groupby(TEAM, sort=False)}
    for _, team in old.groupby(TEAM, sort=False):
        if tuple(team[PLAYER]) not in rosters:
            raise ValidationError(
                f"TRF: {path}:{team['line'].iloc[0]}: this 013 record's players "
                f"{team[PLAYER].tolist()[:8]} are no 310 record's roster"
            )


def _members(records: pd.DataFrame, players: pd.DataFrame, path: str | os.PathLike) -> pd.DataFrame:
    """Each player's team and order; every player in exactly one team (a refusal names the
    team record's line, or the player's)."""
    twice = records[records.duplicated(PLAYER, keep="first")]
    if len(twice):
        first = twice.iloc[0]
        raise ValidationError(
            f"TRF: {path}:{first['line']}: player {first[PLAYER]} is in a second team record "
            f"({len(twice)} player(s) in two teams)"
        )
    known = set(players[PLAYER].astype(int))
    stray = records[~records[PLAYER].isin(known)]
    if len(stray):
        raise ValidationError(
            f"TRF: {path}:{stray['line'].iloc[0]}: a team record names start rank(s) with no 001 "
            f"record: {stray[PLAYER].tolist()[:5]}"
        )
    missing = sorted(known - set(records[PLAYER]))
    if missing:
        line = _player_line(path, missing[0])
        raise ValidationError(
            f"TRF: {path}:{line}: player {missing[0]} is in no team record "
            f"({len(missing)} player(s): {missing[:5]})"
        )
    return records


def _player_line(path: str | os.PathLike, player: int) -> int:
    """The line of the ``001`` record of `player`."""
    for n, text in enumerate(section_lines(path), start=1):
        if text.startswith("001") and text[4:8].strip() == str(player):
            return n
    return 0


def _boards(
    results: pd.DataFrame,
    members: pd.DataFrame,
    path: str | os.PathLike,
    lineups: pd.DataFrame | None = None,
) -> pd.DataFrame:
    """The board rows: each player's game with his team and its opponent team, boards in the
    order of the team records (or of a ``300`` record's line-up); the team byes."""
    team_of = members.set_index(PLAYER)[TEAM]
    order_of = members.set_index(PLAYER)["order"]
    rows = results.assign(
        **{TEAM: team_of.reindex(results[PLAYER].astype(int)).to_numpy()},
        **{OPPONENT_TEAM: team_of.reindex(results[OPPONENT].astype("Int64").fillna(0).astype(int))
           .to_numpy()},
        _order=order_of.reindex(results[PLAYER].astype(int)).to_numpy(),
    )  # fmt: skip
    key = [EVENT, ROUND, TEAM]
    paired = rows[rows[OPPONENT_TEAM].notna()]
    own = paired[paired[OPPONENT_TEAM] == paired[TEAM]]
    if len(own):
        shown = own[[ROUND, PLAYER, OPPONENT]].head(5).values.tolist()
        raise ValidationError(
            f"{path}: players of one team paired with each other, a team paired with itself "
            f"(round, player, opponent): {shown}"
        )
    n_opp = paired.groupby(key, sort=False)[OPPONENT_TEAM].nunique()
    if (n_opp > 1).any():
        bad = n_opp[n_opp > 1].index[:5].tolist()
        raise ValidationError(
            f"{path}: a team's players meet players of two teams in a round (event, round, "
            f"team): {bad}"
        )
    paired = paired.assign(
        **{BOARD: paired.groupby(key, sort=False)["_order"].rank(method="first").astype(int)}
    )
    if lineups is not None and len(lineups):
        paired = paired.assign(**{BOARD: out_of_order(paired, lineups, path)})
    opp_board = paired.set_index([ROUND, PLAYER])[BOARD]
    theirs = opp_board.reindex(pd.MultiIndex.from_arrays([paired[ROUND], paired[OPPONENT]]))
    wrong = theirs.to_numpy() != paired[BOARD].to_numpy()
    if wrong.any():
        shown = paired.loc[wrong, [ROUND, TEAM, OPPONENT_TEAM]].drop_duplicates().head(5)
        line = members.set_index(TEAM)["line"].groupby(level=0).first()[shown[TEAM].iloc[0]]
        raise ValidationError(
            f"TRF: {path}:{line}: the games of a match are not board against board in the order "
            f"of the team records (013, 310; or a 300 line-up) (round, team, opponent team): "
            f"{shown.values.tolist()}"
        )
    byes = _team_byes(rows, paired, key)
    # (both of one dtype per column: the concatenation's dtypes depend on no pandas version)
    parts = [as_board_rows(part, object) for part in (paired, byes)]
    out = pd.concat(parts, ignore_index=True)
    out = out.sort_values([ROUND, TEAM, BOARD], na_position="last", kind="stable")
    return out.reset_index(drop=True)


def _team_byes(rows: pd.DataFrame, paired: pd.DataFrame, key: list[str]) -> pd.DataFrame:
    """One row per team and round in which none of its players has an opponent: the best bye
    kind of its players' rows (:data:`_BYE_ORDER`)."""
    with_game = pd.MultiIndex.from_frame(paired[key].drop_duplicates())
    alone = rows[~pd.MultiIndex.from_frame(rows[key]).isin(with_game)]
    rank = pd.Index(_BYE_ORDER).get_indexer(pd.Index(alone[KIND].astype(str)))
    rank = np.where(rank < 0, len(_BYE_ORDER) - 1, rank)
    best = alone.assign(_rank=rank).groupby(key, sort=False)["_rank"].min().reset_index()
    out = best.drop(columns="_rank")
    out[KIND] = np.asarray(_BYE_ORDER, dtype=object)[best["_rank"].to_numpy()]
    for column in (OPPONENT_TEAM, BOARD, PLAYER, OPPONENT, "colour"):
        out[column] = pd.NA
    out["points"] = 0.0
    return out
