"""The long-format data model: column names, column specs and validation.

Every family reads its input through :func:`validate`, so every bad input is refused the same way:
a :class:`ValidationError` (a ``ValueError``) that says what is wrong and lists the first offending
rows with their event, round and player. Nothing here mutates the caller's frame.

All column names used anywhere in the package are defined once, below.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

# --- common --------------------------------------------------------------------------------------
EVENT = "event"  #: one tournament, session or evening; the unit every computation is grouped by
SEASON = "season"  #: optional grouping of events (pooled league standings, archive partitions)
ROUND = "round"  #: round number within the event, 1-based
PLAYER = "player"  #: player id (name or start number), unique within its event
OPPONENT = "opponent"  #: the opponent's player id in that round; missing for a bye
GAME = "game"  #: game number within a match, 1-based
RESULT = "result"  #: W/L/D from the player's side
POINTS = "points"  #: points awarded to the player
RANK = "rank"  #: standard competition rank (1, 2, 2, 4), shared by exact ties
DATE = "date"  #: start date of an event
DECIDED_BY = "decided_by"  #: the first criterion separating a row from the row ranked below it
TIED = "tied"  #: `decided_by` of a row sharing its place with the row below it

# --- cards ---------------------------------------------------------------------------------------
WINS = "wins"
LOSSES = "losses"
DRAWS = "draws"
MATCH_POINTS = "match_points"
GAME_POINTS = "game_points"
ROUNDS = "rounds"
GAMES = "games"
MWP = "mwp"
GWP = "gwp"
OMWP = "omwp"
OGWP = "ogwp"
OOMWP = "oomwp"
BYE = "bye"  #: the row is a bye (no opponent)
COUNTED = "counted"  #: the row counts in the player's opponents' averages
DROPPED = "dropped"  #: the player did not play the event's last round
EVENTS = "events"  #: number of events pooled into a season row
OPPONENT_MWP = "opponent_mwp"
OPPONENT_GWP = "opponent_gwp"
OPPONENT_OMWP = "opponent_omwp"
#: True on a row of a bracket round played after the Swiss rounds (melee.gg's Quarterfinals,
#: Semifinals, Finals, kept by ``tourneystats import``): no standings round, counted only in the
#: tie-breakers of the rules that count it (cards' ``Rules.playoff_tiebreakers``)
BRACKET = "bracket"

# --- chess ---------------------------------------------------------------------------------------
COLOUR = "colour"
KIND = "kind"
RATING = "rating"
NAME = "name"
FIDE_ID = "fide_id"
FEDERATION = "federation"
PTS = "PTS"
RULES = "rules"
SEX = "sex"
TITLE = "title"
CITY = "city"
TYPE = "type"  #: type of tournament (TRF 092), free text: "Swiss System", "Round Robin"
END_DATE = "end_date"
FILE = "file"

# --- bridge --------------------------------------------------------------------------------------
SECTION = "section"
BOARD = "board"
NS_PAIR = "ns_pair"
EW_PAIR = "ew_pair"
NS_SCORE = "ns_score"
CONTRACT = "contract"
DECLARER = "declarer"
TRICKS = "tricks"
LEAD = "lead"
ARTIFICIAL = "artificial"
PAIR = "pair"
DIRECTION = "direction"
LINE = "line"
SCORE = "score"
MP = "mp"
TOP = "top"
PERCENTAGE = "percentage"
BOARDS = "boards"
IMPS = "imps"
VP = "vp"
DATUM = "datum"
HOME_TEAM = "home_team"
VISIT_TEAM = "visit_team"
TABLE = "table"
# bridge scoring (tourneystats.bridge) and readers (bridge.read_pbn, bridge.read_usebio)
HOME_SIDE = "home_side"  #: "NS" or "EW": where the home team sat at that table
NS_MP = "ns_mp"
EW_MP = "ew_mp"
NS_PERCENTAGE = "ns_percentage"
EW_PERCENTAGE = "ew_percentage"
NS_IMPS = "ns_imps"
EW_IMPS = "ew_imps"
HOME_IMPS = "home_imps"
VISIT_IMPS = "visit_imps"
HOME_VP = "home_vp"
VISIT_VP = "visit_vp"
HOME_NET = "home_net"  #: the home team's net score on a board (both tables, home side's sign)
IMPS_FOR = "imps_for"
IMPS_AGAINST = "imps_against"
RAW_MP = "raw_mp"  #: match points before Neuberg scaling
CONTRIBUTION = "contribution"  #: a board's share of the pair's session percentage
SESSIONS = "sessions"
BEST = "best"
MOVEMENT = "movement"
VULNERABLE = "vulnerable"  #: "None", "NS", "EW" or "All", when the file states it
TOTAL = "total"  #: a pair's published session total (MP or IMPs)
NAMES = "names"  #: players' names of a pair or team
NS_NAMES = "ns_names"  #: an archive's board row: the names of its NS pair
EW_NAMES = "ew_names"  #: an archive's board row: the names of its EW pair
HOME_NAMES = "home_names"  #: an archive's board row: the players of its home team
VISIT_NAMES = "visit_names"  #: an archive's board row: the players of its visiting team
SCORING = "scoring"  #: "MP" or "IMP": what a published total counts
ROOM = "room"  #: PBN Room tag, "Open" or "Closed"
ADJUSTED = "adjusted"  #: True where the score is a director's assigned (adjusted) score
STAGE = "stage"  #: a stage of a team competition (round robin, quarter-final, ...)
SEGMENT = "segment"  #: a set of boards of a team match (a knockout match's segments)
IMP_QUOTIENT = "imp_quotient"  #: IMPs won / IMPs lost (infinite with none lost, 1 for 0/0)
AFTER_ROUND = "after_round"  #: standings counting the rounds up to this one
BYES = "byes"  #: rounds without an opponent
CARRY_OVER = "carry_over"  #: IMPs a team starts a knockout match with
MARGIN = "margin"  #: total minus the opponent's total
QUALIFIED = "qualified"  #: whether the team goes through to the next stage
BOARD_POINTS = "board_points"  #: board-a-match points (per board 2/1/0, or 1/0.5/0)
HOME_POINTS = "home_points"
VISIT_POINTS = "visit_points"
POINTS_FOR = "points_for"  #: board points won (board-a-match standings)
POINTS_AGAINST = "points_against"
POINTS_QUOTIENT = "points_quotient"

# --- league --------------------------------------------------------------------------------------
LEAGUE = "league"
TOURNAMENT = "tournament"
MATCH = "match"
TEAM = "team"
OPPONENT_TEAM = "opponent_team"  #: chess: the team a team meets in a round; missing for a bye
TEAM_NAME = "team_name"  #: chess team archive rows: the name of the row's team
#: chess team archive rows: the point system of the row's event, when its file gives one
#: other than the default, as text (``tourneystats.chess.teamarchive.points_text``)
TEAM_POINT_SYSTEM = "team_point_system"
TARGET = "target"
PLACE = "place"
RANKING = "ranking"
MATCHES = "matches"
PRIOR_ROUNDS = "prior_rounds"
ABSENT_ROUNDS = "absent_rounds"
TERM = "term"  #: league: what a row of an explanation stands for
POSSIBLE = "possible"  #: league: the possible points of a term (rounds x target)

# --- people --------------------------------------------------------------------------------------
#: the columns naming the people of a row, carried from a source's players (pairs, teams) frame
#: into every table computed from it (:func:`tourneystats.core.people.with_people`), in order.
#: The id (``player``, ``pair``, ``team``) stays the identity; these are labels.
PEOPLE = (NAME, NAMES, FIDE_ID, TITLE, FEDERATION, RATING)

# Columns that identify a row for a human, in the order error messages show them.
CONTEXT = (
    LEAGUE,
    SEASON,
    EVENT,
    TOURNAMENT,
    STAGE,
    SECTION,
    ROUND,
    SEGMENT,
    BOARD,
    MATCH,
    TEAM,
    OPPONENT_TEAM,
    HOME_TEAM,
    VISIT_TEAM,
    PLAYER,
    OPPONENT,
    PAIR,
    NS_PAIR,
    EW_PAIR,
)

#: how many offending rows an error message lists
SHOWN_ROWS = 5


class ValidationError(ValueError):
    """Input that cannot be computed on.

    Attributes
    ----------
    rows : pandas.DataFrame or None
        The offending rows (all of them), when the problem is in rows rather than columns.
    """

    def __init__(self, message: str, rows: pd.DataFrame | None = None) -> None:
        super().__init__(message)
        self.rows = rows


@dataclass(frozen=True)
class Column:
    """Specification of one input column.

    Parameters
    ----------
    name : str
        Column name (one of the constants of this module).
    dtype : {"int", "float", "str", "key", "category", "datetime", "bool"}
        What the column is coerced to. ``"key"`` is an identifier kept as given (integers or
        strings), only checked for missing values.
    required : bool
        Whether the column must be present.
    nullable : bool
        Whether missing values are allowed (integers then become the nullable ``Int64``).
    doc : str
        What the column means.
    """

    name: str
    dtype: str
    required: bool = True
    nullable: bool = False
    doc: str = ""


def shortened(items: Iterable[object], total: int | None = None, shown: int = 8) -> str:
    """A list for an error message: the first `shown` items, then how many there are in all
    (`total`, when `items` holds only the first ones).

    Every list an error gives (the events, players, files a value could have been) is shortened
    so, however long it is.

    Examples
    --------
    >>> shortened(["a", "b"])
    'a, b'
    >>> shortened(range(146))
    '0, 1, 2, 3, 4, 5, 6, 7, ... (146 in all)'
    >>> shortened(["a", "b"], total=1012, shown=2)
    'a, b, ... (1,012 in all)'
    """
    items = list(items)
    total = len(items) if total is None else total
    text = ", ".join(map(str, items[:shown]))
    return text + (f", ... ({total:,} in all)" if total > shown else "")


def _plain(value: object, whole: bool) -> object:
    """`value` as a person reads it: a numpy scalar (of a nullable or categorical column) as the
    Python value; with `whole`, a float holding a whole number as an int."""
    if isinstance(value, np.generic):
        value = value.item()
    if whole and isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def describe_rows(rows: pd.DataFrame, limit: int = SHOWN_ROWS) -> str:
    """Render the first `limit` rows as ``event=..., round=..., player=...`` lines.

    The ids (the columns of :data:`CONTEXT`) print whole numbers as integers: a table's
    integer column with blank cells is read as floats (``opponent_team=3``, not ``3.0``).

    Examples
    --------
    >>> rows = pd.DataFrame({"event": ["A"], "round": [2], "team": [1], "opponent_team": [3.0]})
    >>> print(describe_rows(rows))
      event='A', round=2, team=1, opponent_team=3
    """
    context = [c for c in CONTEXT if c in rows.columns]
    shown = context or list(rows.columns[:4])
    lines = []
    for values in rows[shown].head(limit).itertuples(index=False, name=None):
        plain = (_plain(v, bool(context)) for v in values)
        lines.append("  " + ", ".join(f"{c}={v!r}" for c, v in zip(shown, plain, strict=True)))
    if len(rows) > limit:
        lines.append(f"  ... and {len(rows) - limit} more")
    return "\n".join(lines)


def fail_rows(
    frame: pd.DataFrame, mask: pd.Series | np.ndarray, message: str, *, what: str = "results"
) -> None:
    """Raise a :class:`ValidationError` if `mask` selects any row of `frame`.

    Examples
    --------
    >>> df = pd.DataFrame({"event": ["A", "A"], "round": [1, 1], "player": ["x", "y"], "wins": [2, -1]})
    >>> fail_rows(df, df["wins"] < 0, "negative game count")
    Traceback (most recent call last):
    ...
    tourneystats.core.schema.ValidationError: results: negative game count (1 row):
      event='A', round=1, player='y'
    """
    mask = np.asarray(mask, dtype=bool)
    if not mask.any():
        return
    rows = frame.loc[mask]
    count = f"{len(rows)} row" + ("s" if len(rows) != 1 else "")
    raise ValidationError(f"{what}: {message} ({count}):\n{describe_rows(rows)}", rows=rows)


def _coerce(values: pd.Series, spec: Column, frame: pd.DataFrame, what: str) -> pd.Series:
    kind = spec.dtype
    if kind == "key" or (kind == "str" and not pd.api.types.is_object_dtype(values.dtype)):
        if kind == "str" and not (
            pd.api.types.is_string_dtype(values.dtype)
            or isinstance(values.dtype, pd.CategoricalDtype)
        ):
            return values.astype("string")
        return values
    if kind == "str":
        return values.astype("string")
    if kind == "category":
        return (
            values if isinstance(values.dtype, pd.CategoricalDtype) else values.astype("category")
        )
    if kind == "datetime":  # read as every family reads dates (tourneystats.core.dates)
        from .dates import not_a_date, to_dates

        out = to_dates(values)
        fail_rows(frame, out.isna() & values.notna(), not_a_date(spec.name), what=what)
        return out
    if kind == "bool":
        if pd.api.types.is_bool_dtype(values.dtype):
            return values
        fail_rows(
            frame,
            ~values.isin([True, False, 0, 1]) & values.notna(),
            f"column {spec.name!r} is not boolean",
            what=what,
        )
        return values.astype("boolean" if spec.nullable else bool)
    if kind not in ("int", "float"):
        raise ValueError(f"unknown column dtype {kind!r}")
    if (
        kind == "int"
        and (values.dtype == np.int64 or values.dtype == pd.Int64Dtype())
        or kind == "float"
        and values.dtype == np.float64
    ):
        return values  # already right: no copy, no scan
    if kind == "int" and pd.api.types.is_integer_dtype(values.dtype):
        return values.astype("Int64" if values.hasnans else "int64")
    if pd.api.types.is_bool_dtype(values.dtype):
        fail_rows(frame, np.ones(len(values), bool), f"column {spec.name!r} is boolean", what=what)
    out = pd.to_numeric(values, errors="coerce")
    fail_rows(frame, out.isna() & values.notna(), f"column {spec.name!r} is not numeric", what=what)
    if kind == "float":
        return out.astype("float64")
    as_float = out.astype("float64")
    fail_rows(
        frame,
        as_float.notna() & (np.floor(as_float) != as_float),
        f"column {spec.name!r} must hold whole numbers",
        what=what,
    )
    if out.isna().any():
        return out.astype("Int64")
    return out.astype("int64")


def validate(
    frame: pd.DataFrame,
    columns: Sequence[Column],
    *,
    key: Iterable[str] = (),
    what: str = "results",
) -> pd.DataFrame:
    """Check and coerce an input frame; return a new frame.

    Checks, in order: `frame` is a DataFrame; required columns are present; it has rows (nothing
    to compute on is refused, not answered by an empty table); each column coerces to its dtype; non-nullable columns have no missing values; no two rows share the `key` columns.
    Columns not in `columns` are kept unchanged. The caller's frame is never modified.

    Parameters
    ----------
    frame : pandas.DataFrame
        The input.
    columns : sequence of Column
        What the input must (or may) hold.
    key : iterable of str
        Columns that identify a row; duplicates are refused.
    what : str
        Name of the input in error messages.

    Returns
    -------
    pandas.DataFrame
        A new frame with coerced columns and a fresh ``RangeIndex``.

    Raises
    ------
    ValidationError
        With a message naming the column or listing the offending rows.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats import Column, validate
    >>> spec = [Column("event", "key"), Column("player", "key"), Column("round", "int")]
    >>> validate(pd.DataFrame({"event": ["A"], "player": ["x"], "round": ["3"]}), spec).dtypes["round"]
    dtype('int64')
    >>> validate(pd.DataFrame({"event": ["A"], "player": ["x"]}), spec)
    Traceback (most recent call last):
    ...
    tourneystats.core.schema.ValidationError: results: missing column(s) 'round'; got 'event', 'player'
    """
    if not isinstance(frame, pd.DataFrame):
        raise ValidationError(f"{what}: expected a pandas DataFrame, got {type(frame).__name__}")
    missing = [c.name for c in columns if c.required and c.name not in frame.columns]
    if missing:
        got = ", ".join(repr(str(c)) for c in frame.columns)
        raise ValidationError(
            f"{what}: missing column(s) {', '.join(repr(m) for m in missing)}; got {got}"
        )
    if not len(frame):
        raise ValidationError(f"{what}: no rows")
    out = frame.copy(deep=False).reset_index(drop=True)
    for spec in columns:
        if spec.name not in out.columns:
            continue
        out[spec.name] = _coerce(out[spec.name], spec, out, what)
        if not spec.nullable:
            fail_rows(
                out, out[spec.name].isna(), f"missing value in column {spec.name!r}", what=what
            )
    key = list(key)
    if key:
        fail_rows(out, out.duplicated(key, keep=False), f"duplicate {'/'.join(key)}", what=what)
    return out


def rule_key(name: str) -> str:
    """A rule-set name as every option and function taking one matches it: trimmed, in lower
    case (the canonical names are: ``mtg``, ``melee2024``, ``fide2024``, ``butler``, ``ebu``).

    ``"MTG"`` and ``" mtg"`` name the preset ``mtg``, and a comparison labels it ``mtg``:
    ``compare --rules mtg,MTG`` gives one rule set twice, refused as ``mtg,mtg`` is.

    Examples
    --------
    >>> rule_key(" MTG "), rule_key("Auto:FIDE2009")
    ('mtg', 'auto:fide2009')
    """
    return name.strip().lower()
