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

import resource
import shutil
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ownergraph.graph.load.batch_rows import build_rows
from ownergraph.graph.load.rows import clock_props
from ownergraph.graph.load.bulk.actions import apply_actions
from ownergraph.graph.load.bulk.conflicts import screen_staged
from ownergraph.graph.load.bulk.files import write_staged
from ownergraph.graph.load.bulk.importer import import_into_local
from ownergraph.graph.load.bulk.staged import Staged
from ownergraph.domain.settings import Settings
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.intake import RecordIntake
from ownergraph.graph.load.loader import DEFAULT_BATCH, KeyResolver, LoadCounts
from ownergraph.domain.errors import OwnergraphError
from ownergraph.domain.model import CorporateAction, Entity


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


class BulkLoader(RecordIntake):
    """``graph.load.loader.Loader``'s interface for a first load through the importer (module text)."""

    def __init__(self, graph: Graph, resolver: KeyResolver, settings: Settings, *,
                 batch_size: int = DEFAULT_BATCH, workdir: Path | None = None, keep_files: bool = False) -> None:
        refusal = bulk_refusal(settings, graph)
        if refusal:
            raise BulkNotPossible(refusal)
        self.graph = graph
        self.resolver = resolver
        self.settings = settings
        self.batch_size = batch_size
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%fZ")
        self.workdir = workdir or settings.home / "bulk" / stamp
        self.keep_files = keep_files
        self.counts = LoadCounts()
        self.staged = Staged()
        self.timings: dict[str, Any] = {}  # stage -> wall / CPU seconds (bench/ingest --bulk)
        self._tag: Any = None
        self._records: list[Any] = []
        self._entities: list[tuple[str, Entity]] = []
        self._known: set[str] = set()
        self._aliases_seen: set[int] = set()
        self._actions: list[CorporateAction] = []  # first occurrences, in load order
        self._action_sids: set[str] = set()
        self._pending = 0
        self._stage_s = [0.0, 0.0]  # rows + staging: wall, CPU

    # -- the online loader's intake (RecordIntake: add, _resolve) ------------------------------
    def set_tag(self, tag: Any) -> None:
        self._tag = tag

    def flush(self, *, wait: bool = True) -> None:  # noqa: ARG002 - no writer thread: always done
        if self._records or self._entities:
            t0, c0 = time.monotonic(), _cpu()
            rows = build_rows(self._entities, self._records, self._resolve, self._known, self._aliases_seen)
            self._records, self._entities = [], []
            conflicts = screen_staged(self.staged, rows, self.batch_size)  # as Loader._write_batch does
            if conflicts:
                self.counts.quarantined += len(conflicts)
                self.counts.conflicts += [(self._tag, q) for q in conflicts]
                self.counts.by_tag.setdefault(self._tag, [0, 0, 0])[2] += len(conflicts)
            for kind, created, present in self.staged.apply_batch(rows):
                self._tally(kind, created, present)
            for action in rows["actions"]:  # counted as online (Loader._count_actions)
                sid = clock_props(action)["statement_id"]
                new = sid not in self._action_sids
                if new:
                    self._action_sids.add(sid)
                    self._actions.append(action)
                self._tally("corporate_action", int(new), int(not new))
            self._stage_s[0] += time.monotonic() - t0
            self._stage_s[1] += _cpu() - c0
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
        self.timings["rows_and_staging"] = {"seconds": round(self._stage_s[0], 2),
                                            "python_cpu_seconds": round(self._stage_s[1], 2)}
        with _stage(self.timings, "chains"):
            self.counts.rechained += self.staged.rechain()
        with _stage(self.timings, "corporate_actions"):
            # online, every action is applied at the end when the run loaded anything new
            applied = (apply_actions(self.staged, self._actions, self._resolve, self.resolver)
                       if self.counts.loaded else 0)
            self._actions = []
        with _stage(self.timings, "write_files"):
            files = write_staged(self.staged, self.workdir)
        self.timings["files"] = {"nodes": files.node_count, "relationships": files.relationship_count,
                                 "bytes": sum(p.stat().st_size for p in files.folder.glob("*.csv"))}
        self.staged = Staged()  # the rows are in the files now
        with _stage(self.timings, "import_and_restart"):
            run = import_into_local(self.settings, files)
        self.timings["importer"] = vars(run)
        self.graph.renew()  # a new store: the old connection's bookmarks do not apply to it
        with _stage(self.timings, "schema"):
            self.graph.apply_schema()  # constraints and indexes populated over the imported store
        if not self.keep_files:
            shutil.rmtree(self.workdir, ignore_errors=True)
        return applied


class _stage:
    """Wall and Python CPU seconds of one stage, into ``timings[name]``."""

    def __init__(self, timings: dict[str, Any], name: str) -> None:
        self.timings, self.name = timings, name

    def __enter__(self) -> None:
        self.t0, self.c0 = time.monotonic(), _cpu()

    def __exit__(self, *_: object) -> None:
        self.timings[self.name] = {"seconds": round(time.monotonic() - self.t0, 2),
                                   "python_cpu_seconds": round(_cpu() - self.c0, 2)}
