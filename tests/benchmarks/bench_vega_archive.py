"""Measure a folder of Vega web exports: every published tie-break value recomputed.

Reads a folder holding Vega folders (``standings.html`` + ``pairsN.html``; a club's site, as
``www/`` of the Hobsons Bay Chess Club's public repository, MIT), never the network::

    PYTHONPATH=. python tests/benchmarks/bench_vega_archive.py /path/to/www [--rules RULES]

Each event is checked as ``tourneystats check FOLDER --family chess`` checks it (without
``--rules``: the preset ``vega``, under the Vega rule set of the event's date, or, where that
one leaves published values unreproduced, under the one of Vega's rule sets reproducing most,
which ``chosen_by`` then says; with a rule set, under that one). Printed:

- per event: status (``equal``, ``different``, ``inconsistent``: published points the results
  do not give), rule set, values compared and reproduced, and the reasons its pages show
  (double forfeits read as absences, a crosstable that differs from its round pages);
- per tie-break code and per rule set (and how it was chosen), in the events whose points
  agree: values published,
  reproduced, explained (not reproduced, with a reason the pages show), unexplained;
- the time taken.
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from pathlib import Path

import pandas as pd

from tourneystats.chess.check import check_from_path, check_targets
from tourneystats.chess.published import event_status
from tourneystats.chess.vega import read_vega


def _event(folder: Path, rules: str | None) -> tuple[pd.DataFrame | None, str, pd.DataFrame]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            table = check_from_path(folder, rules=rules)
        except Exception as exc:  # a refused event: reported, not measured
            return None, f"refused: {str(exc).splitlines()[0]}", pd.DataFrame()
        notes = read_vega(folder).notes
    said = "; ".join(sorted({str(w.message).split(": ", 1)[-1][:90] for w in caught}))
    return table, said, notes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path, help="a folder of Vega folders")
    parser.add_argument("--rules", default=None, help="a rule set (default: the preset vega)")
    parser.add_argument("--out", type=Path, help="write every value compared to this CSV")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    folders = check_targets(args.path)
    tables, lines = [], []
    for folder in folders:
        table, said, notes = _event(folder, args.rules)
        if table is None:
            lines.append(f"  {folder.name}: {said}")
            continue
        status = event_status(table).iloc[0]
        table = table.assign(status=status)
        tables.append(table)
        tb = table[~table["value"].isin(["points", "rank"])]
        reasons = ", ".join(f"{n} x {k}" for k, n in notes["note"].str[:30].value_counts().items())
        lines.append(
            f"  {folder.name}: {status}, {table['rules'].iloc[0]} ({table['chosen_by'].iloc[0]}), "
            f"tie-breaks "
            f"{int(tb['equal'].sum())}/{len(tb)}" + (f"; pages: {reasons}" if reasons else "")
        )
    seconds = time.perf_counter() - start
    print(f"{len(folders)} Vega folders, {len(tables)} checked, in {seconds:.1f} s")
    print("\n".join(lines))
    every = pd.concat(tables, ignore_index=True)
    if args.out:
        every.to_csv(args.out, index=False)
    agree = every[every["status"] != "inconsistent"]
    tb = agree[~agree["value"].isin(["points", "rank"])].copy()
    tb["explained"] = ~tb["equal"] & tb["note"].notna()
    tb["unexplained"] = ~tb["equal"] & tb["note"].isna()
    for by in ("value", ["rules", "chosen_by"]):
        counts = tb.groupby(by).agg(
            published=("equal", "size"),
            reproduced=("equal", "sum"),
            explained=("explained", "sum"),
            unexplained=("unexplained", "sum"),
        )
        counts.loc[("total", "") if isinstance(by, list) else "total", :] = counts.sum()
        counts["reproduced %"] = (100 * counts["reproduced"] / counts["published"]).round(2)
        print(f"\ntie-break values in the events whose points agree, per {by}:")
        print(counts.to_string())
    bad = every[(every["status"] == "inconsistent") & (every["value"] == "points")]
    bad = bad[~bad["equal"]]
    print("\nevents whose published points the results do not give:")
    for event, group in bad.groupby("event", sort=True):
        who = ", ".join(
            f"{r.name} {r.published:g} (results {r.computed:g})" for r in group.head(3).itertuples()
        )
        why = "; ".join(f"{n} x {k}" for k, n in group["note"].value_counts().items())
        print(f"  {event}: {len(group)} player(s), e.g. {who}\n    why: {why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
