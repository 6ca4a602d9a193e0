"""The time gate of ``_snapshot.expand`` in two round trips, whatever the depth.

:func:`reach` returns what :func:`graph.analytics.snapshot.expand` returns for the same
arguments (the same entities, the same edges, the same ``depth_reached``; the session's
what-if :class:`~graph.analytics.snapshot.Assumed` applied the same way) but

1. finds the entities within ``max_depth`` hops by a shortest *admitted* path in one query
   (``ANY SHORTEST`` over a quantified path pattern whose relationship carries the gate's
   predicate), then
2. reads every admitted edge at the entities closer than ``max_depth`` in a second query,
   which is exactly the set of edges breadth-first expansion reads;

and it returns only the properties asked for (``edge_fields``, ``node_fields``): decoding
every property (temporal values above all) of every edge costs more than the query on a
deep read. Each edge's element id is in ``props["_rid"]`` so that the full properties of
the few edges an answer cites can be read afterwards (:func:`edge_props`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ownergraph import cypher
from ownergraph.graph.analytics.session_edges import is_stated, stated_props
from ownergraph.domain.clock import Clock
from ownergraph.graph.analytics.snapshot import ASSUMED, Direction, EdgeView, Reads, Snapshot, expand, gated, parse_clocks
from ownergraph.graph.store.connection import Graph

_ARROWS = {"in": ("<", ""), "out": ("", ">"), "both": ("", "")}


def _fields(fields: Sequence[str] | None) -> list[str] | None:
    if fields is None:
        return None
    bad = [f for f in fields if not isinstance(f, str) or not f]
    if bad:
        raise ValueError(f"not property names: {bad}")
    return list(fields)


def _props(value: Any, fields: list[str] | None) -> dict[str, Any]:
    # the query returns the values of ``fields`` in order, or the whole map when they are None
    return value if fields is None else dict(zip(fields, value))


def reach(graph: Graph, seeds: Iterable[str], clock: Clock, types: list[str], direction: Direction,
          max_depth: int = 10, edge_fields: Sequence[str] | None = None,
          node_fields: Sequence[str] | None = ("name", "kind")) -> Snapshot:
    """Entities and admitted ``types`` edges within ``max_depth`` hops of ``seeds`` (see module)."""
    if direction not in _ARROWS:
        raise ValueError(f"direction: {direction!r}")
    seeds = sorted(set(seeds))
    assumed = ASSUMED.get()
    if assumed.added:  # edges a session stated open paths the server cannot see: breadth-first here
        return graph.read_unit(lambda reader: expand(reader, seeds, clock, types, direction, max_depth, with_rid=True))
    params = dict(types=list(types), suppressed=sorted(assumed.suppressed), extended=sorted(assumed.extended),
                  **clock.as_params())
    left, right = _ARROWS[direction]
    node = _fields(node_fields)
    edge = _fields(list(edge_fields) + ["statement_id"] if edge_fields is not None else None)
    params |= {"node_fields": node, "edge_fields": edge}
    edges_query = cypher.render("ownership_reach_edges", L=left, R=right)

    def read(reader: Reads) -> tuple[dict[str, int], list[dict[str, Any]]]:
        params["suppressed"] = sorted(gated(reader).suppressed)  # + text claims left out
        depth = {s: 0 for s in seeds}
        if max_depth >= 1 and seeds:
            reach_query = cypher.render("ownership_reach", L=left, R=right, DEPTH=int(max_depth))
            for row in reader.read(reach_query, seeds=seeds, **params):
                depth[row["key"]] = min(depth.get(row["key"], max_depth), row["depth"])
        inner = sorted(k for k, d in depth.items() if d < max_depth)
        rows = reader.read(edges_query, keys=inner, **params) if inner else []
        if max_depth < 1 and seeds:  # nothing to expand: the seeds alone
            rows = reader.read(edges_query, keys=seeds, **(params | {"types": []}))
        return depth, rows

    # both reads in one transaction: one state of the graph, rows without Record.data()'s copying
    depth, rows = graph.read_unit(read)
    snap = Snapshot(clock)
    snap.depth_reached = max(depth.values(), default=0)
    seen: set[str] = set()
    for row in rows:
        snap.nodes.setdefault(row["key"], _props(row["props"], node))
        for e in row["edges"]:
            if e["other"] not in snap.nodes:
                snap.nodes[e["other"]] = _props(e["other_props"], node)
            if e["rid"] in seen:
                continue
            seen.add(e["rid"])
            snap.edges.append(EdgeView(e["source"], e["target"], e["type"], _props(e["props"], edge) | {"_rid": e["rid"]}))
    return snap


def edge_props(graph: Graph, rids: Iterable[str]) -> dict[str, dict[str, Any]]:
    """All properties of edges ``reach`` admitted, by element id (one round trip)."""
    rids = sorted(set(rids))
    stated = stated_props(ASSUMED.get().added, rids)  # a session's stated edges: never in the graph
    rids = [r for r in rids if not is_stated(r)]
    if not rids:
        return stated
    rows = graph.read_unit(lambda reader: reader.read("ownership_edge_props", rids=rids))
    return {r["rid"]: parse_clocks(r["props"]) for r in rows} | stated
