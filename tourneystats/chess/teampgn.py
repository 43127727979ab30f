"""PGN files of team events: the ``WhiteTeam``/``BlackTeam`` tags, and the board rows they make.

The PGN standard's supplemental tags ``WhiteTeam`` and ``BlackTeam`` name each player's team. A
PGN file whose games carry them is a team event (:func:`has_team_tags`); it is read here
(:func:`read_team_pgn`) with the PGN reader of :mod:`tourneystats.chess.pgn` (every tag is read
as there: events, rounds, players, results, forfeits), and each game becomes two board rows of
:func:`~tourneystats.chess.teams.validate_team_results`.

Matches
    The games of a round between the players of two teams are their match. Teams are numbered
    in each event in the order they first appear in the files; ``teams`` gives their names.

Boards
    The board of a game is, in this order (the first every game of the event gives):

    * its ``Board`` tag (``[Board "3"]``, the PGN standard's board of a team event, as
      Olympiad and league exports write it);
    * the last number of its ``Round`` tag: ``"3.2"`` (round 3, board 2) or ``"3.1.2"``
      (round 3, match 1, board 2), as pairing programs and broadcasts write them;
    * the order of the games of the match in the files (the first game board 1).

    Some files number the games of a whole round in the ``Round`` tag instead (the 4NCL's
    ``"9.36"``, broadcasts' ``"2.169"``): when no such number is shared by two matches of a round
    and some number exceeds the most games a match of the event has, they are game numbers, and
    a match's boards are their order (its lowest number board 1). An event some of whose games give a board and others
    none is refused: its boards cannot be told.

Refused, naming the file and line: a team tag on one side of a game only, a game without team
tags in a team event, a game against ``BYE`` (PGN writes no team byes: a team without a game in
a round is absent), a team meeting itself or two teams in one round, a player in two teams of
one event, a board given twice in a match, a ``Board`` tag that is not a number.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pandas as pd

from ..core.schema import (
    BOARD,
    COLOUR,
    EVENT,
    KIND,
    NAME,
    OPPONENT,
    OPPONENT_TEAM,
    PLAYER,
    POINTS,
    ROUND,
    TEAM,
    ValidationError,
)
from .pgn import ParsedPgn, parse_pgn
from .teams import BOARD_ROW_DTYPES

_SIDES = ("White", "Black")
#: a team tag with a known value (not blank, ``?`` or ``-``)
_TEAM_TAG = tuple(re.compile(rb"%sTeam[ \t]*\"[ \t]*[^\"\s?\-]" % s.encode()) for s in _SIDES)
_LAST_NUMBER = re.compile(r"\d+(?:\.[^.]*)*\.(\d{1,6})")


class TeamPgnData(NamedTuple):
    """What :func:`read_team_pgn` returns.

    Attributes
    ----------
    boards : pandas.DataFrame
        One row per board per round (:func:`~tourneystats.chess.teams.validate_team_results`),
        of the dtypes every team reader gives (``teams.BOARD_ROW_DTYPES``): ``event``,
        ``colour`` and ``kind`` categorical, ``round``, ``team`` int64, ``opponent_team``,
        ``board``, ``player``, ``opponent`` nullable Int64, ``points`` float64.
    teams : pandas.DataFrame
        ``event, team, name``: the teams, numbered in each event in order of appearance.
    players : pandas.DataFrame
        The players (as :func:`~tourneystats.chess.read_pgn` reads them) with their ``team``.
    events : pandas.DataFrame
        As :func:`~tourneystats.chess.read_pgn` reads them.
    """

    boards: pd.DataFrame
    teams: pd.DataFrame
    players: pd.DataFrame
    events: pd.DataFrame


def has_team_tags(path: str | os.PathLike, block: int = 8 << 20) -> bool:
    """Whether the PGN file `path` has a ``WhiteTeam`` or ``BlackTeam`` tag with a value (not
    blank, ``?`` nor ``-``): a scan of its bytes, a block at a time, stopping at the first."""
    tail = b""
    with open(path, "rb") as fh:
        while chunk := fh.read(block):
            text = tail + chunk
            for pattern in _TEAM_TAG:
                for match in pattern.finditer(text):
                    start = text.rfind(b"\n", 0, match.start()) + 1
                    if text[start : match.start()].strip(b" \t\r\xef\xbb\xbf") == b"[":
                        return True
            tail = text[-512:]
    return False


def read_team_pgn(
    source: str | os.PathLike | Iterable[str | os.PathLike],
    *,
    event: str | Callable[[Path], str] | None = None,
    jobs: int | None = 1,
) -> TeamPgnData:
    """Read PGN files of team events (games with ``WhiteTeam``/``BlackTeam`` tags) as board rows.

    See :mod:`tourneystats.chess.teampgn` for how matches and boards are told, and
    :mod:`tourneystats.chess.pgn` for every other tag.

    Parameters
    ----------
    source : path-like or iterable of path-like
        A PGN file, a folder (its ``*.pgn`` files) or a list of files.
    event : str or callable, optional
        As :func:`~tourneystats.chess.read_pgn`: by default the ``Event`` tags tell the events.
    jobs : int, optional
        As :func:`~tourneystats.chess.read_pgn`.

    Returns
    -------
    TeamPgnData
        ``boards``, ``teams``, ``players`` and ``events`` frames.

    Raises
    ------
    ValidationError
        Naming the file and line (``path:LINE: ...``), for what :mod:`tourneystats.chess.teampgn`
        refuses and everything :func:`~tourneystats.chess.read_pgn` refuses.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from tourneystats.chess.teampgn import read_team_pgn
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "league.pgn"
    >>> game = '[Event "League"]\\n[Round "{}"]\\n[White "{}"]\\n[Black "{}"]\\n' \\
    ...        '[WhiteTeam "{}"]\\n[BlackTeam "{}"]\\n[Result "{}"]\\n\\n'
    >>> _ = path.write_text(game.format("1.1", "Ann", "Cid", "Rooks", "Knights", "1-0")
    ...                     + game.format("1.2", "Dan", "Ben", "Knights", "Rooks", "1/2-1/2"))
    >>> data = read_team_pgn(path)
    >>> data.boards[["round", "team", "opponent_team", "board", "player", "colour", "points"]]
       round  team  opponent_team  board  player colour  points
    0      1     1              2      1       1      w     1.0
    1      1     1              2      2       2      b     0.5
    2      1     2              1      1       3      b     0.0
    3      1     2              1      2       4      w     0.5
    >>> data.teams
        event  team     name
    0  League     1    Rooks
    1  League     2  Knights
    """
    parsed = parse_pgn(source, event=event, jobs=jobs)
    tags = _team_tags(parsed)
    team, names = _teams(parsed, tags)
    _one_team_each(parsed, team, names)
    _one_opponent_team(parsed, team, names)
    board = _boards(parsed, team)
    return _frames(parsed, team, names, board)


def _team_tags(parsed: ParsedPgn) -> np.ndarray:
    """The vocabulary code of each game's WhiteTeam and BlackTeam (shape (2, games)); refused:
    a game with one of them, or none in a team event, a game against BYE, a team meeting itself."""
    g = parsed.games
    given = np.stack([g.given(f"{s}Team") for s in _SIDES])
    if not given.any():
        raise ValidationError(
            f"{g.files[0]}: no WhiteTeam or BlackTeam tags: not a team event (read it with "
            "chess.read_pgn)"
        )
    one = np.flatnonzero(given[0] != given[1])
    if len(one):
        k = int(one[0])
        has, lacks = ("White", "Black") if given[0, k] else ("Black", "White")
        g.fail(k, f"a team tag on one side only: {has}Team given, {lacks}Team missing",
               tag=f"{has}Team")  # fmt: skip
    none = np.flatnonzero(~given[0])
    if len(none):
        g.fail(int(none[0]), "a game without WhiteTeam and BlackTeam tags in a team event")
    bye = np.flatnonzero((parsed.white < 0) | (parsed.black < 0))
    if len(bye):
        g.fail(int(bye[0]), "a game against BYE in a team event (PGN writes no team byes: a "
               "team without a game in a round is absent)")  # fmt: skip
    tags = np.stack([g.tags[f"{s}Team"] for s in _SIDES]).astype(np.int64)
    same = np.flatnonzero(tags[0] == tags[1])
    if len(same):
        k = int(same[0])
        g.fail(k, f"WhiteTeam and BlackTeam name one team, {g.text('WhiteTeam', k)!r}: "
               "players of one team paired with each other (if the tags name the players' clubs "
               "in an individual event, read it with chess.read_pgn)", tag="BlackTeam")  # fmt: skip
    return tags


def _teams(parsed: ParsedPgn, tags: np.ndarray) -> tuple[np.ndarray, pd.DataFrame]:
    """Each side's team number in its event (shape (2, games); 1, 2, ... in order of first
    appearance), and the teams frame ``event, team, name``."""
    n, span = tags.shape[1], int(tags.max()) + 1
    key = np.stack([parsed.event, parsed.event]) * span + tags
    gid, uniques = pd.factorize(key.T.ravel())  # (game by game, White then Black)
    first_event, tag = np.divmod(np.asarray(uniques), span)
    order = np.argsort(first_event, kind="stable")
    local = np.empty(len(uniques), dtype=np.int64)
    counts = np.bincount(first_event[order])
    local[order] = np.arange(len(order)) - np.repeat(np.cumsum(counts) - counts, counts)
    team = (local[gid] + 1).reshape(n, 2).T
    labels = np.asarray(parsed.data.events[EVENT].cat.categories, dtype=object)
    texts = np.asarray(parsed.games.texts, dtype=object)
    names = pd.DataFrame(
        {EVENT: labels[first_event[order]], TEAM: local[order] + 1, NAME: texts[tag[order]]}
    )
    return team, names


def _name(names: pd.DataFrame, ev: int, team: int, labels: list) -> str:
    row = names[(names[EVENT] == labels[ev]) & (names[TEAM] == team)]
    return str(row[NAME].iloc[0])


def _first_differing(group: np.ndarray, value: np.ndarray) -> tuple[int, int, int] | None:
    """Of rows in file order, the first whose `value` differs from its `group`'s first row:
    (that row, the group's first row, their first value); None when there is none."""
    first_row = pd.Series(np.arange(len(group))).groupby(group).transform("first").to_numpy()
    bad = np.flatnonzero(value[first_row] != value)
    if not len(bad):
        return None
    row = int(bad[0])
    return row, int(first_row[row]), int(value[first_row[row]])


def _side_rows(parsed: ParsedPgn, team: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each side of each game in file order (row ``2 * game + side``): its player, its team and
    the opponent team."""
    players = np.stack([parsed.white, parsed.black]).T.ravel()
    return players, team.T.ravel(), team[::-1].T.ravel()


def _one_team_each(parsed: ParsedPgn, team: np.ndarray, names: pd.DataFrame) -> None:
    """Every player plays for one team of his event."""
    player, mine, _ = _side_rows(parsed, team)
    ev = np.repeat(parsed.event, 2)
    found = _first_differing(pd.factorize(ev * (int(player.max()) + 1) + player)[0], mine)
    if found is None:
        return
    row, earlier, was = found
    k, side = row // 2, _SIDES[row % 2]
    labels = list(parsed.data.events[EVENT].cat.categories)
    e = int(parsed.event[k])
    teams = (_name(names, e, was, labels), _name(names, e, int(mine[row]), labels))
    parsed.games.fail(k, f"{parsed.games.text(side, k)!r} plays for two teams of the event, "
                      f"{teams[0]!r} and {teams[1]!r}", tag=f"{side}Team",
                      other=earlier // 2)  # fmt: skip


def _match_keys(parsed: ParsedPgn, team: np.ndarray) -> np.ndarray:
    """(event, round) of each game as one integer, times the teams' count."""
    size = int(team.max()) + 1
    return (parsed.event * (int(parsed.rounds.max()) + 1) + parsed.rounds) * size


def _one_opponent_team(parsed: ParsedPgn, team: np.ndarray, names: pd.DataFrame) -> None:
    """A team meets one team in a round."""
    _, mine, theirs = _side_rows(parsed, team)
    found = _first_differing(np.repeat(_match_keys(parsed, team), 2) + mine, theirs)
    if found is None:
        return
    row, earlier, was = found
    k = row // 2
    labels = list(parsed.data.events[EVENT].cat.categories)
    e = int(parsed.event[k])
    me = _name(names, e, int(mine[row]), labels)
    them = (_name(names, e, was, labels), _name(names, e, int(theirs[row]), labels))
    parsed.games.fail(k, f"team {me!r} meets two teams in round {parsed.rounds[k]}, {them[0]!r} "
                      f"and {them[1]!r} (a team meets one team a round; if the tags name the "
                      "players' clubs in an individual event, read it with chess.read_pgn)",
                      other=earlier // 2)  # fmt: skip


def _round_board(text: str) -> int:
    """The last number of a ``Round`` value ``"3.2"`` or ``"3.1.2"``; 0 for none."""
    match = _LAST_NUMBER.fullmatch(text)
    return int(match.group(1)) if match else 0


def _boards(parsed: ParsedPgn, team: np.ndarray) -> np.ndarray:
    """The board of every game (see the module's docstring)."""
    g = parsed.games
    n = team.shape[1]
    tagged = g.numbers("Board")
    bad = np.flatnonzero(tagged == -2)
    if len(bad):
        k = int(bad[0])
        g.fail(k, f"Board {g.text('Board', k)!r} is not a board number", tag="Board")
    from_round = g.values("Round", _round_board, 0, np.int64)
    n_events = int(parsed.event.max()) + 1
    all_tagged = np.bincount(parsed.event, weights=tagged <= 0, minlength=n_events) == 0
    all_round = np.bincount(parsed.event, weights=from_round <= 0, minlength=n_events) == 0
    number = np.where(all_tagged[parsed.event], tagged, np.where(all_round[parsed.event],
                      from_round, 0))  # fmt: skip
    some = np.bincount(parsed.event, weights=(tagged > 0) | (from_round > 0), minlength=n_events)
    partial = (number == 0) & (some[parsed.event] > 0)
    if partial.any():  # (the first game without either, else the first without a Board tag)
        lacking = partial & (tagged <= 0) & (from_round <= 0)
        k = int(np.flatnonzero(lacking if lacking.any() else partial & (tagged <= 0))[0])
        g.fail(k, "a game without a board number (Board tag, or Round \"3.2\") in an event whose "
               "other games give one: its match's boards cannot be told", tag="Round")  # fmt: skip
    low, high = team.min(axis=0), team.max(axis=0)
    base = _match_keys(parsed, team)
    match = pd.factorize((base + low) * (int(team.max()) + 1) + high)[0]
    order = np.arange(n, dtype=np.int64)  # (the games are in file order)
    by_file = number == 0
    number = np.where(by_file, order + 1, number)
    _once_a_match(parsed, match, number)
    games_per_match = np.bincount(match)
    most = np.zeros(n_events, dtype=np.int64)
    np.maximum.at(most, parsed.event, games_per_match[match])
    over = np.bincount(parsed.event, weights=number > most[parsed.event], minlength=n_events) > 0
    shared = _shared_between_matches(parsed, match, number, n_events)
    renumber = by_file | ((over & ~shared & ~all_tagged)[parsed.event])  # (Board: the board)
    rank = pd.Series(number).groupby(match).rank(method="first").to_numpy().astype(np.int64)
    return np.where(renumber, rank, number)


def _once_a_match(parsed: ParsedPgn, match: np.ndarray, number: np.ndarray) -> None:
    """A board given twice in a match is refused."""
    key = match.astype(np.int64) * (int(number.max()) + 1) + number
    twice = np.flatnonzero(pd.Series(key).duplicated().to_numpy())
    if len(twice):
        k = int(twice[0])
        first = int(np.flatnonzero(key == key[k])[0])
        parsed.games.fail(k, f"board {number[k]} twice in a match (round {parsed.rounds[k]})",
                          other=first)  # fmt: skip


def _shared_between_matches(
    parsed: ParsedPgn, match: np.ndarray, number: np.ndarray, n_events: int
) -> np.ndarray:
    """Whether, in each event, a number is given in two matches of one round."""
    rnd = parsed.event * (int(parsed.rounds.max()) + 1) + parsed.rounds
    key = pd.DataFrame({"r": rnd, "b": number, "m": match})
    counts = key.groupby(["r", "b"], sort=False)["m"].nunique()
    rounds_shared = counts[counts > 1].index.get_level_values("r").unique().to_numpy()
    ev_of_round = pd.Series(parsed.event, index=rnd).groupby(level=0).first()
    out = np.zeros(n_events, dtype=bool)
    out[ev_of_round.reindex(rounds_shared).to_numpy(dtype=np.int64)] = True
    return out


def _frames(
    parsed: ParsedPgn, team: np.ndarray, names: pd.DataFrame, board: np.ndarray
) -> TeamPgnData:
    """The board rows (sorted by event, round, team, board), the teams, the players with their
    team, and the events."""
    two = np.concatenate
    event, rounds = two([parsed.event, parsed.event]), two([parsed.rounds, parsed.rounds])
    mine, theirs = two([team[0], team[1]]), two([team[1], team[0]])
    boards = two([board, board])
    order = np.lexsort((boards, mine, rounds, event))
    player = two([parsed.white, parsed.black])[order]
    opponent = two([parsed.black, parsed.white])[order]
    colour = np.repeat(np.array([0, 1], dtype=np.int8), len(board))[order]
    event_cat = parsed.data.events[EVENT].dtype
    assert isinstance(event_cat, pd.CategoricalDtype)  # (as read_pgn makes it)
    dtype = BOARD_ROW_DTYPES  # (the dtypes of read_team_trf's board rows)
    rows = pd.DataFrame(
        {
            EVENT: pd.Categorical.from_codes(event[order], dtype=event_cat),
            ROUND: rounds[order].astype(dtype[ROUND], copy=False),
            TEAM: mine[order].astype(dtype[TEAM], copy=False),
            OPPONENT_TEAM: pd.array(theirs[order], dtype=dtype[OPPONENT_TEAM]),
            BOARD: pd.array(boards[order], dtype=dtype[BOARD]),
            PLAYER: pd.array(player, dtype=dtype[PLAYER]),
            OPPONENT: pd.array(opponent, dtype=dtype[OPPONENT]),
            COLOUR: pd.Categorical.from_codes(colour, dtype=dtype[COLOUR]),
            POINTS: parsed.points.ravel()[order].astype(dtype[POINTS], copy=False),
            KIND: pd.Categorical.from_codes(
                parsed.kinds.ravel()[order].astype(np.int8), dtype=dtype[KIND]
            ),
        }
    )
    people = parsed.data.players  # (sorted by event and start rank: a player's row is known)
    per_event = np.bincount(people[EVENT].cat.codes.to_numpy(), minlength=len(parsed.data.events))
    at = (np.cumsum(per_event) - per_event)[event] + two([parsed.white, parsed.black]) - 1
    team_of = np.zeros(len(people), dtype=np.int64)
    team_of[at] = mine
    return TeamPgnData(rows, names, people.assign(**{TEAM: team_of}), parsed.data.events)
