"""An Exhibit 21 whose title names the registrant and then says what it is ("A Delaware
Corporation,") before the list's heading (issue 31, set 16 as development data; text written anew):
the parent is the name, not its description, and the name's trailing comma is no part of it."""

from __future__ import annotations

from pathlib import Path

from ownergraph.domain.model import Ownership
from ownergraph.ingest.formats import readers

TEXT = """EXHIBIT 21.1
HALVERSON TOOLING INC.,
A Delaware Corporation,
Global Subsidiaries as of March 1, 2003
Europe Region
|Name of Subsidiary
|Jurisdiction
|1.
|
Halverson Tooling GmbH
|Germany
|2.
|
Halverson Tooling B.V.
|Netherlands
|3.
|
Halverson Tooling Iberica S.L.
|Spain
"""


def test_the_parent_is_the_name_above_its_description(tmp_path: Path) -> None:
    path = tmp_path / "ex21.txt"
    path.write_text(TEXT)
    edges = [r for r in readers()["sec-ex21"].read(path) if isinstance(r, Ownership)]
    assert {e.target.name for e in edges} == {"Halverson Tooling GmbH", "Halverson Tooling B.V.",
                                              "Halverson Tooling Iberica S.L."}
    assert {e.source.name for e in edges} == {"HALVERSON TOOLING INC."}
