"""Validation and integer codes of a pairs traveller frame, and the movement of each session.

Every pairs scoring starts here. :func:`_prepare` validates the frame (its columns, then the
play against the score, :func:`~tourneystats.bridge.checks.check_play`) and codes it as dense
integers: its sessions (event, section), boards, scores and artificial codes, and its pairs; it
checks one result per pair and direction on a board, that no named pair meets itself (on both
sides of a board, or at its own table), and reads the movement (Mitchell or Howell) of each
session. :func:`_rank` sorts every board's results by score once, for matchpoints, Butler
and cross-IMPs. Nothing loops over sessions, boards or pairs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from ..core.schema import (
    ADJUSTED,
    ARTIFICIAL,
    BOARD,
    CONTRACT,
    DECLARER,
    EVENT,
    EW_PAIR,
    MOVEMENT,
    NS_PAIR,
    NS_SCORE,
    ROUND,
    SECTION,
    TRICKS,
    VULNERABLE,
    Column,
    fail_rows,
    validate,
)
from .checks import check_play
from .contract import DEFAULT_SECTION
from .weighted import WEIGHTED, weighted_parts

NS, EW = "NS", "EW"
MITCHELL, HOWELL = "mitchell", "howell"

# --- artificial codes ----------------------------------------------------------------------------


def _nominal_to(values: np.ndarray, mapped: Sequence[float], literal: bool) -> np.ndarray:
    """Replace nominal 60/50/40 by `mapped`; other values literally or NaN."""
    out = values.copy() if literal else np.full(values.shape, np.nan)
    for nominal, value in zip((60.0, 50.0, 40.0), mapped, strict=True):
        out[values == nominal] = value
    return out


# --- validation and preparation ------------------------------------------------------------------

#: the play of a result, checked against its score (:func:`~tourneystats.bridge.checks.check_play`)
PLAY_SPEC = (
    Column(CONTRACT, "key", required=False, nullable=True, doc="contract, e.g. 3NT, 4SX, Pass"),
    Column(DECLARER, "key", required=False, nullable=True, doc="declarer: N, E, S or W"),
    Column(TRICKS, "int", required=False, nullable=True, doc="tricks taken by declarer"),
    Column(VULNERABLE, "key", required=False, nullable=True, doc="None, NS, EW or All"),
    Column(ADJUSTED, "bool", required=False, nullable=True, doc="an assigned adjusted score"),
)

_PAIRS_SPEC = (
    Column(EVENT, "key", doc="session"),
    Column(SECTION, "key", required=False, doc="section of the session"),
    Column(ROUND, "int", required=False, nullable=True, doc="round of the movement"),
    Column(BOARD, "int", doc="board number"),
    Column(NS_PAIR, "key", doc="North-South pair id"),
    Column(EW_PAIR, "key", doc="East-West pair id"),
    Column(NS_SCORE, "int", nullable=True, doc="score from NS's side; missing if artificial"),
    Column(ARTIFICIAL, "key", required=False, nullable=True, doc="artificial code, e.g. A6040"),
    Column(WEIGHTED, "key", required=False, nullable=True, doc="weighted score: 0.6*420 + 0.4*-50"),
    *PLAY_SPEC,
)

# --- integer codes -------------------------------------------------------------------------------

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
    # hashed without sorting, then the few distinct values sorted and the codes renumbered
    # by one take (several times cheaper than np.unique's sort of every row)
    width = np.int32 if size <= np.iinfo(np.int32).max else np.int64
    both = np.concatenate([k.astype(width, copy=False) for k in keys])
    codes, values = pd.factorize(both, sort=False)
    del both
    order = np.argsort(values)
    rank = np.empty(order.size, dtype=np.int64)
    rank[order] = np.arange(order.size)
    codes = rank[codes]
    bounds = np.cumsum([0, *(k.size for k in keys)])
    values = np.asarray(values[order], dtype=np.int64)
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
    phantom_rows: np.ndarray  # the artificial rows of phantom tables (a side at 00)
    phantom_ns: np.ndarray  # per phantom row: whether its NS side is the phantom pair
    weighted_rows: np.ndarray  # rows holding a weighted adjusted score (Law 12C1(c))
    weighted: tuple | None  # their parts: (row, weight, NS score) per part; None: no such row
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


def _take(labels: Any, idx: np.ndarray) -> Any:
    """Labels at integer positions, keeping the labels' dtype (categorical, string, int)."""
    if hasattr(labels, "take"):
        return labels.take(idx)
    return np.asarray(labels)[idx]


def _prepare(results: pd.DataFrame, *, movement: str | None = None) -> _Prep:
    """Validate a pairs traveller frame and code it: sessions, boards, scores, pairs, movement."""
    if movement not in (None, MITCHELL, HOWELL):
        raise ValueError(f"movement must be None, 'mitchell' or 'howell'; got {movement!r}")
    frame = validate(results, _PAIRS_SPEC, what="results")
    artificial = check_play(frame)
    p = _Prep(frame=frame, n=len(frame))
    _code_sessions(p)
    _code_boards(p)
    _code_scores(p, artificial)
    pc_ns, pc_ew = _code_pairs(p)
    p.howell = _read_movement(p, pc_ns, pc_ew, movement)
    return p


def _code_sessions(p: _Prep) -> None:
    """Set the (event, section) code of every row and the labels of the codes."""
    frame, n = p.frame, p.n
    ev, ev_uniques = _codes_of(frame[EVENT])
    if SECTION in frame.columns:
        sec, sec_uniques = _codes_of(frame[SECTION])
    else:
        sec, sec_uniques = np.zeros(n, dtype=np.int64), np.array([DEFAULT_SECTION], dtype=object)
    n_sec = max(len(sec_uniques), 1)
    if n_sec > 1:
        ev *= n_sec
        ev += sec
    (p.evsec,), p.evsec_values = _dense(ev, size=max(len(ev_uniques), 1) * n_sec)
    p.n_evsec = len(p.evsec_values)
    p.ev_labels, p.sec_labels, p.n_sec = ev_uniques, sec_uniques, n_sec


def _code_boards(p: _Prep) -> None:
    """Set the (event, section, board) group of every row, groups ordered by session then board."""
    board = p.frame[BOARD].to_numpy(dtype=np.int64)
    bmin = int(board.min()) if p.n else 0
    n_board = int(board.max()) - bmin + 1 if p.n else 1
    gkey = p.evsec * n_board
    gkey += board
    gkey -= bmin
    (p.g,), g_values = _dense(gkey, size=p.n_evsec * n_board)
    p.n_groups = len(g_values)
    p.group_evsec = g_values // n_board


def _code_scores(p: _Prep, artificial: tuple) -> None:
    """Set the scores and artificial codes (:func:`~tourneystats.bridge.checks.artificial_codes`);
    every result has exactly one of them."""
    frame, n = p.frame, p.n
    score_col = frame[NS_SCORE]
    has_score = score_col.notna().to_numpy()
    p.score = score_col.to_numpy(dtype=np.int64, na_value=0)
    art_rows, art_which, art_uniques, ns_nom, ew_nom = artificial
    has_art = np.zeros(n, dtype=bool)
    has_art[art_rows] = True
    has_w = np.zeros(n, dtype=bool)
    if WEIGHTED in frame.columns and frame[WEIGHTED].notna().any():
        text = frame[WEIGHTED].astype("string").str.strip()
        has_w = text.fillna("").ne("").to_numpy(dtype=bool)
        fail_rows(frame, has_score & has_w, "a result has both a score and a weighted score")
    p.weighted_rows = np.flatnonzero(has_w)
    if not has_score.all() or len(art_rows):
        fail_rows(frame, has_score & has_art, "a result has both a score and an artificial code")
        fail_rows(
            frame, has_w & has_art, "a result has both a weighted score and an artificial code"
        )
        fail_rows(
            frame,
            ~has_score & ~has_art & ~has_w,
            "a result has neither a score nor an artificial code",
        )
    p.real = ~has_art & ~has_w
    p.weighted = weighted_parts(frame, p.weighted_rows) if has_w.any() else None
    p.art_rows, p.art_which, p.art_uniques = art_rows, art_which, art_uniques
    p.art_ns = ns_nom[art_which] if len(art_rows) else np.zeros(0)
    p.art_ew = ew_nom[art_which] if len(art_rows) else np.zeros(0)
    phantom = (p.art_ns == 0) | (p.art_ew == 0)  # a phantom (sit-out) table: one side 00
    p.phantom_rows = art_rows[phantom]
    p.phantom_ns = (p.art_ns == 0)[phantom]  # whether its NS side is the phantom pair


def _code_pairs(p: _Prep) -> tuple[np.ndarray, np.ndarray]:
    """Set the (session, pair) codes of the NS and EW pair of every row; return the pair codes."""
    pc_ns, pc_ew, p.pc_labels, p.n_pc = _pair_ids(p.frame, p.n)
    base = p.evsec * p.n_pc
    (p.pk_ns, p.pk_ew), p.pk_values = _dense(pc_ns + base, pc_ew + base, size=p.n_evsec * p.n_pc)
    p.n_pk = len(p.pk_values)
    p.pk_evsec = p.pk_values // p.n_pc
    return pc_ns, pc_ew


def _pair_ids(frame: pd.DataFrame, n: int) -> tuple[np.ndarray, np.ndarray, Any, int]:
    """Codes of the NS and EW pair ids (one numbering for both), their labels and their count."""
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
        return pc_ns, pc_ew, np.arange(lo, lo + n_pc), n_pc
    both, pc_labels = pd.factorize(
        pd.concat([ns_ids, ew_ids], ignore_index=True), use_na_sentinel=True
    )
    pc_ns, pc_ew = both[:n].astype(np.int64), both[n:].astype(np.int64)
    return pc_ns, pc_ew, pc_labels, max(len(pc_labels), 1)


def _read_movement(
    p: _Prep, pc_ns: np.ndarray, pc_ew: np.ndarray, movement: str | None
) -> np.ndarray:
    """The Howell flag of every session, after checking one result per pair and side per board
    and that no pair meets itself (:func:`_movement_flags`)."""
    if p.n_pc <= _BITS:  # few pair ids: one bit per pair, per board
        return _movement_bits(p, pc_ns, pc_ew, movement)
    # else the pairs' places in their session (pk codes are sorted by session): few per session
    first = np.searchsorted(p.pk_evsec, np.arange(p.n_evsec), side="left")
    local = np.arange(p.n_pk) - first[p.pk_evsec]
    if p.n_pk and int(local.max()) < _BITS:
        return _movement_bits(p, local[p.pk_ns], local[p.pk_ew], movement)
    return _movement(p, movement)


# --- movements -----------------------------------------------------------------------------------

#: the most pairs a session may have for its boards' pairs to be read as 64-bit masks (the
#: tests set it to 0 to run the other path)
_BITS = 64


def _movement_bits(
    p: _Prep, pc_ns: np.ndarray, pc_ew: np.ndarray, movement: str | None
) -> np.ndarray:
    """:func:`_movement` for pair codes below 64 (`pc_ns` and `pc_ew`: the ids' codes, or the
    pairs' places in their session): the pairs of a board as a 64-bit mask."""
    frame, g, group_evsec, n_evsec = p.frame, p.g, p.group_evsec, p.n_evsec
    n_groups = len(group_evsec)
    count = np.bincount(g, minlength=n_groups)
    one = np.uint64(1)
    bits = [np.left_shift(one, pc.astype(np.uint64)) for pc in (pc_ns, pc_ew)]
    masks = []
    for bit, column in zip(bits, (NS_PAIR, EW_PAIR), strict=True):
        mask = np.zeros(n_groups, dtype=np.uint64)
        np.bitwise_or.at(mask, g, bit)
        dup = _popcount(mask) < count
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
    met = np.zeros(n_evsec, dtype=np.uint64)  # the pairs sitting both ways on a board
    np.bitwise_or.at(sits_ns, group_evsec, ns_mask)
    np.bitwise_or.at(sits_ew, group_evsec, ew_mask)
    np.bitwise_or.at(met, group_evsec, ns_mask & ew_mask)

    def meeting_rows() -> np.ndarray:
        return ((ns_mask[g] & bits[1]) != 0) | ((ew_mask[g] & bits[0]) != 0)

    return _movement_flags(
        p,
        movement,
        (sits_ns & sits_ew) != 0,
        _popcount(met).astype(np.int64),
        meeting_rows,
        lambda: pc_ns == pc_ew,
    )


def _movement(p: _Prep, movement: str | None) -> np.ndarray:
    """Check one result per pair and direction per board; return the Howell flag per evsec."""
    frame, g, evsec, n_evsec = p.frame, p.g, p.evsec, p.n_evsec
    pk_ns, pk_ew, pk_evsec = p.pk_ns, p.pk_ew, p.pk_evsec
    n_pk = len(pk_evsec)
    # local pair index inside its (event, section): pk codes are sorted by evsec
    first = np.searchsorted(pk_evsec, np.arange(n_evsec), side="left")
    width = int(np.max(np.arange(n_pk) - first[pk_evsec], initial=0)) + 1
    size = p.n_groups * width
    if size > 64_000_000:  # pragma: no cover - enormous sections only
        for column in (NS_PAIR, EW_PAIR):
            keys = [c for c in (EVENT, SECTION, BOARD, column) if c in frame.columns]
            dup = frame.duplicated(keys, keep=False).to_numpy()
            fail_rows(frame, dup, f"duplicate {column} on a board")
        key_ns = g.astype(np.int64) * n_pk + pk_ns
        key_ew = g.astype(np.int64) * n_pk + pk_ew

        def ew_meets() -> np.ndarray:  # rows whose EW pair sits NS on the same board
            return np.isin(key_ew, key_ns)

        def ns_meets() -> np.ndarray:
            return np.isin(key_ns, key_ew)
    else:
        gw = g * width
        gw -= first[evsec]
        key_ns, key_ew = gw + pk_ns, gw + pk_ew
        del gw
        counts_ns = np.bincount(key_ns, minlength=size)
        counts_ew = np.bincount(key_ew, minlength=size)
        for key, counts, column in ((key_ns, counts_ns, NS_PAIR), (key_ew, counts_ew, EW_PAIR)):
            if counts.max(initial=0) > 1:
                fail_rows(frame, counts[key] > 1, f"duplicate {column} on a board")

        def ew_meets() -> np.ndarray:
            return counts_ns[key_ew] > 0

        def ns_meets() -> np.ndarray:
            return counts_ew[key_ns] > 0

    if movement == MITCHELL:
        return np.zeros(n_evsec, dtype=bool)
    sits_ns = np.bincount(pk_ns, minlength=n_pk) > 0
    sits_ew = np.bincount(pk_ew, minlength=n_pk) > 0
    overlap = np.bincount(pk_evsec, weights=sits_ns & sits_ew, minlength=n_evsec) > 0
    n_met = np.zeros(n_evsec)
    if overlap.any():  # a pair meeting itself sits both ways in its session
        met = np.zeros(n_pk, dtype=bool)
        met[pk_ew[ew_meets()]] = True  # EW pairs sitting NS on the same board
        n_met = np.bincount(pk_evsec, weights=met, minlength=n_evsec)
    return _movement_flags(
        p,
        movement,
        overlap,
        n_met,
        lambda: ew_meets() | ns_meets(),
        lambda: pk_ns == pk_ew,
    )


def _named_sessions(p: _Prep) -> np.ndarray:
    """Per evsec: whether some pair id of the session is a name (not a whole number)."""
    labels = p.pc_labels
    if isinstance(labels, np.ndarray) and labels.dtype.kind in "iu":
        return np.zeros(p.n_evsec, dtype=bool)
    text = pd.Series(np.asarray(labels, dtype=object)).astype(str)
    named = ~text.str.fullmatch(r"\s*\d+(?:\.0*)?\s*").to_numpy(dtype=bool)
    used = named[p.pk_values % p.n_pc]
    return np.bincount(p.pk_evsec, weights=used, minlength=p.n_evsec) > 0


def _movement_flags(
    p: _Prep,
    movement: str | None,
    overlap: np.ndarray,
    n_met: np.ndarray,
    meeting_rows: Any,
    same_rows: Any,
) -> np.ndarray:
    """Howell flag per evsec, and the refusal of a pair that meets itself.

    Per evsec: `overlap`, some pair id sits both NS and EW in it; `n_met`, how many pair ids sit
    both NS and EW on one board. `meeting_rows()` and `same_rows()` are the rows to report (a
    pair id on both sides of its board; at its own table). A session whose ids never meet
    themselves on a board is a Howell if they overlap. Pair numbers that meet themselves number
    the two lines of a Mitchell; named pairs cannot: an error. With movement="howell", every
    evsec, and any meeting is an error."""
    if movement == HOWELL:
        if n_met.any():
            fail_rows(
                p.frame,
                meeting_rows(),
                "movement='howell' but a pair sits both NS and EW on the same board",
            )
        return np.ones(len(overlap), dtype=bool)
    if n_met.any():
        wrong = (n_met > 0) & _named_sessions(p)
        if wrong.any():
            rows = meeting_rows() & wrong[p.evsec]
            fail_rows(p.frame, rows & same_rows(), "a pair plays against itself")
            fail_rows(p.frame, rows, "a pair sits both NS and EW on the same board")
    return overlap & (n_met == 0)


def movements(results: pd.DataFrame, *, movement: str | None = None) -> pd.DataFrame:
    """The movement of every (event, section): ``"mitchell"`` or ``"howell"``.

    See the module docstring for how it is read from the data.

    Parameters
    ----------
    results : pandas.DataFrame
        A traveller frame (``event, board, ns_pair, ew_pair``, optional ``section``).
    movement : {None, "mitchell", "howell"}
        A movement to take for every session instead of reading it from the data.

    Returns
    -------
    pandas.DataFrame
        One row per ``event, section`` with its ``movement``.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.bridge import movements
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


# --- every board's results in score order --------------------------------------------------------


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
    if p.weighted_rows.size:
        n_real -= np.bincount(p.g[p.weighted_rows], minlength=p.n_groups)
    start = np.cumsum(total) - total
    smin = int(p.score.min()) if n else 0
    span = (int(p.score.max()) - smin + 1) if n else 1
    key = p.g * 2
    key[p.art_rows] += 1  # the board's artificial results sort after its real ones
    key[p.weighted_rows] += 1  # so do its weighted ones (matchpoints compare them apart)
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


def _popcount(values: np.ndarray) -> np.ndarray:
    """The number of bits set in each uint64 (``np.bitwise_count`` from NumPy 2.0 on)."""
    if hasattr(np, "bitwise_count"):
        return np.bitwise_count(values)
    bits = np.unpackbits(np.ascontiguousarray(values).view(np.uint8))
    return bits.reshape(len(values), 64).sum(axis=1)
