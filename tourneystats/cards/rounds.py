"""Every player's values after every round: players x rounds matrices, in one vectorised pass.

The value "after round r" is that of the event cut after round r: every percentage uses only
rounds up to r, and a player who did not play round r counts as dropped. The standings after
every round (:func:`~tourneystats.cards.history.standings_by_round`) rank these cells; the final
standings use them to freeze the tie-breakers of a player who dropped (``Rules.freeze_dropped``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .prepare import _Matches
from .rules import Rules
from .scoring import (
    _assemble,
    _last_round,
    _opponents_mean,
    _percentages,
    _rematches,
    _rounds_held,
    _row_points,
    _Scores,
    _Totals,
)


@dataclass
class _RoundScores:
    """The values of every (player, round) cell (flat cell ``p * T + t``) and who played when."""

    scores: _Scores  # arrays of shape (players, rounds)
    present: np.ndarray  # (players, rounds): played (or had a bye in) that round
    rounds: np.ndarray  # (players, rounds): rounds played so far


def _cumulative_totals(m: _Matches, rules: Rules) -> tuple[_Totals, np.ndarray]:
    """The totals of :func:`~tourneystats.cards.scoring._tally` after every round, and the
    player x round matrix of rounds played."""
    P, T = m.n_players, m.n_times
    cell = m.p.astype(np.intp) * T + m.t

    def cumulative(weights: np.ndarray | None) -> np.ndarray:
        return np.cumsum(np.bincount(cell, weights, P * T).reshape(P, T), axis=1)

    bw, bl, bd = rules.bye
    bye_result = 1 if bw > bl else (2 if bw < bl else 0)
    tally = byes = None  # only the rules that need them (a draw's share, byes left out)
    if rules.draw_share is not None:
        result = np.where(m.w > m.l, 1, np.where(m.w < m.l, 2, 0))
        result[m.bye] = bye_result
        tally = np.bincount(cell * 3 + result, minlength=P * T * 3).reshape(P, T, 3)
        tally = np.cumsum(tally, axis=1)
    if not rules.byes_seen_by_opponents or rules.bye_opponent is not None:
        byes = cumulative(m.bye.astype(np.float64))
    present = np.zeros(P * T, dtype=bool)
    present[cell] = True
    present = present.reshape(P, T)
    mp, gp, games = _row_points(m, rules)
    held = None  # the rounds the player's event held up to each round (missed_rounds_lost)
    if rules.missed_rounds_lost:
        held = np.cumsum(_rounds_held(m), axis=1, dtype=np.float64)[m.event_of]
    totals = _Totals(
        held=held,
        rounds=np.cumsum(present, axis=1, dtype=np.float64),
        byes=byes,
        tally=tally,
        bye_result=bye_result,
        match_points=cumulative(mp),
        game_points=cumulative(gp),
        games=cumulative(games),
        bye_games=bw + bl + bd,
        bye_game_points=bw * rules.game_win + bl * rules.game_loss + bd * rules.game_draw,
    )
    return totals, present


class _RoundOpponents:
    """The opponents' averages of every cell.

    A match played in round t counts for the player after every round r from t to the event's
    last, at the opponent's value after round r: one entry per (match, r). The entries of a
    match are consecutive cells of the player's row (and of the opponent's), so the cells are
    an arange shifted per match. A rematch is left out when averaging over distinct opponents.
    """

    def __init__(self, m: _Matches, rules: Rules, totals: _Totals) -> None:
        P, T = m.n_players, m.n_times
        counted = m.q >= 0  # not a bye, not a loss to no one
        if rules.average_over == "opponents":
            counted &= ~_rematches(m.p, m.q, m.t, P)
        rows = np.flatnonzero(counted)
        t = m.t[rows].astype(np.intp)
        span = _last_round(m, m.e, m.n_events)[m.e[rows]].astype(np.intp) - t + 1
        start = np.cumsum(span) - span
        target = np.repeat(m.p[rows].astype(np.intp) * T + t - start, span)
        target += np.arange(target.size, dtype=np.intp)
        source = np.repeat((m.q[rows] - m.p[rows]).astype(np.intp) * T, span)
        source += target
        self.cells = (target, source)
        self.rules, self.shape = rules, (P, T)
        self.count = np.cumsum(
            np.bincount(m.p[rows].astype(np.intp) * T + t, minlength=P * T).reshape(P, T), axis=1
        ).astype(np.float64)
        self.bye_count = None
        if rules.bye_opponent is not None:
            distinct = rules.average_over == "opponents"
            assert totals.byes is not None  # (kept when byes count as opponents)
            self.bye_count = np.minimum(totals.byes, 1) if distinct else totals.byes
            self.count = self.count + self.bye_count

    def mean(self, values: np.ndarray) -> np.ndarray:
        target, source = self.cells
        size = self.shape[0] * self.shape[1]
        total = np.bincount(target, values.reshape(-1)[source], size).reshape(self.shape)
        return _opponents_mean(total, self.count, self.bye_count, self.rules)


def _round_scores(m: _Matches, rules: Rules) -> _RoundScores:
    """Every player's totals, percentages and opponents' averages after every round."""
    totals, present = _cumulative_totals(m, rules)
    dropped = ~present  # in the event cut after round r, who did not play round r dropped
    pct = _percentages(totals, rules, dropped)
    scores = _assemble(totals, rules, pct, _RoundOpponents(m, rules, totals), dropped)
    return _RoundScores(scores=scores, present=present, rounds=totals.rounds)


def _last_played(present: np.ndarray) -> np.ndarray:
    """Per cell (player, r): the last round up to r the player played (-1 before his first)."""
    T = present.shape[1]
    return np.maximum.accumulate(np.where(present, np.arange(T), -1), axis=1)


def _freeze(values: np.ndarray, present: np.ndarray) -> np.ndarray:
    """Per cell (player, r): the value after the last round up to r the player played (a player
    who dropped keeps the value he had after his last round).

    Examples
    --------
    >>> values = np.array([[0.5, 0.6, 0.7], [0.1, 0.2, 0.3]])
    >>> present = np.array([[True, False, True], [True, True, False]])
    >>> _freeze(values, present).tolist()
    [[0.5, 0.5, 0.7], [0.1, 0.2, 0.2]]
    """
    last = _last_played(present)
    rows = np.arange(present.shape[0])[:, None]
    return np.where(last >= 0, values[rows, np.maximum(last, 0)], values)


def _frozen_scores(r: _RoundScores) -> _Scores:
    """The scores of every cell with the opponents' averages frozen at each player's last round
    played (``Rules.freeze_dropped``); the values opponents count stay as computed."""
    s = r.scores
    frozen = {
        name: _freeze(getattr(s, name), r.present)
        for name in ("omwp", "ogwp", "oomwp")
        if getattr(s, name) is not None
    }
    return _Scores(**{**s.__dict__, **frozen})
