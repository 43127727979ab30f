"""Checking a whole archive file by file (``tourneystats check FOLDER``), and warnings in bulk.

:func:`check_files` checks every file of a folder on its own, on all the cores
(:func:`~tourneystats.core.parallel.map_files`), and gives one row per file
(:data:`REPORT_COLUMNS`): what was compared, whether it agrees, and why a file could not be
checked. A family may say how one of its files is summarised with a ``file_report(path,
**options) -> (row, differences)`` function; otherwise its ``check_from_path`` is called on the
file and summarised here (:func:`file_report`).

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

import re
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from .check import STATUS_ORDER
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
#: the error (ValidationError) that says a file publishes nothing to compare
_NOTHING = re.compile(r"no published value|publishes neither|nothing to compare", re.IGNORECASE)


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
    """One file's report row and its differences, from a family's ``check_from_path``.

    Returns
    -------
    (dict, pandas.DataFrame)
        The row (``file``, ``platform``, ``preset``, ``compared``, ``equal``, ``status``,
        ``first_difference``, ``detail``; ``file`` and ``platform`` left for the caller) and
        the values that differ.
    """
    row: dict[str, Any] = {"preset": options.get("rules") or "", "compared": 0, "equal": 0}
    try:
        table = check(path, **options)
    except (ValidationError, ValueError, OSError) as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        nothing = isinstance(exc, ValidationError) and _NOTHING.search(first)
        status = "no published values" if nothing else "refused"
        return row | {"status": status, "first_difference": "", "detail": first}, pd.DataFrame()
    from .check import differences  # a value the file cannot give (its note says why) is none

    equal = int(table["equal"].sum())
    wrong = differences(table)
    row |= {"compared": len(table), "equal": equal, "detail": ""}
    row["status"] = "equal" if wrong.empty else "different"
    row["first_difference"] = _first_difference(wrong)
    return row, wrong.reset_index(drop=True)


@dataclass(frozen=True)
class _Task:
    """What a worker needs to report one file (picklable)."""

    module: str
    options: dict

    def __call__(self, path: Path) -> tuple[dict, pd.DataFrame, list[str]]:
        import importlib

        family = importlib.import_module(self.module)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            hook = getattr(family, "file_report", None)
            if hook is not None:
                try:
                    row, differences = hook(path, **self.options)
                except (ValidationError, ValueError, OSError) as exc:  # a hook that raised
                    row, differences = file_report(_raise(exc), path)
            else:
                row, differences = file_report(family.check_from_path, path, **self.options)
        messages = [str(w.message) for w in caught]
        row = dict(row)
        given = row.pop("warnings", None) or []  # a hook may return the warnings it caught
        messages = list(dict.fromkeys([*([given] if isinstance(given, str) else given), *messages]))
        if "equal" in differences.columns:  # a hook may return the whole comparison
            differences = differences[~differences["equal"].to_numpy(dtype=bool)]
        return row, differences.reset_index(drop=True), messages


def _raise(exc: Exception) -> Callable[..., pd.DataFrame]:
    def check(*args: Any, **kwargs: Any) -> pd.DataFrame:
        raise exc

    return check


def _platform(rel: Path) -> str:
    """A file's platform: the first folder of its path below the folder checked (an archive's
    layout, ``Tournaments/<platform>/...``), so that every file of a folder, refused or not,
    counts under one name."""
    return rel.parts[0] if len(rel.parts) > 1 else ""


def check_files(
    module: str,
    files: Sequence[Path],
    root: Path,
    *,
    options: dict | None = None,
    jobs: int | None = None,
    progress: bool | None = None,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """Check every file on its own, on `jobs` processes: the report, differences and warnings.

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
    (pandas.DataFrame, pandas.DataFrame, pandas.DataFrame)
        The report (:data:`REPORT_COLUMNS`, one row per file, in the files' order); the values
        that differ (``file`` then the check's columns); the warnings (``file``, ``kind``,
        ``message``).

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
    >>> report, differences, _ = check_files("tourneystats.cards", sorted(root.rglob("*.json")),
    ...                                      root, jobs=1)
    >>> report[["file", "platform", "compared", "equal", "status"]]
                  file platform  compared  equal        status
    0      broken.json                  0      0       refused
    1  melee/club.json    melee        10      9  inconsistent
    >>> differences[["file", "player", "value", "published", "computed"]]
                  file player   value  published  computed
    0  melee/club.json     Bo  Points        3.0       0.0
    """
    task = _Task(module, dict(options or {}))
    rows, parts, notes = [], [], []
    for path, (row, differences, messages) in zip(
        files, map_files(task, list(files), jobs=jobs, progress=progress, desc="check"), strict=True
    ):
        rel = Path(path).relative_to(root) if Path(path) != root else Path(Path(path).name)
        names = [str(path), rel.as_posix(), Path(path).name, Path(path).stem]
        row = row | {
            "file": rel.as_posix(),
            "platform": _platform(rel) or row.get("platform") or "",
        }
        row["detail"] = str(row.get("detail") or "").removeprefix(f"{path}: ")
        row["warnings"] = "\n".join(messages)
        rows.append(row)
        if len(differences):
            parts.append(differences.assign(file=rel.as_posix()))
        notes += [(rel.as_posix(), warning_kind(m, names), m) for m in messages]
    report = pd.DataFrame(rows)
    extra = [c for c in report.columns if c not in REPORT_COLUMNS]
    report = report.reindex(columns=REPORT_COLUMNS + extra)
    report = report.astype({"compared": "int64", "equal": "int64"})
    differences = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame({"file": []})
    front = ["file"] + [c for c in differences.columns if c != "file"]
    return report, differences[front], warnings_table(notes)


def report_summary(report: pd.DataFrame) -> str:
    """Per platform: files, their statuses, values compared and equal (for a terminal).

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
    table = pd.concat([table, table.sum().rename("total").to_frame().T])
    share = 100 * table["reproduced"] / table["compared"].where(table["compared"] > 0)
    table.insert(3, "reproduced %", share.astype("float64").round(1))
    table = table.rename_axis("platform").reset_index()
    with pd.option_context("display.width", 140, "display.max_columns", 20):
        return table.to_string(index=False)


#: the files ``check FOLDER`` reports on, by family
CHECK_SUFFIXES = {
    "cards": (".json", ".tdf", ".xml", *TABLE_SUFFIXES),
    "chess": (".trf", ".trfx", ".txt"),
    "bridge": (".xml", ".pbn"),
}


def check_folder_files(family: str, folder: Path) -> list[Path]:
    """The files of `folder` and its sub-folders that ``check`` reports on, one by one."""
    suffixes = CHECK_SUFFIXES.get(family, ())
    files = [p for p in list_files(folder, suffixes) if "standings" not in p.name.lower()]
    if not files:
        raise ValidationError(
            f"{folder}: no {family} files to check in this folder ({'/'.join(suffixes)} files)"
        )
    return files


def differences_path(out: Path) -> Path:
    """Where ``check FOLDER --out REPORT`` writes the differences: beside the report."""
    return out.with_name(f"{out.stem}-differences{out.suffix}")
