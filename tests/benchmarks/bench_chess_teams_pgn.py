"""Benchmark: a season of team events in one PGN file (``WhiteTeam``/``BlackTeam`` tags) read as
board rows and ranked.

``python tests/benchmarks/bench_chess_teams_pgn.py [--events 1000]`` writes a season of round
robins of 12 teams x 6 boards x 9 rounds (324 games an event; 1,000 events: 324,000 games, 67 MB,
the games of a round numbered ``"r.g"`` across its matches as the 4NCL's files are), then times
:func:`tourneystats.chess.teampgn.read_team_pgn` beside :func:`tourneystats.chess.read_pgn` (the
same file read as individual games) and :func:`tourneystats.chess.standings_from_path`.

Measured on the 2-core machine of this project (1,000 events): read_pgn 2.5 s, read_team_pgn
2.7 s (648,000 board rows), standings_from_path with ``GP, EDE`` 3.7 s.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import numpy as np

TEAMS, BOARDS, ROUNDS = 12, 6, 9


def generate(path: Path, events: int, seed: int = 1) -> None:
    """The season, written to `path`: each event a round robin (the circle method)."""
    rng = np.random.default_rng(seed)
    results = np.array(["1-0", "0-1", "1/2-1/2"])
    with open(path, "w") as fh:
        for e in range(events):
            seats = list(range(TEAMS))
            for r in range(1, ROUNDS + 1):
                seats = [seats[0], seats[-1], *seats[1:-1]]
                game = 0
                for a, b in zip(seats[: TEAMS // 2], seats[TEAMS // 2 :][::-1], strict=True):
                    for k in range(1, BOARDS + 1):
                        game += 1
                        w, bl = (a, b) if k % 2 else (b, a)
                        res = results[rng.integers(3)]
                        fh.write(
                            f'[Event "League {e}"]\n[Site "X"]\n[Date "2026.01.0{r}"]\n'
                            f'[Round "{r}.{game}"]\n[White "P{w}-{k}"]\n[Black "P{bl}-{k}"]\n'
                            f'[Result "{res}"]\n[WhiteElo "{2000 + w}"]\n[BlackElo "{2000 + bl}"]\n'
                            f'[WhiteTeam "Team {w}"]\n[BlackTeam "Team {bl}"]\n\n1. e4 e5 {res}\n\n'
                        )


def main() -> None:
    from tourneystats.chess import read_pgn, standings_from_path
    from tourneystats.chess.teampgn import read_team_pgn

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=1000)
    args = parser.parse_args()
    path = Path(tempfile.mkdtemp()) / "season.pgn"
    generate(path, args.events)
    print(f"{args.events} events, {path.stat().st_size / 1e6:.0f} MB")
    for label, run in (
        ("read_pgn", lambda: read_pgn(path).results),
        ("read_team_pgn", lambda: read_team_pgn(path).boards),
        ("standings_from_path", lambda: standings_from_path(path, tiebreaks=["GP", "EDE"])),
    ):
        start = time.perf_counter()
        rows = len(run())
        print(f"{label:20} {time.perf_counter() - start:6.2f} s  {rows:,} rows")


if __name__ == "__main__":
    main()
