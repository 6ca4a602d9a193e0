"""main() closes every Neo4j driver when it returns (the end of a command); in the tests the
session's shared connection must stay open for the tests that come after."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _keep_drivers_open(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("ownergraph.graph.store.connection.close_all", lambda: None)


@pytest.fixture()
def cli_on_test_graph(graph, monkeypatch: pytest.MonkeyPatch):
    """The CLI's environment pointed at the test server's emptied database (80 columns)."""
    from tests.neo4j_fixtures import cli_env

    for key, value in cli_env().items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("NEO4J_DATABASE", graph.database)
    monkeypatch.setenv("COLUMNS", "80")
    return graph
