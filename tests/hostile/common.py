"""What every family's hostile cases share: the `Case` record, paths, and byte-level edits."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"
TESTS = ROOT / "tests" / "data"


@dataclass(frozen=True)
class Case:
    name: str
    family: str
    files: dict[str, bytes]  #: file name -> content; several files make a folder
    expect: str  #: "error", "same", "ok" or "either"
    base: str | None = None  #: with "same": the case whose standings must come out
    #: "file", "line" (file and line), "rows" (line, or event/round/player), "path" (a JSON
    #: path or a line) or "option" (the option's name, in `names`)
    locate: str = "file"
    #: more options; ``{dir}`` is the case's folder of input files, ``{out}`` its output folder
    args: tuple[str, ...] = field(default=())
    command: str = "standings"  #: the command run: standings, check, compare, recompute
    #: the file (of `files`) the command reads, when the files are not all results (a VP
    #: table, published standings, a configuration beside them); None: the file or the folder
    target: str | None = None
    out: str | None = "standings.parquet"  #: ``--out`` in the output folder (None: not given)
    #: what a refusal must name (default: the target's file name); "option": the option
    names: tuple[str, ...] = ()
    #: values the output must hold: (column, value of the first column of the row, column
    #: checked, expected value; None: no value)
    want: tuple[tuple[str, object, str, object], ...] = ()

    @property
    def folder(self) -> bool:
        return len(self.files) > 1 and self.target is None


# --- helpers -------------------------------------------------------------------------------------


def _lines(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True)


def _join(lines: list[bytes]) -> bytes:
    return b"".join(lines)


def _garbage(seed: int, size: int = 3000) -> bytes:
    rng = random.Random(seed)
    return bytes(rng.randrange(256) for _ in range(size))


def _sub(data: bytes, pattern: str, repl: str, count: int = 1, flags: int = re.M) -> bytes:
    text = data.decode("latin-1")
    new, n = re.subn(pattern, repl, text, count=count, flags=flags)
    assert n, f"pattern {pattern!r} not found"
    return new.encode("latin-1")


def _truncate_mid_line(data: bytes, fraction: float) -> bytes:
    """Cut inside a line (never at a line end), about `fraction` through the file."""
    at = int(len(data) * fraction)
    while at < len(data) and data[at : at + 1] in (b"\n", b"\r"):
        at += 1
    while at > 0 and data[at - 1 : at] in (b"\n", b"\r", b" "):
        at -= 1
    return data[:at]


def _csv_rows(data: bytes) -> tuple[bytes, list[bytes]]:
    lines = _lines(data)
    return lines[0], lines[1:]


def _csv_edit(data: bytes, row: int, column: str, value: str) -> bytes:
    """Set one field of a CSV (no quoted commas in these samples)."""
    header, rows = _csv_rows(data)
    names = header.decode().strip().split(",")
    fields = rows[row].decode().rstrip("\r\n").split(",")
    fields[names.index(column)] = value
    rows[row] = (",".join(fields) + "\n").encode()
    return header + _join(rows)


def _csv_generic(prefix: str, family: str, name: str, data: bytes) -> Iterator[Case]:
    """Mutations every CSV input must survive."""
    header, rows = _csv_rows(data)
    base = f"{prefix}/original"
    yield Case(base, family, {name: data}, "ok")
    yield Case(f"{prefix}/empty file", family, {name: b""}, "error")
    yield Case(f"{prefix}/header only", family, {name: header}, "error")
    yield Case(f"{prefix}/binary garbage", family, {name: _garbage(1)}, "error")
    yield Case(f"{prefix}/utf-16 text", family, {name: data.decode().encode("utf-16")}, "either")
    yield Case(f"{prefix}/rows reversed", family, {name: header + _join(rows[::-1])}, "same", base)
    yield Case(
        f"{prefix}/CRLF line ends", family, {name: data.replace(b"\n", b"\r\n")}, "same", base
    )
    yield Case(f"{prefix}/byte-order mark", family, {name: b"\xef\xbb\xbf" + data}, "same", base)
    yield Case(f"{prefix}/no final line end", family, {name: data.rstrip(b"\r\n")}, "same", base)
    yield Case(
        f"{prefix}/a row twice",
        family,
        {name: header + _join(rows + rows[:1])},
        "error",
        locate="rows",
    )
    yield Case(
        f"{prefix}/truncated mid-row", family, {name: _truncate_mid_line(data, 0.6)}, "either"
    )
    yield Case(
        f"{prefix}/a column dropped",
        family,
        {name: _drop_column(data, header.decode().strip().split(",")[-2])},
        "either",
    )


def _drop_column(data: bytes, column: str) -> bytes:
    frame = _read_csv(data)
    out = io.StringIO()
    frame.drop(columns=column).to_csv(out, index=False)
    return out.getvalue().encode()


def _read_csv(data: bytes):
    import pandas as pd

    return pd.read_csv(io.BytesIO(data), keep_default_na=False, dtype=str)


def _to_parquet(data: bytes, rows: slice | None = None) -> bytes:
    import pandas as pd

    frame = pd.read_csv(io.BytesIO(data))
    if rows is not None:
        frame = frame.iloc[rows]
    out = io.BytesIO()
    frame.to_parquet(out, index=False)
    return out.getvalue()


def _parquet_generic(prefix: str, family: str, name: str, data: bytes) -> Iterator[Case]:
    """The CSV `data` as Parquet (named like the CSV: a league is named after its file)."""
    csv_base = f"{prefix}/original"
    name = Path(name).with_suffix(".parquet").name
    parquet = _to_parquet(data)
    yield Case(f"{prefix}/parquet", family, {name: parquet}, "same", csv_base)
    yield Case(
        f"{prefix}/parquet with no rows", family, {name: _to_parquet(data, slice(0, 0))}, "error"
    )
    yield Case(f"{prefix}/parquet truncated", family, {name: parquet[: len(parquet) // 2]}, "error")
    yield Case(f"{prefix}/parquet garbage", family, {name: _garbage(2)}, "error")
