"""Published chess standings compared with tourneystats' (``tourneystats check``).

Three sources publish standings:

- **Vega web exports** (a folder with ``standings.html`` and ``pairsN.html``, or a folder of
  them; :mod:`tourneystats.chess.vega`): points, places and every published tie-break, each
  event under the Vega rule set of its start date (the preset ``vega``: ``vega2024``,
  ``vega2026a``, ``vega2026``; an undated event ``vega2024``) unless `rules` names one. With
  ``rules="best-fit"`` each event is compared under the Vega rule set that reproduces most of
  its values (``vega2024``, ``vega2026a``, ``vega2026``, ``vega2009``: the pages say neither
  Vega's version nor its unplayed-games option); the column ``chosen_by`` says how each
  event's rule set was chosen (``date``, ``given`` or ``best fit``: a best fit reproduces its
  values by choice, it is no evidence of the rules Vega applied). Notes say which values a
  condition of the pages explains
  (a ``0 - 0`` game read as a double forfeit, a crosstable that differs from a round page).
- **Results tables with their published standings beside them** (CSV/Parquet): a table named
  like the results with ``standings`` for ``results``/``games``/``matches`` (or in a folder
  every ``*standings*`` table) with ``event, [round_after], rank, player|name, points`` and a
  column per tie-break code (``BH/C1``, ``SB``, ...): the way in for any program's export
  (:func:`tourneystats.chess.published.compare_published`; rules ``adjusted`` unless named).
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
from typing import Any

import numpy as np
import pandas as pd

from ..core.check import NOTE, compare
from ..core.folders import names_its_source, result_files, standings_beside
from ..core.io import TABLE_SUFFIXES, read_table
from ..core.people import with_people
from ..core.schema import DATE, EVENT, PLAYER, POINTS, RANK, ValidationError, rule_key
from .kinds import RESULT_COLUMNS
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
    return compare_published(
        published,
        results,
        players=players,
        rules=rules if rules is not None else "adjusted",
        round_robin=round_robin,
        **options,
    )


def _check_vega(
    path: str | os.PathLike, *, rules: Any, round_robin: Any, **options: Any
) -> pd.DataFrame:
    """Compare the standings of the Vega folders of `path` with the computed ones."""
    from .published import compare_published
    from .rules import BEST_FIT, program_rule_set
    from .vega import ROUND_AFTER, VEGA, read_vega

    data = read_vega(path)
    published = data.published
    published = published[published[ROUND_AFTER].fillna(1).to_numpy() > 0]
    if published.empty:
        raise ValidationError(f"{path}: no published standings (the standings of round 0)")
    options = dict(options, round_robin=round_robin)
    kw: dict[str, Any] = {"players": data.players, "events": data.events}
    rules = "vega" if rules is None else rules
    if not (isinstance(rules, str) and rule_key(rules) == BEST_FIT):
        key = rule_key(rules) if isinstance(rules, str) else None
        by_date = key is not None and key.partition(":")[0] in ("auto", "vega")
        when = data.events.set_index(EVENT)[DATE]
        # by date: the rule set of each event's date; an undated event: the preset's first
        dated = {e: program_rule_set(VEGA, d) for e, d in when.items()} if by_date else {}
        rules = dated or rules
        out = compare_published(published, data.results, **kw, rules=rules, **options)
        if by_date:
            used = out[EVENT].map(dated)
        else:
            used = pd.Series(getattr(rules, "name", str(rules)), index=out.index)
        how = (
            out[EVENT].map(when.isna()).map({True: UNDATED, False: "date"}) if by_date else "given"
        )
        out = out.assign(rules=used, chosen_by=how)
        return with_people(_with_reasons(out, data.notes, data.results), data.players)

    # Vega's unplayed-games option (FIDE 2009 or C.07) and version are the event's file's, and
    # its pages print neither: each event is compared under every Vega rule set and keeps the
    # one reproducing most of its tie-break values (at equal counts, the one of its date)
    # every event once per rule set, in one computation (event "E\x1fvega", ...)
    def each(frame: pd.DataFrame) -> pd.DataFrame:
        label = frame[EVENT].astype(str)
        return pd.concat([frame.assign(**{EVENT: label + _SEP + n}) for n in VEGA_RULES])

    names = {f"{e}{_SEP}{n}": n for e in data.events[EVENT].astype(str) for n in VEGA_RULES}
    both = compare_published(
        each(published),
        each(data.results),
        players=each(data.players),
        events=each(data.events),
        rules=names,
        **options,
    )
    split = both[EVENT].str.rsplit(_SEP, n=1)
    both = both.assign(**{EVENT: split.str[0]}).assign(rules=split.str[1])
    tables = [both[both["rules"] == n].reset_index(drop=True) for n in VEGA_RULES]
    scores = pd.concat(
        [(t["equal"] & ~t["value"].isin([POINTS, RANK])).groupby(t[EVENT]).sum() for t in tables],
        axis=1,
    ).astype("float64")
    dated = data.events.set_index(EVENT).reindex(scores.index)
    own = np.asarray([program_rule_set(VEGA, d) for d in dated[DATE]], dtype=object)
    for k, name in enumerate(VEGA_RULES):  # equal counts: the rule set of the event's date
        scores.iloc[:, k] += np.where(own == name, 0.5, 0.0)
    best = pd.Series(np.asarray(VEGA_RULES)[scores.to_numpy().argmax(axis=1)], index=scores.index)
    out = pd.concat(
        [t[t[EVENT].map(best).to_numpy() == t["rules"].to_numpy()] for t in tables]
    ).sort_values(EVENT, kind="stable", ignore_index=True)
    out = out.assign(chosen_by=BEST_FIT_CHOICE)
    return with_people(_with_reasons(out, data.notes, data.results), data.players)


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
#: ``chosen_by`` of an event checked with ``rules="best-fit"``
BEST_FIT_CHOICE = "best fit (reproduces most values)"
#: the rule sets a Vega folder is checked under with ``rules="best-fit"`` (at equal counts,
#: the one of the event's date; then the first)
VEGA_RULES = ("vega2024", "vega2026a", "vega2026", "vega2009")
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
