"""Chess results from PGN files (Portable Game Notation), read into the frames of
:func:`tourneystats.chess.read_trf`, so that every chess function works on them.

What is read
------------
Only the tag pairs ``[Name "value"]`` of each game. The movetext is skipped without being parsed,
but read as PGN reads it: a ``{...}`` comment runs to the first ``}`` (across lines, and may hold
lines starting with ``[``), a ``;`` comment to the end of its line, a line starting with ``%`` is
ignored. A game is a run of tag lines, so a game without movetext (tags-only exports) is a game;
the next game starts at the next tag line after a blank line or movetext. Files are read in
chunks of about 8 MB scanned by threads (bounded memory; small files of a folder share a chunk;
see :mod:`tourneystats.chess.pgnlines`), as UTF-8, else Windows-1252 (per value); a byte-order
mark and CR LF line ends are accepted.

Tags and what they become
-------------------------
``Event``
    The event. ``Site`` does not split an event (broadcasts change it mid-event: the FIDE Women's
    World Rapid 2024 file spells its venue two ways; study exports write a URL per game); a
    multi-day event has games on several dates, so ``Date`` does not split it either. Games with
    the same ``Event`` are one event, in one file or spread over several (one file per round), unless
    their ``EventDate`` differs: same-named events of different years are told apart by it. Such
    events are named ``"Event (EventDate)"``. A game without ``Event`` (or ``"?"``) belongs to
    the event named after its file. Same-named events without ``EventDate`` are one event: the
    reading then stops at a player with two games in a round.
``EventDate``, ``Date``
    The event's start date (``date``): its ``EventDate``, else the earliest ``Date`` of its games;
    ``end_date`` is the latest ``Date``. Partial dates (``"2024.??.??"``) are unknown.
``Site``, ``EventType``, ``Source``
    ``city`` is the event's first ``Site`` that is not a URL. ``program`` is the pairing
    program the first ``Site`` URL or ``Source`` names (``chessmanager.com``,
    ``chess-results.com``: ``tourneystats.chess.programs.PROGRAM_SIGNS``), whose preset
    ``rules="auto"`` applies. ``type`` is the first ``EventType``;
    ``"tourn"`` (the PGN standard's all-play-all) becomes ``"round robin"`` and ``"team-tourn"``
    ``"team round robin"``, so :func:`tourneystats.chess.standings` treats those events as round
    robins.
``Round``
    ``"3"`` or ``"3.12"`` (round 3, board 12) is round 3. ``"?"``, ``"-"``, a round above 999 or
    anything else is refused with its file and line: standings need the round of every game
    (and every player of an event gets a row per round).
``White``, ``Black``, ``WhiteFideId``, ``BlackFideId``
    A player is his FIDE id when the game gives one (``0`` is none), else his name; a name that
    comes with exactly one FIDE id elsewhere in the event is that player. Names, FIDE ids, titles
    (``WhiteTitle``) and federations (``WhiteFed``) go to the players frame: the first given in
    the event (by round, then file order).
``WhiteTeam``, ``BlackTeam``, ``Board``
    Not read here: a file whose games carry team tags is a team event, read by
    :mod:`~tourneystats.chess.teampgn` (``standings_from_path`` gives its teams'
    standings). Every other tag is not read.
``WhiteElo``, ``BlackElo``
    The player's rating: the first one of the event (by round, then file order), as C.07 (2026)
    art. 10 asks ("the rating used ... is the first one"). ``0``, ``-``, ``?`` or none: unrated.
``Result``
    ``1-0``, ``0-1``, ``1/2-1/2`` are games over the board (``played``). ``*`` is a game in
    progress (a live broadcast during a round): both players get an ``in_progress`` row (the
    opponent and the colours, no points), which every tie-break leaves out (see
    :mod:`tourneystats.chess.kinds`). ``0-0`` (both lose: a double forfeit, as Olympiad files
    and pairing programs write it, with or without a ``Termination`` or comment saying forfeit)
    gives both players a ``forfeit_loss`` against each other (see :mod:`tourneystats.chess` for
    how each rule set scores a double forfeit).
``Termination``
    ``"forfeit"`` or ``"unplayed"`` (lichess broadcasts write ``Unplayed`` for games of fewer than
    two moves since 2025) makes a 1-0 or 0-1 a forfeit (``forfeit_win``/``forfeit_loss``); so does,
    for a game without moves, a comment saying forfeit or default (``{...were defaulted} 0-1``).
    Nothing else does: ``"time forfeit"`` is a game lost on time, ``"rules infraction"`` a game
    lost over the board, and an unplayed draw stays a (short) draw.

Byes and absences: PGN has no byes. A player with no game in a round of his event is absent
(``zpb``). The one convention read: a game against a player named ``BYE`` (any case, without a
FIDE id) is the other player's bye, a pairing-allocated bye (``pab``) for a win, a half-point bye
(``hpb``) for a draw, an absence (``zpb``) for a loss.

Start ranks (``player``, the TPN of C.07): PGN has none. The players of each event are numbered
by rating (highest first, unrated last), then name (alphabetical, case ignored), then FIDE id.
(FIDE's C.04.2 puts the title between rating and name for pairing numbers; titles are not used
here.)

Refused, naming the file and line (``path:LINE: message``): a line starting with ``[`` that is
not a tag line (a missing closing bracket: a truncated file), a NUL byte, a tag twice in one
game, a game without ``White``, ``Black``, ``Result`` or ``Round``, an unknown result, a round
that is not a number, an Elo or FIDE id that is not a number, a player without name nor FIDE id,
a game against oneself, the same game twice in a round, a player with two games in a round. The
frames then go through the chess validation (:func:`tourneystats.chess.validate_results`) when
standings are computed.
"""

from __future__ import annotations

import os
import re
import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

import numpy as np
import numpy.typing as npt
import pandas as pd
from pandas.api.extensions import ExtensionArray

from ..core.folders import event_names, result_files
from ..core.schema import (
    CITY,
    COLOUR,
    DATE,
    END_DATE,
    EVENT,
    FEDERATION,
    FIDE_ID,
    FILE,
    KIND,
    NAME,
    OPPONENT,
    PLAYER,
    POINTS,
    RANK,
    RATING,
    ROUND,
    ROUNDS,
    SEX,
    TITLE,
    TYPE,
    ValidationError,
)
from .kinds import (
    COLOURS,
    K_FL,
    K_FW,
    K_HPB,
    K_LIVE,
    K_PAB,
    K_PLAYED,
    K_ZPB,
    KINDS,
    POINT_SYSTEM,
    PROGRAM,
    TIEBREAK_ORDER,
)
from .pgnlines import MARKERS, PGN_SUFFIXES, Vocab, read_files
from .programs import program_of
from .trf import TrfData

__all__ = ["PGN_SUFFIXES", "read_pgn"]

# results: code -> (white points, black points)
_WHITE, _BLACK, _DRAW, _BOTH_LOSE, _LIVE = range(5)
_RESULTS = {"1-0": _WHITE, "0-1": _BLACK, "1/2-1/2": _DRAW, "½-½": _DRAW, "0-0": _BOTH_LOSE}
_RESULTS["*"] = _LIVE
_POINTS = np.array([[1.0, 0.0], [0.0, 1.0], [0.5, 0.5], [0.0, 0.0], [np.nan, np.nan]])
_FORFEIT_TERMINATIONS = {"forfeit", "forfeited", "unplayed"}
_UNKNOWN = {"", "?", "-", "??"}
_ROUND = re.compile(r"(\d{1,9})(?:\..*)?")
#: the highest round number read (every player of an event has a row per round)
MAX_ROUND = 999
_BYE = -(2**62)  # the key of a BYE opponent
_INVALID = -2
SIDES = ("White", "Black")


@dataclass
class _Games:
    """One row per game: its file and line, and the vocabulary code of each tag (-1: absent)."""

    files: list[Path]
    file: np.ndarray
    line: np.ndarray
    tags: dict[str, np.ndarray]
    texts: list[str]
    note: np.ndarray
    marker: np.ndarray

    def given(self, tag: str) -> np.ndarray:
        """Whether each game has a known `tag` value (not absent, blank, ``?`` or ``-``)."""
        if not hasattr(self, "_given"):
            self._given = np.array([t not in _UNKNOWN for t in self.texts] + [False])
        return self._given[self.tags[tag]]

    def take(self, keep: np.ndarray) -> _Games:
        """The games where `keep` is True."""
        tags = {t: c[keep] for t, c in self.tags.items()}
        return _Games(
            self.files,
            self.file[keep],
            self.line[keep],
            tags,
            self.texts,
            self.note[keep],
            self.marker[keep],
        )

    def text(self, tag: str, g: int) -> str | None:
        code = int(self.tags[tag][g])
        return None if code < 0 else self.texts[code]

    def values(
        self,
        tag: str,
        parse: Callable[[str], object],
        absent: object,
        dtype: npt.DTypeLike = object,
    ) -> np.ndarray:
        """`parse` of each game's `tag` value (called once per distinct value), `absent` where
        the game has no such tag."""
        codes = self.tags[tag]
        present = np.zeros(len(self.texts) + 1, dtype=bool)
        present[codes] = True  # -1 (absent) marks the last entry
        unique = np.flatnonzero(present[:-1])
        table = np.empty(len(self.texts) + 1, dtype=dtype)
        table[-1] = absent
        table[unique] = [parse(self.texts[c]) for c in unique.tolist()]
        return table[codes]

    def numbers(self, tag: str) -> np.ndarray:
        """The `tag` value of each game as a whole number: 0 where absent or unknown (``0``,
        ``?``, ``-``, blank), -2 where it is not a number."""
        codes = self.tags[tag]
        present = np.zeros(len(self.texts) + 1, dtype=bool)
        present[codes] = True
        unique = np.flatnonzero(present[:-1])
        texts = [self.texts[c] for c in unique.tolist()]
        table = np.zeros(len(self.texts) + 1, dtype=np.int64)
        try:  # all at once
            text = np.array(texts, dtype=str)
            digits = np.char.isdecimal(text) & (np.char.str_len(text) <= 18)
            value = np.where(digits, text, "0").astype(np.int64)
            unknown = np.isin(text, list(_UNKNOWN))
            table[unique] = np.where(digits, value, np.where(unknown, 0, _INVALID))
        except ValueError:  # digits numpy does not read (not ASCII)
            table[unique] = [_number(t) for t in texts]
        return table[codes]

    def where(self, g: int, tag: str | None = None) -> str:
        """``path:LINE`` of game `g` (of its `tag` line, when given)."""
        path, line = self.files[self.file[g]], int(self.line[g])
        return f"{path}:{_tag_line(path, line, tag) if tag else line}"

    def fail(
        self, g: int, message: str, tag: str | None = None, other: int | None = None
    ) -> NoReturn:
        also = f" (and at {self.where(other)})" if other is not None else ""
        raise ValidationError(f"{self.where(g, tag)}: {message}{also}")


def _tag_line(path: Path, line: int, tag: str) -> int:
    """The line of the `tag` tag of the game whose first tag is on `line` (read again: only
    for error messages)."""
    prefix = re.compile(rf"\s*\[\s*{tag}\s")
    with open(path, encoding="latin-1", newline=None) as fh:
        for number, text in enumerate(fh, 1):
            if number < line:
                continue
            if prefix.match(text):
                return number
            if not text.lstrip().startswith(("[", "%")):
                break
    return line


# --- reading -------------------------------------------------------------------------------------


def read_pgn(
    source: str | os.PathLike | Iterable[str | os.PathLike],
    *,
    event: str | Callable[[Path], str] | None = None,
    jobs: int | None = 1,
) -> TrfData:
    """Read PGN files (their tag pairs) into the long-format frames of a TRF.

    See :mod:`tourneystats.chess.pgn` for how each tag is read and which conventions (forfeits,
    double forfeits, games in progress, byes) are understood.

    Parameters
    ----------
    source : path-like or iterable of path-like
        A PGN file, a folder (all its ``*.pgn`` files, sorted by name) or a list of files.
    event : str or callable, optional
        By default the events are told by the ``Event`` and ``EventDate`` tags. A str puts every
        game into one event of that name; a callable maps each file's path to the name of the
        event of all its games.
    jobs : int, optional
        Processes scanning the files (None or 0: all the cores, for 32 MB of files or more; 1,
        the default: this process alone; a single file is scanned by threads); the frames do
        not depend on it (:mod:`tourneystats.chess.jobs`). A script using more than one needs
        the ``if __name__ == "__main__":`` guard.

    Returns
    -------
    TrfData
        ``results`` (one row per player per round of his event, absences included, sorted by
        event, round and start rank), ``players`` (start rank, name, title, rating, federation,
        FIDE id) and ``events`` (name, city, date, end_date, type, rounds, file), as
        :func:`tourneystats.chess.read_trf` gives them.

    Raises
    ------
    ValidationError
        Whatever cannot be read or computed, naming the file and line (``path:LINE: ...``).

    Examples
    --------
    >>> from tourneystats.chess import read_pgn
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "club.pgn"
    >>> _ = path.write_text('''
    ... [Event "Club cup"]
    ... [Round "1.1"]
    ... [White "Ann"]
    ... [Black "Bob"]
    ... [Result "1-0"]
    ... [WhiteElo "1900"]
    ...
    ... 1. e4 e5 {a comment} 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0
    ...
    ... [Event "Club cup"]
    ... [Round "2.1"]
    ... [White "Cid"]
    ... [Black "Ann"]
    ... [Result "1/2-1/2"]
    ... ''')
    >>> data = read_pgn(path)
    >>> data.results
          event  round  player  opponent colour  points    kind
    0  Club cup      1       1         2      w     1.0  played
    1  Club cup      1       2         1      b     0.0  played
    2  Club cup      1       3      <NA>    NaN     0.0     zpb
    3  Club cup      2       1         3      b     0.5  played
    4  Club cup      2       2      <NA>    NaN     0.0     zpb
    5  Club cup      2       3         1      w     0.5  played
    >>> data.players[["player", "name", "rating"]]
       player name  rating
    0       1  Ann    1900
    1       2  Bob    <NA>
    2       3  Cid    <NA>
    """
    parsed = parse_pgn(source, event=event, jobs=jobs)
    games = parsed.games
    team = games.given("WhiteTeam") | games.given("BlackTeam")
    if team.any():  # (as read_trf warns of team records)
        warnings.warn(
            f"{games.where(int(np.flatnonzero(team)[0]))}: {TEAM_TAGS_NOTE}", stacklevel=2
        )
    return parsed.data


#: what :func:`read_pgn` says of games with team tags
TEAM_TAGS_NOTE = (
    "WhiteTeam/BlackTeam tags: read_pgn gives the players' games; standings_from_path (and the "
    "command line) the team event (tourneystats.chess.teampgn)"
)


@dataclass
class ParsedPgn:
    """The games of PGN files as :func:`read_pgn` reads them, kept game by game for readers of
    more tags (the team reader, :mod:`tourneystats.chess.teampgn`).

    ``games`` holds each game's file, line and tag codes; ``rounds``, ``event`` (event code),
    ``white``/``black`` (start ranks in the event, -1: a BYE), ``kinds``/``points`` (of each side,
    White then Black: shape (2, games)); ``data`` the frames :func:`read_pgn` returns.
    """

    games: _Games
    rounds: np.ndarray
    event: np.ndarray
    white: np.ndarray
    black: np.ndarray
    kinds: np.ndarray
    points: np.ndarray
    data: TrfData


def parse_pgn(
    source: str | os.PathLike | Iterable[str | os.PathLike],
    *,
    event: str | Callable[[Path], str] | None = None,
    jobs: int | None = 1,
) -> ParsedPgn:
    """Read PGN files as :func:`read_pgn` does, keeping the games (:class:`ParsedPgn`)."""
    files = result_files(source, PGN_SUFFIXES, what="PGN files")
    games = _read(files, jobs)
    _require_tags(games)
    result = _results(games)
    rounds = games.values("Round", _round_number, -1, np.int64)
    events = _events(games, event)
    _check_rounds(games, rounds, events)
    white, black, fides = _players(games, events.code)
    seats = _seats(events.code, white, black)
    _check_pairings(games, rounds, white, black, seats)
    table = _player_table(games, events.code, rounds, white, fides, seats)
    event_cat = pd.CategoricalDtype(pd.Index(events.labels, dtype=object))
    rounds_of_event = np.zeros(len(events.labels), dtype=np.int64)
    np.maximum.at(rounds_of_event, events.code, rounds)
    forfeit = _forfeits(games, result)
    results = _results_frame(
        events.code, rounds, result, forfeit, table, rounds_of_event, event_cat
    )
    sides = [
        _side_rows(result, forfeit, me, other, side)
        for side, (me, other) in enumerate([(table.white, table.black), (table.black, table.white)])
    ]
    data = TrfData(
        results,
        _players_frame(table, event_cat),
        _events_frame(games, events, rounds_of_event, event_cat),
    )
    return ParsedPgn(
        games,
        rounds,
        events.code,
        table.white,
        table.black,
        np.stack([s[0] for s in sides]),
        np.stack([s[1] for s in sides]),
        data,
    )


def _read(files: list[Path], jobs: int | None = 1) -> _Games:
    """The games of all files (scanned on `jobs` processes), their tag values numbered in one
    vocabulary."""
    if jobs == 1:
        vocab = Vocab()
        parts = read_files(files, vocab)
    else:
        from .jobs import read_pgn_files

        parts, vocab = read_pgn_files(files, jobs)
    for path, part in zip(files, parts):
        if len(part.line) == 0:
            raise ValidationError(f'{path}: no games in this file (no tag lines [Name "value"])')
    code, texts = vocab.resolve()
    code = code.astype(np.int32)
    tags = {}
    for tag in list(parts[0].tags):
        provisional = np.concatenate([p.tags.pop(tag) for p in parts])
        tags[tag] = np.where(provisional >= 0, code[np.maximum(provisional, 0)], np.int32(-1))
    return _Games(
        files,
        np.repeat(np.arange(len(files)), [len(p.line) for p in parts]),
        np.concatenate([p.line for p in parts]),
        tags,
        texts,
        np.concatenate([p.note for p in parts]),
        np.concatenate([p.marker for p in parts]),
    )


def _require_tags(games: _Games) -> None:
    """Every game has White, Black, Result and Round."""
    needed = ("White", "Black", "Result", "Round")
    missing = np.stack([games.tags[t] < 0 for t in needed], axis=1)
    bad = np.flatnonzero(missing.any(axis=1))
    if len(bad):
        g = int(bad[0])
        names = ", ".join(t for t, m in zip(needed, missing[g]) if m)
        games.fail(g, f"a game without {names} (every game needs White, Black, Result and Round)")


def _results(games: _Games) -> np.ndarray:
    """The result code of every game; an unknown result is refused."""
    result = games.values("Result", lambda t: _RESULTS.get(t, _INVALID), _INVALID, np.int64)
    bad = np.flatnonzero(result == _INVALID)
    if len(bad):
        g = int(bad[0])
        games.fail(
            g,
            f"unknown result {games.text('Result', g)!r} (expected 1-0, 0-1, 1/2-1/2, 0-0 or *)",
            tag="Result",
        )
    # the termination marker ending the movetext must agree with the tag (PGN standard 8.2.6)
    checked = (games.marker >= 0) & (result != _BOTH_LOSE)
    bad = np.flatnonzero(checked & (games.marker != result))
    if len(bad):
        g = int(bad[0])
        shown = {code: m.decode() for m, code in MARKERS.items()}[int(games.marker[g])]
        games.fail(
            g,
            f"the Result tag {games.text('Result', g)!r} contradicts the game's termination "
            f"marker {shown!r} (the last token of its movetext)",
            tag="Result",
        )
    return result


def _round_number(text: str) -> int:
    """``"3"`` and ``"3.12"`` are round 3; -1 for an unknown round, -2 for anything else (and
    for a round beyond :data:`MAX_ROUND`)."""
    if text in _UNKNOWN:
        return -1
    match = _ROUND.fullmatch(text)
    return int(match.group(1)) if match and 0 < int(match.group(1)) <= MAX_ROUND else _INVALID


# --- events --------------------------------------------------------------------------------------


@dataclass
class _Events:
    code: np.ndarray  # event of each game
    labels: list[str]
    first_game: np.ndarray  # a game of each event (its first)


def _events(games: _Games, event: str | Callable[[Path], str] | None) -> _Events:
    """The event of every game: by ``Event`` and ``EventDate``, or as `event` names them."""
    n = len(games.line)
    if event is None:
        name = games.given("Event")
        ev = np.where(name, games.tags["Event"], -1)
        has_date = games.values("EventDate", lambda t: any(c.isdigit() for c in t), False, bool)
        date = np.where(has_date, games.tags["EventDate"], -1)
        code = _combined([ev, date, np.where(name, -1, games.file)])
        first = _first_of(code, int(code.max()) + 1)
        stems = event_names(games.files)  # paths below the folder for stems read twice
        labels = [
            games.texts[e] if e >= 0 else stems[f]
            for e, _, f in zip(ev[first], date[first], games.file[first])
        ]
        labels = _distinct(labels, [games.text("EventDate", g) for g in first.tolist()])
    elif isinstance(event, str):
        code, labels = np.zeros(n, dtype=np.int64), [event]
    elif callable(event):
        per_file = [str(event(p)) for p in games.files]
        file_code, labels = pd.factorize(pd.Index(per_file, dtype=object))
        code, labels = file_code[games.file], list(labels)
    else:
        raise TypeError(f"event must be None, a str or a callable, not {type(event).__name__}")
    code = np.asarray(code, dtype=np.int64)
    return _Events(code, list(labels), _first_of(code, len(labels)))


def _combined(columns: list[np.ndarray]) -> np.ndarray:
    """One code per distinct row of the integer `columns`, numbered in order of appearance."""
    code = pd.factorize(columns[0])[0]
    for column in columns[1:]:
        inner, values = pd.factorize(column)
        code = pd.factorize(code.astype(np.int64) * len(values) + inner)[0]
    return code.astype(np.int64)


def _first_of(code: np.ndarray, n: int) -> np.ndarray:
    """The first row of each of the `n` groups numbered by `code`."""
    first = np.full(n, len(code), dtype=np.int64)
    np.minimum.at(first, code, np.arange(len(code)))
    return first


def _distinct(labels: list[str], dates: list[str | None]) -> list[str]:
    """Labels made distinct: a name used by several events gets its ``EventDate`` (or a number)."""
    counts = pd.Series(labels).value_counts()
    out = [
        f"{label} ({date or 'no EventDate'})" if counts[label] > 1 else label
        for label, date in zip(labels, dates)
    ]
    seen: dict[str, int] = {}
    for k, label in enumerate(out):
        seen[label] = seen.get(label, 0) + 1
        if seen[label] > 1:
            out[k] = f"{label} #{seen[label]}"
    return out


def _check_rounds(games: _Games, rounds: np.ndarray, events: _Events) -> None:
    """Every game has a round number."""
    bad = np.flatnonzero(rounds <= 0)
    if len(bad) == 0:
        return
    g = int(bad[0])
    e = events.code[g]
    text = games.text("Round", g)
    if rounds[g] == -1 and (rounds[events.code == e] == -1).all():
        games.fail(
            int(events.first_game[e]),
            f"the event {events.labels[e]!r} gives no round numbers (Round {text!r}): standings "
            "need the round of every game",
            tag="Round",
        )
    games.fail(
        g,
        f"Round {text!r} is not a round number 1-{MAX_ROUND} (expected 3, or 3.1 for board 1)",
        tag="Round",
    )


# --- players -------------------------------------------------------------------------------------


def _number(text: str) -> int:
    """A FIDE id or a rating: 0 for none (``0``, ``?``, ``-``, blank), -2 for a value that is
    not a number."""
    if text in _UNKNOWN:
        return 0
    return int(text) if text.isdecimal() and text.isascii() and len(text) <= 18 else _INVALID


def _checked(games: _Games, tag: str, what: str) -> np.ndarray:
    """The numbers of `tag` (0 where absent or unknown); a value that is not one is refused."""
    values = games.numbers(tag)
    bad = np.flatnonzero(values == _INVALID)
    if len(bad):
        g = int(bad[0])
        games.fail(g, f"{tag} {games.text(tag, g)!r} is not {what}", tag=tag)
    return values


def _players(
    games: _Games, event_code: np.ndarray
) -> tuple[np.ndarray, np.ndarray, list[np.ndarray]]:
    """The player key of each side of each game: the FIDE id, else the name (``-1 - code``),
    :data:`_BYE` for a player named BYE; and the FIDE ids."""
    keys, fides = [], []
    for side in ("White", "Black"):
        fide = _checked(games, f"{side}FideId", "a FIDE id (a number)")
        named = games.given(side)
        bye = games.values(side, lambda t: t.casefold() == "bye", False, bool) & (fide == 0)
        missing = np.flatnonzero(~named & (fide == 0))
        if len(missing):
            games.fail(int(missing[0]), f"a game without the {side} player's name", tag=side)
        key = np.where(fide > 0, fide, -1 - games.tags[side].astype(np.int64))
        keys.append(np.where(bye, _BYE, key))
        fides.append(fide)
    white, black = _names_to_ids(games, event_code, keys, fides)
    both_bye = np.flatnonzero((white == _BYE) & (black == _BYE))
    if len(both_bye):
        games.fail(int(both_bye[0]), "a game between two byes", tag="White")
    selfish = np.flatnonzero((white == black) & (white != _BYE))
    if len(selfish):
        g = int(selfish[0])
        games.fail(g, f"{games.text('White', g)!r} plays both White and Black", tag="White")
    return white, black, fides


def _names_to_ids(
    games: _Games, event_code: np.ndarray, keys: list[np.ndarray], fides: list[np.ndarray]
) -> tuple[np.ndarray, np.ndarray]:
    """Players known by name who come with exactly one FIDE id elsewhere in their event are
    that FIDE id."""
    fide = np.concatenate(fides)
    if not ((fide == 0).any() and (fide > 0).any()):
        return keys[0], keys[1]
    key = np.concatenate(keys)
    name = np.concatenate([games.tags["White"], games.tags["Black"]])
    ev = np.concatenate([event_code, event_code])
    known = pd.DataFrame({"e": ev, "n": name, "f": fide})[fide > 0].drop_duplicates()
    one = known.groupby(["e", "n"])["f"].agg(["nunique", "first"])
    one = one.loc[one["nunique"] == 1, "first"]
    by_name = (fide == 0) & (key != _BYE)
    found = one.reindex(pd.MultiIndex.from_arrays([ev[by_name], name[by_name]]))
    found = found.to_numpy(dtype=np.float64, na_value=np.nan)
    key = key.copy()
    key[np.flatnonzero(by_name)[~np.isnan(found)]] = found[~np.isnan(found)].astype(np.int64)
    return key[: len(event_code)], key[len(event_code) :]


@dataclass
class _Seats:
    """The sides of the games that are players (not a BYE): row ``r`` is the White of game
    ``r`` (``r < n``) or the Black of game ``r - n``; `group` numbers the (event, player)."""

    row: np.ndarray
    group: np.ndarray
    n_players: int


def _seats(event_code: np.ndarray, white: np.ndarray, black: np.ndarray) -> _Seats:
    key = np.concatenate([white, black])
    row = np.flatnonzero(key != _BYE)
    ev, key = np.concatenate([event_code, event_code])[row], key[row]
    if len(row) == 0:
        return _Seats(row, row, 0)
    low, span = int(key.min()), int(key.max()) - int(key.min()) + 1
    if span * (int(ev.max()) + 1) < 2**62:  # one integer per (event, player)
        group = pd.factorize(ev * span + (key - low))[0].astype(np.int64)
    else:
        group = _combined([ev, key])
    return _Seats(row, group, int(group.max()) + 1)


def _check_pairings(
    games: _Games, rounds: np.ndarray, white: np.ndarray, black: np.ndarray, seats: _Seats
) -> None:
    """No game twice in a round, no player with two games in a round."""
    n = len(white)
    seat = seats.group * (MAX_ROUND + 1) + np.concatenate([rounds, rounds])[seats.row]
    twice = np.flatnonzero(pd.Series(seat).duplicated().to_numpy())
    if len(twice) == 0:
        return
    first = int(np.flatnonzero(seat == seat[twice[0]])[0])
    g1, g2 = sorted((int(seats.row[first] % n), int(seats.row[twice[0]] % n)))
    player = np.concatenate([white, black])[seats.row[first]]
    side = "White" if white[g2] == player else "Black"
    hint = ""
    dates = games.text("Date", g1), games.text("Date", g2)
    if None not in dates and dates[0][:4] != dates[1][:4]:  # type: ignore[index]
        hint = "; two events of one name? an EventDate tag or event= tells them apart"
    if {white[g1], black[g1]} == {white[g2], black[g2]}:
        games.fail(g2, f"the same game twice in round {rounds[g2]}{hint}", other=g1)
    message = f"{games.text(side, g2)!r} has two games in round {rounds[g2]}{hint}"
    games.fail(g2, message, other=g1)


def _blank(text: str) -> bool:
    return text not in _UNKNOWN


@dataclass
class _Table:
    """The players: one row per (event, player), sorted by event and start rank."""

    event: np.ndarray
    tpn: np.ndarray
    name: list[str | None]
    title: list[str | None]
    rating: np.ndarray  # 0: unrated
    federation: list[str | None]
    fide: np.ndarray  # 0: none
    white: np.ndarray  # start rank of each game's White (-1: a bye)
    black: np.ndarray
    per_event: np.ndarray  # players of each event


def _first_given(
    group: np.ndarray, rank: np.ndarray, value: np.ndarray, given: np.ndarray, n: int, empty: object
) -> np.ndarray:
    """For each of the `n` groups, the `value` of its row of lowest `rank` among the rows where
    `given` (ranks are distinct within a group), else `empty`."""
    rows = np.flatnonzero(given)
    best = np.full(n, np.iinfo(np.int64).max, dtype=np.int64)
    np.minimum.at(best, group[rows], rank[rows])
    hit = rows[rank[rows] == best[group[rows]]]
    out = np.full(n, empty, dtype=value.dtype)
    out[group[hit]] = value[hit]
    return out


def _both(
    games: _Games, tag: str, parse: Callable[[str], object], absent: object, dtype: npt.DTypeLike
) -> np.ndarray:
    """`parse` of the `tag` value of White, then of Black, of every game (``WhiteElo``, then
    ``BlackElo``)."""
    other = tag.replace("White", "Black", 1)
    return np.concatenate(
        [games.values(tag, parse, absent, dtype), games.values(other, parse, absent, dtype)]
    )


def _text_given(
    games: _Games, tag: str, rows: np.ndarray, group: np.ndarray, rank: np.ndarray, n: int
) -> list[str | None]:
    """The first known text of `tag` (White and Black) of each of the `n` groups."""
    other = tag.replace("White", "Black", 1)
    codes = np.concatenate([games.tags[tag], games.tags[other]])[rows]
    known = np.concatenate([games.given(tag), games.given(other)])[rows]
    first = _first_given(group, rank, codes, known, n, -1)
    return [games.texts[c] if c >= 0 else None for c in first.tolist()]


def _player_table(
    games: _Games,
    event_code: np.ndarray,
    rounds: np.ndarray,
    white: np.ndarray,
    fides: list[np.ndarray],
    seats: _Seats,
) -> _Table:
    """Each player's name, title, federation, FIDE id and first rating in his event (first by
    round, then file order), and his start rank."""
    n = len(white)
    row, group, n_players = seats.row, seats.group, seats.n_players
    ev = np.concatenate([event_code, event_code])[row]
    rank = np.concatenate([rounds, rounds])[row] * n + row % n  # first by round, then file order
    names = _text_given(games, "White", row, group, rank, n_players)
    titles = _text_given(games, "WhiteTitle", row, group, rank, n_players)
    feds = _text_given(games, "WhiteFed", row, group, rank, n_players)
    elo = np.concatenate([_checked(games, f"{s}Elo", "a rating (a number)") for s in SIDES])[row]
    rating = _first_given(group, rank, elo, elo > 0, n_players, 0)
    fide = np.concatenate(fides)[row]
    fide = _first_given(group, rank, fide, fide > 0, n_players, 0)
    p_event = np.zeros(n_players, dtype=np.int64)
    p_event[group] = ev
    # start ranks: rating (highest first, unrated last), name, FIDE id
    name_key = np.array([(x or "").casefold() for x in names], dtype=str)
    by_rank = np.lexsort((fide, name_key, -rating, p_event))
    per_event = np.bincount(p_event)
    tpn = np.empty(n_players, dtype=np.int64)
    tpn[by_rank] = np.arange(n_players) - np.repeat(np.cumsum(per_event) - per_event, per_event)
    tpn += 1
    tpn_of = np.full(2 * n, -1, dtype=np.int64)
    tpn_of[row] = tpn[group]
    pick = by_rank.tolist()
    return _Table(
        p_event[by_rank],
        tpn[by_rank],
        [names[i] for i in pick],
        [titles[i] for i in pick],
        rating[by_rank],
        [feds[i] for i in pick],
        fide[by_rank],
        tpn_of[:n],
        tpn_of[n:],
        per_event,
    )


# --- the frames ----------------------------------------------------------------------------------


def _forfeits(games: _Games, result: np.ndarray) -> np.ndarray:
    """Decisive games marked as forfeits: ``Termination`` forfeit/unplayed, or no moves and a
    comment saying forfeit or default."""
    said = games.values("Termination", lambda t: t.casefold() in _FORFEIT_TERMINATIONS, False, bool)
    return (said | games.note) & ((result == _WHITE) | (result == _BLACK))


def _side_rows(
    result: np.ndarray, forfeit: np.ndarray, me: np.ndarray, other: np.ndarray, side: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Kind, points, opponent (-1: none) and colour (-1: none) of one side of every game."""
    points = _POINTS[result, side]
    kind = np.where(forfeit, np.where(points == 1, K_FW, K_FL), K_PLAYED)
    kind = np.where(result == _LIVE, K_LIVE, kind)
    bye = other < 0  # a game against BYE in progress: no bye yet, an absence
    kind = np.where(bye, np.select([points == 1, points == 0.5], [K_PAB, K_HPB], K_ZPB), kind)
    points = np.where(bye & np.isnan(points), 0.0, points)
    kind = np.where((result == _BOTH_LOSE) & ~bye, K_FL, kind)  # a double forfeit
    return kind, points, np.where(bye, -1, other), np.where(bye, -1, side)


def _results_frame(
    event_code: np.ndarray,
    rounds: np.ndarray,
    result: np.ndarray,
    forfeit: np.ndarray,
    table: _Table,
    rounds_of_event: np.ndarray,
    event_cat: pd.CategoricalDtype,
) -> pd.DataFrame:
    """One row per player and round of his event (absences included), sorted by event, round
    and start rank."""
    n_events = len(rounds_of_event)
    per_event = np.bincount(table.event, minlength=n_events)
    size = per_event * rounds_of_event
    base = np.cumsum(size) - size
    total = int(size.sum())
    row_event = np.repeat(np.arange(n_events), size)
    local = np.arange(total) - base[row_event]
    row_round, row_player = np.divmod(local, np.maximum(per_event[row_event], 1))
    del local
    kind = np.full(total, K_ZPB, dtype=np.int8)
    points = np.zeros(total)
    opponent = np.full(total, -1, dtype=np.int64)
    colour = np.full(total, -1, dtype=np.int8)
    for side, (me, other) in enumerate([(table.white, table.black), (table.black, table.white)]):
        real = me > 0
        at = base[event_code] + (rounds - 1) * per_event[event_code] + me - 1
        values = _side_rows(result, forfeit, me, other, side)
        for column, value in zip((kind, points, opponent, colour), values):
            column[at[real]] = value[real]  # type: ignore[index]  # (arrays of several dtypes)
    return pd.DataFrame(
        {
            EVENT: pd.Categorical.from_codes(row_event, dtype=event_cat),
            ROUND: row_round + 1,
            PLAYER: row_player + 1,
            OPPONENT: pd.arrays.IntegerArray(np.maximum(opponent, 0), opponent < 0),
            COLOUR: pd.Categorical.from_codes(colour, categories=pd.Index(list(COLOURS))),
            POINTS: points,
            KIND: pd.Categorical.from_codes(kind, categories=pd.Index(list(KINDS))),
        },
        copy=False,
    )


def _strings(values: list[str | None]) -> ExtensionArray:
    return pd.array(values, dtype="string")


def _players_frame(table: _Table, event_cat: pd.CategoricalDtype) -> pd.DataFrame:
    """One row per player of each event."""
    n = len(table.tpn)
    missing = pd.array([pd.NA] * n, dtype="string")
    return pd.DataFrame(
        {
            EVENT: pd.Categorical.from_codes(table.event, dtype=event_cat),
            PLAYER: table.tpn,
            NAME: _strings(table.name),
            SEX: missing,
            TITLE: _strings(table.title),
            RATING: pd.arrays.IntegerArray(table.rating, table.rating <= 0),
            FEDERATION: _strings(table.federation),
            FIDE_ID: pd.arrays.IntegerArray(table.fide, table.fide <= 0),
            POINTS: np.full(n, np.nan),
            RANK: pd.array([pd.NA] * n, dtype="Int64"),
        }
    )


def _date(text: str) -> np.datetime64:
    """A PGN date ``YYYY.MM.DD`` (``-`` or ``/`` accepted); NaT when a part is unknown."""
    match = re.fullmatch(r"(\d{4})[./-](\d{2})[./-](\d{2})", text)
    try:
        return np.datetime64("-".join(match.groups()), "ns") if match else np.datetime64("NaT")
    except ValueError:  # 2024.13.45
        return np.datetime64("NaT")


def _event_type(text: str) -> str:
    """``EventType`` as the ``type`` column: the PGN all-play-all ``tourn`` is a round robin."""
    return {"tourn": "round robin", "team-tourn": "team round robin"}.get(text.casefold(), text)


def _per_event_text(
    games: _Games, events: _Events, tag: str, keep: Callable[[str], bool]
) -> list[str | None]:
    """The first text of `tag` in each event's games that `keep` accepts."""
    ok = games.values(tag, keep, False, bool)
    game = np.arange(len(ok))
    first = _first_given(events.code, game, games.tags[tag], ok, len(events.labels), -1)
    return [games.texts[c] if c >= 0 else None for c in first.tolist()]


def _programs(games: _Games, events: _Events) -> list[str | None]:
    """The program each event's first ``Site`` URL or ``Source`` tag names (a preset's name;
    None: none named, :func:`~tourneystats.chess.programs.program_of`)."""
    sites = _per_event_text(games, events, "Site", lambda t: _blank(t) and "://" in t)
    sources = _per_event_text(games, events, "Source", _blank)
    return [program_of(a, b) for a, b in zip(sites, sources, strict=True)]


def _events_frame(
    games: _Games, events: _Events, rounds_of_event: np.ndarray, event_cat: pd.CategoricalDtype
) -> pd.DataFrame:
    """One row per event: name, city, dates, type, rounds, first file."""
    n = len(events.labels)
    day = pd.Series(games.values("Date", _date, np.datetime64("NaT"), "datetime64[ns]"))
    by_event = day.groupby(events.code)
    start = pd.Series(pd.NaT, index=range(n), dtype="datetime64[ns]")
    given = games.values("EventDate", _date, np.datetime64("NaT"), "datetime64[ns]")
    given = pd.Series(given).groupby(events.code).first().reindex(range(n))
    start = given.fillna(by_event.min().reindex(range(n)))
    event_type = _per_event_text(games, events, "EventType", _blank)
    return pd.DataFrame(
        {
            EVENT: pd.Categorical.from_codes(np.arange(n), dtype=event_cat),
            NAME: _strings(_per_event_text(games, events, "Event", _blank)),
            CITY: _strings(
                _per_event_text(games, events, "Site", lambda t: _blank(t) and "://" not in t)
            ),
            FEDERATION: pd.array([pd.NA] * n, dtype="string"),
            DATE: start.to_numpy(dtype="datetime64[ns]"),
            END_DATE: by_event.max().reindex(range(n)).to_numpy(dtype="datetime64[ns]"),
            TYPE: _strings([_event_type(t) if t else None for t in event_type]),
            ROUNDS: rounds_of_event,
            POINT_SYSTEM: pd.array([pd.NA] * n, dtype="string"),  # PGN has none: the default
            TIEBREAK_ORDER: pd.array([pd.NA] * n, dtype="string"),
            PROGRAM: _strings(_programs(games, events)),
            FILE: _strings([str(games.files[games.file[g]]) for g in events.first_game.tolist()]),
        }
    )
