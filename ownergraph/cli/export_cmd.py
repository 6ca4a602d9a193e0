"""``ownergraph export --parquet DIR`` (the dated ownership edges and the entities, for jobs off
the database) and ``ownergraph batch DIR --as-of DATE`` (integrated ownership and UBOs of every
entity as a DuckDB job on such an export)."""

from __future__ import annotations

from pathlib import Path

import click

from ownergraph.cli.output import console, echo_lines, emit, json_option
from ownergraph.cli.analytics_cmd import claims_option
from ownergraph.domain.vocabulary import CHAIN_RULE_NAMES, EU_AMLR_25


@click.command("export")
@click.option("--parquet", "out_dir", required=True, type=click.Path(file_okay=False, path_type=Path),
              help="Folder for edges.parquet and entities.parquet (created; files there are replaced).")
@claims_option
@json_option
def export_cmd(out_dir: Path, as_json: bool) -> None:
    """Write the dated OWNS / CONTROLS edges (every version, both clocks) and the entities as Parquet."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from ownergraph.graph.store.connection import connect
    from ownergraph.graph.store.export import export_parquet

    graph = connect()
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console(stderr=True), transient=True, disable=as_json) as bar:
        tasks: dict[str, int] = {}

        def progress(what: str, done: int, total: int) -> None:
            if what not in tasks:
                tasks[what] = bar.add_task(f"exporting {what}", total=total)
            bar.update(tasks[what], completed=done)

        summary = export_parquet(graph, out_dir, progress=progress)
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
