"""bench.ingest.gleif_delta's parts: the copy and its last-day delta as XML documents (reused
when asked), and the per-query timer it puts on a graph (taken off again after)."""

from __future__ import annotations

from pathlib import Path

from bench.ingest.gleif_delta import QueryTimes, copy_and_delta
from ownergraph.graph.store.connection import Graph


def test_the_copy_and_its_delta_are_documents_and_are_reused(tmp_path: Path) -> None:
    base, delta, manifest = copy_and_delta(tmp_path, 0.0003, 0.002, 11, reuse=False)
    assert [p.name.split("-gleif-goldencopy-")[1] for p in base] == [
        "lei2-golden-copy.xml", "repex-golden-copy.xml", "rr-golden-copy.xml"]
    assert all("-last-day.xml" in p.name for p in delta) and len(delta) == 3
    assert manifest["delta"]["counts"] == {"lei": 18, "rr": 4, "repex": 33}
    stamp = delta[0].stat().st_mtime_ns
    again = copy_and_delta(tmp_path, 0.0003, 0.002, 11, reuse=True)
    assert again[1] == delta and delta[0].stat().st_mtime_ns == stamp


def test_query_times_count_calls_and_rows_then_leave_the_graph_as_it_was(graph: Graph) -> None:
    with QueryTimes(graph) as qt:
        graph.read("load_graph_has_entities")
        graph.read("load_graph_has_entities")
    assert qt.by_query["load_graph_has_entities"]["calls"] == 2
    assert "read" not in graph.__dict__
