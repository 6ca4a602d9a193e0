"""Text claims kept apart from registry facts: analytics use a relationship read from a document
only at or above the claim threshold or once a person accepted it; below it, it waits in the
review queue (accept / reject / undo, stored as (:ClaimDecision) nodes)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from ownergraph.graph.analytics.api import Analytics
from ownergraph.graph.load.claims import claims_at, decide, decisions, review_items, undo
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.domain.errors import ReviewError
from tests.graph.analytics.test_cli import run  # noqa: F401  (fixture)
from tests.retrieval.fake_openai import fake_openai  # noqa: F401  (fixture)

FILINGS = Path(__file__).parents[1] / "fixtures" / "real" / "filings" / "8-K"
# Home Health Corp of America 8-K (full submission, "FILED AS OF DATE: 19971007"), Item 5, read in
# the file: "Under the terms of the Merger Agreement, USHO will become a wholly-owned subsidiary of
# HHCA, ..." with HHCA = Home Health Corporation of America, Inc. and USHO = U.S. HomeCare Corporation
# defined in the sentence before. A future statement: the offline extractor reads it as hedged
# (confidence 0.35), so it waits for review.
HHCA = FILINGS / "1000685_8K_1997_0001036050-97-000815.txt"
PARENT, CHILD = "Home Health Corporation of America, Inc.", "U.S. HomeCare Corporation"
QUOTE = "will become a wholly-owned subsidiary of HHCA"
AS_OF = "1997-11-01"


def _ingest(graph: Graph) -> None:
    ingest_paths(graph, [HHCA], document_options={"filed_at": date(1997, 10, 7)})


def _hedged_claim(graph: Graph, status: str | None = "pending"):
    return next(i for i in review_items(graph, status) if i.source_name == PARENT and i.target_name == CHILD)


def _parent_owns(graph: Graph) -> bool:
    res = Analytics(graph).ownership.owners(CHILD, as_of=AS_OF)
    return any(r.name == PARENT and r.status == "certainly" for r in res.rows)


def test_pending_claim_waits_accept_admits_undo_restores(graph: Graph) -> None:
    _ingest(graph)
    item = _hedged_claim(graph)
    assert item.confidence < 0.5 and item.stake == 1.0 and item.method.startswith("pattern:")
    assert QUOTE in " ".join(item.quote.split())
    assert not _parent_owns(graph)  # below the threshold: not a fact for analytics

    d = decide(graph, item.claim_id[:10], "accepted", reason="the merger closed")
    assert _hedged_claim(graph, "accepted").decision_id == d["decision_id"]
    assert _parent_owns(graph)
    assert item.claim_id not in {i.claim_id for i in review_items(graph)}  # left the queue

    undo(graph, d["decision_id"], reason="second look")
    assert _hedged_claim(graph).status == "pending" and not _parent_owns(graph)
    with pytest.raises(ReviewError, match="already undone"):
        undo(graph, d["decision_id"])
    assert [x["status"] for x in decisions(graph)] == ["accepted"] and decisions(graph)[0]["undone_at"]


def test_threshold_admits_and_reject_wins(graph: Graph) -> None:
    _ingest(graph)
    item = _hedged_claim(graph)
    with claims_at(0.3):
        assert _parent_owns(graph)
        pair = [i for i in review_items(graph, "admitted") if i.source_name == PARENT and i.target_name == CHILD]
        # stated twice: Item 5 and the merger agreement's recital ("WHEREAS, ... the Company will become
        # a wholly owned subsidiary of Parent", the exhibit's Company being U.S. HomeCare)
        assert item.claim_id in {i.claim_id for i in pair} and len(pair) == 2
        for claim in pair:
            decide(graph, claim.claim_id, "rejected", reason="the merger agreement, not the ownership")
            if claim is not pair[-1]:
                assert _parent_owns(graph)  # the other statement still holds
        assert not _parent_owns(graph)  # a rejected claim never takes part
    with pytest.raises(ReviewError, match="no text claim"):
        decide(graph, "ffffffffffff", "accepted")


def test_review_cli_and_owners_cite_the_sentence(graph: Graph, run) -> None:  # noqa: F811
    _ingest(graph)
    code, out = run("review", "list", "--json")
    assert code == 0, out
    listed = json.loads(out)
    assert listed["threshold"] == 0.5
    claim = next(c for c in listed["claims"] if c["source_name"] == PARENT and c["target_name"] == CHILD)
    code, out = run("review", "list")
    assert code == 0 and claim["claim_id"][:12] in out and QUOTE in " ".join(out.split())
    code, out = run("owners", CHILD, "--as-of", AS_OF)
    assert code == 0 and PARENT not in out.split("\n", 1)[1]
    code, out = run("owners", CHILD, "--as-of", AS_OF, "--min-claim-confidence", "0.3")
    assert code == 0 and PARENT in out
    assert "stated in" in out and QUOTE in " ".join(out.split())  # labelled, with the sentence
    code, out = run("review", "accept", claim["claim_id"][:12], "--json")
    assert code == 0 and json.loads(out)["status"] == "accepted"
    code, out = run("owners", CHILD, "--as-of", AS_OF)
    assert code == 0 and PARENT in out


# Tyson 8-K (2015): "Borrowings under the Term Loan Agreement are unsecured and are unconditionally
# guaranteed by Tyson Fresh Meats, Inc., a wholly-owned subsidiary of the Company" -- a text claim of
# 100% (confidence 0.9). The registry side is a bundle statement written here (60%) so that the two
# disagree; the answer must name both, each with its source.
TYSON = FILINGS / "100493_8K_2015_0000100493-15-000041.htm"


def test_registry_fact_and_text_claim_disagree_both_shown(graph: Graph, tmp_path: Path) -> None:
    bundle = tmp_path / "registry.jsonl"
    bundle.write_text("\n".join(json.dumps(x) for x in (
        {"bundle": {"version": 1, "published": "2015-01-31"}},
        {"type": "ownership", "id": "reg-1", "owner": {"name": "Tyson Foods, Inc"},
         "owned": {"name": "Tyson Fresh Meats, Inc"}, "stake": 60, "valid_from": "2014-01-01"},
    )) + "\n")
    ingest_paths(graph, [TYSON], document_options={"filed_at": date(2015, 4, 7)})
    ingest_paths(graph, [bundle])
    res = Analytics(graph).ownership.owners("Tyson Fresh Meats, Inc", as_of="2015-06-30")
    row = next(r for r in res.rows if r.name == "Tyson Foods, Inc")
    assert (row.stake.lo, row.stake.hi) == (0.6, 1.0)  # the hull of 60% and 100%
    kinds = {e.source_kind for p in row.paths for s in p.steps for e in s.edges}
    assert kinds == {None, "text_claim"}  # both edges are evidence
    w = next(w for w in res.warnings if w.code == "claim_disagrees")
    assert "60% in bundle reg-1" in w.message and "100% stated in" in w.message
    from ownergraph.retrieval.api import Ownergraph

    answer = Ownergraph(graph).ask("Who owns Tyson Fresh Meats, Inc?", as_of="2015-06-30")
    labels = [s.label for s in answer.citations if s.kind == "edge"]
    assert any("text claim, stated in" in x and "wholly-owned subsidiary" in x for x in labels)
    assert any("source bundle" in x for x in labels)  # the registry's fact, with its own source


def test_ask_labels_the_text_claim_with_document_and_sentence(graph: Graph) -> None:
    from ownergraph.retrieval.api import Ownergraph

    _ingest(graph)
    decide(graph, _hedged_claim(graph).claim_id, "accepted")
    answer = Ownergraph(graph).ask(f"Who owns {CHILD}?", as_of=AS_OF)
    assert PARENT in answer.text
    cited = [s for s in answer.citations if s.kind == "edge" and "text claim, stated in" in s.label]
    assert cited and QUOTE in " ".join(cited[0].label.split())
    assert QUOTE in " ".join((cited[0].text or "").split())


def test_contagion_uses_the_loan_claim_above_the_threshold_only(graph: Graph, run) -> None:  # noqa: F811
    # Tyson 8-K: "On April 7, 2015, Tyson Foods, Inc. ... entered into a Term Loan Agreement ... with
    # Bank of America, N.A., as lender" -- a plain statement (confidence 0.9): the lender is hit.
    ingest_paths(graph, [TYSON], document_options={"filed_at": date(2015, 4, 7)})
    code, out = run("contagion", "Tyson Foods, Inc", "--as-of", "2015-06-30")
    assert code == 0, out
    assert "Bank of America, N.A" in out and "text claim, stated in" in out and "as lender" in out
    code, out = run("contagion", "Tyson Foods, Inc", "--as-of", "2015-06-30", "--min-claim-confidence", "0.95")
    assert code == 0 and "Bank of America" not in out


def test_ingest_extract_llm_loads_checked_claims_and_reports_tokens(graph: Graph, run, fake_openai,  # noqa: F811
                                                                     monkeypatch) -> None:
    # Tyson 8-K sentence [2] of the candidates sent (see tests/ingest/test_llm_extract.py): the loan
    fake_openai.reply_json({"facts": [
        {"sentence": 2, "quote": "with Bank of America, N.A., as lender", "relation": "loan",
         "a": "Bank of America, N.A.", "b": "Tyson Foods, Inc.", "stake_percent": None, "amount": None,
         "currency": None, "date": "2015-04-07", "new_name": None, "negated": False, "hedged": False},
        {"sentence": 2, "quote": "Wells Fargo agreed to lend", "relation": "loan", "a": "Wells Fargo",
         "b": "Tyson Foods, Inc.", "stake_percent": None, "amount": None, "currency": None, "date": None,
         "new_name": None, "negated": False, "hedged": False}]})
    monkeypatch.setenv("OPENAI_API_KEY", "test")
    monkeypatch.setenv("OPENAI_BASE_URL", fake_openai.base_url)
    monkeypatch.setenv("OWNERGRAPH_LLM_MODEL", "fake-model")
    code, out = run("ingest", str(TYSON), "--extract", "llm", "--filed-at", "2015-04-07", "--no-index", "--json")
    assert code == 0, out
    stats = json.loads(out)["extraction"]
    assert stats["requests"] == 1 and stats["accepted"] == 1
    assert stats["rejected"] == {"quote not verbatim in the sentence": 1} and stats["tokens_per_mb"] > 0
    [item] = [i for i in review_items(graph, None) if i.type == "LENDS_TO"]
    assert item.method == "llm:fake-model:loan" and item.status == "admitted"
    assert (item.source_name, item.target_name) == ("Bank of America, N.A", "Tyson Foods, Inc")
    monkeypatch.delenv("OPENAI_API_KEY")
    code, msg = run("ingest", str(TYSON), "--extract", "llm", error=Exception)
    assert code != 0 and "OPENAI_API_KEY" in msg


def test_review_reject_undo_and_decisions_on_the_command_line(graph: Graph, run) -> None:  # noqa: F811
    _ingest(graph)
    claim_id = _hedged_claim(graph).claim_id
    code, out = run("review", "reject", claim_id[:8], "--reason", "merger agreement wording")
    assert code == 0 and "rejected" in out
    decision = out.split("undo with: ownergraph review undo ")[1].split(")")[0].strip()
    code, out = run("review", "list", "--status", "rejected")
    assert code == 0 and claim_id[:12] in out
    code, out = run("review", "undo", decision)
    assert code == 0 and "no longer rejected" in out
    code, out = run("review", "decisions", "--json")
    [d] = json.loads(out)
    assert (d["status"], d["reason"], d.get("previous")) == ("rejected", "merger agreement wording", None)
    assert d["undone_at"]
    code, msg = run("review", "accept", "abc", error=ReviewError)
    assert "at least 6 characters" in msg
