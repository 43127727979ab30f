"""Chess tie-breaks (FIDE C.07, 2026, and its earlier editions) for whole seasons, vectorised.

Results are long-format: one row per player per round with ``event, round, player, opponent,
colour, points, kind``. ``kind`` says how the round was decided:

========================  =========================================================================
``played``                a game played over the board (a win, a draw or a loss)
``forfeit_win``           won by forfeit (against the scheduled opponent, when known)
``forfeit_loss``          lost by forfeit (against the scheduled opponent, when known); both
                          players' rows ``forfeit_loss`` is a double forfeit (neither came)
``pab``                   pairing-allocated bye (no opponent)
``fpb``                   full-point bye (no opponent)
``hpb``                   half-point bye (no opponent)
``zpb``                   zero-point bye, absence, every round after a withdrawal (no points)
``in_progress``           a game without a result yet (has an opponent; points missing or 0): a
                          PGN ``*``, or a ``played`` row without points; left out of every
                          tie-break (see :mod:`tourneystats.chess.kinds`)
========================  =========================================================================

A (player, round) of an event that has no row is an absence (``zpb``).

The points are those of the event's point system (:mod:`tourneystats.chess.points`): win 1,
draw 1/2, loss 0 by default; ``points="3/1/0"``, or per event the ``point_system`` of `events`
(TRF ``162``). Every tie-break defined in points uses it: the scores, BH, SB, Koya's 50 % of
the maximum score, the 2026 caps ("the points awarded for a draw multiplied by the number of
rounds"), WIN ("as many points as awarded for a win"), STD; TPR and PTP count the games won,
drawn and lost.

Unplayed games (rule sets, :data:`RULE_SETS`)
---------------------------------------------
Every tie-break that uses opponents' scores sees each round of a player as a pair
(*opponent's score as counted*, *result*); an unplayed round is played against a stand-in:

``adjusted`` (default; the French tie-break text's adjusted score)
    An unplayed round (any bye, forfeit, absence) counts as a draw against the player himself.
    Adjusted score = over-the-board points + a draw's points per unplayed round; opponents'
    scores are adjusted scores; an unplayed round counts the player's own adjusted score with a
    draw as result.
``fide2024`` (C.07, 2023-09 to 2026-02, art. 16)
    Voluntarily unplayed rounds (VUR) are half-point and zero-point byes, absences and forfeit
    losses. An opponent's score is taken at face value, except that his byes/absences after the
    last round in which he was available to play (played, PAB, forfeit win, full-point bye) count
    as draws. Each own unplayed round is a game against a dummy opponent whose score is the
    player's own final score, with the points awarded as result. Cut modifiers cut VURs first
    (art. 16.5: the VUR of lowest contribution is cut, as long as it is not lower than the least
    significant value; for SB the higher of the two).
``fide2026`` (C.07, from 2026-03-01)
    As ``fide2024``, but the dummy's score is capped (art. 16.4): for a forfeit at the scheduled
    opponent's score as counted, otherwise at a draw's points times the rounds; and in round
    robins forfeits stay unplayed for the rating-based tie-breaks and forfeit losses for those
    of art. 7 (15.2), and BH, FB and AOB are refused (art. 8 note).
``fide2009`` (2009 to 2023)
    Opponents' unplayed games count as draws in their score as seen by others; an own unplayed
    round R is a game against a virtual opponent of score SPR + (W - SfPR) + D (n - R), with the
    points awarded as result. Cuts take the lowest contributions.
``chessmanager2024`` (chessmanager.com from April 2024)
    As ``fide2024``, but the dummy's score is the player's score as his opponents count it: his
    byes and absences after his last available round count as draws (a player who withdrew
    after round 6 of 9 with 2 points has a dummy of 3.5, not 2), as chessmanager.com's
    published standings show.

Programs' presets (:data:`PRESETS`, :class:`Preset`): the rule set a program applied at an
event's start date, given wherever a rule-set name is (``rules="chessmanager"``, ``--rules
chessmanager``): ``chessmanager`` (fide2009 up to March 2024, then chessmanager2024),
``swissmanager`` (FIDE's dates; its labelled columns carry their own edition, below),
``vega`` (vega2024, then vega2026a from 2026-01, vega2026 from 2026-04: below), and ``auto``
(FIDE's dates). ``rules="auto"`` applies the preset of the program an event's file
names (the ``program`` column of the events, which the TRF and PGN readers fill:
:mod:`tourneystats.chess.programs`).

``vega2024`` (the pairing program Vega, as its web exports publish; see :mod:`tourneystats.chess.vega`)
    As ``fide2024`` (also in events after 2026-03-01: no cap), but an opponent's byes and
    absences count as draws only after the last round in which he was *paired*, a forfeit loss
    included; ``vega2026a`` (events started 2026-01 to 2026-03) as ``vega2024``, but a
    pairing-allocated bye adds nothing to SB; ``vega2026`` (from 2026-04) with the 2026 caps.
    ``vega2009``: Vega run with its FIDE 2009 option (as ``fide2009``); the pages do not say
    which option an event used.

Double forfeits and forfeits without an opponent: a double forfeit (TRF ``-`` on both lines,
PGN ``0-0``) is a forfeit loss for each player, each naming the other. Under ``adjusted`` it is
an unplayed round of each, a draw against himself; under ``fide2024``/``fide2026`` a VUR of each
(C.07 art. 16.2), his own round against the dummy (under 2026 capped at the scheduled opponent's
score as counted, 16.4.1), and the opponents count it at face value (he was paired: it is no bye
or absence after his last available round, 16.3); under ``fide2009`` the virtual opponent, his
opponents counting it as a draw. In a round robin it is a game lost by both (15.2), as every
forfeit. A forfeit whose opponent is not known (no ``opponent``) is scored as the bye or absence
it amounts to: a forfeit win as a pairing-allocated bye, a forfeit loss as an absence.

The rule set is chosen per call, or per event with a mapping or a ``rules`` column; ``"auto"``
picks the program's rule set for the files of a program that has one (the preset ``vega``
for a Vega export: ``vega2024``, ``vega2026a`` or ``vega2026`` by the event's start date), else the one in force at the event's start date (TRF ``042``; :func:`rules_for_date`), and refuses events
without one unless a fallback is named, as in ``"auto:fide2009"``. A rule set is a small data
object (:class:`RuleSet`): a reading other than the text's is a variant with a field changed,
e.g. ``RULE_SETS["fide2026"].replace(name="tbs", round_robin_forfeits="tiebreakserver")``, the
round robins as FIDE's TieBreakServer computes them.

Round robins (``round_robin=``; by default the events whose TRF ``092``, the ``type`` column,
names one): a forfeit is a game (C.07 15.2) for the opponents' scores, SB, KS and DE, and under
2024 for every tie-break; under 2026 every forfeit stays unplayed in the rating-based tie-breaks
and every forfeit loss in those of art. 7 (a forfeit win is a game won: WON, BWG). Art. 16 is
for Swiss events (15.3): a round without a game (the free round of an odd number of players, an
absence) adds nothing to BH or SB, and scores are not adjusted; Koya's maximum is the points of
the games a player can play. Under 2026 BH, FB and AOB "must not be used in round-robins" (art.
8 note): they are refused, unless ``allow_buchholz_in_round_robins=True`` (then a warning).

Live standings: a game in progress counts in no tie-break (nor in the points); the progressive
score counts the score so far after its round; Fore Buchholz counts every paired game of the
*planned* last round as a draw (its definition: "as if all paired games for the final round had
ended in draws"), games in progress included, and is Buchholz until that round is paired. The
planned rounds are ``planned_rounds=`` or ``events.rounds`` (TRF ``142``/``XXR``).
:func:`standings_by_round` gives the standings after each round, games in progress excluded.

Tie-breaks (C.07 2026, art. 5: every criterion for individuals)
-----------------------------------------------------------------
Modifiers: ``/Cn`` cuts the n least significant values, ``/Mn`` the n least and the n most
(art. 14); ``/R`` reverses TPN and RTNG; ``/F`` makes AOB average Fore Buchholz; ``/P``
(the TRF-2026 tie-break list: DE, BH, FB, SB) counts every forfeit with a scheduled opponent as a
game played against him, with the points awarded (BH, FB, SB: the opponent's score in place of
the art. 16 stand-in, and no voluntarily unplayed round for the cuts; a round robin's forfeits
are games anyway, 15.2). A code may
name the edition it is computed under, whatever the event's rule set: ``BH/C1@2026`` next to
``BH/M1@2024`` in one table, as Swiss-Manager labels its columns with their edition ("Buchholz
Tie-Break Variable (2026) (Gamepoints, Cut1)": ``tourneystats.chess.programs.code_of_label``);
see :mod:`tourneystats.chess.codes`.

=====  ===================================  ====  ====  =====  =================================
code   name (C.07 2026)                     type  art.  mod.   here
=====  ===================================  ====  ====  =====  =================================
PTS    the points                                              the event's point system
DE     Direct Encounter                     A     6     /P     among the players tied on all
                                                               earlier criteria; forfeits only
                                                               in round robins (6.1.1, 15.2);
                                                               /P: forfeits too (6.1.1)
WIN    Number of Wins                       B     7.1          rounds with a win's points,
                                                               played or not
WON    Number of Games Won                  B     7.2          won over the board
BPG    Number of Games Played with Black    B     7.3
BWG    Number of Games Won with Black       B     7.4
PS     (Sum of) Progressive Scores          B     7.5   /Cn    /C1 cuts the score after round 1
REP    Rounds one Elected to Play (GE)      B     7.6          rounds less HPB, ZPB, forfeit
                                                               losses
STD    Standard Points                      B     7.7          1 per round with more points than
                                                               the scheduled opponent (no
                                                               opponent: than a draw), 1/2 with
                                                               as many
TPN    Tournament Pairing Number            B     7.8   /R     the player id (a start rank),
                                                               lowest first
BH     Buchholz                             C     8.1   /C /M  /P: forfeits as games
                                                        /P
AOB    Average of Opponents' Buchholz       CC    8.2   /F     over the board; 0 with none
FB     Fore Buchholz                        D     8.3   /C /M  the planned last round drawn;
                                                        /P     /P: forfeits as games
SB     Sonneborn-Berger                     BC    9.1   /C /M  /P: forfeits as games
                                                        /P
KS     Koya System (for Round Robin)        BC    9.2          against opponents with 50 % of
                                                               the maximum score
ARO    Average Rating of Opponents          D     10.1  /C /M  over the board; 0 with none
TPR    Tournament Performance Rating        DB    10.2         ARO + dp (B.02); 0 with none
PTP    Perfect Tournament Performance       DB    10.3         0 with none
APRO   Average Performance Rating of Opp.   DC    10.4
APPO   Average Perfect Performance of Opp.  DC    10.5
RTNG   Rating                               B     10.6  /R     highest first
CUM    Cumulative score (French text)                          PS less the points won without
                                                               playing
=====  ===================================  ====  ====  =====  =================================

Team events (one row per board per round; :mod:`tourneystats.chess.teams`) have their own
standings, :func:`team_standings`, with the team tie-breaks of art. 11-13 (MP, GP, MPvGP, BH, FB
and SB with a ``:MP``/``:GP`` point type, the extended SB EMMSB/EMGSB/EGMSB/EGGSB, EDE and its
variants EDEC/EDET/EDEB/EDEBT/EDEBB, BC, TBR, BBE, SSSC, ...;
:mod:`tourneystats.chess.teamtiebreaks`), and board standings
(:func:`board_standings`); a TRF file with ``013`` team records or the TRF-2026 team section
(``310`` and the records it brings: :mod:`tourneystats.chess.teamsection`) is read as a team
event (:func:`~tourneystats.chess.read_team_trf`), never as an individual one. Given board rows
(``team`` and ``opponent_team`` columns), :func:`standings`, :func:`standings_by_round`
(:func:`team_standings_by_round`: the teams after every round), :func:`compare` and
:func:`explain` (:func:`explain_team`: a team's BH, FB and SB round by round) rank and explain the
teams, `players` giving their names (``event, team, name``). Rating-based values (ARO, TPR, PTP, APRO, APPO)
are rounded to whole numbers as C.07 defines them, and use each player's first rating (2026, art.
10 note), or each round's rating with ``ratings="per_round"``; unrated players are left out,
given a rating, or make the rating-based tie-breaks drop (``unrated=``). Every other value is
left unrounded. Withdrawn players (absent from some round to the end) may be left out of the
table (``withdrawn=``, :mod:`tourneystats.chess.regulations`, with the FIDE rule that takes a
round-robin player who played fewer than half of his games out of his opponents' scores).

What the chess family refuses
-----------------------------
Every refusal is a :class:`~tourneystats.core.schema.ValidationError` naming the rows (``event=...,
round=..., player=...``), or the file, line and column of a TRF file. A results table is refused
when: a required column is missing or a value is not of its type; a kind is unknown, or its points
are not the kind's (a played game 0, 1/2 or 1, a forfeit win 1, a half-point bye 1/2, ...); a game
has no opponent, or a bye an opponent; a player is paired with himself, with someone who
is not a player of the event, or appears twice in a round; the two sides of a game disagree
(points that do not add up to 1, a forfeit win against anything but a forfeit loss, a forfeit
loss against anything but a forfeit win or loss, the same colour); a round is below 1. The rounds of an event are the rounds that have a row: they must be
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

# How it computes (for contributors):
# Internally each event becomes a block of a players x rounds matrix; all events are stacked into
# one flattened (all players of all events) x (rounds) array, so every tie-break is a handful of
# numpy operations over the whole archive: np.sort/np.lexsort along rounds for cuts and medians,
# np.cumsum for progressive scores, fancy indexing by opponent for opponents' scores and
# np.bincount for sums over groups.

from .breakdown import explain
from .check import POINTS_VALUES, check_from_path
from .check import check_targets as check_targets  # check FOLDER: Vega folders
from .check import file_report as file_report  # check FOLDER: a file's row
from .check import holds_no_results as holds_no_results  # check FOLDER: files left out
from .codes import TIEBREAKS, TieBreak, parse_tiebreak
from .files import archive_standings, history_from_path, read_results, standings_from_path
from .kinds import EVENT_COLUMNS, KINDS, PLAYER_COLUMNS, RESULT_COLUMNS
from .pgn import read_pgn
from .points import POINT_KEYS, point_system
from .ratings import DP_TABLE, PD_TABLE
from .rules import PRESETS, ROUND_ROBIN_TYPE, RULE_SETS, Preset, RuleSet, rules_for_date
from .tables import standings, standings_by_round, validate_results
from .teamarchive import archive_team_standings
from .teamboards import board_standings
from .teamcodes import TEAM_TIEBREAKS, TeamTieBreak, parse_team_tiebreak
from .teamexplain import explain_team
from .teamrounds import team_standings_by_round
from .teams import TEAM_POINTS, TeamPoints, team_matches, validate_team_results
from .teamtiebreaks import team_standings
from .teamtrf import TeamTrfData, read_team_trf
from .trf import TrfData, read_trf
from .trfwrite import write_trf
from .whatif import compare

__all__ = [
    "check_from_path",
    "compare",
    "KINDS",
    "POINT_KEYS",
    "POINTS_VALUES",
    "PRESETS",
    "RULE_SETS",
    "TIEBREAKS",
    "Preset",
    "RuleSet",
    "TieBreak",
    "explain",
    "parse_tiebreak",
    "point_system",
    "rules_for_date",
    "standings",
    "standings_by_round",
    "standings_from_path",
    "archive_standings",
    "history_from_path",
    "read_pgn",
    "read_trf",
    "write_trf",
    "TeamTrfData",
    "TrfData",
    "read_results",
    "validate_results",
    # team events
    "TEAM_POINTS",
    "TEAM_TIEBREAKS",
    "TeamPoints",
    "TeamTieBreak",
    "archive_team_standings",
    "board_standings",
    "explain_team",
    "parse_team_tiebreak",
    "read_team_trf",
    "team_matches",
    "team_standings",
    "team_standings_by_round",
    "validate_team_results",
    # tables of the data model and the rules
    "DP_TABLE",
    "EVENT_COLUMNS",
    "PD_TABLE",
    "PLAYER_COLUMNS",
    "RESULT_COLUMNS",
    "ROUND_ROBIN_TYPE",
]


def __dir__() -> list[str]:  # dir() lists the public names only
    return sorted(__all__)
