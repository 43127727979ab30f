"""Bridge results files: tables, PBN and USEBIO files or folders of them, read and ranked.

:func:`read_results` reads a file or a folder into a pairs traveller frame and a team results
frame; :func:`standings_from_path`, :func:`history_from_path` and
:func:`team_standings_from_path` rank them (the command line's ``standings`` and ``drift``).
"""

from __future__ import annotations

import functools
import os
import warnings
from collections.abc import Callable, Collection, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import pandas as pd

from ..core.folders import event_names, names_its_source, result_files
from ..core.io import read_table, table_columns, texts_again
from ..core.people import with_people
from ..core.schema import (
    ARTIFICIAL,
    CONTRACT,
    DATE,
    DECLARER,
    EVENT,
    EW_PAIR,
    HOME_IMPS,
    HOME_SIDE,
    HOME_TEAM,
    HOME_VP,
    NS_PAIR,
    NS_SCORE,
    PAIR,
    ROUND,
    SCORING,
    SECTION,
    VISIT_IMPS,
    VISIT_TEAM,
    VISIT_VP,
    VULNERABLE,
    ValidationError,
)
from .contract import rename_clashing_events
from .conventions import CONVENTION, Convention
from .declared import scoring_of
from .knockout import KnockoutRules
from .pools import _MATCH_SPEC, pool_standings
from .prepare import _PAIRS_SPEC
from .scoring import standings
from .season import season_history
from .teamrules import TEAM_RULES, TeamRules
from .teams import _TEAMS_SPEC, team_standings

#: file suffixes :func:`read_results` reads
SUFFIXES = (".csv", ".parquet", ".pq", ".pbn", ".xml")


#: the columns pairs or team standings use (a table file's other columns are not read for them)
_STANDINGS_COLUMNS = frozenset(c.name for c in (*_PAIRS_SPEC, *_TEAMS_SPEC, *_MATCH_SPEC)) | {
    SCORING,
    CONVENTION,
}


def _standings_columns(names: Collection[str]) -> Collection[str]:
    """The columns standings read of a table file with columns `names`: those its kind uses
    (a pairs table's ``round`` only labels the boards of :func:`pair_scores`, not read)."""
    return _STANDINGS_COLUMNS if HOME_TEAM in names else _STANDINGS_COLUMNS - {ROUND}


#: the columns a pairs, a team (board results) and a match results table must have (other
#: tables of a folder are skipped)
_REQUIRED = tuple(
    frozenset(c.name for c in spec if c.required)
    for spec in (_PAIRS_SPEC, _TEAMS_SPEC, _MATCH_SPEC)
)


class Results(NamedTuple):
    """What :func:`read_results` found: the pairs traveller frame and the team results frame of
    every file read (``None`` when there is none of that kind)."""

    pairs: pd.DataFrame | None
    teams: pd.DataFrame | None


def _stack(frames: list[pd.DataFrame]) -> pd.DataFrame | None:
    if not frames:
        return None
    return frames[0] if len(frames) == 1 else pd.concat(frames, ignore_index=True)


@names_its_source
def read_results(
    path: str | os.PathLike, *, columns: Sequence[str] | None = None, scoring: str | None = None
) -> Results:
    """Read the results of a file or of every readable file of a folder.

    Parameters
    ----------
    path : path-like
        A traveller file (``.csv``/``.parquet``/``.pq`` table, ``.pbn`` read by
        :func:`tourneystats.bridge.read_pbn`, USEBIO ``.xml`` read by
        :func:`tourneystats.bridge.read_usebio`) or a folder: its files with one of those
        suffixes, sorted by name. A table with ``home_team``/``visit_team`` columns (and a team
        PBN file) holds team results, any other file pairs results. A folder's tables without
        the required columns of either (a standings table written there) are skipped with a
        warning.
    columns : sequence of str, optional
        Read only these of a table file's columns (those it has; the others are not read at
        all). PBN and USEBIO files are read whole.
    scoring : str, optional
        The scoring of every pairs session (:data:`SCORINGS`), set in the ``scoring`` column
        instead of the files' declarations, which are then not read (a file declaring an
        unknown scoring is otherwise refused).

    Returns
    -------
    Results
        ``(pairs, teams)``: the pairs traveller frames stacked (the input of
        :func:`standings`, :func:`season_summary`, :func:`season_history`, ...) and the
        team results frames stacked (the input of :func:`team_standings`); ``None`` for a kind
        that no file holds. A pairs file whose event name an earlier file already used (the
        same club night every week) gets ``" [file stem]"`` appended to it, as
        :func:`~tourneystats.bridge.read_pbn` does for a folder; team files keep their names (a
        team event may span files).

    Raises
    ------
    ValidationError
        No such path, a folder without a readable file, or a file of another format.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.bridge import read_results
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> pd.DataFrame({"event": "E", "board": 1, "ns_pair": [1, 2], "ew_pair": [3, 4],
    ...               "ns_score": [420, 450]}).to_csv(folder / "e.csv", index=False)
    >>> pairs, teams = read_results(folder)
    >>> len(pairs), teams is None
    (2, True)
    """
    return _read_results(path, columns, scoring)[0]


@names_its_source
def read_people(path: str | os.PathLike) -> pd.DataFrame | None:
    """The names of the pairs and teams of a file or folder, for ``players=``.

    Parameters
    ----------
    path : path-like
        As for :func:`read_results`.

    Returns
    -------
    pandas.DataFrame or None
        ``event, section, pair, names`` (both players of a pair) and ``event, team, names``
        (the members of a team) of its PBN and USEBIO files, event names as
        :func:`read_results` gives them; None when it has none (tables name no players).

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.bridge import read_people
    >>> import pathlib, tempfile
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "e.csv"
    >>> pd.DataFrame({"event": "E", "board": 1, "ns_pair": [1, 2], "ew_pair": [3, 4],
    ...               "ns_score": [420, 450]}).to_csv(f, index=False)
    >>> read_people(f) is None
    True
    """
    return _read_results(path, None)[2]


def _read_file(
    f: Path,
    columns: Collection[str] | Callable[[Collection[str]], Collection[str]] | None,
    scoring: str | None,
    dictionaries: Collection[str],
) -> tuple[pd.DataFrame, pd.DataFrame | None]:
    """One results file's frame, and the names of its pairs and teams (PBN, USEBIO; else
    None)."""
    suffix = f.suffix.lower()
    if suffix == ".pbn":
        from .pbn import read_pbn

        read = read_pbn(f, scoring=scoring)
        return read.results, read.pairs
    if suffix == ".xml":
        from .usebio import read_usebio

        read = read_usebio(f, scoring=scoring)
        return read.results, read.pairs
    if suffix in (".csv", ".parquet", ".pq"):
        if callable(columns):  # the columns of the file's kind
            columns = columns(table_columns(f))
        frame = read_table(
            f,
            columns=None if columns is None else set(columns).__contains__,
            dictionaries=dictionaries,
        )
        if frame.attrs.get("dictionaries"):
            frame = _coded_ids(frame)
        _team_shape(frame, f)
        if scoring is not None and HOME_TEAM not in frame.columns:
            frame = frame.assign(**{SCORING: scoring_of(scoring)})
        return frame, None
    raise ValidationError(f"{f}: unknown results format {suffix!r}")


def _read_results(
    path: str | os.PathLike,
    columns: Collection[str] | Callable[[Collection[str]], Collection[str]] | None,
    scoring: str | None = None,
    coded: bool = False,
    jobs: int | None = 1,
) -> tuple[Results, list[Path], pd.DataFrame | None]:
    """:func:`read_results`, the team results files among those read, and the names of the
    pairs and teams of its PBN and USEBIO files (None without one), its files read on `jobs`
    processes. With `coded`, the text ids of a single table file are read as categoricals
    (:func:`_coded_ids`)."""
    from ..core.parallel import folder_jobs, map_warned

    pairs: list[pd.DataFrame] = []
    teams: list[pd.DataFrame] = []
    names: list[pd.DataFrame] = []
    team_files: list[Path] = []
    seen: set = set()
    files = result_files(path, SUFFIXES, *_REQUIRED, what="bridge results")
    dictionaries = _KEYS if coded and len(files) == 1 else ()
    tags = dict(zip(files, event_names(files), strict=True))  # a clash's tag: stem or path
    task = functools.partial(
        _read_file, columns=columns, scoring=scoring, dictionaries=dictionaries
    )
    for f, (frame, named) in zip(
        files, map_warned(task, files, jobs=folder_jobs(jobs, files)), strict=True
    ):
        if HOME_TEAM in frame.columns:
            teams.append(frame)
            team_files.append(f)
        elif named is None:  # a session per file: a repeated event name is another evening
            (frame,) = rename_clashing_events([frame], f, seen, tags[f])
        else:
            frame, named = rename_clashing_events([frame, named], f, seen, tags[f])
        if HOME_TEAM not in frame.columns:
            pairs.append(frame)
        if named is not None and len(named):
            names.append(named)
    _one_team_shape(teams, team_files)
    return Results(_stack(pairs), _stack(teams)), team_files, _stack(names)


def _one_team_shape(teams: list[pd.DataFrame], files: list[Path]) -> None:
    """Refuse team files of both shapes (board results and match results) read together."""
    boards = [f.name for t, f in zip(teams, files, strict=True) if NS_SCORE in t.columns]
    matches = [f.name for t, f in zip(teams, files, strict=True) if NS_SCORE not in t.columns]
    if boards and matches:
        raise ValidationError(
            f"team board results ({', '.join(boards[:3])}) and team match results "
            f"({', '.join(matches[:3])}) read together; score each kind on its own"
        )


def _team_shape(frame: pd.DataFrame, path: Path) -> None:
    """Refuse a table with team columns but no ``home_team`` (it would be read as pairs results),
    naming the columns each kind of results table needs."""
    team_only = {VISIT_TEAM, HOME_SIDE, HOME_IMPS, VISIT_IMPS, HOME_VP, VISIT_VP}
    if HOME_TEAM in frame.columns or not team_only & set(frame.columns):
        return
    kinds = ("pairs results", "team board results", "team match results")
    needs = "; ".join(
        f"{kind}: {', '.join(sorted(need))}" for kind, need in zip(kinds, _REQUIRED, strict=True)
    )
    raise ValidationError(
        f"{path}: team columns ({', '.join(sorted(team_only & set(frame.columns)))}) but no "
        f"'home_team'; the columns each kind of table needs are {needs}"
    )


#: the text columns of a pairs table the standings read as categoricals: their Parquet
#: dictionary codes are the codes the scoring needs, each distinct contract, declarer,
#: vulnerability and artificial code read once (the standings get their text dtype back)
_KEYS = (EVENT, SECTION, NS_PAIR, EW_PAIR, CONTRACT, DECLARER, VULNERABLE, ARTIFICIAL)


def _coded_ids(frame: pd.DataFrame) -> pd.DataFrame:
    """A pairs table read with :data:`_KEYS` as categoricals of sorted categories (named in
    ``attrs["dictionaries"]``) whose NS and EW pair ids, when both were so read, share their
    categories (the pairs of both sides are numbered together); a team table as text."""
    coded = frame.attrs.pop("dictionaries")
    if HOME_TEAM in frame.columns:  # team results: scored from their text
        return frame.assign(**{c: frame[c].cat.categories.take(frame[c].cat.codes) for c in coded})
    if NS_PAIR in coded and EW_PAIR in coded:
        both = frame[NS_PAIR].cat.categories.union(frame[EW_PAIR].cat.categories)
        frame = frame.assign(**{c: frame[c].cat.set_categories(both) for c in (NS_PAIR, EW_PAIR)})
    frame.attrs["dictionaries"] = coded
    return frame


def _text_again(table: pd.DataFrame, columns: Sequence[str]) -> pd.DataFrame:
    """`table` with its `columns` read as categoricals from text as text again (the pairs of
    the standings are those of either side)."""
    shown = {
        EVENT: EVENT in columns,
        SECTION: SECTION in columns,
        PAIR: NS_PAIR in columns or EW_PAIR in columns,
    }
    return texts_again(table, [c for c, was in shown.items() if was])


def _scale_option(scale: str, options: dict[str, Any], *, allowed: Sequence[str] = ()) -> str:
    """The MP scale from the command line's options: ``rules="full"|"half"`` or `scale`; the
    options in `allowed` are left in `options`, any other is refused."""
    rules = options.pop("rules", None)
    if rules is not None:
        if rules not in ("full", "half"):
            raise ValueError(
                f"bridge: --rules must be 'full' or 'half' (the MP scale); got {rules!r}"
            )
        scale = rules
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        raise ValueError(f"bridge: unknown option(s) {', '.join(unknown)}")
    return scale


def not_applying(path: Any, options: Mapping[str, Any], reason: str) -> None:
    """Refuse the `options` given (not None) that nothing read from `path` uses (an option
    that would be silently ignored), saying why (`reason`)."""
    given = [name for name, value in options.items() if value is not None]
    if given:
        flags = ", ".join(f"{n} (--{n.replace('_', '-')})" for n in given)
        raise ValueError(f"{path}: {flags} does not apply: {reason}")


@names_its_source
def standings_from_path(
    path: str | os.PathLike,
    *,
    movement: str | None = None,
    scale: str = "full",
    scoring: str | None = None,
    convention: str | Convention | None = None,
    vp_scale: Any = None,
    jobs: int | None = 1,
    **options: Any,
) -> pd.DataFrame:
    """Session standings of the pairs results in a file or folder, each session scored as its
    file declares.

    Parameters
    ----------
    path : path-like
        A results file or a folder of them, read by :func:`read_results`.
    movement, scale
        As in :func:`standings`.
    scoring : str, optional
        Score every session this way (``"mp"``, ``"butler"``, ``"cross_imps"``, ... see
        :data:`SCORINGS`) instead of as its file declares; the declarations are then not read.
    convention : str or Convention, optional
        The publisher's convention of every session; by default the one its file's program
        implies (Compscore3 files: ``"compscore"``), else ``"ebu"``.
    vp_scale : str, path-like or pandas.DataFrame, optional
        For team results: the victory point scale (:func:`team_standings`).
    jobs : int, optional
        Processes reading the files of a folder (None or 0: all the cores, for 32 MB of files
        or more; 1, the default: this process alone); the table does not depend on it.
    **options
        Options of other families (the command line's ``--tiebreaks``, ...) are refused with a
        ``ValueError``, except ``rules="full"`` or ``"half"``, read as `scale`.

    Returns
    -------
    pandas.DataFrame
        :func:`standings` of every pairs session found (matchpoint and IMP sessions in one
        table, a ``scoring`` column saying which method each row used). When the path holds
        only team results it returns :func:`team_standings` of them instead; in a folder mixing
        both, the team files are left out here, with a warning naming them, and
        :func:`team_standings_from_path` scores them.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.bridge import standings_from_path
    >>> import pathlib, tempfile
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "e.csv"
    >>> pd.DataFrame({"event": "E", "board": 1, "ns_pair": [1, 2], "ew_pair": [3, 4],
    ...               "ns_score": [420, 450]}).to_csv(f, index=False)
    >>> standings_from_path(f, rules="half")[["line", "pair", "scoring", "mp", "percentage"]]
      line  pair scoring   mp  percentage
    0   NS     2      mp  1.0       100.0
    1   NS     1      mp  0.0         0.0
    2   EW     3      mp  1.0       100.0
    3   EW     4      mp  0.0         0.0
    """
    if _is_knockout(options.get("rules")):
        rules = options.pop("rules")
        not_applying(
            path,
            {"scoring": scoring, "movement": movement, "convention": convention,
             "vp_scale": vp_scale, **options},
            "a knockout is decided on IMPs, not victory points",
        )  # fmt: skip
        return knockout_from_path(path, rules=rules)
    team_rules = options.pop("rules") if _is_team_rules(options.get("rules")) else None
    pairs_options = {"rules": options.get("rules"), "scoring": scoring, "movement": movement}
    pairs_options["scale"] = None if scale == "full" else scale
    if team_rules is None:  # (the pools of team tie-break rules use the convention)
        pairs_options["convention"] = convention
    scale = _scale_option(scale, options)
    (pairs, teams), team_files, names = _read_results(
        path, _standings_columns, scoring, coded=True, jobs=jobs
    )
    if pairs is None:
        assert teams is not None  # (a results file of either kind was read)
        not_applying(path, pairs_options, "it holds team results only (options of pairs sessions)")
        if team_rules is not None:
            pools = pool_standings(
                teams, rules=team_rules, vp_scale=vp_scale, convention=convention
            )
            return with_people(pools, names)
        if NS_SCORE not in teams.columns:  # match results (IMPs per match): the pool table
            pools = pool_standings(teams, vp_scale=vp_scale, convention=convention)
            return with_people(pools, names)
        return team_standings(teams, vp_scale=vp_scale, convention=convention, players=names)
    if team_rules is not None:
        raise ValueError(
            f"bridge: rules {team_rules!r} are team tie-break rules, but {path} holds pairs results"
        )
    not_applying(
        path,
        {"vp_scale": vp_scale},
        "no team results are scored here (pairs results only)"
        if teams is None
        else "its team results are left out of the pairs standings (see the warning)",
    )
    if teams is not None:
        shown = ", ".join(f.name for f in team_files[:3]) + (", ..." if len(team_files) > 3 else "")
        warnings.warn(
            f"{path}: {len(team_files)} team results file(s) not scored by the pairs standings: "
            f"{shown}; score them on their own (tourneystats standings FILE --family bridge; "
            f"in Python bridge.team_standings_from_path({str(path)!r}))",
            stacklevel=3,
        )
    coded = pairs.attrs.pop("dictionaries", ())
    table = standings(pairs, scoring=scoring, convention=convention, movement=movement, scale=scale)
    return with_people(_text_again(table, coded), names)


@names_its_source
def history_from_path(
    path: str | os.PathLike,
    *,
    movement: str | None = None,
    scale: str = "full",
    artificial_percent: Sequence[float] | Mapping[str, Sequence[float]] = (60, 50, 40),
    min_sessions: int = 1,
    jobs: int | None = 1,
    **options: Any,
) -> pd.DataFrame:
    """:func:`season_history` of the pairs results in a file or folder, for drift charts.

    The files are read by :func:`read_results` (team results are left out: they have no pairs
    history). When some sessions have a ``date``, the undated ones, which cannot be placed in
    the season, are left out with a warning naming them.

    Parameters
    ----------
    path : path-like
        A results file or a folder of them.
    movement, scale, artificial_percent, min_sessions
        As in :func:`season_history`.
    jobs : int, optional
        Processes reading the files of a folder (as :func:`standings_from_path`).
    **options
        ``rules="full"`` or ``"half"`` is read as `scale`; other options are refused.

    Returns
    -------
    pandas.DataFrame
        The :func:`season_history` frame.

    Raises
    ------
    ValueError
        The path holds no pairs results.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.bridge import history_from_path
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> for day, scores in (("2024-01-03", [420, 450]), ("2024-01-10", [100, 50])):
    ...     pd.DataFrame({"event": f"club {day}", "date": day, "board": 1,
    ...                   "ns_pair": ["ann", "bob"], "ew_pair": ["cid", "dan"],
    ...                   "ns_score": scores}).to_csv(folder / f"{day}.csv", index=False)
    >>> history_from_path(folder)[["event", "pair", "sessions", "percentage", "rank"]]
                event pair  sessions  percentage  rank
    0  club 2024-01-03  bob         1       100.0     1
    1  club 2024-01-03  cid         1       100.0     1
    2  club 2024-01-03  ann         1         0.0     3
    3  club 2024-01-03  dan         1         0.0     3
    4  club 2024-01-10  ann         2        50.0     1
    5  club 2024-01-10  bob         2        50.0     1
    6  club 2024-01-10  cid         2        50.0     1
    7  club 2024-01-10  dan         2        50.0     1
    """
    scale = _scale_option(scale, options)
    (results, _), _, names = _read_results(path, None, jobs=jobs)
    if results is None:
        raise ValueError(f"{path}: no pairs results to draw")
    if DATE in results.columns:
        dated = results[DATE].notna().to_numpy()
        if dated.any() and not dated.all():
            left_out = pd.unique(results.loc[~dated, EVENT].astype(str))
            shown = ", ".join(left_out[:3]) + (", ..." if len(left_out) > 3 else "")
            warnings.warn(
                f"{path}: {len(left_out)} session(s) without a date left out of the history "
                f"(they cannot be placed in the season): {shown}",
                stacklevel=2,
            )
            results = results.loc[dated]  # the dated season only
    _warn_unrelated_sessions(results, path)
    return season_history(
        results,
        movement=movement,
        scale=scale,
        artificial_percent=artificial_percent,
        min_sessions=min_sessions,
        players=names,
    )


def _warn_unrelated_sessions(results: pd.DataFrame, path: str | os.PathLike) -> None:
    """Warn when the sessions fall into groups with no pair in common (another club's session
    in the folder): their places are not one field's, and a season of them means little."""
    label = session_groups(results)
    groups = np.unique(label)
    if len(groups) > 1:
        events = pd.unique(results[EVENT])
        other = ", ".join(map(str, events[label == groups[1]][:3]))
        warnings.warn(
            f"{path}: the sessions form {len(groups)} groups with no pair in common (e.g. "
            f"{other}): unrelated events, such as another club's, do not make one season",
            stacklevel=3,
        )


def session_groups(results: pd.DataFrame) -> np.ndarray:
    """For each session (event, in order of appearance), the smallest session linked to it
    through pairs in common, directly or by a chain of sessions.

    Examples
    --------
    >>> r = pd.DataFrame({"event": ["A", "B", "C"], "ns_pair": ["x", "y", "q"],
    ...                   "ew_pair": ["y", "z", "r"]})
    >>> session_groups(r).tolist()
    [0, 0, 2]
    """
    sessions, names = pd.factorize(results[EVENT])
    pairs = pd.factorize(pd.concat([results[NS_PAIR], results[EW_PAIR]], ignore_index=True))[0]
    sessions = np.concatenate([sessions, sessions])
    label = np.arange(len(names))
    while True:  # a pair carries the smallest label of its sessions to all of them
        per_pair = np.full(pairs.max() + 1, len(label))
        np.minimum.at(per_pair, pairs, label[sessions])
        linked = label.copy()
        np.minimum.at(linked, sessions, per_pair[pairs])
        if (linked == label).all():
            return label
        label = linked


@names_its_source
def team_standings_from_path(
    path: str | os.PathLike, *, vp_scale: Any = "wbf2013", rules: str | TeamRules | None = None
) -> pd.DataFrame:
    """:func:`team_standings` of every team results file in a file or folder (`vp_scale` as
    there); with team `rules` (:data:`~tourneystats.bridge.TEAM_RULES`), the standings of
    :func:`~tourneystats.bridge.pool_standings` under them (tie-breaks, ``decided_by``).

    Parameters
    ----------
    path : path-like
        A team results file (PBN, CSV or Parquet) or a folder of them.
    vp_scale : str, path-like or DataFrame
        The victory-point scale (``"wbf2013"``, or a table; see :func:`team_matches`).
    rules : str or TeamRules, optional
        Team tie-break rules (``"cbai"``, ``"ebu"``, ``"pzbs"``, ``"vp_only"``); by default
        the VP total alone, teams equal on it sharing a place.

    Returns
    -------
    pandas.DataFrame
        One row per team of each event: matches, IMPs for and against, VPs and place, with the
        members' ``names`` where the file gives them.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.bridge import team_standings_from_path
    >>> import pathlib, tempfile
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "match.csv"
    >>> pd.DataFrame({"event": "T", "board": [1, 1], "home_team": "A", "visit_team": "B",
    ...               "table": [1, 2], "home_side": ["NS", "EW"],
    ...               "ns_score": [620, 170]}).to_csv(f, index=False)
    >>> team_standings_from_path(f)[["team", "vp", "rank"]]
      team     vp  rank
    0    A  18.09     1
    1    B   1.91     2
    """
    (_, teams), _, names = _read_results(path, None)
    if teams is None:
        raise ValidationError(f"{path}: no team results (home_team/visit_team) found")
    if rules is not None or NS_SCORE not in teams.columns:  # (match results: the pool table)
        return with_people(pool_standings(teams, rules=rules, vp_scale=vp_scale), names)
    return team_standings(teams, vp_scale=vp_scale, players=names)


def _is_team_rules(value: Any) -> bool:
    """Whether a ``rules`` option names team tie-break rules (not the pairs' MP scale)."""
    return isinstance(value, TeamRules) or (
        isinstance(value, str) and value.strip().lower() in TEAM_RULES
    )


def _is_knockout(value: Any) -> bool:
    """Whether a ``rules`` option names knockout rules (``knockout[:PRESET]``)."""
    return isinstance(value, KnockoutRules) or (
        isinstance(value, str) and value.strip().lower().partition(":")[0] == "knockout"
    )


#: the tables read beside a knockout table ``NAME.csv``: ``NAME-carry``, ``NAME-earlier``,
#: ``NAME-places`` (CSV or Parquet), as knockout_matches' carry, earlier and standings
_BESIDE = {"carry": "carry", "earlier": "earlier", "places": "standings"}


@names_its_source
def knockout_from_path(
    path: str | os.PathLike, *, rules: str | KnockoutRules = "knockout"
) -> pd.DataFrame:
    """:func:`~tourneystats.bridge.knockout_matches` of a table file of knockout segments (or
    board results with ``stage`` and ``segment``), with the tables beside it (the command
    line's ``standings FILE --family bridge --rules knockout[:PRESET]``).

    Parameters
    ----------
    path : path-like
        A CSV or Parquet table of segments (see :mod:`~tourneystats.bridge.knockout`). Beside
        it, named after it, the tables the rules use: ``NAME-carry`` (``event, stage, team,
        carry_over``), ``NAME-earlier`` (the earlier stage's matches) and ``NAME-places``
        (the earlier stage's ``event, team, rank``).
    rules : str or KnockoutRules
        ``"knockout"`` (the EBU's rules: no carry-over, extra boards), ``"knockout:PRESET"``
        (:data:`~tourneystats.bridge.KNOCKOUT_RULES`) or a :class:`KnockoutRules`. With a
        ``NAME-carry`` table and rules without carry-over, the table gives it
        (``carry_over="given"``).

    Returns
    -------
    pandas.DataFrame
        The bracket of :func:`~tourneystats.bridge.knockout_matches`.

    Raises
    ------
    ValidationError
        What :func:`~tourneystats.bridge.knockout_matches` refuses, naming the file (a table
        beside it: that table's file); a folder; a table beside it the rules do not use.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.bridge import knockout_from_path
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> pd.DataFrame({"event": "Cup", "stage": "F", "segment": [1, 2], "home_team": "A",
    ...               "visit_team": "B", "home_imps": [25, 28],
    ...               "visit_imps": [30, 20]}).to_csv(folder / "ko.csv", index=False)
    >>> pd.DataFrame({"event": "Cup", "stage": ["F"], "team": ["B"],
    ...               "carry_over": [4]}).to_csv(folder / "ko-carry.csv", index=False)
    >>> knockout_from_path(folder / "ko.csv")[["team", "carry_over", "total", "qualified"]]
      team  carry_over  total  qualified
    0    A         0.0   53.0      False
    1    B         4.0   54.0       True
    """
    from .knockout import KNOCKOUT_RULES, knockout_matches

    path = Path(path)
    if path.is_dir():
        raise ValidationError(f"{path}: knockout rules read one table file, not a folder")
    if path.suffix.lower() not in (".csv", ".parquet", ".pq"):
        raise ValidationError(f"{path}: a knockout is read from a CSV or Parquet table")
    if isinstance(rules, KnockoutRules):
        r = rules
    else:
        preset = rules.strip().partition(":")[2].strip().lower() or "ebu"
        if preset not in KNOCKOUT_RULES:
            raise ValueError(
                f"--rules {rules}: unknown knockout rules {preset!r}; choose knockout or "
                f"knockout:{', knockout:'.join(KNOCKOUT_RULES)}"
            )
        r = KNOCKOUT_RULES[preset]
    tables: dict[str, pd.DataFrame] = {}
    files: dict[str, Path] = {}
    for suffix, name in _BESIDE.items():
        found = _beside(path, suffix)
        if len(found) > 1:
            raise ValidationError(f"{path}: two {suffix} tables beside it: {found[0].name}, "
                                  f"{found[1].name}")  # fmt: skip
        if found:
            files[name], tables[name] = found[0], read_table(found[0])
    if "carry" in tables and r.carry_over == "none":
        r = r.replace(carry_over="given")
    try:
        return knockout_matches(read_table(path), rules=r, **tables)
    except ValidationError as exc:  # a table beside the file: named by its file
        text = str(exc)
        name = text.partition(":")[0]
        if name in files:
            text = f"{files[name]}:{text[len(name) + 1 :]}"
        for name, file in files.items():  # (two spellings of a team: the tables of each)
            text = text.replace(f"({name})", f"({file.name})")
            text = text.replace(f"\n  {name}: ", f"\n  {file.name}: ")
        if text == str(exc):
            raise
        raise ValidationError(text, rows=exc.rows) from exc


def _beside(path: Path, suffix: str) -> list[Path]:
    """The tables ``NAME-suffix`` / ``NAME_suffix`` beside `path` (CSV or Parquet)."""
    stem = path.stem.lower()
    wanted = {f"{stem}-{suffix}", f"{stem}_{suffix}"}
    return [
        p for p in sorted(path.parent.iterdir())
        if p.is_file() and p.suffix.lower() in (".csv", ".parquet", ".pq")
        and p.stem.lower() in wanted
    ]  # fmt: skip
