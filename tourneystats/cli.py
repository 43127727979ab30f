"""The ``tourneystats`` command line."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from . import __version__
from ._schema import EVENT, LEAGUE, LINE, SEASON, SECTION, ValidationError
from .io import write_table

#: family name -> module implementing ``standings_from_path(path, **options)``
FAMILIES = {
    "cards": "tourneystats.cards",
    "chess": "tourneystats.chess",
    "bridge": "tourneystats.bridge",
    "league": "tourneystats.league",
}


def _family(name: str):
    try:
        module = importlib.import_module(FAMILIES[name])
    except ModuleNotFoundError as exc:
        if exc.name != FAMILIES[name]:
            raise
        return None
    return module if hasattr(module, "standings_from_path") else None


def _options(args: argparse.Namespace) -> dict:
    """The family options the user gave (those left unset are not passed)."""
    names = ("rules", "tiebreaks", "prior_rounds", "prior_mode")
    return {k: getattr(args, k) for k in names if getattr(args, k, None) is not None}


def _groups(table: pd.DataFrame) -> list[str]:
    """The columns that split a standings table into separate tables (event, league, ...)."""
    return [c for c in (LEAGUE, SEASON, EVENT, SECTION, LINE) if c in table.columns]


def _show(table: pd.DataFrame, head: int) -> str:
    groups = _groups(table)
    if groups:
        table = table.groupby(groups, observed=True, sort=False, dropna=False).head(head)
    else:
        table = table.head(head)
    with pd.option_context("display.width", 120, "display.max_columns", 14):
        return table.to_string(index=False)


def cmd_standings(args: argparse.Namespace) -> int:
    module = _family(args.family)
    if module is None:
        print(f"tourneystats: the {args.family} family is not available", file=sys.stderr)
        return 2
    table = module.standings_from_path(args.path, **_options(args))
    print(_show(table, args.head))
    if args.out:
        written = write_table(table, args.out, inputs=[args.path])
        print(f"\nwrote {len(table)} rows to {written}")
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    data, out = Path(args.data), Path(args.out)
    if not data.is_dir():
        print(f"tourneystats: no data folder {data} (run from the project root)", file=sys.stderr)
        return 2
    for name in FAMILIES:
        folder = data / name
        module = _family(name)
        if module is None or not folder.is_dir():
            print(f"== {name}: not available")
            continue
        table = module.standings_from_path(folder)
        groups = _groups(table)
        tables = len(table.drop_duplicates(groups)) if groups else 1
        print(f"\n== {name}: {folder} -> {len(table)} standings rows in {tables} table(s)")
        print(_show(table, args.head))
        written = write_table(table, out / f"{name}-standings.parquet")
        print(f"wrote {written}")
    print(f"\nAll outputs are in {out.resolve()}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tourneystats",
        description="Tournament standings and tie-breaks for whole seasons at once.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    demo = sub.add_parser("demo", help="compute standings for every sample season in data/")
    demo.add_argument("--data", default="data", help="folder of sample seasons (default: data)")
    demo.add_argument("--out", default="tourneystats-demo", help="output folder")
    demo.add_argument("--head", type=int, default=5, help="rows shown per event")
    demo.set_defaults(func=cmd_demo)

    st = sub.add_parser("standings", help="standings of every event in a results file or folder")
    st.add_argument("path", help="results file (CSV, Parquet, TRF, PBN, USEBIO XML) or folder")
    st.add_argument("--family", required=True, choices=sorted(FAMILIES))
    st.add_argument("--out", help="write the standings here (.csv or .parquet)")
    st.add_argument("--head", type=int, default=10, help="rows shown per event")
    st.add_argument("--rules", help="rule set (cards: mtg, melee, pokemon; chess: adjusted, ...)")
    st.add_argument(
        "--tiebreaks",
        type=lambda s: [t.strip() for t in s.split(",") if t.strip()],
        help="chess: comma-separated tie-break codes, e.g. BH/C1,BH,SB",
    )
    st.add_argument("--prior-rounds", type=int, help="league: start weight K (virtual rounds)")
    st.add_argument(
        "--prior-mode", choices=["top-up", "constant"], help="league: start weight mode"
    )
    st.set_defaults(func=cmd_standings)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except (ValidationError, ValueError, OSError) as exc:
        print(f"tourneystats: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
