"""Baseline for the bridge benchmark: the same job as one hand-written DuckDB query.

``python tests/benchmarks/bench.py --family bridge`` runs this next to our command (``tourneystats
standings FILE --family bridge``) on the same cached file, alternating (``--family
bridge_duckdb`` runs it alone): a single SQL query that matchpoints every board with Neuberg and
the artificial scores, totals and ranks every pair per line (by the percentage, compared after
rounding to 9 decimals), and writes the standings to Parquet in our order (event, section, NS
line then EW line, rank, pair). It writes exactly the standings of ``tourneystats standings FILE
--family bridge`` (``python tests/benchmarks/bench_bridge_duckdb.py FILE.parquet`` compares
them and prints the largest difference), so the two numbers compare like for like on the same
machine at the same moment. DuckDB is not a dependency of tourneystats: ``pip install -e
'.[bench]'`` to run this.

The first CTE is ``NOT MATERIALIZED`` (DuckDB reads the file again where it is used: faster, as
measured, than keeping its rows).

MP of a real result among the board's real results = 2 x (results below) + (equal results - 1)
= ``rank - 1 + round(cume_dist x n_real) - 1`` over one sorted window.
"""

from __future__ import annotations

from pathlib import Path

from bench_bridge import IDS, TABLE_SIZES
from bench_bridge import SIZES as _BRIDGE_SIZES
from common import check_main, parquet_rows

#: the matchpoint sizes of the bridge benchmark, read from its cache files
SIZES = {name: params for name, params in _BRIDGE_SIZES.items() if "butler" not in name}
CACHE_FAMILY = "bridge"
__all__ = ["IDS", "QUERY", "SIZES", "TABLE_SIZES", "check", "run"]

QUERY = """
COPY (
  WITH board AS NOT MATERIALIZED (
    SELECT event, section, board, ns_pair, ew_pair, ns_score, artificial,
           count(*) OVER (PARTITION BY event, section, board) AS n_all,
           count(ns_score) OVER (PARTITION BY event, section, board) AS n_real
    FROM read_parquet('{src}')
  ), largest AS (
    SELECT event, section, max(n_all) AS n_max FROM board GROUP BY event, section
  ), scored AS (
    SELECT b.*, l.n_max, 2 * (l.n_max - 1) AS top,
           CASE WHEN ns_score IS NOT NULL
                THEN rank() OVER w - 1 + round(cume_dist() OVER w * n_real) - 1 END AS mp_raw
    FROM board b JOIN largest l USING (event, section)
    WINDOW w AS (PARTITION BY b.event, b.section, b.board, ns_score IS NULL ORDER BY ns_score)
  ), sides AS (
    SELECT event, section, ns_pair, ew_pair, top, artificial,
           CASE WHEN ns_score IS NULL THEN top * CAST(substr(artificial, 2, 2) AS DOUBLE) / 100
                WHEN n_real = n_max THEN mp_raw
                ELSE (mp_raw + 1) * n_max / n_real - 1 END AS ns_mp
    FROM scored
  ), lines AS (
    SELECT event, section, 'NS' AS line, ns_pair AS pair, ns_mp AS mp, top FROM sides
    UNION ALL
    SELECT event, section, 'EW', ew_pair,
           CASE WHEN artificial IS NULL THEN top - ns_mp
                ELSE top * CAST(substr(artificial, 4, 2) AS DOUBLE) / 100 END, top
    FROM sides
  ), totals AS (
    SELECT event, section, line, pair, count(*) AS boards, sum(mp) AS mp, sum(top) AS top,
           100 * sum(mp) / sum(top) AS percentage
    FROM lines GROUP BY ALL
  )
  SELECT *,
         rank() OVER (PARTITION BY event, section, line ORDER BY round(percentage, 9) DESC) AS rank
  FROM totals
  ORDER BY event, section, CASE line WHEN 'NS' THEN 0 ELSE 1 END, rank, pair
) TO '{out}' (FORMAT parquet)
"""


def run(path: Path, out_dir: Path) -> int:
    """Run the query on `path`, writing ``OUT_DIR/standings.parquet``; return the input rows."""
    import duckdb

    duckdb.sql(QUERY.format(src=path, out=Path(out_dir) / "standings.parquet"))
    return parquet_rows(path)


def check(ours, theirs) -> bool:
    """Print how the query's standings differ from ours; True when they agree."""
    from common import compare

    return compare(
        ours,
        theirs,
        keys=["event", "section", "line", "pair"],
        exact=["boards", "rank"],
        close=["mp", "top", "percentage"],
    )


if __name__ == "__main__":  # python tests/benchmarks/bench_bridge_duckdb.py CACHED.parquet
    import sys

    sys.exit(check_main(sys.modules[__name__], "bridge"))
