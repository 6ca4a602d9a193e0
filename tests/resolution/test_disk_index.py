"""The alias index on disk (``AliasIndex.on_disk``, a bulk first load's) answers as the one in
memory: same state stream, same resolutions, on the real samples' entities, with caches small
enough that every map writes back and reads again from the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from ownergraph.resolution import Resolver
from ownergraph.resolution import disk_map
from tests.resolution.test_snapshot import _answers, _real_entities, _real_probes
from tests.resolution.test_state_changes import _clock, _first_run, _second_run, _probes


@pytest.fixture(autouse=True)
def small_caches(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(disk_map, "CACHE_ENTRIES", 7)
    monkeypatch.setattr(disk_map, "PAGE", 5)


def _run(r: Resolver) -> list[object]:
    entities = _real_entities()
    for e in reversed(entities):
        r.register(e)
    _first_run(r)
    _second_run(r)
    probes = _real_probes(entities) + _probes()
    r.resolve_many(probes[::5])  # stubs and matches recorded
    return _answers(r, probes)


def test_on_disk_answers_and_state_are_the_in_memory_ones(tmp_path: Path) -> None:
    mem, disk = Resolver(clock=_clock()), Resolver(clock=_clock())
    disk.move_index_to_disk(tmp_path)
    assert not disk.index.in_memory
    assert _run(disk) == _run(mem)
    assert list(disk.state_records()) == list(mem.state_records())
    assert len(disk.index.entities) == len(mem.index.entities) > 100
    assert list(tmp_path.glob("alias-index-*/index.sqlite"))


def test_a_filled_index_moved_to_disk_keeps_everything(tmp_path: Path) -> None:
    r = Resolver(clock=_clock())
    for e in _real_entities():
        r.register(e)
    before = list(r.state_records())
    r.move_index_to_disk(tmp_path)
    assert list(r.state_records()) == before
    probes = _real_probes(_real_entities())
    fresh = Resolver.from_records(iter(before))
    assert _answers(r, probes) == _answers(fresh, probes)


def test_disk_map_is_a_mapping_with_write_back(tmp_path: Path) -> None:
    m = disk_map.DiskMap(disk_map.connect(tmp_path / "m.sqlite"), "t", cache=2)
    m["b"], m["a"], m["c"] = "x", ["p", "q"], ("t", 1)
    m["a"] = [*m["a"], "r"]  # changed values are stored again
    assert dict(m.items()) == {"a": ["p", "q", "r"], "b": "x", "c": ("t", 1)}
    assert list(m) == ["a", "b", "c"] and len(m) == 3 and "b" in m and "z" not in m
    del m["b"]
    with pytest.raises(KeyError):
        m["b"]
    with pytest.raises(KeyError):
        del m["zz"]
    assert m.get("zz", 5) == 5 and len(m) == 2


def test_names_are_indexed_only_when_a_mention_is_looked_up_by_name(tmp_path: Path) -> None:
    """A first load's index on disk records name rows without indexing them (LEI records are
    registered by key); mentions by LEI or identifier leave them so; the first look-up by name
    indexes them all, and from then on the index answers as one that indexed each name as it
    came (same answers, same state, same stub reconciliation)."""
    entities = _real_entities()
    mem, disk = Resolver(clock=_clock()), Resolver(clock=_clock())
    disk.move_index_to_disk(tmp_path)
    for r in (mem, disk):
        for e in entities:
            r.register(e)
    by_lei = [e.ref for e in entities if e.ref.lei][:20]
    assert [x.key for x in disk.resolve_many(by_lei)] == [x.key for x in mem.resolve_many(by_lei)]
    assert disk.index.names_deferred and disk.reconcile_stubs(named_only=True) == []
    assert disk.index.names_deferred  # no stub without an LEI: no name looked up
    assert list(disk.index._names.items()) == []
    probes = _real_probes(entities) + _probes()
    assert _answers(disk, probes) == _answers(mem, probes)
    assert not disk.index.names_deferred
    stubs = [x.key for x in disk.resolve_many(probes[::3])]
    assert stubs == [x.key for x in mem.resolve_many(probes[::3])]
    assert [d.as_dict() for d in disk.reconcile_stubs()] == [d.as_dict() for d in mem.reconcile_stubs()]
    assert list(disk.state_records()) == list(mem.state_records())
