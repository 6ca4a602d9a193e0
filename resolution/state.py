"""The resolution state as plain data, and the protocol the graph layer persists it through."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

STATE_VERSION = 1

# The state as a stream, in this order: ("entity", dict) by key, ("alias", dict) by owner and
# fields, ("decision", dict) by id, ("conflict", dict). A million-entity state is several
# million records: streamed, it is never held as one document (saving or loading).
StateRecord = tuple[str, dict[str, Any]]
RECORD_ORDER = ("entity", "alias", "decision", "conflict")

# What changed since a state was stored, as a stream (``Resolver.changed_records``): ("owner",
# {key, entity (dict or None), aliases [rows]}) replaces a key's entity and all its alias rows;
# ("decision", dict) replaces the decision with its id; ("conflicts", {rows}) replaces them all.
ChangeRecord = StateRecord


def merge_changes(base: Iterable[StateRecord], changes: Iterable[ChangeRecord]) -> Iterator[StateRecord]:
    """The state stream ``base`` with ``changes`` applied (later changes win), in the order of a
    full state (``RECORD_ORDER``, each kind sorted as ``Resolver.state_records`` sorts it): a
    resolver rebuilt from it is the one a full save of the changed resolver would rebuild.
    The changes are held in memory (a run's worth); the base is streamed."""
    owners: dict[str, dict[str, Any]] = {}
    decisions: dict[str, dict[str, Any]] = {}
    conflicts: list[dict[str, Any]] | None = None
    for kind, d in changes:
        if kind == "owner":
            owners[d["key"]] = d
        elif kind == "decision":
            decisions[d["decision_id"]] = d
        elif kind == "conflicts":
            conflicts = list(d["rows"])
        else:
            raise ValueError(f"unknown resolution state change: {kind!r}")
    # per kind: the changed records in order, as (sort key, records); a base record of a
    # changed sort key is dropped (replaced)
    pending: dict[str, list[tuple[str, list[dict[str, Any]]]]] = {
        "entity": [(k, [o["entity"]]) for k, o in sorted(owners.items()) if o.get("entity") is not None],
        "alias": [(k, list(o["aliases"])) for k, o in sorted(owners.items()) if o["aliases"]],
        "decision": [(k, [d]) for k, d in sorted(decisions.items())],
        "conflict": [],
    }
    replaced = {"entity": owners, "alias": owners, "decision": decisions}
    sort_field = {"entity": "key", "alias": "key", "decision": "decision_id"}
    phase = 0

    def flush(kind: str, upto: str | None) -> Iterator[StateRecord]:
        todo = pending[kind]
        i = 0
        while i < len(todo) and (upto is None or todo[i][0] < upto):
            for d in todo[i][1]:
                yield kind, d
            i += 1
        del todo[:i]

    for kind, d in base:
        at = RECORD_ORDER.index(kind)
        while phase < at:  # the earlier kinds are over: the rest of their changes
            yield from flush(RECORD_ORDER[phase], None)
            phase += 1
        if kind == "conflict":
            if conflicts is None:
                yield kind, d
            continue
        key = d[sort_field[kind]]
        yield from flush(kind, key)
        if key not in replaced[kind]:
            yield kind, d
    for kind in RECORD_ORDER[phase:]:
        if kind == "conflict":
            yield from (("conflict", c) for c in (conflicts or []))
        else:
            yield from flush(kind, None)


@dataclass(frozen=True)
class ResolutionState:
    """Everything needed to rebuild a Resolver, in a deterministic order.

    ``entities``: key -> {key, name, kind, lei, jurisdiction, stub, canonical}
    (``canonical`` is the key the entity currently resolves to; derived, ignored on load);
    ``aliases``: one dict per alias row {key (owner), scheme, value, kind, valid_from,
    valid_to (ISO dates or None), decision_id}; ``decisions``: one dict per decision
    (see Decision); ``conflicts``: identifiers shared by entities that could not be merged.
    """

    entities: dict[str, dict[str, Any]] = field(default_factory=dict)
    aliases: list[dict[str, Any]] = field(default_factory=list)
    decisions: list[dict[str, Any]] = field(default_factory=list)
    conflicts: list[dict[str, Any]] = field(default_factory=list)
    version: int = STATE_VERSION

    def as_dict(self) -> dict[str, Any]:
        return {"version": self.version, "entities": self.entities, "aliases": self.aliases,
                "decisions": self.decisions, "conflicts": self.conflicts}

    def records(self) -> Iterator[StateRecord]:
        for _, d in sorted(self.entities.items()):
            yield "entity", d
        for kind, rows in (("alias", self.aliases), ("decision", self.decisions), ("conflict", self.conflicts)):
            for d in rows:
                yield kind, d

    @classmethod
    def from_records(cls, records: Iterable[StateRecord]) -> ResolutionState:
        state = cls()
        lists = {"alias": state.aliases, "decision": state.decisions, "conflict": state.conflicts}
        for kind, d in records:
            if kind == "entity":
                state.entities[d["key"]] = d
            else:
                lists[kind].append(d)
        return state

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ResolutionState:
        return cls(entities=dict(d.get("entities", {})), aliases=list(d.get("aliases", [])),
                   decisions=list(d.get("decisions", [])),
                   conflicts=list(d.get("conflicts", [])),
                   version=int(d.get("version", STATE_VERSION)))


@runtime_checkable
class ResolutionStore(Protocol):
    """What the graph layer implements to persist the state (e.g. in Neo4j)."""

    def save_resolution_state(self, state: ResolutionState) -> None:
        """Replace the stored state with ``state``."""

    def load_resolution_state(self) -> ResolutionState | None:
        """The stored state, or None when nothing was stored yet."""


@runtime_checkable
class IncrementalResolutionStore(Protocol):
    """A store that can add what changed (``ChangeRecord``s) to the state it last loaded or
    saved, instead of replacing it; ``Resolver.save`` prefers it for a resolver it loaded."""

    def save_state_changes(self, changes: Iterable[ChangeRecord]) -> bool:
        """Store ``changes``; False when the stored state is not the one this store loaded or
        saved last (another run saved since) or is due to be rewritten whole: the caller then
        saves the full state."""


@runtime_checkable
class StreamingResolutionStore(Protocol):
    """A store that takes and gives the state as a stream of records (see StateRecord);
    ``Resolver.save``/``load`` prefer it: memory stays bounded by the resolver itself."""

    def save_state_records(self, records: Iterable[StateRecord]) -> None: ...

    def load_state_records(self) -> Iterator[StateRecord] | None: ...
