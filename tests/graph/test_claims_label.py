"""How a text claim is labelled for a reader: "stated in <document>, p. N", the extractor, its
confidence and the sentence (no Neo4j: the label is built from the stored properties)."""

from __future__ import annotations

from pathlib import Path

from ownergraph.graph.load.rows import claim_props
from ownergraph.graph.load.claims import claim_note, claim_source, status_of
from ownergraph.ingest.readers.documents import DocumentReader

COTELLIGENT = (Path(__file__).parents[1] / "fixtures" / "real" / "filings" / "8-K"
               / "1004963_8K_1996_0000899243-96-000861.txt")


def test_paged_edgar_claim_is_labelled_with_its_page() -> None:
    # EX-99.1 (the submission's 2nd document) of the Cotelligent 8-K: the opinion letter's "I have
    # acted as counsel to Buyer in connection with Buyer's acquisition of the stock of the Company by
    # merging Newco, a wholly-owned subsidiary of Buyer with and into the Company" follows 48 <PAGE>
    # lines of that document (counted in the file): page 49.
    recs = [r for r in DocumentReader().read(COTELLIGENT) if getattr(r, "provenance", None) and r.provenance.claim]
    rec = next(r for r in recs if "I have acted as counsel to Buyer" in r.provenance.claim.quote)
    props = {"document_id": rec.provenance.document_id, **claim_props(rec)}
    assert claim_source(props) == "stated in 0000899243-96-000861:2, p. 49"
    note = claim_note(props)
    assert note.startswith("stated in 0000899243-96-000861:2, p. 49 (pattern:") and "confidence 0.90" in note
    assert "\u201cI have acted as counsel to Buyer" in note


def test_status_a_decision_wins_over_the_threshold() -> None:
    assert status_of(0.35, None, 0.5) == "pending" and status_of(0.9, None, 0.5) == "admitted"
    assert status_of(0.35, "accepted", 0.5) == "accepted" and status_of(0.9, "rejected", 0.5) == "rejected"
    assert status_of(0.35, None, 0.3) == "admitted"
