"""One semantics everywhere, as metamorphic properties (issue 30, item 5): what one surface says
implies what another must say, on the example bundle and a generated world (ownergraph.worldgen,
60 entities, seed 30) loaded once. Hypothesis draws the entities, pairs and dates.

- X certainly controls Y in ``owners(Y)`` => ``exposure(X)`` holds every position ``exposure(Y)``
  has in Y itself;
- ``path`` over kinds K finds a path <=> ``ask`` does, with the same number of hops;
- ``stake(A, B)`` is the figure ``owners(B)`` shows for A;
- ``contagion(X)`` reaches every lender and guarantor of X.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ownergraph.domain.codes import EdgeType
from ownergraph.graph.analytics.api import Analytics
from ownergraph.graph.store.connection import Graph
from tests.example_bundle import BUNDLE

DATES = st.sampled_from([date(2021, 6, 30), date(2023, 6, 30), date(2024, 6, 30), date(2025, 6, 30)])
FAST = settings(max_examples=25, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@dataclass(frozen=True)
class World:
    graph: Graph
    edges: tuple[dict[str, Any], ...] = field(repr=False)  # every stored relationship: type, a, b, props

    def ends(self, *types: str, end: str = "b") -> list[str]:
        return sorted({e[end] for e in self.edges if e["type"] in types and e["a"] != e["b"]})


@pytest.fixture(scope="module")
def world(graph_session: Graph, tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    from ownergraph.graph.load.pipeline import ingest_paths
    from ownergraph.worldgen import generate_world
    from tests.neo4j_fixtures import wipe

    out = Path(tmp_path_factory.mktemp("world"))
    generate_world(60, 30, out)
    wipe(graph_session)
    ingest_paths(graph_session, [BUNDLE, out / "world.bundle.jsonl", out / "holdings.csv"])
    edges = tuple(dict(r) for r in graph_session.read("graph_dump_edges") if r["a"] and r["b"])
    yield World(graph_session, edges)


def _valid(props: dict[str, Any], d: date) -> bool:
    """The stored edge holds on ``d`` and is still believed (no known_to)."""
    start, end = props.get("valid_from"), props.get("valid_to")
    start = start.to_native() if hasattr(start, "to_native") else start
    end = end.to_native() if hasattr(end, "to_native") else end
    return (start is None or start <= d) and (end is None or d < end) and props.get("known_to") is None


@FAST
@given(data=st.data(), d=DATES)
def test_a_certain_controller_is_exposed_to_what_it_controls(world: World, data: st.DataObject, d: date) -> None:
    a = Analytics(world.graph).at(d)
    y = data.draw(st.sampled_from(world.ends(EdgeType.HOLDING)), "issuer")
    own = a.exposure.of(y)
    held = {(p.portfolio, p.instrument) for p in own.positions if p.issuer == y}
    controllers = [r.key for r in a.ownership.owners(y).rows if r.control == "certainly"]
    if not held or not controllers:
        return
    x = data.draw(st.sampled_from(controllers), "controller")
    theirs = {(p.portfolio, p.instrument) for p in a.exposure.of(x).positions}
    assert held <= theirs, f"{x} certainly controls {y} in owners, exposure misses {held - theirs}"


@FAST
@given(data=st.data(), d=DATES, control=st.booleans())
def test_path_and_ask_agree(world: World, data: st.DataObject, d: date, control: bool) -> None:
    from ownergraph.domain.vocabulary import CONTROL_PATH_KINDS, PATH_KIND_NAMES, path_edge_types
    from ownergraph.retrieval.api import Ownergraph

    types = path_edge_types(["all"])
    leis = sorted(k for k in set(world.ends(*types, end="a")) | set(world.ends(*types)) if len(k) == 20 and k.isalnum())
    a_key = data.draw(st.sampled_from(leis), "a")
    b_key = data.draw(st.sampled_from([k for k in leis if k != a_key]), "b")
    kinds = CONTROL_PATH_KINDS if control else PATH_KIND_NAMES
    path = Analytics(world.graph).structure.path(a_key, b_key, as_of=d, kinds=kinds)
    words = f"What is the ownership chain between {a_key} and {b_key}?" if control else \
        f"How is {a_key} connected to {b_key}?"
    ans = Ownergraph(world.graph).ask(words, as_of=d)
    assert ans.question.pattern == "path", ans.question
    said = ans.evidence.result
    assert (said.found, said.hops) == (path.found, path.hops), (words, ans.text, path.message)


@FAST
@given(data=st.data(), d=DATES)
def test_stake_is_the_figure_owners_shows(world: World, data: st.DataObject, d: date) -> None:
    a = Analytics(world.graph).at(d)
    b = data.draw(st.sampled_from(world.ends(EdgeType.OWNERSHIP)), "owned")
    rows = [r for r in a.ownership.owners(b).rows if r.key != b]
    if not rows:
        return
    row = data.draw(st.sampled_from(rows), "owner")
    stake = a.ownership.stake(row.key, b).stake
    assert (stake.lo, stake.hi) == pytest.approx((row.stake.lo, row.stake.hi)), (row.key, b)


@FAST
@given(data=st.data(), d=DATES)
def test_contagion_reaches_lenders_and_guarantors(world: World, data: st.DataObject, d: date) -> None:
    x = data.draw(st.sampled_from(world.ends(EdgeType.LENDING, EdgeType.GUARANTEE)), "borrower")
    exposed = {e["a"] for e in world.edges if e["b"] == x and e["a"] != x
               and e["type"] in (EdgeType.LENDING, EdgeType.GUARANTEE) and _valid(e["props"], d)}
    hit = {p.key for p in Analytics(world.graph).at(d).contagion(x).affected}
    assert exposed <= hit, f"contagion({x}) misses {exposed - hit}"
