"""Team chess benchmark: a season of team events, the team standings of all at once.

    python tests/benchmarks/bench_chess_teams.py --events 1000

Each event: 12 teams of 6 boards (and up to 2 reserves) x 9 rounds, a Swiss event paired by
match points (tests/chess_team_data.py: forfeited boards, forfeited matches, team byes), every
event in one board-rows frame (about 12 x 6 x 9 = 648 board rows an event). Times
:func:`tourneystats.chess.team_standings` with MP first and the tie-breaks ``EDE, EMGSB/C1,
BH:GP/C1, SB:MP, MPvGP, TBR, BC, SSSC`` under fide2024 (best of `--repeat`), in this process.

Measured here (2 cores shared with other work, load about 10, pandas 3): 1,000 events, 620,000
board rows, 3.4 s (validation 60 %, the tie-breaks themselves 0.3 s). FIDE's TieBreakServer, for
comparison, takes about a second per event for one call (a Python process per file, in
``compare_tbs_teams.py``): some 20 minutes for the same season.

With ``--tbs DIR`` (a TieBreakServer checkout) the first ``--tbs-events`` events of the season
are also written as TRF-16 team files and TieBreakServer computes the same order on each, one
process per file and, again, in one process kept for all; its time is given per event and for
the season at that rate.

Measured 2026-12-07 (load 5-6: two oracle runs beside it): team_standings 3.0 s (best of 3; 2.1
to 2.4 s in a second run, also with ``EDE/P`` for ``EDE`` and with the order of FIDE's sample
TRF-2026, ``EDEBT/P, EMGSB/C1, BH:MP/C1, MPvGP``). TieBreakServer 14a34a2 on the first 50
events: 0.46 s an event with a process per file (7.6 min for the 1,000), 0.12 s an event in one
process kept (1.9 min).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))

from chess_team_data import random_team_event  # noqa: E402

from tourneystats.chess import team_standings  # noqa: E402

TIEBREAKS = ["EDE", "EMGSB/C1", "BH:GP/C1", "SB:MP", "MPvGP", "TBR", "BC", "SSSC"]


def season(n_events: int) -> pd.DataFrame:
    """The board rows of `n_events` events of 12 teams x 6 boards x 9 rounds."""
    frames = [
        random_team_event(s, teams=12, boards=6, rounds=9, round_robin=False, event=f"E{s:05d}")[0]
        for s in range(n_events)
    ]
    return pd.concat(frames, ignore_index=True)


def cached_season(n_events: int, cache: Path | None) -> pd.DataFrame:
    """:func:`season`, read from (or kept in) the Parquet file `cache` when one is given."""
    if cache is not None and cache.exists():
        return pd.read_parquet(cache)
    boards = season(n_events)
    if cache is not None:
        boards.to_parquet(cache)
    return boards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cache", type=Path, help="a Parquet file keeping the season made")
    parser.add_argument("--tbs", type=Path, help="a TieBreakServer checkout to time too")
    parser.add_argument("--tbs-events", type=int, default=50, help="the events TBS computes")
    args = parser.parse_args()
    start = time.perf_counter()
    boards = cached_season(args.events, args.cache)
    made = time.perf_counter() - start
    print(f"{boards['event'].nunique()} events, {len(boards):,} board rows ({made:.1f} s to make)")
    best = float("inf")
    for _ in range(args.repeat):
        start = time.perf_counter()
        table = team_standings(boards, tiebreaks=TIEBREAKS, rules="fide2024")
        best = min(best, time.perf_counter() - start)
    print(f"team_standings, {len(TIEBREAKS)} tie-breaks: {best:.2f} s (best of {args.repeat}); "
          f"{len(table):,} team rows")  # fmt: skip
    if args.tbs is not None:
        time_tbs(args.tbs, args.tbs_events, args.events)


def time_tbs(tbs: Path, n_files: int, n_events: int) -> None:
    """TieBreakServer's time for the season's first `n_files` events (the same seeds, written
    as TRF-16 team files), per event and at that rate for `n_events`."""
    import tempfile

    import compare_tbs_teams as oracle
    from chess_team_data import write_team_trf

    codes = ["MPTS", *(c.upper() for c in TIEBREAKS)]
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for s in range(n_files):
            path = Path(folder) / f"E{s:05d}.trf"
            write_team_trf(s, path, teams=12, boards=6, rounds=9, round_robin=False)
            paths.append(path)
        for keep in (False, True):
            oracle.KEEP[0] = keep
            oracle.tbs_table(tbs, sys.executable, paths[0], codes, False)  # (started, warm)
            start = time.perf_counter()
            for path in paths:
                oracle.tbs_table(tbs, sys.executable, path, codes, False)
            each = (time.perf_counter() - start) / n_files
            how = "one process kept" if keep else "a process per file"
            print(f"TieBreakServer ({how}): {each:.2f} s an event ({n_files} events); "
                  f"{each * n_events / 60:.1f} min for {n_events:,}")  # fmt: skip


if __name__ == "__main__":
    main()
