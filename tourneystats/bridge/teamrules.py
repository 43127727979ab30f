"""Tie-break rule sets of team competitions, as data: which criteria separate teams equal on
victory points, in which order, as each organisation's regulations state them.

A :class:`TeamRules` names an ordered list of criteria from :data:`CRITERIA`; the presets of
:data:`TEAM_RULES` follow a published text each (the ``source`` field). A variant is a rule set
with a field changed (:meth:`TeamRules.replace`) and may be given wherever a preset name is.

Criteria
--------
"Between the tied teams" means in the matches where both teams belong to the same group of
teams still tied at that point; a team meeting another twice counts both matches.

==========================  ===================================================================
``h2h_vp``                  VPs won in the matches between the tied teams
``h2h_imp_difference``      IMPs won minus IMPs lost in those matches
``h2h_imp_quotient``        IMPs won / IMPs lost in those matches
``imp_quotient``            IMPs won / IMPs lost over all the team's matches (a bye has none)
``imp_difference``          IMPs won minus IMPs lost over all the team's matches
``wins``                    matches won on VPs, a drawn match counting one half
``opponents_vp``            the sum of the final VPs of every opponent met (the EBU's
                            "tie-break points"; a team met twice counts twice)
``vp_against_higher``       VPs won against the teams placed above the tied teams
==========================  ===================================================================

A quotient with nothing lost is infinite (best) when something was won, and 1 when nothing was
won or lost (0 / 0: neither better nor worse than even).

How a tie is split
------------------
Teams equal on VPs form a tied group; the first criterion is computed within the group and
splits it into smaller groups of teams still equal; each of those goes on with the next
criterion. With ``restart=True`` a group that a criterion has split (any of the smaller groups
still tied) starts the list again from its first criterion, so "between the tied teams" is
re-evaluated among the fewer teams, as the texts that say "if two teams remain tied, the match
between them decides" require. A criterion listed in ``two_teams_only`` applies only to a
group of exactly two teams and is passed over for larger groups. A group equal on every
criterion shares its place (``decided_by`` says ``"tied"``): what the texts add after the
criteria (extra boards, lots) is not a computation.

Examples
--------
>>> TEAM_RULES["cbai"].criteria
('h2h_vp', 'h2h_imp_difference', 'imp_quotient')
>>> rules_of("vp_only").criteria
()
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

#: the tie-break criteria (see the module's table)
CRITERIA = (
    "h2h_vp",
    "h2h_imp_difference",
    "h2h_imp_quotient",
    "imp_quotient",
    "imp_difference",
    "wins",
    "opponents_vp",
    "vp_against_higher",
)

#: criteria computed within a tied group (between the tied teams)
H2H = frozenset({"h2h_vp", "h2h_imp_difference", "h2h_imp_quotient"})

_NOT_SHIPPED = {
    "wbf": "the WBF General Conditions of Contest",
    "ebl": "the EBL General Conditions of Contest",
    "ffb": "the FFB's Règlement National des Compétitions",
}


@dataclass(frozen=True)
class TeamRules:
    """The tie-break order of a team competition, as its regulations state it.

    Parameters
    ----------
    name : str
        Label of the rule set.
    criteria : tuple of str
        Tie-break criteria after VPs, most important first, from :data:`CRITERIA` (one name
        given as a string is one criterion).
    restart : bool
        Whether a group split by a criterion starts the list again among the fewer teams.
    two_teams_only : tuple of str
        Criteria (of `criteria`) that apply only to a tie of exactly two teams.
    bye_vp : float, str or None
        VPs of a bye (a match without an opponent): a number, ``"average"`` (the team's mean VPs
        over its played matches of the stage), or ``None``: a bye is refused (say what your
        regulation gives).
    source : str
        The published text the rule set follows.

    Notes
    -----
    Refused (``ValueError``): an unknown criterion, one listed twice, a `two_teams_only`
    criterion that `criteria` does not list (it would never apply), and a negative `bye_vp`
    (conditions of contest score a bye as a fixed number of VPs or the team's average, never
    less than nothing; a penalty is deducted apart from it).

    Examples
    --------
    >>> from tourneystats.bridge import TEAM_RULES
    >>> TEAM_RULES["cbai"].replace(name="club", bye_vp=12).bye_vp
    12
    """

    name: str
    criteria: tuple[str, ...] = ()
    restart: bool = False
    two_teams_only: tuple[str, ...] = ()
    bye_vp: float | str | None = None
    source: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "criteria", _names(self.criteria))
        object.__setattr__(self, "two_teams_only", _names(self.two_teams_only))
        unknown = [c for c in (*self.criteria, *self.two_teams_only) if c not in CRITERIA]
        if unknown:
            raise ValueError(
                f"TeamRules {self.name!r}: unknown criteria {unknown}; expected some of {CRITERIA}"
            )
        if len(set(self.criteria)) != len(self.criteria):
            raise ValueError(f"TeamRules {self.name!r}: a criterion is listed twice")
        stray = [c for c in self.two_teams_only if c not in self.criteria]
        if stray:
            raise ValueError(
                f"TeamRules {self.name!r}: two_teams_only names {stray}, which criteria does not "
                f"list ({list(self.criteria)}); a criterion applies to two teams only when it "
                "is one of the criteria"
            )
        bye = self.bye_vp
        if not (bye is None or bye == "average" or _is_number(bye)):
            raise ValueError(
                f"TeamRules {self.name!r}: bye_vp must be a number, 'average' or None; got {bye!r}"
            )
        if isinstance(bye, (int, float)) and bye < 0:
            raise ValueError(
                f"TeamRules {self.name!r}: bye_vp {bye!r} is negative; a bye scores 0 VPs or more"
            )

    def replace(self, **changes: Any) -> TeamRules:
        """A copy with some fields changed (a variant of a preset)."""
        return dataclasses.replace(self, **changes)


def _names(value: Any) -> tuple[str, ...]:
    """A tuple of criterion names; one name given as a string is one criterion."""
    return (value,) if isinstance(value, str) else tuple(value)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == value


#: tie-break rule sets, each following its source text
TEAM_RULES: dict[str, TeamRules] = {
    "vp_only": TeamRules(
        name="vp_only", source="no tie-break: teams equal on VPs share their place"
    ),
    "cbai": TeamRules(
        name="cbai",
        criteria=("h2h_vp", "h2h_imp_difference", "imp_quotient"),
        restart=True,
        two_teams_only=("h2h_imp_difference",),
        source=(
            "Contract Bridge Association of Ireland, 'Breaking Ties In Team Competitions' "
            "(cbai.ie, tournament direction): two teams: the direct match's VPs, then its IMPs, "
            "then the IMP quotient of all their matches; more than two that all met: the VPs "
            "between them, and if more than two remain tied the IMP quotient. Its steps 3 "
            "(margin against the next highest team both played) and 4 (sudden-death boards) "
            "are not computed"
        ),
    ),
    "ebu": TeamRules(
        name="ebu",
        criteria=("h2h_vp", "h2h_imp_difference", "opponents_vp", "imp_difference"),
        two_teams_only=("h2h_vp", "h2h_imp_difference"),
        source=(
            "English Bridge Union White Book 143.7.1 (ties between two contestants): the match "
            "between them (VPs, then IMPs), tie-break points (the opponents' final scores; "
            "never in an all-play-all, drop the criterion there), then IMPs over all boards of "
            "the stage; the point-a-board count-back (d) is not computed. 143.7.2 (more than "
            "two contestants) was not read: a larger tie goes straight to the all-match criteria"
        ),
    ),
    "pzbs": TeamRules(
        name="pzbs",
        criteria=("h2h_vp", "vp_against_higher", "imp_difference"),
        source=(
            "Polish Bridge Union (PZBS), as its online team league states them after the "
            "Polish Team Championships' regulations (czworki.pzbs.pl, communiqué of 28.03.2020): "
            "the direct match, the VPs against the teams placed higher, the IMP balance, then "
            "lots (not computed)"
        ),
    ),
}


def rules_of(value: str | TeamRules | None) -> TeamRules:
    """The :class:`TeamRules` a keyword names: a preset's name, a TeamRules, or None (vp_only).

    Raises
    ------
    ValueError
        An unknown name, or a federation whose regulations are not shipped.
    """
    if value is None:
        return TEAM_RULES["vp_only"]
    if isinstance(value, TeamRules):
        return value
    key = str(value).strip().lower()
    if key in _NOT_SHIPPED:
        raise ValueError(
            f"team rules {value!r}: the tie-break order of {_NOT_SHIPPED[key]} is not shipped "
            "(its text was not available to check); build a bridge.TeamRules with the criteria "
            "your conditions of contest list"
        )
    if key not in TEAM_RULES:
        raise ValueError(
            f"unknown team rules {value!r}; choose one of {', '.join(TEAM_RULES)} or pass a "
            "bridge.TeamRules"
        )
    return TEAM_RULES[key]
