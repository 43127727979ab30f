"""Crosstables of the FIDE TEC "Exercises in Tie-Breaking" (C.07-2023), typed in by hand.

Each player line is ``number name rating result result ...`` in the exercise paper's notation:
``+W10`` won with White against #10, ``=B3`` drew with Black, ``-F12`` lost by forfeit to #12,
``+F9`` won by forfeit, ``+BYE`` pairing-allocated bye, ``=BYE`` half-point bye, ``+FPB`` full-point bye,
``--`` absent.
"""

from __future__ import annotations

import re

import pandas as pd

#: the Swiss individual tournament of section 2.1 (16 players, 5 rounds)
TEC_SWISS = """
1 Alyx 2200 +W9 =B13 =W2 +B15 =W4
2 Bruno 2150 +B10 +W7 =B1 +W16 =B3
3 Charline 2100 =W11 +B6 +W8 =B4 =W2
4 David 2050 +B12 =BYE +W13 =W3 =B1
5 Helene 2000 -W13 -B15 +W11 =B7 +W10
6 Franck 1950 -B14 -W3 +BYE +W10 +B8
7 Genevieve 1900 +W15 -B2 -B16 =W5 -B11
8 Irina 1850 =B16 +W14 -B3 +W13 -W6
9 Jessica 1800 -B1 -W10 =BYE -F11 +BYE
10 Lais 1750 -W2 +B9 -W15 -B6 -B5
11 Maria 1700 =B3 -W16 -B5 +F9 +W7
12 Nick 1650 -W4 +BYE +F14 -- --
13 Opal 1600 +B5 =W1 -B4 -B8 -W14
14 Paul 1550 +W6 -B8 -F12 -- +B13
15 Reine 1500 -B7 +W5 +B10 -W1 -B16
16 Stephan 1450 =W8 +B11 +W7 -B2 +W15
"""

#: the Swiss tournament of exercise 25 (16 players, 9 rounds)
TEC_SWISS_9 = """
3 Charline 2100 =W11 +B6 +W8 =B4 -W2 +B16 =W1 +W14 +B10
1 Alyx 2200 +W9 =B13 =W2 +B15 =W4 =B6 =B3 =W16 +B8
2 Bruno 2150 +B10 +W7 =B1 +W16 +B3 =W4 -W6 =B15 =W5
4 David 2050 +B12 =BYE +W13 =W3 =B1 =B2 =W16 =B6 +W15
6 Franck 1950 -B14 -W3 +BYE +W10 +B8 =W1 +B2 =W4 +B16
7 Genevieve 1900 +W15 -B2 -B16 =W5 -B11 -B10 +W13 +W9 +B14
8 Irina 1850 =B16 +W14 -B3 +W13 -W6 =B11 =W15 +B5 -W1
16 Stephan 1450 =W8 +B11 +W7 -B2 +W15 -W3 =B4 =B1 -W6
5 Helene 2000 -W13 -B15 +W11 =B7 +W10 -B14 +B9 -W8 =B2
10 Lais 1750 -W2 +B9 -W15 -B6 -B5 +W7 +B12 +W11 -W3
14 Paul 1550 +W6 -B8 -F12 -- +B13 +W5 +W11 -B3 -W7
15 Reine 1500 -B7 +W5 +B10 -W1 -B16 +W12 =B8 =W2 -B4
11 Maria 1700 =B3 -W16 -B5 +F9 +W7 =W8 -B14 -B10 =W13
9 Jessica 1800 -B1 -W10 =BYE -F11 +BYE +B13 -W5 -B7 =W12
12 Nick 1650 -W4 +BYE +F14 -- -- -B15 -W10 =B13 =B9
13 Opal 1600 +B5 =W1 -B4 -B8 -W14 -W9 -B7 =W12 =B11
"""

#: the round-robin tournament of section 2.2 (Swiss format), 6 players, 5 rounds; the forfeit
#: of Franck (#5 here) in round 4 is a forfeit in a round-robin, written as a played game.
TEC_RR = """
1 Alyx 2200 =W5 +W2 +B3 -W4 +B6
2 Bruno 2150 +W6 -B1 +W5 =W3 +B4
3 Charline 2100 +W4 +B6 -W1 =B2 +W5
4 David 2050 -B3 -B5 =W6 +B1 -W2
5 Franck 1950 =B1 +W4 -B2 -W6 -B3
6 Helene 2000 -B2 -W3 =B4 +B5 -W1
"""

_TOKEN = re.compile(r"^([+=-])(FPB|W|B|F)?(\d+|BYE)?$")


def crosstable(text: str, event: str = "T") -> tuple[pd.DataFrame, pd.DataFrame]:
    """Canonical results and players frames of a crosstable in the exercise notation."""
    rows, players = [], []
    for line in text.strip().splitlines():
        number, name, rating, *cells = line.split()
        players.append({"event": event, "player": int(number), "name": name, "rating": int(rating)})
        for rnd, cell in enumerate(cells, start=1):
            row = {"event": event, "round": rnd, "player": int(number)}
            if cell == "--":
                row.update(opponent=None, colour=None, points=0.0, kind="zpb")
            else:
                sign, how, what = _TOKEN.match(cell).groups()
                points = {"+": 1.0, "=": 0.5, "-": 0.0}[sign]
                if what == "BYE" or how == "FPB":
                    kind = "fpb" if how == "FPB" else "pab" if sign == "+" else "hpb"
                    row.update(opponent=None, colour=None, points=points, kind=kind)
                elif how == "F":
                    kind = "forfeit_win" if sign == "+" else "forfeit_loss"
                    row.update(opponent=int(what), colour=None, points=points, kind=kind)
                else:
                    colour = how.lower()
                    row.update(opponent=int(what), colour=colour, points=points, kind="played")
            rows.append(row)
    results = pd.DataFrame(rows)
    results["opponent"] = results["opponent"].astype("Int64")
    return results, pd.DataFrame(players)
