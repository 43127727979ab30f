"""Compare tourneystats' team tie-breaks with FIDE's TieBreakServer on random team events.

TieBreakServer (Otto Milvang for the FIDE Technical Commission, MIT) is not a dependency of the
package nor of its tests: this script writes random team events (round robins and Swiss events
of 3-20 teams of 3-6 boards, reserves, forfeited boards and matches, team byes: see
``tests/chess_team_data.py``) in two formats, TRF-16 with ``013`` team records and TRF-2026 with
the team section (``310``, ``320``, ``240``, ``330``, ``352``, ``362``), runs a local checkout of
TieBreakServer on each file, reads the same file with
:func:`tourneystats.chess.teamtrf.read_team_trf` and counts the values both programs agree on,
per format, rule set (C.07 2024: ``/V1``; 2026: ``/V2``) and code::

    python tests/benchmarks/compare_tbs_teams.py --tbs ~/TieBreakServer --files 1000 \
        --work /tmp/tbs-teams --formats trf16,trf26

In a TRF-16 file TieBreakServer reads a team bye written ``U`` (a pairing-allocated bye) as a
drawn match with every board won: tourneystats is given the same convention
(``points="tiebreakserver"``). A TRF-2026 file says what the bye scores (``320``: here one match
point and a draw's game points on every board, the FIDE TEC's exercises' choice): both programs
take it from the file (tourneystats: :attr:`TeamTrfData.points`). The
direct-encounter and board tie-breaks (EDE and its variants, TBR, BBE) are values within the group of tied teams
that the two programs write differently (TieBreakServer: a position; tourneystats: how many of
the group it places below): they are compared on the ranks they give after match points.

``--keep-tbs`` runs TieBreakServer in one process for all the files (its runs of one file give
the same output as separate processes: checked on the first files), about three times faster.

``/P`` on the opponents'-score codes (TieBreakServer 14a34a2, seeds 0-499, ``--grouped-every 1
--keep-tbs``, 2026-12-07): 23 codes (BH:MP/P, BH:GP/P, BH:MP/C1/P, BH:GP/C1/P, BH:MP/M1/P, the SBs
with /P and /C1/P, the four extended SBs with /P and /C1/P, SSSC/P, FB:MP/P, FB:GP/P, FB:MP/C1/P,
FB:GP/C1/P, FB:GP/M1/P) x 2 rule sets x 5,805 teams: 267,030 values a format, every one agrees,
TRF-16 and TRF-2026 alike. Every code of the run: 859,140 values and ranks a format, 856,850
agree; the 2,290 differences are the classes below (WON in round robins, the 2026 cut of
byes, the board count direction, TieBreakServer's count of encounters at a rematch), none of a
``/P`` value code. Seeds 500-749 (250 events, 2,877 teams a format): 132,342 ``/P`` values a
format, 132,334 agree; the 8 others are FB:GP/P, /C1/P, /M1/P of seed 720 under both rule sets,
the FB class below (an opponent's bye before his last-round forfeit), as FB:GP there. ``/P`` is
not idle: of the 66,171 ``/P`` values a rule set, 6,488 (2024) and 2,761 (2026) differ from the
same code without it in the TRF-16 files (6,551 and 2,750 in the TRF-2026 files, whose byes
score as their ``320`` record says): the report's ``differ without /P``.

Measured again after the direct-encounter fixes (6.1.2 averages, 6.3 successive places) and with
the ``/P`` codes (TieBreakServer 14a34a2, seeds 0-999 in batches of 250, ``--grouped-every 1
--keep-tbs``, 2026-12-07). Each format: 1,000 events, 11,759 teams, 1,199,418 values (41 codes
x 2 rule sets, the ranks of 14 direct-encounter and board codes, and of the 6 with a board count
step again with it highest first), 1,194,950 agree; TRF-16 and TRF-2026 give the very same
counts. The 4,468 differences, each class checked team by team (an ad hoc script re-ran
TieBreakServer and tourneystats' readings of its faults):

- WON:GP 433, WON:MP 86 a rule set (1,038), all in round robins: C.07 15.2 counts a forfeited
  match as played, so a forfeit win is a match (game) won; TieBreakServer keeps it unplayed
  (its value is tourneystats' under ``round_robin_forfeits="tiebreakserver"``, every one).
- Under 2026, EMGSB/C1 6, EMMSB/C1 2, SB:MP/C1 2: C.07 16.5.2 cuts the VUR of lowest
  contribution, TieBreakServer the one of lowest stand-in score (e.g. seed 59, team 7, EMGSB/C1
  137.5 against 135.5).
- 3,126 ranks of EDEC, EDEBT, EDEBB and their ``/P`` (of their 3,213 differences): with the
  board count step highest first (``(BC high)`` rows, ``encounter_board_count="tiebreakserver"``)
  they agree: C.07 12.1 ranks the lower board count first (seed 2, teams 9 and 6).
- 272 ranks (EDE 16, EDE/P 16, EDEB 15, EDEB/P 16, EDET 17, EDET/P 18; of the six with a board
  count step 87, and 87 in their BC-high rows) in groups where two teams met more than once,
  all in such events: C.07 6.1.2 averages their matches; TieBreakServer
  sets its count of encounters back to 1 at a rematch, so a third meeting weighs half (seed 188,
  teams 6 and 4: forfeit won by 6, a draw, 3-0 to 4; averages 1 and 1 match points each, tied;
  TieBreakServer 0.75 and 1.25, places 4 first) or a group that all met is taken for one that
  did not (seed 491).
- FB:GP, /C1, /M1 of seed 720 (2 + 1 + 1 a rule set): an opponent with a zero-point bye in
  round 2 forfeited the last round. Fore Buchholz counts that last match as drawn (C.07 8.3,
  "as if" played), so the bye is followed by a round played and counts as awarded (16.2.3,
  16.3.1): 2.5 game points; TieBreakServer classifies it by the forfeit (a trailing bye, a draw,
  16.3.2): 4.0. FB is computable once the last round is paired (type D), before anyone forfeits.
- 14 values of seed 720 under 2026 (AOB:MP 4; BH:MP, EMGSB, EMMSB, SB:MP, SSSC 2 each): a fault
  of the run, not of either reading: TieBreakServer's FB of /V1, asked before them, changed
  them. Fore Buchholz is asked last since; then they agree.

With ``--withdrawals 0.08`` (seeds 2000-2249, 250 events, 2,880 teams a format): 293,760 values,
292,622 agree in each format; the 1,138 differences are the same classes: WON 152 (round
robins), cut 2, board count direction 714, rematch count 252, FB 10 (seed 2236), and 8 values
after TieBreakServer's FB in its run.

``/P`` (C.07 6.1.1: forfeits between the tied count when the regulations say so): both programs
count the forfeited matches between the tied teams as matches played; in round robins both
count them anyway (15.2; TieBreakServer sets ``/P`` for round robins). Every ``/P`` difference is
one of the classes above. Individual DE and DE/P (an ad hoc run on compare_tbs.py's random
events, seeds 0-149, Swiss and round robins): round robins 1,010 of 1,010 each; Swiss DE 2,309
and DE/P 2,308 of 2,316, every difference the count of encounters at a rematch (seeds 27, 42,
107, 120, 125: players who met three times).

Measured (TieBreakServer 14a34a2, seeds 0-999, ``--grouped-every 20``, 2026-12-07): 1,000 events,
11,759 teams, 824,927 values a format (35 codes x 2 rule sets, and the EDE/TBR/BBE ranks of 599
teams); 823,876 agree in the TRF-16 files and the very same 823,876 in the TRF-2026 files. The
differences, the same in both: WON:GP 433 and WON:MP 86 a rule set, all in round robins (C.07
15.2: a forfeited game counts as played there, so a forfeit win is a game won; TieBreakServer
keeps it unplayed); under 2026 EMGSB/C1 6, EMMSB/C1 2, SB:MP/C1 2 (C.07 16.5.2 cuts the virtual
result of lowest contribution, TieBreakServer by the stand-in's score); the EDE rank of 3 teams of
one Swiss event (seed 620) in which two teams met twice. There both programs take the average of
the two encounters (C.07 art. 6.1.2, which TieBreakServer cites; tourneystats summed them before
2026-12-07), so every team of the group {8, 15, 16} met the two others: by match points 15 has
1.5, 8 1.0, 16 0.5 and art. 6.1 separates them. TieBreakServer leaves the three tied: on the
second encounter with the same team it sets its count of opponents met back to 1, so team 8 is
read as not having met everyone and the Swiss case of art. 6.2 (the maximum still possible)
keeps the group together. That count is a fault of the program, not a rule: 2 ranks differ.

Team Fore Buchholz and the EDE variants (TieBreakServer 14a34a2, 2026-12-07, ``--grouped-every
1``, TRF-16 files of seeds 0-299: 300 events, 3,573 teams). FB:MP, FB:GP, with /C1 and /M1,
under 2024 and 2026: 42,876 values, all agree. The ranks after match points and EDE, EDET, EDEB:
3,573 of 3,573 each (EDE before tourneystats read art. 6.3 as TieBreakServer does, placing
second, third... whoever cannot be caught, not only the first: 3,571). EDEC, EDEBT, EDEBB: 3,417
of 3,573; every one of the 156 differences is the board count step's direction: C.07 12.1 ranks
the lower board count first (and so does TieBreakServer's own BC), but in these steps
TieBreakServer ranks the higher first (its direct-encounter routine sorts every value highest
first). E.g. seed 2, teams 9 and 6, tied after EDE, drew 2-2 in round 5 with 1/2 1 0 1/2 against
1/2 0 1 1/2: board counts 4.5 and 5.5, tourneystats places 9 first, TieBreakServer 6. Computed
with the board count highest first (``(BC high)`` rows: the rule set with
``encounter_board_count="tiebreakserver"``) all 3,573 ranks of each agree.

The same in TRF-2026 files, seeds 300-699 (400 events, 4,572 teams): FB 54,864 values, all
agree; EDEC/EDEBT/EDEBB 4,358 ranks (all 4,560 with the board count highest first). EDE, EDET,
EDEB: 4,560 of 4,572 as run; 4,562 since tourneystats rounds the points among the tied before
comparing them (seed 634: game points 5.5 of 6 boards reached as 1.5/6 + 4/6 and 2/6 + 3.5/6
differed in the last bit and broke a tie C.07 13.3.3 sends back to the match between the two).
The 10 other ranks are in seeds 491, 518, 568 and 620, each a group in which two teams met
twice: TieBreakServer's count of opponents met, reset on the second encounter (above).
"""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
import warnings
from collections import Counter
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from chess_team_data import write_team_trf, write_team_trf26  # noqa: E402

from tourneystats.chess import RULE_SETS, RuleSet, team_standings  # noqa: E402
from tourneystats.chess.teamtrf import TeamTrfData, read_team_trf  # noqa: E402

#: TieBreakServer's code -> tourneystats' code
CODES = {
    "MPTS": "MP", "GPTS": "GP", "MPVGP": "MPvGP",
    "BH:MP": "BH:MP", "BH:GP": "BH:GP", "BH:MP/C1": "BH:MP/C1", "BH:GP/C1": "BH:GP/C1",
    "BH:MP/M1": "BH:MP/M1", "BH:GP/M1": "BH:GP/M1",
    "SB:MP": "SB:MP", "SB:GP": "SB:GP", "SB:MP/C1": "SB:MP/C1", "SB:GP/C1": "SB:GP/C1",
    "EMMSB": "EMMSB", "EMGSB": "EMGSB", "EGMSB": "EGMSB", "EGGSB": "EGGSB",
    "EMMSB/C1": "EMMSB/C1", "EMGSB/C1": "EMGSB/C1", "EGMSB/C1": "EGMSB/C1", "EGGSB/C1": "EGGSB/C1",
    "AOB:MP": "AOB:MP", "AOB:GP": "AOB:GP", "PS:MP": "PS:MP", "PS:GP": "PS:GP",
    "WIN:MP": "WIN:MP", "WIN:GP": "WIN:GP", "WON:MP": "WON:MP", "WON:GP": "WON:GP",
    "STD:MP": "STD:MP", "STD:GP": "STD:GP", "KS:MP": "KS:MP", "KS:GP": "KS:GP",
    "SSSC": "SSSC", "BC": "BC",
    "FB:MP": "FB:MP", "FB:GP": "FB:GP", "FB:MP/C1": "FB:MP/C1", "FB:GP/C1": "FB:GP/C1",
    "FB:MP/M1": "FB:MP/M1", "FB:GP/M1": "FB:GP/M1",
}  # fmt: skip
#: the codes with /P (forfeited matches as matches against the scheduled opponent: the TRF-2026
#: tie-break list, 8.1, 8.3, 9.1, 13.2, 13.4), spelt alike by both programs
P_CODES = [
    "BH:MP/P", "BH:GP/P", "BH:MP/C1/P", "BH:GP/C1/P", "BH:MP/M1/P", "SB:MP/P", "SB:GP/P",
    "SB:MP/C1/P", "SB:GP/C1/P", "EMMSB/P", "EMGSB/P", "EGMSB/P", "EGGSB/P", "EMMSB/C1/P",
    "EMGSB/C1/P", "EGMSB/C1/P", "EGGSB/C1/P", "SSSC/P", "FB:MP/P", "FB:GP/P", "FB:MP/C1/P",
    "FB:GP/C1/P", "FB:GP/M1/P",
]  # fmt: skip
CODES.update({c: c for c in P_CODES})
_EDE = ("EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB")
#: the codes compared on the ranks they give after match points: with /P, the forfeited matches
#: between the tied teams count (C.07 art. 6.1.1)
GROUPED = ("TBR", "BBE", *_EDE, *(f"{c}/P" for c in _EDE))
#: the EDE variants whose board-count step TieBreakServer ranks highest first (see the docstring)
BOARD_COUNT_STEP = tuple(c for c in GROUPED if c.split("/")[0] in ("EDEC", "EDEBT", "EDEBB"))
RULES = {"fide2024": "V1", "fide2026": "V2"}
#: C.07 (2024) with the board count step of the EDE variants ranked highest first, as
#: TieBreakServer ranks it (RuleSet.encounter_board_count)
BC_HIGH = RULE_SETS["fide2024"].replace(
    name="fide2024, EDE board count as TieBreakServer", encounter_board_count="tiebreakserver"
)
TIMEOUT = [60.0]  # seconds a TieBreakServer run may take (--timeout)
KEEP = [False]  # one TieBreakServer process for all the runs (--keep-tbs)


FORMATS = {"trf16": write_team_trf, "trf26": write_team_trf26}


def write_event(
    seed: int, folder: Path, fmt: str = "trf16", withdrawals: float = 0.0
) -> tuple[Path, bool]:
    """One random team event as a TRF-16 file with 013 records, or a TRF-2026 file
    (`withdrawals`: the chance a team of a Swiss event withdraws after a round)."""
    path = folder / f"T{seed:05d}-{fmt}.trf"
    return path, FORMATS[fmt](seed, path, withdrawals=withdrawals)


#: a TieBreakServer process kept running (--keep-tbs): it reads the command lines of its
#: tiebreakchecker, one JSON list a line, and answers each with its output as one JSON line,
#: sparing a Python start and TieBreakServer's imports for each of the runs a file needs
_WORKER = """
import contextlib, io, json, sys
from tiebreakchecker import tiebreakchecker
for line in sys.stdin:
    sys.argv = ["tiebreakchecker.py", *json.loads(line)]
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = tiebreakchecker().common_main()
    except BaseException as error:  # noqa: BLE001 (SystemExit from argparse too)
        code, err = 1, io.StringIO(repr(error))
    sys.__stdout__.write(json.dumps([code, out.getvalue(), err.getvalue()]) + "\\n")
    sys.__stdout__.flush()
"""
_KEPT: dict = {}


def _run_tbs(tbs: Path, python: str, arguments: list[str]) -> tuple[int, str, str]:
    """TieBreakServer's exit code, output and errors for one command line."""
    if not KEEP[0]:
        done = subprocess.run(
            [python, "tiebreakchecker.py", *arguments], cwd=tbs, capture_output=True, text=True,
            timeout=TIMEOUT[0],
        )  # fmt: skip
        return done.returncode, done.stdout, done.stderr
    worker = _KEPT.get((tbs, python))
    if worker is None or worker.poll() is not None:
        worker = _KEPT[(tbs, python)] = subprocess.Popen(
            [python, "-c", _WORKER], cwd=tbs, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            text=True,
        )  # fmt: skip
    assert worker.stdin is not None and worker.stdout is not None
    worker.stdin.write(json.dumps(arguments) + "\n")
    worker.stdin.flush()
    answer = worker.stdout.readline()
    if not answer:
        raise RuntimeError("the TieBreakServer process ended")
    code, out, err = json.loads(answer)
    return code, out, err


def tbs_table(tbs: Path, python: str, path: Path, codes: list[str], rr: bool) -> pd.DataFrame:
    """TieBreakServer's values of `codes`, by team number."""
    how = "-p" if rr else "-s"
    arguments = ["-i", str(path), "-o", "-", how, "-d", "T", "-t", *codes]
    code, out, err = _run_tbs(tbs, python, arguments)
    if code != 0 or not out.strip():
        raise RuntimeError(f"TieBreakServer failed on {path}: {err[-800:]}")
    table = pd.read_csv(io.StringIO(out), sep="\t", dtype=str).set_index("StartNo")
    table.index = table.index.astype(int)
    return table.apply(pd.to_numeric, errors="coerce")


def ours(data: TeamTrfData, rules: str | RuleSet, codes: list[str], rr: bool) -> pd.DataFrame:
    """tourneystats' values of `codes` (its own spelling) for the file read as `data`, by team
    number."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        table = team_standings(
            data.boards, tiebreaks=codes, rules=rules, points=data.points or "tiebreakserver",
            round_robin=rr, allow_buchholz_in_round_robins=True,
        )  # fmt: skip
    return table.set_index("team")


def compare(
    tbs: Path,
    python: str,
    path: Path,
    rr: bool,
    tally: Counter,
    examples: dict,
    grouped: bool,
    fmt: str = "trf16",
) -> None:
    """Count the agreements of one file, per format, rule set and code (`grouped`: EDE, TBR,
    BBE too)."""
    # one run for both rule sets, Fore Buchholz last: TieBreakServer's FB changes the values it
    # computes after it in the same run (its last-round scores left as draws)
    codes = [f"{c}/{v}" for fb in (False, True) for v in RULES.values() for c in CODES
             if c.startswith("FB") == fb]  # fmt: skip
    theirs = tbs_table(tbs, python, path, codes, rr)
    data = read_team_trf(path)
    for name, version in RULES.items():
        rules = f"{fmt} {name}"
        mine = ours(data, name, [c for c in CODES.values() if c != "MP"], rr)
        for code, my_code in CODES.items():
            a = theirs[f"{code}/{version}"].reindex(mine.index).to_numpy(dtype=float)
            b = mine[my_code].to_numpy(dtype=float)
            rounded = code.startswith(("SSSC", "AOB"))  # printed to 2 decimals
            same = np.isclose(a, b, atol=0.0051) if rounded else np.isclose(a, b)
            tally[(rules, my_code, "agree")] += int(same.sum())
            tally[(rules, my_code, "total")] += len(same)
            if my_code in P_CODES:  # the values /P changes (the comparison is not vacuous)
                plain = mine[my_code.removesuffix("/P")].to_numpy(dtype=float)
                tally[(rules, my_code, "changed")] += int((~np.isclose(plain, b)).sum())
            if not same.all():
                examples.setdefault((rules, my_code), (path.name, mine.index[~same][:3].tolist()))
    for code in GROUPED if grouped else ():  # the ranks after match points and the code
        theirs = tbs_table(tbs, python, path, ["MPTS", code], rr)["Rank"]
        mine = ours(data, "fide2024", [code], rr)["rank"]
        _tally_ranks(theirs, mine, f"{code} (rank)", fmt, path, tally, examples)
        if code in BOARD_COUNT_STEP:  # again with the board count highest first, as TBS
            mine = ours(data, BC_HIGH, [code], rr)["rank"]
            _tally_ranks(theirs, mine, f"{code} (BC high)", fmt, path, tally, examples)


def _tally_ranks(
    theirs: pd.Series,
    mine: pd.Series,
    label: str,
    fmt: str,
    path: Path,
    tally: Counter,
    examples: dict,
) -> None:
    """Count the teams whose rank the two programs agree on."""
    same = theirs.reindex(mine.index).to_numpy() == mine.to_numpy()
    tally[(f"{fmt} any", label, "agree")] += int(same.sum())
    tally[(f"{fmt} any", label, "total")] += len(same)
    if not same.all():
        examples.setdefault((f"{fmt} any", label), (path.name, mine.index[~same][:3].tolist()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tbs", type=Path, required=True, help="a TieBreakServer checkout")
    parser.add_argument("--tbs-python", default=sys.executable)
    parser.add_argument("--files", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--work", type=Path, required=True, help="a folder for the TRF files")
    parser.add_argument(
        "--grouped-every", type=int, default=1, help="EDE, TBR, BBE: every n-th file"
    )
    parser.add_argument("--formats", default="trf16,trf26", help="trf16, trf26 or both")
    parser.add_argument(
        "--withdrawals", type=float, default=0.0,
        help="the chance a team of a Swiss event withdraws after a round (absent to the end)",
    )  # fmt: skip
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds a TieBreakServer run")
    parser.add_argument(
        "--keep-tbs", action="store_true",
        help="run TieBreakServer in one process kept for all the files (no --timeout)",
    )  # fmt: skip
    args = parser.parse_args()
    KEEP[0] = args.keep_tbs
    formats = [f.strip() for f in args.formats.split(",") if f.strip()]
    TIMEOUT[0] = args.timeout
    args.work.mkdir(parents=True, exist_ok=True)
    tally: Counter = Counter()
    examples: dict = {}
    failed = []
    for seed in range(args.first, args.first + args.files):
        for fmt in formats:
            path, rr = write_event(seed, args.work, fmt, args.withdrawals)
            try:
                grouped = (seed - args.first) % args.grouped_every == 0
                compare(args.tbs, args.tbs_python, path, rr, tally, examples, grouped, fmt)
            except (RuntimeError, subprocess.TimeoutExpired) as error:
                failed.append((path.name, str(error)[-200:]))
        if (seed - args.first + 1) % 100 == 0:  # a long run shows its table as it goes
            report(seed - args.first + 1, tally, examples, failed)
    if args.files % 100:  # (else just shown)
        report(args.files, tally, examples, failed)


def report(files: int, tally: Counter, examples: dict, failed: list) -> None:
    """Print the agreement table so far."""
    keys = sorted({(r, c) for r, c, _ in tally})
    print(f"{files} files, {len(failed)} that TieBreakServer could not read")
    print(f"{'format rules':<15} {'code':<14} {'agree':>8} {'total':>8}")
    for rules, code in keys:
        agree, total = tally[(rules, code, "agree")], tally[(rules, code, "total")]
        changed = (
            f" ({tally[(rules, code, 'changed')]} differ without /P)" if code in P_CODES else ""
        )
        print(f"{rules:<15} {code:<14} {agree:>8} {total:>8}{changed}  "
              f"{examples.get((rules, code), '')}")  # fmt: skip
    for name, error in failed[:5]:
        print("failed:", name, error)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
