"""Team tie-break codes: the C.07 acronyms for teams, their point-type suffix and modifiers.

A code is an acronym (:data:`TEAM_TIEBREAKS`), optionally a point type after a colon (``:MP``
match points, ``:GP`` game points; by default the event's primary score), then cut modifiers
(``/Cn``: the n least significant values; ``/Mn``: the n least and the n most; C.07 art. 14), as
FIDE's TieBreakServer and the TRF-2026 ``202``/``212`` records write them: ``BH:GP/C1``,
``SB:MP``, ``EMGSB/C1``, ``FB:MP/C1``, ``EDE``, ``EDEBT``. ``/P`` (as in FIDE's sample TRF-2026
file: ``EDET/P,EMGSB/C1/P,BH:MP/C1/P``) counts every forfeited match as a match played against
the scheduled opponent, with the points awarded: in the direct-encounter codes the forfeited
matches between the tied teams (C.07 art. 6.1.1, for teams by art. 13), in BH, FB, SB, the
extended SBs and SSSC the forfeiting or forfeited opponent's score as counted in place of the
art. 16 stand-in (no voluntarily unplayed round for the cuts, 16.5). This is the TRF-2026
tie-break list's ``/P`` (8.1, 8.3, 9.1, 13.2, 13.3, 13.4), as FIDE's TieBreakServer computes it;
in round robins forfeited matches are matches played anyway (15.2), so ``/P`` changes nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: the extended direct encounter and its variants (C.07 2026 art. 13.3.2): after EDE, the two
#: teams still tied compared on their match(es) by the knock-out tie-breaks of art. 12, in order:
#: C board count, T top board results, B bottom board elimination (EDEC: FIDE's TieBreakServer)
EDE_VARIANTS = {"EDE": "", "EDEC": "C", "EDET": "T", "EDEB": "B", "EDEBT": "CT", "EDEBB": "CB"}
#: the team tie-breaks (C.07 2024/2026 art. 5 and 11-13): the two scores, MPvGP, the Buchholz and
#: Sonneborn-Berger families, the extended Sonneborn-Bergers, progressive scores, counts, Koya,
#: SSSC, the board tie-breaks and the extended direct encounter with its variants
TEAM_TIEBREAKS = (
    "MP", "GP", "MPVGP", "BH", "FB", "AOB", "SB", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "PS",
    "WIN", "WON", "STD", "KS", "SSSC", "BC", "TBR", "BBE", *EDE_VARIANTS,
)  # fmt: skip
#: the tie-breaks that take cut modifiers
_CUTS = {"BH": "CMP", "FB": "CMP", "SB": "CMP", "EMMSB": "CP", "EMGSB": "CP", "EGMSB": "CP",
         "EGGSB": "CP", "PS": "C", "SSSC": "P", **dict.fromkeys(EDE_VARIANTS, "P")}  # fmt: skip
#: the tie-breaks whose value is fixed by their name (no point type)
_NO_TYPE = frozenset({"MP", "GP", "MPVGP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "BC", "TBR",
                      "BBE", "SSSC", *EDE_VARIANTS})  # fmt: skip
#: ranked lowest first (the board count: the FIDE TEC's exercises, §12.1)
ASCENDING = frozenset({"BC"})
#: the Buchholz family (C.07 2026 art. 8 note: "must not be used in round-robins")
TEAM_BUCHHOLZ = frozenset({"BH", "FB", "AOB"})
_CODE = re.compile(r"^\s*([A-Za-z]+)\s*(?::\s*([A-Za-z]+))?\s*((?:[/-]\s*[A-Za-z]\s*\d*\s*)*)$")
_PART = re.compile(r"[/-]\s*([A-Za-z])\s*(\d*)\s*")


@dataclass(frozen=True)
class TeamTieBreak:
    """A parsed team tie-break code such as ``"BH:GP/C1"``.

    Attributes
    ----------
    code : str
        The canonical code (the column name), e.g. ``"BH:GP/C1"``, ``"MPvGP"``.
    name : str
        The acronym, upper case (``"MPVGP"`` for MPvGP).
    score : str or None
        ``"MP"``, ``"GP"``, or None: the event's primary score.
    low, high : int
        How many least / most significant values are cut.
    forfeits_played : bool
        ``/P``: the forfeited matches count as matches played against the scheduled opponent,
        in Swiss events too: between the tied teams in EDE and its variants (C.07 art. 6.1.1),
        every one in BH, FB, SB, the extended SBs and SSSC.
    """

    code: str
    name: str
    score: str | None = None
    low: int = 0
    high: int = 0
    forfeits_played: bool = False


def parse_team_tiebreak(code: str | TeamTieBreak) -> TeamTieBreak:
    """Parse a team tie-break code (``"MP"``, ``"BH:GP/C1"``, ``"EMGSB/C1"``, ``"MPvGP"``, ...).

    Parameters
    ----------
    code : str or TeamTieBreak
        An acronym of :data:`TEAM_TIEBREAKS` (any letter case), a point type ``:MP``/``:GP``
        where the tie-break takes one, and modifiers ``/Cn``, ``/Mn``, ``/P`` where the
        tie-break takes them.

    Returns
    -------
    TeamTieBreak

    Raises
    ------
    ValueError
        For an unknown acronym or point type, or a modifier the tie-break does not take.

    Examples
    --------
    >>> from tourneystats.chess.teamcodes import parse_team_tiebreak
    >>> parse_team_tiebreak("bh:gp/c1")
    TeamTieBreak(code='BH:GP/C1', name='BH', score='GP', low=1, high=0, forfeits_played=False)
    >>> parse_team_tiebreak("mpvgp").code
    'MPvGP'
    >>> parse_team_tiebreak("edet/p").code, parse_team_tiebreak("EDET/P").forfeits_played
    ('EDET/P', True)
    >>> parse_team_tiebreak("bh:mp/p/c1").code, parse_team_tiebreak("emgsb/c1/p").code
    ('BH:MP/C1/P', 'EMGSB/C1/P')
    >>> parse_team_tiebreak("EDE:GP")
    Traceback (most recent call last):
    ...
    ValueError: team tie-break EDE takes no point type (in 'EDE:GP')
    """
    if isinstance(code, TeamTieBreak):
        return code
    match = _CODE.match(str(code))
    name = match.group(1).upper() if match else None
    if match is None or name not in TEAM_TIEBREAKS:
        raise ValueError(
            f"unknown team tie-break {str(code)!r}; known: {', '.join(TEAM_TIEBREAKS)} (with "
            ":MP/:GP and /Cn, /Mn where they apply)"
        )
    score = match.group(2).upper() if match.group(2) else None
    if score is not None and score not in ("MP", "GP"):
        raise ValueError(f"unknown point type :{score} (in {str(code)!r}); expected :MP or :GP")
    if score is not None and name in _NO_TYPE:
        raise ValueError(f"team tie-break {name} takes no point type (in {str(code)!r})")
    low = high = 0
    played = False
    for letter, count in _PART.findall(match.group(3)):
        letter = letter.upper()
        if letter not in _CUTS.get(name, ""):
            raise ValueError(
                f"team tie-break {name} takes no /{letter} modifier (in {str(code)!r}); "
                "/Cn and /Mn: BH, FB, SB; /Cn: the extended SBs (the TEC's exercises, §10), PS; "
                "/P: BH, FB, SB, the extended SBs, SSSC, EDE and its variants"
            )
        if letter == "P":
            if count:
                raise ValueError(f"modifier /P takes no number (in {str(code)!r})")
            played = True
            continue
        if not count.isdigit() or int(count) < 1:
            raise ValueError(f"modifier count must be at least 1 (in {str(code)!r})")
        low, high = int(count), int(count) if letter == "M" else 0
    canonical = "MPvGP" if name == "MPVGP" else name
    canonical += f":{score}" if score else ""
    canonical += f"/{'M' if high else 'C'}{low}" if low else ""
    canonical += "/P" if played else ""
    return TeamTieBreak(canonical, name, score, low, high, played)


def check_tiebreak_code(code: str) -> str:
    """`code` if it is an individual (:func:`~tourneystats.chess.parse_tiebreak`) or a team
    tie-break code; else the ValueError of :func:`canonical_tiebreak_code`.

    Examples
    --------
    >>> check_tiebreak_code("BH/C1"), check_tiebreak_code("EMGSB/C1"), check_tiebreak_code("EDET/P")
    ('BH/C1', 'EMGSB/C1', 'EDET/P')
    """
    canonical_tiebreak_code(code)
    return code


def canonical_tiebreak_code(code: str) -> str:
    """The canonical spelling of an individual or a team tie-break code (an individual one when
    it is both); else a ValueError: the team parser's for a code only teams have (a point type,
    or an acronym such as EDE), else the individual parser's, naming the team codes too.

    Examples
    --------
    >>> canonical_tiebreak_code("de/p"), canonical_tiebreak_code("edebt / p")
    ('DE/P', 'EDEBT/P')
    >>> canonical_tiebreak_code("EDE/C1")
    Traceback (most recent call last):
    ...
    ValueError: team tie-break EDE takes no /C modifier (in 'EDE/C1'); ...
    """
    from .codes import TIEBREAKS, parse_tiebreak

    try:
        return parse_tiebreak(code).code
    except ValueError as individual:
        try:
            return parse_team_tiebreak(code).code
        except ValueError as team:
            acronym = re.match(r"\s*([A-Za-z]*)", str(code))
            name = acronym.group(1).upper() if acronym else ""
            if ":" in str(code) or (name in TEAM_TIEBREAKS and name not in TIEBREAKS):
                raise team from None
            raise ValueError(f"{individual} (team events: {', '.join(TEAM_TIEBREAKS)})") from None
