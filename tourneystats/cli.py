"""The ``tourneystats`` command line."""

from __future__ import annotations

import argparse
import atexit
import gc
import importlib
import os
import sys
import threading
import warnings
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from contextvars import copy_context
from functools import partial
from pathlib import Path
from typing import Any, NoReturn

import pandas as pd

from . import __version__
from .clicharts import (
    COMPARE_OPTIONS,
    _inputs,
    cmd_compare,
    cmd_drift,
    drift_chart,
    write_chart,
)
from .clicharts import history_from_path as history_from_path  # (re-exported: the API's
from .clicharts import results_from_path as results_from_path  # readers, as the CLI reads)
from .clihelp import (
    FAMILIES,
    FAMILY_OPTIONS,
    MAIN_EXAMPLES,
    UsageError,
    _compare_choices,
    _examples,
    _existing,
    _family,
    _family_choices,
    _Formatter,
    _groups,
    _options,
    _out_format,
    _recompute_keys,
    _show,
    chart_summary,
    chart_title,
    command_parser,
    command_words,
    family_hint,
    folder_options,
    jobs_of,
    print_warning,
    silence_stdout,
    skip_hint,
)
from .clihelp import comma_list as _comma_list
from .clihelp import jobs_option as _jobs_option
from .clihelp import whole_number as _count
from .core.folders import sample_data
from .core.io import (
    TABLE_SUFFIXES,
    check_target,
    return_free_memory,
    tracking_inputs,
    use_system_memory_pool,
    write_table,
)
from .core.schema import ValidationError

#: the families whose files publish values ``check`` compares (league files publish none)
CHECKED_FAMILIES = ("bridge", "cards", "chess")


#: options whose value is checked before any work: option -> family -> (module, function
#: raising on a bad value; a list option's items are checked one by one); the error is given
#: with the option's name
OPTION_VALUES: dict[str, dict[str, tuple[str, str]]] = {
    "rules": {
        "cards": ("tourneystats.cards.rules", "get_rules"),
        "chess": ("tourneystats.chess.rules", "check_rule_name"),
    },
    "tiebreaks": {"chess": ("tourneystats.chess.teamcodes", "check_tiebreak_code")},
    "convention": {"bridge": ("tourneystats.bridge.conventions", "convention_of")},
    "scoring": {"bridge": ("tourneystats.bridge.declared", "scoring_of")},
    "vp_scale": {"bridge": ("tourneystats.bridge.vpscales", "check_scale_option")},
}


def _check_values(args: argparse.Namespace) -> None:
    """Refuse an unknown option value (or an unreadable or inconsistent VP table) before any
    work, naming the option: ``--convention nosuch: unknown bridge convention ...``."""
    for name, checks in OPTION_VALUES.items():
        value = getattr(args, name, None)
        where = checks.get(getattr(args, "family", None) or "")
        if value is None or where is None or args.command == "compare":
            continue
        check = getattr(importlib.import_module(where[0]), where[1])
        flag = "--" + name.replace("_", "-")
        for item in value if isinstance(value, list) else [value]:
            try:
                check(item)
            except (ValidationError, ValueError) as exc:
                # a VP table's file is an input (status 1), a name is the user's (status 2)
                error = ValueError if str(item).lower().endswith(".csv") else UsageError
                raise error(exc if flag in str(exc) else f"{flag} {item}: {exc}") from None


def _check_options(
    parser: argparse.ArgumentParser,
    args: argparse.Namespace,
    options: dict[str, tuple[str, ...]] | None = None,
) -> None:
    """A usage error (exit 2) for an option the chosen family does not take (`options`: the
    options checked and their families, by default :data:`FAMILY_OPTIONS`)."""
    options = FAMILY_OPTIONS if options is None else options
    for name in [k for k in options if getattr(args, k, None) is not None]:
        families = options[name]
        if args.family not in families:
            flag = "--" + name.replace("_", "-")
            parser.error(
                f"{flag} is an option of the {' and '.join(families)} "
                f"famil{'ies' if len(families) > 1 else 'y'}, not of {args.family}"
            )


def cmd_standings(args: argparse.Namespace) -> int:
    module = _family(args.family)
    if module is None:
        print(f"tourneystats: the {args.family} family is not available", file=sys.stderr)
        return 2
    _existing(args.path)
    if args.out:  # refuse a bad target before computing anything
        _out_format("--out", args.out, TABLE_SUFFIXES)
        check_target(args.out, TABLE_SUFFIXES, inputs=_inputs(args.path))
    table = module.standings_from_path(args.path, **_options(args), **jobs_of(args))
    return_free_memory()  # the computation's memory, before the writer takes its own
    written = None
    if args.out:
        with ThreadPoolExecutor(1) as pool:  # the preview made while the file is written
            inputs = _inputs(args.path)  # (and the files read so far: this thread's context)
            writing = pool.submit(copy_context().run, write_table, table, args.out, inputs=inputs)
            shown = _show(table, args.head, args.tables)
            written = writing.result()
    else:
        shown = _show(table, args.head, args.tables)
    # after the output file: a closed pipe loses nothing
    print(shown)
    if written:
        print(f"\nwrote {len(table)} rows to {written}")
    return 0


def _demo_data(given: str | None) -> Path:
    """`--data` (holding a family's folder); else ``./data`` when it holds one; else the samples."""
    for data in [_existing(given)] if given is not None else [Path("data")]:
        if any((data / name).is_dir() for name in FAMILIES):
            return data
    if given is not None:
        raise ValueError(f"--data {given}: no {'/, '.join(FAMILIES)}/ folder of sample seasons")
    return sample_data()


def cmd_check(args: argparse.Namespace) -> int:
    from .core.check import differences, summary

    module = _family(args.family)
    if module is None or not hasattr(module, "check_from_path"):
        print(
            f"tourneystats: the {args.family} family cannot check published values", file=sys.stderr
        )
        return 2
    if _existing(args.path).is_dir():
        return _check_folder(args, module.__name__)
    if args.out:
        _out_format("--out", args.out, TABLE_SUFFIXES)
        check_target(args.out, TABLE_SUFFIXES, inputs=_inputs(args.path))
    table = module.check_from_path(args.path, **_options(args))
    different = differences(table)
    written = write_table(different, args.out, inputs=_inputs(args.path)) if args.out else None
    print(summary(table))
    if len(different):
        print(_show(different, args.head, args.tables))
    if written:
        print(f"\nwrote the {len(different)} differences to {written}")
    return 1 if len(different) else 0


#: the tables ``check FOLDER --out REPORT`` writes beside the report (``REPORT-differences.csv``)
BESIDE_REPORT = ("differences", "values")


def _check_folder(args: argparse.Namespace, module: str) -> int:
    """``check FOLDER``: every file on its own (on ``--jobs`` processes); a per-file report, its
    differences and values counted, a summary per platform (and per value), the warnings by
    kind."""
    from .core.report import (
        beside,
        check_files,
        check_folder_files,
        report_summary,
        values_summary,
        values_text,
        warnings_summary,
    )

    folder = Path(args.path)
    inputs = _inputs(folder)
    if args.out:
        _out_format("--out", args.out, TABLE_SUFFIXES)
        for target in (Path(args.out), *(beside(Path(args.out), p) for p in BESIDE_REPORT)):
            check_target(target, TABLE_SUFFIXES, inputs=inputs)
    files, left_out = check_folder_files(args.family, folder)
    report, differences, notes, values = check_files(
        module, files, folder, options=_options(args), jobs=args.jobs
    )
    differences = _people_first(differences)
    if args.out:
        written = write_table(report, args.out, inputs=inputs)
        diffs = write_table(differences, beside(written, "differences"), inputs=inputs)
        counts = write_table(values, beside(written, "values"), inputs=inputs)
    compared, equal = int(report["compared"].sum()), int(report["equal"].sum())
    unknown = compared - equal - len(differences)  # values a file cannot give (notes say why)
    print(
        f"{compared} published values compared in {len(report)} files: {equal} equal, "
        f"{len(differences)} different" + (f", {unknown} not computable" if unknown else "")
    )
    print(report_summary(report))
    if left_out:
        shown = ", ".join(p.relative_to(folder).as_posix() for p in left_out[:3])
        print(f"left out: {len(left_out)} file(s) that hold no {args.family} results, e.g. {shown}")
    print(_chosen_by_values(report), end="")
    if args.by_value:
        points = getattr(sys.modules[module], "POINTS_VALUES", ())
        by_value = values_summary(report, values, points=points)
        print("\n" + (values_text(by_value) if points else _values_text(by_value)))
    refused = report[report["status"] == "refused"]
    for row in refused.head(args.head or len(refused)).itertuples(index=False):
        print(f"  refused: {row.file}: {row.detail}")
    if args.head and len(refused) > args.head:
        print(f"  ... and {len(refused) - args.head} more refused (see the report)")
    if len(notes):
        print(warnings_summary(notes), file=sys.stderr)
    if len(differences) and not args.out:
        print(_show(differences, args.head, args.tables))
    if args.out:
        print(f"\nwrote the report of {len(report)} files to {written}")
        print(f"wrote the {len(differences)} differences to {diffs}")
        print(f"wrote the values compared, per file and value, to {counts}")
    return 0 if report["status"].isin(["equal", "no published values"]).all() else 1


def _values_text(summary: pd.DataFrame) -> str:
    """``check --by-value`` of a family whose files publish no points of their own rounds
    (bridge, chess): the values reproduced per value, and of all values, in the files checked;
    no tie-breakers row nor earlier rounds (the card games' words), no blank platform.

    Examples
    --------
    >>> from tourneystats.core.report import values_summary
    >>> report = pd.DataFrame({"file": ["a.pbn"], "platform": [""], "status": ["different"]})
    >>> values = pd.DataFrame({"file": "a.pbn", "value": ["total", "rank"], "compared": [4, 4],
    ...                        "equal": [4, 3], "earlier": 0})
    >>> print(_values_text(values_summary(report, values)))
    published values reproduced, per value, in the files checked (the refused ones left out)
         value  files  compared  reproduced  reproduced %
         total      1         4           4         100.0
          rank      1         4           3          75.0
    all values      1         8           7          87.5
    """
    table = summary.drop(columns=["earlier", "with earlier %"])
    table["value"] = table["value"].replace({"tie-breakers": "all values"})
    platforms = table["platform"].unique()
    if len(set(platforms) - {"all"}) == 1:  # one platform (bridge and chess name none): no column
        table = table[table["platform"] != "all"].drop(columns="platform")
    else:
        table["platform"] = table["platform"].replace({"": "(none)"})
    return (
        "published values reproduced, per value, in the files checked (the refused ones left "
        "out)\n" + table.to_string(index=False)
    )


def _chosen_by_values(report: pd.DataFrame) -> str:
    """A line on the events compared under another of their program's rule sets than their
    date's, because their published values show it (chess ``Preset.options``), if any."""
    from .chess.check import VALUES

    if "chosen_by" not in report.columns:
        return ""
    shown = report[report["chosen_by"].astype(str).str.contains(VALUES, regex=False)]
    if shown.empty:
        return ""
    counts = shown["preset"].astype(str).value_counts()
    return (
        f"{len(shown)} event(s) compared under another of their program's rule sets than their "
        "date's, which their published values show (the pages print neither the program's "
        "version nor its options): " + ", ".join(f"{n} {k}" for k, n in counts.items()) + "\n"
    )


def _people_first(table: pd.DataFrame) -> pd.DataFrame:
    """`table` with a title beside the name and the long note last, as one file's check shows.

    Examples
    --------
    >>> _people_first(pd.DataFrame(columns=["name", "rating", "note", "title"])).columns.tolist()
    ['name', 'title', 'rating', 'note']
    """
    columns = [c for c in table.columns if c not in ("title", "note")]
    if "title" in table.columns:
        columns.insert(columns.index("name") + 1 if "name" in columns else len(columns), "title")
    return table[columns + (["note"] if "note" in table.columns else [])]


def cmd_demo(args: argparse.Namespace) -> int:
    data, out = _demo_data(args.data), Path(args.out)
    print(f"sample seasons: {data}")
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
        print(f"wrote {chart} ({chart_title(ax)}; {chart_summary(ax)})")
    print(f"\nAll outputs are in {out.resolve()}")
    return 0


# --- drift charts (analyst) ----------------------------------------------------------------------


def _config_sets(items: Sequence[str]) -> dict:
    """``FAMILY.KEY=VALUE`` options (VALUE read as JSON when it parses, else a string)."""
    import json

    config: dict = {}
    for item in items:
        name, sep, raw = item.partition("=")
        family, dot, key = name.partition(".")
        if not sep or not dot or not family or not key:
            raise UsageError(f"--set {item}: expected FAMILY.KEY=VALUE, e.g. chess.rules=fide2024")
        try:
            value = json.loads(raw)
        except ValueError:
            value = raw
        config.setdefault(family, {})[key] = value
    return config


def _folder_target(path: str | Path, what: str) -> None:
    """Refuse, before any file is read, a folder to write `what` in that is a file, or whose
    parent folder cannot be made or written in (a file in the way, no permission)."""
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise ValueError(f"{path}: is a file, not a folder: give the folder of the {what}")
    folder = path
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir():
        raise ValueError(f"{path}: cannot write the {what} there: {folder} is a file, not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ValueError(
            f"{path}: cannot write the {what} there: no permission to write in {folder}"
        )


def _set_error(error: ValueError, items: Sequence[str], families: set[str]) -> ValueError:
    """`error` of the options as a usage error naming the ``--set`` items it is about, when
    only ``--set`` gave the options of its family (``config: chess: unknown rule set ...``)."""
    text = str(error)
    rest = text.removeprefix("config: ")
    family = next(
        (f for f in families if rest.startswith(f"{f}: ") or f"family {f!r}" in rest), None
    )
    if rest == text or family is None:
        return error
    named = " ".join(i for i in items if i.partition(".")[0] == family)
    return UsageError(f"--set {named}: {rest.removeprefix(f'{family}: ')}")


def cmd_recompute(args: argparse.Namespace) -> int:
    from . import archive

    config = archive.load_config(args.config)
    given = set(config)  # the families a --config file sets (an input: its errors exit 1)
    sets = _config_sets(args.set or [])
    if Path(args.archive).is_dir():  # (a missing archive is said by recompute)
        _folder_target(args.out, "standings (--out)")
    for family, options in sets.items():
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
            jobs=args.jobs,
        )
    except archive.RecomputeError as exc:
        print(command_words(exc.report.summary(), "recompute"), file=sys.stderr)
        return 1
    except ValueError as exc:  # an option of --set only: a usage error naming it
        raise _set_error(exc, args.set or [], set(sets) - given) from None
    except ImportError as exc:
        if str(exc) != archive.DASK_HINT:
            raise
        print(f"tourneystats: {exc}", file=sys.stderr)
        return 2
    print(
        command_words(report.summary(), "recompute"), file=sys.stdout if report.ok else sys.stderr
    )
    if report.ok:
        print(f"standings written to {Path(args.out).resolve()}")
    return 0 if report.ok else 1


def cmd_import(args: argparse.Namespace) -> int:
    from . import archive

    if args.season is not None and args.season_from_folder:
        raise UsageError("--season names the season of every file, --season-from-folder takes "
                         "it from the folders: give one of them")  # fmt: skip
    _folder_target(args.archive, "archive")
    report = archive.import_folder(
        args.src,
        args.archive,
        season=args.season,
        season_from_folder=args.season_from_folder,
        mode=args.mode,
        strict=args.strict,
        progress=False if args.quiet else None,
        jobs=args.jobs,
    )
    print(command_words(report.summary(), "import"), file=sys.stdout if report.ok else sys.stderr)
    path = report.path or Path(args.archive) / archive.IMPORT_REPORT
    kept = (
        "" if path.name == archive.IMPORT_REPORT else f" ({archive.IMPORT_REPORT} kept as it was)"
    )
    print(f"every file and warning: {path}{kept}")
    return 0 if report.ok else 1


def _family_parser(
    sub: argparse._SubParsersAction,
    name: str,
    *,
    families: Sequence[str] = tuple(FAMILIES),
    skip: bool = False,
) -> argparse.ArgumentParser:
    """A command taking a results path, a family and the family options (`skip`: and
    ``--skip-bad-files``, ``--jobs``)."""
    parser = command_parser(sub, name, partial(_family_choices, "league" in families))
    parser.add_argument(
        "path",
        help="results file (CSV, Parquet, TRF, PGN, PBN, USEBIO XML, MTG JSON, TOM) or folder",
    )
    parser.add_argument(
        "--family",
        required=True,
        choices=sorted(families),
        help="the rule family of the results: " + ", ".join(sorted(families)),
    )
    parser.add_argument("--rules", help="the family's rule set (each family's are listed below)")
    parser.add_argument(
        "--tiebreaks",
        type=_comma_list,
        help="chess: comma-separated codes in order (default: the order a TRF file declares, "
        "else BH/C1,BH,SB)",
    )
    if "league" in families:
        parser.add_argument(
            "--prior-rounds",
            type=_count(0),
            help="league: start weight K (virtual rounds; default 10)",
        )
        parser.add_argument(
            "--prior-mode",
            choices=["top-up", "constant"],
            help="league: start weight mode (default top-up)",
        )
    parser.add_argument(
        "--scoring",
        help="bridge: score every session with this method (the methods are listed below; "
        "default: as each file declares)",
    )
    parser.add_argument(
        "--convention",
        help="bridge: the publisher's convention, ebu, compscore, jfr or kops (default: the "
        "file's program's, else ebu)",
    )
    parser.add_argument(
        "--vp-scale",
        help="bridge teams: wbf2013 (default), wbf2013_discrete, a CSV table of IMP bands, or "
        "given[:SCALE] (a match table's home_vp, visit_vp, published on that scale)",
    )
    if skip:
        folder_options(parser)
    return parser


def _compare_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """The ``compare`` command: a results path, a family, its rule sets and the outputs."""
    cp = command_parser(sub, "compare", _compare_choices)
    cp.add_argument("path", help="results file or folder (as for standings)")
    cp.add_argument(
        "--family",
        required=True,
        choices=sorted(FAMILIES),
        help="the rule family of the results: " + ", ".join(sorted(FAMILIES)),
    )
    cp.add_argument(
        "--rules",
        required=True,
        type=_comma_list,
        help="comma-separated rule sets of the family (each family's are listed below)",
    )
    cp.add_argument(
        "--tiebreaks",
        type=_comma_list,
        help="chess: the tie-breaks of every rule set that names none (default: the order a TRF "
        "file declares, else BH/C1,BH,SB; team files: EDE,EMGSB/C1,BH/C1)",
    )
    cp.add_argument("--out", help="write the comparison table here (.csv or .parquet)")
    cp.add_argument("--cut", type=_count(1), default=8, help="the cut line (top N) in the summary")
    cp.add_argument("--chart", help="draw the places under the first two rule sets (.png, ...)")
    cp.add_argument("--event", help="the event charted (default: the one that changed most)")
    cp.add_argument(
        "--top",
        type=_count(1),
        help="chart the players placed N or better, those crossing the --cut and the largest "
        "moves the chart holds (default: all of an event of up to 24 players, else the top 10)",
    )
    cp.add_argument(
        "--player",
        action="append",
        metavar="NAME_OR_ID",
        help="chart: a player (pair, team) always drawn and named, by name or id; repeat it "
        'for several: --player "Doe, Jane" --player 12',
    )
    cp.add_argument(
        "--head", type=_count(0), default=10, help="summary rows shown per table; 0: all"
    )
    cp.add_argument("--tables", type=_count(0), default=20, help="tables shown; 0: all")
    folder_options(cp)
    cp.set_defaults(func=cmd_compare)
    return cp


def _archive_parsers(sub: Any) -> None:
    """The ``recompute`` and ``import`` commands."""
    rc = command_parser(sub, "recompute", _recompute_keys)
    rc.add_argument("archive", help="archive folder (see `tourneystats import`)")
    rc.add_argument("--out", required=True, help="output folder (outside the archive)")
    rc.add_argument("--config", help="per-family options: a .toml or .json file")
    rc.add_argument(
        "--set",
        action="append",
        metavar="FAMILY.KEY=VALUE",
        help="one family option (repeatable; the keys are listed below), e.g. "
        'chess.rules=fide2024 or \'chess.tiebreaks=["BH","SB"]\'',
    )
    rc.add_argument(
        "--engine",
        choices=["pandas", "dask"],
        default="pandas",
        help="pandas: in this process, one archive file at a time; dask: one Dask task per "
        "archive file (pip install 'tourneystats[dask]')",
    )
    rc.add_argument("--scheduler", help="dask: scheduler address (default: a local cluster)")
    rc.add_argument("--force", action="store_true", help="recompute complete partitions too")
    rc.add_argument("--strict", action="store_true", help="stop at the first bad event")
    rc.add_argument("--quiet", action="store_true", help="no progress bar")
    _jobs_option(rc, "the archive files (pandas engine)")
    rc.set_defaults(func=cmd_recompute)

    im = command_parser(sub, "import")
    im.add_argument("src", help="folder of source files")
    im.add_argument("archive", help="archive folder (created or extended)")
    im.add_argument(
        "--season", help="season of the files without a season column (default: the year "
        "of each event's date)"
    )  # fmt: skip
    im.add_argument(
        "--season-from-folder", action="store_true",
        help="a file's season is the first folder below SRC that is not a family's",
    )  # fmt: skip
    im.add_argument(
        "--mode",
        choices=["replace", "append", "error"],
        default="replace",
        help="existing partitions of the same family and season: replace them, append to "
        "them, or refuse (error)",
    )
    im.add_argument("--strict", action="store_true", help="stop at the first bad file")
    im.add_argument("--quiet", action="store_true", help="no progress bar")
    _jobs_option(im, "the source files")
    im.set_defaults(func=cmd_import)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tourneystats",
        description="Tournament standings and tie-breaks for whole seasons at once.",
        epilog=_examples(*MAIN_EXAMPLES),
        formatter_class=_Formatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    demo = command_parser(sub, "demo")
    demo.add_argument(
        "--data",
        help="folder of seasons, one sub-folder per family (default: ./data if it has one, "
        "else the samples shipped with the package)",
    )
    demo.add_argument("--out", default="tourneystats-demo", help="output folder")
    demo.add_argument("--head", type=_count(0), default=5, help="rows shown per table; 0: all")
    demo.set_defaults(func=cmd_demo)

    st = _family_parser(sub, "standings", skip=True)
    st.add_argument("--out", help="write the standings here (.csv or .parquet)")
    st.add_argument("--head", type=_count(0), default=10, help="rows shown per table; 0: all")
    st.add_argument(
        "--tables",
        type=_count(0),
        default=20,
        help="tables (events, sections, lines) shown; 0: all",
    )
    st.set_defaults(func=cmd_standings)

    ck = _family_parser(sub, "check", families=CHECKED_FAMILIES)
    ck.add_argument(
        "--out",
        help="write the differences here (.csv or .parquet); of a folder, the report of each "
        "file, and beside it its differences and the values compared per file and value "
        "(--out report.csv: report-differences.csv, report-values.csv)",
    )
    ck.add_argument(
        "--by-value",
        action="store_true",
        help="of a folder, also print per value the share of the published values reproduced "
        "(cards: per platform, in the files whose published points their own rounds give; one "
        "file's summary is per value)",
    )
    ck.add_argument(
        "--head", type=_count(0), default=10, help="differences shown per table; 0: all"
    )
    ck.add_argument("--tables", type=_count(0), default=20, help="tables shown; 0: all")
    _jobs_option(ck, "the files of a folder, each checked on its own")
    ck.set_defaults(func=cmd_check)

    dr = _family_parser(sub, "drift", skip=True)
    dr.add_argument("--out", default="drift.png", help="chart file: .png, .svg or .pdf")
    who = dr.add_mutually_exclusive_group()
    who.add_argument(
        "--player",
        action="append",
        dest="player",
        metavar="NAME_OR_ID",
        help="a player (pair, team) to highlight, by name or id; repeat it for several: "
        '--player "Doe, Jane" --player 12',
    )
    who.add_argument(
        "--players",
        type=_comma_list,
        help=argparse.SUPPRESS,  # deprecated: --player once per player (a name may hold a comma)
    )
    who.add_argument(
        "--top", type=_count(1), help="highlight the best N at the last step (default 10)"
    )
    dr.add_argument("--event", help="the event, league or season drawn (default: the largest)")
    dr.add_argument("--value", help="column drawn (default: rank or place)")
    dr.set_defaults(func=cmd_drift)

    _compare_parser(sub)

    _archive_parsers(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (:func:`run` is the console script).

    0: done; 1: the input was refused or a file could not be read or written (one line on
    standard error says which and why); 2: a usage error (an unknown option value, such as
    ``--rules nosuch``, included); 130: interrupted (Ctrl-C).
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    if hasattr(args, "family"):
        _check_options(parser, args, COMPARE_OPTIONS if args.command == "compare" else None)
    # warnings (a skipped file, ...) read as the command's own; every file read is an input
    with warnings.catch_warnings(), tracking_inputs():
        warnings.showwarning = partial(print_warning, command=args.command)
        try:
            _check_values(args)
            return args.func(args)
        except KeyboardInterrupt:
            print("tourneystats: interrupted", file=sys.stderr)
            return 130
        except BrokenPipeError:  # the reader of standard output went away (`... | head`)
            silence_stdout()
            return 0
        except UsageError as exc:
            print(f"tourneystats: {command_words(str(exc), args.command)}", file=sys.stderr)
            return 2
        except (ValidationError, ValueError, OSError) as exc:
            hint = family_hint(args, exc) or skip_hint(args, exc)
            print(f"tourneystats: {command_words(str(exc), args.command)}{hint}", file=sys.stderr)
            return 1
        except Exception as exc:  # a bug: one line, and the traceback on request
            if os.environ.get("TOURNEYSTATS_DEBUG"):
                raise
            print(
                f"tourneystats: internal error: {type(exc).__name__}: {exc} "
                "(set TOURNEYSTATS_DEBUG=1 to see where; please report it)",
                file=sys.stderr,
            )
            return 1


def run(argv: Sequence[str] | None = None) -> NoReturn:
    """The command line in a process that ends with it: :func:`main`, then exit with its
    status (raises :class:`SystemExit`; :func:`program`, the ``tourneystats`` console script,
    then ends the process at once).

    The process ends with the command, so the objects its imports made (pandas' are many) are
    frozen out of the garbage collector first: the collections during the run and the one at
    exit then skip them (about 0.06 s of every run). Arrow allocates through the C library
    (:func:`~tourneystats.core.io.use_system_memory_pool`): the memory of a file read goes back
    to the system once converted, not kept for later reads (about 35 MB less at the peak of a
    2.3-million-row cards file)."""
    gc.freeze()
    use_system_memory_pool()
    sys.exit(main(argv))


def program() -> NoReturn:
    """The ``tourneystats`` program (``python -m tourneystats`` too): :func:`run`, then the end
    of the process without its objects freed one by one (the interpreter's clean-up of the
    modules pandas and pyarrow load takes 0.1-0.2 s of every command): the output flushed and
    the exit handlers run as at any exit, then the process ends at once. Only when threads of
    the command still run does it end as usual (they are waited for)."""
    try:
        run()
    except SystemExit as done:
        code = done.code
    status = code if isinstance(code, int) else 0 if code is None else 1
    if not isinstance(code, int | None):
        print(code, file=sys.stderr)
    if any(not t.daemon for t in threading.enumerate() if t is not threading.main_thread()):
        sys.exit(status)  # pragma: no cover - (no command leaves one running)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe or stream: nothing more to write
            pass
    atexit._run_exitfuncs()  # (what the interpreter runs at exit: log handlers, child processes)
    os._exit(status)


if __name__ == "__main__":  # pragma: no cover
    program()
