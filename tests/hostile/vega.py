"""Hostile cases: Vega web exports (a folder of standings.html, crosstable.html, pairsN.html)."""

from __future__ import annotations

from collections.abc import Iterator

from .common import TESTS, Case, _truncate_mid_line


def _folder() -> dict[str, bytes]:
    folder = TESTS / "chess" / "vega" / "wwwRapid22024"
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def _with(files: dict[str, bytes], name: str, data: bytes | None) -> dict[str, bytes]:
    out = dict(files)
    if data is None:
        del out[name]
    else:
        out[name] = data
    return out


def vega_cases() -> Iterator[Case]:
    files = _folder()
    base = "vega/original"
    stand, pairs = files["standings.html"], files["pairs2.html"]
    # the standings of the original folder (default rules), which every readable mutation
    # keeps (the event is named after its folder, so the cases compare values, not tables)
    want = (("player", 3, "PTS", 4.5), ("player", 3, "BH", 14.0), ("player", 13, "BH", 10.5))
    yield Case(base, "chess", files, "ok", want=want)
    yield Case(base + " (check)", "chess", files, "ok", command="check", out=None)
    yield Case(
        "vega/standings cut short",
        "chess",
        _with(files, "standings.html", _truncate_mid_line(stand, 0.6)),
        "error",
        locate="line",
        names=("standings.html",),
    )
    yield Case(
        "vega/round page cut short",
        "chess",
        _with(files, "pairs2.html", _truncate_mid_line(pairs, 0.6)),
        "error",
        locate="line",
        names=("pairs2.html",),
    )
    yield Case(
        "vega/a player twice in the standings",
        "chess",
        _with(files, "standings.html", stand.replace(b"playercard.html#3", b"playercard.html#2")),
        "error",
        locate="line",
        names=("standings.html",),
    )
    yield Case(
        "vega/an unknown result",
        "chess",
        _with(files, "pairs2.html", pairs.replace(b"1 - 0", b"2 - 0", 1)),
        "error",
        locate="line",
        names=("pairs2.html",),
    )
    no_cross = _with(files, "crosstable.html", None)
    yield Case(
        "vega/a round page missing, no crosstable",
        "chess",
        _with(no_cross, "pairs3.html", None),
        "error",
        names=("pairs3.html",),
    )
    yield Case("vega/no crosstable", "chess", no_cross, "ok", want=want)
    for result in (b"0F-0F", b"0 - 0"):  # a game both lost: a forfeit loss of each, read
        yield Case(
            f"vega/a game both lost ({result.decode()}), no crosstable",
            "chess",
            _with(no_cross, "pairs2.html", pairs.replace(b"1 - 0", result, 1)),
            "ok",
        )
    yield Case(
        "vega/a round page missing, the crosstable gives it",
        "chess",
        _with(files, "pairs3.html", None),
        "ok",
        want=want,
    )
    yield Case(
        "vega/not UTF-8",
        "chess",
        _with(files, "standings.html", stand.replace(b"<title>", b"<title>\xe9", 1)),
        "ok",
        want=want,
    )
    yield Case(
        "vega/standings without a table",
        "chess",
        _with(files, "standings.html", b"<html><body><h3>Standings</h3></body></html>"),
        "error",
        names=("standings.html",),
    )
    yield Case(
        "vega/NUL byte",
        "chess",
        _with(files, "crosstable.html", files["crosstable.html"][:500] + b"\x00"),
        "error",
        locate="line",
        names=("crosstable.html",),
    )
