"""Benchmark: read one large PGN file (a broadcast-style archive of Swiss events) into frames.

``python tests/benchmarks/bench.py --family pgn --size large`` reads 1,000,000 games (about 2,200
Swiss events of 100 players x 9 rounds, 450 games each, in one 0.5 GB file) with
:func:`tourneystats.chess.read_pgn` and writes the results frame to Parquet. Target of issue 17:
under 10 s. ``generate`` writes the file ``path.with_suffix(".pgn")`` (and touches `path`, the
harness's cache marker).

Each game has the tags of a broadcast export (Event, Site, Date, Round ``"r.b"``, White, Black,
Result, Elo, title, FIDE id, federation, ECO, TimeControl) and three lines of movetext with clock
comments; players recur across events (same FIDE id and name); about 1 % of the games are
forfeits (``[Termination "Unplayed"]``, no moves).

``python tests/benchmarks/bench_pgn.py --compare PYTHON [--size medium]`` times the same read
against python-chess's ``chess.pgn.read_headers`` loop run by the interpreter PYTHON (a scratch
virtual environment with ``chess`` installed; it is not a dependency of this project).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

SIZES = {
    "small": {"n_games": 10_000},
    "medium": {"n_games": 100_000},
    "large": {"n_games": 1_000_000},
}
PLAYERS, ROUNDS = 100, 9
_TITLES = np.array(["GM", "IM", "FM", "", "", "", "", "", "", ""])
_FEDS = np.array(["FRA", "GER", "IND", "USA", "ESP", "NOR", "CHN", "NED", "ARM", "UZB"])
_MOVES = (
    "1. e4 {[%clk 1:30:00]} e5 {[%clk 1:30:00]} 2. Nf3 {[%clk 1:29:50]} Nc6 {[%clk 1:29:40]}\n"
    "3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7\n"
    "{ a comment after the opening } 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 {[%eval 0.3]}"
)


def _event_games(rng: np.random.Generator, pool: int):
    """One Swiss-like event: (round, white, black, white score) per game, player numbers into
    the pool. Each round pairs neighbours in score order (random inside a score)."""
    members = rng.choice(pool, PLAYERS, replace=False)
    strength = rng.normal(size=PLAYERS)
    score = np.zeros(PLAYERS)
    games = []
    for rnd in range(1, ROUNDS + 1):
        order = np.lexsort((rng.random(PLAYERS), -score))
        a, b = order[0::2], order[1::2]
        flip = rng.random(len(a)) < 0.5
        white, black = np.where(flip, b, a), np.where(flip, a, b)
        p = 1 / (1 + np.exp(strength[black] - strength[white]))
        u = rng.random(len(a))
        w_score = np.where(u < 0.3, 0.5, np.where(rng.random(len(a)) < p, 1.0, 0.0))
        score[white] += w_score
        score[black] += 1 - w_score
        games.append((rnd, members[white], members[black], w_score))
    return games


def write_pgn(path: Path, n_games: int, *, seed: int = 0) -> None:
    """A synthetic PGN archive of `n_games` games (see the module docstring)."""
    rng = np.random.default_rng(seed)
    pool = max(PLAYERS * 2, n_games // 4)
    fide = rng.choice(np.arange(100_000, 99_000_000), pool, replace=False)
    elo = rng.integers(1400, 2800, pool)
    title = _TITLES[rng.integers(0, len(_TITLES), pool)]
    fed = _FEDS[rng.integers(0, len(_FEDS), pool)]
    names = [f"Player{k}, Given{k % 97}" for k in range(pool)]
    per_event = PLAYERS // 2 * ROUNDS
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        written = 0
        for ev in range(-(-n_games // per_event)):
            day = 1 + ev % 20
            for rnd, white, black, w_score in _event_games(rng, pool):
                for board, (w, b, s) in enumerate(zip(white, black, w_score), 1):
                    if written == n_games:
                        return
                    forfeit = s != 0.5 and rng.random() < 0.01
                    result = "1/2-1/2" if s == 0.5 else ("1-0" if s == 1 else "0-1")
                    out.write(
                        f'[Event "Synthetic Open {ev}"]\n[Site "Somewhere, Country"]\n'
                        f'[Date "2025.{1 + ev % 12:02d}.{day + rnd:02d}"]\n'
                        f'[Round "{rnd}.{board}"]\n[White "{names[w]}"]\n[Black "{names[b]}"]\n'
                        f'[Result "{result}"]\n[WhiteElo "{elo[w]}"]\n[BlackElo "{elo[b]}"]\n'
                        + (f'[WhiteTitle "{title[w]}"]\n' if title[w] else "")
                        + (f'[BlackTitle "{title[b]}"]\n' if title[b] else "")
                        + f'[WhiteFideId "{fide[w]}"]\n[BlackFideId "{fide[b]}"]\n'
                        f'[WhiteFed "{fed[w]}"]\n[BlackFed "{fed[b]}"]\n'
                        + ('[Termination "Unplayed"]\n' if forfeit else "")
                        + '[ECO "C84"]\n[TimeControl "5400+30"]\n\n'
                        + (result if forfeit else f"{_MOVES} {result}")
                        + "\n\n"
                    )
                    written += 1


def generate(path: Path, *, n_games: int) -> None:
    write_pgn(path.with_suffix(".pgn"), n_games)
    path.touch()


def run(path: Path, out_dir: Path) -> int:
    from tourneystats import write_table
    from tourneystats.chess import read_pgn

    data = read_pgn(path.with_suffix(".pgn"))
    write_table(data.results, Path(out_dir) / "pgn-results.parquet")
    return int(data.results["opponent"].notna().sum()) // 2  # games (no byes in this file)


_READ_HEADERS = """
import sys, time, chess.pgn
t0 = time.perf_counter(); n = 0
with open(sys.argv[1], encoding="utf-8") as fh:
    while chess.pgn.read_headers(fh) is not None:
        n += 1
print(n, time.perf_counter() - t0)
"""


def compare(python: str, size: str = "medium", repeat: int = 3) -> None:
    """Games per second of read_pgn and of python-chess's read_headers (best of `repeat`)."""
    sys.path[:0] = [str(Path(__file__).resolve().parents[2])]
    from bench import CACHE

    from tourneystats.chess import read_pgn

    marker = CACHE / f"pgn-{size}.parquet"
    if not marker.exists():
        CACHE.mkdir(exist_ok=True)
        generate(marker, **SIZES[size])
    pgn = marker.with_suffix(".pgn")
    ours, theirs = [], []
    for _ in range(repeat):
        t0 = time.perf_counter()
        data = read_pgn(pgn)
        ours.append(time.perf_counter() - t0)
        done = subprocess.run([python, "-c", _READ_HEADERS, str(pgn)], capture_output=True)
        n, seconds = done.stdout.split()
        theirs.append(float(seconds))
    games = SIZES[size]["n_games"]
    print(f"{pgn.name}: {games:,} games, {pgn.stat().st_size / 1e6:,.0f} MB")
    print(f"  read_pgn              {min(ours):6.2f} s  {games / min(ours):10,.0f} games/s")
    print(f"  chess.pgn.read_headers {min(theirs):5.2f} s  {games / min(theirs):10,.0f} games/s")
    print(f"  (read_headers counted {int(n):,} games; read_pgn {len(data.results):,} rows)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="read_pgn against python-chess read_headers")
    parser.add_argument("--compare", required=True, metavar="PYTHON")
    parser.add_argument("--size", default="medium", choices=sorted(SIZES))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).parent))
    compare(args.compare, args.size, args.repeat)
