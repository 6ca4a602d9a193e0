"""Weighted ownership edges and the graph algorithms the arithmetic needs (reachability,
strongly connected components), on plain dicts: no Neo4j, no networkx on the hot path."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from ownergraph.graph.analytics.interval import Interval


@dataclass(frozen=True, slots=True)
class WEdge:
    """A weighted ownership edge ``source -> target``; ``ref`` points into the caller's evidence."""

    source: str
    target: str
    stake: Interval
    ref: int = -1


Adjacency = dict[str, list[WEdge]]


def out_adjacency(edges: Iterable[WEdge]) -> Adjacency:
    out: Adjacency = defaultdict(list)
    for e in edges:
        out[e.source].append(e)
    return out


def reverse(edges: Iterable[WEdge]) -> list[WEdge]:
    return [WEdge(e.target, e.source, e.stake, e.ref) for e in edges]


def reaching(edges: Iterable[WEdge], targets: Iterable[str]) -> set[str]:
    """Every node with a path to one of ``targets`` (the targets included)."""
    into: dict[str, list[str]] = defaultdict(list)
    for e in edges:
        into[e.target].append(e.source)
    seen = set(targets)
    todo = list(seen)
    while todo:
        for s in into.get(todo.pop(), ()):
            if s not in seen:
                seen.add(s)
                todo.append(s)
    return seen


def sccs(nodes: Iterable[str], out: Adjacency) -> list[list[str]]:
    """Strongly connected components (iterative Tarjan), each after every component it reaches."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    result: list[list[str]] = []
    counter = 0
    for root in nodes:
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            v, i = work.pop()
            if i == 0:
                index[v] = low[v] = counter
                counter += 1
                stack.append(v)
                on_stack.add(v)
            edges = out.get(v, ())
            recurse = False
            while i < len(edges):
                w = edges[i].target
                i += 1
                if w not in index:
                    work.append((v, i))
                    work.append((w, 0))
                    recurse = True
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            if recurse:
                continue
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                result.append(comp)
            if work:
                u = work[-1][0]
                low[u] = min(low[u], low[v])
    return result
