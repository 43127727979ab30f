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
2024-04-20
melee.gg, 2024-04-20 to       ``melee2024spring``
2024-05-14
melee.gg, 2024-05-15 to       ``melee2024``
2025-11-11
melee.gg, from 2025-11-12     ``melee2025``
melee.gg, before 2024-05-15   ``Quarterfinals``, ``Semifinals``, ``Finals`` in their
                              players' tie-breakers, without match points
                              (:func:`standings_with_bracket`)
melee.gg, any date            a top cut written as Swiss rounds (``Round 8`` to ``Round 10``
                              with 4, 2 and 1 matches after seven Swiss rounds): its players
                              are ranked on every round, the others keep the standings of the
                              rounds before it (:func:`standings_before_cut`), and so do
                              the players who stopped before a second day of the leaders
                              by points, or of the first N of the standings
                              (:func:`frozen_cuts`); a loss to no
                              one (``Player2`` ``"-"`` or null, a lost result) is a round lost,
                              as the published points count it; a single elimination whose
                              rounds lack players who did not show (their opponents have
                              byes) is no top cut: every round counts for every player; nor
                              is a last round paired by points (a Swiss round that the
                              players without points left)
CardsRealm, event before      ``cardsrealm``
2025-05-17
CardsRealm, from 2025-05-17   ``cardsrealm2025``; a file that still prints 3 decimals (the
                              old format: three files of 2025-05-17 to 2025-05-19)
                              ``cardsrealm`` (:func:`implied_presets`)
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
files: from mid-May 2024 opponents averaged once each (a rematch, in the Swiss or in a top cut,
counts once), before then once per meeting;
in a file whose last rounds are a single-elimination bracket written as Swiss rounds, the
published points, OMW%, GW% and OGW% of the bracket's players count every round, and those of
the other players are the ones after the last Swiss round (their opponents' values too). In
the files of events before mid-May 2024 whose bracket rounds are named ``Quarterfinals``,
``Semifinals``, ``Finals``, the bracket's players have their Swiss points but tie-breakers
that count the bracket as rounds without match points, each meeting one more opponent
(``Rules.playoff_tiebreakers``: :func:`standings_with_bracket`). Players whom the standings do
not list (who played rounds) were not ranked: the check ranks the others without them.
A player who left before the last Swiss round is at times published with his standings after
an earlier round (the round his drop was recorded after, which the file does not hold); from
May 2024 such players are listed after the players still in (``Rules.earlier_standings``).
So, in some files, is a player knocked out of a top cut written as Swiss rounds before its
last round (after the round he was knocked out, or a later one), ranked among the cut's
players by those values. The check tells those values apart
(:mod:`~tourneystats.cards.earlier`).

The melee.gg dates are those of the events fully reproduced by only one of the three presets
(the last "early" event is of 2024-04-11 and the first "mid" one of 2024-05-16; the last "mid"
one of 2025-11-11 and the first "late" one of 2025-11-13): the change dates are known to a few
days only.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pandas as pd

from ..core.schema import (
    DATE,
    DECIDED_BY,
    EVENT,
    FILE,
    GWP,
    LOSSES,
    MATCH_POINTS,
    MWP,
    OGWP,
    OMWP,
    OPPONENT,
    PLAYER,
    RANK,
    ROUND,
    WINS,
)
from .decklistcache import PLATFORMS, bracket_rows, read_mtg_json
from .published import CUT_ROUND, PLATFORM, PRECISION, UNREAD, CardsFile
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
        (
            (pd.Timestamp("2024-04-20"), "melee2024spring"),
            (pd.Timestamp("2024-05-15"), "melee2024"),
            (pd.Timestamp("2025-11-12"), "melee2025"),
        ),
    ),
    "cardsrealm": ("cardsrealm", ((pd.Timestamp("2025-05-17"), "cardsrealm2025"),)),
}


#: the platforms whose rules :func:`implied_rules` knows: the sites the MTG JSON reader names,
#: ``"tom"`` (Pokémon TOM exports), and the names of presets (:data:`~tourneystats.cards.RULES`)
KNOWN_PLATFORMS = frozenset({*PLATFORMS.values(), *PERIODS, "tom", *RULES})


def dated_preset(platform: str, date: pd.Timestamp | None, decimals: int | None = None) -> str:
    """The preset of `platform` for an event held on `date` (the oldest one when unknown) whose
    file publishes its percentages with `decimals` decimals (:func:`implied_presets`).

    Parameters
    ----------
    platform : str
        A platform of :data:`PERIODS` (``"melee"``, ``"cardsrealm"``).
    date : pandas.Timestamp or None
        The event's date (None: unknown).
    decimals : int, optional
        The most decimals of the file's published OMWP, GWP, OGWP (``published_decimals`` of
        :func:`~tourneystats.cards.read_mtg_json`'s events); None or 0: unknown.

    Returns
    -------
    str
        The name of a preset of :data:`~tourneystats.cards.RULES`.

    Examples
    --------
    >>> [dated_preset("melee", pd.Timestamp(d)) for d in ("2024-02-18", "2024-10-14", "2025-11-16")]
    ['melee', 'melee2024', 'melee2025']
    >>> dated_preset("cardsrealm", pd.Timestamp("2025-06-28"))
    'cardsrealm2025'

    A CardsRealm file of 2025-05-19 still printed in the old format, 3 decimals:

    >>> dated_preset("cardsrealm", pd.Timestamp("2025-05-19"), decimals=3)
    'cardsrealm'
    """
    events = pd.DataFrame({PLATFORM: [platform], DATE: [date], PRECISION: [decimals]})
    return str(implied_presets(events)[0])


def implied_presets(events: pd.DataFrame) -> np.ndarray:
    """The preset each event implies, all at once: by its ``platform``, its ``date`` (within
    the :data:`PERIODS` of its platform) and what its file shows, ``published_decimals``
    (optional column).

    A preset whose ``Rules.decimals`` is set marks its format by that precision: an event whose
    file publishes its percentages with another number of decimals that a preset of the same
    platform prints takes that preset, the nearest in time (an earlier one first). CardsRealm
    printed 3 decimals until mid-May 2025 and 4 from then on: all 122 of its files before
    2025-05-17 print 3, 412 of the 415 since print 4, and the three others (of 2025-05-17 to
    2025-05-19) are computed under the old rules (``fuguete-champ-239-2025-05-19``: 37 values
    more reproduced). A file whose decimals no preset prints (melee.gg's presets print exact
    values) keeps its date's preset.

    Parameters
    ----------
    events : pandas.DataFrame
        One row per event: ``platform`` (a known platform or the name of a preset; missing:
        ``mtg``), ``date`` (optional; missing: unknown), ``published_decimals`` (optional; 0 or
        missing: unknown).

    Returns
    -------
    numpy.ndarray
        The names of the presets of :data:`~tourneystats.cards.RULES`, in the order of `events`.

    Examples
    --------
    >>> events = pd.DataFrame({"platform": ["cardsrealm"] * 3 + ["tom", None],
    ...     "date": pd.to_datetime(["2025-05-10", "2025-05-19", "2025-05-19", None, None]),
    ...     "published_decimals": [3, 4, 3, 0, 0]})
    >>> implied_presets(events).tolist()
    ['cardsrealm', 'cardsrealm2025', 'cardsrealm', 'pokemon', 'mtg']
    """
    platform = events[PLATFORM].astype(object).where(events[PLATFORM].notna(), "mtg")
    out = platform.map(lambda p: p if p in RULES else "pokemon" if p == "tom" else "mtg")
    out = out.to_numpy(dtype=object)
    dates = events[DATE] if DATE in events.columns else pd.Series(pd.NaT, index=events.index)
    dates = pd.to_datetime(dates, utc=True, errors="coerce").dt.tz_localize(None).dt.normalize()
    days = dates.to_numpy(dtype="datetime64[ns]")
    shown = events[PRECISION] if PRECISION in events.columns else pd.Series(0, index=events.index)
    shown = pd.to_numeric(shown, errors="coerce").fillna(0).to_numpy(dtype=np.int64)
    for name, (first, changes) in PERIODS.items():  # a few publishers
        rows = (platform == name).to_numpy()
        if not rows.any():
            continue
        chain = [first, *(preset for _, preset in changes)]
        starts = np.array([start.to_datetime64() for start, _ in changes], dtype="datetime64[ns]")
        at = np.searchsorted(starts, days[rows], side="right")
        at[np.isnat(days[rows])] = 0
        out[rows] = np.asarray(chain, dtype=object)[_shown_format(chain, at, shown[rows])]
    return out


def _shown_format(chain: list[str], at: np.ndarray, shown: np.ndarray) -> np.ndarray:
    """The positions in `chain` (a publisher's presets in time order) of the presets chosen
    for events dated at positions `at` whose files print `shown` decimals (0: unknown): the
    dated one, or the nearest (earlier first) whose ``decimals`` are `shown` when the dated
    one prints another precision."""
    marks = np.array([RULES[name].decimals or 0 for name in chain])
    wrong = (marks[at] > 0) & (shown > 0) & (marks[at] != shown)
    position = np.arange(len(chain))
    # distance in time from the dated preset: earlier ones first at equal distance
    distance = np.abs(position[None, :] - at[:, None]) * 2 + (position[None, :] > at[:, None])
    distance = np.where(marks[None, :] == shown[:, None], distance, np.iinfo(np.int64).max)
    found = wrong & (distance.min(axis=1, initial=np.iinfo(np.int64).max) < np.iinfo(np.int64).max)
    return np.where(found, distance.argmin(axis=1), at)


def implied_rules(
    platform: str | None, date: pd.Timestamp | None, decimals: int | None = None
) -> Rules:
    """The rules a file of `platform` (and event `date`, printing `decimals` decimals) implies
    (:func:`implied_presets`).

    Examples
    --------
    >>> implied_rules("manatraders", None).name, implied_rules(None, None).name
    ('manatraders', 'mtg')
    >>> implied_rules("cardsrealm", pd.Timestamp("2025-05-19"), 3).name
    'cardsrealm'
    """
    events = pd.DataFrame({PLATFORM: [platform], DATE: [date], PRECISION: [decimals]})
    return RULES[str(implied_presets(events)[0])]


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
        bracket=data.bracket,
    )


def standings_before_cut(
    results: pd.DataFrame,
    cut: int | Sequence[int],
    rules: Rules,
    *,
    table: pd.DataFrame | None = None,
) -> pd.DataFrame:
    """The standings of one event cut at round `cut` (or at each of several rounds): a player
    who played no round from a cut on keeps his standings of the rounds before it
    (``Rules.frozen_before_cut``: a top cut written as Swiss rounds, or a second day only the
    leaders by points play, :func:`points_cuts`). The players past the last cut come first,
    then those who stopped before it, and so on back to the first cut; ranks are renumbered in
    that order (a place shared within a part stays shared).

    `table` is the event's standings of every round when they are not :func:`standings`'
    (:func:`standings_with_bracket`).

    Parameters
    ----------
    results : pandas.DataFrame
        One event's match results.
    cut : int or sequence of int
        The rounds the event is cut at.
    rules : Rules
        The rules of the event.
    table : pandas.DataFrame, optional
        The event's standings of every round, where they are not :func:`standings`'.

    Returns
    -------
    pandas.DataFrame
        As :func:`~tourneystats.cards.standings`, in the order above, ``decided_by`` ``"cut"``
        on the last row above a cut.

    Examples
    --------
    >>> results = pd.DataFrame({
    ...     "event": "E", "round": [1, 1, 1, 1, 2, 2], "player": ["A", "B", "C", "D", "A", "C"],
    ...     "opponent": ["B", "A", "D", "C", "C", "A"], "wins": [2, 0, 2, 0, 2, 0],
    ...     "losses": [0, 2, 0, 2, 0, 2], "draws": 0})
    >>> table = standings_before_cut(results, 2, RULES["melee2025"])
    >>> table[["player", "rank", "match_points", "omwp"]].round(4)
      player  rank  match_points    omwp
    0      A     1             6  0.4167
    1      C     2             3  0.6667
    2      B     3             0  1.0000
    3      D     3             0  1.0000
    """
    cuts = sorted({int(c) for c in np.atleast_1d(cut)})
    parts = [standings(results, rules=rules) if table is None else table]
    last = results.groupby(PLAYER, sort=False)[ROUND].max()
    placed: set = set()
    for c in cuts:  # a few cuts per event
        before = set(last.index[last < c]) - placed
        if before:
            earlier = standings(results[results[ROUND] < c], rules=rules)
            parts.insert(1, earlier[earlier[PLAYER].isin(before)])
            placed |= before
    parts[0] = parts[0][~parts[0][PLAYER].isin(placed)]
    offset, ranks, ends = 0, [], []
    for part in parts:
        rank = part[RANK].to_numpy()
        ranks.append(offset + 1 + np.searchsorted(np.sort(rank), rank, side="left"))
        offset += len(part)
        ends.append(offset - 1)
    out = pd.concat(parts, ignore_index=True)
    out[RANK] = np.concatenate(ranks).astype(np.int64)
    if DECIDED_BY in out.columns:  # the last row of a part: separated from the next by a cut
        last = [e for e in ends[:-1] if e >= 0 and e + 1 < len(out)]
        out.loc[last, DECIDED_BY] = "cut"
    return out


def points_cuts(results: pd.DataFrame, rules: Rules) -> list[int]:
    """The rounds of one event that only the leaders by points play: a second day. Round ``c``
    is one when every player of it had at least ``T`` points after the round before, more
    than a win's (a Swiss round whose players with no win or one left is none), at least a
    quarter of that round's players had fewer, and at most a tenth of those with ``T`` or
    more did not play it (no-shows), or at most a tenth of those with more than ``T`` (a cut
    to the first N of the standings, which the tie-breakers draw within the players with
    ``T`` points: one of four with 12 points goes on to the top 8 of a melee.gg event of 34
    players); a round only unbeaten players play (single elimination, where melee.gg counts
    every round for everyone) is none.

    Parameters
    ----------
    results : pandas.DataFrame
        One event's match results.
    rules : Rules
        Its rules (the points of a win, a draw, a loss).

    Returns
    -------
    list of int
        The cut rounds, in order (empty: none).

    Examples
    --------
    Round 4 is played by the four players with 6 points or more after three rounds (A
    unbeaten, C, E and B with one loss), not by the four others:

    >>> pairs = [(1, "A", "B"), (1, "C", "D"), (1, "E", "F"), (1, "G", "H"),
    ...          (2, "A", "C"), (2, "E", "G"), (2, "B", "D"), (2, "F", "H"),
    ...          (3, "A", "E"), (3, "C", "G"), (3, "B", "F"), (3, "D", "H"),
    ...          (4, "A", "C"), (4, "E", "B")]
    >>> rows = [{"event": "E", "round": r, "player": p, "opponent": q, "wins": w, "losses": 2 - w,
    ...          "draws": 0} for r, a, b in pairs for p, q, w in ((a, b, 2), (b, a, 0))]
    >>> points_cuts(pd.DataFrame(rows), RULES["melee2025"])
    [4]
    """
    rnd = results[ROUND].to_numpy()
    rounds, k = np.unique(rnd, return_inverse=True)
    names, who = np.unique(results[PLAYER].astype(str).to_numpy(), return_inverse=True)
    w, lo = results[WINS].to_numpy(), results[LOSSES].to_numpy()
    points = np.where(w > lo, rules.win, np.where(w < lo, rules.loss, rules.draw))
    grid = np.zeros((names.size, rounds.size))
    np.add.at(grid, (who, k), points)
    played = np.zeros(grid.shape, dtype=bool)
    played[who, k] = True
    total = np.cumsum(grid, axis=1)
    cuts = []
    for i in range(1, rounds.size):  # the event's rounds (a few)
        on, prev, before = played[:, i], played[:, i - 1], total[:, i - 1]
        least = before[on].min() if on.any() else 0
        if least <= rules.win or least >= rules.win * i:  # a Swiss round; single elimination
            continue
        leaders, above = prev & (before >= least), prev & (before > least)
        by_points = (leaders & ~on).sum() <= 0.1 * leaders.sum()
        first_n = above.any() and (above & ~on).sum() <= 0.1 * above.sum()
        if (by_points or first_n) and (prev & (before < least)).sum() >= 0.25 * prev.sum():
            cuts.append(int(rounds[i]))
    return cuts


def frozen_cuts(results: pd.DataFrame, top_cut: int, rules: Rules) -> list[int]:
    """The rounds one event's standings are cut at under `rules`: its top cut written as Swiss
    rounds (`top_cut`, 0 if none) and a second day before it that only the leaders by points
    play (:func:`points_cuts`: one such round; several are an elimination format, double
    elimination, where melee.gg counts every round for everyone); none unless
    ``Rules.frozen_before_cut``.

    Parameters
    ----------
    results : pandas.DataFrame
        One event's match results.
    top_cut : int
        The first round of its top cut written as Swiss rounds (``cut_round`` of
        :func:`~tourneystats.cards.read_mtg_json`'s events), 0 if none.
    rules : Rules
        Its rules.

    Returns
    -------
    list of int
        The rounds to cut at, in order, for :func:`standings_before_cut`.

    Measured on the melee.gg files of the public MTG archive whose points agree: the 20 events
    with one such round (6 to 502 players): 18 reproduce 17,075 more tie-break values with it,
    one as many, one (6 players) 6 fewer; the 5 with several would reproduce 63 fewer. A cut
    to the first N that splits a points total (found since): 16 more files, 14 reproducing
    3,984 more values, 2 whose points disagree 31 fewer.

    Examples
    --------
    >>> pairs = [(1, "A", "B"), (1, "C", "D"), (2, "A", "C"), (2, "B", "D"), (3, "A", "B")]
    >>> rows = [{"event": "E", "round": r, "player": p, "opponent": q, "wins": w, "losses": 2 - w,
    ...          "draws": 0} for r, a, b in pairs for p, q, w in ((a, b, 2), (b, a, 0))]
    >>> frozen_cuts(pd.DataFrame(rows), 3, RULES["melee2024"])
    [3]
    """
    if not rules.frozen_before_cut:
        return []
    cuts = [c for c in points_cuts(results, rules) if not top_cut or c < top_cut]
    if len(cuts) > 1:  # an elimination format (a cut every round): everyone's every round
        cuts = []
    return sorted(cuts + ([top_cut] if top_cut else []))


def standings_with_bracket(
    results: pd.DataFrame, bracket: pd.DataFrame, rules: Rules
) -> pd.DataFrame:
    """The standings of one event whose bracket rounds (`bracket`: Quarterfinals, Semifinals,
    Finals, numbered after the Swiss rounds) count in their players' tie-breakers as rounds
    without match points (``Rules.playoff_tiebreakers``): points from the Swiss rounds, the
    match-win % opponents see over every round, games and opponents of every round (each
    bracket meeting one more opponent). The other players keep their Swiss standings.

    Parameters
    ----------
    results : pandas.DataFrame
        One event's Swiss results.
    bracket : pandas.DataFrame
        Its bracket's matches as results rows (:func:`~tourneystats.cards.decklistcache.bracket_rows`).
    rules : Rules
        Its rules (``playoff_tiebreakers``).

    Returns
    -------
    pandas.DataFrame
        As :func:`~tourneystats.cards.standings`; the places are the Swiss ones.

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


def event_standings(
    results: pd.DataFrame, record: dict, rules: Rules, *, bracket: pd.DataFrame | None = None
) -> pd.DataFrame | None:
    """One MTG JSON event's standings as its publisher computes them, where they are not
    :func:`~tourneystats.cards.standings` of its rounds (None where they are).

    Parameters
    ----------
    results : pandas.DataFrame
        The event's results (one event).
    record : dict
        The event's row of :func:`~tourneystats.cards.read_mtg_json`'s ``events`` (its file,
        ``cut_round``).
    rules : Rules
        The rules the event is computed with.
    bracket : pandas.DataFrame, optional
        The event's bracket rows (of :func:`~tourneystats.cards.read_mtg_json`'s ``bracket``;
        ``record["bracket_unread"]`` says why there are none, if it says); by default read
        from ``record["file"]`` (:func:`~tourneystats.cards.decklistcache.bracket_rows`) when
        the rules need them.

    Returns
    -------
    pandas.DataFrame or None
        The bracket named ``Quarterfinals``/``Semifinals``/``Finals`` counted in its players'
        tie-breakers (``Rules.playoff_tiebreakers``, :func:`standings_with_bracket`), then the
        event cut at its cuts (``Rules.frozen_before_cut``, :func:`frozen_cuts`,
        :func:`standings_before_cut`); None when neither applies.

    Examples
    --------
    >>> pairs = [(1, "A", "B"), (1, "C", "D"), (2, "A", "C"), (2, "B", "D"), (3, "A", "B")]
    >>> rows = pd.DataFrame([{"event": "E", "round": r, "player": p, "opponent": q, "wins": w,
    ...     "losses": 2 - w, "draws": 0} for r, a, b in pairs for p, q, w in ((a, b, 2), (b, a, 0))])
    >>> event_standings(rows, {"event": "E", "cut_round": 3}, RULES["melee2024"])["player"].tolist()
    ['A', 'B', 'C', 'D']
    >>> event_standings(rows, {"event": "E", "cut_round": 0}, RULES["melee2024"]) is None
    True
    """
    top = record.get(CUT_ROUND)
    top = 0 if top is None or pd.isna(top) else int(top)
    base = None
    if not top and rules.playoff_tiebreakers:
        if bracket is None and isinstance(record.get(FILE), str):
            bracket = bracket_rows(record[FILE], record[EVENT])
        elif bracket is not None and isinstance(record.get(UNREAD), str):
            warnings.warn(record[UNREAD], stacklevel=2)  # (as bracket_rows says it)
        if bracket is not None and len(bracket):
            base = standings_with_bracket(results, bracket, rules)
    cuts = frozen_cuts(results, top, rules)
    return standings_before_cut(results, cuts, rules, table=base) if cuts else base
