"""The two input forms, their validation, and the integer arrays every computation starts from."""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np
import pandas as pd
from pandas.api.extensions import ExtensionArray

from ..core.people import case_variants, with_clean_names
from ..core.schema import (
    BRACKET,
    DRAWS,
    EVENT,
    GAME,
    LOSSES,
    OPPONENT,
    PLAYER,
    RESULT,
    ROUND,
    SHOWN_ROWS,
    WINS,
    Column,
    ValidationError,
    fail_rows,
    validate,
)
from .codes import _code_dtype, _Coder, _Compact, _dense_ok, _KeyIndex

#: the match-level input: one row per player per round
MATCH_COLUMNS = (
    Column(EVENT, "key", doc="event id"),
    Column(ROUND, "int", doc="round number, from 1"),
    Column(PLAYER, "key", doc="player id, unique within the event"),
    Column(OPPONENT, "key", nullable=True, doc="the round's opponent; missing for a bye"),
    Column(WINS, "int", nullable=True, doc="games won by the player (not used on a bye)"),
    Column(LOSSES, "int", nullable=True, doc="games lost by the player (not used on a bye)"),
    Column(DRAWS, "int", nullable=True, doc="games drawn (not used on a bye)"),
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
#: the largest game count a match-level row may hold (matches are best of 3 or 5, with a few drawn
#: games at most; larger counts are typos or corrupt files, and would overflow the arithmetic)
MAX_GAMES = 1000
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


@dataclass
class _Matches:
    """A validated match-level table as integer arrays (one entry per row)."""

    frame: pd.DataFrame  # the validated match-level frame (messages, extra columns)
    e: np.ndarray  # event code
    t: np.ndarray  # round code (round number minus the smallest, or its rank when sparse)
    p: np.ndarray  # player code: one per (event, player)
    q: np.ndarray  # opponent's player code, -1 for a bye or a loss to no one
    bye: np.ndarray  # no opponent and no loss reported: a bye
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

    def release_rows(self) -> None:
        """Let go of the per-row arrays made here (player, opponent and round codes, byes) once
        only the per-player ones are needed (the ranking of the totals): they are most of the
        memory at archive scale. The row arrays are empty afterwards."""
        empty = np.empty(0, dtype=np.int32)
        self.p = self.q = self.t = self.e = empty
        self.w = self.l = self.d = empty
        self.bye = np.empty(0, dtype=bool)

    def event_values(self, codes: np.ndarray) -> np.ndarray | ExtensionArray | pd.Index:
        return self.events.values(codes)

    def player_values(self, codes: np.ndarray) -> np.ndarray | ExtensionArray | pd.Index:
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


def _prepare_matches(
    results: pd.DataFrame, *, what: str = "results", names_read: bool = False
) -> _Matches:
    """Validate a match-level frame and turn it into integer arrays (`names_read`: its names
    are already read as every reader reads them, :func:`_clean_names`, and the caller warns of
    those that differ in letter case only, :func:`warn_case_variants`).

    Written to touch little fresh memory (it is most of the cost at archive scale): integer inputs
    are used in their own dtype, and one int64 scratch array is reused for every key. The steps
    check, in this order: round numbers, game counts, opponents who are players of the event, no
    gap in the rounds of an event, one row per player and round, a row of the opponent in that
    round, sides that agree.
    """
    df = validate(results, _specs(results, MATCH_COLUMNS), what=what)
    df = df if names_read else _clean_names(df)
    rnd = _round_numbers(df, what)
    bye = df[OPPONENT].isna().to_numpy()
    played = ~bye
    n_byes = int(np.count_nonzero(bye))
    w, l, d = _game_counts(df, bye, what)  # noqa: E741
    events, players = _Coder(df[EVENT]), _Coder(df[PLAYER])
    key = np.empty(len(df), dtype=np.int64)  # the scratch array of every key below
    p, q, event_of, name_of = _player_codes(df, events, players, key, played, n_byes, what)
    if not names_read:
        _warn_case_variants(events, players, event_of, name_of, what)
    t, round_values = _round_codes(rnd)
    n_times = max(round_values.size, 1)
    _check_round_gaps(df, events, t, round_values, key, what)
    mirror = _mirror_rows(df, p, q, t, event_of.size, n_times, key, played, n_byes, what)
    _check_opponents(df, p, q, mirror, played, key, what)
    del key
    _check_scores(df, w, l, d, mirror, played, what)
    if n_byes:  # a row without an opponent that reports a loss is a loss to no one
        bye = bye & ~(w < l)
    return _Matches(
        frame=df,
        e=events.codes,
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


def _clean_names(df: pd.DataFrame) -> pd.DataFrame:
    """The players' and opponents' names read as every reader reads them
    (:mod:`~tourneystats.core.people`: trimmed, each run of whitespace one space): a name with
    a trailing space in one round is the player of the other rounds. Two players whose names
    differ only so are then one player in two matches of a round, refused below."""
    return with_clean_names(df, (PLAYER, OPPONENT))


def _warn_case_variants(
    events: _Coder, players: _Coder, event_of: np.ndarray, name_of: np.ndarray, what: str
) -> None:
    """Warn of names of one event that differ in letter case only: two players, as read."""
    if players.lo is None:  # (numbers: no names)
        frame = pd.DataFrame({EVENT: events.values(event_of), PLAYER: players.values(name_of)})
        _warn_variants(case_variants(frame, PLAYER, [EVENT]), what, stacklevel=6)


def _warn_variants(found: list[str], what: str, stacklevel: int) -> None:
    """Warn of the names `found` (:func:`~tourneystats.core.people.case_variants` within each
    event), if any: two players each, as read."""
    if found:
        more = f"; ... ({len(found)} in all)" if len(found) > 5 else ""
        warnings.warn(
            f"{what}: names that differ in letter case only are read as different players "
            f"(spell one player one way): {'; '.join(found[:5])}{more}",
            stacklevel=stacklevel,
        )


def _round_numbers(df: pd.DataFrame, what: str) -> np.ndarray:
    """The round numbers as a signed integer array, checked to start at 1."""
    rnd = df[ROUND].to_numpy()
    if rnd.dtype.kind == "u":  # round codes are signed (-1 marks "no round" in the scoring)
        rnd = rnd.astype(np.int64)
    if len(df) and rnd.min() < 1:
        fail_rows(df, rnd < 1, "round numbers start at 1", what=what)
    return rnd


def _game_counts(df: pd.DataFrame, bye: np.ndarray, what: str) -> list[np.ndarray]:
    """Wins, losses and draws in the input's integer dtype (missing on a bye: 0), checked to be
    0 to :data:`MAX_GAMES` (on a bye too)."""
    counts = []
    for column in _COUNTS:
        values = df[column]
        if values.hasnans:
            fail_rows(df, ~bye & values.isna().to_numpy(), f"missing {column!r} count", what=what)
            values = values.fillna(0)
        raw = values.to_numpy(dtype=getattr(values.dtype, "numpy_dtype", values.dtype))  # type: ignore[arg-type]
        if len(df) and raw.min() < 0:
            fail_rows(
                df,
                raw < 0,
                f"negative {column!r} count (on a bye too: counts are 0 or more)",
                what=what,
            )
        if len(df) and raw.max() > MAX_GAMES:
            fail_rows(
                df,
                raw > MAX_GAMES,
                f"{column!r} count above {MAX_GAMES} (no match has that many games)",
                what=what,
            )
        counts.append(raw)
    return counts


def _player_codes(
    df: pd.DataFrame,
    events: _Coder,
    players: _Coder,
    key: np.ndarray,
    played: np.ndarray,
    n_byes: int,
    what: str,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Player code of each row, its opponent's (-1: bye), and per player code its event and id."""
    # player code p = the (event, player id) pair, compacted; keys are e * (K + 1) + id + 1 so
    # that a missing or unknown opponent (id -1) lands on a slot no player has
    e = events.codes
    width = players.size + 1
    np.multiply(e, width, out=key, dtype=np.int64)
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
        fail_rows(df, played & (q < 0), "the opponent is not a player of this event", what=what)
    if np.any(q == p):
        fail_rows(df, q == p, "a player is paired against himself", what=what)
    return p, q, event_of, name_of


def _round_codes(rnd: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Round code of each row (round number minus the smallest, or its rank when sparse), and the
    round number of each code."""
    low = int(rnd.min()) if rnd.size else 1
    span = int(rnd.max()) - low + 1 if rnd.size else 1
    if span <= 4096:
        t = rnd - rnd.dtype.type(low)  # in the input's width
        round_values = np.arange(low, low + span, dtype=np.int64)
    else:
        rounds = _Compact(rnd.astype(np.int64) - low, span)
        t, round_values = rounds.codes, rounds.distinct + low
    return t, round_values


def _check_round_gaps(
    df: pd.DataFrame,
    events: _Coder,
    t: np.ndarray,
    round_values: np.ndarray,
    key: np.ndarray,
    what: str,
) -> None:
    """The rounds of each event run on from its first without a gap (`key`: scratch).

    One pass marks the (event, round) pairs present; the gaps are then found among the pairs.
    """
    n_times = max(round_values.size, 1)
    size = max(events.size, 1) * n_times
    np.multiply(events.codes, n_times, out=key, dtype=np.int64)
    key += t
    if _dense_ok(size, key.size):
        seen = np.zeros(size, dtype=bool)
        seen[key] = True
        pairs = np.flatnonzero(seen)
    else:
        pairs = np.sort(pd.unique(key))
    event, rounds = pairs // n_times, round_values[pairs % n_times]
    after = np.flatnonzero((event[1:] == event[:-1]) & (rounds[1:] - rounds[:-1] > 1)) + 1
    if not after.size:
        return
    names = events.values(event[after[:SHOWN_ROWS]])
    gaps = []
    for name, low, high in zip(names, rounds[after - 1] + 1, rounds[after] - 1, strict=False):
        missing = f"round {low}" if low == high else f"rounds {low} to {high}"
        gaps.append(f"event {_plain(name)!r} has no {missing}")
    if after.size > SHOWN_ROWS:
        gaps.append(f"and {after.size - SHOWN_ROWS} more gaps")
    fail_rows(
        df,
        np.isin(key, pairs[after]),
        "a gap in the round numbers (the rounds of an event follow on from its first round): "
        + "; ".join(gaps)
        + "; the rounds after a gap",
        what=what,
    )


def _plain(value: object) -> object:
    """A NumPy scalar as the plain Python value (as the messages show ids)."""
    return value.item() if isinstance(value, np.generic) else value


def _mirror_rows(
    df: pd.DataFrame,
    p: np.ndarray,
    q: np.ndarray,
    t: np.ndarray,
    n_players: int,
    n_times: int,
    key: np.ndarray,
    played: np.ndarray,
    n_byes: int,
    what: str,
) -> np.ndarray:
    """Row of the opponent's side of each match (-1 for a bye), checking one row per player and
    round and a row of the opponent in that round."""
    # rows by (player, round): key (p + 1) * T + t; an opponent's row is found at (q + 1) * T + t,
    # and a bye (q = -1) lands in the first T slots, which no row has
    np.multiply(p, n_times, out=key, dtype=np.int64)
    key += n_times
    key += t
    # the row numbers first, then (same memory) each row's mirror row
    mirror = np.arange(len(df), dtype=_code_dtype(len(df)))
    index = _KeyIndex(key, (n_players + 1) * n_times, rows=mirror)
    if index.has_duplicates:
        fail_rows(df, index.duplicated(), "player listed twice in one round", what=what)
    index.keys = None
    np.multiply(q, n_times, out=key, dtype=np.int64)
    key += n_times
    key += t
    mirror = index.find(key, out=mirror if index.sorted is None else None)
    del index
    if np.count_nonzero(mirror < 0) > n_byes:
        fail_rows(
            df,
            played & (mirror < 0),
            "the opponent has no result in this round (not a player of this event and round)",
            what=what,
        )
    return mirror


def _check_opponents(
    df: pd.DataFrame,
    p: np.ndarray,
    q: np.ndarray,
    mirror: np.ndarray,
    played: np.ndarray,
    key: np.ndarray,
    what: str,
) -> None:
    """The opponent's side of each match names the player as its opponent (`key`: scratch)."""
    # (a bye's mirror is -1: it reads the last row, and is masked out by `played`)
    scratch = key.view(q.dtype)[: q.size] if q.dtype.itemsize <= key.dtype.itemsize else None
    bad = np.take(q, mirror, out=scratch, mode="wrap") != p
    bad &= played
    if bad.any():
        fail_rows(
            df, bad, "the sides disagree: the opponent's row names another opponent", what=what
        )


def _check_scores(
    df: pd.DataFrame,
    w: np.ndarray,
    l: np.ndarray,  # noqa: E741
    d: np.ndarray,
    mirror: np.ndarray,
    played: np.ndarray,
    what: str,
) -> None:
    """The two sides of each match report the same games: wins, losses, draws mirror the
    opponent's losses, wins, draws."""
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
    fail_rows(df, ~no_game & (game < 1), "game numbers start at 1", what=what)

    match = df.groupby([EVENT, ROUND, PLAYER], sort=False, observed=True).ngroup().to_numpy()
    n_matches = int(match.max(initial=-1)) + 1
    first = np.unique(match, return_index=True)[1]  # groups are numbered by first appearance
    size = np.bincount(match, minlength=n_matches)[match]
    opp, _ = pd.factorize(df[OPPONENT])
    fail_rows(df, opp != opp[first[match]], "different opponents in one match", what=what)
    fail_rows(df, bye & (size > 1), "a bye must be a single row per round", what=what)
    fail_rows(df, no_game & (size > 1), "a match without games must be a single row", what=what)
    keyed = ~bye & ~no_game
    fail_rows(
        df,
        keyed & (game > size),
        "the games of a match are not numbered 1, 2, 3, ... (a game number above the match's "
        "number of games: a game missing or misnumbered)",
        what=what,
    )
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
    own = (m.p[j].astype(np.int64) * m.n_times + m.t[j]) * n_games + g
    other = (m.q[j].astype(np.int64) * m.n_times + m.t[j]) * n_games + g
    index = _KeyIndex(own, (m.n_players * m.n_times) * n_games)
    found = index.find(other)
    code, uniques = pd.factorize(games[RESULT].iloc[rows])
    result = np.array([_RESULTS.index(str(u).strip().upper()) for u in uniques])[code]
    opposite = np.array([1, 0, 2])[result]
    bad = np.zeros(len(games), dtype=bool)
    bad[rows] = (found < 0) | (result[np.maximum(found, 0)] != opposite)
    fail_rows(games, bad, "the sides disagree on this game (missing or same result)", what="games")


def _no_bracket_rows(results: pd.DataFrame) -> None:
    """Refuse rows marked as a bracket round (column ``bracket`` True, as an archive keeps them):
    they are no standings rounds, and counted as Swiss rounds they would give match points."""
    if BRACKET not in results.columns:
        return
    fail_rows(
        results,
        results[BRACKET].isin([True]).to_numpy(),  # True (or 1), not missing
        f"rows of a bracket round (column {BRACKET!r} True), which is no standings round: leave "
        f"them out (results[~results[{BRACKET!r}]]) or compute the archive's events with "
        "cards.archive_standings, which counts them as their publisher does",
    )


def _prepare(results: pd.DataFrame, *, names_read: bool = False) -> _Matches:
    """Validate either input form and return the match-level arrays (`names_read`: the names
    of `results` are already read and checked, :func:`_prepare_matches`)."""
    form = _form(results)
    _no_bracket_rows(results)
    if form == "match":
        return _prepare_matches(results, names_read=names_read)
    games, matches, match = _games_frame(results)
    prepared = _prepare_matches(matches, names_read=names_read)
    _check_game_mirror(games, match, prepared)
    return prepared
