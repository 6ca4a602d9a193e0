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
class StreamingResolutionStore(Protocol):
    """A store that takes and gives the state as a stream of records (see StateRecord);
    ``Resolver.save``/``load`` prefer it: memory stays bounded by the resolver itself."""

    def save_state_records(self, records: Iterable[StateRecord]) -> None: ...

    def load_state_records(self) -> Iterator[StateRecord] | None: ...
