"""A slow, obviously-correct duplicate bridge scorer, written from the scoring table of the Laws.

Everything is done one result at a time, trick by trick, so it shares no arithmetic with the
vectorised ``tourneystats.bridge.contract`` (closed formulas over arrays).
"""

from __future__ import annotations

# Trick value of each odd trick in each strain, undoubled: (first trick, each further trick).
TRICK_VALUES = {"C": (20, 20), "D": (20, 20), "H": (30, 30), "S": (30, 30), "NT": (40, 30)}


def parse(contract: str) -> tuple[int, str, int]:
    """'4SX' -> (4, 'S', 1); 'Pass' -> (0, '', 0)."""
    text = contract.strip().upper()
    if text == "PASS":
        return 0, "", 0
    level = int(text[0])
    rest = text[1:]
    doubled = 0
    while rest.endswith("X"):
        doubled += 1
        rest = rest[:-1]
    assert rest in TRICK_VALUES and 1 <= level <= 7 and doubled <= 2, contract
    return level, rest, doubled


def declarer_vulnerable(vulnerable: str, declarer: str) -> bool:
    if vulnerable == "All":
        return True
    if vulnerable == "None":
        return False
    return declarer in vulnerable  # "NS" contains N and S, "EW" contains E and W


def score_for_declarer(level: int, strain: str, doubled: int, tricks: int, vul: bool) -> int:
    """Points won (positive) or conceded (negative) by the declaring side."""
    factor = [1, 2, 4][doubled]
    target = level + 6
    if tricks >= target:
        first, further = TRICK_VALUES[strain]
        trick_score = 0
        for i in range(level):
            trick_score += (first if i == 0 else further) * factor
        total = trick_score
        if trick_score >= 100:
            total += 500 if vul else 300
        else:
            total += 50
        if level == 6:
            total += 750 if vul else 500
        if level == 7:
            total += 1500 if vul else 1000
        if doubled == 1:
            total += 50
        if doubled == 2:
            total += 100
        for _ in range(tricks - target):
            if doubled == 0:
                total += further  # an overtrick is worth a further trick
            else:
                total += (200 if vul else 100) * (doubled)  # doubled 100/200, redoubled 200/400
        return total
    penalty = 0
    for n in range(1, target - tricks + 1):  # the n-th undertrick
        if doubled == 0:
            step = 100 if vul else 50
        elif vul:
            step = 200 if n == 1 else 300
        else:
            step = 100 if n == 1 else (200 if n <= 3 else 300)
        penalty += step * (1 if doubled == 0 else doubled)  # redoubled = twice doubled
    return -penalty


def ns_score(contract: str, declarer: str | None, tricks: int | None, vulnerable: str) -> int:
    level, strain, doubled = parse(contract)
    if level == 0:
        return 0
    score = score_for_declarer(
        level, strain, doubled, tricks, declarer_vulnerable(vulnerable, declarer)
    )
    return score if declarer in ("N", "S") else -score


def vulnerability(board: int) -> str:
    """Standard cycle, spelt out the way it is printed on boards: by rows of four."""
    rows = [
        ["None", "NS", "EW", "All"],
        ["NS", "EW", "All", "None"],
        ["EW", "All", "None", "NS"],
        ["All", "None", "NS", "EW"],
    ]
    b = (board - 1) % 16
    return rows[b // 4][b % 4]
