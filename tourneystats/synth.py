"""Seeded synthetic seasons, for the demo, the tests and the benchmarks.

Every generator is deterministic for a given ``seed`` and vectorised across events, so an archive
of thousands of events is generated in seconds. Rounds are generated one after the other (a Swiss
pairing depends on the scores so far), each round for all events at once.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ._schema import EVENT, OPPONENT, PLAYER, RATING, ROUND, SCORE


def event_names(n_events: int, prefix: str = "E") -> pd.Categorical:
    """Names ``E00001``, ``E00002``, ... as an ordered-by-appearance categorical."""
    width = max(5, len(str(n_events)))
    return pd.Categorical([f"{prefix}{i:0{width}d}" for i in range(1, n_events + 1)])


def swiss(
    n_events: int,
    n_players: int,
    n_rounds: int,
    *,
    seed: int = 0,
    draw_rate: float = 0.1,
    drop_rate: float = 0.0,
    prefix: str = "E",
) -> pd.DataFrame:
    """Swiss tournaments paired by score groups, with byes, drops and Elo-like outcomes.

    Each round, the active players of every event are sorted by score (random order inside a score
    group) and paired top-down; an odd player out (the lowest) gets a bye worth a full point.
    After each round but the last, each active player drops with probability `drop_rate`.
    Rematches are not avoided.

    Parameters
    ----------
    n_events, n_players, n_rounds : int
        Size of the archive.
    seed : int
        Seed of the random generator.
    draw_rate : float
        Probability that a game is drawn.
    drop_rate : float
        Per-round probability that a player leaves the event.
    prefix : str
        Prefix of the event names.

    Returns
    -------
    pandas.DataFrame
        One row per player per round played: ``event`` (categorical), ``round``, ``player``
        (1..n_players, the start rank by rating), ``opponent`` (``Int64``, missing for a bye),
        ``score`` (1, 0.5 or 0 from the player's side) and ``rating`` (the player's rating).

    Examples
    --------
    >>> df = swiss(2, 5, 3, seed=1)
    >>> df.groupby(["event", "round"], observed=True).size().tolist()
    [5, 5, 5, 5, 5, 5]
    >>> int(df["opponent"].isna().sum())
    6
    """
    rng = np.random.default_rng(seed)
    n = n_events * n_players
    event_of = np.repeat(np.arange(n_events), n_players)
    rating = np.sort(rng.normal(1800, 250, size=(n_events, n_players)).round(), axis=1)[:, ::-1]
    rating = rating.reshape(-1).clip(1000, 2850).astype(np.int64)
    score = np.zeros(n)
    active = np.ones(n, dtype=bool)
    parts = []
    for rnd in range(1, n_rounds + 1):
        idx = np.flatnonzero(active)
        idx = idx[np.lexsort((rng.random(idx.size), -score[idx], event_of[idx]))]
        ev = event_of[idx]
        first = np.r_[True, ev[1:] != ev[:-1]]
        start = np.maximum.accumulate(np.where(first, np.arange(idx.size), 0))
        pos = np.arange(idx.size) - start
        size = np.bincount(ev, minlength=n_events)[ev]
        bye = (size % 2 == 1) & (pos == size - 1)
        paired = idx[~bye]  # consecutive pairs within each event
        a, b = paired[0::2], paired[1::2]
        expected = 1.0 / (1.0 + 10.0 ** ((rating[b] - rating[a]) / 400.0))
        u = rng.random(a.size)
        draw = u < draw_rate
        a_wins = ~draw & (rng.random(a.size) < expected)
        s_a = np.where(draw, 0.5, a_wins.astype(float))
        byes = idx[bye]
        player = np.concatenate([a, b, byes])
        opponent = np.concatenate([b, a, np.full(byes.size, -1)])
        points = np.concatenate([s_a, 1.0 - s_a, np.ones(byes.size)])
        parts.append((np.full(player.size, rnd), player, opponent, points))
        np.add.at(score, player, points)
        if rnd < n_rounds and drop_rate > 0:
            active &= rng.random(n) >= drop_rate

    rnd, player, opponent, points = (np.concatenate(x) for x in zip(*parts, strict=True))
    order = np.lexsort((player, rnd, event_of[player]))
    rnd, player, opponent, points = rnd[order], player[order], opponent[order], points[order]
    names = event_names(n_events, prefix)
    local_opp = pd.array(np.where(opponent < 0, 0, opponent % n_players + 1), dtype="Int64")
    local_opp[opponent < 0] = pd.NA
    return pd.DataFrame(
        {
            EVENT: pd.Categorical.from_codes(event_of[player], categories=names.categories),
            ROUND: rnd.astype(np.int64),
            PLAYER: (player % n_players + 1).astype(np.int64),
            OPPONENT: local_opp,
            SCORE: points,
            RATING: rating[player],
        }
    )


# --- cards ---------------------------------------------------------------------------------------


# --- chess ---------------------------------------------------------------------------------------


# --- bridge --------------------------------------------------------------------------------------


# --- league --------------------------------------------------------------------------------------
