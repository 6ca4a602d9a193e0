"""The learned keep/drop head of compression: shipped weights, determinism, real held-out
evidence, and a split that keeps held-out filings out of training."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from ownergraph.evaluation.evidence import filing_of, heldout, real_cases, split  # noqa: E402
from ownergraph.evaluation.relations import document_text  # noqa: E402
from ownergraph.retrieval.text.keep_head import CHEAP, HEAD_FILE, KeepHead, load_head  # noqa: E402
from ownergraph.retrieval.text.chunking import chunk_text  # noqa: E402
from ownergraph.retrieval.text.compression import compress  # noqa: E402
from ownergraph.retrieval.text.embedding import default_embedder  # noqa: E402

TOROTEL = "sec/ex21/torotel-0001445305-11-002220.txt#1"
# Read off the filing (Torotel 10-K for fiscal 2011, notes to the financial statements) and
# labelled by hand in relation_sentences_heldout.jsonl as stating three subsidiaries.
TOROTEL_SUBSIDIARIES = (63945, 64152, "The consolidated financial statements include the accounts of Torotel, Inc. "
                        "and its wholly owned subsidiaries, Torotel Products, Inc., Torotel Manufacturing "
                        "Corporation, and Electronika, Inc. and subsidiary.")


@pytest.fixture(scope="module")
def embedder():  # noqa: ANN201
    return default_embedder()


def test_head_loads_with_its_provenance() -> None:
    head = load_head()
    assert head is not None and HEAD_FILE.exists()
    assert head.dim == 384 and head.w_qs.shape == (384,) and head.w_cheap.shape == (len(CHEAP),)
    assert np.isfinite(head.threshold) and head.margin > 0
    assert np.all(head.std > 0) and np.isfinite(head.bias)
    meta = head.meta
    assert meta["made_by"] == "python -m bench.retrieval.evidence --train"
    assert meta["training"]["real_filings"] and meta["training"]["positives"] > 0
    # the training record itself names no held-out filing
    assert not any(heldout(f) for f in meta["training"]["real_filings"])
    assert load_head(HEAD_FILE).to_json() == head.to_json()  # a re-read gives the same weights


def test_learned_head_is_deterministic(embedder, real_data: Path) -> None:  # noqa: ANN001
    text = document_text(real_data, TOROTEL)
    sents = [s for c in chunk_text(text, TOROTEL)[:12] for s in c.sentences]
    q = "Which subsidiaries does Torotel, Inc have?"
    runs = [compress(q, sents, entity_names=["Torotel, Inc"], embedder=embedder, scorer="learned") for _ in range(2)]
    assert [s.start for s in runs[0].kept] == [s.start for s in runs[1].kept]
    assert runs[0].all_scores == runs[1].all_scores
    hand = compress(q, sents, entity_names=["Torotel, Inc"], embedder=embedder, scorer="hand")
    assert hand.all_scores != runs[0].all_scores  # the scorers are really different
    with pytest.raises(ValueError):
        compress(q, sents, embedder=embedder, scorer="tuned")


def test_heldout_filing_keeps_the_labelled_subsidiary_sentence(embedder, real_data: Path) -> None:  # noqa: ANN001
    assert heldout(filing_of(TOROTEL))
    text = document_text(real_data, TOROTEL)
    start, end, sentence = TOROTEL_SUBSIDIARIES
    assert text[start:end] == sentence
    chunks = chunk_text(text, TOROTEL)
    gold_chunk = next(c for c in chunks if c.start <= start < c.end)
    others = [c for c in chunks if c is not gold_chunk]
    picked = [gold_chunk] + others[:: max(1, len(others) // 9)][:9]  # ten chunks, spread over the filing
    sents = [s for c in picked[::-1] for s in c.sentences]
    res = compress("Which subsidiaries does Torotel, Inc have?", sents,
                   entity_names=["Torotel, Inc", "Torotel Products, Inc"], embedder=embedder, scorer="learned")
    assert (start, end, sentence) in [(s.start, s.end, s.text) for s in res.kept]
    assert res.ratio >= 5  # and it is compressed, not the result set handed back


def test_split_leaves_heldout_filings_out_of_training(real_data: Path) -> None:
    cases = real_cases(real_data)
    train, test = split(cases)
    assert train and test and len(train) + len(test) == len(cases)
    assert {c.filing for c in train}.isdisjoint({c.filing for c in test})
    for case in train:  # no chunk, distractor or gold of a held-out filing in training data
        assert not heldout(case.filing)
        assert {c.doc_id for c in case.chunks} == case.documents
        assert not any(heldout(filing_of(d)) for d in case.documents)
        assert not any(heldout(filing_of(g[0])) for g in case.gold)
    assert any(c.filing.startswith("sec/ex21/") for c in test)  # the second label file: held out whole
    assert all(heldout(filing_of(d)) for c in test for d in c.documents)
    assert {c.question for c in real_cases(real_data, only="train")} == {c.question for c in train}
    with pytest.raises(ValueError):
        real_cases(real_data, only="test")


def test_keep_head_json_round_trip(tmp_path: Path) -> None:
    head = load_head()
    assert head is not None
    bad = head.to_json()
    bad["features"]["cheap"] = ["sim"]
    import json

    p = tmp_path / "head.json"
    p.write_text(json.dumps(bad))
    with pytest.raises(ValueError):
        load_head(p)
    again = KeepHead.from_json(head.to_json())
    assert np.array_equal(again.w_s, head.w_s)
