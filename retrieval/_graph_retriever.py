"""Question pattern -> the analytic that answers it -> evidence tied to entity ids.

The retriever contract (after neo4j-graphrag): one ``search`` hook returning a result, and a
formatter (``GraphEvidence.items``) that turns it into citable items. No network I/O in the
constructor; every graph read goes through ``graph.analytics`` (time-gated, read-only).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

import pandas as pd

from ownergraph.graph.analytics.api import Analytics
from ownergraph.ingest.errors import OwnergraphError
from ownergraph.retrieval.question import Question

CONTROL_EDGES = {"OWNS", "CONTROLS", "CONSOLIDATED_BY", "SUCCEEDED_BY", "GUARANTEES", "LENDS_TO",
                 "FUND_RELATION", "BRANCH_OF", "ASSOCIATED_WITH", "HOLDS"}


@dataclass
class GraphEvidence:
    pattern: str
    result: Any
    frame: pd.DataFrame
    entities: dict[str, dict[str, Any]] = field(default_factory=dict)
    edges: list[dict[str, Any]] = field(default_factory=list)
    found: bool = False
    message: str | None = None
    anchors: dict[str, str] = field(default_factory=dict)  # mention text -> entity key


def _as_dict(result: Any) -> Any:
    return result.as_dict() if hasattr(result, "as_dict") else result


def _harvest(obj: Any, entities: dict[str, dict[str, Any]], edges: dict[str, dict[str, Any]]) -> None:
    """Collect entity names and cited edges from any analytics result, generically."""
    if isinstance(obj, dict):
        if "source" in obj and "target" in obj and ("statement_id" in obj or "document_id" in obj
                                                     or "source_system" in obj):
            ident = str(obj.get("statement_id") or (obj["source"], obj["target"], obj.get("type"),
                                                   obj.get("valid_from")))
            edges.setdefault(ident, obj)
        key, name = obj.get("key"), obj.get("name")
        if isinstance(key, str) and isinstance(name, str):
            entities.setdefault(key, {"name": name, "lei": obj.get("lei"), "kind": obj.get("kind")})
        nodes, names = obj.get("nodes"), obj.get("names")
        if isinstance(nodes, list) and isinstance(names, list) and len(nodes) == len(names):
            for k, n in zip(nodes, names):
                if isinstance(k, str) and isinstance(n, str):
                    entities.setdefault(k, {"name": n})
        for value in obj.values():
            _harvest(value, entities, edges)
    elif isinstance(obj, (list, tuple)):
        for value in obj:
            _harvest(value, entities, edges)


def _found(pattern: str, d: dict[str, Any]) -> bool:
    match pattern:
        case "owners":
            return bool(d.get("rows"))
        case "stake":
            stake = d.get("stake")
            hi = stake.get("hi") if isinstance(stake, dict) else (stake[1] if isinstance(stake, (list, tuple)) else stake)
            return bool(d.get("paths")) and bool(hi)
        case "exposure":
            return bool(d.get("positions"))
        case "contagion":
            return bool(d.get("affected"))
        case "path":
            return bool(d.get("found"))
        case "sanctions_near":
            return bool(d.get("rows"))
        case "cycles":
            return bool(d.get("components"))
        case "parents":
            return any(d.get(level) for level in ("direct", "ultimate"))
        case "diff":
            return bool(d.get("edges"))
    return False


class GraphRetriever:
    """Runs the analytic for a parsed question at the question's clock."""

    def __init__(self, analytics: Analytics) -> None:
        self.analytics = analytics

    def search(self, q: Question, *, as_of: date | None, known_at: Any, anchors: list[str]) -> GraphEvidence:
        a = self.analytics
        clock = {"as_of": as_of, "known_at": known_at}
        subject = anchors[0] if anchors else None
        other = anchors[1] if len(anchors) > 1 else None
        depth = q.depth
        pattern = q.pattern

        def need(n: int) -> None:
            if len(anchors) < n:
                raise OwnergraphError(f"a {pattern} question needs {n} entit{'y' if n == 1 else 'ies'}; "
                                      f"found {len(anchors)} in {q.text!r}")

        match pattern:
            case "owners":
                need(1)
                result = a.ownership.owners(subject, rule=q.rule or "eu_amlr_25", max_depth=depth or 12, **clock)
            case "stake":
                need(2)
                result = a.ownership.stake(subject, other, max_depth=depth or 12, **clock)
            case "exposure":
                need(1)
                group = [m.text for m in q.anchors if m.role in ("subject", "group", "object")] or anchors
                who: str | list[str] = group[0] if len(group) == 1 else group
                result = a.exposure.of(who, portfolio=q.portfolio, max_depth=depth or 12, **clock)
            case "contagion":
                need(1)
                types = tuple(q.edge_types) if q.edge_types else ("guarantee", "lending", "ownership")
                result = a.contagion.if_defaults(subject, types=types, max_hops=depth or 6, **clock)
            case "path":
                need(2)
                result = a.structure.path(subject, other, max_depth=depth or 12, directed=False, **clock)
            case "sanctions_near":
                result = a.structure.sanctions_near(subject, depth if depth is not None else 2, **clock)
            case "cycles":
                need(1)
                result = a.structure.cycles(subject, **clock)
            case "parents":
                need(1)
                result = a.structure.parents(subject, **clock)
            case "diff":
                need(1)
                start = q.date_from or date(date.today().year - 1, 1, 1)
                result = a.history.diff(subject, start, q.date_to or as_of, known_at=known_at)
            case _:
                raise OwnergraphError(f"no analytic answers this kind of question: {q.text!r}")
        d = _as_dict(result)
        entities: dict[str, dict[str, Any]] = {}
        edges: dict[str, dict[str, Any]] = {}
        _harvest(d, entities, edges)
        frame = result.to_frame() if hasattr(result, "to_frame") else pd.DataFrame()
        found = _found(pattern, d)
        message = None
        if pattern == "path" and not found:
            message = d.get("message")
        return GraphEvidence(pattern, result, frame, entities, list(edges.values()), found, message)
