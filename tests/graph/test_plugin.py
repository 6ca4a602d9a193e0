"""ownergraph's procedures as a Neo4j plugin jar: built by ``ownergraph neo4j plugin``, loaded
from a server's plugins/ folder (the tests' server is the project's launcher, which registers
nothing itself), and used only when ``ownergraph.version()`` matches this package."""

from __future__ import annotations

import json
import zipfile
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest

from ownergraph.graph.store import plugin
from ownergraph.graph.analytics.contagion import _on_server
from ownergraph.domain.settings import Settings
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.store.server import LocalNeo4j
from tests.neo4j_fixtures import run_cli, throwaway_env


def test_the_cli_builds_a_versioned_jar(tmp_path: Path) -> None:
    env = throwaway_env(tmp_path / "home", 7696)  # the tests' Neo4j download; no server started
    out = tmp_path / "plugins"
    done = run_cli(env, "neo4j", "plugin", "--out", str(out), "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    jar = Path(report["jar"])
    assert jar.parent == out and jar.name == f"ownergraph-procedures-{metadata.version('ownergraph')}.jar"
    with zipfile.ZipFile(jar) as z:
        names = set(z.namelist())
        props = dict(line.split("=", 1) for line in z.read(plugin.PROPERTIES).decode().split())
    assert "ownergraph/neo4j/OwnergraphProcedures.class" in names and "META-INF/MANIFEST.MF" in names
    assert props == {"version": metadata.version("ownergraph"), "sources": plugin.sources_digest()}
    assert report["sources"] == plugin.sources_digest()


def test_the_launcher_loads_the_jar_from_its_plugins_folder(graph_session: Graph,
                                                            neo4j_settings: Settings) -> None:
    if not neo4j_settings.uses_local_server:
        pytest.skip("the tests' server is not the project-managed one")
    local = LocalNeo4j(neo4j_settings)
    assert [p.name for p in local.plugins.glob("*.jar")] == [plugin.jar_name()]
    assert "registerProcedure" not in (Path(plugin.__file__).parents[1] / "_server" / "OwnergraphNeo4j.java").read_text()
    status = graph_session.plugin
    assert status.used, status.note
    assert status.found == f"{metadata.version('ownergraph')} (sources {plugin.sources_digest()})"
    assert graph_session.has_procedure("ownergraph.cascade")


def test_a_jar_of_another_build_is_not_used(graph_session: Graph, monkeypatch: pytest.MonkeyPatch) -> None:
    if not graph_session.plugin.used:
        pytest.skip("the tests' server has no ownergraph plugin")
    # the server's jar answers with this package's digest; pretend the package changed since
    monkeypatch.setattr(plugin, "sources_digest", lambda: "0123456789abcdef")
    names, status = plugin.detect(graph_session.read)
    assert not status.used and "0123456789abcdef" in status.note and "ownergraph neo4j plugin" in status.note
    assert "ownergraph.cascade" not in names and "db.awaitIndexes" in names


def _fake_server(procedures: list[str], build: dict[str, str] | None = None) -> Any:
    def read(query: str, **_: Any) -> list[dict[str, Any]]:
        if query == "procedures":
            return [{"name": n} for n in procedures]
        assert query == "plugin_version" and build is not None, query
        return [build]
    return read


def test_detection_without_a_plugin_or_with_an_unversioned_one() -> None:
    names, status = plugin.detect(_fake_server(["db.awaitIndexes"]))  # Aura, a plain server
    assert names == {"db.awaitIndexes"} and not status.used and status.found is None
    names, status = plugin.detect(_fake_server(["db.awaitIndexes", "ownergraph.cascade"]))
    assert names == {"db.awaitIndexes"} and not status.used and status.found == "unversioned"


def test_contagion_takes_the_cypher_engine_without_the_current_plugin(graph_session: Graph,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(graph_session, "_procedures", frozenset({"db.awaitIndexes"}))
    assert _on_server(graph_session, "auto") is False
    monkeypatch.setattr(graph_session, "_procedures", frozenset({"ownergraph.cascade"}))
    assert _on_server(graph_session, "auto") is True
