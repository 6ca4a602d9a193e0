"""Edges a session states (graph.analytics.session_edges) pass the time gate with the stored
ones, inside ``assuming`` only, on the real Schedule 13D of Seaport Therapeutics, Inc.
(tests/fixtures/real/sec/schedule13d_nested_cusip.xml: ARCH Venture Fund XII, L.P. and six
other reporting persons, each 11.9%, from 2026-05-04)."""

from __future__ import annotations

from datetime import date, datetime, timezone
from pathlib import Path

import pytest

from ownergraph.graph.load.rows import edge_props
from ownergraph.graph.analytics.session_edges import StatedEdge
from ownergraph.domain.clock import make_clock
from ownergraph.graph.analytics.snapshot import Assumed, assuming, expand
from ownergraph.graph.analytics.snapshot_reach import edge_props as stored_props
from ownergraph.graph.analytics.snapshot_reach import reach
from ownergraph.graph.analytics.exposure import exposure
from ownergraph.graph.analytics.lookup import find_entity
from ownergraph.graph.analytics.ownership import owners
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.domain.model import EntityRef, Ownership, Provenance, Stake

FILE = Path(__file__).resolve().parents[2] / "fixtures" / "real" / "sec" / "schedule13d_nested_cusip.xml"
STATED_FROM = date(2026, 6, 1)


def _stated(source: str, target: str) -> StatedEdge:
    rec = Ownership(source=EntityRef(name="Stated Holdco"), target=EntityRef(name="x"), stake=Stake(exact=60),
                    valid_from=STATED_FROM, known_from=datetime(2026, 6, 30, tzinfo=timezone.utc),
                    provenance=Provenance(source_system="session", source_record_id="t1.0"))
    rid = "session:test:t1.0"
    return StatedEdge(rid, source, target, "OWNS", edge_props(rec) | {"statement_id": rid},
                      {"name": "Stated Holdco"}, {"name": "ARCH Venture Fund XII, L.P."})


def test_a_stated_edge_extends_a_chain_for_the_session_only(graph: Graph) -> None:
    ingest_paths(graph, [FILE])
    seaport = find_entity(graph, "Seaport Therapeutics, Inc.").key
    fund = find_entity(graph, "ARCH Venture Fund XII, L.P.").key
    assumed = Assumed(added=(_stated("og:stated-holdco", fund),))
    clock = make_clock("2026-06-30")
    with assuming(assumed):
        a = expand(graph, [seaport], clock, ["OWNS"], "in", 3, with_rid=True)
        b = reach(graph, [seaport], clock, ["OWNS"], "in", 3)
        res = owners(graph, seaport, as_of="2026-06-30")
        cited = stored_props(graph, ["session:test:t1.0"])
        before = owners(graph, seaport, as_of="2026-05-31")  # before the stated edge's day
    assert sorted((e.source, e.target, e.props["_rid"]) for e in a.edges) == \
        sorted((e.source, e.target, e.props["_rid"]) for e in b.edges)
    assert ("og:stated-holdco", fund) in {(e.source, e.target) for e in b.edges}
    row = {r.name: r for r in res.rows}["Stated Holdco"]
    assert row.stake.lo == pytest.approx(0.6 * 0.119)  # 60% of ARCH Venture Fund XII's 11.9%
    assert cited["session:test:t1.0"]["source_system"] == "session"
    assert "Stated Holdco" not in {r.name for r in before.rows}
    assert "Stated Holdco" not in {r.name for r in owners(graph, seaport, as_of="2026-06-30").rows}


def test_a_stated_position_counts_in_our_exposure_inside_the_session_only(graph: Graph) -> None:
    ingest_paths(graph, [FILE])
    seaport = find_entity(graph, "Seaport Therapeutics, Inc.").key
    rid = "session:test:t2.0"
    holding = StatedEdge(rid, "our book", seaport, "HOLDS",
                         {"instrument": "Seaport 2027 notes", "amount": 5e6, "currency": "EUR", "valid_from": STATED_FROM,
                          "known_from": datetime(2026, 6, 30, tzinfo=timezone.utc), "statement_id": rid},
                         target_props={"name": "Seaport Therapeutics, Inc."})
    with assuming(Assumed(added=(holding,))):
        inside = exposure(graph, seaport, as_of="2026-06-30")
        elsewhere = exposure(graph, seaport, as_of="2026-06-30", portfolio="another book")
    assert [(p.portfolio, p.amount, p.currency) for p in inside.positions] == [("our book", 5e6, "EUR")]
    assert elsewhere.positions == ()
    assert exposure(graph, seaport, as_of="2026-06-30").positions == ()
