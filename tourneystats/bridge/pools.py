"""Round-robin pools and Swiss (patton) team stages: victory points per match, standings with a
tie-break order given as data (:mod:`~tourneystats.bridge.teamrules`), byes, and the standings
after each round.

Input: match results, one row per match (as federations publish them), ``event, [stage],
[round], home_team, visit_team, home_imps, visit_imps, boards`` (``visit_team`` missing for a
bye), or board results in the team results shape (:func:`~tourneystats.bridge.team_matches`;
a ``segment`` column is summed into the match). A stage (``event, stage``) is ranked on its
own. VPs come from the IMPs on the chosen scale, or are taken as given (``vp_scale="given"``:
columns ``home_vp, visit_vp``, e.g. a published table with penalties in it). Every table goes
through the one validation of team tables (:mod:`~tourneystats.bridge.teaminput`). Refused,
naming the matches: negative or infinite IMPs, fewer than one board, a team meeting itself, a
team twice in a round of a stage (a match and a bye included), a segment of a match listed
twice, a bye with IMPs, a bye of a team in no match, given VPs above the scale's most (see
:func:`pool_matches` for what is accepted with a warning). A CSV or Parquet file of match results gives
its pool table from the command line (``tourneystats standings FILE --family bridge``).

Every stage of every event is ranked at once: the tie-break criteria are computed with
``np.bincount`` over all matches, and a tie is split group by group in a few passes over all
teams (one pass per criterion applied, however many events), never a loop over events.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pandas as pd

from ..core.ranking import DECIMALS, _strings
from ..core.schema import (
    AFTER_ROUND,
    BOARDS,
    BYES,
    DECIDED_BY,
    EVENT,
    HOME_IMPS,
    HOME_TEAM,
    HOME_VP,
    IMP_QUOTIENT,
    IMPS_AGAINST,
    IMPS_FOR,
    MATCHES,
    NS_SCORE,
    RANK,
    ROUND,
    SEGMENT,
    STAGE,
    TEAM,
    TIED,
    VISIT_IMPS,
    VISIT_TEAM,
    VISIT_VP,
    VP,
    Column,
    ValidationError,
    fail_rows,
    validate,
)
from .conventions import Convention
from .prepare import _Record
from .teaminput import check_scores, team_names
from .teamrules import H2H, TeamRules, rules_of
from .teams import _meetings, _scale_name, match_vps, oriented, team_matches, whole_matches
from .vpscales import scale_of

_MATCH_SPEC = (
    Column(EVENT, "key"),
    Column(STAGE, "key", required=False),
    Column(ROUND, "int", required=False),
    Column(SEGMENT, "key", required=False),
    Column(HOME_TEAM, "key"),
    Column(VISIT_TEAM, "key", nullable=True),
    Column(HOME_IMPS, "float"),
    Column(VISIT_IMPS, "float", nullable=True),
    Column(BOARDS, "int", required=False),
    Column(HOME_VP, "float", required=False, nullable=True),
    Column(VISIT_VP, "float", required=False, nullable=True),
)


#: ``vp_scale`` of points given per match that follow no VP scale (board-a-match points)
_GIVEN_POINTS = "given:points"

# --- inputs --------------------------------------------------------------------------------------


def _given_scale(scale: Any, convention: Any) -> tuple[bool, Any]:
    """Whether `scale` takes the VPs as given, and the scale that bounds them: ``"given"``
    the convention's, ``"given:SCALE"`` that scale, :data:`_GIVEN_POINTS` none."""
    if not isinstance(scale, str) or not scale.strip().lower().startswith("given"):
        return False, scale
    head, _, rest = scale.strip().partition(":")
    if head.lower() != "given":
        return False, scale
    if scale.strip() == _GIVEN_POINTS:
        return True, None
    return True, rest.strip() or _scale_name(None, convention)


def pool_matches(
    matches: pd.DataFrame,
    *,
    vp_scale: Any = None,
    convention: str | Convention | None = None,
) -> pd.DataFrame:
    """One row per match with the IMPs and VPs of each team.

    Parameters
    ----------
    matches : pandas.DataFrame
        Match (or segment) results, or board results (see the module).
    vp_scale : str, path-like or DataFrame, optional
        ``"wbf2013"``, a table of IMP bands (:mod:`~tourneystats.bridge.vpscales`), or
        ``"given"``: the frame's ``home_vp, visit_vp``, published on the `convention`'s scale
        (``"given:SCALE"``: on that scale, e.g. ``"given:acbl-30vp.csv"``). By default the
        `convention`'s scale.
    convention : str or Convention, optional
        Publisher's conventions (:data:`~tourneystats.bridge.CONVENTIONS`).

    Returns
    -------
    pandas.DataFrame
        ``event, [stage], [round], home_team, visit_team, [boards], home_imps, visit_imps,
        home_vp, visit_vp``; a bye keeps ``visit_team`` missing and VPs missing (the stage's
        rules score it, :func:`pool_standings`).

    Notes
    -----
    Every table passes through :mod:`~tourneystats.bridge.teaminput` (team names trimmed, two
    spellings of one name refused, IMPs 0 or more and finite, boards 1 or more). Refused too,
    naming the rows: a team meeting itself, a team twice in a round, a bye (no
    ``visit_team``) with IMPs or a visiting score (a bye scores by the rules' ``bye_vp``, or
    by the VPs given for it; IMPs of a bye would be dropped), and given VPs above the most
    one team can score on the scale (20 on the WBF 2013 scales). Accepted with a warning
    (odd but legal): given VPs of a match that add up to more than the scale's total (Law
    12C: two non-offending teams each given Average Plus, each team's VPs computed on its
    own, as the Welsh Bridge Union's 2022 Camrose VPs above 20 were) and negative given VPs
    (a penalty larger than the VPs won: WBF General Conditions of Contest deduct penalties
    from the VPs).

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.bridge import pool_matches
    >>> m = pd.DataFrame({"event": "E", "home_team": ["A"], "visit_team": ["B"],
    ...                   "home_imps": [30], "visit_imps": [12], "boards": [16]})
    >>> pool_matches(m)[["home_vp", "visit_vp"]].to_numpy().tolist()
    [[14.6, 5.4]]
    """
    scale = _scale_name(vp_scale, convention)
    given, bound = _given_scale(scale, convention)
    if NS_SCORE in matches.columns:
        if given:
            raise ValidationError("matches: vp_scale='given' needs match results with VPs")
        return whole_matches(team_matches(matches, vp_scale=scale), scale)
    (named,) = team_names([(matches, [HOME_TEAM, VISIT_TEAM], "matches")])
    frame = _checked_matches(validate(named, _MATCH_SPEC, what="matches"))
    bye = frame[VISIT_TEAM].isna().to_numpy()
    if given:
        for col in (HOME_VP, VISIT_VP):
            if col not in frame.columns:
                raise ValidationError(f"matches: vp_scale='given' needs a column {col!r}")
            fail_rows(frame, ~bye & frame[col].isna().to_numpy(), f"missing {col}", what="matches")
        if bound is not None:
            _given_within(frame, bye, bound)
        return frame
    if BOARDS not in frame.columns:
        raise ValidationError("matches: missing column 'boards' (the VP scale needs it)")
    home, visit = match_vps(
        frame[HOME_IMPS].to_numpy(), frame[VISIT_IMPS].fillna(0).to_numpy(),
        frame[BOARDS].to_numpy(), scale,
    )  # fmt: skip
    out = frame.drop(columns=[c for c in (HOME_VP, VISIT_VP) if c in frame.columns])
    out[HOME_VP] = np.where(bye, np.nan, home)
    out[VISIT_VP] = np.where(bye, np.nan, visit)
    return out


def _given_within(frame: pd.DataFrame, bye: np.ndarray, scale: Any) -> None:
    """Refuse given VPs above the most a team scores on `scale`; warn about a match whose VPs
    add up to more than the scale's total, and about negative VPs (see :func:`pool_matches`)."""
    if BOARDS in frame.columns:
        boards = frame[BOARDS].to_numpy(dtype=np.int64)
    elif isinstance(scale, str) and scale.strip().lower().startswith("wbf2013"):
        boards = np.full(len(frame), 16, dtype=np.int64)  # (the WBF 2013 totals: any boards)
    else:
        raise ValidationError(
            f"matches: the VPs given are checked against the scale {scale!r}, whose totals "
            "depend on the boards of a match: give a 'boards' column"
        )
    f = scale_of(scale)
    top = np.asarray(f(np.full(len(frame), 1e9), boards), dtype=np.float64)
    total = 2 * np.asarray(f(np.zeros(len(frame)), boards), dtype=np.float64)
    hv = frame[HOME_VP].to_numpy(dtype=np.float64, na_value=np.nan)
    vv = frame[VISIT_VP].to_numpy(dtype=np.float64, na_value=np.nan)
    over = (hv > top + 1e-9) | ((vv > top + 1e-9) & ~bye)  # (a bye's VPs too)
    fail_rows(frame, over, f"VPs above the most a team scores on the scale {scale!r} ("
              f"{top[np.flatnonzero(over)[0]] if over.any() else 0:g})", what="matches")  # fmt: skip
    above = ~bye & (hv + vv > total + 1e-6)
    if above.any():
        k = int(np.flatnonzero(above)[0])
        row = frame.iloc[k]
        warnings.warn(
            f"matches: the VPs of {int(above.sum())} match(es) add up to more than the total "
            f"{total[k]:g} of the scale {scale!r} (e.g. {row[HOME_TEAM]} v {row[VISIT_TEAM]}: "
            f"{hv[k]:g} + {vv[k]:g}); taken as given (both teams given Average Plus?)",
            stacklevel=4,
        )
    negative = (hv < 0) | (~bye & (vv < 0))
    if negative.any():
        k = int(np.flatnonzero(negative)[0])
        warnings.warn(
            f"matches: {int(negative.sum())} negative VP score(s) (e.g. "
            f"{frame.iloc[k][HOME_TEAM]!r} v {frame.iloc[k][VISIT_TEAM]!r}); taken as given "
            "(a penalty?)",
            stacklevel=4,
        )


def _checked_matches(frame: pd.DataFrame) -> pd.DataFrame:
    """The validated match rows, checked (errors name the rows), segments summed."""
    bye = frame[VISIT_TEAM].isna().to_numpy()
    fail_rows(
        frame,
        ~bye & frame[VISIT_IMPS].isna().to_numpy(),
        "missing value in column 'visit_imps' of a match (only a bye has none)",
        what="matches",
    )
    fail_rows(
        frame,
        (frame[HOME_TEAM] == frame[VISIT_TEAM]).to_numpy(dtype=bool),
        "a team plays against itself",
        what="matches",
    )
    check_scores(frame, what="matches")
    scored = frame[HOME_IMPS].to_numpy(dtype=np.float64, na_value=np.nan) != 0
    for col in (VISIT_IMPS, VISIT_VP):
        if col in frame.columns:
            scored |= np.nan_to_num(frame[col].to_numpy(dtype=np.float64, na_value=0.0)) != 0
    fail_rows(
        frame,
        bye & scored,
        "a bye (no visit_team) with IMPs or a visiting score: a bye scores as the rules say "
        "(bye_vp), or the VPs given for it in home_vp; its home_imps must be 0",
        what="matches",
    )
    if SEGMENT in frame.columns:
        frame = _sum_segments(frame)
    if ROUND in frame.columns:
        _once_a_round(frame)
    return frame


def _once_a_round(frame: pd.DataFrame) -> None:
    """Refuse a team that plays (or has a bye) twice in a round of a stage."""
    keys = [c for c in (EVENT, STAGE, ROUND) if c in frame.columns]
    sides = pd.concat(
        [frame[[*keys, HOME_TEAM]].set_axis([*keys, TEAM], axis=1),
         frame[[*keys, VISIT_TEAM]].set_axis([*keys, TEAM], axis=1)],
        ignore_index=True,
    )  # fmt: skip
    twice = sides.duplicated(keep=False).to_numpy() & sides[TEAM].notna().to_numpy()
    n = len(frame)
    rows = twice[:n] | twice[n:]
    fail_rows(
        frame,
        rows,
        "a team plays twice in a round (in the matches listed; the two matches of a three-team "
        "round each need their own round number)",
        what="matches",
    )


def _sum_segments(frame: pd.DataFrame) -> pd.DataFrame:
    """Segment rows summed into their match: the segments of two teams' meeting in a round
    (either team at home) oriented as its first segment; a segment listed twice is refused."""
    group = [c for c in (EVENT, STAGE, ROUND) if c in frame.columns]
    meeting, hc = _meetings(frame)
    twice = pd.DataFrame({"m": meeting, "s": frame[SEGMENT].to_numpy()}).duplicated(keep=False)
    fail_rows(
        frame,
        twice.to_numpy(),
        "a segment of a match listed twice (a pasted copy, or a corrected score added instead "
        "of replacing it; two meetings of the same teams need a 'round' column)",
        what="matches",
    )
    frame = oriented(frame, meeting, hc)
    keys = [*group, HOME_TEAM, VISIT_TEAM]
    sums = [c for c in (BOARDS, HOME_IMPS, VISIT_IMPS, HOME_VP, VISIT_VP) if c in frame.columns]
    return (
        frame.groupby(keys, sort=False, observed=True, dropna=False)[sums]
        .sum(min_count=1)
        .reset_index()
    )


# --- per-team facts ------------------------------------------------------------------------------


class _Pool(_Record):
    """Matches and teams of all stages, as integer codes."""

    group: np.ndarray  # per team: its stage group (event, stage[, after_round])
    home: np.ndarray  # per match: home team code
    visit: np.ndarray  # per match: visiting team code, -1 for a bye
    hi: np.ndarray  # per match: home IMPs
    vi: np.ndarray
    hvp: np.ndarray  # per match: VPs (a bye: the rules' VPs)
    vvp: np.ndarray
    n: int
    played: np.ndarray  # per team
    byes: np.ndarray
    imps_for: np.ndarray
    imps_against: np.ndarray
    vp: np.ndarray


def _quotient(won: np.ndarray, lost: np.ndarray) -> np.ndarray:
    """won / lost; infinite when nothing lost but something won; 1 for 0 / 0."""
    with np.errstate(divide="ignore", invalid="ignore"):
        q = won / lost
    return np.where(lost > 0, q, np.where(won > 0, np.inf, 1.0))


def _pool(group: np.ndarray, home: np.ndarray, visit: np.ndarray, m: pd.DataFrame,
          rules: TeamRules) -> _Pool:  # fmt: skip
    """The per-team sums of the matches (byes scored by `rules`)."""
    n = len(group)
    bye = visit < 0
    hi = m[HOME_IMPS].to_numpy(dtype=np.float64)
    vi = np.where(bye, 0.0, m[VISIT_IMPS].to_numpy(dtype=np.float64, na_value=0.0))
    hi = np.where(bye, 0.0, hi)
    hvp = m[HOME_VP].to_numpy(dtype=np.float64, na_value=np.nan)
    vvp = np.where(bye, 0.0, m[VISIT_VP].to_numpy(dtype=np.float64, na_value=np.nan))
    v = np.where(bye, 0, visit)
    real = ~bye
    played = np.bincount(home, weights=real, minlength=n) + np.bincount(
        v, weights=real, minlength=n
    )
    byes = np.bincount(home, weights=bye, minlength=n)
    vp_played = np.bincount(home, weights=np.where(bye, 0.0, hvp), minlength=n) + np.bincount(
        v, weights=np.where(bye, 0.0, vvp), minlength=n
    )
    open_ = bye & np.isnan(hvp)  # (a bye with VPs given keeps them)
    if open_.any():
        hvp = np.where(open_, _bye_vp(rules, vp_played, played)[home], hvp)
    p = _Pool(group=group, home=home, visit=visit, hi=hi, vi=vi, hvp=hvp, vvp=vvp, n=n)
    p.played, p.byes = played.astype(np.int64), byes.astype(np.int64)
    p.imps_for = np.bincount(home, weights=hi, minlength=n) + np.bincount(
        v, weights=vi, minlength=n
    )
    p.imps_against = np.bincount(home, weights=vi, minlength=n) + np.bincount(
        v, weights=hi, minlength=n
    )
    p.vp = np.round(vp_played + np.bincount(home, weights=np.where(bye, hvp, 0.0), minlength=n), 2)
    return p


def _bye_vp(rules: TeamRules, vp_played: np.ndarray, played: np.ndarray) -> np.ndarray:
    """Per team: the VPs of a bye under `rules`."""
    if rules.bye_vp is None:
        raise ValidationError(
            f"matches: a bye (no visit_team), but the team rules {rules.name!r} do not say how "
            "a bye scores; pass rules=TeamRules(..., bye_vp=12) or bye_vp='average'"
        )
    if rules.bye_vp == "average":
        return np.round(np.where(played > 0, vp_played / np.maximum(played, 1), 0.0), 2)
    return np.full(len(played), float(rules.bye_vp))


# --- criteria and the splitting of ties ----------------------------------------------------------


def _between(p: _Pool, key: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per team: VPs, IMPs won and IMPs lost in its matches against teams of its tied group."""
    real = p.visit >= 0
    v = np.where(real, p.visit, 0)
    same = real & (key[p.home] == key[v])
    w = same.astype(np.float64)

    def both(home_w: np.ndarray, visit_w: np.ndarray) -> np.ndarray:
        return np.bincount(p.home, weights=home_w * w, minlength=p.n) + np.bincount(
            v, weights=visit_w * w, minlength=p.n
        )

    return both(p.hvp, p.vvp), both(p.hi, p.vi), both(p.vi, p.hi)


def _criterion(name: str, p: _Pool, key: np.ndarray) -> np.ndarray:
    """Per team: the value of criterion `name` (higher is better) given the tied groups `key`."""
    if name in H2H:
        vp, won, lost = _between(p, key)
        if name == "h2h_vp":
            return np.round(vp, 2)
        return won - lost if name == "h2h_imp_difference" else _quotient(won, lost)
    if name == "imp_quotient":
        return _quotient(p.imps_for, p.imps_against)
    if name == "imp_difference":
        return p.imps_for - p.imps_against
    real = p.visit >= 0
    v = np.where(real, p.visit, 0)
    if name == "wins":
        hw = np.where(p.hvp > p.vvp, 1.0, np.where(p.hvp == p.vvp, 0.5, 0.0)) * real
        vw = np.where(real, 1.0 - hw, 0.0)
        return np.bincount(p.home, weights=hw, minlength=p.n) + np.bincount(
            v, weights=vw, minlength=p.n
        )
    if name == "vp_against_higher":
        above_h = real & (key[v] < key[p.home]) & (p.group[v] == p.group[p.home])
        above_v = real & (key[p.home] < key[v]) & (p.group[v] == p.group[p.home])
        return np.bincount(p.home, weights=p.hvp * above_h, minlength=p.n) + np.bincount(
            v, weights=p.vvp * above_v, minlength=p.n
        )
    # opponents_vp
    return np.bincount(p.home, weights=p.vp[v] * real, minlength=p.n) + np.bincount(
        v, weights=p.vp[p.home] * real, minlength=p.n
    )


def _refine(key: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Dense codes of (key, -values): the groups of `key` split by `values`, best first."""
    rounded = np.round(values, DECIMALS) + 0.0
    order = np.lexsort((-rounded, key))
    k, r = key[order], rounded[order]
    new = np.ones(len(key), dtype=bool)
    new[1:] = (k[1:] != k[:-1]) | (r[1:] != r[:-1])
    codes = np.empty(len(key), dtype=np.int64)
    codes[order] = np.cumsum(new) - 1
    return codes


def _split_ties(p: _Pool, rules: TeamRules) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Order the teams: VPs, then the rules' criteria group by group.

    Returns the final dense order codes (equal codes: a shared place), and per pass the codes
    and the criterion index each team's group used (-1: VPs; -2: none)."""
    crits = rules.criteria
    two = np.array([c in rules.two_teams_only for c in crits], dtype=bool)
    key = _refine(p.group, p.vp)
    keys, used = [key], [np.full(p.n, -1)]
    pointer = np.zeros(p.n, dtype=np.int64)
    while True:
        size = np.bincount(key, minlength=p.n)[key]
        active = (size > 1) & (pointer < len(crits))
        if not active.any():
            break
        values = np.zeros(p.n)
        for k in np.unique(pointer[active]):
            sel = active & (pointer == k)
            ok = sel & (size == 2) if two[k] else sel
            if ok.any():
                values[ok] = _criterion(crits[k], p, key)[ok]
        new_key = _refine(key, values)
        old_of_new = np.zeros(int(new_key.max()) + 1, dtype=np.int64)
        old_of_new[new_key] = key
        split = np.bincount(old_of_new, minlength=p.n)[key] > 1
        keys.append(new_key)
        used.append(np.where(active, pointer, -2))
        step = np.where(active, pointer + 1, pointer)
        pointer = np.where(active & split, 0, step) if rules.restart else step
        key = new_key
    return key, np.vstack(keys), np.vstack(used)


def _places(p: _Pool, key: np.ndarray, keys: np.ndarray, used: np.ndarray,
            crits: tuple[str, ...], display: np.ndarray,
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:  # fmt: skip
    """Display order (ties by `display`), competition rank and decided_by codes (into ``vp,
    *crits, tied``; -1 for the last team of a group)."""
    order = np.lexsort((display, key))
    k = key[order]
    g = p.group[order]
    n = len(order)
    new_group = np.ones(n, dtype=bool)
    new_group[1:] = g[1:] != g[:-1]
    new_place = new_group.copy()
    new_place[1:] |= k[1:] != k[:-1]
    pos = np.arange(n)
    group_start = np.maximum.accumulate(np.where(new_group, pos, 0))
    rank = np.maximum.accumulate(np.where(new_place, pos, 0)) - group_start + 1
    decided = np.full(n, -1, dtype=np.int64)
    if n > 1:
        up, lo = order[:-1], order[1:]
        differs = keys[:, up] != keys[:, lo]
        first = np.argmax(differs, axis=0)
        crit = used[first, up]
        code = np.where(differs.any(axis=0), crit + 1, len(crits) + 1)
        decided[:-1] = np.where(new_group[1:], -1, code)
    return order, rank.astype(np.int64), decided


# --- standings -----------------------------------------------------------------------------------


def pool_standings(
    matches: pd.DataFrame,
    *,
    rules: str | TeamRules | None = None,
    vp_scale: Any = None,
    convention: str | Convention | None = None,
    by_round: bool = False,
    byes: pd.DataFrame | None = None,
) -> pd.DataFrame:
    """Standings of round-robin pools or Swiss stages, ties split by the stage's rules.

    Parameters
    ----------
    matches : pandas.DataFrame
        Match results or board results (see the module); ``round`` is needed with `by_round`.
    rules : str or TeamRules, optional
        The tie-break order (:data:`~tourneystats.bridge.TEAM_RULES`; default ``"vp_only"``:
        teams equal on VPs share their place) and the score of a bye.
    vp_scale, convention
        As in :func:`pool_matches`.
    by_round : bool
        Standings after each round (column ``after_round``), each counting the matches of the
        rounds up to it, instead of the final standings only.
    byes : pandas.DataFrame, optional
        Byes given apart from the matches (board results have no row for them): ``event,
        [stage], [round], team``, scored as the rules say.

    Returns
    -------
    pandas.DataFrame
        ``event, [stage], [after_round], team, matches, [byes], imps_for, imps_against,
        imp_quotient, vp, rank, decided_by``, sorted by stage and place: ``decided_by`` names
        the criterion that separates a team from the team just below it (``"tied"`` when they
        share a place; missing for the last team).

    Notes
    -----
    The matches are checked as :func:`pool_matches` checks them; the `byes` table's team
    names go through the same rule as the matches' (trimmed, two spellings refused). Refused,
    naming the rows: a bye (in the matches or in `byes`) of a team that plays no match of its
    event and stage (a name spelled another way would stand as a team of its own), a bye
    listed twice, a team with a bye and a match in one round.

    Examples
    --------
    Three teams level on 20 VPs; A beat B, B beat C and C beat A, so the VPs between the tied
    teams are equal too, and the IMP quotient decides (CBAI): A 50/35, C 35/40, B 30/40.

    >>> import pandas as pd
    >>> from tourneystats.bridge import pool_standings
    >>> m = pd.DataFrame({"event": "E", "round": [1, 2, 3],
    ...                   "home_team": ["A", "B", "C"], "visit_team": ["B", "C", "A"],
    ...                   "home_imps": [30, 20, 25], "visit_imps": [10, 10, 20],
    ...                   "home_vp": [15, 15, 15], "visit_vp": [5, 5, 5]})
    >>> t = pool_standings(m, rules="cbai", vp_scale="given")
    >>> t[["team", "imps_for", "imps_against", "vp", "rank", "decided_by"]]
      team  imps_for  imps_against    vp  rank    decided_by
    0    A        50            35  20.0     1  imp_quotient
    1    C        35            40  20.0     2  imp_quotient
    2    B        30            40  20.0     3          <NA>
    """
    r = rules_of(rules)
    if byes is not None and isinstance(byes, pd.DataFrame):
        matches, byes = team_names(
            [(matches, [HOME_TEAM, VISIT_TEAM], "matches"), (byes, [TEAM], "byes")]
        )
    m = pool_matches(matches, vp_scale=vp_scale, convention=convention)
    if byes is not None:
        m = _with_byes(m, byes)
        if ROUND in m.columns:
            _once_a_round(m)
    _byes_of_players(m)
    gcols = [c for c in (EVENT, STAGE) if c in m.columns]
    if by_round:
        if ROUND not in m.columns:
            raise ValidationError("matches: by_round needs a 'round' column")
        m = _cumulative(m, gcols)
        gcols = [*gcols, AFTER_ROUND]
    mgroup = m.groupby(gcols, sort=True, observed=True, dropna=False).ngroup().to_numpy()
    home_lab = m[HOME_TEAM]
    visit_lab = m[VISIT_TEAM]
    bye = visit_lab.isna().to_numpy()
    labels = pd.concat([home_lab, visit_lab[~bye]], ignore_index=True)
    lab_codes, lab_uniques = pd.factorize(labels)
    n_lab = max(len(lab_uniques), 1)
    nm = len(m)
    both_group = np.concatenate([mgroup, mgroup[~bye]])
    team_keys, team_codes = np.unique(both_group * n_lab + lab_codes, return_inverse=True)
    home = team_codes[:nm]
    visit = np.full(nm, -1, dtype=np.int64)
    visit[~bye] = team_codes[nm:]
    p = _pool(team_keys // n_lab, home, visit, m, r)
    key, keys, used = _split_ties(p, r)
    order, rank, decided = _places(p, key, keys, used, r.criteria, _label_order(lab_uniques)[
        team_keys % n_lab])  # fmt: skip
    first_match = np.zeros(p.n, dtype=np.int64)
    first_match[team_codes[::-1]] = np.concatenate([np.arange(nm), np.flatnonzero(~bye)])[::-1]
    out = m.iloc[first_match[order]][gcols].reset_index(drop=True)
    out[TEAM] = pd.Series(lab_uniques).iloc[team_keys[order] % n_lab].to_numpy()
    out[MATCHES] = (p.played + p.byes)[order]
    if p.byes.any():
        out[BYES] = p.byes[order]
    out[IMPS_FOR] = _maybe_int(p.imps_for[order])
    out[IMPS_AGAINST] = _maybe_int(p.imps_against[order])
    out[IMP_QUOTIENT] = _quotient(p.imps_for, p.imps_against)[order]
    out[VP] = p.vp[order]
    out[RANK] = rank
    out[DECIDED_BY] = _strings(decided, [VP, *r.criteria, TIED])
    return out


def _byes_of_players(m: pd.DataFrame) -> None:
    """Refuse a bye of a team that plays no match of its event and stage (a name spelled
    another way would stand in the table as a team of its own)."""
    bye = m[VISIT_TEAM].isna().to_numpy()
    if not bye.any():
        return
    keys = [c for c in (EVENT, STAGE) if c in m.columns]
    played = pd.concat(
        [m.loc[~bye, [*keys, HOME_TEAM]].set_axis([*keys, TEAM], axis=1),
         m.loc[~bye, [*keys, VISIT_TEAM]].set_axis([*keys, TEAM], axis=1)],
        ignore_index=True,
    ).drop_duplicates()  # fmt: skip
    byes = m.loc[bye, [*keys, HOME_TEAM]].set_axis([*keys, TEAM], axis=1)
    found = byes.merge(played, on=[*keys, TEAM], how="left", indicator=True)["_merge"] == "both"
    rows = np.zeros(len(m), dtype=bool)
    rows[np.flatnonzero(bye)] = ~found.to_numpy()
    fail_rows(m, rows, "a bye of a team that plays no match of its event and stage (its name "
              "spelled another way?)", what="byes")  # fmt: skip


def _with_byes(m: pd.DataFrame, byes: pd.DataFrame) -> pd.DataFrame:
    """The matches with a bye row (no visiting team) per row of `byes`."""
    keys = [c for c in (EVENT, STAGE, ROUND) if c in m.columns]
    spec = [Column(c, "int" if c == ROUND else "key") for c in keys] + [Column(TEAM, "key")]
    b = validate(byes, spec, key=[*keys, TEAM], what="byes")
    rows = b[keys].copy()
    rows[HOME_TEAM] = b[TEAM]
    rows[HOME_IMPS] = 0.0
    rows[VISIT_TEAM] = pd.Series([None] * len(b), dtype=object)
    out = pd.concat([m.astype({VISIT_TEAM: object}), rows], ignore_index=True)
    return out


def _label_order(uniques: Any) -> np.ndarray:
    """Codes that sort the team labels (as text when they do not compare)."""
    try:
        return np.argsort(np.argsort(np.asarray(uniques), kind="stable"), kind="stable")
    except TypeError:
        text = np.asarray([str(u) for u in uniques])
        return np.argsort(np.argsort(text, kind="stable"), kind="stable")


def _maybe_int(values: np.ndarray) -> np.ndarray:
    """Integers when every value is whole (IMPs of whole boards), else the floats."""
    whole = np.isfinite(values).all() and bool((values == np.round(values)).all())
    return values.astype(np.int64) if whole else values


def _cumulative(m: pd.DataFrame, gcols: list[str]) -> pd.DataFrame:
    """Each match repeated for every round of its stage from its own: the standings after
    round r count the matches of rounds <= r."""
    rnd = m[ROUND].to_numpy(dtype=np.int64)
    last = m.groupby(gcols, sort=False, observed=True, dropna=False)[ROUND].transform("max")
    count = last.to_numpy(dtype=np.int64) - rnd + 1
    idx = np.repeat(np.arange(len(m)), count)
    offset = np.arange(len(idx)) - np.repeat(np.cumsum(count) - count, count)
    out = m.iloc[idx].reset_index(drop=True)
    out[AFTER_ROUND] = rnd[idx] + offset
    return out
