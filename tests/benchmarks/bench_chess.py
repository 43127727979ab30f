"""Chess benchmark: Swiss events in the long results frame, every kind of unplayed round.

``python tests/benchmarks/bench.py --family chess --size large`` times the command
``tourneystats standings FILE.parquet --family chess --tiebreaks BH/C1,BH,SB --out
standings.parquet`` (the default ``adjusted`` rules; through the console script's entry point,
in a fresh process), next to the DuckDB baseline ``bench_chess_duckdb`` on the same file.

Sizes: 64 players x 9 rounds per event, 1 % withdrawals a round (their later rounds are ``zpb``
rows: every player has a row in every round), 2 % forfeits, 3 % requested byes; ``medium``
1,000 events (0.58 million rows), ``large`` 10,000 (5.76 million). A size ending in ``-full``
(``large-full``) times instead, through the library, PTS, BH/C1, BH, SB, PS, ARO, KS, DE and the
ranking under ``fide2024`` (the target of issue 5: under 4 s and 2 GB at ``large``).

Players are named by default (``--ids names``) as a chess results CSV names them,
``Surname, Firstname`` (see ``names.py``), from a pool that grows with the archive (120,000
people at ``large``); events, ``kind`` and ``colour`` are plain strings. ``--ids pool`` draws
them from a fixed pool of 40,009 people.
``--ids int`` writes the inputs of before: start ranks 1..64 per event, events, kinds and
colours as categoricals.
"""

from __future__ import annotations

from pathlib import Path

from common import run_command

_EVENT = {"n_players": 64, "n_rounds": 9}
SIZES: dict[str, dict] = {
    "small": {"n_events": 100, **_EVENT},
    "medium": {"n_events": 1_000, **_EVENT},
    "large": {"n_events": 10_000, **_EVENT},
    "large-full": {"n_events": 10_000, **_EVENT},
}
TABLE_SIZES = ("medium", "large")
IDS = ("names", "pool", "int")
SEED = 1
#: the tie-breaks of the command (and of the DuckDB baseline)
COMMAND_TIEBREAKS = "BH/C1,BH,SB"
#: the options of the timed command after ``--family chess``
COMMAND_OPTIONS = ("--tiebreaks", COMMAND_TIEBREAKS)
#: the tie-breaks of the ``-full`` sizes
TIEBREAKS = ["BH/C1", "BH", "SB", "PS", "ARO", "KS", "DE"]


def generate(path: Path, *, ids: str = "names", n_events: int, n_players: int, n_rounds: int):
    import names
    import numpy as np

    from tourneystats import write_table
    from tourneystats.synth import chess_swiss

    results, _ = chess_swiss(n_events, n_players, n_rounds, seed=SEED, withdraw_rate=0.01)
    if ids in ("names", "pool"):
        event = results["event"].cat.codes.to_numpy()
        size = names.archive_pool_size(n_events * n_players * n_rounds)
        pool = names.chess_pool(SEED, size) if ids == "names" else names.chess_pool(SEED)
        player = results["player"].to_numpy()
        opponent = results["opponent"].to_numpy(dtype=np.int64, na_value=0)
        results = results.assign(
            event=names.event_labels(event, prefix="C"),
            player=names.as_text(names.per_event(pool, event, player, SEED)),
            opponent=names.as_text(names.per_event(pool, event, opponent, SEED)),
            colour=results["colour"].astype("str"),
            kind=results["kind"].astype("str"),
        )
    write_table(results, path)


def run(path: Path, out_dir: Path) -> int:
    if "-full-" not in f"{path.stem}-":  # the cache file is chess-SIZE-IDS.parquet
        return run_command(path, out_dir, "chess", *COMMAND_OPTIONS)
    from tourneystats import read_table, write_table
    from tourneystats.chess import standings

    results = read_table(path)
    table = standings(results, tiebreaks=TIEBREAKS, rules="fide2024")
    write_table(table, Path(out_dir) / "chess-standings.parquet")
    return len(results)
