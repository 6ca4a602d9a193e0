"""A list written as lines "Name \u2014 Incorporated in Place" (issue 31, set 16 as development data;
text written anew): each line is a row with its place, as "Name, incorporated in Place" was."""

from __future__ import annotations

from pathlib import Path

from ownergraph.domain.model import Ownership, Quarantined
from ownergraph.ingest.formats import readers

TEXT = """EXHIBIT 8.1
List of Principal Subsidiaries
Subsidiaries
Lumen Peak Network Technology (Shanghai) Co., Ltd. \u2014 Incorporated in the PRC
Lumen Peak Holdings Limited \u2014 Incorporated in the British Virgin Islands
Lumen Peak Japan Inc. \u2014 Incorporated in Japan
"""


def test_dash_incorporated_lines_are_rows_with_their_place(tmp_path: Path) -> None:
    path = tmp_path / "ex8-1-subsidiaries.htm.txt"
    path.write_text(TEXT, encoding="utf-8")
    records = list(readers()["sec-ex21"].read(path))
    assert not [q for q in records if isinstance(q, Quarantined)]
    edges = {r.target.name: r.target.jurisdiction for r in records if isinstance(r, Ownership)}
    assert set(edges) == {"Lumen Peak Network Technology (Shanghai) Co., Ltd.", "Lumen Peak Holdings Limited",
                          "Lumen Peak Japan Inc."}
    assert edges["Lumen Peak Japan Inc."] == "JP" and edges["Lumen Peak Holdings Limited"] == "VG"
