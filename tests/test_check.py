"""tourneystats.core.check and the ``check`` command: published against computed values."""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tourneystats.core.check import compare, decimals, summary


def test_values_agree_at_the_published_precision_whatever_the_rounding():
    published = pd.DataFrame({"player": ["a", "b", "c"], "omw": [0.667, 0.125, 0.5]})
    computed = pd.DataFrame({"player": ["a", "b", "c"], "omwp": [2 / 3, 0.1245, 0.5006]})
    table = compare(published, computed, keys=["player"], values={"omw": "omwp"})
    # 0.1245 rounds to 0.124 (half even) or 0.125 (half up): both agree; 0.5006 is 0.501
    assert table["equal"].tolist() == [True, True, False]
    assert decimals(published["omw"]) == 3


def test_a_shared_place_agrees_with_each_place_it_covers_per_event():
    # E: b and c share 2nd (places 2 and 3); F: x and y share 1st, z is 3rd
    pub = pd.DataFrame(
        {
            "event": ["E", "E", "E", "F", "F", "F"],
            "player": ["a", "b", "c", "x", "y", "z"],
            "rank": [1, 3, 2, 2, 1, 2],
        }
    )
    ours = pd.DataFrame(
        {
            "event": ["E", "E", "E", "F", "F", "F"],
            "player": ["a", "b", "c", "x", "y", "z"],
            "rank": [1, 2, 2, 1, 1, 3],
        }
    )
    table = compare(pub, ours, keys=["event", "player"], values={"rank": "rank"}, places=["rank"])
    assert table.set_index("player")["equal"].to_dict() == {
        "a": True, "b": True, "c": True, "x": True, "y": True, "z": False,
    }  # fmt: skip
    # without places, a shared place agrees only with its first place
    plain = compare(pub, ours, keys=["event", "player"], values={"rank": "rank"})
    assert plain.set_index("player")["equal"].to_dict()["b"] is False
    # a player computed but not published (or the reverse) still disagrees
    missing = compare(
        pub.iloc[:2], ours, keys=["event", "player"], values={"rank": "rank"}, places=["rank"]
    )
    assert missing.set_index("player")["equal"].to_dict()["c"] is False


def test_an_approximate_last_digit_agrees_within_one_unit_only():
    pub = pd.DataFrame({"p": ["a", "b", "c", "d"], "v": [0.5416, 0.7084, 0.6667, 0.5414]})
    ours = pd.DataFrame({"p": ["a", "b", "c", "d"], "v": [13 / 24, 17 / 24, 2 / 3, 13 / 24]})
    rounded = compare(pub, ours, keys=["p"], values={"v": "v"})
    near = compare(pub, ours, keys=["p"], values={"v": "v"}, last_digit="approximate")
    assert rounded["equal"].tolist() == [False, False, True, False]
    assert near["equal"].tolist() == [True, True, True, False]  # d: 0.000267 off
    with pytest.raises(ValueError, match="last_digit"):
        compare(pub, ours, keys=["p"], values={"v": "v"}, last_digit="truncated")
    # whole numbers (points, places) are not one off: 9 against 10 differs
    points = pd.DataFrame({"p": ["a", "b"], "v": [9, 6]})
    ours = pd.DataFrame({"p": ["a", "b"], "v": [10, 6]})
    near = compare(points, ours, keys=["p"], values={"v": "v"}, last_digit="approximate")
    assert near["equal"].tolist() == [False, True]


def test_missing_on_either_side_disagrees():
    published = pd.DataFrame({"player": ["a", "b"], "points": [3, 1]})
    computed = pd.DataFrame({"player": ["a", "c"], "match_points": [3, 0]})
    table = compare(published, computed, keys=["player"], values={"points": "match_points"})
    assert table.set_index("player")["equal"].to_dict() == {"a": True, "b": False, "c": False}
    assert np.isnan(table.set_index("player").loc["c", "published"])
    assert summary(table).splitlines()[0] == "3 published values compared: 1 equal, 2 different"


# --- why values differ: the shipped samples ------------------------------------------------------

SAMPLES = Path(__file__).resolve().parents[1] / "data"


def test_check_says_when_a_trf_ranks_by_points_only():
    from tourneystats.chess import check_from_path
    from tourneystats.chess.check import POINTS_ONLY

    path = SAMPLES / "chess" / "club-spring-2024.trf"
    table = check_from_path(path)  # ranked by BH/C1, BH, SB: the file ranks by points
    wrong = table[~table["equal"]]
    assert len(wrong) > 0 and (wrong["value"] == "rank").all()
    assert (wrong["note"] == POINTS_ONLY).all()
    assert table["note"][table["equal"]].isna().all()
    assert check_from_path(path, tiebreaks=[])["equal"].all()


def test_check_says_when_ranks_follow_tiebreaks_the_file_does_not_declare():
    from tourneystats.chess import check_from_path
    from tourneystats.chess.check import UNDECLARED

    path = SAMPLES / "chess" / "tournament_1.txt"
    wrong = check_from_path(path, rules="fide2024").query("~equal")
    assert len(wrong) > 0 and (wrong["note"] == UNDECLARED).all()
    tiebreaks = ["BH", "SB", "WIN", "TPN"]  # the publisher's order, found by check
    assert check_from_path(path, rules="fide2024", tiebreaks=tiebreaks)["equal"].all()


def test_a_team_board_with_one_room_is_not_a_difference_and_check_says_why(capsys):
    from tourneystats.bridge import check_from_path
    from tourneystats.cli import main
    from tourneystats.core.check import differences, not_computable

    path = SAMPLES / "bridge-published"
    table = check_from_path(path)
    alone = table[not_computable(table)]
    assert alone["note"].tolist() == ["board 20 has one room in this file"]
    assert alone["published"].tolist() == [-1.0] and differences(table).empty
    assert main(["check", str(path), "--family", "bridge"]) == 0  # a folder: one row per file
    assert "887 equal, 0 different, 1 not computable" in capsys.readouterr().out
    assert main(["check", str(path / "pbn-teams-imps.pbn"), "--family", "bridge"]) == 0
    out = capsys.readouterr().out
    assert "0 different, 1 not computable" in out and "board 20 has one room" in out


def test_check_does_not_offer_the_league(capsys):
    from tourneystats.cli import main

    with pytest.raises(SystemExit) as exc:
        main(["check", str(SAMPLES / "league"), "--family", "league"])
    assert exc.value.code == 2
    assert "invalid choice: 'league'" in capsys.readouterr().err


def test_the_statuses_are_the_common_ones_and_the_families_own_in_one_order():
    import inspect
    import re

    from tourneystats.cards import report as cards_report
    from tourneystats.core import check, report

    assert report.STATUSES is check.STATUSES
    assert set(check.STATUS_ORDER) == {*check.STATUSES, *check.FAMILY_STATUSES}
    assert len(check.STATUS_ORDER) == len(check.STATUSES) + len(check.FAMILY_STATUSES)
    common = [s for s in check.STATUS_ORDER if s in check.STATUSES]
    assert common == list(check.STATUSES)  # the common ones keep their order
    source = inspect.getsource(cards_report._statuses)
    given = set(re.findall(r'"([a-z_ ]+)"', source)) & {*check.STATUS_ORDER, "refused"}
    assert given == set(cards_report.STATUSES) - {"refused"}  # (refused: by the caller)
    assert cards_report.STATUSES == check.STATUS_ORDER


def test_chess_check_of_a_folder_leaves_out_text_files_that_hold_no_trf(tmp_path, capsys):
    """A club's web site keeps other texts beside its TRF files (a React page's data, an empty
    ``change_id.txt``): ``check`` leaves a ``.txt`` without any TRF record out, and says so; a
    ``.txt`` with TRF records that is no good TRF, and a bad ``.trf``, are still refused."""
    import shutil

    from tourneystats.cli import main

    data = Path(__file__).parent / "data" / "chess"
    site = tmp_path / "site"
    (site / "timeline").mkdir(parents=True)
    shutil.copy(data / "tournament_1.txt", site / "event.txt")
    (site / "timeline" / "page.txt").write_text('1:"$Sreact.fragment"\n2:I[6874,[],""]\n')
    (site / "change_id.txt").write_text("")
    (site / "broken.txt").write_text("012 Club\n001 not a player line\n")
    (site / "broken.trf").write_text("just text\n")
    report = tmp_path / "report.csv"
    code = main(["check", str(site), "--family", "chess", "--out", str(report)])
    out = capsys.readouterr().out
    rows = pd.read_csv(report).set_index("file")["status"].to_dict()
    assert sorted(rows) == ["broken.trf", "broken.txt", "event.txt"]  # (checked, the others out)
    assert rows["broken.trf"] == rows["broken.txt"] == "refused" != rows["event.txt"]
    assert code == 1
    assert (
        "left out: 2 file(s) that hold no chess results, e.g. change_id.txt, timeline/page.txt"
        in out
    )


def test_chess_check_of_a_folder_of_texts_alone_says_they_hold_no_results(tmp_path, capsys):
    from tourneystats.cli import main

    (tmp_path / "notes.txt").write_text("nothing to see\n")
    assert main(["check", str(tmp_path), "--family", "chess"]) == 1
    err = capsys.readouterr().err
    assert "no chess files to check in this folder" in err and "1 left out" in err
