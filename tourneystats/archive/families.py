"""The families an archive holds: how each is stored and which kernel computes its standings.

A :class:`FamilySpec` names a family's event columns (rows of one event are never split between
archive files, and a bad event is skipped on its own), the columns naming what one source file
holds, and the kernel :func:`~tourneystats.archive.recompute` runs. :data:`FAMILIES` lists them.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from ..core.schema import EVENT, LEAGUE, TOURNAMENT

__all__ = ["FAMILIES", "FamilySpec"]


@dataclass(frozen=True)
class FamilySpec:
    """How the archive stores and recomputes one family.

    Parameters
    ----------
    name : str
        Family name, the ``family=`` partition value.
    module, function : str
        The kernel: ``module.function(results, **options)`` returns the standings frame.
    unit : tuple of str
        Columns naming the independent unit of computation (an event). Rows of one unit are never
        split between archive files, and a bad unit is skipped on its own.
    unit_optional : bool
        When the unit columns are absent, the whole partition is one unit (a league frame without
        a ``league`` column is one league).
    by_unit : str or None
        Keyword through which the kernel is told to group by the unit column when it is present
        (the league history is computed per league with ``by="league"``).
    tables : mapping of str to str
        Alternative kernels in the same module, chosen with the ``table`` option.
    converters : mapping of str to str
        Options given in a config file as a table (a mapping) and turned into an object by the
        named callable of the module before the call (the cards' custom ``Rules``).
    file_key : tuple of str
        Columns naming what one source file holds (events; tournaments of a league): when
        importing, two files may not hold the same one.
    options_of : str or None
        The function of the module whose keyword parameters are the kernel's options, for a
        kernel that hands its options on (``**options``: the chess and bridge archive kernels
        hand them to their standings); None: the kernel's own.
    """

    name: str
    module: str
    function: str
    unit: tuple[str, ...] = (EVENT,)
    unit_optional: bool = False
    by_unit: str | None = None
    tables: Mapping[str, str] = field(default_factory=dict)
    file_key: tuple[str, ...] = (EVENT,)
    converters: Mapping[str, str] = field(default_factory=dict)
    options_of: str | None = None

    def unit_columns(self, columns: Iterable[str]) -> list[str]:
        """The unit columns present among `columns`."""
        present = set(columns)
        return [c for c in self.unit if c in present]

    def options_signature(self, table: str | None = None) -> Any:
        """The signature (an ``inspect.Signature``) whose keyword parameters are the options of
        the kernel (`table`)."""
        kernel = self.kernel(table)
        if table is None and self.options_of is not None:
            kernel = getattr(importlib.import_module(self.module), self.options_of)
        return inspect.signature(kernel)

    def option_names(self, table: str | None = None) -> list[str]:
        """The options a configuration may give the kernel (`table`): its keyword parameters but
        the pooling ones (``by``, the unit's) and the frames the archive itself holds
        (``players``, ``events``, ``teams``: annotated as DataFrames)."""
        params = list(self.options_signature(table).parameters.values())[1:]
        return [
            p.name
            for p in params
            if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)
            and p.name not in ("by", self.by_unit)
            and "DataFrame" not in str(p.annotation)
        ]

    def kernel(self, table: str | None = None) -> Callable[..., pd.DataFrame]:
        """Import and return the kernel function (`table` picks an alternative)."""
        name = self.function if table is None else self.tables[table]
        try:
            module = importlib.import_module(self.module)
        except ModuleNotFoundError as exc:
            if exc.name != self.module:
                raise
            raise ValueError(f"family {self.name}: module {self.module} is not available") from exc
        try:
            return getattr(module, name)
        except AttributeError:
            raise ValueError(f"family {self.name}: {self.module} has no {name}()") from None


#: The families an archive can hold, and the kernel :func:`recompute` runs for each.
FAMILIES: dict[str, FamilySpec] = {
    "cards": FamilySpec(
        "cards", "tourneystats.cards", "archive_standings", converters={"rules": "Rules"}
    ),
    "chess": FamilySpec("chess", "tourneystats.chess", "archive_standings", options_of="standings"),
    "chess_teams": FamilySpec(
        "chess_teams", "tourneystats.chess", "archive_team_standings", options_of="team_standings"
    ),
    "bridge": FamilySpec(
        "bridge", "tourneystats.bridge", "archive_standings", options_of="standings"
    ),
    "bridge_teams": FamilySpec(
        "bridge_teams", "tourneystats.bridge", "archive_team_standings", options_of="team_standings"
    ),
    "league": FamilySpec(
        "league",
        "tourneystats.league",
        "history",
        unit=(LEAGUE,),
        unit_optional=True,
        by_unit="by",
        tables={"history": "history", "leaderboard": "leaderboard"},
        file_key=(LEAGUE, TOURNAMENT),
    ),
}


def _spec(family: str) -> FamilySpec:
    try:
        return FAMILIES[family]
    except (KeyError, TypeError):
        known = ", ".join(sorted(FAMILIES))
        raise ValueError(f"unknown family {family!r}; expected one of {known}") from None
