"""Reading results files and folders, and the standings and histories computed from them."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pandas as pd

from ..core.folders import names_its_source, result_files
from ..core.io import TABLE_SUFFIXES, read_table, table_columns
from ..core.schema import EVENT, OPPONENT, PLAYER
from .history import standings_by_round
from .prepare import GAME_COLUMNS, MATCH_COLUMNS
from .rules import Rules
from .tables import standings

_MATCH_NAMES = [c.name for c in MATCH_COLUMNS]
_GAME_NAMES = [c.name for c in GAME_COLUMNS]


def _needed(columns: list[str], by: str | None) -> list[str] | None:
    """The columns to read for a results table, or None when it is not one."""
    present = set(columns)
    extra = [by] if by is not None and by in present else []
    if set(_MATCH_NAMES) <= present:
        return _MATCH_NAMES + extra
    if set(_GAME_NAMES) <= present:
        return _GAME_NAMES + extra
    return None


def _read_results(path: Path, by: str | None) -> pd.DataFrame:
    return read_table(path, columns=_needed(table_columns(path), by))


def _result_files(folder: Path) -> list[Path]:
    return result_files(folder, TABLE_SUFFIXES, _MATCH_NAMES, _GAME_NAMES, what="cards results")


def _as_text(values: pd.Series) -> pd.Series:
    """Ids as text, keeping missing values (whole floats such as 3.0 read as "3")."""
    if pd.api.types.is_float_dtype(values.dtype):
        whole = values.dropna()
        if (whole == np.floor(whole)).all():
            values = values.astype("Int64")
    # "string" keeps missing values missing on pandas 2.2 too (astype("str") makes them "nan")
    return values.astype("string")


def _concat(frames: list[pd.DataFrame]) -> pd.DataFrame:
    if len(frames) == 1:
        return frames[0]
    kinds = {(str(f[PLAYER].dtype), str(f[EVENT].dtype)) for f in frames}
    if len(kinds) > 1:  # ids of different types across files: compare them as text
        frames = [
            f.assign(**{c: _as_text(f[c]) for c in (EVENT, PLAYER, OPPONENT)}) for f in frames
        ]
    return pd.concat(frames, ignore_index=True)


@names_its_source
def read_results(path: str | os.PathLike, *, by: str | None = None) -> pd.DataFrame:
    """Read the results that :func:`standings` takes from a file or a folder of files.

    Parameters
    ----------
    path : path-like
        A CSV or Parquet file of match-level or game-level results, or a folder: every ``.csv``,
        ``.parquet`` and ``.pq`` file in it (not in sub-folders) is read and the tables are
        concatenated, except files whose name starts with ``.`` or ``_`` or contains
        ``standings`` (e.g. published standings kept next to the results). Other tables without
        the results columns are skipped with a warning. Ids of different types across files are
        compared as text.
    by : str, optional
        A pooling column (see :func:`standings`) to read along with the results columns; of a
        Parquet file only these columns are read.

    Returns
    -------
    pandas.DataFrame
        The results, match or game level as stored (not yet validated).

    Raises
    ------
    ValidationError
        A folder without any results table.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> pd.DataFrame({"event": "E", "round": 1, "player": ["a", "b"], "opponent": ["b", "a"],
    ...               "wins": [2, 0], "losses": [0, 2], "draws": 0}).to_csv(folder / "e.csv",
    ...                                                                      index=False)
    >>> read_results(folder)
      event  round player opponent  wins  losses  draws
    0     E      1      a        b     2       0      0
    1     E      1      b        a     0       2      0
    """
    path = Path(path)
    if path.is_dir():
        return _concat([_read_results(f, by) for f in _result_files(path)])
    return _read_results(path, by)


@names_its_source
def standings_from_path(
    path: str | os.PathLike, *, rules: str | Rules | None = None, by: str | None = None
) -> pd.DataFrame:
    """Standings of every event in a results file, or in a folder of results files.

    Parameters
    ----------
    path : path-like
        A results file or folder, read by :func:`read_results`; all its events are computed in
        one call.
    rules : str or Rules, optional
        A preset name or a :class:`Rules` object; default ``"mtg"``.
    by : str, optional
        Pool the events by this column (see :func:`standings`).

    Returns
    -------
    pandas.DataFrame
        As :func:`standings`.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> pd.DataFrame({"event": "E", "round": 1, "player": ["a", "b"], "opponent": ["b", "a"],
    ...               "wins": [2, 0], "losses": [0, 2], "draws": 0}).to_csv(folder / "e.csv",
    ...                                                                      index=False)
    >>> standings_from_path(folder)[["player", "rank", "match_points"]]
      player  rank  match_points
    0      a     1             3
    1      b     2             0
    """
    results = read_results(path, by=by)
    return standings(results, rules="mtg" if rules is None else rules, by=by)


@names_its_source
def history_from_path(path: str | os.PathLike, *, rules: str | Rules = "mtg") -> pd.DataFrame:
    """Standings after every round of every event in a results file or folder (for drift charts).

    Parameters
    ----------
    path : path-like
        A results file or folder, read by :func:`read_results`.
    rules : str or Rules, default "mtg"
        A preset name or a :class:`Rules` object.

    Returns
    -------
    pandas.DataFrame
        As :func:`standings_by_round`.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> pd.DataFrame({"event": "E", "round": [1, 1, 2, 2], "player": ["a", "b", "a", "b"],
    ...               "opponent": ["b", "a", "b", "a"], "wins": [2, 0, 0, 2],
    ...               "losses": [0, 2, 2, 0], "draws": 0}).to_csv(folder / "e.csv", index=False)
    >>> history_from_path(folder)[["round", "player", "rank", "match_points"]]
       round player  rank  match_points
    0      1      a     1             3
    1      1      b     2             0
    2      2      a     1             3
    3      2      b     1             3
    """
    return standings_by_round(read_results(path), rules=rules)
