"""Integer codes for ids and integer keys, and the row lookups built on them."""

from __future__ import annotations

import numpy as np
import pandas as pd
from pandas.api.extensions import ExtensionArray

#: a dense lookup table is used while it has at most this many entries per input row (or 1M)
_DENSE_FACTOR = 8


def _dense_ok(size: int, n: int) -> bool:
    return size <= max(_DENSE_FACTOR * n, 1 << 20)


def _code_dtype(count: int) -> type[np.signedinteger]:
    """The integer dtype of codes and row numbers below `count` (and -1): 32 bits when they
    fit, which halves the memory of every per-row array built from them."""
    return np.int32 if count < np.iinfo(np.int32).max else np.int64


class _Coder:
    """Integer codes ``0 <= code < size`` for a column of ids, the way back, and lookups.

    Categoricals use their category codes, integers in a compact range their offset from the
    smallest value (no hashing, in the column's own integer dtype), anything else
    :func:`pandas.factorize` with sorted uniques. Either way the codes sort like the ids (in
    category order for a categorical), which gives the standings their order inside a tie.
    """

    def __init__(self, values: pd.Series) -> None:
        self.like = values
        self.lo = None
        if isinstance(values.dtype, pd.CategoricalDtype):
            self.uniques = pd.Index(values.cat.categories)
            self.codes = values.cat.codes.to_numpy()
            self.size = len(self.uniques)
            return
        if values.dtype.kind in "iu" and len(values):
            raw = values.to_numpy()
            lo, hi = int(raw.min()), int(raw.max())
            if _dense_ok(hi - lo + 1, raw.size):
                if hi - lo > np.iinfo(raw.dtype).max or raw.dtype == np.uint64:
                    raw = raw.astype(np.int64)
                self.lo, self.size = lo, hi - lo + 1
                self.codes = raw - raw.dtype.type(lo)
                return
        codes, uniques = pd.factorize(values, sort=True)
        self.uniques = pd.Index(uniques)
        self.codes = codes
        self.size = len(self.uniques)

    def values(self, codes: np.ndarray) -> np.ndarray | ExtensionArray | pd.Index:
        """The ids of `codes` (a categorical stays categorical)."""
        if self.lo is not None:
            if isinstance(self.like.dtype, np.dtype):
                return (codes + self.lo).astype(self.like.dtype)
            return pd.array(codes + self.lo, dtype=self.like.dtype)  # type: ignore[call-overload]
        if isinstance(self.like.dtype, pd.CategoricalDtype):
            return pd.Categorical.from_codes(codes, dtype=self.like.dtype)
        return self.uniques.take(codes)

    def add_codes(self, key: np.ndarray, other: pd.Series) -> None:
        """Add the code of each value of `other` to `key` in place (-1 when missing or not one
        of the ids); `other` itself is only read."""
        if self.lo is not None and other.dtype.kind in "iu":
            filled = other.fillna(self.lo - 1).to_numpy() if other.hasnans else other.to_numpy()
            if filled.dtype == np.uint64:
                filled = filled.astype(np.int64)
            key += filled
            key -= self.lo
            low, high = (int(filled.min()), int(filled.max())) if filled.size else (0, 0)
            if low < self.lo - 1 or high >= self.lo + self.size:
                bad = (filled < self.lo - 1) | (filled >= self.lo + self.size)
                key[bad] -= filled[bad] - (self.lo - 1)
            return
        if self.lo is not None and other.dtype.kind == "f":
            raw = other.to_numpy(dtype=np.float64, na_value=np.nan) - self.lo
            ok = (raw >= 0) & (raw < self.size) & (raw == np.floor(raw))
            key += np.where(ok, raw, -1).astype(np.int64)
            return
        if self.lo is not None:
            index = pd.RangeIndex(self.lo, self.lo + self.size)
            key += index.get_indexer(pd.to_numeric(other, errors="coerce"))  # type: ignore[arg-type]
            return
        if isinstance(other.dtype, pd.CategoricalDtype):
            codes = other.cat.codes.to_numpy()
            if other.cat.categories.equals(self.uniques):
                key += codes
                return
            # each distinct value looked up once, then a take by the rows' codes (-1: missing)
            found = self.uniques.get_indexer(other.cat.categories)
            key += np.append(found, -1)[codes]
            return
        found = _arrow_lookup(self.uniques, other)
        key += self.uniques.get_indexer(other) if found is None else found


def _arrow_lookup(uniques: pd.Index, other: pd.Series) -> np.ndarray | None:
    """The position of each of `other` in `uniques` (-1: missing or not there) when both hold
    Arrow text: looked up by Arrow on the text itself (``Index.get_indexer`` would first make a
    Python string of every row). None for other dtypes."""
    if not (_arrow_text(uniques.dtype) and _arrow_text(other.dtype)):
        return None
    import pyarrow as pa
    import pyarrow.compute as pc

    values = pa.chunked_array(pa.array(other.array)) if len(other) else None
    if values is None:
        return np.zeros(0, dtype=np.int64)
    value_set = pa.array(uniques.array).cast(values.type)
    found = pc.index_in(values, value_set=value_set)
    return found.fill_null(-1).to_numpy()


def _arrow_text(dtype: object) -> bool:
    """Whether a dtype is text held by Arrow (pandas' ``str`` or ``string[pyarrow]``)."""
    return isinstance(dtype, pd.StringDtype) and dtype.storage == "pyarrow"


class _Compact:
    """Codes 0..k-1 (in key order) of non-negative int keys below `size`, and a lookup for others."""

    def __init__(self, keys: np.ndarray, size: int) -> None:
        self.dense = None
        # codes (fewer than the keys) in 32 bits when they fit, as the keys are hashed
        self.code_dtype = _code_dtype(keys.size)
        if _dense_ok(size, keys.size):
            seen = np.zeros(size, dtype=bool)
            seen[keys] = True
            self.dense = np.cumsum(seen, dtype=self.code_dtype)
            self.dense -= 1
            self.dense[~seen] = -1
            self.codes = self.dense[keys]
            self.distinct = np.flatnonzero(seen)
        else:  # hashed (only the distinct keys are sorted): names make a sparse key space
            # keys below 2**31 hashed as int32 (half the memory traffic of int64)
            self.width = np.int32 if size <= np.iinfo(np.int32).max else np.int64
            codes, distinct = pd.factorize(keys.astype(self.width, copy=False), sort=False)
            # the distinct keys sorted here, and the codes renumbered by one take: several times
            # cheaper than factorize(sort=True) on millions of rows (the distinct keys of rows
            # grouped by event come nearly sorted)
            order = np.argsort(distinct)
            rank = np.empty(order.size, dtype=self.code_dtype)
            rank[order] = np.arange(order.size, dtype=self.code_dtype)
            self.codes = rank[codes]
            del codes
            distinct = distinct[order]
            self.distinct = np.asarray(distinct, dtype=np.int64)
            self.index = pd.Index(distinct)

    def find(self, queries: np.ndarray) -> np.ndarray:
        """Code of each query key (``0 <= query < size``), -1 when absent."""
        if self.dense is not None:
            return self.dense[queries]
        found = self.index.get_indexer(queries.astype(self.width, copy=False))
        return found.astype(self.code_dtype, copy=False)


class _KeyIndex:
    """Row position by a non-negative integer key below `size` (a dense table when small, sorted
    keys otherwise); `has_duplicates` tells whether two rows share a key."""

    def __init__(self, keys: np.ndarray, size: int, rows: np.ndarray | None = None) -> None:
        n = keys.size
        self.keys: np.ndarray | None = keys  # (None once the caller no longer needs them)
        self.sorted = None
        if _dense_ok(size, n):
            self.table = np.full(size, -1, dtype=_code_dtype(n) if rows is None else rows.dtype)
            self.table[keys] = np.arange(n, dtype=self.table.dtype) if rows is None else rows
            self.has_duplicates = bool(np.count_nonzero(self.table >= 0) < n)
        else:
            self.order = np.argsort(keys, kind="stable")
            self.sorted = keys[self.order]
            self.has_duplicates = bool(np.any(self.sorted[1:] == self.sorted[:-1]))

    def duplicated(self) -> np.ndarray:
        """Rows whose key another row has too."""
        assert self.keys is not None
        _, inverse, counts = np.unique(self.keys, return_inverse=True, return_counts=True)
        return counts[inverse.reshape(-1)] > 1

    def find(self, queries: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
        """Row of each query key (``0 <= query < size``), -1 when absent."""
        if self.sorted is None:
            return np.take(self.table, queries, out=out, mode="wrap")  # (wrap: no buffering)
        if not self.sorted.size:
            return np.full(queries.size, -1, dtype=np.int64)
        pos = np.minimum(np.searchsorted(self.sorted, queries), self.sorted.size - 1)
        return np.where(self.sorted[pos] == queries, self.order[pos], -1)
