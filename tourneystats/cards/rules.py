"""Card-game rule sets: :class:`Rules` and the presets :data:`RULES` (mtg, melee, pokemon)."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.schema import GAME_POINTS, GWP, MATCH_POINTS, MWP, OGWP, OMWP, OOMWP

#: columns a :class:`Rules` order may name (all ranked descending)
ORDER_COLUMNS = (MATCH_POINTS, GAME_POINTS, MWP, GWP, OMWP, OGWP, OOMWP)


@dataclass(frozen=True)
class Rules:
    """A card-game rule set: points, percentage floor, byes, drops and the order of the standings.

    The defaults are the Magic: The Gathering rules (Appendix C); :data:`RULES` holds the presets.

    Parameters
    ----------
    name : str
        Label of the rule set.
    win, draw, loss : float
        Match points for a won, drawn and lost match. The match-win % divides by ``win`` x rounds.
    game_win, game_draw, game_loss : float
        Game points for a won, drawn and lost game. The game-win % divides by ``game_win`` x games.
    floor : float
        Lowest match-win % and game-win % a player is credited with (0.33; melee.gg uses 1/3).
    bye : tuple of int
        The game score (wins, losses, draws) a bye counts as (2-0-0).
    intentional_draw_game_points : float, optional
        Game points per drawn game of a match in which neither player won a game (an intentional
        draw, reported 0-0-3). ``None`` scores those games like any drawn game (``game_draw``).
        melee.gg counts the 3 games but gives 0 game points.
    drop_cap : float, optional
        Highest match-win % of a player who dropped (did not play the event's last round).
    byes_seen_by_opponents : bool
        Whether a player's byes count in the match-win % (and game-win %) his opponents average.
        ``False`` leaves the byes out of both numerator and denominator of that value (Pokémon);
        the player's own ``mwp``/``gwp`` always include them.
    order : tuple of str
        Standings criteria, most important first, all descending; any of
        ``match_points, game_points, mwp, gwp, omwp, ogwp, oomwp`` (opponents' opponents' match-win %,
        the mean of the opponents' ``omwp``). ``oomwp`` is computed and shown only when ordered.

    Examples
    --------
    >>> RULES["melee"].floor == 1 / 3
    True
    >>> Rules(name="two-one", win=2, draw=1, floor=0.25, order=("match_points", "gwp")).order
    ('match_points', 'gwp')
    """

    name: str = "custom"
    win: float = 3
    draw: float = 1
    loss: float = 0
    game_win: float = 3
    game_draw: float = 1
    game_loss: float = 0
    floor: float = 0.33
    bye: tuple[int, int, int] = (2, 0, 0)
    intentional_draw_game_points: float | None = None
    drop_cap: float | None = None
    byes_seen_by_opponents: bool = True
    order: tuple[str, ...] = (MATCH_POINTS, OMWP, GWP, OGWP)

    def __post_init__(self) -> None:
        object.__setattr__(self, "order", tuple(self.order))
        object.__setattr__(self, "bye", tuple(int(x) for x in self.bye))
        if not self.order or len(set(self.order)) != len(self.order):
            raise ValueError(f"Rules.order must list distinct criteria, got {self.order!r}")
        unknown = [c for c in self.order if c not in ORDER_COLUMNS]
        if unknown:
            raise ValueError(
                f"Rules.order: unknown criteria {unknown}; choose from {ORDER_COLUMNS}"
            )
        if not self.win > 0 or not self.game_win > 0:
            raise ValueError("Rules: win and game_win must be positive")
        if not 0 <= self.floor <= 1:
            raise ValueError(f"Rules.floor must be between 0 and 1, got {self.floor}")
        if self.drop_cap is not None and not self.floor <= self.drop_cap <= 1:
            raise ValueError(f"Rules.drop_cap must be between floor and 1, got {self.drop_cap}")
        if len(self.bye) != 3 or min(self.bye) < 0:
            raise ValueError(f"Rules.bye must be three non-negative counts, got {self.bye}")

    @property
    def integral_points(self) -> bool:
        """Whether every point value is a whole number (points are then returned as integers).

        Examples
        --------
        >>> RULES["mtg"].integral_points, Rules(draw=0.5).integral_points
        (True, False)
        """
        values = (self.win, self.draw, self.loss, self.game_win, self.game_draw, self.game_loss)
        values += (self.intentional_draw_game_points or 0,)
        return all(float(v).is_integer() for v in values)


#: the preset rule sets, by name
RULES: dict[str, Rules] = {
    "mtg": Rules(name="mtg"),
    "melee": Rules(name="melee", floor=1 / 3, intentional_draw_game_points=0),
    "pokemon": Rules(
        name="pokemon",
        floor=0.25,
        drop_cap=0.75,
        byes_seen_by_opponents=False,
        order=(MATCH_POINTS, OMWP, OOMWP),
    ),
}


def get_rules(rules: str | Rules) -> Rules:
    """Return the :class:`Rules` for a preset name or a :class:`Rules` object.

    Examples
    --------
    >>> get_rules("pokemon").floor
    0.25
    """
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        try:
            return RULES[rules.lower()]
        except KeyError:
            raise ValueError(
                f"unknown card-game rules {rules!r}; presets are {', '.join(RULES)}"
            ) from None
    raise TypeError(f"rules must be a preset name or a Rules object, got {type(rules).__name__}")
