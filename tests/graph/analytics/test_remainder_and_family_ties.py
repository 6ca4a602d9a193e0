"""Two general rules of the ownership and reach arithmetic (session 10), on hand-built snapshots:
a stake given without a figure (or as a band) is capped at what the other shareholders' stated
stakes leave, since an entity's shares add up to at most 100%; and at the same number of hops a
route over ownership, control or credit is told before one over a family link."""

from __future__ import annotations

import networkx as nx
import pytest

from ownergraph.domain.clock import make_clock
from ownergraph.graph.analytics.ownership_read import prepare
from ownergraph.graph.analytics.snapshot import EdgeView, Snapshot
from ownergraph.graph.analytics.structure import undirected


def _snap(edges: list[tuple[str, str, str, dict]], depth: int = 1) -> Snapshot:
    snap = Snapshot(make_clock("2024-06-30"), depth_reached=depth)
    for i, (s, t, kind, props) in enumerate(edges):
        snap.nodes.setdefault(s, {"name": s})
        snap.nodes.setdefault(t, {"name": t})
        snap.edges.append(EdgeView(s, t, kind, {"_rid": f"r{i}", "interest": "shareholding", **props}))
    return snap


def _stakes(snap: Snapshot, target: str = "co") -> dict[str, tuple[float, float]]:
    prep = prepare(snap, [target], "in", "shareholding", max_depth=4)
    return {w.source: (w.stake.lo, w.stake.hi) for w in prep.wedges if w.target == target}


def test_a_stake_without_a_figure_is_capped_at_what_the_others_leave() -> None:
    stakes = _stakes(_snap([("elena", "co", "OWNS", {"stake_lo": 0.4, "stake_hi": 0.4}), ("ivan", "co", "OWNS", {})]))
    assert stakes["ivan"] == pytest.approx((0.0, 0.6)) and stakes["elena"] == pytest.approx((0.4, 0.4))


def test_a_band_is_narrowed_only_where_the_others_leave_less() -> None:
    stakes = _stakes(_snap([("elena", "co", "OWNS", {"stake_lo": 0.4, "stake_hi": 0.4}),
                            ("ivan", "co", "OWNS", {"stake_lo": 0.5, "stake_hi": 0.75})]))
    assert stakes["ivan"] == pytest.approx((0.5, 0.6))
    wide = _stakes(_snap([("a", "co", "OWNS", {"stake_lo": 0.1, "stake_hi": 0.1}),
                          ("b", "co", "OWNS", {"stake_lo": 0.25, "stake_hi": 0.5})]))
    assert wide["b"] == pytest.approx((0.25, 0.5))  # 90% left: nothing to cut


def test_no_cap_where_the_stated_stakes_already_pass_100_percent() -> None:
    stakes = _stakes(_snap([("a", "co", "OWNS", {"stake_lo": 0.7, "stake_hi": 0.7}),
                            ("b", "co", "OWNS", {"stake_lo": 0.6, "stake_hi": 0.6}), ("c", "co", "OWNS", {})]))
    assert stakes["c"] == pytest.approx((0.0, 1.0))


def test_an_ownership_route_is_told_before_a_family_route_of_the_same_length() -> None:
    snap = _snap([("valtora", "holdings", "OWNS", {}), ("ivan", "valtora", "OWNS", {}),
                  ("elena", "holdings", "CONTROLS", {}), ("ivan", "elena", "ASSOCIATED_WITH", {})])
    dist, paths = nx.single_source_dijkstra(undirected(snap), "holdings")
    assert int(dist["ivan"]) == 2 and paths["ivan"] == ["holdings", "valtora", "ivan"]
    assert int(dist["elena"]) == 1
