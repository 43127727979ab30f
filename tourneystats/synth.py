"""Seeded synthetic seasons, for the demo, the tests and the benchmarks.

Every generator is deterministic for a given ``seed`` and vectorised across events, so an archive
of thousands of events is generated in seconds. Rounds are generated one after the other (a Swiss
pairing depends on the scores so far), each round for all events at once.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from .core.schema import (
    DATE,
    EVENT,
    MATCH,
    OPPONENT,
    PLAYER,
    POINTS,
    RATING,
    ROUND,
    SCORE,
    SEASON,
    TARGET,
    TEAM,
    TOURNAMENT,
)

__all__ = [
    "bridge_pairs",
    "bridge_teams",
    "cards_season",
    "chess_swiss",
    "event_names",
    "league",
    "swiss",
]


def __dir__() -> list[str]:  # dir() lists the public names only
    return sorted(__all__)


def event_names(n_events: int, prefix: str = "E") -> pd.Categorical:
    """Event names (``E00001``, ``E00002`` and on) as an ordered-by-appearance categorical.

    Parameters
    ----------
    n_events : int
        How many names.
    prefix : str, default "E"
        What each name starts with.

    Returns
    -------
    pandas.Categorical
        The names, numbered with at least five digits.

    Examples
    --------
    >>> from tourneystats.synth import event_names
    >>> list(event_names(2, "C"))
    ['C00001', 'C00002']
    """
    width = max(5, len(str(n_events)))
    return pd.Categorical([f"{prefix}{i:0{width}d}" for i in range(1, n_events + 1)])  # type: ignore[return-value]


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
    >>> from tourneystats.synth import swiss
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
    >>> from tourneystats.synth import cards_season
    >>> df = cards_season(2, 5, 3, seed=1)
    >>> list(df.columns)
    ['event', 'round', 'player', 'opponent', 'wins', 'losses', 'draws']
    >>> df[df["opponent"].isna()][["wins", "losses", "draws"]].drop_duplicates().values.tolist()
    [[2, 0, 0]]
    """
    from .core.schema import DRAWS, LOSSES, WINS

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

_FEDERATIONS = np.array(["ESP", "FRA", "GER", "ITA", "NOR", "SWE", "USA", "IND", "ARG", "ECU"])


def chess_swiss(
    n_events: int,
    n_players: int,
    n_rounds: int,
    *,
    seed: int = 0,
    draw_rate: float = 0.3,
    forfeit_rate: float = 0.02,
    bye_rate: float = 0.03,
    withdraw_rate: float = 0.01,
    unrated_rate: float = 0.0,
    prefix: str = "C",
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Chess Swiss events in the canonical model, with every kind of unplayed round.

    Built on :func:`swiss`: its games are played over the board (random colours) and its byes are
    pairing-allocated byes (``pab``). Then a share of the games become forfeits (a random side
    wins), a share become requested byes (one side takes a half-point, full-point or zero-point
    bye, the other gets a ``pab``), and players who withdrew get a ``zpb`` row for every later
    round. Ratings are the :func:`swiss` ratings (a share may be unrated, NaN).

    Parameters
    ----------
    n_events, n_players, n_rounds : int
        Size of the archive.
    seed : int
        Seed of the random generator.
    draw_rate, forfeit_rate, bye_rate, withdraw_rate, unrated_rate : float
        Probabilities: of a draw, that a game is forfeited, that a game becomes a requested bye,
        that a player withdraws after a round, that a player is unrated.
    prefix : str
        Prefix of the event names.

    Returns
    -------
    results : pandas.DataFrame
        ``event, round, player, opponent, colour, points, kind, rating``, one row per player per
        round, sorted by event, round and player.
    players : pandas.DataFrame
        ``event, player, name, rating, fide_id, federation``.

    Examples
    --------
    >>> from tourneystats.synth import chess_swiss
    >>> results, players = chess_swiss(3, 7, 5, seed=2, forfeit_rate=0.2, bye_rate=0.2)
    >>> len(results) == 3 * 7 * 5, len(players)
    (True, 21)
    >>> sorted(set(results["kind"]))
    ['forfeit_loss', 'forfeit_win', 'hpb', 'pab', 'played', 'zpb']
    """
    rng = np.random.default_rng(seed + 7919)
    df = swiss(
        n_events, n_players, n_rounds, seed=seed, draw_rate=draw_rate, drop_rate=withdraw_rate,
        prefix=prefix,
    )  # fmt: skip
    ev = df[EVENT].cat.codes.to_numpy().astype(np.int64)
    rnd = df[ROUND].to_numpy()
    player = df[PLAYER].to_numpy()
    opp = df[OPPONENT].to_numpy(dtype=np.float64, na_value=np.nan)
    has = ~np.isnan(opp)
    opp_i = np.where(has, opp, 1).astype(np.int64)
    points = df[SCORE].to_numpy().copy()
    rating = df[RATING].to_numpy().astype(np.float64)

    # the full grid: event x round x player, absent cells are withdrawals (zpb)
    size = n_events * n_rounds * n_players
    cell = (ev * n_rounds + rnd - 1) * n_players + player - 1
    kind = np.full(size, 6, dtype=np.int8)  # zpb
    kind[cell] = np.where(has, 0, 3)  # played / pab
    pts = np.zeros(size)
    pts[cell] = points
    opp_g = np.zeros(size, dtype=np.int64)  # 0 = none
    opp_g[cell] = np.where(has, opp_i, 0)
    colour = np.zeros(size, dtype=np.int8)
    mate = (ev * n_rounds + rnd - 1) * n_players + opp_i - 1  # the opponent's cell
    first = has & (player < opp_i)
    a, b = cell[first], mate[first]
    white_first = rng.random(a.size) < 0.5
    colour[a] = np.where(white_first, 1, 2)
    colour[b] = np.where(white_first, 2, 1)
    u = rng.random(a.size)
    forfeit = u < forfeit_rate
    bye = (u >= forfeit_rate) & (u < forfeit_rate + bye_rate)
    a_wins = rng.random(a.size) < 0.5
    fa, fb = a[forfeit], b[forfeit]
    kind[fa] = np.where(a_wins[forfeit], 1, 2)
    kind[fb] = np.where(a_wins[forfeit], 2, 1)
    pts[fa] = a_wins[forfeit].astype(float)
    pts[fb] = 1.0 - pts[fa]
    colour[fa] = colour[fb] = 0
    swap = rng.random(a.size) < 0.5
    taker = np.where(swap, b, a)[bye]
    other = np.where(swap, a, b)[bye]
    which = rng.choice(np.array([5, 4, 6], dtype=np.int8), size=taker.size, p=[0.6, 0.1, 0.3])
    kind[taker] = which
    pts[taker] = np.select([which == 5, which == 4], [0.5, 1.0], 0.0)
    kind[other] = 3
    pts[other] = 1.0
    for c in (taker, other):
        colour[c] = 0
        opp_g[c] = 0

    # withdrawn players keep the grid's zpb rows (0 points, no opponent)
    per_player = np.full(n_events * n_players, np.nan)
    per_player[ev * n_players + player - 1] = rating
    if unrated_rate > 0:
        per_player[rng.random(per_player.size) < unrated_rate] = np.nan
    e_idx, r_idx, p_idx = np.unravel_index(np.arange(size), (n_events, n_rounds, n_players))
    names = event_names(n_events, prefix)
    events = pd.Categorical.from_codes(e_idx, categories=names.categories)
    opponent = pd.array(opp_g, dtype="Int64")
    opponent[opp_g == 0] = pd.NA
    colours = pd.Categorical.from_codes(
        colour.astype(np.int64) - 1, categories=pd.Index(["w", "b"])
    )
    kinds = pd.Categorical.from_codes(
        kind.astype(np.int64),
        categories=pd.Index(["played", "forfeit_win", "forfeit_loss", "pab", "fpb", "hpb", "zpb"]),
    )
    results = pd.DataFrame(
        {
            EVENT: events,
            ROUND: (r_idx + 1).astype(np.int64),
            PLAYER: (p_idx + 1).astype(np.int64),
            OPPONENT: opponent,
            "colour": colours,
            "points": pts,
            "kind": kinds,
            RATING: per_player[e_idx * n_players + p_idx],
        }
    )
    ids = np.arange(n_events * n_players)
    players = pd.DataFrame(
        {
            EVENT: pd.Categorical.from_codes(ids // n_players, categories=names.categories),
            PLAYER: (ids % n_players + 1).astype(np.int64),
            "name": [f"Player {i % n_players + 1}" for i in ids],
            RATING: per_player,
            "fide_id": (1_000_000 + ids).astype(np.int64),
            "federation": _FEDERATIONS[rng.integers(0, len(_FEDERATIONS), ids.size)],
        }
    )
    return results, players


# --- bridge --------------------------------------------------------------------------------------

#: strains of the generated contracts (index order of ``bridge.contract.STRAINS``): C, D, H, S, NT
_STRAIN_WEIGHTS = np.array([0.11, 0.11, 0.24, 0.26, 0.28])
#: tricks the declaring side can take on a board (7..13)
_PAR_TRICKS = np.arange(7, 14)
_PAR_WEIGHTS = np.array([0.14, 0.2, 0.22, 0.2, 0.12, 0.08, 0.04])


def _deals(rng: np.random.Generator, n: int) -> dict[str, np.ndarray]:
    """Per board: the side that owns it (0 NS, 1 EW), its best strain and its par tricks."""
    return {
        "side": rng.integers(0, 2, n),
        "strain": rng.choice(5, n, p=_STRAIN_WEIGHTS),
        "par": rng.choice(_PAR_TRICKS, n, p=_PAR_WEIGHTS),
    }


def _play(
    rng: np.random.Generator,
    deal: dict[str, np.ndarray],
    board_of: np.ndarray,
    board_number: np.ndarray,
    edge: np.ndarray,
) -> dict[str, Any]:
    """One result per entry: contract, declarer, tricks and the NS score.

    `board_of` indexes `deal` (one deal per board); `board_number` gives the vulnerability;
    `edge` is the NS pair's skill minus the EW pair's (better pairs bid and play better).
    """
    from .bridge.contract import SEATS, STRAINS, declarer_score, vulnerability

    n = board_of.size
    side = deal["side"][board_of].copy()
    strain = deal["strain"][board_of].copy()
    par = deal["par"][board_of].copy()
    # a minor-suit game is often played in no trump instead
    to_nt = (strain <= 1) & (par >= 9) & (rng.random(n) < 0.6)
    strain = np.where(to_nt, 4, strain)
    # bidding: game when the tricks are there (sometimes missed, sometimes stretched to),
    # slams on 12-13 tricks, part scores otherwise; another strain now and then
    game = np.array([5, 5, 4, 4, 3])[strain]
    u = rng.random(n)
    part = np.clip(par - 6 - (rng.random(n) < 0.4), 1, game - 1)
    has_game = par - 6 >= game
    level = np.where(has_game, np.where(u < 0.85, game, part), np.where(u < 0.15, game, part))
    slam = (par >= 12) & (rng.random(n) < 0.6)
    level = np.where(slam, np.where((par == 13) & (rng.random(n) < 0.4), 7, 6), level)
    # the other side sometimes buys the contract in a competitive part score
    steal = rng.random(n) < 0.1
    side = np.where(steal, 1 - side, side)
    strain = np.where(steal, rng.integers(0, 5, n), strain)
    par = np.where(steal, rng.integers(7, 10, n), par)
    level = np.where(steal, rng.integers(2, 4, n), level)
    other = rng.random(n) < 0.08
    strain = np.where(other, rng.integers(0, 5, n), strain)
    # play: the declaring side's skill edge moves the trick count
    decl_edge = np.where(side == 0, edge, -edge)
    tricks = par + np.rint(rng.normal(0.35 * decl_edge, 0.6, n)).astype(np.int64)
    tricks = np.where(other, tricks - rng.integers(0, 2, n), tricks)
    tricks = np.clip(tricks, 0, 13)
    doubled = (tricks < level + 6) & (rng.random(n) < np.where(steal, 0.3, 0.08))
    risk = np.where(doubled, 1 + (rng.random(n) < 0.05), 0)
    passed = rng.random(n) < 0.01
    level = np.where(passed, 0, level)
    seat = side + 2 * rng.integers(0, 2, n)  # N/S for side 0, E/W for side 1
    uniq, inv = np.unique(board_number, return_inverse=True)
    vul_board = np.asarray(vulnerability(uniq), dtype=object)
    vul = vul_board[inv.reshape(-1)]
    side_vul = (vul == "All") | ((vul == "NS") & (side == 0)) | ((vul == "EW") & (side == 1))
    score = declarer_score(level, strain, risk, tricks, side_vul.astype(bool))
    score = np.where(side == 0, score, -score)
    names = np.array(
        ["Pass"]
        + [f"{lv}{st}{x}" for lv in range(1, 8) for st in STRAINS for x in ("", "X", "XX")],
        dtype=object,
    )
    code = np.where(level == 0, 0, 1 + (level - 1) * 15 + strain * 3 + risk)
    return {
        "contract": names[code],
        "declarer": np.where(passed, None, np.asarray(SEATS, dtype=object)[seat]),
        "tricks": pd.array(np.where(passed, 0, tricks), dtype="Int64"),
        "ns_score": np.where(passed, 0, score).astype(np.int64),
        "passed": passed,
    }


def _mitchell(n_tables: int, rounds: int, boards_per_round: int) -> np.ndarray:
    """Seating of one Mitchell session: rows (round, table, ns, ew, board) with 1-based ids.

    NS pairs stay at their table; EW pairs move up one table a round (skipping a table half way
    when the number of tables is even), board sets move down one table a round.
    """
    r, t = np.meshgrid(np.arange(rounds), np.arange(n_tables), indexing="ij")
    skip = (n_tables % 2 == 0) & (r >= n_tables // 2)
    ew = (t - r - skip) % n_tables
    board_set = (t + r) % n_tables
    b = np.arange(boards_per_round)
    rows = np.column_stack(
        [
            np.repeat(r.ravel(), boards_per_round) + 1,
            np.repeat(t.ravel(), boards_per_round) + 1,
            np.repeat(t.ravel(), boards_per_round) + 1,
            np.repeat(ew.ravel(), boards_per_round) + 1,
            (np.repeat(board_set.ravel(), boards_per_round) * boards_per_round
             + np.tile(b, r.size)) + 1,
        ]
    )  # fmt: skip
    return rows


def _howell(n_tables: int, rounds: int, boards_per_round: int) -> np.ndarray:
    """Seating of one Howell session (2 x n_tables pairs, all tables play the round's boards):
    rows (round, table, ns, ew, board). Pairs meet by the circle method and change direction."""
    pairs = 2 * n_tables
    m = pairs - 1
    r, i = np.meshgrid(np.arange(rounds), np.arange(n_tables), indexing="ij")
    a = np.where(i == 0, m, (r + i) % m)
    b = np.where(i == 0, r % m, (r - i) % m)
    swap = (r + i) % 2 == 1
    ns, ew = np.where(swap, b, a), np.where(swap, a, b)
    k = np.arange(boards_per_round)
    return np.column_stack(
        [
            np.repeat(r.ravel(), boards_per_round) + 1,
            np.repeat(i.ravel(), boards_per_round) + 1,
            np.repeat(ns.ravel(), boards_per_round) + 1,
            np.repeat(ew.ravel(), boards_per_round) + 1,
            np.repeat(r.ravel(), boards_per_round) * boards_per_round + np.tile(k, r.size) + 1,
        ]
    )


def bridge_pairs(
    n_sessions: int,
    n_tables: int,
    *,
    movement: str = "mitchell",
    rounds: int | None = None,
    boards_per_round: int = 3,
    seed: int = 0,
    artificial_rate: float = 0.005,
    missing_rate: float = 0.0,
    sitout_rate: float = 0.0,
    roster: int | None = None,
    prefix: str = "S",
    start_date: str = "2024-01-03",
) -> pd.DataFrame:
    """Pairs sessions (club evenings) with Mitchell or Howell movements and realistic results.

    Every board gets a deal profile (which side owns it, its strain, how many tricks it makes);
    at each table the contract is usually the par one, sometimes an under- or overbid, another
    strain, a competitive part score by the other side, a penalty double or a pass-out; tricks
    vary around par, moved by the skill difference of the two pairs. Scores come from
    ``bridge.contract.declarer_score`` with the board's standard vulnerability.

    Parameters
    ----------
    n_sessions : int
        Number of sessions (events ``S00001``, ``S00002``, ..., a week apart).
    n_tables : int
        Tables per session.
    movement : {"mitchell", "howell", "mixed"}
        Mitchell: NS pairs 1..T stay, EW pairs 1..T move (two lines, shared numbers); Howell:
        pairs 1..2T, one field, all tables playing the round's boards; mixed: either at random.
    rounds : int, optional
        Rounds per session; default T for an odd Mitchell, T - 1 for an even one, 2T - 1 for a
        Howell.
    boards_per_round : int
        Boards played per round.
    seed : int
        Seed of the random generator: the same arguments give the same sessions.
    artificial_rate : float
        Probability that a result is replaced by an artificial score (A6040, A5050, A4060,
        A4040, A6060).
    missing_rate : float
        Probability that a result is missing (not played); the board is then Neuberg-scaled.
    sitout_rate : float
        Probability that a Mitchell session has a half table (one EW pair absent).
    roster : int, optional
        Size of a club roster of named pairs (``P001``...): each session seats pairs drawn from
        it (pair ids are then names, the same pair across sessions) and each pair has a skill.
        Default: pair numbers per session, equal skill.
    prefix, start_date : str
        Event names prefix; date of the first session.

    Returns
    -------
    pandas.DataFrame
        Pairs traveller frame: ``event`` (categorical), ``date``, ``section``, ``round``,
        ``board``, ``ns_pair``, ``ew_pair``, ``contract``, ``declarer``, ``tricks``,
        ``ns_score`` (``Int64``, missing for artificial results), ``artificial`` (string),
        sorted by event, board, round and table.

    Examples
    --------
    >>> from tourneystats.synth import bridge_pairs
    >>> df = bridge_pairs(2, 7, seed=1)
    >>> df.groupby("event", observed=True).size().tolist()
    [147, 147]
    >>> int(df.groupby(["event", "board"], observed=True).size().max())
    7
    """
    if movement not in ("mitchell", "howell", "mixed"):
        raise ValueError("movement must be 'mitchell', 'howell' or 'mixed'")
    if n_tables < 2:
        raise ValueError("a session needs at least 2 tables")
    rng = np.random.default_rng(seed)
    howell = {"mitchell": np.zeros(n_sessions, bool), "howell": np.ones(n_sessions, bool)}.get(
        movement, rng.random(n_sessions) < 0.5
    )
    seats: dict[bool, np.ndarray] = {}
    for kind in (False, True):
        if kind:
            rr = rounds if rounds is not None else 2 * n_tables - 1
            seats[kind] = _howell(n_tables, min(rr, 2 * n_tables - 1), boards_per_round)
        else:
            rr = rounds if rounds is not None else n_tables - (n_tables % 2 == 0)
            seats[kind] = _mitchell(n_tables, min(rr, n_tables), boards_per_round)
    # one block of rows per session, vectorised: session index repeated over its seating
    sizes = np.array([len(seats[bool(h)]) for h in howell])
    session = np.repeat(np.arange(n_sessions), sizes)
    block = np.concatenate([seats[bool(h)] for h in howell]) if n_sessions else np.zeros((0, 5))
    rnd, table, ns, ew, board = (block[:, k].astype(np.int64) for k in range(5))
    keep = np.ones(len(session), dtype=bool)
    if sitout_rate > 0:
        sits = (rng.random(n_sessions) < sitout_rate) & ~howell
        absent = rng.integers(1, n_tables + 1, n_sessions)
        keep &= ~(sits[session] & (ew == absent[session]))
    if missing_rate > 0:
        keep &= rng.random(len(session)) >= missing_rate
    session, rnd, table, ns, ew, board = (a[keep] for a in (session, rnd, table, ns, ew, board))
    hw = howell[session]
    # pair ids, skills
    n_seat = 2 * n_tables  # seat slots per session: Mitchell NS 1..T and EW T+1..2T; Howell 1..2T
    slot_ns = np.where(hw, ns, ns) - 1
    slot_ew = np.where(hw, ew, ew + n_tables) - 1
    if roster is not None:
        if roster < n_seat:
            raise ValueError(f"roster must have at least {n_seat} pairs")
        skill = rng.normal(0.0, 1.0, roster)
        keys = rng.random((n_sessions, roster)) - 0.3 * (np.arange(roster) % 3 == 0)
        chosen = np.argsort(keys, axis=1)[:, :n_seat]  # who comes to each session
        names = np.array([f"P{i + 1:03d}" for i in range(roster)], dtype=object)
        who_ns, who_ew = chosen[session, slot_ns], chosen[session, slot_ew]
        ns_id, ew_id = names[who_ns], names[who_ew]
        edge = skill[who_ns] - skill[who_ew]
    else:
        ns_id, ew_id = ns, ew
        edge = np.zeros(len(session))
    # deals: one per (session, board)
    n_boards = int(board.max()) if len(board) else 0
    deal = _deals(rng, n_sessions * n_boards)
    played = _play(rng, deal, session * n_boards + board - 1, board, edge)
    score = pd.array(played["ns_score"], dtype="Int64")
    art = rng.random(len(session)) < artificial_rate
    codes = np.array(["A6040", "A5050", "A4060", "A4040", "A6060"], dtype=object)
    artificial = np.where(art, codes[rng.choice(5, len(session), p=[0.3, 0.3, 0.3, 0.05, 0.05])],
                          None)  # type: ignore[call-overload]  # fmt: skip
    score[art] = pd.NA
    contract = np.where(art, None, played["contract"])
    declarer = np.where(art, None, played["declarer"])
    tricks = played["tricks"].copy()
    tricks[art] = pd.NA
    names_ev = event_names(n_sessions, prefix)
    dates = pd.Timestamp(start_date) + pd.to_timedelta(7 * np.arange(n_sessions), unit="D")
    out = pd.DataFrame(
        {
            EVENT: pd.Categorical.from_codes(session, categories=names_ev.categories),
            "date": dates[session],
            "section": "A",
            ROUND: rnd,
            "board": board,
            "ns_pair": ns_id,
            "ew_pair": ew_id,
            "contract": pd.array(contract, dtype="string"),  # type: ignore[call-overload]
            "declarer": pd.array(declarer, dtype="string"),  # type: ignore[call-overload]
            "tricks": tricks,
            "ns_score": score,
            "artificial": pd.array(artificial, dtype="string"),
        }
    )
    order = np.lexsort((table, rnd, board, session))
    return out.iloc[order].reset_index(drop=True)


def bridge_teams(
    n_events: int,
    n_teams: int,
    *,
    rounds: int | None = None,
    boards_per_match: int = 8,
    seed: int = 0,
    prefix: str = "T",
) -> pd.DataFrame:
    """Team events: round robins of matches, each board played at two tables.

    Teams ``Team 01``... meet by the circle method (with an odd number of teams one sits out
    each round). At table 1 the home team sits NS, at table 2 EW; both tables play the same
    deals, each team has a skill.

    Parameters
    ----------
    n_events, n_teams : int
        Events, and teams per event.
    rounds : int, optional
        Rounds per event (default: a full round robin).
    boards_per_match : int, default 8
        Boards of each match.
    seed : int, default 0
        Seed of the random generator.
    prefix : str, default "T"
        Prefix of the event names.

    Returns
    -------
    pandas.DataFrame
        Team results frame: ``event, round, board, home_team, visit_team, table, home_side,
        contract, declarer, tricks, ns_score``.

    Examples
    --------
    >>> from tourneystats.synth import bridge_teams
    >>> t = bridge_teams(1, 4, boards_per_match=6, seed=2)
    >>> t.groupby("round").size().tolist()
    [24, 24, 24]
    """
    rng = np.random.default_rng(seed)
    n = n_teams + (n_teams % 2)  # a phantom team for an odd number
    m = n - 1
    rounds = m if rounds is None else min(rounds, m)
    r, i = np.meshgrid(np.arange(rounds), np.arange(n // 2), indexing="ij")
    a = np.where(i == 0, m, (r + i) % m)
    b = np.where(i == 0, r % m, (r - i) % m)
    home, visit = np.where(r % 2 == 0, a, b).ravel(), np.where(r % 2 == 0, b, a).ravel()
    rnd = r.ravel()
    real = (home < n_teams) & (visit < n_teams)
    home, visit, rnd = home[real], visit[real], rnd[real]
    n_match = home.size
    # events x matches x boards x 2 tables
    ev = np.repeat(np.arange(n_events), n_match * boards_per_match * 2)
    mi = np.tile(np.repeat(np.arange(n_match), boards_per_match * 2), n_events)
    bi = np.tile(np.repeat(np.arange(boards_per_match), 2), n_events * n_match)
    table = np.tile(np.array([1, 2]), n_events * n_match * boards_per_match)
    board = rnd[mi] * boards_per_match + bi + 1
    skill = rng.normal(0.0, 1.0, (n_events, n_teams))
    h, v = home[mi], visit[mi]
    edge = np.where(table == 1, skill[ev, h] - skill[ev, v], skill[ev, v] - skill[ev, h])
    deal_id = (ev * n_match + mi) * boards_per_match + bi
    deal = _deals(rng, n_events * n_match * boards_per_match)
    played = _play(rng, deal, deal_id, board, edge)
    team_names = np.array([f"Team {k + 1:02d}" for k in range(n_teams)], dtype=object)
    return pd.DataFrame(
        {
            EVENT: pd.Categorical.from_codes(
                ev, categories=event_names(n_events, prefix).categories
            ),
            ROUND: rnd[mi] + 1,
            "board": board,
            "home_team": team_names[h],
            "visit_team": team_names[v],
            "table": table,
            "home_side": np.where(table == 1, "NS", "EW"),
            "contract": pd.array(played["contract"], dtype="string"),
            "declarer": pd.array(played["declarer"], dtype="string"),
            "tricks": played["tricks"],
            "ns_score": played["ns_score"],
        }
    )


# --- league --------------------------------------------------------------------------------------

#: first names for synthetic league players (Swedish, with å, ä and ö, upper and lower case alike)
LEAGUE_NAMES = (
    "Agnes", "Alva", "Anders", "Anna", "Arvid", "Astrid", "Axel", "Åke", "Åsa", "Ärla",
    "Bengt", "Birgitta", "Bo", "Britt", "Cecilia", "Dan", "David", "Ebba", "Elin", "Elsa",
    "Emil", "Erik", "Eva", "Filip", "Frida", "Gösta", "Gun", "Göran", "Hanna", "Hugo",
    "Ida", "Ingrid", "Isak", "Johan", "Karin", "Kerstin", "Klara", "Lars", "Leif", "Linnea",
    "Magnus", "Maja", "Mats", "Nils", "Olle", "Oskar", "Pelle", "Ragnar", "Sara", "Sigrid",
    "Stina", "Sven", "Tove", "Ulla", "Ulf", "Vera", "Viktor", "Yngve", "Örjan", "Östen",
)  # fmt: skip


def league(
    n_seasons: int = 1,
    n_evenings: int = 20,
    n_players: int = 24,
    n_rounds: int = 6,
    *,
    seed: int = 0,
    team_size: int = 2,
    attendance: float = 0.75,
    late_share: float = 0.25,
    final_only_rate: float = 0.04,
    targets: tuple[int, ...] = (24, 24, 24, 21, 32),
    start: str = "2023-08-22",
) -> pd.DataFrame:
    """Seasons of league evenings: rotating 2-vs-2 matches per court, sit-outs, late joiners.

    Every season has `n_players` players of hidden skill; a quarter of them (`late_share`) join
    at a random evening of the first two thirds of the season, and each player comes to an evening
    (after joining) with probability `attendance`. An evening (weekly, from `start`; a season a
    year) has one point target drawn from `targets` and `n_rounds` rounds: each round the players
    who sat out least so far sit out (the attendance modulo 2 x `team_size`), the others are
    shuffled onto courts of two teams. A team's points are binomial in the target with its mean
    skill advantage; the other team takes the rest. A share `final_only_rate` of evenings (never a
    season's first) keep only each player's final score. Evenings with fewer than 2 x
    `team_size` players are not played.

    Parameters
    ----------
    n_seasons, n_evenings, n_players, n_rounds : int
        Size of the archive.
    seed : int
        Seed of the random generator.
    team_size : int
        Players per team (2: doubles).
    attendance, late_share, final_only_rate : float
        As above.
    targets : tuple of int
        Targets to draw each evening's target from (repeat one to make it more likely).
    start : str
        Date of the first evening.

    Returns
    -------
    pandas.DataFrame
        One row per player per match: ``season``, ``tournament`` (``S01E01``, ...), ``date``,
        ``round``, ``match`` (court), ``team`` (``A``/``B``), ``player``, ``points`` (the team's)
        and ``target``; a final-score-only evening as one row per player with ``round``, ``match``,
        ``team`` and ``target`` missing. Players are named from ``LEAGUE_NAMES`` (a random
        subset per season) when there are enough names, else ``P001``, ``P002``, ...

    Examples
    --------
    >>> from tourneystats.synth import league
    >>> df = league(1, 4, 9, 3, seed=2, final_only_rate=0.0)
    >>> sizes = df.groupby(["tournament", "round", "match", "team"]).size()
    >>> sorted(set(sizes.tolist()))
    [2]
    >>> bool((df.groupby(["tournament", "round", "match"])["points"].sum()
    ...       == 2 * df.groupby(["tournament", "round", "match"])["target"].first()).all())
    True
    """
    rng = np.random.default_rng(seed)
    per_court = 2 * team_size
    n_ev = n_seasons * n_evenings
    season_of_ev = np.repeat(np.arange(n_seasons), n_evenings)
    evening_no = np.tile(np.arange(n_evenings), n_seasons)
    skill = rng.normal(0.0, 0.6, size=(n_seasons, n_players))
    join = np.where(
        rng.random((n_seasons, n_players)) < late_share,
        rng.integers(1, max(2, (2 * n_evenings) // 3 + 1), size=(n_seasons, n_players)),
        0,
    )
    here = (rng.random((n_ev, n_players)) < attendance) & (
        evening_no[:, None] >= join[season_of_ev]
    )
    count = here.sum(axis=1)
    here &= (count >= per_court)[:, None]
    ev, pl = np.nonzero(here)  # sorted by evening, then player
    player = season_of_ev[ev] * n_players + pl
    target_of_ev = rng.choice(np.asarray(targets, dtype=np.int64), size=n_ev)
    n_here = np.bincount(ev, minlength=n_ev)
    sitters = (n_here % per_court)[ev]
    flat_skill = skill.reshape(-1)

    sat = np.zeros(ev.size, np.int64)
    parts = []
    for rnd in range(1, n_rounds + 1):
        order = np.lexsort((rng.random(ev.size), sat, ev))
        first = np.r_[True, ev[order][1:] != ev[order][:-1]] if ev.size else np.zeros(0, bool)
        pos = np.arange(ev.size) - np.maximum.accumulate(np.where(first, np.arange(ev.size), 0))
        sits = np.empty(ev.size, bool)
        sits[order] = pos < sitters[order]
        sat += sits
        playing = np.flatnonzero(~sits)
        playing = playing[np.lexsort((rng.random(playing.size), ev[playing]))]
        e = ev[playing]
        first = np.r_[True, e[1:] != e[:-1]] if e.size else np.zeros(0, bool)
        pos = np.arange(e.size) - np.maximum.accumulate(np.where(first, np.arange(e.size), 0))
        court = pos // per_court
        side = (pos % per_court) // team_size  # 0: A, 1: B
        # one slot per team: (players of team A then team B), court by court
        n_courts = e.size // per_court
        team_skill = flat_skill[player[playing]].reshape(n_courts, 2, team_size).mean(axis=2)
        target = target_of_ev[e.reshape(n_courts, per_court)[:, 0]]
        share = 1.0 / (1.0 + np.exp(-1.5 * (team_skill[:, 0] - team_skill[:, 1])))
        points_a = rng.binomial(target, share)
        team_points = np.stack([points_a, target - points_a], axis=1)
        pts = team_points[np.arange(e.size) // per_court, side]
        parts.append((playing, np.full(e.size, rnd), court + 1, side, pts, target_of_ev[e]))

    row, rnd, court, side, pts, target = (np.concatenate(x) for x in zip(*parts, strict=True))
    order = np.lexsort((player[row], side, court, rnd, ev[row]))
    row, rnd, court, side, pts, target = (a[order] for a in (row, rnd, court, side, pts, target))
    e = ev[row]
    if n_players <= len(LEAGUE_NAMES):
        pool = np.asarray(LEAGUE_NAMES, dtype=object)
        names = np.concatenate([rng.permutation(pool)[:n_players] for _ in range(n_seasons)])
    else:
        width = len(str(n_players))
        names = np.asarray([f"P{i:0{max(3, width)}d}" for i in range(1, n_players + 1)] * n_seasons)
    season_names = np.asarray([f"S{s:02d}" for s in range(1, n_seasons + 1)], dtype=object)
    evening_names = np.asarray(
        [f"S{s:02d}E{k:02d}" for s in range(1, n_seasons + 1) for k in range(1, n_evenings + 1)],
        dtype=object,
    )
    dates = (
        pd.Timestamp(start) + pd.to_timedelta(season_of_ev * 364 + evening_no * 7, unit="D")
    ).to_numpy()
    frame = pd.DataFrame(
        {
            SEASON: season_names[season_of_ev[e]],
            TOURNAMENT: evening_names[e],
            DATE: dates[e],
            ROUND: pd.array(rnd, dtype="Int64"),
            MATCH: pd.array(court, dtype="Int64"),
            TEAM: np.where(side == 0, "A", "B").astype(object),
            PLAYER: names[player[row]],
            POINTS: pts.astype(np.int64),
            TARGET: pd.array(target, dtype="Int64"),
        }
    )
    final_only = (rng.random(n_ev) < final_only_rate) & (evening_no > 0)
    if final_only.any():
        fso = final_only[e]
        totals = (
            frame.loc[fso]
            .groupby([SEASON, TOURNAMENT, DATE, PLAYER], sort=True)[POINTS]
            .sum()
            .reset_index()
        )
        frame = pd.concat([frame.loc[~fso], totals], ignore_index=True)
        frame = frame.sort_values([DATE, ROUND, MATCH, TEAM], kind="stable", na_position="last")
        frame = frame.reset_index(drop=True)[
            [SEASON, TOURNAMENT, DATE, ROUND, MATCH, TEAM, PLAYER, POINTS, TARGET]
        ]
    for column in (SEASON, TOURNAMENT, TEAM, PLAYER):
        frame[column] = frame[column].astype("string")
    return frame
