"""Reading results files and folders, and the standings and histories computed from them.

A cards source is a results table (CSV, Parquet), an MTGODecklistCache JSON file
(:func:`~tourneystats.cards.read_mtg_json`), a Pokémon TOM export
(:func:`~tourneystats.cards.read_tom`), or a folder of any of them. The JSON and TOM files imply
their publisher's rules (:mod:`~tourneystats.cards.publishers`), used unless the caller names
rules.
"""

from __future__ import annotations

import functools
import os
import warnings
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pandas as pd

from ..core.folders import names_its_source, result_files
from ..core.io import (
    TABLE_SUFFIXES,
    coded_texts,
    read_table,
    return_free_memory,
    table_columns,
    texts_again,
)
from ..core.people import with_people
from ..core.schema import BRACKET, DATE, EVENT, NAME, OPPONENT, PLAYER, ROUND, ValidationError
from .cuts import _cut_standings
from .decklistcache import JSON_SUFFIXES, is_mtg_json, read_mtg_json
from .history import standings_by_round
from .homonyms import told_apart
from .prepare import GAME_COLUMNS, MATCH_COLUMNS, _clean_names
from .published import CUT_ROUND, DIVISION, GAME_SCORES, PLATFORM, PRECISION, UNREAD
from .publishers import KNOWN_PLATFORMS, implied_presets, with_bye_players
from .rules import Rules, get_rules
from .tables import standings
from .tom import TOM_SUFFIXES, is_tom, read_tom, unplayed, with_unplayed

_MATCH_NAMES = [c.name for c in MATCH_COLUMNS]
_GAME_NAMES = [c.name for c in GAME_COLUMNS]
#: the files a cards folder may hold: tables, MTG JSON archives and TOM exports
SUFFIXES = (*TABLE_SUFFIXES, *JSON_SUFFIXES, *TOM_SUFFIXES)


def _needed(columns: list[str], by: str | None) -> list[str] | None:
    """The columns to read for a results table, or None when it is not one."""
    present = set(columns)
    for names in (_MATCH_NAMES, _GAME_NAMES):
        if set(names) <= present:  # `by` once, even when it is a results column ("event")
            return names + ([by] if by is not None and by in present and by not in names else [])
    return None


#: the text id columns a results table's reader takes as categoricals (their Parquet dictionary
#: codes are the codes the standings need); the standings give them their text dtype back
_KEYS = (EVENT, PLAYER, OPPONENT)


def _read_results(path: Path, by: str | None, coded: bool = False) -> pd.DataFrame:
    """A results table's results columns (and `by`); the rows of an archive's bracket rounds
    (``bracket`` True: no standings rounds, :func:`archive_rows`) left out, said in a warning."""
    columns = table_columns(path)
    needed = _needed(columns, by)
    marked = needed is not None and BRACKET in columns and BRACKET not in needed
    frame = read_table(
        path,
        columns=[*needed, BRACKET] if marked and needed is not None else needed,
        dictionaries=_KEYS if coded else (),
        shared={OPPONENT: PLAYER},  # opponents are players: their names sorted once
    )
    if not coded:  # names read as every reader reads them (coded: when computed, prepare)
        frame = _clean_names(frame)
    if not marked:
        return frame
    bracket = frame[BRACKET].isin([True]).to_numpy()
    if bracket.any():
        warnings.warn(
            f"{path}: {int(bracket.sum())} row(s) of bracket rounds (column {BRACKET!r}) left "
            "out: no standings rounds (tourneystats recompute of the archive counts them as "
            "their publisher does)",
            stacklevel=4,
        )
    return frame.loc[~bracket].drop(columns=BRACKET).reset_index(drop=True)


def _result_files(folder: Path) -> list[Path]:
    """The results files of a folder; ``.xml`` files that are no TOM export and ``.json`` files
    that are no MTG archive file are skipped with a warning."""
    files = result_files(folder, SUFFIXES, _MATCH_NAMES, _GAME_NAMES, what="cards results")
    other = []
    for path in files:
        suffix = path.suffix.lower()
        if suffix == ".xml" and not is_tom(path):
            other.append((path, "a TOM export (its root is not <tournament>)"))
        elif suffix in JSON_SUFFIXES and not is_mtg_json(path):
            other.append((path, 'an MTG archive JSON file (no "Tournament")'))
    for path, kind in other:
        warnings.warn(f"{path}: not {kind}, skipped", stacklevel=4)
    kept = [p for p in files if p not in {path for path, _ in other}]
    if not kept:
        raise ValidationError(f"{folder}: no cards results in this folder")
    return kept


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


class _Loaded(NamedTuple):
    """What :func:`_load` reads from a file or folder."""

    results: pd.DataFrame
    #: the events of its JSON and TOM files (None when it has none: their platform, date and
    #: whether they carry game scores)
    events: pd.DataFrame | None = None
    #: the players its TOM files name (``event, player, name``; None without one: the ids of
    #: the other sources are the names they publish)
    players: pd.DataFrame | None = None
    #: the bracket rounds of its JSON files (``CardsFile.bracket``; None without one)
    bracket: pd.DataFrame | None = None
    #: the processes its JSON files were read on (:func:`~tourneystats.core.parallel.folder_jobs`)
    jobs: int | None = 1
    #: the players its TOM files place who played no Swiss match (:func:`~.tom.unplayed`)
    unplayed: pd.DataFrame | None = None


def _load(
    path: Path,
    by: str | None,
    coded: bool = False,
    skip_bad_files: bool = False,
    jobs: int | None = 1,
) -> _Loaded:
    """The results of a file or folder and what its JSON and TOM files tell besides
    (:class:`_Loaded`), its JSON files read on `jobs` processes. With `coded`, the text ids of
    a single table file are read as categoricals (named in ``attrs["dictionaries"]``)."""
    if coded and not path.is_dir() and path.suffix.lower() in TABLE_SUFFIXES:
        return _Loaded(_read_results(path, by, coded=True))
    files = _result_files(path) if path.is_dir() else [path]
    suffix = [p.suffix.lower() for p in files]
    json_files = [p for p, s in zip(files, suffix, strict=True) if s in JSON_SUFFIXES]
    tom_files = [p for p, s in zip(files, suffix, strict=True) if s in TOM_SUFFIXES]
    frames = [_read_results(p, by) for p in files if p not in json_files and p not in tom_files]
    from ..core.parallel import folder_jobs

    events, players, bracket, absent = [], None, None, None
    jobs = folder_jobs(jobs, json_files)
    for reader, some in ((read_mtg_json, json_files), (read_tom, tom_files)):
        if some:
            if reader is read_mtg_json:
                data = read_mtg_json(some, skip_bad_files=skip_bad_files, jobs=jobs)
                data = told_apart(with_bye_players(data))
                bracket = data.bracket
            else:
                data = reader(some)
            if reader is read_tom:  # TOM: first and last names behind the user ids
                players = data.players[[EVENT, PLAYER, NAME]]
                absent = unplayed(data)
            frames.append(data.results)
            events.append(data.events)
    if not frames:
        raise ValidationError(f"{path}: no cards results")
    all_events = pd.concat(events, ignore_index=True) if events else None
    return _Loaded(_concat(frames), all_events, players, bracket, jobs, absent)


def _plan(
    results: pd.DataFrame, events: pd.DataFrame | None, rules: str | Rules | None
) -> list[tuple[Rules, str | None, np.ndarray | None]]:
    """How to compute a source's events: (rules, `within` column, rows) per group of events
    sharing them (rows None: all). Events of JSON and TOM files take the rules they imply when
    `rules` is None; events without game scores are computed without game values (said in a
    warning)."""
    given = None if rules is None else get_rules(rules)
    if events is None:
        return [(given or get_rules("mtg"), None, None)]
    groups: dict[tuple[Rules, str | None], list] = {}
    own = _event_rules(events, given)
    no_games = events.loc[~events[GAME_SCORES].astype(bool).to_numpy(), "event"].astype(str)
    within = pd.Series(DIVISION, index=events.index, dtype=object).where(
        events[PLATFORM] == "tom", None
    )
    keys = pd.Series(list(zip(own, within, strict=True)), index=events.index, dtype=object)
    for key, names in events["event"].groupby(keys, sort=False):  # one per set of rules
        groups[key] = names.tolist()
    if len(no_games):
        warnings.warn(
            f"{len(no_games)} event(s) with match results only (no game scores): game points, "
            f"gwp and ogwp are not computed ({', '.join(no_games.head(3))}"
            f"{', ...' if len(no_games) > 3 else ''})",
            stacklevel=4,
        )
    listed = set(events["event"])
    tables = ~results[EVENT].isin(listed).to_numpy()
    plan: list[tuple[Rules, str | None, np.ndarray | None]]
    plan = [(r, w, results[EVENT].isin(ev).to_numpy()) for (r, w), ev in groups.items()]
    plan = [p for p in plan if p[2] is None or p[2].any()] or plan  # not events without rounds
    if tables.any():
        plan.append((given or get_rules("mtg"), None, tables))
    return [(r, w, None) for r, w, _ in plan] if len(plan) == 1 else plan


def _event_rules(events: pd.DataFrame, given: Rules | None) -> pd.Series:
    """The rules of each event of `events` (`given`, or the preset its publisher implies:
    :func:`~tourneystats.cards.publishers.implied_presets`), without game values where its file
    has no game scores; indexed as `events`."""
    codes, table = _event_rule_codes(events, given)
    return pd.Series(np.asarray([*table, None], dtype=object)[codes], index=events.index)


def _event_rule_codes(events: pd.DataFrame, given: Rules | None) -> tuple[np.ndarray, list]:
    """:func:`_event_rules` as codes into a list of the rules (-1: none), one per preset and
    kind of file."""
    names = implied_presets(events) if given is None else np.full(len(events), given.name)
    games = events[GAME_SCORES].astype(bool).to_numpy()
    codes, pairs = pd.factorize(pd.Series(list(zip(names, games, strict=True)), dtype=object))
    table = []
    for name, has_games in pairs:  # one per preset and kind of file
        own = given or get_rules(name)
        table.append(own if has_games or not own.game_scores else _without_games(own))
    return codes, table


@functools.lru_cache(maxsize=64)
def _without_games(rules: Rules) -> Rules:
    """`rules` without game values (one object per rules: the events group by it)."""
    return replace(rules, game_scores=False)


def _computed(
    results: pd.DataFrame,
    plan: list[tuple[Rules, str | None, np.ndarray | None]],
    compute: Callable[..., pd.DataFrame],
    **options: object,
) -> pd.DataFrame:
    """`compute` over each group of events of the plan, the tables joined in event order."""
    if len(plan) == 1:
        rules, within, _ = plan[0]
        extra = {} if within is None else {"within": within}
        return compute(results, rules=rules, **extra, **options)
    if options.get("by") is not None:
        raise ValidationError(
            "the events follow different publishers' rules: name the rules (rules=...) to pool "
            f"them by {options['by']!r}"
        )
    parts = [
        compute(results[rows], rules=rules, **({} if within is None else {"within": within}))
        for rules, within, rows in plan  # a few groups (one per preset), not one per event
    ]
    table = pd.concat(parts, ignore_index=True)
    order = np.argsort(table[EVENT].astype(str).to_numpy(), kind="stable")
    return table.iloc[order].reset_index(drop=True)


#: the columns ``tourneystats import`` adds to the rows of an MTG JSON or TOM file: what the
#: rules of its event depend on (:func:`archive_standings`)
EVENT_COLUMNS = (PLATFORM, DATE, GAME_SCORES, CUT_ROUND, PRECISION)
#: the key of ``DataFrame.attrs`` where :func:`archive_rows` says why a file has no rows
WHY_EMPTY = "why_empty"


def archive_rows(path: str | os.PathLike) -> pd.DataFrame:
    """The results of a file (:func:`read_results`), each row of an MTG JSON or TOM file with
    its event's ``platform``, ``date``, ``game_scores``, ``cut_round`` and
    ``published_decimals`` (:data:`EVENT_COLUMNS`)
    and ``bracket``, as ``tourneystats import`` writes them into an archive.

    ``bracket`` is False on the rows of the Swiss rounds, and True on the rows of the bracket
    rounds of an MTG JSON file named ``Quarterfinals``, ``Semifinals``, ``Finals``
    (``bracket_rows``: each match from both sides,
    numbered after the Swiss rounds; kept for the events that have Swiss rounds), which are no
    standings rounds: only :func:`archive_standings` counts them, as :func:`standings_from_path`
    does (melee.gg counts them in the tie-breakers: ``Rules.playoff_tiebreakers``); the other
    computations refuse them.

    Examples
    --------
    >>> import json, pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "cup.json"
    >>> _ = path.write_text(json.dumps({"Tournament": {"Date": "2024-06-30",
    ...     "Uri": "https://topdeck.gg/event/1"}, "Rounds": [{"RoundName": "Round 1", "Matches": [
    ...     {"Player1": "Ann", "Player2": "Bo", "Result": "1-0-0"}]}]}))
    >>> archive_rows(path)[["player", "wins", "platform", "game_scores", "bracket"]]
      player  wins platform  game_scores  bracket
    0    Ann     1  topdeck        False    False
    1     Bo     0  topdeck        False    False
    """
    loaded = _load(Path(path), None)
    if loaded.events is None:
        return loaded.results
    return _archive_frame(loaded)


def _archive_frame(loaded: _Loaded) -> pd.DataFrame:
    """:func:`archive_rows` of what :func:`_load` read (MTG JSON or TOM events)."""
    results, events = loaded.results, loaded.events
    assert events is not None
    rows = results.assign(**{BRACKET: False})
    bracket = loaded.bracket
    if bracket is not None and len(bracket):  # (of events with Swiss rounds: MTGO's have none)
        bracket = bracket[bracket[EVENT].isin(results[EVENT]).to_numpy()]
        rows = _concat([rows, bracket.assign(**{BRACKET: True})])
    info = events.reindex(columns=[EVENT, *EVENT_COLUMNS]).drop_duplicates(EVENT)
    info[DATE] = pd.to_datetime(info[DATE], utc=True)
    info[CUT_ROUND] = info[CUT_ROUND].fillna(0).astype(np.int64)  # (TOM: none)
    info[PRECISION] = info[PRECISION].fillna(0).astype(np.int64)
    rows = rows.merge(info, on=EVENT, how="left", validate="many_to_one")
    if not len(results):
        matches = len(loaded.bracket) // 2 if loaded.bracket is not None else 0
        rows.attrs[WHY_EMPTY] = why_empty(matches)
    return rows


def why_empty(matches: int) -> str:
    """What :func:`archive_rows` says of a file of `matches` bracket matches and no Swiss round."""
    if not matches:
        return "no match: the file lists no round (its published standings alone, if any)"
    return (
        f"a playoff bracket alone: {matches} bracket match(es) and no Swiss round (a bracket "
        "counts only in the tie-breakers of Swiss standings)"
    )


def archive_standings(
    results: pd.DataFrame, *, rules: str | Rules | None = None, within: str | None = None
) -> pd.DataFrame:
    """Standings of the events of an archive file, each under the rules its publisher implies.

    Parameters
    ----------
    results : pandas.DataFrame
        Results as :func:`standings` takes them; the rows of MTG JSON and TOM files carry
        their event's ``platform``, ``date``, ``game_scores``, ``cut_round`` and
        ``published_decimals`` (the precision its file prints, which tells a publisher's
        formats apart, as each publisher's presets print theirs)
        (``archive_rows``, as ``tourneystats import`` writes them), other rows none
        (missing).
    rules : str or Rules, optional
        The rules of every event. By default (None) each MTG JSON or TOM event follows the preset
        its publisher implies (``implied_rules``), the other
        events ``"mtg"``. Either way, the events without game scores are computed without game
        values (their ``1-0-0`` rows are match results, not games), and a top cut written
        as Swiss rounds or a second day of the leaders by points counts as the rules say
        (``Rules.frozen_before_cut``), as in :func:`standings_from_path`. So does a bracket
        named Quarterfinals, Semifinals, Finals, whose rows are marked ``bracket`` True
        (``archive_rows``): never a Swiss round, counted in its players' tie-breakers under
        ``Rules.playoff_tiebreakers`` (melee.gg until May 2024), left out under other rules. An
        archive without the column (written before it was kept) is computed on its Swiss rounds.
    within : str, optional
        As for :func:`standings` (TOM events are ranked within ``division`` by default).

    Returns
    -------
    pandas.DataFrame
        As :func:`standings`, in event order.

    Raises
    ------
    ValidationError
        A column holding what the import cannot have written, naming the column and the
        events: an unknown platform (unless `rules` are given), ``game_scores`` not True or
        False, a ``date`` that is no date, a ``cut_round`` that is no round number, a
        ``published_decimals`` that is no whole number from 0 to 12,
        ``bracket`` not True or False (missing: False), a bracket row without an opponent, in a
        round not after its event's Swiss rounds, in an event without Swiss rounds, or in an
        event without a ``platform``.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.cards import archive_standings
    >>> rows = pd.DataFrame({"event": "E", "round": 1, "player": ["a", "b"],
    ...     "opponent": ["b", "a"], "wins": [1, 0], "losses": [0, 1], "draws": 0,
    ...     "platform": "topdeck", "date": pd.Timestamp("2024-06-30", tz="UTC"),
    ...     "game_scores": False})
    >>> archive_standings(rows)[["player", "match_points", "gwp"]]
      player  match_points  gwp
    0      a             3  NaN
    1      b             0  NaN
    """
    # the ids as integer codes (the rows of events taken apart by rules and cuts: no strings
    # copied), the table's ids as text again
    coded, text = coded_texts(results, (EVENT, PLAYER, OPPONENT), {OPPONENT: PLAYER})
    return texts_again(_archive_standings(coded, rules, within), text)


def _archive_standings(
    results: pd.DataFrame, rules: str | Rules | None, within: str | None
) -> pd.DataFrame:
    """:func:`archive_standings` of `results` (its ids coded or not)."""
    present = [c for c in EVENT_COLUMNS if c in results.columns]
    plain, bracket = _archive_bracket(results, results.drop(columns=present))
    if PLATFORM not in present:
        _listed_bracket(bracket, pd.Series([], dtype=object))
        return standings(plain, rules="mtg" if rules is None else rules, within=within)
    events = _archive_events(results, present, rules)
    _listed_bracket(bracket, events[EVENT])
    with warnings.catch_warnings():  # events without game scores: said by the import already
        warnings.simplefilter("ignore")
        plan: list[tuple[Rules, str | None, np.ndarray | None]] = _plan(plain, events, rules)
    if within is not None:
        plan = [(own, within, rows) for own, _, rows in plan]
    table = _computed(plain, plan, standings)
    if CUT_ROUND not in present and bracket is None:
        return table
    if CUT_ROUND not in present:  # (a bracket: the events as the import writes them, no cut)
        events = events.assign(**{CUT_ROUND: 0})
    return _cuts_frozen(table, plain, _Loaded(plain, events, None, bracket), rules)


def _refuse(column: str, what: str, events: pd.Series) -> ValidationError:
    """The error of an archive whose `column` is `what` for `events` (the first three named)."""
    names = [str(e) for e in events.head(3)]
    more = ", ..." if len(events) > 3 else ""
    return ValidationError(
        f"archive_standings: column {column!r}: {what} for {len(events)} event(s) "
        f"({', '.join(names)}{more})",
        rows=events.to_frame(),
    )


def _archive_bracket(
    results: pd.DataFrame, plain: pd.DataFrame
) -> tuple[pd.DataFrame, pd.DataFrame | None]:
    """`plain` (the rows of `results`) without the bracket rows marked by the column ``bracket``
    and without the column, and those rows (None: none), the column validated: True or False
    (or missing: False); a bracket row has an opponent and a round after its event's Swiss
    rounds (it has some)."""
    if BRACKET not in results.columns:
        return plain, None
    marks = results[BRACKET]
    plain = plain.drop(columns=BRACKET)
    bad = ~(marks.isin([True, False]).to_numpy() | marks.isna().to_numpy())
    if bad.any():
        value = marks[bad].iloc[0]
        raise _refuse(BRACKET, f"not True or False ({value!r})", _events_of(results, bad))
    marked = marks.isin([True]).to_numpy()
    if not marked.any():
        return plain, None
    bracket, swiss = plain[marked], plain[~marked]
    alone = bracket[OPPONENT].isna().to_numpy()
    if alone.any():
        raise _refuse(
            BRACKET, "a bracket row without an opponent (a bracket has no byes)",
            _events_of(bracket, alone),
        )  # fmt: skip
    first = pd.to_numeric(bracket[ROUND], errors="coerce").groupby(
        bracket[EVENT], observed=True, sort=False
    ).min()  # fmt: skip
    own = swiss[EVENT].isin(first.index).to_numpy()
    last = pd.to_numeric(swiss.loc[own, ROUND], errors="coerce").groupby(
        swiss.loc[own, EVENT], observed=True, sort=False
    ).max()  # fmt: skip
    lone = ~first.index.isin(last.index)
    if lone.any():
        raise _refuse(
            BRACKET, "rows of a bracket round in an event without Swiss rounds (no standings "
            "to count them in)", pd.Series(first.index[lone], name=EVENT),
        )  # fmt: skip
    early = (first <= last.reindex(first.index)).to_numpy()
    if early.any():
        event = first.index[early][0]
        raise _refuse(
            BRACKET,
            f"a bracket round not after the Swiss rounds (round {first.iloc[early.argmax()]!r},"
            f" the last Swiss round {last[event]!r})",
            pd.Series(first.index[early], name=EVENT),
        )
    return swiss, bracket


def _events_of(frame: pd.DataFrame, rows: np.ndarray) -> pd.Series:
    """The events of the `rows` of `frame`, each once."""
    return pd.Series(pd.unique(frame.loc[rows, EVENT]), name=EVENT)


def _listed_bracket(bracket: pd.DataFrame | None, listed: pd.Series) -> None:
    """Refuse bracket rows of events not `listed` (without a platform: whether a bracket counts
    is a publisher's rule)."""
    if bracket is None:
        return
    unlisted = ~bracket[EVENT].isin(listed).to_numpy()
    if unlisted.any():
        raise _refuse(
            BRACKET,
            f"rows of a bracket round in an event without a {PLATFORM!r} (whether a bracket "
            "counts is its publisher's rule, as tourneystats import writes the rows)",
            _events_of(bracket, unlisted),
        )


def _archive_events(
    results: pd.DataFrame, present: list[str], rules: str | Rules | None
) -> pd.DataFrame:
    """One row per event of an archive that names its platform, its columns validated: a known
    platform (unless `rules` are given), ``game_scores`` there and True or False, ``date`` a
    date (parsed, UTC), ``cut_round`` a whole number of 0 or more (missing: 0),
    ``published_decimals`` a whole number from 0 to 12 (missing: 0, unknown)."""
    if GAME_SCORES not in present:
        raise ValidationError(
            f"archive_standings: column {PLATFORM!r} without the column {GAME_SCORES!r}: "
            "whether each event's file has game scores (as tourneystats import writes them)"
        )
    listed = results[PLATFORM].notna().to_numpy()
    events = results.loc[listed, [EVENT, *present]].drop_duplicates(EVENT)
    platform = events[PLATFORM]
    unknown = ~platform.isin(list(KNOWN_PLATFORMS))
    if rules is None and unknown.any():
        first = platform[unknown].iloc[0]
        raise _refuse(
            PLATFORM,
            f"an unknown platform ({first!r}: its rules unknown; known: "
            f"{', '.join(sorted(KNOWN_PLATFORMS))}; or name the rules, rules=...)",
            events.loc[unknown, EVENT],
        )
    games = events[GAME_SCORES]
    bad = ~games.isin([True, False]).to_numpy() | games.isna().to_numpy()
    if bad.any():
        value = games[bad].iloc[0]
        raise _refuse(GAME_SCORES, f"not True or False ({value!r})", events.loc[bad, EVENT])
    columns: dict[str, pd.Series] = {GAME_SCORES: games.astype(bool)}
    if DATE in present:
        dates = events[DATE]
        parsed = dates
        if not isinstance(dates.dtype, pd.DatetimeTZDtype):
            parsed = pd.to_datetime(dates, utc=True, errors="coerce", format="mixed")
        bad = (parsed.isna() & dates.notna()).to_numpy()
        if bad.any():
            value = dates[bad].iloc[0]
            raise _refuse(DATE, f"not a date ({value!r})", events.loc[bad, EVENT])
        columns[DATE] = parsed
    if CUT_ROUND in present:
        cut = events[CUT_ROUND]
        number = pd.to_numeric(cut, errors="coerce").astype("float64")
        whole = (number >= 0) & (number == np.floor(number))
        bad = (cut.notna() & ~whole.fillna(False)).to_numpy()
        if bad.any():
            value = cut[bad].iloc[0]
            raise _refuse(
                CUT_ROUND, f"not a round number of 0 or more ({value!r})", events.loc[bad, EVENT]
            )
        columns[CUT_ROUND] = number.fillna(0).astype(np.int64)
    if PRECISION in present:
        number = pd.to_numeric(events[PRECISION], errors="coerce").astype("float64")
        whole = (number >= 0) & (number <= 12) & (number == np.floor(number))
        bad = (events[PRECISION].notna() & ~whole.fillna(False)).to_numpy()
        if bad.any():
            value = events.loc[bad, PRECISION].iloc[0]
            raise _refuse(
                PRECISION, f"not a number of decimals 0 to 12 ({value!r})", events.loc[bad, EVENT]
            )
        columns[PRECISION] = number.fillna(0).astype(np.int64)
    return events.assign(**columns)


@names_its_source
def read_results(
    path: str | os.PathLike,
    *,
    by: str | None = None,
    skip_bad_files: bool = False,
    jobs: int | None = 1,
) -> pd.DataFrame:
    """Read the results that :func:`standings` takes from a file or a folder of files.

    Parameters
    ----------
    path : path-like
        A CSV or Parquet file of match-level or game-level results, an MTGODecklistCache JSON
        file (its Swiss rounds, :func:`read_mtg_json`), a Pokémon TOM export (``.tdf``,
        :func:`read_tom`), or a folder: every such file in it (not in sub-folders) is read and
        the results are concatenated, except files whose name starts with ``.`` or ``_`` or
        contains ``standings`` (e.g. published standings kept next to the results). Other tables
        without the results columns, and ``.xml`` files that are no TOM export, are skipped with
        a warning. Ids of different types across files are compared as text.
    by : str, optional
        A pooling column (see :func:`standings`) to read along with the results columns; of a
        Parquet file only these columns are read.
    skip_bad_files : bool, default False
        Leave out the MTG JSON files of a folder that would be refused, with one warning naming
        each (:func:`read_mtg_json`); by default the first such file stops the reading.
    jobs : int, optional
        Processes reading the MTG JSON files of a folder (:func:`read_mtg_json`).

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
    >>> import pandas as pd
    >>> from tourneystats.cards import read_results
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
    return _load(Path(path), by, skip_bad_files=skip_bad_files, jobs=jobs).results


@names_its_source
def read_people(
    path: str | os.PathLike, *, skip_bad_files: bool = False, jobs: int | None = 1
) -> pd.DataFrame | None:
    """The players a results file or folder names behind its ids, for ``players=``.

    Parameters
    ----------
    path, skip_bad_files, jobs
        As for :func:`read_results`.

    Returns
    -------
    pandas.DataFrame or None
        ``event, player, name`` of its Pokémon TOM files (first and last name as published);
        None when it has none (MTG JSON files and tables identify players by the names they
        publish).

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.cards import read_people
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> pd.DataFrame({"event": "E", "round": 1, "player": ["a", "b"], "opponent": ["b", "a"],
    ...               "wins": [2, 0], "losses": [0, 2], "draws": 0}).to_csv(folder / "e.csv",
    ...                                                                      index=False)
    >>> read_people(folder) is None
    True
    """
    return _load(Path(path), None, skip_bad_files=skip_bad_files, jobs=jobs).players


@names_its_source
def standings_from_path(
    path: str | os.PathLike,
    *,
    rules: str | Rules | None = None,
    by: str | None = None,
    skip_bad_files: bool = False,
    jobs: int | None = 1,
) -> pd.DataFrame:
    """Standings of every event in a results file, or in a folder of results files.

    Parameters
    ----------
    path : path-like
        A results file or folder, read by :func:`read_results`; all its events are computed at
        once (in one call per set of rules).
    rules : str or Rules, optional
        A preset name or a :class:`Rules` object. By default each JSON or TOM file's events
        follow the preset its publisher implies (``implied_rules``:
        ``manatraders``, ``topdeck``, ``melee``/``melee2024``/``melee2025`` and
        ``cardsrealm``/``cardsrealm2025`` by date, ``pokemon`` ranked within ``division``), and
        tables ``"mtg"``. Events with match results only are computed without game values (with
        a warning). A JSON file's events are computed as their publisher does (not when
        pooled with `by`): a top cut written as Swiss rounds and a second day of the leaders by
        points count as the rules say (``Rules.frozen_before_cut``: melee.gg's players who
        stopped before a cut keep their standings before it, ranked after those who went on),
        and so does a bracket named Quarterfinals, Semifinals, Finals
        (``Rules.playoff_tiebreakers``).
    by : str, optional
        Pool the events by this column (see :func:`standings`).
    skip_bad_files : bool
        Leave out the MTG JSON files that would be refused, naming each in a warning
        (:func:`read_mtg_json`), and compute the others: a season of a real archive.
    jobs : int, optional
        Processes reading the MTG JSON files of a folder (the events their publisher computes
        otherwise, a cut or a bracket, are computed all at once afterwards); None or 0: all the
        cores, for 32 MB of files or more; 1, the default: this process alone. The table does not
        depend on it. A script using more than one needs the ``if __name__ == "__main__":`` guard.

    Returns
    -------
    pandas.DataFrame
        As :func:`standings`.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.cards import standings_from_path
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
    loaded = _load(Path(path), by, coded=True, skip_bad_files=skip_bad_files, jobs=jobs)
    results = loaded.results
    text = results.attrs.pop("dictionaries", [])
    table = _computed(results, _plan(results, loaded.events, rules), standings, by=by)
    if by is None:
        table = _cuts_frozen(table, results, loaded, rules, jobs=loaded.jobs)
    unplayed, players = loaded.unplayed, loaded.players
    del loaded, results  # the rows, before the table's ids are made text again
    return_free_memory()
    table = texts_again(table, text)
    return with_people(table if by is not None else with_unplayed(table, unplayed), players)


def _cuts_frozen(
    table: pd.DataFrame,
    results: pd.DataFrame,
    loaded: _Loaded,
    rules: str | Rules | None,
    jobs: int | None = 1,
) -> pd.DataFrame:
    """`table` with the MTG JSON events computed as their publisher does where that differs
    from :func:`standings` (a bracket counted in the tie-breakers, a top cut, a second day:
    :func:`~tourneystats.cards.cuts.cut_standings`, every event of a set of rules at once;
    `jobs` is not used: the computation is a few array passes)."""
    events = loaded.events
    if events is None or CUT_ROUND not in events.columns:
        return table
    bracket = loaded.bracket if loaded.bracket is not None else pd.DataFrame()
    groups, unread = _to_recompute(results, events, rules)
    for message in unread:  # (as bracket_rows says it)
        warnings.warn(message, stacklevel=4)
    results, bracket = _clean_names(results), _clean_names(bracket)  # (once for every rule set)
    codes, names = pd.factorize(results[EVENT], sort=False)  # (text compared once)
    named = pd.Index(names)
    b_codes = named.get_indexer(bracket[EVENT]) if len(bracket) else np.zeros(0, np.int64)
    parts = []
    for own, (group, top) in groups.items():  # a few: one per set of rules
        wanted = named.get_indexer(group)
        rows, marks = np.isin(codes, wanted), np.isin(b_codes, wanted)
        part = _cut_standings(
            results[rows], bracket[marks] if len(bracket) else None, top, own, table
        )
        if part is not None:
            parts.append(part)
    if not parts:
        return table
    done = pd.concat(parts, ignore_index=True)
    redone = np.isin(named.get_indexer(table[EVENT]), named.get_indexer(pd.unique(done[EVENT])))
    table = pd.concat([table[~redone], done], ignore_index=True)
    order = np.argsort(table[EVENT].astype(str).to_numpy(), kind="stable")
    return table.iloc[order].reset_index(drop=True)


def _to_recompute(
    results: pd.DataFrame, events: pd.DataFrame, rules: str | Rules | None
) -> tuple[dict[Rules, tuple[list, pd.Series]], list[str]]:
    """The JSON events :func:`~tourneystats.cards.cuts.cut_standings` may compute otherwise
    than :func:`standings` by their rules (their names, their top cut round), for the rules with
    ``Rules.frozen_before_cut`` or ``Rules.playoff_tiebreakers``; and the messages of the
    brackets not read that the rules would count."""
    given = get_rules(rules) if rules is not None else None
    events = events[
        (events[PLATFORM] != "tom").to_numpy()
        & events[EVENT].isin(pd.unique(results[EVENT])).to_numpy()  # (each value once: fast)
    ]  # (TOM files: ranked within divisions, no cuts)
    code, kinds = _event_rule_codes(events, given)
    # each event's rules and their flags looked up once per set of rules (a few), not per event
    flags = np.array([(r.frozen_before_cut or r.playoff_tiebreakers, r.playoff_tiebreakers)
                      for r in kinds] + [(False, False)], dtype=bool)[code]  # fmt: skip
    needed, counted = flags[:, 0], flags[:, 1]
    events, code, counted = events[needed], code[needed], counted[needed]
    top = pd.to_numeric(events[CUT_ROUND], errors="coerce").fillna(0).astype(np.int64)
    names, tops = events[EVENT].to_numpy(dtype=object), top.to_numpy()
    code = np.array([kinds.index(r) for r in kinds] + [-1], dtype=np.int64)[code]  # equal: one
    groups = {
        kinds[k]: (names[code == k].tolist(), tops[code == k].tolist())
        for k in pd.unique(code)  # one per set of rules, in order of appearance
    }
    unread: list[str] = []
    if UNREAD in events.columns:
        said = events[UNREAD].notna().to_numpy()  # (a message, or None)
        unread = events.loc[(top == 0).to_numpy() & counted & said, UNREAD].tolist()
    return {
        own: (listed, pd.Series(cut, index=listed, dtype=np.int64))
        for own, (listed, cut) in groups.items()
    }, unread


@names_its_source
def history_from_path(
    path: str | os.PathLike,
    *,
    rules: str | Rules | None = None,
    skip_bad_files: bool = False,
    jobs: int | None = 1,
) -> pd.DataFrame:
    """Standings after every round of every event in a results file or folder (for drift charts).

    Parameters
    ----------
    path : path-like
        A results file or folder, read by :func:`read_results`.
    rules : str or Rules, optional
        A preset name or a :class:`Rules` object; by default as :func:`standings_from_path`.
    skip_bad_files : bool
        As :func:`standings_from_path`: refused MTG JSON files left out, each named in a
        warning (a season's drift over a real archive).
    jobs : int, optional
        Processes reading the MTG JSON files of a folder (None or 0: all the cores, for 32 MB
        of files or more; 1, the default: this process alone). The table does not depend on
        it. A script using more than one needs the ``if __name__ == "__main__":`` guard.

    Returns
    -------
    pandas.DataFrame
        As :func:`standings_by_round`.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.cards import history_from_path
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
    results, events, players, *_ = _load(Path(path), None, skip_bad_files=skip_bad_files, jobs=jobs)
    table = _computed(results, _plan(results, events, rules), standings_by_round)
    return with_people(table, players)
