"""tourneystats.core.check and the ``check`` command: published against computed values."""

import numpy as np
import pandas as pd

from tourneystats.core.check import compare, decimals, summary


def test_values_agree_at_the_published_precision_whatever_the_rounding():
    published = pd.DataFrame({"player": ["a", "b", "c"], "omw": [0.667, 0.125, 0.5]})
    computed = pd.DataFrame({"player": ["a", "b", "c"], "omwp": [2 / 3, 0.1245, 0.5006]})
    table = compare(published, computed, keys=["player"], values={"omw": "omwp"})
    # 0.1245 rounds to 0.124 (half even) or 0.125 (half up): both agree; 0.5006 is 0.501
    assert table["equal"].tolist() == [True, True, False]
    assert decimals(published["omw"]) == 3


def test_missing_on_either_side_disagrees():
    published = pd.DataFrame({"player": ["a", "b"], "points": [3, 1]})
    computed = pd.DataFrame({"player": ["a", "c"], "match_points": [3, 0]})
    table = compare(published, computed, keys=["player"], values={"points": "match_points"})
    assert table.set_index("player")["equal"].to_dict() == {"a": True, "b": False, "c": False}
    assert np.isnan(table.set_index("player").loc["c", "published"])
    assert summary(table).splitlines()[0] == "3 published values compared: 1 equal, 2 different"
