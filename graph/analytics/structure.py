"""Structure around an entity, on one clock: cross-holdings, control paths, sanctions nearby,
accounting parents.

- :func:`cycles`: strongly connected components of OWNS/CONTROLS in the neighbourhood of X
  (networkx over a snapshot from the time gate). Expanding ``max_depth`` hops both ways
  finds every cycle through X of up to ``2 * max_depth`` edges.
- :func:`control_path`: shortest path between A and B over the chosen edge types (default
  ownership/control; any of the vocabulary's PATH_KINDS), edges walked either way, each step
  keeping every edge between its two entities with its stored direction; ``directed=True``
  asks for a chain A -> B or B -> A instead (the shorter wins). No path is a
  result ("no ownership or control path between A and B as of D"), never an exception.
- :func:`sanctions_near`: entities within N hops (OWNS/CONTROLS/GUARANTEES/LENDS_TO, read
  undirected) of an entity under a sanction valid and known at the clock.
- :func:`parents`: GLEIF direct and ultimate accounting parents (CONSOLIDATED_BY) with their
  periods, and reporting exceptions, keeping "a parent exists but is not public" apart from
  "no parent reported".
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING, Any, Iterable

import pandas as pd

if TYPE_CHECKING:
    import networkx as nx
else:
    class _LazyNetworkx:  # networkx loads on first use: it costs every CLI call ~0.1-0.3 s otherwise
        def __getattr__(self, name: str) -> object:
            import networkx

            return getattr(networkx, name)

    nx = _LazyNetworkx()

from ownergraph.domain.codes import exception_reasons_text
from ownergraph.domain.clock import Clock, make_clock
from ownergraph.graph.analytics.snapshot import EdgeView, Snapshot, expand
from ownergraph.graph.analytics.lookup import EntityMatch, find_entity, jsonable, resolve_keys, to_plain
from ownergraph.graph.store.connection import Graph
from ownergraph.domain.vocabulary import CONTROL_EDGE_TYPES, CYCLES, EDGE_OF, EDGES, PATH, SANCTIONS_EDGE_TYPES, SANCTIONS_NEAR
from ownergraph.domain.codes import EdgeType
from ownergraph.graph.analytics.notebook import HtmlRepr

CONTROL_TYPES = CONTROL_EDGE_TYPES
NEAR_TYPES = SANCTIONS_EDGE_TYPES
# "within N hops over all relationship types": every edge but our book's own positions
EVERY_LINK_TYPES = tuple(e.type.value for e in EDGES if e.type is not EdgeType.HOLDING)
_EDGE_FIELDS = ("type", "stake_lo", "stake_hi", "interest", "control_kind", "level", "amount", "currency",
                "relationship", "fund_kind", "share_class", "valid_from", "valid_to", "known_from", "known_to",
                "source_system", "source_record_id", "document_id", "locator", "fact_key",
                "corporate_action_id", "via_action", "closed_by_action",
                # text claims (graph.claims): what states the edge, where registry facts have none
                "source_kind", "claim_method", "claim_confidence", "claim_page", "claim_quote", "claim_start",
                "claim_end")

EVIDENCE_PROPS = _EDGE_FIELDS[1:]  # the edge properties evidence shows
_PLAIN = frozenset({str, int, float, bool, type(None), date, datetime})

When = date | str | None
Known = date | datetime | str | None


def clock_dict(clock: Clock) -> dict[str, str]:
    return {"as_of": clock.as_of.isoformat(), "known_at": clock.known_at.isoformat()}


def edge_evidence(edge: EdgeView, nodes: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """One edge as a flat record: endpoints, type-specific figures, both clocks, provenance."""
    nodes = nodes or {}
    out: dict[str, Any] = {"source": edge.source, "source_name": nodes.get(edge.source, {}).get("name"),
                           "target": edge.target, "target_name": nodes.get(edge.target, {}).get("name")}
    out["type"] = edge.type
    values = list(map(edge.props.get, EVIDENCE_PROPS))
    if not _PLAIN.issuperset(map(type, values)):  # a cascade builds thousands: convert only when needed
        values = [to_plain(v) for v in values]
    out.update(zip(EVIDENCE_PROPS, values))
    return out


def _name(nodes: dict[str, dict[str, Any]], key: str) -> str:
    return nodes.get(key, {}).get("name") or key


# -- cycles ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Component:
    members: tuple[str, ...]
    names: tuple[str, ...]
    edges: tuple[dict[str, Any], ...]
    contains_around: bool

    def as_dict(self) -> dict[str, Any]:
        return jsonable({"members": list(self.members), "names": list(self.names), "edges": list(self.edges),
                         "contains_around": self.contains_around})


@dataclass(frozen=True)
class CyclesResult(HtmlRepr):
    around: EntityMatch | None  # None: the whole graph
    clock: Clock
    components: tuple[Component, ...]  # non-trivial SCCs (2+ members), X's first
    self_loops: tuple[dict[str, Any], ...] = ()  # treasury shares: reported, not cycles

    @property
    def has_cycle(self) -> bool:
        return any(c.contains_around for c in self.components)

    def to_frame(self) -> pd.DataFrame:
        rows = [{"component": i, "contains_around": c.contains_around, **e}
                for i, c in enumerate(self.components) for e in c.edges]
        return pd.DataFrame(rows, columns=["component", "contains_around", "source", "source_name", "target",
                                           "target_name", *_EDGE_FIELDS])

    def as_dict(self) -> dict[str, Any]:
        return {"around": self.around.as_dict() if self.around is not None else None, "clock": clock_dict(self.clock),
                "components": [c.as_dict() for c in self.components],
                "self_loops": jsonable(list(self.self_loops))}


def digraph(snap: Snapshot) -> nx.MultiDiGraph:
    g = nx.MultiDiGraph()
    g.add_nodes_from(snap.nodes)
    for e in snap.edges:
        g.add_edge(e.source, e.target, edge=e)
    return g


def shortest_connection(snap: Snapshot, a: str, b: str) -> list[str]:
    """A shortest path a – b with edges walked either way; of several equally short ones, the
    same one in every process. (networkx's undirected *view* walks neighbours through a set,
    whose order follows the process's string hash seed: two MCP workers answered one question
    with two different paths.)"""
    g = nx.Graph()
    g.add_nodes_from(sorted(snap.nodes))
    g.add_edges_from(sorted((e.source, e.target) for e in snap.edges))
    return list(nx.shortest_path(g, a, b))


def cycles(graph: Graph, around: str | None, *, as_of: When = None, known_at: Known = None,
           max_depth: int = CYCLES.hops, types: Iterable[str] = CONTROL_TYPES) -> CyclesResult:
    """Cross-holdings around ``around``: non-trivial strongly connected components of the
    ownership/control snapshot ``max_depth`` hops around it (both directions). Without
    ``around``, every cross-holding of the graph: the components around the entities that hold
    themselves through an ownership cycle (the data-quality query ``quality_self_holdings``)."""
    clock = make_clock(as_of, known_at)
    x = find_entity(graph, around, clock.as_of) if around is not None else None
    seeds = [x.key] if x is not None else _self_holders(graph, clock, max_depth)
    snap = expand(graph, seeds, clock, list(types), "both", max_depth) if seeds else Snapshot(clock)
    g = digraph(snap)
    loops = tuple(edge_evidence(e, snap.nodes) for e in snap.edges if e.source == e.target)
    comps: list[Component] = []
    for scc in nx.strongly_connected_components(g):
        if len(scc) < 2:
            continue
        members = tuple(sorted(scc))
        edges = tuple(edge_evidence(e, snap.nodes) for e in snap.edges
                      if e.source in scc and e.target in scc and e.source != e.target)
        comps.append(Component(members, tuple(_name(snap.nodes, k) for k in members), edges,
                               x is None or x.key in scc))
    comps.sort(key=lambda c: (not c.contains_around, -len(c.members), c.members))
    return CyclesResult(x, clock, tuple(comps), loops)


SELF_HOLDERS_LIMIT = 1000  # seeds of a graph-wide cycles search


def _self_holders(graph: Graph, clock: Clock, max_depth: int) -> list[str]:
    """The entities that hold themselves through an ownership cycle at the clock."""
    rows = graph.read("quality_self_holdings", limit=SELF_HOLDERS_LIMIT, max_depth=max_depth, **clock.as_params())
    return sorted({str(r["key"]) for r in rows})


# -- control_path ---------------------------------------------------------------------------
@dataclass(frozen=True)
class PathResult(HtmlRepr):
    a: EntityMatch
    b: EntityMatch
    clock: Clock
    found: bool
    direction: str | None  # a_to_b | b_to_a (a chain) | undirected (it turns) | None
    steps: tuple[dict[str, Any], ...] = ()  # one per hop: source, target, edges (evidence)
    message: str = ""
    types: tuple[str, ...] = CONTROL_TYPES  # the edge types followed

    @property
    def control_only(self) -> bool:
        """Only ownership/control was followed: "no path" means no ownership or control path."""
        return set(self.types) <= set(CONTROL_TYPES)

    @property
    def hops(self) -> int | None:
        return len(self.steps) if self.found else None

    @property
    def nodes(self) -> list[str]:
        return [self.steps[0]["source"], *(s["target"] for s in self.steps)] if self.steps else []

    def to_frame(self) -> pd.DataFrame:
        rows = [{"hop": i + 1, **e} for i, s in enumerate(self.steps) for e in s["edges"]]
        return pd.DataFrame(rows, columns=["hop", "source", "source_name", "target", "target_name", *_EDGE_FIELDS])

    def as_dict(self) -> dict[str, Any]:
        return {"a": self.a.as_dict(), "b": self.b.as_dict(), "clock": clock_dict(self.clock), "found": self.found,
                "direction": self.direction, "hops": self.hops, "message": self.message,
                "types": list(self.types), "steps": jsonable(list(self.steps))}


def _steps(path: list[str], snap: Snapshot) -> tuple[dict[str, Any], ...]:
    steps = []
    for u, v in zip(path, path[1:]):
        edges = [edge_evidence(e, snap.nodes) for e in snap.edges
                 if (e.source, e.target) in ((u, v), (v, u))]
        steps.append({"source": u, "source_name": _name(snap.nodes, u), "target": v,
                      "target_name": _name(snap.nodes, v), "edges": edges})
    return tuple(steps)


def kinds_words(types: Iterable[str]) -> str:
    """The relationship kinds a path followed, in words: "guarantee or lending"."""
    words = list(dict.fromkeys(EDGE_OF[t].path_kind or t.lower() if t in EDGE_OF else t.lower() for t in types))
    return ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else "".join(words)


def _direction(steps: tuple[dict[str, Any], ...]) -> str:
    """A walked path's direction: a chain A -> B or B -> A where every hop has an edge that way,
    else "undirected" (it turns, as through a common owner or a lender)."""
    if all(any(e["source"] == s["source"] for e in s["edges"]) for s in steps):
        return "a_to_b"
    if all(any(e["source"] == s["target"] for e in s["edges"]) for s in steps):
        return "b_to_a"
    return "undirected"


def _directed(graph: Graph, start: str, end: str, clock: Clock, types: list[str],
              max_depth: int) -> tuple[list[str], Snapshot] | None:
    snap = expand(graph, [start], clock, types, "out", max_depth, until=end)
    if end not in snap.nodes:
        return None
    return nx.shortest_path(digraph(snap), start, end), snap


def control_path(graph: Graph, a: str, b: str, *, as_of: When = None, known_at: Known = None,
                 max_depth: int = PATH.hops, types: Iterable[str] = CONTROL_TYPES, directed: bool = False) -> PathResult:
    """Shortest path between ``a`` and ``b`` as of the clock over edge ``types`` (default
    ownership and control; :func:`~ownergraph.domain.vocabulary.path_edge_types` names others:
    consolidation, fund, branch, guarantee, lending). By default a connection: each edge may be
    walked either way (a lender and a shareholder of one company are connected through it) and
    the result keeps each edge's stored direction; ``directed`` asks for a chain that follows
    every edge in its stored direction, A to B or B to A."""
    clock = make_clock(as_of, known_at)
    ea, eb = find_entity(graph, a, clock.as_of), find_entity(graph, b, clock.as_of)
    tl = list(types)
    tt = tuple(tl)
    if ea.key == eb.key:
        return PathResult(ea, eb, clock, True, "a_to_b", (), f"{ea.name} and {eb.name} are the same entity", tt)
    options: list[tuple[str, list[str], Snapshot]] = []
    if directed:
        for label, s, t in (("a_to_b", ea.key, eb.key), ("b_to_a", eb.key, ea.key)):
            found = _directed(graph, s, t, clock, tl, max_depth)
            if found:
                options.append((label, *found))
    else:
        snap = expand(graph, [ea.key], clock, tl, "both", max_depth, until=eb.key)
        if eb.key in snap.nodes:
            options.append(("undirected", shortest_connection(snap, ea.key, eb.key), snap))
    if not options:
        over = ("ownership or control" if set(tl) == set(CONTROL_TYPES)
                else kinds_words(tl))  # the kinds followed, so "no path" says over what
        msg = f"no {over} path between {ea.name} and {eb.name} as of {clock.as_of.isoformat()}"
        return PathResult(ea, eb, clock, False, None, (), msg, tt)
    label, path, snap = min(options, key=lambda o: len(o[1]))
    steps = _steps(path, snap)
    label = _direction(steps) if label == "undirected" else label
    names = " – ".join(_name(snap.nodes, k) for k in path)
    return PathResult(ea, eb, clock, True, label, steps, f"{len(steps)} hop{'' if len(steps) == 1 else 's'}: {names}", tt)


# -- sanctions_near -------------------------------------------------------------------------
@dataclass(frozen=True)
class SanctionsNearResult(HtmlRepr):
    who: tuple[EntityMatch, ...] | None
    clock: Clock
    hops: int
    rows: tuple[dict[str, Any], ...]  # entity, distance, nearest sanctioned entity, path

    def to_frame(self) -> pd.DataFrame:
        return pd.DataFrame(list(self.rows), columns=["key", "name", "distance", "sanctioned_key", "sanctioned_name",
                                                      "authority", "programme", "listed_from", "path", "path_names"])

    def as_dict(self) -> dict[str, Any]:
        return {"who": None if self.who is None else [w.as_dict() for w in self.who],
                "clock": clock_dict(self.clock), "hops": self.hops, "rows": jsonable(list(self.rows))}


def sanctioned(graph: Graph, clock: Clock, keys: list[str] | None = None) -> list[dict[str, Any]]:
    """Entities under a sanction valid and known at the clock (optionally among ``keys``)."""
    return [to_plain(r) for r in graph.read("structure_sanctioned", keys=keys, **clock.as_params())]


def sanctions_near(graph: Graph, who: str | list[str] | None = None, hops: int = SANCTIONS_NEAR.hops, *,
                   as_of: When = None, known_at: Known = None, types: Iterable[str] = NEAR_TYPES) -> SanctionsNearResult:
    """With ``who``: the sanctioned entities within ``hops`` of it (distance 0: itself).
    Without: every entity within ``hops`` of any sanctioned entity, with the nearest one."""
    clock = make_clock(as_of, known_at)
    tl = list(types)
    if who is not None:
        group = resolve_keys(graph, who, clock.as_of, clock.known_at)
        snap = expand(graph, group.keys, clock, tl, "both", hops)
        hits = sanctioned(graph, clock, sorted(snap.nodes))
        dist, paths = nx.multi_source_dijkstra(undirected(snap), set(group.keys))
        rows = [_near_row(h["key"], h, dist, paths, snap, reverse=False) for h in hits if h["key"] in dist]
        return SanctionsNearResult(group.members, clock, hops, tuple(sorted(rows, key=_near_sort)))
    hits = sanctioned(graph, clock)
    by_key: dict[str, dict[str, Any]] = {}
    for h in hits:  # one row per entity: its sanctions' authorities and programmes joined
        if h["key"] in by_key:
            old = by_key[h["key"]]
            for f in ("authority", "programme"):
                vals = [v for v in (old.get(f), h.get(f)) if v]
                old[f] = "; ".join(dict.fromkeys("; ".join(vals).split("; "))) or None
        else:
            by_key[h["key"]] = dict(h)
    if not by_key:
        return SanctionsNearResult(None, clock, hops, ())
    snap = expand(graph, sorted(by_key), clock, tl, "both", hops)
    g = undirected(snap)
    g.add_nodes_from(by_key)
    dist, paths = nx.multi_source_dijkstra(g, set(by_key))
    rows = [_near_row(k, by_key[paths[k][0]], dist, paths, snap, reverse=True) for k in dist]
    return SanctionsNearResult(None, clock, hops, tuple(sorted(rows, key=_near_sort)))


def undirected(snap: Snapshot) -> nx.Graph:
    """The snapshot as an undirected graph weighted by hops (a family link a hair more than one)."""
    g = nx.Graph()
    g.add_nodes_from(snap.nodes)
    for e in snap.edges:
        if e.source == e.target:
            continue
        # a family or associate link counts a hair more than a hop: at the same number of hops the
        # route over ownership, control or credit is the one told (Valtora, not Ivan's wife)
        w = _FAMILY_HOP if e.type == EdgeType.ASSOCIATION else 1.0
        if not g.has_edge(e.source, e.target) or g[e.source][e.target]["weight"] > w:
            g.add_edge(e.source, e.target, weight=w)
    return g


_FAMILY_HOP = 1.001  # int(distance) stays the hop count below a thousand family links


def _near_sort(row: dict[str, Any]) -> tuple[Any, ...]:
    return row["distance"], row["name"] or "", row["key"]


def _near_row(key: str, hit: dict[str, Any], dist: dict[str, float], paths: dict[str, list[str]],
              snap: Snapshot, reverse: bool) -> dict[str, Any]:
    path = paths[key][::-1] if reverse else list(paths[key])  # always entity ... sanctioned
    return {"key": path[0], "name": _name(snap.nodes, path[0]), "distance": int(dist[key]),
            "sanctioned_key": hit["key"], "sanctioned_name": hit["name"], "authority": hit.get("authority"),
            "programme": hit.get("programme"), "listed_from": hit.get("valid_from"), "path": path, "path_names": [_name(snap.nodes, k) for k in path]}


# -- parents --------------------------------------------------------------------------------
@dataclass(frozen=True)
class LevelParents:
    level: str  # direct | ultimate
    status: str  # reported | exception | none_reported
    parents: tuple[dict[str, Any], ...] = ()
    exceptions: tuple[dict[str, Any], ...] = ()

    @property
    def message(self) -> str:
        if self.status == "reported":
            return ", ".join(f"{p['target_name']} ({p['target']})" for p in self.parents)
        if self.status == "exception":
            return "not reported: " + "; ".join(exception_reasons_text(x) for x in self.exceptions)
        return "no parent reported"

    def as_dict(self) -> dict[str, Any]:
        return jsonable({"level": self.level, "status": self.status, "message": self.message,
                         "parents": list(self.parents), "exceptions": list(self.exceptions)})


@dataclass(frozen=True)
class ParentsResult(HtmlRepr):
    entity: EntityMatch
    clock: Clock
    direct: LevelParents
    ultimate: LevelParents

    def to_frame(self) -> pd.DataFrame:
        rows: list[dict[str, Any]] = []
        for lv in (self.direct, self.ultimate):
            for p in lv.parents:
                rows.append({"level": lv.level, "status": "reported", "parent": p["target"],
                             "parent_name": p["target_name"], "reason": None, "valid_from": p["valid_from"],
                             "valid_to": p["valid_to"], "accounting_standard": p.get("accounting_standard"),
                             "source_record_id": p["source_record_id"]})
            for x in lv.exceptions:
                rows.append({"level": lv.level, "status": "exception", "parent": None, "parent_name": None,
                             "reason": x["reason"], "other_reasons": list(x.get("other_reasons") or ()),
                             "valid_from": x["valid_from"], "valid_to": x["valid_to"],
                             "accounting_standard": None, "source_record_id": x["source_record_id"]})
            if lv.status == "none_reported":
                rows.append({"level": lv.level, "status": "none_reported"})
        return pd.DataFrame(rows, columns=["level", "status", "parent", "parent_name", "reason", "other_reasons",
                                           "valid_from", "valid_to", "accounting_standard", "source_record_id"])

    def as_dict(self) -> dict[str, Any]:
        return {"entity": self.entity.as_dict(), "clock": clock_dict(self.clock),
                "direct": self.direct.as_dict(), "ultimate": self.ultimate.as_dict()}


def parents(graph: Graph, x: str, *, as_of: When = None, known_at: Known = None) -> ParentsResult:
    """Direct and ultimate accounting parents of ``x`` and its reporting exceptions."""
    clock = make_clock(as_of, known_at)
    ent = find_entity(graph, x, clock.as_of)
    snap = expand(graph, [ent.key], clock, [EdgeType.CONSOLIDATION], "out", 1)
    exceptions = [to_plain(r) for r in graph.read("structure_exceptions", key=ent.key, **clock.as_params())]
    levels = []
    for level in ("direct", "ultimate"):
        found = tuple(edge_evidence(e, snap.nodes) | {"accounting_standard": e.props.get("accounting_standard")}
                      for e in snap.edges if e.source == ent.key and e.props.get("level") == level)
        excs = tuple(x for x in exceptions if x["level"] == level)
        status = "reported" if found else "exception" if excs else "none_reported"
        levels.append(LevelParents(level, status, found, excs))
    return ParentsResult(ent, clock, levels[0], levels[1])
