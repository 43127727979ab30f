"""The data model of chess results: the kinds of rounds, their codes and masks, the columns.

Results are long-format: one row per player per round with ``event, round, player, opponent,
colour, points, kind``; ``kind`` is one of :data:`KINDS`. Internally a kind is a small integer
code (its position in :data:`KINDS`), and a set of kinds is a bit mask tested with :func:`_is`.
"""

from __future__ import annotations

import numpy as np

from ..core.schema import (
    COLOUR,
    DATE,
    EVENT,
    KIND,
    OPPONENT,
    PLAYER,
    POINTS,
    RATING,
    ROUND,
    ROUNDS,
    TYPE,
    Column,
)

#: the values of ``kind``, in code order
KINDS = ("played", "forfeit_win", "forfeit_loss", "pab", "fpb", "hpb", "zpb")
#: the values of ``colour``
COLOURS = ("w", "b")
K_PLAYED, K_FW, K_FL, K_PAB, K_FPB, K_HPB, K_ZPB = range(7)
K_NONE = 7  # the round does not exist in this event (shorter events in a stacked archive)
# sets of kinds as bit masks (bit k = kind code k), tested with _is
_WITH_OPPONENT = 1 << K_PLAYED | 1 << K_FW | 1 << K_FL
_AVAILABLE = 1 << K_PLAYED | 1 << K_FW | 1 << K_PAB | 1 << K_FPB  # not a VUR
_VUR = 1 << K_FL | 1 << K_HPB | 1 << K_ZPB
_BYE_VUR = 1 << K_HPB | 1 << K_ZPB  # VUR without an opponent


def _is(kind: np.ndarray, kinds: int) -> np.ndarray:
    """Whether each kind code is in the bit mask `kinds`."""
    return (np.left_shift(np.uint8(1), kind.astype(np.uint8)) & np.uint8(kinds)) != 0


RESULT_COLUMNS = (
    Column(EVENT, "key", doc="event id"),
    Column(ROUND, "int", doc="round number, 1-based"),
    Column(PLAYER, "key", doc="player id (TRF start rank)"),
    Column(OPPONENT, "key", required=False, nullable=True, doc="opponent id; missing for a bye"),
    Column(COLOUR, "str", required=False, nullable=True, doc='"w", "b" or missing'),
    Column(POINTS, "float", doc="points awarded"),
    Column(KIND, "str", doc="how the round was decided, one of KINDS"),
    Column(RATING, "float", required=False, nullable=True, doc="the player's rating"),
)
PLAYER_COLUMNS = (
    Column(EVENT, "key"),
    Column(PLAYER, "key"),
    Column(RATING, "float", required=False, nullable=True),
)
EVENT_COLUMNS = (
    Column(EVENT, "key"),
    Column(DATE, "datetime", required=False, nullable=True),
    Column(ROUNDS, "int", required=False, nullable=True),
    Column(TYPE, "str", required=False, nullable=True),
)
