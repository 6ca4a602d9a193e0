"""Incremental resolver-state saves: a loaded resolver stores only what changed, and the stored
state with its changes merged in rebuilds the resolver a full save would (same decisions)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import date, datetime, timezone
from itertools import count

from ownergraph.domain.codes import AliasKind, AliasScheme
from ownergraph.domain.model import EntityRef
from ownergraph.resolution import Resolver, StateRecord
from ownergraph.resolution.state import ChangeRecord, merge_changes
from tests.resolution.conftest import entity

PUMA = "529900S9NYKESE6C6H13"
GROUP = "984500501A1B1045PB30"
RENAMED = "2138002YAB7Z9KO21397"


class MemoryStore:
    """A streaming store that also takes changes, as the graph's does: the full state plus a
    list of change sets, merged on load."""

    def __init__(self, accept: bool = True) -> None:
        self.base: list[StateRecord] | None = None
        self.changes: list[list[ChangeRecord]] = []
        self.accept = accept
        self.full_saves = 0

    def save_state_records(self, records: Iterable[StateRecord]) -> None:
        self.base, self.changes = list(records), []
        self.full_saves += 1

    def load_state_records(self) -> Iterator[StateRecord] | None:
        if self.base is None:
            return None
        return merge_changes(iter(self.base), [c for cs in self.changes for c in cs])

    def save_state_changes(self, changes: Iterable[ChangeRecord]) -> bool:
        if not self.accept:
            return False
        self.changes.append(list(changes))
        return True


def _clock() -> object:
    ticks = count()
    return lambda: datetime(2024, 6, 1, tzinfo=timezone.utc).replace(microsecond=next(ticks))


def _first_run(r: Resolver) -> None:
    r.register(entity("MONEYTECH GROUP LIMITED", lei=GROUP, jurisdiction="GB"))
    r.register(entity("PUMA International Trading GmbH", lei=PUMA, jurisdiction="DE"))
    r.register(entity("Alpha Trading", ids={"ftm_id": "NK-1", "company_number": "BY:808"}))
    r.register(entity("Alpha Trading LLC", ids={"bods_record": "r-9", "isin": "BY0000000001"}))
    r.register(entity("Levent Trust SA", ids={"company_number": "FR:1"}, jurisdiction="FR"))
    r.resolve(EntityRef(name="Moneytech Trading Co"))  # a stub


def _second_run(r: Resolver) -> None:
    """Every kind of change: a new entity, a new alias of a stored one, a join through a shared
    identifier (merge decision), a probabilistic match adding an alias under its decision, an
    undo with a block (the alias goes, a judgement comes), a new stub, a manual merge."""
    r.register(entity("MT RENAMED LIMITED", lei=RENAMED, jurisdiction="GB",
                      others=[("MONEYTECH LIMITED", AliasKind.PREVIOUS)], previous_until=date(2019, 3, 1)))
    r.register(entity("PUMA International Trading GmbH", lei=PUMA, jurisdiction="DE",
                      others=[("PUMA Trading", AliasKind.TRADING)]))
    r.register(entity("Alpha", ids={"bods_record": "r-9", "company_number": "BY:808"}))
    match = r.resolve(EntityRef(name="PUMA Internatoinal Trading GmbH", scheme=AliasScheme.OTHER, value="x-1"))
    assert match.method == "probabilistic" and match.decision_id
    r.undo(match.decision_id, block=True)
    stub = r.resolve(EntityRef(name="Harbourline Shipping Limited", jurisdiction="GB")).key
    r.merge(stub, GROUP, "checked the filing")


def _probes() -> list[EntityRef]:
    return [EntityRef(name=n) for n in ("Moneytech Trading Co", "MONEYTECH LIMITED", "PUMA Trading",
                                        "PUMA Internatoinal Trading GmbH", "Harbourline Shipping Limited")] + [
        EntityRef(scheme=AliasScheme.OTHER, value="x-1"),
        EntityRef(scheme=AliasScheme.COMPANY_NUMBER, value="BY:808")]


def test_changes_merged_into_the_stored_state_give_the_full_state() -> None:
    store = MemoryStore()
    r = Resolver(clock=_clock())
    _first_run(r)
    r.save(store)
    assert store.full_saves == 1
    loaded = Resolver.load(store)
    base = list(loaded.state_records())
    _second_run(loaded)
    changes = list(loaded.changed_records() or [])
    assert {k for k, _ in changes} == {"owner", "decision"}
    merged = list(merge_changes(iter(base), changes))
    assert merged == list(loaded.state_records())  # same records, same order as a full save
    # and the resolver rebuilt from them decides as the changed one does
    rebuilt = Resolver.from_records(iter(merged))
    assert list(rebuilt.state_records()) == merged
    got = [(x.key, x.method) for x in rebuilt.resolve_many(_probes(), record=False)]
    assert got == [(x.key, x.method) for x in loaded.resolve_many(_probes(), record=False)]


def test_a_loaded_resolver_saves_only_its_changes() -> None:
    store = MemoryStore()
    r = Resolver(clock=_clock())
    _first_run(r)
    r.save(store)
    full = len(store.base or [])
    loaded = Resolver.load(store)
    loaded.save(store)  # nothing changed: nothing written
    assert store.changes == [] and store.full_saves == 1
    _second_run(loaded)
    expected = list(loaded.state_records())
    loaded.save(store)
    assert store.full_saves == 1 and len(store.changes) == 1
    owners = {d["key"] for k, d in store.changes[0] if k == "owner"}
    assert {PUMA, RENAMED, GROUP} <= owners  # new, a new alias, a merge survivor
    untouched = Resolver.load(store).resolve(EntityRef(scheme=AliasScheme.COMPANY_NUMBER, value="FR:1"),
                                             record=False)
    assert untouched.method == "identifier" and untouched.key not in owners and len(owners) < full  # not the whole state again
    # a later run sees the full state: its own changes then go on top
    again = Resolver.load(store)
    assert list(again.state_records()) == expected
    again.register(entity("Levent Trust", ids={"bods_record": "8e40d059"}, jurisdiction="FR"))
    again.save(store)
    assert len(store.changes) == 2
    assert list(Resolver.load(store).state_records()) == list(again.state_records())


def test_a_store_that_declines_changes_gets_the_full_state() -> None:
    store = MemoryStore(accept=False)
    r = Resolver(clock=_clock())
    _first_run(r)
    r.save(store)
    loaded = Resolver.load(store)
    _second_run(loaded)
    loaded.save(store)
    assert store.full_saves == 2 and store.base == list(loaded.state_records())


def test_changes_are_counted_against_the_store_they_came_from() -> None:
    a, b = MemoryStore(), MemoryStore()
    r = Resolver(clock=_clock())
    _first_run(r)
    r.save(a)
    loaded = Resolver.load(a)
    _second_run(loaded)
    loaded.save(b)  # another store never saw the first state: it gets everything
    assert b.full_saves == 1 and b.base == list(loaded.state_records())
