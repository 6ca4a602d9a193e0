"""``ownergraph export --format bods|ftm|graphml|parquet --out DIR [ENTITY]`` (standard exports
with a manifest), ``ownergraph export --parquet DIR`` (the dated ownership edges and the entities, for jobs off
the database) and ``ownergraph batch DIR --as-of DATE`` (integrated ownership and UBOs of every
entity as a DuckDB job on such an export)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from ownergraph.cli.output import console, echo_lines, emit, json_option
from ownergraph.cli.analytics_cmd import claims_option
from ownergraph.domain.vocabulary import CHAIN_RULE_NAMES, EU_AMLR_25

GROUP_DEPTH = 10  # graph.export.select.GROUP_DEPTH (not imported here: the CLI imports lazily)


@click.command("export")
@click.argument("entity", required=False)
@click.option("--format", "fmt", type=click.Choice(["bods", "ftm", "graphml", "parquet"]),
              help="bods (BODS 0.4 statements), ftm (FollowTheMoney entities), graphml (for Gephi) or "
                   "parquet (nodes and edges tables); with --out.")
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path),
              help="Folder for the export and its manifest.json (created; files of the same names replaced).")
@click.option("--parquet", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Folder for edges.parquet and entities.parquet of the whole graph's OWNS / CONTROLS "
                   "edges (the batch job's input; created; files there are replaced).")
@click.option("--as-of", "as_of", metavar="DATE", help="Only what was in force on DATE (default: every version).")
@click.option("--known-at", "known_at", metavar="DATE|DATETIME",
              help="Only what was known then (default with --as-of: now).")
@click.option("--depth", default=GROUP_DEPTH, show_default=True, type=click.IntRange(1, 50),
              help="How far ENTITY's group reaches along ownership, control and consolidation edges.")
@claims_option
@json_option
def export_cmd(entity: str | None, fmt: str | None, out: Path | None, out_dir: Path | None, as_of: str | None,
               known_at: str | None, depth: int, as_json: bool) -> None:
    """Export ENTITY's group (name, LEI, alias or identifier), or the whole graph, as BODS 0.4,
    FollowTheMoney, GraphML or Parquet with a manifest of sources and licences; as of a date or
    with every version on both clocks. ``--parquet DIR`` alone writes the batch job's input."""
    if fmt is None:
        if out_dir is None:
            raise click.UsageError("give --format FORMAT --out DIR (or --parquet DIR for the batch job's input)")
        if entity or as_of or known_at:
            raise click.UsageError("--parquet DIR exports the whole graph, every version: "
                                   "use --format parquet --out DIR for ENTITY, --as-of or --known-at")
        return _batch_input(out_dir, as_json)
    if out is None:
        raise click.UsageError("--format needs --out DIR")
    _export(fmt, out, entity, as_of, known_at, depth, as_json)


def _progress_bar(as_json: bool) -> Any:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    console=console(stderr=True), transient=True, disable=as_json)


def _reporter(bar: Any) -> Callable[[str, int, int], None]:
    tasks: dict[str, int] = {}

    def progress(what: str, done: int, total: int) -> None:
        if what not in tasks:
            tasks[what] = bar.add_task(f"exporting {what}", total=total)
        bar.update(tasks[what], completed=done)
    return progress


def _export(fmt: str, out: Path, entity: str | None, as_of: str | None, known_at: str | None, depth: int,
            as_json: bool) -> None:
    from ownergraph.graph.export.run import export_graph
    from ownergraph.graph.export.select import ExportClock
    from ownergraph.graph.store.connection import connect

    ExportClock.parse(as_of, known_at)  # a bad date fails before connecting
    graph = connect()
    with _progress_bar(as_json) as bar:
        res = export_graph(graph, fmt, out, entity, as_of=as_of, known_at=known_at, depth=depth,
                           progress=_reporter(bar))
    if as_json:
        return emit(res.as_dict(), True)
    m = res.manifest
    scope = f"group of {m['entity']['name']} ({m['entity']['key']})" if m["scope"] == "group" else "whole graph"
    clock = m["clock"]
    when = f"as of {clock['as_of']}, known at {clock['known_at']}" if clock["as_of"] else (
        f"known at {clock['known_at']}" if clock["known_at"] else "every version")
    lines = [f"{fmt}: {scope}, {when}: {m['counts']['entities']} entities, {m['counts']['edges']} edges"]
    lines += [f"  {f['name']}: {f['rows']} rows, {f['bytes']} bytes" for f in m["files"]]
    lines += [f"  {res.manifest_file.name}: sources " + ", ".join(f"{s['source_system']} ({s['licence']})"
                                                                   for s in m["sources"])]
    if m["left_out"]:
        lines.append("  not expressible in this format: " + ", ".join(f"{n} {k}" for k, n in m["left_out"].items()))
    echo_lines(lines + [f"in {res.seconds:.1f} s"])


def _batch_input(out_dir: Path, as_json: bool) -> None:
    """The whole graph's dated OWNS / CONTROLS edges and the entities (``ownergraph batch``'s input)."""
    from ownergraph.graph.store.connection import connect
    from ownergraph.graph.store.export import export_parquet

    graph = connect()
    with _progress_bar(as_json) as bar:
        summary = export_parquet(graph, out_dir, progress=_reporter(bar))
    if as_json:
        return emit(summary.as_dict(), True)
    echo_lines([f"{summary.entities} entities -> {summary.entities_file}",
                f"{summary.edges} edges -> {summary.edges_file}", f"in {summary.seconds:.1f} s"]
               + ([f"{summary.claims_left_out} text claims below the claim threshold "
                   f"{summary.claim_threshold:g} (not accepted in review) left out"]
                  if summary.claims_left_out else []))


@click.command("batch")
@click.argument("export_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--as-of", "as_of", metavar="DATE", help="Valid time (default: today).")
@click.option("--known-at", "known_at", metavar="DATE|DATETIME", help="Knowledge time (default: now).")
@click.option("--rule", default=EU_AMLR_25.name, show_default=True, type=click.Choice(list(CHAIN_RULE_NAMES)))
@click.option("--interest", default="shareholding", show_default=True,
              type=click.Choice(["shareholding", "voting_rights"]))
@click.option("--max-depth", type=click.IntRange(min=1), help="Longest chain followed (default: no cap).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Write stakes.parquet and ubo.parquet here.")
@click.option("--engine", type=click.Choice(["duckdb", "spark"]), default="duckdb", show_default=True,
              help="Where the job's SQL runs (spark: a local Spark session; pip install 'ownergraph[spark]').")
@json_option
def batch_cmd(export_dir: Path, as_of: str | None, known_at: str | None, rule: str, interest: str,
              max_depth: int | None, out_dir: Path | None, engine: str, as_json: bool) -> None:
    """Integrated ownership and UBOs of every entity as of a date, as a DuckDB (or Spark) job on an export."""
    from ownergraph.domain.clock import make_clock
    from ownergraph.graph.analytics.batch import batch_ownership

    try:
        make_clock(as_of, known_at)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--as-of/--known-at") from err
    work_dir = None
    if engine == "spark":
        from ownergraph.domain.settings import load_settings

        work_dir = load_settings().spark_dir
    res = batch_ownership(export_dir, as_of=as_of, known_at=known_at, rule=rule, interest=interest,
                          max_depth=max_depth, out_dir=out_dir, engine=engine, work_dir=work_dir)  # type: ignore[arg-type]
    if as_json:
        return emit(res.as_dict(), True)
    s = res.summary
    echo_lines([f"as of {s['as_of']}, known at {s['known_at']}: {s['entities']} entities, "
                f"{s['weighted_edges']} weighted edges, {s['pairs']} owner-entity stakes",
                f"UBOs ({rule}): {s['ubo_rows']} rows for {s['entities_with_ubo']} entities"
                + (f"; written to {out_dir}" if out_dir else ""),
                f"in {sum(res.timings.values()):.2f} s"])


EXPORT_COMMANDS = (export_cmd, batch_cmd)

__all__ = ["export_cmd", "batch_cmd", "EXPORT_COMMANDS"]
