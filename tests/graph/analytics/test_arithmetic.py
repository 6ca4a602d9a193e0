"""``_arithmetic`` against independent computations: networkx simple-path products, numpy
inverses for walk sums, a brute-force fixpoint; plus hypothesis properties."""

from __future__ import annotations

import itertools
import random

import networkx as nx
import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from ownergraph.graph.analytics.interval import EPS, ONE, Interval
from ownergraph.graph.analytics.digraph import WEdge, sccs, out_adjacency
from ownergraph.graph.analytics.arithmetic import chain_from, chain_to, simple_paths
from ownergraph.graph.analytics.fixpoint import per_hop_from, per_hop_to, propagate

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def E(a: str, b: str, lo: float, hi: float | None = None, lo_open: bool = False, hi_open: bool = False) -> WEdge:
    return WEdge(a, b, Interval(lo, lo if hi is None else hi, lo_open, hi_open))


# -- independent references ----------------------------------------------------------------

def ref_simple(edges: list[WEdge], x: str, t: str, end: str = "lo") -> float:
    g = nx.DiGraph()
    g.add_weighted_edges_from((e.source, e.target, getattr(e.stake, end)) for e in edges if e.source != e.target)
    if x not in g or t not in g:
        return 0.0
    return sum(float(np.prod([g[a][b]["weight"] for a, b in zip(p, p[1:])]))
               for p in nx.all_simple_paths(g, x, t))


def ref_walk(edges: list[WEdge], x: str, t: str, end: str = "lo") -> float:
    """Walks x -> t never revisiting x: (I - W')^-1[x, t] with x's incoming stakes removed."""
    nodes = sorted({e.source for e in edges} | {e.target for e in edges})
    ix = {v: i for i, v in enumerate(nodes)}
    W = np.zeros((len(nodes), len(nodes)))
    for e in edges:
        if e.source != e.target:
            W[ix[e.source], ix[e.target]] += getattr(e.stake, end)
    W[:, ix[x]] = 0.0
    return float(np.linalg.inv(np.eye(len(nodes)) - W)[ix[x], ix[t]])


def spectral_radius(edges: list[WEdge], end: str = "hi") -> float:
    nodes = sorted({e.source for e in edges} | {e.target for e in edges})
    ix = {v: i for i, v in enumerate(nodes)}
    W = np.zeros((len(nodes), len(nodes)))
    for e in edges:
        W[ix[e.source], ix[e.target]] += getattr(e.stake, end)
    return float(np.abs(np.linalg.eigvals(W)).max()) if nodes else 0.0


# -- generators ----------------------------------------------------------------------------

@st.composite
def ownership_graphs(draw: st.DrawFn, max_nodes: int = 7, bands: bool = False, max_total: float = 1.0
                     ) -> list[WEdge]:
    """Random directed graphs (cycles allowed, no parallel edges) whose shareholders' stakes
    (hi ends) add up to at most ``max_total`` for every entity."""
    n = draw(st.integers(2, max_nodes))
    nodes = [f"n{i}" for i in range(n)]
    pairs = [(a, b) for a in nodes for b in nodes if a != b]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True, min_size=1, max_size=min(len(pairs), 14)))
    raw = {p: draw(st.floats(0.01, 1.0)) for p in chosen}
    total: dict[str, float] = {}
    for (_, b), w in raw.items():
        total[b] = total.get(b, 0.0) + w
    scale = {b: min(1.0, max_total / t) * draw(st.floats(0.3, 1.0)) for b, t in total.items()}
    edges = []
    for (a, b), w in raw.items():
        hi = round(w * scale[b], 6)
        lo = round(hi * draw(st.floats(0.0, 1.0)), 6) if bands and draw(st.booleans()) else hi
        edges.append(WEdge(a, b, Interval(lo, hi)))
    return edges


def chain(depth: int, stake: float) -> list[WEdge]:
    return [E(f"c{i}", f"c{i + 1}", stake) for i in range(depth)]


def random_dag(seed: int, n: int = 30) -> list[WEdge]:
    rng = random.Random(seed)
    edges = []
    for b in range(1, n):
        owners = rng.sample(range(b), min(b, rng.randint(1, 3)))
        ws = [rng.random() for _ in owners]
        s = sum(ws) / rng.uniform(0.5, 1.0)
        edges += [E(f"d{a}", f"d{b}", w / s) for a, w in zip(owners, ws)]
    return edges


FIXTURES = {
    "chain12": chain(12, 0.9),
    "diamond": [E("A", "B", 0.6), E("A", "C", 0.4), E("B", "D", 0.5), E("C", "D", 0.5)],
    "double_diamond": [E("A", "B", 0.6), E("A", "C", 0.4), E("B", "D", 0.5), E("C", "D", 0.5),
                       E("D", "F", 0.3), E("D", "G", 0.7), E("F", "H", 0.8), E("G", "H", 0.2)],
    "two_cycle": [E("X", "A", 0.6), E("A", "B", 0.5), E("B", "A", 0.3), E("B", "T", 0.7)],
    "three_cycle": [E("X", "A", 0.5), E("A", "B", 0.6), E("B", "C", 0.6), E("C", "A", 0.4), E("C", "T", 0.5),
                    E("A", "T", 0.3)],
    "target_in_cycle": [E("X", "T", 0.4), E("T", "Z", 1.0), E("Z", "T", 0.2), E("Y", "Z", 0.0)],
    "dag30": random_dag(1),
}


# -- chain rule ----------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_fixtures_match_networkx_and_numpy(name: str) -> None:
    edges = FIXTURES[name]
    nodes = {e.source for e in edges} | {e.target for e in edges}
    for t in nodes:
        simple = chain_to(edges, t).raw
        walk = chain_to(edges, t, "walk_sum").raw
        for x in nodes - {t}:
            assert simple.get(x, Interval(0, 0)).lo == pytest.approx(ref_simple(edges, x, t), abs=1e-12)
            assert walk.get(x, Interval(0, 0)).lo == pytest.approx(ref_walk(edges, x, t), abs=1e-12)


def test_chain_of_depth_12_is_the_product() -> None:
    res = chain_to(chain(12, 0.9), "c12")
    assert res.values["c0"].lo == pytest.approx(0.9 ** 12)
    assert res.values["c11"].lo == pytest.approx(0.9)


def test_thirty_times_thirty_is_nine_percent_and_fails_25() -> None:
    v = chain_to([E("P", "H", 0.3), E("H", "T", 0.3)], "T").values["P"]
    assert v.lo == pytest.approx(0.09)
    assert v.test(0.25, strict=False) == "not"
    assert chain_to([E("P", "H", 0.5), E("H", "T", 0.5)], "T").values["P"].test(0.25, False) == "certainly"
    assert chain_to([E("P", "H", 0.5), E("H", "T", 0.5)], "T").values["P"].test(0.25, True) == "not"


def test_cross_holding_simple_paths_do_not_double_count_walks_do() -> None:
    # X owns 50% of Y; Y and Z hold each other (50%, 40%): Y owns 20% of itself through Z
    edges = [E("X", "Y", 0.5), E("Y", "Z", 0.5), E("Z", "Y", 0.4)]
    assert chain_to(edges, "Y").values["X"].lo == pytest.approx(0.5)
    assert chain_to(edges, "Y", "walk_sum").values["X"].lo == pytest.approx(0.5 / 0.8)
    # Z's stake in Y: Z -> Y only; a walk back through Z is a return to the source, not counted
    assert chain_to(edges, "Y", "walk_sum").values["Z"].lo == pytest.approx(0.4)
    assert chain_from(edges, "X", "walk_sum").values["Z"].lo == pytest.approx(0.5 / 0.8 * 0.5)


@FAST
@given(ownership_graphs())
def test_simple_paths_match_networkx(edges: list[WEdge]) -> None:
    nodes = sorted({e.source for e in edges} | {e.target for e in edges})
    t = nodes[-1]
    res = chain_to(edges, t)
    for x in nodes[:-1]:
        assert res.raw.get(x, Interval(0, 0)).lo == pytest.approx(ref_simple(edges, x, t), abs=1e-9)


@FAST
@given(ownership_graphs())
def test_walk_sum_matches_numpy_inverse(edges: list[WEdge]) -> None:
    assume(spectral_radius(edges) < 0.999)
    nodes = sorted({e.source for e in edges} | {e.target for e in edges})
    t = nodes[0]
    res = chain_to(edges, t, "walk_sum")
    for x in nodes[1:]:
        assert res.raw.get(x, Interval(0, 0)).lo == pytest.approx(ref_walk(edges, x, t), rel=1e-7, abs=1e-9)


@FAST
@given(ownership_graphs(), st.data())
def test_from_a_source_matches_the_references(edges: list[WEdge], data: st.DataObject) -> None:
    nodes = sorted({e.source for e in edges} | {e.target for e in edges})
    s = data.draw(st.sampled_from(nodes))
    simple, walk = chain_from(edges, s), chain_from(edges, s, "walk_sum")
    for j in set(nodes) - {s}:
        assert simple.raw.get(j, Interval(0, 0)).lo == pytest.approx(ref_simple(edges, s, j), abs=1e-9)
        if spectral_radius(edges) < 0.999:
            assert walk.raw.get(j, Interval(0, 0)).lo == pytest.approx(ref_walk(edges, s, j), rel=1e-7, abs=1e-9)


@FAST
@given(ownership_graphs(), st.data())
def test_group_stake_is_the_sum_over_members_of_paths_avoiding_other_members(edges: list[WEdge],
                                                                               data: st.DataObject) -> None:
    nodes = sorted({e.source for e in edges} | {e.target for e in edges})
    group = set(data.draw(st.lists(st.sampled_from(nodes), min_size=2, max_size=3, unique=True)))
    res = chain_from(edges, group)
    for j in set(nodes) - group:
        expected = sum(ref_simple([e for e in edges if e.source not in group - {m} and e.target not in group - {m}],
                                  m, j) for m in group)
        assert res.raw.get(j, Interval(0, 0)).lo == pytest.approx(expected, abs=1e-9)


@FAST
@given(ownership_graphs())
def test_simple_path_stakes_lie_in_0_1_and_below_the_walk_sum(edges: list[WEdge]) -> None:
    nodes = sorted({e.source for e in edges} | {e.target for e in edges})
    for t in nodes:
        simple = chain_to(edges, t).raw
        walk = chain_to(edges, t, "walk_sum").raw
        for x, v in simple.items():
            assert -EPS <= v.lo <= v.hi <= 1 + 1e-9  # uncapped: totals <= 100% keep it in [0, 1]
            assert walk[x].lo >= v.lo - 1e-9
            assert walk[x].lo <= 1 + 1e-9


@FAST
@given(ownership_graphs(), st.data())
def test_monotonic_in_every_edge_stake(edges: list[WEdge], data: st.DataObject) -> None:
    i = data.draw(st.integers(0, len(edges) - 1))
    bump = data.draw(st.floats(0.0, 0.5))
    e = edges[i]
    up = Interval(min(1.0, e.stake.lo + bump), min(1.0, e.stake.hi + bump))
    bigger = edges[:i] + [WEdge(e.source, e.target, up)] + edges[i + 1:]
    nodes = sorted({x.source for x in edges} | {x.target for x in edges})
    t = nodes[-1]
    for sem in ("simple_paths", "walk_sum"):
        a, b = chain_to(edges, t, sem).values, chain_to(bigger, t, sem).values
        for x, v in a.items():
            assert b[x].lo >= v.lo - 1e-9 and b[x].hi >= v.hi - 1e-9


@FAST
@given(ownership_graphs(bands=True, max_nodes=6), st.data())
def test_bands_enclose_every_point_value(edges: list[WEdge], data: st.DataObject) -> None:
    nodes = sorted({e.source for e in edges} | {e.target for e in edges})
    t = nodes[-1]
    points = [WEdge(e.source, e.target, Interval.exact(data.draw(st.floats(e.stake.lo, e.stake.hi))))
              for e in edges]
    for sem in ("simple_paths", "walk_sum"):
        band, point = chain_to(edges, t, sem).values, chain_to(points, t, sem).values
        for x, v in band.items():
            assert v.lo - 1e-9 <= point[x].lo <= v.hi + 1e-9
        for x, v in band.items():  # the ends themselves are the reference values at the ends
            if sem == "simple_paths":
                assert v.lo == pytest.approx(min(1.0, ref_simple(edges, x, t, "lo")), abs=1e-9)
                assert v.hi == pytest.approx(min(1.0, ref_simple(edges, x, t, "hi")), abs=1e-9)


def test_open_ends_follow_the_strict_bounds() -> None:
    psc = Interval(0.25, 0.5, lo_open=True, hi_open=False)  # UK PSC "more than 25% but not more than 50%"
    assert psc.test(0.25, strict=True) == "certainly"
    assert Interval(0.25, 0.5).test(0.25, strict=True) == "possibly"
    assert Interval(0.1, 0.25, hi_open=True).test(0.25, strict=False) == "not"
    assert Interval(0.1, 0.25).test(0.25, strict=False) == "possibly"
    # (25%, 50%] x 100%: still strictly above 25%; x [0, 1]: could be 0, no longer strict
    assert (psc * ONE).test(0.25, True) == "certainly"
    assert (psc * Interval(0.0, 1.0)).lo_open is False
    assert (psc * Interval(0.0, 1.0, lo_open=True)).lo_open is True
    res = chain_to([WEdge("P", "H", psc), E("H", "T", 1.0)], "T").values["P"]
    assert res.test(0.25, strict=True) == "certainly" and res.hi == 0.5


def test_float_sums_at_the_threshold_pass() -> None:
    v = chain_to([E("A", "T", 0.1), E("A", "B", 1.0), E("B", "T", 0.15)], "T").values["A"]
    assert v.test(0.25, strict=False) == "certainly"


def test_missing_stake_band_is_possible_never_certain() -> None:
    v = chain_to([E("P", "H", 0.0, 1.0), E("H", "T", 0.8)], "T").values["P"]
    assert (v.lo, v.hi) == (0.0, 0.8) and v.test(0.25, False) == "possibly"


def test_band_upper_ends_above_100_percent_are_capped() -> None:
    edges = [E("A", "T", 0.5, 0.75), E("A", "B", 1.0), E("B", "T", 0.4, 0.6)]
    res = chain_to(edges, "T")
    assert res.raw["A"].hi == pytest.approx(1.35) and res.values["A"].hi == 1.0 and "A" in res.capped


def test_path_cap_keeps_an_enclosure() -> None:
    # a 6-clique of small cross-holdings: many simple paths
    nodes = [f"k{i}" for i in range(6)]
    edges = [E(a, b, 0.15) for a, b in itertools.permutations(nodes, 2)] + [E("k5", "T", 0.5)]
    exact = chain_to(edges, "T").values
    cut = chain_to(edges, "T", path_cap=50)
    assert cut.truncated
    for x, v in exact.items():
        assert cut.values[x].lo <= v.lo + 1e-12 and cut.values[x].hi >= v.hi - 1e-12


def test_divergent_cycle_is_capped_and_flagged() -> None:
    edges = [E("X", "A", 0.5), E("A", "B", 1.0), E("B", "A", 1.0), E("B", "T", 0.5)]
    res = chain_to(edges, "T", "walk_sum")
    assert res.diverged == {"A", "B"}
    assert res.values["X"].hi == 1.0
    # without returns to A, A's walks to T do converge: A -> B -> T
    assert res.values["A"].lo == pytest.approx(0.5)
    assert chain_to(edges, "T").values["X"].lo == pytest.approx(0.25)


def test_treasury_self_loops_never_chain() -> None:
    assert chain_to([E("A", "A", 0.2), E("A", "T", 0.4)], "T").values["A"].lo == pytest.approx(0.4)


# -- graph helpers -------------------------------------------------------------------------

@FAST
@given(ownership_graphs(max_nodes=9))
def test_sccs_match_networkx_and_come_sinks_first(edges: list[WEdge]) -> None:
    nodes = sorted({e.source for e in edges} | {e.target for e in edges})
    out = out_adjacency(edges)
    comps = sccs(nodes, out)
    g = nx.DiGraph([(e.source, e.target) for e in edges])
    assert sorted(map(sorted, comps)) == sorted(map(sorted, nx.strongly_connected_components(g)))
    pos = {v: i for i, c in enumerate(comps) for v in c}
    for e in edges:
        assert pos[e.target] <= pos[e.source]


@FAST
@given(ownership_graphs())
def test_path_enumeration_matches_networkx(edges: list[WEdge]) -> None:
    nodes = sorted({e.source for e in edges} | {e.target for e in edges})
    g = nx.DiGraph([(e.source, e.target) for e in edges])
    found, cut = simple_paths(edges, nodes[0], nodes[-1], cap=10_000)
    assert not cut
    assert sorted(tuple([p[0].source] + [e.target for e in p]) for p in found) == \
        sorted(tuple(p) for p in nx.all_simple_paths(g, nodes[0], nodes[-1]))


@FAST
@given(ownership_graphs(bands=True))
def test_per_hop_is_reachability_over_passing_links(edges: list[WEdge]) -> None:
    nodes = sorted({e.source for e in edges} | {e.target for e in edges})
    t = nodes[-1]
    status = per_hop_to(edges, t, 0.25)
    strong = nx.DiGraph([(e.source, e.target) for e in edges if e.stake.lo > 0.25 + EPS])
    weak = nx.DiGraph([(e.source, e.target) for e in edges if e.stake.hi > 0.25 + EPS])
    for x in nodes[:-1]:
        expected = ("certainly" if x in strong and t in strong and nx.has_path(strong, x, t) else
                    "possibly" if x in weak and t in weak and nx.has_path(weak, x, t) else "not")
        assert status.get(x, "not") == expected
    down = per_hop_from(edges, [nodes[0]], 0.25)
    for j in nodes[1:]:
        if j in strong and nodes[0] in strong and nx.has_path(strong, nodes[0], j):
            assert down[j] == "certainly"


# -- fixpoints -----------------------------------------------------------------------------

def brute_fixpoint(edges: list[WEdge], seeds: set[str], threshold: float, strict: bool, end: str) -> set[str]:
    """Iterate over all nodes until nothing changes (no worklist), on one end of the stakes."""
    nodes = {e.source for e in edges} | {e.target for e in edges}
    members = set(seeds)
    while True:
        new = set()
        for j in nodes - members:
            held = sum(getattr(e.stake, end) for e in edges if e.target == j and e.source in members
                       and e.source != e.target)
            if held > threshold + EPS or (not strict and abs(held - threshold) <= EPS):
                new.add(j)
        if not new:
            return members
        members |= new


def test_majority_control_fixpoint_example() -> None:
    # i owns 30% of j directly and controls k (60%), which owns 25% of j: 55% > 50%
    edges = [E("i", "j", 0.3), E("i", "k", 0.6), E("k", "j", 0.25)]
    p = propagate(edges, {"i"}, 0.5, strict=True)
    assert p.status == {"k": "certainly", "j": "certainly"}
    assert p.measure["j"].lo == pytest.approx(0.55)
    assert p.round == {"k": 1, "j": 2}
    # product stake would be 30% + 15% = 45%: not a majority under the chain rule
    assert chain_from(edges, "i").values["j"].lo == pytest.approx(0.45)


def test_ofac_example_blocks_c_though_the_product_is_25_percent() -> None:
    edges = [E("A", "B", 0.5), E("B", "C", 0.5)]
    p = propagate(edges, {"A"}, 0.5, strict=False)
    assert p.status == {"B": "certainly", "C": "certainly"}
    assert chain_from(edges, "A").values["C"].lo == pytest.approx(0.25)
    # aggregation: two blocked persons with 30% and 20%
    p = propagate([E("S1", "D", 0.3), E("S2", "D", 0.2)], {"S1", "S2"}, 0.5, strict=False)
    assert p.status["D"] == "certainly"


def test_forced_control_edges_join() -> None:
    edges = [E("k", "j", 0.6)]
    p = propagate(edges, {"i"}, 0.5, strict=True, forced=[("i", "k")])
    assert p.status == {"k": "certainly", "j": "certainly"}


@FAST
@given(ownership_graphs(bands=True, max_total=1.5), st.data())
def test_fixpoints_match_brute_force(edges: list[WEdge], data: st.DataObject) -> None:
    nodes = sorted({e.source for e in edges} | {e.target for e in edges})
    seeds = set(data.draw(st.lists(st.sampled_from(nodes), min_size=1, max_size=2, unique=True)))
    for strict in (True, False):
        p = propagate(edges, seeds, 0.5, strict)
        certain = brute_fixpoint(edges, seeds, 0.5, strict, "lo") - seeds
        possible = brute_fixpoint(edges, seeds, 0.5, strict, "hi") - seeds
        assert {k for k, s in p.status.items() if s == "certainly"} == certain
        assert {k for k, s in p.status.items() if s != "not"} == possible
