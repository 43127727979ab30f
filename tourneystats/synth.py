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


def cards_season(
    n_events: int,
    n_players: int,
    n_rounds: int,
    *,
    seed: int = 0,
    drop_rate: float = 0.03,
    draw_rate: float = 0.05,
    intentional_draw_share: float = 0.5,
    three_game_rate: float = 0.4,
    unfinished_rate: float = 0.03,
    prefix: str = "E",
    season: str | None = None,
) -> pd.DataFrame:
    """Card-game Swiss events at the match level, with realistic best-of-three game scores.

    Pairings, byes and drops come from :func:`swiss`; each match outcome is turned into a game
    score: a match win is 2-0 or 2-1 (with probability `three_game_rate`), and with probability
    `unfinished_rate` time is called during the last game, which then counts as drawn (2-0-1,
    1-0-1); a drawn match is an intentional draw reported 0-0-3 (share `intentional_draw_share`)
    or a played draw, 1-1-0 or 1-1-1. A bye is reported 2-0-0.

    Parameters
    ----------
    n_events, n_players, n_rounds : int
        Size of the archive.
    seed : int
        Seed of the random generator.
    drop_rate : float
        Per-round probability that a player leaves the event.
    draw_rate : float
        Probability that a match is drawn.
    intentional_draw_share : float
        Share of the drawn matches that are intentional draws (0-0-3).
    three_game_rate : float
        Probability that a won match went to three games (2-1).
    unfinished_rate : float
        Probability that a won match had an unfinished last game (a drawn game).
    prefix : str
        Prefix of the event names.
    season : str, optional
        When given, a ``season`` column holding this label is added.

    Returns
    -------
    pandas.DataFrame
        One row per player per round played: ``event`` (categorical), ``round``, ``player``
        (1..n_players), ``opponent`` (``Int64``, missing for a bye), ``wins``, ``losses``,
        ``draws`` (games, from the player's side), and ``season`` when asked for.

    Examples
    --------
    >>> df = cards_season(2, 5, 3, seed=1)
    >>> list(df.columns)
    ['event', 'round', 'player', 'opponent', 'wins', 'losses', 'draws']
    >>> df[df["opponent"].isna()][["wins", "losses", "draws"]].drop_duplicates().values.tolist()
    [[2, 0, 0]]
    """
    from ._schema import DRAWS, LOSSES, SEASON, WINS

    base = swiss(
        n_events,
        n_players,
        n_rounds,
        seed=seed,
        draw_rate=draw_rate,
        drop_rate=drop_rate,
        prefix=prefix,
    )
    rng = np.random.default_rng([seed, 7])
    n = len(base)
    bye = base[OPPONENT].isna().to_numpy()
    score = base[SCORE].to_numpy()
    # Draw one game score per match, on the row of the lower-numbered player, then mirror it.
    event_code = base[EVENT].cat.codes.to_numpy().astype(np.int64)
    player = base[PLAYER].to_numpy()
    opponent = base[OPPONENT].to_numpy(dtype=np.int64, na_value=0)
    rnd = base[ROUND].to_numpy()
    u = rng.random((3, n))
    winner_w = np.where(u[1] < unfinished_rate, np.where(u[2] < 0.5, 2, 1), 2)
    winner_l = np.where((u[1] >= unfinished_rate) & (u[0] < three_game_rate), 1, 0)
    winner_d = (u[1] < unfinished_rate).astype(np.int64)
    is_id = u[0] < intentional_draw_share
    draw_w = np.where(is_id, 0, 1)
    draw_d = np.where(is_id, 3, np.where(u[2] < 0.5, 1, 0))
    # the match's draw lives on the row of its lower-numbered player; look it up for the other
    key = (event_code * (n_rounds + 1) + rnd) * (n_players + 1)
    own = np.minimum(player, np.where(bye, player, opponent))
    lookup = np.full(int(key.max(initial=0)) + n_players + 2, -1, dtype=np.int64)
    lookup[key + player] = np.arange(n)
    src = lookup[key + own]
    wins = np.where(score == 1, winner_w[src], np.where(score == 0, winner_l[src], draw_w[src]))
    losses = np.where(score == 1, winner_l[src], np.where(score == 0, winner_w[src], draw_w[src]))
    draws = np.where(score == 0.5, draw_d[src], winner_d[src])
    wins = np.where(bye, 2, wins)
    losses = np.where(bye, 0, losses)
    draws = np.where(bye, 0, draws)
    out = pd.DataFrame(
        {
            EVENT: base[EVENT],
            ROUND: base[ROUND],
            PLAYER: base[PLAYER],
            OPPONENT: base[OPPONENT],
            WINS: wins.astype(np.int64),
            LOSSES: losses.astype(np.int64),
            DRAWS: draws.astype(np.int64),
        }
    )
    if season is not None:
        out.insert(0, SEASON, season)
    return out


# --- chess ---------------------------------------------------------------------------------------


# --- bridge --------------------------------------------------------------------------------------


# --- league --------------------------------------------------------------------------------------
