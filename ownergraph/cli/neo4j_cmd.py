"""``ownergraph neo4j start|stop|status|install|plugin`` and ``ownergraph schema``."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import click

from ownergraph.cli.output import emit, json_option


def _local() -> Any:
    from ownergraph.domain.settings import load_settings  # in-function: keeps `ownergraph --help` fast
    from ownergraph.graph.store.server import LocalNeo4j

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


@neo4j_group.command("plugin")
@click.option("--out", "out", required=True, type=click.Path(file_okay=False, path_type=Path),
              help="Folder to write the jar into (e.g. a server's plugins/ folder).")
@json_option
def plugin_cmd(out: Path, as_json: bool) -> None:
    """Build ownergraph's procedures as a plugin jar for a self-managed Neo4j 5.26 server.

    Copy the jar into the plugins/ folder of the server (of every member of a cluster) and
    restart it; ownergraph then runs contagion on the server. Aura takes no plugins: there
    ownergraph runs the same analytics in Cypher."""
    from ownergraph.graph.store import plugin

    local = _local()
    local.install()  # fetches the Neo4j jars to compile against once, then builds from the cache
    out.mkdir(parents=True, exist_ok=True)
    jar = out / local.plugin_jar.name
    shutil.copyfile(local.plugin_jar, jar)
    report = {"jar": str(jar), "version": plugin.package_version(), "sources": plugin.sources_digest(),
              "neo4j": local.settings.neo4j_version}
    if as_json:
        emit(report, True)
    else:
        click.echo(f"{jar}\nownergraph {report['version']} (sources {report['sources']}) for Neo4j "
                   f"{report['neo4j']}: copy it into each server's plugins/ folder and restart the server")


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
    """Apply the graph schema (constraints and indexes) idempotently; say whether the server has
    ownergraph's plugin (of this build)."""
    from ownergraph.graph.store.connection import connect

    graph = connect(schema=False)
    created = graph.apply_schema()
    emit({"created": created, "server": graph.server_agent, "database": graph.database,
          "plugin": graph.plugin.as_dict()}, as_json)
