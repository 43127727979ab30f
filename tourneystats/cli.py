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


def _config_sets(items: Sequence[str]) -> dict:
    """``FAMILY.KEY=VALUE`` options (VALUE read as JSON when it parses, else a string)."""
    import json

    config: dict = {}
    for item in items:
        name, sep, raw = item.partition("=")
        family, dot, key = name.partition(".")
        if not sep or not dot or not family or not key:
            raise ValueError(f"--set {item!r}: expected FAMILY.KEY=VALUE")
        try:
            value = json.loads(raw)
        except ValueError:
            value = raw
        config.setdefault(family, {})[key] = value
    return config


def cmd_recompute(args: argparse.Namespace) -> int:
    from . import archive

    config = archive.load_config(args.config)
    for family, options in _config_sets(args.set or []).items():
        config.setdefault(family, {}).update(options)
    try:
        report = archive.recompute(
            args.archive,
            args.out,
            config=config,
            engine=args.engine,
            scheduler=args.scheduler,
            force=args.force,
            strict=args.strict,
            progress=False if args.quiet else None,
        )
    except archive.RecomputeError as exc:
        print(exc.report.summary(), file=sys.stderr)
        return 1
    except ImportError as exc:
        if str(exc) != archive.DASK_HINT:
            raise
        print(f"tourneystats: {exc}", file=sys.stderr)
        return 2
    print(report.summary(), file=sys.stdout if report.ok else sys.stderr)
    if report.ok:
        print(f"standings written to {Path(args.out).resolve()}")
    return 0 if report.ok else 1


def cmd_import(args: argparse.Namespace) -> int:
    from . import archive

    report = archive.import_folder(
        args.src,
        args.archive,
        season=args.season,
        mode=args.mode,
        strict=args.strict,
        progress=False if args.quiet else None,
    )
    print(report.summary(), file=sys.stdout if report.ok else sys.stderr)
    return 0 if report.ok else 1


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

    rc = sub.add_parser(
        "recompute", help="standings of every event of an archive, as a partitioned dataset"
    )
    rc.add_argument("archive", help="archive folder (see `tourneystats import`)")
    rc.add_argument("--out", required=True, help="output folder (outside the archive)")
    rc.add_argument("--config", help="per-family options: a .toml or .json file")
    rc.add_argument(
        "--set",
        action="append",
        metavar="FAMILY.KEY=VALUE",
        help='one family option, e.g. chess.rules=fide2024 or \'chess.tiebreaks=["BH","SB"]\'',
    )
    rc.add_argument("--engine", choices=["pandas", "dask"], default="pandas")
    rc.add_argument("--scheduler", help="dask: scheduler address (default: a local cluster)")
    rc.add_argument("--force", action="store_true", help="recompute complete partitions too")
    rc.add_argument("--strict", action="store_true", help="stop at the first bad event")
    rc.add_argument("--quiet", action="store_true", help="no progress bar")
    rc.set_defaults(func=cmd_recompute)

    im = sub.add_parser("import", help="build an archive from a folder of CSV/TRF/PBN/USEBIO files")
    im.add_argument("src", help="folder of source files")
    im.add_argument("archive", help="archive folder (created or extended)")
    im.add_argument("--season", help="season of files no folder or column places")
    im.add_argument(
        "--mode",
        choices=["replace", "append", "error"],
        default="replace",
        help="existing partitions of the same family and season: replace (default), add to, refuse",
    )
    im.add_argument("--strict", action="store_true", help="stop at the first bad file")
    im.add_argument("--quiet", action="store_true", help="no progress bar")
    im.set_defaults(func=cmd_import)
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
