"""The rules a tournament file implies: its publisher's preset, by platform and date.

============================  ==========================================================
file                          preset
============================  ==========================================================
ManaTraders (manatraders.com)  ``manatraders``
topdeck.gg                    ``topdeck``; a match won against a null ``Player2`` (one event
                              of July 2024) is a match against a dummy player "(bye player)",
                              whom topdeck.gg counted as an opponent (at the 0.33 floor),
                              unlike its byes (``""``): :func:`with_bye_players`; the
                              ``Deleted`` accounts of a round are distinct players
                              (``Deleted``, ``Deleted (2)``, ...)
melee.gg, event before        ``melee``
2024-05-15
melee.gg, 2024-05-15 to       ``melee2024``
2025-11-11
melee.gg, from 2025-11-12     ``melee2025``
melee.gg, before 2024-05-15   ``Quarterfinals``, ``Semifinals``, ``Finals`` in their
                              players' tie-breakers, without match points
                              (:func:`standings_with_bracket`)
melee.gg, any date            a top cut written as Swiss rounds (``Round 8`` to ``Round 10``
                              with 4, 2 and 1 matches after seven Swiss rounds): its players
                              are ranked on every round, the others keep the standings of the
                              rounds before it (:func:`standings_before_cut`); a loss to no
                              one (``Player2`` ``"-"`` or null, a lost result) is a round lost,
                              as the published points count it
CardsRealm, event before      ``cardsrealm``
2025-05-17
CardsRealm, from 2025-05-17   ``cardsrealm2025``
CardsRealm, any date          an opponent named ``Bye`` (as Player1 or
                              Player2) is no one: a bye, or a loss to no one when the result is
                              a loss (the published points count it lost)
TOM (Play! Pokémon)           ``pokemon``, ranked within ``division``
MTGO, other sites, tables     ``mtg``
============================  ==========================================================

Every platform: players the standings list under one name are read as distinct players, the
k-th of each round as ``name (k)`` (the file cannot tell which played which match; they are
not compared).

The melee.gg rules beyond the dates were read from the published numbers of the archive's
files: opponents averaged once each (a rematch, in the Swiss or in a top cut, counts once);
in a file whose last rounds are a single-elimination bracket written as Swiss rounds, the
published points, OMW%, GW% and OGW% of the bracket's players count every round, and those of
the other players are the ones after the last Swiss round (their opponents' values too). In
the files of events before mid-May 2024 whose bracket rounds are named ``Quarterfinals``,
``Semifinals``, ``Finals``, the bracket's players have their Swiss points but tie-breakers
that count the bracket as rounds without match points, each meeting one more opponent
(``Rules.playoff_tiebreakers``: :func:`standings_with_bracket`). Players whom the standings do
not list (who played rounds) were not ranked: the check ranks the others without them.

The melee.gg dates are those of the events fully reproduced by only one of the three presets
(the last "early" event is of 2024-04-11 and the first "mid" one of 2024-05-16; the last "mid"
one of 2025-11-11 and the first "late" one of 2025-11-13): the change dates are known to a few
days only.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pandas as pd

from ..core.schema import EVENT, FILE, GWP, MATCH_POINTS, MWP, OGWP, OMWP, OPPONENT, PLAYER, ROUND
from .decklistcache import read_mtg_json
from .published import PLATFORM, CardsFile
from .rules import RULES, Rules
from .tables import standings
from .terms import explain

#: the name given to topdeck.gg's dummy opponent (see :func:`with_bye_players`)
BYE_PLAYER = "(bye player)"

#: publishers whose conventions changed: (the oldest preset, (date, the next preset) ...); events
#: from a date on follow its preset
PERIODS: dict[str, tuple[str, tuple[tuple[pd.Timestamp, str], ...]]] = {
    "melee": (
        "melee",
        ((pd.Timestamp("2024-05-15"), "melee2024"), (pd.Timestamp("2025-11-12"), "melee2025")),
    ),
    "cardsrealm": ("cardsrealm", ((pd.Timestamp("2025-05-17"), "cardsrealm2025"),)),
}


def dated_preset(platform: str, date: pd.Timestamp | None) -> str:
    """The preset of `platform` for an event held on `date` (the oldest one when unknown).

    Examples
    --------
    >>> [dated_preset("melee", pd.Timestamp(d)) for d in ("2024-02-18", "2024-10-14", "2025-11-16")]
    ['melee', 'melee2024', 'melee2025']
    >>> dated_preset("cardsrealm", pd.Timestamp("2025-06-28"))
    'cardsrealm2025'
    """
    name, changes = PERIODS[platform]
    if date is None or pd.isna(date):
        return name
    day = pd.Timestamp(date).tz_localize(None) if pd.Timestamp(date).tzinfo else pd.Timestamp(date)
    for start, preset in changes:
        if day.normalize() >= start:
            name = preset
    return name


def implied_rules(platform: str | None, date: pd.Timestamp | None) -> Rules:
    """The rules a file of `platform` (and event `date`) implies.

    Examples
    --------
    >>> implied_rules("manatraders", None).name, implied_rules(None, None).name
    ('manatraders', 'mtg')
    """
    if platform in PERIODS:
        return RULES[dated_preset(platform, date)]
    if platform == "tom":
        return RULES["pokemon"]
    return RULES.get(platform or "mtg", RULES["mtg"])


def with_bye_players(data: CardsFile) -> CardsFile:
    """`data` with its topdeck.gg files that write matches against a null ``Player2`` read again
    with those matches against :data:`BYE_PLAYER` (``read_mtg_json(..., bye_player=...)``).

    topdeck.gg writes its byes with ``Player2: ""``; in one event (July 2024) it also wrote five
    matches won against a null ``Player2`` and counted that opponent at 0.33 in the OMW% of the
    five players (OMWP and OGWP reproduced for all 29 players that way only): a dummy player
    the organiser entered, whose match-win % was floored.
    """
    events = data.events
    again = events[(events[PLATFORM] == "topdeck") & (events["null_byes"] > 0)]
    if not len(again):
        return data
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the first reading warned already
        fixed = read_mtg_json([Path(f) for f in again[FILE]], bye_player=BYE_PLAYER)
    keep = ~data.results[EVENT].isin(again[EVENT])
    warnings.warn(
        f"{', '.join(again[EVENT].head(3))}: matches won against a null Player2 read as "
        f"matches against a dummy player {BYE_PLAYER!r} (topdeck.gg counts him as an opponent)",
        stacklevel=3,
    )
    return CardsFile(
        results=pd.concat([data.results[keep], fixed.results], ignore_index=True),
        published=data.published,
        events=data.events,
        players=data.players,
    )


def standings_before_cut(results: pd.DataFrame, cut: int, rules: Rules) -> pd.DataFrame:
    """The standings of one event whose top cut is written as Swiss rounds from round `cut`
    on (``Rules.frozen_before_cut``): the players of the cut are ranked on every round, the
    others keep their standings of the rounds before `cut` (their places come after the cut's).

    Examples
    --------
    >>> results = pd.DataFrame({
    ...     "event": "E", "round": [1, 1, 1, 1, 2, 2], "player": ["A", "B", "C", "D", "A", "C"],
    ...     "opponent": ["B", "A", "D", "C", "C", "A"], "wins": [2, 0, 2, 0, 2, 0],
    ...     "losses": [0, 2, 0, 2, 0, 2], "draws": 0})
    >>> table = standings_before_cut(results, 2, RULES["melee2025"])
    >>> table[["player", "match_points", "omwp"]].round(4)
      player  match_points    omwp
    0      A             6  0.4167
    1      C             3  0.6667
    2      B             0  1.0000
    3      D             0  1.0000
    """
    everything = standings(results, rules=rules)
    in_cut = results.loc[results[ROUND] >= cut, PLAYER].unique()
    swiss = standings(results[results[ROUND] < cut], rules=rules)
    table = pd.concat(
        [everything[everything[PLAYER].isin(in_cut)], swiss[~swiss[PLAYER].isin(in_cut)]],
        ignore_index=True,
    )
    return table


def standings_with_bracket(
    results: pd.DataFrame, bracket: pd.DataFrame, rules: Rules
) -> pd.DataFrame:
    """The standings of one event whose bracket rounds (`bracket`: Quarterfinals, Semifinals,
    Finals, numbered after the Swiss rounds) count in their players' tie-breakers as rounds
    without match points (``Rules.playoff_tiebreakers``): points from the Swiss rounds, the
    match-win % opponents see over every round, games and opponents of every round (each
    bracket meeting one more opponent). The other players keep their Swiss standings.

    Examples
    --------
    A beat B in the Swiss round and again in the final: A has 3 points of 2 rounds (seen
    3/6 = 1/2), B 0 of 2 (1/3 floored); each counts the other twice.

    >>> results = pd.DataFrame({"event": "E", "round": 1, "player": ["A", "B"],
    ...     "opponent": ["B", "A"], "wins": [2, 0], "losses": [0, 2], "draws": 0})
    >>> final = results.assign(round=2, wins=[2, 1], losses=[1, 2])
    >>> table = standings_with_bracket(results, final, RULES["melee"])
    >>> table[["player", "match_points", "omwp", "gwp", "ogwp"]].round(4)
      player  match_points    omwp     gwp    ogwp
    0      A             3  0.3333  0.8000  0.3333
    1      B             0  0.5000  0.3333  0.8000
    """
    swiss = standings(results, rules=rules)
    if not len(bracket):
        return swiss
    games = standings(pd.concat([results, bracket], ignore_index=True), rules=rules)
    own = swiss.set_index(PLAYER)
    bracket = bracket[bracket[PLAYER].isin(own.index) & bracket[OPPONENT].isin(own.index)]
    in_bracket = pd.Index(bracket[PLAYER].unique())
    rounds = own["rounds"] + bracket.groupby(PLAYER, observed=True).size().reindex(own.index)
    # what the opponents average: floored, the bracket players' over every round
    seen_mwp = own[MWP].astype(float).clip(lower=rules.floor)
    seen_mwp.loc[in_bracket] = (
        own.loc[in_bracket, MATCH_POINTS] / (rules.win * rounds[in_bracket])
    ).clip(lower=rules.floor)
    seen_gwp = own[GWP].astype(float).clip(lower=rules.floor)
    seen_gwp.loc[in_bracket] = games.set_index(PLAYER).loc[in_bracket, GWP].clip(lower=rules.floor)
    terms = explain(results, rules=rules)
    counted = terms.loc[terms["counted"] & terms[PLAYER].isin(in_bracket), [PLAYER, OPPONENT]]
    met = pd.concat([counted, bracket[[PLAYER, OPPONENT]]], ignore_index=True)
    by = met[PLAYER].astype(object)
    averages = pd.DataFrame({
        OMWP: met[OPPONENT].map(seen_mwp).astype(float).groupby(by, sort=False).mean(),
        OGWP: met[OPPONENT].map(seen_gwp).astype(float).groupby(by, sort=False).mean(),
        GWP: games.set_index(PLAYER)[GWP],
    }).reindex(in_bracket)  # fmt: skip
    table = swiss.set_index(PLAYER)
    table.loc[in_bracket, [OMWP, OGWP, GWP]] = averages[[OMWP, OGWP, GWP]].to_numpy()
    return table.reset_index()[swiss.columns]
