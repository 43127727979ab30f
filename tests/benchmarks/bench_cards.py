"""Card-game benchmark: a synthetic archive of Swiss events, match level, as Parquet.

``large`` is the size of issue 3: 5,000 events x 64 players x 8 rounds, about 2.3 million match
rows after drops. ``run`` is the whole job, end to end: read the Parquet file, validate, compute
the standings of every event, write them as Parquet.

Run it with ``python tests/benchmarks/bench.py --family cards --size large``. Running this file
directly (``python tests/benchmarks/bench_cards.py [--size large] [--events N]``) times the
compute alone, of the vectorised code and of the plain-Python reference (``tests/reference_cards.py``)
on the first N events of the cached input.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from tourneystats.cards import read_results, standings, standings_from_path
from tourneystats.io import write_table
from tourneystats.synth import cards_season

SIZES: dict[str, dict] = {
    "small": {"n_events": 50, "n_players": 64, "n_rounds": 8},
    "medium": {"n_events": 500, "n_players": 64, "n_rounds": 8},
    "large": {"n_events": 5000, "n_players": 64, "n_rounds": 8},
}


#: the stored integer widths (the generator returns int64): small counts fit int8
COMPACT = {"round": "int16", "player": "int32", "opponent": "Int32", "wins": "int8",
           "losses": "int8", "draws": "int8"}  # fmt: skip


def generate(path: Path, *, n_events: int, n_players: int, n_rounds: int) -> None:
    """Write a synthetic season (match level, drops at 3% a round) as Parquet, with integer
    columns stored at the width they need (:data:`COMPACT`)."""
    frame = cards_season(n_events, n_players, n_rounds, seed=2024, drop_rate=0.03)
    write_table(frame.astype(COMPACT), path)


def run(path: Path, out_dir: Path) -> int:
    """Read, validate, compute every event's standings, write them; return the input rows."""
    table = standings_from_path(path)
    write_table(table, out_dir / "cards-standings.parquet", inputs=[path])
    return int(table["rounds"].sum())  # one match row per player per round played


def _compare(size: str, n_events: int) -> None:
    """Compute-only timing on the cached input: the vectorised standings on all of it (best of
    3, data already in memory), the plain-Python reference on its first `n_events` events,
    extrapolated linearly to the whole input (it is one pass over the rows plus one over the
    players)."""
    here = Path(__file__).resolve().parent
    sys.path.insert(0, str(here.parent))
    import reference_cards

    from tourneystats.cards import RULES

    path = here / ".cache" / f"cards-{size}.parquet"
    if not path.exists():
        path.parent.mkdir(exist_ok=True)
        generate(path, **SIZES[size])
    frame = read_results(path)  # as standings_from_path reads it
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        standings(frame)
        best = min(best, time.perf_counter() - t0)
    part = frame[(frame["event"].cat.codes < n_events).to_numpy()].reset_index(drop=True)
    t0 = time.perf_counter()
    reference_cards.standings(part, RULES["mtg"])
    slow = (time.perf_counter() - t0) * len(frame) / len(part)
    print(
        f"cards compute, {len(frame):,} match rows: vectorised {best:.3f} s (best of 3); "
        f"plain-Python reference {slow:.1f} s (measured on {len(part):,} rows, scaled); "
        f"{slow / best:.0f}x"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="compute-only timing: vectorised vs reference")
    parser.add_argument("--size", default="large", choices=sorted(SIZES))
    parser.add_argument("--events", type=int, default=500, help="events the reference runs on")
    args = parser.parse_args()
    _compare(args.size, args.events)
