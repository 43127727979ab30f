"""The archive rows of many MTG JSON files at once, file by file as :func:`archive_rows` gives them.

``tourneystats import`` reads an archive of thousands of small files (13,166 of the 17,452 files
of the public MTG archive are 8-player playoffs). Each file is parsed on its own (the standard
library's ``json``; a refused file refuses itself alone), and the tables of a whole batch of files
are then built in one step: one frame of results, one of brackets, one merge with the events.
Each file's frame, warnings and error are those :func:`~tourneystats.cards.files.archive_rows` gives
it alone.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import pandas as pd

from ..core.schema import EVENT, ValidationError
from .decklistcache import _BRACKET, _bracket_frame, _frame, _read_file
from .files import WHY_EMPTY, _archive_frame, _Loaded, why_empty
from .homonyms import told_apart
from .published import CUT_ROUND, PLATFORM, note
from .publishers import with_bye_players

#: one file's archive rows (None: refused), the error refusing it, its warnings
Read = tuple[pd.DataFrame | None, Exception | None, list[str]]


class _Gathered:
    """What the files of a batch hold, as :func:`~tourneystats.cards.read_mtg_json` gathers it."""

    def __init__(self) -> None:
        self.rows: list[tuple] = []
        self.published: list[dict] = []
        self.events: list[dict] = []
        self.finalists: list[tuple] = []
        self.bracket: list[tuple] = []

    def add(self, path: Path, event: str, read: tuple) -> None:
        """One file's reading; its notes warned (as reading it alone warns them)."""
        record, file_rows, left, in_playoffs, standings, file_bracket = read
        self.events.append(record)
        self.rows.extend((event, *row) for row in file_rows)
        self.bracket.extend((event, *row) for row in file_bracket)
        self.finalists.extend((event, name) for name in in_playoffs)
        cut = record[CUT_ROUND]
        self.finalists.extend((event, row[1]) for row in file_rows if cut and row[0] >= cut)
        self.published.extend(standings)
        rounds = list(dict.fromkeys(left))
        apart = [n for n in rounds if _BRACKET.fullmatch(n.strip())]
        playoffs = [n for n in rounds if n not in apart]
        if playoffs:
            note(
                "playoff rounds left out (only Swiss rounds are standings rounds)",
                [f"{path.name} ({', '.join(playoffs)})"],
            )
        if apart:
            note(
                "bracket rounds read apart from the Swiss rounds (counted where rules count them)",
                [f"{path.name} ({', '.join(apart)})"],
            )


def archive_rows_of(paths: Sequence[Path]) -> dict[int, Read]:
    """The archive rows of the MTG JSON files of `paths`, by position in `paths`: each file's
    frame, error and warnings as :func:`~tourneystats.cards.files.archive_rows` gives them for the
    file alone. Files left to be read alone are not in the answer: those that are no ``.json``,
    a second file of the same name, and topdeck.gg files whose byes are written null (read
    twice, :func:`~tourneystats.cards.publishers.with_bye_players`).

    Examples
    --------
    >>> import json, pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> for name, (a, b) in (("e1", ("Ann", "Bo")), ("e2", ("Cy", "Di"))):
    ...     _ = (folder / f"{name}.json").write_text(json.dumps({"Tournament": {
    ...         "Date": "2024-06-30", "Uri": "https://melee.gg/1"}, "Rounds": [{"RoundName":
    ...         "Round 1", "Matches": [{"Player1": a, "Player2": b, "Result": "2-1-0"}]}]}))
    >>> read = archive_rows_of([folder / "e1.json", folder / "e2.json"])
    >>> read[1][0][["event", "player", "wins", "platform"]]
      event player  wins platform
    0    e2     Cy     2    melee
    1    e2     Di     1    melee
    """
    rows, read = archive_rows_together(paths)
    out: dict[int, Read] = {}
    for i, (kind, error, said) in read.items():
        if not isinstance(kind, Rows):
            out[i] = (None, error, said)
            continue
        own = rows.iloc[kind.start : kind.stop].reset_index(drop=True)
        own.attrs = {} if kind.why_empty is None else {WHY_EMPTY: kind.why_empty}
        out[i] = (own, None, said)
    return out


@dataclass(frozen=True)
class Rows:
    """Where a file's rows are in the frame of :func:`archive_rows_together`: rows
    ``start:stop``; `why_empty` says why there are none (``WHY_EMPTY``)."""

    start: int
    stop: int
    why_empty: str | None = None


def archive_rows_together(
    paths: Sequence[Path],
) -> tuple[pd.DataFrame, dict[int, tuple[Rows | None, Exception | None, list[str]]]]:
    """:func:`archive_rows_of` as one frame: the rows of every file read, file after file (the
    rows of each as :func:`~tourneystats.cards.files.archive_rows` gives them for the file
    alone), and per position in `paths` where its rows are (:class:`Rows`; None: refused),
    the error refusing it and its warnings. What ``tourneystats import`` stages (a frame per
    batch of files, not one per file).

    Examples
    --------
    >>> import json, pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> for name, (a, b) in (("e1", ("Ann", "Bo")), ("e2", ("Cy", "Di"))):
    ...     _ = (folder / f"{name}.json").write_text(json.dumps({"Tournament": {
    ...         "Date": "2024-06-30", "Uri": "https://melee.gg/1"}, "Rounds": [{"RoundName":
    ...         "Round 1", "Matches": [{"Player1": a, "Player2": b, "Result": "2-1-0"}]}]}))
    >>> rows, read = archive_rows_together([folder / "e1.json", folder / "e2.json"])
    >>> rows[["event", "player"]].values.tolist(), read[1][0]
    ([['e1', 'Ann'], ['e1', 'Bo'], ['e2', 'Cy'], ['e2', 'Di']], Rows(start=2, stop=4, why_empty=None))
    """
    from ..core.io import note_input

    out: dict[int, tuple[Rows | None, Exception | None, list[str]]] = {}
    gathered, names, said = _Gathered(), {}, {}
    for i, path in enumerate(paths):
        if path.suffix.lower() != ".json" or path.stem in names:
            continue
        note_input(path)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            read = _read_file((path, path.stem), bye_player=None)
            if isinstance(read, ValidationError):
                out[i] = (None, read, [str(w.message) for w in caught])
                continue
            if read[0][PLATFORM] == "topdeck" and read[0]["null_byes"] > 0:
                continue  # (read again with a dummy player: alone)
            gathered.add(path, path.stem, read)
        names[path.stem], said[i] = i, [str(w.message) for w in caught]
    if not gathered.events:
        return pd.DataFrame(), out
    rows, where = _frames(gathered, names, said)
    for i, place in where.items():
        out[i] = (place, None, said[i])
    return rows, dict(sorted(out.items()))


def _frames(
    gathered: _Gathered, names: dict[str, int], said: dict[int, list[str]]
) -> tuple[pd.DataFrame, dict[int, Rows]]:
    """The rows of the batch's files, file after file (the tables built once), and where each
    file's are; the warnings of telling homonyms apart added to their file's."""
    data = _frame(gathered.rows, gathered.published, gathered.events, gathered.finalists)
    data = replace(data, bracket=_bracket_frame(gathered.bracket))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        data = told_apart(with_bye_players(data))
    for w in caught:  # "{event}: ..." (one event's homonyms)
        event = str(w.message).split(":", 1)[0]
        said[names[event] if event in names else min(names.values())].append(str(w.message))
    rows = _archive_frame(_Loaded(data.results, data.events, None, data.bracket))
    rows.attrs = {}
    # the files' rows in file order, each file's in their order (a stable sort by file)
    listed = pd.Index(list(names))
    of_row = listed.get_indexer(pd.Index(rows[EVENT]))
    rows = rows.take(np.argsort(of_row, kind="stable")).reset_index(drop=True)
    ends = np.cumsum(np.bincount(of_row, minlength=len(listed)))
    bracket = data.bracket if data.bracket is not None else pd.DataFrame()
    matches: pd.Series | dict = (
        bracket.groupby(EVENT, sort=False).size() // 2 if len(bracket) else {}
    )
    where = {}
    for k, (event, i) in enumerate(names.items()):  # (one per file: I/O-sized, no pandas)
        start, stop = int(ends[k - 1]) if k else 0, int(ends[k])
        why = None if stop > start else why_empty(int(matches[event]) if event in matches else 0)
        where[i] = Rows(start, stop, why)
    return rows, where
