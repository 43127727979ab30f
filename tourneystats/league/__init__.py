"""Evening-league leaderboard ("Topplista"): a percentage ranking pulled to 50, and its history.

An evening league plays a *tournament* (an evening) every week or so: rounds of 2-vs-2 (or
1-vs-1, 3-vs-3, ...) matches on several courts, each match played to a point *target* that the two
teams share (15-9 to 24). The leaderboard ranks every player of a league by

    ranking = 100 * (P + V/2) / (M + V)

where P is the points the player took in played rounds, M the sum of those rounds' targets and V
the possible points of *virtual average rounds*, which pull a ranking towards 50:

- **start weight**: ``prior_rounds`` K rounds at the league's *typical target* (the median target
  of all played matches, each match counted once). Mode ``"top-up"`` (default) uses
  max(0, K - rounds played), so the start weight vanishes after K played rounds; mode
  ``"constant"`` always uses K.
- **absence**: every whole tournament the player missed, from the player's first tournament on
  (never before it), counts as that tournament's rounds (the number of distinct rounds played in
  it) at that tournament's target (the median target of its matches, which is simply its target
  when all its matches share one).

Rounds a player sat out inside a tournament he attended count neither as played nor as missed. A
tournament with only final scores registered (rows with no ``round``) adds to ``points`` and, for
the players listed, starts the absence clock and is not an absence; for a player not listed it
adds nothing, as its rounds are unknown. A round is won when the player's points exceed half the
target, drawn at exactly half, lost below; ``matches``, ``wins``, ``draws`` and ``losses`` count
played rounds only. A player without a played round has no ranking (NaN, no place) and is listed
after every ranked player.

**Places** are standard competition ranks: exactly equal rankings share a place (1, 2, 2, 4).
Points and targets are whole numbers, and a ranking is computed as one division of two integers
(all quantities kept in quarter points), so equal fractions give bit-identical floats and ties are
exact; places then come from :func:`~tourneystats.core.ranking.competition_rank` (which compares
after rounding to 1e-9, far below the gap between two different rankings of any real league).
Display order inside a tie: most matches, most points, most wins, then the name in **Swedish
alphabetical order**: case-insensitive; a-z, then å, ä, ö; other accented Latin letters sort as
their base letter (é as e, ç as c) except the Swedish conventions æ as ä, ø and œ as ö, ü as y;
characters before "a" in Unicode (space, digits, most punctuation) sort before the letters, all
other characters after ö in code-point order; names still equal after that (``"Eva"``, ``"eva"``)
are ordered by their exact spelling. Numeric player ids sort numerically.

**Tournament order**: by ``date``, then by tournament id for tournaments on the same date. The
history (:func:`history`) gives the leaderboard after every tournament, each computed only from the
tournaments up to and including it, the typical target included (the median over the matches
played so far). Several leagues or seasons in one frame (a ``league`` and/or ``season`` column, or
any ``by=`` columns) are computed independently in the same vectorised call.

Nothing is stored: every call recomputes everything from the results.

**What is refused**, with a :class:`~tourneystats.core.schema.ValidationError` that names the
league, tournament, round, match, team and player of the offending rows (nothing is guessed):

- missing columns or values, points that are not whole numbers of 0 or more, a target that is
  not a whole number from 1 to 1000, a final score above 1,000,000 (a thousand rounds at the
  largest target), a ``match``, ``team`` or ``target`` missing on a row with a round or present
  on a final-score row;
- a ``date`` not written YYYY-MM-DD (ISO 8601, with or without a time; ``2024/01/10`` and
  ``20240110`` are the same date). An 8-digit number is read as YYYYMMDD (a CSV reader types the
  ISO 8601 basic form ``20240110`` as a number); any other number is refused (an Excel day number
  or a Unix time has no stated origin), and so are ``10.01.2024`` or ``1/10/2024``, whose order
  of day and month is ambiguous (the dates order the tournaments, and so the absences). Dates
  before 1678 or after 2261 are refused too. A tournament with more than one date is refused;
- a round number below 1, and a gap in the rounds of a tournament (rounds 1, 2, 10): its rounds
  are numbered 1, 2, 3, ...; the message names the tournament and the missing rounds;
- a player twice in a round (in two teams or two matches, or a row listed twice), a match
  without exactly two teams, teams of unequal size, more than one target in a match, players of
  one team with different points, team points above the target and two teams' points that do
  not add up to the target (the target is shared between the two teams, per the Topplista rules);
- more than one final score for a player in a tournament, or a final score and round results of
  one player in one tournament.
"""

# Modules (for contributors):
# The modules, each using only those before it: tourneystats.league.rules (the options),
# tourneystats.league.prepare (validation, codes, checks, per-tournament sums),
# tourneystats.league.standings (leaderboard, history), tourneystats.league.terms (explain),
# tourneystats.league.files (read_results, standings_from_path, history_from_path) and
# tourneystats.league.whatif (compare: the leaderboard under several start weights).

from .files import ALL_SEASONS, history_from_path, read_results, standings_from_path
from .prepare import COLUMNS
from .rules import PRIOR_MODES, LeagueRules
from .standings import BOARD_COLUMNS, history, leaderboard
from .terms import explain
from .whatif import compare

__all__ = [
    "ALL_SEASONS",
    "BOARD_COLUMNS",
    "COLUMNS",
    "PRIOR_MODES",
    "LeagueRules",
    "compare",
    "explain",
    "history",
    "history_from_path",
    "leaderboard",
    "read_results",
    "standings_from_path",
]


def __dir__() -> list[str]:  # dir() lists the public names only
    return sorted(__all__)
