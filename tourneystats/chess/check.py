"""The points and ranks TRF files publish, compared with tourneystats' (``tourneystats check``).

A TRF ``001`` line publishes the player's points (columns 81-84) and rank (86-89).
:func:`check_from_path` reads the files without refusing published points that differ from
the sum of the round results (a penalty, or a mistake: here it is a difference to report, not
an error), ranks every event as :func:`~tourneystats.chess.standings_from_path` does (the
tie-breaks a file declares in its ``202``/``212`` record, else the caller's or the default
``BH/C1, BH, SB``) and compares both values per player.

A published rank can only agree when the tie-breaks are the ones the publisher used: players
the tie-breaks leave level share a place here, while a TRF file numbers them 1, 2, ...
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pandas as pd

from ..core.check import compare
from ..core.folders import names_its_source, result_files
from ..core.people import with_people
from ..core.schema import EVENT, PLAYER, POINTS, RANK, ValidationError
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
        A TRF file or a folder of them (``*.trf``, ``*.txt``, ``*.trfx``).
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
    from .trf import TRF_SUFFIXES, read_trf  # on first use, as in files.py

    files = result_files(path, TRF_SUFFIXES, what="TRF files")
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
