"""Importing a folder of source files (CSV, Parquet, TRF, PGN, PBN, USEBIO, MTG JSON, TOM) into
an archive.

Each file is sniffed (its suffix, its first bytes, a table's columns) and read with its family's
reader (:mod:`~tourneystats.archive.sources`), then placed in a season; the files are staged in a
hidden archive inside the target in batches of about ``chunk_rows`` rows (the TRF files of a
folder read together), and the staged seasons are moved into the archive only once every file has
been read.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import shutil
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import cast

import numpy as np
import pandas as pd

from ..core.folders import MissingPathError, walk
from ..core.io import atomic_write
from ..core.parallel import map_files
from ..core.report import warning_kind, warnings_summary, warnings_table
from ..core.schema import DATE, EVENT, SEASON, ValidationError, fail_rows
from .dataset import (
    CHUNK_ROWS,
    _check_targets,
    _component,
    _concat,
    _existing_layout,
    _swap_in,
    _write,
    archive_files,
    read_archive,
    write_archive,
)
from .families import FAMILIES
from .sources import _groups, _Read, _read_group, _read_one

__all__ = ["ImportReport", "import_folder"]


@dataclass(frozen=True)
class ImportReport:
    """What :func:`import_folder` did.

    Attributes
    ----------
    files : pandas.DataFrame
        One row per source file: ``path``, ``family``, ``season``, ``rows``, ``status``
        (``imported``; ``ignored``: a table of no family, e.g. published standings; ``empty``:
        a results file with no round to rank, such as an MTG JSON file of a playoff bracket
        alone, its ``message`` saying why; ``error``) and ``message``.
    written : pandas.DataFrame
        One row per partition written (see :func:`write_archive`).
    warnings : pandas.DataFrame
        The warnings of reading the files: ``file``, ``kind``, ``message``
        (``warning_kind``).
    """

    files: pd.DataFrame
    written: pd.DataFrame
    warnings: pd.DataFrame = field(default_factory=lambda: warnings_table([]))
    #: where the report was written: ``root/_import_report.json``, or, when the import wrote
    #: nothing into an archive that has a report, ``root/_import_report.failed.json`` beside it
    #: (the report of the files in the archive is kept)
    path: Path | None = field(default=None, compare=False, repr=False)

    @property
    def errors(self) -> pd.DataFrame:
        """The files that could not be imported, with their error (``message``)."""
        return self.files[self.files["status"] == "error"]

    @property
    def ok(self) -> bool:
        """True when every file was imported."""
        return self.errors.empty

    def summary(self, limit: int = 10) -> str:
        """A few lines for a terminal."""
        good = self.files[self.files["status"] == "imported"]
        lines = [
            f"{len(good)} file(s) imported ({int(good['rows'].sum()):,} rows) into "
            f"{len(self.written)} partition(s), "
            f"{int(self.written['files'].sum()) if len(self.written) else 0} archive file(s)"
        ]
        for family, files in good.groupby("family", sort=True):
            seasons = sorted(files["season"].dropna().astype(str).unique())
            shown = ", ".join(seasons[:limit]) + (", ..." if len(seasons) > limit else "")
            lines.append(f"  {family}: {len(files)} file(s), season(s) {shown}")
        empty = self.files[self.files["status"] == "empty"]
        if len(empty):
            said = empty["message"].fillna("no rows").str.split(":").str[0].value_counts()
            lines.append(
                f"{len(empty)} file(s) with no round to rank, not imported: "
                + "; ".join(f"{n} {what}" for what, n in said.items())
            )
        ignored = self.files[self.files["status"] == "ignored"]
        if len(ignored):
            lines.append(
                f"{len(ignored)} table(s) ignored (not results): {', '.join(ignored['path'].head(limit))}"
            )
        if not self.ok:
            lines.append(f"{len(self.errors)} file(s) skipped:")
            for row in self.errors.head(limit).itertuples(index=False):
                said = str(row.message).splitlines() or [""]
                lines.append(f"  {row.path}: {said[0]}")
                if len(said) > 1 and said[0].endswith(":"):  # where: the first place or row
                    lines.append(f"      {said[1].strip()}")
            if len(self.errors) > limit:
                lines.append(f"  ... and {len(self.errors) - limit} more")
        if len(self.warnings):
            lines.append(warnings_summary(self.warnings))
        return "\n".join(lines)


FILE_COLUMNS = ["path", "family", "season", "rows", "status", "message"]
#: the report an import writes in the archive (hidden: never read as results)
IMPORT_REPORT = "_import_report.json"
#: the report of an import that wrote nothing into an archive that has a report (kept as it was)
FAILED_REPORT = "_import_report.failed.json"


def _season_of(rel: Path, family_dirs: set[str]) -> str | None:
    parts = [p for p in rel.parts[:-1] if p not in family_dirs]
    return parts[0] if parts else None


def _years(frame: pd.DataFrame) -> pd.Series | None:
    """The season of each row from its event's date: the year of the event's first date (as
    text), None when the rows have no date column or one of them no date."""
    if DATE not in frame.columns or not len(frame):
        return None
    dates = pd.to_datetime(frame[DATE], errors="coerce", utc=True)
    if dates.isna().any():
        return None
    if EVENT in frame.columns and frame[EVENT].notna().all():
        dates = dates.groupby(frame[EVENT].to_numpy(), sort=False).transform("min")
    return dates.dt.year.astype(str).set_axis(frame.index)


# --- the import ----------------------------------------------------------------------------------


def import_folder(
    src: str | os.PathLike,
    root: str | os.PathLike,
    *,
    season: str | None = None,
    season_from_folder: bool = False,
    mode: str = "replace",
    strict: bool = False,
    chunk_rows: int = CHUNK_ROWS,
    progress: bool | None = True,
    jobs: int | None = 1,
) -> ImportReport:
    """Build (or extend) an archive from a folder of source files.

    Every file below `src` is read with its family's reader: CSV or Parquet tables (the family
    told by the columns: ``round, player`` with ``wins, losses, draws`` or ``game, result`` for
    cards, ``colour, kind`` for chess, ``team, opponent_team, board`` for team chess (one row per board per round,
    checked as :func:`tourneystats.chess.validate_team_results` checks it), ``ns_pair, ew_pair,
    ns_score`` for bridge pairs, ``home_team, visit_team,
    ns_score`` for bridge teams, ``team, target`` or (final scores only) ``tournament, date,
    player, points`` for the league; a table of none of them, such as
    published standings, is ignored and listed), FIDE TRF (``.trf``, or ``.txt`` starting with TRF
    lines; each row gets its player's ``rating`` and its event's start ``date``), PGN (``.pgn``,
    read with :func:`tourneystats.chess.read_pgn`, events told by their tags, so an event may not
    be split over several files; team events, TRF files with ``013``/``310`` team records and PGN
    files with ``WhiteTeam``/``BlackTeam`` tags, are filed as the family ``chess_teams``, their
    board rows with the teams' names: :mod:`tourneystats.chess.teamarchive`), PBN (``.pbn``), USEBIO (``.xml``), and for cards the JSON files
    of the MTG archives (``.json`` with a ``"Tournament"``, each file an event) and Pokémon TOM
    exports (``.tdf``), read with :func:`tourneystats.cards.read_results`. Other files are ignored.
    A file in a folder named after a family
    (``cards``, ``chess``, ``bridge``, ``league``) must hold that family's results. A league table
    is read with :func:`tourneystats.league.read_results`: without a ``league`` column, its rows
    are the league named after the file's stem (two files are two leagues, as for the CLI).

    The season of a row is its file's ``season`` column if it has one; else `season` if
    given; else, with `season_from_folder`, the first folder below `src` that is not a family
    name (``src/2023/club.trf`` or ``src/chess/2023/club.trf`` -> ``"2023"``); else the year of
    its event's date (its first date: ``"2024"``; a file whose rows
    have no ``date`` column, or a row without a date, is refused and named in the report).
    Seasons are stored as strings. An archive imported with other seasons is read and
    extended as it is.

    A results file with no round to rank (an MTG JSON file of a playoff bracket alone: its
    bracket counts only in the tie-breakers of Swiss rounds) is listed with status ``empty``
    and why.

    A file that cannot be read, or whose events are already in another file of the same season,
    is skipped and listed in the report (with `strict`, the first one raises).

    The files are read into a hidden staging archive inside `root`, in batches of about
    `chunk_rows` rows (the ``.trf`` files of a folder are read together, up to 1,000 at a time),
    and its seasons are moved into `root` once every file has been read: memory holds one batch
    (one season with ``mode="append"``, which checks it against the archive's events), and an
    import that raises leaves `root` as it was.

    Parameters
    ----------
    src : path-like
        The folder of source files.
    root : path-like
        The archive folder.
    season : str, optional
        Season of the rows of files without a ``season`` column, instead of the year of their
        dates.
    season_from_folder : bool
        Take the season of a file without a ``season`` column from its folder: the first
        folder below `src` that is not a family name (not together with `season`, which names
        the season of every file).
    mode : {"replace", "append", "error"}
        Passed to :func:`write_archive`: by default the seasons imported replace the archive's
        partitions of the same family and season.
    strict : bool
        Raise at the first file that cannot be imported.
    chunk_rows : int
        Passed to :func:`write_archive`.
    progress : bool or None
        Progress bar over the files (None: only on a terminal).
    jobs : int, optional
        Processes reading the files (None or 0: all the cores); the files are staged in their
        order whatever the number, so the archive written does not depend on it.

    Returns
    -------
    ImportReport
        Also written, with every warning, to ``root/_import_report.json`` (its ``path``); by
        an import that wrote nothing into an archive that has that report, to
        ``root/_import_report.failed.json``, the report of the files in the archive kept.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats import import_folder
    >>> import pathlib, tempfile
    >>> src = pathlib.Path(tempfile.mkdtemp()) / "results"
    >>> (src / "2024").mkdir(parents=True)
    >>> pd.DataFrame({"event": "E", "round": 1, "player": ["a", "b"], "opponent": ["b", "a"],
    ...               "wins": [2, 0], "losses": [0, 2], "draws": 0}).to_csv(
    ...     src / "2024" / "club.csv", index=False)
    >>> report = import_folder(src, src.parent / "archive", season_from_folder=True,
    ...                        progress=False)
    >>> report.ok, report.files[["family", "season", "rows", "status"]].values.tolist()
    (True, [['cards', '2024', 2, 'imported']])
    """
    src, root = Path(src), Path(root)
    if season is not None and season_from_folder:
        raise ValueError(
            "season names the season of every file, season_from_folder takes it from the "
            "folders: give one of them"
        )
    if not src.is_dir():
        raise MissingPathError(f"{src}: no such folder")
    real_src, real_root = os.path.realpath(src), os.path.realpath(root)
    if real_root == real_src or real_root.startswith(real_src + os.sep):
        raise ValidationError(
            f"the archive {root} must not be the source folder {src} or inside it "
            "(its own files would be imported again)"
        )
    if real_src.startswith(real_root + os.sep):
        raise ValidationError(f"the source folder {src} must not be inside the archive {root}")
    paths = walk(src)

    # Sources are read into a hidden staging archive in batches of about `chunk_rows` rows, then
    # moved into `root` one season at a time: memory holds a batch or a season, never the whole
    # import, and the archive is not touched before every file has been read.
    staging = root / f".import-{uuid.uuid4().hex}"
    notes: list[tuple[str, str]] = []
    try:
        options = {"season": season, "strict": strict, "chunk_rows": chunk_rows,
                   "jobs": jobs, "progress": progress,
                   "season_from_folder": season_from_folder}  # fmt: skip
        records = _stage_sources(src, paths, staging, options, notes)
        if not any(r["status"] in ("imported", "error") for r in records):
            raise ValidationError(
                f"{src}: nothing to import: {len(paths)} file(s), none of them results "
                "(CSV/Parquet tables of a family, TRF, PBN, USEBIO, MTG JSON or TOM files)"
            )
        written = _move_staged(staging, root, mode, chunk_rows)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    files = pd.DataFrame(records, columns=FILE_COLUMNS)
    summary = (
        pd.concat(written, ignore_index=True)
        if written
        else pd.DataFrame(columns=["family", SEASON, "files", "rows"])
    )
    report = ImportReport(files=files, written=summary, warnings=_warnings(notes))
    kept = not written and (root / IMPORT_REPORT).is_file()  # of the files in the archive
    path = _write_report(report, root, FAILED_REPORT if kept else IMPORT_REPORT)
    return replace(report, path=path)


def _warnings(notes: list[tuple[str, str]]) -> pd.DataFrame:
    """The import's warnings: ``file``, ``kind`` (:func:`~tourneystats.core.report.warning_kind`),
    ``message``."""
    records = []
    for rel, message in notes:
        path = Path(rel)
        names = [rel, path.name, path.stem, str(path.with_suffix(""))]
        records.append((rel, warning_kind(message, names), message))
    return warnings_table(records)


def _write_report(report: ImportReport, root: Path, name: str = "_import_report.json") -> Path:
    """Write the import's report (every file, every warning) as ``root/NAME``."""
    body = {
        name: frame.astype(object).where(frame.notna(), None).to_dict("records")  # null, not NaN
        for name, frame in (
            ("files", report.files),
            ("written", report.written),
            ("warnings", report.warnings),
        )
    }
    text = json.dumps(body, ensure_ascii=False, indent=1, default=str, allow_nan=False)
    root.mkdir(parents=True, exist_ok=True)
    return atomic_write(root / name, lambda tmp: tmp.write_text(text, encoding="utf-8"))


# --- staging -------------------------------------------------------------------------------------


def _season_text(frame: pd.DataFrame, rel: Path) -> pd.Series:
    """A season column as text, as given (a CSV's is read as text: ``"2023. "`` stays so):
    every row has one; whole numbers written as floats (``2024.0``, as a program writes a
    column of numbers with a gap) are written without ``.0``."""
    values = frame[SEASON]
    fail_rows(frame, values.isna(), f"{rel}: missing value in column 'season'", what="results")
    if pd.api.types.is_float_dtype(values.dtype):
        whole = np.floor(values) == values
        fail_rows(frame, ~whole, f"{rel}: a season that is not a whole number", what="results")
        values = values.astype("int64")
    text = values.astype(str)
    return text.str.replace(r"^([+-]?\d+)\.0+$", r"\1", regex=True)


def _same_dates(parts: list[pd.DataFrame]) -> list[pd.DataFrame]:
    """The frames of one batch with one type of ``date``: text dates parsed where other files
    give dates (a CSV beside a USEBIO file of the same season), or the dates written as text
    where the text is no date."""
    kinds = {p[DATE].dtype.kind == "M" for p in parts if DATE in p.columns}
    if len(kinds) < 2:
        return parts
    try:
        return [
            p.assign(**{DATE: pd.to_datetime(p[DATE])})
            if DATE in p.columns and p[DATE].dtype.kind != "M"
            else p
            for p in parts
        ]
    except (ValueError, TypeError):  # text that is no date: all as text
        return [p.assign(**{DATE: p[DATE].astype(str)}) if DATE in p.columns else p for p in parts]


#: why a file has no season
_NO_SEASON = (
    "{rel}: cannot tell the season: no date in the rows to take the year from; give the season "
    "(--season; season= in Python), take it from the folder (--season-from-folder), or add a "
    "season or date column"
)


def _first_years(frame: pd.DataFrame, starts: np.ndarray, stops: np.ndarray) -> list[str | None]:
    """The year of the first ``date`` of each run of rows ``starts[i]:stops[i]`` of `frame` (a
    file's event, its rows consecutive: :func:`_years` of each file, as text), None for a run
    with a row without a date."""
    if DATE not in frame.columns:
        return [None] * len(starts)
    assert np.array_equal(starts[1:], stops[:-1]) and stops[-1] == len(frame)  # (consecutive)
    dates = pd.to_datetime(frame[DATE], errors="coerce", utc=True)
    missing = dates.isna().to_numpy()
    stamp = dates.to_numpy(dtype="datetime64[ns]")  # (NaT the smallest: masked below)
    first = np.minimum.reduceat(np.where(missing, np.datetime64("9999-01-01", "ns"), stamp),
                                starts)  # fmt: skip
    undated = np.add.reduceat(missing, starts) > 0
    years = pd.DatetimeIndex(first).year.astype(str)
    return [None if u else y for u, y in zip(undated, years, strict=True)]


class _Stager:
    """Admits the sources one file (or one batch of TRF files) at a time into the staging
    archive, in batches of about `chunk_rows` rows per family."""

    def __init__(
        self, src: Path, staging: Path, season: str | None, chunk_rows: int, from_folder: bool
    ) -> None:
        self.src, self.staging, self.season, self.chunk_rows = src, staging, season, chunk_rows
        self.from_folder = from_folder
        self.seen: dict[tuple[str, tuple], str] = {}  # (family, (season, *file key)) -> file
        self.batches: dict[str, list[tuple[pd.DataFrame, int, int]]] = {}  # frame, rows
        self.batch_rows: dict[str, int] = {}

    def place(self, family: str, frame: pd.DataFrame, rel: Path) -> tuple[pd.DataFrame, list]:
        """The frame with its season column, and its file keys; refuses a file in another
        family's folder, without a season, or holding an event another file holds."""
        folder_family = next((p for p in rel.parts[:-1] if p in FAMILIES), None)
        if folder_family and family.split("_")[0] != folder_family.split("_")[0]:
            raise ValidationError(
                f"{rel}: the file is {family} results but lies in the {folder_family} folder"
            )
        frame = frame.copy(deep=False)  # a frame the readers just made: no data copied
        one_season = SEASON not in frame.columns
        if not one_season:
            frame[SEASON] = _season_text(frame, rel)
        else:
            where = self.season or (self.from_folder and _season_of(rel, set(FAMILIES))) or None
            years = _years(frame) if where is None else None
            if where is None and years is None:
                raise ValidationError(_NO_SEASON.format(rel=rel))
            one_season = years is None or years.nunique() == 1
            frame.insert(0, SEASON, str(where) if years is None else years)
        key = [c for c in FAMILIES[family].file_key if c in frame.columns]
        if not key:
            return frame, []
        if one_season and len(key) == 1:  # the usual file: one season, events by name
            where = str(frame[SEASON].iloc[0]) if len(frame) else ""
            keys = [(where, e) for e in pd.unique(frame[key[0]])]
        else:
            keys = list(frame[[SEASON, *key]].drop_duplicates().itertuples(index=False, name=None))
        self._refuse_clash(family, keys, key, rel)
        return frame, keys

    def add(
        self,
        family: str,
        frame: pd.DataFrame,
        keys: list,
        owner: Callable[[tuple], str],
        rows: tuple[int, int] | None = None,
    ) -> None:
        """Stage `frame` (`rows`: its rows start..stop only, the rows of one file of many read
        together; runs of them are cut out of the frame when the batch is written); `owner(key)`
        names the file of each of its keys."""
        for k in keys:
            self.seen[(family, k)] = owner(k)
        start, stop = rows if rows is not None else (0, len(frame))
        parts = self.batches.setdefault(family, [])
        if parts and parts[-1][0] is frame and parts[-1][2] == start:  # the next file's rows
            parts[-1] = (frame, parts[-1][1], stop)
        else:
            parts.append((frame, start, stop))
        self.batch_rows[family] = self.batch_rows.get(family, 0) + stop - start
        if self.batch_rows[family] >= self.chunk_rows:
            self.flush(family, final=False)

    def flush(self, family: str, *, final: bool = True) -> None:
        """Write the family's batch to the staging archive. Not `final`: a batch of one season
        keeps its last, incomplete file's events for the next batch, so that the staged files
        are cut as one write of the whole season would cut them (about `chunk_rows` rows)."""
        runs = self.batches.pop(family, [])
        self.batch_rows.pop(family, None)
        if not runs:
            return
        parts = [f if (a, b) == (0, len(f)) else f.iloc[a:b] for f, a, b in runs]
        frame = _concat(_same_dates(parts))
        del runs, parts  # (the frames of the files read together: only their rows are kept)
        unit = FAMILIES[family].unit_columns(frame.columns)
        if not final and unit and frame[SEASON].nunique() == 1:
            codes = frame.groupby(unit, observed=True, sort=False, dropna=False).ngroup()
            sizes = np.bincount(codes.to_numpy())
            chunk = (np.cumsum(sizes) - sizes) // self.chunk_rows  # as write_archive cuts
            tail = (chunk == chunk[-1])[codes.to_numpy()]
            if not tail.all():
                self.batches[family] = [(frame[tail], 0, int(tail.sum()))]
                self.batch_rows[family] = int(tail.sum())
                frame = frame[~tail]
        # events never repeat across files (checked by place): appended without a look at
        # the events staged before
        _write(frame, self.staging, family, (SEASON,), self.chunk_rows, "append", new_events=True)

    def flush_all(self) -> None:
        for family in list(self.batches):
            self.flush(family)

    def one_file(self, path: Path, record: dict, read: _Read | None = None) -> bool:
        """Stage one file, filling in its report `record`; False when it is no results file.
        `read`: the file as a worker read it
        (:func:`~tourneystats.archive.sources._read_one`), else read here."""
        kind, family, frame, error, _ = _read_one(path) if read is None else read
        if error is not None:
            raise error
        if kind is None:
            return False
        rel = Path(record["path"])
        if kind == "table" and family is None:  # e.g. published standings next to results
            record.update(status="ignored", message="not a results table of any family")
            return True
        record["family"] = family
        assert family is not None and isinstance(frame, pd.DataFrame)  # (read alone)
        if not len(frame):  # (nothing to place in a season)
            why = frame.attrs.get("why_empty", "no rows of results")  # (cards.files.WHY_EMPTY)
            record.update(status="empty", message=why)
            return True
        frame, keys = self.place(family, frame, rel)
        record.update(season=", ".join(sorted(frame[SEASON].unique())), rows=len(frame))
        self.add(family, frame, keys, lambda k: rel.as_posix())
        return True

    def json_group(
        self,
        paths: list[Path],
        rels: list[Path],
        frame: pd.DataFrame,
        files: list[_Read],
        notes: list[tuple[str, str]],
        strict: bool,
    ) -> list[dict]:
        """Stage a group of ``.json`` files read together in a worker
        (:func:`~tourneystats.archive.sources._read_json_group`: `frame` holds the rows of the
        MTG JSON files, file after file); each file is placed, reported and staged as
        :meth:`one_file` would, its season and the frame's season column worked out for the
        whole group at once. Return the files' records."""
        from ..cards.batch import Rows

        seasons = self._seasons(frame, rels, files)
        events = frame[EVENT].to_numpy(dtype=object)
        records = []
        for path, rel, read, season in zip(paths, rels, files, seasons, strict=True):
            record = _record(rel)
            notes += [(record["path"], m) for m in read[4]]
            place = read[2]
            try:
                if not isinstance(place, Rows):  # read alone, or refused
                    if not self.one_file(path, record, read):
                        continue
                elif place.why_empty is not None:
                    record.update(family="cards", status="empty", message=place.why_empty)
                else:
                    record["family"] = "cards"
                    if isinstance(season, Exception):
                        raise season
                    keys = [(season, events[place.start])]  # (a file holds one event)
                    self._refuse_clash("cards", keys, [EVENT], rel)
                    record.update(season=season, rows=place.stop - place.start)
                    owner = functools.partial(_same, str(record["path"]))
                    self.add("cards", frame, keys, owner, rows=(place.start, place.stop))
            except (ValueError, OSError, ImportError) as exc:
                if strict:
                    raise
                said = str(exc) if isinstance(exc, ValueError) else f"{type(exc).__name__}: {exc}"
                record.update(status="error", message=said)
            records.append(record)
        return records

    def _seasons(
        self, frame: pd.DataFrame, rels: list[Path], files: list[_Read]
    ) -> list[str | Exception | None]:
        """The season of each MTG JSON file of `frame` (None: another file; the error of a file
        with no season or in another family's folder), as :meth:`place` tells it, and `frame`
        given its ``season`` column (first)."""
        from ..cards.batch import Rows

        places = [(i, r[2]) for i, r in enumerate(files) if isinstance(r[2], Rows)]
        placed = [(i, p) for i, p in places if p.stop > p.start]
        out: list[str | Exception | None] = [None] * len(files)
        years: list[str | None] = [None] * len(placed)
        if placed and self.season is None:  # the year of each event (where no folder says)
            years = _first_years(frame, np.array([p.start for _, p in placed]),
                                 np.array([p.stop for _, p in placed]))  # fmt: skip
        for (i, _), year in zip(placed, years, strict=True):
            try:
                out[i] = self._season("cards", rels[i], year)
            except ValidationError as exc:
                out[i] = exc
        values = np.full(len(frame), "", dtype=object)
        for i, p in placed:
            if isinstance(out[i], str):
                values[p.start : p.stop] = out[i]
        frame.insert(0, SEASON, pd.Series(values, index=frame.index, dtype="str"))
        return out

    def _season(self, family: str, rel: Path, year: str | None) -> str:
        """The season of a file of `family` of one season (`year`: its event's year, if
        known), or the error :meth:`place` raises."""
        folder_family = next((p for p in rel.parts[:-1] if p in FAMILIES), None)
        if folder_family and family.split("_")[0] != folder_family.split("_")[0]:
            raise ValidationError(
                f"{rel}: the file is {family} results but lies in the {folder_family} folder"
            )
        where = self.season or (self.from_folder and _season_of(rel, set(FAMILIES))) or None
        if where is None and year is None:
            raise ValidationError(_NO_SEASON.format(rel=rel))
        return str(where) if where is not None else cast(str, year)

    def _refuse_clash(self, family: str, keys: list, key: list[str], rel: Path) -> None:
        clash = [k for k in keys if (family, k) in self.seen]
        if clash:
            shown = ", ".join(f"{c}={v!r}" for c, v in zip(key, clash[0][1:]))
            raise ValidationError(
                f"{rel}: {shown} of season {clash[0][0]!r} is also in "
                f"{self.seen[(family, clash[0])]}"
            )

    def trf_batch(self, paths: list[Path], frame: pd.DataFrame | None) -> list[dict] | None:
        """Stage TRF files of one folder read together (`frame`: as a worker read them, None:
        they could not be); None (nothing staged) when any of them fails, for the caller to
        take them one by one and report the bad one."""
        rels = [p.relative_to(self.src) for p in paths]
        if frame is None:
            return None
        try:
            frame, keys = self.place("chess", frame, rels[0])
        except (ValueError, OSError):
            return None
        by_event = dict(zip((p.stem for p in paths), rels))
        self.add("chess", frame, keys, lambda k: by_event[k[1]].as_posix())
        rows = frame[EVENT].astype(str).value_counts()
        season = str(frame[SEASON].iloc[0]) if len(frame) else None
        return [
            _record(rel) | {"family": "chess", "season": season, "rows": int(rows.get(p.stem, 0))}
            for p, rel in zip(paths, rels)
        ]


def _same(value: str, _: object) -> str:
    """`value`, whatever is asked (the file of each key of a file)."""
    return value


def _record(rel: Path) -> dict:
    return {"path": rel.as_posix(), "family": None, "season": None, "rows": 0,
            "status": "imported", "message": None}  # fmt: skip


def _stage_sources(
    src: Path,
    paths: list[Path],
    staging: Path,
    options: dict,
    notes: list[tuple[str, str]],
) -> list[dict]:
    """Read every source file (on `jobs` processes) into the `staging` archive, in the files'
    order; return one record per file and add its warnings to `notes` ((file, message))."""
    stager = _Stager(
        src, staging, options["season"], options["chunk_rows"], options["season_from_folder"]
    )
    records: list[dict] = []
    groups = _groups(paths)
    reads = map_files(_read_group, groups, jobs=options["jobs"], progress=options["progress"],
                      desc="import", weights=[len(g) for g in groups], chunk=1)  # fmt: skip
    with contextlib.closing(reads):  # a strict run's error stops the workers at once
        for group, (frame, files) in zip(groups, reads, strict=True):
            if frame is not None and group[0].suffix.lower() == ".json":  # MTG JSON, together
                rels = [p.relative_to(src) for p in group]
                records += stager.json_group(group, rels, frame, files, notes, options["strict"])
                continue
            done = stager.trf_batch(group, frame) if frame is not None else None
            if done is None and frame is not None:  # read together but not staged: one by one
                files = [_read_one(path) for path in group]
            rels = [p.relative_to(src).as_posix() for p in group]
            notes += [(rels[0], m) for m in (files[0][4] if done is not None else [])]
            for path, read in zip(group, files if done is None else [], strict=False):
                record = _record(path.relative_to(src))
                notes += [(record["path"], m) for m in read[4]]
                try:
                    if not stager.one_file(path, record, read):
                        continue
                except (ValueError, OSError, ImportError) as exc:
                    if options["strict"]:
                        raise
                    said = (
                        str(exc) if isinstance(exc, ValueError) else f"{type(exc).__name__}: {exc}"
                    )
                    record.update(status="error", message=said)
                records.append(record)
            records.extend(done or [])
    stager.flush_all()
    return records


def _move_staged(staging: Path, root: Path, mode: str, chunk_rows: int) -> list[pd.DataFrame]:
    """Move the staged archive into `root` with `mode`: its partition folders are renamed into
    place ("replace", "error"); "append" adds them season by season with :func:`write_archive`,
    which checks every event against the archive's."""
    if not staging.is_dir():
        return []
    staged = archive_files(staging)
    staged[SEASON] = staged["partition"].map(lambda p: p[SEASON])
    staged["folder"] = staged["path"].map(lambda p: p.rsplit("/", 1)[0])
    written = []
    if mode == "append":
        for (family, value), _ in staged.groupby(["family", SEASON], sort=False):
            frame = read_archive(staging, family=cast(str, family), season=value)
            written.append(write_archive(frame, root, family=cast(str, family), chunk_rows=chunk_rows,
                                         mode=mode))  # fmt: skip
        return written
    moves: list[tuple[Path, Path]] = []
    for family, files in staged.groupby("family", sort=False):  # check all before any move
        layout = _existing_layout(staging / _component("family", family))
        assert layout is not None  # the staged family has files
        folders = [Path(f) for f in dict.fromkeys(files["folder"])]
        targets = _check_targets(root, cast(str, family), layout["partition_cols"],
                                 layout["partition_dtypes"], folders, mode)  # fmt: skip
        moves.extend(zip((staging / f for f in folders), targets))
        summary = files.groupby(SEASON, sort=False).agg(
            files=("path", "size"), rows=("rows", "sum")
        )
        summary = summary.reset_index().assign(family=family)[["family", SEASON, "files", "rows"]]
        written.append(summary.astype({"files": np.int64, "rows": np.int64}))
    for folder, target in moves:
        target.parent.mkdir(parents=True, exist_ok=True)
        _swap_in(folder, target)
    return written
