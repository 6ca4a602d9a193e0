"""``ownergraph ingest`` and ``ownergraph stats``."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ownergraph.cli._output import console, emit, json_option
from ownergraph.ingest.errors import QuarantineError


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
    from ownergraph.graph.config import load_settings
    from ownergraph.graph.connection import connect
    from ownergraph.graph.pipeline import ingest_paths

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
    from ownergraph.graph.connection import connect
    from ownergraph.graph.stats import graph_stats

    emit(graph_stats(connect()), as_json, title="graph")


@click.group("resolve")
def resolve_cmd() -> None:
    """Entity resolution: explain a mention, merge two entities, undo a decision."""


@resolve_cmd.command("explain")
@click.argument("mention")
@click.option("--jurisdiction")
@json_option
def resolve_explain(mention: str, jurisdiction: str | None, as_json: bool) -> None:
    """How a name, LEI or identifier resolves: key, method, score, candidates."""
    from ownergraph.graph.connection import connect
    from ownergraph.graph.resolution_store import GraphResolutionStore
    from ownergraph.ingest.lei import is_valid_lei
    from ownergraph.ingest.model import EntityRef
    from ownergraph.resolution import Resolver

    resolver = Resolver.load(GraphResolutionStore(connect()))
    ref = EntityRef(lei=mention) if is_valid_lei(mention) else EntityRef(name=mention, jurisdiction=jurisdiction)
    res = resolver.resolve(ref, record=False)
    emit({"key": res.key, "method": str(res.method), "score": res.score, "ambiguous": res.ambiguous,
          "candidates": [c.__dict__ if hasattr(c, "__dict__") else str(c) for c in res.candidates]}, as_json)


@resolve_cmd.command("merge")
@click.argument("a_key")
@click.argument("b_key")
@click.option("--reason", default="", help="Why: kept with the decision.")
@json_option
def resolve_merge(a_key: str, b_key: str, reason: str, as_json: bool) -> None:
    """Merge entity B_KEY into A_KEY (reversible; two LEIs are never merged)."""
    from ownergraph.graph.connection import connect
    from ownergraph.graph.merges import merge

    emit(merge(connect(), a_key, b_key, reason).as_dict(), as_json)


@resolve_cmd.command("undo")
@click.argument("decision_id")
@click.option("--reason", default="")
@json_option
def resolve_undo(decision_id: str, reason: str, as_json: bool) -> None:
    """Undo a merge decision: both entities come back as they were, and stay apart."""
    from ownergraph.graph.connection import connect
    from ownergraph.graph.merges import undo

    emit(undo(connect(), decision_id, reason=reason).as_dict(), as_json)


@resolve_cmd.command("reconcile")
@json_option
def resolve_reconcile(as_json: bool) -> None:
    """Fold stubs (mentions read before their entity's record) into the entities they name."""
    from ownergraph.graph.connection import connect
    from ownergraph.graph.merges import reconcile_stubs

    merged = [o.as_dict() for o in reconcile_stubs(connect())]
    emit(merged if as_json else [{"absorbed": o["absorbed"], "survivor": o["survivor"],
                                  "method": o["decision"].get("method"), "score": o["decision"].get("score"),
                                  "edges_moved": o["edges_moved"]} for o in merged] or "no stub to reconcile",
         as_json)


@resolve_cmd.command("decisions")
@json_option
def resolve_decisions(as_json: bool) -> None:
    """Every match and merge decision with method, score, time and status."""
    from ownergraph.graph.connection import connect
    from ownergraph.graph.merges import decisions

    rows = decisions(connect())
    emit(rows if as_json else [{k: r[k] for k in ("decision_id", "kind", "left_key", "right_key",
                                                   "method", "score", "status")} for r in rows] or "no decisions",
         as_json)
