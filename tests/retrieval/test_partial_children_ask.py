"""``ask`` about the subsidiaries of a parent whose GLEIF API children collection was read in
part says the list is partial. Real API sample; expected values read off the file."""

from __future__ import annotations

from pathlib import Path

from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.pipeline import ingest_paths
from tests.graph.test_partial_children import PAGE


def test_ask_about_subsidiaries_says_the_list_is_partial(graph: Graph, real_data: Path) -> None:
    from ownergraph.retrieval.api import Ownergraph

    ingest_paths(graph, [real_data / PAGE, real_data / "gleif/api/lei_records/single_lei_record_21380068P1DRHMJ8KU70.json"])
    ans = Ownergraph(graph).ask("What are the direct subsidiaries of SHELL PLC?", as_of="2025-05-15")
    assert ans.question.pattern == "parents" and "children" in ans.question.modifiers
    assert "BRAZIL SHIPPING I LIMITED" in ans.text
    assert "at least 15 direct children; page 1 of 8 read" in ans.text and "partial" in ans.text
