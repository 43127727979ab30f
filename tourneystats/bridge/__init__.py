"""Duplicate bridge scoring: matchpoints, Neuberg, IMPs, victory points, Butler, team matches.

Every function takes long-format frames holding any number of sessions at once and computes them
all in one vectorised pass: no Python loop over sessions, boards or pairs.

Data model
----------
**Pairs traveller frame**, one row per result of a board (a traveller line):

- ``event`` (a session), ``section`` (optional; ``"A"`` when missing), ``round`` (optional),
  ``board``, ``ns_pair``, ``ew_pair``;
- ``ns_score``: the score signed from North-South's side (``-50`` when NS went one down), missing
  for an artificial result;
- ``artificial`` (optional): missing for a real result, else a code ``"A"`` + NS percent + EW
  percent, two digits each: ``"A6040"`` is average-plus to NS and average-minus to EW,
  ``"A5050"`` average to both, ``"A4060"``, ``"A4040"``, ``"A6060"``. The nominal 60/50/40 are
  average-plus/average/average-minus and score the configured percentages
  (``artificial_percent``, default 60/50/40 % of the top); any other two-digit number is taken
  literally as a percentage;
- optional ``contract``, ``declarer``, ``tricks`` and ``vulnerable`` (the board's, when the file
  states it): when a result has them all, its score must be the one they give; ``adjusted``
  (optional, True for a director's assigned score, which is exempt from that check); ``lead``
  and any other columns are carried through;
- a **phantom table** (a sit-out's opponent given a fixed score) is an artificial code with one
  side ``00``: ``A6000`` gives NS 60 % and makes EW a phantom pair, left out of the standings;
- a **weighted score** (Law 12C1(c)) has no ``ns_score`` and no code but a ``weighted`` column,
  ``"0.67*170 + 0.33*140"``: matchpoints compare it as that mixture
  (:mod:`~tourneystats.bridge.weighted`);
- optional ``scoring`` (the method each session declares, set by the readers: ``mp``,
  ``butler``, ``cross_imps``, ... see :mod:`~tourneystats.bridge.declared`) and ``convention``
  (its publisher's conventions, :mod:`~tourneystats.bridge.conventions`).

Pair ids identify a pair within its section: in a **Mitchell** the North-South and East-West
pairs form two lines that are ranked separately, and NS pair 1 and EW pair 1 are different pairs;
in a **Howell** every pair sits NS on some boards and EW on others and all pairs form one field.
With ``movement=None`` the movement of each (event, section) is read from the data: it is a
Howell when some pair id appears in both directions but never in both directions on the same
board, otherwise a Mitchell (disjoint NS and EW ids, or the same numbers used for both lines).
Pair *numbers* may number both lines of a Mitchell; a pair *name* (an id that is not a whole
number) is one partnership, so a named pair sitting both NS and EW on a board, or playing
against itself, is refused.

What the bridge family refuses
------------------------------
Every frame, whichever reader made it (CSV, Parquet, PBN, USEBIO or a DataFrame), goes through
the same checks before it is scored (:mod:`~tourneystats.bridge.checks`,
:mod:`~tourneystats.bridge.prepare`, :mod:`~tourneystats.bridge.teams`): missing columns or
values, a board below 1, a pair twice on a board, a named pair meeting itself, a result with
both or neither of a score and an artificial code, an unreadable artificial code or one whose
percentages total less than 80 or more than 120 (``A9999``), a score that is not a multiple of
10, a malformed contract (``8NT``, ``3NTXXX``), a declarer other than N/E/S/W, tricks outside
0..13, an unknown vulnerability, and a score that differs from the one its contract, declarer,
tricks and vulnerability give (Law 77); for teams also more than two tables on a board of a
match, both tables at the same table or the home team in the same direction at both. The PBN
and USEBIO readers run these checks too and name the line of the file.

**Team results frame**, one row per table result: ``event``, ``round`` (optional), ``board``,
``home_team``, ``visit_team``, ``table``, ``home_side`` (``"NS"`` or ``"EW"``, where the home team
sat at that table) and ``ns_score``. A match is (event, round, home_team, visit_team); on each
board the home team's net score is the sum over its two tables of the NS score where it sat NS
and minus the NS score where it sat EW, and the home team scores ``imps(net)``.

Rules
-----
- **Matchpoints** per (event, section, board): a result scores 2 per other result it beats and 1
  per tie (top ``2 (n - 1)``); on the half scale 1 and 1/2 (top ``n - 1``). EW scores
  ``top - NS``. Percentage = MP / top x 100.
- **Neuberg**: artificial results are taken out of the comparison; when a board has ``n``
  comparable results and the section's largest number of results on a board is ``N``, a real
  result's MP ``M`` becomes ``(M + 1) N / n - 1`` (half scale ``(M + 1/2) N / n - 1/2``) and the
  top is the section's top. Artificial results score their percentage of that top.
- **Session result**: per pair, the sum of its MP over the boards it played, the sum of those
  boards' tops, percentage = MP / top x 100, ranked by percentage within the line (Mitchell) or
  the field (Howell), exact ties sharing a place.
- **IMPs**: the WBF table, vectorised with ``np.searchsorted``.
- **Victory points**: the WBF 2013 continuous scale, rounded to 0.01 with the concavity
  correction, see :func:`victory_points`.
- **Butler**: per board a datum = mean of the real scores after dropping the ``k`` highest and
  ``k`` lowest (or the median), rounded to the nearest 10 (a mean ending in exactly 5 rounds away
  from zero); NS scores ``imps(score - datum)``, EW the opposite. **Cross-IMPs**: each result
  against every other real result of the board, summed and divided by ``n - 1``. Artificial
  results score +3 / 0 / -3 IMPs for average-plus / average / average-minus (Law 12C).

Scoring each session as it declares
-----------------------------------
:func:`standings` (also :func:`session_standings`), :func:`standings_from_path` and the command
line score every session by the method it declares: the PBN ``Scoring`` tag, USEBIO's
``EVENT_TYPE`` and ``SCORING_METHOD``/``BOARD_SCORING_METHOD``, or a ``scoring`` column; a
session that declares nothing is matchpointed; an unknown or contradicting declaration is an
error naming the file and line. ``scoring=`` (``--scoring``) scores every session one way
instead. The standings are one table whatever the methods: ``event, section, line, pair,
scoring, boards, mp, top, percentage, imps, factored, rank``, ``mp``/``top``/``percentage``
missing for IMP sessions and ``imps`` for matchpoint ones; ``factored`` is the total scaled to
the most boards a pair of the line played (``total x B / b``).

Publisher conventions
---------------------
Scoring programs differ in details the rules leave open: factoring, rounding, phantom tables,
the Butler datum, the cross-IMP divisor. Each is a field of a :class:`Convention`, and
:data:`CONVENTIONS` holds the presets, each checked against real published files:

=============  ==================================================================================
``ebu``        the default: unrounded percentages of total matchpoints over total tops
``compscore``  Compscore3: the published total factored (``factored``); a Neuberg-scaled board
               totalled as its percentage rounded to 0.01; 0.01, half to even
``jfr``        JFR Pary: a phantom table outside its board; the percentage the mean of the board
               percentages, each rounded to 0.01
``kops``       KoPS2www: each Neuberg-scaled score rounded to 0.01 before totals; cross-IMPs
               divided by n - 1, the phantom's opponent 0 IMPs, a comparison at most 17 IMPs
=============  ==================================================================================

``convention=`` (``--convention``) names one (or passes a :class:`Convention`); by default each
session's ``convention`` column (a USEBIO file from Compscore: ``compscore``), else ``ebu``.
:func:`check_from_path` (``tourneystats check``) compares what USEBIO and PBN files publish
(totals, percentages, places, Butler datums and IMPs, cross-IMPs, team IMPs) with the computed
values, and for a table of team match results its published VPs per match and the VPs and
places of the standings beside it (:mod:`~tourneystats.bridge.teamcheck`).

Victory points of team matches: the WBF 2013 continuous scale, the WBF 2013 discrete scale
derived from it (``"wbf2013_discrete"``, whole VPs), or a table of IMP bands per number of
boards of the user's, ``vp_scale=`` (``--vp-scale``, a CSV file): the pre-2013 WBF 25-point
scales are not shipped (no authoritative copy was found, see
:mod:`~tourneystats.bridge.vpscales`).

Team competitions
-----------------
Round-robin pools and Swiss stages (:func:`pool_standings`): VPs per match from the IMPs (or as
given), standings with a tie-break order given as data (:class:`TeamRules`,
:data:`TEAM_RULES`: ``cbai``, ``ebu`` and ``pzbs`` follow their published texts; the WBF, EBL
and FFB orders are not shipped, their texts not having been available to check),
``decided_by``, byes, the standings after each round. Knockouts (:func:`knockout_matches`,
:class:`KnockoutRules`; a table file: :func:`knockout_from_path`, ``--rules knockout``):
segments, carry-over, ties. Every team table passes through one validation (team names
trimmed, two spellings of a name refused, IMPs, boards, segments and carry-over checked).
Board-a-match and Patton scoring (:func:`board_a_match`, :func:`bam_standings`,
:func:`patton_scores`). Match results may be given already in IMPs (``home_imps``,
``visit_imps``, ``boards``), as federations publish them.
"""

# Modules (for contributors):
# tourneystats.bridge.scoring (standings: each session as it declares),
# tourneystats.bridge.declared (the declared scoring of USEBIO and PBN files),
# tourneystats.bridge.conventions (publishers' conventions), tourneystats.bridge.check (published
# values against computed ones), tourneystats.bridge.teamcheck (published VPs and places of team
# match results), tourneystats.bridge.weighted (weighted adjusted scores),
# tourneystats.bridge.vpscales (victory point scales), tourneystats.bridge.checks (the consistency
# checks every reader's results go through), tourneystats.bridge.prepare (validation, integer
# codes, movements), tourneystats.bridge.totals (per-pair totals and places),
# tourneystats.bridge.mp (matchpoints, Neuberg, session standings), tourneystats.bridge.imp (IMP
# table, victory points, Butler, cross-IMPs), tourneystats.bridge.teams (team matches and
# standings), tourneystats.bridge.pools (round robins and Swiss stages),
# tourneystats.bridge.teamrules (their tie-break rule sets), tourneystats.bridge.teaminput (the
# one validation of team tables), tourneystats.bridge.knockout
# (knockout matches), tourneystats.bridge.patton (board-a-match and Patton scoring),
# tourneystats.bridge.season (season summary and history), tourneystats.bridge.contract (contract
# scoring, vulnerability), the readers tourneystats.bridge.pbn (with the notation's lexer
# tourneystats.bridge.pbn_lex) and tourneystats.bridge.usebio, and tourneystats.bridge.files
# (results files and folders).

from .archiverows import archive_standings, archive_team_standings
from .check import check_from_path
from .contract import BridgeFile, contract_score, tricks_from_result, vulnerability
from .conventions import CONVENTIONS, Convention
from .declared import SCORINGS
from .files import SUFFIXES as SUFFIXES
from .files import (
    Results,
    history_from_path,
    knockout_from_path,
    read_people,
    read_results,
    standings_from_path,
    team_standings_from_path,
)
from .imp import IMP_BOUNDS, ButlerRules, butler, cross_imps, imp_standings, imps, victory_points
from .knockout import KNOCKOUT_RULES, KnockoutRules, extra_boards_due, knockout_matches
from .mp import MatchpointRules, explain, matchpoints, mp_standings, pair_scores
from .patton import bam_standings, board_a_match, patton_scores
from .pbn import read_pbn
from .pools import pool_matches, pool_standings
from .prepare import EW as EW
from .prepare import HOWELL as HOWELL
from .prepare import MITCHELL as MITCHELL
from .prepare import NS as NS
from .prepare import movements
from .scoring import standings
from .season import season_history, season_summary
from .teamrules import CRITERIA as TEAM_CRITERIA
from .teamrules import TEAM_RULES, TeamRules
from .teams import board_imps, match_vps, team_matches, team_standings
from .totals import FIELD as FIELD
from .totals import LINE_DTYPE as LINE_DTYPE
from .usebio import read_usebio
from .whatif import compare

#: :func:`standings` under its earlier name
session_standings = standings

__all__ = [
    "compare",
    "CONVENTIONS",
    "IMP_BOUNDS",
    "KNOCKOUT_RULES",
    "KnockoutRules",
    "SCORINGS",
    "TEAM_CRITERIA",
    "TEAM_RULES",
    "TeamRules",
    "BridgeFile",
    "ButlerRules",
    "Convention",
    "MatchpointRules",
    "Results",
    "bam_standings",
    "board_a_match",
    "board_imps",
    "butler",
    "check_from_path",
    "contract_score",
    "cross_imps",
    "explain",
    "extra_boards_due",
    "history_from_path",
    "imp_standings",
    "imps",
    "knockout_from_path",
    "knockout_matches",
    "match_vps",
    "matchpoints",
    "movements",
    "mp_standings",
    "pair_scores",
    "patton_scores",
    "pool_matches",
    "pool_standings",
    "read_pbn",
    "read_people",
    "read_results",
    "read_usebio",
    "season_history",
    "season_summary",
    "session_standings",
    "archive_standings",
    "archive_team_standings",
    "standings",
    "standings_from_path",
    "team_matches",
    "team_standings",
    "team_standings_from_path",
    "tricks_from_result",
    "victory_points",
    "vulnerability",
]


def __dir__() -> list[str]:  # dir() lists the public names only
    return sorted(__all__)
