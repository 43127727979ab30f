"""Standings of every session, each scored as it declares (matchpoints, Butler, cross-IMPs).

:func:`standings` reads the method of each session (event, section) from the results' ``scoring``
column (the readers set it from the file's declaration, :mod:`~tourneystats.bridge.declared`)
and its publisher's convention from the ``convention`` column (set from the scoring program a
file names); a missing value is matchpoints and ``ebu``. The keywords replace both for every
session. The sessions of each (method, convention) are scored together: one validation and
one set of integer codes per combination, a handful at most.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, cast

import numpy as np
import pandas as pd

from ..core.people import with_people
from ..core.ranking import group_order
from ..core.schema import (
    BOARDS,
    DECIDED_BY,
    EVENT,
    IMPS,
    LINE,
    MP,
    PAIR,
    PERCENTAGE,
    RANK,
    SCORING,
    SECTION,
    TOP,
    fail_rows,
)
from .conventions import CONVENTION, FACTORED, Convention, convention_of, with_fields
from .declared import DEFAULT_SCORING, SCORINGS, scoring_of
from .imp import _convention_imps, _imp_totals
from .mp import MatchpointRules, _mp_totals
from .prepare import _Prep, _prepare

#: the columns of the standings, in order (those of the methods present)
COLUMNS = (
    EVENT, SECTION, LINE, PAIR, SCORING, BOARDS, MP, TOP, PERCENTAGE, IMPS, FACTORED, RANK,
    DECIDED_BY,
)  # fmt: skip


def standings(
    results: pd.DataFrame,
    *,
    scoring: str | None = None,
    convention: str | Convention | None = None,
    movement: str | None = None,
    scale: str = "full",
    artificial_percent: Sequence[float] | Mapping[str, Sequence[float]] = (60, 50, 40),
    players: pd.DataFrame | None = None,
) -> pd.DataFrame:
    """Session result of every pair of every session, each session scored as it declares.

    ``bridge.session_standings``, its earlier name, is this function too.

    Parameters
    ----------
    results : pandas.DataFrame
        Pairs traveller frame, any number of sessions (see :mod:`tourneystats.bridge`); its
        optional ``scoring`` column names each session's method (see
        :mod:`~tourneystats.bridge.declared`: ``mp``, ``butler``, ``cross_imps``, ...) and its
        optional ``convention`` column the publisher's convention (:data:`CONVENTIONS`).
    scoring : str, optional
        Score every session this way, whatever it declares. By default each session as its
        ``scoring`` column says; a session declaring nothing is matchpointed.
    convention : str or Convention, optional
        The publisher's convention of every session (``"ebu"``, ``"compscore"``, ``"jfr"``,
        ``"kops"`` or a :class:`Convention`). By default each session's ``convention`` column,
        else ``"ebu"``.
    movement : {None, "mitchell", "howell"}
        As in :func:`mp_standings`.
    scale, artificial_percent
        Matchpoint options, as in :func:`matchpoints`.

    players : pandas.DataFrame, optional
        The pairs' (teams') names, ``event, [section,] pair, names`` or ``event, team,
        names`` (the ``pairs`` frame of :func:`~tourneystats.bridge.read_usebio` and
        :func:`~tourneystats.bridge.read_pbn`): ``names`` is carried into the table, after the
        id (``with_people``).

    Returns
    -------
    pandas.DataFrame
        One row per pair of every session: ``event, section, line, pair, scoring`` (the method
        the session was scored by), ``boards``, then for matchpoint sessions ``mp`` (sum of
        its matchpoints), ``top`` and ``percentage``, for IMP sessions ``imps`` (sum of its
        IMPs), then ``factored`` (``mp`` or ``imps`` scaled to the most boards a pair of its
        line played) and ``rank`` (matchpoints: by percentage; IMPs: by the total the
        convention publishes, ``imps`` or ``factored``) and ``decided_by``. The columns of a
        method no session used are left out (``imps`` of matchpoint sessions only); in a table
        of both, they are missing where the row's method has none (``imps`` of a matchpoint
        session, ``mp``, ``top`` and ``percentage`` of an IMP session). Sorted by event,
        section, line and place.

    Raises
    ------
    ValidationError
        An unknown scoring or convention in the columns, or a session declaring two.

    Notes
    -----
    A frame of a million rows or more (``THREADED_ROWS``) is scored in runs of its events
    (a quarter of a million rows each, ``CHUNK_ROWS``) on two threads, joined: the same
    table, faster on two cores and in less memory than in one piece.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.bridge import standings
    >>> df = pd.DataFrame({"event": ["mp"] * 3 + ["butler"] * 3, "board": 1,
    ...                    "ns_pair": [1, 2, 3] * 2, "ew_pair": [4, 5, 6] * 2,
    ...                    "ns_score": [420, 450, -50] * 2,
    ...                    "scoring": ["mp"] * 3 + ["butler"] * 3})
    >>> standings(df)[["event", "line", "pair", "scoring", "percentage", "imps", "rank"]]
         event line  pair scoring  percentage  imps  rank
    0   butler   NS     2  butler         NaN   1.0     1
    1   butler   NS     1  butler         NaN   0.0     2
    2   butler   NS     3  butler         NaN -10.0     3
    3   butler   EW     6  butler         NaN  10.0     1
    4   butler   EW     4  butler         NaN   0.0     2
    5   butler   EW     5  butler         NaN  -1.0     3
    6       mp   NS     2      mp       100.0   NaN     1
    7       mp   NS     1      mp        50.0   NaN     2
    8       mp   NS     3      mp         0.0   NaN     3
    9       mp   EW     6      mp       100.0   NaN     1
    10      mp   EW     4      mp        50.0   NaN     2
    11      mp   EW     5      mp         0.0   NaN     3
    """
    rules = MatchpointRules.make(scale=scale, artificial_percent=artificial_percent)

    def table(frame: pd.DataFrame) -> pd.DataFrame:
        return _scored(frame, scoring, convention, movement, rules)

    out = _on_two_threads(results, table)
    if out is None:
        out = table(results)
    # the columns of a method no session used are left out (imps of matchpoint sessions, ...)
    matchpointed = out[SCORING].eq("mp").to_numpy()
    unused = [] if not len(out) else [IMPS] if matchpointed.all() else []
    unused += [MP, TOP, PERCENTAGE] if len(out) and not matchpointed.any() else []
    return with_people(out.drop(columns=unused), players)


def _scored(
    results: pd.DataFrame,
    scoring: str | None,
    convention: str | Convention | None,
    movement: str | None,
    rules: MatchpointRules,
) -> pd.DataFrame:
    """:func:`standings` of `results` with every method's columns (before any is left out)."""
    parts = [
        _score(p, method, conv, rules)
        for p, method, conv in _prepared(results, scoring, convention, movement)
    ]
    if len(parts) == 1:
        out = parts[0]
    else:  # in the order of one ranking: by session and line, each line's places kept
        out = pd.concat(parts, ignore_index=True)
        out = out.sort_values([EVENT, SECTION, LINE], kind="stable", ignore_index=True)
    return out.reindex(columns=list(COLUMNS))  # one order of columns, whatever the methods


#: rows from which :func:`standings` scores a frame's events in runs of about
#: :data:`CHUNK_ROWS` rows on two threads; below, the threads cost more than they give
THREADED_ROWS = 1_000_000
#: the rows of a run (two runs are in memory at a time)
CHUNK_ROWS = 250_000


def _on_two_threads(
    results: pd.DataFrame, table: Callable[[pd.DataFrame], pd.DataFrame]
) -> pd.DataFrame | None:
    """The `table` of a large frame's sessions computed in runs of its events on two threads
    (:func:`~tourneystats.core.parallel.in_event_chunks`; the table lists the events by
    value); None when the frame is small or a run fails (the whole frame is then scored in one
    call, which raises its first error)."""
    if len(results) < THREADED_ROWS or EVENT not in results.columns:
        return None
    events = results[EVENT]
    if events.hasnans:  # the whole frame's validation names the rows
        return None
    try:
        codes = group_order(events)
    except (TypeError, ValueError):
        return None
    from ..core.parallel import in_event_chunks  # (not imported by every command)

    return in_event_chunks(results, codes, table, CHUNK_ROWS)


def _prepared(
    results: pd.DataFrame,
    scoring: str | None,
    convention: str | Convention | None,
    movement: str | None,
) -> Iterator[tuple[_Prep, str, Convention]]:
    """Each (method, convention) combination of the sessions (:func:`_combinations`): its rows
    prepared, the method, and the convention with the fields the method fixes (``SCORINGS``:
    ``butler_all`` drops no result from the datum, whatever the convention)."""
    for rows, method, conv in _combinations(results, scoring, convention):
        p = _prepare(results if rows is None else results.loc[rows], movement=movement)
        yield p, method, with_fields(conv, SCORINGS[method][1])


def _combinations(
    results: pd.DataFrame, scoring: str | None, convention: str | Convention | None
) -> list[tuple[np.ndarray | None, str, Convention]]:
    """The (rows, method, convention) of every combination the sessions use, in order of
    their first row; rows is None when one combination holds every row."""
    methods = _per_session(results, SCORING, scoring, scoring_of, DEFAULT_SCORING)
    conventions = _per_session(results, CONVENTION, convention, convention_of, None)
    if isinstance(methods, str) and not isinstance(conventions, np.ndarray):
        return [(None, methods, conventions)]
    n = len(results)
    method_codes, method_names = _codes(methods, n)
    conv_codes, conv_values = _codes(conventions, n)
    combo = method_codes * len(conv_values) + conv_codes
    keys, first = np.unique(combo, return_index=True)
    out = []
    for key in keys[np.argsort(first)]:  # a handful of combinations, not one per session
        m, c = divmod(int(key), len(conv_values))
        rows = combo == key
        out.append((None if rows.all() else rows, method_names[m], conv_values[c]))
    return out


def _score(p: _Prep, method: str, conv: Convention, rules: MatchpointRules) -> pd.DataFrame:
    """The standings of the sessions of `p`, all scored by `method` under `conv` (with the
    fields the method fixes: :func:`_prepared`)."""
    kind = SCORINGS[method][0]
    if kind == "mp":
        out = _mp_totals(p, rules, conv)
    else:
        ns, ew, _, _ = _convention_imps(p, kind, conv)
        out = _imp_totals(p, ns, ew, conv)
    out.insert(cast(int, out.columns.get_loc(PAIR)) + 1, SCORING, method)
    return out


def _codes(values: Any, n: int) -> tuple[np.ndarray, list]:
    """Integer codes and distinct values of a per-row array (or a constant)."""
    if isinstance(values, np.ndarray):
        codes, uniques = pd.factorize(pd.Series(values, dtype=object))
        return codes.astype(np.int64), list(uniques)
    return np.zeros(n, dtype=np.int64), [values]


def _per_session(
    results: pd.DataFrame,
    column: str,
    given: Any,
    normalise: Callable[[Any], Any],
    default: Any,
) -> Any:
    """The value of `column` for every row: `given` (normalised) when set; else the column's,
    one per session (event, section), missing values taking their session's or `default`;
    a constant when there is no column. An unknown value, or a session with two, is refused."""
    if given is not None or column not in results.columns:
        return normalise(given if given is not None else default)
    values = results[column]
    codes, uniques = pd.factorize(values, use_na_sentinel=True)
    canonical = []
    for i, u in enumerate(uniques):  # a few distinct declarations
        try:
            canonical.append(normalise(u))
        except ValueError as exc:
            fail_rows(results, codes == i, f"{column}: {exc}")
    if not uniques.size:
        return normalise(default)
    keys = [c for c in (EVENT, SECTION) if c in results.columns]
    names = np.array([_name(v) for v in canonical], dtype=object)
    per_row = pd.Series(np.where(codes >= 0, names[np.maximum(codes, 0)], None), dtype=object)  # type: ignore[call-overload, arg-type]
    grouped = per_row.groupby([results[k].to_numpy() for k in keys], sort=False, dropna=False)
    two = grouped.transform("nunique").to_numpy() > 1
    if two.any():
        fail_rows(results, two, f"a session declares two different {column} values")
    filled = grouped.transform("first").to_numpy()
    filled = np.where(pd.isna(filled), _name(normalise(default)), filled)
    by_name = {_name(v): v for v in [*canonical, normalise(default)]}
    if len(pd.unique(filled)) == 1:
        return by_name[filled[0]]
    return _lookup(filled, by_name)


def _name(value: Any) -> str:
    return value.name if isinstance(value, Convention) else str(value)


def _lookup(names: np.ndarray, by_name: dict[str, Any]) -> np.ndarray:
    """The values of an array of names (through their few distinct names)."""
    codes, uniques = pd.factorize(pd.Series(names, dtype=object))
    return np.array([by_name[u] for u in uniques], dtype=object)[codes]
