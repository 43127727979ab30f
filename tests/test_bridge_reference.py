"""Differential tests: the vectorised bridge scoring against the plain-Python reference."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st
from reference_bridge import (
    ref_board_imps,
    ref_butler,
    ref_cross_imps,
    ref_imp_standings,
    ref_imps,
    ref_matchpoints,
    ref_movement,
    ref_standings,
)

from tourneystats import bridge
from tourneystats.bridge import prepare

# few distinct scores, so ties are frequent; some far apart to reach the big IMP rows
SCORES = [-1430, -800, -620, -200, -100, -50, 0, 50, 90, 100, 110, 120, 140, 170, 420, 450,
          620, 650, 990, 1440, 2210]  # fmt: skip
CODES = ["A6040", "A5050", "A4060", "A4040", "A6060"]


@st.composite
def sessions(draw, *, howell: bool | None = None, artificial: bool = True, min_results: int = 1):
    """Random sessions: 1-2 events x 1-2 sections; each board has 1..8 results with unique NS
    and EW pairs; Mitchell-like (tables 1..T vs a random permutation) or Howell-like (distinct
    pairs of one field) seating; some results artificial."""
    rows = []
    for e in range(draw(st.integers(1, 2))):
        for s in ("A", "B")[: draw(st.integers(1, 2))]:
            as_howell = draw(st.booleans()) if howell is None else howell
            tables = draw(st.integers(max(min_results, 1), 8))
            n_pairs = 2 * tables + draw(st.integers(0, 3))
            for b in range(1, draw(st.integers(1, 5)) + 1):
                k = draw(st.integers(min_results, tables))
                if as_howell:
                    seats = draw(st.permutations(range(1, n_pairs + 1)))[: 2 * k]
                    ns, ew = seats[:k], seats[k:]
                else:
                    ns = draw(st.permutations(range(1, tables + 1)))[:k]
                    ew = draw(st.permutations(range(1, tables + 1)))[:k]
                for t in range(k):
                    art = artificial and draw(st.integers(0, 9)) == 0
                    rows.append(
                        {
                            "event": f"E{e}",
                            "section": s,
                            "board": b,
                            "ns_pair": int(ns[t]),
                            "ew_pair": int(ew[t]),
                            "ns_score": None if art else draw(st.sampled_from(SCORES)),
                            "artificial": draw(st.sampled_from(CODES)) if art else None,
                        }
                    )
    return rows


def frame(rows):
    df = pd.DataFrame(rows)
    df["ns_score"] = pd.array(df["ns_score"].tolist(), dtype="Int64")
    return df


@given(sessions(), st.sampled_from(["full", "half"]))
def test_matchpoints_match_reference(rows, scale):
    got = bridge.matchpoints(frame(rows), scale=scale)
    want = ref_matchpoints(rows, scale)
    np.testing.assert_allclose(got["ns_mp"], [float(w[0]) for w in want], atol=1e-9)
    np.testing.assert_allclose(got["ew_mp"], [float(w[1]) for w in want], atol=1e-9)
    np.testing.assert_allclose(got["top"], [float(w[2]) for w in want], atol=1e-9)


@given(sessions(artificial=False, min_results=2), st.sampled_from(["full", "half"]))
def test_neuberg_unequal_boards_match_reference(rows, scale):
    """Boards with different numbers of results, no artificial score: pure Neuberg."""
    got = bridge.matchpoints(frame(rows), scale=scale)
    want = ref_matchpoints(rows, scale)
    np.testing.assert_allclose(got["ns_mp"], [float(w[0]) for w in want], atol=1e-9)
    # every board's MP sum to (results x top / 2), Neuberg or not
    for _, board in got.groupby(["event", "section", "board"]):
        n = len(board)
        assert board["ns_mp"].sum() == pytest.approx(n * board["top"].iloc[0] / 2)


@given(sessions(), st.tuples(st.integers(55, 70), st.integers(45, 55), st.integers(30, 45)))
def test_artificial_percentages_match_reference(rows, percent):
    got = bridge.matchpoints(frame(rows), artificial_percent=percent)
    want = ref_matchpoints(rows, "full", percent)
    np.testing.assert_allclose(got["ns_mp"], [float(w[0]) for w in want], atol=1e-9)
    np.testing.assert_allclose(got["ew_mp"], [float(w[1]) for w in want], atol=1e-9)


@given(
    sessions(),
    st.sampled_from(["full", "half"]),
    st.sampled_from(["auto", "presence", "unique"]),
    st.sampled_from([64, 0]),
)
def test_session_standings_match_reference(rows, scale, mode, bits):
    """Also with the integer codes forced through each coding path of ``bridge.prepare._dense``,
    and the movement read with or without the boards' pairs as bit masks."""
    try:
        prepare._DENSE_MODE, prepare._BITS = mode, bits
        got = bridge.session_standings(frame(rows), scale=scale)
        moves = bridge.movements(frame(rows))
    finally:
        prepare._DENSE_MODE, prepare._BITS = "auto", 64
    want = ref_standings(rows, scale)
    assert len(got) == len(want)
    for r in got.itertuples(index=False):
        boards, mp, top, pct, rank, _ = want[(r.event, r.section, r.line, r.pair)]
        assert r.boards == boards
        assert r.mp == pytest.approx(float(mp), abs=1e-9)
        assert r.top == pytest.approx(float(top))
        assert r.percentage == pytest.approx(pct, abs=1e-9, nan_ok=True)
        assert r.rank == rank
    assert dict(zip(zip(moves.event, moves.section), moves.movement)) == ref_movement(rows)


@given(
    sessions(),
    st.sampled_from([0, 1, 2, 0.1, 0.25, "median"]),
    st.sampled_from(["auto", "presence", "unique"]),
)
def test_butler_matches_reference(rows, drop, mode):
    try:
        prepare._DENSE_MODE = mode
        got = bridge.butler(frame(rows), drop=drop)
    finally:
        prepare._DENSE_MODE = "auto"
    want = ref_butler(rows, drop)
    datum = [w[0] for w in want]
    assert [None if pd.isna(d) else int(d) for d in got["datum"]] == datum
    assert got["ns_imps"].tolist() == [w[1] for w in want]
    assert got["ew_imps"].tolist() == [w[2] for w in want]
    totals = bridge.imp_standings(got)
    for r in totals.itertuples(index=False):
        mine = got["ns_pair"].eq(r.pair) if r.line != "EW" else got["ew_pair"].eq(r.pair)
        col = "ns_imps" if r.line != "EW" else "ew_imps"
        if r.line == "all":
            assert r.imps == (
                got.loc[got["ns_pair"].eq(r.pair) & got["section"].eq(r.section)
                        & got["event"].eq(r.event), "ns_imps"].sum()
                + got.loc[got["ew_pair"].eq(r.pair) & got["section"].eq(r.section)
                          & got["event"].eq(r.event), "ew_imps"].sum()
            )  # fmt: skip
        else:
            sel = mine & got["section"].eq(r.section) & got["event"].eq(r.event)
            assert r.imps == got.loc[sel, col].sum()


@given(sessions())
def test_cross_imps_match_reference(rows):
    got = bridge.cross_imps(frame(rows))
    want = ref_cross_imps(rows)
    np.testing.assert_allclose(got["ns_imps"], [float(w[0]) for w in want], atol=1e-9)
    np.testing.assert_allclose(got["ew_imps"], [float(w[1]) for w in want], atol=1e-9)


@given(st.lists(st.integers(-9000, 9000), min_size=1, max_size=60))
def test_imps_match_reference(diffs):
    assert bridge.imps(np.array(diffs)).tolist() == [ref_imps(d) for d in diffs]


@st.composite
def team_events(draw):
    rows = []
    for m in range(draw(st.integers(1, 4))):
        home, visit = f"T{2 * m}", f"T{2 * m + 1}"
        for b in range(1, draw(st.integers(1, 6)) + 1):
            tables = draw(st.sampled_from([1, 2, 2, 2]))
            for t in range(tables):
                rows.append(
                    {
                        "event": "K",
                        "board": b,
                        "home_team": home,
                        "visit_team": visit,
                        "table": t + 1,
                        "home_side": "NS" if t == 0 else "EW",
                        "ns_score": draw(st.sampled_from(SCORES)),
                    }
                )
    return rows


@given(team_events())
def test_board_imps_match_reference(rows):
    got = bridge.board_imps(pd.DataFrame(rows))
    want = ref_board_imps(rows)
    assert len(got) == len(want)
    for r in got.itertuples(index=False):
        w = want[(r.event, r.home_team, r.visit_team, r.board)]
        assert (None if pd.isna(r.home_imps) else int(r.home_imps)) == w
    matches = bridge.team_matches(pd.DataFrame(rows))
    for r in matches.itertuples(index=False):
        values = [
            v for (e, h, v_, _b), v in want.items() if (e, h, v_) == (r.event, r.home_team,
                                                                       r.visit_team) and v
        ]  # fmt: skip
        assert r.home_imps == sum(v for v in values if v > 0)
        assert r.visit_imps == -sum(v for v in values if v < 0)
        assert r.home_vp + r.visit_vp == pytest.approx(20.0)
        assert (r.home_vp > 10) == (r.home_imps > r.visit_imps)
        assert not math.isnan(r.home_vp)


# --- publisher conventions (issue 14) ------------------------------------------------------------


@st.composite
def rich_sessions(draw, *, weighted: bool = True):
    """:func:`sessions` with some results turned into phantom tables (one side 00) and, when
    `weighted`, weighted scores (two parts, 1/4 and 3/4)."""
    rows = draw(sessions())
    for r in rows:
        kind = draw(st.integers(0, 11))
        if kind == 0:
            r["ns_score"], r["artificial"] = (
                None,
                draw(st.sampled_from(["A6000", "A0050", "A5000"])),
            )
        elif kind == 1 and weighted and r["artificial"] is None:
            parts = [(0.25, draw(st.sampled_from(SCORES))), (0.75, draw(st.sampled_from(SCORES)))]
            r["ns_score"], r["weighted"] = None, parts
    return rows


def rich_frame(rows):
    df = frame([{k: v for k, v in r.items() if k != "weighted"} for r in rows])
    parts = [r.get("weighted") for r in rows]
    if any(parts):
        df["weighted"] = [" + ".join(f"{w}*{s}" for w, s in p) if p else None for p in parts]
    return df


@st.composite
def conventions(draw):
    """A Convention's fields, drawn (the IMP fields too)."""
    return {
        "total": draw(st.sampled_from(["raw", "factored"])),
        "decimals": draw(st.sampled_from([None, 0, 1, 2])),
        "rounding": draw(st.sampled_from(["half_even", "half_up"])),
        "mp_decimals": draw(st.sampled_from([None, None, 1, 2])),
        "neuberg_decimals": draw(st.sampled_from([None, None, 2])),
        "percentage": draw(st.sampled_from(["total", "mean"])),
        "board_decimals": draw(st.sampled_from([None, 2])),
        "phantom": draw(st.sampled_from(["artificial", "outside"])),
        "butler_drop": draw(st.sampled_from([0, 1, 0.25, "median"])),
        "butler_round_to": draw(st.sampled_from([10, 50])),
        "cross_divisor": draw(st.sampled_from(["n-1", "n", "1"])),
        "phantom_imps": draw(st.sampled_from([None, 0.0])),
        "imp_cap": draw(st.sampled_from([None, 5, 17])),
    }


@given(rich_sessions(), conventions(), st.sampled_from(["full", "half"]))
def test_convention_matchpoints_match_reference(rows, conv, scale):
    got = bridge.matchpoints(rich_frame(rows), scale=scale, convention=bridge.Convention(**conv))
    want = ref_matchpoints(rows, scale, conv=conv)
    np.testing.assert_allclose(got["ns_mp"], [float(w[0]) for w in want], atol=1e-9)
    np.testing.assert_allclose(got["top"], [float(w[2]) for w in want], atol=1e-9)


@given(rich_sessions(), conventions(), st.sampled_from(["full", "half"]))
def test_convention_standings_match_reference(rows, conv, scale):
    """Factored totals, rounding, phantom pairs left out, means of board percentages, ranks."""
    got = bridge.standings(rich_frame(rows), scale=scale, convention=bridge.Convention(**conv))
    want = ref_standings(rows, scale, conv=conv)
    assert len(got) == len(want)
    for r in got.itertuples(index=False):
        boards, mp, top, pct, rank, factored = want[(r.event, r.section, r.line, r.pair)]
        assert r.scoring == "mp" and r.boards == boards and r.rank == rank
        assert r.mp == pytest.approx(float(mp), abs=1e-9)
        assert r.top == pytest.approx(float(top))
        assert r.percentage == pytest.approx(pct, abs=1e-9, nan_ok=True)
        assert r.factored == pytest.approx(float(factored), abs=1e-9)


@given(rich_sessions(weighted=False), conventions(), st.sampled_from(["butler", "cross_imps"]))
def test_convention_imp_standings_match_reference(rows, conv, method):
    got = bridge.standings(rich_frame(rows), scoring=method, convention=bridge.Convention(**conv))
    if method == "butler":
        values = [w[1:] for w in ref_butler(rows, conv["butler_drop"], (3, 0, -3),
                                            conv["butler_round_to"], conv["imp_cap"],
                                            conv["phantom_imps"])]  # fmt: skip
    else:
        values = ref_cross_imps(rows, (3, 0, -3), conv["cross_divisor"], conv["imp_cap"],
                                conv["phantom_imps"])  # fmt: skip
    want = ref_imp_standings(rows, values, conv)
    assert len(got) == len(want)
    for r in got.itertuples(index=False):
        boards, total, factored, rank = want[(r.event, r.section, r.line, r.pair)]
        assert r.scoring == method and r.boards == boards and r.rank == rank
        assert r.imps == pytest.approx(float(total), abs=1e-9)
        assert r.factored == pytest.approx(float(factored), abs=1e-9)


# --- a large frame scored on two threads ---------------------------------------------------------


@st.composite
def seasons(draw):
    """2-5 events of :func:`sessions` (each of 1-2 events and sections), their ids text, integers
    or a categorical (categories sorted or reversed), each event scored as a random method
    declares (or matchpointed, the default, by a missing value or no column), rows in event
    order or shuffled."""
    parts = []
    for i in range(draw(st.integers(2, 5))):
        part = frame(draw(sessions()))
        part["event"] = part["event"].map({"E0": f"S{i}a", "E1": f"S{i}b"})
        part["scoring"] = draw(st.sampled_from(["mp", "butler", "cross_imps", None]))
        parts.append(part)
    season = pd.concat(parts, ignore_index=True)
    if draw(st.booleans()):
        season = season.drop(columns="scoring")
    ids = draw(st.sampled_from(["text", "int", "sorted", "reversed"]))
    if ids == "int":
        season["event"] = season["event"].map(lambda e: 10 * int(e[1:-1]) + (e[-1] == "b"))
    elif ids != "text":
        cats = sorted(season["event"].unique(), reverse=ids == "reversed")
        season["event"] = pd.Categorical(season["event"], categories=cats)
    if draw(st.booleans()):
        season = season.iloc[draw(st.permutations(range(len(season))))]
    return season


@given(seasons(), st.integers(1, 60))
def test_standings_on_two_threads_are_the_one_thread_table(season, chunk):
    """A frame large enough for threads (the threshold lowered to every frame, runs of events
    of `chunk` rows) gives the table of one call exactly: same values, order, columns, dtypes
    and ids, whatever the events' ids and methods and the rows' order; its matchpoint sessions
    are the reference's."""
    from tourneystats.bridge import scoring

    saved = scoring.THREADED_ROWS, scoring.CHUNK_ROWS
    try:
        scoring.THREADED_ROWS = 10**12
        one = bridge.standings(season)
        scoring.THREADED_ROWS, scoring.CHUNK_ROWS = 0, chunk
        two = bridge.standings(season)
    finally:
        scoring.THREADED_ROWS, scoring.CHUNK_ROWS = saved
    pd.testing.assert_frame_equal(two, one, check_exact=True)
    mp_only = season.drop(columns="scoring", errors="ignore").astype({"event": str})
    want = ref_standings(mp_only.to_dict("records"), "full")
    got = bridge.standings(mp_only, scoring="mp")
    assert len(got) == len(want)
    for r in got.itertuples(index=False):
        boards, mp, top, pct, rank, _ = want[(r.event, r.section, r.line, r.pair)]
        assert (r.boards, r.rank) == (boards, rank)
        assert r.mp == pytest.approx(float(mp), abs=1e-9)


def test_standings_on_two_threads_refuse_bad_input_as_one_call(monkeypatch):
    """A fault in either half of a frame scored on two threads is refused with the message of
    one call over the whole frame (its first fault)."""
    from tourneystats.bridge import scoring
    from tourneystats.core.schema import ValidationError

    rows = [
        {"event": e, "board": 1, "ns_pair": 1, "ew_pair": 2, "ns_score": 420}
        for e in ("E1", "E2", "E3", "E4")
    ]
    bad = frame(rows)
    bad.loc[3, "ns_score"] = 421  # E4: a score no contract makes
    bad.loc[0, "board"] = -1  # E1: a board number below 1, the first fault of the frame
    monkeypatch.setattr(scoring, "THREADED_ROWS", 10**12)
    with pytest.raises(ValidationError) as one:
        bridge.standings(bad)
    monkeypatch.setattr(scoring, "THREADED_ROWS", 0)
    monkeypatch.setattr(scoring, "CHUNK_ROWS", 1)  # a session a run
    with pytest.raises(ValidationError) as two:
        bridge.standings(bad)
    assert str(two.value) == str(one.value) and "board" in str(one.value)
