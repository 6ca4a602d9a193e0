"""Documents through the normal loader: text claims as edges marked apart from registry facts,
the document text stored for the vector index, and re-ingesting the same document a no-op."""

from __future__ import annotations

from pathlib import Path

from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.pipeline import ingest_paths
from tests.cypher import q

FILING = Path(__file__).parents[1] / "fixtures" / "real" / "filings" / "8-K" / "100493_8K_2015_0000100493-15-000041.htm"


def test_document_claims_load_cited_and_reingest_is_a_no_op(graph: Graph) -> None:
    first = ingest_paths(graph, [FILING], document_options={"filed_at": None})
    assert first.files[0].format == "document" and first.files[0].loaded > 0
    claims = graph.read(q("text_claims"))
    # "On April 7, 2015, Tyson Foods, Inc. (the “Company”) entered into a Term Loan Agreement (the
    # “Term Loan Agreement”) with Bank of America, N.A., as lender (the “Lender”)."
    loan = next(c for c in claims if c["type"] == "LENDS_TO")
    assert (loan["source"], loan["target"]) == ("Bank of America, N.A", "Tyson Foods, Inc")
    doc = graph.read(q("document_stored"), document_id=loan["document_id"])[0]
    assert doc["text"][loan["start"]:loan["end"]] == loan["quote"]  # the indexed text is the cited text
    assert doc["form_type"] == "8-K"
    again = ingest_paths(graph, [FILING])
    assert again.files[0].loaded == 0 and again.files[0].merged == first.files[0].loaded
    assert graph.read(q("text_claims")) == claims
    assert graph.read(q("document_stored"), document_id=loan["document_id"])[0]["statement_id"] == doc["statement_id"]
