"""Team standings after every round of every team event, in one computation.

Each event is copied once per round k, its board rows of rounds 1 to k only (the copy a
pseudo-event ``event * width + k``, as :func:`tourneystats.chess.standings_by_round` does for
individual events); all copies are stacked into one team grid and ranked at once. A copy keeps
its event's rule set, round-robin status and boards per match (a team bye or forfeited match of
round 1 scores the event's boards, whatever was fielded up to round k); its rounds are k (Koya's
50 % and SSSC's factor count the rounds played so far).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from ..core.schema import (
    BOARD,
    EVENT,
    KIND,
    OPPONENT_TEAM,
    PLAYER,
    POINTS,
    ROUND,
    TEAM,
)
from .regulations import _Options
from .rules import (
    INDIVIDUAL_RULES,
    TEAM_RULES,
    RuleSet,
    _resolve_round_robin,
    _round_robin_events,
    _rule_codes,
)
from .tables import _expand_by_round
from .teamgrid import _build_team_grid, _check_rounds
from .teams import TeamPoints, _team_points, validate_team_results
from .teamtiebreaks import (
    _by_order,
    _forbid_buchholz,
    _orders,
    _parse,
    _table,
    _with_names,
)

#: the columns of the board rows the team grid reads
_GRID_COLUMNS = (EVENT, ROUND, TEAM, OPPONENT_TEAM, BOARD, POINTS, KIND)


def team_standings_by_round(
    boards: pd.DataFrame,
    *,
    tiebreaks: Sequence[str] | str | None = None,
    primary: str | None = None,
    rules: str | RuleSet | Mapping | pd.Series | None = "auto:fide2024",
    points: str | TeamPoints | None = None,
    events: pd.DataFrame | None = None,
    teams: pd.DataFrame | None = None,
    round_robin: bool | Iterable | None = None,
    team_size: int | None = None,
    allow_buchholz_in_round_robins: bool = False,
) -> pd.DataFrame:
    """The team standings after every round of every team event.

    After round k an event is ranked as if it had k rounds: its board rows of rounds 1 to k,
    under the event's rule set, round-robin status and boards per match. The options are those
    of :func:`~tourneystats.chess.team_standings`.

    Parameters
    ----------
    boards : pandas.DataFrame
        One row per board per round (see :func:`~tourneystats.chess.validate_team_results`).
    tiebreaks, primary, rules, points, events, teams, round_robin, team_size, allow_buchholz_in_round_robins
        As in :func:`~tourneystats.chess.team_standings`, for every round.

    Returns
    -------
    pandas.DataFrame
        ``event, round, team`` (``name`` when `teams` gives it), ``rank``, the primary score,
        one column per tie-break, ``decided_by``: one row per event, round and team, events in
        order of appearance, then rounds, then ranks.

    Examples
    --------
    Team A wins round 1 2-0, then draws 1-1 with C (who had a pairing-allocated bye):

    >>> import pandas as pd
    >>> from tourneystats.chess.teamrounds import team_standings_by_round
    >>> rows = [(1, "A", "B", 1, 1, 6, 1.0), (1, "A", "B", 2, 2, 7, 1.0),
    ...         (1, "B", "A", 1, 6, 1, 0.0), (1, "B", "A", 2, 7, 2, 0.0),
    ...         (2, "A", "C", 1, 1, 8, 0.5), (2, "A", "C", 2, 2, 9, 0.5),
    ...         (2, "C", "A", 1, 8, 1, 0.5), (2, "C", "A", 2, 9, 2, 0.5)]
    >>> boards = pd.DataFrame(rows, columns=["round", "team", "opponent_team", "board",
    ...                                      "player", "opponent", "points"])
    >>> boards = boards.assign(event="E", kind="played")
    >>> bye = pd.DataFrame({"event": "E", "round": [1, 2], "team": ["C", "B"], "kind": "pab",
    ...                     "points": 0.0})
    >>> table = team_standings_by_round(pd.concat([boards, bye]), tiebreaks=["GP"])
    >>> table[["round", "team", "rank", "MP", "GP"]]
       round team  rank   MP   GP
    0      1    A     1  2.0  2.0
    1      1    C     2  1.0  1.0
    2      1    B     3  0.0  0.0
    3      2    A     1  3.0  3.0
    4      2    C     2  2.0  2.0
    5      2    B     3  1.0  1.0
    """
    orders = _orders(tiebreaks, primary, events, boards)
    if len(orders) > 1:  # events declaring different orders: each order's events apart
        return _by_order(
            team_standings_by_round, boards, orders, rules=rules, points=points, events=events,
            teams=teams, round_robin=round_robin, team_size=team_size,
            allow_buchholz_in_round_robins=allow_buchholz_in_round_robins,
        )  # fmt: skip
    order, primary, _ = orders[0]
    system = _team_points(points)
    tbs = _parse(order)
    df = validate_team_results(boards, points=system)
    # the copies carry the columns the team grid reads (the players were checked above)
    expanded, ev_uniques, width = _expand_by_round(df[list(_GRID_COLUMNS)])
    ev_index = pd.Index(np.asarray(ev_uniques, dtype=object), dtype=object)
    copies = np.unique(expanded[EVENT].to_numpy())
    base = copies // width
    # each copy gets its event's rule set, round-robin status and boards
    codes, sets = _rule_codes(rules, ev_index, events, df)
    rr = _round_robin_events(_resolve_round_robin(round_robin, events, df), ev_index)
    if team_size is None:
        size = df.groupby(EVENT, observed=True, sort=False)[BOARD].max()
        size.index = pd.Index(np.asarray(size.index, dtype=object), dtype=object)
        per_event = size.reindex(ev_index).fillna(1).to_numpy(dtype=np.float64)
    else:
        per_event = np.full(len(ev_index), float(team_size))
    # refused on the events (not their copies): a round without a row, BH in round robins
    ev_codes = ev_index.get_indexer(pd.Index(np.asarray(df[EVENT], dtype=object)))
    rnd = df[ROUND].to_numpy(dtype=np.int64)
    last = np.zeros(len(ev_index), dtype=np.int64)
    np.maximum.at(last, ev_codes, rnd)
    _check_rounds(ev_codes, rnd, last, ev_index)
    every = np.arange(len(ev_index))
    _forbid_buchholz(tbs, sets, codes, rr, every, ev_index, allow_buchholz_in_round_robins)
    expanded[EVENT] = pd.Categorical(expanded[EVENT].to_numpy(), categories=copies)
    tg = _build_team_grid(
        expanded,
        system,
        rules=sets[0] if len(sets) == 1 else pd.Series(_objects(sets)[codes[base]], copies),
        events=None,
        round_robin=copies[rr[base]].tolist(),
        team_size=pd.Series(per_event[base], index=copies.astype(str)),
    )
    table = _table(tg, tbs, primary, None)
    k = table[EVENT].to_numpy(dtype=np.int64)
    table.insert(1, ROUND, k % width)
    table[EVENT] = ev_index.take(k // width)
    at = np.lexsort((np.arange(len(table)), k % width, k // width))
    return _with_names(table.iloc[at].reset_index(drop=True), teams)


def _objects(values: Sequence) -> np.ndarray:
    """`values` as a 1-d object array (of rule sets)."""
    out = np.empty(len(values), dtype=object)
    out[:] = list(values)
    return out


def is_team_frame(results: object) -> bool:
    """Whether `results` are the board rows of team events (``team`` and ``opponent_team``
    columns), which the individual functions hand to the team ones."""
    return isinstance(results, pd.DataFrame) and {TEAM, OPPONENT_TEAM} <= set(results.columns)


def team_keywords(what: str, options: Any, players: pd.DataFrame | None, **call: Any) -> dict:
    """The keywords of a team function for a call of the individual function `what` on board
    rows: `call` (tie-breaks, rules, events, round robins) as given, the team point system
    from ``points``, the teams' names from `players` (``event, team, name``); the options of
    individual events only (`options`, a ``_Options``, away from their defaults) refused."""
    defaults = _Options()
    individual = [
        k
        for k in ("planned_rounds", "ratings", "unrated", "withdrawn")
        if getattr(options, k) != getattr(defaults, k)
    ]
    if individual:
        raise ValueError(
            f"{what}: the results are board rows of team events (team and opponent_team "
            f"columns), ranked as teams; the options {individual} are for individual events"
        )
    if players is not None and (TEAM not in players.columns or PLAYER in players.columns):
        raise ValueError(
            f"{what}: the results are board rows of team events (team and opponent_team "
            "columns), ranked as teams; players= gives the teams' names (event, team, name: "
            "read_team_trf's teams), not the players'"
        )
    if call.get("rules") is INDIVIDUAL_RULES:  # (not given: the team functions' default)
        call["rules"] = TEAM_RULES
    return dict(
        call,
        points=options.points,
        teams=players,
        allow_buchholz_in_round_robins=options.allow_buchholz_in_round_robins,
    )
