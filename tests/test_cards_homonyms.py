"""Players an event's standings list under one name (`tourneystats.cards.homonyms`): whose
match each is, told by the published records and percentages of each of them."""

from __future__ import annotations

import random
import warnings
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from tourneystats.cards import RULES, file_report, read_mtg_json, standings, standings_from_path
from tourneystats.cards import check as check_module
from tourneystats.cards.homonyms import told_apart
from tourneystats.cards.published import CardsFile

JSON_DIR = Path(__file__).parent / "data" / "cards" / "mtgjson"
FOCACCIA = (
    JSON_DIR / "pauper-focaccia-ipt-lega-pauper-genova-sabato-24-maggio-ore-1000-278254-"
    "2025-05-24.json"
)
COLUMNS = ["event", "round", "player", "opponent", "wins", "losses", "draws"]


def quietly(func, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return func(*args, **kwargs)


def counts(table: pd.DataFrame) -> dict[str, tuple[int, int]]:
    per = table.groupby("value")["equal"].agg(["sum", "size"])
    return {name: (int(s), int(n)) for name, (s, n) in per.iterrows()}


def shared_name(data: CardsFile) -> str:
    names = data.published["player"]
    return str(names[names.duplicated()].iloc[0])


# --- a real file: two players named alike among 126 --------------------------------------------


def test_real_file_reproduced_once_the_two_players_are_told_apart(monkeypatch):
    """melee.gg, 2025-05-24: two players of one name (P004 here) with 3-3 and 3-4. Told apart by
    their records and percentages, every published value of the other players is reproduced;
    with the reader's labels (the first match of the name in each round is ``P004``) their
    opponents' OMW% and OGW% and the ranks moved by them are not."""
    data = quietly(read_mtg_json, FOCACCIA)
    name = shared_name(data)
    entries = data.published[data.published["player"] == name]
    assert entries[["Wins", "Losses"]].values.tolist() == [[3, 3], [3, 4]]
    row, table = quietly(file_report, FOCACCIA)
    assert row["status"] == "equal" and (row["compared"], row["equal"]) == (625, 625)
    assert name not in set(table["player"])  # their own values told them apart: not compared
    # each has his published record once told apart
    fixed = told_apart(data).results
    for label, (_, entry) in zip([name, f"{name} (2)"], entries.iterrows(), strict=True):
        mine = fixed[fixed["player"] == label]
        assert (mine["wins"] > mine["losses"]).sum() == entry["Wins"]
        assert (mine["wins"] < mine["losses"]).sum() == entry["Losses"]
    # the caller's frames are not changed
    assert data.results.equals(quietly(read_mtg_json, FOCACCIA).results)
    # the reader's labels alone
    monkeypatch.setattr(check_module, "told_apart", lambda d: d)
    row, table = quietly(file_report, FOCACCIA)
    assert row["status"] == "different" and row["equal"] == 572
    assert counts(table)["OMWP"][0] < counts(table)["OMWP"][1]


def test_standings_of_the_file_tell_them_apart_as_check_does():
    table = quietly(standings_from_path, FOCACCIA).set_index("player")
    published = quietly(read_mtg_json, FOCACCIA).published
    once = published.drop_duplicates("player", keep=False).set_index("player")
    assert (table.loc[once.index, "omwp"] - once["OMWP"]).abs().max() < 5e-9
    assert (table.loc[once.index, "ogwp"] - once["OGWP"]).abs().max() < 5e-9


# --- worked examples ---------------------------------------------------------------------------


def event_of(rows: list[tuple], published: list[tuple]) -> CardsFile:
    """An event "e" of melee.gg from (round, player, opponent, wins, losses) rows, each written
    from one side, and its published (player, wins, losses, omwp, ogwp)."""
    both = rows + [(r, o, p, lo, w) for r, p, o, w, lo in rows if o is not None]
    results = pd.DataFrame([("e", *r, 0) for r in both], columns=COLUMNS)
    results["opponent"] = results["opponent"].astype("string")
    pub = pd.DataFrame(published, columns=["player", "Wins", "Losses", "OMWP", "OGWP"])
    pub = pub.assign(event="e", Draws=0)
    events = pd.DataFrame({"event": ["e"], "platform": ["melee"], "date": [pd.NaT]})
    players = results[["event", "player"]].drop_duplicates().assign(name=lambda f: f["player"])
    return CardsFile(results, pub, events, players)


def test_percentages_tell_apart_what_records_do_not():
    """Two players named Al, both 1-1: one beat Bo and lost to Dee, the other beat Cy and lost
    to Ed; the reader's labels mix them. Bo (0-2: MW% floored to 1/3, melee.gg's floor), Dee (2-0: 1), Cy and Ed
    (1-1: 1/2): the first Al is published with OMW% (1/3 + 1)/2 = 2/3, the second with
    (1/2 + 1/2)/2 = 1/2, which no other way of giving them the four matches gives."""
    rows = [
        (1, "Al", "Cy", 2, 0), (1, "Al (2)", "Bo", 2, 0), (1, "Dee", "Ed", 2, 0),
        (2, "Al", "Ed", 0, 2), (2, "Al (2)", "Dee", 0, 2), (2, "Cy", "Bo", 2, 0),
    ]  # fmt: skip
    assert RULES["melee"].floor == pytest.approx(1 / 3)
    data = event_of(rows, [("Al", 1, 1, 2 / 3, 2 / 3), ("Al", 1, 1, 0.5, 0.5)])
    fixed = told_apart(data).results
    opponent = fixed.set_index(["round", "player"])["opponent"]
    assert opponent[(1, "Al")] == "Bo" and opponent[(1, "Al (2)")] == "Cy"
    assert opponent[(2, "Al")] == "Dee" and opponent[(2, "Al (2)")] == "Ed"
    assert opponent[(1, "Bo")] == "Al" and opponent[(2, "Dee")] == "Al"
    assert opponent[(1, "Cy")] == "Al (2)" and opponent[(2, "Ed")] == "Al (2)"
    table = standings(fixed, rules=RULES["melee"]).set_index("player")
    assert table.loc["Al", "omwp"] == pytest.approx(2 / 3)
    assert table.loc["Al (2)", "omwp"] == pytest.approx(0.5)
    # Bo met the first Al (1-1) and Cy (1-1); with the reader's labels he met "Al (2)" in round 1
    assert table.loc["Bo", "omwp"] == pytest.approx(0.5)


def test_two_equal_ways_keep_the_labels_and_say_so():
    """Both Al beat a 0-1 player: nothing tells which beat Bo and which Cy."""
    rows = [(1, "Al", "Bo", 2, 0), (1, "Al (2)", "Cy", 2, 0)]
    data = event_of(rows, [("Al", 1, 0, 1 / 3, 1 / 3), ("Al", 1, 0, 1 / 3, 1 / 3)])
    with pytest.warns(UserWarning, match=r"named 'Al' are not told apart \(two ways"):
        fixed = told_apart(data)
    assert fixed.results.equals(data.results)


def test_records_no_way_gives_keep_the_labels_and_say_so():
    rows = [(1, "Al", "Bo", 2, 0), (1, "Al (2)", "Cy", 2, 0)]
    data = event_of(rows, [("Al", 2, 0, 1 / 3, 1 / 3), ("Al", 0, 0, 1 / 3, 1 / 3)])
    with pytest.warns(UserWarning, match="no way of giving them their matches gives their"):
        told_apart(data)


def test_a_file_without_shared_names_is_returned_as_it_is():
    data = event_of([(1, "Al", "Bo", 2, 0)], [("Al", 1, 0, 1 / 3, 1 / 3), ("Bo", 0, 1, 1, 1)])
    assert told_apart(data) is data


# --- against a plain-Python reference ----------------------------------------------------------


def swiss_event(seed: int, players: int, rounds: int) -> tuple[pd.DataFrame, list[str]]:
    """Random pairings and results of an event with two players A1 and A2 (one name), each
    match written from one side; a bye (odd players) has no opponent."""
    rng = random.Random(seed)
    names = ["A1", "A2"] + [f"P{i}" for i in range(players - 2)]
    rows = []
    for r in range(1, rounds + 1):
        order = names[:]
        rng.shuffle(order)
        if len(order) % 2:
            rows.append((r, order.pop(), None, 2, 0))
        for a, b in zip(order[::2], order[1::2], strict=True):
            w, lo = rng.choice([(2, 0), (0, 2), (2, 1), (1, 2)])
            rows.append((r, a, b, w, lo) if rng.random() < 0.5 else (r, b, a, lo, w))
    return rows, names


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(5, 10), rounds=st.integers(2, 5))
def test_told_apart_finds_who_played_which_match(seed, players, rounds):
    """Published values computed from the true players (A1, A2); the reader's labels mix them
    (in each round the first of them met is ``A``). Whenever the players are told apart, each
    match is given to the one who played it; when they are not, a warning says so and nothing
    moves. Reference: the true labels, relabelled the plain way."""
    rows, _ = swiss_event(seed, players, rounds)
    both = rows + [(r, o, p, lo, w) for r, p, o, w, lo in rows if o is not None]
    truth = pd.DataFrame([("e", *r, 0) for r in both], columns=COLUMNS)
    truth["opponent"] = truth["opponent"].astype("string")
    if ((truth["player"] == "A1") & (truth["opponent"] == "A2")).any():
        return  # players of one name who meet are never told apart (tested apart)
    table = standings(truth, rules=RULES["melee"]).set_index("player")
    # the standings list the name twice, A1 first; every other player once
    a_entries = [("A", *published_of(truth, table, p)) for p in ("A1", "A2")]
    others = [(p, *published_of(truth, table, p)) for p in table.index if p not in ("A1", "A2")]
    # the reader's labels: in each round, the first of A1 and A2 in the file's order is "A"
    rng = random.Random(seed + 1)
    label, read = {}, []
    for r in range(1, rounds + 1):
        here = [row for row in rows if row[0] == r]
        rng.shuffle(here)
        met = 0
        for row in here:
            for name in (row[1], row[2]):
                if name in ("A1", "A2"):
                    met += 1
                    label[(r, name)] = "A" if met == 1 else "A (2)"
        read += here
    relabel = [
        (r, label.get((r, p), p), None if o is None else label.get((r, o), o), w, lo)
        for r, p, o, w, lo in read
    ]
    data = event_of(relabel, a_entries + others)
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        fixed = told_apart(data).results
    told = not any("not told apart" in str(w.message) for w in said)
    assert not any("no way" in str(w.message) for w in said)  # the truth is always a way
    if not told:
        assert fixed.equals(data.results)
        return
    # the plain reference: the true labels under the published order (A1 -> "A", A2 -> "A (2)")
    plain = {"A1": "A", "A2": "A (2)"}
    expected = sorted(
        (r, plain.get(p, p), plain.get(o, o) if o is not None else None, w, lo)
        for r, p, o, w, lo in both
    )
    got = sorted(
        (int(r), p, None if pd.isna(o) else o, int(w), int(lo))
        for r, p, o, w, lo in fixed[["round", "player", "opponent", "wins", "losses"]].itertuples(
            index=False
        )
    )
    assert got == expected


def published_of(truth: pd.DataFrame, table: pd.DataFrame, p: str) -> tuple:
    mine = truth[truth["player"] == p]
    won, lost = int((mine.wins > mine.losses).sum()), int((mine.wins < mine.losses).sum())
    return won, lost, table.loc[p, "omwp"], table.loc[p, "ogwp"]


def test_three_players_of_one_name():
    """Three Al, 1-0, 0-1 and a bye: the reader's labels give the win to the third; the
    records tell each his match."""
    rows = [(1, "Al", "Bo", 0, 2), (1, "Al (2)", None, 2, 0), (1, "Al (3)", "Cy", 2, 0)]
    data = event_of(
        rows,
        [("Al", 1, 0, 1 / 3, 1 / 3), ("Al", 0, 1, 1, 1), ("Al", 1, 0, None, None),
         ("Bo", 1, 0, 1 / 3, 1 / 3), ("Cy", 0, 1, 1, 1)],
    )  # fmt: skip
    fixed = told_apart(data).results.set_index(["round", "player"])["opponent"]
    assert fixed[(1, "Al")] == "Cy" and fixed[(1, "Al (2)")] == "Bo"
    assert pd.isna(fixed[(1, "Al (3)")])  # the bye
    assert fixed[(1, "Bo")] == "Al (2)" and fixed[(1, "Cy")] == "Al"


def test_too_many_ways_keep_the_labels_and_say_so(monkeypatch):
    import tourneystats.cards.homonyms as homonyms

    monkeypatch.setattr(homonyms, "MAX_WAYS", 2)
    rows = [(1, "Al", "Bo", 2, 0), (1, "Al (2)", "Cy", 0, 2)]
    rows += [(2, "Al", "Cy", 2, 0), (2, "Al (2)", "Bo", 0, 2)]
    data = event_of(rows, [("Al", 2, 0, 0.5, 0.5), ("Al", 0, 2, 0.5, 0.5)])
    with pytest.warns(UserWarning, match="4 ways of giving them their matches, more than 2"):
        fixed = told_apart(data)
    assert fixed.results.equals(data.results)


def test_check_names_no_label_of_a_shared_name_as_a_player_not_listed(tmp_path):
    """The second player of a shared name is labelled "name (2)": not a player the standings
    fail to list."""
    import json

    path = tmp_path / "e.json"
    rounds = [{"RoundName": "Round 1", "Matches": [
        {"Player1": "Al", "Player2": "Bo", "Result": "2-0-0"},
        {"Player1": "Al", "Player2": "Cy", "Result": "0-2-0"}]}]  # fmt: skip
    standings_ = [
        {"Rank": r, "Player": p, "Points": pts, "Wins": w, "Losses": 1 - w, "Draws": 0,
         "OMWP": o, "GWP": g, "OGWP": o}
        for r, p, pts, w, o, g in [(1, "Al", 3, 1, 1 / 3, 1.0), (2, "Cy", 3, 1, 1 / 3, 1.0),
                                   (3, "Al", 0, 0, 1.0, 1 / 3), (4, "Bo", 0, 0, 1.0, 1 / 3)]
    ]  # fmt: skip
    path.write_text(json.dumps({"Tournament": {"Uri": "https://melee.gg/Tournament/View/1"},
                                "Rounds": rounds, "Standings": standings_}))  # fmt: skip
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        row, table = file_report(path)
    assert not any("do not list" in str(w.message) for w in said)
    assert row["status"] == "equal" and set(table["player"]) == {"Bo", "Cy"}


@pytest.mark.parametrize(
    ("rounds", "where"),
    [
        ([["Al", "Bo", "2-0-0"], ["Al", "Al (2)", "0-2-0"]], r"Rounds\[0\]\.Matches\[1\]"),
        ([], r"Standings\[1\]\.Player"),
    ],
)
def test_a_player_named_as_the_label_of_a_shared_name_is_refused(tmp_path, rounds, where):
    """'Al (2)' is the label the reader gives the second player named Al in a round: a real
    player so named, in a file whose standings list Al twice, is refused where he appears."""
    import json

    from tourneystats.core.schema import ValidationError

    path = tmp_path / "e.json"
    matches = [{"Player1": a, "Player2": b, "Result": r} for a, b, r in rounds]
    standings_ = [{"Rank": i + 1, "Player": p, "Points": 0} for i, p in
                  enumerate(["Al", "Al (2)", "Al", "Bo"])]  # fmt: skip
    path.write_text(json.dumps({
        "Tournament": {"Uri": "https://melee.gg/Tournament/View/1"},
        "Rounds": [{"RoundName": "Round 1", "Matches": matches}] if matches else [],
        "Standings": standings_}))  # fmt: skip
    with pytest.raises(ValidationError, match=where + r": a player named 'Al \(2\)', the label"):
        read_mtg_json(path)
    # where no name is listed twice, 'Al (2)' is a name like any other
    standings_[2]["Player"] = "Cy"
    path.write_text(json.dumps({"Tournament": {"Uri": "https://melee.gg/Tournament/View/1"},
                                "Rounds": [], "Standings": standings_}))  # fmt: skip
    assert "Al (2)" in set(quietly(read_mtg_json, path).published["player"])


def test_a_topdeck_player_named_as_a_deleted_accounts_label_is_refused(tmp_path):
    """topdeck.gg names every deleted account "Deleted": the second of a round is "Deleted (2)"."""
    import json

    from tourneystats.core.schema import ValidationError

    path = tmp_path / "t.json"
    matches = [{"Player1": "Deleted (2)", "Player2": "Bo", "Result": "1-0-0"}]
    path.write_text(json.dumps({
        "Tournament": {"Uri": "https://topdeck.gg/event/x"},
        "Rounds": [{"RoundName": "Round 1", "Matches": matches}], "Standings": []}))  # fmt: skip
    with pytest.raises(ValidationError, match=r"Rounds\[0\]\.Matches\[0\]: a player named"):
        read_mtg_json(path)
