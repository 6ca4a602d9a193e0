"""The ``ownergraph://sources`` resource: each source system the graph holds, with its
knowledge time (the latest publication time of its facts) and the files read."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mcp.server.mcpserver.exceptions import ResourceError

from ownergraph.domain.errors import OwnergraphError
from ownergraph.mcp.backend import Backend
from ownergraph.mcp.models import SourceFreshness, Sources

URI = "ownergraph://sources"
NOTE = ("knowledge_time: the latest known_from (publication / knowledge time) among the source's facts; "
        "ask with known_at before it to see the graph as it was known then. last_load is null: the graph "
        "does not record when each source was loaded.")


def _iso(value: Any) -> str | None:
    if value is None:
        return None
    return value.iso_format() if hasattr(value, "iso_format") else str(value)


def read_sources(backend: Backend) -> Sources:
    """One row per source system, read in one read transaction (``Graph.read``)."""
    rows = backend.client().graph.read("sources_freshness")
    return Sources(note=NOTE, sources=[
        SourceFreshness(source_system=r["source_system"], facts=r["facts"], first_known=_iso(r["first_known"]),
                        knowledge_time=_iso(r["knowledge_time"]), files=[str(f) for f in r["files"] if f])
        for r in rows])


def sources_json(backend: Backend) -> str:
    return read_sources(backend).model_dump_json(indent=2)


def register(server: Any, backend: Backend, read: Callable[[], str] | None = None) -> None:
    """Add the resource; ``read`` gives its text (default: read here, on ``backend``; the pool
    passes a call to one of its workers)."""
    def sources() -> str:
        """Each source's knowledge time (latest publication of its facts), fact count and files."""
        try:
            return read() if read else sources_json(backend)
        except OwnergraphError as err:  # Neo4j away, a timeout: said in one line, as the tools say it
            raise ResourceError(f"{type(err).__name__}: {err}") from err

    server.resource(URI, name="sources", mime_type="application/json",
                    description="Each source system's knowledge time, fact count and files read.")(sources)
