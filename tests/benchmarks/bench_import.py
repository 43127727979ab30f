"""Benchmark: import a season folder of FIDE TRF files into an archive (``tourneystats import``).

``python tests/benchmarks/bench.py --family import --size large`` runs
:func:`tourneystats.archive.import_folder` on a folder ``SRC/2024/*.trf`` holding the TRF
benchmark's season (``large``: 10,000 events of 64 players x 9 rounds), into a new archive:
reading every file, checking that each event is in one file only, staging, and moving the season
into place. ``generate`` writes the files into ``path.with_suffix("")/2024`` (and touches
`path`, the harness's cache marker).
"""

from __future__ import annotations

from pathlib import Path

from bench_trf import SIZES
from bench_trf import generate as _trf_generate

__all__ = ["SIZES", "generate", "run"]


def generate(path: Path, **params) -> None:
    """The TRF benchmark's files, in the season folder ``2024`` of the source folder."""
    _trf_generate(path.with_suffix("") / "2024.parquet", **params)
    (path.with_suffix("") / "2024.parquet").unlink()
    path.touch()


def run(path: Path, out_dir: Path) -> int:
    """Import the source folder of `path`; return the number of result rows imported."""
    from tourneystats.archive import import_folder

    report = import_folder(
        path.with_suffix(""), Path(out_dir) / "archive", season_from_folder=True, progress=False
    )
    if not report.ok:
        raise SystemExit(report.summary())
    return int(report.written["rows"].sum())
