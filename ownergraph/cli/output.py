"""Shared CLI output: ``--json`` or plain text for people, and one place that maps errors to
exits. With ``--json`` an error is JSON too: ``{"error": {"type": ..., "message": ...}}``."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import date, datetime
from typing import Any

import click

from ownergraph.cli.text import pairs, plain, table
from ownergraph.domain.errors import OwnergraphError

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
    """Strict JSON: a missing number (NaN from a DataFrame, infinity) is ``null``, never the
    ``NaN`` token that JSON parsers other than Python's refuse."""
    try:  # most outputs have no NaN: serialised once
        return json.dumps(data, default=_default, indent=2, sort_keys=False, allow_nan=False)
    except ValueError:
        loose = json.dumps(data, default=_default, sort_keys=False)
    strict = json.loads(loose, parse_constant=lambda _token: None)
    return json.dumps(strict, indent=2, sort_keys=False, allow_nan=False)


def console(stderr: bool = False) -> Any:
    """A rich console (imported on first use: rich costs start-up time)."""
    from rich.console import Console

    return Console(stderr=stderr, highlight=False)


def echo_lines(lines: Iterable[str]) -> None:
    for line in lines:
        click.echo(line)


def show(result: Any, view: Callable[[Any], Iterable[str]], as_json: bool) -> None:
    """An analytic's result as JSON (its ``as_dict``), or as the lines ``view`` writes for a person."""
    if as_json:
        emit(result.as_dict(), True)
        return
    echo_lines(view(result))


def emit(data: Any, as_json: bool, *, title: str | None = None) -> None:
    """Print ``data`` as JSON, or for a person: ``key: value`` lines (mapping), one line per row
    (sequence of mappings), or the text itself."""
    if as_json:
        click.echo(dumps(data))
        return
    lines = [title] if title else []
    if isinstance(data, Mapping):
        lines += pairs([(str(k), v) for k, v in data.items()])
    elif isinstance(data, Sequence) and not isinstance(data, str) and data and isinstance(data[0], Mapping):
        cols = list(data[0])
        lines += table(cols, [[plain(row.get(c)) for c in cols] for row in data], flex=tuple(range(len(cols))))
    else:
        lines.append(plain(data))
    echo_lines(lines)


def error_json(err: BaseException, **extra: Any) -> str:
    return dumps({"error": {"type": type(err).__name__, "message": str(err)} | extra})


def _wants_json(argv: Sequence[str]) -> bool:
    return "--json" in argv[: argv.index("--") if "--" in argv else len(argv)]


def run_guarded(group: click.Group, argv: list[str]) -> int:
    """Run the CLI; every error becomes one clear line on stderr (or a JSON ``error`` object on
    stdout with ``--json``): 2 for ownergraph and usage errors, 1 for anything unexpected (its
    traceback only with ``OWNERGRAPH_DEBUG=1``), 130 when interrupted."""
    as_json = _wants_json(argv)

    def fail(err: BaseException, code: int, text: str, **extra: Any) -> int:
        if as_json:
            click.echo(error_json(err, exit_code=code, **extra))
        else:
            click.echo(text, err=True)
        return code

    try:
        code = group.main(args=argv, prog_name="ownergraph", standalone_mode=False)
    except OwnergraphError as err:
        if getattr(err, "reported", False):  # already in the command's JSON output
            return 2
        return fail(err, 2, f"ownergraph: error: {err}")
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.ClickException as exc:
        if as_json:
            return fail(exc, exc.exit_code, "", message=exc.format_message(),
                        usage=exc.ctx.get_usage() if getattr(exc, "ctx", None) else None)
        exc.show()
        return exc.exit_code
    except (click.Abort, KeyboardInterrupt) as exc:
        return fail(exc, 130, "ownergraph: interrupted")
    except Exception as err:  # noqa: BLE001 - a bug must still end in one line, not a traceback
        if os.environ.get("OWNERGRAPH_DEBUG"):
            raise
        return fail(err, 1, f"ownergraph: unexpected error ({type(err).__name__}): {err} "
                    "(OWNERGRAPH_DEBUG=1 shows the traceback; please report it)", unexpected=True)
    finally:
        if "ownergraph.graph.store.connection" in sys.modules:  # importing it costs the neo4j driver
            sys.modules["ownergraph.graph.store.connection"].close_all()
    return code if isinstance(code, int) else 0
