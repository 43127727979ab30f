"""A slow, plain-Python reference of team tie-breaks, written from the rule texts: FIDE C.07
(2024) art. 11-13 and 16, and the FIDE TEC's "Exercises in tie-breaking" (2023), part two.

One team event at a time, dictionaries and loops; nothing shared with the package but the input
format. Swiss events only (no round-robin rule), the ``tec2023`` team points, rule set fide2024.
"""

from __future__ import annotations

from collections import defaultdict

import pandas as pd

MATCH = {"win": 2.0, "draw": 1.0, "loss": 0.0}
UNPLAYED = {  # kind: (match outcome, game points per board)
    "forfeit_win": ("win", 1.0),
    "forfeit_loss": ("loss", 0.0),
    "pab": ("draw", 0.5),
    "fpb": ("win", 1.0),
    "hpb": ("draw", 0.5),
    "zpb": ("loss", 0.0),
}
AVAILABLE = {"played", "forfeit_win", "pab", "fpb"}  # not a voluntarily unplayed round


def matches(boards: pd.DataFrame, size: int | None = None) -> dict:
    """{(team, round): dict(kind, opp, mp, gp, per_board)} of one event's board rows (`size`
    boards a match; by default the highest board)."""
    size = size or int(boards["board"].max())
    teams = set(boards["team"]) | set(boards["opponent_team"].dropna())
    rounds = int(boards["round"].max())
    rows = defaultdict(list)
    for r in boards.itertuples(index=False):
        rows[(r.team, r.round)].append(r)
    out = {}
    for team in teams:
        for rnd in range(1, rounds + 1):
            mine = rows.get((team, rnd), [])
            if not mine:
                out[(team, rnd)] = dict(kind="zpb", opp=None, mp=0.0, gp=0.0, boards={})
                continue
            opp = mine[0].opponent_team
            if pd.isna(opp):
                kind = mine[0].kind
                outcome, per = UNPLAYED[kind]
                out[(team, rnd)] = dict(kind=kind, opp=None, mp=MATCH[outcome], gp=per * size,
                                        boards=dict.fromkeys(range(1, size + 1), per))  # fmt: skip
                continue
            theirs = rows[(opp, rnd)]
            gp = sum(r.points for r in mine)
            other = sum(r.points for r in theirs)
            played = any(r.kind == "played" for r in mine + theirs)
            if played:
                outcome = "win" if gp > other else "draw" if gp == other else "loss"
                per_board = {int(r.board): r.points for r in mine}
                out[(team, rnd)] = dict(kind="played", opp=opp, mp=MATCH[outcome], gp=gp,
                                        boards=per_board)  # fmt: skip
            else:
                kind = "forfeit_win" if gp > other else "forfeit_loss"
                outcome, per = UNPLAYED[kind]
                out[(team, rnd)] = dict(kind=kind, opp=opp, mp=MATCH[outcome], gp=per * size,
                                        boards=dict.fromkeys(range(1, size + 1), per))  # fmt: skip
    return out


def reference(boards: pd.DataFrame, size: int | None = None) -> pd.DataFrame:
    """MP, GP, BH:MP, BH:GP, BH:MP/C1, the four extended SBs, PS:MP, WIN:MP, WON:MP, BC of every
    team of one Swiss event, C.07 (2024); the opponents'-score ones with /P too (:data:`P_CODES`)."""
    size = size or int(boards["board"].max())
    m = matches(boards, size)
    teams = sorted({t for t, _ in m})
    rounds = max(r for _, r in m)
    total = _totals(m, teams, rounds)
    # Fore Buchholz (8.3): every paired match of the last round a drawn match played
    fore = dict(m)
    for t in teams:
        if m[(t, rounds)]["opp"] is not None:
            fore[(t, rounds)] = dict(m[(t, rounds)], kind="played", mp=1.0, gp=0.5 * size)
    rows = []
    for suffix, played in (("", False), ("/P", True)):  # /P: forfeited matches as matches
        pairs = _opponents(m, teams, rounds, size, played)
        fore_pairs = _opponents(fore, teams, rounds, size, played)
        for t in teams:
            row = {"team": t, "MP": total["MP"][t], "GP": total["GP"][t]} if not played else {}
            for s in ("MP", "GP"):
                row[f"BH:{s}{suffix}"] = sum(v for v, _, _ in pairs(t, s))
                row[f"FB:{s}{suffix}"] = sum(v for v, _, _ in fore_pairs(t, s))
            row[f"BH:MP/C1{suffix}"] = _cut_one(pairs(t, "MP"))
            row[f"FB:GP/C1{suffix}"] = _cut_one(fore_pairs(t, "GP"))
            for opp_s in ("MP", "GP"):
                for own_s in ("MP", "GP"):
                    code = f"E{opp_s[0]}{own_s[0]}SB{suffix}"
                    row[code] = sum(v * m[(t, r)][own_s.lower()] for v, _, r in pairs(t, opp_s))
            if played:
                rows[teams.index(t)].update(row)
            else:
                rows.append(row)
    for row in rows:
        t = row["team"]
        running, ps = 0.0, 0.0
        for r in range(1, rounds + 1):
            running += m[(t, r)]["mp"]
            ps += running
        row["PS:MP"] = ps
        row["WIN:MP"] = sum(m[(t, r)]["mp"] == 2.0 for r in range(1, rounds + 1))
        row["WON:MP"] = sum(
            m[(t, r)]["mp"] == 2.0 and m[(t, r)]["kind"] == "played" for r in range(1, rounds + 1)
        )
        bc = 0.0
        for r in range(1, rounds + 1):
            cell = m[(t, r)]
            per = cell["boards"]
            if cell["kind"] == "pab":  # a win on every board (the TEC's exercises, §12)
                per = dict.fromkeys(range(1, size + 1), 1.0)
            bc += sum(b * p for b, p in per.items())
        row["BC"] = bc
    return pd.DataFrame(rows)


def _totals(m: dict, teams: list, rounds: int) -> dict:
    """{score: {team: its total}} of MP and GP."""
    return {s: {t: sum(m[(t, r)][s.lower()] for r in range(1, rounds + 1)) for t in teams}
            for s in ("MP", "GP")}  # fmt: skip


def _opponents(m: dict, teams: list, rounds: int, size: int, played: bool = False):
    """pairs(team, score): (opponent's score as counted, VUR, round) of every round (16.4: a
    dummy with the team's own score for an unplayed round; 16.3.2: a team's byes after the last
    round it was available count as draws for its opponents; `played`, /P: a forfeited match
    is a match against the scheduled opponent, his score as counted unchanged)."""
    draw = {"MP": 1.0, "GP": 0.5 * size}
    total = _totals(m, teams, rounds)

    def seen(team: int, score: str) -> float:
        last = max((r for r in range(1, rounds + 1) if m[(team, r)]["kind"] in AVAILABLE),
                   default=0)  # fmt: skip
        value = 0.0
        for r in range(1, rounds + 1):
            cell = m[(team, r)]
            bye_vur = cell["kind"] in ("hpb", "zpb")
            value += draw[score] if (bye_vur and r > last) else cell[score.lower()]
        return value

    def pairs(team: int, score: str) -> list[tuple[float, bool, int]]:
        out = []
        for r in range(1, rounds + 1):
            cell = m[(team, r)]
            forfeited = cell["kind"] in ("forfeit_win", "forfeit_loss") and cell["opp"] is not None
            if cell["kind"] == "played" or (played and forfeited):
                out.append((seen(cell["opp"], score), False, r))
            else:
                vur = cell["kind"] in ("forfeit_loss", "hpb", "zpb")
                out.append((total[score][team], vur, r))
        return out

    return pairs


def _cut_one(bh: list[tuple[float, bool, int]]) -> float:
    """BH/C1 of the (score, VUR, round) list: 16.5, the VUR of lowest value is cut if not below
    the least significant value."""
    least = min(bh, key=lambda x: x[0])
    vurs = [x for x in bh if x[1]]
    cut = least
    if vurs:
        first = min(vurs, key=lambda x: x[0])
        cut = first if first[0] >= least[0] else least
    return sum(v for v, _, _ in bh) - cut[0]


CODES = ["GP", "BH:MP", "BH:GP", "BH:MP/C1", "FB:MP", "FB:GP", "FB:GP/C1", "EMMSB", "EMGSB",
         "EGMSB", "EGGSB", "PS:MP", "WIN:MP", "WON:MP", "BC"]  # fmt: skip
#: the codes with /P (forfeited matches as matches against the scheduled opponent)
P_CODES = ["BH:MP/P", "BH:GP/P", "BH:MP/C1/P", "FB:MP/P", "FB:GP/P", "FB:GP/C1/P", "EMMSB/P",
           "EMGSB/P", "EGMSB/P", "EGGSB/P"]  # fmt: skip


def reference_by_round(boards: pd.DataFrame) -> pd.DataFrame:
    """:func:`reference` after every round: the event cut after round k (its rows of rounds
    1 to k), a match still of the event's boards; ``round`` the round k."""
    size = int(boards["board"].max())
    parts = []
    for k in range(1, int(boards["round"].max()) + 1):
        table = reference(boards[boards["round"] <= k], size)
        table.insert(0, "round", k)
        parts.append(table)
    return pd.concat(parts, ignore_index=True)


def ede_variant_ranks(
    boards: pd.DataFrame, ede_rank: dict, steps: str, forfeits: bool = False, high: bool = False
) -> dict:
    """{team: rank} after match points, EDE and C.07 (2026) art. 13.3.2's steps of one Swiss
    event, given the ranks after match points and EDE (`ede_rank`, {team: rank}): two teams
    alone on a rank are compared on the match(es) between them (played; with `forfeits`, /P,
    forfeited too; met twice: the board points averaged) by `steps` in order: ``C`` board count
    (lowest first, 12.1; `high`: highest first, as FIDE's TieBreakServer), ``T`` top board
    results (12.2), ``B`` bottom board elimination (12.3)."""
    size = int(boards["board"].max())
    m = matches(boards, size)
    rounds = max(r for _, r in m)
    out = dict(ede_rank)
    for rank in set(ede_rank.values()):
        tied = [t for t, r in ede_rank.items() if r == rank]
        if len(tied) != 2:
            continue
        kinds = ("played", "forfeit_win", "forfeit_loss") if forfeits else ("played",)
        met = [r for r in range(1, rounds + 1)
               if m[(tied[0], r)]["opp"] == tied[1] and m[(tied[0], r)]["kind"] in kinds]  # fmt: skip
        if not met:
            continue
        per = {t: [sum(m[(t, r)]["boards"].get(b, 0.0) for r in met) / len(met)
                   for b in range(1, size + 1)] for t in tied}  # fmt: skip
        keys: dict = {t: [] for t in tied}
        for step in steps:
            for t in tied:
                p = per[t]
                if step == "C":
                    count = sum(b * x for b, x in enumerate(p, start=1))
                    keys[t].append(count if high else -count)
                elif step == "T":
                    keys[t].extend(p)
                else:
                    keys[t].extend(sum(p[:k]) for k in range(size - 1, 0, -1))
        a, b = tied
        if keys[a] != keys[b]:
            first, second = (a, b) if keys[a] > keys[b] else (b, a)
            out[second] = rank + 1
    return out


def _de(m: dict, rounds: int, members: list, score: str, win: float, forfeits: bool) -> dict:
    """{team: number of `members` the direct encounter (C.07 art. 6) on `score` ("mp" or "gp")
    ranks below it}: the matches between them (played; with `forfeits`, /P, forfeited ones too,
    6.1.1), a pair met twice counting its average (6.1.2); all met: by those points, again
    inside each level; else (6.3) first place to a team nobody can catch even winning all its
    missing matches (`win`: a match won's points), then second, ..., then again on the rest."""
    kinds = ("played", "forfeit_win", "forfeit_loss") if forfeits else ("played",)
    below = dict.fromkeys(members, 0)

    def resolve(group: list) -> None:
        while len(group) > 1:
            met: dict = {t: {} for t in group}
            for t in group:
                for r in range(1, rounds + 1):
                    cell = m[(t, r)]
                    if cell["kind"] in kinds and cell["opp"] in met:
                        met[t].setdefault(cell["opp"], []).append(cell[score])
            points = {t: sum(sum(v) / len(v) for v in met[t].values()) for t in group}
            if all(len(met[t]) == len(group) - 1 for t in group):
                levels = sorted(set(round(v, 9) for v in points.values()), reverse=True)
                if len(levels) == 1:
                    return
                for level in levels:
                    sub = [t for t in group if round(points[t], 9) == level]
                    for t in sub:
                        below[t] += sum(1 for o in group if round(points[o], 9) < level)
                    resolve(sub)
                return
            order = sorted(group, key=lambda t: -points[t])
            placed = []
            for i, t in enumerate(order[:-1]):
                reach = max(
                    points[o] + win * (len(group) - 1 - len(met[o])) for o in order[i + 1 :]
                )
                if not points[t] > reach + 1e-9:
                    break
                placed.append(t)
            if not placed:
                return
            for i, t in enumerate(placed):
                below[t] += len(group) - 1 - i
            group = [t for t in group if t not in placed]

    resolve(list(members))
    return below


def ede_ranks(boards: pd.DataFrame, forfeits: bool = False) -> dict:
    """{team: rank} of one Swiss event by match points, then EDE (C.07 13.3.1): direct encounter
    on match points among the teams tied on them, then on game points among those still tied
    (`forfeits`: EDE/P, the forfeited matches between them count, 6.1.1)."""
    size = int(boards["board"].max())
    m = matches(boards, size)
    rounds = max(r for _, r in m)
    teams = sorted({t for t, _ in m}, key=str)
    mp = {t: sum(m[(t, r)]["mp"] for r in range(1, rounds + 1)) for t in teams}
    keys: dict = {t: [mp[t]] for t in teams}
    for score, win in (("mp", MATCH["win"]), ("gp", float(size))):
        groups: dict = defaultdict(list)
        for t in teams:
            groups[tuple(keys[t])].append(t)
        for members in groups.values():
            for t, below in _de(m, rounds, members, score, win, forfeits).items():
                keys[t].append(below)
    return {t: 1 + sum(1 for o in teams if keys[o] > keys[t]) for t in teams}
