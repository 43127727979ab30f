"""Unplayed rounds as real programs write them: double forfeits, forfeits without an opponent,
the byes of the Krause format, PGN ``0-0``; each scored by every rule set, worked by hand."""

from __future__ import annotations

import pandas as pd
import pytest
from test_trf import player_line, write

from tourneystats.chess import read_pgn, read_trf, standings
from tourneystats.core.schema import ValidationError

# A 4-player Swiss of 3 rounds whose round 1 has a double forfeit (3 and 4 both lost by forfeit):
#   R1: 1-2 1-0,   3-4 double forfeit (0 each)
#   R2: 1-3 1/2,   2-4 1-0
#   R3: 1-4 1-0,   2-3 0-1
# Points: 1: 2.5, 2: 1.0, 3: 1.5, 4: 0.0.
ROWS = [
    (1, 1, 2, "w", 1.0, "played"), (1, 2, 1, "b", 0.0, "played"),
    (1, 3, 4, None, 0.0, "forfeit_loss"), (1, 4, 3, None, 0.0, "forfeit_loss"),
    (2, 1, 3, "w", 0.5, "played"), (2, 3, 1, "b", 0.5, "played"),
    (2, 2, 4, "w", 1.0, "played"), (2, 4, 2, "b", 0.0, "played"),
    (3, 1, 4, "w", 1.0, "played"), (3, 4, 1, "b", 0.0, "played"),
    (3, 2, 3, "w", 0.0, "played"), (3, 3, 2, "b", 1.0, "played"),
]  # fmt: skip


def double_forfeit() -> pd.DataFrame:
    frame = pd.DataFrame(ROWS, columns=["round", "player", "opponent", "colour", "points", "kind"])
    return frame.assign(event="E", opponent=frame["opponent"].astype("Int64"))


# By hand, for players 1..4 (BH, BH/C1, SB):
# fide2024: a double forfeit is a forfeit loss, a VUR, for each (C.07 2024 art. 16.2); the
#   opponents see it at face value (0: the player was paired, 16.3), so the scores seen are the
#   points 2.5, 1, 1.5, 0. Own round: a dummy at the player's final score, result 0.
#   BH 3 = 1.5 (dummy) + 2.5 + 1 = 5.0; BH/C1 cuts the VUR (1.5 >= the least, 1): 3.5.
#   BH 4 = 0 + 1 + 2.5 = 3.5; BH/C1 cuts the VUR (0): 3.5. SB 3 = 0 + 1.25 + 1 = 2.25.
# fide2026: the dummy capped at the scheduled opponent's score as counted (16.4.1): for 3,
#   min(1.5, 0) = 0, BH 3.5; for 4, min(0, 1.5) = 0, BH 3.5.
# adjusted: an unplayed round is a draw against oneself: adjusted scores 2.5, 1, 2.0, 0.5.
#   BH 1 = 1 + 2 + 0.5 = 3.5; BH 3 = 2.0 (self) + 2.5 + 1 = 5.5; SB 3 = 1.0 + 1.25 + 1 = 3.25;
#   SB 4 = 0.25.
# fide2009: opponents see the adjusted scores; an own unplayed round 1 of 3 is against a
#   virtual opponent of SPR + (1 - SfPR) + 0.5 (n - R) = 0 + 1 + 1 = 2.0, result 0.
#   BH 3 = 2.0 + 2.5 + 1 = 5.5, BH 4 = 2.0 + 1 + 2.5 = 5.5, SB 3 = 0 + 1.25 + 1 = 2.25.
EXPECTED = {
    "fide2024": {"BH": [2.5, 4.0, 5.0, 3.5], "BH/C1": [2.5, 4.0, 3.5, 3.5],
                 "SB": [1.75, 0.0, 2.25, 0.0]},
    "fide2026": {"BH": [2.5, 4.0, 3.5, 3.5], "BH/C1": [2.5, 4.0, 3.5, 3.5],
                 "SB": [1.75, 0.0, 2.25, 0.0]},
    "adjusted": {"BH": [3.5, 5.0, 5.5, 4.0], "BH/C1": [3.0, 4.5, 4.5, 3.5],
                 "SB": [2.5, 0.5, 3.25, 0.25]},
    "fide2009": {"BH": [3.5, 5.0, 5.5, 5.5], "BH/C1": [3.0, 4.5, 4.5, 4.5],
                 "SB": [2.5, 0.5, 2.25, 0.0]},
}  # fmt: skip


@pytest.mark.parametrize("rules", sorted(EXPECTED))
def test_a_double_forfeit_is_an_unplayed_round_for_both(rules):
    table = standings(double_forfeit(), tiebreaks=["BH", "BH/C1", "SB"], rules=rules)
    table = table.set_index("player").sort_index()
    assert table["PTS"].tolist() == [2.5, 1.0, 1.5, 0.0]
    for code, values in EXPECTED[rules].items():
        assert table[code].tolist() == values, (rules, code)


def test_a_double_forfeit_from_a_trf_file_and_a_pgn_file(tmp_path):
    text = "\n".join(
        [
            "012 Double forfeit",
            player_line(1, [(2, "w", "1"), (3, "w", "="), (4, "w", "1")], points=2.5),
            player_line(2, [(1, "b", "0"), (4, "w", "1"), (3, "w", "0")], points=1.0),
            player_line(3, [(4, "-", "-"), (1, "b", "="), (2, "b", "1")], points=1.5),
            player_line(4, [(3, "-", "-"), (2, "b", "0"), (1, "b", "0")], points=0.0),
        ]
    )
    data = read_trf(write(tmp_path, text))
    rows = data.results.set_index(["round", "player"])
    assert rows.loc[(1, 3), ["opponent", "kind"]].tolist() == [4, "forfeit_loss"]
    assert rows.loc[(1, 4), ["opponent", "kind"]].tolist() == [3, "forfeit_loss"]
    table = standings(data.results, tiebreaks=["BH", "SB"], rules="fide2026")
    assert table.set_index("player").sort_index()["BH"].tolist() == EXPECTED["fide2026"]["BH"]

    games = [(1, "1", "2", "1-0"), (1, "3", "4", "0-0"), (2, "1", "3", "1/2-1/2"),
             (2, "2", "4", "1-0"), (3, "1", "4", "1-0"), (3, "2", "3", "0-1")]  # fmt: skip
    pgn = "".join(
        f'[Event "E"]\n[Round "{r}"]\n[White "P{w}"]\n[Black "P{b}"]\n'
        f'[WhiteElo "{2500 - int(w)}"]\n[BlackElo "{2500 - int(b)}"]\n[Result "{res}"]\n\n{res}\n\n'
        for r, w, b, res in games
    )
    (tmp_path / "e.pgn").write_text(pgn)
    data = read_pgn(tmp_path / "e.pgn")  # start ranks by rating: P1 is 1, ..., P4 is 4
    table = standings(data.results, tiebreaks=["BH", "SB"], rules="adjusted")
    assert table.set_index("player").sort_index()["BH"].tolist() == EXPECTED["adjusted"]["BH"]


@pytest.mark.parametrize(
    ("mine", "theirs", "points"),
    [
        ("played", "played", (1.0, 0.5)),  # one side a win, the other a draw
        ("forfeit_win", "forfeit_win", (1.0, 1.0)),  # two winners of one forfeit
        ("forfeit_loss", "played", (0.0, 1.0)),  # a forfeit on one side only
        ("forfeit_win", "played", (1.0, 0.0)),
        ("forfeit_loss", "forfeit_win", (0.0, 0.0)),  # a forfeit win without its point
    ],
)
def test_sides_that_disagree_are_still_refused_naming_event_round_and_players(mine, theirs, points):
    frame = double_forfeit()
    at3 = (frame["round"] == 1) & (frame["player"] == 3)
    at4 = (frame["round"] == 1) & (frame["player"] == 4)
    frame.loc[at3, ["kind", "points"]] = [mine, points[0]]
    frame.loc[at4, ["kind", "points"]] = [theirs, points[1]]
    frame.loc[at3 | at4, "colour"] = ["w", "b"]
    with pytest.raises(ValidationError) as info:
        standings(frame)
    message = str(info.value)
    if mine == "forfeit_loss" and theirs == "forfeit_win":  # a forfeit win must be a win
        assert "points do not match the kind" in message
        assert "event='E', round=1, player=4, opponent=3" in message
    else:
        assert "two sides of a game do not match" in message
        assert "event='E', round=1, player=3, opponent=4" in message
        assert "event='E', round=1, player=4, opponent=3" in message


def test_forfeits_without_a_known_opponent_count_as_a_bye_and_an_absence():
    # 3 players, 2 rounds: R1 1-2 1-0 and 3 won by forfeit (opponent not known); R2 3-1 1-0 and
    # 2 lost by forfeit (opponent not known). Points 1, 0, 2.
    # fide2024: 2's round-2 forfeit loss, after his last round available (1), counts as a draw
    #   in his opponents' view (0.5). BH 1 = 0.5 + 2 = 2.5; BH 2 = 1 + 0 (dummy, his score);
    #   BH 3 = 2 (dummy: his score) + 1 = 3.
    # fide2026: the dummies capped at a draw's points times the rounds (no opponent, 16.4.2):
    #   BH 3 = min(2, 1) + 1 = 2.
    frame = pd.DataFrame(
        {
            "event": "E",
            "round": [1, 1, 1, 2, 2, 2],
            "player": [1, 2, 3, 1, 2, 3],
            "opponent": pd.array([2, 1, None, 3, None, 1], dtype="Int64"),
            "colour": ["w", "b", None, "b", None, "w"],
            "points": [1.0, 0.0, 1.0, 0.0, 0.0, 1.0],
            "kind": ["played", "played", "forfeit_win", "played", "forfeit_loss", "played"],
        }
    )
    got = {
        rules: standings(frame, tiebreaks=["BH", "SB"], rules=rules).set_index("player")["BH"]
        for rules in ("fide2024", "fide2026")
    }
    assert got["fide2024"].sort_index().tolist() == [2.5, 1.0, 3.0]
    assert got["fide2026"].sort_index().tolist() == [2.5, 1.0, 2.0]
    # the same numbers as a pairing-allocated bye and an absence, under every rule set
    as_byes = frame.assign(
        kind=frame["kind"].replace({"forfeit_win": "pab", "forfeit_loss": "zpb"})
    )
    for rules in ("adjusted", "fide2009", "fide2024", "fide2026"):
        codes = ["BH", "BH/C1", "SB", "PS", "REP", "STD", "WIN"]
        a = standings(frame, tiebreaks=codes, rules=rules)
        b = standings(as_byes, tiebreaks=codes, rules=rules)
        pd.testing.assert_frame_equal(a, b)


def test_a_game_without_an_opponent_is_still_refused():
    frame = double_forfeit()
    frame.loc[(frame["round"] == 2) & (frame["player"] == 1), "opponent"] = pd.NA
    with pytest.raises(ValidationError, match="played game .* has no opponent"):
        standings(frame)


def test_krause_byes_without_an_opponent(tmp_path):
    # FIDE's exchange format before TRF-16 wrote byes as 0000 - + (won) and 0000 - = (half)
    text = "\n".join(
        [
            player_line(1, [(2, "w", "1"), ("0000", "-", "+")], points=2.0),
            player_line(2, [(1, "b", "0"), ("0000", "-", "=")], points=0.5),
        ]
    )
    rows = read_trf(write(tmp_path, text)).results.set_index(["round", "player"])
    assert rows.loc[(2, 1), ["kind", "points"]].tolist() == ["pab", 1.0]
    assert rows.loc[(2, 2), ["kind", "points"]].tolist() == ["hpb", 0.5]
    # a game result without an opponent is still refused
    bad = "\n".join(
        [
            player_line(1, [(2, "w", "1"), ("0000", "-", "1")], points=2.0),
            player_line(2, [(1, "b", "0"), ("0000", "-", "=")], points=0.5),
        ]
    )
    with pytest.raises(ValidationError, match="a game result without an opponent"):
        read_trf(write(tmp_path, bad, name="bad.trf"))
