"""`ownergraph ask` with an LLM configured: a failed call never takes the answer down, the answer
says in one line that the deterministic parser answered, and --require-llm exits non-zero
(real Neo4j with the example bundle; a local fake OpenAI-compatible server, never the network)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ownergraph.cli import main
from ownergraph.cli.ask_cmd import LLM_REQUIRED_EXIT
from ownergraph.graph.load.pipeline import ingest_paths
from tests.retrieval.fake_openai import fake_openai  # noqa: F401

BUNDLE = Path(__file__).resolve().parents[2] / "examples" / "bundle"
QUESTION = "Who owns Meridian Baltic Logistics GmbH?"


@pytest.fixture()
def bundle_cli(cli_on_test_graph, monkeypatch: pytest.MonkeyPatch):
    ingest_paths(cli_on_test_graph, [BUNDLE])
    monkeypatch.setenv("OWNERGRAPH_EMBEDDING_MODEL", "none")  # lexical text search: quicker, same answer
    return cli_on_test_graph


def _llm_env(monkeypatch: pytest.MonkeyPatch, base_url: str) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("OPENAI_BASE_URL", base_url)
    monkeypatch.setenv("OWNERGRAPH_LLM_TIMEOUT", "5")


def test_a_failing_llm_still_answers_and_says_so(bundle_cli, fake_openai, monkeypatch,  # noqa: F811
                                                 capfd: pytest.CaptureFixture[str]) -> None:
    _llm_env(monkeypatch, fake_openai.base_url)  # nothing scripted: every call gets HTTP 500
    assert main(["ask", QUESTION, "--as-of", "2024-06-30", "--json"]) == 0
    out, err = capfd.readouterr()
    answer = json.loads(out)
    assert "Nordkap Capital AG" in {row.get("name") for row in answer["result"]}
    (line,) = [n for n in answer["notices"] if n.startswith("LLM unavailable: ")]
    assert line.endswith("; answered by the deterministic parser") and "500" in line
    assert answer["llm_unavailable"] and answer["question"]["parser"] == "deterministic"
    assert "Exception ignored" not in err and "Traceback" not in err
    assert len(fake_openai.requests) >= 1  # the LLM was really asked

    assert main(["ask", QUESTION, "--as-of", "2024-06-30"]) == 0
    out, err = capfd.readouterr()
    assert "LLM unavailable: " in out and "answered by the deterministic parser" in out
    assert "Nordkap Capital AG" in out and not err


def test_require_llm_exits_non_zero_after_the_answer(bundle_cli, fake_openai, monkeypatch,  # noqa: F811
                                                     capfd: pytest.CaptureFixture[str]) -> None:
    _llm_env(monkeypatch, fake_openai.base_url)
    assert main(["ask", QUESTION, "--as-of", "2024-06-30", "--require-llm", "--json"]) == LLM_REQUIRED_EXIT
    out, err = capfd.readouterr()
    assert json.loads(out)["llm_required"].startswith("the LLM call failed")
    assert err.startswith("ownergraph: --require-llm: the LLM call failed")

    monkeypatch.delenv("OPENAI_API_KEY")
    assert main(["ask", QUESTION, "--as-of", "2024-06-30", "--require-llm"]) == LLM_REQUIRED_EXIT
    out, err = capfd.readouterr()
    assert "Nordkap Capital AG" in out and "no LLM is configured" in err
    assert main(["ask", QUESTION, "--as-of", "2024-06-30"]) == 0  # not required: no LLM is fine
