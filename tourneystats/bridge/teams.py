"""Team matches: the home team's net score and IMPs per board, victory points, team standings.

A match is (event, round, home_team, visit_team); on each board the home team's net score is the
sum over its two tables of the NS score where it sat NS and minus the NS score where it sat EW,
and it scores ``imps(net)``. The match's IMPs give victory points on the WBF 2013 scale, or on a
scale of the user's (:mod:`~tourneystats.bridge.vpscales`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from ..core.people import with_people
from ..core.ranking import _labels, _pack, competition_rank
from ..core.schema import (
    BOARD,
    BOARDS,
    DECIDED_BY,
    EVENT,
    HOME_IMPS,
    HOME_NET,
    HOME_SIDE,
    HOME_TEAM,
    HOME_VP,
    IMPS_AGAINST,
    IMPS_FOR,
    MATCHES,
    NS_SCORE,
    ROUND,
    SEGMENT,
    STAGE,
    TABLE,
    TEAM,
    VISIT_IMPS,
    VISIT_TEAM,
    VISIT_VP,
    VP,
    Column,
    fail_rows,
    validate,
)
from .checks import check_play
from .conventions import Convention, convention_of
from .imp import imps, victory_points
from .prepare import EW, NS, PLAY_SPEC, _codes_of, _Record
from .teaminput import team_names
from .vpscales import scale_of

_TEAMS_SPEC = (
    Column(EVENT, "key"),
    Column(STAGE, "key", required=False),
    Column(ROUND, "int", required=False, nullable=True),
    Column(SEGMENT, "key", required=False),
    Column(BOARD, "int"),
    Column(HOME_TEAM, "key"),
    Column(VISIT_TEAM, "key"),
    Column(TABLE, "key", required=False),
    Column(HOME_SIDE, "key"),
    Column(NS_SCORE, "int", nullable=True),
    *PLAY_SPEC,
)


# --- team matches --------------------------------------------------------------------------------


class _Teams(_Record):
    """A validated team results frame, its match and board codes, and the board results."""

    frame: pd.DataFrame
    keys: list[str]  # match key columns
    match: np.ndarray  # per row
    mb: np.ndarray  # per row: (match, board) code
    mb_first: np.ndarray  # per (match, board): its first row
    net: np.ndarray  # per (match, board): home net score (NaN when incomplete)
    board_imps: np.ndarray  # per (match, board): home IMPs (NaN when incomplete)


def _first_rows(codes: np.ndarray, n: int) -> np.ndarray:
    """Per code in ``0..n-1``: the first row holding it (codes are assumed all present)."""
    first = np.full(n, -1, dtype=np.int64)
    first[codes[::-1]] = np.arange(len(codes))[::-1]
    return first


def _group_codes(columns: list[tuple[np.ndarray, int]]) -> np.ndarray:
    """Dense codes of the rows' combined key, numbered in the key's sorted order (as
    ``groupby(sort=True).ngroup()``), from each column's sorted dense codes."""
    keys = _pack(columns)
    n = len(keys[0])
    if n == 0:
        return np.zeros(0, dtype=np.int64)
    order = np.lexsort(keys[::-1])
    new = np.zeros(n, dtype=bool)
    new[0] = True
    for k in keys:
        ks = k[order]
        new[1:] |= ks[1:] != ks[:-1]
    codes = np.empty(n, dtype=np.int64)
    codes[order] = np.cumsum(new) - 1
    return codes


def _duplicated(codes: np.ndarray) -> np.ndarray:
    """Whether each row's code is shared with another row."""
    return np.bincount(codes)[codes] > 1


def _prepare_teams(teams: pd.DataFrame) -> _Teams:
    """Validate a team results frame; the home team's net score and IMPs per match and board."""
    (named,) = team_names([(teams, [HOME_TEAM, VISIT_TEAM], "teams")])
    frame = validate(named, _TEAMS_SPEC, what="teams")
    check_play(frame, what="teams")
    side_codes, side_uniques = _codes_of(frame[HOME_SIDE])
    side_norm = np.array([str(u).strip().upper().replace("-", "") for u in side_uniques])
    ok = np.isin(side_norm, [NS, EW])
    fail_rows(frame, ~ok[side_codes], "home_side must be 'NS' or 'EW'", what="teams")
    home_ns = (side_norm == NS)[side_codes]
    keys = [c for c in (EVENT, STAGE, ROUND) if c in frame.columns] + [HOME_TEAM, VISIT_TEAM]
    keys += [SEGMENT] if SEGMENT in frame.columns else []
    fail_rows(
        frame,
        (frame[HOME_TEAM] == frame[VISIT_TEAM]).to_numpy(dtype=bool),
        "a team plays against itself",
        what="teams",
    )
    key_codes = [_labels(frame[c]) for c in keys]
    match = _group_codes(key_codes)
    board = _labels(frame[BOARD])
    mb = _group_codes([(match, int(match.max()) + 1), board])
    n_mb = int(mb.max()) + 1 if len(mb) else 0
    count = np.bincount(mb, minlength=n_mb)
    fail_rows(
        frame, count[mb] > 2, "more than two table results for a board of a match", what="teams"
    )
    if TABLE in frame.columns and (count == 2).any():
        fail_rows(
            frame,
            _duplicated(_group_codes([(mb, n_mb), _labels(frame[TABLE])])) & (count[mb] == 2),
            "both table results of a board of a match are at the same table",
            what="teams",
        )
    ns_home_count = np.bincount(mb, weights=home_ns, minlength=n_mb)
    fail_rows(
        frame,
        (count[mb] == 2) & (ns_home_count[mb] != 1),
        "the home team sits the same direction at both tables of a board",
        what="teams",
    )
    score = frame[NS_SCORE].to_numpy(dtype=np.float64, na_value=np.nan)
    signed = np.where(home_ns, score, -score)
    scored = np.bincount(mb, weights=~np.isnan(score), minlength=n_mb)
    net = np.bincount(mb, weights=np.nan_to_num(signed), minlength=n_mb)
    net = np.where((count == 2) & (scored == 2), net, np.nan)
    return _Teams(
        frame=frame,
        keys=keys,
        match=match,
        mb=mb,
        mb_first=_first_rows(mb, n_mb),
        net=net,
        board_imps=imps(net),
    )


def board_imps(teams: pd.DataFrame) -> pd.DataFrame:
    """Per match and board: the home team's net score and IMPs.

    Parameters
    ----------
    teams : pandas.DataFrame
        Team results frame (see :mod:`tourneystats.bridge`): ``event, [round], board, home_team,
        visit_team, [table], home_side, ns_score``.

    Returns
    -------
    pandas.DataFrame
        ``event, [round], home_team, visit_team, board, home_net, home_imps, visit_imps``; a board
        with only one table result (or a missing score) has missing net and IMPs.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.bridge import board_imps
    >>> t = pd.DataFrame({"event": "T", "board": [1, 1], "home_team": "A", "visit_team": "B",
    ...                   "table": [1, 2], "home_side": ["NS", "EW"], "ns_score": [620, 170]})
    >>> board_imps(t)
      event home_team visit_team  board  home_net  home_imps  visit_imps
    0     T         A          B      1       450         10         -10
    """
    t = _prepare_teams(teams)
    out = t.frame.iloc[t.mb_first][[*t.keys, BOARD]].reset_index(drop=True)
    missing = np.isnan(t.net)
    out[HOME_NET] = pd.arrays.IntegerArray(np.nan_to_num(t.net).astype(np.int64), missing)
    home = np.nan_to_num(t.board_imps).astype(np.int64)
    out[HOME_IMPS] = pd.arrays.IntegerArray(home, missing)
    out[VISIT_IMPS] = pd.arrays.IntegerArray(-home, missing.copy())
    return out


def match_vps(home: Any, visit: Any, boards: Any, vp_scale: Any) -> tuple[Any, Any]:
    """Victory points of the home and visiting teams for the IMPs each won in matches of
    `boards` boards, on `vp_scale` (see :func:`team_matches`). On the WBF 2013 scale the
    visitors score ``20 - home`` (rounded to 0.01), as the scale's table does.

    Parameters
    ----------
    home, visit : array-like of float
        The IMPs each team won in each match.
    boards : array-like of int
        The boards of each match.
    vp_scale : str, path-like or DataFrame
        ``"wbf2013"`` or a user table (checked as :func:`team_matches` checks it).

    Returns
    -------
    (numpy.ndarray, numpy.ndarray)
        The home and visiting teams' victory points of each match.

    Examples
    --------
    >>> import numpy as np
    >>> from tourneystats.bridge import match_vps
    >>> match_vps(np.array([10.0]), np.array([4.0]), np.array([16]), "wbf2013")
    (array([11.76]), array([8.24]))
    """
    home = np.asarray(home, dtype=np.float64)
    visit = np.asarray(visit, dtype=np.float64)
    nboards = np.broadcast_to(np.asarray(boards, dtype=np.int64), home.shape)
    scale = scale_of(vp_scale)
    if scale is victory_points:
        vp = np.asarray(victory_points(home - visit, nboards), dtype=np.float64)
        return vp, np.round(20.0 - vp, 2)
    return scale(home - visit, nboards), scale(visit - home, nboards)


def _scale_name(vp_scale: Any, convention: Any) -> Any:
    """The scale `vp_scale` names, else the convention's (default: WBF 2013)."""
    if vp_scale is not None:
        return vp_scale
    return convention_of(convention).vp_scale


def team_matches(
    teams: pd.DataFrame,
    *,
    boards: int | None = None,
    vp_scale: Any = None,
    convention: str | Convention | None = None,
) -> pd.DataFrame:
    """Match results: IMPs won by each team and victory points.

    Parameters
    ----------
    teams : pandas.DataFrame
        Team results frame (see :mod:`tourneystats.bridge`).
    boards : int, optional
        Boards per match for the VP scale; by default the number of boards of the match in the
        data (incomplete boards included).
    vp_scale : str, path-like or pandas.DataFrame
        ``"wbf2013"`` (the WBF 2013 continuous scale, :func:`victory_points`), or a table of
        IMP bands per number of boards, as a CSV file or a DataFrame
        (:mod:`~tourneystats.bridge.vpscales`; the pre-2013 WBF 25-point scales are not
        shipped). By default the `convention`'s scale.
    convention : str or Convention, optional
        The publisher's conventions (:data:`~tourneystats.bridge.CONVENTIONS`; default ``ebu``),
        of which team matches use the VP scale.

    Returns
    -------
    pandas.DataFrame
        ``event, [stage], [round], home_team, visit_team, [segment], boards, home_imps,
        visit_imps`` (IMPs won on the complete boards), ``home_vp, visit_vp``; a frame with a
        ``segment`` column gives a row per segment, each scored as a match (a match's VPs are
        those of its total: :func:`~tourneystats.bridge.pool_standings`). Per-board IMPs:
        :func:`board_imps`.

    Notes
    -----
    The team names of every team table are trimmed, and two spellings of one name (letter
    case, inner spaces) refused (:mod:`~tourneystats.bridge.teaminput`); a board has at most
    two table results, at two tables, the home team sitting each direction once.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.bridge import team_matches
    >>> t = pd.DataFrame({"event": "T", "board": [1, 1, 2, 2], "home_team": "A",
    ...                   "visit_team": "B", "table": [1, 2, 1, 2],
    ...                   "home_side": ["NS", "EW", "NS", "EW"], "ns_score": [620, 170, -100, 50]})
    >>> team_matches(t, boards=16)
      event home_team visit_team  boards  home_imps  visit_imps  home_vp  visit_vp
    0     T         A          B      16         10           4    11.76      8.24
    """
    t = _prepare_teams(teams)
    board_match = t.match[t.mb_first]
    n_match = int(t.match.max()) + 1 if len(t.match) else 0
    bi = np.nan_to_num(t.board_imps)
    home = np.bincount(board_match, weights=np.maximum(bi, 0), minlength=n_match)
    visit = np.bincount(board_match, weights=np.maximum(-bi, 0), minlength=n_match)
    out = t.frame.iloc[_first_rows(t.match, n_match)][t.keys].reset_index(drop=True)
    if boards is None:
        nboards = np.bincount(board_match, minlength=n_match)
    else:
        nboards = np.full(n_match, int(boards))
    out[BOARDS] = nboards.astype(np.int64)
    out[HOME_IMPS] = home.astype(np.int64)
    out[VISIT_IMPS] = visit.astype(np.int64)
    out[HOME_VP], out[VISIT_VP] = match_vps(home, visit, nboards, _scale_name(vp_scale, convention))
    return out


def _meetings(frame: pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    """Per row: the code of the two teams' meeting (event, stage, round, either team at home),
    and the home team's code."""
    group = [c for c in (EVENT, STAGE, ROUND) if c in frame.columns]
    n = len(frame)
    codes = pd.factorize(pd.concat([frame[HOME_TEAM], frame[VISIT_TEAM]], ignore_index=True))[0]
    hc, vc = codes[:n], codes[n:]  # (a bye's visit: -1)
    key = pd.DataFrame({**{c: frame[c].to_numpy() for c in group},
                        "lo": np.minimum(hc, vc), "hi": np.maximum(hc, vc)})  # fmt: skip
    return key.groupby(list(key.columns), sort=False, dropna=False).ngroup().to_numpy(), hc


def oriented(frame: pd.DataFrame, meeting: np.ndarray, home: np.ndarray) -> pd.DataFrame:
    """The segment rows of each meeting with the home and visiting team of its first row (the
    IMPs and VPs of a segment played the other way round swapped)."""
    n = len(frame)
    first = np.full(int(meeting.max()) + 1 if n else 0, -1, dtype=np.int64)
    first[meeting[::-1]] = np.arange(n)[::-1]
    lead = first[meeting]
    flip = home != home[lead]
    if not flip.any():
        return frame
    out = {HOME_TEAM: frame[HOME_TEAM].to_numpy()[lead],
           VISIT_TEAM: frame[VISIT_TEAM].to_numpy()[lead]}  # fmt: skip
    for a, b in ((HOME_IMPS, VISIT_IMPS), (HOME_VP, VISIT_VP)):
        if a in frame.columns and b in frame.columns:
            x = frame[a].to_numpy(dtype=np.float64, na_value=np.nan)
            y = frame[b].to_numpy(dtype=np.float64, na_value=np.nan)
            out[a], out[b] = np.where(flip, y, x), np.where(flip, x, y)
    kept = {c: v.astype(frame[c].dtype) for c, v in out.items()
            if c in (HOME_IMPS, VISIT_IMPS) and frame[c].dtype == np.int64}  # fmt: skip
    return frame.assign(**{**out, **kept})


def whole_matches(matches: pd.DataFrame, vp_scale: Any) -> pd.DataFrame:
    """Segments of a match (rows with a ``segment`` column) summed into one row per match (the
    teams may swap home and visit between segments), whose VPs are those of the match's total
    IMPs and boards; a frame without segments is returned as is."""
    if SEGMENT not in matches.columns:
        return matches
    matches = oriented(matches, *_meetings(matches))
    keys = [c for c in (EVENT, STAGE, ROUND, HOME_TEAM, VISIT_TEAM) if c in matches.columns]
    out = matches.groupby(keys, sort=False, observed=True, dropna=False)[
        [BOARDS, HOME_IMPS, VISIT_IMPS]
    ].sum()
    out = out.reset_index()
    out[HOME_VP], out[VISIT_VP] = match_vps(
        out[HOME_IMPS].to_numpy(), out[VISIT_IMPS].to_numpy(), out[BOARDS].to_numpy(), vp_scale
    )
    return out


def team_standings(
    teams: pd.DataFrame,
    *,
    boards: int | None = None,
    vp_scale: Any = None,
    convention: str | Convention | None = None,
    players: pd.DataFrame | None = None,
) -> pd.DataFrame:
    """Per event and team: matches, IMPs won and lost, victory points and place.

    `boards`, `vp_scale` and `convention` are as in :func:`team_matches`. Tie-breaks, stages,
    byes and standings after each round: :func:`~tourneystats.bridge.pool_standings`.
    `players` (``event, team, names``: the ``pairs`` frame of a team PBN file) puts each
    team's members after its name.

    Parameters
    ----------
    teams : pandas.DataFrame
        One row per table result: ``event, board, home_team, visit_team, table, home_side,
        ns_score`` (and ``round``).
    boards : int, optional
        The boards of a match for the VP scale (default: the boards each match played).
    vp_scale : str or pandas.DataFrame, optional
        The victory-point scale: ``"wbf2013"`` or a table of IMP bands (default: the
        `convention`'s, else ``"wbf2013"``).
    convention : str or Convention, optional
        The publisher's convention, as in :func:`team_matches`.
    players : pandas.DataFrame, optional
        The teams' players, ``event, team, names`` (the ``pairs`` frame of
        :func:`~tourneystats.bridge.read_pbn` for a team file): ``names`` is carried into the
        table, after the team.

    Returns
    -------
    pandas.DataFrame
        ``event, team, matches, imps_for, imps_against, vp, rank`` (shared places by VP) and
        ``decided_by`` (``vp``, or ``tied`` for a shared place), sorted by event and place.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.bridge import team_standings
    >>> t = pd.DataFrame({"event": "T", "board": [1, 1], "home_team": "A", "visit_team": "B",
    ...                   "table": [1, 2], "home_side": ["NS", "EW"], "ns_score": [620, 170]})
    >>> table = team_standings(t)
    >>> table.drop(columns="decided_by")
      event team  matches  imps_for  imps_against     vp  rank
    0     T    A        1        10             0  18.09     1
    1     T    B        1         0            10   1.91     2
    >>> table["decided_by"].iloc[0]  # A above B by VP (the last place decides nothing)
    'vp'
    """
    scale = _scale_name(vp_scale, convention)
    m = whole_matches(team_matches(teams, boards=boards, vp_scale=scale), scale)
    home = pd.DataFrame(
        {EVENT: m[EVENT], TEAM: m[HOME_TEAM], IMPS_FOR: m[HOME_IMPS],
         IMPS_AGAINST: m[VISIT_IMPS], VP: m[HOME_VP]}
    )  # fmt: skip
    visit = pd.DataFrame(
        {EVENT: m[EVENT], TEAM: m[VISIT_TEAM], IMPS_FOR: m[VISIT_IMPS],
         IMPS_AGAINST: m[HOME_IMPS], VP: m[VISIT_VP]}
    )  # fmt: skip
    both = pd.concat([home, visit], ignore_index=True)
    out = both.groupby([EVENT, TEAM], sort=False, observed=True).agg(
        **{
            MATCHES: (VP, "size"),
            IMPS_FOR: (IMPS_FOR, "sum"),
            IMPS_AGAINST: (IMPS_AGAINST, "sum"),
            VP: (VP, "sum"),
        }
    )
    out = out.reset_index()
    out[VP] = out[VP].round(2)
    ranked = competition_rank(out, [VP], by=EVENT, order_by=TEAM, decided_by=DECIDED_BY)
    return with_people(ranked, players)
