"""``ownergraph ingest``, ``ownergraph index`` and ``ownergraph stats``."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

import click

from ownergraph.cli.output import console, echo_lines, emit, error_json, json_option
from ownergraph.cli.text import plural, table, wrap
from ownergraph.domain.errors import InputFormatError, OwnergraphError, QuarantineError


@click.command("ingest")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@click.option("--format", "fmt", help="Force the input format (default: detected per file).")
@click.option("--strict", is_flag=True,
              help="Exit non-zero when any record is quarantined or any file is not recognised.")
@click.option("--dry-run", is_flag=True, help="Read, validate and resolve; write nothing.")
@click.option("--quarantine", "quarantine_path", type=click.Path(path_type=Path),
              help="Quarantine JSONL file (default: <home>/quarantine/<timestamp>.jsonl).")
@click.option("--filer", help="Documents: the filing company, where the file does not say.")
@click.option("--filed-at", "filed_at", type=click.DateTime(["%Y-%m-%d"]),
              help="Documents: the filing date (YYYY-MM-DD), used as known-from.")
@click.option("--form", help="Documents: the form type (10-K, 8-K, annual report, ...).")
@click.option("--extract", "extract", type=click.Choice(["pattern", "llm"]), default="pattern", show_default=True,
              help="Documents: how relationships are read from sentences: the offline patterns, or an LLM "
                   "(OPENAI_API_KEY, OPENAI_BASE_URL, OWNERGRAPH_LLM_MODEL; the patterns are its fallback).")
@click.option("--no-index", is_flag=True,
              help="Do not embed the new disclosure documents now (`ownergraph index` does it later).")
@click.option("--bulk/--online", "bulk", default=None,
              help="First load through Neo4j's offline importer (the managed server, empty database; "
                   "chosen by itself for an empty database and 50 MB or more of input), or always online.")
@click.option("--engine", type=click.Choice(["duckdb", "spark"]), default=None,
              help="Where splink scores the name-only mentions (default: match_engine setting, duckdb; "
                   "spark needs pip install 'ownergraph[spark]').")
@json_option
def ingest_cmd(paths: tuple[Path, ...], fmt: str | None, strict: bool, dry_run: bool,
               quarantine_path: Path | None, filer: str | None, filed_at: datetime | None,
               form: str | None, extract: str, no_index: bool, bulk: bool | None, engine: str | None,
               as_json: bool) -> None:
    """Load filings (GLEIF, BODS, FtM/OpenSanctions, UK PSC, SEC, bundle, holdings CSV) and
    documents (PDF, HTML, text, EDGAR full submissions: relationships read from their sentences).

    A folder is read file by file: a file no reader recognises (or an empty one) is listed
    as "not recognised" and the other files load. Then the disclosure documents the vector
    index lacks are embedded, in batches saved as they finish, so that the first `ask` does
    not wait for them (an interrupted run resumes with the rest)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from ownergraph.domain.settings import load_settings
    from ownergraph.graph.store.connection import connect
    from ownergraph.graph.load.pipeline import default_quarantine_path, ingest_paths

    from ownergraph.resolution import MatchSettings

    settings = load_settings().with_overrides(match_engine=engine)
    matching = MatchSettings(engine=settings.match_engine, work_dir=str(settings.spark_dir))  # type: ignore[arg-type]
    extractor = _llm_extractor() if extract == "llm" else None
    if quarantine_path is None:
        quarantine_path = default_quarantine_path(settings)
    graph = None if dry_run else connect(settings)
    loader_factory = None if graph is None else _bulk_choice(settings, graph, paths, bulk)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=console(stderr=True), transient=True,
                  disable=as_json) as bar:
        task = bar.add_task("reading", total=None)

        def progress(path: str, n: int) -> None:
            bar.update(task, advance=n, description=f"reading {Path(path).name}")

        # read column-wise where a format has such a reader (ingest_paths' default, the same
        # records); reading in a second process (read_process) showed no gain on its own, but
        # beside a bulk load's staging workers the LEI file's reading leaves the critical path
        summary = ingest_paths(graph, paths, fmt=fmt, quarantine_path=quarantine_path,
                               dry_run=dry_run, progress=progress, loader_factory=loader_factory,
                               matching=matching, read_beside_workers=True,
                               document_options={"filer": filer, "form": form, "extractor": extractor,
                                                 "filed_at": filed_at.date() if filed_at else None})
        if graph is not None and not no_index:
            from ownergraph.facade import index_after_load, with_index

            summary = with_index(summary, index_after_load(graph, settings, progress=_embedding_bar(bar)))
    failure = _failure(summary, strict)
    extraction = {"extraction": extractor.stats.as_dict()} if extractor is not None else {}
    if as_json:
        emit(summary.as_dict() | extraction | ({"error": json.loads(error_json(failure))["error"]} if failure else {}),
             True)
    else:
        echo_lines(summary_lines(summary) + index_lines(getattr(summary, "index", None))
                   + (extraction_lines(extractor.stats) if extractor is not None else []))
    if failure is not None:
        failure.reported = as_json  # type: ignore[attr-defined]  # the JSON summary carries it
        raise failure


def _llm_extractor() -> Any:
    import os

    from ownergraph.ingest.extract.llm import LLMExtractConfig, LLMExtractor

    return LLMExtractor(LLMExtractConfig.from_env(os.environ))  # ConfigError without OPENAI_API_KEY


def extraction_lines(stats: Any) -> list[str]:
    """What LLM extraction did: requests, tokens per MB of filing text, facts kept and rejected."""
    per_mb = stats.tokens_per_mb()
    lines = [wrap(f"LLM extraction: {plural(stats.requests, 'request')} for {stats.sentences_sent} of "
                  f"{stats.sentences} sentences; {stats.prompt_tokens + stats.completion_tokens} tokens"
                  + (f" ({per_mb:,.0f} per MB of text)" if per_mb is not None else "")
                  + f"; {plural(stats.accepted, 'fact')} kept, {sum(stats.rejected.values())} rejected"
                  + (" (" + ", ".join(f"{n} {why}" for why, n in stats.rejected.items()) + ")" if stats.rejected else ""))]
    if stats.fallbacks:
        lines.append(wrap(f"{plural(len(stats.fallbacks), 'request')} failed, their sentences read by the offline "
                          f"patterns: {stats.fallbacks[0]}"))
    return lines


def _bulk_choice(settings: Any, graph: Any, paths: tuple[Path, ...], bulk: bool | None) -> Any:
    """The loader for this run: the offline importer's (``--bulk``, or by itself for a large first
    load into the managed server), else None (online). ``--bulk`` where it cannot run is an error."""
    from ownergraph.graph.load.bulk import BulkNotPossible, bulk_loader, bulk_refusal, should_bulk

    if bulk is False:
        return None
    if bulk:
        refusal = bulk_refusal(settings, graph)
        if refusal:
            raise BulkNotPossible(f"--bulk: {refusal}")
        return bulk_loader(settings)
    return bulk_loader(settings) if should_bulk(settings, graph, list(paths)) else None


def _embedding_bar(bar: Any) -> Any:
    """A progress callback that shows the documents embedded so far on ``bar`` (a rich Progress)."""
    task = bar.add_task("embedding disclosures", total=None, visible=False)

    def progress(done: int, total: int, chunks: int) -> None:
        bar.update(task, completed=done, total=total, visible=total > 0,
                   description=f"embedding disclosures ({plural(chunks, 'chunk')})")

    return progress


def index_lines(run: dict[str, Any] | None) -> list[str]:
    """What the disclosure indexing did, in one line (none when it did not run)."""
    if not run:
        return []
    if "error" in run:
        return [wrap(f"disclosure index not updated: {run['error']['message']}; `ownergraph index` "
                     "embeds the documents later (an ask searches them by words meanwhile)")]
    if run.get("backend") == "lexical":
        return ["disclosure index: no embedding model, text is searched by words (`ownergraph setup`)"]
    if not run["documents"]:
        return [f"disclosure index up to date ({plural(run['already'], 'document')})"]
    return [f"disclosure index: embedded {plural(run['documents'], 'document')} "
            f"({plural(run['chunks'], 'chunk')}) in {run['seconds']:.1f}s"]


@click.command("index")
@click.option("--batch", default=16, show_default=True, type=click.IntRange(1),
              help="Documents per batch; each batch is saved as it finishes.")
@json_option
def index_cmd(batch: int, as_json: bool) -> None:
    """Embed the disclosure documents that the vector index lacks (ingest does this after a
    load; run it after `ingest --no-index`). An interrupted run resumes where it stopped."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from ownergraph.domain.settings import load_settings
    from ownergraph.graph.store.connection import connect
    from ownergraph.retrieval.text.disclosures import index_disclosures

    settings = load_settings()
    graph = connect(settings)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=console(stderr=True), transient=True,
                  disable=as_json) as bar:
        run = index_disclosures(graph, settings, batch=batch, progress=_embedding_bar(bar))
    if as_json:
        emit(run.as_dict(), True)
    else:
        echo_lines(index_lines(run.as_dict()))


def _failure(summary: Any, strict: bool) -> OwnergraphError | None:
    """Why the run fails: nothing could be read at all, or (``--strict``) a record was
    quarantined, a file was not recognised or a file was not read to its end."""
    t, bad = summary.totals, summary.problems
    if bad and len(bad) == len(summary.files):
        return InputFormatError("no file could be read: " + "; ".join(f"{f.path}: {f.problem}" for f in bad))
    if strict and bad:
        return InputFormatError(f"{plural(len(bad), 'file')} not recognised: " + ", ".join(f.path for f in bad))
    if strict and t["quarantined"]:
        return QuarantineError(f"{t['quarantined']} record(s) quarantined (see {summary.quarantine_file})")
    unread = [f.path for f in summary.files if getattr(f, "not_read", 0)]
    if strict and unread:
        return QuarantineError(f"{plural(len(unread), 'file')} not read to the end (see "
                               f"{summary.quarantine_file}): " + ", ".join(unread))
    return None


def summary_lines(summary: Any) -> list[str]:
    """One line per file (read = loaded + merged + quarantined), then what needs a look."""
    cols = ("read", "loaded", "merged", "quarantined", "not_read")
    t = summary.totals
    rows = [[Path(f.path).name, f.format if not f.problem else "-", *(getattr(f, c, 0) for c in cols)]
            for f in summary.files]
    rows.append(["total", "", *(t.get(c, 0) for c in cols)])
    title = "ingest" + (" (dry run)" if summary.dry_run else "")
    lines = [title] + table(["file", "format", "read", "loaded", "merged", "quarant.", "not read"], rows,
                            right={2, 3, 4, 5, 6}, flex=(0, 1))
    lines += [wrap(f"not recognised: {f.path} ({f.problem.removeprefix('not recognised: ')})")
              for f in summary.problems]
    if t["quarantined"] or t.get("not_read"):
        lines.append(f"quarantined records and unread rests of files: {summary.quarantine_file}")
    for m in getattr(summary, "entities_merged", []):
        lines.append(wrap(f"merged {m['absorbed']} into {m['survivor']} ({m['reason']}): "
                          f"{plural(m['edges_moved'], 'edge')} moved; `resolve undo` reverses it"))
    lines.append(f"{summary.seconds:.1f}s")
    return lines


@click.command("stats")
@json_option
def stats_cmd(as_json: bool) -> None:
    """Counts per node label and edge type, and a content fingerprint of the graph."""
    from ownergraph.graph.store.connection import connect
    from ownergraph.graph.store.stats import graph_stats

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
    from ownergraph.graph.store.connection import connect
    from ownergraph.graph.store.resolution_store import GraphResolutionStore
    from ownergraph.domain.lei import is_valid_lei
    from ownergraph.domain.model import EntityRef
    from ownergraph.resolution import Resolver

    graph = connect()
    resolver = Resolver.load(GraphResolutionStore(graph))
    ref = EntityRef(lei=mention) if is_valid_lei(mention) else EntityRef(name=mention, jurisdiction=jurisdiction)
    res = resolver.resolve(ref, record=False)
    if res.method == "new":  # nothing in the graph: "not found" with near matches, never "new"
        from ownergraph.graph.analytics.lookup import find_entity

        found = find_entity(graph, mention)  # raises EntityNotFound (non-zero exit) with candidates
        emit({"key": found.key, "name": found.name, "method": f"lookup:{found.method}", "score": found.score,
              "ambiguous": False, "candidates": []}, as_json)
        return
    emit({"key": res.key, "method": str(res.method), "score": res.score, "ambiguous": res.ambiguous,
          "candidates": [c.__dict__ if hasattr(c, "__dict__") else str(c) for c in res.candidates]}, as_json)


@resolve_cmd.command("merge")
@click.argument("a_key")
@click.argument("b_key")
@click.option("--reason", default="", help="Why: kept with the decision.")
@json_option
def resolve_merge(a_key: str, b_key: str, reason: str, as_json: bool) -> None:
    """Merge entity B_KEY into A_KEY (reversible; two LEIs are never merged)."""
    from ownergraph.graph.store.connection import connect
    from ownergraph.graph.load.merges import merge

    emit(merge(connect(), a_key, b_key, reason).as_dict(), as_json)


@resolve_cmd.command("undo")
@click.argument("decision_id")
@click.option("--reason", default="")
@json_option
def resolve_undo(decision_id: str, reason: str, as_json: bool) -> None:
    """Undo a merge decision: both entities come back as they were, and stay apart."""
    from ownergraph.graph.store.connection import connect
    from ownergraph.graph.load.merges import undo

    emit(undo(connect(), decision_id, reason=reason).as_dict(), as_json)


@resolve_cmd.command("reconcile")
@json_option
def resolve_reconcile(as_json: bool) -> None:
    """Fold stubs (mentions read before their entity's record) into the entities they name."""
    from ownergraph.graph.store.connection import connect
    from ownergraph.graph.load.merges import reconcile_stubs

    merged = [o.as_dict() for o in reconcile_stubs(connect())]
    emit(merged if as_json else [{"absorbed": o["absorbed"], "survivor": o["survivor"],
                                  "method": o["decision"].get("method"), "score": o["decision"].get("score"),
                                  "edges_moved": o["edges_moved"]} for o in merged] or "no stub to reconcile",
         as_json)


@resolve_cmd.command("decisions")
@json_option
def resolve_decisions(as_json: bool) -> None:
    """Every match and merge decision with method, score, time and status."""
    from ownergraph.graph.store.connection import connect
    from ownergraph.graph.load.merges import decisions

    rows = decisions(connect())
    emit(rows if as_json else [{k: r[k] for k in ("decision_id", "kind", "left_key", "right_key",
                                                   "method", "score", "status")} for r in rows] or "no decisions",
         as_json)
