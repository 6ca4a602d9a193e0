"""A vector-store failure after a load is reported beside the load's counts, never instead of
them: the load is committed, and `ownergraph index` picks the documents up later. Real 8-K (the
Stockwalk filing; 1 document)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ownergraph.cli import main

FILING = Path(__file__).resolve().parents[1] / "fixtures" / "real" / "filings" / "8-K"


def test_an_index_failure_keeps_the_load_report(cli_on_test_graph, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    monkeypatch.setenv("OWNERGRAPH_HOME", str(tmp_path / "home"))

    def broken(*_a: object, **_k: object) -> None:
        # what the on-disk store raised in a real run (not an OwnergraphError)
        raise Exception("Blobstore error: Tracker journal payload_index is shorter than expected")

    monkeypatch.setattr("ownergraph.retrieval.text.disclosures.index_disclosures", broken)
    filing = sorted(FILING.glob("*"))[0]
    code = main(["ingest", str(filing), "--json", "--quarantine", str(tmp_path / "q.jsonl")])
    report = json.loads(capsys.readouterr().out)
    assert code == 0, report
    assert "error" not in report and report["totals"]["read"] >= 1
    assert report["index"]["error"]["unexpected"] is True
    assert "Blobstore error" in report["index"]["error"]["message"]
