"""The Resolver facade: an alias index, a decision log, a registrar and a resolve pipeline."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any

from ownergraph.domain.model import Entity, EntityRef
from ownergraph.domain.codes import EntityKind

from ownergraph.resolution.decisions import Decision, DecisionLog, Judgement, MergeRefused, ResolutionError
from ownergraph.resolution.index import AliasIndex
from ownergraph.resolution.rows import AliasRow, EntityInfo
from ownergraph.resolution.register import PreparedRegistration, Registrar
from ownergraph.resolution import rows as packed
from ownergraph.resolution.row_spool import RowSpool
from ownergraph.resolution.resolve import Pipeline, Resolution
from ownergraph.resolution.snapshot import SnapshotResolutionStore
from ownergraph.resolution.splink import MatchSettings, SplinkMatcher
from ownergraph.resolution.state import (
    ChangeRecord, IncrementalResolutionStore, ResolutionState, ResolutionStore, StateRecord, StreamingResolutionStore,
)


def _row_order(row: AliasRow) -> tuple[str, ...]:
    return tuple(map(str, row))


def _row_values(row: AliasRow) -> tuple[str | None, ...]:
    """``row.as_dict()``'s values, in its fields' order."""
    vf, vt = row.valid_from, row.valid_to
    return (row.key, row.scheme, row.value, row.kind, vf.isoformat() if vf else None,
            vt.isoformat() if vt else None, row.decision_id)


class Resolver:
    """Canonical LEI-keyed entities with reversible aliases and merges.

    Typical use: ``register`` every Entity record first, then ``resolve_many`` the edge
    mentions (batches let splink score the name-only remainder together), then
    ``reconcile_stubs`` to fold stubs created earlier into entities registered later.
    Capabilities are exposed as attributes: ``index`` (aliases), ``decisions`` (the log),
    ``matcher`` (splink); the methods here only compose them.
    """

    def __init__(self, settings: MatchSettings | None = None, *,
                 clock: Callable[[], datetime] | None = None) -> None:
        self.index = AliasIndex()
        self.decisions = DecisionLog(self._lei_of, clock)
        self.matcher = SplinkMatcher(settings)
        self._conflicts: dict[tuple[str, str, str], str] = {}
        self._registrar = Registrar(self.index, self.decisions, self._conflicts)
        self._pipeline = Pipeline(self.index, self.decisions, self.matcher)
        self._stored_conflicts: dict[tuple[str, str, str], str] | None = None  # as last stored
        self._stored_in: object = None  # the store holding the state changes are counted from

    def _track_changes(self, store: object) -> None:
        """From now on, record what changes: the state as it is now is the one in ``store``."""
        self._stored_in = store
        self.index.changed = set()
        self.decisions.changed = set()
        self._stored_conflicts = dict(self._conflicts)

    def move_index_to_disk(self, folder: Path) -> None:
        """Keep the alias index in an sqlite file under ``folder`` from now on
        (``AliasIndex.on_disk``): a first load of millions of LEI entities then holds a bounded
        part of it in memory. Its names are indexed only when a mention is first looked up by
        name (``AliasIndex.defer_names``): LEI records are registered by key alone."""
        if not self.index.in_memory:
            return
        index = AliasIndex.on_disk(folder)
        index.defer_names()  # names indexed only if a mention is ever looked up by name
        self.index.copy_into(index)
        index.changed = self.index.changed
        self.index = self._registrar.index = self._pipeline.index = index

    def _lei_of(self, key: str) -> str | None:
        info = self.index.entities.get(key)
        return info.lei if info else None

    # -- registering and resolving -------------------------------------------------------
    def register(self, entity: Entity) -> str:
        """Record ``entity`` and its aliases; its canonical key."""
        return self._registrar.register(entity)

    def register_prepared(self, prepared: PreparedRegistration) -> str:
        """:meth:`register` of an LEI record from ``register.prepare_registration``'s summary of it."""
        return self._registrar.register_prepared(prepared)

    def register_many(self, entities: Iterable[Entity]) -> int:
        n = 0
        for e in entities:
            self._registrar.register(e)
            n += 1
        return n

    def resolve(self, ref: EntityRef, *, as_of: date | None = None,
                record: bool = True) -> Resolution:
        """Resolve one mention. ``record=False`` leaves the state untouched (no stub, no
        decision); ``as_of`` ignores name aliases not valid on that date."""
        return self._pipeline.resolve_many([ref], as_of=as_of, record=record)[0]

    def resolve_many(self, refs: Sequence[EntityRef], *, as_of: date | None = None,
                     record: bool = True) -> list[Resolution]:
        return self._pipeline.resolve_many(refs, as_of=as_of, record=record)

    def canonical(self, key: str) -> str:
        return self.decisions.canonical(key)

    def entity(self, key: str) -> EntityInfo | None:
        """The canonical entity ``key`` resolves to (after merges)."""
        return self._pipeline.info(key)

    def aliases(self, key: str) -> list[AliasRow]:
        """Aliases of the whole group of ``key`` (its own and those of merged entities)."""
        return [r for k in self.decisions.members(key) for r in self.index.rows_of(k)]

    # -- decisions -----------------------------------------------------------------------
    def merge(self, a_key: str, b_key: str, reason: str = "", *,
              decided_by: str = "user") -> Decision:
        """Merge two entities (two non-LEI entities, or one into an LEI entity).
        Raises MergeRefused for two LEIs or a pair judged different."""
        return self.decisions.merge(a_key, b_key, reason=reason, decided_by=decided_by)

    def undo(self, decision_id: str, *, block: bool = False, reason: str = "") -> Decision:
        """Undo a decision exactly; with ``block`` also judge the pair negative so the
        resolver never repeats it."""
        d = self.decisions.undo(decision_id)
        self.index.remove_decision_aliases(decision_id)
        if block and d.kind == "merge" and d.right_key:
            self.decisions.judge(d.left_key, right=d.right_key, judgement=Judgement.NEGATIVE,
                                 reason=reason or f"undo of {decision_id}")
        elif block and d.kind == "match" and d.alias:
            self.decisions.judge(d.left_key, alias=d.alias, judgement=Judgement.NEGATIVE,
                                 reason=reason or f"undo of {decision_id}")
        return d

    def judge(self, left: str, right: str | None = None, *, alias: str | None = None,
              judgement: Judgement | str, reason: str = "") -> Decision:
        """A user's judgement of a pair of keys (or of a key and an alias such as
        ``"name:<normalised name>"``). Positive over a pair merges."""
        j = Judgement(judgement)
        if j is Judgement.POSITIVE and right is not None:
            return self.merge(left, right, reason)
        return self.decisions.judge(left, right=right, alias=alias, judgement=j, reason=reason)

    def reconcile_stubs(self, touched: Iterable[str] | None = None, *,
                        named_only: bool = False) -> list[Decision]:
        """Merge each stub (an unresolved mention's key, no LEI) whose name now resolves,
        unambiguously and ignoring other stubs, to a registered entity. One batch.

        ``touched``: look only at stubs sharing a name with one of these keys' registered
        entities (the keys a load changed: cheap after every load); None: every stub, or with
        ``named_only`` every stub sharing a name with a registered entity (a first load)."""
        stubs = sorted(self._stubs_named_as(touched) if touched is not None else (
            k for k, i in self.index.entities.items()
            if self._open_stub(k, i) and (not named_only or self._has_registered_namesake(k))))
        refs = []
        for key in stubs:
            info = self.index.entities[key]
            refs.append(EntityRef(name=info.name, jurisdiction=info.jurisdiction,
                                  kind=EntityKind(info.kind)))
        results = self._pipeline.resolve_many(refs, record=False, exclude=frozenset(stubs))
        out = []
        for key, res in zip(stubs, results):
            if res.method not in ("exact_name", "probabilistic"):
                continue
            try:
                out.append(self.decisions.merge(
                    res.key, key, method=res.method, score=res.score, decided_by="resolver",
                    reason=f"stub {self.index.entities[key].name!r} resolves to {res.key}"))
            except MergeRefused:
                continue
        return out

    def _open_stub(self, key: str, info: EntityInfo | None) -> bool:
        return info is not None and info.stub and not info.lei and self.canonical(key) == key

    def _namesakes(self, key: str) -> Iterator[tuple[str, EntityInfo | None]]:
        """Every key sharing a normalised name with ``key``, with its info."""
        for norm_key in self.index.names_of(key):
            for owner in self.index.owners_of_name(norm_key):
                yield owner, self.index.entities.get(owner)

    def _has_registered_namesake(self, key: str) -> bool:
        return any(o is not None and not o.stub for _, o in self._namesakes(key))

    def _stubs_named_as(self, keys: Iterable[str]) -> set[str]:
        out: set[str] = set()
        for key in keys:
            info = self.index.entities.get(key)
            if info is None or info.stub:
                continue
            out.update(owner for owner, o in self._namesakes(key) if self._open_stub(owner, o))
        return out

    @property
    def conflicts(self) -> list[dict[str, str]]:
        return [{"key": k, "other": o, "alias": a, "reason": r}
                for (k, o, a), r in sorted(self._conflicts.items())]

    # -- state ---------------------------------------------------------------------------
    def state_records(self) -> Iterator[StateRecord]:
        """The state as a stream (see ``resolution.state.StateRecord``), deterministic:
        entities by key, alias rows by owner then fields, decisions by id, conflicts.

        One pass over the index's records: each entity is given as its record comes, its alias
        rows (rows sort by owner first: one owner at a time) are put aside on disk and given
        after the entities (``resolution.row_spool``)."""
        with RowSpool() as aliases:
            for key, rec in self.index.sorted_records():
                info = packed.info_of(key, rec)
                if info is not None:
                    d = info.as_dict()
                    d["canonical"] = self.canonical(key)
                    yield "entity", d
                if packed.has_rows(rec):
                    aliases.extend(map(_row_values, sorted(packed.rows_of(key, rec), key=_row_order)))
            for values in aliases:  # AliasRow.as_dict's, put aside as a tuple (quick to pickle)
                yield "alias", dict(zip(AliasRow._fields, values))
        # one decision's dict at a time (export() held them all: hundreds of MB at a million)
        for dec in sorted(self.decisions, key=lambda d: d.decision_id):
            yield "decision", dec.as_dict()
        for c in self.conflicts:
            yield "conflict", c

    def changed_records(self) -> Iterator[ChangeRecord] | None:
        """What changed since the state was loaded or saved (``resolution.state.ChangeRecord``s,
        sorted), or None when changes are not tracked (a resolver not loaded from a store)."""
        if self.index.changed is None or self.decisions.changed is None:
            return None
        keys = set(self.index.changed)
        for did in self.decisions.changed:  # a merge or its undo moves a group's canonical key
            d = self.decisions.get(did)
            if d.kind == "merge" and d.right_key:
                keys.update(self.decisions.members(d.right_key))
        return self._changes(sorted(keys), sorted(self.decisions.changed))

    def _changes(self, keys: list[str], decision_ids: list[str]) -> Iterator[ChangeRecord]:
        for key in keys:
            info = self.index.entities.get(key)
            entity = None
            if info is not None:
                entity = info.as_dict()
                entity["canonical"] = self.canonical(key)
            rows = sorted(self.index.rows_of(key), key=lambda r: tuple(map(str, r)))
            yield "owner", {"key": key, "entity": entity, "aliases": [r.as_dict() for r in rows]}
        for did in decision_ids:
            yield "decision", self.decisions.get(did).as_dict()
        if self._conflicts != self._stored_conflicts:
            yield "conflicts", {"rows": self.conflicts}

    def has_changes(self) -> bool:
        """Whether anything changed since the state was loaded or saved (True when untracked)."""
        return (self.index.changed is None or self.decisions.changed is None
                or bool(self.index.changed) or bool(self.decisions.changed)
                or self._conflicts != self._stored_conflicts)

    def state(self) -> ResolutionState:
        return ResolutionState.from_records(self.state_records())

    @classmethod
    def from_state(cls, state: ResolutionState, settings: MatchSettings | None = None, *,
                   clock: Callable[[], datetime] | None = None) -> Resolver:
        return cls.from_records(state.records(), settings, clock=clock)

    @classmethod
    def from_records(cls, records: Iterable[StateRecord], settings: MatchSettings | None = None, *,
                     clock: Callable[[], datetime] | None = None) -> Resolver:
        """A resolver rebuilt from a state stream in ``state_records`` order, entities and
        alias rows added as they are read (never all held as dicts)."""
        r = cls(settings, clock=clock)
        fields = set(EntityInfo.__dataclass_fields__)
        it = iter(records)
        rest: list[StateRecord] = []
        for kind, d in it:  # entities are put as they are read: never a list of a million
            if kind != "entity":
                rest.append((kind, d))
                break
            r.index.put_entity(EntityInfo(**{k: v for k, v in d.items() if k in fields}))

        def alias_rows() -> Iterator[AliasRow]:
            while rest and rest[-1][0] == "alias":
                yield AliasRow.from_dict(rest.pop()[1])
                nxt = next(it, None)
                if nxt is not None:
                    rest.append(nxt)

        r.index.load((), alias_rows())
        decisions: list[dict[str, Any]] = []
        for kind, d in [*rest, *it]:
            if kind == "decision":
                decisions.append(d)
            elif kind == "conflict":
                r._conflicts[(d["key"], d["other"], d["alias"])] = d["reason"]
            elif kind in ("entity", "alias"):
                raise ValueError(f"resolution state out of order: {kind} record after the {kind}s")
        r.decisions.load(decisions)
        return r

    def save(self, store: ResolutionStore | StreamingResolutionStore) -> None:
        """Store the state. A resolver loaded from (or saved to) ``store`` that can take
        changes stores only what changed since (nothing when nothing did); otherwise, or when
        the store declines (another run saved since, or it rewrites the whole state now and
        then), the whole state replaces the stored one."""
        changes = self.changed_records()
        saved = False
        if changes is not None and store is self._stored_in and isinstance(store, IncrementalResolutionStore):
            saved = not self.has_changes() or store.save_state_changes(changes)
        if not saved:
            if isinstance(store, StreamingResolutionStore):
                store.save_state_records(self.state_records())
            else:
                store.save_resolution_state(self.state())
        self._track_changes(store)
        if isinstance(store, SnapshotResolutionStore) and self.index.in_memory:  # not GBs of pickle
            store.save_snapshot(self)  # the next run loads this instead of rebuilding it

    @classmethod
    def load(cls, store: ResolutionStore | StreamingResolutionStore,
             settings: MatchSettings | None = None) -> Resolver:
        if isinstance(store, SnapshotResolutionStore):
            snap = store.load_snapshot(settings)
            if snap is not None:
                snap._track_changes(store)
                return snap
        if isinstance(store, StreamingResolutionStore):
            records = store.load_state_records()
            stored = records is not None
            r = cls.from_records(records, settings) if records is not None else cls(settings)
        else:
            state = store.load_resolution_state()
            stored = state is not None
            r = cls.from_state(state, settings) if state is not None else cls(settings)
        if stored and isinstance(store, IncrementalResolutionStore):
            r._track_changes(store)  # the stored state is this resolver's: later saves add changes
        return r


__all__ = ["Resolver", "ResolutionError", "MergeRefused"]
