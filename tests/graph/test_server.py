"""`ownergraph neo4j start|stop|status` on a second, throw-away local server."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from ownergraph.domain.settings import Settings
from ownergraph.graph.store.server import LocalNeo4j, _alive
from ownergraph.domain.errors import Neo4jUnavailable
from tests.neo4j_fixtures import neo4j_test_settings, run_cli, throwaway_env

PORT = 7699
pytestmark = pytest.mark.neo4j  # starts servers of its own


@pytest.fixture()
def server_env(tmp_path: Path) -> dict[str, str]:
    env = throwaway_env(tmp_path / "home", PORT)
    yield env
    run_cli(env, "neo4j", "stop")


def _status(env: dict[str, str]) -> dict[str, object]:
    out = run_cli(env, "neo4j", "status", "--json")
    return json.loads(out.stdout)


def test_start_status_stop_lifecycle(server_env: dict[str, str]) -> None:
    assert _status(server_env)["running"] is False
    started = run_cli(server_env, "neo4j", "start")
    assert started.returncode == 0, started.stderr
    assert f"bolt://127.0.0.1:{PORT}" in started.stdout
    status = _status(server_env)
    assert status["running"] is True and status["uri"] == f"bolt://127.0.0.1:{PORT}"
    assert str(status["version"]).startswith("5.26")
    pid = int(status["pid"])  # type: ignore[arg-type]

    again = run_cli(server_env, "neo4j", "start", "--json")
    assert json.loads(again.stdout)["pid"] == pid, "a second start must not start a second server"
    found = subprocess.run(["pgrep", "-f", f"OwnergraphNeo4j {server_env['OWNERGRAPH_HOME']}"],
                           capture_output=True, text=True).stdout.split()
    assert found == [str(pid)]

    stopped = run_cli(server_env, "neo4j", "stop", "--json")
    assert json.loads(stopped.stdout) == {"stopped": True}
    assert not _alive(pid), "stop must leave no JVM behind"
    not_running = run_cli(server_env, "neo4j", "status")
    assert not_running.returncode == 3


def test_crashed_server_is_detected_and_restarted(server_env: dict[str, str]) -> None:
    first = json.loads(run_cli(server_env, "neo4j", "start", "--json").stdout)
    os.kill(int(first["pid"]), signal.SIGKILL)
    deadline = time.monotonic() + 10
    while _alive(int(first["pid"])) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _status(server_env)["running"] is False
    second = json.loads(run_cli(server_env, "neo4j", "start", "--json").stdout)
    assert second["running"] is True and second["recovered_stale_pid"] is True
    assert second["pid"] != first["pid"]


def test_missing_maven_names_the_alternatives(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = Settings(home=tmp_path / "home", cache=tmp_path / "empty-cache", neo4j_port=PORT)
    monkeypatch.setattr("ownergraph.graph.store.server.shutil.which", lambda name: None)
    with pytest.raises(Neo4jUnavailable) as err:
        LocalNeo4j(settings).install()
    assert "docker compose" in str(err.value) and "NEO4J_URI" in str(err.value)


def test_missing_java_names_the_alternatives(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = Settings(home=tmp_path / "home", cache=tmp_path / "empty-cache", neo4j_port=PORT)
    monkeypatch.delenv("JAVA_HOME", raising=False)
    monkeypatch.setattr("ownergraph.graph.store.server.shutil.which", lambda name: None)
    monkeypatch.setattr("ownergraph.graph.store.server._java_major", lambda java: None)
    with pytest.raises(Neo4jUnavailable, match="No Java 17"):
        LocalNeo4j(settings).install()


def test_changed_java_sources_are_recompiled_without_fetching_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A runtime compiled from older launcher/procedure sources is rebuilt from the jars it
    already has (no Maven): the procedures a server registers always match the Python that
    calls them."""
    fetched = LocalNeo4j(neo4j_test_settings()).install()  # the tests' runtime, current
    settings = Settings(home=tmp_path / "home", cache=tmp_path / "cache", neo4j_port=PORT)
    old = LocalNeo4j(settings)
    old.runtime.mkdir(parents=True)
    os.symlink(fetched / "lib", old.runtime / "lib")
    (old.runtime / "java").write_text((fetched / "java").read_text())
    (old.runtime / ".complete").write_text(f"{settings.neo4j_version} 0000000000000000")
    assert not old.installed
    monkeypatch.setattr("ownergraph.graph.store.server.shutil.which", lambda name: None)  # no Maven: must not be needed
    runtime = old.install()
    assert old.installed and (old.build / "classes" / "OwnergraphNeo4j.class").is_file()
    assert old.plugin_jar.is_file() and old.plugin_jar.parent.parent.parent == runtime / "build"
