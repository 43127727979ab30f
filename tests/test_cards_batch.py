"""The archive rows of many MTG JSON files at once equal each file's read alone
(:func:`tourneystats.cards.batch.archive_rows_of` against :func:`archive_rows`), hostile files
included: each refused alone, with its own error, the others read."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pandas as pd

from tourneystats.cards.batch import archive_rows_of
from tourneystats.cards.files import archive_rows


def write(path: Path, uri: str, rounds, date: str = "2024-06-30", standings=None) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    body = {"Tournament": {"Date": date, "Name": path.stem, "Uri": uri}, "Rounds": rounds}
    if standings is not None:
        body["Standings"] = standings
    path.write_text(json.dumps(body))
    return path


def matches(name: str, *pairs, result: str = "2-1-0") -> dict:
    return {"RoundName": name, "Matches": [
        {"Player1": a, "Player2": b, "Result": result} for a, b in pairs]}  # fmt: skip


def alone(path: Path):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            frame, error = archive_rows(path), None
        except ValueError as exc:
            frame, error = None, exc
    return frame, error, [str(w.message) for w in caught]


def test_a_batch_reads_each_file_as_alone(tmp_path):
    melee = "https://melee.gg/Tournament/View/1"
    paths = [
        write(
            tmp_path / "a" / "swiss.json",
            melee,
            [
                matches("Round 1", ("A", "B"), ("C", "D")),
                matches("Round 2", ("A", "C"), ("B", "D")),
            ],
        ),  # fmt: skip
        write(
            tmp_path / "a" / "bracket.json",
            melee,
            [
                matches("Round 1", ("A", "B"), ("C", "D")),
                matches("Semifinals", ("A", "C"), ("B", "D")),
                matches("Finals", ("A", "B")),
            ],
            date="2024-01-05",
        ),  # fmt: skip
        write(
            tmp_path / "a" / "playoff.json",
            "https://www.mtgo.com/decklist/x",
            [matches("Quarterfinals", ("A", "B"), ("C", "D"), ("E", "F"), ("G", "H"))],
        ),
        write(
            tmp_path / "a" / "standings-only.json",
            "https://www.mtgo.com/decklist/y",
            [],
            standings=[{"Rank": 1, "Player": "A", "Points": 9}],
        ),  # fmt: skip
        write(
            tmp_path / "a" / "twice.json", melee, [matches("Round 1", ("A", "B"), ("A", "C"))]
        ),  # hostile: paired twice
        write(
            tmp_path / "a" / "top8.json",
            melee,
            [matches("Round 1", ("A", "B")), matches("Top 8", ("A", "B"))],
        ),  # fmt: skip
        write(tmp_path / "b" / "swiss.json", melee, [matches("Round 1", ("E", "F"))]),  # same stem
        write(
            tmp_path / "a" / "topdeck.json",
            "https://topdeck.gg/event/1",
            [
                {
                    "RoundName": "Round 1",
                    "Matches": [{"Player1": "A", "Player2": None, "Result": "1-0-0"}],
                }
            ],
        ),  # fmt: skip
    ]
    broken = tmp_path / "a" / "broken.json"
    broken.write_text('{"Tournament": {"Date": "2024-06-30"}, "Rounds": [')  # truncated
    paths.append(broken)
    got = archive_rows_of(paths)
    assert sorted(got) == [0, 1, 2, 3, 4, 5, 8]  # the second "swiss" and topdeck's null bye: alone
    for i, (frame, error, said) in got.items():
        want_frame, want_error, want_said = alone(paths[i])
        assert said == want_said, paths[i]
        assert (error is None) == (want_error is None), paths[i]
        if error is not None:
            assert str(error) == str(want_error)
            continue
        pd.testing.assert_frame_equal(frame, want_frame, check_exact=True)
        assert frame.attrs == want_frame.attrs
    assert got[2][0].attrs["why_empty"].startswith("a playoff bracket alone: 4 bracket match")
    assert got[3][0].attrs["why_empty"].startswith("no match")
    assert "paired twice" in str(got[4][1])
    assert got[1][0]["bracket"].sum() == 6  # both sides of the semi-finals and the final
