"""The LLM path against a local fake OpenAI-compatible server (never the network)."""

from __future__ import annotations

import json
from datetime import date

import pytest

from ownergraph.retrieval.llm import LLMConfig, complete, parse_with_llm, question_schema
from ownergraph.domain.errors import LLMError
from ownergraph.retrieval.question.model import understand
from tests.retrieval.fake_openai import FakeOpenAI, completion, fake_openai  # noqa: F401

TODAY = date(2025, 3, 1)
Q = "What is our exposure to anything the Petrov family controls, as of 2024-06-30?"

GOOD = {
    "pattern": "exposure",
    "anchors": [{"text": "Petrov family", "role": "group", "kind_hint": "family"}],
    "as_of": "2024-06-30", "known_at": None, "date_from": None, "date_to": None,
    "depth": None, "rule": None, "threshold": None, "edge_types": None, "portfolio": None,
    "modifiers": [], "follow_up": False, "pronoun": None,
}


def cfg(fake: FakeOpenAI, **kw) -> LLMConfig:
    return LLMConfig(api_key="sk-test", base_url=fake.base_url, model="fake-model", timeout_s=kw.pop("timeout_s", 5.0),
                     **kw)


# -- config ------------------------------------------------------------------------------

def test_from_env_without_key_is_none():
    assert LLMConfig.from_env({}) is None
    assert LLMConfig.from_env({"OPENAI_API_KEY": "  "}) is None


def test_from_env_reads_settings():
    c = LLMConfig.from_env({"OPENAI_API_KEY": "sk-x", "OPENAI_BASE_URL": "http://h:1/v1",
                            "OWNERGRAPH_LLM_MODEL": "m1", "OWNERGRAPH_LLM_TIMEOUT": "3",
                            "OWNERGRAPH_LLM_RESPONSE_FORMAT": "json_object"})
    assert c is not None
    assert (c.api_key, c.base_url, c.model, c.timeout_s, c.max_retries, c.response_format) == \
        ("sk-x", "http://h:1/v1", "m1", 3.0, 0, "json_object")
    assert "sk-x" not in repr(c)
    d = LLMConfig.from_env({"OPENAI_API_KEY": "sk-x"})
    assert d.model == "gpt-4o-mini" and d.base_url is None


def test_from_env_reads_process_environment(monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    assert LLMConfig.from_env() is None
    monkeypatch.setenv("OPENAI_API_KEY", "sk-env")
    assert LLMConfig.from_env().api_key == "sk-env"


def test_schema_is_strict():
    s = question_schema()

    def objects(node):
        if isinstance(node, dict):
            if node.get("type") == "object" and "properties" in node:
                yield node
            for v in node.values():
                yield from objects(v)
        elif isinstance(node, list):
            for v in node:
                yield from objects(v)

    objs = list(objects(s))
    assert len(objs) >= 2  # the question and the mention
    for o in objs:
        assert o["additionalProperties"] is False
        assert set(o["required"]) == set(o["properties"])
    assert "default" not in json.dumps(s).replace('"default_', "")
    assert set(s["properties"]["pattern"]["enum"]) >= {"owners", "unknown"}


# -- no key: deterministic, no HTTP ------------------------------------------------------

def test_no_key_is_deterministic_and_silent(fake_openai, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.setenv("OPENAI_BASE_URL", fake_openai.base_url)
    fake_openai.reply_json(GOOD)
    q = understand(Q, today=TODAY, config=LLMConfig.from_env())
    assert q.parser == "deterministic"
    assert q.pattern == "exposure"
    assert fake_openai.requests == []


# -- structured reply is used ---------------------------------------------------------------

def test_valid_structured_reply_is_used(fake_openai):
    fake_openai.reply_json(GOOD)
    q = parse_with_llm(Q, cfg(fake_openai), today=TODAY)
    assert q.parser == "llm"
    assert q.pattern == "exposure"
    assert q.as_of == date(2024, 6, 30)
    assert [(m.text, m.role, m.kind_hint) for m in q.anchors] == [("Petrov family", "group", "family")]
    assert q.text == Q
    (req,) = fake_openai.chat_requests()
    body = req.body
    assert body["model"] == "fake-model"
    assert body["response_format"]["type"] == "json_schema"
    assert body["response_format"]["json_schema"]["strict"] is True
    assert body["messages"][-1] == {"role": "user", "content": Q}
    assert "2025-03-01" in body["messages"][0]["content"]
    assert req.headers.get("authorization") == "Bearer sk-test"


def test_understand_with_config_uses_llm(fake_openai):
    fake_openai.reply_json(GOOD)
    q = understand(Q, today=TODAY, config=cfg(fake_openai))
    assert q.parser == "llm"


def test_json_object_mode(fake_openai):
    fake_openai.reply_json(GOOD)
    q = parse_with_llm(Q, cfg(fake_openai, response_format="json_object"), today=TODAY)
    assert q.parser == "llm"
    assert fake_openai.chat_requests()[0].body["response_format"] == {"type": "json_object"}


def test_hallucinated_anchor_falls_back_to_the_parser(fake_openai):
    # "Gazprom" is nowhere in Q: a model that invents an entity is not trusted for the rest either
    fake_openai.reply_json({**GOOD, "pattern": "owners",
                            "anchors": [{"text": "Petrov family", "role": "group", "kind_hint": "family"},
                                        {"text": "Gazprom", "role": "subject", "kind_hint": "company"}]})
    q = parse_with_llm(Q, cfg(fake_openai), today=TODAY)
    _assert_fallback(q, "'Gazprom' is not in the question text")
    assert "Gazprom" not in [m.text for m in q.anchors]


def test_invented_portfolio_falls_back(fake_openai):
    fake_openai.reply_json({**GOOD, "portfolio": "Book Zeta"})
    q = parse_with_llm(Q, cfg(fake_openai), today=TODAY)
    _assert_fallback(q, "'Book Zeta' is not in the question text")


def test_pattern_the_parser_contradicts_falls_back(fake_openai):
    # Q is read by the rules as exposure; the model's "owners" is overruled
    fake_openai.reply_json({**GOOD, "pattern": "owners"})
    q = parse_with_llm(Q, cfg(fake_openai), today=TODAY)
    _assert_fallback(q, "llm read pattern 'owners', the parser read 'exposure'")


def test_pattern_where_the_parser_reads_none_is_kept(fake_openai):
    text = "How are we doing with the Petrov family, as of 2024-06-30?"
    fake_openai.reply_json(GOOD)
    q = parse_with_llm(text, cfg(fake_openai), today=TODAY)
    assert q.parser == "llm" and q.pattern == "exposure"
    assert any("deterministic parser read pattern 'unknown'" in n for n in q.notes)


# -- failures fall back ------------------------------------------------------------------------

def _assert_fallback(q, fragment):
    assert q.parser == "deterministic"
    assert q.pattern == "exposure"  # the deterministic reading of Q
    assert q.as_of == date(2024, 6, 30)
    assert q.notes and q.notes[0].startswith("fell back to the deterministic parser")
    assert fragment in q.notes[0], q.notes[0]


def test_malformed_json_falls_back(fake_openai):
    fake_openai.reply_content('{"pattern": "exposure", "anchors": [')
    _assert_fallback(parse_with_llm(Q, cfg(fake_openai), today=TODAY), "not valid JSON")


def test_reply_not_an_object_falls_back(fake_openai):
    fake_openai.reply_content('["owners"]')
    _assert_fallback(parse_with_llm(Q, cfg(fake_openai), today=TODAY), "llm parse failed")


def test_validation_error_falls_back(fake_openai):
    fake_openai.reply_json({**GOOD, "pattern": "guess"})
    _assert_fallback(parse_with_llm(Q, cfg(fake_openai), today=TODAY), "failed validation")


def test_missing_field_falls_back(fake_openai):
    bad = dict(GOOD)
    del bad["follow_up"]
    fake_openai.reply_json(bad)
    _assert_fallback(parse_with_llm(Q, cfg(fake_openai), today=TODAY), "failed validation")


def test_bad_date_falls_back(fake_openai):
    fake_openai.reply_json({**GOOD, "as_of": "30/06/2024"})
    _assert_fallback(parse_with_llm(Q, cfg(fake_openai), today=TODAY), "llm parse failed")


def test_out_of_range_threshold_falls_back(fake_openai):
    fake_openai.reply_json({**GOOD, "threshold": 25})
    _assert_fallback(parse_with_llm(Q, cfg(fake_openai), today=TODAY), "failed validation")


def test_http_500_falls_back_without_retry_storm(fake_openai):
    fake_openai.reply(500, {"error": {"message": "boom", "type": "server_error"}})
    q = parse_with_llm(Q, cfg(fake_openai), today=TODAY)
    _assert_fallback(q, "llm call failed")
    assert "500" in q.notes[0] or "InternalServerError" in q.notes[0]
    assert len(fake_openai.chat_requests()) == 1


def test_http_401_falls_back(fake_openai):
    fake_openai.reply(401, {"error": {"message": "bad key", "type": "invalid_request_error"}})
    _assert_fallback(parse_with_llm(Q, cfg(fake_openai), today=TODAY), "llm call failed")


def test_timeout_falls_back(fake_openai):
    fake_openai.reply_json(GOOD)
    fake_openai.script[-1].delay_s = 2.0
    q = parse_with_llm(Q, cfg(fake_openai, timeout_s=0.3), today=TODAY)
    _assert_fallback(q, "llm call failed")
    assert "Timeout" in q.notes[0]


def test_refusal_falls_back(fake_openai):
    fake_openai.reply(200, completion(None, refusal="I can't help with that"))
    _assert_fallback(parse_with_llm(Q, cfg(fake_openai), today=TODAY), "refused")


def test_empty_content_falls_back(fake_openai):
    fake_openai.reply(200, completion("", finish_reason="length"))
    _assert_fallback(parse_with_llm(Q, cfg(fake_openai), today=TODAY), "empty reply")


def test_non_json_http_body_falls_back(fake_openai):
    fake_openai.reply(200, "<html>gateway</html>", content_type="text/html")
    q = parse_with_llm(Q, cfg(fake_openai), today=TODAY)
    assert q.parser == "deterministic"
    assert q.notes[0].startswith("fell back to the deterministic parser")


def test_connection_refused_falls_back():
    import socket

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()  # nothing listens there now
    c = LLMConfig(api_key="sk-test", base_url=f"http://127.0.0.1:{port}/v1", timeout_s=2.0)
    _assert_fallback(parse_with_llm(Q, c, today=TODAY), "llm call failed")


# -- complete() ----------------------------------------------------------------------------------

def test_complete_returns_text(fake_openai):
    fake_openai.reply_content("The Petrov family controls 3 entities.")
    out = complete([{"role": "user", "content": "summarise"}], cfg(fake_openai), max_tokens=50)
    assert out == "The Petrov family controls 3 entities."
    body = fake_openai.chat_requests()[0].body
    assert body["max_tokens"] == 50 and body["temperature"] == 0.0
    assert "response_format" not in body


def test_complete_raises_llm_error(fake_openai):
    fake_openai.reply(503, {"error": {"message": "overloaded"}})
    with pytest.raises(LLMError):
        complete([{"role": "user", "content": "x"}], cfg(fake_openai))
    assert len(fake_openai.chat_requests()) == 1


def test_the_llm_can_say_a_stake_is_measured_in_votes(fake_openai):
    text = "What share of the votes in Acme Holdings Ltd does Jane Smith hold?"
    fake_openai.reply_json({**GOOD, "pattern": "stake", "as_of": None, "interest": "voting_rights",
                            "anchors": [{"text": "Jane Smith", "role": "subject", "kind_hint": "person"},
                                        {"text": "Acme Holdings Ltd", "role": "object", "kind_hint": "company"}]})
    q = parse_with_llm(text, cfg(fake_openai), today=TODAY)
    assert (q.parser, q.pattern, q.interest) == ("llm", "stake", "voting_rights")
    assert "interest" in question_schema()["required"]
    fake_openai.reply_json(GOOD)  # a reply without the field (an older model prompt): shares, the default
    assert parse_with_llm(Q, cfg(fake_openai), today=TODAY).interest is None


def test_a_client_that_cannot_be_built_falls_back_quietly(fake_openai, monkeypatch, capfd):  # noqa: F811
    # openai 3.6x refused an httpx.Timeout in its constructor: a TypeError from a half-built client
    # whose __del__ then raised during some later garbage collection, on stderr
    import gc

    import openai

    class HalfBuilt:
        def __init__(self, **kwargs):
            self.cycle = self  # freed only by the garbage collector
            raise TypeError("Invalid timeout: expected a number, got <class 'httpx.Timeout'>")

        def __del__(self):
            raise AttributeError("'HalfBuilt' object has no attribute '_state'")

    monkeypatch.setattr(openai, "OpenAI", HalfBuilt)
    q = parse_with_llm("Who owns Harbourline Shipping Limited?", LLMConfig(api_key="k", base_url=fake_openai.base_url))
    gc.collect()
    assert q.parser == "deterministic" and q.pattern == "owners"
    assert q.llm_unavailable is not None and q.llm_unavailable.startswith("TypeError: Invalid timeout")
    assert q.notes[0].startswith("fell back to the deterministic parser: llm call failed (TypeError")
    assert "Exception ignored" not in capfd.readouterr().err
    assert fake_openai.requests == []


def test_the_client_takes_the_timeout_of_its_own_http_library(fake_openai):  # noqa: F811
    import openai

    from ownergraph.retrieval.llm import _client

    with _client(LLMConfig(api_key="k", base_url=fake_openai.base_url, timeout_s=7.0)) as client:
        assert isinstance(client.timeout, openai.Timeout) and client.timeout.read == 7.0
