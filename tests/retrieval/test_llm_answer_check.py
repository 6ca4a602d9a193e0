"""The LLM's answer is checked against the numbered sources before it is shown: an invented
figure or a citation of a missing source sets it aside for the analytic's own answer (local
fake OpenAI server, never the network; no Neo4j)."""

from __future__ import annotations

from datetime import date
from types import SimpleNamespace

from ownergraph.retrieval.api import Ownergraph
from ownergraph.retrieval.answer.context import Context, Source
from ownergraph.retrieval.llm import LLMConfig
from tests.retrieval.fake_openai import fake_openai  # noqa: F401

DRAFT = "Harbourline Holdings PLC owns 72.5% of Harbourline Shipping Limited [1]."


def _ctx() -> Context:
    ctx = Context("Who owns Harbourline Shipping Limited?", date(2024, 6, 30), "2024-06-30", {})
    ctx.sources.append(Source(1, "edge", "Harbourline Holdings PLC -> Harbourline Shipping Limited 72.5% "
                                         "(2016-03-01 .. open)", "PSC-06874512", ("a", "b")))
    return ctx


def _answer(fake, reply: str):
    fake.reply_content(reply)
    owner = SimpleNamespace(llm=LLMConfig(api_key="sk-test", base_url=fake.base_url, timeout_s=5.0))
    text, check, failed = Ownergraph._llm_answer(owner, _ctx(), DRAFT)  # type: ignore[arg-type]
    assert failed is None
    return text, check


def test_supported_llm_answer_is_shown(fake_openai):  # noqa: F811
    reply = "Harbourline Shipping Limited is 72.5% owned by Harbourline Holdings PLC [1]."
    text, check = _answer(fake_openai, reply)
    assert text == reply and check.ok


def test_invented_figure_sets_the_llm_answer_aside(fake_openai):  # noqa: F811
    text, check = _answer(fake_openai, "Harbourline Holdings PLC owns 72.5% [1]. Valtora holds 99.9% of it [1].")
    assert check.unsupported_figures == ["99.9%"]
    first, note = text.split("\n")
    assert first == DRAFT  # the deterministic answer, not the model's
    assert "99.9%" not in first
    assert note == "(The LLM's answer was set aside: figures no source supports (99.9%).)"


def test_citation_of_a_missing_source_sets_the_llm_answer_aside(fake_openai):  # noqa: F811
    text, check = _answer(fake_openai, "Harbourline Holdings PLC owns 72.5% of it [1][7].")
    assert check.unknown_sources == [7]
    assert text.startswith(DRAFT + "\n")
    assert text.endswith("citations of sources that do not exist ([7]).)")


def test_uncited_sentence_is_flagged_but_shown(fake_openai):  # noqa: F811
    reply = "Harbourline Holdings PLC owns 72.5% of Harbourline Shipping Limited."
    text, check = _answer(fake_openai, reply)
    assert text == reply and check.uncited_sentences == [reply] and not check.ok


def test_llm_failure_gives_the_deterministic_answer(fake_openai):  # noqa: F811
    fake_openai.reply(500, {"error": {"message": "boom"}})
    owner = SimpleNamespace(llm=LLMConfig(api_key="sk-test", base_url=fake_openai.base_url, timeout_s=5.0))
    text, check, failed = Ownergraph._llm_answer(owner, _ctx(), DRAFT)  # type: ignore[arg-type]
    assert text == DRAFT and check.ok
    assert failed is not None and "500" in failed
