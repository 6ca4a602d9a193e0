"""Loader queries marked ``CYPHER replan=skip`` keep the plan they were first given, possibly on an
empty database: such a plan must be anchored on indexes whatever the statistics (no scan of
all nodes, a label or all relationships), or it would scan on every batch from then on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ownergraph import cypher
from ownergraph.graph.store.connection import Graph

CYPHER_DIR = Path(cypher.__file__).parent
SKIP = "CYPHER replan=skip"


def _texts(name: str) -> list[str]:
    """Every rendering of ``name`` (each allowed value of its one slot)."""
    slots = cypher.LIBRARY.slots(name)
    if not slots:
        return [cypher.load(name)]
    (slot_name, slot), = slots.items()
    return [cypher.render(name, **{slot_name: v}).text for v in sorted(slot.values)]


def _operators(plan: Any) -> list[str]:
    out = [plan["operatorType"].split("@")[0]]
    for child in plan.get("children", []):
        out += _operators(child)
    return out


def _scans_on_empty(graph: Graph, text: str) -> list[str]:
    # replan=force: planned now, on this (empty) database, never a cached plan
    with graph.session(write=False) as s:
        plan = s.run("EXPLAIN " + text.replace(SKIP, "CYPHER replan=force", 1)
                     if SKIP in text else "EXPLAIN CYPHER replan=force " + text).consume().plan
    return [op for op in _operators(plan) if "Scan" in op]


def test_replan_skip_queries_are_index_anchored_on_an_empty_database(graph: Graph) -> None:
    marked = sorted(p.stem for p in CYPHER_DIR.rglob("*.cypher") if SKIP in p.read_text())
    assert "load_edges" in marked and "rechain_versions" in marked
    bad = {}
    for name in marked:
        for text in _texts(name):
            scans = _scans_on_empty(graph, text)
            if scans:
                bad[name] = scans
    assert bad == {}


def test_the_check_sees_a_plan_that_scans_on_an_empty_database(graph: Graph) -> None:
    """rechain_store (a relationship by element id) is planned as a scan of every relationship
    on an empty database, an id seek on a loaded one: it is replanned, not marked."""
    text = _texts("rechain_store")[0]
    assert SKIP not in text
    assert "DirectedAllRelationshipsScan" in _scans_on_empty(graph, text)
