"""The published standings of an MTG JSON file (``Standings``), read and checked: one record
per entry, every value of the right type and possible (a rank from 1, points and records not
negative, the fractions OMWP, GWP, OGWP at most 1). Every entry is checked at once where all
is well; where one is not, entry by entry, so that the error names the first fault's entry and
key.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np

from ..core.people import clean_name
from ..core.schema import EVENT, PLAYER, ValidationError

#: published standings columns, as the files name them, and their kind
STANDINGS_KEYS = {
    "Rank": "int",
    "Points": "number",
    "Wins": "int",
    "Losses": "int",
    "Draws": "int",
    "OMWP": "number",
    "GWP": "number",
    "OGWP": "number",
}


def _fail(path: Path, where: str, message: str) -> ValidationError:
    return ValidationError(f"{path}: {where}: {message}" if where else f"{path}: {message}")


def _key(path: Path, record: Any, key: str, where: str, kinds: tuple[type, ...]) -> Any:
    """``record[key]``, which must be there and of one of `kinds` (None allowed if listed)."""
    if not isinstance(record, dict):
        raise _fail(path, where, f"expected an object, got {json.dumps(record)[:60]}")
    if key not in record:
        raise _fail(path, where, f"no {key!r}")
    value = record[key]
    if not isinstance(value, kinds) or isinstance(value, bool):
        want = " or ".join("null" if k is type(None) else k.__name__ for k in kinds)
        raise _fail(path, f"{where}.{key}", f"expected {want}, got {json.dumps(value)[:60]}")
    return value


def read_standings(path: Path, data: dict, event: str) -> list[dict]:
    """The published standings: one record per entry, numbers checked (every entry at once
    where all is well; entry by entry, to name the first fault, where it is not)."""
    entries = data.get("Standings")
    if entries is None:
        return []
    if not isinstance(entries, list):
        raise _fail(path, "Standings", "expected a list")
    quick = _standings_quick(entries, event)
    return quick if quick is not None else _standings_checked(path, entries, event)


#: the types a published number may have as JSON reads it (null for none)
_NUMBER_TYPES = frozenset({int, float, type(None)})


def _standings_quick(entries: list, event: str) -> list[dict] | None:
    """:func:`_standings_checked`'s records where every entry is well formed (None where one
    is not): each column's types, then its values, checked at once."""
    if not all(type(e) is dict and type(e.get("Player")) is str for e in entries):
        return None
    columns = {}
    for key, kind in STANDINGS_KEYS.items():  # a few keys, each a column of every entry
        column = [e.get(key) for e in entries]
        if not all(type(v) in _NUMBER_TYPES for v in column):
            return None
        try:
            values = np.array(column, dtype=np.float64)  # (None: NaN)
        except OverflowError:  # (an integer no float holds)
            return None
        given = values[~np.isnan(values)]
        if given.size != len(column) - column.count(None) or not _published_ok(key, kind, given):
            return None  # (a NaN or an infinity in the file, or a value no standings have)
        columns[key] = [np.nan if v is None else v for v in column]
    names = [clean_name(e["Player"]) for e in entries]
    return [
        {EVENT: event, PLAYER: name, **dict(zip(STANDINGS_KEYS, row, strict=True))}
        for name, *row in zip(names, *columns.values(), strict=True)
    ]


def _published_ok(key: str, kind: str, values: np.ndarray) -> bool:
    """Whether the published `values` (of `key`, given) all pass :func:`_standings_checked`."""
    low = _COUNTS_PUBLISHED.get(key)
    bad = ~np.isfinite(values)
    if kind == "int":
        bad |= values != np.round(values)
    if low is not None:
        bad |= values < low
    if key in _FRACTIONS:
        bad |= values > 1
    if key in ("OMWP", "OGWP"):
        bad |= values < 0
    return not bad.any()


def _finite(value: float) -> bool:
    """Whether a number is finite (an integer too large for a float is not)."""
    try:
        return math.isfinite(value)
    except OverflowError:
        return False


def _standings_checked(path: Path, entries: list, event: str) -> list[dict]:
    """The published standings, entry by entry: the first fault named."""
    out = []
    for i, entry in enumerate(entries):
        where = f"Standings[{i}]"
        record = {EVENT: event, PLAYER: clean_name(_key(path, entry, "Player", where, (str,)))}
        for key, kind in STANDINGS_KEYS.items():
            value = entry.get(key)
            ok = value is None or (
                isinstance(value, int | float)
                and not isinstance(value, bool)
                and _finite(value)
                and (kind != "int" or float(value).is_integer())
            )
            if not ok:
                raise _fail(
                    path, f"{where}.{key}", f"expected a {kind}, got {json.dumps(value)[:60]}"
                )
            _check_published(path, f"{where}.{key}", key, value)
            record[key] = np.nan if value is None else value
        out.append(record)
    return out


#: the published values that cannot be negative (points, records: a rank from 1), and the
#: fractions (0 to 1: the files write 67.4 % as 0.674). melee.gg publishes a GWP of -0.2 for
#: some players (259 entries of the public archive in 2024-2026, what its pages show): kept,
#: as published, a value the check reports unequal
_COUNTS_PUBLISHED = {"Rank": 1, "Points": 0, "Wins": 0, "Losses": 0, "Draws": 0}
_FRACTIONS = ("OMWP", "GWP", "OGWP")


def _check_published(path: Path, where: str, key: str, value: Any) -> None:
    """Refuse a published value no standings can have: a negative count or points, a rank
    below 1, a percentage above 1 (written 67.4 for 0.674) or a negative OMWP or OGWP; the
    standings and the check would use it as it is."""
    if value is None:
        return
    low = _COUNTS_PUBLISHED.get(key)
    if low is not None and value < low:
        raise _fail(path, where, f"{key} {value} is below {low}: no standings have that")
    if key in _FRACTIONS and value > 1:
        raise _fail(
            path, where, f"{key} {value} is above 1: the files write fractions (0.674 for "
            "67.4 %), and a percentage would be read as more than 100 %"
        )  # fmt: skip
    if key in ("OMWP", "OGWP") and value < 0:
        raise _fail(path, where, f"{key} {value} is below 0: it is a fraction from 0 to 1")


def standings_precision(standings: list[dict]) -> int:
    """The most decimals any published OMWP, GWP, OGWP of `standings` is written with (0: none
    published; at most 12): the fewest decimals that give each value back to within 1e-6 of a
    unit of the last one (the files write 0.497 as ``0.49700000000000005`` at times).

    Examples
    --------
    >>> standings_precision([{"OMWP": 0.667, "GWP": 0.49700000000000005, "OGWP": float("nan")}, {"OMWP": 1}])
    3
    >>> standings_precision([{"OMWP": 0.6667}, {"OGWP": 0.42361111}]), standings_precision([{"GWP": None}])
    (8, 0)
    """
    values = np.array(
        [entry.get(key) for entry in standings for key in _FRACTIONS], dtype=np.float64
    )
    values = values[np.isfinite(values)]
    if not values.size:
        return 0
    scaled = values[:, None] * 10.0 ** np.arange(13)[None, :]
    written = np.abs(scaled - np.rint(scaled)) <= 1e-6
    written[:, -1] = True
    return int(written.argmax(axis=1).max())
