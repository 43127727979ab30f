"""The TRF and PGN files of a folder read on several processes (``jobs=`` of the readers).

One process reads a folder's files together, in one vectorised pass. On ``jobs`` processes the
files are cut into runs of consecutive files of about equal size (:data:`RUNS_PER_JOB` per
process, so that a slow run delays little), each run read in a worker as one process reads it,
and the runs' results put back together in the files' order:

- TRF files (one event each): every run's frames have the categories of its own events; they
  are re-coded into the categories of the whole folder (the events in file order) and
  concatenated. The frames are those of one process: the same rows in the same order, the same
  dtypes and categories.
- PGN files (an event may span files, and its games are only known once all are read): the
  workers scan the tag lines (:func:`tourneystats.chess.pgnlines.read_files`, the bulk of the
  work) and give back each file's games and the run's vocabulary of tag values; the
  vocabularies are joined in order and numbered once, here: values of the same bytes get one
  number, as in one process (the numbers may come in another order, which nothing reads: events
  and players are numbered in order of appearance, start ranks by rating, name and FIDE id);
  the events, players and results are then made here from all the games.

An error of a worker names the file and line, as in one process. When several files of a folder
hold errors, the one named may depend on the number of jobs (one process checks each step on
all files before the next step; a worker checks its run).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from ..core.parallel import folder_jobs, jobs_count, map_warned
from ..core.schema import EVENT
from .pgnlines import FileGames, Vocab, read_files

if TYPE_CHECKING:
    from .trf import TrfData

#: runs of files per process (more runs balance the work better, each costs a little)
RUNS_PER_JOB = 4


def file_runs(files: Sequence[Path], runs: int) -> list[list[Path]]:
    """`files` cut into at most `runs` runs of consecutive files, of about equal bytes
    (:func:`run_ends`).

    Examples
    --------
    >>> [len(run) for run in file_runs([Path(__file__)] * 10, 4)]
    [3, 2, 3, 2]
    """
    sizes = [os.path.getsize(p) for p in files] if runs > 1 else [0] * len(files)
    ends = run_ends(sizes, runs)
    return [list(files[a:b]) for a, b in zip([0, *ends[:-1]], ends, strict=True)]


def run_ends(sizes: Sequence[int], runs: int) -> list[int]:
    """Where each run of consecutive items of `sizes` ends (the index after its last item): at
    most `runs` runs, none empty; a run ends at the first item reaching its share of the total
    (an item counts one byte more than its size), so that no run is more than its share and
    one item.

    Examples
    --------
    >>> run_ends([10, 10, 10, 10], 2), run_ends([100, 1, 1, 1], 3), run_ends([5], 4)
    ([2, 4], [1, 4], [1])
    """
    if runs <= 1 or len(sizes) <= 1:
        return [len(sizes)]
    ends = np.cumsum(np.asarray(sizes, dtype=np.int64) + 1)
    cuts = np.searchsorted(ends, ends[-1] * np.arange(1, runs) / runs, side="left") + 1
    return [*np.unique(cuts[cuts < len(sizes)]).tolist(), len(sizes)]


def _runs(files: Sequence[Path], jobs: int | None) -> tuple[int, list[list[Path]]]:
    """The processes for `files` (`jobs`, at most one per file; None or 0: all the cores for
    files of :data:`~tourneystats.core.parallel.SMALL_FOLDER` bytes or more, else one) and the
    runs they read (one run, all the files, for one process)."""
    n = jobs_count(folder_jobs(jobs, files), len(files))
    return n, file_runs(files, RUNS_PER_JOB * n if n > 1 else 1)


# --- TRF -----------------------------------------------------------------------------------------


def _trf_run(task: tuple[list[Path], list[str], bool]) -> TrfData:
    """A worker's run of TRF files, each named as in the whole folder."""
    from .trf import read_trf

    files, names, check_points = task
    event = dict(zip(files, names, strict=True))
    return read_trf(files, event=event.__getitem__, check_points=check_points)


def read_trf_runs(
    files: list[Path], names: list[str], *, check_points: bool, jobs: int | None
) -> TrfData | None:
    """:func:`~tourneystats.chess.read_trf` of `files` (events `names`) on `jobs` processes, or
    None when one process should read them (`jobs` 1, a single file, or a small folder)."""
    from .trf import TrfData

    n, runs = _runs(files, jobs)
    if n == 1:
        return None
    starts = np.cumsum([0] + [len(r) for r in runs])
    tasks = [(run, names[a : a + len(run)], check_points) for run, a in zip(runs, starts)]
    parts = list(map_warned(_trf_run, tasks, jobs=n, stacklevel=4))
    dtype = pd.CategoricalDtype(pd.Index(names, dtype=object))
    return TrfData(
        *(
            pd.concat(
                [_recoded(part[k], dtype, int(a)) for part, a in zip(parts, starts)],
                ignore_index=True,
            )
            for k in range(3)
        )
    )


def _recoded(frame: pd.DataFrame, dtype: pd.CategoricalDtype, offset: int) -> pd.DataFrame:
    """`frame` with its events (the categories of a run of files) in `dtype`, the events of the
    whole folder, of which the run's are the ones from `offset` on."""
    codes = frame[EVENT].cat.codes.to_numpy().astype(np.int64) + offset
    return frame.assign(**{EVENT: pd.Categorical.from_codes(codes, dtype=dtype)})


# --- PGN -----------------------------------------------------------------------------------------


def _pgn_run(files: list[Path]) -> tuple[list[FileGames], Vocab]:
    """A worker's run of PGN files: each file's games, codes into the run's vocabulary."""
    vocab = Vocab()
    return read_files(files, vocab), vocab


def read_pgn_files(files: list[Path], jobs: int | None) -> tuple[list[FileGames], Vocab]:
    """The games of each PGN file (:func:`~tourneystats.chess.pgnlines.read_files`), scanned on
    `jobs` processes, and the vocabulary their tag codes point into (not resolved yet)."""
    n, runs = _runs(files, jobs)
    if n == 1:
        return _pgn_run(files)
    vocab, out = Vocab(), []
    for parts, run_vocab in map_warned(_pgn_run, runs, jobs=n, stacklevel=4):
        base = vocab.extend(run_vocab)
        for part in parts:
            tags = {t: np.where(c >= 0, c + base, c).astype(c.dtype) for t, c in part.tags.items()}
            out.append(part._replace(tags=tags))
    return out, vocab
