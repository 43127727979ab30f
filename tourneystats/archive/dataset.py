"""The hive-partitioned Parquet dataset of an archive: writing, listing and reading it back.

Every family's rows go to ``ROOT/family=FAMILY/COL=VALUE/.../part-NNNNN.parquet``. Partition
values are escaped so that none can leave the archive, and folders differing only by letter case
are refused (Windows and macOS see them as one). A partition folder is written under a temporary
name and swapped in whole. Each file records, in its Parquet metadata, the layout and the dtypes
of its partition columns, so :func:`read_archive` gives back the frame that was written.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import uuid
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, cast
from urllib.parse import unquote

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.dataset as ds
import pyarrow.parquet as pq

from ..core.folders import MissingPathError
from ..core.io import atomic_write
from ..core.schema import SEASON, Column, ValidationError, fail_rows, validate
from .families import FamilySpec, _spec

__all__ = ["archive_files", "read_archive", "write_archive"]

#: Parquet key-value metadata key under which each archive file describes itself
META_KEY = b"tourneystats.archive"
FORMAT_VERSION = 1
#: default largest number of rows per archive file (an event is never split, so a file can
#: exceed it by at most one event)
CHUNK_ROWS = 500_000

# A folder or file name component may not hold these (path separators, the escape character,
# the hive key/value separator, characters Windows refuses) nor control characters.
_UNSAFE = set('/\\%=:*?"<>|')
_MAX_COMPONENT_BYTES = 200
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


# --- partition paths -----------------------------------------------------------------------------


def escape_value(value: Any) -> str:
    """Escape a partition value for use in a folder name.

    Path separators, ``%``, ``=``, characters Windows refuses, control characters and trailing
    dots and spaces (which Windows drops from a folder's name) are percent-encoded (UTF-8), like hive's URI encoding; everything else, non-ASCII letters
    included, is kept. A component like ``season=..`` is a plain name, so escaping ``/`` is what
    keeps every value inside the archive.

    Examples
    --------
    >>> escape_value("../../x")
    '..%2F..%2Fx'
    >>> escape_value("Höst 50%")
    'Höst 50%25'
    >>> escape_value("2023. ")
    '2023%2E%20'
    """
    text = str(value)
    # trailing dots and spaces: Windows drops them from a folder's name ("2023. " -> "2023")
    kept = len(text.rstrip(". "))
    out = []
    for i, ch in enumerate(text):
        if ch in _UNSAFE or ord(ch) < 32 or ord(ch) == 127 or i >= kept:
            out.append("".join(f"%{b:02X}" for b in ch.encode("utf-8")))
        else:
            out.append(ch)
    return "".join(out)


def _component(column: str, value: Any) -> str:
    name = f"{column}={escape_value(value)}"
    if len(name.encode("utf-8")) > _MAX_COMPONENT_BYTES:
        raise ValidationError(
            f"partition value {str(value)[:60]!r}... of column {column!r} is too long for a "
            f"folder name ({len(name.encode('utf-8'))} bytes escaped; at most {_MAX_COMPONENT_BYTES})"
        )
    return name


def _parse_component(name: str) -> tuple[str, str] | None:
    if name.startswith((".", "_")) or "=" not in name:
        return None
    key, _, value = name.partition("=")
    return key, unquote(value)


def _inside(path: Path, root: Path) -> bool:
    real, base = os.path.realpath(path), os.path.realpath(root)
    return os.path.commonpath([real, base]) == base and real != base


# --- file metadata -------------------------------------------------------------------------------


def _dtype_spec(values: pd.Series) -> dict:
    dtype = values.dtype
    if isinstance(dtype, pd.CategoricalDtype):
        cats = dtype.categories
        return {
            "dtype": "category",
            "ordered": bool(dtype.ordered),
            "categories": [_jsonable(v) for v in cats],
            "categories_dtype": str(cats.dtype),
        }
    return {"dtype": str(dtype)}


def _restore(strings: pd.Series | pd.Index, spec: dict) -> pd.Index:
    """Turn decoded partition strings back into values of the recorded dtype."""
    strings = pd.Index(strings, dtype=object)
    if spec["dtype"] == "category":
        cats = _restore(
            pd.Index([str(c) for c in spec["categories"]]), {"dtype": spec["categories_dtype"]}
        )
        return pd.CategoricalIndex(
            _restore(strings, {"dtype": spec["categories_dtype"]}),
            categories=cats,
            ordered=spec["ordered"],
        )
    dtype = pd.api.types.pandas_dtype(spec["dtype"])
    if pd.api.types.is_integer_dtype(dtype):
        return pd.Index(pd.to_numeric(pd.Series(strings, dtype=object)).astype(dtype))
    return pd.Index(pd.Series(strings, dtype=object).astype(dtype))


def _jsonable(value: Any) -> Any:
    if isinstance(value, np.generic):
        value = value.item()
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def _file_meta(path: str | os.PathLike) -> dict:
    meta = pq.read_schema(path).metadata or {}
    if META_KEY not in meta:
        raise ValueError(
            f"{path}: not a tourneystats archive file (no {META_KEY.decode()} metadata)"
        )
    return json.loads(meta[META_KEY])


def _with_meta(table: pa.Table, meta: dict) -> pa.Table:
    merged = dict(table.schema.metadata or {})
    merged[META_KEY] = json.dumps(meta, ensure_ascii=False).encode("utf-8")
    return table.replace_schema_metadata(merged)


def _write_parquet(table: pa.Table, path: Path) -> None:
    atomic_write(path, lambda tmp: pq.write_table(table, tmp))


# --- listing -------------------------------------------------------------------------------------


def _walk_parts(base: Path) -> list[Path]:
    """Every data file below `base`, skipping hidden/underscore names and non-partition folders."""
    found: list[Path] = []
    for top, dirs, files in os.walk(base):
        dirs[:] = sorted(d for d in dirs if _parse_component(d) is not None)
        found.extend(
            Path(top) / f
            for f in sorted(files)
            if f.endswith(".parquet") and not f.startswith((".", "_"))
        )
    return found


def _families_in(root: Path) -> list[str]:
    names = []
    for entry in sorted(os.listdir(root)):
        parsed = _parse_component(entry)
        if parsed and parsed[0] == "family" and (root / entry).is_dir():
            names.append(parsed[1])
    return names


def part_files(
    root: str | os.PathLike, *, family: str | None = None
) -> list[tuple[str, dict, str]]:
    """``(family, partition values, relative POSIX path)`` of every data file of an archive."""
    root = Path(root)
    if not root.is_dir():
        raise MissingPathError(f"{root}: no such archive folder")
    found = []
    for fam in _families_in(root) if family is None else [family]:
        base = root / _component("family", fam)
        if base.is_dir():
            for path in _walk_parts(base):
                rel = path.relative_to(root)
                values = dict(cast(tuple[str, str], _parse_component(p)) for p in rel.parts[1:-1])
                found.append((fam, values, rel.as_posix()))
    return found


def part_rows(path: Path) -> int:
    """The number of rows of an archive file, from its footer; a located error if unreadable."""
    try:
        return pq.ParquetFile(path).metadata.num_rows
    except (pa.ArrowException, OSError) as exc:
        if isinstance(exc, FileNotFoundError):
            raise
        raise ValidationError(f"{path}: not a readable Parquet file ({exc})") from None


def archive_files(root: str | os.PathLike, *, family: str | None = None) -> pd.DataFrame:
    """List the files of an archive (or of a :func:`recompute` output) with their partitions.

    Parameters
    ----------
    root : path-like
        The archive folder.
    family : str, optional
        Only this family.

    Returns
    -------
    pandas.DataFrame
        One row per file: ``family``, ``partition`` (the decoded values, as a dict), ``path``
        (relative to `root`, POSIX separators) and ``rows``.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats import archive_files, write_archive
    >>> import tempfile
    >>> root = tempfile.mkdtemp()
    >>> df = pd.DataFrame({"season": [2023, 2024], "event": ["A", "B"], "player": [1, 1]})
    >>> _ = write_archive(df, root, family="cards")
    >>> archive_files(root)[["family", "path", "rows"]]
      family                                    path  rows
    0  cards  family=cards/season=2023/part-00000.parquet     1
    1  cards  family=cards/season=2024/part-00000.parquet     1
    """
    rows = [
        {"family": fam, "partition": values, "path": rel, "rows": part_rows(Path(root) / rel)}
        for fam, values, rel in part_files(root, family=family)
    ]
    return pd.DataFrame(rows, columns=["family", "partition", "path", "rows"])


# --- writing -------------------------------------------------------------------------------------


def _check_partition_column(frame: pd.DataFrame, column: str) -> None:
    values = frame[column]
    dtype = values.dtype
    if isinstance(dtype, pd.CategoricalDtype):
        dtype = dtype.categories.dtype
    if pd.api.types.is_bool_dtype(dtype) or not (
        pd.api.types.is_integer_dtype(dtype) or pd.api.types.is_string_dtype(dtype)
    ):
        raise ValidationError(
            f"partition column {column!r} must hold integers or strings, not {values.dtype}"
        )
    if pd.api.types.is_object_dtype(dtype) and pd.api.types.infer_dtype(values) != "string":
        bad = ~values.map(lambda v: isinstance(v, str)).astype(bool)
        fail_rows(frame, bad, f"partition column {column!r} holds a value that is not a string")
    if not pd.api.types.is_integer_dtype(dtype):
        fail_rows(frame, values.astype(str) == "", f"empty value in partition column {column!r}")


def _existing_layout(base: Path) -> dict | None:
    files = _walk_parts(base) if base.is_dir() else []
    return _file_meta(files[0]) if files else None


def write_archive(
    frame: pd.DataFrame,
    root: str | os.PathLike,
    *,
    family: str,
    partition_cols: Sequence[str] = (SEASON,),
    chunk_rows: int = CHUNK_ROWS,
    mode: str = "replace",
) -> pd.DataFrame:
    """Write one family's long-format results into an archive.

    The rows go to ``ROOT/family=FAMILY/COL=VALUE/.../part-NNNNN.parquet``, split into files of
    about `chunk_rows` rows; the rows of an event (of a league, for the league family) always stay
    in one file, in their original order. Each partition folder is written under a temporary
    name and renamed when complete.

    Parameters
    ----------
    frame : pandas.DataFrame
        Long-format results of one family, with the `partition_cols` and the family's event column
        (``event``; ``league`` for the league family, optional there: without it a partition is
        one league). Not modified.
    root : path-like
        The archive folder (created if missing).
    family : {"cards", "chess", "chess_teams", "bridge", "bridge_teams", "league"}
        The family, the top-level partition (``bridge`` holds pairs travellers, ``bridge_teams``
        team-match results, ``chess_teams`` the board rows of team chess events).
    partition_cols : sequence of str
        Columns whose values name the partition folders (integers or strings, no missing
        values). Rows of the same event name in two partitions are two events (as the family
        functions see them when grouping by season).
    chunk_rows : int
        Target number of rows per file, which bounds the memory :func:`recompute` needs.
    mode : {"replace", "append", "error"}
        What to do with partitions that already exist: replace them whole, add the new events
        to them (refused if an event is already there), or refuse.

    Returns
    -------
    pandas.DataFrame
        One row per partition written: ``family``, the partition columns, ``files``, ``rows``.

    Raises
    ------
    ValidationError
        Missing columns, missing or unusable partition values, a value too long for a folder
        name, an event already present (``mode="append"``).

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats import archive_files, read_archive, write_archive
    >>> import tempfile
    >>> root = tempfile.mkdtemp()
    >>> df = pd.DataFrame({"season": [2023, 2023, 2024], "event": ["A", "A", "B"],
    ...                    "round": [1, 2, 1], "player": ["x", "x", "y"]})
    >>> write_archive(df, root, family="cards")
      family  season  files  rows
    0  cards    2023      1     2
    1  cards    2024      1     1
    >>> read_archive(root, family="cards", season=2024)
       season event  round player
    0    2024     B      1      y
    """
    return _write(frame, Path(root), family, partition_cols, chunk_rows, mode)


def _write(
    frame: pd.DataFrame,
    root: Path,
    family: str,
    partition_cols: Sequence[str],
    chunk_rows: int,
    mode: str,
    *,
    new_events: bool = False,
) -> pd.DataFrame:
    """:func:`write_archive`; `new_events`: the caller knows that no event of `frame` is in the
    archive yet (the import's staging: each file's events checked against the files before), so
    that appending needs no look at the archive's events."""
    spec = _spec(family)
    partition_cols = _check_write_options(partition_cols, mode, chunk_rows)
    frame = _validate_results(frame, spec, family, partition_cols)
    unit = [c for c in spec.unit_columns(frame.columns) if c not in partition_cols]
    merged: set[tuple] = set()
    if mode == "append" and not new_events:  # an event (league) already there: rewrite it
        frame, merged = _merge_existing(frame, root, spec, partition_cols, unit)
    part, keys = _partitions(frame, partition_cols)
    folders = [
        Path(_component("family", family), *(_component(c, v) for c, v in zip(partition_cols, k)))
        for k in keys
    ]
    chunk = _chunks(frame, part, len(keys), partition_cols, unit, chunk_rows)
    dtypes = {c: _dtype_spec(frame[c]) for c in partition_cols}
    meta = {
        "format": FORMAT_VERSION,
        "family": family,
        "partition_cols": list(partition_cols),
        "unit": unit,
        "columns": [str(c) for c in frame.columns],
        "partition_dtypes": dtypes,
    }
    targets = _check_targets(root, family, partition_cols, dtypes, folders, mode)
    # write: per partition, all chunks into a temporary folder, then rename (or move files in)
    order = np.lexsort((chunk, part))  # stable: rows keep their order within a chunk
    data = frame.drop(columns=list(partition_cols))
    bounds = np.flatnonzero(np.r_[True, np.diff(part[order]) != 0, True]) if len(order) else [0]
    summary = []
    for g, (key, target) in enumerate(zip(keys, targets)):
        rows = order[bounds[g] : bounds[g + 1]]
        appending = mode == "append" and key not in merged and target.exists()
        files = _write_partition(data, rows, chunk[rows], target, meta, appending)
        summary.append((family, *key, files, len(rows)))
    out = pd.DataFrame(summary, columns=["family", *partition_cols, "files", "rows"])
    for c in partition_cols:  # the partition columns keep the frame's dtype
        out[c] = out[c].astype(frame[c].dtype)
    return out


def _check_write_options(
    partition_cols: Sequence[str], mode: str, chunk_rows: int
) -> tuple[str, ...]:
    """The partition columns as a tuple, once they, `mode` and `chunk_rows` are checked."""
    partition_cols = tuple(partition_cols)
    if not partition_cols:
        raise ValueError("partition_cols must name at least one column")
    for col in partition_cols:
        if not isinstance(col, str) or not _IDENTIFIER.match(col) or col == "family":
            raise ValueError(
                f"partition column name {col!r} must be an identifier other than 'family'"
            )
    if len(set(partition_cols)) != len(partition_cols):
        raise ValueError(f"partition_cols repeats a column: {partition_cols}")
    if mode not in ("replace", "append", "error"):
        raise ValueError(f"mode must be 'replace', 'append' or 'error', not {mode!r}")
    if int(chunk_rows) < 1:
        raise ValueError("chunk_rows must be at least 1")
    return partition_cols


def _validate_results(
    frame: pd.DataFrame, spec: FamilySpec, family: str, partition_cols: tuple[str, ...]
) -> pd.DataFrame:
    """The validated frame: string column names, partition and event columns, usable values."""
    if isinstance(frame, pd.DataFrame) and not isinstance(frame.columns, pd.RangeIndex):
        bad = [c for c in frame.columns if not isinstance(c, str)]
        if bad:
            raise ValidationError(f"{family} results: column names must be strings, got {bad[:3]}")
    columns = [Column(c, "key") for c in partition_cols]
    columns += [Column(c, "key", required=not spec.unit_optional) for c in spec.unit]
    frame = validate(frame, columns, what=f"{family} results")
    for col in partition_cols:
        _check_partition_column(frame, col)
    return frame


def _partitions(frame: pd.DataFrame, partition_cols: tuple[str, ...]) -> tuple[np.ndarray, list]:
    """Each row's partition code, in sorted order of the values, and each partition's values."""
    part = frame.groupby(list(partition_cols), observed=True, sort=True).ngroup().to_numpy()
    n_parts = int(part.max()) + 1 if len(part) else 0
    some_row = np.zeros(n_parts, dtype=np.int64)  # any row of a partition gives its values
    some_row[part] = np.arange(len(frame))
    keys = list(frame[list(partition_cols)].iloc[some_row].itertuples(index=False, name=None))
    return part, keys


def _chunks(
    frame: pd.DataFrame,
    part: np.ndarray,
    n_parts: int,
    partition_cols: tuple[str, ...],
    unit: list[str],
    chunk_rows: int,
) -> np.ndarray:
    """Each row's file number within its partition; an event (unit) is never split.

    An event is named by its partition and its event column(s), so an event name that comes back
    every season is a new event each season; events are numbered in order of appearance. An event
    goes to file (rows of the events before it in its partition) // chunk_rows.
    """
    if unit:
        by = [*partition_cols, *unit]
        ucode = frame.groupby(by, observed=True, sort=False, dropna=False).ngroup().to_numpy()
        upart = np.zeros(int(ucode.max()) + 1 if len(ucode) else 0, dtype=np.int64)
        upart[ucode] = part
    else:  # the whole partition is one unit
        ucode, upart = part, np.arange(n_parts)
    usize = np.bincount(ucode, minlength=upart.size)
    before = pd.Series(usize).groupby(upart, sort=False).cumsum().to_numpy() - usize
    return (before // int(chunk_rows))[ucode]


def _write_partition(
    data: pd.DataFrame,
    rows: np.ndarray,
    chunk: np.ndarray,
    target: Path,
    meta: dict,
    appending: bool,
) -> int:
    """Write rows `rows` of `data` as one partition, a file per value of `chunk`, into a temporary
    folder renamed to `target` (`appending`: its files moved into `target`); return the number of
    files."""
    tmp = target.parent / f".{target.name}.tmp-{uuid.uuid4().hex}"
    tmp.mkdir(parents=True)
    try:
        cuts = np.flatnonzero(np.r_[True, np.diff(chunk) != 0, True])
        names = []
        start = _next_index(target) if appending else 0
        for i in range(len(cuts) - 1):
            these = rows[cuts[i] : cuts[i + 1]]
            run = len(these) and these[-1] - these[0] == len(these) - 1 and _rising(these)
            # rows in a run are sliced (no copy: a batch's rows of one season usually are)
            sub = data.iloc[these[0] : these[-1] + 1] if run else data.iloc[these]
            table = _with_meta(pa.Table.from_pandas(sub, preserve_index=False), meta)
            name = f"part-{start + i:05d}.parquet"
            pq.write_table(table, tmp / name)
            names.append(name)
        if appending:
            for name in names:
                os.replace(tmp / name, target / name)
            tmp.rmdir()
        else:
            _swap_in(tmp, target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return len(names)


def _rising(rows: np.ndarray) -> bool:
    """Whether `rows` rise by one at each step."""
    return bool(np.all(np.diff(rows) == 1))


def _check_targets(
    root: Path,
    family: str,
    partition_cols: Sequence[str],
    dtypes: Mapping[str, dict],
    folders: list[Path],
    mode: str,
) -> list[Path]:
    """The target folders of partitions about to be written into `root`, after checking that
    they fit the archive's layout (partition columns and their dtypes) and `mode`."""
    family_dir = root / _component("family", family)
    existing = _existing_layout(family_dir)
    if existing is not None and existing["partition_cols"] != list(partition_cols):
        raise ValidationError(
            f"the archive's {family} results are partitioned by {tuple(existing['partition_cols'])},"
            f" not {tuple(partition_cols)}"
        )
    if existing is not None:
        for c in partition_cols:
            old, new = existing["partition_dtypes"][c]["dtype"], dtypes[c]["dtype"]
            if old != new:
                raise ValidationError(
                    f"partition column {c!r} is {new} here but {old} in the archive's {family} results"
                )
    _check_letter_case(folders, root, family_dir)
    targets = [root / f for f in folders]
    for folder, target in zip(folders, targets):
        if target.exists() and mode == "error":
            raise ValidationError(f"partition {folder.as_posix()} already exists in {root}")
        if not _inside(target, root):  # cannot happen with escaped values; refuse if it does
            raise ValidationError(f"partition folder {folder.as_posix()} would leave {root}")
    return targets


def _check_letter_case(folders: list[Path], root: Path, family_dir: Path) -> None:
    """Refuse partition folders that differ only by letter case from each other or from the
    archive's: Windows and macOS see them as one folder (a season "Spring" would replace or
    merge into "spring"), so an archive holding both would not travel."""
    known: dict[str, Path] = {}
    if family_dir.is_dir():
        for part in _walk_parts(family_dir):
            folder = part.parent.relative_to(root)
            known.setdefault(folder.as_posix().casefold(), folder)
    for folder in folders:
        other = known.setdefault(folder.as_posix().casefold(), folder)
        if other != folder:
            raise ValidationError(
                f"partitions {other.as_posix()} and {folder.as_posix()} differ only by letter "
                "case: Windows and macOS would see one folder; rename one of the values"
            )


def _swap_in(tmp: Path, target: Path) -> None:
    """Rename the complete folder `tmp` to `target`, replacing an existing folder."""
    if not target.exists():
        os.rename(tmp, target)
        return
    old = target.parent / f".{target.name}.old-{uuid.uuid4().hex}"
    os.rename(target, old)
    os.rename(tmp, target)
    shutil.rmtree(old, ignore_errors=True)


def _next_index(target: Path) -> int:
    found = [int(m.group(1)) for f in _walk_parts(target) if (m := re.match(r"part-(\d+)", f.name))]
    return max(found, default=-1) + 1


def _isin(rows: pd.DataFrame, present: pd.DataFrame, columns: list[str]) -> np.ndarray:
    """Whether each row's values of `columns` are among those of `present` (by value, whatever
    the dtypes: categorical, str or object)."""

    def plain(frame: pd.DataFrame) -> pd.DataFrame:
        return frame[columns].drop_duplicates().astype(object)

    if len(columns) == 1:
        (col,) = columns
        values = plain(present)[col]
        if isinstance(rows[col].dtype, pd.CategoricalDtype):  # by category, then by code
            known = pd.Index(rows[col].cat.categories.astype(object)).isin(values)
            codes = rows[col].cat.codes.to_numpy()
            return np.where(codes >= 0, known[np.maximum(codes, 0)], False)
        return rows[col].astype(object).isin(values).to_numpy()
    wanted = pd.MultiIndex.from_frame(plain(present))
    return pd.MultiIndex.from_frame(rows[columns].astype(object)).isin(wanted)


def _merge_existing(
    frame: pd.DataFrame, root: Path, spec: FamilySpec, partition_cols: tuple, unit: list[str]
) -> tuple[pd.DataFrame, set[tuple]]:
    """For ``mode="append"``: add the rows of partitions holding the same events (leagues).

    Rows whose ``file_key`` (event; league tournament) is already in the archive are refused.
    Partitions where the new rows continue an event already there (a league's next evenings, or
    any rows of a league family without a league column) are read back and returned with the new
    rows, to be rewritten whole; the others are appended as new files.
    """
    family_dir = root / _component("family", spec.name)
    if not family_dir.is_dir():
        return frame, set()
    pcols = list(partition_cols)
    key = [c for c in spec.file_key if c in frame.columns and c not in pcols]
    existing, merged = [], set()
    for values, rows in frame.groupby(pcols, observed=True, sort=True):
        values = values if isinstance(values, tuple) else (values,)
        target = root.joinpath(
            _component("family", spec.name), *(_component(c, v) for c, v in zip(pcols, values))
        )
        if not target.is_dir() or not _walk_parts(target):
            continue
        filters = [(c, "==", v) for c, v in zip(pcols, values)]
        # the key and unit columns first: the whole partition only when it is to be rewritten
        present = read_archive(root, family=spec.name, filters=filters, columns=[*key, *unit])
        if key:
            hit = _isin(rows, present, key)
            fail_rows(
                rows,
                hit,
                f"{'/'.join(key)} already in the archive at {target.relative_to(root).as_posix()}"
                " (use mode='replace')",
                what=f"{spec.name} results",
            )
        if unit and not _isin(rows, present, unit).any():
            continue
        present = read_archive(root, family=spec.name, filters=filters)
        existing.append(present.reindex(columns=frame.columns))
        merged.add(values)
    if not existing:
        return frame, merged
    return _concat([*existing, frame]), merged


def _concat(parts: list[pd.DataFrame]) -> pd.DataFrame:
    """Concatenate frames; a column categorical in every part stays categorical (the union of
    the categories, in order of appearance; only the codes are remapped)."""
    if len(parts) == 1:
        return parts[0]
    parts = list(parts)
    for col in parts[0].columns:
        holders = [i for i, p in enumerate(parts) if col in p.columns]
        if all(isinstance(parts[i][col].dtype, pd.CategoricalDtype) for i in holders):
            every = [parts[i][col].cat.categories for i in holders]
            union = every[0].append(every[1:]).drop_duplicates()  # object when dtypes differ
            for i in holders:
                if not parts[i][col].cat.categories.equals(union):
                    recoded = parts[i][col].cat.set_categories(union)
                    parts[i] = parts[i].assign(**{col: recoded})
    return pd.concat(parts, ignore_index=True)


# --- reading -------------------------------------------------------------------------------------


def _unify_schemas(schemas: list[pa.Schema]) -> pa.Schema:
    """One schema for files written at different times; a column stored as a dictionary in some
    files and as plain values in others is read as plain values."""
    try:
        return pa.unify_schemas(schemas, promote_options="permissive")
    except (pa.ArrowTypeError, pa.ArrowInvalid):
        plain = [
            pa.schema(
                [
                    f.with_type(f.type.value_type) if pa.types.is_dictionary(f.type) else f
                    for f in s
                ],
                metadata=s.metadata,
            )
            for s in schemas
        ]
        return pa.unify_schemas(plain, promote_options="permissive")


def read_archive(
    root: str | os.PathLike,
    *,
    family: str | None = None,
    season: Any = None,
    filters: Any = None,
    columns: Sequence[str] | None = None,
) -> pd.DataFrame:
    """Read one family's frame back from an archive (or from a :func:`recompute` output).

    Parameters
    ----------
    root : path-like
        The archive folder.
    family : str, optional
        The family to read; may be left out when the archive holds only one.
    season : scalar or list, optional
        Only these seasons (values as written, e.g. ``2023`` or ``["2023/24"]``).
    filters : pyarrow.dataset.Expression or list of tuples, optional
        Further row filters, as in :func:`pandas.read_parquet` (``[("event", "==", "E1")]``).
        In a tuple on a partition column, the value is compared as written.
    columns : sequence of str, optional
        Only these columns (partition columns are always included).

    Returns
    -------
    pandas.DataFrame
        The rows, partition columns first, with the dtypes they were written with. Rows come
        partition by partition (in sorted order of the escaped values), each in written order.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats import archive_files, read_archive, write_archive
    >>> import tempfile
    >>> root = tempfile.mkdtemp()
    >>> df = pd.DataFrame({"season": ["2023/24", "../x"], "event": pd.Categorical(["A", "B"]),
    ...                    "player": [1, 2]})
    >>> _ = write_archive(df, root, family="chess")
    >>> back = read_archive(root)
    >>> back
        season event  player
    0     ../x     B       2
    1  2023/24     A       1
    >>> back.dtypes.equals(df.dtypes)
    True
    """
    root = Path(root)
    if not root.is_dir():
        raise FileNotFoundError(f"no archive folder {root}")
    if family is None:
        families = _families_in(root)
        if len(families) != 1:
            what = ", ".join(families) if families else "no family"
            raise ValueError(f"{root} holds {what}; pass family=")
        family = families[0]
    base = root / _component("family", family)
    files = _walk_parts(base) if base.is_dir() else []
    if not files:
        raise ValueError(f"{root} holds no {family} results")
    meta = _file_meta(files[0])
    pcols = meta["partition_cols"]
    schemas = [pq.read_schema(f) for f in files]
    data_schema = _unify_schemas(schemas)
    data_schema = data_schema.with_metadata(schemas[0].metadata)
    found: dict[str, set] = {c: set() for c in pcols}
    for f in files:
        for key, value in (
            cast(tuple[str, str], _parse_component(p)) for p in f.relative_to(base).parts[:-1]
        ):
            found[key].add(value)
    values = {c: sorted(v) for c, v in found.items()}
    dict_type = pa.dictionary(pa.int32(), pa.string())
    pschema = pa.schema([pa.field(c, dict_type) for c in pcols])
    schema = pa.schema(list(data_schema) + list(pschema), metadata=data_schema.metadata)
    dataset = ds.dataset(
        [str(f) for f in files],
        schema=schema,
        format="parquet",
        partitioning=ds.HivePartitioning(
            pschema, dictionaries={c: pa.array(values[c], pa.string()) for c in pcols}
        ),
        partition_base_dir=str(base),
    )
    expr = None
    if season is not None:
        if SEASON not in pcols:
            raise ValueError(f"the {family} results are not partitioned by season")
        wanted = [season] if np.ndim(season) == 0 else list(season)
        expr = ds.field(SEASON).isin([str(_jsonable(s)) for s in wanted])
    if filters is not None:
        extra = filters if isinstance(filters, ds.Expression) else _filters(filters, pcols)
        expr = extra if expr is None else expr & extra
    if columns is not None:
        columns = list(dict.fromkeys([*pcols, *columns]))
    table = dataset.to_table(columns=columns, filter=expr)
    frame = table.to_pandas()
    for c in pcols:  # decoded strings back to the written dtype
        codes = pd.Categorical(frame[c], categories=values[c]).codes
        restored = _restore(pd.Index(values[c], dtype=object), meta["partition_dtypes"][c])
        frame[c] = pd.Series(restored.take(codes), index=frame.index)
    order = [c for c in meta.get("columns", []) if c in frame.columns]
    order += [c for c in frame.columns if c not in order]
    return frame[order]


def _filters(filters: Any, pcols: Sequence[str]) -> ds.Expression:
    def fix(term: tuple[str, str, Any]) -> tuple[str, str, Any]:
        col, op, value = term
        if col in pcols:
            value = (
                [str(_jsonable(v)) for v in value]
                if op in ("in", "not in")
                else str(_jsonable(value))
            )
        return (col, op, value)

    if not filters:
        raise ValueError("filters is empty")
    dnf = filters if isinstance(filters[0], list) else [filters]
    return pq.filters_to_expression([[fix(t) for t in conj] for conj in dnf])
