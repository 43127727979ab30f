"""What-if analysis: every family's compare ranks as its standings do under each rule set; the
summaries, Kendall's tau and the decisive-criteria counts against plain-Python references."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
import reference_whatif as ref
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples
from reference_ranking import decided_by as reference_decided_by
from test_bridge_reference import frame as bridge_frame
from test_bridge_reference import sessions
from test_cards_properties import ALL_RULES, tournaments
from test_chess_property import ORDERS, random_tournaments
from test_league_reference import leagues

from tourneystats import bridge, cards, chess, league, synth, whatif
from tourneystats.core import whatif as core
from tourneystats.core.schema import PEOPLE

# --- compare equals standings, family by family --------------------------------------------------


def _part(table: pd.DataFrame, label: str, columns: list[str]) -> pd.DataFrame:
    """The rows of one rule set of a comparison table, with the standings' columns."""
    rows = table[table["rules"] == label].reset_index(drop=True)
    return rows[columns]


def _assert_frames(got: pd.DataFrame, want: pd.DataFrame) -> None:
    pd.testing.assert_frame_equal(got, want, check_dtype=False, check_categorical=False)


@given(tournaments(), st.lists(st.sampled_from(ALL_RULES), min_size=1, max_size=3, unique=True))
def test_cards_compare_equals_standings(t, rule_sets):
    results, _ = t
    table = cards.compare(results, rules=rule_sets)
    assert list(table["rules"].cat.categories) == [r.name for r in rule_sets]
    for rules in rule_sets:
        want = cards.standings(results, rules=rules)
        got = _part(table, rules.name, list(want.columns))
        _assert_frames(got, want)


@settings(max_examples=examples(25), deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["season", None]))
def test_cards_compare_on_synthetic_seasons(seed, by):
    results = synth.cards_season(4, 12, 4, seed=seed, season="S1")
    rules = ["mtg", "melee", ("pokemon", "pokemon"), {"label": "floor 1/4", "floor": 0.25}]
    if by is not None:
        rules = rules[:2]
    table = cards.compare(results, rules=rules, by=by)
    for label, preset in (("mtg", "mtg"), ("melee", "melee")):
        want = cards.standings(results, rules=preset, by=by)
        _assert_frames(_part(table, label, list(want.columns)), want)
    if by is None:
        own = cards.Rules(name="x", floor=0.25)
        want = cards.standings(results, rules=own)
        _assert_frames(_part(table, "floor 1/4", list(want.columns)), want)


@settings(max_examples=examples(60), deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    n_events=st.integers(1, 3),
    picks=st.lists(
        st.tuples(
            st.sampled_from(["adjusted", "fide2024", "fide2026", "fide2009"]),
            st.sampled_from([*ORDERS, ["BH/C1", "BH", "SB"], ["SB", "BH/C1"], ["PS", "WIN"]]),
        ),
        min_size=1,
        max_size=4,
        unique_by=lambda p: (p[0], tuple(p[1])),
    ),
)
def test_chess_compare_equals_standings(seed, n_events, picks):
    """Shared computations (tie-break orders under one rule set) rank as standings does."""
    results, players = random_tournaments(seed, n_events)
    table = chess.compare(results, rules=picks, players=players)
    for rules, tiebreaks in picks:
        label = f"{rules}:{'+'.join(tiebreaks)}"
        want = chess.standings(results, rules=rules, tiebreaks=tiebreaks, players=players)
        got = _part(table, label, list(want.columns))
        _assert_frames(got, want)
        # decided_by against the plain-Python oracle, over the standings' own rows
        shown = ("event", "player", "rank", "decided_by", *PEOPLE)  # the ratings are labels
        criteria = [c for c in want.columns if c not in shown]
        records = want.to_dict("records")
        expected = reference_decided_by(
            records, criteria, [False] * len(criteria), "event", dict(enumerate(want["rank"]))
        )
        why = table.loc[table["rules"] == label, "decided_by"]
        assert [None if pd.isna(x) else x for x in why] == expected


@settings(max_examples=examples(10), deadline=None)
@given(st.integers(0, 10_000))
def test_chess_compare_on_a_synthetic_season(seed):
    results, players = synth.chess_swiss(6, 16, 5, seed=seed)
    rules = ["fide2024", "fide2026:BH/C1+SB", {"rules": "fide2009", "tiebreaks": ["SB"]}]
    table = chess.compare(results, rules=rules, players=players)
    for label, options in (
        ("fide2024", {"rules": "fide2024"}),
        ("fide2026:BH/C1+SB", {"rules": "fide2026", "tiebreaks": ["BH/C1", "SB"]}),
        ("fide2009:SB", {"rules": "fide2009", "tiebreaks": ["SB"]}),
    ):
        want = chess.standings(results, players=players, **options)
        _assert_frames(_part(table, label, list(want.columns)), want)


@settings(max_examples=examples(60), deadline=None)
@given(sessions(), st.sampled_from([None, "mitchell", "howell"]))
def test_bridge_compare_equals_standings(rows, movement):
    results = bridge_frame(rows)
    rules = ["full", "half", "butler", {"scoring": "butler", "drop": 0}, "cross_imps"]
    if movement == "howell":
        results = results[results["ns_pair"] != results["ew_pair"]]
        if results.empty:
            return
    try:
        table = bridge.compare(results, rules=rules, movement=movement)
    except ValueError:  # a session the movement cannot be (a pair both ways on a board)
        return
    expected = {
        "full": bridge.session_standings(results, movement=movement),
        "half": bridge.session_standings(results, movement=movement, scale="half"),
        "butler": bridge.imp_standings(bridge.butler(results), movement=movement),
        "butler drop=0": bridge.imp_standings(bridge.butler(results, drop=0), movement=movement),
        "cross_imps": bridge.imp_standings(bridge.cross_imps(results), movement=movement),
    }
    for label, want in expected.items():
        _assert_frames(_part(table, label, list(want.columns)), want)


def test_bridge_compare_on_a_synthetic_season():
    results = synth.bridge_pairs(4, 7, movement="mixed", seed=3, artificial_rate=0.02)
    table = bridge.compare(results, rules=["mp", "butler", "cross_imps"])
    want = bridge.session_standings(results)
    _assert_frames(_part(table, "mp", list(want.columns)), want)
    assert set(table["decided_by"].dropna()) <= {"percentage", "imps", "tied"}
    assert len(table) == 3 * len(want)


@settings(max_examples=examples(60), deadline=None)
@given(leagues, st.lists(st.tuples(st.integers(0, 12), st.sampled_from(["top-up", "constant"]))))
def test_league_compare_equals_leaderboard(results, picks):
    picks = list(dict.fromkeys(picks)) or [(10, "top-up")]
    table = league.compare(results, rules=picks)
    for k, mode in picks:
        label = f"K={k}" + ("" if mode == "top-up" else f" {mode}")
        want = league.leaderboard(results, prior_rounds=k, prior_mode=mode)
        want = want.rename(columns={"place": "rank"})
        _assert_frames(_part(table, label, list(want.columns)), want)


def test_league_compare_on_a_synthetic_season():
    results = synth.league(2, 8, 16, seed=5)
    table = league.compare(results, rules=[0, 10, "10:constant", {"prior_rounds": 20}])
    assert list(table["rules"].cat.categories) == ["K=0", "K=10", "K=10 constant", "K=20"]
    want = league.leaderboard(results, prior_rounds=20).rename(columns={"place": "rank"})
    _assert_frames(_part(table, "K=20", list(want.columns)), want)


# --- rule sets as given ---------------------------------------------------------------------------


def test_rule_sets_are_read_and_refused_clearly():
    results = synth.cards_season(1, 6, 3, seed=8)
    with pytest.raises(ValueError, match="given twice: 'mtg'"):
        cards.compare(results, rules=["mtg", "mtg"])
    with pytest.raises(ValueError, match="no rule set"):
        cards.compare(results, rules=[])
    with pytest.raises(TypeError, match="list of rule sets"):
        cards.compare(results, rules="mtg")
    with pytest.raises(ValueError, match="unknown card-game rules 'nope'"):
        cards.compare(results, rules=["mtg", "nope"])
    with pytest.raises(ValueError, match=r"unknown Rules field\(s\) \['flor'\]"):
        cards.compare(results, rules=["mtg", {"flor": 0.25}])
    table = cards.compare(results, rules=["mtg", cards.RULES["melee"], ("mine", "topdeck")])
    assert list(table["rules"].cat.categories) == ["mtg", "melee", "mine"]
    with pytest.raises(ValueError, match="K or K:MODE"):
        league.compare(synth.league(1, 3, 8, seed=1), rules=["ten"])


def test_chess_rule_set_texts():
    from tourneystats.chess.whatif import _chess_parse as parse

    assert parse("fide2024").options == {"rules": "fide2024", "tiebreaks": None}
    assert parse("auto:fide2009").options == {"rules": "auto:fide2009", "tiebreaks": None}
    assert parse("fide2026:BH/C1+SB").options == {
        "rules": "fide2026",
        "tiebreaks": ["BH/C1", "SB"],
    }
    assert parse("auto:fide2009:BH+SB").options["rules"] == "auto:fide2009"
    assert parse(("fide2024", ["SB", "BH"])).label == "fide2024:SB+BH"
    assert parse({"tiebreaks": "SB,BH"}).label == "adjusted:SB+BH"
    with pytest.raises(ValueError, match="no tie-break after the colon"):
        parse("fide2024:")
    with pytest.raises(ValueError, match="label the rule set"):
        parse({"rules": {"E1": "fide2024"}})


def test_bridge_rule_sets_and_options():
    results = synth.bridge_pairs(1, 5, seed=1)
    with pytest.raises(ValueError, match="unknown rule set 'imp'"):
        bridge.compare(results, rules=["mp", "imp"])
    with pytest.raises(ValueError, match="butler takes the option"):
        bridge.compare(results, rules=[{"scoring": "butler", "drop": 2, "scale": "half"}])
    table = bridge.compare(results, rules=[{"label": "B2", "scoring": "butler", "drop": 2}])
    assert table["rules"].cat.categories.tolist() == ["B2"]


# --- the summaries against plain Python -----------------------------------------------------------


def _places(values: list) -> pd.Series:
    return pd.Series(values, dtype="float64")


@given(
    st.lists(
        st.tuples(
            st.integers(0, 3),
            st.one_of(st.none(), st.integers(1, 6)),
            st.one_of(st.none(), st.integers(1, 6)),
        ),
        max_size=40,
    )
)
def test_kendall_tau_matches_reference(rows):
    group = np.array([g for g, _, _ in rows], dtype=np.int64)
    a = _places([x for _, x, _ in rows]).to_numpy()
    b = _places([y for _, _, y in rows]).to_numpy()
    got = core.kendall_tau(a, b, group=group)
    for g in range(int(group.max(initial=-1)) + 1):
        mine = group == g
        want = ref.tau_b(a[mine].tolist(), b[mine].tolist())
        assert (math.isnan(want) and math.isnan(got[g])) or abs(got[g] - want) < 1e-12


def test_kendall_tau_of_values_too_large_to_pack():
    rng = np.random.default_rng(3)
    a = rng.normal(size=200) * 1e12  # distinct values: codes too large to pack three together
    b = a + rng.normal(size=200) * 1e11
    group = rng.integers(0, 3, 200)
    got = core.kendall_tau(a, b, group=group)
    for g in range(3):
        mine = group == g
        assert abs(got[g] - ref.tau_b(a[mine].tolist(), b[mine].tolist())) < 1e-12
    assert core._packed([np.array([2**40]), np.array([2**40])]) is None


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["E1", "E2", "E3"]),
            st.integers(1, 8),
            st.integers(1, 8),
            st.integers(1, 7),
        ),
        max_size=30,
        unique_by=lambda r: (r[0], r[1]),
    ),
    st.integers(1, 4),
)
def test_summary_matches_reference(rows, cut):
    """Places as rows (event, player, place under a, place under b), a few left unranked."""
    long = pd.DataFrame(
        [(e, p, "a", x if x != 8 else None) for e, p, x, _ in rows]
        + [(e, p, "b", y) for e, p, _, y in rows],
        columns=["event", "player", "rules", "rank"],
    )
    long["rules"] = pd.Categorical(long["rules"], ["a", "b"], ordered=True)
    long["rank"] = long["rank"].astype("Int64")
    got = core.summary(long, cut=cut)
    assert list(got.columns) == ["event", *core.SUMMARY_COLUMNS]
    assert got["event"].tolist() == list(dict.fromkeys(e for e, *_ in rows))
    for record in got.to_dict("records"):
        mine = [r for r in rows if r[0] == record["event"]]
        a = {p: (x if x != 8 else None) for _, p, x, _ in mine}
        b = {p: y for _, p, _, y in mine}
        want = ref.pair_summary(a, b, cut)
        for column, value in want.items():
            if column == "tau":
                assert (math.isnan(value) and math.isnan(record[column])) or abs(
                    record[column] - value
                ) < 1e-12
            else:
                assert record[column] == value, (column, record, want)


def test_summary_pairs_every_rule_set_in_order():
    results = synth.cards_season(3, 10, 4, seed=2)
    table = cards.compare(results, rules=["mtg", "melee", "pokemon"])
    s = whatif.summary(table, cut=None)
    assert "cut_changed" not in s.columns
    assert len(s) == 3 * 3
    assert s[["rules_a", "rules_b"]].drop_duplicates().astype(str).values.tolist() == [
        ["mtg", "melee"],
        ["mtg", "pokemon"],
        ["melee", "pokemon"],
    ]
    one = cards.compare(results, rules=["mtg"])
    assert whatif.summary(one).empty
    with pytest.raises(TypeError, match="cut"):
        whatif.summary(table, cut=2.5)


@given(st.integers(0, 1000), st.sampled_from([None, 1, 3, 8]))
@settings(max_examples=examples(20), deadline=None)
def test_decisive_counts_match_reference(seed, top):
    results = synth.cards_season(3, 12, 4, seed=seed, season="S")
    table = cards.compare(results, rules=["mtg", "pokemon"])
    got = whatif.decisive(table, top=top)
    assert (got.groupby("rules", observed=True)["share"].sum().round(9) == 1).all()
    for label in ("mtg", "pokemon"):
        rows = table[table["rules"] == label][["rank", "decided_by"]]
        records = rows.astype(object).where(rows.notna(), None).to_dict("records")
        want = ref.decisive_counts(records, top)
        mine = got[got["rules"] == label]
        assert dict(zip(mine["decided_by"].astype(str), mine["places"])) == want
        order = list(mine["decided_by"].astype(str))
        assert order == sorted(order, key=lambda c: (c == "tied", list(table.columns).index(c)
                                                     if c in table.columns else 99))  # fmt: skip


def test_decisive_per_season_of_plain_standings():
    results = synth.cards_season(4, 10, 4, seed=4)
    results["season"] = np.where(results["event"].isin(["E00001", "E00002"]), "S1", "S2")
    st_ = cards.standings(results)
    st_ = st_.merge(results[["event", "season"]].drop_duplicates(), on="event")
    got = whatif.decisive(st_, by="season")
    assert got["season"].unique().tolist() == ["S1", "S2"]
    assert got.groupby("season")["places"].sum().tolist() == [2 * 9, 2 * 9]
    with pytest.raises(ValueError, match="no 'decided_by'"):
        whatif.decisive(st_.drop(columns="decided_by"))


def test_tie_depth_counts_shared_points():
    standings = pd.DataFrame(
        {
            "event": ["A"] * 4 + ["B"] * 3,
            "player": list("abcdefg"),
            "rank": [1, 2, 3, 4, 1, 2, 3],
            "PTS": [3, 3, 3, 1, 2, 1, 0],
        }
    )
    got = whatif.tie_depth(standings.iloc[::-1], "PTS", top=None)  # any row order
    assert got["position"].tolist() == [1, 2, 3, 4]
    assert got["tables"].tolist() == [2, 2, 2, 1]
    assert got["tied_share"].tolist() == [0.5, 0.5, 0.5, 0.0]
    assert got["mean_tied"].tolist() == [2.0, 2.0, 2.0, 1.0]
    assert got["max_tied"].tolist() == [3, 3, 3, 1]


def test_compare_by_family_name_and_accessor():
    results = synth.cards_season(2, 8, 3, seed=1)
    a = whatif.compare(results, family="cards", rules=["mtg", "melee"])
    b = results.tourney.compare(family="cards", rules=["mtg", "melee"])
    pd.testing.assert_frame_equal(a, b)


def test_bridge_conventions_and_scorings_are_rule_sets():
    """The conventions and scorings of bridge.standings are rule sets; Butler options it does not
    take (``drop``) are scored by butler() itself."""
    results = synth.bridge_pairs(2, 5, seed=1)
    table = bridge.compare(
        results, rules=["ebu", "KOPS", "half", "butler", {"scoring": "butler", "drop": 2}]
    )
    assert table["rules"].cat.categories.tolist() == [  # a name labelled as matched: kops
        "ebu",
        "kops",
        "half",
        "butler",
        "butler drop=2",
    ]
    cases = {
        "ebu": {"convention": "ebu"},
        "kops": {"convention": "kops"},
        "half": {"scale": "half"},
        "butler": {"scoring": "butler"},
    }
    for label, options in cases.items():
        got = table[table["rules"] == label].drop(columns="rules").reset_index(drop=True)
        want = bridge.standings(results, **options)
        for column in ("pair", "rank", "percentage", "imps", "decided_by"):
            if column not in want.columns:  # a method's column the standings leave out
                assert got[column].isna().all()
                continue
            pd.testing.assert_series_equal(
                got[column].reset_index(drop=True), want[column], check_dtype=False
            )
    butler = table[table["rules"] == "butler drop=2"]
    assert butler["imps"].notna().all() and butler["percentage"].isna().all()


def test_the_summaries_refuse_what_they_cannot_read():
    table = cards.compare(synth.cards_season(1, 6, 3, seed=8), rules=["mtg", "melee"])
    with pytest.raises(TypeError, match="decisive: top must be a whole number"):
        whatif.decisive(table, top="8")
    with pytest.raises(ValueError, match="no column 'PTS'"):
        whatif.tie_depth(table, "PTS")
    with pytest.raises(ValueError, match="expected a comparison table"):
        whatif.summary(table.drop(columns="rules"))
    with pytest.raises(ValueError, match="kendall_tau: a and b"):
        whatif.kendall_tau([1, 2], [1])


@pytest.mark.parametrize("chunk_rows", [None, 40])
def test_chess_rule_sets_share_one_grid_per_chunk(monkeypatch, chunk_rows):
    """Rule sets computed from one grid per chunk of events give each rule set's standings."""
    from tourneystats.chess import RULE_SETS, tables

    if chunk_rows is not None:  # events computed a few at a time
        monkeypatch.setattr(tables, "CHUNK_ROWS", chunk_rows)
    results, players = random_tournaments(7, 3)
    variants = [
        ("fide2024", ["BH/C1", "BH", "SB"]),
        ("fide2026", ["SB", "BH/C1", "ARO"]),
        ("adjusted", ["PS", "WIN"]),
        (RULE_SETS["fide2009"], ["BH"]),
    ]
    shared = tables.standings_under_rule_sets(results, variants, players=players)
    for (rules, tiebreaks), got in zip(variants, shared, strict=True):
        want = chess.standings(results, rules=rules, tiebreaks=tiebreaks, players=players)
        pd.testing.assert_frame_equal(got, want)


@pytest.mark.parametrize(
    ("family", "rules", "label"),
    [("cards", ["mtg", " MTG"], "mtg"), ("bridge", ["butler", "Butler"], "butler")],
)
def test_a_rule_set_under_two_spellings_is_given_twice(family, rules, label):
    """A rule-set name is matched trimmed and in lower case (core.schema.rule_key): two
    spellings of one name are one rule set given twice, refused as the same name twice is."""
    results = synth.cards_season(1, 8, 3, seed=1) if family == "cards" else None
    if results is None:
        results = synth.bridge_pairs(1, 5, seed=1)
    with pytest.raises(ValueError, match=f"given twice: '{label}'"):
        whatif.compare(results, family=family, rules=rules)
