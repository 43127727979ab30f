"""The files without game scores (topdeck.gg's), many events at once: the points scheme that
gives most players their published points, the byes missing from the file, and each player's
OGWP from his opponents' *published* GW%, as :func:`~tourneystats.cards.check._json_event`
computes them for each event alone (:func:`~tourneystats.cards.check._points_scheme`,
:func:`~tourneystats.cards.check._restore_byes`,
:func:`~tourneystats.cards.check._ogwp_from_published`).

Every function takes the rows of any number of events and their published standings.
"""

from __future__ import annotations

from typing import cast

import numpy as np
import pandas as pd

from ..core.schema import DRAWS, EVENT, LOSSES, MATCH_POINTS, OPPONENT, PLAYER, ROUND, WINS
from .rules import Rules
from .tables import standings
from .terms import explain

__all__ = ["TOPDECK_SCHEMES", "ogwp_from_published", "points_schemes", "restored_byes"]

#: topdeck.gg's points schemes (win, draw), the first the usual one: an event's is the one that
#: gives most players their published points
TOPDECK_SCHEMES = ((3, 1), (4, 2), (5, 1))


def _keys(frame: pd.DataFrame, player: str = PLAYER) -> pd.MultiIndex:
    return pd.MultiIndex.from_arrays([frame[EVENT].astype(str), frame[player].astype(str)])


def points_schemes(
    results: pd.DataFrame, published: pd.DataFrame, order: dict[str, int]
) -> np.ndarray:
    """Per event (`order`: its position): the position in
    :data:`TOPDECK_SCHEMES` of the points scheme that gives most
    players their published points (the first, 3/1, when equal)."""
    bye = results[OPPONENT].isna().to_numpy()
    w, lo = results[WINS].to_numpy(), results[LOSSES].to_numpy()
    won = np.where(bye, 1, (w > lo).astype(int))
    drawn = ~won.astype(bool) & (w == lo)
    per = (
        pd.DataFrame({"won": won, "drawn": drawn.astype(int)})
        .groupby([results[EVENT].astype(str).to_numpy(), results[PLAYER].astype(str).to_numpy()])
        .sum()
    )
    listed = pd.DataFrame(
        {"e": published[EVENT].astype(str).to_numpy(), "p": published[PLAYER].astype(str).to_numpy(),
         "points": published["Points"].to_numpy()}
    )  # fmt: skip
    per = per.rename_axis(["e", "p"]).reset_index().merge(listed, on=["e", "p"])  # (a name
    # listed twice: each listing counted)
    points = pd.to_numeric(per["points"], errors="coerce").to_numpy(dtype="float64")
    code = per["e"].map(order).to_numpy(dtype=np.int64)
    hits = np.column_stack(
        [
            np.bincount(
                code,
                weights=per["won"].to_numpy() * win + per["drawn"].to_numpy() * draw == points,
                minlength=len(order),
            )
            for win, draw in TOPDECK_SCHEMES
        ]
    )
    return np.argmax(hits, axis=1)


def restored_byes(
    results: pd.DataFrame, published: pd.DataFrame, rules: Rules
) -> tuple[pd.DataFrame, dict[str, str]]:
    """The byes missing from `results` (events all under `rules`), as rows like theirs (each
    event's together): one for each round a player has no table in before his last one, where
    his published points exceed the computed ones by exactly a win per such round; and the
    warning of each event given byes, by event."""
    event = results[EVENT].astype(str).to_numpy()
    player = results[PLAYER].astype(str).to_numpy()
    rnd = results[ROUND].to_numpy(dtype=np.int64)
    played = pd.DataFrame({EVENT: event, PLAYER: player, ROUND: rnd}).drop_duplicates()
    last = played.groupby([EVENT, PLAYER], sort=False)[ROUND].agg(["max", "size"])
    rounds = played[[EVENT, ROUND]].drop_duplicates().sort_values([EVENT, ROUND])
    # the event's rounds up to each player's last: those he has no table in are missing
    cells = last.reset_index().merge(rounds, on=EVENT)
    cells = cells[cells[ROUND].to_numpy() <= cells["max"].to_numpy()]
    upto = cells.groupby([EVENT, PLAYER], sort=False).size()
    missing = upto.reindex(last.index).to_numpy() - last["size"].to_numpy()
    computed = standings(results, rules=rules)
    mine = pd.Series(computed[MATCH_POINTS].to_numpy(), index=_keys(computed))
    once = published.drop_duplicates([EVENT, PLAYER], keep=False)  # (a name listed twice: none)
    points = pd.Series(once["Points"].to_numpy(), index=_keys(once))
    deficit = points.reindex(last.index).to_numpy(dtype="float64") - mine.reindex(
        last.index
    ).to_numpy(dtype="float64")
    fill = (missing > 0) & (deficit == rules.win * missing)
    if not fill.any():
        return results.iloc[:0], {}
    who = last.index[fill]
    cells = cells[pd.MultiIndex.from_arrays([cells[EVENT], cells[PLAYER]]).isin(who)]
    have = pd.MultiIndex.from_arrays([played[EVENT], played[PLAYER], played[ROUND]])
    cells = cells[
        ~pd.MultiIndex.from_arrays([cells[EVENT], cells[PLAYER], cells[ROUND]]).isin(have)
    ]
    cells = cells.sort_values([EVENT, PLAYER, ROUND], kind="stable")
    return _byes(results, cells), _said(cells)


def _byes(results: pd.DataFrame, cells: pd.DataFrame) -> pd.DataFrame:
    """A bye (a 1-0 win without opponent) at each of `cells` (event, player, round), as rows
    of `results`' columns and types."""
    byes = pd.DataFrame(
        {EVENT: cells[EVENT].to_numpy(), ROUND: cells[ROUND].to_numpy(),
         PLAYER: cells[PLAYER].to_numpy(), OPPONENT: None, WINS: 1, LOSSES: 0, DRAWS: 0}
    )  # fmt: skip
    return byes[list(results.columns)].astype(results.dtypes.to_dict())


def _said(cells: pd.DataFrame) -> dict[str, str]:
    """The warning of each event given byes (`cells`: event, player, round)."""
    count = cells.groupby(EVENT, sort=False).size()
    names = cells[[EVENT, PLAYER]].drop_duplicates().sort_values([EVENT, PLAYER])
    listed = names.groupby(EVENT, sort=False)[PLAYER].agg(", ".join)  # (a few events)
    return {
        e: f"{e}: restored {int(count[e])} bye(s) missing from the file, from the published "
        f"points ({listed[e][:200]})"
        for e in count.index
    }


def ogwp_from_published(
    results: pd.DataFrame, published: pd.DataFrame, rules: Rules
) -> tuple[pd.Series, pd.MultiIndex]:
    """Per event and player: the average of his opponents' published GW% (floored) as the
    rules average, and the players whose average is unknown: an opponent without a published
    GW% makes it missing, unless he lost every match (topdeck.gg's dummy opponent, GW% 0). A
    player without a counted opponent has the rules' ``no_opponents``."""
    terms = explain(results, rules=rules)
    once = published.drop_duplicates([EVENT, PLAYER], keep=False)  # (a name listed twice: none)
    gwp = pd.Series(once["GWP"].to_numpy(dtype="float64"), index=_keys(once))
    lost = (
        (terms[MATCH_POINTS] == rules.loss)
        .groupby([terms[EVENT].astype(str).to_numpy(), terms[PLAYER].astype(str).to_numpy()])
        .all()
    )
    gwp = gwp.combine_first(pd.Series(0.0, index=lost.index[lost.to_numpy()]))
    where = gwp.index.get_indexer(_keys(terms, OPPONENT))
    value = np.where(where >= 0, gwp.to_numpy()[np.maximum(where, 0)], np.nan)
    value = np.maximum(value, rules.floor)
    bye = np.nan if rules.bye_opponent is None else rules.bye_opponent
    value = np.where(terms["bye"].to_numpy(dtype=bool), bye, value)
    counted = terms["counted"].to_numpy(dtype=bool)
    key = _keys(terms)[counted]
    v = pd.Series(value[counted])
    by = [key.get_level_values(0), key.get_level_values(1)]
    unknown = v.isna().groupby(by, sort=False).any()
    mean = v.groupby(by, sort=False).mean().where(~unknown)
    everyone = pd.Index(_keys(results).unique())
    alone = everyone.difference(mean.index, sort=False)
    no_one = np.nan if rules.no_opponents is None else rules.no_opponents
    mean = pd.concat([mean, pd.Series(no_one, index=alone, dtype=float)])
    return mean, cast(pd.MultiIndex, unknown.index[unknown.to_numpy()])
