"""Cycles, control paths, sanctions nearby and accounting parents against the real Neo4j."""

from __future__ import annotations

import random
from datetime import date

import networkx as nx
import pytest

from ownergraph.graph.analytics.structure import control_path, cycles, parents, sanctions_near
from ownergraph.graph.load.pipeline import ingest_paths
from tests.graph.analytics._small_world import World


def test_cross_holdings_match_networkx_on_generated_graphs(graph):
    """SCCs found around X equal networkx's SCCs of the generated edge list, restricted to
    edges valid at the date and to X's weakly connected component."""
    rng = random.Random(20240630)
    w = World(graph)
    n = 24
    names = [f"Firm {i:02d}" for i in range(n)]
    for name in names:
        w.entity(name)
    edges: list[tuple[str, str, bool]] = []  # (a, b, valid on the query date)
    for _ in range(40):
        a, b = rng.sample(names, 2)
        valid = rng.random() > 0.2
        kind = rng.choice(["own", "control"])
        if kind == "own":
            w.own(a, b, rng.choice([10, 30, 51, 75]), valid_from="2010-01-01",
                  valid_to=None if valid else "2019-01-01")
        else:
            w.control(a, b, valid_from="2010-01-01", valid_to=None if valid else "2019-01-01")
        edges.append((a, b, valid))
    w.own(names[3], names[3], 5)  # treasury shares: a self-loop, not a cross-holding
    w.flush()
    g = nx.DiGraph((w.key(a), w.key(b)) for a, b, valid in edges if valid)
    checked = 0
    for x in names[:6]:
        xk = w.key(x)
        res = cycles(graph, xk, as_of="2024-06-30", max_depth=n)
        if xk not in g:
            assert res.components == ()
            continue
        wcc = nx.node_connected_component(g.to_undirected(), xk)
        expected = {frozenset(c) for c in nx.strongly_connected_components(g.subgraph(wcc)) if len(c) > 1}
        got = {frozenset(c.members) for c in res.components}
        assert got == expected
        assert res.has_cycle == any(xk in c for c in expected)
        checked += len(expected)
    assert checked > 0  # the seed gives at least one cycle: the comparison is not vacuous
    loops = cycles(graph, w.key(names[3]), as_of="2024-06-30").self_loops
    assert [(e["source"], e["target"]) for e in loops] == [(w.key(names[3]), w.key(names[3]))]


def test_every_cross_holding_of_the_graph_without_an_entity(graph):
    """Issue 30: "list every circular shareholding in the graph": the components of the whole
    graph, each with its edges; an edge that closed before the date makes no cycle."""
    w = World(graph)
    for name in ("Alder Ltd", "Birch Ltd", "Cedar Ltd", "Dogwood Ltd", "Elm Ltd", "Fir Ltd", "Gum Ltd"):
        w.entity(name)
    w.own("Alder Ltd", "Birch Ltd", 60, valid_from="2015-01-01")
    w.own("Birch Ltd", "Alder Ltd", 10, valid_from="2015-01-01")
    w.own("Cedar Ltd", "Dogwood Ltd", 40, valid_from="2015-01-01")
    w.own("Dogwood Ltd", "Elm Ltd", 40, valid_from="2015-01-01")
    w.own("Elm Ltd", "Cedar Ltd", 5, valid_from="2015-01-01")
    w.own("Fir Ltd", "Gum Ltd", 50, valid_from="2015-01-01")
    w.own("Gum Ltd", "Fir Ltd", 50, valid_from="2015-01-01", valid_to="2020-01-01")
    w.flush()
    res = cycles(graph, None, as_of="2024-06-30")
    got = {frozenset(c.names) for c in res.components}
    assert got == {frozenset({"Alder Ltd", "Birch Ltd"}), frozenset({"Cedar Ltd", "Dogwood Ltd", "Elm Ltd"})}
    assert res.around is None and res.as_dict()["around"] is None
    two = next(c for c in res.components if len(c.members) == 2)
    assert sorted((e["source_name"], e["stake_lo"]) for e in two.edges) == [("Alder Ltd", 0.6), ("Birch Ltd", 0.1)]
    assert {frozenset(c.names) for c in cycles(graph, None, as_of="2019-06-30").components} >= {
        frozenset({"Fir Ltd", "Gum Ltd"})}


@pytest.fixture()
def chain(graph):
    w = World(graph)
    for name in ("Fund A", "HoldCo", "OpCo", "Fund B", "Loner"):
        w.entity(name)
    w.own("Fund A", "HoldCo", 60, valid_from="2015-01-01", doc="doc-1")
    w.control("HoldCo", "OpCo", "board_appointment", valid_from="2022-01-01")
    w.own("Fund B", "HoldCo", 20, valid_from="2015-01-01")
    return w.flush()


def test_control_path_either_direction_and_no_path(graph, chain):
    res = control_path(graph, "Fund A", "OpCo", as_of="2024-06-30")
    assert res.found and res.direction == "a_to_b" and res.hops == 2
    assert res.nodes == [chain.key("Fund A"), chain.key("HoldCo"), chain.key("OpCo")]
    first = res.steps[0]["edges"][0]
    assert first["type"] == "OWNS" and first["stake_lo"] == pytest.approx(0.6) and first["document_id"] == "doc-1"
    back = control_path(graph, "OpCo", "Fund A", as_of="2024-06-30")
    assert back.found and back.direction == "b_to_a" and back.hops == 2
    before = control_path(graph, "Fund A", "OpCo", as_of="2021-06-30")
    assert not before.found and before.hops is None
    assert before.message == "no ownership or control path between Fund A and OpCo as of 2021-06-30"
    assert before.to_frame().empty
    siblings = control_path(graph, "Fund A", "Fund B", as_of="2024-06-30", directed=True)
    assert not siblings.found  # no directed path between co-owners ...
    shared = control_path(graph, "Fund A", "Fund B", as_of="2024-06-30")  # the default: either way
    assert shared.found and shared.direction == "undirected" and shared.hops == 2  # ... but a common one
    assert not control_path(graph, "Loner", "OpCo", as_of="2024-06-30", directed=False).found


def test_sanctions_near_reads_undirected_and_respects_both_clocks(graph):
    w = World(graph)
    for name in ("Sanctioned Co", "Owned Co", "Borrower Co", "Guaranteed Co", "Far Co"):
        w.entity(name)
    w.sanction("Sanctioned Co", valid_from="2020-01-01", known="2020-03-01")
    w.own("Sanctioned Co", "Owned Co", 40)
    w.lend("Borrower Co", "Owned Co", 1e6, "EUR")  # the edge points away from the sanctioned side
    w.guarantee("Guaranteed Co", "Borrower Co", 5e5, "EUR")
    w.associate("Far Co", "Guaranteed Co", "spouse")  # not a counterparty edge type
    w.flush()
    res = sanctions_near(graph, None, hops=2, as_of="2024-06-30")
    got = {r["name"]: r["distance"] for r in res.rows}
    assert got == {"Sanctioned Co": 0, "Owned Co": 1, "Borrower Co": 2}
    row = next(r for r in res.rows if r["name"] == "Borrower Co")
    assert row["path_names"] == ["Borrower Co", "Owned Co", "Sanctioned Co"] and row["authority"] == "OFAC"
    three = sanctions_near(graph, "Guaranteed Co", hops=3, as_of="2024-06-30")
    assert [(r["sanctioned_name"], r["distance"]) for r in three.rows] == [("Sanctioned Co", 3)]
    assert sanctions_near(graph, "Guaranteed Co", hops=2, as_of="2024-06-30").rows == ()
    assert sanctions_near(graph, None, as_of="2019-06-30").rows == ()  # not yet sanctioned
    assert sanctions_near(graph, None, as_of="2020-02-01", known_at="2020-02-01").rows == ()  # not yet known
    assert len(sanctions_near(graph, None, as_of="2020-02-01").rows) == 3  # known now, valid then


def test_parents_keep_exception_apart_from_no_parent(graph):
    w = World(graph)
    for name in ("Child", "Parent", "Top", "Secretive", "Orphan"):
        w.entity(name)
    w.consolidate("Child", "Parent", "direct", valid_from="2018-01-01")
    w.consolidate("Child", "Top", "ultimate", valid_from="2018-01-01", known="2021-01-01")
    w.exception("Secretive", "direct", "NON_PUBLIC")
    w.exception("Secretive", "ultimate", "NATURAL_PERSONS")
    w.flush()
    child = parents(graph, "Child", as_of="2024-06-30")
    assert child.direct.status == child.ultimate.status == "reported"
    assert [p["target_name"] for p in child.direct.parents] == ["Parent"]
    assert [p["target_name"] for p in child.ultimate.parents] == ["Top"]
    early = parents(graph, "Child", as_of="2024-06-30", known_at="2020-06-30")
    assert early.ultimate.status == "none_reported"
    sec = parents(graph, "Secretive", as_of="2024-06-30")
    assert (sec.direct.status, sec.ultimate.status) == ("exception", "exception")
    assert sec.direct.exceptions[0]["reason"] == "NON_PUBLIC" and "not public" in sec.direct.message
    orphan = parents(graph, "Orphan", as_of="2024-06-30")
    assert (orphan.direct.status, orphan.direct.message) == ("none_reported", "no parent reported")
    assert set(orphan.to_frame()["status"]) == {"none_reported"}


def test_parents_of_real_gleif_records(graph, real_data):
    gc = real_data / "gleif" / "golden-copy"
    summary = ingest_paths(graph, [gc / "lei-data.xml", gc / "rr-data.xml", gc / "repex-data.xml"])
    assert summary.totals["loaded"] > 0
    # 010CMKZ3VON21WF2ZD45: direct parent ZZG38T0MDR3QY1ETUA76 (known 2022-06-04), ultimate
    # parent 3C7474T6CDKPR9K6YT90 (relationship record updated 2023-01-24), both from 2018-02-06
    res = parents(graph, "010CMKZ3VON21WF2ZD45", as_of="2023-06-30")
    assert [p["target"] for p in res.direct.parents] == ["ZZG38T0MDR3QY1ETUA76"]
    assert [p["target"] for p in res.ultimate.parents] == ["3C7474T6CDKPR9K6YT90"]
    assert res.direct.parents[0]["valid_from"] == date(2018, 2, 6)
    assert res.ultimate.parents[0]["accounting_standard"] == "US_GAAP"
    assert parents(graph, "010CMKZ3VON21WF2ZD45", as_of="2017-06-30").direct.status == "none_reported"
    assert parents(graph, "010CMKZ3VON21WF2ZD45", as_of="2023-06-30",
                   known_at="2022-12-31").ultimate.status == "none_reported"
    # 01370W6ZIY66KQ4J3570: NON_PUBLIC direct parent exception; nothing said about an ultimate one
    exc = parents(graph, "01370W6ZIY66KQ4J3570", as_of="2023-06-30")
    assert exc.direct.status == "exception" and exc.direct.exceptions[0]["reason"] == "NON_PUBLIC"
    assert exc.ultimate.status == "none_reported"
    # 00KLB2PFTM3060S2N216: a fund (managed-by / sub-fund edges, not consolidation), NO_KNOWN_PERSON
    fund = parents(graph, "00KLB2PFTM3060S2N216", as_of="2023-06-30")
    assert fund.direct.status == "exception" and fund.direct.exceptions[0]["reason"] == "NO_KNOWN_PERSON"
    assert fund.direct.parents == ()


def test_parents_state_every_reason_of_an_exception(graph, real_data, tmp_path):
    """A repex record may give several reasons (repex 2.1: ExceptionReason one or more); the
    stored exception keeps them and the parents answer states each with its meaning."""
    from tests.ingest.test_gleif_repex_spec_shapes import REPEX

    gc = real_data / "gleif" / "golden-copy"
    repex = tmp_path / "repex.xml"
    repex.write_text(REPEX, encoding="utf-8")
    ingest_paths(graph, [gc / "lei-data.xml", repex])
    res = parents(graph, "001GPB6A9XPE8XJICC14", as_of="2023-12-31")
    assert res.direct.status == "exception"
    assert res.direct.exceptions[0]["other_reasons"] == ["NO_KNOWN_PERSON"]
    assert "NON_CONSOLIDATING" in res.direct.message and "NO_KNOWN_PERSON" in res.direct.message
    row = res.to_frame().query("level == 'direct'").iloc[0]
    assert (row["reason"], row["other_reasons"]) == ("NON_CONSOLIDATING", ["NO_KNOWN_PERSON"])
