"""Baseline for the chess benchmark: PTS, BH/C1, BH and SB as one hand-written DuckDB query.

``python tests/benchmarks/bench.py --family chess`` runs this next to our command (``tourneystats
standings FILE --family chess --tiebreaks BH/C1,BH,SB``, default rules ``adjusted``) on the same
cached file, alternating. The query computes, per event and player:

- PTS: the sum of the points;
- the adjusted score: points of the games played over the board + 1/2 per unplayed round (a
  forfeit, any bye, an absence: every ``kind`` but ``played``);
- per round, the opponent's score as counted and the result: a game played over the board counts
  the opponent's adjusted score and the points; an unplayed round counts the player's own
  adjusted score and 1/2 (a draw against himself, the ``adjusted`` rule);
- BH = the sum of the scores as counted, BH/C1 = BH less the lowest of them, SB = the sum of
  result x score as counted;
- rank: competition ranking per event by PTS, BH/C1, BH, SB, descending (compared after rounding
  to 9 decimals), rows by event, rank, then player id.

What it does not do, and where the generated data make it not matter: an event's rounds without
a row are absences (``zpb``) for us, and the query only sees rows; the generator writes every
player's row in every round (a withdrawn player's later rounds as ``zpb`` rows). No event is a
round robin (whose forfeits would count as played games). Events come out in their sorted
order, ours in their order of appearance: the generator writes them in sorted order.

The first CTE is ``NOT MATERIALIZED`` (DuckDB reads the file again where it is used: faster, as
measured, than keeping its rows).

``python tests/benchmarks/bench_chess_duckdb.py FILE.parquet`` compares the two on FILE.
"""

from __future__ import annotations

from pathlib import Path

from bench_chess import COMMAND_OPTIONS, IDS, TABLE_SIZES
from bench_chess import SIZES as _CHESS_SIZES
from common import check_main, parquet_rows

SIZES = {name: params for name, params in _CHESS_SIZES.items() if not name.endswith("-full")}
CACHE_FAMILY = "chess"
__all__ = ["IDS", "QUERY", "SIZES", "TABLE_SIZES", "check", "run"]

QUERY = """
COPY (
  WITH rows AS NOT MATERIALIZED (
    SELECT event, player, opponent, points, kind = 'played' AS played
    FROM read_parquet('{src}')
  ), players AS (
    SELECT event, player, sum(points) AS pts,
           sum(CASE WHEN played THEN points ELSE 0.5 END) AS adjusted
    FROM rows GROUP BY event, player
  ), rounds AS (
    SELECT r.event, r.player,
           CASE WHEN r.played THEN o.adjusted ELSE p.adjusted END AS score,
           CASE WHEN r.played THEN r.points ELSE 0.5 END AS result
    FROM rows r
    JOIN players p ON p.event = r.event AND p.player = r.player
    LEFT JOIN players o ON r.played AND o.event = r.event AND o.player = r.opponent
  ), tiebreaks AS (
    SELECT event, player, sum(score) - min(score) AS bh_c1, sum(score) AS bh,
           sum(result * score) AS sb
    FROM rounds GROUP BY event, player
  )
  SELECT event, player,
         rank() OVER (PARTITION BY event ORDER BY round(pts, 9) DESC, round(bh_c1, 9) DESC,
                      round(bh, 9) DESC, round(sb, 9) DESC) AS rank,
         pts AS "PTS", bh_c1 AS "BH/C1", bh AS "BH", sb AS "SB"
  FROM players JOIN tiebreaks USING (event, player)
  ORDER BY event, rank, player
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
        ours, theirs, keys=["event", "player"], exact=["rank"], close=["PTS", "BH/C1", "BH", "SB"]
    )


if __name__ == "__main__":  # python tests/benchmarks/bench_chess_duckdb.py CACHED.parquet
    import sys

    sys.exit(check_main(sys.modules[__name__], "chess", COMMAND_OPTIONS))
