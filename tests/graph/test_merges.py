"""Reversible merges in the graph: merge, then undo, restores both entities exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from graph.connection import Graph
from graph.merges import decisions, merge, undo
from graph.pipeline import ingest_paths
from graph.stats import graph_stats
from resolution import MergeRefused

BUNDLE = Path(__file__).resolve().parents[2] / "examples" / "bundle"


def _stub_key(graph: Graph, name: str) -> str:
    rows = graph.read("MATCH (e:Entity) WHERE e.name = $name RETURN e.key AS k", name=name)
    assert len(rows) == 1, rows
    return rows[0]["k"]


def test_merge_then_undo_restores_both_entities(graph: Graph) -> None:
    ingest_paths(graph, [BUNDLE / "example.bundle.jsonl"])
    before = graph_stats(graph)
    ferries = _stub_key(graph, "Harbourline Ferries Limited")
    shipping = "213800HBLSH1PP1NG027"
    out = merge(graph, shipping, ferries, reason="test: wrongly believed the same")
    assert out.survivor == shipping and out.absorbed == ferries and out.edges_moved > 0
    assert not graph.read("MATCH (:Entity {key: $k})--() RETURN 1", k=ferries)
    assert graph_stats(graph) != before
    assert any(d["decision_id"] == out.decision["decision_id"] for d in decisions(graph))

    undone = undo(graph, out.decision["decision_id"])
    assert undone.edges_moved == out.edges_moved
    after = graph_stats(graph)
    assert after["edges"] == before["edges"]
    assert after["fingerprint"] == before["fingerprint"]


def test_two_leis_are_never_merged(graph: Graph) -> None:
    ingest_paths(graph, [BUNDLE / "example.bundle.jsonl"])
    with pytest.raises(MergeRefused):
        merge(graph, "213800HBLSH1PP1NG027", "213800HBLHOLD1NGS054")
