"""Listing result folders: one rule for every family and for archive imports.

- A *source* is a file, a folder, or a list of files and folders.
- A folder contributes every file below it, its sub-folders included (:func:`walk`), with one of
  the suffixes its family reads, in name order of their path below the folder: an archive is read
  as it is laid out (``Tournaments/<platform>/<year>/<month>/<day>/<event>.json``).
- An event named after its file keeps the file's stem; when several files read together share a
  stem, each of them is named by its path below the deepest folder holding all the files read,
  without suffix (``MTGO/2024/x`` and ``melee/2024/x``): :func:`event_names`.
- Names starting with ``.`` or ``_`` are hidden and never read (editor and system files, a
  recompute's ``_report.json``, an import's staging folder).
- A CSV or Parquet table of a folder without the family's results columns is not read: a table
  whose name contains ``standings`` (published standings kept beside their results, or standings
  written there) quietly, any other with a warning naming it.
- A path that does not exist, and a folder without any results file, are errors naming the path.
"""

from __future__ import annotations

import contextlib
import functools
import os
import warnings
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from pathlib import Path
from typing import ParamSpec, TypeVar

from .io import TABLE_SUFFIXES, note_input, table_columns
from .schema import ValidationError

#: first characters of the names of hidden files and folders, which are never read
HIDDEN = (".", "_")

Source = str | os.PathLike | Iterable[str | os.PathLike]
_P = ParamSpec("_P")
_R = TypeVar("_R")


class MissingPathError(ValidationError, FileNotFoundError):
    """A path that does not exist (both a :class:`ValidationError` and a ``FileNotFoundError``)."""


def is_hidden(name: str) -> bool:
    """Whether a file or folder `name` is hidden (starts with ``.`` or ``_``).

    Examples
    --------
    >>> is_hidden(".DS_Store"), is_hidden("_report.json"), is_hidden("open.trf")
    (True, True, False)
    """
    return name.startswith(HIDDEN)


def _paths(source: Source) -> list[Path]:
    if isinstance(source, (str, os.PathLike)):
        return [Path(source)]
    return [Path(p) for p in source]


def is_folder(source: Source) -> bool:
    """Whether `source` is one folder (rather than a file or a list of paths)."""
    return isinstance(source, (str, os.PathLike)) and os.path.isdir(source)


def list_files(source: Source, suffixes: Sequence[str]) -> list[Path]:
    """The files of `source`: a file as named, a folder's visible files with one of `suffixes`,
    in its sub-folders too (:func:`walk`).

    Raises
    ------
    MissingPathError
        A path that does not exist.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> (folder / "2024").mkdir()
    >>> for name in ("b.csv", "a.trf", ".a.csv", "_x.csv", "notes.md", "2024/c.csv"):
    ...     _ = (folder / name).write_text("")
    >>> [p.relative_to(folder).as_posix() for p in list_files(folder, (".csv", ".trf"))]
    ['2024/c.csv', 'a.trf', 'b.csv']
    """
    files: list[Path] = []
    for path in _paths(source):
        if path.is_dir():
            files.extend(p for p in walk(path) if p.suffix.lower() in suffixes)
        elif path.exists():
            files.append(path)
        else:
            raise MissingPathError(f"{path}: no such file or folder")
    return files


def walk(folder: str | os.PathLike[str]) -> list[Path]:
    """Every visible file below `folder`, sub-folders included, in name order of their path
    below `folder` (hidden folders are not entered).

    A link to a folder is followed, as a folder of its own; a folder already entered (a link
    back up the tree, or a second link to the same folder) is not entered again, so each file
    is read once and a loop of links ends.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> (folder / "2024").mkdir(); (folder / ".git").mkdir()
    >>> for name in ("2024/b.trf", ".git/x", "a.csv"):
    ...     _ = (folder / name).write_text("")
    >>> [p.relative_to(folder).as_posix() for p in walk(folder)]
    ['2024/b.trf', 'a.csv']
    """
    found: list[Path] = []
    entered = {_identity(folder)}
    for top, dirs, files in os.walk(folder, followlinks=True):
        dirs[:] = [d for d in sorted(dirs) if not is_hidden(d) and _enter(Path(top, d), entered)]
        found.extend(Path(top) / f for f in sorted(files) if not is_hidden(f))
    return sorted(found, key=lambda p: p.relative_to(folder).parts)


def _identity(folder: str | os.PathLike[str]) -> tuple[int, int]:
    stat = os.stat(folder)
    return stat.st_dev, stat.st_ino


def _enter(folder: Path, entered: set[tuple[int, int]]) -> bool:
    """Whether to enter `folder`: not if it (or the folder a link names) was entered already,
    nor if it is a link to nothing."""
    try:
        identity = _identity(folder)
    except OSError:
        return False
    if identity in entered:
        return False
    entered.add(identity)
    return True


def event_names(paths: Sequence[str | os.PathLike[str]]) -> list[str]:
    """The event name of each file read together: its stem, or, for files sharing a stem, its
    path below the deepest folder holding all of `paths`, without suffix (``/`` between folders).

    So a flat folder's events keep their file names, and same-named events in different folders
    of an archive stay apart.

    Raises
    ------
    ValidationError
        A file listed twice.

    Examples
    --------
    >>> event_names(["club/2024/open.trf", "club/2024/blitz.trf"])
    ['open', 'blitz']
    >>> event_names(["arch/MTGO/2024/x.json", "arch/melee/2024/x.json", "arch/melee/y.json"])
    ['MTGO/2024/x', 'melee/2024/x', 'y']
    """
    files = [Path(p) for p in paths]
    stems = [p.stem for p in files]
    counts = Counter(stems)
    if len(counts) == len(stems):
        return stems
    full = [os.path.abspath(p) for p in files]
    twice = [p for p, n in Counter(full).items() if n > 1]
    if twice:
        raise ValidationError(f"{twice[0]}: the same file is listed twice")
    base = os.path.commonpath([os.path.dirname(p) for p in full])
    return [
        stem if counts[stem] == 1 else Path(os.path.relpath(p, base)).with_suffix("").as_posix()
        for stem, p in zip(stems, full, strict=True)
    ]


def results_tables(files: Iterable[Path], *required: Collection[str]) -> list[Path]:
    """`files` without the CSV/Parquet tables that hold no results (files of other formats stay).

    A table is kept when it has every column of one of the `required` sets; the others are left
    out, with a warning unless their name contains ``standings``.

    Examples
    --------
    >>> import pathlib, tempfile, warnings
    >>> import pandas as pd
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> pd.DataFrame({"event": ["A"], "points": [1]}).to_csv(folder / "r.csv", index=False)
    >>> pd.DataFrame({"event": ["A"], "rank": [1]}).to_csv(folder / "standings.csv", index=False)
    >>> pd.DataFrame({"name": ["A"]}).to_csv(folder / "notes.csv", index=False)
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     kept = results_tables(sorted(folder.iterdir()), {"event", "points"})
    >>> [p.name for p in kept], [str(w.message) for w in caught]
    (['r.csv'], ['...notes.csv: not a results table (results have the columns event, points), skipped'])
    """
    kept = []
    for path in files:
        if path.suffix.lower() in TABLE_SUFFIXES:
            columns = set(table_columns(path))
            if not any(set(names) <= columns for names in required):
                if "standings" not in path.name.lower():
                    want = " or ".join(", ".join(sorted(names)) for names in required)
                    warnings.warn(
                        f"{path}: not a results table (results have the columns {want}), skipped",
                        stacklevel=3,
                    )
                continue
        kept.append(path)
    return kept


def standings_beside(path: str | os.PathLike) -> list[Path]:
    """The published standings tables beside a results table, or in a folder: a table named
    like the results with ``standings`` for ``matches``, ``results`` or ``games``, or with
    ``-standings``/``_standings`` after its stem; in a folder, every table named
    ``*standings*``.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> for name in ("cup-results.csv", "cup-standings.csv", "other-standings.csv"):
    ...     _ = (folder / name).write_text("")
    >>> [p.name for p in standings_beside(folder / "cup-results.csv")]
    ['cup-standings.csv']
    >>> [p.name for p in standings_beside(folder)]
    ['cup-standings.csv', 'other-standings.csv']
    """
    path = Path(path)
    folder = path if path.is_dir() else path.parent
    tables = [
        p for p in sorted(folder.iterdir())
        if p.is_file() and not is_hidden(p.name) and p.suffix.lower() in TABLE_SUFFIXES
        and "standings" in p.name.lower()
    ]  # fmt: skip
    if path.is_dir():
        return tables
    stem = path.stem.lower()
    wanted = {stem.replace(word, "standings") for word in ("matches", "results", "games")}
    wanted |= {f"{stem}-standings", f"{stem}_standings"}
    return [p for p in tables if p.stem.lower() in wanted]


def result_files(
    source: Source, suffixes: Sequence[str], *required: Collection[str], what: str
) -> list[Path]:
    """The results files of `source`, as every reader lists them.

    A folder gives its visible files with one of `suffixes`, without the tables lacking every
    set of `required` columns (:func:`results_tables`); a file named directly is always read.
    `what` names the files sought in error messages ("chess results", "PBN files").

    Raises
    ------
    MissingPathError
        A path that does not exist.
    ValidationError
        A folder without any results file, or an empty list of paths.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> result_files(folder, (".csv",), {"event"}, what="cards results")
    Traceback (most recent call last):
    ...
    tourneystats.core.schema.ValidationError: ...: no cards results in this folder (.csv files; tables need the columns event)
    """
    files: list[Path] = []
    for path in _paths(source):
        found = list_files(path, suffixes)
        if path.is_dir():
            found = results_tables(found, *required)
            if not found:
                need = " or ".join(", ".join(sorted(names)) for names in required)
                need = f"; tables need the columns {need}" if need else ""
                kinds = "/".join(suffixes)
                raise ValidationError(f"{path}: no {what} in this folder ({kinds} files{need})")
        files.extend(found)
    if not files:
        raise ValidationError(f"no {what} to read: the list of paths is empty")
    for path in files:  # inputs: never written over (core.io.tracking_inputs)
        note_input(path)
    return files


@contextlib.contextmanager
def naming(source: Source) -> Iterator[None]:
    """Prefix a :class:`ValidationError` raised inside with `source` (unless it names it).

    Every ``*_from_path`` function computes inside it, so an error in the rows of a file (which
    names their event, round and player) also says which file or folder they came from.

    Examples
    --------
    >>> with naming("club/2024.csv"):
    ...     raise ValidationError("results: no rows")
    Traceback (most recent call last):
    ...
    tourneystats.core.schema.ValidationError: club/2024.csv: results: no rows
    """
    try:
        yield
    except ValidationError as exc:
        paths = _paths(source)
        label = str(paths[0]) if len(paths) == 1 else f"{len(paths)} paths"
        if any(str(p) in str(exc) for p in paths):
            raise
        raise ValidationError(f"{label}: {exc}", rows=exc.rows) from exc


def names_its_source(func: Callable[_P, _R]) -> Callable[_P, _R]:
    """Decorate a ``*_from_path(path, ...)`` function: its errors name `path` (:func:`naming`)."""

    @functools.wraps(func)
    def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        with naming(args[0] if args else kwargs["path"]):  # type: ignore[arg-type]
            return func(*args, **kwargs)

    return wrapper


def sample_data() -> Path:
    """The folder of sample seasons shipped with the package.

    Returns
    -------
    pathlib.Path
        The installed package's ``samples`` folder, or a source checkout's ``data``: one
        sub-folder per family (``cards``, ``chess``, ``bridge``, ``league``), each a season of
        results to try every function and command on.

    Examples
    --------
    >>> import tourneystats as ts
    >>> {"bridge", "cards", "chess", "league"} <= {p.name for p in ts.sample_data().iterdir()}
    True
    """
    package = Path(__file__).resolve().parents[1]
    shipped = package / "samples"
    return shipped if shipped.is_dir() else package.parent / "data"
