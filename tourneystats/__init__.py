"""tourneystats: tournament standings and tie-breaks for whole seasons at once.

Results are long-format pandas DataFrames (one row per player, or pair, per round per game or
board); every function computes all the events of a season or an archive in one vectorised call.

The rule families are modules: :mod:`tourneystats.cards`, :mod:`tourneystats.chess` (with the TRF
reader :mod:`tourneystats.trf`), :mod:`tourneystats.bridge` (with :mod:`tourneystats.pbn` and
:mod:`tourneystats.usebio`) and :mod:`tourneystats.league`; what-if analysis across rule sets in
:mod:`tourneystats.whatif`; charts are in :mod:`tourneystats.plot`,
Parquet archives in :mod:`tourneystats.archive`, synthetic seasons in :mod:`tourneystats.synth`.
They are imported on first use, so ``import tourneystats`` stays cheap. Importing the package
registers the ``DataFrame.tourney`` accessor.
"""

import importlib
from typing import Any

from . import accessor as _accessor  # noqa: F401  (registers DataFrame.tourney)
from .core.io import read_table, write_table
from .core.ranking import competition_rank
from .core.schema import Column, ValidationError, validate

__version__ = "0.2.0"

_SUBMODULES = (
    "archive",
    "bridge",
    "cards",
    "chess",
    "league",
    "pbn",
    "plot",
    "synth",
    "trf",
    "usebio",
    "whatif",
)

#: convenience names re-exported from the modules that define them (imported on first use)
_LAZY_NAMES = {
    "TrfData": "trf",
    "read_trf": "trf",
    "write_trf": "trf",
    "BridgeFile": "bridge.contract",
    "contract_score": "bridge.contract",
    "tricks_from_result": "bridge.contract",
    "vulnerability": "bridge.contract",
    "read_pbn": "pbn",
    "read_usebio": "usebio",
    "LeagueRules": "league",
    "leaderboard": "league",
    "archive_files": "archive",
    "import_folder": "archive",
    "read_archive": "archive",
    "recompute": "archive",
    "write_archive": "archive",
}

__all__ = [
    "Column",
    "ValidationError",
    "__version__",
    "competition_rank",
    "read_table",
    "validate",
    "write_table",
    *_SUBMODULES,
    *_LAZY_NAMES,
]


def __getattr__(name: str) -> Any:
    if name in _SUBMODULES:
        return importlib.import_module(f".{name}", __name__)
    if name in _LAZY_NAMES:
        value = getattr(importlib.import_module(f".{_LAZY_NAMES[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
