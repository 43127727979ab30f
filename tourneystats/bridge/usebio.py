"""Read USEBIO 1.2 XML result files (pairs events) into the canonical bridge frames.

USEBIO ("Universal Scoring Exchange for Bridge Information Objects") is the XML results format of
the EBU, used by scoring programs such as Compscore. A pairs event file holds:

- ``EVENT`` (``EVENT_TYPE`` such as ``MP_PAIRS`` or ``BUTLER_PAIRS``, ``EVENT_DESCRIPTION``,
  ``DATE`` as ``DD/MM/YYYY``, read into a ``date`` column), optionally split into ``SESSION``
  and ``SECTION`` elements;
- ``PARTICIPANTS``/``PAIR``: ``PAIR_NUMBER``, ``DIRECTION`` (``NS``/``EW`` in a Mitchell, empty in
  a Howell), ``TOTAL_SCORE``, ``PERCENTAGE``, ``PLACE`` and the ``PLAYER`` names;
- ``BOARD`` with ``BOARD_NUMBER``, an optional ``BOARD_AVERAGE`` (the Butler datum) and one
  ``TRAVELLER_LINE`` per result: ``NS_PAIR_NUMBER``, ``EW_PAIR_NUMBER``, ``CONTRACT``,
  ``PLAYED_BY``, ``LEAD``, ``TRICKS``, ``SCORE`` (North-South's score, or an artificial score
  ``A<NS%><EW%>`` such as ``A5050``), and the published ``NS_/EW_MATCH_POINTS`` or
  ``NS_/EW_BUTLER_POINTS``.

The XML is parsed without any DTD or entity processing: a document type declaration with an
internal subset, or any ``<!ENTITY``, is refused before parsing; a plain external declaration
(``<!DOCTYPE USEBIO SYSTEM "...usebio_v1_2.dtd">``, which real files carry) is blanked out and
never fetched; an undefined entity reference is a parse error. Nothing touches the network
(:func:`tourneystats.core.safexml.parse_xml`, which the TOM reader of the card games shares).

Refused, naming the line: a TRAVELLER_LINE without its pair numbers or SCORE, a SCORE that is
neither a whole number nor an artificial ``A<NS%><EW%>`` (also ``A60/40``), a bad BOARD_NUMBER,
CONTRACT, PLAYED_BY or TRICKS, a file with no traveller line, and in a Howell section (one whose
PARTICIPANTS give no pair a DIRECTION) a pair on both sides of a board; the results then go
through the family's checks (:func:`~tourneystats.bridge.checks.check_play`), at their line.
The vulnerability is the board's standard one.
"""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from ..core.folders import result_files
from ..core.safexml import parse_xml
from ..core.schema import (
    ARTIFICIAL,
    BOARD,
    CONTRACT,
    DATE,
    DATUM,
    DECLARER,
    EVENT,
    EW_IMPS,
    EW_MP,
    EW_PAIR,
    EW_PERCENTAGE,
    LEAD,
    LINE,
    NAMES,
    NS_IMPS,
    NS_MP,
    NS_PAIR,
    NS_PERCENTAGE,
    NS_SCORE,
    PAIR,
    PERCENTAGE,
    RANK,
    ROUND,
    SCORING,
    SECTION,
    TOTAL,
    TRICKS,
    ValidationError,
    fail_rows,
)
from .checks import check_play, located
from .contract import (
    DEFAULT_SECTION,
    BridgeFile,
    Published,
    artificial_code,
    combine,
    contract_text,
)
from .conventions import CONVENTION
from .declared import USEBIO_TEAM_TYPES, program_convention, scoring_of, usebio_scoring

__all__ = ["read_usebio"]

#: published per-line values: USEBIO element -> column
_LINE_VALUES = {
    "NS_MATCH_POINTS": NS_MP,
    "EW_MATCH_POINTS": EW_MP,
    "NS_BUTLER_POINTS": NS_IMPS,
    "EW_BUTLER_POINTS": EW_IMPS,
    "NS_CROSS_IMPS": NS_IMPS,
    "EW_CROSS_IMPS": EW_IMPS,
    "NS_CROSS_IMP_POINTS": NS_IMPS,
    "EW_CROSS_IMP_POINTS": EW_IMPS,
    "NS_IMPS": NS_IMPS,
    "EW_IMPS": EW_IMPS,
    "NS_PERCENTAGE": NS_PERCENTAGE,
    "EW_PERCENTAGE": EW_PERCENTAGE,
}
_SCORE_RE = re.compile(r"^[+-]?\d+$")
_ART_RE = re.compile(r"^A(\d{2})(\d{2})$", re.IGNORECASE)
_ART_SPLIT_RE = re.compile(r"^A(\d{1,3})[/-](\d{1,3})$", re.IGNORECASE)
_SEATS = {"N": "N", "E": "E", "S": "S", "W": "W", "NORTH": "N", "EAST": "E", "SOUTH": "S"}
_SEATS["WEST"] = "W"
_RANKS = "AKQJT98765432"
_SUITS = "SHDC"


# --- reading -------------------------------------------------------------------------------------


def _text(element: ET.Element | None, tag: str) -> str | None:
    if element is None:
        return None
    child = element.find(tag)
    if child is None or child.text is None:
        return None
    value = child.text.strip()
    return value or None


def _date(value: str | None, where: str) -> pd.Timestamp | None:
    """An EVENT's DATE: DD/MM/YYYY as USEBIO 1.2 writes it (or ISO YYYY-MM-DD)."""
    if value is None:
        return None
    for form in ("%d/%m/%Y", "%Y-%m-%d"):
        try:
            return pd.Timestamp(pd.to_datetime(value, format=form))
        except (ValueError, TypeError):
            continue
    raise ValidationError(f"{where}: DATE {value!r} is not a date (DD/MM/YYYY)")


def _number(value: str | None) -> float:
    if value is None:
        return np.nan
    try:
        return float(value)
    except ValueError:
        return np.nan


def _place(value: str | None) -> float:
    m = re.match(r"^\s*(\d+)", value or "")
    return float(m.group(1)) if m else np.nan


def _card(value: str | None) -> str | None:
    if value is None:
        return None
    text = value.strip().upper().replace("10", "T")
    if len(text) == 2 and text[0] in _SUITS and text[1] in _RANKS:
        return text
    if len(text) == 2 and text[0] in _RANKS and text[1] in _SUITS:
        return text[1] + text[0]
    return value.strip() or None


def _scoring(event_el: ET.Element) -> str | None:
    """ "MP" or "IMP": what the event's published totals count."""
    method = _text(event_el, "SCORING_METHOD") or _text(event_el, "BOARD_SCORING_METHOD") or ""
    method = method.upper()
    kind = (event_el.get("EVENT_TYPE") or "").upper()
    if "IMP" in method or "BUTLER" in kind or "IMP" in kind:
        return "IMP"
    if "MATCH" in method or method == "MP" or kind.startswith("MP"):
        return "MP"
    return method or None


def _declared(event_el: ET.Element, where: Callable) -> str | None:
    """The scoring method the EVENT declares (:func:`~tourneystats.bridge.declared.usebio_scoring`),
    refused at the line of the declaration that is unknown or contradicts another."""
    methods: dict[str, str] = {}
    at = event_el
    for tag in ("SCORING_METHOD", "BOARD_SCORING_METHOD"):
        child = event_el.find(tag)
        value = _text(event_el, tag)
        if value is not None:
            methods[tag] = value
            at = child
    if (
        event_el.find(".//BOARD_AVERAGE") is not None
        or event_el.find(".//NS_BUTLER_POINTS") is not None
    ):
        publishes = "butler"
    elif event_el.find(".//NS_CROSS_IMP_POINTS") is not None:
        publishes = "cross_imps"
    else:
        publishes = None
    try:
        return usebio_scoring(event_el.get("EVENT_TYPE"), methods, publishes=publishes)
    except ValueError as exc:
        unknown_type = "EVENT_TYPE" in str(exc) and not str(exc).startswith("contradicting")
        raise ValidationError(f"{where(event_el if unknown_type else at)}: {exc}") from None


def _label(element: ET.Element, id_tags: tuple[str, ...]) -> str | None:
    for tag in id_tags:
        value = _text(element, tag)
        if value is not None:
            return value
    for attr in id_tags:
        if element.get(attr):
            return element.get(attr)
    return None


def _walk(element: ET.Element, context: dict, out: list) -> None:
    """Collect (element, context) for PARTICIPANTS and BOARD elements under an EVENT."""
    for child in element:
        tag = child.tag
        if tag == "SESSION":
            session = _label(child, ("SESSION_NUMBER", "SESSION_ID", "SESSION_NAME"))
            _walk(child, {**context, "session": session}, out)
        elif tag == "SECTION":
            section = _label(child, ("SECTION_ID", "SECTION_NUMBER", "SECTION_NAME", "SECTION"))
            _walk(child, {**context, "section": section}, out)
        elif tag in ("PARTICIPANTS", "BOARD"):
            out.append((child, context))


def _section(context: dict, sessions: int) -> str:
    section = context.get("section") or DEFAULT_SECTION
    if sessions > 1 and context.get("session"):
        return f"{context['session']}/{section}"
    return section


def _parse_score(text: str | None, where: str) -> tuple[int | None, str | None]:
    if text is None:
        raise ValidationError(f"{where}: no SCORE")
    value = text.replace(" ", "")
    if _SCORE_RE.match(value):
        return int(value), None
    m = _ART_RE.match(value) or _ART_SPLIT_RE.match(value)
    if m:
        try:
            return None, artificial_code(int(m.group(1)), int(m.group(2)))
        except ValueError as exc:
            raise ValidationError(f"{where}: {exc}") from None
    raise ValidationError(f"{where}: SCORE {text!r} is neither a score nor an artificial A<NS><EW>")


class _Rows:
    """The rows read from a file, by frame."""

    def __init__(self) -> None:
        self.results: list[dict] = []
        self.published: list[dict] = []
        self.datums: list[dict] = []
        self.totals: list[dict] = []
        self.pairs: list[dict] = []
        self.lines: list[int] = []  # the line of each result
        self.line_of: Callable[[ET.Element], int] = lambda element: 0


def _read_one(path: Path, event: str | None, scoring: str | None = None) -> BridgeFile:
    """Read one USEBIO file: the participants and boards of its events, then the frames."""
    root, lines = parse_xml(path.read_bytes(), path)

    def where(element: ET.Element) -> str:
        return f"{path}: line {lines.get(id(element), '?')}: <{element.tag}>"

    if root.tag != "USEBIO":
        raise ValidationError(f"{where(root)} is not a USEBIO document (root must be <USEBIO>)")
    events = root.findall("EVENT")
    if not events:
        raise ValidationError(f"{where(root)} has no <EVENT>")
    rows = _Rows()
    rows.line_of = lambda element: lines.get(id(element), 0)
    for event_el in events:
        _read_event(event_el, event, path, where, rows, scoring)
    if not rows.results:
        raise ValidationError(f"{where(root)} has no results (no BOARD with a TRAVELLER_LINE)")
    return _frames(rows, path)


def _read_event(
    event_el: ET.Element,
    event: str | None,
    path: Path,
    where: Callable,
    rows: _Rows,
    scoring: str | None = None,
) -> None:
    """Read an EVENT: its label, declared scoring, program and date, then its participants and
    boards (`scoring`: the caller's, replacing the declaration)."""
    kind = (event_el.get("EVENT_TYPE") or "").upper()
    if "TEAM" in kind or kind in USEBIO_TEAM_TYPES:
        raise ValidationError(
            f"{where(event_el)}: team events ({kind}) are not read; only pairs events"
        )
    label = event
    if label is None:
        label = _text(event_el, "EVENT_DESCRIPTION") or _text(event_el, "EVENT_IDENTIFIER")
        label = label or path.stem
    totals_kind = _scoring(event_el)
    declared = scoring if scoring is not None else _declared(event_el, where)
    date_el = event_el.find("DATE")
    date = _date(_text(event_el, "DATE"), where(date_el if date_el is not None else event_el))
    found: list = []
    _walk(event_el, {}, found)
    sessions = len({c.get("session") for _, c in found if c.get("session")})
    ctx = {
        EVENT: label,
        DATE: date,
        SCORING: declared,
        CONVENTION: program_convention(_text(event_el, "PROGRAM_NAME")),
    }
    for element, context in found:
        other = (element.get("EVENT_TYPE") or "").upper()
        if scoring is None and kind and other and other != kind:
            raise ValidationError(
                f"{where(element)}: EVENT_TYPE {other} contradicts the EVENT's {kind}"
            )
        section = _section(context, sessions)
        if element.tag == "PARTICIPANTS":
            _read_participants(element, label, section, totals_kind, where, rows)
        else:
            _read_board(element, {**ctx, SECTION: section}, where, rows)


def _read_participants(
    element: ET.Element, label: str, section: str, scoring: str | None, where: Callable, rows: _Rows
) -> None:
    """Read the PAIRs of a PARTICIPANTS element: names, and the published session results."""
    for pair in element.findall("PAIR"):
        number = _text(pair, "PAIR_NUMBER")
        if number is None:
            raise ValidationError(f"{where(pair)} without PAIR_NUMBER")
        direction = (_text(pair, "DIRECTION") or "").upper().replace("-", "")
        line = direction if direction in ("NS", "EW") else None
        names = [p.text.strip() for p in pair.iter("PLAYER_NAME") if p.text and p.text.strip()]
        base = {EVENT: label, SECTION: section, PAIR: number, LINE: line}
        rows.pairs.append({**base, NAMES: " & ".join(names) or None})
        rows.totals.append(
            {
                **base,
                TOTAL: _number(_text(pair, "TOTAL_SCORE")),
                PERCENTAGE: _number(_text(pair, "PERCENTAGE")),
                RANK: _place(_text(pair, "PLACE")),
                SCORING: scoring,
            }
        )


def _read_board(element: ET.Element, ctx: dict, where: Callable, rows: _Rows) -> None:
    """Read a BOARD: its number, its datum and its traveller lines (`ctx`: event, date, section)."""
    lines_here = element.findall("TRAVELLER_LINE")
    number = _text(element, "BOARD_NUMBER")
    if not lines_here:
        return  # a hand record (HANDSET) or an unplayed board
    if number is None or not number.isdigit() or int(number) < 1:
        raise ValidationError(f"{where(element)}: BOARD_NUMBER {number!r} is not valid")
    board = int(number)
    average = _text(element, "BOARD_AVERAGE")
    if average is not None:
        rows.datums.append(
            {EVENT: ctx[EVENT], SECTION: ctx[SECTION], BOARD: board, DATUM: _number(average)}
        )
    for tl in lines_here:
        _read_traveller_line(tl, board, ctx, f"{where(tl)} (board {board})", rows)


def _read_traveller_line(tl: ET.Element, board: int, ctx: dict, here: str, rows: _Rows) -> None:
    """Read a TRAVELLER_LINE: pairs, score or artificial code, the play, the published values."""
    ns, ew = _text(tl, "NS_PAIR_NUMBER"), _text(tl, "EW_PAIR_NUMBER")
    if ns is None or ew is None:
        raise ValidationError(f"{here}: missing NS/EW_PAIR_NUMBER")
    score, art = _parse_score(_text(tl, "SCORE"), here)
    contract, declarer, tricks = _play(tl, art, here)
    row = {
        EVENT: ctx[EVENT],
        DATE: ctx[DATE],
        SECTION: ctx[SECTION],
        ROUND: _number(_text(tl, "ROUND_NUMBER")),
        BOARD: board,
        NS_PAIR: ns,
        EW_PAIR: ew,
    }
    rows.lines.append(rows.line_of(tl))
    rows.results.append(
        {
            **row,
            NS_SCORE: score,
            CONTRACT: contract,
            DECLARER: declarer,
            TRICKS: tricks,
            LEAD: _card(_text(tl, "LEAD")),
            ARTIFICIAL: art,
            SCORING: ctx[SCORING],
            CONVENTION: ctx[CONVENTION],
        }
    )
    pub = dict(row)
    for tag, col in _LINE_VALUES.items():
        value = _text(tl, tag)
        if value is not None:
            pub[col] = _number(value)
    rows.published.append(pub)


def _play(tl: ET.Element, art: str | None, here: str) -> tuple[str | None, str | None, Any]:
    """(contract, declarer, tricks) of a traveller line; none of them for an artificial score."""
    contract = _text(tl, "CONTRACT")
    declarer = _text(tl, "PLAYED_BY")
    tricks: Any = _text(tl, "TRICKS")
    try:
        contract = contract_text(contract) if contract else None
    except ValidationError as exc:
        raise ValidationError(f"{here}: {exc}") from None
    if declarer is not None:
        seat = _SEATS.get(declarer.upper())
        if seat is None:
            raise ValidationError(f"{here}: PLAYED_BY {declarer!r} is not N, E, S or W")
        declarer = seat
    if tricks is not None:
        if not tricks.isdigit() or int(tricks) > 13:
            raise ValidationError(f"{here}: TRICKS {tricks!r} is not 0..13")
        tricks = int(tricks)
    if art is not None or contract == "Pass":
        declarer = tricks = None
        if art is not None:
            contract = None
    return contract, declarer, tricks


def _frames(rows: _Rows, path: Path) -> BridgeFile:
    """The canonical frames of the rows read: results, published lines, datums, totals, pairs."""
    res = pd.DataFrame(
        rows.results,
        columns=[EVENT, DATE, SECTION, ROUND, BOARD, NS_PAIR, EW_PAIR, NS_SCORE, CONTRACT]
        + [DECLARER, TRICKS, LEAD, ARTIFICIAL, SCORING, CONVENTION],
    )
    pub = pd.DataFrame(
        rows.published, columns=[EVENT, DATE, SECTION, ROUND, BOARD, NS_PAIR, EW_PAIR]
    )
    if rows.published:
        pub = pd.DataFrame(rows.published)
    res, pub = (_line_columns(frame) for frame in (res, pub))
    for col in (NS_SCORE, TRICKS):
        res[col] = pd.array(res[col].to_numpy(dtype=object), dtype="Int64")
    res = res.drop(columns=[c for c in (LEAD, SCORING, CONVENTION) if res[c].isna().all()])
    located(path, rows.lines, lambda: check_play(res))
    pr = pd.DataFrame(rows.pairs, columns=[EVENT, SECTION, PAIR, LINE, NAMES])
    located(path, rows.lines, lambda: _check_howell(res, pr))
    boards = pd.DataFrame(rows.datums, columns=[EVENT, SECTION, BOARD, DATUM])
    boards[BOARD] = boards[BOARD].astype(np.int64)
    tot = pd.DataFrame(
        rows.totals, columns=[EVENT, SECTION, PAIR, LINE, TOTAL, PERCENTAGE, RANK, SCORING]
    )
    tot = tot.drop(columns=[c for c in (PERCENTAGE, LINE) if tot[c].isna().all()])
    if pr[LINE].isna().all():
        pr = pr.drop(columns=LINE)
    return BridgeFile(res, Published(pub, boards, tot), pr)


def _check_howell(results: pd.DataFrame, pairs: pd.DataFrame) -> None:
    """Refuse a pair sitting both NS and EW on a board of a Howell section: one whose
    PARTICIPANTS give no pair a DIRECTION (in a Mitchell, NS 1 and EW 1 are two pairs)."""
    if not len(pairs):
        return
    has_line = pairs[LINE].notna().groupby([pairs[EVENT], pairs[SECTION]]).any()
    howell = has_line.index[~has_line.to_numpy()]
    if not len(howell):
        return
    keys = [results[EVENT], results[SECTION], results[BOARD]]
    ns = pd.MultiIndex.from_arrays([*keys, results[NS_PAIR]])
    ew = pd.MultiIndex.from_arrays([*keys, results[EW_PAIR]])
    rows = pd.MultiIndex.from_arrays(keys[:2]).isin(howell) & (ns.isin(ew) | ew.isin(ns))
    same = (results[NS_PAIR] == results[EW_PAIR]).to_numpy(dtype=bool)
    fail_rows(results, rows & same, "a pair plays against itself")
    fail_rows(
        results,
        rows,
        "a pair sits both NS and EW on the same board of a Howell (its PARTICIPANTS give no "
        "pair a DIRECTION)",
    )


def _line_columns(frame: pd.DataFrame) -> pd.DataFrame:
    """The date, round and board columns of a per-line frame (date and round dropped if unused)."""
    if frame[DATE].isna().all():  # no EVENT has a DATE
        frame = frame.drop(columns=DATE)
    else:
        frame[DATE] = pd.to_datetime(frame[DATE])
    if frame[ROUND].isna().all():
        frame = frame.drop(columns=ROUND)
    else:
        frame[ROUND] = frame[ROUND].astype("Int64")
    frame[BOARD] = frame[BOARD].astype(np.int64)
    return frame


def read_usebio(
    path: str | os.PathLike | Iterable[str | os.PathLike],
    *,
    event: str | None = None,
    scoring: str | None = None,
) -> BridgeFile:
    """Read USEBIO 1.2 XML pairs results into the canonical bridge frames.

    Parameters
    ----------
    path : path-like, list of path-likes, or folder
        One ``.xml`` file, several, or a folder (all its ``.xml`` files, sorted by name).
    event : str, optional
        Event label for every result; by default the file's ``EVENT_DESCRIPTION`` (else its
        ``EVENT_IDENTIFIER``, else the file name). Reading several files, a label an earlier file
        already used gets the file name appended in brackets.
    scoring : str, optional
        The scoring of every session (:data:`~tourneystats.bridge.SCORINGS`) instead of the
        file's declaration, which is then not read.

    Returns
    -------
    BridgeFile
        ``results``: the pairs traveller frame ``event, section, [round], board, ns_pair, ew_pair,
        ns_score, contract, declarer, tricks, [lead], artificial`` (pair ids as the file writes
        them, e.g. ``"7"`` in a Howell, ``"1NS"``/``"1EW"`` in a Mitchell; ``ns_score`` missing
        and ``artificial`` = ``"A5050"``-style code for an artificial score; ``section`` is the
        file's SECTION id, ``"A"`` when it has none), with ``scoring``, the method the event
        declares (:mod:`~tourneystats.bridge.declared`: ``EVENT_TYPE`` and
        ``SCORING_METHOD``/``BOARD_SCORING_METHOD``; an unknown or contradicting declaration
        is refused at its line), and ``convention``, the one its ``PROGRAM_NAME`` implies
        (Compscore: ``"compscore"``), when the file has them.
        ``published``: ``lines`` (per traveller line: ``ns_mp``/``ew_mp`` for match points,
        ``ns_imps``/``ew_imps`` for Butler or cross-IMP points), ``boards`` (``datum`` from
        ``BOARD_AVERAGE``), ``totals`` (per pair: ``line``, ``total``, ``percentage``, ``rank``
        from ``PLACE``, ``scoring`` "MP"/"IMP"). ``pairs``: ``pair``, ``[line]``, ``names``.

    Raises
    ------
    ValidationError
        Malformed or hostile XML, or a bad value, naming the file and line (and element).

    Examples
    --------
    >>> from tourneystats import read_usebio
    >>> import pathlib, tempfile
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "club.xml"
    >>> _ = p.write_text('''<?xml version="1.0"?>
    ... <USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">
    ... <EVENT_DESCRIPTION>Club</EVENT_DESCRIPTION>
    ... <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
    ... <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
    ... <CONTRACT>3NT</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>9</TRICKS><SCORE>400</SCORE>
    ... </TRAVELLER_LINE>
    ... <TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER>
    ... <SCORE>A6040</SCORE></TRAVELLER_LINE>
    ... </BOARD></EVENT></USEBIO>''')
    >>> results = read_usebio(p).results
    >>> results[["board", "ns_pair", "ns_score"]]
       board ns_pair  ns_score
    0      1       1       400
    1      1       3      <NA>
    >>> results[["contract", "artificial"]].fillna("-")
      contract artificial
    0      3NT          -
    1        -      A6040
    """
    paths = result_files(path, (".xml",), what="USEBIO files")
    declared = None if scoring is None else scoring_of(scoring)
    return combine(
        [(p, _read_one(p, event, declared)) for p in paths], rename_clashes=event is None
    )
