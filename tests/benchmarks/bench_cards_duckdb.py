"""Baseline for the cards benchmark: the same standings as one hand-written DuckDB query.

``python tests/benchmarks/bench.py --family cards`` runs this next to our command on the same
cached file, alternating (``--family cards_duckdb`` runs it alone). The query computes what
``tourneystats standings FILE --family cards`` writes with the default ``mtg`` rules:

- per row, a bye (no opponent) counts as a 2-0-0 match win, whatever its game counts say;
- per player: match points (3 a won match, 1 a drawn one), game points (3 a won game, 1 a
  drawn one), rounds, games, MW% = match points / (3 x rounds) and GW% = game points / (3 x
  games), both at least 0.33 (0.33 without a game), dropped = did not play the event's last
  round;
- OMW% and OGW%: the mean of the opponents' MW% and GW% over the rounds with an opponent (byes
  left out; missing without any);
- rank: competition ranking per event by match points, OMW%, GW%, OGW%, descending, each
  compared after rounding to 9 decimals (as ``tourneystats.core.ranking``), a missing value
  last; rows by event, rank, then player id (the order of our table).

The first CTE is ``NOT MATERIALIZED``: DuckDB then reads the file again where it is used, which
measured faster than keeping its rows (about 0.35 s instead of 0.5 s at 2.3 million rows).

``python tests/benchmarks/bench_cards_duckdb.py FILE.parquet`` runs our command and this query
on FILE and prints the largest difference (every value must agree within 1e-9, ranks, counts and
row order exactly). DuckDB is not a dependency of tourneystats: ``pip install -e '.[bench]'``.
"""

from __future__ import annotations

from pathlib import Path

from bench_cards import IDS, TABLE_SIZES
from bench_cards import SIZES as _CARDS_SIZES
from common import check_main, parquet_rows

SIZES = dict(_CARDS_SIZES)
CACHE_FAMILY = "cards"
__all__ = ["IDS", "QUERY", "SIZES", "TABLE_SIZES", "check", "run"]

QUERY = """
COPY (
  WITH rows AS NOT MATERIALIZED (
    SELECT event, round, player, opponent,
           CASE WHEN opponent IS NULL THEN 2 ELSE wins END AS w,
           CASE WHEN opponent IS NULL THEN 0 ELSE losses END AS l,
           CASE WHEN opponent IS NULL THEN 0 ELSE draws END AS d
    FROM read_parquet('{src}')
  ), players AS (
    SELECT event, player,
           sum(CASE WHEN w > l THEN 3 WHEN w = l THEN 1 ELSE 0 END) AS match_points,
           sum(3 * w + d) AS game_points,
           count(*) AS rounds,
           sum(w + l + d) AS games,
           max(round) AS last_round
    FROM rows GROUP BY event, player
  ), percent AS (
    SELECT *,
           greatest(match_points / (3 * rounds), 0.33) AS mwp,
           CASE WHEN games > 0 THEN greatest(game_points / (3 * games), 0.33) ELSE 0.33 END AS gwp,
           last_round < max(last_round) OVER (PARTITION BY event) AS dropped
    FROM players
  ), opponents AS (
    SELECT r.event, r.player, avg(o.mwp) AS omwp, avg(o.gwp) AS ogwp
    FROM rows r JOIN percent o ON o.event = r.event AND o.player = r.opponent
    GROUP BY r.event, r.player
  )
  SELECT event, player,
         rank() OVER (PARTITION BY event ORDER BY match_points DESC, round(omwp, 9) DESC NULLS LAST,
                      round(gwp, 9) DESC, round(ogwp, 9) DESC NULLS LAST) AS rank,
         CAST(match_points AS BIGINT) AS match_points, CAST(game_points AS BIGINT) AS game_points,
         rounds, CAST(games AS BIGINT) AS games, mwp, gwp, omwp, ogwp, dropped
  FROM percent LEFT JOIN opponents USING (event, player)
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
        ours,
        theirs,
        keys=["event", "player"],
        exact=["rank", "match_points", "game_points", "rounds", "games", "dropped"],
        close=["mwp", "gwp", "omwp", "ogwp"],
    )


if __name__ == "__main__":  # python tests/benchmarks/bench_cards_duckdb.py CACHED.parquet
    import sys

    sys.exit(check_main(sys.modules[__name__], "cards"))
