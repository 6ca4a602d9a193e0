"""The reliability benchmark's own throw-away Neo4j and the ``ownergraph`` CLI run against it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from ownergraph.domain.settings import load_settings
from ownergraph.graph.store.connection import Graph, close_all, connect

PORT = 7741


def server_env(home: Path, port: int = PORT) -> dict[str, str]:
    """Environment for a server of its own in ``home`` (small memory), sharing the cached
    Neo4j download; never a user's NEO4J_* settings."""
    base = load_settings({k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")})
    env = {k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")}
    env.update(OWNERGRAPH_HOME=str(home), OWNERGRAPH_CACHE=str(base.cache), OWNERGRAPH_NEO4J_PORT=str(port),
               OWNERGRAPH_NEO4J_HEAP="512m", OWNERGRAPH_NEO4J_PAGECACHE="64m", PYTHONDONTWRITEBYTECODE="1")
    return env


def cli(env: dict[str, str], *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ownergraph", *args], env=env, capture_output=True,
                          text=True, timeout=timeout)


def popen(env: dict[str, str], *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "ownergraph", *args], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def start(env: dict[str, str]) -> int:
    """Start the server; its JVM's pid."""
    out = cli(env, "neo4j", "start", "--json")
    if out.returncode != 0:
        raise RuntimeError(f"could not start the reliability server: {out.stderr[-500:]}")
    return int(json.loads(out.stdout)["pid"])


def stop(env: dict[str, str]) -> None:
    """Stop the server; a JVM that outlives ``neo4j stop`` is killed (its folder is about to go)."""
    from ownergraph.graph.store.server import LocalNeo4j

    close_all()
    pid_file = LocalNeo4j(load_settings(env)).pid_file
    pid = int(pid_file.read_text().split()[0]) if pid_file.is_file() else None
    cli(env, "neo4j", "stop", timeout=120)
    try:  # only that server's own JVM: its command line names this home
        if pid is not None and env["OWNERGRAPH_HOME"] in Path(f"/proc/{pid}/cmdline").read_text():
            os.kill(pid, signal.SIGKILL)
    except (OSError, ProcessLookupError):
        pass


def graph(env: dict[str, str]) -> Graph:
    close_all()  # a driver of a killed server is not reused
    return connect(load_settings(env), start_local=False)


def traceback_in(text: str) -> bool:
    return "Traceback (most recent call last)" in text


def clean_exit(proc: Any, err: str) -> bool:
    """One line on stderr, no traceback (what every failing command must end in)."""
    return not traceback_in(err) and len(err.strip().splitlines()) <= 1
