"""Team chess in an archive: the board rows ``tourneystats import`` files under the family
``chess_teams``, and the team standings ``tourneystats recompute`` computes of them.

An archive holds one long frame per family, so each board row (``event, round, team,
opponent_team, board, player, opponent, colour, points, kind``) carries what the standings need
from the file's other tables: its team's name (``team_name``), its player's ``name`` and
``fide_id`` where the file gives them, its event's start ``date`` (the rule set of ``"auto"``,
and the season by year), ``type`` (round robins are told by it) and declared tie-break order
(``tiebreaks``: TRF ``212``/``202``, the order the standings use unless one is given), and,
for a TRF-2026 file
whose ``362``/``320`` records give a point system other than the default, that system as text
(``team_point_system``: :func:`points_text`).

:func:`archive_team_standings` turns them back into the arguments of
:func:`~tourneystats.chess.team_standings` and computes every event at once.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pandas as pd

from ..core.schema import (
    DATE,
    EVENT,
    FIDE_ID,
    NAME,
    PLAYER,
    TEAM,
    TEAM_NAME,
    TEAM_POINT_SYSTEM,
    TYPE,
    ValidationError,
    fail_rows,
)
from .kinds import TIEBREAK_ORDER
from .teams import _OUTCOMES, TEAM_POINTS, TEAM_RESULT_COLUMNS, TeamPoints, validate_team_results

__all__ = ["archive_team_standings", "points_of_text", "points_text", "read_team_rows"]

#: the columns of a team results table, in order
_BOARD_COLUMNS = [c.name for c in TEAM_RESULT_COLUMNS]
#: the per-event columns an archive row carries for the standings: the start date, the type
#: (TRF ``092``) and the tie-break order the file declares (TRF ``212``/``202``)
_EVENT_COLUMNS = (DATE, TYPE, TIEBREAK_ORDER)


# --- the point system as text ----------------------------------------------------------------


def points_text(points: TeamPoints) -> str:
    """A team point system as one line of text (:func:`points_of_text` reads it back).

    Examples
    --------
    >>> from tourneystats.chess.teams import TEAM_POINTS
    >>> points_text(TEAM_POINTS["tiebreakserver"])
    'match 2/1/0; game 1/0.5/0; forfeit_win win/win; forfeit_loss loss/loss; pab draw/win; fpb win/win; hpb draw/draw; zpb loss/loss'
    """

    def numbers(values: tuple[float, ...]) -> str:
        return "/".join(f"{v:g}" for v in values)

    parts = [f"match {numbers(points.match)}", f"game {numbers(points.game)}"]
    parts += [f"{kind} {m}/{g}" for kind, m, g in points.unplayed]
    return "; ".join(parts)


def points_of_text(text: str) -> TeamPoints:
    """The point system of :func:`points_text`'s `text` (named ``"trf"``, as the file's).

    Examples
    --------
    >>> from tourneystats.chess.teams import TEAM_POINTS
    >>> p = points_of_text(points_text(TEAM_POINTS["tiebreakserver"]))
    >>> p.of("pab", boards=4)
    (1.0, 4.0)
    """
    try:
        fields = dict(part.strip().split(" ", 1) for part in str(text).split(";"))
        match = tuple(float(v) for v in fields.pop("match").split("/"))
        game = tuple(float(v) for v in fields.pop("game").split("/"))
        unplayed = tuple((k, *v.split("/")) for k, v in fields.items())
        if any(len(u) != 3 or u[1] not in _OUTCOMES or u[2] not in _OUTCOMES for u in unplayed):
            raise ValueError("an outcome is not win, draw or loss")
        return TeamPoints("trf", match, game, unplayed)  # type: ignore[arg-type]
    except (ValueError, KeyError, TypeError) as exc:
        raise ValidationError(
            f"{TEAM_POINT_SYSTEM}: not a team point system: {text!r} ({exc})"
        ) from None


# --- import: a team file as archive rows -----------------------------------------------------


def read_team_rows(path: str | os.PathLike) -> pd.DataFrame:
    """The archive rows of one team file (a TRF file with ``013``/``310`` team records, a PGN
    file with ``WhiteTeam``/``BlackTeam`` tags, or a CSV/Parquet team results table), read
    and validated as :func:`~tourneystats.chess.standings_from_path` reads it.

    A TRF file whose players' published points (columns 81-84) differ from their games is
    refused, as the individual import refuses it (:func:`~tourneystats.chess.read_trf`).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "league.trf"
    >>> _ = path.write_text("\\n".join([
    ...  "042 2024/05/04",
    ...  "001    1      Anna                              1900                             1.0    1     3 w 1",
    ...  "001    2      Ben                               1800                             0.5    2     4 b =",
    ...  "001    3      Carl                              1700                             0.0    3     1 b 0",
    ...  "001    4      Dora                              1600                             0.5    4     2 w =",
    ...  "013 " + "Rooks".ljust(32) + "   1    2",
    ...  "013 " + "Knights".ljust(32) + "   3    4",
    ... ]))
    >>> read_team_rows(path)[["team", "team_name", "board", "name", "points", "date"]]
       team team_name  board  name  points       date
    0     1     Rooks      1  Anna     1.0 2024-05-04
    1     1     Rooks      2   Ben     0.5 2024-05-04
    2     2   Knights      1  Carl     0.0 2024-05-04
    3     2   Knights      2  Dora     0.5 2024-05-04
    """
    from ..core.io import read_table
    from .pgn import PGN_SUFFIXES
    from .teampgn import read_team_pgn
    from .teamtrf import read_team_trf
    from .trf import TRF_SUFFIXES

    path = Path(path)
    suffix = path.suffix.lower()
    if suffix in TRF_SUFFIXES:
        trf = read_team_trf(path)
        return _rows(trf.boards, trf.teams, trf.players, trf.events, trf.points)
    if suffix in PGN_SUFFIXES:
        pgn = read_team_pgn(path)
        return _rows(pgn.boards, pgn.teams, pgn.players, pgn.events, None)
    return team_table_rows(read_table(path))


def team_table_rows(table: pd.DataFrame) -> pd.DataFrame:
    """The archive rows of the team results table `table`: its rows as they are (without the
    index column a CSV may be written with), once
    :func:`~tourneystats.chess.teams.validate_team_results` accepts them (with each event's
    ``team_point_system`` where the table has one), and its teams have one name and its events
    one date, type and tie-break order each; else the error naming the offending rows."""
    if "Unnamed: 0" in table.columns:  # a CSV written with its index
        table = table.drop(columns="Unnamed: 0")
    _validate_table(table)
    return table


def _validate_table(table: pd.DataFrame) -> None:
    """:func:`validate_team_results` of a team results table, each point system's rows apart
    (a few systems), and one name per team and one date, type and order per event."""
    rest = table
    _per_event(table, (TEAM_POINT_SYSTEM,))
    if TEAM_POINT_SYSTEM in table.columns:
        for text in pd.unique(table[TEAM_POINT_SYSTEM].dropna()):
            chosen = table[TEAM_POINT_SYSTEM].eq(text).to_numpy()
            validate_team_results(table[chosen], points=points_of_text(text))
        rest = table[table[TEAM_POINT_SYSTEM].isna().to_numpy()]
    if len(rest) or rest is table:  # (an empty table is refused as such)
        validate_team_results(rest)
    if TEAM_NAME in table.columns:
        _team_names(table)
    _events(table)


def _rows(
    boards: pd.DataFrame,
    teams: pd.DataFrame,
    players: pd.DataFrame,
    events: pd.DataFrame,
    points: TeamPoints | None,
) -> pd.DataFrame:
    """The board rows with their team's name, player's name and id, event's date, type and
    tie-break order, and the point system when it is not the default's."""
    out = boards.astype({EVENT: object})
    names = teams[[EVENT, TEAM, NAME]].drop_duplicates([EVENT, TEAM]).astype({EVENT: object})
    names = names.rename(columns={NAME: TEAM_NAME})
    out = out.merge(names, on=[EVENT, TEAM], how="left", validate="many_to_one")
    people = [c for c in (NAME, FIDE_ID) if c in players.columns and players[c].notna().any()]
    if people:
        carried = players[[EVENT, PLAYER, *people]].drop_duplicates([EVENT, PLAYER])
        carried = carried.astype({EVENT: object}).dropna(subset=[PLAYER])
        out = out.merge(carried, on=[EVENT, PLAYER], how="left", validate="many_to_one")
    for column in _EVENT_COLUMNS:
        if column in events.columns:
            values = events[[EVENT, column]].drop_duplicates(EVENT).astype({EVENT: object})
            out = out.merge(values, on=EVENT, how="left", validate="many_to_one")
    if points is not None and _differs(points):
        out[TEAM_POINT_SYSTEM] = points_text(points)
    return out


def _differs(points: TeamPoints) -> bool:
    """Whether `points` scores anything otherwise than the default system."""
    default = TEAM_POINTS["tec2023"]
    return (points.match, points.game, sorted(points.unplayed)) != (
        default.match, default.game, sorted(default.unplayed)
    )  # fmt: skip


# --- recompute: the team standings of archive rows -------------------------------------------


def _team_names(results: pd.DataFrame) -> pd.DataFrame:
    """``event, team, name`` of the rows' ``team_name``; a team given two names in one event
    is refused."""
    names = results[[EVENT, TEAM, TEAM_NAME]].dropna(subset=[TEAM_NAME]).drop_duplicates()
    twice = names.duplicated([EVENT, TEAM], keep=False).to_numpy()
    fail_rows(names, twice, "a team with two different names in one event", what="team results")
    return names.rename(columns={TEAM_NAME: NAME})


def _events(results: pd.DataFrame) -> pd.DataFrame | None:
    """``event`` with the rows' ``date``, ``type`` and ``tiebreaks``; an event given two
    values of one of them is refused."""
    return _per_event(results, _EVENT_COLUMNS)


def _per_event(results: pd.DataFrame, columns: tuple[str, ...]) -> pd.DataFrame | None:
    """``event`` with the `columns` of `results` it has (None: none), one value each per event
    (a missing value is one); an event given two is refused."""
    carried = [c for c in columns if c in results.columns]
    if not carried:
        return None
    events = results[[EVENT, *carried]].drop_duplicates()
    twice = events.duplicated([EVENT], keep=False).to_numpy()
    fail_rows(events, twice, f"an event with two different {' or '.join(carried)} values",
              what="team results")  # fmt: skip
    return events


def archive_team_standings(results: pd.DataFrame, **options: Any) -> pd.DataFrame:
    """Team standings of archive rows (``tourneystats recompute``).

    :func:`~tourneystats.chess.team_standings` of `results`, every event at once, whose board
    rows may carry their team's name (``team_name``), their event's ``date``, ``type`` and
    declared ``tiebreaks`` order, their event's point system (``team_point_system``) and their player's ``name`` and ``fide_id``
    (``tourneystats import`` stores them): the teams' names are shown in ``name`` after
    ``team``, the dates choose the rule set of ``"auto"``, the types tell the round robins,
    and an event's declared order is its tie-breaks unless `tiebreaks` is given.

    Parameters
    ----------
    results : pandas.DataFrame
        Board rows of team events (see :func:`~tourneystats.chess.teams.validate_team_results`).
    **options
        As :func:`~tourneystats.chess.team_standings` (``tiebreaks``, ``rules``, ``primary``,
        ``points``, ``team_size``, ...). ``points`` given applies to every event; else each
        event's ``team_point_system`` (the default where none).

    Returns
    -------
    pandas.DataFrame
        As :func:`~tourneystats.chess.team_standings`: one row per event and team, with
        ``name`` when the rows carry the teams' names. A team given two names in one event, or
        an event two dates, is refused.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.chess import archive_team_standings
    >>> rows = [("E", 1, "A", "B", 1, 1.0), ("E", 1, "A", "B", 2, 0.5),
    ...         ("E", 1, "B", "A", 1, 0.0), ("E", 1, "B", "A", 2, 0.5)]
    >>> boards = pd.DataFrame(rows, columns=["event", "round", "team", "opponent_team",
    ...                                      "board", "points"])
    >>> boards = boards.assign(player=[1, 2, 3, 4], opponent=[3, 4, 1, 2], kind="played",
    ...                        team_name=["Rooks", "Rooks", "Knights", "Knights"])
    >>> archive_team_standings(boards, tiebreaks=["GP"])
      event team     name  rank   MP   GP decided_by
    0     E    A    Rooks     1  2.0  1.5         MP
    1     E    B  Knights     2  0.0  0.5       <NA>
    """
    from .teamtiebreaks import team_standings

    teams = _team_names(results) if TEAM_NAME in results.columns else None
    events = _events(results)
    boards = results[[c for c in _BOARD_COLUMNS if c in results.columns]]
    options = {**options, "teams": teams, "events": events}
    if TEAM_POINT_SYSTEM not in results.columns or options.get("points") is not None:
        return team_standings(boards, **options)
    _per_event(results, (TEAM_POINT_SYSTEM,))  # (an event's rows all in one call)
    systems = (
        results[TEAM_POINT_SYSTEM].astype(object).where(results[TEAM_POINT_SYSTEM].notna(), "")
    )
    if systems.nunique() == 1:  # (the usual archive file: one system)
        text = systems.iloc[0]
        return team_standings(boards, **options, points=points_of_text(text) if text else None)
    parts = [  # each point system's events apart (a few systems, never one call per event)
        team_standings(boards[(systems == text).to_numpy()], **options,
                       points=points_of_text(text) if text else None)
        for text in pd.unique(systems.to_numpy())
    ]  # fmt: skip
    out = pd.concat(parts, ignore_index=True)
    return out.sort_values(EVENT, kind="stable", key=_first_seen(results)).reset_index(drop=True)


def _first_seen(results: pd.DataFrame) -> Any:
    """A sort key putting events in the order they first appear in `results`."""
    order = {e: k for k, e in enumerate(pd.unique(results[EVENT].astype(object).to_numpy()))}
    return lambda events: events.astype(object).map(order)
