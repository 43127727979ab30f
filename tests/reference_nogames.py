"""The per-event reference of :mod:`tourneystats.cards.nogames`: one topdeck.gg event at a time,
the points scheme that gives most players their published points, the byes missing from its
file, and each player's OGWP from his opponents' published GW% (in pandas, one event, one
player per row of its published standings)."""

from __future__ import annotations

import warnings
from dataclasses import replace
from typing import cast

import numpy as np
import pandas as pd

from tourneystats.cards.nogames import TOPDECK_SCHEMES
from tourneystats.cards.rules import Rules
from tourneystats.cards.tables import standings
from tourneystats.cards.terms import explain
from tourneystats.core.schema import (
    DRAWS,
    EVENT,
    LOSSES,
    MATCH_POINTS,
    OPPONENT,
    PLAYER,
    ROUND,
    WINS,
)


def points_scheme(results: pd.DataFrame, published: pd.DataFrame, rules: Rules) -> Rules:
    """The topdeck.gg points scheme that gives most players their published points."""
    won = np.where(results[OPPONENT].isna(), 1, (results[WINS] > results[LOSSES]).astype(int))
    tally = results.assign(_won=won, _drawn=~won.astype(bool) & (results[WINS] == results[LOSSES]))
    per = tally.groupby(PLAYER, observed=True, sort=False)[["_won", "_drawn"]].sum()
    points = published.set_index(PLAYER)["Points"]
    per = per.join(points, how="inner")
    hits = [
        int((per["_won"] * win + per["_drawn"] * draw == per["Points"]).sum())
        for win, draw in TOPDECK_SCHEMES
    ]
    win, draw = TOPDECK_SCHEMES[int(np.argmax(hits))]  # the first (3/1) when equal
    return rules if (win, draw) == (rules.win, rules.draw) else replace(rules, win=win, draw=draw)


def restore_byes(results: pd.DataFrame, published: pd.DataFrame, rules: Rules) -> pd.DataFrame:
    """Byes for the rounds a player has no table in before his last one, where his published
    points exceed the computed ones by exactly a win per such round (topdeck.gg files)."""
    rounds = pd.crosstab(results[PLAYER], results[ROUND]).astype(bool)
    last = rounds.columns.to_numpy()[::-1][np.argmax(rounds.to_numpy()[:, ::-1], axis=1)]
    missing = ~rounds & (rounds.columns.to_numpy()[None, :] <= last[:, None])
    computed = standings(results, rules=rules).set_index(PLAYER)[MATCH_POINTS]
    points = published.drop_duplicates(PLAYER, keep=False).set_index(PLAYER)["Points"]
    deficit = points.reindex(rounds.index) - computed.reindex(rounds.index)
    fill = missing.any(axis=1) & (deficit == rules.win * missing.sum(axis=1))
    cells = missing[fill].stack()
    cells = cells[cells].index.to_frame(index=False)
    if not len(cells):
        return results
    warnings.warn(
        f"{results[EVENT].iloc[0]}: restored {len(cells)} bye(s) missing from the file, from the "
        f"published points ({', '.join(sorted(set(cells[PLAYER].astype(str))))[:200]})",
        stacklevel=4,
    )
    byes = cells.assign(**{EVENT: results[EVENT].iloc[0], OPPONENT: pd.NA, WINS: 1, LOSSES: 0})
    byes[DRAWS] = 0
    return pd.concat([results, byes[results.columns]], ignore_index=True)


def ogwp_from_published(
    results: pd.DataFrame, published: pd.DataFrame, rules: Rules
) -> tuple[pd.Series, list]:
    """Per player: the average of his opponents' published GW% (floored) as the rules average
    (the files of topdeck.gg hold no game scores, the site publishes GW%), and the players
    whose average is unknown: an opponent without a published GW% (a deleted account, a shared
    name) makes it missing, unless he lost every match (topdeck.gg's dummy opponent). A player
    without a counted opponent has the rules' ``no_opponents``."""
    terms = explain(results, rules=rules)
    gwp = published.drop_duplicates(PLAYER, keep=False).set_index(PLAYER)["GWP"]
    # an opponent the standings do not list who lost every match won no game: GW% 0
    lost = (terms[MATCH_POINTS] == rules.loss).groupby(terms[PLAYER], observed=True).all()
    gwp = gwp.combine_first(pd.Series(0.0, index=lost.index[lost.to_numpy()]))
    value = cast(pd.Series, np.maximum(terms[OPPONENT].map(gwp).astype(float), rules.floor))
    bye = np.nan if rules.bye_opponent is None else rules.bye_opponent
    counted = terms.assign(_v=value.where(~terms["bye"], bye))[terms["counted"]]
    grouped = counted.assign(_unknown=counted["_v"].isna()).groupby(
        PLAYER, observed=True, sort=False
    )
    unknown = grouped["_unknown"].any()
    mean = grouped["_v"].mean().where(~unknown)
    alone = pd.Index(results[PLAYER].unique()).difference(mean.index, sort=False)
    alone_value = np.nan if rules.no_opponents is None else rules.no_opponents
    mean = pd.concat([mean, pd.Series(alone_value, index=alone, dtype=float)])
    return mean, list(unknown.index[unknown.to_numpy()])
