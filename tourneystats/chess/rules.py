"""Rule sets for unplayed games, chosen per call, per event, or by the event's start date; round
robins, whose forfeits count as played games.

See :mod:`tourneystats.chess` for what each rule set counts.
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from ..core.schema import DATE, EVENT, RULES, TYPE, ValidationError, rule_key
from .kinds import PROGRAM

# --- rule sets -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class RuleSet:
    """How unplayed games enter the tie-breaks, as a rule text reads it.

    The rule sets of :data:`RULE_SETS` follow their source texts; a variant is a rule set with a
    field changed (:meth:`replace`), and may be given wherever a rule-set name is.

    Parameters
    ----------
    name : str
        Rule set name.
    opponent_view : {"adjusted", "trailing_byes_draw"}
        An opponent's score as counted: ``"adjusted"`` = over-the-board points + a draw's points
        per unplayed round; ``"trailing_byes_draw"`` = face value except byes/absences after his
        last available round, which count as draws (C.07-2023 art. 16.3);
        ``"trailing_unpaired_draw"`` = the same from his last round *paired*, a forfeit loss
        included (Vega).
    own_unplayed : {"self", "dummy", "dummy_capped", "dummy_seen", "virtual"}
        The stand-in opponent of an own unplayed round: the player himself with his adjusted
        score and a draw as result (``"self"``), a dummy with the player's final score
        (``"dummy"``), the same capped as C.07-2026 art. 16.4 says (``"dummy_capped"``), a
        dummy with the player's score as his opponents count it (`opponent_view`: his byes
        and absences after his last available round as draws) and the points awarded as
        result (``"dummy_seen"``, as chessmanager.com publishes), or the 2009 virtual
        opponent (``"virtual"``).
    vur_cut_first : bool
        Whether cut modifiers cut voluntarily unplayed rounds first (C.07-2023 art. 16.5).
    round_robin_forfeits : {"played", "c07_2026", "tiebreakserver"}
        Forfeits in round robins: games for every tie-break (``"played"``, C.07-2024 15.2);
        games except that every forfeit stays unplayed in the rating-based tie-breaks (art. 10)
        and every forfeit loss in the Type B ones of art. 7 (``"c07_2026"``, C.07-2026 15.2); or
        both forfeit wins and losses unplayed in those (``"tiebreakserver"``, as FIDE's
        TieBreakServer 1.9 computes them).
    buchholz_in_round_robins : bool
        Whether BH, FB and AOB may be used in round robins (C.07-2026 art. 8 note: "must not").
    pab_in_sb : {"stand_in", "zero"}
        What a pairing-allocated bye adds to SB: its stand-in's score times the bye's points, as
        for every unplayed round (``"stand_in"``), or nothing (``"zero"``: Vega's club exports of
        early 2026).
    sb_unplayed : {"awarded", "draw"}
        The result an own unplayed round counts with in SB: the points awarded
        (``"awarded"``), or a draw against its stand-in whatever was awarded (``"draw"``:
        Swiss-Manager under FIDE 2009, as its published standings show).
    aro_cut : {"lowest", "unplayed_first"}
        What an ARO cut takes: the lowest rating (``"lowest"``), or a round without a game
        first, a player with one keeping every opponent he played (``"unplayed_first"``:
        Swiss-Manager).
    encounter_board_count : {"lowest_first", "tiebreakserver"}
        The board count step of the team extended direct encounter (EDEC, EDEBT, EDEBB; C.07
        2026 art. 13.3.2, which applies art. 12 to the match(es) between two teams still tied):
        the lower board count of the two ranks first, as art. 12.1 reads (``"lowest_first"``),
        or the higher (``"tiebreakserver"``: FIDE's TieBreakServer, whose own BC column ranks
        the lower first).
    unplayed_in_round_robins : {"not_counted", "as_swiss"}
        The rounds without a game in a round robin (the round an odd number of players' free
        player sits out, an absence): ``"not_counted"`` (C.07 15.2-15.3: the unplayed-round rules
        of art. 16 are for Swiss events; such a round adds nothing to the opponents' scores
        tie-breaks, and a player's score is seen at face value), or handled as in a Swiss event
        (``"as_swiss"``, the French tie-break text's adjusted score, which makes no difference).

    Examples
    --------
    >>> from tourneystats.chess import RULE_SETS
    >>> RULE_SETS["fide2026"].replace(name="ours", round_robin_forfeits="played").name
    'ours'
    """

    name: str
    opponent_view: str
    own_unplayed: str
    vur_cut_first: bool
    round_robin_forfeits: str = "played"
    buchholz_in_round_robins: bool = True
    unplayed_in_round_robins: str = "not_counted"
    pab_in_sb: str = "stand_in"
    sb_unplayed: str = "awarded"
    aro_cut: str = "lowest"
    encounter_board_count: str = "lowest_first"

    def __post_init__(self) -> None:
        for field, allowed in _ALLOWED.items():
            if getattr(self, field) not in allowed:
                raise ValueError(
                    f"RuleSet {self.name!r}: {field}={getattr(self, field)!r}; expected one of "
                    f"{allowed}"
                )

    def replace(self, **changes: Any) -> RuleSet:
        """A copy with some fields changed (give it a new ``name``)."""
        return dataclasses.replace(self, **changes)


_ALLOWED = {
    "opponent_view": ("adjusted", "trailing_byes_draw", "trailing_unpaired_draw"),
    "own_unplayed": ("self", "dummy", "dummy_capped", "dummy_seen", "virtual"),
    "vur_cut_first": (True, False),
    "round_robin_forfeits": ("played", "c07_2026", "tiebreakserver"),
    "buchholz_in_round_robins": (True, False),
    "unplayed_in_round_robins": ("not_counted", "as_swiss"),
    "pab_in_sb": ("stand_in", "zero"),
    "sb_unplayed": ("awarded", "draw"),
    "aro_cut": ("lowest", "unplayed_first"),
    "encounter_board_count": ("lowest_first", "tiebreakserver"),
}


class _Default(str):
    """A rule-set name given as a function's default (not by the caller): the individual
    functions' default, which board rows of team events, handed to the team functions, replace
    by theirs (:data:`TEAM_RULES`)."""

    __slots__ = ()


#: the default rule set of the individual functions (``standings``, ``standings_by_round``,
#: ``explain``): the adjusted score; a name the caller gives is a plain ``str``
INDIVIDUAL_RULES: str = _Default("adjusted")
#: the default rule set of the team functions: by each event's date, fide2024 when undated
TEAM_RULES = "auto:fide2024"


RULE_SETS: dict[str, RuleSet] = {
    "adjusted": RuleSet("adjusted", "adjusted", "self", False, unplayed_in_round_robins="as_swiss"),
    "fide2024": RuleSet("fide2024", "trailing_byes_draw", "dummy", True),
    "fide2026": RuleSet("fide2026", "trailing_byes_draw", "dummy_capped", True, "c07_2026", False),
    "fide2009": RuleSet("fide2009", "adjusted", "virtual", False),
    # Vega (the pairing program): C.07 (2024) without the 2026 caps, even in events after
    # 2026-03-01; an opponent's trailing byes count as draws from his last *paired* round (a
    # forfeit loss is paired). See tourneystats.chess.vega and the archive measured there.
    "vega2024": RuleSet("vega2024", "trailing_unpaired_draw", "dummy", True),
    # Vega run with its FIDE 2009 unplayed-games option (the virtual opponent), which club
    # events of 2024-2025 still use; the pages do not print which option an event used
    "vega2009": RuleSet("vega2009", "adjusted", "virtual", False),
    # Vega's club exports of events started in the first months of 2026: as vega2024, but a
    # pairing-allocated bye adds nothing to SB (8 of 8 such byes in 3 events; BH counts it)
    "vega2026a": RuleSet("vega2026a", "trailing_unpaired_draw", "dummy", True, pab_in_sb="zero"),
    # Vega with the C.07 (2026) caps of the dummy opponent (art. 16.4), as club events of
    # 2026 published by a newer Vega show
    "vega2026": RuleSet(
        "vega2026", "trailing_unpaired_draw", "dummy_capped", True, "c07_2026", False
    ),
    # chessmanager.com from April 2024: C.07 (2024), but the dummy of an own unplayed round has
    # the player's score as his opponents count it (a withdrawn player's dummy counts his
    # rounds after he left as draws), not his final score
    "chessmanager2024": RuleSet("chessmanager2024", "trailing_byes_draw", "dummy_seen", True),
    # Swiss-Manager with FIDE 2009's rules: an own unplayed round counts in SB as a draw
    # against the virtual opponent (Moscow Open 2018: 220 of 220 SB values), and an ARO cut
    # takes a round without a game first (World Blitz 2021: 179 of 179 ARO/C1 values)
    "swissmanager2009": RuleSet(
        "swissmanager2009",
        "adjusted",
        "virtual",
        False,
        sb_unplayed="draw",
        aro_cut="unplayed_first",
    ),  # fmt: skip
}
_RULE_NAMES = tuple(RULE_SETS)


# --- presets: the rule sets a program applies, by date -------------------------------------------


@dataclass(frozen=True)
class Preset:
    """The rule set a pairing program (or FIDE) applies to an event, by its start date.

    A preset is given wherever a rule-set name is (``rules="chessmanager"``, ``--rules
    chessmanager``): each event gets the rule set in force at its start date, and an event
    without a date is refused unless a fallback rule set is named after a colon
    (``"chessmanager:fide2009"``), as for ``"auto"``.

    Parameters
    ----------
    name : str
        The preset's name.
    program : str
        Who applies it.
    first : str
        The rule set (a name of :data:`RULE_SETS`) before the first change.
    changes : tuple of (str, str)
        ``(ISO date, rule set)``: from that start date on, that rule set.
    evidence : str
        What the dates and rule sets are taken from.
    options : tuple of str
        The program's other rule sets, which its files do not name: an option its user sets
        per event (Vega's FIDE 2009 unplayed-games option), or the rule set of a version still
        installed after the change. ``check`` compares an event whose published values its
        date's rule set does not all reproduce under these too, and keeps the one reproducing
        most (``chosen_by``: ``"published values"``); ``standings`` uses the date's.

    Examples
    --------
    >>> from tourneystats.chess import PRESETS
    >>> PRESETS["chessmanager"].rule_set_on("2024-03-31"), PRESETS["chessmanager"].rule_set_on(
    ...     "2024-04-01")
    ('fide2009', 'chessmanager2024')
    """

    name: str
    program: str
    first: str
    changes: tuple[tuple[str, str], ...] = ()
    evidence: str = ""
    options: tuple[str, ...] = ()

    @property
    def rule_sets(self) -> tuple[str, ...]:
        """Every rule set of the preset: the dated ones in date order, then the options."""
        dated = (self.first, *(r for _, r in self.changes))
        return tuple(dict.fromkeys((*dated, *self.options)))

    def __post_init__(self) -> None:
        unknown = [r for r in self.rule_sets if r not in RULE_SETS]
        if unknown:
            raise ValueError(f"Preset {self.name!r}: unknown rule set(s) {unknown}")
        dates = [pd.Timestamp(d) for d, _ in self.changes]
        if dates != sorted(dates):
            raise ValueError(f"Preset {self.name!r}: the changes must be in date order")

    def rule_set_on(self, date: str | datetime.date | np.datetime64) -> str:
        """The rule set of an event that starts on `date`."""
        return str(self.rule_sets_on(pd.DatetimeIndex([pd.Timestamp(date)]))[0])

    def rule_sets_on(self, dates: Any) -> np.ndarray:
        """The rule set of each event starting on `dates` (an undated one: the first)."""
        when = pd.DatetimeIndex(pd.to_datetime(dates)).as_unit("ns")
        limits = pd.DatetimeIndex([d for d, _ in self.changes]).as_unit("ns").asi8
        in_force = np.array([self.first, *(r for _, r in self.changes)], dtype=object)
        found = in_force[np.searchsorted(limits, when.asi8, side="right")]
        return np.where(when.isna(), self.first, found).astype(object)


#: the presets: FIDE's editions by the dates they came into force (``"auto"``), and each
#: program's rule sets by the dates it changed them
PRESETS: dict[str, Preset] = {
    "auto": Preset(
        "auto",
        "FIDE",
        "fide2009",
        (("2023-09-01", "fide2024"), ("2026-03-01", "fide2026")),
        "C.07 (2024) in force from 2023-09-01, C.07 (2026) from 2026-03-01",
    ),
    "chessmanager": Preset(
        "chessmanager",
        "chessmanager.com",
        "fide2009",
        (("2024-04-01", "chessmanager2024"),),
        "chessmanager.com's published standings of a club series (Pomysl GrandPrix, Poznan, "
        "2021-09 to 2025-05: 168 events, 7,030 BH and BH/C1 values, all reproduced; "
        "tests/data/chess/chessmanager): FIDE 2009 up to the event of 2024-03-27, then C.07 "
        "(2024) with the dummy of an own unplayed round at the player's score as his "
        "opponents count it from the event of 2024-04-10 on; the day between is a guess",
    ),
    "swissmanager": Preset(
        "swissmanager",
        "Swiss-Manager (chess-results.com)",
        "swissmanager2009",
        (("2023-09-01", "fide2024"), ("2026-03-01", "fide2026")),
        "Swiss-Manager names the edition of each tie-break in its label ('Buchholz Tie-Breaks "
        "Cut-1 (2026)' next to 'Median-1 (2023)'): those columns are computed under their "
        "edition (programs.SWISS_MANAGER_LABELS); for the others FIDE's dates are used. "
        "chess-results.com crosstables of 2018 and 2021 reproduce BH and BH/C1 under FIDE "
        "2009 (798 of 798; tests/data/chess/swissmanager), their SB and ARO/C1 under its own "
        "reading of it (swissmanager2009: 220 of 220 and 179 of 179); a club's event of "
        "January 2026 was computed with the 2009 rules, which its user may still choose: the "
        "program applies its settings, not a date (options: its 2009 rules and each later "
        "edition). A postponed game counted in Buchholz is not modelled "
        "(tests/test_chess_swissmanager.py)",
        options=("swissmanager2009", "fide2024", "fide2026"),
    ),
    "vega": Preset(
        "vega",
        "Vega",
        "vega2024",
        (("2026-01-01", "vega2026a"), ("2026-04-01", "vega2026")),
        "a club's Vega web exports (tests/benchmarks/bench_vega_archive.py) reproduce C.07 "
        "(2024) as Vega reads it (vega2024) for events started in 2024-2025; the same with a "
        "pairing-allocated bye adding nothing to SB (vega2026a) for events started 2026-01 to "
        "2026-03-14; the 2026 caps (vega2026) for events started from 2026-04-07 on (one event "
        "of 2026-05-16 still shows vega2026a). The first days of the later rule sets (the "
        "months between) are a guess. Options: Vega's FIDE 2009 unplayed-games option "
        "(vega2009: 11 of the 77 events) and the version a club still runs after a change "
        "(or has re-exported an older event with): the pages print neither",
        options=("vega2009", "vega2024", "vega2026a", "vega2026"),
    ),
}
assert not set(PRESETS) & set(RULE_SETS), "a preset named as a rule set"
#: the preset of each program an event may name (``events.program``): by the preset's name or
#: its program's (``"Vega"``, as the Vega reader writes it)
_PRESET_OF_PROGRAM = {
    **{p.name: p.name for p in PRESETS.values() if p.name != "auto"},
    **{p.program: p.name for p in PRESETS.values() if p.name != "auto"},
}


def rules_for_date(date: str | datetime.date | np.datetime64, preset: str = "auto") -> str:
    """The rule set in force at an event's start `date` (what ``rules="auto"`` uses), or the
    one a program's `preset` applies then.

    Parameters
    ----------
    date : str, datetime.date or numpy.datetime64
        The event's start date (ISO 8601: ``"2024-01-10"``).
    preset : str
        A name of :data:`PRESETS` (``"auto"``: FIDE's editions by the dates they came into force).

    Returns
    -------
    str
        A name of :data:`RULE_SETS`: for ``"auto"``, ``"fide2009"`` before 2023-09-01,
        ``"fide2024"`` before 2026-03-01, else ``"fide2026"``.

    Examples
    --------
    >>> from tourneystats.chess import rules_for_date
    >>> rules_for_date("2019-05-01"), rules_for_date("2024-01-10"), rules_for_date("2026-03-01")
    ('fide2009', 'fide2024', 'fide2026')
    >>> rules_for_date("2024-04-10", "chessmanager")
    'chessmanager2024'
    """
    return PRESETS[preset].rule_set_on(date)


# --- the rule set of each event ------------------------------------------------------------------


def _rule_codes(
    rules: str | RuleSet | Mapping | pd.Series | None,
    event_index: pd.Index,
    events: pd.DataFrame | None,
    results: pd.DataFrame,
) -> tuple[np.ndarray, tuple[RuleSet, ...]]:
    """The rule set of each event: a code per event, and the rule sets the codes index."""
    n = len(event_index)
    rules = _given_rules(rules, events, results)
    if isinstance(rules, RuleSet):
        return np.zeros(n, dtype=np.int8), (rules,)
    if isinstance(rules, str):
        rules = rule_key(rules)
        _check_rule_names([rules])
        if not _dated(rules):
            return np.zeros(n, dtype=np.int8), (RULE_SETS[rules],)
        names = np.full(n, rules, dtype=object)
    elif isinstance(rules, Mapping):
        names = _rule_names_by_event(rules, event_index)
    else:
        raise ValueError(
            f"rules must be a rule-set name, a RuleSet, 'auto', a preset or a mapping, got {rules!r}"
        )
    codes, uniques = pd.factorize(names)
    chosen = np.empty(n, dtype=object)
    dated = np.zeros(n, dtype=bool)
    for k, given in enumerate(uniques):
        mine = codes == k
        if isinstance(given, RuleSet):
            chosen[np.flatnonzero(mine)] = [given] * int(mine.sum())
        elif _dated(given):
            dated |= mine
        else:
            chosen[np.flatnonzero(mine)] = [RULE_SETS[given]] * int(mine.sum())
    if dated.any():
        by_date = _rules_by_date(names, dated, event_index, events, results)
        chosen[np.flatnonzero(dated)] = [RULE_SETS[r] for r in by_date[dated]]
    codes, sets = pd.factorize(chosen)
    return codes.astype(np.int8), tuple(sets)


def _dated(name: object) -> bool:
    """Whether `name` picks a rule set by date: ``"auto"`` or a preset, with or without a
    fallback after a colon (a rule set's name is never a preset's)."""
    return isinstance(name, str) and name not in RULE_SETS and name.partition(":")[0] in PRESETS


def _given_rules(
    rules: str | RuleSet | Mapping | pd.Series | None,
    events: pd.DataFrame | None,
    results: pd.DataFrame,
) -> str | RuleSet | Mapping:
    """`rules` as a name or a mapping: None takes a per-event column, else the default."""
    if rules is None:
        if events is not None and RULES in events.columns:
            rules = events.set_index(EVENT)[RULES]
        elif RULES in results.columns:
            rules = results.groupby(EVENT, observed=True, sort=False)[RULES].first()
        else:
            rules = "adjusted"
    if isinstance(rules, pd.Series):
        rules = rules.to_dict()
    return rules


def _rule_names_by_event(rules: Mapping, event_index: pd.Index) -> np.ndarray:
    """The rule-set name the mapping `rules` gives each event; every event must have one."""
    names = np.empty(len(event_index), dtype=object)
    names[:] = [_key_of(rules.get(e)) for e in event_index]
    missing = event_index[[n is None or (isinstance(n, float) and np.isnan(n)) for n in names]]
    missing = missing.tolist()
    if missing:
        raise ValidationError(
            f"rules: no rule set given for {len(missing)} event(s), e.g. {missing[:5]}"
        )
    _check_rule_names([n for n in pd.unique(names).tolist() if not isinstance(n, RuleSet)])
    return names


def _rules_by_date(
    names: np.ndarray,
    dated: np.ndarray,
    event_index: pd.Index,
    events: pd.DataFrame | None,
    results: pd.DataFrame,
) -> np.ndarray:
    """The rule-set name in force at each `dated` event's start date under its preset (the
    fallback of ``auto:NAME`` when undated); ``"auto"`` follows the preset of the program an
    event names (``events.program``, as the readers set it), else FIDE's dates. A dated event
    without a date and without a fallback is an error."""
    dates = _event_dates(event_index, events, results)
    undated = np.asarray(dates.isna())
    preset, _, fallback = (
        np.array(parts, dtype=object)
        for parts in zip(
            *(str(r).partition(":") if d else ("", "", "") for r, d in zip(names, dated))
        )
    )
    program = _event_programs(event_index, events)
    by_program = (preset == "auto") & np.isin(program, list(_PRESET_OF_PROGRAM))
    if by_program.any():  # "auto": the preset of the program that wrote the event's file
        own = np.array([_PRESET_OF_PROGRAM.get(p, "") for p in program], dtype=object)
        preset = np.where(by_program, own, preset)
        # an undated event of a named program: the program's first rule set
        first = np.array([PRESETS[q].first if q else "" for q in own], dtype=object)
        fallback = np.where(by_program & undated & (fallback == ""), first, fallback)
    stuck = dated & undated & (fallback == "")
    if stuck.any():
        shown = event_index[stuck].tolist()
        given = sorted(set(names[stuck].tolist()))[0]
        raise ValidationError(
            f"rules={given!r}: {len(shown)} event(s) have no start date (TRF 042 / events.date): "
            f"{shown[:5]}; give the dates, a rule set for each event, or a fallback for "
            f"undated events: {given}:fide2009, say (rules='{given}:fide2009', --rules "
            f"{given}:fide2009)"
        )
    out = np.where(dated & undated, fallback, "").astype(object)
    for name in pd.unique(preset[dated & ~undated]):  # (a few presets, not events)
        mine = dated & ~undated & (preset == name)
        out[mine] = PRESETS[name].rule_sets_on(dates[mine])
    return out


def _event_programs(event_index: pd.Index, events: pd.DataFrame | None) -> np.ndarray:
    """The program each event names (``events.program``; "" where none)."""
    if events is None or PROGRAM not in events.columns:
        return np.full(len(event_index), "", dtype=object)
    named = events.set_index(events[EVENT].astype(object))[PROGRAM]
    found = named.reindex(pd.Index(event_index, dtype=object))
    return np.asarray(found.astype(object).where(found.notna(), "").to_numpy(), dtype=object)


def program_rule_set(program: str, date: object) -> str | None:
    """The rule set ``rules="auto"`` takes for an event written by `program` (a preset's name
    or its program's, :data:`PRESETS`) that started on `date` (None or NaT: the program's
    first), or None for a program without a preset of its own.

    Examples
    --------
    >>> program_rule_set("Vega", "2025-08-30"), program_rule_set("Vega", "2026-05-02")
    ('vega2024', 'vega2026')
    >>> program_rule_set("chessmanager", "2024-06-01")
    'chessmanager2024'
    >>> program_rule_set("Swiss-Manager", "2025-01-01") is None
    True
    """
    name = _PRESET_OF_PROGRAM.get(program)
    if name is None:
        return None
    when = pd.Timestamp(date) if date is not None else pd.NaT  # type: ignore[arg-type]
    return PRESETS[name].first if pd.isna(when) else PRESETS[name].rule_set_on(when)


def check_rule_name(name: str) -> str:
    """`name` as matched (trimmed, in lower case: :func:`~tourneystats.core.schema.rule_key`)
    if it is a rule set, ``"auto"``, a preset, or either of those with a fallback
    (``"auto:<rule set>"``); else a ValueError.

    Examples
    --------
    >>> check_rule_name("auto:fide2024"), check_rule_name("FIDE2024")
    ('auto:fide2024', 'fide2024')
    >>> check_rule_name("chessmanager")
    'chessmanager'
    """
    name = rule_key(name)
    _check_rule_names([name])
    return name


def _key_of(name: object) -> object:
    """A rule-set name as matched (:func:`~tourneystats.core.schema.rule_key`); else as is."""
    return rule_key(name) if isinstance(name, str) else name


def _check_rule_names(names: list) -> None:
    """Refuse names that are neither a rule set, ``"auto"``, a preset, nor one of those two
    with a fallback rule set (``"auto:<rule set>"``)."""
    bad = sorted(
        str(r)
        for r in names
        if r not in RULE_SETS
        and not (_dated(r) and str(r).partition(":")[2] in ("", *RULE_SETS))
        or str(r).endswith(":")
    )
    if bad:
        raise ValueError(
            f"unknown rule set(s) {bad}; expected one of {_RULE_NAMES}, a preset "
            f"({', '.join(p for p in PRESETS if p != 'auto')}), 'auto' or 'auto:<rule set>'"
        )


def _event_dates(
    event_index: pd.Index, events: pd.DataFrame | None, results: pd.DataFrame
) -> pd.DatetimeIndex:
    """Start date of each event (NaT where none is known)."""
    if events is not None and DATE in events.columns:
        dates = events.set_index(EVENT)[DATE]
    elif DATE in results.columns:
        dates = results.groupby(EVENT, observed=True, sort=False)[DATE].first()
    else:
        return pd.DatetimeIndex([pd.NaT] * len(event_index))
    dates = pd.Series(pd.to_datetime(dates, errors="coerce").to_numpy(), index=dates.index)
    dates.index = dates.index.astype(object)
    return pd.DatetimeIndex(dates.reindex(pd.Index(event_index, dtype=object)).to_numpy())


# --- round robins --------------------------------------------------------------------------------

#: a type of tournament (TRF ``092``) naming a round robin: "Round Robin", "Individual: round-robin",
#: "Double Round Robin", "Berger", "all-play-all"
ROUND_ROBIN_TYPE = re.compile(r"round[- ]?robin|berger|all[- ]play[- ]all", re.IGNORECASE)


def _resolve_round_robin(
    round_robin: bool | Iterable | None, events: pd.DataFrame | None, results: pd.DataFrame
) -> bool | Iterable:
    """`round_robin` as given; None: the events of `results` whose ``type`` (TRF ``092``, a
    column of `events`, else of `results`) names a round robin (:data:`ROUND_ROBIN_TYPE`)."""
    if round_robin is not None:
        return round_robin
    if not isinstance(results, pd.DataFrame) or EVENT not in results.columns:
        return False  # validation reports it
    source = events if events is not None and TYPE in events.columns else results
    if TYPE not in source.columns or EVENT not in source.columns:
        return False
    source = source[[EVENT, TYPE]].dropna().drop_duplicates(EVENT)
    named = source[TYPE].astype("string").str.contains(ROUND_ROBIN_TYPE, na=False).to_numpy()
    labels = pd.Index(source[EVENT].to_numpy(dtype=object)[named], dtype=object)
    present = labels[labels.isin(pd.unique(results[EVENT].to_numpy(dtype=object)))]
    return present.tolist() or False


def _round_robin_events(round_robin: bool | Iterable | None, event_index: pd.Index) -> np.ndarray:
    """Whether each event is a round robin (`round_robin`: a bool or some event labels)."""
    if round_robin is None or isinstance(round_robin, bool | np.bool_):
        return np.full(len(event_index), bool(round_robin))
    labels = [round_robin] if isinstance(round_robin, str) else list(round_robin)
    wanted = pd.Index(labels, dtype=object)
    unknown = wanted[~wanted.isin(event_index.astype(object))].tolist()
    if unknown:
        raise ValidationError(f"round_robin: no such event(s) in the results: {unknown[:5]}")
    return np.asarray(event_index.astype(object).isin(wanted))
