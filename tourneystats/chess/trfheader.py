"""The records of a TRF file's header that say how its event is run: the rounds declared
(``142``, ``XXR``) and the tie-break orders (``202``, and ``212``: the standings' criteria),
each checked as it is read (an error names the file, line and column).
"""

from __future__ import annotations

from ..core.schema import ValidationError
from .codes import parse_tiebreak
from .teamcodes import canonical_tiebreak_code


def _declared_rounds(line: str, before: int, where: str) -> int:
    """The number of rounds of a ``142`` or ``XXR`` record (1 or more; every such record of a
    file must give the same)."""
    value = line[4:].strip()
    if not (value.isdigit() and value.isascii()):
        raise ValidationError(
            f"TRF: {where}: column 5: number of rounds {value!r} is not a whole number"
        )
    if int(value) == 0:
        raise ValidationError(f"TRF: {where}: column 5: number of rounds 0 (1 or more)")
    if before and before != int(value):
        raise ValidationError(
            f"TRF: {where}: 142 and XXR give different numbers of rounds ({int(value)} here, "
            f"{before} before)"
        )
    return int(value)


def _no_team_tiebreak(line: str, where: str) -> None:
    """Refuse a team tie-break in the 202/212 `line` of a file without team records."""
    for code in (c.strip() for c in line[4:].split(",")):
        if code and code.upper() != "PTS":
            try:
                parse_tiebreak(code)
            except ValueError:
                raise ValidationError(
                    f"TRF: {where}: column {line.find(code) + 1}: {code!r} is a team tie-break, "
                    "and the file has no team records (013/310)"
                ) from None


def _tiebreak_order(tag: str, line: str, where: str) -> str:
    """The tie-breaks of a ``202`` (or ``212``: the standings, the points first) record, as
    canonical codes separated by commas; an unknown code is refused."""
    codes = [c.strip() for c in line[4:].split(",") if c.strip()]
    if tag == "212":
        if not codes or codes[0].upper() not in ("PTS", "MP", "GP"):
            raise ValidationError(
                f"TRF: {where}: column 5: a 212 record lists the standings' criteria with the "
                f"points first (PTS), got {codes[0] if codes else ''!r}"
            )
        # a team event's primary score (MP or GP) stays in its order
        codes = codes[1:] if codes[0].upper() == "PTS" else codes
    parsed = []
    for code in codes:
        try:  # an individual tie-break, or a team one (a team event: read_team_trf)
            parsed.append(canonical_tiebreak_code(code))
        except ValueError as exc:
            column = line.find(code) + 1
            raise ValidationError(f"TRF: {where}: column {column}: {exc}") from None
    if not parsed and tag == "202":
        raise ValidationError(f"TRF: {where}: column 5: a 202 record without a tie-break")
    twice = sorted({c for c in parsed if parsed.count(c) > 1})
    if twice:
        raise ValidationError(f"TRF: {where}: column 5: tie-break(s) listed twice: {twice}")
    return ",".join(parsed)
