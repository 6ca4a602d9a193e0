"""Shared fixtures: the real samples (copied into tests/fixtures/real, see its SOURCES.md) and
the Neo4j server; every test that uses a Neo4j fixture is marked ``neo4j`` automatically."""

from __future__ import annotations

import json
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
    _longest_modules_first(items)


def _longest_modules_first(items: list[pytest.Item]) -> None:
    """Known-long modules first, longest first (tests/durations.json), the rest after in their
    own order; a module's tests keep theirs. Why: with two xdist workers the run ended on a tail
    of 50-100 s end-to-end tests that had started last."""
    seconds = {k: v for k, v in json.loads((ROOT / "tests" / "durations.json").read_text(encoding="utf-8")).items()
               if not k.startswith("_")}
    first_seen: dict[str, int] = {}
    for i, item in enumerate(items):
        first_seen.setdefault(item.nodeid.split("::", 1)[0], i)

    def key(item: pytest.Item) -> tuple[float, int]:
        module = item.nodeid.split("::", 1)[0]
        return -seconds.get(module, 0.0), first_seen[module]

    items[:] = sorted(items, key=key)  # stable: a module's tests stay in their order


from tests.neo4j_fixtures import graph, graph_session, neo4j_settings, seen_versions  # noqa: E402,F401


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for agent in sorted(seen_versions()):
        terminalreporter.write_line(f"ownergraph: tests ran against Neo4j server {agent}")
