"""Point systems: the points of a win, a draw and a loss, and of each kind of unplayed round.

C.07 speaks of "the points awarded for a win" and "for a draw" (7.1, 7.7, 16.3, 16.4.2) and of
"the maximum possible tournament score" (9.2): every tie-break defined in points uses the event's
point system, given as ``points=`` to the standings, or per event by the ``point_system`` column
of `events` (TRF ``162``). A point system is written as text, ``"3/1/0"`` (win/draw/loss) or
``"win=3,draw=1,loss=0,hpb=1"``, or as a mapping ``{"win": 3, "draw": 1, "loss": 0}``; the keys are
:data:`POINT_KEYS`. What is not named follows the TRF ``162`` defaults: a forfeit win, a
full-point bye and a pairing-allocated bye are worth a win, a half-point bye a draw, a forfeit
loss and a zero-point bye 0.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import cast

import numpy as np
import pandas as pd

from ..core.schema import EVENT, ValidationError
from .kinds import K_FL, K_FPB, K_FW, K_HPB, K_PAB, K_ZPB, POINT_SYSTEM

#: what a point system gives points to, in the order of its vectors
POINT_KEYS = ("win", "draw", "loss", "forfeit_win", "forfeit_loss", "pab", "fpb", "hpb", "zpb")
P_WIN, P_DRAW, P_LOSS = 0, 1, 2
#: the point system of C.07 and TRF without a ``162`` record
DEFAULT_POINTS = np.array([1.0, 0.5, 0.0, 1.0, 0.0, 1.0, 1.0, 0.5, 0.0])
#: the entry of each kind code's points (-1: a played game, whose points give its result)
_KIND_ENTRY = np.full(9, -1, dtype=np.int8)
_KIND_ENTRY[[K_FW, K_FL, K_PAB, K_FPB, K_HPB, K_ZPB]] = [3, 4, 5, 6, 7, 8]
# unnamed entries: (entry, the entry it follows, or -1 for 0)
_DERIVED = ((3, 0), (6, 0), (5, 0), (7, 1), (4, -1), (8, -1))
_SHORT = re.compile(r"\s*([0-9.]+)\s*/\s*([0-9.]+)\s*/\s*([0-9.]+)\s*")


def point_system(spec: str | Mapping[str, float] | None = None) -> dict[str, float]:
    """The points of every key of :data:`POINT_KEYS` under a point system.

    Parameters
    ----------
    spec : str, mapping or None
        ``None`` (win 1, draw 1/2, loss 0), ``"3/1/0"`` (win/draw/loss), ``"win=3,draw=1"``, or a
        mapping of keys to points. A win must be worth more than a draw, a draw more than a
        loss, and no value may be negative.

    Returns
    -------
    dict of str to float
        The points of a win, draw, loss, forfeit win and loss, and of each kind of bye.

    Raises
    ------
    ValueError
        For an unknown key, a value that is not a number, or an impossible system.

    Examples
    --------
    >>> from tourneystats.chess import point_system
    >>> point_system("3/1/0")
    {'win': 3.0, 'draw': 1.0, 'loss': 0.0, 'forfeit_win': 3.0, 'forfeit_loss': 0.0, 'pab': 3.0, 'fpb': 3.0, 'hpb': 1.0, 'zpb': 0.0}
    >>> point_system({"win": 2, "draw": 1, "pab": 1})["pab"]
    1.0
    """
    return dict(zip(POINT_KEYS, _vector(spec).tolist(), strict=True))


def point_system_text(values: np.ndarray | Mapping[str, float]) -> str:
    """A point system as the text :func:`point_system` reads (every key named).

    Examples
    --------
    >>> point_system_text(point_system("3/1/0"))
    'win=3,draw=1,loss=0,forfeit_win=3,forfeit_loss=0,pab=3,fpb=3,hpb=1,zpb=0'
    """
    if isinstance(values, Mapping):
        values = np.array([values[k] for k in POINT_KEYS], dtype=np.float64)
    return ",".join(f"{k}={v:g}" for k, v in zip(POINT_KEYS, values.tolist(), strict=True))


def _vector(spec: str | Mapping[str, float] | None) -> np.ndarray:
    """The points of :data:`POINT_KEYS` under `spec` (see :func:`point_system`)."""
    if spec is None or (not isinstance(spec, str | Mapping) and pd.isna(spec)):
        return DEFAULT_POINTS.copy()
    given = _given(spec)
    unknown = sorted(set(given) - set(POINT_KEYS))
    if unknown:
        raise ValueError(f"point system {spec!r}: unknown key(s) {unknown}; known: {POINT_KEYS}")
    values = np.full(len(POINT_KEYS), np.nan)
    for k, v in given.items():
        try:
            values[POINT_KEYS.index(k)] = float(v)
        except (TypeError, ValueError):
            raise ValueError(f"point system {spec!r}: {k}={v!r} is not a number") from None
    for entry, source in zip(("win", "draw", "loss"), DEFAULT_POINTS[:3], strict=True):
        i = POINT_KEYS.index(entry)
        values[i] = source if np.isnan(values[i]) else values[i]
    for entry, source in _DERIVED:
        if np.isnan(values[entry]):
            values[entry] = values[source] if source >= 0 else 0.0
    win, draw, loss = values[:3]
    if not (np.isfinite(values).all() and (values >= 0).all() and win > draw > loss):
        raise ValueError(
            f"point system {spec!r}: points must be numbers of 0 or more, a win worth more than "
            "a draw and a draw more than a loss"
        )
    return values


def _given(spec: str | Mapping[str, float]) -> dict:
    """The entries a point system names, as a dict."""
    if isinstance(spec, Mapping):
        return {str(k).strip().lower(): v for k, v in spec.items()}
    text = str(spec)
    short = _SHORT.fullmatch(text)
    if short:
        return dict(zip(("win", "draw", "loss"), short.groups(), strict=True))
    given = {}
    for part in filter(None, (p.strip() for p in re.split(r"[,;]", text))):
        key, sep, value = part.partition("=")
        if not sep:
            raise ValueError(
                f"point system {spec!r}: expected 'win/draw/loss' (e.g. '3/1/0') or "
                "'key=points,...' (e.g. 'win=3,draw=1,loss=0')"
            )
        given[key.strip().lower()] = value.strip()
    return given


def _event_points(
    points: str | Mapping[str, float] | None, events: pd.DataFrame | None, event_index: pd.Index
) -> np.ndarray:
    """The (events, :data:`POINT_KEYS`) points of each event: `points` for all, else the
    ``point_system`` column of `events` (the default where missing)."""
    n = len(event_index)
    if points is not None:
        return np.tile(_vector(points), (n, 1))
    if events is None or POINT_SYSTEM not in events.columns:
        return np.tile(DEFAULT_POINTS, (n, 1))
    given = events.set_index(events[EVENT].astype(object))[POINT_SYSTEM]
    texts = given.reindex(pd.Index(event_index, dtype=object))
    table = np.tile(DEFAULT_POINTS, (n, 1))
    for text, rows in texts.groupby(texts, sort=False).indices.items():
        try:
            table[rows] = _vector(cast(str, text))
        except ValueError as exc:
            shown = event_index[rows[:5]].tolist()
            raise ValidationError(f"events: event(s) {shown}: {exc}") from None
    return table
