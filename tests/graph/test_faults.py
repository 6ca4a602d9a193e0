"""Faults end cleanly: Neo4j killed in the middle of an ingest ends the command with one line
naming the server and saying that a rerun resumes; the rerun then gives the graph a clean load
gives. Runs its own throw-away server (port 7719), like test_server.py."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ownergraph.domain.settings import load_settings
from ownergraph.graph.store.connection import Graph, connect
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.graph.store.server import _alive
from ownergraph.graph.store.stats import graph_stats
from ownergraph.worldgen import generate_world
from tests.cypher import q
from tests.neo4j_fixtures import run_cli, throwaway_env

PORT = 7719
pytestmark = pytest.mark.neo4j  # starts a server of its own


@pytest.fixture()
def server_env(tmp_path: Path):
    env = throwaway_env(tmp_path / "home", PORT)
    yield env
    run_cli(env, "neo4j", "stop")


def _start(env: dict[str, str]) -> dict[str, object]:
    out = run_cli(env, "neo4j", "start", "--json")
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_neo4j_killed_mid_ingest_ends_in_one_line_and_the_rerun_resumes(
        server_env: dict[str, str], graph: Graph, tmp_path: Path) -> None:
    world = tmp_path / "world"
    generate_world(300, 13, world)
    ingest_paths(graph, [world])
    clean = graph_stats(graph)["fingerprint"]  # the same files loaded once, on the tests' server

    first = _start(server_env)
    root = Path(server_env["OWNERGRAPH_HOME"]) / "neo4j"
    for folder in ("data", "logs", "conf"):  # the managed server's folders are private
        assert stat.S_IMODE((root / folder).stat().st_mode) == 0o700, folder

    # two commands on the fresh database apply the schema at the same time: neither fails
    both = [subprocess.Popen([sys.executable, "-m", "ownergraph", "schema"], env=server_env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    for p in both:
        _, schema_err = p.communicate(timeout=120)
        assert p.returncode == 0, schema_err

    proc = subprocess.Popen([sys.executable, "-m", "ownergraph", "ingest", str(world)], env=server_env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    console = root / "logs" / "console.log"
    # kill the JVM once the ingest has begun writing (its first statements reach the server)
    deadline = time.monotonic() + 60
    killed = False
    while proc.poll() is None and time.monotonic() < deadline:
        if _wrote_something(server_env):
            os.kill(int(first["pid"]), signal.SIGKILL)  # type: ignore[arg-type]
            killed = True
            break
        time.sleep(0.2)
    out, err = proc.communicate(timeout=120)
    assert killed, f"the ingest ended before the server could be killed: {out[-300:]} {err[-300:]}"
    assert not _alive(int(first["pid"]))  # type: ignore[arg-type]
    assert proc.returncode == 2, (out[-500:], err[-2000:], console.read_text()[-300:])
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    assert lines[0].startswith(f"ownergraph: error: Neo4j at bolt://127.0.0.1:{PORT} stopped answering"), err
    assert "rerunning the same command resumes" in lines[0]

    _start(server_env)
    rerun = run_cli(server_env, "ingest", str(world))
    assert rerun.returncode == 0, rerun.stderr
    stats = json.loads(run_cli(server_env, "stats", "--json").stdout)
    assert stats["fingerprint"] == clean


def _wrote_something(env: dict[str, str]) -> bool:
    try:
        g = connect(load_settings(env), start_local=False, schema=False)
        return int(g.read(q("count_label", LABEL="Entity"))[0]["n"]) > 0
    except Exception:  # noqa: BLE001 -- not yet reachable / schema still being applied
        return False
