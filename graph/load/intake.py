"""The intake both loaders share (graph.load.Loader online, graph.bulk.BulkLoader offline)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ownergraph.graph.load.prepared import PreparedAction, PreparedEntity

from ownergraph.domain.model import (
    CorporateAction, Disclosure, EdgeBase, Entity, EntityRef, Holding, ReportingException, Retraction, Sanction,
)

if TYPE_CHECKING:
    from ownergraph.graph.load.loader import KeyResolver


class RecordIntake:
    """What a loader does with each record it is given (the online and the bulk loader alike):
    entities registered with the resolver at once, everything else buffered; a flush every
    ``batch_size`` records; mentions resolved in one call where the resolver can."""

    resolver: KeyResolver
    batch_size: int
    _entities: list[tuple[str, Entity]]
    _records: list[Any]
    _pending: int

    def flush(self, *, wait: bool = True) -> None:
        raise NotImplementedError

    def add(self, rec: Any) -> None:
        match rec:
            case Entity():
                self._entities.append((self.resolver.register(rec), rec))
            case PreparedEntity():  # an LEI record prepared in the reader process
                self._entities.append((self.resolver.register_prepared(rec.registration), rec))  # type: ignore[attr-defined]
            case EdgeBase() | Sanction() | ReportingException() | Disclosure() | Holding() \
                    | CorporateAction() | Retraction() | PreparedAction():
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
