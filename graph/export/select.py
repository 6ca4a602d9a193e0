"""What an export writes: the whole graph or one entity's group, as of a date or every version.

An entity's *group* is the entity and every entity joined to it, either way and at any depth up
to ``depth``, by the structural edges (ownership, control, accounting consolidation, fund
relations, branches, successions): its owners and parents above, its subsidiaries below, their
other owners beside. Lending, guarantee and association edges that touch the group are exported
too, with their other party, but the reach does not go on through them.

The clock: with ``as_of``, only the versions in force at ``as_of`` and known at ``known_at``
(default now); with neither, every stored version with both clocks as stored (sentinels
``0001-01-01`` / ``9999-12-31`` for open valid time, ``9999-12-31T23:59:59Z`` for open
knowledge time); with ``known_at`` alone, every valid-time version known then. Text claims the
analytics leave out (pending or rejected at the claim threshold) are left out and counted.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from ownergraph.domain.clock import make_clock
from ownergraph.domain.codes import EdgeType
from ownergraph.domain.errors import OwnergraphError
from ownergraph.domain.vocabulary import EDGES
from ownergraph.graph.analytics.lookup import EntityMatch, find_entity, to_plain
from ownergraph.graph.load import claims
from ownergraph.graph.store.connection import Graph

# the edges the group reach follows (the structure); the others touching the group are exported
REACH_TYPES: tuple[str, ...] = tuple(t.value for t in (
    EdgeType.OWNERSHIP, EdgeType.CONTROL, EdgeType.CONSOLIDATION, EdgeType.FUND_RELATION,
    EdgeType.BRANCH_OF, EdgeType.SUCCESSION))
# every edge between entities (a portfolio's HOLDS is our book, not a fact about the entities)
EXPORT_TYPES: tuple[str, ...] = tuple(e.type.value for e in EDGES if e.type is not EdgeType.HOLDING)
GROUP_DEPTH = 10
PAGE = 5000

Progress = Callable[[str, int, int], None]  # (what, done, total)


class ExportScopeError(OwnergraphError):
    """The export's entity or clock is not one (an unknown or ambiguous entity, a bad date)."""


@dataclass(frozen=True)
class ExportClock:
    """The export's point on the two clocks; ``None`` on both: every version."""

    as_of: date | None = None
    known_at: datetime | None = None

    @classmethod
    def parse(cls, as_of: date | str | None, known_at: date | datetime | str | None) -> "ExportClock":
        """``as_of`` alone means known now; bad dates raise :class:`ExportScopeError`."""
        if as_of is None and known_at is None:
            return cls()
        try:
            clock = make_clock(as_of, known_at)
        except (TypeError, ValueError) as err:
            what = "--as-of" if as_of is not None and not _is_date(as_of) else "--known-at"
            raise ExportScopeError(f"{what}: not a date (YYYY-MM-DD) or date-time: {err}") from err
        return cls(clock.as_of if as_of is not None else None, clock.known_at)

    @property
    def every_version(self) -> bool:
        return self.as_of is None and self.known_at is None

    def as_params(self) -> dict[str, Any]:
        return {"as_of": self.as_of, "known_at": self.known_at}

    def as_dict(self) -> dict[str, str | None]:
        return {"as_of": self.as_of.isoformat() if self.as_of else None,
                "known_at": self.known_at.isoformat() if self.known_at else None,
                "versions": "every version" if self.every_version else "in force at the clock"}


def _is_date(value: Any) -> bool:
    try:
        make_clock(value)
        return True
    except (TypeError, ValueError):
        return False


@dataclass
class Selection:
    """The entities, edges and interval facts (sanctions, reporting exceptions) of one export;
    values are plain Python (Neo4j temporals converted)."""

    clock: ExportClock
    root: EntityMatch | None = None
    entities: dict[str, dict[str, Any]] = field(default_factory=dict)  # key -> {props, aliases}
    edges: list[dict[str, Any]] = field(default_factory=list)  # {type, source, target, props}
    facts: list[dict[str, Any]] = field(default_factory=list)  # {entity, label, props}
    claims_left_out: int = 0
    claim_threshold: float | None = None

    def sources(self) -> set[str]:
        found = {e["props"].get("source_system") for e in self.edges}
        found |= {f["props"].get("source_system") for f in self.facts}
        found |= {e["props"].get("source_system") for e in self.entities.values()}
        return {s for s in found if s}

    def scope(self) -> dict[str, Any]:
        if self.root is None:
            return {"scope": "graph"}
        return {"scope": "group", "entity": self.root.as_dict()}


def select(graph: Graph, entity: str | None = None, *, clock: ExportClock | None = None,
           depth: int = GROUP_DEPTH, progress: Progress | None = None) -> Selection:
    """The export's content: ``entity``'s group (a name, LEI, alias or identifier, resolved as
    every command resolves it) or, without one, the whole graph."""
    clock = clock or ExportClock()
    at = claims.threshold()
    sel = Selection(clock, claim_threshold=at)
    left_out = claims.excluded(graph, at)
    keys: list[str] | None = None
    if entity is not None:
        sel.root = find_entity(graph, entity, clock.as_of)
        keys = _group(graph, sel.root.key, clock, depth)
        edges = [to_plain(r) for r in graph.read("export_sel_group_edges", keys=keys,
                                                  types=list(EXPORT_TYPES), **clock.as_params())]
        keys = sorted(set(keys) | {e[end] for e in edges for end in ("source", "target")})
    else:
        edges = _all_edges(graph, clock, progress)
    sel.edges = [e for e in edges if e["props"].get("statement_id") not in left_out]
    sel.claims_left_out = len(edges) - len(sel.edges)
    sel.entities = _entities(graph, keys, progress)
    sel.facts = [to_plain(r) for r in graph.read("export_sel_facts", keys=keys, **clock.as_params())]
    return sel


def _group(graph: Graph, root: str, clock: ExportClock, depth: int) -> list[str]:
    """The root and everything the structural edges reach from it, either way, within ``depth``."""
    seen, frontier = {root}, [root]
    for _ in range(depth):
        found = graph.read("export_sel_neighbours", keys=frontier, types=list(REACH_TYPES),
                           **clock.as_params())[0]["keys"]
        frontier = [k for k in found if k not in seen]
        if not frontier:
            break
        seen.update(frontier)
    return sorted(seen)


def _all_edges(graph: Graph, clock: ExportClock, progress: Progress | None) -> list[dict[str, Any]]:
    total = graph.read("export_count", types=list(EXPORT_TYPES))[0]["edges"]
    out: list[dict[str, Any]] = []
    after = ""
    while True:
        rows = graph.read("export_sel_edges", after=after, limit=PAGE, types=list(EXPORT_TYPES),
                          **clock.as_params())
        if not rows:
            return out
        out.extend(to_plain(e) for r in rows for e in r["edges"] if e is not None)
        after = rows[-1]["last"]
        if progress:
            progress("edges", min(len(out), total), total)


def _entities(graph: Graph, keys: list[str] | None, progress: Progress | None) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    total = len(keys) if keys is not None else graph.read("export_count", types=[])[0]["entities"]
    after = ""
    while True:
        rows = graph.read("export_sel_entities", after=after, limit=PAGE, keys=keys)
        if not rows:
            return out
        for r in rows:
            out[r["key"]] = {"props": to_plain(r["props"]), "aliases": to_plain(r["aliases"])}
        after = rows[-1]["key"]
        if progress:
            progress("entities", len(out), total)


__all__ = ["EXPORT_TYPES", "ExportClock", "ExportScopeError", "GROUP_DEPTH", "REACH_TYPES", "Selection", "select"]
