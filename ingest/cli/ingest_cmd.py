"""``ownergraph ingest`` and ``ownergraph stats``."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ingest.cli._output import console, emit, json_option
from ingest.errors import QuarantineError


@click.command("ingest")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@click.option("--format", "fmt", help="Force the input format (default: detected per file).")
@click.option("--strict", is_flag=True, help="Exit non-zero when any record is quarantined.")
@click.option("--dry-run", is_flag=True, help="Read, validate and resolve; write nothing.")
@click.option("--quarantine", "quarantine_path", type=click.Path(path_type=Path),
              help="Quarantine JSONL file (default: <home>/quarantine/<timestamp>.jsonl).")
@json_option
def ingest_cmd(paths: tuple[Path, ...], fmt: str | None, strict: bool, dry_run: bool,
               quarantine_path: Path | None, as_json: bool) -> None:
    """Load filings (GLEIF, BODS, FtM/OpenSanctions, UK PSC, SEC, bundle, holdings CSV)."""
    from graph.config import load_settings
    from graph.connection import connect
    from graph.pipeline import ingest_paths

    settings = load_settings()
    if quarantine_path is None:
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%fZ")
        quarantine_path = settings.home / "quarantine" / f"{stamp}.jsonl"
    graph = None if dry_run else connect(settings)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=console(stderr=True), transient=True,
                  disable=as_json) as bar:
        task = bar.add_task("reading", total=None)

        def progress(path: str, n: int) -> None:
            bar.update(task, advance=n, description=f"reading {Path(path).name}")

        summary = ingest_paths(graph, paths, fmt=fmt, quarantine_path=quarantine_path,
                               dry_run=dry_run, progress=progress)
    data = summary.as_dict()
    if as_json:
        emit(data, True)
    else:
        table = Table(title="ingest" + (" (dry run)" if dry_run else ""))
        for col in ("file", "format", "read", "loaded", "merged", "quarantined"):
            table.add_column(col, justify="left" if col in ("file", "format") else "right")
        for f in summary.files:
            table.add_row(Path(f.path).name, f.format, str(f.read), str(f.loaded), str(f.merged),
                          str(f.quarantined))
        t = summary.totals
        table.add_row("total", "", str(t["read"]), str(t["loaded"]), str(t["merged"]),
                      str(t["quarantined"]), style="bold")
        out = console()
        out.print(table)
        if t["quarantined"]:
            out.print(f"quarantined records: {summary.quarantine_file}")
        out.print(f"{summary.seconds:.1f}s")
    if strict and summary.totals["quarantined"]:
        raise QuarantineError(f"{summary.totals['quarantined']} record(s) quarantined "
                              f"(see {summary.quarantine_file})")


@click.command("stats")
@json_option
def stats_cmd(as_json: bool) -> None:
    """Counts per node label and edge type, and a content fingerprint of the graph."""
    from graph.connection import connect
    from graph.stats import graph_stats

    emit(graph_stats(connect()), as_json, title="graph")
