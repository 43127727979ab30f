"""The consistency of bridge results, checked once for every reader.

:func:`check_play` checks the board numbers and the play of every result (contract, declarer,
tricks, vulnerability) against its score. It runs on every pairs traveller frame and team results
frame before they are scored (:mod:`~tourneystats.bridge.prepare`,
:mod:`~tourneystats.bridge.teams`), whichever reader made them: CSV, Parquet, PBN, USEBIO or a
DataFrame. The PBN and USEBIO readers also run it on what they read, through :func:`located`, so
that their errors name the line of the file.

Refused (scores by the Laws of Duplicate Bridge, Law 77):

- a board number below 1;
- a score that is not a multiple of 10 (every score of Law 77 is);
- a contract that is not a level 1-7 and a strain C, D, H, S or NT, undoubled, doubled (``X``)
  or redoubled (``XX``), nor ``Pass``;
- a declarer other than N, E, S or W (``North`` ... accepted); tricks outside 0..13;
- a vulnerability other than None, NS, EW or All (PBN's ``Love``, ``Both``, ``-`` accepted);
- a score that differs from the one its contract, declarer, tricks and vulnerability give, when
  all four are known (a passed-out board scores 0). The vulnerability is the result's
  ``vulnerable`` value when it has one (the PBN ``Vulnerable`` tag, a ``vulnerable`` column),
  otherwise the standard vulnerability of its board number.

Exempt: an artificial score (it has no score), and a score marked ``adjusted`` (a director's
assigned adjusted score, Law 12C1, which may be weighted: PBN marks it ``^``).

Every check is a few passes over integer codes: each distinct contract, declarer and
vulnerability spelling is parsed once, and every contract is scored through a table of the
(contract, tricks, vulnerability) combinations, computed once with
:func:`~tourneystats.bridge.contract.declarer_score`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from ..core.schema import (
    ADJUSTED,
    ARTIFICIAL,
    BOARD,
    CONTRACT,
    DECLARER,
    NS_SCORE,
    TRICKS,
    VULNERABLE,
    ValidationError,
    fail_rows,
)
from .contract import (
    _CYCLE,
    _VUL_ALIASES,
    SEATS,
    VULNERABILITIES,
    _is_missing,
    _parse_one,
    declarer_score,
)

_SEAT_CODE = {"NORTH": 0, "EAST": 1, "SOUTH": 2, "WEST": 3, **{s: i for i, s in enumerate(SEATS)}}
_VUL_CODE = {v: i for i, v in enumerate(VULNERABILITIES)}  # None 0, NS 1, EW 2, All 3
_BOARD_VUL = np.array([_VUL_CODE[v] for v in _CYCLE], dtype=np.int64)
# whether the declaring side is vulnerable, by 2 x vulnerability + (declarer sits NS)
_DECLARER_VUL = np.array([0, 0, 0, 1, 1, 0, 1, 1], dtype=np.int64)


def _codes(series: pd.Series) -> tuple[np.ndarray, list]:
    """Integer codes of a column's values (-1 when missing) and the distinct values."""
    if isinstance(series.dtype, pd.CategoricalDtype):
        return series.cat.codes.to_numpy().astype(np.int64), list(series.cat.categories)
    codes, uniques = pd.factorize(series, use_na_sentinel=True)
    return codes.astype(np.int64, copy=False), list(uniques)


def _blank(value: Any) -> bool:
    return _is_missing(value) or (isinstance(value, str) and not value.strip())


def _per_row(codes: np.ndarray, table: Sequence[int]) -> np.ndarray:
    """``table[code]`` per row, -1 where the code is -1 (missing)."""
    return np.asarray([*table, -1], dtype=np.int64)[codes]


def _contracts(frame: pd.DataFrame, what: str) -> tuple[np.ndarray, np.ndarray, list]:
    """Per row: the contract's code (-1 when missing) and level (0 passed out, -1 missing); and
    the parsed distinct contracts (level, strain, risk)."""
    codes, uniques = _codes(frame[CONTRACT])
    parsed = [(-1, -1, 0) if _blank(u) else (_parse_one(str(u)) or (-2, 0, 0))[:3] for u in uniques]
    level = _per_row(codes, [p[0] for p in parsed])
    fail_rows(
        frame,
        level == -2,
        "malformed contract (expected a level 1-7, a strain C, D, H, S or NT, then nothing, X or "
        "XX; or Pass)",
        what=what,
    )
    return codes, level, parsed


def _declarers(frame: pd.DataFrame, what: str) -> np.ndarray:
    """Per row: 0..3 for N, E, S, W; -1 when missing."""
    if DECLARER not in frame.columns:
        return np.full(len(frame), -1, dtype=np.int64)
    codes, uniques = _codes(frame[DECLARER])
    table = [
        -1 if _blank(u) else _SEAT_CODE.get(str(u).strip().upper().lstrip("^"), -2) for u in uniques
    ]
    seat = _per_row(codes, table)
    fail_rows(frame, seat == -2, "declarer is not N, E, S or W", what=what)
    return seat


def _tricks(frame: pd.DataFrame, what: str) -> tuple[np.ndarray, np.ndarray]:
    """Per row: tricks taken by declarer (0 when missing) and whether they are known."""
    if TRICKS not in frame.columns:
        n = len(frame)
        return np.zeros(n, dtype=np.int64), np.zeros(n, dtype=bool)
    values = frame[TRICKS]
    if not pd.api.types.is_numeric_dtype(values.dtype):
        values = pd.to_numeric(values, errors="coerce")
    tricks = values.to_numpy(dtype=np.float64, na_value=np.nan)
    known = ~np.isnan(tricks)
    fail_rows(
        frame,
        known & ((tricks < 0) | (tricks > 13) | (tricks != np.floor(tricks))),
        "tricks taken must be a whole number from 0 to 13",
        what=what,
    )
    return np.where(known, tricks, 0).astype(np.int64), known


def _vulnerability(frame: pd.DataFrame, board: np.ndarray, what: str) -> np.ndarray:
    """Per row: 0..3 for None, NS, EW, All; the file's when stated, else the board's."""
    standard = _BOARD_VUL[(board - 1) % 16]
    if VULNERABLE not in frame.columns:
        return standard
    codes, uniques = _codes(frame[VULNERABLE])
    table = [
        -1 if _blank(u) else _VUL_CODE.get(_VUL_ALIASES.get(str(u).strip().upper()), -2)
        for u in uniques
    ]
    vul = _per_row(codes, table)
    fail_rows(frame, vul == -2, "vulnerability is not None, NS, EW or All", what=what)
    return np.where(vul >= 0, vul, standard)


# --- artificial codes ----------------------------------------------------------------------------

_ARTIFICIAL_RE = re.compile(r"^A(\d\d)(\d\d)$")
#: the least and the most two artificial percentages may total: both sides average-minus
#: (A4040) to both average-plus (A6060), Law 12C2; a split of the board totals 100 (A5545)
ARTIFICIAL_TOTAL = (80, 120)


def _parse_codes(codes: Sequence[Any]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Nominal (ns, ew) percentages of artificial codes, and a mask of bad codes: 1 where
    unreadable, 2 where the percentages total less than 80 or more than 120."""
    ns = np.full(len(codes), np.nan)
    ew = np.full(len(codes), np.nan)
    bad = np.zeros(len(codes), dtype=np.int64)
    low, high = ARTIFICIAL_TOTAL
    for i, code in enumerate(codes):  # distinct codes only (a handful)
        m = _ARTIFICIAL_RE.match(str(code).strip().upper())
        if not m:
            bad[i] = 1
        elif not low <= int(m.group(1)) + int(m.group(2)) <= high:
            bad[i] = 2
        else:
            ns[i], ew[i] = float(m.group(1)), float(m.group(2))
    return ns, ew, bad


def artificial_codes(frame: pd.DataFrame, *, what: str = "results") -> tuple:
    """The artificial results of a pairs frame: their rows (blank codes left out), the index of
    their code, the distinct codes (canonical spelling) and their nominal NS and EW percentages
    (one per code).

    Raises
    ------
    ValidationError
        An unreadable code, or percentages that total less than 80 or more than 120.
    """
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
    ns, ew, bad = _parse_codes(art_uniques)
    for kind, message in (
        (1, "unreadable artificial code (expected 'A' + NS percent + EW percent, e.g. A6040)"),
        (
            2,
            "unknown artificial code: its two percentages must total 80 to 120 (A4040 to "
            "A6060, Law 12C2; a split of the board such as A5545 totals 100)",
        ),
    ):
        if (bad[art_which] == kind).any():
            rows = np.zeros(len(frame), dtype=bool)
            rows[art_rows[bad[art_which] == kind]] = True
            fail_rows(frame, rows, message, what=what)
    return art_rows, art_which, art_uniques, ns, ew


# --- the play and the score ------------------------------------------------------------------------


def check_play(frame: pd.DataFrame, *, what: str = "results") -> None:
    """Refuse results with a board below 1, or a score that no play gives or that is not its play's.

    `frame` has ``board`` and ``ns_score`` columns and optionally ``contract``, ``declarer``,
    ``tricks``, ``vulnerable`` and ``adjusted``; see the module docstring for the checks.

    Raises
    ------
    ValidationError
        Listing the offending rows.

    Examples
    --------
    >>> df = pd.DataFrame({"event": "E", "board": 1, "ns_pair": [1, 3], "ew_pair": [2, 4],
    ...                    "contract": "3NT", "declarer": "N", "tricks": 10,
    ...                    "ns_score": [430, 990]})
    >>> check_play(df)
    Traceback (most recent call last):
    ...
    tourneystats.core.schema.ValidationError: results: a score differs from its contract's:
    3NT by N, 10 tricks, not vulnerable scores 430 for North-South, not 990 (1 row):
      event='E', board=1, ns_pair=3, ew_pair=4
    """
    board = frame[BOARD].to_numpy(dtype=np.int64)
    fail_rows(frame, board < 1, "board number below 1", what=what)
    artificial_codes(frame, what=what)
    has_score = frame[NS_SCORE].notna().to_numpy()
    score = frame[NS_SCORE].to_numpy(dtype=np.int64, na_value=0)
    if ADJUSTED in frame.columns:
        has_score = has_score & ~frame[ADJUSTED].eq(True).to_numpy(dtype=bool, na_value=False)
    fail_rows(frame, has_score & (score % 10 != 0), "a score is not a multiple of 10", what=what)
    declarer = _declarers(frame, what)
    tricks, known = _tricks(frame, what)
    vul = _vulnerability(frame, board, what)
    if CONTRACT not in frame.columns:
        return
    codes, level, parsed = _contracts(frame, what)
    checked = has_score & ((level == 0) | ((level > 0) & (declarer >= 0) & known))
    if not checked.any():
        return
    # the declaring side's score of every (contract, tricks, vulnerable) combination, once
    grid = np.array([p if p[0] >= 0 else (0, 0, 0) for p in parsed], dtype=np.int64)
    grid = np.repeat(grid, 28, axis=0)
    combo = np.tile(np.arange(28), len(parsed))
    table = declarer_score(grid[:, 0], grid[:, 1], grid[:, 2], combo // 2, combo % 2)
    ns_declares = (declarer == 0) | (declarer == 2)
    key = np.maximum(codes, 0) * 28
    key += tricks * 2
    key += _DECLARER_VUL[vul * 2 + ns_declares]
    expected = table[key]
    np.negative(expected, out=expected, where=~ns_declares)
    wrong = checked & (expected != score)
    if wrong.any():
        i = int(np.flatnonzero(wrong)[0])
        played = level[i] > 0
        what_play = (
            f"{frame[CONTRACT].iloc[i]} by {SEATS[declarer[i]]}, {tricks[i]} tricks, "
            + ("vulnerable" if _DECLARER_VUL[vul[i] * 2 + ns_declares[i]] else "not vulnerable")
            if played
            else "a passed-out board"
        )
        fail_rows(
            frame,
            wrong,
            f"a score differs from its contract's: {what_play} scores {expected[i]} for "
            f"North-South, not {score[i]}",
            what=what,
        )


def located(path: Path, lines: Sequence[int] | np.ndarray, check: Callable[[], Any]) -> None:
    """Run `check`; its error names `path`, and the line of its first row when it lists rows.

    `lines` gives the file line of every row of the frame `check` validates (rows are found by
    their position: the error's ``rows`` keep the frame's ``RangeIndex``).
    """
    try:
        check()
    except ValidationError as exc:
        rows = exc.rows
        if rows is None or not len(rows):
            raise ValidationError(f"{path}: {exc}") from None
        line = lines[int(rows.index[0])]
        raise ValidationError(f"{path}: line {line}: {exc}", rows=rows) from None
