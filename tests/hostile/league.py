"""Hostile cases: league evenings."""

from __future__ import annotations

from collections.abc import Iterator

from .common import (
    DATA,
    Case,
    _csv_edit,
    _csv_generic,
    _csv_rows,
    _join,
    _parquet_generic,
    _read_csv,
)

# --- league --------------------------------------------------------------------------------------


def league_cases() -> Iterator[Case]:
    data = (DATA / "league" / "worked-example.csv").read_bytes()
    name = "league.csv"
    yield from _csv_generic("league", "league", name, data)
    yield from _parquet_generic("league", "league", name, data)
    for column, value in (
        ("round", "0"),
        ("round", "-1"),
        ("round", "1000000000"),
        ("points", "-3"),
        ("points", "x"),
        ("target", "0"),
        ("target", "-24"),
        ("target", "1000000"),
        ("date", "not a date"),
        ("date", "10.01.2024"),
        ("date", "45301"),
        ("date", "20241310"),
        ("player", ""),
    ):
        yield Case(
            f"league/{column} {value or 'missing'}",
            "league",
            {name: _csv_edit(data, 0, column, value)},
            "error",
            locate="rows",
        )
    yield Case(
        "league/points over the target",
        "league",
        {name: _csv_edit(data, 0, "points", "99")},
        "error",
        locate="rows",
    )
    # ISO 8601 basic form (YYYYMMDD) is the same date, typed as text or as a number
    yield Case(
        "league/date 20240110",
        "league",
        {name: _csv_edit(data, 0, "date", "20240110")},
        "same",
        "league/original",
    )
    yield from _league_date_cases(data, name)
    yield from _league_match_cases(data, name)
    yield from _league_season_cases()


def _league_csv(frame) -> bytes:
    return frame.to_csv(index=False).encode()


def _league_date_cases(data: bytes, name: str) -> Iterator[Case]:
    """Whole date columns in other forms: the same dates, or refused."""
    frame = _read_csv(data)
    iso = frame["date"]
    for label, dates, expect in (
        ("all dates YYYYMMDD (a number column)", iso.str.replace("-", ""), "same"),
        ("dates written 2024/01/10", iso.str.replace("-", "/"), "same"),
        ("dates with a time of day", iso + " 19:00", "same"),
        ("dates written 10.01.2024", iso.str[8:] + "." + iso.str[5:7] + "." + iso.str[:4], "error"),
        ("dates written 1/10/2024", iso.str[5:7] + "/" + iso.str[8:] + "/" + iso.str[:4], "error"),
        (
            "dates as Excel day numbers",
            iso.map({"2024-01-10": "45301", "2024-01-17": "45308", "2024-01-24": "45315"}),
            "error",
        ),  # fmt: skip
        ("dates in the year 2500", iso.str.replace("2024", "2500"), "error"),
    ):
        yield Case(
            f"league/{label}",
            "league",
            {name: _league_csv(frame.assign(date=dates))},
            expect,
            "league/original" if expect == "same" else None,
            locate="rows",
        )
    yield Case(
        "league/a tournament with two dates",
        "league",
        {name: _csv_edit(data, 0, "date", "2024-01-11")},
        "error",
        locate="rows",
    )
    second = frame["tournament"] != frame.loc[0, "tournament"]
    second &= frame["round"] != ""
    yield Case(
        "league/two evenings with one tournament id",
        "league",
        {
            name: _league_csv(
                frame.assign(
                    tournament=frame["tournament"].mask(second, frame.loc[0, "tournament"])
                )
            )
        },
        "error",
        locate="rows",
    )


def _league_match_cases(data: bytes, name: str) -> Iterator[Case]:
    """Rounds, teams and points of the matches of the worked example."""
    frame = _read_csv(data)
    first = frame["tournament"] == frame.loc[0, "tournament"]
    round_1 = first & (frame["round"] == "1")
    team_b = round_1 & (frame["team"] == "B")
    final = frame.index[frame["round"] == ""]
    mutations = {
        "round 1 of an evening typed 10": frame.assign(round=frame["round"].mask(round_1, "10")),
        "a middle round missing": frame[~(first & (frame["round"] == "3"))],
        "rounds numbered from 2": frame.assign(
            round=frame["round"].mask(first, (frame["round"][first].astype(int) + 1).astype(str))
        ),
        "a player in both teams of a match": frame.assign(
            player=frame["player"].mask(team_b.cumsum().eq(1) & team_b, frame.loc[0, "player"])
        ),
        "a match with three teams": frame.assign(team=frame["team"].mask(frame.index == 0, "C")),
        "a team of one against two": frame.drop(index=0),
        "points that do not add up to the target": frame.assign(
            points=frame["points"].mask(team_b, "8")
        ),
        "a team above the target": frame.assign(
            points=frame["points"].mask(round_1 & (frame["team"] == "A"), "30")
        ),
        "two targets in a match": frame.assign(target=frame["target"].mask(team_b, "25")),
        "a final score twice": _league_concat(frame, frame.loc[[final[0]]]),
        "a final score of 10**18": frame.assign(
            points=frame["points"].mask(frame.index == final[0], str(10**18))
        ),
        "a final-score row given a round": frame.assign(
            round=frame["round"].mask(frame.index == final[0], "1")
        ),
        "a final score and rounds for one player": _league_concat(
            frame,
            frame.loc[[final[0]]].assign(
                tournament=frame.loc[0, "tournament"], date=frame.loc[0, "date"]
            ),  # fmt: skip
        ),
    }
    for label, mutated in mutations.items():
        yield Case(
            f"league/{label}", "league", {name: _league_csv(mutated)}, "error", locate="rows"
        )


def _league_concat(*frames):
    import pandas as pd

    return pd.concat(frames, ignore_index=True)


def _league_season_cases() -> Iterator[Case]:
    """The synthetic two-season sample (courts, sit-outs, final-score evenings)."""
    data = (DATA / "league" / "kvallsligan.csv").read_bytes()
    name = "kvallsligan.csv"
    frame = _read_csv(data)
    yield Case("league/seasons", "league", {name: data}, "ok")
    header, rows = _csv_rows(data)
    yield Case(
        "league/seasons rows reversed",
        "league",
        {name: header + _join(rows[::-1])},
        "same",
        "league/seasons",
    )
    match = (frame["tournament"] == frame.loc[0, "tournament"]) & (frame["round"] == "1")
    other_court = frame.index[match & (frame["match"] != frame.loc[0, "match"])][0]
    yield Case(
        "league/seasons a player in two matches of a round",
        "league",
        {
            name: _league_csv(
                _league_concat(
                    frame, frame.loc[[other_court]].assign(player=frame.loc[0, "player"])
                )
            )
        },  # fmt: skip
        "error",
        locate="rows",
    )
    yield Case(
        "league/seasons a court's match id typed as another's",
        "league",
        {
            name: _league_csv(
                frame.assign(
                    match=frame["match"].mask(frame.index == other_court, frame.loc[0, "match"])
                )
            )
        },  # fmt: skip
        "error",
        locate="rows",
    )
    last = frame["tournament"] == frame.loc[frame["round"] != "", "tournament"].iloc[-1]
    yield Case(
        "league/seasons a whole round missing",
        "league",
        {name: _league_csv(frame[~(last & (frame["round"] == "2"))])},
        "error",
        locate="rows",
    )


# --- configuration files of recompute ----------------------------------------------------------


def _archive_files() -> dict[str, bytes]:
    """An archive of the real league evenings (one season), as files under ``archive/``."""
    import tempfile
    from pathlib import Path

    from tourneystats.archive import import_folder

    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "src" / "league" / "2024"
        src.mkdir(parents=True)
        (src / "evenings.csv").write_bytes((DATA / "league" / "worked-example.csv").read_bytes())
        report = import_folder(Path(tmp) / "src", Path(tmp) / "archive", progress=False)
        assert report.ok
        root = Path(tmp)
        return {
            p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted((root / "archive").rglob("*"))
            if p.is_file()
        }


def config_cases() -> Iterator[Case]:
    """``recompute`` of a real league archive with a configuration file (TOML or JSON) or
    ``--set``: the options checked against the family's, JSON read strictly; the file is an
    input."""
    archive = _archive_files()

    def case(label, config_name, config, expect, names=(), locate="file", extra=()):
        files = {**archive, config_name: config} if config is not None else archive
        args = ("--out", "{out}/standings", "--quiet")
        if config_name:
            args += ("--config", "{dir}/" + config_name)
        return Case(
            f"config/{label}", "league", files, expect, command="recompute", target="archive",
            out=None, args=args + tuple(extra), names=names, locate=locate,
        )  # fmt: skip

    yield case("TOML", "config.toml", b"[league]\nprior_rounds = 5\n", "ok")
    yield case("JSON", "config.json", b'{"league": {"prior_rounds": 5}}', "ok")
    yield case(
        "JSON with a key twice, the same", "config.json",
        b'{"league": {"prior_rounds": 5, "prior_rounds": 5}}', "ok",
    )  # fmt: skip
    yield case(
        "JSON with a key twice, differently", "config.json",
        b'{"league": {"prior_rounds": 5, "prior_rounds": 0}}', "error",
        names=("config.json", "league"), locate="path",
    )  # fmt: skip
    yield case(
        "JSON nested 100,000 deep", "config.json",
        b'{"league": {"x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}}", "error",
        names=("config.json",), locate="line",
    )  # fmt: skip
    for label, name, data in (
        ("an unknown option", "config.toml", b"[league]\nprior_roundz = 5\n"),
        ("an unknown option (JSON)", "config.json", b'{"league": {"prior_roundz": 5}}'),
    ):
        yield case(label, name, data, "error", names=("prior_roundz", "prior_rounds"))
    for label, name, data in (
        ("invalid TOML", "config.toml", b"[league\nprior_rounds = 5\n"),
        ("invalid JSON", "config.json", b'{"league": {"prior_rounds": 5'),
        ("empty JSON", "config.json", b""),
        ("binary garbage", "config.toml", b"\xff\xfe\x00garbage\x00"),
        ("a YAML file", "config.yaml", b"league:\n  prior_rounds: 5\n"),
        ("an unknown family", "config.toml", b"[poker]\nblinds = 2\n"),
    ):
        yield case(label, name, data, "error", names=(name,))
    yield case("a file that does not exist", "none.toml", None, "error", names=("none.toml",))
    yield case(
        "--set with an unknown option", "", None, "error", names=("nosuch", "prior_rounds"),
        extra=("--set", "league.nosuch=1"),
    )  # fmt: skip
    yield case("--set prior_rounds", "", None, "ok", extra=("--set", "league.prior_rounds=3"))
