"""Card-game benchmark: a synthetic archive of Swiss events, match level, as Parquet.

``python tests/benchmarks/bench.py --family cards --size large`` times the command
``tourneystats standings FILE.parquet --family cards --out standings.parquet`` (through the
console script's entry point, in a fresh process): read, validate, compute the standings of every
event (mtg rules), print the first tables, write the standings. The harness times the DuckDB
baseline (``bench_cards_duckdb``) on the same file, alternating with ours.

Sizes: 64 players x 8 rounds per event, drops at 3 % a round; ``medium`` 500 events (0.23
million match rows), ``large`` 5,000 (2.3 million; the size of issue 3), ``xlarge`` 20,000
(9.2 million).

Players are named by default (``--ids names``), as melee.gg exports name them: display names,
user names and a few ``Player 043`` (see ``names.py``), from a pool that grows with the archive
(about 53,000 people at ``large``, 213,000 at ``xlarge``); events are plain strings
(``E00001``). ``--ids pool`` draws the same kind of names from a fixed pool of 30,011 people.
``--ids int`` writes the integer inputs of before: players 1..64 per event, events a
categorical. Both store the integer columns at the width they need (:data:`COMPACT`).

Running this file directly (``python tests/benchmarks/bench_cards.py [--size large]
[--events N] [--ids int]``) times the compute alone, of the vectorised code and of the
plain-Python reference (``tests/reference_cards.py``), on the first N events of the cached input.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from common import run_command

SIZES: dict[str, dict] = {
    "small": {"n_events": 50, "n_players": 64, "n_rounds": 8},
    "medium": {"n_events": 500, "n_players": 64, "n_rounds": 8},
    "large": {"n_events": 5000, "n_players": 64, "n_rounds": 8},
    "xlarge": {"n_events": 20000, "n_players": 64, "n_rounds": 8},
}
#: the sizes of the published table (``bench.py --table``)
TABLE_SIZES = ("medium", "large", "xlarge")
#: the forms of the player ids the generator writes (the first is the default)
IDS = ("names", "pool", "int")
SEED = 2024

#: the stored integer widths (the generator returns int64): small counts fit int8
COMPACT = {"round": "int16", "player": "int32", "opponent": "Int32", "wins": "int8",
           "losses": "int8", "draws": "int8"}  # fmt: skip


def generate(path: Path, *, ids: str = "names", n_events: int, n_players: int, n_rounds: int):
    """Write a synthetic season (match level, drops at 3 % a round) as Parquet."""
    import names
    import numpy as np

    from tourneystats import write_table
    from tourneystats.synth import cards_season

    frame = cards_season(n_events, n_players, n_rounds, seed=SEED, drop_rate=0.03)
    frame = frame.astype(COMPACT)
    if ids in ("names", "pool"):
        event = frame["event"].cat.codes.to_numpy()
        size = names.archive_pool_size(n_events * n_players * n_rounds)
        pool = names.card_pool(SEED, size) if ids == "names" else names.card_pool(SEED)
        player = frame["player"].to_numpy()
        opponent = frame["opponent"].to_numpy(dtype=np.int64, na_value=0)
        frame = frame.assign(
            event=names.event_labels(event),
            player=names.as_text(names.per_event(pool, event, player, SEED)),
            opponent=names.as_text(names.per_event(pool, event, opponent, SEED)),
        )
    write_table(frame, path)


def run(path: Path, out_dir: Path) -> int:
    """The command on `path`; return the number of match rows."""
    return run_command(path, out_dir, "cards")


def _compare(path: Path, n_events: int) -> None:
    """Compute-only timing on the cached input: the vectorised standings on all of it (best of
    3, data already in memory), the plain-Python reference on its first `n_events` events,
    extrapolated linearly to the whole input (it is one pass over the rows plus one over the
    players)."""
    import pandas as pd

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import reference_cards

    from tourneystats.cards import RULES, read_results, standings

    frame = read_results(path)  # as standings_from_path reads it
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        standings(frame)
        best = min(best, time.perf_counter() - t0)
    event, _ = pd.factorize(frame["event"])
    part = frame[event < n_events].reset_index(drop=True)
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
    parser.add_argument("--ids", default=IDS[0], choices=IDS)
    parser.add_argument("--events", type=int, default=500, help="events the reference runs on")
    args = parser.parse_args()
    cached = Path(__file__).resolve().parent / ".cache" / f"cards-{args.size}-{args.ids}.parquet"
    if not cached.exists():
        cached.parent.mkdir(exist_ok=True)
        generate(cached, ids=args.ids, **SIZES[args.size])
    _compare(cached, args.events)
