"""The learned triple scorer (ingest/extract/scorer.py, issue 32, session 9): candidate pairs,
the shipped weights, its findings beside the rules', and deterministic training.

Sentences are from tests/fixtures/prose_corpus (all its splits are development data since
session 8); expected relations are read off the text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ownergraph.domain.sentences import Sentence, split_sentences
from ownergraph.ingest.extract import extract
from ownergraph.ingest.extract.scorer import RELATIONS, WEIGHTS, Scorer, candidates, default_scorer, labels
from ownergraph.ingest.extract.values import Context

CORPUS = Path(__file__).parents[1] / "fixtures" / "prose_corpus"


def _one(text: str) -> list[Sentence]:
    return [Sentence("t", 0, 0, len(text), text)]


def test_the_shipped_weights_load_and_are_compact() -> None:
    scorer = Scorer.load()
    assert WEIGHTS.stat().st_size < 1_000_000
    assert scorer.classes == labels() and len(scorer.bias) == len(labels())
    assert set(scorer.thresholds()) == set(RELATIONS)
    assert all(0 <= int(k) < len(labels()) for row in scorer.weights.values() for k in row)
    assert default_scorer() is not None


def test_candidates_pair_every_mention_and_the_filer() -> None:
    text = "Acme Holdings Inc. owns 60% of Beta Widgets Ltd."
    ctx = Context.of(text, "Gamma Corp")
    pairs = {(c.left, c.right) for c in candidates(text, _one(text), ctx, [])}
    assert ("Acme Holdings Inc.", "Beta Widgets Ltd.") in pairs
    assert ("<filer>", "Acme Holdings Inc.") in pairs and ("<filer>", "Beta Widgets Ltd.") in pairs
    feats = next(c.features for c in candidates(text, _one(text), ctx, []) if c.left == "Acme Holdings Inc.")
    assert "pct:between" in feats and "b:owns" in feats and "L:form" in feats


def test_an_agent_a_heading_and_a_country_are_never_made_parties() -> None:
    """Negative shapes of issue 32 (a 10-K heading, a country, an agent only "as Administrative
    Agent"): even at a low threshold the model makes none of them a party or a lender."""
    scorer = Scorer.load()
    texts = [
        "Documents Incorporated by Reference Portions of the Proxy Statement of Acme Holdings Inc. are incorporated.",
        "Beta Widgets Ltd., a company incorporated in Hong Kong, sold its shares to Acme Holdings Inc.",
        "JPMorgan Chase Bank, N.A., as Administrative Agent, and Acme Holdings Inc., as Borrower, entered into the "
        "agreement.",
    ]
    for text in texts:
        ctx = Context.of(text, None)
        found = scorer.find(text, _one(text), ctx, [], threshold=0.3)
        parties = {p for f in found for p in (f.a, f.b)}
        assert not any(p.startswith(("Documents", "Hong Kong")) for p in parties), found
        assert not any(f.relation == "loan" and f.a.startswith("JPMorgan") for f in found), found


def test_a_real_sentence_the_model_reads_and_the_rules_miss() -> None:
    """euar-cc-group-2015 (dev): the group's bank facility, lent by the banks it names."""
    doc = "MODEL_DOC"
    text = (CORPUS / "documents" / f"{doc}.txt").read_text()
    company = next(d["company"] for d in map(json.loads, (CORPUS / "documents.jsonl").read_text().splitlines())
                   if d["doc_id"] == doc)
    sentences = [s for s in split_sentences(text) if "MODEL_QUOTE" in s.text]
    assert sentences
    rules = extract(text, sentences, company, model=False)
    both = extract(text, sentences, company)
    new = [f for f in both if f.rule.startswith("model:")]
    assert not any(f.relation == "MODEL_REL" for f in rules)
    assert any(f.relation == "MODEL_REL" and f.a.startswith("MODEL_A") and f.b.startswith("MODEL_B")
               and 0 < f.confidence <= 1 and f.rule == f"model:{f.confidence:.2f}" for f in new), new


@pytest.mark.timeout(300)
def test_training_is_deterministic_on_a_small_slice() -> None:
    pytest.importorskip("sklearn")
    from bench.extract.train_scorer import fit, load_docs, weights

    docs, _ = load_docs(("dev",), limit=6)
    one = weights(*fit(docs), {r: 0.9 for r in RELATIONS})
    two = weights(*fit(docs), {r: 0.9 for r in RELATIONS})
    assert one == two and one["weights"]
