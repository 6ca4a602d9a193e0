"""The one client a server process answers from, and the call wrapper every tool goes through:
checks, the analytic, the typed answer, and every failure as a typed error (never a traceback)."""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable
from typing import Any

from mcp.types import CallToolResult, TextContent

import ownergraph as og
from ownergraph.domain.errors import EntityNotFound, Neo4jUnavailable, OwnergraphError, QueryTimeout
from ownergraph.mcp.answers import (
    MAX_LIMIT, Spec, ToolRefusal, answer, check_clock, check_range, entity_refusal, refused,
)
from ownergraph.mcp.models import ToolAnswer

log = logging.getLogger("ownergraph.mcp")
Call = Callable[[Any], Any]  # client -> the analytic's result


def reply(ans: ToolAnswer) -> CallToolResult:
    """The answer as structured content, its JSON as text for clients that read only text; a
    refused call is an error result, so an agent sees it failed and which argument to change."""
    data = ans.model_dump(mode="json")
    return CallToolResult(content=[TextContent(type="text", text=json.dumps(data, default=str))],
                          structured_content=data, is_error=ans.error is not None)


class Backend:
    """The facade client (``og.connect``), opened on first use: a server starts without Neo4j
    and says so per call rather than failing to start."""

    def __init__(self, connect: Callable[[], Any] | None = None) -> None:
        self._connect = connect or (lambda: og.connect(text=False))
        self._client: Any = None
        self._lock = threading.Lock()

    def client(self) -> Any:
        with self._lock:
            if self._client is None:
                self._client = self._connect()
            return self._client

    def ask_client(self) -> Any:
        """A client with the disclosure index, per question (as ``ownergraph ask`` opens one per
        run): the server never holds the index open between questions, so an ingest can index.
        The graph connection is this backend's: connecting anew per question (``og.connect()``)
        re-applied the schema, a write, and took most of an ``ask`` call's time."""
        from ownergraph.retrieval.api import Ownergraph
        from ownergraph.retrieval.llm import LLMConfig
        from ownergraph.retrieval.text.disclosures import open_text_retriever

        graph = self.client().graph
        try:
            retriever = open_text_retriever(graph)
        except (ImportError, OwnergraphError):  # as og.connect(): no text search, the graph answers
            retriever = None
        return Ownergraph(graph, text=retriever, llm=LLMConfig.from_env())

    def run(self, spec: Spec, arguments: dict[str, Any], call: Call, *, limit: int,
            max_depth: int | None = None) -> CallToolResult:
        """Check the clocks and limits, run ``call`` on the client, answer in the envelope."""
        def work() -> ToolAnswer:
            clock = check_clock(arguments.get("as_of"), arguments.get("known_at"))
            check_range("limit", limit, 1, MAX_LIMIT)
            client = self.client()
            result = call(client)
            return answer(spec, arguments, clock, result.as_dict(), limit=limit,
                          timeout_s=client.graph.query_timeout_s, max_depth=max_depth)
        return self.guarded(spec.name, arguments, work)

    def guarded(self, tool: str, arguments: dict[str, Any], work: Callable[[], ToolAnswer]) -> CallToolResult:
        try:
            return reply(work())
        except Exception as err:  # noqa: BLE001 - every failure is a typed answer, never a traceback
            return reply(refused(tool, arguments, as_refusal(err, arguments)))


def as_refusal(err: Exception, arguments: dict[str, Any]) -> ToolRefusal:
    """Any failure of a call as the typed error the client gets; a bug is logged here, in full."""
    if isinstance(err, ToolRefusal):
        return err
    if isinstance(err, EntityNotFound):
        return entity_refusal(err, arguments)
    if isinstance(err, QueryTimeout):
        return ToolRefusal(None, "timeout", str(err))
    if isinstance(err, Neo4jUnavailable):
        return ToolRefusal(None, "graph_unavailable", str(err))
    if isinstance(err, (OwnergraphError, ValueError)):  # the analytics' own checks (a channel name, ...)
        return ToolRefusal(None, "not_allowed", str(err))
    log.exception("unexpected error in an MCP tool")
    return ToolRefusal(None, "failed", f"unexpected error ({type(err).__name__}); the server log has the details")
