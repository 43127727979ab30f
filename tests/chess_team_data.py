"""The Swiss team event of the FIDE TEC's "Exercises in tie-breaking" (2023), §2.3, as board rows.

14 teams of 4 boards, 7 rounds (credits in the source: Roberto Ricca). The crosstable gives each
match's game points; the boards are spread from them (wins on the top boards, then a draw, then
losses), which changes no tie-break of the exercises but BC, TBR and BBE. The one match whose
line-ups the exercises give (round 3, Koalas 2-2 Narwhals: 1-0, 1/2, 1/2, 0-1) is as published.
Unplayed matches as the event's regulations say (§2.3): a PAB or HPB one match point and two game
points, a ZPB and a forfeit loss nothing, a forfeit win two match points and four game points.
"""

from __future__ import annotations

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
