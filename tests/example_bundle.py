"""The repository's example bundle (examples/bundle), loaded once per test module, and the CLI
pointed at it: the surfaces-agree tests read one graph many ways and never write to it."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from ownergraph.domain.settings import Settings
from ownergraph.graph.store.connection import Graph
from tests.neo4j_fixtures import point_cli_at

BUNDLE = Path(__file__).resolve().parents[1] / "examples" / "bundle"
AS_OF = "2024-06-30"  # inside every dated fact the README's walk-through uses

Run = Callable[..., str]


@pytest.fixture(scope="module")
def bundle_graph(graph_session: Graph) -> Iterator[Graph]:
    """The test server's database holding the example bundle only (loaded once per module)."""
    from ownergraph.graph.load.pipeline import ingest_paths
    from tests.neo4j_fixtures import wipe

    wipe(graph_session)
    ingest_paths(graph_session, [BUNDLE])
    yield graph_session


@pytest.fixture()
def cli_run(bundle_graph: Graph, neo4j_settings: Settings, monkeypatch: pytest.MonkeyPatch) -> Run:
    """``cli_run(*args)`` -> the command's output, the command having succeeded."""
    from ownergraph.cli import cli

    point_cli_at(monkeypatch, neo4j_settings, bundle_graph.database)
    monkeypatch.setenv("COLUMNS", "250")  # unwrapped, so lines can be asserted whole
    monkeypatch.setattr("ownergraph.graph.store.connection.close_all", lambda: None)
    runner = CliRunner()

    def invoke(*args: str) -> str:
        result = runner.invoke(cli, list(args), catch_exceptions=False)
        assert result.exit_code == 0, result.output
        return result.output

    return invoke


def as_json(output: str) -> Any:
    return json.loads(output)
