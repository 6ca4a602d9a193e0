"""The session-10 reader shapes load into the real server (issue 31): records whose file leaves out
a key the reader once required, and the Companies House resources read since. Each file's counts
add up (read = loaded + merged + quarantined), nothing is quarantined, and the edges they state
are in the graph. Files: held-out set 5's real files (tests/fixtures/reader_corpus, origins in its
README) and the test-built shapes of tests/ingest/test_uk_api_optional_blocks.py / _stream.py.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.graph.store.connection import Graph
from tests.cypher import q
from tests.ingest.test_uk_api_optional_blocks import CHARGES
from tests.ingest.test_uk_api_stream import EVENTS

SET5 = Path(__file__).resolve().parents[1] / "fixtures" / "reader_corpus" / "files" / "heldout5"


def test_unstated_keys_and_new_resources_load(graph: Graph, tmp_path: Path) -> None:
    shutil.copy(SET5 / "ch-api" / "cpscreening-ch_officers.json", tmp_path / "officers.json")  # no profile beside
    shutil.copy(SET5 / "ch-basic-csv" / "vatdiscovery-companies_house_sample.csv", tmp_path / "basic.csv")
    shutil.copy(SET5 / "sec-ownership-xml" / "daytrading-form4.xml", tmp_path / "form4.xml")
    (tmp_path / "charges.json").write_text(json.dumps(CHARGES))
    (tmp_path / "stream.jsonl").write_text("\n".join(json.dumps(e) for e in EVENTS[:4]) + "\n")
    (tmp_path / "psc.json").write_text(json.dumps({"items": [{  # a PSC list naming no company
        "name": "Jane Smith", "kind": "individual-person-with-significant-control", "notified_on": "2018-03-14",
        "natures_of_control": ["ownership-of-shares-75-to-100-percent"]}], "active_count": 1}))
    (tmp_path / "ftm.json").write_text(json.dumps({"id": "pb1", "schema": "PublicBody", "properties": {
        "country": ["fr"]}}))
    files = sorted(p for p in tmp_path.iterdir() if p.suffix in (".json", ".csv", ".xml", ".jsonl"))
    summary = ingest_paths(graph, files, quarantine_path=tmp_path / "q.jsonl")
    for f in summary.files:
        assert f.read == f.loaded + f.merged + f.quarantined and not f.quarantined and not f.not_read, f
        assert f.read > 0, f
    edges = {(r["type"], r["target"]) for name in ("officers.json", "charges.json", "form4.xml", "stream.jsonl",
                                                    "psc.json")
             for r in graph.read(q("edges_from_file"), file=name)}
    types = {t for t, _ in edges}
    assert {"CONTROLS", "LENDS_TO", "OWNS"} <= types, edges
    assert any(t == "CONTROLS" and str(target).startswith("Company not stated") for t, target in edges), edges
    assert any(t == "CONTROLS" and target == "ticker:AAPL" for t, target in edges), edges
    stubs = {target for t, target in edges if str(target).startswith("Company not stated")}
    assert len(stubs) == 2 and any("psc.json" in s for s in stubs), stubs  # one per list file
