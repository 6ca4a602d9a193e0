"""Bitemporal, idempotent loading of resolved records into Neo4j.

- Every statement is merged on its ``statement_id`` (content hash): loading the same file
  twice creates nothing the second time.
- Versions of one fact share a ``fact_key``; after each batch the knowledge-time chain of every
  touched fact is recomputed: each version's ``known_to`` is the next version's
  ``known_from`` (or a retraction's), the latest stays open. Nothing is ever deleted.
- Corporate actions are applied once (their node is the idempotency guard) as version splits:
  the affected edge is closed in knowledge time and re-stated with its new valid time.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from graph._rows import KNOWN_MAX, VALID_MAX, VALID_MIN, clock_props, edge_props
from graph.connection import Graph
from ingest.model import (
    EDGE_TYPE_OF, CorporateAction, Disclosure, EdgeBase, Entity, EntityRef, Holding,
    ReportingException, Retraction, Sanction,
)


class KeyResolver(Protocol):
    """What loading needs from ``resolution``: canonical keys for entities and mentions."""

    def register(self, entity: Entity) -> str: ...

    def key_of(self, ref: EntityRef) -> str: ...


@dataclass
class LoadCounts:
    loaded: int = 0  # new statements written
    merged: int = 0  # statements already present (identical content) or folded into an entity
    by_type: dict[str, int] = field(default_factory=lambda: defaultdict(int))


def _ref_label(ref: EntityRef) -> str:
    return ref.name or ref.lei or f"{ref.value}"


class Loader:
    """Buffers resolved records and writes them in batches; call :meth:`flush` at the end."""

    def __init__(self, graph: Graph, resolver: KeyResolver, batch_size: int = 5000) -> None:
        self.graph = graph
        self.resolver = resolver
        self.batch_size = batch_size
        self.counts = LoadCounts()
        self._entities: list[dict[str, Any]] = []
        self._aliases: list[dict[str, Any]] = []
        self._stubs: dict[str, dict[str, Any]] = {}
        self._edges: dict[str, list[dict[str, Any]]] = defaultdict(list)
        self._nodes: dict[str, list[dict[str, Any]]] = defaultdict(list)  # sanction, exception, ...
        self._actions: list[CorporateAction] = []
        self._pending = 0

    # -- intake -------------------------------------------------------------------------
    def _key(self, ref: EntityRef) -> str:
        key = self.resolver.key_of(ref)
        if key not in self._stubs:
            self._stubs[key] = {"key": key, "name": _ref_label(ref), "lei": ref.lei,
                                "kind": ref.kind.value if ref.kind else "unknown",
                                "jurisdiction": ref.jurisdiction}
        return key

    def add(self, rec: Any) -> None:
        match rec:
            case Entity():
                self._add_entity(rec)
            case EdgeBase():
                rtype = EDGE_TYPE_OF[type(rec)].value
                self._edges[rtype].append({"source": self._key(rec.source), "target": self._key(rec.target),
                                           "statement_id": rec.content_hash(), "props": edge_props(rec)})
            case Sanction():
                self._nodes["Sanction"].append(self._node_row(rec, rec.entity, {
                    "authority": rec.authority, "programme": rec.programme}))
            case ReportingException():
                self._nodes["ReportingException"].append(self._node_row(rec, rec.entity, {
                    "level": rec.level.value, "reason": rec.reason.value, "reference": rec.reference}))
            case Disclosure():
                self._add_disclosure(rec)
            case Holding():
                props = clock_props(rec) | {"portfolio": rec.portfolio, "instrument": rec.instrument,
                                            "amount": rec.amount, "currency": rec.currency,
                                            "instrument_type": rec.instrument_type}
                self._nodes["Holding"].append({"entity": self._key(rec.issuer), "portfolio": rec.portfolio,
                                               "statement_id": props["statement_id"],
                                               "props": {k: v for k, v in props.items() if v is not None}})
            case CorporateAction():
                for ref in (rec.subject, rec.counterparty, rec.previous_controller):
                    if ref is not None:
                        self._key(ref)
                self._actions.append(rec)
            case Retraction():
                self._nodes["Retraction"].append({"statement_id": f"{rec.fact_key}@{rec.known_from.isoformat()}",
                                                  "props": {"fact_key": rec.fact_key, "known_from": rec.known_from,
                                                            "source_system": rec.provenance.source_system,
                                                            "source_record_id": rec.provenance.source_record_id}})
            case _:
                raise TypeError(f"cannot load a {type(rec).__name__}")
        self._pending += 1
        if self._pending >= self.batch_size:
            self.flush()

    def _node_row(self, rec: Any, ref: EntityRef, extra: dict[str, Any]) -> dict[str, Any]:
        props = clock_props(rec) | extra
        return {"entity": self._key(ref), "statement_id": props["statement_id"],
                "props": {k: v for k, v in props.items() if v is not None}}

    def _add_entity(self, rec: Entity) -> None:
        key = self.resolver.register(rec)
        props = clock_props(rec) | {
            "name": rec.name, "kind": rec.kind.value, "jurisdiction": rec.jurisdiction,
            "status": rec.status, "expiration_reason": rec.expiration_reason,
            "lei": rec.ref.lei if rec.ref.lei == key else None,
        }
        if rec.successor is not None:
            props["successor_key"] = self._key(rec.successor)
        self._entities.append({"key": key, "statement_id": props["statement_id"],
                               "props": {k: v for k, v in props.items() if v is not None}})
        for alias in rec.aliases:
            self._aliases.append({
                "key": f"{alias.scheme.value}|{alias.value.casefold() if alias.scheme.value == 'name' else alias.value}",
                "scheme": alias.scheme.value, "value": alias.value, "kind": alias.kind.value,
                "entity": key, "valid_from": alias.valid_from or VALID_MIN,
                "valid_to": alias.valid_to or VALID_MAX, "fact_key": rec.key(),
            })

    def _add_disclosure(self, rec: Disclosure) -> None:
        props = clock_props(rec) | {"document_id": rec.document_id, "form_type": rec.form_type,
                                    "filed_at": rec.filed_at, "period": rec.period, "title": rec.title,
                                    "text": rec.text, "text_ref": rec.text_ref}
        self._nodes["Document"].append({
            "document_id": rec.document_id, "statement_id": props["statement_id"],
            "props": {k: v for k, v in props.items() if v is not None},
            "filer": self._key(rec.filer) if rec.filer else None,
            "mentions": sorted({self._key(m) for m in rec.mentions}),
        })

    # -- writes -------------------------------------------------------------------------
    def _write(self, query: str, rows: list[dict[str, Any]], **params: Any) -> tuple[int, int]:
        """Write rows with a MERGE query returning ``created``; (created, already present)."""
        if not rows:
            return 0, 0
        created = 0
        for i in range(0, len(rows), self.batch_size):
            chunk = rows[i: i + self.batch_size]
            result = self.graph.write_rows(query, rows=chunk, known_max=KNOWN_MAX, **params)
            created += int(result[0]["created"]) if result else 0
        return created, len(rows) - created

    def _tally(self, kind: str, created: int, present: int) -> None:
        self.counts.loaded += created
        self.counts.merged += present
        self.counts.by_type[kind] += created

    def flush(self) -> None:
        if self._stubs:
            self.graph.write_batches("load_stub_entities", list(self._stubs.values()), self.batch_size)
            self._stubs.clear()
        if self._entities:
            self._tally("entity", *self._write("load_entities", self._entities))
            self.graph.write_batches("load_aliases", self._aliases, self.batch_size)
            self._entities, self._aliases = [], []
        touched: dict[str, set[str]] = defaultdict(set)
        for rtype, rows in self._edges.items():
            self._tally(rtype, *self._write(self.graph_text("load_edges", rtype), rows))
            touched[rtype].update(r["props"]["fact_key"] for r in rows)
        self._edges.clear()
        for label, rows in self._nodes.items():
            self._tally(label, *self._write(f"load_{label.lower()}", rows))
            if label in ("Sanction", "ReportingException", "Holding"):
                touched[label].update(r["props"]["fact_key"] for r in rows)
            if label == "Retraction":
                for r in rows:
                    touched["*"].add(r["props"]["fact_key"])
        self._nodes.clear()
        self._rechain(touched)
        for action in self._actions:
            self._apply_action(action)
        self._actions.clear()
        self._pending = 0

    def _rechain(self, touched: dict[str, set[str]]) -> None:
        retracted = touched.pop("*", set())
        for kind, keys in touched.items():
            self._rechain_kind(kind, keys)
        if retracted:
            self.graph.write("retract_entities", keys=sorted(retracted))
            for kind in [t.value for t in EDGE_TYPE_OF.values()] + ["Sanction", "ReportingException", "Holding"]:
                self._rechain_kind(kind, retracted)

    def _rechain_kind(self, kind: str, keys: Iterable[str]) -> None:
        keys = sorted(keys)
        text = self.graph_text("rechain", kind)
        for i in range(0, len(keys), self.batch_size):
            self.graph.write(text, keys=keys[i: i + self.batch_size], known_max=KNOWN_MAX)

    @staticmethod
    def graph_text(name: str, kind: str) -> str:
        """A named query with its relationship type / label fixed from the domain's closed set."""
        import cypher

        node_labels = {"Sanction", "ReportingException"}
        rel_types = {t.value for t in EDGE_TYPE_OF.values()} | {"HOLDS"}
        rtype = "HOLDS" if kind == "Holding" else kind
        if rtype not in node_labels | rel_types:
            raise ValueError(f"not a storable type: {kind!r}")
        pattern = (f"(r:{rtype} {{fact_key: fk}})" if rtype in node_labels
                   else f"()-[r:{rtype} {{fact_key: fk}}]->()")
        return cypher.load(name).replace("$$MATCH$$", pattern).replace("$$TYPE$$", rtype)

    def _apply_action(self, action: CorporateAction) -> None:
        from graph.actions import apply_corporate_action

        created = apply_corporate_action(self.graph, action, self.resolver)
        self._tally("corporate_action", int(created), int(not created))
