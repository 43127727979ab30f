"""The consistency of bridge results, checked once for every reader.

:func:`check_play` checks the board numbers and the play of every result (contract, declarer,
tricks, vulnerability) against its score. It runs on every pairs traveller frame and team results
frame before they are scored (:mod:`~tourneystats.bridge.prepare`,
:mod:`~tourneystats.bridge.teams`), whichever reader made them: CSV, Parquet, PBN, USEBIO or a
DataFrame. The PBN and USEBIO readers also run it on what they read, through :func:`located`, so
that their errors name the line of the file.

Refused (scores by the Laws of Duplicate Bridge, Law 77):

- a board number below 1;
- an artificial code that is not ``A`` + the NS and the EW percentage, two digits each, or whose
  percentages total less than 80 or more than 120: Law 12C2 gives each side 40 % (average
  minus) to 60 % (average plus), A4040 to A6060, or a split of the board totalling 100 (A5545).
  A code with exactly one side 00 is a phantom (sit-out) table: that side is a phantom pair,
  not ranked, and the other scores its percentage (``A6000``, ``A0050``);
- a score that is not a multiple of 10 (every score of Law 77 is);
- a score beyond 7,600 either way (7NT redoubled and vulnerable, down 13: no result gives
  more), where the contract, declarer or tricks are not known to check it exactly;
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
_BOARD_VUL = np.array([_VUL_CODE[v] for v in _CYCLE], dtype=np.int8)
# whether the declaring side is vulnerable, by 2 x vulnerability + (declarer sits NS)
_DECLARER_VUL = np.array([0, 0, 0, 1, 1, 0, 1, 1], dtype=np.int64)
#: the code of a missing declarer (after N, E, S, W) and of missing tricks (after 0..13)
_NO_SEAT, _NO_TRICKS = 4, 14
#: a score no result has: the table's value where a result cannot be checked, and a missing score
_UNCHECKED = np.iinfo(np.int64).min


def _codes(series: pd.Series) -> tuple[np.ndarray, list]:
    """Integer codes of a column's values (-1 when missing) and the distinct values."""
    if isinstance(series.dtype, pd.CategoricalDtype):
        return series.cat.codes.to_numpy().astype(np.int64), list(series.cat.categories)
    codes, uniques = pd.factorize(series, use_na_sentinel=True)
    return codes.astype(np.int64, copy=False), list(uniques)


def _blank(value: Any) -> bool:
    return _is_missing(value) or (isinstance(value, str) and not value.strip())


def _spelled(
    frame: pd.DataFrame,
    column: str,
    spelling: Callable[[Any], int],
    missing: int,
    message: str,
    what: str,
) -> np.ndarray:
    """Per row: the code `spelling` gives its value (each distinct value read once), `missing`
    where blank; a value `spelling` does not know (-1) is an error."""
    codes, uniques = _codes(frame[column])
    table = [missing if _blank(u) else spelling(u) for u in uniques]
    bad = [i for i, (u, code) in enumerate(zip(uniques, table)) if code == -1 and not _blank(u)]
    if bad:
        fail_rows(frame, np.isin(codes, bad), message, what=what)
    return np.asarray([*table, missing], dtype=np.int8)[codes]


def _seat(value: Any) -> int:
    return _SEAT_CODE.get(str(value).strip().upper().lstrip("^"), -1)


def _vul(value: Any) -> int:
    return _VUL_CODE.get(_VUL_ALIASES.get(str(value).strip().upper(), ""), -1)


def _tricks(frame: pd.DataFrame, what: str) -> np.ndarray:
    """Per row: tricks taken by declarer, 14 when missing."""
    values = frame[TRICKS]
    if pd.api.types.is_integer_dtype(values.dtype):
        whole = values.to_numpy(dtype=np.int64, na_value=0)
        bad = whole.view(np.uint64) > 13  # negative numbers too
        tricks = whole.astype(np.int8)
    else:
        number = pd.to_numeric(values, errors="coerce").to_numpy(dtype=np.float64, na_value=np.nan)
        bad = ~np.isnan(number) & ~np.isin(number, np.arange(14))
        bad |= np.isnan(number) & values.notna().to_numpy()
        tricks = np.where(np.isnan(number) | bad, 0, number).astype(np.int8)
    fail_rows(frame, bad, "tricks taken must be a whole number from 0 to 13", what=what)
    if values.hasnans:
        tricks[values.isna().to_numpy()] = _NO_TRICKS
    return tricks


def _contracts(frame: pd.DataFrame, what: str) -> tuple[np.ndarray, list]:
    """Per row: the code of its contract (the number of distinct contracts when missing); and
    the distinct contracts parsed as (level, strain, risk), level 0 when passed out."""
    codes, uniques = _codes(frame[CONTRACT])
    parsed = [(-1, 0, 0) if _blank(u) else (_parse_one(str(u)) or (-2, 0, 0))[:3] for u in uniques]
    bad = [i for i, p in enumerate(parsed) if p[0] == -2]
    if bad:
        fail_rows(
            frame,
            np.isin(codes, bad),
            "malformed contract (expected a level 1-7, a strain C, D, H, S or NT, then nothing, "
            "X or XX; or Pass)",
            what=what,
        )
    return np.where(codes < 0, len(parsed), codes), [*parsed, (-1, 0, 0)]


def _score_table(parsed: list) -> np.ndarray:
    """The North-South score of every (contract, declarer, tricks, vulnerability) combination,
    flattened (axes of 5 declarers with the missing one, 15 tricks with the missing ones, 4
    vulnerabilities); ``_UNCHECKED`` where a result cannot be checked."""
    contract, seat, tricks, vul = np.meshgrid(
        np.arange(len(parsed)), np.arange(5), np.arange(15), np.arange(4), indexing="ij"
    )
    level, strain, risk = np.asarray(parsed, dtype=np.int64)[contract.ravel()].T
    seat, tricks, vul = seat.ravel(), tricks.ravel(), vul.ravel()
    ns_declares = (seat == 0) | (seat == 2)
    score = declarer_score(
        np.maximum(level, 0),
        np.maximum(strain, 0),
        risk,
        np.minimum(tricks, 13),
        _DECLARER_VUL[vul * 2 + ns_declares],
    )
    score = np.where(ns_declares, score, -score)
    unknown = (level < 0) | ((level > 0) & ((seat == _NO_SEAT) | (tricks == _NO_TRICKS)))
    return np.where(unknown, _UNCHECKED, np.where(level == 0, 0, score))


# --- artificial codes ----------------------------------------------------------------------------

_ARTIFICIAL_RE = re.compile(r"^A(\d\d)(\d\d)$")
#: the least and the most two artificial percentages may total: both sides average-minus
#: (A4040) to both average-plus (A6060), Law 12C2; a split of the board totals 100 (A5545)
ARTIFICIAL_TOTAL = (80, 120)


def _phantom(m: re.Match) -> bool:
    """Whether a code is a phantom (sit-out) table's: one side 00, the other 01 to 100."""
    ns, ew = int(m.group(1)), int(m.group(2))
    return (ns == 0) != (ew == 0) and max(ns, ew) <= 100


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
        elif not low <= int(m.group(1)) + int(m.group(2)) <= high and not _phantom(m):
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
            "A6060, Law 12C2; a split of the board such as A5545 totals 100), or one side be "
            "00, a phantom table (A6000)",
        ),
    ):
        if (bad[art_which] == kind).any():
            rows = np.zeros(len(frame), dtype=bool)
            rows[art_rows[bad[art_which] == kind]] = True
            fail_rows(frame, rows, message, what=what)
    return art_rows, art_which, art_uniques, ns, ew


# --- the play and the score ------------------------------------------------------------------------


def check_play(frame: pd.DataFrame, *, what: str = "results") -> tuple:
    """Refuse results with a board below 1, or a score that no play gives or that is not its play's.

    `frame` has ``board`` and ``ns_score`` columns and optionally ``contract``, ``declarer``,
    ``tricks``, ``vulnerable``, ``adjusted`` and ``artificial``; see the module docstring for the
    checks. Returns its artificial codes, read by :func:`artificial_codes`.

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
    art = artificial_codes(frame, what=what)
    score = frame[NS_SCORE].to_numpy(dtype=np.int64, na_value=_UNCHECKED)
    if ADJUSTED in frame.columns:
        exempt = frame[ADJUSTED].eq(True).to_numpy(dtype=bool, na_value=False)
        score = np.where(exempt, _UNCHECKED, score)
    n = len(frame)
    seat = np.full(n, _NO_SEAT, dtype=np.int8)
    if DECLARER in frame.columns:
        seat = _spelled(frame, DECLARER, _seat, _NO_SEAT, "declarer is not N, E, S or W", what)
    tricks = _tricks(frame, what) if TRICKS in frame.columns else np.full(n, _NO_TRICKS, np.int8)
    vul = _BOARD_VUL[(board - 1) & 15]  # the board's own vulnerability
    if VULNERABLE in frame.columns:
        stated = _spelled(
            frame, VULNERABLE, _vul, -2, "vulnerability is not None, NS, EW or All", what
        )
        vul = np.where(stated >= 0, stated, vul)
    if CONTRACT not in frame.columns:
        _multiples_of_ten(frame, score, np.arange(n), what)
        _possible(frame, score, np.arange(n), what)
        return art
    contract, parsed = _contracts(frame, what)
    key = contract.astype(np.int32)
    key *= 300
    key += np.multiply(seat, 60, dtype=np.int32)
    key += tricks * 4  # at most 56: an int8
    key += vul
    expected = _score_table(parsed)[key]
    differ = np.flatnonzero(expected != score)  # none on consistent results
    if len(differ):
        _multiples_of_ten(frame, score, differ, what)
        unchecked = differ[expected[differ] == _UNCHECKED]  # no contract, declarer or tricks
        _possible(frame, score, unchecked, what)
        wrong = differ[(expected[differ] != _UNCHECKED) & (score[differ] != _UNCHECKED)]
        if len(wrong):
            i = int(wrong[0])
            shown = (
                f"{frame[CONTRACT].iloc[i]} by {SEATS[seat[i]]}, {tricks[i]} tricks, "
                + ("" if vul[i] in (3, 1 + seat[i] % 2) else "not ")
                + "vulnerable"
                if parsed[contract[i]][0] > 0
                else "a passed-out board"
            )
            rows = np.zeros(n, dtype=bool)
            rows[wrong] = True
            fail_rows(
                frame,
                rows,
                f"a score differs from its contract's: {shown} scores {expected[i]} for "
                f"North-South, not {score[i]}",
                what=what,
            )
    return art


#: the largest score a result gives, either way: 7NT redoubled and vulnerable, down 13
MAX_SCORE = 7600


def _possible(frame: pd.DataFrame, score: np.ndarray, rows: np.ndarray, what: str) -> None:
    """Refuse the `rows` (positions) whose score lies beyond :data:`MAX_SCORE` either way."""
    known = rows[score[rows] != _UNCHECKED]
    beyond = known[np.abs(score[known]) > MAX_SCORE]
    if len(beyond):
        mask = np.zeros(len(frame), dtype=bool)
        mask[beyond] = True
        fail_rows(
            frame,
            mask,
            f"a score no contract gives ({int(score[beyond[0]]):+,d} for North-South; every "
            f"score lies within -{MAX_SCORE:,} and +{MAX_SCORE:,})",
            what=what,
        )


def _multiples_of_ten(frame: pd.DataFrame, score: np.ndarray, rows: np.ndarray, what: str) -> None:
    """Refuse the `rows` (positions) whose score is not a multiple of 10."""
    odd = rows[(score[rows] % 10 != 0) & (score[rows] != _UNCHECKED)]
    if len(odd):
        mask = np.zeros(len(frame), dtype=bool)
        mask[odd] = True
        fail_rows(frame, mask, "a score is not a multiple of 10", what=what)


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
