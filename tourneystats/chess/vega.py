"""Chess results and published standings from a Vega web export (``standings.html``,
``crosstable.html``, ``pairsN.html``).

Vega writes a tournament's site as a folder of HTML pages. A folder holding ``standings.html``
and at least one ``pairsN.html`` is a *Vega folder*; :func:`read_vega` reads one, or every Vega
folder below a folder (one event each, named after its folder), into the frames of
:func:`tourneystats.chess.read_trf` plus the published standings.

What is read
------------
``crosstable.html`` (when the folder has one)
    The results, by player: ``cw``/``cb`` and an opponent a game with white/black, ``cf`` and an
    opponent a forfeit (won for 1, lost for 0), ``BYE`` a bye (``pab`` for 1, ``hpb`` for ½), an
    empty cell an absence. Two players who both lose to each other (a double forfeit, or a
    ``0 - 0`` game) each get a forfeit loss against the other (a double forfeit: Vega counts
    both as paired; a ``0 - 0`` game is noted, see below). It is the page Vega writes
    with the standings; an older round page keeps the start numbers of its round, which players
    who came later change.
``pairsN.html`` (round N)
    The results of round N. A board names its two players by their links
    (``playercard.html#12``: player 12) and its result: ``1 - 0``, ``0 - 1``, ``½ - ½`` games
    (white first), ``1F-0F`` and ``0F-1F`` forfeits, ``0F-0F`` and ``0 - 0`` a double forfeit
    (a ``forfeit_loss`` of each, naming the other), ``...`` or
    ``adj`` a game without a result (``in_progress``). A row of one player says why he has no
    game: ``( bye )`` the pairing-allocated bye (``pab``), ``( full point bye )`` ``fpb``,
    ``( half point bye )`` ``hpb``, ``( not paired )`` an absence (``zpb``); in the template
    whose boards are ``player-container`` blocks, a bye is an opponent ``BYE`` (player 0) and
    its points say which. Without a crosstable the round pages are the results (a round page
    missing between others is then refused); with one, each round page is compared with it
    player by player, *by name*: a full-point bye there makes the crosstable's bye one, and a
    result that differs is warned about (the crosstable's is read) and noted.
``standings.html``
    The published standings after round N (its heading: ``Standings at round N``): each player's
    place (``Pos``), points (``Pts``) and tie-break columns, each label mapped to its C.07 code by
    :func:`tiebreak_code` (``BH-C1`` is ``BH/C1``, ``DirE`` ``DE``; DE printed as a shared place,
    ``1-2``, is read as its first place); a label of no known tie-break is kept (its column
    named by the label) and warned about. The players' names, ratings (``Rtg``; 0 is unrated),
    federations (``Fed``, or the flag's text) and titles come from it, then from the crosstable
    and the round pages. A player listed without any result (entered, never paired) is absent
    from round 1 on.
Event
    ``name`` (the page title), ``date`` and ``end_date`` (the ``dd/mm/yyyy - dd/mm/yyyy`` line
    of the pages; in older templates, ``Date Begin`` and ``Date End`` of ``tourstat.html``), ``rounds``, ``round_after`` (of the standings), ``program`` (``"Vega"``:
    ``rules="auto"`` takes the Vega rule set of the event's date) and ``tiebreaks`` (the codes
    the standings publish, in order: the default tie-breaks of its standings).
Notes
    ``VegaData.notes`` names the rounds read with a caveat the pages show: a ``0 - 0`` game
    read as a double forfeit, a crosstable that differs from a round page, a game
    without a result in a round the standings count, points of the standings page that the
    crosstable does not give. ``tourneystats check`` puts them beside the values they explain.

Refused with the page and line (``path:LINE: ...``): a page that is cut short (a table without
its end), a NUL byte, a result of no known form, a player twice in a round, a player twice in
the standings, a standings page without ``Pos`` or ``Pts``. Pages that are not UTF-8 are read
as Windows-1252 with a warning. The results then go through the chess validation
(:func:`tourneystats.chess.validate_results`) as every reader's.
"""

from __future__ import annotations

import functools
import os
import re
import warnings
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pandas as pd

from ..core.folders import MissingPathError, event_names, walk
from ..core.io import note_input
from ..core.schema import (
    COLOUR,
    DATE,
    EVENT,
    FEDERATION,
    KIND,
    NAME,
    OPPONENT,
    PLAYER,
    POINTS,
    RANK,
    RATING,
    ROUND,
    ROUNDS,
    TITLE,
    ValidationError,
)
from .codes import parse_tiebreak
from .kinds import TIEBREAK_ORDER
from .vegahtml import Cell, Page, Table, read_page

#: the program that wrote a Vega folder (``events.program``, and the preset ``rules="auto"`` picks)
PROGRAM = "program"
VEGA = "Vega"
#: the round after which published standings were computed
ROUND_AFTER = "round_after"
STANDINGS_PAGE = "standings.html"
CROSSTABLE_PAGE = "crosstable.html"
TOURSTAT_PAGE = "tourstat.html"
_PAIRS = re.compile(r"^pairs(\d+)\.html$", re.IGNORECASE)
_AT_ROUND = re.compile(r"standings at round (\d+)", re.IGNORECASE)
_DATES = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})(?:\s*-\s*(\d{1,2})/(\d{1,2})/(\d{4}))?")
_BYE = re.compile(r"\(\s*(bye|full point bye|half point bye|not paired)\s*\)", re.IGNORECASE)
#: a published label -> its C.07 code, where the label is not the code (``-`` for ``/`` aside)
LABELS = {"DIRE": "DE", "DIR.E": "DE", "BUCH": "BH", "PERF": "TPR", "RATING": "RTNG"}
#: a board's result -> (kind of white, points of white, kind of black, points of black)
_RESULTS = {
    "1 - 0": ("played", 1.0, "played", 0.0),
    "0 - 1": ("played", 0.0, "played", 1.0),
    "½ - ½": ("played", 0.5, "played", 0.5),
    "1F-0F": ("forfeit_win", 1.0, "forfeit_loss", 0.0),
    "0F-1F": ("forfeit_loss", 0.0, "forfeit_win", 1.0),
    "0F-0F": ("forfeit_loss", 0.0, "forfeit_loss", 0.0),  # a double forfeit: both lose
    "0 - 0": ("forfeit_loss", 0.0, "forfeit_loss", 0.0),  # a game both lose: as a double forfeit
    "...": ("in_progress", np.nan, "in_progress", np.nan),
    "adj": ("in_progress", np.nan, "in_progress", np.nan),
    "": ("in_progress", np.nan, "in_progress", np.nan),
}
_BYES = {"bye": ("pab", 1.0), "full point bye": ("fpb", 1.0), "half point bye": ("hpb", 0.5)}
_BYES["not paired"] = ("zpb", 0.0)
#: the published columns that are not tie-breaks
_NOT_TIEBREAKS = {"pos", "player", "name", "rtg", "fed", "origin", "pts", "n", "t", "club", "sex"}


class VegaData(NamedTuple):
    """What :func:`read_vega` returns: the frames of :func:`tourneystats.chess.read_trf`, and
    the published standings (``event, round_after, player, name, rank, points`` and one column
    per tie-break code; ``published.attrs["labels"]``: code -> the label as published)."""

    results: pd.DataFrame
    players: pd.DataFrame
    events: pd.DataFrame
    published: pd.DataFrame
    #: ``event, round, player, note``: rounds read with a caveat the pages show (a ``0 - 0``
    #: game read as a double forfeit, a crosstable that differs from its round page, a game
    #: without a result, points of the standings page the crosstable does not give)
    notes: pd.DataFrame


#: the notes of :attr:`VegaData.notes`
BOTH_LOST = "a game both lost (0 - 0) read as a double forfeit (a forfeit loss of each)"
PAGES_DIFFER = "the crosstable differs from the round page: the crosstable's result is read"
NO_RESULT = "a game without a result on its round page (adj, ...)"
OTHER_POINTS = "the standings page publishes other points than the crosstable"


def tiebreak_code(label: str) -> str | None:
    """The C.07 code of a tie-break column as Vega labels it, or None for an unknown label.

    Examples
    --------
    >>> [tiebreak_code(s) for s in ("BH-C1", "BH", "SB", "DirE", "ARO", "WIN", "Foo")]
    ['BH/C1', 'BH', 'SB', 'DE', 'ARO', 'WIN', None]
    """
    text = label.strip().upper()
    text = LABELS.get(text, text.replace("-", "/").replace(" ", ""))
    try:
        return parse_tiebreak(text).code
    except ValueError:
        return None


def is_vega_folder(folder: Path) -> bool:
    """Whether `folder` holds a Vega export: ``standings.html`` and a ``pairsN.html``."""
    if not (folder / STANDINGS_PAGE).is_file():
        return False
    return any(_PAIRS.match(p.name) for p in folder.iterdir() if p.is_file())


def vega_folders(source: str | os.PathLike | Iterable[str | os.PathLike]) -> list[Path]:
    """The Vega folders of `source` (a folder, or a list of paths): itself, or those below it."""
    paths = [Path(source)] if isinstance(source, (str, os.PathLike)) else [Path(p) for p in source]
    found: list[Path] = []
    for path in paths:
        if not path.exists():
            raise MissingPathError(f"{path}: no such file or folder")
        if path.is_dir() and is_vega_folder(path):
            found.append(path)
        elif path.is_dir():
            found += [p.parent for p in walk(path) if p.name == STANDINGS_PAGE]
    return [f for f in dict.fromkeys(found) if is_vega_folder(f)]


def read_vega(source: str | os.PathLike | Iterable[str | os.PathLike]) -> VegaData:
    """Read a Vega folder, or every Vega folder below a folder (one event per folder).

    Parameters
    ----------
    source : path-like or list of path-like
        A Vega folder, a folder holding some, or a list of them.

    Returns
    -------
    VegaData
        ``results, players, events, published`` (see :class:`VegaData`).

    Raises
    ------
    ValidationError
        Where a page is refused (see the module's text), or no Vega folder is found.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "standings.html").write_text(
    ...     "<h3>Standings at round 1</h3><table><tr><th>Pos</th><th>Player</th><th>Pts</th>"
    ...     "<th>BH</th></tr><tr><td>1</td><td><a href='playercard.html#1'>Ann</a></td>"
    ...     "<td>1.0</td><td>0.0</td></tr><tr><td>2</td><td><a href='playercard.html#2'>Bob</a>"
    ...     "</td><td>0.0</td><td>1.0</td></tr></table>")
    >>> _ = (folder / "pairs1.html").write_text(
    ...     "<table><tr><th>Bo.</th><th>White</th><th>Result</th><th>Black</th></tr><tr><td>1"
    ...     "</td><td><a href='playercard.html#1'>Ann</a></td><td>1 - 0</td>"
    ...     "<td><a href='playercard.html#2'>Bob</a></td></tr></table>")
    >>> data = read_vega(folder)
    >>> data.results[["round", "player", "opponent", "colour", "points", "kind"]]
       round  player  opponent colour  points    kind
    0      1       1         2      w     1.0  played
    1      1       2         1      b     0.0  played
    >>> data.published[["round_after", "player", "name", "rank", "points", "BH"]]
       round_after  player name  rank  points   BH
    0            1       1  Ann   1.0     1.0  0.0
    1            1       2  Bob   2.0     0.0  1.0
    """
    folders = vega_folders(source)
    if not folders:
        raise ValidationError(f"{source}: no Vega folder (standings.html and pairsN.html)")
    names = event_names([f / STANDINGS_PAGE for f in folders]) if len(folders) > 1 else None
    parts = [
        _read_folder(f, names[i].rsplit("/", 1)[0] if names else f.name)
        for i, f in enumerate(folders)
    ]
    notes = pd.concat([p[4] for p in parts], ignore_index=True).astype({"note": str})
    results = pd.concat([p[0] for p in parts], ignore_index=True)
    players = pd.concat([p[1] for p in parts], ignore_index=True)
    events = pd.DataFrame([p[2] for p in parts])
    published = pd.concat([p[3] for p in parts], ignore_index=True)
    published.attrs["labels"] = {k: v for p in parts for k, v in p[3].attrs["labels"].items()}
    results = results.astype({OPPONENT: "Int64", POINTS: "float64", ROUND: "int64"})
    events[DATE] = pd.to_datetime(events[DATE])
    events["end_date"] = pd.to_datetime(events["end_date"])
    events = events.astype({ROUNDS: "Int64", ROUND_AFTER: "Int64"})
    return VegaData(results, players, events, published, notes)


# --- one folder ----------------------------------------------------------------------------------


def _read_folder(
    folder: Path, event: str
) -> tuple[pd.DataFrame, pd.DataFrame, dict, pd.DataFrame, pd.DataFrame]:
    standings = read_page(folder / STANDINGS_PAGE)
    note_input(folder / STANDINGS_PAGE)
    pages = sorted(
        (int(m.group(1)), p)
        for p in folder.iterdir()
        if (m := _PAIRS.match(p.name)) and int(m.group(1)) >= 1
    )
    paired = {rnd: _pairs_rows(read_page(path), rnd) for rnd, path in pages}
    people: dict[int, dict] = {}
    published, labels, round_after = _standings(standings, event, people)
    cross = folder / CROSSTABLE_PAGE
    if cross.is_file():
        rows = _crosstable_rows(read_page(cross), people)
        rows = _checked(rows, paired, people, cross)
    else:
        rows = [r for page in paired.values() for r in page]
        for r in rows:
            person = people.setdefault(r[PLAYER], _nobody() | {NAME: r.get("_name") or None})
            if person[RATING] is None and r.get("_rating"):
                person[RATING] = r["_rating"]
    rounds = sorted({r[ROUND] for r in rows})
    # a player listed without any result (entered, never played): absent from round 1 on
    listed = {r[PLAYER] for r in rows}
    rows += [_row(1, p, None, None, 0.0, "zpb") for p in sorted(people) if p not in listed]
    missing = sorted(set(range(1, max(rounds, default=0) + 1)) - set(rounds))
    if missing:
        raise ValidationError(
            f"{folder}: no pairs{missing[0]}.html (round {missing[0]}) and no crosstable to "
            "give its results"
        )
    results = pd.DataFrame(rows, columns=[ROUND, PLAYER, OPPONENT, COLOUR, POINTS, KIND, "_note"])
    results.insert(0, EVENT, event)
    players = pd.DataFrame(
        [{EVENT: event, PLAYER: k, **v} for k, v in sorted(people.items())],
        columns=[EVENT, PLAYER, NAME, TITLE, RATING, FEDERATION],
    ).astype({RATING: "Int64"})
    first, last = _dates(standings)
    if first is None and (folder / TOURSTAT_PAGE).is_file():  # older templates: dates there
        first, last = _tourstat_dates(read_page(folder / TOURSTAT_PAGE))
    info = {
        EVENT: event,
        NAME: standings.title or event,
        DATE: first,
        "end_date": last,
        ROUNDS: max(rounds, default=None),
        ROUND_AFTER: round_after if round_after is not None else max(rounds, default=None),
        PROGRAM: VEGA,
        TIEBREAK_ORDER: ",".join(c for c in labels if tiebreak_code(labels[c]) == c),
        "file": str(folder),
    }
    published.attrs["labels"] = labels
    notes = [(r[ROUND], r[PLAYER], r["_note"]) for r in rows if r.get("_note")]
    after = info[ROUND_AFTER] or 0
    notes += [
        (r[ROUND], r[PLAYER], NO_RESULT)
        for r in rows
        if r[KIND] == "in_progress" and r[ROUND] <= after
    ]
    shown = published.set_index(PLAYER)[POINTS]
    notes += [
        (after, p, OTHER_POINTS)
        for p, v in people.items()
        if "_pts" in v and p in shown.index and v["_pts"] != shown[p] and v["_round"] == after
    ]
    frame = pd.DataFrame(notes, columns=[ROUND, PLAYER, "note"])
    frame.insert(0, EVENT, event)
    return results.drop(columns="_note"), players, info, published, frame


def _nobody() -> dict:
    return {NAME: None, TITLE: None, RATING: None, FEDERATION: None}


def _who(cell: Cell) -> dict:
    """A player's name and title from the cell naming him."""
    title = cell.classes.get("title") or cell.classes.get("b") or None
    return _nobody() | {NAME: _name(cell) or None, TITLE: title}


@functools.lru_cache(maxsize=4096)
def _same(name: str | None) -> str:
    """A name as the pages are compared by: without a withdrawal mark ``(W)``, spaces and case,
    its parts in order (one page may swap given and family names)."""
    text = re.sub(r"\(W\)\s*$", "", name or "").lower()
    return " ".join(sorted(re.split(r"[\s,]+", text.strip())))


def _dates(page: Page) -> tuple[str | None, str | None]:
    for text in page.headings:
        if m := _DATES.fullmatch(text.strip()):
            d, mth, y, d2, m2, y2 = m.groups()
            start = f"{y}-{int(mth):02d}-{int(d):02d}"
            return start, f"{y2}-{int(m2):02d}-{int(d2):02d}" if y2 else start
    return None, None


def _tourstat_dates(page: Page) -> tuple[str | None, str | None]:
    """The ``Date Begin`` and ``Date End`` rows of ``tourstat.html`` (dd/mm/yyyy)."""
    found = {}
    for table in page.tables:
        for cells in table.rows:
            if len(cells) >= 2 and (m := _DATES.fullmatch(cells[1].text.strip())):
                d, mth, y = m.groups()[:3]
                found[cells[0].text.strip().lower()] = f"{y}-{int(mth):02d}-{int(d):02d}"
    start = found.get("date begin")
    return start, found.get("date end", start) if start else None


def _header_index(table: Table, *labels: str) -> int | None:
    low = [h.strip().lower() for h in table.header]
    for label in labels:
        if label in low:
            return low.index(label)
    return None


def _pairs_rows(page: Page, rnd: int) -> list[dict]:
    """The rows of one round page (every table with a ``Result`` column); each row also keeps
    the names the page gives the player and his opponent (``_name``, ``_opp``)."""
    rows: list[dict] = []
    seen: dict[int, int] = {}
    for table in page.tables:
        at = _header_index(table, "result", "res.")
        if at is None:
            continue
        for cells, line in zip(table.rows, table.lines, strict=True):
            named = [(p, _name(c)) for c in cells for p in c.players]
            rated = {p: _rating(c) for c in cells for p in c.players}
            ids = [p for p, _ in named if p != 0]  # player 0 is "BYE" (some templates)
            names = dict(named)
            result = cells[at].text.strip() if at < len(cells) else ""
            for pid in ids:
                if pid in seen:
                    raise ValidationError(
                        f"{page.path}:{line}: player {pid} twice in round {rnd} (also line "
                        f"{seen[pid]})"
                    )
                seen[pid] = line
            bye = next((m.group(1).lower() for c in cells if (m := _BYE.search(c.text))), None)
            if bye is None and len(ids) == 1 and 0 in names:
                bye = {"1": "bye", "½": "half point bye", "0": "not paired"}.get(result)
            if len(ids) == 1 and bye is not None:
                kind, pts = _BYES[bye]
                rows.append(_row(rnd, ids[0], None, None, pts, kind) | {"_name": names[ids[0]]})
            elif len(ids) == 2:
                if result not in _RESULTS:
                    raise ValidationError(f"{page.path}:{line}: unknown result {result!r}")
                kw, pw, kb, pb = _RESULTS[result]
                w, b = ids
                rows.append(_row(rnd, w, b, "w", pw, kw))
                rows.append(_row(rnd, b, w, "b", pb, kb))
                rows[-2] |= {"_name": names[w], "_opp": names[b], "_rating": rated[w]}
                rows[-1] |= {"_name": names[b], "_opp": names[w], "_rating": rated[b]}
                if result == "0 - 0":  # a game both lost: read as a double forfeit
                    rows[-2]["_note"] = rows[-1]["_note"] = BOTH_LOST
            elif ids:
                raise ValidationError(
                    f"{page.path}:{line}: a board of {len(ids)} player(s) ({result!r})"
                )
    return rows


def _rating(cell: Cell) -> int | None:
    """The rating a round page's player cell shows (some templates show one; 0 is none)."""
    text = (cell.classes.get("rating") or "").strip()
    return int(text) if text.isdigit() and int(text) > 0 else None


def _name(cell: Cell) -> str:
    return (cell.classes.get("_card") or cell.classes.get("player-name-box2") or "").strip()


def _row(rnd: int, player: int, opp: int | None, colour: str | None, pts: float, kind: str) -> dict:
    return {ROUND: rnd, PLAYER: player, OPPONENT: opp, COLOUR: colour, POINTS: pts, KIND: kind}


# --- the crosstable ------------------------------------------------------------------------------


def _crosstable_cell(cell: Cell) -> tuple[str, float, int | None, str | None] | None:
    """(kind, points, opponent, colour) of a crosstable cell; None for an empty one."""
    res = cell.classes.get("res")
    if res is None:
        return None
    pts = {"1": 1.0, "½": 0.5, "0": 0.0}.get(res.strip())
    side = next((c for c in ("cw", "cb", "cf") if c in cell.classes), None)
    if pts is None or side is None:
        raise ValueError(f"result {res!r}")
    opp_text = cell.classes[side].strip()
    if side == "cf" and opp_text.upper() == "BYE":
        return ("pab" if pts == 1 else "hpb" if pts == 0.5 else "zpb", pts, None, None)
    if not opp_text.isdigit():
        raise ValueError(f"opponent {opp_text!r}")
    if side == "cf":
        return ("forfeit_win" if pts == 1 else "forfeit_loss", pts, int(opp_text), None)
    return ("played", pts, int(opp_text), "w" if side == "cw" else "b")


def _crosstable_rows(page: Page, people: dict[int, dict]) -> list[dict]:
    """The results the crosstable gives (a game both lost, ``0 - 0``, becomes a double
    forfeit: two forfeit losses against each other)."""
    table = next((t for t in page.tables if _header_index(t, "pts") is not None), None)
    if table is None:
        raise ValidationError(f"{page.path}: no crosstable (a table with a Pts column)")
    columns = {int(h): i for i, h in enumerate(table.header) if h.strip().isdigit()}
    rows: list[dict] = []
    for cells, line in zip(table.rows, table.lines, strict=True):
        named = [c for c in cells if c.players]
        if not named:
            continue
        player = named[0].players[0]
        people.setdefault(player, _who(named[0]))
        _facts(table, cells, people[player])
        people[player]["_pts"] = _number(
            cells, _header_index(table, "pts") or 0, page.path, line, "Pts"
        )
        people[player]["_round"] = max(columns, default=0)
        for rnd, at in columns.items():
            try:
                got = _crosstable_cell(cells[at]) if at < len(cells) else None
            except ValueError as exc:
                raise ValidationError(f"{page.path}:{line}: round {rnd}: {exc}") from None
            if got is not None:
                rows.append(_row(rnd, player, got[2], got[3], got[1], got[0]) | {"_line": line})
    lost = [r for r in rows if r[POINTS] == 0 and r[KIND] == "played"]
    losses = {(r[ROUND], r[PLAYER], r[OPPONENT]) for r in lost}
    for r in lost:  # a game both lost (0 - 0): read as a double forfeit
        if (r[ROUND], r[OPPONENT], r[PLAYER]) in losses:
            r |= {KIND: "forfeit_loss", "_note": BOTH_LOST}
    return rows


def _checked(
    rows: list[dict], paired: dict[int, list[dict]], people: dict[int, dict], path: Path
) -> list[dict]:
    """The crosstable's rows checked against the round pages, player by player *by name* (a
    round page keeps the start numbers of its round; players who came later renumber them):
    a round page's full-point bye makes the crosstable's bye one; any other difference is
    warned about, and the crosstable's result kept (the page written with the standings)."""

    def name(pid: object) -> str | None:
        return _same(people.get(pid, {}).get(NAME)) if pid is not None else None  # type: ignore[call-overload]

    differ: list[str] = []
    by_name = {
        rnd: {_same(p.get("_name")): p for p in reversed(page)} for rnd, page in paired.items()
    }
    for r in rows:
        page = by_name.get(r[ROUND])
        if page is None:
            continue
        theirs = page.get(name(r[PLAYER]) or "")
        if theirs is None or theirs[KIND] == "in_progress":
            continue
        if r[KIND] == "pab" and theirs[KIND] == "fpb":
            r[KIND] = "fpb"
        opp = name(r[OPPONENT])
        if (
            theirs[POINTS] != r[POINTS]
            or (_same(theirs.get("_opp")) if theirs.get("_opp") else None) != opp
        ):
            r["_note"] = PAGES_DIFFER
            differ.append(
                f"line {r['_line']}: {name(r[PLAYER])}, round {r[ROUND]}: the crosstable says "
                f"{r[POINTS]:g} against {opp or r[KIND]}, pairs{r[ROUND]}.html "
                f"{theirs[POINTS]:g} against {theirs.get('_opp') or theirs[KIND]}"
            )
    if differ:
        warnings.warn(
            f"{path}: {len(differ)} result(s) differ from the round pages (the crosstable's are "
            f"read): {differ[0]}",
            stacklevel=4,
        )
    return rows


# --- the standings -------------------------------------------------------------------------------


def _facts(table: Table, cells: list[Cell], person: dict) -> None:
    """A player's rating, federation and title from a standings or crosstable row."""
    at = _header_index(table, "rtg", "elo")
    if at is not None and at < len(cells) and person.get(RATING) is None:
        text = cells[at].text.strip()
        person[RATING] = int(text) if text.isdigit() and int(text) > 0 else None
    at = _header_index(table, "fed")
    if at is not None and at < len(cells) and person.get(FEDERATION) is None:
        person[FEDERATION] = cells[at].text.strip() or next(iter(cells[at].alts), None)
    at = _header_index(table, "t")
    if at is not None and at < len(cells) and not person.get(TITLE):
        person[TITLE] = cells[at].text.strip() or None
    if person.get(FEDERATION) == "flag":
        person[FEDERATION] = None


def _standings(
    page: Page, event: str, people: dict[int, dict]
) -> tuple[pd.DataFrame, dict[str, str], int | None]:
    """The published standings, the label of each tie-break code, the round they follow."""
    table = next((t for t in page.tables if _header_index(t, "pos") is not None), None)
    if table is None or _header_index(table, "pts") is None:
        raise ValidationError(f"{page.path}: no standings table (columns Pos and Pts)")
    pos, pts = _header_index(table, "pos"), _header_index(table, "pts")
    assert pos is not None and pts is not None
    labels: dict[str, str] = {}
    columns: dict[int, str] = {}
    for i, label in enumerate(table.header):
        if i <= pts or label.strip().lower() in _NOT_TIEBREAKS or not label.strip():
            continue
        code = tiebreak_code(label)
        if code is None:
            warnings.warn(
                f"{page.path}: tie-break column {label.strip()!r} is of no known tie-break: "
                "kept as published, not compared",
                stacklevel=4,
            )
            code = label.strip()
        labels[code] = label.strip()
        columns[i] = code
    out: list[dict] = []
    seen: dict[int, int] = {}
    for cells, line in zip(table.rows, table.lines, strict=True):
        ids = [p for c in cells for p in c.players]
        if not ids:
            continue
        player = ids[0]
        if player in seen:
            raise ValidationError(
                f"{page.path}:{line}: player {player} twice in the standings (also line "
                f"{seen[player]})"
            )
        seen[player] = line
        people.setdefault(player, _who(next(c for c in cells if c.players)))
        _facts(table, cells, people[player])
        row = {EVENT: event, PLAYER: player, NAME: people[player][NAME]}
        row[RANK] = _number(cells, pos, page.path, line, "Pos")
        row[POINTS] = _number(cells, pts, page.path, line, "Pts")
        for i, code in columns.items():
            row[code] = _number(cells, i, page.path, line, labels[code])
        out.append(row)
    after = next((int(m.group(1)) for h in page.headings if (m := _AT_ROUND.search(h))), None)
    frame = pd.DataFrame(out, columns=[EVENT, PLAYER, NAME, RANK, POINTS, *columns.values()])
    frame.insert(1, ROUND_AFTER, after)
    return frame.astype({ROUND_AFTER: "Int64"}), labels, after


def _number(cells: list[Cell], at: int, path: Path, line: int, label: str) -> float:
    text = cells[at].text.strip().replace(",", ".") if at < len(cells) else ""
    if text in ("", "-"):
        return np.nan
    if m := re.fullmatch(r"(\d+)-\d+", text):  # DE as a shared place among the tied: "1-2"
        return float(m.group(1))
    try:
        return float(text.replace("½", ".5"))
    except ValueError:
        raise ValidationError(f"{path}:{line}: {label} {text!r} is not a number") from None
