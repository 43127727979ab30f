"""The chart and what-if commands of the command line: ``drift`` and ``compare``."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import warnings
from collections.abc import Hashable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import numpy as np
import pandas as pd

from .clihelp import (
    UsageError,
    _existing,
    _family,
    _options,
    _out_format,
    _same_path,
    _show,
    chart_group,
    chart_summary,
    chart_title,
    jobs_of,
    read_options,
    shortened,
    title_with_rules,
    titled,
    with_event_name,
)
from .core.folders import list_files
from .core.io import (
    TABLE_SUFFIXES,
    atomic_write,
    check_target,
    write_table,
)
from .core.schema import EVENT, LEAGUE, SEASON, ValidationError

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

#: formats a chart can be written in, by extension
CHART_SUFFIXES = (".png", ".svg", ".pdf")
CHART_DPI = 120
#: files a family may read from a results folder (a chart is never written over one)
INPUT_SUFFIXES = (*TABLE_SUFFIXES, ".trf", ".trfx", ".txt", ".pgn", ".pbn", ".xml", ".json", ".tdf")


def history_from_path(name: str, path: str | Path, **options: Any) -> pd.DataFrame:
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
    players: int | Sequence[Hashable] | None = None,
    event: Hashable | None = None,
    value: str | None = None,
) -> Axes:
    """Compute a family's history from a results file or folder and draw its drift chart.

    One series is drawn: `event` picks the event (cards, chess), the league or the season; by
    default the one with the most rows (the biggest event, the longest league) of the last
    season. A cards or chess event is titled as its file names it (:func:`~.clihelp.titled`).

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
    >>> ax.get_title(loc="left").splitlines()[0], [t.get_text() for t in ax.texts]
    ('Place after each tournament — club (start weight 10 rounds)', ['Dan (3)'])
    >>> write_chart(ax, folder / "drift.png").read_bytes()[:4]
    b'\x89PNG'
    """
    from .plot import drift

    history = history_from_path(name, path, **(options or {}))
    step = EVENT if name == "bridge" else None
    series = [LEAGUE, SEASON] if name == "league" else [EVENT] if name != "bridge" else [SEASON]
    in_season = (  # `event` names a season (its text compared only when given)
        event is not None
        and SEASON in history
        and (history[SEASON].astype(str) == str(event)).any()
    )
    _check_event(name, path, history, series, event)
    full, drawn = history, []
    for column in series:  # one series per chart: the chosen one, else the largest
        if column in history.columns and history[column].nunique() > 1:
            if column == SEASON and not in_season:  # the latest season
                pick = history[column].iloc[-1]
            elif event is None or (column != SEASON and in_season):  # the most rows; the later
                sizes = history.groupby(column, sort=False, observed=True).size()
                pick = sizes.index[len(sizes) - 1 - int(np.argmax(sizes.to_numpy()[::-1]))]
            else:
                pick = event
            keep = history[column].astype(str) == str(pick)
            history = history.loc[keep.to_numpy()]
            drawn.append(f"{column} {pick}")
    history, rules = titled(name, path, history, options or {})  # the event as its file names it
    try:
        ax = drift(history, step=step, players=players, value=value)
    except ValueError as exc:
        why = "the largest" if event is None else ""
        raise _unknown_player(exc, full, history, drawn, why, players) from None
    title_with_rules(ax, rules)
    return ax


#: the columns a player (pair, team) given by name or id is looked for in
PLAYER_COLUMNS = ("player", "name", "pair", "names", "team", "id")


def _unknown_player(
    error: ValueError,
    full: pd.DataFrame,
    shown: pd.DataFrame,
    drawn: list[str],
    why: str,
    players: object,
) -> ValueError:
    """`error` (an unknown ``--player``) naming the event searched and, for a player found in
    another one, which (``--event E``)."""
    if not str(error).startswith("unknown ") or not isinstance(players, list):
        return error
    head, _, known = str(error).partition("; ")
    if drawn:
        head += f" in {', '.join(drawn)}" + (f" ({why}; --event picks another)" if why else "")
    text = f"--player: {head}; {known}"
    column = drawn[-1].split(" ", 1)[0] if drawn else EVENT
    looked = [c for c in PLAYER_COLUMNS if c in full.columns]
    for who in players:
        hit = np.zeros(len(full), dtype=bool)
        for c in looked:
            hit |= (full[c].astype(str) == str(who)).to_numpy()
        here = any((shown[c].astype(str) == str(who)).any() for c in looked if c in shown)
        if hit.any() and not here and column in full.columns:
            where = pd.unique(full.loc[hit, column].astype(str))
            text += f"; {who!r} is in {column} {shortened(where)}: --event {where[0]}"
    return UsageError(text)


def _check_event(
    name: str, path: str | Path, history: pd.DataFrame, series: list[str], event: object
) -> None:
    """Refuse an `event` that names none of the series a chart of `history` can draw (a usage
    error naming the values it could have been): never the whole file drawn instead."""
    columns = [c for c in series if c in history.columns]
    if event is None or any((history[c].astype(str) == str(event)).any() for c in columns):
        return
    if not columns:  # bridge pairs: one chart across the events, each a step
        events = shortened(pd.unique(history[EVENT].astype(str))) if EVENT in history else ""
        raise UsageError(
            f"--event {event}: a {name} chart of {path} draws all its events, one step each "
            f"({events}), and has no season to choose; leave out --event, or chart one file"
        )
    what = " or ".join(columns)
    known = "; ".join(f"{c}s: {shortened(pd.unique(history[c].astype(str)))}" for c in columns)
    raise UsageError(f"--event {event}: no {what} {event!r} in {path}; its {known}")


def _chart_target(out: str | Path, inputs: Iterable[str | os.PathLike] = ()) -> Path:
    """Check a chart's target: a known format, and not one of the input files."""
    return check_target(out, CHART_SUFFIXES, inputs=inputs, what="chart")


def _inputs(path: str | Path) -> list[Path]:
    """The path and, for a folder, the files in it that a family may read (never written over)."""
    if not Path(path).is_dir():
        return [Path(path)]
    return [Path(path), *list_files(path, INPUT_SUFFIXES)]


def write_chart(ax: Axes, out: str | Path, *, inputs: Iterable[str | os.PathLike] = ()) -> Path:
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
    fig = cast("Figure", ax.figure)  # a chart's axes are on a figure of their own
    FigureCanvasAgg(fig)  # render off-screen, whatever the session's backend

    def save(tmp: Path) -> None:
        fig.savefig(tmp, format=suffix[1:], dpi=CHART_DPI)

    return atomic_write(out, save)


def cmd_drift(args: argparse.Namespace) -> int:
    if _family(args.family) is None:
        print(f"tourneystats: the {args.family} family is not available", file=sys.stderr)
        return 2
    inputs = _inputs(_existing(args.path))
    _out_format("--out", args.out, CHART_SUFFIXES, "chart")
    _chart_target(args.out, inputs)  # refuse a bad target before computing anything
    players = args.player if args.player is not None else args.players
    if args.players is not None:
        warnings.warn(
            "--players is deprecated: it splits at commas, so 'Doe, Jane' becomes two names; "
            'use --player once per player (--player "Doe, Jane" --player 12)',
            FutureWarning,
            stacklevel=2,
        )
    players = players if players is not None else args.top
    ax = drift_chart(
        args.family,
        args.path,
        options=_options(args) | jobs_of(args),
        players=players,
        event=args.event,
        value=args.value,
    )
    written = write_chart(ax, args.out, inputs=inputs)
    print(f"{chart_title(ax)}: {chart_summary(ax)}")
    print(f"wrote {written}")
    return 0


# --- compare (what-if) ---------------------------------------------------------------------------

#: each family's reader of one ``compare --rules`` rule set
COMPARE_PARSERS = {
    "cards": ("tourneystats.cards.whatif", "_parse"),
    "chess": ("tourneystats.chess.whatif", "_chess_parse"),
    "bridge": ("tourneystats.bridge.whatif", "_bridge_parse"),
    "league": ("tourneystats.league.whatif", "_parse"),
}

#: the options of ``compare`` and the families that take each
COMPARE_OPTIONS: dict[str, tuple[str, ...]] = {
    "tiebreaks": ("chess",),
    "skip_bad_files": ("cards",),
}


def results_from_path(name: str, path: str | Path, **options: Any) -> tuple[pd.DataFrame, dict]:
    """A family's results (and the options they come with) from a results file or folder.

    Reads as the family's ``standings_from_path`` does: cards and league tables (cards also MTG
    JSON and TOM files), chess TRF, PGN and tables (with their players and events), bridge pairs
    results (PBN, USEBIO, tables). The `options` (``skip_bad_files``, ``jobs``) go to the
    family's reader where it takes them. The options returned hold ``players=``, the names
    behind the ids, when the files give them.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> pd.DataFrame({"tournament": "T1", "date": "2024-01-10", "player": ["Bo", "Åsa"],
    ...               "points": [30, 40]}).to_csv(folder / "autumn.csv", index=False)
    >>> results, options = results_from_path("league", folder)
    >>> len(results), options
    (2, {})
    """
    module = _family(name)
    if module is None:
        raise ValueError(f"the {name} family is not available")
    if name == "chess":  # team events (TRF 013 records, board rows): the teams, named
        from .chess.files import _team_files, read_team_results

        if _team_files(path):
            boards, teams, events, points = read_team_results(path)
            given = {} if points is None else {"points": points}
            return boards, {"players": teams, "events": events, **given}
    read = module.read_results(path, **read_options(module.read_results, options))
    if name == "chess":
        results, players, events = read
        return results, {"players": players, "events": events}
    # the names behind the ids (TOM players, PBN and USEBIO pairs), carried into the table
    people = None
    if hasattr(module, "read_people"):  # the same files again: their warnings are said above
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            people = module.read_people(path, **read_options(module.read_people, options))
    options = {} if people is None else {"players": people}
    if name == "bridge":
        if read.pairs is None:
            raise ValueError(f"{path}: no pairs results to compare (team results only)")
        return read.pairs, options
    return read, options


def cmd_compare(args: argparse.Namespace) -> int:
    from . import whatif
    from .core.whatif import pair_totals
    from .plot import compare as slope

    inputs = _inputs(_existing(args.path))
    if args.player and not args.chart:
        raise UsageError("--player chooses players of the chart: give --chart FILE.png too")
    module, parse = COMPARE_PARSERS[args.family]
    labels = []
    for rule in args.rules:  # every rule set read before any work, errors naming the option
        try:
            spec = getattr(importlib.import_module(module), parse)(rule)
            if args.family == "chess":  # the unplayed-game rule set's name, as standings checks it
                from .chess.rules import check_rule_name

                check_rule_name(spec.options["rules"])
            labels.append(spec.label)
        except (ValidationError, ValueError) as exc:
            raise UsageError(f"--rules {rule}: {exc}") from None
    # a rule set given twice (under any spelling: mtg, MTG) would be one column twice
    twice = sorted(
        {r for r, label in zip(args.rules, labels, strict=True) if labels.count(label) > 1}
    )
    if twice or len(args.rules) < 2:
        what = (
            "one rule set alone"
            if not twice
            else f"{twice[0]} given twice"
            if len(twice) == 1
            else f"{', '.join(twice)} name one rule set"
        )
        raise UsageError(f"--rules: {what}; give two rule sets or more to compare, each once")
    # every output checked (format, folder, not an input) before any is written
    if args.out:
        _out_format("--out", args.out, TABLE_SUFFIXES)
        check_target(args.out, TABLE_SUFFIXES, inputs=inputs)
    if args.chart:
        _out_format("--chart", args.chart, CHART_SUFFIXES, "chart")
        _chart_target(args.chart, inputs)
    if args.out and args.chart and _same_path(args.out, args.chart):
        raise UsageError(f"--out and --chart name the same file {args.out}")
    reading = {"skip_bad_files": args.skip_bad_files} | jobs_of(args)
    results, options = results_from_path(args.family, args.path, **reading)
    if args.tiebreaks is not None:
        options["tiebreaks"] = args.tiebreaks
    table = whatif.compare(results, family=args.family, rules=args.rules, **options)
    summary = whatif.summary(table, cut=args.cut)
    written = write_table(table, args.out, inputs=inputs) if args.out else None
    with pd.option_context("display.width", 120, "display.max_columns", 14):
        print(pair_totals(summary).to_string(index=False))
    print()
    print(_show(summary, args.head, args.tables))
    if written:
        print(f"\nwrote {len(table)} rows to {written}")
    if args.chart:
        group = chart_group(table, summary, args.event)
        rows, _ = with_event_name(args.family, args.path, group)
        try:
            ax = slope(rows, top=args.top, cut=args.cut, players=args.player)
        except ValueError as exc:
            drawn = [f"event {group[EVENT].iloc[0]}"] if EVENT in group and len(group) else []
            why = "the one whose places changed most" if args.event is None else ""
            raise _unknown_player(exc, table, rows, drawn, why, args.player) from None
        chart = write_chart(ax, args.chart, inputs=inputs)
        print(f"{ax.get_title(loc='left')}\nwrote {chart}")
    return 0
