"""Tie-break codes: the C.07 acronyms, their modifiers, and the families the rules treat apart.

A code is an acronym (:data:`TIEBREAKS`) followed by modifiers, each after a ``/`` (or ``-``):
``/Cn`` cuts the n least significant values, ``/Mn`` the n least and the n most significant
(C.07 art. 14); ``/R`` reverses TPN (descending) and RTNG (lowest first) (7.8, 10.6); ``/F``
makes AOB the average of the opponents' Fore Buchholz (8.2). This is the syntax of the TRF-2026
``202``/``212`` records, as FIDE's TieBreakServer reads them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: the supported tie-break acronyms (PTS: the points; GE is REP's former name)
TIEBREAKS = (
    "PTS", "BH", "SB", "FB", "AOB", "KS", "PS", "CUM", "ARO", "TPR", "PTP", "APRO", "APPO",
    "WIN", "WON", "BPG", "BWG", "REP", "GE", "STD", "TPN", "RTNG", "DE",
)  # fmt: skip
#: the modifiers each tie-break takes besides none
_MODIFIERS = {
    "BH": "CM", "SB": "CM", "FB": "CM", "ARO": "CM", "PS": "C", "TPN": "R", "RTNG": "R",
    "AOB": "F",
}  # fmt: skip
#: Buchholz and its relatives (C.07 art. 8: "must not be used in round-robins", 2026)
BUCHHOLZ_FAMILY = frozenset({"BH", "FB", "AOB"})
#: the rating-based tie-breaks (art. 10): unrated players, the first rating, forfeits in round
#: robins (15.2, 2026) concern them
RATING_BASED = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"})
#: the Type B tie-breaks of art. 7 (and CUM, a progressive score): a round-robin forfeit loss
#: stays unplayed in them (15.2, 2026)
OWN_RECORD = frozenset({"WIN", "WON", "BPG", "BWG", "PS", "CUM", "REP", "STD", "TPN"})
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
    """

    code: str
    name: str
    low: int = 0
    high: int = 0
    reverse: bool = False
    fore: bool = False

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
        lowest and highest, ``/R`` reversed, ``/F`` Fore Buchholz average), any letter case; a
        :class:`TieBreak` is returned as it is.

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
    TieBreak(code='BH/C2', name='BH', low=2, high=0, reverse=False, fore=False)
    >>> parse_tiebreak("BH/M1").high, parse_tiebreak("RTNG/R").ascending
    (1, True)
    >>> parse_tiebreak("XYZ")
    Traceback (most recent call last):
    ...
    ValueError: unknown tie-break 'XYZ'; known: PTS, BH, SB, FB, AOB, KS, PS, CUM, ARO, TPR, ...
    """
    if isinstance(code, TieBreak):
        return code
    match = _NAME.match(str(code))
    name = match.group(1).upper() if match else None
    if name not in TIEBREAKS:
        known = ", ".join(TIEBREAKS[:10])
        if match is None and ":" in str(code):
            known += " (team scores :MP/:GP are not supported)"
        raise ValueError(f"unknown tie-break {str(code)!r}; known: {known}, ...")
    name = "REP" if name == "GE" else name
    low = high = 0
    reverse = fore = False
    assert match is not None  # (else no name: refused above)
    for letter, count in _PART.findall(match.group(2)):
        letter, count = letter.upper(), count.replace(" ", "")
        if letter not in _MODIFIERS.get(name, "") or len(letter) != 1:
            raise ValueError(
                f"tie-break {name} takes no /{letter} modifier (in {str(code)!r}); supported: "
                "/Cn and /Mn (BH, SB, FB, ARO), /Cn (PS), /R (TPN, RTNG), /F (AOB)"
            )
        if letter in "CM":
            if not count.isdigit() or int(count) < 1:
                raise ValueError(f"modifier count must be at least 1 (in {str(code)!r})")
            low, high = int(count), int(count) if letter == "M" else 0
        elif count:
            raise ValueError(f"modifier /{letter} takes no number (in {str(code)!r})")
        reverse |= letter == "R"
        fore |= letter == "F"
    canonical = name + (f"/{'M' if high else 'C'}{low}" if low else "")
    canonical += "/R" * reverse + "/F" * fore
    return TieBreak(canonical, name, low, high, reverse, fore)
