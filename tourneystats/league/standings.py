"""The leaderboard and its history: cumulative sums per cell, the ranking, places and display order.

Every cut-off (a tournament of a league) is computed at once: the per-cell sums of
:mod:`tourneystats.league.prepare` are summed along each player's row of cells, the virtual rounds
(start weight and absences) added, the ranking taken as one division of two integers, and the
places and the display order given per cut-off by one ranking call.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from ..core.dates import parse_dates
from ..core.ranking import competition_rank, decided_in_order
from ..core.schema import (
    ABSENT_ROUNDS,
    DATE,
    DECIDED_BY,
    DRAWS,
    LOSSES,
    MATCHES,
    PLACE,
    PLAYER,
    POINTS,
    PRIOR_ROUNDS,
    RANKING,
    TOURNAMENT,
    WINS,
)
from .prepare import _code, _League, _prepare
from .rules import LeagueRules, _rules

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
    DECIDED_BY,
]
#: `decided_by` of a place: the ranking decides it alone (matches, points, wins and the name
#: only order the players sharing a place)
DECIDED_BY_RANKING = RANKING


def leaderboard(
    results: pd.DataFrame,
    *,
    prior_rounds: int = 10,
    prior_mode: str = "top-up",
    through: Any = None,
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
        Only the tournaments dated on or before this date (a single cut-off of :func:`history`),
        read as the ``date`` column is (``"2024-01-17"``, ``20240117``, a timestamp).
    by : str or sequence of str, optional
        Columns whose groups are separate leagues. Default: ``league`` and/or ``season`` when
        present, else one league.

    Returns
    -------
    pandas.DataFrame
        One row per player (per league), in display order: the group columns, then ``place``
        (``Int64``, missing for an unranked player), ``player``, ``ranking`` (0-100, NaN without a
        played round), ``points``, ``matches``, ``wins``, ``draws``, ``losses``, ``prior_rounds``
        (start-weight rounds used), ``absent_rounds`` (rounds of missed tournaments) and
        ``decided_by``: ``"ranking"`` when the player's ranking is above the next player's,
        ``"tied"`` when they share the place (matches, points, wins and the name order the
        players of a place, they decide nothing), missing for the last ranked player and the
        unranked.

    Raises
    ------
    ValidationError
        For malformed results (naming tournament, round and player).

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats import leaderboard
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
    return _leaderboard(_through(_prepare(results, by), through), rules)


def _leaderboard(lg: _League, rules: LeagueRules) -> pd.DataFrame:
    """:func:`leaderboard` of prepared (validated) results."""
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
    >>> import pandas as pd
    >>> from tourneystats.league import history
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


# --- the computation ------------------------------------------------------------------------------


def _through(lg: _League, through: Any) -> _League:
    """The league restricted to the tournaments dated on or before `through`."""
    if through is None:
        return lg
    try:
        cut = parse_dates(np.array([through], dtype=object))[0]  # read as the date column
    except (TypeError, ValueError):
        cut = pd.NaT
    if pd.isna(cut):
        raise ValueError(f"through must be a date (YYYY-MM-DD); got {through!r}")
    keep = lg.frame[DATE].to_numpy("datetime64[ns]") <= cut.to_datetime64()
    return _code(lg.frame.loc[keep].reset_index(drop=True), lg.groups)


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


def _row_cumsum(values: np.ndarray, row_start: np.ndarray) -> np.ndarray:
    """Cumulative sums along each player's row of cells."""
    total = np.cumsum(values)
    before = np.concatenate([[0], total])[row_start]
    return total - before


def _table(
    lg: _League, cells: dict[str, np.ndarray], keep: np.ndarray, *, per_tournament: bool
) -> pd.DataFrame:
    """The ranked long frame of the selected cells."""
    idx = np.flatnonzero(keep)
    p = lg.cell_player[idx]
    t = lg.cell_tournament[idx]
    data: dict[str, object] = {g: _take(lg.frame, g, lg.p_first[p]) for g in lg.groups}
    if per_tournament:
        data[TOURNAMENT] = _take(lg.frame, TOURNAMENT, lg.t_first[t])
        data[DATE] = lg.t_date[t]
    data[PLAYER] = _take(lg.frame, PLAYER, lg.p_first[p])
    for column in BOARD_COLUMNS[2:-1]:
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
    unranked = ranked[RANKING].isna().to_numpy()
    place = pd.array(ranked[PLACE].to_numpy(), dtype="Int64")
    place[unranked] = pd.NA
    ranked[PLACE] = place
    ranked[DECIDED_BY] = decided_in_order(
        [ranked[RANKING].to_numpy()],
        [DECIDED_BY_RANKING],
        group=ranked["_cut"].to_numpy(),
        place=np.where(unranked, np.nan, ranked[PLACE].to_numpy(dtype=float, na_value=np.nan)),
    )
    front = [*lg.groups, *([TOURNAMENT, DATE] if per_tournament else [])]
    return ranked[[*front, *BOARD_COLUMNS]]


def _take(frame: pd.DataFrame, column: str, rows: np.ndarray) -> pd.Series:
    """Values of `column` at row positions `rows`, keeping the column's dtype."""
    return frame[column].take(rows).reset_index(drop=True)
