"""The question corpus through the LLM path (issue 30, item 8): the scorer's ``--llm`` reads each
question with the configured model, here a fake local OpenAI-compatible server replaying
recorded structured replies (built from the dev rows' expected readings; plumbing only), and
falls back to the rules, saying why, where the reply is unusable."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bench.questions.__main__ import _corpus, main, report, score_one
from bench.questions.sources import load_source
from ownergraph.graph.store.connection import Graph
from ownergraph.retrieval.api import Ownergraph
from ownergraph.retrieval.llm import LLMConfig
from tests.bench.questions.replay import recordings, replayable, responder
from tests.retrieval.fake_openai import fake_openai  # noqa: F401

ROWS = [r for r in _corpus("dev") if r["source"] == "bundle" and replayable(r)]


def _sample() -> list[dict[str, Any]]:
    """One replayable dev row per kind (the first), so that every kind's reply shape is sent."""
    seen: dict[str, dict[str, Any]] = {}
    for r in ROWS:
        seen.setdefault(r["expected"]["kind"], r)
    return list(seen.values())


@pytest.fixture()
def llm_og(graph: Graph, fake_openai: Any, monkeypatch: pytest.MonkeyPatch) -> Ownergraph:  # noqa: F811
    load_source(graph, "bundle")
    monkeypatch.setenv("OPENAI_API_KEY", "test")
    monkeypatch.setenv("OPENAI_BASE_URL", fake_openai.base_url)
    config = LLMConfig.from_env()
    assert config is not None
    return Ownergraph(graph, text=None, llm=config)


def test_each_question_is_read_by_the_model_and_scored(llm_og: Ownergraph, fake_openai: Any) -> None:  # noqa: F811
    rows = _sample()
    assert len(rows) >= 10  # most kinds have a replayable dev row
    fake_openai.responder = responder(recordings(rows))
    results = [score_one(llm_og, r) for r in rows]
    asked = [next(m["content"] for m in req.body["messages"] if m["role"] == "user")
             for req in fake_openai.chat_requests() if req.body.get("response_format", {}).get("json_schema")]
    assert [r["question"] for r in rows] == [a for a in asked if a in {r["question"] for r in rows}]
    by_llm = [res for res in results if res["parser"] == "llm"]
    # the model's reading is kept unless the rules read another supported kind (then the rules win)
    assert len(by_llm) >= len(rows) - 3, [(r["id"], r["fell_back"]) for r in results]
    assert all(res["read"] for res in by_llm), [(r["id"], r["why"]) for r in by_llm if not r["read"]]
    assert "read by the LLM:" in report(results)


def test_an_unusable_reply_falls_back_to_the_rules_and_says_why(llm_og: Ownergraph, fake_openai: Any) -> None:  # noqa: F811
    row = _sample()[0]
    broken = {row["question"]: json.dumps({"pattern": "owners"})}  # fields missing: fails validation
    fake_openai.responder = responder(broken)
    res = score_one(llm_og, row)
    assert res["parser"] == "deterministic"
    assert res["fell_back"] and "failed validation" in res["fell_back"]


def test_llm_scoring_without_a_configured_model_is_an_error(monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(SystemExit) as exc:
        main(["--split", "dev", "--llm"])
    assert exc.value.code == 2
    assert "--llm needs OPENAI_API_KEY" in capsys.readouterr().err
