"""Tie-break codes: the C.07 acronyms, their modifiers, and the families the rules treat apart.

A code is an acronym (:data:`TIEBREAKS`) followed by modifiers, each after a ``/`` (or ``-``):
``/Cn`` cuts the n least significant values, ``/Mn`` the n least and the n most significant
(C.07 art. 14); ``/R`` reverses TPN (descending) and RTNG (lowest first) (7.8, 10.6); ``/F``
makes AOB the average of the opponents' Fore Buchholz (8.2); ``/P`` counts every forfeit with a
scheduled opponent as a game played against him, with the points awarded: in DE the forfeits
between the tied players (6.1.1: forfeits outside round robins are left out "unless the
tournament regulations say otherwise"), in BH, FB and SB the forfeiting or forfeited opponent's
score as counted in place of the art. 16 stand-in (and the round is no voluntarily unplayed round
for the cuts, 16.5). This is the TRF-2026 tie-break list's ``/P`` (BH 8.1, FB 8.3, SB 9.1, DE 6),
as FIDE's TieBreakServer computes it; in round robins forfeits are games anyway (15.2), so ``/P``
changes nothing there. This is the syntax of the
TRF-2026 ``202``/``212`` records, as FIDE's TieBreakServer reads them.

A code may end with the edition of the rules it is computed under, after an ``@``:
``BH/C1@2026`` is Buchholz cut 1 under C.07 (2026) (the rule set ``fide2026``), whatever the
event's rule set, next to ``BH/M1@2024`` under C.07 (2024) in the same table, as Swiss-Manager
labels each of its columns with the edition it applies. The editions are the years of C.07's
texts, ``@2009`` (``fide2009``), ``@2023`` or ``@2024`` (``fide2024``: the text approved in 2023,
in force from 2023-09-01), ``@2026`` (``fide2026``), or the name of any rule set of
:data:`~tourneystats.chess.RULE_SETS` (``@adjusted``). The canonical code names the year of a
FIDE rule set (``@2023`` is written ``@2024``), else the rule set.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from .rules import RULE_SETS

#: the supported tie-break acronyms (PTS: the points; GE is REP's former name)
TIEBREAKS = (
    "PTS", "BH", "SB", "FB", "AOB", "KS", "PS", "CUM", "ARO", "TPR", "PTP", "APRO", "APPO",
    "WIN", "WON", "BPG", "BWG", "REP", "GE", "STD", "TPN", "RTNG", "DE",
)  # fmt: skip
#: the modifiers each tie-break takes besides none
_MODIFIERS = {
    "BH": "CMP", "SB": "CMP", "FB": "CMP", "ARO": "CM", "PS": "C", "TPN": "R", "RTNG": "R",
    "AOB": "F", "DE": "P",
}  # fmt: skip
#: Buchholz and its relatives (C.07 art. 8: "must not be used in round-robins", 2026)
BUCHHOLZ_FAMILY = frozenset({"BH", "FB", "AOB"})
#: the rating-based tie-breaks (art. 10): unrated players, the first rating, forfeits in round
#: robins (15.2, 2026) concern them
RATING_BASED = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"})
#: the Type B tie-breaks of art. 7 (and CUM, a progressive score): a round-robin forfeit loss
#: stays unplayed in them (15.2, 2026)
OWN_RECORD = frozenset({"WIN", "WON", "BPG", "BWG", "PS", "CUM", "REP", "STD", "TPN"})
#: the editions a code may name after ``@`` (C.07's years) and the rule set each is
EDITIONS = {"2009": "fide2009", "2023": "fide2024", "2024": "fide2024", "2026": "fide2026"}
#: how a canonical code names each FIDE rule set's edition
_EDITION_LABEL = {"fide2009": "2009", "fide2024": "2024", "fide2026": "2026"}
_NAME = re.compile(r"^\s*([A-Za-z]+)\s*((?:[/-]\s*[A-Za-z]+\s*[+-]?\s*[0-9.]*\s*)*)$")
_PART = re.compile(r"[/-]\s*([A-Za-z]+)\s*([+-]?\s*[0-9.]*)\s*")


@dataclass(frozen=True)
class TieBreak:
    """A parsed tie-break code such as ``"BH/C1"``.

    Attributes
    ----------
    code : str
        The canonical code (column name), e.g. ``"BH/C1"``.
    name : str
        The acronym, e.g. ``"BH"``.
    low, high : int
        How many lowest / highest contributions are cut (``/Cn``: low=n; ``/Mn``: low=high=n).
    reverse : bool
        ``/R``: TPN in descending order, RTNG lowest first.
    fore : bool
        ``/F``: AOB over the opponents' Fore Buchholz.
    forfeits_played : bool
        ``/P``: a forfeit with a scheduled opponent counts as a game played against him, with
        the points awarded: in DE between two tied players (C.07 art. 6.1.1, the regulations
        saying so), in BH, FB and SB in place of the art. 16 stand-in; without it only round
        robins do (15.2).
    edition : str or None
        The rule set (a name of :data:`~tourneystats.chess.RULE_SETS`) the tie-break is
        computed under, whatever the event's (``@2026``: ``"fide2026"``); None: the event's.
    """

    code: str
    name: str
    low: int = 0
    high: int = 0
    reverse: bool = False
    fore: bool = False
    edition: str | None = None
    forfeits_played: bool = False

    @property
    def plain(self) -> TieBreak:
        """The same tie-break without its edition (computed under the event's rule set)."""
        if self.edition is None:
            return self
        return dataclasses.replace(self, code=self.code.partition("@")[0], edition=None)

    @property
    def ascending(self) -> bool:
        """Whether lower values rank first: TPN (ascending, 7.8) and RTNG/R (lowest first)."""
        return (self.name == "TPN") != self.reverse and self.name in ("TPN", "RTNG")


def parse_tiebreak(code: str | TieBreak) -> TieBreak:
    """Parse a tie-break code (``"BH"``, ``"BH/C1"``, ``"BH/M1"``, ``"ARO/C2"``, ``"TPN/R"``, ...).

    Parameters
    ----------
    code : str or TieBreak
        An acronym of :data:`TIEBREAKS` with its modifiers (``/C1`` cut the lowest, ``/M1`` the
        lowest and highest, ``/R`` reversed, ``/F`` Fore Buchholz average, ``/P`` forfeits
        counted as games played: BH, FB, SB, DE), any letter case,
        and optionally the edition it is computed under (``@2026``, ``@2024``, ``@2023``,
        ``@2009`` or ``@<rule set>``); a :class:`TieBreak` is returned as it is.

    Returns
    -------
    TieBreak
        The parsed code: its canonical spelling, acronym, cuts and flags.

    Raises
    ------
    ValueError
        For an unknown acronym or a modifier the tie-break does not take.

    Examples
    --------
    >>> from tourneystats.chess import parse_tiebreak
    >>> parse_tiebreak("bh/c2")
    TieBreak(code='BH/C2', name='BH', low=2, high=0, reverse=False, fore=False, edition=None,...)
    >>> parse_tiebreak("BH/M1").high, parse_tiebreak("RTNG/R").ascending
    (1, True)
    >>> parse_tiebreak("de/p").code, parse_tiebreak("DE/P").forfeits_played
    ('DE/P', True)
    >>> parse_tiebreak("bh/p/c1").code, parse_tiebreak("SB/C1/P").forfeits_played
    ('BH/C1/P', True)
    >>> parse_tiebreak("BH/C1@2026").edition, parse_tiebreak("bh/m1 @ 2023").code
    ('fide2026', 'BH/M1@2024')
    >>> parse_tiebreak("XYZ")
    Traceback (most recent call last):
    ...
    ValueError: unknown tie-break 'XYZ'; known: PTS, BH, SB, FB, AOB, KS, PS, CUM, ARO, TPR, ...
    """
    if isinstance(code, TieBreak):
        return code
    text, at, edition_text = str(code).partition("@")
    edition = _edition(edition_text, str(code)) if at else None
    tb = _parse_plain(text, str(code))
    if edition is None:
        return tb
    label = _EDITION_LABEL.get(edition, edition)
    return dataclasses.replace(tb, code=f"{tb.code}@{label}", edition=edition)


def _edition(text: str, code: str) -> str:
    """The rule set an edition (after ``@``) names: a year of :data:`EDITIONS` or a rule set."""
    text = text.strip()
    edition = EDITIONS.get(text, text.lower() if text.lower() in RULE_SETS else None)
    if edition is None:
        raise ValueError(
            f"unknown edition {text!r} in tie-break {code!r}; expected @2009, @2023, @2024, "
            f"@2026 or @<rule set> ({', '.join(RULE_SETS)})"
        )
    return edition


def _parse_plain(text: str, code: str) -> TieBreak:
    """Parse a code without its edition (`code`, the whole code, for the messages)."""
    match = _NAME.match(text)
    name = match.group(1).upper() if match else None
    if name not in TIEBREAKS:
        known = ", ".join(TIEBREAKS)
        if match is None and ":" in code:
            known += " (team scores :MP/:GP are not supported)"
        raise ValueError(f"unknown tie-break {code!r}; known: {known}")
    name = "REP" if name == "GE" else name
    low = high = 0
    reverse = fore = played = False
    assert match is not None  # (else no name: refused above)
    for letter, count in _PART.findall(match.group(2)):
        letter, count = letter.upper(), count.replace(" ", "")
        if letter not in _MODIFIERS.get(name, "") or len(letter) != 1:
            raise ValueError(
                f"tie-break {name} takes no /{letter} modifier (in {code!r}); supported: "
                "/Cn and /Mn (BH, SB, FB, ARO), /Cn (PS), /R (TPN, RTNG), /F (AOB), "
                "/P (BH, FB, SB, DE)"
            )
        if letter in "CM":
            if not count.isdigit() or int(count) < 1:
                raise ValueError(f"modifier count must be at least 1 (in {code!r})")
            low, high = int(count), int(count) if letter == "M" else 0
        elif count:
            raise ValueError(f"modifier /{letter} takes no number (in {code!r})")
        reverse |= letter == "R"
        fore |= letter == "F"
        played |= letter == "P"
    canonical = name + (f"/{'M' if high else 'C'}{low}" if low else "")
    canonical += "/R" * reverse + "/F" * fore + "/P" * played
    return TieBreak(canonical, name, low, high, reverse, fore, forfeits_played=played)
