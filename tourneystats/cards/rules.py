"""Card-game rule sets: :class:`Rules` and the presets :data:`RULES`, publisher conventions as data.

Every convention a publisher follows is a field of :class:`Rules` with the Magic: The Gathering
Tournament Rules (Appendix C) as its default; a preset is a small :class:`Rules` object naming what
it changes and where that was found. A rule set of your own is built from the same fields
(``Rules(floor=0.25, ...)``, or ``dataclasses.replace(RULES["topdeck"], win=4, draw=2)``).

===============  =============================================  =======================================
preset           who, when                                      differs from ``mtg`` (Appendix C)
===============  =============================================  =======================================
mtg              Magic Tournament Rules, Appendix C             (the defaults)
melee            melee.gg until 2024-04-19                      floors 1/3; a 0-0-3 intentional draw
                                                                counts 3 games and 0 game points;
                                                                a rematch counts per meeting; a
                                                                top cut written as Swiss rounds, or a
                                                                second day of the leaders by
                                                                points, leaves the others their
                                                                standings before it;
                                                                Quarter-, Semifinals, Finals count
                                                                in their players' tie-breakers,
                                                                without match points; a player who
                                                                left may show earlier standings
                                                                (check only); OMW%, OGW% 0 without
                                                                an opponent
melee2024spring  melee.gg, 2024-04-20 to mid-May 2024           as melee, but a 0-0-3 draw is 3 drawn
                                                                games
melee2024        melee.gg from mid-May 2024 to mid-Nov. 2025    as melee, but a 0-0-3 draw is 3 drawn
                                                                games; distinct opponents (a rematch
                                                                once); 1/3 without an opponent; own
                                                                GW% not floored, and
                                                                ranked as shown; named playoff
                                                                rounds not counted; players who
                                                                left shown with earlier standings
                                                                listed last (check only)
melee2025        melee.gg from mid-November 2025                floors 1/3; distinct opponents; top
                                                                cut as melee; last digit approximate;
                                                                earlier standings listed last;
                                                                0.3333 without an opponent
manatraders      ManaTraders Series (2024)                      own GW% not floored; values shown
                                                                rounded half up to 3 decimals (0.1 %);
                                                                rounds played ranked after points
topdeck          topdeck.gg (2024-2025)                         own GW% not floored; distinct
                                                                opponents; no opponent -> 0.33; no
                                                                game scores (match results only)
cardsrealm       CardsRealm until mid-May 2025                  floors 1/3; rounds missed lost in the
                                                                MW% the opponents average; each %
                                                                rounded half even to 3 decimals as
                                                                computed (before averaging) and
                                                                ranked so; last digit approximate;
                                                                1 without an opponent
cardsrealm2025   CardsRealm from 2025-05-17                     as cardsrealm at 4 decimals, rounds
                                                                missed not counted; own GW% not
                                                                floored, ranked as shown; 0.1
                                                                without an opponent
pokemon          Play! Pokémon (TOM)                            3/1/0 with a tie worth 1/2 win in the
                                                                win %; floor 0.25; 0.75 cap if
                                                                dropped; byes out of the win %;
                                                                frozen drops; head-to-head; no games
===============  =============================================  =======================================

The evidence behind each preset (published standings reproduced value by value) is listed with
:data:`RULES` and in ``tests/data/README.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.check import LAST_DIGIT
from ..core.schema import (
    GAME_POINTS,
    GWP,
    MATCH_POINTS,
    MWP,
    OGWP,
    OMWP,
    OOMWP,
    ROUNDS,
    rule_key,
)

#: columns a :class:`Rules` order may name (all ranked descending)
ORDER_COLUMNS = (MATCH_POINTS, GAME_POINTS, ROUNDS, MWP, GWP, OMWP, OGWP, OOMWP)
#: values of :attr:`Rules.average_over`
AVERAGE_OVER = ("rounds", "opponents")
#: values of :attr:`Rules.earlier_standings`
EARLIER_STANDINGS = (None, "ranked", "listed_after")
#: values of :attr:`Rules.rounding`
ROUNDING = ("half_up", "half_even")


def _share(value: float | None, what: str) -> None:
    """Refuse a fraction outside 0..1 (None passes)."""
    if value is not None and not 0 <= value <= 1:
        raise ValueError(f"Rules.{what} must be between 0 and 1, got {value}")


@dataclass(frozen=True)
class Rules:
    """A card-game rule set: points, floors, byes, drops, averages, order and rounding.

    The defaults are the Magic: The Gathering rules (Appendix C); :data:`RULES` holds the presets.

    Parameters
    ----------
    name : str
        Label of the rule set.
    win, draw, loss : float
        Match points for a won, drawn and lost match (topdeck.gg events may use 4/2 or 5/1). The
        match-win % divides by ``win`` x rounds, so a draw counts ``draw / win`` of a win.
    game_win, game_draw, game_loss : float
        Game points for a won, drawn and lost game. The game-win % divides by ``game_win`` x games.
    floor : float
        Lowest match-win % and game-win % an opponent counts for in the opponents' averages
        (Appendix C: 0.33; melee.gg uses 1/3, Play! Pokémon 0.25).
    own_floor : float, optional
        Lowest match-win % and game-win % *shown* for the player himself (the ``mwp`` and
        ``gwp`` columns). ``None``: the same as `floor` (Appendix C). ``0``: not floored
        (ManaTraders, topdeck.gg and melee.gg from May 2024 to November 2025 publish game-win %
        below 0.33). The ranking compares them floored at `floor`, as Appendix C defines them
        (ManaTraders' ranks reproduce that way only: two players shown 0.0 and 0.2 tie at 0.33
        and OGW% decides), unless `ranked_as_shown`.
    ranked_as_shown : bool
        Rank on the player's own match-win % and game-win % as shown (at `own_floor`), not
        floored at `floor`: melee.gg from May 2024 to November 2025 places a player shown GW%
        0.333 ahead of one shown 0.0 where both have the same points and OMW%.
    bye : tuple of int
        The game score (wins, losses, draws) a bye counts as (2-0-0).
    bye_opponent : float, optional
        A bye's weight in the opponents' averages. ``None``: a bye is no opponent and is left out
        of them (Appendix C). A value: the bye counts as an opponent with that match-win % and
        game-win % (and opponents' match-win %) -- topdeck.gg counted its bye pseudo-player at
        0.33. With ``average_over="opponents"`` all byes of a player are one opponent.
    intentional_draw_game_points : float, optional
        Game points per drawn game of a match in which neither player won a game (an intentional
        draw, reported 0-0-3). ``None`` scores those games like any drawn game (``game_draw``,
        Appendix C). melee.gg until May 2024 counted the 3 games but gave 0 game points.
    forfeit_games : bool
        Whether the games of a loss to no one (a row without an opponent that reports a loss)
        count in the player's games and game points. melee.gg counts the match lost but not
        its games (a 0-2 loss to no one leaves the GW% as it was); CardsRealm counts them.
    drop_cap : float, optional
        Highest match-win % of a player who dropped (did not play the event's last round).
    byes_seen_by_opponents : bool
        Whether a player's byes count in the match-win % (and game-win %) his opponents average.
        ``False`` leaves the byes out of both numerator and denominator of that value (Pokémon: a
        bye is a win for the record but no round played in the win %); the player's own
        ``mwp``/``gwp`` always include them.
    missed_rounds_lost : bool
        A player's match-win % as his opponents average it divides his match points by the
        rounds his event held, not the rounds he played: a round he missed (he left, or came
        late) counts as lost (CardsRealm until May 2025: an opponent who left after two of four
        rounds with 6 points counts 0.5, not 1.0). His own match-win % is not changed.
    average_over : {"rounds", "opponents"}
        The opponents' averages are taken over the player's rounds ("rounds": a rematch counts
        once per round) or over his distinct opponents ("opponents": a rematch counts once,
        topdeck.gg).
    no_opponents : float, optional
        The opponents' averages of a player without any counted opponent (only byes, or losses
        to no one). ``None``: missing (NaN, ranked after every value); topdeck.gg publishes
        0.33, melee.gg 0 until May 2024, then 1/3, from November 2025 0.3333 (as printed).
    draw_share : float, optional
        The share of a win a drawn match counts for in the match-win %. ``None``: its match points
        over a win's (``draw / win``: 1/3 by Appendix C, 1/2 with topdeck.gg's 4/2 scheme). Play!
        Pokémon counts a tie as 1/2 win.
    game_scores : bool
        Whether the results carry game scores. ``False``: each row's counts are a match result
        (1-0-0 won, 0-1-0 lost, 0-0-1 drawn; topdeck.gg and TOM files have no game scores), and
        ``game_points``, ``gwp`` and ``ogwp`` are not computed (missing; ranked as equal).
    freeze_dropped : bool
        A player who dropped keeps the opponents' averages he had after his last round (those of
        the event cut there), as TOM does for Play! Pokémon; opponents still count his final
        record. Per event only (not with ``by=``).
    head_to_head : bool
        After `order`: when exactly two players are tied on every criterion and met, the one who
        won more of their matches ranks first (Play! Pokémon); otherwise they stay tied.
    frozen_before_cut : bool
        A file's top cut written as Swiss rounds (``Round 8``, ``Round 9``, ``Round 10`` with
        4, 2 and 1 matches after seven Swiss rounds: see
        :func:`~tourneystats.cards.read_mtg_json`) counts in the standings of the players who
        played it (their points, rounds, games and opponents), while the players who did not
        keep the standings of the Swiss rounds before it (melee.gg). So does a second day that
        only the leaders by points play, or the first N of the standings
        (``points_cuts``): the players who stopped before it
        keep their standings of the first day. Applied to
        the files of an archive: :func:`~tourneystats.cards.check_from_path`,
        :func:`~tourneystats.cards.file_report` and
        :func:`~tourneystats.cards.standings_from_path`
        (``standings_before_cut``); ``standings`` of a
        results frame does not know the cut and ranks every round.
    playoff_tiebreakers : bool
        A file's bracket rounds named ``Quarterfinals``, ``Semifinals`` and ``Finals`` (left out
        of the results: :func:`~tourneystats.cards.read_mtg_json`) count in the tie-breakers of
        their players as rounds that give no match points: the player's points stay those of the
        Swiss rounds, his match-win % as his opponents see it is those points over all his
        rounds, his game-win % counts the bracket's games, and each bracket meeting is one more
        opponent in his OMW% and OGW% (a rematch of the Swiss too). The other players keep their
        Swiss standings (melee.gg until May 2024); the places stay those of the Swiss rounds.
        Applied where the bracket is known: :func:`~tourneystats.cards.check_from_path`,
        :func:`~tourneystats.cards.file_report` and
        :func:`~tourneystats.cards.standings_from_path` of such files
        (``standings_with_bracket``), and
        :func:`~tourneystats.cards.archive_standings` of their rows in an archive, which
        marks the bracket's (column ``bracket``: ``tourneystats import``, ``recompute``). Not with
        `draw_share`, `drop_cap`, `bye_opponent`, `missed_rounds_lost` or byes unseen by
        opponents (refused: the bracket's match-win % is points over rounds).
    decimals : int, optional
        Show the percentages (``mwp``, ``gwp``, ``omwp``, ``ogwp``, ``oomwp``) rounded to this
        many decimals of the fraction, as the publisher prints them (ManaTraders: 3, i.e.
        0.1 %); the ranking still compares the exact values, as ManaTraders does (two players
        shown 0.490 are ordered by the digits not shown). ``None`` shows them exact
        (``tourneystats check`` compares at the published precision anyway).
    rounding : {"half_up", "half_even"}
        How `decimals` rounds (ManaTraders: half up; CardsRealm: half even, so 0.66665 is
        0.6666). Float noise below 1e-9 is removed first, so 0.6745 computed as
        0.67449999999999999 rounds to 0.675.
    rounded_averages : bool
        Round at every step, as the publisher computes, instead of showing exact values
        rounded: the match-win % and game-win % an opponent counts for are rounded to
        `decimals` before they are averaged, the opponents' averages are rounded, and the
        standings rank on these rounded values (the player's own percentages rounded too).
        CardsRealm: the opponents 1/3 and 1 average (0.3333 + 1.0) / 2 = 0.66665, shown and
        ranked 0.6666, below an exact 2/3 from 1/3, 2/3 and 1 (0.6667). Needs `decimals`.
    last_digit : {"rounded", "approximate"}
        How the publisher's last printed decimal relates to the value, for ``tourneystats
        check``: ``"rounded"`` (Appendix C prints no digits; every publisher rounding half up or
        half even agrees within half a unit), or ``"approximate"``: one unit off at times,
        truncated or rounded up (CardsRealm prints 2/3 as 0.6666 or 0.6667 and 5/6 as 0.8334;
        melee.gg from November 2025 prints 0.4523809 for 0.45238095), so a value agrees within
        one unit of the last decimal. The computed values are never rounded by it.
    earlier_standings : {None, "ranked", "listed_after"}
        For ``tourneystats check`` only: whether the publisher may show a player who left
        before the last Swiss round with his standings after an earlier round (the one his drop
        was recorded after; the file does not say which, so the standings cannot follow it),
        and so a player knocked out of a top cut written as Swiss rounds before its last round.
        ``None``: it shows every player's final standings. ``"ranked"``: such a player is
        ranked by the values shown among the others (melee.gg until May 2024).
        ``"listed_after"``: the players who left by the latest round any of them is shown at
        are listed after every player of their part who did not (melee.gg from May 2024; those
        knocked out of the top cut are ranked among its players by the values shown). The
        check marks those values (``published_after``, :mod:`~tourneystats.cards.earlier`), and
        the ranks that agree only once ranked with them; none counts as reproduced. Standings
        computed from results do not use it.
    published_records : bool
        For ``tourneystats check`` only: the file's published ``Wins``, ``Losses`` and
        ``Draws`` count the player's Swiss matches as its rounds give them (a bye a win, a loss
        to no one a loss), so the check compares them, and a record the rounds cannot give (a
        match missing from the file) makes the file ``inconsistent``, as published points do.
        CardsRealm (every record of its files reproduced whole agrees); melee.gg and topdeck.gg
        count their records otherwise (False).
    order : tuple of str
        Standings criteria, most important first, all descending; any of
        ``match_points, game_points, rounds, mwp, gwp, omwp, ogwp, oomwp`` (``rounds``: rounds
        played, so a player who dropped ranks after those with his points who did not, as on
        ManaTraders; ``oomwp``: opponents' opponents' match-win %, the mean of the opponents'
        ``omwp``, computed and shown only when ordered).

    Examples
    --------
    >>> from tourneystats.cards import RULES, Rules
    >>> RULES["melee"].floor == 1 / 3
    True
    >>> Rules(name="two-one", win=2, draw=1, floor=0.25, order=("match_points", "gwp")).order
    ('match_points', 'gwp')
    >>> from dataclasses import replace
    >>> replace(RULES["topdeck"], win=4, draw=2).average_over
    'opponents'
    """

    name: str = "custom"
    win: float = 3
    draw: float = 1
    loss: float = 0
    game_win: float = 3
    game_draw: float = 1
    game_loss: float = 0
    floor: float = 0.33
    own_floor: float | None = None
    bye: tuple[int, int, int] = (2, 0, 0)
    bye_opponent: float | None = None
    intentional_draw_game_points: float | None = None
    forfeit_games: bool = True
    drop_cap: float | None = None
    byes_seen_by_opponents: bool = True
    missed_rounds_lost: bool = False
    average_over: str = "rounds"
    no_opponents: float | None = None
    draw_share: float | None = None
    game_scores: bool = True
    freeze_dropped: bool = False
    head_to_head: bool = False
    frozen_before_cut: bool = False
    playoff_tiebreakers: bool = False
    decimals: int | None = None
    rounding: str = "half_up"
    rounded_averages: bool = False
    ranked_as_shown: bool = False
    last_digit: str = "rounded"
    earlier_standings: str | None = None
    published_records: bool = False
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
        for what in ("floor", "own_floor", "bye_opponent", "no_opponents", "draw_share"):
            _share(getattr(self, what), what)
        if self.drop_cap is not None and not self.floor <= self.drop_cap <= 1:
            raise ValueError(f"Rules.drop_cap must be between floor and 1, got {self.drop_cap}")
        if len(self.bye) != 3 or min(self.bye) < 0:
            raise ValueError(f"Rules.bye must be three non-negative counts, got {self.bye}")
        if self.average_over not in AVERAGE_OVER:
            raise ValueError(
                f"Rules.average_over must be one of {AVERAGE_OVER}, got {self.average_over!r}"
            )
        if self.playoff_tiebreakers:
            clash = [
                name
                for name, on in (
                    ("draw_share", self.draw_share is not None),
                    ("drop_cap", self.drop_cap is not None),
                    ("bye_opponent", self.bye_opponent is not None),
                    ("missed_rounds_lost", self.missed_rounds_lost),
                    ("byes_seen_by_opponents=False", not self.byes_seen_by_opponents),
                )
                if on
            ]
            if clash:
                raise ValueError(
                    f"Rules.playoff_tiebreakers cannot be combined with {', '.join(clash)} (the "
                    "bracket's match-win % is the Swiss points over all the rounds)"
                )
        if self.last_digit not in LAST_DIGIT:
            raise ValueError(
                f"Rules.last_digit must be one of {LAST_DIGIT}, got {self.last_digit!r}"
            )
        if self.earlier_standings not in EARLIER_STANDINGS:
            raise ValueError(
                f"Rules.earlier_standings must be one of {EARLIER_STANDINGS}, got "
                f"{self.earlier_standings!r}"
            )
        if self.rounding not in ROUNDING:
            raise ValueError(f"Rules.rounding must be one of {ROUNDING}, got {self.rounding!r}")
        if self.rounded_averages and self.decimals is None:
            raise ValueError("Rules.rounded_averages needs decimals (the precision rounded to)")
        if self.decimals is not None and (
            isinstance(self.decimals, bool)
            or not isinstance(self.decimals, int)
            or not 0 <= self.decimals <= 12
        ):
            raise ValueError(f"Rules.decimals must be a whole number 0..12, got {self.decimals!r}")

    @property
    def integral_points(self) -> bool:
        """Whether every point value is a whole number (points are then returned as integers).

        Examples
        --------
        >>> RULES["mtg"].integral_points, Rules(draw=0.5).integral_points
        (True, False)
        """
        values: tuple[float, ...]
        values = (self.win, self.draw, self.loss, self.game_win, self.game_draw, self.game_loss)
        values += (self.intentional_draw_game_points or 0,)
        return all(float(v).is_integer() for v in values)

    @property
    def lowest_own(self) -> float:
        """The floor of the player's own match-win % and game-win % (`own_floor`, else `floor`).

        Examples
        --------
        >>> RULES["mtg"].lowest_own, RULES["manatraders"].lowest_own
        (0.33, 0.0)
        """
        return self.floor if self.own_floor is None else float(self.own_floor)


#: melee.gg until 2024-04-19 (see its entry in :data:`RULES`), the base of the spring of 2024
_MELEE = Rules(
    name="melee",
    floor=1 / 3,
    intentional_draw_game_points=0,
    average_over="rounds",
    no_opponents=0.0,
    frozen_before_cut=True,
    playoff_tiebreakers=True,
    forfeit_games=False,
    earlier_standings="ranked",
)

#: the preset rule sets, by name; each is reproduced value by value on published standings
#: (``tests/test_cards_files.py``; counts in ``tests/data/README.md``)
RULES: dict[str, Rules] = {
    # Magic: The Gathering Tournament Rules, Appendix C (the defaults of every field)
    "mtg": Rules(name="mtg"),
    # melee.gg until mid-May 2024 (the 2023 event of tests/data/cards and the events of early
    # 2024 in the MTGODecklistCache archive): floor 1/3 everywhere, a 0-0-3 intentional draw
    # counts 3 games and 0 game points, the bracket (Quarterfinals, Semifinals, Finals) in its
    # players' tie-breakers without points (OMWP of 336, OGWP of 327, GWP of 345 of the 362
    # bracket players of the archive's 53 such files reproduced that way; 22, 18, 29 without);
    # a rematch counts once per meeting, in the Swiss or a top cut (the archive's files of the
    # period: 95 values reproduced that way only, in 11 files, 4 only once in one file, of a
    # final that repeated a Swiss round; melee.gg counts a rematch once from May 2024); a player
    # without a counted opponent (a bye or a loss to no one only) has OMW% and OGW% 0 (3 players
    # of the period), from May 2024 1/3 (30 players), from November 2025 0.3333 as printed (29
    # players from 2025-11-29; one of 2025-11-21 printed 0.33333333)
    "melee": _MELEE,
    # melee.gg from 2024-04-20 to mid-May 2024: as melee, but a 0-0-3 intentional draw is 3
    # drawn games (as from mid-May). Of the archive's files of 2024 with such a draw whose
    # values the two readings change, 40 of the 41 from 2024-04-20 to 05-14 have more values
    # reproduced so (4 of the 5 whose points agree), 145 of the 146 before have fewer
    "melee2024spring": replace(_MELEE, name="melee2024spring", intentional_draw_game_points=None),
    # melee.gg from mid-May 2024 to mid-November 2025: floor 1/3 for the opponents, the player's
    # own game-win % shown unfloored and ranked so, a 0-0-3 intentional draw is 3 drawn games
    "melee2024": Rules(
        name="melee2024",
        floor=1 / 3,
        no_opponents=1 / 3,
        earlier_standings="listed_after",
        own_floor=0,
        ranked_as_shown=True,
        average_over="opponents",
        frozen_before_cut=True,
        forfeit_games=False,
    ),
    # melee.gg from mid-November 2025: floor 1/3 everywhere, intentional draws as drawn games;
    # the 7th printed decimal is truncated or rounded up at times (last_digit)
    "melee2025": Rules(
        name="melee2025",
        floor=1 / 3,
        no_opponents=0.3333,
        earlier_standings="listed_after",
        average_over="opponents",
        frozen_before_cut=True,
        forfeit_games=False,
        last_digit="approximate",
    ),
    # ManaTraders Series (2024; the research reproduced 552 of 552 values of 6 events, the two
    # samples here every value and rank): floor 0.33 for the opponents, own game-win % shown
    # unfloored (ranked floored), values printed to 0.1 % (rounded half up); a player who
    # dropped ranks after the players with his points who played more rounds
    "manatraders": Rules(
        name="manatraders",
        own_floor=0,
        decimals=3,
        order=(MATCH_POINTS, ROUNDS, OMWP, GWP, OGWP),
    ),
    # topdeck.gg (2024-2025; 130 events): floor 0.33, own game-win % not floored, averages over
    # distinct opponents, 0.33 for a player without opponents, match results only. Events may
    # set other points (4/2, 5/1): dataclasses.replace(RULES["topdeck"], win=4, draw=2)
    "topdeck": Rules(
        name="topdeck", own_floor=0, average_over="opponents", no_opponents=0.33, game_scores=False
    ),
    # CardsRealm (mtg.cardsrealm.com, 2025-2026; 537 events) until 2025-05-16 (its 123 files
    # with game-win % all publish none below 1/3): floor 1/3 everywhere; an opponent's
    # match-win % over the rounds the event held (rounds missed lost: in its 105 files whose
    # points agree, OMW% 3,488/3,548 and ranks 3,287/3,452 reproduced, against 2,642 and 2,278
    # over the rounds each opponent played); a bye is written as a match
    # against "Bye" (either side), a loss to "Bye" or to no one is a loss (read_mtg_json). It
    # rounds each percentage where it computes it, half even to the 3 decimals it prints: each
    # opponent's MW% and GW% before averaging them, the averages after, and ranks on those
    # (rounded_averages; the archive's OMW% 3,488 and OGW% 3,423 of the values that agree
    # within one unit reproduced to the last digit, against 3,151 and 3,025 rounding the exact
    # mean half up); one file prints one unit off at times (last_digit)
    # its published Wins/Losses/Draws are the rounds' matches (published_records): all 8,830
    # players of its 363 files reproduced whole agree, 3,471 of them players who left; in its
    # other files 211 players are published 1 or 2 losses their rounds do not hold; a player
    # without a counted opponent (a bye only) has OMW% and OGW% 1 (the one such player)
    "cardsrealm": Rules(
        name="cardsrealm",
        published_records=True,
        floor=1 / 3,
        no_opponents=1.0,
        missed_rounds_lost=True,
        decimals=3,
        rounding="half_even",
        rounded_averages=True,
        last_digit="approximate",
    ),
    # CardsRealm from 2025-05-17: the player's own game-win % shown unfloored (0.2; 0.0588) and
    # ranked as shown; rounded as `cardsrealm` at 4 decimals (OMW% 11,168 of 11,170 and OGW%
    # 11,066 of 11,066 of the archive's values that agree within one unit reproduced to the last
    # digit); in its files whose values all agree, every rank is reproduced so; a player
    # without a counted opponent (a bye only) has OMW% and OGW% 0.1 as printed (all three
    # such players, 2025-07 to 2025-12)
    "cardsrealm2025": Rules(
        name="cardsrealm2025",
        published_records=True,
        floor=1 / 3,
        no_opponents=0.1,
        own_floor=0,
        ranked_as_shown=True,
        decimals=4,
        rounding="half_even",
        rounded_averages=True,
        last_digit="approximate",
    ),
    # Play! Pokémon Tournament Rules Handbook (5.3, 5.5, 5.6) as TOM computes it: a tie is half a
    # win in the win % (third-party evidence: the real files cannot tell 1/2 from 1/3, see
    # tests/data/README.md), byes are wins but no rounds played in the win % opponents average,
    # floor 0.25, cap 0.75 for dropped players, a dropped player keeps his tie-breakers (needed
    # by the real files), head-to-head for two tied players who met (handbook 5.5.1.1; no real
    # file exercises it); TOM's places reproduced 35 of 35
    "pokemon": Rules(
        name="pokemon",
        floor=0.25,
        drop_cap=0.75,
        byes_seen_by_opponents=False,
        draw_share=0.5,
        game_scores=False,
        freeze_dropped=True,
        head_to_head=True,
        order=(MATCH_POINTS, OMWP, OOMWP),
    ),
}


def get_rules(rules: str | Rules) -> Rules:
    """Return the :class:`Rules` for a preset name or a :class:`Rules` object.

    Parameters
    ----------
    rules : str or Rules
        A preset name (a key of :data:`RULES`: ``"mtg"``, ``"melee"``, ``"pokemon"``, ...) or a
        :class:`Rules` of your own, returned as it is.

    Returns
    -------
    Rules
        The rule set.

    Raises
    ------
    ValueError
        For an unknown preset name.

    Examples
    --------
    >>> from tourneystats.cards import get_rules
    >>> get_rules("pokemon").floor
    0.25
    """
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        try:
            return RULES[rule_key(rules)]
        except KeyError:
            raise ValueError(
                f"unknown card-game rules {rules!r}; presets are {', '.join(RULES)}"
            ) from None
    raise TypeError(f"rules must be a preset name or a Rules object, got {type(rules).__name__}")
