"""The MCP server: the tools and the sources resource on an ``MCPServer`` (official SDK), run
over stdio (default) or streamable HTTP behind a bearer token; calls are answered by a pool of
worker processes (``pool.py``), or in this process with ``workers=0``.

HTTP binds to 127.0.0.1 unless a host is given, and refuses to start without a token; every
request must carry ``Authorization: Bearer <token>`` (compared in constant time), else 401.
"""

from __future__ import annotations

import hmac
import importlib.metadata
import json
from typing import Any

from mcp.server.mcpserver import MCPServer

from ownergraph.domain.errors import ConfigError
from ownergraph.mcp import sources
from ownergraph.mcp.backend import Backend
from ownergraph.mcp.pool import CALL_TIMEOUT_S, WorkerPool, pool_size, pool_threads
from ownergraph.mcp.tools import Tools

NAME = "ownergraph"
TOKEN_ENV = "OWNERGRAPH_MCP_TOKEN"
POOL_URI = "ownergraph://pool"
INSTRUCTIONS = (
    "Ownership, control and counterparty exposure on a graph with two clocks. Every tool takes the entity "
    "(name, LEI, alias or identifier; a and b where there are two), as_of (valid time, ISO date, default "
    "today) and known_at (knowledge time: only what was published by then, default now). Answers cite the "
    "source records behind them; read `abstentions` before stating an answer (not_in_graph, ambiguous with "
    "candidates, depth_limit_reached, reporting_exception, no_relationship_as_of, llm_unavailable). "
    f"The resource {sources.URI} says how current each source is.")


def build_server(backend: Backend | None = None, pool: WorkerPool | None = None) -> MCPServer[Any]:
    """The server; with ``pool`` every tool call and resource read is answered by its workers
    (this process then never opens the graph), else here, on threads sharing ``backend``."""
    backend = backend or Backend()
    try:
        version = importlib.metadata.version("ownergraph")
    except importlib.metadata.PackageNotFoundError:  # a clone run without installing
        version = "0"
    server: MCPServer[Any] = MCPServer(NAME, instructions=INSTRUCTIONS, version=version, log_level="WARNING")
    Tools(backend).register(server, dispatch=pool.tool if pool else None)
    sources.register(server, backend, read=(lambda: pool.resource("sources")) if pool else None)
    if pool:
        server.resource(POOL_URI, name="pool", mime_type="application/json",
                        description="The worker pool: size, workers (pid, calls), worker failures, timeouts, "
                        "restarts.")(lambda: json.dumps(pool.status(), indent=2))
    return server


class BearerAuth:
    """ASGI middleware: only requests with the bearer token reach the MCP app (401 otherwise)."""

    def __init__(self, app: Any, token: str) -> None:
        self.app = app
        self._expected = f"Bearer {token}".encode()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and not self._allowed(scope):
            body = json.dumps({"error": "unauthorized: send Authorization: Bearer <token>"}).encode()
            await send({"type": "http.response.start", "status": 401,
                        "headers": [(b"content-type", b"application/json"), (b"www-authenticate", b"Bearer")]})
            await send({"type": "http.response.body", "body": body})
            return
        await self.app(scope, receive, send)

    def _allowed(self, scope: dict[str, Any]) -> bool:
        given = next((v for k, v in scope.get("headers", ()) if k.lower() == b"authorization"), b"")
        return hmac.compare_digest(given, self._expected)


def http_app(server: MCPServer[Any], token: str | None, host: str) -> Any:
    if not token:
        raise ConfigError(f"an HTTP MCP server needs a bearer token: give --token or set {TOKEN_ENV}")
    return BearerAuth(server.streamable_http_app(host=host), token)


def serve(*, http: bool = False, host: str = "127.0.0.1", port: int = 8765, token: str | None = None,
          workers: int | None = None, threads: int | None = None, call_timeout_s: float = CALL_TIMEOUT_S) -> None:
    """Run until stopped: stdio (the default), or streamable HTTP at http://HOST:PORT/mcp; calls
    answered by ``workers`` processes (default one per core; 0: in this process), ``threads``
    calls in hand each."""
    if http and not token:
        raise ConfigError(f"an HTTP MCP server needs a bearer token: give --token or set {TOKEN_ENV}")
    size = pool_size(workers)
    pool = WorkerPool(size, call_timeout_s, pool_threads(threads)) if size > 0 else None
    try:
        server = build_server(pool=pool)
        if not http:
            server.run("stdio")
            return
        import uvicorn

        app = http_app(server, token, host)
        uvicorn.run(app, host=host, port=port, log_level="warning")
    finally:
        if pool:
            pool.close()
