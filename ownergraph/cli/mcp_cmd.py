"""``ownergraph mcp``: the MCP server (stdio, or streamable HTTP with ``--http``)."""

from __future__ import annotations

import os

import click

from ownergraph.cli.output import json_option


@click.command("mcp")
@click.option("--http", "http", is_flag=True, help="Serve streamable HTTP at http://HOST:PORT/mcp instead of stdio.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to bind with --http (loopback by default).")
@click.option("--port", default=8765, show_default=True, type=click.IntRange(1, 65535), help="Port with --http.")
@click.option("--token", envvar="OWNERGRAPH_MCP_TOKEN", show_envvar=True,
              help="Bearer token every HTTP request must carry (required with --http).")
@click.option("--workers", type=click.IntRange(0, 256), envvar="OWNERGRAPH_MCP_WORKERS", show_envvar=True,
              default=None, help="Worker processes answering calls at once, each with its own Neo4j driver "
              "[default: one per core]; 0 answers every call in the server process.")
@click.option("--worker-threads", type=click.IntRange(1, 64), envvar="OWNERGRAPH_MCP_WORKER_THREADS",
              show_envvar=True, default=4, show_default=True,
              help="Calls each worker has in hand at once (a call waiting on Neo4j leaves the core to another).")
@click.option("--call-timeout", type=click.FloatRange(1, None), envvar="OWNERGRAPH_MCP_CALL_TIMEOUT",
              show_envvar=True, default=300.0, show_default=True,
              help="Seconds a worker may take over one call before it is stopped and replaced.")
@json_option  # errors before serving as JSON, like every command; the server itself speaks MCP
def mcp_cmd(http: bool, host: str, port: int, token: str | None, workers: int | None, worker_threads: int,
            call_timeout: float, as_json: bool) -> None:
    """Serve the analytics and `ask` to MCP clients: read-only typed tools on both clocks
    (as_of, known_at), with citations and typed abstentions, and the resource ownergraph://sources.
    Calls are answered at once by a pool of worker processes (--workers)."""
    from ownergraph.mcp.server import TOKEN_ENV, serve

    if http and not token:
        raise click.UsageError(f"--http needs a bearer token: give --token or set {TOKEN_ENV}")
    os.environ.pop(TOKEN_ENV, None)  # the token is not passed on to anything the server starts
    serve(http=http, host=host, port=port, token=token, workers=workers, threads=worker_threads,
          call_timeout_s=call_timeout)
