"""Preparing league results: validation, integer codes, domain checks and per-cell sums.

The validated frame is coded once: groups (leagues, seasons), tournaments in league, date, id
order, players, and for the played rows their rounds, matches and teams. The checks run in this
order: columns and their types (dates read as :func:`tourneystats.core.dates.to_dates` says, rounds from 1, points not
negative, final scores up to :data:`MAX_FINAL_SCORE`, match, team and target on exactly the rows
with a round), one date per tournament, final-score rows, then the matches (a target from 1 to
:data:`MAX_TARGET`, rounds of a tournament numbered 1, 2, 3, ... without a gap, no team above the
target, each player once in a round, two teams of equal size, one target, one score per team,
scores adding up to the target). What every cut-off of the history needs is then summed per
*cell*: one cell per player per tournament of his league, player-major.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import pandas as pd

from ..core.people import with_clean_names
from ..core.ranking import _text_codes
from ..core.schema import (
    DATE,
    LEAGUE,
    MATCH,
    PLAYER,
    POINTS,
    ROUND,
    SEASON,
    SHOWN_ROWS,
    TARGET,
    TEAM,
    TOURNAMENT,
    Column,
    ValidationError,
    fail_rows,
    validate,
)

#: the input columns of a league results frame
COLUMNS = (
    Column(TOURNAMENT, "key", doc="tournament (evening) id, unique within its league"),
    Column(
        DATE,
        "datetime",
        doc="date of the tournament, YYYY-MM-DD (ISO 8601; an 8-digit number is read as YYYYMMDD); "
        "orders the tournaments",
    ),
    Column(PLAYER, "key", doc="player name or id"),
    Column(POINTS, "int", doc="the team's points in the match, or a final-score-only total"),
    Column(ROUND, "int", required=False, nullable=True, doc="round; missing: final score only"),
    Column(MATCH, "key", required=False, nullable=True, doc="match (court) within the round"),
    Column(TEAM, "key", required=False, nullable=True, doc="team label within the match"),
    Column(TARGET, "int", required=False, nullable=True, doc="the match's point target, 1 to 1000"),
)


#: the largest point target of a match (real targets are 10 to 50 or so; far larger ones are typos
#: and would overflow the exact integer arithmetic of the ranking)
MAX_TARGET = 1000
#: the largest final score of a final-score-only row
MAX_FINAL_SCORE = 1000 * MAX_TARGET


@dataclass
class _League:
    """The validated results as integer codes, and what every cut-off needs."""

    frame: pd.DataFrame
    groups: list[str]
    group_values: pd.DataFrame  # one row per group
    # tournaments, in league then date order
    t_group: np.ndarray
    t_first: np.ndarray  # a row of each tournament
    t_date: np.ndarray
    t_rounds: np.ndarray  # distinct rounds played
    t_target2: np.ndarray  # 2 x median target of its matches (0: final scores only)
    t_typical2: np.ndarray  # 2 x median target of the league's matches up to it
    t_last: np.ndarray  # bool: the last tournament of its league
    # players
    p_group: np.ndarray
    p_first: np.ndarray  # a row of each player
    p_name: np.ndarray
    p_order: np.ndarray  # rank of the name in Swedish alphabetical order
    # cells: one per player per tournament of his league, player-major
    cell_player: np.ndarray
    cell_tournament: np.ndarray
    cell_row_start: np.ndarray
    # per cell, of that tournament alone
    attended: np.ndarray
    points: np.ndarray
    matches: np.ndarray
    wins: np.ndarray
    draws: np.ndarray
    played_points: np.ndarray
    played_possible: np.ndarray


class _Tournaments(NamedTuple):
    """The groups and tournaments of a validated frame, tournaments in league, date, id order."""

    g_row: np.ndarray  # group per row
    group_values: pd.DataFrame  # one row per group
    t_row: np.ndarray  # tournament per row (its position in tournament order)
    t_first: np.ndarray  # a row of each tournament
    t_date: np.ndarray
    t_group: np.ndarray
    t_per_group: np.ndarray  # tournaments per group
    t_start: np.ndarray  # the first tournament of each group
    t_last: np.ndarray  # bool: the last tournament of its group


class _Cells(NamedTuple):
    """One cell per player per tournament of his league, player-major."""

    player: np.ndarray
    tournament: np.ndarray
    row_start: np.ndarray  # the first cell of the cell's player
    of_row: np.ndarray  # the cell of each row of the frame
    count: int  # type: ignore[assignment]  # (a field named like tuple.count)


class _Played(NamedTuple):
    """The rows with a round of a validated frame: their columns taken when asked for (not a
    copy of every column), the rows that fail a check shown from the whole frame."""

    frame: pd.DataFrame
    at: np.ndarray | None  # the positions of the played rows; None: every row

    def column(self, name: str) -> pd.Series:
        return self.frame[name] if self.at is None else self.frame[name].take(self.at)

    def check(self, mask: np.ndarray, message: str) -> None:
        """:func:`_check` of the played rows `mask` selects."""
        if self.at is not None and np.any(mask):
            full = np.zeros(len(self.frame), dtype=bool)
            full[self.at] = mask
            mask = full
        _check(self.frame, mask, message)


# --- validation ----------------------------------------------------------------------------------


def _prepare(results: pd.DataFrame, by: str | Sequence[str] | None) -> _League:
    """Validate the results and code them as integers."""
    if not isinstance(results, pd.DataFrame):
        raise ValidationError(f"results: expected a pandas DataFrame, got {type(results).__name__}")
    groups = _group_columns(results, by)
    frame = _validate(results, groups)
    return _code(frame, groups)


def _group_columns(frame: pd.DataFrame, by: str | Sequence[str] | None) -> list[str]:
    """The columns whose groups are separate leagues: `by`, else ``league`` and/or ``season``."""
    if by is None:
        return [c for c in (LEAGUE, SEASON) if c in frame.columns]
    return [by] if isinstance(by, str) else list(by)


def _validate(results: pd.DataFrame, groups: list[str]) -> pd.DataFrame:
    """Column-level checks and coercion (see :data:`COLUMNS`)."""
    specs = [Column(g, "key", doc="league / season") for g in groups]
    frame = with_clean_names(validate(results, [*specs, *COLUMNS]), (PLAYER, TEAM))
    played = (
        frame[ROUND].notna().to_numpy() if ROUND in frame.columns else np.zeros(len(frame), bool)
    )
    if played.any():
        rnd = frame[ROUND].to_numpy(np.float64, na_value=np.nan)
        _check(frame, played & (rnd < 1), "round numbers start at 1 (a round below 1)")
        missing = [c for c in (MATCH, TEAM, TARGET) if c not in frame.columns]
        if missing:
            raise ValidationError(
                "results: rows with a round need column(s) " + ", ".join(repr(c) for c in missing)
            )
        for column in (MATCH, TEAM, TARGET):
            _check(frame, played & frame[column].isna().to_numpy(), f"missing {column} in a round")
    for column in (MATCH, TEAM, TARGET):
        if column in frame.columns:
            _check(
                frame,
                ~played & frame[column].notna().to_numpy(),
                f"a {column} without a round (final-score rows have no round, match, team or "
                "target)",
            )
    points = frame[POINTS].to_numpy()
    _check(frame, points < 0, "negative points")
    _check(
        frame,
        ~played & (points > MAX_FINAL_SCORE),
        f"a final score above {MAX_FINAL_SCORE} points (a thousand rounds at the largest target)",
    )
    return frame


def _check(frame: pd.DataFrame, mask: np.ndarray, message: str) -> None:
    """:func:`fail_rows`, showing nullable integers as plain numbers (``round=1``)."""
    mask = np.asarray(mask, dtype=bool)
    if not mask.any():
        return
    rows = frame.loc[mask]
    shown = rows.astype(
        {
            c: object
            for c, t in rows.dtypes.items()
            if isinstance(t, pd.api.extensions.ExtensionDtype)
        }
    )
    try:
        fail_rows(shown, np.ones(len(shown), dtype=bool), message)
    except ValidationError as exc:
        exc.rows = rows
        raise


# --- coding --------------------------------------------------------------------------------------


def _code(frame: pd.DataFrame, groups: list[str]) -> _League:
    """Integer codes, domain checks and per-cell sums of a validated frame."""
    n = len(frame)
    played = frame[ROUND].notna().to_numpy() if ROUND in frame.columns else np.zeros(n, bool)
    points = frame[POINTS].to_numpy(np.int64)
    ts = _tournaments(frame, groups)
    p_row, p_first = _dense(ts.g_row, _codes(frame[PLAYER]))
    p_group = ts.g_row[p_first]
    p_name = frame[PLAYER].take(p_first).to_numpy()
    _check_final_scores(frame, played, ts.t_row, p_row)
    target, t_rounds, t_target2, t_typical2 = _rounds(frame, played, points, p_row, ts)
    cells = _cell_index(ts, p_row, p_group)

    def scatter(weights: np.ndarray) -> np.ndarray:
        return np.bincount(cells.of_row, weights=weights, minlength=cells.count).astype(np.int64)

    twice = 2 * points
    return _League(
        frame=frame,
        groups=groups,
        group_values=ts.group_values,
        t_group=ts.t_group,
        t_first=ts.t_first,
        t_date=ts.t_date,
        t_rounds=t_rounds,
        t_target2=t_target2,
        t_typical2=t_typical2,
        t_last=ts.t_last,
        p_group=p_group,
        p_first=p_first,
        p_name=p_name,
        p_order=_swedish_order(p_name),
        cell_player=cells.player,
        cell_tournament=cells.tournament,
        cell_row_start=cells.row_start,
        attended=np.bincount(cells.of_row, minlength=cells.count) > 0,
        points=scatter(points),
        matches=scatter(played),
        wins=scatter(played & (twice > target)),
        draws=scatter(played & (twice == target)),
        played_points=scatter(np.where(played, points, 0)),
        played_possible=scatter(target),
    )


def _tournaments(frame: pd.DataFrame, groups: list[str]) -> _Tournaments:
    """Code the groups and the tournaments (ordered by group, date, id); one date each."""
    n = len(frame)
    if groups and n:
        g_row, g_first = _dense(*[_codes(frame[g]) for g in groups])
    else:
        g_row, g_first = np.zeros(n, np.int64), np.zeros(min(n, 1), np.int64)
    group_values = frame.loc[g_first, groups].reset_index(drop=True)
    t_code = _codes(frame[TOURNAMENT])
    tk, tk_first = _dense(g_row, t_code)
    dates = frame[DATE].to_numpy("datetime64[ns]")
    tk_date = np.empty(tk_first.size, dates.dtype)
    tk_date[tk] = dates
    _check(frame, _whole(tk, dates != tk_date[tk]), "a tournament with more than one date")
    order = np.lexsort((t_code[tk_first], tk_date, g_row[tk_first]))
    rank = np.empty(order.size, np.int64)
    rank[order] = np.arange(order.size)
    t_first = tk_first[order]
    t_group = g_row[t_first]
    t_per_group = np.bincount(t_group, minlength=g_first.size)
    t_start = _starts(t_per_group)
    t_last = np.zeros(order.size, bool)
    t_last[(t_start + t_per_group - 1)[t_per_group > 0]] = True
    return _Tournaments(
        g_row=g_row,
        group_values=group_values,
        t_row=rank[tk],
        t_first=t_first,
        t_date=dates[t_first],
        t_group=t_group,
        t_per_group=t_per_group,
        t_start=t_start,
        t_last=t_last,
    )


def _check_final_scores(
    frame: pd.DataFrame, played: np.ndarray, t_row: np.ndarray, p_row: np.ndarray
) -> None:
    """Final-score rows: one per player per tournament, never mixed with round rows."""
    if not len(frame):
        return
    tp, _ = _dense(t_row, p_row)
    fso_count = np.bincount(tp[~played], minlength=tp.max() + 1)
    round_count = np.bincount(tp[played], minlength=tp.max() + 1)
    _check(frame, ~played & (fso_count[tp] > 1), "more than one final score for a player")
    _check(
        frame,
        (fso_count[tp] > 0) & (round_count[tp] > 0),
        "a player with both a final score and round results in one tournament",
    )


def _rounds(
    frame: pd.DataFrame,
    played: np.ndarray,
    points: np.ndarray,
    p_row: np.ndarray,
    ts: _Tournaments,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The played rounds: target per row; per tournament its rounds, 2 x median and typical target.

    Final-score rows have target 0; a tournament without played rounds has 0 everywhere.
    """
    n_t = ts.t_first.size
    t_rounds = np.zeros(n_t, np.int64)
    t_target2 = np.zeros(n_t, np.int64)
    t_typical2 = np.zeros(n_t, np.int64)
    target = np.zeros(len(frame), np.int64)
    pl = np.flatnonzero(played)
    if pl.size:
        sub = _Played(frame, None if pl.size == len(frame) else pl)
        target[pl] = sub.column(TARGET).to_numpy(np.int64)
        tr = ts.t_row[pl]
        round_first, m_first, m_target = _matches(sub, target[pl], points[pl], tr, p_row[pl])
        m_t = tr[m_first]
        t_rounds = np.bincount(tr[round_first], minlength=n_t)
        t_target2 = _median2(m_t, m_target, n_t)
        t_typical2 = _running_median2(m_t, m_target, ts.t_group, ts.t_start)
    return target, t_rounds, t_target2, t_typical2


def _matches(
    sub: _Played, tg: np.ndarray, pts: np.ndarray, tr: np.ndarray, pp: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Check every match of the played rows; a row of each (tournament, round) pair, in that
    order, and a row and the target of each match.

    `sub` is the played rows, `tg`, `pts`, `tr` and `pp` their targets, points, tournaments and
    players.
    """
    sub.check(tg <= 0, "a target that is not positive")
    sub.check(tg > MAX_TARGET, f"a target above {MAX_TARGET} points")
    r_code = _codes(sub.column(ROUND))
    round_first = _check_round_gaps(sub, tr, r_code)
    sub.check(pts > tg, "points above the match's target")
    trp, _ = _dense(tr, r_code, pp)
    sub.check(np.bincount(trp)[trp] > 1, "a player more than once in a round")
    m_row, m_first = _dense(tr, r_code, _codes(sub.column(MATCH)))
    team_row, team_first = _dense(m_row, _codes(sub.column(TEAM)))
    n_m = m_first.size
    team_match = m_row[team_first]
    sub.check(
        np.bincount(team_match, minlength=n_m)[m_row] != 2,
        "a match without exactly two teams",
    )
    size = np.bincount(team_row)
    size_max = np.zeros(n_m, np.int64)
    np.maximum.at(size_max, team_match, size)
    sub.check(size[team_row] != size_max[m_row], "teams of unequal size in a match")
    m_target = tg[m_first]
    sub.check(_whole(m_row, tg != m_target[m_row]), "more than one target in a match")
    team_points = pts[team_first]
    sub.check(
        _whole(team_row, pts != team_points[team_row]),
        "players of one team with different points",
    )
    total = np.bincount(team_match, weights=team_points, minlength=n_m)
    sub.check(
        total[m_row] != m_target[m_row],
        "the two teams' points do not add up to the target",
    )
    return round_first, m_first, m_target


def _check_round_gaps(sub: _Played, tr: np.ndarray, r_code: np.ndarray) -> np.ndarray:
    """The rounds of each tournament are numbered 1, 2, 3, ... without a gap.

    `sub` is the played rows, `tr` their tournaments and `r_code` their round codes; the check
    runs on the distinct (tournament, round) pairs, in tournament then round order, and returns
    a row of each pair.
    """
    pair, pair_first = _dense(tr, r_code)
    t, rnd = tr[pair_first], sub.column(ROUND).take(pair_first).to_numpy(np.int64)
    start = np.ones(t.size, dtype=bool)
    start[1:] = t[1:] != t[:-1]
    before = np.zeros(t.size, np.int64)  # the round before each pair's round (0 at a start)
    before[1:] = rnd[:-1]
    before[start] = 0
    gap = rnd - before > 1
    if not gap.any():
        return pair_first
    shown = np.flatnonzero(gap)[:SHOWN_ROWS]
    names = sub.column(TOURNAMENT).to_numpy()[pair_first[shown]]
    gaps = []
    for name, low, high in zip(names, before[shown] + 1, rnd[shown] - 1, strict=True):
        missing = f"round {low}" if low == high else f"rounds {low} to {high}"
        gaps.append(f"tournament {_plain(name)!r} has no {missing}")
    more = int(gap.sum()) - shown.size
    sub.check(
        gap[pair],
        "a gap in the round numbers (the rounds of a tournament are numbered 1, 2, 3, ...): "
        + "; ".join(gaps + ([f"and {more} more gaps"] if more else []))
        + "; the rounds after a gap",
    )
    raise AssertionError("unreachable: _check raised on the gaps")


def _plain(value: object) -> object:
    """A NumPy scalar as the plain Python value (as the messages show ids)."""
    return value.item() if isinstance(value, np.generic) else value


def _median2(m_t: np.ndarray, m_target: np.ndarray, n_t: int) -> np.ndarray:
    """2 x the median target of each tournament's matches (0 without a match)."""
    sorted_target = m_target[np.lexsort((m_target, m_t))]
    m_per_t = np.bincount(m_t, minlength=n_t)
    start = _starts(m_per_t)
    has = m_per_t > 0
    lo = np.where(has, start + (m_per_t - 1) // 2, 0)
    hi = np.where(has, start + m_per_t // 2, 0)
    return np.where(has, sorted_target[lo] + sorted_target[hi], 0)


def _running_median2(
    m_t: np.ndarray, m_target: np.ndarray, t_group: np.ndarray, t_start: np.ndarray
) -> np.ndarray:
    """2 x the median target of a league's matches up to each tournament (0 before any match).

    Targets take few distinct values, so the matches are counted per (tournament, distinct target
    of its league): cumulative sums over the tournaments, then over the targets in ascending order,
    give for every cut-off how many matches have a target up to each value, and the two middle
    order statistics are found by one comparison per distinct target. Memory: tournaments x the
    largest number of distinct targets of one league.
    """
    n_t = t_group.size
    m_group = t_group[m_t]
    value_code, value_first = _dense(m_group, _codes(pd.Series(m_target)))
    value = m_target[value_first]
    v_per_group = np.bincount(m_group[value_first], minlength=t_start.size)
    v_start = _starts(v_per_group)
    width = int(v_per_group.max())
    local = value_code - v_start[m_group]
    counts = np.bincount(m_t * width + local, minlength=n_t * width).reshape(n_t, width)
    counts = np.cumsum(counts, axis=0)
    before = np.vstack([np.zeros((1, width), np.int64), counts])[t_start[t_group]]
    counts = np.cumsum(counts - before, axis=1)  # matches up to t with a target <= each value
    total = counts[:, -1]
    i_lo = (counts <= ((total - 1) // 2)[:, None]).sum(axis=1)
    i_hi = (counts <= (total // 2)[:, None]).sum(axis=1)
    base = v_start[t_group]
    last = np.maximum(base + v_per_group[t_group] - 1, 0)
    v_lo = value[np.minimum(base + i_lo, last)]
    v_hi = value[np.minimum(base + i_hi, last)]
    return np.where(total > 0, v_lo + v_hi, 0).astype(np.int64)


def _cell_index(ts: _Tournaments, p_row: np.ndarray, p_group: np.ndarray) -> _Cells:
    """The cells (a player, a tournament of his league), player-major, and the cell of each row."""
    p_tcount = ts.t_per_group[p_group]
    row_start = _starts(p_tcount)
    n_cells = int(p_tcount.sum())
    cell_player = np.repeat(np.arange(p_group.size), p_tcount)
    cell_row_start = np.repeat(row_start, p_tcount)
    cell_tournament = np.arange(n_cells) - cell_row_start + ts.t_start[p_group][cell_player]
    return _Cells(
        player=cell_player,
        tournament=cell_tournament,
        row_start=cell_row_start,
        of_row=row_start[p_row] + ts.t_row - ts.t_start[ts.g_row],
        count=n_cells,
    )


# --- codes ---------------------------------------------------------------------------------------


def _dense(*codes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Dense codes of the combinations of non-negative integer code arrays, in sorted order.

    Returns (code per row, the position of one row of each code).
    """
    if not codes or codes[0].size == 0:
        return np.zeros(0 if not codes else codes[0].size, np.int64), np.zeros(0, np.int64)
    key = np.zeros(codes[0].size, np.int64)
    size = 1
    for c in codes:
        top = int(c.max()) + 1
        key, size = key * top + c, size * top
    if size <= 4 * key.size + 65_536:  # few possible keys: a table of them, no hashing
        present = np.zeros(size, bool)
        present[key] = True
        index = np.cumsum(present) - 1
        dense, count = index[key], int(index[-1]) + 1
    else:
        uniques, dense = np.unique(key, return_inverse=True)  # faster than a hash, here
        count = len(uniques)
    one = np.empty(count, np.int64)
    one[dense] = np.arange(key.size)
    return dense.astype(np.int64, copy=False), one


def _codes(values: pd.Series) -> np.ndarray:
    """Integer codes of the values, in sorted order."""
    text = _text_codes(values)  # Arrow-backed text: through its distinct values
    if text is not None:
        return text[0]
    if len(values) and values.dtype.kind == "i" and not values.hasnans:
        whole = values.to_numpy(np.int64)
        low = int(whole.min())
        size = int(whole.max()) - low + 1
        if size <= 4 * whole.size + 65_536:  # few possible values: a table of them
            present = np.zeros(size, bool)
            present[whole - low] = True
            return (np.cumsum(present) - 1)[whole - low]
    codes, _ = pd.factorize(values, sort=True)
    return codes.astype(np.int64)


def _whole(code: np.ndarray, bad: np.ndarray) -> np.ndarray:
    """Rows whose `code` (a team, match or tournament) has any `bad` row."""
    return np.bincount(code, weights=bad)[code] > 0 if code.size else np.zeros(0, dtype=bool)


def _starts(counts: np.ndarray) -> np.ndarray:
    """Offsets of consecutive blocks of the given sizes."""
    return np.concatenate([[0], np.cumsum(counts)])[:-1].astype(np.int64)


def _swedish_order(names: np.ndarray) -> np.ndarray:
    """Rank of every name in Swedish alphabetical order (see :mod:`tourneystats.league`)."""
    if names.size == 0:
        return np.zeros(0, np.int64)
    if pd.api.types.is_numeric_dtype(pd.Series(names).dtype):
        return _codes(pd.Series(names))
    raw = pd.Series(names, dtype=object).astype(str)
    swedish: dict[str, str | int | None]
    swedish = {"å": "\ue000", "ä": "\ue001", "ö": "\ue002", "æ": "\ue001", "ø": "\ue002"}
    swedish |= {"œ": "\ue002", "ü": "y"}
    key = (
        raw.str.normalize("NFC")
        .str.casefold()
        .str.translate(str.maketrans(swedish))
        .str.normalize("NFKD")
        .str.replace(
            "[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]", "", regex=True
        )
    )
    # a-z stay; å, ä, ö go right after z; everything after z moves up three code points
    chars = set("".join(key.tolist()))
    table = {ord(c): chr(min(ord(c) + 3, 0x10FFFF)) for c in chars if c > "z"}
    table |= {0xE000: "{", 0xE001: "|", 0xE002: "}"}
    key = key.str.translate(table)
    order = np.lexsort((_codes(raw), _codes(key)))
    rank = np.empty(names.size, np.int64)
    rank[order] = np.arange(names.size)
    return rank
