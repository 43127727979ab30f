"""tourneystats: tournament standings and tie-breaks for whole seasons at once.

Results are long-format pandas DataFrames (one row per player, or pair, per round per game or
board); every function computes all the events of a season or an archive in one vectorised call.

The rule families are modules, each with its rules, its file readers and its what-if analysis:
:mod:`tourneystats.cards`, :mod:`tourneystats.chess` (TRF and PGN files:
:func:`~tourneystats.chess.read_trf`, :func:`~tourneystats.chess.read_pgn`),
:mod:`tourneystats.bridge` (PBN and USEBIO files: :func:`~tourneystats.bridge.read_pbn`,
:func:`~tourneystats.bridge.read_usebio`) and :mod:`tourneystats.league`. The shared tools:
what-if analysis across rule sets in :mod:`tourneystats.whatif`, charts in
:mod:`tourneystats.plot`, Parquet archives in :mod:`tourneystats.archive`, synthetic seasons in
:mod:`tourneystats.synth`, and here the tables (:func:`read_table`, :func:`write_table`), ranks
(:func:`competition_rank`, :func:`decided_by`) and validation (:func:`validate`). The modules are
imported on first use, so ``import tourneystats`` stays cheap. Importing the package registers the
``DataFrame.tourney`` accessor.
"""

from __future__ import annotations

import importlib as _importlib
import typing as _typing

from . import accessor as _accessor  # noqa: F401  (registers DataFrame.tourney)
from .core.io import read_table, write_table
from .core.ranking import competition_rank, decided_by
from .core.schema import Column, ValidationError, validate

__version__ = "0.2.0"

_SUBMODULES = (
    "archive",
    "bridge",
    "cards",
    "chess",
    "league",
    "plot",
    "synth",
    "whatif",
)

#: convenience names re-exported from the modules that define them (imported on first use)
_LAZY_NAMES = {
    "TrfData": "chess",
    "read_trf": "chess",
    "write_trf": "chess",
    "BridgeFile": "bridge.contract",
    "contract_score": "bridge.contract",
    "tricks_from_result": "bridge.contract",
    "vulnerability": "bridge.contract",
    "read_pbn": "bridge",
    "read_usebio": "bridge",
    "LeagueRules": "league",
    "leaderboard": "league",
    "archive_files": "archive",
    "import_folder": "archive",
    "read_archive": "archive",
    "recompute": "archive",
    "write_archive": "archive",
    "sample_data": "core.folders",
}

__all__ = [
    "Column",
    "ValidationError",
    "__version__",
    "competition_rank",
    "decided_by",
    "read_table",
    "validate",
    "write_table",
    *_SUBMODULES,
    *_LAZY_NAMES,
]


def __getattr__(name: str) -> _typing.Any:
    if name in _SUBMODULES:
        return _importlib.import_module(f".{name}", __name__)
    if name in _LAZY_NAMES:
        value = getattr(_importlib.import_module(f".{_LAZY_NAMES[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)
