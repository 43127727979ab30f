"""Team pools: a season of round-robin pools scored in one call, against one DuckDB query.

``python tests/benchmarks/bench_bridge_teams.py [--pools 1000] [--teams 8] [--rounds 7]
[--boards 16]`` writes a synthetic season (``tourneystats.synth.bridge_teams``: board results
of every match, two tables a board) to a Parquet file in a temporary folder, then times, each in
a fresh process so that its peak memory is its own:

- ``ours``: read the file, ``bridge.pool_standings(frame, rules=...)`` (net scores, IMPs per
  board, IMPs and WBF 2013 VPs per match, the standings with the tie-breaks of ``--rules``);
- ``duckdb``: one SQL query doing the same up to the VP order and the overall IMP quotient (net
  score per board, IMPs by a join on the WBF table, VPs by a join on the WBF 2013 table for the
  match's boards, totals per team, ``rank()`` over VPs): no head-to-head criteria, which SQL
  cannot express without a recursive query.

It checks that both give every team the same VPs and IMPs and, under ``--rules vp_only``, the
same places, and prints seconds and peak RSS of each. DuckDB is not a dependency of
tourneystats: ``pip install -e '.[bench]'`` to run this.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

QUERY = """
COPY (
  WITH rows AS (
    SELECT event, round, home_team, visit_team, board,
           CASE WHEN home_side = 'NS' THEN ns_score ELSE -ns_score END AS signed
    FROM read_parquet('{src}')
  ), boards AS (
    SELECT event, round, home_team, visit_team, board, sum(signed) AS net, count(*) AS n
    FROM rows GROUP BY ALL
  ), imped AS (
    SELECT b.*, sign(net) * i.imps AS imps
    FROM boards b JOIN read_parquet('{imp}') i ON abs(b.net) >= i.low AND abs(b.net) < i.high
  ), matches AS (
    SELECT event, round, home_team, visit_team, count(*) AS boards,
           sum(greatest(imps, 0)) AS hi, sum(greatest(-imps, 0)) AS vi
    FROM imped GROUP BY ALL
  ), vps AS (
    SELECT m.*, v.vp AS hvp, round(20 - v.vp, 2) AS vvp
    FROM (SELECT *, least(abs(hi - vi), 1000) AS margin, hi >= vi AS home_up FROM matches) m
    JOIN read_parquet('{vp}') v ON v.boards = m.boards AND v.margin = m.margin
  ), sides AS (
    SELECT event, home_team AS team, hi AS f, vi AS a,
           CASE WHEN home_up THEN hvp ELSE vvp END AS vp FROM vps
    UNION ALL
    SELECT event, visit_team, vi, hi, CASE WHEN home_up THEN vvp ELSE hvp END FROM vps
  ), totals AS (
    SELECT event, team, count(*) AS matches, sum(f) AS imps_for, sum(a) AS imps_against,
           round(sum(vp), 2) AS vp
    FROM sides GROUP BY ALL
  )
  SELECT *, rank() OVER (PARTITION BY event ORDER BY vp DESC) AS rank
  FROM totals ORDER BY event, rank, team
) TO '{out}' (FORMAT parquet)
"""


def _tables(folder: Path, boards: int) -> tuple[Path, Path]:
    """The WBF IMP table and the WBF 2013 VP table (winner's VPs per margin) as Parquet."""
    import numpy as np
    import pandas as pd

    from tourneystats.bridge import IMP_BOUNDS, victory_points

    bounds = np.asarray(IMP_BOUNDS, dtype=np.int64)
    imp = pd.DataFrame({"low": np.concatenate([[0], bounds]),
                        "high": np.concatenate([bounds, [10**9]]),
                        "imps": np.arange(len(bounds) + 1)})  # fmt: skip
    margins = np.arange(1001)
    vp = pd.DataFrame({"boards": boards, "margin": margins,
                       "vp": victory_points(margins, np.full(len(margins), boards))})  # fmt: skip
    imp_path, vp_path = folder / "imp.parquet", folder / "vp.parquet"
    imp.to_parquet(imp_path)
    vp.to_parquet(vp_path)
    return imp_path, vp_path


def _ours(src: Path, out: Path, rules: str) -> None:
    import pandas as pd

    from tourneystats import bridge

    frame = pd.read_parquet(src)
    bridge.pool_standings(frame, rules=rules).to_parquet(out)


def _duckdb(src: Path, out: Path, imp: Path, vp: Path) -> None:
    import duckdb

    duckdb.sql(QUERY.format(src=src, out=out, imp=imp, vp=vp))


def _peak_mb() -> float:
    """Peak resident memory of this process in MB: VmHWM, which exec resets (ru_maxrss keeps
    the forking parent's)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _child(argv: list[str]) -> None:
    """Run one side, print seconds and peak RSS (MB)."""
    which, src, out = argv[0], Path(argv[1]), Path(argv[2])
    start = time.perf_counter()
    if which == "ours":
        _ours(src, out, argv[3])
    else:
        _duckdb(src, out, Path(argv[3]), Path(argv[4]))
    seconds = time.perf_counter() - start
    peak = _peak_mb()
    print(f"{seconds:.3f} {peak:.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pools", type=int, default=1000)
    parser.add_argument("--teams", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--boards", type=int, default=16)
    parser.add_argument("--rules", default="vp_only")
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()

    import pandas as pd

    from tourneystats.synth import bridge_teams

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        season = bridge_teams(args.pools, args.teams, rounds=args.rounds,
                              boards_per_match=args.boards, seed=1)  # fmt: skip
        season = season.drop(columns=["contract", "declarer", "tricks"])
        src = folder / "season.parquet"
        season.to_parquet(src)
        imp, vp = _tables(folder, args.boards)
        print(f"{len(season):,} board results, {args.pools:,} pools of {args.teams} teams, "
              f"{args.rounds} rounds of {args.boards} boards")  # fmt: skip
        runs = {"ours": [args.rules], "duckdb": [str(imp), str(vp)]}
        for _ in range(args.repeat):
            for which, extra in runs.items():
                out = folder / f"{which}.parquet"
                done = subprocess.run(
                    [sys.executable, __file__, "--child", which, str(src), str(out), *extra],
                    check=True, capture_output=True, text=True,
                )  # fmt: skip
                seconds, peak = done.stdout.split()
                print(f"{which:7s} {float(seconds):7.2f} s  peak RSS {peak} MB")
        ours = pd.read_parquet(folder / "ours.parquet")
        theirs = pd.read_parquet(folder / "duckdb.parquet")
        key = ["event", "team"]
        both = ours.merge(theirs, on=key, suffixes=("", "_sql"))
        assert len(both) == len(ours) == len(theirs)
        for col in ("vp", "imps_for", "imps_against"):
            worst = (both[col] - both[f"{col}_sql"]).abs().max()
            print(f"largest difference in {col}: {worst}")
        if args.rules == "vp_only":
            print(f"places that differ: {(both['rank'] != both['rank_sql']).sum()}")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        _child(sys.argv[2:])
    else:
        main()
