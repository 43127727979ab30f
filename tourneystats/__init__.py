"""tourneystats: tournament standings and tie-breaks for whole seasons at once.

Results are long-format pandas DataFrames (one row per player, or pair, per round per game or
board); every function computes all the events of a season or an archive in one vectorised call.
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("tourneystats")
except PackageNotFoundError:  # running from a source tree
    __version__ = "0.1.0"

from ._schema import Column, ValidationError, validate
from .io import read_table, write_table
from .ranking import competition_rank

__all__ = [
    "Column",
    "ValidationError",
    "__version__",
    "competition_rank",
    "read_table",
    "validate",
    "write_table",
]

# --- cards ---------------------------------------------------------------------------------------
from . import cards
from .cards import RULES as CARD_RULES
from .cards import Rules as CardRules

__all__ += ["CardRules", "CARD_RULES", "cards"]


# --- chess ---------------------------------------------------------------------------------------
from . import chess
from .chess import explain as chess_explain
from .chess import standings as chess_standings
from .chess import standings_by_round as chess_standings_by_round
from .chess import standings_from_path as chess_standings_from_path
from .trf import TrfData, read_trf, write_trf

__all__ += [
    "chess",
    "chess_explain",
    "chess_standings",
    "chess_standings_by_round",
    "chess_standings_from_path",
]
__all__ += ["TrfData", "read_trf", "write_trf"]


# --- bridge --------------------------------------------------------------------------------------
from . import bridge
from ._contract import BridgeFile, contract_score, tricks_from_result, vulnerability
from .bridge import (
    ButlerRules,
    MatchpointRules,
    board_imps,
    butler,
    cross_imps,
    imp_standings,
    imps,
    matchpoints,
    pair_scores,
    session_standings,
    team_matches,
    team_standings,
    victory_points,
)

# generic names stay prefixed here (tourneystats.bridge.explain, ...)
from .bridge import explain as bridge_explain
from .bridge import season_history as bridge_season_history
from .bridge import season_summary as bridge_season_summary
from .bridge import standings_from_path as bridge_standings_from_path
from .pbn import read_pbn
from .usebio import read_usebio

__all__ += [
    "BridgeFile",
    "contract_score",
    "read_pbn",
    "read_usebio",
    "tricks_from_result",
    "vulnerability",
    "bridge",
    "ButlerRules",
    "MatchpointRules",
    "board_imps",
    "bridge_explain",
    "bridge_season_history",
    "bridge_season_summary",
    "bridge_standings_from_path",
    "butler",
    "cross_imps",
    "imp_standings",
    "imps",
    "matchpoints",
    "pair_scores",
    "session_standings",
    "team_matches",
    "team_standings",
    "victory_points",
]


# --- league --------------------------------------------------------------------------------------
# history() and explain() stay in tourneystats.league (generic names)
from . import league
from .league import LeagueRules, leaderboard

__all__ += ["LeagueRules", "leaderboard", "league"]


# --- analyst (plots, accessor) and archive -------------------------------------------------------
# Registers the ``df.tourney`` accessor. Charts live in ``tourneystats.plot`` (imported on use, so
# importing the package does not import matplotlib).
from . import accessor as _accessor  # noqa: F401

# archive: Parquet datasets of results and bulk recompute (Dask is imported only when used)
from .archive import (
    archive_files,
    import_folder,
    read_archive,
    recompute,
    write_archive,
)

__all__ += ["archive_files", "import_folder", "read_archive", "recompute", "write_archive"]
