"""The tie-break engine: tie-break codes, and every tie-break computed on one stacked grid.

Each tie-break is a handful of numpy operations over the whole grid (all players of all events x
rounds): ``np.sort``/``np.lexsort`` along rounds for cuts and medians, ``np.cumsum`` for
progressive scores, fancy indexing by opponent for opponents' scores and ``np.bincount`` for sums
over groups. The engine caches what several tie-breaks share (opponents' scores, BH, ARO, TPR).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from .encounter import direct_encounter
from .grid import _Grid
from .kinds import _AVAILABLE, K_NONE, K_PLAYED, _is
from .ratings import _aro, _opp_ratings, _opponent_mean, _performance
from .rules import _RULE_NAMES
from .scores import _cut, _fore, _Rounds, _scores

# --- tie-break codes -----------------------------------------------------------------------------

#: the supported tie-break acronyms
TIEBREAKS = (
    "PTS", "BH", "SB", "FB", "AOB", "KS", "PS", "CUM", "ARO", "TPR", "PTP", "APRO", "APPO",
    "WIN", "WON", "BPG", "BWG", "REP", "GE", "DE",
)  # fmt: skip
_CUTTABLE = {"BH": "CM", "SB": "CM", "FB": "CM", "ARO": "CM", "PS": "C"}
_CODE = re.compile(r"^\s*([A-Za-z]+)\s*(?:[/-]\s*([CcMm])\s*(\d+))?\s*$")


@dataclass(frozen=True)
class TieBreak:
    """A parsed tie-break code such as ``"BH/C1"``.

    Attributes
    ----------
    code : str
        The canonical code (column name), e.g. ``"BH/C1"``.
    name : str
        The acronym, e.g. ``"BH"``.
    low, high : int
        How many lowest / highest contributions are cut (``/Cn``: low=n; ``/Mn``: low=high=n).
    """

    code: str
    name: str
    low: int = 0
    high: int = 0


def parse_tiebreak(code: str | TieBreak) -> TieBreak:
    """Parse a tie-break code (``"BH"``, ``"BH/C1"``, ``"BH/M1"``, ``"ARO/C2"``, ...).

    Raises
    ------
    ValueError
        For an unknown acronym or a modifier the tie-break does not take.

    Examples
    --------
    >>> parse_tiebreak("bh/c2")
    TieBreak(code='BH/C2', name='BH', low=2, high=0)
    >>> parse_tiebreak("BH/M1").high
    1
    >>> parse_tiebreak("XYZ")
    Traceback (most recent call last):
    ...
    ValueError: unknown tie-break 'XYZ'; known: PTS, BH, SB, FB, AOB, KS, PS, CUM, ARO, TPR, ...
    """
    if isinstance(code, TieBreak):
        return code
    match = _CODE.match(str(code))
    name = match.group(1).upper() if match else None
    if name not in TIEBREAKS:
        known = ", ".join(TIEBREAKS[:10])
        raise ValueError(f"unknown tie-break {code!r}; known: {known}, ...")
    if name == "GE":
        name = "REP"
    modifier, count = match.group(2), match.group(3)
    if modifier is None:
        return TieBreak(name, name)
    modifier, n = modifier.upper(), int(count)
    if modifier not in _CUTTABLE.get(name, ""):
        raise ValueError(f"tie-break {name} takes no /{modifier} modifier (in {code!r})")
    if n < 1:
        raise ValueError(f"modifier count must be at least 1 (in {code!r})")
    return TieBreak(f"{name}/{modifier}{n}", name, n, n if modifier == "M" else 0)


# --- the engine ----------------------------------------------------------------------------------


@dataclass
class _Detail:
    """Per-round breakdown of one tie-break (for :func:`explain`)."""

    score: np.ndarray | None
    result: np.ndarray | None
    contrib: np.ndarray
    kept: np.ndarray
    standin: np.ndarray | None


class _Engine:
    """Computes tie-breaks on one grid, caching shared intermediate results."""

    def __init__(self, grid: _Grid):
        self.grid = grid
        self.cache: dict = {}
        self.valid = grid.kind != K_NONE
        self.played = grid.kind == K_PLAYED

    def rounds(self, fore: bool = False) -> _Rounds:
        """Opponents' scores as counted (with every last-round game a draw for `fore`)."""
        key = ("rounds", fore)
        if key not in self.cache:
            g = self.grid
            kind, points = _fore(g) if fore else (g.kind, g.points)
            self.cache[key] = _scores(kind, points, g.opp, g)
        return self.cache[key]

    def value(self, tb: TieBreak) -> np.ndarray:
        """The tie-break's value of every player (cached)."""
        if tb.code not in self.cache:
            self.cache[tb.code] = self.compute(tb)[0]
        return self.cache[tb.code]

    def compute(self, tb: TieBreak) -> tuple[np.ndarray, _Detail | None]:
        """The tie-break's value of every player, and its per-round breakdown (None for the
        tie-breaks without one)."""
        method = _METHODS.get(tb.name)
        if method is None:
            raise ValueError(f"tie-break {tb.code} is computed by standings() only")  # DE
        return method(self, tb)

    # -- points and opponents' scores ---------------------------------------------------------

    def _points(self, tb: TieBreak):
        """PTS: the points."""
        r = self.rounds()
        return r.pts, _Detail(None, None, np.where(r.valid, self.grid.points, 0.0), r.valid, None)

    def _opponents_scores(self, tb: TieBreak):
        """BH, SB, FB and KS: sums over the rounds of the opponents' scores as counted."""
        name = tb.name
        r = self.rounds(fore=name == "FB")
        if name == "SB":
            contrib = r.result * r.score
        elif name == "KS":
            contrib = self._koya(r)
        else:
            contrib = r.score
        contrib = np.where(r.valid, contrib, 0.0)
        kept = _cut(
            r.score, contrib, r.valid, r.vur, tb.low, tb.high, by_score=name in ("BH", "FB")
        )
        value = np.where(kept, contrib, 0.0).sum(axis=1)
        return value, _Detail(r.score, r.result, contrib, kept, r.standin)

    def _koya(self, r: _Rounds) -> np.ndarray:
        """KS contributions: the points scored against opponents with 50 % of the maximum or more."""
        g = self.grid
        limit = 0.5 * g.n_rounds[:, None] - 1e-9
        # adjusted: opponents' (and own, for unplayed rounds) adjusted scores; FIDE rule
        # sets: games against real opponents (forfeits included) whose final score
        # reaches the limit, byes and absences counting nothing (as the TEC program)
        fide = g.rule != _RULE_NAMES.index("adjusted")
        if not fide.all():
            adjusted = np.where(r.score >= limit, r.result, 0.0)
        if fide.any():
            safe = np.where(g.opp >= 0, g.opp, 0)
            strong = (g.opp >= 0) & (np.take(r.pts, safe) >= limit)
            by_fide = np.where(strong, g.points, 0.0)
        if fide.all():
            return by_fide
        if not fide.any():
            return adjusted
        return np.where(fide[:, None], by_fide, adjusted)

    def _average_buchholz(self, tb: TieBreak):
        """AOB: the average BH of the opponents met over the board."""
        bh = self.value(TieBreak("BH", "BH"))
        # no game over the board: 0, as the FIDE-endorsed programs publish it
        return np.nan_to_num(_opponent_mean(self.grid, self.played, bh, digits=None), nan=0.0), None

    # -- progressive scores and counts --------------------------------------------------------

    def _progressive(self, tb: TieBreak):
        """PS (the running score after each round) and CUM (the same less the points won
        without playing)."""
        pts = np.where(self.valid, self.grid.points, 0.0)
        running = np.cumsum(pts, axis=1)
        kept = _cut(running, running, self.valid, None, tb.low, 0, by_score=True)
        contrib = running.copy()
        if tb.name == "CUM":
            contrib = contrib - np.where(self.valid & ~self.played, pts, 0.0)
        contrib = np.where(self.valid, contrib, 0.0)
        value = np.where(kept, contrib, 0.0).sum(axis=1)
        return value, _Detail(None, pts, contrib, kept, None)

    def _count(self, tb: TieBreak):
        """WIN, WON, BPG, BWG and REP: how many rounds of a kind."""
        g = self.grid
        win = self.valid & (g.points == 1.0)
        black = self.played & (g.colour == 2)
        name = tb.name
        if name == "WIN":
            flag = win
        elif name == "WON":
            flag = win & self.played
        elif name == "BPG":
            flag = black
        elif name == "BWG":
            flag = black & (g.points == 1.0)
        else:  # REP
            flag = self.valid & _is(g.kind, _AVAILABLE)
        contrib = flag.astype(np.float64)
        return contrib.sum(axis=1), _Detail(None, g.points, contrib, self.valid, None)

    # -- ratings ------------------------------------------------------------------------------

    def _aro(self, tb: TieBreak):
        """ARO: the average rating of the opponents met over the board."""
        ratings, rated = _opp_ratings(self.grid, self.played)
        value, contrib, kept = _aro(ratings, rated, tb.low, tb.high)
        return value, _Detail(ratings, self.grid.points, contrib, kept, None)

    def _performance(self) -> tuple[np.ndarray, np.ndarray]:
        """TPR and PTP of every player (cached)."""
        if "perf" not in self.cache:
            aro = self.value(TieBreak("ARO", "ARO"))
            self.cache["perf"] = _performance(self.grid, self.played, aro)
        return self.cache["perf"]

    def _tpr(self, tb: TieBreak):
        """TPR: tournament performance rating."""
        return self._performance()[0], None

    def _ptp(self, tb: TieBreak):
        """PTP: perfect tournament performance."""
        return self._performance()[1], None

    def _apro(self, tb: TieBreak):
        """APRO: the average TPR of the opponents."""
        return _opponent_mean(self.grid, self.played, self._performance()[0], digits=0), None

    def _appo(self, tb: TieBreak):
        """APPO: the average PTP of the opponents."""
        return _opponent_mean(self.grid, self.played, self._performance()[1], digits=0), None

    # -- direct encounter ---------------------------------------------------------------------

    def direct_encounter(self, group: np.ndarray) -> np.ndarray:
        """DE value of every player within his tie group `group` (see :func:`direct_encounter`)."""
        return direct_encounter(self.grid, self.played, group)


#: the engine's method computing each tie-break (DE is computed by the standings)
_METHODS = {
    "PTS": _Engine._points,
    **dict.fromkeys(("BH", "SB", "FB", "KS"), _Engine._opponents_scores),
    "AOB": _Engine._average_buchholz,
    **dict.fromkeys(("PS", "CUM"), _Engine._progressive),
    **dict.fromkeys(("WIN", "WON", "BPG", "BWG", "REP"), _Engine._count),
    "ARO": _Engine._aro,
    "TPR": _Engine._tpr,
    "PTP": _Engine._ptp,
    "APRO": _Engine._apro,
    "APPO": _Engine._appo,
}
