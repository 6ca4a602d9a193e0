"""Reversible entity merges in the graph, driven by resolution's decision log.

``merge`` records a decision in the resolver (who, why, when, score) and moves the absorbed
entity's edges to the survivor; ``undo`` reverses both exactly, without reloading anything.
Two different LEIs are never merged (resolution refuses).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ownergraph.graph.store.connection import Graph
from ownergraph.graph.store.resolution_store import GraphResolutionStore
from ownergraph.domain.errors import EntityNotFound
from ownergraph.resolution import Resolver, Status


@dataclass(frozen=True)
class MergeOutcome:
    decision: dict[str, Any]
    survivor: str
    absorbed: str
    edges_moved: int

    def as_dict(self) -> dict[str, Any]:
        return {"decision": self.decision, "survivor": self.survivor, "absorbed": self.absorbed,
                "edges_moved": self.edges_moved}


def _exists(graph: Graph, key: str) -> None:
    if not graph.read("merge_entity_exists", key=key):
        raise EntityNotFound(key)


def merge(graph: Graph, a_key: str, b_key: str, reason: str = "", decided_by: str = "user") -> MergeOutcome:
    for key in (a_key, b_key):
        _exists(graph, key)
    store = GraphResolutionStore(graph)
    resolver = Resolver.load(store)
    decision = resolver.merge(a_key, b_key, reason, decided_by=decided_by)
    outcome = _move(graph, decision, b_key)
    resolver.save(store)
    return outcome


def _move(graph: Graph, decision: Any, absorbed_default: str) -> MergeOutcome:
    """Move the absorbed entity's edges to the survivor of a recorded merge decision."""
    survivor, absorbed = decision.left_key, decision.right_key or absorbed_default
    rows = graph.write_rows("merge_move", absorbed=absorbed, survivor=survivor,
                            decision_id=decision.decision_id)
    return MergeOutcome(decision.as_dict(), survivor, absorbed, int(rows[0]["moved"]) if rows else 0)


def reconcile_stubs(graph: Graph) -> list[MergeOutcome]:
    """Fold stubs into the entities registered after them: a mention read before the record
    of the entity it names got a stub key (a stub is never re-resolved while loading); each
    stub whose name now resolves unambiguously to a registered entity is merged into it as
    a resolver decision (method, score, reversible with :func:`undo`), its edges moved."""
    store = GraphResolutionStore(graph)
    resolver = Resolver.load(store)
    outcomes = [_move(graph, d, d.right_key or "") for d in resolver.reconcile_stubs()]
    if outcomes:
        resolver.save(store)
    return outcomes


def apply_run_merges(graph: Graph, resolver: Resolver, touched: Iterable[str] | None) -> list[MergeOutcome]:
    """At the end of a load, make the graph follow the merges its resolver decided: stubs named
    as the ``touched`` entities (None, a resolver that did not track changes: as any registered
    entity) are reconciled, then every merge decided since the resolver was loaded (entities
    sharing an identifier, reconciled stubs) moves the absorbed entity's edges and aliases to
    the survivor, in decision order. The caller saves the resolver."""
    resolver.reconcile_stubs(touched, named_only=True)
    new = resolver.decisions.changed
    pending = sorted((d for d in resolver.decisions if d.kind == "merge" and d.status is Status.ACTIVE
                      and (new is None or d.decision_id in new)), key=lambda d: d.decision_id)
    return [o for o in (_move(graph, d, d.right_key or "") for d in pending) if o.edges_moved]


def undo(graph: Graph, decision_id: str, *, block: bool = True, reason: str = "") -> MergeOutcome:
    store = GraphResolutionStore(graph)
    resolver = Resolver.load(store)
    before = resolver.decisions.get(decision_id)
    decision = resolver.undo(decision_id, block=block, reason=reason)
    rows = graph.read("merge_absorbed", id=decision_id)
    moved = 0
    for row in rows:
        out = graph.write_rows("merge_undo", absorbed=row["absorbed"], survivor=row["survivor"],
                               decision_id=decision_id)
        moved += int(out[0]["restored"]) if out else 0
    resolver.save(store)
    survivor = rows[0]["survivor"] if rows else before.left_key
    absorbed = rows[0]["absorbed"] if rows else (before.right_key or "")
    return MergeOutcome(decision.as_dict(), survivor, absorbed, moved)


def decisions(graph: Graph) -> list[dict[str, Any]]:
    # only the decisions are kept from the stream, not the whole state (millions of records)
    records = GraphResolutionStore(graph).load_state_records()
    return [] if records is None else [d for kind, d in records if kind == "decision"]
