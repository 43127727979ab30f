"""The round-by-round breakdown of a team tie-break (:func:`explain_team`): what each match
contributes to a team's Buchholz or Sonneborn-Berger, and why."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np
import pandas as pd

from ..core.people import select
from ..core.schema import EVENT, KIND, NAME, OPPONENT_TEAM, ROUND, TEAM
from .kinds import K_NONE, KINDS
from .rules import RuleSet
from .teamcodes import parse_team_tiebreak
from .teamgrid import _build_team_grid
from .teams import TeamPoints, _team_points, validate_team_results
from .teamtiebreaks import _check_buchholz, _plain, _primary, _TeamEngine, _with_names

_STANDIN = np.array(["team", "self", "dummy", "virtual"], dtype=object)
#: the team tie-breaks broken down round by round
EXPLAINED = ("BH", "FB", "SB", "EMMSB", "EMGSB", "EGMSB", "EGGSB")


def explain_team(
    boards: pd.DataFrame,
    *,
    tiebreak: str = "BH",
    team: object = None,
    event: object = None,
    primary: str | None = None,
    rules: str | RuleSet | Mapping | pd.Series | None = "auto:fide2024",
    points: str | TeamPoints | None = None,
    events: pd.DataFrame | None = None,
    teams: pd.DataFrame | None = None,
    round_robin: bool | Iterable | None = None,
    team_size: int | None = None,
) -> pd.DataFrame:
    """Round-by-round breakdown of a team's Buchholz or Sonneborn-Berger.

    Broken down: BH, FB (C.07 8.3) and SB with a point type (``BH:GP``), the extended
    Sonneborn-Bergers EMMSB, EMGSB, EGMSB, EGGSB, with their cut modifiers (``BH:MP/C1``). The other team tie-breaks are
    refused: their values are :func:`~tourneystats.chess.team_standings`' columns, and the
    match points and game points of each round :func:`~tourneystats.chess.team_matches`'.

    Parameters
    ----------
    boards : pandas.DataFrame
        One row per board per round (:func:`~tourneystats.chess.validate_team_results`).
    tiebreak : str, default "BH"
        The team tie-break code (``"BH:GP/C1"``, ``"EMGSB"``, ...); without a point type, the
        primary score's.
    team, event : optional
        The team (an id, or a name of `teams`) and the event whose rows are shown (default: all).
    primary, rules, points, events, teams, round_robin, team_size
        As in :func:`~tourneystats.chess.team_standings`.

    Returns
    -------
    pandas.DataFrame
        One row per event, team and round: ``event, team`` (``name``), ``round, kind,
        opponent_team, counted_as`` ("team"; for an unplayed match the stand-in: "self",
        "dummy", "virtual"), ``opponent_points`` (the opponent team's score), ``score`` (as
        counted), ``adjusted``, ``result`` (SB: the team's points against it), ``contribution``,
        ``cut`` and ``value``; the contributions not cut sum to ``value``.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.chess.teamexplain import explain_team
    >>> rows = [(1, "A", "B", 1, 1, 6, 1.0), (1, "A", "B", 2, 2, 7, 0.5),
    ...         (1, "B", "A", 1, 6, 1, 0.0), (1, "B", "A", 2, 7, 2, 0.5)]
    >>> boards = pd.DataFrame(rows, columns=["round", "team", "opponent_team", "board",
    ...                                      "player", "opponent", "points"])
    >>> boards = boards.assign(event="E", kind="played")
    >>> explain_team(boards, tiebreak="EMGSB", team="A")[["round", "score", "result", "value"]]
       round  score  result  value
    0      1    0.0     1.5    0.0
    """
    tb = parse_team_tiebreak(tiebreak)
    if tb.name not in EXPLAINED:
        raise ValueError(
            f"explain breaks down the team tie-breaks {', '.join(EXPLAINED)} (with :MP/:GP and "
            f"cuts), not {tb.code}: its values are team_standings' columns, each round's match "
            "and game points team_matches'"
        )
    system = _team_points(points)
    df = validate_team_results(boards, points=system)
    tg = _build_team_grid(
        df, system, rules=rules, events=events, round_robin=round_robin, team_size=team_size
    )
    _check_buchholz(tg, [tb], allow=False)
    engine = _TeamEngine(tg, _primary(primary, None))
    score = tb.score or engine.primary
    r, result, contrib, kept = engine.detail(tb, score)
    g = tg.mp
    sel = _selected(g.event_index[g.player_event], g.player_id, _team_id(team, teams, event), event)
    ti, ri = np.nonzero(sel[:, None] & (g.kind != K_NONE))
    opp = g.opp[ti, ri]
    standin = r.standin[ti, ri]
    totals = r.pts  # (the score of the opponents' point type)
    real = np.where(opp >= 0, totals[np.maximum(opp, 0)], np.nan)
    out = pd.DataFrame(
        {
            EVENT: g.event_index[g.player_event[ti]],
            TEAM: _plain(pd.Series(g.player_id[ti], dtype=object)),
            ROUND: ri + 1,
            KIND: np.asarray(KINDS, dtype=object)[g.kind[ti, ri]],
            OPPONENT_TEAM: pd.Series(np.where(opp >= 0, g.player_id[np.maximum(opp, 0)], None)),
            "counted_as": np.where(r.valid[ti, ri], _STANDIN[standin], None),
            "opponent_points": np.where(standin == 0, real, np.nan),
            "score": r.score[ti, ri],
        }
    )
    out["adjusted"] = (standin != 0) | (np.abs(out["score"].to_numpy() - real) > 1e-12)
    out["result"] = result[ti, ri]
    out["contribution"] = contrib[ti, ri]
    out["cut"] = ~kept[ti, ri]
    out["value"] = np.where(kept, contrib, 0.0).sum(axis=1)[ti]
    return _with_names(out, teams)


def _team_id(team: object, teams: pd.DataFrame | None, event: object) -> object:
    """The id of `team`, given as an id or as a name of `teams` (of `event`, if given)."""
    if team is None or teams is None or NAME not in teams.columns:
        return team
    if event is not None:
        teams = teams[(teams[EVENT].astype(str) == str(event)).to_numpy()]
    return select(teams, [team], entity=TEAM)[0]


def _selected(event_of: pd.Index, ids: np.ndarray, team: object, event: object) -> np.ndarray:
    """Mask of the teams of `event` named `team` (None: all); refuses an empty selection."""
    sel = np.ones(len(ids), dtype=bool)
    if event is not None:
        sel &= np.asarray(event_of.astype(str) == str(event))
    if team is not None:
        sel &= pd.Series(ids).astype(str).eq(str(team)).to_numpy()
    if not sel.any():
        raise ValueError(f"no such team/event: team={team!r}, event={event!r}")
    return sel
