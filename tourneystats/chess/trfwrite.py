"""Writing FIDE TRF files: one file per event, from the long-format frames.

:func:`write_trf` writes what :func:`tourneystats.chess.trf.read_trf` reads: the TRF-16 records,
and the TRF-2026 ``162`` (the point system, when it is not win 1, draw 1/2, loss 0) and ``202``
(the tie-breaks the event declares) records.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import numpy as np
import pandas as pd

from ..core.io import atomic_write
from ..core.ranking import competition_rank
from ..core.schema import (
    CITY,
    COLOUR,
    DATE,
    END_DATE,
    EVENT,
    FEDERATION,
    FIDE_ID,
    KIND,
    NAME,
    OPPONENT,
    PLAYER,
    POINTS,
    RANK,
    RATING,
    ROUND,
    ROUNDS,
    SEX,
    TITLE,
    TYPE,
    Column,
    ValidationError,
    fail_rows,
    validate,
)
from .grid import _checked_rounds
from .kinds import COLOURS, K_LIVE, K_PLAYED, KINDS, POINT_SYSTEM, TIEBREAK_ORDER
from .points import _KIND_ENTRY, DEFAULT_POINTS, P_DRAW, P_LOSS, P_WIN, POINT_KEYS, _event_points
from .trfheader import _tiebreak_order
from .trflines import MIN_ROUND_LIMIT, TRF_SUFFIXES

_RESULT_SPEC = (
    Column(EVENT, "key"),
    Column(ROUND, "int"),
    Column(PLAYER, "int"),
    Column(OPPONENT, "int", nullable=True),
    Column(COLOUR, "str", nullable=True),
    Column(POINTS, "float", nullable=True),
    Column(KIND, "str"),
)
_PLAYER_SPEC = (
    Column(EVENT, "key"),
    Column(PLAYER, "int"),
    Column(NAME, "str", required=False, nullable=True),
    Column(SEX, "str", required=False, nullable=True),
    Column(TITLE, "str", required=False, nullable=True),
    Column(RATING, "int", required=False, nullable=True),
    Column(FEDERATION, "str", required=False, nullable=True),
    Column(FIDE_ID, "int", required=False, nullable=True),
    Column(POINTS, "float", required=False, nullable=True),
    Column(RANK, "int", required=False, nullable=True),
)
_EVENT_SPEC = (
    Column(EVENT, "key"),
    Column(NAME, "str", required=False, nullable=True),
    Column(CITY, "str", required=False, nullable=True),
    Column(FEDERATION, "str", required=False, nullable=True),
    Column(DATE, "datetime", required=False, nullable=True),
    Column(END_DATE, "datetime", required=False, nullable=True),
    Column(TYPE, "str", required=False, nullable=True),
    Column(ROUNDS, "int", required=False, nullable=True),
    Column(POINT_SYSTEM, "str", required=False, nullable=True),
    Column(TIEBREAK_ORDER, "str", required=False, nullable=True),
)
#: control characters (all but tab), which a TRF line cannot hold
_CONTROL = r"[\x00-\x08\x0a-\x1f\x7f]"
# result code of each kind (a played game: by its result, "0", "=" or "1"); a game in
# progress has none
_CODE_OF_KIND = np.array([None, "+", "-", "U", "F", "H", "Z", None], dtype=object)
_GAME_CODES = np.array(["0", "=", "1"], dtype=object)
#: the 162 symbols and the point-system entries they give (the reader's derivations)
_SYMBOLS = (("W", P_WIN), ("D", P_DRAW), ("L", P_LOSS), ("A", 4), ("P", 5))
_SAME_AS = ((3, P_WIN), (6, P_WIN), (7, P_DRAW), (8, 4))  # what a 162 record cannot set apart


def _field(
    values: pd.Series, width: int, what: str, frame: pd.DataFrame, *, right: bool = False
) -> pd.Series:
    """Fixed-width text of `values` (missing -> blanks); refuses values that do not fit."""
    text = values.astype("string").fillna("")
    fail_rows(
        frame,
        (text.str.len() > width).to_numpy(dtype=bool),
        f"{what} longer than {width} characters",
        what="players",
    )
    fail_rows(
        frame,
        text.str.contains(_CONTROL, regex=True).to_numpy(dtype=bool),
        f"{what} contains a line break or another control character",
        what="players",
    )
    return text.str.rjust(width) if right else text.str.ljust(width)


def _number(values: pd.Series, width: int) -> pd.Series:
    """Whole numbers right-aligned in `width` columns (missing -> blanks)."""
    text = values.astype("Int64").astype("string").fillna("")
    return text.str.rjust(width)


def write_trf(
    results: pd.DataFrame,
    players: pd.DataFrame | None,
    events: pd.DataFrame | None,
    path: str | os.PathLike,
) -> Path:
    """Write results as FIDE TRF-16 files (one per event), atomically.

    Parameters
    ----------
    results : pandas.DataFrame
        Long format as :func:`~tourneystats.chess.trf.read_trf` returns it (``event, round, player, opponent, colour,
        points, kind``), default point system (win 1, draw 1/2, byes as their names say).
    players : pandas.DataFrame or None
        Optional ``event, player`` and any of ``name, sex, title, rating, federation, fide_id,
        points, rank``; published points default to the sum of the results and the rank to the
        competition rank by points.
    events : pandas.DataFrame or None
        Optional ``event`` and any of ``name, city, federation, date, end_date, type, rounds``
        (written as ``012``, ``022``, ``032``, ``042``, ``052``, ``092`` and ``XXR``; the name
        defaults to the event).
    path : path-like
        A file ending in ``.trf`` or ``.txt`` for a single event, otherwise a folder that receives
        one ``<event>.trf`` per event (created if needed).

    Returns
    -------
    pathlib.Path
        `path`, ready for :func:`~tourneystats.chess.trf.read_trf`.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats import write_trf
    >>> import tempfile, pathlib
    >>> from tourneystats.chess import read_trf
    >>> res = pd.DataFrame({"event": "cup", "round": [1, 1], "player": [1, 2],
    ...     "opponent": [2, 1], "colour": ["w", "b"], "points": [0.5, 0.5],
    ...     "kind": "played"})
    >>> out = write_trf(res, None, None, pathlib.Path(tempfile.mkdtemp()) / "cup.trf")
    >>> print(out.read_text().splitlines()[-1])
    001    2                                                                       0.5    1     1 b =
    >>> read_trf(out).results.equals(read_trf(write_trf(*read_trf(out), out)).results)
    True
    """
    res, colour = _results_to_write(results)
    event_keys = pd.Index(pd.unique(res[EVENT].astype(object)))
    res_ecode = event_keys.get_indexer(res[EVENT].astype(object))  # type: ignore[arg-type]
    last_round = np.zeros(len(event_keys), dtype=np.int64)
    np.maximum.at(last_round, res_ecode, res[ROUND].to_numpy())
    pl = _players_to_write(players, res, res_ecode, event_keys)
    ev, planned = _events_to_write(events, event_keys, last_round, pl["_e"].to_numpy())
    table = _event_points(None, ev if POINT_SYSTEM in ev else None, event_keys)
    code = _result_codes(res, res_ecode, table)
    lines = _player_lines(pl, res, res_ecode, last_round, colour, code)
    return _write_files(Path(path), ev, planned, pl["_e"].to_numpy(), lines, table)


def _results_to_write(results: pd.DataFrame) -> tuple[pd.DataFrame, pd.Series]:
    """The results validated for TRF-16: the frame and its colours."""
    res = validate(results, _RESULT_SPEC, key=(EVENT, ROUND, PLAYER), what="results")
    kind = res[KIND].astype("string")
    fail_rows(res, ~kind.isin(KINDS).to_numpy(dtype=bool), f"kind must be one of {KINDS}")
    live = (kind == "in_progress").to_numpy(dtype=bool) | res[POINTS].isna().to_numpy()
    fail_rows(res, live, "a game in progress (no points yet) has no TRF result code")
    colour = res[COLOUR].astype("string")
    fail_rows(res, ~(colour.isin(COLOURS) | colour.isna()).to_numpy(dtype=bool), "bad colour")
    _checked_rounds(res, None)  # rounds 1.. each with a row, as the standings want them
    fail_rows(res, ~res[PLAYER].between(1, 9999).to_numpy(), "player must be a start rank 1-9999")
    opp = res[OPPONENT]
    with_opp = kind.isin(("played", "forfeit_win", "forfeit_loss")).to_numpy(dtype=bool)
    fail_rows(
        res,
        (kind == "played").to_numpy(dtype=bool) & opp.isna().to_numpy(),
        "a played game without an opponent",
    )  # (a forfeit without one is written 0000 - + or 0000 - -: read back as pab or zpb)
    fail_rows(res, ~with_opp & opp.notna().to_numpy(), "a bye or absence with an opponent")
    fail_rows(
        res,
        (kind == "played").to_numpy(dtype=bool) & colour.isna().to_numpy(),
        "a played game without a colour",
    )
    fail_rows(res, ~with_opp & colour.notna().to_numpy(), "a bye or absence with a colour")
    return res, colour


def _result_codes(res: pd.DataFrame, event_code: np.ndarray, table: np.ndarray) -> pd.Series:
    """The TRF result code of every row under its event's point system (`table`)."""
    kind = pd.Index(KINDS).get_indexer(res[KIND].astype("string")).astype(np.int8)  # type: ignore[arg-type]
    pts = res[POINTS].to_numpy(dtype=np.float64)
    entry = np.take(_KIND_ENTRY, kind.astype(np.intp))
    fixed = entry >= 0
    expected = np.full(len(pts), np.nan)
    expected[fixed] = table[event_code[fixed], entry[fixed]]
    code = np.where(fixed & (np.abs(pts - expected) < 1e-9), _CODE_OF_KIND[kind], None)  # type: ignore[call-overload]
    played = kind == K_PLAYED
    for result, column in enumerate((P_LOSS, P_DRAW, P_WIN)):
        hit = played & (np.abs(pts - table[event_code, column]) < 1e-9)
        code = np.where(hit, _GAME_CODES[result], code)
    fail_rows(
        res,
        pd.isna(code) & (kind != K_LIVE),
        "points do not match the kind under the event's point system (win 1, draw 1/2, loss 0, "
        "unless the events give a point_system)",
    )
    return pd.Series(code, dtype=object)


def _events_to_write(
    events: pd.DataFrame | None,
    event_keys: pd.Index,
    last_round: np.ndarray,
    player_event: np.ndarray,
) -> tuple[pd.DataFrame, np.ndarray]:
    """One row per event of the results with its records from `events`; its planned rounds (the
    ``rounds`` of `events`, at least its last round and at most what its players can play;
    else its last round)."""
    ev = pd.DataFrame({EVENT: event_keys.to_numpy(dtype=object)})
    if events is not None:
        given = validate(events, _EVENT_SPEC, key=(EVENT,), what="events")
        ev = ev.merge(given.assign(**{EVENT: given[EVENT].astype(object)}), on=EVENT, how="left")
    for col in (NAME, CITY, FEDERATION, DATE, END_DATE, TYPE, ROUNDS):
        if col not in ev:
            ev[col] = pd.NA
    declared = ev[ROUNDS].astype("Int64")
    fail_rows(
        ev,
        (declared < last_round).fillna(False).to_numpy(dtype=bool),
        "rounds is less than the last round of the results",
        what="events",
    )
    players = np.bincount(player_event, minlength=len(event_keys))
    fail_rows(
        ev,
        (declared > np.maximum(2 * players, MIN_ROUND_LIMIT)).fillna(False).to_numpy(dtype=bool),
        f"rounds is more than a tournament of its players can have (twice the players, or "
        f"{MIN_ROUND_LIMIT})",
        what="events",
    )
    planned = declared.fillna(0).to_numpy(dtype=np.int64)
    return ev, np.where(declared.isna().to_numpy(), last_round, planned)


def _players_to_write(
    players: pd.DataFrame | None, res: pd.DataFrame, res_ecode: np.ndarray, event_keys: pd.Index
) -> pd.DataFrame:
    """Every (event, player) of the results or of `players`, sorted by event (``_e``) and start
    rank, with published points and rank: as given, else computed from the results."""
    summed = (
        pd.DataFrame({"_e": res_ecode, PLAYER: res[PLAYER].to_numpy(), "_sum": res[POINTS]})
        .groupby(["_e", PLAYER], sort=False)["_sum"]
        .sum()
        .reset_index()
    )
    given_columns: set = set()
    if players is not None:
        given = validate(players, _PLAYER_SPEC, key=(EVENT, PLAYER), what="players")
        given_columns = set(given.columns)
        given["_e"] = event_keys.get_indexer(given[EVENT].astype(object))  # type: ignore[arg-type]
        given = given[given["_e"] >= 0].drop(columns=[EVENT])
        pl = summed.merge(given.assign(_given=True), on=["_e", PLAYER], how="outer")
    else:
        pl = summed.assign(_given=False)
    pl = pl.sort_values(["_e", PLAYER], ignore_index=True)
    fail_rows(pl, ~pl[PLAYER].between(1, 9999).to_numpy(), "player must be 1-9999", what="players")
    pl[EVENT] = event_keys.to_numpy(dtype=object)[pl["_e"].to_numpy()]
    for col in (NAME, SEX, TITLE, RATING, FEDERATION, FIDE_ID, POINTS, RANK):
        if col not in pl:
            pl[col] = pd.NA
    _published_points_and_rank(pl, given_columns)
    fail_rows(
        pl,
        (pl[RATING].astype("Int64") > 9999).fillna(False).to_numpy(dtype=bool),
        "rating > 9999",
        what="players",
    )
    return pl


def _published_points_and_rank(pl: pd.DataFrame, given_columns: set) -> None:
    """Fill in, in place, the points (the sum of the results) and the rank (competition rank by
    points) of the players whose `players` row does not give them."""
    given_row = pl["_given"].fillna(False).to_numpy(dtype=bool)
    computed = (~given_row) | (POINTS not in given_columns)
    summed_points = pl["_sum"].astype("Float64").fillna(0.0)
    pl[POINTS] = pl[POINTS].astype("Float64").where(~computed, summed_points)
    fail_rows(
        pl,
        ((pl[POINTS] < 0) | (pl[POINTS] >= 100)).fillna(False).to_numpy(dtype=bool),
        "points do not fit in columns 81-84",
        what="players",
    )
    computed = (~given_row) | (RANK not in given_columns)
    if computed.any():
        ranked = competition_rank(
            pl[["_e", PLAYER]].assign(_points=pl[POINTS].astype(np.float64)), ["_points"], by="_e"
        )
        by_points = pl[["_e", PLAYER]].merge(ranked, on=["_e", PLAYER], how="left")[RANK]
        pl[RANK] = pl[RANK].astype("Int64").where(~computed, by_points.astype("Int64"))


def _player_lines(
    pl: pd.DataFrame,
    res: pd.DataFrame,
    res_ecode: np.ndarray,
    rounds: np.ndarray,
    colour: pd.Series,
    code: pd.Series,
) -> np.ndarray:
    """The 001 line of every player: the fixed columns, then a player x round grid of
    10-character blocks for the rounds of his event (`rounds`: its last round), absences where
    no row is given."""
    fixed = _fixed_columns(pl)
    player_key = pl["_e"].to_numpy(dtype=np.int64) * 10_000 + pl[PLAYER].to_numpy()
    row_pos = np.searchsorted(player_key, res_ecode.astype(np.int64) * 10_000 + res[PLAYER])
    opp = res[OPPONENT]
    block = (
        _number(opp, 4).where(opp.notna().to_numpy(), "0000")
        + " "
        + colour.fillna("-")
        + " "
        + code.to_numpy(dtype=object)
        + "  "
    )
    width = int(rounds.max())
    grid = np.full((len(pl), width), "0000 - Z  ", dtype=object)
    grid[row_pos, res[ROUND].to_numpy() - 1] = block.to_numpy(dtype=object)
    player_rounds = rounds[pl["_e"].to_numpy()]
    lines = fixed.to_numpy(dtype=object)
    for r in range(width):
        lines = np.where(r < player_rounds, lines + grid[:, r], lines)
    return pd.Series(lines, dtype=object).str.rstrip().to_numpy(dtype=object)


def _fixed_columns(pl: pd.DataFrame) -> pd.Series:
    """Columns 1-91 of every player's 001 line; refuses texts that do not fit their columns."""
    return (
        "001 "
        + _number(pl[PLAYER], 4)
        + " "
        + _field(pl[SEX], 1, "sex", pl)
        + _field(pl[TITLE], 3, "title", pl)
        + " "
        + _field(pl[NAME], 33, "name", pl)
        + " "
        + _number(pl[RATING], 4)
        + " "
        + _field(pl[FEDERATION], 3, "federation", pl)
        + " "
        + _number(pl[FIDE_ID], 11)
        + " " * 12
        + pl[POINTS].astype(np.float64).map(lambda v: "    " if np.isnan(v) else f"{v:4.1f}")
        + " "
        + _number(pl[RANK], 4)
        + "  "
    )


def _write_files(
    path: Path,
    ev: pd.DataFrame,
    rounds: np.ndarray,
    player_event: np.ndarray,
    lines: np.ndarray,
    points: np.ndarray,
) -> Path:
    """Write one file per event (`path` itself for a single ``.trf``/``.txt`` file), atomically."""
    single = path.suffix.lower() in TRF_SUFFIXES
    if single and len(ev) != 1:
        raise ValidationError(
            f"write_trf: {path} is one file but the results hold {len(ev)} events; "
            "give a folder instead"
        )
    if not single:
        path.mkdir(parents=True, exist_ok=True)
    bounds = np.searchsorted(player_event, np.arange(len(ev) + 1))
    for k, row in enumerate(ev.to_dict("records")):
        head = _event_records(row, rounds[k], points[k])
        body = "\n".join(head + list(lines[bounds[k] : bounds[k + 1]])) + "\n"
        if single:
            target = path
        else:
            stem = str(row[EVENT])
            if not stem or "/" in stem or "\\" in stem or stem in (".", ".."):
                raise ValidationError(f"write_trf: event {row[EVENT]!r} cannot be a file name")
            target = path / f"{stem}.trf"
        atomic_write(target, lambda tmp, body=body: tmp.write_text(body, encoding="utf-8"))  # type: ignore[misc]
    return path


def _event_records(row: dict, rounds: int, points: np.ndarray | None = None) -> list[str]:
    """The tournament records of one event: 012 (the event if it has no name), 022, 032, 042,
    052, 092 where given, XXR, 162 (a point system other than the default) and 202 (the
    tie-breaks it declares)."""
    head = [f"012 {row[EVENT] if pd.isna(row[NAME]) else row[NAME]}"]
    for tag, col in (("022", CITY), ("032", FEDERATION)):
        if not pd.isna(row[col]):
            head.append(f"{tag} {row[col]}")
    for tag, col in (("042", DATE), ("052", END_DATE)):
        if not pd.isna(row[col]):
            head.append(f"{tag} {pd.Timestamp(row[col]):%Y/%m/%d}")
    if not pd.isna(row[TYPE]):
        head.append(f"092 {row[TYPE]}")
    head.append(f"XXR {rounds}")
    if points is not None and not np.array_equal(points, DEFAULT_POINTS):
        head.append(_record_162(row[EVENT], points))
    if (
        TIEBREAK_ORDER in row
        and not pd.isna(row[TIEBREAK_ORDER])
        and str(row[TIEBREAK_ORDER]).strip()
    ):
        head.append(f"202 {_order(row[EVENT], row[TIEBREAK_ORDER])}")
    if any(re.search(_CONTROL, h) for h in head):
        raise ValidationError(
            f"write_trf: event {row[EVENT]!r}: a line break or another control character in "
            "its header"
        )
    return head


def _order(event: object, order: object) -> str:
    """An event's tie-break order as its ``202`` record writes it: the codes canonical (as
    :func:`~tourneystats.chess.read_trf` reads them back), one that is no tie-break, or listed
    twice, refused."""
    try:
        return _tiebreak_order("202", f"202 {order}", "")
    except ValidationError as exc:
        why = str(exc).split(": ", 3)[-1]  # (not the record's column)
        raise ValidationError(
            f"write_trf: event {event!r}: tie-break order {order!r}: {why}"
        ) from None


def _record_162(event: object, points: np.ndarray) -> str:
    """The ``162`` record of a point system: each symbol at column 6 + 9k, its points in the 4
    columns after it; refused when the record cannot say it (the reader gives a forfeit win and a
    full-point bye a win's points, a half-point bye a draw's, a zero-point bye a forfeit loss's)."""
    apart = [POINT_KEYS[a] for a, b in _SAME_AS if abs(points[a] - points[b]) > 1e-9]
    if apart:
        raise ValidationError(
            f"write_trf: event {event!r}: its point system gives {', '.join(apart)} points that "
            "a TRF 162 record cannot give (forfeit_win and fpb are worth a win, hpb a draw, zpb "
            "a forfeit loss)"
        )
    blocks = []
    for symbol, entry in _SYMBOLS:
        value = float(points[entry])
        text = next(
            (t for t in (f"{value:4.1f}", f"{value:4.2f}") if len(t) == 4 and float(t) == value),
            None,
        )
        if text is None:
            raise ValidationError(
                f"write_trf: event {event!r}: {value:g} points do not fit the 4 columns of a 162 "
                "record"
            )
        blocks.append(f"{symbol}{text}    ")
    return ("162  " + "".join(blocks)).rstrip()
