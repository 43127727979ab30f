"""Reading and writing the canonical frames (CSV and Parquet); writes are atomic."""

from __future__ import annotations

import contextlib
import contextvars
import csv
import os
import tempfile
import warnings
from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from .schema import ValidationError

TABLE_SUFFIXES = (".csv", ".parquet", ".pq")

#: the files read since :func:`tracking_inputs` began (None: not tracking)
_READ: contextvars.ContextVar[set[Path] | None] = contextvars.ContextVar("_READ", default=None)


@contextlib.contextmanager
def tracking_inputs() -> Iterator[set[Path]]:
    """Record every file read inside the block (by :func:`read_table`, :func:`table_columns`
    and the readers that call :func:`note_input`): :func:`check_target`, and so every write of
    this module, then refuses to write over any of them.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "t.csv"
    >>> _ = write_table(pd.DataFrame({"a": [1]}), p)
    >>> with tracking_inputs() as read:
    ...     _ = read_table(p)
    ...     write_table(pd.DataFrame({"a": [2]}), p)
    Traceback (most recent call last):
    ...
    ValueError: refusing to write over the input file ...t.csv
    """
    token = _READ.set(set())
    try:
        yield _READ.get()  # type: ignore[misc]
    finally:
        _READ.reset(token)


def use_system_memory_pool() -> None:
    """Have Arrow allocate through the C library's allocator for the rest of the process.

    Arrow's default pool (mimalloc or jemalloc) keeps the memory of freed buffers for later
    allocations; a one-shot command reads its files once, so that memory only swells its peak
    (by about 35 MB on a 2.3-million-row cards file). The command line calls this at start;
    a long-lived session (Jupyter) keeps the default.

    Examples
    --------
    >>> import pyarrow as pa
    >>> previous = pa.default_memory_pool()
    >>> use_system_memory_pool()
    >>> pa.default_memory_pool().backend_name
    'system'
    >>> pa.set_memory_pool(previous)
    """
    import pyarrow as pa

    pa.set_memory_pool(pa.system_memory_pool())


def return_free_memory() -> None:
    """Hand the memory freed so far back to the system (between the steps of a big job).

    With Arrow allocating through the C library (:func:`use_system_memory_pool`, as the command
    line does) this trims the C library's heap, which otherwise keeps the pages of freed
    arrays: the next step's arrays then reuse memory instead of adding to the process's peak.
    Cheap (milliseconds); with Arrow's own pool it returns that pool's unused memory.

    Examples
    --------
    >>> return_free_memory()  # nothing to see: the process's resident memory may shrink
    """
    import pyarrow as pa

    pa.default_memory_pool().release_unused()


def note_input(path: str | os.PathLike) -> None:
    """Record `path` as read (see :func:`tracking_inputs`); nothing when not tracking."""
    read = _READ.get()
    if read is not None:
        read.add(Path(path))


def read_table(
    path: str | os.PathLike,
    *,
    columns: Sequence[str] | Callable[[str], bool] | None = None,
    dictionaries: Collection[str] = (),
    shared: Mapping[str, str] | None = None,
    text: Collection[str] = (),
) -> pd.DataFrame:
    """Read a CSV or Parquet file (chosen by its extension) into a DataFrame.

    Parquet keeps every dtype (categoricals, nullable integers, dates); it is read with pyarrow
    and converted column by column, releasing Arrow memory as it goes (about twice as fast as
    :func:`pandas.read_parquet` on millions of rows, with the same result). A CSV is read with
    pandas' inference, and each family's validation then coerces it to the data model.

    Parameters
    ----------
    path : path-like
        A ``.csv`` or ``.parquet`` file.
    columns : sequence of str or callable, optional
        Read only these columns (each must exist), or those of the file's columns for which the
        callable returns True (a reader's own columns, whichever the file has; the others are
        not read).
    dictionaries : collection of str, optional
        Columns a Parquet file stores as text to read as categoricals instead: the codes come
        from the file's dictionary encoding (no hashing of the strings), the categories are the
        distinct values sorted as ``pd.factorize(sort=True)`` sorts them. The names of the
        columns so read are in ``frame.attrs["dictionaries"]`` (absent when none was), for a
        caller to give its results the text dtype back. Other columns and CSV files are read
        as without it.
    shared : mapping of str to str, optional
        For columns of `dictionaries`: ``{column: other}`` gives `column` the categories of
        `other` (a column of `dictionaries` named before it) when every value of `column` is one
        of them (an opponent column and its player column: one sort of the names, and codes
        that compare between the two); `column` may then have categories it does not use.
        Otherwise `column` is read as without it.
    text : collection of str, optional
        Columns of a CSV file read as the text they hold (labels such as a season ``"2023. "``,
        which inference would read as the number 2023), where the file has them.

    Returns
    -------
    pandas.DataFrame
        The file's rows, its columns (or those asked for) in the file's order.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats import read_table, write_table
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "t.parquet"
    >>> _ = write_table(pd.DataFrame({"event": ["A"], "round": [1], "note": ["x"]}), p)
    >>> read_table(p)
      event  round note
    0     A      1    x
    >>> read_table(p, columns={"event", "round", "rank"}.__contains__)
      event  round
    0     A      1
    >>> coded = read_table(p, dictionaries=["event"])
    >>> coded["event"].cat.categories.tolist(), coded["event"].cat.codes.tolist()
    (['A'], [0])
    >>> coded.attrs["dictionaries"]
    ['event']
    """
    path = Path(path)
    note_input(path)
    suffix = path.suffix.lower()
    if suffix == ".csv":
        return _read_csv(path, columns, {c: str for c in text})
    if suffix in (".parquet", ".pq"):
        return _read_parquet(path, columns, dictionaries, shared or {})
    raise ValueError(f"{path}: unknown table format {suffix!r}; expected .csv or .parquet")


#: encodings told by a file's byte-order mark
_BOMS = ((b"\xef\xbb\xbf", "utf-8-sig"), (b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16"))
#: the encoding a CSV that is not UTF-8 is read in (what spreadsheets write in Western Europe)
FALLBACK_ENCODING = "cp1252"


def csv_encoding(path: Path) -> str:
    """The encoding a CSV file declares by a byte-order mark, else ``"utf-8"``.

    Raises
    ------
    ValidationError
        An empty file, or one holding NUL bytes (not text).
    """
    with open(path, "rb") as fh:
        head = fh.read(1 << 16)
    if not head.strip():
        raise ValidationError(f"{path}: empty file")
    for mark, encoding in _BOMS:
        if head.startswith(mark):
            return encoding
    if b"\x00" in head:
        raise ValidationError(f"{path}: not a text file (it holds NUL bytes)")
    return "utf-8"


def _read_csv(
    path: Path,
    columns: Sequence[str] | Callable[[str], bool] | None,
    dtype: Mapping[str, Any] | None = None,
) -> pd.DataFrame:
    """A CSV in UTF-8 (or the encoding of its byte-order mark); Windows-1252, with a warning,
    when it is not UTF-8."""
    encoding = csv_encoding(path)
    try:
        try:
            return pd.read_csv(path, usecols=columns, encoding=encoding, dtype=dtype)  # type: ignore[arg-type]
        except UnicodeDecodeError as exc:
            if encoding != "utf-8":
                raise
            try:
                path.read_bytes().decode(FALLBACK_ENCODING)
            except UnicodeDecodeError:
                raise ValidationError(
                    f"{path}: not a text file (byte at offset {exc.start} is neither UTF-8 nor "
                    "Windows-1252)"
                ) from None
            warnings.warn(f"{path}: not UTF-8; read as Windows-1252", stacklevel=3)
            return pd.read_csv(path, usecols=columns, encoding=FALLBACK_ENCODING, dtype=dtype)  # type: ignore[arg-type]
    except pd.errors.EmptyDataError:
        raise ValidationError(f"{path}: empty file") from None
    except (pd.errors.ParserError, UnicodeError) as exc:
        raise ValidationError(f"{path}: not a readable CSV file: {exc}") from None


def _read_parquet(
    path: Path,
    columns: Sequence[str] | Callable[[str], bool] | None,
    dictionaries: Collection[str] = (),
    shared: Mapping[str, str] | None = None,
) -> pd.DataFrame:
    import pyarrow as pa

    schema = _parquet_schema(path) if callable(columns) or dictionaries else None
    if callable(columns):
        assert schema is not None
        columns = [c for c in schema.names if columns(c)]
    text = _text_columns(schema, columns, dictionaries) if dictionaries else []
    if not text:
        table = _parquet_columns(path, columns)
        frame = table.to_pandas(split_blocks=True, self_destruct=True)
        del table
        pa.default_memory_pool().release_unused()  # the Arrow buffers, to the system
        return frame
    assert schema is not None
    names = list(schema.names if columns is None else columns)
    pairs = {c: o for c, o in (shared or {}).items() if c in text and o in text and c != o}
    pairs = {c: o for c, o in pairs.items() if text.index(o) < text.index(c)}
    coded: dict[str, Any] = {}

    def read(some: list[str]) -> dict[str, Any]:
        """Text columns as dictionary indices (on Arrow's threads)."""
        return dict(zip(some, _parquet_columns(path, some, some).columns, strict=True))

    def code(arrow: dict[str, Any]) -> None:
        """Code text columns, each released once coded."""
        for c in list(arrow):
            column = arrow.pop(c)
            same = _shared_categorical(column, coded[pairs[c]]) if c in pairs else None
            coded[c] = _sorted_categorical(column) if same is None else same
            del column
            pa.default_memory_pool().release_unused()

    # on two cores: this thread reads and codes the columns whose categories others share (a
    # player column), then those others (its opponents), which a second thread reads
    # meanwhile; that one then reads and codes the other text columns, and reads the rest
    sources = [c for c in text if c in pairs.values()]
    sharing = [c for c in text if c in pairs]
    alone = [c for c in text if c not in sources and c not in sharing]
    rest = [c for c in names if c not in text]

    def theirs() -> pd.DataFrame | None:
        if alone:
            code(read(alone))
        if not rest:
            return None
        return _parquet_columns(path, rest).to_pandas(split_blocks=True, self_destruct=True)

    with ThreadPoolExecutor(1) as pool:
        shared_read = pool.submit(read, sharing) if sharing else None
        later = pool.submit(theirs)
        if sources:
            code(read(sources))
        if shared_read is not None:
            code(shared_read.result())
        others = later.result()
    if others is None:
        others = pd.DataFrame(index=pd.RangeIndex(len(coded[text[0]])))
    pa.default_memory_pool().release_unused()  # the Arrow buffers freed above, to the system
    # the columns in the file's order (a stored index is the frame's), none copied (as
    # DataFrame.insert would copy them)
    parts = (others.iloc[:, i] for i in range(others.shape[1]))
    in_order = [
        pd.Series(coded[c], index=others.index, name=c, copy=False) if c in coded else next(parts)
        for c in names
        if c in coded or c in others.columns
    ]
    frame = pd.concat(in_order, axis=1)
    frame.attrs["dictionaries"] = text
    return frame


def _parquet_schema(path: Path) -> Any:
    """The Arrow schema of a Parquet file."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        return pq.read_schema(path)
    except (pa.ArrowException, OSError) as exc:
        if isinstance(exc, FileNotFoundError):
            raise
        raise ValidationError(f"{path}: not a readable Parquet file ({exc})") from None


def _parquet_columns(
    path: Path, columns: Sequence[str] | None, dictionaries: Sequence[str] = ()
) -> Any:
    """The Arrow table of these `columns` of a Parquet file (all: None), the `dictionaries`
    ones dictionary-encoded."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        return pq.read_table(
            path,
            columns=None if columns is None else list(columns),
            read_dictionary=list(dictionaries) or None,
        )
    except (pa.ArrowException, OSError) as exc:
        if isinstance(exc, FileNotFoundError):
            raise
        raise ValidationError(f"{path}: not a readable Parquet file ({exc})") from None


def _text_columns(
    schema: Any, columns: Sequence[str] | None, dictionaries: Collection[str]
) -> list[str]:
    """Those of `dictionaries` read (in `columns`, or all) that the file stores as text, once
    (a name the file or `columns` holds twice is read as without `dictionaries`)."""
    import pyarrow as pa

    names = schema.names if columns is None else list(columns)
    out = []
    for name in dictionaries:
        if names.count(name) == 1 and len(schema.get_all_field_indices(name)) == 1:
            kind = schema.field(name).type
            if pa.types.is_string(kind) or pa.types.is_large_string(kind):
                out.append(name)
    return out


def _sorted_categorical(column: Any) -> pd.Categorical:
    """A dictionary-encoded Arrow column as a categorical of its distinct values, sorted as
    ``pd.factorize(sort=True)`` sorts them (a null: code -1)."""
    import pyarrow as pa

    chunks = column.chunks or [pa.array([], type=column.type)]
    dictionaries, which = _dictionaries(chunks)
    if len(dictionaries) == 1:
        uniques, maps = pd.Index(dictionaries[0].to_pandas()), [None]
    else:  # one numbering of the values of every dictionary (hashing a few, not every row)
        encoded = pa.concat_arrays(dictionaries).dictionary_encode()
        codes = encoded.indices.to_numpy()
        bounds = np.cumsum([0, *(len(d) for d in dictionaries)])
        maps = [codes[a:b] for a, b in zip(bounds[:-1], bounds[1:], strict=True)]
        uniques = pd.Index(encoded.dictionary.to_pandas())
    k = len(uniques)
    small = _code_dtype(k)
    used = np.zeros(k + 1, dtype=bool)  # the last slot: a null's code -1
    for d, mapping in enumerate(maps):
        seen = np.zeros(len(dictionaries[d]) + 1, dtype=bool)
        for chunk in (c for c, w in zip(chunks, which, strict=True) if w == d):
            seen[_indices(chunk)] = True
        used[seen.nonzero()[0] if mapping is None else np.append(mapping, -1)[seen]] = True
    order = uniques.argsort()
    order = order[used[order]]  # (a dictionary may hold values no row has)
    rank = np.full(k + 1, -1, dtype=small)  # the last slot: -1 stays -1
    rank[order] = np.arange(order.size, dtype=small)
    tables = [rank if m is None else np.append(rank[m], small(-1)) for m in maps]
    codes = _take_codes(chunks, which, tables, small)
    return pd.Categorical.from_codes(codes, categories=uniques.take(order), validate=False)


def _shared_categorical(column: Any, like: pd.Categorical) -> pd.Categorical | None:
    """A dictionary-encoded Arrow column as a categorical with the categories of `like` (a
    column read before), when every value of it is one of them; None when one is not."""
    import pyarrow as pa
    import pyarrow.compute as pc

    chunks = column.chunks or [pa.array([], type=column.type)]
    dictionaries, which = _dictionaries(chunks)
    categories = like.categories
    value_set = pa.array(categories.array, type=pa.string())  # (Arrow text: no copy)
    small = _code_dtype(len(categories))
    # every dictionary looked up at once (one hash table of the categories, not one each)
    found = pc.index_in(
        pa.concat_arrays([d.cast(pa.string()) for d in dictionaries]), value_set=value_set
    )
    bounds = np.cumsum([0, *(len(d) for d in dictionaries)])
    tables = []
    for d, (a, b) in enumerate(zip(bounds[:-1], bounds[1:], strict=True)):
        part = found.slice(a, b - a)
        table = part.to_numpy(zero_copy_only=False)
        if part.null_count:  # a value not among them: fine only if no row has it
            seen = np.zeros(b - a + 1, dtype=bool)
            for chunk in (c for c, w in zip(chunks, which, strict=True) if w == d):
                seen[_indices(chunk)] = True
            if np.isnan(table[seen[:-1]]).any():
                return None
            table = np.nan_to_num(table, nan=-1)
        tables.append(np.append(table, -1).astype(small))
    codes = _take_codes(chunks, which, tables, small)
    return pd.Categorical.from_codes(codes, dtype=like.dtype, validate=False)


def _code_dtype(k: int) -> Any:
    """The smallest signed integer dtype holding the codes of `k` categories and -1."""
    return np.int8 if k < 2**7 else np.int16 if k < 2**15 else np.int32


def _take_codes(chunks: list, which: list[int], tables: list[np.ndarray], dtype: Any) -> np.ndarray:
    """Each chunk's dictionary indices through its dictionary's table (whose last entry is a
    null's code), into one array."""
    codes = np.empty(sum(len(c) for c in chunks), dtype=dtype)
    start = 0
    for chunk, w in zip(chunks, which, strict=True):
        # mode="wrap": a null's -1 takes the last entry, and NumPy writes into `out` unbuffered
        np.take(tables[w], _indices(chunk), out=codes[start : start + len(chunk)], mode="wrap")
        start += len(chunk)
    return codes


def as_text(column: pd.Series, dtype: Any = None) -> pd.Index:
    """A categorical column read with ``read_table(dictionaries=...)`` as its text again (a
    missing value stays missing), in the `dtype` of the text read (default: its categories').

    Examples
    --------
    >>> as_text(pd.Series(pd.Categorical(["b", None, "a"]))).isna().tolist()
    [False, True, False]
    >>> as_text(pd.Series(pd.Categorical(["b"], categories=pd.Index(["b"], dtype=object))), "string")
    Index(['b'], dtype='string')
    """
    codes = column.cat.codes.to_numpy()
    categories = column.cat.categories
    if dtype is not None:  # the few distinct values converted, not every row
        categories = categories.astype(dtype)
    out = categories.take(codes, allow_fill=True, fill_value=np.nan)
    if out.dtype == object and (codes < 0).any():  # missing as pandas reads object text: None
        values = out.to_numpy(dtype=object)
        values[codes < 0] = None
        out = pd.Index(values, dtype=object, name=out.name)
    return out


def texts_again(table: pd.DataFrame, columns: Mapping[str, Any] | Iterable[str]) -> pd.DataFrame:
    """`table` with those of `columns` it holds as categoricals (read with
    ``read_table(dictionaries=...)``) as text again (:func:`as_text`); a mapping gives each
    column's text dtype.

    Examples
    --------
    >>> table = pd.DataFrame({"player": pd.Categorical(["b", "a"]), "rank": [1, 2]})
    >>> texts_again(table, ["player", "event"])["player"].tolist()
    ['b', 'a']
    """
    dtypes = dict(columns) if isinstance(columns, Mapping) else dict.fromkeys(columns)
    shown = {
        c: d
        for c, d in dtypes.items()
        if c in table.columns and isinstance(table[c].dtype, pd.CategoricalDtype)
    }
    if not shown:
        return table
    return table.assign(**{c: as_text(table[c], d) for c, d in shown.items()})


def coded_texts(
    frame: pd.DataFrame, columns: Sequence[str], shared: Mapping[str, str] | None = None
) -> tuple[pd.DataFrame, dict[str, Any]]:
    """`frame` with those of `columns` it holds as Arrow text as categoricals of sorted
    categories, as ``read_table(dictionaries=..., shared=...)`` reads them from Parquet (a
    column of `shared` with the categories of the column it names, when they hold its values),
    and their text dtypes, for :func:`texts_again`. Rows are then taken as integer codes, not
    as strings copied.

    Examples
    --------
    >>> frame = pd.DataFrame({"player": ["b", "a"], "opponent": ["a", "b"]}, dtype="string[pyarrow]")
    >>> coded, text = coded_texts(frame, ["player", "opponent"], {"opponent": "player"})
    >>> coded["opponent"].cat.categories.tolist(), texts_again(coded, text).equals(frame)
    (['a', 'b'], True)
    """
    import pyarrow as pa

    text = {
        c: frame[c].dtype
        for c in columns
        if c in frame.columns
        and isinstance(frame[c].array, pd.arrays.ArrowExtensionArray | pd.arrays.ArrowStringArray)
    }
    coded: dict[str, pd.Categorical] = {}
    for c in text:
        column = pa.array(frame[c].array).dictionary_encode()  # (the Arrow data: no copy)
        if not isinstance(column, pa.ChunkedArray):
            column = pa.chunked_array([column])
        like = (shared or {}).get(c)
        same = _shared_categorical(column, coded[like]) if like in coded else None
        coded[c] = _sorted_categorical(column) if same is None else same
    if not coded:
        return frame, {}
    return frame.assign(**{c: pd.Series(v, index=frame.index) for c, v in coded.items()}), text


def _dictionaries(chunks: list) -> tuple[list, list[int]]:
    """The distinct dictionaries of a column's chunks (the chunks of one row group share theirs)
    and the index of each chunk's."""
    dictionaries: list = []
    which = []
    for chunk in chunks:
        if not dictionaries or not chunk.dictionary.equals(dictionaries[-1]):
            dictionaries.append(chunk.dictionary)
        which.append(len(dictionaries) - 1)
    return dictionaries, which


def _indices(chunk: Any) -> np.ndarray:
    """The dictionary indices of one chunk as NumPy integers, -1 for a null."""
    import pyarrow.compute as pc

    indices = pc.fill_null(chunk.indices, -1) if chunk.null_count else chunk.indices
    return indices.to_numpy()


def table_columns(path: str | os.PathLike) -> list[str]:
    """The column names of a CSV or Parquet file, read from its header or schema only.

    A CSV header is parsed as one CSV record (quotes, a byte-order mark), as pandas reads it.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "t.csv"
    >>> _ = write_table(pd.DataFrame({"event": ["A"], "round": [1]}), p)
    >>> table_columns(p)
    ['event', 'round']
    """
    path = Path(path)
    note_input(path)
    suffix = path.suffix.lower()
    if suffix == ".csv":  # the first record only (a parser for one line costs 100x less)
        encoding = csv_encoding(path)
        with open(path, newline="", encoding=encoding, errors="replace") as fh:
            return next(csv.reader(fh), [])
    if suffix in (".parquet", ".pq"):
        import pyarrow as pa
        import pyarrow.parquet as pq

        try:
            return list(pq.read_schema(path).names)
        except (pa.ArrowException, OSError) as exc:
            if isinstance(exc, FileNotFoundError):
                raise
            raise ValidationError(f"{path}: not a readable Parquet file ({exc})") from None
    raise ValueError(f"{path}: unknown table format {suffix!r}; expected .csv or .parquet")


def _same_file_as(target: Path) -> Callable[[Path], bool]:
    """Whether a path names the file `target` names: the same device and inode when both exist
    (through links too), the same resolved path when neither does. One ``stat`` per path asked
    about (a folder's thousand inputs are checked at the cost of listing them)."""
    try:
        st = os.stat(target)
        ident: tuple[int, int] | None = (st.st_dev, st.st_ino)
    except OSError:
        ident = None

    def same(source: Path) -> bool:
        try:
            found = os.stat(source)
        except OSError:  # no such file: the same only as a target that does not exist either
            try:
                return ident is None and source.resolve() == target.resolve()
            except (OSError, RuntimeError):
                return False
        return ident is not None and (found.st_dev, found.st_ino) == ident

    return same


def write_table(
    frame: pd.DataFrame, path: str | os.PathLike, *, inputs: Iterable[str | os.PathLike] = ()
) -> Path:
    """Write `frame` to CSV or Parquet (by extension), atomically.

    The table is written to a temporary file in the target folder, then renamed over `path`, so a
    reader never sees half a file and an interrupted write leaves the old file intact.

    Parameters
    ----------
    frame : pandas.DataFrame
        What to write (without its index).
    path : path-like
        Target file; ``.csv`` or ``.parquet``. Missing folders are created.
    inputs : iterable of path-like
        Files the frame was computed from; writing over one of them is refused.

    Returns
    -------
    pathlib.Path
        The written path.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats import write_table
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> write_table(pd.DataFrame({"event": ["A"], "rank": [1]}), folder / "out" / "t.csv").name
    't.csv'
    >>> write_table(pd.DataFrame({"x": [1]}), folder / "t.xlsx")
    Traceback (most recent call last):
    ...
    ValueError: ...t.xlsx: unknown table format '.xlsx'; expected one of .csv, .parquet, .pq
    """
    path = check_target(path, TABLE_SUFFIXES, inputs=inputs)
    path.parent.mkdir(parents=True, exist_ok=True)
    return atomic_write(path, lambda tmp: _write(frame, tmp, path.suffix.lower()))


def check_target(
    path: str | os.PathLike,
    suffixes: Sequence[str],
    *,
    inputs: Iterable[str | os.PathLike] = (),
    what: str = "table",
) -> Path:
    """Refuse an output path with an unknown format, or that is one of the `inputs` or of the
    files read so far (:func:`tracking_inputs`)."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in suffixes:
        known = ", ".join(suffixes)
        raise ValueError(f"{path}: unknown {what} format {suffix!r}; expected one of {known}")
    same = _same_file_as(path)
    given = [Path(p) for p in inputs]
    for source in [*given, *sorted(_READ.get() or ())]:
        if same(source):
            folder = next((f for f in given if f.is_dir() and f in source.parents), None)
            where = f" (a file of the folder read, {folder}: write it outside)" if folder else ""
            raise ValueError(f"refusing to write over the input file {source}{where}")
    _check_writable(path)
    return path


def _check_writable(path: Path) -> None:
    """Refuse a target that is a folder, or whose folder cannot be made or written in (a file
    in the way, no permission): before anything is computed or written."""
    if path.is_dir():
        raise ValueError(f"{path}: is a folder, not a file to write")
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir():
        raise ValueError(f"{path}: cannot write there: {folder} is a file, not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ValueError(f"{path}: cannot write there: no permission to write in {folder}")


def _write(frame: pd.DataFrame, tmp: Path, suffix: str) -> None:
    if suffix == ".csv":
        frame.to_csv(tmp, index=False)
        return
    plain = _nearly_distinct(frame)
    dictionary = [c for c in frame.columns if c not in plain] if plain else True
    frame.to_parquet(tmp, index=False, use_dictionary=dictionary)


#: the values of a float column sampled by :func:`_nearly_distinct`
_SAMPLE = 10_000


def _nearly_distinct(frame: pd.DataFrame) -> set[Hashable]:
    """The floating-point columns whose values are nearly all distinct (of a sample of them, 97 %
    or more; computed ratios such as a tie-break's), written to Parquet without a dictionary:
    the writer would fill a dictionary page (131,072 doubles), then fall back to plain
    encoding, having held the column's encoded pages meanwhile (about 30 MB more memory for a
    standings table of 320,000 rows, and a larger file)."""
    out: set[Hashable] = set()
    if len(frame) <= _SAMPLE:
        return out
    for i, (name, dtype) in enumerate(frame.dtypes.items()):
        if dtype.kind == "f":
            values = frame.iloc[:, i].to_numpy(dtype=np.float64, na_value=np.nan)
            sample = values[:: len(values) // _SAMPLE]
            if pd.unique(sample).size >= 0.97 * sample.size:
                out.add(name)
    return out


def atomic_write(path: str | os.PathLike, write: Callable[[Path], object]) -> Path:
    """Call ``write(tmp_path)`` then rename the temporary file to `path`.

    The temporary file lives in the same folder (so the rename is atomic) and is removed when
    `write` fails.
    """
    path = Path(path)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes 0600; give the file ordinary permissions
        write(tmp)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return path
