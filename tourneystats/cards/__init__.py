"""Card-game standings: Magic: The Gathering tie-breakers (Appendix C) and other presets.

Results come in one of two long forms, and many events (a season, an archive) go in one frame:

- **match level**, one row per player per round: ``event, round, player, opponent, wins, losses,
  draws`` (games, from the player's side); a missing opponent is a bye;
- **game level**, one row per player per round per game: ``event, round, player, opponent, game,
  result`` with ``result`` W, L or D from the player's side; a bye is one row with no opponent (its
  ``game`` and ``result`` are ignored), and a match in which no game was played is one row with a
  missing ``game`` and ``result``.

The rules (defaults: Appendix C of the Magic: The Gathering Tournament Rules):

- **Match points**: win 3, draw 1, loss 0. The player with more game wins wins the match; equal game
  wins is a drawn match (1-1-1, 0-0-3 and 1-1-0 are draws).
- **Game points**: 3 per game won, 1 per game drawn, 0 per game lost. Unfinished games are drawn
  games (recorded as D); games not started have no row.
- A **bye** is a 2-0 match win: 3 match points, 6 game points, 1 round and 2 games. The counts
  reported on a bye row are ignored.
- **Match-win %** (``mwp``) = match points / (3 x rounds played, byes included), at least 0.33;
  **game-win %** (``gwp``) = game points / (3 x games played), at least 0.33 (a player who played
  no game at all gets the floor). A player who drops keeps the rounds actually played.
- **Opponents' match-win %** (``omwp``) = mean, over the player's non-bye rounds, of that round's
  opponent's (floored) match-win %; a rematch counts once per round. **Opponents' game-win %**
  (``ogwp``) likewise. A player with only byes has none (NaN) and ranks after players with values.
- **Order**: match points, omwp, gwp, ogwp, all descending; rows equal on all of them share the
  place (:func:`tourneystats.ranking.competition_rank`). Nothing is rounded along the way.

Other rule sets are :class:`Rules` objects; :data:`RULES` holds the presets ``"mtg"``,
``"melee"`` and ``"pokemon"``. Every computation is vectorised over all events at once: integer
codes, ``np.bincount`` scatter-adds for a player's and his opponents' sums, no Python loop over
events, players or rounds.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from .core.folders import result_files
from .core.io import TABLE_SUFFIXES, read_table, table_columns
from .core.ranking import competition_rank
from .core.schema import (
    BYE,
    COUNTED,
    DRAWS,
    DROPPED,
    EVENT,
    EVENTS,
    GAME,
    GAME_POINTS,
    GAMES,
    GWP,
    LOSSES,
    MATCH_POINTS,
    MWP,
    OGWP,
    OMWP,
    OOMWP,
    OPPONENT,
    OPPONENT_GWP,
    OPPONENT_MWP,
    OPPONENT_OMWP,
    PLAYER,
    RANK,
    RESULT,
    ROUND,
    ROUNDS,
    WINS,
    Column,
    ValidationError,
    fail_rows,
    validate,
)

__all__ = [
    "GAME_COLUMNS",
    "MATCH_COLUMNS",
    "RULES",
    "Rules",
    "explain",
    "games_to_matches",
    "get_rules",
    "history_from_path",
    "matches_to_games",
    "read_results",
    "standings",
    "standings_by_round",
    "standings_from_path",
]

# --- rules ---------------------------------------------------------------------------------------

#: columns a :class:`Rules` order may name (all ranked descending)
ORDER_COLUMNS = (MATCH_POINTS, GAME_POINTS, MWP, GWP, OMWP, OGWP, OOMWP)


@dataclass(frozen=True)
class Rules:
    """A card-game rule set: points, percentage floor, byes, drops and the order of the standings.

    The defaults are the Magic: The Gathering rules (Appendix C); :data:`RULES` holds the presets.

    Parameters
    ----------
    name : str
        Label of the rule set.
    win, draw, loss : float
        Match points for a won, drawn and lost match. The match-win % divides by ``win`` x rounds.
    game_win, game_draw, game_loss : float
        Game points for a won, drawn and lost game. The game-win % divides by ``game_win`` x games.
    floor : float
        Lowest match-win % and game-win % a player is credited with (0.33; melee.gg uses 1/3).
    bye : tuple of int
        The game score (wins, losses, draws) a bye counts as (2-0-0).
    intentional_draw_game_points : float, optional
        Game points per drawn game of a match in which neither player won a game (an intentional
        draw, reported 0-0-3). ``None`` scores those games like any drawn game (``game_draw``).
        melee.gg counts the 3 games but gives 0 game points.
    drop_cap : float, optional
        Highest match-win % of a player who dropped (did not play the event's last round).
    byes_seen_by_opponents : bool
        Whether a player's byes count in the match-win % (and game-win %) his opponents average.
        ``False`` leaves the byes out of both numerator and denominator of that value (Pokémon);
        the player's own ``mwp``/``gwp`` always include them.
    order : tuple of str
        Standings criteria, most important first, all descending; any of
        ``match_points, game_points, mwp, gwp, omwp, ogwp, oomwp`` (opponents' opponents' match-win %,
        the mean of the opponents' ``omwp``). ``oomwp`` is computed and shown only when ordered.

    Examples
    --------
    >>> RULES["melee"].floor == 1 / 3
    True
    >>> Rules(name="two-one", win=2, draw=1, floor=0.25, order=("match_points", "gwp")).order
    ('match_points', 'gwp')
    """

    name: str = "custom"
    win: float = 3
    draw: float = 1
    loss: float = 0
    game_win: float = 3
    game_draw: float = 1
    game_loss: float = 0
    floor: float = 0.33
    bye: tuple[int, int, int] = (2, 0, 0)
    intentional_draw_game_points: float | None = None
    drop_cap: float | None = None
    byes_seen_by_opponents: bool = True
    order: tuple[str, ...] = (MATCH_POINTS, OMWP, GWP, OGWP)

    def __post_init__(self) -> None:
        object.__setattr__(self, "order", tuple(self.order))
        object.__setattr__(self, "bye", tuple(int(x) for x in self.bye))
        if not self.order or len(set(self.order)) != len(self.order):
            raise ValueError(f"Rules.order must list distinct criteria, got {self.order!r}")
        unknown = [c for c in self.order if c not in ORDER_COLUMNS]
        if unknown:
            raise ValueError(
                f"Rules.order: unknown criteria {unknown}; choose from {ORDER_COLUMNS}"
            )
        if not self.win > 0 or not self.game_win > 0:
            raise ValueError("Rules: win and game_win must be positive")
        if not 0 <= self.floor <= 1:
            raise ValueError(f"Rules.floor must be between 0 and 1, got {self.floor}")
        if self.drop_cap is not None and not self.floor <= self.drop_cap <= 1:
            raise ValueError(f"Rules.drop_cap must be between floor and 1, got {self.drop_cap}")
        if len(self.bye) != 3 or min(self.bye) < 0:
            raise ValueError(f"Rules.bye must be three non-negative counts, got {self.bye}")

    @property
    def integral_points(self) -> bool:
        """Whether every point value is a whole number (points are then returned as integers).

        Examples
        --------
        >>> RULES["mtg"].integral_points, Rules(draw=0.5).integral_points
        (True, False)
        """
        values = (self.win, self.draw, self.loss, self.game_win, self.game_draw, self.game_loss)
        values += (self.intentional_draw_game_points or 0,)
        return all(float(v).is_integer() for v in values)


#: the preset rule sets, by name
RULES: dict[str, Rules] = {
    "mtg": Rules(name="mtg"),
    "melee": Rules(name="melee", floor=1 / 3, intentional_draw_game_points=0),
    "pokemon": Rules(
        name="pokemon",
        floor=0.25,
        drop_cap=0.75,
        byes_seen_by_opponents=False,
        order=(MATCH_POINTS, OMWP, OOMWP),
    ),
}


def get_rules(rules: str | Rules) -> Rules:
    """Return the :class:`Rules` for a preset name or a :class:`Rules` object.

    Examples
    --------
    >>> get_rules("pokemon").floor
    0.25
    """
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        try:
            return RULES[rules.lower()]
        except KeyError:
            raise ValueError(
                f"unknown card-game rules {rules!r}; presets are {', '.join(RULES)}"
            ) from None
    raise TypeError(f"rules must be a preset name or a Rules object, got {type(rules).__name__}")


# --- input forms ---------------------------------------------------------------------------------

#: the match-level input: one row per player per round
MATCH_COLUMNS = (
    Column(EVENT, "key", doc="event id"),
    Column(ROUND, "int", doc="round number, from 1"),
    Column(PLAYER, "key", doc="player id, unique within the event"),
    Column(OPPONENT, "key", nullable=True, doc="the round's opponent; missing for a bye"),
    Column(WINS, "int", nullable=True, doc="games won by the player (ignored for a bye)"),
    Column(LOSSES, "int", nullable=True, doc="games lost by the player (ignored for a bye)"),
    Column(DRAWS, "int", nullable=True, doc="games drawn (ignored for a bye)"),
)

#: the game-level input: one row per player per round per game
GAME_COLUMNS = (
    Column(EVENT, "key", doc="event id"),
    Column(ROUND, "int", doc="round number, from 1"),
    Column(PLAYER, "key", doc="player id, unique within the event"),
    Column(OPPONENT, "key", nullable=True, doc="the round's opponent; missing for a bye"),
    Column(GAME, "int", nullable=True, doc="game number in the match, from 1"),
    Column(RESULT, "key", nullable=True, doc="W, L or D from the player's side"),
)

_COUNTS = (WINS, LOSSES, DRAWS)
_RESULTS = ("W", "L", "D")


def _form(frame: pd.DataFrame) -> str:
    if not isinstance(frame, pd.DataFrame):
        raise ValidationError(f"results: expected a pandas DataFrame, got {type(frame).__name__}")
    columns = set(frame.columns)
    if set(_COUNTS) <= columns:
        return "match"
    if {GAME, RESULT} <= columns:
        return "game"
    base = [EVENT, ROUND, PLAYER, OPPONENT]
    got = ", ".join(repr(str(c)) for c in frame.columns)
    raise ValidationError(
        f"results: missing columns; expected {base + list(_COUNTS)} (match level) or "
        f"{base + [GAME, RESULT]} (game level); got {got}"
    )


# --- integer codes -------------------------------------------------------------------------------

#: a dense lookup table is used while it has at most this many entries per input row (or 1M)
_DENSE_FACTOR = 8


def _dense_ok(size: int, n: int) -> bool:
    return size <= max(_DENSE_FACTOR * n, 1 << 20)


class _Coder:
    """Integer codes ``0 <= code < size`` for a column of ids, the way back, and lookups.

    Categoricals use their category codes, integers in a compact range their offset from the
    smallest value (no hashing, in the column's own integer dtype), anything else
    :func:`pandas.factorize` with sorted uniques. Either way the codes sort like the ids (in
    category order for a categorical), which gives the standings their order inside a tie.
    """

    def __init__(self, values: pd.Series) -> None:
        self.like = values
        self.lo = None
        if isinstance(values.dtype, pd.CategoricalDtype):
            self.uniques = pd.Index(values.cat.categories)
            self.codes = values.cat.codes.to_numpy()
            self.size = len(self.uniques)
            return
        if values.dtype.kind in "iu" and len(values):
            raw = values.to_numpy()
            lo, hi = int(raw.min()), int(raw.max())
            if _dense_ok(hi - lo + 1, raw.size):
                if hi - lo > np.iinfo(raw.dtype).max or raw.dtype == np.uint64:
                    raw = raw.astype(np.int64)
                self.lo, self.size = lo, hi - lo + 1
                self.codes = raw - raw.dtype.type(lo)
                return
        codes, uniques = pd.factorize(values, sort=True)
        self.uniques = pd.Index(uniques)
        self.codes = codes
        self.size = len(self.uniques)

    def values(self, codes: np.ndarray):
        """The ids of `codes` (a categorical stays categorical)."""
        if self.lo is not None:
            if isinstance(self.like.dtype, np.dtype):
                return (codes + self.lo).astype(self.like.dtype)
            return pd.array(codes + self.lo, dtype=self.like.dtype)
        if isinstance(self.like.dtype, pd.CategoricalDtype):
            return pd.Categorical.from_codes(codes, dtype=self.like.dtype)
        return self.uniques.take(codes)

    def add_codes(self, key: np.ndarray, other: pd.Series) -> None:
        """Add the code of each value of `other` to `key` in place (-1 when missing or not one
        of the ids); `other` itself is only read."""
        if self.lo is not None and other.dtype.kind in "iu":
            filled = other.fillna(self.lo - 1).to_numpy() if other.hasnans else other.to_numpy()
            if filled.dtype == np.uint64:
                filled = filled.astype(np.int64)
            key += filled
            key -= self.lo
            low, high = (int(filled.min()), int(filled.max())) if filled.size else (0, 0)
            if low < self.lo - 1 or high >= self.lo + self.size:
                bad = (filled < self.lo - 1) | (filled >= self.lo + self.size)
                key[bad] -= filled[bad] - (self.lo - 1)
            return
        if self.lo is not None and other.dtype.kind == "f":
            raw = other.to_numpy(dtype=np.float64, na_value=np.nan) - self.lo
            ok = (raw >= 0) & (raw < self.size) & (raw == np.floor(raw))
            key += np.where(ok, raw, -1).astype(np.int64)
            return
        if self.lo is not None:
            index = pd.RangeIndex(self.lo, self.lo + self.size)
            key += index.get_indexer(pd.to_numeric(other, errors="coerce"))
            return
        if isinstance(other.dtype, pd.CategoricalDtype) and other.cat.categories.equals(
            self.uniques
        ):
            key += other.cat.codes.to_numpy()
            return
        key += self.uniques.get_indexer(other)


class _Compact:
    """Codes 0..k-1 (in key order) of non-negative int keys below `size`, and a lookup for others."""

    def __init__(self, keys: np.ndarray, size: int) -> None:
        self.dense = None
        if _dense_ok(size, keys.size):
            seen = np.zeros(size, dtype=bool)
            seen[keys] = True
            self.dense = np.cumsum(seen, dtype=np.int64) - 1
            self.dense[~seen] = -1
            self.codes = self.dense[keys]
            self.distinct = np.flatnonzero(seen)
        else:
            self.distinct, codes = np.unique(keys, return_inverse=True)
            self.codes = codes.reshape(-1).astype(np.int64)

    def find(self, queries: np.ndarray) -> np.ndarray:
        """Code of each query key (``0 <= query < size``), -1 when absent."""
        if self.dense is not None:
            return self.dense[queries]
        if not self.distinct.size:
            return np.full(queries.size, -1, dtype=np.int64)
        pos = np.minimum(np.searchsorted(self.distinct, queries), self.distinct.size - 1)
        return np.where(self.distinct[pos] == queries, pos, -1)


class _KeyIndex:
    """Row position by a non-negative integer key below `size` (a dense table when small, sorted
    keys otherwise); `has_duplicates` tells whether two rows share a key."""

    def __init__(self, keys: np.ndarray, size: int, rows: np.ndarray | None = None) -> None:
        n = keys.size
        self.keys = keys
        self.sorted = None
        if _dense_ok(size, n):
            self.table = np.full(size, -1, dtype=np.int64)
            self.table[keys] = np.arange(n) if rows is None else rows
            self.has_duplicates = np.count_nonzero(self.table >= 0) < n
        else:
            self.order = np.argsort(keys, kind="stable")
            self.sorted = keys[self.order]
            self.has_duplicates = bool(np.any(self.sorted[1:] == self.sorted[:-1]))

    def duplicated(self) -> np.ndarray:
        """Rows whose key another row has too."""
        _, inverse, counts = np.unique(self.keys, return_inverse=True, return_counts=True)
        return counts[inverse.reshape(-1)] > 1

    def find(self, queries: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
        """Row of each query key (``0 <= query < size``), -1 when absent."""
        if self.sorted is None:
            return np.take(self.table, queries, out=out, mode="wrap")  # (wrap: no buffering)
        if not self.sorted.size:
            return np.full(queries.size, -1, dtype=np.int64)
        pos = np.minimum(np.searchsorted(self.sorted, queries), self.sorted.size - 1)
        return np.where(self.sorted[pos] == queries, self.order[pos], -1)


# --- validation and codes ------------------------------------------------------------------------


@dataclass
class _Matches:
    """A validated match-level table as integer arrays (one entry per row)."""

    frame: pd.DataFrame  # the validated match-level frame (messages, extra columns)
    e: np.ndarray  # event code
    t: np.ndarray  # round code (round number minus the smallest, or its rank when sparse)
    p: np.ndarray  # player code: one per (event, player)
    q: np.ndarray  # opponent's player code, -1 for a bye
    bye: np.ndarray
    w: np.ndarray  # game counts as reported, in the input's integer dtype (ignored on byes)
    l: np.ndarray  # noqa: E741
    d: np.ndarray
    event_of: np.ndarray  # per player code: its event code
    name_of: np.ndarray  # per player code: its player-id code
    events: _Coder
    players: _Coder
    round_values: np.ndarray  # per round code: the round number

    @property
    def n_players(self) -> int:
        return self.event_of.size

    @property
    def n_times(self) -> int:
        return max(self.round_values.size, 1)

    @property
    def n_events(self) -> int:
        return max(self.events.size, 1)

    def event_values(self, codes: np.ndarray):
        return self.events.values(codes)

    def player_values(self, codes: np.ndarray):
        return self.players.values(self.name_of[codes])


def _specs(frame: pd.DataFrame, columns: tuple[Column, ...]) -> list[Column]:
    """`columns`, except that integer columns already held as NumPy integers are taken as they are
    (they cannot hold missing or fractional values, so coercing would only copy them)."""
    out = []
    for spec in columns:
        if spec.dtype == "int" and spec.name in frame.columns:
            if frame[spec.name].dtype.kind in "iu":
                spec = Column(spec.name, "key", spec.required, spec.nullable, spec.doc)
        out.append(spec)
    return out


def _prepare_matches(results: pd.DataFrame, *, what: str = "results") -> _Matches:
    """Validate a match-level frame and turn it into integer arrays.

    Written to touch little fresh memory (it is most of the cost at archive scale): integer inputs
    are used in their own dtype, and one int64 scratch array is reused for every key.
    """
    df = validate(results, _specs(results, MATCH_COLUMNS), what=what)
    n = len(df)
    rnd = df[ROUND].to_numpy()
    if rnd.dtype.kind == "u":  # round codes are signed (-1 marks "no round" below)
        rnd = rnd.astype(np.int64)
    if n and rnd.min() < 1:
        fail_rows(df, rnd < 1, "round numbers start at 1", what=what)
    bye = df[OPPONENT].isna().to_numpy()
    n_byes = int(np.count_nonzero(bye))
    counts = []
    for column in _COUNTS:
        values = df[column]
        if values.hasnans:
            fail_rows(df, ~bye & values.isna().to_numpy(), f"missing {column!r} count", what=what)
            values = values.fillna(0)
        raw = values.to_numpy(dtype=getattr(values.dtype, "numpy_dtype", values.dtype))
        if n and raw.min() < 0:
            fail_rows(df, raw < 0, f"negative {column!r} count", what=what)
        counts.append(raw)
    w, l, d = counts  # noqa: E741

    # player code p = the (event, player id) pair, compacted; keys are e * (K + 1) + id + 1 so
    # that a missing or unknown opponent (id -1) lands on a slot no player has
    events = _Coder(df[EVENT])
    players = _Coder(df[PLAYER])
    e = events.codes
    width = players.size + 1
    key = np.multiply(e, width, dtype=np.int64)
    key += players.codes
    key += 1
    coded = _Compact(key, max(events.size, 1) * width)
    p, player_keys = coded.codes, coded.distinct
    event_of, name_of = player_keys // width, player_keys % width - 1
    np.multiply(e, width, out=key, dtype=np.int64)
    players.add_codes(key, df[OPPONENT])
    key += 1
    q = coded.find(key)
    if np.count_nonzero(q < 0) > n_byes:
        fail_rows(df, ~bye & (q < 0), "the opponent is not a player of this event", what=what)
    if np.any(q == p):
        fail_rows(df, q == p, "a player is paired against himself", what=what)

    # rows by (player, round): key (p + 1) * T + t; an opponent's row is found at (q + 1) * T + t,
    # and a bye (q = -1) lands in the first T slots, which no row has
    low = int(rnd.min()) if n else 1
    span = int(rnd.max()) - low + 1 if n else 1
    if span <= 4096:
        t = rnd - rnd.dtype.type(low)  # in the input's width
        round_values = np.arange(low, low + span, dtype=np.int64)
    else:
        rounds = _Compact(rnd.astype(np.int64) - low, span)
        t, round_values = rounds.codes, rounds.distinct + low
    n_times = max(round_values.size, 1)
    np.multiply(p, n_times, out=key)
    key += n_times
    key += t
    mirror = np.arange(n)  # the row numbers first, then (same memory) each row's mirror row
    index = _KeyIndex(key, (player_keys.size + 1) * n_times, rows=mirror)
    if index.has_duplicates:
        fail_rows(df, index.duplicated(), "player listed twice in one round", what=what)
    index.keys = None
    np.multiply(q, n_times, out=key)
    key += n_times
    key += t
    mirror = index.find(key, out=mirror if index.sorted is None else None)
    del index
    played = ~bye
    if np.count_nonzero(mirror < 0) > n_byes:
        fail_rows(
            df,
            played & (mirror < 0),
            "the opponent has no result in this round (not a player of this event and round)",
            what=what,
        )
    # (a bye's mirror is -1: it reads the last row, and is masked out by `played`)
    bad = np.take(q, mirror, out=key, mode="wrap") != p
    del key
    bad &= played
    if bad.any():
        fail_rows(
            df, bad, "the sides disagree: the opponent's row names another opponent", what=what
        )
    bad = w != l[mirror]
    bad |= l != w[mirror]
    bad |= d != d[mirror]
    bad &= played
    if bad.any():
        fail_rows(
            df,
            bad,
            "the sides disagree on the score (wins, losses, draws must mirror the opponent's "
            "losses, wins, draws)",
            what=what,
        )
    return _Matches(
        frame=df,
        e=e,
        t=t,
        p=p,
        q=q,
        bye=bye,
        w=w,
        l=l,
        d=d,
        event_of=event_of,
        name_of=name_of,
        events=events,
        players=players,
        round_values=round_values,
    )


def _games_frame(games: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame, np.ndarray]:
    """Validate a game-level frame; return (validated frame, match-level frame, match of each row)."""
    what = "games"
    df = validate(games, GAME_COLUMNS, what=what)
    bye = df[OPPONENT].isna().to_numpy()
    code, uniques = pd.factorize(df[RESULT])
    names = np.array([str(u).strip().upper() for u in uniques], dtype=object)
    known = np.isin(names, _RESULTS)
    fail_rows(
        df,
        (code >= 0) & ~known[np.maximum(code, 0)] if uniques.size else np.zeros(len(df), bool),
        "result must be W, L or D",
        what=what,
    )
    result = np.full(len(df), -1, dtype=np.int64)
    if uniques.size:
        mapped = np.array([_RESULTS.index(x) if x in _RESULTS else -1 for x in names])
        result = np.where(code >= 0, mapped[np.maximum(code, 0)], -1)
    game = df[GAME].to_numpy(dtype=np.float64, na_value=np.nan)
    no_game = np.isnan(game)
    fail_rows(df, ~bye & no_game & (result >= 0), "a game result without a game number", what=what)
    fail_rows(df, ~bye & ~no_game & (result < 0), "a game without a result", what=what)
    fail_rows(df, ~bye & ~no_game & (game < 1), "game numbers start at 1", what=what)

    match = df.groupby([EVENT, ROUND, PLAYER], sort=False, observed=True).ngroup().to_numpy()
    n_matches = int(match.max(initial=-1)) + 1
    first = np.unique(match, return_index=True)[1]  # groups are numbered by first appearance
    size = np.bincount(match, minlength=n_matches)[match]
    opp, _ = pd.factorize(df[OPPONENT])
    fail_rows(df, opp != opp[first[match]], "different opponents in one match", what=what)
    fail_rows(df, bye & (size > 1), "a bye must be a single row per round", what=what)
    fail_rows(df, no_game & (size > 1), "a match without games must be a single row", what=what)
    keyed = ~bye & ~no_game
    dup = np.zeros(len(df), dtype=bool)
    dup[keyed] = (
        pd.DataFrame({"m": match[keyed], "g": game[keyed]}).duplicated(keep=False).to_numpy()
    )
    fail_rows(df, dup, "game listed twice in one match", what=what)

    counted = ~bye
    tallies = [np.bincount(match[counted & (result == k)], minlength=n_matches) for k in range(3)]
    out = df.iloc[first].drop(columns=[GAME, RESULT]).reset_index(drop=True)
    is_bye = bye[first]
    out[WINS] = np.where(is_bye, 2, tallies[0]).astype(np.int64)
    out[LOSSES] = np.where(is_bye, 0, tallies[1]).astype(np.int64)
    out[DRAWS] = np.where(is_bye, 0, tallies[2]).astype(np.int64)
    return df, out, match


def _check_game_mirror(games: pd.DataFrame, match: np.ndarray, m: _Matches) -> None:
    """Game k of A against B must be the opposite result of B's game k against A."""
    bye = games[OPPONENT].isna().to_numpy()
    game = games[GAME].to_numpy(dtype=np.float64, na_value=0)
    rows = np.flatnonzero(~bye & (game >= 1))
    if not rows.size:
        return
    g = game[rows].astype(np.int64)
    n_games = int(g.max()) + 1
    j = match[rows]  # match row of each game row
    own = (m.p[j] * m.n_times + m.t[j]) * n_games + g
    other = (m.q[j] * m.n_times + m.t[j]) * n_games + g
    index = _KeyIndex(own, (m.n_players * m.n_times) * n_games)
    found = index.find(other)
    code, uniques = pd.factorize(games[RESULT].iloc[rows])
    result = np.array([_RESULTS.index(str(u).strip().upper()) for u in uniques])[code]
    opposite = np.array([1, 0, 2])[result]
    bad = np.zeros(len(games), dtype=bool)
    bad[rows] = (found < 0) | (result[np.maximum(found, 0)] != opposite)
    fail_rows(games, bad, "the sides disagree on this game (missing or same result)", what="games")


def _prepare(results: pd.DataFrame) -> _Matches:
    """Validate either input form and return the match-level arrays."""
    if _form(results) == "match":
        return _prepare_matches(results)
    games, matches, match = _games_frame(results)
    prepared = _prepare_matches(matches)
    _check_game_mirror(games, match, prepared)
    return prepared


# --- conversions ---------------------------------------------------------------------------------


def games_to_matches(games: pd.DataFrame) -> pd.DataFrame:
    """Collapse game-level results to one row per player per round.

    Parameters
    ----------
    games : pandas.DataFrame
        Game-level results: ``event, round, player, opponent, game, result`` (W/L/D from the
        player's side); a bye is one row without opponent; a match without any game played is one
        row with a missing ``game`` and ``result``. Other columns are kept (first value per match).

    Returns
    -------
    pandas.DataFrame
        Match-level results, one row per player per round in order of first appearance, with
        ``wins, losses, draws`` (game counts) in place of ``game, result``. A bye reads 2-0-0.

    Raises
    ------
    ValidationError
        Unknown results, duplicate games, different opponents within a match, sides that disagree
        on a game or on the score, opponents who did not play that round, a player twice in a round.

    Examples
    --------
    >>> games = pd.DataFrame({"event": "E", "round": 1, "player": ["a", "a", "a", "b", "b", "b"],
    ...                       "opponent": ["b", "b", "b", "a", "a", "a"], "game": [1, 2, 3] * 2,
    ...                       "result": ["W", "L", "W", "L", "W", "L"]})
    >>> games_to_matches(games)
      event  round player opponent  wins  losses  draws
    0     E      1      a        b     2       1      0
    1     E      1      b        a     1       2      0
    """
    if _form(games) == "match" and not {GAME, RESULT} <= set(games.columns):
        raise ValidationError("games: this frame is already at the match level (wins/losses/draws)")
    validated, matches, match = _games_frame(games)
    prepared = _prepare_matches(matches)
    _check_game_mirror(validated, match, prepared)
    return matches


def matches_to_games(matches: pd.DataFrame) -> pd.DataFrame:
    """Expand match-level results to one row per player per round per game.

    Game numbers are assigned so that both sides agree: the games won by the player who comes
    first (in sorted order of the player ids) are numbered first, then the other
    player's wins, then the drawn games. A bye, and a match in which no game was played (0-0-0),
    become a single row with a missing ``game`` and ``result``.

    Parameters
    ----------
    matches : pandas.DataFrame
        Match-level results: ``event, round, player, opponent, wins, losses, draws``. Other
        columns are repeated on every game row.

    Returns
    -------
    pandas.DataFrame
        Game-level results with ``game`` (``Int64``) and ``result`` (categorical W/L/D) in place of
        the counts, rows in input order. ``games_to_matches`` turns it back into `matches` (a bye
        then reads 2-0-0).

    Examples
    --------
    >>> matches = pd.DataFrame({"event": "E", "round": 1, "player": ["a", "b"],
    ...                         "opponent": ["b", "a"], "wins": [1, 2], "losses": [2, 1],
    ...                         "draws": 0})
    >>> matches_to_games(matches)
      event  round player opponent  game result
    0     E      1      a        b     1      W
    1     E      1      a        b     2      L
    2     E      1      a        b     3      L
    3     E      1      b        a     1      L
    4     E      1      b        a     2      W
    5     E      1      b        a     3      W
    """
    if _form(matches) != "match":
        raise ValidationError("matches: expected match-level results with wins/losses/draws")
    m = _prepare_matches(matches, what="matches")
    n = len(m.frame)
    w, l, d = (x.astype(np.int64) for x in (m.w, m.l, m.d))  # noqa: E741
    total = w + l + d
    placeholder = m.bye | (total == 0)
    reps = np.where(placeholder, 1, total)
    rows = np.repeat(np.arange(n), reps)
    within = np.arange(rows.size) - np.repeat(np.cumsum(reps) - reps, reps)
    w, l = w[rows], l[rows]  # noqa: E741
    # The side whose player id comes first lists its wins first; the other its losses first.
    leads = m.name_of[m.p[rows]] < m.name_of[np.maximum(m.q[rows], 0)]
    first_block = np.where(leads, w, l)
    first_code = np.where(leads, 0, 1)
    code = np.where(within < first_block, first_code, np.where(within < w + l, 1 - first_code, 2))
    code = np.where(placeholder[rows], -1, code)
    game = pd.array(within + 1, dtype="Int64")
    game[placeholder[rows]] = pd.NA
    out = m.frame.drop(columns=list(_COUNTS)).iloc[rows].reset_index(drop=True)
    out[GAME] = game
    out[RESULT] = pd.Categorical.from_codes(code, categories=list(_RESULTS))
    return out


# --- scoring -------------------------------------------------------------------------------------


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


#: helper columns of the frame handed to the ranking (criteria names never clash with them)
_GROUP, _ENTRY = "_group", "_entry"


def _table(
    s: _Scores,
    rules: Rules,
    group: np.ndarray,
    keys: Callable[[np.ndarray], dict[str, object]],
    *,
    entries: np.ndarray | None = None,
    extra: dict[str, np.ndarray] | None = None,
) -> pd.DataFrame:
    """Rank and assemble a standings frame.

    The arrays of `s` (and `extra`) are read flat; `entries` picks the positions shown (all by
    default), `group` is the ranking group of each shown entry (a code that sorts like the group
    keys) and ``keys(positions)`` returns the key columns, group keys then ``player``. Shown
    entries come in (group, player id) order, so ties keep the order of the player ids. Only
    the criteria go through the ranking; every column is then taken once, in the final order.
    """

    def column(values: np.ndarray) -> np.ndarray:
        flat = values.reshape(-1)
        return flat if entries is None else flat[entries]

    criteria = {name: column(getattr(s, name)) for name in rules.order}
    criteria[_GROUP] = group
    criteria[_ENTRY] = np.arange(group.size)
    ranked = competition_rank(pd.DataFrame(criteria, copy=False), list(rules.order), by=_GROUP)
    order = ranked[_ENTRY].to_numpy()
    at = order if entries is None else entries[order]

    def take(values: np.ndarray) -> np.ndarray:
        return values.reshape(-1)[at]

    points = np.int64 if rules.integral_points else np.float64
    columns = keys(at)
    columns[RANK] = ranked[RANK].to_numpy()
    columns[MATCH_POINTS] = take(s.match_points).astype(points)
    columns[GAME_POINTS] = take(s.game_points).astype(points)
    columns[ROUNDS] = take(s.rounds).astype(np.int64)
    columns[GAMES] = take(s.games).astype(np.int64)
    for name in (MWP, GWP, OMWP, OGWP):
        columns[name] = take(getattr(s, name))
    if s.oomwp is not None:
        columns[OOMWP] = take(s.oomwp)
    columns[DROPPED] = take(s.dropped)
    for name, values in (extra or {}).items():
        columns[name] = take(values)
    return pd.DataFrame(columns, copy=False)  # fresh arrays: nothing to copy


#: columns `by` may not name: the results' own columns and the standings' (``event`` may: each
#: event is then its own pool)
_NOT_POOLS = frozenset(
    {c.name for c in MATCH_COLUMNS + GAME_COLUMNS} - {EVENT}
    | {RANK, MATCH_POINTS, GAME_POINTS, ROUNDS, GAMES, MWP, GWP, OMWP, OGWP, OOMWP, DROPPED, EVENTS}
)


def _season_groups(m: _Matches, by: str) -> tuple[np.ndarray, _Coder, np.ndarray, np.ndarray]:
    """Pool players by (`by` value, player id): (group of each player code, the `by` coder,
    `by` code of each group, player-id code of each group)."""
    df = m.frame
    if by in _NOT_POOLS:
        raise ValidationError(
            f"results: cannot pool the standings by {by!r} (a results or standings column); "
            "name a column that groups events, e.g. 'season'"
        )
    if by not in df.columns:
        raise ValidationError(f"results: no column {by!r} to pool the standings by")
    if df[by].hasnans:
        fail_rows(df, df[by].isna().to_numpy(), f"missing value in column {by!r}")
    seasons = _Coder(df[by])
    season = seasons.codes
    event_season = np.full(m.n_events, -1, dtype=np.int64)
    event_season[m.e] = season
    fail_rows(df, event_season[m.e] != season, f"an event with more than one {by!r}")
    n_names = max(m.players.size, 1)
    coded = _Compact(event_season[m.event_of] * n_names + m.name_of, max(seasons.size, 1) * n_names)
    return coded.codes, seasons, coded.distinct // n_names, coded.distinct % n_names


# --- public API ----------------------------------------------------------------------------------


def standings(
    results: pd.DataFrame, *, rules: str | Rules = "mtg", by: str | None = None
) -> pd.DataFrame:
    """Standings of every event (or every season) with the card-game tie-breakers.

    Parameters
    ----------
    results : pandas.DataFrame
        Match-level (``event, round, player, opponent, wins, losses, draws``) or game-level
        (``event, round, player, opponent, game, result``) results of any number of events; the
        form is recognised by its columns.
    rules : str or Rules, default "mtg"
        A preset name (``"mtg"``, ``"melee"``, ``"pokemon"``) or a :class:`Rules` object.
    by : str, optional
        A column grouping events into leagues (e.g. ``"season"``): each league is ranked as one
        pool, every percentage taken over all rounds of all its events (a player's opponents are
        averaged with their league-wide match-win %). A player dropped if he dropped from any of
        the league's events.

    Returns
    -------
    pandas.DataFrame
        One row per event (or `by` value) and player, sorted by event then rank: ``event`` (or
        `by`), ``player``, ``rank``, ``match_points``, ``game_points``, ``rounds``, ``games``,
        ``mwp``, ``gwp``, ``omwp``, ``ogwp`` (fractions 0..1, unrounded), ``oomwp`` when the rules
        order by it, ``dropped``, and with `by` the number of ``events`` pooled.

    Raises
    ------
    ValidationError
        Missing columns, bad counts, a player twice in a round, an opponent who is not in the
        event's round, sides that disagree; the message names event, round and player.

    Examples
    --------
    >>> results = pd.DataFrame({
    ...     "event": "E1", "round": [1, 1, 1, 1, 2, 2, 2, 2],
    ...     "player":   ["A", "B", "C", "D", "A", "C", "B", "D"],
    ...     "opponent": ["B", "A", "D", "C", "C", "A", "D", "B"],
    ...     "wins":     [2, 1, 2, 0, 2, 0, 1, 1],
    ...     "losses":   [1, 2, 0, 2, 0, 2, 1, 1],
    ...     "draws":    [0, 0, 0, 0, 0, 0, 1, 1]})
    >>> table = standings(results)
    >>> table[["player", "rank", "match_points", "mwp", "gwp", "omwp"]].round(4)
      player  rank  match_points   mwp     gwp   omwp
    0      A     1             6  1.00  0.8000  0.415
    1      C     2             3  0.50  0.5000  0.665
    2      B     3             1  0.33  0.3889  0.665
    3      D     4             1  0.33  0.3300  0.415
    """
    rules = get_rules(rules)
    m = _prepare(results)
    dropped = _dropped(m)
    if by is None:
        s = _score(m, rules, m.p, m.q, m.n_players, dropped)
        return _table(
            s,
            rules,
            m.event_of,
            lambda at: {EVENT: m.event_values(m.event_of[at]), PLAYER: m.player_values(at)},
        )
    group, seasons, season_of, name_of = _season_groups(m, by)
    size = season_of.size
    dropped_group = np.bincount(group, dropped, size) > 0
    opp = np.where(m.bye, -1, group[np.maximum(m.q, 0)])
    s = _score(m, rules, group[m.p], opp, size, dropped_group)
    return _table(
        s,
        rules,
        season_of,
        lambda at: {by: seasons.values(season_of[at]), PLAYER: m.players.values(name_of[at])},
        extra={EVENTS: np.bincount(group, minlength=size)},
    )


def standings_by_round(results: pd.DataFrame, *, rules: str | Rules = "mtg") -> pd.DataFrame:
    """Standings after every round of every event, in one vectorised call.

    The standings "after round r" are exactly those of the event cut after round r: every
    percentage uses only rounds up to r, and a player who did not play round r counts as dropped.
    Players enter the table after their first round.

    Parameters
    ----------
    results : pandas.DataFrame
        Match-level or game-level results of any number of events (see :func:`standings`).
    rules : str or Rules, default "mtg"
        A preset name or a :class:`Rules` object.

    Returns
    -------
    pandas.DataFrame
        The columns of :func:`standings` plus ``round`` (after that round), one row per event,
        round and player, sorted by event, round and rank.

    Examples
    --------
    >>> results = pd.DataFrame({
    ...     "event": "E1", "round": [1, 1, 2, 2], "player": ["A", "B", "A", "B"],
    ...     "opponent": ["B", "A", "B", "A"], "wins": [2, 0, 0, 2], "losses": [0, 2, 2, 0],
    ...     "draws": 0})
    >>> standings_by_round(results)[["round", "player", "rank", "match_points", "mwp"]]
       round player  rank  match_points   mwp
    0      1      A     1             3  1.00
    1      1      B     2             0  0.33
    2      2      A     1             3  0.50
    3      2      B     1             3  0.50
    """
    rules = get_rules(rules)
    m = _prepare(results)
    P, T, E = m.n_players, m.n_times, m.n_events
    mp, gp, games = _row_points(m, rules)
    # player x round matrices (flat cell p * T + t); totals after round r are cumulative sums
    played = ~m.bye

    def cumulative(weights: np.ndarray | None, rows: np.ndarray | None = None) -> np.ndarray:
        c = m.p * T + m.t if rows is None else m.p[rows] * T + m.t[rows]
        wt = weights if weights is None or rows is None else weights[rows]
        return np.cumsum(np.bincount(c, wt, P * T).reshape(P, T), axis=1)

    present = np.zeros(P * T, dtype=bool)
    present[m.p * T + m.t] = True
    present = present.reshape(P, T)
    dropped = ~present  # in the event cut after round r, who did not play round r dropped
    rounds = np.cumsum(present, axis=1, dtype=np.float64)
    match_points, game_points, n_games = cumulative(mp), cumulative(gp), cumulative(games)
    mwp = _capped(_pct(match_points, rules.win * rounds, rules.floor), dropped, rules)
    gwp = _pct(game_points, rules.game_win * n_games, rules.floor)
    count = cumulative(None, played)  # non-bye rounds so far: the opponents' averages divide by it
    if rules.byes_seen_by_opponents:
        seen_mwp, seen_gwp = mwp, gwp
    else:
        seen_mwp = _pct(cumulative(mp, played), rules.win * count, rules.floor)
        seen_mwp = _capped(seen_mwp, dropped, rules)
        seen_gwp = _pct(
            cumulative(gp, played), rules.game_win * cumulative(games, played), rules.floor
        )
    del mp, gp, games

    # A match played in round t counts for the player after every round r from t to the event's
    # last, at the opponent's value after round r: one entry per (match, r). The entries of a
    # match are consecutive cells of the player's row (and of the opponent's), so the cells are
    # an arange shifted per match.
    rows = np.flatnonzero(played)
    t = m.t[rows].astype(np.intp)
    span = _last_round(m, m.e, E)[m.e[rows]].astype(np.intp) - t + 1
    start = np.cumsum(span) - span
    target = np.repeat(m.p[rows] * T + t - start, span)
    target += np.arange(target.size, dtype=np.intp)
    source = np.repeat((m.q[rows] - m.p[rows]) * T, span)
    source += target
    del rows, t, span, start

    def opponents_mean(values: np.ndarray, cells: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
        target, source = cells
        total = np.bincount(target, values.reshape(-1)[source], P * T).reshape(P, T)
        return _mean(total, count)

    cells = (target, source)
    del target, source
    omwp, ogwp = opponents_mean(seen_mwp, cells), opponents_mean(seen_gwp, cells)
    oomwp = opponents_mean(omwp, cells) if OOMWP in rules.order else None
    del cells

    # shown: (player, r) for every round r of the player's event from his first round on
    event_rounds = np.zeros(E * T, dtype=bool)
    event_rounds[m.e.astype(np.intp) * T + m.t] = True
    entries = np.flatnonzero(event_rounds.reshape(E, T)[m.event_of] & (rounds > 0))
    s = _Scores(
        match_points=match_points,
        game_points=game_points,
        rounds=rounds,
        games=n_games,
        mwp=mwp,
        gwp=gwp,
        omwp=omwp,
        ogwp=ogwp,
        oomwp=oomwp,
        dropped=dropped,
    )

    def keys(at: np.ndarray) -> dict[str, object]:
        who, when = np.divmod(at, T)
        return {
            EVENT: m.event_values(m.event_of[who]),
            ROUND: m.round_values[when],
            PLAYER: m.player_values(who),
        }

    group = m.event_of[entries // T] * T + entries % T  # sorts like (event, round)
    return _table(s, rules, group, keys, entries=entries)


def explain(
    results: pd.DataFrame,
    *,
    player: Hashable | Iterable[Hashable] | None = None,
    rules: str | Rules = "mtg",
) -> pd.DataFrame:
    """Show, round by round, what goes into a player's opponents' percentages.

    Parameters
    ----------
    results : pandas.DataFrame
        Match-level or game-level results of any number of events (see :func:`standings`).
    player : player id or list of ids, optional
        Whom to explain (in every event they played); all players by default.
    rules : str or Rules, default "mtg"
        A preset name or a :class:`Rules` object.

    Returns
    -------
    pandas.DataFrame
        One row per event, player and round, sorted in that order: ``opponent``, ``bye``,
        ``match_points`` and ``game_points`` earned that round, the opponent's match-win % and
        game-win % as counted in the averages (``opponent_mwp``, ``opponent_gwp``: final, floored,
        capped, and without the opponent's byes when the rules say so), ``opponent_omwp`` when the
        rules order by ``oomwp``, and ``counted`` (False for a bye). The mean of the counted rows is
        the player's ``omwp`` / ``ogwp`` (``oomwp``) in :func:`standings`.

    Examples
    --------
    >>> results = pd.DataFrame({
    ...     "event": "E1", "round": [1, 1, 1, 2, 2, 2], "player": ["A", "B", "C", "A", "C", "B"],
    ...     "opponent": ["B", "A", None, "C", "A", None], "wins": [2, 0, 2, 2, 1, 2],
    ...     "losses": [0, 2, 0, 1, 2, 0], "draws": 0})
    >>> explain(results, player="A")[["round", "opponent", "bye", "opponent_mwp", "counted"]]
       round opponent    bye  opponent_mwp  counted
    0      1        B  False           0.5     True
    1      2        C  False           0.5     True
    """
    rules = get_rules(rules)
    m = _prepare(results)
    s = _score(m, rules, m.p, m.q, m.n_players, _dropped(m))
    row_mp, row_gp, _ = _row_points(m, rules)
    them = np.maximum(m.q, 0)
    columns = {
        EVENT: m.frame[EVENT],
        PLAYER: m.frame[PLAYER],
        ROUND: m.frame[ROUND],
        OPPONENT: m.frame[OPPONENT],
        BYE: m.bye,
        MATCH_POINTS: row_mp.astype(np.int64 if rules.integral_points else np.float64),
        GAME_POINTS: row_gp.astype(np.int64 if rules.integral_points else np.float64),
        OPPONENT_MWP: np.where(m.bye, np.nan, s.seen_mwp[them]),
        OPPONENT_GWP: np.where(m.bye, np.nan, s.seen_gwp[them]),
    }
    if s.oomwp is not None:
        columns[OPPONENT_OMWP] = np.where(m.bye, np.nan, s.omwp[them])
    columns[COUNTED] = ~m.bye
    out = pd.DataFrame(columns)
    if player is not None:
        many = isinstance(player, list | tuple | set | np.ndarray | pd.Series | pd.Index)
        out = out[out[PLAYER].isin(list(player) if many else [player]).to_numpy()]
    order = np.lexsort((m.t[out.index], m.p[out.index], m.e[out.index]))
    return out.iloc[order].reset_index(drop=True)


# --- files ---------------------------------------------------------------------------------------

_MATCH_NAMES = [c.name for c in MATCH_COLUMNS]
_GAME_NAMES = [c.name for c in GAME_COLUMNS]


def _needed(columns: list[str], by: str | None) -> list[str] | None:
    """The columns to read for a results table, or None when it is not one."""
    present = set(columns)
    extra = [by] if by is not None and by in present else []
    if set(_MATCH_NAMES) <= present:
        return _MATCH_NAMES + extra
    if set(_GAME_NAMES) <= present:
        return _GAME_NAMES + extra
    return None


def _read_results(path: Path, by: str | None) -> pd.DataFrame:
    return read_table(path, columns=_needed(table_columns(path), by))


def _result_files(folder: Path) -> list[Path]:
    return result_files(folder, TABLE_SUFFIXES, _MATCH_NAMES, _GAME_NAMES, what="cards results")


def _as_text(values: pd.Series) -> pd.Series:
    """Ids as text, keeping missing values (whole floats such as 3.0 read as "3")."""
    if pd.api.types.is_float_dtype(values.dtype):
        whole = values.dropna()
        if (whole == np.floor(whole)).all():
            values = values.astype("Int64")
    # "string" keeps missing values missing on pandas 2.2 too (astype("str") makes them "nan")
    return values.astype("string")


def _concat(frames: list[pd.DataFrame]) -> pd.DataFrame:
    if len(frames) == 1:
        return frames[0]
    kinds = {(str(f[PLAYER].dtype), str(f[EVENT].dtype)) for f in frames}
    if len(kinds) > 1:  # ids of different types across files: compare them as text
        frames = [
            f.assign(**{c: _as_text(f[c]) for c in (EVENT, PLAYER, OPPONENT)}) for f in frames
        ]
    return pd.concat(frames, ignore_index=True)


def read_results(path: str | os.PathLike, *, by: str | None = None) -> pd.DataFrame:
    """Read the results that :func:`standings` takes from a file or a folder of files.

    Parameters
    ----------
    path : path-like
        A CSV or Parquet file of match-level or game-level results, or a folder: every ``.csv``,
        ``.parquet`` and ``.pq`` file in it (not in sub-folders) is read and the tables are
        concatenated, except files whose name starts with ``.`` or ``_`` or contains
        ``standings`` (e.g. published standings kept next to the results). Other tables without
        the results columns are skipped with a warning. Ids of different types across files are
        compared as text.
    by : str, optional
        A pooling column (see :func:`standings`) to read along with the results columns; of a
        Parquet file only these columns are read.

    Returns
    -------
    pandas.DataFrame
        The results, match or game level as stored (not yet validated).

    Raises
    ------
    ValidationError
        A folder without any results table.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> pd.DataFrame({"event": "E", "round": 1, "player": ["a", "b"], "opponent": ["b", "a"],
    ...               "wins": [2, 0], "losses": [0, 2], "draws": 0}).to_csv(folder / "e.csv",
    ...                                                                      index=False)
    >>> read_results(folder)
      event  round player opponent  wins  losses  draws
    0     E      1      a        b     2       0      0
    1     E      1      b        a     0       2      0
    """
    path = Path(path)
    if path.is_dir():
        return _concat([_read_results(f, by) for f in _result_files(path)])
    return _read_results(path, by)


def standings_from_path(
    path: str | os.PathLike, *, rules: str | Rules | None = None, by: str | None = None
) -> pd.DataFrame:
    """Standings of every event in a results file, or in a folder of results files.

    Parameters
    ----------
    path : path-like
        A results file or folder, read by :func:`read_results`; all its events are computed in
        one call.
    rules : str or Rules, optional
        A preset name or a :class:`Rules` object; default ``"mtg"``.
    by : str, optional
        Pool the events by this column (see :func:`standings`).

    Returns
    -------
    pandas.DataFrame
        As :func:`standings`.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> pd.DataFrame({"event": "E", "round": 1, "player": ["a", "b"], "opponent": ["b", "a"],
    ...               "wins": [2, 0], "losses": [0, 2], "draws": 0}).to_csv(folder / "e.csv",
    ...                                                                      index=False)
    >>> standings_from_path(folder)[["player", "rank", "match_points"]]
      player  rank  match_points
    0      a     1             3
    1      b     2             0
    """
    results = read_results(path, by=by)
    return standings(results, rules="mtg" if rules is None else rules, by=by)


def history_from_path(path: str | os.PathLike, *, rules: str | Rules = "mtg") -> pd.DataFrame:
    """Standings after every round of every event in a results file or folder (for drift charts).

    Parameters
    ----------
    path : path-like
        A results file or folder, read by :func:`read_results`.
    rules : str or Rules, default "mtg"
        A preset name or a :class:`Rules` object.

    Returns
    -------
    pandas.DataFrame
        As :func:`standings_by_round`.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> pd.DataFrame({"event": "E", "round": [1, 1, 2, 2], "player": ["a", "b", "a", "b"],
    ...               "opponent": ["b", "a", "b", "a"], "wins": [2, 0, 0, 2],
    ...               "losses": [0, 2, 2, 0], "draws": 0}).to_csv(folder / "e.csv", index=False)
    >>> history_from_path(folder)[["round", "player", "rank", "match_points"]]
       round player  rank  match_points
    0      1      a     1             3
    1      1      b     2             0
    2      2      a     1             3
    3      2      b     1             3
    """
    return standings_by_round(read_results(path), rules=rules)
