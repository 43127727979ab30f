"""League results from CSV/Parquet files or folders: a league per file without a league column."""

from __future__ import annotations

import os
from typing import Any

import pandas as pd

from ..core.folders import event_names, names_its_source, result_files
from ..core.io import TABLE_SUFFIXES, read_table
from ..core.schema import LEAGUE, SEASON, validate
from .prepare import COLUMNS
from .rules import _rules
from .standings import history, leaderboard

#: season of a file without a season column, when other files of a folder have one
ALL_SEASONS = "all"


@names_its_source
def read_results(path: str | os.PathLike, *, jobs: int | None = 1) -> pd.DataFrame:
    """The league results of a CSV/Parquet file or a folder of them, as :func:`leaderboard` takes them.

    Files of a folder are read in name order and concatenated; each file's rows belong to the
    league of their ``league`` column, or, without one, to a league named after the file's stem.
    A ``season`` column, when present, splits a league into seasons (files of a folder without
    one then get the season ``"all"``). A folder's tables without the required columns (a
    standings table written there) are skipped with a warning. Nothing is validated here:
    :func:`leaderboard` and :func:`history` do it.

    Parameters
    ----------
    path : path-like
        A ``.csv`` / ``.parquet`` file, or a folder of them (other files are ignored).
    jobs : int, optional
        Processes reading the files of a folder (None or 0: all the cores, for 32 MB of files
        or more; 1, the default: this process alone); the table does not depend on it.

    Returns
    -------
    pandas.DataFrame
        The rows of every file, with a ``league`` column (and ``season`` when any file has one).

    Raises
    ------
    ValueError
        When `path` does not exist or a folder holds no table.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.league import read_results
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> pd.DataFrame({"tournament": "T1", "date": "2024-01-10", "player": ["Bo", "Åsa"],
    ...               "points": [30, 40]}).to_csv(folder / "autumn.csv", index=False)
    >>> read_results(folder)
       league tournament        date player  points
    0  autumn         T1  2024-01-10     Bo      30
    1  autumn         T1  2024-01-10    Åsa      40
    """
    required = [c.name for c in COLUMNS if c.required]
    files = result_files(path, TABLE_SUFFIXES, required, what="league results")
    from ..core.parallel import folder_jobs, map_warned

    frames = []
    tables = map_warned(read_table, files, jobs=folder_jobs(jobs, files))
    for frame, name in zip(tables, event_names(files), strict=True):
        if LEAGUE not in frame.columns:  # the stem; the path below the folder for stems read twice
            if not set(required) <= set(frame.columns):  # named as read, without the stem's column
                validate(frame, [c for c in COLUMNS if c.required])
            frame.insert(0, LEAGUE, name)
        frames.append(frame)
    if len(frames) == 1:
        return frames[0]
    if any(SEASON in f.columns for f in frames):  # a file without one is one season of its league
        frames = [f if SEASON in f.columns else f.assign(**{SEASON: ALL_SEASONS}) for f in frames]
    return pd.concat(frames, ignore_index=True)


@names_its_source
def standings_from_path(
    path: str | os.PathLike,
    *,
    prior_rounds: int | None = None,
    prior_mode: str | None = None,
    jobs: int | None = 1,
) -> pd.DataFrame:
    """The leaderboard of every league in a CSV/Parquet file or a folder of them.

    The files are read with :func:`read_results` (a league per file without a ``league``
    column; a ``season`` column splits a league into seasons).

    Parameters
    ----------
    path : path-like
        A ``.csv`` / ``.parquet`` file, or a folder of them.
    prior_rounds : int, optional
        Start weight K (default 10).
    prior_mode : {"top-up", "constant"}, optional
        Start weight mode (default ``"top-up"``).
    jobs : int, optional
        Processes reading the files of a folder (:func:`read_results`).

    Returns
    -------
    pandas.DataFrame
        :func:`leaderboard` with a ``league`` column (and ``season`` when present).

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.league import standings_from_path
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> pd.DataFrame({"tournament": "T1", "date": "2024-01-10", "player": ["Bo", "Åsa"],
    ...               "points": [30, 40]}).to_csv(folder / "autumn.csv", index=False)
    >>> standings_from_path(folder)[["league", "place", "player", "points"]]
       league  place player  points
    0  autumn   <NA>    Åsa      40
    1  autumn   <NA>     Bo      30
    """
    rules = _rules(prior_rounds, prior_mode)
    return leaderboard(
        read_results(path, jobs=jobs), prior_rounds=rules.prior_rounds, prior_mode=rules.prior_mode
    )


@names_its_source
def history_from_path(
    path: str | os.PathLike, *, jobs: int | None = 1, **options: Any
) -> pd.DataFrame:
    """The history of every league in a CSV/Parquet file or a folder of them (for drift charts).

    The files are read with :func:`read_results` (a league per file without a ``league``
    column; a ``season`` column splits a league into seasons) and passed to :func:`history`.

    Parameters
    ----------
    path : path-like
        A ``.csv`` / ``.parquet`` file, or a folder of them.
    jobs : int, optional
        Processes reading the files of a folder (:func:`read_results`).
    **options
        Keyword options of :func:`history` (``prior_rounds``, ``prior_mode``); None means the
        default.

    Returns
    -------
    pandas.DataFrame
        :func:`history` with a ``league`` column (and ``season`` when present).

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.league import history_from_path
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> pd.DataFrame({"tournament": "T1", "date": "2024-01-10", "round": 1, "match": 1,
    ...               "team": ["A", "A", "B", "B"], "player": ["Anna", "Bo", "Cia", "Dan"],
    ...               "points": [15, 15, 9, 9], "target": 24}).to_csv(folder / "club.csv", index=False)
    >>> history_from_path(folder, prior_rounds=0)[["league", "tournament", "place", "player"]]
      league tournament  place player
    0   club         T1      1   Anna
    1   club         T1      1     Bo
    2   club         T1      3    Cia
    3   club         T1      3    Dan
    """
    options = {k: v for k, v in options.items() if v is not None}
    return history(read_results(path, jobs=jobs), **options)
