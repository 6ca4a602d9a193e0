"""main() closes every Neo4j driver when it returns (the end of a command); in the tests the
session's shared connection must stay open for the tests that come after."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _keep_drivers_open(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("ownergraph.graph.connection.close_all", lambda: None)
