"""The tie-break engine: every tie-break computed on one stacked grid.

Each tie-break is a handful of numpy operations over the whole grid (all players of all events x
rounds): ``np.sort``/``np.lexsort`` along rounds for cuts and medians, ``np.cumsum`` for
progressive scores, fancy indexing by opponent for opponents' scores and ``np.bincount`` for sums
over groups. The engine caches what several tie-breaks share (opponents' scores, BH, ARO, TPR),
and the kinds of the rounds as each family of tie-breaks sees them (round-robin forfeits are games
for some, unplayed for others: C.07 15.2).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from .codes import RATING_BASED, TIEBREAKS, TieBreak, parse_tiebreak
from .encounter import direct_encounter
from .grid import _Grid
from .kinds import (
    _AVAILABLE,
    _FORFEIT,
    K_FL,
    K_FW,
    K_LIVE,
    K_NONE,
    K_PAB,
    K_PLAYED,
    _counted,
    _is,
)
from .ratings import _aro, _opp_ratings, _opponent_mean, _performance, _unrated_option
from .scores import _cut, _fore, _Rounds, _scores

__all__ = ["TIEBREAKS", "TieBreak", "parse_tiebreak"]


# --- the engine ----------------------------------------------------------------------------------


@dataclass
class _Detail:
    """Per-round breakdown of one tie-break (for :func:`explain`)."""

    score: np.ndarray | None
    result: np.ndarray | None
    contrib: np.ndarray
    kept: np.ndarray
    standin: np.ndarray | None


class _Engine:
    """Computes tie-breaks on one grid, caching shared intermediate results.

    `unrated` is what the rating-based tie-breaks do with unrated players: ``"leave_out"``
    (their games do not count), ``"drop"`` (no value in events with an unrated player) or a
    rating given to them."""

    def __init__(self, grid: _Grid, *, unrated: str | float = "leave_out") -> None:
        self.grid = grid
        self.unrated = _unrated_option(unrated)
        self.cache: dict = {}
        self.valid = _counted(grid.kind)
        self._kinds: dict[str, np.ndarray] = {}

    def kind(self, family: str) -> np.ndarray:
        """The kinds as the tie-breaks of `family` see them. In round robins forfeits are games
        (``"games"``: opponents' scores, SB, KS, DE), except where the rule set keeps them
        unplayed: C.07 (2026) 15.2 keeps every forfeit unplayed in the rating-based tie-breaks
        (``"ratings"``) and every forfeit loss in the Type B ones of art. 7 (``"own"``); the
        ``"tiebreakserver"`` reading keeps them all unplayed there, and in the opponents met
        over the board of AOB (``"board"``)."""
        g = self.grid
        if not g.rr.any():
            return g.kind
        if family not in self._kinds:
            mode = np.array([r.round_robin_forfeits for r in g.rule_sets])[g.rule]
            wins = losses = g.rr
            if family == "ratings":
                wins = losses = g.rr & (mode == "played")
            elif family == "board":
                wins = losses = g.rr & (mode != "tiebreakserver")
            elif family == "own":
                wins, losses = g.rr & (mode != "tiebreakserver"), g.rr & (mode == "played")
            kind = g.kind.copy()
            paired = g.opp >= 0  # (a forfeit without an opponent stays unplayed)
            kind[(kind == K_FW) & wins[:, None] & paired] = K_PLAYED
            kind[(kind == K_FL) & losses[:, None] & paired] = K_PLAYED
            self._kinds[family] = kind
        return self._kinds[family]

    def played(self, family: str = "games") -> np.ndarray:
        """The games over the board as the tie-breaks of `family` count them (see :meth:`kind`);
        a game in progress is none."""
        key = ("played", family)
        if key not in self.cache:
            self.cache[key] = self.kind(family) == K_PLAYED
        return self.cache[key]

    def rounds(self, fore: bool = False, played: bool = False) -> _Rounds:
        """Opponents' scores as counted (with every last-round game a draw for `fore`; with
        every forfeit with a scheduled opponent a game against him for `played`, the ``/P``
        modifier: the opponents' scores as counted stay those of art. 16.3)."""
        key = ("rounds", fore, played)
        if key not in self.cache:
            g = self.grid
            kind = self.kind("games")
            kind, points = _fore(g, kind) if fore else (kind, g.points)
            also = _is(kind, _FORFEIT) & (g.opp >= 0) if played else None
            self.cache[key] = _scores(kind, points, g.opp, g, also=also)
        return self.cache[key]

    def value(self, tb: TieBreak) -> np.ndarray:
        """The tie-break's value of every player (cached)."""
        if tb.code not in self.cache:
            self.cache[tb.code] = self.compute(tb)[0]
        return self.cache[tb.code]

    def compute(self, tb: TieBreak) -> tuple[np.ndarray, _Detail | None]:
        """The tie-break's value of every player, and its per-round breakdown (None for the
        tie-breaks without one)."""
        method = _METHODS.get(tb.name)
        if method is None:
            raise ValueError(f"tie-break {tb.code} is computed by standings() only")  # DE
        value, detail = method(self, tb)
        if tb.name in RATING_BASED and self.unrated == "drop":
            value = np.where(self._with_unrated(), np.nan, value)
        return value, detail

    def _per_rule_set(self, test: Any) -> np.ndarray:
        """Whether each player's rule set passes `test` (a function of a RuleSet)."""
        return np.array([bool(test(s)) for s in self.grid.rule_sets])[self.grid.rule]

    def _with_unrated(self) -> np.ndarray:
        """Whether each player's event has an unrated player (C.07 art. 10: the rating-based
        tie-breaks are then dropped)."""
        g = self.grid
        n_events = len(g.event_index)
        unrated = np.bincount(g.player_event, weights=np.isnan(g.rating), minlength=n_events)
        return np.take(unrated > 0, g.player_event)

    # -- points and opponents' scores ---------------------------------------------------------

    def _points(self, tb: TieBreak) -> tuple[np.ndarray, _Detail | None]:
        """PTS: the points."""
        r = self.rounds()
        contrib = np.where(self.valid, self.grid.points, 0.0)
        return r.pts, _Detail(None, None, contrib, self.valid, None)

    def _opponents_scores(self, tb: TieBreak) -> tuple[np.ndarray, _Detail | None]:
        """BH, SB, FB and KS: sums over the rounds of the opponents' scores as counted."""
        name = tb.name
        r = self.rounds(fore=name == "FB", played=tb.forfeits_played)
        if name == "SB":
            contrib = r.result * r.score
            zero = self._per_rule_set(lambda s: s.pab_in_sb == "zero")
            if zero.any():  # a pairing-allocated bye adds nothing to SB (Vega, early 2026)
                contrib = np.where(zero[:, None] & (self.grid.kind == K_PAB), 0.0, contrib)
        elif name == "KS":
            contrib = self._koya(r)
        else:
            contrib = r.score
        contrib = np.where(r.valid, contrib, 0.0)
        kept = _cut(
            r.score, contrib, r.valid, r.vur, tb.low, tb.high, by_score=name in ("BH", "FB")
        )
        value = np.where(kept, contrib, 0.0).sum(axis=1)
        return value, _Detail(r.score, r.result, contrib, kept, r.standin)

    def _koya(self, r: _Rounds) -> np.ndarray:
        """KS contributions: the points scored against opponents with 50 % of the maximum or more."""
        g = self.grid
        limit = (0.5 * g.win * self._koya_games())[:, None] - 1e-9
        # adjusted: opponents' (and own, for unplayed rounds) adjusted scores; FIDE rule
        # sets: games against real opponents (forfeits included) whose final score
        # reaches the limit, byes and absences counting nothing (as the TEC program)
        fide = np.array([s.own_unplayed != "self" for s in g.rule_sets])[g.rule]
        if not fide.all():
            adjusted = np.where(r.score >= limit, r.result, 0.0)
        if fide.any():
            safe = np.where(g.opp >= 0, g.opp, 0)
            strong = (g.opp >= 0) & (np.take(r.pts, safe) >= limit)  # (in progress: 0 points)
            by_fide = np.where(strong, g.points, 0.0)
        if fide.all():
            return by_fide
        if not fide.any():
            return adjusted
        return np.where(fide[:, None], by_fide, adjusted)

    def _koya_games(self) -> np.ndarray:
        """The games of the maximum possible score (9.2): the rounds; in a round robin of an odd
        number of players, where each sits out a round per cycle, the games he is paired for;
        less the rounds taken out with a withdrawn player (``withdrawn="fide"``)."""
        g = self.grid
        rounds = g.n_rounds if g.koya_rounds is None else g.koya_rounds
        if g.rr.any():
            players = np.bincount(g.player_event, minlength=len(g.event_index))
            n = np.take(players, g.player_event)
            odd = g.rr & (n % 2 == 1) & (g.n_rounds % n == 0)
            rounds = np.where(odd, rounds - g.n_rounds // np.maximum(n, 1), rounds)
        return rounds

    def _average_buchholz(self, tb: TieBreak) -> tuple[np.ndarray, _Detail | None]:
        """AOB: the average BH (AOB/F: Fore Buchholz) of the opponents met over the board."""
        bh = self.value(TieBreak("FB", "FB") if tb.fore else TieBreak("BH", "BH"))
        mean = _opponent_mean(self.grid, self.played("board"), bh, digits=None)
        # no game over the board: 0, as the FIDE-endorsed programs publish it
        return np.nan_to_num(mean, nan=0.0), None

    # -- progressive scores and counts --------------------------------------------------------

    def _progressive(self, tb: TieBreak) -> tuple[np.ndarray, _Detail | None]:
        """PS (the running score after each round) and CUM (the same less the points won
        without playing). A round whose game is in progress counts the score so far."""
        g = self.grid
        # the rounds of the event: a round whose game is in progress too
        rounds = self.valid if not g.live else g.kind != K_NONE
        pts = np.where(self.valid, g.points, 0.0)
        running = np.cumsum(pts, axis=1)
        kept = _cut(running, running, rounds, None, tb.low, 0, by_score=True)
        contrib = running.copy()
        if tb.name == "CUM":
            unplayed = self.valid & (self.kind("own") != K_PLAYED)
            contrib = contrib - np.where(unplayed, pts, 0.0)
        contrib = np.where(rounds, contrib, 0.0)
        value = np.where(kept, contrib, 0.0).sum(axis=1)
        return value, _Detail(None, pts, contrib, kept, None)

    def _count(self, tb: TieBreak) -> tuple[np.ndarray, _Detail | None]:
        """WIN, WON, BPG, BWG and REP: how many rounds of a kind."""
        g = self.grid
        played = self.played("own")
        black = played & (g.colour == 2)
        name = tb.name
        if name == "WIN":  # as many points as a win, with or without playing (7.1)
            flag = self.valid & (np.abs(g.points - g.win[:, None]) < 1e-9)
        elif name == "WON":
            flag = played & (g.result == 1.0)
        elif name == "BPG":
            flag = black
        elif name == "BWG":
            flag = black & (g.result == 1.0)
        else:  # REP
            flag = self.valid & _is(self.kind("own"), _AVAILABLE)
        contrib = flag.astype(np.float64)
        return contrib.sum(axis=1), _Detail(None, g.points, contrib, self.valid, None)

    def _standard_points(self, tb: TieBreak) -> tuple[np.ndarray, _Detail]:
        """STD (7.7): 1 per round with more points than the scheduled opponent (without an
        opponent: than a draw), 1/2 per round with as many."""
        g = self.grid
        safe = np.where(g.opp >= 0, g.opp, 0)
        R = g.shape[1]
        theirs = g.points.ravel()[safe * R + np.arange(R)[None, :]]
        other = np.where(g.opp >= 0, theirs, g.draw[:, None])
        diff = g.points - other
        contrib = np.where(self.valid, (diff > 1e-9) + 0.5 * (np.abs(diff) <= 1e-9), 0.0)
        return contrib.sum(axis=1), _Detail(None, g.points, contrib, self.valid, None)

    def _pairing_number(self, tb: TieBreak) -> tuple[np.ndarray, None]:
        """TPN (7.8): the tournament pairing number, the player id (a start rank)."""
        ids = np.asarray(self.grid.player_id)
        try:
            tpn = ids.astype(np.float64)
        except (TypeError, ValueError):
            tpn = np.full(len(ids), np.nan)
        bad = np.isnan(tpn) | (tpn % 1 != 0)
        if bad.any():
            g = self.grid
            shown = [f"event={g.event_index[e]!r}, player={p!r}" for e, p in
                     zip(g.player_event[bad][:5], ids[bad][:5], strict=True)]  # fmt: skip
            raise ValueError(
                "TPN: the player ids must be tournament pairing numbers (whole numbers, as TRF "
                f"start ranks); {int(bad.sum())} are not: " + "; ".join(shown)
            )
        return tpn, None

    # -- ratings ------------------------------------------------------------------------------

    def _opponents_ratings(self) -> tuple[np.ndarray, np.ndarray]:
        """Per round the rating of the opponent met over the board, and whether there is one."""
        if "opp_ratings" not in self.cache:
            self.cache["opp_ratings"] = _opp_ratings(
                self.grid, self.played("ratings"), self.unrated
            )
        return self.cache["opp_ratings"]

    def _no_game(self, values: np.ndarray) -> np.ndarray:
        """`values` with no value (NaN) for the players without any game over the board (as
        FIDE's TieBreakServer prints none); those with games keep theirs (0 where cuts or
        unrated opponents leave no rating, as the TEC tables print it)."""
        if "no_game" not in self.cache:
            # a game over the board, or a forfeit the rating-based tie-breaks count as one
            games = (self.grid.kind == K_PLAYED).any(axis=1) | self.played("ratings").any(axis=1)
            self.cache["no_game"] = ~games
        return np.where(self.cache["no_game"], np.nan, values)

    def _aro(self, tb: TieBreak) -> tuple[np.ndarray, _Detail]:
        """ARO: the average rating of the opponents met over the board (no value without a
        game, 0 when cuts or unrated opponents leave no rating)."""
        ratings, rated = self._opponents_ratings()
        spare = None
        first = self._per_rule_set(lambda s: s.aro_cut == "unplayed_first")
        if first.any() and tb.low:  # the cuts a round without a game takes (Swiss-Manager)
            g = self.grid
            unplayed = (g.kind != K_PLAYED) & (g.kind < K_LIVE)
            spare = np.where(first, unplayed.sum(axis=1), 0)
        value, contrib, kept = _aro(ratings, rated, tb.low, tb.high, spare)
        return self._no_game(value), _Detail(ratings, self.grid.points, contrib, kept, None)

    def _performance(self) -> tuple[np.ndarray, np.ndarray]:
        """TPR and PTP of every player (cached)."""
        if "perf" not in self.cache:
            aro = self.value(TieBreak("ARO", "ARO"))
            ratings, rated = self._opponents_ratings()
            self.cache["perf"] = _performance(self.grid, ratings, rated, aro)
        return self.cache["perf"]

    def _tpr(self, tb: TieBreak) -> tuple[np.ndarray, _Detail | None]:
        """TPR: tournament performance rating (no value without a game; 0 with games but no
        rated one, as ARO and as FIDE's TieBreakServer prints it; APRO leaves such opponents
        out)."""
        return self._no_game(np.nan_to_num(self._performance()[0], nan=0.0)), None

    def _ptp(self, tb: TieBreak) -> tuple[np.ndarray, _Detail | None]:
        """PTP: perfect tournament performance (no value without a game, 0 without a rated
        one, as TPR)."""
        return self._no_game(np.nan_to_num(self._performance()[1], nan=0.0)), None

    def _apro(self, tb: TieBreak) -> tuple[np.ndarray, _Detail | None]:
        """APRO: the average TPR of the opponents (no value without a game, as ARO)."""
        played = self.played("ratings")
        mean = _opponent_mean(self.grid, played, self._performance()[0], digits=0)
        return self._no_game(mean), None

    def _appo(self, tb: TieBreak) -> tuple[np.ndarray, _Detail | None]:
        """APPO: the average PTP of the opponents (no value without a game, as ARO)."""
        played = self.played("ratings")
        mean = _opponent_mean(self.grid, played, self._performance()[1], digits=0)
        return self._no_game(mean), None

    def _rating(self, tb: TieBreak) -> tuple[np.ndarray, None]:
        """RTNG (10.6): the player's rating (the first, or his last one with per-round
        ratings); unrated players as `unrated` says (left out: no value, ranked last)."""
        g = self.grid
        rating = g.rating
        if g.round_rating is not None:
            rounds = np.arange(g.shape[1])[None, :]
            last = np.where(self.valid, rounds, 0).max(axis=1)
            rating = g.round_rating[np.arange(len(rating)), last]
        if isinstance(self.unrated, float):
            rating = np.where(np.isnan(rating), self.unrated, rating)
        return rating.astype(np.float64), None

    # -- direct encounter ---------------------------------------------------------------------

    def direct_encounter(self, group: np.ndarray, forfeits_played: bool = False) -> np.ndarray:
        """DE value of every player within his tie group `group` (see :func:`direct_encounter`),
        on the points scaled to 1 a win, so that a missing game can add a win's points (art.
        6.3) whatever the event's point system (3/1/0 too). The games are those played over
        the board, in round robins the forfeits too (15.2); `forfeits_played` (``DE/P``): every
        forfeit with its scheduled opponent, in Swiss events too (6.1.1)."""
        g = self.grid
        scaled = replace(g, points=g.points / np.maximum(g.win, 1e-12)[:, None])
        games = self.played("games")
        if forfeits_played:
            games = games | (_is(g.kind, _FORFEIT) & (g.opp >= 0))
        return direct_encounter(scaled, games, group)


#: the engine's method computing each tie-break (DE is computed by the standings)
_METHODS = {
    "PTS": _Engine._points,
    **dict.fromkeys(("BH", "SB", "FB", "KS"), _Engine._opponents_scores),
    "AOB": _Engine._average_buchholz,
    **dict.fromkeys(("PS", "CUM"), _Engine._progressive),
    **dict.fromkeys(("WIN", "WON", "BPG", "BWG", "REP"), _Engine._count),
    "STD": _Engine._standard_points,
    "TPN": _Engine._pairing_number,
    "ARO": _Engine._aro,
    "TPR": _Engine._tpr,
    "PTP": _Engine._ptp,
    "APRO": _Engine._apro,
    "APPO": _Engine._appo,
    "RTNG": _Engine._rating,
}
