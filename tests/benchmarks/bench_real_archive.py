"""Bulk jobs on a real archive, timed: ``python tests/benchmarks/bench_real_archive.py ARCHIVE``.

ARCHIVE is a folder of card-tournament files in the MTGODecklistCache layout
(``Tournaments/<platform>/<year>/<month>/<day>/<event>.json``), e.g. the ``Tournaments`` folder
of the public repository fbettega/MTG_decklistcache. Each job runs as the command line in a fresh
process; the script prints its wall seconds, CPU seconds (user and system, of the command and
its worker processes: on a busy machine the wall time grows, the CPU time much less) and peak
resident memory (the sum over the command and its workers, sampled every 0.1 s, and the largest
single process):

- ``check ARCHIVE --family cards --out report.csv --jobs N`` for each N of ``--jobs`` (2,1; the
  first before the other jobs, the rest at the end);
- ``floor``: the parse-only floor, every file read and parsed with the standard library's
  ``json.loads`` on one core in this process (and with ``orjson``, the fastest parser at hand,
  where it is installed: a measurement only, not a dependency); the import's CPU seconds are
  then given as a multiple of it;
- ``import ARCHIVE STORE --season-from-folder`` (a season per platform), then ``recompute
  STORE --out OUT`` (with the largest N), whose standings are then compared, event by event,
  with ``standings_from_path`` of each platform folder (not timed; every event equal,
  exactly); with ``--by-year``, ``import ARCHIVE STORE`` (the default seasons: the year of
  each event) and ``recompute STORE --out OUT`` with the default jobs, as a user runs them
  (no comparison);
- ``drift`` of one year of one platform's Modern events (``--platform``, ``--year``; the files
  are linked into a folder of their own; ``--skip-bad-files``: refused files left out, named);
- ``standings`` of one year of one platform (``ARCHIVE/<platform>/<year>``, ``--skip-bad-files``)
  and ``drift`` of it, each with every N of ``--jobs`` (the tables written compared).

Without ARCHIVE the script says so and exits (0): nothing here needs the archive to be present.
``--only check,import`` runs some jobs only. Outputs go to a temporary folder, removed at the end.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import watch

ROOT = Path(__file__).resolve().parents[2]
JOBS = ("floor", "check", "import", "drift", "standings")


def measure(argv: list[str]) -> dict:
    """Run `argv` (a ``tourneystats`` command) in a fresh process: status, seconds, peak RSS."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    command = [sys.executable, "-m", "tourneystats", *argv]
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:  # no pipe to fill
        start = time.perf_counter()
        proc = subprocess.Popen(command, env=env, stdout=out, stderr=err)
        cpu, peak_one, peak_sum = watch(proc, every=0.1)
        seconds = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        printed, said = out.read(), err.read()
    return {
        "command": " ".join(argv),
        "status": proc.returncode,
        "seconds": seconds,
        "cpu": cpu,
        "peak_mb": peak_sum / 2**20,
        "largest_mb": peak_one / 2**20,
        "out": printed.decode(errors="replace"),
        "err": said.decode(errors="replace"),
    }


def parse_floor(archive: Path) -> dict[str, float]:
    """CPU seconds of reading and parsing every ``.json`` file of `archive` on one core: with
    ``json.loads`` and, where installed, ``orjson.loads`` (a file that is no JSON counts as
    read)."""
    import json

    paths = sorted(archive.rglob("*.json"))
    parsers = {"json": json.loads}
    try:
        import orjson

        parsers["orjson"] = orjson.loads
    except ImportError:
        pass
    out = {}
    for name, loads in parsers.items():
        start = time.process_time()
        for path in paths:
            try:
                loads(path.read_bytes().removeprefix(b"\xef\xbb\xbf"))
            except ValueError:
                pass
        out[name] = time.process_time() - start
    return out


def season_folder(archive: Path, platform: str, year: str, word: str, into: Path) -> Path:
    """A folder linking one year of one platform's events whose file name holds `word` as a
    word of its own (``modern-challenge-...``, not ``premodern-...``)."""
    folder = into / f"{platform}-{year}-{word}"
    folder.mkdir(parents=True)
    source = archive / platform / year
    for path in sorted(source.rglob("*.json")):
        if word in re.split(r"[^a-z0-9]+", path.stem.lower()):
            (folder / path.name).symlink_to(path.resolve())
    return folder


def recomputed_as_files(archive: Path, standings: Path, jobs: int) -> None:
    """Print, per season (platform folder), the events whose recomputed standings equal those of
    ``standings_from_path`` of the folder, exactly (rank, points and tie-breakers)."""
    import warnings

    import numpy as np

    from tourneystats import cards
    from tourneystats.archive import read_archive

    got = read_archive(standings, family="cards")
    for season in sorted(got["season"].astype(str).unique()):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            want = cards.standings_from_path(archive / season, skip_bad_files=True, jobs=jobs)
        mine = got[got["season"].astype(str) == season].astype({"event": str, "player": str})
        both = mine.merge(want.astype({"event": str, "player": str}), on=["event", "player"],
                          suffixes=("_r", "_s"), how="outer", indicator=True)  # fmt: skip
        same = (both["_merge"] == "both").to_numpy().copy()
        for column in ("rank", "match_points", "omwp", "gwp", "ogwp"):
            a, b = (both[f"{column}_{k}"].astype(float).to_numpy() for k in "rs")
            same &= (a == b) | (np.isnan(a) & np.isnan(b))
        bad = both.loc[~same, "event"].unique()
        print(f"recompute = standings of {season}: {both['event'].nunique() - len(bad)} of "
              f"{both['event'].nunique()} events ({len(both)} rows)", bad[:3].tolist())  # fmt: skip


def show(result: dict) -> None:
    print(
        f"| {result['command']} | {result['status']} | {result['seconds']:.1f} | "
        f"{result['cpu']:.1f} | "
        f"{result['peak_mb']:.0f} | {result['largest_mb']:.0f} |",
        flush=True,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("archive", nargs="?", help="the archive's Tournaments folder")
    parser.add_argument("--jobs", default="2,1", help="check with these numbers of processes")
    parser.add_argument("--only", default=",".join(JOBS), help=f"jobs to run: {', '.join(JOBS)}")
    parser.add_argument("--platform", default="MTGmelee")
    parser.add_argument("--year", default="2024")
    parser.add_argument("--verbose", action="store_true", help="print each command's output")
    parser.add_argument(
        "--by-year", action="store_true",
        help="import with the default seasons (the year of each event) and the default jobs",
    )  # fmt: skip
    args = parser.parse_args(argv)
    if args.archive is None:
        print("bench_real_archive: skipped (no archive folder given; see --help)")
        return 0
    archive = Path(args.archive)
    if not archive.is_dir():
        print(f"bench_real_archive: skipped ({archive} is not a folder)")
        return 0
    jobs = [int(j) for j in args.jobs.split(",")]
    only = set(args.only.split(","))
    print(f"archive {archive}: {sum(1 for _ in archive.rglob('*.json'))} JSON files; "
          f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")  # fmt: skip
    floor = parse_floor(archive) if "floor" in only else {}
    for name, seconds in floor.items():
        print(f"parse-only floor ({name}.loads, one core): {seconds:.1f} CPU seconds")
    print("| command | exit | seconds | CPU seconds | peak MB (all processes) | largest MB |")
    print("| --- | --- | --- | --- | --- | --- |")
    results = []
    steps: list[list[str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        checks = [
            ["check", str(archive), "--family", "cards", "--out",
             str(out / f"report-{n}.csv"), "--jobs", str(n)]
            for n in jobs
        ] if "check" in only else []  # fmt: skip
        steps += checks[:1]  # the most processes first, one process last (the longest)
        if "import" in only and args.by_year:
            steps.append(["import", str(archive), str(out / "store"), "--quiet"])
            steps.append(["recompute", str(out / "store"), "--out", str(out / "standings"),
                          "--quiet"])  # fmt: skip
        elif "import" in only:
            n = str(max(jobs))
            steps.append(["import", str(archive), str(out / "store"), "--season-from-folder",
                          "--quiet", "--jobs", n])  # fmt: skip
            steps.append(["recompute", str(out / "store"), "--out", str(out / "standings"),
                          "--quiet", "--jobs", n])  # fmt: skip
        if "drift" in only:
            season = season_folder(archive, args.platform, args.year, "modern", out)
            steps.append(["drift", str(season), "--family", "cards", "--skip-bad-files", "--out",
                          str(out / "drift.png")])  # fmt: skip
        if "standings" in only:
            year = archive / args.platform / args.year
            for n in jobs:
                common = [str(year), "--family", "cards", "--skip-bad-files", "--jobs", str(n)]
                steps.append(["standings", *common, "--out", str(out / f"standings-{n}.parquet")])
                steps.append(["drift", *common, "--out", str(out / f"drift-{n}.png")])
        steps += checks[1:]
        for step in steps:
            result = measure(step)
            show(result)
            results.append(result)
            if args.verbose or result["status"] not in (0, 1):
                print(result["out"][-3000:], result["err"][-3000:], sep="\n")
        done = [r for r in results if r["command"].startswith("check")]
        reports = [(out / f"report-{n}.csv").read_bytes() for n in jobs if "check" in only]
        if len(reports) > 1:
            print("check reports identical across --jobs:", all(r == reports[0] for r in reports))
        tables = [
            (out / f"standings-{n}.parquet").read_bytes() for n in jobs if "standings" in only
        ]
        if len(tables) > 1:
            print("standings identical across --jobs:", all(t == tables[0] for t in tables))
        for r in done[:1]:
            print(r["out"][:3000])
            print(r["err"][:3000])
        timed = [r for r in results if r["command"].startswith(("import", "check"))]
        for name, seconds in floor.items():
            for r in timed:
                what = r["command"].split()[0]
                print(f"{what} CPU / parse floor ({name}): {r['cpu'] / seconds:.1f}x")
        if "import" in only and not args.by_year:
            recomputed_as_files(archive, out / "standings", max(jobs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
