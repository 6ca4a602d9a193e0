"""graph.amendments' reading of document ids and claim keys, against what the document reader
gives for a real EDGAR submission (no Neo4j)."""

from __future__ import annotations

from pathlib import Path

from ownergraph.graph.load.amendments import accession, base_form, claim_prefix
from ownergraph.domain.model import CorporateAction, Disclosure, EdgeBase
from ownergraph.ingest.readers.documents import DocumentReader

FILING = Path(__file__).parents[1] / "fixtures" / "real" / "filings" / "8-K" / "1001136_8K_2000_0000950124-00-005735.txt"


def test_every_claim_key_begins_with_its_documents_prefix() -> None:
    records = list(DocumentReader().read(FILING))
    docs = [r for r in records if isinstance(r, Disclosure)]
    claims = [r for r in records if isinstance(r, EdgeBase | CorporateAction)]
    # the header: ACCESSION NUMBER 0000950124-00-005735, three <DOCUMENT>s, form 8-K
    assert [d.document_id for d in docs] == [f"0000950124-00-005735:{i}" for i in (1, 2, 3)]
    assert {accession(d.document_id) for d in docs} == {"0000950124-00-005735"}
    assert {d.form_type for d in docs} == {"8-K"} and {d.period for d in docs} == {"2000-09-08"}
    assert claims
    for c in claims:
        assert c.fact_key.startswith(claim_prefix(c.provenance.document_id)), c.fact_key


def test_forms_and_documents() -> None:
    assert base_form("10-K/A") == base_form("10-K") == "10-K"
    assert base_form("SC TO-T/A") == "SC TO-T"
    assert accession("hd-10-k-2025-03-21.html") == "hd-10-k-2025-03-21.html"  # a document on its own
