"""The publishers' cuts and brackets of many events: all at once against one event at a time.

    python tests/benchmarks/bench_cuts.py [--events 100,1000,4000] [--preset melee] [--runs 3]

Generates events of five shapes in turn (a second day only the leaders by points play, a top
cut written as Swiss rounds, a bracket named Quarterfinals/Semifinals/Finals, plain Swiss, a
second day then a top cut; 8 to 33 players, 3 to 5 Swiss rounds: the generator of
``tests/test_cards_cuts.py``) and times, in this process (best of `--runs`, CPU seconds
beside wall seconds):

- ``cut_standings``: every event at once (:mod:`tourneystats.cards.cuts`, what ``recompute``
  and ``standings_from_path`` run);
- the plain baseline: :func:`~tourneystats.cards.publishers.event_standings` called once per
  event (what they ran before), skipped above 2,000 events (it grows with them: about 10 ms an
  event).

The two tables are compared (every event equal, exactly) before the times are printed.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the generator of the tests

from test_cards_cuts import make_events, reference  # noqa: E402

from tourneystats.cards import RULES  # noqa: E402
from tourneystats.cards.cuts import cut_standings  # noqa: E402


def timed(func, args: tuple, runs: int, **options):
    """func(*args, **options) and its best (wall, CPU) seconds of `runs` runs."""
    best = None
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        out = func(*args, **options)
        took = (time.perf_counter() - wall, time.process_time() - cpu)
        best = took if best is None or took[0] < best[0] else best
    return out, best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", default="100,1000,4000")
    parser.add_argument("--preset", default="melee")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    rules = RULES[args.preset]
    print(f"preset {args.preset}; seconds: wall (CPU), best of {args.runs}")
    print(f"{'events':>7} {'rows':>9} {'at once':>16} {'one event at a time':>22}")
    for count in (int(c) for c in args.events.split(",")):
        results, top, bracket = make_events(count, seed=1)
        table, (w, c) = timed(cut_standings, (results, top, rules), args.runs, bracket=bracket)
        plain = "(skipped)"
        if count <= 2000:
            expected, (pw, pc) = timed(reference, (results, top, bracket, rules), 1)
            got = dict(tuple(table.groupby("event", sort=False)))
            assert sorted(got) == sorted(expected)
            for event, part in got.items():
                assert part.reset_index(drop=True).equals(expected[event]), event
            plain = f"{pw:8.3f} ({pc:7.3f})"
        print(f"{count:>7} {len(results):>9} {w:8.3f} ({c:6.3f}) {plain:>22}")


if __name__ == "__main__":
    main()
