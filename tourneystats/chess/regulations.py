"""What a tournament's regulations choose around the tie-breaks: their order (declared by a TRF
``212``/``202`` record), withdrawn players, Buchholz in round robins.

Withdrawn players
-----------------
The data say nothing about a withdrawal; C.07 (2026) 16.1.1 only says that "any round after a
participant withdraws is a zero-point-bye". So a player is *withdrawn* when every round from some
round to his event's last round is an absence (``zpb``: TRF ``Z``, ``-`` or a missing round) or,
in a round robin, a forfeit loss (the FIDE Tournament Rules write a withdrawn player's remaining
round-robin games as forfeits). An expelled player looks the same. A zero-point bye requested for
the last round cannot be told from a withdrawal: such a player counts as withdrawn too.

``withdrawn=`` of :func:`tourneystats.chess.standings`:

``"keep"`` (default)
    Every player is in the table.
``"leave_out"``
    Withdrawn players are left out of the table (the others are ranked without them); their
    games still count for their opponents.
``"fide"``
    The FIDE Tournament Rules (FIDE Handbook C.06, "FIDE Tournament Rules", 1986, amended to
    2011, art. V.4 and V.5; the same rule is in the current FIDE General Regulations for
    Competitions): in a round robin, a player who withdraws or is expelled having "completed less
    than 50% of his games" keeps his results in the crosstable for rating, "but the points scored
    by him or against him are not counted in the final standings": he is left out of the table
    and his games (played or forfeited) leave his opponents' records, as if those rounds did not
    exist for them (Koya's maximum score counts the rounds left). A round-robin player who
    completed at least half of his games, and every withdrawn Swiss player, stay (V.5: "the points
    scored by him and by his opponents shall remain in the cross-table for ranking purposes").
    His games *completed* are his games played over the board; *his games* are his rounds other
    than pairing-allocated or full-point byes.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import cast

import numpy as np
import pandas as pd

from ..core.schema import EVENT, PTS, ValidationError
from .codes import BUCHHOLZ_FAMILY, TieBreak, parse_tiebreak
from .grid import _Grid
from .kinds import K_FL, K_FPB, K_NONE, K_PAB, K_PLAYED, K_ZPB, TIEBREAK_ORDER, _is
from .ratings import _unrated_option

#: the tie-breaks when neither the call nor the events give any
DEFAULT_TIEBREAKS = ("BH/C1", "BH", "SB")
WITHDRAWN = ("keep", "leave_out", "fide")


@dataclass(frozen=True)
class _Options:
    """The options of the standings besides the tie-breaks, the rule sets and the round robins
    (see :func:`tourneystats.chess.standings`), checked."""

    points: str | Mapping[str, float] | None = None
    planned_rounds: int | Mapping | None = None
    ratings: str = "first"
    unrated: str | float = "leave_out"
    withdrawn: str = "keep"
    allow_buchholz_in_round_robins: bool = False

    def __post_init__(self) -> None:
        if self.ratings not in ("first", "per_round"):
            raise ValueError(f"ratings must be 'first' or 'per_round', got {self.ratings!r}")
        object.__setattr__(self, "unrated", _unrated_option(self.unrated))
        if self.withdrawn not in WITHDRAWN:
            raise ValueError(f"withdrawn must be one of {WITHDRAWN}, got {self.withdrawn!r}")

    def grid(self) -> dict:
        """The options that shape the grid (for :func:`~tourneystats.chess.grid._build_grid`)."""
        return dict(points=self.points, planned_rounds=self.planned_rounds, ratings=self.ratings)


# --- the order of the tie-breaks -----------------------------------------------------------------


def _parse_list(tiebreaks: Sequence[str | TieBreak] | str | TieBreak | None) -> list[TieBreak]:
    """The tie-breaks to compute, parsed (PTS left out: it always comes first); no duplicates."""
    if tiebreaks is None:
        tiebreaks = DEFAULT_TIEBREAKS
    if isinstance(tiebreaks, str | TieBreak):
        tiebreaks = [tiebreaks]
    parsed = [parse_tiebreak(t) for t in tiebreaks]
    parsed = [t for t in parsed if t.name != PTS]
    codes = [t.code for t in parsed]
    dup = sorted({c for c in codes if codes.count(c) > 1})
    if dup:
        raise ValueError(f"tie-break(s) listed twice: {dup}")
    return parsed


def _declared_orders(
    tiebreaks: Sequence[str] | str | None, events: pd.DataFrame | None, results: pd.DataFrame
) -> list[tuple[Sequence[str] | str | None, list | None]]:
    """The tie-break orders to compute: ``[(order, events or None)]``. `tiebreaks` when given;
    else the order each event declares (the ``tiebreaks`` column of `events`, a TRF
    ``212``/``202`` record), :data:`DEFAULT_TIEBREAKS` for the others; one entry per distinct
    order (None: every event)."""
    if tiebreaks is not None:
        return [(tiebreaks, None)]
    if events is None or TIEBREAK_ORDER not in events.columns:
        return [(DEFAULT_TIEBREAKS, None)]
    declared = events.set_index(events[EVENT].astype(object))[TIEBREAK_ORDER].dropna()
    present = pd.unique(results[EVENT].astype(object).to_numpy())
    text = pd.Series(",".join(DEFAULT_TIEBREAKS), index=pd.Index(present, dtype=object))
    found = declared.reindex(text.index)
    text = found.where(found.notna(), text).astype(str)
    orders: list[tuple[Sequence[str] | str | None, list | None]] = []
    for order, labels in text.groupby(text, sort=False).groups.items():
        codes = [c.strip() for c in cast(str, order).split(",") if c.strip()]
        try:
            [parse_tiebreak(c) for c in codes]
        except ValueError as exc:
            raise ValidationError(
                f"events: the tie-breaks of event(s) {list(labels)[:5]}: {exc}"
            ) from None
        orders.append((codes, list(labels)))
    return orders if len(orders) > 1 else [(orders[0][0], None)]


def _criteria_directions(tiebreaks: Sequence[TieBreak]) -> list[bool]:
    """Whether each criterion (PTS, then the tie-breaks) ranks its lower values first."""
    return [False, *(t.ascending for t in tiebreaks)]


# --- Buchholz in round robins --------------------------------------------------------------------


def _check_buchholz(grid: _Grid, tiebreaks: Sequence[TieBreak], allow: bool) -> None:
    """Refuse (or, when allowed, warn about) Buchholz tie-breaks asked for round robins whose
    rule set forbids them (C.07 2026, art. 8 note: "must not be used in round-robins")."""
    named = [t.code for t in tiebreaks if t.name in BUCHHOLZ_FAMILY]
    if not named or not grid.rr.any():
        return
    forbidden = np.array([not r.buchholz_in_round_robins for r in grid.rule_sets])[grid.rule]
    forbidden &= grid.rr
    if not forbidden.any():
        return
    events = grid.event_index[np.unique(grid.player_event[forbidden])].tolist()
    message = (
        f"{', '.join(named)}: the Buchholz tie-breaks must not be used in round robins (C.07 "
        f"2026, art. 8 note), and {len(events)} event(s) are round robins: {events[:5]}"
    )
    if not allow:
        raise ValueError(
            message + "; leave them out of the tie-breaks (--tiebreaks), or, in Python, pass "
            "allow_buchholz_in_round_robins=True to compute them anyway"
        )
    warnings.warn(
        message + " (computed as asked: allow_buchholz_in_round_robins=True)", stacklevel=4
    )


# --- withdrawn players ---------------------------------------------------------------------------


def _withdrawn(grid: _Grid) -> np.ndarray:
    """Whether each player withdrew: every round from some round to his event's last one is an
    absence (in a round robin, or a forfeit loss)."""
    absent = grid.kind == K_ZPB
    absent |= grid.rr[:, None] & (grid.kind == K_FL)
    present = ~absent & (grid.kind != K_NONE)
    rnum = np.arange(grid.shape[1])
    last_present = np.where(present, rnum[None, :], -1).max(axis=1)
    return last_present < grid.n_rounds - 1


def _apply_withdrawn(grid: _Grid, withdrawn: str) -> np.ndarray:
    """The players shown in the table under `withdrawn` (see the module documentation); with
    ``"fide"`` the games of the round-robin players taken out leave their opponents' records
    (the grid is changed in place)."""
    if withdrawn == "keep":
        return np.ones(grid.shape[0], dtype=bool)
    gone = _withdrawn(grid)
    if withdrawn == "leave_out":
        return ~gone
    kind = grid.kind
    completed = (kind == K_PLAYED).sum(axis=1)
    scheduled = ((kind != K_NONE) & ~_is(kind, 1 << K_PAB | 1 << K_FPB)).sum(axis=1)
    out = gone & grid.rr & (2 * completed < scheduled)
    if out.any():
        _take_out(grid, out)
    return ~out


def _take_out(grid: _Grid, out: np.ndarray) -> None:
    """Remove the rounds against the players `out` from their opponents' records, in place; the
    maximum score of Koya then counts the rounds left (the fewest of the event's players)."""
    against = (grid.opp >= 0) & np.take(out, np.where(grid.opp >= 0, grid.opp, 0))
    against |= out[:, None] & (grid.kind != K_NONE)
    grid.kind[against] = K_NONE
    grid.points[against] = 0.0
    if grid.result is not grid.points:
        grid.result[against] = 0.0
    grid.opp[against] = -1
    lost = against.sum(axis=1)
    most = np.zeros(len(grid.event_index), dtype=np.int64)
    np.maximum.at(most, grid.player_event[~out], lost[~out])
    grid.koya_rounds = grid.n_rounds - np.take(most, grid.player_event)
