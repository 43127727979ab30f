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
    if isinstance(text, bytes):
        text = text.decode("utf-8-sig")
    too_deep = _too_deep(text)
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


def _too_deep(text: str) -> str | None:
    """``"line L, column C"`` of the first bracket nested deeper than :data:`MAX_DEPTH`, if any
    (brackets inside strings not counted)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return None
    raw = text.encode("utf-8", "surrogatepass")
    buf = np.frombuffer(raw, dtype=np.uint8)
    quote = buf == ord('"')
    backslash = buf == ord("\\")
    count = np.cumsum(backslash)
    run = count - np.maximum.accumulate(np.where(backslash, 0, count))  # backslashes ending here
    before = np.concatenate([[0], run[:-1]])
    quote &= before % 2 == 0  # a quote after an odd run of backslashes is escaped
    inside = (np.cumsum(quote) - quote) % 2 == 1  # within a string (its quotes excluded)
    step = np.zeros(len(buf), dtype=np.int64)
    step[(buf == ord("[")) | (buf == ord("{"))] = 1
    step[(buf == ord("]")) | (buf == ord("}"))] = -1
    step[inside] = 0
    deep = np.flatnonzero(np.cumsum(step) > MAX_DEPTH)
    if not len(deep):
        return None
    at = int(deep[0])
    line = raw.count(b"\n", 0, at) + 1
    column = at - (raw.rfind(b"\n", 0, at) + 1) + 1
    return f"line {line}, column {column}"


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
