"""Archives: Parquet round trips, hostile partition values, recompute (pandas engine), resume."""

from __future__ import annotations

import functools
import hashlib
import json
import os
import shutil
import subprocess
import sys
import types
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from tourneystats import ValidationError, archive, bridge, cards, chess, league, synth
from tourneystats.archive import (
    FamilySpec,
    RecomputeError,
    archive_files,
    import_folder,
    load_config,
    read_archive,
    recompute,
    write_archive,
)
from tourneystats.cli import main
from tourneystats.core.schema import PEOPLE

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).parent / "data"

HOSTILE = [
    "../../x",
    "..",
    ".",
    "/etc/passwd",
    "a/b/../../../c",
    "50%",
    "%2F..%2F",
    "a=b",
    "season=1/../..",
    "C:\\Windows",
    "Höst/ligan ✓ 😀",
    "tab\there\nnewline",
    "~",
    " ",
]


# --- fixtures ------------------------------------------------------------------------------------


#: recompute in this process, quietly (a fake family registered by a test lives only here)
IN_PROCESS = ["--quiet", "--jobs", "1"]


def chess_season(n_events=6, seed=3) -> pd.DataFrame:
    """Chess results of several events over two seasons (int seasons)."""
    results, _ = synth.chess_swiss(n_events, 8, 5, seed=seed, forfeit_rate=0.05, bye_rate=0.05)
    codes = results["event"].cat.codes.to_numpy()
    results.insert(0, "season", np.where(codes < n_events // 2, 2023, 2024))
    return results


def league_seasons() -> pd.DataFrame:
    return synth.league(2, 4, 10, 4, seed=5)


def fake_cards_frame() -> pd.DataFrame:
    """Match-level card results, with every dtype the archive must keep."""
    sw = synth.swiss(5, 6, 3, seed=2)
    wins = np.where(sw["score"] == 1, 2, np.where(sw["score"] == 0.5, 1, 0))
    losses = np.where(sw["score"] == 0, 2, np.where(sw["score"] == 0.5, 1, 0))
    return pd.DataFrame(
        {
            "season": pd.Categorical(
                np.where(sw["event"].cat.codes < 3, "2022/23", "2023/24"),
                categories=["2023/24", "2022/23", "unused"],
            ),
            "event": sw["event"],
            "round": sw["round"],
            "player": sw["player"].astype(str).radd("p").astype("string"),
            "opponent": sw["opponent"],
            "wins": wins,
            "losses": losses,
            "draws": 0,
            "date": pd.Timestamp("2023-05-01") + pd.to_timedelta(sw["round"], unit="D"),
            "note": pd.array([None] * len(sw), dtype="string"),
            "weight": np.linspace(0, 1, len(sw)),
            "flag": sw["round"] % 2 == 0,
        }
    )


def cards_seasons() -> pd.DataFrame:
    """Match-level card results of two seasons (string seasons, categorical events)."""
    return pd.concat(
        [
            synth.cards_season(4, 8, 4, seed=11, season="2023"),
            synth.cards_season(3, 9, 5, seed=12, season="2024", prefix="F"),
        ],
        ignore_index=True,
    )


def bridge_frame() -> pd.DataFrame:
    """The two USEBIO sessions, one in 2022 and one in 2023."""
    from tourneystats.bridge import read_usebio

    howell = read_usebio(DATA / "bridge" / "usebio-mp-pairs-howell.xml").results
    butler = read_usebio(DATA / "bridge" / "usebio-butler-mitchell.xml").results
    return pd.concat(
        [howell.assign(season="2022"), butler.assign(season="2023")], ignore_index=True
    )


def bridge_teams_frame() -> pd.DataFrame:
    from tourneystats.bridge import read_pbn

    return read_pbn(DATA / "bridge" / "pbn-teams-imps.pbn").results.assign(season=2021)


def fake_module(name="fake_family") -> types.ModuleType:
    """A stand-in family: per event and player, the sum of ``points`` (negative refused)."""
    from tourneystats.core.schema import fail_rows

    mod = types.ModuleType(name)

    def standings(results, *, bonus=0):
        fail_rows(results, results["points"] < 0, "negative points")
        out = (
            results.groupby(["event", "player"], observed=True, sort=False)["points"]
            .sum()
            .reset_index()
        )
        out["points"] = out["points"] + bonus
        out["calls"] = 1
        return out

    mod.standings = standings
    mod.calls = []
    return mod


@pytest.fixture
def fake(monkeypatch):
    """Route the cards family to the fake kernel; count its calls."""
    mod = fake_module()

    real = mod.standings

    @functools.wraps(real)
    def counted(results, **kw):
        mod.calls.append(sorted(map(str, results["event"].unique())))
        return real(results, **kw)

    mod.standings = counted
    monkeypatch.setitem(sys.modules, "fake_family", mod)
    monkeypatch.setitem(archive.FAMILIES, "cards", FamilySpec("cards", "fake_family", "standings"))
    return mod


def points_frame(n_events=12, seasons=("s1", "s2", "s3")) -> pd.DataFrame:
    rng = np.random.default_rng(0)
    rows = []
    for e in range(n_events):
        for p in range(4):
            for r in range(3):
                rows.append(
                    (seasons[e % len(seasons)], f"E{e:02d}", r + 1, f"P{p}", rng.integers(0, 3))
                )
    return pd.DataFrame(rows, columns=["season", "event", "round", "player", "points"])


def sort_rows(frame: pd.DataFrame, keys) -> pd.DataFrame:
    return frame.sort_values(keys, kind="stable").reset_index(drop=True)


def tree_digest(root: Path) -> dict[str, str]:
    """Every file under `root` with the hash of its bytes and its mtime."""
    out = {}
    for top, _, files in os.walk(root):
        for f in files:
            p = Path(top) / f
            out[str(p.relative_to(root))] = (
                hashlib.sha256(p.read_bytes()).hexdigest(),
                p.stat().st_mtime_ns,
            )
    return out


# --- round trips ---------------------------------------------------------------------------------


def test_round_trip_keeps_dtypes_and_rows(tmp_path):
    frame = fake_cards_frame()
    before = frame.copy()
    summary = write_archive(frame, tmp_path, family="cards", chunk_rows=20)
    pd.testing.assert_frame_equal(frame, before)  # the caller's frame is untouched
    assert summary["rows"].sum() == len(frame)
    assert list(summary["season"]) == ["2023/24", "2022/23"]  # category order
    back = read_archive(tmp_path, family="cards")
    assert list(back.columns) == list(frame.columns)
    pd.testing.assert_series_equal(back.dtypes, frame.dtypes)
    assert back["season"].cat.categories.tolist() == ["2023/24", "2022/23", "unused"]
    keys = ["event", "round", "player"]
    pd.testing.assert_frame_equal(sort_rows(back, keys), sort_rows(frame, keys))


FRAMES = {
    "chess": chess_season,
    "league": league_seasons,
    "bridge": bridge_frame,
    "bridge_teams": bridge_teams_frame,
    "cards": cards_seasons,
    "cards-every-dtype": fake_cards_frame,
}


@pytest.mark.parametrize("name", list(FRAMES))
def test_round_trip_every_family(tmp_path, name):
    family = name.split("-")[0]
    frame = FRAMES[name]()
    write_archive(frame, tmp_path, family=family, chunk_rows=50)
    back = read_archive(tmp_path, family=family)
    pd.testing.assert_series_equal(back.dtypes, frame.dtypes)
    keys = [c for c in frame.columns if c not in ("points", "ns_score")]
    pd.testing.assert_frame_equal(sort_rows(back, keys), sort_rows(frame, keys))
    # partitions: one folder per season, holding only that season's rows
    files = archive_files(tmp_path, family=family)
    seasons = {p["season"] for p in files["partition"]}
    assert seasons == set(map(str, frame["season"].unique()))
    for season in frame["season"].unique():
        part = read_archive(tmp_path, family=family, season=season)
        assert len(part) == int((frame["season"] == season).sum())
        assert (part["season"] == season).all()


def test_events_never_split_and_chunks_bounded(tmp_path):
    frame = chess_season(n_events=10)
    write_archive(frame, tmp_path, family="chess", chunk_rows=90)
    files = archive_files(tmp_path, family="chess")
    seen = {}
    for row in files.itertuples():
        events = pd.read_parquet(tmp_path / row.path, columns=["event"])["event"]
        for ev in events.unique():
            assert ev not in seen, f"event {ev} split between {seen.get(ev)} and {row.path}"
            seen[ev] = row.path
        # at most chunk_rows plus one event (40 rows) per file
        assert row.rows < 90 + 40
    assert len(seen) == 10
    assert len(files) > 2


def test_read_filters_columns_and_seasons(tmp_path):
    frame = chess_season()
    write_archive(frame, tmp_path, family="chess")
    two = read_archive(tmp_path, season=[2023, 2024], columns=["event", "points"])
    assert list(two.columns) == ["season", "event", "points"]
    assert len(two) == len(frame)
    some = read_archive(tmp_path, filters=[("season", "==", 2024), ("round", ">", 3)])
    expected = frame[(frame["season"] == 2024) & (frame["round"] > 3)]
    assert len(some) == len(expected) > 0
    assert some["season"].dtype == np.int64
    none = read_archive(tmp_path, season=1999)
    assert none.empty and list(none.columns) == list(frame.columns)
    write_archive(league_seasons(), tmp_path, family="league")
    with pytest.raises(ValueError, match="pass family="):
        read_archive(tmp_path)


def test_an_event_name_in_two_seasons_is_two_events(tmp_path):
    frame = chess_season()
    again = frame[frame["season"] == 2023].assign(season=2024)  # C00001.. played again in 2024
    both = pd.concat([frame, again], ignore_index=True)
    write_archive(both, tmp_path / "a", family="chess", chunk_rows=1)
    files = archive_files(tmp_path / "a")
    assert len(files) == 9  # one file per event and season
    recompute(tmp_path / "a", tmp_path / "o", progress=False)
    got = read_archive(tmp_path / "o", family="chess")
    want = chess.standings(frame[frame["season"] == 2023]).astype({"event": str})
    for season in (2023, 2024):
        mine = got[(got["season"] == season) & got["event"].isin(want["event"])]
        mine = mine.drop(columns="season").reset_index(drop=True).astype({"event": str})
        pd.testing.assert_frame_equal(mine, want)


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda f: f.assign(season=None), "missing value in column 'season'"),
        (lambda f: f.drop(columns="season"), "missing column"),
        (lambda f: f.drop(columns="event"), "missing column"),
        (lambda f: f.assign(season=1.5), "integers or strings"),
        (lambda f: f.assign(season=""), "empty value"),
        (lambda f: f.assign(season="x" * 300), "too long"),
    ],
)
def test_bad_partition_values_are_refused(tmp_path, change, message):
    with pytest.raises(ValidationError, match=message):
        write_archive(change(chess_season()), tmp_path, family="chess")


def test_write_modes(tmp_path):
    frame = chess_season()
    first = frame[frame["event"].isin(["C00001", "C00004"])]
    rest = frame[~frame["event"].isin(["C00001", "C00004"])]
    write_archive(first, tmp_path, family="chess")
    with pytest.raises(ValidationError, match="already exists"):
        write_archive(rest, tmp_path, family="chess", mode="error")
    write_archive(rest, tmp_path, family="chess", mode="append")
    assert len(read_archive(tmp_path)) == len(frame)
    with pytest.raises(ValidationError, match="already in the archive"):
        write_archive(first, tmp_path, family="chess", mode="append")
    # replace: the seasons written replace what was there, other seasons stay
    write_archive(first[first["season"] == 2023], tmp_path, family="chess")
    back = read_archive(tmp_path)
    assert set(back.loc[back["season"] == 2023, "event"]) == {"C00001"}
    assert len(back[back["season"] == 2024]) == int((frame["season"] == 2024).sum())
    with pytest.raises(ValidationError, match="partition column 'season' is (str|object)"):
        write_archive(first.assign(season="2025"), tmp_path, family="chess")


def test_seasons_differing_only_by_letter_case_are_refused(tmp_path):
    """ "Spring" and "spring" would be one folder on Windows and macOS."""
    frame = chess_season().assign(season="spring")
    with pytest.raises(ValidationError, match="differ only by letter case"):
        write_archive(frame.assign(season=np.where(frame["round"] == 1, "Spring", "spring")),
                      tmp_path / "a", family="chess")  # fmt: skip
    write_archive(frame, tmp_path / "b", family="chess")
    for mode in ("replace", "append", "error"):
        with pytest.raises(ValidationError, match="season=spring and family=chess/season=Spring"):
            write_archive(frame.assign(season="Spring"), tmp_path / "b", family="chess", mode=mode)
    assert set(read_archive(tmp_path / "b")["season"]) == {"spring"}  # untouched
    assert not (tmp_path / "a").exists() or not any((tmp_path / "a").rglob("*.parquet"))


def test_append_continues_a_league(tmp_path):
    frame = league_seasons()
    first = frame["tournament"].str.endswith(("E01", "E02"))  # each season's first evenings
    early, late = frame[first], frame[~first]
    root = tmp_path / "archive"
    write_archive(early, root, family="league")
    write_archive(late, root, family="league", mode="append")  # the next evenings
    assert len(archive_files(root)) == 2  # still one file per season: one league each
    with pytest.raises(ValidationError, match="tournament already in the archive"):
        write_archive(late, root, family="league", mode="append")
    recompute(root, tmp_path / "out", progress=False)
    pd.testing.assert_frame_equal(
        read_archive(tmp_path / "out", family="league"),
        league.history(frame).reset_index(drop=True),
        check_dtype=False,
    )
    # with a league column, a new league is added as new files, a league's next evening
    # rewrites the partition
    lg = frame.assign(league="Tue")
    write_archive(lg[first], tmp_path / "b", family="league")
    write_archive(lg.assign(league="Fri"), tmp_path / "b", family="league", mode="append")
    assert len(archive_files(tmp_path / "b")) == 4
    write_archive(lg[~first], tmp_path / "b", family="league", mode="append")
    back = read_archive(tmp_path / "b", family="league")
    both = pd.concat([lg, lg.assign(league="Fri")], ignore_index=True)
    keys = ["league", "tournament", "round", "match", "player"]
    pd.testing.assert_frame_equal(sort_rows(back, keys), sort_rows(both, keys))


def test_unknown_family_and_bad_names(tmp_path):
    with pytest.raises(ValueError, match="unknown family"):
        write_archive(chess_season(), tmp_path, family="../chess")
    with pytest.raises(ValueError, match="identifier"):
        write_archive(
            chess_season().assign(**{"a/b": 1}), tmp_path, family="chess", partition_cols=["a/b"]
        )


# --- hostile partition values --------------------------------------------------------------------


def test_hostile_partition_values_stay_inside(tmp_path):
    root = tmp_path / "a" / "archive"
    frame = points_frame(n_events=len(HOSTILE), seasons=HOSTILE)
    write_archive(frame, root, family="league", partition_cols=["season"])
    # every file is inside the archive, and one folder per value directly below family=league
    outside = [
        p for p in tmp_path.rglob("*") if not (str(p).startswith(str(root)) or p == root.parent)
    ]
    assert outside == []
    folders = sorted(p.name for p in (root / "family=league").iterdir())
    assert len(folders) == len(HOSTILE)
    assert all(name.startswith("season=") and "/" not in name for name in folders)
    back = read_archive(root, family="league")
    assert sorted(back["season"].unique()) == sorted(HOSTILE)
    for value in HOSTILE:
        assert len(read_archive(root, family="league", season=value)) == 12


def test_hostile_values_through_recompute(tmp_path, fake):
    root, out = tmp_path / "archive", tmp_path / "deep" / "out"
    frame = points_frame(n_events=len(HOSTILE), seasons=HOSTILE)
    write_archive(frame, root, family="cards")
    report = recompute(root, out, progress=False)
    assert report.ok and report.computed == len(HOSTILE)
    written = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert all(str(p).startswith((str(root), str(out))) for p in written)
    back = read_archive(out, family="cards")
    assert sorted(back["season"].unique()) == sorted(HOSTILE)
    # pyarrow's own hive reader decodes the folder names to the same values
    import pyarrow.dataset as pads

    ds = pads.dataset(out / "family=cards", format="parquet", partitioning="hive")
    assert sorted(set(ds.to_table(columns=["season"]).column("season").to_pylist())) == sorted(
        HOSTILE
    )


def test_symlinks_do_not_lead_outside(tmp_path, fake):
    root, out, elsewhere = tmp_path / "archive", tmp_path / "out", tmp_path / "elsewhere"
    elsewhere.mkdir()
    write_archive(points_frame(), root, family="cards")
    out.mkdir()
    (out / "family=cards").symlink_to(elsewhere, target_is_directory=True)
    with pytest.raises(ValueError, match="outside"):
        recompute(root, out, progress=False)
    (tmp_path / "archive2").mkdir()
    (tmp_path / "archive2" / "family=cards").symlink_to(elsewhere, target_is_directory=True)
    with pytest.raises(ValidationError, match="would leave"):
        write_archive(points_frame(), tmp_path / "archive2", family="cards")
    assert list(elsewhere.iterdir()) == []


# --- recompute -----------------------------------------------------------------------------------


def test_recompute_equals_family_functions(tmp_path):
    root, out = tmp_path / "archive", tmp_path / "out"
    chess_frame, league_frame = chess_season(), league_seasons()
    write_archive(chess_frame, root, family="chess", chunk_rows=100)
    write_archive(league_frame, root, family="league")
    config = {"chess": {"tiebreaks": ["BH/C1", "SB", "ARO"], "rules": "fide2024"}}
    report = recompute(root, out, config=config, progress=False)
    assert report.ok, report.summary()
    assert report.computed == len(archive_files(root)) and report.reused == 0

    got = read_archive(out, family="chess")
    want = chess.standings(chess_frame, tiebreaks=["BH/C1", "SB", "ARO"], rules="fide2024")
    assert list(got.columns) == ["season", *want.columns]
    season_of = chess_frame.drop_duplicates("event").set_index("event")["season"]
    assert (got["season"].to_numpy() == season_of.loc[got["event"]].to_numpy()).all()
    keys = ["event", "player"]
    pd.testing.assert_frame_equal(
        sort_rows(got.drop(columns="season"), keys).astype({"event": str}),
        sort_rows(want, keys).astype({"event": str}),
    )

    got = read_archive(out, family="league")
    want = league.history(league_frame)
    assert list(got.columns) == list(want.columns)
    pd.testing.assert_frame_equal(
        got.reset_index(drop=True), want.reset_index(drop=True), check_dtype=False
    )
    assert got["ranking"].notna().any()


@pytest.mark.parametrize(
    "rules",
    [
        "melee",
        {"name": "two-one", "win": 2, "draw": 1, "floor": 0.25, "order": ["match_points", "gwp"]},
    ],
    ids=["melee", "custom"],
)
def test_recompute_cards_equals_family_functions(tmp_path, rules):
    root, out = tmp_path / "archive", tmp_path / "out"
    frame = cards_seasons()
    write_archive(frame, root, family="cards", chunk_rows=60)
    assert len(archive_files(root)) > 2
    assert recompute(root, out, config={"cards": {"rules": rules}}, progress=False).ok
    got = read_archive(out, family="cards")
    want = cards.standings(frame, rules=rules if isinstance(rules, str) else cards.Rules(**rules))
    assert set(got["season"]) == {"2023", "2024"}
    keys = ["event", "player"]
    pd.testing.assert_frame_equal(
        sort_rows(got.drop(columns="season"), keys).astype({"event": str}),
        sort_rows(want, keys).astype({"event": str}),
    )
    with pytest.raises(ValueError, match="cards: rules: .*floor"):
        recompute(root, tmp_path / "o2", config={"cards": {"rules": {"floor": 2}}}, progress=False)


def test_recompute_bridge_equals_family_functions(tmp_path):
    root, out = tmp_path / "archive", tmp_path / "out"
    pairs, teams = bridge_frame(), bridge_teams_frame()
    write_archive(pairs, root, family="bridge")
    write_archive(teams, root, family="bridge_teams")
    config = {"bridge": {"scale": "half"}}
    assert recompute(root, out, config=config, progress=False).ok
    got = read_archive(out, family="bridge")
    want = bridge.session_standings(pairs, scale="half")
    assert set(got["season"]) == {"2022", "2023"}
    keys = ["event", "section", "line", "pair"]
    # bridge standings leave out the columns no session of theirs uses: the order of the
    # columns of a dataset of such tables is that of its files
    pd.testing.assert_frame_equal(
        sort_rows(got.drop(columns="season"), keys),
        sort_rows(want, keys),
        check_dtype=False,
        check_like=True,
    )
    got = read_archive(out, family="bridge_teams")
    want = bridge.team_standings(teams)
    pd.testing.assert_frame_equal(got.drop(columns="season"), want, check_dtype=False)


def test_league_leaderboard_table_and_league_column(tmp_path):
    root, out = tmp_path / "archive", tmp_path / "out"
    one = league_seasons()
    # two leagues in the same season, told apart by a league column
    frame = pd.concat(
        [one.assign(league="Tuesday"), one.assign(league="Friday")], ignore_index=True
    )
    write_archive(frame, root, family="league", chunk_rows=10)
    files = archive_files(root)
    assert len(files) == 4  # two seasons x two leagues, a league never split
    recompute(
        root, out, config={"league": {"table": "leaderboard", "prior_rounds": 3}}, progress=False
    )
    got = read_archive(out, family="league")
    want = league.leaderboard(frame, prior_rounds=3, by=["season", "league"])
    keys = ["season", "league", "player"]
    pd.testing.assert_frame_equal(
        sort_rows(got, keys)[want.columns], sort_rows(want, keys), check_dtype=False
    )


def test_bad_event_is_reported_and_the_rest_computed(tmp_path, capsys):
    root, out = tmp_path / "archive", tmp_path / "out"
    frame = chess_season()
    bad = (frame["event"] == "C00002") & (frame["round"] == 2) & (frame["kind"] == "played")
    frame.loc[frame.index[bad][0], "points"] = 1.0  # both sides of a game now won it
    frame.loc[frame.index[bad][1:], "points"] = 1.0
    write_archive(frame, root, family="chess")
    assert main(["recompute", str(root), "--out", str(out), "--quiet"]) == 1
    err = capsys.readouterr().err
    assert "1 bad event(s) skipped" in err and "event=C00002" in err and "season=2023" in err
    report = json.loads((out / "_report.json").read_text())
    assert not report["ok"] and len(report["errors"]) == 1
    error = report["errors"][0]
    assert error["unit"] == {"event": "C00002"} and error["partition"] == {"season": "2023"}
    assert error["type"] == "ValidationError" and "round=2" in error["error"]
    got = read_archive(out, family="chess")
    good = frame[frame["event"] != "C00002"]
    want = chess.standings(good)
    keys = ["event", "player"]
    assert set(got["event"]) == set(good["event"])
    pd.testing.assert_frame_equal(
        sort_rows(got.drop(columns="season"), keys).astype({"event": str}),
        sort_rows(want, keys).astype({"event": str}),
    )
    # a rerun keeps the complete partitions and still reports the bad event
    again = recompute(root, out, progress=False)
    assert again.computed == 0 and len(again.errors) == 1 and not again.ok


def test_isolating_bad_events_costs_few_calls(tmp_path, fake):
    frame = points_frame(n_events=16, seasons=("one",))
    frame.loc[frame["event"].isin(["E03", "E11"]), "points"] = -1
    write_archive(frame, tmp_path / "a", family="cards")
    report = recompute(tmp_path / "a", tmp_path / "o", progress=False)
    assert sorted(u["event"] for u in report.errors["unit"]) == ["E03", "E11"]
    assert len(fake.calls) < 16  # bisection, not one call per event
    got = read_archive(tmp_path / "o", family="cards")
    assert sorted(got["event"].unique()) == [f"E{i:02d}" for i in range(16) if i not in (3, 11)]


def test_strict_stops_at_first_bad_event(tmp_path, fake, capsys):
    frame = points_frame(n_events=9)
    frame.loc[frame["event"] == "E04", "points"] = -1  # season s2
    write_archive(frame, tmp_path / "a", family="cards")
    with pytest.raises(RecomputeError, match="E04") as info:
        recompute(tmp_path / "a", tmp_path / "o", strict=True, progress=False)
    report = info.value.report
    assert report.stopped and len(report.errors) == 1
    # s1 was done, s2 (the bad one) left for a rerun, s3 not started
    assert [c[0] for c in fake.calls if len(c) == 3] == ["E00", "E01"]
    assert not (tmp_path / "o" / "family=cards" / "season=s2").exists()
    assert not (tmp_path / "o" / "family=cards" / "season=s3").exists()
    code = main(
        ["recompute", str(tmp_path / "a"), "--out", str(tmp_path / "o"), "--strict", *IN_PROCESS]
    )
    assert code == 1
    assert "stopped at the first bad event" in capsys.readouterr().err


def test_strict_names_the_event_that_stopped_it(tmp_path, fake):
    frame = points_frame(n_events=9)
    frame.loc[frame["event"].isin(["E04", "E08"]), "points"] = -1  # seasons s2 and s3
    write_archive(frame, tmp_path / "a", family="cards")
    first = recompute(tmp_path / "a", tmp_path / "o", progress=False)
    assert sorted(u["event"] for u in first.errors["unit"]) == ["E04", "E08"]
    # a strict rerun stops at s2; s3's error of the previous run is still in the report
    with pytest.raises(RecomputeError, match="E04") as info:
        recompute(tmp_path / "a", tmp_path / "o", strict=True, force=True, progress=False)
    assert "E08" not in str(info.value)
    assert sorted(u["event"] for u in info.value.report.errors["unit"]) == ["E04", "E08"]


def test_resume_after_interruption(tmp_path, fake, monkeypatch):
    root, out = tmp_path / "archive", tmp_path / "out"
    frame = points_frame(n_events=12)
    write_archive(frame, root, family="cards", chunk_rows=24)  # 2 events per file, 6 files
    assert len(archive_files(root)) == 6
    real = fake.standings
    count = {"n": 0}

    def crashing(results, **kw):
        count["n"] += 1
        if count["n"] == 4:
            raise KeyboardInterrupt  # the user presses Ctrl-C during the 4th file
        return real(results, **kw)

    monkeypatch.setattr(fake, "standings", crashing)
    with pytest.raises(KeyboardInterrupt):
        recompute(root, out, progress=False)
    assert len(list(out.rglob("*.parquet"))) == 3
    report = json.loads((out / "_report.json").read_text())
    assert report["incomplete"] == 3 and not report["ok"]
    monkeypatch.setattr(fake, "standings", real)
    fake.calls.clear()
    report = recompute(root, out, progress=False)
    assert report.ok and (report.computed, report.reused) == (3, 3)
    assert len(fake.calls) == 3
    clean = recompute(root, tmp_path / "clean", progress=False)
    assert clean.ok
    pd.testing.assert_frame_equal(
        read_archive(out, family="cards"), read_archive(tmp_path / "clean", family="cards")
    )


CRASH = """
import os, signal, sys
sys.path[:0] = [{root!r}, {tests!r}]
import pyarrow.parquet as pq
from tourneystats import archive
from test_archive import fake_module

sys.modules["fake_family"] = fake_module()
archive.FAMILIES["cards"] = archive.FamilySpec("cards", "fake_family", "standings")
calls = []
real_write = pq.write_table
def write_table(table, where, *a, **k):
    real_write(table, where, *a, **k)
    calls.append(where)
    if len(calls) == {n}:  # killed with an output written under its temporary name
        os.kill(os.getpid(), signal.SIGKILL)
pq.write_table = write_table
archive.recompute({archive_dir!r}, {out!r}, progress=False)
"""


def test_resume_after_kill(tmp_path):
    root, out = tmp_path / "archive", tmp_path / "out"
    write_archive(points_frame(n_events=12), root, family="cards", chunk_rows=24)
    before = tree_digest(root)
    code = CRASH.format(
        root=str(ROOT), tests=str(ROOT / "tests"), n=3, archive_dir=str(root), out=str(out)
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == -9, done.stderr
    leftovers = [p.name for p in out.rglob(".*.tmp")]
    assert len(leftovers) == 1  # the temporary file of the killed write
    assert len(list(out.rglob("part-*.parquet"))) == 2
    # rerun (in this process, with the same fake kernel): the rest is computed, the debris removed
    mod = fake_module()
    sys.modules["fake_family"] = mod
    try:
        spec = FamilySpec("cards", "fake_family", "standings")
        old = archive.FAMILIES["cards"]
        archive.FAMILIES["cards"] = spec
        try:
            report = recompute(root, out, progress=False)
        finally:
            archive.FAMILIES["cards"] = old
    finally:
        del sys.modules["fake_family"]
    assert report.ok and (report.computed, report.reused) == (4, 2)
    assert list(out.rglob(".*.tmp")) == []
    assert len(read_archive(out, family="cards")) == 12 * 4
    assert tree_digest(root) == before  # the archive was never written to


def test_resume_notices_changed_inputs_and_options(tmp_path, fake):
    root, out = tmp_path / "archive", tmp_path / "out"
    frame = points_frame(n_events=6)
    write_archive(frame, root, family="cards")
    assert recompute(root, out, progress=False).computed == 3
    assert recompute(root, out, progress=False).computed == 0
    assert recompute(root, out, progress=False, force=True).computed == 3
    # new options for the family: everything of the family is recomputed
    report = recompute(root, out, config={"cards": {"bonus": 10}}, progress=False)
    assert report.computed == 3
    assert read_archive(out, family="cards")["points"].min() >= 10
    # one season rewritten: only that partition
    write_archive(frame[frame["season"] == "s2"], root, family="cards")
    report = recompute(root, out, config={"cards": {"bonus": 10}}, progress=False)
    assert (report.computed, report.reused) == (1, 2)
    # a season removed from the archive: its output goes too
    shutil.rmtree(root / "family=cards" / "season=s3")
    report = recompute(root, out, config={"cards": {"bonus": 10}}, progress=False)
    assert report.removed == 1 and report.partitions == 2
    assert set(read_archive(out, family="cards")["season"]) == {"s1", "s2"}


def test_input_never_written_and_nested_folders_refused(tmp_path, fake):
    root = tmp_path / "archive"
    write_archive(points_frame(), root, family="cards")
    before = tree_digest(root)
    recompute(root, tmp_path / "out", progress=False)
    recompute(root, tmp_path / "out", progress=False, force=True)
    assert tree_digest(root) == before
    for bad in (root, root / "family=cards" / "out", tmp_path):
        with pytest.raises(ValueError, match="outside the archive"):
            recompute(root, bad, progress=False)
    assert tree_digest(root) == before


def test_config_files(tmp_path, fake):
    toml = tmp_path / "rules.toml"
    toml.write_text('[cards]\nbonus = 2\n\n[chess]\nrules = "fide2009"\ntiebreaks = ["BH"]\n')
    cfg = load_config(toml)
    assert cfg == {"cards": {"bonus": 2}, "chess": {"rules": "fide2009", "tiebreaks": ["BH"]}}
    js = tmp_path / "rules.json"
    js.write_text(json.dumps(cfg))
    assert load_config(js) == cfg
    root = tmp_path / "archive"
    write_archive(points_frame(), root, family="cards")
    assert (
        main(
            [
                "recompute",
                str(root),
                "--out",
                str(tmp_path / "o"),
                "--config",
                str(toml),
                *IN_PROCESS,
            ]
        )
        == 0
    )
    assert (read_archive(tmp_path / "o", family="cards")["points"] >= 2).all()
    with pytest.raises(ValueError, match="unknown family"):
        load_config({"poker": {}})
    with pytest.raises(ValueError, match="cards: .*nonsense"):
        recompute(root, tmp_path / "o2", config={"cards": {"nonsense": 1}}, progress=False)
    with pytest.raises(ValueError, match="not supported"):
        recompute(root, tmp_path / "o2", config={"cards": {"by": "season"}}, progress=False)
    (tmp_path / "rules.yaml").write_text("cards: {}")
    with pytest.raises(ValueError, match=".json or .toml"):
        load_config(tmp_path / "rules.yaml")


def test_cli_set_options_and_errors(tmp_path, fake, capsys):
    root = tmp_path / "archive"
    write_archive(points_frame(), root, family="cards")
    out = tmp_path / "o"
    assert (
        main(["recompute", str(root), "--out", str(out), "--set", "cards.bonus=5", *IN_PROCESS])
        == 0
    )
    printed = capsys.readouterr().out
    assert "3 computed" in printed and str(out.resolve()) in printed
    assert (read_archive(out, family="cards")["points"] >= 5).all()
    assert main(["recompute", str(root), "--out", str(out), "--set", "cards=5"]) == 2
    assert "FAMILY.KEY=VALUE" in capsys.readouterr().err
    assert main(["recompute", str(tmp_path / "none"), "--out", str(out)]) == 1
    assert "no archive folder" in capsys.readouterr().err


def test_progress_bar(tmp_path, fake, capsys):
    root = tmp_path / "archive"
    write_archive(points_frame(), root, family="cards")
    recompute(root, tmp_path / "o", progress=True)
    assert "recompute" in capsys.readouterr().err
    recompute(root, tmp_path / "o2", progress=False)
    assert capsys.readouterr().err == ""


def test_dask_missing_says_how_to_install(tmp_path, fake, monkeypatch, capsys):
    root = tmp_path / "archive"
    write_archive(points_frame(), root, family="cards")
    monkeypatch.setitem(sys.modules, "dask", None)
    monkeypatch.setitem(sys.modules, "dask.dataframe", None)
    with pytest.raises(ImportError, match=r"pip install 'tourneystats\[dask\]'"):
        recompute(root, tmp_path / "o", engine="dask", progress=False)
    code = main(["recompute", str(root), "--out", str(tmp_path / "o"), "--engine", "dask"])
    assert code == 2
    assert "pip install 'tourneystats[dask]'" in capsys.readouterr().err


# --- import --------------------------------------------------------------------------------------


def test_import_folder(tmp_path, capsys):
    src = tmp_path / "src"
    (src / "chess" / "2019").mkdir(parents=True)
    for name in ("buchholz_1.trf", "buchholz_2.trf", "tournament_1.txt"):
        shutil.copy(DATA / "chess" / name, src / "chess" / "2019" / name)
    (src / "2022").mkdir()
    shutil.copy(DATA / "bridge" / "usebio-mp-pairs-howell.xml", src / "2022" / "howell.xml")
    shutil.copy(DATA / "bridge" / "usebio-butler-mitchell.xml", src / "2022" / "butler.xml")
    (src / "bridge" / "2021").mkdir(parents=True)
    shutil.copy(DATA / "bridge" / "pbn-teams-imps.pbn", src / "bridge" / "2021" / "teams.pbn")
    (src / "league" / "2024").mkdir(parents=True)
    shutil.copy(
        ROOT / "data" / "league" / "worked-example.csv", src / "league" / "2024" / "evenings.csv"
    )
    (src / "cards" / "2023").mkdir(parents=True)
    for name in ("melee-14643-matches.csv", "melee-14643-standings.csv"):
        shutil.copy(DATA / "cards" / name, src / "cards" / "2023" / name)
    (src / "2022" / "notes.md").write_text("not results")
    (src / "2022" / "broken.trf").write_text("001 garbage line\n")
    before = tree_digest(src)

    root = tmp_path / "archive"
    code = main(["import", str(src), str(root), "--season-from-folder", "--quiet"])
    assert code == 1  # the broken file
    err = capsys.readouterr().err
    assert "broken.trf" in err and "1 file(s) skipped" in err
    assert "1 table(s) ignored (not results): cards/2023/melee-14643-standings.csv" in err
    assert tree_digest(src) == before
    files = archive_files(root)
    assert set(files["family"]) == {"cards", "chess", "bridge", "bridge_teams", "league"}
    chess_back = read_archive(root, family="chess")
    assert set(chess_back["season"]) == {"2019"}
    assert chess_back["event"].nunique() == 3
    assert {"rating", "date"} <= set(chess_back.columns)
    assert set(read_archive(root, family="bridge")["season"]) == {"2022"}
    assert set(read_archive(root, family="league")["season"]) == {"2024"}

    # the archive recomputes to what the family computes from the files themselves
    out = tmp_path / "out"
    config = {"chess": {"tiebreaks": ["BH", "ARO"]}, "cards": {"rules": "melee"}}
    recompute(root, out, config=config, progress=False)
    # melee.gg's published standings, reproduced through the archive
    got = read_archive(out, family="cards")
    published = pd.read_csv(DATA / "cards" / "melee-14643-standings.csv")
    assert got["player"].tolist() == published["player"].tolist()
    assert got["rank"].tolist() == published["rank"].tolist()
    assert got["match_points"].tolist() == published["match_points"].tolist()
    for theirs, ours in (("omw", "omwp"), ("gw", "gwp"), ("ogw", "ogwp")):
        assert np.abs(got[ours] - published[theirs]).max() <= 1e-6
    got = read_archive(out, family="chess")
    for name in ("buchholz_1", "tournament_1"):
        path = src / "chess" / "2019" / (name + (".txt" if name.startswith("t") else ".trf"))
        want = chess.standings_from_path(path, tiebreaks=["BH", "ARO"])
        mine = got[got["event"] == name].drop(columns="season").reset_index(drop=True)
        mine = mine.dropna(axis=1, how="all")  # (a column another event of the archive has)
        assert "name" in mine.columns  # the players' names and ids kept, not their ratings
        want = want.drop(columns=[c for c in PEOPLE if c in want.columns and c not in mine])
        pd.testing.assert_frame_equal(mine.astype({"event": str}), want.astype({"event": str}))
    want = league.history(read_archive(root, family="league").drop(columns="season"))
    pd.testing.assert_frame_equal(
        read_archive(out, family="league").drop(columns="season"), want, check_dtype=False
    )
    got = read_archive(out, family="bridge").drop(columns="season")
    want = pd.concat(
        [bridge.standings_from_path(src / "2022" / f) for f in ("butler.xml", "howell.xml")],
        ignore_index=True,
    )  # the archive keeps the pairs' names with their boards
    keys = ["event", "section", "line", "pair"]
    pd.testing.assert_frame_equal(
        sort_rows(got, keys), sort_rows(want, keys), check_dtype=False, check_like=True
    )
    got = read_archive(out, family="bridge_teams").drop(columns="season")
    want = bridge.team_standings_from_path(src / "bridge" / "2021" / "teams.pbn")
    pd.testing.assert_frame_equal(got, want, check_dtype=False)
    assert len(got) > 2 and got["names"].notna().all()


def test_import_ignores_published_standings_that_count_wins_losses_and_draws(tmp_path, capsys):
    """A published standings table counts each player's or team's wins, draws and losses: it
    holds no rounds nor players, so it is no cards results table (it was read as one, and
    refused: "cannot tell the season"); it is ignored and listed, the results beside it
    imported."""
    src = tmp_path / "src"
    src.mkdir()
    shutil.copy(DATA / "cards" / "melee-14643-matches.csv", src / "matches.csv")
    shutil.copy(DATA / "chess" / "teams" / "friendship2024-standings.csv", src / "teams.csv")
    root = tmp_path / "archive"
    assert main(["import", str(src), str(root), "--season", "2023", "--quiet"]) == 0
    listed = json.loads((root / "_import_report.json").read_text())["files"]
    assert {f["path"]: f["status"] for f in listed} == {
        "matches.csv": "imported",
        "teams.csv": "ignored",
    }
    back = read_archive(root, family="cards")
    assert len(back) == len(pd.read_csv(src / "matches.csv"))


def test_import_reads_league_tables_as_the_league_family(tmp_path):
    # two league files without a league column in one season: two leagues, as league.read_results
    # (and the CLI) read them, not one league (their tournament ids would clash)
    src = tmp_path / "src" / "league" / "2024"
    src.mkdir(parents=True)
    for name in ("tuesday.csv", "friday.csv"):
        shutil.copy(ROOT / "data" / "league" / "worked-example.csv", src / name)
    report = import_folder(
        tmp_path / "src", tmp_path / "archive", season_from_folder=True, progress=False
    )
    assert report.ok, report.summary()
    back = read_archive(tmp_path / "archive", family="league")
    assert sorted(back["league"].unique()) == ["friday", "tuesday"]
    assert back["league"].value_counts().to_dict() == {"friday": 36, "tuesday": 36}
    assert recompute(tmp_path / "archive", tmp_path / "out", progress=False).ok
    got = read_archive(tmp_path / "out", family="league")
    assert set(got["season"]) == {"2024"}
    want = league.history_from_path(src)
    keys = ["league", "tournament", "player"]
    # bridge standings leave out the columns no session of theirs uses: the order of the
    # columns of a dataset of such tables is that of its files
    pd.testing.assert_frame_equal(
        sort_rows(got.drop(columns="season"), keys),
        sort_rows(want, keys),
        check_dtype=False,
        check_like=True,
    )


def test_import_refuses_the_same_event_twice(tmp_path):
    src = tmp_path / "src" / "chess" / "2020"
    src.mkdir(parents=True)
    shutil.copy(DATA / "chess" / "buchholz_1.trf", src / "buchholz_1.trf")
    (src / "again").mkdir()
    shutil.copy(DATA / "chess" / "buchholz_1.trf", src / "again" / "buchholz_1.trf")
    report = import_folder(
        tmp_path / "src", tmp_path / "archive", season_from_folder=True, progress=False
    )
    assert len(report.errors) == 1 and "also in" in report.errors["message"].iloc[0]
    with pytest.raises(ValidationError, match="also in"):
        import_folder(
            tmp_path / "src",
            tmp_path / "archive2",
            strict=True,
            season_from_folder=True,
            progress=False,
        )


def test_import_reads_a_final_score_only_league_table(tmp_path):
    # a league file with final scores only (no round, team or target columns) is league results
    src = tmp_path / "src" / "2025"
    src.mkdir(parents=True)
    finals = pd.DataFrame(
        {
            "tournament": ["T1"] * 4 + ["T2"] * 3,
            "date": ["2025-01-08"] * 4 + ["2025-01-15"] * 3,
            "player": ["Anna", "Bo", "Cia", "Dan", "Anna", "Cia", "Dan"],
            "points": [30, 12, 25, 17, 21, 28, 14],
        }
    )
    finals.to_csv(src / "thursday.csv", index=False)
    report = import_folder(
        tmp_path / "src", tmp_path / "archive", season_from_folder=True, progress=False
    )
    assert report.ok, report.summary()
    assert report.files["family"].tolist() == ["league"]
    assert recompute(tmp_path / "archive", tmp_path / "out", progress=False).ok
    got = read_archive(tmp_path / "out", family="league")
    want = league.history_from_path(src / "thursday.csv")
    keys = ["league", "tournament", "player"]
    # bridge standings leave out the columns no session of theirs uses: the order of the
    # columns of a dataset of such tables is that of its files
    pd.testing.assert_frame_equal(
        sort_rows(got.drop(columns="season"), keys),
        sort_rows(want, keys),
        check_dtype=False,
        check_like=True,
    )
    assert len(got) == 4 + 4  # every player after each of the two tournaments


def _import_sources(src: Path) -> None:
    for season in ("2019", "2020"):
        (src / "chess" / season).mkdir(parents=True)
    for name in ("buchholz_1.trf", "buchholz_2.trf"):
        shutil.copy(DATA / "chess" / name, src / "chess" / "2019" / name)
    shutil.copy(DATA / "chess" / "tournament_1.txt", src / "chess" / "2020" / "tournament_1.txt")
    (src / "2022").mkdir()
    shutil.copy(DATA / "bridge" / "usebio-mp-pairs-howell.xml", src / "2022" / "howell.xml")
    shutil.copy(DATA / "bridge" / "usebio-butler-mitchell.xml", src / "2022" / "butler.xml")
    (src / "league" / "2024").mkdir(parents=True)
    shutil.copy(ROOT / "data" / "league" / "worked-example.csv", src / "league" / "2024" / "a.csv")


def test_bridge_archive_standings_name_the_pairs_and_refuse_two_names_of_a_pair():
    rows = pd.DataFrame(
        {"event": "E", "board": [1, 1, 2, 2], "ns_pair": [1, 2, 1, 2], "ew_pair": [3, 4, 4, 3],
         "ns_score": [420, 450, -50, 100], "ns_names": ["A & B", "C & D", "A & B", "C & D"],
         "ew_names": ["E & F", "G & H", "G & H", "E & F"]}
    )  # fmt: skip
    table = bridge.archive_standings(rows)
    assert dict(zip(table["pair"], table["names"], strict=True)) == {
        1: "A & B", 2: "C & D", 3: "E & F", 4: "G & H"
    }  # fmt: skip
    plain = bridge.standings(rows.drop(columns=["ns_names", "ew_names"]))
    pd.testing.assert_frame_equal(table.drop(columns="names"), plain)
    wrong = rows.assign(ew_names=["E & F", "G & H", "G & H", "E & X"])
    with pytest.raises(ValidationError, match="a pair with two different names in one event"):
        bridge.archive_standings(wrong)


def test_chess_archive_standings_refuses_a_player_with_two_names_in_an_event():
    rows = pd.DataFrame(
        {"event": "E", "round": [1, 1, 2, 2], "player": [1, 2, 1, 2], "opponent": [2, 1, 2, 1],
         "colour": ["w", "b", "b", "w"], "points": [1.0, 0.0, 0.5, 0.5], "kind": "played",
         "name": ["Ann", "Bo", "Anne", "Bo"]}
    )  # fmt: skip
    with pytest.raises(ValidationError, match="two different name values in one event"):
        chess.archive_standings(rows)
    same = rows.assign(name=rows["name"].replace("Anne", "Ann"))
    table = chess.archive_standings(same, tiebreaks=["BH"])
    assert table[["player", "name", "rank"]].values.tolist() == [[1, "Ann", 1], [2, "Bo", 2]]
    plain = chess.standings(same.drop(columns="name"), tiebreaks=["BH"])
    pd.testing.assert_frame_equal(table.drop(columns="name"), plain)


@pytest.mark.parametrize("trf_batch", [1, 1000])
def test_import_in_small_batches_builds_the_same_archive(tmp_path, monkeypatch, trf_batch):
    """Sources go through the staging archive in batches of chunk_rows rows, the TRF files of a
    folder read together: any batch size gives the same archive content and report, and no
    staging folder is left behind."""
    src = tmp_path / "src"
    _import_sources(src)
    whole = import_folder(
        src, tmp_path / "whole", chunk_rows=10**9, season_from_folder=True, progress=False
    )
    monkeypatch.setattr(archive.sources, "_TRF_BATCH", trf_batch)
    small = import_folder(
        src, tmp_path / "small", chunk_rows=1, season_from_folder=True, progress=False
    )
    assert whole.ok and small.ok
    pd.testing.assert_frame_equal(small.files, whole.files)
    for family in ("chess", "bridge", "league"):
        pd.testing.assert_frame_equal(
            read_archive(tmp_path / "small", family=family),
            read_archive(tmp_path / "whole", family=family),
        )
    for root in (tmp_path / "whole", tmp_path / "small"):
        assert not [p for p in root.iterdir() if p.name.startswith(".")]
    assert small.written["rows"].sum() == whole.written["rows"].sum()


def test_import_touches_the_archive_only_after_reading_every_file(tmp_path):
    src = tmp_path / "src"
    _import_sources(src)
    (src / "chess" / "2020" / "broken.trf").write_text("001 garbage line\n")
    shutil.copy(DATA / "chess" / "buchholz_2.trf", src / "chess" / "2020" / "other.trf")
    report = import_folder(
        src, tmp_path / "lenient", season_from_folder=True, progress=False
    )  # the TRF batch fails:
    errors = report.files[report.files["status"] == "error"]  # its files are read one by one
    assert errors["path"].tolist() == ["chess/2020/broken.trf"]
    assert "chess/2020/other.trf" in report.files["path"].tolist()
    assert set(read_archive(tmp_path / "lenient", family="chess")["event"]) == {
        "buchholz_1", "buchholz_2", "other", "tournament_1"
    }  # fmt: skip
    root = tmp_path / "archive"
    with pytest.raises(ValidationError):
        import_folder(src, root, strict=True, chunk_rows=1, season_from_folder=True, progress=False)
    assert not any(root.rglob("*.parquet"))  # staged batches were dropped, nothing written

    (src / "chess" / "2020" / "broken.trf").unlink()
    assert import_folder(src, root, season_from_folder=True, progress=False).ok
    before = tree_digest(root)
    # mode="error": one season already there refuses the whole import before any write
    (src / "chess" / "2021").mkdir()
    shutil.copy(DATA / "chess" / "buchholz_1.trf", src / "chess" / "2021" / "again.trf")
    with pytest.raises(ValidationError, match="already exists"):
        import_folder(src, root, mode="error", season_from_folder=True, progress=False)
    assert tree_digest(root) == before


def test_imported_round_robin_recomputes_as_one(tmp_path):
    """A TRF whose 092 record says "Round robin" keeps saying so in the archive: its forfeit
    (#6 beat #5 by forfeit in round 4) counts as a played game, as chess.standings counts it."""
    src = tmp_path / "src" / "2023"
    src.mkdir(parents=True)
    shutil.copy(DATA / "chess" / "tec" / "ex14.trf", src / "ex14.trf")
    assert import_folder(
        tmp_path / "src", tmp_path / "archive", season_from_folder=True, progress=False
    ).ok
    assert set(read_archive(tmp_path / "archive", family="chess")["type"]) == {"Round robin"}
    config = {"chess": {"tiebreaks": ["ARO"], "rules": "fide2024"}}
    assert recompute(tmp_path / "archive", tmp_path / "out", config=config, progress=False).ok
    aro = read_archive(tmp_path / "out", family="chess").set_index("player")["ARO"]
    want = chess.standings_from_path(src / "ex14.trf", tiebreaks=["ARO"], rules="fide2024")
    assert aro[6] == want.set_index("player")["ARO"][6] == 2090  # 2125 if it were a Swiss


def test_import_stages_files_as_one_write_cuts_them(tmp_path, monkeypatch):
    """TRF batches (5 files of 40 rows here) carry their last, incomplete file's events over to
    the next batch: the season gets the files a single write gives (160, 160, 160 rows for
    chunk_rows=150), not a small remainder file per batch (160, 40, 160, 40, 80)."""
    from tourneystats.chess import write_trf

    src = tmp_path / "src" / "2019"
    frame = chess_season(n_events=12).drop(columns="season")  # events of 40 rows
    write_trf(frame, None, None, src)
    monkeypatch.setattr(archive.sources, "_TRF_BATCH", 5)
    imported = import_folder(
        tmp_path / "src", tmp_path / "a", chunk_rows=150, season_from_folder=True, progress=False
    )
    assert imported.ok
    whole = read_archive(tmp_path / "a", family="chess")
    write_archive(whole, tmp_path / "b", family="chess", chunk_rows=150)
    sizes = archive_files(tmp_path / "a")["rows"].tolist()
    assert sizes == archive_files(tmp_path / "b")["rows"].tolist() == [160, 160, 160]


def test_concat_keeps_categoricals_whose_categories_differ_in_dtype():
    """Parts read by different readers: categories as str in one, as object in another."""
    a = pd.DataFrame({"event": pd.Categorical(["x", "y"]), "n": [1, 2]})
    b = pd.DataFrame({"event": pd.Categorical(pd.Index(["z", "x"], dtype=object)), "n": [3, 4]})
    out = archive.dataset._concat([a, b])
    assert isinstance(out["event"].dtype, pd.CategoricalDtype)
    assert out["event"].astype(str).tolist() == ["x", "y", "z", "x"]
    assert list(out["event"].cat.categories) == ["x", "y", "z"]  # in order of appearance
    assert out["n"].tolist() == [1, 2, 3, 4]


# --- refusing what cannot be right ---------------------------------------------------------------


@pytest.mark.parametrize("where", ["same", "inside", "around"])
def test_import_refuses_an_archive_in_its_own_source_folder(tmp_path, capsys, where):
    src = tmp_path / "src"
    (src / "2024").mkdir(parents=True)
    shutil.copy(DATA / "chess" / "buchholz_1.trf", src / "2024" / "open.trf")
    root = {"same": src, "inside": src / "archive", "around": tmp_path}[where]
    before = tree_digest(tmp_path)
    assert main(["import", str(src), str(root), "--season-from-folder", "--quiet"]) == 1
    err = capsys.readouterr().err
    assert "must not be" in err and str(src) in err
    assert tree_digest(tmp_path) == before


def test_import_of_nothing_importable_is_an_error(tmp_path, capsys):
    src = tmp_path / "src"
    src.mkdir()
    (src / "notes.md").write_text("no results here")
    pd.DataFrame({"name": ["x"]}).to_csv(src / "lookup.csv", index=False)
    assert (
        main(
            [
                "import",
                str(src),
                str(tmp_path / "archive"),
                "--season",
                "1",
                "--quiet",
            ]
        )
        == 1
    )
    err = capsys.readouterr().err
    assert f"{src}: nothing to import: 2 file(s), none of them results" in err
    assert not (tmp_path / "archive").exists() or not list((tmp_path / "archive").iterdir())


def test_import_writes_whole_number_seasons_without_a_decimal_point(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    league_rows = pd.read_csv(ROOT / "data" / "league" / "worked-example.csv")
    # a CSV season column with a gap is read as floats (2024.0); the gap itself is refused
    league_rows.assign(season=2024.0).to_csv(src / "evenings.csv", index=False)
    report = import_folder(src, tmp_path / "archive", season_from_folder=True, progress=False)
    assert report.ok
    assert set(read_archive(tmp_path / "archive", family="league")["season"]) == {"2024"}
    gap = league_rows.assign(season=[2024.0] * (len(league_rows) - 1) + [None])
    gap.to_csv(src / "evenings.csv", index=False)
    report = import_folder(src, tmp_path / "archive2", season_from_folder=True, progress=False)
    assert not report.ok
    assert "missing value in column 'season'" in report.errors["message"].iloc[0]


def test_recompute_lists_an_unreadable_archive_file_and_computes_the_rest(tmp_path, capsys):
    from tourneystats import synth

    results, _ = synth.chess_swiss(6, 8, 4, seed=3)
    root, out = tmp_path / "archive", tmp_path / "out"
    write_archive(results.assign(season=2024), root, family="chess", chunk_rows=64)
    files = archive_files(root)
    broken = root / files["path"].iloc[1]
    broken.write_bytes(broken.read_bytes()[:100])  # a cut copy: no footer
    assert main(["recompute", str(root), "--out", str(out), "--quiet"]) == 1
    err = capsys.readouterr().err
    assert "not a readable Parquet file" in err and files["path"].iloc[1] in err
    report = json.loads((out / "_report.json").read_text())
    assert not report["ok"] and len(report["errors"]) == 1
    assert report["errors"][0]["path"] == files["path"].iloc[1]
    assert len(archive_files(out)) == len(files) - 1  # the rest computed


def test_season_labels_are_kept_as_given(tmp_path):
    """A season column read as text: "2023. " stays "2023. " (its folder name encodes the dot
    and the space, which Windows would drop), as a season folder's name does."""
    src = tmp_path / "src"
    (src / "cards").mkdir(parents=True)
    rows = pd.read_csv(ROOT / "data" / "cards" / "melee-14643-matches.csv")
    rows.assign(season="2023. ").to_csv(src / "cards" / "m.csv", index=False)
    assert import_folder(src, tmp_path / "archive", season_from_folder=True, progress=False).ok
    assert [p.name for p in (tmp_path / "archive" / "family=cards").iterdir()] == [
        "season=2023%2E%20"
    ]
    back = read_archive(tmp_path / "archive", family="cards")
    assert set(back["season"]) == {"2023. "}
    assert len(read_archive(tmp_path / "archive", family="cards", season="2023. ")) == len(rows)


def test_unknown_options_name_the_valid_ones(tmp_path, capsys):
    """--set and configuration files: an unknown key names the family's options; a JSON key
    given twice with different values is refused at its path."""
    root = tmp_path / "archive"
    src = tmp_path / "src" / "league" / "2024"
    src.mkdir(parents=True)
    shutil.copy(ROOT / "data" / "league" / "worked-example.csv", src / "evenings.csv")
    assert import_folder(tmp_path / "src", root, season_from_folder=True, progress=False).ok
    out = str(tmp_path / "o")
    assert main(["recompute", str(root), "--out", out, "--set", "league.nosuch=1"]) == 2
    err = capsys.readouterr().err
    assert (
        "--set league.nosuch=1: unknown option(s) 'nosuch'; the league options are prior_ro" in err
    )
    assert "unexpected keyword" not in err
    config = tmp_path / "c.json"
    config.write_text('{"league": {"prior_rounds": 5, "prior_rounds": 0}}')
    assert main(["recompute", str(root), "--out", out, "--config", str(config)]) == 1
    err = capsys.readouterr().err
    assert f"--config {config}: league: the key 'prior_rounds' is given twice" in err


# MTG JSON files of four publishers (tests/data/README.md), two with a top cut written as Swiss
# rounds, none with a bracket named Quarterfinals, Semifinals, Finals
PUBLISHED = ["122-the-122nd-legacy-at-home-149036-2024-09-14.json",  # melee.gg, Sept. 2024
             "anz-super-series-cycle-8-regional-championships-sydney-modern-123662-2025-03-07.json",
             "sanremo-pauper-league-6a-tappa-284380-2025-04-12.json",  # a top cut from round 5
             "semanal-pauper-86862-2024-04-26.json",  # melee.gg, April 2024
             "lotus-open-standard-2VDFnu2SM0GienGYTPiF-2024-05-26.json",  # topdeck.gg: no games
             "fuguete-league-214-2025-03-05.json",  # CardsRealm, March 2025
             "tropical-pauper-241-2025-06-28.json",
             "fuguete-champ-239-2025-05-19.json"]  # CardsRealm's old format after its switch  # fmt: skip


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_recompute_of_imported_json_follows_each_publisher(tmp_path):
    # import keeps each event's platform, date and game_scores on its rows, so recompute
    # computes it as standings_from_path does: the publisher's preset of that date, and no game
    # values where the file has none (topdeck.gg's 1-0-0 rows are matches, not games)
    data = Path(__file__).parent / "data" / "cards" / "mtgjson"
    archive, _ = _imported(tmp_path, PUBLISHED)
    assert recompute(archive, tmp_path / "out", progress=False).ok
    got = read_archive(tmp_path / "out", family="cards").drop(columns="season")
    want = pd.concat([cards.standings_from_path(data / n) for n in PUBLISHED], ignore_index=True)
    keys = ["event", "player"]
    pd.testing.assert_frame_equal(
        sort_rows(got, keys).astype({"event": str, "player": str}),
        sort_rows(want, keys).astype({"event": str, "player": str}),
        check_dtype=False,
    )
    cut = got[got["event"].astype(str).str.startswith("anz-")]  # March 2025: melee2024, cut
    swiss = cards.standings(cards.read_results(data / PUBLISHED[1]), rules="melee2024")
    assert (
        sort_rows(cut, keys)["omwp"].to_numpy() != sort_rows(swiss, keys)["omwp"].to_numpy()
    ).any()
    topdeck = got["event"].astype(str).str.startswith("lotus-open")
    assert topdeck.any() and got.loc[topdeck, "gwp"].isna().all()
    old_format = got[got["event"].astype(str).str.startswith("fuguete-champ-239")]
    as_old = cards.standings_from_path(data / PUBLISHED[-1], rules="cardsrealm")
    assert sort_rows(old_format, keys)["rank"].tolist() == sort_rows(as_old, keys)["rank"].tolist()
    melee = got["event"].astype(str).str.startswith("122-")
    assert got.loc[melee, "omwp"].min() >= 1 / 3  # melee.gg's floor, not Appendix C's 0.33
    # named rules hold for every event, and still no game values where there are no games
    config = {"cards": {"rules": "mtg"}}
    assert recompute(tmp_path / "archive", tmp_path / "mtg", config=config, progress=False).ok
    mtg = read_archive(tmp_path / "mtg", family="cards")
    assert mtg.loc[mtg["event"].astype(str).str.startswith("lotus-open"), "gwp"].isna().all()
    want_mtg = cards.standings_from_path(data / PUBLISHED[0], rules="mtg")
    got_mtg = mtg[mtg["event"].astype(str) == want_mtg["event"].iloc[0]]
    assert np.allclose(
        sort_rows(got_mtg, keys)["omwp"].to_numpy(), sort_rows(want_mtg, keys)["omwp"].to_numpy()
    )


# a melee.gg file of February 2024 whose bracket (Quarterfinals, Semifinals, Finals) melee.gg
# counts in its players' tie-breakers (tests/data/README.md), and one without a bracket
BRACKET_FILE = "1k-pre-mod-scg-con-hartford-sunday-930-am-premodern-44556-2024-02-04.json"
BRACKETED = [BRACKET_FILE, "semanal-pauper-86862-2024-04-26.json"]


def _imported(tmp_path: Path, names: list[str] = BRACKETED) -> tuple[Path, Path]:
    """The archive of the MTG JSON extracts `names` (imported from ``src/2024``), and the
    folder of the files."""
    data = Path(__file__).parent / "data" / "cards" / "mtgjson"
    src = tmp_path / "src" / "2024"
    src.mkdir(parents=True)
    for name in names:
        shutil.copy(data / name, src / name)
    assert import_folder(
        tmp_path / "src", tmp_path / "archive", season_from_folder=True, progress=False
    ).ok
    return tmp_path / "archive", src


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_recompute_counts_a_bracket_as_the_standings_of_the_files(tmp_path):
    # the import keeps the bracket's matches, marked `bracket`, so recompute gives the standings
    # of the same files exactly, and reproduces the published tie-breakers of the bracket's 8
    archive_root, src = _imported(tmp_path)
    rows = read_archive(archive_root, family="cards")
    marked = rows[rows["bracket"]]
    assert len(marked) == 14 and set(marked["event"]) == {BRACKET_FILE[:-5]}  # 4 + 2 + 1 matches
    assert sorted(marked["round"].unique()) == [7, 8, 9]  # after its 6 Swiss rounds
    assert rows.loc[~rows["bracket"], "round"].max() == 6
    assert recompute(archive_root, tmp_path / "out", progress=False).ok
    got = read_archive(tmp_path / "out", family="cards").drop(columns="season")
    want = cards.standings_from_path(src)
    keys = ["event", "player"]
    pd.testing.assert_frame_equal(
        sort_rows(got, keys).astype({"event": str, "player": str}),
        sort_rows(want, keys).astype({"event": str, "player": str}),
        check_dtype=False,
        check_exact=True,
    )
    published = cards.read_mtg_json(src / BRACKET_FILE).published.set_index("player")
    table = got[got["event"] == BRACKET_FILE[:-5]].set_index("player")
    for column in ("omwp", "gwp", "ogwp"):  # published to 6 decimals
        error = (table[column] - published.loc[table.index, column.upper()]).abs()
        assert error.max() < 5.1e-7, column
    # the bracket's players are those whose values the bracket moves
    swiss = cards.standings(cards.read_results(src / BRACKET_FILE), rules="melee")
    moved = set(
        swiss.loc[
            swiss["omwp"].to_numpy() != table.loc[swiss["player"], "omwp"].to_numpy(), "player"
        ]
    )
    assert moved and moved <= set(marked["player"])


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_an_archive_written_without_the_bracket_column_still_recomputes(tmp_path):
    # an archive imported before the bracket was kept: its Swiss rounds only, no `bracket`
    archive_root, src = _imported(tmp_path)
    rows = read_archive(archive_root, family="cards")
    old = rows[~rows["bracket"]].drop(columns="bracket")
    write_archive(old, tmp_path / "old", family="cards")
    assert "bracket" not in read_archive(tmp_path / "old", family="cards").columns
    assert recompute(tmp_path / "old", tmp_path / "out", progress=False).ok
    got = read_archive(tmp_path / "out", family="cards").drop(columns="season")
    got = got[got["event"] == BRACKET_FILE[:-5]].reset_index(drop=True)
    # as before: the bracket event's standings of its Swiss rounds under its preset
    swiss = cards.standings(cards.read_results(src / BRACKET_FILE), rules="melee")
    pd.testing.assert_frame_equal(
        got.astype({"event": str, "player": str}),
        swiss.astype({"event": str, "player": str}),
        check_dtype=False,
        check_exact=True,
    )


def test_recompute_refuses_options_the_first_event_fails_before_writing_over(tmp_path):
    results, _ = synth.chess_swiss(3, 6, 4, seed=1)
    write_archive(results.assign(season=2024), tmp_path / "a", family="chess")
    out = tmp_path / "out"
    assert recompute(tmp_path / "a", out, progress=False).computed == 1
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    for options, error in [
        ({"rules": "fide2099"}, r"unknown rule set\(s\) \['fide2099'\]"),
        ({"tiebreaks": ['["BH",']}, r"unknown tie-break '\[\"BH\",'"),
    ]:
        with pytest.raises(ValueError, match=rf"config: chess: {error}.*C00001.*nothing was"):
            recompute(tmp_path / "a", out, config={"chess": options}, progress=False, force=True)
        assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert (
        main(["recompute", str(tmp_path / "a"), "--out", str(out), "--set", "chess.rules=x"]) == 2
    )
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before


def test_recompute_with_options_skips_a_first_event_the_defaults_fail_too(tmp_path):
    # the first event's own fault (every game won by both) is no reason to refuse the options
    results, _ = synth.chess_swiss(3, 6, 4, seed=1)
    results.loc[results["event"] == "C00001", "points"] = 1.0
    write_archive(results.assign(season=2024), tmp_path / "a", family="chess")
    report = recompute(
        tmp_path / "a", tmp_path / "out", config={"chess": {"tiebreaks": ["BH"]}}, progress=False
    )
    assert report.errors["unit"].tolist() == [{"event": "C00001"}]
    table = read_archive(tmp_path / "out", family="chess")
    assert sorted(table["event"].unique()) == ["C00002", "C00003"]


def test_recompute_refuses_a_folder_that_is_no_archive(tmp_path):
    (tmp_path / "results.csv").write_text("event,round\n")
    with pytest.raises(ValueError, match=r"not an archive: it has no family=\.\.\. folder;"):
        recompute(tmp_path, tmp_path.parent / "out-of-no-archive", progress=False)
    results, _ = synth.chess_swiss(1, 4, 3, seed=1)
    write_archive(results.assign(season=2024), tmp_path / "a", family="chess")
    with pytest.raises(
        ValueError, match=r"family=chess: not an archive: .*\(give the folder above"
    ):
        recompute(tmp_path / "a" / "family=chess", tmp_path / "out", progress=False)
    assert recompute(tmp_path / "a", tmp_path / "out", progress=False).computed == 1


def test_import_names_the_seasons_it_filed_each_family_under(tmp_path, capsys):
    # the shipped data/: --season for every file a season column does not place (it wins over
    # the folder names: data/bridge-published is no season), as the summary says
    data = Path(__file__).parents[1] / "data"
    assert (
        main(
            [
                "import",
                str(data),
                str(tmp_path / "a"),
                "--season",
                "2024",
                "--quiet",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "  bridge_teams: 1 file(s), season(s) 2024\n" in out
    assert "  chess: 4 file(s), season(s) 2024\n" in out
    assert "  league: 2 file(s), season(s) 2024, S01, S02\n" in out
