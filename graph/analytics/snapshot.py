"""The one gate to the graph for analytics: time-filtered, typed neighbourhood expansion.

An edge takes part only when it is valid at ``as_of`` (``valid_from <= as_of < valid_to``)
and known at ``known_at`` (``known_from <= known_at < known_to``: published by then and not
yet superseded). Nothing in ``graph.analytics`` reads edges any other way, except the
``ownergraph.cascade`` server procedure (``graph/_server/OwnergraphProcedures.java``), which
states the same gate in Java for contagion and is tested against this one.

Text claims (relationships read from documents, :mod:`graph.load.claims`) pass the gate only at or
above the claim threshold or when a person accepted them: the others join the statement ids
left out (:func:`gated`), the mechanism a session's what-ifs use.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from typing import Any, Literal, Protocol

from ownergraph import cypher
from ownergraph.graph.load import claims
from ownergraph.graph.load.rows import REL_TYPES
from ownergraph.graph.analytics.session_edges import StatedEdge, expand_rows, step_rows
from ownergraph.domain.clock import Clock

Direction = Literal["out", "in", "both"]


class Reads(Protocol):
    """What the gate needs: :class:`~graph.connection.Graph` or one transaction's ``Reader``."""

    def read(self, query: str | cypher.Rendered, **params: Any) -> list[dict[str, Any]]: ...


@dataclass(frozen=True)
class Assumed:
    """Session-scoped what-ifs, never written to the graph: facts (statement ids) treated as
    not having happened (``suppressed``), facts whose ending is treated as not having
    happened (``extended``: admitted past their ``valid_to``), and edges the user stated
    (``added``: :mod:`graph.analytics.session_edges`)."""

    suppressed: frozenset[str] = frozenset()
    extended: frozenset[str] = frozenset()
    added: tuple[StatedEdge, ...] = ()


ASSUMED: ContextVar[Assumed] = ContextVar("ownergraph_assumed", default=Assumed())


@contextlib.contextmanager
def assuming(assumed: Assumed) -> Iterator[None]:
    """Apply ``assumed`` to every expansion in this context (a conversation turn)."""
    token = ASSUMED.set(assumed)
    try:
        yield
    finally:
        ASSUMED.reset(token)


def assumptions() -> Assumed:
    """The what-ifs in force in this context."""
    return ASSUMED.get()


def gated(reader: Reads) -> Assumed:
    """The what-ifs in force plus the text claims analytics leave out (below the claim
    threshold and not accepted, or rejected: :func:`graph.load.claims.excluded`)."""
    assumed = ASSUMED.get()
    left_out = claims.excluded(reader)
    return replace(assumed, suppressed=assumed.suppressed | left_out) if left_out else assumed


@dataclass(frozen=True)
class EdgeView:
    source: str
    target: str
    type: str
    props: dict[str, Any]

    @property
    def stake(self) -> tuple[float, float] | None:
        lo, hi = self.props.get("stake_lo"), self.props.get("stake_hi")
        return None if lo is None else (float(lo), float(hi if hi is not None else lo))


@dataclass
class Snapshot:
    clock: Clock
    nodes: dict[str, dict[str, Any]] = field(default_factory=dict)
    edges: list[EdgeView] = field(default_factory=list)
    depth_reached: int = 0


def expand(graph: Reads, seeds: list[str], clock: Clock, types: list[str], direction: Direction,
           max_depth: int = 10, with_rid: bool = False, until: str | None = None) -> Snapshot:
    """Breadth-first expansion from ``seeds`` over ``types`` edges admitted by ``clock``
    (``with_rid``: each edge's id in ``props["_rid"]``, as ``_snapshot_reach.reach`` gives).
    ``until``: stop after the level that reaches that key — every shortest path to it is then
    in the snapshot (a path question need not read the whole component)."""
    snap = Snapshot(clock)
    seen_edges: set[str] = set()
    frontier = sorted(set(seeds))
    visited = set(frontier)
    for row in graph.read("snapshot_nodes", keys=frontier):
        snap.nodes[row["key"]] = row["props"]
    assumed = gated(graph)
    for depth in range(1, max_depth + 1):
        if not frontier:
            break
        params = dict(frontier=frontier, types=types, outgoing=direction in ("out", "both"),
                      incoming=direction in ("in", "both"), **clock.as_params())
        rows = graph.read("snapshot_expand", **params)
        if assumed.extended:
            rows += graph.read("snapshot_expand_extended", extended=sorted(assumed.extended), **params)
        if assumed.added:
            rows += expand_rows(assumed.added, frontier, clock, types, params["outgoing"], params["incoming"])
        nxt: set[str] = set()
        for row in rows:
            if row["props"].get("statement_id") in assumed.suppressed:
                continue
            rid = row["rid"]
            if rid in seen_edges:
                continue
            seen_edges.add(rid)
            props = row["props"] | {"_rid": rid} if with_rid else row["props"]
            snap.edges.append(EdgeView(row["source"], row["target"], row["type"], props))
            for key, props in ((row["source"], row["source_props"]), (row["target"], row["target_props"])):
                if key not in snap.nodes:
                    snap.nodes[key] = props
                if key not in visited:
                    visited.add(key)
                    nxt.add(key)
        if nxt:
            snap.depth_reached = depth
        frontier = sorted(nxt)
        if until is not None and until in visited:
            break
    return snap


def _type_union(types: list[str]) -> list[str]:
    bad = [t for t in types if t not in REL_TYPES]
    if bad:
        raise ValueError(f"not edge types: {bad}")
    return sorted(set(types)) or ["NO_EDGE"]


def _step_query(in_types: list[str], out_types: list[str]) -> cypher.Rendered:
    return cypher.render("snapshot_step", IN=_type_union(in_types), OUT=_type_union(out_types))


class _Parsed(dict):  # type: ignore[type-arg]
    """ISO string -> parsed value, each distinct string parsed once: clock strings repeat
    (open-ended sentinels, filing dates) and a cascade decodes thousands of edges, so a hit is
    one dict look-up. Anything that is not a string (None, an already parsed value) maps to
    itself. The values are immutable, so sharing them is safe; the memo is bounded."""

    def __init__(self, parse: Any, limit: int = 65536) -> None:
        super().__init__()
        self.parse = parse
        self.limit = limit

    def __missing__(self, value: Any) -> Any:
        if type(value) is not str:
            return value
        parsed = self.parse(value)
        if len(self) < self.limit:
            self[value] = parsed
        return parsed


DAYS = _Parsed(date.fromisoformat)
INSTANTS = _Parsed(datetime.fromisoformat)
CLOCK_MEMOS: tuple[tuple[str, _Parsed], ...] = (
    ("valid_from", DAYS), ("valid_to", DAYS), ("known_from", INSTANTS), ("known_to", INSTANTS))


def parse_clocks(props: dict[str, Any]) -> dict[str, Any]:
    """The ISO strings of ``snapshot_step``'s clock values back as dates / UTC datetimes."""
    for k, memo in CLOCK_MEMOS:
        v = props.get(k)
        if v is not None:
            props[k] = memo[v]
    return props


def step(graph: Reads, frontier: list[str], clock: Clock, in_types: list[str], out_types: list[str]) -> Snapshot:
    """One hop in one round trip, each edge type read in its own direction (incoming
    ``in_types``, outgoing ``out_types``); the same time gate and session assumptions as
    :func:`expand` (edges extended past valid_to by an assumption are read by ``expand``)."""
    snap = Snapshot(clock)
    assumed = gated(graph)
    if assumed.extended:  # rare (session what-ifs): take the general path
        for types, direction in ((in_types, "in"), (out_types, "out")):
            if types:
                part = expand(graph, frontier, clock, types, direction, 1)  # type: ignore[arg-type]
                snap.nodes.update(part.nodes)
                snap.edges.extend(part.edges)
        return snap
    rows = graph.read(_step_query(in_types, out_types), frontier=sorted(set(frontier)), **clock.as_params())
    if assumed.added:
        rows += step_rows(assumed.added, frontier, clock, in_types, out_types)
    seen: set[str] = set()
    for row in rows:
        if row["rid"] in seen or row["props"].get("statement_id") in assumed.suppressed:
            continue
        seen.add(row["rid"])
        snap.edges.append(EdgeView(row["source"], row["target"], row["type"], parse_clocks(row["props"])))
        snap.nodes.setdefault(row["source"], row["source_props"])
        snap.nodes.setdefault(row["target"], row["target_props"])
    snap.depth_reached = 1 if rows else 0
    return snap
