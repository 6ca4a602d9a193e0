"""ingest -> resolution -> graph for a list of files, with counts that add up.

For every run: read = loaded + merged + quarantined, per file and in total. Quarantined
records go to a JSONL file (source file, locator, field, reason, raw); the quarantined count
includes the bundle statements the loader found in conflict (``graph.load.conflicts``). A file that could not
be read to its end has ``not_read`` = 1: the reader's file-level entry (also in the
quarantine file) says where it stopped and how many records came before; it is not a record,
so it is not counted in ``read``.
"""

from __future__ import annotations

import json
import resource
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ownergraph.graph.load.collections import partial_list, record_partial_lists
from ownergraph.domain.settings import Settings
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.loader import DEFAULT_BATCH, Loader
from ownergraph.graph.load.merges import apply_run_merges
from ownergraph.graph.store.resolution_store import GraphResolutionStore, ResolverKeys
from ownergraph.domain.errors import InputFormatError
from ownergraph.ingest.formats import detect, expand
from ownergraph.domain.model import Quarantined
from ownergraph.ingest.read_ahead import ReadAhead
from ownergraph.graph.load.prepared import prepare_records
from ownergraph.resolution import MatchSettings, Resolver


@dataclass
class FileCounts:
    path: str
    format: str
    read: int = 0
    loaded: int = 0
    merged: int = 0
    quarantined: int = 0
    not_read: int = 0  # 1 when the rest of the file from some point on could not be read
    problem: str | None = None  # "not recognised: …": the file was not read at all


@dataclass
class IngestSummary:
    files: list[FileCounts] = field(default_factory=list)
    quarantine_file: str | None = None
    seconds: float = 0.0
    dry_run: bool = False
    # entities this run's resolver merged, their edges moved (graph.merges.apply_run_merges)
    entities_merged: list[dict[str, Any]] = field(default_factory=list)
    # a bulk load's stages: wall and CPU seconds of each, peak RSS (graph.load.bulk.BulkLoader)
    load_stages: dict[str, Any] | None = None

    @property
    def totals(self) -> dict[str, int]:
        keys = ("read", "loaded", "merged", "quarantined", "not_read")
        return {k: sum(getattr(f, k) for f in self.files) for k in keys}

    @property
    def problems(self) -> list[FileCounts]:
        """Files that were not read at all (empty, unrecognised, unreadable)."""
        return [f for f in self.files if f.problem]

    def as_dict(self) -> dict[str, Any]:
        return {"files": [asdict(f) for f in self.files], "totals": self.totals,
                "not_recognised": len(self.problems),
                "quarantine_file": self.quarantine_file, "seconds": round(self.seconds, 3),
                "dry_run": self.dry_run, "entities_merged": self.entities_merged} | (
                    {"load_stages": self.load_stages} if self.load_stages is not None else {})


_LOAD_ORDER = {"gleif-lei": 0, "uk-company": 0, "holdings-csv": 2}

Progress = Callable[[str, int], None]


def default_quarantine_path(settings: Settings) -> Path:
    """A new quarantine file for one run: ``<home>/quarantine/<UTC timestamp>.jsonl``."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%fZ")
    return settings.home / "quarantine" / f"{stamp}.jsonl"


# Complexity (cc 44), on purpose: the one place where a load's stages meet (read, resolve, load,
# index, quarantine, counts), each optional by flag; every branch is one stage's switch, and the
# order of the stages is the thing a reader must see at once.
def ingest_paths(graph: Graph | None, paths: Iterable[Path], *, fmt: str | None = None,
                 quarantine_path: Path | None = None, dry_run: bool = False,
                 progress: Progress | None = None, batch_size: int = DEFAULT_BATCH,
                 document_options: dict[str, Any] | None = None,
                 loader_factory: Callable[[Graph, ResolverKeys], Any] | None = None,
                 reader: str = "columnar", read_process: bool = False,
                 read_beside_workers: bool = False,
                 matching: MatchSettings | None = None) -> IngestSummary:
    """Read, resolve and load ``paths``; ``graph`` may be None only for ``dry_run``.

    ``document_options`` (filer, filed_at, form) reach readers that take them (documents).
    ``loader_factory`` makes the loader instead of ``Loader`` (``graph.load.bulk.BulkLoader``: a
    first load through the offline importer). ``reader="columnar"`` (the default) reads the
    formats that have one with their column-wise reader (``ingest.readers.columnar``: the same
    records, tests/ingest/test_columnar*.py; ``"row"``: every file by its row reader);
    ``read_process`` reads in a second process, ahead of the loader (``ingest.read_ahead``);
    ``read_beside_workers``: when a bulk loader stages files in worker processes, the files it
    leaves to this one (a golden copy's LEI file) are read in a reader process too.
    ``matching``: the name-matching stage's settings (``engine="spark"``: splink on Spark)."""
    t0 = t_after = time.monotonic()
    files = expand(list(paths))
    plan, skipped = _plan(files, fmt)
    if reader == "columnar":
        from ownergraph.ingest.readers.columnar.registry import columnar

        plan = [(p, columnar(r)) for p, r in plan]
    elif reader != "row":
        raise ValueError(f"reader: 'row' or 'columnar', not {reader!r}")
    if document_options:
        plan = [(p, r.with_options(**document_options) if hasattr(r, "with_options") else r) for p, r in plan]
    # Registries before the files that only mention entities (a holdings book names issuers):
    # a mention read before its entity would resolve to a stub on the first run and to the
    # entity on the next, so the same files loaded twice would not give the same graph.
    plan.sort(key=lambda item: _LOAD_ORDER.get(item[1].name, 1))
    summary = IngestSummary(dry_run=dry_run)
    ahead = ReadAhead(plan) if read_process and plan else None  # before the loader's threads start
    store = GraphResolutionStore(graph) if graph is not None and not dry_run else None
    resolver = (Resolver.load(store, matching) if store else None) or Resolver(matching)
    keys = ResolverKeys(resolver)
    # corporate actions are applied once, at the end, in effective-date order (Loader.finish)
    # a writer thread writes one batch while the next is read and resolved
    loader = ((loader_factory(graph, keys) if loader_factory else
               Loader(graph, keys, batch_size=batch_size, defer_actions=True, background=True))
              if graph is not None and not dry_run else None)
    qfile = None
    partials: list[Quarantined] = []  # collections read in part (graph.collections)
    if quarantine_path is not None:
        quarantine_path.parent.mkdir(parents=True, exist_ok=True)
        qfile = open(quarantine_path, "w")
        summary.quarantine_file = str(quarantine_path)
    # files a loader stages in worker processes (graph.load.bulk.workers): not read here
    offloaded: set[int] = loader.offload(plan) if ahead is None and hasattr(loader, "offload") else set()
    if offloaded and read_beside_workers and len(offloaded) < len(plan):
        # the rest (the LEI file) read in one more process, while this one resolves and stages:
        # the workers' share of the second core is smaller than this process's reading
        # its entity records keyed by their LEI come with their rows built there (graph.load.prepared)
        ahead = ReadAhead(plan, skip=offloaded, method="forkserver", prepare=prepare_records)
    try:
        for i, (path, reader) in enumerate(plan):
            counts = FileCounts(str(path), reader.name)
            if i in offloaded:
                summary.files.append(counts)  # its counts come with the loader's finish
                continue
            if loader is not None:
                loader.set_tag(i)
            for rec in (ahead.records(i) if ahead else reader.read(path)):
                if isinstance(rec, Quarantined) and rec.not_read:
                    counts.not_read += 1
                    if partial_list(rec) is not None:
                        partials.append(rec)
                    if qfile:
                        qfile.write(rec.model_dump_json() + "\n")
                    continue
                counts.read += 1
                if isinstance(rec, Quarantined):
                    counts.quarantined += 1
                    if qfile:
                        qfile.write(rec.model_dump_json() + "\n")
                elif loader is not None:
                    loader.add(rec)
                else:
                    counts.loaded += 1  # dry run: valid, would be loaded
                if progress and counts.read % 1000 == 0:
                    progress(str(path), 1000)
            if progress:
                progress(str(path), counts.read % 1000)
            if loader is not None:
                loader.flush(wait=False)  # batches never span files: counts stay per file
            summary.files.append(counts)
        if loader is not None:
            loader.finish()  # waits for the writer; actions also reach edges loaded later
            summary.load_stages = getattr(loader, "timings", None)
            for i in sorted(offloaded):
                _offloaded_counts(summary.files[i], loader.file_results[i], qfile, partials, progress)
            t_after = time.monotonic()
            record_partial_lists(graph, keys, partials)  # type: ignore[arg-type]
            for i, counts in enumerate(summary.files):
                counts.loaded, counts.merged, conflicted = loader.counts.by_tag.get(i, [0, 0, 0])
                counts.quarantined += conflicted  # conflicts found at write time (graph.conflicts)
            if qfile:
                for _, entry in loader.counts.conflicts:
                    qfile.write(entry.model_dump_json() + "\n")
        summary.files += skipped
        if store is not None:
            if loader is not None:  # one graph whatever the order the files came in
                summary.entities_merged = [
                    {"absorbed": o.absorbed, "survivor": o.survivor, "decision_id": o.decision["decision_id"],
                     "method": o.decision.get("method"),
                     "reason": o.decision.get("reason"), "edges_moved": o.edges_moved}
                    for o in apply_run_merges(graph, resolver, resolver.index.changed)]  # type: ignore[arg-type]
            t_save = time.monotonic()
            resolver.save(store)
            if summary.load_stages is not None:  # the bulk path's figures: the steps after its import
                summary.load_stages["after_load"] = {
                    "merges_and_partial_lists_seconds": round(t_save - t_after, 2),
                    "resolution_state_seconds": round(time.monotonic() - t_save, 2),
                    "python_peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}
    finally:
        if ahead is not None:
            ahead.close()
        if qfile:
            qfile.close()
        if loader is not None and sys.exc_info()[0] is not None:
            try:  # never leave the writer thread writing after we return
                loader.wait()
            except Exception:  # noqa: BLE001 - the original error is the one to report
                pass
    summary.seconds = time.monotonic() - t0
    return summary


def _offloaded_counts(counts: FileCounts, result: Any, qfile: Any, partials: list[Quarantined],
                      progress: Progress | None) -> None:
    """A file a worker read: its counts and quarantine entries, as the loop above keeps them."""
    counts.read, counts.quarantined, counts.not_read = result.read, result.quarantined, result.not_read
    for rec in result.quarantine:
        if rec.not_read and partial_list(rec) is not None:
            partials.append(rec)
        if qfile:
            qfile.write(rec.model_dump_json() + "\n")
    if progress:
        progress(counts.path, counts.read)


def _plan(files: list[Path], fmt: str | None) -> tuple[list[tuple[Path, Any]], list[FileCounts]]:
    """Each file with its reader; a file no reader takes gets an entry and the others still load
    (an unknown ``fmt`` name is an error for the whole run)."""
    if fmt:
        detect(files[0] if files else Path("."), fmt)
    plan, skipped = [], []
    for p in files:
        try:
            plan.append((p, detect(p, fmt)))
        except InputFormatError as err:
            reason = str(err).removeprefix(f"{p}: ").replace("format not recognised", "no known format")
            skipped.append(FileCounts(str(p), "?", problem=f"not recognised: {reason}"))
    return plan, skipped


def write_summary_json(summary: IngestSummary, path: Path) -> None:
    path.write_text(json.dumps(summary.as_dict(), indent=2))
