"""The Swiss team event of the FIDE TEC's "Exercises in tie-breaking" (2023), §2.3, as board rows.

14 teams of 4 boards, 7 rounds (credits in the source: Roberto Ricca). The crosstable gives each
match's game points; the boards are spread from them (wins on the top boards, then a draw, then
losses), which changes no tie-break of the exercises but BC, TBR and BBE. The one match whose
line-ups the exercises give (round 3, Koalas 2-2 Narwhals: 1-0, 1/2, 1/2, 0-1) is as published.
Unplayed matches as the event's regulations say (§2.3): a PAB or HPB one match point and two game
points, a ZPB and a forfeit loss nothing, a forfeit win two match points and four game points.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

#: team: its seven rounds, "opponent colour game points", or a bye / forfeit
CROSSTABLE = {
    1: "8w2.5 4b1.5 7w3 2b2.5 5w1.5 +F6 3b2.5",
    2: "9b3 3w4 5b0 1w1.5 13w3 4b2.5 10b3",
    3: "10w2.5 2b0 9w3 6b2.5 4w3 5b3.5 1w1.5",
    4: "11b3 1w2.5 13b3 5w3.5 3b1 2w1.5 9b2.5",
    5: "12w4 6b3 2w4 4b0.5 1b2.5 3w0.5 13b3.5",
    6: "13b2 5w1 8b3 3w1.5 11b2.5 -F1 12w2.5",
    7: "14w2 8b2 1b1 10w2.5 9b2 13w2 ZPB",
    8: "1b1.5 7w2 6w1 12b3.5 10b2 9w2 11w3",
    9: "2w1 12b4 3b1 14w3 7w2 8b2 4w1.5",
    10: "3b1.5 11w1.5 12b2.5 7b1.5 8w2 14b3 2w1",
    11: "4w1 10b2.5 14w2 13b1.5 6w1.5 12w2 8b1",
    12: "5b0 9w0 10w1.5 8w0.5 PAB 11b2 6b1.5",
    13: "6w2 14b2.5 4w1 11w2.5 2b1 7b2 5w0.5",
    14: "7b2 13w1.5 11b2 9b1 HPB 10w1 PAB",
}
NAMES = dict(enumerate(
    "Antelopes Bonobos Cougars Deer Elephants Falcons Giraffes Hippopotami Iguanas Jackals "
    "Koalas Lynxes Moose Narwhals".split(), start=1))  # fmt: skip
#: the published line-up of round 3, Koalas (11) - Narwhals (14)
KOALAS_NARWHALS = {11: [1.0, 0.5, 0.5, 0.0], 14: [0.0, 0.5, 0.5, 1.0]}


def _spread(gp: float, boards: int = 4) -> list[float]:
    """Board points adding up to `gp`: wins first, then a draw, then losses."""
    wins, half = int(gp), gp % 1 == 0.5
    return [1.0] * wins + [0.5] * half + [0.0] * (boards - wins - half)


def tec_boards() -> pd.DataFrame:
    """The board rows of the event (players numbered team * 10 + board)."""
    rows = []
    for team, line in CROSSTABLE.items():
        for rnd, cell in enumerate(line.split(), start=1):
            if cell in ("PAB", "HPB", "ZPB"):
                rows.append(("TEC", rnd, team, None, None, None, None, None, 0.0, cell.lower()))
                continue
            if cell[0] in "+-":
                opp = int(cell[2:])
                won = cell[0] == "+"
                for b in range(1, 5):
                    kind = "forfeit_win" if won else "forfeit_loss"
                    rows.append(("TEC", rnd, team, opp, b, team * 10 + b if won else None,
                                 None, None, 1.0 if won else 0.0, kind))  # fmt: skip
                continue
            opp = int(cell[: cell.index("w" if "w" in cell else "b")])
            colour = "w" if "w" in cell else "b"
            gp = float(cell.split(colour)[1])
            if {team, opp} == {11, 14} and rnd == 3:
                pts = KOALAS_NARWHALS[team]
            elif team < opp:
                pts = _spread(gp)
            else:
                mine = _spread(4 - gp)  # the opponent's spread, seen from this side
                pts = [1.0 - p for p in mine]
            for b, p in enumerate(pts, start=1):
                board_colour = colour if b % 2 else ("b" if colour == "w" else "w")
                rows.append(("TEC", rnd, team, opp, b, team * 10 + b, opp * 10 + b,
                             board_colour, p, "played"))  # fmt: skip
    columns = ["event", "round", "team", "opponent_team", "board", "player", "opponent",
               "colour", "points", "kind"]  # fmt: skip
    out = pd.DataFrame(rows, columns=columns)
    return out.astype({"opponent_team": "Int64", "board": "Int64", "player": "Int64",
                       "opponent": "Int64"})  # fmt: skip


def tec_teams() -> pd.DataFrame:
    """The teams' names."""
    return pd.DataFrame({"event": "TEC", "team": list(NAMES), "name": list(NAMES.values())})


# --- random team events (the hypothesis tests, the oracle run, the benchmark) ---------------------


def random_team_event(
    seed: int,
    *,
    teams: int | None = None,
    boards: int | None = None,
    rounds: int | None = None,
    round_robin: bool | None = None,
    event: str = "E",
    withdrawals: float = 0.0,
) -> tuple[pd.DataFrame, pd.DataFrame, bool]:
    """A random team event: board rows, the players' own rows (every roster player in every
    round, as a TRF file holds them: reserves not fielded are absent), and whether it is a round
    robin. Swiss events are paired by match points, without rematches where possible, with a
    pairing-allocated bye for an odd team out and some requested byes (half- or zero-point);
    matches have forfeited boards and some are forfeited whole. `withdrawals`: in a Swiss event,
    the chance that a team withdraws after a round (absent from every later round: a zero-point
    bye each), drawn from a second generator so that 0 leaves the events as they were."""
    import numpy as np

    rng = np.random.default_rng(seed)
    n = int(teams or rng.integers(3, 21))
    size = int(boards or rng.integers(3, 7))
    reserves = int(rng.integers(0, 3))
    rr = bool(rng.random() < 0.3 and n % 2 == 0 and n <= 12) if round_robin is None else round_robin
    n_rounds = int(rounds or (n - 1 if rr else rng.integers(3, min(9, n - 1 + n % 2) + 1)))
    roster = {t: [(t - 1) * (size + reserves) + k for k in range(1, size + reserves + 1)]
              for t in range(1, n + 1)}  # fmt: skip
    mp = dict.fromkeys(roster, 0.0)
    met: set[tuple[int, int]] = set()
    had_bye: set[int] = set()
    balance = dict.fromkeys(roster, 0)  # matches with white on board 1, less those with black
    board_rows: list[tuple] = []
    own_rows: list[tuple] = []
    leave = np.random.default_rng([seed, 1])
    gone: set[int] = set()
    for rnd in range(1, n_rounds + 1):
        if withdrawals and not rr and rnd > 1:
            gone |= {t for t in sorted(mp) if t not in gone and leave.random() < withdrawals}
        pairs, byes = _pairing(rng, rnd, n, rr, mp, met, had_bye, gone)
        for team, kind in byes.items():
            board_rows.append((event, rnd, team, None, None, None, None, None, 0.0, kind))
            for p in roster[team]:
                own_rows.append((event, rnd, p, None, None, {"pab": 1.0, "hpb": 0.5}.get(kind, 0.0),
                                 kind))  # fmt: skip
            mp[team] += {"pab": 1.0, "hpb": 1.0}.get(kind, 0.0)
        for a, b in pairs:
            if (balance[a], rng.random()) > (balance[b], 0.5):
                a, b = b, a  # a plays white on board 1: the team with fewer such matches
            balance[a] += 1
            balance[b] -= 1
            met.update({(a, b), (b, a)})
            gp = _match(rng, event, rnd, a, b, roster, size, board_rows, own_rows)
            mp[a] += 2.0 if gp[0] > gp[1] else 1.0 if gp[0] == gp[1] and gp[0] > 0 else 0.0
            mp[b] += 2.0 if gp[1] > gp[0] else 1.0 if gp[0] == gp[1] and gp[0] > 0 else 0.0
    columns = ["event", "round", "team", "opponent_team", "board", "player", "opponent",
               "colour", "points", "kind"]  # fmt: skip
    out = pd.DataFrame(board_rows, columns=columns).astype(
        {"opponent_team": "Int64", "board": "Int64", "player": "Int64", "opponent": "Int64"}
    )
    own = pd.DataFrame(own_rows, columns=["event", "round", "player", "opponent", "colour",
                                          "points", "kind"]).astype({"opponent": "Int64"})  # fmt: skip
    fielded = out[["round", "player"]].dropna()
    seen = set(zip(own["round"], own["player"], strict=True)) | set(
        zip(fielded["round"], fielded["player"].astype(int), strict=True)
    )
    absent = [(event, r, p, None, None, 0.0, "zpb") for r in range(1, n_rounds + 1)
              for ps in roster.values() for p in ps if (r, p) not in seen]  # fmt: skip
    # (the parts of the same dtypes, and no empty part: none decides a column's dtype)
    absent = pd.DataFrame(absent, columns=own.columns).astype({"opponent": "Int64"})
    own = pd.concat([own, absent], ignore_index=True) if len(absent) else own
    own = own.sort_values(["round", "player"], ignore_index=True)
    return out, own, rr


def _pairing(rng, rnd: int, n: int, rr: bool, mp: dict, met: set, had_bye: set,
             gone: set = frozenset()):  # fmt: skip
    """The matches and team byes of a round (round robins: the circle method); the teams
    `gone` (withdrawn) absent."""
    if rr:
        seats = list(range(1, n + 1))
        for _ in range(rnd - 1):
            seats = [seats[0], seats[-1], *seats[1:-1]]
        half = n // 2
        return list(zip(seats[:half], seats[half:][::-1], strict=True)), {}
    byes = {}
    active = [t for t in mp if rng.random() >= 0.03 and t not in gone]
    for t in set(mp) - set(active) - set(gone):
        byes[t] = "hpb" if rng.random() < 0.5 else "zpb"
    byes.update(dict.fromkeys(sorted(gone), "zpb"))
    order = sorted(active, key=lambda t: (-mp[t], rng.random()))
    if len(order) % 2:
        free = next((t for t in reversed(order) if t not in had_bye), order[-1])
        order.remove(free)
        had_bye.add(free)
        byes[free] = "pab"
    pairs = []
    while order:
        a = order.pop(0)
        b = next((t for t in order if (a, t) not in met), order[0])
        order.remove(b)
        pairs.append((a, b) if rng.random() < 0.5 else (b, a))
    return pairs, byes


def _match(rng, event, rnd, a, b, roster, size, board_rows, own_rows) -> tuple[float, float]:
    """One match: line-ups in roster order (reserves sit out at random), board results, some
    forfeited boards, or the whole match forfeited by one team."""
    lineups = []
    for team in (a, b):
        players = roster[team]
        keep = sorted(rng.choice(len(players), size, replace=False))
        lineups.append([players[k] for k in keep])
    whole = rng.random() < 0.03
    loser = int(rng.integers(0, 2))
    gp = [0.0, 0.0]
    for k in range(size):
        pa, pb = lineups[0][k], lineups[1][k]
        if whole or rng.random() < 0.04:
            side = loser if whole else int(rng.integers(0, 2))
            kinds = ["forfeit_win", "forfeit_win"]
            kinds[side] = "forfeit_loss"
            pts = [1.0, 1.0]
            pts[side] = 0.0
        else:
            x = float(rng.choice([0.0, 0.5, 1.0], p=[0.35, 0.3, 0.35]))
            kinds, pts = ["played", "played"], [x, 1.0 - x]
        ca = "w" if k % 2 == 0 else "b"
        cb = "b" if ca == "w" else "w"
        board_rows.append((event, rnd, a, b, k + 1, pa, pb, ca, pts[0], kinds[0]))
        board_rows.append((event, rnd, b, a, k + 1, pb, pa, cb, pts[1], kinds[1]))
        own_rows.append((event, rnd, pa, pb, ca, pts[0], kinds[0]))
        own_rows.append((event, rnd, pb, pa, cb, pts[1], kinds[1]))
        gp[0] += pts[0]
        gp[1] += pts[1]
    return gp[0], gp[1]


def swiss_team_events(teams: int = 12, boards: int = 6, rounds: int = 7) -> Any:
    """A hypothesis strategy: the board rows of a random Swiss team event
    (:func:`random_team_event`) of 3 to `teams` teams, 1 to `boards` boards and 1 to `rounds`
    rounds."""
    from hypothesis import strategies as st

    def rows(seed: int, n_teams: int, n_boards: int, n_rounds: int) -> pd.DataFrame:
        return random_team_event(
            seed, teams=n_teams, boards=n_boards, rounds=n_rounds, round_robin=False
        )[0]

    return st.builds(rows, st.integers(0, 10**6), st.integers(3, teams),
                     st.integers(1, boards), st.integers(1, rounds))  # fmt: skip


def write_team_trf(seed: int, path, **options) -> bool:
    """A random team event (:func:`random_team_event`) written as a TRF-16 file with 013 team
    records (team t: the consecutive start ranks of its roster); whether it is a round robin."""
    import numpy as np

    from tourneystats.chess import write_trf

    boards, own, rr = random_team_event(seed, **options)
    players = pd.DataFrame({"player": sorted(own["player"].unique())}).assign(event="E")
    players["rating"] = np.random.default_rng(seed).integers(1500, 2500, len(players))
    players["name"] = [f"Player {p}" for p in players["player"]]
    kind = "Round robin" if rr else "Swiss System"
    events = pd.DataFrame({"event": ["E"], "date": ["2025-04-01"], "type": [kind]})
    write_trf(own, players, events, path)
    teams = sorted(boards["team"].unique())
    per_team = own["player"].nunique() // len(teams)
    lines = [
        f"013 {f'Team {team}':<32}"
        + " ".join(f"{p:4d}" for p in range((team - 1) * per_team + 1, team * per_team + 1))
        for team in teams
    ]
    with open(path, "a", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")
    return rr


def write_team_trf26(seed: int, path, **options) -> bool:
    """The event of :func:`write_team_trf` written with the TRF-2026 team section instead of
    ``013`` records: ``212`` (the standings: match points, then game points), ``352`` (the
    boards' colours), ``362`` (match points 2/1/0), a ``310``
    record per team (pairing number t, its published match and game points and rank, its
    roster), ``320`` (the pairing-allocated byes: one match point and a draw's game points on
    every board, as the FIDE TEC's exercises score them), ``240`` (half- and zero-point team
    byes) and ``330`` (the forfeited matches, white team first); whether it is a round robin."""
    import numpy as np

    from tourneystats.chess import team_standings, write_trf

    boards, own, rr = random_team_event(seed, **options)
    players = pd.DataFrame({"player": sorted(own["player"].unique())}).assign(event="E")
    players["rating"] = np.random.default_rng(seed).integers(1500, 2500, len(players))
    players["name"] = [f"Player {p}" for p in players["player"]]
    kind = "Round robin" if rr else "Swiss System"
    events = pd.DataFrame({"event": ["E"], "date": ["2025-04-01"], "type": [kind]})
    write_trf(own, players, events, path)
    size = int(boards["board"].max())
    table = team_standings(boards, tiebreaks=["GP"], round_robin=rr).set_index("team")
    teams = sorted(boards["team"].unique())
    per_team = own["player"].nunique() // len(teams)
    lines = [
        "212 MP,GP",  # the published ranks: by match points, then game points
        "352 " + "WB" * (size // 2) + "W" * (size % 2),
        "362 TW 2.0   TD 1.0   TL 0.0",
    ]
    for team in teams:
        roster = range((team - 1) * per_team + 1, team * per_team + 1)
        mp, gp, rank = table.loc[team, ["MP", "GP", "rank"]]
        lines.append(
            f"310 {team:3d} {f'Team {team}':<32} {'':5} {'':6} {mp:6.1f} {gp:6.1f} {int(rank):3d}  "
            + " ".join(f"{p:4d}" for p in roster)
        )
    byes = boards[boards["opponent_team"].isna()]
    n_rounds = int(boards["round"].max())
    pab = byes[byes["kind"] == "pab"].set_index("round")["team"]
    if len(pab):
        cells = " ".join(f"{int(pab.get(r, 0)):3d}" for r in range(1, n_rounds + 1))
        lines.append(f"320 {1.0:4.1f} {size / 2:4.1f} {cells}")
    for (rnd, kind), group in byes[byes["kind"].isin(["hpb", "zpb"])].groupby(["round", "kind"]):
        ids = "".join(f" {int(t):4d}" for t in sorted(group["team"]))
        lines.append(f"240 {kind[0].upper()} {int(rnd):3d}{ids}")
    first = boards[(boards["board"] == 1) & (boards["colour"] == "w")]
    whole = boards.groupby(["round", "team"])["kind"].agg(
        lambda k: set(k) <= {"forfeit_win", "forfeit_loss"}
    )
    for row in first.itertuples():
        if whole.get((row.round, row.team), False) and row.kind in ("forfeit_win", "forfeit_loss"):
            both = boards[(boards["round"] == row.round) & (boards["team"] == row.team)]
            mine = both["points"].sum()
            theirs = size - mine
            sign = "+-" if mine > theirs else "-+" if theirs > mine else "--"
            lines.append(f"330 {sign} {row.round:3d} {row.team:3d} {int(row.opponent_team):3d}")
    with open(path, "a", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")
    return rr
