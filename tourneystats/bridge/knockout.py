"""Knockout team matches: segments, carry-over, the winner of each match and how a tie is
decided, for every match of every stage of every event at once.

A knockout match is two teams' IMPs over one or more segments (sets of boards), plus a
carry-over each team starts with. The winner has the larger total; a tie is decided by the
regulation's rules in their order (:class:`KnockoutRules`).

Input: segment (or match) results, ``event, stage, [match], home_team, visit_team, [segment],
home_imps, visit_imps, [boards], [extra]`` (``extra`` True on the segments played to break a
tie), or board results in the team results shape with ``stage`` and ``segment`` columns
(:func:`~tourneystats.bridge.team_matches`). A match is the two teams' segments of a stage
(``match``, when given, names it; the teams may swap home and visit between segments).

What is refused (a segment listed twice, a carry-over that names no team, extra boards on a
match that was not tied, ...) and accepted with a warning: :func:`knockout_matches`' Notes.

Carry-over
----------
``"none"``; ``"given"`` (a table ``event, stage, team, carry_over``, a team not in it
starting from 0); ``"earlier_match"``: the winner of the two teams' earlier meeting(s)
(`earlier`, match results of an earlier stage, e.g. the round robin) starts with
``min(fraction x margin, cap)`` IMPs, rounded to ``carry_decimals``; or ``"higher_placed"``:
the team placed higher in `standings` (an earlier stage's table with ``team, rank``) starts
with ``carry_value`` IMPs (e.g. the 0.1 IMP of the 2020 World University Championships
online, which leaves no tie).

Ties
----
``ties`` lists, in order: ``"extra_boards"`` (the IMPs of the match's ``extra`` segments),
``"earlier_meeting"`` (the IMP margin of the earlier meeting(s) in `earlier`),
``"higher_placed"`` (the place in `standings`). A tie that none decides leaves ``qualified``
missing and ``decided_by`` ``"tied"``: say what the event did by adding its extra boards.
:func:`extra_boards_due` gives the number of extra boards the EBU's rule asks for.
"""

from __future__ import annotations

import dataclasses
import warnings
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from ..core.schema import (
    BOARDS,
    CARRY_OVER,
    DECIDED_BY,
    EVENT,
    HOME_IMPS,
    HOME_TEAM,
    IMPS,
    MARGIN,
    MATCH,
    NS_SCORE,
    OPPONENT,
    QUALIFIED,
    RANK,
    ROUND,
    SEGMENT,
    STAGE,
    TEAM,
    TOTAL,
    VISIT_IMPS,
    VISIT_TEAM,
    Column,
    ValidationError,
    fail_rows,
    validate,
)
from .teaminput import check_scores, team_names
from .teams import team_matches

EXTRA = "extra"  #: input column: True on a segment played to break a tie
EXTRA_IMPS = "extra_imps"  #: output: IMPs of the extra segments

_CARRY = ("none", "given", "earlier_match", "higher_placed")
_TIES = ("extra_boards", "earlier_meeting", "higher_placed")

_SEGMENT_SPEC = (
    Column(EVENT, "key"),
    Column(STAGE, "key"),
    Column(MATCH, "key", required=False),
    Column(SEGMENT, "key", required=False),
    Column(HOME_TEAM, "key"),
    Column(VISIT_TEAM, "key"),
    Column(HOME_IMPS, "float"),
    Column(VISIT_IMPS, "float"),
    Column(BOARDS, "int", required=False),
    Column(EXTRA, "bool", required=False),
)


@dataclass(frozen=True)
class KnockoutRules:
    """How a knockout stage's matches start (carry-over) and how a tie is decided.

    Parameters
    ----------
    name : str
        Label.
    carry_over : {"none", "given", "earlier_match", "higher_placed"}
        Where the carry-over comes from (see the module).
    fraction, cap : float
        ``"earlier_match"``: the winner of the earlier meeting starts with
        ``min(fraction x margin, cap)`` IMPs (``cap=None``: no cap).
    carry_decimals : int, optional
        The computed carry-over is rounded to this many decimals (half away from zero).
    carry_value : float
        ``"higher_placed"``: the IMPs of the team placed higher.
    ties : tuple of str
        How a tie is decided, in order: ``"extra_boards"``, ``"earlier_meeting"``,
        ``"higher_placed"`` (one given as a string is one rule).
    source : str
        The text the rules follow.

    Examples
    --------
    >>> from tourneystats.bridge import KNOCKOUT_RULES, KnockoutRules
    >>> KNOCKOUT_RULES["ebu"].ties
    ('extra_boards',)
    >>> KnockoutRules("club", carry_over="earlier_match", fraction=1/3, cap=8).cap
    8
    """

    name: str
    carry_over: str = "none"
    fraction: float = 0.0
    cap: float | None = None
    carry_decimals: int | None = None
    carry_value: float = 0.0
    ties: tuple[str, ...] = ("extra_boards",)
    source: str = ""

    def __post_init__(self) -> None:
        ties = (self.ties,) if isinstance(self.ties, str) else tuple(self.ties)
        object.__setattr__(self, "ties", ties)
        if self.carry_over not in _CARRY:
            raise ValueError(f"KnockoutRules.carry_over must be one of {_CARRY}")
        bad = [t for t in self.ties if t not in _TIES]
        if bad:
            raise ValueError(f"KnockoutRules.ties: unknown {bad}; expected some of {_TIES}")
        if self.fraction < 0 or (self.cap is not None and self.cap < 0):
            raise ValueError("KnockoutRules: fraction and cap must not be negative")

    def replace(self, **changes: Any) -> KnockoutRules:
        """A copy with some fields changed."""
        return dataclasses.replace(self, **changes)


#: knockout rules, each following its source text
KNOCKOUT_RULES: dict[str, KnockoutRules] = {
    "ebu": KnockoutRules(
        name="ebu",
        ties=("extra_boards",),
        source=(
            "English Bridge Union White Book 143.2.1: a tie at the end of a knockout match is "
            "resolved by extra boards, one eighth of the scheduled boards (at least 2, rounded "
            "up), repeated while the teams are still tied; no carry-over"
        ),
    ),
    "wuc2020": KnockoutRules(
        name="wuc2020",
        carry_over="higher_placed",
        carry_value=0.1,
        ties=("extra_boards",),
        source=(
            "2020 World University Bridge Championships online, conditions of contest "
            "(wyniki.pzbs.pl/2020/wuc): quarter-finals and semi-finals carry 0.1 IMP for the "
            "team placed higher in the qualifying Swiss; the final has no carry-over and a tie "
            "goes to one-board sudden death (pass carry_over='none' there)"
        ),
    ),
}


def extra_boards_due(boards: Any) -> Any:
    """Extra boards of a tied knockout match under the EBU's rule (White Book 143.2.1): one
    eighth of the scheduled boards, at least 2, rounded up.

    Parameters
    ----------
    boards : int or array-like of int
        The boards scheduled for each match.

    Returns
    -------
    numpy.ndarray
        The extra boards to play for each match.

    Examples
    --------
    >>> from tourneystats.bridge import extra_boards_due
    >>> extra_boards_due([12, 32, 60])
    array([2, 4, 8])
    """
    b = np.asarray(boards, dtype=np.int64)
    return np.maximum(2, -(-b // 8))


def _rules_of(value: str | KnockoutRules | None) -> KnockoutRules:
    if value is None:
        return KNOCKOUT_RULES["ebu"]
    if isinstance(value, KnockoutRules):
        return value
    key = str(value).strip().lower()
    if key not in KNOCKOUT_RULES:
        raise ValueError(f"unknown knockout rules {value!r}; choose one of {list(KNOCKOUT_RULES)}")
    return KNOCKOUT_RULES[key]


# --- inputs --------------------------------------------------------------------------------------


def _segments(frame: pd.DataFrame) -> pd.DataFrame:
    """Validated segment rows (board results summed per segment first)."""
    if NS_SCORE in frame.columns:
        if STAGE not in frame.columns:
            raise ValidationError("segments: board results of a knockout need a 'stage' column")
        extra = None
        if EXTRA in frame.columns:
            keys = [c for c in (EVENT, STAGE, HOME_TEAM, VISIT_TEAM, SEGMENT) if c in frame]
            extra = frame.groupby(keys, sort=False, observed=True)[EXTRA].any().reset_index()
            frame = frame.drop(columns=[EXTRA])
        m = team_matches(frame)
        if extra is not None:
            m = m.merge(extra, on=[c for c in extra.columns if c != EXTRA], how="left")
        frame = m
    seg = validate(frame, _SEGMENT_SPEC, what="segments")  # (names: _tables, teaminput)
    fail_rows(
        seg,
        (seg[HOME_TEAM] == seg[VISIT_TEAM]).to_numpy(dtype=bool),
        "a team plays against itself",
        what="segments",
    )
    check_scores(seg, what="segments")
    return seg


def _check_segments(seg: pd.DataFrame, mt: _Matches) -> None:
    """A match label names two teams; a segment of a match is listed once (a corrected score
    replaces its row); without a ``segment`` column a match is one row (and one of extra
    boards)."""
    if MATCH in seg.columns:
        label = seg.groupby([EVENT, STAGE, MATCH], sort=False, observed=True).ngroup().to_numpy()
        teams = pd.DataFrame({"l": np.concatenate([label, label]),
                              "t": np.concatenate([mt.h, mt.v])}).drop_duplicates()  # fmt: skip
        count = np.bincount(teams["l"].to_numpy(), minlength=int(label.max()) + 1)
        fail_rows(seg, count[label] > 2, "a match label names more than two teams (each "
                  "match of a stage needs its own label)", what="segments")  # fmt: skip
    extra = seg[EXTRA].to_numpy(dtype=bool) if EXTRA in seg.columns else np.zeros(len(seg), bool)
    key = pd.DataFrame({"m": mt.match, "x": extra})
    if SEGMENT in seg.columns:
        key["s"] = seg[SEGMENT].to_numpy()
        message = ("a segment of a match listed twice (a pasted copy, or a corrected score "
                   "added to the first instead of replacing it)")  # fmt: skip
    else:
        message = ("a match has several rows but no 'segment' column to tell its segments "
                   "apart (a row pasted twice?); number the segments")  # fmt: skip
    fail_rows(seg, key.duplicated(keep=False).to_numpy(), message, what="segments")


class _Matches:
    """Per match (two rows per match in the output): codes and sums."""

    def __init__(self, seg: pd.DataFrame) -> None:
        labels = pd.concat([seg[HOME_TEAM], seg[VISIT_TEAM]], ignore_index=True)
        codes, self.labels = pd.factorize(labels)
        n = len(seg)
        h, v = codes[:n], codes[n:]
        self.h, self.v = h, v
        lo, hi = np.minimum(h, v), np.maximum(h, v)
        keys = [seg[EVENT], seg[STAGE], *([seg[MATCH]] if MATCH in seg.columns else []),
                pd.Series(lo), pd.Series(hi)]  # fmt: skip
        key_frame = pd.DataFrame({f"k{i}": np.asarray(k) for i, k in enumerate(keys)})
        self.match = key_frame.groupby(list(key_frame.columns), sort=False).ngroup().to_numpy()
        nm = int(self.match.max()) + 1
        first = np.full(nm, -1, dtype=np.int64)
        first[self.match[::-1]] = np.arange(n)[::-1]
        self.first = first
        self.a, self.b = lo[first], hi[first]  # per match: the two teams (codes)
        a_home = h == self.a[self.match]
        hi_, vi_ = seg[HOME_IMPS].to_numpy(float), seg[VISIT_IMPS].to_numpy(float)
        a_imps, b_imps = np.where(a_home, hi_, vi_), np.where(a_home, vi_, hi_)
        extra = seg[EXTRA].to_numpy(dtype=bool) if EXTRA in seg.columns else np.zeros(n, bool)
        reg = ~extra
        self.a_imps = np.bincount(self.match, weights=a_imps * reg, minlength=nm)
        self.b_imps = np.bincount(self.match, weights=b_imps * reg, minlength=nm)
        self.a_extra = np.bincount(self.match, weights=a_imps * extra, minlength=nm)
        self.b_extra = np.bincount(self.match, weights=b_imps * extra, minlength=nm)
        self.has_extra = np.bincount(self.match, weights=extra, minlength=nm) > 0
        self.seg_a, self.seg_b = a_imps, b_imps
        self.n = nm
        self.margin: np.ndarray | None = None  # the earlier meetings' margins, once computed


def _check_one_match_per_stage(seg: pd.DataFrame, mt: _Matches) -> None:
    """A team plays one match per stage; a match has the same two teams in every segment."""
    n = len(seg)
    side = np.concatenate([mt.match, mt.match])
    team = pd.factorize(pd.concat([seg[HOME_TEAM], seg[VISIT_TEAM]], ignore_index=True))[0]
    ev_stage = seg.groupby([EVENT, STAGE], sort=False, observed=True).ngroup().to_numpy()
    key = pd.DataFrame({"s": np.concatenate([ev_stage, ev_stage]), "t": team, "m": side})
    per_team = key.drop_duplicates().groupby(["s", "t"], sort=False)["m"].transform("size")
    bad = np.zeros(n, dtype=bool)
    many = per_team.to_numpy() > 1
    rows = key.drop_duplicates().index.to_numpy()[many] % n
    bad[rows] = True
    fail_rows(seg, bad, "a team plays more than one match in a knockout stage", what="segments")


_EARLIER_SPEC = (Column(EVENT, "key"), Column(HOME_TEAM, "key"), Column(VISIT_TEAM, "key"),
                 Column(HOME_IMPS, "float"), Column(VISIT_IMPS, "float"))  # fmt: skip
_CARRY_SPEC = (Column(EVENT, "key"), Column(STAGE, "key"), Column(TEAM, "key"),
               Column(CARRY_OVER, "float"))  # fmt: skip
_STANDINGS_SPEC = (Column(EVENT, "key"), Column(TEAM, "key"), Column(RANK, "int"))


def _tables(r: KnockoutRules, seg: pd.DataFrame, carry: pd.DataFrame | None,
            earlier: pd.DataFrame | None, standings: pd.DataFrame | None,
            ) -> list[pd.DataFrame | None]:  # fmt: skip
    """The segments and the tables the rules use, validated, their team names trimmed together
    (:func:`~tourneystats.bridge.teaminput.team_names`); a table the rules do not use is
    refused (its rows would be ignored)."""
    uses = {
        "carry": r.carry_over == "given",
        "earlier": r.carry_over == "earlier_match" or "earlier_meeting" in r.ties,
        "standings": r.carry_over == "higher_placed" or "higher_placed" in r.ties,
    }
    given = {"carry": carry, "earlier": earlier, "standings": standings}
    for name, table in given.items():
        if table is not None and not uses[name]:
            raise ValidationError(
                f"{name}: a table is given, but the rules {r.name!r} (carry_over="
                f"{r.carry_over!r}, ties={list(r.ties)}) do not use it; give the rules that do"
            )
    specs = {"carry": (_CARRY_SPEC, [EVENT, STAGE, TEAM]), "earlier": (_EARLIER_SPEC, []),
             "standings": (_STANDINGS_SPEC, [EVENT, TEAM])}  # fmt: skip
    valid = {n: None if t is None else validate(t, specs[n][0], key=specs[n][1], what=n)
             for n, t in given.items()}  # fmt: skip
    columns = {"carry": [TEAM], "earlier": [HOME_TEAM, VISIT_TEAM], "standings": [TEAM]}
    named = [(seg, [HOME_TEAM, VISIT_TEAM], "segments")]
    named += [(t, columns[n], n) for n, t in valid.items() if t is not None]
    trimmed = iter(team_names(named))
    seg = next(trimmed)
    return [seg, *(None if t is None else next(trimmed) for t in valid.values())]


def _pair_margin(e: pd.DataFrame | None, seg: pd.DataFrame, mt: _Matches,
                 what: str) -> np.ndarray:  # fmt: skip
    """Per knockout match: team a's IMP margin over team b in their meetings in `e` (an
    earlier stage's match results of the same event, validated), NaN when they did not meet.
    Refused: an event of the knockout without an earlier match."""
    if e is None:
        raise ValidationError(f"knockout: {what} needs the earlier stage's matches (earlier=)")
    if mt.margin is not None:
        return mt.margin
    check_scores(e, what="earlier")
    ev_seg = pd.Index(pd.unique(seg[EVENT]))
    missing = ~ev_seg.isin(set(e[EVENT]))
    if missing.any():
        raise ValidationError(
            f"earlier: no match of event {ev_seg[missing][0]!r} (the knockout's), needed for "
            f"{what}; the earlier table's events are "
            f"{', '.join(map(repr, pd.unique(e[EVENT])[:5]))}"
        )
    index = pd.Index(mt.labels)
    h = index.get_indexer(e[HOME_TEAM])
    v = index.get_indexer(e[VISIT_TEAM])
    if ROUND in e.columns:  # (without rounds, two meetings of a double round robin are legal)
        teams = pd.factorize(pd.concat([e[HOME_TEAM], e[VISIT_TEAM]], ignore_index=True))[0]
        a, b = teams[: len(e)], teams[len(e) :]
        key = e[[c for c in (EVENT, STAGE, ROUND) if c in e.columns]].assign(
            _lo=np.minimum(a, b), _hi=np.maximum(a, b)
        )
        fail_rows(e, key.duplicated(keep=False).to_numpy(), "a match listed twice in a round "
                  "(its margin would count twice in the carry-over)", what="earlier")  # fmt: skip
    margin = e[HOME_IMPS].to_numpy(float) - e[VISIT_IMPS].to_numpy(float)
    lo, hi = np.minimum(h, v), np.maximum(h, v)
    signed = np.where(h == lo, margin, -margin)
    table = pd.DataFrame({EVENT: e[EVENT].to_numpy(), "a": lo, "b": hi, "m": signed})
    table = table[(lo >= 0)].groupby([EVENT, "a", "b"], sort=False)["m"].sum().reset_index()
    want = pd.DataFrame({EVENT: seg[EVENT].to_numpy()[mt.first], "a": mt.a, "b": mt.b})
    got = want.merge(table, on=[EVENT, "a", "b"], how="left")
    mt.margin = got["m"].to_numpy(dtype=float)
    return mt.margin


def _unmet(seg: pd.DataFrame, mt: _Matches, margin: np.ndarray, which: np.ndarray, what: str,
           refuse: bool) -> None:  # fmt: skip
    """Warn about the matches of `which` whose teams did not meet earlier (a Swiss, two
    groups, a seeded team); with `refuse`, refuse a stage none of whose matches met (the
    teams spelled another way in the earlier table)."""
    unmet = which & np.isnan(margin)
    if not unmet.any():
        return
    labels = np.asarray(mt.labels, dtype=object)
    if refuse:
        stage = seg.iloc[mt.first].groupby([EVENT, STAGE], sort=False, observed=True).ngroup()
        codes = stage.to_numpy()
        met = np.bincount(codes, weights=~np.isnan(margin), minlength=int(codes.max()) + 1)
        none = np.flatnonzero(which & (met[codes] == 0))
        if len(none):
            k = int(none[0])
            head = seg.iloc[mt.first[k]]
            raise ValidationError(
                f"earlier: no knockout match of event {head[EVENT]!r}, stage {head[STAGE]!r} "
                f"is found in the earlier matches (e.g. {labels[mt.a[k]]!r} v "
                f"{labels[mt.b[k]]!r}), needed for {what}: are the teams spelled another way "
                "there?"
            )
    i = np.flatnonzero(unmet)
    shown = ", ".join(f"{labels[mt.a[k]]} v {labels[mt.b[k]]}" for k in i[:3])
    warnings.warn(
        f"knockout: {len(i)} match(es) between teams that did not meet in the earlier matches "
        f"({shown}{', ...' if len(i) > 3 else ''}): {what} gives them nothing",
        stacklevel=4,
    )


def _places(standings: pd.DataFrame | None, seg: pd.DataFrame, mt: _Matches,
            what: str) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """Per knockout match: the places of teams a and b in `standings` (NaN: not listed)."""
    if standings is None:
        raise ValidationError(f"knockout: {what} needs the earlier stage's standings (standings=)")
    st = standings
    events = seg[EVENT].to_numpy()[mt.first]
    out = []
    for codes in (mt.a, mt.b):
        want = pd.DataFrame({EVENT: events, TEAM: np.asarray(mt.labels)[codes]})
        got = want.merge(st[[EVENT, TEAM, RANK]], on=[EVENT, TEAM], how="left")
        out.append(got[RANK].to_numpy(dtype=float))
    return out[0], out[1]


def _carry(rules: KnockoutRules, seg: pd.DataFrame, mt: _Matches, carry: pd.DataFrame | None,
           earlier: pd.DataFrame | None, standings: pd.DataFrame | None,
           ) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """Per match: the carry-over of teams a and b."""
    zero = np.zeros(mt.n)
    if rules.carry_over == "none":
        return zero, zero.copy()
    if rules.carry_over == "given":
        if carry is None:
            raise ValidationError("knockout: carry_over='given' needs a table (carry=)")
        return _given_carry(carry, seg, mt)
    if rules.carry_over == "earlier_match":
        what = "carry_over='earlier_match'"
        margin = _pair_margin(earlier, seg, mt, what)
        _unmet(seg, mt, margin, np.ones(mt.n, dtype=bool), what, refuse=True)
        m = np.nan_to_num(margin)
        c = np.abs(m) * rules.fraction
        if rules.cap is not None:
            c = np.minimum(c, rules.cap)
        if rules.carry_decimals is not None:
            scale = 10.0**rules.carry_decimals
            c = np.floor(c * scale + 0.5 + 1e-9) / scale
        return np.where(m > 0, c, 0.0), np.where(m < 0, c, 0.0)
    pa, pb = _places(standings, seg, mt, "carry_over='higher_placed'")
    missing = np.isnan(pa) | np.isnan(pb)
    if missing.any():
        i = int(np.flatnonzero(missing)[0])
        team = mt.labels[mt.a[i]] if np.isnan(pa[i]) else mt.labels[mt.b[i]]
        raise ValidationError(
            f"standings: no place for team {team!r} (event {seg[EVENT].iloc[mt.first[i]]!r}, "
            f"stage {seg[STAGE].iloc[mt.first[i]]!r}), needed for the carry-over"
        )
    return np.where(pa < pb, rules.carry_value, 0.0), np.where(pb < pa, rules.carry_value, 0.0)


def _given_carry(c: pd.DataFrame, seg: pd.DataFrame, mt: _Matches,
                 ) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """Per match: the carry-over of teams a and b from the (validated) carry table; refused:
    a negative or infinite carry-over, a row naming a team in no match of its event and
    stage; warned: both teams of a match carrying IMPs."""
    value = c[CARRY_OVER].to_numpy(dtype=float)
    fail_rows(c, ~np.isfinite(value), "carry_over is not a finite number", what="carry")
    fail_rows(c, value < 0, "negative carry_over (a carry-over is the IMPs a team starts "
              "with; give it to the other team)", what="carry")  # fmt: skip
    keys = [EVENT, STAGE, TEAM]
    labels = np.asarray(mt.labels, dtype=object)
    out = []
    played = []
    for codes in (mt.a, mt.b):
        want = pd.DataFrame({EVENT: seg[EVENT].to_numpy()[mt.first],
                             STAGE: seg[STAGE].to_numpy()[mt.first],
                             TEAM: labels[codes]})  # fmt: skip
        played.append(want)
        got = want.merge(c[[*keys, CARRY_OVER]], on=keys, how="left")
        out.append(got[CARRY_OVER].fillna(0.0).to_numpy(dtype=float))
    teams = pd.concat(played, ignore_index=True).drop_duplicates()
    found = c[keys].merge(teams, on=keys, how="left", indicator=True)["_merge"] == "both"
    fail_rows(c, ~found.to_numpy(), "a team that plays no match of this event and stage (the "
              "team, event or stage spelled another way?)", what="carry")  # fmt: skip
    both = (out[0] > 0) & (out[1] > 0)
    if both.any():
        k = int(np.flatnonzero(both)[0])
        warnings.warn(
            f"carry: both teams of {int(both.sum())} match(es) carry IMPs over (e.g. "
            f"{labels[mt.a[k]]} {out[0][k]:g}, {labels[mt.b[k]]} {out[1][k]:g}); only the "
            "difference counts",
            stacklevel=4,
        )
    return out[0], out[1]


def _check_extra(r: KnockoutRules, seg: pd.DataFrame, mt: _Matches, diff: np.ndarray) -> None:
    """Refuse extra boards on a match that was not tied (after its carry-over), or under rules
    that do not decide a tie by extra boards."""
    if not mt.has_extra.any():
        return
    extra = seg[EXTRA].to_numpy(dtype=bool)
    if "extra_boards" not in r.ties:
        fail_rows(seg, extra, f"extra boards, but the rules {r.name!r} do not decide a tie by "
                  f"extra boards (ties={list(r.ties)})", what="segments")  # fmt: skip
    untied = mt.has_extra & (np.round(diff, 9) != 0)
    fail_rows(
        seg,
        extra & untied[mt.match],
        "extra boards on a match that was not tied (carry-over plus regulation IMPs differ): a "
        "regulation segment marked extra, or a wrong score",
        what="segments",
    )


def _decide(rules: KnockoutRules, diff: np.ndarray, mt: _Matches, seg: pd.DataFrame,
            earlier: pd.DataFrame | None, standings: pd.DataFrame | None,
            ) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """Per match: +1 when team a goes through, -1 for team b, 0 undecided; and the code of the
    deciding step (0 total, 1.. the rules' ties, len + 1 tied)."""
    sign = np.sign(np.round(diff, 9))
    code = np.where(sign != 0, 0, len(rules.ties) + 1)
    for i, tie in enumerate(rules.ties):
        open_ = sign == 0
        if not open_.any():
            break
        if tie == "extra_boards":
            d = np.where(mt.has_extra, mt.a_extra - mt.b_extra, 0.0)
        elif tie == "earlier_meeting":
            margin = _pair_margin(earlier, seg, mt, "ties='earlier_meeting'")
            _unmet(seg, mt, margin, open_, "ties='earlier_meeting'", refuse=False)
            d = np.nan_to_num(margin)
        else:
            pa, pb = _places(standings, seg, mt, "ties='higher_placed'")
            d = np.nan_to_num(pb - pa)
        s = np.sign(np.round(d, 9))
        take = open_ & (s != 0)
        sign = np.where(take, s, sign)
        code = np.where(take, i + 1, code)
    return sign, code


# --- the bracket ---------------------------------------------------------------------------------


def knockout_matches(
    segments: pd.DataFrame,
    *,
    rules: str | KnockoutRules | None = None,
    carry: pd.DataFrame | None = None,
    earlier: pd.DataFrame | None = None,
    standings: pd.DataFrame | None = None,
) -> pd.DataFrame:
    """Knockout matches of any number of stages and events: totals, winners, qualifiers.

    Parameters
    ----------
    segments : pandas.DataFrame
        Segment (or match) results, or board results with ``stage`` and ``segment`` (see the
        module).
    rules : str or KnockoutRules, optional
        Carry-over and ties (:data:`KNOCKOUT_RULES`; default ``"ebu"``: no carry-over, a tie
        decided by extra boards).
    carry : pandas.DataFrame, optional
        ``event, stage, team, carry_over`` for ``carry_over="given"``.
    earlier : pandas.DataFrame, optional
        The earlier stage's match results (``event, home_team, visit_team, home_imps,
        visit_imps``), for a carry-over or a tie decided by the earlier meeting.
    standings : pandas.DataFrame, optional
        The earlier stage's ``event, team, rank``, for ``"higher_placed"``.

    Returns
    -------
    pandas.DataFrame
        The bracket, two rows per match: ``event, stage, [match], team, opponent,
        imps_<segment>`` (one column per segment label, regulation segments; missing where a
        match has no such segment), ``carry_over, imps, extra_imps, total`` (carry-over plus
        regulation IMPs), ``margin`` (total minus the opponent's), ``qualified`` (missing when
        the rules leave the match tied) and ``decided_by`` (``"total"``, the tie rule that
        decided, or ``"tied"``).

    Notes
    -----
    Every table passes through :mod:`~tourneystats.bridge.teaminput` (team names trimmed; two
    spellings of one name refused; IMPs 0 or more and finite, boards 1 or more). Refused, naming
    the rows: a segment of a match listed twice (a copy pasted, or a corrected score added
    instead of replacing the row; the conditions of contest score each segment once), a match
    of several rows without a ``segment`` column, a ``match`` label naming more than two teams,
    a team in two matches of a stage; a carry-over that is negative or not finite, or that
    names a team in no match of its event and stage (the ACBL, EBU and WBF conditions give a
    carry-over, 0 or more IMPs, to one of the match's two teams); extra boards on a match whose
    total (carry-over included) is not tied, or under rules that do not break ties by extra
    boards (EBU White Book 143.2.1: extra boards are played only to break a tie); a table
    (`carry`, `earlier`, `standings`) the rules do not use; for ``"earlier_match"``, a stage
    none of whose matches is found in `earlier` (the teams spelled another way), or an event
    missing from it. Accepted with a warning: two teams that did not meet earlier (a Swiss
    qualifier, two groups; they start level, as the conditions say), both teams of a match
    given a carry-over (only the difference counts).

    Examples
    --------
    Two segments; B starts 4 IMPs up (a third of its 12-IMP round-robin win), wins the first
    segment 30-25 and loses the second 20-28: A 25 + 28 = 53, B 4 + 30 + 20 = 54, B goes
    through by 1.

    >>> import pandas as pd
    >>> from tourneystats.bridge import KnockoutRules, knockout_matches
    >>> seg = pd.DataFrame({"event": "Cup", "stage": "SF", "segment": [1, 2],
    ...                     "home_team": "A", "visit_team": "B",
    ...                     "home_imps": [25, 28], "visit_imps": [30, 20]})
    >>> rr = pd.DataFrame({"event": "Cup", "home_team": ["A"], "visit_team": ["B"],
    ...                    "home_imps": [20], "visit_imps": [32]})
    >>> rules = KnockoutRules("cup", carry_over="earlier_match", fraction=1/3, cap=8)
    >>> knockout_matches(seg, rules=rules, earlier=rr)[["team", "carry_over", "imps_1", "imps_2",
    ...                                           "total", "margin", "qualified"]]
      team  carry_over  imps_1  imps_2  total  margin  qualified
    0    A         0.0    25.0    28.0   53.0    -1.0      False
    1    B         4.0    30.0    20.0   54.0     1.0       True
    """
    r = _rules_of(rules)
    seg, carry, earlier, standings = _tables(r, _segments(segments), carry, earlier, standings)
    assert seg is not None
    mt = _Matches(seg)
    _check_segments(seg, mt)
    _check_one_match_per_stage(seg, mt)
    ca, cb = _carry(r, seg, mt, carry, earlier, standings)
    ta, tb = ca + mt.a_imps, cb + mt.b_imps
    _check_extra(r, seg, mt, ta - tb)
    sign, code = _decide(r, ta - tb, mt, seg, earlier, standings)
    return _bracket(seg, mt, r, (ca, cb), (ta, tb), sign, code)


def _bracket(seg: pd.DataFrame, mt: _Matches, r: KnockoutRules,
             carries: tuple[np.ndarray, np.ndarray], totals: tuple[np.ndarray, np.ndarray],
             sign: np.ndarray, code: np.ndarray) -> pd.DataFrame:  # fmt: skip
    """Two rows per match, team a then team b."""
    keys = [c for c in (EVENT, STAGE, MATCH) if c in seg.columns]
    head = seg.iloc[mt.first][keys].reset_index(drop=True)
    labels = np.asarray(mt.labels, dtype=object)
    order = np.arange(2 * mt.n).reshape(2, mt.n).T.ravel()  # a0, b0, a1, b1, ...
    out = pd.concat([head, head], ignore_index=True).iloc[order].reset_index(drop=True)
    both = lambda x, y: np.concatenate([x, y])[order]  # noqa: E731
    out[TEAM] = both(labels[mt.a], labels[mt.b])
    out[OPPONENT] = both(labels[mt.b], labels[mt.a])
    for name, col in _segment_columns(seg, mt).items():
        out[name] = col[order]
    out[CARRY_OVER] = both(*carries)
    out[IMPS] = both(mt.a_imps, mt.b_imps)
    out[EXTRA_IMPS] = both(np.where(mt.has_extra, mt.a_extra, np.nan),
                           np.where(mt.has_extra, mt.b_extra, np.nan))  # fmt: skip
    out[TOTAL] = both(*totals)
    out[MARGIN] = both(totals[0] - totals[1], totals[1] - totals[0])
    qualified = both(sign > 0, sign < 0)
    out[QUALIFIED] = pd.array(qualified, dtype="boolean")
    out.loc[both(sign == 0, sign == 0), QUALIFIED] = pd.NA
    names = np.array(["total", *r.ties, "tied"], dtype=object)
    out[DECIDED_BY] = pd.array(both(names[code], names[code]), dtype="string")
    return out


def _segment_columns(seg: pd.DataFrame, mt: _Matches) -> dict[str, np.ndarray]:
    """``imps_<segment>`` per match for team a then team b (regulation segments)."""
    if SEGMENT not in seg.columns:
        return {}
    extra = seg[EXTRA].to_numpy(dtype=bool) if EXTRA in seg.columns else np.zeros(len(seg), bool)
    codes, uniques = pd.factorize(seg[SEGMENT], sort=True)
    out = {}
    for k, label in enumerate(uniques):  # a loop over the few segment labels, not over matches
        rows = (codes == k) & ~extra
        if not rows.any():
            continue
        a = np.full(mt.n, np.nan)
        b = np.full(mt.n, np.nan)
        a[mt.match[rows]] = 0.0
        b[mt.match[rows]] = 0.0
        np.add.at(a, mt.match[rows], mt.seg_a[rows])
        np.add.at(b, mt.match[rows], mt.seg_b[rows])
        out[f"{IMPS}_{label}"] = np.concatenate([a, b])
    return out
