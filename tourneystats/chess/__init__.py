"""Chess Swiss tie-breaks (FIDE C.07 acronyms) for whole seasons, vectorised.

Results are long-format: one row per player per round with ``event, round, player, opponent,
colour, points, kind``. ``kind`` says how the round was decided:

========================  =========================================================================
``played``                a game played over the board (``points`` 1, 0.5 or 0)
``forfeit_win``           won by forfeit (has an opponent, 1 point)
``forfeit_loss``          lost by forfeit (has an opponent, 0 points)
``pab``                   pairing-allocated bye (no opponent)
``fpb``                   full-point bye (no opponent, 1 point)
``hpb``                   half-point bye (no opponent, 0.5 points)
``zpb``                   zero-point bye, absence, every round after a withdrawal (0 points)
========================  =========================================================================

A (player, round) of an event that has no row is an absence (``zpb``).

Internally each event becomes a block of a players x rounds matrix; all events are stacked into
one flattened (all players of all events) x (rounds) array, so every tie-break is a handful of
numpy operations over the whole archive: ``np.sort``/``np.lexsort`` along rounds for cuts and
medians, ``np.cumsum`` for progressive scores, fancy indexing by opponent for opponents' scores
and ``np.bincount`` for sums over groups.

Unplayed games (rule sets, :data:`RULE_SETS`)
---------------------------------------------
Every tie-break that uses opponents' scores sees each round of a player as a pair
(*opponent's score as counted*, *result*); an unplayed round is played against a stand-in:

``adjusted`` (default; the seed text's rule)
    An unplayed round (any bye, forfeit, absence) counts as a draw against the player himself.
    Adjusted score = over-the-board points + 1/2 per unplayed round; opponents' scores are adjusted
    scores; an unplayed round counts the player's own adjusted score with result 1/2.
``fide2024`` (C.07, 2023-09 to 2026-02, art. 16)
    Voluntarily unplayed rounds (VUR) are half-point and zero-point byes, absences and forfeit
    losses. An opponent's score is taken at face value, except that his byes/absences after the
    last round in which he was available to play (played, PAB, forfeit win, full-point bye) count
    as draws. Each own unplayed round is a game against a dummy opponent whose score is the
    player's own final score, with the points awarded as result. Cut modifiers cut VURs first
    (art. 16.5: the lowest VUR is cut unless the least significant opponent gives a larger
    contribution).
``fide2026`` (C.07, from 2026-03-01)
    As ``fide2024``, but the dummy's score is capped (art. 16.4): for a forfeit at the forfeiting
    opponent's score as counted, otherwise at half the maximum score (0.5 x rounds).
``fide2009`` (2009 to 2023)
    Opponents' unplayed games count as draws in their score as seen by others; an own unplayed
    round R is a game against a virtual opponent of score SPR + (1 - SfPR) + 0.5 (n - R), with the
    points awarded as result. Cuts take the lowest contributions.

The rule set is chosen per call, or per event with a mapping or a ``rules`` column; ``"auto"``
picks it by the event's start date (TRF ``042``; :func:`rules_for_date`), and refuses events
without one unless a fallback is named, as in ``"auto:fide2009"``.

Round robins (``round_robin=``): C.07 counts a forfeit in a round robin as a played game, so
for the events named there ``forfeit_win``/``forfeit_loss`` rounds are games over the board for
every tie-break (opponent's score, ARO, DE, WON, ...); byes and absences stay unplayed. By
default the round robins are the events whose type of tournament (TRF ``092``, the ``type``
column) says so.

Tie-breaks (codes; modifiers ``/Cn`` cut the n lowest, ``/Mn`` cut n lowest and n highest)
---------------------------------------------------------------------------------------------
PTS points; BH Buchholz; SB Sonneborn-Berger; FB Fore Buchholz (every paired last-round game as
a draw); AOB average Buchholz of the opponents met over the board (0 with none); KS Koya (points scored
against opponents with 50 % of the maximum score or more: under ``adjusted`` with adjusted
scores, an unplayed round counting 1/2 when the own adjusted score reaches the limit; under the
FIDE rule sets against real opponents, forfeits included, by their final score, byes counting
nothing); PS progressive score; CUM the seed's
cumulative score (PS minus the points won without playing); ARO average rating of opponents
played; TPR tournament performance rating (ARO + dp of the B.02 table); PTP perfect tournament
performance; APRO/APPO average TPR/PTP of opponents; WIN wins (incl. unplayed); WON games won
over the board; BPG games played with Black; BWG games won with Black; REP (alias GE) rounds one
elected to play (played, PAB, forfeit win, full-point bye); DE direct encounter (C.07 art. 6).
Rating-based values (ARO, TPR, PTP, APRO, APPO) are rounded to whole numbers as C.07 defines
them; every other value is left unrounded. Cut/median modifiers are accepted for BH, SB, FB and
ARO (and cut for PS).

What is refused
---------------
Every refusal is a :class:`~tourneystats.core.schema.ValidationError` naming the rows (``event=...,
round=..., player=...``), or the file, line and column of a TRF file. A results table is refused
when: a required column is missing or a value is not of its type; a kind is unknown, or its points
are not the kind's (a played game 0, 1/2 or 1, a forfeit win 1, a half-point bye 1/2, ...); a game
or forfeit has no opponent, or a bye an opponent; a player is paired with himself, with someone who
is not a player of the event, or appears twice in a round; the two sides of a game disagree
(points that do not add up to 1, a forfeit win against anything but a forfeit loss, the same
colour); a round is below 1. The rounds of an event are the rounds that have a row: they must be
1, 2, ... up to the last, each with at least one row (a row of any kind, a zero-point bye
included), so a mistyped round number (1 typed as 10) is refused, naming the event and the rounds
missing, instead of making phantom absent rounds. The planned number of rounds (``rounds`` of
`events`, the TRF ``142``/``XXR`` record) bounds the rounds (a round beyond it is refused) and adds
none: the rounds not played yet of an event in progress are not absences. An event whose
players x rounds grid is almost empty (fewer than one (player, round) in 16 with a row, beyond
65,536 cells) is refused too: no tournament looks like that, and it would cost far more than its
rows. So the work and memory of a computation follow the rows given, never a round number, a
player id or a declared count. The TRF reader's own refusals are listed in
:mod:`tourneystats.chess.trf`.
"""

from .breakdown import explain
from .codes import TIEBREAKS, TieBreak, parse_tiebreak
from .files import history_from_path, read_results, standings_from_path
from .kinds import EVENT_COLUMNS, KINDS, PLAYER_COLUMNS, RESULT_COLUMNS
from .pgn import read_pgn
from .points import POINT_KEYS, point_system
from .ratings import DP_TABLE, PD_TABLE
from .rules import ROUND_ROBIN_TYPE, RULE_SETS, RuleSet, rules_for_date
from .tables import standings, standings_by_round, validate_results

__all__ = [
    "KINDS",
    "POINT_KEYS",
    "RULE_SETS",
    "TIEBREAKS",
    "RuleSet",
    "TieBreak",
    "explain",
    "parse_tiebreak",
    "point_system",
    "rules_for_date",
    "standings",
    "standings_by_round",
    "standings_from_path",
    "history_from_path",
    "read_pgn",
    "read_results",
    "validate_results",
    # tables of the data model and the rules
    "DP_TABLE",
    "EVENT_COLUMNS",
    "PD_TABLE",
    "PLAYER_COLUMNS",
    "RESULT_COLUMNS",
    "ROUND_ROBIN_TYPE",
]
