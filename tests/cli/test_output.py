"""``--json`` output is strict JSON: what a DataFrame leaves as NaN reaches the reader as null."""

from __future__ import annotations

import json
import math

import pandas as pd

from ownergraph.cli.output import dumps


def _strict_loads(text: str) -> object:
    def refuse(token: str) -> None:
        raise ValueError(f"not JSON: {token}")
    return json.loads(text, parse_constant=refuse)


def test_nan_and_infinity_become_null() -> None:
    data = {"stake": math.nan, "rows": [{"exposure": math.inf, "name": "A"}], "neg": -math.inf}
    assert _strict_loads(dumps(data)) == {"stake": None, "rows": [{"exposure": None, "name": "A"}], "neg": None}


def test_a_dataframe_with_missing_values_is_strict_json() -> None:
    frame = pd.DataFrame({"owner": ["A", "B"], "stake": [0.5, float("nan")]})
    assert _strict_loads(dumps({"rows": frame})) == {"rows": [{"owner": "A", "stake": 0.5},
                                                               {"owner": "B", "stake": None}]}


def test_ordinary_values_are_unchanged() -> None:
    data = {"name": "Harbourline", "n": 3, "share": 0.725, "flags": [True, None]}
    assert json.loads(dumps(data)) == data
