"""The report rows of many card files at once (:func:`tourneystats.cards.report.finished_rows`)
against the plain-Python reference, one file at a time (``tests/reference_report.py``)."""

from __future__ import annotations

import numpy as np
import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples
from reference_report import report_row

from tourneystats.cards.report import REPORT_COLUMNS, _finished, finished_rows

_value = st.sampled_from(["Points", "Wins", "OMWP", "GWP", "OGWP", "Rank", "Losses"])
_number = st.one_of(
    st.none(),
    st.sampled_from([0.0, 1.0, 3.0, 12.0, 0.3333333333, 0.5, 2.0 / 3.0, 1234567.0, 1e-7]),
)
_entry = st.fixed_dictionaries(
    {
        "player": st.sampled_from(["Ann", "Bo", "bo", "Ça", "Zed", "李", "P 1", "P 10", "P 2"]),
        "value": _value,
        "published": _number,
        "computed": _number,
        "equal": st.booleans(),
        "published_after": st.one_of(st.none(), st.integers(1, 9)),
    }
)
_file = st.tuples(
    st.sampled_from(["melee", "topdeck", "cardsrealm"]),
    st.lists(_entry, max_size=30),
    st.lists(st.sampled_from(["w1", "w2", "w1"]), max_size=3),
)


def _base(j: int, platform: str) -> dict:
    row = dict.fromkeys(REPORT_COLUMNS, "")
    return row | {"file": f"f{j}.json", "platform": platform, "compared": 0, "equal": 0}


def _table(files: list) -> tuple[pd.DataFrame, np.ndarray]:
    records = [dict(r, event=f"E{j}") for j, (_, rows, _) in enumerate(files) for r in rows]
    at = np.array([j for j, (_, rows, _) in enumerate(files) for _ in rows], dtype=np.intp)
    table = pd.DataFrame.from_records(
        records,
        columns=["event", "player", "value", "published", "computed", "equal", "published_after"],
    )
    table["published"] = table["published"].astype("float64")
    table["computed"] = table["computed"].astype("float64")
    table["equal"] = table["equal"].astype(bool)
    table["published_after"] = table["published_after"].astype("Int64")
    return table, at


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(_file, max_size=8))
def test_rows_of_many_files_equal_the_reference_file_by_file(files):
    table, at = _table(files)
    rows = finished_rows(
        [_base(j, p) for j, (p, _, _) in enumerate(files)], table, at, [m for _, _, m in files]
    )
    for j, (platform, entries, messages) in enumerate(files):
        assert rows[j] == report_row(_base(j, platform), entries, messages)


def test_worked_example_of_each_status():
    """Exact rows: a file reproduced, one inconsistent, one published earlier, one different
    and one topdeck.gg file reproduced (its OGWP note)."""

    def entry(player, value, published, computed, equal, after=None):
        return dict(player=player, value=value, published=published, computed=computed,
                    equal=equal, published_after=after)  # fmt: skip

    files = [
        ("melee", [entry("Ann", "Points", 9.0, 9.0, True)], []),
        (
            "melee",
            [entry("Bo", "Points", 9.0, 6.0, False), entry("Cy", "Wins", 2.0, 3.0, False)],
            [],
        ),  # fmt: skip
        (
            "melee",
            [entry("Di", "OMWP", 0.5, 0.6, False, 4), entry("Di", "Rank", 3.0, 4.0, False, 4)],
            [],
        ),  # fmt: skip
        (
            "melee",
            [entry("Ed", "GWP", 0.5, 0.6, False), entry("Fa", "OMWP", 0.5, 0.6, False, 2)],
            ["w"],
        ),  # fmt: skip
        ("topdeck", [entry("Gu", "OGWP", 0.5, 0.5, True)], []),
    ]
    table, at = _table(files)
    rows = finished_rows([_base(j, p) for j, (p, _, _) in enumerate(files)], table, at,
                         [m for _, _, m in files])  # fmt: skip
    assert [r["status"] for r in rows] == [
        "equal", "inconsistent", "published_earlier", "different", "equal"
    ]  # fmt: skip
    assert rows[1]["detail"] == (
        "published points or records that the file's own rounds cannot give, 2 value(s): "
        "Bo (Points published 9, its rounds give 6: 3 missing); "
        "Cy (Wins published 2, its rounds give 3: 1 too many); "
        "the tie-breakers are compared for information only"
    )
    assert rows[1]["first_difference"] == "Bo: Points published 9, computed 6"
    assert rows[2]["detail"] == (
        "1 tie-breaker(s) of 1 player(s) who left before the last Swiss round (or were knocked "
        "out of a top cut before its last round) are their standings after an earlier round "
        "(player (round)): Di (4); 1 rank(s) agree only given those values"
    )
    assert rows[3]["first_difference"] == "Ed: GWP published 0.5, computed 0.6"
    assert rows[3]["warnings"] == ["w"]
    assert rows[4]["detail"].startswith("OGWP compared with the mean of the opponents'")
    assert [(r["compared"], r["equal"]) for r in rows] == [(1, 1), (2, 0), (2, 0), (2, 0), (1, 1)]


def test_a_refused_file_keeps_its_status_and_a_file_without_table_publishes_nothing():
    refused = _base(0, "melee") | {"status": "refused", "detail": "e.json: bad"}
    row, table = _finished(refused, None, ["w", "w"], frame=False)
    assert (row["status"], row["detail"], row["warnings"], table) == (
        "refused", "e.json: bad", ["w"], None
    )  # fmt: skip
    row, table = _finished(_base(0, "melee"), None, [])
    assert row["status"] == "no published values" and len(table) == 0
