"""Evening-league leaderboard ("Topplista"): a percentage ranking pulled to 50, and its history.

An evening league plays a *tournament* (an evening) every week or so: rounds of 2-vs-2 (or
1-vs-1, 3-vs-3, ...) matches on several courts, each match played to a point *target* that the two
teams share (15-9 to 24). The leaderboard ranks every player of a league by

    ranking = 100 * (P + V/2) / (M + V)

where P is the points the player took in played rounds, M the sum of those rounds' targets and V
the possible points of *virtual average rounds*, which pull a ranking towards 50:

- **start weight**: ``prior_rounds`` K rounds at the league's *typical target* (the median target
  of all played matches, each match counted once). Mode ``"top-up"`` (default) uses
  max(0, K - rounds played), so the start weight vanishes after K played rounds; mode
  ``"constant"`` always uses K.
- **absence**: every whole tournament the player missed, from the player's first tournament on
  (never before it), counts as that tournament's rounds (the number of distinct rounds played in
  it) at that tournament's target (the median target of its matches, which is simply its target
  when all its matches share one).

Rounds a player sat out inside a tournament he attended count neither as played nor as missed. A
tournament with only final scores registered (rows with no ``round``) adds to ``points`` and, for
the players listed, starts the absence clock and is not an absence; for a player not listed it
adds nothing, as its rounds are unknown. A round is won when the player's points exceed half the
target, drawn at exactly half, lost below; ``matches``, ``wins``, ``draws`` and ``losses`` count
played rounds only. A player without a played round has no ranking (NaN, no place) and is listed
after every ranked player.

**Places** are standard competition ranks: exactly equal rankings share a place (1, 2, 2, 4).
Points and targets are whole numbers, and a ranking is computed as one division of two integers
(all quantities kept in quarter points), so equal fractions give bit-identical floats and ties are
exact; places then come from :func:`~tourneystats.ranking.competition_rank` (which compares after
rounding to 1e-9, far below the gap between two different rankings of any real league). Display order inside a tie: most
matches, most points, most wins, then the name in **Swedish alphabetical order**: case-insensitive;
a-z, then å, ä, ö; other accented Latin letters sort as their base letter (é as e, ç as c) except
the Swedish conventions æ as ä, ø and œ as ö, ü as y; characters before "a" in Unicode (space,
digits, most punctuation) sort before the letters, all other characters after ö in code-point
order; names still equal after that (``"Eva"``, ``"eva"``) are ordered by their exact spelling.
Numeric player ids sort numerically.

**Tournament order**: by ``date``, then by tournament id for tournaments on the same date. The
history (:func:`history`) gives the leaderboard after every tournament, each computed only from the
tournaments up to and including it, the typical target included (the median over the matches
played so far). Several leagues or seasons in one frame (a ``league`` and/or ``season`` column, or
any ``by=`` columns) are computed independently in the same vectorised call.

Nothing is stored: every call recomputes everything from the results.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from .core.folders import result_files
from .core.io import TABLE_SUFFIXES, read_table
from .core.ranking import competition_rank
from .core.schema import (
    ABSENT_ROUNDS,
    DATE,
    DRAWS,
    LEAGUE,
    LOSSES,
    MATCH,
    MATCHES,
    PLACE,
    PLAYER,
    POINTS,
    POSSIBLE,
    PRIOR_ROUNDS,
    RANKING,
    ROUND,
    ROUNDS,
    SEASON,
    TARGET,
    TEAM,
    TERM,
    TOURNAMENT,
    WINS,
    Column,
    ValidationError,
    fail_rows,
    validate,
)

__all__ = [
    "COLUMNS",
    "LeagueRules",
    "explain",
    "history",
    "history_from_path",
    "leaderboard",
    "read_results",
    "standings_from_path",
]

PRIOR_MODES = ("top-up", "constant")

#: season of a file without a season column, when other files of a folder have one
ALL_SEASONS = "all"

#: the input columns of a league results frame
COLUMNS = (
    Column(TOURNAMENT, "key", doc="tournament (evening) id, unique within its league"),
    Column(DATE, "datetime", doc="date of the tournament; orders the tournaments"),
    Column(PLAYER, "key", doc="player name or id"),
    Column(POINTS, "int", doc="the team's points in the match, or a final-score-only total"),
    Column(ROUND, "int", required=False, nullable=True, doc="round; missing: final score only"),
    Column(MATCH, "key", required=False, nullable=True, doc="match (court) within the round"),
    Column(TEAM, "key", required=False, nullable=True, doc="team label within the match"),
    Column(TARGET, "int", required=False, nullable=True, doc="the match's point target"),
)

#: the output columns of :func:`leaderboard` (after any group columns)
BOARD_COLUMNS = [
    PLACE,
    PLAYER,
    RANKING,
    POINTS,
    MATCHES,
    WINS,
    DRAWS,
    LOSSES,
    PRIOR_ROUNDS,
    ABSENT_ROUNDS,
]


@dataclass(frozen=True)
class LeagueRules:
    """How the virtual average rounds are counted.

    Parameters
    ----------
    prior_rounds : int, default 10
        Start weight K: virtual rounds at the league's typical target.
    prior_mode : {"top-up", "constant"}, default "top-up"
        ``"top-up"``: max(0, K - rounds played); ``"constant"``: always K.

    Examples
    --------
    >>> LeagueRules(prior_rounds=5, prior_mode="constant")
    LeagueRules(prior_rounds=5, prior_mode='constant')
    >>> LeagueRules(prior_mode="fixed")
    Traceback (most recent call last):
    ...
    ValueError: prior_mode must be one of 'top-up', 'constant'; got 'fixed'
    """

    prior_rounds: int = 10
    prior_mode: str = "top-up"

    def __post_init__(self) -> None:
        k = self.prior_rounds
        if isinstance(k, bool) or not isinstance(k, int | np.integer) or k < 0:
            raise ValueError(f"prior_rounds must be a non-negative integer; got {k!r}")
        if self.prior_mode not in PRIOR_MODES:
            modes = ", ".join(repr(m) for m in PRIOR_MODES)
            raise ValueError(f"prior_mode must be one of {modes}; got {self.prior_mode!r}")


# --- preparing the data -------------------------------------------------------------------------


def _dense(*codes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Dense codes of the combinations of non-negative integer code arrays, in sorted order.

    Returns (code per row, the position of one row of each code).
    """
    if not codes or codes[0].size == 0:
        return np.zeros(0 if not codes else codes[0].size, np.int64), np.zeros(0, np.int64)
    key = np.zeros(codes[0].size, np.int64)
    for c in codes:
        key = key * (int(c.max()) + 1) + c
    dense, uniques = pd.factorize(key, sort=True)
    one = np.empty(len(uniques), np.int64)
    one[dense] = np.arange(key.size)
    return dense.astype(np.int64), one


def _codes(values: pd.Series) -> np.ndarray:
    codes, _ = pd.factorize(values, sort=True)
    return codes.astype(np.int64)


def _group_columns(frame: pd.DataFrame, by: str | Sequence[str] | None) -> list[str]:
    if by is None:
        return [c for c in (LEAGUE, SEASON) if c in frame.columns]
    return [by] if isinstance(by, str) else list(by)


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


def _swedish_order(names: np.ndarray) -> np.ndarray:
    """Rank of every name in Swedish alphabetical order (see the module docstring)."""
    if names.size == 0:
        return np.zeros(0, np.int64)
    if pd.api.types.is_numeric_dtype(pd.Series(names).dtype):
        return _codes(pd.Series(names))
    raw = pd.Series(names, dtype=object).astype(str)
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


def _whole(code: np.ndarray, bad: np.ndarray) -> np.ndarray:
    """Rows whose `code` (a team, match or tournament) has any `bad` row."""
    return np.bincount(code, weights=bad)[code] > 0 if code.size else np.zeros(0, dtype=bool)


def _starts(counts: np.ndarray) -> np.ndarray:
    """Offsets of consecutive blocks of the given sizes."""
    return np.concatenate([[0], np.cumsum(counts)])[:-1].astype(np.int64)


def _validate(results: pd.DataFrame, groups: list[str]) -> pd.DataFrame:
    """Column-level checks and coercion (see :data:`COLUMNS`)."""
    specs = [Column(g, "key", doc="league / season") for g in groups]
    frame = validate(results, [*specs, *COLUMNS])
    played = (
        frame[ROUND].notna().to_numpy() if ROUND in frame.columns else np.zeros(len(frame), bool)
    )
    if played.any():
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
    _check(frame, frame[POINTS].to_numpy() < 0, "negative points")
    return frame


def _prepare(results: pd.DataFrame, by: str | Sequence[str] | None) -> _League:
    """Validate the results and code them as integers."""
    if not isinstance(results, pd.DataFrame):
        raise ValidationError(f"results: expected a pandas DataFrame, got {type(results).__name__}")
    groups = _group_columns(results, by)
    frame = _validate(results, groups)
    return _code(frame, groups)


def _code(frame: pd.DataFrame, groups: list[str]) -> _League:
    """Integer codes, domain checks and per-cell sums of a validated frame."""
    n = len(frame)
    played = frame[ROUND].notna().to_numpy() if ROUND in frame.columns else np.zeros(n, bool)
    points = frame[POINTS].to_numpy(np.int64)

    # groups; tournaments ordered by league, date, id; players
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
    t_row = rank[tk]
    t_first = tk_first[order]
    n_t = order.size
    t_group = g_row[t_first]
    t_per_group = np.bincount(t_group, minlength=g_first.size)
    t_start = _starts(t_per_group)
    t_last = np.zeros(n_t, bool)
    t_last[(t_start + t_per_group - 1)[t_per_group > 0]] = True

    p_row, p_first = _dense(g_row, _codes(frame[PLAYER]))
    p_group = g_row[p_first]
    p_name = frame[PLAYER].to_numpy()[p_first]

    # final-score rows: one per player per tournament, never mixed with round rows
    if n:
        tp, _ = _dense(t_row, p_row)
        fso_count = np.bincount(tp[~played], minlength=tp.max() + 1)
        round_count = np.bincount(tp[played], minlength=tp.max() + 1)
        _check(frame, ~played & (fso_count[tp] > 1), "more than one final score for a player")
        _check(
            frame,
            (fso_count[tp] > 0) & (round_count[tp] > 0),
            "a player with both a final score and round results in one tournament",
        )

    t_rounds = np.zeros(n_t, np.int64)
    t_target2 = np.zeros(n_t, np.int64)
    t_typical2 = np.zeros(n_t, np.int64)
    target = np.zeros(n, np.int64)
    pl = np.flatnonzero(played)
    if pl.size:
        sub = frame.iloc[pl]
        target[pl] = sub[TARGET].to_numpy(np.int64)
        tg = target[pl]
        pts = points[pl]
        tr = t_row[pl]
        _check(sub, tg <= 0, "a target that is not positive")
        r_code = _codes(sub[ROUND])
        trp, _ = _dense(tr, r_code, p_row[pl])
        _check(sub, np.bincount(trp)[trp] > 1, "a player more than once in a round")
        m_row, m_first = _dense(tr, r_code, _codes(sub[MATCH]))
        team_row, team_first = _dense(m_row, _codes(sub[TEAM]))
        n_m = m_first.size
        team_match = m_row[team_first]
        _check(
            sub,
            np.bincount(team_match, minlength=n_m)[m_row] != 2,
            "a match without exactly two teams",
        )
        size = np.bincount(team_row)
        size_max = np.zeros(n_m, np.int64)
        np.maximum.at(size_max, team_match, size)
        _check(sub, size[team_row] != size_max[m_row], "teams of unequal size in a match")
        m_target = tg[m_first]
        _check(sub, _whole(m_row, tg != m_target[m_row]), "more than one target in a match")
        team_points = pts[team_first]
        _check(
            sub,
            _whole(team_row, pts != team_points[team_row]),
            "players of one team with different points",
        )
        total = np.bincount(team_match, weights=team_points, minlength=n_m)
        _check(
            sub,
            total[m_row] != m_target[m_row],
            "the two teams' points do not add up to the target",
        )

        # per tournament: distinct rounds and the median target of its matches
        m_t = tr[m_first]
        t_rounds = np.bincount(tr[_dense(tr, r_code)[1]], minlength=n_t)
        sorted_target = m_target[np.lexsort((m_target, m_t))]
        m_per_t = np.bincount(m_t, minlength=n_t)
        start = _starts(m_per_t)
        has = m_per_t > 0
        lo = np.where(has, start + (m_per_t - 1) // 2, 0)
        hi = np.where(has, start + m_per_t // 2, 0)
        t_target2 = np.where(has, sorted_target[lo] + sorted_target[hi], 0)
        t_typical2 = _running_median2(m_t, m_target, t_group, t_start)

    # cells: one per player per tournament of his league, player-major
    p_tcount = t_per_group[p_group]
    row_start = _starts(p_tcount)
    n_cells = int(p_tcount.sum())
    cell_player = np.repeat(np.arange(p_first.size), p_tcount)
    cell_row_start = np.repeat(row_start, p_tcount)
    cell_tournament = np.arange(n_cells) - cell_row_start + t_start[p_group][cell_player]
    cell = row_start[p_row] + t_row - t_start[g_row]

    def scatter(weights: np.ndarray) -> np.ndarray:
        return np.bincount(cell, weights=weights, minlength=n_cells).astype(np.int64)

    twice = 2 * points
    return _League(
        frame=frame,
        groups=groups,
        group_values=group_values,
        t_group=t_group,
        t_first=t_first,
        t_date=dates[t_first],
        t_rounds=t_rounds,
        t_target2=t_target2,
        t_typical2=t_typical2,
        t_last=t_last,
        p_group=p_group,
        p_first=p_first,
        p_name=p_name,
        p_order=_swedish_order(p_name),
        cell_player=cell_player,
        cell_tournament=cell_tournament,
        cell_row_start=cell_row_start,
        attended=np.bincount(cell, minlength=n_cells) > 0,
        points=scatter(points),
        matches=scatter(played),
        wins=scatter(played & (twice > target)),
        draws=scatter(played & (twice == target)),
        played_points=scatter(np.where(played, points, 0)),
        played_possible=scatter(target),
    )


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


# --- the computation -----------------------------------------------------------------------------


def _row_cumsum(values: np.ndarray, row_start: np.ndarray) -> np.ndarray:
    """Cumulative sums along each player's row of cells."""
    total = np.cumsum(values)
    before = np.concatenate([[0], total])[row_start]
    return total - before


def _cells(lg: _League, rules: LeagueRules) -> dict[str, np.ndarray]:
    """Every cumulative quantity, per cell (player, cut-off tournament)."""
    start = lg.cell_row_start
    t = lg.cell_tournament
    started = _row_cumsum(lg.attended.astype(np.int64), start) > 0
    missed = started & ~lg.attended
    absent_rounds = _row_cumsum(np.where(missed, lg.t_rounds[t], 0), start)
    absent2 = _row_cumsum(np.where(missed, lg.t_rounds[t] * lg.t_target2[t], 0), start)
    matches = _row_cumsum(lg.matches, start)
    k = rules.prior_rounds
    prior = np.maximum(k - matches, 0) if rules.prior_mode == "top-up" else np.full_like(matches, k)
    virtual2 = prior * lg.t_typical2[t] + absent2  # 2 V
    played_points = _row_cumsum(lg.played_points, start)
    played_possible = _row_cumsum(lg.played_possible, start)
    # 100 (P + V/2) / (M + V) = 100 (4P + 2V) / (4M + 4V); both terms are integers
    numerator = 4 * played_points + virtual2
    denominator = 4 * played_possible + 2 * virtual2
    with np.errstate(invalid="ignore", divide="ignore"):
        ranking = (100 * numerator).astype(np.float64) / denominator.astype(np.float64)
    ranking[matches == 0] = np.nan
    wins = _row_cumsum(lg.wins, start)
    draws = _row_cumsum(lg.draws, start)
    return {
        "started": started,
        "missed": missed,
        RANKING: ranking,
        POINTS: _row_cumsum(lg.points, start),
        MATCHES: matches,
        WINS: wins,
        DRAWS: draws,
        LOSSES: matches - wins - draws,
        PRIOR_ROUNDS: prior,
        ABSENT_ROUNDS: absent_rounds,
        "played_points": played_points,
        "played_possible": played_possible,
    }


def _take(frame: pd.DataFrame, column: str, rows: np.ndarray) -> pd.Series:
    """Values of `column` at row positions `rows`, keeping the column's dtype."""
    return frame[column].take(rows).reset_index(drop=True)


def _table(lg: _League, cells: dict[str, np.ndarray], keep: np.ndarray, *, per_tournament: bool):
    """The ranked long frame of the selected cells."""
    idx = np.flatnonzero(keep)
    p = lg.cell_player[idx]
    t = lg.cell_tournament[idx]
    data: dict[str, object] = {g: _take(lg.frame, g, lg.p_first[p]) for g in lg.groups}
    if per_tournament:
        data[TOURNAMENT] = _take(lg.frame, TOURNAMENT, lg.t_first[t])
        data[DATE] = lg.t_date[t]
    data[PLAYER] = _take(lg.frame, PLAYER, lg.p_first[p])
    for column in BOARD_COLUMNS[2:]:
        data[column] = cells[column][idx]
    frame = pd.DataFrame(data)
    frame["_cut"] = t
    frame["_m"] = -frame[MATCHES]
    frame["_p"] = -frame[POINTS]
    frame["_w"] = -frame[WINS]
    frame["_name"] = lg.p_order[p]
    ranked = competition_rank(
        frame, [RANKING], by="_cut", order_by=["_m", "_p", "_w", "_name"], rank_column=PLACE
    )
    place = pd.array(ranked[PLACE].to_numpy(), dtype="Int64")
    place[ranked[RANKING].isna().to_numpy()] = pd.NA
    ranked[PLACE] = place
    front = [*lg.groups, *([TOURNAMENT, DATE] if per_tournament else [])]
    return ranked[[*front, *BOARD_COLUMNS]]


def _rules(prior_rounds, prior_mode) -> LeagueRules:
    return LeagueRules(
        prior_rounds=10 if prior_rounds is None else prior_rounds,
        prior_mode="top-up" if prior_mode is None else prior_mode,
    )


def _through(lg: _League, through) -> _League:
    """The league restricted to the tournaments dated on or before `through`."""
    if through is None:
        return lg
    try:
        cut = pd.Timestamp(through)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"through must be a date; got {through!r}") from exc
    if cut.tzinfo is not None:
        cut = cut.tz_localize(None)
    keep = lg.frame[DATE].to_numpy("datetime64[ns]") <= cut.to_datetime64()
    return _code(lg.frame.loc[keep].reset_index(drop=True), lg.groups)


def leaderboard(
    results: pd.DataFrame,
    *,
    prior_rounds: int = 10,
    prior_mode: str = "top-up",
    through=None,
    by: str | Sequence[str] | None = None,
) -> pd.DataFrame:
    """The league leaderboard ("Topplista") after all tournaments, or after `through`.

    Parameters
    ----------
    results : pandas.DataFrame
        One row per player per match: ``tournament, date, round, match, team, player, points,
        target`` (see :data:`COLUMNS`); a final-score-only tournament as rows ``tournament, date,
        player, points`` with ``round`` missing.
    prior_rounds : int, default 10
        Start weight K, in rounds at the league's typical target.
    prior_mode : {"top-up", "constant"}, default "top-up"
        ``"top-up"``: max(0, K - rounds played) virtual rounds; ``"constant"``: always K.
    through : date-like, optional
        Only the tournaments dated on or before this date (a single cut-off of :func:`history`).
    by : str or sequence of str, optional
        Columns whose groups are separate leagues. Default: ``league`` and/or ``season`` when
        present, else one league.

    Returns
    -------
    pandas.DataFrame
        One row per player (per league), in display order: the group columns, then ``place``
        (``Int64``, missing for an unranked player), ``player``, ``ranking`` (0-100, NaN without a
        played round), ``points``, ``matches``, ``wins``, ``draws``, ``losses``, ``prior_rounds``
        (start-weight rounds used) and ``absent_rounds`` (rounds of missed tournaments).

    Raises
    ------
    ValidationError
        For malformed results (naming tournament, round and player).

    Examples
    --------
    >>> df = pd.DataFrame({
    ...     "tournament": "T1", "date": "2024-01-10", "round": [1, 1, 1, 1], "match": 1,
    ...     "team": ["A", "A", "B", "B"], "player": ["Åsa", "Bo", "Ärla", "Anna"],
    ...     "points": [15, 15, 9, 9], "target": 24})
    >>> leaderboard(df, prior_rounds=0)[["place", "player", "ranking", "wins", "losses"]]
       place player  ranking  wins  losses
    0      1     Bo     62.5     1       0
    1      1    Åsa     62.5     1       0
    2      3   Anna     37.5     0       1
    3      3   Ärla     37.5     0       1
    """
    rules = _rules(prior_rounds, prior_mode)
    lg = _through(_prepare(results, by), through)
    cells = _cells(lg, rules)
    keep = cells["started"] & lg.t_last[lg.cell_tournament]
    return _table(lg, cells, keep, per_tournament=False)


def history(
    results: pd.DataFrame,
    *,
    prior_rounds: int = 10,
    prior_mode: str = "top-up",
    by: str | Sequence[str] | None = None,
) -> pd.DataFrame:
    """The leaderboard as it stood after every tournament, all in one long frame.

    Each leaderboard is computed only from the tournaments up to and including its tournament
    (in date order): points, rounds, absences and the league's typical target (the median target of
    the matches played so far). It lists the players seen so far.

    Parameters
    ----------
    results : pandas.DataFrame
        As for :func:`leaderboard`.
    prior_rounds, prior_mode, by
        As for :func:`leaderboard`.

    Returns
    -------
    pandas.DataFrame
        The group columns, ``tournament``, ``date``, then the columns of :func:`leaderboard`;
        ordered by league, tournament order, then display order.

    Examples
    --------
    >>> df = pd.DataFrame({
    ...     "tournament": ["T1"] * 4 + ["T2"] * 4, "date": ["2024-01-10"] * 4 + ["2024-01-17"] * 4,
    ...     "round": 1, "match": 1, "team": ["A", "A", "B", "B"] * 2,
    ...     "player": ["Anna", "Bo", "Cia", "Dan", "Anna", "Cia", "Bo", "Eva"],
    ...     "points": [15, 15, 9, 9, 10, 10, 14, 14], "target": 24})
    >>> history(df, prior_rounds=2)[["tournament", "place", "player", "ranking", "absent_rounds"]]
      tournament  place player    ranking  absent_rounds
    0         T1      1   Anna  56.250000              0
    1         T1      1     Bo  56.250000              0
    2         T1      3    Cia  43.750000              0
    3         T1      3    Dan  43.750000              0
    4         T2      1     Bo  60.416667              0
    5         T2      2    Eva  54.166667              0
    6         T2      3   Anna  52.083333              0
    7         T2      4    Dan  45.833333              1
    8         T2      5    Cia  39.583333              0
    """
    rules = _rules(prior_rounds, prior_mode)
    lg = _prepare(results, by)
    cells = _cells(lg, rules)
    return _table(lg, cells, cells["started"], per_tournament=True)


def explain(
    results: pd.DataFrame,
    *,
    player,
    prior_rounds: int = 10,
    prior_mode: str = "top-up",
    through=None,
    by: str | Sequence[str] | None = None,
) -> pd.DataFrame:
    """The terms behind a player's ranking, which add up to it.

    One row per term: ``played`` (the played rounds: ``points`` P out of ``possible`` M),
    ``start weight`` (the start-weight rounds at the league's typical target) and one ``absence``
    row per missed tournament (its rounds at its target). Virtual rounds are worth half their
    possible points, so ``ranking = 100 * points.sum() / possible.sum()`` for a player with at
    least one played round (a player without one has no ranking).

    Parameters
    ----------
    results : pandas.DataFrame
        As for :func:`leaderboard`.
    player
        The player to explain (in every league he played in).
    prior_rounds, prior_mode, through, by
        As for :func:`leaderboard`.

    Returns
    -------
    pandas.DataFrame
        The group columns, ``player``, ``term``, ``tournament``, ``date``, ``rounds``, ``target``
        (the target per round; missing for played rounds), ``points`` and ``possible``.

    Examples
    --------
    >>> df = pd.DataFrame({
    ...     "tournament": ["T1"] * 4 + ["T2"] * 4, "date": ["2024-01-10"] * 4 + ["2024-01-17"] * 4,
    ...     "round": 1, "match": 1, "team": ["A", "A", "B", "B"] * 2,
    ...     "player": ["Anna", "Bo", "Cia", "Dan", "Anna", "Cia", "Bo", "Eva"],
    ...     "points": [15, 15, 9, 9, 10, 10, 14, 14], "target": 24})
    >>> terms = explain(df, player="Dan", prior_rounds=2)
    >>> terms[["term", "tournament", "rounds", "target", "points", "possible"]]
               term tournament  rounds  target  points  possible
    0        played        NaN       1     NaN     9.0      24.0
    1  start weight        NaN       1    24.0    12.0      24.0
    2       absence         T2       1    24.0    12.0      24.0
    >>> print(round(100 * terms["points"].sum() / terms["possible"].sum(), 6))
    45.833333
    """
    rules = _rules(prior_rounds, prior_mode)
    lg = _through(_prepare(results, by), through)
    cells = _cells(lg, rules)
    mine = np.flatnonzero(pd.Series(lg.p_name).eq(player).to_numpy())
    if mine.size == 0:
        raise ValueError(f"no player {player!r} in the results")
    last = lg.t_last[lg.cell_tournament]
    sel = np.flatnonzero(np.isin(lg.cell_player, mine) & last)
    p = lg.cell_player[sel]
    t = lg.cell_tournament[sel]
    typical = lg.t_typical2[t] / 2
    prior = cells[PRIOR_ROUNDS][sel]
    parts = [
        pd.DataFrame(
            {
                "_p": p,
                "_t": -2,
                TERM: "played",
                ROUNDS: cells[MATCHES][sel],
                TARGET: np.nan,
                POINTS: cells["played_points"][sel].astype(np.float64),
                POSSIBLE: cells["played_possible"][sel].astype(np.float64),
            }
        ),
        pd.DataFrame(
            {
                "_p": p,
                "_t": -1,
                TERM: "start weight",
                ROUNDS: prior,
                TARGET: typical,
                POINTS: prior * typical / 2,
                POSSIBLE: prior * typical,
            }
        ),
    ]
    # missed tournaments of those players: cells of their rows before the cut-off, not attended
    rows = np.flatnonzero(np.isin(lg.cell_player, mine) & cells["missed"])
    rows = rows[lg.t_rounds[lg.cell_tournament[rows]] > 0]
    mt = lg.cell_tournament[rows]
    rounds = lg.t_rounds[mt]
    target = lg.t_target2[mt] / 2
    parts.append(
        pd.DataFrame(
            {
                "_p": lg.cell_player[rows],
                "_t": mt,
                TERM: "absence",
                ROUNDS: rounds,
                TARGET: target,
                POINTS: rounds * target / 2,
                POSSIBLE: rounds * target,
            }
        )
    )
    terms = pd.concat(parts, ignore_index=True).sort_values(["_p", "_t"], kind="stable")
    tt = terms["_t"].to_numpy()
    pp = terms["_p"].to_numpy()
    real = tt >= 0
    safe = np.where(real, tt, 0)
    out = {g: _take(lg.frame, g, lg.p_first[pp]) for g in lg.groups}
    out[PLAYER] = _take(lg.frame, PLAYER, lg.p_first[pp])
    out[TERM] = terms[TERM].to_numpy()
    out[TOURNAMENT] = _take(lg.frame, TOURNAMENT, lg.t_first[safe]).astype(object).where(real)
    out[DATE] = pd.Series(lg.t_date[safe]).where(real)
    for column in (ROUNDS, TARGET, POINTS, POSSIBLE):
        out[column] = terms[column].to_numpy()
    frame = pd.DataFrame(out)
    frame[ROUNDS] = frame[ROUNDS].astype(np.int64)
    return frame


# --- files ---------------------------------------------------------------------------------------


def read_results(path: str | os.PathLike) -> pd.DataFrame:
    """The league results of a CSV/Parquet file or a folder of them, as :func:`leaderboard` takes them.

    Files of a folder are read in name order and concatenated; each file's rows belong to the
    league of their ``league`` column, or, without one, to a league named after the file's stem.
    A ``season`` column, when present, splits a league into seasons (files of a folder without
    one then get the season ``"all"``). A folder's tables without the required columns (a
    standings table written there) are skipped with a warning. Nothing is validated here:
    :func:`leaderboard` and :func:`history` do it.

    Parameters
    ----------
    path : path-like
        A ``.csv`` / ``.parquet`` file, or a folder of them (other files are ignored).

    Returns
    -------
    pandas.DataFrame
        The rows of every file, with a ``league`` column (and ``season`` when any file has one).

    Raises
    ------
    ValueError
        When `path` does not exist or a folder holds no table.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> pd.DataFrame({"tournament": "T1", "date": "2024-01-10", "player": ["Bo", "Åsa"],
    ...               "points": [30, 40]}).to_csv(folder / "autumn.csv", index=False)
    >>> read_results(folder)
       league tournament        date player  points
    0  autumn         T1  2024-01-10     Bo      30
    1  autumn         T1  2024-01-10    Åsa      40
    """
    required = [c.name for c in COLUMNS if c.required]
    files = result_files(path, TABLE_SUFFIXES, required, what="league results")
    frames = []
    for file in files:
        frame = read_table(file)
        if LEAGUE not in frame.columns:
            frame.insert(0, LEAGUE, file.stem)
        frames.append(frame)
    if len(frames) == 1:
        return frames[0]
    if any(SEASON in f.columns for f in frames):  # a file without one is one season of its league
        frames = [f if SEASON in f.columns else f.assign(**{SEASON: ALL_SEASONS}) for f in frames]
    return pd.concat(frames, ignore_index=True)


def standings_from_path(
    path: str | os.PathLike,
    *,
    prior_rounds: int | None = None,
    prior_mode: str | None = None,
) -> pd.DataFrame:
    """The leaderboard of every league in a CSV/Parquet file or a folder of them.

    The files are read with :func:`read_results` (a league per file without a ``league``
    column; a ``season`` column splits a league into seasons).

    Parameters
    ----------
    path : path-like
        A ``.csv`` / ``.parquet`` file, or a folder of them.
    prior_rounds : int, optional
        Start weight K (default 10).
    prior_mode : {"top-up", "constant"}, optional
        Start weight mode (default ``"top-up"``).

    Returns
    -------
    pandas.DataFrame
        :func:`leaderboard` with a ``league`` column (and ``season`` when present).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> pd.DataFrame({"tournament": "T1", "date": "2024-01-10", "player": ["Bo", "Åsa"],
    ...               "points": [30, 40]}).to_csv(folder / "autumn.csv", index=False)
    >>> standings_from_path(folder)[["league", "place", "player", "points"]]
       league  place player  points
    0  autumn   <NA>    Åsa      40
    1  autumn   <NA>     Bo      30
    """
    rules = _rules(prior_rounds, prior_mode)
    return leaderboard(
        read_results(path), prior_rounds=rules.prior_rounds, prior_mode=rules.prior_mode
    )


def history_from_path(path: str | os.PathLike, **options) -> pd.DataFrame:
    """The history of every league in a CSV/Parquet file or a folder of them (for drift charts).

    The files are read with :func:`read_results` (a league per file without a ``league``
    column; a ``season`` column splits a league into seasons) and passed to :func:`history`.

    Parameters
    ----------
    path : path-like
        A ``.csv`` / ``.parquet`` file, or a folder of them.
    **options
        Keyword options of :func:`history` (``prior_rounds``, ``prior_mode``); None means the
        default.

    Returns
    -------
    pandas.DataFrame
        :func:`history` with a ``league`` column (and ``season`` when present).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> pd.DataFrame({"tournament": "T1", "date": "2024-01-10", "round": 1, "match": 1,
    ...               "team": ["A", "A", "B", "B"], "player": ["Anna", "Bo", "Cia", "Dan"],
    ...               "points": [15, 15, 9, 9], "target": 24}).to_csv(folder / "club.csv", index=False)
    >>> history_from_path(folder, prior_rounds=0)[["league", "tournament", "place", "player"]]
      league tournament  place player
    0   club         T1      1   Anna
    1   club         T1      1     Bo
    2   club         T1      3    Cia
    3   club         T1      3    Dan
    """
    options = {k: v for k, v in options.items() if v is not None}
    return history(read_results(path), **options)
