"""Historical archives (being split into modules; see :mod:`tourneystats.archive.dataset`)."""

from . import dataset
from .dataset import *  # noqa: F403
from .dataset import (  # noqa: F401
    CHUNK_ROWS,
    DASK_HINT,
    LOCAL_CLUSTER_CONFIG,
    __all__,
    __doc__,
)
