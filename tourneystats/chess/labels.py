"""Codes of label columns without a Python object per row: events stored in runs, and the
player ids and the small vocabularies (kind, colour) of Arrow-backed text columns.

Each function gives exactly what its plain pandas counterpart gives (named in its docstring),
only faster on the columns real files hold: text read from Parquet or CSV is Arrow-backed,
and a results table lists each event's rows together.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd


def _arrow(values: pd.Series) -> Any:
    """The pyarrow ChunkedArray behind an Arrow-backed text column, else None."""
    array = values.array
    data = getattr(array, "_pa_array", None)
    if data is None or not isinstance(values.dtype, pd.StringDtype | pd.ArrowDtype):
        return None
    import pyarrow as pa

    if not (pa.types.is_string(data.type) or pa.types.is_large_string(data.type)):
        return None
    return data


def _run_starts(values: pd.Series) -> np.ndarray | None:
    """The positions where a new run of equal values starts (the first included), or None for
    a column whose runs are not found cheaply (missing values, objects, floats)."""
    n = len(values)
    data = _arrow(values)
    if data is not None:
        if data.null_count:
            return None
        import pyarrow.compute as pc

        differs = pc.not_equal(data.slice(1), data.slice(0, n - 1))
        change = differs.to_numpy(zero_copy_only=False)
    elif isinstance(values.dtype, pd.CategoricalDtype):
        codes = values.cat.codes.to_numpy()
        if (codes < 0).any():
            return None
        change = codes[1:] != codes[:-1]
    elif values.dtype.kind in "iub" and not isinstance(
        values.dtype, pd.api.extensions.ExtensionDtype
    ):
        plain = values.to_numpy()
        change = plain[1:] != plain[:-1]
    else:
        return None
    return np.r_[0, np.flatnonzero(change) + 1]


def factorize_runs(values: pd.Series) -> tuple[np.ndarray, pd.Index, int]:
    """``pd.factorize(values, sort=False)`` (codes, uniques) and the number of runs of equal
    values: one hash of a label per run rather than per row.

    Examples
    --------
    >>> text = pd.Series(["b", "b", "a", "a", "b"], dtype="string[pyarrow]")
    >>> codes, uniques, runs = factorize_runs(text)
    >>> codes.tolist(), uniques.tolist(), runs
    ([0, 0, 1, 1, 0], ['b', 'a'], 3)
    """
    n = len(values)
    starts = _run_starts(values) if n > 1 else None
    if starts is None or 2 * len(starts) > n:
        codes, uniques = pd.factorize(values, sort=False)
        return codes, uniques, -1 if starts is None else len(starts)
    heads = np.zeros(n, dtype=bool)
    heads[starts] = True  # a filter, not a take: no concatenation of Arrow chunks
    head_codes, uniques = pd.factorize(values[heads], sort=False)
    lengths = np.diff(np.r_[starts, n])
    return np.repeat(head_codes, lengths), uniques, len(starts)


def arrow_id_codes(
    player: pd.Series, opponent: pd.Series
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Codes of the player and opponent ids of Arrow-backed text columns in one numbering (as
    ``pd.factorize`` of the player ids then the opponent ids: -1 for a missing opponent), and
    the ids (an object array); None for other columns.

    Examples
    --------
    >>> p = pd.Series(["x", "y"], dtype="string[pyarrow]")
    >>> arrow_id_codes(p, pd.Series(["y", None], dtype="string[pyarrow]"))
    (array([0, 1]), array([ 1, -1]), array(['x', 'y'], dtype=object))
    """
    pdata, odata = _arrow(player), _arrow(opponent)
    if pdata is None or odata is None or pdata.null_count:
        return None
    import pyarrow as pa

    n = len(player)
    if pdata.type != odata.type:
        odata = odata.cast(pdata.type)
    both = pa.chunked_array(pdata.chunks + odata.chunks, type=pdata.type)
    encoded = both.dictionary_encode()
    indices = pa.chunked_array([c.indices for c in encoded.chunks], type=pa.int32())
    codes = indices.fill_null(-1).to_numpy().astype(np.intp)
    uniques = encoded.chunk(0).dictionary if encoded.num_chunks else pa.array([], pdata.type)
    return codes[:n], codes[n:], np.asarray(uniques.to_numpy(zero_copy_only=False), dtype=object)


def codes_in(values: pd.Series, labels: Sequence[str]) -> np.ndarray:
    """Position (int8) of each value in `labels`, -1 if absent or missing: as
    ``pd.Index(labels).get_indexer(values.astype(str))``, through the few distinct values.

    Examples
    --------
    >>> codes_in(pd.Series(["w", None, "b", "x"], dtype="str"), ("w", "b")).tolist()
    [0, -1, 1, -1]
    """
    index = pd.Index(list(labels))
    data = _arrow(values)
    if data is None:
        return index.get_indexer(values.astype(str)).astype(np.int8)  # type: ignore[arg-type]
    import pyarrow as pa

    encoded = data.dictionary_encode()
    if not encoded.num_chunks:
        return np.zeros(0, dtype=np.int8)
    indices = pa.chunked_array([c.indices for c in encoded.chunks], type=pa.int32())
    codes = indices.fill_null(-1).to_numpy()
    distinct = encoded.chunk(0).dictionary.to_numpy(zero_copy_only=False)
    lut = np.append(index.get_indexer(pd.Index(distinct, dtype=object)), -1).astype(np.int8)
    return lut[codes]


def categorical_id_codes(
    player: pd.Series, opponent: pd.Series
) -> tuple[np.ndarray, np.ndarray, pd.Index] | None:
    """Codes of the player and opponent ids of text categoricals (read as dictionaries) in one
    numbering, their categories' (the player's, then the opponent's not among them; -1 for a
    missing opponent), and the ids; None for other columns or a missing player id.

    Examples
    --------
    >>> p = pd.Series(pd.Categorical(["x", "y"]))
    >>> pc, oc, ids = categorical_id_codes(p, pd.Series(pd.Categorical(["z", None])))
    >>> pc.tolist(), oc.tolist(), ids.tolist()
    ([0, 1], [2, -1], ['x', 'y', 'z'])
    """
    if not (
        isinstance(player.dtype, pd.CategoricalDtype)
        and isinstance(opponent.dtype, pd.CategoricalDtype)
        and pd.api.types.is_string_dtype(player.cat.categories.dtype)
        and pd.api.types.is_string_dtype(opponent.cat.categories.dtype)
    ):
        return None
    pcodes = player.cat.codes.to_numpy()
    if (pcodes < 0).any():
        return None
    ids = player.cat.categories
    theirs = opponent.cat.categories
    at = ids.get_indexer(theirs)  # the few distinct ids, not every row
    others = at < 0
    if others.any():
        at[others] = len(ids) + np.arange(int(others.sum()))
        ids = ids.append(theirs[others])
    lut = np.append(at, -1).astype(np.intp)  # code -1 (missing) hits the trailing -1
    return pcodes.astype(np.intp), lut[opponent.cat.codes.to_numpy()], ids
