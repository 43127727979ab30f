"""Baseline for the league benchmark: the leaderboard as one hand-written DuckDB query.

``python tests/benchmarks/bench.py --family league`` runs this next to our command
(``tourneystats standings FILE --family league``: start weight K = 10 rounds, ``top-up``) on the
same cached file, alternating. The file has no ``league`` column, so the league is the file's
name (as our reader names it) and each ``season`` is ranked on its own. Per season and player:

- tournaments in date (then id) order; a tournament's rounds are its distinct played rounds,
  its target the median target of its matches (0 with none: a final-score-only evening), the
  season's typical target the median target of all its matches;
- points (every row, final scores too), matches (rows with a round), wins and draws (the
  team's points above / at half the target), losses, the points and the targets of the played
  rows;
- absent rounds: the rounds of the season's tournaments after the player's first that he
  missed; prior rounds: max(0, 10 - matches);
- ranking = 100 (4 P + 2 V) / (4 M + 4 V) with 2 V = prior x 2 typical + the sum of absent
  rounds x 2 target (P, M: points and targets of the played rows), missing without a match;
- place: competition ranking by ranking (compared after rounding to 9 decimals), missing for a
  missing ranking; rows by season, place, then matches, points and wins descending and the
  name in Swedish order (a to z, then å, ä, ö, ignoring case; the generated names have no other
  letters), the order of our table.

The first CTE is ``NOT MATERIALIZED`` (DuckDB reads the file again where it is used: faster, as
measured, than keeping its rows).

``python tests/benchmarks/bench_league_duckdb.py FILE.parquet`` compares the two on FILE.
"""

from __future__ import annotations

from pathlib import Path

from bench_league import IDS, TABLE_SIZES
from bench_league import SIZES as _LEAGUE_SIZES
from common import check_main, parquet_rows

SIZES = {name: params for name, params in _LEAGUE_SIZES.items() if not name.endswith("-history")}
CACHE_FAMILY = "league"
__all__ = ["IDS", "QUERY", "SIZES", "TABLE_SIZES", "check", "run"]

QUERY = """
COPY (
  WITH rows AS NOT MATERIALIZED (
    SELECT season, tournament, date, round, match, player, points, target,
           round IS NOT NULL AS played
    FROM read_parquet('{src}')
  ), tournaments AS (
    SELECT season, tournament,
           row_number() OVER (PARTITION BY season ORDER BY min(date), tournament) AS t_no,
           count(DISTINCT round) AS t_rounds
    FROM rows GROUP BY season, tournament
  ), matches AS (
    SELECT DISTINCT season, tournament, round, match, target FROM rows WHERE played
  ), targets AS (
    SELECT season, tournament, CAST(2 * median(target) AS BIGINT) AS target2
    FROM matches GROUP BY season, tournament
  ), typical AS (
    SELECT season, CAST(2 * median(target) AS BIGINT) AS typical2 FROM matches GROUP BY season
  ), attended AS (
    SELECT DISTINCT season, player, tournament FROM rows
  ), firsts AS (
    SELECT season, player, min(t_no) AS first_t
    FROM attended JOIN tournaments USING (season, tournament) GROUP BY season, player
  ), absences AS (
    SELECT f.season, f.player, sum(t.t_rounds) AS absent_rounds,
           sum(t.t_rounds * coalesce(g.target2, 0)) AS absent2
    FROM firsts f
    JOIN tournaments t ON t.season = f.season AND t.t_no > f.first_t
    LEFT JOIN targets g ON g.season = t.season AND g.tournament = t.tournament
    ANTI JOIN attended a
      ON a.season = f.season AND a.player = f.player AND a.tournament = t.tournament
    GROUP BY f.season, f.player
  ), players AS (
    SELECT season, player, sum(points) AS points, count(round) AS matches,
           count(*) FILTER (WHERE played AND 2 * points > target) AS wins,
           count(*) FILTER (WHERE played AND 2 * points = target) AS draws,
           coalesce(sum(points) FILTER (WHERE played), 0) AS played_points,
           coalesce(sum(target), 0) AS played_possible
    FROM rows GROUP BY season, player
  ), board AS (
    SELECT p.*, greatest(10 - matches, 0) AS prior_rounds,
           coalesce(a.absent_rounds, 0) AS absent_rounds,
           greatest(10 - matches, 0) * y.typical2 + coalesce(a.absent2, 0) AS virtual2
    FROM players p
    JOIN typical y USING (season)
    LEFT JOIN absences a USING (season, player)
  ), ranked AS (
    SELECT *, CASE WHEN matches > 0
                   THEN CAST(100 * (4 * played_points + virtual2) AS DOUBLE)
                        / CAST(4 * played_possible + 2 * virtual2 AS DOUBLE) END AS ranking
    FROM board
  )
  SELECT '{league}' AS league, season,
         CASE WHEN ranking IS NOT NULL
              THEN rank() OVER (PARTITION BY season ORDER BY round(ranking, 9) DESC NULLS LAST)
              END AS place,
         player, ranking, CAST(points AS BIGINT) AS points, matches, wins, draws,
         matches - wins - draws AS losses, prior_rounds, CAST(absent_rounds AS BIGINT) AS absent_rounds
  FROM ranked
  ORDER BY season, round(ranking, 9) DESC NULLS LAST, matches DESC, points DESC, wins DESC,
           {name_order}
) TO '{out}' (FORMAT parquet)
"""

#: the Swedish order of the generated names: a-z, then å, ä, ö (the characters after z), any case
SWEDISH = "replace(replace(replace(lower(player), 'å', '{{'), 'ä', '|'), 'ö', '}}'), player"


def run(path: Path, out_dir: Path) -> int:
    """Run the query on `path`, writing ``OUT_DIR/standings.parquet``; return the input rows."""
    import duckdb

    kind = duckdb.sql(f"SELECT typeof(player) FROM read_parquet('{path}') LIMIT 1").fetchall()
    name_order = SWEDISH.format() if kind and kind[0][0] == "VARCHAR" else "player"
    out = Path(out_dir) / "standings.parquet"
    duckdb.sql(QUERY.format(src=path, out=out, league=path.stem, name_order=name_order))
    return parquet_rows(path)


def check(ours, theirs) -> bool:
    """Print how the query's standings differ from ours; True when they agree."""
    from common import compare

    return compare(
        ours,
        theirs,
        keys=["league", "season", "player"],
        exact=[
            "place",
            "points",
            "matches",
            "wins",
            "draws",
            "losses",
            "prior_rounds",
            "absent_rounds",
        ],  # fmt: skip
        close=["ranking"],
    )


if __name__ == "__main__":  # python tests/benchmarks/bench_league_duckdb.py CACHED.parquet
    import sys

    sys.exit(check_main(sys.modules[__name__], "league"))
