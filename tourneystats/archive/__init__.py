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

The code lives in :mod:`~tourneystats.archive.dataset` (the Parquet dataset: write, list, read),
:mod:`~tourneystats.archive.importer` (a folder of source files into an archive),
:mod:`~tourneystats.archive.sources` (which family a source file holds, read with its reader),
:mod:`~tourneystats.archive.compute` (standings of every event, pandas and Dask engines),
:mod:`~tourneystats.archive.config` (per-family options) and
:mod:`~tourneystats.archive.families` (what each family stores and which kernel computes it).
"""

from .compute import DASK_HINT as DASK_HINT
from .compute import ERROR_COLUMNS as ERROR_COLUMNS
from .compute import LOCAL_CLUSTER_CONFIG as LOCAL_CLUSTER_CONFIG
from .compute import REPORT_NAME as REPORT_NAME
from .compute import STATE_DIR as STATE_DIR
from .compute import RecomputeError, RecomputeReport, recompute
from .compute import compute_partition as compute_partition
from .config import load_config
from .dataset import CHUNK_ROWS as CHUNK_ROWS
from .dataset import FORMAT_VERSION as FORMAT_VERSION
from .dataset import META_KEY as META_KEY
from .dataset import archive_files, read_archive, write_archive
from .dataset import escape_value as escape_value
from .families import FAMILIES, FamilySpec
from .importer import FILE_COLUMNS as FILE_COLUMNS
from .importer import IMPORT_REPORT, ImportReport, import_folder

__all__ = [
    "FAMILIES",
    "FamilySpec",
    "IMPORT_REPORT",
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


def __dir__() -> list[str]:  # dir() lists the public names only
    return sorted(__all__)
