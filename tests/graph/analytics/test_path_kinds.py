"""Reachability across relationship kinds on real GLEIF files: fund management, sub-fund and
accounting consolidation edges followed in their stated direction, on both clocks.

Expected paths are read off the files (tests/fixtures/real/gleif/...), record by record:
rr-data.xml record 1: 001GPB6A9XPE8XJICC14 IS_FUND-MANAGED_BY 5493001Z012YSB2A0K51 from 2012-11-29;
record 2: 001GPB6A9XPE8XJICC14 IS_SUBFUND_OF C7J4FOV6ELAVE39B7M82 from 2012-11-29;
record 3: 00KLB2PFTM3060S2N216 IS_FUND-MANAGED_BY YVC19L6NOWRA51XIKW06, period from 2023-05-18,
LastUpdateDate 2023-05-18; record 9: 010CMKZ3VON21WF2ZD45 IS_ULTIMATELY_CONSOLIDATED_BY
3C7474T6CDKPR9K6YT90, RELATIONSHIP_PERIOD from 2018-02-06. No two of 001GPB..., 00KLB... share a node.
"""

from __future__ import annotations

import pytest

from ownergraph.graph.analytics.api import Analytics
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.retrieval.api import Ownergraph

FUND, MANAGER, UMBRELLA = "001GPB6A9XPE8XJICC14", "5493001Z012YSB2A0K51", "C7J4FOV6ELAVE39B7M82"
FUND2, MANAGER2 = "00KLB2PFTM3060S2N216", "YVC19L6NOWRA51XIKW06"
CHILD, ULTIMATE = "010CMKZ3VON21WF2ZD45", "3C7474T6CDKPR9K6YT90"


@pytest.fixture
def golden(graph, real_data):
    gc = real_data / "gleif" / "golden-copy"
    summary = ingest_paths(graph, [gc / "lei-data.xml", gc / "rr-data.xml"])
    assert summary.totals["loaded"] > 0
    return Analytics(graph).at("2023-06-01")


def test_fund_management_edge_is_followed_only_when_chosen(golden):
    res = golden.structure.path(FUND, MANAGER, kinds=["fund"], directed=True)
    assert res.found and res.hops == 1 and res.direction == "a_to_b"  # fund -> its manager
    (edge,) = res.steps[0]["edges"]
    assert (edge["type"], edge["fund_kind"], edge["source"], edge["target"]) == (
        "FUND_RELATION", "fund_managed_by", FUND, MANAGER)
    # the same question over ownership and control only: GLEIF states no ownership here
    plain = golden.structure.path(FUND, MANAGER)
    assert not plain.found and "no ownership or control path" in plain.message
    # stated direction: asked from the manager's side, the path runs back from the fund
    assert golden.structure.path(MANAGER, FUND, kinds=["fund"], directed=True).direction == "b_to_a"
    # by default (a connection) the edge is walked either way and keeps its stored direction
    either = golden.structure.path(MANAGER, FUND, kinds=["fund"])
    assert either.direction == "b_to_a" and either.steps[0]["edges"][0]["source"] == FUND


def test_manager_and_umbrella_meet_only_through_the_fund(golden):
    # both edges point away from the fund: no directed path between manager and umbrella
    directed = golden.structure.path(MANAGER, UMBRELLA, kinds=["all"], directed=True)
    assert not directed.found and "fund" in directed.message and "FUND_RELATION" not in directed.message
    res = golden.structure.path(MANAGER, UMBRELLA, kinds=["all"])  # edges walked either way
    assert res.found and res.nodes == [MANAGER, FUND, UMBRELLA]


def test_consolidation_and_both_clocks(golden, graph):
    cons = golden.structure.path(CHILD, ULTIMATE, kinds=["consolidation"])
    assert cons.found and cons.steps[0]["edges"][0]["type"] == "CONSOLIDATED_BY"
    assert not golden.structure.path(CHILD, ULTIMATE, kinds=["fund", "branch"]).found
    a = Analytics(graph)
    # valid time: the manager relationship of 00KLB... starts 2023-05-18
    assert not a.structure.path(FUND2, MANAGER2, kinds=["fund"], as_of="2023-05-01").found
    assert a.structure.path(FUND2, MANAGER2, kinds=["fund"], as_of="2023-06-01").found
    # knowledge time: published 2023-05-18, so unknown on 2023-05-10 even for a date after it
    assert not a.structure.path(FUND2, MANAGER2, kinds=["fund"], as_of="2023-06-01", known_at="2023-05-10").found
    # two funds without a shared manager, umbrella or parent stay apart over every kind
    assert not golden.structure.path(FUND, FUND2, kinds=["all"], directed=False).found


def test_unknown_kind_is_an_error(golden):
    with pytest.raises(ValueError, match="unknown path kind"):
        golden.structure.path(FUND, MANAGER, kinds=["fundz"])


def test_api_consolidation_edge(graph, real_data):
    # direct-child-relationships_5299001ERX0K10IZUL40.json data[0]: 254900RX3NW13DDG3905
    # IS_DIRECTLY_CONSOLIDATED_BY 5299001ERX0K10IZUL40, RELATIONSHIP_PERIOD from 2001-02-20
    api = real_data / "gleif" / "api"
    ingest_paths(graph, [api / "lei_records" / "single_lei_record_5299001ERX0K10IZUL40.json",
                         api / "relationships" / "direct-child-relationships_5299001ERX0K10IZUL40.json"])
    a = Analytics(graph)
    assert a.structure.path("254900RX3NW13DDG3905", "5299001ERX0K10IZUL40", kinds=["consolidation"],
                            as_of="2024-06-30").found
    assert not a.structure.path("254900RX3NW13DDG3905", "5299001ERX0K10IZUL40", kinds=["consolidation"],
                                as_of="2000-06-30").found


def test_ask_connected_follows_every_kind(graph, real_data):
    gc = real_data / "gleif" / "golden-copy"
    ingest_paths(graph, [gc / "lei-data.xml", gc / "rr-data.xml"])
    og = Ownergraph(graph)
    ans = og.ask(f"Is {FUND} connected to {UMBRELLA}?", as_of="2023-06-01")
    assert ans.question.pattern == "path" and ans.evidence.found
    assert "is a sub-fund of" in ans.text and "control path" not in ans.text
    linked = og.ask(f"How is {FUND} linked to {MANAGER}?", as_of="2023-06-01")
    assert linked.evidence.found
    control = og.ask(f"Shortest control path between {FUND} and {MANAGER}", as_of="2023-06-01")
    assert not control.evidence.found and "No ownership or control path" in control.text


def test_a_path_reads_only_as_far_as_the_other_end(golden, graph):
    """The expansion behind a path stops at the level that reaches B (a connected register
    need not be read whole to answer a one-hop question); the shortest path is the same."""
    from ownergraph.domain.clock import make_clock
    from ownergraph.domain.vocabulary import path_edge_types
    from ownergraph.graph.analytics.snapshot import expand

    types, clock = list(path_edge_types(["all"])), make_clock("2023-06-01")
    whole = expand(graph, [MANAGER], clock, types, "both", 12)
    assert whole.depth_reached >= 2 and UMBRELLA in whole.nodes  # manager - fund - umbrella
    near = expand(graph, [MANAGER], clock, types, "both", 12, until=FUND)
    assert near.depth_reached == 1 and FUND in near.nodes and UMBRELLA not in near.nodes
    assert golden.structure.path(MANAGER, FUND, kinds=["all"]).hops == 1
