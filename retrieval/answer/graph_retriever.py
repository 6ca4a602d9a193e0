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
from ownergraph.domain.vocabulary import PATH
from ownergraph.domain.errors import OwnergraphError
from ownergraph.retrieval.kinds import STRATEGIES
from ownergraph.retrieval.question.model import Question
from ownergraph.retrieval.question.work_text import quoted


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
            for end in ("source", "target"):  # an edge names its ends: cite them by name, not by key
                if isinstance(obj.get(end), str) and isinstance(obj.get(f"{end}_name"), str):
                    entities.setdefault(obj[end], {"name": obj[f"{end}_name"]})
        key, name = obj.get("key", obj.get("entity_key")), obj.get("name", obj.get("entity_name"))  # quality: entity_*
        if isinstance(key, str) and isinstance(name, str):
            entities.setdefault(key, {"name": name, "lei": obj.get("lei"), "kind": obj.get("kind")})
        nodes, names = obj.get("nodes"), obj.get("names")
        if nodes is None and isinstance(obj.get("controllers"), list):  # a control result names its controllers
            nodes, names = obj.get("controllers"), obj.get("controller_names")
        if isinstance(nodes, list) and isinstance(names, list) and len(nodes) == len(names):
            for k, n in zip(nodes, names):
                if isinstance(k, str) and isinstance(n, str):
                    entities.setdefault(k, {"name": n})
        for value in obj.values():
            _harvest(value, entities, edges)
    elif isinstance(obj, (list, tuple)):
        for value in obj:
            _harvest(value, entities, edges)


class GraphRetriever:
    """Runs the analytic for a parsed question at the question's clock."""

    def __init__(self, analytics: Analytics) -> None:
        self.analytics = analytics

    def search(self, q: Question, *, as_of: date | None, known_at: Any, anchors: list[str]) -> GraphEvidence:
        pattern = q.pattern
        strategy = STRATEGIES.get(pattern)
        if strategy is None:
            raise OwnergraphError(f"no analytic answers this kind of question: {quoted(q.text)}")
        kind = strategy.kind
        if len(anchors) < kind.entities:
            n = kind.entities
            raise OwnergraphError(f"a {pattern} question needs {n} entit{'y' if n == 1 else 'ies'}; "
                                  f"found {len(anchors)} in {quoted(q.text)}")
        result = strategy.run(self.analytics, q, {"as_of": as_of, "known_at": known_at}, anchors)
        d = _as_dict(result)
        entities: dict[str, dict[str, Any]] = {}
        edges: dict[str, dict[str, Any]] = {}
        _harvest(d, entities, edges)
        frame = result.to_frame() if hasattr(result, "to_frame") else pd.DataFrame()
        found = bool(strategy.found(d))
        message = None
        if pattern == PATH.name and not found:
            message = d.get("message")
        return GraphEvidence(pattern, result, frame, entities, list(edges.values()), found, message)
