"""Historical archives: Parquet datasets of results, and bulk recompute of every standing.

An **archive** is a folder holding the canonical long-format frames of every family as one
hive-partitioned Parquet dataset::

    ARCHIVE/family=cards/season=2023/part-00000.parquet
    ARCHIVE/family=chess/season=2023/part-00000.parquet
    ARCHIVE/family=chess/season=2023/part-00001.parquet
    ...

The partition values (``family``, ``season``, ...) are in the folder names, escaped so that no
value can leave the archive (a season called ``../../x`` becomes the folder ``season=..%2F..%2Fx``)
and decoded by any hive-aware reader (pyarrow, DuckDB, Spark). Inside a partition, the rows are
split into files of about ``chunk_rows`` rows, and an event (a league, for the league family) is
never split between files, so each file can be computed on its own. An event is named by its
partition and its name: the "Club Championship" of 2023 and that of 2024 are two events. Each file
records the dtypes of its partition columns, so :func:`read_archive` gives back the frame that was
written: categoricals, nullable integers, strings and dates intact.

:func:`recompute` computes the standings of every event of an archive, one file at a time (bounded
memory), with pandas in this process or with Dask on a cluster, and writes them as a dataset with
the same partitions: atomically, resumably, and listing the events it could not compute.

Dask is an optional extra (``pip install 'tourneystats[dask]'``); it is imported only by the
``engine="dask"`` code path.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import os
import re
import shutil
import sys
import tomllib
import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.dataset as ds
import pyarrow.parquet as pq

from ..core.folders import walk
from ..core.io import atomic_write, read_table
from ..core.schema import (
    DATE,
    EVENT,
    LEAGUE,
    PLAYER,
    RATING,
    SEASON,
    TOURNAMENT,
    TYPE,
    Column,
    ValidationError,
    fail_rows,
    validate,
)

__all__ = [
    "FAMILIES",
    "FamilySpec",
    "ImportReport",
    "RecomputeError",
    "RecomputeReport",
    "archive_files",
    "import_folder",
    "load_config",
    "read_archive",
    "recompute",
    "write_archive",
]

#: Parquet key-value metadata key under which each archive file describes itself
META_KEY = b"tourneystats.archive"
FORMAT_VERSION = 1
#: default largest number of rows per archive file (an event is never split, so a file can
#: exceed it by at most one event)
CHUNK_ROWS = 500_000
#: the report file that :func:`recompute` writes in its output folder
REPORT_NAME = "_report.json"
#: the folder of per-partition completion markers in the output folder
STATE_DIR = "_state"
DASK_HINT = "the dask engine needs the dask extra: pip install 'tourneystats[dask]'"
#: Dask settings of the local cluster recompute starts. Dask sets ``MALLOC_TRIM_THRESHOLD_`` to
#: 64 KiB in its workers, which makes the kernels' large temporary arrays three times slower to
#: allocate; glibc's own adaptive threshold is used instead (memory stays bounded: one archive
#: file at a time per worker).
LOCAL_CLUSTER_CONFIG = {"distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None}

# A folder or file name component may not hold these (path separators, the escape character,
# the hive key/value separator, characters Windows refuses) nor control characters.
_UNSAFE = set('/\\%=:*?"<>|')
_MAX_COMPONENT_BYTES = 200
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


# --- families ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FamilySpec:
    """How the archive stores and recomputes one family.

    Parameters
    ----------
    name : str
        Family name, the ``family=`` partition value.
    module, function : str
        The kernel: ``module.function(results, **options)`` returns the standings frame.
    unit : tuple of str
        Columns naming the independent unit of computation (an event). Rows of one unit are never
        split between archive files, and a bad unit is skipped on its own.
    unit_optional : bool
        When the unit columns are absent, the whole partition is one unit (a league frame without
        a ``league`` column is one league).
    by_unit : str or None
        Keyword through which the kernel is told to group by the unit column when it is present
        (the league history is computed per league with ``by="league"``).
    tables : mapping of str to str
        Alternative kernels in the same module, chosen with the ``table`` option.
    converters : mapping of str to str
        Options given in a config file as a table (a mapping) and turned into an object by the
        named callable of the module before the call (the cards' custom ``Rules``).
    file_key : tuple of str
        Columns naming what one source file holds (events; tournaments of a league): when
        importing, two files may not hold the same one.
    """

    name: str
    module: str
    function: str
    unit: tuple[str, ...] = (EVENT,)
    unit_optional: bool = False
    by_unit: str | None = None
    tables: Mapping[str, str] = field(default_factory=dict)
    file_key: tuple[str, ...] = (EVENT,)
    converters: Mapping[str, str] = field(default_factory=dict)

    def unit_columns(self, columns: Iterable[str]) -> list[str]:
        """The unit columns present among `columns`."""
        present = set(columns)
        return [c for c in self.unit if c in present]

    def kernel(self, table: str | None = None) -> Callable[..., pd.DataFrame]:
        """Import and return the kernel function (`table` picks an alternative)."""
        import importlib

        name = self.function if table is None else self.tables[table]
        try:
            module = importlib.import_module(self.module)
        except ModuleNotFoundError as exc:
            if exc.name != self.module:
                raise
            raise ValueError(f"family {self.name}: module {self.module} is not available") from exc
        try:
            return getattr(module, name)
        except AttributeError:
            raise ValueError(f"family {self.name}: {self.module} has no {name}()") from None


#: The families an archive can hold, and the kernel :func:`recompute` runs for each.
FAMILIES: dict[str, FamilySpec] = {
    "cards": FamilySpec("cards", "tourneystats.cards", "standings", converters={"rules": "Rules"}),
    "chess": FamilySpec("chess", "tourneystats.chess", "standings"),
    "bridge": FamilySpec("bridge", "tourneystats.bridge", "session_standings"),
    "bridge_teams": FamilySpec("bridge_teams", "tourneystats.bridge", "team_standings"),
    "league": FamilySpec(
        "league",
        "tourneystats.league",
        "history",
        unit=(LEAGUE,),
        unit_optional=True,
        by_unit="by",
        tables={"history": "history", "leaderboard": "leaderboard"},
        file_key=(LEAGUE, TOURNAMENT),
    ),
}


def _spec(family: str) -> FamilySpec:
    try:
        return FAMILIES[family]
    except (KeyError, TypeError):
        known = ", ".join(sorted(FAMILIES))
        raise ValueError(f"unknown family {family!r}; expected one of {known}") from None


# --- partition paths -----------------------------------------------------------------------------


def escape_value(value: Any) -> str:
    """Escape a partition value for use in a folder name.

    Path separators, ``%``, ``=``, characters Windows refuses and control characters are
    percent-encoded (UTF-8), like hive's URI encoding; everything else, non-ASCII letters
    included, is kept. A component like ``season=..`` is a plain name, so escaping ``/`` is what
    keeps every value inside the archive.

    Examples
    --------
    >>> escape_value("../../x")
    '..%2F..%2Fx'
    >>> escape_value("Höst 50%")
    'Höst 50%25'
    """
    text = str(value)
    out = []
    for ch in text:
        if ch in _UNSAFE or ord(ch) < 32 or ord(ch) == 127:
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
    found = []
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
    >>> import tempfile
    >>> root = tempfile.mkdtemp()
    >>> df = pd.DataFrame({"season": [2023, 2024], "event": ["A", "B"], "player": [1, 1]})
    >>> _ = write_archive(df, root, family="cards")
    >>> archive_files(root)[["family", "path", "rows"]]
      family                                    path  rows
    0  cards  family=cards/season=2023/part-00000.parquet     1
    1  cards  family=cards/season=2024/part-00000.parquet     1
    """
    root = Path(root)
    if not root.is_dir():
        raise FileNotFoundError(f"no archive folder {root}")
    rows = []
    families = _families_in(root) if family is None else [family]
    for fam in families:
        base = root / _component("family", fam)
        if not base.is_dir():
            continue
        for path in _walk_parts(base):
            rel = path.relative_to(root)
            values = dict(_parse_component(p) for p in rel.parts[1:-1])
            rows.append(
                {
                    "family": fam,
                    "partition": values,
                    "path": rel.as_posix(),
                    "rows": pq.ParquetFile(path).metadata.num_rows,
                }
            )
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
    family : {"cards", "chess", "bridge", "bridge_teams", "league"}
        The family, the top-level partition (``bridge`` holds pairs travellers, ``bridge_teams``
        team-match results).
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
    spec = _spec(family)
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
    if isinstance(frame, pd.DataFrame) and not isinstance(frame.columns, pd.RangeIndex):
        bad = [c for c in frame.columns if not isinstance(c, str)]
        if bad:
            raise ValidationError(f"{family} results: column names must be strings, got {bad[:3]}")
    columns = [Column(c, "key") for c in partition_cols]
    columns += [Column(c, "key", required=not spec.unit_optional) for c in spec.unit]
    frame = validate(frame, columns, what=f"{family} results")
    for col in partition_cols:
        _check_partition_column(frame, col)
    unit = [c for c in spec.unit_columns(frame.columns) if c not in partition_cols]
    root = Path(root)
    merged: set[tuple] = set()
    if mode == "append":  # new rows of an event (league) already there: rewrite its partition
        frame, merged = _merge_existing(frame, root, spec, partition_cols, unit)

    # partitions: group codes in sorted order of the values (any row of one gives its values)
    part = frame.groupby(list(partition_cols), observed=True, sort=True).ngroup().to_numpy()
    n_parts = int(part.max()) + 1 if len(part) else 0
    some_row = np.zeros(n_parts, dtype=np.int64)
    some_row[part] = np.arange(len(frame))
    keys = list(frame[list(partition_cols)].iloc[some_row].itertuples(index=False, name=None))
    folders = [
        Path(_component("family", family), *(_component(c, v) for c, v in zip(partition_cols, k)))
        for k in keys
    ]

    # units: an event is named by its partition and its event column(s), so an event name that
    # comes back every season is a new event each season; numbered in order of appearance. A
    # unit goes to chunk (rows of the units before it in its partition) // chunk_rows.
    if unit:
        by = [*partition_cols, *unit]
        ucode = frame.groupby(by, observed=True, sort=False, dropna=False).ngroup().to_numpy()
        upart = np.zeros(int(ucode.max()) + 1 if len(ucode) else 0, dtype=np.int64)
        upart[ucode] = part
    else:  # the whole partition is one unit
        ucode, upart = part, np.arange(n_parts)
    usize = np.bincount(ucode, minlength=upart.size)
    before = pd.Series(usize).groupby(upart, sort=False).cumsum().to_numpy() - usize
    chunk = (before // int(chunk_rows))[ucode]

    layout = {
        "format": FORMAT_VERSION,
        "family": family,
        "partition_cols": list(partition_cols),
        "unit": unit,
        "columns": [str(c) for c in frame.columns],
    }
    dtypes = {c: _dtype_spec(frame[c]) for c in partition_cols}
    targets = _check_targets(root, family, partition_cols, dtypes, folders, mode)
    # write: per partition, all chunks into a temporary folder, then rename (or move files in)
    order = np.lexsort((chunk, part))  # stable: rows keep their order within a chunk
    data = frame.drop(columns=list(partition_cols))
    bounds = np.flatnonzero(np.r_[True, np.diff(part[order]) != 0, True]) if len(order) else [0]
    summary = []
    for g in range(len(keys)):
        rows = order[bounds[g] : bounds[g + 1]]
        target = targets[g]
        meta = dict(layout, partition_dtypes=dtypes)
        tmp = target.parent / f".{target.name}.tmp-{uuid.uuid4().hex}"
        tmp.mkdir(parents=True)
        try:
            cuts = np.flatnonzero(np.r_[True, np.diff(chunk[rows]) != 0, True])
            names = []
            appending = mode == "append" and keys[g] not in merged and target.exists()
            start = _next_index(target) if appending else 0
            for i in range(len(cuts) - 1):
                sub = data.iloc[rows[cuts[i] : cuts[i + 1]]]
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
        summary.append((family, *keys[g], len(names), len(rows)))
    out = pd.DataFrame(summary, columns=["family", *partition_cols, "files", "rows"])
    for c in partition_cols:  # the partition columns keep the frame's dtype
        out[c] = out[c].astype(frame[c].dtype)
    return out


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
        for key, value in (_parse_component(p) for p in f.relative_to(base).parts[:-1]):
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
    def fix(term):
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


# --- config --------------------------------------------------------------------------------------


def load_config(source: str | os.PathLike | Mapping | None) -> dict[str, dict[str, Any]]:
    """Read the per-family options of :func:`recompute` from a JSON or TOML file (or a mapping).

    The file has one table per family whose keys are keyword options of that family's kernel
    (``cards.standings``, ``chess.standings``, ``bridge.session_standings``, ``league.history``;
    for the league, ``table = "leaderboard"`` writes the final leaderboard instead of the history).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "rules.toml"
    >>> _ = p.write_text('[chess]\\ntiebreaks = ["BH/C1", "SB"]\\n[league]\\nprior_rounds = 5\\n')
    >>> load_config(p)
    {'chess': {'tiebreaks': ['BH/C1', 'SB']}, 'league': {'prior_rounds': 5}}
    """
    if source is None:
        return {}
    if isinstance(source, Mapping):
        raw = dict(source)
    else:
        path = Path(source)
        text = path.read_text(encoding="utf-8")
        if path.suffix.lower() == ".json":
            raw = json.loads(text)
        elif path.suffix.lower() == ".toml":
            raw = tomllib.loads(text)
        else:
            raise ValueError(f"{path}: config must be a .json or .toml file")
    if not isinstance(raw, Mapping):
        raise ValueError("config: expected a table of families")
    config = {}
    for family, options in raw.items():
        _spec(family)
        if not isinstance(options, Mapping):
            raise ValueError(f"config: [{family}] must be a table of options")
        config[family] = dict(options)
    return config


def _bind(spec: FamilySpec, options: Mapping[str, Any]) -> tuple[Callable, dict]:
    """Check `options` against the family's kernel; return the kernel and its keywords."""
    options = dict(options)
    table = options.pop("table", None)
    if table is not None and table not in spec.tables:
        choices = ", ".join(spec.tables) or "none"
        raise ValueError(f"config: {spec.name}: unknown table {table!r} (choices: {choices})")
    if spec.by_unit is not None and spec.by_unit in options:
        raise ValueError(f"config: {spec.name}: {spec.by_unit!r} is set by recompute")
    if "by" in options:
        raise ValueError(
            f"config: {spec.name}: 'by' (pooled standings) is not supported by recompute, which "
            "computes every event on its own"
        )
    kernel = spec.kernel(table)
    try:
        inspect.signature(kernel).bind(None, **options)
    except TypeError as exc:
        raise ValueError(f"config: {spec.name}: {exc}") from None
    for name, maker in spec.converters.items():
        if isinstance(options.get(name), Mapping):
            make = getattr(sys.modules[kernel.__module__], maker)
            try:
                options[name] = make(**options[name])
            except (TypeError, ValueError) as exc:
                raise ValueError(f"config: {spec.name}: {name}: {exc}") from None
    return kernel, options


# --- the pure per-partition computation ----------------------------------------------------------


def _unit_label(frame: pd.DataFrame, unit: list[str]) -> dict:
    if not unit or frame.empty:
        return {}
    return {c: _jsonable(frame[c].iloc[0]) for c in unit}


def compute_partition(
    spec: FamilySpec,
    frame: pd.DataFrame,
    options: Mapping[str, Any] | None = None,
    *,
    strict: bool = False,
) -> tuple[pd.DataFrame | None, list[dict]]:
    """Compute one archive file's standings, skipping the events that fail.

    The kernel runs on the whole frame; only if it raises is the frame split in halves of events,
    recursively, until each failing event is found alone (so a good partition costs one call).

    Returns
    -------
    (pandas.DataFrame or None, list of dict)
        The standings of the events that could be computed (None if none could), and one record
        per skipped event: ``unit`` (its event/league value), ``type`` and ``error``. With
        `strict`, the search stops at the first failing event.

    Examples
    --------
    >>> from tourneystats.synth import chess_swiss
    >>> results, _ = chess_swiss(4, 6, 3, seed=1)
    >>> results.loc[results["event"] == "C00003", "points"] = 1.0  # every game won by both
    >>> table, errors = compute_partition(FAMILIES["chess"], results, {"tiebreaks": ["BH"]})
    >>> sorted(table["event"].unique()), [e["unit"] for e in errors]
    (['C00001', 'C00002', 'C00004'], [{'event': 'C00003'}])
    """
    kernel, options = _bind(spec, options or {})
    unit = spec.unit_columns(frame.columns)
    if unit and spec.by_unit is not None:
        options = dict(options, **{spec.by_unit: unit[0] if len(unit) == 1 else unit})
    codes = (
        frame.groupby(unit, observed=True, sort=False, dropna=False).ngroup().to_numpy()
        if unit
        else np.zeros(len(frame), dtype=np.int64)
    )
    results: list[tuple[int, pd.DataFrame]] = []
    errors: list[dict] = []

    def run(lo: int, hi: int, sub: pd.DataFrame, sub_codes: np.ndarray) -> bool:
        """Compute units lo..hi-1 (held by `sub`); return True to stop (strict)."""
        try:
            results.append((lo, kernel(sub, **options)))
            return False
        except MemoryError:
            raise
        except Exception as exc:  # a bad event: find it
            if hi - lo <= 1:
                message = str(exc).strip() or type(exc).__name__
                errors.append(
                    {"unit": _unit_label(sub, unit), "type": type(exc).__name__, "error": message}
                )
                return strict
        mid = (lo + hi) // 2
        left = sub_codes < mid
        if run(lo, mid, sub.loc[left].reset_index(drop=True), sub_codes[left]):
            return True
        right = ~left
        return run(mid, hi, sub.loc[right].reset_index(drop=True), sub_codes[right])

    n_units = int(codes.max()) + 1 if len(codes) else 1
    run(0, n_units, frame, codes)
    if not results:
        return None, errors
    if len(results) == 1:
        return results[0][1], errors
    results.sort(key=lambda item: item[0])
    return pd.concat([r for _, r in results], ignore_index=True), errors


def _read_part(path: str) -> pd.DataFrame:
    return pq.read_table(path).to_pandas()


def _dask_kernel(frame: pd.DataFrame, spec: FamilySpec, options: dict, strict: bool):
    """``map_partitions`` body: the pure kernel, its skipped events carried in ``attrs``."""
    table, errors = compute_partition(spec, frame, options, strict=strict)
    out = table if table is not None else pd.DataFrame()
    out.attrs = {"tourneystats": {"errors": errors, "computed": table is not None}}
    return out


# --- recompute -----------------------------------------------------------------------------------


class RecomputeError(ValueError):
    """Raised by :func:`recompute` with ``strict=True`` at the first bad event.

    Attributes
    ----------
    report : RecomputeReport
        What was done before stopping (the report file is written too).
    """

    def __init__(self, message: str, report: RecomputeReport) -> None:
        super().__init__(message)
        self.report = report


@dataclass(frozen=True)
class RecomputeReport:
    """What :func:`recompute` did.

    Attributes
    ----------
    partitions : int
        Archive files (partitions of events) in the archive.
    computed : int
        Files computed in this run.
    reused : int
        Files whose output was already complete (same input, same options) and kept.
    removed : int
        Outputs removed because their input file no longer exists.
    rows_in, rows_out : int
        Result rows read in this run, standings rows in the whole output.
    errors : pandas.DataFrame
        One row per skipped event of the whole output: ``family``, ``partition``, ``path``,
        ``unit``, ``type``, ``error``.
    report_path : pathlib.Path
        The report file (JSON).
    stopped : bool
        Whether the run stopped early (strict mode).
    """

    partitions: int
    computed: int
    reused: int
    removed: int
    rows_in: int
    rows_out: int
    errors: pd.DataFrame
    report_path: Path
    stopped: bool = False

    @property
    def ok(self) -> bool:
        """True when every event was computed."""
        return self.errors.empty and not self.stopped

    def summary(self, limit: int = 10) -> str:
        """A few lines for a terminal: counts, then the skipped events with their error."""
        lines = [
            f"{self.partitions} partition(s): {self.computed} computed, {self.reused} already "
            f"complete, {self.removed} stale output(s) removed; {self.rows_in:,} rows read, "
            f"{self.rows_out:,} standings rows in the output",
        ]
        if self.stopped:
            lines.append("stopped at the first bad event (--strict)")
        if not self.errors.empty:
            lines.append(
                f"{len(self.errors)} bad event(s) skipped (details in {self.report_path}):"
            )
            for row in self.errors.head(limit).itertuples(index=False):
                where = ", ".join(f"{k}={v}" for k, v in {**row.partition, **row.unit}.items())
                first = str(row.error).splitlines()[0] if row.error else row.type
                lines.append(f"  {row.family}: {where}: {row.type}: {first}")
            if len(self.errors) > limit:
                lines.append(f"  ... and {len(self.errors) - limit} more")
        return "\n".join(lines)


@dataclass(frozen=True)
class _Item:
    family: str
    rel: str
    path: str
    rows: int
    size: int
    mtime_ns: int
    partition: dict


def _progress_bar(progress: bool | None, iterable=None, **kwargs):
    """A tqdm bar on stderr (a widget in Jupyter); `progress` None: only on a terminal."""
    from tqdm.auto import tqdm

    disable = None if progress is None else not progress
    return tqdm(iterable, disable=disable, file=sys.stderr, unit_scale=True, **kwargs)


def _options_hash(options: Mapping[str, Any]) -> str:
    text = json.dumps(options, sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _check_folders(archive: Path, out: Path) -> None:
    if not archive.is_dir():
        raise FileNotFoundError(f"no archive folder {archive}")
    a, o = os.path.realpath(archive), os.path.realpath(out)
    if a == o or o.startswith(a + os.sep) or a.startswith(o + os.sep):
        raise ValueError(
            f"the output folder {out} must be outside the archive {archive} (and not contain it)"
        )


def _state_path(out: Path, rel: str) -> Path:
    return out / STATE_DIR / (rel + ".json")


def _read_states(out: Path) -> dict[str, dict]:
    states = {}
    base = out / STATE_DIR
    if not base.is_dir():
        return states
    for top, dirs, files in os.walk(base):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for f in files:
            if f.endswith(".json") and not f.startswith("."):
                path = Path(top) / f
                try:
                    state = json.loads(path.read_text(encoding="utf-8"))
                except (OSError, ValueError):
                    continue  # unreadable marker: the partition is recomputed
                states[state.get("input", "")] = state
    return states


def _clean_temporaries(out: Path) -> None:
    """Remove temporary files an interrupted run left (``.NAME.XXXX.tmp``)."""
    for top, dirs, files in os.walk(out):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for f in files:
            if f.startswith(".") and f.endswith(".tmp"):
                (Path(top) / f).unlink(missing_ok=True)


def recompute(
    archive: str | os.PathLike,
    out: str | os.PathLike,
    *,
    config: str | os.PathLike | Mapping | None = None,
    engine: str = "pandas",
    scheduler: Any = None,
    force: bool = False,
    strict: bool = False,
    progress: bool | None = True,
) -> RecomputeReport:
    """Compute the standings of every event of an archive into a dataset with the same partitions.

    Each archive file (whole events, at most about ``chunk_rows`` rows) is read, computed with its
    family's kernel and written to the same relative path under `out`, one file at a time, so the
    memory needed does not grow with the archive. Outputs are written under temporary names and
    renamed when complete, then a completion marker is written (``OUT/_state/``); a rerun computes
    only the files without a marker for the same input file and options (all of them with
    `force`). The archive is never written to.

    An event whose computation fails is skipped, the rest of its file is computed, and the event
    is listed with its error in ``OUT/_report.json`` and in :attr:`RecomputeReport.errors`.

    Parameters
    ----------
    archive : path-like
        The archive folder (see :func:`write_archive`, :func:`import_folder`).
    out : path-like
        The output folder; outside the archive.
    config : path-like or mapping, optional
        Per-family options (rules, tie-breaks, ...): a JSON/TOML file or a mapping, see
        :func:`load_config`. Families left out use their defaults.
    engine : {"pandas", "dask"}
        Compute in this process, or with ``dask.dataframe`` (one Dask partition per archive file,
        ``map_partitions`` of the same kernel, no shuffle) on a ``dask.distributed`` cluster.
        The outputs are identical.
    scheduler : str or distributed.Client, optional
        With ``engine="dask"``: the scheduler address (``tcp://host:8786``) or a client; a local
        cluster is started (and stopped) when left out. Workers need tourneystats installed and
        read the archive files by path.
    force : bool
        Recompute every file, even those already complete.
    strict : bool
        Stop at the first bad event and raise :class:`RecomputeError`.
    progress : bool or None
        Show a progress bar (``tqdm.auto``: a widget in Jupyter); None shows it only on a
        terminal.

    Returns
    -------
    RecomputeReport
        Counts and the skipped events; ``report.ok`` is False when an event was skipped.

    Raises
    ------
    RecomputeError
        With `strict`, at the first bad event.
    ImportError
        With ``engine="dask"`` when dask is not installed (the message says how to install it).

    Examples
    --------
    >>> import tempfile
    >>> from tourneystats.synth import chess_swiss
    >>> root, out = tempfile.mkdtemp(), tempfile.mkdtemp()
    >>> results, _ = chess_swiss(3, 6, 4, seed=1)
    >>> _ = write_archive(results.assign(season=2024), root, family="chess")
    >>> report = recompute(root, out, config={"chess": {"tiebreaks": ["BH"]}}, progress=False)
    >>> report.ok, report.computed
    (True, 1)
    >>> got = read_archive(out, family="chess")
    >>> got.head(3)
       season   event  player  rank  PTS   BH
    0    2024  C00001       5     1  3.5  7.0
    1    2024  C00001       1     2  3.0  6.5
    2    2024  C00001       2     3  2.0  9.5
    >>> from tourneystats import chess
    >>> want = chess.standings(results, tiebreaks=["BH"])
    >>> cols = ["player", "rank", "PTS", "BH"]
    >>> bool((got[cols].to_numpy() == want[cols].to_numpy()).all())
    True
    """
    archive, out = Path(archive), Path(out)
    _check_folders(archive, out)
    if engine not in ("pandas", "dask"):
        raise ValueError(f"engine must be 'pandas' or 'dask', not {engine!r}")
    config = load_config(config)
    listing = archive_files(archive)
    items = []
    for row in listing.itertuples(index=False):
        path = archive / row.path
        stat = path.stat()
        items.append(
            _Item(
                row.family,
                row.path,
                str(path.resolve()),
                int(row.rows),
                stat.st_size,
                stat.st_mtime_ns,
                row.partition,
            )
        )
    specs = {f: _spec(f) for f in dict.fromkeys(i.family for i in items)}
    options = {}
    for f, spec in specs.items():
        _bind(spec, config.get(f, {}))  # fail fast on unknown families/modules/options
        options[f] = config.get(f, {})
    hashes = {f: _options_hash(o) for f, o in options.items()}

    out.mkdir(parents=True, exist_ok=True)
    _clean_temporaries(out)
    states = _read_states(out)
    current = {i.rel for i in items}
    removed = 0
    for rel, state in states.items():
        if rel not in current:  # its input is gone: remove our output and marker
            _remove_output(out, state)
            removed += 1
    states = {rel: s for rel, s in states.items() if rel in current}

    def complete(item: _Item) -> bool:
        s = states.get(item.rel)
        return (
            s is not None
            and s.get("input_size") == item.size
            and s.get("input_mtime_ns") == item.mtime_ns
            and s.get("options_hash") == hashes[item.family]
            and (s.get("output") is None or (out / s["output"]).is_file())
        )

    todo = [i for i in items if force or not complete(i)]
    reused = len(items) - len(todo)
    stopped = False
    first_bad: dict = {}  # the event that stopped a strict run
    rows_in = computed = 0

    bar = _progress_bar(progress, total=sum(i.rows for i in todo), unit="row", desc="recompute")

    def on_done(item: _Item, table: pd.DataFrame | None, errors: list[dict]) -> bool:
        """Record one computed file; return True to stop (strict)."""
        nonlocal stopped, rows_in, computed
        rows_in += item.rows
        computed += 1
        if strict and errors:
            # the file was not finished: report the event, write nothing, so a rerun redoes it
            states[item.rel] = {"input": item.rel, "rows_out": 0, "errors": errors[:1]}
            first_bad.update(errors[0], family=item.family)
            stopped = True
        else:
            states[item.rel] = _write_output(out, item, table, errors, options, hashes)
        bar.update(item.rows)
        return stopped

    try:
        with bar:
            if engine == "pandas":
                for item in todo:
                    frame = _read_part(item.path)
                    table, errors = compute_partition(
                        specs[item.family], frame, options[item.family], strict=strict
                    )
                    del frame
                    if on_done(item, table, errors):
                        break
            else:
                _run_dask(todo, specs, options, strict, scheduler, on_done)
    finally:
        report = _write_report(
            out, archive, items, states, engine, computed, reused, removed, rows_in, stopped
        )
    if stopped:
        bad = first_bad
        raise RecomputeError(
            f"stopped at the first bad event: {bad['family']} {bad['unit']}: {bad['error']}", report
        )
    return report


def _remove_output(out: Path, state: dict) -> None:
    if state.get("output"):
        target = out / state["output"]
        if _inside(target, out):
            target.unlink(missing_ok=True)
    marker = _state_path(out, state["input"])
    if _inside(marker, out):
        marker.unlink(missing_ok=True)


def _write_output(out, item, table, errors, options, hashes) -> dict:
    """Write one partition's standings and then its marker, both atomically."""
    target = out / item.rel
    marker = _state_path(out, item.rel)
    for path in (target, marker):
        if not _inside(path, out):
            raise ValueError(f"refusing to write {path} outside {out}")
    target.parent.mkdir(parents=True, exist_ok=True)
    marker.parent.mkdir(parents=True, exist_ok=True)
    rows_out = 0
    if table is not None:
        try:
            meta = _file_meta(item.path)
        except ValueError:  # a Parquet file not written by write_archive: values as strings
            cols = list(item.partition)
            meta = {
                "format": FORMAT_VERSION,
                "family": item.family,
                "partition_cols": cols,
                "partition_dtypes": {c: {"dtype": "str"} for c in cols},
                "unit": [],
            }
        meta = dict(
            meta,
            kind="standings",
            options=json.loads(json.dumps(options[item.family], default=str)),
            columns=meta["partition_cols"] + [str(c) for c in table.columns],
        )
        arrow = _with_meta(pa.Table.from_pandas(table, preserve_index=False), meta)
        _write_parquet(arrow, target)
        rows_out = len(table)
    else:
        target.unlink(missing_ok=True)
    state = {
        "input": item.rel,
        "family": item.family,
        "partition": item.partition,
        "input_size": item.size,
        "input_mtime_ns": item.mtime_ns,
        "options_hash": hashes[item.family],
        "rows_in": item.rows,
        "rows_out": rows_out,
        "output": item.rel if table is not None else None,
        "errors": errors,
    }
    text = json.dumps(state, ensure_ascii=False, indent=1, default=str)
    atomic_write(marker, lambda tmp: tmp.write_text(text, encoding="utf-8"))
    return state


ERROR_COLUMNS = ["family", "partition", "path", "unit", "type", "error"]


def _write_report(out, archive, items, states, engine, computed, reused, removed, rows_in, stopped):
    errors = []
    rows_out = 0
    for item in items:
        state = states.get(item.rel)
        if state is None:
            continue
        rows_out += state.get("rows_out", 0)
        for e in state.get("errors", []):
            errors.append(
                {
                    "family": item.family,
                    "partition": item.partition,
                    "path": item.rel,
                    "unit": e.get("unit", {}),
                    "type": e.get("type", ""),
                    "error": e.get("error", ""),
                }
            )
    missing = sum(1 for i in items if i.rel not in states)
    path = out / REPORT_NAME
    body = {
        "archive": str(archive),
        "engine": engine,
        "partitions": len(items),
        "computed": computed,
        "reused": reused,
        "removed": removed,
        "incomplete": missing,
        "rows_in": rows_in,
        "rows_out": rows_out,
        "stopped": stopped,
        "ok": not errors and not stopped and not missing,
        "errors": errors,
    }
    text = json.dumps(body, ensure_ascii=False, indent=1, default=str)
    atomic_write(path, lambda tmp: tmp.write_text(text, encoding="utf-8"))
    return RecomputeReport(
        partitions=len(items),
        computed=computed,
        reused=reused,
        removed=removed,
        rows_in=rows_in,
        rows_out=rows_out,
        errors=pd.DataFrame(errors, columns=ERROR_COLUMNS),
        report_path=path,
        stopped=stopped,
    )


def _run_dask(todo, specs, options, strict, scheduler, on_done) -> None:
    """The Dask engine: one dask.dataframe partition per archive file, no shuffle."""
    if not todo:
        return
    try:
        import dask
        import dask.dataframe as dd
        from distributed import Client, LocalCluster, as_completed
    except ImportError as exc:
        raise ImportError(DASK_HINT) from exc

    cluster = client = None
    if scheduler is None:
        with dask.config.set(LOCAL_CLUSTER_CONFIG):
            cluster = LocalCluster(processes=True, threads_per_worker=1, dashboard_address=":0")
        client = Client(cluster)
    elif isinstance(scheduler, str):
        client = Client(scheduler)
    else:
        client = scheduler
    owned = scheduler is None or isinstance(scheduler, str)
    try:
        # keep the pandas dtypes as they are (dask would turn strings into string[pyarrow])
        with dask.config.set({"dataframe.convert-string": False}):
            _dask_loop(dd, client, as_completed, todo, specs, options, strict, on_done)
    finally:
        if owned:
            client.close()
        if cluster is not None:
            cluster.close()


def _dask_loop(dd, client, as_completed, todo, specs, options, strict, on_done) -> None:
    """Build one dask.dataframe per family (a partition per archive file), compute, collect."""
    parts = []
    for family in dict.fromkeys(i.family for i in todo):
        items = [i for i in todo if i.family == family]
        meta = pq.read_schema(items[0].path).empty_table().to_pandas()
        frames = dd.from_map(_read_part, [i.path for i in items], meta=meta)
        results = frames.map_partitions(
            _dask_kernel,
            specs[family],
            options[family],
            strict,
            meta=pd.DataFrame(),
            enforce_metadata=False,
        )
        parts.extend(zip(items, results.to_delayed(), strict=True))
    futures = client.compute([d for _, d in parts])
    pending = {f.key: (item, f) for f, (item, _) in zip(futures, parts, strict=True)}
    stop = False
    completed = as_completed(futures)
    del futures, parts
    for future in completed:
        frame = future.result()
        item, _ = pending.pop(future.key)
        future.release()
        info = frame.attrs.get("tourneystats")
        if info is None:
            raise RuntimeError("dask returned a partition without its report")
        table = frame if info["computed"] else None
        if table is not None:
            table.attrs = {}
        del frame
        if on_done(item, table, info["errors"]):
            stop = True
            break
    if stop:
        client.cancel([f for _, f in pending.values()])


# --- importing a folder of source files ----------------------------------------------------------


@dataclass(frozen=True)
class ImportReport:
    """What :func:`import_folder` did.

    Attributes
    ----------
    files : pandas.DataFrame
        One row per source file: ``path``, ``family``, ``season``, ``rows``, ``status``
        (``imported``; ``ignored``: a table of no family, e.g. published standings; ``error``)
        and ``message``.
    written : pandas.DataFrame
        One row per partition written (see :func:`write_archive`).
    """

    files: pd.DataFrame
    written: pd.DataFrame

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
            f"{len(self.written)} partition(s)"
        ]
        for family, n in good.groupby("family", sort=True).size().items():
            lines.append(f"  {family}: {n} file(s)")
        ignored = self.files[self.files["status"] == "ignored"]
        if len(ignored):
            lines.append(
                f"{len(ignored)} table(s) ignored (not results): {', '.join(ignored['path'].head(limit))}"
            )
        if not self.ok:
            lines.append(f"{len(self.errors)} file(s) skipped:")
            for row in self.errors.head(limit).itertuples(index=False):
                lines.append(f"  {row.path}: {str(row.message).splitlines()[0]}")
            if len(self.errors) > limit:
                lines.append(f"  ... and {len(self.errors) - limit} more")
        return "\n".join(lines)


FILE_COLUMNS = ["path", "family", "season", "rows", "status", "message"]

#: column sets that identify a family in a CSV or Parquet file
_SIGNATURES = {
    "cards": [{"wins", "losses", "draws"}, {"game", "result"}],
    "chess": [{"colour", "kind"}],
    "bridge": [{"ns_pair", "ew_pair", "ns_score"}],
    "bridge_teams": [{"home_team", "visit_team", "ns_score"}],
    "league": [{"team", "target"}, {"tournament", "date", "player", "points"}],
}


def _table_family(frame: pd.DataFrame) -> str | None:
    cols = set(frame.columns)
    found = [f for f, sigs in _SIGNATURES.items() if any(s <= cols for s in sigs)]
    return found[0] if len(found) == 1 else None


def _sniff(path: Path) -> str | None:
    """The kind of a source file: 'table', 'trf', 'pbn', 'usebio' or None (not a results file)."""
    suffix = path.suffix.lower()
    if suffix in (".csv", ".parquet", ".pq"):
        return "table"
    if suffix == ".pbn":
        return "pbn"
    with open(path, "rb") as fh:
        head = fh.read(4096)
    if suffix == ".xml":
        return "usebio" if b"<USEBIO" in head.upper() else None
    from ..trf import TRF_SUFFIXES

    if suffix in TRF_SUFFIXES:
        text = head.decode("latin-1")
        return "trf" if re.search(r"^(001|012) ", text, re.MULTILINE) else None
    return None


def _load_source(path: Path, kind: str) -> tuple[str | None, pd.DataFrame]:
    """Read one source file with its family's reader: (family or None, results)."""
    if kind == "table":
        frame = read_table(path)
        family = _table_family(frame)
        if family == "league":  # read as the league family reads it: a league per file
            from .. import league

            frame = league.read_results(path)
        return family, frame
    if kind == "trf":
        from .. import trf

        data = trf.read_trf(path)
        return "chess", _chess_rows(data)
    if kind in ("pbn", "usebio"):
        from .. import pbn, usebio

        results = (pbn.read_pbn if kind == "pbn" else usebio.read_usebio)(path).results
        return _table_family(results) or "bridge", results
    raise ValueError(f"{path}: unknown source kind {kind!r}")


def _chess_rows(data) -> pd.DataFrame:
    """Chess results with what the standings need from the players and events tables.

    The archive holds one frame per family, so each row carries its player's ``rating`` (for
    ARO, TPR, ...), its event's start ``date`` (for the ``auto`` rule set) and ``type`` (TRF
    ``092``: round robins are told by it).
    """
    results = data.results
    if RATING not in results.columns and RATING in data.players.columns:
        ratings = data.players[[EVENT, PLAYER, RATING]].drop_duplicates([EVENT, PLAYER])
        results = results.merge(ratings, on=[EVENT, PLAYER], how="left", validate="many_to_one")
    for column in (DATE, TYPE):  # the start date for rules="auto", the type for round robins
        if column not in results.columns and column in data.events.columns:
            values = data.events[[EVENT, column]].drop_duplicates(EVENT)
            results = results.merge(values, on=EVENT, how="left", validate="many_to_one")
    return results


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


def _season_of(rel: Path, family_dirs: set[str]) -> str | None:
    parts = [p for p in rel.parts[:-1] if p not in family_dirs]
    return parts[0] if parts else None


def import_folder(
    src: str | os.PathLike,
    root: str | os.PathLike,
    *,
    season: str | None = None,
    mode: str = "replace",
    strict: bool = False,
    chunk_rows: int = CHUNK_ROWS,
    progress: bool | None = True,
) -> ImportReport:
    """Build (or extend) an archive from a folder of source files.

    Every file below `src` is read with its family's reader: CSV or Parquet tables (the family
    told by the columns: ``wins, losses, draws`` or ``game, result`` for cards, ``colour, kind``
    for chess, ``ns_pair, ew_pair, ns_score`` for bridge pairs, ``home_team, visit_team,
    ns_score`` for bridge teams, ``team, target`` or (final scores only) ``tournament, date,
    player, points`` for the league; a table of none of them, such as
    published standings, is ignored and listed), FIDE TRF (``.trf``, or ``.txt`` starting with TRF
    lines; each row gets its player's ``rating`` and its event's start ``date``), PBN (``.pbn``)
    and USEBIO (``.xml``). Other files are ignored. A file in a folder named after a family
    (``cards``, ``chess``, ``bridge``, ``league``) must hold that family's results. A league table
    is read with :func:`tourneystats.league.read_results`: without a ``league`` column, its rows
    are the league named after the file's stem (two files are two leagues, as for the CLI).

    The season of a file is its ``season`` column if it has one, else the first folder below
    `src` that is not a family name (``src/2023/club.trf`` or ``src/chess/2023/club.trf`` ->
    ``"2023"``), else `season`. Seasons are stored as strings.

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
        Season of the files that neither a column nor a folder places.
    mode : {"replace", "append", "error"}
        Passed to :func:`write_archive`: by default the seasons imported replace the archive's
        partitions of the same family and season.
    strict : bool
        Raise at the first file that cannot be imported.
    chunk_rows : int
        Passed to :func:`write_archive`.
    progress : bool or None
        Progress bar over the files (None: only on a terminal).

    Returns
    -------
    ImportReport
    """
    src, root = Path(src), Path(root)
    if not src.is_dir():
        raise FileNotFoundError(f"no source folder {src}")
    if os.path.realpath(root).startswith(os.path.realpath(src) + os.sep):
        raise ValueError(f"the archive {root} must not be inside the source folder {src}")
    paths = walk(src)

    # Sources are read into a hidden staging archive in batches of about `chunk_rows` rows, then
    # moved into `root` one season at a time: memory holds a batch or a season, never the whole
    # import, and the archive is not touched before every file has been read.
    staging = root / f".import-{uuid.uuid4().hex}"
    try:
        records = _stage_sources(src, paths, staging, season, strict, chunk_rows, progress)
        written = _move_staged(staging, root, mode, chunk_rows)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    files = pd.DataFrame(records, columns=FILE_COLUMNS)
    summary = (
        pd.concat(written, ignore_index=True)
        if written
        else pd.DataFrame(columns=["family", SEASON, "files", "rows"])
    )
    return ImportReport(files=files, written=summary)


#: TRF files of one folder read together by one :func:`tourneystats.trf.read_trf` call
_TRF_BATCH = 1000


def _trf_groups(paths: list[Path]) -> list[list[Path]]:
    """`paths` in order, in groups: runs of ``.trf`` files of one folder (at most _TRF_BATCH),
    read together, and every other file alone."""
    groups: list[list[Path]] = []
    for path in paths:
        last = groups[-1] if groups else None
        if (
            path.suffix.lower() == ".trf"
            and last
            and last[-1].suffix.lower() == ".trf"
            and last[-1].parent == path.parent
            and len(last) < _TRF_BATCH
        ):
            last.append(path)
        else:
            groups.append([path])
    return groups


class _Stager:
    """Admits the sources one file (or one batch of TRF files) at a time into the staging
    archive, in batches of about `chunk_rows` rows per family."""

    def __init__(self, src: Path, staging: Path, season: str | None, chunk_rows: int) -> None:
        self.src, self.staging, self.season, self.chunk_rows = src, staging, season, chunk_rows
        self.seen: dict[tuple[str, tuple], str] = {}  # (family, (season, *file key)) -> file
        self.batches: dict[str, list[pd.DataFrame]] = {}
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
            frame[SEASON] = frame[SEASON].astype(str)
        else:
            where = _season_of(rel, set(FAMILIES)) or self.season
            if where is None:
                raise ValidationError(
                    f"{rel}: cannot tell the season: add a season column, put the file in "
                    "a season folder, or pass season="
                )
            frame.insert(0, SEASON, str(where))
        key = [c for c in FAMILIES[family].file_key if c in frame.columns]
        if not key:
            return frame, []
        if one_season and len(key) == 1:  # the usual file: one season, events by name
            where = str(frame[SEASON].iloc[0]) if len(frame) else ""
            keys = [(where, e) for e in pd.unique(frame[key[0]])]
        else:
            keys = list(frame[[SEASON, *key]].drop_duplicates().itertuples(index=False, name=None))
        clash = [k for k in keys if (family, k) in self.seen]
        if clash:
            shown = ", ".join(f"{c}={v!r}" for c, v in zip(key, clash[0][1:]))
            raise ValidationError(
                f"{rel}: {shown} of season {clash[0][0]!r} is also in "
                f"{self.seen[(family, clash[0])]}"
            )
        return frame, keys

    def add(self, family: str, frame: pd.DataFrame, keys: list, owner) -> None:
        """Stage `frame`; `owner(key)` names the file of each of its keys."""
        for k in keys:
            self.seen[(family, k)] = owner(k)
        self.batches.setdefault(family, []).append(frame)
        self.batch_rows[family] = self.batch_rows.get(family, 0) + len(frame)
        if self.batch_rows[family] >= self.chunk_rows:
            self.flush(family, final=False)

    def flush(self, family: str, *, final: bool = True) -> None:
        """Write the family's batch to the staging archive. Not `final`: a batch of one season
        keeps its last, incomplete file's events for the next batch, so that the staged files
        are cut as one write of the whole season would cut them (about `chunk_rows` rows)."""
        parts = self.batches.pop(family, [])
        self.batch_rows.pop(family, None)
        if not parts:
            return
        frame = _concat(parts)
        unit = FAMILIES[family].unit_columns(frame.columns)
        if not final and unit and frame[SEASON].nunique() == 1:
            codes = frame.groupby(unit, observed=True, sort=False, dropna=False).ngroup()
            sizes = np.bincount(codes.to_numpy())
            chunk = (np.cumsum(sizes) - sizes) // self.chunk_rows  # as write_archive cuts
            tail = (chunk == chunk[-1])[codes.to_numpy()]
            if not tail.all():
                self.batches[family] = [frame[tail]]
                self.batch_rows[family] = int(tail.sum())
                frame = frame[~tail]
        # events never repeat across files (checked by place): appending is safe
        write_archive(frame, self.staging, family=family, chunk_rows=self.chunk_rows,
                      mode="append")  # fmt: skip

    def flush_all(self) -> None:
        for family in list(self.batches):
            self.flush(family)

    def one_file(self, path: Path, record: dict) -> bool:
        """Stage one file, filling in its report `record`; False when it is no results file."""
        kind = _sniff(path)
        if kind is None:
            return False
        rel = Path(record["path"])
        family, frame = _load_source(path, kind)
        if kind == "table" and family is None:  # e.g. published standings next to results
            record.update(status="ignored", message="not a results table of any family")
            return True
        record["family"] = family
        frame, keys = self.place(family, frame, rel)
        record.update(season=", ".join(sorted(frame[SEASON].unique())), rows=len(frame))
        self.add(family, frame, keys, lambda k: rel.as_posix())
        return True

    def trf_batch(self, paths: list[Path]) -> list[dict] | None:
        """Stage TRF files of one folder read together; None (nothing staged) when any of them
        fails, for the caller to take them one by one and report the bad one."""
        from .. import trf

        rels = [p.relative_to(self.src) for p in paths]
        try:
            frame = _chess_rows(trf.read_trf(paths))  # events named by the file stems
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


def _record(rel: Path) -> dict:
    return {"path": rel.as_posix(), "family": None, "season": None, "rows": 0,
            "status": "imported", "message": None}  # fmt: skip


def _stage_sources(
    src: Path,
    paths: list[Path],
    staging: Path,
    season: str | None,
    strict: bool,
    chunk_rows: int,
    progress: bool | None,
) -> list[dict]:
    """Read every source file into the `staging` archive; return one record per file."""
    stager = _Stager(src, staging, season, chunk_rows)
    records: list[dict] = []
    bar = _progress_bar(progress, total=len(paths), unit="file", desc="import")
    for group in _trf_groups(paths):
        done = stager.trf_batch(group) if len(group) > 1 else None
        for path in group if done is None else []:
            record = _record(path.relative_to(src))
            try:
                if not stager.one_file(path, record):
                    continue
            except (ValueError, OSError, ImportError) as exc:
                if strict:
                    raise
                record.update(status="error", message=f"{type(exc).__name__}: {exc}")
            records.append(record)
        records.extend(done or [])
        bar.update(len(group))
    bar.close()
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
            frame = read_archive(staging, family=family, season=value)
            written.append(write_archive(frame, root, family=family, chunk_rows=chunk_rows,
                                         mode=mode))  # fmt: skip
        return written
    moves = []
    for family, files in staged.groupby("family", sort=False):  # check all before any move
        layout = _existing_layout(staging / _component("family", family))
        folders = [Path(f) for f in dict.fromkeys(files["folder"])]
        targets = _check_targets(root, family, layout["partition_cols"],
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
