"""The vectorised tie-breaks agree with the plain-Python reference on random tournaments."""

from __future__ import annotations

import importlib
import math
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples
from reference_chess import reference_standings

from tourneystats.chess import standings, standings_by_round
from tourneystats.core.schema import ValidationError
from tourneystats.synth import chess_swiss

RULES = ["adjusted", "fide2024", "fide2026", "fide2009", "chessmanager2024", "swissmanager2009"]
CODES = [
    "BH", "BH/C1", "BH/C2", "BH/M1", "SB", "SB/C1", "SB/C2", "SB/M1", "FB", "FB/C1", "AOB",
    "AOB/F", "KS", "PS", "PS/C1", "CUM", "ARO", "ARO/C1", "ARO/M1", "TPR", "PTP", "APRO", "APPO",
    "WIN", "WON", "BPG", "BWG", "REP", "STD", "TPN", "TPN/R", "RTNG", "RTNG/R",
]  # fmt: skip
ORDERS = [
    ["DE", "BH/C1", "SB"], ["BH/C1", "DE", "SB"], ["PS", "WIN", "DE"], ["DE"],
    ["STD", "TPN/R"], ["RTNG/R", "DE", "TPN"], ["DE/P", "BH/C1"], ["BH/C1", "DE/P", "SB"],
    ["DE", "DE/P"],
]  # fmt: skip


FORFEITS = ["forfeit_win", "forfeit_loss"]
UNPAIRED_POINTS = {"hpb": 0.5, "fpb": 1.0, "zpb": 0.0, "forfeit_win": 1.0, "forfeit_loss": 0.0}


def random_tournaments(seed: int, n_events: int) -> pd.DataFrame:
    """Random events with every kind of round: byes of all kinds, forfeits (double forfeits,
    forfeits without a known opponent), withdrawals."""
    rng = np.random.default_rng(seed)
    rows = []
    for e in range(n_events):
        event = f"E{e}"
        n_players = int(rng.integers(2, 9))
        n_rounds = int(rng.integers(1, 7))
        gone = {
            p: int(rng.integers(0, n_rounds)) if rng.random() < 0.2 else n_rounds
            for p in range(1, n_players + 1)
        }
        for rnd in range(1, n_rounds + 1):
            rows_before = len(rows)
            active = [p for p in range(1, n_players + 1) if rnd <= gone[p]]
            for p in range(1, n_players + 1):
                if rnd > gone[p] and rng.random() < 0.9:  # else: no row at all (also absent)
                    rows.append((event, rnd, p, None, None, 0.0, "zpb"))
            requested = [p for p in active if rng.random() < 0.12]
            for p in requested:  # byes, and forfeits whose opponent is not known
                kind = str(rng.choice(["hpb", "fpb", "zpb", "hpb", "fpb", "zpb", *FORFEITS]))
                rows.append((event, rnd, p, None, None, UNPAIRED_POINTS[kind], kind))
            pool = [p for p in active if p not in requested]
            rng.shuffle(pool)
            if len(pool) % 2:
                p = pool.pop()
                kind = "pab" if rng.random() < 0.8 else "zpb"
                rows.append((event, rnd, p, None, None, 1.0 if kind == "pab" else 0.0, kind))
            for a, b in zip(pool[0::2], pool[1::2], strict=True):
                if rng.random() < 0.04:  # a double forfeit: neither came
                    rows.append((event, rnd, a, b, None, 0.0, "forfeit_loss"))
                    rows.append((event, rnd, b, a, None, 0.0, "forfeit_loss"))
                elif rng.random() < 0.15:
                    a_wins = rng.random() < 0.5
                    rows.append(
                        (
                            event,
                            rnd,
                            a,
                            b,
                            None,
                            float(a_wins),
                            "forfeit_win" if a_wins else "forfeit_loss",
                        )
                    )
                    rows.append(
                        (
                            event,
                            rnd,
                            b,
                            a,
                            None,
                            float(not a_wins),
                            "forfeit_loss" if a_wins else "forfeit_win",
                        )
                    )
                else:
                    pa = float(rng.choice([0.0, 0.5, 1.0]))
                    ca, cb = ("w", "b") if rng.random() < 0.5 else ("b", "w")
                    if rng.random() < 0.05:
                        ca = cb = None
                    rows.append((event, rnd, a, b, ca, pa, "played"))
                    rows.append((event, rnd, b, a, cb, 1.0 - pa, "played"))
            if len(rows) == rows_before:  # every round has a row (rounds are 1..R): when all
                rows.append((event, rnd, 1, None, None, 0.0, "zpb"))  # left, #1's absence shown
    frame = pd.DataFrame(
        rows, columns=["event", "round", "player", "opponent", "colour", "points", "kind"]
    )
    frame["opponent"] = frame["opponent"].astype("Int64")
    frame = frame.sample(frac=1.0, random_state=seed % 1000).reset_index(drop=True)
    players = frame[["event", "player"]].drop_duplicates().reset_index(drop=True)
    rating = rng.integers(1400, 2500, len(players)).astype(float)
    rating[rng.random(len(players)) < 0.1] = np.nan
    players["rating"] = rating
    return frame, players


def check(frame, players, codes, rules, round_robin=(), **options):
    """standings() equals the reference on every value and rank (`options` go to both; the
    reference's own options are those of reference_standings)."""
    reference_only = {"points", "planned", "per_round"}
    mine = {k: v for k, v in options.items() if k not in reference_only}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Buchholz in round robins, asked for on purpose
        got = standings(
            frame,
            tiebreaks=codes,
            rules=rules,
            players=players,
            round_robin=round_robin,
            allow_buchholz_in_round_robins=True,
            **mine,
        )
    ratings = {
        (e, p): r for e, p, r in players[["event", "player", "rating"]].itertuples(index=False)
    }
    theirs = {k: v for k, v in options.items() if k in {*reference_only, "unrated", "withdrawn"}}
    want = reference_standings(frame, codes, rules, ratings, round_robin=round_robin, **theirs)
    assert len(got) == len(want)
    for row in got.to_dict("records"):
        ref = want[(row["event"], row["player"])]
        for code in ["PTS", *codes, "rank"]:
            a, b = row[code], ref[code]
            if isinstance(b, float) and math.isnan(b):
                assert isinstance(a, float) and math.isnan(a), (code, row, ref)
            else:
                assert abs(a - b) < 1e-9, (code, rules, row["event"], row["player"], a, b)


@settings(max_examples=examples(200), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(RULES), n_events=st.integers(1, 3))
def test_every_tiebreak_matches_the_reference(seed, rules, n_events):
    frame, players = random_tournaments(seed, n_events)
    check(frame, players, CODES, rules)


#: tie-breaks under their own editions, next to the same under the event's rule set
EDITIONS = [
    "BH@2026", "BH/C1@2024", "BH/M1@2024", "SB@2009", "SB/C1@adjusted", "KS@2026", "FB/C1@2024",
    "AOB@2009", "PS@2026", "ARO@2026", "WON@2026", "BH", "SB/C1",
]  # fmt: skip


@settings(max_examples=examples(50), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(RULES), n_events=st.integers(1, 3))
def test_tiebreaks_under_their_own_editions_match_the_reference(seed, rules, n_events):
    frame, players = random_tournaments(seed, n_events)
    check(frame, players, EDITIONS, rules)
    rr = sorted(frame["event"].unique())[:1]
    check(frame, players, ["BH/C1@2026", "WON@2026", "DE@2024", "SB@2024"], rules, round_robin=rr)


@settings(max_examples=examples(200), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), order=st.sampled_from(ORDERS), n_events=st.integers(1, 3))
def test_direct_encounter_and_ranking_match_the_reference(seed, order, n_events):
    frame, players = random_tournaments(seed, n_events)
    rules = {e: RULES[i % len(RULES)] for i, e in enumerate(sorted(frame["event"].unique()))}
    check(frame, players, order, rules)


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(RULES))
def test_round_robin_forfeits_count_as_played(seed, rules):
    # as the rule set says: games for every tie-break (2024), or not for the rating-based
    # ones and (forfeit losses) the Type B ones (2026)
    frame, players = random_tournaments(seed, 3)
    round_robin = sorted(frame["event"].unique())[::2]  # E0 and E2 (when there)
    check(frame, players, [*CODES, "DE"], rules, round_robin=round_robin)
    check(frame, players, ["DE/P", "SB"], rules, round_robin=round_robin)


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 10_000), rules=st.sampled_from(RULES))
def test_synthetic_season_matches_the_reference(seed, rules):
    results, players = chess_swiss(3, 9, 5, seed=seed, forfeit_rate=0.1, bye_rate=0.1,
                                   withdraw_rate=0.05, unrated_rate=0.1)  # fmt: skip
    check(results, players, ["BH/C1", "BH", "SB", "PS", "ARO", "KS", "DE"], rules)


@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(RULES))
def test_by_round_is_standings_of_each_prefix(seed, rules):
    frame, players = random_tournaments(seed, 2)
    codes = ["BH/C1", "SB", "KS", "DE"]
    history = standings_by_round(frame, tiebreaks=codes, rules=rules, players=players)
    n = frame.groupby("event")["round"].max()
    for event, last in n.items():
        for k in range(1, last + 1):
            part = frame[(frame["event"] == event) & (frame["round"] <= k)]
            alone = standings(part, tiebreaks=codes, rules=rules, players=players)
            got = history[(history["event"] == event) & (history["round"] == k)]
            got = got.drop(columns="round").reset_index(drop=True)
            pd.testing.assert_frame_equal(got, alone, check_dtype=False)


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 10_000), rules=st.sampled_from(RULES), chunk=st.integers(1, 120))
def test_chunked_computation_equals_one_pass(seed, rules, chunk):
    # standings() works through big inputs a few thousand events at a time; force tiny chunks
    chess = importlib.import_module("tourneystats.chess.tables")  # where CHUNK_ROWS lives

    results, players = chess_swiss(7, 6, 4, seed=seed, forfeit_rate=0.1, bye_rate=0.1,
                                   withdraw_rate=0.05, unrated_rate=0.1)  # fmt: skip
    results = results.sample(frac=1.0, random_state=seed)  # events interleaved
    codes = ["BH/C1", "SB", "ARO", "KS", "DE"]
    whole = standings(results, tiebreaks=codes, rules=rules, players=players)
    saved = chess.CHUNK_ROWS
    chess.CHUNK_ROWS = chunk
    try:
        assert chess._event_chunks(results) is not None
        chunked = standings(results, tiebreaks=codes, rules=rules, players=players)
    finally:
        chess.CHUNK_ROWS = saved
    pd.testing.assert_frame_equal(chunked, whole)


@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(0, 10_000), chunk=st.integers(1, 120))
def test_chunked_round_robins_equal_one_pass(seed, chunk):
    # round robins named by label: each chunk is given those among its events
    chess = importlib.import_module("tourneystats.chess.tables")  # where CHUNK_ROWS lives

    results, players = chess_swiss(7, 6, 4, seed=seed, forfeit_rate=0.2, bye_rate=0.1)
    results = results.sample(frac=1.0, random_state=seed)  # events interleaved
    named = sorted(results["event"].unique())[::3]
    codes = ["BH", "SB", "ARO", "DE"]
    whole = standings(results, tiebreaks=codes, players=players, round_robin=named)
    saved = chess.CHUNK_ROWS
    chess.CHUNK_ROWS = chunk
    try:
        chunked = standings(results, tiebreaks=codes, players=players, round_robin=named)
    finally:
        chess.CHUNK_ROWS = saved
    pd.testing.assert_frame_equal(chunked, whole)


@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(0, 10_000), rules=st.sampled_from(RULES))
def test_events_of_very_different_rounds_are_computed_apart_as_one_pass(seed, rules):
    chess = importlib.import_module("tourneystats.chess.tables")  # where PADDING_CELLS lives
    short, players = chess_swiss(30, 6, 1, seed=seed, bye_rate=0.1)
    long, more = chess_swiss(2, 6, 9, seed=seed + 1, forfeit_rate=0.1, withdraw_rate=0.05)
    long = long.assign(event=long["event"].astype(str) + "L")
    more = more.assign(event=more["event"].astype(str) + "L")
    short = short.assign(event=short["event"].astype(str))
    results = pd.concat([short.iloc[:12], long, short.iloc[12:]], ignore_index=True)
    players = pd.concat([players.assign(event=players["event"].astype(str)), more])
    codes = ["BH/C1", "SB", "ARO", "KS", "DE"]
    whole = standings(results, tiebreaks=codes, rules=rules, players=players)
    saved = chess.PADDING_CELLS
    chess.PADDING_CELLS = 0
    try:
        chunks = chess._event_chunks(results)
        assert [c["round"].max() for c in chunks] == [1, 9]  # 1-round events, 9-round events
        apart = standings(results, tiebreaks=codes, rules=rules, players=players)
    finally:
        chess.PADDING_CELLS = saved
    pd.testing.assert_frame_equal(apart, whole)


@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(0, 10_000), chunk=st.integers(1, 120), shuffle=st.booleans())
def test_text_columns_as_arrow_or_objects_and_chunks_as_slices_agree(seed, chunk, shuffle):
    # the same results with text columns Arrow-backed (read from a file: codes through Arrow,
    # events in runs taken as slices) or Python objects (pandas' own factorize); in chunks or not
    chess = importlib.import_module("tourneystats.chess.tables")  # where CHUNK_ROWS lives

    results, players = chess_swiss(7, 6, 4, seed=seed, forfeit_rate=0.1, bye_rate=0.1,
                                   withdraw_rate=0.05, unrated_rate=0.1)  # fmt: skip
    if shuffle:
        results = results.sample(frac=1.0, random_state=seed)
    name = {p: f"{'ZyX'[p % 3]}, p{p:02d}" for p in range(0, 10)}
    text = results.assign(
        event=_text(results["event"]),
        player=_text(results["player"].map(name)),
        opponent=_text(results["opponent"].map(name)),
        colour=_text(results["colour"]),
        kind=_text(results["kind"]),
    )
    objects = text.astype(object).astype({"round": np.int64, "points": np.float64})
    players = players.assign(event=players["event"].astype(str), player=players["player"].map(name))
    codes = ["BH/C1", "SB", "ARO", "KS", "DE"]
    whole = standings(text, tiebreaks=codes, players=players)
    pd.testing.assert_frame_equal(
        standings(objects, tiebreaks=codes, players=players), whole, check_dtype=False
    )
    saved = chess.CHUNK_ROWS
    chess.CHUNK_ROWS = chunk
    try:
        chunked = standings(text, tiebreaks=codes, players=players)
    finally:
        chess.CHUNK_ROWS = saved
    pd.testing.assert_frame_equal(chunked, whole)


def test_chunks_on_two_threads_raise_the_first_chunk_fault(monkeypatch):
    """Chunks computed on two threads: a fault in the first and in the last chunk raises the
    first chunk's error, the one a pass through the chunks in order meets first."""
    chess = importlib.import_module("tourneystats.chess.tables")  # where CHUNK_ROWS lives

    results, _ = chess_swiss(6, 6, 3, seed=1)
    bad = results.copy()
    for event in ("C00001", "C00006"):
        bad.loc[bad.index[bad["event"] == event][0], "points"] = 7
    monkeypatch.setattr(chess, "CHUNK_ROWS", 18)  # one event a chunk
    assert len(chess._event_chunks(bad)) == 6
    with pytest.raises(ValidationError, match="points must be 0, 0.5 or 1") as raised:
        standings(bad)
    assert "event='C00001'" in str(raised.value) and "C00006" not in str(raised.value)


#: the dtype pandas reads text as (``str`` from pandas 3, ``object`` before)
TEXT = pd.Series(["a"]).dtype


def _text(values: pd.Series) -> pd.Series:
    """`values` as text the way pandas reads it, a missing value kept missing."""
    return values.astype(object).where(values.notna(), None).astype(TEXT)
