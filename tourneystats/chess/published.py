"""Published chess standings compared value by value with the computed ones.

A published standings table has one row per event and player: ``event``, optionally
``round_after`` (the round the standings follow; by default the event's last), ``player`` (or
``name``, matched with the players' names), ``rank``, ``points`` and a column per tie-break,
named by its C.07 code (``BH/C1``, ``SB``, ...). :func:`compare_published` computes each event's
standings after its round with the tie-breaks it publishes, in their order, and compares points,
places and every tie-break at the precision the event prints them (rounded either way at a
half: a publisher rounding SB 0.25 to 0.3 in one event and 1.25 to 1.2 in another agrees).

An event's status (:func:`event_status`): ``inconsistent`` when some published points are not
those its results give (a data fault: the tie-breaks then cannot agree), ``equal`` when every
value agrees, else ``different``.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np
import pandas as pd

from ..core.check import NOTE, compare, decimals
from ..core.schema import EVENT, NAME, PLAYER, POINTS, RANK, ROUND, ValidationError, shortened
from .codes import parse_tiebreak
from .kinds import TIEBREAK_ORDER
from .tables import standings

ROUND_AFTER = "round_after"
#: published columns that are not tie-breaks
BASE_COLUMNS = (EVENT, ROUND_AFTER, PLAYER, NAME, RANK, POINTS)
#: published columns neither compared nor warned about (who the player is, the event's facts)
OTHER_COLUMNS = ("title", "rating", "federation", "club", "date", "program", "Unnamed: 0")
#: tie-breaks compared through the places only: Vega prints DE as a place among the tied
#: players ("1-2"), not a value
PLACE_ONLY = ("DE",)
#: the note of the published points that the results do not give
POINTS_NOTE = "published points that the results do not give"
#: the note of a tie-break an event publishes as 0 for every player (a program that does not
#: compute it for such an event: Vega's KS in a double round robin)
ALL_ZERO_NOTE = "published as 0 for every player of the event: not computed by the program"


def with_codes(published: pd.DataFrame) -> pd.DataFrame:
    """`published` with each column that a pairing program's label names renamed to its C.07
    code (Swiss-Manager's "Buchholz Tie-Breaks Cut-1 (2026)" -> ``BH/C1@2026``:
    :func:`tourneystats.chess.programs.code_of_label`); ``attrs["labels"]`` keeps the labels.
    Two columns naming one code are an error.

    Examples
    --------
    >>> pub = pd.DataFrame(columns=["event", "player", "points", "Median-1 (2023)", "SB"])
    >>> list(with_codes(pub).columns)
    ['event', 'player', 'points', 'BH/M1@2024', 'SB']
    """
    from .programs import code_of_label

    renamed: dict[str, str] = {}
    unknown = []
    for c in published.columns:  # (a few columns)
        if c in BASE_COLUMNS or c in OTHER_COLUMNS or _is_code(str(c)):
            continue
        code = code_of_label(str(c))
        if code is None:
            unknown.append(c)
        else:
            renamed[c] = code
    if unknown:
        warnings.warn(
            f"published standings: column(s) {shortened(unknown)} name no tie-break (a C.07 "
            "code or a program's label of one): not compared",
            stacklevel=2,
        )
    if not renamed:
        return published
    codes = [renamed.get(c, c) for c in published.columns]
    twice = sorted({c for c in codes if codes.count(c) > 1})
    if twice:
        shown = {lab: code for lab, code in renamed.items() if code in twice}
        raise ValidationError(f"published standings: two columns name one tie-break: {shown}")
    out = published.rename(columns=renamed)
    out.attrs = {**published.attrs, "labels": {v: k for k, v in renamed.items()}}
    return out


#: tie-breaks of ratings, published as whole numbers; the others count points (halves at least)
RATING_CODES = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG", "TPN"})


def _least_decimals(code: str) -> int:
    """The fewest decimals a published tie-break is compared at: 1 for one counting points (a
    table read from CSV prints 4.5 as 4.5 and 4.0 as 4: whole numbers there are not a
    precision of 0, which would let 4 agree with 4.5), 0 for one of ratings."""
    return 0 if parse_tiebreak(code).name in RATING_CODES else 1


def _is_code(name: str) -> bool:
    try:
        parse_tiebreak(name)
    except ValueError:
        return False
    return True


def tiebreak_columns(published: pd.DataFrame) -> list[str]:
    """The columns of `published` that name a tie-break (a C.07 code), in order."""
    out = []
    for c in published.columns:
        if c in BASE_COLUMNS:
            continue
        try:
            parse_tiebreak(str(c))
        except ValueError:
            continue
        out.append(str(c))
    return out


def compare_published(
    published: pd.DataFrame,
    results: pd.DataFrame,
    *,
    players: pd.DataFrame | None = None,
    events: pd.DataFrame | None = None,
    rules: str | Mapping | Any = None,
    round_robin: bool | Iterable | None = None,
    **options: Any,
) -> pd.DataFrame:
    """Compare published standings with those computed from `results`.

    Parameters
    ----------
    published : pandas.DataFrame
        ``event, [round_after], player|name, rank, points`` and tie-break columns: C.07 codes,
        or a program's labels that name one (:func:`with_codes`: Swiss-Manager's "Buchholz
        Tie-Breaks Cut-1 (2026)" is ``BH/C1@2026``, computed under C.07 2026 whatever the
        event's rule set).
    results, players, events, rules, round_robin, **options
        As for :func:`tourneystats.chess.standings`; each event's tie-breaks are those it
        publishes (a missing value in a column: the event does not publish it).

    Returns
    -------
    pandas.DataFrame
        ``event, player, value, published, computed, equal, note`` (``value``: ``points``,
        ``rank`` or a tie-break code).

    Examples
    --------
    >>> games = pd.DataFrame({"event": "E", "round": 1, "player": [1, 2], "opponent": [2, 1],
    ...                       "colour": ["w", "b"], "points": [1.0, 0.0], "kind": "played"})
    >>> pub = pd.DataFrame({"event": "E", "player": [1, 2], "rank": [1, 2],
    ...                     "points": [1.0, 0.0], "BH": [0.0, 1.0]})
    >>> compare_published(pub, games)[["player", "value", "published", "computed", "equal"]]
       player   value  published  computed  equal
    0       1  points        1.0       1.0   True
    1       1    rank        1.0       1.0   True
    2       1      BH        0.0       0.0   True
    3       2  points        0.0       0.0   True
    4       2    rank        2.0       2.0   True
    5       2      BH        1.0       1.0   True
    """
    published = _with_players(with_codes(published), players)
    codes = tiebreak_columns(published)
    compared = [c for c in codes if parse_tiebreak(c).name not in PLACE_ONLY]
    events = _declared(published, codes, events)
    cut = _up_to_round(results, published)
    table = standings(
        cut,
        players=players,
        events=events,
        rules=rules if rules is not None else "adjusted",
        round_robin=round_robin,
        **options,
    )
    for c in compared:  # a tie-break no event computes (none publishes a value)
        if c not in table.columns:
            table[c] = np.nan
    values = {POINTS: "PTS", RANK: RANK, **{c: c for c in compared}}
    parts = []
    for _, group in published.groupby(_precision_key(published, compared), sort=False):
        precision = {c: max(decimals(group[c]), _least_decimals(c)) for c in compared}
        part = compare(
            group,
            table[table[EVENT].isin(group[EVENT].unique())],
            keys=[EVENT, PLAYER],
            values=values,
            precision=precision | {POINTS: 1, RANK: 0},
            places=[RANK],
        )
        parts.append(part)
    out = pd.concat(parts, ignore_index=True)
    out = out.dropna(subset=["published"]).reset_index(drop=True)
    wrong_points = (out["value"] == POINTS) & ~out["equal"]
    out[NOTE] = pd.Series(POINTS_NOTE, index=out.index, dtype=object).where(wrong_points)
    zero = out["published"].eq(0).groupby([out[EVENT], out["value"]], sort=False).transform("all")
    blank = zero.to_numpy() & ~out["equal"].to_numpy() & ~out["value"].isin([POINTS, RANK])
    out.loc[blank, NOTE] = ALL_ZERO_NOTE
    return out


def event_status(table: pd.DataFrame) -> pd.Series:
    """Each event's status: ``inconsistent``, ``equal`` or ``different`` (see the module)."""
    wrong = ~table["equal"].to_numpy(dtype=bool)
    points = wrong & (table["value"] == POINTS).to_numpy()
    inconsistent = pd.Series(points, index=table.index).groupby(table[EVENT], sort=False).any()
    different = pd.Series(wrong, index=table.index).groupby(table[EVENT], sort=False).any()
    status = np.where(inconsistent, "inconsistent", np.where(different, "different", "equal"))
    return pd.Series(status, index=inconsistent.index, name="status")


def _precision_key(published: pd.DataFrame, codes: list[str]) -> pd.Series:
    """Per row, its event's precision of every tie-break (events printing alike compare
    together)."""
    if not codes:
        return pd.Series("", index=published.index)
    per = published.groupby(EVENT, sort=False)[codes].agg(decimals)
    key = per.astype(str).agg(",".join, axis=1)
    return published[EVENT].map(key)


def _with_players(published: pd.DataFrame, players: pd.DataFrame | None) -> pd.DataFrame:
    """`published` with a ``player`` column (from ``name`` and the players' names)."""
    missing = [c for c in (EVENT, POINTS) if c not in published.columns]
    if missing:
        raise ValidationError(f"published standings: no column(s) {missing}")
    if PLAYER in published.columns:
        out = published
    elif NAME in published.columns and players is not None and NAME in players.columns:
        ids = players[[EVENT, PLAYER, NAME]].drop_duplicates([EVENT, NAME], keep=False)
        out = published.merge(ids, on=[EVENT, NAME], how="left")
        unknown = out[out[PLAYER].isna()]
        if len(unknown):
            warnings.warn(
                f"published standings: {len(unknown)} name(s) of no single player, not "
                f"compared: {unknown[NAME].head(5).tolist()}",
                stacklevel=3,
            )
            out = out.dropna(subset=[PLAYER])
    else:
        raise ValidationError("published standings: no column player (or name, with players)")
    dup = out.duplicated([EVENT, PLAYER], keep=False)
    if dup.any():
        first = out[dup].iloc[0]
        raise ValidationError(
            f"published standings: event={first[EVENT]}, player={first[PLAYER]}: "
            f"{int(dup.sum())} rows for the same player"
        )
    if RANK not in out.columns:
        out = out.assign(**{RANK: np.nan})
    return out


def _declared(
    published: pd.DataFrame, codes: list[str], events: pd.DataFrame | None
) -> pd.DataFrame:
    """`events` with each event's tie-break order: the codes it publishes, in order."""
    shown = published[codes].notna().groupby(published[EVENT], sort=False).any()
    names = np.asarray(codes, dtype=object)
    rows = shown.to_numpy(dtype=bool)  # (no tie-break published: no columns)
    order = pd.Series([",".join(names[row]) for row in rows], index=shown.index)
    frame = pd.DataFrame({EVENT: published[EVENT].unique()})
    frame[TIEBREAK_ORDER] = frame[EVENT].map(order).fillna("")
    if events is None:
        return frame
    return events.drop(columns=[TIEBREAK_ORDER], errors="ignore").merge(frame, on=EVENT, how="left")


def _up_to_round(results: pd.DataFrame, published: pd.DataFrame) -> pd.DataFrame:
    """The results of the rounds up to each event's ``round_after`` (all without one)."""
    if ROUND_AFTER not in published.columns:
        return results
    after = published.groupby(EVENT, sort=False)[ROUND_AFTER].max()
    limit = results[EVENT].map(after).astype("float64")
    keep = limit.isna() | (results[ROUND].astype("float64") <= limit)
    return results[keep.to_numpy()]
