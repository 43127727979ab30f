"""Names for the benchmark inputs: players as real files carry them, not as small integers.

Real results files name their players: melee.gg exports carry user names and display names
(and ``Player 043`` for anonymised entries), chess files ``Surname, Firstname``, club bridge
files pair labels such as ``12NS`` or a club roster's ``P017``, league files first names. The
synthetic generators number players 1..n within each event; the benchmark generators map those
numbers to names here, so that reading, factorizing and matching strings is part of what is
timed.

Each generator draws a pool of distinct names (a community: the same people come back to many
events) and gives event ``e`` the names ``pool[(a_e + b_e * k) % P]`` for its players
``k = 0, 1, ...`` (``P``, the pool size, is prime and ``0 < b_e < P``, so the names of one event
are distinct), without a Python loop over events.

Two pools (the ``--ids`` forms of the generators):

- ``names``: the pool grows with the archive, as an archive over years does: one person per
  :data:`ROWS_PER_NAME` rows the events would have without drops (:func:`archive_pool_size`),
  so that everyone plays about six events. 5,000 card events of 64 players x 8 rounds (2.3
  million rows) name about 53,000 people; 20,000 (9.2 million rows) about 213,000.
- ``pool``: a fixed pool of a few tens of thousands (:data:`CARD_POOL`, :data:`CHESS_POOL`),
  one big season's community, whatever the archive's size: the names of a large archive repeat
  far more often.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

FIRST = (
    "Aaron Abigail Adam Adrian Aiko Alba Alejandro Alex Alice Amara Amir Ana Andrea Andrzej "
    "Anna Antoine Arjun Astrid Ava Ben Bianca Boris Bruno Camille Carlos Chen Chiara Chloe "
    "Chris Clara Daniel Daria David Diego Dmitri Elena Eli Elif Emil Emma Enzo Eric Eva "
    "Fatima Felix Finn Freya Gabriel Giulia Hana Hannah Hugo Ian Ingrid Isaac Ivan Jakob "
    "James Jana Javier Jin Joao Jonas Julia Kai Kaito Karin Kenji Klara Lars Laura Lea Leo "
    "Liam Lina Lucas Luca Luis Maja Marco Maria Marta Mateo Max Maya Mei Mia Mikael Milan "
    "Nadia Naomi Nils Noah Nora Olga Oliver Omar Oscar Pablo Paula Pedro Petra Priya Rafael "
    "Rania Riley Rosa Ryo Sam Sara Sebastian Sofia Stefan Sven Tariq Tom Tomas Uma Valentina "
    "Victor Vera Wei Yara Yuki Yusuf Zoe Zofia"
).split()
LAST = (
    "Abe Adler Almeida Andersson Bauer Becker Bianchi Brown Carter Castro Chen Costa Cruz "
    "Dubois Duarte Eriksson Fischer Fontaine Garcia Gomez Gonzalez Hansen Hoffmann Horvat "
    "Ito Ivanov Jansen Jensen Johansson Kim Klein Kowalski Kovac Kruger Larsen Laurent Lee "
    "Lehmann Lindqvist Lopez Martin Martinez Meyer Moreau Moreno Muller Murphy Nagy Nakamura "
    "Nguyen Nielsen Novak Nowak Olsen Ortiz Park Pereira Petrov Popescu Quinn Ramos Reyes "
    "Ricci Richter Rodriguez Romano Rossi Sanchez Santos Sato Schmidt Schneider Schulz "
    "Silva Smith Suzuki Svensson Takahashi Tanaka Taylor Torres Vargas Vasquez Volkov "
    "Wagner Walker Wang Weber Wilson Wolf Wong Yamamoto Yilmaz Zhang Zimmermann"
).split()
WORDS = (
    "ash blade blaze bolt byte crow dawn drake dusk ember fang flux frost ghost golem grim "
    "hex iron jade karma lotus mana mist moon nova onyx orb pixel pyre quill raven rift rune "
    "sage shade shard sky sol spark storm talon thorn tide titan vex void wisp wolf wyrm zen"
).split()

#: fixed pool sizes (primes): a few tens of thousands of people, as a big season's community
CARD_POOL = 30_011
CHESS_POOL = 40_009
#: the archive-sized pool: one distinct person per this many rows (before drops)
ROWS_PER_NAME = 48


def archive_pool_size(rows: int) -> int:
    """The prime pool size of an archive of `rows` rows (before drops): ``rows / 48`` and up."""
    n = max(int(-(-rows // ROWS_PER_NAME)), 2)
    while any(n % d == 0 for d in range(2, int(n**0.5) + 1)):
        n += 1
    return n


def _pool(rng: np.random.Generator, size: int, make) -> np.ndarray:
    """`size` distinct names from `make(rng, n)` (drawn in batches until there are enough)."""
    names: dict[str, None] = {}
    while len(names) < size:
        names.update(dict.fromkeys(make(rng, 2 * size)))
    return np.array(list(names)[:size], dtype=object)


def _handles(rng: np.random.Generator, n: int) -> list[str]:
    """melee.gg-like names: display names, user names, a few anonymised ``Player 043``."""
    first, last, word = (np.array(x, dtype=object) for x in (FIRST, LAST, WORDS))
    f = first[rng.integers(0, first.size, n)]
    la = last[rng.integers(0, last.size, n)]
    w = word[rng.integers(0, word.size, n)]
    w2 = word[rng.integers(0, word.size, n)]
    digits = rng.integers(0, 1000, n)
    style = rng.random(n)
    out = []
    for i in range(n):
        s = style[i]
        if s < 0.4:
            out.append(f"{f[i]} {la[i]}")
        elif s < 0.6:
            out.append(f"{f[i].lower()}_{w[i]}{digits[i] % 100:02d}")
        elif s < 0.8:
            out.append(f"{w[i].capitalize()}{w2[i].capitalize()}{digits[i]}")
        elif s < 0.95:
            out.append(f"{la[i].lower()}.{f[i].lower()}")
        else:
            out.append(f"Player {digits[i]:03d}")
    return out


def _fide_names(rng: np.random.Generator, n: int) -> list[str]:
    """Chess names as FIDE lists them: ``Surname, Firstname`` (some with a middle initial)."""
    first, last = np.array(FIRST, dtype=object), np.array(LAST, dtype=object)
    f = first[rng.integers(0, first.size, n)]
    i, j = rng.integers(0, last.size, n), rng.integers(1, last.size, n)
    la, la2 = last[i], last[(i + j) % last.size]  # two different surnames
    initial = rng.integers(65, 91, n)
    style = rng.random(n)
    out = []
    for k in range(n):
        if style[k] < 0.6:
            out.append(f"{la[k]}, {f[k]}")
        elif style[k] < 0.85:
            out.append(f"{la[k]}, {f[k]} {chr(initial[k])}.")
        else:
            out.append(f"{la[k]}-{la2[k]}, {f[k]}")
    return out


def card_pool(seed: int, size: int = CARD_POOL) -> np.ndarray:
    """`size` card players' names (by default the fixed pool, :data:`CARD_POOL`)."""
    return _pool(np.random.default_rng([seed, 16]), size, _handles)


def chess_pool(seed: int, size: int = CHESS_POOL) -> np.ndarray:
    """`size` chess players' names (by default the fixed pool, :data:`CHESS_POOL`)."""
    return _pool(np.random.default_rng([seed, 17]), size, _fide_names)


def per_event(pool: np.ndarray, event: np.ndarray, number: np.ndarray, seed: int) -> np.ndarray:
    """Name of player `number` (1, 2, ...; 0 or less: none) of event code `event`, from `pool`.

    Players of one event get distinct names; an event's players are a random draw from the
    pool, so people recur across events.
    """
    size = pool.size
    n_events = int(event.max()) + 1 if event.size else 0
    rng = np.random.default_rng([seed, 18])
    a = rng.integers(0, size, n_events)
    b = rng.integers(1, size, n_events)
    k = np.maximum(number, 1).astype(np.int64) - 1
    names = pool[(a[event] + b[event] * k) % size]
    return np.where(number > 0, names, None)


def as_text(values: np.ndarray) -> pd.Series:
    """Names as the ``str`` dtype (what reading a CSV of names gives), missing where None."""
    return pd.Series(values, dtype="str")


def event_labels(codes: np.ndarray, prefix: str = "E") -> pd.Series:
    """Event names ``E00001``, ... as plain strings (a file's event column, not a categorical)."""
    n = int(codes.max()) + 1 if codes.size else 0
    width = max(5, len(str(n)))
    labels = np.array([f"{prefix}{i:0{width}d}" for i in range(1, n + 1)], dtype=object)
    return as_text(labels[codes])
