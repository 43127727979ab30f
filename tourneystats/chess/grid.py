"""The stacked grid: the long results frame, validated, scattered into one players x rounds matrix.

Each event becomes a block of a players x rounds matrix; all events are stacked into one
flattened (all players of all events) x (rounds) array, so that every tie-break is a handful of
numpy operations over the whole archive. :func:`_build_grid` goes through the rules of the data
model in order: the rows checked one by one, the players of each event indexed, the points checked
against the event's point system, the rounds of each event, the rows scattered into the grid,
both sides of every game compared, then the ratings, the rule set and the round robins.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import pandas as pd

from ..core.people import with_clean_names
from ..core.schema import (
    COLOUR,
    EVENT,
    KIND,
    OPPONENT,
    PLAYER,
    POINTS,
    RATING,
    ROUND,
    ROUNDS,
    ValidationError,
    fail_rows,
    validate,
)
from .kinds import (
    _NEEDS_OPPONENT,
    _WITH_OPPONENT,
    EVENT_COLUMNS,
    K_FL,
    K_FPB,
    K_FW,
    K_HPB,
    K_LIVE,
    K_NONE,
    K_PLAYED,
    K_ZPB,
    KINDS,
    PLAYER_COLUMNS,
    RESULT_COLUMNS,
    _is,
)
from .labels import arrow_id_codes, categorical_id_codes, codes_in, factorize_runs
from .points import _KIND_ENTRY, DEFAULT_POINTS, P_DRAW, P_LOSS, P_WIN, _event_points
from .rules import RuleSet, _round_robin_events, _rule_codes

# --- the grid ------------------------------------------------------------------------------------


@dataclass
class _Grid:
    """All players of all events x rounds, as flat numpy arrays."""

    event_index: pd.Index  # event labels, by event code
    event_categorical: bool  # whether the input's event column was categorical
    player_event: np.ndarray  # (G,) event code of each player
    player_id: np.ndarray  # (G,) original player id
    n_rounds: np.ndarray  # (G,) rounds of the player's event (its last round with a row)
    planned: np.ndarray  # (G,) planned rounds of the player's event, at least n_rounds
    kind: np.ndarray  # (G, R) int8 kind codes, K_NONE beyond the event's rounds
    points: np.ndarray  # (G, R) float points awarded (0 for a game in progress)
    result: np.ndarray  # (G, R) game result: win 1, draw 1/2, loss 0 (`points`, by default)
    opp: np.ndarray  # (G, R) int64 opponent's player index, -1 for none
    colour: np.ndarray  # (G, R) int8: 0 none, 1 white, 2 black
    rating: np.ndarray  # (G,) float first rating, NaN for unrated
    round_rating: np.ndarray | None  # (G, R) rating in each round (ratings="per_round")
    win: np.ndarray  # (G,) points of a win in the player's event
    draw: np.ndarray  # (G,) points of a draw in the player's event
    rr: np.ndarray  # (G,) bool: the player's event is a round robin
    rule: np.ndarray  # (G,) int8 index into rule_sets
    rule_sets: tuple[RuleSet, ...]  # the rule sets of the events
    live: bool = False  # whether a game is in progress
    koya_rounds: np.ndarray | None = None  # (G,) rounds of Koya's maximum, when not n_rounds
    #: the player ids as a categorical of sorted text ids, when they were given as text
    #: categoricals (read as dictionaries): ranked by their codes, no string per player
    player_labels: pd.Categorical | None = None

    @property
    def shape(self) -> tuple[int, int]:
        """(players, rounds)."""
        return self.kind.shape


class _Rows(NamedTuple):
    """Per-row facts of the results frame, as numpy arrays (one entry per row)."""

    kind: np.ndarray  # int8 kind code (a played game without points is a game in progress)
    rnd: np.ndarray  # int64 round number
    pts: np.ndarray  # float64 points (0 for a game in progress)
    cls: np.ndarray  # int8 result class: 2 win, 1 draw (and a game in progress), 0 loss
    colour: np.ndarray  # int8: 0 none, 1 white, 2 black
    live: bool  # whether a row is a game in progress


class _Keys(NamedTuple):
    """Every row's event and player as codes; every player's event and id."""

    event_codes: np.ndarray  # (rows,) event code
    event_index: pd.Index  # event labels, by event code
    g: np.ndarray  # (rows,) the row's player index
    o: np.ndarray  # (rows,) the opponent's player index, -1 for none
    player_event: np.ndarray  # (G,) event code of each player
    player_id: np.ndarray  # (G,) original player id
    player_labels: pd.Categorical | None  # the ids, when sorted text categories (else None)


def _build_grid(
    results: pd.DataFrame,
    *,
    rules: str | RuleSet | Mapping | pd.Series | None,
    players: pd.DataFrame | None,
    events: pd.DataFrame | None,
    round_robin: bool | Iterable | None = False,
    points: str | Mapping[str, float] | None = None,
    planned_rounds: int | Mapping | None = None,
    ratings: str = "first",
) -> _Grid:
    """Validate the long frame and scatter it into the stacked players x rounds grid."""
    df = with_clean_names(validate(results, RESULT_COLUMNS, what="results"), (PLAYER, OPPONENT))
    events, players = _validate_tables(events, players)
    rows = _row_facts(df)
    keys = _player_keys(df)
    table = _event_points(points, events, pd.Index(keys.event_index))
    rows = _row_points(df, rows, keys, table)
    planned = _planned_rounds(planned_rounds, events, keys.event_index)
    ev_rounds = _event_rounds(df, rows.rnd, keys.event_codes, keys.event_index, planned)
    _not_too_sparse(df, keys, ev_rounds)
    R = int(ev_rounds.max())
    n_rounds = np.take(ev_rounds, keys.player_event)
    flat = keys.g * R + (rows.rnd - 1)  # each row's cell in the flattened grid
    kind, pts, opp, col = _scatter(df, rows, keys, flat, n_rounds, R)
    result = pts if (table == DEFAULT_POINTS).all() else _results_grid(rows, flat, pts.shape)
    _check_both_sides(df, rows, keys, flat, opp)
    rating, round_rating = _ratings(df, players, keys, flat, R, ratings)
    rule_ev, rule_sets = _rule_codes(rules, keys.event_index, events, df)
    planned = np.maximum(np.nan_to_num(planned, nan=0).astype(np.int64), ev_rounds)
    rr = _round_robin_events(round_robin, pd.Index(keys.event_index))
    return _Grid(
        event_index=pd.Index(keys.event_index),
        event_categorical=isinstance(df[EVENT].dtype, pd.CategoricalDtype),
        player_event=keys.player_event,
        player_id=keys.player_id,
        n_rounds=n_rounds,
        planned=np.take(planned, keys.player_event),
        kind=kind,
        points=pts,
        result=result,
        opp=opp,
        colour=col,
        rating=rating,
        round_rating=round_rating,
        win=np.take(table[:, P_WIN], keys.player_event),
        draw=np.take(table[:, P_DRAW], keys.player_event),
        rr=np.take(rr, keys.player_event),
        rule=np.take(rule_ev, keys.player_event),
        rule_sets=rule_sets,
        live=rows.live,
        player_labels=keys.player_labels,
    )


def _validate_tables(
    events: pd.DataFrame | None, players: pd.DataFrame | None
) -> tuple[pd.DataFrame | None, pd.DataFrame | None]:
    """The validated `events` and `players` frames (None stays None); one row per event / player."""
    if events is not None:
        events = validate(events, EVENT_COLUMNS, key=(EVENT,), what="events")
    if players is not None:
        players = validate(players, PLAYER_COLUMNS, key=(EVENT, PLAYER), what="players")
        players = with_clean_names(players, (PLAYER,))  # (names as the results' are read)
    return events, players


# --- the rows ------------------------------------------------------------------------------------


def _row_facts(df: pd.DataFrame) -> _Rows:
    """Kind, round, points and colour of every row, each row checked on its own (a missing
    ``opponent`` column is added to the validated frame `df`); the points are checked against
    the event's point system by :func:`_row_points`."""
    if OPPONENT not in df.columns:
        df[OPPONENT] = pd.array([pd.NA] * len(df), dtype="Int64")
    if len(df) == 0:
        raise ValidationError("results: no rows")
    kind_codes = _codes_of(df[KIND], KINDS)
    fail_rows(df, kind_codes < 0, f"unknown kind (expected one of {', '.join(KINDS)})")
    rnd = df[ROUND].to_numpy(dtype=np.int64)
    fail_rows(df, rnd < 1, "round must be 1 or more")
    pts = df[POINTS].to_numpy(dtype=np.float64, na_value=np.nan)
    missing = np.isnan(pts)
    if missing.any():  # a played game without points is a game in progress
        kind_codes = np.where(missing & (kind_codes == K_PLAYED), K_LIVE, kind_codes)
        kind_codes = kind_codes.astype(np.int8)
        fail_rows(
            df,
            missing & (kind_codes != K_LIVE),
            "points are missing (only a game in progress has none yet)",
        )
        pts = np.where(missing, 0.0, pts)
    live = kind_codes == K_LIVE
    has_live = bool(live.any())
    if has_live:
        fail_rows(df, live & (pts != 0), "a game in progress has no points yet")
    has_opp = df[OPPONENT].notna().to_numpy()
    fail_rows(
        df,
        _is(kind_codes, _NEEDS_OPPONENT) & ~has_opp,
        "a played game (or a game in progress) has no opponent",
    )
    fail_rows(df, ~_is(kind_codes, _WITH_OPPONENT) & has_opp, "a bye or absence has an opponent")
    cls = np.zeros(len(df), dtype=np.int8)  # set by _row_points
    return _Rows(kind_codes, rnd, pts, cls, _colour_codes(df), has_live)


def _row_points(df: pd.DataFrame, rows: _Rows, keys: _Keys, table: np.ndarray) -> _Rows:
    """Check every row's points against its event's point system (`table`, one row per event);
    set the result class of the games (win, draw, loss)."""
    kind, pts = rows.kind, rows.pts
    if (table == DEFAULT_POINTS).all():  # the usual case: half points
        cls = (pts * 2).astype(np.int8)
        fail_rows(df, (cls != pts * 2) | (pts < 0) | (pts > 1), "points must be 0, 0.5 or 1")
        fixed = (  # kinds whose points are fixed: 2 half points, 0, or 1
            (_is(kind, 1 << K_FW | 1 << K_FPB) & (cls != 2))
            | (_is(kind, 1 << K_FL | 1 << K_ZPB) & (cls != 0))
            | ((kind == K_HPB) & (cls != 1))
        )
        fail_rows(df, fixed, "points do not match the kind")
        if rows.live:  # a game in progress: as a draw, for the check of both sides
            cls[kind == K_LIVE] = 1
        return rows._replace(cls=cls)
    ev = keys.event_codes
    game = _is(kind, 1 << K_PLAYED)
    cls = np.full(len(pts), -1, dtype=np.int8)
    for c, entry in ((2, P_WIN), (1, P_DRAW), (0, P_LOSS)):
        cls[game & (np.abs(pts - np.take(table[:, entry], ev)) < 1e-9)] = c
    fail_rows(
        df,
        game & (cls < 0),
        "the points of a played game are not the event's points for a win, a draw or a loss "
        "(its point system: points=, or the point_system of events)",
    )
    entry = np.take(_KIND_ENTRY, kind.astype(np.intp))
    fixed = entry >= 0
    expected = table[ev[fixed], entry[fixed]]
    bad = np.zeros(len(pts), dtype=bool)
    bad[np.flatnonzero(fixed)] = np.abs(pts[fixed] - expected) > 1e-9
    fail_rows(df, bad, "points do not match the kind under the event's point system")
    cls = np.select([kind == K_FW, kind == K_LIVE, game], [2, 1, cls], 0).astype(np.int8)
    return rows._replace(cls=cls)


def _results_grid(rows: _Rows, flat: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    """The game result of every cell (win 1, draw 1/2, loss 0) under a point system that is
    not the default one: a played game's or a forfeit's result class."""
    result = np.zeros(shape)
    np.put(result, flat, rows.cls / 2.0 * _is(rows.kind, 1 << K_PLAYED | 1 << K_FW))
    return result


def _colour_codes(df: pd.DataFrame) -> np.ndarray:
    """Colour code of every row (0 none, 1 white, 2 black); refuses other colours."""
    if COLOUR not in df.columns:
        return np.zeros(len(df), dtype=np.int8)
    code = _codes_of(df[COLOUR], ("w", "b", "W", "B"))
    colour = np.where(code >= 0, code % 2 + 1, 0).astype(np.int8)
    fail_rows(df, df[COLOUR].notna().to_numpy() & (code < 0), 'colour must be "w" or "b"')
    return colour


def _codes_of(values: pd.Series, labels: Sequence[str]) -> np.ndarray:
    """Position (int8) of each value in `labels`, -1 if absent; categoricals via their categories."""
    index = pd.Index(list(labels))
    if isinstance(values.dtype, pd.CategoricalDtype) and len(values.cat.categories) < 127:
        # a lookup table indexed by the category codes; code -1 (missing) hits the trailing -1
        lut = np.append(index.get_indexer(values.cat.categories.astype(str)), -1).astype(np.int8)
        return lut[values.cat.codes.to_numpy()]
    return codes_in(values, labels)


# --- the players ---------------------------------------------------------------------------------


def _player_keys(df: pd.DataFrame) -> _Keys:
    """Index the events and the players of each event; every opponent must be one of them."""
    event_codes, event_index, _ = factorize_runs(df[EVENT])
    if isinstance(df[EVENT].dtype, pd.CategoricalDtype):
        event_index = pd.Index(event_index.astype(object))
    g, o, player_event, player_id, opp_given = _factorize_keys(df, event_codes, len(event_index))
    fail_rows(df, opp_given & (o < 0), "the opponent is not a player of the event")
    fail_rows(df, opp_given & (o == g), "a player is paired against himself")
    labels = None
    if isinstance(player_id, pd.Categorical):
        labels, player_id = player_id, np.asarray(player_id, dtype=object)
    return _Keys(event_codes, event_index, g, o, player_event, player_id, labels)


def _factorize_keys(
    frame: pd.DataFrame, event_codes: np.ndarray, n_events: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray | pd.Categorical, np.ndarray]:
    """Global player index of every row's player and opponent (-1 if missing / unknown), the
    event and the id of every player, and whether each row gives an opponent."""
    pcodes, ocodes, uniques = _id_codes(frame)
    n_ids = max(len(uniques), 1)
    key = event_codes.astype(np.int64) * n_ids + pcodes
    okey = np.where(ocodes >= 0, event_codes.astype(np.int64) * n_ids + ocodes, -1)
    if n_events * n_ids <= min(50_000_000, _dense_limit(len(frame))):  # a table by key
        present = np.zeros(n_events * n_ids, dtype=bool)
        np.put(present, key, True)
        index_of = np.cumsum(present) - 1
        g = np.take(index_of, key)
        okey0 = np.where(okey >= 0, okey, 0)
        present_o = np.take(present, okey0) & (okey >= 0)
        o = np.where(present_o, np.take(index_of, okey0), -1)
        keys = np.flatnonzero(present)
    else:  # hashed; the players numbered in key order
        codes, distinct = pd.factorize(key)
        order = np.argsort(distinct)
        rank = np.empty(len(order), dtype=np.int64)
        rank[order] = np.arange(len(order))
        g, keys = rank[codes], distinct[order]
        at = pd.Index(distinct).get_indexer(okey)  # type: ignore[arg-type]  # -1: none
        o = np.where(at >= 0, rank[np.maximum(at, 0)], -1)
    player_event = (keys // n_ids).astype(np.int64)
    player_id = _ids_of(uniques, keys % n_ids) if len(uniques) else keys
    return g, o, player_event, player_id, (ocodes >= 0)


def _ids_of(uniques: np.ndarray | pd.Index, codes: np.ndarray) -> np.ndarray | pd.Categorical:
    """The ids of `codes`: an object array, or a categorical when the ids are text (the
    ``str`` dtype) sorted as Python sorts them (those of a text categorical read as a
    dictionary), so that its codes order the players as their ids do."""
    if (
        isinstance(uniques, pd.Index)
        and isinstance(uniques.dtype, pd.StringDtype)
        and str(uniques.dtype) == "str"  # (not "string": the dtype of the ids given)
        and uniques.is_monotonic_increasing
        and uniques.is_unique
    ):
        return pd.Categorical.from_codes(codes, categories=uniques, ordered=True, validate=False)
    return np.asarray(uniques, dtype=object)[codes]


def _dense_limit(rows: int) -> int:
    """The largest table indexed by an id (or event x id) built for `rows` rows: a few cells per
    row, so that a large id in a small table costs no more than the table (then ids are hashed)."""
    return 4 * rows + 65_536


def _id_codes(frame: pd.DataFrame) -> tuple[np.ndarray, np.ndarray, np.ndarray | pd.Index]:
    """Codes of every row's player and opponent ids (-1: none) in one numbering, and the ids."""
    player = frame[PLAYER]
    opponent = frame[OPPONENT] if OPPONENT in frame.columns else None
    n = len(frame)
    fast = _integer_ids(player, opponent, frame)
    if fast is not None:
        return fast
    if opponent is None:
        pcodes, uniques = pd.factorize(player)
        return pcodes, np.full(n, -1), uniques
    text = arrow_id_codes(player, opponent)
    if text is None:
        text = categorical_id_codes(player, opponent)
    if text is not None:
        return text
    if pd.api.types.is_integer_dtype(player.dtype) and (
        pd.api.types.is_numeric_dtype(opponent.dtype) or opponent.isna().all()
    ):
        numeric = pd.to_numeric(opponent, errors="coerce").astype("Float64")
        fail_rows(
            frame,
            (numeric.notna() & (numeric != numeric.round())).fillna(False).to_numpy(),
            "opponent must be a player id",
        )
        opponent = numeric.astype("Int64")
        both = pd.concat([player.astype("Int64"), opponent], ignore_index=True)
    else:
        both = pd.concat([player.astype(object), opponent.astype(object)], ignore_index=True)
    codes, uniques = pd.factorize(both, use_na_sentinel=True)
    return codes[:n], codes[n:], uniques


def _integer_ids(
    player: pd.Series, opponent: pd.Series | None, frame: pd.DataFrame
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Codes for small non-negative integer ids (TRF start ranks) without hashing, else None."""
    if not (
        pd.api.types.is_integer_dtype(player.dtype)
        and not isinstance(player.dtype, pd.api.extensions.ExtensionDtype)
    ):
        return None
    if opponent is not None and not pd.api.types.is_numeric_dtype(opponent.dtype):
        return None
    p = player.to_numpy(dtype=np.int64)
    if len(p) == 0 or p.min() < 0 or p.max() > min(10_000_000, _dense_limit(len(p))):
        return None
    top = int(p.max())
    if opponent is None:
        return p, np.full(len(p), -1), np.arange(top + 1)
    if pd.api.types.is_integer_dtype(opponent.dtype):
        o = opponent.to_numpy(dtype=np.int64, na_value=-1)
        given = o >= 0 if not opponent.hasnans else opponent.notna().to_numpy()
    else:
        given = opponent.notna().to_numpy()
        f = opponent.to_numpy(dtype=np.float64, na_value=np.nan)
        fail_rows(frame, given & (f != np.round(f)), "opponent must be a player id")
        o = np.where(given, f, -1.0).astype(np.int64)
    # an id outside the players' range cannot be a player: any code that is not one will do
    unknown = given & ((o < 0) | (o > top))
    if unknown.any():
        o = np.where(unknown, top + 1, o)
    return p, o, np.arange(top + 2)


# --- the rounds and the grid ---------------------------------------------------------------------


def _checked_rounds(
    df: pd.DataFrame, events: pd.DataFrame | None, planned_rounds: int | Mapping | None = None
) -> None:
    """Check the rounds of a validated results frame as :func:`_event_rounds` does (for work
    that goes by round before the grid is built)."""
    rnd = df[ROUND].to_numpy(dtype=np.int64)
    fail_rows(df, rnd < 1, "round must be 1 or more")
    codes, event_index = pd.factorize(df[EVENT], sort=False)
    fail_rows(df, codes < 0, f"missing value in column {EVENT!r}")
    event_index = pd.Index(event_index).astype(object)
    planned = _planned_rounds(planned_rounds, events, event_index)
    _event_rounds(df, rnd, codes, event_index, planned)


def _planned_rounds(
    planned_rounds: int | Mapping | None, events: pd.DataFrame | None, event_index: pd.Index
) -> np.ndarray:
    """The planned rounds of each event (NaN where unknown): `planned_rounds` (a number for
    every event, or a mapping event -> number), else the ``rounds`` of `events`."""
    event_index = pd.Index(event_index, dtype=object)
    planned = np.full(len(event_index), np.nan)
    if events is not None and ROUNDS in events.columns:
        given = events.set_index(events[EVENT].astype(object))[ROUNDS]
        planned = given.reindex(event_index).to_numpy(dtype=np.float64, na_value=np.nan)
    if planned_rounds is None:
        return planned
    if isinstance(planned_rounds, Mapping | pd.Series):
        given = pd.Series(dict(planned_rounds), dtype=object).reindex(event_index)
        values = pd.to_numeric(given, errors="coerce").to_numpy(dtype=np.float64)
        bad = given.notna().to_numpy() & np.isnan(values)
        planned = np.where(np.isnan(values), planned, values)
    else:
        values = pd.to_numeric(pd.Series([planned_rounds]), errors="coerce").to_numpy(np.float64)
        bad = np.isnan(values)
        planned = np.full(len(event_index), values[0])
    if bad.any() or (planned[~np.isnan(planned)] % 1 != 0).any() or (planned < 1).any():
        raise ValidationError(
            f"planned_rounds must be whole numbers of 1 or more (per event), got {planned_rounds!r}"
        )
    return planned


def _event_rounds(
    df: pd.DataFrame,
    rnd: np.ndarray,
    codes: np.ndarray,
    event_index: pd.Index,
    planned: np.ndarray,
) -> np.ndarray:
    """Rounds of each event: its last round. The rounds of an event must be 1, 2, ... up to it,
    each with at least one row, and within its `planned` rounds (``events.rounds`` or
    ``planned_rounds``; they add no round: the planned rounds not played yet are not absences)."""
    if not np.isnan(planned).all():
        fail_rows(
            df,
            rnd > np.take(np.nan_to_num(planned, nan=np.inf), codes),
            "round is beyond the event's planned rounds (events.rounds or planned_rounds)",
        )
    n_events = len(event_index)
    rows_of = np.bincount(codes, minlength=n_events)
    # every round 1..R needs a row, so no round can pass the event's number of rows: a larger
    # round number leaves a gap, and the bound keeps the work below the rows given
    beyond = rnd > np.take(rows_of, codes)
    first = np.cumsum(rows_of) - rows_of  # the event's slice of one cell per row
    present = np.zeros(len(rnd), dtype=bool)
    present[(np.take(first, codes) + rnd - 1)[~beyond]] = True
    filled = np.r_[0, np.cumsum(present)]  # rounds given before each cell
    ev_rounds = filled[first + rows_of] - filled[first]  # rounds given, the last one if no gap
    bad = filled[first + ev_rounds] - filled[first] != ev_rounds  # not all of 1..that many
    bad[codes[beyond]] = True
    if bad.any():
        _fail_round_gaps(df, rnd, codes, event_index, bad)
    return ev_rounds


def _fail_round_gaps(
    df: pd.DataFrame, rnd: np.ndarray, codes: np.ndarray, event_index: pd.Index, bad: np.ndarray
) -> None:
    """Refuse the `bad` events, whose rounds are not 1..R each with a row: name the rounds
    missing and list the rows of the round after the last gap (a mistyped round, most often)."""
    bad = np.flatnonzero(bad)
    described, after_gap = [], np.zeros(len(event_index), dtype=np.int64)
    for e in bad[:5]:
        seen = np.unique(rnd[codes == e])
        starts = np.r_[0, seen[:-1]] + 1  # each run of missing rounds: after a round given ...
        ends = seen - 1  # ... up to the next one
        gaps = np.flatnonzero(starts <= ends)
        after_gap[e] = seen[gaps[-1]]
        shown = ", ".join(
            str(starts[k]) if starts[k] == ends[k] else f"{starts[k]}-{ends[k]}" for k in gaps[:5]
        )
        more = f" and {len(gaps) - 5} more gaps" if len(gaps) > 5 else ""
        described.append(f"round(s) {shown}{more} of event {event_index[e]!r}")
    more = f" (and {len(bad) - 5} more events)" if len(bad) > 5 else ""
    fail_rows(
        df,
        rnd == np.take(after_gap, codes),
        "no result in "
        + "; ".join(described)
        + more
        + " (the rounds of an event are 1, 2, ... up to its last, each with at least one row;"
        " a mistyped round number?); the rows after the last gap",
    )


#: an event's players x rounds may be at most this many times its rows (plus SPARSE_CELLS)
SPARSE_FACTOR = 16
SPARSE_CELLS = 65_536


def _not_too_sparse(df: pd.DataFrame, keys: _Keys, ev_rounds: np.ndarray) -> None:
    """Refuse an event whose players x rounds grid is mostly empty (few players have a row in
    a round): no tournament looks like that, and the grid would be far larger than the rows."""
    n_events = len(ev_rounds)
    cells = np.bincount(keys.player_event, minlength=n_events) * ev_rounds
    rows = np.bincount(keys.event_codes, minlength=n_events)
    sparse = cells > SPARSE_FACTOR * rows + SPARSE_CELLS
    if sparse.any():
        e = int(np.argmax(sparse))
        fail_rows(
            df,
            np.take(sparse, keys.event_codes),
            f"event {keys.event_index[e]!r} has {cells[e] // ev_rounds[e]} players and "
            f"{ev_rounds[e]} rounds but only {rows[e]} rows (fewer than one (player, round) in "
            f"{SPARSE_FACTOR} has a row): mistyped round or player ids?",
        )


def _scatter(
    df: pd.DataFrame, rows: _Rows, keys: _Keys, flat: np.ndarray, n_rounds: np.ndarray, R: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The (G, R) grids of kind, points, opponent and colour; absences where no row is given."""
    n_players = len(keys.player_event)
    counts = np.bincount(flat, minlength=n_players * R)
    fail_rows(df, np.take(counts, flat) > 1, "a player appears twice in a round")
    kind = np.where(np.arange(R)[None, :] < n_rounds[:, None], K_ZPB, K_NONE).astype(np.int8)
    points = np.zeros((n_players, R))
    opp = np.full((n_players, R), -1, dtype=np.int64)
    col = np.zeros((n_players, R), dtype=np.int8)
    np.put(kind, flat, rows.kind)
    np.put(points, flat, rows.pts)
    np.put(opp, flat, keys.o)
    np.put(col, flat, rows.colour)
    return kind, points, opp, col


def _check_both_sides(
    df: pd.DataFrame, rows: _Rows, keys: _Keys, flat: np.ndarray, opp: np.ndarray
) -> None:
    """Every game appears from both sides, with complementary points and opposite colours; a
    forfeit win faces a forfeit loss, and a forfeit loss a forfeit win or another forfeit loss
    (a double forfeit: neither player came)."""
    # the opponent's row is fetched through the grid, its kind/points/colour packed in one int8
    R = opp.shape[1]
    has = keys.o >= 0
    of = np.where(has, keys.o * R + (rows.rnd - 1), 0)
    fail_rows(
        df,
        has & (np.take(opp, of) != keys.g),
        "the opponent's row of that round does not name the player",
    )
    kind_codes, half_points, colour = rows.kind, rows.cls, rows.colour
    state = kind_codes * 16 + half_points * 4 + colour  # < 128
    packed = np.zeros(opp.size, dtype=np.int8)
    np.put(packed, flat, state)
    back = np.take(packed, of)
    back_kind, back_half = back // 16, back // 4 % 4
    partner = np.where(
        kind_codes == K_FW, K_FL, np.where(kind_codes == K_FL, K_FW, kind_codes)
    ).astype(np.int8)
    matched = (back_kind == partner) & (back_half == 2 - half_points)
    matched |= (kind_codes == K_FL) & (back_kind == K_FL)  # a double forfeit (both lost: 0 each)
    if (has & ~matched).any():
        _fail_sides(df, has & ~matched, kind_codes, back_kind)
    back_col = back % 4
    fail_rows(
        df,
        has & _is(kind_codes, 1 << K_PLAYED | 1 << K_LIVE) & (colour > 0) & (back_col == colour),
        "both players of a game have the same colour",
    )


def _fail_sides(df: pd.DataFrame, bad: np.ndarray, kind: np.ndarray, back_kind: np.ndarray) -> None:
    """Refuse the rows of the games whose two sides disagree, saying what each side shows."""
    at = np.flatnonzero(bad)
    shown = KINDS[kind[at[0]]], KINDS[back_kind[at[0]]] if back_kind[at[0]] < len(KINDS) else "?"
    fail_rows(
        df,
        bad,
        "the two sides of a game do not match (played 1-0/0.5-0.5, forfeit win vs forfeit loss, "
        "a double forfeit as two forfeit losses, a game in progress on both sides; the first "
        f"shows {shown[0]} with {float(df[POINTS].iloc[at[0]]):g} points, its opponent "
        f"{shown[1]})",
    )


# --- ratings -------------------------------------------------------------------------------------


def _ratings(
    df: pd.DataFrame,
    players: pd.DataFrame | None,
    keys: _Keys,
    flat: np.ndarray,
    R: int,
    ratings: str,
) -> tuple[np.ndarray, np.ndarray | None]:
    """The first rating of each player (NaN: unrated), as C.07 (2026) art. 10 asks: from
    `players` where it gives one, else the ``rating`` of his first round that has one; with
    ``ratings="per_round"`` also each round's rating (the row's, else the first)."""
    if ratings not in ("first", "per_round"):
        raise ValueError(f"ratings must be 'first' or 'per_round', got {ratings!r}")
    rating = np.full(len(keys.player_event), np.nan)
    by_round = None
    if RATING in df.columns:
        r = df[RATING].to_numpy(dtype=np.float64, na_value=np.nan)
        r = np.where(r > 0, r, np.nan)  # 0 means unrated in TRF
        ok = ~np.isnan(r)
        g, r_ok = (keys.g, r) if ok.all() else (keys.g[ok], r[ok])
        np.put(rating, g, r_ok)
        if ratings == "per_round" or not (np.take(rating, g) == r_ok).all():
            by_round = np.full(len(rating) * R, np.nan)  # a player's ratings differ by round
            np.put(by_round, flat, r)
            by_round = by_round.reshape(-1, R)
            known = ~np.isnan(by_round)
            first = np.argmax(known, axis=1)
            rating = np.where(known.any(axis=1), by_round[np.arange(len(rating)), first], np.nan)
    if players is not None and RATING in players.columns:
        key = pd.MultiIndex.from_arrays(
            [pd.Index(keys.event_index)[keys.player_event], pd.Index(keys.player_id)]
        )
        table = players.set_index([EVENT, PLAYER])[RATING]
        table.index = pd.MultiIndex.from_arrays(
            [table.index.get_level_values(0).astype(object), table.index.get_level_values(1)]
        )
        found = table.reindex(key).to_numpy(dtype=np.float64, na_value=np.nan)
        rating = np.where(np.isnan(found), rating, found)
    rating[rating <= 0] = np.nan  # 0 means unrated in TRF
    if ratings == "first":
        return rating, None
    if by_round is None:
        by_round = np.broadcast_to(rating[:, None], (len(rating), R))
    return rating, np.where(np.isnan(by_round), rating[:, None], by_round)
