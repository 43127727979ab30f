"""Read Pokémon TOM exports (``.tdf``): the Swiss rounds of Play! Pokémon tournaments and the
places TOM published.

TOM (Tournament Operations Manager) writes an XML file::

    <tournament type="2" stage="5" version="1.84" gametype="TRADING_CARD_GAME" ...>
      <data><name>...</name><id>26-06-000394</id><startdate>06/20/2026</startdate>...</data>
      <players><player userid="..."><firstname/><lastname/>
               [<dropped><status>1</status><round>1</round>...</dropped>]</player>...</players>
      <pods><pod category="0" stage="2"><rounds>
        <round number="1" type="2" stage="5"><matches>
          <match outcome="5"><player userid="..."/>...</match>
          <match outcome="2"><player1 userid="..."/><player2 userid="..."/>...</match>
        </matches></round></rounds></pod></pods>
      <standings><pod category="0" type="finished"><player id="..." place="1"/>...</pod>
                 <pod category="0" type="dnf">...</pod></standings>
    </tournament>

How it is read:

- **Outcome codes** supported, all seen in real files: ``1`` player1 won, ``2`` player2 won,
  ``3`` tie, ``5`` bye (a single ``<player>``). A round whose matches are all ``0`` (not yet
  reported: an export made during the round) is left out with a warning; a ``0`` among reported
  results is refused. Every other code is refused with its line: ``4`` (assigned bye), ``8``
  (loss without opponent, a late entry), ``9`` (deleted) and ``10`` (double loss) are known only
  from reverse-engineering sources that disagree, and no real file was seen with them.
- **Rounds**: ``type`` 2 or 3 are Swiss rounds; ``type`` 1, the single-elimination top cut, is
  left out and named in a warning; any other type is refused.
- A match is a match result only (TOM keeps no game scores): a win is written 1-0-0, a tie
  0-0-1; standings use the ``pokemon`` rules, which need no game values.
- **Pods and divisions**: each pod is an event (named after the file, and ``file:category``
  when the file has several pods). A pod's ``category`` is its age division: 0 juniors,
  1 seniors, 2 masters; 8, 9 and 10 are combined pods (juniors and seniors, seniors and masters,
  all ages: the mapping of rosematcha/ciphermaniac's reader; one other description gives 8 as
  "all ages"). The ``division`` of a player is that of his ``<standings>`` pod, else his pod's:
  a combined pod's percentages are computed over the whole pod and its players ranked within
  their divisions (``within="division"``), which reproduces TOM's places.
- **Drops**: ``<dropped><round>k</round>`` says the player dropped after round k; a result of his
  in a later round is refused.
- **Standings**: ``type="finished"`` and ``type="dnf"`` pods of ``place`` per player (no
  percentages are exported); they are the published frame.
- **Players without a match.** TOM places a registered player who played no Swiss match (a
  no-show, a late drop) after every player of his division who played: a real file of 23
  places puts its 4 such players at 20-23. His place is part of the published table, so the
  standings of a path (:func:`~tourneystats.cards.standings_from_path`, ``tourneystats
  standings``) list him there too (:func:`with_unplayed`): no points, no rounds, ``dropped``,
  all of them sharing the rank after the last player who played (the results do not order
  them; TOM's order among them is its own, and ``check`` does not compare it); a warning names
  them. A registered player with no match and no place is in no table TOM publishes: left out
  of the standings, named in a warning.

The XML is parsed without DTD or entity processing (any ``<!DOCTYPE`` or ``<!ENTITY`` is
refused), through :func:`tourneystats.core.safexml.parse_xml`, which gives every element its
line: every error names the file and the line.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pandas as pd

from ..core.folders import Source, event_names, list_files
from ..core.people import clean_name
from ..core.schema import (
    DATE,
    DRAWS,
    DROPPED,
    EVENT,
    FILE,
    LOSSES,
    MATCH_POINTS,
    NAME,
    OPPONENT,
    PLAYER,
    RANK,
    ROUND,
    ROUNDS,
    WINS,
    ValidationError,
)
from .published import (
    DIVISION,
    GAME_SCORES,
    PLACE,
    PLATFORM,
    PLAYOFFS,
    CardsFile,
    note,
)

__all__ = ["read_tom"]

#: suffixes of TOM files (``.tdf``, and ``.xml`` copies whose root is ``<tournament>``)
TOM_SUFFIXES = (".tdf", ".xml")
#: pod categories: age divisions and combined pods
DIVISIONS = {
    "0": "juniors",
    "1": "seniors",
    "2": "masters",
    "8": "juniors+seniors",
    "9": "seniors+masters",
    "10": "all ages",
}
#: outcome code -> (player1's result, player2's result) as wins, losses, draws
OUTCOMES = {"1": ((1, 0, 0), (0, 1, 0)), "2": ((0, 1, 0), (1, 0, 0)), "3": ((0, 0, 1),) * 2}
BYE_OUTCOME, UNREPORTED = "5", "0"
SWISS_TYPES, TOP_CUT_TYPE = ("2", "3"), "1"
_UNSUPPORTED = {
    "4": "an assigned bye",
    "8": "a loss without opponent (late entry)",
    "9": "a deleted match",
    "10": "a double loss",
}


class _File:
    """One TOM file being read: its path, the line of each element, its rows."""

    def __init__(self, path: Path) -> None:
        from ..core.safexml import parse_xml  # the safe XML parser (no DTD), on first use

        self.path = path
        self.root, self.lines = parse_xml(path.read_bytes(), path)
        if self.root.tag != "tournament":
            raise self.fail(self.root, f"the root element is <{self.root.tag}>, not <tournament>")
        self.rows: list[tuple] = []
        self.left_out: list[str] = []
        self.top_cut: set[str] = set()  # players of the top-cut rounds

    def fail(self, element: ET.Element, message: str) -> ValidationError:
        return ValidationError(f"{self.path}: line {self.lines.get(id(element), '?')}: {message}")

    def attr(self, element: ET.Element, name: str) -> str:
        value = (element.get(name) or "").strip()
        if not value:
            raise self.fail(element, f"<{element.tag}> without its {name!r}")
        return value

    def number(self, element: ET.Element, name: str, text: str | None = None) -> int:
        value = self.attr(element, name) if text is None else text.strip()
        if not value.isdigit() or not 1 <= int(value) <= 999:
            raise self.fail(element, f"<{element.tag}> {name} {value!r} is not a number 1..999")
        return int(value)


def _players(f: _File) -> pd.DataFrame:
    """``player, name, dropped_after`` of every ``<players>/<player>``."""
    lines: dict[str, int | None]
    records, lines = [], {}
    for player in f.root.iterfind("players/player"):
        userid = f.attr(player, "userid")
        if userid in lines:
            raise f.fail(player, f"player {userid} listed twice (also line {lines[userid]})")
        lines[userid] = f.lines.get(id(player))
        name = " ".join(filter(None, (player.findtext("firstname"), player.findtext("lastname"))))
        dropped = player.find("dropped")
        after = None
        if dropped is not None:
            after = f.number(dropped, "round", dropped.findtext("round") or "")
        records.append({PLAYER: userid, NAME: clean_name(name), "dropped_after": after})
    return pd.DataFrame(records, columns=[PLAYER, NAME, "dropped_after"]).astype(
        {"dropped_after": "Int64"}
    )


def _standings(f: _File) -> pd.DataFrame:
    """``player, division, place, finished`` of the ``<standings>`` pods."""
    seen: dict[str, int | None]
    records, seen = [], {}
    for pod in f.root.iterfind("standings/pod"):
        category, kind = f.attr(pod, "category"), pod.get("type", "")
        for player in pod.iterfind("player"):
            userid = f.attr(player, "id")
            if userid in seen:
                raise f.fail(player, f"player {userid} placed twice (also line {seen[userid]})")
            seen[userid] = f.lines.get(id(player))
            place = f.number(player, "place") if player.get("place") is not None else None
            division = DIVISIONS.get(category, category)
            records.append(
                {PLAYER: userid, DIVISION: division, PLACE: place, "finished": kind == "finished"}
            )
    return pd.DataFrame(records, columns=[PLAYER, DIVISION, PLACE, "finished"]).astype(
        {PLACE: "Int64"}
    )


def _match(f: _File, match: ET.Element, number: int, known: dict, seen: dict) -> tuple | None:
    """The rows of one ``<match>`` (None: unreported), players checked once per round."""
    outcome = f.attr(match, "outcome")
    single = match.findall("player")
    sides = match.findall("player1") + match.findall("player2")
    if outcome == UNREPORTED:
        return None
    if outcome not in OUTCOMES and outcome != BYE_OUTCOME:
        meaning = _UNSUPPORTED.get(outcome)
        said = f" ({meaning}, per reverse-engineering sources only)" if meaning else ""
        raise f.fail(match, f"unsupported match outcome {outcome!r}{said}; supported: 1, 2, 3, 5")
    bye = outcome == BYE_OUTCOME
    want = "one <player>" if bye else "one <player1> and one <player2>"
    shape = [e.tag for e in single + sides]
    if shape != (["player"] if bye else ["player1", "player2"]):
        raise f.fail(match, f"outcome {outcome} needs {want}, got {shape or 'no player'}")
    ids = [f.attr(e, "userid") for e in single + sides]
    if not bye and ids[0] == ids[1]:
        raise f.fail(match, f"player {ids[0]} is paired against himself")
    for userid, element in zip(ids, single + sides, strict=True):
        if userid not in known:
            raise f.fail(element, f"player {userid} is not in <players>")
        if userid in seen:
            raise f.fail(
                element, f"player {userid} plays twice in round {number} (also line {seen[userid]})"
            )
        seen[userid] = f.lines.get(id(element))
    if bye:
        return ((number, ids[0], None, 1, 0, 0),)
    one, two = OUTCOMES[outcome]
    return ((number, ids[0], ids[1], *one), (number, ids[1], ids[0], *two))


def _pod_rows(f: _File, pod: ET.Element, known: dict) -> list[tuple]:
    """Rows ``(round, player, opponent, wins, losses, draws)`` of a pod's Swiss rounds."""
    rows: list[tuple] = []
    numbers: dict[int, int | None] = {}
    for rnd in pod.iterfind("rounds/round"):
        number, kind = f.number(rnd, "number"), f.attr(rnd, "type")
        if kind == TOP_CUT_TYPE:
            f.left_out.append(f"{f.path.name} top-cut round {number}")
            f.top_cut.update(f.attr(p, "userid") for p in rnd.iterfind("matches/match/*[@userid]"))
            continue
        if kind not in SWISS_TYPES:
            raise f.fail(rnd, f"round type {kind!r}: neither Swiss (2, 3) nor top cut (1)")
        if number in numbers:
            raise f.fail(rnd, f"round {number} listed twice (also line {numbers[number]})")
        numbers[number] = f.lines.get(id(rnd))
        seen: dict[str, int | None] = {}
        matches = [_match(f, m, number, known, seen) for m in rnd.iterfind("matches/match")]
        reported = [m for m in matches if m is not None]
        if matches and not reported:
            f.left_out.append(f"{f.path.name} round {number} (no result reported yet)")
            continue
        if len(reported) < len(matches):
            where = rnd.findall("matches/match")[[m is None for m in matches].index(True)]
            raise f.fail(where, f"a match of round {number} without its result (outcome 0)")
        rows.extend(row for m in reported for row in m)
    return rows


def _check_drops(f: _File, players: pd.DataFrame, rows: list[tuple], event: str) -> None:
    after = dict(zip(players[PLAYER], players["dropped_after"], strict=True))
    for number, player, *_ in rows:
        dropped = after.get(player)
        if dropped is not pd.NA and dropped is not None and number > dropped:
            element = next(
                p for p in f.root.iterfind("players/player") if p.get("userid") == player
            )
            raise f.fail(
                element,
                f"player {player} dropped after round {dropped} but plays round {number} of {event}",
            )


def _read_one(path: Path, stem: str) -> CardsFile:
    f = _File(path)
    players = _players(f)
    known = dict.fromkeys(players[PLAYER])
    placed = _standings(f)
    division = dict(zip(placed[PLAYER], placed[DIVISION], strict=True))
    pods = list(f.root.iterfind("pods/pod"))
    results, who = [], []
    for pod in pods:
        category = f.attr(pod, "category")
        event = stem if len(pods) == 1 else f"{stem}:{category}"
        rows = _pod_rows(f, pod, known)
        _check_drops(f, players, rows, event)
        pod_division = DIVISIONS.get(category, category)
        results += [(event, *row, division.get(row[1], pod_division)) for row in rows]
        who += [
            (event, p, division.get(p, pod_division)) for p in dict.fromkeys(r[1] for r in rows)
        ]
    played = {row[2] for row in results}  # (event, round, player, ...)
    unplaced = [p for p in players[PLAYER] if p not in played and p not in division]
    _say_unplayed(f, placed[placed[PLACE].notna() & ~placed[PLAYER].isin(played)], unplaced)
    note("left out of the standings", f.left_out)
    return _frames(f, results, who, players, placed, stem)


def _say_unplayed(f: _File, placed: pd.DataFrame, unplaced: list[str]) -> None:
    """Warn of the registered players who played no Swiss match: those TOM places (listed
    last, :func:`with_unplayed`) and those it does not (left out)."""
    name = f.path.name
    if len(placed):
        places = placed[PLACE].astype(int)
        note(
            f"{name}: {len(placed)} player(s) TOM places ({places.min()}-{places.max()}) played "
            "no Swiss match: listed after the players of their division who played, with no "
            "points and one shared rank",
            list(placed[PLAYER]),
            limit=8,
        )
    note(
        f"{name}: {len(unplaced)} registered player(s) with no match and no place, left out",
        unplaced,
        limit=8,
    )


def unplayed(data: CardsFile) -> pd.DataFrame:
    """The players TOM places who played no Swiss match: ``event, division, player, place``.

    Examples
    --------
    >>> import pandas as pd
    >>> data = CardsFile(
    ...     results=pd.DataFrame({"event": "E", "player": ["1", "2"]}),
    ...     published=pd.DataFrame({"event": "E", "player": ["1", "2", "3"],
    ...                             "division": "masters", "place": [1, 2, 3]}),
    ...     events=pd.DataFrame(), players=pd.DataFrame())
    >>> unplayed(data)
      event division player  place
    0     E  masters      3      3
    """
    published = data.published
    keys = pd.MultiIndex.from_frame(published[[EVENT, PLAYER]].astype(str))
    played = pd.MultiIndex.from_frame(data.results[[EVENT, PLAYER]].astype(str))
    absent = published[published[PLACE].notna().to_numpy() & ~keys.isin(played)]
    return absent[[EVENT, DIVISION, PLAYER, PLACE]].reset_index(drop=True)


def with_unplayed(table: pd.DataFrame, absent: pd.DataFrame | None) -> pd.DataFrame:
    """A TOM event's standings `table` with the players TOM places who played no Swiss match
    (:func:`unplayed`), as TOM lists them: after every player of their division (of the
    table's groups: event, and division when the table has it) who played, one rank shared
    by all of them, no points, no rounds, ``dropped``.

    Examples
    --------
    >>> import pandas as pd
    >>> table = pd.DataFrame({"event": "E", "player": ["1", "2"], "rank": [1, 2],
    ...                       "match_points": [3, 0], "rounds": 1, "omwp": [0.33, 1.0],
    ...                       "dropped": False})
    >>> absent = pd.DataFrame({"event": "E", "division": "masters", "player": ["4", "3"],
    ...                        "place": [3, 4]})
    >>> with_unplayed(table, absent)
      event player  rank  match_points  rounds  omwp  dropped
    0     E      1     1             3       1  0.33    False
    1     E      2     2             0       1  1.00    False
    2     E      4     3             0       0   NaN     True
    3     E      3     3             0       0   NaN     True
    """
    if absent is None or not len(absent):
        return table
    groups = [c for c in (EVENT, DIVISION) if c in table.columns]
    sizes = table.groupby(groups, observed=True, sort=False).size()
    keys = pd.MultiIndex.from_frame(absent[groups]) if len(groups) > 1 else absent[groups[0]]
    before = sizes.reindex(keys).fillna(0).to_numpy(dtype=np.int64)
    rows = pd.DataFrame({c: absent[c].to_numpy() for c in [*groups, PLAYER]})
    rows[RANK] = before + 1
    for column in (MATCH_POINTS, ROUNDS):
        if column in table.columns:
            rows[column] = 0
    if DROPPED in table.columns:
        rows[DROPPED] = True
    out = pd.concat([table, rows.astype({c: table[c].dtype for c in rows.columns})])
    order = out.groupby(groups, sort=False, observed=True).ngroup().to_numpy()
    return out.iloc[np.lexsort((out[RANK].to_numpy(), order))].reset_index(drop=True)


def _frames(
    f: _File, results: list, who: list, players: pd.DataFrame, placed: pd.DataFrame, stem: str
) -> CardsFile:
    columns = [EVENT, ROUND, PLAYER, OPPONENT, WINS, LOSSES, DRAWS, DIVISION]
    frame = pd.DataFrame(results, columns=columns).astype(
        {EVENT: "str", PLAYER: "str", OPPONENT: "string", DIVISION: "str"}
    )
    frame = frame.astype({ROUND: np.int64, WINS: np.int64, LOSSES: np.int64, DRAWS: np.int64})
    entrants = pd.DataFrame(who, columns=[EVENT, PLAYER, DIVISION])
    event_of = entrants.drop_duplicates(PLAYER).set_index(PLAYER)[EVENT]
    published = placed.assign(**{EVENT: placed[PLAYER].map(event_of).fillna(stem).astype(str)})
    published = published[[EVENT, PLAYER, DIVISION, PLACE, "finished"]]
    table = players.merge(entrants, on=PLAYER, how="left")
    table[EVENT] = table[EVENT].fillna(stem)
    table[DIVISION] = table[DIVISION].fillna(
        table[PLAYER].map(dict(zip(placed[PLAYER], placed[DIVISION])))
    )
    data = f.root.find("data")
    date = pd.to_datetime(  # type: ignore[call-overload]  # (None gives None)
        data.findtext("startdate") if data is not None else None, format="%m/%d/%Y", errors="coerce"
    )
    events = pd.DataFrame(
        {EVENT: sorted(set(entrants[EVENT])) or [stem], FILE: str(f.path),
         NAME: data.findtext("name") if data is not None else None, DATE: date,
         "tom_id": data.findtext("id") if data is not None else None,
         PLATFORM: "tom", GAME_SCORES: False}
    )  # fmt: skip
    table[PLAYOFFS] = table[PLAYER].isin(f.top_cut)
    return CardsFile(
        results=frame,
        published=published.reset_index(drop=True),
        events=events,
        players=table[[EVENT, PLAYER, NAME, PLAYOFFS, DIVISION, "dropped_after"]],
    )


def read_tom(source: Source) -> CardsFile:
    """Read Pokémon TOM exports: Swiss results, players, drops and the places TOM published.

    Parameters
    ----------
    source : path-like or list of path-likes
        A ``.tdf`` file, a folder (its ``.tdf`` files, and its ``.xml`` files whose root is
        ``<tournament>``), or a list of files and folders.

    Returns
    -------
    CardsFile
        ``results`` (match level with ``division``; an event per pod), ``published``
        (``event, player, division, place, finished``), ``events`` (``event, file, name, date,
        tom_id, platform, game_scores``) and ``players`` (``event, player, name, playoffs,
        division, dropped_after``). Standings: ``standings(data.results, rules="pokemon",
        within="division")``.

    Raises
    ------
    ValidationError
        Malformed XML, a DTD or entity, an unsupported outcome or round type, a player paired
        twice in a round or unknown, a result after the player's drop; naming file and line.

    Examples
    --------
    >>> from tourneystats.cards import read_tom
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "club.tdf"
    >>> _ = path.write_text('''<tournament type="2">
    ... <players><player userid="1"><firstname>Ann</firstname></player>
    ...          <player userid="2"><firstname>Bo</firstname></player>
    ...          <player userid="3"><firstname>Cy</firstname></player></players>
    ... <pods><pod category="2"><rounds><round number="1" type="3"><matches>
    ...   <match outcome="2"><player1 userid="1"/><player2 userid="2"/></match>
    ...   <match outcome="5"><player userid="3"/></match>
    ... </matches></round></rounds></pod></pods></tournament>''')
    >>> read_tom(path).results
      event  round player opponent  wins  losses  draws division
    0  club      1      1        2     0       1      0  masters
    1  club      1      2        1     1       0      0  masters
    2  club      1      3     <NA>     1       0      0  masters
    """
    files = [p for p in list_files(source, TOM_SUFFIXES) if not _listed_xml(p, source) or is_tom(p)]
    if not files:
        raise ValidationError("no TOM files to read: the list of paths is empty")
    names = event_names(files)  # the stems; paths below the folder for stems read twice
    parts = [_read_one(path, name) for path, name in zip(files, names, strict=True)]  # I/O
    return CardsFile(
        *(pd.concat([getattr(p, name) for p in parts], ignore_index=True)
          for name in ("results", "published", "events", "players"))
    )  # fmt: skip


def _listed_xml(path: Path, source: Source) -> bool:
    """An ``.xml`` file found in a folder (not named directly): read only if it is a TOM file."""
    named = [source] if isinstance(source, str | os.PathLike) else list(source)
    return path.suffix.lower() == ".xml" and all(Path(s) != path for s in named)


def is_tom(path: Path) -> bool:
    """Whether a file looks like a TOM export (``<tournament`` in its first 4 KiB)."""
    with open(path, "rb") as fh:
        return b"<tournament" in fh.read(4096)
