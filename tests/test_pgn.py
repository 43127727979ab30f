"""PGN reader: published values of real files, small worked examples, every refusal with its line."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tourneystats import ValidationError
from tourneystats.chess import (
    history_from_path,
    pgnlines,
    read_pgn,
    read_results,
    read_trf,
    standings,
    standings_from_path,
    validate_results,
    write_trf,
)

DATA = Path(__file__).parent / "data" / "chess" / "pgn"


def snapshot(path: Path) -> dict[int, tuple[float, ...]]:
    """scalachess's ``PlayerWithScore(Player(fide id, Some(rating)), points, List(values))``."""
    found = {}
    for line in path.read_text().splitlines():
        m = re.fullmatch(
            r"PlayerWithScore\(Player\((\d+),Some\(\d+\)\),([\d.]+),List\((.*)\)\)", line
        )
        found[int(m[1])] = (float(m[2]), *(float(x) for x in m[3].split(", ")))
    return found


def game(rnd, white, black, result, *, moves: str | None = None, **tags) -> str:
    """One game: the Seven Tag Roster's Event/Round/White/Black/Result, then `tags`, then
    `moves` (none: a tags-only game)."""
    lines = [f'[Event "{tags.pop("Event", "Club")}"]', f'[Round "{rnd}"]']
    lines += [f'[White "{white}"]', f'[Black "{black}"]', f'[Result "{result}"]']
    lines += [f'[{k} "{v}"]' for k, v in tags.items()]
    return "\n".join(lines) + "\n\n" + (f"{moves}\n\n" if moves is not None else "")


def write(tmp_path: Path, *games: str, name: str = "t.pgn") -> Path:
    path = tmp_path / name
    path.write_text("".join(games), encoding="utf-8")
    return path


def rows(data) -> list[tuple]:
    """The results as (round, name, opponent's name, colour, points, kind)."""
    names = data.players.set_index(["event", "player"])["name"]
    out = []
    for r in data.results.itertuples():
        opp = None if pd.isna(r.opponent) else names[(r.event, r.opponent)]
        colour = None if pd.isna(r.colour) else r.colour
        out.append((r.round, names[(r.event, r.player)], opp, colour, r.points, r.kind))
    return out


# --- published values ----------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["fide2024", "fide2026"])
def test_fwwrc_reproduces_every_published_value(rules):
    # FIDE Women's World Rapid 2024 (December 2024: fide2024); no unplayed round, so fide2026 agrees
    data = read_pgn(DATA / "FWWRC.pgn")
    assert len(data.events) == 1 and data.events["rounds"].iloc[0] == 11
    assert len(data.players) == 110 and len(data.results) == 110 * 11
    assert (data.results["kind"] == "played").all()
    table = standings(
        data.results,
        tiebreaks=["BH/C1", "BH", "ARO/C1"],
        rules=rules,
        players=data.players,
        events=data.events,
    )
    # the standings carry the FIDE ids the file gives (the player is the pairing number)
    values = table[["PTS", "BH/C1", "BH", "ARO/C1"]].to_numpy(dtype=float).tolist()
    ours = {int(f): tuple(v) for f, v in zip(table["fide_id"], values)}
    published = snapshot(DATA / "FWWRC.official_tournament.txt")
    assert len(published) == 110
    assert ours == published  # 440 values, exactly (ARO/C1 rounded to whole numbers)


def test_fwwrc_frames():
    data = read_pgn(DATA / "FWWRC.pgn")
    ev = data.events.iloc[0]
    assert ev["name"] == "FIDE Women’s World Rapid Championships 2024"
    assert ev["city"] == "New York, United States"  # the first Site; a second spelling follows
    assert (ev["date"], ev["end_date"]) == (pd.Timestamp("2024-12-26"), pd.Timestamp("2024-12-28"))
    ju = data.players[data.players["fide_id"] == 8603006].iloc[0]
    assert (ju["name"], ju["title"], ju["rating"], ju["player"]) == ("Ju, Wenjun", "GM", 2536, 1)
    # start ranks: rating order, highest first
    ratings = data.players["rating"].to_numpy()
    assert (np.diff(ratings) <= 0).all()
    validate_results(data.results)


def test_uzchesscup_reproduces_the_published_values():
    # a round robin whose games (but the first) have no Event tag: named with event=
    data = read_pgn(DATA / "uzchesscup.pgn", event="UzChess Cup 2025")
    table = standings(
        data.results,
        tiebreaks=["DE", "SB", "WIN", "BWG", "KS"],
        rules="fide2024",
        players=data.players,
        round_robin=True,
    )
    # the standings carry the FIDE ids the file gives (the player is the pairing number)
    # DE is the number of tie-mates ranked below; the snapshot writes the rank in the tie
    # group (1 + tie-mates ranked above), 0 for a player tied with nobody
    group = table.groupby("PTS")["DE"]
    above = table.apply(lambda r: (table.loc[table["PTS"] == r.PTS, "DE"] > r.DE).sum(), axis=1)
    table["DE_rank"] = np.where(group.transform("size") > 1, 1 + above, 0).astype(float)
    ours = {
        int(r.fide_id): (r.PTS, r.DE_rank, r.SB, r.WIN, r.BWG, r.KS)
        for r in table.itertuples(index=False)
    }
    assert ours == snapshot(DATA / "uzchesscup.txt")  # 60 values


def test_uzchesscup_without_event_names_the_untagged_games_after_the_file():
    data = read_pgn(DATA / "uzchesscup.pgn")
    assert data.events["event"].tolist() == [
        "Round 1: Aravindh, Chithambaram VR. - Praggnanandhaa R",
        "uzchesscup",
    ]


# --- worked examples -----------------------------------------------------------------------------


def test_players_start_ranks_first_rating_and_absences(tmp_path):
    path = write(
        tmp_path,
        game("1.1", "Cole, Ann", "Diaz, Bo", "0-1", WhiteElo=1800, BlackElo=2000),
        game("1.2", "Abe, Cy", "Eve", "1/2-1/2", BlackElo=1800),
        game("2.1", "Diaz, Bo", "Eve", "1/2-1/2", WhiteElo=2050, BlackElo=1800),
        game("2.2", "Cole, Ann", "Abe, Cy", "1-0", WhiteElo=1810),
        game("3.1", "Diaz, Bo", "Cole, Ann", "1-0", moves="1. e4 e5 2. Qh5 Nc6 1-0"),
    )
    data = read_pgn(path)
    # Diaz 2000 (his first rating, not 2050), Cole and Eve 1800 (by name), Abe unrated
    players = data.players[["player", "name", "rating"]]
    assert players.values.tolist() == [
        [1, "Diaz, Bo", 2000],
        [2, "Cole, Ann", 1800],
        [3, "Eve", 1800],
        [4, "Abe, Cy", pd.NA],
    ]
    assert rows(data) == [
        (1, "Diaz, Bo", "Cole, Ann", "b", 1.0, "played"),
        (1, "Cole, Ann", "Diaz, Bo", "w", 0.0, "played"),
        (1, "Eve", "Abe, Cy", "b", 0.5, "played"),
        (1, "Abe, Cy", "Eve", "w", 0.5, "played"),
        (2, "Diaz, Bo", "Eve", "w", 0.5, "played"),
        (2, "Cole, Ann", "Abe, Cy", "w", 1.0, "played"),
        (2, "Eve", "Diaz, Bo", "b", 0.5, "played"),
        (2, "Abe, Cy", "Cole, Ann", "b", 0.0, "played"),
        (3, "Diaz, Bo", "Cole, Ann", "w", 1.0, "played"),
        (3, "Cole, Ann", "Diaz, Bo", "b", 0.0, "played"),
        (3, "Eve", None, None, 0.0, "zpb"),  # no game in round 3: absent
        (3, "Abe, Cy", None, None, 0.0, "zpb"),
    ]
    table = standings(data.results, tiebreaks=["BH"], rules="fide2024", players=data.players)
    assert table.set_index("player")["PTS"].to_dict() == {1: 2.5, 2: 1.0, 3: 1.0, 4: 0.5}


def test_players_by_fide_id_and_names_joined_to_it(tmp_path):
    ids = {"WhiteFideId": 100, "BlackFideId": 200}
    path = write(
        tmp_path,
        game(1, "Ann", "Bob", "1-0", **ids),
        game(2, "Bob", "Ann", "1-0"),  # no ids: the names are those of the ids above
        game(3, "Ann Smith", "Bob", "0-1", WhiteFideId=100),  # another spelling, same id
    )
    data = read_pgn(path)
    assert data.players[["name", "fide_id"]].values.tolist() == [["Ann", 100], ["Bob", 200]]
    assert data.results.groupby("player")["points"].sum().tolist() == [1.0, 2.0]


def test_forfeits_double_forfeits_byes_and_games_in_progress(tmp_path):
    path = write(
        tmp_path,
        game(1, "A", "B", "1-0", Termination="Unplayed"),  # lichess broadcasts since 2025
        game(1, "C", "D", "0-1", Termination="Time forfeit", moves="1. e4 e5 0-1"),  # on time
        game(2, "A", "C", "1-0", moves="{ C was defaulted: late at the board } 1-0"),
        game(2, "B", "D", "0-0"),  # both lose: a double forfeit
        game(3, "A", "D", "1/2-1/2", Termination="unplayed"),  # an unplayed draw stays a draw
        game(3, "B", "C", "1-0", moves="1. e4 { a forfeit was discussed } e5 1-0"),  # moves
        game(4, "A", "BYE", "1-0"),
        game(4, "bye", "B", "1/2-1/2"),
        game(4, "BYE", "C", "1-0"),
        game(4, "D", "E", "0-1", Termination="forfeit"),
        game(5, "A", "B", "*"),  # in progress: kept, without points
        game(5, "C", "D", "1-0"),
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # games in progress are read, not left out
        data = read_pgn(path)
    got = {(r[0], r[1]): r[2:] for r in rows(data)}
    assert got[(1, "A")] == ("B", "w", 1.0, "forfeit_win")
    assert got[(1, "B")] == ("A", "b", 0.0, "forfeit_loss")
    assert got[(1, "D")] == ("C", "b", 1.0, "played")
    assert got[(2, "A")] == ("C", "w", 1.0, "forfeit_win")
    assert got[(2, "C")] == ("A", "b", 0.0, "forfeit_loss")
    # a double forfeit: both lost by forfeit, against each other
    assert got[(2, "B")] == ("D", "w", 0.0, "forfeit_loss")
    assert got[(2, "D")] == ("B", "b", 0.0, "forfeit_loss")
    assert got[(3, "A")] == ("D", "w", 0.5, "played")
    assert got[(3, "B")] == ("C", "w", 1.0, "played")
    assert got[(4, "A")] == (None, None, 1.0, "pab")
    assert got[(4, "B")] == (None, None, 0.5, "hpb")
    assert got[(4, "C")] == (None, None, 0.0, "zpb")
    assert got[(4, "E")] == ("D", "b", 1.0, "forfeit_win")
    assert got[(5, "A")][:2] == ("B", "w") and got[(5, "A")][3] == "in_progress"
    assert got[(5, "B")][:2] == ("A", "b") and np.isnan(got[(5, "B")][2])
    assert got[(5, "C")] == ("D", "w", 1.0, "played")
    assert "BYE" not in set(data.players["name"])
    table = standings(data.results, rules="fide2026", players=data.players, tiebreaks=["BH"])
    # A and B are playing round 5: their game counts nowhere yet
    assert table.set_index("player").loc[[1, 2], "PTS"].tolist() == [3.5, 1.5]


def test_comments_escape_lines_and_chunks_do_not_change_the_games(tmp_path, monkeypatch):
    plain = [game(r, w, b, res) for r, w, b, res in [(1, "A", "B", "1-0"), (1, "C", "D", "0-1")]]
    plain += [game(2, "A", "C", "1/2-1/2"), game(2, "B", "D", "1-0")]
    tricky = [
        game(
            1,
            "A",
            "B",
            "1-0",
            moves='1. e4 { a comment\n[Event "not a game"]\n\n[Round "9"]\nends } e5 1-0',
        ),
        game(
            1,
            "C",
            "D",
            "0-1",
            moves='1. d4 ; rest of the line { is no comment\n% escape [Event "x"]\n{ [%clk 0:01]\n} 0-1',
        ),
        game(2, "A", "C", "1/2-1/2", moves="{ [%clk 1:00:00] } 1. c4 {\n[%clk 0:59:00]} 1/2-1/2"),
        game(2, "B", "D", "1-0"),
    ]
    expected = rows(read_pgn(write(tmp_path, *plain, name="plain.pgn")))
    path = write(tmp_path, *tricky, name="tricky.pgn")
    assert rows(read_pgn(path)) == expected
    crlf = tmp_path / "crlf.pgn"
    crlf.write_bytes(b"\xef\xbb\xbf" + path.read_bytes().replace(b"\n", b"\r\n"))
    assert rows(read_pgn(crlf)) == expected
    for size in (16, 50, 120, 333):  # chunks cut anywhere, inside comments too
        monkeypatch.setattr(pgnlines, "CHUNK_BYTES", size)
        assert rows(read_pgn(path)) == expected
        assert rows(read_pgn(crlf)) == expected


def test_tags_only_games_are_not_merged(tmp_path):
    # python-chess 1.11 read_headers merges consecutive games without movetext (issue #1087)
    path = write(tmp_path, *(game(1, f"P{k}", f"Q{k}", "1-0") for k in range(5)))
    data = read_pgn(path)
    assert len(data.players) == 10 and (data.results["points"].sum(), len(data.results)) == (5, 10)


def test_irregular_tag_lines(tmp_path):
    text = (
        '  [Event   "Club"]\n[Round "1"] \n[ White "A \\"Ace\\" B"]\n[Black "C"]\n'
        '[Result "1-0"]\n[AVeryLongTagNameIndeed "x"]\n[WhiteElo\t"1500"]\n\n'
    )
    data = read_pgn(write(tmp_path, text))
    assert data.players[["name", "rating"]].values.tolist() == [['A "Ace" B', 1500], ["C", pd.NA]]


def test_windows_1252_names(tmp_path):
    path = tmp_path / "t.pgn"
    path.write_bytes(game(1, "Müller", "Łukasz", "1-0").encode("utf-8").replace(
        "Müller".encode(), "Müller".encode("cp1252")))  # fmt: skip
    assert sorted(read_pgn(path).players["name"]) == ["Müller", "Łukasz"]


def test_events_by_event_and_eventdate_not_site_nor_date(tmp_path):
    path = write(
        tmp_path,
        game(
            1,
            "A",
            "B",
            "1-0",
            Event="Open",
            Site="Hall 1",
            Date="2024.05.01",
            EventDate="2024.05.01",
        ),
        game(
            2,
            "A",
            "B",
            "1-0",
            Event="Open",
            Site="Hall 2",
            Date="2024.05.03",
            EventDate="2024.05.01",
        ),
        game(1, "A", "B", "0-1", Event="Open", Date="2025.05.02", EventDate="2025.05.02"),
        game(1, "C", "D", "0-1", Event="Rapid", Date="2024.06.02", EventType="tourn"),
        game(2, "C", "D", "0-1", Event="Rapid", Date="2024.06.01"),
        game(1, "E", "F", "1-0", Event="?", Date="2024.??.??"),
    )
    events = read_pgn(path).events
    assert events["event"].tolist() == ["Open (2024.05.01)", "Open (2025.05.02)", "Rapid", "t"]
    assert events["name"].tolist() == ["Open", "Open", "Rapid", pd.NA]
    assert events["city"].tolist() == ["Hall 1", pd.NA, pd.NA, pd.NA]
    assert events["rounds"].tolist() == [2, 1, 2, 1]
    assert events["date"].tolist() == [
        pd.Timestamp("2024-05-01"), pd.Timestamp("2025-05-02"), pd.Timestamp("2024-06-01"), pd.NaT
    ]  # fmt: skip
    assert events["end_date"].iloc[0] == pd.Timestamp("2024-05-03")
    assert events["type"].tolist() == [pd.NA, pd.NA, "round robin", pd.NA]


def test_event_option(tmp_path):
    first = write(tmp_path, game(1, "A", "B", "1-0", Event="X"), name="a.pgn")
    second = write(tmp_path, game(2, "A", "B", "1-0", Event="Y"), name="b.pgn")
    assert read_pgn([first, second], event="Cup").events["event"].tolist() == ["Cup"]
    named = read_pgn(tmp_path, event=lambda p: p.stem.upper())
    assert named.events["event"].tolist() == ["A", "B"]
    assert read_pgn(tmp_path).events["event"].tolist() == ["X", "Y"]
    with pytest.raises(TypeError):
        read_pgn(first, event=3)


def test_one_event_over_files_one_per_round(tmp_path):
    write(tmp_path, game(1, "A", "B", "1-0"), game(1, "C", "D", "0-1"), name="r1.pgn")
    write(tmp_path, game(2, "A", "C", "1-0"), game(2, "B", "D", "0-1"), name="r2.pgn")
    data = read_pgn(tmp_path)
    assert data.events["rounds"].tolist() == [2] and len(data.players) == 4
    assert data.events["file"].iloc[0].endswith("r1.pgn")


# --- files, folders, the command line, imports ---------------------------------------------------


def test_read_results_standings_and_history_read_pgn_with_trf(tmp_path):
    write(
        tmp_path, game(1, "A", "B", "1-0", WhiteElo=2000), game(2, "B", "A", "0-1"), name="cup.pgn"
    )
    games = pd.DataFrame({"event": "club", "round": 1, "player": [1, 2], "opponent": [2, 1],
                          "colour": ["w", "b"], "points": [1.0, 0.0], "kind": "played"})  # fmt: skip
    write_trf(games, pd.DataFrame({"event": "club", "player": [1, 2], "name": ["X", "Y"]}), None,
              tmp_path / "club.trf")  # fmt: skip
    results, players, events = read_results(tmp_path)
    assert sorted(events["event"].astype(str)) == ["Club", "club"]
    assert len(players) == 4 and len(results) == 6
    table = standings_from_path(tmp_path, tiebreaks=["SB"])
    assert table.groupby("event", observed=True)["PTS"].max().to_dict() == {
        "Club": 2.0,
        "club": 1.0,
    }
    history = history_from_path(tmp_path / "cup.pgn", tiebreaks=["SB"])
    assert history[["round", "name", "PTS"]].values.tolist() == [
        [1, "A", 1.0], [1, "B", 0.0], [2, "A", 2.0], [2, "B", 0.0]
    ]  # fmt: skip


def test_command_line_standings_of_a_pgn_file(tmp_path, capsys):
    from tourneystats.cli import main

    out = tmp_path / "st.csv"
    argv = ["standings", str(DATA / "FWWRC.pgn"), "--family", "chess", "--rules", "fide2024"]
    assert main([*argv, "--tiebreaks", "BH/C1,BH", "--out", str(out)]) == 0
    table = pd.read_csv(out)
    assert len(table) == 110 and table["PTS"].max() == 8.5


def test_import_reads_pgn(tmp_path):
    from tourneystats.archive import import_folder

    (tmp_path / "src" / "2024").mkdir(parents=True)
    (tmp_path / "src" / "2024" / "FWWRC.pgn").write_bytes((DATA / "FWWRC.pgn").read_bytes())
    report = import_folder(
        tmp_path / "src", tmp_path / "archive", season_from_folder=True, progress=False
    )
    assert report.ok and int(report.written["rows"].sum()) == 1210


# --- refusals, naming the file and line ----------------------------------------------------------

ONE = game(1, "A", "B", "1-0") + game(1, "C", "D", "0-1")  # lines 1-5, 7-11


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (ONE.replace('[Result "1-0"]\n', ""), 1, "a game without Result"),
        (
            ONE.replace('[White "A"]\n', "").replace('[Round "1"]\n', "", 1),
            1,
            "without White, Round",
        ),
        (ONE.replace('"1-0"', '"2-0"'), 5, "unknown result '2-0'"),
        (ONE.replace('[Round "1"]', '[Round "?"]', 1), 2, r"Round '\?' is not a round number"),
        (ONE.replace('"1"', '"R1"'), 2, "Round 'R1' is not a round number"),
        (ONE.replace('"1"', '"-"'), 2, "gives no round numbers"),
        (ONE.replace('[Black "D"]', '[Black "D"'), 10, "without its closing bracket"),
        (ONE.replace('[Black "D"]', "[Black D]"), 10, "without a value in double quotes"),
        (ONE.replace('[Black "D"]', '[Black "D"]\n[Black "E"]'), 11, "a second Black tag"),
        (ONE + game(1, "B", "A", "0-1"), 13, "the same game twice in round 1"),
        (ONE + game(1, "E", "C", "0-1"), 13, "'C' has two games in round 1"),
        (ONE + game(2, "E", "E", "0-1"), 15, "'E' plays both White and Black"),
        (ONE.replace('"C"]', '"?"]'), 9, "without the White player's name"),
        (game(1, "A", "B", "1-0", WhiteElo="2k"), 6, "WhiteElo '2k' is not a rating"),
        (game(1, "A", "B", "1-0", BlackFideId="12a4"), 6, "BlackFideId '12a4' is not a FIDE id"),
        (game(1, "BYE", "bye", "1-0"), 3, "a game between two byes"),
        (ONE[:37], 3, "without its closing bracket"),  # a truncated file
        (ONE.replace("[Round", "\0[Round", 1), 2, "a NUL byte"),
    ],
)
def test_refusals_name_file_and_line(tmp_path, text, line, message):
    path = write(tmp_path, text)
    with pytest.raises(ValidationError, match=rf"^{re.escape(str(path))}:{line}: .*{message}"):
        read_pgn(path)


def test_refusals_without_a_line(tmp_path):
    with pytest.raises(ValidationError, match=r"t\.pgn: no games"):
        read_pgn(write(tmp_path, ""))
    with pytest.raises(ValidationError, match=r"u\.pgn: no games"):
        read_pgn(write(tmp_path, "1. e4 e5 1-0\n\n", name="u.pgn"))
    (tmp_path / "empty").mkdir()
    with pytest.raises(ValidationError, match="no PGN files"):
        read_pgn(tmp_path / "empty")


def test_same_named_events_of_two_years_without_eventdate_are_refused_with_a_hint(tmp_path):
    path = write(tmp_path, game(1, "A", "B", "1-0", Date="2023.01.01"),
                 game(1, "A", "C", "1-0", Date="2024.01.01"))  # fmt: skip
    hint = "two events of one name\\? an EventDate tag or event= tells them apart"
    with pytest.raises(ValidationError, match=rf"t\.pgn:8: 'A' has two games in round 1; {hint}"):
        read_pgn(path)


def test_frames_have_the_trf_columns_and_dtypes(tmp_path):
    trf = read_trf(Path(__file__).parent / "data" / "chess" / "buchholz_1.trf")
    data = read_pgn(DATA / "uzchesscup.pgn", event="x")
    for ours, theirs in zip(data, trf):
        assert ours.dtypes.astype(str).to_dict() == theirs.dtypes.astype(str).to_dict()


def test_no_warning_without_games_in_progress():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        read_pgn(DATA / "FWWRC.pgn")


def test_small_files_read_together_keep_their_own_lines(tmp_path):
    write(tmp_path, "\ufeff" + game(1, "A", "B", "1-0") + game(2, "A", "B", "0-1"), name="a.pgn")
    (tmp_path / "b.pgn").write_bytes((game(3, "A", "B", "1-0") + game(4, "A", "B", "x")).encode())
    with pytest.raises(ValidationError, match=r"b\.pgn:11: unknown result 'x'"):
        read_pgn(tmp_path)
    (tmp_path / "b.pgn").write_bytes(game(3, "A", "B", '1-0"]\n[Black "C').encode())
    with pytest.raises(ValidationError, match=r"b\.pgn:6: a second Black tag"):
        read_pgn(tmp_path)
    (tmp_path / "b.pgn").write_bytes(game(3, "A", "B", "1-0").replace("\n", "\r\n").encode())
    data = read_pgn(tmp_path)
    assert data.events["rounds"].tolist() == [3] and len(data.results) == 6


def test_the_result_tag_must_agree_with_the_termination_marker(tmp_path):
    """PGN standard 8.2.6: the marker ending the movetext is the game's result. The second game
    says 1-0 in its tag and 0-1 at the end of its moves (its Result tag is on line 11); a
    comment or a move last, or no movetext, leaves nothing to compare."""
    game = '[Round "{r}"]\n[White "{w}"]\n[Black "{b}"]\n[Result "{res}"]\n\n{moves}\n\n'
    agree = [
        game.format(r=1, w="Ann", b="Bob", res="1/2-1/2", moves="1. e4 e5 { agreed } 1/2-1/2  "),
        game.format(r=2, w="Bob", b="Ann", res="1-0", moves="1. e4 e5\n2. Qh5 { resigns } 1-0"),
        game.format(r=3, w="Ann", b="Bob", res="0-1", moves="1. f3 e5 2. g4 Qh4# {mate}"),
        game.format(r=4, w="Bob", b="Ann", res="*", moves="1. d4 *"),
    ]
    path = tmp_path / "g.pgn"
    path.write_text("".join(agree))
    points = read_pgn(path).results.groupby("player")["points"].sum().to_dict()
    # Ann (start rank 1): a draw, two losses, a game in progress (nothing yet); Bob the rest
    assert points == {1: 0.5, 2: 2.5}
    path.write_text(agree[0] + agree[1].replace("Qh5 { resigns } 1-0", "Qh5 0-1"))
    with pytest.raises(
        ValidationError, match=r"g\.pgn:11: the Result tag '1-0' contradicts .*'0-1'"
    ):
        read_pgn(path)
    path.write_text(agree[0].replace("} 1/2-1/2", "} *"))
    with pytest.raises(ValidationError, match=r"g\.pgn:4: .*'1/2-1/2' contradicts .*'\*'"):
        read_pgn(path)
