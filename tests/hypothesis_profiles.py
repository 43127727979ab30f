"""The suite's hypothesis profiles, and the examples a test asks for scaled to the one loaded.

``HYPOTHESIS_PROFILE=quick pytest`` (CI's run on the lowest supported versions) runs every
property test with an eighth of its examples, those that name their own count included.
"""

from __future__ import annotations

import os

from hypothesis import settings

#: the examples of a test that names no count, in the default profile
DEFAULT = 200

settings.register_profile("default", max_examples=DEFAULT, deadline=None, derandomize=True)
settings.register_profile("quick", max_examples=DEFAULT // 8, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def examples(n: int) -> int:
    """`n` examples in the default profile, as many in proportion in the profile loaded (at
    least 5)."""
    return max(5, round(n * settings.default.max_examples / DEFAULT))
