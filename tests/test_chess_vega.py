"""Vega web exports: the reader, the published standings compared, the Vega rule sets."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples
from test_chess_property import CODES, check, random_tournaments

from tourneystats.chess import check_from_path, standings
from tourneystats.chess.published import compare_published, event_status
from tourneystats.chess.vega import read_vega, tiebreak_code, vega_folders
from tourneystats.core.schema import ValidationError
from tourneystats.synth import chess_swiss

DATA = Path(__file__).parent / "data" / "chess" / "vega"
VEGA_RULES = ["vega2024", "vega2026a", "vega2026", "vega2009"]


def test_reads_the_pages():
    data = read_vega(DATA / "wwwRapid22024")
    r = data.results
    assert r["round"].max() == 5 and set(r["kind"]) == {
        "played",
        "pab",
        "forfeit_win",
        "forfeit_loss",
    }
    # the published standings: labels mapped to C.07 codes, the label kept
    assert data.published.attrs["labels"] == {"BH": "BH", "BH/C1": "BH-C1"}
    assert data.events.loc[0, "date"] == pd.Timestamp("2024-06-11")
    assert data.events.loc[0, "program"] == "Vega"
    assert data.players["name"].notna().all()
    # every played game seen from both sides
    played = r[r["kind"] == "played"]
    assert played["points"].sum() * 2 == len(played)


def _undated_copy(event, tmp_path):
    """A copy of a Vega folder whose pages print no date (none in tourstat.html either)."""
    folder = tmp_path / event
    folder.mkdir()
    for page in (DATA / event).iterdir():
        text = re.sub(rb"\d\d/\d\d/\d{4}", b"", page.read_bytes())
        (folder / page.name).write_bytes(text)
    assert pd.isna(read_vega(folder).events.loc[0, "date"])
    return folder


def test_an_older_template_dates_the_event_in_tourstat():
    # wwwRapid12024's pages print no dates; its tourstat.html: "Date Begin 02/04/2024"
    assert read_vega(DATA / "wwwRapid12024").events.loc[0, "date"] == pd.Timestamp("2024-04-02")


def test_an_undated_event_takes_the_presets_first_rule_set_unless_its_values_show_another(
    tmp_path,
):
    from tourneystats.chess.check import UNDATED, VALUES

    # wwwRapid22024: vega2024, the preset's first, reproduces all 38 values
    table = check_from_path(_undated_copy("wwwRapid22024", tmp_path))
    assert set(table["rules"]) == {"vega2024"} and set(table["chosen_by"]) == {UNDATED}
    # wwwRapid12024 (run with Vega's FIDE 2009 option): vega2024 gives 5 of its 28 values,
    # vega2009 all 28
    table = check_from_path(_undated_copy("wwwRapid12024", tmp_path))
    assert set(table["rules"]) == {"vega2009"} and set(table["chosen_by"]) == {VALUES}
    assert table["equal"].all()


def test_a_folder_of_vega_folders():
    names = [f.name for f in vega_folders(DATA)]
    assert names == sorted(p.name for p in DATA.iterdir())
    assert set(read_vega(DATA).results["event"]) == set(names)


@pytest.mark.parametrize(
    ("event", "rules", "equal", "values"),
    [
        ("wwwRapid22024", "vega2024", 38, 38),
        ("wwwRapid22024", "vega2009", 11, 38),
        ("wwwRapid12024", "vega2009", 28, 28),
        ("wwwRapid12024", "vega2024", 5, 28),
        # a pairing-allocated bye adds nothing to SB (2 byes); the 2026 caps do not apply
        ("www2026PurdyCupRookiesandJuniors-r2", "vega2026a", 243, 243),
        ("www2026PurdyCupRookiesandJuniors-r2", "vega2024", 241, 243),
        ("www2026PurdyCupRookiesandJuniors-r2", "vega2026", 234, 243),
        # the 2026 caps apply
        ("www2026WesternJuniorsRapid-r2", "vega2026", 267, 267),
        ("www2026WesternJuniorsRapid-r2", "vega2024", 262, 267),
        # rules="auto": the Vega rule set of the event's date
        ("www2026PurdyCupRookiesandJuniors-r2", "auto", 243, 243),
        ("www2026WesternJuniorsRapid-r2", "auto", 267, 267),
    ],
)
def test_published_tiebreaks_reproduced(event, rules, equal, values):
    table = check_from_path(DATA / event, rules=rules)
    tb = table[~table["value"].isin(["points", "rank"])]
    assert (int(tb["equal"].sum()), len(tb)) == (equal, values)
    assert table.loc[table["value"] == "points", "equal"].all()


def test_without_rules_each_event_takes_the_vega_rule_set_of_its_date_or_its_values():
    from tourneystats.chess.check import VALUES

    # the preset "vega": vega2024 before 2026, vega2026a from 2026-01, vega2026 from 2026-04;
    # an event whose values that one does not all reproduce: the one of Vega's rule sets
    # that reproduces most (wwwRapid12024, run with Vega's FIDE 2009 option: the date's
    # vega2024 gives 5 of its 28 tie-break values, vega2009 all 28)
    table = check_from_path(DATA)
    chosen = table.groupby("event")[["rules", "chosen_by"]].first()
    assert dict(zip(chosen.index, zip(chosen["rules"], chosen["chosen_by"]))) == {
        "www2026HonourableBob-r2": ("vega2026a", "date"),  # 2026-01-27
        "www2026PurdyCupRookiesandJuniors-r2": ("vega2026a", "date"),  # 2026-03-14
        "www2026WesternJuniorsRapid-r2": ("vega2026", "date"),  # 2026-05-02
        "wwwRapid12024": ("vega2009", VALUES),  # 2024-04-02
        "wwwRapid22024": ("vega2024", "date"),  # 2024-06-11
    }
    assert table.loc[table["value"] != "rank", "equal"].all()
    # two players Vega orders by something the pages do not show (equal on every value)
    assert table.loc[~table["equal"], "player"].tolist() == [66, 77]
    for rules in ("vega", "auto"):
        pd.testing.assert_frame_equal(check_from_path(DATA, rules=rules), table)


def test_a_rule_set_given_is_used_for_every_event():
    table = check_from_path(DATA, rules="vega2024")
    assert set(table["rules"]) == {"vega2024"} and set(table["chosen_by"]) == {"given"}
    tb = table[~table["value"].isin(["points", "rank"])]
    equal = tb.groupby("event")["equal"].agg(["sum", "size"]).astype(int)
    assert equal.loc["wwwRapid12024"].tolist() == [5, 28]


def test_vega_counts_trailing_byes_from_the_last_paired_round():
    # B plays round 1, is absent in round 2, forfeits round 3. C.07 (2024) 16.3: B's last
    # available round is 1, so his round-2 absence counts as a draw: B is seen at 0.5, and
    # BH(A) = 0.5 + 1 + 1 = 2.5. Vega: B was paired in round 3 (a forfeit), so nothing
    # trails: B is seen at 0, BH(A) = 0 + 1 + 1 = 2.0.
    games = _worked_example()
    bh = {
        rules: standings(games, rules=rules, tiebreaks=["BH"]).set_index("player")["BH"]
        for rules in ("fide2024", "vega2024")
    }
    assert bh["fide2024"]["A"] == 2.5
    assert bh["vega2024"]["A"] == 2.0
    # own unplayed rounds: a dummy of the player's own score (2.5) in both
    assert bh["fide2024"]["D"] == bh["vega2024"]["D"] == 1.0 + 2.5 + 2.5


def test_vega_counts_a_double_forfeit_as_paired():
    # The worked example with round 3 a double forfeit of B and D (0F-0F: a forfeit loss of
    # each, naming the other). Scores: A 2.5, B 0, C 1, D 1.5. Vega: B was paired in round 3,
    # so nothing trails and B is seen at 0: BH(A) = B 0 + C 1 + C 1 = 2.0. Read as two
    # absences instead, B's rounds 2-3 would trail his last paired round 1 and count as draws:
    # B seen at 1.0, BH(A) = 3.0. BH(D) = C 1 + his own unplayed rounds 2 and 3 (a dummy of
    # his own score, 1.5 each) = 4.0; BH(B) = A 2.5 + 0 + 0 = 2.5; BH(C) = D 1.5 (paired in
    # round 3: nothing trails) + A 2.5 + A 2.5 = 6.5.
    games = _worked_example()
    last = games["round"] == 3
    games.loc[last & games["player"].isin(["B", "D"]), "points"] = 0.0
    games.loc[last & games["player"].isin(["B", "D"]), "kind"] = "forfeit_loss"
    bh = standings(games, rules="vega2024", tiebreaks=["BH"]).set_index("player")["BH"]
    assert bh.to_dict() == {"A": 2.0, "B": 2.5, "C": 6.5, "D": 4.0}
    absent = games.copy()
    absent.loc[last & absent["player"].isin(["B", "D"]), ["opponent", "kind"]] = [None, "zpb"]
    assert (
        standings(absent, rules="vega2024", tiebreaks=["BH"]).set_index("player")["BH"]["A"] == 3.0
    )


def test_a_double_forfeit_on_the_pages_is_two_forfeit_losses():
    # round 2 of the Honourable Bob 2026: "Tregaskis-Lie, Linda" (35) 0F-0F "Owen,Lee" (33);
    # Vega publishes 70 tie-break values after round 2, all reproduced only so (68 when the
    # double forfeit was read as two absences)
    data = read_vega(DATA / "www2026HonourableBob-r2")
    r = data.results.set_index(["round", "player"])
    assert r.loc[(2, 35), ["opponent", "points", "kind"]].tolist() == [33, 0.0, "forfeit_loss"]
    assert r.loc[(2, 33), ["opponent", "points", "kind"]].tolist() == [35, 0.0, "forfeit_loss"]
    assert data.notes.empty
    table = check_from_path(DATA / "www2026HonourableBob-r2", rules="vega2024")
    tb = table[~table["value"].isin(["points", "rank"])]
    assert (int(tb["equal"].sum()), len(tb)) == (70, 70)


def _worked_example() -> pd.DataFrame:
    rows = [
        (1, "A", "B", "w", 1.0, "played"), (1, "B", "A", "b", 0.0, "played"),
        (1, "C", "D", "w", 0.5, "played"), (1, "D", "C", "b", 0.5, "played"),
        (2, "A", "C", "w", 1.0, "played"), (2, "C", "A", "b", 0.0, "played"),
        (2, "D", None, None, 1.0, "pab"), (2, "B", None, None, 0.0, "zpb"),
        (3, "A", "C", "b", 0.5, "played"), (3, "C", "A", "w", 0.5, "played"),
        (3, "D", "B", None, 1.0, "forfeit_win"), (3, "B", "D", None, 0.0, "forfeit_loss"),
    ]  # fmt: skip
    games = pd.DataFrame(rows, columns=["round", "player", "opponent", "colour", "points", "kind"])
    games.insert(0, "event", "E")
    return games


def test_tiebreak_labels():
    assert tiebreak_code("BH-C1") == "BH/C1"
    assert tiebreak_code("DirE") == "DE"
    assert tiebreak_code("SB/C1") == "SB/C1"
    assert tiebreak_code("Mystery") is None


def test_a_published_table_beside_results():
    games = pd.DataFrame({"event": "E", "round": 1, "player": [1, 2], "opponent": [2, 1],
                          "colour": ["w", "b"], "points": [1.0, 0.0], "kind": "played"})  # fmt: skip
    pub = pd.DataFrame({"event": "E", "player": [1, 2], "rank": [1, 2], "points": [1.0, 1.0],
                        "BH": [0.0, 1.0]})  # fmt: skip
    table = compare_published(pub, games)
    assert event_status(table).to_dict() == {"E": "inconsistent"}
    assert table.loc[~table["equal"], "note"].tolist() == [
        "published points that the results do not give"
    ]


# --- hostile inputs ------------------------------------------------------------------------------


def _copy(tmp_path: Path, event: str = "wwwRapid22024") -> Path:
    folder = tmp_path / event
    folder.mkdir()
    for p in (DATA / event).iterdir():
        (folder / p.name).write_bytes(p.read_bytes())
    return folder


def test_truncated_page_is_refused(tmp_path):
    folder = _copy(tmp_path)
    text = (folder / "pairs3.html").read_text(encoding="utf-8")
    (folder / "pairs3.html").write_text(text[: text.index("</table>") - 200], encoding="utf-8")
    with pytest.raises(ValidationError, match=r"pairs3\.html:\d+: the table is not closed"):
        read_vega(folder)


def test_crosstable_and_round_page_that_disagree_warn(tmp_path):
    folder = _copy(tmp_path)
    text = (folder / "pairs2.html").read_text(encoding="utf-8")
    (folder / "pairs2.html").write_text(text.replace("1 - 0", "0 - 1", 1), encoding="utf-8")
    with pytest.warns(UserWarning, match=r"crosstable\.html: 2 result\(s\) differ.*pairs2\.html"):
        read_vega(folder)


def test_missing_round_page_without_crosstable_is_refused(tmp_path):
    folder = _copy(tmp_path)
    (folder / "crosstable.html").unlink()
    (folder / "pairs3.html").unlink()
    with pytest.raises(ValidationError, match=r"no pairs3\.html \(round 3\)"):
        read_vega(folder)


def test_player_twice_in_the_standings_is_refused(tmp_path):
    folder = _copy(tmp_path)
    text = (folder / "standings.html").read_text(encoding="utf-8")
    text = text.replace("playercard.html#3", "playercard.html#2")
    (folder / "standings.html").write_text(text, encoding="utf-8")
    with pytest.raises(ValidationError, match=r"standings\.html:\d+: player 2 twice"):
        read_vega(folder)


def test_unknown_tiebreak_label_is_kept_and_not_compared(tmp_path):
    folder = _copy(tmp_path)
    text = (folder / "standings.html").read_text(encoding="utf-8")
    (folder / "standings.html").write_text(text.replace("BH-C1", "Zig"), encoding="utf-8")
    with pytest.warns(UserWarning, match="'Zig' is of no known tie-break"):
        data = read_vega(folder)
    assert "Zig" in data.published.columns
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        table = check_from_path(folder, rules="vega2024")
    assert set(table["value"]) == {"points", "rank", "BH"}


def test_empty_folder_is_refused(tmp_path):
    with pytest.raises(ValidationError, match="no Vega folder"):
        read_vega(tmp_path)


def test_non_utf8_page_is_read_with_a_warning(tmp_path):
    folder = _copy(tmp_path)
    data = (folder / "standings.html").read_bytes().replace(b"<title>", b"<title>\xe9", 1)
    (folder / "standings.html").write_bytes(data)
    with pytest.warns(UserWarning, match=r"standings\.html:\d+: not UTF-8"):
        read_vega(folder)


def test_auto_takes_the_vega_rule_set_for_vega_files():
    from tourneystats.chess import standings_from_path

    auto = standings_from_path(DATA / "wwwRapid22024", rules="auto")
    vega = standings_from_path(DATA / "wwwRapid22024", rules="vega2024")
    pd.testing.assert_frame_equal(auto, vega)
    # the published tie-breaks are the default order
    assert list(auto.columns[auto.columns.get_loc("PTS") + 1 :][:2]) == ["BH", "BH/C1"]


@settings(max_examples=examples(120), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(VEGA_RULES))
def test_vega_rule_sets_match_the_reference(seed, rules):
    frame, players = random_tournaments(seed, 2)
    check(frame, players, CODES, rules)


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 10_000), rules=st.sampled_from(VEGA_RULES))
def test_vega_rule_sets_on_a_synthetic_season_match_the_reference(seed, rules):
    results, players = chess_swiss(3, 9, 5, seed=seed, forfeit_rate=0.15, bye_rate=0.15,
                                   withdraw_rate=0.1, unrated_rate=0.1)  # fmt: skip
    check(results, players, ["BH/C1", "BH", "SB", "SB/C1", "KS"], rules)


def test_vega2026a_a_pairing_allocated_bye_adds_nothing_to_sb():
    # D: a draw with C (who ends on 1.0), a pairing-allocated bye, a forfeit win; 2.5 points.
    # vega: SB(D) = 1.0 x 1/2 + 2.5 x 1 (the bye's dummy) + 2.5 x 1 (the forfeit's) = 5.5;
    # vega2026a: the bye adds nothing: 0.5 + 0 + 2.5 = 3.0; BH counts the bye's dummy in both:
    # 1.0 + 2.5 + 2.5 = 6.0.
    games = _worked_example()
    sb = {
        rules: standings(games, rules=rules, tiebreaks=["SB", "BH"]).set_index("player")
        for rules in ("vega2024", "vega2026a")
    }
    assert sb["vega2024"].loc["D", "SB"] == 5.5
    assert sb["vega2026a"].loc["D", "SB"] == 3.0
    assert sb["vega2024"].loc["D", "BH"] == sb["vega2026a"].loc["D", "BH"] == 6.0


def test_check_a_results_table_against_standings_beside_it(tmp_path):
    games = _worked_example()
    games.to_csv(tmp_path / "club-results.csv", index=False)
    # BH under vega: A 2.0 (worked above), D 6.0 (D first on BH); by name, one value wrong (C)
    pd.DataFrame({"event": "E", "round_after": 3, "name": ["A", "D", "C"], "rank": [2, 1, 3],
                  "points": [2.5, 2.5, 1.0], "BH": [2.0, 6.0, 9.9]}).to_csv(
        tmp_path / "club-standings.csv", index=False)  # fmt: skip
    table = check_from_path(tmp_path / "club-results.csv", rules="vega2024")
    wrong = table[~table["equal"]]
    assert wrong[["player", "value"]].values.tolist() == [["C", "BH"]]
    assert set(table["value"]) == {"points", "rank", "BH"}
    with pytest.raises(ValidationError, match="no published standings beside"):
        (tmp_path / "club-standings.csv").unlink()
        check_from_path(tmp_path / "club-results.csv")


def test_check_on_the_command_line_names_the_events_whose_values_chose_the_rule_set(
    capsys, tmp_path
):
    from tourneystats.cli import main

    report = tmp_path / "report.csv"
    assert main(["check", str(DATA), "--family", "chess", "--out", str(report)]) == 0
    out = capsys.readouterr().out
    assert "1 event(s) compared under another of their program's rule sets" in out
    assert ": 1 vega2009" in out
    table = pd.read_csv(report).set_index("file")
    assert table.loc["wwwRapid12024", "chosen_by"] == "published values"
    assert (table.drop("wwwRapid12024")["chosen_by"] == "date").all()
    # a rule set given: every event under it, and no such line
    assert main(["check", str(DATA), "--family", "chess", "--rules", "vega2024"]) == 1
    assert "another of their program's" not in capsys.readouterr().out
    # best-fit is no rule set
    assert main(["check", str(DATA), "--family", "chess", "--rules", "best-fit"]) == 2
