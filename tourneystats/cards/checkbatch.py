"""Checking many card-tournament files at once (``tourneystats check FOLDER``): :func:`files_report`.

A real archive holds thousands of small files (13,166 of the 17,452 files of the public MTG
archive are MTGO playoffs, with nothing to compare). Each file is read and parsed once, on its
own (a refused file refuses itself alone); the files with nothing to compare are reported
without building any table, and the tables of the other files of a batch are built in one step
(:class:`~tourneystats.cards.batch._Gathered`) and compared in one step per set of rules
(:func:`~tourneystats.cards.checkmany.events_compared`); only an event whose standings list a
name twice (its homonyms told apart first), or whose repairs warn, is compared alone. Each
file's report row, comparison and warnings are those :func:`~tourneystats.cards.file_report`
gives it alone; the files a batch cannot take (other formats, a second file of the same name,
topdeck.gg files whose byes are written null) are left to be checked alone.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from ..core.folders import naming
from ..core.schema import DATE, EVENT, PLAYER, ValidationError
from .batch import _Gathered
from .check import _json_event
from .checkmany import K, events_compared
from .decklistcache import (
    _bracket_frame,
    _date,
    _frame,
    _load,
    _one_loaded,
    _platform,
    _rounds,
)
from .homonyms import told_apart
from .jsonstandings import _key, read_standings
from .nogames import TOPDECK_SCHEMES, points_schemes, restored_byes
from .published import GAME_SCORES, PLATFORM, PRECISION, CardsFile
from .publishers import implied_presets, with_bye_players
from .report import _EMPTY, _finished, finished_rows
from .rules import RULES, Rules, get_rules

__all__ = ["files_report"]

_NONE = np.empty(0, dtype=np.intp)
#: the column of :func:`files_report`'s table giving each row's file (its position)
AT = "_at"


def _read(path: Path) -> tuple[str, Any, list[str]]:
    """One JSON file read as :func:`~tourneystats.cards.report.file_report` reads it: ``("none",
    (platform, date))`` for a file without Swiss rounds, ``("swiss", read)`` (``_one_file``'s
    tuple) or ``("refused", error)``; and the warnings of reading it."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:  # (as swiss_rounds, then read_mtg_json, read it: the same checks in the same order)
            data = _load(path)
            tournament = _key(path, data, "Tournament", "", (dict,))
            uri = tournament.get("Uri")
            platform = _platform(path, uri if isinstance(uri, str) else None)
            rounds = _rounds(path, data, None, platform)
            rows = rounds[0]
            standings = read_standings(path, data, path.stem)
            date = tournament.get("Date")
            if not rows:  # (its date read with the others': _bare_rows)
                result: tuple[str, Any] = ("none", (platform, date))
            else:
                if isinstance(date, str):  # (read as swiss_rounds reads it, warnings first)
                    _date(date)
                with naming(path):
                    result = ("swiss", _one_loaded(path, path.stem, data, None, rounds, standings))
        except ValidationError as exc:
            result = ("refused", exc)
    return *result, [str(w.message) for w in caught]


def _row(path: Path) -> dict:
    from .report import REPORT_COLUMNS

    row: dict = dict.fromkeys(REPORT_COLUMNS, "")
    row.update(file=str(path), platform=None, compared=0, equal=0)
    return row


def _presets(platforms: list, dates: list, decimals: list | None = None) -> list[str]:
    """The presets the files imply, all at once (:func:`implied_presets`)."""
    events = pd.DataFrame(
        {
            PLATFORM: pd.Series(platforms, dtype=object),
            DATE: pd.Series(dates, dtype="datetime64[ns, UTC]"),
            PRECISION: pd.Series(decimals if decimals is not None else [None] * len(platforms)),
        }
    )
    return [str(p) for p in implied_presets(events)] if len(events) else []


def files_report(
    paths: Sequence[Path], *, rules: str | Rules | None = None
) -> tuple[list[dict | None], pd.DataFrame]:
    """Check the card-tournament files `paths` as :func:`~tourneystats.cards.file_report` checks
    each alone: their report rows and their comparisons in one table.

    Parameters
    ----------
    paths : sequence of path
        The files.
    rules : str or Rules, optional
        A preset name or a :class:`~tourneystats.cards.Rules` object for every file; by
        default each file's publisher's.

    Returns
    -------
    rows : list of dict or None
        Per file, :func:`~tourneystats.cards.file_report`'s row (its ``warnings`` a list);
        None for a file to be checked alone.
    table : pandas.DataFrame
        The comparisons of the files, each file's rows as ``file_report`` gives them, in the
        files' order, with a column ``_at``: the file's position in `paths`.

    Examples
    --------
    >>> import json, pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "club.json").write_text(json.dumps({
    ...     "Tournament": {"Date": "2024-06-30", "Name": "Club", "Uri": "https://example.org/1"},
    ...     "Rounds": [{"RoundName": "Round 1", "Matches": [
    ...                  {"Player1": "Ann", "Player2": "Bo", "Result": "2-1-0"}]}],
    ...     "Standings": [{"Rank": 1, "Player": "Ann", "Points": 3}]}))
    >>> _ = (folder / "playoffs.json").write_text(json.dumps({
    ...     "Tournament": {"Date": "2024-06-30", "Uri": "https://mtgo.com/1"}, "Rounds": []}))
    >>> rows, table = files_report([folder / "club.json", folder / "playoffs.json"])
    >>> [(r["status"], r["compared"]) for r in rows]
    [('equal', 2), ('no published values', 0)]
    >>> table[["_at", "player", "value", "published", "equal"]]
       _at player   value  published  equal
    0    0    Ann  Points        3.0   True
    1    0    Ann    Rank        1.0   True
    """
    rows: list[dict | None] = [None] * len(paths)
    said: dict[int, list[str]] = {}
    bare: list[int] = []  # files without Swiss rounds
    found: list[tuple] = []
    gathered, names = _Gathered(), {}
    for i, path in enumerate(paths):  # per file: reading its bytes
        path = Path(path)
        if path.suffix.lower() != ".json" or path.stem in names:
            continue  # (checked alone)
        kind, read, messages = _read(path)
        said[i] = messages
        if kind == "refused":
            from ..core.report import error_status  # (cards alone does not import the report)

            exc = read if isinstance(read, ValidationError) else ValidationError(str(read))
            rows[i] = _finished(
                _row(path) | {"status": error_status(exc), "detail": str(exc)},
                None,
                messages,
                frame=False,
            )[0]
        elif kind == "none":
            bare.append(i)
            found.append(read)  # (platform, date)
        else:
            record = read[0]
            if record[PLATFORM] == "topdeck" and record["null_byes"] > 0:
                continue  # (read again with a dummy player: alone)
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                gathered.add(path, path.stem, read)
            said[i] += [str(w.message) for w in caught]
            names[path.stem] = i
    _bare_rows(paths, bare, found, rules, said, rows)
    parts = _swiss(paths, gathered, names, rules, said, rows) if names else []
    table = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame({AT: []})
    return rows, table


def _bare_rows(
    paths: Sequence[Path],
    bare: list[int],
    found: list[tuple],
    rules: str | Rules | None,
    said: dict[int, list[str]],
    rows: list[dict | None],
) -> None:
    """The rows of the files without Swiss rounds: nothing to compare."""
    if rules is not None:
        presets = [get_rules(rules).name] * len(bare)
    else:
        presets = _presets([p for p, _ in found], _dates([d for _, d in found], bare, said))
    base = [
        _row(Path(paths[i])) | {"platform": platform, "preset": preset}
        for i, (platform, _), preset in zip(bare, found, presets, strict=True)
    ]
    none = np.empty(0, dtype=np.intp)
    for i, row in zip(
        bare, finished_rows(base, _EMPTY, none, [said[i] for i in bare]), strict=True
    ):
        rows[i] = row


def _dates(texts: list, at: list[int], said: dict[int, list[str]]) -> list:
    """The files' ``Date`` texts read as :func:`~tourneystats.cards.decklistcache._date` reads
    each (None where it is no date): ISO 8601 dates at once, the others one by one (their
    warnings added to their file's)."""
    days = pd.to_datetime(
        pd.Series([t if isinstance(t, str) else None for t in texts], dtype=object),
        format="ISO8601",
        errors="coerce",
        utc=True,
    ).tolist()
    for j, (text, day) in enumerate(zip(texts, days, strict=True)):  # (not ISO 8601: a few)
        if isinstance(text, str) and pd.isna(day):
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                day = _date(text)
            said[at[j]] += [str(w.message) for w in caught]
        days[j] = None if pd.isna(day) else day
    return days


def _event_rules(events: pd.DataFrame, rules: str | Rules | None) -> list[Rules]:
    """Each event's rules, as :func:`~tourneystats.cards.check._json_events` chooses them."""
    if rules is not None:
        chosen = [get_rules(rules)] * len(events)
    else:
        chosen = [RULES[p] for p in implied_presets(events)]
    games = events[GAME_SCORES].to_numpy(dtype=bool)
    return [
        replace(own, game_scores=False) if not g and own.game_scores else own
        for own, g in zip(chosen, games, strict=True)
    ]


def _swiss(
    paths: Sequence[Path],
    gathered: _Gathered,
    names: dict[str, int],
    rules: str | Rules | None,
    said: dict[int, list[str]],
    rows: list[dict | None],
) -> list[pd.DataFrame]:
    """The comparisons of the files with Swiss rounds, their tables built once for the batch;
    their rows set in `rows`."""
    data = _frame(gathered.rows, gathered.published, gathered.events, gathered.finalists)
    data = replace(data, bracket=_bracket_frame(gathered.bracket))
    twice = data.published.duplicated([EVENT, PLAYER], keep=False).to_numpy()
    shared = set(data.published.loc[twice, EVENT])
    own = _event_rules(data.events, rules)
    at = {
        key: frame.groupby(EVENT, sort=False).indices
        for key, frame in (
            ("results", data.results),
            ("published", data.published),
            ("players", data.players),
            ("bracket", data.bracket),
        )
        if frame is not None
    }
    records = data.events.to_dict("records")
    parts: list[pd.DataFrame] = []  # (comparisons, with the event's position K)
    messages: dict[int, list[str]] = {}
    ks = [k for k, record in enumerate(records) if record[EVENT] not in shared]
    topdeck = [k for k in ks if rules is None and records[k][PLATFORM] == "topdeck"]
    alone: list[int] = []  # (topdeck.gg events whose repairs warn otherwise: a few)
    if topdeck:
        data, at, alone = _repaired(data, at, topdeck, records, own, messages)
    groups: dict[Rules, list[int]] = {}
    for k in ks:  # (the events of each rules: together)
        if k not in alone:
            groups.setdefault(own[k], []).append(k)
    homonyms = [k for k, record in enumerate(records) if record[EVENT] in shared]
    for k in sorted(alone + homonyms):  # (a few: alone; the homonyms told apart first)
        view = _event_view(data, k, records[k][EVENT], at)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            if k in homonyms:
                view = told_apart(with_bye_players(view))
            table = _json_event(view, records[k][EVENT], own[k], rules is None)
        messages[k] = [str(w.message) for w in caught]
        if table is not None:
            parts.append(table.assign(**{K: k}))
    for used, group in groups.items():
        table, said_of = events_compared(data, group, used, records, at)
        parts.append(table)
        messages |= {k: messages.get(k, []) + m for k, m in said_of.items()}
    return _rows_of(paths, parts, messages, records, own, names, said, rows)


def _repaired(
    data: CardsFile,
    at: dict,
    ks: list[int],
    records: list[dict],
    own: list[Rules],
    messages: dict[int, list[str]],
) -> tuple[CardsFile, dict, list[int]]:
    """topdeck.gg's events `ks` repaired as :func:`~tourneystats.cards.check._json_event`
    repairs each alone, all at once: their points scheme (set in `own`) and the byes missing
    from their files (added to ``data.results``, their warnings to `messages`); and the events
    to be checked alone (the repair of their group warned of something else)."""
    events = [records[k][EVENT] for k in ks]
    order = {e: i for i, e in enumerate(events)}

    def rows(frame: pd.DataFrame, key: str) -> pd.DataFrame:
        return frame.iloc[np.concatenate([at[key].get(e, _NONE) for e in events])]

    results, published = rows(data.results, "results"), rows(data.published, "published")
    scheme = points_schemes(results, published, order)
    for k, j in zip(ks, scheme, strict=True):  # (each event's rules: one of a few)
        win, draw = TOPDECK_SCHEMES[j]
        if (win, draw) != (own[k].win, own[k].draw):
            own[k] = replace(own[k], win=win, draw=draw)
    byes, alone = [], []
    for used in dict.fromkeys(own[k] for k in ks):  # (a few sets of rules)
        group = [k for k in ks if own[k] == used]
        names = np.asarray([records[k][EVENT] for k in group], dtype=object)
        mine = results[EVENT].astype(str).isin(names).to_numpy()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            added, said = restored_byes(
                results[mine], published[published[EVENT].astype(str).isin(names).to_numpy()], used
            )
        if caught:  # (told alone, each with its own warnings)
            alone += group
            continue
        byes.append(added)
        for k in group:
            messages[k] = [said[records[k][EVENT]]] if records[k][EVENT] in said else []
    byes = [b for b in byes if len(b)]
    if not byes:
        return data, at, alone
    added = pd.concat(byes, ignore_index=True)
    start = len(data.results)
    data = replace(data, results=pd.concat([data.results, added], ignore_index=True))
    extra: dict = added.groupby(EVENT, sort=False).indices
    at = dict(at)
    at["results"] = {e: np.concatenate([i, np.asarray(extra[e]) + start]) if e in extra else i
                     for e, i in at["results"].items()}  # fmt: skip
    return data, at, alone


def _rows_of(
    paths: Sequence[Path],
    parts: list[pd.DataFrame],
    messages: dict[int, list[str]],
    records: list[dict],
    own: list[Rules],
    names: dict[str, int],
    said: dict[int, list[str]],
    rows: list[dict | None],
) -> list[pd.DataFrame]:
    """The report rows of the events compared (`messages`: their warnings, by event position)
    set in `rows`, from their comparisons `parts` at once; the comparisons with their file's
    position (:data:`AT`)."""
    done = sorted(messages)
    files = np.array([names[records[k][EVENT]] for k in done], dtype=np.intp)
    slot = np.full(len(records), -1, dtype=np.intp)
    slot[done] = np.arange(len(done))
    table = pd.concat([p for p in parts if len(p)] or [pd.DataFrame({K: []})], ignore_index=True)
    at = slot[table[K].to_numpy(dtype=np.intp)] if len(table) else np.empty(0, dtype=np.intp)
    base = [
        _row(Path(paths[i])) | {"platform": records[k][PLATFORM], "preset": own[k].name}
        for k, i in zip(done, files, strict=True)
    ]
    notes = [said[i] + messages[k] for k, i in zip(done, files, strict=True)]
    for i, row in zip(files, finished_rows(base, table, at, notes), strict=True):
        rows[i] = row
    if not len(table):
        return []
    return [table.drop(columns=K).assign(**{AT: files[at]})]


def _event_view(data: CardsFile, k: int, event: str, at: dict) -> CardsFile:
    """One event's rows of `data`."""

    def rows(frame: pd.DataFrame, key: str) -> pd.DataFrame:
        return frame.iloc[at[key].get(event, _NONE)].reset_index(drop=True)

    return CardsFile(
        results=rows(data.results, "results"),
        published=rows(data.published, "published"),
        events=data.events.iloc[[k]].reset_index(drop=True),
        players=rows(data.players, "players"),
        bracket=None if data.bracket is None else rows(data.bracket, "bracket"),
    )
