"""The help of the ``tourneystats`` command line: each command's description and examples, the
rule sets of every family (read from the families when ``--help`` asks for them), and the help
formatter that shows every default."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, TextIO

import numpy as np
import pandas as pd

from .core.folders import MissingPathError, list_files
from .core.schema import (
    DATE,
    DECIDED_BY,
    EVENT,
    LEAGUE,
    LINE,
    NAME,
    SEASON,
    SECTION,
    ValidationError,
    shortened,
)

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes


def _rules_help() -> str:
    """The ``--rules`` help: what a rule set is in each family (the names are listed below)."""
    return (
        "the family's rule set: a cards preset, a chess unplayed-game rule set, the bridge "
        "matchpoint scale or team tie-break rules (each family's choices and default are listed "
        "below)"
    )


class _Formatter(argparse.RawDescriptionHelpFormatter, argparse.ArgumentDefaultsHelpFormatter):
    """Shows an option's default when it has one (not "default: None", nor that of a switch),
    and the description and examples as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        """Paragraphs are filled; the lines of a list (examples, choices) are kept."""
        blocks = text.split("\n\n")
        return "\n\n".join(
            block
            if "\n" in block
            else super(argparse.RawDescriptionHelpFormatter, self)._fill_text(
                block, min(width, 100), indent
            )
            for block in blocks
        )

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.default is None or action.default is False or "default" in (action.help or ""):
            return action.help or ""
        return super()._get_help_string(action)


def _examples(*lines: str) -> str:
    """The examples section of a command's ``--help``."""
    return "examples:\n" + "\n".join(f"  {line}" for line in lines)


def _wrapped(head: str, words: Sequence[str], indent: int = 10, width: int = 80) -> list[str]:
    """`head` then `words`, wrapped within `width` columns, a line going on `indent` spaces in."""
    lines, line = [], f"  {head}"
    for word in words:
        if len(line) + len(word) + 1 > width:
            lines.append(line)
            line = " " * indent
        line += f" {word}"
    return [*lines, line]


def _listed(head: str, names: Sequence[str], tail: str = "", indent: int = 10) -> list[str]:
    """:func:`_wrapped` of `names` joined by commas, then `tail`'s words."""
    words = [*[f"{n}," for n in names[:-1]], names[-1], *tail.split()]
    return _wrapped(head, words, indent)


def _family_choices(league: bool = True) -> str:
    """The rule sets of every family, one family per line, read from the families themselves
    (`league`: and the league's start weights)."""
    from .bridge import CONVENTIONS, KNOCKOUT_RULES, SCORINGS, TEAM_RULES
    from .cards import RULES
    from .chess import PRESETS, RULE_SETS
    from .chess.codes import TIEBREAKS
    from .chess.teamcodes import TEAM_TIEBREAKS

    return "\n".join(
        [
            "rule sets and tie-breaks by family:",
            *_listed("cards    --rules", list(RULES), "(default: the preset a JSON or TOM "
                     "file's publisher implies, else mtg)"),
            *_listed("chess    --rules", [*RULE_SETS, *PRESETS, "auto:RULES"], "(default "
                     "adjusted; auto: by each event's start date, or its program's; a program's "
                     "preset by its dates; auto:RULES for undated events; check of Vega "
                     "folders: the preset vega, with the rule set an event's values show where "
                     "its date's does not reproduce them, reported as chosen so)"),
            *_listed("chess    --tiebreaks", list(TIEBREAKS), "(each with its modifiers after "
                     "/, e.g. BH/C1, BH/M1, BH/C1/P: forfeits counted as games, and an edition "
                     "after @, e.g. BH/C1@2026)"),
            *_listed("chess    --tiebreaks", list(TEAM_TIEBREAKS), "(team events)"),
            *_listed("bridge   --rules", ["full", "half"], "(the matchpoint scale: 2 or 1 per "
                     "result beaten; default full)"),
            *_listed("bridge   --rules", list(TEAM_RULES), "(team files: the tie-breaks of a "
                     "team table)"),
            *_listed("bridge   --rules", ["knockout", *(f"knockout:{k}" for k in KNOCKOUT_RULES)],
                     "(a table of knockout segments; NAME-carry, NAME-earlier, NAME-places "
                     "beside it)"),
            *_listed("bridge   --scoring", list(SCORINGS), "(default: as each file declares)"),
            *_listed("bridge   --convention", list(CONVENTIONS), "(default: the file's "
                     "program's, else ebu)"),
            *(_wrapped("league  ", "--prior-rounds K, --prior-mode top-up or constant (default "
                       "10, top-up)".split()) if league else []),
        ]
    )  # fmt: skip


def complete_help(parser: argparse.ArgumentParser) -> None:
    """The parts of a command's help read from the families (imported only for ``--help``)."""
    for action in parser._actions:
        if action.dest == "rules" and action.help and "listed below" not in action.help:
            action.help = _rules_help()
    tail = TAILS.get(parser.prog)
    if tail is not None and parser.epilog is not None and not parser.epilog.endswith(tail()):
        parser.epilog = f"{parser.epilog}\n\n{tail()}"


class _Help(argparse._HelpAction):
    """``--help`` of a family command: every family's ``--rules`` values, imported only then."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        complete_help(parser)
        super().__call__(parser, namespace, values, option_string)


def _compare_choices() -> str:
    """The rule sets ``compare`` takes, family by family."""
    from .bridge.whatif import _bridge_names
    from .cards import RULES
    from .chess import RULE_SETS

    return "\n".join(
        [
            "rule sets by family (--rules A,B[,C]):",
            *_listed("cards    presets:", list(RULES)),
            *_listed("chess    unplayed-game rule sets:", [*RULE_SETS][:-1] + [f"{[*RULE_SETS][-1]};"],
                     "each may carry its own tie-breaks after a colon, joined by +: "
                     "fide2024,fide2026:BH/C1+SB (--tiebreaks gives those of the others); "
                     "team files rank the teams, with team codes: fide2024:MP+GP,"
                     "fide2026:EDE+BH:GP/C1 (a first MP or GP: the primary score)"),
            *_listed("bridge   matchpoint scales, scoring methods, conventions:",
                     list(_bridge_names())),
            *_wrapped("league  ", "start weights K or K:MODE (MODE top-up or constant): "
                      "0,10,10:constant".split()),
        ]
    )  # fmt: skip


def _recompute_keys() -> str:
    """The options ``recompute --set FAMILY.KEY=VALUE`` takes, read from each family's kernel."""

    from .archive import FAMILIES as SPECS

    lines = ["keys of --set FAMILY.KEY=VALUE (and of a --config file's [FAMILY] tables):"]
    for name, spec in SPECS.items():
        names = spec.option_names()  # (players, events: read from the archive)
        if spec.tables:
            names.append(f"table ({' or '.join(spec.tables)})")
        lines += _listed(f"{name:<13}", names, indent=15)
    lines.append("  (each a keyword of the family's function, as the API reference documents it:")
    lines.append("  cards.archive_standings, chess.standings, bridge.standings, ...)")
    return "\n".join(lines)


#: the examples of ``tourneystats --help``
MAIN_EXAMPLES = (
    "tourneystats demo",
    "tourneystats standings data/chess --family chess --tiebreaks BH/C1,BH,SB",
    "tourneystats COMMAND --help        # a command's options, defaults and examples",
)
#: each command's one-line help, its description and two or three examples
COMMANDS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "demo": (
        "standings and drift charts for every sample season",
        "Compute the standings of every sample season (one folder per family), print the top of "
        "each table and write the tables (Parquet) and a drift chart per family (PNG).",
        (
            "tourneystats demo",
            "tourneystats demo --out demo-output --head 3",
            "tourneystats demo --data my-seasons/   # cards/, chess/, bridge/, league/ inside",
        ),
    ),
    "standings": (
        "standings of every event in a results file or folder",
        "Compute the standings of every event of a results file or folder (every file of a "
        "folder, with its family's reader), print the first rows of the first tables and write "
        "them all (--out).",
        (
            "tourneystats standings data/chess --family chess --tiebreaks BH/C1,BH,SB "
            "--rules fide2024",
            "tourneystats standings data/cards --family cards --rules melee --out cards.csv",
            "tourneystats standings data/league --family league --prior-rounds 10",
        ),
    ),
    "check": (
        "compare the standings a file publishes with the computed ones",
        "Compare the values a file publishes (TRF points and ranks, USEBIO and PBN totals, "
        "percentages and IMPs, the standings of an MTG JSON or TOM file) with the ones computed "
        "under its declared rules or the options given; print the differences, and why where "
        "the file says it (ranks by points only, a board with one room). Of a folder, each file "
        "is checked on its own: --out report.csv writes a row per file, with the differences and "
        "the values counted beside it in report-differences.csv and report-values.csv. Exit "
        "status 1 when a value "
        "differs or a file is refused.",
        (
            "tourneystats check data/cards/melee-14643-matches.csv --family cards --rules melee",
            "tourneystats check data/chess/club-spring-2024.trf --family chess --tiebreaks ''"
            "   # ranks by points",
            "tourneystats check data/bridge-published --family bridge --out report.csv",
        ),
    ),
    "drift": (
        "ranking-drift chart (PNG) of a results file or folder",
        "Draw the place of every player (pair) after each round, session or evening as a bump "
        "chart, the chosen ones in colour and named at their line ends.",
        (
            "tourneystats drift data/league --family league --top 6 --out drift.png",
            "tourneystats drift data/chess --family chess --event tournament_1 --player 1 "
            "--player 2 --out chess.png",
            "tourneystats drift data/bridge --family bridge --value percentage --out bridge.png",
        ),
    ),
    "compare": (
        "standings under several rule sets side by side, and what changed",
        "Rank the same results under several rule sets (presets, unplayed-game rules and "
        "tie-break orders, scoring methods, start weights), every event at once; print per event "
        "and pair of rule sets how many places changed, the largest move, Kendall's tau and "
        "whether the winner, the podium or the cut changed; write the table (--out) and a slope "
        "chart of the places under the first two rule sets (--chart).",
        (
            "tourneystats compare data/chess --family chess --rules fide2024,fide2026:BH/C1+SB "
            "--chart places.png",
            "tourneystats compare data/cards --family cards --rules mtg,melee,pokemon --out "
            "compare.csv",
            "tourneystats compare data/league --family league --rules 0,10,10:constant",
        ),
    ),
    "recompute": (
        "standings of every event of an archive, as a partitioned dataset",
        "Compute the standings of every event of an archive (see import), one archive file at "
        "a time, and write them with the same partitions under --out. An event that cannot be "
        "computed is listed in OUT/_report.json (exit status 1); a rerun computes only what is "
        "missing or changed.",
        (
            "tourneystats recompute archive/ --out standings/",
            "tourneystats recompute archive/ --out standings/ --set chess.rules=auto:fide2024 "
            '--set \'chess.tiebreaks=["BH","SB"]\'',
            "tourneystats recompute archive/ --out standings/ --config rules.toml --engine dask",
        ),
    ),
    "import": (
        "build an archive from a folder of CSV/TRF/PBN/USEBIO/JSON/TOM files",
        "Read every results file below SRC with its family's reader and write them as a "
        "hive-partitioned Parquet archive (family=NAME/season=S/part-N.parquet). The family is "
        "told by the file type, the columns or a folder named after it; the season by a season "
        "column, else --season, else (with --season-from-folder) the first folder below SRC "
        "that is not a family's, else the year of the event's date. Team chess events (TRF "
        "team records, PGN team tags, tables of board rows with team, opponent_team, board) "
        "are the family chess_teams, whose standings are the teams'. A file with no round to "
        "rank (a playoff bracket alone) is listed, not imported.",
        (
            "tourneystats import data/ archive/ --season 2024",
            "tourneystats import results/ archive/ --season-from-folder --mode append --strict",
        ),
    ),
}
#: the end of a command's help read from the families (on ``--help`` only)
TAILS: dict[str, Callable[[], str]] = {}


def command_parser(
    sub: argparse._SubParsersAction, name: str, tail: Callable[[], str] | None = None
) -> argparse.ArgumentParser:
    """A command's parser with its help, description and examples (and `tail`, the part read
    from the families when ``--help`` asks)."""
    short, description, examples = COMMANDS[name]
    parser = sub.add_parser(
        name,
        help=short,
        description=description,
        epilog=_examples(*examples),
        add_help=False,
        formatter_class=_Formatter,
    )
    if tail is not None:
        TAILS[parser.prog] = tail
    parser.add_argument("-h", "--help", action=_Help, help="show this help message and exit")
    return parser


def rules_text(name: str, options: dict, history: pd.DataFrame) -> str:
    """The rules a chart's numbers follow, for its title: the rule set and the tie-breaks
    (chess: the columns after PTS, as computed), or the start weight of a league."""
    parts = []
    teams = name == "chess" and "team" in history.columns  # team events: MP or GP first
    if options.get("rules") is not None:
        parts.append(f"{options['rules']} rules")
    elif name == "chess":
        parts.append("auto:fide2024 rules" if teams else "adjusted rules")
    if name == "chess":
        columns = list(history.columns)
        score = next((c for c in ("PTS", "MP", "GP") if c in columns), None)
        if score is not None and DECIDED_BY in columns:
            codes = columns[columns.index(score) + 1 : columns.index(DECIDED_BY)]
            parts.append("tie-breaks " + ", ".join(codes) if codes else "points only")
    if name == "league":
        parts.append(f"start weight {options.get('prior_rounds', 10)} rounds")
    if name == "bridge" and options.get("scoring"):
        parts.append(str(options["scoring"]))
    return "; ".join(parts)


def titled(
    name: str, path: str | Path, history: pd.DataFrame, options: dict
) -> tuple[pd.DataFrame, str]:
    """The history of one event drawn, with the event named as its file names it
    (:func:`event_label`), and the rules for the chart's title (:func:`rules_text`; without
    ``--rules``, the preset a JSON or TOM file's publisher implies)."""
    named, record = with_event_name(name, path, history)
    if record is not None and name == "cards" and options.get("rules") is None:
        from .cards.published import PLATFORM, PRECISION
        from .cards.publishers import implied_rules

        preset = implied_rules(record.get(PLATFORM), _date(record), record.get(PRECISION)).name
        options = {**options, "rules": preset}
    return named, rules_text(name, options, history)


def with_event_name(
    name: str, path: str | Path, frame: pd.DataFrame
) -> tuple[pd.DataFrame, pd.Series | None]:
    """`frame` (the rows of one event) with the event as its file names it
    (:func:`event_label`), and what the file says of the event (None when no file names it)."""
    drawn = len(frame) and name in ("cards", "chess") and EVENT in frame.columns
    record = event_record(name, path, frame[EVENT].iloc[0]) if drawn else None
    label = None if record is None else event_label(record)
    return (frame.assign(**{EVENT: label}) if label else frame), record


def event_label(record: pd.Series) -> str | None:
    """The name and date an event's file publishes (:func:`event_record`), or None.

    Examples
    --------
    >>> import tourneystats as ts
    >>> event_label(event_record("chess", ts.sample_data() / "chess", "club-spring-2024"))
    'Club spring open 2024, 2024-04-13'
    """
    title, date = record.get(NAME), _date(record)
    if not isinstance(title, str) or not title.strip():
        return None
    return title.strip() if date is None else f"{title.strip()}, {date:%Y-%m-%d}"


def _date(record: pd.Series) -> pd.Timestamp | None:
    date = record.get(DATE)
    return None if date is None or pd.isna(date) else pd.Timestamp(date)


def event_record(name: str, path: str | Path, event: object) -> pd.Series | None:
    """What the file of `event` says of it (its row of the events table): an MTG JSON or TOM
    file for cards, a TRF file for chess (one event each); None for another file, or when two
    files of the folder could be the event's.

    Examples
    --------
    >>> import tourneystats as ts
    >>> event_record("chess", ts.sample_data() / "chess", "rapid-2026")["name"]
    'Rapid 2026'
    >>> event_record("cards", ts.sample_data() / "cards", "league-2024-00006") is None
    True
    """
    suffixes = {"cards": (".json", ".xml"), "chess": (".trf", ".trfx", ".txt")}.get(name, ())
    path, text = Path(path), f"/{event}"
    files = list_files(path, suffixes) if path.is_dir() and suffixes else [path]
    found = [
        p
        for p in files
        if p.suffix.lower() in suffixes and f"/{p.with_suffix('').as_posix()}".endswith(text)
    ]
    if len(found) != 1:
        return None
    try:
        with warnings.catch_warnings():  # said when the history was read
            warnings.simplefilter("ignore")
            events = _events_of(name, found[0])
    except (ValueError, OSError):
        return None
    return events.iloc[0] if len(events) == 1 else None


def _events_of(name: str, file: Path) -> pd.DataFrame:
    """The events table of one MTG JSON, TOM or TRF file."""
    if name == "chess":
        from .chess.trf import read_trf

        return read_trf(file).events
    from .cards import read_mtg_json, read_tom

    return (read_tom if file.suffix.lower() == ".xml" else read_mtg_json)(file).events


def chart_summary(ax: Axes) -> str:
    """Who a chart highlights, for the terminal."""
    shown = [line.get_label() for line in ax.get_lines()]
    return f"{len(shown)} highlighted: {', '.join(map(str, shown))}"


def chart_title(ax: Axes) -> str:
    """A chart's title on one line, without the rules :func:`title_with_rules` put on a line of
    their own."""
    from .plot.style import _unwrap_title

    return _unwrap_title(ax.get_title(loc="left").split("\n(")[0])


def title_with_rules(ax: Axes, rules: str) -> None:
    """Add `rules` (in brackets) to the title of `ax`: on its line when they fit the chart's
    width, else on a line of their own (each line broken where it is wider than the chart)."""
    from .plot.style import _fit_title, _unwrap_title

    if not rules:
        return
    title = _unwrap_title(ax.get_title(loc="left"))
    one = _fit_title(ax, f"{title} ({rules})").get_text()
    if "\n" in one:
        _fit_title(ax, f"{title}\n({rules})")


class UsageError(ValueError):
    """A command line the user can correct: an unknown option value, options that do not go
    together. The command prints it on one line and exits with status 2, as for the errors
    argparse finds."""


def skip_hint(args: argparse.Namespace, error: Exception) -> str:
    """For a file of a folder that was refused: that ``--skip-bad-files`` leaves such files out
    (when the command takes it, for the family, and it was not given).

    Examples
    --------
    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> args = argparse.Namespace(family="cards", path=folder, skip_bad_files=None)
    >>> skip_hint(args, ValidationError(f"{folder}/e.json: Rounds[0]: bad"))
    ' (--skip-bad-files leaves out the files that would be refused, naming each)'
    >>> skip_hint(args, ValueError("no event 'x'"))
    ''
    """
    folder = Path(getattr(args, "path", "") or "")
    if (
        getattr(args, "skip_bad_files", False) is not None  # not an option, or given
        or getattr(args, "family", None) not in SKIP_FAMILIES
        or not isinstance(error, ValidationError)
        or not folder.is_dir()
    ):
        return ""
    message = str(error)
    named = message.split(": ", 1)[0]
    if not (named.lower().endswith(".json") and _inside(Path(named), folder)):
        return ""
    return " (--skip-bad-files leaves out the files that would be refused, naming each)"


def _inside(path: Path, folder: Path) -> bool:
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except OSError:
        return False


def comma_list(text: str) -> list[str]:
    """An argparse type: comma-separated items, blanks dropped."""
    return [t.strip() for t in text.split(",") if t.strip()]


def whole_number(least: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least `least`."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"must be {least} or more, not {value}")
        return value

    return parse


def jobs_option(parser: argparse.ArgumentParser, what: str, *, small: str = "") -> None:
    """``--jobs N``: processes over the files of a folder (default: all the cores); `small`
    says when the default keeps to one process."""
    parser.add_argument(
        "--jobs",
        type=whole_number(0),
        default=0,
        metavar="N",
        help=f"processes over {what}: 0 (the default) all the cores{small}; the outputs do "
        "not depend on it",
    )


#: the families whose folders ``--skip-bad-files`` reads leaving out refused files (MTG JSON)
SKIP_FAMILIES = ("cards",)


def skip_option(parser: argparse.ArgumentParser) -> None:
    """``--skip-bad-files`` (cards): refused MTG JSON files of a folder left out, each named."""
    parser.add_argument(
        "--skip-bad-files",
        action="store_const",
        const=True,
        help="cards: leave out the MTG JSON files of a folder that would be refused, naming "
        "each (default: stop at the first)",
    )


#: the families whose folders ``standings`` and ``drift`` read on ``--jobs`` processes (chess:
#: runs of consecutive TRF and PGN files, :mod:`tourneystats.chess.jobs`)
JOBS_FAMILIES = ("bridge", "cards", "chess", "league")


def folder_options(parser: argparse.ArgumentParser) -> None:
    """``--skip-bad-files`` and ``--jobs`` (``standings``, ``drift``, ``compare``)."""
    skip_option(parser)
    jobs_option(parser, "the files of a folder", small=", but one for a folder of less than 32 MB")


def read_options(read: Callable, options: dict) -> dict:
    """The `options` (``skip_bad_files``, ``jobs``) that a family's reader `read` takes."""
    import inspect

    taken = inspect.signature(read).parameters
    return {k: v for k, v in options.items() if k in taken and v is not None}


def jobs_of(args: argparse.Namespace) -> dict:
    """``{"jobs": N}`` for a family that reads a folder's files on several processes, else
    nothing."""
    return {"jobs": args.jobs} if getattr(args, "family", None) in JOBS_FAMILIES else {}


def family_hint(args: argparse.Namespace, error: Exception) -> str:
    """For an error on a results file read as another family's (missing columns, a format the
    family does not read): a hint naming the family the file's format or columns say.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "games.csv"
    >>> _ = path.write_text("event,round,player,opponent,colour,kind,points\\n")
    >>> family_hint(argparse.Namespace(family="cards", path=str(path)), ValueError("missing"))
    ' (the file looks like chess results: --family chess?)'
    """
    path = Path(getattr(args, "path", "") or "")
    family = getattr(args, "family", None)
    if family is None or not path.exists() or "no such file" in str(error):
        return ""
    from .archive.sources import family_of

    files = [path] if path.is_file() else list_files(path, FAMILY_SUFFIXES)[:20]
    founds = set()
    for file in files:  # a folder: the families of its first files (all one, or no hint)
        try:
            found = family_of(file)
        except (ValueError, OSError):
            continue
        if found is not None:  # (a table of no family: published standings, ...)
            founds.add(found.split("_")[0])  # (bridge_teams, chess_teams: --family bridge, chess)
    found = founds.pop() if len(founds) == 1 else None
    if found is None or found == family:
        return ""
    what = "file looks" if path.is_file() else "files look"
    return f" (the {what} like {found} results: --family {found}?)"


#: the files whose family :func:`family_hint` tells in a folder
FAMILY_SUFFIXES = (".csv", ".parquet", ".pq", ".trf", ".trfx", ".pgn", ".pbn", ".xml", ".json")


#: the parts of the library's messages that name a Python argument, and what the command line
#: says instead: (text, in ``recompute``, in the other commands); the messages say both, the
#: command line only the option the user types
COMMAND_WORDS: tuple[tuple[str, str, str], ...] = (
    ("(rules='auto:fide2009', --rules auto:fide2009)", "(--set chess.rules=auto:fide2009)",
     "(--rules auto:fide2009)"),
    ("rules='auto': ", "", "--rules auto: "),
    ("--season; season= in Python", "--season", "--season"),
    (" (use mode='replace')", " (import --mode replace replaces it)",
     " (import --mode replace replaces it)"),
    (" or (in Python) pass a bridge.Convention", "", ""),
    ("leave them out of the tie-breaks (--tiebreaks), or, in Python, pass "
     "allow_buchholz_in_round_robins=True to compute them anyway",
     "leave them out of the tie-breaks (--set chess.tiebreaks=...), or compute them anyway "
     "(--set chess.allow_buchholz_in_round_robins=true)",
     "leave them out of the tie-breaks (--tiebreaks)"),
)  # fmt: skip


def command_words(text: str, command: str | None) -> str:
    """`text` (a message of the library) with the Python arguments it names replaced by the
    options of `command` (:data:`COMMAND_WORDS`); the team files' Python function left out.

    Examples
    --------
    >>> command_words("no date; give the season (--season; season= in Python)", "import")
    'no date; give the season (--season)'
    >>> command_words("a fallback: (rules='auto:fide2009', --rules auto:fide2009)", "recompute")
    'a fallback: (--set chess.rules=auto:fide2009)'
    """
    for said, recompute, other in COMMAND_WORDS:
        text = text.replace(said, recompute if command == "recompute" else other)
    head, sep, tail = text.partition("; in Python bridge.team_standings_from_path(")
    return head + (")" + tail.partition("))")[2] if sep else "")


def silence_stdout() -> None:
    """Point standard output at /dev/null, so that the flush at exit does not fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # not a real file (a test's capture): nothing to flush
        pass
    finally:
        os.close(devnull)


def print_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
    *,
    command: str | None = None,
) -> None:
    """Say a warning on standard error as the command's own (one line, in the words of
    `command`: :func:`command_words`)."""
    print(f"tourneystats: warning: {command_words(str(message), command)}", file=sys.stderr)


def chart_group(table: pd.DataFrame, summary: pd.DataFrame, event: str | None) -> pd.DataFrame:
    """The rows of the table to chart: of `event` (as text) if given, and of the group (event,
    section, line, league, season) where the first two rule sets differ most."""
    from .core.whatif import layout

    groups, _ = layout(table)
    a, b = summary["rules_a"].iloc[0], summary["rules_b"].iloc[0]
    first = summary[((summary["rules_a"] == a) & (summary["rules_b"] == b)).to_numpy()]
    if event is not None:
        if EVENT not in groups:
            raise UsageError("--event: this family's tables have no event column")
        first = first[first[EVENT].astype(str) == str(event)]
        if first.empty:
            known = shortened(pd.unique(summary[EVENT].astype(str)))
            raise UsageError(f"--event {event}: no event {event!r}; the events are {known}")
    pick = first.iloc[int(first["places_changed"].to_numpy().argmax())]
    keep = np.ones(len(table), dtype=bool)
    for column in groups:
        keep &= (table[column] == pick[column]).to_numpy(dtype=bool, na_value=False)
    return table.loc[keep]


# --- what every command shares ---------------------------------------------------------------

#: family name -> module implementing ``standings_from_path(path, **options)``
FAMILIES = {
    "cards": "tourneystats.cards",
    "chess": "tourneystats.chess",
    "bridge": "tourneystats.bridge",
    "league": "tourneystats.league",
}


def _family(name: str) -> ModuleType | None:
    try:
        module = importlib.import_module(FAMILIES[name])
    except ModuleNotFoundError as exc:
        if exc.name != FAMILIES[name]:
            raise
        return None
    return module if hasattr(module, "standings_from_path") else None


#: the rule options of ``standings`` and ``drift``, and the families that take each
FAMILY_OPTIONS: dict[str, tuple[str, ...]] = {
    "rules": ("cards", "chess", "bridge"),
    "tiebreaks": ("chess",),
    "prior_rounds": ("league",),
    "prior_mode": ("league",),
    "scoring": ("bridge",),
    "convention": ("bridge",),
    "vp_scale": ("bridge",),
    "skip_bad_files": ("cards",),
}


def _options(args: argparse.Namespace) -> dict:
    """The family options the user gave (those left unset are not passed)."""
    return {k: getattr(args, k) for k in FAMILY_OPTIONS if getattr(args, k, None) is not None}


def _groups(table: pd.DataFrame) -> list[str]:
    """The columns that split a standings table into separate tables (event, league, ...)."""
    return [c for c in (LEAGUE, SEASON, EVENT, SECTION, LINE) if c in table.columns]


def _show(table: pd.DataFrame, head: int, tables: int = 0) -> str:
    """The first `head` rows of each table (event, section, ...) of `table`, for the terminal;
    with `tables` > 0, of its first `tables` tables only, and a line saying how many are left;
    `head` 0: every row."""
    head = head or len(table)
    groups = _groups(table)
    more = ""
    if groups:
        # the rows shown are picked by position, then taken once (not the whole table per step)
        number = table.groupby(groups, observed=True, sort=False, dropna=False).ngroup()
        number = number.to_numpy()  # tables in order of appearance
        left = int(number.max()) + 1 - tables if tables > 0 and len(table) else 0
        rows = np.flatnonzero(number < tables) if left > 0 else np.arange(len(table))
        if left > 0:
            more = f"\n... and {left:,} more table(s) not shown (--tables 0 shows all)"
        mine = number[rows]
        order = np.argsort(mine, kind="stable")  # each table's rows together, in table order
        starts = np.flatnonzero(np.append(True, mine[order][1:] != mine[order][:-1]))
        within = np.arange(order.size) - np.repeat(starts, np.diff(np.append(starts, order.size)))
        table = table.take(np.sort(rows[order[within < head]]))  # the first `head` of each
    else:
        table = table.head(head)
    with pd.option_context("display.width", 120, "display.max_columns", 14):
        return table.to_string(index=False) + more


def _out_format(flag: str, out: str | Path, suffixes: Sequence[str], what: str = "table") -> None:
    """Refuse an output the command cannot write (its suffix): a usage error naming the option."""
    suffix = Path(out).suffix.lower()
    if suffix not in suffixes:
        said = (
            f"{suffix!r} is not a {what} format"
            if suffix
            else f"no suffix to tell the {what} format"
        )
        raise UsageError(f"{flag} {out}: {said}; give a file ending in {', '.join(suffixes)}")


def _existing(path: str | Path) -> Path:
    """`path`, which must exist (the error every command gives first)."""
    if not Path(path).exists():
        raise MissingPathError(f"{path}: no such file or folder")
    return Path(path)


def _same_path(a: str | Path, b: str | Path) -> bool:
    return Path(a).resolve() == Path(b).resolve()
