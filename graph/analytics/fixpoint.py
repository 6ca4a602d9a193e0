"""Rules that are not the chain rule, over in-memory weighted edges: per-hop reachability and
the worklist fixpoint behind majority control and the OFAC 50% rule (pure functions, no Neo4j).

Split from :mod:`graph.analytics.arithmetic` (which re-exports every name here): the chain
rule's path sums live there, these threshold propagations here.
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from ownergraph.graph.analytics.digraph import Adjacency, WEdge, out_adjacency, reaching, reverse
from ownergraph.graph.analytics.interval import ONE, ZERO, Interval, Status

__all__ = ["FORCED", "Fixpoint", "Propagation", "per_hop_from", "per_hop_to", "propagate"]

FORCED = -2  # WEdge.ref of a forced (control-edge) contributor

def per_hop_to(edges: Iterable[WEdge], target: str, threshold: float, strict: bool = True
               ) -> dict[str, Status]:
    """Entities linked to ``target`` by a chain whose every link passes the threshold."""
    edges = list(edges)
    certain = reaching([e for e in edges if e.stake.test(threshold, strict) == "certainly"], [target])
    possible = reaching([e for e in edges if e.stake.test(threshold, strict) != "not"], [target])
    return _statuses(certain, possible, {target})


def per_hop_from(edges: Iterable[WEdge], sources: Iterable[str], threshold: float, strict: bool = True
                 ) -> dict[str, Status]:
    src = set(sources)
    rev = reverse(edges)
    certain = reaching([e for e in rev if e.stake.test(threshold, strict) == "certainly"], src)
    possible = reaching([e for e in rev if e.stake.test(threshold, strict) != "not"], src)
    return _statuses(certain, possible, src)


def _statuses(certain: set[str], possible: set[str], drop: set[str]) -> dict[str, Status]:
    out: dict[str, Status] = {k: "possibly" for k in possible - drop}
    out.update({k: "certainly" for k in certain - drop})
    return out


@dataclass(frozen=True)
class Propagation:
    """Outcome of a fixpoint: per node, its status, the measure that decided it and the round
    (1 = decided by the seeds' own stakes) in which it joined."""

    status: Mapping[str, Status]
    measure: Mapping[str, Interval]
    round: Mapping[str, int]
    contributors: Mapping[str, tuple[WEdge, ...]]


class Fixpoint:
    """Least fixpoints over one edge set: j joins when the stakes held in it by members add up
    to the threshold (``strict``: above it); a ``forced`` pair (u, v) makes v join when u has.

    Majority control of i: ``run({i}, 0.5, strict=True)``, a group: all its members as seeds;
    OFAC: ``run(blocked, 0.5, strict=False)``. The certain set uses the stakes' ``lo`` ends,
    the possible set their ``hi`` ends (bands, missing stakes). A node's measure runs from what
    certain members hold in it (lo ends) to what possible members may hold (hi ends); its
    contributors are the edges into it from possible members (forced pairs as stake-1 edges
    with ``ref = FORCED``, not counted in the measure). A worklist: each run reads each edge at most once per set.
    """

    def __init__(self, edges: Iterable[WEdge], forced: Iterable[tuple[str, str]] = ()) -> None:
        self.edges = [e for e in edges if e.source != e.target]
        self.out = out_adjacency(self.edges)
        self.into: Adjacency = defaultdict(list)
        for e in self.edges:
            self.into[e.target].append(e)
        self.forced: dict[str, list[str]] = defaultdict(list)
        for u, v in forced:
            self.forced[u].append(v)
            self.into[v].append(WEdge(u, v, ONE, FORCED))

    def _members(self, seeds: set[str], passes: Callable[[Interval], bool]) -> dict[str, int]:
        member: dict[str, int] = {s: 0 for s in seeds}
        measure: dict[str, Interval] = {}
        queue = deque(seeds)
        while queue:
            k = queue.popleft()
            for e in self.out.get(k, ()):
                j = e.target
                if j in member:
                    continue
                measure[j] = measure.get(j, ZERO) + e.stake
                if passes(measure[j]):
                    member[j] = member[k] + 1
                    queue.append(j)
            for j in self.forced.get(k, ()):
                if j not in member:
                    member[j] = member[k] + 1
                    queue.append(j)
        return member

    def run(self, seeds: Iterable[str], threshold: float, strict: bool,
            only: Iterable[str] | None = None) -> Propagation:
        seeds = set(seeds)
        certain = self._members(seeds, lambda m: m.test(threshold, strict) == "certainly")
        possible = self._members(seeds, lambda m: m.test(threshold, strict) != "not")
        nodes = set(only) if only is not None else {e.target for e in self.edges if e.source in possible}
        status: dict[str, Status] = {}
        measure: dict[str, Interval] = {}
        rounds: dict[str, int] = {}
        contributors: dict[str, tuple[WEdge, ...]] = {}
        for j in (nodes | (set(possible) if only is None else set())) - seeds:
            c, p, con = ZERO, ZERO, []
            for e in self.into.get(j, ()):
                if e.ref != FORCED and e.source in certain:
                    c = c + e.stake
                if e.source in possible:
                    con.append(e)
                    if e.ref != FORCED:
                        p = p + e.stake
            status[j] = "certainly" if j in certain else "possibly" if j in possible else "not"
            rounds[j] = certain.get(j) or possible.get(j) or 0
            measure[j] = Interval(c.lo, p.hi, c.lo_open, p.hi_open)
            contributors[j] = tuple(con)
        return Propagation(status, measure, rounds, contributors)


def propagate(edges: Iterable[WEdge], seeds: Iterable[str], threshold: float, strict: bool,
              forced: Iterable[tuple[str, str]] = ()) -> Propagation:
    """:meth:`Fixpoint.run` on a fresh edge set, for every node the members hold stakes in."""
    return Fixpoint(edges, forced).run(seeds, threshold, strict)
