"""Shared fixtures: where the real samples live."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
REAL_DATA = Path(os.environ.get("OWNERGRAPH_REAL_DATA", ROOT.parent / "shared" / "data" / "real"))


@pytest.fixture(scope="session")
def real_data() -> Path:
    if not REAL_DATA.is_dir():
        pytest.fail(f"real samples not found at {REAL_DATA} (set OWNERGRAPH_REAL_DATA)")
    return REAL_DATA


from tests.neo4j_fixtures import graph, graph_session, neo4j_settings, seen_versions  # noqa: E402,F401


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for agent in sorted(seen_versions()):
        terminalreporter.write_line(f"ownergraph: tests ran against Neo4j server {agent}")
