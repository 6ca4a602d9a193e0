"""``ownergraph demo``: the main job end to end on the embedded defaults.

Starts the local Neo4j when no server is configured, applies the schema, ingests the bundled
examples (real public samples plus the hand-written bundle, and a generated world when
``--world N``), then asks representative questions and prints the answers with their sources.
"""

from __future__ import annotations

import time
from pathlib import Path

import click

from ownergraph.cli.output import console, emit, json_option

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"  # a source checkout's; not in the wheel


def examples_dir(given: Path | None) -> Path:
    """The examples folder (``real/`` and ``bundle/``): ``--examples``, else the checkout's."""
    from ownergraph.domain.errors import ConfigError

    where = given or EXAMPLES
    if not ((where / "real").is_dir() and (where / "bundle").is_dir()):
        raise ConfigError(f"the demo reads examples/real and examples/bundle, not found under {where}: "
                          "run it from a source checkout or pass --examples PATH")
    return where


@click.command("demo")
@click.option("--out", "out_dir", type=click.Path(path_type=Path), default=Path("out"),
              show_default=True, help="Folder for pictures and JSON results.")
@click.option("--world", "world_size", type=int, default=3000, show_default=True,
              help="Entities in the generated world (0: none).")
@click.option("--examples", "examples", type=click.Path(path_type=Path), default=None,
              help="Folder holding real/ and bundle/ (default: examples/ of the source checkout).")
@json_option
def demo_cmd(out_dir: Path, world_size: int, examples: Path | None, as_json: bool) -> None:
    """Run the end-to-end demo on the embedded defaults."""
    examples = examples_dir(examples)
    from ownergraph.graph.store.connection import connect
    from ownergraph.demo import run_demo

    t0 = time.monotonic()
    out = console()
    graph = connect()
    if not as_json:
        out.print(f"[bold]ownergraph demo[/bold]: Neo4j {graph.server_version} at {graph.uri}")
    report = run_demo(graph, examples, out_dir, world_size=world_size,
                      say=None if as_json else (lambda line: out.print(line, markup=False, highlight=False)))
    report["seconds"] = round(time.monotonic() - t0, 1)
    if as_json:
        emit(report, True)
    else:
        out.print(f"done in {report['seconds']}s; outputs in {out_dir}/")
