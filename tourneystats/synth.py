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

#: strains of the generated contracts (index order of ``_contract.STRAINS``): C, D, H, S, NT
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
) -> dict[str, np.ndarray]:
    """One result per entry: contract, declarer, tricks and the NS score.

    `board_of` indexes `deal` (one deal per board); `board_number` gives the vulnerability;
    `edge` is the NS pair's skill minus the EW pair's (better pairs bid and play better).
    """
    from ._contract import SEATS, STRAINS, declarer_score, vulnerability

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
    :func:`tourneystats._contract.declarer_score` with the board's standard vulnerability.

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
    seats = {}
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
                          None)  # fmt: skip
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
            "contract": pd.array(contract, dtype="string"),
            "declarer": pd.array(declarer, dtype="string"),
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

    Returns
    -------
    pandas.DataFrame
        Team results frame: ``event, round, board, home_team, visit_team, table, home_side,
        contract, declarer, tricks, ns_score``.

    Examples
    --------
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
