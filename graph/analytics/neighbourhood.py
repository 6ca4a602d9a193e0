"""Everything within N hops of X over chosen kinds of relationship, on one clock.

The time-gated expansion (:func:`graph.analytics.snapshot.expand`) walks the chosen edge types
both ways; each entity reached is listed with its distance and the edges that reach it from
the entity one hop nearer X (each edge in its stored direction, with its figures and source).
One hop more is read to tell "nothing lies further" from "the hop limit cut the answer"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

import pandas as pd

from ownergraph.domain.clock import Clock, make_clock
from ownergraph.domain.vocabulary import NEIGHBOURHOOD, PATH_KIND_NAMES, path_edge_types
from ownergraph.graph.analytics.lookup import EntityMatch, jsonable, resolve_keys
from ownergraph.graph.analytics.notebook import HtmlRepr
from ownergraph.graph.analytics.snapshot import Snapshot, expand
from ownergraph.graph.analytics.structure import Known, When, clock_dict, edge_evidence
from ownergraph.graph.store.connection import Graph

COLUMNS = ["key", "name", "kind", "distance", "edges"]


@dataclass(frozen=True)
class NeighbourhoodResult(HtmlRepr):
    around: tuple[EntityMatch, ...]
    clock: Clock
    hops: int
    kinds: tuple[str, ...]  # the path kinds followed (domain.vocabulary.PATH_KINDS)
    rows: tuple[dict[str, Any], ...]  # one per entity reached, nearest first
    more_beyond: bool  # entities lie one hop further: the hop limit, not the graph, ended the list

    def to_frame(self) -> pd.DataFrame:
        return pd.DataFrame(list(self.rows), columns=COLUMNS)

    def as_dict(self) -> dict[str, Any]:
        return {"around": [m.as_dict() for m in self.around], "clock": clock_dict(self.clock),
                "hops": self.hops, "kinds": list(self.kinds), "more_beyond": self.more_beyond,
                "rows": jsonable(list(self.rows))}


def distances(snap: Snapshot, seeds: Iterable[str]) -> dict[str, int]:
    """Hops from the seeds over the snapshot's edges, read both ways (breadth first)."""
    links: dict[str, set[str]] = {}
    for e in snap.edges:
        links.setdefault(e.source, set()).add(e.target)
        links.setdefault(e.target, set()).add(e.source)
    dist = {k: 0 for k in seeds}
    frontier = list(dist)
    while frontier:
        nxt = []
        for k in frontier:
            for o in sorted(links.get(k, ())):
                if o not in dist:
                    dist[o] = dist[k] + 1
                    nxt.append(o)
        frontier = nxt
    return dist


def neighbourhood(graph: Graph, who: str | list[str], hops: int = NEIGHBOURHOOD.hops, *,
                  kinds: Iterable[str] = PATH_KIND_NAMES, as_of: When = None,
                  known_at: Known = None) -> NeighbourhoodResult:
    """The entities within ``hops`` of ``who`` over the edges of ``kinds`` valid and known at the clock."""
    clock = make_clock(as_of, known_at)
    chosen = tuple(dict.fromkeys(kinds))
    types = list(path_edge_types(chosen))
    group = resolve_keys(graph, who, clock.as_of, clock.known_at)
    snap = expand(graph, group.keys, clock, types, "both", hops + 1)  # one more: is anything beyond
    dist = distances(snap, group.keys)
    rows = [_row(k, d, dist, snap) for k, d in dist.items() if 0 < d <= hops]
    rows.sort(key=lambda r: (r["distance"], (r["name"] or "").casefold(), r["key"]))
    beyond = any(d > hops for d in dist.values())
    return NeighbourhoodResult(group.members, clock, hops, chosen, tuple(rows), beyond)


def _row(key: str, d: int, dist: dict[str, int], snap: Snapshot) -> dict[str, Any]:
    # the edges that reach this entity from one hop nearer X: why it is in the list
    via = [edge_evidence(e, snap.nodes) for e in snap.edges
           if (e.source == key and dist.get(e.target) == d - 1) or (e.target == key and dist.get(e.source) == d - 1)]
    node = snap.nodes.get(key, {})
    return {"key": key, "name": node.get("name") or key, "kind": node.get("kind"), "distance": d, "edges": via}
