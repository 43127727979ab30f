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
======================  ==============================================  ================

TRF-2026 (FIDE, applied from 2025-09-01) keeps the ``001`` columns of TRF-16; what changes for a
reader: ``142`` gives the number of rounds (TRF-16 files use the JaVaFo extension ``XXR``), ``162``
the point system (W, D, L, A = absence/forfeit loss, P = pairing-allocated bye), ``###`` comment
lines, four blanks for the opponent mean ``0000``, a blank colour means ``-``, letter codes are
case-insensitive, and new record types (byes requested ahead ``240``, acceleration ``250``, teams
``310`` ...), which are ignored here (see below).

Rounds missing at the end of a player's line (the file has more round blocks, or ``XXR``/``142``
declares more rounds) are absences (``zpb``).

Records read: ``001``, ``012``, ``022``, ``032``, ``042``, ``052``, ``092``, ``142``, ``XXR``,
``162``. The ``092`` text (``type``) tells :func:`tourneystats.chess.standings` which events are
round robins.
Ignored by design (they do not change who played whom with which result): comments (``###``),
blank lines, the other tournament records (``062``-``082``, ``102``-``132``, ``152``, ``172``-``222``), team records
(``013``, ``310``, ``320``, ``330``, ``300``, ``352``, ``362``, ``801``, ``802``), pairing data
(``240`` bye requests, ``250`` acceleration, ``260`` prohibited pairings), ``299`` abnormal point
assignments (a penalty then shows up as a published-points mismatch), National Rating Support
records (a federation code instead of ``001``), and program extensions (``XXC``, ``XXS``, ``XXZ``,
``XXA``, ``DAT``, ...). Any other non-blank line that is not a record (three characters from
``0-9``, ``A-Z``, ``#`` followed by a space) is an error.

Parsing is vectorised: the ``001`` lines of all files become one fixed-width byte matrix, and the
fields and round blocks are sliced out of it with numpy, so 10,000 files read in seconds.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pandas as pd

from ..core.folders import result_files
from ..core.io import atomic_write
from ..core.ranking import competition_rank
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
    Column,
    ValidationError,
    fail_rows,
    validate,
)

__all__ = ["COLOURS", "KINDS", "TRF_SUFFIXES", "TrfData", "read_trf", "write_trf"]

#: the values of ``kind``, in this order (the categories of the categorical column)
KINDS = ("played", "forfeit_win", "forfeit_loss", "pab", "fpb", "hpb", "zpb")
#: the values of ``colour``
COLOURS = ("w", "b")
#: file name endings read from a folder
TRF_SUFFIXES = (".trf", ".trfx", ".txt")

#: how many offending lines an error message lists
_SHOWN = 5
_SPACE = 32
_BOM = b"\xef\xbb\xbf"
_RECORD = re.compile(r"[0-9A-Z#]{3}( |$)")
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
#: ``162`` symbols and the classes they set (``P`` is set after ``W``; ``X`` is not a 001 result)
_SYMBOL_CLASSES = {
    "W": (_WIN, _FWIN, _FPB),
    "D": (_DRAW, _HPB),
    "L": (_LOSS,),
    "A": (_FLOSS, _ZPB),
    "P": (_PAB,),
}
# kind codes (index into KINDS) of each result class, with and without an opponent (-1: refused)
_PLAYED, _K_FWIN, _K_FLOSS, _K_PAB, _K_FPB, _K_HPB, _K_ZPB = range(7)
_KIND_WITH_OPP = np.full(9, -1, dtype=np.int8)
_KIND_WITH_OPP[[_WIN, _DRAW, _LOSS, _FWIN, _FLOSS]] = [_PLAYED, _PLAYED, _PLAYED, _K_FWIN, _K_FLOSS]
_KIND_WITHOUT_OPP = np.full(9, -1, dtype=np.int8)
_KIND_WITHOUT_OPP[[_FLOSS, _HPB, _FPB, _PAB, _ZPB]] = [_K_ZPB, _K_HPB, _K_FPB, _K_PAB, _K_ZPB]
_KIND_OF = np.stack([_KIND_WITHOUT_OPP, _KIND_WITH_OPP])  # [has opponent, class]
_LOWER = np.arange(256, dtype=np.uint8)
_LOWER[65:91] += 32
_COLOUR_OK = np.zeros(256, dtype=bool)
_COLOUR_OK[list(b"wb- ")] = True
_COLOUR_CODE = np.full(256, -1, dtype=np.int8)  # categorical codes of COLOURS
_COLOUR_CODE[ord("w")], _COLOUR_CODE[ord("b")] = 0, 1
_DIGIT_VALUE = np.zeros(256, dtype=np.int32)  # blank counts as 0
_DIGIT_VALUE[48:58] = np.arange(10)
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
        One row per player: ``event, player, name, sex, title, rating`` (``Int64``; 0 or blank is
        unrated, missing) ``, federation, fide_id`` (``Int64``) ``, points, rank`` (as published).
    events : pandas.DataFrame
        One row per file: ``event, name, city, federation, date, end_date, rounds, file``.
    """

    results: pd.DataFrame
    players: pd.DataFrame
    events: pd.DataFrame


# --- reading -------------------------------------------------------------------------------------


def _source_paths(source) -> list[Path]:
    return result_files(source, TRF_SUFFIXES, what="TRF files")


def _event_names(paths: list[Path], event) -> list[str]:
    if event is None:
        names = [p.stem for p in paths]
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


def _decode(raw: bytes) -> tuple[bytes, list[str] | None]:
    """Bytes with one byte per character (for the column arithmetic), and the text lines when
    some character does not fit in one byte (then names are taken from the text)."""
    if raw.startswith(_BOM):
        raw = raw[len(_BOM) :]
    if raw.isascii():
        return raw, None
    for encoding in ("utf-8", "cp1252", "latin-1"):
        try:
            text = raw.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    data = text.encode("latin-1", errors="replace")
    lossy = data.count(b"?") != text.count("?")
    return data, (_split_lines(text) if lossy else None)


def _split_lines(data):
    if isinstance(data, bytes):
        return data.replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n")
    return data.replace("\r\n", "\n").replace("\r", "\n").split("\n")


class _Where:
    """File and line number of every 001 line, for error messages."""

    def __init__(self, files: list[Path], file_of: np.ndarray, lineno: np.ndarray):
        self.files, self.file_of, self.lineno = files, file_of, lineno

    def fail(
        self,
        lines: np.ndarray,
        message: str,
        *,
        column=None,
        rounds: np.ndarray | None = None,
        players: np.ndarray | None = None,
    ) -> None:
        """Raise a ValidationError for the 001 lines `lines` (indices, or a boolean mask)."""
        lines = np.asarray(lines)
        if lines.dtype == bool:
            lines = np.flatnonzero(lines)
        if lines.size == 0:
            return
        column = np.broadcast_to(np.asarray(column if column is not None else -1), lines.shape)
        shown = []
        for k in range(min(_SHOWN, lines.size)):
            i = lines[k]
            where = f"{self.files[self.file_of[i]]}:{self.lineno[i]}"
            if column[k] >= 0:
                where += f": column {column[k]}"
            extra = []
            if players is not None:
                extra.append(f"player {players[k]}")
            if rounds is not None:
                extra.append(f"round {rounds[k]}")
            shown.append(f"  {where}" + (f" ({', '.join(extra)})" if extra else ""))
        if lines.size > _SHOWN:
            shown.append(f"  ... and {lines.size - _SHOWN} more")
        count = f"{lines.size} place" + ("s" if lines.size != 1 else "")
        raise ValidationError(f"TRF: {message} ({count}):\n" + "\n".join(shown))


def _parse_uint(field: np.ndarray):
    """Unsigned integers in fixed-width byte fields (last axis); returns (value, blank, bad).

    Blanks may surround the digits, not split them."""
    digit = (field >= 48) & (field <= 57)
    bad = ~(digit | (field == _SPACE))
    runs = digit.copy()
    runs[..., 1:] &= ~digit[..., :-1]
    bad = bad.any(-1) | (runs.sum(-1, dtype=np.int8) > 1)
    dtype = np.int64 if field.shape[-1] > 9 else np.int32
    value = np.zeros(field.shape[:-1], dtype=dtype)
    for k in range(field.shape[-1]):
        d = digit[..., k]
        # value = value * 10 + digit where there is a digit, unchanged elsewhere
        value *= np.where(d, 10, 1).astype(dtype)
        value += np.where(d, field[..., k] - 48, 0).astype(dtype)
    return value.astype(np.int64), ~digit.any(-1), bad


def _parse_opponent(field: np.ndarray):
    """Opponent numbers (4 columns, last axis); returns (value, bad). Blank or 0000 is 0.

    Fast path for right-aligned numbers; anything else goes through :func:`_parse_uint`."""
    value = _DIGIT_VALUE[field[..., 0]] * 1000
    value += _DIGIT_VALUE[field[..., 1]] * 100
    value += _DIGIT_VALUE[field[..., 2]] * 10
    value += _DIGIT_VALUE[field[..., 3]]
    digit = (field >= 48) & (field <= 57)
    # not a right-aligned number: a non-digit after a digit, or a character not digit nor blank
    odd = (digit[..., :-1] & ~digit[..., 1:]).any(-1) | ~(digit | (field == _SPACE)).all(-1)
    bad = np.zeros(value.shape, dtype=bool)
    if odd.any():
        exact, _, bad_odd = _parse_uint(field[odd])
        value[odd] = exact
        bad[odd] = bad_odd
    return value, bad


def _parse_decimal(field: np.ndarray):
    """Decimal numbers like ``11.5`` in fixed-width byte fields; returns (value, blank, bad)."""
    digit = (field >= 48) & (field <= 57)
    dot = field == 46
    filled = digit | dot
    bad = ~(filled | (field == _SPACE))
    runs = filled.copy()
    runs[..., 1:] &= ~filled[..., :-1]
    bad = bad.any(-1) | (runs.sum(-1) > 1) | (dot.sum(-1) > 1) | (dot.any(-1) & ~digit.any(-1))
    value = np.zeros(field.shape[:-1], dtype=np.int64)
    scale = np.ones(field.shape[:-1], dtype=np.int64)
    seen_dot = np.zeros(field.shape[:-1], dtype=bool)
    for k in range(field.shape[-1]):
        d = digit[..., k]
        value = np.where(d, value * 10 + (field[..., k].astype(np.int64) - 48), value)
        scale = np.where(d & seen_dot, scale * 10, scale)
        seen_dot |= dot[..., k]
    return value / scale, ~filled.any(-1), bad


def _text(field: np.ndarray) -> pd.Series:
    """Strings (stripped, blank -> missing) from a fixed-width byte field (latin-1)."""
    width = field.shape[1]
    filled = field != _SPACE
    # NUL out the trailing blanks (numpy unicode strings drop trailing NULs), widen to UCS-4
    keep = np.logical_or.accumulate(filled[:, ::-1], axis=1)[:, ::-1]
    text = np.where(keep, field, 0).astype(np.uint32).view(f"U{width}").ravel()
    leading = ~filled[:, 0] & keep[:, 0]
    if leading.any():
        text = text.astype(object)
        text[leading] = np.char.lstrip(text[leading].astype(str))
    out = pd.Series(pd.array(text, dtype="string"))
    return out.mask(~keep[:, 0])


def _parse_dates(values: pd.Series) -> pd.Series:
    out = pd.Series(pd.NaT, index=values.index, dtype="datetime64[ns]")
    for fmt in ("%Y/%m/%d", "%Y-%m-%d", "%Y.%m.%d", "%d.%m.%Y", "%d/%m/%Y", "%y/%m/%d"):
        todo = out.isna() & values.notna()
        if not todo.any():
            break
        out[todo] = pd.to_datetime(values[todo], format=fmt, errors="coerce")
    return out


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
    points = np.tile(_DEFAULT_POINTS, (n_files, 1))
    for k, raw in enumerate(lines):
        text = texts[k] if k in texts else raw.decode("latin-1")
        if not text.strip():
            continue
        f, n = int(file_of[k]), int(lineno[k])
        if not _RECORD.match(text):
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
            value = text[4:].strip()
            if not (value.isdigit() and value.isascii()):
                raise ValidationError(
                    f"TRF: {files[f]}:{n}: column 5: number of rounds {value!r} is not a whole "
                    "number"
                )
            if declared[f] and declared[f] != int(value):
                raise ValidationError(
                    f"TRF: {files[f]}:{n}: 142 and XXR give different numbers of rounds"
                )
            declared[f] = int(value)
        elif tag == "162":
            _point_system(points[f], text, f"{files[f]}:{n}")
    out = pd.DataFrame(index=pd.RangeIndex(n_files))
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


def _point_system(row: np.ndarray, line: str, where: str) -> None:
    """Apply one ``162`` record (symbol at column 6, points at 7-10, every 9 columns)."""
    given = {}
    for pos in range(5, len(line.rstrip()), 9):
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


def read_trf(
    source: str | os.PathLike | Iterable[str | os.PathLike],
    *,
    event: str | Callable[[Path], str] | None = None,
    check_points: bool = True,
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

    Returns
    -------
    TrfData
        ``results``, ``players`` and ``events`` frames, sorted by event (in file order), round and
        start rank. Every player has a row for every round ``1..rounds`` of his event, where
        ``rounds`` is the ``142``/``XXR`` record if present, else the most round blocks on a line.

    Raises
    ------
    ValidationError
        A malformed line (message names file, line and column), an unknown result or colour code,
        an opponent missing from the file, a game that the opponent's line does not show the same
        way (opposite colour, complementary result), duplicate start ranks, or (with
        `check_points`) published points that differ from the results.

    Examples
    --------
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
    n_files = len(files)

    # all lines of all files; latin-1 bytes (one byte per character) for the column arithmetic
    datas, texts = [], {}
    for k, path in enumerate(files):
        data, text_lines = _decode(path.read_bytes())
        if b"\r" in data:
            data = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        if text_lines is not None:
            texts[k] = text_lines
        datas.append(data)
    counts = np.fromiter((d.count(b"\n") + 1 for d in datas), dtype=np.int64, count=n_files)
    lines = b"\n".join(datas).split(b"\n")
    del datas
    file_of_line = np.repeat(np.arange(n_files), counts)
    lineno = np.arange(len(lines)) - np.repeat(np.cumsum(counts) - counts, counts) + 1
    is_player = np.fromiter((x.startswith(b"001") for x in lines), dtype=bool, count=len(lines))
    idx = np.flatnonzero(is_player)
    others = np.flatnonzero(~is_player)

    def text_of(k: int) -> str | None:  # the decoded text of line k, if it had to be decoded
        lines_of_file = texts.get(file_of_line[k])
        return None if lines_of_file is None else lines_of_file[lineno[k] - 1]

    header = _header(
        [lines[k] for k in others],
        {j: text_of(k) for j, k in enumerate(others) if file_of_line[k] in texts} if texts else {},
        file_of_line[others],
        lineno[others],
        files,
        n_files,
    )
    plines = [lines[k] for k in idx]
    del lines
    name_text = (
        {j: text_of(k) for j, k in enumerate(idx) if file_of_line[k] in texts} if texts else {}
    )
    where = _Where(files, file_of_line[idx], lineno[idx])
    missing = np.setdiff1d(np.arange(n_files), where.file_of)
    if missing.size:
        raise ValidationError(f"TRF: {files[missing[0]]}: no player (001) record")

    # the 001 lines as one fixed-width byte matrix
    n = len(plines)
    length = np.fromiter((len(x) for x in plines), dtype=np.int64, count=n)
    n_blocks = int(max((length.max() - 91 + 9) // 10, header["declared"].max(), 1))
    width = 91 + 10 * n_blocks
    matrix = np.frombuffer(b"".join([x.ljust(width) for x in plines]), dtype=np.uint8)
    matrix = matrix.reshape(n, width)
    del plines

    start, blank, bad = _parse_uint(matrix[:, 4:8])
    where.fail(bad | blank | (start == 0), "start rank (5-8) must be 1-9999", column=5)
    file_of = where.file_of
    order = np.lexsort((start, file_of))
    if not np.array_equal(order, np.arange(n)):  # sort the lines by file and start rank
        matrix, start, file_of = matrix[order], start[order], file_of[order]
        inverse = np.argsort(order)
        name_text = {int(inverse[j]): t for j, t in name_text.items()}
        where = _Where(files, file_of, where.lineno[order])
    dup = np.flatnonzero((start[1:] == start[:-1]) & (file_of[1:] == file_of[:-1])) + 1
    where.fail(dup, "start rank used twice in the file", column=5, players=start[dup])

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

    # the round blocks as a (line, round) grid; rounds of each event
    blocks = matrix[:, 91:].reshape(n, n_blocks, 10)
    filled = (blocks != _SPACE).any(axis=2)
    last_block = np.where(filled.any(axis=1), n_blocks - np.argmax(filled[:, ::-1], axis=1), 0)
    seen = np.zeros(n_files, dtype=np.int64)
    np.maximum.at(seen, file_of, last_block)
    declared = header["declared"].to_numpy()
    rounds_of_event = np.where(declared > 0, declared, seen)
    too_many = last_block > rounds_of_event[file_of]
    where.fail(
        too_many,
        "more round blocks than the 142/XXR number of rounds",
        column=92 + 10 * rounds_of_event[file_of[too_many]],
    )

    def fail_cells(mask: np.ndarray, message: str, offset: int) -> None:
        if mask.any():
            line, rnd = np.nonzero(mask)
            where.fail(
                line, message, column=92 + 10 * rnd + offset, rounds=rnd + 1, players=start[line]
            )

    for off in (4, 6, 8, 9):
        fail_cells(blocks[:, :, off] != _SPACE, "expected a blank column in the round block", off)
    opp, bad = _parse_opponent(blocks[:, :, 0:4])
    fail_cells(bad, "opponent (4 columns) is not a start rank", 0)
    colour_code = _LOWER[blocks[:, :, 5]]
    fail_cells(~_COLOUR_OK[colour_code], "colour must be w, b, - or blank", 5)
    code = _LOWER[blocks[:, :, 7]]
    cls = _CLASS_OF[code]
    fail_cells(
        cls == _BAD, "unknown result code (expected one of 1 = 0 + - W D L H F U Z or blank)", 7
    )
    has_opp = opp > 0
    kind = _KIND_OF[has_opp.view(np.uint8), cls]
    fail_cells((kind < 0) & has_opp, "a bye or absence result with an opponent", 7)
    fail_cells((kind < 0) & ~has_opp, "a game result without an opponent (0000)", 7)
    w_or_b = (colour_code == ord("w")) | (colour_code == ord("b"))
    fail_cells((kind == _PLAYED) & ~w_or_b, "a played game needs colour w or b", 5)
    fail_cells(~has_opp & w_or_b, "a colour without an opponent (use - for a bye)", 5)

    # the opponent's line must show the same game the other way round
    n_lines = np.bincount(file_of, minlength=n_files)
    line_start = np.cumsum(n_lines) - n_lines
    paired = np.flatnonzero(has_opp)  # flat cells (line * n_blocks + round)
    p_line, p_round = np.divmod(paired, n_blocks)
    p_opp = opp.ravel()[paired]
    p_file = file_of[p_line]
    # start ranks are usually 1..n: the opponent's line is then found by arithmetic
    o_line = np.clip(line_start[p_file] + p_opp - 1, 0, n - 1)
    found = (start[o_line] == p_opp) & (file_of[o_line] == p_file)
    if not found.all():
        key = file_of.astype(np.int64) * 10_000 + start  # sorted, like the lines
        wanted = p_file[~found].astype(np.int64) * 10_000 + p_opp[~found]
        o_line[~found] = np.minimum(np.searchsorted(key, wanted), n - 1)
        found = (start[o_line] == p_opp) & (file_of[o_line] == p_file)

    def fail_paired(mask: np.ndarray, message: str, offset: int = 0) -> None:
        if mask.any():
            line, rnd = p_line[mask], p_round[mask]
            where.fail(
                line, message, column=92 + 10 * rnd + offset, rounds=rnd + 1, players=start[line]
            )

    fail_paired(~found, "opponent is not a start rank of this file")
    fail_paired(p_opp == start[p_line], "player paired with himself")
    other = o_line * n_blocks + p_round
    p_colour, o_colour = colour_code.ravel()[paired], colour_code.ravel()[other]
    mirror = (
        (opp.ravel()[other] != start[p_line])
        | ~_COMPLEMENT[code.ravel()[paired], code.ravel()[other]]
        | ((p_colour == o_colour) & w_or_b.ravel()[paired])
        | ((kind.ravel()[paired] == _PLAYED) & (p_colour == o_colour))
    )
    fail_paired(
        mirror,
        "the opponent's line does not show this game with the opposite colour and the "
        "complementary result",
    )
    del paired, p_opp, p_file, o_line, other, p_colour, o_colour, mirror

    # points, under each file's point system
    point_table = np.stack(header["_points"].to_numpy())  # (files, classes)
    points = point_table[file_of[:, None], cls]
    if check_points:
        in_event = np.arange(n_blocks)[None, :] < rounds_of_event[file_of][:, None]
        total = np.where(in_event, points, 0.0).sum(axis=1)
        bad = ~points_blank & (np.abs(total - published) > 1e-9)
        where.fail(
            bad,
            "published points (81-84) differ from the sum of the round results "
            f"(first: {published[bad][:1].tolist()} published, {total[bad][:1].tolist()} summed)",
            column=81,
            players=start[bad],
        )

    # results, sorted by event, round, start rank: output row k of event e is round
    # local // n_lines[e] of line line_start[e] + local % n_lines[e], local = k - first row of e
    event_rows = n_lines * rounds_of_event
    row_event = np.repeat(np.arange(n_files), event_rows)
    local = np.arange(row_event.size) - np.repeat(np.cumsum(event_rows) - event_rows, event_rows)
    row_round, row_line = np.divmod(local, n_lines[row_event])
    del local
    row_line += line_start[row_event]
    cell = row_line * n_blocks + row_round

    event_cat = pd.CategoricalDtype(pd.Index(names, dtype=object))
    row_opp = opp.ravel()[cell]
    colour_codes = _COLOUR_CODE[colour_code.ravel()[cell]]
    results = pd.DataFrame(
        {
            EVENT: pd.Categorical.from_codes(row_event, dtype=event_cat),
            ROUND: row_round + 1,
            PLAYER: start[row_line],
            OPPONENT: pd.arrays.IntegerArray(row_opp.astype(np.int64), row_opp == 0),
            COLOUR: pd.Categorical.from_codes(colour_codes, categories=list(COLOURS)),
            POINTS: points.ravel()[cell],
            KIND: pd.Categorical.from_codes(kind.ravel()[cell], categories=list(KINDS)),
        },
        copy=False,
    )
    del row_event, row_round, row_line, cell, row_opp, colour_codes

    names_col = _text(matrix[:, 14:47])
    for j, text in name_text.items():
        value = text[14:47].strip()
        names_col.iloc[j] = value if value else pd.NA
    unrated = rating_blank | (rating == 0)
    players = pd.DataFrame(
        {
            EVENT: pd.Categorical.from_codes(file_of, dtype=event_cat),
            PLAYER: start,
            NAME: names_col,
            SEX: _text(matrix[:, 9:10]),
            TITLE: _text(matrix[:, 10:13]),
            RATING: pd.arrays.IntegerArray(rating, unrated),
            FEDERATION: _text(matrix[:, 53:56]),
            FIDE_ID: pd.arrays.IntegerArray(fide_id, fide_blank),
            POINTS: np.where(points_blank, np.nan, published),
            RANK: pd.arrays.IntegerArray(rank, rank_blank),
        },
        copy=False,
    )
    events = pd.DataFrame(
        {
            EVENT: pd.Categorical.from_codes(np.arange(n_files), dtype=event_cat),
            NAME: header[NAME].to_numpy(),
            CITY: header[CITY].to_numpy(),
            FEDERATION: header[FEDERATION].to_numpy(),
            DATE: header[DATE].to_numpy(),
            END_DATE: header[END_DATE].to_numpy(),
            TYPE: header[TYPE].to_numpy(),
            ROUNDS: rounds_of_event,
            FILE: pd.array([str(p) for p in files], dtype="string"),
        }
    )
    for col in (NAME, CITY, FEDERATION, TYPE):
        events[col] = events[col].astype("string")
    return TrfData(results, players, events)


# --- writing -------------------------------------------------------------------------------------

_RESULT_SPEC = (
    Column(EVENT, "key"),
    Column(ROUND, "int"),
    Column(PLAYER, "int"),
    Column(OPPONENT, "int", nullable=True),
    Column(COLOUR, "str", nullable=True),
    Column(POINTS, "float"),
    Column(KIND, "str"),
)
_PLAYER_SPEC = (
    Column(EVENT, "key"),
    Column(PLAYER, "int"),
    Column(NAME, "str", required=False, nullable=True),
    Column(SEX, "str", required=False, nullable=True),
    Column(TITLE, "str", required=False, nullable=True),
    Column(RATING, "int", required=False, nullable=True),
    Column(FEDERATION, "str", required=False, nullable=True),
    Column(FIDE_ID, "int", required=False, nullable=True),
    Column(POINTS, "float", required=False, nullable=True),
    Column(RANK, "int", required=False, nullable=True),
)
_EVENT_SPEC = (
    Column(EVENT, "key"),
    Column(NAME, "str", required=False, nullable=True),
    Column(CITY, "str", required=False, nullable=True),
    Column(FEDERATION, "str", required=False, nullable=True),
    Column(DATE, "datetime", required=False, nullable=True),
    Column(END_DATE, "datetime", required=False, nullable=True),
    Column(TYPE, "str", required=False, nullable=True),
    Column(ROUNDS, "int", required=False, nullable=True),
)
# result code by [kind, half points awarded] for the default point system (None: impossible)
_CODE_OF = np.array(
    [
        ["0", "=", "1"],  # played
        [None, None, "+"],  # forfeit_win
        ["-", None, None],  # forfeit_loss
        [None, None, "U"],  # pab
        [None, None, "F"],  # fpb
        [None, "H", None],  # hpb
        ["Z", None, None],  # zpb
    ],
    dtype=object,
)


def _field(values: pd.Series, width: int, what: str, frame: pd.DataFrame, *, right=False):
    """Fixed-width text of `values` (missing -> blanks); refuses values that do not fit."""
    text = values.astype("string").fillna("")
    fail_rows(
        frame,
        (text.str.len() > width).to_numpy(dtype=bool),
        f"{what} longer than {width} characters",
        what="players",
    )
    fail_rows(
        frame,
        text.str.contains(r"[\r\n]", regex=True).to_numpy(dtype=bool),
        f"{what} contains a line break",
        what="players",
    )
    return text.str.rjust(width) if right else text.str.ljust(width)


def _number(values: pd.Series, width: int) -> pd.Series:
    text = values.astype("Int64").astype("string").fillna("")
    return text.str.rjust(width)


def write_trf(
    results: pd.DataFrame,
    players: pd.DataFrame | None,
    events: pd.DataFrame | None,
    path: str | os.PathLike,
) -> Path:
    """Write results as FIDE TRF-16 files (one per event), atomically.

    Parameters
    ----------
    results : pandas.DataFrame
        Long format as :func:`read_trf` returns it (``event, round, player, opponent, colour,
        points, kind``), default point system (win 1, draw 1/2, byes as their names say).
    players : pandas.DataFrame or None
        Optional ``event, player`` and any of ``name, sex, title, rating, federation, fide_id,
        points, rank``; published points default to the sum of the results and the rank to the
        competition rank by points.
    events : pandas.DataFrame or None
        Optional ``event`` and any of ``name, city, federation, date, end_date, type, rounds``
        (written as ``012``, ``022``, ``032``, ``042``, ``052``, ``092`` and ``XXR``; the name
        defaults to the event).
    path : path-like
        A file ending in ``.trf`` or ``.txt`` for a single event, otherwise a folder that receives
        one ``<event>.trf`` per event (created if needed).

    Returns
    -------
    pathlib.Path
        `path`, ready for :func:`read_trf`.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> res = pd.DataFrame({"event": "cup", "round": [1, 1], "player": [1, 2],
    ...     "opponent": [2, 1], "colour": ["w", "b"], "points": [0.5, 0.5],
    ...     "kind": "played"})
    >>> out = write_trf(res, None, None, pathlib.Path(tempfile.mkdtemp()) / "cup.trf")
    >>> print(out.read_text().splitlines()[-1])
    001    2                                                                       0.5    1     1 b =
    >>> read_trf(out).results.equals(read_trf(write_trf(*read_trf(out), out)).results)
    True
    """
    res = validate(results, _RESULT_SPEC, key=(EVENT, ROUND, PLAYER), what="results")
    kind = res[KIND].astype("string")
    fail_rows(res, ~kind.isin(KINDS).to_numpy(dtype=bool), f"kind must be one of {KINDS}")
    colour = res[COLOUR].astype("string")
    fail_rows(res, ~(colour.isin(COLOURS) | colour.isna()).to_numpy(dtype=bool), "bad colour")
    fail_rows(res, (res[ROUND] < 1).to_numpy(), "round must be 1 or more")
    fail_rows(res, ~res[PLAYER].between(1, 9999).to_numpy(), "player must be a start rank 1-9999")
    opp = res[OPPONENT]
    with_opp = kind.isin(("played", "forfeit_win", "forfeit_loss")).to_numpy(dtype=bool)
    fail_rows(
        res,
        with_opp & opp.isna().to_numpy(),
        "a game or forfeit without an opponent",
    )
    fail_rows(res, ~with_opp & opp.notna().to_numpy(), "a bye or absence with an opponent")
    fail_rows(
        res,
        (kind == "played").to_numpy(dtype=bool) & colour.isna().to_numpy(),
        "a played game without a colour",
    )
    fail_rows(res, ~with_opp & colour.notna().to_numpy(), "a bye or absence with a colour")
    half = res[POINTS].to_numpy(dtype=np.float64) * 2
    whole = np.isin(half, (0.0, 1.0, 2.0))
    code = pd.Series(
        np.where(
            whole,
            _CODE_OF[pd.Index(KINDS).get_indexer(kind), np.where(whole, half, 0).astype(np.intp)],
            None,
        ),
        dtype=object,
    )
    fail_rows(
        res,
        code.isna().to_numpy(),
        "points do not match the kind under the TRF default point system",
    )

    event_keys = pd.Index(pd.unique(res[EVENT].astype(object)))
    res_ecode = event_keys.get_indexer(res[EVENT].astype(object))

    ev = pd.DataFrame({EVENT: event_keys.to_numpy(dtype=object)})
    if events is not None:
        given = validate(events, _EVENT_SPEC, key=(EVENT,), what="events")
        ev = ev.merge(given.assign(**{EVENT: given[EVENT].astype(object)}), on=EVENT, how="left")
    for col in (NAME, CITY, FEDERATION, DATE, END_DATE, TYPE, ROUNDS):
        if col not in ev:
            ev[col] = pd.NA
    last_round = np.zeros(len(event_keys), dtype=np.int64)
    np.maximum.at(last_round, res_ecode, res[ROUND].to_numpy())
    declared = ev[ROUNDS].astype("Int64")
    fail_rows(
        ev,
        (declared < last_round).fillna(False).to_numpy(dtype=bool),
        "rounds is less than the last round of the results",
        what="events",
    )
    rounds = declared.fillna(0).to_numpy(dtype=np.int64)
    rounds = np.where(declared.isna().to_numpy(), last_round, rounds)

    # players: every (event, player) of the results or of `players`, sorted by event, start rank
    summed = (
        pd.DataFrame({"_e": res_ecode, PLAYER: res[PLAYER].to_numpy(), "_sum": res[POINTS]})
        .groupby(["_e", PLAYER], sort=False)["_sum"]
        .sum()
        .reset_index()
    )
    given_columns: set = set()
    if players is not None:
        given = validate(players, _PLAYER_SPEC, key=(EVENT, PLAYER), what="players")
        given_columns = set(given.columns)
        given["_e"] = event_keys.get_indexer(given[EVENT].astype(object))
        given = given[given["_e"] >= 0].drop(columns=[EVENT])
        pl = summed.merge(given.assign(_given=True), on=["_e", PLAYER], how="outer")
    else:
        pl = summed.assign(_given=False)
    pl = pl.sort_values(["_e", PLAYER], ignore_index=True)
    fail_rows(pl, ~pl[PLAYER].between(1, 9999).to_numpy(), "player must be 1-9999", what="players")
    pl[EVENT] = event_keys.to_numpy(dtype=object)[pl["_e"].to_numpy()]
    for col in (NAME, SEX, TITLE, RATING, FEDERATION, FIDE_ID, POINTS, RANK):
        if col not in pl:
            pl[col] = pd.NA
    # published points and rank: as given; computed where `players` does not give them
    given_row = pl["_given"].fillna(False).to_numpy(dtype=bool)
    computed = (~given_row) | (POINTS not in given_columns)
    summed_points = pl["_sum"].astype("Float64").fillna(0.0)
    pl[POINTS] = pl[POINTS].astype("Float64").where(~computed, summed_points)
    fail_rows(
        pl,
        ((pl[POINTS] < 0) | (pl[POINTS] >= 100)).fillna(False).to_numpy(dtype=bool),
        "points do not fit in columns 81-84",
        what="players",
    )
    computed = (~given_row) | (RANK not in given_columns)
    if computed.any():
        ranked = competition_rank(
            pl[["_e", PLAYER]].assign(_points=pl[POINTS].astype(np.float64)), ["_points"], by="_e"
        )
        by_points = pl[["_e", PLAYER]].merge(ranked, on=["_e", PLAYER], how="left")[RANK]
        pl[RANK] = pl[RANK].astype("Int64").where(~computed, by_points.astype("Int64"))
    rating = pl[RATING].astype("Int64")
    fail_rows(
        pl, (rating > 9999).fillna(False).to_numpy(dtype=bool), "rating > 9999", what="players"
    )

    fixed = (
        "001 "
        + _number(pl[PLAYER], 4)
        + " "
        + _field(pl[SEX], 1, "sex", pl)
        + _field(pl[TITLE], 3, "title", pl)
        + " "
        + _field(pl[NAME], 33, "name", pl)
        + " "
        + _number(rating, 4)
        + " "
        + _field(pl[FEDERATION], 3, "federation", pl)
        + " "
        + _number(pl[FIDE_ID], 11)
        + " " * 12
        + pl[POINTS].astype(np.float64).map(lambda v: "    " if np.isnan(v) else f"{v:4.1f}")
        + " "
        + _number(pl[RANK], 4)
        + "  "
    )

    # round blocks: a player x round grid of 10-character blocks, absences where no row is given
    player_key = pl["_e"].to_numpy(dtype=np.int64) * 10_000 + pl[PLAYER].to_numpy()
    row_pos = np.searchsorted(player_key, res_ecode.astype(np.int64) * 10_000 + res[PLAYER])
    block = (
        _number(opp, 4).where(opp.notna().to_numpy(), "0000")
        + " "
        + colour.fillna("-")
        + " "
        + code.to_numpy(dtype=object)
        + "  "
    )
    width = int(rounds.max())
    grid = np.full((len(pl), width), "0000 - Z  ", dtype=object)
    grid[row_pos, res[ROUND].to_numpy() - 1] = block.to_numpy(dtype=object)
    player_rounds = rounds[pl["_e"].to_numpy()]
    lines = fixed.to_numpy(dtype=object)
    for r in range(width):
        lines = np.where(r < player_rounds, lines + grid[:, r], lines)
    lines = pd.Series(lines, dtype=object).str.rstrip().to_numpy(dtype=object)

    path = Path(path)
    single = path.suffix.lower() in TRF_SUFFIXES
    if single and len(ev) != 1:
        raise ValidationError(
            f"write_trf: {path} is one file but the results hold {len(ev)} events; "
            "give a folder instead"
        )
    if not single:
        path.mkdir(parents=True, exist_ok=True)
    bounds = np.searchsorted(pl["_e"].to_numpy(), np.arange(len(ev) + 1))
    for k, row in enumerate(ev.to_dict("records")):
        head = [f"012 {row[EVENT] if pd.isna(row[NAME]) else row[NAME]}"]
        for tag, col in (("022", CITY), ("032", FEDERATION)):
            if not pd.isna(row[col]):
                head.append(f"{tag} {row[col]}")
        for tag, col in (("042", DATE), ("052", END_DATE)):
            if not pd.isna(row[col]):
                head.append(f"{tag} {pd.Timestamp(row[col]):%Y/%m/%d}")
        if not pd.isna(row[TYPE]):
            head.append(f"092 {row[TYPE]}")
        head.append(f"XXR {rounds[k]}")
        if any("\n" in h or "\r" in h for h in head):
            raise ValidationError(f"write_trf: event {row[EVENT]!r}: a line break in its header")
        body = "\n".join(head + list(lines[bounds[k] : bounds[k + 1]])) + "\n"
        if single:
            target = path
        else:
            stem = str(row[EVENT])
            if not stem or "/" in stem or "\\" in stem or stem in (".", ".."):
                raise ValidationError(f"write_trf: event {row[EVENT]!r} cannot be a file name")
            target = path / f"{stem}.trf"
        atomic_write(target, lambda tmp, body=body: tmp.write_text(body, encoding="utf-8"))
    return path
