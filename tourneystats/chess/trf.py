"""FIDE Tournament Report Files (TRF-16 and TRF-2026): read many into one season, write them back.

A TRF is a fixed-column text file: tournament records (``012`` name, ``022`` city, ``032``
federation, ``042``/``052`` start and end date, ``092`` type of tournament, ``142`` or ``XXR``
number of rounds, ``162`` point system) and one ``001`` record per player: start rank (columns 5-8), sex (10), title (11-13),
name (15-47), rating (49-52), federation (54-56), FIDE id (58-68), birth date (70-79), published
points (81-84) and rank (86-89), then one 10-column block per round from column 92: opponent's start
rank (4 columns, ``0000`` or blank for none), colour (``w``/``b``/``-``) and result.

Result codes (TRF-16 and TRF-2026, letters case-insensitive) and the ``kind`` they become:

======================  ==============================================  ================
code                    meaning                                         kind
======================  ==============================================  ================
``1`` ``=`` ``0``       win, draw, loss over the board                  ``played``
``W`` ``D`` ``L``       win, draw, loss of a game that lasted less      ``played``
                        than one move (played but not rated)
``+`` / ``-``           forfeit win / loss (with an opponent)           ``forfeit_win`` /
                                                                        ``forfeit_loss``
``U``                   pairing-allocated bye                           ``pab``
``F`` / ``H``           full-point / half-point bye                     ``fpb`` / ``hpb``
``Z``, blank, ``-``     zero-point bye, absence (without an opponent)   ``zpb``
``+`` / ``=``           without an opponent (``0000 - +`` and           ``pab`` / ``hpb``
                        ``0000 - =``): the byes of FIDE's data
                        exchange format before TRF-16 (Krause), as
                        pairing programs read them
======================  ==============================================  ================

A double forfeit (neither player came) is ``-`` on both lines, each naming the other: two
``forfeit_loss`` rows (see :mod:`tourneystats.chess` for how each rule set scores it). A forfeit
written on one line only, or ``+`` on both, is refused as results that disagree.

TRF-2026 (FIDE, applied from 2025-09-01) keeps the ``001`` columns of TRF-16; what changes for a
reader: ``142`` gives the number of rounds (TRF-16 files use the JaVaFo extension ``XXR``), ``162``
the point system (W, D, L, A = absence/forfeit loss, P = pairing-allocated bye), ``###`` comment
lines, four blanks for the opponent mean ``0000``, a blank colour means ``-``, letter codes are
case-insensitive, and new record types (byes requested ahead ``240``, acceleration ``250``, teams
``310`` ...), which are ignored here (see below).

The rounds of an event are its round blocks: a round block missing at the end of a player's
line, when another line of the file has it, is an absence (``zpb``). The ``142``/``XXR`` record is
the planned number of rounds (the ``rounds`` column of the events frame): a file written during
the tournament (5 rounds played of 9) has 5 rounds, the 4 not played yet are not absences.

Records read: ``001``, ``012``, ``022``, ``032``, ``042``, ``052``, ``092``, ``142``, ``XXR``,
``162``, ``202``, ``212``. The ``092`` text (``type``) tells :func:`tourneystats.chess.standings`
which events are round robins. A comment line (``###``) naming a pairing program (Swiss-Manager,
chessmanager.com: ``tourneystats.chess.programs.PROGRAM_SIGNS``) gives the ``program``
column of the events, whose preset ``rules="auto"`` then applies. The ``162`` point system (symbol at column 6, or 5, points in the
4 columns after it, every 9 columns: ``W`` win, forfeit win and full-point bye, ``D`` draw and
half-point bye, ``L`` loss, ``A`` forfeit loss and zero-point bye, ``P`` pairing-allocated bye,
``X`` an unknown result, not read) gives the points of the results and the ``point_system`` column
of the events (missing without a ``162``). ``202`` lists the tie-breaks (``202 BH/C1,BH,SB``),
``212`` the standings' criteria, the points first (``212 PTS,BH/C1,SB``); the ``tiebreaks``
column of the events is ``212``'s list without ``PTS``, else ``202``'s, and
:func:`tourneystats.chess.standings` ranks the event by it unless given ``tiebreaks=``.
Ignored by design (they do not change who played whom with which result): comments (``###``),
blank lines, the other tournament records (``062``-``082``, ``102``-``132``, ``152``, ``172``,
``192``, ``222``), team records (``013``, ``310``, ``320``, ``330``, ``300``, ``352``, ``362``,
``801``, ``802``: a team event is read by :func:`~tourneystats.chess.read_team_trf`), pairing data
(``240`` bye requests, ``250`` acceleration, ``260`` prohibited pairings), ``299`` abnormal point
assignments (a penalty then shows up as a published-points mismatch), National Rating Support
records (a federation code instead of ``001``), and program extensions (``XXC``, ``XXS``, ``XXZ``,
``XXA``, ``DAT``, ...). The column ruler that Swiss-Manager's TRF export writes above the player
records (a row of tens, ``"         1         2"``, and a row of units, ``"1234567890123..."``)
is skipped. Any other non-blank line that is not a record (three characters from ``0-9``,
``A-Z``, ``#`` followed by a space) is an error.

Refused, naming file, line and column: a line that is not a record; a control character (NUL,
escape, ...; FIDE TRF lines are text) anywhere, a tab in a ``001`` line outside the name (its fields
are at fixed columns, counted in characters); a malformed field, separator or round block; a start
rank not 1-9999 or used twice; an opponent who is not a start rank of the file, or whose line does
not show the same game (the opposite colour, the complementary result: a player paired twice in a
round, or results that disagree); published points (81-84) that are not the sum of the round
results under the file's ``162`` point system (a scoring not declared in a ``162`` record, or
``299`` adjustments, would give standings that are not the file's; ``check_points=False`` reads
them anyway); a file without a player or without a round block; a ``142``/``XXR`` number of rounds
that is 0, that disagrees with the other such record, that is fewer than the round blocks of a
line, or that no tournament of the file's players could have (more than twice the players, or
than 50 for small events, since a match between two players may be long; the same bound applies
to the round blocks of a line, so the work is bounded by the lines given, never by a declared
count); a ``162`` record with a value that is not a number, an unknown symbol, or a system
where a win is not worth more than a draw and a draw more than a loss; a ``202``/``212`` record
with a code that is not a supported tie-break (team codes such as ``EDET`` or ``BH:MP``
included), a ``212`` not starting with ``PTS``, a second ``202`` or ``212`` record. Accepted on
purpose: UTF-8 (with or without a byte-order mark), Windows-1252 and Latin-1
text, CR LF or CR line ends, a DOS end-of-file mark (Ctrl-Z) at the end, tabs in record texts and
names, trailing blanks, blank published points, player lines in any order.

Parsing is vectorised: the ``001`` lines of all files become one fixed-width byte matrix, and the
fields and round blocks are sliced out of it with numpy, so 10,000 files read in seconds.
:func:`read_trf` goes file lines -> tournament records and 001 lines -> fixed-width matrix ->
player fields -> round grid -> symmetry checks -> points -> frames. :func:`write_trf` (from
:mod:`tourneystats.chess.trfwrite`) writes TRF-16 files back.
"""

from __future__ import annotations

import os
import re
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pandas as pd

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
    shortened,
)
from .kinds import (
    COLOURS,
    K_FL,
    K_FPB,
    K_FW,
    K_HPB,
    K_PAB,
    K_PLAYED,
    K_ZPB,
    KINDS,
    POINT_SYSTEM,
    PROGRAM,
    TIEBREAK_ORDER,
)
from .points import _vector, point_system_text
from .programs import program_of
from .trfheader import _declared_rounds, _no_team_tiebreak, _tiebreak_order
from .trflines import (
    _SPACE,
    _TAB,
    MIN_ROUND_LIMIT,
    TRF_SUFFIXES,
    _decode,
    _parse_dates,
    _parse_decimal,
    _parse_opponent,
    _parse_uint,
    _text,
    _Where,
    no_control_characters,
)
from .trfwrite import write_trf

__all__ = ["COLOURS", "KINDS", "TRF_SUFFIXES", "TrfData", "read_trf", "write_trf"]

_RECORD = re.compile(r"[0-9A-Z#]{3}( |$)")
#: the column ruler Swiss-Manager writes above the player records: the tens row ("         1
#: 2 ...") and the units row ("1234567890123..."); its "DDD SSSS ..." legend is a record
_RULER = re.compile(r"(?: {9}\d| {8}\d\d)+|(?:1234567890)+\d*")
_POINT_SYMBOLS = ("W", "D", "L", "A", "P", "X")
_POINTS = re.compile(r" *(\d+(\.\d*)?|\.\d+)")

# Result classes: how a result code scores. Index = class, row of the point table.
_WIN, _DRAW, _LOSS, _FWIN, _FLOSS, _HPB, _FPB, _PAB, _ZPB = range(9)
_BAD = 255
_CLASS_OF = np.full(256, _BAD, dtype=np.uint8)
for _codes, _cls in (
    ("1w", _WIN),
    ("=d", _DRAW),
    ("0l", _LOSS),
    ("+", _FWIN),
    ("-", _FLOSS),
    ("h", _HPB),
    ("f", _FPB),
    ("u", _PAB),
    ("z ", _ZPB),
):
    for _c in _codes:
        _CLASS_OF[ord(_c)] = _cls
#: default points of each class (TRF ``162`` defaults: W 1, D 0.5, L 0, A 0, P = W)
_DEFAULT_POINTS = np.array([1.0, 0.5, 0.0, 1.0, 0.0, 0.5, 1.0, 1.0, 0.0])
#: the classes in the order of :data:`~tourneystats.chess.points.POINT_KEYS`
_POINT_ORDER = [_WIN, _DRAW, _LOSS, _FWIN, _FLOSS, _PAB, _FPB, _HPB, _ZPB]
#: ``162`` symbols and the classes they set (``P`` is set after ``W``; ``X`` is not a 001 result)
_SYMBOL_CLASSES = {
    "W": (_WIN, _FWIN, _FPB),
    "D": (_DRAW, _HPB),
    "L": (_LOSS,),
    "A": (_FLOSS, _ZPB),
    "P": (_PAB,),
}
# kind codes (index into KINDS) of each result class, with and without an opponent (-1: refused)
_KIND_WITH_OPP = np.full(9, -1, dtype=np.int8)
_KIND_WITH_OPP[[_WIN, _DRAW, _LOSS, _FWIN, _FLOSS]] = [K_PLAYED, K_PLAYED, K_PLAYED, K_FW, K_FL]
_KIND_WITHOUT_OPP = np.full(9, -1, dtype=np.int8)
_KIND_WITHOUT_OPP[[_FLOSS, _HPB, _FPB, _PAB, _ZPB]] = [K_ZPB, K_HPB, K_FPB, K_PAB, K_ZPB]
# the byes of the Krause format (FIDE's data exchange format before TRF-16 had H, F, U, Z):
# ``0000 - +`` a bye won (read as pairing programs read it: a pairing-allocated bye), ``0000 - =``
# a half-point bye
_KIND_WITHOUT_OPP[[_FWIN, _DRAW]] = [K_PAB, K_HPB]
#: the result class (points) of a code written without an opponent, where it is not its own
_CLASS_WITHOUT_OPP = np.arange(9, dtype=np.uint8)
_CLASS_WITHOUT_OPP[[_FWIN, _DRAW]] = [_PAB, _HPB]
_KIND_OF = np.stack([_KIND_WITHOUT_OPP, _KIND_WITH_OPP])  # [has opponent, class]
_LOWER = np.arange(256, dtype=np.uint8)
_LOWER[65:91] += 32
_COLOUR_OK = np.zeros(256, dtype=bool)
_COLOUR_OK[list(b"wb- ")] = True
_COLOUR_CODE = np.full(256, -1, dtype=np.int8)  # categorical codes of COLOURS
_COLOUR_CODE[ord("w")], _COLOUR_CODE[ord("b")] = 0, 1
# complementary results: _COMPLEMENT[code a, code b] when a's opponent shows b
_COMPLEMENT = np.zeros((256, 256), dtype=bool)
for _a, _b in ("10", "01", "==", "wl", "lw", "dd", "+-", "-+", "--"):
    _COMPLEMENT[ord(_a), ord(_b)] = True

# separators (1-based columns) that must be blank in a 001 line
_SEPARATORS = (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91)


class TrfData(NamedTuple):
    """What :func:`read_trf` returns: three long-format frames.

    Attributes
    ----------
    results : pandas.DataFrame
        One row per player per round: ``event`` (categorical), ``round``, ``player`` (start rank),
        ``opponent`` (``Int64``, missing without an opponent), ``colour`` (categorical ``w``/``b``,
        missing for a bye), ``points`` (awarded) and ``kind`` (categorical, one of :data:`KINDS`).
    players : pandas.DataFrame
        One row per player: ``event``, ``player``, ``name``, ``sex``, ``title``, ``rating``
        (``Int64``; 0 or blank is unrated: missing), ``federation``, ``fide_id`` (``Int64``),
        ``points`` and ``rank`` (as published).
    events : pandas.DataFrame
        One row per file: ``event, name, city, federation, date, end_date, rounds, file``.
    """

    results: pd.DataFrame
    players: pd.DataFrame
    events: pd.DataFrame


# --- reading -------------------------------------------------------------------------------------


def read_trf(
    source: str | os.PathLike | Iterable[str | os.PathLike],
    *,
    event: str | Callable[[Path], str] | None = None,
    check_points: bool = True,
    jobs: int | None = 1,
) -> TrfData:
    """Read FIDE TRF files (TRF-16 or TRF-2026) into long-format frames.

    Parameters
    ----------
    source : path-like or iterable of path-like
        A TRF file, a folder (all its ``*.trf`` and ``*.txt`` files, sorted by name) or a list of
        files. Many files become one season: one event per file.
    event : str or callable, optional
        Event name: by default the file name without its extension; a str names the only file; a
        callable maps each file's path to its name. Names must be distinct.
    check_points : bool
        Refuse a player whose published points (columns 81-84) differ from the sum of his round
        results (under the file's ``162`` point system).
    jobs : int, optional
        Processes reading the files (None or 0: all the cores, for 32 MB of files or more; 1,
        the default: this process alone); the frames do not depend on it
        (:mod:`tourneystats.chess.jobs`). A script using more than one needs the
        ``if __name__ == "__main__":`` guard.

    Returns
    -------
    TrfData
        ``results``, ``players`` and ``events`` frames, sorted by event (in file order), round and
        start rank. Every player has a row for every round of his event, ``1..`` the most round
        blocks on a line of its file. ``events.rounds`` is the planned number of rounds: the
        ``142``/``XXR`` record if present (it may be more than the rounds played), else the
        rounds.

    Raises
    ------
    ValidationError
        A malformed line (message names file, line and column), an unknown result or colour code,
        an opponent missing from the file, a game that the opponent's line does not show the same
        way (opposite colour, complementary result), duplicate start ranks, a control character,
        a file without a round, a number of rounds (``142``/``XXR``) that is 0, fewer than the
        round blocks or more than the players allow, or (with `check_points`) published points
        that differ from the results. See the module's documentation for the full list.

    Examples
    --------
    >>> from tourneystats import read_trf
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "open.trf"
    >>> _ = path.write_text("\\n".join([
    ...  "012 Club open",
    ...  "001    1      Anna                              1900                             1.5    1     2 w 1  0000 - H",
    ...  "001    2      Ben                               1800                             0.0    2     1 b 0",
    ... ]))
    >>> data = read_trf(path)
    >>> data.results
      event  round  player  opponent colour  points    kind
    0  open      1       1         2      w     1.0  played
    1  open      1       2         1      b     0.0  played
    2  open      2       1      <NA>    NaN     0.5     hpb
    3  open      2       2      <NA>    NaN     0.0     zpb
    >>> data.events[["event", "name", "rounds"]]
      event       name  rounds
    0  open  Club open       2
    """
    files = _source_paths(source)
    names = _event_names(files, event)
    if jobs != 1:
        from .jobs import read_trf_runs

        spread = read_trf_runs(files, names, check_points=check_points, jobs=jobs)
        if spread is not None:
            return spread
    lines, texts, file_of_line, lineno = _all_lines(files)
    header, plines, name_text, where = _records(lines, texts, file_of_line, lineno, files)
    del lines
    _check_declared_rounds(header, where)
    matrix, n_blocks = _player_matrix(plines, where)
    del plines
    ln = _sorted_lines(matrix, n_blocks, where, name_text)
    del matrix, where  # sorted copies in `ln`
    fields = _player_fields(ln)
    rounds_of_event, planned = _event_rounds(ln, header)
    cells = _round_cells(ln)
    _check_symmetry(ln, cells)
    points = _round_points(ln, cells, header, rounds_of_event, fields, check_points)
    event_cat = pd.CategoricalDtype(pd.Index(names, dtype=object))
    return TrfData(
        _results_frame(ln, cells, points, rounds_of_event, event_cat),
        _players_frame(ln, fields, event_cat),
        _events_frame(header, planned, files, event_cat),
    )


def _source_paths(source: str | os.PathLike | Iterable[str | os.PathLike]) -> list[Path]:
    """The TRF files of `source` (a file, a folder or a list of them)."""
    return result_files(source, TRF_SUFFIXES, what="TRF files")


def _event_names(paths: list[Path], event: str | Callable[[Path], str] | None) -> list[str]:
    """The event name of each file (see :func:`read_trf`); names must be distinct."""
    if event is None:
        names = event_names(paths)  # the stems; paths below the folder for stems read twice
    elif isinstance(event, str):
        if len(paths) != 1:
            raise ValidationError(
                f"read_trf: event={event!r} names one event but {len(paths)} files were given; "
                "pass a callable (path -> name) or leave it out to use the file names"
            )
        names = [event]
    elif callable(event):
        names = [str(event(p)) for p in paths]
    else:
        raise TypeError(f"event must be None, a str or a callable, not {type(event).__name__}")
    seen: dict[str, Path] = {}
    for name, p in zip(names, paths, strict=True):
        if name in seen:
            raise ValidationError(
                f"read_trf: two files give the same event {name!r}: {seen[name]} and {p}"
            )
        seen[name] = p
    return names


def _all_lines(
    files: list[Path],
) -> tuple[list[bytes], dict[int, list[str]], np.ndarray, np.ndarray]:
    """All lines of all files, as latin-1 bytes (one byte per character, for the column
    arithmetic); the text lines of the files that had to be decoded; each line's file and number."""
    n_files = len(files)
    datas, texts = [], {}
    for k, path in enumerate(files):
        data, text_lines = _decode(path.read_bytes().rstrip(b"\x1a"))  # DOS end-of-file mark
        if b"\r" in data:
            data = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        no_control_characters(data, path)
        if text_lines is not None:
            texts[k] = text_lines
        datas.append(data)
    counts = np.fromiter((d.count(b"\n") + 1 for d in datas), dtype=np.int64, count=n_files)
    lines = b"\n".join(datas).split(b"\n")
    del datas
    file_of_line = np.repeat(np.arange(n_files), counts)
    lineno = np.arange(len(lines)) - np.repeat(np.cumsum(counts) - counts, counts) + 1
    return lines, texts, file_of_line, lineno


def _records(
    lines: list[bytes],
    texts: dict[int, list[str]],
    file_of_line: np.ndarray,
    lineno: np.ndarray,
    files: list[Path],
) -> tuple[pd.DataFrame, list[bytes], dict[int, str | None], _Where]:
    """The tournament records of each file (:func:`_header`), and the player (001) lines with
    their decoded text where a name needs it and their places; every file needs a player."""
    n_files = len(files)
    is_player = np.fromiter((x.startswith(b"001") for x in lines), dtype=bool, count=len(lines))
    idx = np.flatnonzero(is_player)
    others = np.flatnonzero(~is_player)

    def text_of(k: int | np.integer) -> str | None:  # line k's text, if its file was decoded
        lines_of_file = texts.get(file_of_line[k])
        return None if lines_of_file is None else lines_of_file[lineno[k] - 1]

    header = _header(
        [lines[k] for k in others],
        {j: text_of(k) for j, k in enumerate(others) if file_of_line[k] in texts} if texts else {},  # type: ignore[misc]
        file_of_line[others],
        lineno[others],
        files,
        n_files,
    )
    plines = [lines[k] for k in idx]
    name_text = (
        {j: text_of(k) for j, k in enumerate(idx) if file_of_line[k] in texts} if texts else {}
    )
    where = _Where(files, file_of_line[idx], lineno[idx])
    team = [k for k in others if lines[k][:4] in (b"013 ", b"310 ")]
    if team:  # a team event read as its players' games: say how to read the teams
        shown = sorted({str(files[file_of_line[k]]) for k in team})
        warnings.warn(f"TRF: {shortened(shown)}: {TEAM_RECORDS_NOTE}", stacklevel=4)
    missing = np.setdiff1d(np.arange(n_files), where.file_of)
    if missing.size:
        raise ValidationError(f"TRF: {files[missing[0]]}: no player (001) record")
    return header, plines, name_text, where


#: said of a file with team records that read_trf reads (its players' games)
TEAM_RECORDS_NOTE = (
    "team records (013/310): read_trf gives the players' games; read_team_trf (and "
    "standings_from_path, the command line) the team event"
)

_HEADER_TAGS = {
    "012": NAME,
    "022": CITY,
    "032": FEDERATION,
    "042": DATE,
    "052": END_DATE,
    "092": TYPE,
}


def _header(
    lines: list[bytes],
    texts: dict[int, str],
    file_of: np.ndarray,
    lineno: np.ndarray,
    files: list[Path],
    n_files: int,
) -> pd.DataFrame:
    """The tournament records of every file: one row per file.

    One pass over the non-001 lines (a few per file) with plain string operations; the values are
    then converted column by column."""
    values: dict[str, dict[int, tuple[str, int]]] = {col: {} for col in _HEADER_TAGS.values()}
    declared = np.zeros(n_files, dtype=np.int64)
    declared_at = np.zeros(n_files, dtype=np.int64)  # line of the (first) 142/XXR record
    points = np.tile(_DEFAULT_POINTS, (n_files, 1))
    has_162 = np.zeros(n_files, dtype=bool)
    orders: dict[str, dict[int, str]] = {"202": {}, "212": {}}
    order_at: dict[int, list[tuple[str, int]]] = {}  # each file's 202/212 lines: (text, number)
    team_files: set[int] = set()  # the files with team records (013/310)
    programs: dict[int, str] = {}  # the program a comment line names, by file
    for k, raw in enumerate(lines):
        text = texts[k] if k in texts else raw.decode("latin-1")
        if not text.strip():
            continue
        f, n = int(file_of[k]), int(lineno[k])
        if not _RECORD.match(text):
            if _RULER.fullmatch(text.rstrip()):
                continue
            raise ValidationError(
                f"TRF: {files[f]}:{n}: not a TRF record (a 3-character record type, then a space)"
            )
        tag = text[:3]
        if tag in _HEADER_TAGS:
            column = values[_HEADER_TAGS[tag]]
            if f in column:
                raise ValidationError(f"TRF: {files[f]}:{n}: a second {tag} record")
            column[f] = (text[4:].strip(), n)
        elif tag in ("142", "XXR"):
            declared[f] = _declared_rounds(text, declared[f], f"{files[f]}:{n}")
            declared_at[f] = declared_at[f] or n
        elif tag == "162":
            _point_system(points[f], text, f"{files[f]}:{n}")
            has_162[f] = True
        elif tag in orders:
            if f in orders[tag]:
                raise ValidationError(f"TRF: {files[f]}:{n}: a second {tag} record")
            orders[tag][f] = _tiebreak_order(tag, text, f"{files[f]}:{n}")
            order_at.setdefault(f, []).append((text, n))
        elif tag in ("013", "310"):
            team_files.add(f)
        elif tag == "###" and f not in programs:
            named = program_of(text)
            if named is not None:
                programs[f] = named
    for f in set(order_at) - team_files:
        for text, n in order_at[f]:
            _no_team_tiebreak(text, f"{files[f]}:{n}")
    out = _header_frame(values, declared, points, files)
    out[PROGRAM] = pd.array([programs.get(f) for f in range(n_files)], dtype="string")
    out["declared_at"] = declared_at
    out[POINT_SYSTEM] = pd.array(
        [point_system_text(p[_POINT_ORDER]) if h else None for p, h in zip(points, has_162)],
        dtype="string",
    )
    order = {**orders["202"], **orders["212"]}  # 212 (the standings' order) before 202
    out[TIEBREAK_ORDER] = pd.array([order.get(f) for f in range(n_files)], dtype="string")
    return out


def _point_system(row: np.ndarray, line: str, where: str) -> None:
    """Apply one ``162`` record (symbol at column 6, points at 7-10, every 9 columns; a record
    written one column to the left, symbol at column 5, is read as well)."""
    given = {}
    start = 4 if line[4:5] in _POINT_SYMBOLS and line[5:6] == " " else 5
    for pos in range(start, len(line.rstrip()), 9):
        symbol = line[pos].upper()
        if symbol == " ":
            continue
        text = line[pos + 1 : pos + 5]
        if not _POINTS.fullmatch(text):
            raise ValidationError(
                f"TRF: {where}: column {pos + 2}: points {text!r} of {symbol!r} are not a number"
            )
        value = float(text)
        if symbol == "X":  # unknown result: never a 001 result code
            continue
        if symbol not in _SYMBOL_CLASSES:
            raise ValidationError(f"TRF: {where}: column {pos + 1}: unknown 162 symbol {symbol!r}")
        given[symbol] = value
    for symbol in ("W", "D", "L", "A", "P"):
        if symbol in given:
            row[list(_SYMBOL_CLASSES[symbol])] = given[symbol]
    if "W" in given and "P" not in given:
        row[_PAB] = given["W"]
    try:
        _vector(point_system_text(row[_POINT_ORDER]))
    except ValueError as exc:
        raise ValidationError(f"TRF: {where}: 162: {exc}") from None


def _header_frame(
    values: dict, declared: np.ndarray, points: np.ndarray, files: list[Path]
) -> pd.DataFrame:
    """The tournament records' values, one row per file: texts, dates (checked), the declared
    rounds and the point table."""
    out = pd.DataFrame(index=pd.RangeIndex(len(files)))
    for col in (NAME, CITY, FEDERATION, TYPE):
        text = pd.Series({f: v for f, (v, _) in values[col].items() if v}, dtype=object)
        out[col] = text.reindex(out.index).astype("string")
    for col in (DATE, END_DATE):
        given = {f: vn for f, vn in values[col].items() if vn[0]}
        raw = pd.Series({f: v for f, (v, _) in given.items()}, dtype=object)
        parsed = _parse_dates(raw)
        bad = parsed.index[parsed.isna()]
        if len(bad):
            f = bad[0]
            raise ValidationError(
                f"TRF: {files[f]}:{given[f][1]}: column 5: {given[f][0]!r} is not a date "
                "(YYYY/MM/DD)"
            )
        out[col] = parsed.reindex(out.index).astype("datetime64[ns]")
    out["declared"] = declared
    out["_points"] = list(points)
    return out


# --- the 001 lines as a fixed-width matrix -------------------------------------------------------


class _Lines(NamedTuple):
    """The 001 lines of all files as one fixed-width byte matrix, sorted by file and start rank."""

    matrix: np.ndarray  # (lines, 91 + 10 x blocks) uint8
    blocks: np.ndarray  # (lines, blocks, 10) view of the round blocks
    start: np.ndarray  # (lines,) start rank
    file_of: np.ndarray  # (lines,) file
    n_lines: np.ndarray  # (files,) lines of each file
    line_start: np.ndarray  # (files,) first line of each file
    where: _Where  # file and line number of each line, for error messages
    name_text: dict[int, str]  # decoded text of the lines whose names need it


def _round_limit(where: _Where) -> np.ndarray:
    """The most rounds each file may have: twice its players (a double round robin has fewer),
    at least :data:`MIN_ROUND_LIMIT`."""
    players = np.bincount(where.file_of, minlength=len(where.files))
    return np.maximum(2 * players, MIN_ROUND_LIMIT)


def _check_declared_rounds(header: pd.DataFrame, where: _Where) -> None:
    """Refuse a 142/XXR number of rounds no tournament of the file's players could have."""
    declared = header["declared"].to_numpy()
    limit = _round_limit(where)
    bad = np.flatnonzero(declared > limit)
    if bad.size:
        f = bad[0]
        players = int(np.count_nonzero(where.file_of == f))
        raise ValidationError(
            f"TRF: {where.files[f]}:{header['declared_at'].iloc[f]}: column 5: "
            f"{declared[f]} rounds declared, more than a tournament of {players} players can "
            f"have (at most {limit[f]}: twice the players, or {MIN_ROUND_LIMIT})"
        )


def _player_matrix(plines: list[bytes], where: _Where) -> tuple[np.ndarray, int]:
    """The 001 lines padded into one (lines, 91 + 10 x blocks) byte matrix; the number of round
    blocks is the longest line's. A line may not have more blocks than its file may have rounds
    (:func:`_round_limit`), so the matrix is bounded by the lines given."""
    n = len(plines)
    length = np.fromiter((len(x) for x in plines), dtype=np.int64, count=n)
    limit = 91 + 10 * _round_limit(where)[where.file_of]
    for k in np.flatnonzero(length > limit):  # trailing blanks do not count
        plines[k] = plines[k].rstrip(b" ")
        length[k] = len(plines[k])
    long = length > limit
    if long.any():
        k = np.flatnonzero(long)[0]
        players = int(np.count_nonzero(where.file_of == where.file_of[k]))
        where.fail(
            long,
            f"{(length[k] - 91 + 9) // 10} round blocks on a line, more rounds than a "
            f"tournament of {players} players can have (at most "
            f"{(limit[k] - 91) // 10}: twice the players, or {MIN_ROUND_LIMIT})",
            column=limit[long] + 1,
        )
    n_blocks = int(max((length.max() - 91 + 9) // 10, 1))
    width = 91 + 10 * n_blocks
    matrix = np.frombuffer(b"".join([x.ljust(width) for x in plines]), dtype=np.uint8)
    return matrix.reshape(n, width), n_blocks


def _sorted_lines(matrix: np.ndarray, n_blocks: int, where: _Where, name_text: dict) -> _Lines:
    """The lines sorted by file and start rank; start ranks must be 1-9999, once per file."""
    n = matrix.shape[0]
    start, blank, bad = _parse_uint(matrix[:, 4:8])
    where.fail(bad | blank | (start == 0), "start rank (5-8) must be 1-9999", column=5)
    file_of = where.file_of
    order = np.lexsort((start, file_of))
    if not np.array_equal(order, np.arange(n)):  # sort the lines by file and start rank
        matrix, start, file_of = matrix[order], start[order], file_of[order]
        inverse = np.argsort(order)
        name_text = {int(inverse[j]): t for j, t in name_text.items()}
        where = _Where(where.files, file_of, where.lineno[order])
    dup = np.flatnonzero((start[1:] == start[:-1]) & (file_of[1:] == file_of[:-1])) + 1
    where.fail(dup, "start rank used twice in the file", column=5, players=start[dup])
    n_lines = np.bincount(file_of, minlength=len(where.files))
    blocks = matrix[:, 91:].reshape(n, n_blocks, 10)
    return _Lines(
        matrix, blocks, start, file_of, n_lines, np.cumsum(n_lines) - n_lines, where, name_text
    )


class _Fields(NamedTuple):
    """The numeric fields of the 001 lines, with masks of the blank ones."""

    rating: np.ndarray
    rating_blank: np.ndarray
    fide_id: np.ndarray
    fide_blank: np.ndarray
    published: np.ndarray
    points_blank: np.ndarray
    rank: np.ndarray
    rank_blank: np.ndarray


def _player_fields(ln: _Lines) -> _Fields:
    """Rating, FIDE id, published points and rank of every line; blank separators checked; no
    tab outside the name."""
    matrix, where = ln.matrix, ln.where
    tab = matrix == _TAB
    tab[:, 14:47] = False  # a tab in a name is a character of the name
    has_tab = tab.any(axis=1)
    where.fail(
        has_tab,
        "a tab: the fields of a player line are at fixed columns, counted in characters "
        "(use spaces)",
        column=np.argmax(tab[has_tab], axis=1) + 1,
    )
    for col in _SEPARATORS:
        where.fail(matrix[:, col - 1] != _SPACE, "expected a blank column", column=col)
    rating, rating_blank, bad = _parse_uint(matrix[:, 48:52])
    where.fail(bad, "rating (49-52) is not a whole number", column=49)
    fide_id, fide_blank, bad = _parse_uint(matrix[:, 57:68])
    where.fail(bad, "FIDE id (58-68) is not a whole number", column=58)
    published, points_blank, bad = _parse_decimal(matrix[:, 80:84])
    where.fail(bad, "points (81-84) are not a number like 11.5", column=81)
    rank, rank_blank, bad = _parse_uint(matrix[:, 85:89])
    where.fail(bad, "rank (86-89) is not a whole number", column=86)
    return _Fields(
        rating, rating_blank, fide_id, fide_blank, published, points_blank, rank, rank_blank
    )


# --- the round grid ------------------------------------------------------------------------------


class _Cells(NamedTuple):
    """The round blocks as (line, round) grids."""

    opp: np.ndarray  # opponent's start rank, 0 for none
    colour: np.ndarray  # colour character, lower case
    code: np.ndarray  # result character, lower case
    cls: np.ndarray  # result class
    kind: np.ndarray  # kind code
    has_opp: np.ndarray
    w_or_b: np.ndarray  # colour w or b


def _event_rounds(ln: _Lines, header: pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    """Rounds of each event (the most round blocks on a line of its file) and its planned rounds
    (the ``142``/``XXR`` record, else the same). A file needs a round block; no line may have
    more blocks than the rounds declared."""
    n_blocks = ln.blocks.shape[1]
    filled = (ln.blocks != _SPACE).any(axis=2)
    last_block = np.where(filled.any(axis=1), n_blocks - np.argmax(filled[:, ::-1], axis=1), 0)
    seen = np.zeros(len(ln.n_lines), dtype=np.int64)
    np.maximum.at(seen, ln.file_of, last_block)
    empty = np.flatnonzero(seen == 0)
    if empty.size:
        ln.where.fail(
            ln.line_start[empty[:1]],
            "no round played: no player line of the file has a round block (columns 92 on)",
            column=92,
        )
    declared = header["declared"].to_numpy()
    planned = np.where(declared > 0, declared, seen)
    too_many = last_block > planned[ln.file_of]
    if too_many.any():
        f = ln.file_of[np.argmax(too_many)]
        ln.where.fail(
            too_many,
            f"more round blocks than the 142/XXR number of rounds ({declared[f]}, line "
            f"{header['declared_at'].iloc[f]})",
            column=92 + 10 * planned[ln.file_of[too_many]],
        )
    return seen, planned


def _fail_cells(ln: _Lines, mask: np.ndarray, message: str, offset: int) -> None:
    """Raise for the (line, round) cells of `mask`, naming the column at `offset` in the block."""
    if mask.any():
        line, rnd = np.nonzero(mask)
        ln.where.fail(
            line, message, column=92 + 10 * rnd + offset, rounds=rnd + 1, players=ln.start[line]
        )


def _round_cells(ln: _Lines) -> _Cells:
    """Opponent, colour and result of every round block, each block checked on its own."""
    blocks = ln.blocks
    for off in (4, 6, 8, 9):
        _fail_cells(
            ln, blocks[:, :, off] != _SPACE, "expected a blank column in the round block", off
        )
    opp, bad = _parse_opponent(blocks[:, :, 0:4])
    _fail_cells(ln, bad, "opponent (4 columns) is not a start rank", 0)
    colour_code = _LOWER[blocks[:, :, 5]]
    _fail_cells(ln, ~_COLOUR_OK[colour_code], "colour must be w, b, - or blank", 5)
    code = _LOWER[blocks[:, :, 7]]
    cls = _CLASS_OF[code]
    _fail_cells(
        ln, cls == _BAD, "unknown result code (expected one of 1 = 0 + - W D L H F U Z or blank)", 7
    )
    has_opp = opp > 0
    kind = _KIND_OF[has_opp.view(np.uint8), cls]
    _fail_cells(ln, (kind < 0) & has_opp, "a bye or absence result with an opponent", 7)
    _fail_cells(ln, (kind < 0) & ~has_opp, "a game result without an opponent (0000)", 7)
    if not has_opp.all():  # + and = without an opponent: the points of the bye they are
        cls = np.where(has_opp | (cls == _BAD), cls, _CLASS_WITHOUT_OPP[np.minimum(cls, 8)])
    w_or_b = (colour_code == ord("w")) | (colour_code == ord("b"))
    _fail_cells(ln, (kind == K_PLAYED) & ~w_or_b, "a played game needs colour w or b", 5)
    _fail_cells(ln, ~has_opp & w_or_b, "a colour without an opponent (use - for a bye)", 5)
    return _Cells(opp, colour_code, code, cls, kind, has_opp, w_or_b)


def _check_symmetry(ln: _Lines, cells: _Cells) -> None:
    """The opponent's line must show the same game the other way round: opposite colour,
    complementary result."""
    n, n_blocks = ln.blocks.shape[:2]
    start, file_of = ln.start, ln.file_of
    paired = np.flatnonzero(cells.has_opp)  # flat cells (line * n_blocks + round)
    p_line, p_round = np.divmod(paired, n_blocks)
    p_opp = cells.opp.ravel()[paired]
    p_file = file_of[p_line]
    # start ranks are usually 1..n: the opponent's line is then found by arithmetic
    o_line = np.clip(ln.line_start[p_file] + p_opp - 1, 0, n - 1)
    found = (start[o_line] == p_opp) & (file_of[o_line] == p_file)
    if not found.all():
        key = file_of.astype(np.int64) * 10_000 + start  # sorted, like the lines
        wanted = p_file[~found].astype(np.int64) * 10_000 + p_opp[~found]
        o_line[~found] = np.minimum(np.searchsorted(key, wanted), n - 1)
        found = (start[o_line] == p_opp) & (file_of[o_line] == p_file)

    def fail_paired(mask: np.ndarray, message: str, offset: int = 0) -> None:
        if mask.any():
            line, rnd = p_line[mask], p_round[mask]
            ln.where.fail(
                line, message, column=92 + 10 * rnd + offset, rounds=rnd + 1, players=start[line]
            )

    fail_paired(~found, "opponent is not a start rank of this file")
    fail_paired(p_opp == start[p_line], "player paired with himself")
    other = o_line * n_blocks + p_round
    colour, code = cells.colour.ravel(), cells.code.ravel()
    p_colour, o_colour = colour[paired], colour[other]
    mirror = (
        (cells.opp.ravel()[other] != start[p_line])
        | ~_COMPLEMENT[code[paired], code[other]]
        | ((p_colour == o_colour) & cells.w_or_b.ravel()[paired])
        | ((cells.kind.ravel()[paired] == K_PLAYED) & (p_colour == o_colour))
    )
    fail_paired(
        mirror,
        "the opponent's line does not show this game with the opposite colour and the "
        "complementary result",
    )


def _round_points(
    ln: _Lines,
    cells: _Cells,
    header: pd.DataFrame,
    rounds_of_event: np.ndarray,
    fields: _Fields,
    check_points: bool,
) -> np.ndarray:
    """Points of every round block under its file's point system; with `check_points`, the
    published points must be their sum."""
    point_table = np.stack(header["_points"].to_numpy())  # type: ignore[call-overload]  # (files, classes)
    points = point_table[ln.file_of[:, None], cells.cls]
    if check_points:
        n_blocks = ln.blocks.shape[1]
        in_event = np.arange(n_blocks)[None, :] < rounds_of_event[ln.file_of][:, None]
        total = np.where(in_event, points, 0.0).sum(axis=1)
        published = fields.published
        bad = ~fields.points_blank & (np.abs(total - published) > 1e-9)
        ln.where.fail(
            bad,
            "published points (81-84) differ from the sum of the round results under the file's "
            "point system (its 162 record, else win 1, draw 1/2, loss 0; 299 adjustments are not "
            f"applied): first {published[bad][:1].tolist()} published, "
            f"{total[bad][:1].tolist()} summed",
            column=81,
            players=ln.start[bad],
        )
    return points


# --- the frames ----------------------------------------------------------------------------------


def _results_frame(
    ln: _Lines,
    cells: _Cells,
    points: np.ndarray,
    rounds_of_event: np.ndarray,
    event_cat: pd.CategoricalDtype,
) -> pd.DataFrame:
    """One row per player and round of his event, sorted by event, round and start rank."""
    # output row k of event e is round local // n_lines[e] of line line_start[e] + local %
    # n_lines[e], local = k - first row of e
    n_lines, n_files = ln.n_lines, len(ln.n_lines)
    event_rows = n_lines * rounds_of_event
    row_event = np.repeat(np.arange(n_files), event_rows)
    local = np.arange(row_event.size) - np.repeat(np.cumsum(event_rows) - event_rows, event_rows)
    row_round, row_line = np.divmod(local, n_lines[row_event])
    del local
    row_line += ln.line_start[row_event]
    cell = row_line * ln.blocks.shape[1] + row_round

    row_opp = cells.opp.ravel()[cell]
    colour_codes = _COLOUR_CODE[cells.colour.ravel()[cell]]
    return pd.DataFrame(
        {
            EVENT: pd.Categorical.from_codes(row_event, dtype=event_cat),
            ROUND: row_round + 1,
            PLAYER: ln.start[row_line],
            OPPONENT: pd.arrays.IntegerArray(row_opp.astype(np.int64), row_opp == 0),
            COLOUR: pd.Categorical.from_codes(colour_codes, categories=pd.Index(list(COLOURS))),
            POINTS: points.ravel()[cell],
            KIND: pd.Categorical.from_codes(
                cells.kind.ravel()[cell], categories=pd.Index(list(KINDS))
            ),
        },
        copy=False,
    )


def _players_frame(ln: _Lines, fields: _Fields, event_cat: pd.CategoricalDtype) -> pd.DataFrame:
    """One row per 001 line: its text and numeric fields."""
    matrix = ln.matrix
    names_col = _text(matrix[:, 14:47])
    for j, text in ln.name_text.items():
        value = text[14:47].strip()
        names_col.iloc[j] = value if value else pd.NA
    unrated = fields.rating_blank | (fields.rating == 0)
    return pd.DataFrame(
        {
            EVENT: pd.Categorical.from_codes(ln.file_of, dtype=event_cat),
            PLAYER: ln.start,
            NAME: names_col,
            SEX: _text(matrix[:, 9:10]),
            TITLE: _text(matrix[:, 10:13]),
            RATING: pd.arrays.IntegerArray(fields.rating, unrated),
            FEDERATION: _text(matrix[:, 53:56]),
            FIDE_ID: pd.arrays.IntegerArray(fields.fide_id, fields.fide_blank),
            POINTS: np.where(fields.points_blank, np.nan, fields.published),
            RANK: pd.arrays.IntegerArray(fields.rank, fields.rank_blank),
        },
        copy=False,
    )


def _events_frame(
    header: pd.DataFrame,
    planned: np.ndarray,
    files: list[Path],
    event_cat: pd.CategoricalDtype,
) -> pd.DataFrame:
    """One row per file: its tournament records and planned rounds."""
    events = pd.DataFrame(
        {
            EVENT: pd.Categorical.from_codes(np.arange(len(files)), dtype=event_cat),
            NAME: header[NAME].to_numpy(),
            CITY: header[CITY].to_numpy(),
            FEDERATION: header[FEDERATION].to_numpy(),
            DATE: header[DATE].to_numpy(),
            END_DATE: header[END_DATE].to_numpy(),
            TYPE: header[TYPE].to_numpy(),
            ROUNDS: planned,
            POINT_SYSTEM: header[POINT_SYSTEM].array,
            TIEBREAK_ORDER: header[TIEBREAK_ORDER].array,
            PROGRAM: header[PROGRAM].array,
            FILE: pd.array([str(p) for p in files], dtype="string"),
        }
    )
    for col in (NAME, CITY, FEDERATION, TYPE):
        events[col] = events[col].astype("string")
    return events
