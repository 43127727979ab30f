"""One file's check as one row of a report: :func:`file_report`.

An archive holds thousands of files; its check is a table with one row per file (what was
compared, how much agreed, and why not) beside the differences of every file. The status of a
file tells the data's faults from the rules':

============================  ==========================================================
status                        meaning
============================  ==========================================================
``equal``                     every published value compared is reproduced
``published_earlier``         every value not reproduced is a tie-breaker of a player who
                              left before the last Swiss round, or was knocked out of a top
                              cut written as Swiss rounds before its last round, that is his
                              standings after an earlier round (``published_after`` in the
                              table; melee.gg keeps a dropped player's values of the round his
                              drop was recorded after, which the file does not say:
                              :mod:`~tourneystats.cards.earlier`), or a rank that agrees once
                              the players are ranked with those values (marked with the
                              latest such round). None of them is counted as reproduced.
                              ``detail`` names the players and rounds
``different``                 the published points are reproduced, some tie-breaker or rank
                              is not (a rules difference: the preset does not follow the
                              publisher there)
``inconsistent``              the published points of some players, or their records where
                              the publisher's count the rounds (``Rules.published_records``),
                              are not what the file's own rounds give (matches missing from
                              the file, penalties): the data's fault. ``detail`` names the
                              players and what is missing; their tie-breakers are compared
                              for information only
``refused``                   the file contradicts itself or is not such a file; ``detail``
                              is the error, which names the place in the file (JSON path)
``no published values``       nothing to compare (no Swiss round, no published standings)
============================  ==========================================================

A topdeck.gg file holds no game scores: its ``OGWP`` is compared with the mean of the opponents'
*published* GW%, a consistency check of the published table, not a recomputation; ``detail``
says so (:data:`PUBLISHED_OGWP`) where it says nothing else.
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import numpy as np
import pandas as pd

from ..core.check import STATUS_ORDER
from ..core.folders import naming
from ..core.schema import EVENT, PLAYER, ValidationError
from .check import _json_events, check_from_path
from .decklistcache import JSON_SUFFIXES, swiss_rounds
from .earlier import EARLIER
from .published import PLATFORM
from .publishers import implied_rules
from .rules import Rules, get_rules

__all__ = ["REPORT_COLUMNS", "STATUSES", "file_report"]

#: the keys of :func:`file_report`'s row, in order: the columns of the archive check's report
#: (``tourneystats.core.report.REPORT_COLUMNS``, not imported: cards loads no process pool)
REPORT_COLUMNS = (
    "file",
    "platform",
    "preset",
    "compared",
    "equal",
    "status",
    "first_difference",
    "detail",
    "warnings",
)
#: the ``detail`` of a topdeck.gg file's row (where there is no other): what its OGWP comparison is
PUBLISHED_OGWP = (
    "OGWP compared with the mean of the opponents' published GW% (the file has no game scores): "
    "a consistency check of the published table, not a recomputation"
)
#: the statuses of a file, from the best (the order of the summaries: cards gives them all)
STATUSES = STATUS_ORDER
#: the published values that are points or records (the others are tie-breakers and ranks):
#: values the file's own rounds give unless matches are missing from them
POINTS_VALUES = ("Points", "match_points", "points", "Wins", "Losses", "Draws")


def _numbers(values: pd.Series) -> np.ndarray:
    """Each value as the report writes a number (``%g``; ``none`` where missing)."""
    x = pd.to_numeric(values, errors="coerce").to_numpy(dtype="float64", na_value=np.nan)
    return np.where(np.isnan(x), "none", np.char.mod("%g", x)).astype(object)


def _texts(values: pd.Series | np.ndarray) -> np.ndarray:
    return np.asarray(values, dtype=object).astype(str).astype(object)


def _joined(texts: np.ndarray, at: np.ndarray, n: int, sep: str) -> np.ndarray:
    """The `texts` of each of `n` files (`at`: each text's file), joined with `sep` in their
    order ("" for a file without any)."""
    out = np.full(n, "", dtype=object)
    if not texts.size:
        return out
    order = np.argsort(at, kind="stable")
    texts, at = texts[order], at[order]
    start = np.r_[True, at[1:] != at[:-1]]
    pieces = np.where(start, "", sep).astype(object) + texts
    out[at[start]] = np.add.reduceat(pieces, np.flatnonzero(start))
    return out


def _first_differences(table: pd.DataFrame, at: np.ndarray, n: int, wrong: np.ndarray,
                       earlier: np.ndarray) -> np.ndarray:  # fmt: skip
    """Per file, its first value not reproduced (not published as an earlier round's, where
    there is one): ``player: value published X, computed Y``."""
    big = np.iinfo(np.int64).max
    rows = np.arange(len(table))
    plain, any_ = np.full(n, big), np.full(n, big)
    np.minimum.at(plain, at[wrong & ~earlier], rows[wrong & ~earlier])
    np.minimum.at(any_, at[wrong], rows[wrong])
    first = np.where(plain < big, plain, any_)
    has = first < big
    out = np.full(n, "", dtype=object)
    chosen = table.iloc[first[has]]
    out[has] = (
        _texts(chosen[PLAYER]) + ": " + _texts(chosen["value"]) + " published "
        + _numbers(chosen["published"]) + ", computed " + _numbers(chosen["computed"])
    )  # fmt: skip
    return out


def _missing_points(table: pd.DataFrame, at: np.ndarray, n: int, points: np.ndarray) -> np.ndarray:
    """Per file: the players whose published points their rounds cannot give, and the points
    missing ("" where none)."""
    rows = table[points]
    gap = pd.to_numeric(rows["published"], errors="coerce").to_numpy(dtype="float64") - (
        pd.to_numeric(rows["computed"], errors="coerce").to_numpy(dtype="float64")
    )
    parts = (
        _texts(rows[PLAYER]) + " (" + _texts(rows["value"]) + " published "
        + _numbers(rows["published"]) + ", its rounds give " + _numbers(rows["computed"]) + ": "
        + _numbers(pd.Series(np.abs(gap))) + np.where(gap > 0, " missing)", " too many)")
    )  # fmt: skip
    listed = _joined(parts, at[points], n, "; ")
    count = np.bincount(at[points], minlength=n)
    has = count > 0
    out = np.full(n, "", dtype=object)
    out[has] = (
        "published points or records that the file's own rounds cannot give, "
        + count[has].astype(str).astype(object) + " value(s): " + listed[has]
        + "; the tie-breakers are compared for information only"
    )  # fmt: skip
    return out


def _shown_earlier(table: pd.DataFrame, at: np.ndarray, n: int, earlier: np.ndarray) -> np.ndarray:
    """Per file: the players who left (or were knocked out of a top cut) whose published
    tie-breakers are their standings after an earlier round, the rounds, and the ranks that
    agree only given those values ("" where none)."""
    values = earlier & (table["value"].to_numpy() != "Rank")
    out = np.full(n, "", dtype=object)
    if not values.any():
        return out
    rows = table[values]
    name, _ = pd.factorize(_texts(rows[PLAYER]), sort=True)  # (players by name)
    sort = np.lexsort((np.arange(len(rows)), name, at[values]))
    where, name = at[values][sort], name[sort]
    first = np.r_[True, (where[1:] != where[:-1]) | (name[1:] != name[:-1])][: where.size]
    player = sort[first]  # each file's players, by name, with their first value's round
    which = where[first]
    nth = np.arange(which.size) - np.searchsorted(which, which)
    each = np.bincount(which, minlength=n)
    listed = (
        _texts(rows[PLAYER].iloc[player])
        + " ("
        + _texts(rows[EARLIER].iloc[player].astype("int64"))
        + ")"
    )
    shown = _joined(listed[nth < 10], which[nth < 10], n, ", ")
    count = np.bincount(at[values], minlength=n)
    ranks = np.bincount(at[earlier], minlength=n) - count
    has = count > 0
    more = np.where(each > 10, " and " + (each - 10).astype(str).astype(object) + " more", "")
    given = np.where(
        ranks > 0,
        "; " + ranks.astype(str).astype(object) + " rank(s) agree only given those values",
        "",
    )
    out[has] = (
        count[has].astype(str).astype(object) + " tie-breaker(s) of "
        + each[has].astype(str).astype(object) + " player(s) who left before the last Swiss "
        "round (or were knocked out of a top cut before its last round) are their standings "
        "after an earlier round (player (round)): " + shown[has] + more[has] + given[has]
    )  # fmt: skip
    return out


def _statuses(table: pd.DataFrame, at: np.ndarray, n: int) -> dict[str, np.ndarray]:
    """Per file of `table` (`at`: each row's file, of `n`): the values compared and equal, the
    status, its first line of detail and the first value not reproduced."""
    equal = table["equal"].to_numpy(dtype=bool)
    earlier = (
        table[EARLIER].notna().to_numpy()
        if EARLIER in table.columns
        else np.zeros(len(table), bool)
    )
    value = table["value"].to_numpy()
    wrong = ~equal
    missing = _missing_points(table, at, n, wrong & np.isin(value, POINTS_VALUES))
    compared = np.bincount(at, minlength=n)
    any_wrong = np.bincount(at[wrong], minlength=n) > 0
    plain = np.bincount(at[wrong & ~earlier], minlength=n) > 0
    status = np.select(
        [compared == 0, missing != "", ~any_wrong, ~plain],
        ["no published values", "inconsistent", "equal", "published_earlier"],
        "different",
    )
    shown = _shown_earlier(table, at, n, earlier)
    return {
        "compared": compared,
        "equal": np.bincount(at[equal], minlength=n),
        "status": status,
        "detail": np.where(missing != "", missing, np.where(any_wrong, shown, "")),
        "first_difference": _first_differences(table, at, n, wrong, earlier),
        "ogwp": np.bincount(at[value == "OGWP"], minlength=n) > 0,
    }


def _check(path: Path, rules: str | Rules | None) -> tuple[str | None, str, pd.DataFrame | None]:
    """The platform, the name of the rules and the comparison of one file."""
    if path.suffix.lower() in JSON_SUFFIXES:
        swiss, platform, date = swiss_rounds(path)
        if not swiss:  # playoffs only (MTGO's files): checked, nothing to compare
            preset = get_rules(rules) if rules is not None else implied_rules(platform, date)
            return platform, preset.name, None
        with naming(path):
            events = _json_events([path], rules)
        record, used, table = events[0]
        return record[PLATFORM], used.name, table
    try:
        table = check_from_path(path, rules=rules)
    except ValidationError as exc:
        if "no published value to compare" in str(exc):
            return None, "", None
        raise
    name = get_rules(rules).name if rules is not None else ""
    return None, name, table


def file_report(
    path: str | os.PathLike, *, rules: str | Rules | None = None
) -> tuple[dict, pd.DataFrame]:
    """Check one card-tournament file: its report row and its differences table.

    Parameters
    ----------
    path : path-like
        An MTGODecklistCache JSON file (or a TOM export, or a results table with its published
        standings beside it).
    rules : str or Rules, optional
        A preset name or a :class:`~tourneystats.cards.Rules` object; by default the rules the
        file's publisher implies (:mod:`~tourneystats.cards.publishers`).

    Returns
    -------
    row : dict
        ``file, platform, preset, compared, equal, status, first_difference, detail,
        warnings``: values compared and equal, the status (``equal``, ``different``,
        ``inconsistent``, ``published_earlier``, ``refused``, ``no published values``; see the
        module's description),
        the first value not reproduced, the detail (the error of a refused file, the players and
        points missing of an inconsistent one) and the list of warnings of the reading and the
        check.
    table : pandas.DataFrame
        :func:`~tourneystats.cards.check_from_path`'s table for the file (empty when refused
        or nothing was compared).

    Examples
    --------
    >>> from tourneystats.cards import file_report
    >>> import json, pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "club.json"
    >>> _ = path.write_text(json.dumps({
    ...     "Tournament": {"Date": "2024-06-30", "Name": "Club", "Uri": "https://example.org/1"},
    ...     "Rounds": [{"RoundName": "Round 1", "Matches": [
    ...                  {"Player1": "Ann", "Player2": "Bo", "Result": "2-1-0"}]}],
    ...     "Standings": [
    ...         {"Rank": 1, "Player": "Ann", "Points": 3, "OMWP": 0.33, "GWP": 0.6667, "OGWP": 0.33},
    ...         {"Rank": 2, "Player": "Bo", "Points": 3, "OMWP": 1.0, "GWP": 0.3333, "OGWP": 1.0}]}))
    >>> row, table = file_report(path)
    >>> row["status"], row["compared"], row["equal"]
    ('inconsistent', 10, 8)
    >>> row["detail"][:95]
    "published points or records that the file's own rounds cannot give, 1 value(s): Bo (Points publ"
    """
    path = Path(path)
    row: dict = dict.fromkeys(REPORT_COLUMNS, "")
    row.update(file=str(path), platform=None, compared=0, equal=0)
    table: pd.DataFrame | None = None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            row["platform"], row["preset"], table = _check(path, rules)
        except ValidationError as exc:
            from ..core.report import error_status  # (cards alone does not import the report)

            row.update(status=error_status(exc), detail=str(exc))
    return _finished(row, table, [str(w.message) for w in caught])


def _finished(
    row: dict, table: pd.DataFrame | None, messages: list[str], *, frame: bool = True
) -> tuple[dict, pd.DataFrame]:
    """:func:`file_report`'s row and table, from the file's check (`table`, None if nothing was
    compared; the row's ``status`` set already if it was refused) and its warnings (`frame`
    False: an empty table stays None)."""
    compared = table if table is not None else _EMPTY
    done = finished_rows([row], compared, np.zeros(len(compared), dtype=np.intp), [messages])
    if table is None and frame:
        table = _EMPTY.copy()
    return done[0], table  # type: ignore[return-value]


#: the table of a file with nothing compared
_EMPTY = pd.DataFrame(columns=[EVENT, PLAYER, "value", "published", "computed", "equal", EARLIER])


def finished_rows(
    rows: list[dict], table: pd.DataFrame, at: np.ndarray, messages: list[list[str]]
) -> list[dict]:
    """:func:`file_report`'s rows of many files at once: from each file's row (its ``status``
    set already if it was refused: then only its warnings are added), the comparisons of them
    all (`table`; `at`: each row's file, a position in `rows`) and each file's warnings."""
    facts = _statuses(table, np.asarray(at, dtype=np.intp), len(rows))
    out = []
    for j, row in enumerate(rows):  # per file: its row of the report (a dict each)
        row = dict(row)
        if not row["status"]:
            topdeck = row["platform"] == "topdeck" and bool(facts["ogwp"][j])
            row.update(
                status=str(facts["status"][j]),
                detail=facts["detail"][j] or (PUBLISHED_OGWP if topdeck else ""),
                compared=int(facts["compared"][j]),
                equal=int(facts["equal"][j]),
                first_difference=facts["first_difference"][j],
            )
        row["warnings"] = list(dict.fromkeys(messages[j]))  # counted by kind by core.report
        out.append(row)
    return out
