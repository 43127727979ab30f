"""Duplicate bridge scoring: matchpoints, Neuberg, IMPs, victory points, Butler, team matches.

Every function takes long-format frames holding any number of sessions at once and computes them
with integer codes, one sort and ``np.bincount`` scatter-adds: there is no Python loop over
sessions, boards or pairs.

Data model
----------
**Pairs traveller frame**, one row per result of a board (a traveller line):

- ``event`` (a session), ``section`` (optional; ``"A"`` when missing), ``round`` (optional),
  ``board``, ``ns_pair``, ``ew_pair``;
- ``ns_score``: the score signed from North-South's side (``-50`` when NS went one down), missing
  for an artificial result;
- ``artificial`` (optional): missing for a real result, else a code ``"A"`` + NS percent + EW
  percent, two digits each: ``"A6040"`` is average-plus to NS and average-minus to EW,
  ``"A5050"`` average to both, ``"A4060"``, ``"A4040"``, ``"A6060"``. The nominal 60/50/40 are
  average-plus/average/average-minus and score the configured percentages
  (``artificial_percent``, default 60/50/40 % of the top); any other two-digit number is taken
  literally as a percentage;
- optional ``contract``, ``declarer``, ``tricks``, ``lead`` and any other columns are carried
  through.

Pair ids identify a pair within its section: in a **Mitchell** the North-South and East-West
pairs form two lines that are ranked separately, and NS pair 1 and EW pair 1 are different pairs;
in a **Howell** every pair sits NS on some boards and EW on others and all pairs form one field.
With ``movement=None`` the movement of each (event, section) is read from the data: it is a
Howell when some pair id appears in both directions but never in both directions on the same
board, otherwise a Mitchell (disjoint NS and EW ids, or the same numbers used for both lines).

**Team results frame**, one row per table result: ``event``, ``round`` (optional), ``board``,
``home_team``, ``visit_team``, ``table``, ``home_side`` (``"NS"`` or ``"EW"``, where the home team
sat at that table) and ``ns_score``. A match is (event, round, home_team, visit_team); on each
board the home team's net score is the sum over its two tables of the NS score where it sat NS
and minus the NS score where it sat EW, and the home team scores ``imps(net)``.

Rules
-----
- **Matchpoints** per (event, section, board): a result scores 2 per other result it beats and 1
  per tie (top ``2 (n - 1)``); on the half scale 1 and 1/2 (top ``n - 1``). EW scores
  ``top - NS``. Percentage = MP / top x 100.
- **Neuberg**: artificial results are taken out of the comparison; when a board has ``n``
  comparable results and the section's largest number of results on a board is ``N``, a real
  result's MP ``M`` becomes ``(M + 1) N / n - 1`` (half scale ``(M + 1/2) N / n - 1/2``) and the
  top is the section's top. Artificial results score their percentage of that top.
- **Session result**: per pair, the sum of its MP over the boards it played, the sum of those
  boards' tops, percentage = MP / top x 100, ranked by percentage within the line (Mitchell) or
  the field (Howell), exact ties sharing a place.
- **IMPs**: the WBF table, vectorised with ``np.searchsorted``.
- **Victory points**: the WBF 2013 continuous scale, rounded to 0.01 with the concavity
  correction, see :func:`victory_points`.
- **Butler**: per board a datum = mean of the real scores after dropping the ``k`` highest and
  ``k`` lowest (or the median), rounded to the nearest 10 (a mean ending in exactly 5 rounds away
  from zero); NS scores ``imps(score - datum)``, EW the opposite. **Cross-IMPs**: each result
  against every other real result of the board, summed and divided by ``n - 1``. Artificial
  results score +3 / 0 / -3 IMPs for average-plus / average / average-minus (Law 12C).
"""

from __future__ import annotations

import math
import os
import re
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

import numpy as np
import pandas as pd

from ..core.ranking import competition_rank
from ..core.schema import (
    ARTIFICIAL,
    BEST,
    BOARD,
    BOARDS,
    CONTRIBUTION,
    DATE,
    DATUM,
    DIRECTION,
    EVENT,
    EW_IMPS,
    EW_MP,
    EW_PAIR,
    EW_PERCENTAGE,
    HOME_IMPS,
    HOME_NET,
    HOME_SIDE,
    HOME_TEAM,
    HOME_VP,
    IMPS,
    IMPS_AGAINST,
    IMPS_FOR,
    LINE,
    MATCHES,
    MOVEMENT,
    MP,
    NS_IMPS,
    NS_MP,
    NS_PAIR,
    NS_PERCENTAGE,
    NS_SCORE,
    OPPONENT,
    PAIR,
    PERCENTAGE,
    RANK,
    RAW_MP,
    ROUND,
    SCORE,
    SEASON,
    SECTION,
    SESSIONS,
    TABLE,
    TEAM,
    TOP,
    VISIT_IMPS,
    VISIT_TEAM,
    VISIT_VP,
    VP,
    Column,
    ValidationError,
    fail_rows,
    validate,
)
from .contract import DEFAULT_SECTION, rename_clashing_events

__all__ = [
    "IMP_BOUNDS",
    "ButlerRules",
    "MatchpointRules",
    "Results",
    "board_imps",
    "butler",
    "cross_imps",
    "explain",
    "history_from_path",
    "imp_standings",
    "imps",
    "matchpoints",
    "movements",
    "pair_scores",
    "read_results",
    "season_history",
    "season_summary",
    "session_standings",
    "standings_from_path",
    "team_matches",
    "team_standings",
    "team_standings_from_path",
    "victory_points",
]

NS, EW = "NS", "EW"
MITCHELL, HOWELL = "mitchell", "howell"
#: the ``line`` of every pair of a Howell (one field); Mitchell lines are ``"NS"`` and ``"EW"``
FIELD = "all"

#: lower bounds of the WBF IMP table: a difference of at least ``IMP_BOUNDS[k]`` points is worth
#: at least ``k + 1`` IMPs (0-10 -> 0, 20-40 -> 1, 50-80 -> 2, ..., 3500-3990 -> 23, 4000+ -> 24)
IMP_BOUNDS = np.array(
    [20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750,
     2000, 2250, 2500, 3000, 3500, 4000],
    dtype=np.int64,
)  # fmt: skip

_ARTIFICIAL_RE = re.compile(r"^A(\d\d)(\d\d)$")

# --- rules ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MatchpointRules:
    """How matchpoints are scored.

    Parameters
    ----------
    scale : {"full", "half"}
        ``"full"``: 2 per result beaten and 1 per tie (top ``2 (n - 1)``); ``"half"``: 1 and 1/2
        (top ``n - 1``).
    artificial_percent : tuple of 3 floats
        Percent of the top scored by average-plus, average and average-minus (the nominal 60, 50
        and 40 of an artificial code).
    artificial_codes : tuple of (code, ns_percent, ew_percent)
        Explicit percentages for whole codes, overriding the parse.

    Examples
    --------
    >>> MatchpointRules.make(scale="half", artificial_percent={"A6040": (65, 35)}).artificial_codes
    (('A6040', 65.0, 35.0),)
    """

    scale: str = "full"
    artificial_percent: tuple[float, float, float] = (60.0, 50.0, 40.0)
    artificial_codes: tuple[tuple[str, float, float], ...] = ()

    def __post_init__(self) -> None:
        if self.scale not in ("full", "half"):
            raise ValueError(f"scale must be 'full' or 'half', got {self.scale!r}")
        values = [*self.artificial_percent] + [v for c in self.artificial_codes for v in c[1:]]
        if len(self.artificial_percent) != 3 or not all(0 <= v <= 100 for v in values):
            raise ValueError("artificial percentages must be three numbers in 0..100")

    @classmethod
    def make(
        cls,
        *,
        scale: str = "full",
        artificial_percent: Sequence[float] | Mapping[str, Sequence[float]] = (60, 50, 40),
    ) -> MatchpointRules:
        """Rules from the keyword options of the public functions.

        `artificial_percent` is either ``(plus, average, minus)`` or a mapping of artificial codes
        to ``(ns_percent, ew_percent)`` (codes it does not list use 60/50/40).
        """
        if isinstance(artificial_percent, Mapping):
            codes = tuple(
                (str(k).strip().upper(), float(v[0]), float(v[1]))
                for k, v in artificial_percent.items()
            )
            return cls(scale=scale, artificial_codes=codes)
        plus, avg, minus = (float(v) for v in artificial_percent)
        return cls(scale=scale, artificial_percent=(plus, avg, minus))


@dataclass(frozen=True)
class ButlerRules:
    """How a Butler datum is formed and artificial results are scored in IMPs.

    Parameters
    ----------
    drop : int, float or "median"
        An integer ``k >= 0``: drop the ``k`` highest and ``k`` lowest real scores of the board
        before averaging (never so many that nothing is left: at most ``(n - 1) // 2``). A float
        in ``[0, 0.5)``: drop ``floor(drop * n)`` at each end. ``"median"``: the median score.
    round_to : int
        The datum is rounded to the nearest multiple of this. A mean exactly halfway (ending in
        5 with the default 10) rounds away from zero: 25 -> 30, -25 -> -30. Published
        descriptions of Butler scoring say only "rounded to the nearest 10" and the real
        Compscore file in the tests has no board with such a tie, so this is a choice: the
        common schoolbook rule, symmetric between the lines (unlike rounding ties up, the datum
        seen from EW is exactly minus NS's, so NS and EW IMPs stay opposite), computed exactly
        in integers.
    artificial_imps : tuple of 3 floats
        IMPs scored by average-plus, average and average-minus.

    Examples
    --------
    >>> ButlerRules(drop=0.1).drop
    0.1
    """

    drop: int | float | str = 1
    round_to: int = 10
    artificial_imps: tuple[float, float, float] = (3.0, 0.0, -3.0)

    def __post_init__(self) -> None:
        d = self.drop
        ok = (
            d == "median"
            or (isinstance(d, (int, np.integer)) and not isinstance(d, bool) and d >= 0)
            or (isinstance(d, float) and 0 <= d < 0.5)
        )
        if not ok:
            raise ValueError(
                f"drop must be an integer >= 0, a fraction in [0, 0.5) or 'median'; got {d!r}"
            )
        if int(self.round_to) != self.round_to or self.round_to < 1:
            raise ValueError(f"round_to must be a positive integer, got {self.round_to!r}")


# --- IMPs and victory points ---------------------------------------------------------------------


def imps(diff: Any) -> Any:
    """IMPs for point differences, on the WBF table, with the sign of the difference.

    Parameters
    ----------
    diff : number, array-like or pandas.Series
        Differences in points.

    Returns
    -------
    int, numpy.ndarray or pandas.Series
        IMPs (int64; float64 when the input has missing values, which stay missing). A Series
        keeps its index.

    Examples
    --------
    >>> imps(10), imps(20), imps(-2490), imps(2500), imps(4000), imps(9999)
    (0, 1, -20, 21, 24, 24)
    >>> imps([0, 45, 50, -130]).tolist()
    [0, 1, 2, -4]
    """
    if np.isscalar(diff):
        return int(imps(np.array([diff]))[0])
    if isinstance(diff, pd.Series):
        return pd.Series(imps(diff.to_numpy(dtype=np.float64, na_value=np.nan)), index=diff.index)
    values = np.asarray(diff, dtype=np.float64)
    out = np.searchsorted(IMP_BOUNDS, np.abs(values), side="right") * np.sign(values)
    missing = np.isnan(values)
    if missing.any():
        return np.where(missing, np.nan, out)
    return out.astype(np.int64)


@lru_cache(maxsize=256)
def _vp_table(boards: int) -> np.ndarray:
    """VP of the winner for margins 0, 1, ..., up to the blitz, rounded and concavity-corrected."""
    tau = (math.sqrt(5.0) - 1.0) / 2.0
    blitz = 15.0 * math.sqrt(boards)
    margins = np.arange(int(math.ceil(blitz)) + 2, dtype=np.float64)
    raw = np.minimum(20.0, 10.0 + 10.0 * (1.0 - tau ** (3.0 * margins / blitz)) / (1.0 - tau**3))
    # work in hundredths (integers) so the correction is exact
    vp = np.rint(raw * 100.0).astype(np.int64)
    i = 1
    while i < vp.size - 1:  # over the IMP margins of one scale (cached), not over rows
        if vp[i + 1] - vp[i] > vp[i] - vp[i - 1]:
            vp[i] += 1  # raising V(i) can make the step into it too big: look back one
            i = max(i - 1, 1)
        else:
            i += 1
    return vp / 100.0


def victory_points(imps: Any, boards: Any) -> Any:
    """Victory points of a team on the WBF 2013 continuous scale (0-20, 0.01 steps).

    With ``tau = (sqrt(5) - 1) / 2`` and the blitz ``X = 15 sqrt(boards)``, a win by ``I`` IMPs
    scores ``min(20, 10 + 10 (1 - tau^(3 I / X)) / (1 - tau^3))`` rounded to 0.01; then, from
    the smallest margin up, a value whose next step would be larger than its previous step is
    raised by 0.01, looking back after each raise until no step exceeds the one before (the WBF
    concavity correction: every extra IMP is worth no more than the one before). The loser
    scores ``20 - VP``. A fractional margin is interpolated linearly between the two whole
    margins around it (and rounded to 0.01).

    Parameters
    ----------
    imps : number, array-like or pandas.Series
        The team's IMP margin (its IMPs minus the opponents'), negative for a loss.
    boards : int or array-like of int
        Boards in the match.

    Returns
    -------
    float, numpy.ndarray or pandas.Series

    Examples
    --------
    >>> [victory_points(i, 16) for i in (0, 1, 2, 3, 4, 5, 10, 20)]
    [10.0, 10.31, 10.61, 10.91, 11.2, 11.48, 12.8, 15.0]
    >>> victory_points(-20, 16), victory_points(14, 16), victory_points(99, 16)
    (5.0, 13.75, 20.0)
    """
    if np.isscalar(imps) and np.isscalar(boards):
        return float(victory_points(np.array([imps]), np.array([boards]))[0])
    if isinstance(imps, pd.Series):
        margins = imps.to_numpy(dtype=np.float64, na_value=np.nan)
        return pd.Series(victory_points(margins, boards), index=imps.index)
    margins = np.asarray(imps, dtype=np.float64).reshape(-1)
    nboards = np.broadcast_to(np.asarray(boards), margins.shape)
    bvals = pd.to_numeric(pd.Series(nboards.reshape(-1)), errors="coerce").to_numpy(np.float64)
    if np.isnan(bvals).any() or (bvals < 1).any() or (bvals != np.floor(bvals)).any():
        raise ValueError("boards must be positive whole numbers")
    out = np.full(margins.shape, np.nan)
    size = np.abs(margins)
    for b in np.unique(bvals).astype(np.int64):  # one table per distinct match length
        table = _vp_table(int(b))
        sel = (bvals == b) & ~np.isnan(size)
        m = np.minimum(size[sel], table.size - 1)
        lo = np.floor(m).astype(np.int64)
        hi = np.minimum(lo + 1, table.size - 1)
        frac = m - lo
        out[sel] = np.round(table[lo] + frac * (table[hi] - table[lo]), 2)
    return np.where(margins < 0, np.round(20.0 - out, 2), out)


# --- artificial codes ----------------------------------------------------------------------------


def _parse_codes(codes: Sequence[Any]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Nominal (ns, ew) percentages of artificial codes, and a mask of unreadable codes."""
    ns = np.full(len(codes), np.nan)
    ew = np.full(len(codes), np.nan)
    bad = np.zeros(len(codes), dtype=bool)
    for i, code in enumerate(codes):  # distinct codes only (a handful)
        m = _ARTIFICIAL_RE.match(str(code).strip().upper())
        if m:
            ns[i], ew[i] = float(m.group(1)), float(m.group(2))
        else:
            bad[i] = True
    return ns, ew, bad


def _nominal_to(values: np.ndarray, mapped: Sequence[float], literal: bool) -> np.ndarray:
    """Replace nominal 60/50/40 by `mapped`; other values literally or NaN."""
    out = values.copy() if literal else np.full(values.shape, np.nan)
    for nominal, value in zip((60.0, 50.0, 40.0), mapped, strict=True):
        out[values == nominal] = value
    return out


# --- validation and preparation ------------------------------------------------------------------

_PAIRS_SPEC = (
    Column(EVENT, "key", doc="session"),
    Column(SECTION, "key", required=False, doc="section of the session"),
    Column(ROUND, "int", required=False, nullable=True, doc="round of the movement"),
    Column(BOARD, "int", doc="board number"),
    Column(NS_PAIR, "key", doc="North-South pair id"),
    Column(EW_PAIR, "key", doc="East-West pair id"),
    Column(NS_SCORE, "int", nullable=True, doc="score from NS's side; missing if artificial"),
    Column(ARTIFICIAL, "key", required=False, nullable=True, doc="artificial code, e.g. A6040"),
)

_TEAMS_SPEC = (
    Column(EVENT, "key"),
    Column(ROUND, "int", required=False, nullable=True),
    Column(BOARD, "int"),
    Column(HOME_TEAM, "key"),
    Column(VISIT_TEAM, "key"),
    Column(TABLE, "key", required=False),
    Column(HOME_SIDE, "key"),
    Column(NS_SCORE, "int", nullable=True),
)


#: how :func:`_dense` codes keys: "auto" (by the size of the key space), or forced to "presence"
#: or "unique" (the tests run every path)
_DENSE_MODE = "auto"


def _dense(*keys: np.ndarray, size: int) -> tuple[list[np.ndarray], np.ndarray]:
    """Codes of the values of the `keys` arrays (ints in [0, size)), and the value of each code.

    A small key space (at most a quarter of the rows) keeps the keys as codes (some codes may
    then be unused); a medium one is compacted through a presence table (no hash, no sort) to
    codes 0..k-1 numbered in increasing order of value; a big one through ``np.unique``."""
    rows = sum(k.size for k in keys)
    mode = _DENSE_MODE
    if mode == "auto" and size <= rows // 4 + 4096:
        return list(keys), np.arange(size)
    if mode == "presence" or (mode == "auto" and size <= 4 * rows + 4096):
        present = np.zeros(size, dtype=bool)
        for key in keys:
            present[key] = True
        values = np.flatnonzero(present)
        remap = np.cumsum(present, dtype=np.int64)
        remap -= 1
        return [remap[key] for key in keys], values
    values, codes = np.unique(np.concatenate(keys), return_inverse=True)
    codes = codes.reshape(-1)
    bounds = np.cumsum([0, *(k.size for k in keys)])
    return [codes[a:b] for a, b in zip(bounds[:-1], bounds[1:], strict=True)], values


def _int_codes(values: pd.Series) -> tuple[np.ndarray, int, int] | None:
    """(value - min, min, max) of an integer column without missing values, else None."""
    if not pd.api.types.is_integer_dtype(values.dtype) or values.hasnans or values.empty:
        return None
    arr = values.to_numpy(dtype=np.int64)
    lo, hi = int(arr.min()), int(arr.max())
    return arr - lo, lo, hi


def _codes_of(series: pd.Series) -> tuple[np.ndarray, Any]:
    """Integer codes (-1 for missing) and the labels they index, keeping the labels' dtype."""
    if isinstance(series.dtype, pd.CategoricalDtype):
        cats = series.dtype.categories
        labels = pd.Categorical.from_codes(np.arange(len(cats)), dtype=series.dtype)
        return series.cat.codes.to_numpy().astype(np.int64), labels
    if len(series) and not series.hasnans:
        first = series.iloc[0]
        if bool(series.eq(first).all()):  # a constant column (one section): no hashing
            return np.zeros(len(series), dtype=np.int64), series.iloc[:1].array
    codes, uniques = pd.factorize(series, use_na_sentinel=True)
    return codes.astype(np.int64, copy=False), uniques


class _Record:
    """An attribute bag for the internal intermediate results (cheaper to define than a
    dataclass: the package is imported on every command-line run)."""

    def __init__(self, **fields: Any) -> None:
        self.__dict__.update(fields)


class _Prep(_Record):
    """A validated traveller frame and its integer codes."""

    frame: pd.DataFrame
    n: int
    evsec: np.ndarray  # per row: (event, section) code
    n_evsec: int
    ev_labels: Any  # event labels, indexed by evsec_values // n_sec
    sec_labels: Any
    evsec_values: np.ndarray
    n_sec: int
    g: np.ndarray  # per row: (event, section, board) code, groups ordered by evsec then board
    n_groups: int
    group_evsec: np.ndarray
    real: np.ndarray  # bool per row
    score: np.ndarray  # int64, 0 where artificial
    art_rows: np.ndarray  # rows holding an artificial result
    art_ns: np.ndarray  # their nominal NS and EW percentages
    art_ew: np.ndarray
    art_which: np.ndarray  # their index into art_uniques
    art_uniques: list
    pk_ns: np.ndarray  # per row: (evsec, pair) code of the NS pair
    pk_ew: np.ndarray
    n_pk: int
    pc_labels: Any  # pair ids, indexed by pk_values % n_pc
    pk_values: np.ndarray
    n_pc: int
    pk_evsec: np.ndarray
    howell: np.ndarray  # per evsec

    def event_label(self, evsec: np.ndarray) -> Any:
        return _take(self.ev_labels, self.evsec_values[evsec] // self.n_sec)

    def section_label(self, evsec: np.ndarray) -> Any:
        return _take(self.sec_labels, self.evsec_values[evsec] % self.n_sec)

    def pair_label(self, pk: np.ndarray) -> Any:
        return _take(self.pc_labels, self.pk_values[pk] % self.n_pc)

    def art_code(self) -> np.ndarray:
        """Per row: index into art_uniques, -1 for a real result."""
        out = np.full(self.n, -1, dtype=np.int64)
        out[self.art_rows] = self.art_which
        return out

    def art_full(self, values: np.ndarray) -> np.ndarray:
        """Per row: `values` (one per artificial row) where artificial, NaN elsewhere."""
        out = np.full(self.n, np.nan)
        out[self.art_rows] = values
        return out


def _prepare(results: pd.DataFrame, *, movement: str | None = None) -> _Prep:
    if movement not in (None, MITCHELL, HOWELL):
        raise ValueError(f"movement must be None, 'mitchell' or 'howell'; got {movement!r}")
    frame = validate(results, _PAIRS_SPEC, what="results")
    n = len(frame)

    ev, ev_uniques = _codes_of(frame[EVENT])
    if SECTION in frame.columns:
        sec, sec_uniques = _codes_of(frame[SECTION])
    else:
        sec, sec_uniques = np.zeros(n, dtype=np.int64), np.array([DEFAULT_SECTION], dtype=object)
    n_sec = max(len(sec_uniques), 1)
    if n_sec > 1:
        ev *= n_sec
        ev += sec
    (evsec,), evsec_values = _dense(ev, size=max(len(ev_uniques), 1) * n_sec)
    del ev, sec
    n_evsec = len(evsec_values)

    board = frame[BOARD].to_numpy(dtype=np.int64)
    bmin = int(board.min()) if n else 0
    n_board = int(board.max()) - bmin + 1 if n else 1
    gkey = evsec * n_board
    gkey += board
    gkey -= bmin
    (g,), g_values = _dense(gkey, size=n_evsec * n_board)
    del gkey
    group_evsec = g_values // n_board

    # scores and artificial codes
    score_col = frame[NS_SCORE]
    has_score = score_col.notna().to_numpy()
    score = score_col.to_numpy(dtype=np.int64, na_value=0)
    art_rows = np.zeros(0, dtype=np.int64)
    art_which = np.zeros(0, dtype=np.int64)
    art_uniques: list = []
    if ARTIFICIAL in frame.columns:
        present = np.flatnonzero(frame[ARTIFICIAL].notna().to_numpy())  # few rows: factorize them
        codes, uniq = pd.factorize(frame[ARTIFICIAL].iloc[present])
        art_uniques = [str(u).strip().upper() for u in uniq]
        blank = np.array([u == "" for u in art_uniques], dtype=bool)
        keep = ~blank[codes] if len(codes) else np.zeros(0, dtype=bool)
        art_rows = present[keep]
        art_which = codes[keep].astype(np.int64)
    has_art = np.zeros(n, dtype=bool)
    has_art[art_rows] = True
    if not has_score.all() or len(art_rows):
        fail_rows(frame, has_score & has_art, "a result has both a score and an artificial code")
        fail_rows(
            frame, ~has_score & ~has_art, "a result has neither a score nor an artificial code"
        )
    ns_nom, ew_nom, bad = _parse_codes(art_uniques)
    if bad[art_which].any():
        fail_rows(
            frame,
            np.isin(np.arange(n), art_rows[bad[art_which]]),
            "unreadable artificial code (expected 'A' + NS percent + EW percent, e.g. A6040)",
        )

    # pair ids: (evsec, pair) codes
    ns_ids, ew_ids = frame[NS_PAIR], frame[EW_PAIR]
    ints = (_int_codes(ns_ids), _int_codes(ew_ids))
    if (
        ints[0] is not None
        and ints[1] is not None
        and (max(ints[0][2], ints[1][2]) - min(ints[0][1], ints[1][1]) <= 4 * n + 4096)
    ):
        lo = min(ints[0][1], ints[1][1])
        pc_ns, pc_ew = ints[0][0], ints[1][0]
        pc_ns += ints[0][1] - lo
        pc_ew += ints[1][1] - lo
        n_pc = max(ints[0][2], ints[1][2]) - lo + 1
        pc_labels: Any = np.arange(lo, lo + n_pc)
    else:
        both, pc_labels = pd.factorize(
            pd.concat([ns_ids, ew_ids], ignore_index=True), use_na_sentinel=True
        )
        pc_ns, pc_ew = both[:n].astype(np.int64), both[n:].astype(np.int64)
        n_pc = max(len(pc_labels), 1)
    del ints
    base = evsec * n_pc
    (pk_ns, pk_ew), pk_values = _dense(pc_ns + base, pc_ew + base, size=n_evsec * n_pc)
    del base
    n_pk = len(pk_values)
    pk_evsec = pk_values // n_pc

    if n_pc <= 64:  # few pair ids: one bit per pair, per board
        howell = _movement_bits(frame, g, group_evsec, n_evsec, pc_ns, pc_ew, movement)
    else:
        howell = _movement(
            frame, g, len(g_values), evsec, n_evsec, pk_ns, pk_ew, pk_evsec, movement
        )
    del pc_ns, pc_ew
    return _Prep(
        frame=frame,
        n=n,
        evsec=evsec,
        n_evsec=n_evsec,
        ev_labels=ev_uniques,
        sec_labels=sec_uniques,
        evsec_values=evsec_values,
        n_sec=n_sec,
        g=g,
        n_groups=len(g_values),
        group_evsec=group_evsec,
        real=~has_art,
        score=score,
        art_rows=art_rows,
        art_ns=ns_nom[art_which] if len(art_rows) else np.zeros(0),
        art_ew=ew_nom[art_which] if len(art_rows) else np.zeros(0),
        art_which=art_which,
        art_uniques=art_uniques,
        pk_ns=pk_ns,
        pk_ew=pk_ew,
        n_pk=n_pk,
        pc_labels=pc_labels,
        pk_values=pk_values,
        n_pc=n_pc,
        pk_evsec=pk_evsec,
        howell=howell,
    )


def _movement_bits(
    frame: pd.DataFrame,
    g: np.ndarray,
    group_evsec: np.ndarray,
    n_evsec: int,
    pc_ns: np.ndarray,
    pc_ew: np.ndarray,
    movement: str | None,
) -> np.ndarray:
    """:func:`_movement` for pair codes below 64: the pairs of a board as a 64-bit mask."""
    n_groups = len(group_evsec)
    count = np.bincount(g, minlength=n_groups)
    masks = []
    for pc, column in ((pc_ns, NS_PAIR), (pc_ew, EW_PAIR)):
        mask = np.zeros(n_groups, dtype=np.uint64)
        np.bitwise_or.at(mask, g, np.left_shift(np.uint64(1), pc.astype(np.uint64)))
        dup = np.bitwise_count(mask) < count
        if dup.any():  # find the rows (the slow way, only to report them)
            keys = [c for c in (EVENT, SECTION, BOARD, column) if c in frame.columns]
            rows = frame.duplicated(keys, keep=False).to_numpy() & dup[g]
            fail_rows(frame, rows, f"duplicate {column} on a board")
        masks.append(mask)
    if movement == MITCHELL:
        return np.zeros(n_evsec, dtype=bool)
    ns_mask, ew_mask = masks
    sits_ns = np.zeros(n_evsec, dtype=np.uint64)
    sits_ew = np.zeros(n_evsec, dtype=np.uint64)
    np.bitwise_or.at(sits_ns, group_evsec, ns_mask)
    np.bitwise_or.at(sits_ew, group_evsec, ew_mask)
    overlap = (sits_ns & sits_ew) != 0
    both_ways = (ns_mask & ew_mask) != 0  # per board: a pair on both sides
    return _howell_flags(frame, movement, overlap, group_evsec[both_ways], lambda: both_ways[g])


def _movement(
    frame: pd.DataFrame,
    g: np.ndarray,
    n_groups: int,
    evsec: np.ndarray,
    n_evsec: int,
    pk_ns: np.ndarray,
    pk_ew: np.ndarray,
    pk_evsec: np.ndarray,
    movement: str | None,
) -> np.ndarray:
    """Check one result per pair and direction per board; return the Howell flag per evsec."""
    n_pk = len(pk_evsec)
    # local pair index inside its (event, section): pk codes are sorted by evsec
    first = np.searchsorted(pk_evsec, np.arange(n_evsec), side="left")
    width = int(np.max(np.arange(n_pk) - first[pk_evsec], initial=0)) + 1
    size = n_groups * width
    if size > 64_000_000:  # pragma: no cover - enormous sections only
        key_ns = key_ew = None
        for column in (NS_PAIR, EW_PAIR):
            keys = [c for c in (EVENT, SECTION, BOARD, column) if c in frame.columns]
            dup = frame.duplicated(keys, keep=False).to_numpy()
            fail_rows(frame, dup, f"duplicate {column} on a board")
    else:
        gw = g * width
        gw -= first[evsec]
        key_ns, key_ew = gw + pk_ns, gw + pk_ew
        del gw
        counts_ns = np.bincount(key_ns, minlength=size)
        for key, counts, column in (
            (key_ns, counts_ns, NS_PAIR),
            (key_ew, np.bincount(key_ew, minlength=size), EW_PAIR),
        ):
            if counts.max(initial=0) > 1:
                fail_rows(frame, counts[key] > 1, f"duplicate {column} on a board")
    if movement == MITCHELL:
        return np.zeros(n_evsec, dtype=bool)

    sits_ns = np.bincount(pk_ns, minlength=n_pk) > 0
    sits_ew = np.bincount(pk_ew, minlength=n_pk) > 0
    overlap = np.bincount(pk_evsec, weights=sits_ns & sits_ew, minlength=n_evsec) > 0
    if movement == HOWELL:
        overlap[:] = True
    collide = np.zeros(len(evsec), dtype=bool)
    if overlap.any():
        if key_ns is None:  # pragma: no cover
            key_ns = g.astype(np.int64) * n_pk + pk_ns
            key_ew = g.astype(np.int64) * n_pk + pk_ew
            collide = np.isin(key_ew, key_ns)
        else:
            collide = counts_ns[key_ew] > 0
        if not overlap.all():
            collide &= overlap[evsec]
    return _howell_flags(frame, movement, overlap, evsec[collide], lambda: collide)


def _howell_flags(
    frame: pd.DataFrame,
    movement: str | None,
    overlap: np.ndarray,
    collide_evsec: np.ndarray,
    collide_rows: Any,
) -> np.ndarray:
    """Howell flag per evsec: some pair sits both NS and EW in it (`overlap`) but never on the
    same board (`collide_evsec`: the evsec of each such collision). With movement="howell",
    every evsec, and a collision is an error (`collide_rows()`: the rows to report)."""
    if movement == HOWELL:
        if collide_evsec.size:
            fail_rows(
                frame,
                collide_rows(),
                "movement='howell' but a pair sits both NS and EW on the same board",
            )
        return np.ones(len(overlap), dtype=bool)
    collides = np.zeros(len(overlap), dtype=bool)
    collides[collide_evsec] = True
    return overlap & ~collides


# --- the matchpoint kernel -----------------------------------------------------------------------


class _Ranked(_Record):
    """Every result sorted by board, the board's real results first by score, then its
    artificial ones; with the group boundaries."""

    order: np.ndarray  # row at each position
    key: np.ndarray  # sort key at each position: (2 group + artificial) x span + score - smin
    smin: int
    span: int
    start: np.ndarray  # per group: its first position
    n_real: np.ndarray  # per group: its real results (at start .. start + n_real)
    mp: np.ndarray | None  # per position: full-scale MP among the board's real results

    def score(self) -> np.ndarray:
        """Score at each position (meaningful at real positions)."""
        return self.key % self.span + self.smin


def _rank(p: _Prep, *, with_mp: bool = True) -> _Ranked:
    n = p.n
    total = np.bincount(p.g, minlength=p.n_groups)
    n_real = total - np.bincount(p.g[p.art_rows], minlength=p.n_groups)
    start = np.cumsum(total) - total
    smin = int(p.score.min()) if n else 0
    span = (int(p.score.max()) - smin + 1) if n else 1
    key = p.g * 2
    key[p.art_rows] += 1  # the board's artificial results sort after its real ones
    key *= span
    key += p.score
    key -= smin
    order = np.argsort(key, kind="stable")  # fast on travellers stored board by board
    key = key[order]
    mp = None
    if with_mp and n:
        new = np.empty(n, dtype=bool)
        new[0] = True
        np.not_equal(key[1:], key[:-1], out=new[1:])
        run_start = np.flatnonzero(new)
        run_len = np.diff(run_start, append=n)
        run_group_start = start[key[run_start] // (2 * span)]
        # a run of equal scores beats the results before it (2 each) and ties within itself
        per_run = 2 * (run_start - run_group_start) + run_len - 1
        mp = np.repeat(per_run, run_len)
    return _Ranked(order=order, key=key, smin=smin, span=span, start=start, n_real=n_real, mp=mp)


class _Scored(_Record):
    ns_mp: np.ndarray
    ew_mp: np.ndarray
    top: np.ndarray
    raw_mp: np.ndarray | None  # NS MP before Neuberg (NaN for artificial); detail only
    raw_top: np.ndarray | None  # top among the board's comparable results; detail only
    ns_pct: np.ndarray  # per artificial row: its percentages
    ew_pct: np.ndarray


def _score_matchpoints(p: _Prep, rules: MatchpointRules, *, detail: bool = False) -> _Scored:
    ranked = _rank(p)
    total = np.bincount(p.g, minlength=p.n_groups)  # results per board, artificial included
    n_max_evsec = np.zeros(p.n_evsec, dtype=np.int64)
    np.maximum.at(n_max_evsec, p.group_evsec, total)
    n_max_group = n_max_evsec[p.group_evsec]
    half = rules.scale == "half"
    unit = 0.5 if half else 1.0

    ns_mp = np.empty(p.n)
    if p.n:
        ns_mp[ranked.order] = ranked.mp
    raw = ns_mp.copy() if detail else None
    # Neuberg on the boards with fewer comparable results than the section's largest
    short = np.flatnonzero((ranked.n_real != n_max_group) & (total > 0))
    if short.size:
        is_short = np.zeros(p.n_groups, dtype=bool)
        is_short[short] = True
        rows = np.flatnonzero(is_short[p.g])
        big = n_max_group[p.g[rows]].astype(np.float64)
        small = ranked.n_real[p.g[rows]].astype(np.float64)
        with np.errstate(divide="ignore", invalid="ignore"):
            ns_mp[rows] = (ns_mp[rows] + 1.0) * big / small - 1.0
    top_evsec = 2.0 * (n_max_evsec - 1.0)
    top = top_evsec[p.evsec]
    if half:
        ns_mp *= unit
        top *= unit
    ew_mp = top - ns_mp

    plus, avg, minus = rules.artificial_percent
    ns_pct = _nominal_to(p.art_ns, (plus, avg, minus), literal=True)
    ew_pct = _nominal_to(p.art_ew, (plus, avg, minus), literal=True)
    for code, ns_v, ew_v in rules.artificial_codes:
        if code in p.art_uniques:
            sel = p.art_which == p.art_uniques.index(code)
            ns_pct[sel], ew_pct[sel] = ns_v, ew_v
    art_top = top[p.art_rows]
    ns_mp[p.art_rows] = ns_pct / 100.0 * art_top
    ew_mp[p.art_rows] = ew_pct / 100.0 * art_top

    raw_top = None
    if detail:
        raw *= unit
        raw[p.art_rows] = np.nan
        raw_top = 2.0 * unit * (ranked.n_real[p.g] - 1.0)
    return _Scored(
        ns_mp=ns_mp, ew_mp=ew_mp, top=top, raw_mp=raw, raw_top=raw_top, ns_pct=ns_pct, ew_pct=ew_pct
    )


def _percent(mp: np.ndarray, top: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(top > 0, 100.0 * mp / np.where(top > 0, top, 1.0), np.nan)


def matchpoints(
    results: pd.DataFrame,
    *,
    scale: str = "full",
    artificial_percent: Sequence[float] | Mapping[str, Sequence[float]] = (60, 50, 40),
) -> pd.DataFrame:
    """Matchpoint every result of every board, with Neuberg and artificial scores.

    Parameters
    ----------
    results : pandas.DataFrame
        Pairs traveller frame (see the module docstring): ``event, [section], board, ns_pair,
        ew_pair, ns_score, [artificial]``.
    scale : {"full", "half"}
        ``"full"``: 2 MP per result beaten, 1 per tie; ``"half"``: 1 and 1/2.
    artificial_percent : (plus, average, minus) or mapping
        Percent of the top scored by average-plus/average/average-minus, or a mapping of
        artificial codes to ``(ns_percent, ew_percent)``.

    Returns
    -------
    pandas.DataFrame
        The validated input with ``ns_mp``, ``ew_mp``, ``top``, ``ns_percentage`` and
        ``ew_percentage`` (floats, unrounded) added.

    Examples
    --------
    The source text's board, 9 results on the half scale (top 8):

    >>> df = pd.DataFrame({"event": "club", "board": 1, "ns_pair": range(1, 10),
    ...                    "ew_pair": range(11, 20),
    ...                    "ns_score": [110, 140, 170, 170, 620, 620, 620, 620, 650]})
    >>> matchpoints(df, scale="half")["ns_percentage"].tolist()
    [0.0, 12.5, 31.25, 31.25, 68.75, 68.75, 68.75, 68.75, 100.0]
    >>> matchpoints(df)[["ns_mp", "ew_mp"]].head(3).to_numpy().tolist()
    [[0.0, 16.0], [2.0, 14.0], [5.0, 11.0]]
    """
    rules = MatchpointRules.make(scale=scale, artificial_percent=artificial_percent)
    p = _prepare(results, movement=MITCHELL)
    s = _score_matchpoints(p, rules)
    out = p.frame
    out[NS_MP] = s.ns_mp
    out[EW_MP] = s.ew_mp
    out[TOP] = s.top
    ns_pct, ew_pct = _percent(s.ns_mp, s.top), _percent(s.ew_mp, s.top)
    has_top = s.top[p.art_rows] > 0  # artificial results: exactly their percentage
    ns_pct[p.art_rows] = np.where(has_top, s.ns_pct, np.nan)
    ew_pct[p.art_rows] = np.where(has_top, s.ew_pct, np.nan)
    out[NS_PERCENTAGE] = ns_pct
    out[EW_PERCENTAGE] = ew_pct
    return out


# --- per pair ------------------------------------------------------------------------------------

#: order of the ``line`` values in every output
LINE_DTYPE = pd.CategoricalDtype([NS, EW, FIELD], ordered=True)


def _take(labels: Any, idx: np.ndarray) -> Any:
    """Labels at integer positions, keeping the labels' dtype (categorical, string, int)."""
    if hasattr(labels, "take"):
        return labels.take(idx)
    return np.asarray(labels)[idx]


def _line_of(howell: np.ndarray, ew: np.ndarray) -> pd.Categorical:
    codes = np.where(howell, 2, ew.astype(np.int8))
    return pd.Categorical.from_codes(codes, dtype=LINE_DTYPE)


class _Sides(_Record):
    """Both sides of every result stacked: NS sides first, then EW sides."""

    row: np.ndarray
    ew: np.ndarray
    pk: np.ndarray
    opp: np.ndarray
    line_bit: np.ndarray  # 1 for the EW line of a Mitchell, else 0


def _sides(p: _Prep) -> _Sides:
    n = p.n
    ew = np.zeros(2 * n, dtype=bool)
    ew[n:] = True
    pk = np.concatenate([p.pk_ns, p.pk_ew])
    line_bit = ew & ~p.howell[p.pk_evsec[pk]]
    opp = np.concatenate([p.pk_ew, p.pk_ns])
    return _Sides(row=np.tile(np.arange(n), 2), ew=ew, pk=pk, opp=opp, line_bit=line_bit)


def _entities(p: _Prep) -> tuple[np.ndarray, np.ndarray, dict[str, Any]]:
    """Entity code (a pair in its event, section and line) of the NS and the EW side of every
    row, and the value of each code (``2 pk + 1`` for the EW line of a Mitchell, else ``2 pk``)."""
    ew_key = p.pk_ew * 2
    ew_key += ~p.howell[p.evsec]  # the EW line of a Mitchell
    (ent_ns, ent_ew), values = _dense(p.pk_ns * 2, ew_key, size=2 * max(p.n_pk, 1))
    return ent_ns, ent_ew, values


def _entity_labels(p: _Prep, values: np.ndarray) -> dict[str, Any]:
    pk, bit = values // 2, (values % 2).astype(bool)
    evsec = p.pk_evsec[pk]
    labels = {
        EVENT: p.event_label(evsec),
        SECTION: p.section_label(evsec),
        LINE: _line_of(p.howell[evsec], bit),
        PAIR: p.pair_label(pk),
    }
    return labels


def _per_pair_board(p: _Prep, s: _Scored, *, detail: bool, pair: Any = None) -> pd.DataFrame:
    sides = _sides(p)
    mp = np.concatenate([s.ns_mp, s.ew_mp])
    top = np.concatenate([s.top, s.top])
    keep = slice(None)
    if pair is not None:
        wanted = np.atleast_1d(np.asarray(pair, dtype=object))
        labels = np.asarray(p.pair_label(np.arange(p.n_pk)), dtype=object)
        keep = np.isin(labels, wanted)[sides.pk]
        if not keep.any():
            raise ValidationError(f"results: no pair {pair!r}")
    row, ew, pk, opp, bit = (a[keep] for a in (sides.row, sides.ew, sides.pk, sides.opp,
                                               sides.line_bit))  # fmt: skip
    mp, top = mp[keep], top[keep]
    board = p.frame[BOARD].to_numpy()[row]
    evsec = p.pk_evsec[pk]
    order = np.lexsort((board, pk, bit, evsec))
    row, ew, pk, opp, bit, mp, top, board, evsec = (
        a[order] for a in (row, ew, pk, opp, bit, mp, top, board, evsec)
    )
    real = p.real[row]
    sc = p.score[row]
    out: dict[str, Any] = {
        EVENT: p.event_label(evsec),
        SECTION: p.section_label(evsec),
        LINE: _line_of(p.howell[evsec], bit.astype(bool)),
        PAIR: p.pair_label(pk),
        BOARD: board,
    }
    if ROUND in p.frame.columns:
        out[ROUND] = p.frame[ROUND].array.take(row)
    out[DIRECTION] = np.where(ew, EW, NS)
    out[OPPONENT] = p.pair_label(opp)
    out[SCORE] = pd.arrays.IntegerArray(np.where(ew, -sc, sc), ~real)
    if ARTIFICIAL in p.frame.columns:
        codes = np.array([*p.art_uniques, None], dtype=object)
        out[ARTIFICIAL] = pd.array(codes[p.art_code()[row]], dtype="string")
    out[MP] = mp
    out[TOP] = top
    pct = _percent(mp, top)
    art = ~real & (top > 0)  # artificial results: exactly their percentage
    pct[art] = np.where(ew, p.art_full(s.ew_pct)[row], p.art_full(s.ns_pct)[row])[art]
    out[PERCENTAGE] = pct
    if detail:
        raw = s.raw_mp[row]
        out[RAW_MP] = np.where(real, np.where(ew, s.raw_top[row] - raw, raw), np.nan)
        (ent,), _ = _dense(pk * 2 + bit, size=2 * max(p.n_pk, 1))
        out[CONTRIBUTION] = _percent(mp, np.bincount(ent, weights=top)[ent])
    return pd.DataFrame(out)


def pair_scores(
    results: pd.DataFrame,
    *,
    movement: str | None = None,
    scale: str = "full",
    artificial_percent: Sequence[float] | Mapping[str, Sequence[float]] = (60, 50, 40),
) -> pd.DataFrame:
    """One row per pair per board: the pair's own score, matchpoints and percentage.

    Parameters
    ----------
    results : pandas.DataFrame
        Pairs traveller frame (see the module docstring).
    movement : {None, "mitchell", "howell"}
        The movement of every session; None reads it from the data (see the module docstring).
    scale, artificial_percent
        As in :func:`matchpoints`.

    Returns
    -------
    pandas.DataFrame
        ``event, section, line, pair, board, [round], direction, opponent, score`` (the pair's
        own score: the NS score for NS, its negation for EW; missing when artificial),
        ``[artificial], mp, top, percentage``; sorted by event, section, line, pair, board.

    Examples
    --------
    >>> df = pd.DataFrame({"event": "E", "board": [1, 1, 2, 2], "ns_pair": [1, 2, 1, 2],
    ...                    "ew_pair": [1, 2, 2, 1], "ns_score": [420, 450, -50, 100]})
    >>> pair_scores(df)[["line", "pair", "board", "opponent", "score", "mp"]]
      line  pair  board  opponent  score   mp
    0   NS     1      1         1    420  0.0
    1   NS     1      2         2    -50  0.0
    2   NS     2      1         2    450  2.0
    3   NS     2      2         1    100  2.0
    4   EW     1      1         1   -420  2.0
    5   EW     1      2         2   -100  0.0
    6   EW     2      1         2   -450  0.0
    7   EW     2      2         1     50  2.0
    """
    rules = MatchpointRules.make(scale=scale, artificial_percent=artificial_percent)
    p = _prepare(results, movement=movement)
    return _per_pair_board(p, _score_matchpoints(p, rules), detail=False)


def explain(
    results: pd.DataFrame,
    *,
    pair: Any = None,
    movement: str | None = None,
    scale: str = "full",
    artificial_percent: Sequence[float] | Mapping[str, Sequence[float]] = (60, 50, 40),
) -> pd.DataFrame:
    """Where a pair's session result comes from, board by board.

    The rows of :func:`pair_scores` (for one pair, a list of pairs, or all) with two more
    columns: ``raw_mp``, the pair's matchpoints before Neuberg scaling (against the board's
    comparable results only; missing for an artificial result), and ``contribution``, the
    board's share of the session percentage (``100 * mp / total top of the pair's boards``).
    Per (event, section, line, pair), ``mp`` sums to the pair's ``mp`` in
    :func:`session_standings` and ``contribution`` to its ``percentage``.

    Examples
    --------
    >>> df = pd.DataFrame({"event": "E", "board": [1, 1, 1, 2, 2], "ns_pair": [1, 2, 3, 1, 2],
    ...                    "ew_pair": [4, 5, 6, 5, 6], "ns_score": [420, 450, 400, -50, 100]})
    >>> explain(df, pair=1)[["line", "board", "raw_mp", "mp", "top", "contribution"]]
      line  board  raw_mp   mp  top  contribution
    0   NS      1     2.0  2.0  4.0         25.00
    1   NS      2     0.0  0.5  4.0          6.25

    Board 2 has 2 results where board 1 has 3: the raw 0 of 2 becomes (0 + 1) x 3 / 2 - 1.
    """
    rules = MatchpointRules.make(scale=scale, artificial_percent=artificial_percent)
    p = _prepare(results, movement=movement)
    return _per_pair_board(p, _score_matchpoints(p, rules, detail=True), detail=True, pair=pair)


def movements(results: pd.DataFrame, *, movement: str | None = None) -> pd.DataFrame:
    """The movement of every (event, section): ``"mitchell"`` or ``"howell"``.

    See the module docstring for how it is read from the data.

    Examples
    --------
    >>> howell = pd.DataFrame({"event": "H", "board": [1, 1, 2, 2], "ns_pair": [1, 2, 3, 4],
    ...                        "ew_pair": [3, 4, 2, 1], "ns_score": [50, 100, 110, 140]})
    >>> movements(howell)
      event section movement
    0     H       A   howell
    """
    p = _prepare(results, movement=movement)
    used = np.flatnonzero(np.bincount(p.evsec, minlength=p.n_evsec))
    return pd.DataFrame(
        {
            EVENT: p.event_label(used),
            SECTION: p.section_label(used),
            MOVEMENT: np.where(p.howell[used], HOWELL, MITCHELL),
        }
    )


def _standings(p: _Prep, ns_value: np.ndarray, ew_value: np.ndarray, top: np.ndarray | None,
               value: str) -> pd.DataFrame:  # fmt: skip
    """Totals per pair (event, section, line, pair): boards, value, [top, percentage], rank."""
    ent_ns, ent_ew, values = _entities(p)
    k = len(values)

    def total(ns: np.ndarray | None, ew: np.ndarray | None) -> np.ndarray:
        out = np.bincount(ent_ns, weights=ns, minlength=k)
        out += np.bincount(ent_ew, weights=ew, minlength=k)
        return out[used]

    boards = np.bincount(ent_ns, minlength=k) + np.bincount(ent_ew, minlength=k)
    used = np.flatnonzero(boards)  # entity codes may be unused when kept uncompacted
    frame = pd.DataFrame(_entity_labels(p, values[used]))
    frame[BOARDS] = boards[used].astype(np.int64)
    frame[value] = total(ns_value, ew_value)
    criterion = value
    if top is not None:
        frame[TOP] = total(top, top)
        frame[PERCENTAGE] = _percent(frame[value].to_numpy(), frame[TOP].to_numpy())
        criterion = PERCENTAGE
    return competition_rank(frame, [criterion], by=[EVENT, SECTION, LINE], order_by=PAIR)


def session_standings(
    results: pd.DataFrame,
    *,
    movement: str | None = None,
    scale: str = "full",
    artificial_percent: Sequence[float] | Mapping[str, Sequence[float]] = (60, 50, 40),
) -> pd.DataFrame:
    """Session result of every pair of every session: matchpoints, percentage and place.

    Parameters
    ----------
    results : pandas.DataFrame
        Pairs traveller frame, any number of sessions (see the module docstring).
    movement : {None, "mitchell", "howell"}
        Mitchell ranks the NS and EW lines separately (``line`` = ``"NS"``/``"EW"``); Howell ranks
        one field (``line`` = ``"all"``). None reads the movement of each session from the data.
    scale, artificial_percent
        As in :func:`matchpoints`.

    Returns
    -------
    pandas.DataFrame
        One row per pair: ``event, section, line, pair, boards`` (boards played), ``mp`` (sum of
        its Neuberg-scaled MP), ``top`` (sum of the tops of those boards), ``percentage``
        (``100 * mp / top``, unrounded) and ``rank`` (shared places, by percentage, within the
        line or field), sorted by event, section, line and place.

    Examples
    --------
    >>> df = pd.DataFrame({"event": "E", "board": [1, 1, 2, 2], "ns_pair": [1, 2, 1, 2],
    ...                    "ew_pair": [1, 2, 2, 1], "ns_score": [420, 450, -50, 100]})
    >>> session_standings(df)
      event section line  pair  boards   mp  top  percentage  rank
    0     E       A   NS     2       2  4.0  4.0       100.0     1
    1     E       A   NS     1       2  0.0  4.0         0.0     2
    2     E       A   EW     1       2  2.0  4.0        50.0     1
    3     E       A   EW     2       2  2.0  4.0        50.0     1
    """
    rules = MatchpointRules.make(scale=scale, artificial_percent=artificial_percent)
    p = _prepare(results, movement=movement)
    s = _score_matchpoints(p, rules)
    return _standings(p, s.ns_mp, s.ew_mp, s.top, MP)


# --- Butler and cross-IMPs -----------------------------------------------------------------------


def _artificial_imps(p: _Prep, rules_imps: Sequence[float]) -> tuple[np.ndarray, np.ndarray]:
    """IMPs of the artificial results (one per artificial row)."""
    ns = _nominal_to(p.art_ns, rules_imps, literal=False)
    ew = _nominal_to(p.art_ew, rules_imps, literal=False)
    bad = np.isnan(ns) | np.isnan(ew)
    if bad.any():
        fail_rows(
            p.frame,
            np.isin(np.arange(p.n), p.art_rows[bad]),
            "artificial code without an IMP value (IMP scoring knows 60/50/40 only)",
        )
    return ns, ew


def _round_half_away(total: np.ndarray, count: np.ndarray, step: int) -> np.ndarray:
    """``total / count`` rounded to a multiple of `step`, ties away from zero, exactly."""
    den = count * step
    q = (2 * np.abs(total) + den) // (2 * np.maximum(den, 1))
    return np.sign(total) * q * step


def _imp_frame(p: _Prep, ns_imps: np.ndarray, ew_imps: np.ndarray, integral: bool) -> pd.DataFrame:
    out = p.frame
    if integral:
        out[NS_IMPS] = ns_imps.astype(np.int64)
        out[EW_IMPS] = ew_imps.astype(np.int64)
    else:
        out[NS_IMPS] = ns_imps
        out[EW_IMPS] = ew_imps
    return out


def butler(
    results: pd.DataFrame,
    *,
    drop: int | float | str = 1,
    round_to: int = 10,
    artificial_imps: Sequence[float] = (3, 0, -3),
) -> pd.DataFrame:
    """Butler scoring: IMPs of every result against the board's datum.

    Parameters
    ----------
    results : pandas.DataFrame
        Pairs traveller frame (see the module docstring).
    drop : int, float or "median"
        ``k``: the datum is the mean of the board's real scores without the ``k`` highest and
        ``k`` lowest (at most ``(n - 1) // 2`` at each end); a fraction ``f``: ``k = floor(f
        n)``; ``"median"``: the median score.
    round_to : int
        The datum is rounded to the nearest multiple (a tie, a mean ending in exactly 5, rounds
        away from zero).
    artificial_imps : (plus, average, minus)
        IMPs of average-plus / average / average-minus (Law 12C: +3, 0, -3).

    Returns
    -------
    pandas.DataFrame
        The validated input with ``datum`` (``Int64``, missing on a board without a real
        result), ``ns_imps = imps(ns_score - datum)`` and ``ew_imps = -ns_imps`` (artificial
        results: their IMPs). Pair totals: :func:`imp_standings`.

    Examples
    --------
    >>> df = pd.DataFrame({"event": "E", "board": 1, "ns_pair": [1, 2, 3, 4, 5],
    ...                    "ew_pair": [6, 7, 8, 9, 10], "ns_score": [-420, -450, 50, -420, -200]})
    >>> butler(df)[["ns_score", "datum", "ns_imps", "ew_imps"]]
       ns_score  datum  ns_imps  ew_imps
    0      -420   -350       -2        2
    1      -450   -350       -3        3
    2        50   -350        9       -9
    3      -420   -350       -2        2
    4      -200   -350        4       -4
    """
    rules = ButlerRules(drop=drop, round_to=round_to, artificial_imps=tuple(artificial_imps))
    p = _prepare(results, movement=MITCHELL)
    ranked = _rank(p, with_mp=False)
    n = ranked.n_real
    start = ranked.start
    sorted_score = ranked.score()
    if rules.drop == "median":
        padded = np.append(sorted_score, 0)  # boards without a real result read the pad
        lo = np.where(n > 0, start + (n - 1) // 2, p.n)
        hi = np.where(n > 0, start + n // 2, p.n)
        total = padded[lo] + padded[hi]
        count = np.full(n.shape, 2, dtype=np.int64)
    else:
        if isinstance(rules.drop, float):
            k = np.floor(rules.drop * n).astype(np.int64)
        else:
            k = np.full(n.shape, int(rules.drop), dtype=np.int64)
        k = np.minimum(k, np.maximum(n - 1, 0) // 2)
        csum = np.concatenate([[0], np.cumsum(sorted_score)])
        total = csum[start + n - k] - csum[start + k]
        count = n - 2 * k
    datum = _round_half_away(total, count, int(rules.round_to))
    has_datum = n > 0
    row_datum = datum[p.g]
    diff = p.score - row_datum
    diff[p.art_rows] = 0
    ns_imps = imps(diff).astype(np.float64)
    ew_imps = -ns_imps
    ns_imps[p.art_rows], ew_imps[p.art_rows] = _artificial_imps(p, rules.artificial_imps)
    integral = all(float(v).is_integer() for v in rules.artificial_imps)
    out = _imp_frame(p, ns_imps, ew_imps, integral)
    out[DATUM] = pd.arrays.IntegerArray(row_datum.astype(np.int64), ~has_datum[p.g])
    return out[[c for c in out.columns if c not in (NS_IMPS, EW_IMPS)] + [NS_IMPS, EW_IMPS]]


def cross_imps(
    results: pd.DataFrame, *, artificial_imps: Sequence[float] = (3, 0, -3)
) -> pd.DataFrame:
    """Cross-IMPs: every result IMPed against every other real result of its board.

    A real result scores ``sum(imps(score - other)) / (n - 1)`` over the ``n - 1`` other real
    results of the board (0 when it is the only one); EW scores the opposite. Artificial results
    are left out of the comparison and score `artificial_imps`.

    Returns
    -------
    pandas.DataFrame
        The validated input with ``ns_imps`` and ``ew_imps`` (floats). Pair totals:
        :func:`imp_standings`.

    Examples
    --------
    >>> df = pd.DataFrame({"event": "E", "board": 1, "ns_pair": [1, 2, 3],
    ...                    "ew_pair": [4, 5, 6], "ns_score": [420, 450, -50]})
    >>> cross_imps(df)["ns_imps"].tolist()
    [4.5, 6.0, -10.5]
    """
    rules = ButlerRules(artificial_imps=tuple(artificial_imps))
    p = _prepare(results, movement=MITCHELL)
    ranked = _rank(p, with_mp=False)
    key = ranked.key
    # keys of a board's real results lie in [2 g span, (2 g + 1) span): a search for key +- bound
    # that leaves that range lands before the board's first or after its last real result
    group = key // (2 * ranked.span)
    start = ranked.start[group]
    end = start + ranked.n_real[group]
    sums = np.zeros(p.n)
    for bound in IMP_BOUNDS:  # 24 thresholds of the IMP table, each over all rows at once
        below = np.searchsorted(key, key - bound, side="right") - start
        above = end - np.searchsorted(key, key + bound, side="left")
        sums += np.maximum(below, 0) - np.maximum(above, 0)
    others = ranked.n_real[group] - 1
    sums = np.where(others > 0, sums / np.maximum(others, 1), 0.0)
    ns = np.empty(p.n)
    ns[ranked.order] = sums
    ew = -ns
    ns[p.art_rows], ew[p.art_rows] = _artificial_imps(p, rules.artificial_imps)
    return _imp_frame(p, ns, ew, False)


def imp_standings(scored: pd.DataFrame, *, movement: str | None = None) -> pd.DataFrame:
    """Pair totals of IMP-scored results (:func:`butler` or :func:`cross_imps` output).

    Returns
    -------
    pandas.DataFrame
        One row per pair: ``event, section, line, pair, boards, imps`` (sum over its boards) and
        ``rank`` (by total, within the line or field), sorted by event, section, line, place.

    Examples
    --------
    >>> df = pd.DataFrame({"event": "E", "board": [1, 1, 1], "ns_pair": [1, 2, 3],
    ...                    "ew_pair": [4, 5, 6], "ns_score": [420, 450, -50]})
    >>> imp_standings(butler(df, drop=0))[["line", "pair", "imps", "rank"]]
      line  pair  imps  rank
    0   NS     2     5     1
    1   NS     1     4     2
    2   NS     3    -8     3
    3   EW     6     8     1
    4   EW     4    -4     2
    5   EW     5    -5     3
    """
    missing = [c for c in (NS_IMPS, EW_IMPS) if c not in scored.columns]
    if missing:
        raise ValidationError(f"scored results: missing column(s) {missing}; run butler() first")
    p = _prepare(scored, movement=movement)
    ns = pd.to_numeric(p.frame[NS_IMPS]).to_numpy(dtype=np.float64)
    ew = pd.to_numeric(p.frame[EW_IMPS]).to_numpy(dtype=np.float64)
    out = _standings(p, ns, ew, None, IMPS)
    if np.all(np.mod(out[IMPS].to_numpy(), 1) == 0):
        out[IMPS] = out[IMPS].astype(np.int64)
    return out


# --- team matches --------------------------------------------------------------------------------


class _Teams(_Record):
    frame: pd.DataFrame
    keys: list[str]  # match key columns
    match: np.ndarray  # per row
    mb: np.ndarray  # per row: (match, board) code
    mb_first: np.ndarray  # per (match, board): its first row
    net: np.ndarray  # per (match, board): home net score (NaN when incomplete)
    board_imps: np.ndarray  # per (match, board): home IMPs (NaN when incomplete)


def _first_rows(codes: np.ndarray, n: int) -> np.ndarray:
    """Per code in ``0..n-1``: the first row holding it (codes are assumed all present)."""
    first = np.full(n, -1, dtype=np.int64)
    first[codes[::-1]] = np.arange(len(codes))[::-1]
    return first


def _prepare_teams(teams: pd.DataFrame) -> _Teams:
    frame = validate(teams, _TEAMS_SPEC, what="teams")
    side_codes, side_uniques = _codes_of(frame[HOME_SIDE])
    side_norm = np.array([str(u).strip().upper().replace("-", "") for u in side_uniques])
    ok = np.isin(side_norm, [NS, EW])
    fail_rows(frame, ~ok[side_codes], "home_side must be 'NS' or 'EW'", what="teams")
    home_ns = (side_norm == NS)[side_codes]
    keys = [EVENT, *([ROUND] if ROUND in frame.columns else []), HOME_TEAM, VISIT_TEAM]
    fail_rows(
        frame,
        (frame[HOME_TEAM] == frame[VISIT_TEAM]).to_numpy(dtype=bool),
        "a team plays against itself",
        what="teams",
    )
    match = frame.groupby(keys, sort=True, observed=True, dropna=False).ngroup().to_numpy()
    mb_key = frame.groupby([*keys, BOARD], sort=True, observed=True, dropna=False).ngroup()
    mb = mb_key.to_numpy()
    n_mb = int(mb.max()) + 1 if len(mb) else 0
    count = np.bincount(mb, minlength=n_mb)
    fail_rows(
        frame, count[mb] > 2, "more than two table results for a board of a match", what="teams"
    )
    ns_home_count = np.bincount(mb, weights=home_ns, minlength=n_mb)
    fail_rows(
        frame,
        (count[mb] == 2) & (ns_home_count[mb] != 1),
        "the home team sits the same direction at both tables of a board",
        what="teams",
    )
    score = frame[NS_SCORE].to_numpy(dtype=np.float64, na_value=np.nan)
    signed = np.where(home_ns, score, -score)
    scored = np.bincount(mb, weights=~np.isnan(score), minlength=n_mb)
    net = np.bincount(mb, weights=np.nan_to_num(signed), minlength=n_mb)
    net = np.where((count == 2) & (scored == 2), net, np.nan)
    return _Teams(
        frame=frame,
        keys=keys,
        match=match,
        mb=mb,
        mb_first=_first_rows(mb, n_mb),
        net=net,
        board_imps=imps(net),
    )


def board_imps(teams: pd.DataFrame) -> pd.DataFrame:
    """Per match and board: the home team's net score and IMPs.

    Parameters
    ----------
    teams : pandas.DataFrame
        Team results frame (see the module docstring): ``event, [round], board, home_team,
        visit_team, [table], home_side, ns_score``.

    Returns
    -------
    pandas.DataFrame
        ``event, [round], home_team, visit_team, board, home_net, home_imps, visit_imps``; a board
        with only one table result (or a missing score) has missing net and IMPs.

    Examples
    --------
    >>> t = pd.DataFrame({"event": "T", "board": [1, 1], "home_team": "A", "visit_team": "B",
    ...                   "table": [1, 2], "home_side": ["NS", "EW"], "ns_score": [620, 170]})
    >>> board_imps(t)
      event home_team visit_team  board  home_net  home_imps  visit_imps
    0     T         A          B      1       450         10         -10
    """
    t = _prepare_teams(teams)
    out = t.frame.iloc[t.mb_first][[*t.keys, BOARD]].reset_index(drop=True)
    missing = np.isnan(t.net)
    out[HOME_NET] = pd.arrays.IntegerArray(np.nan_to_num(t.net).astype(np.int64), missing)
    home = np.nan_to_num(t.board_imps).astype(np.int64)
    out[HOME_IMPS] = pd.arrays.IntegerArray(home, missing)
    out[VISIT_IMPS] = pd.arrays.IntegerArray(-home, missing.copy())
    return out


def team_matches(teams: pd.DataFrame, *, boards: int | None = None) -> pd.DataFrame:
    """Match results: IMPs won by each team and victory points (WBF 2013 scale).

    Parameters
    ----------
    teams : pandas.DataFrame
        Team results frame (see the module docstring).
    boards : int, optional
        Boards per match for the VP scale; by default the number of boards of the match in the
        data (incomplete boards included).

    Returns
    -------
    pandas.DataFrame
        ``event, [round], home_team, visit_team, boards, home_imps, visit_imps`` (IMPs won on the
        complete boards), ``home_vp, visit_vp``. Per-board IMPs: :func:`board_imps`.

    Examples
    --------
    >>> t = pd.DataFrame({"event": "T", "board": [1, 1, 2, 2], "home_team": "A",
    ...                   "visit_team": "B", "table": [1, 2, 1, 2],
    ...                   "home_side": ["NS", "EW", "NS", "EW"], "ns_score": [620, 170, -100, 50]})
    >>> team_matches(t, boards=16)
      event home_team visit_team  boards  home_imps  visit_imps  home_vp  visit_vp
    0     T         A          B      16         10           4    11.76      8.24
    """
    t = _prepare_teams(teams)
    board_match = t.match[t.mb_first]
    n_match = int(t.match.max()) + 1 if len(t.match) else 0
    bi = np.nan_to_num(t.board_imps)
    home = np.bincount(board_match, weights=np.maximum(bi, 0), minlength=n_match)
    visit = np.bincount(board_match, weights=np.maximum(-bi, 0), minlength=n_match)
    out = t.frame.iloc[_first_rows(t.match, n_match)][t.keys].reset_index(drop=True)
    if boards is None:
        nboards = np.bincount(board_match, minlength=n_match)
    else:
        nboards = np.full(n_match, int(boards))
    out[BOARDS] = nboards.astype(np.int64)
    out[HOME_IMPS] = home.astype(np.int64)
    out[VISIT_IMPS] = visit.astype(np.int64)
    vp = victory_points(home - visit, nboards)
    out[HOME_VP] = vp
    out[VISIT_VP] = np.round(20.0 - vp, 2)
    return out


def team_standings(teams: pd.DataFrame, *, boards: int | None = None) -> pd.DataFrame:
    """Per event and team: matches, IMPs won and lost, victory points and place.

    Returns
    -------
    pandas.DataFrame
        ``event, team, matches, imps_for, imps_against, vp, rank`` (shared places by VP),
        sorted by event and place.

    Examples
    --------
    >>> t = pd.DataFrame({"event": "T", "board": [1, 1], "home_team": "A", "visit_team": "B",
    ...                   "table": [1, 2], "home_side": ["NS", "EW"], "ns_score": [620, 170]})
    >>> team_standings(t)
      event team  matches  imps_for  imps_against     vp  rank
    0     T    A        1        10             0  18.09     1
    1     T    B        1         0            10   1.91     2
    """
    m = team_matches(teams, boards=boards)
    home = pd.DataFrame(
        {EVENT: m[EVENT], TEAM: m[HOME_TEAM], IMPS_FOR: m[HOME_IMPS],
         IMPS_AGAINST: m[VISIT_IMPS], VP: m[HOME_VP]}
    )  # fmt: skip
    visit = pd.DataFrame(
        {EVENT: m[EVENT], TEAM: m[VISIT_TEAM], IMPS_FOR: m[VISIT_IMPS],
         IMPS_AGAINST: m[HOME_IMPS], VP: m[VISIT_VP]}
    )  # fmt: skip
    both = pd.concat([home, visit], ignore_index=True)
    out = both.groupby([EVENT, TEAM], sort=False, observed=True).agg(
        **{
            MATCHES: (VP, "size"),
            IMPS_FOR: (IMPS_FOR, "sum"),
            IMPS_AGAINST: (IMPS_AGAINST, "sum"),
            VP: (VP, "sum"),
        }
    )
    out = out.reset_index()
    out[VP] = out[VP].round(2)
    return competition_rank(out, [VP], by=EVENT, order_by=TEAM)


# --- seasons -------------------------------------------------------------------------------------


def _event_order(results: pd.DataFrame, standings: pd.DataFrame) -> pd.DataFrame:
    """One row per event: [season], event, [date], in date then event order."""
    cols = [c for c in (SEASON, DATE) if c in results.columns]
    events = results[[EVENT, *cols]].drop_duplicates(EVENT)
    if DATE in cols:
        events = events.assign(**{DATE: pd.to_datetime(events[DATE], errors="coerce")})
    events = events[events[EVENT].isin(standings[EVENT].unique())]
    sort = [c for c in (SEASON, DATE) if c in cols] + [EVENT]
    return events.sort_values(sort, kind="stable").reset_index(drop=True)


def season_summary(
    results: pd.DataFrame,
    *,
    movement: str | None = None,
    scale: str = "full",
    artificial_percent: Sequence[float] | Mapping[str, Sequence[float]] = (60, 50, 40),
    min_sessions: int = 1,
) -> pd.DataFrame:
    """Per pair over a season: sessions played, mean session percentage, best, place.

    Pair ids must name the same pair in every session (names or membership numbers); a
    ``season`` column, when present, gives one summary per season.

    Parameters
    ----------
    results : pandas.DataFrame
        Pairs traveller frame of every session.
    min_sessions : int
        Pairs with fewer sessions are listed without a place.

    Returns
    -------
    pandas.DataFrame
        ``[season], pair, sessions, boards, percentage`` (mean of the session percentages),
        ``best`` (best session percentage), ``rank`` (``Int64``, by mean percentage; missing
        below `min_sessions`).

    Examples
    --------
    >>> df = pd.DataFrame({"event": ["E1"] * 2 + ["E2"] * 2, "board": 1,
    ...                    "ns_pair": ["ann", "bob", "ann", "cid"],
    ...                    "ew_pair": ["dan", "eve", "eve", "dan"],
    ...                    "ns_score": [420, 450, 100, 50]})
    >>> season_summary(df)
      pair  sessions  boards  percentage   best  rank
    0  bob         1       1       100.0  100.0     1
    1  dan         2       2       100.0  100.0     1
    2  ann         2       2        50.0  100.0     3
    3  cid         1       1         0.0    0.0     4
    4  eve         2       2         0.0    0.0     4
    """
    st = session_standings(
        results, movement=movement, scale=scale, artificial_percent=artificial_percent
    )
    keys = [PAIR]
    if SEASON in results.columns:
        season = results[[EVENT, SEASON]].drop_duplicates(EVENT)
        st = st.merge(season, on=EVENT, how="left", validate="many_to_one")
        keys = [SEASON, PAIR]
    out = (
        st.groupby(keys, sort=False, observed=True, dropna=False)
        .agg(
            **{
                SESSIONS: (EVENT, "size"),
                BOARDS: (BOARDS, "sum"),
                PERCENTAGE: (PERCENTAGE, "mean"),
                BEST: (PERCENTAGE, "max"),
            }
        )
        .reset_index()
    )
    return _rank_eligible(out, keys[:-1], min_sessions)


def _rank_eligible(frame: pd.DataFrame, by: list[str], min_sessions: int) -> pd.DataFrame:
    """Rank by percentage the rows with at least `min_sessions` sessions; the others unranked."""
    eligible = frame[SESSIONS].to_numpy() >= min_sessions
    ranked = competition_rank(
        frame.assign(_key=np.where(eligible, frame[PERCENTAGE], np.nan)),
        ["_key"],
        by=by or None,
        order_by=PAIR,
    )
    rank = ranked[RANK].to_numpy()
    ranked[RANK] = pd.arrays.IntegerArray(rank, ~(ranked[SESSIONS].to_numpy() >= min_sessions))
    return ranked.drop(columns="_key")


def season_history(
    results: pd.DataFrame,
    *,
    movement: str | None = None,
    scale: str = "full",
    artificial_percent: Sequence[float] | Mapping[str, Sequence[float]] = (60, 50, 40),
    min_sessions: int = 1,
) -> pd.DataFrame:
    """The season standing after each session, for drift charts.

    Sessions are taken in ``date`` order when the results have a ``date`` column, else in event
    order; with a ``season`` column the standing restarts every season. After each session,
    every pair that has played so far has its mean session percentage to date and its place
    among the pairs with at least `min_sessions` sessions.

    Returns
    -------
    pandas.DataFrame
        ``[season], event, [date], pair, sessions, percentage, rank`` (``Int64``), one row per
        session per pair that has played by then, sorted by session order then place.

    Examples
    --------
    >>> df = pd.DataFrame({"event": ["E1"] * 2 + ["E2"] * 2, "board": 1,
    ...                    "ns_pair": ["ann", "bob", "ann", "bob"],
    ...                    "ew_pair": ["cid", "dan", "dan", "cid"],
    ...                    "ns_score": [420, 450, 100, 50]})
    >>> season_history(df)
      event pair  sessions  percentage  rank
    0    E1  bob         1       100.0     1
    1    E1  cid         1       100.0     1
    2    E1  ann         1         0.0     3
    3    E1  dan         1         0.0     3
    4    E2  cid         2       100.0     1
    5    E2  ann         2        50.0     2
    6    E2  bob         2        50.0     2
    7    E2  dan         2         0.0     4
    """
    st = session_standings(
        results, movement=movement, scale=scale, artificial_percent=artificial_percent
    )
    events = _event_order(results, st)
    n_events = len(events)
    ev_pos = pd.Index(events[EVENT]).get_indexer(st[EVENT])
    pair_codes, pair_labels = pd.factorize(st[PAIR])
    n_pairs = len(pair_labels)
    if n_pairs * n_events > 50_000_000:
        raise ValueError("season_history: too many pairs x sessions; use season_summary")
    total = np.zeros((n_pairs, n_events))
    count = np.zeros((n_pairs, n_events))
    np.add.at(total, (pair_codes, ev_pos), st[PERCENTAGE].to_numpy(dtype=np.float64))
    np.add.at(count, (pair_codes, ev_pos), 1.0)
    total, count = np.cumsum(total, axis=1), np.cumsum(count, axis=1)
    if SEASON in events.columns:  # restart at each season: subtract the previous season's sums
        season = events[SEASON].to_numpy()
        new = np.r_[True, season[1:] != season[:-1]]
        start = np.maximum.accumulate(np.where(new, np.arange(n_events), 0))
        base = np.where(start > 0, start - 1, 0)
        has_base = start > 0
        total = total - np.where(has_base, total[:, base], 0.0)
        count = count - np.where(has_base, count[:, base], 0.0)
    played = count > 0
    p_idx, e_idx = np.nonzero(played)
    out = events.iloc[e_idx][[c for c in (SEASON, EVENT, DATE) if c in events.columns]]
    out = out.reset_index(drop=True)
    out[PAIR] = pair_labels.take(p_idx)
    out[SESSIONS] = count[p_idx, e_idx].astype(np.int64)
    out[PERCENTAGE] = total[p_idx, e_idx] / count[p_idx, e_idx]
    out["_order"] = e_idx
    ranked = _rank_eligible(out, ["_order"], min_sessions)
    return ranked.drop(columns="_order").reset_index(drop=True)


# --- files ---------------------------------------------------------------------------------------

#: file suffixes :func:`read_results` reads
SUFFIXES = (".csv", ".parquet", ".pq", ".pbn", ".xml")


#: the columns pairs or team standings use (a table file's other columns are not read for them)
_STANDINGS_COLUMNS = frozenset(c.name for c in (*_PAIRS_SPEC, *_TEAMS_SPEC))
#: the columns a pairs and a team results table must have (other tables of a folder are skipped)
_REQUIRED = tuple(
    frozenset(c.name for c in spec if c.required) for spec in (_PAIRS_SPEC, _TEAMS_SPEC)
)


class Results(NamedTuple):
    """What :func:`read_results` found: the pairs traveller frame and the team results frame of
    every file read (``None`` when there is none of that kind)."""

    pairs: pd.DataFrame | None
    teams: pd.DataFrame | None


def _stack(frames: list[pd.DataFrame]) -> pd.DataFrame | None:
    if not frames:
        return None
    return frames[0] if len(frames) == 1 else pd.concat(frames, ignore_index=True)


def read_results(path: str | os.PathLike, *, columns: Sequence[str] | None = None) -> Results:
    """Read the results of a file or of every readable file of a folder.

    Parameters
    ----------
    path : path-like
        A traveller file (``.csv``/``.parquet``/``.pq`` table, ``.pbn`` read by
        :func:`tourneystats.pbn.read_pbn`, USEBIO ``.xml`` read by
        :func:`tourneystats.usebio.read_usebio`) or a folder: its files with one of those
        suffixes, sorted by name. A table with ``home_team``/``visit_team`` columns (and a team
        PBN file) holds team results, any other file pairs results. A folder's tables without
        the required columns of either (a standings table written there) are skipped with a
        warning.
    columns : sequence of str, optional
        Read only these of a table file's columns (those it has; the others are not read at
        all). PBN and USEBIO files are read whole.

    Returns
    -------
    Results
        ``(pairs, teams)``: the pairs traveller frames stacked (the input of
        :func:`session_standings`, :func:`season_summary`, :func:`season_history`, ...) and the
        team results frames stacked (the input of :func:`team_standings`); ``None`` for a kind
        that no file holds. A pairs file whose event name an earlier file already used (the
        same club night every week) gets `` [file stem]`` appended to it, as
        :func:`~tourneystats.pbn.read_pbn` does for a folder; team files keep their names (a
        team event may span files).

    Raises
    ------
    ValidationError
        No such path, a folder without a readable file, or a file of another format.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> pd.DataFrame({"event": "E", "board": 1, "ns_pair": [1, 2], "ew_pair": [3, 4],
    ...               "ns_score": [420, 450]}).to_csv(folder / "e.csv", index=False)
    >>> pairs, teams = read_results(folder)
    >>> len(pairs), teams is None
    (2, True)
    """
    from ..core.folders import result_files
    from ..core.io import read_table

    pairs: list[pd.DataFrame] = []
    teams: list[pd.DataFrame] = []
    seen: set = set()
    files = result_files(path, SUFFIXES, *_REQUIRED, what="bridge results")
    for f in files:
        suffix = f.suffix.lower()
        if suffix == ".pbn":
            from .pbn import read_pbn

            frame = read_pbn(f).results
        elif suffix == ".xml":
            from .usebio import read_usebio

            frame = read_usebio(f).results
        elif suffix in (".csv", ".parquet", ".pq"):
            frame = read_table(f, columns=None if columns is None else set(columns).__contains__)
        else:
            raise ValidationError(f"{f}: unknown results format {suffix!r}")
        if HOME_TEAM in frame.columns:
            teams.append(frame)
        else:  # a session per file: a repeated event name is another evening
            (frame,) = rename_clashing_events([frame], f, seen)
            pairs.append(frame)
    return Results(_stack(pairs), _stack(teams))


def _scale_option(scale: str, options: dict[str, Any]) -> str:
    """The MP scale from the command line's options: ``rules="full"|"half"`` or `scale`."""
    rules = options.pop("rules", None)
    if rules is not None:
        if rules not in ("full", "half"):
            raise ValueError(
                f"bridge: --rules must be 'full' or 'half' (the MP scale); got {rules!r}"
            )
        scale = rules
    if options:
        raise ValueError(f"bridge: unknown option(s) {', '.join(sorted(options))}")
    return scale


def standings_from_path(
    path: str | os.PathLike,
    *,
    movement: str | None = None,
    scale: str = "full",
    **options: Any,
) -> pd.DataFrame:
    """Session standings of the pairs results in a file or folder.

    Parameters
    ----------
    path : path-like
        A results file or a folder of them, read by :func:`read_results`.
    movement, scale
        As in :func:`session_standings`.
    **options
        Options of other families (the command line's ``--tiebreaks``, ...) are refused with a
        ``ValueError``, except ``rules="full"`` or ``"half"``, read as `scale`.

    Returns
    -------
    pandas.DataFrame
        :func:`session_standings` of every pairs session found. When the path holds only team
        results it returns :func:`team_standings` of them instead; in a folder mixing both, the
        team files are left out here and :func:`team_standings_from_path` reads them.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "e.csv"
    >>> pd.DataFrame({"event": "E", "board": 1, "ns_pair": [1, 2], "ew_pair": [3, 4],
    ...               "ns_score": [420, 450]}).to_csv(f, index=False)
    >>> standings_from_path(f, rules="half")[["line", "pair", "mp", "percentage", "rank"]]
      line  pair   mp  percentage  rank
    0   NS     2  1.0       100.0     1
    1   NS     1  0.0         0.0     2
    2   EW     3  1.0       100.0     1
    3   EW     4  0.0         0.0     2
    """
    scale = _scale_option(scale, options)
    pairs, teams = read_results(path, columns=_STANDINGS_COLUMNS)
    if pairs is not None:
        return session_standings(pairs, movement=movement, scale=scale)
    return team_standings(teams)


def history_from_path(
    path: str | os.PathLike,
    *,
    movement: str | None = None,
    scale: str = "full",
    artificial_percent: Sequence[float] | Mapping[str, Sequence[float]] = (60, 50, 40),
    min_sessions: int = 1,
    **options: Any,
) -> pd.DataFrame:
    """:func:`season_history` of the pairs results in a file or folder, for drift charts.

    The files are read by :func:`read_results` (team results are left out: they have no pairs
    history). When some sessions have a ``date``, the undated ones, which cannot be placed in
    the season, are left out with a warning naming them.

    Parameters
    ----------
    path : path-like
        A results file or a folder of them.
    movement, scale, artificial_percent, min_sessions
        As in :func:`season_history`.
    **options
        ``rules="full"`` or ``"half"`` is read as `scale`; other options are refused.

    Returns
    -------
    pandas.DataFrame
        The :func:`season_history` frame.

    Raises
    ------
    ValueError
        The path holds no pairs results.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> for day, scores in (("2024-01-03", [420, 450]), ("2024-01-10", [100, 50])):
    ...     pd.DataFrame({"event": f"club {day}", "date": day, "board": 1,
    ...                   "ns_pair": ["ann", "bob"], "ew_pair": ["cid", "dan"],
    ...                   "ns_score": scores}).to_csv(folder / f"{day}.csv", index=False)
    >>> history_from_path(folder)[["event", "pair", "sessions", "percentage", "rank"]]
                event pair  sessions  percentage  rank
    0  club 2024-01-03  bob         1       100.0     1
    1  club 2024-01-03  cid         1       100.0     1
    2  club 2024-01-03  ann         1         0.0     3
    3  club 2024-01-03  dan         1         0.0     3
    4  club 2024-01-10  ann         2        50.0     1
    5  club 2024-01-10  bob         2        50.0     1
    6  club 2024-01-10  cid         2        50.0     1
    7  club 2024-01-10  dan         2        50.0     1
    """
    scale = _scale_option(scale, options)
    results = read_results(path).pairs
    if results is None:
        raise ValueError(f"{path}: no pairs results to draw")
    if DATE in results.columns:
        dated = results[DATE].notna().to_numpy()
        if dated.any() and not dated.all():
            left_out = pd.unique(results.loc[~dated, EVENT].astype(str))
            shown = ", ".join(left_out[:3]) + (", ..." if len(left_out) > 3 else "")
            warnings.warn(
                f"{path}: {len(left_out)} session(s) without a date left out of the history "
                f"(they cannot be placed in the season): {shown}",
                stacklevel=2,
            )
            results = results.loc[dated]  # the dated season only
    return season_history(
        results,
        movement=movement,
        scale=scale,
        artificial_percent=artificial_percent,
        min_sessions=min_sessions,
    )


def team_standings_from_path(path: str | os.PathLike) -> pd.DataFrame:
    """:func:`team_standings` of every team results file in a file or folder.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "match.csv"
    >>> pd.DataFrame({"event": "T", "board": [1, 1], "home_team": "A", "visit_team": "B",
    ...               "table": [1, 2], "home_side": ["NS", "EW"],
    ...               "ns_score": [620, 170]}).to_csv(f, index=False)
    >>> team_standings_from_path(f)[["team", "vp", "rank"]]
      team     vp  rank
    0    A  18.09     1
    1    B   1.91     2
    """
    teams = read_results(path).teams
    if teams is None:
        raise ValidationError(f"{path}: no team results (home_team/visit_team) found")
    return team_standings(teams)
