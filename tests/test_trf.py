"""FIDE TRF reader and writer: real files, every error path, round trips."""

from __future__ import annotations

import tempfile
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import reference_trf
from hypothesis import event, given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from tourneystats import ValidationError
from tourneystats.chess import KINDS, read_trf, standings, write_trf

DATA = Path(__file__).parent / "data" / "chess"
REAL = [DATA / "tournament_1.txt", *sorted(DATA.glob("buchholz_?.trf"))]


def published_file(path: Path) -> pd.DataFrame:
    """The ``startingRank,rank,points,value`` files published next to a TRF."""
    return pd.read_csv(path, comment="#", names=["player", "rank", "points", "value"])


# --- real files ----------------------------------------------------------------------------------


@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name)
def test_real_file_points_match_published(path):
    data = read_trf(path, check_points=False)
    summed = data.results.groupby("player")["points"].sum()
    published = data.players.set_index("player")["points"]
    pd.testing.assert_series_equal(summed, published, check_names=False)
    # and the .bh file's points column (written by the program that computed the values)
    bh = published_file(path.with_name(path.name + ".bh")).set_index("player")["points"]
    pd.testing.assert_series_equal(
        summed.loc[bh.index], bh, check_names=False, check_index_type=False
    )


@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name)
def test_real_file_rows(path):
    data = read_trf(path)
    res, players, events = data
    n_players, n_rounds = len(players), int(events["rounds"].iloc[0])
    assert len(res) == n_players * n_rounds
    assert not res.duplicated(["event", "round", "player"]).any()
    assert set(res["kind"].cat.categories) == set(KINDS)
    paired = res[res["opponent"].notna()]
    mirror = paired.merge(
        paired,
        left_on=["round", "player", "opponent"],
        right_on=["round", "opponent", "player"],
        suffixes=("", "_o"),
    )
    assert len(mirror) == len(paired)
    assert (mirror["points"] + mirror["points_o"] == 1.0).all()
    played = mirror["kind"] == "played"
    assert (mirror.loc[played, "colour"] != mirror.loc[played, "colour_o"]).all()


def test_tournament_1_details():
    res, players, events = read_trf(DATA / "tournament_1.txt")
    assert events.loc[0, "name"] == "Test Tournament"
    assert events.loc[0, "city"] == "Place"
    assert events.loc[0, "rounds"] == 9
    assert len(players) == 88
    p1 = players.set_index("player").loc[1]
    assert (p1["name"], p1["sex"], p1["title"], p1["rating"], p1["federation"]) == (
        "Player #1",
        "m",
        "GM",
        2407,
        "ECU",
    )
    assert (p1["points"], p1["rank"]) == (8.5, 1)
    assert pd.isna(players.set_index("player").loc[88, "rating"])  # 0000 = unrated
    # player 2, round 1: "  46 b +" and player 46: "   2 w -" then absent
    r = res.set_index(["round", "player"])
    assert r.loc[(1, 2), "kind"] == "forfeit_win" and r.loc[(1, 2), "opponent"] == 46
    assert r.loc[(1, 46), "kind"] == "forfeit_loss" and r.loc[(1, 46), "colour"] == "w"
    assert (r.loc[(slice(2, 9), 46), "kind"] == "zpb").all()
    assert r.loc[(1, 1), "colour"] == "w" and r.loc[(1, 45), "colour"] == "b"


def test_buchholz_2_byes():
    res = read_trf(DATA / "buchholz_2.trf").results.set_index(["round", "player"])
    assert res.loc[(4, 1), "kind"] == "fpb" and res.loc[(4, 1), "points"] == 1.0
    assert res.loc[(5, 1), "kind"] == "pab" and res.loc[(5, 1), "points"] == 1.0
    assert res.loc[(2, 1), "kind"] == "zpb" and pd.isna(res.loc[(2, 1), "opponent"])


def test_folder_and_list_make_one_season(tmp_path):
    for p in REAL:
        (tmp_path / p.name).write_bytes(p.read_bytes())
    (tmp_path / "notes.bh").write_text("ignored: not a TRF suffix")
    season = read_trf(tmp_path)
    assert list(season.events["event"]) == [
        "buchholz_1",
        "buchholz_2",
        "buchholz_3",
        "buchholz_4",
        "tournament_1",
    ]
    as_list = read_trf(sorted(tmp_path.glob("*.t*")))
    pd.testing.assert_frame_equal(season.results, as_list.results)
    one = read_trf(DATA / "buchholz_3.trf").results
    part = season.results[season.results["event"] == "buchholz_3"].reset_index(drop=True)
    pd.testing.assert_frame_equal(
        part.assign(event=part["event"].astype(str)), one.assign(event=one["event"].astype(str))
    )


# --- TEC exercises -------------------------------------------------------------------------------

TEC = DATA / "tec"
TEC_FILES = sorted(TEC.glob("*.trf"))
TIEBREAKS = {
    "BH",
    "BH/C1",
    "AOB",
    "FB",
    "SB",
    "SB/C1",
    "KS",
    "ARO",
    "ARO/C1",
    "TPR",
    "APRO",
    "PTP",
    "APPO",
    "DE",
    "WIN",
    "WON",
    "BPG",
    "BWG",
    "GE",
    "PS",
    "PS/C1",
}


def test_tec_files_present():
    names = {p.stem for p in TEC_FILES}
    assert names == {f"ex{n:02d}" for n in range(1, 34)} | {"summary_swiss"}
    for p in TEC_FILES:
        assert p.with_name(p.stem + "_expected.csv").is_file()


@pytest.mark.parametrize("path", TEC_FILES, ids=lambda p: p.stem)
def test_tec_file_reads_consistently(path):
    # read_trf refuses a crosstable whose games are not mirrored or whose points differ
    res, players, events = read_trf(path)
    assert events.loc[0, "date"] == pd.Timestamp("2024-03-22")  # -> rule set fide2024
    summed = res.groupby("player")["points"].sum()
    np.testing.assert_array_equal(summed.to_numpy(), players["points"].to_numpy())
    paired = res[res["opponent"].notna()]
    back = paired.merge(
        paired,
        left_on=["round", "player", "opponent"],
        right_on=["round", "opponent", "player"],
        suffixes=("", "_o"),
    )
    assert len(back) == len(paired)
    assert (back["points"] + back["points_o"] == 1.0).all()
    expected = pd.read_csv(path.with_name(path.stem + "_expected.csv"))
    assert list(expected.columns) == ["player", "tiebreak", "value", "decimals"]
    assert set(expected["tiebreak"]) <= TIEBREAKS
    assert expected["player"].isin(players["player"]).all()
    assert not expected.duplicated(["player", "tiebreak"]).any()


def test_tec_swiss_details():
    res, players, events = read_trf(TEC / "ex01.trf")
    assert (len(players), events.loc[0, "rounds"]) == (16, 5)
    kinds = res[res["kind"] != "played"].set_index(["player", "round"])["kind"].to_dict()
    assert kinds == {
        (4, 2): "hpb",
        (9, 3): "hpb",
        (6, 3): "pab",
        (12, 2): "pab",
        (9, 5): "pab",
        (14, 4): "zpb",
        (12, 4): "zpb",
        (12, 5): "zpb",
        (12, 3): "forfeit_win",
        (14, 3): "forfeit_loss",
        (11, 4): "forfeit_win",
        (9, 4): "forfeit_loss",
    }
    rr = read_trf(TEC / "ex14.trf").results.set_index(["player", "round"])
    assert rr.loc[(6, 4), "kind"] == "forfeit_win" and rr.loc[(6, 4), "colour"] == "b"
    assert (rr["kind"] == "played").sum() == 28


def test_tec_exercises_agree_with_summary_tables():
    """Two printed sources of the same values: the exercises and the chapter summaries."""
    summary = pd.read_csv(TEC / "summary_swiss_expected.csv")
    crosstable = (TEC / "summary_swiss.trf").read_bytes()
    swiss = [p for p in TEC_FILES if p.stem.startswith("ex") and p.read_bytes() == crosstable]
    assert len(swiss) >= 20  # the exercises on the 5-round Swiss crosstable
    exercises = pd.concat(
        [pd.read_csv(p.with_name(p.stem + "_expected.csv")) for p in swiss], ignore_index=True
    )
    both = exercises.merge(summary, on=["player", "tiebreak"], suffixes=("", "_s")).dropna()
    assert len(both[["player", "tiebreak"]].drop_duplicates()) == 242
    tolerance = 0.5 * 10.0 ** -np.minimum(both["decimals"], both["decimals_s"]) + 1e-9
    assert ((both["value"] - both["value_s"]).abs() <= tolerance).all()


# --- building TRF text for the tests -------------------------------------------------------------


def player_line(start, blocks=(), *, name="", rating="", points="", rank="", sex=" ", title=""):
    """A 001 line; `blocks` are (opponent, colour, result) with opponent int or a 4-char str."""
    points = f"{points:4.1f}" if isinstance(points, float) else points
    line = (
        f"001 {start:>4} {sex}{title:<3} {name:<33} {rating!s:>4} {'':3} {'':>11} {'':10} "
        f"{points:>4} {rank!s:>4} "
    )
    for opp, colour, result in blocks:
        opp = f"{opp:>4}" if isinstance(opp, int) else opp
        line += f" {opp} {colour} {result} "
    return line.rstrip()


def two_players(name: str = "Anna") -> str:
    """A valid 2-player, 2-round file: a draw, then #1's PAB and #2's half-point bye."""
    return "\n".join(
        [
            "012 Test event",
            "XXR 2",
            player_line(1, [(2, "w", "="), (0, "-", "U")], name=name, points=1.5, rank=1),
            player_line(2, [(1, "b", "="), (0, "-", "H")], name="Ben", points=1.0, rank=2),
        ]
    )


def write(tmp_path, text, name="event.trf", encoding="utf-8"):
    path = tmp_path / name
    path.write_bytes(text.encode(encoding) if isinstance(text, str) else text)
    return path


def test_two_players_builder_is_valid(tmp_path):
    res, players, events = read_trf(write(tmp_path, two_players()))
    assert res["kind"].tolist() == ["played", "played", "pab", "hpb"]
    assert res["points"].tolist() == [0.5, 0.5, 1.0, 0.5]
    assert players["name"].tolist() == ["Anna", "Ben"]
    assert events["name"].tolist() == ["Test event"]


# --- every error names file, line and column -----------------------------------------------------


def replace_line(text: str, number: int, new: str) -> str:
    lines = text.split("\n")
    lines[number - 1] = new
    return "\n".join(lines)


def set_column(text: str, number: int, column: int, chars: str) -> str:
    line = text.split("\n")[number - 1].ljust(column - 1 + len(chars))
    return replace_line(text, number, line[: column - 1] + chars + line[column - 1 + len(chars) :])


P1, P2 = 3, 4  # line numbers of the two player lines
BAD = {
    "start rank": (lambda t: set_column(t, P1, 5, "   x"), P1, 5, "start rank"),
    "no start rank": (lambda t: set_column(t, P1, 5, "    "), P1, 5, "start rank"),
    "separator": (lambda t: set_column(t, P1, 48, "x"), P1, 48, "blank column"),
    "rating": (lambda t: set_column(t, P1, 49, "19a0"), P1, 49, "rating"),
    "fide id": (lambda t: set_column(t, P1, 58, "1234 567"), P1, 58, "FIDE id"),
    "points": (lambda t: set_column(t, P1, 81, "1.x5"), P1, 81, "points"),
    "two dots": (lambda t: set_column(t, P1, 81, "1..5"), P1, 81, "points"),
    "rank": (lambda t: set_column(t, P1, 86, "  -1"), P1, 86, "rank"),
    "result code": (lambda t: set_column(t, P1, 109, "Q"), P1, 109, "unknown result code"),
    "colour": (lambda t: set_column(t, P1, 97, "x"), P1, 97, "colour must be"),
    "opponent": (lambda t: set_column(t, P1, 92, "  2z"), P1, 92, "not a start rank"),
    "unknown opponent": (
        lambda t: set_column(set_column(t, P1, 92, "  99"), P2, 92, "  99"),
        P1,
        92,
        "not a start rank of this file",
    ),
    "block separator": (lambda t: set_column(t, P1, 100, "x"), P1, 100, "round block"),
    "not complementary": (lambda t: set_column(t, P1, 99, "1"), P1, 92, "complementary"),
    "same colour": (lambda t: set_column(t, P1, 97, "b"), P1, 92, "opposite colour"),
    "bye with opponent": (lambda t: set_column(t, P1, 99, "H"), P1, 99, "with an opponent"),
    "game without opponent": (
        lambda t: set_column(t, P1, 102, "0000 - 1"),
        P1,
        109,
        "without an opponent",
    ),
    "played without colour": (
        lambda t: set_column(set_column(t, P1, 97, "-"), P2, 97, "-"),
        P1,
        97,
        "colour w or b",
    ),
    "colour without opponent": (lambda t: set_column(t, P2, 107, "w"), P2, 107, "use - for a bye"),
    "points differ": (lambda t: set_column(t, P1, 81, " 2.0"), P1, 81, "published points"),
    "duplicate start rank": (lambda t: set_column(t, P2, 5, "   1"), P2, 5, "used twice"),
    "more rounds than declared": (
        lambda t: replace_line(t, 2, "XXR 1"),
        P1,
        102,
        "more round blocks",
    ),
    "paired with himself": (
        lambda t: set_column(set_column(t, P1, 92, "   1"), P2, 92, "   2"),
        P1,
        92,
        "himself",
    ),
}


@pytest.mark.parametrize("case", list(BAD), ids=list(BAD))
def test_malformed_001_line_names_file_line_and_column(tmp_path, case):
    mutate, line, column, message = BAD[case]
    path = write(tmp_path, mutate(two_players()))
    with pytest.raises(ValidationError, match=message) as err:
        read_trf(path)
    assert f"{path}:{line}: column {column}" in str(err.value)


@pytest.mark.parametrize(
    ("new", "message", "column"),
    [
        ("hello world", "not a TRF record", None),
        ("12345", "not a TRF record", None),  # (a units ruler is 1234567890...)
        ("   1", "not a TRF record", None),  # (a tens ruler has 9 spaces before its digit)
        ("142 two", "number of rounds", 5),
        ("042 2024/13/45", "not a date", 5),
        ("012 Test event", "a second 012 record", None),
        ("162  W 1.x    D 0.5", "not a number", 7),
        ("162  Q 1.0", "unknown 162 symbol", 6),
    ],
)
def test_malformed_record_names_file_and_line(tmp_path, new, message, column):
    text = two_players().replace("XXR 2", "XXR 2\n" + new)
    path = write(tmp_path, text)
    with pytest.raises(ValidationError, match=message) as err:
        read_trf(path)
    where = f"{path}:3" + (f": column {column}" if column else "")
    assert where in str(err.value)


def test_142_and_xxr_must_agree(tmp_path):
    path = write(tmp_path, two_players().replace("XXR 2", "XXR 2\n142 3"))
    with pytest.raises(ValidationError, match="142 and XXR"):
        read_trf(path)
    path = write(tmp_path, two_players().replace("XXR 2", "XXR 2\n142 2"))
    assert read_trf(path).events["rounds"].tolist() == [2]


# --- rounds: planned (142/XXR) and played (round blocks) ----------------------------------------


def test_declared_rounds_are_planned_rounds_not_absences(tmp_path):
    played = read_trf(write(tmp_path, two_players(), "played.trf"))
    # written after round 2 of 3: the third round is not an absence for everybody
    mid = read_trf(write(tmp_path, two_players().replace("XXR 2", "XXR 3"), "mid.trf"))
    assert mid.events["rounds"].tolist() == [3]
    pd.testing.assert_frame_equal(
        mid.results.drop(columns="event"), played.results.drop(columns="event")
    )
    a = standings(mid.results, tiebreaks=["BH", "SB"], events=mid.events, rules="fide2026")
    b = standings(played.results, tiebreaks=["BH", "SB"], events=played.events, rules="fide2026")
    pd.testing.assert_frame_equal(a.drop(columns="event"), b.drop(columns="event"))


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ("XXR 0", "column 5: number of rounds 0 (1 or more)"),
        ("142 0", "column 5: number of rounds 0 (1 or more)"),
        (
            "XXR 3000000",
            "column 5: 3000000 rounds declared, more than a tournament of 2 players can have "
            "(at most 50: twice the players, or 50)",
        ),
        ("XXR 99999999", "column 5: 99999999 rounds declared"),
    ],
)
def test_impossible_declared_rounds_name_the_line(tmp_path, record, message):
    path = write(tmp_path, two_players().replace("XXR 2", record))
    with pytest.raises(ValidationError) as err:
        read_trf(path)
    assert f"{path}:2: {message}" in str(err.value)


def test_declared_rounds_up_to_the_limit_are_planned(tmp_path):
    # two players may play a long match: 50 rounds at least are allowed
    path = write(tmp_path, two_players().replace("XXR 2", "XXR 50"))
    assert read_trf(path).events["rounds"].tolist() == [50]
    assert read_trf(path).results["round"].max() == 2


def test_fewer_declared_rounds_than_played_name_both_lines(tmp_path):
    path = write(tmp_path, two_players().replace("XXR 2", "XXR 1"))
    with pytest.raises(ValidationError) as err:
        read_trf(path)
    message = str(err.value)
    assert "more round blocks than the 142/XXR number of rounds (1, line 2)" in message
    assert f"{path}:3: column 102" in message and f"{path}:4: column 102" in message


def test_a_file_without_a_round_is_refused(tmp_path):
    text = "\n".join(["012 Before round 1", "XXR 9", player_line(1), player_line(2)])
    path = write(tmp_path, text)
    with pytest.raises(ValidationError) as err:
        read_trf(path)
    assert "no round played: no player line of the file has a round block" in str(err.value)
    assert f"{path}:3: column 92" in str(err.value)


def test_a_line_with_more_blocks_than_players_allow_is_refused_before_reading_it(tmp_path):
    text = two_players().replace("XXR 2\n", "")
    ok = text + "  0000 - Z" * 48  # 50 round blocks on the line of Ben: allowed
    assert read_trf(write(tmp_path, ok, "ok.trf")).results["round"].max() == 50
    path = write(tmp_path, text + "  0000 - Z" * 49, "long.trf")
    with pytest.raises(ValidationError) as err:
        read_trf(path)
    assert (
        "51 round blocks on a line, more rounds than a tournament of 2 players can have "
        "(at most 50: twice the players, or 50)"
    ) in str(err.value)
    assert f"{path}:3: column 592" in str(err.value)
    # trailing blanks are not blocks
    padded = write(tmp_path, two_players() + " " * 100_000, "padded.trf")
    assert read_trf(padded).results["round"].max() == 2


# --- control characters and tabs -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "column", "char"),
    [(3, 20, "\x00"), (1, 6, "\x1b"), (4, 99, "\x0c"), (2, 5, "\x7f")],
)
def test_control_characters_are_refused(tmp_path, line, column, char):
    text = set_column(two_players(), line, column, char)
    path = write(tmp_path, text)
    with pytest.raises(ValidationError) as err:
        read_trf(path)
    assert f"{path}:{line}: column {column}: control character {char!r} in the text" in str(
        err.value
    )
    assert "UTF-16" not in str(err.value)


def test_the_column_ruler_of_swiss_manager_is_skipped(tmp_path):
    # Swiss-Manager's TRF export writes a column ruler (tens, units) and a legend above the 001
    # records, as the TRF-16 description shows them
    ruler = [
        "".join(str(k).rjust(10) for k in range(1, 12)),
        "1234567890" * 11,
        "DDD SSSS sTTT NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN RRRR FFF IIIIIIIIIII BBBB/BB/BB PPPP RRRR"
        "  1111 1 1  2222 2 2 ",
    ]
    plain = two_players()
    at = plain.index("001 ")
    with_ruler = plain[:at] + "\n".join(ruler) + "\n" + plain[at:]
    a, b = read_trf(write(tmp_path, plain)), read_trf(write(tmp_path, with_ruler, name="r.trf"))
    pd.testing.assert_frame_equal(a.results, b.results.assign(event=a.results["event"]))
    assert b.players["name"].tolist() == a.players["name"].tolist()


def test_utf16_is_refused_with_a_hint(tmp_path):
    path = write(tmp_path, two_players(), encoding="utf-16")
    with pytest.raises(ValidationError, match="UTF-16 text"):
        read_trf(path)


def test_dos_end_of_file_mark_and_tabs_in_texts_are_accepted(tmp_path):
    text = two_players(name="Anna\tMaria").replace("012 Test event", "012 Test\tevent")
    data = read_trf(write(tmp_path, text + "\n\x1a"))
    assert data.players["name"].tolist() == ["Anna\tMaria", "Ben"]
    assert data.events["name"].tolist() == ["Test\tevent"]


def test_a_tab_outside_the_name_is_refused(tmp_path):
    path = write(tmp_path, set_column(two_players(), P1, 97, "\t"))
    with pytest.raises(ValidationError) as err:
        read_trf(path)
    assert "a tab: the fields of a player line are at fixed columns" in str(err.value)
    assert f"{path}:{P1}: column 97" in str(err.value)


def test_file_without_players(tmp_path):
    path = write(tmp_path, "012 Nobody came\n")
    with pytest.raises(ValidationError, match="no player"):
        read_trf(path)


def test_sources_and_event_names(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    one = write(tmp_path / "a", two_players(), "cup.trf")
    two = write(tmp_path / "b", two_players(), "cup.trf")
    assert read_trf([one, two]).results["event"].astype(str).unique().tolist() == ["a/cup", "b/cup"]
    with pytest.raises(ValidationError, match="same event 'cup'"):
        read_trf([one, two], event=lambda p: p.stem)
    with pytest.raises(ValidationError, match="names one event"):
        read_trf([one, two], event="cup")
    season = read_trf([one, two], event=lambda p: p.parent.name)
    assert season.events["event"].tolist() == ["a", "b"]
    assert season.results["event"].cat.categories.tolist() == ["a", "b"]
    assert read_trf(one, event="Cup 2024").results["event"].unique().tolist() == ["Cup 2024"]
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(ValidationError, match="no TRF files in this folder"):
        read_trf(empty)
    with pytest.raises(FileNotFoundError):
        read_trf(tmp_path / "missing.trf")
    with pytest.raises(ValidationError, match="the list of paths is empty"):
        read_trf([])


# --- accepted variants -----------------------------------------------------------------------------


def test_trf2026_codes_and_records(tmp_path):
    text = "\n".join(
        [
            "### a TRF-2026 comment line",
            "012 Open",
            "022 Lisbon",
            "032 POR",
            "042 2025/09/06",
            "052 2025.09.08",
            "142 4",
            "XXC white1",
            "",
            player_line(1, [(3, "w", "W"), (2, "b", "d"), (0, "-", "Z")], points=1.5, rank=1),
            "POR    1 m    Nacional, Um                      1700",
            player_line(2, [("    ", " ", "F"), (1, "w", "D"), ("    ", " ", " ")], points=1.5),
            player_line(3, [(1, "b", "l"), ("0000", "-", "-"), (4, "w", "+")], points=1.0),
            player_line(4, [("0000", "-", "u"), ("0000", "-", "h"), (3, "b", "-")], points=1.5),
            "DAT 0001 EMAIL nobody@example.org",
        ]
    )
    res, players, events = read_trf(write(tmp_path, text))
    assert events.loc[0, ["name", "city", "federation", "rounds"]].tolist() == [
        "Open",
        "Lisbon",
        "POR",
        4,
    ]
    assert events.loc[0, "date"] == pd.Timestamp("2025-09-06")
    assert events.loc[0, "end_date"] == pd.Timestamp("2025-09-08")
    r = res.set_index(["player", "round"])
    assert r.loc[(1, 1), ["kind", "points", "colour"]].tolist() == ["played", 1.0, "w"]
    assert r.loc[(3, 1), ["kind", "points"]].tolist() == ["played", 0.0]
    assert r.loc[(1, 2), ["kind", "points"]].tolist() == ["played", 0.5]
    assert r.loc[(2, 1), ["kind", "points"]].tolist() == ["fpb", 1.0]
    assert r.loc[(2, 3), "kind"] == "zpb" and pd.isna(r.loc[(2, 3), "opponent"])
    assert r.loc[(3, 2), "kind"] == "zpb"  # "-" without an opponent
    assert r.loc[(4, 1), "kind"] == "pab" and r.loc[(4, 2), "kind"] == "hpb"
    assert r.loc[(3, 3), ["kind", "opponent"]].tolist() == ["forfeit_win", 4]
    assert r.loc[(4, 3), ["kind", "opponent"]].tolist() == ["forfeit_loss", 3]
    # 142 plans a 4th round, not played yet: it is in events.rounds, not absences for all
    assert res["round"].max() == 3 and len(res) == 12


def test_double_forfeit_and_missing_round_blocks(tmp_path):
    text = "\n".join(
        [
            player_line(1, [(2, "w", "-"), (3, "b", "1")], points=1.0),
            player_line(2, [(1, "b", "-")], points=0.0),
            player_line(3, [(0, "-", "U"), (1, "w", "0")], points=1.0),
        ]
    )
    res = read_trf(write(tmp_path, text)).results.set_index(["player", "round"])
    assert res.loc[(1, 1), "kind"] == res.loc[(2, 1), "kind"] == "forfeit_loss"
    assert res.loc[(2, 2), "kind"] == "zpb"  # block missing at the end of the line


def test_point_system_162(tmp_path):
    text = "\n".join(
        [
            "162  W 3.0    D 1.0    L 0.0",
            player_line(1, [(2, "w", "1"), (0, "-", "H"), (0, "-", "U")], points=7.0),
            player_line(2, [(1, "b", "0"), (0, "-", "F"), (0, "-", "Z")], points=3.0),
        ]
    )
    res = read_trf(write(tmp_path, text)).results
    assert res.sort_values(["player", "round"])["points"].tolist() == [3, 1, 3, 0, 3, 0]


def test_unsorted_and_gapped_start_ranks(tmp_path):
    text = "\n".join(
        [
            player_line(7, [(2, "b", "0")], points=0.0),
            player_line(2, [(7, "w", "1")], points=1.0),
            player_line(5, [(0, "-", "U")], points=1.0),
        ]
    )
    res, players, _ = read_trf(write(tmp_path, text))
    assert players["player"].tolist() == [2, 5, 7]
    assert res["player"].tolist() == [2, 5, 7]
    assert res["opponent"].tolist() == [7, pd.NA, 2]


def test_published_points_not_checked_on_request(tmp_path):
    path = write(tmp_path, set_column(two_players(), P1, 81, " 9.0"))
    with pytest.raises(ValidationError):
        read_trf(path)
    assert read_trf(path, check_points=False).players["points"].tolist() == [9.0, 1.0]


def test_players_columns(tmp_path):
    text = "\n".join(
        [
            player_line(
                1,
                [(2, "w", "1")],
                name="Zed, Ann",
                rating=2105,
                sex="w",
                title="WGM",
                points=1.0,
                rank=1,
            ),
            player_line(2, [(1, "b", "0")], name="", rating="0000", points="", rank=""),
        ]
    )
    text = set_column(text, 1, 54, "NOR 1503014")
    players = read_trf(write(tmp_path, text)).players
    assert players.loc[0, ["name", "sex", "title", "rating", "federation", "fide_id"]].tolist() == [
        "Zed, Ann",
        "w",
        "WGM",
        2105,
        "NOR",
        1503014,
    ]
    assert players.loc[1, ["name", "rating", "points", "rank"]].isna().all()
    assert str(players["rating"].dtype) == "Int64" and str(players["fide_id"].dtype) == "Int64"


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
@pytest.mark.parametrize(
    ("encoding", "name1"),
    [
        ("utf-8", "Łukasz Żółć"),  # beyond latin-1: names come from the decoded text
        ("utf-8", "Müller, Jörg"),
        ("utf-8-sig", "Łukasz Żółć"),
        ("cp1252", "Müller, Jörg"),
        ("cp1252", "Šustr, Œdipe €"),
    ],
)
def test_encodings_and_line_ends(tmp_path, newline, encoding, name1):
    text = two_players(name1).replace("\n", newline)
    players = read_trf(write(tmp_path, text, encoding=encoding)).players
    assert players["name"].tolist() == [name1, "Ben"]


# --- random tournaments: round trips, the reference reader, corrupted files ----------------------

PAIR_RESULTS = [
    ("1", "0"),
    ("0", "1"),
    ("=", "="),
    ("W", "L"),
    ("L", "W"),
    ("D", "D"),
    ("+", "-"),
    ("-", "+"),
    ("-", "-"),
]


@st.composite
def crosstables(draw):
    """Random crosstable as {start: [(opponent, colour, code), ...]} plus the round count."""
    n_players = draw(st.integers(2, 9))
    n_rounds = draw(st.integers(1, 5))
    starts = sorted(draw(st.sets(st.integers(1, 40), min_size=n_players, max_size=n_players)))
    if draw(st.booleans()):
        starts = list(range(1, n_players + 1))
    table = {s: [] for s in starts}
    for _ in range(n_rounds):
        order = draw(st.permutations(starts))
        n_byes = draw(st.integers(0, len(order)))
        if (len(order) - n_byes) % 2:
            n_byes += 1
        for s in order[:n_byes]:
            code = draw(st.sampled_from("HFUZ- "))
            table[s].append(
                (draw(st.sampled_from(["0000", "    "])), draw(st.sampled_from("- ")), code)
            )
        for a, b in zip(order[n_byes::2], order[n_byes + 1 :: 2]):
            ra, rb = draw(st.sampled_from(PAIR_RESULTS))
            ca = draw(st.sampled_from("wb"))
            cb = "b" if ca == "w" else "w"
            if ra in "+-" and draw(st.booleans()):
                ca = cb = "-"
            table[a].append((b, ca, ra))
            table[b].append((a, cb, rb))
    # a file has the rounds its lines show: when the last round is all absences that a line
    # may leave out ("Z" or blank), one is written "-" (the same absence) so the round shows
    if all(
        isinstance(opp, str) and code in "Z " for opp, _, code in (b[-1] for b in table.values())
    ):
        table[starts[0]][-1] = ("0000", "-", "-")
    return table, n_rounds


POINT = {"1": 1.0, "W": 1.0, "+": 1.0, "F": 1.0, "U": 1.0, "=": 0.5, "D": 0.5, "H": 0.5}


def crosstable_text(table, n_rounds, draw_extra) -> str:
    lines = ["012 Random", f"XXR {n_rounds}"] if draw_extra["declare"] else ["012 Random"]
    for start, blocks in table.items():
        points = sum(POINT.get(code, 0.0) for _, _, code in blocks)
        while draw_extra["trim"] and blocks and blocks[-1][2] in "Z " and blocks[-1][0] != 0:
            blocks = blocks[:-1]  # trailing absences may be left out
        lines.append(player_line(start, blocks, name=f"P{start}", points=points))
    return "\n".join(lines) + "\n"


def expected_frame(table, n_rounds) -> pd.DataFrame:
    kinds = {"H": "hpb", "F": "fpb", "U": "pab", "Z": "zpb", "-": "zpb", " ": "zpb"}
    rows = []
    for start, blocks in table.items():
        for r, (opp, colour, code) in enumerate(blocks, 1):
            if isinstance(opp, int):
                kind = {"+": "forfeit_win", "-": "forfeit_loss"}.get(code, "played")
            else:
                opp, colour, kind = pd.NA, "-", kinds[code]
            rows.append(
                (
                    r,
                    start,
                    opp,
                    colour if colour in ("w", "b") else pd.NA,
                    POINT.get(code, 0.0),
                    kind,
                )
            )
    frame = pd.DataFrame(rows, columns=["round", "player", "opponent", "colour", "points", "kind"])
    return frame.sort_values(["round", "player"], ignore_index=True)


def plain(frame: pd.DataFrame) -> pd.DataFrame:
    """Comparable plain dtypes."""
    out = frame.drop(columns=[c for c in ("event",) if c in frame]).copy()
    out["opponent"] = out["opponent"].astype("Int64")
    for col in ("colour", "kind"):
        out[col] = out[col].astype(object).where(out[col].notna(), None)
    return out.reset_index(drop=True)


@settings(max_examples=examples(200), deadline=None)
@given(crosstables(), st.booleans(), st.booleans())
def test_random_crosstables_match_construction_and_reference(table_rounds, declare, trim):
    table, n_rounds = table_rounds
    text = crosstable_text(table, n_rounds, {"declare": declare, "trim": trim})
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "random.trf"
        path.write_text(text)
        data = read_trf(path)
        ref, ref_names = reference_trf.read(path)
    expected = expected_frame(table, n_rounds)
    pd.testing.assert_frame_equal(plain(data.results), plain(expected))
    pd.testing.assert_frame_equal(plain(data.results), plain(ref))
    assert data.players["name"].tolist() == ref_names["name"].tolist()
    # and the writer reproduces the canonical frames
    with tempfile.TemporaryDirectory() as tmp:
        again = read_trf(write_trf(*data, Path(tmp) / "random.trf"))
    pd.testing.assert_frame_equal(again.results, data.results)
    pd.testing.assert_frame_equal(again.players, data.players)
    pd.testing.assert_frame_equal(
        again.events.drop(columns="file"), data.events.drop(columns="file")
    )


CORRUPT = list("0123456789 wbWBdDlL-+=HFUZhfuzXQ.#")


@settings(max_examples=examples(200), deadline=None)
@given(crosstables(), st.data())
def test_corrupted_files_are_refused_or_read_like_the_reference(table_rounds, data):
    """One changed character in a 001 line: refused by both readers, or read the same way."""
    table, n_rounds = table_rounds
    text = crosstable_text(table, n_rounds, {"declare": data.draw(st.booleans()), "trim": False})
    lines = text.split("\n")
    k = data.draw(st.sampled_from([i for i, line in enumerate(lines) if line.startswith("001")]))
    column = data.draw(st.integers(4, len(lines[k]) + 2))
    line = lines[k].ljust(column + 1)
    lines[k] = (line[:column] + data.draw(st.sampled_from(CORRUPT)) + line[column + 1 :]).rstrip()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "corrupt.trf"
        path.write_text("\n".join(lines))
        try:
            ref = reference_trf.read(path)[0]
        except reference_trf.Refused:
            ref = None
        event("refused" if ref is None else "read")
        if ref is None:
            with pytest.raises(ValidationError):
                read_trf(path)
        else:
            pd.testing.assert_frame_equal(plain(read_trf(path).results), plain(ref))


# --- writer --------------------------------------------------------------------------------------


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(crosstables(), min_size=1, max_size=3))
def test_write_read_round_trip_of_a_season(tables):
    parts = []
    for k, (table, n_rounds) in enumerate(tables):
        frame = expected_frame(table, n_rounds)
        frame.insert(0, "event", f"E{k}")
        parts.append(frame)
    results = pd.concat(parts, ignore_index=True)
    saved = results.copy()
    with tempfile.TemporaryDirectory() as tmp:
        folder = write_trf(results, None, None, Path(tmp) / "season")
        data = read_trf(folder)
    pd.testing.assert_frame_equal(results, saved)  # the caller's frame is untouched
    got = data.results.assign(event=data.results["event"].astype(str))
    want = results.sort_values(["event", "round", "player"], ignore_index=True)
    pd.testing.assert_frame_equal(plain(got), plain(want))
    assert got["event"].tolist() == want["event"].tolist()
    summed = want.groupby(["event", "player"])["points"].sum().to_numpy()
    np.testing.assert_array_equal(data.players["points"].to_numpy(), summed)


def test_write_trf_players_and_events(tmp_path):
    res = read_trf(DATA / "tournament_1.txt")
    players = res.players.copy()
    players.loc[0, "name"] = "Łukasz Żółć, Ærøskøbing"
    saved = players.copy()
    events = res.events.assign(date=pd.Timestamp("2025-01-04"), end_date=pd.Timestamp("2025-01-06"))
    path = write_trf(res.results, players, events, tmp_path / "t1.trf")
    pd.testing.assert_frame_equal(players, saved)
    again = read_trf(path, event="tournament_1")
    pd.testing.assert_frame_equal(again.results, res.results)
    pd.testing.assert_frame_equal(again.players, players)
    assert again.events.loc[0, "date"] == pd.Timestamp("2025-01-04")
    assert again.events.loc[0, "end_date"] == pd.Timestamp("2025-01-06")
    text = path.read_text(encoding="utf-8").splitlines()
    assert text[:3] == ["012 Test Tournament", "022 Place", "032 ESP"]
    assert "XXR 9" in text
    # the type of tournament (092) is read into events.type and written back
    assert res.events.loc[0, "type"] == "Swiss System" and "092 Swiss System" in text
    assert again.events.loc[0, "type"] == "Swiss System"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.assign(kind="won"), "kind must be one of"),
        (lambda r: r.assign(points=r["points"] * 2), "do not match the kind"),
        (lambda r: r.assign(colour="x"), "bad colour"),
        (lambda r: r.assign(opponent=pd.NA), "without an opponent"),
        (lambda r: pd.concat([r, r.tail(1)]), "duplicate"),
        (lambda r: r.assign(player=r["player"] + 10_000), "start rank"),
        (lambda r: r[r["round"] != 2], "no result in round\\(s\\) 2 of event 'buchholz_4'"),
        (lambda r: r.assign(round=r["round"] * 10**12), "no result in round"),
    ],
)
def test_write_trf_refuses_bad_results(tmp_path, change, message):
    results = read_trf(DATA / "buchholz_4.trf").results
    with pytest.raises(ValidationError, match=message):
        write_trf(change(results), None, None, tmp_path / "x.trf")
    assert not (tmp_path / "x.trf").exists()


def test_write_trf_writes_a_tie_break_order_canonical_and_refuses_a_bad_one(tmp_path):
    """The events' ``tiebreaks`` as a ``202`` record in the spelling the reader gives back (a
    user's ``de/p, bh/c1`` is ``DE/P,BH/C1``); a blank order writes none; a code that is no
    tie-break, or one listed twice, is refused naming the event (no file written)."""
    results = read_trf(DATA / "buchholz_4.trf").results
    events = pd.DataFrame({"event": ["buchholz_4"], "tiebreaks": ["de/p, bh/c1"]})
    path = write_trf(results, None, events, tmp_path / "x.trf")
    assert "202 DE/P,BH/C1" in path.read_text().splitlines()
    assert read_trf(path).events.loc[0, "tiebreaks"] == "DE/P,BH/C1"
    blank = write_trf(results, None, events.assign(tiebreaks=" "), tmp_path / "y.trf")
    assert not any(line.startswith("202") for line in blank.read_text().splitlines())
    for order, message in (("BH,XYZ", "unknown tie-break 'XYZ'"), ("BH,bh", "listed twice")):
        with pytest.raises(
            ValidationError, match=f"event 'buchholz_4': tie-break order .*{message}"
        ):
            write_trf(results, None, events.assign(tiebreaks=order), tmp_path / "z.trf")
        assert not (tmp_path / "z.trf").exists()


def test_write_trf_targets(tmp_path):
    season = read_trf(sorted(DATA.glob("buchholz_?.trf")))
    with pytest.raises(ValidationError, match="one file"):
        write_trf(*season, tmp_path / "all.trf")
    folder = write_trf(*season, tmp_path / "season")
    assert sorted(p.name for p in folder.iterdir()) == [f"buchholz_{k}.trf" for k in range(1, 5)]
    bad = season.results.assign(event=season.results["event"].astype(str).str.replace("_", "/"))
    with pytest.raises(ValidationError, match="cannot be a file name"):
        write_trf(bad, None, None, tmp_path / "other")
    long_name = season.players.assign(name="x" * 34)
    with pytest.raises(ValidationError, match="longer than 33"):
        write_trf(season.results, long_name, None, tmp_path / "third")


def test_write_trf_writes_the_rounds_played_and_the_planned_rounds(tmp_path):
    data = read_trf(DATA / "buchholz_4.trf")
    planned = data.events.assign(rounds=9)
    path = write_trf(data.results, data.players, planned, tmp_path / "b4.trf")
    text = path.read_text().splitlines()
    assert "XXR 9" in text and max(len(line) for line in text) <= 91 + 10 * 4
    again = read_trf(path, event="buchholz_4")
    pd.testing.assert_frame_equal(again.results, data.results)
    assert again.events["rounds"].tolist() == [9]
    with pytest.raises(ValidationError, match="rounds is more than a tournament of its players"):
        write_trf(data.results, None, data.events.assign(rounds=3_000_000), tmp_path / "x.trf")
    for bad in ("Ann\x00", "Ann\nBob", "Ann\x1b[1m"):
        with pytest.raises(ValidationError, match="name contains a line break or another control"):
            write_trf(data.results, data.players.assign(name=bad), None, tmp_path / "y.trf")
    with pytest.raises(ValidationError, match="a line break or another control character in its"):
        write_trf(data.results, None, data.events.assign(city="A\x00"), tmp_path / "z.trf")
    assert not any(tmp_path.glob("[xyz].trf"))
