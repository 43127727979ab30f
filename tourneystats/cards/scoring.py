"""Per-row points, per-player totals and percentages, and the opponents' averages.

Read top-down like the rules: the tally of each player's results, his points and games, his own
percentages and the ones his opponents average, then the opponents' averages themselves. Every
step is a few integer passes and ``np.bincount`` scatter-adds over all events at once.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

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
    games = (w + l + d).astype(np.float64)
    if not rules.forfeit_games:  # a loss to no one counts no game
        forfeit = (m.q < 0) & ~m.bye
        gp, games = np.where(forfeit, 0.0, gp), np.where(forfeit, 0.0, games)
    return mp, gp, games


def _row_shares(m: _Matches, rules: Rules) -> np.ndarray:
    """Per row: the share of a win the match counts for in the match-win % (with `draw_share`)."""
    bw, bl, _ = rules.bye
    w = np.where(m.bye, bw, m.w.astype(np.int64))
    l = np.where(m.bye, bl, m.l.astype(np.int64))  # noqa: E741
    shares = _result_shares(rules)
    return np.where(w > l, shares[1], np.where(w < l, shares[2], shares[0]))


def _result_shares(rules: Rules) -> tuple[float, float, float]:
    """The share of a win a (draw, win, loss) counts for in the match-win % (`draw_share`)."""
    draw = rules.draw / rules.win if rules.draw_share is None else rules.draw_share
    return (float(draw), 1.0, rules.loss / rules.win)


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


def _rounds_held(m: _Matches) -> np.ndarray:
    """(events, round codes): whether the event has a row in the round."""
    held = np.zeros(m.n_events * m.n_times, dtype=bool)
    held[m.e.astype(np.int64) * m.n_times + m.t] = True
    return held.reshape(m.n_events, m.n_times)


def _dropped(m: _Matches) -> np.ndarray:
    """Per player code: did not play the last round of his event."""
    event_last = _last_round(m, m.e, m.n_events)
    return _last_round(m, m.p, m.n_players) < event_last[m.event_of]


def _rematches(who: np.ndarray, opp: np.ndarray, t: np.ndarray, size: int) -> np.ndarray:
    """Per row: a later meeting of the same two entities (`opp` -1, a bye, is never one)."""
    played = np.flatnonzero(opp >= 0)
    key = who[played].astype(np.int64) * size + opp[played]
    order = np.lexsort((t[played], key))  # by pair, then round: the first meeting first
    repeat = np.zeros(played.size, dtype=bool)
    repeat[order[1:]] = key[order[1:]] == key[order[:-1]]
    out = np.zeros(who.size, dtype=bool)
    out[played] = repeat
    return out


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
    shown_mwp: np.ndarray | None = None  # the own match-win % shown (``own_floor``)
    shown_gwp: np.ndarray | None = None


def _capped(mwp: np.ndarray, dropped: np.ndarray, rules: Rules) -> np.ndarray:
    if rules.drop_cap is None:
        return mwp
    return np.where(dropped, np.minimum(mwp, rules.drop_cap), mwp)


@dataclass
class _Totals:
    """Per entity: rounds, byes, results, points and games (the raw sums of :func:`_tally`)."""

    rounds: np.ndarray
    byes: np.ndarray | None  # (None: not needed by the rules)
    tally: np.ndarray | None  # (entities, 3): drawn, won, lost matches (byes as scored)
    # (per entity and round in the round-by-round standings: every array gains a round axis)
    bye_result: int  # 0 draw, 1 win, 2 loss: what a bye counts as
    match_points: np.ndarray
    game_points: np.ndarray
    games: np.ndarray
    bye_games: int  # games a bye counts as
    bye_game_points: float
    held: np.ndarray | None = None  # rounds of the entity's events (``missed_rounds_lost``)


def _tally(m: _Matches, rules: Rules, who: np.ndarray, size: int) -> _Totals:
    """Totals per entity code `who`: a few integer passes and ``np.bincount`` scatter-adds."""
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

    # rows whose games are not counted: byes (scored by the rules), and losses to no one unless
    # the rules count their games
    no_games = bye_rows if rules.forfeit_games else np.flatnonzero(m.q < 0)

    won, lost, drawn = _game_sums(m, who, size, no_games, rounds)
    won, lost, drawn = won + byes * bw, lost + byes * bl, drawn + byes * bd
    game_points = won * float(rules.game_win) + lost * float(rules.game_loss)
    if rules.intentional_draw_game_points is None:
        game_points += drawn * float(rules.game_draw)
    else:
        intentional = (m.w == 0) & (m.l == 0) & ~m.bye
        drawn_id = np.bincount(who, m.d * intentional, size)
        game_points += (drawn - drawn_id) * float(rules.game_draw)
        game_points += drawn_id * float(rules.intentional_draw_game_points)
    held = None
    if rules.missed_rounds_lost:  # per entity: the rounds of the events of its player codes
        entity = np.zeros(m.n_players, dtype=np.int64)
        entity[m.p] = who
        per_code = _rounds_held(m).sum(axis=1)[m.event_of].astype(np.float64)
        held = np.bincount(entity, per_code, size)
    return _Totals(
        held=held,
        rounds=rounds,
        byes=byes,
        tally=tally,
        bye_result=bye_result,
        match_points=match_points,
        game_points=game_points,
        games=won + lost + drawn,
        bye_games=bw + bl + bd,
        bye_game_points=bw * rules.game_win + bl * rules.game_loss + bd * rules.game_draw,
    )


#: the bits of one count in :func:`_game_sums`' packed weights (three fit a float64 exactly)
_PACK = 17


def _game_sums(
    m: _Matches, who: np.ndarray, size: int, no_games: np.ndarray, rounds: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per entity: the games won, lost and drawn over its rows with games (not `no_games`).

    When every entity's sums stay below 2**17 (as any real count does), the three counts of a
    row are packed into one float (``w + l * 2**17 + d * 2**34``, exact) and summed in one
    scatter-add; otherwise one per count.
    """
    counts = (m.w, m.l, m.d)
    biggest = max((int(c.max()) for c in counts if c.size), default=0)
    if biggest * float(rounds.max(initial=0)) < 2**_PACK:  # every sum fits its bits
        packed = m.d * float(2**_PACK)
        packed += m.l
        packed *= float(2**_PACK)
        packed += m.w
        total = np.bincount(who, packed, size)
        if no_games.size:
            total -= np.bincount(who[no_games], packed[no_games], size)
        del packed
        high, low = np.divmod(total, 2**_PACK)
        drawn, lost = np.divmod(high, 2**_PACK)
        return low, lost, drawn
    sums = []
    for values in counts:
        total = np.bincount(who, values, size)
        if no_games.size:
            total -= np.bincount(who[no_games], values[no_games], size)
        sums.append(total)
    return sums[0], sums[1], sums[2]


def _match_shares(t: _Totals, rules: Rules, floor: float, *, byes: bool) -> np.ndarray:
    """Match-win % at least `floor`, with the byes (`byes`) or without them."""
    if rules.draw_share is None:  # match points over the points possible (Appendix C)
        points, possible = t.match_points, rules.win * t.rounds
        if not byes:
            assert t.byes is not None  # (kept when the rules leave byes out)
            bye_points = (rules.draw, rules.win, rules.loss)[t.bye_result]
            points, possible = points - t.byes * bye_points, possible - rules.win * t.byes
        return _pct(points, possible, floor)
    shares = _result_shares(rules)
    assert t.tally is not None  # (kept when the rules give a draw's share)
    won = t.tally[..., 1] + t.tally[..., 0] * shares[0] + t.tally[..., 2] * shares[2]
    rounds = t.rounds
    if not byes:
        assert t.byes is not None
        won, rounds = won - t.byes * shares[t.bye_result], rounds - t.byes
    return _pct(won, rounds, floor)


def _game_shares(t: _Totals, rules: Rules, floor: float, *, byes: bool) -> np.ndarray:
    """Game-win % at least `floor`, with the byes (`byes`) or without them."""
    points, games = t.game_points, t.games
    if not byes:
        assert t.byes is not None
        points, games = points - t.byes * t.bye_game_points, games - t.byes * t.bye_games
    return _pct(points, rules.game_win * games, floor)


@dataclass
class _Percentages:
    """A player's own match-win and game-win % as ranked (floored at ``floor``, as Appendix C
    defines them), as shown (at ``own_floor``), and as his opponents average them."""

    mwp: np.ndarray
    gwp: np.ndarray
    seen_mwp: np.ndarray
    seen_gwp: np.ndarray
    shown_mwp: np.ndarray
    shown_gwp: np.ndarray


def _percentages(t: _Totals, rules: Rules, dropped: np.ndarray) -> _Percentages:
    """The player's own percentages (floored, and as shown) and those his opponents average
    (byes in or out as the rules say; capped if he dropped)."""
    mwp = _capped(_match_shares(t, rules, rules.floor, byes=True), dropped, rules)
    gwp = _game_shares(t, rules, rules.floor, byes=True)
    seen_mwp, seen_gwp = mwp, gwp
    if not rules.byes_seen_by_opponents:
        seen_mwp = _capped(_match_shares(t, rules, rules.floor, byes=False), dropped, rules)
        seen_gwp = _game_shares(t, rules, rules.floor, byes=False)
    if rules.missed_rounds_lost:  # the rounds he missed count as lost where opponents see it
        assert t.held is not None  # (set by the totals when the rules ask)
        held = replace(t, rounds=t.held)
        seen = _match_shares(held, rules, rules.floor, byes=rules.byes_seen_by_opponents)
        seen_mwp = _capped(seen, dropped, rules)
    shown_mwp, shown_gwp = mwp, gwp
    if rules.lowest_own != rules.floor:
        shown_mwp = _capped(_match_shares(t, rules, rules.lowest_own, byes=True), dropped, rules)
        shown_gwp = _game_shares(t, rules, rules.lowest_own, byes=True)
    return _Percentages(mwp, gwp, seen_mwp, seen_gwp, shown_mwp, shown_gwp)


class _Averager(Protocol):
    """What computes the opponents' averages of per-entity (or per-cell) values."""

    def mean(self, values: np.ndarray) -> np.ndarray: ...


class _Opponents:
    """The opponents' averages: means of per-entity values over each entity's counted rows.

    A row counts unless it is a bye or, when the rules average over distinct opponents, a later
    meeting of the same two players. With ``bye_opponent`` set, a player's byes (all of them as
    one opponent when averaging over opponents) count as an opponent of that value.
    """

    def __init__(
        self, m: _Matches, rules: Rules, who: np.ndarray, opp: np.ndarray, t: _Totals
    ) -> None:
        size = t.rounds.size
        self.who, self.size, self.rules = who, size, rules
        if rules.average_over == "opponents":
            opp = np.where(_rematches(who, opp, m.t, size), -1, opp)
        # the rounds with an opponent (not a bye, not a loss to no one; with "opponents", not a
        # rematch)
        self.count = np.bincount(who[opp >= 0], minlength=size).astype(np.float64)
        self.opp = opp  # -1: not counted (a bye points at a trailing 0)
        self.bye_count = None
        if rules.bye_opponent is not None:
            distinct = rules.average_over == "opponents"
            assert t.byes is not None  # (kept when byes count as opponents)
            self.bye_count = np.minimum(t.byes, 1) if distinct else t.byes
            self.count = self.count + self.bye_count

    def mean(self, values: np.ndarray) -> np.ndarray:
        total = np.bincount(self.who, np.append(values, 0.0)[self.opp], self.size)
        return _opponents_mean(total, self.count, self.bye_count, self.rules)


def _opponents_mean(
    total: np.ndarray, count: np.ndarray, bye_count: np.ndarray | None, rules: Rules
) -> np.ndarray:
    """The opponents' average from the sum over counted opponents: the byes added as opponents
    of value ``bye_opponent`` (`bye_count` of them), ``no_opponents`` where none counts."""
    if bye_count is not None:
        total = total + bye_count * rules.bye_opponent
    out = _mean(total, count)
    if rules.no_opponents is not None:
        out = np.where(count > 0, out, rules.no_opponents)
    return out


def _score(
    m: _Matches, rules: Rules, who: np.ndarray, opp: np.ndarray, size: int, dropped: np.ndarray
) -> _Scores:
    """Totals per entity code `who` (size `size`); `opp` is the opponent's entity code (-1: bye).

    Row-level work is a few integer passes and ``np.bincount`` scatter-adds; points and
    percentages are then computed per entity from counts.
    """
    who = who.astype(np.intp, copy=False)  # once (every scatter-add indexes with it)
    t = _tally(m, rules, who, size)
    pct = _percentages(t, rules, dropped)
    opponents = _Opponents(m, rules, who, opp, t)
    return _assemble(t, rules, pct, opponents, dropped)


def _assemble(
    t: _Totals, rules: Rules, pct: _Percentages, opponents: _Averager, dropped: np.ndarray
) -> _Scores:
    """The scores from the totals, the percentages and the opponents' averager (``mean``)."""
    if rules.rounded_averages:  # each percentage rounded as computed, before it is averaged
        pct = _Percentages(**{name: _rounded(v, rules) for name, v in vars(pct).items()})
    omwp, ogwp = opponents.mean(pct.seen_mwp), opponents.mean(pct.seen_gwp)
    if rules.rounded_averages:
        omwp, ogwp = _rounded(omwp, rules), _rounded(ogwp, rules)
    oomwp = opponents.mean(omwp) if OOMWP in rules.order else None
    if oomwp is not None and rules.rounded_averages:
        oomwp = _rounded(oomwp, rules)
    game_points, games, gwp, seen_gwp, shown_gwp = (
        t.game_points, t.games, pct.gwp, pct.seen_gwp, pct.shown_gwp
    )  # fmt: skip
    if not rules.game_scores:  # match results only: no game values
        nothing = np.full(t.rounds.shape, np.nan)
        game_points = games = gwp = ogwp = seen_gwp = shown_gwp = nothing
    return _Scores(
        match_points=t.match_points,
        game_points=game_points,
        rounds=t.rounds,
        games=games,
        mwp=pct.mwp,
        gwp=gwp,
        omwp=omwp,
        ogwp=ogwp,
        oomwp=oomwp,
        dropped=dropped,
        seen_mwp=pct.seen_mwp,
        seen_gwp=seen_gwp,
        shown_mwp=pct.shown_mwp,
        shown_gwp=shown_gwp,
    )


def _rounded(values: np.ndarray, rules: Rules) -> np.ndarray:
    """`values` rounded as the rules print them (`decimals`, `rounding`); as they are without.

    Float noise is removed first (rounding to 9 decimals of the scaled value), so a value meant
    to be 0.6745 rounds half up to 0.675 even when computed as 0.67449999999999999.

    Examples
    --------
    >>> _rounded(np.array([0.6745, 0.6735, 1 / 3]), Rules(decimals=3)).tolist()
    [0.675, 0.674, 0.333]
    >>> _rounded(np.array([0.6745, 0.6735]), Rules(decimals=3, rounding="half_even")).tolist()
    [0.674, 0.674]
    """
    if rules.decimals is None:
        return values
    scale = 10.0**rules.decimals
    scaled = np.round(values * scale, 9)
    whole = np.floor(scaled + 0.5) if rules.rounding == "half_up" else np.round(scaled)
    return whole / scale
