"""The scoring a results file declares, read into one vocabulary (the ``scoring`` column).

A session is scored by one of these methods (:data:`SCORINGS`); the generic ones take their
details from the :class:`~tourneystats.bridge.Convention`, the others fix one detail as the
PBN standard names it:

==================  ==============================================================================
``mp``              matchpoints (PBN ``MP``, ``MatchPoints``; USEBIO ``MP_PAIRS``,
                    ``MATCH_POINTS``)
``butler``          Butler IMPs against a datum formed by the convention (USEBIO ``BUTLER_PAIRS``,
                    ``BUTLER_IMPS``)
``butler_all``      Butler, the datum the mean of all the board's scores (PBN ``IMP;Butler``,
                    ``IMP;Mean``)
``butler_2``        Butler, the datum without the highest and the lowest score (PBN
                    ``IMP;Butler-2``)
``butler_median``   Butler, the datum the median score (PBN ``IMP;Median``)
``cross_imps``      cross-IMPs divided as the convention says, n - 1 by default (USEBIO
                    ``CROSS_IMP``/``CROSS_IMPS``; a pairs PBN file's bare ``IMP``)
``cross_imps_n1``   cross-IMPs divided by the n - 1 comparisons (PBN ``IMP;Cross2``)
``cross_imps_n``    cross-IMPs divided by the n scores (PBN ``IMP;Cross1``)
``cross_imps_sum``  cross-IMPs summed, not divided (PBN ``IMP;Cross``)
==================  ==============================================================================

**USEBIO** (``usebio_scoring``): the ``EVENT_TYPE`` attribute (of ``EVENT``, repeated on
``PARTICIPANTS`` and ``BOARD`` by Compscore) and the ``SCORING_METHOD`` (USEBIO 1.2) or
``BOARD_SCORING_METHOD`` (1.3) element. ``PAIRS`` and ``SWISS_PAIRS`` (1.3) leave the method to
the scoring element; a bare ``IMPS`` is Butler when the file publishes datums
(``BOARD_AVERAGE``) or Butler points, cross-IMPs when it publishes cross-IMP points, and
otherwise an error. Team types (``TEAMS``, ``TEAMS_OF_FOUR``, ``SWISS_TEAMS``, ``KO``,
``HEAD_TO_HEAD``) are refused by the pairs reader; ``INDIVIDUAL``, ``AGGREGATE``, ``LADDER``
and any other type are errors, as are declarations that contradict each other
(``MP_PAIRS`` with ``IMPS``).

**PBN** (``pbn_scoring``): the ``Scoring`` tag of PBN 2.1 section 3.4.12, fields separated
by ``;``. Its basic systems ``MP``/``MatchPoints`` and ``IMP`` are read with the modifiers
above (``MP1``/``MP2``, the matchpoint unit, are accepted: percentages do not depend on it).
The standard defines ``IMP`` alone for two scores compared (a team match); on a pairs board
with more results it is read as cross-IMPs, which on a board of two results is that same
comparison. ``Cavendish``, ``Chicago``, ``Rubber``, ``BAM``, ``Instant``, ``Experts``,
``OldMP``, ``EMP``, ``IMP_1948``, ``IMP_1961``, the Mitchell/Ascherman/Bastille variants and
any unknown value are errors naming the file and line; so are two basic systems, an ``MP``
with an IMP modifier, or Butler with Cross.

A session that declares nothing is matchpointed; a caller's ``scoring=`` replaces every
declaration (the file's is then not read).
"""

from __future__ import annotations

from typing import Any, cast

#: scoring method -> (computation, Convention fields it fixes)
SCORINGS: dict[str, tuple[str, dict[str, Any]]] = {
    "mp": ("mp", {}),
    "butler": ("butler", {}),
    "butler_all": ("butler", {"butler_drop": 0}),
    "butler_2": ("butler", {"butler_drop": 1}),
    "butler_median": ("butler", {"butler_drop": "median"}),
    "cross_imps": ("cross", {}),
    "cross_imps_n1": ("cross", {"cross_divisor": "n-1"}),
    "cross_imps_n": ("cross", {"cross_divisor": "n"}),
    "cross_imps_sum": ("cross", {"cross_divisor": "1"}),
}
#: other spellings a caller may use
_ALIASES = {
    "matchpoints": "mp",
    "match_points": "mp",
    "cross": "cross_imps",
    "crossimps": "cross_imps",
    "ximps": "cross_imps",
    "cross_imp": "cross_imps",
}
#: the scoring a session that declares nothing gets
DEFAULT_SCORING = "mp"


def scoring_of(value: Any) -> str:
    """The canonical name of a scoring method (case and ``-``/``_`` ignored).

    Examples
    --------
    >>> scoring_of("Cross-IMPs"), scoring_of("MP")
    ('cross_imps', 'mp')
    """
    key = str(value).strip().lower().replace("-", "_").replace(" ", "_")
    key = _ALIASES.get(key, key)
    if key not in SCORINGS:
        raise ValueError(f"unknown bridge scoring {value!r}; choose one of {', '.join(SCORINGS)}")
    return key


# --- USEBIO --------------------------------------------------------------------------------------

_USEBIO_TYPES = {
    "MP_PAIRS": "mp",
    "BUTLER_PAIRS": "butler",
    "SWISS_PAIRS_BUTLER_IMPS": "butler",
    "CROSS_IMP": "cross_imps",
    "CROSS_IMPS": "cross_imps",
    "SWISS_PAIRS_CROSS_IMPS": "cross_imps",
    "PAIRS": None,  # USEBIO 1.3: the method is in BOARD_SCORING_METHOD
    "SWISS_PAIRS": None,
}
#: USEBIO event types of team events (the pairs reader refuses them)
USEBIO_TEAM_TYPES = ("TEAMS", "TEAMS_OF_FOUR", "SWISS_TEAMS", "KO", "HEAD_TO_HEAD")
_USEBIO_METHODS = {
    "MATCH_POINTS": "mp",
    "MATCHPOINTS": "mp",
    "MP": "mp",
    "PERCENTAGE": "mp",
    "IMPS": "imps",
    "IMP": "imps",
    "BUTLER_IMPS": "butler",
    "BUTLER": "butler",
    "CROSS_IMPS": "cross_imps",
    "CROSS_IMP": "cross_imps",
}


def usebio_scoring(
    event_type: str | None,
    methods: dict[str, str],
    *,
    publishes: str | None = None,
) -> str | None:
    """The scoring a USEBIO event declares, or None when it declares none.

    Parameters
    ----------
    event_type : str, optional
        The ``EVENT_TYPE`` attribute.
    methods : dict
        The scoring elements found (``{"SCORING_METHOD": "IMPS"}``).
    publishes : {"butler", "cross_imps", None}
        What the file's published values show (datums or Butler points; cross-IMP points), for
        a bare ``IMPS``.

    Raises
    ------
    ValueError
        An unknown or unsupported type or method, contradicting declarations, or a bare IMPS
        that the file does not settle.

    Examples
    --------
    >>> usebio_scoring("BUTLER_PAIRS", {"SCORING_METHOD": "IMPS"})
    'butler'
    >>> usebio_scoring("PAIRS", {"BOARD_SCORING_METHOD": "MATCH_POINTS"})
    'mp'
    >>> usebio_scoring(None, {}) is None
    True
    """
    found: dict[str, str] = {}
    if event_type:
        kind = event_type.strip().upper()
        if kind not in _USEBIO_TYPES:
            what = "unsupported" if kind in ("INDIVIDUAL", "AGGREGATE", "LADDER") else "unknown"
            raise ValueError(
                f"{what} EVENT_TYPE {event_type!r} (pairs events read: "
                f"{', '.join(_USEBIO_TYPES)}); score it with scoring=..."
            )
        if _USEBIO_TYPES[kind]:
            found[f"EVENT_TYPE {kind}"] = cast(str, _USEBIO_TYPES[kind])
    for tag, value in methods.items():
        key = value.strip().upper().replace(" ", "_")
        if key not in _USEBIO_METHODS:
            raise ValueError(
                f"unknown {tag} {value!r} (known: {', '.join(_USEBIO_METHODS)}); score it with "
                "scoring=..."
            )
        found[f"{tag} {key}"] = _USEBIO_METHODS[key]
    specific = {v for v in found.values() if v != "imps"}
    if len(specific) > 1 or ("mp" in specific and "imps" in found.values()):
        raise ValueError(
            "contradicting scoring declarations: " + ", ".join(found) + "; score it with "
            "scoring=..."
        )
    if specific:
        return specific.pop()
    if found:  # IMPS alone: Butler or cross-IMPs?
        if publishes is None:
            raise ValueError(
                "declares IMP scoring (" + ", ".join(found) + ") without saying Butler or "
                "cross-IMPs, and publishes neither datums nor cross-IMP points; score it with "
                "scoring='butler' or 'cross_imps'"
            )
        return publishes
    return None


def program_convention(program: str | None) -> str | None:
    """The convention a scoring program's name implies (USEBIO ``PROGRAM_NAME``).

    Examples
    --------
    >>> program_convention("Compscore3"), program_convention("EBUScore") is None
    ('compscore', True)
    """
    if program and program.strip().lower().startswith("compscore"):
        return "compscore"
    return None


# --- PBN -----------------------------------------------------------------------------------------

_PBN_UNSUPPORTED = {
    "CAVENDISH", "CHICAGO", "RUBBER", "BAM", "INSTANT", "EXPERTS", "OLDMP", "EMP", "IMP_1948",
    "IMP_1961", "MITCHELL2", "MITCHELL3", "MITCHELL4", "ASCHERMAN", "BASTILLE",
}  # fmt: skip
_PBN_IMP_MODIFIERS = {
    "BUTLER": "butler_all",
    "BUTLER-2": "butler_2",
    "MEAN": "butler_all",
    "MEDIAN": "butler_median",
    "CROSS": "cross_imps_sum",
    "CROSS1": "cross_imps_n",
    "CROSS2": "cross_imps_n1",
}


def pbn_scoring(tag: str | None) -> str | None:
    """The scoring a PBN ``Scoring`` tag declares, or None for an empty tag.

    Raises
    ------
    ValueError
        An unknown or unsupported value, or fields that contradict each other.

    Examples
    --------
    >>> pbn_scoring("MatchPoints"), pbn_scoring("IMP;Butler-2"), pbn_scoring("IMP; Cross1")
    ('mp', 'butler_2', 'cross_imps_n')
    >>> pbn_scoring("IMP"), pbn_scoring("") is None
    ('cross_imps', True)
    """
    if tag is None or tag.strip() in ("", "?", "-"):
        return None
    fields = [f.strip().upper() for f in tag.split(";") if f.strip()]
    basics = [f for f in fields if f in ("MP", "MATCHPOINTS", "IMP")]
    mods = [f for f in fields if f in _PBN_IMP_MODIFIERS]
    for f in fields:
        if f in _PBN_UNSUPPORTED:
            raise ValueError(f"PBN Scoring {tag!r}: {f} scoring is not supported")
        if f not in ("MP", "MATCHPOINTS", "IMP", "MP1", "MP2") and f not in _PBN_IMP_MODIFIERS:
            raise ValueError(
                f"PBN Scoring {tag!r}: unknown value {f!r} (PBN 2.1 section 3.4.12); score it "
                "with scoring=..."
            )
    kinds = {"IMP" if b == "IMP" else "MP" for b in basics}
    if (mods or "MP1" in fields or "MP2" in fields) and not basics:
        kinds.add("IMP" if mods else "MP")
    mp_unit = "MP1" in fields or "MP2" in fields
    if (
        len(kinds) > 1
        or ("MP" in kinds and mods)
        or ("IMP" in kinds and mp_unit)
        or len({_PBN_IMP_MODIFIERS[m] for m in mods}) > 1
    ):
        raise ValueError(f"PBN Scoring {tag!r}: its fields contradict each other")
    if kinds == {"MP"}:
        return "mp"
    return _PBN_IMP_MODIFIERS[mods[0]] if mods else "cross_imps"
