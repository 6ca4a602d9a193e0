"""Staged entities on disk (graph.load.bulk.entity_store, via SpooledStaged): real GLEIF LEI
records with their update files (the same LEIs stated again, later), stubs for parents not in
the LEI file, a retraction of one entity's fact and a corporate-action party give the same
tallies and import files as the in-memory staging, while between batches no entity is held
as a dict."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from ownergraph.domain.model import Entity, Quarantined, Retraction
from ownergraph.graph.load.batch_rows import build_rows
from ownergraph.graph.load.bulk.entity_store import EntityStore
from ownergraph.graph.load.bulk.files import write_staged
from ownergraph.graph.load.bulk import spool
from ownergraph.graph.load.bulk.spool import KeySet, SpooledStaged
from ownergraph.graph.load.bulk.staged import Staged
from ownergraph.graph.store.resolution_store import ResolverKeys
from ownergraph.ingest.readers.gleif.golden import read_golden
from ownergraph.resolution import Resolver
from tests.graph.test_bulk_spool import _rows

GC = Path(__file__).resolve().parents[1] / "fixtures" / "real" / "gleif" / "golden-copy"
FILES = ("rr-data.xml", "lei-data.xml", "lei-updates-data.json", "lei-updates-replaces-data.json",
         "repex-data.xml")


def _batches(known: Any) -> tuple[list[dict[str, Any]], list[Entity]]:
    keys = ResolverKeys(Resolver())
    seen: set[int] = set()
    out, entities_read = [], []
    for name in FILES:
        recs = [r for r in read_golden(GC / name) if not isinstance(r, Quarantined)]
        entities = [(keys.register(r), r) for r in recs if isinstance(r, Entity)]
        entities_read += [e for _, e in entities]
        others = [r for r in recs if not isinstance(r, Entity)]
        out.append(build_rows(entities, others, keys.keys_of, known, seen))
    last = entities_read[-1]
    gone = Retraction(fact_key=last.key(), known_from=max(e.known_from for e in entities_read) + timedelta(days=1),
                      provenance=last.provenance)
    out.append(build_rows([], [gone], keys.keys_of, known, seen))
    return out, entities_read


def test_entities_on_disk_give_the_same_tallies_and_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    batches, read = _batches(set())
    spooled_batches, _ = _batches(KeySet())
    assert batches == spooled_batches  # the hashed set of written keys decides stubs as a set does
    memory, spooled = Staged(), SpooledStaged(tmp_path / "spool")
    for rows in batches:
        assert memory.apply_batch(rows) == spooled.apply_batch(rows)
        assert dict.__len__(spooled.entities) == 0  # nothing held between batches
    # the update files name LEIs of the first file again: those were merged, not duplicated
    restated = [k for k, e in memory.entities.items() if len(e.get("statement_ids", ())) > 1]
    assert restated and any(e.get("stub") for e in memory.entities.values())
    assert any("known_to" in e for e in memory.entities.values())  # the retraction closed one
    party = restated[0]
    memory.rechain()
    monkeypatch.setattr(spool, "HOT_ENTITIES", 2)  # past 2 in memory, the older go back to the store
    hot = spooled.settle(parties={party})
    hot.rechain()
    assert dict(hot.entities) == {}  # an entity comes back when an action asks for it
    assert hot.entities.get(party) == memory.entities[party] and list(dict(hot.entities)) == [party]
    # changed in place as actions change them, one at a time
    others = [k for k in memory.entities if k != party][:4]
    for n, key in enumerate([party, *others]):
        hot.entities[key]["status"] = memory.entities[key]["status"] = f"ACTION {n}"
    assert len(dict(hot.entities)) <= 2
    write_staged(memory, tmp_path / "memory")
    write_staged(spooled, tmp_path / "spooled")
    assert _rows(tmp_path / "memory") == _rows(tmp_path / "spooled")
    assert spooled.counts() == memory.counts()
    fk = read[-1].key()
    assert list(spooled.entities_of_fact(fk)) == list(memory.entities_of_fact(fk))
    spooled.close()


def test_the_store_keeps_first_insertion_order_and_answers_by_fact(tmp_path: Path) -> None:
    store = EntityStore(tmp_path / "e.sqlite")
    store.put_many({"b": {"key": "b", "fact_key": "f1"}, "a": {"key": "a"}})
    store.put_many({"c": {"key": "c", "fact_key": "f1"}, "b": {"key": "b", "fact_key": "f2", "v": 2}})
    assert [k for k, _ in store.items()] == ["b", "a", "c"]
    assert store.get_many(["b", "x"]) == {"b": {"key": "b", "fact_key": "f2", "v": 2}}
    assert [k for k, _ in store.with_facts(["f1"])] == ["c"]  # b's current fact is f2
    assert len(store) == 3
    store.close()


def test_the_key_set_answers_as_a_set() -> None:
    keys, plain = KeySet(), set()
    for i in range(0, 3000, 3):
        keys.add(f"lei-{i}")
        plain.add(f"lei-{i}")
    keys.update(["x", "y"])
    plain.update(["x", "y"])
    assert len(keys) == len(plain)
    assert all((f"lei-{i}" in keys) == (f"lei-{i}" in plain) for i in range(3000))
