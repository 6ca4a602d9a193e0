"""The MCP server in a subprocess, on the tests' Neo4j with the example bundle loaded.

The server gets the environment a user's MCP client would give it (NEO4J_URI & co. of the
tests' server, a throw-away home, no LLM, no embedding model), and the tests talk to it through
the SDK's own clients: ``stdio_client`` + ``ClientSession``, and ``streamable_http_client``.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import httpx2
import pytest
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client

from ownergraph import Graph
from ownergraph.facade import ingest
from tests.neo4j_fixtures import cli_env, wipe

ROOT = Path(__file__).resolve().parents[2]
BUNDLE = ROOT / "examples" / "bundle"
TWINS = Path(__file__).resolve().parent / "twins.bundle.jsonl"  # two companies of one name: "ambiguous"
TOKEN = "test-token-7f3a"


@pytest.fixture(scope="module")
def bundle_graph(graph_session: Graph, tmp_path_factory: pytest.TempPathFactory) -> Graph:
    """The example bundle (and the twins), loaded once for the module (the tests only read)."""
    wipe(graph_session)
    quarantine = tmp_path_factory.mktemp("quarantine") / "q.jsonl"
    summary = ingest([BUNDLE, TWINS], graph=graph_session, quarantine=quarantine, index=False)
    assert summary.totals["quarantined"] == 0, summary.as_dict()
    return graph_session


@pytest.fixture(scope="module")
def server_env(bundle_graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("NEO4J_", "OPENAI_", "OWNERGRAPH_MCP_"))}
    env.update(cli_env(), NEO4J_DATABASE=bundle_graph.database, OWNERGRAPH_EMBEDDING_MODEL="none",
               OWNERGRAPH_HOME=str(tmp_path_factory.mktemp("mcp-home")), PYTHONPATH=str(ROOT),
               OWNERGRAPH_MCP_WORKERS="2")  # the pool, of a size that does not follow the machine's cores
    return env


@asynccontextmanager
async def stdio_session(env: dict[str, str]) -> AsyncIterator[ClientSession]:
    params = StdioServerParameters(command=sys.executable, args=["-m", "ownergraph", "mcp"], env=env, cwd=str(ROOT))
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield session


@asynccontextmanager
async def http_session(url: str, token: str | None = TOKEN) -> AsyncIterator[ClientSession]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    async with httpx2.AsyncClient(headers=headers, timeout=120) as client, \
            streamable_http_client(url, http_client=client) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield session


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def launch_http(env: dict[str, str], port: int) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """``ownergraph mcp --http`` on ``port`` (the token in ``env``): the process and its URL."""
    proc = subprocess.Popen([sys.executable, "-m", "ownergraph", "mcp", "--http", "--port", str(port)], env=env,
                            cwd=str(ROOT), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        _wait_listening(proc, port)
        yield proc, f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="module")
def http_server(server_env: dict[str, str]) -> Iterator[str]:
    """``ownergraph mcp --http`` on a free loopback port; its URL."""
    with launch_http({**server_env, "OWNERGRAPH_MCP_TOKEN": TOKEN}, free_port()) as (_, url):
        yield url


def _wait_listening(proc: subprocess.Popen[str], port: int, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"the server exited ({proc.returncode}): {proc.stderr.read() if proc.stderr else ''}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise AssertionError("the HTTP server did not start listening")


def structured(result: Any) -> dict[str, Any]:
    """A tool result's structured content, which its text content repeats as JSON."""
    data = result.structured_content
    assert data is not None, result
    assert json.loads(result.content[0].text) == data
    return data
