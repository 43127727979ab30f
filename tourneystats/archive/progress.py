"""Progress bars of the archive's long jobs (import, recompute)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..core.parallel import progress_bar


def _progress_bar(
    progress: bool | None, iterable: Iterable[Any] | None = None, **kwargs: Any
) -> Any:
    """A tqdm bar on stderr (a widget in Jupyter); `progress` None: only on a terminal, and not
    in continuous integration (:func:`~tourneystats.core.parallel.show_progress`)."""
    if iterable is not None:
        kwargs["iterable"] = iterable
    return progress_bar(progress, **kwargs)
