"""Records -> the row lists one loader batch writes (entities, aliases, stubs, edges, nodes).

All mentions of a batch are resolved in one call (``resolve``), in the fixed order of
:func:`refs_of`; stubs are made for every mentioned key the loader has not written
(``known``) and no entity record of the batch is.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Protocol

from ownergraph.graph.load.prepared import PreparedAction, entity_rows_of
from ownergraph.graph.load.rows import clock_props, edge_props
from ownergraph.domain.model import (
    EDGE_TYPE_OF, CorporateAction, Disclosure, EdgeBase, Entity, EntityRef, Holding,
    ReportingException, Retraction, Sanction,
)


class KnownKeys(Protocol):
    """The keys a loader has written: a set, or the bulk loader's hashed ``KeySet``."""

    def __contains__(self, key: object) -> bool: ...

    def update(self, keys: Iterable[str]) -> None: ...


_ALIAS_MEMORY = 500_000  # alias rows remembered to skip rewriting unchanged ones


def _ref_label(ref: EntityRef) -> str:
    return ref.name or ref.lei or f"{ref.value}"


def _clean(props: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in props.items() if v is not None}


def refs_of(rec: Any) -> list[EntityRef]:
    """The mentions of ``rec`` that need keys, in a fixed order (see :func:`build_rows`)."""
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
        case PreparedAction():
            return rec.refs
    return []


def build_rows(entities: Sequence[tuple[str, Any]], records: Sequence[Any],
               resolve: Callable[[Sequence[EntityRef]], list[str]], known: KnownKeys,
               aliases_seen: set[int]) -> dict[str, Any]:
    """The rows of one batch: ``entities`` as (key at registration, record: an ``Entity`` or a
    ``graph.load.prepared.PreparedEntity``), ``records`` the
    other buffered records. ``known`` (keys written) and ``aliases_seen`` are updated."""
    refs: list[EntityRef] = []
    for _, ent in entities:
        refs.extend(refs_of(ent))
    for rec in records:
        refs.extend(refs_of(rec))
    keys = resolve(refs)
    stubs: dict[str, dict[str, Any]] = {}
    new_entities = {k for k, _ in entities}
    it: Iterator[str] = iter(keys)
    pairs = zip(refs, keys)

    def key() -> str:
        return next(it)

    # stubs: every mentioned key this loader has not written and no record of this batch is
    for ref, k in pairs:
        if k not in known and k not in new_entities and k not in stubs:
            stubs[k] = {"key": k, "name": _ref_label(ref), "lei": ref.lei,
                        "kind": ref.kind.value if ref.kind else "unknown",
                        "jurisdiction": ref.jurisdiction}

    entity_rows, alias_rows = [], []
    for k, rec in entities:
        if isinstance(rec, Entity):
            row, aliases = entity_rows_of(k, rec, key() if rec.successor is not None else None)
        else:  # prepared in a reader process (graph.load.prepared)
            row, aliases = rec.rows_for(k)
        entity_rows.append(row)
        for alias in aliases:
            # ALIAS_OF merges on (alias, kind, entity) and sets the rest on create only:
            # a row already written this run changes nothing
            h = hash((alias["key"], alias["kind"], k))
            if len(aliases_seen) > _ALIAS_MEMORY:
                aliases_seen.clear()  # bounded: repeats are mostly near each other
            if h not in aliases_seen:
                aliases_seen.add(h)
                alias_rows.append(alias)

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
                nodes["Sanction"].append(_node_row(rec, key(), {
                    "authority": rec.authority, "programme": rec.programme}))
            case ReportingException():
                nodes["ReportingException"].append(_node_row(rec, key(), {
                    "level": rec.level.value, "reason": rec.reason.value, "reference": rec.reference,
                    "other_reasons": [r.value for r in rec.other_reasons] or None}))
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
            case CorporateAction() | PreparedAction():
                for _ in refs_of(rec):
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
    known.update(stubs)
    known.update(new_entities)
    return {"stubs": list(stubs.values()), "entities": entity_rows, "aliases": alias_rows,
            "edges": edges, "nodes": nodes, "actions": actions}


def _node_row(rec: Any, entity: str, extra: dict[str, Any]) -> dict[str, Any]:
    props = clock_props(rec) | extra
    return {"entity": entity, "statement_id": props["statement_id"], "props": _clean(props)}

