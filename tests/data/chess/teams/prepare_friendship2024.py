"""Prepare ``friendship2024.trf`` from the TRF text of its source (see ``tests/data/README.md``).

    python prepare_friendship2024.py SOURCE.trf TARGET.trf

Every ``001`` player record keeps its start rank, sex, rating, federation, published points,
rank and round results; its name becomes ``Player NNN`` (its start rank), its FIDE id ``0`` and
its birth date blank (the players are club players, many of them children). Every other line,
the ``013`` team records with the clubs' names included, is kept as it is.
"""

import sys
from pathlib import Path


def pseudonymised(line: str) -> str:
    """A ``001`` record with its name, FIDE id and birth date replaced (fixed TRF-16 columns:
    name 15-47, FIDE id 58-68, birth date 70-79)."""
    if not line.startswith("001"):
        return line
    name = f"Player {int(line[4:8]):03d}".ljust(33)
    return line[:14] + name + line[47:57] + "0".rjust(11) + " " + " " * 10 + line[79:]


def main(source: str, target: str) -> None:
    lines = Path(source).read_text(encoding="utf-8").splitlines()
    Path(target).write_text("\n".join(pseudonymised(x) for x in lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(*sys.argv[1:3])
