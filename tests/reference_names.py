"""Plain-Python reference of how a player or team name is read (core.people): one value at a
time, whitespace as Python's ``str.isspace`` says, letter case compared by ``str.casefold``."""

from __future__ import annotations


def clean_name(value: object) -> object:
    """A text with no whitespace at its ends and one space for every run of whitespace
    inside; anything else unchanged."""
    if not isinstance(value, str):
        return value
    out, pending = [], False
    for char in value:
        if char.isspace():
            pending = bool(out)
            continue
        if pending:
            out.append(" ")
            pending = False
        out.append(char)
    return "".join(out)


def case_variants(rows: list[tuple[str, str]]) -> set[tuple[str, frozenset[str]]]:
    """Per group, the sets of two names or more that differ in letter case only."""
    by_key: dict[tuple[str, str], set[str]] = {}
    for group, name in rows:
        by_key.setdefault((group, name.casefold()), set()).add(name)
    return {(group, frozenset(names)) for (group, _), names in by_key.items() if len(names) > 1}
