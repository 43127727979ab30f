"""Team chess archive benchmark: ``recompute`` of a season of team events against
:func:`tourneystats.chess.team_standings` on the same board rows, in this process.

    python tests/benchmarks/bench_chess_teams_archive.py --events 1000

The season of ``bench_chess_teams.py`` (12 teams of 6 boards x 9 rounds an event, Swiss, with
forfeited boards and matches and team byes), each row with its team's name and its event's date,
written into an archive (family ``chess_teams``, one season, files of about a million rows) and
recomputed with the order ``MP, EDE, EMGSB/C1, BH:GP/C1`` under fide2024 (best of `--repeat`,
``jobs=1``); the same order by ``team_standings`` on the rows alone. The difference is the
archive's reading and writing and the kernel's names and events.

Measured 2026-12-07 (2 cores shared with other work): 1,000 events, 620,000 board rows in one
archive file; recompute 1.34 s, team_standings alone 1.16 s (best of 2), the same 12,000 rows.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests"))

from bench_chess_teams import cached_season  # noqa: E402

from tourneystats.archive import read_archive, recompute, write_archive  # noqa: E402
from tourneystats.chess import team_standings  # noqa: E402

TIEBREAKS = ["MP", "EDE", "EMGSB/C1", "BH:GP/C1"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cache", type=Path, help="a Parquet file keeping the season made")
    args = parser.parse_args()
    boards = cached_season(args.events, args.cache)
    rows = boards.assign(team_name="team " + boards["team"].astype(str),
                         date=pd.Timestamp("2025-05-01"), season="2025")  # fmt: skip
    print(f"{rows['event'].nunique()} events, {len(rows):,} board rows")
    work = Path(tempfile.mkdtemp())
    try:
        write_archive(rows, work / "archive", family="chess_teams")
        config = {"chess_teams": {"tiebreaks": TIEBREAKS, "rules": "fide2024"}}
        archive, direct = float("inf"), float("inf")
        for k in range(args.repeat):
            start = time.perf_counter()
            report = recompute(work / "archive", work / f"out{k}", config=config, progress=False,
                               jobs=1)  # fmt: skip
            archive = min(archive, time.perf_counter() - start)
            assert report.ok, report.summary()
            start = time.perf_counter()
            table = team_standings(boards, tiebreaks=TIEBREAKS, rules="fide2024")
            direct = min(direct, time.perf_counter() - start)
        out = read_archive(work / "out0", family="chess_teams")
        key = ["event", "team"]
        got = out.sort_values(key, ignore_index=True)[["MP", *TIEBREAKS[1:]]]
        want = table.astype({"event": str}).sort_values(key, ignore_index=True)[got.columns]
        assert (got.to_numpy() == want.to_numpy()).all()  # the same values
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"recompute (archive read, kernel, write): {archive:.2f} s; team_standings alone: "
          f"{direct:.2f} s (best of {args.repeat}); {len(out):,} standings rows")  # fmt: skip


if __name__ == "__main__":
    main()
