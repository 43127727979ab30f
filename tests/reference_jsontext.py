"""Plain-Python oracle for the depth limit of ``tourneystats.core.jsontext``: one byte at a time.

Nothing here is shared with the package: the text's UTF-8 bytes are walked in order, counting
the backslashes in a row; a quote after an even number of them (none, two, ...) opens or closes
a string (after an odd number it is escaped: inside a string, the only place valid JSON has a
backslash); a bracket outside a string opens or closes a level.
"""

from __future__ import annotations


def too_deep(text: str, limit: int) -> str | None:
    """``"line L, column C"`` (C counting the bytes of the line) of the first bracket that
    opens level ``limit + 1``, None if the text never goes that deep."""
    raw = text.encode("utf-8", "surrogatepass")
    depth, line, column, backslashes = 0, 1, 0, 0
    inside = False
    for byte in raw:
        column += 1
        char = chr(byte)
        if char == "\n":
            line, column = line + 1, 0
        escaped = backslashes % 2 == 1
        backslashes = backslashes + 1 if char == "\\" else 0
        if char == '"' and not escaped:
            inside = not inside
        elif inside:
            continue
        elif char in "[{":
            depth += 1
            if depth > limit:
                return f"line {line}, column {column}"
        elif char in "]}":
            depth -= 1
    return None
