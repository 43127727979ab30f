"""What a tournament file holds besides its results: the :class:`CardsFile` record of the readers
(:func:`~tourneystats.cards.read_mtg_json`, :func:`~tourneystats.cards.read_tom`)."""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import pandas as pd

#: column of a TOM file's results and standings: the player's age division ("masters", ...)
DIVISION = "division"
#: column of a TOM file's published standings: the place in the division
PLACE = "place"
#: column of the players frame: the player played a playoff (top-cut) round, which decides his
#: published place
PLAYOFFS = "playoffs"
#: columns of the events frame
PLATFORM, URI, GAME_SCORES = "platform", "uri", "game_scores"
#: column of the events frame: the first round of a top cut written as Swiss rounds (0: none)
CUT_ROUND = "cut_round"
#: column of the events frame of MTG JSON files: why its bracket rounds could not be read (None)
UNREAD = "bracket_unread"
#: column of the events frame of MTG JSON files: the most decimals any of its published OMWP, GWP,
#: OGWP is written with (0: none published), the format that marks a publisher's preset
#: (:func:`~tourneystats.cards.publishers.implied_presets`)
PRECISION = "published_decimals"


@dataclass(frozen=True)
class CardsFile:
    """The contents of card-tournament files: results, published standings, events and players.

    Attributes
    ----------
    results : pandas.DataFrame
        Match-level results of the Swiss rounds, ready for :func:`~tourneystats.cards.standings`:
        ``event, round, player, opponent, wins, losses, draws`` (a bye has no opponent), and for
        TOM files ``division``.
    published : pandas.DataFrame
        The standings the files publish, one row per event and player (as the file names them).
    events : pandas.DataFrame
        One row per event: ``event`` (the file's stem), ``file``, ``name``, ``date``, the
        ``platform`` that published it when known, and whether its results carry
        ``game_scores``.
    players : pandas.DataFrame
        One row per event and player: ``event, player, name``, ``playoffs`` (he played a playoff
        round: his published place comes from it), and for TOM files ``division`` and
        ``dropped_after`` (the round after which the player dropped).
    bracket : pandas.DataFrame or None
        Of MTG JSON files: the matches of the bracket rounds named ``Quarterfinals``,
        ``Semifinals``, ``Finals`` (left out of `results`), as results rows numbered after each
        event's Swiss rounds (``bracket_rows``); None for
        other files.
    """

    results: pd.DataFrame
    published: pd.DataFrame
    events: pd.DataFrame
    players: pd.DataFrame
    bracket: pd.DataFrame | None = None


def note(message: str, items: list[str], limit: int = 5) -> None:
    """One warning for many files: `message`, then the first `limit` `items`."""
    if not items:
        return
    shown = "; ".join(items[:limit]) + (
        f"; and {len(items) - limit} more" if len(items) > limit else ""
    )
    warnings.warn(f"{message}: {shown}", stacklevel=3)
