"""The lines of PGN files: read in chunks cut between games, tag lines parsed with numpy, the
movetext skipped.

A chunk (about 8 MB, cut before a tag line that follows a blank line) is split into lines with
numpy; a line starting with ``[`` is a tag line unless it lies inside a ``{...}`` comment. The
chunk's braces decide that: when they alternate ``{ } { }`` and no game starts between an
opening and its closing brace (and there is no ``;`` comment in the movetext nor ``%`` escape
line), the lines starting with ``[`` are exactly the tag lines. Otherwise the chunk's
movetext is blanked first by one regular expression that reads comments as PGN does (a ``{``
comment runs to the first ``}``, across lines; a ``;`` comment to the end of its line; a ``%``
line is ignored), keeping the line breaks so that every line keeps its number. A chunk found to
end inside a comment is joined to the next. The chunks of a file are scanned by
:data:`WORKERS` threads and taken in order; small files of a folder are scanned together.

A game is a run of tag lines; the next game starts at the next tag line after anything else (a
blank line or movetext). The tag lines ``[Name "value"]`` are parsed all at once: the name is
compared with the tags read (:data:`TAGS`) as two 8-byte words, and each tag's values are
factorized without making a Python object per value (the bytes gathered into a fixed-width
matrix, hashed by 8-byte words, every hash group checked byte for byte) into codes of one
vocabulary shared by all files (:class:`Vocab`). Irregular lines (extra blanks, a name longer
than 16 characters) are parsed one by one; a line that is not a tag line is an error naming its
file and line.
"""

from __future__ import annotations

import os
import re
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import BinaryIO, NamedTuple, NoReturn

import numpy as np
import pandas as pd

from ..core.people import clean_name
from ..core.schema import ValidationError

#: file name endings read from a folder
PGN_SUFFIXES = (".pgn",)
#: the tags read; every other tag is skipped
TAGS = (
    "Event",
    "Site",
    "Date",
    "EventDate",
    "EventType",
    "Round",
    "White",
    "Black",
    "Result",
    "WhiteElo",
    "BlackElo",
    "WhiteFideId",
    "BlackFideId",
    "WhiteTitle",
    "BlackTitle",
    "WhiteFed",
    "BlackFed",
    "Termination",
    "Source",
    "WhiteTeam",
    "BlackTeam",
    "Board",
)
#: bytes read per chunk
CHUNK_BYTES = 8 << 20
#: threads scanning chunks
WORKERS = max(1, min(4, os.cpu_count() or 1))
#: values longer than this are factorized one by one
_MAX_WIDTH = 256
_PAD = bytes(_MAX_WIDTH + 32)
_BOM = b"\xef\xbb\xbf"
_MOVE, _BLANK, _TAG, _ESCAPE = range(4)
_LBRACKET, _QUOTE, _RBRACKET, _SPACE = ord("["), ord('"'), ord("]"), ord(" ")
_BRACE_OPEN, _BRACE_CLOSE = ord("{"), ord("}")
# the movetext between two tag sections, comments read as PGN reads them; `open` is set when a
# comment runs to the end of the text
_MOVETEXT = re.compile(
    rb"\n(?![ \t]*[\[%])(?:[^{;\n]++|\{[^}]*+(?:\}|(?P<open>\Z))|;[^\n]*+|\n(?![ \t]*[\[%]))*+"
)
_TAG_LINE = re.compile(rb'[ \t]*\[[ \t]*([A-Za-z0-9_]+)[ \t]*"(.*)"[ \t]*\][ \t]*\Z')
# a game without moves: its tag section followed by comments only, then the result
_NOTE_WORD = re.compile(rb"(?i)forfeit|default")
_NOTE_HINTS = (b"orfeit", b"ORFEIT", b"efault", b"EFAULT")  # found fast, case-sensitive
_NO_MOVES = re.compile(rb"(?:\s++|\{[^}]*+\}|;[^\n]*+|%[^\n]*+)*+(?:1-0|0-1|0-0|1/2-1/2|\*)\s*+")
# odd multipliers of the 8-byte words of a value, for its hash
_MULTIPLIERS = (
    np.random.default_rng(20240517).integers(1, 2**63, _MAX_WIDTH // 8 + 1, dtype=np.uint64) * 2 + 1
).astype(np.uint64)


#: _LOW_BYTES[k]: the k low bytes of a little-endian 8-byte word
_LOW_BYTES = np.array([(1 << (8 * k)) - 1 for k in range(9)], dtype=np.uint64)


def _name_key(name: bytes) -> tuple[int, int]:
    padded = name.ljust(16, b"\0")
    return int.from_bytes(padded[:8], "little"), int.from_bytes(padded[8:16], "little")


_TAG_KEYS = np.array([_name_key(t.encode()) for t in TAGS], dtype=np.uint64)
_TAG_ORDER = np.argsort(_TAG_KEYS[:, 0] * _MULTIPLIERS[0] + _TAG_KEYS[:, 1] * _MULTIPLIERS[1])
_TAG_HASHES = (_TAG_KEYS[:, 0] * _MULTIPLIERS[0] + _TAG_KEYS[:, 1] * _MULTIPLIERS[1])[_TAG_ORDER]
_TAG_ID = {t.encode(): k for k, t in enumerate(TAGS)}


class Vocab:
    """The distinct tag values of the files read.

    Each chunk adds the distinct values of each of its tags (as zero-padded 8-byte words) and
    numbers its games' values from the base :meth:`add` returns (*provisional* codes);
    :meth:`resolve` then numbers the distinct values of all chunks at once.
    """

    def __init__(self) -> None:
        self._lengths: list[np.ndarray] = []
        self._words: list[np.ndarray] = []
        self.size = 0

    def add(self, lengths: np.ndarray, words: np.ndarray) -> int:
        """Add distinct values (bytes lengths, and words: one row of 8-byte words per value);
        return the provisional code of the first one."""
        base = self.size
        self._lengths.append(lengths.astype(np.int64))
        self._words.append(words)
        self.size += len(lengths)
        return base

    def extend(self, other: Vocab) -> int:
        """Add the provisional values of `other` (a vocabulary of files read elsewhere: a
        worker's), after this one's; return the provisional code its first value gets here."""
        base = self.size
        self._lengths.extend(other._lengths)
        self._words.extend(other._words)
        self.size += other.size
        return base

    def resolve(self) -> tuple[np.ndarray, list[str]]:
        """The code of every provisional code, and the value (as text) of every code."""
        lengths = np.concatenate(self._lengths) if self._lengths else np.zeros(0, np.int64)
        n_words = np.maximum(1, -(-lengths // 8))
        sizes = [len(x) for x in self._lengths]
        piece = np.repeat(np.arange(len(sizes)), sizes)
        row = np.arange(len(lengths)) - np.repeat(np.cumsum([0, *sizes])[:-1], sizes)
        code = np.empty(len(lengths), dtype=np.int64)
        texts: list[str] = []
        for k in np.unique(n_words).tolist():  # values of k words are compared with each other
            sel = np.flatnonzero(n_words == k)
            ps, rs = piece[sel], row[sel]
            parts = np.split(np.arange(len(sel)), np.flatnonzero(np.diff(ps)) + 1)
            words = np.concatenate([self._words[ps[i[0]]][rs[i], :k] for i in parts])
            local, first = _groups(words)
            code[sel] = len(texts) + local
            texts.extend(_texts(words[first], lengths[sel[first]]))
        self._lengths, self._words = [], []
        # values read as names are (:mod:`~tourneystats.core.people`): "Ann  Lee" and
        # "Ann Lee " are one value, one player
        merged, distinct = pd.factorize(np.array([clean_name(t) for t in texts], dtype=object))
        return merged[code], [str(t) for t in distinct]


def _texts(words: np.ndarray, lengths: np.ndarray) -> list[str]:
    """The values (rows of zero-padded words, `lengths` bytes long) as text: UTF-8, else
    Windows-1252, else Latin-1 (value by value); unescaped (``\\"``, ``\\\\``) and stripped."""
    width = 8 * words.shape[1]
    flat = words.tobytes()
    values = [flat[width * j : width * j + n] for j, n in enumerate(lengths.tolist())]
    try:  # all at once (no value holds a line feed)
        texts = b"\n".join(values).decode("utf-8").split("\n")
    except UnicodeDecodeError:
        texts = [_decode(v) for v in values]
    if any("\\" in t for t in texts):
        texts = [t.replace('\\"', '"').replace("\\\\", "\\") if "\\" in t else t for t in texts]
    return [t.strip() for t in texts]


def _groups(words: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Group equal rows of `words` (zero-padded 8-byte words): the group of each row, numbered
    in order of appearance, and a row of each group. Hashed, then checked word for word."""
    n_words = words.shape[1]
    key = words[:, 0] if n_words == 1 else (words * _MULTIPLIERS[:n_words]).sum(axis=1)
    local, uniques = pd.factorize(key)
    first = np.empty(len(uniques), dtype=np.int64)
    first[local[::-1]] = np.arange(len(local))[::-1]
    if n_words > 1 and not (words == words[first[local]]).all():  # a hash collision
        rows = np.ascontiguousarray(words).view(f"V{8 * n_words}").ravel()
        _, first, local = np.unique(rows, return_index=True, return_inverse=True)
    return local.astype(np.int64), first


def _decode(value: bytes) -> str:
    for encoding in ("utf-8", "cp1252"):
        try:
            return value.decode(encoding)
        except UnicodeDecodeError:
            continue
    return value.decode("latin-1")


class FileGames(NamedTuple):
    """The games of one file: the line of each game's first tag, the vocabulary codes of its
    tags (-1: tag absent), whether it has no moves but a comment saying forfeit/default, and
    its termination marker (:data:`MARKERS`; -1: none)."""

    line: np.ndarray
    tags: dict[str, np.ndarray]
    note: np.ndarray
    marker: np.ndarray


# --- chunks --------------------------------------------------------------------------------------


class _Chunk(NamedTuple):
    """The games of one chunk: the line (from 0) of each game's first tag, the codes of each
    tag's values (-1: absent) into its distinct values (byte lengths and 8-byte words, one or two
    pieces), the forfeit notes, the termination markers, and the chunk's number of lines."""

    line: np.ndarray
    codes: dict[str, np.ndarray]
    values: dict[str, list[tuple[np.ndarray, np.ndarray]]]
    note: np.ndarray
    marker: np.ndarray
    n_lines: int


class _LineError(Exception):
    """An error on line `line` (from 0) of a chunk."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


def read_file(path: Path, vocab: Vocab, chunk_bytes: int | None = None) -> FileGames:
    """The games of the PGN file `path`, read in chunks of about :data:`CHUNK_BYTES`, scanned by
    :data:`WORKERS` threads (numpy and pandas release the GIL); the chunks are taken in order.

    Their tag values are provisional codes of `vocab` (see :meth:`Vocab.resolve`).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "g.pgn"
    >>> _ = path.write_text('[White "Ann"]\\n[Black "Bob"]\\n\\n1. e4 { [Black "Cid"] } 1-0\\n')
    >>> vocab = Vocab()
    >>> games = read_file(path, vocab)
    >>> code, texts = vocab.resolve()
    >>> games.line, [texts[code[games.tags[tag][0]]] for tag in ("White", "Black")]
    (array([1]), ['Ann', 'Bob'])
    """
    parts: list[FileGames] = []
    line = 1
    with open(path, "rb") as fh, ThreadPoolExecutor(WORKERS) as pool:
        chunks = _scanned(_blocks(fh, chunk_bytes or CHUNK_BYTES), pool)
        while True:
            try:
                chunk = next(chunks, None)
            except _LineError as exc:
                raise ValidationError(f"{path}:{line + exc.line}: {exc}") from None
            if chunk is None:
                break
            parts.append(
                FileGames(line + chunk.line, _coded(chunk, vocab), chunk.note, chunk.marker)
            )
            line += chunk.n_lines
    return _joined(parts)


def read_files(paths: list[Path], vocab: Vocab) -> list[FileGames]:
    """The games of each file (:func:`read_file`); files of less than a quarter of
    :data:`CHUNK_BYTES` are scanned together, up to a chunk at a time, unless one ends inside a
    comment."""
    out: list[FileGames] = []
    batch: list[tuple[Path, bytes]] = []
    for path in paths:
        if path.stat().st_size < CHUNK_BYTES // 4:
            text = _normalized(path.read_bytes(), first=True)
            if text.rfind(b"{") <= text.rfind(b"}"):  # no comment open at its end
                batch.append((path, text if text.endswith(b"\n") else text + b"\n"))
                if sum(len(t) for _, t in batch) >= CHUNK_BYTES:
                    out.extend(_read_together(batch, vocab))
                    batch = []
                continue
        out.extend(_read_together(batch, vocab))
        batch = []
        out.append(read_file(path, vocab))
    out.extend(_read_together(batch, vocab))
    return out


def _read_together(batch: list[tuple[Path, bytes]], vocab: Vocab) -> list[FileGames]:
    """The games of small files (their text), scanned as one chunk: the texts joined by a blank
    line, each game given back to its file."""
    if not batch:
        return []
    texts = [text for _, text in batch]
    first = np.cumsum([0] + [t.count(b"\n") + 1 for t in texts])[:-1]  # each file's first line
    try:
        chunk = _scan(b"\n".join(texts), True)
    except _LineError as exc:
        k = int(np.searchsorted(first, exc.line, side="right")) - 1
        raise ValidationError(f"{batch[k][0]}:{exc.line - first[k] + 1}: {exc}") from None
    assert chunk is not None  # (final: never None)
    file_of = np.searchsorted(first, chunk.line, side="right") - 1
    tags = _coded(chunk, vocab)
    return [
        FileGames(
            chunk.line[file_of == k] - first[k] + 1,
            {t: codes[file_of == k] for t, codes in tags.items()},
            chunk.note[file_of == k],
            chunk.marker[file_of == k],
        )
        for k in range(len(batch))
    ]


def _coded(chunk: _Chunk, vocab: Vocab) -> dict[str, np.ndarray]:
    """The provisional codes of the chunk's tag values: its distinct values added to `vocab`."""
    tags = {}
    for tag, codes in chunk.codes.items():
        base = [vocab.add(lengths, words) for lengths, words in chunk.values[tag]]
        tags[tag] = np.where(codes >= 0, codes + (base[0] if base else 0), np.int32(-1))
    return tags


def _joined(parts: list[FileGames]) -> FileGames:
    if not parts:
        return FileGames(
            np.zeros(0, np.int64),
            {t: np.zeros(0, np.int32) for t in TAGS},
            np.zeros(0, bool),
            np.zeros(0, np.int8),
        )
    return FileGames(
        np.concatenate([p.line for p in parts]),
        {t: np.concatenate([p.tags[t] for p in parts]) for t in TAGS},
        np.concatenate([p.note for p in parts]),
        np.concatenate([p.marker for p in parts]),
    )


def _blocks(fh: BinaryIO, size: int) -> Iterator[bytes]:
    """The file in blocks of `size` bytes, without its byte-order mark, line ends made LF; an
    empty block at the end."""
    first = True
    while True:
        block = fh.read(size)
        if block.endswith(b"\r"):  # keep a CR LF together
            block += fh.read(1)
        yield _normalized(block, first)
        first = False
        if not block:
            return


def _normalized(block: bytes, first: bool) -> bytes:
    """`block` with LF line ends, and without the byte-order mark if it is the `first`."""
    if first and block.startswith(_BOM):
        block = block[len(_BOM) :]
    if b"\r" in block:
        block = block.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    return block


def _scanned(blocks: Iterator[bytes], pool: ThreadPoolExecutor) -> Iterator[_Chunk]:
    """The chunks of the text, cut before a tag line that follows a blank line, scanned in
    `pool` and given back in order. A chunk that ends inside a comment is joined to the text
    after it and cut again (the chunks scanned meanwhile are dropped)."""
    pending: deque[tuple[bytes, Future]] = deque()
    buf, searched, eof = b"", 0, False
    while True:
        while len(pending) <= WORKERS and not (eof and not buf):
            if not eof:
                block = next(blocks)
                eof = not block
                buf += block
            cut = len(buf) if eof else buf.rfind(b"\n\n[", searched) + 2
            searched = max(0, len(buf) - 2)
            if cut < 2:
                continue  # no game boundary yet: read on
            piece, buf = buf[:cut], buf[cut:]
            searched = max(0, len(buf) - 2)
            piece = piece if piece.endswith(b"\n") else piece + b"\n"
            pending.append((piece, pool.submit(_scan, piece, eof and not buf)))
        if not pending:
            return
        piece, future = pending.popleft()
        chunk = future.result()
        if chunk is None:  # a comment open at the cut: join the rest and cut further on
            for _, later in pending:
                later.cancel()
            buf = piece + b"".join(p for p, _ in pending) + buf
            searched = len(piece) - 1
            pending.clear()
            continue
        yield chunk


def _line_kinds(text: bytes, buf: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Start, end (the line feed) and kind of every line; the start of an indented tag line is
    its bracket."""
    ends = np.flatnonzero(buf[:n] == 10)
    starts = np.empty(len(ends), dtype=np.int64)
    starts[:1] = 0
    starts[1:] = ends[:-1] + 1
    first = buf[starts]
    kind = np.full(len(ends), _MOVE, dtype=np.int8)
    kind[first == 10] = _BLANK
    kind[first == _LBRACKET] = _TAG
    kind[first == ord("%")] = _ESCAPE
    for i in np.flatnonzero((first == _SPACE) | (first == ord("\t"))).tolist():
        line = text[starts[i] : ends[i]]
        rest = line.lstrip(b" \t")
        if not rest:
            kind[i] = _BLANK
        elif rest[:1] == b"[":
            kind[i] = _TAG
            starts[i] += len(line) - len(rest)
    return starts, ends, kind


def _tags_outside_comments(
    text: bytes,
    buf: np.ndarray,
    n: int,
    starts: np.ndarray,
    kind: np.ndarray,
    game_lines: np.ndarray,
) -> bool:
    """Whether the lines starting with ``[`` are all tag lines, told by the braces alone: they
    alternate ``{ } { }`` and none is open at a line starting with ``[``; no ``;`` comment in
    the movetext, no ``%`` escape line. (A tag value with a brace may send a chunk to the
    slower exact reading, never to a wrong one.)"""
    if (kind == _ESCAPE).any():
        return False
    if b";" in text:
        semicolons = np.flatnonzero(buf[:n] == ord(";"))
        if (kind[np.searchsorted(starts, semicolons, side="right") - 1] == _MOVE).any():
            return False
    if b"{" not in text and b"}" not in text:
        return True
    chunk = buf[:n]
    pos = np.flatnonzero((chunk == _BRACE_OPEN) | (chunk == _BRACE_CLOSE))
    opens = chunk[pos] == _BRACE_OPEN
    if len(pos) % 2 or not opens[::2].all() or opens[1::2].any():
        return False
    # a tag line inside a comment has an odd number of braces before it; so has the first line
    # of its run of tag lines, which starts a game (a comment opens on a movetext line)
    return not (np.searchsorted(pos, starts[game_lines]) % 2).any()


def _blank_movetext(text: bytes) -> tuple[bytes, bool]:
    """`text` with its movetext (comments read as PGN reads them) blanked, line breaks kept;
    and whether a comment is still open at its end."""
    open_end = False

    def blank(match: re.Match) -> bytes:
        nonlocal open_end
        if match.group("open") is not None:
            open_end = True
        return b"\n" * match.group().count(b"\n")

    return _MOVETEXT.sub(blank, text), open_end


def _scan(text: bytes, final: bool) -> _Chunk | None:
    """The games of a chunk (`text` ends with a line feed); None when it ends inside a comment
    and more text follows (`final` is False)."""
    if b"\0" in text:
        raise _LineError(text.count(b"\n", 0, text.index(b"\0")), "a NUL byte: not a PGN text file")
    original = text
    padded = text + _PAD
    buf = np.frombuffer(padded, dtype=np.uint8)
    starts, ends, kind = _line_kinds(text, buf, len(text))
    lines = (starts, ends, kind)  # of the text as it is, for the forfeit notes
    tag_lines, new_game = _games(kind)
    if not _tags_outside_comments(text, buf, len(text), starts, kind, tag_lines[new_game]):
        text, open_end = _blank_movetext(text)
        if open_end and not final:
            return None
        padded = text + _PAD
        buf = np.frombuffer(padded, dtype=np.uint8)
        starts, ends, kind = _line_kinds(text, buf, len(text))
        tag_lines, new_game = _games(kind)
    game_of = np.cumsum(new_game) - 1
    n_games = int(new_game.sum())
    words = _words(padded)
    name_id, value_start, value_end = _parse_tag_lines(
        text, buf, words, starts[tag_lines], ends[tag_lines], tag_lines
    )
    codes, values = {}, {}
    for k, tag in enumerate(TAGS):
        rows = np.flatnonzero(name_id == k)
        _check_once(game_of[rows], tag_lines[rows], tag)
        local, values[tag] = _factorize(
            text, words, value_start[rows], value_end[rows] - value_start[rows]
        )
        codes[tag] = np.full(n_games, -1, dtype=np.int32)
        codes[tag][game_of[rows]] = local
    note = _forfeit_notes(original, lines, tag_lines, new_game)
    marker = _markers(original, lines, tag_lines[new_game])
    return _Chunk(tag_lines[new_game], codes, values, note, marker, len(kind))


def _games(kind: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The tag lines, and whether each starts a game (the line before it, escape lines left
    out, is not a tag line)."""
    tag_lines = np.flatnonzero(kind == _TAG)
    if (kind == _ESCAPE).any():  # escape lines between tags are transparent
        kept = np.flatnonzero(kind != _ESCAPE)
        previous = np.full(len(kind), _BLANK, dtype=np.int8)
        previous[kept[1:]] = kind[kept[:-1]]
    else:
        previous = np.concatenate([[_BLANK], kind[:-1]]).astype(np.int8)
    return tag_lines, previous[tag_lines] != _TAG


def _check_once(games: np.ndarray, lines: np.ndarray, tag: str) -> None:
    """A tag may be given once per game."""
    twice = np.flatnonzero(games[1:] == games[:-1])  # the tag lines are in game order
    if len(twice):
        second = lines[twice[0] + 1]
        raise _LineError(
            int(second),
            f"a second {tag} tag in one game (is a blank line missing between two games?)",
        )


# --- tag lines -----------------------------------------------------------------------------------


def _words(padded: bytes) -> np.ndarray:
    """The 8-byte little-endian word starting at every byte of `padded` (an unaligned view)."""
    return np.ndarray((len(padded) - 7,), dtype="<u8", buffer=padded, strides=(1,))


def _first_byte(word: np.ndarray, byte: int) -> np.ndarray:
    """Index (0-7) of the first byte equal to `byte` in each word, 8 where there is none."""
    x = word ^ np.uint64(0x0101010101010101 * byte)
    found = (x - np.uint64(0x0101010101010101)) & ~x & np.uint64(0x8080808080808080)
    lowest = (found & (~found + np.uint64(1))).astype(np.float64)  # a power of 2 (exact)
    return np.where(found == 0, 8, (np.frexp(lowest)[1] - 1) // 8)


def _parse_tag_lines(
    text: bytes,
    buf: np.ndarray,
    words: np.ndarray,
    s: np.ndarray,
    e: np.ndarray,
    lineno: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The tag (index in :data:`TAGS`, -1 for the others) and the value span of every tag line
    ``[Name "value"]`` (``s``: the bracket, ``e``: the line feed)."""
    w0, w1 = words[s + 1], words[s + 9]
    name_len = _first_byte(w0, _SPACE)
    long = name_len == 8
    name_len[long] += _first_byte(w1[long], _SPACE)
    value_start = s + name_len + 3
    value_end = e - 2
    regular = (
        (name_len > 0)
        & (name_len < 16)
        & (buf[value_start - 1] == _QUOTE)
        & (buf[np.maximum(e - 1, 0)] == _RBRACKET)
        & (buf[np.maximum(e - 2, 0)] == _QUOTE)
        & (value_end >= value_start)
    )
    name_id = _tag_ids(w0, w1, name_len, regular)
    for i in np.flatnonzero(~regular).tolist():
        match = _TAG_LINE.match(text, int(s[i]), int(e[i]))
        if match is None:
            _bad_tag_line(text[s[i] : e[i]], int(lineno[i]))
        name_id[i] = _TAG_ID.get(match.group(1), -1)
        value_start[i], value_end[i] = match.span(2)
    return name_id, value_start, value_end


def _tag_ids(
    w0: np.ndarray, w1: np.ndarray, name_len: np.ndarray, regular: np.ndarray
) -> np.ndarray:
    """The index in :data:`TAGS` of the names of `name_len` bytes starting with the words `w0`,
    `w1` (-1: another tag)."""
    w0 = w0 & _LOW_BYTES[np.minimum(name_len, 8)]
    w1 = w1 & _LOW_BYTES[np.clip(name_len - 8, 0, 8)]
    key = w0 * _MULTIPLIERS[0] + w1 * _MULTIPLIERS[1]
    tag = _TAG_ORDER[np.minimum(np.searchsorted(_TAG_HASHES, key), len(TAGS) - 1)]
    found = regular & (_TAG_KEYS[tag, 0] == w0) & (_TAG_KEYS[tag, 1] == w1)
    return np.where(found, tag, -1)


def _bad_tag_line(line: bytes, lineno: int) -> NoReturn:
    """Raise for a line starting with ``[`` that is not ``[Name "value"]``."""
    shown = line[:60].decode("utf-8", errors="replace")
    stripped = line.rstrip()
    if not stripped.endswith(b"]"):
        why = "a tag line without its closing bracket (a truncated file?)"
    elif stripped.count(b'"') < 2:
        why = 'a tag line without a value in double quotes, [Name "value"]'
    else:
        why = 'not a tag line [Name "value"]'
    raise _LineError(lineno, f"{why}: {shown!r}")


def _factorize(
    text: bytes, words: np.ndarray, start: np.ndarray, length: np.ndarray
) -> tuple[np.ndarray, list[tuple[np.ndarray, np.ndarray]]]:
    """Codes of the values ``text[start : start + length]`` into their distinct values, and
    those (pieces of byte lengths and zero-padded 8-byte words), without making a Python object
    per value. Values longer than :data:`_MAX_WIDTH` bytes are each their own distinct value."""
    codes = np.empty(len(start), dtype=np.int64)
    pieces = []
    long = length > _MAX_WIDTH
    short = np.flatnonzero(~long) if long.any() else slice(None)
    start_s, length_s = start[short], length[short]
    n_short = 0
    if len(start_s) and int(length_s.max()) <= 8:  # one word: the word is the value
        local, uniques = pd.factorize(words[start_s] & _LOW_BYTES[length_s])
        uniques = np.asarray(uniques, dtype=np.uint64)
        lengths = (uniques.view(np.uint8).reshape(-1, 8) != 0).sum(axis=1)  # no NUL bytes
        codes[short], n_short = local, len(uniques)
        pieces.append((lengths, uniques.reshape(-1, 1)))
    elif len(start_s):
        n_words = -(-int(length_s.max()) // 8)
        matrix = np.empty((len(start_s), n_words), dtype=np.uint64)
        for j in range(n_words):  # the bytes after each value zeroed
            matrix[:, j] = words[start_s + 8 * j] & _LOW_BYTES[np.clip(length_s - 8 * j, 0, 8)]
        local, first = _groups(matrix)
        codes[short], n_short = local, len(first)
        pieces.append((length_s[first], matrix[first]))
    if long.any():
        values = [text[a : a + n] for a, n in zip(start[long].tolist(), length[long].tolist())]
        width = 8 * -(-max(map(len, values)) // 8)
        matrix = np.frombuffer(b"".join(v.ljust(width, b"\0") for v in values), "<u8")
        codes[long] = n_short + np.arange(len(values))
        pieces.append((length[long], matrix.reshape(len(values), -1)))
    return codes, pieces


def _forfeit_notes(
    text: bytes,
    lines: tuple[np.ndarray, np.ndarray, np.ndarray],
    tag_lines: np.ndarray,
    new_game: np.ndarray,
) -> np.ndarray:
    """Games without moves whose comment says forfeit or default (``{...defaulted} 0-1``): the
    text after their tags is comments and a result only."""
    starts, ends, kind = lines
    note = np.zeros(int(new_game.sum()), dtype=bool)
    if len(note) == 0:
        return note
    last_tag = tag_lines[np.append(new_game[1:], True)]  # each game's last tag line
    next_game = np.append(tag_lines[new_game][1:], len(kind))  # the next game's first line
    moves = np.flatnonzero(kind == _MOVE)
    if len(moves) == 0:
        return note
    first_move = moves[np.minimum(np.searchsorted(moves, last_tag), len(moves) - 1)]
    candidate = (first_move > last_tag) & (first_move < next_game)
    candidate[candidate] &= np.frombuffer(text, np.uint8)[starts[first_move[candidate]]] == 123
    if candidate.any() and not any(hint in text for hint in _NOTE_HINTS):
        return note
    for g in np.flatnonzero(candidate).tolist():
        end = starts[next_game[g]] if next_game[g] < len(kind) else len(text)
        match = _NO_MOVES.fullmatch(text, int(ends[last_tag[g]]), int(end))
        note[g] = match is not None and _NOTE_WORD.search(match.group()) is not None
    return note


#: the game termination markers (PGN standard 8.2.6) and their codes
MARKERS = {b"1-0": 0, b"0-1": 1, b"1/2-1/2": 2, b"*": 4}


def _markers(
    text: bytes, lines: tuple[np.ndarray, np.ndarray, np.ndarray], first: np.ndarray
) -> np.ndarray:
    """The code (:data:`MARKERS`) of each game's termination marker: the last token of the last
    movetext line before the next game (-1: none there, e.g. a comment or a move last). The
    games start on the lines `first`; the moves are not parsed."""
    starts, ends, kind = lines
    out = np.full(len(first), -1, dtype=np.int8)
    moves = np.flatnonzero(kind == _MOVE)
    if not len(moves) or not len(first):
        return out
    buf = np.frombuffer(text, dtype=np.uint8)
    last = np.searchsorted(moves, np.append(first[1:], len(kind))) - 1
    line = moves[np.maximum(last, 0)]
    ok = (last >= 0) & (line > first)
    start = starts[line]
    p = ends[line] - 1
    for _ in range(8):  # trailing blanks (a line with more: no marker found)
        back = ok & (p >= start) & (buf[np.maximum(p, 0)] <= 32)
        if not back.any():
            break
        p = p - back
    ok &= (p >= start) & (buf[np.maximum(p, 0)] > 32)
    for marker, code in MARKERS.items():
        at = p - len(marker) + 1
        hit = ok & (at >= start) & (out < 0)
        for j, byte in enumerate(marker):
            hit &= buf[np.clip(at + j, 0, len(buf) - 1)] == byte
        hit &= (at == start) | (buf[np.clip(at - 1, 0, len(buf) - 1)] <= 32)
        out[hit] = code
    return out
