"""PGN reader, property: random tournaments written as PGN (a tiny writer, here in the tests) read
back as the same results, whatever the layout of the file."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pandas as pd
from hypothesis import given
from hypothesis import strategies as st

from tourneystats.chess import read_pgn, standings

NAMES = [
    "Carlsen, Magnus",
    "Müller, Jörg",
    'O"Brien, Pat',
    "Back\\slash",
    "Zhu",
    "de la Cruz, Ana",
    "Ng",
    "Öztürk, Ayşe",
    "Łukasz",
    "abe",
]
# result of a game: (white points, black points, how)
RESULTS = {
    "white": (1.0, 0.0, "played"),
    "black": (0.0, 1.0, "played"),
    "draw": (0.5, 0.5, "played"),
    "white by forfeit": (1.0, 0.0, "forfeit"),
    "black by forfeit": (0.0, 1.0, "forfeit"),
    "double forfeit": (0.0, 0.0, "double"),
}
BYES = {"pab": 1.0, "hpb": 0.5, "zpb": 0.0}


@st.composite
def tournaments(draw):
    """Players (name, FIDE id or None, first rating or None) and games (round, white, black,
    outcome; black None for a bye, then outcome is the bye's kind)."""
    n = draw(st.integers(2, 8))
    names = draw(st.permutations(NAMES))[:n]
    fides = [draw(st.none() | st.integers(1, 10**9)) for _ in range(n)]
    fides = [f if f not in fides[:k] else None for k, f in enumerate(fides)]  # distinct ids
    ratings = [draw(st.none() | st.integers(1000, 2900)) for _ in range(n)]
    games = []
    for rnd in range(1, draw(st.integers(1, 5)) + 1):
        order = draw(st.permutations(range(n)))
        pairs = draw(st.integers(0, n // 2))
        for k in range(pairs):
            outcome = draw(st.sampled_from(sorted(RESULTS)))
            games.append((rnd, order[2 * k], order[2 * k + 1], outcome))
        for p in order[2 * pairs :]:
            if draw(st.booleans()):
                games.append((rnd, p, None, draw(st.sampled_from(sorted(BYES)))))
    return names, fides, ratings, games


def quoted(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def write_pgn(names, fides, ratings, games, style: dict, seed: int) -> bytes:
    """The games as PGN, in a random order, tags in a random order, with the movetext `style`."""
    rng = random.Random(seed)
    out = []
    for board, (rnd, white, black, outcome) in enumerate(rng.sample(games, len(games))):
        tags, moves = [("Event", "Random open"), ("Round", f"{rnd}.{board + 1}")], "1. e4 e5"
        seats = [("White", white), ("Black", black)]
        if black is None:  # a bye: BYE plays the other colour
            points = BYES[outcome]
            result = {1.0: "1-0", 0.5: "1/2-1/2", 0.0: "0-1"}[points]
            if rng.random() < 0.5:
                seats = [("White", None), ("Black", white)]
                result = {"1-0": "0-1", "0-1": "1-0"}.get(result, result)
        else:
            w, b, how = RESULTS[outcome]
            result = {(1.0, 0.0): "1-0", (0.0, 1.0): "0-1", (0.5, 0.5): "1/2-1/2"}.get(
                (w, b), "0-0"
            )
            if how == "forfeit":
                if rng.random() < 0.5 or style["movetext"] == "tags only":
                    tags.append(("Termination", rng.choice(["forfeit", "Unplayed", "FORFEIT"])))
                else:
                    moves = "{ the opponent was defaulted }"
        tags.append(("Result", result))
        for side, p in seats:
            if p is None:
                tags.append((side, rng.choice(["BYE", "bye", "Bye"])))
                continue
            tags.append((side, names[p]))
            if fides[p] is not None and rng.random() < 0.8:
                tags.append((f"{side}FideId", str(fides[p])))
            if ratings[p] is not None:  # a rating that changes by round: the first one counts
                tags.append((f"{side}Elo", str(ratings[p] + 10 * (rnd - 1))))
        if rng.random() < 0.5:
            tags.append(("ECO", "C20"))
        rng.shuffle(tags)
        text = "".join(f'[{k} "{quoted(v)}"]\n' for k, v in tags)
        body = {
            "tags only": "",
            "moves": f"\n{moves} {result}\n",
            "comments": f'\n{moves} {{ see\n[Event "x"] }} ; a {{ remark\n{result}\n',
            "escapes": f"\n% a note\n{moves}\n{{ [%clk 0:10]\n}} {result}\n",
        }[style["movetext"]]
        out.append(text + body + "\n" * style["blank lines"])
    data = "".join(out).encode("utf-8")
    if style["crlf"]:
        data = data.replace(b"\n", b"\r\n")
    return (b"\xef\xbb\xbf" if style["bom"] else b"") + data


def expected_rows(names, games) -> list[tuple]:
    """(round, name, opponent's name, colour, points, kind) of every player who has a game, in
    every round up to the last."""
    rounds = max(g[0] for g in games)
    seen = {p for _, w, b, _ in games for p in (w, b) if p is not None}
    got = {(r, p): (None, None, 0.0, "zpb") for r in range(1, rounds + 1) for p in seen}
    for rnd, white, black, outcome in games:
        if black is None:
            got[(rnd, white)] = (None, None, BYES[outcome], outcome)
            continue
        w, b, how = RESULTS[outcome]
        for p, o, colour, pts in ((white, black, "w", w), (black, white, "b", b)):
            # a double forfeit (0-0): both lost by forfeit, against each other
            kind = "played" if how == "played" else ("forfeit_win" if pts else "forfeit_loss")
            got[(rnd, p)] = (names[o], colour, pts, kind)
    return sorted((r, names[p], *v) for (r, p), v in got.items())


def read_rows(data) -> list[tuple]:
    name = data.players.set_index("player")["name"]
    out = []
    for r in data.results.itertuples():
        opp = None if pd.isna(r.opponent) else name[r.opponent]
        colour = None if pd.isna(r.colour) else r.colour
        out.append((r.round, name[r.player], opp, colour, r.points, r.kind))
    return sorted(out)


STYLES = st.fixed_dictionaries(
    {
        "movetext": st.sampled_from(["tags only", "moves", "comments", "escapes"]),
        "blank lines": st.integers(1, 3),
        "crlf": st.booleans(),
        "bom": st.booleans(),
    }
)


@given(tournament=tournaments(), style=STYLES, seed=st.integers(0, 2**32 - 1))
def test_random_tournaments_read_back(tournament, style, seed):
    names, fides, ratings, games = tournament
    if not games:
        return
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "random.pgn"
        path.write_bytes(write_pgn(names, fides, ratings, games, style, seed))
        data = read_pgn(path)
    assert read_rows(data) == expected_rows(names, games)
    # start ranks: first rating (highest first, unrated last), then name, then FIDE id
    first_round = {}
    for rnd, white, black, _ in sorted(games):
        for p in (white, black):
            if p is not None:
                first_round.setdefault(p, rnd)
    players = data.players.set_index("name")
    for p, rnd in first_round.items():
        rating = None if ratings[p] is None else ratings[p] + 10 * (rnd - 1)
        row = players.loc[names[p]]
        assert (None if pd.isna(row["rating"]) else row["rating"]) == rating
        assert (None if pd.isna(row["fide_id"]) else row["fide_id"]) in (fides[p], None)
    order = sorted(
        first_round,
        key=lambda p: (
            -(
                players.loc[names[p], "rating"]
                if not pd.isna(players.loc[names[p], "rating"])
                else 0
            ),
            names[p].casefold(),
        ),
    )
    assert [players.loc[names[p], "player"] for p in order] == list(range(1, len(order) + 1))
    standings(data.results, rules="fide2026", players=data.players, events=data.events)
