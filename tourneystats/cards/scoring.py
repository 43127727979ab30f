"""Per-row points, per-player totals and percentages, and the opponents' averages."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.schema import OOMWP
from .prepare import _Matches
from .rules import Rules


def _row_points(m: _Matches, rules: Rules) -> tuple[np.ndarray, ...]:
    """Per row, with byes scored by the rules: match points, game points and games (floats)."""
    bw, bl, bd = rules.bye
    w = np.where(m.bye, bw, m.w.astype(np.int64))
    l = np.where(m.bye, bl, m.l.astype(np.int64))  # noqa: E741
    d = np.where(m.bye, bd, m.d.astype(np.int64))
    mp = np.where(w > l, rules.win, np.where(w < l, rules.loss, rules.draw)).astype(np.float64)
    per_draw = np.float64(rules.game_draw)
    if rules.intentional_draw_game_points is not None:
        intentional = ~m.bye & (w == 0) & (l == 0)
        per_draw = np.where(intentional, rules.intentional_draw_game_points, rules.game_draw)
    gp = w * np.float64(rules.game_win) + l * np.float64(rules.game_loss) + d * per_draw
    return mp, gp, (w + l + d).astype(np.float64)


def _pct(points: np.ndarray, possible: np.ndarray, floor: float) -> np.ndarray:
    """points / possible, at least `floor`; `floor` where nothing was possible."""
    with np.errstate(divide="ignore", invalid="ignore"):
        share = points / possible
    return np.where(possible > 0, np.maximum(share, floor), floor)


def _mean(total: np.ndarray, count: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(count > 0, total / count, np.nan)


def _last_round(m: _Matches, codes: np.ndarray, size: int) -> np.ndarray:
    """Per code (player or event code of every row): the last round code it has a row in."""
    # same dtype as the round codes: ufunc.at is only fast without casting
    last = np.full(size, -1, dtype=m.t.dtype)
    np.maximum.at(last, codes, m.t)
    return last


def _dropped(m: _Matches) -> np.ndarray:
    """Per player code: did not play the last round of his event."""
    event_last = _last_round(m, m.e, m.n_events)
    return _last_round(m, m.p, m.n_players) < event_last[m.event_of]


@dataclass
class _Scores:
    """Per-entity totals and percentages, and the values opponents average."""

    match_points: np.ndarray
    game_points: np.ndarray
    rounds: np.ndarray
    games: np.ndarray
    mwp: np.ndarray
    gwp: np.ndarray
    omwp: np.ndarray
    ogwp: np.ndarray
    oomwp: np.ndarray | None
    dropped: np.ndarray
    seen_mwp: np.ndarray | None = None  # the match-win % opponents average
    seen_gwp: np.ndarray | None = None


def _capped(mwp: np.ndarray, dropped: np.ndarray, rules: Rules) -> np.ndarray:
    if rules.drop_cap is None:
        return mwp
    return np.where(dropped, np.minimum(mwp, rules.drop_cap), mwp)


def _score(
    m: _Matches, rules: Rules, who: np.ndarray, opp: np.ndarray, size: int, dropped: np.ndarray
) -> _Scores:
    """Totals per entity code `who` (size `size`); `opp` is the opponent's entity code (-1: bye).

    Row-level work is a few integer passes and ``np.bincount`` scatter-adds; points and
    percentages are then computed per entity from counts.
    """
    bye_rows = np.flatnonzero(m.bye)
    bw, bl, bd = rules.bye
    # the match result of each row: 0 draw, 1 win, 2 loss (a bye: the rules' bye score)
    bye_result = 1 if bw > bl else (2 if bw < bl else 0)
    slot = who * 3  # + 1 for a won match, + 2 for a lost one
    slot += m.w > m.l
    lost = m.w < m.l
    slot += lost
    slot += lost
    del lost
    slot[bye_rows] = who[bye_rows] * 3 + bye_result
    tally = np.bincount(slot, minlength=3 * size).reshape(size, 3)
    del slot
    rounds = tally.sum(axis=1).astype(np.float64)
    byes = np.bincount(who[bye_rows], minlength=size).astype(np.float64)
    match_points = tally[:, 1] * float(rules.win) + tally[:, 0] * float(rules.draw)
    match_points += tally[:, 2] * float(rules.loss)

    def games_of(counts: np.ndarray, per_bye: int) -> np.ndarray:
        """Sum of a game count over the non-bye rows, plus `per_bye` for every bye."""
        total = np.bincount(who, counts, size)
        if bye_rows.size:
            total -= np.bincount(who[bye_rows], counts[bye_rows], size)
        return total + byes * per_bye

    won, lost, drawn = games_of(m.w, bw), games_of(m.l, bl), games_of(m.d, bd)
    games = won + lost + drawn
    game_points = won * float(rules.game_win) + lost * float(rules.game_loss)
    if rules.intentional_draw_game_points is None:
        game_points += drawn * float(rules.game_draw)
    else:
        intentional = (m.w == 0) & (m.l == 0) & ~m.bye
        drawn_id = np.bincount(who, m.d * intentional, size)
        game_points += (drawn - drawn_id) * float(rules.game_draw)
        game_points += drawn_id * float(rules.intentional_draw_game_points)

    mwp = _capped(_pct(match_points, rules.win * rounds, rules.floor), dropped, rules)
    gwp = _pct(game_points, rules.game_win * games, rules.floor)
    if rules.byes_seen_by_opponents:
        seen_mwp, seen_gwp = mwp, gwp
    else:  # take the byes out again
        bye_mp = (rules.draw, rules.win, rules.loss)[bye_result]
        bye_gp = bw * rules.game_win + bl * rules.game_loss + bd * rules.game_draw
        seen_mwp = _pct(match_points - byes * bye_mp, rules.win * (rounds - byes), rules.floor)
        seen_mwp = _capped(seen_mwp, dropped, rules)
        seen_gwp = _pct(
            game_points - byes * bye_gp,
            rules.game_win * (games - byes * sum(rules.bye)),
            rules.floor,
        )

    # opponents' averages: a bye points at a trailing 0 (index -1) and is not counted
    count = rounds - byes

    def opponents_mean(values: np.ndarray) -> np.ndarray:
        return _mean(np.bincount(who, np.append(values, 0.0)[opp], size), count)

    omwp, ogwp = opponents_mean(seen_mwp), opponents_mean(seen_gwp)
    oomwp = opponents_mean(omwp) if OOMWP in rules.order else None
    return _Scores(
        match_points=match_points,
        game_points=game_points,
        rounds=rounds,
        games=games,
        mwp=mwp,
        gwp=gwp,
        omwp=omwp,
        ogwp=ogwp,
        oomwp=oomwp,
        dropped=dropped,
        seen_mwp=seen_mwp,
        seen_gwp=seen_gwp,
    )
