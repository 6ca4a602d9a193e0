"""LLM extraction (OpenAI-compatible structured output) against a local fake server, never the
network: facts become the same records as the offline patterns', each must quote its sentence
verbatim (checked against the document's text at the sentence's offsets) and name its parties
there, else it is rejected; a failed request falls back to the patterns.

The document is the real Tyson Foods 8-K (2015). Sentences the facts cite, as read in the file:
[2] "On April 7, 2015, Tyson Foods, Inc. (the “Company”) entered into a Term Loan Agreement (the
    “Term Loan Agreement”) with Bank of America, N.A., as lender (the “Lender”)."
[4] "Borrowings under the Term Loan Agreement are unsecured and are unconditionally guaranteed by
    Tyson Fresh Meats, Inc., a wholly-owned subsidiary of the Company."
(The model's replies are scripted here; what is tested is how ownergraph checks and loads them.)"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from ownergraph.domain.errors import ConfigError
from ownergraph.ingest.extract.llm import FACT_SCHEMA, LLMExtractConfig, LLMExtractor
from ownergraph.domain.model import Disclosure, Guarantee, Lending, Ownership
from ownergraph.ingest.readers.documents import DocumentReader
from tests.retrieval.fake_openai import fake_openai  # noqa: F401  (fixture)

TYSON = Path(__file__).parents[1] / "fixtures" / "real" / "filings" / "8-K" / "100493_8K_2015_0000100493-15-000041.htm"


def _fact(sentence: int, quote: str, relation: str, a: str, b: str | None, **kw: object) -> dict:
    base = dict(stake_percent=None, amount=None, currency=None, date=None, new_name=None, negated=False,
                hedged=False)
    return {"sentence": sentence, "quote": quote, "relation": relation, "a": a, "b": b, **(base | kw)}


def _read(extractor: LLMExtractor) -> list:
    return list(DocumentReader().with_options(extractor=extractor, filed_at=date(2015, 4, 7)).read(TYSON))


def _claims(records: list) -> list:
    return [r for r in records if getattr(getattr(r, "provenance", None), "claim", None)]


def test_llm_facts_checked_against_the_sentence_and_loaded_as_claims(fake_openai) -> None:  # noqa: F811
    fake_openai.reply_json({"facts": [
        _fact(2, "entered into a Term Loan Agreement (the “Term Loan Agreement”) with Bank of America, N.A., as lender",
              "loan", "Bank of America, N.A.", "the Company", date="2015-04-07"),
        _fact(4, "Tyson Fresh Meats, Inc., a wholly-owned subsidiary of the Company", "subsidiary",
              "the Company", "Tyson Fresh Meats, Inc.", stake_percent=100),
        _fact(4, "are unconditionally guaranteed by Tyson Fresh Meats, Inc.", "guarantee",
              "Tyson Fresh Meats, Inc.", "the Company"),
        # rejected: the quote is not in the sentence (invented wording)
        _fact(4, "Tyson Fresh Meats, Inc. owns 40% of Bank of America", "owns", "Tyson Fresh Meats, Inc.",
              "Bank of America, N.A.", stake_percent=40),
        # rejected: a party the sentence does not name
        _fact(2, "entered into a Term Loan Agreement", "loan", "JPMorgan Chase Bank, N.A.", "the Company"),
        # rejected: no such sentence in the request
        _fact(99, "Name:", "owns", "the Company", "Tyson Fresh Meats, Inc."),
        # dropped, not counted as a rejection: the model says the sentence denies it
        _fact(4, "Tyson Fresh Meats, Inc., a wholly-owned subsidiary", "sold", "the Company",
              "Tyson Fresh Meats, Inc.", negated=True),
    ]})
    ex = LLMExtractor(LLMExtractConfig(api_key="test", base_url=fake_openai.base_url, model="fake-model"))
    recs = _read(ex)
    doc = next(r for r in recs if isinstance(r, Disclosure))
    claims = _claims(recs)
    assert {type(r) for r in claims} == {Lending, Ownership, Guarantee}
    for r in claims:
        c = r.provenance.claim
        assert c.method.startswith("llm:fake-model:") and doc.text[c.start:c.end] == c.quote  # verbatim
    loan = next(r for r in claims if isinstance(r, Lending))
    assert (loan.source.name, loan.target.name, loan.valid_from) == ("Bank of America, N.A", "Tyson Foods, Inc",
                                                                      date(2015, 4, 7))
    sub = next(r for r in claims if isinstance(r, Ownership))
    assert (sub.source.name, sub.target.name, sub.stake.exact) == ("Tyson Foods, Inc", "Tyson Fresh Meats, Inc", 100)
    assert ex.stats.accepted == 3 and ex.stats.rejected == {
        "quote not verbatim in the sentence": 1, "party not named in the sentence": 1, "no such sentence": 1}
    # one request with the schema, only the sentences that may state a relationship (not all 78)
    [req] = fake_openai.chat_requests()
    assert req.body["response_format"]["json_schema"]["schema"] == FACT_SCHEMA
    sent = req.body["messages"][1]["content"].splitlines()
    assert len(sent) == ex.stats.sentences_sent < ex.stats.sentences
    assert sent[2].startswith("[2] On April 7, 2015, Tyson Foods, Inc.")
    assert req.headers["authorization"] == "Bearer test"


def test_failed_request_falls_back_to_the_offline_patterns(fake_openai) -> None:  # noqa: F811
    fake_openai.reply(500, {"error": {"message": "overloaded"}})
    ex = LLMExtractor(LLMExtractConfig(api_key="test", base_url=fake_openai.base_url, model="fake-model"))
    got = [(type(r).__name__, r.provenance.claim.method, r.provenance.claim.start) for r in _claims(_read(ex))]
    offline = [(type(r).__name__, r.provenance.claim.method, r.provenance.claim.start)
               for r in _claims(list(DocumentReader().with_options(filed_at=date(2015, 4, 7)).read(TYSON)))]
    assert got == offline and got and all(m.startswith("pattern:") for _, m, _ in got)
    assert ex.stats.fallbacks == [f"HTTP 500 from {fake_openai.base_url}"]


def test_reply_not_the_schema_falls_back(fake_openai) -> None:  # noqa: F811
    fake_openai.reply_content("I think Tyson owns things.")
    ex = LLMExtractor(LLMExtractConfig(api_key="test", base_url=fake_openai.base_url))
    claims = _claims(_read(ex))
    assert claims and all(r.provenance.claim.method.startswith("pattern:") for r in claims)
    assert "not the schema's JSON" in ex.stats.fallbacks[0]


def test_config_from_env() -> None:
    with pytest.raises(ConfigError, match="OPENAI_API_KEY"):
        LLMExtractConfig.from_env({})
    cfg = LLMExtractConfig.from_env({"OPENAI_API_KEY": "k", "OPENAI_BASE_URL": "http://127.0.0.1:9/v1/",
                                     "OWNERGRAPH_LLM_MODEL": "m"})
    assert (cfg.base_url, cfg.model, cfg.response_format) == ("http://127.0.0.1:9/v1", "m", "json_schema")
    assert json.dumps(FACT_SCHEMA)  # the schema is plain JSON


def test_timeout_falls_back_to_the_offline_patterns(fake_openai) -> None:  # noqa: F811
    fake_openai.reply(200, {"choices": []}, delay_s=2.0)
    ex = LLMExtractor(LLMExtractConfig(api_key="test", base_url=fake_openai.base_url, timeout_s=0.3))
    claims = _claims(_read(ex))
    assert claims and all(r.provenance.claim.method.startswith("pattern:") for r in claims)
    assert ex.stats.fallbacks and "no answer from" in ex.stats.fallbacks[0]
