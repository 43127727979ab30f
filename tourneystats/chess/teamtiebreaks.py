"""Team standings: match points or game points, then the team tie-breaks of FIDE C.07.

Every tie-break is computed for all teams of all events at once on the team grid
(:mod:`tourneystats.chess.teamgrid`), with the rule sets of the individual tie-breaks
(:data:`~tourneystats.chess.RULE_SETS`: the opponents' scores and the stand-ins of unplayed
matches of C.07 2024 and 2026 art. 16 apply to teams unchanged).

Each team has two scores (C.07 art. 11.1): match points (MP) and game points (GP); one is the
event's *primary* score (``primary=``), the other the *secondary*. A tie-break uses the primary
score unless its code names one (``BH:GP``, ``SB:MP``). The worked examples cited are the FIDE
Technical Commission's "Exercises in tie-breaking" (2023), part two:

=======  =================================================================================
code     value
=======  =================================================================================
MP, GP   the match points, the game points
MPvGP    the secondary score (the TEC's exercises, §8)
BH       Buchholz: the opponents' scores (/Cn, /Mn cut; unplayed matches as art. 16)
FB       Fore Buchholz (C.07 8.3): BH with every match of the last round that is paired
         (played or forfeited) counted as a drawn match, in the team's score and in its
         opponents' (a draw's match points; half the game points of a match); /Cn, /Mn
AOB      the average BH of the opponents met over the board (0 with none)
SB       Sonneborn-Berger: each opponent's score times the score against him, in the same
         point type (``SB:MP`` is ``EMMSB``, ``SB:GP`` is ``EGGSB``)
EXYSB    the extended Sonneborn-Bergers (the TEC's exercises, §10): the opponent's X score
         (M or G) times the team's Y score against him: EMMSB, EMGSB (opponent's MP x own GP),
         EGMSB, EGGSB; /Cn only
PS       progressive scores (/Cn: the first n rounds' running scores cut)
WIN      matches won (``:GP``: games won), with or without playing
WON      matches won over the board (``:GP``: games won over the board); in round robins a
         forfeit win too (C.07 15.2)
STD      standard points (C.07 7.7): 1 per round with more match points than the opponent
         team (without one: than a draw), 1/2 with as many; ``STD:GP`` counts every game so:
         1 a game won, 1/2 a game drawn (a board of an unplayed match as its game points)
KS       Koya: the points scored against the teams with 50 % of the maximum score or more
SSSC     score and schedule strength combination (C.07 13.4): the secondary score plus the
         primary-score Buchholz divided by the normalisation factor, the maximum primary
         score over the maximum secondary score of one match, rounded down
BC       board count (the TEC's exercises, §12.1): each board's points times its number,
         summed over the rounds; lowest first
TBR      top board results (§12.2): the teams tied on every earlier criterion compared on their
         board-1 points, then board 2, ...; the value is how many of them it places below
BBE      bottom board elimination (§12.3): the same on the points of all boards but the last,
         then without the last two, and so on
EDE      extended direct encounter (C.07 13.3): the matches between the teams tied on every
         earlier criterion, by the primary score (art. 6.3: where not all met, a team that
         cannot be caught is placed first, then second the same way, ...), then the teams
         still tied by the secondary score; the value is how many of the tied teams it
         places below
EDEC     EDE, then (C.07 2026 13.3.2) two teams still tied are compared on the match(es)
EDET     between them by the knock-out tie-breaks of art. 12, in the order the code names:
EDEB     EDEC board count (lowest first, 12.1), EDET top board results (12.2), EDEB bottom
EDEBT    board elimination (12.3), EDEBT board count then top board results, EDEBB board
EDEBB    count then bottom board elimination; two teams that did not meet stay tied. A
         group of three or more tied after EDE stays tied. (EDEC is FIDE's TieBreakServer's
         code; C.07 names the other four.) The board count step ranks the lower first (12.1)
         unless the rule set says otherwise (:attr:`RuleSet.encounter_board_count`:
         ``"tiebreakserver"``, the higher first, as FIDE's TieBreakServer ranks it there)
BH/P     (and FB, SB, the EXYSBs and SSSC with /P, cuts and point types alike: BH:MP/C1/P,
         EMGSB/C1/P, SSSC/P) every forfeited match a match played against the scheduled
         opponent, with the points awarded: the opponent's score in place of the art. 16
         stand-in, no voluntarily unplayed round for the cuts (the TRF-2026 tie-break list's
         /P, 8.1, 8.3, 9.1, 13.2, 13.4); in round robins nothing changes (15.2)
EDE/P    (and EDEC/P, ... EDEBB/P) the same with the forfeited matches between the tied teams
         counted as matches played, with the points awarded, in Swiss events too (C.07 6.1.1:
         forfeits are left out "unless the tournament regulations say otherwise"; the TRF-2026
         ``/P``); in round robins they count anyway (15.2)
=======  =================================================================================

Unplayed rounds: a forfeited match is a forfeit win or loss, a team bye a bye of its kind, and
C.07 art. 16 treats them as for individuals (Swiss events); in round robins a forfeited match is
a match played (15.2). For the board tie-breaks, forfeited boards count as played and a pairing-
allocated bye is a win on every board (the FIDE TEC's exercises, §12); EDE's art. 12 steps take
the boards of the match between the two teams as played (a forfeited game a standard win or loss).
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import numpy as np
import pandas as pd

from ..core.ranking import competition_rank
from ..core.schema import DECIDED_BY, EVENT, NAME, RANK, TEAM
from .encounter import _group_ids, direct_encounter
from .kinds import K_FL, K_FW, K_PLAYED, TIEBREAK_ORDER, _counted
from .rules import RuleSet
from .scores import _cut, _fore, _Rounds, _scores
from .teamcodes import (
    ASCENDING,
    EDE_VARIANTS,
    TEAM_BUCHHOLZ,
    TeamTieBreak,
    parse_team_tiebreak,
)
from .teamgrid import _build_team_grid, _games_kind, _TeamGrid
from .teams import TeamPoints, _team_points, validate_team_results

#: the team tie-breaks when none are given (the FIDE TEC's Swiss team example: EDE, then the
#: extended Sonneborn-Berger, then Buchholz)
DEFAULT_TEAM_TIEBREAKS = ("EDE", "EMGSB/C1", "BH/C1")


class _TeamEngine:
    """Computes team tie-breaks on one team grid, caching the opponents' scores."""

    def __init__(self, tg: _TeamGrid, primary: str) -> None:
        self.tg = tg
        self.primary = primary
        self.secondary = "GP" if primary == "MP" else "MP"
        self.cache: dict = {}

    def rounds(self, score: str, fore: bool = False, played: bool = False) -> _Rounds:
        """Opponents' scores as counted, in `score` points (`fore`: with every match of the
        last round paired a draw, C.07 art. 8.3; `played`: with every forfeited match a match
        played against the scheduled opponent, the ``/P`` modifier; the opponents' scores as
        counted stay those of art. 16.3)."""
        key = ("rounds", score, fore, played)
        if key not in self.cache:
            g = self.tg.grid(score)
            kind, points = _fore(g, _games_kind(g)) if fore else (_games_kind(g), g.points)
            forfeit = ((kind == K_FW) | (kind == K_FL)) & (g.opp >= 0)
            self.cache[key] = _scores(kind, points, g.opp, g, also=forfeit if played else None)
        return self.cache[key]

    def value(self, tb: TeamTieBreak) -> np.ndarray:
        """The tie-break's value of every team (EDE, its variants, TBR and BBE: see
        :meth:`in_groups`)."""
        if tb.code not in self.cache:
            self.cache[tb.code] = _METHODS[tb.name](self, tb, tb.score or self.primary)
        return self.cache[tb.code]

    # -- scores and opponents' scores ---------------------------------------------------------

    def _total(self, tb: TeamTieBreak, score: str) -> np.ndarray:
        name = {"MP": "MP", "GP": "GP", "MPVGP": self.secondary}[tb.name]
        return self.rounds(name).pts

    def _buchholz(self, tb: TeamTieBreak, score: str) -> np.ndarray:
        _, _, contrib, kept = self.detail(tb, score)
        return np.where(kept, contrib, 0.0).sum(axis=1)

    def _sonneborn(self, tb: TeamTieBreak, score: str) -> np.ndarray:
        _, _, contrib, kept = self.detail(tb, score)
        return np.where(kept, contrib, 0.0).sum(axis=1)

    def detail(
        self, tb: TeamTieBreak, score: str
    ) -> tuple[_Rounds, np.ndarray, np.ndarray, np.ndarray]:
        """BH, FB or SB (EXYSB) round by round: the opponents' scores as counted, the results
        counted against them, each round's contribution, and whether it is kept (not cut)."""
        if tb.name in ("BH", "FB"):
            r = self.rounds(score, fore=tb.name == "FB", played=tb.forfeits_played)
            contrib = np.where(r.valid, r.score, 0.0)
            kept = _cut(r.score, contrib, r.valid, r.vur, tb.low, tb.high, by_score=True)
            return r, self.tg.grid(score).points, contrib, kept  # (the own points)
        opp_type, own_type = score, score
        if tb.name.startswith("E"):  # EXYSB: the opponent's X, the team's own Y
            opp_type, own_type = tb.name[1] + "P", tb.name[2] + "P"
        r = self.rounds(opp_type, played=tb.forfeits_played)
        own = self.tg.grid(own_type)
        result = np.where(r.standin == 1, own.draw[:, None], own.points)  # adjusted: a draw
        contrib = np.where(r.valid, r.score * result, 0.0)
        kept = _cut(r.score, contrib, r.valid, r.vur, tb.low, tb.high)
        return r, result, contrib, kept

    def _average_buchholz(self, tb: TeamTieBreak, score: str) -> np.ndarray:
        g = self.tg.grid(score)
        bh = self.value(parse_team_tiebreak(f"BH:{score}"))
        met = (g.kind == K_PLAYED) & (g.opp >= 0)
        total = np.where(met, bh[np.where(g.opp >= 0, g.opp, 0)], 0.0).sum(axis=1)
        count = met.sum(axis=1)
        return np.where(count > 0, total / np.maximum(count, 1), 0.0)

    def _sssc(self, tb: TeamTieBreak, score: str) -> np.ndarray:
        tg = self.tg
        rounds = tg.mp.n_rounds.astype(np.float64)
        per_match = tg.boards * tg.system.game[0]
        if self.primary == "MP":
            factor = np.floor(tg.system.match[0] * rounds / per_match + 1e-9)
        else:
            factor = np.floor(per_match * rounds / tg.system.match[0] + 1e-9)
        bh = self.value(parse_team_tiebreak(f"BH:{self.primary}" + "/P" * tb.forfeits_played))
        return self.rounds(self.secondary).pts + bh / np.maximum(factor, 1.0)

    # -- own record ---------------------------------------------------------------------------

    def _progressive(self, tb: TeamTieBreak, score: str) -> np.ndarray:
        g = self.tg.grid(score)
        valid = _counted(g.kind)
        running = np.cumsum(np.where(valid, g.points, 0.0), axis=1)
        kept = _cut(running, running, valid, None, tb.low, 0, by_score=True)
        return np.where(kept, running, 0.0).sum(axis=1)

    def _wins(self, tb: TeamTieBreak, score: str) -> np.ndarray:
        """WIN (won, with or without playing) and WON (won over the board; in round robins a
        forfeit win too, C.07 15.2, 2024 and 2026, unless the rule set reads it otherwise)."""
        forfeit_won = self._forfeits_played()
        if score == "GP":
            if tb.name == "WIN":
                return self.tg.board_wins
            return self.tg.board_won + np.where(forfeit_won, self.tg.board_forfeit_won, 0.0)
        g = self.tg.mp
        won = _counted(g.kind) & (np.abs(g.points - g.win[:, None]) < 1e-9)
        if tb.name == "WON":
            won &= (g.kind == K_PLAYED) | ((g.kind == K_FW) & forfeit_won[:, None])
        return won.sum(axis=1).astype(np.float64)

    def _forfeits_played(self) -> np.ndarray:
        """Whether each team's event counts a forfeit win as a game won (a round robin whose
        rule set does not keep forfeits unplayed as FIDE's TieBreakServer does)."""
        g = self.tg.mp
        mode = np.array([r.round_robin_forfeits for r in g.rule_sets])[g.rule]
        return g.rr & (mode != "tiebreakserver")

    def _standard(self, tb: TeamTieBreak, score: str) -> np.ndarray:
        if score == "GP":  # every game a round of its own (as FIDE's TieBreakServer counts)
            return self.tg.board_standard
        g = self.tg.grid(score)
        valid = _counted(g.kind)
        R = g.shape[1]
        safe = np.where(g.opp >= 0, g.opp, 0)
        theirs = g.points.ravel()[safe * R + np.arange(R)[None, :]]
        other = np.where(g.opp >= 0, theirs, g.draw[:, None])
        diff = g.points - other
        return np.where(valid, (diff > 1e-9) + 0.5 * (np.abs(diff) <= 1e-9), 0.0).sum(axis=1)

    def _koya(self, tb: TeamTieBreak, score: str) -> np.ndarray:
        g = self.tg.grid(score)
        total = self.rounds(score).pts
        limit = 0.5 * g.win * g.n_rounds - 1e-9
        safe = np.where(g.opp >= 0, g.opp, 0)
        strong = (g.opp >= 0) & _counted(g.kind) & (total[safe] >= limit[:, None])
        return np.where(strong, g.points, 0.0).sum(axis=1)

    def _board_count(self, tb: TeamTieBreak, score: str) -> np.ndarray:
        per_board = self.tg.board_points
        return (per_board * np.arange(1, per_board.shape[1] + 1)[None, :]).sum(axis=1)

    # -- within the tie groups ----------------------------------------------------------------

    def in_groups(self, tb: TeamTieBreak, group: np.ndarray) -> np.ndarray:
        """EDE (and its variants), TBR or BBE of every team within its tie group `group`: how
        many teams of the group it places below."""
        if tb.name == "TBR":
            keys = list(self.tg.board_points.T)
        elif tb.name == "BBE":
            keys = _bottom_boards(self.tg.board_points)
        else:
            first = self._encounter(self.primary, group, tb.forfeits_played)
            inner = _group_ids([group, first])
            keys = [first, self._encounter(self.secondary, inner, tb.forfeits_played)]
            if EDE_VARIANTS[tb.name]:
                steps, tied = EDE_VARIANTS[tb.name], _group_ids([inner, keys[1]])
                keys += self._knockout_steps(steps, tied, tb.forfeits_played)
        return _below(group, keys)

    def _matches(self, score: str, forfeits_played: bool) -> np.ndarray:
        """The matches direct encounter counts: played, in round robins forfeited too (C.07
        15.2), and with `forfeits_played` (``/P``) every forfeited match with its scheduled
        opponent (6.1.1)."""
        g = self.tg.grid(score)
        return _games_kind(g, forfeits_played) == K_PLAYED

    def _knockout_steps(
        self, steps: str, group: np.ndarray, forfeits_played: bool = False
    ) -> list[np.ndarray]:
        """C.07 art. 13.3.2: the keys of the art. 12 steps (``C`` board count, ``T`` top board
        results, ``B`` bottom board elimination) for the teams of `group` still tied two by
        two after EDE, on the matches between the two (as :meth:`_matches` counts them; met
        twice: the average); 0 for every other team, and for two teams that did not meet."""
        tg = self.tg
        T, R, B = tg.match_boards.shape
        size = np.bincount(group, minlength=T)[group]
        games = self._matches("MP", forfeits_played)
        # the other team of each pair of two: rows sorted by group, a pair is two neighbours
        order = np.argsort(group, kind="stable")
        g, two = group[order], size[order] == 2
        first = np.flatnonzero(two[:-1] & (g[1:] == g[:-1]))
        partner = np.full(T, -1, dtype=np.int64)
        partner[order[first]], partner[order[first + 1]] = order[first + 1], order[first]
        met = games & (tg.mp.opp == partner[:, None]) & (partner >= 0)[:, None]
        count = np.maximum(met.sum(axis=1), 1)
        per_board = np.where(met[:, :, None], tg.match_boards, 0.0).sum(axis=1) / count[:, None]
        keys = []
        for step in steps:
            if step == "C":
                bc = per_board @ np.arange(1, B + 1, dtype=np.float64)
                keys.append(np.where(self._board_count_highest_first(), bc, -bc))
            elif step == "T":
                keys += list(per_board.T)
            else:
                keys += _bottom_boards(per_board)
        return keys

    def _board_count_highest_first(self) -> np.ndarray:
        """Whether each team's rule set ranks the higher board count first in the EDE steps
        (:attr:`RuleSet.encounter_board_count`; C.07 12.1: the lower first)."""
        g = self.tg.mp
        high = [r.encounter_board_count == "tiebreakserver" for r in g.rule_sets]
        return np.array(high, dtype=bool)[g.rule]

    def _encounter(self, score: str, group: np.ndarray, forfeits_played: bool) -> np.ndarray:
        """Direct encounter (art. 6) on `score` inside each group, a match scaled to 1 point."""
        g = self.tg.grid(score)
        scaled = np.where(_counted(g.kind), g.points / g.win[:, None], 0.0)  # a win: 1
        games = self._matches(score, forfeits_played)
        return direct_encounter(replace(g, points=scaled), games, group)


_METHODS = {
    **dict.fromkeys(("MP", "GP", "MPVGP"), _TeamEngine._total),
    **dict.fromkeys(("BH", "FB"), _TeamEngine._buchholz),
    "AOB": _TeamEngine._average_buchholz,
    **dict.fromkeys(("SB", "EMMSB", "EMGSB", "EGMSB", "EGGSB"), _TeamEngine._sonneborn),
    "SSSC": _TeamEngine._sssc,
    "PS": _TeamEngine._progressive,
    **dict.fromkeys(("WIN", "WON"), _TeamEngine._wins),
    "STD": _TeamEngine._standard,
    "KS": _TeamEngine._koya,
    "BC": _TeamEngine._board_count,
}
_GROUPED = frozenset({"TBR", "BBE", *EDE_VARIANTS})


def _bottom_boards(per_board: np.ndarray) -> list[np.ndarray]:
    """Bottom board elimination's keys (C.07 art. 12.3): the points of all boards but the last,
    then without the last two, ..., then board 1 alone."""
    return list(np.cumsum(per_board, axis=1).T[-2::-1])


def _below(group: np.ndarray, keys: list[np.ndarray]) -> np.ndarray:
    """How many rows of each row's group have a lower `keys` tuple (compared in order, higher
    first)."""
    n = len(group)
    order = np.lexsort([*(-np.round(k, 9) for k in reversed(keys)), group])
    g = group[order]
    new_group = np.r_[True, g[1:] != g[:-1]]
    new_key = new_group.copy()
    for k in keys:
        ks = np.round(k[order], 9)
        new_key[1:] |= ks[1:] != ks[:-1]
    pos = np.arange(n)
    block = np.cumsum(new_key) - 1
    block_end = np.zeros(block[-1] + 1 if n else 0, dtype=np.int64)
    np.maximum.at(block_end, block, pos)
    gid = np.cumsum(new_group) - 1
    group_end = np.zeros(gid[-1] + 1 if n else 0, dtype=np.int64)
    np.maximum.at(group_end, gid, pos)
    out = np.empty(n)
    out[order] = group_end[gid] - block_end[block]
    return out


def _parse(tiebreaks: Sequence[str | TeamTieBreak] | str | None) -> list[TeamTieBreak]:
    """The team tie-breaks to compute, parsed; no duplicates."""
    if tiebreaks is None:
        tiebreaks = DEFAULT_TEAM_TIEBREAKS
    if isinstance(tiebreaks, TeamTieBreak):
        tiebreaks = [tiebreaks]
    elif isinstance(tiebreaks, str):
        tiebreaks = [t for t in tiebreaks.replace(" ", ",").split(",") if t]
    parsed = [parse_team_tiebreak(t) for t in tiebreaks]
    codes = [t.code for t in parsed]
    dup = sorted({c for c in codes if codes.count(c) > 1})
    if dup:
        raise ValueError(f"team tie-break(s) listed twice: {dup}")
    return parsed


def team_standings(
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
    """Final standings of the teams of every event: the primary score, then the tie-breaks.

    Parameters
    ----------
    boards : pandas.DataFrame
        One row per board per round (see :func:`~tourneystats.chess.teams.validate_team_results`).
    tiebreaks : sequence of str or str, optional
        Team tie-break codes in order (see the module documentation), e.g. ``["EDE",
        "EMGSB/C1", "BH:GP/C1"]``; default: the order each event declares (the ``tiebreaks``
        column of `events`, a TRF ``212``/``202`` record), else ``EDE, EMGSB/C1, BH/C1``
        (the FIDE TEC's Swiss team example).
    primary : {"MP", "GP"}, optional
        The primary score (C.07 11.1): match points or game points; default: the first code
        of the declared order when it is ``MP`` or ``GP``, else match points.
    rules : str, RuleSet, mapping or None
        The rule set of unplayed matches, as for individuals (:data:`~tourneystats.chess.RULE_SETS`);
        by default ``"auto:fide2024"`` (by the events' dates, ``events.date``; fide2024 when
        undated).
    points : str or TeamPoints, optional
        The point systems of matches, games and unplayed matches (:data:`~tourneystats.chess.teams.TEAM_POINTS`).
    events : pandas.DataFrame, optional
        ``event`` with ``date`` (for ``"auto"``) and ``type`` (round robins).
    teams : pandas.DataFrame, optional
        ``event, team, name``: the teams' names, carried into the table.
    round_robin : bool, iterable of event labels or None
        The events that are round robins (their forfeited matches count as played, C.07 15.2);
        None: those whose ``type`` names one.
    team_size : int, optional
        The boards of a match; by default each event's highest board number.
    allow_buchholz_in_round_robins : bool
        Compute BH and AOB for round robins whose rule set forbids them (fide2026, art. 8 note),
        with a warning, instead of refusing.

    Returns
    -------
    pandas.DataFrame
        One row per event and team: ``event, team`` (``name``), ``rank``, the primary score and
        one column per tie-break named by its code, ``decided_by``.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.chess import team_standings
    >>> rows = [("E", 1, "A", "B", 1, 1.0), ("E", 1, "A", "B", 2, 0.5),
    ...         ("E", 1, "B", "A", 1, 0.0), ("E", 1, "B", "A", 2, 0.5)]
    >>> boards = pd.DataFrame(rows, columns=["event", "round", "team", "opponent_team",
    ...                                      "board", "points"])
    >>> boards = boards.assign(player=[1, 2, 3, 4], opponent=[3, 4, 1, 2], kind="played")
    >>> team_standings(boards, tiebreaks=["GP", "BC"])
      event team  rank   MP   GP   BC decided_by
    0     E    A     1  2.0  1.5  2.0         MP
    1     E    B     2  0.0  0.5  1.0       <NA>
    """
    orders = _orders(tiebreaks, primary, events, boards)
    if len(orders) > 1:  # events declaring different orders: each order's events apart
        return _by_order(
            team_standings, boards, orders, rules=rules, points=points, events=events,
            teams=teams, round_robin=round_robin, team_size=team_size,
            allow_buchholz_in_round_robins=allow_buchholz_in_round_robins,
        )  # fmt: skip
    order, primary, _ = orders[0]
    system = _team_points(points)
    tbs = _parse(order)
    df = validate_team_results(boards, points=system)
    tg = _build_team_grid(
        df, system, rules=rules, events=events, round_robin=round_robin, team_size=team_size
    )
    _check_buchholz(tg, tbs, allow_buchholz_in_round_robins)
    return _table(tg, tbs, primary, teams)


def _by_order(function: Any, boards: pd.DataFrame, orders: list, **options: Any) -> pd.DataFrame:
    """`function` (team standings, or after every round) of the events of each tie-break order
    of `orders` (:func:`_orders`) apart, stacked: every order's columns, ``decided_by`` last."""
    labels = boards[EVENT].astype(object)
    parts = [
        function(boards[labels.isin(chosen or []).to_numpy()], tiebreaks=order, primary=first,
                 **options)
        for order, first, chosen in orders
    ]  # fmt: skip
    out = pd.concat(parts, ignore_index=True)
    return out[[c for c in out.columns if c != DECIDED_BY] + [DECIDED_BY]]


def _orders(
    tiebreaks: Sequence[str] | str | None,
    primary: str | None,
    events: pd.DataFrame | None,
    boards: pd.DataFrame,
) -> list[tuple[Sequence[str] | str | None, str, list | None]]:
    """The (order, primary score, events or None for all) to compute: the given order, else
    each declared one (the ``tiebreaks`` column of `events`)."""
    declared = None
    if tiebreaks is None and events is not None and TIEBREAK_ORDER in events.columns:
        if isinstance(boards, pd.DataFrame) and EVENT in boards.columns:
            present = pd.unique(boards[EVENT].astype(object).to_numpy())
            table = events.astype({EVENT: object})
            declared = table[table[EVENT].isin(present)][[EVENT, TIEBREAK_ORDER]]
    if declared is None or declared[TIEBREAK_ORDER].isna().all():
        return [(tiebreaks, _primary(primary, None), None)]
    found = declared[TIEBREAK_ORDER].fillna("")
    out = []
    for order in pd.unique(found.to_numpy()):
        chosen = declared.loc[(found == order).to_numpy(), EVENT].tolist()
        out.append((order or None, _primary(primary, order or None), chosen))
    listed = set(declared[EVENT])
    rest = [e for e in pd.unique(boards[EVENT].astype(object).to_numpy()) if e not in listed]
    if rest:
        out.append((None, _primary(primary, None), rest))
    return out


def _primary(primary: str | None, order: Sequence[str] | str | None) -> str:
    """The primary score: as given, else the first code of a declared `order` when MP or GP,
    else MP."""
    if primary is None:
        first = _parse(order)[0].code if order else None
        primary = first if first in ("MP", "GP") else "MP"
    if primary not in ("MP", "GP"):
        raise ValueError(f"primary must be 'MP' or 'GP', got {primary!r}")
    return primary


def _table(
    tg: _TeamGrid, tbs: list[TeamTieBreak], primary: str, teams: pd.DataFrame | None
) -> pd.DataFrame:
    """The ranked table: the primary score and the tie-breaks in order."""
    engine = _TeamEngine(tg, primary)
    first = parse_team_tiebreak(primary)
    columns: dict[str, np.ndarray] = {primary: engine.value(first)}
    tbs = [t for t in tbs if t.code != primary]
    for tb in tbs:
        if tb.name in _GROUPED:
            keys = [tg.mp.player_event, *(np.round(v, 9) for v in columns.values())]
            columns[tb.code] = engine.in_groups(tb, _group_ids(keys))
        else:
            columns[tb.code] = engine.value(tb)
    g = tg.mp
    frame = pd.DataFrame(
        {
            "_event_order": g.player_event,
            EVENT: g.event_index.take(g.player_event),
            TEAM: g.player_id,
        }
    )
    for code, values in columns.items():
        frame[code] = values
    criteria = list(columns)
    ascending = [False, *(t.name in ASCENDING for t in tbs)]
    ranked = competition_rank(
        frame, criteria, ascending=ascending, by="_event_order", decided_by=DECIDED_BY
    )
    ranked[TEAM] = _plain(ranked[TEAM])
    out = ranked[[EVENT, TEAM, RANK, *criteria, DECIDED_BY]]
    return _with_names(out, teams).reset_index(drop=True)


def _with_names(out: pd.DataFrame, teams: pd.DataFrame | None) -> pd.DataFrame:
    """`out` with the teams' ``name`` after ``team`` (from `teams`: ``event, team, name``)."""
    if teams is None or NAME not in teams.columns:
        return out
    names = teams[[EVENT, TEAM, NAME]].drop_duplicates([EVENT, TEAM])
    names = names.astype({EVENT: object, TEAM: object})
    out = out.astype({EVENT: object, TEAM: object}).merge(names, on=[EVENT, TEAM], how="left")
    out[TEAM] = _plain(out[TEAM])
    columns = [c for c in out.columns if c != NAME]
    at = columns.index(TEAM) + 1
    return out[[*columns[:at], NAME, *columns[at:]]]


def _plain(values: pd.Series) -> pd.Series:
    """Team ids back as integers when they all are (they went through an object array)."""
    if pd.api.types.infer_dtype(values, skipna=False) == "integer":
        return values.astype(np.int64)
    return values


def _check_buchholz(tg: _TeamGrid, tbs: list[TeamTieBreak], allow: bool) -> None:
    """Refuse (or, when allowed, warn about) BH and AOB in round robins whose rule set forbids
    them (C.07 2026 art. 8 note)."""
    g = tg.mp
    _forbid_buchholz(tbs, g.rule_sets, g.rule, g.rr, g.player_event, g.event_index, allow)


def _forbid_buchholz(
    tbs: list[TeamTieBreak],
    rule_sets: Sequence[RuleSet],
    rule: np.ndarray,
    rr: np.ndarray,
    of_event: np.ndarray,
    event_index: pd.Index,
    allow: bool,
) -> None:
    """:func:`_check_buchholz` on each row's rule-set code `rule`, round-robin status `rr` and
    event code `of_event` (rows: teams, or events)."""
    named = [t.code for t in tbs if t.name in TEAM_BUCHHOLZ]
    if not named or not rr.any():
        return
    forbidden = np.array([not r.buchholz_in_round_robins for r in rule_sets])[rule] & rr
    if not forbidden.any():
        return
    events = event_index[np.unique(of_event[forbidden])].tolist()
    message = (
        f"{', '.join(named)}: the Buchholz tie-breaks must not be used in round robins (C.07 "
        f"2026, art. 8 note), and {len(events)} event(s) are round robins: {events[:5]}"
    )
    if not allow:
        raise ValueError(message + "; pass allow_buchholz_in_round_robins=True to compute them")
    warnings.warn(message + " (computed as asked)", stacklevel=4)
