import os

os.environ.setdefault("MPLBACKEND", "Agg")

import hypothesis_profiles  # noqa: F401  (the suite's hypothesis profiles, loaded)
import matplotlib
import pytest

matplotlib.use("Agg")


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    import matplotlib.pyplot as plt

    plt.close("all")
