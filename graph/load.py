"""Bitemporal, idempotent loading of resolved records into Neo4j.

- Every statement is merged on its ``statement_id`` (content hash): loading the same file
  twice creates nothing the second time.
- Versions of one fact share a ``fact_key``; after each batch the knowledge-time chain of
  every fact that gained a version is recomputed: each version's ``known_to`` is the next
  version's ``known_from`` (or a retraction's), the latest stays open. A fact seen for the
  first time (no other version, no retraction) is already correct (open) and is not
  rechained. Nothing is ever deleted.
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
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from typing import Any, Protocol

from ownergraph.graph._rows import KNOWN_MAX, REL_TYPES, VALID_MAX, VALID_MIN, clock_props, edge_props
from ownergraph.graph.connection import Graph
from ownergraph.ingest.model import (
    EDGE_TYPE_OF, CorporateAction, Disclosure, EdgeBase, Entity, EntityRef, Holding,
    ReportingException, Retraction, Sanction,
)

DEFAULT_BATCH = 20000  # records per flush and rows per UNWIND
_NODE_KINDS = ("Sanction", "ReportingException", "Holding")
_ALIAS_MEMORY = 500_000  # alias rows remembered to skip rewriting unchanged ones
_ACTION_CHUNK = 2000  # corporate actions applied per resolver batch at the end of a run


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
    by_tag: dict[Any, list[int]] = field(default_factory=dict)  # tag -> [loaded, merged]


def _ref_label(ref: EntityRef) -> str:
    return ref.name or ref.lei or f"{ref.value}"


def _clean(props: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in props.items() if v is not None}


def _refs_of(rec: Any) -> list[EntityRef]:
    """The mentions of ``rec`` that need keys, in a fixed order (see :meth:`Loader._rows`)."""
    match rec:
        case EdgeBase():
            return [rec.source, rec.target]
        case Sanction() | ReportingException():
            return [rec.entity]
        case Holding():
            return [rec.issuer]
        case Disclosure():
            return ([rec.filer] if rec.filer else []) + list(rec.mentions)
        case CorporateAction():
            return [r for r in (rec.subject, rec.counterparty, rec.previous_controller) if r is not None]
        case Entity():
            return [rec.successor] if rec.successor is not None else []
    return []


# -- compact row transport ---------------------------------------------------------------
# The driver's pure-Python packstream costs ~0.3-0.7 ms per row of ~15 properties (every map
# key and value is packed one by one); a batch of 20k rows cost more Python time than the
# server spent writing it. Rows are therefore sent as ONE string: fields joined by \x1f,
# rows by \x1e, and the query rebuilds each row map with typed conversions. Rows are grouped
# by shape (which fields are present, with which type) so an absent field stays absent (a
# ``SET n += row.props`` must not remove properties). Rows with a value of another type, or
# a string containing a separator, travel as plain maps.
_FS, _RS = "\x1f", "\x1e"
_UNWIND = "UNWIND $rows AS row"
_CONV = {str: "f[{i}]", int: "toInteger(f[{i}])", float: "toFloat(f[{i}])", bool: "f[{i}] = 't'",
         date: "date(f[{i}])", datetime: "datetime(f[{i}])"}


def _enc(v: Any) -> tuple[type, str] | None:
    t = type(v)
    if t is str:
        return (str, v) if _FS not in v and _RS not in v else None
    if t is bool:
        return bool, "t" if v else "f"
    if t is int:
        return (int, str(v)) if -(2 ** 63) <= v < 2 ** 63 else None
    if t is float:
        return (float, repr(v)) if math.isfinite(v) else None
    if t is datetime:
        return (datetime, v.isoformat()) if v.tzinfo is timezone.utc else None
    if t is date:
        return date, v.isoformat()
    return None


def _shape_of(row: dict[str, Any]) -> tuple[tuple[Any, ...], list[str]] | None:
    shape: list[Any] = []
    vals: list[str] = []
    for k, v in row.items():
        if v is None:
            continue
        if k == "props" and type(v) is dict:
            inner = []
            for pk, pv in v.items():
                if pv is None:
                    continue
                e = _enc(pv)
                if e is None:
                    return None
                inner.append((pk, e[0]))
                vals.append(e[1])
            shape.append(("props", tuple(inner)))
            continue
        e = _enc(v)
        if e is None:
            return None
        shape.append((k, e[0]))
        vals.append(e[1])
    return tuple(shape), vals


def _row_expr(shape: tuple[Any, ...]) -> str:
    i = 0
    parts = []
    for k, t in shape:
        if k == "props" and isinstance(t, tuple):
            inner = []
            for pk, pt in t:
                inner.append(f"`{pk}`: " + _CONV[pt].format(i=i))
                i += 1
            parts.append("props: {" + ", ".join(inner) + "}")
        else:
            parts.append(f"`{k}`: " + _CONV[t].format(i=i))
            i += 1
    return "{" + ", ".join(parts) + "}"


def encode_rows(query: str, rows: Sequence[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    """(query text, parameters) pairs that write ``rows`` with ``query`` (whose rows come from
    ``UNWIND $rows AS row``): one per row shape, rows packed into a single string."""
    if _UNWIND not in query:
        raise ValueError("query does not read UNWIND $rows AS row")
    groups: dict[tuple[Any, ...], list[str]] = {}
    plain: list[dict[str, Any]] = []
    for row in rows:
        sv = _shape_of(row)
        if sv is None or not sv[1]:
            plain.append(row)
        else:
            groups.setdefault(sv[0], []).append(_FS.join(sv[1]))
    out = []
    for shape, lines in groups.items():
        head = (f"UNWIND split($blob, '\\u001e') AS line WITH split(line, '\\u001f') AS f "
                f"WITH {_row_expr(shape)} AS row")
        out.append((query.replace(_UNWIND, head, 1), {"blob": _RS.join(lines)}))
    if plain:
        out.append((query, {"rows": plain}))
    return out


class _Batched:
    """A ``Graph`` stand-in (read / write / write_rows) that runs many small statements in a
    few transactions: corporate actions are several tiny queries each, and a commit per
    query dominated their cost. Statements of the open transaction are replayed on a
    transient error (they are deterministic given the state before the transaction)."""

    def __init__(self, graph: Graph, per_tx: int = 500) -> None:
        self.graph = graph
        self.per_tx = per_tx
        self._session: Any = None
        self._tx: Any = None
        self._log: list[tuple[str, dict[str, Any]]] = []

    def __enter__(self) -> _Batched:
        # the driver behind Graph: one session, explicit transactions (same package)
        self._session = self.graph._driver.session(database=self.graph.database)
        return self

    def __exit__(self, exc_type: object, *_: object) -> None:
        try:
            if exc_type is None:
                self.commit()
            elif self._tx is not None:
                self._tx.close()
        finally:
            self._session.close()

    def _begin(self) -> None:
        self._tx = self._session.begin_transaction()
        for text, params in self._log:
            self._tx.run(text, params).consume()

    def _retrying(self, fn: Any) -> Any:
        from neo4j.exceptions import TransientError

        for attempt in range(4):
            try:
                if self._tx is None:
                    self._begin()
                return fn()
            except TransientError:
                if self._tx is not None:
                    self._tx.close()
                self._tx = None
                if attempt == 3:
                    raise
        raise AssertionError("unreachable")

    def commit(self) -> None:
        if self._tx is None:
            return

        def do() -> None:
            self._tx.commit()

        self._retrying(do)
        self._tx = None
        self._log = []

    def _run(self, query: str, params: dict[str, Any], rows: bool) -> Any:
        text = self.graph._text(query)

        def do() -> Any:
            result = self._tx.run(text, params)
            return [r.data() for r in result] if rows else result.consume().counters

        out = self._retrying(do)
        self._log.append((text, params))
        if len(self._log) >= self.per_tx:
            self.commit()
        return out

    def read(self, query: str, **params: Any) -> list[dict[str, Any]]:
        return self._run(query, params, True)

    def write_rows(self, query: str, **params: Any) -> list[dict[str, Any]]:
        return self._run(query, params, True)

    def write(self, query: str, **params: Any) -> Any:
        return self._run(query, params, False)


class Loader:
    """Buffers records and writes them in batches; call :meth:`flush` at the end.

    With ``defer_actions`` corporate actions are only counted at flush time and applied by
    :meth:`finish`, once, in effective-date order together with every stored action (so an
    action also reaches edges loaded after it); without it they are applied at each flush.
    """

    def __init__(self, graph: Graph, resolver: KeyResolver, batch_size: int = DEFAULT_BATCH, *,
                 defer_actions: bool = False, background: bool = False) -> None:
        self.graph = graph
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
        # deferred actions as (sort date, statement id, JSON): a model is ~5.6 KB, its JSON ~0.8
        self._actions: list[tuple[date, str, str]] = []
        self._action_sids: set[str] = set()  # actions counted this run (deferred mode)
        self._pending = 0

    # -- intake -------------------------------------------------------------------------
    def add(self, rec: Any) -> None:
        match rec:
            case Entity():
                self._entities.append((self.resolver.register(rec), rec))
            case EdgeBase() | Sanction() | ReportingException() | Disclosure() | Holding() \
                    | CorporateAction() | Retraction():
                self._records.append(rec)
            case _:
                raise TypeError(f"cannot load a {type(rec).__name__}")
        self._pending += 1
        if self._pending >= self.batch_size:
            self.flush(wait=False)

    def _resolve(self, refs: Sequence[EntityRef]) -> list[str]:
        batch = getattr(self.resolver, "keys_of", None)
        if batch is not None:
            return list(batch(refs))
        return [self.resolver.key_of(r) for r in refs]

    # -- rows ---------------------------------------------------------------------------
    def _rows(self) -> dict[str, Any]:
        """Turn the buffered records into row lists, resolving all mentions in one batch."""
        entities, records = self._entities, self._records
        refs: list[EntityRef] = []
        for _, ent in entities:
            refs.extend(_refs_of(ent))
        for rec in records:
            refs.extend(_refs_of(rec))
        keys = self._resolve(refs)
        stubs: dict[str, dict[str, Any]] = {}
        new_entities = {k for k, _ in entities}
        it: Iterator[str] = iter(keys)
        pairs = zip(refs, keys)

        def key() -> str:
            return next(it)

        # stubs: every mentioned key this loader has not written and no record of this batch is
        for ref, k in pairs:
            if k not in self._known and k not in new_entities and k not in stubs:
                stubs[k] = {"key": k, "name": _ref_label(ref), "lei": ref.lei,
                            "kind": ref.kind.value if ref.kind else "unknown",
                            "jurisdiction": ref.jurisdiction}

        entity_rows, alias_rows = [], []
        for k, rec in entities:
            props = clock_props(rec) | {
                "name": rec.name, "kind": rec.kind.value, "jurisdiction": rec.jurisdiction,
                "status": rec.status, "expiration_reason": rec.expiration_reason,
                "lei": rec.ref.lei if rec.ref.lei == k else None,
            }
            if rec.successor is not None:
                props["successor_key"] = key()
            entity_rows.append({"key": k, "statement_id": props["statement_id"], "props": _clean(props)})
            for alias in rec.aliases:
                value = alias.value.casefold() if alias.scheme.value == "name" else alias.value
                row = {"key": f"{alias.scheme.value}|{value}", "scheme": alias.scheme.value,
                       "value": alias.value, "kind": alias.kind.value, "entity": k,
                       "valid_from": alias.valid_from or VALID_MIN,
                       "valid_to": alias.valid_to or VALID_MAX, "fact_key": rec.key()}
                # ALIAS_OF merges on (alias, kind, entity) and sets the rest on create only:
                # a row already written this run changes nothing
                h = hash((row["key"], row["kind"], k))
                if len(self._aliases_seen) > _ALIAS_MEMORY:
                    self._aliases_seen.clear()  # bounded: repeats are mostly near each other
                if h not in self._aliases_seen:
                    self._aliases_seen.add(h)
                    alias_rows.append(row)

        edges: dict[str, list[dict[str, Any]]] = defaultdict(list)
        nodes: dict[str, list[dict[str, Any]]] = defaultdict(list)
        actions: list[CorporateAction] = []
        for rec in records:
            match rec:
                case EdgeBase():
                    props = edge_props(rec)
                    edges[EDGE_TYPE_OF[type(rec)].value].append(
                        {"source": key(), "target": key(), "statement_id": props["statement_id"],
                         "props": props})
                case Sanction():
                    nodes["Sanction"].append(self._node_row(rec, key(), {
                        "authority": rec.authority, "programme": rec.programme}))
                case ReportingException():
                    nodes["ReportingException"].append(self._node_row(rec, key(), {
                        "level": rec.level.value, "reason": rec.reason.value, "reference": rec.reference}))
                case Disclosure():
                    filer = key() if rec.filer else None
                    mentions = sorted({key() for _ in rec.mentions})
                    props = clock_props(rec) | {
                        "document_id": rec.document_id, "form_type": rec.form_type, "filed_at": rec.filed_at,
                        "period": rec.period, "title": rec.title, "text": rec.text, "text_ref": rec.text_ref}
                    nodes["Document"].append({"document_id": rec.document_id, "statement_id": props["statement_id"],
                                              "props": _clean(props), "filer": filer, "mentions": mentions})
                case Holding():
                    props = clock_props(rec) | {"portfolio": rec.portfolio, "instrument": rec.instrument,
                                                "amount": rec.amount, "currency": rec.currency,
                                                "instrument_type": rec.instrument_type}
                    nodes["Holding"].append({"entity": key(), "portfolio": rec.portfolio,
                                             "statement_id": props["statement_id"], "props": _clean(props)})
                case CorporateAction():
                    for _ in _refs_of(rec):
                        key()  # keys (and stubs) made now; the action resolves them again when applied
                    actions.append(rec)
                case Retraction():
                    nodes["Retraction"].append({
                        "statement_id": f"{rec.fact_key}@{rec.known_from.isoformat()}",
                        "props": {"fact_key": rec.fact_key, "known_from": rec.known_from,
                                  "source_system": rec.provenance.source_system,
                                  "source_record_id": rec.provenance.source_record_id}})
        # decided here, on the caller's thread: batches are written in order, so a later
        # batch may rely on these keys existing
        self._known.update(stubs)
        self._known.update(new_entities)
        return {"stubs": list(stubs.values()), "entities": entity_rows, "aliases": alias_rows,
                "edges": edges, "nodes": nodes, "actions": actions}

    @staticmethod
    def _node_row(rec: Any, entity: str, extra: dict[str, Any]) -> dict[str, Any]:
        props = clock_props(rec) | extra
        return {"entity": entity, "statement_id": props["statement_id"], "props": _clean(props)}

    # -- writes -------------------------------------------------------------------------
    def _write(self, query: str, rows: list[dict[str, Any]], kind: str | None = None,
               **params: Any) -> tuple[int, int, set[str]]:
        """Write rows with a MERGE query returning ``created`` (and, for a versioned ``kind``,
        ``created_keys``); (created, already present, fact keys whose chain needs a rechain)."""
        if not rows:
            return 0, 0, set()
        from ownergraph import cypher

        text = cypher.load(query) if query.isidentifier() else query
        created = 0
        created_keys: set[str] = set()
        for i in range(0, len(rows), self.batch_size):
            for part, args in encode_rows(text, rows[i: i + self.batch_size]):
                result = self.graph.write_rows(part, known_max=KNOWN_MAX, **args, **params)
                if result and "created" in result[0]:
                    created += int(result[0]["created"])
                    created_keys.update(result[0].get("created_keys") or ())
        rechain = self._needing_rechain(kind, rows, created_keys) if kind and created_keys else set()
        return created, len(rows) - created, rechain

    def _needing_rechain(self, kind: str, rows: list[dict[str, Any]], created: set[str]) -> set[str]:
        """Of the facts that gained a version: those with another version (in this batch or
        stored) or a retraction. A fact seen for the first time is open and already right."""
        sids: dict[str, set[str]] = defaultdict(set)
        for r in rows:
            fk = r["props"]["fact_key"]
            if fk in created:
                sids[fk].add(r["statement_id"])
        out = {fk for fk, ss in sids.items() if len(ss) > 1}
        ask = [{"fk": fk, "sids": "\x1d".join(sorted(ss))} for fk, ss in sids.items() if fk not in out]
        text = self.graph_text("load_versions", kind)
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
            tagged = self.counts.by_tag.setdefault(self._batch_tag, [0, 0])
            tagged[0] += created
            tagged[1] += present

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
        if rows["stubs"]:
            self._write("load_stub_entities", rows["stubs"])
        if rows["entities"]:
            created, present, _ = self._write("load_entities", rows["entities"])
            self._tally("entity", created, present)
            self._write("load_aliases", rows["aliases"])
        touched: dict[str, set[str]] = defaultdict(set)
        for rtype, edge_rows in rows["edges"].items():
            created, present, rechain = self._write(self.graph_text("load_edges", rtype), edge_rows, rtype)
            self._tally(rtype, created, present)
            touched[rtype] |= rechain
        retracted: set[str] = set()
        for label, node_rows in rows["nodes"].items():
            created, present, rechain = self._write(f"load_{label.lower()}", node_rows,
                                                    label if label in _NODE_KINDS else None)
            self._tally(label, created, present)
            if label in _NODE_KINDS:
                touched[label] |= rechain
            if label == "Retraction":
                retracted.update(r["props"]["fact_key"] for r in node_rows)
        self._rechain(touched, retracted)
        if self.defer_actions:
            self._count_actions(rows["actions"])
        else:
            self._apply_actions(rows["actions"])

    def _rechain(self, touched: dict[str, set[str]], retracted: set[str]) -> None:
        for kind, keys in touched.items():
            self._rechain_kind(kind, keys)
        if retracted:
            self.graph.write("retract_entities", keys=sorted(retracted))
            for kind in [t.value for t in EDGE_TYPE_OF.values()] + list(_NODE_KINDS):
                self._rechain_kind(kind, retracted - touched.get(kind, set()))

    def _rechain_kind(self, kind: str, keys: Iterable[str]) -> None:
        keys = sorted(keys)
        if not keys:
            return
        self.counts.rechained += len(keys)
        text = self.graph_text("rechain", kind)
        for i in range(0, len(keys), self.batch_size):
            self.graph.write(text, keys=keys[i: i + self.batch_size], known_max=KNOWN_MAX)

    @staticmethod
    def graph_text(name: str, kind: str) -> str:
        """A named query with its relationship type / label fixed from the domain's closed set."""
        from ownergraph import cypher

        node_labels = {"Sanction", "ReportingException"}
        rtype = "HOLDS" if kind == "Holding" else kind
        if rtype not in node_labels | REL_TYPES:
            raise ValueError(f"not a storable type: {kind!r}")
        pattern = (f"(r:{rtype} {{fact_key: fk}})" if rtype in node_labels
                   else f"()-[r:{rtype} {{fact_key: fk}}]->()")
        hint = f"USING INDEX SEEK r:{rtype}(fact_key)"  # a scan satisfies a plain hint
        return (cypher.load(name).replace("$$MATCH$$", pattern).replace("$$HINT$$", hint)
                .replace("$$TYPE$$", rtype))

    # -- corporate actions ------------------------------------------------------------------
    @contextmanager
    def _batched(self) -> Iterator[_Batched]:
        with _Batched(self.graph) as b:
            yield b

    def _apply_actions(self, actions: list[CorporateAction], *, again: bool = False) -> None:
        from ownergraph.graph.actions import apply_corporate_action

        if not actions:
            return
        with self._batched() as g:
            for action in actions:
                created = apply_corporate_action(g, action, self.resolver, again=again)  # type: ignore[arg-type]
                self._tally("corporate_action", int(created), int(not created))

    def _count_actions(self, actions: list[CorporateAction]) -> None:
        """Deferred mode: count each action as loaded (new) or merged (stored already, or
        seen earlier in this run) now, so per-file counts add up; :meth:`finish` applies."""
        if not actions:
            return
        sids = [clock_props(a)["statement_id"] for a in actions]
        stored = {r["sid"] for r in self.graph.read(
            "UNWIND $sids AS sid MATCH (c:CorporateAction {statement_id: sid}) RETURN sid",
            sids=sorted(set(sids)))}
        for action, sid in zip(actions, sids):
            if sid not in self._action_sids:
                self._actions.append((action.valid_from or VALID_MIN, sid, action.model_dump_json()))
            new = sid not in stored and sid not in self._action_sids
            self._action_sids.add(sid)
            self._tally("corporate_action", int(new), int(not new))

    def finish(self) -> int:
        """End of a run: flush, then apply corporate actions. In deferred mode every action,
        stored or new, is applied once in effective-date order when this run loaded anything
        new (an action must reach edges and entity versions loaded after it; re-applying one
        changes nothing it already changed); a run that loaded nothing new applies nothing.
        Returns how many actions were applied."""
        from ownergraph.graph.actions import apply_corporate_action

        self.flush()
        if not self.defer_actions:
            return 0
        pending, self._actions = self._actions, []
        if not self.counts.loaded:
            return 0  # nothing new (not even an action): the stored actions are all applied
        todo: dict[str, tuple[date, str]] = {}  # statement id -> (sort date, JSON)
        for row in self.graph.read("action_all"):
            a = CorporateAction.model_validate_json(row["record"])
            todo[clock_props(a)["statement_id"]] = (a.valid_from or VALID_MIN, row["record"])
        for day, sid, record in pending:
            todo.setdefault(sid, (day, record))
        order = [record for _, (_, record) in sorted(todo.items(), key=lambda kv: (kv[1][0], kv[0]))]
        del todo, pending
        if not order:
            return 0
        with self._batched() as g:
            # models only for a chunk at a time; the resolver's cache is warmed with one batch
            # for every mention of the chunk
            for i in range(0, len(order), _ACTION_CHUNK):
                actions = [CorporateAction.model_validate_json(r) for r in order[i: i + _ACTION_CHUNK]]
                self._resolve([r for a in actions for r in _refs_of(a)])
                for action in actions:
                    apply_corporate_action(g, action, self.resolver, again=True)  # type: ignore[arg-type]
        return len(order)
