"""Published chess standings compared with tourneystats' (``tourneystats check``).

Three sources publish standings:

- **Vega web exports** (a folder with ``standings.html`` and ``pairsN.html``, or a folder of
  them; :mod:`tourneystats.chess.vega`): points, places and every published tie-break. Unless
  `rules` names a rule set, each event is compared under the preset ``vega``: the Vega rule
  set of its start date (``vega2024``, ``vega2026a``, ``vega2026``; an undated event
  ``vega2024``), or, where that one does not reproduce every published tie-break, the one of
  Vega's rule sets reproducing most (its options included: ``vega2009``, Vega's FIDE 2009
  unplayed-games option; the pages print neither Vega's version nor its options). The column
  ``chosen_by`` says how each event's rule set was chosen (``date``, ``published values`` or
  ``given``): a rule set chosen by the values is a reading of them, not a statement of the
  program's. Notes say which values a condition of the pages explains (a ``0 - 0`` game read
  as a double forfeit, a crosstable that differs from a round page).
- **Results tables with their published standings beside them** (CSV/Parquet): a table named
  like the results with ``standings`` for ``results``/``games``/``matches`` (or in a folder
  every ``*standings*`` table) with ``event, [round_after], rank, player|name, points`` and a
  column per tie-break code (``BH/C1``, ``SB``, ...): the way in for any program's export
  (:func:`tourneystats.chess.published.compare_published`). Rules ``adjusted`` unless named;
  ``auto`` when a ``program`` column names the program that published the standings (its
  preset, by each event's ``date`` column).
- **TRF files**, below.

A TRF ``001`` line publishes the player's points (columns 81-84) and rank (86-89).
:func:`check_from_path` reads the files without refusing published points that differ from
the sum of the round results (a penalty, or a mistake: here it is a difference to report, not
an error), ranks every event as :func:`~tourneystats.chess.standings_from_path` does (the
tie-breaks a file declares in its ``202``/``212`` record, else the caller's or the default
``BH/C1, BH, SB``) and compares both values per player.

A published rank can only agree when the tie-breaks are the ones the publisher used: players
the tie-breaks leave level share a place here, while a TRF file numbers them 1, 2, ...

A TRF file of a team event with the TRF-2026 team section publishes each team's match points
(``310`` columns 55-60), game points (62-67) and rank (69-71, ties allowed): those are compared
per team (``event, team, name, value, published, computed, equal``), with the team standings
:func:`~tourneystats.chess.standings_from_path` gives (the file's ``362``/``320`` point system,
its ``202``/``212`` tie-breaks); a rank agrees with any of the places a tie covers. A TRF-16 team
file (``013`` records) publishes no team values: its players' points and ranks are compared.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pandas as pd

from ..core.check import NOTE, compare
from ..core.folders import names_its_source, result_files, standings_beside
from ..core.io import TABLE_SUFFIXES, read_table
from ..core.people import with_people
from ..core.schema import DATE, EVENT, PLAYER, POINTS, RANK, ValidationError, rule_key, shortened
from .kinds import PROGRAM, RESULT_COLUMNS
from .tables import standings


@names_its_source
def check_from_path(
    path: str | os.PathLike,
    *,
    rules: str | Mapping | None = None,
    tiebreaks: Sequence[str] | str | None = None,
    round_robin: bool | Iterable | None = None,
    jobs: int | None = 1,
    **options: Any,
) -> pd.DataFrame:
    """Compare the points and ranks TRF files publish with the computed ones.

    Parameters
    ----------
    path : path-like
        A TRF file or a folder of them (``*.trf``, ``*.txt``, ``*.trfx``); a Vega folder or a
        folder of them; a results table (or a folder of them) with its published standings
        beside it (see the module's description).
    rules, tiebreaks, round_robin, jobs, **options
        As for :func:`~tourneystats.chess.standings_from_path` (`jobs`: the processes reading
        the files of a folder).

    Returns
    -------
    pandas.DataFrame
        ``core.check.compare``'s table: ``event, player, value, published,
        computed, equal``, with ``value`` ``points`` or ``rank``, for every player whose line
        publishes them.

    Raises
    ------
    ValidationError
        When the files publish neither points nor ranks.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.chess import check_from_path
    >>> import tempfile, pathlib
    >>> from tourneystats.chess import write_trf
    >>> games = pd.DataFrame({"event": "cup", "round": 1, "player": [1, 2], "opponent": [2, 1],
    ...                       "colour": ["w", "b"], "points": [1.0, 0.0], "kind": "played"})
    >>> p = write_trf(games, None, None, pathlib.Path(tempfile.mkdtemp()) / "cup.trf")
    >>> check_from_path(p, tiebreaks=["SB"]).drop(columns="note")  # a note where values differ
      event  player   value  published  computed  equal
    0   cup       1  points        1.0       1.0   True
    1   cup       1    rank        1.0       1.0   True
    2   cup       2  points        0.0       0.0   True
    3   cup       2    rank        2.0       2.0   True
    """
    from .teamsection import has_team_section
    from .trf import TRF_SUFFIXES, read_trf  # on first use, as in files.py
    from .vega import vega_folders

    if os.path.isdir(path) and vega_folders(path):
        return _check_vega(path, rules=rules, round_robin=round_robin, **options)
    if Path(path).suffix.lower() == ".pgn":  # (PGN tags hold games, not standings)
        raise ValidationError(
            f"{path}: a PGN file publishes no standings (points nor ranks) to check: its "
            "standings come from `tourneystats standings`"
        )
    tables = _results_tables(path)
    if tables:
        return _check_tables(path, tables, rules=rules, round_robin=round_robin, **options)
    files = result_files(path, TRF_SUFFIXES, what="TRF files")
    if any(has_team_section(f) for f in files):
        return _check_teams(
            path, files, rules=rules, tiebreaks=tiebreaks, round_robin=round_robin, **options
        )
    data = read_trf(files if len(files) > 1 else files[0], check_points=False, jobs=jobs)
    table = standings(
        data.results,
        players=data.players,
        events=data.events,
        rules=rules if rules is not None else "adjusted",
        tiebreaks=tiebreaks,
        round_robin=round_robin,
        **options,
    )
    published = data.players[[EVENT, PLAYER, POINTS, RANK]]
    if published[[POINTS, RANK]].isna().all(axis=None):
        raise ValidationError(f"{path}: the TRF files publish neither points nor ranks")
    ours = table[[EVENT, PLAYER, "PTS", RANK]].rename(columns={"PTS": "_pts", RANK: "_rank"})
    out = compare(published, ours, keys=[EVENT, PLAYER], values={POINTS: "_pts", RANK: "_rank"})
    out = out.dropna(subset=["published"]).reset_index(drop=True)
    return with_people(out.assign(note=_rank_notes(out, published)), data.players)


def _check_teams(
    path: str | os.PathLike,
    files: list,
    *,
    rules: Any,
    tiebreaks: Any,
    round_robin: Any,
    **options: Any,
) -> pd.DataFrame:
    """The match points, game points and ranks the ``310`` records of team files publish,
    against the computed ones."""
    from ..core.schema import GAME_POINTS, MATCH_POINTS, NAME, TEAM
    from .files import files_points
    from .teams import team_matches
    from .teamtiebreaks import team_standings
    from .teamtrf import read_team_trf

    read = [read_team_trf(f) for f in files]
    published = [d.published for d in read if d.published is not None]
    if not published:
        raise ValidationError(f"{path}: the TRF files publish no team values (310 records)")
    boards = pd.concat([d.boards for d in read], ignore_index=True)
    if "points" not in options:
        options["points"] = files_points(files, [d.points for d in read], [])
    table = team_standings(
        boards,
        tiebreaks=tiebreaks,
        rules=rules if rules is not None else "auto:fide2024",
        events=pd.concat([d.events for d in read], ignore_index=True),
        teams=pd.concat([d.teams for d in read], ignore_index=True),
        round_robin=round_robin,
        **options,
    )
    kw = {k: options[k] for k in ("points", "team_size") if k in options}
    totals = team_matches(boards, **kw).groupby([EVENT, TEAM], observed=True, sort=False)
    sums = totals[[MATCH_POINTS, GAME_POINTS]].sum()
    ours = table[[EVENT, TEAM, RANK]].astype({EVENT: object})
    ours = ours.join(sums, on=[EVENT, TEAM]).rename(
        columns={MATCH_POINTS: "_mp", GAME_POINTS: "_gp", RANK: "_rank"}
    )
    mine = pd.concat(published, ignore_index=True).astype({EVENT: object})
    out = compare(
        mine[[EVENT, TEAM, MATCH_POINTS, GAME_POINTS, RANK]],
        ours,
        keys=[EVENT, TEAM],
        values={MATCH_POINTS: "_mp", GAME_POINTS: "_gp", RANK: "_rank"},
        places=[RANK],
    )
    out = out.dropna(subset=["published"]).reset_index(drop=True)
    names = mine.set_index([EVENT, TEAM])[NAME]
    out.insert(2, NAME, names.reindex(pd.MultiIndex.from_frame(out[[EVENT, TEAM]])).to_numpy())
    return out


def _results_tables(path: str | os.PathLike) -> list:
    """The results tables `path` names: itself, or a folder's when it holds no TRF file."""
    from ..core.folders import list_files, results_tables
    from .trf import TRF_SUFFIXES

    p = Path(path)
    if p.is_file():
        return [p] if p.suffix.lower() in TABLE_SUFFIXES else []
    if not p.is_dir() or list_files(p, TRF_SUFFIXES):
        return []
    required = [c.name for c in RESULT_COLUMNS if c.required]
    return results_tables(list_files(p, TABLE_SUFFIXES), required)


def _check_tables(
    path: str | os.PathLike, files: list, *, rules: Any, round_robin: Any, **options: Any
) -> pd.DataFrame:
    """Results tables against the standings tables published beside them (``event,
    [round_after], rank, player|name, points`` and a column per tie-break code)."""
    from .published import compare_published

    found = standings_beside(path)
    if not found:
        raise ValidationError(
            f"{path}: no published standings beside the results (a table named like the results "
            "with 'standings' for 'results', 'games' or 'matches', or '*standings*' in a folder)"
        )
    results = pd.concat([read_table(p) for p in files], ignore_index=True)
    results = results.drop(columns=["Unnamed: 0"], errors="ignore")  # a CSV with its index
    published = pd.concat([read_table(p) for p in found], ignore_index=True)
    if published.empty:
        raise ValidationError(f"{found[0]}: no published standings (no rows)")
    # a table without names: a player is named by his id (a name, in tables made from PGN)
    players = results[[EVENT, PLAYER]].drop_duplicates().assign(name=lambda f: f[PLAYER])
    events = _events_of_tables(results, published)
    named = events is not None and PROGRAM in events.columns
    rules = rules if rules is not None else ("auto" if named else "adjusted")
    preset = _preset_with_options(rules, events)
    if preset is not None:  # a program whose options its files do not print
        if events is None or DATE not in events.columns:
            labels = pd.unique(results[EVENT])
            undated = pd.Series(pd.NaT, index=range(len(labels)), dtype="datetime64[ns]")
            events = pd.DataFrame({EVENT: labels, DATE: undated})
        data = SimpleNamespace(events=events, results=results, players=players)
        options = dict(options, round_robin=round_robin)
        return _by_preset(preset, published, data, **options)
    return compare_published(
        published,
        results,
        players=players,
        events=events,
        rules=rules,
        round_robin=round_robin,
        **options,
    )


def _preset_with_options(rules: Any, events: pd.DataFrame | None) -> Any:
    """The preset `rules` names (``auto``: the one program every event names), if it has
    options (:attr:`~tourneystats.chess.Preset.options`); else None."""
    from .rules import _PRESET_OF_PROGRAM, PRESETS

    if not isinstance(rules, str):
        return None
    name = rule_key(rules).partition(":")[0]
    if name == "auto":
        programs: Any = [] if events is None or PROGRAM not in events.columns else events[PROGRAM]
        named = {_PRESET_OF_PROGRAM.get(str(p), "") for p in pd.unique(pd.Series(programs))}
        name = named.pop() if len(named) == 1 else ""
    preset = PRESETS.get(name)
    return preset if preset is not None and preset.options else None


def _events_of_tables(results: pd.DataFrame, published: pd.DataFrame) -> pd.DataFrame | None:
    """The events' ``date`` and ``program`` (the program that published the standings: its
    preset is ``rules="auto"``'s) as the results or published tables give them, one per event;
    None when neither gives one. An event given two is an error."""
    columns = [c for c in (DATE, PROGRAM) if c in results.columns or c in published.columns]
    if not columns:
        return None
    parts = [t[[EVENT, *(c for c in columns if c in t.columns)]] for t in (results, published)]
    rows = pd.concat(parts, ignore_index=True).drop_duplicates()
    for c in columns:
        seen = rows.dropna(subset=[c]).drop_duplicates([EVENT, c])
        twice = seen[EVENT][seen[EVENT].duplicated()]
        if len(twice):
            shown = seen[seen[EVENT].isin(twice)].head(4)
            raise ValidationError(
                f"events with two {c}s in the results and standings tables: "
                + "; ".join(f"{e}: {v!r}" for e, v in zip(shown[EVENT], shown[c]))
            )
    out = rows.groupby(EVENT, sort=False, as_index=False)[columns].first()
    if PROGRAM in out.columns:  # "Swiss-Manager", "chess-results.com": the preset's name
        from .programs import program_of

        named = out[PROGRAM].astype(object)
        out[PROGRAM] = named.map({p: program_of(str(p)) or p for p in pd.unique(named.dropna())})
    if DATE in out.columns:
        when = pd.to_datetime(out[DATE], errors="coerce", format="ISO8601")
        bad = out[when.isna() & out[DATE].notna()]
        if len(bad):
            raise ValidationError(
                f"events with a date that is not one: {shortened(bad[EVENT].tolist())} "
                f"({bad[DATE].iloc[0]!r}; write it as 2024-05-01)"
            )
        out[DATE] = when
    return out


def _check_vega(
    path: str | os.PathLike, *, rules: Any, round_robin: Any, **options: Any
) -> pd.DataFrame:
    """Compare the standings of the Vega folders of `path` with the computed ones: under the
    rule set given, else under the preset ``vega`` (:func:`_by_preset`)."""
    from .published import compare_published
    from .rules import PRESETS
    from .vega import ROUND_AFTER, read_vega

    data = read_vega(path)
    published = data.published
    published = published[published[ROUND_AFTER].fillna(1).to_numpy() > 0]
    if published.empty:
        raise ValidationError(f"{path}: no published standings (the standings of round 0)")
    options = dict(options, round_robin=round_robin)
    rules = "vega" if rules is None else rules
    key = rule_key(rules) if isinstance(rules, str) else None
    if key is not None and key.partition(":")[0] in ("auto", "vega"):  # a Vega folder: Vega's
        out = _by_preset(PRESETS["vega"], published, data, **options)
    else:
        kw: dict[str, Any] = {"players": data.players, "events": data.events}
        out = compare_published(published, data.results, **kw, rules=rules, **options)
        out = out.assign(rules=getattr(rules, "name", str(rules)), chosen_by="given")
    return with_people(_with_reasons(out, data.notes, data.results), data.players)


def _by_preset(preset: Any, published: pd.DataFrame, data: Any, **options: Any) -> pd.DataFrame:
    """Each event compared under the rule set of its date in `preset`; an event whose published
    tie-breaks that one does not all reproduce, under the one of the preset's rule sets
    (:attr:`~tourneystats.chess.Preset.rule_sets`, its options included) that reproduces most
    of them (the date's at equal counts, then the first): ``chosen_by`` says which way."""
    from .published import compare_published

    names = preset.rule_sets

    # every event once per rule set, in one computation (event "E\x1fvega2024", ...)
    def each(frame: pd.DataFrame) -> pd.DataFrame:
        label = frame[EVENT].astype(str)
        return pd.concat([frame.assign(**{EVENT: label + _SEP + n}) for n in names])

    labels = {f"{e}{_SEP}{n}": n for e in data.events[EVENT].astype(str) for n in names}
    both = compare_published(
        each(published),
        each(data.results),
        players=each(data.players),
        events=each(data.events),
        rules=labels,
        **options,
    )
    split = both[EVENT].str.rsplit(_SEP, n=1)
    both = both.assign(**{EVENT: split.str[0]}).assign(rules=split.str[1])
    tiebreak = both["equal"].astype(bool) & ~both["value"].isin([POINTS, RANK])
    scores = pd.crosstab(both[EVENT], both["rules"], values=tiebreak, aggfunc="sum")
    scores = scores.reindex(columns=list(names)).fillna(0).astype("float64")
    when = data.events.set_index(EVENT)[DATE].reindex(scores.index)
    dated = preset.rule_sets_on(when)
    scores += np.equal.outer(dated, np.asarray(names, dtype=object)) / 2  # at equal counts
    best = np.asarray(names, dtype=object)[scores.to_numpy().argmax(axis=1)]
    how = np.where(best == dated, np.where(when.isna(), UNDATED, "date"), VALUES)
    best = pd.Series(best, index=scores.index)
    keep = both[EVENT].map(best).to_numpy() == both["rules"].to_numpy()
    out = both[keep].sort_values(EVENT, kind="stable", ignore_index=True)
    return out.assign(chosen_by=out[EVENT].map(pd.Series(how, index=best.index)))


def _with_reasons(out: pd.DataFrame, notes: pd.DataFrame, results: pd.DataFrame) -> pd.DataFrame:
    """`out` with the reader's note (a ``0 - 0`` game read as a double forfeit, ...) on each value
    that differs of a player the note is about, or of one of his opponents."""
    if notes.empty:
        return out
    noted = notes.drop_duplicates([EVENT, PLAYER]).set_index([EVENT, PLAYER])["note"]
    games = results.dropna(subset=["opponent"])
    theirs = pd.MultiIndex.from_arrays([games[EVENT], games["opponent"].astype("int64")])
    via = pd.DataFrame(
        {EVENT: games[EVENT].to_numpy(), PLAYER: games[PLAYER].to_numpy(),
         "note": noted.reindex(theirs).to_numpy()}
    ).dropna(subset=["note"])  # fmt: skip
    reasons = pd.concat([noted.reset_index(), via]).drop_duplicates([EVENT, PLAYER])
    reason = reasons.set_index([EVENT, PLAYER])["note"]
    found = reason.reindex(pd.MultiIndex.from_arrays([out[EVENT], out[PLAYER]])).to_numpy()
    from .published import POINTS_NOTE

    blank = out[NOTE].isna() | (out[NOTE] == POINTS_NOTE)  # the reader's note says more
    blank = blank.to_numpy() & ~out["equal"].to_numpy(dtype=bool)
    return out.assign(**{NOTE: np.where(blank & pd.notna(found), found, out[NOTE])})


#: the published values that are points, not tie-breaks (``check FOLDER --by-value``)
POINTS_VALUES = (POINTS,)

#: ``chosen_by`` of an event without a start date checked by date (its preset's first rule set)
UNDATED = "no date: the preset's first"
#: ``chosen_by`` of an event compared under another of its program's rule sets than its
#: date's, because its published values show it (:attr:`~tourneystats.chess.Preset.options`)
VALUES = "published values"
_SEP = "\x1f"  # joins an event and a rule set into one event label while they are compared


#: why the ranks of an event differ: the file's ranks follow its points only, or tie-breaks
#: it does not name
POINTS_ONLY = "ranks published by points only: pass --tiebreaks ''"
UNDECLARED = "ranks under tie-breaks the file does not declare: name them with --tiebreaks"


def _rank_notes(out: pd.DataFrame, published: pd.DataFrame) -> pd.Series:
    """A note on every differing rank: :data:`POINTS_ONLY` where all of its event's published
    ranks are the competition ranks of its published points, else :data:`UNDECLARED`."""
    by_points = published[RANK].eq(
        published.groupby(EVENT, observed=True, sort=False)[POINTS].rank(
            method="min", ascending=False
        )
    )
    points_only = by_points.groupby(published[EVENT], observed=True, sort=False).transform("all")
    flag = dict(zip(published[EVENT], points_only, strict=True))
    wrong = (out["value"] == RANK) & ~out["equal"]
    note = out[EVENT].map(flag).map({True: POINTS_ONLY, False: UNDECLARED})
    return note.where(wrong).astype(object)


def check_targets(folder: str | os.PathLike) -> list:
    """The Vega folders below `folder`, each checked as one event by ``check FOLDER``."""
    from .vega import vega_folders

    return vega_folders(folder)


def holds_no_results(path: Path) -> bool:
    """Whether ``check FOLDER`` leaves `path` out: a ``.txt`` file that holds no TRF record (a
    web site's data beside its Vega pages, notes; :func:`~tourneystats.chess.trflines.
    holds_no_trf`)."""
    from .trflines import holds_no_trf

    return holds_no_trf(Path(path))


def file_report(path: Any, **options: Any) -> tuple[dict, pd.DataFrame]:
    """One file's (or Vega folder's) report row for ``check FOLDER``: as
    :func:`tourneystats.core.report.file_report`, with ``inconsistent`` for published points
    that the results do not give, and the rule set each event was compared under."""
    from ..core.report import file_report as report
    from .published import event_status

    row, table = report(check_from_path, path, **options)
    if (
        len(table)
        and row["status"] == "different"
        and (event_status(table) == "inconsistent").any()
    ):
        row["status"] = "inconsistent"
    if "rules" in table.columns and len(table):
        row["preset"] = ",".join(pd.unique(table["rules"].astype(str)))
    if "chosen_by" in table.columns and len(table):
        row["chosen_by"] = ",".join(pd.unique(table["chosen_by"].astype(str)))
    return row, table
