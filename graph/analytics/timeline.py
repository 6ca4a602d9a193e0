"""Every version of each edge around an entity, with its four dates: what an offline page needs
to apply the two-clock gate itself (``retrieval/view``), and the same neighbourhood read through
the gate (:func:`visible_at`), which is what the page must show at a pair of dates.

The neighbourhood is the ownership/control chain of X (owners upward over incoming control
edges, holdings downward over outgoing ones, each up to ``depth`` hops) plus, on request, the
edges of other kinds (lending, guarantees) that touch a node of that chain. Read on no clock,
each hop takes every stored version, so the chain on no clock holds the chain at any clock; the
page re-runs the same breadth-first walk over the versions its sliders admit.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ownergraph import cypher
from ownergraph.domain.clock import Clock
from ownergraph.domain.vocabulary import CHANNELS, CONTROL_EDGE_TYPES, VIEW_DEPTH
from ownergraph.graph.analytics.snapshot import Reads, expand, gated, parse_clocks

CHAIN_TYPES: tuple[str, ...] = CONTROL_EDGE_TYPES  # ownership and control: the chain itself


@dataclass(frozen=True)
class Version:
    """One stored version of one edge: its ends, type and properties (clocks parsed)."""

    rid: str
    source: str
    target: str
    type: str
    props: dict[str, Any]


@dataclass
class Timeline:
    center: str
    depth: int
    chain_types: tuple[str, ...]
    side_types: tuple[str, ...]
    nodes: dict[str, dict[str, Any]] = field(default_factory=dict)
    versions: list[Version] = field(default_factory=list)


def side_types(channels: Iterable[str]) -> tuple[str, ...]:
    """The edge types of the named contagion channels ("lending", "guarantees": a plural is
    read as its channel), less the chain's own; an unknown name is a ValueError."""
    out: list[str] = []
    for word in (w.strip().lower() for w in channels if w.strip()):
        name = word if word in CHANNELS else word.removesuffix("s")
        if name not in CHANNELS:
            raise ValueError(f"unknown edge kind {word!r}; known: {', '.join(CHANNELS)}")
        out += [t for t, _ in CHANNELS[name].edges if t not in CHAIN_TYPES]
    return tuple(dict.fromkeys(out))


def _types(types: Iterable[str]) -> list[str]:
    return sorted(set(types)) or ["NO_EDGE"]  # NO_EDGE: a type never stored, "none"


def _walk(graph: Reads, tl: Timeline, seeds: list[str], in_types: Iterable[str], out_types: Iterable[str],
          depth: int, suppressed: frozenset[str]) -> set[str]:
    """Breadth-first over every version; the nodes reached (seeds included)."""
    query = cypher.render("timeline_step", IN=_types(in_types), OUT=_types(out_types))
    seen_rids = {v.rid for v in tl.versions}
    visited, frontier = set(seeds), sorted(set(seeds))
    for _ in range(depth):
        if not frontier:
            break
        nxt: set[str] = set()
        for row in graph.read(query, frontier=frontier):
            if row["rid"] in seen_rids or row["props"].get("statement_id") in suppressed:
                continue
            seen_rids.add(row["rid"])
            tl.versions.append(Version(row["rid"], row["source"], row["target"], row["type"],
                                       parse_clocks(row["props"])))
            for key, props in ((row["source"], row["source_props"]), (row["target"], row["target_props"])):
                tl.nodes.setdefault(key, props)
                if key not in visited:
                    visited.add(key)
                    nxt.add(key)
        frontier = sorted(nxt)
    return visited


def timeline(graph: Reads, key: str, side: Iterable[str] = (), depth: int = VIEW_DEPTH) -> Timeline:
    """The chain around ``key`` and, for ``side`` edge types, the edges touching it: every
    version of each, on no clock (text claims left out of analytics are left out here too)."""
    tl = Timeline(key, depth, CHAIN_TYPES, tuple(side))
    for row in graph.read("snapshot_nodes", keys=[key]):
        tl.nodes[row["key"]] = row["props"]
    suppressed = gated(graph).suppressed
    chain = _walk(graph, tl, [key], CHAIN_TYPES, (), depth, suppressed)
    chain |= _walk(graph, tl, [key], (), CHAIN_TYPES, depth, suppressed)
    if tl.side_types:
        _walk(graph, tl, sorted(chain), tl.side_types, tl.side_types, 1, suppressed)
    return tl


def visible_at(graph: Reads, key: str, clock: Clock, side: Iterable[str] = (), depth: int = VIEW_DEPTH) -> set[str]:
    """The ids of the edges the view shows at ``clock``: the same walk through the analytics'
    gate (``snapshot.expand``), which the page's sliders must reproduce exactly."""
    chain = [e for d in ("in", "out")
             for e in expand(graph, [key], clock, list(CHAIN_TYPES), d, depth, with_rid=True).edges]  # type: ignore[arg-type]
    rids = {e.props["_rid"] for e in chain}
    side = list(side)
    if side:
        nodes = sorted({key} | {e.source for e in chain} | {e.target for e in chain})
        rids |= {e.props["_rid"] for e in expand(graph, nodes, clock, side, "both", 1, with_rid=True).edges}
    return rids
