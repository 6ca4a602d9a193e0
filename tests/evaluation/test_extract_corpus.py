"""The prose corpus scorer (bench.extract.corpus): the offline extractor and, where a model is
configured, the LLM extractor beside it -- here a local fake OpenAI-compatible server, never the
network. Only a DEV document is scored (the test split is scored once, by hand, at the end)."""

from __future__ import annotations

import json
import re

import pytest

from bench.extract import corpus
from tests.retrieval.fake_openai import fake_openai  # noqa: F401  (fixture)

DOC = "pr-abbott-amo-2009"  # dev split
SENTENCE = "AMO is now a wholly owned subsidiary of Abbott and has been renamed Abbott Medical Optics Inc."


def _env(monkeypatch: pytest.MonkeyPatch, url: str) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "test")
    monkeypatch.setenv("OPENAI_BASE_URL", url)
    monkeypatch.setenv("OWNERGRAPH_LLM_MODEL", "fake-model")


def test_the_offline_extractor_is_scored_per_type_kind_and_document() -> None:
    report = corpus.main(["--split", "dev", "--doc", DOC])
    assert report["documents"] == 1 and report["per_document"][0]["doc_id"] == DOC
    assert report["by_type"]["subsidiary"]["tp"] >= 1  # "AMO is now a wholly owned subsidiary of Abbott"
    assert any(k.startswith("8-K press release") for k in report["by_kind_and_type"])
    assert "llm" not in report


def test_a_configured_model_is_scored_beside_the_offline_extractor(fake_openai, monkeypatch) -> None:  # noqa: F811
    _env(monkeypatch, fake_openai.base_url)
    fake_openai.reply_json({"facts": []})  # first pass: see which sentences are sent, and how they are numbered
    corpus.main(["--split", "dev", "--doc", DOC, "--llm"])
    sent = fake_openai.requests[-1].body["messages"][1]["content"]
    number = int(next(m[1] for m in re.finditer(r"^\[(\d+)\] (.*)$", sent, re.M) if m[2].startswith("AMO is now")))
    fact = {"sentence": number, "quote": "AMO is now a wholly owned subsidiary of Abbott", "relation": "subsidiary",
            "a": "Abbott", "b": "AMO", "stake_percent": 100, "amount": None, "currency": None, "date": None,
            "new_name": None, "negated": False, "hedged": False}
    fake_openai.reply_json({"facts": [fact]})
    report = corpus.main(["--split", "dev", "--doc", DOC, "--llm"])
    llm = report["llm"]
    assert llm["method"] == "llm:fake-model"
    assert llm["by_type"]["subsidiary"] == {"tp": 1, "fp": 0, "fn": llm["by_type"]["subsidiary"]["fn"],
                                            "precision": 1.0, "recall": llm["by_type"]["subsidiary"]["recall"]}
    assert llm["stats"]["accepted"] == 1 and llm["stats"]["requests"] == 1
    assert report["all"]["tp"] >= 1  # the offline extractor's figures stay beside it
    body = fake_openai.requests[-1].body
    assert body["response_format"]["type"] == "json_schema"  # the prompt goes with the JSON schema
    assert json.dumps(body["response_format"]["json_schema"]["schema"]).count("subsidiary") >= 1


def test_no_model_configured_is_a_clear_error(monkeypatch, capsys) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(SystemExit):
        corpus.main(["--split", "dev", "--doc", DOC, "--llm"])
    assert "OPENAI_API_KEY" in json.loads(capsys.readouterr().err)["error"]


def test_no_model_scores_the_rules_alone() -> None:
    """``--no-model``: the rules without the learned triple scorer (ingest/extract/scorer.py). As
    shipped the scorer adds nothing (no relation passed its cross-validation, docs/benchmarks/
    extraction.md, session 9), so both runs score the same."""
    rules = corpus.main(["--split", "dev", "--doc", DOC, "--no-model"])
    both = corpus.main(["--split", "dev", "--doc", DOC])
    assert rules["model"] is False and both["model"] is True
    assert rules["all"] == both["all"] and rules["all"]["tp"] > 0
