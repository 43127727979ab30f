"""Card-game standings: Magic: The Gathering tie-breakers (Appendix C) and other presets.

Results come in one of two long forms, and many events (a season, an archive) go in one frame:

- **match level**, one row per player per round: ``event, round, player, opponent, wins, losses,
  draws`` (games, from the player's side); a missing opponent is a bye, unless the row reports
  a loss (more games lost than won): a loss to no one (a forfeit), a round played and lost, in
  no opponent's average;
- **game level**, one row per player per round per game: ``event, round, player, opponent, game,
  result`` with ``result`` W, L or D from the player's side; a bye is one row with no opponent (its
  ``game`` and ``result`` are ignored), and a match in which no game was played is one row with a
  missing ``game`` and ``result``.

The rules (defaults: Appendix C of the Magic: The Gathering Tournament Rules):

- **Match points**: win 3, draw 1, loss 0. The player with more game wins wins the match; equal game
  wins is a drawn match (1-1-1, 0-0-3 and 1-1-0 are draws).
- **Game points**: 3 per game won, 1 per game drawn, 0 per game lost. Unfinished games are drawn
  games (recorded as D); games not started have no row.
- A **bye** is a 2-0 match win: 3 match points, 6 game points, 1 round and 2 games. The counts
  reported on a bye row are not used (unless they are a loss: a loss to no one, 0 match points,
  its games counted, 1 round, no opponent): they may be missing, and a count written there must still
  be a count (a whole number from 0 to 1000), as on every row.
- **Match-win %** (``mwp``) = match points / (3 x rounds played, byes included), at least 0.33;
  **game-win %** (``gwp``) = game points / (3 x games played), at least 0.33 (a player who played
  no game at all gets the floor). A player who drops keeps the rounds actually played.
- **Opponents' match-win %** (``omwp``) = mean, over the player's non-bye rounds, of that round's
  opponent's (floored) match-win %; a rematch counts once per round. **Opponents' game-win %**
  (``ogwp``) likewise. A player with only byes has none (NaN) and ranks after players with values.
- **Order**: match points, omwp, gwp, ogwp, all descending; rows equal on all of them share the
  place (:func:`tourneystats.core.ranking.competition_rank`). Nothing is rounded along the way.

**What is refused**, with a :class:`~tourneystats.core.schema.ValidationError` that names the
event, round and player of the offending rows (nothing is guessed or dropped):

- missing columns, missing ids, counts that are not whole numbers from 0 to 1000 (on a bye too;
  no match has more games);
- round numbers below 1, and a gap in the rounds of an event (rounds 1, 2, 3, 9): an event's
  rounds follow on from its first round, which need not be round 1 (a file may hold the later
  rounds of an event); the message names the event and the missing rounds;
- a player twice in one round (in two matches, or a row listed twice), a player paired against
  himself, an opponent who is not a player of the event or has no row in that round (a match
  reported from one side only), and two sides that name different opponents or disagree on the
  score;
- at game level: a result other than W, L or D (in any case, on a bye too), a game number below 1,
  a game result without a game number or a game without a result, a game listed twice, the games
  of a match not numbered 1, 2, 3, ... (a game missing), different opponents in one match, a bye
  or a match without games written as more than one row, and two sides that disagree on a game.

Other rule sets are :class:`Rules` objects, each publisher's conventions as fields;
:data:`RULES` holds the presets ``"mtg"``, ``"melee"``, ``"melee2024spring"``, ``"melee2024"``,
``"melee2025"``,
``"manatraders"``, ``"topdeck"``, ``"cardsrealm"``, ``"cardsrealm2025"`` and ``"pokemon"`` (:mod:`~tourneystats.cards.rules` tells what
each changes and where it was found). Every computation is vectorised over all events at once:
no Python loop over events, players or rounds.

Files: :func:`read_mtg_json` reads the JSON files of the public MTG archives (MTGODecklistCache:
melee.gg, ManaTraders, topdeck.gg, MTGO), :func:`read_tom` Pokémon TOM exports; both keep the
standings the file publishes, and :func:`check_from_path` compares them with the computed ones
under the rules the file implies (:mod:`~tourneystats.cards.publishers`).
"""

# Modules (for contributors):
# The code reads in the order of the rules: tourneystats.cards.rules (rule sets and presets),
# tourneystats.cards.prepare (input forms, validation, integer codes), tourneystats.cards.convert
# (match level <-> game level), tourneystats.cards.scoring (per-row points, per-player totals and
# percentages, opponents' averages), tourneystats.cards.rounds (the same after every round),
# tourneystats.cards.headtohead, tourneystats.cards.tables (ranking, pooled seasons),
# tourneystats.cards.history (standings after every round), tourneystats.cards.terms (each
# opponent's values as counted), tourneystats.cards.decklistcache and tourneystats.cards.tom
# (tournament files), tourneystats.cards.publishers (the rules a file implies),
# tourneystats.cards.files (results files and folders), tourneystats.cards.check (published
# against computed values) and tourneystats.cards.whatif (the same results under several rule
# sets, compare).

from .check import check_from_path
from .checkbatch import files_report as files_report  # (core.report checks in batches)
from .convert import games_to_matches, matches_to_games
from .decklistcache import read_mtg_json
from .files import (
    archive_standings,
    history_from_path,
    read_people,
    read_results,
    standings_from_path,
)
from .history import standings_by_round
from .prepare import GAME_COLUMNS, MATCH_COLUMNS
from .published import CardsFile
from .report import POINTS_VALUES, file_report
from .rules import ORDER_COLUMNS as ORDER_COLUMNS
from .rules import RULES, Rules, get_rules
from .tables import standings
from .terms import explain
from .tom import read_tom
from .whatif import compare

__all__ = [
    "GAME_COLUMNS",
    "MATCH_COLUMNS",
    "POINTS_VALUES",
    "RULES",
    "CardsFile",
    "Rules",
    "archive_standings",
    "check_from_path",
    "compare",
    "explain",
    "file_report",
    "games_to_matches",
    "get_rules",
    "history_from_path",
    "matches_to_games",
    "read_mtg_json",
    "read_people",
    "read_results",
    "read_tom",
    "standings",
    "standings_by_round",
    "standings_from_path",
]


def __dir__() -> list[str]:  # dir() lists the public names only
    return sorted(__all__)
