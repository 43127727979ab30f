"""The victory points and places published for team match results, compared with ours
(``tourneystats check MATCHES.csv --family bridge``).

A table of match results (:mod:`~tourneystats.bridge.pools`: ``event, [stage], [round],
home_team, visit_team, home_imps, visit_imps, boards``) publishes:

- per match, the VPs of both teams, when it has the columns ``home_vp, visit_vp``: compared
  with the VPs of the chosen scale (``vp_scale``; by default the convention's, WBF 2013);
- per team, its VP total and place, in a table of standings beside it (named like the matches
  with ``standings`` for ``matches`` or ``results``, or ``<name>-standings``): columns ``event,
  [stage], team`` and ``vp`` and/or ``rank``, compared with
  :func:`~tourneystats.bridge.pool_standings` under the team tie-break ``rules`` (by default
  the VP total alone, teams equal on it sharing a place).

A bye is not compared (its VPs are the rules', not the scale's).

Both tables pass through the one validation of team tables
(:mod:`~tourneystats.bridge.teaminput`; the published VPs as in
:func:`~tourneystats.bridge.pool_matches` with ``vp_scale="given"``, bounded by the scale
checked against). Refused: a published team that plays no match (the file and line named);
two spellings of a team's name across the two tables. Warned about: teams of the matches the
published standings leave out (a publisher may list only the qualifiers; they are not
compared).
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from ..core.check import compare
from ..core.io import TABLE_SUFFIXES, read_table
from ..core.schema import (
    EVENT,
    HOME_IMPS,
    HOME_TEAM,
    HOME_VP,
    MATCH,
    RANK,
    ROUND,
    STAGE,
    TEAM,
    VISIT_TEAM,
    VISIT_VP,
    VP,
    ValidationError,
)
from .pools import _GIVEN_POINTS, _given_within, pool_matches, pool_standings
from .teaminput import team_names
from .teamrules import TeamRules
from .teams import _scale_name


def check_team_table(
    path: str | Path,
    *,
    rules: str | TeamRules | None = None,
    vp_scale: Any = None,
    convention: Any = None,
) -> pd.DataFrame:
    """Compare the VPs and places published for a table of team match results with ours.

    Parameters
    ----------
    path : path-like
        A CSV or Parquet table of match results (see the module).
    rules : str or TeamRules, optional
        The team tie-break rules of the places (:data:`~tourneystats.bridge.TEAM_RULES`).
    vp_scale : str, path-like or DataFrame, optional
        The VP scale (:func:`~tourneystats.bridge.pool_matches`); by default the convention's.
    convention : str or Convention, optional
        The publisher's convention (its VP scale).

    Returns
    -------
    pandas.DataFrame
        :func:`tourneystats.core.check.compare`'s table: ``event, [stage], [round], home_team,
        visit_team`` for the VPs of a match (``value`` ``home_vp``/``visit_vp``), ``event,
        [stage], team`` for a team's ``vp`` and ``rank``; ``published, computed, equal``.

    Raises
    ------
    ValidationError
        Not a match results table, or nothing published in it or beside it.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> pd.DataFrame({"event": "E", "round": 1, "home_team": ["A"], "visit_team": ["B"],
    ...               "home_imps": [25], "visit_imps": [20], "boards": 16, "home_vp": [12],
    ...               "visit_vp": [8]}).to_csv(folder / "matches.csv", index=False)
    >>> t = check_team_table(folder / "matches.csv", vp_scale="wbf2013_discrete")
    >>> t[["home_team", "value", "published", "computed", "equal"]]
      home_team     value  published  computed  equal
    0         A   home_vp       12.0      12.0   True
    1         A  visit_vp        8.0       8.0   True
    """
    path = Path(path)
    frame = read_table(path)
    if not {EVENT, HOME_TEAM, HOME_IMPS} <= set(frame.columns):
        raise ValidationError(
            f"{path}: only USEBIO (.xml) and PBN (.pbn) files publish values to check, and "
            "tables of team match results (event, home_team, visit_team, home_imps, visit_imps, "
            "boards)"
        )
    scale = _scale_name(vp_scale, convention)
    tables = []
    if HOME_VP in frame.columns or VISIT_VP in frame.columns:
        tables.append(_match_vps(frame, scale))
    for standings_file in _standings_beside(path):  # I/O: one table per file
        tables.append(_team_values(frame, standings_file, rules, scale))
    if not tables:
        raise ValidationError(
            f"{path}: no published values: neither home_vp/visit_vp columns nor a table of "
            "standings beside it (named like it with 'standings' for 'matches')"
        )
    return pd.concat(tables, ignore_index=True)


def _match_vps(frame: pd.DataFrame, scale: Any) -> pd.DataFrame:
    """Per match: the published VPs of both teams against the scale's."""
    published = pool_matches(frame, vp_scale=_GIVEN_POINTS)
    _given_within(published, published[VISIT_TEAM].isna().to_numpy(), scale)
    ours = pool_matches(frame, vp_scale=scale)
    keys = [c for c in (EVENT, STAGE, ROUND, HOME_TEAM, VISIT_TEAM) if c in published.columns]
    if ROUND not in published.columns:  # (two teams may meet twice: the row tells them apart)
        published = published.assign(**{MATCH: np.arange(1, len(published) + 1)})
        ours = ours.assign(**{MATCH: np.arange(1, len(ours) + 1)})
        keys.insert(1, MATCH)
    played = published[VISIT_TEAM].notna().to_numpy()
    return compare(
        published.loc[played], ours.loc[played], keys=keys,
        values={HOME_VP: HOME_VP, VISIT_VP: VISIT_VP},
    )  # fmt: skip


def _standings_beside(path: Path) -> list[Path]:
    """The published standings table(s) beside a match results table."""
    stem = path.stem.lower()
    wanted = {stem.replace("matches", "standings"), stem.replace("results", "standings")}
    wanted |= {f"{stem}-standings", f"{stem}_standings"}
    wanted.discard(stem)
    return [
        p for p in sorted(path.parent.iterdir())
        if p.is_file() and p.suffix.lower() in TABLE_SUFFIXES and p.stem.lower() in wanted
    ]  # fmt: skip


def _team_values(frame: pd.DataFrame, standings_file: Path, rules: Any, scale: Any) -> pd.DataFrame:
    """Per team: the published VP total and place against :func:`pool_standings`'."""
    published = read_table(standings_file)
    values = {c: c for c in (VP, RANK) if c in published.columns}
    if not {EVENT, TEAM} <= set(published.columns) or not values:
        raise ValidationError(
            f"{standings_file}: published team standings need the columns event, team and "
            "vp and/or rank"
        )
    frame, published = team_names(
        [(frame, [HOME_TEAM, VISIT_TEAM], "matches"), (published, [TEAM], standings_file.name)]
    )
    ours = pool_standings(frame, rules=rules, vp_scale=scale)
    keys = [c for c in (EVENT, STAGE, TEAM) if c in published.columns and c in ours.columns]
    for key in keys:  # (names read as numbers in one table and text in the other agree)
        published[key] = published[key].astype(str)
        ours[key] = ours[key].astype(str)
    _every_team_accounted(published, ours, keys, standings_file)
    listed = published[keys].drop_duplicates()  # (teams the standings leave out: warned about)
    ours = ours[[*keys, *values]].merge(listed, on=keys, how="inner")
    # teams the rules leave level share a place, which agrees with each place it covers
    return compare(
        published, ours, keys=keys, values=values, places=[v for v in values if v == RANK]
    )


def _every_team_accounted(published: pd.DataFrame, ours: pd.DataFrame, keys: list[str],
                          standings_file: Path) -> None:  # fmt: skip
    """Refuse a published team that plays no match (its file and line); warn, naming them,
    about the teams of the matches the published standings leave out (a publisher may list
    the qualifiers only)."""
    known = ours[keys].drop_duplicates()
    hit = published[keys].merge(known, on=keys, how="left", indicator=True)["_merge"] == "both"
    if not hit.all():
        i = int(np.flatnonzero(~hit.to_numpy())[0])
        where = f"line {i + 2}" if standings_file.suffix.lower() == ".csv" else f"row {i + 1}"
        row = published.iloc[i]
        raise ValidationError(
            f"{standings_file}: {where}: team {row[TEAM]!r} (event {row[EVENT]!r}) plays no "
            f"match of the matches table ({int((~hit).sum())} such row(s)); is it spelled "
            "another way there?"
        )
    listed = known.merge(published[keys].drop_duplicates(), on=keys, how="left", indicator=True)
    left = known[(listed["_merge"] != "both").to_numpy()]
    if len(left):
        shown = ", ".join(f"{t!r} (event {e!r})" for e, t in
                          zip(left[EVENT].head(3), left[TEAM].head(3), strict=True))  # fmt: skip
        warnings.warn(
            f"{standings_file}: {len(left)} team(s) of the matches not in the published "
            f"standings, not compared: {shown}{', ...' if len(left) > 3 else ''}",
            stacklevel=4,
        )
