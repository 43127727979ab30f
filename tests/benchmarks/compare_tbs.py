"""Compare tourneystats with FIDE's TieBreakServer on random TRF files (an oracle run by hand).

TieBreakServer (Otto Milvang for the FIDE Technical Commission, MIT) is not a dependency of the
package nor of its tests: this script runs a local checkout of it, as a separate program, on
random TRF files written here, and counts the values both programs agree on, per rule set
(C.07 2024: ``/V1``; 2026: ``/V2``) and per tie-break::

    python tests/benchmarks/compare_tbs.py --tbs ~/TieBreakServer --tbs-python ~/tbs-venv/bin/python \
        --files 200 --work /tmp/tbs-compare

The files are Swiss events (``-s``) of 6 to 24 players and 3 to 9 rounds with half-, full- and
zero-point byes, pairing-allocated byes, forfeits (with colours: TieBreakServer 1.9.57 stops on a
forfeit without one), withdrawals, some unrated players (then both get 1400 for them: ``-u``,
``unrated=``), some with a 3/1/0 point system (a ``162`` record), some written before their last
rounds (``XXR`` above the rounds played). Fore Buchholz is asked for last: TieBreakServer's FB
changes the values of the tie-breaks computed after it in the same run (a known fault).

With ``--round-robin`` the files are single round robins (``092 Round robin``; ``-p``) with
forfeits and withdrawals (a withdrawn player's games lost by forfeit).

The ``/P`` codes (BH/P, BH/C1/P, BH/M1/P, SB/P, SB/C1/P, FB/P, FB/C1/P: a forfeit with a
scheduled opponent counted as a game against him, the TRF-2026 tie-break list) are asked too, FB/P
and FB/C1/P in a run of their own (FB last in each run); the report counts the values each
changes against the same code without it. Measured (TieBreakServer 14a34a2, 2026-12-07): Swiss,
seeds 1-300: 4,608 players, every /P value agrees under /V1 and /V2 (64,512 values); /P changes
BH 1,508, BH/C1 1,492, BH/M1 1,415, SB 834, SB/C1 1,050, FB 1,408 of them under 2024 (863, 990,
928, 214, 408, 809 under 2026, whose caps of 16.4.1 already count a forfeit's opponent where he
scored less). Round robins, seeds 1-150: 1,008 players, every /P value agrees, and /P changes
none (15.2: forfeits are games there). The other differences of those runs are not of /P: the
rating-based values (ARO, TPR, PTP, APRO, APPO) of 53 players of the Swiss files and one of the
round robins where TieBreakServer prints 0 (in the Swiss files, players without a game over the
board: tourneystats gives no value), not looked into here, and the known readings below.

Where the two disagree, the script says whether TieBreakServer's value is what one of its known
faults or readings gives: SB/C1 and SB/C2 choosing the voluntarily unplayed round to cut by its
stand-in's score instead of its contribution (C.07 16.5.2; tourneystats follows the text); in
round robins, forfeits kept unplayed in the rating-based and Type B tie-breaks, wins as well as
losses, and under the 2024 rules too (tourneystats' ``round_robin_forfeits="tiebreakserver"``).
"""

from __future__ import annotations

import argparse
import io
import subprocess
import sys
import tempfile
import warnings
from collections import Counter
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tourneystats.chess import RULE_SETS, read_trf, scores, standings, write_trf  # noqa: E402
from tourneystats.chess.points import point_system_text  # noqa: E402
from tourneystats.synth import chess_swiss  # noqa: E402

CODES = [
    "PTS",
    "BH",
    "BH/C1",
    "BH/C2",
    "BH/M1",
    "SB",
    "SB/C1",
    "SB/C2",
    "AOB",
    "KS",
    "PS",
    "PS/C1",
    "ARO",
    "ARO/C1",
    "TPR",
    "PTP",
    "APRO",
    "APPO",
    "WIN",
    "WON",
    "BPG",
    "BWG",
    "REP",
    "STD",
    "TPN",
    "RTNG",
    "AOB/F",
    "BH/P",
    "BH/C1/P",
    "BH/M1/P",
    "SB/P",
    "SB/C1/P",
    "FB",
]  # fmt: skip  (FB last: see the module documentation)
#: Fore Buchholz with /P, asked of TieBreakServer in a run of its own (FB last in each run)
FB_P = ["FB/P", "FB/C1/P"]
ALL = [*CODES, *FB_P]
RULES = {"fide2024": "V1", "fide2026": "V2"}


def random_event(seed: int) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, float | None]:
    """One random Swiss event: results, players, events, and the rating of unrated players."""
    rng = np.random.default_rng(seed)
    n_players = int(rng.integers(6, 25))
    n_rounds = int(rng.integers(3, 10))
    unrated = 0.1 if rng.random() < 0.3 else 0.0
    results, players = chess_swiss(
        1,
        n_players,
        n_rounds,
        seed=seed,
        forfeit_rate=0.08,
        bye_rate=0.1,
        withdraw_rate=0.04,
        unrated_rate=unrated,
    )
    results = results.drop(columns="rating").assign(event="E")
    players = players.assign(event="E")
    forfeit = results["kind"].astype(str).str.startswith("forfeit").to_numpy()
    colour = results["colour"].astype(object).to_numpy().copy()
    first = forfeit & (results["player"] < results["opponent"]).fillna(False).to_numpy()
    white = rng.random(len(results)) < 0.5
    colour[first] = np.where(white[first], "w", "b")
    back = pd.Series(colour, index=pd.MultiIndex.from_frame(results[["round", "player"]]))
    pair = pd.MultiIndex.from_arrays([results["round"], results["opponent"].fillna(0)])
    theirs = back.reindex(pair).to_numpy()
    second = forfeit & ~first
    colour[second] = np.where(theirs[second] == "w", "b", "w")
    results["colour"] = colour
    events = pd.DataFrame({"event": ["E"], "date": ["2026-04-01"]})
    if rng.random() < 0.25:  # written before the last rounds were paired
        events["rounds"] = n_rounds + int(rng.integers(1, 3))
    if rng.random() < 0.2:  # 3/1/0
        results["points"] = results["points"].map({1.0: 3.0, 0.5: 1.0, 0.0: 0.0})
        events["point_system"] = point_system_text({"win": 3, "draw": 1, "loss": 0} | THREE)
    has_unrated = players["rating"].isna().any()
    return results, players, events, 1400.0 if has_unrated else None


THREE = {"forfeit_win": 3, "forfeit_loss": 0, "pab": 3, "fpb": 3, "hpb": 1, "zpb": 0}


def random_round_robin(seed: int) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, None]:
    """One random single round robin (3 to 10 players, a rotating schedule; with an odd number
    the player paired with nobody sits out, a zero-point bye) with forfeits and, in some, a
    player who withdraws (his remaining games lost by forfeit, as C.06 writes them)."""
    rng = np.random.default_rng(seed)
    players = int(rng.integers(3, 11))
    n = players + players % 2  # a dummy "player" n + 1 with an odd number
    gone = int(rng.integers(1, players)) if rng.random() < 0.3 else None
    left = int(rng.integers(1, n - 1))  # the rounds he played
    rows, seats = [], list(range(1, n + 1))
    balance = dict.fromkeys(seats, 0)  # whites less blacks
    for rnd in range(1, n):
        for a, b in zip(seats[: n // 2], seats[n // 2 :][::-1], strict=True):
            if max(a, b) > players:  # the free player sits out
                rows.append(("E", rnd, min(a, b), None, None, 0.0, "zpb"))
                continue
            if (balance[a], rng.random()) > (balance[b], 0.5):
                a, b = b, a  # a has white: the one with fewer whites so far (as Berger tables;
                # TieBreakServer 1.9.57 stops on a colour difference beyond 8)
            balance[a] += 1
            balance[b] -= 1
            if rng.random() < 0.08 or (gone in (a, b) and rnd > left):
                a_wins = b == gone or (a != gone and rng.random() < 0.5)
                kinds = ("forfeit_win", "forfeit_loss")[:: 1 if a_wins else -1]
                pts = (1.0, 0.0) if a_wins else (0.0, 1.0)
            else:
                x = float(rng.choice([0.0, 0.5, 1.0]))
                kinds, pts = ("played", "played"), (x, 1.0 - x)
            rows.append(("E", rnd, a, b, "w", pts[0], kinds[0]))
            rows.append(("E", rnd, b, a, "b", pts[1], kinds[1]))
        seats = [seats[0], seats[-1], *seats[1:-1]]
    columns = ["event", "round", "player", "opponent", "colour", "points", "kind"]
    results = pd.DataFrame(rows, columns=columns).astype({"opponent": "Int64"})
    ratings = rng.integers(1600, 2500, players).astype(float)
    players = pd.DataFrame({"event": "E", "player": np.arange(1, players + 1), "rating": ratings})
    events = pd.DataFrame({"event": ["E"], "date": ["2026-04-01"], "type": ["Round robin"]})
    return results, players, events, None


def tbs_values(
    tbs: Path, python: str, path: Path, version: str, unrated, played: int, swiss: bool = True
) -> pd.DataFrame:
    """TieBreakServer's values of every code under one rules version, by start number (after
    round `played`: its current round, when the file's XXR plans more)."""
    how = "-s" if swiss else "-p"
    command = [python, "tiebreakchecker.py", "-i", str(path), "-o", "-", how, "-d", "T"]
    command += ["-n", str(played)]
    if unrated is not None:
        command += ["-u", str(int(unrated))]
    tables = []
    for asked in (CODES, FB_P):  # FB last in each run
        codes = [f"{c}/{version}" for c in asked]
        done = subprocess.run(command + ["-t", *codes], cwd=tbs, capture_output=True, text=True)
        if done.returncode != 0 or not done.stdout.strip():
            raise RuntimeError(f"TieBreakServer failed on {path}: {done.stderr[-500:]}")
        table = pd.read_csv(io.StringIO(done.stdout), sep="\t", dtype=str).set_index("StartNo")
        table.index = table.index.astype(int)
        table = table.apply(pd.to_numeric, errors="coerce")
        tables.append(table.rename(columns=dict(zip(codes, asked, strict=True)))[asked])
    return pd.concat(tables, axis=1)


def ours(path: Path, rules, unrated, *, by_score: bool = False) -> pd.DataFrame:
    """tourneystats' values (with `by_score`: cutting VURs chosen by their stand-in's score,
    TieBreakServer's known fault)."""
    data = read_trf(path)
    saved = scores._least_contribution
    if by_score:
        scores._least_contribution = lambda mask, score, contrib: scores._least(
            mask, None, score, contrib
        )
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # Buchholz in a round robin: asked for on purpose
            table = standings(
                data.results,
                tiebreaks=ALL[1:],
                rules=rules,
                players=data.players,
                events=data.events,
                unrated=unrated if unrated is not None else "leave_out",
                allow_buchholz_in_round_robins=True,  # as TieBreakServer computes them
            )
    finally:
        scores._least_contribution = saved
    return table.set_index("player")


def compare(args: argparse.Namespace) -> int:
    work = Path(args.work or tempfile.mkdtemp(prefix="tbs-compare-"))
    work.mkdir(parents=True, exist_ok=True)
    counts = {r: Counter() for r in RULES}
    agree = {r: Counter() for r in RULES}
    explained: dict[str, Counter] = {r: Counter() for r in RULES}
    changed: dict[str, Counter] = {r: Counter() for r in RULES}
    unexplained = []
    make = random_round_robin if args.round_robin else random_event
    for k in range(args.files):
        seed = args.seed + k
        results, players, events, unrated = make(seed)
        path = write_trf(results, players, events, work / f"r{seed}.trf")
        played = int(results["round"].max())
        for rules, version in RULES.items():
            swiss = not args.round_robin
            theirs = tbs_values(
                Path(args.tbs), args.tbs_python, path, version, unrated, played, swiss
            )
            mine = ours(path, rules, unrated)
            other = {"by_score": ours(path, rules, unrated, by_score=True)}
            if args.round_robin:
                variant = RULE_SETS[rules].replace(round_robin_forfeits="tiebreakserver")
                other["tiebreakserver"] = ours(path, variant, unrated)
            for code in ALL:
                a = mine[code].astype(float)
                b = theirs[code].reindex(a.index).astype(float)
                tolerance = 0.005 + 1e-9 if code.startswith("AOB") else 1e-9
                same = ((a - b).abs() <= tolerance) | (a.isna() & b.isna())
                counts[rules][code] += len(a)
                agree[rules][code] += int(same.sum())
                plain = code.replace("/P", "")
                if plain != code and plain in mine:  # the values /P changes (not vacuous)
                    changed[rules][code] += int((mine[plain] - a).abs().gt(1e-9).sum())
                for player in a.index[~same]:
                    alternatives = {name: t[code][player] for name, t in other.items()}
                    why = _known_fault(code, b[player], alternatives, rules, tolerance)
                    if why:
                        explained[rules][why] += 1
                    else:
                        unexplained.append((path.name, rules, code, player, a[player], b[player]))
    _report(counts, agree, explained, unexplained, work, changed)
    return 0


def _known_fault(code: str, theirs: float, alternatives: dict, rules: str, tolerance: float):
    """Which known fault (or reading) of TieBreakServer gives its value, if one does."""
    if code.startswith("SB/C") and abs(theirs - alternatives["by_score"]) <= tolerance:
        return "SB cut: the VUR chosen by its stand-in's score (16.5.2)"
    rr = alternatives.get("tiebreakserver")
    if rr is not None and abs(theirs - rr) <= tolerance:
        if rules == "fide2024":
            return (
                "round-robin forfeits: TieBreakServer keeps them unplayed in the rating-based and "
                "Type B tie-breaks and out of AOB under /V1 too (C.07 2024 15.2: games for every "
                "tie-break)"
            )
        return (
            "round-robin forfeit wins: TieBreakServer keeps them unplayed in the Type B "
            "tie-breaks and out of AOB (C.07 2026 15.2: only forfeit losses stay unplayed there)"
        )
    return None


def _report(counts, agree, explained, unexplained, work: Path, changed) -> None:
    for rules in RULES:
        total, same = sum(counts[rules].values()), sum(agree[rules].values())
        print(f"{rules} (TieBreakServer /{RULES[rules]}): {same:,} of {total:,} values agree")
        for code in ALL:
            n, s = counts[rules][code], agree[rules][code]
            if s != n or code.endswith("/P"):
                other = (
                    f" ({changed[rules][code]:,} differ from {code[:-2]})"
                    if code in changed[rules]
                    else ""
                )
                print(f"  {code:7} {s:6,} / {n:6,}{other}")
        for why, n in explained[rules].items():
            print(f"  known TieBreakServer fault, {n:,} values: {why}")
    print(f"unexplained disagreements: {len(unexplained)} (files in {work})")
    by_code = Counter((rules, code) for _, rules, code, *_ in unexplained)
    for (rules, code), n in sorted(by_code.items()):
        print(f"  {rules} {code}: {n}")
    for row in unexplained[:20]:
        print("  ", *row)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tbs", required=True, help="a TieBreakServer checkout")
    parser.add_argument("--tbs-python", default=sys.executable, help="its Python (networkx)")
    parser.add_argument("--files", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--work", help="where the TRF files go (default: a temporary folder)")
    parser.add_argument(
        "--round-robin", action="store_true", help="round robins (-p) instead of Swiss events"
    )
    return compare(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
