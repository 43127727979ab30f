"""Progress bars of the archive's long jobs (import, recompute)."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import Any


def _progress_bar(
    progress: bool | None, iterable: Iterable[Any] | None = None, **kwargs: Any
) -> Any:
    """A tqdm bar on stderr (a widget in Jupyter); `progress` None: only on a terminal."""
    from tqdm.auto import tqdm

    disable = None if progress is None else not progress
    return tqdm(iterable, disable=disable, file=sys.stderr, unit_scale=True, **kwargs)
