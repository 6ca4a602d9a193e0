"""When an entity's records begin: where an answer as of a day finds nothing because every
relationship the graph holds for the entity is valid only from a later day (a register filed
after the date asked), that later day, so the answer can say so and what holds from then."""

from __future__ import annotations

from datetime import date, datetime

from ownergraph.domain.clock import make_clock
from ownergraph.graph.analytics.lookup import find_entity
from ownergraph.graph.store.connection import Graph


def records_begin(graph: Graph, who: str, *, as_of: date | str | None = None,
                  known_at: date | datetime | str | None = None) -> date | None:
    """The first day after ``as_of`` from which a relationship of ``who`` is valid, where none
    is valid at ``as_of`` (facts known at ``known_at``); None where one is, or none comes later."""
    clock = make_clock(as_of, known_at)
    key = find_entity(graph, who, clock.as_of).key
    rows = graph.read("records_begin", key=key, **clock.as_params())
    row = rows[0] if rows else {}
    first = row.get("first_after")
    if row.get("valid_then") or first is None:
        return None
    return first.to_native() if hasattr(first, "to_native") else first
