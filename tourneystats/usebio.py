"""Read USEBIO 1.2 XML result files (pairs events): :func:`read_usebio`.

The reader lives in :mod:`tourneystats.bridge.usebio` (where its documentation is: which
elements are read, and how the XML is parsed safely); this module keeps the public path
``tourneystats.usebio`` working.
"""

from .bridge.usebio import read_usebio

__all__ = ["read_usebio"]
