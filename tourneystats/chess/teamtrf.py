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

The TRF-2026 team section (``310`` and the records it brings) is not read yet.
"""

from __future__ import annotations

import os
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

#: the bye kind a team takes from its players' rows, best first
_BYE_ORDER = ("pab", "fpb", "hpb", "zpb")


class TeamTrfData(NamedTuple):
    """What :func:`read_team_trf` returns.

    Attributes
    ----------
    boards : pandas.DataFrame
        One row per board per round (:func:`~tourneystats.chess.teams.validate_team_results`).
    teams : pandas.DataFrame
        ``event, team, name``: the ``013`` records, numbered in file order.
    players : pandas.DataFrame
        The players (as :func:`~tourneystats.chess.read_trf` reads them) with their ``team``.
    events : pandas.DataFrame
        As :func:`~tourneystats.chess.read_trf` reads them.
    """

    boards: pd.DataFrame
    teams: pd.DataFrame
    players: pd.DataFrame
    events: pd.DataFrame


def has_team_records(path: str | os.PathLike) -> bool:
    """Whether the TRF file `path` has ``013`` team records (a team event): one scan of its
    bytes, as fast as reading them."""
    data = Path(path).read_bytes()
    return data.startswith(b"013 ") or b"\n013 " in data


def team_records(path: str | os.PathLike) -> pd.DataFrame:
    """The ``013`` records of `path`: ``team`` (1, 2, ... in file order), ``name``, and one row
    per member with his ``player`` start rank and ``order`` (1-based)."""
    rows = []
    text = Path(path).read_bytes().decode("utf-8", errors="replace")
    team = 0
    for lineno, line in enumerate(text.splitlines(), start=1):
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
                rows.append((team, name, int(field), order))
    return pd.DataFrame(rows, columns=[TEAM, NAME, PLAYER, "order"])


def read_team_trf(path: str | os.PathLike, *, event: str | None = None) -> TeamTrfData:
    """Read a TRF-16 team event (``001`` games and ``013`` team records) as board rows.

    Parameters
    ----------
    path : path-like
        One TRF file.
    event : str, optional
        The event's name; by default the file name without its extension.

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
    from .trf import read_trf

    records = team_records(path)
    if records.empty:
        raise ValidationError(f"{path}: no 013 team record: not a team event")
    data = read_trf(path, event=event)
    name = data.events[EVENT].astype(object).iloc[0]
    members = _members(records, data.players, path)
    results = data.results.astype({EVENT: object})
    boards = _boards(results, members, path)
    teams = records.drop_duplicates(TEAM)[[TEAM, NAME]].assign(**{EVENT: name})
    players = data.players.merge(members[[PLAYER, TEAM]], on=PLAYER, how="left")
    return TeamTrfData(boards, teams[[EVENT, TEAM, NAME]].reset_index(drop=True), players,
                       data.events)  # fmt: skip


def _members(records: pd.DataFrame, players: pd.DataFrame, path: str | os.PathLike) -> pd.DataFrame:
    """Each player's team and order; every player in exactly one team."""
    twice = records[records.duplicated(PLAYER, keep=False)]
    if len(twice):
        raise ValidationError(
            f"{path}: players in two 013 team records: {sorted(set(twice[PLAYER]))[:5]}"
        )
    known = set(players[PLAYER].astype(int))
    stray = sorted(set(records[PLAYER]) - known)
    if stray:
        raise ValidationError(f"{path}: 013 team records name unknown start ranks: {stray[:5]}")
    missing = sorted(known - set(records[PLAYER]))
    if missing:
        raise ValidationError(f"{path}: players in no 013 team record: {missing[:5]}")
    return records


def _boards(results: pd.DataFrame, members: pd.DataFrame, path: str | os.PathLike) -> pd.DataFrame:
    """The board rows: each player's game with his team and its opponent team, boards in the
    order of the team records; the team byes."""
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
    opp_board = paired.set_index([ROUND, PLAYER])[BOARD]
    theirs = opp_board.reindex(pd.MultiIndex.from_arrays([paired[ROUND], paired[OPPONENT]]))
    wrong = theirs.to_numpy() != paired[BOARD].to_numpy()
    if wrong.any():
        shown = paired.loc[wrong, [ROUND, TEAM, OPPONENT_TEAM]].drop_duplicates().head(5)
        raise ValidationError(
            f"{path}: the games of a match are not board against board in the order of the 013 "
            f"records (round, team, opponent team): {shown.values.tolist()}"
        )
    byes = _team_byes(rows, paired, key)
    out = pd.concat([paired, byes], ignore_index=True)
    out = out.sort_values([ROUND, TEAM, BOARD], na_position="last", kind="stable")
    columns = [EVENT, ROUND, TEAM, OPPONENT_TEAM, BOARD, PLAYER, OPPONENT, "colour", "points",
               KIND]  # fmt: skip
    out = out[columns].reset_index(drop=True)
    return out.astype({TEAM: np.int64, OPPONENT_TEAM: "Int64", BOARD: "Int64", KIND: str})


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
