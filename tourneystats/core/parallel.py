"""Work over many files on all the cores of one machine, and the progress bars of long jobs.

:func:`map_files` runs a function on every item of a list in worker processes (a
:class:`concurrent.futures.ProcessPoolExecutor`, items sent in chunks) and yields the results in
the items' order, so that the outputs of any number of jobs are identical to one job's. One job
runs in this process, without workers. Beyond one machine, ``recompute`` runs on Dask.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
import warnings
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

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


def _context() -> Any:
    """Worker processes started by a fork server (a clean process, no inherited threads) where
    the system has one, else the platform's default. The fork server imports the package (and
    pandas) once: every worker it forks, for this map and the next, starts with them."""
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" not in methods:  # pragma: no cover - Windows, macOS without it
        return multiprocessing.get_context(None)
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["tourneystats"])
    return context


def map_files(
    func: Callable[[_T], _R],
    items: Sequence[_T],
    *,
    jobs: int | None = None,
    progress: bool | None = False,
    desc: str | None = None,
    weights: Iterable[int] | None = None,
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
        Processes to use; None or 0: all the cores (:func:`cores`); 1: this process alone.
    progress : bool or None
        A progress bar over the items (None: only on a terminal, :func:`show_progress`).
    desc : str, optional
        The bar's label.
    weights : iterable of int, optional
        What each item adds to the bar (rows, say); 1 each by default.

    Yields
    ------
    object
        ``func(item)``, in the order of `items`.

    Examples
    --------
    >>> list(map_files(abs, [-2, 1, -3], jobs=1))
    [2, 1, 3]
    """
    n = jobs_count(jobs, len(items))
    steps = list(weights) if weights is not None else [1] * len(items)
    with progress_bar(progress, total=sum(steps), desc=desc) as bar:
        if n == 1:
            for item, step in zip(items, steps, strict=True):
                yield func(item)
                bar.update(step)
            return
        pool = ProcessPoolExecutor(max_workers=n, mp_context=_context())
        owner = threading.current_thread()
        try:
            results = pool.map(func, items, chunksize=chunk_size(len(items), n))
            for result, step in zip(results, steps, strict=True):
                yield result
                bar.update(step)
        finally:  # a consumer that stops early (an error, a strict run) leaves the rest undone
            # (a generator dropped with an error may be closed later by the garbage collector
            # in another thread, the pool's own among them, which cannot wait for itself)
            pool.shutdown(wait=threading.current_thread() is owner, cancel_futures=True)


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
) -> Iterator[_R]:
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
