"""Reading and writing tables (CSV and Parquet); writes are atomic.

The functions live in :mod:`tourneystats.core.io`; this module keeps the public path
``tourneystats.io`` working.
"""

from .core.io import atomic_write, check_target, read_table, table_columns, write_table

__all__ = ["atomic_write", "check_target", "read_table", "table_columns", "write_table"]
