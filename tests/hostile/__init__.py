"""Hostile inputs: mutations of the real sample files of every format, each with what it must give.

Each :class:`Case` is a file (or a folder of files, or a file with the files it is read with:
published standings, a VP table, a configuration) for a command (``standings`` unless it says
``check``, ``compare`` or ``recompute``), and one of
- ``error``: refused, with a message naming the file (and its line, the event, round and
  player, or the JSON path, as `locate` says), or what the case `names` (an option, the file
  read beside the results);
- ``same``: standings equal to those of the unmutated file (`base`), e.g. rows in another order;
- ``ok``: a valid input the format allows, computed without an error (holding the values the
  case `want` s, when it gives some);
- ``either``: a correct result or a located refusal (e.g. a truncation that may leave a
  consistent file); never a traceback, an unbounded allocation or a vague message.

``tests/hostile_run.py`` runs them in a child process under a memory limit;
``tests/test_hostile.py`` checks the outcomes.
"""

from __future__ import annotations

import os
import re

from .bridge import bridge_cases, bridge_option_cases, bridge_scoring_cases
from .bridgeteams import bridge_team_cases
from .cards import cards_cases, cards_command_cases, cards_file_cases
from .chess import chess_cases, chess_option_cases, pgn_cases
from .chessteams import (
    chess_team_cases,
    chess_team_import_cases,
    chess_team_pgn_cases,
    chess_team_table_cases,
)
from .common import Case
from .league import config_cases, league_cases
from .vega import vega_cases

#: every family's case makers, in the order the cases run
CASES = [
    chess_cases,
    pgn_cases,
    chess_option_cases,
    chess_team_cases,
    chess_team_table_cases,
    chess_team_pgn_cases,
    chess_team_import_cases,
    vega_cases,
    cards_cases,
    cards_file_cases,
    cards_command_cases,
    bridge_cases,
    bridge_scoring_cases,
    bridge_option_cases,
    bridge_team_cases,
    league_cases,
    config_cases,
]


def all_cases() -> list[Case]:
    """Every case; with ``HOSTILE_CASES`` set, those whose name matches it (a regex)."""
    cases = [case for make in CASES for case in make()]
    names = [c.name for c in cases]
    assert len(names) == len(set(names)), "case names must be unique"
    only = os.environ.get("HOSTILE_CASES")
    return [c for c in cases if re.search(only, c.name)] if only else cases


__all__ = ["CASES", "Case", "all_cases"]
