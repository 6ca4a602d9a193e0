"""One graph whatever the order files come in, and loading them again changes nothing: a name
read before its entity's record (a stub) and entities found to share an identifier are merged
in the graph at the end of the load, not only in the resolver (real files)."""

from __future__ import annotations

from pathlib import Path

from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.merges import reconcile_stubs, undo
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.graph.store.stats import graph_stats
from tests.cypher import q

REAL = Path(__file__).resolve().parents[1] / "fixtures" / "real"
EX21 = REAL / "sec" / "ex21_aapl.html"  # Apple's Exhibit 21.1: 19 subsidiaries, the parent by name only
FORM4 = REAL / "sec" / "ownership" / "aapl-4-20201013.xml"  # issuer Apple Inc., CIK 0000320193
FTM = REAL / "ftm" / "opensanctions" / "dataset"


def test_a_parent_named_before_its_record_ends_as_that_entity(graph: Graph) -> None:
    first = ingest_paths(graph, [EX21, FORM4])  # this order: the Exhibit 21 names "Apple Inc." first
    apple = graph.read(q("key_by_alias"), value="0000320193")
    assert len(apple) == 1
    apple_key = apple[0]["k"]
    assert [(m["survivor"], m["edges_moved"]) for m in first.entities_merged] == [(apple_key, 19)]
    edges = graph.read(q("edges_from_file"), file="ex21_aapl.html")
    assert len(edges) == 19 and {e["source"] for e in edges} == {apple_key}
    assert {"Apple Asia Limited", "Braeburn Capital, Inc.", "iTunes K.K."} <= {e["target"] for e in edges}
    before = graph_stats(graph)

    again = ingest_paths(graph, [EX21, FORM4])
    assert again.totals["loaded"] == 0 and again.entities_merged == []
    assert graph_stats(graph) == before
    sids = [r["s"] for r in graph.read(q("edge_statement_ids"))]
    assert len(sids) == len(set(sids))  # no statement written twice (once per resolution)
    assert reconcile_stubs(graph) == []

    undone = undo(graph, first.entities_merged[0]["decision_id"])
    assert undone.edges_moved == 19  # reversible like any merge


def test_entities_sharing_an_identifier_are_one_node_and_a_reload_adds_nothing(graph: Graph) -> None:
    # OpenSanctions' test dataset: the t1 IRGC record (NK-2PacmNpiLUmoz4XD2mSt7A) and a later delta's
    # record NK-2T3S8Hu29ktYnKSTgQp2wL both list the referent "au-dfat-1217-irgc-qods-force"
    first = ingest_paths(graph, [FTM])
    merged = [m for m in first.entities_merged if "au-dfat-1217-irgc-qods-force" in m["reason"]]
    assert len(merged) == 1 and merged[0]["edges_moved"] > 0
    irgc = graph.read(q("key_by_name"), name="IRGC")
    assert irgc == [{"k": merged[0]["absorbed"]}]
    assert not graph.read(q("has_any_edge"), k=merged[0]["absorbed"])  # aliases and sanction moved
    before = graph_stats(graph)

    t1 = ingest_paths(graph, [FTM / "t1"])  # the older file again: its IRGC statement is stored
    assert t1.totals["loaded"] == 0
    assert graph_stats(graph) == before
