"""What pairing programs write about themselves and their tie-breaks, as data.

Which program wrote a file
--------------------------
:data:`PROGRAM_SIGNS` names the program (a preset of :data:`~tourneystats.chess.PRESETS`) a text
of a file says wrote it: a TRF comment line (``###``), a PGN ``Site`` URL or ``Source`` tag. The
readers put it in the ``program`` column of the events, and ``rules="auto"`` then applies that
program's preset to the event. A file that names no program is left to FIDE's dates.

No real TRF or PGN file of Swiss-Manager or chessmanager.com naming its program was found in
public repositories (Swiss-Manager's TRF exports carry no such line); the signs are the
programs' names and web addresses (``chess-results.com`` is Swiss-Manager's results server).

Swiss-Manager's tie-break labels
--------------------------------
Swiss-Manager annotates each tie-break column of its standings (on chess-results.com, "Tie
Break1: ...") with a label that, since the FIDE tie-break regulations of 2023, names the edition
it applies and, after it, its parameters: "Buchholz Tie-Break Variable (2026) (Gamepoints,
Cut1)", "Sonneborn Berger Tie-Break Variable (2026) (Gamepoints)", "Number of wins including
byes (WIN) (Gamepoints, Forfeited games count)" (chess-results.com tnr1413687, 2026, as quoted
in public repositories). Each reproduces only under its own edition, so :func:`code_of_label`
maps a label to a code that carries it (``BH/C1@2026``; the 2023 text is the rule set
``fide2024``: ``@2024``). :data:`SWISS_MANAGER_LABELS` is the table: a pattern of the label's
name (case and spacing ignored, the parameters and the edition taken off first) and the code it
gives; a cut in the parameters (``Cut1``) is the modifier ``/C1``, and a parameter the table
does not know (match points, a median) gives no code. The labels without an edition are those
of the program's versions before 2023; they give codes computed under the event's rule set. A
label whose meaning depends on settings it does not print ("Buchholz Tie-Breaks (variabel with
parameter)", "Sonneborn-Berger-Tie-Break variable") gives no code: it cannot be mapped without
those settings (chess-results.com crosstables of 2018 and 2021 with such labels:
tests/data/chess/swissmanager).
"""

from __future__ import annotations

import re

from .codes import parse_tiebreak

#: (preset, pattern): a text of a file matching the pattern says the preset's program wrote it
PROGRAM_SIGNS: tuple[tuple[str, str], ...] = (
    ("chessmanager", r"chessmanager\.com|\bchess\s*manager\b"),
    ("swissmanager", r"swiss[- ]?manager|chess-results\.com"),
)
_SIGNS = tuple((name, re.compile(pattern, re.IGNORECASE)) for name, pattern in PROGRAM_SIGNS)

#: (pattern, code): Swiss-Manager's tie-break labels (case and spaces ignored, without the
#: trailing edition "(2023)"), ``{n}`` the number the pattern captures
SWISS_MANAGER_LABELS: tuple[tuple[str, str], ...] = (
    (r"buchholz tie-?breaks? variable", "BH"),  # with an edition and its parameters
    (r"sonneborn[- ]berger tie-?breaks? variable", "SB"),
    (r"number of wins including byes \(win\)", "WIN"),
    (r"number of games won with black \(bwg\)", "BWG"),
    (r"buchholz tie-?breaks? cut-?(\d+)", "BH/C{n}"),
    (r"(?:buchholz tie-?breaks? )?median-?(\d+)", "BH/M{n}"),
    (r"buchholz tie-?breaks? \(all results\)|buchholz tie-?breaks?", "BH"),
    (r"buchholzwertung \(1 streichresultat\)", "BH/C1"),
    (r"buchholz tie-?breaks? \(without two results=middle tie-?breaks\)", "BH/M1"),
    (r"sonneborn-berger[- ]tie-?breaks? cut-?(\d+)", "SB/C{n}"),
    (r"(?:fide-)?sonneborn-berger[- ]tie-?breaks?", "SB"),
    (r"direct encounter.*|the results of the players in the same point(?: group)?", "DE"),
    (r"the greater number of victories|number of wins", "WIN"),
    (r"number of games won|wins over the board", "WON"),
    (r"most black|number of games played with black", "BPG"),
    (r"number of games won with black", "BWG"),
    (r"progressive score cut-?(\d+)", "PS/C{n}"),
    (r"(?:sum of )?progressive scores?", "PS"),
    (r"koya(?: tie-?break| system)?", "KS"),
    (r"rating average of the opponents", "ARO"),
    (r"average rating of opponents cut-?(\d+)", "ARO/C{n}"),
    (r"average rating of opponents", "ARO"),
    (r"rating performance|tournament performance rating", "TPR"),
)
_LABELS = tuple((re.compile(pattern), code) for pattern, code in SWISS_MANAGER_LABELS)
_EDITION = re.compile(r"\s*\((\d{4})\)\s*$")
#: the parameters a label ends with: "(Gamepoints, Cut1)", after its edition
_PARAMETERS = re.compile(r"\s*\(([^()]*)\)\s*$")
_CUT = re.compile(r"cut\s*(\d+)")
_POINTS = re.compile(r"\s*(?:game|match)-?points\b", re.IGNORECASE)
#: parameters that do not change the value of an individual tie-break
_PLAIN_PARAMETERS = ("gamepoints", "forfeited games count")


def code_of_label(label: str) -> str | None:
    """The tie-break code of a Swiss-Manager column label, with the edition it names.

    Parameters
    ----------
    label : str
        A tie-break label as Swiss-Manager prints it, e.g. "Buchholz Tie-Break Variable (2026)
        (Gamepoints, Cut1)".

    Returns
    -------
    str or None
        The canonical code (``"BH/C1@2026"``), None for a label of no known tie-break.

    Examples
    --------
    >>> from tourneystats.chess.programs import code_of_label
    >>> code_of_label("Buchholz Tie-Breaks Cut-1 (2026)"), code_of_label("Median-1 (2023)")
    ('BH/C1@2026', 'BH/M1@2024')
    >>> code_of_label("Buchholz Tie-Break Variable (2026) (Gamepoints, Cut1)")
    'BH/C1@2026'
    >>> code_of_label("Sonneborn-Berger-Tie-Break"), code_of_label("Lots")
    ('SB', None)
    """
    text = " ".join(str(label).split())
    cut = ""
    parameters = _PARAMETERS.search(text)
    if parameters and _POINTS.match(parameters.group(1)):  # "... (2026) (Gamepoints, Cut1)"
        for word in (w.strip().casefold() for w in parameters.group(1).split(",")):
            found_cut = _CUT.fullmatch(word)
            if found_cut and not cut:
                cut = "/C" + found_cut.group(1)
            elif word not in _PLAIN_PARAMETERS:
                return None  # match points, a median, ...: not mapped
        text = text[: parameters.start()]
    edition = _EDITION.search(text)
    if edition:
        text = text[: edition.start()]
    text = text.casefold().strip()
    for pattern, code in _LABELS:
        found = pattern.fullmatch(text)
        if found:
            number = next((g for g in found.groups() if g), "")
            code = code.format(n=number)
            if cut:
                if "/" in code:
                    return None
                code += cut
            if edition:
                code += "@" + edition.group(1)
            try:
                return parse_tiebreak(code).code
            except ValueError:  # an edition year C.07 never had
                return None
    return None


def program_of(*texts: str | None) -> str | None:
    """The preset of the program the first of `texts` naming one names (None: none does).

    Examples
    --------
    >>> program_of(None, "https://www.chessmanager.com/en/tournaments/123")
    'chessmanager'
    >>> program_of("### created by Swiss-Manager from chess-results.com"), program_of("Club")
    ('swissmanager', None)
    """
    for text in texts:
        if not text:
            continue
        for name, sign in _SIGNS:
            if sign.search(text):
                return name
    return None
