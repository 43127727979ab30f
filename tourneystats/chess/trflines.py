"""The lines of TRF files: file names, decoding, fixed-width fields parsed with numpy, and where
a bad field is.

The 001 lines of all files are one byte matrix (one byte per character, latin-1); each field
parser takes a slice of its columns (the last axis) and returns the values with masks of blank and
malformed fields. :class:`_Where` turns a mask of bad lines into an error naming file, line and
column.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from ..core.schema import ValidationError

#: file name endings read from a folder
TRF_SUFFIXES = (".trf", ".trfx", ".txt")
#: the most rounds a file of few players may have (twice the players otherwise): a match
#: between two players may be long
MIN_ROUND_LIMIT = 50
#: how many offending lines an error message lists
_SHOWN = 5
_SPACE = 32
_TAB = 9
_BOM = b"\xef\xbb\xbf"
_DIGIT_VALUE = np.zeros(256, dtype=np.int32)  # blank counts as 0
_DIGIT_VALUE[48:58] = np.arange(10)

#: the start of a TRF record: three digits (or ``###``, a comment), then a space or the line's end
_RECORD = re.compile(rb"^(\d{3}|###)( |\r?$)", re.MULTILINE)
#: the bytes of a ``.txt`` file looked at to tell a TRF from another text
_SNIFF = 1 << 16


def holds_no_trf(path: Path) -> bool:
    r"""Whether `path`, a ``.txt`` file (a TRF's usual name, and any other text's), holds no TRF
    record in its first 64 KiB: another text (a web site's data, notes), not a TRF file. A file
    named ``.trf`` or ``.trfx`` is always read as a TRF (and refused where it is no good one).

    Examples
    --------
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "event.txt").write_text("012 Club Open\n001    1 m    Ann\n")
    >>> _ = (folder / "notes.txt").write_text('1:"$Sreact.fragment"\n')
    >>> holds_no_trf(folder / "event.txt"), holds_no_trf(folder / "notes.txt")
    (False, True)
    """
    if path.suffix.lower() != ".txt":
        return False
    with open(path, "rb") as file:
        head = file.read(_SNIFF)
    return _RECORD.search(head.removeprefix(_BOM)) is None


# --- lines ---------------------------------------------------------------------------------------


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


def _split_lines(data: str | bytes) -> list[Any]:
    """Lines of a text or bytes, whatever the line ends (CR LF, LF or CR)."""
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
        column: int | np.ndarray | None = None,
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


# --- fields --------------------------------------------------------------------------------------


def _parse_uint(field: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
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
    return value.astype(np.int64), ~digit.any(-1), bad  # type: ignore[return-value]


def _parse_opponent(field: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
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


def _parse_decimal(field: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
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
    """Dates in the formats TRF files use (YYYY/MM/DD first); NaT where none fits."""
    out = pd.Series(pd.NaT, index=values.index, dtype="datetime64[ns]")
    for fmt in ("%Y/%m/%d", "%Y-%m-%d", "%Y.%m.%d", "%d.%m.%Y", "%d/%m/%Y", "%y/%m/%d"):
        todo = out.isna() & values.notna()
        if not todo.any():
            break
        out[todo] = pd.to_datetime(values[todo], format=fmt, errors="coerce")
    return out


# --- text, not a binary file --------------------------------------------------------------------

_CONTROL = re.compile(rb"[\x00-\x08\x0b-\x1f\x7f]")
#: every byte but the control characters (what ``bytes.translate`` deletes to find them, fast)
_NOT_CONTROL = bytes(b for b in range(256) if not _CONTROL.match(bytes([b])))


#: the first bytes of the binary files most often given for a TRF file by mistake
_BINARY_SIGNATURES = {
    b"\x89PNG": "a PNG image",
    b"PAR1": "a Parquet file",
    b"PK\x03\x04": "a ZIP archive (or an Excel workbook)",
    b"%PDF": "a PDF document",
    b"\xff\xd8\xff": "a JPEG image",
    b"GIF8": "a GIF image",
    b"\x1f\x8b": "a gzip archive",
    b"\xd0\xcf\x11\xe0": "an old Office document (Excel 97-2003?)",
}


def no_control_characters(data: bytes, path: Path) -> None:
    """Refuse a control character (other than tab and the line ends) in the text of a file,
    and a binary file (a PNG image, a Parquet file, ...) as not a TRF file."""
    if data.translate(None, _NOT_CONTROL):
        kind = next((k for s, k in _BINARY_SIGNATURES.items() if data.startswith(s)), None)
        if kind is not None:
            raise ValidationError(f"TRF: {path}: not a TRF file: {kind}, not text")
        found = _CONTROL.search(data)
        assert found is not None  # (translate found one)
        at = found.start()
        line = data.count(b"\n", 0, at) + 1
        column = at - data.rfind(b"\n", 0, at)
        utf16 = data[:2] in (b"\xff\xfe", b"\xfe\xff") or 4 * data.count(0) >= len(data)
        utf16 = " (UTF-16 text? TRF files are UTF-8 or Latin-1)" if utf16 else ""
        raise ValidationError(
            f"TRF: {path}:{line}: column {column}: control character {chr(data[at])!r} in the "
            f"text{utf16}"
        )
