"""Contract scoring: the full grid against the plain-Python reference, and hand-checked scores."""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest
import reference_contract as ref
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from tourneystats import ValidationError, contract_score, tricks_from_result, vulnerability
from tourneystats.bridge.contract import artificial_code, normalize_contract, normalize_vulnerable

STRAINS = ["C", "D", "H", "S", "NT"]
RISKS = ["", "X", "XX"]
VULS = ["None", "NS", "EW", "All"]
SEATS = ["N", "E", "S", "W"]


def test_full_grid_matches_reference():
    # every level and strain, undoubled / doubled / redoubled, all four vulnerabilities and
    # declarers (so each side both vulnerable and not), every number of tricks 0..13: making
    # with every possible overtrick and going down 1 .. level + 6
    rows = list(itertools.product(range(1, 8), STRAINS, RISKS, VULS, SEATS, range(14)))
    contract = [f"{lv}{s}{r}" for lv, s, r, *_ in rows]
    vul = [v for *_, v, _, _ in rows]
    decl = [d for *_, d, _ in rows]
    tricks = [t for *_, t in rows]
    got = contract_score(contract, decl, tricks, vul)
    expected = [ref.ns_score(c, d, t, v) for c, d, t, v in zip(contract, decl, tricks, vul)]
    assert isinstance(got, np.ndarray) and got.dtype == np.int64
    assert len(got) == 7 * 5 * 3 * 4 * 4 * 14
    np.testing.assert_array_equal(got, expected)
    # undertricks reach 13 only at the seven level
    down = np.array([lv + 6 - t for lv, *_, t in rows])
    assert down.max() == 13


# Hand-checked from the scoring table (trick points + bonuses + overtricks, or penalties):
KNOWN = [
    ("1C", "N", 7, "None", 70),  # 20 + 50 part score
    ("1NT", "N", 8, "None", 120),  # 40 + 50 + 30
    ("2S", "S", 8, "None", 110),  # 60 + 50
    ("2NT", "N", 8, "None", 120),  # 70 + 50
    ("3NT", "N", 9, "None", 400),  # 100 + 300
    ("3NT", "S", 10, "None", 430),
    ("3NT", "N", 9, "NS", 600),  # 100 + 500
    ("4H", "N", 10, "None", 420),  # 120 + 300
    ("4H", "S", 10, "All", 620),
    ("4S", "S", 11, "All", 650),  # 120 + 500 + 30
    ("4S", "E", 10, "None", -420),  # East-West declare: negative for North-South
    ("5C", "N", 11, "None", 400),
    ("5D", "W", 11, "EW", -600),
    ("6S", "N", 12, "None", 980),  # 180 + 300 + 500
    ("6S", "N", 12, "NS", 1430),  # 180 + 500 + 750
    ("6NT", "S", 12, "None", 990),
    ("7NT", "N", 13, "None", 1520),  # 220 + 300 + 1000
    ("7S", "N", 13, "All", 2210),  # 210 + 500 + 1500
    ("7NT", "N", 13, "NS", 2220),
    ("1HX", "N", 7, "None", 160),  # 60 + 50 + 50 insult
    ("1HX", "N", 8, "All", 360),  # 60 + 50 + 50 + 200
    ("2HX", "N", 8, "None", 470),  # 120: game 300, insult 50
    ("2SX", "S", 8, "NS", 670),  # 120 + 500 + 50
    ("1NTX", "N", 7, "NS", 180),  # 80 + 50 + 50
    ("1NTXX", "N", 7, "None", 560),  # 160 + 300 + 100
    ("1NTXX", "N", 7, "All", 760),  # 160 + 500 + 100
    ("1CXX", "S", 7, "None", 230),  # 80 + 50 + 100
    ("1CXX", "S", 8, "None", 430),  # + 200 redoubled overtrick
    ("1CXX", "S", 8, "All", 630),  # 80 + 50 + 100 + 400
    ("3NTX", "N", 9, "NS", 750),  # 200 + 500 + 50
    ("4HX", "N", 10, "None", 590),  # 240 + 300 + 50
    ("4HX", "N", 10, "NS", 790),
    ("5DX", "S", 11, "None", 550),  # 200 + 300 + 50
    ("6CXX", "N", 12, "All", 1830),  # 480 + 500 + 750 + 100
    ("7NTXX", "N", 13, "All", 2980),  # 880 + 500 + 1500 + 100
    ("3NT", "N", 8, "None", -50),
    ("3NT", "N", 8, "All", -100),
    ("7NT", "N", 0, "None", -650),  # 13 down, 50 each
    ("7NT", "N", 0, "NS", -1300),
    ("1NTX", "N", 6, "None", -100),
    ("4SX", "N", 9, "None", -100),
    ("4SX", "N", 8, "None", -300),  # 100 + 200
    ("4SX", "N", 7, "None", -500),  # 100 + 200 + 200
    ("4SX", "N", 6, "None", -800),  # + 300 from the 4th
    ("4SX", "N", 5, "None", -1100),
    ("4SX", "N", 9, "NS", -200),
    ("4SX", "N", 8, "NS", -500),  # 200 + 300
    ("4SX", "N", 7, "NS", -800),
    ("4SX", "N", 6, "NS", -1100),
    ("4SXX", "N", 9, "None", -200),
    ("4SXX", "N", 7, "NS", -1600),
    ("4SX", "E", 6, "None", 800),  # East-West go 4 down: positive for North-South
    ("1CXX", "S", 0, "All", -4000),  # 7 down: 2 x (200 + 6 x 300)
    ("7CXX", "S", 0, "All", -7600),  # 13 down: 2 x (200 + 12 x 300)
    ("7NTX", "W", 0, "None", 3500),  # 13 down NV doubled: 100 + 400 + 10 x 300
    ("Pass", None, None, "All", 0),
]


@pytest.mark.parametrize("contract, declarer, tricks, vul, expected", KNOWN)
def test_known_scores(contract, declarer, tricks, vul, expected):
    assert contract_score(contract, declarer, tricks, vul) == expected
    assert ref.ns_score(contract, declarer, tricks, vul) == expected  # the reference agrees


def test_known_scores_vectorised():
    frame = pd.DataFrame(KNOWN, columns=["contract", "declarer", "tricks", "vul", "expected"])
    frame.index = frame.index * 3 + 7  # a non-default index is kept
    before = frame.copy(deep=True)
    got = contract_score(frame["contract"], frame["declarer"], frame["tricks"], frame["vul"])
    assert isinstance(got, pd.Series) and got.index.equals(frame.index)
    assert got.tolist() == frame["expected"].tolist()
    pd.testing.assert_frame_equal(frame, before)  # the caller's frame is not modified


def test_spellings():
    got = contract_score(
        ["3n", "4sx", " 6 H XX ", "4S*", "PASS", "pass", "AP"],
        ["n", "South", "^N", "S", "", None, None],
        [9, 10, 12, 10, None, None, None],
        ["Love", "Both", "-", "N-S", "E-W", "None", "All"],
    )
    assert got.tolist() == [400, 790, 1620, 790, 0, 0, 0]
    assert normalize_contract(["3n", "4sx", "pass", None]).tolist() == ["3NT", "4SX", "Pass", None]


def test_declarer_vulnerable_booleans():
    got = contract_score(["4S", "4S", "4S"], ["N", "E", "S"], [10, 10, 10], [True, False, True])
    assert got.tolist() == [620, -420, 620]


def test_missing_inputs_give_missing_scores():
    got = contract_score(
        pd.Series(["4S", None, "3NT", "3NT", "Pass"]),
        pd.Series(["N", None, None, "S", None]),
        pd.Series([10, None, 9, None, None]),
        "None",
    )
    assert str(got.dtype) == "Int64"
    assert got.tolist()[0] == 420 and got.tolist()[4] == 0
    assert got.isna().tolist() == [False, True, True, True, False]


@pytest.mark.parametrize(
    "args, message",
    [
        (("8NT", "N", 9, "None"), "not a contract"),
        (("3Z", "N", 9, "None"), "not a contract"),
        (("3NTXXX", "N", 9, "None"), "not a contract"),
        (("3NT", "Q", 9, "None"), "declarer"),
        (("3NT", "N", 14, "None"), "between 0 and 13"),
        (("3NT", "N", -1, "None"), "between 0 and 13"),
        (("3NT", "N", 9.5, "None"), "whole numbers"),
        (("3NT", "N", 9, "Red"), "vulnerability"),
    ],
)
def test_bad_input(args, message):
    with pytest.raises(ValidationError, match=message):
        contract_score(*args)


def test_vulnerability_cycle():
    # the standard cycle, as printed on boards 1-16, then repeating
    assert [vulnerability(b) for b in range(1, 17)] == [
        "None", "NS", "EW", "All", "NS", "EW", "All", "None",
        "EW", "All", "None", "NS", "All", "None", "NS", "EW",
    ]  # fmt: skip
    boards = np.arange(1, 129)
    assert vulnerability(boards).tolist() == [ref.vulnerability(int(b)) for b in boards]
    series = vulnerability(pd.Series([17, 32, 33], index=[5, 6, 7]))
    assert series.tolist() == ["None", "EW", "None"] and series.index.tolist() == [5, 6, 7]
    with pytest.raises(ValidationError):
        vulnerability([1, 0])
    with pytest.raises(ValidationError):
        vulnerability(0)


def test_tricks_from_result():
    assert tricks_from_result("4S", "+1") == 11
    assert tricks_from_result("3NT", "=") == 9
    assert tricks_from_result("1C", -7) == 0
    assert tricks_from_result(["7NT", "2H", "Pass"], ["-13", "+5", "="]).tolist() == [0, 13, 0]
    with pytest.raises(ValidationError):
        tricks_from_result("2H", "+6")  # 14 tricks
    with pytest.raises(ValidationError):
        tricks_from_result("1C", -8)
    with pytest.raises(ValidationError):
        tricks_from_result("4S", "+x")


def test_tricks_from_result_round_trip_scores():
    # "4S+1" V, "1NTX-1" NV, "7NTXX=" V from relative results
    contracts = ["4S", "1NTX", "7NTXX"]
    tricks = tricks_from_result(contracts, ["+1", "-1", "="])
    assert contract_score(contracts, "N", tricks, ["All", "None", "All"]).tolist() == [
        650,
        -100,
        2980,
    ]


def test_artificial_code_and_vulnerable_spellings():
    assert artificial_code(60, 40) == "A6040" and artificial_code(40, 60) == "A4060"
    with pytest.raises(ValueError):
        artificial_code(55.5, 44.5)
    assert normalize_vulnerable(["Both", "Love", "-", "E/W"]).tolist() == [
        "All",
        "None",
        "None",
        "EW",
    ]


_results = st.tuples(
    st.one_of(
        st.just("Pass"),
        st.builds(
            lambda lv, s, r, low: f"{lv}{s.lower() if low else s}{r.lower() if low else r}",
            st.integers(1, 7),
            st.sampled_from(STRAINS),
            st.sampled_from(RISKS),
            st.booleans(),
        ),
    ),
    st.sampled_from(SEATS),
    st.integers(0, 13),
    st.sampled_from(VULS),
)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(_results, min_size=1, max_size=40), st.integers(0, 1000))
def test_random_batches_match_reference(batch, offset):
    frame = pd.DataFrame(batch, columns=["contract", "declarer", "tricks", "vul"])
    frame.index = frame.index + offset
    got = contract_score(frame["contract"], frame["declarer"], frame["tricks"], frame["vul"])
    expected = [ref.ns_score(*row) for row in batch]
    assert got.tolist() == expected and got.index.equals(frame.index)
