"""Matchpoints: every result against the other results of its board, Neuberg, session standings.

The rules are in :mod:`tourneystats.bridge`: 2 matchpoints per result beaten and 1 per tie (or
1 and 1/2 on the half scale), Neuberg's formula on boards with fewer comparable results than the
section's largest, artificial results at their percentage of the top; a pair's session result
is its matchpoints over the tops of its boards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from ..core.people import with_people
from ..core.schema import (
    ARTIFICIAL,
    BOARD,
    CONTRIBUTION,
    DIRECTION,
    EVENT,
    EW_MP,
    EW_PERCENTAGE,
    LINE,
    MP,
    NS_MP,
    NS_PERCENTAGE,
    OPPONENT,
    PAIR,
    PERCENTAGE,
    RAW_MP,
    ROUND,
    SCORE,
    SECTION,
    TOP,
    ValidationError,
)
from .conventions import CONVENTIONS, DEFAULT_CONVENTION, Convention, convention_of
from .prepare import EW, MITCHELL, NS, _dense, _nominal_to, _Prep, _prepare, _rank, _Record
from .totals import _line_of, _percent, _standings
from .weighted import weighted_matchpoints

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
    >>> from tourneystats.bridge import MatchpointRules
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


# --- matchpoints of every result -----------------------------------------------------------------


class _Scored(_Record):
    """Matchpoints of every result (both sides), its top, and the artificial percentages."""

    ns_mp: np.ndarray
    ew_mp: np.ndarray
    top: np.ndarray
    raw_mp: np.ndarray | None  # NS MP before Neuberg (NaN for artificial); detail only
    raw_top: np.ndarray | None  # top among the board's comparable results; detail only
    scaled: np.ndarray | None  # rows of the boards Neuberg-scaled (None: none is)
    ns_pct: np.ndarray  # per artificial row: its percentages
    ew_pct: np.ndarray


def _score_matchpoints(
    p: _Prep, rules: MatchpointRules, *, detail: bool = False, convention: Convention | None = None
) -> _Scored:
    """Matchpoints of every result: ranked on its board, Neuberg-scaled, artificial by percent
    (and, by the `convention`, phantom tables left out of the count, values rounded)."""
    conv = convention or CONVENTIONS[DEFAULT_CONVENTION]
    ranked = _rank(p)
    total = np.bincount(p.g, minlength=p.n_groups)  # results per board, artificial included
    if conv.phantom == "outside" and p.phantom_rows.size:  # JFR: not a result of its board
        total -= np.bincount(p.g[p.phantom_rows], minlength=p.n_groups)
    n_max_evsec = np.zeros(p.n_evsec, dtype=np.int64)
    np.maximum.at(n_max_evsec, p.group_evsec, total)
    n_max_group = n_max_evsec[p.group_evsec]
    half = rules.scale == "half"
    unit = 0.5 if half else 1.0

    ns_mp = np.empty(p.n)
    n_real = ranked.n_real
    if p.weighted is not None:  # weighted scores: every result against the mixtures too
        ns_mp = weighted_matchpoints(p.g, p.real, p.score, p.weighted, p.n)
        n_real = n_real + np.bincount(p.g[p.weighted_rows], minlength=p.n_groups)
    elif p.n:
        ns_mp[ranked.order] = ranked.mp
    raw = ns_mp.copy() if detail else None
    # Neuberg on the boards with fewer comparable results than the section's largest
    short = np.flatnonzero((n_real != n_max_group) & (total > 0))
    rows = None
    if short.size:
        is_short = np.zeros(p.n_groups, dtype=bool)
        is_short[short] = True
        rows = np.flatnonzero(is_short[p.g])
        big = n_max_group[p.g[rows]].astype(np.float64)
        small = n_real[p.g[rows]].astype(np.float64)
        with np.errstate(divide="ignore", invalid="ignore"):
            ns_mp[rows] = (ns_mp[rows] + 1.0) * big / small - 1.0
    top_evsec = 2.0 * np.maximum(n_max_evsec - 1.0, 0.0)  # a section of phantom tables: 0
    top = top_evsec[p.evsec]
    if half:
        ns_mp *= unit
        top *= unit
    if conv.mp_decimals is not None:  # KoPS: every (Neuberg-scaled) score rounded
        ns_mp = conv.round(ns_mp, conv.mp_decimals)
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
        assert raw is not None
        raw *= unit
        raw[p.art_rows] = np.nan
        raw_top = 2.0 * unit * (n_real[p.g] - 1.0)
    return _Scored(
        ns_mp=ns_mp,
        ew_mp=ew_mp,
        top=top,
        raw_mp=raw,
        raw_top=raw_top,
        ns_pct=ns_pct,
        ew_pct=ew_pct,
        scaled=rows,
    )


def _board_percentages(p: _Prep, s: _Scored, conv: Convention) -> tuple[np.ndarray, np.ndarray]:
    """NS and EW percentage of every result (artificial results: exactly theirs, missing
    without a top), rounded to the convention's `board_decimals`."""
    ns_pct, ew_pct = _percent(s.ns_mp, s.top), _percent(s.ew_mp, s.top)
    has_top = s.top[p.art_rows] > 0
    ns_pct[p.art_rows] = np.where(has_top, s.ns_pct, np.nan)
    ew_pct[p.art_rows] = np.where(has_top, s.ew_pct, np.nan)
    if conv.board_decimals is not None:
        ns_pct = conv.round(ns_pct, conv.board_decimals)
        ew_pct = conv.round(ew_pct, conv.board_decimals)
    return ns_pct, ew_pct


def matchpoints(
    results: pd.DataFrame,
    *,
    scale: str = "full",
    artificial_percent: Sequence[float] | Mapping[str, Sequence[float]] = (60, 50, 40),
    convention: str | Convention | None = None,
) -> pd.DataFrame:
    """Matchpoint every result of every board, with Neuberg and artificial scores.

    Parameters
    ----------
    results : pandas.DataFrame
        Pairs traveller frame (see :mod:`tourneystats.bridge`): ``event, [section], board, ns_pair,
        ew_pair, ns_score, [artificial]``.
    scale : {"full", "half"}
        ``"full"``: 2 MP per result beaten, 1 per tie; ``"half"``: 1 and 1/2.
    artificial_percent : (plus, average, minus) or mapping
        Percent of the top scored by average-plus/average/average-minus, or a mapping of
        artificial codes to ``(ns_percent, ew_percent)``.
    convention : str or Convention, optional
        The publisher's convention (:data:`~tourneystats.bridge.CONVENTIONS`): phantom tables,
        rounded matchpoints or board percentages; default ``"ebu"``.

    Returns
    -------
    pandas.DataFrame
        The validated input with ``ns_mp``, ``ew_mp``, ``top``, ``ns_percentage`` and
        ``ew_percentage`` (floats, unrounded unless the convention rounds them) added.

    Examples
    --------
    The source text's board, 9 results on the half scale (top 8):

    >>> import pandas as pd
    >>> from tourneystats.bridge import matchpoints
    >>> df = pd.DataFrame({"event": "club", "board": 1, "ns_pair": range(1, 10),
    ...                    "ew_pair": range(11, 20),
    ...                    "ns_score": [110, 140, 170, 170, 620, 620, 620, 620, 650]})
    >>> matchpoints(df, scale="half")["ns_percentage"].tolist()
    [0.0, 12.5, 31.25, 31.25, 68.75, 68.75, 68.75, 68.75, 100.0]
    >>> matchpoints(df)[["ns_mp", "ew_mp"]].head(3).to_numpy().tolist()
    [[0.0, 16.0], [2.0, 14.0], [5.0, 11.0]]
    """
    rules = MatchpointRules.make(scale=scale, artificial_percent=artificial_percent)
    conv = convention_of(convention)
    p = _prepare(results, movement=MITCHELL)
    s = _score_matchpoints(p, rules, convention=conv)
    out = p.frame
    out[NS_MP] = s.ns_mp
    out[EW_MP] = s.ew_mp
    out[TOP] = s.top
    out[NS_PERCENTAGE], out[EW_PERCENTAGE] = _board_percentages(p, s, conv)
    return out


# --- per pair and board --------------------------------------------------------------------------


class _Sides(_Record):
    """Both sides of every result stacked: NS sides first, then EW sides."""

    row: np.ndarray
    ew: np.ndarray
    pk: np.ndarray
    opp: np.ndarray
    line_bit: np.ndarray  # 1 for the EW line of a Mitchell, else 0


def _sides(p: _Prep) -> _Sides:
    """Both sides of every result, NS sides first."""
    n = p.n
    ew = np.zeros(2 * n, dtype=bool)
    ew[n:] = True
    pk = np.concatenate([p.pk_ns, p.pk_ew])
    line_bit = ew & ~p.howell[p.pk_evsec[pk]]
    opp = np.concatenate([p.pk_ew, p.pk_ns])
    return _Sides(row=np.tile(np.arange(n), 2), ew=ew, pk=pk, opp=opp, line_bit=line_bit)


def _per_pair_board(p: _Prep, s: _Scored, *, detail: bool, pair: Any = None) -> pd.DataFrame:
    """One row per pair per board (of `pair` only when given), sorted by pair then board."""
    sides = _sides(p)
    mp = np.concatenate([s.ns_mp, s.ew_mp])
    top = np.concatenate([s.top, s.top])
    keep: Any = slice(None)
    if p.phantom_rows.size:  # a phantom pair is no pair of the session
        keep = np.ones(2 * p.n, dtype=bool)
        keep[p.phantom_rows[p.phantom_ns]] = False
        keep[p.n + p.phantom_rows[~p.phantom_ns]] = False
    if pair is not None:
        wanted = np.atleast_1d(np.asarray(pair, dtype=object))
        labels = np.asarray(p.pair_label(np.arange(p.n_pk)), dtype=object)
        keep = np.isin(labels, wanted)[sides.pk] & (True if isinstance(keep, slice) else keep)
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
        assert s.raw_mp is not None and s.raw_top is not None  # (scored with detail)
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
    convention: str | Convention | None = None,
) -> pd.DataFrame:
    """One row per pair per board: the pair's own score, matchpoints and percentage.

    Parameters
    ----------
    results : pandas.DataFrame
        Pairs traveller frame (see :mod:`tourneystats.bridge`).
    movement : {None, "mitchell", "howell"}
        The movement of every session; None reads it from the data (see :mod:`tourneystats.bridge`).
    scale, artificial_percent, convention
        As in :func:`matchpoints`.

    Returns
    -------
    pandas.DataFrame
        ``event, section, line, pair, board, [round], direction, opponent, score`` (the pair's
        own score: the NS score for NS, its negation for EW; missing when artificial),
        ``[artificial], mp, top, percentage``; sorted by event, section, line, pair, board.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.bridge import pair_scores
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
    s = _score_matchpoints(p, rules, convention=convention_of(convention))
    return _per_pair_board(p, s, detail=False)


def explain(
    results: pd.DataFrame,
    *,
    pair: Any = None,
    movement: str | None = None,
    scale: str = "full",
    artificial_percent: Sequence[float] | Mapping[str, Sequence[float]] = (60, 50, 40),
    convention: str | Convention | None = None,
    players: pd.DataFrame | None = None,
) -> pd.DataFrame:
    """Where a pair's session result comes from, board by board.

    The rows of :func:`pair_scores` (for one pair, a list of pairs, or all) with two more
    columns: ``raw_mp``, the pair's matchpoints before Neuberg scaling (against the board's
    comparable results only; missing for an artificial result), and ``contribution``, the
    board's share of the session percentage (``100 * mp / total top of the pair's boards``).
    Per (event, section, line, pair), ``mp`` sums to the pair's ``mp`` in
    :func:`mp_standings` and ``contribution`` to its ``percentage`` (under a convention that
    totals matchpoints, ``percentage="total"``, without ``neuberg_decimals``). A phantom pair
    has no rows. With `players` (``event, [section,] pair, names``: the ``pairs`` frame of
    :func:`~tourneystats.bridge.read_usebio`), each row carries the pair's ``names``.

    Parameters
    ----------
    results : pandas.DataFrame
        A traveller frame, as :func:`matchpoints` takes it.
    pair : optional
        The pair, or a list of pairs, shown (default: all).
    movement, scale, artificial_percent, convention
        As in :func:`mp_standings`.
    players : pandas.DataFrame, optional
        The pairs' names, ``event, [section,] pair, names`` (the ``pairs`` frame of
        :func:`~tourneystats.bridge.read_usebio` and :func:`~tourneystats.bridge.read_pbn`):
        ``names`` is carried into the table, after the pair.

    Returns
    -------
    pandas.DataFrame
        The rows of :func:`pair_scores` with ``raw_mp`` and ``contribution``.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.bridge import explain
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
    s = _score_matchpoints(p, rules, detail=True, convention=convention_of(convention))
    return with_people(_per_pair_board(p, s, detail=True, pair=pair), players)


# --- session standings ---------------------------------------------------------------------------


def mp_standings(
    results: pd.DataFrame,
    *,
    movement: str | None = None,
    scale: str = "full",
    artificial_percent: Sequence[float] | Mapping[str, Sequence[float]] = (60, 50, 40),
    convention: str | Convention | None = None,
) -> pd.DataFrame:
    """Matchpoint session result of every pair of every session: matchpoints, percentage, place.

    Every session is matchpointed, whatever it declares; :func:`~tourneystats.bridge.standings`
    scores each session as it declares.

    Parameters
    ----------
    results : pandas.DataFrame
        Pairs traveller frame, any number of sessions (see :mod:`tourneystats.bridge`).
    movement : {None, "mitchell", "howell"}
        Mitchell ranks the NS and EW lines separately (``line`` = ``"NS"``/``"EW"``); Howell ranks
        one field (``line`` = ``"all"``). None reads the movement of each session from the data.
    scale, artificial_percent, convention
        As in :func:`matchpoints`.

    Returns
    -------
    pandas.DataFrame
        One row per pair: ``event, section, line, pair, boards`` (boards played), ``mp`` (sum of
        its Neuberg-scaled MP), ``top`` (sum of the tops of those boards), ``percentage``
        (``100 * mp / top``, unrounded by default), ``factored`` (``mp`` scaled to the most
        boards a pair of its line played) and ``rank`` (shared places, by percentage, within
        the line or field), sorted by event, section, line and place.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.bridge import mp_standings
    >>> df = pd.DataFrame({"event": "E", "board": [1, 1, 2, 2], "ns_pair": [1, 2, 1, 2],
    ...                    "ew_pair": [1, 2, 2, 1], "ns_score": [420, 450, -50, 100]})
    >>> mp_standings(df).drop(columns=["event", "section"])
      line  pair  boards   mp  top  percentage  factored  rank  decided_by
    0   NS     2       2  4.0  4.0       100.0       4.0     1  percentage
    1   NS     1       2  0.0  4.0         0.0       0.0     2        <NA>
    2   EW     1       2  2.0  4.0        50.0       2.0     1        tied
    3   EW     2       2  2.0  4.0        50.0       2.0     1        <NA>
    """
    rules = MatchpointRules.make(scale=scale, artificial_percent=artificial_percent)
    return _mp_totals(_prepare(results, movement=movement), rules, convention_of(convention))


def _mp_totals(p: _Prep, rules: MatchpointRules, conv: Convention) -> pd.DataFrame:
    """:func:`mp_standings` of a prepared frame."""
    s = _score_matchpoints(p, rules, convention=conv)
    board_pct = _board_percentages(p, s, conv) if conv.percentage == "mean" else None
    ns, ew = s.ns_mp, s.ew_mp
    if conv.neuberg_decimals is not None and s.scaled is not None:
        # Compscore: a Neuberg-scaled score enters the total as its rounded percentage
        rows = s.scaled[s.top[s.scaled] > 0]
        top = s.top[rows]
        ns, ew = ns.copy(), ew.copy()
        ns[rows] = conv.round(100.0 * ns[rows] / top, conv.neuberg_decimals) * top / 100.0
        ew[rows] = conv.round(100.0 * ew[rows] / top, conv.neuberg_decimals) * top / 100.0
    return _standings(
        p,
        ns,
        ew,
        s.top,
        MP,
        convention=conv,
        board_pct=board_pct,
        percent_of=(s.ns_mp, s.ew_mp) if ns is not s.ns_mp else None,
    )
