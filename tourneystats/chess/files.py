"""Chess results from files: TRF or PGN files, CSV/Parquet results tables, or folders of them."""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from ..core.folders import list_files, names_its_source, result_files, results_tables
from ..core.io import TABLE_SUFFIXES, read_table, texts_again
from ..core.schema import (
    COLOUR,
    EVENT,
    FIDE_ID,
    KIND,
    NAME,
    OPPONENT,
    OPPONENT_TEAM,
    PLAYER,
    TEAM,
    ValidationError,
    fail_rows,
)
from .kinds import RESULT_COLUMNS
from .tables import standings, standings_by_round


@names_its_source
def read_results(
    path: str | os.PathLike, *, coded: bool = False, jobs: int | None = 1
) -> tuple[pd.DataFrame, pd.DataFrame | None, pd.DataFrame | None]:
    """Read a TRF file, a PGN file, a CSV/Parquet results table, or a folder of them, for
    :func:`standings`.

    A Vega web export (a folder holding ``standings.html`` and ``pairsN.html`` pages) is one
    event, read by the Vega reader of ``tourneystats.chess.vega`` (its PGN pages are not
    read again). A folder contributes its Vega folders, its ``*.trf``, ``*.txt``, ``*.trfx`` files (read together with
    :func:`tourneystats.chess.read_trf`, one event per file named by the file stem), its ``*.pgn``
    files (read together with :func:`tourneystats.chess.read_pgn`, events told by their
    ``Event`` tags) and its CSV and Parquet tables holding the results columns; hidden files are
    skipped, and so are (with a warning) other tables, such as a standings table written into
    the folder, and ``.txt`` files holding no TRF record, such as a web site's data.

    Parameters
    ----------
    path : path-like
        A file or a folder.
    coded : bool
        Read the text columns of ``_KEYS`` of a single Parquet table as categoricals of
        sorted categories (their dictionary codes; named in ``results.attrs["dictionaries"]``).
    jobs : int, optional
        Processes reading the TRF and PGN files of a folder (None or 0: all the cores, for 32 MB
        of files or more; 1, the default: this process alone); the frames do not depend on it.
        A script using more than one needs the ``if __name__ == "__main__":`` guard.

    Returns
    -------
    tuple of (results, players, events)
        The results frame (all files concatenated), and the players (names, ratings, ...) and
        events (name, date, rounds, ...) frames of the TRF and PGN files, or None when no TRF
        nor PGN file was read. Pass them as ``standings(results, players=players, events=events)``.

    Raises
    ------
    FileNotFoundError
        When `path` does not exist.
    ValueError
        When it holds no results file.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.chess import read_results
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "r.csv"
    >>> pd.DataFrame({"event": "E", "round": 1, "player": [1, 2], "opponent": [2, 1],
    ...               "colour": ["w", "b"], "points": [1, 0], "kind": "played"}).to_csv(p)
    >>> results, players, events = read_results(p)
    >>> list(results.columns), players, events
    (['event', 'round', 'player', 'opponent', 'colour', 'points', 'kind'], None, None)
    """
    from ..core.parallel import cores, folder_jobs
    from .pgn import PGN_SUFFIXES, read_pgn
    from .trf import TRF_SUFFIXES, read_trf  # on first use: `import tourneystats.chess` is lighter
    from .vega import read_vega, vega_folders

    required = [c.name for c in RESULT_COLUMNS if c.required]
    suffixes = (*TRF_SUFFIXES, *PGN_SUFFIXES, *TABLE_SUFFIXES)
    vegas = vega_folders(path) if os.path.isdir(path) else []
    if vegas:  # Vega web exports: each folder one event; its PGN pages are not read again
        found = list_files(path, suffixes)
        files = results_tables(
            [p for p in found if not any(v in p.parents for v in vegas)], required
        )
    else:
        files = result_files(path, suffixes, required, what="chess results")
    if os.path.isdir(path):
        files = _without_other_texts(path, files)
    tables = [p for p in files if p.suffix.lower() in TABLE_SUFFIXES]
    pgns = [p for p in files if p.suffix.lower() in PGN_SUFFIXES]
    trfs = [p for p in files if p.suffix.lower() not in (*TABLE_SUFFIXES, *PGN_SUFFIXES)]
    _no_team_event(files)
    jobs = folder_jobs(jobs, trfs + pgns) or cores()  # (the size of both kinds of files)
    frames, read = [], []
    for paths, reader in ((trfs, read_trf), (pgns, read_pgn)):
        if paths:
            read.append(reader(paths if len(paths) > 1 else paths[0], jobs=jobs))
            frames.append(read[-1].results)
    if vegas:
        vega = read_vega(vegas)
        read.append(vega)  # type: ignore[arg-type]  # (results, players, events) as the others
        frames.append(vega.results)
    players = _joined([d.players for d in read])  # of the TRF and PGN files, then Vega's
    events = _joined([d.events for d in read])
    dictionaries = _KEYS if coded and len(files) == 1 else ()
    for p in tables:
        table = read_table(p, dictionaries=dictionaries)
        if "Unnamed: 0" in table.columns:  # a CSV written with its index
            table = table.drop(columns="Unnamed: 0")
        frames.append(table)
    results = pd.concat(frames, ignore_index=True) if len(frames) > 1 else frames[0]
    return results, players, events


#: the text columns of a results table the standings read as categoricals: their Parquet
#: dictionary codes are the codes the grid needs (the standings get their text dtype back)
_KEYS = (EVENT, PLAYER, OPPONENT, COLOUR, KIND)


def _without_other_texts(folder: str | os.PathLike, files: list[Path]) -> list[Path]:
    """`files` of `folder` without its ``.txt`` files holding no TRF record (a web site's data,
    notes: :func:`~tourneystats.chess.trflines.holds_no_trf`), left out with one warning."""
    from .trflines import holds_no_trf

    other = {p for p in files if holds_no_trf(p)}
    if not other:
        return files
    said = f"{len(other)} .txt file(s) hold no TRF record (e.g. {min(other).name})"
    if len(other) == len(files):
        raise ValidationError(f"{folder}: no chess results in this folder: {said}")
    warnings.warn(f"{folder}: {said}, skipped", stacklevel=3)
    return [p for p in files if p not in other]


def _joined(frames: list[pd.DataFrame]) -> pd.DataFrame | None:
    if len(frames) < 2:
        return frames[0] if frames else None
    return pd.concat(frames, ignore_index=True)


@names_its_source
def history_from_path(
    path: str | os.PathLike, *, jobs: int | None = 1, **options: Any
) -> pd.DataFrame:
    """Standings after every round of every event of a file or folder, with the players' names.

    Reads `path` as :func:`read_results` does and calls :func:`standings_by_round` with the
    players and events of the TRF and PGN files; a ``name`` column (from the TRF ``001`` lines,
    the PGN ``White``/``Black`` tags) is added when the files give names.

    Parameters
    ----------
    path : path-like
        A TRF file, a PGN file, a CSV/Parquet results table, or a folder of them.
    jobs : int, optional
        Processes reading the TRF and PGN files of a folder (None or 0: all the cores, for 32 MB
        of files or more; 1, the default: this process alone); the table does not depend on it.
        A script using more than one needs the ``if __name__ == "__main__":`` guard.
    **options
        Passed to :func:`standings_by_round` (``tiebreaks=``, ``rules=``, ``round_robin=``).

    Returns
    -------
    pandas.DataFrame
        ``event, round, player, rank, PTS``, the tie-break columns, and ``name`` when known.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.chess import history_from_path
    >>> import tempfile, pathlib
    >>> from tourneystats.chess import write_trf
    >>> games = pd.DataFrame({"event": "cup", "round": 1, "player": [1, 2], "opponent": [2, 1],
    ...                       "colour": ["w", "b"], "points": [1.0, 0.0], "kind": "played"})
    >>> names = pd.DataFrame({"event": "cup", "player": [1, 2], "name": ["Ann", "Bob"]})
    >>> p = write_trf(games, names, None, pathlib.Path(tempfile.mkdtemp()) / "cup.trf")
    >>> history_from_path(p, tiebreaks=["SB"])[["round", "player", "rank", "PTS", "name"]]
       round  player  rank  PTS name
    0      1       1     1  1.0  Ann
    1      1       2     2  0.0  Bob
    """
    if _team_files(path):  # team files (TRF 013/310, PGN team tags): teams after each round
        from .teamrounds import team_standings_by_round

        _team_options(path, options, {"tiebreaks", "rules", "round_robin"})
        boards, teams, events, points = read_team_results(path)
        options = {**options, "rules": options.get("rules") or "auto:fide2024"}
        if points is not None and "points" not in options:
            options["points"] = points
        return team_standings_by_round(boards, teams=teams, events=events, **options)
    results, players, events = read_results(path, jobs=jobs)
    return standings_by_round(results, players=players, events=events, **options)


@names_its_source
def standings_from_path(
    path: str | os.PathLike,
    *,
    rules: str | Mapping | None = None,
    tiebreaks: Sequence[str] | str | None = None,
    round_robin: bool | Iterable | None = None,
    jobs: int | None = 1,
    **options: Any,
) -> pd.DataFrame:
    """Standings of every event in a TRF file, a PGN file, a CSV/Parquet results table, or a
    folder.

    The files are read with :func:`read_results`. `rules` defaults to ``"adjusted"``,
    `tiebreaks` to the order a TRF declares (``212``/``202``), else ``BH/C1, BH, SB``; the
    options are those of :func:`standings` (``points=``, ``unrated=``, ``withdrawn=``, ...).

    Parameters
    ----------
    path : path-like
        A TRF, PGN, CSV or Parquet file, or a folder of them (its sub-folders included).
    rules : str or mapping, optional
        A rule set name (``"adjusted"``, ``"fide2009"``, ``"fide2024"``, ``"fide2026"``,
        ``"auto"``) or a rule set, as :func:`standings` takes it.
    tiebreaks : sequence of str or str, optional
        The tie-break order (``["BH/C1", "BH", "SB"]``); by default the one a TRF declares.
    round_robin : bool or iterable, optional
        As :func:`standings`: which events are round robins (by default told from the pairings).
    jobs : int, optional
        Processes reading the TRF and PGN files of a folder (None or 0: all the cores, for 32 MB
        of files or more; 1, the default: this process alone); the table does not depend on it.
        A script using more than one needs the ``if __name__ == "__main__":`` guard.
    **options
        The other options of :func:`standings`.

    Returns
    -------
    pandas.DataFrame
        :func:`standings`' table of every event, with the players' names, FIDE ids, titles,
        federations and ratings where the files give them. TRF files of team events (with
        ``013`` team records, PGN files with ``WhiteTeam``/``BlackTeam`` tags:
        :mod:`~tourneystats.chess.teampgn`) give the teams' standings instead
        (:func:`~tourneystats.chess.team_standings`, one row per team with its name; `rules`
        by default ``"auto:fide2024"``, `tiebreaks` team codes such as ``EDE,EMGSB/C1``; the
        options ``primary=``, ``points=``, ``team_size=``).

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.chess import standings_from_path
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "r.csv"
    >>> pd.DataFrame({"event": "E", "round": 1, "player": [1, 2], "opponent": [2, 1],
    ...               "colour": ["w", "b"], "points": [0.5, 0.5], "kind": "played"}).to_csv(p)
    >>> standings_from_path(p, tiebreaks=["SB"])
      event  player  rank  PTS    SB decided_by
    0     E       1     1  0.5  0.25       tied
    1     E       2     1  0.5  0.25       <NA>
    """
    if _team_files(path):  # team files (TRF 013/310, PGN team tags): the teams' standings
        return _team_standings_from_path(path, rules, tiebreaks, round_robin, options)
    results, players, events = read_results(path, coded=True, jobs=jobs)
    coded = results.attrs.pop("dictionaries", ())
    text = {c: results[c].cat.categories.dtype for c in coded}
    table = standings(
        results,
        tiebreaks=tiebreaks,
        rules=rules if rules is not None else "adjusted",
        players=players,
        events=events,
        round_robin=round_robin,
        **options,
    )
    return texts_again(table, text)


def _no_team_event(trfs: list) -> None:
    """Refuse files of team events (TRF files with 013 team records, PGN files with team tags,
    tables of board rows) where player results are read: their games are boards of team
    matches, whose standings are the teams'."""
    teams = [p for p in trfs if _is_team_file(p)]
    if teams:
        raise ValidationError(
            f"{teams[0]}: a team event (013 team records, WhiteTeam/BlackTeam tags, or a table "
            "of board rows): its "
            "standings are the teams' "
            "(standings_from_path, or chess.read_team_trf and chess.team_standings; on the "
            "command line: tourneystats standings FILE --family chess)"
        )


def _team_files(path: str | os.PathLike) -> list:
    """The files of `path` holding team events: TRF files with team records, PGN files with
    ``WhiteTeam``/``BlackTeam`` tags, and CSV/Parquet tables with ``team`` and
    ``opponent_team`` columns (one row per board); an error when a folder mixes them with other
    results files (team and individual standings differ)."""
    from .pgn import PGN_SUFFIXES
    from .trf import TRF_SUFFIXES

    root = Path(path)
    if root.is_dir():  # (listed here without the warnings of the results' listing)
        found = [
            f for f in sorted(root.rglob("*"))
            if f.suffix.lower() in (*TRF_SUFFIXES, *PGN_SUFFIXES, *TABLE_SUFFIXES)
            and not any(part.startswith(".") for part in f.relative_to(root).parts)
        ]  # fmt: skip
    else:
        found = [root] if root.is_file() else []
    teams = [p for p in found if _is_team_file(p)]
    if not teams:
        return []
    required = [c.name for c in RESULT_COLUMNS if c.required]
    suffixes = (*TRF_SUFFIXES, *PGN_SUFFIXES, *TABLE_SUFFIXES)
    files = result_files(path, suffixes, required, what="chess results")
    others = [p for p in files if p not in teams]
    if others:
        raise ValidationError(
            f"{path}: {len(teams)} file(s) of team events (e.g. {teams[0].name}) and "
            f"{len(others)} other results file(s): give them apart (team and individual "
            "standings are different tables)"
        )
    return teams


def _is_team_file(path: Path) -> bool:
    """Whether `path` holds a team event: a TRF file with 013 records, a PGN file with
    ``WhiteTeam``/``BlackTeam`` tags, or a table with the ``team`` and ``opponent_team``
    columns."""
    from .pgn import PGN_SUFFIXES
    from .teampgn import has_team_tags
    from .teamtrf import has_team_records
    from .trf import TRF_SUFFIXES

    suffix = path.suffix.lower()
    if suffix in TRF_SUFFIXES:
        return has_team_records(path)
    if suffix in PGN_SUFFIXES:
        return has_team_tags(path)
    if suffix not in TABLE_SUFFIXES:
        return False
    try:
        if suffix == ".csv":
            names = set(pd.read_csv(path, nrows=0).columns)
        else:
            import pyarrow.parquet as pq

            names = set(pq.read_schema(path).names)
    except (OSError, ValueError, pd.errors.ParserError):
        return False  # (the results' reader says what is wrong with it)
    return {TEAM, OPPONENT_TEAM} <= names


def _team_standings_from_path(
    path: str | os.PathLike,
    rules: str | Mapping | None,
    tiebreaks: Sequence[str] | str | None,
    round_robin: bool | Iterable | None,
    options: dict,
) -> pd.DataFrame:
    """The team standings of the team files of `path` (TRF files and board-rows tables), all
    events at once."""
    from .teamtiebreaks import team_standings

    _team_options(path, options)
    boards, teams, events, points = read_team_results(path)
    if points is not None and "points" not in options:  # the files' 362/320 records
        options = {**options, "points": points}
    return team_standings(
        boards,
        tiebreaks=tiebreaks,
        rules=rules if rules is not None else "auto:fide2024",
        events=events,
        teams=teams,
        round_robin=round_robin,
        **options,
    )


#: the options of the team functions besides the tie-breaks, rule sets and round robins
TEAM_OPTIONS = frozenset({"primary", "points", "team_size", "allow_buchholz_in_round_robins"})


def _team_options(path: str | os.PathLike, options: dict, also: Iterable[str] = ()) -> None:
    """Refuse the options of individual events given for the team events of `path`."""
    allowed = TEAM_OPTIONS | set(also)
    unknown = sorted(set(options) - allowed)
    if unknown:
        raise ValueError(
            f"{path}: a team event; options {unknown} are for individual events (team events "
            f"take {sorted(allowed)})"
        )


def read_team_results(
    path: str | os.PathLike,
) -> tuple[pd.DataFrame, pd.DataFrame | None, pd.DataFrame | None, Any]:
    """The board rows, teams (``event, team, name``), events and team point system of the team
    files of `path` (TRF files with ``013``/``310`` team records, PGN files with team tags,
    read together: :mod:`~tourneystats.chess.teampgn`; tables of board rows);
    teams and events None when no TRF nor PGN file gives them, the point system None when none
    gives one (TRF-2026 ``362``/``320`` records: :func:`files_points`)."""
    from .pgn import PGN_SUFFIXES
    from .teampgn import read_team_pgn
    from .teamtrf import read_team_trf
    from .trf import TRF_SUFFIXES

    files = _team_files(path)
    if not files:
        raise ValueError(f"{path}: no team event (TRF 013 team records, PGN team tags, or board "
                         "rows)")  # fmt: skip
    trfs = [p for p in files if p.suffix.lower() in TRF_SUFFIXES]
    pgns = [p for p in files if p.suffix.lower() in PGN_SUFFIXES]
    read: list[Any] = [read_team_trf(p) for p in trfs]
    if pgns:  # (together: an event's rounds may be files of their own)
        read.append(read_team_pgn(pgns if len(pgns) > 1 else pgns[0]))
    tables = [
        read_table(p) for p in files if p.suffix.lower() not in (*TRF_SUFFIXES, *PGN_SUFFIXES)
    ]
    boards = pd.concat([d.boards for d in read] + tables, ignore_index=True)
    points = files_points(trfs + pgns[:1], [getattr(d, "points", None) for d in read], tables)
    if not read:
        return boards, None, None, points
    teams = pd.concat([d.teams for d in read], ignore_index=True)
    return boards, teams, pd.concat([d.events for d in read], ignore_index=True), points


def files_points(paths: list, points: list, tables: list) -> Any:
    """The one team point system of files whose ``362``/``320`` records give `points` (None: not
    given, the default); refused when two files give different ones."""
    from .teams import TEAM_POINTS

    chosen = [p or TEAM_POINTS["tec2023"] for p in points] + [TEAM_POINTS["tec2023"]] * bool(tables)
    if any(p != chosen[0] for p in chosen):
        k = next(k for k, p in enumerate(chosen) if p != chosen[0])
        other = paths[k] if k < len(paths) else "the team results tables"
        raise ValidationError(
            f"{paths[0]}: its team point system ({chosen[0].name}: 362/320 records, or the "
            f"default) differs from {other}'s ({chosen[k].name}): give the files apart, or "
            "choose one (points=)"
        )
    return next((p for p in points if p is not None), None)


def archive_standings(results: pd.DataFrame, **options: Any) -> pd.DataFrame:
    """Standings of archive rows (``tourneystats recompute``): :func:`standings` of `results`,
    whose rows may carry each player's ``name`` and ``fide_id`` (``tourneystats import`` stores
    them, one value per player and event), shown after ``player`` as ``standings`` shows a
    players frame's.

    Parameters
    ----------
    results : pandas.DataFrame
        Chess results (see :func:`standings`), with ``name`` and ``fide_id`` columns or not.
    **options
        As :func:`standings` (``rules``, ``tiebreaks``, ...).

    Returns
    -------
    pandas.DataFrame
        As :func:`standings`, with ``name`` (and ``fide_id``) when the rows carry them.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.chess import archive_standings
    >>> rows = pd.DataFrame({"event": "E", "round": 1, "player": [1, 2], "opponent": [2, 1],
    ...                      "colour": ["w", "b"], "points": [1.0, 0.0], "kind": "played",
    ...                      "name": ["Ann", "Bo"]})
    >>> archive_standings(rows, tiebreaks=["BH"])[["player", "name", "rank"]]
       player name  rank
    0       1  Ann     1
    1       2   Bo     2
    """
    carried = [c for c in (NAME, FIDE_ID) if c in results.columns]
    if not carried:
        return standings(results, **options)
    people = results[[EVENT, PLAYER, *carried]].drop_duplicates()
    twice = people.duplicated([EVENT, PLAYER], keep=False).to_numpy()
    if twice.any():
        fail_rows(
            results,
            results.set_index([EVENT, PLAYER]).index.isin(
                people[twice].set_index([EVENT, PLAYER]).index
            ),
            f"a player with two different {' or '.join(carried)} values in one event",
            what="archive rows",
        )
    return standings(results.drop(columns=carried), players=people, **options)
