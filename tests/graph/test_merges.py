"""Reversible merges in the graph: merge, then undo, restores both entities exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.merges import decisions, merge, undo
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.graph.store.stats import graph_stats
from ownergraph.resolution import MergeRefused
from tests.cypher import q

BUNDLE = Path(__file__).resolve().parents[2] / "examples" / "bundle"


def _stub_key(graph: Graph, name: str) -> str:
    rows = graph.read(q("key_by_name"), name=name)
    assert len(rows) == 1, rows
    return rows[0]["k"]


def test_merge_then_undo_restores_both_entities(graph: Graph) -> None:
    ingest_paths(graph, [BUNDLE / "example.bundle.jsonl"])
    before = graph_stats(graph)
    ferries = _stub_key(graph, "Harbourline Ferries Limited")
    shipping = "213800HBLSH1PP1NG027"
    out = merge(graph, shipping, ferries, reason="test: wrongly believed the same")
    assert out.survivor == shipping and out.absorbed == ferries and out.edges_moved > 0
    assert not graph.read(q("has_any_edge"), k=ferries)
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


def test_a_load_folds_a_stub_into_the_entity_it_registers_later(graph: Graph, tmp_path: Path) -> None:
    from ownergraph.graph.load.merges import reconcile_stubs

    head = '{"bundle": {"version": 1, "published": "2024-06-30T00:00:00Z"}}\n'
    first = tmp_path / "first.bundle.jsonl"  # names the owned company before its record exists
    first.write_text(head + '{"type": "ownership", "id": "own-q", "owner": "213800HBLHOLD1NGS054", '
                     '"owned": {"name": "Quillon Maritime Services Ltd", "jurisdiction": "GB"}, "stake": 60, '
                     '"valid_from": "2020-01-01", "known_from": "2020-02-01"}\n')
    later = tmp_path / "later.bundle.jsonl"
    later.write_text(head + '{"type": "entity", "id": "ent-quillon", "name": "Quillon Maritime Services Limited", '
                     '"jurisdiction": "GB", "identifiers": [{"scheme": "company_number", "value": "GB:01234567"}], '
                     '"valid_from": "2010-01-01", "known_from": "2010-01-05"}\n')
    ingest_paths(graph, [BUNDLE / "example.bundle.jsonl", first])
    stub = _stub_key(graph, "Quillon Maritime Services Ltd")
    summary = ingest_paths(graph, [later])
    entity = _stub_key(graph, "Quillon Maritime Services Limited")
    assert stub != entity

    merged = summary.entities_merged
    assert [(m["survivor"], m["absorbed"], m["edges_moved"]) for m in merged] == [(entity, stub, 1)]
    assert merged[0]["method"] in ("exact_name", "probabilistic")
    owners = graph.read(q("owners_of"), k=entity)
    assert owners == [{"o": "213800HBLHOLD1NGS054"}]
    assert reconcile_stubs(graph) == []  # nothing left for the explicit command
    assert ingest_paths(graph, [first, later]).totals["loaded"] == 0

    undo(graph, merged[0]["decision_id"])  # reversible like any merge
    assert graph.read(q("owners_of"), k=stub)
