"""Fixtures for tests that need the real Neo4j server.

The tests use their own server, never a user's: ``OWNERGRAPH_TEST_NEO4J_URI`` (+ ``_USER``,
``_PASSWORD``) when set, else a project-managed local Neo4j in a test home on port 7698,
started on demand (``.ci/run`` starts it beforehand). Its database is wiped between tests.

Under pytest-xdist each worker has a server of its own (Neo4j Community has one user database,
and every test wipes it): worker gw0 the one above, worker gwN a home beside it (``-gwN``) on
port 7750 + N, started on demand and stopped by ``.ci/test``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ownergraph.domain.settings import Settings, load_settings
from ownergraph.graph.store.connection import Graph, connect

WORKER_PORT_BASE = int(os.environ.get("OWNERGRAPH_TEST_WORKER_PORT_BASE", "7750"))  # .ci/test sets it


def _worker() -> int:
    """This pytest-xdist worker's number (0 outside xdist)."""
    name = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    return int(name[2:]) if name.startswith("gw") and name[2:].isdigit() else 0


WORKER = _worker()
TEST_PORT = int(os.environ.get("OWNERGRAPH_TEST_NEO4J_PORT", "7698")) if WORKER == 0 else WORKER_PORT_BASE + WORKER
_SEEN_VERSIONS: set[str] = set()


def neo4j_test_settings() -> Settings:
    base = load_settings({k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")})
    home = Path(os.environ.get("OWNERGRAPH_TEST_HOME", base.cache / "test-home"))
    if WORKER:
        home = home.with_name(f"{home.name}-gw{WORKER}")
    if os.environ.get("OWNERGRAPH_TEST_NEO4J_URI"):
        return Settings(
            neo4j_uri=os.environ["OWNERGRAPH_TEST_NEO4J_URI"],
            neo4j_user=os.environ.get("OWNERGRAPH_TEST_NEO4J_USER", "neo4j"),
            neo4j_password=os.environ.get("OWNERGRAPH_TEST_NEO4J_PASSWORD", ""),
            home=home, cache=base.cache,
        )
    return Settings(home=home, cache=base.cache, neo4j_port=TEST_PORT,
                    neo4j_heap=os.environ.get("OWNERGRAPH_TEST_NEO4J_HEAP", "2g"),
                    neo4j_pagecache=os.environ.get("OWNERGRAPH_TEST_NEO4J_PAGECACHE", "1g"))


@pytest.fixture(scope="session")
def neo4j_settings() -> Settings:
    return neo4j_test_settings()


@pytest.fixture(scope="session")
def graph_session(neo4j_settings: Settings) -> Graph:
    graph = connect(neo4j_settings)
    _SEEN_VERSIONS.add(graph.server_agent)
    return graph


def wipe(graph: Graph) -> None:
    graph.auto("wipe", batch=10000)


@pytest.fixture()
def graph(graph_session: Graph) -> Iterator[Graph]:
    """The test server's database, empty at the start of the test (schema applied)."""
    wipe(graph_session)
    yield graph_session


def seen_versions() -> set[str]:
    return _SEEN_VERSIONS


def cli_env() -> dict[str, str]:
    """Environment that points the ``ownergraph`` CLI at the tests' server."""
    from ownergraph.graph.store.server import LocalNeo4j

    settings = neo4j_test_settings()
    if not settings.uses_local_server:
        return {"NEO4J_URI": settings.neo4j_uri or "", "NEO4J_USER": settings.neo4j_user,
                "NEO4J_PASSWORD": settings.neo4j_password or ""}
    local = LocalNeo4j(settings)
    user, password = local.credentials()
    return {"NEO4J_URI": local.uri, "NEO4J_USER": user, "NEO4J_PASSWORD": password}


def point_cli_at(monkeypatch: Any, settings: Settings, database: str | None = None) -> None:
    """Point the in-process ``ownergraph`` CLI (click's runner) at the tests' server: its URI and
    credentials when one is configured, else the project-managed server's home, cache and port."""
    for var in ("NEO4J_URI", "NEO4J_USER", "NEO4J_PASSWORD", "NEO4J_DATABASE"):
        monkeypatch.delenv(var, raising=False)
    if settings.neo4j_uri:
        monkeypatch.setenv("NEO4J_URI", settings.neo4j_uri)
        monkeypatch.setenv("NEO4J_USER", settings.neo4j_user)
        monkeypatch.setenv("NEO4J_PASSWORD", settings.neo4j_password or "")
    monkeypatch.setenv("OWNERGRAPH_HOME", str(settings.home))
    monkeypatch.setenv("OWNERGRAPH_CACHE", str(settings.cache))
    monkeypatch.setenv("OWNERGRAPH_NEO4J_PORT", str(settings.neo4j_port))
    if database:
        monkeypatch.setenv("NEO4J_DATABASE", database)


def throwaway_env(home: Path, port: int) -> dict[str, str]:
    """Environment for a second, throw-away local server in ``home`` on ``port`` (small memory),
    sharing the tests' Neo4j download; never a user's settings."""
    base = neo4j_test_settings()
    env = {k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")}
    env.update(OWNERGRAPH_HOME=str(home), OWNERGRAPH_CACHE=str(base.cache), OWNERGRAPH_NEO4J_PORT=str(port),
               OWNERGRAPH_NEO4J_HEAP="512m", OWNERGRAPH_NEO4J_PAGECACHE="64m")
    return env


def run_cli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """``ownergraph ARGS`` in a fresh process with ``env``."""
    return subprocess.run([sys.executable, "-m", "ownergraph", *args], env=env, capture_output=True,
                          text=True, timeout=300)
