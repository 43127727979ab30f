"""Read PBN 2.1 (Portable Bridge Notation) result files: :func:`read_pbn`.

The reader lives in :mod:`tourneystats.bridge.pbn` (where its documentation is: which tags and
tables are read, and how team games are told apart); this module keeps the public path
``tourneystats.pbn`` working.
"""

from .bridge.pbn import read_pbn

__all__ = ["read_pbn"]
