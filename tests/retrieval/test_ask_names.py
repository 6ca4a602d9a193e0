"""Issue 30: ask() finds mentions by the graph's own names (words glued to a name fall away,
typos and legal-form variants are read as the name) against the example bundle."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.graph.store.connection import Graph
from ownergraph.retrieval.api import Ownergraph

BUNDLE = Path(__file__).resolve().parents[2] / "examples" / "bundle"
JULY = date(2024, 7, 15)


@pytest.fixture()
def og(graph: Graph) -> Ownergraph:
    ingest_paths(graph, [BUNDLE])
    return Ownergraph(graph, text=None)


@pytest.mark.parametrize("question", [
    "Who owned Harbourline Shipping Limited look like at the end of Q2 2024?",
    "owners Harbourline Shpping as of 30 June 2024",
    "Harbourline Shipping Ltd. ownership at the end of last quarter",
])
def test_the_owned_company_is_found_by_its_graph_name(og: Ownergraph, question: str) -> None:
    a = og.ask(question, today=JULY)
    assert a.answered and a.question.as_of == date(2024, 6, 30)
    assert "Harbourline Shipping Limited" in a.text and "Harbourline Holdings PLC" in a.text


def test_a_previous_name_finds_the_entity(og: Ownergraph) -> None:
    q = og.read("Who owned Harbourline Group Limited at the end of 2020?", today=JULY)
    assert og.resolve(q.anchors[0].text).name == "Harbourline Holdings PLC"


def test_the_name_index_follows_a_load(graph: Graph) -> None:
    og = Ownergraph(graph, text=None)
    assert og.read("Who owns Valtora?", today=JULY).anchors[0].text == "Valtora"  # nothing loaded yet
    ingest_paths(graph, [BUNDLE])
    assert og.resolve(og.read("Who owns Valtora?", today=JULY).anchors[0].text).name == "Valtora Investments Ltd"
