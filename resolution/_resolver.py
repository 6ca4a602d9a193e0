"""The Resolver facade: an alias index, a decision log, a registrar and a resolve pipeline."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import date, datetime
from typing import Any

from ownergraph.ingest.model import Entity, EntityKind, EntityRef

from ownergraph.resolution._decisions import Decision, DecisionLog, Judgement, MergeRefused, ResolutionError
from ownergraph.resolution._index import AliasIndex, AliasRow, EntityInfo
from ownergraph.resolution._register import Registrar
from ownergraph.resolution._resolve import Pipeline, Resolution
from ownergraph.resolution._splink import MatchSettings, SplinkMatcher
from ownergraph.resolution._state import ResolutionState, ResolutionStore, StateRecord, StreamingResolutionStore


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

    def _lei_of(self, key: str) -> str | None:
        info = self.index.entities.get(key)
        return info.lei if info else None

    # -- registering and resolving -------------------------------------------------------
    def register(self, entity: Entity) -> str:
        """Record ``entity`` and its aliases; its canonical key."""
        return self._registrar.register(entity)

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

    def reconcile_stubs(self) -> list[Decision]:
        """Merge each stub (an unresolved mention's key, no LEI) whose name now resolves,
        unambiguously and ignoring other stubs, to a registered entity. One batch."""
        stubs = sorted(k for k, i in self.index.entities.items()
                       if i.stub and not i.lei and self.canonical(k) == k)
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

    @property
    def conflicts(self) -> list[dict[str, str]]:
        return [{"key": k, "other": o, "alias": a, "reason": r}
                for (k, o, a), r in sorted(self._conflicts.items())]

    # -- state ---------------------------------------------------------------------------
    def state_records(self) -> Iterator[StateRecord]:
        """The state as a stream (see ``resolution._state.StateRecord``), deterministic:
        entities by key, alias rows by owner then fields, decisions by id, conflicts."""
        for key in sorted(self.index.entities):
            d = self.index.entities[key].as_dict()
            d["canonical"] = self.canonical(key)
            yield "entity", d
        for owner in sorted(self.index.owners()):  # rows sort by owner first: one owner at a time
            for row in sorted(self.index.rows_of(owner), key=lambda r: tuple(map(str, r))):
                yield "alias", row.as_dict()
        for d in sorted(self.decisions.export(), key=lambda d: d["decision_id"]):
            yield "decision", d
        for c in self.conflicts:
            yield "conflict", c

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
        if isinstance(store, StreamingResolutionStore):
            store.save_state_records(self.state_records())
        else:
            store.save_resolution_state(self.state())

    @classmethod
    def load(cls, store: ResolutionStore | StreamingResolutionStore,
             settings: MatchSettings | None = None) -> Resolver:
        if isinstance(store, StreamingResolutionStore):
            records = store.load_state_records()
            return cls(settings) if records is None else cls.from_records(records, settings)
        state = store.load_resolution_state()
        return cls(settings) if state is None else cls.from_state(state, settings)


__all__ = ["Resolver", "ResolutionError", "MergeRefused"]
