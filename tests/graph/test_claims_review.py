"""Text claims kept apart from registry facts: analytics use a relationship read from a document
only at or above the claim threshold or once a person accepted it; below it, it waits in the
review queue (accept / reject / undo, stored as (:ClaimDecision) nodes)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from ownergraph.graph.analytics.api import Analytics
from ownergraph.graph.claims import claims_at, decide, decisions, review_items, undo
from ownergraph.graph.connection import Graph
from ownergraph.graph.pipeline import ingest_paths
from ownergraph.ingest.errors import ReviewError
from tests.graph.analytics.test_cli import run  # noqa: F401  (fixture)

FILINGS = Path(__file__).parents[1] / "fixtures" / "real" / "filings" / "8-K"
# Disney 8-K, Item 1.01, first sentence (read in the file): "On June 20, 2018, The Walt Disney Company
# (“Disney”), TWDC Holdco 613 Corp., a Delaware corporation and wholly owned subsidiary of Disney
# (“New Disney”), ... entered into an Amended and Restated Agreement and Plan of Merger". The
# parent/subsidiary fact sits in a merger-agreement sentence, which the offline extractor reads as
# hedged (confidence 0.35): it waits for review. The cover page: "Date of Report ...: June 20, 2018".
DISNEY = FILINGS / "1001039_8K_2018_0000950157-18-000744.htm"
AS_OF = "2018-07-01"


def _disney_claim(graph: Graph, status: str | None = "pending"):
    return next(i for i in review_items(graph, status) if i.source_name == "The Walt Disney Company"
                and (i.target_name or "").startswith("TWDC Holdco 613 Corp"))


def _disney_owns(graph: Graph) -> bool:
    res = Analytics(graph).ownership.owners("TWDC Holdco 613 Corp", as_of=AS_OF)
    return any(r.name == "The Walt Disney Company" and r.status == "certainly" for r in res.rows)


def test_pending_claim_waits_accept_admits_undo_restores(graph: Graph) -> None:
    ingest_paths(graph, [DISNEY], document_options={"filed_at": date(2018, 6, 20)})
    item = _disney_claim(graph)
    assert item.confidence < 0.5 and item.stake == 1.0 and item.method.startswith("pattern:")
    assert "wholly owned subsidiary of Disney" in " ".join(item.quote.split())
    assert not _disney_owns(graph)  # below the threshold: not a fact for analytics

    d = decide(graph, item.claim_id[:10], "accepted", reason="Item 1.01 states it as a fact")
    assert _disney_claim(graph, "accepted").decision_id == d["decision_id"]
    assert _disney_owns(graph)
    assert item.claim_id not in {i.claim_id for i in review_items(graph)}  # left the queue

    undo(graph, d["decision_id"], reason="second look")
    assert _disney_claim(graph).status == "pending" and not _disney_owns(graph)
    with pytest.raises(ReviewError, match="already undone"):
        undo(graph, d["decision_id"])
    assert [x["status"] for x in decisions(graph)] == ["accepted"] and decisions(graph)[0]["undone_at"]


def test_threshold_admits_and_reject_wins(graph: Graph) -> None:
    ingest_paths(graph, [DISNEY], document_options={"filed_at": date(2018, 6, 20)})
    item = _disney_claim(graph)
    with claims_at(0.3):
        assert _disney_owns(graph)
        assert _disney_claim(graph, "admitted").claim_id == item.claim_id
        decide(graph, item.claim_id, "rejected", reason="the merger agreement, not the ownership")
        assert not _disney_owns(graph)  # a rejected claim never takes part
    with pytest.raises(ReviewError, match="no text claim"):
        decide(graph, "ffffffffffff", "accepted")


def test_review_cli_and_owners_cite_the_sentence(graph: Graph, run) -> None:  # noqa: F811
    ingest_paths(graph, [DISNEY], document_options={"filed_at": date(2018, 6, 20)})
    code, out = run("review", "list", "--json")
    assert code == 0, out
    listed = json.loads(out)
    assert listed["threshold"] == 0.5
    claim = next(c for c in listed["claims"] if c["source_name"] == "The Walt Disney Company"
                 and c["target_name"].startswith("TWDC Holdco 613 Corp"))
    code, out = run("review", "list")
    assert code == 0 and claim["claim_id"][:12] in out and "wholly owned subsidiary of Disney" in out
    code, out = run("owners", "TWDC Holdco 613 Corp", "--as-of", AS_OF)
    assert code == 0 and "The Walt Disney Company" not in out.split("\n", 1)[1]
    code, out = run("owners", "TWDC Holdco 613 Corp", "--as-of", AS_OF, "--min-claim-confidence", "0.3")
    assert code == 0 and "The Walt Disney Company" in out
    assert "stated in" in out and "wholly owned subsidiary of Disney" in out  # labelled, with the sentence
    code, out = run("review", "accept", claim["claim_id"][:12], "--json")
    assert code == 0 and json.loads(out)["status"] == "accepted"
    code, out = run("owners", "TWDC Holdco 613 Corp", "--as-of", AS_OF)
    assert code == 0 and "The Walt Disney Company" in out
