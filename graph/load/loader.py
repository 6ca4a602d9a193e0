"""Bitemporal, idempotent loading of resolved records into Neo4j.

- Every statement is merged on its ``statement_id`` (content hash): loading the same file
  twice creates nothing the second time.
- Versions of one fact share a ``fact_key``; after each batch the history of every fact
  that gained a version is re-planned (:mod:`ownergraph.graph.load.history`): a later version
  closes the earlier one in knowledge time, and where it reports a change (not a correction)
  the earlier holder and stake stay valid until the change date, as a carried piece. A fact
  seen for the first time (no other version, no retraction) is already correct (open) and is
  not rechained. Nothing stated is ever deleted.
- A new version of a filing (an amendment, a document re-filed) closes the text claims of the
  earlier version in knowledge time (:mod:`ownergraph.graph.load.amendments`).
- Corporate actions are applied once (their node is the idempotency guard) as version splits:
  the affected edge is closed in knowledge time and re-stated with its new valid time.

Resolution is batched: Entity records are registered as they arrive; every other record is
buffered raw and its mentions (EntityRef) are resolved at flush time, all distinct mentions
of the batch in one ``keys_of`` call (one splink run for the name-only remainder). So an
entity anywhere in a batch is known to every mention of that batch; a mention in an earlier
batch keeps the key (possibly a stub) it got then (as before: a file of mentions loaded before
the file registering the entity gives a stub, and a second run then resolves it to the entity).

Throughput (see bench/ingest): batches of 20k rows, rows sent as one string per query (the
driver's pure-Python packing was the largest Python cost), stub nodes only for keys this run
has not written, corporate actions applied once at the end in few transactions, and
(``background``) a writer thread that writes one batch while the caller reads the next.
Lean incremental runs (``lean``, the default): statements stored already are found with one
read per batch and not sent again (``_stored``), and at the end only the stored actions with a
party the run wrote at are re-applied (a 1% delta re-applied every action before).

Sections elsewhere: ``load_rows`` (records -> rows), ``_transport`` (packed rows, batched
transactions), ``rechain`` + ``history`` (a fact's bitemporal history after each batch).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol

from ownergraph import cypher
from ownergraph.graph.load.intake import RecordIntake
from ownergraph.graph.load.deferred_actions import ActionLedger
from ownergraph.graph.load.batch_rows import build_rows
from ownergraph.graph.load.rows import KNOWN_MAX
from ownergraph.graph.load.stored import edges_without_stored, entities_without_stored
from ownergraph.graph.load.transport import Batched, encode_rows
from ownergraph.graph.load.versioned import NODE_KINDS, Written, write_versioned
from ownergraph.graph.load.amendments import superseded
from ownergraph.graph.load.conflicts import screen
from ownergraph.graph.store.connection import Graph, Query
from ownergraph.graph.load.rechain import query_for, rechain
from ownergraph.domain.model import EDGE_TYPE_OF, CorporateAction, Entity, EntityRef, Quarantined

DEFAULT_BATCH = 20000  # records per flush and rows per UNWIND
_NODE_KINDS = ("Sanction", "ReportingException", "Holding")


def _fact_keys(rows: list[dict[str, Any]]) -> set[str]:
    return {r["props"]["fact_key"] for r in rows}


class KeyResolver(Protocol):
    """What loading needs from ``resolution``: canonical keys for entities and mentions.

    A resolver may also offer ``keys_of(refs) -> list[str]`` (batch resolution); the loader
    uses it when present."""

    def register(self, entity: Entity) -> str: ...

    def key_of(self, ref: EntityRef) -> str: ...


@dataclass
class LoadCounts:
    loaded: int = 0  # new statements written
    merged: int = 0  # statements already present (identical content) or folded into an entity
    by_type: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    rechained: int = 0  # fact keys whose knowledge chain was recomputed
    one_statement: int = 0  # versions written with their fact's history in one statement (lean)
    actions_applied: int = 0  # corporate actions (re-)applied by finish (deferred mode)
    quarantined: int = 0  # conflicting statements taken out before writing (graph.conflicts)
    superseded: int = 0  # text claims closed by a later version of their filing (graph.amendments)
    conflicts: list[tuple[Any, Quarantined]] = field(default_factory=list)  # (tag, entry)
    by_tag: dict[Any, list[int]] = field(default_factory=dict)  # tag -> [loaded, merged, quarantined]


class Loader(RecordIntake):
    """Buffers records and writes them in batches; call :meth:`flush` at the end.

    With ``defer_actions`` corporate actions are only counted at flush time and applied by
    :meth:`finish`, once, in effective-date order together with every stored action (so an
    action also reaches edges loaded after it); without it they are applied at each flush.
    """

    def __init__(self, graph: Graph, resolver: KeyResolver, batch_size: int = DEFAULT_BATCH, *,
                 defer_actions: bool = False, background: bool = False, lean: bool = True,
                 one_statement: bool = True) -> None:
        self.graph = graph
        # lean only: a fact's simple history is written with its version in one statement per row
        # shape (graph.load.versioned); False keeps the general path (the benchmark compares)
        self.one_statement = one_statement
        # lean: stored statements are not sent again and only the actions a run can change
        # are re-applied; False writes everything as before (the reference tests compare)
        self.lean = lean
        self.resolver = resolver
        self.batch_size = batch_size
        self.defer_actions = defer_actions
        self.background = background
        self._tag: Any = None
        self._batch_tag: Any = None
        self._writer: Any = None
        self._queue: Any = None
        self._error: BaseException | None = None
        if background and not defer_actions:
            raise ValueError("background writing needs defer_actions (actions resolve mentions)")
        self.counts = LoadCounts()
        self._records: list[Any] = []
        self._entities: list[tuple[str, Entity]] = []  # (key at registration, record)
        self._known: set[str] = set()  # entity keys this loader has written (stub or full)
        self._aliases_seen: set[int] = set()  # hashes of alias rows written this run
        # deferred actions and what the run wrote at which entity (graph._load_actions)
        self._ledger = ActionLedger(graph, lean)
        self._skip_stored: bool | None = None  # decided at the first batch: was anything stored?
        self._pending = 0
        self._documents: list[dict[str, Any]] = []  # documents written (deferred mode), see finish

    # -- rows ---------------------------------------------------------------------------
    def _rows(self) -> dict[str, Any]:
        """Turn the buffered records into row lists, resolving all mentions in one batch."""
        return build_rows(self._entities, self._records, self._resolve, self._known, self._aliases_seen)

    # -- writes -------------------------------------------------------------------------
    def _write(self, query: Query, rows: list[dict[str, Any]], kind: str | None = None,
               **params: Any) -> tuple[int, int, set[str]]:
        """Write rows with a MERGE query returning ``created`` (and, for a versioned ``kind``,
        ``created_keys``); (created, already present, fact keys whose chain needs a rechain)."""
        if not rows:
            return 0, 0, set()
        text = query
        created = 0
        for i in range(0, len(rows), self.batch_size):
            for part, args in encode_rows(text, rows[i: i + self.batch_size]):
                result = self.graph.write_rows(part, known_max=KNOWN_MAX, **args, **params)
                if result and "created" in result[0]:
                    created += int(result[0]["created"])
        # every fact of the batch, not only those that gained a version now: a run killed
        # between writing a batch and rechaining it left versions a rerun finds present
        rechain = self._needing_rechain(kind, rows, _fact_keys(rows)) if kind else set()
        return created, len(rows) - created, rechain

    def _needing_rechain(self, kind: str, rows: list[dict[str, Any]], created: set[str]) -> set[str]:
        """Of the facts ``created`` of ``rows``: those with another version (in this batch or
        stored) or a retraction. A fact seen for the first time is open and already right."""
        sids: dict[str, set[str]] = defaultdict(set)
        for r in rows:
            fk = r["props"]["fact_key"]
            if fk in created:
                sids[fk].add(r["statement_id"])
        out = {fk for fk, ss in sids.items() if len(ss) > 1}
        ask = [{"fk": fk, "sids": "\x1d".join(sorted(ss))} for fk, ss in sids.items() if fk not in out]
        text = query_for("load_versions", kind)
        for i in range(0, len(ask), self.batch_size):
            for part, args in encode_rows(text, ask[i: i + self.batch_size]):
                for row in self.graph.read(part, **args):
                    out.update(row["keys"])
        return out

    def _tally(self, kind: str, created: int, present: int) -> None:
        self.counts.loaded += created
        self.counts.merged += present
        self.counts.by_type[kind] += created
        if self._batch_tag is not None:
            tagged = self.counts.by_tag.setdefault(self._batch_tag, [0, 0, 0])
            tagged[0] += created
            tagged[1] += present

    def _quarantine(self, entries: list[Quarantined]) -> None:
        self.counts.quarantined += len(entries)
        self.counts.conflicts += [(self._batch_tag, q) for q in entries]
        if self._batch_tag is not None:
            self.counts.by_tag.setdefault(self._batch_tag, [0, 0, 0])[2] += len(entries)

    def flush(self, *, wait: bool = True) -> None:
        """Resolve and write the buffered records. With ``background`` the writes of a batch
        run in a writer thread while the caller reads the next one; ``wait`` (default)
        returns only once every batch so far is written (counts final)."""
        if self._records or self._entities:
            rows = self._rows()  # resolution stays on the caller's thread, in batch order
            self._records, self._entities = [], []
            tag = self._tag
            if self.background:
                self._start_writer()
                # hand over only once the previous batch is written: one batch in the writer
                # and one being built, never a third queued between them (~60 MB of rows at
                # 20k records); the writer still never waits while a batch is ready
                self._queue.join()
                self._check_writer()
                self._queue.put((tag, rows))
            else:
                self._write_batch(tag, rows)
        self._pending = 0
        if wait:
            self.wait()

    def wait(self) -> None:
        """Block until the writer thread has written every queued batch; re-raise its error."""
        if self._writer is not None:
            self._queue.join()
        self._check_writer()

    def set_tag(self, tag: Any) -> None:
        """Counts of records added from now on are also kept under ``tag`` (a file)."""
        self._tag = tag

    def _start_writer(self) -> None:
        if self._writer is None:
            import queue
            import threading

            self._queue = queue.Queue(maxsize=1)
            self._writer = threading.Thread(target=self._writer_loop, name="ownergraph-loader", daemon=True)
            self._writer.start()

    def _writer_loop(self) -> None:
        while True:
            tag, rows = self._queue.get()
            try:
                if self._error is None:
                    self._write_batch(tag, rows)
            except BaseException as err:  # handed to the caller at its next flush / wait
                self._error = err
            finally:
                del rows  # not held while waiting for the next batch
                self._queue.task_done()

    def _check_writer(self) -> None:
        if self._error is not None:
            err, self._error = self._error, None
            raise err

    def close(self) -> None:
        """Wait for the writer thread (if any); the loader stays usable."""
        self.wait()

    def _write_batch(self, tag: Any, rows: dict[str, Any]) -> None:
        self._batch_tag = tag
        if self._skip_stored is None:  # a first load into an empty graph has nothing to skip
            self._skip_stored = self.lean and bool(self.graph.read("load_graph_has_entities"))
        if self._skip_stored:  # only stored actions are checked against it: none in a first load
            self._ledger.note(rows)
        # here, on the writer thread: every earlier batch is written, so the look-up sees it
        conflicts = screen(self.graph, rows, self.batch_size)
        if conflicts:
            self._quarantine(conflicts)
        if rows["stubs"]:
            self._write("load_stub_entities", rows["stubs"])
        if rows["entities"]:
            entity_rows, aliases, stored = (
                entities_without_stored(self.graph, rows["entities"], rows["aliases"], self.batch_size)
                if self._skip_stored else (rows["entities"], rows["aliases"], 0))
            created, present, _ = self._write("load_entities", entity_rows)
            self._tally("entity", created, present + stored)
            self._write("load_aliases", aliases)
        touched: dict[str, set[str]] = defaultdict(set)
        # lean, and no filing in the batch (its claims' supersession rechains after the writes):
        # a fact's simple history is written with its version, one statement per row shape
        one_statement = self.lean and self.one_statement and not rows["nodes"].get("Document")
        retracting = {r["props"]["fact_key"] for r in rows["nodes"].get("Retraction", [])}
        for rtype, all_rows in rows["edges"].items():
            done = (write_versioned(self.graph, rtype, all_rows, self.batch_size, retracting)
                    if one_statement else Written(rest=all_rows))
            self.counts.rechained += done.rechained
            self.counts.one_statement += done.written
            edge_rows, stored = (edges_without_stored(self.graph, rtype, done.rest, self.batch_size)
                                 if self._skip_stored else (done.rest, 0))
            created, present, rechain = self._write(cypher.render("load_edges", TYPE=rtype), edge_rows, rtype)
            self._tally(rtype, created + done.written, present + stored + len(done.present))
            if stored:  # skipped as stored, yet maybe never rechained (a killed run wrote them)
                kept = {r["statement_id"] for r in edge_rows}
                skipped = [r for r in done.rest if r["statement_id"] not in kept]
                rechain |= self._needing_rechain(rtype, skipped, _fact_keys(skipped))
            if done.present:
                rechain |= self._needing_rechain(rtype, done.present, _fact_keys(done.present))
            touched[rtype] |= rechain
        retracted: set[str] = set()
        for label, node_rows in rows["nodes"].items():
            done = (write_versioned(self.graph, label, node_rows, self.batch_size, retracting)
                    if one_statement and label in NODE_KINDS else Written(rest=node_rows))
            self.counts.rechained += done.rechained
            self.counts.one_statement += done.written
            created, present, rechain = self._write(f"load_{label.lower()}", done.rest,
                                                    label if label in _NODE_KINDS else None)
            self._tally(label, created + done.written, present + len(done.present))
            if done.present:
                rechain |= self._needing_rechain(label, done.present, _fact_keys(done.present))
            if label in _NODE_KINDS:
                touched[label] |= rechain
            if label == "Retraction":
                retracted.update(r["props"]["fact_key"] for r in node_rows)
        self._rechain(touched, retracted)
        if self.defer_actions:
            self._count_actions(rows["actions"])
        else:
            self._apply_actions(rows["actions"])
        if rows["nodes"].get("Document"):  # after the actions: the edges they wrote are claims too
            docs = [{"document_id": r["document_id"], "filer": r["filer"],
                     "props": {k: r["props"].get(k) for k in ("known_from", "period", "form_type")}}
                    for r in rows["nodes"]["Document"]]
            self._supersede(docs)
            if self.defer_actions:
                self._documents += docs

    def _supersede(self, documents: list[dict[str, Any]]) -> None:
        """A new version of a filing closes the earlier version's claims (graph.amendments)."""
        closing = superseded(self.graph, documents)
        if closing:
            self._write("load_retraction", closing)
            self.counts.superseded += len(closing)
            self._rechain({}, {r["props"]["fact_key"] for r in closing})

    def _rechain(self, touched: dict[str, set[str]], retracted: set[str]) -> None:
        for kind, keys in touched.items():
            self._rechain_kind(kind, keys)
        if retracted:
            self.graph.write("retract_entities", keys=sorted(retracted))
            for kind in [t.value for t in EDGE_TYPE_OF.values()] + list(_NODE_KINDS):
                self._rechain_kind(kind, retracted - touched.get(kind, set()))

    def _rechain_kind(self, kind: str, keys: Iterable[str]) -> None:
        self.counts.rechained += rechain(self.graph, kind, keys, self.batch_size)

    # -- corporate actions ------------------------------------------------------------------
    @contextmanager
    def _batched(self) -> Iterator[Batched]:
        with Batched(self.graph) as b:
            yield b

    def _apply_actions(self, actions: list[CorporateAction], *, again: bool = False) -> None:
        from ownergraph.graph.load.actions import apply_corporate_action

        if not actions:
            return
        with self._batched() as g:
            for action in actions:
                created = apply_corporate_action(g, action, self.resolver, again=again)  # type: ignore[arg-type]
                self._tally("corporate_action", int(created), int(not created))

    def _count_actions(self, actions: list[CorporateAction]) -> None:
        """Deferred mode: count each action as loaded (new) or merged (stored already, or
        seen earlier in this run) now, so per-file counts add up; :meth:`finish` applies."""
        for new in self._ledger.count(actions):
            self._tally("corporate_action", int(new), int(not new))

    def finish(self) -> int:
        """End of a run: flush, apply corporate actions (:meth:`_finish_actions`), then close
        the claims of earlier versions of this run's filings once more, for the edges the
        actions wrote. Returns how many actions were applied."""
        applied = self._finish_actions()
        documents, self._documents = self._documents, []
        if applied and documents:
            self._supersede(documents)
        return applied

    def _finish_actions(self) -> int:
        """Flush, then (deferred mode, when this run loaded anything new) apply the run's
        corporate actions and the stored ones that reach what it wrote
        (:mod:`ownergraph.graph.load.deferred_actions`); how many were applied. A run that loaded
        nothing new applies nothing: the stored actions are all applied."""
        self.flush()
        if not self.defer_actions or not self.counts.loaded:
            self._ledger.discard()
            return 0
        applied = self._ledger.apply(self._batched, self._resolve, self.resolver)
        self.counts.actions_applied += applied
        return applied
