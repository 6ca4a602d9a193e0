"""Question pattern -> the analytic that answers it -> evidence tied to entity ids.

The retriever contract (after neo4j-graphrag): one ``search`` hook returning a result, and a
formatter (``GraphEvidence.items``) that turns it into citable items. No network I/O in the
constructor; every graph read goes through ``graph.analytics`` (time-gated, read-only).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

import pandas as pd

from ownergraph.graph.analytics.api import Analytics
from ownergraph.domain.vocabulary import (
    CHANNEL_NAMES, CONTAGION, CYCLES, DEFAULT_RULE, DIFF, EXPOSURE, KINDS, OWNERS, PARENTS, PATH, QUALITY, SANCTIONS_NEAR,
    STAKE,
)
from ownergraph.domain.errors import OwnergraphError
from ownergraph.retrieval.question.patterns import path_kinds
from ownergraph.retrieval.question.model import Question



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
        key, name = obj.get("key", obj.get("entity_key")), obj.get("name", obj.get("entity_name"))  # quality: entity_*
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


def _stake_found(d: dict[str, Any]) -> bool:
    stake = d.get("stake")
    hi = stake.get("hi") if isinstance(stake, dict) else (stake[1] if isinstance(stake, (list, tuple)) else stake)
    return bool(d.get("paths")) and bool(hi)


# kind -> does the analytic's result (as_dict) hold an answer
FOUND: dict[str, Callable[[dict[str, Any]], bool]] = {
    OWNERS.name: lambda d: bool(d.get("rows")),
    STAKE.name: _stake_found,
    EXPOSURE.name: lambda d: bool(d.get("positions")),
    CONTAGION.name: lambda d: bool(d.get("affected")),
    PATH.name: lambda d: bool(d.get("found")),
    SANCTIONS_NEAR.name: lambda d: bool(d.get("rows")),
    CYCLES.name: lambda d: bool(d.get("components")),
    PARENTS.name: lambda d: any(d.get(level) for level in ("direct", "ultimate")),
    DIFF.name: lambda d: bool(d.get("edges") or d.get("events")),
    QUALITY.name: lambda d: bool(d.get("issues")),
}


def _found(pattern: str, d: dict[str, Any]) -> bool:
    test = FOUND.get(pattern)
    return bool(test and test(d))


Clock = dict[str, Any]  # as_of, known_at
Runner = Callable[[Analytics, Question, Clock, list[str]], Any]


def _exposure(a: Analytics, q: Question, clock: Clock, anchors: list[str]) -> Any:
    group = [m.text for m in q.anchors if m.role in ("subject", "group", "object")] or anchors
    who: str | list[str] = group[0] if len(group) == 1 else group
    return a.exposure.of(who, portfolio=q.portfolio, max_depth=q.depth or EXPOSURE.hops, **clock)


def _interest(q: Question) -> dict[str, str]:
    """The interest a question names (the votes); the analytic's default (the shares) otherwise."""
    return {"interest": q.interest} if q.interest else {}


def _diff(a: Analytics, q: Question, clock: Clock, anchors: list[str]) -> Any:
    start = q.date_from or date(date.today().year - 1, 1, 1)
    return a.history.diff(anchors[0], start, q.date_to or clock["as_of"], known_at=clock["known_at"])


def _quality(a: Analytics, q: Question, clock: Clock, anchors: list[str]) -> Any:
    """The graph's data-quality issues at the clock; with a mention, those about that entity."""
    res = a.quality.issues(**clock)
    if not anchors:
        return res
    keys = {a.lookup.entity(m, as_of=clock["as_of"]).key for m in anchors}
    return replace(res, issues=[i for i in res.issues if i["entity_key"] in keys])


# kind -> the analytic that answers it (anchors: resolved entity mentions, subject first)
RUNNERS: dict[str, Runner] = {
    OWNERS.name: lambda a, q, clock, e: a.ownership.owners(e[0], rule=q.rule or DEFAULT_RULE,
                                                           max_depth=q.depth or OWNERS.hops, **_interest(q), **clock),
    STAKE.name: lambda a, q, clock, e: a.ownership.stake(e[0], e[1], max_depth=q.depth or STAKE.hops, **_interest(q),
                                                         **clock),
    EXPOSURE.name: _exposure,
    CONTAGION.name: lambda a, q, clock, e: a.contagion.if_defaults(
        e[0], types=tuple(q.edge_types) if q.edge_types else CHANNEL_NAMES, max_hops=q.depth or CONTAGION.hops,
        **clock),
    PATH.name: lambda a, q, clock, e: a.structure.path(e[0], e[1], max_depth=q.depth or PATH.hops, directed=False,
                                                       kinds=path_kinds(q.text, q.edge_types), **clock),
    SANCTIONS_NEAR.name: lambda a, q, clock, e: a.structure.sanctions_near(
        e[0] if e else None, q.depth if q.depth is not None else SANCTIONS_NEAR.hops, **clock),
    CYCLES.name: lambda a, q, clock, e: a.structure.cycles(e[0], **clock),
    PARENTS.name: lambda a, q, clock, e: (a.structure.children(e[0], **clock) if "children" in q.modifiers
                                          else a.structure.parents(e[0], **clock)),
    DIFF.name: _diff,
    QUALITY.name: _quality,
}


class GraphRetriever:
    """Runs the analytic for a parsed question at the question's clock."""

    def __init__(self, analytics: Analytics) -> None:
        self.analytics = analytics

    def search(self, q: Question, *, as_of: date | None, known_at: Any, anchors: list[str]) -> GraphEvidence:
        pattern = q.pattern
        kind, run = KINDS.get(pattern), RUNNERS.get(pattern)
        if kind is None or run is None:
            raise OwnergraphError(f"no analytic answers this kind of question: {q.text!r}")
        if len(anchors) < kind.entities:
            n = kind.entities
            raise OwnergraphError(f"a {pattern} question needs {n} entit{'y' if n == 1 else 'ies'}; "
                                  f"found {len(anchors)} in {q.text!r}")
        result = run(self.analytics, q, {"as_of": as_of, "known_at": known_at}, anchors)
        d = _as_dict(result)
        entities: dict[str, dict[str, Any]] = {}
        edges: dict[str, dict[str, Any]] = {}
        _harvest(d, entities, edges)
        frame = result.to_frame() if hasattr(result, "to_frame") else pd.DataFrame()
        found = _found(pattern, d)
        message = None
        if pattern == PATH.name and not found:
            message = d.get("message")
        return GraphEvidence(pattern, result, frame, entities, list(edges.values()), found, message)
