"""Duplicate bridge contract scoring, vulnerability, and the container the bridge readers return.

Scoring follows the Laws of Duplicate Bridge (scoring table of Law 77), vectorised with numpy:
contracts are parsed once per distinct string (``pd.factorize``), then every row is scored with
array arithmetic, never a Python loop over rows.

Contract scoring, from the declaring side's point of view:

- **trick points** per odd trick bid and made: clubs/diamonds 20, hearts/spades 30, no trump 40
  for the first and 30 for each further trick; doubled x2, redoubled x4;
- **bonus**: part score 50 when the trick points are below 100; game 300 not vulnerable,
  500 vulnerable; small slam 500 / 750, grand slam 1000 / 1500 on top of the game bonus;
  making a doubled (redoubled) contract 50 (100);
- **overtricks**: undoubled at the trick value (20 or 30); doubled 100 not vulnerable, 200
  vulnerable; redoubled twice that;
- **undertricks**: undoubled 50 each (100 vulnerable); doubled not vulnerable 100 for the first,
  200 for the second and third, 300 from the fourth; doubled vulnerable 200 for the first and 300
  for each further one; redoubled twice the doubled penalty.

The score is returned signed from North-South's side: positive when North-South gain.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import pandas as pd

from ..core.schema import ValidationError

#: strain codes used internally (index into the trick-value tables)
STRAINS = ("C", "D", "H", "S", "NT")
#: the four seats, clockwise
SEATS = ("N", "E", "S", "W")
#: vulnerability values, as in the PBN ``Vulnerable`` tag's export format
VULNERABILITIES = ("None", "NS", "EW", "All")

# Vulnerability of boards 1..16 (repeats every 16 boards): the standard duplicate cycle.
_CYCLE = np.array(
    [
        "None", "NS", "EW", "All", "NS", "EW", "All", "None",
        "EW", "All", "None", "NS", "All", "None", "NS", "EW",
    ],
    dtype=object,
)  # fmt: skip

_CONTRACT_RE = re.compile(r"^([1-7])\s*(C|D|H|S|NT|N)\s*(X{0,2})$")
_PASS_KEYS = frozenset({"PASS", "P", "AP", "PASSED", "PASSOUT", "PASSEDOUT", "ALLPASS"})

_VUL_ALIASES = {
    "NONE": "None",
    "LOVE": "None",
    "-": "None",
    "O": "None",
    "NS": "NS",
    "N-S": "NS",
    "N/S": "NS",
    "EW": "EW",
    "E-W": "EW",
    "E/W": "EW",
    "ALL": "All",
    "BOTH": "All",
    "B": "All",
}


# --- the container the readers return ------------------------------------------------------------


class Published(NamedTuple):
    """Values a results file published, to compare computations against.

    Attributes
    ----------
    lines : pandas.DataFrame
        One row per published result (traveller line or table result), with the same key
        columns as the ``results`` frame and the published per-result values (``ns_mp``,
        ``ew_mp``, ``ns_percentage``, ``ew_percentage``, ``ns_imps``, ``ew_imps``,
        ``ns_score``, ...), only the columns the file had.
    boards : pandas.DataFrame
        One row per board with a published board-level value (``datum`` for Butler).
    totals : pandas.DataFrame
        One row per pair (or team) with the published session result: ``total``,
        ``percentage``, ``rank``, ``line``, ``boards``, ``scoring``, as the file had them.
    """

    lines: pd.DataFrame
    boards: pd.DataFrame
    totals: pd.DataFrame


class BridgeFile(NamedTuple):
    """What a bridge results reader returns.

    Attributes
    ----------
    results : pandas.DataFrame
        The canonical results frame: a pairs traveller frame (one row per result of a board) or a
        team results frame (one row per table result), see :func:`tourneystats.bridge.read_pbn`.
    published : Published
        The values the file published (match points, percentages, totals, places, datums,
        IMPs, scores), to compare computations against.
    pairs : pandas.DataFrame
        The participants (pair or team ids with their players' names), possibly empty.
    """

    results: pd.DataFrame
    published: Published
    pairs: pd.DataFrame


#: section label given to results whose file names no section
DEFAULT_SECTION = "A"


def _empty_like(frames: list[pd.DataFrame]) -> pd.DataFrame:
    for f in frames:
        if len(f.columns):
            return f.iloc[:0]
    return pd.DataFrame()


def rename_clashing_events(
    frames: list[pd.DataFrame], path: Path, seen: set, name: str | None = None
) -> list[pd.DataFrame]:
    """The `frames` of one file, with ``" [file stem]"`` (or ``" [name]"``) appended to every event
    label that an earlier file already used (`seen`, updated with this file's labels).

    Examples
    --------
    >>> seen = {"Wednesday"}
    >>> out = rename_clashing_events([pd.DataFrame({"event": ["Wednesday"]})],
    ...                              Path("club-03-06.xml"), seen)
    >>> out[0]["event"].tolist(), sorted(seen)
    (['Wednesday [club-03-06]'], ['Wednesday', 'Wednesday [club-03-06]'])
    """
    from ..core.schema import EVENT

    labels: set = set()
    for f in frames:
        if EVENT in f.columns:
            labels.update(f[EVENT].dropna().unique().tolist())
    clash = labels & seen
    if clash:
        tag = Path(path).stem if name is None else name
        mapping = {lab: f"{lab} [{tag}]" for lab in clash}
        frames = [
            f.assign(**{EVENT: f[EVENT].replace(mapping)}) if EVENT in f.columns else f
            for f in frames
        ]
        labels = {mapping.get(lab, lab) for lab in labels}
    seen |= labels
    return frames


def combine(files: list[tuple[Path, BridgeFile]], *, rename_clashes: bool) -> BridgeFile:
    """Stack the BridgeFiles read from several files.

    With `rename_clashes`, an event label that an earlier file already used gets the file's stem
    appended (``"Wednesday [club-2024-03-06]"``; the file's path below the folder when files in
    different folders share the stem: :func:`~tourneystats.core.folders.event_names`), so two
    files never merge into one event.
    """
    from ..core.folders import event_names

    if len(files) == 1:
        return files[0][1]
    seen: set = set()
    parts: list[BridgeFile] = []
    names = event_names([path for path, _ in files]) if rename_clashes else []
    for i, (path, bf) in enumerate(files):
        frames = [bf.results, *bf.published, bf.pairs]
        if rename_clashes:
            frames = rename_clashing_events(frames, path, seen, names[i])
        parts.append(BridgeFile(frames[0], Published(frames[1], frames[2], frames[3]), frames[4]))

    def stack(frames: list[pd.DataFrame]) -> pd.DataFrame:
        kept = [f for f in frames if len(f)]
        if not kept:
            return _empty_like(frames)
        return pd.concat(kept, ignore_index=True)

    results = stack([p.results for p in parts])
    published = Published(*(stack([p.published[i] for p in parts]) for i in range(3)))
    return BridgeFile(results, published, stack([p.pairs for p in parts]))


# --- artificial (average-type) adjusted scores ---------------------------------------------------


def artificial_code(ns_percent: Any, ew_percent: Any) -> str:
    """Canonical code of an artificial adjusted score: ``"A"`` + NS percent + EW percent.

    Examples
    --------
    >>> artificial_code(60, 40)
    'A6040'
    >>> artificial_code(50.0, 50.0)
    'A5050'
    """
    ns, ew = float(ns_percent), float(ew_percent)
    if not (0 <= ns <= 100 and 0 <= ew <= 100) or ns != int(ns) or ew != int(ew):
        raise ValueError(f"artificial score percentages must be whole numbers in 0..100: {ns}/{ew}")
    return f"A{int(ns):02d}{int(ew):02d}"


# --- vulnerability -------------------------------------------------------------------------------


def vulnerability(board: Any) -> Any:
    """Vulnerability of a board number in the standard 16-board cycle.

    Boards 1..16 are None, NS, EW, All, NS, EW, All, None, EW, All, None, NS, All, None, NS, EW,
    and board ``b`` has the vulnerability of board ``(b - 1) % 16 + 1``.

    Parameters
    ----------
    board : int, array-like or pandas.Series
        Board numbers (positive integers).

    Returns
    -------
    str, numpy.ndarray of str, or pandas.Series
        ``"None"``, ``"NS"``, ``"EW"`` or ``"All"``; a Series keeps the input's index.

    Examples
    --------
    >>> from tourneystats import vulnerability
    >>> vulnerability(13)
    'All'
    >>> vulnerability([1, 2, 3, 4, 17]).tolist()
    ['None', 'NS', 'EW', 'All', 'None']
    """
    if np.isscalar(board):
        b = int(board)  # type: ignore[arg-type]  # (np.isscalar narrows Any too far)
        if b < 1:
            raise ValidationError(f"board number must be positive, got {board!r}")
        return str(_CYCLE[(b - 1) % 16])
    index = board.index if isinstance(board, pd.Series) else None
    values = pd.to_numeric(pd.Series(np.asarray(board, dtype=object)), errors="coerce")
    bad = values.isna() | (values < 1) | (values != np.floor(values))
    if bad.any():
        shown = ", ".join(repr(v) for v in np.asarray(board, dtype=object)[bad.to_numpy()][:5])
        raise ValidationError(f"board numbers must be positive integers; got {shown}")
    out = _CYCLE[(values.to_numpy(dtype=np.int64) - 1) % 16]
    if index is not None:
        return pd.Series(out, index=index, name="vulnerable", dtype=object)
    return out


def normalize_vulnerable(values: Any) -> np.ndarray:
    """Map vulnerability spellings (PBN ``Love``/``Both``/``-``, ``N-S``...) to None/NS/EW/All.

    Missing values stay missing (``None``); an unknown spelling raises ``ValidationError``.

    Examples
    --------
    >>> normalize_vulnerable(["Love", "N-S", "both", None]).tolist()
    ['None', 'NS', 'All', None]
    """
    arr = np.asarray(values, dtype=object).reshape(-1)
    codes, uniques = pd.factorize(pd.Series(arr, dtype=object), use_na_sentinel=True)
    table = np.array([*(vulnerable_text(u) for u in uniques), None], dtype=object)
    return table[codes]


# --- contracts -----------------------------------------------------------------------------------


class ParsedContract(NamedTuple):
    """Arrays describing parsed contracts (one entry per input row)."""

    level: np.ndarray  #: 1..7, 0 for a passed-out board, -1 when missing
    strain: np.ndarray  #: index into STRAINS, -1 when passed out or missing
    risk: np.ndarray  #: 0 undoubled, 1 doubled, 2 redoubled
    canonical: np.ndarray  #: canonical strings ("3NT", "4SX", "Pass"), None when missing


def _is_missing(value: Any) -> bool:
    if value is None:
        return True
    try:
        return bool(pd.isna(value))
    except (TypeError, ValueError):
        return False


@functools.lru_cache(maxsize=4096)
def _parse_text(text: str) -> tuple[int, int, int, str | None] | None:
    text = text.strip().upper().replace("*", "X").replace(" ", "")
    if text in _PASS_KEYS:
        return (0, -1, 0, "Pass")
    m = _CONTRACT_RE.match(text)
    if not m:
        return None
    strain = "NT" if m.group(2) in ("N", "NT") else m.group(2)
    level, risk = int(m.group(1)), len(m.group(3))
    return (level, STRAINS.index(strain), risk, f"{level}{strain}{m.group(3)}")


def contract_text(value: Any) -> str | None:
    """Canonical spelling of one contract (``"4sx"`` -> ``"4SX"``), None when missing.

    Raises
    ------
    ValidationError
        When `value` is not a contract.

    Examples
    --------
    >>> contract_text("3n"), contract_text("PASS")
    ('3NT', 'Pass')
    """
    parsed = _parse_one(value)
    if parsed is None:
        raise ValidationError(f"not a contract: {value!r} (expected e.g. 3NT, 4SX, 6HXX or Pass)")
    return parsed[3]


def vulnerable_text(value: Any) -> str | None:
    """Canonical spelling of one vulnerability (``"Both"`` -> ``"All"``), None when missing.

    Examples
    --------
    >>> vulnerable_text("Love"), vulnerable_text("N-S")
    ('None', 'NS')
    """
    if _is_missing(value):
        return None
    key = str(value).strip().upper()
    if key not in _VUL_ALIASES:
        raise ValidationError(
            f"unknown vulnerability {value!r}; expected None, NS, EW or All (or Love, Both, -)"
        )
    return _VUL_ALIASES[key]


def _parse_one(value: Any) -> tuple[int, int, int, str | None] | None:
    """(level, strain, risk, canonical) of one contract string; None when it is not one."""
    if _is_missing(value):
        return (-1, -1, 0, None)
    return _parse_text(str(value))


def parse_contracts(contract: Any) -> ParsedContract:
    """Parse contract strings (``"3NT"``, ``"4Sx"``, ``"6HXX"``, ``"Pass"``) into arrays.

    Each distinct string is parsed once; rows are filled by integer codes. ``N`` is read as no
    trump, ``x``/``*`` as a double, case and inner spaces are ignored. Missing values give
    level -1.

    Raises
    ------
    ValidationError
        Listing the strings that are not contracts.

    Examples
    --------
    >>> parse_contracts(["3NT", "4sx", "Pass"]).canonical.tolist()
    ['3NT', '4SX', 'Pass']
    """
    arr = np.asarray(contract, dtype=object).reshape(-1)
    codes, uniques = pd.factorize(pd.Series(arr, dtype=object), use_na_sentinel=True)
    parsed: list[Any]  # (None for a refused value)
    parsed = [_parse_one(u) for u in uniques]
    bad = [repr(u) for u, p in zip(uniques, parsed) if p is None]
    if bad:
        raise ValidationError(
            f"not a contract: {', '.join(bad[:5])}"
            + (f" and {len(bad) - 5} more" if len(bad) > 5 else "")
            + " (expected e.g. 3NT, 4SX, 6HXX or Pass)"
        )
    parsed.append((-1, -1, 0, None))  # the NA sentinel (code -1 indexes the last entry)
    level = np.array([p[0] for p in parsed], dtype=np.int64)[codes]
    strain = np.array([p[1] for p in parsed], dtype=np.int64)[codes]
    risk = np.array([p[2] for p in parsed], dtype=np.int64)[codes]
    canonical = np.array([p[3] for p in parsed], dtype=object)[codes]
    return ParsedContract(level, strain, risk, canonical)


def normalize_contract(contract: Any) -> np.ndarray:
    """Canonical contract strings: ``"3NT"``, ``"4SX"``, ``"6HXX"``, ``"Pass"`` (None if missing).

    Examples
    --------
    >>> normalize_contract(["3n", "2Dx", "PASS", None]).tolist()
    ['3NT', '2DX', 'Pass', None]
    """
    return parse_contracts(contract).canonical


def _declarer_codes(declarer: Any, n: int) -> np.ndarray:
    """0..3 for N, E, S, W; -1 when missing."""
    arr = _broadcast(declarer, n)
    codes, uniques = pd.factorize(pd.Series(arr, dtype=object), use_na_sentinel=True)
    table = []
    for u in uniques:
        key = str(u).strip().upper().lstrip("^")
        key = {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}.get(key, key)
        if key == "":
            table.append(-1)
            continue
        if key not in SEATS:
            raise ValidationError(f"declarer must be one of N, E, S, W; got {u!r}")
        table.append(SEATS.index(key))
    return np.array([*table, -1], dtype=np.int64)[codes]


def _broadcast(values: Any, n: int) -> np.ndarray:
    if np.isscalar(values) or values is None:
        return np.full(n, values, dtype=object)
    arr = np.asarray(values, dtype=object).reshape(-1)
    if arr.size != n:
        raise ValueError(f"inputs have different lengths ({arr.size} and {n})")
    return arr


def _numbers(values: Any, n: int, what: str) -> tuple[np.ndarray, np.ndarray]:
    """Integer values and a missing mask."""
    arr = _broadcast(values, n)
    num = pd.to_numeric(pd.Series(arr, dtype=object), errors="coerce")
    missing = num.isna().to_numpy() & pd.Series(arr, dtype=object).isna().to_numpy()
    bad = num.isna().to_numpy() & ~missing
    floats = num.to_numpy(dtype=np.float64, na_value=np.nan)
    bad |= ~np.isnan(floats) & (floats != np.floor(floats))
    if bad.any():
        raise ValidationError(f"{what} must be whole numbers; got {arr[bad][0]!r}")
    return np.where(np.isnan(floats), 0, floats).astype(np.int64), missing


def _declarer_vulnerable(
    vulnerable: Any, decl: np.ndarray, n: int
) -> tuple[np.ndarray, np.ndarray]:
    """Whether the declaring side is vulnerable, and a missing mask."""
    arr = _broadcast(vulnerable, n)
    if arr.size and all(isinstance(v, (bool, np.bool_)) for v in arr[: min(arr.size, 64)]):
        as_bool = pd.Series(arr, dtype=object)
        if as_bool.map(lambda v: isinstance(v, (bool, np.bool_))).all():
            return as_bool.to_numpy(dtype=bool), np.zeros(n, dtype=bool)
    vul = normalize_vulnerable(arr)
    missing = pd.isna(pd.Series(vul, dtype=object)).to_numpy()
    ns_decl = (decl == 0) | (decl == 2)
    result = (vul == "All") | ((vul == "NS") & ns_decl) | ((vul == "EW") & ~ns_decl)
    return result.astype(bool), missing


def declarer_score(
    level: np.ndarray,
    strain: np.ndarray,
    risk: np.ndarray,
    tricks: np.ndarray,
    vulnerable: np.ndarray,
) -> np.ndarray:
    """Score of the declaring side from parsed arrays (all the same length; level 0 = passed).

    Pure numpy; see the module docstring for the rules.

    Examples
    --------
    >>> declarer_score(np.array([3]), np.array([4]), np.array([0]), np.array([9]), np.array([False]))
    array([400])
    """
    level = np.asarray(level, dtype=np.int64)
    strain = np.asarray(strain, dtype=np.int64)
    risk = np.asarray(risk, dtype=np.int64)
    tricks = np.asarray(tricks, dtype=np.int64)
    vul = np.asarray(vulnerable, dtype=bool)

    mult = np.left_shift(1, risk)  # 1, 2, 4
    per_trick = np.where(strain <= 1, 20, 30)  # minors 20, majors and no trump 30
    notrump = strain == 4
    trick_points = (level * per_trick + np.where(notrump, 10, 0)) * mult
    game = trick_points >= 100
    bonus = np.where(game, np.where(vul, 500, 300), 50)
    bonus += np.where(level == 6, np.where(vul, 750, 500), 0)
    bonus += np.where(level == 7, np.where(vul, 1500, 1000), 0)
    bonus += np.where(risk == 1, 50, np.where(risk == 2, 100, 0))
    over = tricks - (level + 6)
    over_value = np.where(risk == 0, per_trick, np.where(vul, 200, 100) * (mult // 2))
    made = trick_points + bonus + np.maximum(over, 0) * over_value

    down = np.maximum(-over, 0)
    undoubled = down * np.where(vul, 100, 50)
    doubled = np.where(
        vul,
        200 + 300 * (down - 1),
        100 + 200 * np.minimum(down - 1, 2) + 300 * np.maximum(down - 3, 0),
    )
    penalty = np.where(risk == 0, undoubled, doubled * (mult // 2))
    score = np.where(over >= 0, made, -penalty)
    return np.where(level == 0, 0, score).astype(np.int64)


def contract_score(contract: Any, declarer: Any, tricks: Any, vulnerable: Any) -> Any:
    """North-South score of duplicate bridge results, vectorised.

    Parameters
    ----------
    contract : str, array-like or pandas.Series
        Contracts such as ``"3NT"``, ``"4SX"``, ``"6HXX"``, ``"Pass"`` (case-insensitive; ``x``
        and ``N`` accepted). Missing values give a missing score.
    declarer : str, array-like or pandas.Series
        ``"N"``, ``"E"``, ``"S"`` or ``"W"`` (ignored for a passed-out board).
    tricks : int, array-like or pandas.Series
        Tricks taken by declarer, 0..13 (use :func:`tricks_from_result` for ``+1`` / ``-2``).
    vulnerable : str, bool, array-like or pandas.Series
        The board's vulnerability, ``"None"``, ``"NS"``, ``"EW"`` or ``"All"`` (PBN spellings
        ``Love``, ``Both``, ``-`` accepted), for instance ``vulnerability(board)``; or booleans
        meaning "the declaring side is vulnerable".

    Returns
    -------
    int, numpy.ndarray or pandas.Series
        The score signed from North-South's side. An array (int64) for array input, a Series
        keeping the index of the first Series argument; nullable ``Int64`` when any score is
        missing (missing contract, or a missing declarer, tricks or vulnerability of a played
        contract).

    Raises
    ------
    ValidationError
        An unreadable contract, declarer or vulnerability, or tricks outside 0..13.

    Examples
    --------
    >>> from tourneystats import contract_score
    >>> contract_score("3NT", "N", 9, "None")
    400
    >>> contract_score(["4S", "1NTX", "7NTXX"], ["S", "E", "N"], [11, 6, 13], ["All", "None", "NS"])
    array([  650,   100,  2980])
    """
    args = (contract, declarer, tricks, vulnerable)
    scalar = all(np.isscalar(a) or a is None for a in args)
    index = next((a.index for a in args if isinstance(a, pd.Series)), None)
    parsed = parse_contracts(contract)
    n = parsed.level.size
    decl = _declarer_codes(declarer, n)
    t, t_missing = _numbers(tricks, n, "tricks")
    played = parsed.level > 0
    if (played & ~t_missing & ((t < 0) | (t > 13))).any():
        bad = t[played & ~t_missing & ((t < 0) | (t > 13))][0]
        raise ValidationError(f"tricks taken must be between 0 and 13; got {bad}")
    vul, v_missing = _declarer_vulnerable(vulnerable, decl, n)
    score = declarer_score(
        np.maximum(parsed.level, 0), np.maximum(parsed.strain, 0), parsed.risk, t, vul
    )
    ns_side = (decl == 0) | (decl == 2)
    score = np.where(ns_side | ~played, score, -score)
    missing = (parsed.level < 0) | (played & ((decl < 0) | t_missing | v_missing))
    if scalar:
        return None if missing[0] else int(score[0])
    if missing.any():
        out = pd.array(score, dtype="Int64")
        out[missing] = pd.NA
        return pd.Series(out, index=index, name="ns_score") if index is not None else out
    if index is not None:
        return pd.Series(score, index=index, name="ns_score")
    return score


def tricks_from_result(contract: Any, result: Any) -> Any:
    """Tricks taken by declarer from a result relative to the contract (``"="``, ``+1``, ``-2``).

    Parameters
    ----------
    contract : str, array-like or pandas.Series
        Contracts, as for :func:`contract_score`.
    result : int, str, array-like or pandas.Series
        Overtricks (positive) or undertricks (negative); ``"="``, ``"+1"``, ``"-2"``, ``0``.

    Returns
    -------
    int, numpy.ndarray or pandas.Series
        ``level + 6 + result``; 0 for a passed-out board.

    Examples
    --------
    >>> from tourneystats import tricks_from_result
    >>> tricks_from_result("4S", "+1")
    11
    >>> tricks_from_result(["3NT", "1CXX"], ["=", -7]).tolist()
    [9, 0]
    """
    scalar = (np.isscalar(contract) or contract is None) and np.isscalar(result)
    index = next((a.index for a in (contract, result) if isinstance(a, pd.Series)), None)
    parsed = parse_contracts(contract)
    n = parsed.level.size
    raw = pd.Series(_broadcast(result, n), dtype=object)
    text = raw.astype(str).str.strip().str.replace("=", "0", regex=False)
    rel = pd.to_numeric(text.where(raw.notna()), errors="coerce")
    if (rel.isna() & raw.notna()).any():
        raise ValidationError(f"not a result: {raw[rel.isna() & raw.notna()].iloc[0]!r}")
    tricks = np.where(parsed.level > 0, parsed.level + 6 + rel.fillna(0).to_numpy(), 0)
    tricks = tricks.astype(np.int64)
    played = parsed.level > 0
    if (played & ((tricks < 0) | (tricks > 13))).any():
        raise ValidationError("a result gives fewer than 0 or more than 13 tricks")
    if scalar:
        return int(tricks[0])
    return pd.Series(tricks, index=index, name="tricks") if index is not None else tricks
