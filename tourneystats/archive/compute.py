"""Recomputing every standing of an archive, one archive file at a time, with pandas or Dask.

Each archive file holds whole events, so it is computed on its own by its family's kernel
(:func:`compute_partition` skips the events that fail) and written to the same relative path in
the output folder, then marked complete in ``OUT/_state/``: a rerun computes only what is missing
or changed. The Dask engine runs the same kernel, one Dask partition per archive file.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from ..core.io import atomic_write
from ..core.parallel import map_warned
from ..core.schema import ValidationError
from .config import _bind, load_config
from .dataset import (
    FORMAT_VERSION,
    _file_meta,
    _inside,
    _jsonable,
    _with_meta,
    _write_parquet,
    part_files,
    part_rows,
)
from .families import FamilySpec, _spec
from .progress import _progress_bar

__all__ = ["RecomputeError", "RecomputeReport", "compute_partition", "recompute"]

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


# --- one archive file: its standings, bad events skipped -----------------------------------------


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
    >>> from tourneystats.archive import FAMILIES
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
    try:
        return pq.read_table(path).to_pandas()
    except (pa.ArrowException, OSError) as exc:
        raise ValidationError(f"{path}: not a readable Parquet file ({exc})") from None


def _dask_kernel(
    frame: pd.DataFrame, spec: FamilySpec, options: dict, strict: bool
) -> pd.DataFrame:
    """``map_partitions`` body: the pure kernel, its skipped events carried in ``attrs``."""
    table, errors = compute_partition(spec, frame, options, strict=strict)
    out = table if table is not None else pd.DataFrame()
    out.attrs = {"tourneystats": {"errors": errors, "computed": table is not None}}
    return out


# --- what a run did ------------------------------------------------------------------------------


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
            f"{self.partitions} archive file(s): {self.computed} computed, {self.reused} already "
            f"complete, {self.removed} stale output(s) removed; {self.rows_in:,} rows read, "
            f"{self.rows_out:,} standings rows in the output",
        ]
        if self.stopped:
            lines.append("stopped at the first bad event (--strict)")
        if not self.errors.empty:
            lines.append(
                f"{len(self.errors)} bad event(s) skipped (details in {self.report_path}):"
            )
            row: Any  # the named tuple of a row of ERROR_COLUMNS
            for row in self.errors.head(limit).itertuples(index=False):
                where = ", ".join(f"{k}={v}" for k, v in {**row.partition, **row.unit}.items())
                first = str(row.error).splitlines()[0] if row.error else row.type
                plain = row.type in ("ValidationError", "ValueError") or not row.error
                lines.append(f"  {row.family}: {where}: {'' if plain else row.type + ': '}{first}")
            if len(self.errors) > limit:
                lines.append(f"  ... and {len(self.errors) - limit} more")
        return "\n".join(lines)


ERROR_COLUMNS = ["family", "partition", "path", "unit", "type", "error"]


# --- recompute -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Item:
    family: str
    rel: str
    path: str
    rows: int
    size: int
    mtime_ns: int
    partition: dict
    error: str | None = None  #: why the file cannot be read (it is then listed, not computed)


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
    jobs: int | None = 1,
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
    jobs : int, optional
        With ``engine="pandas"``: processes computing the archive files (None or 0: all the
        cores); the outputs are identical to one process's.

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
    >>> from tourneystats import recompute
    >>> import tempfile
    >>> from tourneystats.archive import read_archive, write_archive
    >>> from tourneystats.synth import chess_swiss
    >>> root, out = tempfile.mkdtemp(), tempfile.mkdtemp()
    >>> results, _ = chess_swiss(3, 6, 4, seed=1)
    >>> _ = write_archive(results.assign(season=2024), root, family="chess")
    >>> report = recompute(root, out, config={"chess": {"tiebreaks": ["BH"]}}, progress=False)
    >>> report.ok, report.computed
    (True, 1)
    >>> got = read_archive(out, family="chess")
    >>> got.head(3)
       season   event  player  rank  PTS   BH decided_by
    0    2024  C00001       5     1  3.5  7.0        PTS
    1    2024  C00001       1     2  3.0  6.5        PTS
    2    2024  C00001       2     3  2.0  9.5         BH
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
    items = _list_items(archive)
    if not items and not any(archive.glob("family=*")):
        above = " (give the folder above it)" if archive.name.startswith("family=") else ""
        raise ValueError(
            f"{archive}: not an archive: it has no family=... folder{above}; "
            "tourneystats import (archive.import_folder) builds one"
        )
    specs, options, hashes = _family_options(items, config)
    states, removed = _prior_states(out, items)
    todo = [
        i
        for i in items
        if i.error is None and (force or not _complete(states.get(i.rel), i, hashes, out))
    ]
    for item in items:  # listed in the report, never marked complete: a rerun tries them again
        if item.error is not None:
            states[item.rel] = {
                "input": item.rel,
                "rows_out": 0,
                "errors": _unreadable(item, item.error),
            }
    reused = sum(1 for i in items if i.error is None) - len(todo)
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
                _run_pandas(todo, specs, options, strict, on_done, jobs)
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


def _check_folders(archive: Path, out: Path) -> None:
    if not archive.is_dir():
        raise FileNotFoundError(f"no archive folder {archive}")
    a, o = os.path.realpath(archive), os.path.realpath(out)
    if a == o or o.startswith(a + os.sep) or a.startswith(o + os.sep):
        raise ValueError(
            f"the output folder {out} must be outside the archive {archive} (and not contain it)"
        )


def _list_items(archive: Path) -> list[_Item]:
    """The archive's files, with what tells whether their output is still complete (and why a
    file cannot be read)."""
    items = []
    for family, partition, rel in part_files(archive):
        path = archive / rel
        stat = path.stat()
        try:
            rows, error = part_rows(path), None
        except ValidationError as exc:
            rows, error = 0, str(exc)
        items.append(
            _Item(
                family,
                rel,
                str(path.resolve()),
                rows,
                stat.st_size,
                stat.st_mtime_ns,
                partition,
                error,
            )
        )
    return items


def _unreadable(item: _Item, error: str) -> list[dict]:
    """The error entry of an archive file that cannot be read."""
    return [{"unit": {}, "type": "ValidationError", "error": error}]


def _family_options(items: list[_Item], config: Mapping[str, dict]) -> tuple[dict, dict, dict]:
    """The spec, options and options hash of every family in `items`, the options checked
    against the kernel before any work (unknown families, modules or options fail fast)."""
    specs = {f: _spec(f) for f in dict.fromkeys(i.family for i in items)}
    for f in config:  # (a family the archive does not hold: its options' names checked too)
        if f not in specs:
            _bind(_spec(f), config[f])
    options = {}
    for f, spec in specs.items():
        _bind(spec, config.get(f, {}))
        options[f] = config.get(f, {})
        first = next((i for i in items if i.family == f and i.error is None), None)
        if options[f] and first is not None:
            _try_first_event(spec, first, options[f])
    hashes = {f: _options_hash(o) for f, o in options.items()}
    return specs, options, hashes


def _try_first_event(spec: FamilySpec, item: _Item, options: Mapping[str, Any]) -> None:
    """Refuse `options` that fail on the family's first event when its defaults compute it (a
    rule set's or tie-break's name mistyped): before any output is written over."""
    frame = _read_part(item.path)
    cols = spec.unit_columns(frame.columns)
    if cols and len(frame):
        frame = frame[(frame[cols] == frame[cols].iloc[0]).all(axis=1)]
    _, errors = compute_partition(spec, frame, options, strict=True)
    if errors and not compute_partition(spec, frame, {}, strict=True)[1]:
        unit = ", ".join(f"{k} {v}" for k, v in errors[0]["unit"].items()) or "its first rows"
        raise ValueError(
            f"config: {spec.name}: {errors[0]['error']} (the options fail on {unit} of "
            f"{item.rel}, which the defaults compute; nothing was computed or removed)"
        )


def _options_hash(options: Mapping[str, Any]) -> str:
    text = json.dumps(options, sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _prior_states(out: Path, items: list[_Item]) -> tuple[dict[str, dict], int]:
    """The completion markers of an earlier run for the archive's current files, and the number
    of outputs removed because their input is gone; an interrupted run's debris is removed."""
    out.mkdir(parents=True, exist_ok=True)
    _clean_temporaries(out)
    states = _read_states(out)
    current = {i.rel for i in items}
    removed = 0
    for rel, state in states.items():
        if rel not in current:  # its input is gone: remove our output and marker
            _remove_output(out, state)
            removed += 1
    return {rel: s for rel, s in states.items() if rel in current}, removed


def _clean_temporaries(out: Path) -> None:
    """Remove temporary files an interrupted run left (``.NAME.XXXX.tmp``)."""
    for top, dirs, files in os.walk(out):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for f in files:
            if f.startswith(".") and f.endswith(".tmp"):
                (Path(top) / f).unlink(missing_ok=True)


def _read_states(out: Path) -> dict[str, dict]:
    states: dict[str, dict] = {}
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


def _state_path(out: Path, rel: str) -> Path:
    return out / STATE_DIR / (rel + ".json")


def _remove_output(out: Path, state: dict) -> None:
    if state.get("output"):
        target = out / state["output"]
        if _inside(target, out):
            target.unlink(missing_ok=True)
    marker = _state_path(out, state["input"])
    if _inside(marker, out):
        marker.unlink(missing_ok=True)


def _complete(state: dict | None, item: _Item, hashes: Mapping[str, str], out: Path) -> bool:
    """Whether `state` marks the output of `item` complete for its current input and options."""
    return (
        state is not None
        and state.get("input_size") == item.size
        and state.get("input_mtime_ns") == item.mtime_ns
        and state.get("options_hash") == hashes[item.family]
        and (state.get("output") is None or (out / state["output"]).is_file())
    )


# --- the engines ---------------------------------------------------------------------------------

#: ``on_done(item, table, errors)``: record one computed file; True to stop
_OnDone = Callable[[_Item, pd.DataFrame | None, list[dict]], bool]


@dataclass(frozen=True)
class _Compute:
    """One archive file's standings (in a worker): its table and skipped events."""

    specs: dict[str, FamilySpec]
    options: dict[str, dict]
    strict: bool

    def __call__(self, item: _Item) -> tuple[pd.DataFrame | None, list[dict]]:
        try:
            frame = _read_part(item.path)
        except ValidationError as exc:
            return None, _unreadable(item, str(exc))
        return compute_partition(
            self.specs[item.family], frame, self.options[item.family], strict=self.strict
        )


def _run_pandas(
    todo: list[_Item],
    specs: dict[str, FamilySpec],
    options: dict[str, dict],
    strict: bool,
    on_done: _OnDone,
    jobs: int | None = 1,
) -> None:
    """The pandas engine: one archive file at a time, on `jobs` processes (1: this one), the
    files recorded in their order; on several processes, the largest files first (the
    processes end together: a large file last would leave one process working alone), but a
    strict run in the files' order (it stops at the first bad event in that order)."""
    work = _Compute(specs, options, strict)
    if not strict and jobs != 1:
        todo = sorted(todo, key=lambda item: -item.rows)  # (stable: equal sizes in order)
    # (a worker's warnings given again here, as this process gives its own: one form for any jobs)
    done = map_warned(work, todo, jobs=jobs, stacklevel=4)
    for item, (table, errors) in zip(todo, done, strict=False):
        if on_done(item, table, errors):
            break


def _run_dask(
    todo: list[_Item],
    specs: dict[str, FamilySpec],
    options: dict[str, dict],
    strict: bool,
    scheduler: Any,
    on_done: _OnDone,
) -> None:
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


def _dask_loop(
    dd: Any,
    client: Any,
    as_completed: Any,
    todo: list[_Item],
    specs: dict[str, FamilySpec],
    options: dict[str, dict],
    strict: bool,
    on_done: _OnDone,
) -> None:
    """Build one dask.dataframe per family (a partition per archive file), compute, collect."""
    parts: list[Any] = []
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
        item, _ = pending.pop(future.key)
        try:
            frame = future.result()
        except ValidationError as exc:  # an archive file that cannot be read
            future.release()
            if on_done(item, None, _unreadable(item, str(exc))):
                stop = True
                break
            continue
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


# --- outputs, markers and the report -------------------------------------------------------------


def _write_output(
    out: Path,
    item: _Item,
    table: pd.DataFrame | None,
    errors: list[dict],
    options: Mapping[str, dict],
    hashes: Mapping[str, str],
) -> dict:
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
        meta: dict[str, Any]
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


def _write_report(
    out: Path,
    archive: Path,
    items: list[_Item],
    states: dict[str, dict],
    engine: str,
    computed: int,
    reused: int,
    removed: int,
    rows_in: int,
    stopped: bool,
) -> RecomputeReport:
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
