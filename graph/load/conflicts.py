"""Conflicting bundle statements: one fact, one knowledge time, two contents.

A bundle record id names one fact of one producer (its fact key is scoped by the producer, see
:mod:`ownergraph.ingest.readers.bundle.reader`). A later ``known_from`` is a new version, a correction
that closes the earlier one in knowledge time; but two records of one fact known from the same
instant with different content cannot both be what was known then. Kept, they would be two open
versions of one fact (an edge shown twice, its two stakes read as a band, an entity's name
decided by load order). So before a batch is written the later one is taken out and quarantined
(field ``id``, reason ``conflict: ...`` naming the version it clashes with): the statement
already stored wins, then the first in load order. Loading the same file again finds the same
conflict, so the graph and the counts stay the same.

Screened: statements whose provenance is the bundle (``source_system`` "bundle"), stored as
versioned edges (ownership ... holdings) and nodes (sanctions, reporting exceptions), and entity
records (against the statement the entity node shows). Other sources publish several statements
of one fact at one instant by design (the interests of one BODS record) and are not screened.
Carried pieces and corporate-action splits share a fact key and a knowledge time with the
version they came from; they are derived, not stated, and are never compared.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from ownergraph.graph.load.transport import encode_rows
from ownergraph.graph.store.connection import Graph, Query
from ownergraph.graph.load.rechain import native, query_for
from ownergraph.domain.model import Quarantined
from ownergraph.ingest.readers.base import raw_text
from ownergraph.ingest.readers.bundle.mapping import SOURCE as BUNDLE_SOURCE

CHECKED_SOURCES = frozenset({BUNDLE_SOURCE})
_VERSIONED_NODES = ("Sanction", "ReportingException", "Holding")
# bookkeeping, not what a version says (document_id and validation_level are content: they
# enter the statement's hash, and two documents behind one fact on one day are two versions)
_BOOKKEEPING = frozenset({
    "fact_key", "statement_id", "statement_ids", "known_from", "known_to", "first_known_from",
    "source_system", "source_record_id", "source_file", "locator", "valid_from_stated",
    "valid_from_basis", "carried_from", "closed_by_action", "stub", "key",
})


def screen(graph: Graph, rows: dict[str, Any], batch_size: int) -> list[Quarantined]:
    """Take the conflicting statements out of ``rows`` (one loader batch, as built by
    ``graph.load.batch_rows.build_rows``) and return them as quarantine entries, entities first
    (the order they are written in). The entity rows taken out take their alias rows with them
    (matched by statement id)."""
    out: list[Quarantined] = []
    if rows["entities"]:
        kept = _screen(graph, "load_conflicts_entity", rows["entities"], out, batch_size)
        if len(kept) < len(rows["entities"]):
            gone = {r["statement_id"] for r in rows["entities"]} - {r["statement_id"] for r in kept}
            rows["aliases"] = [a for a in rows["aliases"] if a.get("statement_id") not in gone]
            # a key only a dropped record gave (its LEI differs from the stored version's) is
            # still mentioned by this batch's edges: it becomes a stub, never a missing node
            keys = {r["key"] for r in kept}
            rows["stubs"] += [{"key": r["key"], "name": r["props"].get("name"), "lei": r["props"].get("lei"),
                               "kind": r["props"].get("kind", "unknown"), "jurisdiction": r["props"].get("jurisdiction")}
                              for r in rows["entities"] if r["statement_id"] in gone and r["key"] not in keys]
        rows["entities"] = kept
    for rtype, edge_rows in rows["edges"].items():
        rows["edges"][rtype] = _screen(graph, query_for("load_conflicts", rtype), edge_rows, out, batch_size)
    for label in _VERSIONED_NODES:
        if rows["nodes"].get(label):
            rows["nodes"][label] = _screen(graph, query_for("load_conflicts", label), rows["nodes"][label],
                                           out, batch_size)
    return out


def _screen(graph: Graph, query: Query, rows: list[dict[str, Any]], out: list[Quarantined],
            batch_size: int) -> list[dict[str, Any]]:
    """``rows`` without its conflicting bundle statements (appended to ``out``)."""
    checked = [r for r in rows if r["props"].get("source_system") in CHECKED_SOURCES]
    if not checked:
        return rows
    clash: dict[int, dict[str, Any]] = {}  # id(row) -> the version it clashes with
    first: dict[tuple[str, Any], dict[str, Any]] = {}
    for r in checked:  # within the batch: the first in load order is kept
        p = r["props"]
        prev = first.setdefault((p["fact_key"], p["known_from"]), r)
        if prev["statement_id"] != r["statement_id"]:
            clash[id(r)] = prev["props"]
    ask = sorted({(r["props"]["fact_key"], r["props"]["known_from"], r["statement_id"])
                  for r in checked if id(r) not in clash})
    stored = dict(_stored(graph, query, [{"fk": fk, "kf": kf, "sid": sid} for fk, kf, sid in ask], batch_size))
    for r in checked:
        if id(r) not in clash and r["statement_id"] in stored:
            clash[id(r)] = stored[r["statement_id"]]
    if not clash:
        return rows
    out.extend(_entry(r, clash[id(r)]) for r in checked if id(r) in clash)
    return [r for r in rows if id(r) not in clash]


def _stored(graph: Graph, query: Query, ask: list[dict[str, Any]], batch_size: int
            ) -> Iterator[tuple[str, dict[str, Any]]]:
    for i in range(0, len(ask), batch_size):
        for part, args in encode_rows(query, ask[i: i + batch_size]):
            for row in graph.read(part, **args):
                yield row["sid"], _plain(row["stored"])


def _plain(props: dict[str, Any]) -> dict[str, Any]:
    """Stored properties as the loader wrote them (driver temporals as Python's; the stated
    start, where a rechain moved ``valid_from``)."""
    p = {k: native(v) for k, v in props.items() if v is not None}
    if "valid_from_stated" in p:
        p["valid_from"] = p["valid_from_stated"]
    return p


def _entry(row: dict[str, Any], other: dict[str, Any]) -> Quarantined:
    p = row["props"]
    differs = sorted(k for k in (set(p) | set(other)) - _BOOKKEEPING if p.get(k) != other.get(k))
    what = ", ".join(differs[:4]) + (", ..." if len(differs) > 4 else "") if differs else "its parties"
    where = " ".join(str(x) for x in (other.get("source_file"), other.get("locator")) if x) or "the graph"
    reason = (f"conflict: fact {p['fact_key']!r} already has a version known from "
              f"{p['known_from'].isoformat()} with other content (different {what}) in {where}; "
              "this later record is not loaded")
    raw = {k: v for k, v in p.items() if k not in ("source_file", "statement_id")}
    return Quarantined(source_file=str(p.get("source_file") or ""),
                       locator=str(p.get("locator") or p.get("source_record_id") or "?"), field="id",
                       reason=reason, raw=raw_text(json.dumps(raw, default=str, sort_keys=True), 500))


__all__ = ["CHECKED_SOURCES", "screen"]
