"""Checking a whole archive file by file (``tourneystats check FOLDER``), and warnings in bulk.

:func:`check_files` checks every file of a folder on its own, on all the cores
(:func:`~tourneystats.core.parallel.map_files`), and gives one row per file
(:data:`REPORT_COLUMNS`): what was compared, whether it agrees, and why a file could not be
checked. A family may say how one of its files is summarised with a ``file_report(path,
**options) -> (row, comparison)`` function; otherwise its ``check_from_path`` is called on the
file and summarised here (:func:`file_report`). The comparisons are counted per published value
(:data:`VALUE_COLUMNS`, :func:`values_summary`: what share of each value the rules reproduce in
the files whose points agree) and their differences kept.

A file's status is one of:

- ``equal``: every published value compared is reproduced;
- ``different``: some are not (``first_difference`` shows one);
- ``refused``: the file cannot be read or computed (``detail``: the error's first line);
- ``no published values``: nothing to compare (MTGO files publish the playoffs only, say);
- a family may add its own (cards: ``inconsistent``, published points or records the file's
  own rounds cannot give; ``published_earlier``, the only values not reproduced are those of players who
  left, or were knocked out of a top cut, published as their standings after an earlier round).

Warnings are many in an archive (one per file, often): :func:`warning_kind` gives each its kind
(the message without the file, its names and numbers), and :func:`warnings_summary` counts them
by kind with a few examples.
"""

from __future__ import annotations

import os
import re
import warnings
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import pandas as pd

from .check import NOTE, PUBLISHED_AFTER, STATUS_ORDER, differences, not_computable
from .check import STATUSES as STATUSES  # the statuses every family's report gives
from .folders import list_files
from .io import TABLE_SUFFIXES
from .parallel import map_files
from .schema import ValidationError

#: the columns of a check report, one row per file
REPORT_COLUMNS = [
    "file",
    "platform",
    "preset",
    "compared",
    "equal",
    "status",
    "first_difference",
    "detail",
    "warnings",
]
#: the columns of the values compared, one row per file and published value (``earlier``: not
#: equal, but published as the player's standings after an earlier round)
VALUE_COLUMNS = ["file", "value", "compared", "equal", "earlier"]
#: the statuses of a file whose published points its own rounds give: its tie-breakers and ranks
#: are the rules' to reproduce (``inconsistent`` files are the data's fault)
CONSISTENT = ("equal", "published_earlier", "different")
#: the error (ValidationError) that says a file publishes nothing to compare
_NOTHING = re.compile(
    r"no published (?:value|standings)|publishes neither|nothing to compare", re.IGNORECASE
)


def warning_kind(message: str, names: Sequence[str] = ()) -> str:
    """The kind of a warning: its parts (between ``": "``) that do not name the file, with
    numbers as ``N``, quoted text as ``'…'`` and a closing parenthesis dropped; at most two parts.

    Parameters
    ----------
    message : str
        The warning's text.
    names : sequence of str
        How the file may be named in it (its path, name, stem, event).

    Examples
    --------
    >>> warning_kind("not compared: open-2024: published players without a Swiss match: Ann, Bo",
    ...              ["open-2024"])
    'not compared: published players without a Swiss match'
    >>> warning_kind("playoff rounds left out (only Swiss rounds are standings rounds): "
    ...              "open-2024.json (Quarterfinals, Finals)", ["open-2024"])
    'playoff rounds left out'
    >>> warning_kind("12 event(s) with match results only (no game scores): gwp not computed")
    'N event(s) with match results only: gwp not computed'
    """
    parts = []
    for part in message.split(": "):
        if any(name and name in part for name in names):
            continue
        part = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", part)
        part = re.sub(r"\d+(?:[.,]\d+)*", "N", part)
        part = re.sub(r"\s*\([^()]*\)\s*$", "", part).strip()
        if part:
            parts.append(part)
    return ": ".join(parts[:2]) or message[:80]


def warnings_table(records: Sequence[tuple[str, str, str]]) -> pd.DataFrame:
    """``(file, kind, message)`` records as a table with those columns."""
    return pd.DataFrame(list(records), columns=["file", "kind", "message"], dtype=object)


def warnings_summary(table: pd.DataFrame, *, examples: int = 2, limit: int = 12) -> str:
    """Warnings counted by kind, the commonest first, with a few examples each.

    Examples
    --------
    >>> t = warnings_table([("a.json", "left out", "a.json: left out: x"),
    ...                     ("b.json", "left out", "b.json: left out: y"),
    ...                     ("b.json", "no date", "b.json: no date")])
    >>> print(warnings_summary(t, examples=1))
    3 warning(s) of 2 kind(s):
      2 x left out (2 files), e.g.
          a.json: left out: x
      1 x no date (1 file), e.g.
          b.json: no date
    """
    if table.empty:
        return "no warnings"
    kinds = table.groupby("kind", sort=False)
    counts = kinds.size().sort_values(ascending=False, kind="stable")
    files = kinds["file"].nunique().to_dict()
    lines = [f"{len(table)} warning(s) of {len(counts)} kind(s):"]
    for kind, n in counts.head(limit).items():
        many = int(files[kind])
        lines.append(f"  {n} x {kind} ({many} file{'s' if many != 1 else ''}), e.g.")
        for message in kinds.get_group(kind)["message"].head(examples):
            text = str(message)
            lines.append(f"      {text[:150]}{'...' if len(text) > 150 else ''}")
    if len(counts) > limit:
        lines.append(f"  ... and {len(counts) - limit} more kind(s)")
    return "\n".join(lines)


def _first_difference(table: pd.DataFrame) -> str:
    """One line for the first value that differs: its keys, the value, published and computed."""
    wrong = table[~table["equal"].to_numpy(dtype=bool)]
    if wrong.empty:
        return ""
    row = wrong.iloc[0]
    keys = [c for c in table.columns[: list(table.columns).index("value")]]
    who = ", ".join(str(row[k]) for k in keys)
    return f"{who}: {row['value']} published {row['published']:g}, computed {row['computed']:g}"


def file_report(
    check: Callable[..., pd.DataFrame], path: Path, **options: Any
) -> tuple[dict, pd.DataFrame]:
    """One file's report row and its comparison, from a family's ``check_from_path``.

    Returns
    -------
    (dict, pandas.DataFrame)
        The row (``file``, ``platform``, ``preset``, ``compared``, ``equal``, ``status``,
        ``first_difference``, ``detail``; ``file`` and ``platform`` left for the caller) and
        the file's comparison (``check_from_path``'s table; empty when refused).
    """
    row: dict[str, Any] = {"preset": options.get("rules") or "", "compared": 0, "equal": 0}
    try:
        table = check(path, **options)
    except (ValidationError, ValueError, OSError) as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        row |= {"status": error_status(exc), "first_difference": "", "detail": first}
        return row, pd.DataFrame()
    wrong = differences(table)  # a value the file cannot give (its note says why) is none
    row |= {"compared": len(table), "equal": int(table["equal"].sum()), "detail": ""}
    row["status"] = "equal" if wrong.empty else "different"
    row["first_difference"] = _first_difference(wrong)
    return row, table.reset_index(drop=True)


def error_status(exc: Exception) -> str:
    """The status of a file whose check raised `exc`: ``no published values`` when the error
    says there is nothing to compare (no published standings), else ``refused``.

    Examples
    --------
    >>> error_status(ValidationError("e.csv: no published standings beside the results"))
    'no published values'
    >>> error_status(ValidationError("e.json: line 1, column 1: not valid JSON"))
    'refused'
    """
    first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    nothing = isinstance(exc, ValidationError) and _NOTHING.search(first)
    return "no published values" if nothing else "refused"


def value_counts(table: pd.DataFrame) -> pd.DataFrame:
    """A file's comparison counted per published value: ``value``, ``compared``, ``equal`` and
    ``earlier`` (not equal, but published as the player's standings after an earlier round:
    :data:`~tourneystats.core.check.PUBLISHED_AFTER` set), values in order of first appearance.

    Examples
    --------
    >>> t = pd.DataFrame({"value": ["OMWP", "OMWP", "Rank", "OMWP"],
    ...                   "equal": [True, False, True, False],
    ...                   "published_after": [None, 3, None, None]})
    >>> value_counts(t)
      value  compared  equal  earlier
    0  OMWP         3      1        1
    1  Rank         1      1        0
    """
    if "value" not in table.columns or "equal" not in table.columns:
        table = pd.DataFrame({"value": pd.Series(dtype=object), "equal": pd.Series(dtype=bool)})
    equal = table["equal"].to_numpy(dtype=bool)
    after = table.get(PUBLISHED_AFTER, pd.Series(np.nan, index=table.index))
    frame = pd.DataFrame(
        {
            "value": table["value"].astype(str).to_numpy(),
            "compared": np.ones(len(table), dtype=np.int64),
            "equal": equal.astype(np.int64),
            "earlier": (~equal & after.notna().to_numpy()).astype(np.int64),
        }
    )
    return frame.groupby("value", sort=False).sum().reset_index()


@dataclass(frozen=True)
class _Task:
    """What a worker needs to report one file (picklable)."""

    module: str
    options: dict

    def __call__(self, path: Path) -> tuple[dict, pd.DataFrame, list[str], pd.DataFrame]:
        import importlib

        family = importlib.import_module(self.module)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            hook = getattr(family, "file_report", None)
            if hook is not None:
                try:
                    row, table = hook(path, **self.options)
                except (ValidationError, ValueError, OSError) as exc:  # a hook that raised
                    row, table = file_report(_raise(exc), path)
            else:
                row, table = file_report(family.check_from_path, path, **self.options)
        messages = [str(w.message) for w in caught]
        row = dict(row)
        given = row.pop("warnings", None) or []  # a hook may return the warnings it caught
        messages = list(dict.fromkeys([*([given] if isinstance(given, str) else given), *messages]))
        counts = value_counts(table)
        if "equal" in table.columns:  # the whole comparison: keep the values that differ
            messages += _not_computable(table, path)
            table = differences(table)
        return row, table.reset_index(drop=True), messages, counts


#: files per batch of a family that checks files in batches (``files_report``)
BATCH = 128


class _Checked(NamedTuple):
    """What a worker sends back for a batch of files: per file its row and warnings; the values
    that differ and the values counted, of every file, with its position (``_at``)."""

    rows: list[dict]
    messages: list[list[str]]
    wrong: pd.DataFrame
    counts: pd.DataFrame


@dataclass(frozen=True)
class _BatchTask:
    """What a worker needs to report a batch of files through the family's ``files_report``
    (picklable): the files it leaves are checked alone (:class:`_Task`)."""

    module: str
    options: dict

    def __call__(self, paths: list[Path]) -> _Checked:
        import importlib

        family = importlib.import_module(self.module)
        rows, table = family.files_report(paths, **self.options)
        single = _Task(self.module, self.options)
        out_rows, messages, wrong, counts = [], [], [_batch_differences(table)], []
        counts.append(_batch_counts(table))
        for i, (path, row) in enumerate(zip(paths, rows, strict=True)):  # rows: per file
            if row is None:  # (checked alone)
                row, alone, said, counted = single(path)
                wrong.append(alone.assign(_at=i))
                counts.append(counted.assign(_at=i))
            else:
                row = dict(row)
                given = row.pop("warnings", None) or []
                said = list(dict.fromkeys([given] if isinstance(given, str) else given))
            out_rows.append(row)
            messages.append(said)
        if NOTE in table.columns:
            for i, path in enumerate(paths):
                if rows[i] is not None:
                    messages[i] += _not_computable(table[table["_at"] == i], path)
        return _Checked(out_rows, messages, _by_file(wrong), _by_file(counts))


def _by_file(parts: list[pd.DataFrame]) -> pd.DataFrame:
    """`parts` in one frame, in the order of their files (``_at``), each file's rows in order."""
    parts = [p for p in parts if len(p)]
    if not parts:
        return pd.DataFrame({"_at": pd.Series(dtype=np.int64)})
    frame = pd.concat(parts, ignore_index=True) if len(parts) > 1 else parts[0]
    return frame.sort_values("_at", kind="stable", ignore_index=True)


def _batch_differences(table: pd.DataFrame) -> pd.DataFrame:
    """The values that differ in the comparisons of a batch (``_at`` and the check's columns)."""
    if "equal" not in table.columns:
        return table.iloc[:0]
    return differences(table).reset_index(drop=True)


def _batch_counts(table: pd.DataFrame) -> pd.DataFrame:
    """:func:`value_counts` of each file of a batch (``_at``), in one pass."""
    if "value" not in table.columns or "equal" not in table.columns or not len(table):
        return pd.DataFrame({"_at": pd.Series(dtype=np.int64)})
    equal = table["equal"].to_numpy(dtype=bool)
    after = table.get(PUBLISHED_AFTER, pd.Series(np.nan, index=table.index))
    frame = pd.DataFrame(
        {
            "_at": table["_at"].to_numpy(),
            "value": table["value"].astype(str).to_numpy(),
            "compared": np.ones(len(table), dtype=np.int64),
            "equal": equal.astype(np.int64),
            "earlier": (~equal & after.notna().to_numpy()).astype(np.int64),
        }
    )
    return frame.groupby(["_at", "value"], sort=False).sum().reset_index()


def _not_computable(table: pd.DataFrame, path: Path) -> list[str]:
    """A warning per reason (``note``) the file gives for published values it cannot compute."""
    if NOTE not in table.columns:
        return []
    notes = table.loc[not_computable(table), NOTE].value_counts(sort=False)
    return [f"{path}: {n} published value(s) not computable: {note}" for note, n in notes.items()]


def _raise(exc: Exception) -> Callable[..., pd.DataFrame]:
    def check(*args: Any, **kwargs: Any) -> pd.DataFrame:
        raise exc

    return check


def _platform(rel: Path) -> str:
    """A file's platform: the first folder of its path below the folder checked (an archive's
    layout, ``Tournaments/<platform>/...``), so that every file of a folder, refused or not,
    counts under one name."""
    return rel.parts[0] if len(rel.parts) > 1 else ""


class ArchiveCheck(NamedTuple):
    """What :func:`check_files` gives: four tables."""

    #: one row per file (:data:`REPORT_COLUMNS`)
    report: pd.DataFrame
    #: the values that differ: ``file`` then the check's columns
    differences: pd.DataFrame
    #: ``file``, ``kind``, ``message``
    warnings: pd.DataFrame
    #: the values compared per file and published value (:data:`VALUE_COLUMNS`)
    values: pd.DataFrame


def check_files(
    module: str,
    files: Sequence[Path],
    root: Path,
    *,
    options: dict | None = None,
    jobs: int | None = None,
    progress: bool | None = None,
) -> ArchiveCheck:
    """Check every file on its own, on `jobs` processes: the report, differences, warnings and
    values compared per published value.

    Parameters
    ----------
    module : str
        The family's module (``"tourneystats.cards"``): its ``file_report`` if it has one, else
        its ``check_from_path``.
    files : sequence of path
        The files, each below `root`.
    root : path
        The folder checked: the report names files by their path below it.
    options : dict, optional
        The family's options (``rules``, ...), for every file.
    jobs : int, optional
        Processes (None: all the cores); the outputs do not depend on it.
    progress : bool or None
        Progress bar (None: on a terminal only).

    Returns
    -------
    ArchiveCheck
        Four tables (a named tuple): ``report`` (:data:`REPORT_COLUMNS`, one row per file, in
        the files' order); ``differences``, the values that differ (``file`` then the check's
        columns); ``warnings`` (``file``, ``kind``, ``message``); ``values``, the values
        compared, counted per file and published value (:data:`VALUE_COLUMNS`; summarised by
        :func:`values_summary`).

    Examples
    --------
    >>> import json, pathlib, tempfile
    >>> root = pathlib.Path(tempfile.mkdtemp())
    >>> (root / "melee").mkdir()
    >>> _ = (root / "melee" / "club.json").write_text(json.dumps({
    ...     "Tournament": {"Date": "2024-06-30", "Name": "Club", "Uri": "https://melee.gg/1"},
    ...     "Rounds": [{"RoundName": "Round 1", "Matches": [
    ...                  {"Player1": "Ann", "Player2": "Bo", "Result": "2-1-0"}]}],
    ...     "Standings": [
    ...         {"Rank": 1, "Player": "Ann", "Points": 3, "OMWP": 0.33, "GWP": 0.6667, "OGWP": 0.3333},
    ...         {"Rank": 2, "Player": "Bo", "Points": 3, "OMWP": 1.0, "GWP": 0.3333, "OGWP": 0.6667}]}))
    >>> _ = (root / "broken.json").write_text('{"Tournament": {}, "Rounds": 3}')
    >>> report, differences, _, values = check_files(
    ...     "tourneystats.cards", sorted(root.rglob("*.json")), root, jobs=1)
    >>> report[["file", "platform", "compared", "equal", "status"]]
                  file platform  compared  equal        status
    0      broken.json                  0      0       refused
    1  melee/club.json    melee        10      9  inconsistent
    >>> differences[["file", "player", "value", "published", "computed"]]
                  file player   value  published  computed
    0  melee/club.json     Bo  Points        3.0       0.0
    >>> values
                  file   value  compared  equal  earlier
    0  melee/club.json  Points         2      1        0
    1  melee/club.json    OMWP         2      2        0
    2  melee/club.json     GWP         2      2        0
    3  melee/club.json    OGWP         2      2        0
    4  melee/club.json    Rank         2      2        0
    """
    rows: list[dict] = []
    parts: list[pd.DataFrame] = []
    counted: list[pd.DataFrame] = []
    notes: list[tuple[str, str, str]] = []
    done = 0
    for batch in _checked(module, list(files), dict(options or {}), jobs, progress):
        paths = files[done : done + len(batch.rows)]
        done += len(batch.rows)
        rels = []
        for path, row, messages in zip(paths, batch.rows, batch.messages, strict=True):
            rel = Path(path).relative_to(root) if Path(path) != root else Path(Path(path).name)
            names = [str(path), rel.as_posix(), Path(path).name, Path(path).stem]
            row = row | {
                "file": rel.as_posix(),
                "platform": _platform(rel) or row.get("platform") or "",
            }
            row["detail"] = str(row.get("detail") or "").removeprefix(f"{path}: ")
            row["warnings"] = "\n".join(messages)
            rows.append(row)
            rels.append(rel.as_posix())
            notes += [(rel.as_posix(), warning_kind(m, names), m) for m in messages]
        for frame, into in ((batch.wrong, parts), (batch.counts, counted)):
            if len(frame):
                named = np.asarray(rels, dtype=object)[frame["_at"].to_numpy(dtype=np.intp)]
                into.append(frame.drop(columns="_at").assign(file=named))
    report = pd.DataFrame(rows)
    extra = [c for c in report.columns if c not in REPORT_COLUMNS]
    report = report.reindex(columns=REPORT_COLUMNS + extra)
    report = report.astype({"compared": "int64", "equal": "int64"})
    wrong = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame({"file": []})
    front = ["file"] + [c for c in wrong.columns if c != "file"]
    empty = value_counts(pd.DataFrame()).assign(file=pd.Series(dtype=object))
    values = pd.concat(counted, ignore_index=True) if counted else empty
    values = values[VALUE_COLUMNS]
    return ArchiveCheck(report, wrong[front], warnings_table(notes), values)


def _checked(
    module: str, files: list[Path], options: dict, jobs: int | None, progress: bool | None
) -> Iterator[_Checked]:
    """The files checked, in batches (one file each unless the family has ``files_report``),
    in the files' order."""
    import importlib

    if getattr(importlib.import_module(module), "files_report", None) is None:
        task = _Task(module, options)
        for row, wrong, messages, counts in map_files(
            task, files, jobs=jobs, progress=progress, desc="check"
        ):
            yield _Checked([row], [messages], wrong.assign(_at=0), counts.assign(_at=0))
        return
    batches = [files[i : i + BATCH] for i in range(0, len(files), BATCH)]
    # the largest batches first (the workers end together), given back in the files' order
    size = [sum(_size(p) for p in batch) for batch in batches]
    order = sorted(range(len(batches)), key=lambda i: -size[i])
    done: dict[int, _Checked] = {}
    following = 0
    for i, checked in zip(
        order,
        map_files(
            _BatchTask(module, options),
            [batches[i] for i in order],
            jobs=jobs,
            progress=progress,
            desc="check",
            weights=[len(batches[i]) for i in order],
        ),
        strict=True,
    ):
        done[i] = checked
        while following in done:
            yield done.pop(following)
            following += 1


def _size(path: Path) -> int:
    """A file's bytes (0 if it cannot be told: the file's check says why)."""
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def report_summary(report: pd.DataFrame) -> str:
    """Per platform: files, their statuses, values compared and equal (for a terminal); a
    ``total`` row when there are several platforms, and the files directly in the folder
    checked (no platform folder) as ``(this folder)``.

    Examples
    --------
    >>> r = pd.DataFrame({"platform": ["melee", "melee", "mtgo"], "compared": [10, 5, 0],
    ...                   "equal": [10, 4, 0], "status": ["equal", "different", "no published values"]})
    >>> print(report_summary(r))
    platform  files  compared  reproduced  reproduced %  equal  different  no published values
       melee      2        15          14          93.3      1          1                    0
        mtgo      1         0           0           NaN      0          0                    1
       total      3        15          14          93.3      1          1                    1
    """
    present = set(report["status"])
    statuses = [
        s for s in dict.fromkeys([*STATUS_ORDER, *pd.unique(report["status"])]) if s in present
    ]
    by = report.groupby("platform", sort=True, dropna=False)
    table = by.agg(
        files=("status", "size"), compared=("compared", "sum"), reproduced=("equal", "sum")
    )
    counts = pd.crosstab(report["platform"], report["status"])
    table = table.join(counts.reindex(columns=statuses, fill_value=0))
    if len(table) > 1:
        table = pd.concat([table, table.sum().rename("total").to_frame().T])
    table.index = [str(p) if str(p) else "(this folder)" for p in table.index]
    share = 100 * table["reproduced"] / table["compared"].where(table["compared"] > 0)
    table.insert(3, "reproduced %", share.astype("float64").round(1))
    table = table.rename_axis("platform").reset_index()
    with pd.option_context("display.width", 140, "display.max_columns", 20):
        return table.to_string(index=False)


def values_summary(
    report: pd.DataFrame, values: pd.DataFrame, *, points: Sequence[str] = ()
) -> pd.DataFrame:
    """Published values reproduced, per platform and value, in the files whose published points
    their own rounds give (:data:`CONSISTENT`: ``equal``, ``published_earlier``, ``different``).

    Parameters
    ----------
    report, values : pandas.DataFrame
        :func:`check_files`' report and values (or the CSV files ``check FOLDER --out`` writes).
    points : sequence of str
        The values that are points or records (cards:
        :data:`tourneystats.cards.report.POINTS_VALUES`); the others are counted together in a
        row ``tie-breakers`` of each platform.

    Returns
    -------
    pandas.DataFrame
        ``platform``, ``value``, ``files``, ``compared``, ``reproduced``, ``reproduced %``,
        ``earlier`` (not reproduced, published as a player's standings after an earlier round)
        and ``with earlier %``; the platforms in order, then ``all``; each platform's values in
        order, then ``tie-breakers``.

    Examples
    --------
    >>> report = pd.DataFrame({"file": ["a", "b", "c"], "platform": ["melee"] * 3,
    ...                        "status": ["equal", "published_earlier", "inconsistent"]})
    >>> values = pd.DataFrame({"file": ["a", "a", "b", "b", "c"],
    ...                        "value": ["Points", "OMWP", "Points", "OMWP", "OMWP"],
    ...                        "compared": [8, 8, 4, 4, 6], "equal": [8, 8, 4, 2, 0],
    ...                        "earlier": [0, 0, 0, 1, 0]})
    >>> print(values_summary(report, values, points=["Points"]).to_string(index=False))
    platform        value  files  compared  reproduced  reproduced %  earlier  with earlier %
       melee       Points      2        12          12        100.00        0          100.00
       melee         OMWP      2        12          10         83.33        1           91.67
       melee tie-breakers      2        12          10         83.33        1           91.67
         all       Points      2        12          12        100.00        0          100.00
         all         OMWP      2        12          10         83.33        1           91.67
         all tie-breakers      2        12          10         83.33        1           91.67
    """
    _require(report, ["file", "platform", "status"], "report")
    _require(values, VALUE_COLUMNS, "values")
    twice = report["file"][report["file"].duplicated()]
    if len(twice):
        raise ValidationError(f"report: file {twice.iloc[0]!r} has more than one row")
    files = report.loc[report["status"].isin(CONSISTENT), ["file", "platform"]]
    files = files.assign(platform=files["platform"].fillna("").astype(str))
    kept = values.merge(files, on="file", how="inner")
    kept = pd.concat([kept, kept.assign(platform="all")], ignore_index=True)
    ties = kept.loc[~kept["value"].isin(points)].assign(value="tie-breakers")
    kept = pd.concat([kept, ties], ignore_index=True)
    order = list(dict.fromkeys([*points, *pd.unique(values["value"]), "tie-breakers"]))
    platforms = [*sorted(set(files["platform"])), "all"]
    kept["value"] = pd.Categorical(kept["value"], order)  # unused ones: not observed
    kept["platform"] = pd.Categorical(kept["platform"], platforms)
    table = kept.groupby(["platform", "value"], observed=True, sort=True).agg(
        files=("file", "nunique"),
        compared=("compared", "sum"),
        reproduced=("equal", "sum"),
        earlier=("earlier", "sum"),
    )
    share = 100 / table["compared"].where(table["compared"] > 0)
    table.insert(3, "reproduced %", (table["reproduced"] * share).round(2))
    table["with earlier %"] = ((table["reproduced"] + table["earlier"]) * share).round(2)
    table = table.reset_index()
    return table.astype({"platform": str, "value": str})


def values_text(summary: pd.DataFrame) -> str:
    """:func:`values_summary`'s table for a terminal, under a heading that says what it counts
    (the rows ``all`` left out when there is one platform: they would say it again)."""
    if summary["platform"].nunique() == 2:
        summary = summary[summary["platform"] != "all"]
    return (
        "published values reproduced, per value, in the files whose published points their\n"
        "own rounds give (equal, published_earlier, different); earlier: not reproduced,\n"
        "published as a player's standings after an earlier round\n"
    ) + summary.to_string(index=False)


def _require(table: pd.DataFrame, columns: Sequence[str], name: str) -> None:
    missing = [c for c in columns if c not in table.columns]
    if missing:
        raise ValidationError(f"{name}: missing column(s) {', '.join(missing)}")


#: the files ``check FOLDER`` reports on, by family
CHECK_SUFFIXES = {
    "cards": (".json", ".tdf", ".xml", *TABLE_SUFFIXES),
    "chess": (".trf", ".trfx", ".txt", *TABLE_SUFFIXES),
    "bridge": (".xml", ".pbn"),
}


def check_folder_files(family: str, folder: Path) -> tuple[list[Path], list[Path]]:
    """The files of `folder` and its sub-folders that ``check`` reports on, one by one; and
    those of their names that the family says hold none of its results (a chess ``.txt`` that
    holds no TRF record: the family's ``holds_no_results``), left out."""
    import importlib

    suffixes = CHECK_SUFFIXES.get(family, ())
    module = importlib.import_module(f"tourneystats.{family}")
    # a family may check whole folders too (chess: a Vega web export is one event)
    targets = getattr(module, "check_targets", None)
    folders = targets(folder) if targets is not None else []
    files = [
        p
        for p in list_files(folder, suffixes)
        if "standings" not in p.name.lower() and not any(f in p.parents for f in folders)
    ]
    sniff = getattr(module, "holds_no_results", None)
    left = [p for p in files if sniff(p)] if sniff is not None else []
    files = sorted([*folders, *set(files).difference(left)], key=lambda p: p.as_posix())
    if not files:
        raise ValidationError(
            f"{folder}: no {family} files to check in this folder ({'/'.join(suffixes)} files)"
            + (f"; {len(left)} left out: they hold no {family} results" if left else "")
        )
    return files, left


def beside(out: Path, part: str) -> Path:
    """Where ``check FOLDER --out REPORT`` writes a table beside the report: ``REPORT-part``.

    Examples
    --------
    >>> beside(Path("out/report.csv"), "differences").as_posix()
    'out/report-differences.csv'
    """
    return out.with_name(f"{out.stem}-{part}{out.suffix}")
