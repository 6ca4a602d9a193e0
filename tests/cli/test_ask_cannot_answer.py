"""Issue 30, item 4: a question no analytic answers prints how it was read and questions that
would run, in text and in --json, and exits 4 (docs/guide/asking.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ownergraph.cli import main
from ownergraph.cli.ask_cmd import CANNOT_ANSWER_EXIT
from ownergraph.graph.load.pipeline import ingest_paths

BUNDLE = Path(__file__).resolve().parents[2] / "examples" / "bundle"


@pytest.fixture()
def bundle_cli(cli_on_test_graph, monkeypatch: pytest.MonkeyPatch):
    ingest_paths(cli_on_test_graph, [BUNDLE])
    monkeypatch.setenv("OWNERGRAPH_EMBEDDING_MODEL", "none")
    return cli_on_test_graph


def test_a_question_of_no_kind_says_how_it_was_read_and_what_would_run(
        bundle_cli, capfd: pytest.CaptureFixture[str]) -> None:
    code = main(["ask", "What is the phone number of Valtora Investments Ltd as of 30 June 2024?"])
    out = " ".join(capfd.readouterr().out.split())  # as one line: the text is wrapped to 80 columns
    assert code == CANNOT_ANSWER_EXIT == 4
    assert "I read this as: a question of no kind I know, about Valtora Investments Ltd, as of 2024-06-30." in out
    assert 'I can answer: "Who owns Valtora Investments Ltd as of 2024-06-30?"' in out


def test_a_kind_short_of_entities_says_so_in_json(bundle_cli, capfd: pytest.CaptureFixture[str]) -> None:
    code = main(["ask", "How is Valtora Investments Ltd connected?", "--json"])
    got = json.loads(capfd.readouterr().out)
    assert code == 4 and got["answered"] is False
    assert "a path question, about Valtora Investments Ltd" in got["answer"]
    assert "needs 2 entities; I found one" in got["answer"]
    assert 2 <= len(got["rephrasings"]) <= 3 and got["dates"]["as_of"]


def test_an_answer_states_the_dates_it_used(bundle_cli, capfd: pytest.CaptureFixture[str]) -> None:
    assert main(["ask", "Who owns Harbourline Shipping Limited at the end of June 2024?"]) == 0
    out = capfd.readouterr().out
    assert "as of 2024-06-30" in out.splitlines()[-1] and "known at" in out.splitlines()[-1]
