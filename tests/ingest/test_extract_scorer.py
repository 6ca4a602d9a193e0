"""The learned triple scorer (ingest/extract/scorer.py, issue 32, session 9): candidate pairs,
the shipped weights, its findings beside the rules', and deterministic training.

Sentences are from tests/fixtures/prose_corpus (all its splits are development data since
session 8); expected relations are read off the text."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from ownergraph.domain.sentences import Sentence, split_sentences
from ownergraph.ingest.extract import MIN_CONFIDENCE, extract
from ownergraph.ingest.extract.scorer import HELD, RELATIONS, WEIGHTS, Scorer, candidates, default_scorer, labels
from ownergraph.ingest.extract.values import Context

CORPUS = Path(__file__).parents[1] / "fixtures" / "prose_corpus"


def _one(text: str) -> list[Sentence]:
    return [Sentence("t", 0, 0, len(text), text)]


def test_the_shipped_weights_load_and_are_compact() -> None:
    scorer = Scorer.load()
    assert WEIGHTS.stat().st_size < 1_000_000
    assert scorer.classes == labels() and len(scorer.bias) == len(labels())
    assert set(scorer.thresholds()) == set(RELATIONS) and set(scorer.review) <= set(RELATIONS)
    assert all(0 <= int(k) < len(labels()) for row in scorer.weights.values() for k in row)
    assert default_scorer() is not None


def test_candidates_pair_every_mention_and_the_filer() -> None:
    text = "Acme Holdings Inc. owns 60% of Beta Widgets Ltd."
    ctx = Context.of(text, "Gamma Corp")
    pairs = {(c.left, c.right) for c in candidates(text, _one(text), ctx, [])}
    assert ("Acme Holdings Inc", "Beta Widgets Ltd") in pairs
    assert ("<filer>", "Acme Holdings Inc") in pairs and ("<filer>", "Beta Widgets Ltd") in pairs
    feats = next(c.features for c in candidates(text, _one(text), ctx, []) if c.left == "Acme Holdings Inc")
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


def _corpus_doc(doc_id: str) -> tuple[str, str | None]:
    meta = next(d for d in map(json.loads, (CORPUS / "documents.jsonl").read_text().splitlines()) if d["doc_id"] == doc_id)
    return (CORPUS / "documents" / f"{doc_id}.txt").read_text(), meta["company"]


def test_a_real_sentence_the_model_reads_and_the_rules_miss() -> None:
    """caorg-power-financial-2019 (a chart's note): "Power Financial holds a 63% interest, and Lifeco
    and IGM also hold equal interests of 18.5%, in Portag3 Ventures LP" -- Power Financial and Lifeco
    hold stakes in Portag3 Ventures LP, the stake named before the held entity. The rules read no
    holding of Portag3 by Power Financial; the model, asked at 0.9 (the shipped weights keep
    additions off: none passed the CV), does."""
    text, company = _corpus_doc("caorg-power-financial-2019")
    sentences = [s for s in split_sentences(text) if "Power Financial holds a 63% interest, and Lifeco" in s.text]
    assert len(sentences) == 1
    rules = extract(text, sentences, company, model=False)
    assert not any(f.relation == "owns" and f.a == "Power Financial" and f.b.startswith("Portag3") for f in rules)
    found = Scorer.load().find(text, sentences, Context.of(text, company), rules, threshold=0.9)
    assert any(f.relation == "owns" and f.a == "Power Financial" and f.b.startswith("Portag3 Ventures LP")
               and 0.9 <= f.confidence <= 1 and f.rule == f"model:{f.confidence:.2f}" for f in found), found
    # as shipped, the model adds nothing: no relation passed the CV
    assert not any(f.rule.startswith("model:") for f in extract(text, sentences, company))


def test_the_model_holds_back_an_ownership_the_rules_misread() -> None:
    """sec16-gtcr-fund-viii-2006 (heldout3, development data since session 8): "an indirect pecuniary
    interest in the shares reported in Tables I and II owned by Fund VIII" -- the rules read Fund
    VIII as the owner of "Tables I"; the model, reviewing ownership at 0.5 (the review the CV chose;
    not shipped, see docs/benchmarks/extraction.md, session 9), does not support it, so it is held
    below the loading confidence, kept for review."""
    text, company = _corpus_doc("sec16-gtcr-fund-viii-2006")
    sentences = [s for s in split_sentences(text) if "shares reported in Tables I and II owned by Fund VIII to" in s.text]
    assert sentences
    misread = [f for f in extract(text, sentences, company, model=False) if f.relation == "owns" and f.b == "Tables I"]
    assert misread and all(f.confidence >= MIN_CONFIDENCE for f in misread)
    scorer = dataclasses.replace(Scorer.load(), review={"owns": 0.5})
    held = [f for f in extract(text, sentences, company, model=scorer) if f.relation == "owns" and f.b == "Tables I"]
    assert held and all(f.confidence == HELD < MIN_CONFIDENCE and "+model:" in f.rule for f in held), held


@pytest.mark.timeout(300)
def test_training_is_deterministic_on_a_small_slice() -> None:
    pytest.importorskip("sklearn")
    from bench.extract.train_scorer import fit, load_docs, weights

    docs, _ = load_docs(("dev",), limit=6)
    one = weights(*fit(docs), {r: 0.9 for r in RELATIONS})
    two = weights(*fit(docs), {r: 0.9 for r in RELATIONS})
    assert one == two and one["weights"]
