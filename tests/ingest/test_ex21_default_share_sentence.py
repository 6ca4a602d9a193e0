"""A list that states its rows' share once, in a sentence above them ("All controlled entities are
100% owned unless otherwise noted.": issue 31, set 16 as development data; text written anew): every
row without a share of its own is held at 100 %, a row stating its own keeps it."""

from __future__ import annotations

from pathlib import Path

from ownergraph.domain.model import Ownership
from ownergraph.ingest.formats import readers

TEXT = """Exhibit 8
All controlled entities are 100% owned unless otherwise noted.
The material controlled entities of the Group are:
|
Tasman Ridge Finance Limited
|
|
New Zealand
|
Kowhai Leasing Pty Ltd
|
|
Australia
|
Rimu Trust Company Limited (60%)
|
|
New Zealand
"""


def test_a_stated_default_share_is_each_rows_share(tmp_path: Path) -> None:
    path = tmp_path / "ex8-subsidiaries.htm.txt"
    path.write_text(TEXT)
    edges = {r.target.name: r.stake.exact if r.stake else None
             for r in readers()["sec-ex21"].read(path) if isinstance(r, Ownership)}
    assert edges["Tasman Ridge Finance Limited"] == 100
    assert edges["Kowhai Leasing Pty Ltd"] == 100
