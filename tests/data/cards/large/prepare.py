"""Prepare the large MTG JSON events of this folder from the public archive's files.

    python prepare.py SOURCE.json TARGET.json [SOURCE.json TARGET.json ...]

Each file keeps its rounds, results, standings and published values; ``"Decks"`` is emptied
(card lists, most of the file); every player name is replaced by a pseudonym of the same
length and the same scripts (a Latin letter by a Latin letter, a Han character by a Han
character, kana by kana, hangul by hangul; digits, spaces and punctuation kept), the same
name by the same pseudonym throughout a file. The markers of a missing opponent are kept.
"""

import hashlib
import json
import random
import string
import sys

MARKERS = {None, "", "-", "Bye", "BYE", "Deleted"}
#: code point ranges whose characters are replaced by one of the same range
RANGES = ((0x4E00, 0x9FA5), (0x3041, 0x3096), (0x30A1, 0x30F6), (0xAC00, 0xD7A3))


def pseudonym(name: str) -> str:
    """A name of the same length and scripts as `name`, drawn from a hash of it."""
    rng = random.Random(hashlib.sha256(name.encode()).digest())
    out = []
    for c in name:
        span = next(((lo, hi) for lo, hi in RANGES if lo <= ord(c) <= hi), None)
        if span is not None:
            out.append(chr(rng.randint(*span)))
        elif c in string.digits:
            out.append(rng.choice(string.digits))
        elif c.isalpha():
            letters = string.ascii_lowercase if c.islower() else string.ascii_uppercase
            out.append(rng.choice(letters))
        else:
            out.append(c)
    return "".join(out)


def prepare(source: str, target: str) -> None:
    with open(source, encoding="utf-8") as f:
        data = json.load(f)
    names = {s["Player"] for s in data["Standings"]}
    matches = [m for r in data["Rounds"] for m in r["Matches"]]
    names |= {m[k] for m in matches for k in ("Player1", "Player2")}
    table = {n: pseudonym(n) for n in names - MARKERS}
    if len(set(table.values())) != len(table):
        raise ValueError(f"{source}: two names got one pseudonym")
    for s in data["Standings"]:
        s["Player"] = table.get(s["Player"], s["Player"])
    for m in matches:
        for k in ("Player1", "Player2"):
            m[k] = table.get(m[k], m[k])
    data["Decks"] = []
    with open(target, "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, separators=(",", ":"))


if __name__ == "__main__":
    pairs = sys.argv[1:]
    for source, target in zip(pairs[::2], pairs[1::2], strict=True):
        prepare(source, target)
