"""Safe XML for the readers of XML result files (USEBIO, Pokemon TOM): :func:`parse_xml`.

The XML is parsed without any DTD or entity processing: a document type declaration with an
internal subset, or any ``<!ENTITY``, is refused before parsing; a plain external declaration
(``<!DOCTYPE USEBIO SYSTEM "...usebio_v1_2.dtd">``, which real files carry) is blanked out and
never fetched; an undefined entity reference is a parse error. Nothing touches the network. Every
element keeps the line it starts on, so a reader's errors can name it.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, cast
from xml.parsers import expat

from .schema import ValidationError

__all__ = ["parse_xml"]

_DOCTYPE_RE = re.compile(r"<!DOCTYPE\b[^\[>]*(\[)?[^>]*>", re.IGNORECASE)
_XML_DECL_RE = re.compile(r"^\s*<\?xml[^>]*\?>")
_ENCODING_RE = re.compile(rb"""^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']""")


def _blank_keep_lines(text: str, start: int, end: int) -> str:
    piece = text[start:end]
    return text[:start] + re.sub(r"[^\n]", " ", piece) + text[end:]


def _decode(raw: bytes, path: Path) -> str:
    m = _ENCODING_RE.match(raw)
    encoding = m.group(1).decode("ascii") if m else "utf-8"
    try:
        return raw.decode(encoding).lstrip("\ufeff")
    except LookupError:
        raise ValidationError(f"{path}: unknown XML encoding {encoding!r}") from None
    except UnicodeDecodeError as exc:
        if m:
            line = raw[: exc.start].count(b"\n") + 1
            raise ValidationError(f"{path}: line {line}: bytes that are not {encoding}") from None
        return raw.decode("cp1252", errors="replace").lstrip("\ufeff")


def parse_xml(raw: bytes, path: Path) -> tuple[ET.Element, dict[int, int]]:
    """Parse XML safely into an ElementTree element, with the line of every element.

    Refuses DTD internal subsets and entity declarations; blanks a plain external DOCTYPE (never
    fetched); undefined entities are errors. Returns the root and ``{id(element): line}``.
    """
    text = _decode(raw, path)
    if re.search(r"<!ENTITY", text, re.IGNORECASE):
        line = (
            text[: cast(re.Match, re.search(r"<!ENTITY", text, re.IGNORECASE)).start()].count("\n")
            + 1
        )
        raise ValidationError(f"{path}: line {line}: entity declarations are refused")
    for m in list(_DOCTYPE_RE.finditer(text))[::-1]:
        line = text[: m.start()].count("\n") + 1
        if m.group(1) or "[" in m.group(0):
            raise ValidationError(
                f"{path}: line {line}: a document type declaration with an internal subset is "
                "refused"
            )
        text = _blank_keep_lines(text, m.start(), m.end())
    if re.search(r"<!DOCTYPE", text, re.IGNORECASE):
        line = (
            text[: cast(re.Match, re.search(r"<!DOCTYPE", text, re.IGNORECASE)).start()].count("\n")
            + 1
        )
        raise ValidationError(f"{path}: line {line}: malformed document type declaration")
    decl = _XML_DECL_RE.match(text)
    if decl:  # the text is already decoded: drop the declaration's encoding
        text = _blank_keep_lines(text, decl.start(), decl.end())

    builder = ET.TreeBuilder()
    parser = expat.ParserCreate(encoding="utf-8")
    lines: dict[int, int] = {}

    def start(tag: str, attrs: dict) -> None:
        lines[id(builder.start(tag, attrs))] = parser.CurrentLineNumber

    def refuse(*_args: Any) -> Any:
        raise ValidationError(
            f"{path}: line {parser.CurrentLineNumber}: DTDs and entities are refused"
        )

    parser.buffer_text = True
    parser.StartElementHandler = start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.UnparsedEntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    try:
        parser.Parse(text.encode("utf-8"), True)
    except expat.ExpatError as exc:
        raise ValidationError(
            f"{path}: malformed XML at line {exc.lineno}, column {exc.offset + 1}: "
            f"{expat.ErrorString(exc.code)}"
        ) from None
    return builder.close(), lines
