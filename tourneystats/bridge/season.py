"""Seasons: a pair's session results summed up over a season, and the standing after each session.

Pair ids must name the same pair in every session (names or membership numbers).
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from ..core.people import with_people
from ..core.ranking import competition_rank, decided_by
from ..core.schema import (
    BEST,
    BOARDS,
    DATE,
    DECIDED_BY,
    EVENT,
    PAIR,
    PERCENTAGE,
    RANK,
    SCORING,
    SEASON,
    SECTION,
    SESSIONS,
)
from .mp import mp_standings


def _matchpointed(results: pd.DataFrame) -> pd.DataFrame:
    """The results of the sessions that declare matchpoints or nothing: a season's percentages
    are matchpoint percentages; IMP sessions (a ``scoring`` column saying so) are left out, with
    a warning naming them."""
    if SCORING not in results.columns:
        return results
    declared = results[SCORING]
    imp = declared.notna().to_numpy() & ~declared.isin(["mp", "MP"]).to_numpy()
    if not imp.any():
        return results
    left_out = pd.unique(results.loc[imp, EVENT].astype(str))
    shown = ", ".join(left_out[:3]) + (", ..." if len(left_out) > 3 else "")
    warnings.warn(
        f"{len(left_out)} IMP-scored session(s) left out of the matchpoint season: {shown}",
        stacklevel=3,
    )
    return results.loc[~imp]


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
    movement, scale, artificial_percent
        As in :func:`mp_standings`.
    min_sessions : int
        Pairs with fewer sessions are listed without a place.

    Returns
    -------
    pandas.DataFrame
        ``[season], pair, sessions, boards, percentage`` (mean of the session percentages),
        ``best`` (best session percentage), ``rank`` (``Int64``, by mean percentage; missing
        below `min_sessions`) and ``decided_by`` (``percentage`` or ``tied``).

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.bridge import season_summary
    >>> df = pd.DataFrame({"event": ["E1"] * 2 + ["E2"] * 2, "board": 1,
    ...                    "ns_pair": ["ann", "bob", "ann", "cid"],
    ...                    "ew_pair": ["dan", "eve", "eve", "dan"],
    ...                    "ns_score": [420, 450, 100, 50]})
    >>> season_summary(df).drop(columns="decided_by")
      pair  sessions  boards  percentage   best  rank
    0  bob         1       1       100.0  100.0     1
    1  dan         2       2       100.0  100.0     1
    2  ann         2       2        50.0  100.0     3
    3  cid         1       1         0.0    0.0     4
    4  eve         2       2         0.0    0.0     4
    >>> season_summary(df)["decided_by"].tolist()[:4]  # the last pair's is missing
    ['tied', 'percentage', 'percentage', 'tied']
    """
    results = _matchpointed(results)
    st = mp_standings(
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
    ranked = ranked.drop(columns="_key")
    # "percentage" or "tied"; missing for the last ranked pair and the unranked ones
    return ranked.assign(**{DECIDED_BY: decided_by(ranked, [PERCENTAGE], by=by or None)})


def season_history(
    results: pd.DataFrame,
    *,
    movement: str | None = None,
    scale: str = "full",
    artificial_percent: Sequence[float] | Mapping[str, Sequence[float]] = (60, 50, 40),
    min_sessions: int = 1,
    players: pd.DataFrame | None = None,
) -> pd.DataFrame:
    """The season standing after each session, for drift charts.

    Sessions are taken in ``date`` order when the results have a ``date`` column, else in event
    order; with a ``season`` column the standing restarts every season. After each session,
    every pair that has played so far has its mean session percentage to date and its place
    among the pairs with at least `min_sessions` sessions. With `players` (``event, [section,]
    pair, names``), each pair's names (the first its files give) follow its id.

    Parameters
    ----------
    results : pandas.DataFrame
        The traveller frames of the season's sessions (``event``, optional ``date`` and
        ``season``).
    movement, scale, artificial_percent
        As in :func:`mp_standings`.
    min_sessions : int, default 1
        The sessions a pair must have played to be placed.
    players : pandas.DataFrame, optional
        The pairs' names, ``event, [section,] pair, names`` (the ``pairs`` frame of
        :func:`~tourneystats.bridge.read_usebio` and :func:`~tourneystats.bridge.read_pbn`):
        ``names`` is carried into the table, after the pair.

    Returns
    -------
    pandas.DataFrame
        ``[season], event, [date], pair, sessions, percentage, rank`` (``Int64``) and
        ``decided_by`` (``percentage`` or ``tied``), one row per
        session per pair that has played by then, sorted by session order then place.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.bridge import season_history
    >>> df = pd.DataFrame({"event": ["E1"] * 2 + ["E2"] * 2, "board": 1,
    ...                    "ns_pair": ["ann", "bob", "ann", "bob"],
    ...                    "ew_pair": ["cid", "dan", "dan", "cid"],
    ...                    "ns_score": [420, 450, 100, 50]})
    >>> season_history(df).drop(columns="decided_by")
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
    results = _matchpointed(results)
    st = mp_standings(
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
    ranked = ranked.drop(columns="_order").reset_index(drop=True)
    if players is None:
        return ranked
    return with_people(ranked, players.drop(columns=[EVENT, SECTION], errors="ignore"))
