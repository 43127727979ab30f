"""FIDE Tournament Report Files (TRF-16 and TRF-2026): the public path ``tourneystats.trf``.

The code lives in :mod:`tourneystats.chess.trf` (the reader, and the documentation of the format:
records read, result codes and the ``kind`` each becomes) and :mod:`tourneystats.chess.trfwrite`
(the writer); this module re-exports them.
"""

from .chess.trf import COLOURS, KINDS, TRF_SUFFIXES, TrfData, read_trf, write_trf

__all__ = ["COLOURS", "KINDS", "TRF_SUFFIXES", "TrfData", "read_trf", "write_trf"]
