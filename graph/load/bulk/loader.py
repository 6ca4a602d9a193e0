"""A first load through the offline importer, behind the online loader's interface.

``BulkLoader`` takes the same calls as ``graph.load.loader.Loader`` from ``pipeline.ingest_paths``
(``set_tag``, ``add``, ``flush``, ``finish``, ``counts``) and gives the same graph:

1. each batch's rows come from the online loader's own row builder (``build_rows``: the same
   resolution, stubs, alias memory, statement ids), are screened for bundle conflicts as
   online (:mod:`.conflicts`) and applied to an in-memory graph with the load queries'
   semantics (:mod:`.staged`), entity retractions included;
2. at :meth:`BulkLoader.finish` the knowledge-time chains of every fact are planned there,
   then corporate actions are applied there as ``Loader.finish`` applies them (every action
   once, in effective-date order, by ``graph.load.actions`` itself: :mod:`.actions`);
3. the nodes and relationships are written as typed CSV (:mod:`.files`); the local server is
   stopped, ``neo4j-admin database import full`` writes the database, the server starts and
   the schema (constraints, indexes) is built over the imported store;
4. online afterwards: only the resolution state and decisions, saved by the caller
   (``ingest_paths``) as after an online load.
"""

from __future__ import annotations

import gc
import resource
import shutil
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ownergraph.graph.load.batch_rows import build_rows
from ownergraph.graph.load.rows import clock_props
from ownergraph.graph.load.bulk.action_store import ActionStore
from ownergraph.graph.load.bulk.actions import action_parties, apply_actions
from ownergraph.graph.load.bulk.conflicts import screen_staged
from ownergraph.graph.load.bulk.files import write_staged
from ownergraph.graph.load.bulk import memory_study
from ownergraph.graph.load.bulk.importer import import_into_local
from ownergraph.graph.load.bulk.spool import KeySet, SpooledStaged
from ownergraph.graph.load.bulk.workers import FileResult, Workers, offloadable
from ownergraph.domain.settings import Settings
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.intake import RecordIntake
from ownergraph.graph.load.loader import DEFAULT_BATCH, KeyResolver, LoadCounts
from ownergraph.graph.load.prepared import PreparedAction, PreparedEntity
from ownergraph.domain.errors import OwnergraphError
from ownergraph.domain.codes import EntityKind
from ownergraph.domain.model import Entity, EntityRef, Quarantined
from ownergraph.ingest.gc_pace import pace_for_bulk, restore

SCHEMA_WAIT_SECONDS = 3600  # indexes populated after an import, at most (the online default: 300)


class BulkNotPossible(OwnergraphError):
    """The offline importer cannot be used for this load (not the managed server, or not empty)."""


def bulk_refusal(settings: Settings, graph: Graph) -> str | None:
    """Why a load into ``graph`` cannot go through the importer, or None when it can."""
    if not settings.uses_local_server:
        return (f"the offline importer needs the server ownergraph manages; {settings.neo4j_uri} (NEO4J_URI) is "
                "loaded online (README: 'First loads through the importer' says how to import there by hand)")
    if graph.read("bulk_any_node"):
        return "the offline importer only makes first loads: the database is not empty"
    return None


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


# The per-record clocks read this thread's CPU: getrusage(RUSAGE_SELF) sums every thread and
# waited ~60 µs a call here while the reader's thread ran (5.3 s of wall in 83k calls at scale
# 0.01, the main thread idle), about 9 min of a scale-1.0 load at two calls per record.
_thread_cpu = time.thread_time


class _Clocks:
    """Wall and this thread's CPU seconds summed per stage, for stages that come and go per
    record or batch."""

    def __init__(self) -> None:
        self.spent: dict[str, list[float]] = {}

    def add(self, name: str, t0: float, c0: float) -> None:
        cell = self.spent.setdefault(name, [0.0, 0.0])
        cell[0] += time.monotonic() - t0
        cell[1] += _thread_cpu() - c0

    def wall(self, *names: str) -> float:
        return sum(self.spent.get(n, [0.0, 0.0])[0] for n in names)

    def cpu(self, *names: str) -> float:
        return sum(self.spent.get(n, [0.0, 0.0])[1] for n in names)


class BulkLoader(RecordIntake):
    """``graph.load.loader.Loader``'s interface for a first load through the importer (module text)."""

    def __init__(self, graph: Graph, resolver: KeyResolver, settings: Settings, *,
                 batch_size: int = DEFAULT_BATCH, workdir: Path | None = None, keep_files: bool = False,
                 workers: bool = True, index_on_disk: bool = True) -> None:
        refusal = bulk_refusal(settings, graph)
        if refusal:
            raise BulkNotPossible(refusal)
        self._gc_before = pace_for_bulk()  # fewer collector passes over the load's objects (ingest.gc_pace)
        self.graph = graph
        self.resolver = resolver
        self.settings = settings
        self.batch_size = batch_size
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%fZ")
        self.workdir = workdir or settings.home / "bulk" / stamp
        self.keep_files = keep_files
        self.counts = LoadCounts()
        self.staged = SpooledStaged(self.workdir / "spool")
        self.timings: dict[str, Any] = {}  # stage -> wall / CPU seconds (bench/ingest --bulk)
        self._tag: Any = None
        self._records: list[Any] = []
        self._entities: list[tuple[str, Entity]] = []
        self._known = KeySet()  # keys written, 8 bytes each
        self._aliases_seen: set[int] = set()
        self._actions = ActionStore(self.workdir / "actions" / "actions.sqlite")  # first occurrences, on disk
        self._pending = 0
        self._clocks = _Clocks()  # resolve, write_parts (and the loader's own share of intake)
        self._born = (time.monotonic(), _cpu())
        self._in_add = False
        self._prepared = 0
        self._use_workers = workers
        self._workers: Workers | None = None
        self.file_results: dict[int, FileResult] = {}  # files staged by workers (or read at finish)
        on_disk = getattr(resolver, "index_on_disk", None)
        if on_disk is not None and index_on_disk:  # memory bounded, not ~700 B per LEI entity
            on_disk(settings.home / "bulk" / "resolver")
        self.timings["resolver_index_on_disk"] = on_disk is not None and index_on_disk
        self.timings["gc_thresholds"] = list(gc.get_threshold())

    # -- files staged in worker processes (graph.load.bulk.workers) ----------------------------
    def offload(self, plan: list[tuple[Path, Any]]) -> set[int]:
        """Start workers for the plan's files they can stage (a GLEIF golden copy's RR and
        exception files); the plan positions taken, which the caller does not read."""
        if not self._use_workers or not offloadable(plan):
            return set()
        self._workers = Workers(plan, self.workdir / "workers", self.batch_size)
        return self._workers.tags()

    def _join_workers(self) -> None:
        """The workers' files, in load order: each file's stubs (or the file read here, where
        its worker gave up), its counts and tallies."""
        w = self._workers
        assert w is not None
        results = w.staged()
        refused = {i for name in w.refused for i in w.taken[name]}
        for tag in sorted(w.tags()):
            self.set_tag(tag)
            if tag in refused:
                self.file_results[tag] = self._read_here(*w.plan[tag])
                continue
            r = self.file_results[tag] = results[tag]
            for rows in w.stubs(tag):
                self._stubs(rows)
            self.counts.loaded += r.loaded
            self.counts.merged += r.merged
            for kind, n in r.by_type.items():
                self.counts.by_type[kind] += n
            tagged = self.counts.by_tag.setdefault(tag, [0, 0, 0])
            tagged[0] += r.loaded
            tagged[1] += r.merged
            if r.conflicts:
                self.counts.quarantined += len(r.conflicts)
                self.counts.conflicts += [(tag, q) for q in r.conflicts]
                tagged[2] += len(r.conflicts)

    def _stubs(self, rows: list[dict[str, Any]]) -> None:
        """A worker's stub rows: those of keys this load has not written, as the sequential
        load makes them when it reaches the file (in the resolver too: its stubs by LEI)."""
        for i in range(0, len(rows), self.batch_size):
            new = [r for r in rows[i: i + self.batch_size] if r["key"] not in self._known]
            if not new:
                continue
            self._resolve([EntityRef(lei=r["lei"], name=None if r["name"] == r["lei"] else r["name"],
                                     jurisdiction=r["jurisdiction"],
                                     kind=None if r["kind"] == "unknown" else EntityKind(r["kind"])) for r in new])
            self.staged.apply_batch({"stubs": new, "entities": [], "aliases": [], "edges": {}, "nodes": {},
                                     "actions": []})
            self._known.update(r["key"] for r in new)

    def _read_here(self, path: Path, reader: Any) -> FileResult:
        """A file its worker gave up, read by this process as the caller reads the others."""
        res = FileResult()
        for rec in reader.read(path):
            if isinstance(rec, Quarantined):
                res.not_read += rec.not_read
                res.read += not rec.not_read
                res.quarantined += not rec.not_read
                res.quarantine.append(rec)
                continue
            res.read += 1
            self.add(rec)
        self.flush()
        return res

    # -- the online loader's intake (RecordIntake: add, _resolve) ------------------------------
    def set_tag(self, tag: Any) -> None:
        self._tag = tag

    def add(self, rec: Any) -> None:
        t0, c0 = time.monotonic(), _thread_cpu()
        self._in_add = True
        self._prepared += type(rec) is PreparedEntity or type(rec) is PreparedAction  # built in the reader process
        try:
            super().add(rec)  # an entity is registered with the resolver here; a full batch flushes
        finally:
            self._in_add = False
            self._clocks.add("intake", t0, c0)

    def _resolve(self, refs: Any) -> list[str]:
        t0, c0 = time.monotonic(), _thread_cpu()
        try:
            return super()._resolve(refs)
        finally:
            self._clocks.add("resolve_mentions", t0, c0)

    def flush(self, *, wait: bool = True) -> None:  # noqa: ARG002 - no writer thread: always done
        if self._records or self._entities:
            t0, c0 = time.monotonic(), _thread_cpu()
            rows = build_rows(self._entities, self._records, self._resolve, self._known, self._aliases_seen)
            self._records, self._entities = [], []
            conflicts = screen_staged(self.staged, rows, self.batch_size)  # as Loader._write_batch does
            if conflicts:
                self.counts.quarantined += len(conflicts)
                self.counts.conflicts += [(self._tag, q) for q in conflicts]
                self.counts.by_tag.setdefault(self._tag, [0, 0, 0])[2] += len(conflicts)
            for kind, created, present in self.staged.apply_batch(rows):
                self._tally(kind, created, present)
            if rows["actions"]:  # counted as online (Loader._count_actions)
                news = self._actions.add_many([(a.sid if type(a) is PreparedAction else clock_props(a)["statement_id"], a)
                                               for a in rows["actions"]])
                for new in news:
                    self._tally("corporate_action", int(new), int(not new))
            self._clocks.add("flush", t0, c0)
            if not self._in_add:
                self._clocks.add("flush_between", t0, c0)
        self._pending = 0

    def wait(self) -> None:
        """Nothing runs in the background."""

    def close(self) -> None:
        """Nothing to release before :meth:`finish`."""

    def _tally(self, kind: str, created: int, present: int, tag: Any = None) -> None:
        self.counts.loaded += created
        self.counts.merged += present
        self.counts.by_type[kind] += created
        tagged = self.counts.by_tag.setdefault(self._tag if tag is None else tag, [0, 0, 0])
        tagged[0] += created
        tagged[1] += present

    # -- the end of the run -------------------------------------------------------------------
    def finish(self) -> int:
        """Chains, files, import, restart, schema, corporate actions; returns actions applied."""
        self.flush()
        self._intake_stages()
        if self._workers is not None:
            with _stage(self.timings, "workers_staged"):  # waiting for them, their stubs and counts
                self._join_workers()
        # online, every action is applied at the end when the run loaded anything new
        actions = self._actions.in_order if self.counts.loaded else (lambda: iter(()))
        with _stage(self.timings, "settle"):  # the rows chains and actions can change, back from disk
            parties = action_parties(actions(), self._resolve, self.resolver)
            hot = self.staged.settle(parties)
        with _stage(self.timings, "chains"):
            self.counts.rechained += hot.rechain()
            hot.forget_facts()  # planned: the actions and the files need the rows, not their facts
            if self._workers is not None:  # theirs (planned there), and their edges at the actions' parties
                edges, rechained = self._workers.hot(parties)
                self.counts.rechained += rechained
                for rtype in list(edges):
                    hot.edges[rtype].update(edges.pop(rtype))
            del parties  # every use is above; at a first load's size a set of millions of keys
        with _stage(self.timings, "corporate_actions"):
            applied = apply_actions(hot, actions(), self._resolve, self.resolver)
        self._actions.close()
        with _stage(self.timings, "write_files"):
            files = write_staged(self.staged, self.workdir)
            if self._workers is not None:
                parts, self.timings["workers"] = self._workers.written()
                for part in parts:
                    files.nodes += part.nodes
                    files.relationships += part.relationships
                    files.node_count += part.node_count
                    files.relationship_count += part.relationship_count
                self._workers = None
            self.staged.close()
            shutil.rmtree(self.staged.folder, ignore_errors=True)
        self.timings["files"] = {"nodes": files.node_count, "relationships": files.relationship_count,
                                 "bytes": sum(p.stat().st_size for p in files.folder.rglob("*.csv"))}
        self.staged = SpooledStaged(self.workdir / "spool")  # the rows are in the files now (never spooled to)
        with _stage(self.timings, "import_and_restart"):
            run = import_into_local(self.settings, files)
        self.timings["importer"] = vars(run)
        self.graph.renew()  # a new store: the old connection's bookmarks do not apply to it
        with _stage(self.timings, "schema"):
            # constraints and indexes populated over the imported store: at registry size (the
            # full-text index of names over millions of entities and aliases) well past 5 minutes
            self.graph.apply_schema(wait_seconds=SCHEMA_WAIT_SECONDS)
        if not self.keep_files:
            shutil.rmtree(self.workdir, ignore_errors=True)
        self._totals()
        memory_study.stop()
        restore(self._gc_before)
        return applied

    def _intake_stages(self) -> None:
        """What happened while records came in: the readers' time is the rest of the wall time
        since this loader was made (the caller reads between calls to ``add``)."""
        c = self._clocks
        wall, cpu = time.monotonic() - self._born[0], _cpu() - self._born[1]
        inside = ("intake", "flush_between")
        self.timings["read_validate"] = _spent(wall - c.wall(*inside), cpu - c.cpu(*inside),
                                               "readers and record validation, between loader calls")
        # entity records are registered in add(), outside the flushes nested in it
        register = (c.wall(*inside) - c.wall("flush"), c.cpu(*inside) - c.cpu("flush"))
        self.timings["resolve"] = _spent(register[0] + c.wall("resolve_mentions"),
                                         register[1] + c.cpu("resolve_mentions"),
                                         "entities registered, mentions resolved")
        self.timings["write_parts"] = _spent(c.wall("flush") - c.wall("resolve_mentions"),
                                             c.cpu("flush") - c.cpu("resolve_mentions"),
                                             "rows built, conflicts screened, staged and spooled to disk")
        self.timings["records_prepared_in_reader"] = self._prepared  # graph.load.prepared
        self.timings["peak_rss_mb_after_intake"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)

    def _totals(self) -> None:
        run = self.timings.get("importer", {})
        # no python_cpu_seconds key: a reader summing the stages does not count it twice
        self.timings["total"] = {"seconds": round(time.monotonic() - self._born[0], 2),
                                 "cpu_seconds": round(_cpu() - self._born[1], 2),
                                 "importer_cpu_seconds": run.get("cpu_seconds"),
                                 "note": "the loader's creation to the schema built; CPU: this process"}
        me = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        self.timings["peak_rss_mb"] = {"python": round(me, 1), "largest_child": round(kids, 1)}


def _spent(wall: float, cpu: float, note: str) -> dict[str, Any]:
    return {"seconds": round(wall, 2), "python_cpu_seconds": round(cpu, 2), "note": note}


class _stage:
    """Wall and Python CPU seconds of one stage, into ``timings[name]``, with the process's
    peak and current RSS after it; under ``tracemalloc`` (:mod:`.memory_study`) also the
    stage's own heap peak and the largest allocation sites alive at its end."""

    def __init__(self, timings: dict[str, Any], name: str) -> None:
        self.timings, self.name = timings, name

    def __enter__(self) -> None:
        self.t0, self.c0 = time.monotonic(), _cpu()
        memory_study.stage_started()

    def __exit__(self, *_: object) -> None:
        self.timings[self.name] = {"seconds": round(time.monotonic() - self.t0, 2),
                                   "python_cpu_seconds": round(_cpu() - self.c0, 2),
                                   # the process's peak so far: which stage raised it
                                   "peak_rss_mb_after": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
                                   "rss_mb_now": memory_study.rss_mb_now(),
                                   **memory_study.stage_ended()}
