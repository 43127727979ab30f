"""Players who left before the last Swiss round (or were knocked out of a top cut before its last
round), published with their standings of an earlier round.

A player who left an event (his last Swiss round comes before the event's last) keeps his points,
but his opponents' averages move on as his opponents play. melee.gg's published OMW%, GW% and
OGW% of such a player are at times those of the standings after an *earlier* round than the
event's last: the round he left, or a later one, the same round for many players of a file (the
round after which the organiser's drops were entered, it seems), while other players of the same
file who left at the same round after the same result have the final values. The file does not
say which round: it is no rule the computation can follow.

The check tells those values apart instead of counting them wrong or fitting them:
:func:`earlier_rounds` finds, for each player who left and whose published values are not his
computed ones, the latest round r (from his last round to the round before the event's last)
whose standings give every one of his published values; the check marks those values with
``published_after`` = r (they still count as not reproduced; ``cards.file_report`` gives a file
whose only differences are such values the status ``published_earlier``). The ranks are
compared with the standings computed from the rounds; a rank that differs there but agrees with
the standings ranked again with those players' published values (:func:`ranked_with`) is marked
too (with the latest such round) and still counts as not reproduced: the published ranks follow
from the values shown, which tests the explanation without counting it.

Measured on the public MTG archive (fbettega/MTG_decklistcache at 419365c), melee.gg files whose
published points agree with their rounds: of the 8,552 players who left in the 223 files that
differ, 5,912 have the final values, 2,390 those of one earlier round, 250 neither; of the 22,828
in the 1,724 files reproduced whole, all have the final values. The ranks follow from the values
shown: ranked with them (``Rules.earlier_standings``), melee.gg's published ranks in the files
whose points agree agree 65,774 times of 66,649, against 63,440 with the final values;
before May 2024 melee.gg ranks such players among the others by those values (2,438 of the 2,578
ranks of its files that differ, 2,235 if listed after), from May 2024 it lists them after the
players still in (8,276 of 8,833, 7,451 if ranked among them).

A top cut written as Swiss rounds (``cut_round``: ``Round 6`` to ``Round 8`` with 4, 2 and 1
matches after five Swiss rounds) counts every round for its players; one knocked out before
its last round stops there as a player who leaves does, and melee.gg shows some such players
with their standings after the round they were knocked out (or a later one before the last),
not the final ones, in some files only: the 2nd Chance PTQ (PT MH3) of 2024-06-30 shows the
64 players knocked out in round 2 with their standings after round 2 (62 of them differ from
their final ones), and those knocked out later with their final values. The check marks them
as it marks the players who left (:func:`earlier_rounds` with the cut's first round and the
event's last round). Measured on the same archive, melee.gg files whose points agree: 179
values of 91 players in 6 files (for 157 the latest round that gives them is the round the
player was knocked out), all of them differences before; taken as a rule (always the standings
after the round the player was knocked out), it would break 1,620 values of files reproduced
whole.
Their places come from the bracket and are not compared; within the cut melee.gg orders them
by the values shown (of the 955 players of the cuts of the 57 files with such players,
inconsistent ones included, 15 pairs of neighbours are out of the order of the values shown,
134 out of the order of the final ones): they are ranked among the cut's players by those
values, never listed after them.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..core.check import PUBLISHED_AFTER, compare, decimals
from ..core.ranking import DECIMALS
from ..core.schema import DECIDED_BY, EVENT, GWP, MWP, OGWP, OMWP, PLAYER, RANK, ROUND
from .history import standings_by_round
from .rules import Rules

__all__ = ["EARLIER", "earlier_rounds", "ranked_with", "shown_earlier"]

#: the column of a check's table naming the round whose standings gave a published value
EARLIER = PUBLISHED_AFTER
#: the published tie-breakers of a JSON file and the computed columns they are
TIE_BREAKERS = {"OMWP": OMWP, "GWP": GWP, "OGWP": OGWP}


def earlier_rounds(
    results: pd.DataFrame,
    published: pd.DataFrame,
    table: pd.DataFrame,
    rules: Rules,
    last_round: int,
    first_round: int = 1,
) -> pd.DataFrame:
    """The earlier rounds whose standings give the published tie-breakers of the players who
    left before `last_round`.

    In a top cut written as Swiss rounds, with `first_round` its first round and `last_round`
    the event's last, the players who left are those knocked out before the last round.

    Parameters
    ----------
    results : pandas.DataFrame
        One event's results.
    published : pandas.DataFrame
        Its published standings (``event, player`` and any of ``OMWP, GWP, OGWP``), one row
        per player.
    table : pandas.DataFrame
        Its computed standings.
    rules : Rules
        The rules of the event (its ``last_digit`` too).
    last_round : int
        The event's last Swiss round (its last round, for the players of a top cut).
    first_round : int, default 1
        The first round of the part of the event `last_round` ends (after a cut only the
        leaders by points play: :func:`~tourneystats.cards.publishers.points_cuts`, or the top
        cut): the players who stopped before it keep the standings before it and are not
        looked at.

    Returns
    -------
    pandas.DataFrame
        ``event, player, round, omwp, gwp, ogwp``: one row per player who left (his last round
        L from `first_round` to before `last_round`) whose published values are not all his
        values of `table`, and round r, L <= r < `last_round`, whose standings
        (:func:`~tourneystats.cards.standings_by_round`) give every published value of his
        within the published precision (``Rules.last_digit``), with those standings' values.
        Ordered by player and round.

    Examples
    --------
    B and D leave after round 1. D's only opponent C won round 1 and lost round 2: D's OMW%
    is 0.5 after round 2, but the publisher shows 1.0, C's match-win % after round 1. B's
    opponent A won both rounds: B's OMW% is 1.0 after either round, his final value.

    >>> results = pd.DataFrame({
    ...     "event": "E", "round": [1, 1, 1, 1, 2, 2], "player": ["A", "B", "C", "D", "A", "C"],
    ...     "opponent": ["B", "A", "D", "C", "C", "A"], "wins": [2, 0, 2, 0, 2, 0],
    ...     "losses": [0, 2, 0, 2, 0, 2], "draws": 0})
    >>> from tourneystats.cards import RULES, standings
    >>> table = standings(results, rules=RULES["melee2025"])
    >>> published = pd.DataFrame({"event": "E", "player": ["A", "B", "D"],
    ...                           "OMWP": [0.4167, 1.0, 1.0]})  # published to 4 decimals
    >>> earlier_rounds(results, published, table, RULES["melee2025"], 2)[["player", "round", "omwp"]]
      player  round  omwp
    0      D      1   1.0
    """
    keys = [EVENT, PLAYER, ROUND]
    out = pd.DataFrame(columns=[*keys, *TIE_BREAKERS.values()])
    values = {k: v for k, v in TIE_BREAKERS.items() if k in published.columns}
    last = results.groupby(PLAYER, observed=True, sort=False)[ROUND].max()
    left = last.index[(last.to_numpy() < last_round) & (last.to_numpy() >= first_round)]
    theirs = published[published[PLAYER].isin(left)]
    if not values or not len(theirs):
        return out
    precision = {k: decimals(published[k]) for k in values}

    def agree(frame: pd.DataFrame, computed: pd.DataFrame, on: list[str]) -> pd.Series:
        """Per entity of `on`: every published value agrees (a null is no value)."""
        at = compare(
            frame, computed, keys=on, values=values, precision=precision,
            last_digit=rules.last_digit,
        )  # fmt: skip
        ok = at["equal"].to_numpy(dtype=bool) | at["published"].isna().to_numpy()
        return pd.Series(ok).groupby([at[k] for k in on], sort=False).all()

    final = agree(theirs, table[table[PLAYER].isin(left)], [EVENT, PLAYER])
    wrong = final.index[~final.to_numpy()].get_level_values(PLAYER)
    if not len(wrong):  # the usual case: standings of the earlier rounds not needed
        return out
    theirs = theirs[theirs[PLAYER].isin(wrong)]
    start = int(last[wrong].min())
    rounds = standings_by_round(
        results[results[ROUND] < last_round], rules=rules
    )  # (every round: the rounds before `start` count in the standings after it)
    rounds = rounds[(rounds[ROUND].to_numpy() >= start) & rounds[PLAYER].isin(wrong).to_numpy()]
    rounds = rounds[rounds[ROUND].to_numpy() >= rounds[PLAYER].map(last).to_numpy()]
    if not len(rounds):
        return out
    every = agree(theirs.merge(rounds[keys], on=[EVENT, PLAYER]), rounds, keys)
    found = every[every.to_numpy()].reset_index()[keys]
    found = found.merge(rounds[keys + list(TIE_BREAKERS.values())], on=keys, how="left")
    return found.sort_values([PLAYER, ROUND], kind="stable").reset_index(drop=True)[out.columns]


def shown_earlier(matches: pd.DataFrame, left: pd.Series | None = None) -> pd.DataFrame:
    """From :func:`earlier_rounds`: each player with the latest round whose standings give his
    published tie-breakers, and those standings' values; with `left`, also the players the
    publisher lists after the others (``Rules.earlier_standings`` ``"listed_after"``).

    Parameters
    ----------
    matches : pandas.DataFrame
        :func:`earlier_rounds` of one event.
    left : pandas.Series, optional
        The last round of each player who left (indexed by player). Those who left by the
        latest round R any player is shown at (the round the file's drops were recorded after)
        are listed after the others (``after``); the values of those not shown earlier stay
        theirs (their ``round`` and values missing here).

    Returns
    -------
    pandas.DataFrame
        ``event, player, round, omwp, gwp, ogwp, after``; the players shown earlier first.

    Examples
    --------
    A's published values are his standings after round 2 and after round 3 (not his final
    ones); B (who left after round 2) and C (after round 4) are published with their final
    ones. R is 3: B is listed after the others too, C is not.

    >>> matches = pd.DataFrame({"event": "E", "player": ["A", "A"], "round": [2, 3],
    ...     "omwp": [0.5, 0.5], "gwp": 0.5, "ogwp": 0.5})
    >>> shown_earlier(matches, pd.Series({"A": 2, "B": 2, "C": 4}))[["player", "round", "after"]]
      player  round  after
    0      A      3   True
    1      B   <NA>   True
    """
    columns = [EVENT, PLAYER, ROUND, *TIE_BREAKERS.values()]
    shown = matches.drop_duplicates([EVENT, PLAYER], keep="last")[columns].reset_index(drop=True)
    shown[ROUND] = shown[ROUND].astype("Int64")
    shown["after"] = left is not None
    if left is None or not len(shown):
        return shown
    also = left.index[(left.to_numpy() <= shown[ROUND].max()) & ~left.index.isin(shown[PLAYER])]
    more = pd.DataFrame({PLAYER: also, ROUND: pd.array([pd.NA] * len(also), dtype="Int64")})
    return pd.concat([shown, more.assign(after=True)], ignore_index=True)


def ranked_with(table: pd.DataFrame, shown: pd.DataFrame, rules: Rules) -> pd.DataFrame:
    """One event's standings with some players' OMW%, GW% and OGW% replaced (by those of
    :func:`shown_earlier`), ranked again by the rules' order within each part of the table (the
    parts a cut separates, ``decided_by`` ``"cut"``: :func:`~tourneystats.cards.publishers.
    standings_before_cut`), the parts keeping their places.

    Parameters
    ----------
    table : pandas.DataFrame
        One event's standings.
    shown : pandas.DataFrame
        ``player``, the values to put in (any of ``omwp``, ``gwp``, ``ogwp``) and optionally
        ``after``: the player is listed after those of his part who are not
        (:func:`shown_earlier`).
    rules : Rules
        The rules of the event (its order, floor, ``ranked_as_shown``).

    Returns
    -------
    pandas.DataFrame
        A new table, in the new order, ``rank`` renumbered (``decided_by`` as it was).

    Examples
    --------
    >>> from tourneystats.cards import RULES
    >>> table = pd.DataFrame({"player": ["A", "B"], "rank": [1, 2], "match_points": [3, 3],
    ...     "omwp": [0.6, 0.5], "gwp": 0.5, "ogwp": 0.5})
    >>> ranked_with(table, pd.DataFrame({"player": ["B"], "omwp": [0.7]}),
    ...             RULES["melee2025"])[["player", "rank", "omwp"]]
      player  rank  omwp
    0      B     1   0.7
    1      A     2   0.6
    """
    out = table.reset_index(drop=True).copy()
    given = shown.drop_duplicates(PLAYER).set_index(PLAYER)
    at = out[PLAYER].isin(given.index).to_numpy()
    for column in [c for c in TIE_BREAKERS.values() if c in given.columns and c in out.columns]:
        value = out.loc[at, PLAYER].map(given[column]).astype("float64")
        out.loc[at, column] = value.fillna(out.loc[at, column].astype("float64")).to_numpy()
    cut = (
        out[DECIDED_BY].eq("cut").to_numpy()
        if DECIDED_BY in out.columns
        else np.zeros(len(out), dtype=bool)
    )
    part = np.concatenate([[0], np.cumsum(cut[:-1])]).astype(np.int64)[: len(out)]
    if "after" in given.columns:  # listed after the others of their part
        after = out[PLAYER].map(given["after"]).eq(True).to_numpy()
        part = 2 * part + after
    criteria = np.column_stack(
        [_criterion(out[name].astype("float64").to_numpy(), name, rules) for name in rules.order]
    )
    order = _merged_order(criteria, part, out[PLAYER].isin(given.index).to_numpy())
    out = out.take(order).reset_index(drop=True)
    part, criteria = part[order], criteria[order]
    start = np.concatenate([[0], np.cumsum(np.bincount(part))])[part]  # where each part starts
    position = np.arange(len(out)) - start
    same = np.zeros(len(out), dtype=bool)  # level with the row before on every criterion
    same[1:] = (part[1:] == part[:-1]) & (criteria[1:] == criteria[:-1]).all(axis=1)
    first = np.maximum.accumulate(np.where(same, 0, np.arange(len(out))))
    out[RANK] = (start + position[first] + 1).astype(np.int64)
    return out


def _criterion(values: np.ndarray, name: str, rules: Rules) -> np.ndarray:
    """A ranking criterion as compared (higher first; missing after every value; rounded to
    :data:`~tourneystats.core.ranking.DECIMALS` as the ranking does): own match- and game-win %
    floored at the rules' floor unless ``ranked_as_shown`` (Appendix C)."""
    if name in (MWP, GWP) and not rules.ranked_as_shown:
        values = np.maximum(values, rules.floor)
    key = np.round(values, DECIMALS) + 0.0  # compared as the ranking compares them
    return np.where(np.isnan(key), -np.inf, key)


def _merged_order(criteria: np.ndarray, part: np.ndarray, moved: np.ndarray) -> np.ndarray:
    """The rows' new order: the parts in turn; in each, the rows not `moved` keep their order,
    and each moved row goes just before the first of them it ranks ahead of by `criteria`
    (compared left to right; after them all if none), the moved rows among themselves by
    their criteria."""
    stay, move = np.flatnonzero(~moved), np.flatnonzero(moved)
    ahead = np.zeros((len(move), len(stay)), dtype=bool)
    undecided = np.ones_like(ahead)
    for j in range(criteria.shape[1]):  # a few criteria: each a comparison of all the pairs
        mine, theirs = criteria[move, j][:, None], criteria[stay, j][None, :]
        ahead |= undecided & (mine > theirs)
        undecided &= mine == theirs
    ahead &= part[move][:, None] == part[stay][None, :]
    before = np.full(len(move), len(part))  # (after every row where it ranks ahead of none)
    if stay.size:
        found = ahead.any(axis=1)
        before[found] = stay[np.argmax(ahead[found], axis=1)]
    slot = np.empty(len(part), dtype=np.float64)
    slot[stay] = stay
    slot[move] = before - 0.5  # just before that row (or after every row of the part)
    keys = [*(-criteria[:, ::-1].T), slot, part]  # lexsort: the last key first
    return np.lexsort(keys)
