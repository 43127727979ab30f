"""What-if benchmark: chess compare over k rule sets against k separate standings calls.

``python tests/benchmarks/bench_whatif.py --size large`` (10,000 events x 64 players x 9 rounds,
the cached input of the chess benchmark) times, in one process after reading the input:

- k separate ``chess.standings`` calls, one per rule set;
- ``chess.compare`` over the same k rule sets (one long table);
- ``whatif.summary`` of the comparison and Kendall's tau-b alone, per pair of rule sets;

for two comparisons: rule sets of unplayed games (fide2024, fide2026; 7 tie-breaks each) and
three tie-break orders under one rule set (shared computation). ``python tests/benchmarks/bench.py
--family whatif --size large`` runs the first comparison end to end in a fresh process.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from tourneystats import read_table, write_table
from tourneystats.chess import standings
from tourneystats.chess.whatif import _chess_parse
from tourneystats.chess.whatif import compare as chess_compare
from tourneystats.whatif import kendall_tau, summary

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from bench_chess import SIZES, TIEBREAKS, generate  # noqa: E402

#: the input is the chess benchmark's (one cache for both)
CACHE_FAMILY = "chess"
__all__ = ["SIZES", "generate", "run"]

COMPARISONS = {
    "unplayed-game rules": (["fide2024", "fide2026"], TIEBREAKS),
    "tie-break orders": (
        ["fide2024:BH/C1+BH+SB", "fide2024:SB+BH/C1+BH", "fide2024:BH+SB+BH/C1"],
        TIEBREAKS,
    ),
}


def run(path: Path, out_dir: Path) -> int:
    """The harness's run: compare fide2024 with fide2026, write the table and its summary."""
    results = read_table(path)
    rules, tiebreaks = COMPARISONS["unplayed-game rules"]
    table = chess_compare(results, rules=rules, tiebreaks=tiebreaks)
    write_table(table, Path(out_dir) / "chess-compare.parquet")
    write_table(summary(table), Path(out_dir) / "chess-compare-summary.parquet")
    return len(results)


@contextmanager
def _timed(what: str) -> Iterator[None]:
    t0 = time.perf_counter()
    yield
    print(f"  {what:<44} {time.perf_counter() - t0:6.2f} s", flush=True)


def _compare(results, rules: list[str], tiebreaks: list[str]) -> None:
    """Time the k standings calls, compare, summary and Kendall's tau of one comparison."""
    print(f"{', '.join(rules)}")
    t0 = time.perf_counter()
    for r in rules:
        options = _chess_parse(r).options
        with _timed(f"standings {r}"):
            standings(results, rules=options["rules"], tiebreaks=options["tiebreaks"] or tiebreaks)
    print(f"  {'k separate standings calls':<44} {time.perf_counter() - t0:6.2f} s")
    with _timed("chess_compare (all k)"):
        table = chess_compare(results, rules=rules, tiebreaks=tiebreaks)
    with _timed(f"summary ({len(rules) * (len(rules) - 1) // 2} pair(s) of rule sets)"):
        summary(table)
    # the rows of two rule sets, in one (event, player) order
    a = table[table["rules"] == rules[0]].sort_values(["event", "player"], kind="stable")
    b = table[table["rules"] == rules[1]].sort_values(["event", "player"], kind="stable")
    group = np.unique(a["event"].to_numpy(dtype=object), return_inverse=True)[1]
    with _timed("kendall_tau alone, one pair"):
        kendall_tau(a["rank"].to_numpy(float), b["rank"].to_numpy(float), group=group)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="small", choices=sorted(SIZES))
    args = parser.parse_args(argv)
    path = HERE / ".cache" / f"{CACHE_FAMILY}-{args.size}.parquet"
    if not path.exists():
        path.parent.mkdir(exist_ok=True)
        generate(path, **SIZES[args.size])
    results = read_table(path)
    print(f"{len(results):,} rows, {results['event'].nunique():,} events")
    for name, (rules, tiebreaks) in COMPARISONS.items():
        print(f"{name}: ", end="")
        _compare(results, rules, tiebreaks)
    return 0


if __name__ == "__main__":
    sys.exit(main())
