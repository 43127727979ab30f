"""The tables of a Vega web page, read with the standard library's :mod:`html.parser`.

Vega (a pairing program) writes a tournament site of HTML pages: ``standings.html``,
``crosstable.html``, ``pairsN.html``. :func:`page_tables` gives each ``<table>`` of a page as
its header labels and its rows of cells; a cell keeps its text, the players its links name
(``playercard.html#N``), the text of its elements by class (``res``, ``cw``, ...) and its
images' ``alt`` text (a federation's flag). Pages are UTF-8 (as they declare), else read as
Windows-1252 with a warning naming the file and the line of the first byte that is not UTF-8.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from ..core.schema import ValidationError

#: a link to a player's card: ``playercard.html#12`` names player 12
_CARD = re.compile(r"playercard\.html#(\d+)\s*$")
#: elements without an end tag
_VOID = frozenset(("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta"))
_SPACES = re.compile(r"\s+")


@dataclass
class Cell:
    """One ``<td>`` or ``<th>``: its text, the players it links to, its classed elements'
    text (class -> text, the first element of each class; ``_card`` the text of the first link
    to a player's card), its images' alt text."""

    text: str = ""
    players: list[int] = field(default_factory=list)
    classes: dict[str, str] = field(default_factory=dict)
    alts: list[str] = field(default_factory=list)


@dataclass
class Table:
    """One ``<table>``: header labels, rows of cells, and the line of each row in its page."""

    header: list[str]
    rows: list[list[Cell]]
    lines: list[int]


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: list[Table] = []
        self.headings: list[str] = []  # the text of h1-h5 (``Standings at round 5``)
        self.title = ""
        self._table: Table | None = None
        self._row: list[Cell] | None = None
        self._header_row = False
        self._cell: Cell | None = None
        self._parts: list[list[str]] = []  # text of the cell
        self._open: list[tuple[str, str | None, list[str]]] = []  # tag, class, its text
        self._heading: list[str] | None = None
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "table":
            self._table = Table([], [], [])
        elif tag == "tr" and self._table is not None:
            self._row, self._header_row = [], False
            self._table.lines.append(self.getpos()[0])
        elif tag in ("td", "th") and self._row is not None:
            self._end_cell()
            self._cell, self._parts, self._open = Cell(), [[]], []
            self._header_row |= tag == "th"
            self._row.append(self._cell)
        elif tag in ("h1", "h2", "h3", "h4", "h5"):
            self._heading = []
        elif tag == "title":
            self._in_title = True
        if self._cell is None:
            return
        if tag == "a" and (m := _CARD.search(a.get("href") or "")):
            self._cell.players.append(int(m.group(1)))
        if tag == "img" and a.get("alt"):
            self._cell.alts.append(str(a["alt"]).strip())
        if tag not in _VOID and tag not in ("td", "th"):
            cls = (a.get("class") or "").split()
            card = tag == "a" and _CARD.search(a.get("href") or "")
            self._open.append((tag, "_card" if card else (cls[0] if cls else None), []))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th"):
            self._end_cell()
        elif tag == "tr":
            self._end_row()
        elif tag == "table" and self._table is not None:
            self._end_row()
            self.tables.append(self._table)
            self._table = None
        elif tag in ("h1", "h2", "h3", "h4", "h5") and self._heading is not None:
            self.headings.append(_clean("".join(self._heading)))
            self._heading = None
        elif tag == "title":
            self._in_title = False
        elif self._cell is not None:
            for k in range(len(self._open) - 1, -1, -1):  # close up to the matching tag
                if self._open[k][0] == tag:
                    for _, cls, text in self._open[k:]:
                        if cls and cls not in self._cell.classes:
                            self._cell.classes[cls] = _clean("".join(text))
                    del self._open[k:]
                    break

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._parts[0].append(data)
            for _, _, text in self._open:
                text.append(data)
        if self._heading is not None:
            self._heading.append(data)
        if self._in_title:
            self.title += data

    def _end_cell(self) -> None:
        if self._cell is not None:
            for _, cls, text in self._open:  # elements left open at the cell's end
                if cls and cls not in self._cell.classes:
                    self._cell.classes[cls] = _clean("".join(text))
            self._cell.text = _clean("".join(self._parts[0]))
            self._cell, self._open = None, []

    def _end_row(self) -> None:
        self._end_cell()
        if self._row is not None and self._table is not None:
            if self._header_row and not self._table.header:
                self._table.header = [c.text for c in self._row]
                self._table.lines.pop()
            elif self._row:
                self._table.rows.append(self._row)
            else:
                self._table.lines.pop()
        self._row = None


def _clean(text: str) -> str:
    return _SPACES.sub(" ", text.replace("\xa0", " ")).strip()


@dataclass
class Page:
    """A parsed page: its path, ``<title>``, headings and tables."""

    path: Path
    title: str
    headings: list[str]
    tables: list[Table]


def read_page(path: Path) -> Page:
    """Parse the page at `path` (UTF-8, else Windows-1252 with a warning).

    Raises
    ------
    ValidationError
        When the page cannot be read, or a table is not closed (a truncated page).
    """
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ValidationError(f"{path}: cannot be read: {exc.strerror or exc}") from exc
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        raise ValidationError(f"{path}:{line}: a NUL byte: not an HTML page")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        warnings.warn(
            f"{path}:{line}: not UTF-8 (byte 0x{data[exc.start]:02x}); read as Windows-1252",
            stacklevel=3,
        )
        text = data.decode("cp1252", errors="replace")
    parser = _Parser()
    parser.feed(text)
    parser.close()
    if parser._table is not None:  # a table without its end: the page was cut short
        line = parser._table.lines[-1] if parser._table.lines else parser.getpos()[0]
        raise ValidationError(f"{path}:{line}: the table is not closed (a truncated page?)")
    return Page(path, _clean(parser.title), parser.headings, parser.tables)
