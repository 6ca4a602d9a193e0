"""``ownergraph view X --out x.html``: the chain around X as one offline HTML page with a
valid-time and a knowledge-time slider (``retrieval.view``)."""

from __future__ import annotations

from pathlib import Path

import click

from ownergraph.cli.analytics_cmd import claims_option
from ownergraph.cli.output import echo_lines, emit, json_option
from ownergraph.domain.vocabulary import CHANNELS, CONTROL_EDGE_TYPES, VIEW_DEPTH

# the channels off the chain (graph.analytics.timeline.side_types; not imported: --help stays light)
_SIDE_WORDS = ", ".join(n for n, c in CHANNELS.items() if any(t not in CONTROL_EDGE_TYPES for t, _ in c.edges))


@click.command("view")
@click.argument("entity")
@click.option("--out", "out", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="The HTML file to write (one file, opens offline).")
@click.option("--as-of", "as_of", metavar="DATE", help="Where the valid-time slider starts (default: today).")
@click.option("--known-at", "known_at", metavar="DATE",
              help="Where the knowledge-time slider starts (default: today).")
@click.option("--with", "with_", metavar="KINDS", default="",
              help=f"Also the edges of these kinds touching the chain, comma-separated: {_SIDE_WORDS}.")
@click.option("--depth", default=VIEW_DEPTH, show_default=True, type=click.IntRange(1, 100),
              help="Hops read upward (owners) and downward (holdings).")
@claims_option
@json_option
def view_cmd(entity: str, out: Path, as_of: str | None, known_at: str | None, with_: str, depth: int,
             as_json: bool) -> None:
    """An interactive page of ENTITY's ownership/control chain on both clocks."""
    from ownergraph.domain.clock import make_clock
    from ownergraph.graph.store.connection import connect
    from ownergraph.retrieval.view import view_data
    from ownergraph.retrieval.view.page import write

    try:
        make_clock(as_of, known_at)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--as-of/--known-at") from err
    try:
        data = view_data(connect(), entity, as_of=as_of, known_at=known_at, with_=with_.split(","), depth=depth)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--with") from err
    path = write(data, out)
    if as_json:
        return emit({"entity": data["center"], "name": data["title"], "entities": len(data["nodes"]),
                     "edge_versions": len(data["edges"]), "out": str(path)}, True)
    echo_lines([f"{data['title']}: {len(data['nodes'])} entities, {len(data['edges'])} edge versions "
                f"(every version, both clocks) -> {path}"])
