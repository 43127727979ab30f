"""Work over many files on all the cores of one machine, and the progress bars of long jobs.

:func:`map_files` runs a function on every item of a list in worker processes (a
:class:`concurrent.futures.ProcessPoolExecutor`, items sent in chunks) and yields the results in
the items' order, so that the outputs of any number of jobs are identical to one job's. One job
runs in this process, without workers. Beyond one machine, ``recompute`` runs on Dask.

A script that asks for more than one job must guard its work with
``if __name__ == "__main__":``: every worker imports the script as it starts, and without the
guard the import would start the work again (the workers die, and :class:`WorkerError` says so).
A script read from standard input (``python - <<EOF``) has no file the workers could import: its
maps run in this process, with the same outputs. The workers are forked from one server
process, started by the first map of more than one job: they keep the code
loaded then (a module edited since, with Jupyter's ``autoreload``, reaches them only after a
restart, or with ``jobs=1``).

No worker outlives the process that asked for the work, however it ends (an error, Ctrl-C, a
``SIGKILL`` from a job scheduler or the out-of-memory killer, which runs no clean-up): each
worker watches a pipe whose only write end that process holds and exits when it closes
(:func:`_tied`); the fork server, with no client left, then ends too, and so does the resource
tracker.

:func:`in_event_chunks` computes a large frame's events in runs of consecutive events on two
threads, the work of one table on both cores (NumPy and pandas leave Python's lock for most of
it) in less memory than one call.
"""

from __future__ import annotations

import collections
import itertools
import multiprocessing
import os
import sys
import threading
import warnings
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np
import pandas as pd

_T = TypeVar("_T")
_R = TypeVar("_R")

#: items at most sent to a worker at once (the chunks are smaller when there are few items)
MAX_CHUNK = 32


def cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it).

    Examples
    --------
    >>> cores() >= 1
    True
    """
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - macOS, Windows
        return os.cpu_count() or 1


def jobs_count(jobs: int | None, items: int) -> int:
    """The processes to run for `items` items: `jobs` (None or 0: all the cores), at most one per
    item, at least one.

    Examples
    --------
    >>> jobs_count(4, 2), jobs_count(1, 100), jobs_count(None, 0)
    (2, 1, 1)
    """
    wanted = cores() if not jobs else jobs
    if wanted < 0:
        raise ValueError(f"jobs must be 1 or more (or 0 for all the cores), not {jobs}")
    return max(1, min(wanted, items))


#: files smaller than this in all are read in one process when the jobs are left to the machine
#: (``jobs`` 0 or None): starting the workers takes about a second, more than they would save
#: (a season of a club's files; 32 MB is about 180 melee.gg JSON files)
SMALL_FOLDER = 32 << 20


def folder_jobs(jobs: int | None, files: Sequence[str | os.PathLike]) -> int | None:
    """`jobs` for reading `files`: as given when it is a number of processes, else (0 or None:
    all the cores) one process for files of less than :data:`SMALL_FOLDER` bytes in all.

    Examples
    --------
    >>> folder_jobs(2, [__file__]), folder_jobs(0, [__file__]), folder_jobs(None, [])
    (2, 1, 1)
    """
    if jobs:
        return jobs
    size = 0
    for path in files:
        size += os.path.getsize(path)
        if size >= SMALL_FOLDER:
            return jobs
    return 1


def chunk_size(items: int, jobs: int) -> int:
    """Items per chunk: about eight chunks per job (a slow file delays little), at most
    :data:`MAX_CHUNK`.

    Examples
    --------
    >>> chunk_size(17452, 2), chunk_size(10, 2), chunk_size(0, 1)
    (32, 1, 1)
    """
    return max(1, min(MAX_CHUNK, items // (8 * jobs)))


def in_event_chunks(
    frame: pd.DataFrame,
    codes: np.ndarray,
    compute: Callable[[pd.DataFrame], pd.DataFrame],
    rows: int,
) -> pd.DataFrame | None:
    """`compute` of runs of a frame's events, about `rows` rows each, on two threads, the
    tables joined in order.

    `codes` gives each row's event as its place in the order the table lists the events
    (0, 1, ...): each run holds consecutive events, so that the tables joined are the table of
    one call whenever `compute` computes each event apart. Only two runs are in memory at a
    time (their rows and their working arrays), so a big frame costs less memory than in one
    call. Rows in event order are sliced (no copy); others taken, in their order.

    Parameters
    ----------
    frame : pandas.DataFrame
        The rows.
    codes : numpy.ndarray
        Per row, its event's place in the table (non-negative integers).
    compute : callable
        The table of a frame (of some of the events).
    rows : int
        The rows of a run, about (an event is never split).

    Returns
    -------
    pandas.DataFrame or None
        The tables of the runs, concatenated (a fresh index); None when the machine has one
        core, the frame a single run, or a run fails (the caller then computes the whole frame
        in one call, which gives that call's error).

    Examples
    --------
    >>> import numpy as np, pandas as pd
    >>> frame = pd.DataFrame({"event": ["a", "a", "b", "c"], "x": [1, 2, 3, 4]})
    >>> total = lambda f: f.groupby("event", as_index=False)["x"].sum()
    >>> table = in_event_chunks(frame, np.array([0, 0, 1, 2]), total, rows=2)
    >>> table is None or table.equals(total(frame))
    True
    """
    if cores() < 2 or not len(codes):
        return None
    ascending = bool(np.all(codes[1:] >= codes[:-1]))  # (rows in event order, as most are)
    sizes = _counts(codes, ascending)
    run = (np.cumsum(sizes) - sizes) // max(rows, 1)  # per event: the run of its first row
    run = np.unique(run, return_inverse=True)[1].reshape(-1)  # numbered 0, 1, ...
    if run[-1] == 0:
        return None
    last = np.flatnonzero(np.diff(run, append=run[-1] + 1))  # per run: its last event
    ends = np.cumsum(sizes)[last]
    starts = np.concatenate([[0], ends[:-1]])
    order = None
    if not ascending:
        of_row = run[codes]
        if not np.all(of_row[1:] >= of_row[:-1]):
            order = np.argsort(of_row, kind="stable")
        del of_row

    def one(i: int) -> pd.DataFrame:
        a, b = int(starts[i]), int(ends[i])
        return compute(frame.iloc[a:b] if order is None else frame.take(order[a:b]))

    try:
        tables = on_threads(one, range(len(ends)))
    except Exception:
        return None
    return _joined(tables)


def _counts(codes: np.ndarray, ascending: bool) -> np.ndarray:
    """``np.bincount(codes)``; of codes in ascending order without a copy of them all (bincount
    copies small integers as 64-bit ones: at 9.2 million rows, 74 MB of new memory and 0.15 s).

    Examples
    --------
    >>> _counts(np.array([1, 1, 3], dtype=np.int16), ascending=True).tolist()
    [0, 2, 0, 1]
    """
    if not ascending:
        return np.bincount(codes)
    starts = np.searchsorted(codes, np.arange(int(codes[-1]) + 1, dtype=codes.dtype))
    return np.diff(starts, append=len(codes))


def _joined(tables: list[pd.DataFrame]) -> pd.DataFrame:
    """``pd.concat(tables, ignore_index=True)`` of fresh tables, column by column when they
    share their columns: each column of the tables let go once joined (`tables` is emptied), so
    that the tables and their join are not both whole in memory (the peak of a big table).

    Examples
    --------
    >>> parts = [pd.DataFrame({"a": [1], "b": ["x"]}), pd.DataFrame({"a": [2], "b": ["y"]})]
    >>> _joined(parts)
       a  b
    0  1  x
    1  2  y
    """
    columns = tables[0].columns
    if (
        not len(columns)
        or not columns.is_unique
        or any(not t.columns.equals(columns) or t.attrs for t in tables)
    ):
        return pd.concat(tables, ignore_index=True)
    from .io import return_free_memory

    parts = [{name: t[name] for name in columns} for t in tables]
    tables.clear()  # (the columns are held by `parts` alone)
    joined = {}
    for name in columns:
        joined[name] = _joined_column([p.pop(name) for p in parts])
        return_free_memory()  # (the threads' memory, which this thread does not reuse)
    return pd.DataFrame(joined, columns=columns, copy=False)


def _joined_column(parts: list[pd.Series]) -> Any:
    """The values of `parts` one after the other: NumPy arrays or categoricals of one dtype
    joined as arrays (as ``pd.concat`` joins them, without an index for each part); else by
    ``pd.concat``."""
    dtype = parts[0].dtype
    if not all(_same_dtype(p.dtype, dtype) for p in parts):
        return pd.concat(parts, ignore_index=True)
    if isinstance(dtype, np.dtype):
        return np.concatenate([p.to_numpy() for p in parts])
    if isinstance(dtype, pd.CategoricalDtype):
        codes = np.concatenate([p.cat.codes.to_numpy() for p in parts])
        return pd.Categorical.from_codes(codes, dtype=dtype, validate=False)
    return pd.concat(parts, ignore_index=True)


def _same_dtype(a: Any, b: Any) -> bool:
    """Whether two dtypes are the same, categories in the same order (``==`` ignores the order
    of unordered categories)."""
    if a is b:
        return True
    if isinstance(a, pd.CategoricalDtype) and isinstance(b, pd.CategoricalDtype):
        return a.ordered == b.ordered and a.categories.equals(b.categories)
    return bool(a == b)


def on_threads(func: Callable[[_T], _R], items: Iterable[_T], threads: int = 2) -> list[_R]:
    """``[func(x) for x in items]`` on `threads` threads (for work that leaves Python's lock,
    as NumPy's and pandas' mostly does): the results in order; the first item in order that
    fails raises its error, and the items not started then are not computed.

    Examples
    --------
    >>> on_threads(lambda x: x * x, range(5))
    [0, 1, 4, 9, 16]
    """
    pool = ThreadPoolExecutor(threads)
    try:
        return list(pool.map(func, items))
    finally:
        pool.shutdown(cancel_futures=True)


def show_progress(progress: bool | None) -> bool:
    """Whether to draw a progress bar: `progress` if given; by default (None) only when standard
    output and standard error are a terminal (not a file, not a pipe to ``less``), and not in
    continuous integration (``CI`` set).

    Examples
    --------
    >>> show_progress(False), show_progress(True)
    (False, True)
    """
    if progress is not None:
        return progress
    terminal = all(getattr(f, "isatty", lambda: False)() for f in (sys.stdout, sys.stderr))
    return terminal and not os.environ.get("CI")


class _NoBar:
    """What :func:`progress_bar` gives when no bar is drawn (tqdm not imported)."""

    def __init__(self, iterable: Iterable[Any] | None = None) -> None:
        self.iterable = iterable

    def __iter__(self) -> Iterator[Any]:
        return iter(self.iterable or ())

    def __enter__(self) -> _NoBar:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def update(self, n: float = 1) -> None:
        return None

    def close(self) -> None:
        return None


def progress_bar(progress: bool | None, total: int | None = None, **kwargs: Any) -> Any:
    """A tqdm bar on standard error (a widget in Jupyter), drawn as :func:`show_progress` says
    (when none is, tqdm is not even imported: a command's start-up stays light).

    Examples
    --------
    >>> with progress_bar(False, total=3) as bar:
    ...     bar.update(3)
    """
    if not show_progress(progress):
        return _NoBar(kwargs.get("iterable"))
    from tqdm.auto import tqdm

    return tqdm(
        total=total,
        disable=not show_progress(progress),
        file=sys.stderr,
        unit_scale=True,
        **kwargs,
    )


class WorkerError(RuntimeError):
    """A worker process of :func:`map_files` died before it gave its results."""


#: what :class:`WorkerError` says
WORKER_DIED = (
    "a worker process died before it gave its results. Likely causes: the script that asked "
    "for several jobs does not guard its work with 'if __name__ == \"__main__\":' (every worker "
    "imports the script, and so starts the work again); the script cannot be imported by the "
    "workers (read from standard input, or moved since it started); or the system killed a worker "
    "(out of memory). Rerun with jobs=1 (--jobs 1: one process) to see the underlying error."
)


def _main_importable() -> bool:
    """Whether the workers can import the main script: it has no file (``python -c``, an
    interactive session, Jupyter: nothing to import) or its file exists. A script read from
    standard input has the file name ``<stdin>``, which every worker would fail to open."""
    path = getattr(sys.modules.get("__main__"), "__file__", None)
    if path is None:
        return True
    if not os.path.isabs(path):  # where the workers look: the start directory
        path = os.path.join(getattr(multiprocessing.process, "ORIGINAL_DIR", None) or "", path)
    return os.path.isfile(path)


def _module_of(func: Callable) -> str | None:
    """The module of a package function `func` (through :func:`functools.partial`), else None."""
    while hasattr(func, "func"):  # a functools.partial
        func = func.func
    name = getattr(func, "__module__", None)
    return name if isinstance(name, str) and name.startswith("tourneystats.") else None


def _context(module: str | None = None) -> Any:
    """Worker processes started by a fork server (a clean process, no inherited threads) where
    the system has one, else the platform's default.

    The fork server imports ``tourneystats`` (and pandas) once, and the package's `module`
    (the mapped function's: a family's readers): every worker it forks, for this map and the
    next, starts with them. The fork server is one per process and starts with the first map;
    hence:

    - its preload list is the whole process's (:func:`multiprocessing.set_forkserver_preload`):
      ``tourneystats`` is added to the modules already there (read from the standard library's
      fork server, which has no public reader; ``__main__``, its default, is left out, as a
      script without the ``__main__`` guard would start its work again in the fork server);
    - once the fork server runs, a new preload list is not read (Python ignores it): modules
      preloaded later come only from the workers' own imports;
    - the workers keep the code that was loaded when the fork server started: a module edited
      since (Jupyter's ``autoreload``, say) is seen by the workers only after a restart of the
      kernel, or with ``jobs=1``.
    """
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" not in methods:  # pragma: no cover - Windows, macOS without it
        return multiprocessing.get_context(None)
    context = multiprocessing.get_context("forkserver")
    from multiprocessing import forkserver

    earlier = getattr(getattr(forkserver, "_forkserver", None), "_preload_modules", None) or []
    preload = [name for name in earlier if name != "__main__"]
    for name in ("tourneystats", module):
        if name is not None and name not in preload:
            preload.append(name)
    context.set_forkserver_preload(preload)
    return context


def map_files(
    func: Callable[[_T], _R],
    items: Sequence[_T],
    *,
    jobs: int | None = None,
    progress: bool | None = False,
    desc: str | None = None,
    weights: Iterable[int] | None = None,
    chunk: int | None = None,
) -> Generator[_R, None, None]:
    """``func(item)`` for every item, in worker processes, yielded in the items' order.

    Parameters
    ----------
    func : callable
        A function a worker can import (defined at the top of a module, or a
        :func:`functools.partial` of one); it should catch what it expects to fail, as an
        exception it raises stops the whole map.
    items : sequence
        Its inputs (paths, usually), sent to the workers in chunks (:func:`chunk_size`).
    jobs : int, optional
        Processes to use; None or 0: all the cores (:func:`cores`); 1: this process alone (also
        when the main script cannot be imported by workers: read from standard input). A script
        using more than one needs the ``if __name__ == "__main__":`` guard.
    progress : bool or None
        A progress bar over the items (None: only on a terminal, :func:`show_progress`).
    desc : str, optional
        The bar's label.
    weights : iterable of int, optional
        What each item adds to the bar (rows, say); 1 each by default.
    chunk : int, optional
        Items sent to a worker at once (by default :func:`chunk_size`; 1 for items that are
        batches already). A few chunks per worker are sent ahead of the results awaited, not
        all: memory holds a few chunks' results, however slowly they are taken.

    Yields
    ------
    object
        ``func(item)``, in the order of `items`.

    Raises
    ------
    WorkerError
        A worker died (:data:`WORKER_DIED` names the likely causes); rerun with ``jobs=1``.

    Examples
    --------
    >>> list(map_files(abs, [-2, 1, -3], jobs=1))
    [2, 1, 3]
    """
    n = jobs_count(jobs, len(items)) if _main_importable() else 1
    steps = list(weights) if weights is not None else [1] * len(items)
    with progress_bar(progress, total=sum(steps), desc=desc) as bar:
        if n == 1:
            for item, step in zip(items, steps, strict=True):
                yield func(item)
                bar.update(step)
            return
        pool, lifeline = _pool(n, _context(_module_of(func)))
        # a generator dropped with an error may be closed later by the garbage collector in
        # another thread, the pool's own among them, which cannot wait for itself
        owner, wait = threading.current_thread(), True
        try:
            results = _in_order(pool, func, items, chunk or chunk_size(len(items), n), n)
            for result, step in zip(results, steps, strict=True):
                yield result
                bar.update(step)
        except BrokenProcessPool as exc:
            raise WorkerError(WORKER_DIED) from exc
        except KeyboardInterrupt:  # ^C: the chunks under way are not waited for
            wait = False
            raise
        finally:  # a consumer that stops early (an error, a strict run) leaves the rest undone
            pool.shutdown(wait=wait and threading.current_thread() is owner, cancel_futures=True)
            lifeline.close()  # (workers still at a chunk, not waited for, stop now)


#: chunks sent to the workers ahead of the one whose results are awaited, per worker
AHEAD = 2


def _in_order(
    pool: ProcessPoolExecutor, func: Callable[[_T], _R], items: Sequence[_T], chunk: int, jobs: int
) -> Iterator[_R]:
    """``func`` of the items on the pool's workers, in chunks of `chunk` items, yielded in
    order; at most :data:`AHEAD` chunks per worker are sent ahead of the one awaited, so that
    results a slow consumer has not taken yet do not pile up in memory (``Executor.map`` sends
    every chunk at once)."""
    chunks = (items[i : i + chunk] for i in range(0, len(items), chunk))
    pending: collections.deque = collections.deque()
    for part in itertools.islice(chunks, AHEAD * jobs):
        pending.append(pool.submit(_chunk_of, func, part))
    while pending:
        done = pending.popleft().result()
        for part in itertools.islice(chunks, 1):
            pending.append(pool.submit(_chunk_of, func, part))
        yield from done


def _chunk_of(func: Callable[[_T], _R], items: Sequence[_T]) -> list[_R]:
    """``[func(x) for x in items]`` (a worker's chunk)."""
    return [func(x) for x in items]


def _pool(jobs: int, context: Any) -> tuple[ProcessPoolExecutor, Any]:
    """A pool of `jobs` worker processes tied to this process, and the tie (the write end of a
    pipe only this process holds: closing it, or this process's end however it comes, a
    ``SIGKILL`` included, ends the workers; see :func:`_tied`)."""
    reader, writer = context.Pipe(duplex=False)  # (the workers get a copy of the reader)
    lifeline = _Lifeline(writer, reader)
    try:
        pool = ProcessPoolExecutor(
            max_workers=jobs, mp_context=context, initializer=_tied, initargs=(reader,)
        )
    except BaseException:
        lifeline.close()
        raise
    return pool, lifeline


class _Lifeline:
    """The ends of a pool's lifeline pipe held here (the reader too: a worker started later
    gets a copy of it)."""

    def __init__(self, writer: Any, reader: Any) -> None:
        self.writer, self.reader = writer, reader

    def close(self) -> None:
        self.writer.close()
        self.reader.close()


#: ``prctl`` option asking for a signal when the parent process ends (Linux, <sys/prctl.h>)
PR_SET_PDEATHSIG = 1


def _tied(lifeline: Any) -> None:
    """Initialise a worker: end it when the process that asked for the work ends, however it
    ends (a ``SIGKILL`` runs no clean-up: without this, the workers, waiting on their queue,
    and the fork server that they keep open, would run on and hold their memory).

    A thread waits on the lifeline's read end: its only write end is in the parent, so the
    read ends (end of file) exactly when the parent is gone, and the worker exits at once
    (portable: any system, any start method that does not fork the parent). On Linux the
    worker also asks the kernel for a ``SIGKILL`` when the process that forked it (the fork
    server) ends (``prctl(PR_SET_PDEATHSIG)``). The fork server, with no client left, then
    ends by itself, and so does the resource tracker.
    """
    if sys.platform.startswith("linux"):
        import ctypes
        import signal

        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):  # pragma: no cover - no C library to ask: the thread
            pass
    threading.Thread(target=_die_with, args=(lifeline,), daemon=True).start()


def _die_with(lifeline: Any) -> None:
    """Wait until the parent's end of the lifeline closes, then end this worker."""
    try:
        while True:
            lifeline.recv_bytes()  # (nothing is ever sent: only the end of file comes)
    except (EOFError, OSError):
        os._exit(1)


@dataclass(frozen=True)
class _Warned:
    """``func(item)`` and the warnings it gave, as (message, category) pairs (picklable)."""

    func: Callable[[Any], Any]

    def __call__(self, item: Any) -> tuple[Any, list[tuple[str, type[Warning]]]]:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            result = self.func(item)
        return result, [(str(w.message), w.category) for w in caught]


def map_warned(
    func: Callable[[_T], _R], items: Sequence[_T], *, jobs: int | None = 1, stacklevel: int = 3
) -> Generator[_R, None, None]:
    """:func:`map_files` of `func`, each item's warnings given again here, in the items' order
    (a worker's warnings are not shown), before its result: the warnings, like the results, do
    not depend on `jobs`.

    Examples
    --------
    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     out = list(map_warned(warnings.warn, ["a", "b"], jobs=1))
    >>> out, [str(w.message) for w in caught]
    ([None, None], ['a', 'b'])
    """
    for result, caught in map_files(_Warned(func), items, jobs=jobs):
        for message, category in caught:
            warnings.warn(message, category, stacklevel=stacklevel)
        yield result
