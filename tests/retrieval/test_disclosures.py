"""Disclosure text retrieval tied to graph entities, filtered by knowledge time."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from ownergraph.domain.settings import Settings
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.retrieval.api import Ownergraph
from ownergraph.retrieval.text.disclosures import DisclosureRetriever
from tests.cypher import q

BUNDLE = Path(__file__).resolve().parents[2] / "examples" / "bundle"
HOLDINGS = "213800HBLHOLD1NGS054"


@pytest.fixture()
def retriever(graph: Graph, tmp_path: Path) -> DisclosureRetriever:
    ingest_paths(graph, [BUNDLE])
    return DisclosureRetriever.open(graph, Settings(home=tmp_path), sync=False)


def _doc_text(graph: Graph, document_id: str) -> str:
    return graph.read(q("document_text"), id=document_id)[0]["t"]


def test_sync_indexes_each_document_once(retriever: DisclosureRetriever) -> None:
    assert retriever.sync() > 0
    assert retriever.sync() == 0
    assert retriever.index.count() > 0


def test_search_returns_verbatim_sentences_with_offsets(retriever: DisclosureRetriever) -> None:
    retriever.sync()
    found = retriever.search("Which guarantees has Harbourline Holdings given?", [HOLDINGS],
                             known_at=datetime(2024, 12, 31, tzinfo=timezone.utc), budget="low")
    assert found
    for s in found:
        assert _doc_text(retriever.graph, s["document_id"])[s["start"]:s["end"]] == s["text"]
    assert any("guarantee" in s["text"].lower() for s in found)


def test_search_never_reads_filings_published_after_the_knowledge_date(retriever: DisclosureRetriever) -> None:
    retriever.sync()
    later = retriever.search("Which guarantees has Harbourline Holdings given?", [HOLDINGS],
                             known_at=datetime(2024, 12, 31, tzinfo=timezone.utc))
    earlier = retriever.search("Which guarantees has Harbourline Holdings given?", [HOLDINGS],
                               known_at=datetime(2024, 1, 1, tzinfo=timezone.utc))
    assert "HBL-AR-2023" in {s["document_id"] for s in later}  # filed 2024-04-26
    assert "HBL-AR-2023" not in {s["document_id"] for s in earlier}


def test_ask_cites_text_beside_graph_edges(graph: Graph, retriever: DisclosureRetriever) -> None:
    retriever.sync()
    og = Ownergraph(graph, text=retriever)
    a = og.ask("Who is hit if Harbourline Shipping Limited defaults?", as_of="2024-06-30")
    kinds = {s.kind for s in a.citations}
    assert kinds == {"edge", "text"}
    text_sources = [s for s in a.citations if s.kind == "text"]
    assert all(s.start is not None and s.document_id for s in text_sources)
