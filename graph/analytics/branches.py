"""Branches of X, and the head office a branch is part of (BRANCH_OF: branch -> head office, the
same legal entity), on one clock: the edges valid at ``as_of`` and known at ``known_at``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd

from ownergraph.domain.clock import Clock, make_clock
from ownergraph.domain.codes import EdgeType
from ownergraph.graph.analytics.lookup import EntityMatch, find_entity, jsonable
from ownergraph.graph.analytics.notebook import HtmlRepr
from ownergraph.graph.analytics.snapshot import expand
from ownergraph.graph.analytics.structure import Known, When, clock_dict, edge_evidence
from ownergraph.graph.store.connection import Graph

COLUMNS = ["key", "name", "lei", "jurisdiction", "role", "valid_from", "valid_to"]


@dataclass(frozen=True)
class BranchesResult(HtmlRepr):
    entity: EntityMatch
    clock: Clock
    rows: tuple[dict[str, Any], ...]  # role "branch" (a branch of X) or "head office" (X's)

    @property
    def branches(self) -> list[dict[str, Any]]:
        return [r for r in self.rows if r["role"] == "branch"]

    @property
    def head_offices(self) -> list[dict[str, Any]]:
        return [r for r in self.rows if r["role"] == "head office"]

    def to_frame(self) -> pd.DataFrame:
        return pd.DataFrame(list(self.rows), columns=COLUMNS)

    def as_dict(self) -> dict[str, Any]:
        return {"entity": self.entity.as_dict(), "clock": clock_dict(self.clock), "rows": jsonable(list(self.rows))}


def branches(graph: Graph, x: str, *, as_of: When = None, known_at: Known = None) -> BranchesResult:
    """X's branches and the head office X is a branch of, with the edges that state them."""
    clock = make_clock(as_of, known_at)
    match = find_entity(graph, x, clock.as_of)
    snap = expand(graph, [match.key], clock, [EdgeType.BRANCH_OF.value], "both", 1)
    rows = []
    for e in snap.edges:
        other, role = (e.source, "branch") if e.target == match.key else (e.target, "head office")
        node = snap.nodes.get(other, {})
        ev = edge_evidence(e, snap.nodes)
        rows.append({"key": other, "name": node.get("name") or other, "lei": node.get("lei"),
                     "jurisdiction": node.get("jurisdiction"), "role": role, "valid_from": ev.get("valid_from"),
                     "valid_to": ev.get("valid_to"), "edge": ev})
    rows.sort(key=lambda r: (r["role"], (r["name"] or "").casefold()))
    return BranchesResult(match, clock, tuple(rows))
