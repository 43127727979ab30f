"""Team chess benchmark: a season of team events, the team standings after every round.

    python tests/benchmarks/bench_chess_teams_rounds.py --events 1000 --cache /tmp/teams.parquet

The season of ``bench_chess_teams.py`` (12 teams of 6 boards x 9 rounds an event, Swiss, with
forfeits and team byes). Times :func:`tourneystats.chess.teamrounds.team_standings_by_round`
with the same tie-breaks under fide2024 (best of `--repeat`), in this process: each event is
copied once per round (rounds 1 to k), about five times its board rows, ranked in one grid.

Measured here (2 cores shared with other work, load about 12): 1,000 events, 620,000 board
rows: team_standings 1.1 s, team_standings_by_round 4.7 s (108,000 rows: 12 teams x 9 rounds x
1,000 events; the copies 3.1 million board rows).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))

from bench_chess_teams import TIEBREAKS, cached_season  # noqa: E402

from tourneystats.chess import team_standings  # noqa: E402
from tourneystats.chess.teamrounds import team_standings_by_round  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--cache", type=Path, help="a Parquet file keeping the season made")
    args = parser.parse_args()
    boards = cached_season(args.events, args.cache)
    print(f"{boards['event'].nunique()} events, {len(boards):,} board rows")
    for name, function in (("team_standings", team_standings),
                           ("team_standings_by_round", team_standings_by_round)):  # fmt: skip
        best = float("inf")
        for _ in range(args.repeat):
            start = time.perf_counter()
            table = function(boards, tiebreaks=TIEBREAKS, rules="fide2024")
            best = min(best, time.perf_counter() - start)
        print(f"{name}, {len(TIEBREAKS)} tie-breaks: {best:.2f} s (best of {args.repeat}); "
              f"{len(table):,} rows")  # fmt: skip


if __name__ == "__main__":
    main()
