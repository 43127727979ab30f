"""The ``tourney`` DataFrame accessor: every analysis as a method of the frame.

Importing :mod:`tourneystats` registers it. Each method only forwards to a plain function of the
package, with the frame as first argument, so ``results.tourney.standings(family="cards")`` is
``tourneystats.cards.standings(results)`` and ``history.tourney.drift()`` is
``tourneystats.plot.drift(history)``; the plain functions' docstrings describe the options.

- ``standings(family=...)``: ``cards.standings``, ``chess.standings``,
  ``bridge.session_standings``, ``league.leaderboard``;
- ``history(family=...)``: ``cards.standings_by_round``, ``chess.standings_by_round``,
  ``bridge.season_history``, ``league.history``;
- ``explain(family=...)``: ``<family>.explain``;
- ``compare(family=..., rules=[...])``: the standings under several rule sets
  (:func:`tourneystats.whatif.compare`);
- ``drift``, ``distribution``, ``board_spread``, ``pair_boards``, ``slope`` (the what-if
  slope chart, :func:`tourneystats.plot.compare`), ``decisive``: :mod:`tourneystats.plot`.

Examples
--------
>>> import pandas as pd
>>> import tourneystats  # registers the accessor
>>> hist = pd.DataFrame({"round": [1, 1, 2, 2], "player": ["Ann", "Bo"] * 2, "rank": [1, 2, 2, 1]})
>>> ax = hist.tourney.drift()
>>> [line.get_label() for line in ax.get_lines()]
['Bo', 'Ann']
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any

import pandas as pd

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

#: family -> (module, standings function, history function, explain function)
FAMILY_FUNCTIONS: dict[str, tuple[str, str, str, str]] = {
    "cards": ("tourneystats.cards", "standings", "standings_by_round", "explain"),
    "chess": ("tourneystats.chess", "standings", "standings_by_round", "explain"),
    "bridge": ("tourneystats.bridge", "session_standings", "season_history", "explain"),
    "league": ("tourneystats.league", "leaderboard", "history", "explain"),
}
_ROLES = {"standings": 1, "history": 2, "explain": 3}


__all__ = ["TourneyAccessor", "family_function"]


def __dir__() -> list[str]:  # dir() lists the public names only
    return sorted(__all__)


def family_function(family: str, role: str) -> Callable[..., pd.DataFrame]:
    """The plain function behind ``df.tourney.<role>(family=...)``.

    Parameters
    ----------
    family : {"cards", "chess", "bridge", "league"}
        The rule family.
    role : {"standings", "history", "explain"}
        Which computation.

    Returns
    -------
    callable
        For example ``tourneystats.league.leaderboard`` for ``("league", "standings")``.

    Raises
    ------
    ValueError
        For an unknown family or role, or a family that is not installed.

    Examples
    --------
    >>> from tourneystats.accessor import family_function
    >>> family_function("poker", "standings")
    Traceback (most recent call last):
    ...
    ValueError: unknown family 'poker'; expected one of 'cards', 'chess', 'bridge', 'league'
    """
    if family not in FAMILY_FUNCTIONS:
        known = ", ".join(map(repr, FAMILY_FUNCTIONS))
        raise ValueError(f"unknown family {family!r}; expected one of {known}")
    if role not in _ROLES:
        raise ValueError(f"unknown role {role!r}; expected one of {', '.join(map(repr, _ROLES))}")
    spec = FAMILY_FUNCTIONS[family]
    try:
        module = importlib.import_module(spec[0])
    except ModuleNotFoundError as exc:
        if exc.name != spec[0]:
            raise
        raise ValueError(f"the {family} family is not available") from exc
    function = getattr(module, spec[_ROLES[role]], None)
    if function is None:
        raise ValueError(f"the {family} family has no {spec[_ROLES[role]]}() function")
    return function


@pd.api.extensions.register_dataframe_accessor("tourney")
class TourneyAccessor:
    """``df.tourney``: standings, histories, explanations and charts of a long-format frame.

    Every method forwards to the plain function named in its docstring, passing the frame first
    and every keyword option unchanged; it returns what that function returns.
    """

    def __init__(self, frame: pd.DataFrame) -> None:
        self._frame = frame

    # --- family computations ---------------------------------------------------------------------

    def standings(self, *, family: str, **options: Any) -> pd.DataFrame:
        """Final standings: ``cards.standings``, ``chess.standings``,
        ``bridge.session_standings`` or ``league.leaderboard`` of this results frame.

        Parameters
        ----------
        family : {"cards", "chess", "bridge", "league"}
            The rule family.
        **options
            Passed on unchanged (``rules=``, ``tiebreaks=``, ``prior_rounds=``, ...).

        Returns
        -------
        pandas.DataFrame
            Exactly what the family function returns.

        Examples
        --------
        >>> evening = pd.DataFrame({"tournament": "T1", "date": "2024-01-10", "round": 1,
        ...                         "match": 1, "team": ["A", "A", "B", "B"],
        ...                         "player": ["Anna", "Bo", "Cia", "Dan"],
        ...                         "points": [15, 15, 9, 9], "target": 24})
        >>> evening.tourney.standings(family="league", prior_rounds=0)[["place", "player", "ranking"]]
           place player  ranking
        0      1   Anna     62.5
        1      1     Bo     62.5
        2      3    Cia     37.5
        3      3    Dan     37.5
        """
        return family_function(family, "standings")(self._frame, **options)

    def history(self, *, family: str, **options: Any) -> pd.DataFrame:
        """Standings after every round or event: ``cards.standings_by_round``,
        ``chess.standings_by_round``, ``bridge.season_history`` or ``league.history``.

        The result is the input of :meth:`drift`:
        ``results.tourney.history(family="league").tourney.drift()``.

        Parameters
        ----------
        family : {"cards", "chess", "bridge", "league"}
            The rule family.
        **options
            Passed on unchanged.

        Returns
        -------
        pandas.DataFrame
            Exactly what the family function returns.

        Examples
        --------
        >>> evenings = pd.DataFrame({"tournament": ["T1"] * 4 + ["T2"] * 4,
        ...                          "date": ["2024-01-10"] * 4 + ["2024-01-17"] * 4,
        ...                          "round": 1, "match": 1, "team": ["A", "A", "B", "B"] * 2,
        ...                          "player": ["Anna", "Bo", "Cia", "Dan"] * 2,
        ...                          "points": [15, 15, 9, 9, 4, 4, 20, 20], "target": 24})
        >>> hist = evenings.tourney.history(family="league", prior_rounds=0)
        >>> hist.loc[hist["player"] == "Anna", ["tournament", "place"]]
          tournament  place
        0         T1      1
        6         T2      3
        >>> ax = hist.tourney.drift()
        >>> [t.get_text() for t in ax.texts]
        ['Cia (1)', 'Dan (1)', 'Anna (3)', 'Bo (3)']
        """
        return family_function(family, "history")(self._frame, **options)

    def explain(self, *, family: str, **options: Any) -> pd.DataFrame:
        """Per-round contributions behind each tie-break or ranking: ``<family>.explain``.

        Parameters
        ----------
        family : {"cards", "chess", "bridge", "league"}
            The rule family.
        **options
            Passed on unchanged (for example ``player=``).

        Returns
        -------
        pandas.DataFrame
            Exactly what the family function returns.

        Examples
        --------
        >>> evenings = pd.DataFrame({"tournament": ["T1"] * 4 + ["T2"] * 4,
        ...                          "date": ["2024-01-10"] * 4 + ["2024-01-17"] * 4,
        ...                          "round": 1, "match": 1, "team": ["A", "A", "B", "B"] * 2,
        ...                          "player": ["Anna", "Bo", "Cia", "Dan"] * 2,
        ...                          "points": [15, 15, 9, 9, 4, 4, 20, 20], "target": 24})
        >>> terms = evenings.tourney.explain(family="league", player="Anna", prior_rounds=0)
        >>> terms[["term", "points", "possible"]]
                   term  points  possible
        0        played    19.0      48.0
        1  start weight     0.0       0.0
        """
        return family_function(family, "explain")(self._frame, **options)

    def compare(self, *, family: str, rules: Sequence[Any], **options: Any) -> pd.DataFrame:
        """This results frame's standings under several rule sets, as one long table:
        :func:`tourneystats.whatif.compare` (``cards.compare``, ``chess.compare``,
        ``bridge.compare``, ``league.compare``).

        Parameters
        ----------
        family : {"cards", "chess", "bridge", "league"}
            The rule family.
        rules : sequence
            The rule sets (presets, names, tuples, mappings: see the family's compare).
        **options
            Passed on unchanged (``tiebreaks=``, ``players=``, ``by=``, ...).

        Returns
        -------
        pandas.DataFrame
            The comparison table: one row per event, player (pair) and rule set.

        Examples
        --------
        >>> evenings = pd.DataFrame({"tournament": ["T1"] * 4 + ["T2"] * 4,
        ...                          "date": ["2024-01-10"] * 4 + ["2024-01-17"] * 4,
        ...                          "round": 1, "match": 1, "team": ["A", "A", "B", "B"] * 2,
        ...                          "player": ["Anna", "Bo", "Cia", "Dan", "Bo", "Eva", "Anna", "Cia"],
        ...                          "points": [13, 13, 11, 11, 20, 20, 4, 4], "target": 24})
        >>> table = evenings.tourney.compare(family="league", rules=[0, 10])
        >>> table.loc[table["player"] == "Eva", ["rules", "rank", "ranking"]]
          rules  rank    ranking
        0   K=0     1  83.333333
        6  K=10     2  53.333333
        """
        from .whatif import compare

        return compare(self._frame, family=family, rules=rules, **options)

    # --- charts ----------------------------------------------------------------------------------

    def drift(self, **options: Any) -> Axes:
        """Ranking-drift bump chart of this history frame: :func:`tourneystats.plot.drift`.

        Examples
        --------
        >>> hist = pd.DataFrame({"event": ["s1", "s1", "s2", "s2"], "pair": [1, 2, 1, 2],
        ...                      "rank": [1, 2, 2, 1]})
        >>> ax = hist.tourney.drift(players=[2])
        """
        from . import plot

        return plot.drift(self._frame, **options)

    def distribution(self, column: str, **options: Any) -> Axes:
        """Distribution of one column across the frame: :func:`tourneystats.plot.distribution`.

        Examples
        --------
        >>> st = pd.DataFrame({"event": ["A", "A", "B"], "omwp": [0.5, 0.6, 0.4]})
        >>> ax = st.tourney.distribution("omwp", by="event")
        """
        from . import plot

        return plot.distribution(self._frame, column, **options)

    def board_spread(self, *, event: Hashable, board: int, **options: Any) -> Axes:
        """A bridge board's scores against matchpoints: :func:`tourneystats.plot.board_spread`.

        Examples
        --------
        >>> mp = pd.DataFrame({"event": "club", "board": 1, "ns_score": [100, -50, 100],
        ...                    "ns_percentage": [75.0, 0.0, 75.0]})
        >>> ax = mp.tourney.board_spread(event="club", board=1)
        """
        from . import plot

        return plot.board_spread(self._frame, event=event, board=board, **options)

    def pair_boards(self, *, pair: Hashable, **options: Any) -> Axes:
        """A bridge pair's per-board percentages: :func:`tourneystats.plot.pair_boards`.

        Examples
        --------
        >>> ps = pd.DataFrame({"pair": 1, "board": [1, 2], "percentage": [40.0, 70.0]})
        >>> ax = ps.tourney.pair_boards(pair=1)
        """
        from . import plot

        return plot.pair_boards(self._frame, pair=pair, **options)

    def slope(self, a: str | None = None, b: str | None = None, **options: Any) -> Axes:
        """Slope chart of one event's places under two rule sets of this comparison table:
        :func:`tourneystats.plot.compare`.

        Examples
        --------
        >>> t = pd.DataFrame({"event": "E", "player": ["Ann", "Bo"] * 2,
        ...                   "rules": pd.Categorical(["x", "x", "y", "y"], ["x", "y"]),
        ...                   "rank": [1, 2, 2, 1]})
        >>> ax = t.tourney.slope()
        """
        from . import plot

        return plot.compare(self._frame, a, b, **options)

    def decisive(self, **options: Any) -> Axes:
        """Bars of the criteria that decided the places of these standings (or comparison):
        :func:`tourneystats.plot.decisive`.

        Examples
        --------
        >>> st = pd.DataFrame({"event": "A", "player": ["u", "v", "w"], "rank": [1, 2, 2],
        ...                    "PTS": [2, 1, 1], "decided_by": ["PTS", "tied", None]})
        >>> ax = st.tourney.decisive()
        """
        from . import plot

        return plot.decisive(self._frame, **options)
