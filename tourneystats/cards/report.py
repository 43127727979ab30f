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


def _number(value: float) -> str:
    return f"{value:g}" if pd.notna(value) else "none"


def _first_difference(table: pd.DataFrame) -> str:
    """The first value not reproduced (not published as an earlier round's, where there is
    one): ``player: value published X, computed Y``."""
    wrong = ~table["equal"].to_numpy(dtype=bool)
    if EARLIER in table.columns:
        plain = wrong & table[EARLIER].isna().to_numpy()
        wrong = plain if plain.any() else wrong
    at = np.flatnonzero(wrong)
    if not at.size:
        return ""
    i = int(at[0])
    return (
        f"{table[PLAYER].iloc[i]}: {table['value'].iloc[i]} published "
        f"{_number(table['published'].iloc[i])}, computed {_number(table['computed'].iloc[i])}"
    )


def _missing_points(table: pd.DataFrame) -> str:
    """The players whose published points their rounds cannot give, and the points missing."""
    at = np.isin(table["value"].to_numpy(), POINTS_VALUES) & ~table["equal"].to_numpy(dtype=bool)
    if not at.any():
        return ""
    points = table[at]
    parts = []
    for player, value, published, computed in zip(
        points[PLAYER], points["value"], points["published"], points["computed"], strict=True
    ):  # the few players named in a message
        gap = published - computed
        what = f"{_number(abs(gap))} {'missing' if gap > 0 else 'too many'}"
        parts.append(
            f"{player} ({value} published {_number(published)}, its rounds give "
            f"{_number(computed)}: {what})"
        )
    return (
        f"published points or records that the file's own rounds cannot give, {len(parts)} "
        "value(s): " + "; ".join(parts) + "; the tie-breakers are compared for information only"
    )


def _shown_earlier(table: pd.DataFrame) -> str:
    """The players who left (or were knocked out of a top cut) whose published tie-breakers are
    their standings after an earlier round, the rounds, and the ranks that agree only given
    those values."""
    if EARLIER not in table.columns or not table[EARLIER].notna().to_numpy().any():
        return ""
    marked = table[table[EARLIER].notna()]
    values = marked[marked["value"] != "Rank"]
    if not len(values):
        return ""
    per = values.groupby(values[PLAYER].astype(str), sort=True)[EARLIER].first()
    shown = ", ".join(f"{player} ({int(r)})" for player, r in list(per.items())[:10])
    more = f" and {len(per) - 10} more" if len(per) > 10 else ""
    ranks = len(marked) - len(values)
    given = f"; {ranks} rank(s) agree only given those values" if ranks else ""
    return (
        f"{len(values)} tie-breaker(s) of {len(per)} player(s) who left before the last Swiss "
        "round (or were knocked out of a top cut before its last round) are their standings "
        f"after an earlier round (player (round)): {shown}{more}"
        f"{given}"
    )


def _status(table: pd.DataFrame | None) -> tuple[str, str]:
    """The status of a file's comparison and its first line of detail."""
    if table is None or not len(table):
        return "no published values", ""
    missing = _missing_points(table)
    if missing:
        return "inconsistent", missing
    earlier = _shown_earlier(table)
    wrong = ~table["equal"].to_numpy(dtype=bool)
    if not wrong.any():
        return "equal", ""
    if EARLIER in table.columns and table.loc[wrong, EARLIER].notna().all():
        return "published_earlier", earlier
    return "different", earlier


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
    notes = list(dict.fromkeys(messages))
    if not row["status"] and table is not None and len(table):
        equal = table["equal"].to_numpy(dtype=bool)
        if equal.all():  # every value reproduced (most files): nothing to say
            ogwp = row["platform"] == "topdeck" and (table["value"] == "OGWP").any()
            row.update(status="equal", detail=PUBLISHED_OGWP if ogwp else "", compared=len(table))
            row.update(equal=len(table), first_difference="", warnings=notes)
            return row, table
    if not row["status"]:
        status, detail = _status(table)
        ogwp = (
            table is not None and row["platform"] == "topdeck" and (table["value"] == "OGWP").any()
        )
        row.update(status=status, detail=detail or (PUBLISHED_OGWP if ogwp else ""))
    if table is not None:
        row.update(
            compared=len(table),
            equal=int(table["equal"].sum()),
            first_difference=_first_difference(table),
        )
    row["warnings"] = notes  # counted by kind by tourneystats.core.report
    if table is None and frame:
        table = pd.DataFrame(
            columns=[EVENT, PLAYER, "value", "published", "computed", "equal", EARLIER]
        )
    return row, table  # type: ignore[return-value]
