"""Comparing the standings card-tournament files publish with the computed ones.

:func:`check_from_path` (``tourneystats check PATH --family cards``) reads a file or folder,
computes each event's standings with the rules the caller names or those the file implies
(:mod:`~tourneystats.cards.publishers`), and compares, through
``core.check.compare``, at each event's published precision:

- **MTGODecklistCache JSON** files: ``Points``, ``OMWP``, ``GWP``, ``OGWP`` and ``Rank`` (the
  rank only of players who played no playoff round: theirs comes from the bracket), where the
  file gives a value (a null is none). A file with
  match results only (topdeck.gg) has no game scores: its ``GWP`` and ``Rank`` (which GW%
  decides among equal players) are not compared, and its ``OGWP`` is compared with the average
  of the opponents' *published* GW% (floored, averaged as the rules say), which checks the
  averaging; not for a player who met an opponent whose GW% is not published (a deleted
  account who won a match, a name two players share): the file cannot give his.
- **TOM** files: the ``place`` of each player in his division (TOM exports no percentages),
  except players of the top cut.
- **Tables** (CSV, Parquet) with their published standings beside them: a table named like the
  results with ``standings`` for ``matches`` or ``results`` (``melee-14643-standings.csv`` next
  to ``melee-14643-matches.csv``), or in a folder every table named ``*standings*``. Its columns
  ``rank``, ``match_points`` (or ``points``), ``omw``/``omwp``, ``gw``/``gwp``, ``ogw``/``ogwp``
  are compared (rules: ``mtg`` unless named).

Left out of the comparison, with a warning: published players without any Swiss match (no-shows,
published as zeros), players sharing their name with another (their matches cannot be told
apart), and computed players the standings do not list (topdeck.gg's ``"Deleted"`` accounts,
players melee.gg removed from its standings); these keep their matches in their opponents'
values but take no place. A JSON file's ranks are compared as places among the players compared
on both sides, numbered as the file numbers them (melee.gg places some no-shows among the
players who played: the computed places skip the places it gave them).

Places the rules do not decide are not differences: players level on every criterion share a
place, which agrees with each of the places it covers (the publisher orders them by something
the file does not hold). Values are compared at the published precision, within one unit of the
last decimal where the preset says the publisher's last digit is approximate
(``Rules.last_digit``).

For topdeck.gg files, without named rules, two repairs use the published ``Points`` only (never a
tie-breaker): the event's points scheme is the one of 3/1, 4/2 and 5/1 (win/draw) that gives
most players their published points (events set their own; 3/1 when equal), and a player with no
table in an earlier Swiss round whose published points exceed the computed ones by exactly a win
per such round gets a bye in each (topdeck.gg's files lose some round-1 byes and late entries).
"""

from __future__ import annotations

import os
import warnings
from dataclasses import replace
from pathlib import Path

import numpy as np
import pandas as pd

from ..core.check import compare
from ..core.folders import names_its_source, standings_beside
from ..core.io import read_table
from ..core.people import with_clean_names, with_people
from ..core.schema import (
    EVENT,
    GWP,
    LOSSES,
    MATCH_POINTS,
    NAME,
    OGWP,
    OMWP,
    OPPONENT,
    PLAYER,
    RANK,
    ROUND,
    WINS,
    ValidationError,
)
from .decklistcache import JSON_SUFFIXES, read_mtg_json, shared_label
from .earlier import EARLIER, TIE_BREAKERS, earlier_rounds, ranked_with, shown_earlier
from .files import _concat, _read_results, _result_files
from .homonyms import told_apart
from .nogames import TOPDECK_SCHEMES, ogwp_from_published, points_schemes, restored_byes
from .published import (
    CUT_ROUND,
    DIVISION,
    GAME_SCORES,
    PLACE,
    PLATFORM,
    PLAYOFFS,
    PRECISION,
    CardsFile,
)
from .publishers import event_standings, frozen_cuts, implied_rules, with_bye_players
from .rules import Rules, get_rules
from .tables import standings
from .tom import TOM_SUFFIXES, read_tom

__all__ = ["check_from_path"]

#: the published JSON values and the computed columns they are compared with
JSON_VALUES = {"Points": MATCH_POINTS, "OMWP": OMWP, "GWP": GWP, "OGWP": OGWP, "Rank": RANK}
#: published table columns (any spelling) and the computed columns they are compared with
TABLE_VALUES = {
    RANK: RANK,
    MATCH_POINTS: MATCH_POINTS,
    "points": MATCH_POINTS,
    "omw": OMWP,
    OMWP: OMWP,
    "gw": GWP,
    GWP: GWP,
    "ogw": OGWP,
    OGWP: OGWP,
}
_FROM_PUBLISHED = "ogwp (opponents' published gw)"


def _among(frame: pd.DataFrame, other: pd.DataFrame) -> np.ndarray:
    """Rows of `frame` whose (event, player) is one of `other`'s."""
    keys = pd.MultiIndex.from_frame(other[[EVENT, PLAYER]].astype(str))
    return pd.MultiIndex.from_frame(frame[[EVENT, PLAYER]].astype(str)).isin(keys)


def _left_out(what: str, items: list[str]) -> None:
    if items:
        warnings.warn(left_out_text(what, items), stacklevel=4)


def left_out_text(what: str, items: list[str]) -> str:
    """The warning of values not compared: `what`, then the first five `items`."""
    shown = ", ".join(items[:5]) + (f" and {len(items) - 5} more" if len(items) > 5 else "")
    return f"not compared: {what}: {shown}"


def _comparable(published: pd.DataFrame, results: pd.DataFrame, event: str) -> pd.DataFrame:
    """The published rows that can be compared: a unique name with Swiss matches."""
    names = published[PLAYER]
    twice = names.duplicated(keep=False)
    played = names.isin(results[PLAYER])
    _left_out(f"{event}: players sharing a name", sorted(set(names[twice])))
    _left_out(f"{event}: published players without a Swiss match", list(names[~played & ~twice]))
    return published[~twice & played]


def _repaired(
    results: pd.DataFrame, published: pd.DataFrame, rules: Rules, event: str
) -> tuple[Rules, pd.DataFrame]:
    """A topdeck.gg event's rules with the points scheme that gives most players their
    published points, and its rows with the byes missing from the file
    (:mod:`~tourneystats.cards.nogames`)."""
    win, draw = TOPDECK_SCHEMES[points_schemes(results, published, {event: 0})[0]]
    if (win, draw) != (rules.win, rules.draw):
        rules = replace(rules, win=win, draw=draw)
    byes, said = restored_byes(results, published, rules)
    if not len(byes):
        return rules, results
    warnings.warn(said[event], stacklevel=4)
    return rules, pd.concat([results, byes], ignore_index=True)


def _published_places(ours: pd.DataFrame, theirs: pd.DataFrame) -> pd.DataFrame:
    """`ours` (one event's computed standings of the players compared on both sides) with each
    rank turned into the place the publisher gives that rank among the same players: the k-th
    place among them is the k-th of their published ranks (the publisher's numbering counts
    players not compared: no-shows it ranks among the others, the playoffs' players). Players
    sharing a place cover the publisher's places from it: each keeps his own published rank
    when it is one of them (a no-show the publisher placed inside the tie leaves a gap), else
    takes the first."""
    rank = ours[RANK].astype("float64").to_numpy()
    order = np.sort(rank)
    place = np.searchsorted(order, rank, side="left")  # 0-based, among these players
    size = np.searchsorted(order, rank, side="right") - place  # players sharing the place
    own = pd.to_numeric(ours[PLAYER].map(theirs.set_index(PLAYER)["Rank"]), errors="coerce")
    own = own.astype("float64").to_numpy()
    published = np.sort(pd.to_numeric(theirs["Rank"], errors="coerce").dropna().to_numpy())
    if published.size != rank.size:  # some published ranks missing: count among these only
        return ours.assign(**{RANK: place + 1})
    first, last = published[place], published[place + size - 1]
    covered = (size > 1) & (own >= first) & (own <= last)
    return ours.assign(**{RANK: np.where(covered, own, first)})


def _json_event(data: CardsFile, event: str, rules: Rules, implied: bool) -> pd.DataFrame | None:
    """The comparison of one JSON event's published standings."""
    results = data.results[data.results[EVENT] == event]
    published = data.published[data.published[EVENT] == event]
    record = data.events[data.events[EVENT] == event].iloc[0]
    if not len(results) or not len(published):
        what = "no Swiss round (MTGO files hold the playoffs only)" if not len(results) else (
            "no published standings"
        )  # fmt: skip
        _left_out("files with nothing to compare", [f"{record['file']}: {what}"])
        return None
    if implied and record[PLATFORM] == "topdeck":
        rules, results = _repaired(results, published, rules, event)
    bracket = None if data.bracket is None else data.bracket[data.bracket[EVENT] == event]
    table = event_standings(results, dict(record), rules, bracket=bracket)
    if table is None:
        table = standings(results, rules=rules)
    names = published[PLAYER]
    labels = {
        shared_label(str(n), k) for n, c in names.value_counts().items() for k in range(2, c + 1)
    }
    extra = set(table[PLAYER]) - set(names) - labels  # the k-th of a shared name: "name (k)"
    _left_out(f"{event}: computed players the standings do not list", sorted(map(str, extra)))
    published = _comparable(published, results, event)
    values = {"Points": MATCH_POINTS, "OMWP": OMWP}
    unknown: list[str] = []  # players whose OGWP the file cannot give
    if rules.published_records and set(RECORDS) <= set(published.columns):
        table = table.assign(**_records(results, table[PLAYER]))
        values.update({key: key for key in RECORDS})
    if rules.game_scores:
        values.update({"GWP": GWP, "OGWP": OGWP})
    else:
        ogwp, unknowable = ogwp_from_published(results, published, rules)
        table[_FROM_PUBLISHED] = table[PLAYER].map(ogwp.xs(event, level=0))
        unknown = list(unknowable.get_level_values(1))
        values["OGWP"] = _FROM_PUBLISHED
        unknown = sorted(map(str, published.loc[published[PLAYER].isin(unknown), PLAYER]))
        _left_out(f"{event}: OGWP of players who met an opponent without a published GW%", unknown)
    out = compare(
        published,
        table[table[PLAYER].isin(published[PLAYER])],
        keys=[EVENT, PLAYER],
        values=values,
        last_digit=rules.last_digit,
    )
    # a null is no published value; an OGWP the file cannot give is not compared
    unknowable = out["value"].eq("OGWP") & out[PLAYER].isin(unknown)
    out = out[(out["published"].notna() & ~unknowable).to_numpy()].copy()
    out[EARLIER] = pd.array([pd.NA] * len(out), dtype="Int64")
    if not rules.game_scores:  # ranks depend on the GW% the file cannot give
        return out
    given = _with_earlier(out, results, published, table, rules, record)
    players = data.players[data.players[EVENT] == event]
    swiss_only = published[~published[PLAYER].isin(players.loc[players[PLAYOFFS], PLAYER])]
    ranks = _ranks(table, published, swiss_only)
    ranks[EARLIER] = pd.array([pd.NA] * len(ranks), dtype="Int64")
    if given is not None:  # a rank wrong here, right given the earlier values: marked, not equal
        again = _ranks(given[0], published, swiss_only).set_index(PLAYER)["equal"]
        explained = ~ranks["equal"].astype(bool) & ranks[PLAYER].map(again).eq(True)
        ranks.loc[explained, EARLIER] = given[1]
    return pd.concat([out, ranks], ignore_index=True)


#: the records an MTG JSON file publishes: matches won, lost and drawn (``Rules.published_records``)
RECORDS = ("Wins", "Losses", "Draws")


def _records(results: pd.DataFrame, players: pd.Series) -> dict[str, pd.Series]:
    """Each player's matches won, lost and drawn in `results` (a bye a win, a loss to no one
    a loss), as columns named as the file's (:data:`RECORDS`) for the rows of `players`."""
    bye = results[OPPONENT].isna().to_numpy()
    w, l = results[WINS].to_numpy(), results[LOSSES].to_numpy()  # noqa: E741
    kinds = {"Wins": (w > l) | (bye & (w >= l)), "Losses": w < l, "Draws": ~bye & (w == l)}
    counts = pd.DataFrame(kinds).groupby(results[PLAYER].to_numpy()).sum()
    return {key: players.map(counts[key]).fillna(0).astype("int64") for key in RECORDS}


def _ranks(table: pd.DataFrame, published: pd.DataFrame, swiss_only: pd.DataFrame) -> pd.DataFrame:
    """The published ranks of the players of the Swiss rounds compared with `table`'s, as
    places among the players on both sides (:func:`_published_places`)."""
    both = published[PLAYER][published[PLAYER].isin(table[PLAYER])]
    ours = _published_places(
        table[table[PLAYER].isin(both)], published[published[PLAYER].isin(both)]
    )
    ranks = compare(
        swiss_only,
        ours[ours[PLAYER].isin(swiss_only[PLAYER])],
        keys=[EVENT, PLAYER],
        values={"Rank": RANK},
        places=["Rank"],
    )
    return ranks[ranks["published"].notna()].copy()


def _with_earlier(
    out: pd.DataFrame,
    results: pd.DataFrame,
    published: pd.DataFrame,
    table: pd.DataFrame,
    rules: Rules,
    record: pd.Series | dict,
) -> tuple[pd.DataFrame, int] | None:
    """Mark in `out` (``published_after``) the tie-breakers that are standings after an earlier
    round (:func:`~tourneystats.cards.earlier.earlier_rounds`) of the players who left before
    the last Swiss round and of those knocked out of a top cut written as Swiss rounds before
    its last round, and return `table` ranked with those values and the latest such round of a
    player who left (of one knocked out if none; None if no one: the ranks that agree only
    given them are marked with it, and are not counted equal)."""
    top = record.get(CUT_ROUND)
    top = 0 if top is None or pd.isna(top) else int(top)
    end = int(results[ROUND].max())
    last_round = top - 1 if top else end
    if rules.earlier_standings is None:
        return None
    differ = out["value"].isin(list(TIE_BREAKERS)).to_numpy() & ~out["equal"].to_numpy(dtype=bool)
    last = results.groupby(PLAYER, observed=True)[ROUND].max()
    theirs = out.loc[differ, PLAYER].map(last)
    knocked_out = top > 0 and bool(((theirs >= top) & (theirs < end)).any())
    if not (theirs < last_round).any() and not knocked_out:  # the usual case: none
        return None
    cuts = [c for c in frozen_cuts(results, top, rules) if c <= last_round]
    first = max(cuts, default=1)
    matches = earlier_rounds(results, published, table, rules, last_round, first)
    listed_after = rules.earlier_standings == "listed_after"
    left = last[(last < last_round) & (last >= first)] if listed_after else None
    shown = shown_earlier(matches, left)
    when = shown.dropna(subset=[ROUND]).set_index(PLAYER)[ROUND]
    if knocked_out:  # ranked among the cut's players by the values shown, never after them
        cut = shown_earlier(earlier_rounds(results, published, table, rules, end, top))
        shown = pd.concat([f for f in (shown, cut) if len(f)] or [shown], ignore_index=True)
    earlier = shown[shown[ROUND].notna()]
    if not len(earlier):
        return None
    at = earlier.set_index(PLAYER)[ROUND]
    marked = differ & out[PLAYER].isin(at.index).to_numpy()
    out.loc[marked, EARLIER] = out.loc[marked, PLAYER].map(at).astype("Int64").to_numpy()
    return ranked_with(table, shown, rules), int(when.max() if len(when) else at.max())


def _json_events(
    files: list[Path], rules: str | Rules | None
) -> list[tuple[dict, Rules, pd.DataFrame | None]]:
    """Per event of the JSON `files`: its record (``data.events``), the rules used and its
    comparison (None: nothing to compare)."""
    data = told_apart(with_bye_players(read_mtg_json(files)))
    out = []
    for record in data.events.to_dict("records"):  # one per file: I/O-sized
        own = (
            get_rules(rules)
            if rules is not None
            else implied_rules(record[PLATFORM], record["date"], record.get(PRECISION))
        )
        if not record[GAME_SCORES] and own.game_scores:
            own = replace(own, game_scores=False)
        out.append((record, own, _json_event(data, record[EVENT], own, rules is None)))
    return out


def _check_json(files: list[Path], rules: str | Rules | None) -> list[pd.DataFrame]:
    return [part for _, _, part in _json_events(files, rules) if part is not None]


def _check_tom(files: list[Path], rules: str | Rules | None) -> list[pd.DataFrame]:
    data = read_tom(files)
    own = get_rules("pokemon" if rules is None else rules)
    if not data.events[GAME_SCORES].any() and own.game_scores:
        own = replace(own, game_scores=False)
    table = standings(data.results, rules=own, within=DIVISION)
    keys = [EVENT, DIVISION, PLAYER]
    published = data.published[data.published[PLACE].notna()]
    top_cut = data.players[data.players[PLAYOFFS]]
    played = _among(published, data.results)
    cut = _among(published, top_cut)
    _left_out("placed players without a Swiss match", list(published.loc[~played, PLAYER]))
    _left_out("players of the top cut (placed by it)", list(published.loc[cut, PLAYER]))
    published = published[played & ~cut]
    ours = table[_among(table, published)]
    checked = compare(published, ours, keys=keys, values={PLACE: RANK}, places=[PLACE])
    return [with_people(checked, data.players[[EVENT, PLAYER, NAME]])]  # TOM names its players


def _check_tables(path: Path, files: list[Path], rules: str | Rules | None) -> list[pd.DataFrame]:
    """The results tables `files` of `path` against the standings published beside them."""
    found = standings_beside(path)
    if not found:
        raise ValidationError(
            f"{path}: no published standings beside the results (a table named like the results "
            "with 'standings' for 'matches', or '*standings*' in a folder)"
        )
    results = _concat([_read_results(p, None) for p in files])
    used = get_rules("mtg" if rules is None else rules)
    table = standings(results, rules=used)
    out = []
    for standings_file in found:  # I/O: one table per file
        published = with_clean_names(read_table(standings_file), (PLAYER,))
        values = {c: TABLE_VALUES[c] for c in published.columns if c in TABLE_VALUES}
        missing = [c for c in (EVENT, PLAYER) if c not in published.columns]
        if missing or not values:
            raise ValidationError(
                f"{standings_file}: published standings need event, player and one of "
                f"{', '.join(TABLE_VALUES)}"
            )
        if not len(published):
            raise ValidationError(f"{standings_file}: no published standings (no rows)")
        ours = table[_among(table, published)]
        out.append(
            compare(
                published,
                ours,
                keys=[EVENT, PLAYER],
                values=values,
                places=[RANK],
                last_digit=used.last_digit,
            )
        )
    return out


@names_its_source
def check_from_path(path: str | os.PathLike, *, rules: str | Rules | None = None) -> pd.DataFrame:
    """Compare the standings a card-tournament file publishes with the computed ones.

    Parameters
    ----------
    path : path-like
        An MTGODecklistCache JSON file, a TOM export, a results table with its published
        standings beside it, or a folder of them (see the module's description).
    rules : str or Rules, optional
        A preset name or a :class:`Rules` object for every event; by default each file's
        publisher's preset (:mod:`~tourneystats.cards.publishers`), ``mtg`` for tables.

    Returns
    -------
    pandas.DataFrame
        ``core.check.compare``'s table: ``event, [division,] player, value,
        published, computed, equal``, one row per published value compared, each event at its
        own published precision.

    Raises
    ------
    ValidationError
        A file that cannot be read, or nothing to compare (files without Swiss rounds or
        without published standings are left out with a warning).

    Examples
    --------
    >>> from tourneystats.cards import check_from_path
    >>> import json, pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "club.json"
    >>> _ = path.write_text(json.dumps({
    ...     "Tournament": {"Date": "2024-06-30", "Name": "Club", "Uri": "https://example.org/1"},
    ...     "Rounds": [{"RoundName": "Round 1", "Matches": [
    ...                  {"Player1": "Ann", "Player2": "Bo", "Result": "2-1-0"}]}],
    ...     "Standings": [
    ...         {"Rank": 1, "Player": "Ann", "Points": 3, "OMWP": 0.33, "GWP": 0.6667, "OGWP": 0.3333},
    ...         {"Rank": 2, "Player": "Bo", "Points": 0, "OMWP": 1.0, "GWP": 0.3333, "OGWP": 0.6667}]}))
    >>> check_from_path(path)[["player", "value", "published", "computed", "equal"]]
      player   value  published  computed  equal
    0    Ann  Points     3.0000  3.000000   True
    1    Ann    OMWP     0.3300  0.330000   True
    2    Ann     GWP     0.6667  0.666667   True
    3    Ann    OGWP     0.3333  0.333333   True
    4    Ann    Rank     1.0000  1.000000   True
    5     Bo  Points     0.0000  0.000000   True
    6     Bo    OMWP     1.0000  1.000000   True
    7     Bo     GWP     0.3333  0.333333   True
    8     Bo    OGWP     0.6667  0.666667   True
    9     Bo    Rank     2.0000  2.000000   True
    """
    path = Path(path)
    files = _result_files(path) if path.is_dir() else [path]
    suffix = [p.suffix.lower() for p in files]
    json_files = [p for p, s in zip(files, suffix, strict=True) if s in JSON_SUFFIXES]
    tom_files = [p for p, s in zip(files, suffix, strict=True) if s in TOM_SUFFIXES]
    parts = []
    if json_files:
        parts += _check_json(json_files, rules)
    if tom_files:
        parts += _check_tom(tom_files, rules)
    tables = [p for p in files if p not in json_files and p not in tom_files]
    if tables:
        parts += _check_tables(path, tables, rules)
    if not parts:
        raise ValidationError(f"{path}: no published value to compare (see the warnings)")
    table = pd.concat(parts, ignore_index=True)
    front = [c for c in (EVENT, DIVISION, PLAYER, NAME) if c in table.columns]
    table = table.sort_values(front, kind="stable", ignore_index=True)
    return table[front + [c for c in table.columns if c not in front]]
