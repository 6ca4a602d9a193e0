"""``ownergraph neo4j start|stop|status|install`` and ``ownergraph schema``."""

from __future__ import annotations

from typing import Any

import click

from ownergraph.cli._output import emit, json_option


def _local() -> Any:
    from ownergraph.graph.config import load_settings  # in-function: keeps `ownergraph --help` fast
    from ownergraph.graph.server import LocalNeo4j

    return LocalNeo4j(load_settings())


@click.group("neo4j")
def neo4j_group() -> None:
    """Manage the project-managed local Neo4j (Community 5.26 LTS, Bolt on localhost)."""


@neo4j_group.command("install")
@json_option
def install_cmd(as_json: bool) -> None:
    """Fetch Neo4j from Maven Central and build the launcher (start does this on demand)."""
    path = _local().install()
    emit({"installed": str(path)}, as_json)


@neo4j_group.command("start")
@json_option
def start_cmd(as_json: bool) -> None:
    """Start the local server (a no-op when it already runs); prints the Bolt URI."""
    status = _local().start()
    if as_json:
        emit(status.as_dict(), True)
    else:
        note = " (recovered from a stale pid file)" if status.recovered_stale_pid else ""
        took = f" in {status.started_in_s}s" if status.started_in_s is not None else " (already running)"
        click.echo(f"Neo4j {status.version} running at {status.uri}{took}{note}")


@neo4j_group.command("stop")
@json_option
def stop_cmd(as_json: bool) -> None:
    """Stop the local server; leaves no JVM behind."""
    was_running = _local().stop()
    if as_json:
        emit({"stopped": was_running}, True)
    else:
        click.echo("Neo4j stopped" if was_running else "Neo4j was not running")


@neo4j_group.command("status")
@json_option
def status_cmd(as_json: bool) -> None:
    """Whether the local server runs, its URI and version."""
    local = _local()
    settings = local.settings
    status = local.status().as_dict()
    if not settings.uses_local_server:
        status["note"] = f"NEO4J_URI is set ({settings.neo4j_uri}); commands use that server"
    emit(status, as_json)
    if not status["running"]:  # the same exit with --json
        raise click.exceptions.Exit(3)


@click.command("schema")
@json_option
def schema_cmd(as_json: bool) -> None:
    """Apply the graph schema (constraints and indexes) idempotently."""
    from ownergraph.graph.connection import connect

    graph = connect(schema=False)
    created = graph.apply_schema()
    emit({"created": created, "server": graph.server_agent, "database": graph.database}, as_json)
