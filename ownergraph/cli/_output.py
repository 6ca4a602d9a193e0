"""Shared CLI output: ``--json`` or a rich table, and one place that maps errors to exits."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import date, datetime
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from ownergraph.ingest.errors import OwnergraphError

json_option = click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")


def _default(obj: Any) -> Any:
    if isinstance(obj, (date, datetime)):
        return obj.isoformat()
    if hasattr(obj, "iso_format"):
        return obj.iso_format()
    if hasattr(obj, "to_dict"):
        return obj.to_dict(orient="records") if "orient" in obj.to_dict.__code__.co_varnames else obj.to_dict()
    if hasattr(obj, "model_dump"):
        return obj.model_dump(mode="json")
    return str(obj)


def dumps(data: Any) -> str:
    return json.dumps(data, default=_default, indent=2, sort_keys=False)


def console(stderr: bool = False) -> Console:
    return Console(stderr=stderr, highlight=False)


def emit(data: Any, as_json: bool, *, title: str | None = None) -> None:
    """Print ``data`` as JSON, or as a key/value table (mapping) or row table (sequence)."""
    if as_json:
        click.echo(dumps(data))
        return
    out = console()
    if isinstance(data, Mapping):
        table = Table(title=title, show_header=False)
        for key, value in data.items():
            table.add_row(str(key), value if isinstance(value, str) else dumps(value))
        out.print(table)
    elif isinstance(data, Sequence) and data and isinstance(data[0], Mapping):
        table = Table(title=title)
        for col in data[0]:
            table.add_column(str(col))
        for row in data:
            table.add_row(*(v if isinstance(v, str) else dumps(v) for v in row.values()))
        out.print(table)
    else:
        out.print(data)


def run_guarded(group: click.Group, argv: list[str]) -> int:
    """Run the CLI; an OwnergraphError becomes one clear line on stderr and exit code 2."""
    try:
        code = group.main(args=argv, prog_name="ownergraph", standalone_mode=False)
    except OwnergraphError as err:
        click.echo(f"ownergraph: error: {err}", err=True)
        return 2
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except click.Abort:
        click.echo("aborted", err=True)
        return 1
    finally:
        from ownergraph.graph.connection import close_all

        close_all()
    return code if isinstance(code, int) else 0
