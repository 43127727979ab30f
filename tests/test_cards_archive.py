"""The archive frame that :func:`~tourneystats.cards.archive_standings` takes: validated on
entry (the column and the events named), never changed."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from tourneystats import cards
from tourneystats.cards import archive_standings
from tourneystats.core.schema import ValidationError


def _rows(**columns: object) -> pd.DataFrame:
    """Two events of two players, one round each: E1 won by a, E2 drawn."""
    base = pd.DataFrame(
        {
            "event": ["E1", "E1", "E2", "E2"],
            "round": 1,
            "player": ["a", "b", "c", "d"],
            "opponent": ["b", "a", "d", "c"],
            "wins": [2, 0, 1, 1],
            "losses": [0, 2, 1, 1],
            "draws": 0,
            "platform": "melee",
            "date": pd.Timestamp("2024-06-30", tz="UTC"),
            "game_scores": True,
            "cut_round": 0,
        }
    )
    return base.assign(**columns)


def test_a_valid_frame_is_computed_and_left_as_it_was():
    rows = _rows(date=["2024-06-30"] * 4, cut_round=[np.nan] * 4)
    before = rows.copy()
    table = archive_standings(rows)
    pd.testing.assert_frame_equal(rows, before)
    assert table["match_points"].tolist() == [3, 0, 1, 1]
    # the same table from the archive's own types: a dated string is the date, 1/0 True/False
    pd.testing.assert_frame_equal(table, archive_standings(_rows()))
    pd.testing.assert_frame_equal(table, archive_standings(_rows(game_scores=1)))


def test_a_platform_without_game_scores_is_refused():
    with pytest.raises(ValidationError, match=r"'platform' without the column 'game_scores'"):
        archive_standings(_rows().drop(columns="game_scores"))


@pytest.mark.parametrize(
    ("column", "values", "said"),
    [
        ("date", ["2024-06-30", "2024-06-30", "June 31st", "June 31st"], r"'date': not a date"),
        ("game_scores", [True, True, "False", "False"], r"'game_scores': not True or False"),
        ("game_scores", [True, True, None, None], r"'game_scores': not True or False"),
        ("cut_round", [0, 0, -1, -1], r"'cut_round': not a round number"),
        ("cut_round", [0, 0, 1.5, 1.5], r"'cut_round': not a round number"),
        ("published_decimals", [3, 3, -1, -1], r"'published_decimals': not a number of decimals"),
        ("published_decimals", [3, 3, 13, 13], r"'published_decimals': not a number of decimals"),
        ("published_decimals", [3, 3, "x", "x"], r"'published_decimals': not a number of decimals"),
        ("platform", ["melee", "melee", "Melee", "Melee"], r"'platform': an unknown platform"),
    ],
)
def test_a_bad_value_is_refused_naming_the_column_and_the_event(column, values, said):
    rows = _rows(**{column: values})
    before = rows.copy()
    with pytest.raises(ValidationError, match=said + r".* 1 event\(s\) \(E2\)") as error:
        archive_standings(rows)
    assert error.value.rows is not None and error.value.rows["event"].tolist() == ["E2"]
    pd.testing.assert_frame_equal(rows, before)


def test_an_unknown_platform_is_computed_under_the_rules_named():
    rows = _rows(platform="my-club")
    table = archive_standings(rows, rules="mtg")
    assert table["match_points"].tolist() == [3, 0, 1, 1]


def _with_final(**columns: object) -> pd.DataFrame:
    """`_rows` (melee.gg, March 2024: ``Rules.playoff_tiebreakers``) with a final of E1 in
    round 2, b beating a 2-1 (marked ``bracket``), and the mark on the other rows."""
    rows = _rows(date=pd.Timestamp("2024-03-01", tz="UTC"), bracket=False)
    final = rows[rows["event"] == "E1"].assign(round=2, wins=[1, 2], losses=[2, 1], bracket=True)
    return pd.concat([rows, final], ignore_index=True).assign(**columns)


def test_a_bracket_counts_in_the_tie_breakers_only():
    # E1: a beat b 2-0 in round 1, b beat a 2-1 in the final. melee.gg: points of the Swiss round
    # (a 3, b 0), each seen over 2 rounds with the floor (a 3/6 = 1/2, b 0 -> 1/3), games of
    # both rounds (a 3 of 5 = 0.6, b 2 of 5 = 0.4), each meeting once more (a: OMW% 1/3, OGW%
    # 0.4; b: 1/2, 0.6). E2 has no bracket: its standings as without the column.
    rows = _with_final()
    before = rows.copy()
    table = archive_standings(rows).set_index("player")
    pd.testing.assert_frame_equal(rows, before)
    assert table["match_points"].tolist() == [3, 0, 1, 1]
    assert np.allclose(table.loc[["a", "b"], "omwp"], [1 / 3, 1 / 2])
    assert np.allclose(table.loc[["a", "b"], "gwp"], [0.6, 0.4])
    assert np.allclose(table.loc[["a", "b"], "ogwp"], [0.4, 0.6])
    swiss = archive_standings(rows[~rows["bracket"]].drop(columns="bracket")).set_index("player")
    pd.testing.assert_frame_equal(table.loc[["c", "d"]], swiss.loc[["c", "d"]])
    assert swiss.loc["a", "omwp"] == 1 / 3 and swiss.loc["a", "gwp"] == 1  # (Swiss only)
    # missing is False (rows of a table file beside the JSON events), and 1/0 are True/False
    pd.testing.assert_frame_equal(
        archive_standings(_with_final(bracket=[None] * 4 + [1, 1])).set_index("player"), table
    )
    # rules that do not count a bracket leave it out: the Swiss standings
    mtg = archive_standings(rows, rules="mtg")
    pd.testing.assert_frame_equal(
        mtg, archive_standings(rows[~rows["bracket"]].drop(columns="bracket"), rules="mtg")
    )


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"bracket": [False] * 4 + ["yes", "yes"]}, r"'bracket': not True or False \('yes'\)"),
        ({"opponent": ["b", "a", "d", "c", None, "a"]}, r"'bracket': a bracket row without an op"),
        ({"round": [1, 1, 1, 1, 1, 1]}, r"'bracket': a bracket round not after the Swiss rounds"),
        (
            {"platform": [None, None, "melee", "melee", None, None]},
            r"'bracket': rows of a bracket round in an event without a 'platform'",
        ),
    ],
)
def test_a_bad_bracket_is_refused_naming_the_column_and_the_event(change, said):
    rows = _with_final(**change)
    rows.loc[rows["event"] == "E1", "event"] = "E2"  # the event with the final named E2
    rows.loc[[2, 3], "event"] = "E1"
    before = rows.copy()
    with pytest.raises(ValidationError, match=said + r".* 1 event\(s\) \(E2\)") as error:
        archive_standings(rows)
    assert error.value.rows is not None and error.value.rows["event"].tolist() == ["E2"]
    pd.testing.assert_frame_equal(rows, before)


def test_a_bracket_of_an_event_without_swiss_rounds_is_refused():
    # the import keeps no such rows (MTGO's files hold their playoffs only): no standings
    rows = _with_final(event=["E2", "E2", "E1", "E1", "E3", "E3"])
    with pytest.raises(ValidationError, match=r"'bracket': rows of a bracket round in an event "
                       r"without Swiss rounds .* 1 event\(s\) \(E3\)"):  # fmt: skip
        archive_standings(rows)


def test_a_bracket_without_platforms_is_refused():
    rows = _with_final().drop(columns=["platform", "date", "game_scores", "cut_round"])
    with pytest.raises(ValidationError, match=r"'bracket': rows of a bracket round .*\(E1\)"):
        archive_standings(rows)
    # without a bracket row, the column alone changes nothing
    plain = rows[~rows["bracket"]]
    pd.testing.assert_frame_equal(
        archive_standings(plain), archive_standings(plain.drop(columns="bracket"))
    )


@pytest.mark.parametrize("compute", [cards.standings, cards.explain, cards.standings_by_round])
def test_swiss_computations_refuse_bracket_rows(compute):
    # the bracket's rows are no Swiss rounds: counted as rounds they would give b 3 points
    rows = _with_final()
    with pytest.raises(ValidationError, match=r"rows of a bracket round \(column 'bracket' True"):
        compute(rows)
    assert compute(rows[~rows["bracket"]]).shape[0] > 0  # the Swiss rows are computed


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_a_table_of_archive_rows_is_read_without_its_bracket(tmp_path, suffix):
    # a file of an archive's rows (as `tourneystats standings` of an archive file reads it):
    # its bracket rows left out, said in a warning, never read as Swiss rounds
    rows = _with_final()
    path = tmp_path / f"rows{suffix}"
    rows.to_csv(path, index=False) if suffix == ".csv" else rows.to_parquet(path)
    with pytest.warns(UserWarning, match=r"2 row\(s\) of bracket rounds \(column 'bracket'\) left"):
        read = cards.read_results(path)
    assert "bracket" not in read.columns and len(read) == 4 and read["round"].max() == 1
    with pytest.warns(UserWarning, match="bracket rounds"):
        table = cards.standings_from_path(path)
    assert table["match_points"].tolist() == [3, 0, 1, 1]  # b's final gives no points


def test_the_archive_rows_keep_the_bracket_of_an_event_with_swiss_rounds(tmp_path):
    # melee.gg: a Swiss round, then a final (a rematch); MTGO: its playoffs only, no Swiss round
    # (no standings: nothing to count a bracket in, so nothing kept)
    from tourneystats.cards.files import archive_rows

    final = {
        "RoundName": "Finals",
        "Matches": [{"Player1": "B", "Player2": "A", "Result": "2-1-0"}],
    }
    swiss = {
        "RoundName": "Round 1",
        "Matches": [{"Player1": "A", "Player2": "B", "Result": "2-0-0"}],
    }
    for name, uri, rounds in (("cup", "https://melee.gg/1", [swiss, final]),
                              ("challenge", "https://www.mtgo.com/1", [final])):  # fmt: skip
        tournament = {"Date": "2024-03-01", "Uri": uri}
        text = json.dumps({"Tournament": tournament, "Rounds": rounds})
        (tmp_path / f"{name}.json").write_text(text)
    with pytest.warns(UserWarning, match=r"bracket rounds read apart .*: cup.json \(Finals\)"):
        rows = archive_rows(tmp_path / "cup.json")
    assert rows[["round", "player", "wins", "bracket"]].values.tolist() == [
        [1, "A", 2, False], [1, "B", 0, False], [2, "B", 2, True], [2, "A", 1, True]
    ]  # fmt: skip
    assert archive_standings(rows)["omwp"].tolist() == [1 / 3, 1 / 2]  # (the test above)
    with pytest.warns(UserWarning, match="bracket rounds read apart"):
        assert len(archive_rows(tmp_path / "challenge.json")) == 0
