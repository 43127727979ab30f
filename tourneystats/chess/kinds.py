"""The data model of chess results: the kinds of rounds, their codes and masks, the columns.

Results are long-format: one row per player per round with ``event, round, player, opponent,
colour, points, kind``; ``kind`` is one of :data:`KINDS`. Internally a kind is a small integer
code (its position in :data:`KINDS`), and a set of kinds is a bit mask tested with ``_is``.

A game in progress (``in_progress``: both players' rows name each other, the points are missing,
or 0) has no result yet: every tie-break leaves it out, as if the round had not been played
(yet), except Fore Buchholz, which counts every paired game of the last round as a draw whatever
its result. A ``played`` row whose points are missing is a game in progress too, so a table
exported during a round needs no special kind.
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
KINDS = ("played", "forfeit_win", "forfeit_loss", "pab", "fpb", "hpb", "zpb", "in_progress")
#: the values of ``colour``
COLOURS = ("w", "b")
K_PLAYED, K_FW, K_FL, K_PAB, K_FPB, K_HPB, K_ZPB, K_LIVE = range(8)
#: the round does not exist for this player (beyond his event's rounds in a stacked archive, or
#: a game taken out of the standings); the counted kinds are the codes below K_LIVE
K_NONE = 8
# sets of kinds as bit masks (bit k = kind code k), tested with _is
_WITH_OPPONENT = 1 << K_PLAYED | 1 << K_FW | 1 << K_FL | 1 << K_LIVE
#: a game needs its opponent; a forfeit may have none (the scheduled opponent is not known)
_NEEDS_OPPONENT = 1 << K_PLAYED | 1 << K_LIVE
_FORFEIT = 1 << K_FW | 1 << K_FL
#: not a VUR: the player was there (a game in progress included)
_AVAILABLE = 1 << K_PLAYED | 1 << K_FW | 1 << K_PAB | 1 << K_FPB | 1 << K_LIVE
_VUR = 1 << K_FL | 1 << K_HPB | 1 << K_ZPB
_BYE_VUR = 1 << K_HPB | 1 << K_ZPB  # VUR without an opponent


def _is(kind: np.ndarray, kinds: int) -> np.ndarray:
    """Whether each kind code is in the bit mask `kinds`."""
    return (np.left_shift(np.uint16(1), kind.astype(np.uint16)) & np.uint16(kinds)) != 0


def _counted(kind: np.ndarray) -> np.ndarray:
    """The rounds that count in the tie-breaks: a result is known (not a game in progress), and
    the round exists for the player."""
    return kind < K_LIVE


RESULT_COLUMNS = (
    Column(EVENT, "key", doc="event id"),
    Column(ROUND, "int", doc="round number, 1-based"),
    Column(PLAYER, "key", doc="player id (TRF start rank)"),
    Column(OPPONENT, "key", required=False, nullable=True, doc="opponent id; missing for a bye"),
    Column(COLOUR, "str", required=False, nullable=True, doc='"w", "b" or missing'),
    Column(POINTS, "float", nullable=True, doc="points awarded; missing for a game in progress"),
    Column(KIND, "str", doc="how the round was decided, one of KINDS"),
    Column(RATING, "float", required=False, nullable=True, doc="the player's rating"),
)
#: ``events`` columns: the point system of each event (text, as
#: :func:`tourneystats.chess.points.point_system_text` writes it; TRF ``162``) and the tie-breaks
#: it declares (comma-separated codes; TRF ``212``/``202``)
POINT_SYSTEM = "point_system"
TIEBREAK_ORDER = "tiebreaks"
#: ``events`` column: the program that wrote the event's file (a preset's name, e.g.
#: ``"chessmanager"``), whose rule sets ``rules="auto"`` applies (:data:`~tourneystats.chess.PRESETS`)
PROGRAM = "program"
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
    Column(POINT_SYSTEM, "str", required=False, nullable=True),
    Column(TIEBREAK_ORDER, "str", required=False, nullable=True),
    Column(PROGRAM, "str", required=False, nullable=True),
)
