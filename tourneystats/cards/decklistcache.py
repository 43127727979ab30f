"""Read the JSON tournament files of the public Magic: The Gathering archives (MTGODecklistCache).

The archives (Badaro/MTGODecklistCache and its successors, e.g. fbettega/MTG_decklistcache) keep
one JSON file per event, scraped from MTGO, melee.gg, ManaTraders, topdeck.gg and others::

    {"Tournament": {"Date": "2024-06-30T00:00:00+00:00", "Name": "...", "Uri": "https://..."},
     "Decks": [...],
     "Rounds": [{"RoundName": "Round 1",
                 "Matches": [{"Player1": "A", "Player2": "B", "Result": "2-1-0"},
                             {"Player1": "C", "Player2": null, "Result": "2-0-0"}]}, ...],
     "Standings": [{"Rank": 1, "Player": "A", "Points": 21, "Wins": 7, "Losses": 0,
                    "Draws": 0, "OMWP": 0.674, "GWP": 0.875, "OGWP": 0.609}, ...]}

How the files are read:

- ``Result`` is ``"a-b-c"``: games won by Player1, by Player2, and drawn (not winner first:
  ``"0-2-0"`` is a Player2 win). Files of topdeck.gg hold match results only (``"1-0-0"``
  Player1 won, ``"0-0-1"`` drawn): their events say ``game_scores`` False, and the standings
  computed from them have no game values.
- A **bye** is a match whose ``Player2`` is null, empty or ``"-"`` (melee.gg), or, in
  CardsRealm files, whose Player1 or Player2 is ``"Bye"``, whatever its ``Result`` says
  (topdeck.gg writes byes ``"0-0-1"``), unless the result is a *loss*: a **loss to no one** (a
  forfeit: melee.gg's and CardsRealm's no-shows, which their published points count lost), a
  match row without an opponent whose games are a loss. In CardsRealm files an empty
  ``Player2`` is no bye but a player without a name, read as the player ``"(unnamed)"`` (the
  k-th of a round ``"(unnamed) (k)"``): CardsRealm counts him in the opponents' averages (the
  public archive's players who met one: 118 published only so, 6 only as with a bye). A
  CardsRealm file naming a player so is refused (he could not be told from them).
- **Swiss rounds** are named ``Round N`` or ``N`` (topdeck.gg), or ``Top Power`` /
  ``Top Random`` (topdeck.gg's Swiss rounds paired by standing or at random); they become match
  rows numbered 1, 2, 3, ... in file order. **Playoff rounds** (``Quarterfinals``,
  ``Semifinals``, ``Finals``, ``Top 8``, ``Loser Semifinals``, ``Match for 7th and 8th
  places``, ...: any name with *final*, *top N*, *place*, *playoff* or *bracket*) are not
  Swiss rounds. The bracket's ``Quarterfinals``, ``Semifinals`` and ``Finals`` are read apart
  (``CardsFile.bracket``: counted by the rules that count them, ``Rules.playoff_tiebreakers``,
  and kept as rows marked ``bracket`` by ``import``); the others are left out. Each is named in
  one warning. Any other round name is refused.
- A match listed twice in a round with the same result (melee.gg lists drawn matches once from
  each player's page, as A-B and B-A) is kept once, and so is a match listed once with its
  games and once ``"0-0-0"`` (not reported on one player's page): with its games; a player in
  two different matches of a round
  is refused, unless his name is one several players have: topdeck.gg's ``"Deleted"`` accounts,
  or a name the ``Standings`` list more than once. Those are distinct players, the k-th of a
  round named ``name (k)`` (k > 1; the rounds alone cannot tell which of them played which
  match: for a name the standings list more than once, the check and the standings of a path
  then tell them apart by their published records and percentages,
  :func:`~tourneystats.cards.homonyms.told_apart`). A player really named like such a label
  (``Al (2)`` where the standings list ``Al`` twice) is refused where he appears.
- A **top cut written as Swiss rounds** (``Round 8``, ``Round 9``, ``Round 10`` with 4, 2 and 1
  matches after seven Swiss rounds) is kept as rounds; ``events.cut_round`` gives its first
  round (0: none): the longest run of last rounds without byes, each played by a power of two
  of players, half the players of the round before, all of whom won or drew it, after a round
  with more players; a cut of one round (not a final) is played by the leaders by match
  points (none has fewer than a player left out: a last Swiss round of 16 players after 36 is
  no cut). Its players are marked ``playoffs`` (their published rank comes from it).
- The ``Standings`` are the published frame (``Rank, Player, Points, Wins, Losses, Draws, OMWP,
  GWP, OGWP``; a value may be null); the event is the file's stem. A value no standings can
  have is refused where it stands (``Standings[4].OMWP``): points, wins, losses or draws below
  0, a rank below 1, an ``OMWP``, ``GWP`` or ``OGWP`` above 1 (a percentage, 67.4 for 0.674),
  an ``OMWP`` or ``OGWP`` below 0. melee.gg's ``GWP`` of -0.2 (259 entries of the public
  archive, 2024-2026) is kept as published.
- **Names** are read as every reader reads them (:mod:`tourneystats.core.people`): whitespace
  trimmed, each run of it one space (``"Tim Bunnik "`` is ``"Tim Bunnik"``: 276 names of 86
  topdeck.gg files of the public archive, and 1 of CardsRealm, have such spaces); letter case kept (melee.gg's ``"GEN Shinohara"`` and
  ``"Gen Shinohara"`` are two players, named in a warning by the standings).
- A **round block repeated** (a Swiss round whose name is an earlier one's, or whose two
  matches or more, with their results, are all an earlier round's) is refused: its matches
  would count twice. Rounds of byes only may repeat (a melee.gg event of 2025 lists two byes
  in rounds 7 to 9).

Every error names the file and the place in it (``Rounds[3].Matches[7]``, ``Standings[4]``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import json
import os
import re
import warnings
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from ..core.folders import Source, event_names, list_files
from ..core.people import clean_name
from ..core.schema import (
    DATE,
    DRAWS,
    EVENT,
    FILE,
    LOSSES,
    NAME,
    OPPONENT,
    PLAYER,
    ROUND,
    WINS,
    ValidationError,
)
from .jsonstandings import STANDINGS_KEYS, _fail, _key, read_standings, standings_precision
from .prepare import MAX_GAMES
from .published import (
    CUT_ROUND,
    GAME_SCORES,
    PLATFORM,
    PLAYOFFS,
    PRECISION,
    UNREAD,
    URI,
    CardsFile,
    note,
)

__all__ = ["read_mtg_json"]

#: the suffix of the archives' files
JSON_SUFFIXES = (".json",)
#: the keys every file has (the sniffing of a folder's files looks for them)
JSON_KEYS = ("Tournament", "Rounds")
#: web sites the archives scrape, by the host of ``Tournament.Uri`` (or a folder of the path)
PLATFORMS = {
    "manatraders": "manatraders",
    "cardsrealm": "cardsrealm",
    "topdeck": "topdeck",
    "melee": "melee",
    "mtgo": "mtgo",
    "magic.wizards": "mtgo",
}
_SWISS = re.compile(r"(round\s*)?\d+|top (power|random)", re.IGNORECASE)
_PLAYOFF = re.compile(r"final|\btop\s*\d+|\bplaces?\b|playoff|bracket", re.IGNORECASE)
_RESULT = re.compile(r"\s*(\d{1,7})-(\d{1,7})-(\d{1,7})\s*")
_BYE_NAMES = ("", "-")
#: the opponents that are no one, by platform, besides ``null``, ``""`` and ``"-"`` (lower case):
#: CardsRealm names the bye "Bye", as Player1 or Player2
PLACEHOLDERS = {"cardsrealm": ("bye",)}
#: the name topdeck.gg gives every deleted account (several may play in one event)
DELETED = "Deleted"
#: the name given to CardsRealm's opponents without a name (``Player2`` ``""``): players, not
#: byes (CardsRealm averages them in the opponents' values; several may play in one round)
UNNAMED = "(unnamed)"
#: the platforms whose empty ``Player2`` is such a player (elsewhere an empty one is a bye)
NAMELESS_OPPONENTS = ("cardsrealm",)


def _refuse_placeholder(path: Path, where: str, *names: str | None) -> None:
    """Refuse a player named like the players without a name (``UNNAMED``, ``UNNAMED (k)``):
    his matches would be theirs."""
    for name in names:
        if name is not None and name.strip().startswith(UNNAMED):
            raise _fail(
                path,
                where,
                f"a player named {name!r}, the name given to the players without a name of "
                "this platform's files: the two could not be told apart",
            )


#: the label of the k-th player (k > 1) of a name several players of a round have
_LABEL = re.compile(r"(.+) \((\d+)\)")


def shared_label(name: str, k: int) -> str:
    """The label of the k-th player (from 1) of a name several players have: ``name`` for the
    first, ``name (k)`` for the others.

    Examples
    --------
    >>> shared_label("Al", 1), shared_label("Al", 2)
    ('Al', 'Al (2)')
    """
    return name if k == 1 else f"{name} ({k})"


def _refuse_label(path: Path, where: str, shared: frozenset, *names: str | None) -> None:
    """Refuse a player named like the label ``name (k)`` that the k-th player of a name several
    players have (`shared`) is given: his matches would be that player's."""
    for name in names:
        found = None if name is None else _LABEL.fullmatch(name.strip())
        if found and found.group(1) in shared and int(found.group(2)) > 1:
            raise _fail(
                path,
                where,
                f"a player named {name!r}, the label of player {found.group(2)} of those named "
                f"{found.group(1)!r} in a round (several players have that name): the two could "
                "not be told apart",
            )


def _load(path: Path) -> dict:
    """The file's JSON object (read strictly: :func:`~tourneystats.core.jsontext.load_json`)."""
    from ..core.io import note_input
    from ..core.jsontext import load_json

    note_input(path)
    raw = path.read_bytes()
    try:
        data = load_json(raw, path)
    except UnicodeDecodeError as exc:  # (a byte order mark, left out, is 3 bytes)
        line = raw.removeprefix(b"\xef\xbb\xbf")[: exc.start].count(b"\n") + 1
        raise _fail(path, f"line {line}", "bytes that are not UTF-8 (not a JSON file)") from None
    if not isinstance(data, dict):
        raise _fail(path, "", f"the JSON is a {type(data).__name__}, not an object with 'Rounds'")
    return data


def _platform(path: Path, uri: str | None) -> str | None:
    """The site an event comes from: the host of its page, else a folder of its path."""
    host = re.sub(r"^\w+://", "", uri or "").split("/")[0].lower()
    for text in (host, *(part.lower() for part in path.parts[:-1])):
        for marker, platform in PLATFORMS.items():
            if marker in text:
                return platform
    return None


def _round_kind(path: Path, name: str, where: str) -> bool:
    """True for a Swiss round, False for a playoff round; refuses any other name."""
    text = name.strip()
    if _SWISS.fullmatch(text):
        return True
    if _PLAYOFF.search(text):
        return False
    raise _fail(
        path,
        f"{where}.RoundName",
        f"round {name!r} is neither a Swiss round ('Round N', 'N', 'Top Power', 'Top Random') "
        "nor a playoff round (quarter-, semi-, finals, 'Top N', 'Match for ... places')",
    )


def _result(path: Path, text: str, where: str) -> tuple[int, int, int]:
    found = _RESULT.fullmatch(text)
    if not found:
        raise _fail(
            path, f"{where}.Result", f"unknown result {text!r} (expected 'a-b-c': games won by "
            "Player1, by Player2, drawn)"
        )  # fmt: skip
    games = tuple(int(x) for x in found.groups())
    if max(games) > MAX_GAMES:
        raise _fail(path, f"{where}.Result", f"{text!r}: more than {MAX_GAMES} games")
    return games  # type: ignore[return-value]


class _Round:
    """The matches of one Swiss round, each player once (a repeated identical match once)."""

    def __init__(
        self,
        path: Path,
        number: int,
        name: str,
        bye_player: str | None,
        platform: str | None = None,
        shared: frozenset = frozenset(),
    ) -> None:
        self.path, self.number, self.name, self.bye_player = path, number, name, bye_player
        self.named = PLACEHOLDERS.get(platform or "", ())  # the platform's names of no one
        self.shared = shared  # names several players have (:func:`_shared_names`)
        self.nameless = platform in NAMELESS_OPPONENTS
        self.met: dict[str, int] = {}  # players of a shared name met so far in the round
        self.seen: dict[str, tuple[str, object, tuple[int, int, int]]] = {}
        self.rows: list[tuple] = []
        self.null_byes = 0

    def add(self, match: Any, where: str) -> None:
        p1 = clean_name(_key(self.path, match, "Player1", where, (str,)))
        p2 = clean_name(_key(self.path, match, "Player2", where, (str, type(None))))
        w, l, d = _result(self.path, _key(self.path, match, "Result", where, (str,)), where)  # noqa: E741
        if self.nameless:
            _refuse_placeholder(self.path, where, p1, p2)
            if p2 is not None and not p2.strip():
                p2 = UNNAMED  # a player without a name, not a bye
        if p2 is not None and p1.strip().lower() in self.named:  # "Bye" as Player1
            p1, p2, w, l = p2, p1, l, w  # noqa: E741
        if not p1.strip() or p1.strip() == "-":
            raise _fail(self.path, f"{where}.Player1", f"no player ({json.dumps(p1)})")
        if self.shared:
            _refuse_label(self.path, where, self.shared, p1, p2)
            p1, p2 = self._account(p1), self._account(p2)
        # no one: a bye, or a loss to no one (a forfeit) when the result is a loss
        bye = p2 is None or p2.strip() in _BYE_NAMES or p2.strip().lower() in self.named
        if p2 is None and self.bye_player is not None and w > l:  # a match won against him
            bye, p2 = False, self.bye_player
        if not bye and p1 == p2:
            raise _fail(self.path, where, f"{p1!r} is paired against himself")
        opponent = None if bye else p2
        if not bye and not self._reported(p1, p2, (w, l, d)):
            return  # a 0-0-0 record of a match reported with its games
        first = self._seen(p1, opponent, (w, l, d), where)
        second = first if bye else self._seen(p2, p1, (l, w, d), where)
        if first is None and second is None:
            return  # the same match listed again
        if (first is None) != (second is None):
            self._twice(p1 if first is None else p2, where)
        self.null_byes += (bye and p2 is None) or p2 == self.bye_player
        self.rows.append((self.number, p1, opponent, w, l, d))
        if not bye:
            self.rows.append((self.number, p2, p1, l, w, d))

    def _reported(self, p1: str, p2: str, games: tuple[int, int, int]) -> bool:
        """Whether a record of the match of `p1` and `p2` is to be read: a match recorded twice,
        once with its games and once 0-0-0 (not reported, from the other player's page on
        melee.gg), is the one with its games."""
        before = self.seen.get(p1)
        if before is None or before[1] != p2 or before[2] == games:
            return True
        if games == (0, 0, 0):
            return False
        if before[2] == (0, 0, 0):  # forget the 0-0-0 record read before
            self.rows = [r for r in self.rows if r[1] not in (p1, p2)]
            self.seen.pop(p1)
            self.seen.pop(p2, None)
        return True

    def _account(self, name: Any) -> Any:
        """The k-th player of a shared name in the round as ``name (k)`` (k > 1): two deleted
        accounts, or two players the standings list under one name, are two players (which
        of them played which match in the other rounds the file cannot tell: the k-th of each
        round is taken for the same)."""
        if name not in self.shared:
            return name
        k = self.met[name] = self.met.get(name, 0) + 1
        return shared_label(name, k)

    def _seen(self, player: str, opponent: object, games: tuple, where: str) -> bool | None:
        """Record `player`'s match; None when the same match was recorded before."""
        before = self.seen.get(player)
        if before is None:
            self.seen[player] = (where, opponent, games)
            return True
        if before[1] == opponent and before[2] == games:
            return None
        return self._twice(player, where)

    def _twice(self, player: str, where: str) -> bool:
        raise _fail(
            self.path,
            where,
            f"player {player!r} is paired twice in round {self.name!r} (also in "
            f"{self.seen[player][0]}, with another opponent or result; names are read "
            "trimmed, each run of spaces one space)",
        )


def _rounds(
    path: Path, data: dict, bye_player: str | None, platform: str | None = None
) -> tuple[list[tuple], list[str], set[str], int]:
    """Match rows of the Swiss rounds, the names of the playoff rounds and their players, and
    the byes written with a null ``Player2``."""
    shared = _shared_names(data, platform)
    rounds = _key(path, data, "Rounds", "", (list, type(None))) or []
    rows: list[tuple] = []
    playoffs: list[str] = []
    finalists: set[str] = set()
    null_byes = number = 0
    seen = _SwissRounds(path)
    for i, rnd in enumerate(rounds):
        where = f"Rounds[{i}]"
        name = _key(path, rnd, "RoundName", where, (str, int))
        matches = _key(path, rnd, "Matches", where, (list, type(None))) or []
        if not _round_kind(path, str(name), where):
            playoffs.append(str(name))
            finalists.update(_players_of(path, matches, where))
            continue
        swiss = _Round(path, number + 1, str(name), bye_player, platform, shared)
        for j, match in enumerate(matches):
            swiss.add(match, f"{where}.Matches[{j}]")
        if not swiss.rows:  # a Swiss round without matches is no round (nothing to number)
            continue
        if playoffs:
            raise _fail(path, where, f"Swiss round {name!r} after the playoff rounds {playoffs}")
        seen.add(str(name), swiss.rows, where)
        number += 1
        rows.extend(swiss.rows)
        null_byes += swiss.null_byes
    return rows, playoffs, finalists, null_byes


class _SwissRounds:
    """The Swiss rounds read so far, to refuse a round block the file repeats: its matches
    would be counted twice (a player ranked on 12 points where the file publishes 9).

    A round is repeated when its name (``Round 3``, letter case and spaces aside) is an
    earlier round's, or when it has two played matches or more and its matches and results
    are exactly an earlier round's (a Swiss round never repeats a pairing, let alone all of
    them). Rounds of byes only may repeat (a melee.gg event of 2025 lists the same two byes in
    rounds 7 to 9, after the cut of its Swiss rounds: its published points count none of them).
    Names a platform gives every round alike (topdeck.gg's ``Top Power``) are no repetition.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.names: dict[str, str] = {}
        self.matches: dict[frozenset, str] = {}

    def add(self, name: str, rows: list[tuple], where: str) -> None:
        key = " ".join(name.split()).casefold()
        if _SWISS.fullmatch(key) and not key.startswith("top") and key in self.names:
            raise _fail(
                self.path, where, f"round {name!r} is listed twice (also {self.names[key]}): "
                "a round block repeated; its matches would count twice"
            )  # fmt: skip
        self.names.setdefault(key, where)
        played = frozenset(row[1:] for row in rows if row[2] is not None)
        if len(played) >= 4:  # (each match from both sides: two matches or more)
            if played in self.matches:
                raise _fail(
                    self.path, where, f"round {name!r} repeats the matches and results of "
                    f"{self.matches[played]}: a round block repeated; its matches would count "
                    "twice"
                )  # fmt: skip
            self.matches[played] = where


#: the single-elimination rounds melee.gg's bracket names (as the archive writes them)
_BRACKET = re.compile(r"(quarter|semi)?finals", re.IGNORECASE)


def bracket_rows(path: str | os.PathLike, event: str) -> pd.DataFrame:
    """The matches of a file's bracket rounds named ``Quarterfinals``, ``Semifinals`` and
    ``Finals``, as results rows of `event` numbered after its Swiss rounds (empty when the file
    has none, or when they cannot be read: a player twice in a round, an unknown result).

    :func:`read_mtg_json` leaves these rounds out of the results (they are no standings rounds);
    ``Rules.playoff_tiebreakers`` counts them in their players' tie-breakers.

    Examples
    --------
    >>> import json, pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "cup.json"
    >>> _ = path.write_text(json.dumps({"Tournament": {"Uri": "https://melee.gg/1"}, "Rounds": [
    ...     {"RoundName": "Round 1", "Matches": [{"Player1": "A", "Player2": "B", "Result": "2-0-0"}]},
    ...     {"RoundName": "Finals", "Matches": [{"Player1": "B", "Player2": "A", "Result": "2-1-0"}]}]}))
    >>> bracket_rows(path, "cup")[["round", "player", "opponent", "wins", "losses"]]
       round player opponent  wins  losses
    0      2      B        A     2       1
    1      2      A        B     1       2
    """
    path = Path(path)
    data = _load(path)
    uri = (
        data.get("Tournament", {}).get("Uri") if isinstance(data.get("Tournament"), dict) else None
    )
    platform = _platform(path, uri if isinstance(uri, str) else None)
    rows: list[tuple]
    try:
        swiss, _, _, _ = _rounds(path, data, None, platform)
    except (ValidationError, AttributeError, TypeError) as exc:  # not read: none counted
        rows, unread = [], f"bracket rounds not counted: {path}: {exc}"
    else:
        rows, unread = _bracket(path, data, platform, max((r[0] for r in swiss), default=0))
    if unread:
        warnings.warn(unread, stacklevel=2)
    return _bracket_frame([(event, *row) for row in rows])


def _bracket(
    path: Path, data: dict, platform: str | None, swiss: int
) -> tuple[list[tuple], str | None]:
    """The match rows of a file's bracket rounds (``Quarterfinals``, ``Semifinals``,
    ``Finals``) numbered after its `swiss` rounds, each match from both sides (none and why
    when they cannot be read)."""
    number, rows = swiss, list[tuple]()
    try:
        for i, rnd in enumerate(data.get("Rounds") or []):
            if not _BRACKET.fullmatch(str(rnd.get("RoundName", "")).strip()):
                continue
            number += 1
            bracket = _Round(
                path, number, str(rnd["RoundName"]), None, platform, _shared_names(data, platform)
            )
            for j, match in enumerate(rnd.get("Matches") or []):
                bracket.add(match, f"Rounds[{i}].Matches[{j}]")
            rows += [row for row in bracket.rows if row[2] is not None]
    except (ValidationError, AttributeError, TypeError) as exc:  # not read: none counted
        return [], f"bracket rounds not counted: {path}: {exc}"
    return rows, None


def _bracket_frame(rows: list[tuple]) -> pd.DataFrame:
    """Bracket rows (event first) as a results frame."""
    columns = [EVENT, ROUND, PLAYER, OPPONENT, WINS, LOSSES, DRAWS]
    frame = pd.DataFrame(rows, columns=columns).astype({EVENT: "str", PLAYER: "str"})
    frame[OPPONENT] = frame[OPPONENT].astype("string")
    return frame.astype({ROUND: np.int64, WINS: np.int64, LOSSES: np.int64, DRAWS: np.int64})


def _shared_names(data: dict, platform: str | None) -> frozenset:
    """The names several players of a round may have: those the standings list more than once,
    topdeck.gg's deleted accounts, CardsRealm's players without a name."""
    entries = data.get("Standings")
    entries = entries if isinstance(entries, list) else []  # (a wrong type: refused later)
    names = [clean_name(e.get("Player")) for e in entries if isinstance(e, dict)]
    counts = Counter(n for n in names if isinstance(n, str))
    twice = {n for n, k in counts.items() if k > 1}
    if platform == "topdeck":
        twice.add(DELETED)
    if platform in NAMELESS_OPPONENTS:
        twice.add(UNNAMED)
    return frozenset(twice)


def _cut_round(rows: list[tuple]) -> int:
    """The first round of a top cut written as Swiss rounds, 0 when there is none.

    The cut is the longest run of last rounds whose players (and byes) are the winners (or
    drawers) of the round before and its byes, as many as its matches and byes, or fewer by
    no more than the round's byes (an advancing player who did not show gives his opponent a
    bye: melee.gg's single-elimination events with no-shows), or all of them when every match
    of the first round was drawn (no one out: a melee.gg event of November 2025 whose first
    round all who came drew, then a knockout of the 8: single elimination throughout; a last
    Swiss round of intentional draws among the leaders is no such round: melee.gg's F2F Tour
    qualifiers); its first round is played by a
    power of two of players without a bye, fewer than the round before it; a cut of a single
    round of four players or more must be played by the leaders by match points after the
    rounds before it and paired as a bracket (:func:`_seeded`: a last round that pairs equal
    points is a Swiss round that players without points left). A single-elimination event,
    all of whose rounds are such rounds, has no cut.
    """
    players: dict[int, set] = {}
    winners: dict[int, set] = {}
    byes: dict[int, set] = {}
    drew: dict[int, set] = {}
    for number, player, opponent, w, l, _ in rows:  # noqa: E741
        for rounds in (players, winners, byes, drew):
            rounds.setdefault(number, set())
        if opponent is None:
            if w >= l:  # (a loss to no one is neither)
                byes[number].add(player)
            continue
        players[number].add(player)
        if w >= l:
            winners[number].add(player)
        if w == l:
            drew[number].add(player)
    if not players:
        return 0
    cut = max(players)
    if byes[cut]:
        return 0
    while cut - 1 in players:
        entrants, before = players[cut] | byes[cut], cut - 1
        advancing = winners[before] | byes[before]
        missing = len(players[before]) // 2 + len(byes[before]) - len(entrants)
        if not entrants <= advancing:
            break
        opening = before == min(players) and entrants == advancing == drew[before]
        if not 0 <= missing <= len(byes[cut]) and not opening:
            break  # (a first round all drawn sends everyone on)
        cut -= 1
    if cut == 1 or cut - 1 not in players:
        return 0  # single elimination throughout, or no round before
    for first in range(cut, max(players) + 1):  # (a Swiss round may look like a knockout)
        size = len(players[first])
        entrants = len(players[first - 1]) + len(byes[first - 1])
        if not byes[first] and size >= 2 and not size & (size - 1) and size < entrants:
            # a last round of 4+ players alone (a cut, or a Swiss round that players left?)
            # is a cut if played by the leaders; a final, or a longer bracket (winners
            # advancing), need not be (a league may seat its own qualifiers)
            if first < max(players) or size == 2:
                return first
            if _leaders(rows, first, players[first]) and _seeded(rows, first, players[first]):
                return first
    return 0


def _leaders(rows: list[tuple], first: int, entrants: set) -> bool:
    """Whether `entrants` are the leaders by match points (3 a win or bye, 1 a draw) after the
    rounds before `first`: none has fewer points than a player left out. A final takes the
    leaders; a last Swiss round that players left (16 of 36 still playing) need not."""
    points: dict[str, int] = {}
    for number, player, opponent, w, l, _ in rows:  # noqa: E741
        if number < first:
            won = w > l or (opponent is None and w >= l)
            points[player] = points.get(player, 0) + (3 if won else w == l)
    inside = [points.get(p, 0) for p in entrants]
    outside = [v for p, v in points.items() if p not in entrants]
    return not outside or min(inside) >= max(outside)


def _seeded(rows: list[tuple], first: int, entrants: set) -> bool:
    """Whether round `first` is paired as a bracket of `entrants` seeded by match points (3 a
    win or bye, 1 a draw) after the rounds before it: no match joins two players who are both
    surely in the top half, or both surely in the bottom half (a Swiss round pairs players of
    equal points: 6 against 6 among the 16 still playing is no top 16)."""
    points = dict.fromkeys(entrants, 0)
    for number, player, opponent, w, l, _ in rows:  # noqa: E741
        if number < first and player in points:
            won = w > l or (opponent is None and w >= l)
            points[player] += 3 if won else w == l
    half = len(entrants) // 2
    values = list(points.values())

    def side(player: str) -> int:
        """1 surely in the top half, -1 surely in the bottom half, 0 either (ties)."""
        above = sum(v > points[player] for v in values)
        if above + values.count(points[player]) <= half:
            return 1
        return -1 if above >= half else 0

    pairs = [(p, o) for n, p, o, *_ in rows if n == first and o is not None]
    return not any(side(p) == side(o) != 0 for p, o in pairs)


def _players_of(path: Path, matches: list, where: str) -> list[str]:
    """The players named in the matches of a playoff round (not read further)."""
    names = []
    for j, match in enumerate(matches):
        for key in ("Player1", "Player2"):
            name = _key(path, match, key, f"{where}.Matches[{j}]", (str, type(None)))
            if name is not None and name.strip() not in _BYE_NAMES:
                names.append(clean_name(name))
    return names


#: a date and time as the files write them (read by the standard library, as pandas reads them)
_ISO_DATE = re.compile(
    r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})?"
)


@functools.lru_cache(maxsize=4096)
def _date(text: str) -> Any:
    """An event's ``Date`` (UTC; NaT when it is no date), read once per text (pandas takes
    about a millisecond to read one; the usual ISO 8601 texts are read by the standard
    library).

    Examples
    --------
    >>> _date("2024-06-30T09:00:00Z"), _date("2024-06-30 09:00:00+02:00")
    (Timestamp('2024-06-30 09:00:00+0000', tz='UTC'), Timestamp('2024-06-30 07:00:00+0000', tz='UTC'))
    >>> _date("2024-06-30"), _date("30/06/2024"), _date("no date")
    (Timestamp('2024-06-30 00:00:00+0000', tz='UTC'), Timestamp('2024-06-30 00:00:00+0000', tz='UTC'), NaT)
    """
    if _ISO_DATE.fullmatch(text):
        try:
            day = pd.Timestamp(datetime.fromisoformat(text))
        except ValueError:  # (a 30th of February)
            return pd.to_datetime(text, errors="coerce", utc=True)
        return day.tz_localize("UTC") if day.tzinfo is None else day.tz_convert("UTC")
    return pd.to_datetime(text, errors="coerce", utc=True)


def _event_record(path: Path, event: str, data: dict, rows: list[tuple], null_byes: int) -> dict:
    tournament = _key(path, data, "Tournament", "", (dict,))
    uri = tournament.get("Uri")
    platform = _platform(path, uri if isinstance(uri, str) else None)
    played = [r for r in rows if r[2] is not None]
    games = platform != "topdeck" and any(r[3] + r[4] + r[5] > 1 for r in played)
    cut = _cut_round(rows)
    date = tournament.get("Date")
    return {
        EVENT: event,
        FILE: str(path),
        NAME: tournament.get("Name"),
        DATE: _date(date) if isinstance(date, str) else pd.NaT,
        URI: uri,
        PLATFORM: platform,
        GAME_SCORES: games or not played,
        "null_byes": null_byes,
        CUT_ROUND: cut,
    }


def swiss_rounds(path: Path) -> tuple[bool, str | None, pd.Timestamp | None]:
    """Whether one file holds Swiss rounds, its platform and date, read and checked as
    :func:`read_mtg_json` reads it but without building its tables (a file of playoffs only,
    as MTGO's files are, has nothing to compare: its report needs no more).

    Raises
    ------
    ValidationError
        Whatever :func:`read_mtg_json` refuses in the file.
    """
    data = _load(path)
    tournament = _key(path, data, "Tournament", "", (dict,))
    uri = tournament.get("Uri")
    platform = _platform(path, uri if isinstance(uri, str) else None)
    rows, _, _, _ = _rounds(path, data, None, platform)
    read_standings(path, data, path.stem)
    date = tournament.get("Date")
    day = _date(date) if isinstance(date, str) else None
    return bool(rows), platform, None if day is None or pd.isna(day) else day


def read_mtg_json(
    source: Source,
    *,
    bye_player: str | None = None,
    skip_bad_files: bool = False,
    jobs: int | None = 1,
) -> CardsFile:
    """Read MTGODecklistCache JSON files: Swiss results and the standings they publish.

    Parameters
    ----------
    source : path-like or list of path-likes
        A ``.json`` file, a folder (its ``.json`` files and those of its sub-folders, hidden
        ``.``/``_`` names left out), or a list of files and folders.
    skip_bad_files : bool
        Leave out a file that would be refused (see Raises), with one warning naming each such
        file and why, and read the others: a season of a real archive (``tourneystats
        standings/drift --skip-bad-files``). The whole-archive check (``tourneystats check``)
        reports them file by file.
    bye_player : str, optional
        Read a match *won* against a null ``Player2`` as a match against a player of this name,
        who lost it, rather than as a bye. topdeck.gg counted such a "bye" (written null with
        ``"1-0-0"``, unlike its own byes, written ``""``) as an opponent whose match-win % is
        floored to 0.33: evidently a dummy player the organiser entered (one event of July 2024;
        :func:`standings_from_path` and :func:`check_from_path` read topdeck.gg files so).
    jobs : int, optional
        Processes reading the files (``map_files``; None or 0:
        all the cores, for files of 32 MB or more in all; 1, the default: this process alone).
        The result, the warnings and the error of a refused file (the first in file order) do
        not depend on it. A script using more than one needs the ``if __name__ == "__main__":`` guard.

    Returns
    -------
    CardsFile
        ``results`` (match level, Swiss rounds only; the event is the file's stem),
        ``published`` (``event, player, Rank, Points, Wins, Losses, Draws, OMWP, GWP, OGWP``;
        missing where a file gives null), ``events`` (``event, file, name, date, uri,
        platform, game_scores, null_byes, cut_round, bracket_unread, published_decimals``: the
        byes written with a null ``Player2``, the first round of a top cut written as Swiss
        rounds, 0 if none, why the bracket rounds could not be read, None if they could, the
        most decimals of a published OMWP, GWP, OGWP, 0 if none), ``players`` (``event,
        player, name, playoffs``: whether he played a playoff round) and ``bracket`` (the
        matches of the rounds named ``Quarterfinals``, ``Semifinals``, ``Finals``, as
        ``bracket_rows`` gives them).

    Raises
    ------
    ValidationError
        A file that is not such JSON, misses a key, has an unknown result or round name, or a
        player in two matches of a round; the message names the file and the JSON path.

    Examples
    --------
    >>> from tourneystats.cards import read_mtg_json
    >>> import json, pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "club-2024-06-30.json"
    >>> _ = path.write_text(json.dumps({
    ...     "Tournament": {"Date": "2024-06-30", "Name": "Club", "Uri": "https://melee.gg/1"},
    ...     "Rounds": [{"RoundName": "Round 1", "Matches": [
    ...                  {"Player1": "Ann", "Player2": "Bo", "Result": "2-1-0"},
    ...                  {"Player1": "Cy", "Player2": "-", "Result": "2-0-0"}]}],
    ...     "Standings": [{"Rank": 1, "Player": "Ann", "Points": 3, "OMWP": 0.33}]}))
    >>> data = read_mtg_json(path)
    >>> data.results
               event  round player opponent  wins  losses  draws
    0  club-2024-06-30      1    Ann       Bo     2       1      0
    1  club-2024-06-30      1     Bo      Ann     1       2      0
    2  club-2024-06-30      1     Cy     <NA>     2       0      0
    >>> data.events[["event", "platform", "game_scores"]]
               event platform  game_scores
    0  club-2024-06-30    melee         True
    """
    from ..core.io import note_input
    from ..core.parallel import folder_jobs, map_warned

    files = list_files(source, JSON_SUFFIXES)
    if not files:
        raise ValidationError("no MTG JSON files to read: the list of paths is empty")
    names = event_names(files)  # the stems; paths below the folder for stems read twice
    for path in files:  # inputs, never written over (the workers' reads are not tracked here)
        note_input(path)
    rows: list[tuple]
    finalists: list[tuple]
    bracket: list[tuple] = []
    playoffs: list[str] = []  # the files' playoff rounds left out, and their bracket rounds
    apart: list[str] = []
    rows, published, events, finalists, refused = [], [], [], [], []
    items = list(zip(files, names, strict=True))
    task = functools.partial(_read_file, bye_player=bye_player)
    reads = map_warned(task, items, jobs=folder_jobs(jobs, files))  # warnings said in order
    with contextlib.closing(reads):
        for (path, event), read in zip(items, reads, strict=True):
            if isinstance(read, ValidationError):
                if not skip_bad_files:
                    raise read
                refused.append(str(read))
                continue
            record, file_rows, left, in_playoffs, standings, file_bracket = read
            events.append(record)
            rows.extend((event, *row) for row in file_rows)
            bracket.extend((event, *row) for row in file_bracket)
            finalists.extend((event, name) for name in in_playoffs)
            cut = record[CUT_ROUND]
            finalists.extend((event, row[1]) for row in file_rows if cut and row[0] >= cut)
            published.extend(standings)
            rounds = dict.fromkeys(left)
            bracket_rounds = [n for n in rounds if _BRACKET.fullmatch(n.strip())]
            for names, these in ((playoffs, [n for n in rounds if n not in bracket_rounds]),
                                 (apart, bracket_rounds)):  # fmt: skip
                if these:
                    names.append(f"{path.name} ({', '.join(these)})")
    note(f"{len(refused)} file(s) left out, refused", refused)
    if not events:
        raise ValidationError(f"{source}: every MTG JSON file was refused ({refused[0]})")
    note("playoff rounds left out (only Swiss rounds are standings rounds)", playoffs)
    note("bracket rounds read apart from the Swiss rounds (counted where rules count them)", apart)
    data = _frame(rows, published, events, finalists)
    return dataclasses.replace(data, bracket=_bracket_frame(bracket))


def _read_file(item: tuple[Path, str], bye_player: str | None) -> Any:
    """:func:`_one_file` of ``(path, event)``, or the error refusing it: what a worker of
    :func:`read_mtg_json` sends back."""
    try:
        return _one_file(*item, bye_player)
    except ValidationError as exc:
        return exc


def _one_file(path: Path, event: str, bye_player: str | None) -> tuple:
    """One file's event record, Swiss rows, playoff round names, playoff players, published
    standings and bracket rows (all read before any is kept: a refused file leaves nothing
    behind)."""
    return _one_loaded(path, event, _load(path), bye_player)


def _one_loaded(
    path: Path,
    event: str,
    data: dict,
    bye_player: str | None,
    rounds: tuple | None = None,
    standings: list[dict] | None = None,
) -> tuple:
    """:func:`_one_file` of the file's JSON object `data`, already read (:func:`_load`), and
    its rounds and standings if read already (:func:`_rounds`, with `bye_player`;
    :func:`~tourneystats.cards.jsonstandings.read_standings`, for `event`)."""
    tournament = _key(path, data, "Tournament", "", (dict,))
    uri = tournament.get("Uri")
    platform = _platform(path, uri if isinstance(uri, str) else None)
    if rounds is None:
        rounds = _rounds(path, data, bye_player, platform)
    file_rows, left, in_playoffs, null_byes = rounds
    record = _event_record(path, event, data, file_rows, null_byes)
    bracket, record[UNREAD] = _bracket(
        path, data, platform, max((r[0] for r in file_rows), default=0)
    )
    if standings is None:
        standings = read_standings(path, data, event)
    record[PRECISION] = standings_precision(standings)
    shared = _shared_names(data, platform)
    for i, entry in enumerate(standings):
        where = f"Standings[{i}].Player"
        if platform in NAMELESS_OPPONENTS:
            _refuse_placeholder(path, where, entry[PLAYER])
        _refuse_label(path, where, shared, entry[PLAYER])
    return record, file_rows, left, in_playoffs, standings, bracket


def _frame(
    rows: list[tuple], published: list[dict], events: list[dict], finalists: list[tuple]
) -> CardsFile:
    results = pd.DataFrame(rows, columns=[EVENT, ROUND, PLAYER, OPPONENT, WINS, LOSSES, DRAWS])
    results = results.astype({EVENT: "str", PLAYER: "str", OPPONENT: "string"})
    results = results.astype({ROUND: np.int64, WINS: np.int64, LOSSES: np.int64, DRAWS: np.int64})
    published_frame = pd.DataFrame(published, columns=[EVENT, PLAYER, *STANDINGS_KEYS])
    names = pd.concat([results[[EVENT, PLAYER]], published_frame[[EVENT, PLAYER]]])
    players = names.drop_duplicates(ignore_index=True).assign(**{NAME: lambda f: f[PLAYER]})
    in_playoffs = pd.MultiIndex.from_tuples(finalists, names=[EVENT, PLAYER])
    players[PLAYOFFS] = pd.MultiIndex.from_frame(players[[EVENT, PLAYER]]).isin(in_playoffs)
    return CardsFile(
        results=results,
        published=published_frame,
        events=pd.DataFrame(events),
        players=players,
    )


def is_mtg_json(path: str | os.PathLike) -> bool:
    """Whether a file looks like an MTGODecklistCache JSON file (its first 64 KiB name the keys).

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "e.json"
    >>> _ = path.write_text('{"Tournament": {}, "Decks": [], "Rounds": []}')
    >>> is_mtg_json(path), is_mtg_json(__file__)
    (True, False)
    """
    with open(path, "rb") as fh:
        head = fh.read(1 << 16)
    return head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{") and b'"Tournament"' in head
