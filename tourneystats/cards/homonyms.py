"""Players that an event's published standings list under one name: who played which match.

MTG JSON files name players by their display names. When two players of an event share one
(``Matthew Davis`` twice among the 930 players of the Regional Championship at SCG CON Hartford,
2025-05-17), the rounds do not say whose match each is. The reader gives them the labels
``name``, ``name (2)``, ... in the order it meets them in each round. That mixes their matches
from round to round, and moves their opponents' OMW% and OGW%.

:func:`told_apart` tells them apart by what the standings publish of each of them. Of every way
to give each round's matches of the name to its players (one match each at most), it keeps the
ways that give every player his published record (wins, losses, draws). Of those, it takes the
way whose OMW% and OGW% come nearest to his published ones. Those values are averaged from the
opponents' match-win and game-win % as the event's rules compute them. The first player of the
name in the standings is labelled ``name``, the k-th ``name (k)``. Their own values are not
compared by the check (they told the players apart); their opponents' values are compared.

When no way gives the published records, when two ways give the same values, or when there are
more than :data:`MAX_WAYS` ways, the reader's labels stay and a warning says so.

Measured on the public MTG archive (``fbettega/MTG_decklistcache`` at 419365c): 21 files list
a name twice (23 names, 17 melee.gg files, 4 topdeck.gg). 12 names are told apart, all in
melee.gg files; 3 of those files are then reproduced whole (5,852 values, 322 more than with the
reader's labels), 513 more values are reproduced in all, and none fewer. 11 are not told apart: for 8,
no way gives the published records (topdeck.gg's 5, whose records their rounds do not give, and 3
in melee.gg files whose points disagree); for 2, two ways give equal values; in 1 file the two
players meet.
"""

from __future__ import annotations

import itertools
import math
import warnings
from dataclasses import replace
from typing import cast

import numpy as np
import pandas as pd

from ..core.schema import EVENT, GWP, LOSSES, MWP, NAME, OPPONENT, PLAYER, ROUND, WINS
from .decklistcache import shared_label
from .history import standings_by_round
from .published import PLATFORM, PRECISION, CardsFile
from .publishers import implied_rules
from .rules import Rules

__all__ = ["MAX_WAYS", "told_apart"]

#: the most ways of giving a name's matches to its players that are tried (2 players of a name
#: who both play 14 rounds: 16,384 ways)
MAX_WAYS = 1 << 14
#: the published columns a player of a shared name is told apart by
_RECORD = ("Wins", "Losses", "Draws")


def told_apart(data: CardsFile) -> CardsFile:
    """`data` with the matches of players sharing a name given to the right players.

    Parameters
    ----------
    data : CardsFile
        What :func:`~tourneystats.cards.read_mtg_json` read.

    Returns
    -------
    CardsFile
        `data` itself when no event's standings list a name twice; otherwise a copy whose results
        label each match of such a name with the player that the published records and
        percentages tell (module description). The caller's frames are not changed.

    Examples
    --------
    Two players named Al; the reader labels each round's first match of the name ``Al``:

    >>> import pandas as pd
    >>> from tourneystats.cards.published import CardsFile
    >>> rows = [(1, "Al", "Bo", 2, 0), (1, "Al (2)", "Cy", 0, 2),
    ...         (2, "Al", "Bo", 0, 2), (2, "Al (2)", "Cy", 2, 0)]
    >>> rows += [(r, o, p, lost, won) for r, p, o, won, lost in rows]
    >>> results = pd.DataFrame(rows, columns=["round", "player", "opponent", "wins", "losses"])
    >>> results = results.assign(event="e", draws=0)
    >>> published = pd.DataFrame({"event": "e", "player": ["Al", "Bo", "Cy", "Al"],
    ...                           "Wins": [2, 1, 1, 0], "Losses": [0, 1, 1, 2], "Draws": 0})
    >>> events = pd.DataFrame({"event": ["e"], "platform": ["melee"], "date": [pd.NaT]})
    >>> players = published[["event", "player"]].drop_duplicates().assign(name=lambda f: f.player)
    >>> fixed = told_apart(CardsFile(results, published, events, players)).results
    >>> fixed.sort_values(["round", "player"])[["round", "player", "opponent", "wins"]]
       round  player opponent  wins
    0      1      Al       Bo     2
    1      1  Al (2)       Cy     0
    4      1      Bo       Al     0
    5      1      Cy   Al (2)     2
    3      2      Al       Cy     2
    2      2  Al (2)       Bo     0
    6      2      Bo   Al (2)     2
    7      2      Cy       Al     0
    """
    published = data.published
    twice = published.duplicated([EVENT, PLAYER], keep=False)
    if not twice.any():
        return data
    results = data.results.copy()
    records = {r[EVENT]: r for r in data.events.to_dict("records")}
    for event, names in published[twice].groupby(EVENT, sort=False)[PLAYER]:  # rare: per event
        record = records[event]
        rules = implied_rules(record[PLATFORM], record.get("date"), record.get(PRECISION))
        _tell_apart(
            results, published[published[EVENT] == event], names.unique(), rules, str(event)
        )
    labels = results[[EVENT, PLAYER]].drop_duplicates()
    missing = labels[~pd.MultiIndex.from_frame(labels).isin(
        pd.MultiIndex.from_frame(data.players[[EVENT, PLAYER]]))]  # fmt: skip
    players = pd.concat(
        [data.players, missing.assign(**{NAME: missing[PLAYER]})], ignore_index=True
    )
    if "playoffs" in data.players:
        players["playoffs"] = players["playoffs"].fillna(False).astype(bool)
    return replace(data, results=results, players=players)


def _tell_apart(
    results: pd.DataFrame, published: pd.DataFrame, names: np.ndarray, rules: Rules, event: str
) -> None:
    """Relabel in `results` (in place: a copy of the caller's) the matches of each shared name
    of `event`."""
    rows = results[EVENT] == event
    after = standings_by_round(results[rows], rules=rules)  # each player's % after each round
    pct = {  # as opponents see them: floored
        key: after.pivot_table(key, PLAYER, ROUND, aggfunc="first", dropna=False).clip(
            lower=rules.floor
        )
        for key in (MWP, GWP)
    }
    for name in names:
        entries = published[published[PLAYER] == name].reset_index(drop=True)
        labels = [shared_label(name, k) for k in range(1, len(entries) + 1)]
        mine = np.flatnonzero((rows & results[PLAYER].isin(labels)).to_numpy())
        ways, why = _ways(results.iloc[mine], len(entries))
        if ways is not None:
            best, why = _best(results.iloc[mine], entries, ways, pct, rules.no_opponents)
            if best is not None:
                _relabel(results, mine, [labels[e] for e in best], np.flatnonzero(rows))
                continue
        warnings.warn(
            f"{event}: the {len(entries)} players named {name!r} are not told apart ({why}): "
            "their matches are labelled in the order each round lists them, and their "
            "opponents' OMWP and OGWP may be those of the other player of the name",
            stacklevel=4,
        )


def _ways(mine: pd.DataFrame, players: int) -> tuple[np.ndarray | None, str]:
    """Every way of giving the rows `mine` (one per match of a shared name) to its `players`:
    an array (ways x rows) of player numbers, at most one row per player and round."""
    if mine[OPPONENT].isin(mine[PLAYER]).any():
        return None, "they play each other"
    rounds = mine[ROUND].to_numpy()
    per_round = [np.flatnonzero(rounds == r) for r in np.unique(rounds)]
    if any(len(i) > players for i in per_round):
        return None, "more matches in a round than players"
    count = math.prod(math.perm(players, len(i)) for i in per_round)
    if count > MAX_WAYS:
        return None, f"{count:,} ways of giving them their matches, more than {MAX_WAYS:,}"
    ways = np.zeros((1, len(mine)), dtype=np.int64)
    for index in per_round:
        options = np.array(list(itertools.permutations(range(players), len(index))))
        ways = np.repeat(ways, len(options), axis=0)
        ways[:, index] = np.tile(options, (len(ways) // len(options), 1))
    return ways, ""


def _best(
    mine: pd.DataFrame,
    entries: pd.DataFrame,
    ways: np.ndarray,
    pct: dict[str, pd.DataFrame],
    no_opponents: float | None,
) -> tuple[list[int] | None, str]:
    """The way (player number per row of `mine`) giving every entry his published record, with
    the OMWP and OGWP nearest his published ones after some round from his last one on (those
    of a player who left may be shown as after an earlier round than the last:
    :mod:`~tourneystats.cards.earlier`; one without an opponent has the rules' `no_opponents`
    value); None and why when no single way does."""
    won = (mine[WINS] > mine[LOSSES]).to_numpy(float)
    lost = (mine[WINS] < mine[LOSSES]).to_numpy(float)
    rounds = mine[ROUND].to_numpy()
    met = mine[OPPONENT].notna().to_numpy(float)
    opponents = mine[OPPONENT].fillna("").to_numpy(str)
    # per row and round: the opponent's value after that round (0 for a bye: not counted)
    seen = {c: pct[c].reindex(opponents).fillna(0.0).to_numpy() * met[:, None] for c in pct}
    after = pct[MWP].columns.to_numpy()[None, :]
    keep = np.ones(len(ways), dtype=bool)
    distance = np.zeros(len(ways))
    for e, entry in entries.iterrows():  # the few players of one name
        given = (ways == e).astype(float)
        record = given @ won, given @ lost, given.sum(axis=1) - given @ won - given @ lost
        for key, value in zip(_RECORD, record, strict=True):
            if pd.notna(entry.get(key)):
                keep &= value == entry[key]
        count = (given @ met)[:, None]
        apart = np.zeros((len(ways), after.shape[1]))
        for key, column in (("OMWP", MWP), ("OGWP", GWP)):
            if pd.isna(entry.get(key)):
                continue
            with np.errstate(invalid="ignore", divide="ignore"):
                shown = (given @ seen[column]) / count
            alone = np.nan if no_opponents is None else no_opponents
            shown = np.where(count > 0, shown, alone)
            apart += np.where(np.isnan(shown), np.inf, np.abs(shown - entry[key]))
        later = after >= (given * rounds).max(axis=1)[:, None]  # from his last round on
        distance += np.where(later, apart, np.inf).min(axis=1)
    if not keep.any():
        return None, "no way of giving them their matches gives their published records"
    distance = np.where(keep, distance, np.inf)
    order = np.argsort(distance, kind="stable")
    if keep.sum() > 1 and distance[order[1]] - distance[order[0]] < 1e-9:
        return None, "two ways of giving them their matches give the same values"
    return ways[order[0]].tolist(), ""


def _relabel(results: pd.DataFrame, mine: np.ndarray, labels: list[str], event: np.ndarray) -> None:
    """Label the rows `mine` with `labels`, and their opponents' rows of the same matches (rows
    of `event`, the positions of the event's rows)."""
    key = pd.MultiIndex.from_arrays(
        [results[ROUND].to_numpy()[mine], results[OPPONENT].to_numpy()[mine],
         results[PLAYER].to_numpy()[mine]]
    )  # fmt: skip
    theirs = pd.MultiIndex.from_frame(results[[ROUND, PLAYER, OPPONENT]].iloc[event].astype(object))
    at = key.get_indexer(theirs)
    hit = at >= 0
    player, opponent = (cast(int, results.columns.get_loc(c)) for c in (PLAYER, OPPONENT))
    results.iloc[mine, player] = labels
    results.iloc[event[hit], opponent] = np.asarray(labels, dtype=object)[at[hit]]
