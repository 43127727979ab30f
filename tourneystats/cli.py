"""The ``tourneystats`` command line."""

from __future__ import annotations

import argparse
import gc
import importlib
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

import numpy as np
import pandas as pd

from . import __version__
from .core.io import TABLE_SUFFIXES, atomic_write, check_target, write_table
from .core.schema import EVENT, LEAGUE, LINE, SEASON, SECTION, ValidationError

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


def _show(table: pd.DataFrame, head: int, tables: int = 0) -> str:
    """The first `head` rows of each table (event, section, ...) of `table`, for the terminal;
    with `tables` > 0, of its first `tables` tables only, and a line saying how many are left."""
    groups = _groups(table)
    more = ""
    if groups:
        grouped = table.groupby(groups, observed=True, sort=False, dropna=False)
        number = grouped.ngroup()  # tables in order of appearance
        left = int(number.max()) + 1 - tables if tables > 0 and len(table) else 0
        table = grouped.head(head)
        if left > 0:
            table = table[(number.loc[table.index] < tables).to_numpy()]
            more = f"\n... and {left:,} more table(s) not shown (--tables 0 shows all)"
    else:
        table = table.head(head)
    with pd.option_context("display.width", 120, "display.max_columns", 14):
        return table.to_string(index=False) + more


def cmd_standings(args: argparse.Namespace) -> int:
    module = _family(args.family)
    if module is None:
        print(f"tourneystats: the {args.family} family is not available", file=sys.stderr)
        return 2
    table = module.standings_from_path(args.path, **_options(args))
    print(_show(table, args.head, args.tables))
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
        ax = drift_chart(name, folder)
        chart = write_chart(ax, out / f"{name}-drift.png")
        print(f"wrote {chart} ({ax.get_title(loc='left')}; {_chart_summary(ax)})")
    print(f"\nAll outputs are in {out.resolve()}")
    return 0


# --- drift charts (analyst) ----------------------------------------------------------------------

#: formats a chart can be written in, by extension
CHART_SUFFIXES = (".png", ".svg", ".pdf")
CHART_DPI = 120
#: files a family may read from a results folder (a chart is never written over one)
INPUT_SUFFIXES = (*TABLE_SUFFIXES, ".trf", ".trfx", ".txt", ".pgn", ".pbn", ".xml")


def _input_files(path: str | Path) -> list[Path]:
    path = Path(path)
    return sorted(p for p in path.iterdir() if p.is_file()) if path.is_dir() else [path]


def history_from_path(name: str, path: str | Path, **options) -> pd.DataFrame:
    """A family's history frame (standings after every round or event) from a file or folder.

    Forwards to ``tourneystats.<name>.history_from_path(path, **options)``, which reads the
    file or folder as the family's ``standings_from_path`` does.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> pd.DataFrame({"tournament": "T1", "date": "2024-01-10", "round": 1, "match": 1,
    ...               "team": ["A", "A", "B", "B"], "player": ["Anna", "Bo", "Cia", "Dan"],
    ...               "points": [15, 15, 9, 9], "target": 24}).to_csv(folder / "club.csv", index=False)
    >>> history_from_path("league", folder, prior_rounds=0)[["league", "tournament", "place", "player"]]
      league tournament  place player
    0   club         T1      1   Anna
    1   club         T1      1     Bo
    2   club         T1      3    Cia
    3   club         T1      3    Dan
    """
    module = _family(name)
    if module is None:
        raise ValueError(f"the {name} family is not available")
    return module.history_from_path(path, **options)


def drift_chart(
    name: str,
    path: str | Path,
    *,
    options: dict | None = None,
    players=None,
    event=None,
    value: str | None = None,
):
    """Compute a family's history from a results file or folder and draw its drift chart.

    One series is drawn: for the per-round histories (cards, chess) of several events, `event`
    picks the event; for several leagues, the league; by default the one with the most rows
    (the biggest event, the longest league). Of several seasons, the last is drawn.

    Returns
    -------
    matplotlib.axes.Axes
        The chart, on a figure of its own (pyplot is not used).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> pd.DataFrame({"tournament": "T1", "date": "2024-01-10", "round": 1, "match": 1,
    ...               "team": ["A", "A", "B", "B"], "player": ["Anna", "Bo", "Cia", "Dan"],
    ...               "points": [15, 15, 9, 9], "target": 24}).to_csv(folder / "club.csv", index=False)
    >>> ax = drift_chart("league", folder, players=["Dan"])
    >>> ax.get_title(loc="left"), [t.get_text() for t in ax.texts]
    ('Place after each tournament — club', ['Dan (3)'])
    >>> write_chart(ax, folder / "drift.png").read_bytes()[:4]
    b'\x89PNG'
    """
    from .plot import drift

    history = history_from_path(name, path, **(options or {}))
    step = EVENT if name == "bridge" else None
    series = [LEAGUE, SEASON] if name == "league" else [EVENT] if name != "bridge" else [SEASON]
    for column in series:  # one series per chart: the chosen one, else the largest
        if column in history.columns and history[column].nunique() > 1:
            if column == SEASON:  # the latest season
                pick = history[column].iloc[-1]
            elif event is None:  # the event (league) with the most rows; the later on a tie
                sizes = history.groupby(column, sort=False, observed=True).size()
                pick = sizes.index[len(sizes) - 1 - int(np.argmax(sizes.to_numpy()[::-1]))]
            else:
                pick = event
            keep = history[column].astype(str) == str(pick)
            if not keep.any():
                known = ", ".join(map(str, pd.unique(history[column])))
                raise ValueError(f"no {column} {pick!r} in {path}; it has {known}")
            history = history.loc[keep.to_numpy()]
    return drift(history, step=step, players=players, value=value)


def _chart_target(out: str | Path, inputs=()) -> Path:
    """Check a chart's target: a known format, and not one of the input files."""
    return check_target(out, CHART_SUFFIXES, inputs=inputs, what="chart")


def _inputs(path: str | Path) -> list[Path]:
    """The path and, for a folder, the files in it that a family may read."""
    return [Path(path), *(p for p in _input_files(path) if p.suffix.lower() in INPUT_SUFFIXES)]


def write_chart(ax, out: str | Path, *, inputs=()) -> Path:
    """Write the figure of `ax` atomically as PNG (or SVG, PDF by extension) with Agg.

    The chart is rendered off-screen (whatever the session's backend) into a temporary file of
    the target folder, then renamed; `out` must not be one of `inputs`.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Any Axes of the figure to write.
    out : path-like
        Target ``.png``, ``.svg`` or ``.pdf``; missing folders are created.
    inputs : iterable of path-like
        Files the chart was computed from; writing over one is refused.

    Returns
    -------
    pathlib.Path
        The written path.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from tourneystats.plot import drift
    >>> ax = drift(pd.DataFrame({"round": [1, 2], "player": "Ann", "rank": [2, 1]}))
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "charts" / "ann.png"
    >>> write_chart(ax, out).read_bytes()[:4]
    b'\x89PNG'
    >>> write_chart(ax, out, inputs=[out])
    Traceback (most recent call last):
    ...
    ValueError: refusing to write over the input file ...ann.png
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    out = _chart_target(out, inputs)
    suffix = out.suffix.lower()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig = ax.figure
    FigureCanvasAgg(fig)  # render off-screen, whatever the session's backend

    def save(tmp: Path) -> None:
        fig.savefig(tmp, format=suffix[1:], dpi=CHART_DPI)

    return atomic_write(out, save)


def _chart_summary(ax) -> str:
    shown = [line.get_label() for line in ax.get_lines()]
    return f"{len(shown)} highlighted: {', '.join(shown)}"


def cmd_drift(args: argparse.Namespace) -> int:
    if _family(args.family) is None:
        print(f"tourneystats: the {args.family} family is not available", file=sys.stderr)
        return 2
    inputs = _inputs(args.path)
    _chart_target(args.out, inputs)  # refuse a bad target before computing anything
    players = args.players if args.players is not None else args.top
    ax = drift_chart(
        args.family,
        args.path,
        options=_options(args),
        players=players,
        event=args.event,
        value=args.value,
    )
    written = write_chart(ax, args.out, inputs=inputs)
    print(f"{ax.get_title(loc='left')}: {_chart_summary(ax)}")
    print(f"wrote {written}")
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


def _comma_list(text: str) -> list[str]:
    return [t.strip() for t in text.split(",") if t.strip()]


def _add_family_options(parser: argparse.ArgumentParser) -> None:
    """The rule options every family command takes (passed on by :func:`_options`)."""
    parser.add_argument(
        "--rules", help="rule set (cards: mtg, melee, pokemon; chess: adjusted, ...; bridge: full)"
    )
    parser.add_argument(
        "--tiebreaks", type=_comma_list, help="chess: comma-separated codes, e.g. BH/C1,BH,SB"
    )
    parser.add_argument("--prior-rounds", type=int, help="league: start weight K (virtual rounds)")
    parser.add_argument(
        "--prior-mode", choices=["top-up", "constant"], help="league: start weight mode"
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tourneystats",
        description="Tournament standings and tie-breaks for whole seasons at once.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    demo = sub.add_parser(
        "demo", help="standings and drift charts for every sample season in data/"
    )
    demo.add_argument("--data", default="data", help="folder of sample seasons (default: data)")
    demo.add_argument("--out", default="tourneystats-demo", help="output folder")
    demo.add_argument("--head", type=int, default=5, help="rows shown per event")
    demo.set_defaults(func=cmd_demo)

    st = sub.add_parser("standings", help="standings of every event in a results file or folder")
    st.add_argument("path", help="results file (CSV, Parquet, TRF, PGN, PBN, USEBIO XML) or folder")
    st.add_argument("--family", required=True, choices=sorted(FAMILIES))
    st.add_argument("--out", help="write the standings here (.csv or .parquet)")
    st.add_argument("--head", type=int, default=10, help="rows shown per event")
    st.add_argument("--tables", type=int, default=20, help="events (sections, lines) shown; 0: all")
    _add_family_options(st)
    st.set_defaults(func=cmd_standings)

    dr = sub.add_parser("drift", help="ranking-drift chart (PNG) of a results file or folder")
    dr.add_argument("path", help="results file (CSV, Parquet, TRF, PGN, PBN, USEBIO XML) or folder")
    dr.add_argument("--family", required=True, choices=sorted(FAMILIES))
    dr.add_argument("--out", default="drift.png", help="chart file: .png, .svg or .pdf")
    who = dr.add_mutually_exclusive_group()
    who.add_argument(
        "--players",
        type=_comma_list,
        help="comma-separated players (pairs) to highlight, e.g. Anna,Bo",
    )
    who.add_argument("--top", type=int, help="highlight the best N at the last step (default 10)")
    dr.add_argument(
        "--event", help="cards/chess: the event to draw; league: the league (default: the largest)"
    )
    dr.add_argument("--value", help="column drawn (default: rank or place)")
    _add_family_options(dr)
    dr.set_defaults(func=cmd_drift)

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
    """Run the command line; return the exit status (:func:`run` is the console script)."""
    args = build_parser().parse_args(argv)
    with warnings.catch_warnings():  # warnings (a skipped file, ...) read as the command's own
        warnings.showwarning = _warn
        try:
            return args.func(args)
        except (ValidationError, ValueError, OSError) as exc:
            print(f"tourneystats: {exc}", file=sys.stderr)
            return 1


def _warn(message, category, filename, lineno, file=None, line=None) -> None:
    print(f"tourneystats: warning: {message}", file=sys.stderr)


def run(argv: Sequence[str] | None = None) -> NoReturn:
    """The ``tourneystats`` console script: :func:`main`, then exit with its status.

    The process ends with the command, so the objects its imports made (pandas' are many) are
    frozen out of the garbage collector first: the collections during the run and the one at
    exit then skip them (about 0.06 s of every run)."""
    gc.freeze()
    sys.exit(main(argv))


if __name__ == "__main__":  # pragma: no cover
    run()
