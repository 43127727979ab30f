"""Reading JSON input strictly: every error names the file and the place in it.

Python's :func:`json.loads` lets the last of two equal keys win, and ends in a RecursionError
on input nested some thousand levels deep. :func:`load_json` refuses both: a key given twice
in one object with different values is an error at its JSON path (``Rounds[2].Matches[0]``);
the same key twice with the same value is read as once. Input nested deeper than
:data:`MAX_DEPTH` levels is an error at its line and column.
"""

from __future__ import annotations

import json
import os
from typing import Any

import numpy as np

from .schema import ValidationError

__all__ = ["MAX_DEPTH", "load_json"]

#: the deepest nesting of arrays and objects read (results files nest a few levels)
MAX_DEPTH = 100


class _Conflict(dict):
    """An object that gave one key two different values (found again by :func:`_find`)."""

    key: str


def _pairs(conflicts: list) -> Any:
    """An ``object_pairs_hook`` that marks (and counts in `conflicts`) an object giving a key
    two different values."""

    def pairs(items: list[tuple[str, Any]]) -> dict:
        out = dict(items)
        if len(out) < len(items):  # a key given twice: with the same value?
            seen: dict = {}
            for key, value in items:
                if key in seen and seen[key] != value:
                    conflicts.append(key)
                    bad = _Conflict(out)
                    bad.key = key
                    return bad
                seen[key] = value
        return out

    return pairs


def load_json(text: str | bytes, source: str | os.PathLike) -> Any:
    """The JSON value of `text` (read from `source`, named in the errors).

    Raises
    ------
    ValidationError
        Not valid JSON (at its line and column), a key twice with different values in one
        object (at its JSON path), or nesting deeper than :data:`MAX_DEPTH` (at its line and
        column).

    Examples
    --------
    >>> load_json('{"Rounds": [{"Round": 1, "Round": 1}]}', "e.json")
    {'Rounds': [{'Round': 1}]}
    >>> load_json('{"Rounds": [{"Round": 1, "Round": 2}]}', "e.json")
    Traceback (most recent call last):
    ...
    tourneystats.core.schema.ValidationError: e.json: Rounds[0]: the key 'Round' is given twice with different values
    >>> load_json("[" * 5000 + "]" * 5000, "e.json")
    Traceback (most recent call last):
    ...
    tourneystats.core.schema.ValidationError: e.json: line 1, column 101: nested more than 100 levels deep
    """
    raw = text
    if isinstance(raw, bytes):  # (its bytes scanned as they are: no encoding back)
        raw = raw.removeprefix(b"\xef\xbb\xbf")
        text = raw.decode("utf-8")
    too_deep = _too_deep(raw)
    if too_deep:
        raise ValidationError(f"{source}: {too_deep}: nested more than {MAX_DEPTH} levels deep")
    conflicts: list[str] = []
    try:
        data = json.loads(text, object_pairs_hook=_pairs(conflicts))
    except json.JSONDecodeError as exc:
        raise ValidationError(
            f"{source}: line {exc.lineno}, column {exc.colno}: not valid JSON ({exc.msg})"
        ) from None
    found = _find(data) if conflicts else None
    if found is not None:
        where, key = found
        raise ValidationError(
            f"{source}: {where or 'the top-level object'}: the key {key!r} is given twice with different values"
        )
    return data


#: what each byte is to the depth scan: 0 nothing, 1 a quote, 2 a backslash, 3 an opening and
#: 4 a closing bracket (only these few bytes, a small share of a file, are looked at further)
_KIND = np.zeros(256, dtype=np.uint8)
_KIND[ord('"')], _KIND[ord("\\")] = 1, 2
_KIND[[ord("["), ord("{")]] = 3
_KIND[[ord("]"), ord("}")]] = 4


def _too_deep(text: str | bytes) -> str | None:
    """``"line L, column C"`` of the first bracket nested deeper than :data:`MAX_DEPTH`, if any
    (brackets inside strings not counted; the column counts the bytes of the line's UTF-8).

    Only the quotes, backslashes and brackets are scanned (their positions, in order): a quote
    after an odd run of backslashes is escaped; a bracket between an opening and a closing
    quote is in a string.

    Examples
    --------
    >>> _too_deep("[" * 101 + "]" * 101), _too_deep('["' + "[" * 200 + '"]')
    ('line 1, column 101', None)
    >>> _too_deep('["é\\\\n", ' + "[" * 100 + "]" * 100 + "]")  # é is two bytes
    'line 1, column 109'
    """
    if isinstance(text, str):
        if text.count("[") + text.count("{") <= MAX_DEPTH:
            return None
        raw = text.encode("utf-8", "surrogatepass")
    else:
        raw = text
        if raw.count(b"[") + raw.count(b"{") <= MAX_DEPTH:
            return None
    if not _deeper_than_limit(raw):
        return None
    kinds = _KIND[np.frombuffer(raw, dtype=np.uint8)]
    at = np.flatnonzero(kinds)  # the positions of the bytes that matter, in order
    kind = kinds[at]
    slash = kind == 2
    # a backslash right after a backslash continues its run; the run's length where it ends
    after = np.zeros(len(at), dtype=bool)
    after[1:] = slash[1:] & slash[:-1] & (at[1:] == at[:-1] + 1)
    first = np.flatnonzero(slash & ~after)  # where each run starts
    start = np.zeros(len(at), dtype=np.int64)
    start[first] = first
    length = np.arange(len(at)) - np.maximum.accumulate(start) + 1  # (valid at backslashes)
    escaped = np.zeros(len(at), dtype=bool)
    escaped[1:] = slash[:-1] & (at[1:] == at[:-1] + 1) & (length[:-1] % 2 == 1)
    quote = (kind == 1) & ~escaped
    inside = (np.cumsum(quote) - quote) % 2 == 1  # within a string (its quotes excluded)
    step = np.where(inside, 0, np.where(kind == 3, 1, np.where(kind == 4, -1, 0)))
    deep = np.flatnonzero(np.cumsum(step) > MAX_DEPTH)
    if not len(deep):
        return None
    where = int(at[deep[0]])
    line = raw.count(b"\n", 0, where) + 1
    column = where - (raw.rfind(b"\n", 0, where) + 1) + 1
    return f"line {line}, column {column}"


#: every byte but a quote, a backslash and a bracket (deleted for the quick depth scan)
_OTHER_BYTES = bytes(b for b in range(256) if b not in b'"\\[]{}')


def _deeper_than_limit(raw: bytes) -> bool:
    """Whether `raw` may nest deeper than :data:`MAX_DEPTH` (True: scan it in full): the
    quotes and brackets alone, cut out of the text at C speed, when it has no backslash (so
    that each quote opens or closes a string); the usual JSON file is only this deep.

    Examples
    --------
    >>> _deeper_than_limit(b"[" * 101), _deeper_than_limit(b'["' + b"[" * 200 + b'"]')
    (True, False)
    """
    kept = raw.translate(None, _OTHER_BYTES)
    if b"\\" in kept:
        return True
    byte = np.frombuffer(kept, dtype=np.uint8)
    quote = byte == ord('"')
    outside = (np.cumsum(quote) - quote) % 2 == 0  # (a quote's own place: not a bracket)
    step = outside & ((byte == ord("[")) | (byte == ord("{")))
    back = outside & ((byte == ord("]")) | (byte == ord("}")))
    depth = np.cumsum(step.astype(np.int32) - back.astype(np.int32))
    return bool(len(depth)) and int(depth.max()) > MAX_DEPTH


def _find(data: Any) -> tuple[str, str] | None:
    """The JSON path and key of the first object with a key given two values (no recursion)."""
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:
        where, value = stack.pop()
        if isinstance(value, _Conflict):
            return where, value.key
        if isinstance(value, dict):
            items = [(f"{where}.{k}" if where else str(k), v) for k, v in value.items()]
        elif isinstance(value, list):
            items = [(f"{where}[{i}]", v) for i, v in enumerate(value)]
        else:
            continue
        stack.extend(reversed(items))
    return None
