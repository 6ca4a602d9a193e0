"""Statements of a batch that are stored already: found with one read per batch and kept out of
the writes (no write transaction, nothing re-sent). A statement is stored when its content hash
(``statement_id``) is: an edge with that id (whichever entities its mentions resolve to now),
an entity that applied it and holds the aliases it brings."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any

from ownergraph import cypher
from ownergraph.graph.load.transport import encode_rows
from ownergraph.graph.store.connection import Graph, Query

Row = dict[str, Any]


def without_stored(graph: Graph, query: Query, rows: list[Row], ask: Callable[[Row], Row],
                   batch_size: int) -> tuple[list[Row], int]:
    """``rows`` less those whose statement ``query`` (reading rows ``ask(row)``, returning
    ``sid``) finds stored, and how many those were."""
    if not rows:
        return rows, 0
    stored: set[str] = set()
    asks = [ask(r) for r in rows]
    for i in range(0, len(asks), batch_size):
        for part, args in encode_rows(query, asks[i: i + batch_size]):
            stored.update(r["sid"] for r in graph.read(part, **args))
    if not stored:
        return rows, 0
    kept = [r for r in rows if r["statement_id"] not in stored]
    return kept, len(rows) - len(kept)


def edges_without_stored(graph: Graph, rtype: str, rows: list[Row], batch_size: int) -> tuple[list[Row], int]:
    return without_stored(graph, cypher.render("load_stored_edges", TYPE=rtype), rows, lambda r: {
        "fk": r["props"]["fact_key"], "sid": r["statement_id"]}, batch_size)


def entities_without_stored(graph: Graph, rows: list[Row], aliases: list[Row], batch_size: int
                            ) -> tuple[list[Row], list[Row], int]:
    """Entity rows less those stored already, their alias rows with them (matched by the
    statement id each alias row carries), and how many were skipped."""
    per_sid: dict[str, int] = defaultdict(int)
    for a in aliases:
        per_sid[a.get("statement_id", "")] += 1
    kept, skipped = without_stored(graph, "load_stored_entities", rows, lambda r: {
        "key": r["key"], "fk": r["props"].get("fact_key"), "sid": r["statement_id"],
        "aliases": per_sid.get(r["statement_id"], 0)}, batch_size)
    if skipped:
        gone = {r["statement_id"] for r in rows} - {r["statement_id"] for r in kept}
        aliases = [a for a in aliases if a.get("statement_id") not in gone]
    return kept, aliases, skipped
