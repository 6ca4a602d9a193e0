"""GLEIF accounting children of X (the entities consolidated by X, directly or ultimately), and
whether the list is complete: where the source's children collection was read in part
(``graph.load.collections``: page 1 of 8 of 106), the answer says "at least N children; page 1 of
8 read" rather than presenting the pages read as the whole list.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd

from ownergraph.domain.clock import Clock, make_clock
from ownergraph.graph.analytics.snapshot import expand
from ownergraph.graph.analytics.lookup import EntityMatch, find_entity, jsonable
from ownergraph.graph.analytics.structure import Known, When, clock_dict, edge_evidence
from ownergraph.graph.load.collections import partial_lists
from ownergraph.graph.store.connection import Graph
from ownergraph.domain.codes import EdgeType
from ownergraph.graph.analytics.notebook import HtmlRepr

LEVELS = ("direct", "ultimate")


@dataclass(frozen=True)
class LevelChildren:
    level: str
    children: tuple[dict[str, Any], ...]
    stated_total: int | None = None  # the source's count of the whole collection, where it was read in part
    pages_read: tuple[int, ...] = ()
    last_page: int | None = None

    @property
    def partial(self) -> bool:
        return self.last_page is not None and len(set(self.pages_read)) < self.last_page

    @property
    def note(self) -> str | None:
        """'at least 15 direct children; page 1 of 8 read (106 stated)' for a partial list."""
        if not self.partial:
            return None
        pages = ", ".join(str(p) for p in sorted(set(self.pages_read)))
        return (f"at least {len(self.children)} {self.level} children; page{'s' if len(set(self.pages_read)) > 1 else ''}"
                f" {pages} of {self.last_page} read ({self.stated_total} stated by the source)")

    def as_dict(self) -> dict[str, Any]:
        return {"level": self.level, "children": jsonable(list(self.children)), "count": len(self.children),
                "partial": self.partial, "stated_total": self.stated_total, "pages_read": list(self.pages_read),
                "last_page": self.last_page, "note": self.note}


@dataclass(frozen=True)
class ChildrenResult(HtmlRepr):
    entity: EntityMatch
    clock: Clock
    direct: LevelChildren
    ultimate: LevelChildren

    @property
    def partial(self) -> bool:
        return self.direct.partial or self.ultimate.partial

    def to_frame(self) -> pd.DataFrame:
        rows = [{"level": lv.level, "child": c["source"], "child_name": c["source_name"],
                 "valid_from": c.get("valid_from"), "valid_to": c.get("valid_to"),
                 "source_record_id": c.get("source_record_id")}
                for lv in (self.direct, self.ultimate) for c in lv.children]
        return pd.DataFrame(rows, columns=["level", "child", "child_name", "valid_from", "valid_to", "source_record_id"])

    def as_dict(self) -> dict[str, Any]:
        return {"entity": self.entity.as_dict(), "clock": clock_dict(self.clock), "partial": self.partial,
                "direct": self.direct.as_dict(), "ultimate": self.ultimate.as_dict()}


def children(graph: Graph, x: str, *, as_of: When = None, known_at: Known = None) -> ChildrenResult:
    """X's direct and ultimate accounting children, each list saying whether it is partial."""
    clock = make_clock(as_of, known_at)
    ent = find_entity(graph, x, clock.as_of)
    snap = expand(graph, [ent.key], clock, [EdgeType.CONSOLIDATION], "in", 1)
    partial = {p["level"]: p for p in partial_lists(graph, ent.key)}
    levels = []
    for level in LEVELS:
        by_child: dict[str, dict[str, Any]] = {}  # a child stated twice (record and children page) once
        for e in snap.edges:
            if e.target == ent.key and e.props.get("level") == level:
                by_child.setdefault(e.source, edge_evidence(e, snap.nodes))
        found = tuple(sorted(by_child.values(), key=lambda c: str(c["source_name"] or c["source"])))
        p = partial.get(level) or {}
        levels.append(LevelChildren(level, found, p.get("total"), tuple(p.get("pages_read") or ()), p.get("last_page")))
    return ChildrenResult(ent, clock, levels[0], levels[1])
