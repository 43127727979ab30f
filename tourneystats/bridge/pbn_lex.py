"""The PBN 2.1 notation: the text of a file as games of tags and section data.

The lexer reads what :mod:`tourneystats.bridge.pbn` documents: ``%`` escape lines, ``;`` and
``{...}`` commentary (braces may span lines), tag pairs ``[Name "value"]`` with ``\\"`` and
``\\\\`` escapes, several tags per line or a tag across lines (import format), games separated by
semi-empty lines, section data after a tag (the ``ScoreTable`` and ``TotalScoreTable`` tables kept,
the first card of ``Play`` kept as the lead, other sections skipped), and then tag value
inheritance (``"#"`` and ``"##"``, PBN 2.1 section 4.8). A malformed text raises
:class:`~tourneystats.ValidationError` naming the file and line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.schema import ValidationError

#: the table sections the reader interprets
_TABLES = frozenset({"ScoreTable", "TotalScoreTable"})
#: tags whose value may not be inherited with "#" (PBN 2.1, 4.8)
_NO_INHERIT = frozenset(
    {"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"}
)

_TOKEN = re.compile(
    r"""
    (?P<ws>\s+)
  | (?P<lb>\[)
  | (?P<rb>\])
  | "(?P<str>(?:[^"\\]|\\.)*)"
  | (?P<semi>;)
  | (?P<brace>\{)
  | (?P<unbrace>\})
  | (?P<quote>")
  | (?P<word>[^\s\[\]{};"]+)
    """,
    re.VERBOSE,
)
_NAME = re.compile(r"^[A-Za-z0-9_]+$")
_SPECIAL = re.compile(r'[\[\]{};"}]')
_TAG_LINE = re.compile(r'^\s*\[([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]\s*$')
_COLUMN = re.compile(r"^(?P<name>.*?)(?:\\(?P<width>\d+)(?P<align>[LRlr])?)?$")

# --- games ---------------------------------------------------------------------------------------


@dataclass
class _Table:
    """A table section: its columns and its data elements, by text line."""

    columns: list[str]
    lines: list[tuple[list[str], int]] = field(default_factory=list)  # (elements, line number)
    line: int = 0

    def add(self, values: list[str], lineno: int) -> None:
        """Add data elements read on line `lineno`."""
        if self.lines and self.lines[-1][1] == lineno:
            self.lines[-1][0].extend(values)
        else:
            self.lines.append((list(values), lineno))

    def rows(self, path: Path, name: str) -> list[tuple[list[str], int]]:
        """Rows of the table: one per text line when the lines hold whole rows, else chunks."""
        n = len(self.columns)
        if all(len(v) == n for v, _ in self.lines):
            return [(v, line) for v, line in self.lines]
        flat = [(v, line) for values, line in self.lines for v in values]
        if len(flat) % n:
            values, line = next((v, ln) for v, ln in self.lines if len(v) % n)
            raise ValidationError(
                f"{path}: line {line}: {name} row has {len(values)} value(s) for {n} column(s) "
                f"({', '.join(self.columns)})"
            )
        return [([v for v, _ in flat[i : i + n]], flat[i][1]) for i in range(0, len(flat), n)]


@dataclass
class _Game:
    """One game: its tags (first occurrence), their lines, its tables and its lead."""

    line: int
    tags: dict[str, str] = field(default_factory=dict)
    tag_lines: dict[str, int] = field(default_factory=dict)
    tables: dict[str, _Table] = field(default_factory=dict)
    lead: str | None = None  # first card of the Play section


def _unescape(text: str) -> str:
    """Undo the string escapes ``\\"`` and ``\\\\``; a lone backslash (``Name\\2R``) stays."""
    if "\\" not in text:
        return text
    return re.sub(r'\\(["\\])', r"\1", text)


def _columns(value: str) -> list[str]:
    """Column names of a table's declaration (``"+Rank\\2R;PairId_NS"``)."""
    names = []
    for part in value.split(";"):
        part = part.strip()
        if part[:1] in "+-":
            part = part[1:]
        m = _COLUMN.match(part)
        names.append(m.group("name").strip() if m else part)
    return names


# --- the lexer -----------------------------------------------------------------------------------


class _Lexer:
    """The lexer's state between lines: the games read, the open game, section, tag and comment."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.games: list[_Game] = []
        self.game: _Game | None = None
        self.section: str | None = None  # the tag whose section data follows
        self.pending: list[Any] = []  # partial tag: ["[", name?, value?]
        self.pending_line = 0
        self.comment_line = 0  # > 0 while inside a {...} comment

    def line(self, raw: str, lineno: int) -> None:
        """Read one line: the rest of a comment, an escape or blank line, a whole line, tokens."""
        if self.comment_line:
            end = raw.find("}")
            if end < 0:
                return
            raw, self.comment_line = raw[end + 1 :], 0
        elif raw.startswith("%"):
            return
        elif not raw.strip():
            self.finish()
            return
        if not self.pending and self.whole_line(raw, lineno):
            return
        self.tokens(raw, lineno)

    def whole_line(self, raw: str, lineno: int) -> bool:
        """Read a plain data line or a line of one tag pair at once; False for any other line."""
        if self.game is not None and not _SPECIAL.search(raw):
            # a plain data line (no tag, string, or comment): its elements are its words
            self.add_data(raw.split(), lineno)
            return True
        m = _TAG_LINE.match(raw)
        if m:  # the export format's line: one tag pair and nothing else
            if self.game is None:
                self.game = _Game(line=lineno)
            self.add_tag(m.group(1), _unescape(m.group(2)), lineno)
            return True
        return False

    def tokens(self, raw: str, lineno: int) -> None:
        """Read a line token by token: commentary, parts of tag pairs and data elements."""
        pos = 0
        while pos < len(raw):
            m = _TOKEN.match(raw, pos)
            assert m is not None and m.lastgroup is not None  # a token at every character
            pos = m.end()
            kind = m.lastgroup
            if kind == "ws":
                continue
            if kind == "semi":
                break
            if kind == "brace":
                end = raw.find("}", pos)
                if end < 0:
                    self.comment_line = lineno
                    break
                pos = end + 1
                continue
            if kind == "quote":
                raise ValidationError(f"{self.path}: line {lineno}: unterminated string")
            if kind == "unbrace":
                raise ValidationError(f"{self.path}: line {lineno}: '}}' outside a comment")
            if self.game is None:
                self.game = _Game(line=lineno)
            if self.pending:
                self.tag_part(kind, m, lineno)
            elif kind == "lb":
                self.pending.append("[")
                self.pending_line = lineno
            elif kind == "rb":
                raise ValidationError(f"{self.path}: line {lineno}: ']' without a tag")
            else:
                value = _unescape(m.group("str")) if kind == "str" else m.group("word")
                self.add_data([value], lineno)

    def tag_part(self, kind: str, m: re.Match, lineno: int) -> None:
        """Read the next part of an open tag pair: its name, its quoted value, then ']'."""
        path, pending = self.path, self.pending
        if len(pending) == 1:
            if kind != "word" or not _NAME.match(m.group("word")):
                raise ValidationError(f"{path}: line {lineno}: a tag name must follow '['")
            pending.append(m.group("word"))
        elif len(pending) == 2:
            if kind != "str":
                raise ValidationError(
                    f"{path}: line {lineno}: tag {pending[1]} needs a quoted value"
                )
            pending.append(_unescape(m.group("str")))
        else:
            if kind != "rb":
                raise ValidationError(
                    f"{path}: line {lineno}: tag {pending[1]} is not closed by ']'"
                )
            name, value = pending[1], pending[2]
            pending.clear()
            self.add_tag(name, value, self.pending_line)

    def add_data(self, values: list[str], lineno: int) -> None:
        """Section data: kept for tables, the first card for Play, skipped otherwise."""
        game = self.game
        assert game is not None  # (opened before its data)
        if self.section is None:
            if not game.tags:
                raise ValidationError(
                    f"{self.path}: line {lineno}: data {values[0]!r} before any tag of the game"
                )
            return
        table = game.tables.get(self.section)
        if table is not None:
            table.add(values, lineno)
        elif self.section == "Play" and game.lead is None:
            game.lead = values[0]

    def add_tag(self, name: str, value: str, lineno: int) -> None:
        """A tag pair of the open game; its section data follows it."""
        game = self.game
        assert game is not None  # (opened before its tags)
        self.section = name
        if name == "Note":
            return
        if name in game.tags:
            self.section = None  # a repeated tag is ignored, and so is its data
            return
        game.tags[name] = value
        game.tag_lines[name] = lineno
        if name in _TABLES:  # the tables read; others' data is skipped
            game.tables[name] = _Table(_columns(value), line=lineno)

    def finish(self) -> None:
        """Close the open game (at a blank line or the end of the text)."""
        if self.pending:
            raise ValidationError(f"{self.path}: line {self.pending_line}: unterminated tag pair")
        if self.game is not None and (self.game.tags or self.game.tables):
            self.games.append(self.game)
        self.game, self.section = None, None


def _lex_games(text: str, path: Path) -> list[_Game]:
    """Split the text into games of tags and section data (PBN 2.1 chapters 2, 3 and 5)."""
    lexer = _Lexer(path)
    for lineno, raw in enumerate(text.splitlines(), start=1):
        lexer.line(raw, lineno)
    if lexer.comment_line:
        raise ValidationError(f"{path}: line {lexer.comment_line}: comment '{{' is never closed")
    lexer.finish()
    return lexer.games


# --- tag value inheritance -----------------------------------------------------------------------


def _inherit(games: list[_Game], path: Path) -> None:
    """Resolve "#" and "##" tag values in place (PBN 2.1, 4.8)."""
    last: dict[str, str] = {}
    sticky: dict[str, str] = {}
    for game in games:
        for name, value in list(game.tags.items()):
            if value.startswith("#") and name in _NO_INHERIT:
                raise ValidationError(
                    f"{path}: line {game.tag_lines[name]}: tag {name} may not inherit with '#'"
                )
            if value.startswith("##"):
                value = value[2:]
                sticky[name] = value
            elif value == "#":
                value = last.get(name, "")
            elif name in sticky:
                sticky[name] = value
            game.tags[name] = value
            last[name] = value
            if name in game.tables and game.tables[name].columns == _columns("#"):
                # "#" as a table's column declaration: the previous game's columns
                game.tables[name].columns = _columns(value)
        for name, value in sticky.items():
            if name not in game.tags:
                game.tags[name] = value
                last[name] = value
