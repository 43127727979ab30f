"""The league's options: how the virtual average rounds of the start weight are counted."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

PRIOR_MODES = ("top-up", "constant")


@dataclass(frozen=True)
class LeagueRules:
    """How the virtual average rounds are counted.

    Parameters
    ----------
    prior_rounds : int, default 10
        Start weight K: virtual rounds at the league's typical target.
    prior_mode : {"top-up", "constant"}, default "top-up"
        ``"top-up"``: max(0, K - rounds played); ``"constant"``: always K.

    Examples
    --------
    >>> from tourneystats import LeagueRules
    >>> LeagueRules(prior_rounds=5, prior_mode="constant")
    LeagueRules(prior_rounds=5, prior_mode='constant')
    >>> LeagueRules(prior_mode="fixed")
    Traceback (most recent call last):
    ...
    ValueError: prior_mode must be one of 'top-up', 'constant'; got 'fixed'
    """

    prior_rounds: int = 10
    prior_mode: str = "top-up"

    def __post_init__(self) -> None:
        k = self.prior_rounds
        if isinstance(k, bool) or not isinstance(k, int | np.integer) or k < 0:
            raise ValueError(f"prior_rounds must be a non-negative integer; got {k!r}")
        if self.prior_mode not in PRIOR_MODES:
            modes = ", ".join(repr(m) for m in PRIOR_MODES)
            raise ValueError(f"prior_mode must be one of {modes}; got {self.prior_mode!r}")


def _rules(prior_rounds: int | None, prior_mode: str | None) -> LeagueRules:
    """The rules of the keyword options; None means the default."""
    return LeagueRules(
        prior_rounds=10 if prior_rounds is None else prior_rounds,
        prior_mode="top-up" if prior_mode is None else prior_mode,
    )
