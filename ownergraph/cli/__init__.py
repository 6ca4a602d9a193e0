"""The ``ownergraph`` command line. Each command group lives in its own module."""

from __future__ import annotations

import sys

import click

from ownergraph.cli.output import run_guarded
from ownergraph.cli.termination import exit_on_sigterm
from ownergraph.cli.neo4j_cmd import neo4j_group, schema_cmd


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="ownergraph")
def cli() -> None:
    """ownergraph: ownership and counterparty exposure on a bitemporal Neo4j graph."""


cli.add_command(neo4j_group)
cli.add_command(schema_cmd)


def _register_optional() -> None:
    # Command modules that later layers provide; imported lazily so `neo4j` works alone.
    from importlib import import_module

    for module, names in (
        ("ownergraph.cli.ingest_cmd", ("ingest_cmd", "index_cmd", "stats_cmd", "resolve_cmd")),
        ("ownergraph.cli.analytics_cmd", ("ANALYTICS_COMMANDS",)),
        ("ownergraph.cli.quality_cmd", ("quality_cmd",)),
        ("ownergraph.cli.demo_cmd", ("demo_cmd",)),
        ("ownergraph.cli.ask_cmd", ("ask_cmd",)),
        ("ownergraph.cli.eval_cmd", ("eval_cmd",)),
        ("ownergraph.cli.setup_cmd", ("setup_cmd",)),
        ("ownergraph.cli.review_cmd", ("review_cmd",)),
        ("ownergraph.cli.export_cmd", ("EXPORT_COMMANDS",)),
        ("ownergraph.cli.mcp_cmd", ("mcp_cmd",)),
        ("ownergraph.cli.view_cmd", ("view_cmd",)),
    ):
        try:
            mod = import_module(module)
        except ModuleNotFoundError as err:
            if err.name == module:
                continue
            raise
        for name in names:
            obj = getattr(mod, name, None)
            if isinstance(obj, click.Command):
                cli.add_command(obj)
            elif isinstance(obj, (list, tuple)):
                for cmd in obj:
                    cli.add_command(cmd)


_register_optional()


def main(argv: list[str] | None = None) -> int:
    exit_on_sigterm()
    return run_guarded(cli, argv if argv is not None else sys.argv[1:])
