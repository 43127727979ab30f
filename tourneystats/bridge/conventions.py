"""Publisher conventions: how a scoring program totals, rounds and ranks a pairs session.

Scoring programs agree on the rules of matchpoints, Neuberg, Butler and cross-IMPs
(:mod:`tourneystats.bridge`) but differ in the details around them: whether a pair that played
fewer boards has its total scaled up, when values are rounded, what a phantom (sit-out) table
counts for, how a Butler datum is trimmed. A :class:`Convention` holds those details as data;
:data:`CONVENTIONS` has the presets, each reproducing its publisher's published numbers on real
files:

``ebu``
    The default: percentages unrounded from the sum of matchpoints over
    the sum of tops, no factoring, Butler datum without the highest and the lowest score rounded
    to 10, cross-IMPs divided by the comparisons (n - 1). The rules of the EBU's scoring
    program as the module docs state them; no EBUScore file was available to check them.
``compscore``
    Compscore3 (Australia), checked on six of its USEBIO exports: a pair that played fewer
    boards than the most any pair of its line played has its total scaled to that number
    (``factored``, the published ``TOTAL_SCORE``), a Neuberg-scaled board counting in it as its
    percentage rounded to 0.01; totals and percentages published to 0.01, rounded half to even
    (68.425 -> 68.42); the Butler datum drops one highest and one lowest
    score even with only four results and rounds to 10 half away from zero, as the default
    does (35 of 35 datums on both files).
``jfr``
    JFR Pary 4.1 (Poland), checked on a matchpoint pairs session's pages: a phantom (sit-out)
    table is left out of its board (not compared, not counted in the results the others are
    Neuberg-scaled to); each board percentage is rounded to 0.01 and a pair's percentage is the
    mean of its board percentages, the phantom's 60 % included.
``kops``
    KoPS2www (Poland), checked on a matchpoint and a cross-IMP session: every Neuberg-scaled
    matchpoint score is rounded to 0.01 before the percentages and totals, a pair's percentage
    is 100 x its rounded matchpoints / its tops; cross-IMPs divided by n - 1, the phantom's
    opponent scoring 0 IMPs, one comparison counting at most 17 IMPs (a single observation).

No ``acbl`` preset: no public description or file of ACBLscore's totals was found that differs
from these. A user builds their own from the same fields: ``Convention(name="club",
factored=True, decimals=1)``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

import numpy as np

#: column of the standings: a pair's total scaled to the full number of boards of its line
FACTORED = "factored"
#: column of a results frame: the convention a reader found its session's program implies
CONVENTION = "convention"

_ROUNDINGS = ("half_even", "half_up")
_PERCENTAGES = ("total", "mean")
_PHANTOMS = ("artificial", "outside")
_DIVISORS = ("n-1", "n", "1")
_TOTALS = ("raw", "factored")


@dataclass(frozen=True)
class Convention:
    """How a publisher totals, rounds and ranks a pairs session (see :mod:`.conventions`).

    Parameters
    ----------
    name : str
        Label of the convention.
    source : str
        The program or publisher whose numbers it reproduces, for the documentation.
    total : {"raw", "factored"}
        The session total the publisher prints and compares (``total`` in a USEBIO file), and by
        which IMP sessions are ranked: the plain sum (``mp``, ``imps``), or that sum scaled to the
        full number of boards, ``factored = sum x B / b`` for a pair that played ``b`` boards
        when the most any pair of its line played is ``B`` (Mitchell: its NS or EW line; Howell:
        the field). Both columns are always in the standings. Matchpoint sessions rank by
        percentage, which orders a line as the factored total does.
    decimals : int, optional
        The totals and percentages are published rounded to this many decimals (the pairs are
        ranked on the unrounded values: KoPS places two pairs published at 55.21 % ninth and
        tenth); ``None`` leaves them unrounded.
    rounding : {"half_even", "half_up"}
        How values are rounded to `decimals`, `mp_decimals` and `board_decimals`: a value
        exactly halfway (to 1e-6 of the last decimal, so that binary noise does not decide)
        goes to the even digit, or away from zero.
    mp_decimals : int, optional
        Every matchpoint score, Neuberg-scaled, is rounded to this many decimals before the
        percentages and totals (KoPS: 2).
    neuberg_decimals : int, optional
        A score Neuberg-scaled (on a board with fewer results than the section's most) enters
        the totals (``mp``, ``factored``) as its board percentage rounded to this many
        decimals, times the top; the percentage stays that of the unrounded scores (Compscore:
        2, which reproduces its totals where rounding the matchpoints does not).
    percentage : {"total", "mean"}
        A pair's percentage: ``100 x sum of matchpoints / sum of tops`` (``"total"``), or the
        mean of its board percentages (``"mean"``, JFR).
    board_decimals : int, optional
        With ``percentage="mean"``: each board percentage is rounded to this many decimals
        before the mean (JFR: 2).
    phantom : {"artificial", "outside"}
        A phantom (sit-out) table, a result whose artificial code gives one side 00 (``A6000``:
        60 % to NS, EW a phantom pair that is not ranked): ``"artificial"`` counts it as an
        artificial result of its board (the board's real results are Neuberg-scaled to the
        section's most results, which counts it); ``"outside"`` leaves it out of the board
        (JFR: the others keep the top of the real results).
    butler_drop : int, float or "median"
        The Butler datum: the mean of a board's real scores without the ``k`` highest and ``k``
        lowest (an integer ``k``, at most ``(n - 1) // 2``; a fraction ``f``: ``floor(f n)``),
        or the median (see :class:`~tourneystats.bridge.ButlerRules`).
    butler_round_to : int
        The datum is rounded to a multiple of this, a tie away from zero.
    cross_divisor : {"n-1", "n", "1"}
        Cross-IMPs of a result: the sum of its IMPs against the board's other ``n - 1`` real
        results, divided by ``n - 1`` (the comparisons, PBN ``Cross2``), by ``n`` (the scores,
        PBN ``Cross1``) or not divided (PBN ``Cross``).
    artificial_imps : tuple of 3 floats
        IMPs of average-plus, average and average-minus (Law 12C: +3, 0, -3).
    phantom_imps : float, optional
        IMPs of the real pair at a phantom table; ``None``: those of its artificial percentage.
    imp_cap : int, optional
        The IMPs of one comparison (Butler: a result against the datum; cross-IMPs: against one
        other result) are capped at this many. KoPS: 17, read from the one comparison of its
        checked session beyond 17 IMPs (2080 points, 19 IMPs on the WBF table, counted 17):
        a single observation.
    vp_scale : str
        The victory point scale of team matches (:func:`~tourneystats.bridge.victory_points`).

    Examples
    --------
    >>> from tourneystats.bridge import CONVENTIONS, Convention
    >>> CONVENTIONS["compscore"].total, CONVENTIONS["compscore"].decimals
    ('factored', 2)
    >>> Convention(name="club", total="factored", decimals=1).rounding
    'half_even'
    """

    name: str = "custom"
    source: str = ""
    total: str = "raw"
    decimals: int | None = None
    rounding: str = "half_even"
    mp_decimals: int | None = None
    neuberg_decimals: int | None = None
    percentage: str = "total"
    board_decimals: int | None = None
    phantom: str = "artificial"
    butler_drop: int | float | str = 1
    butler_round_to: int = 10
    cross_divisor: str = "n-1"
    artificial_imps: tuple[float, float, float] = (3.0, 0.0, -3.0)
    phantom_imps: float | None = None
    imp_cap: int | None = None
    vp_scale: str = "wbf2013"

    def __post_init__(self) -> None:
        for name, allowed in (
            ("total", _TOTALS),
            ("rounding", _ROUNDINGS),
            ("percentage", _PERCENTAGES),
            ("phantom", _PHANTOMS),
            ("cross_divisor", _DIVISORS),
        ):
            if getattr(self, name) not in allowed:
                raise ValueError(
                    f"Convention.{name} must be one of {', '.join(map(repr, allowed))}; "
                    f"got {getattr(self, name)!r}"
                )
        if self.imp_cap is not None and not (isinstance(self.imp_cap, int) and self.imp_cap >= 0):
            raise ValueError(f"Convention.imp_cap must be None or >= 0; got {self.imp_cap!r}")
        for name in ("decimals", "mp_decimals", "neuberg_decimals", "board_decimals"):
            value = getattr(self, name)
            if value is not None and not (isinstance(value, int) and 0 <= value <= 9):
                raise ValueError(f"Convention.{name} must be None or 0..9; got {value!r}")
        object.__setattr__(self, "artificial_imps", tuple(float(v) for v in self.artificial_imps))
        if len(self.artificial_imps) != 3:
            raise ValueError("Convention.artificial_imps must be three numbers")
        check_datum(self.butler_drop, self.butler_round_to)

    def round(self, values: Any, decimals: int | None) -> Any:
        """`values` rounded to `decimals` by this convention's `rounding` (``None``: as they are).

        Examples
        --------
        >>> CONVENTIONS["compscore"].round(np.array([68.425, 128.76923]), 2).tolist()
        [68.42, 128.77]
        >>> CONVENTIONS["jfr"].round(np.array([68.425, -0.125]), 2).tolist()
        [68.43, -0.13]
        """
        if decimals is None:
            return values
        return round_decimal(values, decimals, self.rounding)


def check_datum(drop: Any, round_to: Any) -> None:
    """Refuse a Butler datum rule that is not ``k >= 0``, a fraction in [0, 0.5) or "median",
    rounded to a positive integer."""
    ok = (
        drop == "median"
        or (isinstance(drop, (int, np.integer)) and not isinstance(drop, bool) and drop >= 0)
        or (isinstance(drop, float) and 0 <= drop < 0.5)
    )
    if not ok:
        raise ValueError(
            f"drop must be an integer >= 0, a fraction in [0, 0.5) or 'median'; got {drop!r}"
        )
    if isinstance(round_to, bool) or int(round_to) != round_to or round_to < 1:
        raise ValueError(f"round_to must be a positive integer, got {round_to!r}")


def round_decimal(values: Any, decimals: int, rounding: str = "half_even") -> np.ndarray:
    """`values` rounded to `decimals` decimals, a value halfway to 1e-6 of the last decimal
    counted as exactly halfway (binary floats rarely hold a decimal half exactly: 68.425 is
    68.42499999999999715...).

    Examples
    --------
    >>> round_decimal([68.425, 0.5, 1.5, 2.675], 2).tolist()
    [68.42, 0.5, 1.5, 2.68]
    >>> round_decimal([68.425, -2.5, 2.5], 0, "half_up").tolist()
    [68.0, -3.0, 3.0]
    """
    scale = 10.0**decimals
    x = np.asarray(values, dtype=np.float64) * scale
    snapped = np.round(x, 6)  # 6842.500000000001 -> 6842.5
    if rounding == "half_up":
        out = np.sign(snapped) * np.floor(np.abs(snapped) + 0.5)
    else:
        out = np.rint(snapped)
    return out / scale


#: the presets, by name (see the module docstring for their sources)
CONVENTIONS: dict[str, Convention] = {
    "ebu": Convention(
        name="ebu", source="the EBU's rules as its scoring program's documentation states them"
    ),
    "compscore": Convention(
        name="compscore",
        source="Compscore3 USEBIO exports (abftech/cobalt test files)",
        total="factored",
        decimals=2,
        rounding="half_even",
        neuberg_decimals=2,
    ),
    "jfr": Convention(
        name="jfr",
        source="JFR Pary 4.1 result pages (jarekczek/pbntools test pages)",
        decimals=2,
        rounding="half_up",
        percentage="mean",
        board_decimals=2,
        phantom="outside",
    ),
    "kops": Convention(
        name="kops",
        source="KoPS2www result pages (jarekczek/pbntools test pages)",
        decimals=2,
        rounding="half_up",
        mp_decimals=2,
        phantom_imps=0.0,
        imp_cap=17,
    ),
}

#: the convention of data that names none
DEFAULT_CONVENTION = "ebu"


def convention_of(value: str | Convention | None) -> Convention:
    """The :class:`Convention` a keyword names: a preset's name, a Convention, or None (ebu).

    Examples
    --------
    >>> convention_of("KoPS").mp_decimals
    2
    >>> convention_of(None).name
    'ebu'
    """
    if value is None:
        return CONVENTIONS[DEFAULT_CONVENTION]
    if isinstance(value, Convention):
        return value
    key = str(value).strip().lower()
    if key not in CONVENTIONS:
        raise ValueError(
            f"unknown bridge convention {value!r}; choose one of {', '.join(CONVENTIONS)} or "
            "(in Python) pass a bridge.Convention"
        )
    return CONVENTIONS[key]


def with_fields(convention: Convention, overrides: dict[str, Any]) -> Convention:
    """`convention` with some fields replaced (a declared scoring variant, e.g. PBN ``Cross1``)."""
    return replace(convention, **overrides) if overrides else convention


#: the names of the fields, in order (the documentation's table)
FIELDS = tuple(f.name for f in fields(Convention))
