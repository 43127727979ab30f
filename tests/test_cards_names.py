"""How names are read (core.people), the MTG JSON values no standings can have, and the TOM
players without a match (issue 42): worked examples with their numbers, and the vectorised name
rule against its plain-Python reference (tests/reference_names.py) on random names."""

from __future__ import annotations

import json
import sys
import warnings
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples
from reference_names import case_variants as reference_variants
from reference_names import clean_name as reference_clean

from tourneystats import cards, chess, league
from tourneystats.core.people import case_variants, clean_name, clean_names
from tourneystats.core.schema import ValidationError

DATA = Path(__file__).parent / "data" / "cards"
SFIDA = DATA / "mtgjson" / "sfida-dei-campioni-pauper-61438-2024-02-18.json"
PRERELEASE = DATA / "tom" / "prerelease-2026-06.tdf"

# --- the rule, against its reference ---------------------------------------------------------

#: letters, and whitespace Python's and Arrow's regular expressions disagree on (``\s``)
CHARS = st.sampled_from(list("aAbBé ") + ["\t", "\n", "\xa0", "\u2003", "\u3000", "\x1f", "-"])
NAMES = st.lists(st.text(CHARS, max_size=6), min_size=1, max_size=12)


@settings(max_examples=examples(150), deadline=None)
@given(NAMES, st.sampled_from(["str", "object", "category"]))
def test_clean_names_is_the_reference_value_by_value(names, dtype):
    values = pd.Series(names, dtype=dtype)
    kept = values.copy()
    got = clean_names(values)
    assert got.astype(object).tolist() == [reference_clean(n) for n in names]
    pd.testing.assert_series_equal(values, kept)  # the caller's column is not modified
    if all(reference_clean(n) == n for n in names):
        assert got is values  # nothing to clean: no copy


#: names alike in letter case: ASCII, and others whose case folding is ASCII ("ß" is "ss", the
#: Kelvin sign "k") or not ("é")
ALIKE = ["al", "Al", "AL", "bo", "ß", "SS", "ss", "\u212al", "Kl", "é", "É", "ＡＬ", "ａｌ"]


@settings(max_examples=examples(150), deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from("EF"), st.sampled_from(ALIKE))),
    st.sampled_from(["str", "object", "category"]),
)
def test_case_variants_are_the_reference(rows, dtype):
    frame = pd.DataFrame(rows, columns=["event", "player"], dtype=dtype)
    got = case_variants(frame, "player", ["event"])
    want = reference_variants(rows)
    assert len(got) == len(want)
    for event, names in want:
        shown = f"event {event!r}: " + ", ".join(repr(n) for n in sorted(names))
        assert shown in got


def test_clean_name_worked_examples():
    assert clean_name(" Ann \t Lee\u00a0") == "Ann Lee"
    assert clean_name("Leonam  Fernandes da Silva") == "Leonam Fernandes da Silva"
    assert clean_name("GEN Shinohara") == "GEN Shinohara"  # letter case is part of a name
    assert clean_name(None) is None and clean_name(7) == 7


def test_the_whitespace_the_vectorised_rule_looks_for_is_all_of_pythons():
    """:func:`clean_names` finds the names to clean in Arrow text with a regular expression
    listing the whitespace characters: every code point ``str.isspace`` calls whitespace."""
    from tourneystats.core.people import _spaces

    listed = {chr(int(code, 16)) for code in _spaces()[3:-1].split("}\\x{")}
    spaces = {chr(c) for c in range(sys.maxunicode + 1) if chr(c).isspace()}
    assert listed == spaces - {" "}


@pytest.mark.parametrize("dtype", ["str", "object", "category"])
def test_case_variants_of_a_categorical_are_those_of_its_text(dtype):
    """Names differing in case are found the same in text and in a categorical, whose unused
    categories (no row has them) are no names of the frame."""
    frame = pd.DataFrame(
        {"event": ["E", "E", "F", "F"], "player": ["Al", "AL", "al", "Bo"]}, dtype=dtype
    )
    if dtype == "category":
        frame["player"] = frame["player"].cat.add_categories(["aL", "BO"])
    assert case_variants(frame, "player", ["event"]) == ["event 'E': 'AL', 'Al'"]


# --- results frames and the readers --------------------------------------------------------

MATCHES = pd.DataFrame(
    {
        "event": "E",
        "round": [1, 1, 1, 1, 2, 2, 2, 2],
        "player": ["Ann ", "Bo", "Cy", "Di", "Ann", "Cy", "Bo", "Di"],
        "opponent": ["Bo", "Ann", "Di", "Cy", "Cy", "Ann ", "Di", "Bo"],
        "wins": [2, 0, 2, 1, 2, 1, 2, 0],
        "losses": [0, 2, 1, 2, 1, 2, 0, 2],
        "draws": 0,
    }
)


def test_a_name_with_spaces_in_some_rows_is_one_player():
    """Ann won both her matches (6 match points, 4-1 in games: gwp 0.8) whatever the spaces."""
    given_frame = MATCHES.copy()
    table = cards.standings(MATCHES).set_index("player")
    pd.testing.assert_frame_equal(MATCHES, given_frame)
    assert sorted(table.index) == ["Ann", "Bo", "Cy", "Di"]
    assert table.loc["Ann", ["match_points", "rounds"]].tolist() == [6, 2]
    assert table.loc["Ann", "gwp"] == pytest.approx(4 / 5)
    assert table.loc["Ann", "rank"] == 1


@pytest.mark.parametrize("dtype", ["str", "category"])
def test_names_with_spaces_on_two_threads_are_read_once_as_in_one_call(monkeypatch, dtype):
    """A frame computed in runs of events on two threads (each run one event here) reads its
    names as one call does: Ann is one player in every event, with her 6 match points, whether
    the names are text or categoricals (as a Parquet file's are read)."""
    from tourneystats.cards import tables
    from tourneystats.core.parallel import cores

    frame = pd.concat([MATCHES.assign(event=e) for e in ("E1", "E2", "E3")], ignore_index=True)
    frame = frame.astype({"player": dtype, "opponent": dtype})
    monkeypatch.setattr(tables, "THREADED_ROWS", 10**12)
    one = cards.standings(frame)
    monkeypatch.setattr(tables, "THREADED_ROWS", 0)
    monkeypatch.setattr(tables, "CHUNK_ROWS", len(MATCHES))
    two = tables._on_two_threads(frame, cards.get_rules("mtg"), None)  # (None: a run failed)
    assert two is not None or cores() < 2
    two = cards.standings(frame) if two is None else two
    pd.testing.assert_frame_equal(two, one, check_exact=True)
    ann = two[two["player"] == "Ann"]
    assert ann["event"].tolist() == ["E1", "E2", "E3"] and set(ann["match_points"]) == {6}
    assert len(two) == 12


def test_names_differing_in_case_on_two_threads_warn_once_as_one_call(monkeypatch):
    """Runs of events on two threads warn of names differing in case once, with the message of
    one call over the whole frame (every event named, in event order), from the caller's line."""
    from tourneystats.cards import tables

    frame = pd.concat(
        [
            MATCHES.assign(
                event=e,
                player=MATCHES["player"].replace("Ann", "ANN"),
                opponent=MATCHES["opponent"].replace("Ann ", "ANN"),
            )
            for e in ("E2", "E1", "E3")
        ],
        ignore_index=True,
    ).astype({"event": "category", "player": "category", "opponent": "category"})
    messages = []
    for threaded, chunk in ((10**12, 250_000), (0, len(MATCHES))):
        monkeypatch.setattr(tables, "THREADED_ROWS", threaded)
        monkeypatch.setattr(tables, "CHUNK_ROWS", chunk)
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            cards.standings(frame)
        assert [w.filename for w in seen] == [__file__]
        messages.append([str(w.message) for w in seen])
    assert messages[0] == messages[1]
    assert "event 'E1': 'ANN', 'Ann'; event 'E2': 'ANN', 'Ann'; event 'E3'" in messages[0][0]


def test_names_differing_in_case_are_two_players_with_a_warning():
    frame = MATCHES.assign(
        player=MATCHES["player"].replace("Ann", "ANN"),
        opponent=MATCHES["opponent"].replace("Ann ", "ANN"),
    )
    with pytest.warns(UserWarning, match=r"letter case only .* event 'E': 'ANN', 'Ann'"):
        table = cards.standings(frame).set_index("player")
    assert table.loc["Ann", "match_points"] == 3 and table.loc["ANN", "match_points"] == 3


def test_two_players_whose_names_differ_by_spaces_collide():
    """'Cy ' and 'Cy' in one round: one player once trimmed, in two matches: refused there."""
    frame = MATCHES.assign(player=MATCHES["player"].mask(MATCHES.index == 0, "Cy "))
    frame = frame.assign(opponent=frame["opponent"].mask(frame.index == 1, "Cy "))
    with pytest.raises(ValidationError, match=r"event='E', round=1, player='Cy'"):
        cards.standings(frame)


def test_league_and_pgn_names_are_read_by_the_rule(tmp_path):
    results = pd.DataFrame(
        {
            "tournament": ["T1", "T1", "T2", "T2"],
            "date": ["2024-01-10", "2024-01-10", "2024-01-17", "2024-01-17"],
            "player": ["Bo", "Åsa", "Bo ", " Åsa"],
            "points": [30, 40, 20, 10],
        }
    )
    table = league.leaderboard(results)
    assert sorted(table["player"]) == ["Bo", "Åsa"]
    pgn = tmp_path / "g.pgn"
    game = '[Event "E"]\n[Round "{}"]\n[White "{}"]\n[Black "{}"]\n[Result "1-0"]\n\n1-0\n\n'
    pgn.write_text(game.format(1, "Ann  Lee", "Bob") + game.format(2, "Bob", "Ann Lee "))
    table = chess.standings_from_path(pgn)
    assert sorted(table["name"]) == ["Ann Lee", "Bob"]
    assert table["PTS"].tolist() == [1.0, 1.0]


# --- MTG JSON ------------------------------------------------------------------------------


def _json(tmp_path: Path, edit) -> Path:
    document = json.loads(SFIDA.read_text())
    edit(document)
    path = tmp_path / "event.json"
    path.write_text(json.dumps(document))
    return path


def _read(path: Path) -> cards.CardsFile:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return cards.read_mtg_json(path)


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        (
            lambda d: d["Rounds"].insert(3, json.loads(json.dumps(d["Rounds"][2]))),
            r"Rounds\[3\]: round 'Round 3' is listed twice \(also Rounds\[2\]\)",
        ),
        (
            lambda d: d["Rounds"].append({**d["Rounds"][2], "RoundName": "Round 6"}),
            r"Rounds\[5\]: round 'Round 6' repeats the matches and results of Rounds\[2\]",
        ),
        (lambda d: d["Standings"][3].update(Points=-3), r"Standings\[3\]\.Points: Points -3"),
        (lambda d: d["Standings"][3].update(Rank=0), r"Standings\[3\]\.Rank: Rank 0 is below 1"),
        (
            lambda d: d["Standings"][3].update(OMWP=67.4),
            r"Standings\[3\]\.OMWP: OMWP 67.4 is above",
        ),
        (
            lambda d: d["Standings"][3].update(OGWP=-0.1),
            r"Standings\[3\]\.OGWP: OGWP -0.1 is below",
        ),
    ],
    ids=["round twice", "round renamed", "points", "rank", "omwp %", "ogwp"],
)
def test_mtg_json_refusals_name_the_file_and_the_place(tmp_path, edit, said):
    path = _json(tmp_path, edit)
    with pytest.raises(ValidationError, match=rf"event\.json: {said}"):
        _read(path)


def test_mtg_json_published_and_computed_agree_on_the_round_blocks(tmp_path):
    """The real file as published: P001 on 12 points (4 wins, as the file says); a player
    spelled with spaces in round 2 stays that player; melee.gg's GWP -0.2 is kept."""

    def spaced(d: dict) -> None:
        for match in d["Rounds"][1]["Matches"]:
            match["Player1"] = f" {match['Player1']}  "
        d["Standings"][3]["GWP"] = -0.2

    base = cards.standings(_read(SFIDA).results).set_index("player")
    data = _read(_json(tmp_path, spaced))
    table = cards.standings(data.results).set_index("player")
    assert base.loc["P001", "match_points"] == 12 == table.loc["P001", "match_points"]
    pd.testing.assert_frame_equal(base.drop(columns="event"), table.drop(columns="event"))
    assert data.published.loc[3, "GWP"] == -0.2


def test_mtg_json_rounds_of_byes_only_may_repeat(tmp_path):
    """A melee.gg event of 2025 lists the same two byes in rounds 7 to 9 (after its cut): no
    round block repeated (its published points count none of them)."""
    document = {
        "Tournament": {"Uri": "https://melee.gg/1"},
        "Rounds": [
            {"RoundName": "Round 1", "Matches": [{"Player1": "A", "Player2": "B", "Result": "2-0-0"},
                                                 {"Player1": "C", "Player2": "D", "Result": "2-1-0"}]},
            *({"RoundName": f"Round {k}", "Matches": [{"Player1": "A", "Player2": "-", "Result": "2-0-0"},
                                                      {"Player1": "C", "Player2": "-", "Result": "2-0-0"}]}
              for k in (2, 3)),
        ],
    }  # fmt: skip
    path = tmp_path / "e.json"
    path.write_text(json.dumps(document))
    assert _read(path).results["round"].max() == 3


# --- TOM -----------------------------------------------------------------------------------


def test_tom_players_placed_without_a_match_are_listed_last():
    """The real file places 23 players; 19 played. TOM's places 20-23 (ids 100009, 100014,
    100025, 100026) played no match: listed after the 19, one shared rank 20, no points."""
    with pytest.warns(UserWarning) as said:
        table = cards.standings_from_path(PRERELEASE)
    messages = [str(w.message) for w in said]
    assert any("4 player(s) TOM places (20-23) played no Swiss match" in m for m in messages)
    assert any("10 registered player(s) with no match and no place" in m for m in messages)
    assert len(table) == 23
    assert table["rank"].tolist()[-5:] == [19, 20, 20, 20, 20]
    last = table.tail(4)
    assert sorted(last["player"]) == ["100009", "100014", "100025", "100026"]
    assert (last["match_points"] == 0).all() and (last["rounds"] == 0).all()
    assert last["dropped"].all() and last["omwp"].isna().all()
    assert last["name"].str.startswith("Player").all()
