"""Shared fixtures: the real samples (copied into tests/fixtures/real, see its SOURCES.md) and
the Neo4j server; every test that uses a Neo4j fixture is marked ``neo4j`` automatically."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
REAL_DATA = ROOT / "tests" / "fixtures" / "real"
NEO4J_FIXTURES = {"graph", "graph_session", "neo4j_settings"}
pytest_plugins = ["tests.gc_before_report"]


@pytest.fixture(scope="session")
def real_data() -> Path:
    return REAL_DATA


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if NEO4J_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.neo4j)


from tests.neo4j_fixtures import graph, graph_session, neo4j_settings, seen_versions  # noqa: E402,F401


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for agent in sorted(seen_versions()):
        terminalreporter.write_line(f"ownergraph: tests ran against Neo4j server {agent}")
