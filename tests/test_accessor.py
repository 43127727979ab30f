"""The ``df.tourney`` accessor gives exactly what the plain functions give."""

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import tourneystats
from tourneystats import plot
from tourneystats.accessor import FAMILY_FUNCTIONS, TourneyAccessor, family_function

DATA = Path(__file__).parent / "data"


def chess_case():
    from tourneystats import chess
    from tourneystats.chess import read_trf

    data = read_trf(DATA / "chess" / "tournament_1.txt")
    options = {"tiebreaks": ["BH/C1", "SB"], "players": data.players, "events": data.events}
    calls = [
        ("standings", chess.standings, options),
        ("history", chess.standings_by_round, options),
        ("explain", chess.explain, {"tiebreak": "BH/C1", "player": 5}),
    ]
    return data.results, calls


def league_case():
    from tourneystats import league, synth

    results = synth.league(1, 8, 10, 4, seed=3)
    options = {"prior_rounds": 5, "prior_mode": "constant"}
    calls = [
        ("standings", league.leaderboard, options),
        ("history", league.history, options),
        ("explain", league.explain, {"player": results["player"].iloc[0], **options}),
    ]
    return results, calls


def bridge_case():
    from tourneystats import bridge
    from tourneystats.bridge import read_usebio

    results = pd.concat(
        [
            read_usebio(DATA / "bridge" / "usebio-mp-pairs-howell.xml").results,
            read_usebio(DATA / "bridge" / "usebio-butler-mitchell.xml").results,
        ],
        ignore_index=True,
    )
    calls = [
        ("standings", bridge.session_standings, {"scale": "half"}),
        ("history", bridge.season_history, {}),
        ("explain", bridge.explain, {"pair": "6"}),
    ]
    return results, calls


def cards_case():
    from tourneystats import cards

    results = pd.read_csv(DATA / "cards" / "melee-14643-matches.csv")
    player = results["player"].iloc[0]
    calls = [
        ("standings", cards.standings, {"rules": "melee"}),
        ("history", cards.standings_by_round, {"rules": "melee"}),
        ("explain", cards.explain, {"player": player, "rules": "melee"}),
    ]
    return results, calls


CASES = {"bridge": bridge_case, "cards": cards_case, "chess": chess_case, "league": league_case}


def test_import_registers_without_importing_matplotlib():
    code = (
        "import sys, pandas as pd, tourneystats; "
        "assert hasattr(pd.DataFrame, 'tourney'); "
        "print(any(m.startswith('matplotlib') for m in sys.modules))"
    )
    root = Path(__file__).resolve().parents[1]
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True,
        env={**os.environ, "PYTHONPATH": str(root)},
    )  # fmt: skip
    assert out.stdout.strip() == "False"


def test_registered_on_import():
    assert "tourney" in pd.DataFrame._accessors
    assert isinstance(pd.DataFrame().tourney, TourneyAccessor)
    assert tourneystats.accessor is not None


@pytest.mark.parametrize("family", sorted(CASES))
def test_family_methods_equal_the_functions(family):
    results, calls = CASES[family]()
    saved = results.copy()
    for role, function, options in calls:
        via_accessor = getattr(results.tourney, role)(family=family, **options)
        direct = function(results, **options)
        assert len(direct) > 0
        pd.testing.assert_frame_equal(via_accessor, direct)
        assert family_function(family, role) is function
    pd.testing.assert_frame_equal(results, saved)


def test_every_family_maps_to_three_functions():
    assert set(FAMILY_FUNCTIONS) == {"cards", "chess", "bridge", "league"}
    for family in FAMILY_FUNCTIONS:
        for role in ("standings", "history", "explain"):
            assert callable(family_function(family, role))


def test_unknown_family_or_role():
    df = pd.DataFrame({"event": ["A"]})
    with pytest.raises(ValueError, match="unknown family 'poker'"):
        df.tourney.standings(family="poker")
    with pytest.raises(ValueError, match="unknown role"):
        family_function("chess", "predict")
    with pytest.raises(TypeError):
        df.tourney.standings("chess")  # family is keyword-only


def _artists(ax):
    return (
        [(line.get_label(), np.asarray(line.get_ydata(), float).tolist()) for line in ax.lines],
        [t.get_text() for t in ax.texts],
        ax.get_title(loc="left"),
        ax.get_xlabel(),
        ax.get_ylabel(),
    )


def test_chart_methods_equal_the_functions():
    hist = pd.DataFrame(
        {
            "tournament": ["A", "A", "B", "B"],
            "player": ["Anna", "Bo"] * 2,
            "place": [1, 2, 2, 1],
            "ranking": [52.0, 50.0, 51.0, 53.5],
        }
    )
    assert _artists(hist.tourney.drift(players=["Bo"])) == _artists(
        plot.drift(hist, players=["Bo"])
    )
    assert _artists(hist.tourney.distribution("ranking", by="tournament")) == _artists(
        plot.distribution(hist, "ranking", by="tournament")
    )
    mp = pd.DataFrame(
        {"event": "e", "board": 1, "ns_score": [100, -50, 100], "ns_percentage": [75, 0, 75]}
    )
    a = mp.tourney.board_spread(event="e", board=1)
    b = plot.board_spread(mp, event="e", board=1)
    assert _artists(a) == _artists(b)
    np.testing.assert_array_equal(a.collections[0].get_offsets(), b.collections[0].get_offsets())
    ps = pd.DataFrame({"pair": 1, "board": [1, 2], "percentage": [40.0, 70.0]})
    a, b = ps.tourney.pair_boards(pair=1), plot.pair_boards(ps, pair=1)
    assert _artists(a) == _artists(b)
    assert [p.get_height() for p in a.patches] == [p.get_height() for p in b.patches]


def test_chart_method_uses_given_axes():
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    hist = pd.DataFrame({"round": [1, 2], "player": ["x", "x"], "rank": [2, 1]})
    assert hist.tourney.drift(ax=ax) is ax
