import os

os.environ.setdefault("MPLBACKEND", "Agg")

import matplotlib
import pytest
from hypothesis import settings

matplotlib.use("Agg")

settings.register_profile("default", max_examples=200, deadline=None, derandomize=True)
settings.register_profile("quick", max_examples=25, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    import matplotlib.pyplot as plt

    plt.close("all")
