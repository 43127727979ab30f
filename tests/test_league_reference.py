"""Differential tests: the vectorised league code against the plain-Python oracle.

Random leagues (hypothesis draws the shape and a seed): several leagues in one frame, tournaments
on shared dates, final-score-only tournaments, sit-outs, 1-vs-1 and 2-vs-2 matches, rounds with
no match, targets that differ between matches, names that differ only in case or accents.
"""

import math

import numpy as np
import pandas as pd
import reference_league as ref
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from tourneystats.league import explain, history, leaderboard

NAMES = [
    "anna", "Anna", "Åsa", "åke", "Ärla", "ärla", "Örjan", "östen", "Bo", "bo", "Zed", "Émile",
    "Eva", "Ébba", "Ulf", "Ylva", "Ada Ek", "ada", "Øyvind", "Ærle", "Üla",
]  # fmt: skip
COLUMNS = ["league", "tournament", "date", "round", "match", "team", "player", "points", "target"]


def random_league(seed: int, n_leagues: int, n_tournaments: int, n_players: int, int_ids: bool):
    rng = np.random.default_rng(seed)
    rows = []
    for lg in range(n_leagues):
        ids = rng.permutation(20)[:n_tournaments]
        days = np.sort(rng.integers(0, max(1, n_tournaments), size=n_tournaments))  # shared dates
        pool = (
            list(range(1, n_players + 1))
            if int_ids
            else list(rng.choice(NAMES, size=n_players, replace=False))
        )
        for tid, day in zip(ids, days, strict=True):
            name = f"L{lg}-T{tid:02d}"
            date = pd.Timestamp("2024-01-01") + pd.Timedelta(days=int(day))
            here = [p for p in pool if rng.random() < 0.7]
            if len(here) < 2:
                here = pool[:2]
            if rng.random() < 0.2:  # final scores only
                for p in here:
                    rows.append(
                        (lg, name, date, None, None, None, p, int(rng.integers(0, 60)), None)
                    )
                continue
            default = int(rng.choice([6, 7, 10, 21, 24]))
            rnd = 0  # rounds where everybody sat out get no number: rounds run 1, 2, 3, ...
            for _ in range(int(rng.integers(1, 5))):
                rnd += 1
                order = list(rng.permutation(len(here)))
                court = 0
                while order:
                    size = int(rng.integers(1, 3))
                    if len(order) < 2 * size or rng.random() < 0.15:
                        break  # the rest sit out
                    court += 1
                    a = [here[i] for i in order[:size]]
                    b = [here[i] for i in order[size : 2 * size]]
                    order = order[2 * size :]
                    target = default if rng.random() < 0.7 else int(rng.choice([4, 10, 21]))
                    pa = int(rng.integers(0, target + 1))
                    for team, players, pts in (("A", a, pa), ("B", b, target - pa)):
                        for p in players:
                            rows.append((lg, name, date, rnd, court, team, p, pts, target))
                if not court:
                    rnd -= 1
    df = pd.DataFrame(rows, columns=COLUMNS)
    for c in ("round", "match", "target"):
        df[c] = df[c].astype("Int64")
    return df.sample(frac=1.0, random_state=seed % 2**32).reset_index(drop=True)


leagues = st.builds(
    random_league,
    seed=st.integers(0, 2**32 - 1),
    n_leagues=st.integers(1, 3),
    n_tournaments=st.integers(1, 6),
    n_players=st.integers(2, 12),
    int_ids=st.booleans(),
).filter(len)  # a league where nobody played is refused ("results: no rows")
rules = st.tuples(st.integers(0, 12), st.sampled_from(["top-up", "constant"]))


def records(df):
    out = df.astype(object).where(df.notna(), None).to_dict("records")
    return out


def assert_board(ours: pd.DataFrame, theirs: list[dict]):
    assert ours["player"].tolist() == [p["player"] for p in theirs]
    assert [None if pd.isna(x) else int(x) for x in ours["place"]] == [p["place"] for p in theirs]
    # the ranking is the correctly rounded float of the exact fraction: compare exactly
    expected = [ref.as_float(p["ranking"]) for p in theirs]
    got = ours["ranking"].tolist()
    assert all(
        (math.isnan(a) and math.isnan(b)) or a == b for a, b in zip(got, expected, strict=True)
    ), (got, expected)
    for column in ("points", "matches", "wins", "draws", "losses", "prior_rounds", "absent_rounds"):
        assert ours[column].tolist() == [p[column] for p in theirs], column
    # decided_by: the ranking alone decides a place (the rest only orders a shared place)
    expected = []
    for p, below in zip(theirs, [*theirs[1:], None]):
        if below is None or p["place"] is None or below["place"] is None:
            expected.append(None)
        else:
            expected.append("tied" if p["place"] == below["place"] else "ranking")
    assert [None if pd.isna(x) else x for x in ours["decided_by"]] == expected


@settings(max_examples=examples(200), deadline=None)
@given(leagues, rules)
def test_leaderboard_matches_reference(df, rule):
    k, mode = rule
    saved = df.copy(deep=True)
    out = leaderboard(df, prior_rounds=k, prior_mode=mode)
    pd.testing.assert_frame_equal(df, saved)
    expected = ref.leaderboard(records(df), k, mode, by=["league"])
    assert sorted(out["league"].unique().tolist()) == sorted(key[0] for key in expected)
    for (lg,), rows in expected.items():
        assert_board(out[out["league"] == lg], rows)


@settings(max_examples=examples(200), deadline=None)
@given(leagues, rules)
def test_history_matches_reference(df, rule):
    k, mode = rule
    out = history(df, prior_rounds=k, prior_mode=mode)
    expected = ref.history(records(df), k, mode, by=["league"])
    keys = list(dict.fromkeys(zip(out["league"], out["tournament"], strict=True)))
    assert sorted(keys) == sorted((lg, t) for (lg,), t in expected)
    # tournaments appear in date order, then id order, within each league
    for lg in out["league"].unique():
        shown = [t for league, t in keys if league == lg]
        rows = [r for r in records(df) if r["league"] == lg]
        assert shown == ref._order(rows)
    for ((lg,), t), rows in expected.items():
        assert_board(out[(out["league"] == lg) & (out["tournament"] == t)], rows)


@settings(max_examples=examples(100), deadline=None)
@given(leagues, rules)
def test_explain_terms_add_up(df, rule):
    k, mode = rule
    board = leaderboard(df, prior_rounds=k, prior_mode=mode)
    expected = ref.leaderboard(records(df), k, mode, by=["league"])
    for player in board["player"].unique():
        terms = explain(df, player=player, prior_rounds=k, prior_mode=mode)
        for lg, mine in terms.groupby("league"):
            row = board[(board["league"] == lg) & (board["player"] == player)].iloc[0]
            want = next(p for p in expected[(lg,)] if p["player"] == player)
            kinds = mine.set_index("term")
            assert kinds.loc["played", "rounds"] == row["matches"]
            assert kinds.loc["start weight", "rounds"] == row["prior_rounds"]
            absence = mine[mine["term"] == "absence"]
            assert absence["rounds"].sum() == row["absent_rounds"]
            assert [(t, r, float(x)) for t, r, x in want["missed"]] == list(
                zip(absence["tournament"], absence["rounds"], absence["target"], strict=True)
            )
            if row["matches"] > 0:
                total = 100 * mine["points"].sum() / mine["possible"].sum()
                assert math.isclose(total, row["ranking"], rel_tol=1e-12)
