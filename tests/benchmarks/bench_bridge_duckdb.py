"""Baseline for the bridge benchmark: the same job as one hand-written DuckDB query.

``python tests/benchmarks/bench.py --family bridge_duckdb --size large`` runs, on the cached
input of ``--family bridge`` and through the same harness (a fresh process, timed from start to
exit, its own peak RSS), a single SQL query that matchpoints every board with Neuberg and the
artificial scores, totals and ranks every pair per line, and writes the standings to Parquet.
It writes exactly the standings of ``tourneystats standings FILE --family bridge`` (checked by
:func:`same_standings`), so the two numbers compare like for like on the same machine at the
same moment. DuckDB is not a dependency of tourneystats: ``pip install duckdb`` to run this.

MP of a real result among the board's real results = 2 x (results below) + (equal results - 1)
= ``rank - 1 + round(cume_dist x n_real) - 1`` over one sorted window.
"""

from __future__ import annotations

from pathlib import Path

from bench_bridge import SIZES as _BRIDGE_SIZES

#: the matchpoint sizes of the bridge benchmark, read from its cache files
SIZES = {name: params for name, params in _BRIDGE_SIZES.items() if "butler" not in name}
CACHE_FAMILY = "bridge"

QUERY = """
COPY (
  WITH board AS (
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
  SELECT *, rank() OVER (PARTITION BY event, section, line ORDER BY percentage DESC) AS rank
  FROM totals
) TO '{out}' (FORMAT parquet)
"""


def generate(path: Path, **params) -> None:  # pragma: no cover - the bridge cache is used
    from bench_bridge import generate as bridge_generate

    bridge_generate(path, **params)


def run(path: Path, out_dir: Path) -> int:
    """Run the query on `path`; return the number of traveller lines."""
    import duckdb

    out = Path(out_dir) / "standings.parquet"
    duckdb.sql(QUERY.format(src=path, out=out))
    return duckdb.sql(f"SELECT count(*) FROM read_parquet('{path}')").fetchall()[0][0]


def same_standings(path: Path, out_dir: Path) -> bool:
    """Whether the query's standings equal tourneystats' on `path` (MP to 1e-9, same places)."""
    import pandas as pd

    from tourneystats import bridge

    run(path, out_dir)
    got = pd.read_parquet(Path(out_dir) / "standings.parquet")
    want = bridge.standings_from_path(path).astype({"line": str})
    both = want.merge(got, on=["event", "section", "line", "pair"], suffixes=("", "_sql"))
    return (
        len(both) == len(want) == len(got)
        and bool((both["boards"] == both["boards_sql"]).all())
        and bool(((both["mp"] - both["mp_sql"]).abs() < 1e-9).all())
        and bool((both["rank"] == both["rank_sql"]).all())
    )


if __name__ == "__main__":  # python tests/benchmarks/bench_bridge_duckdb.py CACHED.parquet
    import sys
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        print("same standings:", same_standings(Path(sys.argv[1]), Path(tmp)))
