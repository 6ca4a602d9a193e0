"""Text search without the embedding model: BM25 over disclosure sentences, with a notice.

The model's absence is set the way a user would have it, by configuration:
``OWNERGRAPH_EMBEDDING_MODEL=none`` (nothing is mocked). The real sample is the SEC Schedule 13G
``tests/fixtures/real/sec/schedule13g.xml`` (Marex Securities Products Inc. and Marex Group plc in
Jushi Holdings Inc.; signed 11/26/2025, which the SEC reader takes as the filing date).
"""

from __future__ import annotations

import json
from datetime import date, datetime, timezone
from pathlib import Path

import pytest

from ownergraph.domain.settings import Settings
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.retrieval.api import Ownergraph
from ownergraph.retrieval.text.disclosures import DisclosureRetriever, open_text_retriever
from ownergraph.retrieval.text.model_files import model_available
from ownergraph.retrieval.text.lexical import NOTICE, LexicalRetriever, bm25_scores, filed_by, terms
from tests.graph.analytics.test_cli import run  # noqa: F401 - the CLI fixture

SC13G = Path(__file__).resolve().parents[1] / "fixtures" / "real" / "sec" / "schedule13g.xml"
# Copied from schedule13g.xml, <item10><certifications> and <item2><principalBusinessOffice...>
CERTIFICATION = ("By signing below I certify that, to the best of my knowledge and belief, the securities "
                 "referred to above were not acquired and are not held for the purpose of or with the effect "
                 "of changing or influencing the control of the issuer of the securities")
ADDRESS = "Marex Group plc 155 Bishopsgate London, X0 EC2M 3TQ UK"


def test_terms_meet_the_filings_word_forms() -> None:
    assert terms("owns") == terms("owned") == terms("owning") == ["own"]
    assert terms("Subsidiaries") == ["subsidiary"]
    assert terms("controlled") == terms("controls") == terms("controlling") == ["control"]
    assert terms("committed") == terms("commits") == ["commit"]
    assert terms("called") == terms("calls") == ["call"]
    assert terms("Who is the parent of it?") == ["parent"]  # stop words out


def test_bm25_ranks_the_sentence_that_shares_the_questions_rare_words() -> None:
    scores = bm25_scores("Were the shares acquired to influence control of the issuer?", [ADDRESS, CERTIFICATION])
    assert scores[1] > 0 and scores[0] == 0
    assert bm25_scores("Where is Marex Group plc based?", [ADDRESS, CERTIFICATION]).argmax() == 0


def test_filed_by_reads_a_bare_date_as_the_whole_day() -> None:
    assert filed_by("2025-11-26", datetime(2025, 11, 26, 0, 0, tzinfo=timezone.utc))
    assert filed_by("2025-11-26", date(2025, 11, 26))
    assert not filed_by("2025-11-26", datetime(2025, 11, 25, 23, 59, tzinfo=timezone.utc))
    assert filed_by("2025-11-26T09:00:00Z", datetime(2025, 11, 26, 9, 0, tzinfo=timezone.utc))
    assert not filed_by("2025-11-26T09:00:01Z", datetime(2025, 11, 26, 9, 0, tzinfo=timezone.utc))
    assert not filed_by(None, date(2030, 1, 1))  # the vector index does not show undated filings either


@pytest.fixture()
def no_model(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OWNERGRAPH_EMBEDDING_MODEL", "none")
    assert not model_available()


@pytest.fixture()
def lexical(graph: Graph, tmp_path: Path, no_model: None) -> LexicalRetriever:
    summary = ingest_paths(graph, [SC13G])
    assert summary.totals["quarantined"] == 0
    retriever = open_text_retriever(graph, Settings(home=tmp_path))
    assert isinstance(retriever, LexicalRetriever)
    return retriever


def _document(graph: Graph) -> dict:
    (doc,) = graph.read("disclosure_ids")  # the one document
    (row,) = graph.read("disclosures_to_index", document_ids=[doc["document_id"]])  # its text and entity keys
    return row


def test_without_the_model_text_search_is_lexical_verbatim_and_dated(graph: Graph, lexical: LexicalRetriever) -> None:
    doc = _document(graph)
    keys = doc["entity_keys"]
    found = lexical.search("Where is Marex Group plc based?", keys,
                           known_at=datetime(2025, 11, 26, tzinfo=timezone.utc), budget="low")
    text = doc["text"]
    assert any("155 Bishopsgate London" in s["text"] for s in found)
    for s in found:
        assert text[s["start"]:s["end"]] == s["text"]
        assert set(s["entity_keys"]) <= set(keys) and s["entity_keys"]
    # one day before the filing date nothing of it is known
    assert lexical.search("Where is Marex Group plc based?", keys,
                          known_at=datetime(2025, 11, 25, tzinfo=timezone.utc)) == []


def test_ask_without_the_model_cites_text_and_names_the_setup_command(graph: Graph, lexical: LexicalRetriever) -> None:
    a = Ownergraph(graph, text=lexical).ask("Who owns Jushi Holdings Inc.?", as_of="2025-12-31",
                                            known_at="2025-12-31")
    text = [s for s in a.citations if s.kind == "text"]
    assert text and all(s.document_id == "schedule13g.xml" and s.start is not None for s in text)
    assert a.notices == [NOTICE] and "ownergraph setup" in NOTICE
    assert a.as_dict()["notices"] == [NOTICE]


def test_with_the_model_the_retriever_is_semantic(graph: Graph, tmp_path: Path) -> None:
    if not model_available():
        pytest.skip("the embedding model is not installed (ownergraph setup)")
    retriever = open_text_retriever(graph, Settings(home=tmp_path), sync=False)
    assert isinstance(retriever, DisclosureRetriever) and retriever.notice is None


def test_cli_ask_without_the_model_prints_the_notice(graph: Graph, run, no_model: None) -> None:  # noqa: F811
    ingest_paths(graph, [SC13G])
    code, out = run("ask", "Who owns Jushi Holdings Inc.?", "--as-of", "2025-12-31", "--known-at", "2025-12-31")
    assert code == 0, out
    assert "Marex Group plc" in out and NOTICE in " ".join(out.split())
    code, out = run("ask", "Who owns Jushi Holdings Inc.?", "--as-of", "2025-12-31", "--known-at", "2025-12-31",
                    "--json")
    assert code == 0, out
    assert json.loads(out)["notices"] == [NOTICE]
