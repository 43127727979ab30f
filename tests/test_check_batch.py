"""``tourneystats check FOLDER`` checks the files of a batch together
(:func:`tourneystats.cards.checkbatch.files_report`): every table it gives equals the check of
each file alone (``cards.file_report``), on the real files of ``tests/data/cards``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

import tourneystats.cards
from tourneystats.cards.check import _published_places
from tourneystats.cards.checkbatch import files_report
from tourneystats.cards.checkmany import _decimals, _places
from tourneystats.core import report as core_report
from tourneystats.core.check import decimals
from tourneystats.core.report import check_files

DATA = Path(__file__).parent / "data" / "cards"


def _archive(tmp_path: Path) -> Path:
    """Every real JSON file of tests/data/cards, a refused one, a file of the same name in
    another folder and a file that is not JSON."""
    root = tmp_path / "Tournaments"
    for path in sorted(DATA.rglob("*.json")):
        target = root / path.relative_to(DATA)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, target)
    (root / "broken.json").write_text('{"Tournament": {"Name": "x"}, "Rounds": 3}')
    (root / "mtgjson" / "not-json.json").write_text("{nope")
    first = sorted((root / "mtgjson").glob("*.json"))[0]
    (root / "again").mkdir()
    shutil.copy(first, root / "again" / first.name)  # a second file of the same name
    return root


def _check(root: Path) -> core_report.ArchiveCheck:
    files = sorted(root.rglob("*.json"), key=lambda p: p.as_posix())
    return check_files("tourneystats.cards", files, root, jobs=1)


@pytest.mark.parametrize("batch", [128, 5])
def test_batched_equals_file_by_file(tmp_path, monkeypatch, batch):
    root = _archive(tmp_path)
    monkeypatch.setattr(core_report, "BATCH", batch)
    batched = _check(root)
    monkeypatch.delattr(tourneystats.cards, "files_report")
    alone = _check(root)
    assert len(batched.report) == 45
    assert set(batched.report["status"]) >= {"equal", "refused", "no published values"}
    for name in ("report", "differences", "warnings", "values"):
        mine, theirs = getattr(batched, name), getattr(alone, name)
        pd.testing.assert_frame_equal(mine, theirs, check_dtype=False, obj=name)
        assert mine.to_csv(index=False) == theirs.to_csv(index=False), name


def test_files_report_rows(tmp_path):
    """Rows in the files' order; the files it leaves (another format, a second file of the same
    name) are None, to be checked alone."""
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    event = {
        "Tournament": {"Date": "2024-06-30", "Name": "Club", "Uri": "https://melee.gg/1"},
        "Rounds": [
            {
                "RoundName": "Round 1",
                "Matches": [{"Player1": "Ann", "Player2": "Bo", "Result": "2-1-0"}],
            }  # fmt: skip
        ],
        "Standings": [
            {"Rank": 1, "Player": "Ann", "Points": 3},
            {"Rank": 2, "Player": "Bo", "Points": 1},
        ],  # fmt: skip
    }
    for folder in (a, b):
        (folder / "e.json").write_text(json.dumps(event))
    (a / "e.csv").write_text("x\n")
    rows, table = files_report([a / "e.json", b / "e.json", a / "e.csv"])
    assert rows[1] is None and rows[2] is None
    assert rows[0] is not None
    assert (rows[0]["status"], rows[0]["compared"], rows[0]["equal"]) == ("inconsistent", 4, 3)
    assert table["_at"].tolist() == [0, 0, 0, 0]
    assert table.loc[
        ~table["equal"], ["player", "value", "published", "computed"]
    ].values.tolist() == [["Bo", "Points", 1.0, 0.0]]


# the vectorised pieces against the per-event functions they replace, on random events

_event = st.lists(
    st.tuples(st.integers(1, 6), st.one_of(st.none(), st.integers(1, 9))), min_size=1, max_size=8
)


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(_event, min_size=1, max_size=4))
def test_places_of_many_events_equal_each_event_alone(events):
    """Computed ranks (ties included) and published ranks (some missing, some shared)."""
    ours, theirs = [], []
    for e, rows in enumerate(events):
        for p, (rank, published) in enumerate(rows):
            ours.append({"event": f"e{e}", "player": f"p{p}", "rank": rank})
            theirs.append({"event": f"e{e}", "player": f"p{p}", "Rank": published})
    ours_frame, theirs_frame = pd.DataFrame(ours), pd.DataFrame(theirs)
    together = _places(ours_frame, theirs_frame)
    for e in range(len(events)):
        mine = ours_frame["event"] == f"e{e}"
        alone = _published_places(ours_frame[mine], theirs_frame[theirs_frame["event"] == f"e{e}"])
        assert (
            together.loc[mine, "rank"].astype(float).tolist()
            == alone["rank"].astype(float).tolist()
        )


@settings(max_examples=examples(150), deadline=None)
@given(
    st.lists(
        st.lists(
            st.one_of(st.none(), st.floats(0, 1000, allow_nan=False), st.integers(0, 99)),
            max_size=6,
        ),
        min_size=1,
        max_size=4,
    )
)
def test_decimals_per_event_equal_each_event_alone(events):
    values = [v for rows in events for v in rows]
    codes = np.array([e for e, rows in enumerate(events) for _ in rows], dtype=np.int64)
    got = _decimals(pd.Series(values, dtype=object), codes, len(events))
    assert got.tolist() == [decimals(pd.Series(rows, dtype=object)) for rows in events]


def test_decimals_worked_example():
    """0.5 needs 1 decimal, 0.674 three, 128.77 two; an event without values none."""
    values = pd.Series([0.5, 0.674, 1.0, 128.77, 3.0])
    got = _decimals(values, np.array([0, 0, 0, 1, 1]), 3)
    assert got.tolist() == [3, 2, 0]


def test_no_event_computed_alone_in_a_batch(tmp_path, monkeypatch):
    """The events a publisher cuts or counts a bracket in, and those whose players are published
    with an earlier round's values, are computed with the others of the batch: neither the
    per-event standings of a cut (``event_standings``) nor the per-event search of earlier
    rounds (``earlier_rounds``) is called but for the events whose standings list a name twice
    (their homonyms told apart, then compared alone), and the batch still marks values as an
    earlier round's and checks events cut by a top cut or a second day."""
    import tourneystats.cards.check as check_module
    import tourneystats.cards.checkmany as many_module

    calls = {"event_standings": 0, "earlier_rounds": 0}

    def counted(name, func):
        def wrapper(*args, **kwargs):
            calls[name] += 1
            return func(*args, **kwargs)

        return wrapper

    monkeypatch.setattr(
        many_module, "event_standings", counted("event_standings", many_module.event_standings)
    )
    monkeypatch.setattr(
        check_module, "earlier_rounds", counted("earlier_rounds", check_module.earlier_rounds)
    )
    files = sorted((DATA / "mtgjson").glob("*.json"))
    rows, table = files_report(files)
    marked = table["published_after"].notna()
    assert marked.sum() > 0  # values published as an earlier round's standings are there
    events = tourneystats.cards.read_mtg_json(files).events
    assert (events["cut_round"].fillna(0) > 0).sum() > 0  # and top cuts written as rounds
    published = tourneystats.cards.read_mtg_json(files).published
    homonyms = published[published.duplicated(["event", "player"], keep=False)]["event"].nunique()
    assert homonyms == 3  # (three real files list two players of one name)
    assert calls["event_standings"] == 0 and 0 < calls["earlier_rounds"] <= homonyms


_standing = st.tuples(
    st.integers(0, 3),  # match points / 3
    st.sampled_from([0.25, 1 / 3, 0.5, 0.6, 2 / 3, 1.0]),  # omwp, gwp, ogwp drawn from these
    st.sampled_from([0.25, 1 / 3, 0.5, 0.6, 2 / 3, 1.0]),
    st.sampled_from([0.25, 1 / 3, 0.5, 0.6, 2 / 3, 1.0]),
    st.booleans(),  # a cut below this row
    st.sampled_from([None, (0.5, False), (1.0, False), (0.25, True), (None, True)]),  # shown
)


@settings(max_examples=examples(200), deadline=None)
@given(
    st.lists(st.lists(_standing, min_size=1, max_size=7), min_size=1, max_size=4),
    st.sampled_from(["melee2024", "melee2025", "mtg"]),
)
def test_ranked_with_many_events_equals_each_event_alone(events, name):
    """The tables of several events ranked again with some players' values at once are each
    event's table as :func:`~tourneystats.cards.earlier.ranked_with` gives it alone."""
    from tourneystats.cards import RULES
    from tourneystats.cards.earlier import ranked_with
    from tourneystats.cards.earliermany import ranked_with_many

    rules = RULES[name]
    tables, shown = [], []
    for e, rows in enumerate(events):
        table = pd.DataFrame({
            "event": f"E{e}", "player": [f"P{i}" for i in range(len(rows))],
            "rank": np.arange(1, len(rows) + 1), "match_points": [3 * r[0] for r in rows],
            "omwp": [r[1] for r in rows], "gwp": [r[2] for r in rows],
            "ogwp": [r[3] for r in rows],
            "decided_by": [("cut" if r[4] else "omwp") for r in rows],
        })  # fmt: skip
        tables.append(table)
        shown += [
            {"event": f"E{e}", "player": f"P{i}", "omwp": r[5][0], "after": r[5][1]}
            for i, r in enumerate(rows)
            if r[5] is not None
        ]
    shown_frame = pd.DataFrame(shown, columns=["event", "player", "omwp", "after"])
    together = ranked_with_many(pd.concat(tables, ignore_index=True), shown_frame, rules)
    for e, table in enumerate(tables):
        mine = shown_frame[shown_frame["event"] == f"E{e}"]
        alone = ranked_with(table, mine.drop(columns="event"), rules)
        got = together[together["event"] == f"E{e}"].reset_index(drop=True)
        pd.testing.assert_frame_equal(got, alone, check_dtype=False)
