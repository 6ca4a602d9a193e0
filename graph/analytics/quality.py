"""Graph-wide data quality on one clock: what an analyst should distrust before reading answers.

    q = quality(graph, as_of="2024-06-30")
    q.issues            # [{"kind": "over_100", "entity_key": ..., "entity_name": ..., "detail": ...}]
    q.to_frame(); q.as_dict(); q.counts

Kinds (one Cypher file each, ``cypher/quality_<kind>.cypher``):

- ``over_100``: direct shareholdings into one entity valid and known at the clock whose lower
  ends sum past 100% (a band counts its certain part; declared indirect interests are left
  out because they run through a holder already counted; a holder stated several times counts
  once, at its largest; text claims below the claim threshold and not accepted are left out);
- ``missing_stake``: ownership edges valid and known at the clock with no stake at all, and
  interests of unknown kind and size;
- ``self_holding``: an entity that holds itself through an ownership cycle (of one or more edges);
- ``stub``: an entity known only from other records' mentions, without a record of its own;
- ``dangling``: relationships valid and known at the clock that reference a stub.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

import pandas as pd

from ownergraph.graph.load import claims
from ownergraph.domain.clock import Clock, make_clock
from ownergraph.graph.analytics.lookup import to_plain
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.analytics.notebook import HtmlRepr

KINDS: tuple[str, ...] = ("over_100", "missing_stake", "self_holding", "stub", "dangling")
_QUERY = {"over_100": "quality_over_100", "missing_stake": "quality_missing_stakes",
          "self_holding": "quality_self_holdings", "stub": "quality_stubs", "dangling": "quality_dangling"}
TOLERANCE = 0.0001  # published percentages carry rounding: 100.00% from rounded parts is not an error
MAX_CYCLE = 6
UNKNOWN_INTEREST_KINDS = ("unknownInterest",)  # how the readers store "interest of unknown kind and size"
LIMIT = 1000

When = date | str | None
Known = date | datetime | str | None


def _detail(kind: str, row: dict[str, Any]) -> str:
    if kind == "over_100":
        return f"shareholders' stakes sum to at least {row['total'] * 100:.2f}% ({row['holders']} holders)"
    if kind == "missing_stake":
        return f"{row['edges']} holding(s) without a stake, from {', '.join(map(str, row['others']))}"
    if kind == "self_holding":
        return f"holds itself through a cycle of {row['hops']}: {' -> '.join(map(str, row['cycle']))}"
    if kind == "stub":
        return f"known only from mentions ({row['edges']} relationship(s)); no record of its own was read"
    return (f"{row['refs']} relationship(s) ({', '.join(row['types'])}) reference it, "
            f"from {', '.join(map(str, row['others']))}; it has no record of its own")


@dataclass
class QualityResult(HtmlRepr):
    clock: Clock
    issues: list[dict[str, Any]] = field(default_factory=list)
    truncated: list[str] = field(default_factory=list)  # kinds that reached the row limit

    @property
    def counts(self) -> dict[str, int]:
        return {k: sum(1 for i in self.issues if i["kind"] == k) for k in KINDS}

    def of(self, key: str) -> list[dict[str, Any]]:
        """The issues about one entity (by graph key)."""
        return [i for i in self.issues if i["entity_key"] == key]

    def to_frame(self) -> pd.DataFrame:
        cols = ["kind", "entity_key", "entity_name", "entity_lei", "detail"]
        return pd.DataFrame([{c: i.get(c) for c in cols} for i in self.issues], columns=cols)

    def as_dict(self) -> dict[str, Any]:
        return {"as_of": self.clock.as_of.isoformat(), "known_at": self.clock.known_at.isoformat(),
                "counts": self.counts, "truncated": self.truncated, "issues": self.issues}


def quality(graph: Graph, *, as_of: When = None, known_at: Known = None, kinds: tuple[str, ...] = KINDS,
            limit: int = LIMIT) -> QualityResult:
    """Every data-quality issue of the graph at the clock (at most ``limit`` rows per kind)."""
    unknown = set(kinds) - set(KINDS)
    if unknown:
        raise ValueError(f"unknown quality kinds {sorted(unknown)}; known: {', '.join(KINDS)}")
    clock = make_clock(as_of, known_at)
    out = QualityResult(clock)
    params = {**clock.as_params(), "limit": limit, "tolerance": TOLERANCE, "max_depth": MAX_CYCLE,
              "unknown_kinds": list(UNKNOWN_INTEREST_KINDS),
              "excluded": sorted(claims.excluded(graph)) if "over_100" in kinds else []}
    for kind in kinds:
        rows = [to_plain(r) for r in graph.read(_QUERY[kind], **params)]
        if len(rows) >= limit:
            out.truncated.append(kind)
        for r in rows:
            out.issues.append({"kind": kind, "entity_key": r["key"], "entity_name": r.get("name"),
                               "entity_lei": r.get("lei"), "detail": _detail(kind, r),
                               "facts": {k: v for k, v in r.items() if k not in ("key", "name", "lei")}})
    return out


__all__ = ["KINDS", "QualityResult", "quality"]
