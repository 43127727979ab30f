"""The round-by-round breakdown of one tie-break (:func:`explain`): what each round contributes
and why (the opponent's score as counted, the stand-in of an unplayed round, the cuts)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np
import pandas as pd

from ..core.people import select, with_people
from ..core.schema import EVENT, KIND, NAME, OPPONENT, PLAYER, PTS, ROUND
from .codes import TieBreak, parse_tiebreak
from .grid import _build_grid, _Grid
from .kinds import K_NONE, KINDS
from .regulations import _Options
from .rules import INDIVIDUAL_RULES, _resolve_round_robin
from .tables import _edition_grids, _restore_player_dtype
from .tiebreaks import _Engine

_STANDIN = np.array(["player", "self", "dummy", "virtual"], dtype=object)


def explain(
    results: pd.DataFrame,
    *,
    tiebreak: str = "BH",
    player: object = None,
    event: object = None,
    rules: str | Mapping | pd.Series | None = INDIVIDUAL_RULES,
    players: pd.DataFrame | None = None,
    events: pd.DataFrame | None = None,
    round_robin: bool | Iterable | None = None,
    points: str | Mapping | None = None,
    planned_rounds: int | Mapping | None = None,
    ratings: str = "first",
    unrated: str | float = "leave_out",
) -> pd.DataFrame:
    """Round-by-round breakdown of one tie-break: what each round contributes and why.

    Supported: BH, SB, FB, KS, PS, CUM, ARO, WIN, WON, BPG, BWG, REP, STD, PTS, with
    modifiers. `player` (an id, or a name of `players`) and `event` select the rows shown
    (default: all); the other options are those of :func:`~tourneystats.chess.standings`,
    whose `players` also gives the names, ids and ratings carried into the table. Board rows
    of team events (``team`` and ``opponent_team`` columns) are explained as teams
    (:func:`~tourneystats.chess.teamexplain.explain_team`: BH, SB and the extended SBs; `player`
    a team, `players` the teams' names; by default under the team functions' rule set,
    ``"auto:fide2024"``).

    Parameters
    ----------
    results : pandas.DataFrame
        One row per player per round, as :func:`~tourneystats.chess.standings` takes it.
    tiebreak : str, default "BH"
        The tie-break code explained (``"BH/C1"``, ``"SB"``, ``"ARO"``, ...).
    player, event : optional
        The player and the event whose rows are shown (default: all).
    rules, players, events, round_robin, points, planned_rounds, ratings, unrated
        As in :func:`~tourneystats.chess.standings`.

    Returns
    -------
    pandas.DataFrame
        One row per event, player and round: ``event, player, round, kind, opponent,
        counted_as`` ("player", "self" for the adjusted rule's draw against oneself, "dummy",
        "virtual"; missing where no opponent's score is used), ``opponent_points`` (the real
        opponent's points), ``score`` (the opponent's score as counted), ``adjusted`` (whether
        that differs from his points), ``result``, ``contribution``, ``cut`` and ``value`` (the
        tie-break). The contributions of the rows not cut sum to ``value`` (for ARO, to the
        unrounded average).

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.chess import explain
    >>> games = pd.DataFrame({
    ...     "event": "Open", "round": [1, 1, 1, 2, 2, 2],
    ...     "player": [1, 2, 3, 1, 2, 3], "opponent": [2, 1, None, 3, None, 1],
    ...     "points": [1, 0, 1, 0.5, 1, 0.5],
    ...     "kind": ["played", "played", "pab", "played", "pab", "played"]})
    >>> explain(games, tiebreak="BH", player=3)[["round", "counted_as", "score", "contribution"]]
       round counted_as  score  contribution
    0      1       self    1.0           1.0
    1      2     player    1.5           1.5
    """
    from .teamrounds import is_team_frame, team_keywords

    if is_team_frame(results):  # board rows of team events: a team's BH or SB
        from .teamexplain import explain_team

        options = _Options(points, planned_rounds, ratings, unrated)
        given = dict(rules=rules, events=events, round_robin=round_robin)
        keywords = team_keywords("explain", options, players, **given)
        del keywords["allow_buchholz_in_round_robins"]
        return explain_team(results, tiebreak=tiebreak, team=player, event=event, **keywords)
    tb = parse_tiebreak(tiebreak)
    if tb.name in ("DE", "AOB", "TPR", "PTP", "APRO", "APPO", "TPN", "RTNG"):
        raise ValueError(f"explain does not break down {tb.code}; use standings()")
    options = _Options(points, planned_rounds, ratings, unrated)
    round_robin = _resolve_round_robin(round_robin, events, results)
    grid = _build_grid(
        results,
        rules=rules,
        players=players,
        events=events,
        round_robin=round_robin,
        **options.grid(),
    )
    if tb.edition is not None:  # (BH@2026: every event under that edition's rule set)
        grid = _edition_grids(grid, [tb])[tb.edition]
    engine = _Engine(grid, unrated=options.unrated)
    value, detail = engine.compute(tb.plain)
    assert detail is not None  # (the tie-breaks without a breakdown are refused above)
    sel = _selected_players(grid, _player_id(player, players, event), event)
    gi, ri = np.nonzero(sel[:, None] & (grid.kind != K_NONE))
    out = _rounds_frame(grid, gi, ri)
    if detail.score is not None and detail.standin is not None:
        opp = grid.opp[gi, ri]
        pts_total = engine.value(TieBreak(PTS, PTS))
        standin = detail.standin[gi, ri]
        out["counted_as"] = _STANDIN[standin]
        real_pts = np.where(opp >= 0, pts_total[np.maximum(opp, 0)], np.nan)
        out["opponent_points"] = np.where(standin == 0, real_pts, np.nan)
        out["score"] = detail.score[gi, ri]
        out["adjusted"] = (standin != 0) | (np.abs(out["score"] - real_pts) > 1e-12)
    elif detail.score is not None:  # ARO: the opponents' ratings
        out["counted_as"] = np.where(np.isnan(detail.score[gi, ri]), None, "player")  # type: ignore[call-overload]
        out["score"] = detail.score[gi, ri]
    out["result"] = grid.points[gi, ri] if detail.result is None else detail.result[gi, ri]
    out["contribution"] = detail.contrib[gi, ri]
    out["cut"] = ~detail.kept[gi, ri]
    out["value"] = value[gi]
    return with_people(out, players)


def _player_id(player: object, players: pd.DataFrame | None, event: object) -> object:
    """The id of `player`, given as an id or as a name of `players` (of `event`, if given)."""
    if player is None or players is None or NAME not in players.columns:
        return player
    if event is not None:
        players = players[(players[EVENT].astype(str) == str(event)).to_numpy()]
    return select(players, [player], entity=PLAYER)[0]


def _selected_players(grid: _Grid, player: object, event: object) -> np.ndarray:
    """Mask of the players of `event` named `player` (None: all); refuses an empty selection."""
    sel = np.ones(grid.shape[0], dtype=bool)
    if event is not None:
        sel &= np.asarray(grid.event_index[grid.player_event] == event)
    if player is not None:
        sel &= pd.Series(grid.player_id).astype(str).eq(str(player)).to_numpy()
    if not sel.any():
        raise ValueError(f"no such player/event: player={player!r}, event={event!r}")
    return sel


def _rounds_frame(grid: _Grid, gi: np.ndarray, ri: np.ndarray) -> pd.DataFrame:
    """``event, player, round, kind, opponent`` of the grid cells (`gi`, `ri`)."""
    opp = grid.opp[gi, ri]
    out = pd.DataFrame(
        {
            EVENT: grid.event_index[grid.player_event[gi]],
            PLAYER: _restore_player_dtype(pd.Series(grid.player_id[gi])),
            ROUND: ri + 1,
            KIND: np.asarray(KINDS, dtype=object)[grid.kind[gi, ri]],
            OPPONENT: np.where(opp >= 0, grid.player_id[np.maximum(opp, 0)], None),
        }
    )
    out[OPPONENT] = _restore_opponent(out[OPPONENT])
    return out


def _restore_opponent(values: pd.Series) -> pd.Series:
    """Opponent ids back as nullable integers when they all are whole numbers (given as
    numbers: ids given as text stay as given)."""
    present = values.dropna()
    if pd.api.types.infer_dtype(present) not in ("integer", "floating", "mixed-integer-float"):
        return values
    converted = pd.to_numeric(present, errors="coerce")
    if len(present) and converted.notna().all() and (converted == np.floor(converted)).all():
        return pd.to_numeric(values, errors="coerce").astype("Int64")
    return values
