"""Bridge results in an archive: each board row carries the names of its pairs (or the players
of its teams), so that :func:`archive_standings` and :func:`archive_team_standings` (what
``tourneystats recompute`` runs) name them as :func:`~tourneystats.bridge.standings_from_path`
does. ``tourneystats import`` adds them with ``with_names``.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from ..core.people import with_people
from ..core.schema import (
    EVENT,
    EW_NAMES,
    EW_PAIR,
    HOME_NAMES,
    HOME_TEAM,
    NAMES,
    NS_NAMES,
    NS_PAIR,
    PAIR,
    SECTION,
    TEAM,
    VISIT_NAMES,
    VISIT_TEAM,
    fail_rows,
)
from .scoring import standings
from .teams import team_standings

__all__ = ["archive_standings", "archive_team_standings", "with_names"]

#: per kind of results: the id column of the names frame, and each side's id and names columns
_SIDES = {
    PAIR: ((NS_PAIR, NS_NAMES), (EW_PAIR, EW_NAMES)),
    TEAM: ((HOME_TEAM, HOME_NAMES), (VISIT_TEAM, VISIT_NAMES)),
}


def _kind(frame: pd.DataFrame) -> str | None:
    return next((k for k, ((side, _), _) in _SIDES.items() if side in frame.columns), None)


def with_names(results: pd.DataFrame, names: pd.DataFrame | None) -> pd.DataFrame:
    """`results` (board rows of pairs or teams) with each side's ``names`` from `names` (the
    ``pairs`` frame of :func:`~tourneystats.bridge.read_pbn` or ``read_usebio``: ``event``,
    ``section``, ``pair`` or ``team``, ``names``) as columns ``ns_names``/``ew_names`` (teams:
    ``home_names``/``visit_names``); `results` itself when there are no names."""
    kind = _kind(results)
    if (
        kind is None
        or names is None
        or NAMES not in names.columns
        or not names[NAMES].notna().any()
    ):
        return results
    keys = [c for c in (EVENT, SECTION) if c in results.columns and c in names.columns]
    known = names[[*keys, kind, NAMES]].drop_duplicates([*keys, kind])
    known = known.assign(**{kind: known[kind].astype(str)})
    out = results
    for side, column in _SIDES[kind]:
        ids = out[side].astype(str).rename(kind)
        found = pd.concat([out[keys], ids], axis=1).merge(known, on=[*keys, kind], how="left")
        out = out.assign(**{column: found[NAMES].to_numpy()})
    return out


def _names(results: pd.DataFrame, kind: str) -> tuple[pd.DataFrame, pd.DataFrame | None]:
    """`results` without their names columns, and the names frame they give (None: none)."""
    sides = [(side, column) for side, column in _SIDES[kind] if column in results.columns]
    if not sides:
        return results, None
    keys = [c for c in (EVENT, SECTION) if c in results.columns]
    parts = [
        results[[*keys, side, column]].set_axis([*keys, kind, NAMES], axis=1)
        for side, column in sides
    ]
    names = pd.concat(parts, ignore_index=True).dropna(subset=[NAMES]).drop_duplicates()
    twice = names.duplicated([*keys, kind], keep=False).to_numpy()
    if twice.any():
        bad = names[twice]
        fail_rows(bad, twice[twice], f"a {kind} with two different names in one event",
                  what="archive rows")  # fmt: skip
    return results.drop(columns=[c for _, c in sides]), names


def archive_standings(results: pd.DataFrame, **options: Any) -> pd.DataFrame:
    """Pairs standings of archive rows (``tourneystats recompute``).

    :func:`~tourneystats.bridge.standings` of `results`, whose board rows may carry their
    pairs' names (``ns_names``, ``ew_names``: ``tourneystats import`` stores them), shown in
    ``names`` after ``pair`` as :func:`~tourneystats.bridge.standings_from_path` shows them.

    Parameters
    ----------
    results : pandas.DataFrame
        Board results of pairs sessions (see :func:`~tourneystats.bridge.standings`), with
        ``ns_names`` and ``ew_names`` columns or not.
    **options
        As :func:`~tourneystats.bridge.standings` (``scoring``, ``movement``, ...).

    Returns
    -------
    pandas.DataFrame
        As :func:`~tourneystats.bridge.standings`, with ``names`` when the rows carry them; a
        pair given two names in one event is refused.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.bridge import archive_standings
    >>> rows = pd.DataFrame({"event": "E", "board": 1, "ns_pair": [1, 2], "ew_pair": [3, 4],
    ...                      "ns_score": [420, 450], "ns_names": ["A & B", "C & D"],
    ...                      "ew_names": ["E & F", "G & H"]})
    >>> archive_standings(rows)[["line", "pair", "names", "mp"]]
      line  pair  names   mp
    0   NS     2  C & D  2.0
    1   NS     1  A & B  0.0
    2   EW     3  E & F  2.0
    3   EW     4  G & H  0.0
    """
    plain, names = _names(results, PAIR)
    return with_people(standings(plain, **options), names)


def archive_team_standings(results: pd.DataFrame, **options: Any) -> pd.DataFrame:
    """Team standings of archive rows (``tourneystats recompute``).

    :func:`~tourneystats.bridge.team_standings` of `results`, whose board rows may carry their
    teams' players (``home_names``, ``visit_names``: ``tourneystats import`` stores them),
    shown in ``names`` after ``team``.

    Parameters
    ----------
    results : pandas.DataFrame
        Team board results (see :func:`~tourneystats.bridge.team_standings`), with
        ``home_names`` and ``visit_names`` columns or not.
    **options
        As :func:`~tourneystats.bridge.team_standings` (``vp_scale``, ``boards``, ...).

    Returns
    -------
    pandas.DataFrame
        As :func:`~tourneystats.bridge.team_standings`, with ``names`` when the rows carry them;
        a team given two lists of players in one event is refused.

    Examples
    --------
    >>> import pandas as pd
    >>> from tourneystats.bridge import archive_team_standings
    >>> rows = pd.DataFrame({"event": "E", "board": [1, 1], "home_team": "Reds",
    ...                      "visit_team": "Blues", "table": [1, 2], "home_side": ["NS", "EW"],
    ...                      "ns_score": [420, -170], "home_names": "Ann, Bo, Cy, Di",
    ...                      "visit_names": "Ed, Flo, Gus, Hal"})
    >>> archive_team_standings(rows)[["team", "names", "imps_for", "rank"]]
        team              names  imps_for  rank
    0   Reds    Ann, Bo, Cy, Di        11     1
    1  Blues  Ed, Flo, Gus, Hal         0     2
    """
    plain, names = _names(results, TEAM)
    return with_people(team_standings(plain, **options), names)
