"""Persistence of the resolution state in Neo4j, and the key adapter loading uses.

Decisions become ``(:MatchDecision)`` nodes (queryable: who/what decided, score, when,
status); the full resolver state is kept as gzip'd JSON chunks on ``(:ResolutionState)``
nodes so a later run resolves against everything loaded before.
"""

from __future__ import annotations

import gzip
import json
from functools import lru_cache
from typing import Any

from graph.connection import Graph
from ingest.model import Entity, EntityRef
from resolution import ResolutionState, Resolver

_CHUNK = 4 * 1024 * 1024


class GraphResolutionStore:
    def __init__(self, graph: Graph) -> None:
        self.graph = graph

    def save_resolution_state(self, state: ResolutionState) -> None:
        blob = gzip.compress(json.dumps(state.as_dict(), sort_keys=True, default=str).encode(), 6)
        chunks = [blob[i: i + _CHUNK] for i in range(0, len(blob), _CHUNK)] or [b""]
        self.graph.write("resolution_state_save", chunks=[{"seq": i, "data": c} for i, c in enumerate(chunks)])
        self.graph.write_batches("resolution_decisions_save", state.decisions, 5000)

    def load_resolution_state(self) -> ResolutionState | None:
        rows = self.graph.read("resolution_state_load")
        if not rows:
            return None
        blob = b"".join(bytes(r["data"]) for r in rows)
        return ResolutionState.from_dict(json.loads(gzip.decompress(blob)))


class ResolverKeys:
    """``graph.load.KeyResolver`` over a :class:`resolution.Resolver`, caching mentions."""

    def __init__(self, resolver: Resolver) -> None:
        self.resolver = resolver
        self._cached = lru_cache(maxsize=200_000)(self._resolve)

    def register(self, entity: Entity) -> str:
        self._cached.cache_clear()  # a new entity can change how names resolve
        return self.resolver.register(entity)

    def _resolve(self, ref: EntityRef) -> str:
        return self.resolver.resolve(ref).key

    def key_of(self, ref: EntityRef) -> str:
        return self._cached(ref)

    def info(self) -> dict[str, Any]:
        return {"cache": self._cached.cache_info()._asdict()}
