"""The values a bridge results file publishes, compared with tourneystats' (``tourneystats check``).

:func:`check_from_path` reads USEBIO and PBN files with their published values
(:class:`~tourneystats.bridge.contract.Published`), scores every session as it declares, under
the convention its program implies (Compscore3: ``compscore``) or the caller's, and compares:

- per pair: the session total (``total``: ``TOTAL_SCORE`` or the ``TotalScoreTable``'s, against
  the convention's published total, ``factored`` or the plain sum), ``percentage`` and ``rank``
  (the place);
- per board of a Butler session: the ``datum`` (``BOARD_AVERAGE``);
- per result of an IMP session: ``ns_imps`` and ``ew_imps`` (Butler or cross-IMP points), of a
  matchpoint session the published ``ns_percentage``/``ew_percentage`` (PBN ``ScoreTable``);
- per table of a team match: the home team's IMPs on the board (PBN ``ScoreIMP``).

Published per-result matchpoints are not compared: Compscore writes a short board's raw
matchpoints (before Neuberg), others the scaled ones, and the totals settle which counted.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from ..core.check import compare
from ..core.folders import names_its_source, result_files
from ..core.io import TABLE_SUFFIXES
from ..core.people import with_people
from ..core.schema import (
    BOARD,
    DATUM,
    EVENT,
    EW_IMPS,
    EW_PAIR,
    EW_PERCENTAGE,
    HOME_IMPS,
    HOME_TEAM,
    IMPS,
    MP,
    NAMES,
    NS_IMPS,
    NS_PAIR,
    NS_PERCENTAGE,
    PAIR,
    PERCENTAGE,
    RANK,
    ROUND,
    SCORING,
    SECTION,
    TABLE,
    TOTAL,
    VISIT_TEAM,
    ValidationError,
)
from .contract import BridgeFile
from .conventions import FACTORED, Convention
from .declared import SCORINGS
from .files import _is_team_rules, _scale_option, not_applying
from .imp import _convention_imps
from .mp import MatchpointRules, _board_percentages, _score_matchpoints
from .scoring import _combinations, _prepared, standings
from .teamcheck import check_team_table
from .teams import board_imps

#: the columns of the comparison table before core.check's value columns
_KEYS = [EVENT, SECTION, PAIR, BOARD, NS_PAIR, EW_PAIR, HOME_TEAM, VISIT_TEAM, TABLE]


@names_its_source
def check_from_path(
    path: str | os.PathLike,
    *,
    convention: str | Convention | None = None,
    scoring: str | None = None,
    movement: str | None = None,
    scale: str = "full",
    **options: Any,
) -> pd.DataFrame:
    """Compare the values USEBIO and PBN files publish with the computed ones.

    Parameters
    ----------
    path : path-like
        A ``.xml`` (USEBIO) or ``.pbn`` file, or a folder of them (other files are skipped); or
        a CSV or Parquet table of team match results, whose published VPs and places are
        compared by ``check_team_table``.
    convention : str or Convention, optional
        The convention to compute with; by default the one each file's program implies
        (Compscore3: ``"compscore"``), else ``"ebu"``.
    scoring : str, optional
        Score every session this way instead of as its file declares.
    movement, scale
        As in :func:`~tourneystats.bridge.standings`.
    **options
        The command line's ``rules="full"|"half"`` (read as `scale`); others are refused, and
        so are ``vp_scale`` (the files' victory points are not checked) and the options of
        pairs sessions (`convention`, `scoring`, `movement`, `scale`) when the files hold
        team results only.

    Returns
    -------
    pandas.DataFrame
        ``core.check.compare``'s table: the key columns of each value (``event,
        section, pair`` for totals, ``board`` and the pairs or teams for per-board values),
        ``value`` (``total``, ``percentage``, ``rank``, ``datum``, ``ns_imps``, ``ew_imps``,
        ``ns_percentage``, ``ew_percentage``, ``home_imps``), ``published``, ``computed``,
        ``equal``.

    Raises
    ------
    ValidationError
        No USEBIO or PBN file, or no published value in them.

    Examples
    --------
    >>> from tourneystats import sample_data
    >>> from tourneystats.bridge import check_from_path
    >>> t = check_from_path(sample_data() / "bridge-published" / "usebio-mp-pairs-howell.xml")
    >>> t[t["pair"] == "1"][["pair", "value", "published", "computed", "equal"]]
      pair       value  published  computed  equal
    0    1       total     128.77    128.77   True
    1    1  percentage      47.69     47.69   True
    2    1        rank       8.00      8.00   True
    """
    vp_scale = options.pop("vp_scale", None)
    if Path(path).is_file() and Path(path).suffix.lower() in TABLE_SUFFIXES:  # team matches
        rules = options.pop("rules", None)
        mp_options = {"scoring": scoring, "movement": movement}
        mp_options |= {"scale": None if scale == "full" else scale}
        if rules is not None and not _is_team_rules(rules):
            mp_options["rules"] = rules
        not_applying(path, mp_options, "a table of team matches (options of pairs sessions)")
        _scale_option("full", options)  # (refuses any other option)
        return check_team_table(Path(path), rules=rules, vp_scale=vp_scale, convention=convention)
    not_applying(path, {"vp_scale": vp_scale}, "check compares no victory points")
    pairs_options = {"rules": options.get("rules"), "scoring": scoring, "convention": convention}
    pairs_options |= {"movement": movement, "scale": None if scale == "full" else scale}
    scale = _scale_option(scale, options)
    rules = MatchpointRules.make(scale=scale)
    tables = []
    pairs = False
    for f in result_files(path, (".xml", ".pbn"), what="USEBIO or PBN files"):
        bf = _read(f, scoring)
        if HOME_TEAM in bf.results.columns:
            tables.append(_check_teams(bf))
        else:
            pairs = True
            checked = _check_pairs(bf, scoring, convention, movement, rules)
            tables.append(with_people(checked, bf.pairs))
    if not pairs:
        not_applying(path, pairs_options, "it holds team results only (options of pairs sessions)")
    tables = [t for t in tables if len(t)]
    if not tables:
        raise ValidationError(f"{path}: no published values to check")
    out = pd.concat(tables, ignore_index=True)
    return out[[c for c in (*_KEYS, NAMES) if c in out.columns and out[c].notna().any()]
               + ["value", "published", "computed", "equal"]
               + (["note"] if "note" in out.columns else [])]  # fmt: skip


def _read(path: Path, scoring: str | None) -> BridgeFile:
    if path.suffix.lower() not in (".xml", ".pbn"):
        raise ValidationError(
            f"{path}: only USEBIO (.xml) and PBN (.pbn) files publish values to check"
        )
    if path.suffix.lower() == ".xml":
        from .usebio import read_usebio

        return read_usebio(path, scoring=scoring)
    from .pbn import read_pbn

    return read_pbn(path, scoring=scoring)


def _check_pairs(
    bf: BridgeFile,
    scoring: str | None,
    convention: str | Convention | None,
    movement: str | None,
    rules: MatchpointRules,
) -> pd.DataFrame:
    """The totals, places and per-result values of a pairs file, compared."""
    results, published = bf.results, bf.published
    parts = []
    totals = published.totals
    if len(totals) and TOTAL in totals.columns:
        ours = standings(results, scoring=scoring, convention=convention, movement=movement)
        conv_total = _published_total(results, ours, scoring, convention)
        ours = ours.assign(**{TOTAL: conv_total})
        values = {c: c for c in (TOTAL, PERCENTAGE, RANK) if c in totals.columns}
        keys = [EVENT, SECTION, PAIR]
        theirs = totals.dropna(subset=list(values), how="all")
        parts.append(compare(theirs, ours.astype({PAIR: str}), keys=keys, values=values))
    lines = _scored_lines(results, scoring, convention, movement, rules)
    keys = [c for c in (EVENT, SECTION, ROUND, BOARD, NS_PAIR, EW_PAIR) if c in lines.columns]
    keys = [c for c in keys if c in published.lines.columns]
    for value in (NS_IMPS, EW_IMPS, NS_PERCENTAGE, EW_PERCENTAGE):
        pub = published.lines
        if value in pub.columns and value in lines.columns and pub[value].notna().any():
            pub = pub.dropna(subset=[value])
            parts.append(_compare_where_published(pub, lines, keys, value))
    boards = published.boards
    if len(boards) and DATUM in lines.columns:
        ours = lines.dropna(subset=[DATUM]).drop_duplicates([EVENT, SECTION, BOARD])
        parts.append(compare(boards, ours, keys=[EVENT, SECTION, BOARD], values={DATUM: DATUM}))
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame()


def _compare_where_published(
    pub: pd.DataFrame, ours: pd.DataFrame, keys: list[str], value: str
) -> pd.DataFrame:
    """compare() of one per-result value, on the results that publish it."""
    ours = ours.dropna(subset=[value])
    wanted = pub[keys].merge(ours[keys], how="inner", on=keys)
    ours = ours.merge(wanted, on=keys, how="inner")
    return compare(pub, ours, keys=keys, values={value: value})


def _published_total(
    results: pd.DataFrame,
    ours: pd.DataFrame,
    scoring: str | None,
    convention: str | Convention | None,
) -> np.ndarray:
    """Per standings row: the total its convention publishes (``factored`` or the sum)."""
    ours = ours.reindex(columns=ours.columns.union([MP, IMPS], sort=False))  # one method's only
    total = np.where(ours[SCORING].eq("mp"), ours[MP], ours[IMPS])
    factored = np.zeros(len(ours), dtype=bool)
    for rows, _, conv in _combinations(results, scoring, convention):  # a few at most
        if conv.total == "factored":
            sessions = results[[EVENT, SECTION]] if rows is None else results.loc[rows]
            keys = pd.MultiIndex.from_frame(sessions[[EVENT, SECTION]].drop_duplicates())
            here = pd.MultiIndex.from_frame(ours[[EVENT, SECTION]]).isin(keys)
            factored |= here
    return np.where(factored, ours[FACTORED], total)


def _scored_lines(
    results: pd.DataFrame,
    scoring: str | None,
    convention: str | Convention | None,
    movement: str | None,
    rules: MatchpointRules,
) -> pd.DataFrame:
    """Every result with its computed per-result values: percentages (matchpoint sessions), or
    NS and EW IMPs and the datum (Butler), by each session's method and convention."""
    parts = []
    for p, method, conv in _prepared(results, scoring, convention, movement):
        out = p.frame
        kind = SCORINGS[method][0]
        if kind == "mp":
            s = _score_matchpoints(p, rules, convention=conv)
            out[NS_PERCENTAGE], out[EW_PERCENTAGE] = _board_percentages(p, s, conv)
        else:
            ns, ew, datum, has = _convention_imps(p, kind, conv)
            if datum is not None and has is not None:
                out[DATUM] = np.where(has, datum, np.nan)
            out[NS_IMPS], out[EW_IMPS] = ns, ew
        parts.append(out)
    return parts[0] if len(parts) == 1 else pd.concat(parts, ignore_index=True)


def _check_teams(bf: BridgeFile) -> pd.DataFrame:
    """The home team's published IMPs of every table, against the computed IMPs of its board."""
    pub = bf.published.lines
    if HOME_IMPS not in pub.columns or not pub[HOME_IMPS].notna().any():
        return pd.DataFrame()
    ours = board_imps(bf.results)
    keys = [c for c in (EVENT, ROUND, HOME_TEAM, VISIT_TEAM, BOARD) if c in ours.columns]
    pub = pub.dropna(subset=[HOME_IMPS])
    ours = pub[[*keys, TABLE]].merge(ours, on=keys, how="left")
    out = compare(pub, ours, keys=[*keys, TABLE], values={HOME_IMPS: HOME_IMPS})
    rooms = bf.results.groupby(keys, observed=True, sort=False)[TABLE].nunique()
    one = out[keys].merge(rooms.rename("_rooms").reset_index(), on=keys, how="left")["_rooms"]
    alone = (one.to_numpy() == 1) & out["computed"].isna().to_numpy()
    note = "board " + out[BOARD].astype("Int64").astype(str) + " has one room in this file"
    return out.assign(note=note.where(alone).astype(object))
