"""People in every table: the names, ids and ratings a source gives, carried into the tables
computed from it (core.people), from the API and the command line, and selection by name."""

from __future__ import annotations

import json
import re
from pathlib import Path

import matplotlib
import pandas as pd
import pytest

from tourneystats import bridge, cards, chess, league
from tourneystats.bridge import read_pbn, read_usebio
from tourneystats.chess import write_trf
from tourneystats.cli import main
from tourneystats.core.people import select, with_people
from tourneystats.core.schema import PEOPLE

matplotlib.use("Agg")

HERE = Path(__file__).parent
DATA = HERE / "data"
TRF = DATA / "chess" / "tournament_1.txt"
PGN = DATA / "chess" / "pgn" / "FWWRC.pgn"
HOWELL = DATA / "bridge" / "usebio-mp-pairs-howell.xml"
BUTLER = DATA / "bridge" / "usebio-butler-mitchell.xml"
TEAMS_PBN = DATA / "bridge" / "pbn-teams-imps.pbn"
TOM = DATA / "cards" / "tom" / "league-night-2026-07.tdf"
MTG_JSON = DATA / "cards" / "mtgjson" / "the-ocho-modern-RJ0ZRODZmPjRmypf0oHr-2024-11-23.json"
LEAGUE = HERE.parent / "data" / "league" / "worked-example.csv"


# --- the join --------------------------------------------------------------------------------


def test_with_people_keeps_rows_and_two_players_of_one_name():
    table = pd.DataFrame({"event": ["E", "E", "F"], "player": [2, 1, 1], "rank": [1, 2, 1]})
    people = pd.DataFrame(
        {
            "event": ["E", "E", "F"],
            "player": [1, 2, 1],
            "name": ["Smith, J", "Smith, J", "Doe, Jane"],
            "fide_id": pd.array([7, 8, None], dtype="Int64"),
            "title": pd.array([None, None, None], dtype="string"),  # given for nobody
            "rank": [9, 9, 9],  # a published value: not a label, not carried
        }
    )
    before = people.copy()
    out = with_people(table, people)
    assert list(out.columns) == ["event", "player", "name", "fide_id", "rank"]
    assert out["player"].tolist() == [2, 1, 1] and out["rank"].tolist() == [1, 2, 1]
    assert out["name"].tolist() == ["Smith, J", "Smith, J", "Doe, Jane"]  # per event
    assert out["fide_id"].tolist()[:2] == [8, 7]  # one name, two players
    assert out["fide_id"].isna().tolist() == [False, False, True]
    pd.testing.assert_frame_equal(people, before)  # the caller's frame untouched
    assert "name" not in table.columns


def test_with_people_missing_match_and_ids_typed_differently():
    table = pd.DataFrame({"pair": ["1", "2", "9"], "mp": [3.0, 2.0, 1.0]})
    people = pd.DataFrame({"pair": [1, 2], "names": ["A & B", "C & D"]})
    out = with_people(table, people)
    assert out["names"].tolist()[:2] == ["A & B", "C & D"]
    assert pd.isna(out["names"].iloc[2])
    assert with_people(table, None) is table


def test_select_by_id_and_name_refuses_an_ambiguous_name():
    t = pd.DataFrame({"player": [1, 2, 3, 12], "name": ["Doe, Jane", "Smith, J", "Smith, J", "Bo"]})
    assert select(t, ["Doe, Jane", 12, "3"]) == [1, 12, 3]
    with pytest.raises(ValueError, match=r"'Smith, J' is the name of 2 players: 2 .*, 3 "):
        select(t, ["Smith, J"])
    with pytest.raises(ValueError, match=r"unknown player\(s\) 'Nobody'"):
        select(t, ["Nobody"])


# --- per reader: the standings of a real file carry what the file gives ------------------------


def test_trf_standings_carry_the_001_lines():
    table = chess.standings_from_path(TRF)
    # the 001 line of start number 1: "001    1 mGM  Player #1    2407 ECU ..."
    line = next(x for x in TRF.read_text().splitlines() if x.startswith("001    1 "))
    title, name, rating, federation = (
        line[10:13].strip(),
        line[14:47].strip(),
        line[48:52],
        line[53:56],
    )
    assert (title, name, rating, federation) == ("GM", "Player #1", "2407", "ECU")
    first = table[table["player"] == 1].iloc[0]
    assert (first["name"], first["title"], first["rating"], first["federation"]) == (
        name,
        title,
        int(rating),
        federation,
    )
    assert list(table.columns[:6]) == ["event", "player", "name", "title", "federation", "rating"]
    assert "fide_id" not in table.columns  # the file gives none
    assert table["name"].notna().all() and table["player"].is_unique


def test_pgn_standings_keep_the_pairing_number_and_add_fide_id_and_name():
    text = PGN.read_text()
    table = chess.standings_from_path(PGN)
    winner = table.iloc[0]
    assert winner["player"] == 10  # the C.07 pairing number stays the id
    assert (winner["name"], winner["fide_id"]) == ("Koneru, Humpy", 5008123)
    assert '[White "Koneru, Humpy"]' in text and '[WhiteFideId "5008123"]' in text
    assert len(table) == 110 and table["fide_id"].notna().all() and table["name"].is_unique
    # every name and FIDE id of the table is one the file's tags pair
    tags = set(re.findall(r'\[(?:White|Black) "([^"]+)"\]', text))
    assert set(table["name"]) <= tags


def test_usebio_standings_carry_both_players_of_every_pair():
    text = HOWELL.read_text()
    table = bridge.standings_from_path(HOWELL)
    top = table.iloc[0]
    assert (top["pair"], top["names"]) == ("6", "PLAYER 011 & PLAYER 012")
    for name in top["names"].split(" & "):
        assert f"<PLAYER_NAME>{name}</PLAYER_NAME>" in text
    assert table["names"].notna().all() and table["names"].is_unique
    assert list(table.columns[:5]) == ["event", "section", "line", "pair", "names"]
    mitchell = bridge.standings_from_path(BUTLER)  # NS and EW pairs of one number apart
    assert mitchell["names"].notna().all() and mitchell["names"].is_unique


def test_pbn_team_standings_carry_the_members():
    table = bridge.standings_from_path(TEAMS_PBN)
    top = table.iloc[0]
    assert (top["team"], top["names"]) == (
        "Team 05",
        "Player 010 & Player 012 & Player 075 & Player 073",
    )
    text = TEAMS_PBN.read_text()
    assert '[North "Player 010"]' in text
    assert table["names"].notna().all()


def test_pairs_api_takes_players_and_changes_no_number():
    read = read_usebio(HOWELL)
    plain = bridge.standings(read.results)
    named = bridge.standings(read.results, players=read.pairs)
    pd.testing.assert_frame_equal(named.drop(columns="names"), plain)
    assert named.loc[named["pair"] == "1", "names"].item() == "PLAYER 001 & PLAYER 002"
    teams = read_pbn(TEAMS_PBN)
    assert "names" in bridge.team_standings(teams.results, players=teams.pairs).columns


def test_tom_standings_carry_first_and_last_names():
    with pytest.warns(UserWarning, match="match results only"):
        table = cards.standings_from_path(TOM)
    row = table[table["player"] == "200014"].iloc[0]
    assert row["name"] == "Player 200014"  # <firstname>Player</firstname><lastname>200014<...>
    assert table["name"].notna().all()
    assert list(table.columns[:4]) == ["event", "division", "player", "name"]
    players = cards.read_tom(TOM).players
    with pytest.warns(UserWarning):
        history = cards.history_from_path(TOM)
    assert history["name"].notna().all()
    results = cards.read_tom(TOM).results
    api = cards.standings(results, rules="mtg", players=players)
    assert api["name"].notna().all()


def test_mtg_json_standings_show_the_handles_as_published():
    published = {s["Player"] for s in json.loads(MTG_JSON.read_text())["Standings"]}
    with pytest.warns(UserWarning):
        table = cards.standings_from_path(MTG_JSON)
    assert set(table["player"]) <= published  # the handles are the names
    assert "name" not in table.columns  # no second column repeating them
    assert cards.read_people(MTG_JSON) is None


def test_league_standings_show_the_names_as_given():
    given = set(pd.read_csv(LEAGUE)["player"])
    table = league.standings_from_path(LEAGUE)
    assert set(table["player"]) == given


def test_chess_explain_check_and_compare_carry_names_and_select_by_name():
    read = chess.read_pgn(PGN)
    by_name = chess.explain(read.results, players=read.players, player="Ju, Wenjun")
    by_id = chess.explain(read.results, players=read.players, player=1)
    pd.testing.assert_frame_equal(by_name, by_id)
    assert set(by_name["name"]) == {"Ju, Wenjun"} and set(by_name["fide_id"]) == {8603006}
    table = chess.compare(read.results, players=read.players, rules=["fide2024", "fide2026"])
    assert list(table.columns[:4]) == ["event", "player", "name", "fide_id"]
    assert table["name"].notna().all()
    check = chess.check_from_path(TRF)
    assert check["name"].notna().all()


# --- the command line --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path, family, shown",
    [
        (PGN, "chess", ["Koneru, Humpy", "5008123", "GM"]),
        (TRF, "chess", ["Player #1", "ECU", "2407"]),
        (HOWELL, "bridge", ["PLAYER 011 & PLAYER 012"]),
        (TEAMS_PBN, "bridge", ["Player 010 & Player 012"]),
        (TOM, "cards", ["Player 200014"]),
    ],
)
def test_cli_standings_show_the_names(capsys, path, family, shown):
    assert main(["standings", str(path), "--family", family, "--head", "3"]) == 0
    out = capsys.readouterr().out
    for text in shown:
        assert text in out


def test_cli_drift_selects_and_labels_by_name(tmp_path, capsys):
    out = tmp_path / "d.png"
    args = ["drift", str(PGN), "--family", "chess", "--out", str(out)]
    assert main([*args, "--player", "Ju, Wenjun", "--player", "10"]) == 0
    assert "2 highlighted: Koneru, Humpy, Ju, Wenjun" in capsys.readouterr().out
    assert main([*args, "--player", "Nobody"]) == 2
    assert "unknown player(s) 'Nobody'" in capsys.readouterr().err
    # the deprecated comma list still works, with a warning
    assert (
        main(["drift", str(TRF), "--family", "chess", "--out", str(out), "--players", "1,2"]) == 0
    )
    got = capsys.readouterr()
    assert "2 highlighted: Player #1, Player #2" in got.out and "--players is deprecated" in got.err


def test_cli_drift_refuses_a_name_two_players_share(tmp_path, capsys):
    games = pd.DataFrame(
        {"event": "cup", "round": 1, "player": [1, 2, 3, 4], "opponent": [2, 1, 4, 3],
         "colour": ["w", "b", "w", "b"], "points": [1.0, 0.0, 0.5, 0.5], "kind": "played"}
    )  # fmt: skip
    names = pd.DataFrame({"event": "cup", "player": [1, 2, 3, 4],
                          "name": ["Doe, Jane", "Smith, J", "Smith, J", "Bo"]})  # fmt: skip
    path = write_trf(games, names, None, tmp_path / "cup.trf")
    out = tmp_path / "d.png"
    args = ["drift", str(path), "--family", "chess", "--out", str(out)]
    assert main([*args, "--player", "Smith, J"]) == 1
    assert (
        "'Smith, J' is the name of 2 players: 2 (Smith, J), 3 (Smith, J)" in capsys.readouterr().err
    )
    assert main([*args, "--player", "Doe, Jane", "--player", "3"]) == 0
    assert "2 highlighted: Doe, Jane, Smith, J" in capsys.readouterr().out
    table = chess.standings_from_path(path, tiebreaks=["SB"])
    assert sorted(table["player"]) == [1, 2, 3, 4]  # one name, two players


def test_drift_and_compare_charts_label_by_name():
    from tourneystats.plot import compare as slope
    from tourneystats.plot import drift

    history = chess.history_from_path(PGN)
    ax = drift(history, players=["Koneru, Humpy", 1])
    assert [t.get_text() for t in ax.texts] == ["Koneru, Humpy (1)", "Ju, Wenjun (2)"]
    assert [a.get_text() for a in ax.artists if hasattr(a, "get_text")] == [
        "(n) after a name: final place"
    ]
    read = chess.read_pgn(PGN)
    table = chess.compare(read.results, players=read.players, rules=["fide2024", "fide2024:SB+BH"])
    ax = slope(table, top=5)
    labels = " ".join(t.get_text() for t in ax.texts)
    assert "Koneru, Humpy" in labels and "player " not in labels
    pairs = bridge.history_from_path(HOWELL)
    ax = drift(pairs, players=["PLAYER 011 & PLAYER 012"])
    assert [t.get_text() for t in ax.texts] == ["PLAYER 011 & PLAYER 012 (1)"]


def test_cli_compare_table_carries_the_names(tmp_path, capsys):
    out = tmp_path / "c.csv"
    args = ["compare", str(HOWELL), "--family", "bridge", "--rules", "full,half"]
    assert main([*args, "--out", str(out)]) == 0
    table = pd.read_csv(out)
    assert list(table.columns[:5]) == ["event", "section", "line", "pair", "names"]
    assert table["names"].notna().all()
    assert set(PEOPLE) & set(table.columns) == {"names"}


def test_cards_and_bridge_explain_carry_names_and_select_by_name():
    tom = cards.read_tom(TOM)
    by_name = cards.explain(tom.results, player="Player 200014", players=tom.players, rules="mtg")
    by_id = cards.explain(tom.results, player="200014", players=tom.players, rules="mtg")
    pd.testing.assert_frame_equal(by_name, by_id)
    assert set(by_name["name"]) == {"Player 200014"} and len(by_name) == 3
    read = read_usebio(HOWELL)
    rows = bridge.explain(read.results, pair="6", players=read.pairs)
    assert set(rows["names"]) == {"PLAYER 011 & PLAYER 012"} and len(rows) == 27


def test_pbn_pairs_standings_carry_both_players(tmp_path):
    from test_bridge_io import EVENT_LEVEL  # a pairs session in PBN 2.1 event-level notation

    path = tmp_path / "club.pbn"
    path.write_text(EVENT_LEVEL.split('[Event "#"]')[0], encoding="utf-8")  # board 1
    table = bridge.standings_from_path(path)
    names = dict(zip(table["pair"], table["names"], strict=True))
    # the score table's Names_NS / Names_EW, as published
    assert names["1"] == "Ann Smith;Bob Jones" and names["8"] == "Oz Qi;Pat Su"
    assert table["names"].notna().all()


def test_compare_chart_draws_the_players_asked_for_by_name_or_id(tmp_path, capsys):
    """A player who kept his place below the top is drawn and named only when asked for,
    by name or by id (the C.07 pairing number); the command line takes --player likewise."""
    from tourneystats.plot import compare as slope

    read = chess.read_pgn(PGN)
    table = chess.compare(read.results, players=read.players, rules=["fide2024", "fide2024:SB+BH"])
    places = table.pivot_table(index="player", columns="rules", values="rank", observed=True)
    kept = places[(places.iloc[:, 0] == places.iloc[:, 1]) & (places.iloc[:, 0] > 5)]
    player = int(kept.index[-1])
    name = table.loc[table["player"] == player, "name"].iloc[0]

    def labels(ax):
        return " ".join(t.get_text() for t in ax.texts)

    assert name not in labels(slope(table, top=5))
    assert name in labels(slope(table, top=5, players=[name]))
    assert name in labels(slope(table, top=5, players=[player]))
    chart = tmp_path / "places.png"
    args = ["compare", str(PGN), "--family", "chess", "--rules", "fide2024,fide2024:SB+BH"]
    assert main([*args, "--chart", str(chart), "--top", "5", "--player", name]) == 0
    assert chart.exists()
    capsys.readouterr()
    assert main([*args, "--chart", str(tmp_path / "x.png"), "--player", "Nobody, N"]) == 2
    assert "Nobody, N" in capsys.readouterr().err
    assert main([*args, "--player", name]) == 2
    assert "--player chooses players of the chart: give --chart" in capsys.readouterr().err
