"""The terms behind a player's ranking (:func:`explain`): played rounds, start weight, absences."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np
import pandas as pd

from ..core.schema import (
    DATE,
    MATCHES,
    PLAYER,
    POINTS,
    POSSIBLE,
    PRIOR_ROUNDS,
    ROUNDS,
    TARGET,
    TERM,
    TOURNAMENT,
)
from .prepare import _prepare
from .rules import _rules
from .standings import _cells, _take, _through


def explain(
    results: pd.DataFrame,
    *,
    player: Hashable,
    prior_rounds: int = 10,
    prior_mode: str = "top-up",
    through: Any = None,
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
    >>> import pandas as pd
    >>> from tourneystats.league import explain
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
    mine = np.flatnonzero(pd.Series(lg.p_name).eq(player).to_numpy())  # type: ignore[arg-type]
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
    out: dict[Hashable, pd.Series | np.ndarray]
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
