"""Reading the source files of a folder to import: which family each file holds, and its rows.

A CSV or Parquet table is told by its columns (:func:`family_of`: ``colour, kind`` for chess,
``ns_pair, ew_pair, ns_score`` for bridge pairs, ...; a table of none of them, such as published
standings, has no family), any other file by its suffix and first bytes (FIDE TRF, PGN, PBN,
USEBIO, MTG JSON, TOM); a TRF or PGN file of a team event is team chess. Each file is read with its
family's reader; chess rows carry what the standings need from the players and events tables
(rating, name, FIDE id, the event's start date and type).

:func:`tourneystats.archive.import_folder` reads the files on worker processes, a group at a time
(:func:`_read_group`): the TRF files of one folder together, the tables of the MTG JSON files
built together, any other file alone. A file that cannot be read gives its error in place of its
rows, and its warnings are collected, so that the import reports it by name and carries on.
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

import pandas as pd

from ..core.io import read_table, table_columns
from ..core.schema import DATE, EVENT, FIDE_ID, NAME, PLAYER, RATING, SEASON, TYPE

if TYPE_CHECKING:  # pragma: no cover
    from ..cards.batch import Rows
    from ..chess.trf import TrfData


# --- which family, read with its reader ----------------------------------------------------------


#: column sets that identify a family in a CSV or Parquet file
_SIGNATURES = {
    # (with the rounds and players: a published standings table counts wins, losses and draws)
    "cards": [
        {"round", "player", "wins", "losses", "draws"},
        {"round", "player", "game", "result"},
    ],
    "chess": [{"colour", "kind"}],
    "chess_teams": [{"team", "opponent_team", "board"}],
    "bridge": [{"ns_pair", "ew_pair", "ns_score"}],
    "bridge_teams": [{"home_team", "visit_team", "ns_score"}],
    "league": [{"team", "target"}, {"tournament", "date", "player", "points"}],
}


def _table_family(frame: pd.DataFrame) -> str | None:
    """The one family whose signature the columns hold; of two, the one whose signature is the
    other's family and more (a team table of chess board rows has ``colour`` and ``kind``
    too)."""
    cols = set(frame.columns)
    found = {f: set().union(*(s for s in sigs if s <= cols)) for f, sigs in _SIGNATURES.items()}
    found = {f: held for f, held in found.items() if held}
    if len(found) == 2 and {f.split("_")[0] for f in found} == {"chess"}:
        found.pop("chess")
    return next(iter(found)) if len(found) == 1 else None


#: the family of each kind of results file :func:`_sniff` tells apart, but tables (their columns
#: tell it: :data:`_SIGNATURES`)
_KIND_FAMILY = {
    "trf": "chess",
    "pgn": "chess",
    "pbn": "bridge",
    "usebio": "bridge",
    "cards": "cards",
}


def family_of(path: Path) -> str | None:
    """The family a results file looks like, by its format or (a table) its columns, its rows
    not read; None for no family or several."""
    kind = _sniff(path)
    if kind == "table":
        return _table_family(pd.DataFrame(columns=table_columns(path)))
    if kind in ("trf", "pgn") and _is_team_file(path):
        return "chess_teams"
    return _KIND_FAMILY.get(kind or "")


def _is_team_file(path: Path) -> bool:
    """Whether a TRF or PGN file holds a team event (TRF ``013``/``310`` records, PGN
    ``WhiteTeam``/``BlackTeam`` tags)."""
    from ..chess.teampgn import has_team_tags
    from ..chess.teamtrf import has_team_records

    return has_team_tags(path) if path.suffix.lower() == ".pgn" else has_team_records(path)


def _sniff(path: Path) -> str | None:
    """The kind of a source file: 'table', 'trf', 'pgn', 'pbn', 'usebio', 'cards' (an MTG JSON
    archive file or a TOM export) or None (not a results file)."""
    suffix = path.suffix.lower()
    if suffix in (".csv", ".parquet", ".pq"):
        return "table"
    if suffix in (".pbn", ".pgn"):
        return suffix[1:]
    with open(path, "rb") as fh:
        head = fh.read(4096)
    if suffix == ".xml":
        return (
            "usebio"
            if b"<USEBIO" in head.upper()
            else ("cards" if b"<tournament" in head else None)
        )
    if suffix == ".tdf":
        return "cards" if b"<tournament" in head else None
    if suffix == ".json":
        from ..cards.decklistcache import is_mtg_json

        return "cards" if is_mtg_json(path) else None
    from ..chess.trf import TRF_SUFFIXES

    if suffix in TRF_SUFFIXES:
        text = head.decode("latin-1")
        return "trf" if re.search(r"^(001|012) ", text, re.MULTILINE) else None
    return None


def _load_source(path: Path, kind: str) -> tuple[str | None, pd.DataFrame]:
    """Read one source file with its family's reader: (family or None, results)."""
    if kind == "table":
        frame = read_table(path, text=[SEASON])  # a season label as given ("2023. ")
        family = _table_family(frame)
        if family == "league":  # read as the league family reads it: a league per file
            from .. import league

            season = frame[SEASON].to_numpy() if SEASON in frame.columns else None
            frame = league.read_results(path)
            if season is not None:  # the same rows, in the same order
                frame[SEASON] = season
        if family == "chess_teams":  # validated here: a bad team table is refused by name
            from ..chess.teamarchive import team_table_rows

            return family, team_table_rows(frame)
        return family, frame
    if kind in ("trf", "pgn") and _is_team_file(path):  # a team event: its board rows
        from ..chess.teamarchive import read_team_rows

        return "chess_teams", read_team_rows(path)
    if kind == "trf":
        from ..chess import read_trf

        data = read_trf(path)
        return "chess", _chess_rows(data)
    if kind == "pgn":
        from ..chess import read_pgn

        return "chess", _chess_rows(read_pgn(path))
    if kind == "cards":  # MTG JSON or TOM: the Swiss rounds, and what their rules depend on
        from ..cards.files import archive_rows

        return "cards", archive_rows(path)
    if kind in ("pbn", "usebio"):
        from ..bridge import read_pbn, read_usebio
        from ..bridge.archiverows import with_names

        data = (read_pbn if kind == "pbn" else read_usebio)(path)
        results = with_names(data.results, data.pairs)  # (recompute names the pairs, teams)
        return _table_family(results) or "bridge", results
    raise ValueError(f"{path}: unknown source kind {kind!r}")


def _chess_rows(data: TrfData) -> pd.DataFrame:
    """Chess results with what the standings need from the players and events tables.

    The archive holds one frame per family, so each row carries its player's ``rating`` (for
    ARO, TPR, ...), ``name`` and ``fide_id`` (where the file gives them), its event's start ``date`` (for the ``auto`` rule set) and ``type`` (TRF
    ``092``: round robins are told by it).
    """
    results = data.results
    people = [c for c in (RATING, NAME, FIDE_ID) if c in data.players.columns]
    people = [c for c in people if c not in results.columns and data.players[c].notna().any()]
    if people:  # (the names and ids shown by recompute, as standings_from_path shows them)
        carried = data.players[[EVENT, PLAYER, *people]].drop_duplicates([EVENT, PLAYER])
        results = results.merge(carried, on=[EVENT, PLAYER], how="left", validate="many_to_one")
    for column in (DATE, TYPE):  # the start date for rules="auto", the type for round robins
        if column not in results.columns and column in data.events.columns:
            values = data.events[[EVENT, column]].drop_duplicates(EVENT)
            results = results.merge(values, on=EVENT, how="left", validate="many_to_one")
    return results


# --- reading in the workers: files in groups -----------------------------------------------------


#: TRF files of one folder read together by one :func:`tourneystats.chess.read_trf` call
_TRF_BATCH = 1000


#: the ``.json`` files read together by one worker (their tables built in one step): at most
#: this many, and of at most _JSON_BYTES bytes in all (a worker's memory stays small)
_JSON_BATCH = 200
_JSON_BYTES = 8 << 20


def _groups(paths: list[Path]) -> list[list[Path]]:
    """`paths` in order, in groups: runs of ``.trf`` files of one folder (at most _TRF_BATCH),
    read together, runs of ``.json`` files (at most _JSON_BATCH, _JSON_BYTES), read one by one
    but their tables built together, and every other file alone."""
    groups: list[list[Path]] = []
    size = 0
    for path in paths:
        last = groups[-1] if groups else None
        suffix = path.suffix.lower()
        here = _size(path) if suffix == ".json" else 0
        if (
            suffix in (".trf", ".json")
            and last
            and last[-1].suffix.lower() == suffix
            and (suffix == ".json" or last[-1].parent == path.parent)
            and len(last) < (_TRF_BATCH if suffix == ".trf" else _JSON_BATCH)
            and size + here <= _JSON_BYTES
        ):
            last.append(path)
            size += here
        else:
            groups.append([path])
            size = here
    return groups


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:  # (said when the file is read)
        return 0


#: a source file as a worker read it: kind (None: no results file), family, results, the error
#: that stopped its reading, its warnings
_Read = tuple[str | None, str | None, "pd.DataFrame | Rows | None", Exception | None, list[str]]


def _read_one(path: Path) -> _Read:
    """Read one source file with its family's reader, catching what a bad file raises."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            kind = _sniff(path)
            family, frame = _load_source(path, kind) if kind is not None else (None, None)
            error = None
        except (ValueError, OSError, ImportError) as exc:
            kind, family, frame, error = "error", None, None, exc
    return kind, family, frame, error, [str(w.message) for w in caught]


def _read_group(group: list[Path]) -> tuple[pd.DataFrame | None, list[_Read]]:
    """Read a group of source files (in a worker): TRF files of one folder together (their
    frame, or None when one of them fails: each is then read alone), MTG JSON files with their
    tables built together (their frame, each file's rows in it as a
    :class:`~tourneystats.cards.batch.Rows`; :func:`_read_json_group`), any other file alone."""
    if len(group) > 1 and group[0].suffix.lower() == ".json":
        return _read_json_group(group)
    if len(group) > 1 and not any(_is_team_file(p) for p in group):  # (team files: alone)
        from ..chess import read_trf

        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:  # events named by the file stems
                frame = _chess_rows(read_trf(group))
            except (ValueError, OSError):
                frame = None
        if frame is not None:
            notes = [str(w.message) for w in caught]
            return frame, [(None, None, None, None, notes)]
    return None, [_read_one(path) for path in group]


def _read_json_group(group: list[Path]) -> tuple[pd.DataFrame | None, list[_Read]]:
    """:func:`_read_one` of each ``.json`` file of `group`, the MTG JSON files' tables built
    together: one frame of their rows, file after file (None: none), each such file's read
    giving where its rows are (a :class:`~tourneystats.cards.batch.Rows`, its warnings and
    error the same as read alone); the other files read alone."""
    from ..cards.batch import archive_rows_together

    try:
        mtg = [i for i, path in enumerate(group) if _sniff(path) == "cards"]
        rows, read = archive_rows_together([group[i] for i in mtg])
    except (ValueError, OSError, ImportError):  # each file alone, to say which
        return None, [_read_one(path) for path in group]
    together = {mtg[j]: r for j, r in read.items()}
    files: list[_Read] = [
        (
            ("cards", "cards", together[i][0], None, together[i][2])
            if together[i][1] is None
            else ("error", None, None, together[i][1], together[i][2])
        )
        if i in together
        else _read_one(path)
        for i, path in enumerate(group)
    ]
    return (rows if len(rows.columns) else None), files
