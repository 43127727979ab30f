"""Chess Swiss tie-breaks (FIDE C.07 acronyms) for whole seasons, vectorised.

Results are long-format: one row per player per round with ``event, round, player, opponent,
colour, points, kind``. ``kind`` says how the round was decided:

========================  =========================================================================
``played``                a game played over the board (``points`` 1, 0.5 or 0)
``forfeit_win``           won by forfeit (has an opponent, 1 point)
``forfeit_loss``          lost by forfeit (has an opponent, 0 points)
``pab``                   pairing-allocated bye (no opponent)
``fpb``                   full-point bye (no opponent, 1 point)
``hpb``                   half-point bye (no opponent, 0.5 points)
``zpb``                   zero-point bye, absence, every round after a withdrawal (0 points)
========================  =========================================================================

A (player, round) of an event that has no row is an absence (``zpb``).

Internally each event becomes a block of a players x rounds matrix; all events are stacked into
one flattened (all players of all events) x (rounds) array, so every tie-break is a handful of
numpy operations over the whole archive: ``np.sort``/``np.lexsort`` along rounds for cuts and
medians, ``np.cumsum`` for progressive scores, fancy indexing by opponent for opponents' scores
and ``np.bincount`` for sums over groups.

Unplayed games (rule sets, :data:`RULE_SETS`)
---------------------------------------------
Every tie-break that uses opponents' scores sees each round of a player as a pair
(*opponent's score as counted*, *result*); an unplayed round is played against a stand-in:

``adjusted`` (default; the seed text's rule)
    An unplayed round (any bye, forfeit, absence) counts as a draw against the player himself.
    Adjusted score = over-the-board points + 1/2 per unplayed round; opponents' scores are adjusted
    scores; an unplayed round counts the player's own adjusted score with result 1/2.
``fide2024`` (C.07, 2023-09 to 2026-02, art. 16)
    Voluntarily unplayed rounds (VUR) are half-point and zero-point byes, absences and forfeit
    losses. An opponent's score is taken at face value, except that his byes/absences after the
    last round in which he was available to play (played, PAB, forfeit win, full-point bye) count
    as draws. Each own unplayed round is a game against a dummy opponent whose score is the
    player's own final score, with the points awarded as result. Cut modifiers cut VURs first
    (art. 16.5: the lowest VUR is cut unless the least significant opponent gives a larger
    contribution).
``fide2026`` (C.07, from 2026-03-01)
    As ``fide2024``, but the dummy's score is capped (art. 16.4): for a forfeit at the forfeiting
    opponent's score as counted, otherwise at half the maximum score (0.5 x rounds).
``fide2009`` (2009 to 2023)
    Opponents' unplayed games count as draws in their score as seen by others; an own unplayed
    round R is a game against a virtual opponent of score SPR + (1 - SfPR) + 0.5 (n - R), with the
    points awarded as result. Cuts take the lowest contributions.

The rule set is chosen per call, or per event with a mapping or a ``rules`` column; ``"auto"``
picks it by the event's start date (TRF ``042``; :func:`rules_for_date`), and refuses events
without one unless a fallback is named, as in ``"auto:fide2009"``.

Round robins (``round_robin=``): C.07 counts a forfeit in a round robin as a played game, so
for the events named there ``forfeit_win``/``forfeit_loss`` rounds are games over the board for
every tie-break (opponent's score, ARO, DE, WON, ...); byes and absences stay unplayed. By
default the round robins are the events whose type of tournament (TRF ``092``, the ``type``
column) says so.

Tie-breaks (codes; modifiers ``/Cn`` cut the n lowest, ``/Mn`` cut n lowest and n highest)
---------------------------------------------------------------------------------------------
PTS points; BH Buchholz; SB Sonneborn-Berger; FB Fore Buchholz (every paired last-round game as
a draw); AOB average Buchholz of the opponents met over the board (0 with none); KS Koya (points scored
against opponents with 50 % of the maximum score or more: under ``adjusted`` with adjusted
scores, an unplayed round counting 1/2 when the own adjusted score reaches the limit; under the
FIDE rule sets against real opponents, forfeits included, by their final score, byes counting
nothing); PS progressive score; CUM the seed's
cumulative score (PS minus the points won without playing); ARO average rating of opponents
played; TPR tournament performance rating (ARO + dp of the B.02 table); PTP perfect tournament
performance; APRO/APPO average TPR/PTP of opponents; WIN wins (incl. unplayed); WON games won
over the board; BPG games played with Black; BWG games won with Black; REP (alias GE) rounds one
elected to play (played, PAB, forfeit win, full-point bye); DE direct encounter (C.07 art. 6).
Rating-based values (ARO, TPR, PTP, APRO, APPO) are rounded to whole numbers as C.07 defines
them; every other value is left unrounded. Cut/median modifiers are accepted for BH, SB, FB and
ARO (and cut for PS).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..core.ranking import competition_rank
from ..core.schema import (
    COLOUR,
    DATE,
    EVENT,
    KIND,
    NAME,
    OPPONENT,
    PLAYER,
    POINTS,
    PTS,
    RANK,
    RATING,
    ROUND,
    ROUNDS,
    RULES,
    TYPE,
    Column,
    ValidationError,
    fail_rows,
    validate,
)

__all__ = [
    "KINDS",
    "RULE_SETS",
    "TIEBREAKS",
    "RuleSet",
    "TieBreak",
    "explain",
    "parse_tiebreak",
    "rules_for_date",
    "standings",
    "standings_by_round",
    "standings_from_path",
    "history_from_path",
    "read_results",
    "validate_results",
]

# --- data model ----------------------------------------------------------------------------------

#: the values of ``kind``, in code order
KINDS = ("played", "forfeit_win", "forfeit_loss", "pab", "fpb", "hpb", "zpb")
K_PLAYED, K_FW, K_FL, K_PAB, K_FPB, K_HPB, K_ZPB = range(7)
K_NONE = 7  # the round does not exist in this event (shorter events in a stacked archive)
# sets of kinds as bit masks (bit k = kind code k), tested with _is
_WITH_OPPONENT = 1 << K_PLAYED | 1 << K_FW | 1 << K_FL
_AVAILABLE = 1 << K_PLAYED | 1 << K_FW | 1 << K_PAB | 1 << K_FPB  # not a VUR
_VUR = 1 << K_FL | 1 << K_HPB | 1 << K_ZPB
_BYE_VUR = 1 << K_HPB | 1 << K_ZPB  # VUR without an opponent


def _is(kind: np.ndarray, kinds: int) -> np.ndarray:
    """Whether each kind code is in the bit mask `kinds`."""
    return (np.left_shift(np.uint8(1), kind.astype(np.uint8)) & np.uint8(kinds)) != 0


RESULT_COLUMNS = (
    Column(EVENT, "key", doc="event id"),
    Column(ROUND, "int", doc="round number, 1-based"),
    Column(PLAYER, "key", doc="player id (TRF start rank)"),
    Column(OPPONENT, "key", required=False, nullable=True, doc="opponent id; missing for a bye"),
    Column(COLOUR, "str", required=False, nullable=True, doc='"w", "b" or missing'),
    Column(POINTS, "float", doc="points awarded"),
    Column(KIND, "str", doc="how the round was decided, one of KINDS"),
    Column(RATING, "float", required=False, nullable=True, doc="the player's rating"),
)
PLAYER_COLUMNS = (
    Column(EVENT, "key"),
    Column(PLAYER, "key"),
    Column(RATING, "float", required=False, nullable=True),
)
EVENT_COLUMNS = (
    Column(EVENT, "key"),
    Column(DATE, "datetime", required=False, nullable=True),
    Column(ROUNDS, "int", required=False, nullable=True),
    Column(TYPE, "str", required=False, nullable=True),
)

#: a type of tournament (TRF ``092``) naming a round robin: "Round Robin", "Individual: round-robin",
#: "Double Round Robin", "Berger", "all-play-all"
ROUND_ROBIN_TYPE = re.compile(r"round[- ]?robin|berger|all[- ]play[- ]all", re.IGNORECASE)


# --- rule sets -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class RuleSet:
    """How unplayed games enter the tie-breaks that use opponents' scores.

    Parameters
    ----------
    name : str
        Rule set name.
    opponent_view : {"adjusted", "trailing_byes_draw"}
        An opponent's score as counted: ``"adjusted"`` = over-the-board points + 1/2 per unplayed
        round; ``"trailing_byes_draw"`` = face value except byes/absences after his last
        available round, which count as draws (C.07-2023 art. 16.3).
    own_unplayed : {"self", "dummy", "dummy_capped", "virtual"}
        The stand-in opponent of an own unplayed round: the player himself with his adjusted
        score and result 1/2 (``"self"``), a dummy with the player's final score (``"dummy"``),
        the same capped as C.07-2026 art. 16.4 says (``"dummy_capped"``), or the 2009 virtual
        opponent (``"virtual"``).
    vur_cut_first : bool
        Whether cut modifiers cut voluntarily unplayed rounds first (C.07-2023 art. 16.5).
    """

    name: str
    opponent_view: str
    own_unplayed: str
    vur_cut_first: bool


RULE_SETS: dict[str, RuleSet] = {
    "adjusted": RuleSet("adjusted", "adjusted", "self", False),
    "fide2024": RuleSet("fide2024", "trailing_byes_draw", "dummy", True),
    "fide2026": RuleSet("fide2026", "trailing_byes_draw", "dummy_capped", True),
    "fide2009": RuleSet("fide2009", "adjusted", "virtual", False),
}
_RULE_NAMES = tuple(RULE_SETS)
_AUTO_LIMITS = (("2023-09-01", "fide2009"), ("2026-03-01", "fide2024"))


def rules_for_date(date) -> str:
    """The FIDE rule set in force at an event's start `date` (what ``rules="auto"`` uses).

    Examples
    --------
    >>> rules_for_date("2019-05-01"), rules_for_date("2024-01-10"), rules_for_date("2026-03-01")
    ('fide2009', 'fide2024', 'fide2026')
    """
    when = pd.Timestamp(date)
    for limit, name in _AUTO_LIMITS:
        if when < pd.Timestamp(limit):
            return name
    return "fide2026"


# --- tie-break codes -----------------------------------------------------------------------------

#: the supported tie-break acronyms
TIEBREAKS = (
    "PTS", "BH", "SB", "FB", "AOB", "KS", "PS", "CUM", "ARO", "TPR", "PTP", "APRO", "APPO",
    "WIN", "WON", "BPG", "BWG", "REP", "GE", "DE",
)  # fmt: skip
_CUTTABLE = {"BH": "CM", "SB": "CM", "FB": "CM", "ARO": "CM", "PS": "C"}
_CODE = re.compile(r"^\s*([A-Za-z]+)\s*(?:[/-]\s*([CcMm])\s*(\d+))?\s*$")


@dataclass(frozen=True)
class TieBreak:
    """A parsed tie-break code such as ``"BH/C1"``.

    Attributes
    ----------
    code : str
        The canonical code (column name), e.g. ``"BH/C1"``.
    name : str
        The acronym, e.g. ``"BH"``.
    low, high : int
        How many lowest / highest contributions are cut (``/Cn``: low=n; ``/Mn``: low=high=n).
    """

    code: str
    name: str
    low: int = 0
    high: int = 0


def parse_tiebreak(code: str | TieBreak) -> TieBreak:
    """Parse a tie-break code (``"BH"``, ``"BH/C1"``, ``"BH/M1"``, ``"ARO/C2"``, ...).

    Raises
    ------
    ValueError
        For an unknown acronym or a modifier the tie-break does not take.

    Examples
    --------
    >>> parse_tiebreak("bh/c2")
    TieBreak(code='BH/C2', name='BH', low=2, high=0)
    >>> parse_tiebreak("BH/M1").high
    1
    >>> parse_tiebreak("XYZ")
    Traceback (most recent call last):
    ...
    ValueError: unknown tie-break 'XYZ'; known: PTS, BH, SB, FB, AOB, KS, PS, CUM, ARO, TPR, ...
    """
    if isinstance(code, TieBreak):
        return code
    match = _CODE.match(str(code))
    name = match.group(1).upper() if match else None
    if name not in TIEBREAKS:
        known = ", ".join(TIEBREAKS[:10])
        raise ValueError(f"unknown tie-break {code!r}; known: {known}, ...")
    if name == "GE":
        name = "REP"
    modifier, count = match.group(2), match.group(3)
    if modifier is None:
        return TieBreak(name, name)
    modifier, n = modifier.upper(), int(count)
    if modifier not in _CUTTABLE.get(name, ""):
        raise ValueError(f"tie-break {name} takes no /{modifier} modifier (in {code!r})")
    if n < 1:
        raise ValueError(f"modifier count must be at least 1 (in {code!r})")
    return TieBreak(f"{name}/{modifier}{n}", name, n, n if modifier == "M" else 0)


# --- FIDE rating tables (B.02 8.1.1 and 8.1.2) ---------------------------------------------------

# dp for a percentage score p = 0.50 .. 1.00 (index 0 .. 50); the lower half is symmetric.
_DP_UPPER = np.array(
    [0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
     158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
     351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800]
)  # fmt: skip
#: dp (rating difference) by rounded percentage score 0..100
DP_TABLE = np.concatenate([-_DP_UPPER[:0:-1], _DP_UPPER])
# upper ends of the rating-difference bands for expected scores .50, .51, ..., .99 (then 1.00)
_PD_BANDS = np.array(
    [3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153,
     162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344,
     357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735]
)  # fmt: skip
#: expected score in hundredths for the higher-rated side by |rating difference| 0..800
PD_TABLE = 50 + np.searchsorted(_PD_BANDS, np.arange(801), side="left")


def _round_half_up(values: np.ndarray) -> np.ndarray:
    return np.floor(values + 0.5 + 1e-9)


def _expected_hundredths(diff: np.ndarray) -> np.ndarray:
    """Expected score (in hundredths) of a player `diff` rating points above his opponent."""
    d = np.clip(np.rint(diff).astype(np.int64), -800, 800)
    pd_ = PD_TABLE[np.abs(d)]
    return np.where(d >= 0, pd_, 100 - pd_)


# --- the stacked grid ----------------------------------------------------------------------------


@dataclass
class _Grid:
    """All players of all events x rounds, as flat numpy arrays."""

    event_index: pd.Index  # event labels, by event code
    event_categorical: bool  # whether the input's event column was categorical
    player_event: np.ndarray  # (G,) event code of each player
    player_id: np.ndarray  # (G,) original player id
    n_rounds: np.ndarray  # (G,) rounds of the player's event
    kind: np.ndarray  # (G, R) int8 kind codes, K_NONE beyond the event's rounds
    points: np.ndarray  # (G, R) float
    opp: np.ndarray  # (G, R) int64 opponent's player index, -1 for none
    colour: np.ndarray  # (G, R) int8: 0 none, 1 white, 2 black
    rating: np.ndarray  # (G,) float, NaN for unrated
    rule: np.ndarray  # (G,) int8 index into _RULE_NAMES

    @property
    def shape(self) -> tuple[int, int]:
        return self.kind.shape


def _integer_ids(player: pd.Series, opponent: pd.Series | None, frame: pd.DataFrame):
    """Codes for small non-negative integer ids (TRF start ranks) without hashing, else None."""
    if not (
        pd.api.types.is_integer_dtype(player.dtype)
        and not isinstance(player.dtype, pd.api.extensions.ExtensionDtype)
    ):
        return None
    if opponent is not None and not pd.api.types.is_numeric_dtype(opponent.dtype):
        return None
    p = player.to_numpy(dtype=np.int64)
    if len(p) == 0 or p.min() < 0 or p.max() > 10_000_000:
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


def _factorize_keys(frame: pd.DataFrame, event_codes: np.ndarray, n_events: int):
    """Global player index of every row's player and opponent (-1 if missing / unknown)."""
    player = frame[PLAYER]
    opponent = frame[OPPONENT] if OPPONENT in frame.columns else None
    n = len(frame)
    fast = _integer_ids(player, opponent, frame)
    if fast is not None:
        pcodes, ocodes, uniques = fast
    elif opponent is not None:
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
        pcodes, ocodes = codes[:n], codes[n:]
    else:
        pcodes, uniques = pd.factorize(player)
        ocodes = np.full(n, -1)
    n_ids = max(len(uniques), 1)
    key = event_codes.astype(np.int64) * n_ids + pcodes
    okey = np.where(ocodes >= 0, event_codes.astype(np.int64) * n_ids + ocodes, -1)
    if n_events * n_ids <= 50_000_000:
        present = np.zeros(n_events * n_ids, dtype=bool)
        np.put(present, key, True)
        index_of = np.cumsum(present) - 1
        g = np.take(index_of, key)
        okey0 = np.where(okey >= 0, okey, 0)
        present_o = np.take(present, okey0) & (okey >= 0)
        o = np.where(present_o, np.take(index_of, okey0), -1)
        keys = np.flatnonzero(present)
    else:
        keys, g = np.unique(key, return_inverse=True)
        pos = np.searchsorted(keys, np.where(okey >= 0, okey, 0))
        pos = np.minimum(pos, len(keys) - 1)
        o = np.where((okey >= 0) & (keys[pos] == okey), pos, -1)
    player_event = (keys // n_ids).astype(np.int64)
    player_id = np.asarray(uniques, dtype=object)[keys % n_ids] if len(uniques) else keys
    return g, o, player_event, player_id, (ocodes >= 0)


def _rule_codes(
    rules,
    event_index: pd.Index,
    events: pd.DataFrame | None,
    results: pd.DataFrame,
) -> np.ndarray:
    """Rule-set code per event."""
    n = len(event_index)
    if rules is None:  # a per-event column, else the default
        if events is not None and RULES in events.columns:
            rules = events.set_index(EVENT)[RULES]
        elif RULES in results.columns:
            rules = results.groupby(EVENT, observed=True, sort=False)[RULES].first()
        else:
            rules = "adjusted"
    if isinstance(rules, pd.Series):
        rules = rules.to_dict()
    if isinstance(rules, str):
        _check_rule_names([rules])
        if not rules.startswith("auto"):
            return np.full(n, _RULE_NAMES.index(rules), dtype=np.int8)
        names = np.full(n, rules, dtype=object)
    elif isinstance(rules, Mapping):
        names = np.array([rules.get(e) for e in event_index], dtype=object)
        missing = event_index[pd.isna(names)].tolist()
        if missing:
            raise ValidationError(
                f"rules: no rule set given for {len(missing)} event(s), e.g. {missing[:5]}"
            )
        _check_rule_names(pd.unique(names).tolist())
    else:
        raise ValueError(f"rules must be a rule-set name, 'auto' or a mapping, got {rules!r}")
    codes = pd.Index(_RULE_NAMES).get_indexer(names).astype(np.int8)
    auto = codes < 0
    if auto.any():
        dates = _event_dates(event_index, events, results)
        limits = pd.DatetimeIndex([limit for limit, _ in _AUTO_LIMITS]).as_unit("ns").asi8
        by_date = np.searchsorted(limits, dates.as_unit("ns").asi8, side="right")
        undated = np.asarray(dates.isna())
        fallback = pd.Index(_RULE_NAMES).get_indexer(
            [str(r).partition(":")[2] or None for r in names]
        )
        stuck = auto & undated & (fallback < 0)
        if stuck.any():
            shown = event_index[stuck].tolist()
            raise ValidationError(
                f"rules='auto': {len(shown)} event(s) have no start date (TRF 042 / events.date): "
                f"{shown[:5]}; give the dates, a rule set for each event, or a fallback for "
                "undated events such as rules='auto:fide2009'"
            )
        # by date: 0 before the first limit (fide2009), 1 fide2024, 2 fide2026
        in_force = pd.Index(_RULE_NAMES).get_indexer([*(n for _, n in _AUTO_LIMITS), "fide2026"])
        chosen = np.where(undated, fallback, in_force[by_date])
        codes = np.where(auto, chosen, codes).astype(np.int8)
    return codes


def _check_rule_names(names: list) -> None:
    """Refuse names that are neither a rule set, ``"auto"`` nor ``"auto:<rule set>"``."""
    bad = sorted(
        str(r)
        for r in names
        if r not in RULE_SETS
        and not (r == "auto" or (str(r).startswith("auto:") and str(r)[5:] in RULE_SETS))
    )
    if bad:
        raise ValueError(
            f"unknown rule set(s) {bad}; expected one of {_RULE_NAMES}, 'auto' or 'auto:<rule set>'"
        )


def _event_dates(event_index: pd.Index, events, results) -> pd.DatetimeIndex:
    """Start date of each event (NaT where none is known)."""
    if events is not None and DATE in events.columns:
        dates = events.set_index(EVENT)[DATE]
    elif DATE in results.columns:
        dates = results.groupby(EVENT, observed=True, sort=False)[DATE].first()
    else:
        return pd.DatetimeIndex([pd.NaT] * len(event_index))
    dates = pd.Series(pd.to_datetime(dates, errors="coerce").to_numpy(), index=dates.index)
    dates.index = dates.index.astype(object)
    return pd.DatetimeIndex(dates.reindex(pd.Index(event_index, dtype=object)).to_numpy())


def _codes_of(values: pd.Series, labels: Sequence[str]) -> np.ndarray:
    """Position (int8) of each value in `labels`, -1 if absent; categoricals via their categories."""
    index = pd.Index(list(labels))
    if isinstance(values.dtype, pd.CategoricalDtype) and len(values.cat.categories) < 127:
        # a lookup table indexed by the category codes; code -1 (missing) hits the trailing -1
        lut = np.append(index.get_indexer(values.cat.categories.astype(str)), -1).astype(np.int8)
        return lut[values.cat.codes.to_numpy()]
    return index.get_indexer(values.astype(str)).astype(np.int8)


def _build_grid(
    results: pd.DataFrame,
    *,
    rules,
    players: pd.DataFrame | None,
    events: pd.DataFrame | None,
    round_robin=False,
) -> _Grid:
    """Validate the long frame and scatter it into the stacked players x rounds grid."""
    df = validate(results, RESULT_COLUMNS, what="results")
    events, players = _validate_tables(events, players)
    if OPPONENT not in df.columns:
        df[OPPONENT] = pd.array([pd.NA] * len(df), dtype="Int64")
    if len(df) == 0:
        raise ValidationError("results: no rows")
    kind_codes = _codes_of(df[KIND], KINDS)
    fail_rows(df, kind_codes < 0, f"unknown kind (expected one of {', '.join(KINDS)})")
    rnd = df[ROUND].to_numpy(dtype=np.int64)
    fail_rows(df, rnd < 1, "round must be 1 or more")
    pts = df[POINTS].to_numpy(dtype=np.float64)
    half_points = (pts * 2).astype(np.int8)  # 0, 1, 2
    fail_rows(df, (half_points != pts * 2) | (pts < 0) | (pts > 1), "points must be 0, 0.5 or 1")
    fixed = (  # kinds whose points are fixed: 2 half points, 0, or 1
        (_is(kind_codes, 1 << K_FW | 1 << K_FPB) & (half_points != 2))
        | (_is(kind_codes, 1 << K_FL | 1 << K_ZPB) & (half_points != 0))
        | ((kind_codes == K_HPB) & (half_points != 1))
    )
    fail_rows(df, fixed, "points do not match the kind")
    has_opp = df[OPPONENT].notna().to_numpy()
    needs_opp = _is(kind_codes, _WITH_OPPONENT)
    fail_rows(df, needs_opp & ~has_opp, "a played or forfeited game has no opponent")
    fail_rows(df, ~needs_opp & has_opp, "a bye or absence has an opponent")
    if COLOUR in df.columns:
        code = _codes_of(df[COLOUR], ("w", "b", "W", "B"))
        colour = np.where(code >= 0, code % 2 + 1, 0).astype(np.int8)
        fail_rows(df, df[COLOUR].notna().to_numpy() & (code < 0), 'colour must be "w" or "b"')
    else:
        colour = np.zeros(len(df), dtype=np.int8)

    event_codes, event_index = pd.factorize(df[EVENT], sort=False)
    if isinstance(df[EVENT].dtype, pd.CategoricalDtype):
        event_index = pd.Index(event_index.astype(object))
    g, o, player_event, player_id, opp_given = _factorize_keys(df, event_codes, len(event_index))
    fail_rows(df, opp_given & (o < 0), "the opponent is not a player of the event")
    fail_rows(df, opp_given & (o == g), "a player is paired against himself")

    n_events = len(event_index)
    ev_rounds = (
        pd.Series(rnd).groupby(event_codes).max().reindex(range(n_events), fill_value=0)
    ).to_numpy(dtype=np.int64)
    if events is not None and ROUNDS in events.columns:
        given = events.set_index(EVENT)[ROUNDS]
        extra = given.reindex(event_index).to_numpy(dtype=np.float64, na_value=np.nan)
        fail_rows(
            df,
            rnd > np.take(np.nan_to_num(extra, nan=np.inf), event_codes),
            "round is beyond the event's planned rounds (events.rounds)",
        )
        ev_rounds = np.maximum(ev_rounds, np.nan_to_num(extra, nan=0).astype(np.int64))
    n_players = len(player_event)
    R = int(ev_rounds.max())
    n_rounds = np.take(ev_rounds, player_event)

    flat = g * R + (rnd - 1)
    counts = np.bincount(flat, minlength=n_players * R)
    fail_rows(df, np.take(counts, flat) > 1, "a player appears twice in a round")
    kind = np.where(np.arange(R)[None, :] < n_rounds[:, None], K_ZPB, K_NONE).astype(np.int8)
    points = np.zeros((n_players, R))
    opp = np.full((n_players, R), -1, dtype=np.int64)
    col = np.zeros((n_players, R), dtype=np.int8)
    np.put(kind, flat, kind_codes)
    np.put(points, flat, pts)
    np.put(opp, flat, o)
    np.put(col, flat, colour)

    # every game appears from both sides, with complementary points and opposite colours: the
    # opponent's row is fetched through the grid, its kind/points/colour packed in one int8
    has = o >= 0
    of = np.where(has, o * R + (rnd - 1), 0)
    fail_rows(
        df,
        has & (np.take(opp, of) != g),
        "the opponent's row of that round does not name the player",
    )
    state = kind_codes * 16 + half_points * 4 + colour  # < 128
    packed = np.zeros(n_players * R, dtype=np.int8)
    np.put(packed, flat, state)
    back = np.take(packed, of)
    partner = np.where(
        kind_codes == K_FW, K_FL, np.where(kind_codes == K_FL, K_FW, kind_codes)
    ).astype(np.int8)
    fail_rows(
        df,
        has & ((back // 16 != partner) | (back // 4 % 4 != 2 - half_points)),
        "the two sides of a game do not match (played 1-0/0.5-0.5, forfeit win vs forfeit loss)",
    )
    back_col = back % 4
    fail_rows(
        df,
        has & (kind_codes == K_PLAYED) & (colour > 0) & (back_col == colour),
        "both players of a game have the same colour",
    )

    rr = _round_robin_events(round_robin, pd.Index(event_index))
    if rr.any():  # forfeits of round-robin events count as played games (C.07 art. 15)
        forfeit = _is(kind, 1 << K_FW | 1 << K_FL) & np.take(rr, player_event)[:, None]
        kind[forfeit] = K_PLAYED
    rating = _ratings(df, players, g, n_players, event_index, player_event, player_id)
    rule_ev = _rule_codes(rules, event_index, events, df)
    return _Grid(
        event_index=pd.Index(event_index),
        event_categorical=isinstance(df[EVENT].dtype, pd.CategoricalDtype),
        player_event=player_event,
        player_id=player_id,
        n_rounds=n_rounds,
        kind=kind,
        points=points,
        opp=opp,
        colour=col,
        rating=rating,
        rule=np.take(rule_ev, player_event),
    )


def _validate_tables(events, players):
    """The validated `events` and `players` frames (None stays None); one row per event / player."""
    if events is not None:
        events = validate(events, EVENT_COLUMNS, key=(EVENT,), what="events")
    if players is not None:
        players = validate(players, PLAYER_COLUMNS, key=(EVENT, PLAYER), what="players")
    return events, players


def _resolve_round_robin(round_robin, events, results) -> bool | list:
    """`round_robin` as given; None: the events of `results` whose ``type`` (TRF ``092``, a
    column of `events`, else of `results`) names a round robin (:data:`ROUND_ROBIN_TYPE`)."""
    if round_robin is not None:
        return round_robin
    if not isinstance(results, pd.DataFrame) or EVENT not in results.columns:
        return False  # validation reports it
    source = events if events is not None and TYPE in events.columns else results
    if TYPE not in source.columns or EVENT not in source.columns:
        return False
    source = source[[EVENT, TYPE]].dropna().drop_duplicates(EVENT)
    named = source[TYPE].astype("string").str.contains(ROUND_ROBIN_TYPE, na=False).to_numpy()
    labels = pd.Index(source[EVENT].to_numpy(dtype=object)[named], dtype=object)
    present = labels[labels.isin(pd.unique(results[EVENT].to_numpy(dtype=object)))]
    return present.tolist() or False


def _round_robin_events(round_robin, event_index: pd.Index) -> np.ndarray:
    """Whether each event is a round robin (`round_robin`: a bool or some event labels)."""
    if round_robin is None or isinstance(round_robin, bool | np.bool_):
        return np.full(len(event_index), bool(round_robin))
    labels = [round_robin] if isinstance(round_robin, str) else list(round_robin)
    wanted = pd.Index(labels, dtype=object)
    unknown = wanted[~wanted.isin(event_index.astype(object))].tolist()
    if unknown:
        raise ValidationError(f"round_robin: no such event(s) in the results: {unknown[:5]}")
    return np.asarray(event_index.astype(object).isin(wanted))


def _ratings(df, players, g, n_players, event_index, player_event, player_id) -> np.ndarray:
    rating = np.full(n_players, np.nan)
    if RATING in df.columns:
        r = df[RATING].to_numpy(dtype=np.float64, na_value=np.nan)
        ok = ~np.isnan(r)
        if ok.all():
            np.put(rating, g, r)
        else:
            np.put(rating, g[ok], r[ok])
    if players is not None and RATING in players.columns:
        key = pd.MultiIndex.from_arrays([pd.Index(event_index)[player_event], pd.Index(player_id)])
        table = players.set_index([EVENT, PLAYER])[RATING]
        table.index = pd.MultiIndex.from_arrays(
            [table.index.get_level_values(0).astype(object), table.index.get_level_values(1)]
        )
        found = table.reindex(key).to_numpy(dtype=np.float64, na_value=np.nan)
        rating = np.where(np.isnan(found), rating, found)
    rating[rating <= 0] = np.nan  # 0 means unrated in TRF
    return rating


# --- opponents' scores as counted ----------------------------------------------------------------


@dataclass
class _Rounds:
    """Per (player, round): opponent's score as counted, result, stand-in type, VUR flag."""

    score: np.ndarray  # (G, R) opponent's (or stand-in's) score as counted
    result: np.ndarray  # (G, R) result counted against it
    standin: np.ndarray  # (G, R) int8: 0 real opponent, 1 self, 2 dummy, 3 virtual
    vur: np.ndarray  # (G, R) bool, cut first where the rule set says so
    valid: np.ndarray  # (G, R) bool: the round exists
    pts: np.ndarray  # (G,) points
    seen: np.ndarray  # (G,) score as seen by the opponents


def _scores(kind: np.ndarray, points: np.ndarray, opp: np.ndarray, grid: _Grid) -> _Rounds:
    G, R = kind.shape
    valid = kind != K_NONE
    played = kind == K_PLAYED
    unplayed = valid & ~played
    pts = np.where(valid, points, 0.0)
    total = pts.sum(axis=1)
    adjusted = np.where(played, pts, 0.0).sum(axis=1) + 0.5 * unplayed.sum(axis=1)
    rnum = np.arange(1, R + 1)
    last_available = np.where(_is(kind, _AVAILABLE), rnum[None, :], 0).max(axis=1, initial=0)
    trailing = _is(kind, _BYE_VUR) & (rnum[None, :] > last_available[:, None])
    face = np.where(trailing, 0.5, pts).sum(axis=1)
    safe = np.where(opp >= 0, opp, 0)
    rule = grid.rule
    used = set(np.unique(rule).tolist())
    seen = np.where(
        np.isin(
            rule, [i for i, n in enumerate(_RULE_NAMES) if RULE_SETS[n].opponent_view == "adjusted"]
        ),
        adjusted,
        face,
    )
    score = np.where(played, np.take(seen, safe), np.nan)
    result = pts.copy()
    standin = np.zeros((G, R), dtype=np.int8)
    n = grid.n_rounds.astype(np.float64)
    for code in used:
        rs = RULE_SETS[_RULE_NAMES[code]]
        mine = (rule == code)[:, None] & unplayed
        if rs.own_unplayed == "self":
            own = np.broadcast_to(adjusted[:, None], (G, R))
            result = np.where(mine, 0.5, result)
            kind_code = 1
        elif rs.own_unplayed == "dummy":
            own = np.broadcast_to(total[:, None], (G, R))
            kind_code = 2
        elif rs.own_unplayed == "dummy_capped":
            cap = np.where(opp >= 0, np.take(seen, safe), 0.5 * n[:, None])
            own = np.minimum(total[:, None], cap)
            kind_code = 2
        else:  # virtual opponent (2009)
            before = np.cumsum(pts, axis=1) - pts
            own = before + (1.0 - pts) + 0.5 * (n[:, None] - rnum[None, :])
            kind_code = 3
        score = np.where(mine, own, score)
        standin[mine] = kind_code
    vur_first = np.array([RULE_SETS[n].vur_cut_first for n in _RULE_NAMES])[rule]
    vur = _is(kind, _VUR) & vur_first[:, None]
    score = np.where(valid, score, np.nan)
    return _Rounds(score, result, standin, vur, valid, total, seen)


def _fore(grid: _Grid) -> tuple[np.ndarray, np.ndarray]:
    """Kinds and points with every paired game of each event's last round made a played draw."""
    last = (np.arange(grid.shape[1])[None, :] == (grid.n_rounds - 1)[:, None]) & (grid.opp >= 0)
    kind = np.where(last, K_PLAYED, grid.kind).astype(np.int8)
    points = np.where(last, 0.5, grid.points)
    return kind, points


# --- cuts ----------------------------------------------------------------------------------------


def _cut(
    score: np.ndarray,
    contrib: np.ndarray,
    alive: np.ndarray,
    vur: np.ndarray | None,
    low: int,
    high: int,
    *,
    by_score: bool = False,
) -> np.ndarray:
    """Mask of the entries kept after cutting `low` lowest and `high` highest per row.

    The least significant entry is the one of lowest `score`, then lowest `contrib`. With `vur`,
    the least significant VUR is cut instead when its contribution is not lower (C.07 16.5).
    """
    alive = alive.copy()
    if low == 0 and high == 0:
        return alive
    rows = np.arange(alive.shape[0])
    # one sort key ordering by score, then contribution: exact when the contribution is the
    # score, or when both are multiples of 1/4 with |contribution| < 1024 (half-point scores)
    if by_score:  # the contribution is the score itself
        key = score
    else:
        span = np.nanmax(np.abs(np.where(alive, contrib, 0.0)), initial=0.0)
        quarters = np.all(np.where(alive, (contrib * 4) % 1 == 0, True))
        key = score * 4096.0 + contrib if (span < 1024 and quarters) else None
    for _ in range(low):
        any_alive = alive.any(axis=1)
        if key is not None:
            least = np.argmin(np.where(alive, key, np.inf), axis=1)
        else:
            s = np.where(alive, score, np.inf)
            least = np.lexsort((np.where(alive, contrib, np.inf), s), axis=-1)[:, 0]
        choice = least
        if vur is not None:
            v_alive = alive & vur
            if key is not None:
                first_v = np.argmin(np.where(v_alive, key, np.inf), axis=1)
            else:
                s = np.where(v_alive, score, np.inf)
                first_v = np.lexsort((np.where(v_alive, contrib, np.inf), s), axis=-1)[:, 0]
            use_v = v_alive.any(axis=1) & (contrib[rows, first_v] >= contrib[rows, least])
            choice = np.where(use_v, first_v, least)
        alive[rows[any_alive], choice[any_alive]] = False
    for _ in range(high):
        any_alive = alive.any(axis=1)
        if key is not None:
            top = np.argmax(np.where(alive, key, -np.inf), axis=1)
        else:
            s = np.where(alive, -score, np.inf)
            top = np.lexsort((np.where(alive, -contrib, np.inf), s), axis=-1)[:, 0]
        alive[rows[any_alive], top[any_alive]] = False
    return alive


# --- the tie-breaks ------------------------------------------------------------------------------


@dataclass
class _Detail:
    """Per-round breakdown of one tie-break (for :func:`explain`)."""

    score: np.ndarray | None
    result: np.ndarray | None
    contrib: np.ndarray
    kept: np.ndarray
    standin: np.ndarray | None


class _Engine:
    """Computes tie-breaks on one grid, caching shared intermediate results."""

    def __init__(self, grid: _Grid):
        self.grid = grid
        self.cache: dict = {}
        self.valid = grid.kind != K_NONE
        self.played = grid.kind == K_PLAYED

    def rounds(self, fore: bool = False) -> _Rounds:
        key = ("rounds", fore)
        if key not in self.cache:
            g = self.grid
            kind, points = _fore(g) if fore else (g.kind, g.points)
            self.cache[key] = _scores(kind, points, g.opp, g)
        return self.cache[key]

    def value(self, tb: TieBreak) -> np.ndarray:
        if tb.code not in self.cache:
            self.cache[tb.code] = self.compute(tb)[0]
        return self.cache[tb.code]

    def compute(self, tb: TieBreak) -> tuple[np.ndarray, _Detail | None]:
        name = tb.name
        g = self.grid
        if name == "PTS":
            r = self.rounds()
            return r.pts, _Detail(None, None, np.where(r.valid, g.points, 0.0), r.valid, None)
        if name in ("BH", "SB", "FB", "KS"):
            r = self.rounds(fore=name == "FB")
            if name == "SB":
                contrib = r.result * r.score
            elif name == "KS":
                limit = 0.5 * g.n_rounds[:, None] - 1e-9
                # adjusted: opponents' (and own, for unplayed rounds) adjusted scores; FIDE rule
                # sets: games against real opponents (forfeits included) whose final score
                # reaches the limit, byes and absences counting nothing (as the TEC program)
                fide = g.rule != _RULE_NAMES.index("adjusted")
                if not fide.all():
                    adjusted = np.where(r.score >= limit, r.result, 0.0)
                if fide.any():
                    safe = np.where(g.opp >= 0, g.opp, 0)
                    strong = (g.opp >= 0) & (np.take(r.pts, safe) >= limit)
                    by_fide = np.where(strong, g.points, 0.0)
                contrib = (
                    by_fide
                    if fide.all()
                    else adjusted
                    if not fide.any()
                    else np.where(fide[:, None], by_fide, adjusted)
                )
            else:
                contrib = r.score
            contrib = np.where(r.valid, contrib, 0.0)
            kept = _cut(
                r.score, contrib, r.valid, r.vur, tb.low, tb.high, by_score=name in ("BH", "FB")
            )
            value = np.where(kept, contrib, 0.0).sum(axis=1)
            return value, _Detail(r.score, r.result, contrib, kept, r.standin)
        if name == "AOB":
            bh = self.value(TieBreak("BH", "BH"))
            # no game over the board: 0, as the FIDE-endorsed programs publish it
            return np.nan_to_num(self._opponent_mean(bh, digits=None), nan=0.0), None
        if name in ("PS", "CUM"):
            pts = np.where(self.valid, g.points, 0.0)
            running = np.cumsum(pts, axis=1)
            kept = _cut(running, running, self.valid, None, tb.low, 0, by_score=True)
            contrib = running.copy()
            if name == "CUM":
                contrib = contrib - np.where(self.valid & ~self.played, pts, 0.0)
            contrib = np.where(self.valid, contrib, 0.0)
            value = np.where(kept, contrib, 0.0).sum(axis=1)
            return value, _Detail(None, pts, contrib, kept, None)
        if name in ("WIN", "WON", "BPG", "BWG", "REP"):
            win = self.valid & (g.points == 1.0)
            black = self.played & (g.colour == 2)
            flag = {
                "WIN": win,
                "WON": win & self.played,
                "BPG": black,
                "BWG": black & (g.points == 1.0),
                "REP": self.valid & _is(g.kind, _AVAILABLE),
            }[name]
            contrib = flag.astype(np.float64)
            return contrib.sum(axis=1), _Detail(None, g.points, contrib, self.valid, None)
        if name == "ARO":
            return self._aro(tb)
        if name == "TPR":
            return self._performance()[0], None
        if name == "PTP":
            return self._performance()[1], None
        if name == "APRO":
            return self._opponent_mean(self._performance()[0], digits=0), None
        if name == "APPO":
            return self._opponent_mean(self._performance()[1], digits=0), None
        raise ValueError(f"tie-break {tb.code} is computed by standings() only")  # DE

    def _opp_ratings(self) -> tuple[np.ndarray, np.ndarray]:
        g = self.grid
        safe = np.where(g.opp >= 0, g.opp, 0)
        ratings = np.where(self.played, np.take(g.rating, safe), np.nan)
        return ratings, ~np.isnan(ratings)

    def _aro(self, tb: TieBreak):
        ratings, rated = self._opp_ratings()
        kept = _cut(ratings, ratings, rated, None, tb.low, tb.high, by_score=True)
        count = kept.sum(axis=1)
        total = np.where(kept, ratings, 0.0).sum(axis=1)
        with np.errstate(invalid="ignore", divide="ignore"):
            mean = total / count
        value = np.where(count > 0, _round_half_up(mean), np.nan)
        contrib = np.where(kept, ratings, 0.0) / np.maximum(count, 1)[:, None]
        return value, _Detail(ratings, self.grid.points, contrib, kept, None)

    def _performance(self) -> tuple[np.ndarray, np.ndarray]:
        if "perf" in self.cache:
            return self.cache["perf"]
        g = self.grid
        ratings, rated = self._opp_ratings()
        count = rated.sum(axis=1)
        score = np.where(rated, g.points, 0.0).sum(axis=1)
        aro = self.value(TieBreak("ARO", "ARO"))
        with np.errstate(invalid="ignore", divide="ignore"):
            p = np.where(count > 0, score / np.maximum(count, 1), 0.0)
        p100 = _round_half_up(p * 100).astype(np.int64).clip(0, 100)
        tpr = np.where(count > 0, aro + DP_TABLE[p100], np.nan)
        # PTP: the lowest integer rating whose expected score reaches the score (bisection)
        rmin = np.where(rated, ratings, np.inf).min(axis=1, initial=np.inf)
        rmax = np.where(rated, ratings, -np.inf).max(axis=1, initial=-np.inf)
        ok = count > 0
        low = np.where(ok, rmin - 801, 0.0)  # expected score 0 here: never enough (score > 0)
        high = np.where(ok, rmax + 800, 0.0)  # expected score = count >= score
        target = np.rint(score * 100).astype(np.int64)
        r0 = np.where(rated, ratings, 0.0)
        while True:
            todo = ok & (high - low > 1)
            if not todo.any():
                break
            mid = np.floor((low + high) / 2)
            exp = np.where(rated, _expected_hundredths(mid[:, None] - r0), 0).sum(axis=1)
            enough = exp >= target
            high = np.where(todo & enough, mid, high)
            low = np.where(todo & ~enough, mid, low)
        ptp = np.where(ok, np.where(score == 0, rmin - 800, high), np.nan)
        self.cache["perf"] = (tpr, ptp)
        return tpr, ptp

    def _opponent_mean(self, values: np.ndarray, digits: int | None) -> np.ndarray:
        g = self.grid
        safe = np.where(g.opp >= 0, g.opp, 0)
        v = np.where(self.played, np.take(values, safe), np.nan)
        have = ~np.isnan(v)
        count = have.sum(axis=1)
        with np.errstate(invalid="ignore", divide="ignore"):
            mean = np.where(have, v, 0.0).sum(axis=1) / count
        mean = np.where(count > 0, mean, np.nan)
        return _round_half_up(mean) if digits == 0 else mean

    # -- direct encounter ---------------------------------------------------------------------

    def direct_encounter(self, group: np.ndarray) -> np.ndarray:
        """DE value: how many players of his tie group the direct encounter ranks below him.

        `group` (G,) labels the players tied on every earlier criterion. Within each group:
        if all members met each other, they are ordered by the points scored in those games and
        the rule is re-applied inside each still-tied subgroup; otherwise the unique leader is
        separated when nobody else could reach his score even by winning all his missing games
        among the group (C.07 art. 6), and the rule restarts with the others.
        """
        g = self.grid
        G = g.shape[0]
        _, group = np.unique(group, return_inverse=True)
        size0 = np.bincount(group, minlength=G)[group]
        # only the games between two players of the same tie group matter
        src, rnd = np.nonzero(self.played & (size0 > 1)[:, None])
        dst = g.opp[src, rnd]
        keep = group[src] == group[dst]
        src, dst, pts = src[keep], dst[keep], g.points[src[keep], rnd[keep]]
        base = np.zeros(G, dtype=np.int64)  # players of the tie group placed above the subgroup
        cur = group.astype(np.int64)
        done = size0 <= 1
        while True:
            n_groups = int(cur.max()) + 1
            size = np.bincount(cur, minlength=n_groups)
            active = ~done & (size[cur] > 1)
            if not active.any():
                break
            inside = (cur[src] == cur[dst]) & active[src]
            s = np.bincount(src[inside], weights=pts[inside], minlength=G)
            # distinct opponents met inside the group
            pair = np.unique(src[inside].astype(np.int64) * G + dst[inside])
            met = np.bincount(pair // G, minlength=G)
            missing = size[cur] - 1 - met
            complete_group = (
                np.bincount(cur, weights=(active & (missing > 0)), minlength=n_groups) == 0
            )
            complete = active & complete_group[cur]
            new = cur.copy()
            next_label = n_groups
            changed = np.zeros(G, dtype=bool)
            # complete groups: split by DE points
            if complete.any():
                idx = np.flatnonzero(complete)
                order = np.lexsort((-s[idx], cur[idx]))
                idx = idx[order]
                grp, sc = cur[idx], s[idx]
                start = np.r_[True, grp[1:] != grp[:-1]]
                newsc = start | np.r_[True, sc[1:] != sc[:-1]]
                pos = np.arange(idx.size)
                gstart = np.maximum.accumulate(np.where(start, pos, 0))
                first_of_score = np.maximum.accumulate(np.where(newsc, pos, 0))
                above = first_of_score - gstart
                base[idx] += above
                labels = np.cumsum(newsc) - 1 + next_label
                next_label = labels.max() + 1
                new[idx] = labels
                n_scores = np.bincount(grp, weights=newsc, minlength=n_groups)
                split = n_scores[grp] > 1
                changed[idx] = split
            # incomplete groups: separate a leader nobody can catch
            partial = active & ~complete
            if partial.any():
                best = np.full(n_groups, -np.inf)
                np.maximum.at(best, cur[partial], s[partial])
                is_top = partial & (s == best[cur])
                n_top = np.bincount(cur[is_top], minlength=n_groups)
                reach = np.where(is_top, -np.inf, s + missing)
                chase = np.full(n_groups, -np.inf)
                np.maximum.at(chase, cur[partial], np.where(partial, reach, -np.inf)[partial])
                lead = is_top & (n_top[cur] == 1) & (s > chase[cur] + 1e-9)
                has_lead = np.bincount(cur[lead], minlength=n_groups) > 0
                rest = partial & has_lead[cur] & ~lead
                new[lead] = next_label + cur[lead]
                base[rest] += 1
                changed[lead | rest] = True
            done |= active & ~changed
            _, cur = np.unique(new, return_inverse=True)
        final_size = np.bincount(cur, minlength=G)[cur]
        return (size0 - base - final_size).astype(np.float64)


# --- public API ----------------------------------------------------------------------------------


def _parse_list(tiebreaks) -> list[TieBreak]:
    if tiebreaks is None:
        tiebreaks = ("BH/C1", "BH", "SB")
    if isinstance(tiebreaks, str | TieBreak):
        tiebreaks = [tiebreaks]
    parsed = [parse_tiebreak(t) for t in tiebreaks]
    parsed = [t for t in parsed if t.name != "PTS"]
    codes = [t.code for t in parsed]
    dup = sorted({c for c in codes if codes.count(c) > 1})
    if dup:
        raise ValueError(f"tie-break(s) listed twice: {dup}")
    return parsed


def _table(grid: _Grid, tiebreaks: list[TieBreak]) -> pd.DataFrame:
    engine = _Engine(grid)
    pts = engine.value(TieBreak(PTS, PTS))
    columns: dict[str, np.ndarray] = {PTS: pts}
    for tb in tiebreaks:
        if tb.name == "DE":
            keys = [grid.player_event] + [
                np.round(np.nan_to_num(v, nan=-1e18), 9) for v in columns.values()
            ]
            columns[tb.code] = engine.direct_encounter(_group_ids(keys))
        else:
            columns[tb.code] = engine.value(tb)
    if grid.event_categorical:
        event = pd.Categorical.from_codes(grid.player_event, categories=grid.event_index)
    else:
        event = grid.event_index.take(grid.player_event)
    frame = pd.DataFrame({"_event_order": grid.player_event, EVENT: event, PLAYER: grid.player_id})
    frame[PLAYER] = _restore_player_dtype(frame[PLAYER])
    for code, values in columns.items():
        frame[code] = values
    criteria = [PTS, *[t.code for t in tiebreaks]]
    ranked = competition_rank(frame, criteria, by="_event_order", order_by=PLAYER)
    return ranked[[EVENT, PLAYER, RANK, *criteria]]


def _group_ids(keys: list[np.ndarray]) -> np.ndarray:
    """Integer label of each row's combination of `keys` (rows equal on all keys share it).

    Groups are refined key by key, and only the rows of groups of two or more are refined
    further (new labels are appended; the labels are made compact once at the end).
    """
    labels = pd.factorize(keys[0])[0].astype(np.int64)
    n_labels = int(labels.max(initial=-1)) + 1
    for key in keys[1:]:
        tied = np.flatnonzero(np.bincount(labels, minlength=n_labels)[labels] > 1)
        if tied.size == 0:
            break
        codes, uniques = pd.factorize(key[tied])
        sub, sub_uniques = pd.factorize(labels[tied] * len(uniques) + codes)
        labels[tied] = n_labels + sub
        n_labels += len(sub_uniques)
    return pd.factorize(labels)[0].astype(np.int64)


def _restore_player_dtype(values: pd.Series) -> pd.Series:
    converted = pd.to_numeric(values, errors="coerce")
    if converted.notna().all() and (converted == np.floor(converted)).all():
        return converted.astype(np.int64)
    return values


def standings(
    results: pd.DataFrame,
    *,
    tiebreaks: Sequence[str] | str | None = ("BH/C1", "BH", "SB"),
    rules: str | Mapping | pd.Series | None = "adjusted",
    players: pd.DataFrame | None = None,
    events: pd.DataFrame | None = None,
    round_robin: bool | Iterable | None = None,
) -> pd.DataFrame:
    """Final standings of every event: points then the tie-breaks, in order.

    Parameters
    ----------
    results : pandas.DataFrame
        One row per player per round: ``event, round, player, opponent, colour, points, kind``
        (``opponent`` and ``colour`` may be missing; an optional ``rating`` column gives the
        player's rating).
    tiebreaks : sequence of str
        Tie-break codes in order, e.g. ``("BH/C1", "BH", "SB")``; see :data:`TIEBREAKS`.
    rules : {"adjusted", "fide2024", "fide2026", "fide2009", "auto", "auto:NAME"}, mapping or None
        How unplayed games count (see the module documentation). A mapping (or Series) gives a
        rule set per event; None takes a ``rules`` column of `events` or `results` (per event).
        ``"auto"`` picks by the event's start date (``events.date``, i.e. TRF ``042``, or a
        ``date`` column of `results`): before 2023-09-01 fide2009, before 2026-03-01 fide2024,
        then fide2026; an event without a date is an error naming it, unless a fallback is
        given as ``"auto:NAME"`` (e.g. ``"auto:fide2009"``: undated events use fide2009).
    players : pandas.DataFrame, optional
        ``event, player, rating`` (more columns are ignored); ratings for ARO, TPR, PTP, ...
    events : pandas.DataFrame, optional
        ``event`` with ``date`` (for ``"auto"``) and/or ``rounds`` (the planned number of rounds).
    round_robin : bool, iterable of event labels or None
        Events that are round robins (True: all). Their forfeits count as played games for
        every tie-break (C.07 art. 15: in round robins an unplayed game is treated as played),
        so the unplayed-game rule set only concerns their byes and absences; the forfeits of
        the other events are unplayed games, as in Swiss events. None (the default): the events
        whose ``type`` (the TRF ``092`` record, e.g. "Round Robin" or "Berger"; see
        :data:`ROUND_ROBIN_TYPE`), a column of `events` or else of `results`, names a round
        robin; none without such a column.

    Returns
    -------
    pandas.DataFrame
        One row per event and player: ``event, player, rank, PTS`` and one column per tie-break
        named by its code, sorted by event (in order of appearance) and rank.

    Raises
    ------
    ValidationError
        On inconsistent results (naming event, round and player).

    Examples
    --------
    >>> games = pd.DataFrame({
    ...     "event": "Open", "round": [1, 1, 1, 2, 2, 2],
    ...     "player": [1, 2, 3, 1, 2, 3], "opponent": [2, 1, None, 3, None, 1],
    ...     "colour": ["w", "b", None, "b", None, "w"], "points": [1, 0, 1, 0.5, 1, 0.5],
    ...     "kind": ["played", "played", "pab", "played", "pab", "played"]})
    >>> standings(games, tiebreaks=["BH", "SB"])
      event  player  rank  PTS   BH    SB
    0  Open       3     1  1.5  2.5  1.25
    1  Open       1     2  1.5  1.5  1.00
    2  Open       2     3  1.0  2.0  0.25
    """
    tbs = _parse_list(tiebreaks)
    round_robin = _resolve_round_robin(round_robin, events, results)
    options = dict(rules=rules, players=players, events=events, round_robin=round_robin)
    chunks = _event_chunks(results)
    if chunks is None:
        return _table(_build_grid(results, **options), tbs)
    # Events are independent: a big archive is computed a few thousand events at a time, which
    # keeps the temporary arrays small enough for the allocator to reuse (about half the time).
    named = None  # round robins named by label: checked once, each chunk given its own
    if not isinstance(round_robin, bool | np.bool_):
        every = pd.Index(pd.unique(results[EVENT]), dtype=object)
        named = every[_round_robin_events(round_robin, every)]
    tables = []
    for c in chunks:
        if named is not None:
            mine = named[named.isin(pd.unique(c[EVENT].to_numpy(dtype=object)))].tolist()
            options["round_robin"] = mine or False
        tables.append(_table(_build_grid(c, **options), tbs))
    out = pd.concat(tables, ignore_index=True)
    if isinstance(results[EVENT].dtype, pd.CategoricalDtype):  # as one pass: in order of appearance
        order = pd.Index(pd.unique(results[EVENT]).astype(object), dtype=object)
        out[EVENT] = pd.Categorical(out[EVENT], dtype=pd.CategoricalDtype(order))
    return out


#: above this many rows, :func:`standings` works through the events in chunks of about this size
CHUNK_ROWS = 500_000


def _event_chunks(results: pd.DataFrame, rows: int | None = None) -> list[pd.DataFrame] | None:
    """Split `results` into runs of whole events (in order of first appearance, as one pass
    orders them) of about `rows` rows; None when it is small enough to compute at once."""
    rows = CHUNK_ROWS if rows is None else rows
    if not isinstance(results, pd.DataFrame) or EVENT not in results or len(results) <= rows:
        return None
    codes, _ = pd.factorize(results[EVENT], sort=False)
    if (codes < 0).any():
        return None  # missing events: let validation report them
    order = np.argsort(codes, kind="stable")
    sizes = np.bincount(codes)
    ends = np.cumsum(sizes)
    # cut after the event where the running size passes each multiple of `rows`
    cut_events = np.unique(np.searchsorted(ends, np.arange(rows, ends[-1], rows)))
    bounds = np.r_[0, ends[cut_events[cut_events < len(ends) - 1]], len(codes)]
    if len(bounds) <= 2:
        return None
    return [results.iloc[order[a:b]] for a, b in zip(bounds[:-1], bounds[1:], strict=True)]


def _expand_by_round(results: pd.DataFrame) -> tuple[pd.DataFrame, pd.Index, int]:
    """Stack one copy of each event truncated after every round 1..n (pseudo-events)."""
    rnd = pd.to_numeric(results[ROUND], errors="coerce").to_numpy()
    ev_codes, ev_index = pd.factorize(results[EVENT], sort=False)
    n_ev = np.zeros(len(ev_index), dtype=np.int64)
    if len(rnd):
        np.maximum.at(n_ev, ev_codes, np.nan_to_num(rnd, nan=0).astype(np.int64))
    # rows of round r appear in copies k = r..n
    copies = (n_ev[ev_codes] - np.nan_to_num(rnd, nan=1).astype(np.int64) + 1).clip(min=0)
    take = np.repeat(np.arange(len(results)), copies)
    first = np.repeat(np.cumsum(copies) - copies, copies)
    k = np.arange(len(take)) - first + np.nan_to_num(rnd, nan=1).astype(np.int64)[take]
    out = results.iloc[take].reset_index(drop=True)
    width = int(n_ev.max(initial=0)) + 1
    out[EVENT] = ev_codes[take].astype(np.int64) * width + k  # pseudo-event: (event, after round)
    return out, ev_index, width


def standings_by_round(
    results: pd.DataFrame,
    *,
    tiebreaks: Sequence[str] | str | None = ("BH/C1", "BH", "SB"),
    rules: str | Mapping | pd.Series | None = "adjusted",
    players: pd.DataFrame | None = None,
    events: pd.DataFrame | None = None,
    round_robin: bool | Iterable | None = None,
) -> pd.DataFrame:
    """Standings after every round of every event, in one call.

    Each event truncated after round k is ranked as if it had k rounds (withdrawals, byes and
    the 50 % limit of Koya are judged within those k rounds). The options are those of
    :func:`standings`; the planned ``rounds`` of `events` do not apply to the truncated copies.

    Returns
    -------
    pandas.DataFrame
        ``event, round, player, rank, PTS`` and the tie-break columns; one row per event, round
        and player.

    Examples
    --------
    >>> games = pd.DataFrame({
    ...     "event": "Open", "round": [1, 1, 2, 2], "player": [1, 2, 1, 2],
    ...     "opponent": [2, 1, 2, 1], "colour": ["w", "b", "b", "w"],
    ...     "points": [1, 0, 0.5, 0.5], "kind": "played"})
    >>> standings_by_round(games, tiebreaks=["SB"])[["round", "player", "rank", "PTS", "SB"]]
       round  player  rank  PTS    SB
    0      1       1     1  1.0  0.00
    1      1       2     2  0.0  0.00
    2      2       1     1  1.5  0.75
    3      2       2     2  0.5  0.75
    """
    tbs = _parse_list(tiebreaks)
    if not isinstance(results, pd.DataFrame):
        raise ValidationError(f"results: expected a pandas DataFrame, got {type(results).__name__}")
    for c in (EVENT, ROUND):
        if c not in results.columns:
            raise ValidationError(f"results: missing column(s) {c!r}")
    events, players = _validate_tables(events, players)
    round_robin = _resolve_round_robin(round_robin, events, results)
    expanded, ev_index, width = _expand_by_round(results)
    pseudo = {k: ev_index[k // width] for k in expanded[EVENT].unique().tolist()}
    # the rule set of each event, given to each of its truncated copies
    base = _rule_codes(rules, pd.Index(ev_index), events, results)
    rules = {k: _RULE_NAMES[base[k // width]] for k in pseudo}
    pl2 = None
    if players is not None:
        copies = pd.DataFrame({"_k": list(pseudo), EVENT: list(pseudo.values())})
        pl2 = players.merge(copies, on=EVENT).drop(columns=EVENT).rename(columns={"_k": EVENT})
    # (planned rounds of `events` do not apply to the truncated copies)
    rr = _round_robin_events(round_robin, pd.Index(ev_index))
    copies = np.fromiter(pseudo, dtype=np.int64, count=len(pseudo))
    rr_copies = copies[rr[copies // width]].tolist()
    grid = _build_grid(expanded, rules=rules, players=pl2, events=None, round_robin=rr_copies)
    table = _table(grid, tbs)
    k = table[EVENT].to_numpy(dtype=np.int64)
    table.insert(1, ROUND, k % width)
    table[EVENT] = pd.Index(ev_index).take(k // width)
    order = np.lexsort(
        (np.arange(len(table)), table[ROUND].to_numpy(), pd.factorize(table[EVENT])[0])
    )
    return table.iloc[order].reset_index(drop=True)


_STANDIN = np.array(["player", "self", "dummy", "virtual"], dtype=object)


def explain(
    results: pd.DataFrame,
    *,
    tiebreak: str = "BH",
    player=None,
    event=None,
    rules: str | Mapping | pd.Series | None = "adjusted",
    players: pd.DataFrame | None = None,
    events: pd.DataFrame | None = None,
    round_robin: bool | Iterable | None = None,
) -> pd.DataFrame:
    """Round-by-round breakdown of one tie-break: what each round contributes and why.

    Supported: BH, SB, FB, KS, PS, CUM, ARO, WIN, WON, BPG, BWG, REP, PTS, with modifiers.
    `player` and `event` select the rows shown (default: all); the other options are those of
    :func:`standings`.

    Returns
    -------
    pandas.DataFrame
        One row per event, player and round: ``event, player, round, kind, opponent,
        counted_as`` ("player", "self" for the adjusted rule's draw against oneself, "dummy",
        "virtual"; missing where no opponent's score is used), ``opponent_points`` (the real
        opponent's points), ``score`` (the opponent's score as counted), ``adjusted`` (whether
        that differs from his points), ``result``, ``contribution``, ``cut`` and ``value`` (the
        tie-break). The contributions of the rows not cut sum to ``value`` (for ARO, to the
        unrounded average).

    Examples
    --------
    >>> games = pd.DataFrame({
    ...     "event": "Open", "round": [1, 1, 1, 2, 2, 2],
    ...     "player": [1, 2, 3, 1, 2, 3], "opponent": [2, 1, None, 3, None, 1],
    ...     "points": [1, 0, 1, 0.5, 1, 0.5],
    ...     "kind": ["played", "played", "pab", "played", "pab", "played"]})
    >>> explain(games, tiebreak="BH", player=3)[["round", "counted_as", "score", "contribution"]]
       round counted_as  score  contribution
    0      1       self    1.0           1.0
    1      2     player    1.5           1.5
    """
    tb = parse_tiebreak(tiebreak)
    if tb.name in ("DE", "AOB", "TPR", "PTP", "APRO", "APPO"):
        raise ValueError(f"explain does not break down {tb.code}; use standings()")
    round_robin = _resolve_round_robin(round_robin, events, results)
    grid = _build_grid(
        results, rules=rules, players=players, events=events, round_robin=round_robin
    )
    engine = _Engine(grid)
    value, detail = engine.compute(tb)
    G, R = grid.shape
    sel = np.ones(G, dtype=bool)
    if event is not None:
        sel &= np.asarray(grid.event_index[grid.player_event] == event)
    if player is not None:
        sel &= pd.Series(grid.player_id).astype(str).eq(str(player)).to_numpy()
    if not sel.any():
        raise ValueError(f"no such player/event: player={player!r}, event={event!r}")
    gi, ri = np.nonzero(sel[:, None] & (grid.kind != K_NONE))
    opp = grid.opp[gi, ri]
    pts_total = engine.value(TieBreak(PTS, PTS))
    out = pd.DataFrame(
        {
            EVENT: grid.event_index[grid.player_event[gi]],
            PLAYER: _restore_player_dtype(pd.Series(grid.player_id[gi])),
            ROUND: ri + 1,
            KIND: np.asarray(KINDS, dtype=object)[grid.kind[gi, ri]],
            OPPONENT: np.where(opp >= 0, grid.player_id[np.maximum(opp, 0)], None),
        }
    )
    out[OPPONENT] = _restore_opponent(out[OPPONENT])
    if detail.score is not None and detail.standin is not None:
        standin = detail.standin[gi, ri]
        out["counted_as"] = _STANDIN[standin]
        real_pts = np.where(opp >= 0, pts_total[np.maximum(opp, 0)], np.nan)
        out["opponent_points"] = np.where(standin == 0, real_pts, np.nan)
        out["score"] = detail.score[gi, ri]
        out["adjusted"] = (standin != 0) | (np.abs(out["score"] - real_pts) > 1e-12)
    elif detail.score is not None:  # ARO: the opponents' ratings
        out["counted_as"] = np.where(np.isnan(detail.score[gi, ri]), None, "player")
        out["score"] = detail.score[gi, ri]
    out["result"] = grid.points[gi, ri] if detail.result is None else detail.result[gi, ri]
    out["contribution"] = detail.contrib[gi, ri]
    out["cut"] = ~detail.kept[gi, ri]
    out["value"] = value[gi]
    return out


def _restore_opponent(values: pd.Series) -> pd.Series:
    present = values.dropna()
    converted = pd.to_numeric(present, errors="coerce")
    if len(present) and converted.notna().all() and (converted == np.floor(converted)).all():
        return pd.to_numeric(values, errors="coerce").astype("Int64")
    return values


def validate_results(results: pd.DataFrame) -> pd.DataFrame:
    """Check a chess results frame; return it validated (coerced) as a new frame.

    Every played game must appear from both sides with complementary points and opposite
    colours, every forfeit as a win on one side and a loss on the other, no player twice in a
    round, every opponent a player of the event.

    Examples
    --------
    >>> bad = pd.DataFrame({"event": "E", "round": 1, "player": [1, 2], "opponent": [2, 1],
    ...                     "points": [1, 1], "kind": "played"})
    >>> validate_results(bad)
    Traceback (most recent call last):
    ...
    tourneystats.core.schema.ValidationError: results: the two sides of a game do not match ...
    """
    _build_grid(results, rules="adjusted", players=None, events=None)
    return validate(results, RESULT_COLUMNS, what="results")


def read_results(
    path: str | os.PathLike,
) -> tuple[pd.DataFrame, pd.DataFrame | None, pd.DataFrame | None]:
    """Read a TRF file, a CSV/Parquet results table, or a folder of them, for :func:`standings`.

    A folder contributes its ``*.trf``, ``*.txt``, ``*.trfx`` files (read together with
    :func:`tourneystats.trf.read_trf`, one event per file named by the file stem) and its CSV
    and Parquet tables holding the results columns; hidden files are skipped, and so are (with a
    warning) other tables, such as a standings table written into the folder.

    Parameters
    ----------
    path : path-like
        A file or a folder.

    Returns
    -------
    tuple of (results, players, events)
        The results frame (all files concatenated), and the players (names, ratings, ...) and
        events (name, date, rounds, ...) frames of the TRF files, or None when no TRF file was
        read. Pass them as ``standings(results, players=players, events=events)``.

    Raises
    ------
    FileNotFoundError
        When `path` does not exist.
    ValueError
        When it holds no results file.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "r.csv"
    >>> pd.DataFrame({"event": "E", "round": 1, "player": [1, 2], "opponent": [2, 1],
    ...               "colour": ["w", "b"], "points": [1, 0], "kind": "played"}).to_csv(p)
    >>> results, players, events = read_results(p)
    >>> list(results.columns), players, events
    (['event', 'round', 'player', 'opponent', 'colour', 'points', 'kind'], None, None)
    """
    from ..core.folders import result_files
    from ..core.io import TABLE_SUFFIXES, read_table
    from .trf import TRF_SUFFIXES

    required = [c.name for c in RESULT_COLUMNS if c.required]
    files = result_files(path, (*TRF_SUFFIXES, *TABLE_SUFFIXES), required, what="chess results")
    tables = [p for p in files if p.suffix.lower() in TABLE_SUFFIXES]
    trfs = [p for p in files if p.suffix.lower() not in TABLE_SUFFIXES]
    frames, players, events = [], None, None
    if trfs:
        from .trf import read_trf  # lazily: the TRF reader is optional here

        data = read_trf(trfs if len(trfs) > 1 else trfs[0])
        frames.append(data.results)
        players, events = data.players, data.events
    for p in tables:
        table = read_table(p)
        if "Unnamed: 0" in table.columns:  # a CSV written with its index
            table = table.drop(columns="Unnamed: 0")
        frames.append(table)
    results = pd.concat(frames, ignore_index=True) if len(frames) > 1 else frames[0]
    return results, players, events


def history_from_path(path: str | os.PathLike, **options) -> pd.DataFrame:
    """Standings after every round of every event of a file or folder, with the players' names.

    Reads `path` as :func:`read_results` does and calls :func:`standings_by_round` with the
    players and events of the TRF files; a ``name`` column (from the TRF ``001`` lines) is
    added when the files give names.

    Parameters
    ----------
    path : path-like
        A TRF file, a CSV/Parquet results table, or a folder of them.
    **options
        Passed to :func:`standings_by_round` (``tiebreaks=``, ``rules=``, ``round_robin=``).

    Returns
    -------
    pandas.DataFrame
        ``event, round, player, rank, PTS``, the tie-break columns, and ``name`` when known.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from tourneystats.trf import write_trf
    >>> games = pd.DataFrame({"event": "cup", "round": 1, "player": [1, 2], "opponent": [2, 1],
    ...                       "colour": ["w", "b"], "points": [1.0, 0.0], "kind": "played"})
    >>> names = pd.DataFrame({"event": "cup", "player": [1, 2], "name": ["Ann", "Bob"]})
    >>> p = write_trf(games, names, None, pathlib.Path(tempfile.mkdtemp()) / "cup.trf")
    >>> history_from_path(p, tiebreaks=["SB"])[["round", "player", "rank", "PTS", "name"]]
       round  player  rank  PTS name
    0      1       1     1  1.0  Ann
    1      1       2     2  0.0  Bob
    """
    results, players, events = read_results(path)
    history = standings_by_round(results, players=players, events=events, **options)
    if players is not None and NAME in players.columns and NAME not in history.columns:
        names = players[[EVENT, PLAYER, NAME]].drop_duplicates([EVENT, PLAYER])
        history = history.merge(names, on=[EVENT, PLAYER], how="left", sort=False)
    return history


def standings_from_path(
    path: str | os.PathLike,
    *,
    rules: str | Mapping | None = None,
    tiebreaks: Sequence[str] | str | None = None,
    round_robin: bool | Iterable | None = None,
) -> pd.DataFrame:
    """Standings of every event in a TRF file, a CSV/Parquet results table, or a folder.

    The files are read with :func:`read_results`. `rules` defaults to ``"adjusted"``,
    `tiebreaks` to ``BH/C1, BH, SB``; the options are those of :func:`standings`.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "r.csv"
    >>> pd.DataFrame({"event": "E", "round": 1, "player": [1, 2], "opponent": [2, 1],
    ...               "colour": ["w", "b"], "points": [0.5, 0.5], "kind": "played"}).to_csv(p)
    >>> standings_from_path(p, tiebreaks=["SB"])
      event  player  rank  PTS    SB
    0     E       1     1  0.5  0.25
    1     E       2     1  0.5  0.25
    """
    results, players, events = read_results(path)
    return standings(
        results,
        tiebreaks=tiebreaks if tiebreaks is not None else ("BH/C1", "BH", "SB"),
        rules=rules if rules is not None else "adjusted",
        players=players,
        events=events,
        round_robin=round_robin,
    )
