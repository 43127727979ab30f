"""Board-a-match team scoring, as pattons and Swiss teams use it: each board of a match is won,
tied or lost on the two tables' total score, and scores board points.

On each board the home team's net score (its two tables together,
:func:`~tourneystats.bridge.board_imps`) decides: above the tie margin the home team wins the
board, below its opposite it loses it, otherwise the board is tied. A won board scores ``win``
points, a tied one ``draw`` to each team, a lost one nothing: ``2/1/0`` (the default) or
``1/0.5/0`` (``scale="half"``). A board with one table result (or a missing score) scores
nothing to either side and is counted in ``incomplete``.

The tie margin is 0 by default (any difference wins the board); a regulation that counts a
small difference as a tie gives it as ``tie_margin`` (in points: 10 means a difference of 10
is a tie).

Patton scoring
--------------
:func:`patton_scores` adds to the board-a-match points of a match of ``n`` boards points for the total
score, as the Patton scripts for JFR Teamy define them (M. Klichowicz, written for the Polish
youth bridge camp BOOM 2014, public repository emkael/patton, ``patton-bam.sql`` and
``patton-imp.sql``): each board scores 2/1/0, a difference of 10 points or less tying it; each
team's aggregate is the sum of the positive scores it made at both tables (over the boards with
both results); with ``m`` the larger aggregate and ``d`` the difference, ``d / m`` (compared
to 4 decimals, as that program's database divides) above 1/3 gives the leader ``n`` and the
other team 0, from 1/10 to 1/3 the leader ``n/2 + x`` and the other ``n/2 - x`` (``x = 1``
for 4 boards, else ``n/6`` rounded to 0.1), below 1/10 ``n/2`` each. A match is worth ``3 n``
points in all.

Standings: :func:`bam_standings` ranks the stages on board points, with the tie-breaks of a
:class:`~tourneystats.bridge.TeamRules` (where its criteria name VPs and IMPs they read board
points: between the tied teams, the board points each won and lost), byes and the standings
after each round as in :func:`~tourneystats.bridge.pool_standings`.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..core.schema import (
    BOARD_POINTS,
    BOARDS,
    HOME_IMPS,
    HOME_POINTS,
    HOME_SIDE,
    HOME_VP,
    IMP_QUOTIENT,
    IMPS_AGAINST,
    IMPS_FOR,
    NS_SCORE,
    POINTS_AGAINST,
    POINTS_FOR,
    POINTS_QUOTIENT,
    VISIT_IMPS,
    VISIT_POINTS,
    VISIT_VP,
    VP,
)
from .pools import _GIVEN_POINTS, pool_standings
from .prepare import NS
from .teamrules import TeamRules
from .teams import _first_rows, _prepare_teams

INCOMPLETE = "incomplete"  #: boards of a match without both table results
HOME_BAM = "home_bam"  #: Patton: the board-a-match part
VISIT_BAM = "visit_bam"
HOME_AGGREGATE = "home_aggregate"  #: Patton: the positive scores a team made
VISIT_AGGREGATE = "visit_aggregate"
_SCALES = {"full": (2.0, 1.0), "half": (1.0, 0.5)}


def board_a_match(teams: pd.DataFrame, *, scale: str = "full", tie_margin: int = 0) -> pd.DataFrame:
    """Board-a-match points of each team per match.

    Parameters
    ----------
    teams : pandas.DataFrame
        Team results frame (board results, see :mod:`tourneystats.bridge`), with optional
        ``stage`` and ``round``.
    scale : {"full", "half"}
        ``"full"``: 2 per board won, 1 per board tied; ``"half"``: 1 and 1/2.
    tie_margin : int
        A net score of at most this many points either way ties the board.

    Returns
    -------
    pandas.DataFrame
        ``event, [stage], [round], home_team, visit_team, boards, incomplete, home_points,
        visit_points``.

    Examples
    --------
    Board 1: 620 at one table, 170 for the other side at the other: the home team wins it by
    450; board 2: -100 and +100 cancel: tied. Two boards, 2 + 1 = 3 points to the home team, 1
    to the visitors:

    >>> import pandas as pd
    >>> from tourneystats.bridge import board_a_match
    >>> t = pd.DataFrame({"event": "T", "board": [1, 1, 2, 2], "home_team": "A",
    ...                   "visit_team": "B", "table": [1, 2, 1, 2],
    ...                   "home_side": ["NS", "EW", "NS", "EW"], "ns_score": [620, 170, -100, -100]})
    >>> board_a_match(t)
      event home_team visit_team  boards  incomplete  home_points  visit_points
    0     T         A          B       2           0          3.0           1.0
    """
    if scale not in _SCALES:
        raise ValueError(f"scale must be 'full' or 'half'; got {scale!r}")
    if not (isinstance(tie_margin, (int, np.integer)) and tie_margin >= 0):
        raise ValueError(f"tie_margin must be a whole number of points >= 0; got {tie_margin!r}")
    win, draw = _SCALES[scale]
    t = _prepare_teams(teams)
    board_match = t.match[t.mb_first]
    n_match = int(t.match.max()) + 1
    complete = ~np.isnan(t.net)
    net = np.nan_to_num(t.net)
    home = np.where(net > tie_margin, win, np.where(net < -tie_margin, 0.0, draw)) * complete
    visit = np.where(complete, win - home, 0.0)
    out = t.frame.iloc[_first_rows(t.match, n_match)][t.keys].reset_index(drop=True)
    out[BOARDS] = np.bincount(board_match, minlength=n_match).astype(np.int64)
    out[INCOMPLETE] = np.bincount(board_match, weights=~complete, minlength=n_match).astype(
        np.int64
    )
    out[HOME_POINTS] = np.bincount(board_match, weights=home, minlength=n_match)
    out[VISIT_POINTS] = np.bincount(board_match, weights=visit, minlength=n_match)
    return out


def patton_scores(teams: pd.DataFrame) -> pd.DataFrame:
    """Patton points of each team per match: board-a-match points plus points for the total
    score (see the module).

    Parameters
    ----------
    teams : pandas.DataFrame
        Team board results, as :func:`team_matches` takes them (``event, board, home_team,
        visit_team, table, home_side, ns_score``, optionally ``stage`` and ``round``).

    Returns
    -------
    pandas.DataFrame
        ``event, [stage], [round], home_team, visit_team, boards, incomplete, home_bam,
        visit_bam`` (2/1/0 per board, 10 points a tie), ``home_aggregate, visit_aggregate``
        (positive scores made), ``home_points, visit_points`` (board-a-match plus total-score
        points).

    Examples
    --------
    Four boards: the home team wins two by more than 10 points, ties one by 10 and loses one:
    2 + 2 + 1 + 0 = 5 board points to 3. It made 620 + 50 + 420 + 100 = 1190 points, the
    visitors 110 + 110 + 120 = 340: (1190 - 340) / 1190 = 0.71 > 1/3, so the home team takes
    all 4 total-score points:

    >>> import pandas as pd
    >>> from tourneystats.bridge import patton_scores
    >>> t = pd.DataFrame({"event": "T", "board": [1, 1, 2, 2, 3, 3, 4, 4], "home_team": "A",
    ...                   "visit_team": "B", "table": [1, 2] * 4,
    ...                   "home_side": ["NS", "EW"] * 4,
    ...                   "ns_score": [620, -50, 420, 110, 100, 110, -120, 0]})
    >>> patton_scores(t)[["home_bam", "visit_bam", "home_points", "visit_points"]]
       home_bam  visit_bam  home_points  visit_points
    0       5.0        3.0          9.0           3.0
    """
    bam = board_a_match(teams, tie_margin=10)
    t = _prepare_teams(teams)
    n_match = len(bam)
    side = t.frame[HOME_SIDE].astype(str).str.strip().str.upper().str.replace("-", "")
    score = t.frame[NS_SCORE].to_numpy(dtype=np.float64, na_value=np.nan)
    signed = np.where((side == NS).to_numpy(), score, -score)
    complete = ~np.isnan(t.net[t.mb])
    signed = np.where(complete, signed, 0.0)
    home = np.bincount(t.match, weights=np.maximum(signed, 0.0), minlength=n_match)
    visit = np.bincount(t.match, weights=np.maximum(-signed, 0.0), minlength=n_match)
    n = bam[BOARDS].to_numpy(dtype=np.float64)
    award = _aggregate_points(home, visit, n)
    out = bam.rename(columns={HOME_POINTS: HOME_BAM, VISIT_POINTS: VISIT_BAM})
    out[HOME_AGGREGATE] = home.astype(np.int64)
    out[VISIT_AGGREGATE] = visit.astype(np.int64)
    out[HOME_POINTS] = out[HOME_BAM] + n / 2 + award
    out[VISIT_POINTS] = out[VISIT_BAM] + n / 2 - award
    return out


def _aggregate_points(home: np.ndarray, visit: np.ndarray, n: np.ndarray) -> np.ndarray:
    """The home team's total-score points above n/2 (negative: the visitors')."""
    top = np.maximum(home, visit)
    with np.errstate(divide="ignore", invalid="ignore"):
        rel = np.where(top > 0, np.abs(home - visit) / top, 0.0)
    rel = np.floor(rel * 10_000 + 0.5) / 10_000  # four decimals, as the program compares
    third, tenth = round(1 / 3, 4), 0.1
    small = np.where(n == 4, 1.0, np.floor(n / 6 * 10 + 0.5) / 10)
    size = np.where(rel > third, n / 2, np.where(rel >= tenth, small, 0.0))
    return np.sign(home - visit) * size


def bam_standings(
    teams: pd.DataFrame,
    *,
    scale: str = "full",
    tie_margin: int = 0,
    rules: str | TeamRules | None = None,
    by_round: bool = False,
    byes: pd.DataFrame | None = None,
    scoring: str = "bam",
) -> pd.DataFrame:
    """Standings of a board-a-match or Patton stage: points, places, tie-breaks, byes.

    Parameters
    ----------
    teams : pandas.DataFrame
        Board results (see :func:`board_a_match`); several events and stages at once.
    scale, tie_margin
        As in :func:`board_a_match`.
    rules : str or TeamRules, optional
        Tie-breaks and byes (:data:`~tourneystats.bridge.TEAM_RULES`; a bye's ``bye_vp`` is
        then in board points).
    by_round : bool
        Standings after each round (``after_round``).
    byes : pandas.DataFrame, optional
        ``event, [stage], [round], team`` of the byes, scored by the rules' ``bye_vp`` (board
        points).
    scoring : {"bam", "patton"}
        Board-a-match points (:func:`board_a_match`), or Patton points (:func:`patton_scores`;
        `scale` and `tie_margin` are then those of the Patton scoring).

    Returns
    -------
    pandas.DataFrame
        As :func:`~tourneystats.bridge.pool_standings`, with ``board_points`` in place of
        ``vp`` and ``points_for, points_against, points_quotient`` (board points won, lost,
        and their quotient) in place of the IMPs; ``decided_by`` names the criteria as the
        rules do (``imp_quotient`` read on board points).

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.bridge import bam_standings
    >>> t = pd.DataFrame({"event": "T", "board": [1, 1, 2, 2], "home_team": "A",
    ...                   "visit_team": "B", "table": [1, 2, 1, 2],
    ...                   "home_side": ["NS", "EW", "NS", "EW"], "ns_score": [620, 170, -100, -100]})
    >>> bam_standings(t)[["team", "board_points", "rank"]]
      team  board_points  rank
    0    A           3.0     1
    1    B           1.0     2
    """
    if scoring not in ("bam", "patton"):
        raise ValueError(f"scoring must be 'bam' or 'patton'; got {scoring!r}")
    if scoring == "patton":
        m = patton_scores(teams).drop(
            columns=[HOME_BAM, VISIT_BAM, HOME_AGGREGATE, VISIT_AGGREGATE]
        )
    else:
        m = board_a_match(teams, scale=scale, tie_margin=tie_margin)
    m = m.assign(
        **{HOME_VP: m[HOME_POINTS], VISIT_VP: m[VISIT_POINTS], HOME_IMPS: m[HOME_POINTS],
           VISIT_IMPS: m[VISIT_POINTS]}
    )  # fmt: skip
    m = m.drop(columns=[HOME_POINTS, VISIT_POINTS, BOARDS, INCOMPLETE])
    out = pool_standings(m, rules=rules, vp_scale=_GIVEN_POINTS, by_round=by_round, byes=byes)
    return out.rename(
        columns={VP: BOARD_POINTS, IMPS_FOR: POINTS_FOR, IMPS_AGAINST: POINTS_AGAINST,
                 IMP_QUOTIENT: POINTS_QUOTIENT}
    )  # fmt: skip
