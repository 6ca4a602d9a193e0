"""The spooled staged graph (graph.load.bulk.spool) against the in-memory one: the same batches
of real GLEIF rows (versions of one relationship across update files, reporting exceptions)
give the same tallies, chains and import files, while the edges and versioned nodes sit on disk
until the end and only the rows a chain can change come back into memory."""

from __future__ import annotations

import csv
import random
from collections import Counter
from pathlib import Path
from typing import Any

from ownergraph.domain.model import Entity, Quarantined
from ownergraph.graph.load.batch_rows import build_rows
from ownergraph.graph.load.bulk.files import write_staged
from ownergraph.graph.load.bulk.spool import HashSet64, SpooledStaged
from ownergraph.graph.load.bulk.staged import Staged
from ownergraph.graph.store.resolution_store import ResolverKeys
from ownergraph.ingest.readers.gleif.golden import read_golden
from ownergraph.resolution import Resolver

GC = Path(__file__).resolve().parents[1] / "fixtures" / "real" / "gleif" / "golden-copy"
FILES = ("lei-data.xml", "rr-data.xml", "rr-updates-data.json", "relationship-update-data.json", "repex-data.xml")


def _batches() -> list[dict[str, Any]]:
    keys = ResolverKeys(Resolver())
    known: set[str] = set()
    seen: set[int] = set()
    out = []
    for name in FILES:
        recs = [r for r in read_golden(GC / name) if not isinstance(r, Quarantined)]
        entities = [(keys.register(r), r) for r in recs if isinstance(r, Entity)]
        others = [r for r in recs if not isinstance(r, Entity)]
        out.append(build_rows(entities, others, keys.keys_of, known, seen))
    return out


def _rows(folder: Path) -> Counter[tuple[str, frozenset[tuple[str, str]]]]:
    """Every row of every file as (label or type, its typed fields), whatever file it is in."""
    out: Counter[tuple[str, frozenset[tuple[str, str]]]] = Counter()
    for path in folder.glob("*.csv"):
        kind = path.name.rsplit("-", 1)[0]
        with open(path, newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                out[(kind, frozenset((k, v) for k, v in row.items() if v != ""))] += 1
    return out


def test_spooled_and_in_memory_staging_give_the_same_files(tmp_path: Path) -> None:
    batches = _batches()
    memory, spooled = Staged(), SpooledStaged(tmp_path / "spool")
    for rows in batches:
        assert memory.apply_batch(rows) == spooled.apply_batch(rows)
    # the bulk is on disk: no edge or versioned node is held as a dict
    assert not any(memory.edges[t] for t in spooled.edges) and not spooled.edges
    assert not spooled.nodes.get("ReportingException") and not spooled.aliases and not spooled.alias_of
    assert sum(1 for _ in (tmp_path / "spool").glob("*.spool")) >= 3
    chained = memory.rechain()
    hot = spooled.settle(parties=set())
    assert hot.rechain() == chained > 0
    # only the versions of facts stated more than once came back (and their carried pieces)
    back = sum(len(e) for e in hot.edges.values())
    assert 0 < back < sum(len(e) for e in memory.edges.values())
    write_staged(memory, tmp_path / "memory")
    write_staged(spooled, tmp_path / "spooled")
    assert _rows(tmp_path / "memory") == _rows(tmp_path / "spooled")
    assert spooled.counts() == memory.counts()
    spooled.close()


def test_the_hash_set_answers_as_a_set_across_its_merges() -> None:
    seen, plain = HashSet64(spill=64), set()
    values = [hash(("e", str(i))) for i in range(1000)] + [-(2**63), 2**63 - 1, 0]
    for v in values[::2]:
        seen.add(v)
        plain.add(v)
    assert len(seen) == len(plain)
    assert [v in seen for v in values] == [v in plain for v in values]


def test_the_hash_set_stays_sorted_and_exact_as_its_bitmap_grows() -> None:
    """Merges insert the newest hashes into the sorted array; the bitmap of low bits, rebuilt as
    the array outgrows it, must never answer "absent" for a hash that is there."""
    rng = random.Random(7)
    for spill in (1, 3, 97):
        seen, plain = HashSet64(spill=spill), set()
        values = [rng.getrandbits(64) - 2**63 for _ in range(5000)] + [-(2**63), 2**63 - 1, 0, -1, 1]
        for v in values[::2] + values[1::7]:
            if v not in seen:
                seen.add(v)
            plain.add(v)
        assert len(seen) == len(plain)
        assert [v in seen for v in values] == [v in plain for v in values]
        stored = seen._old.tolist()
        assert stored == sorted(set(stored))
        assert len(seen._bits) * 8 >= 16 * len(stored)  # ~16 bits a hash: most absent ones answered by it


def test_the_files_read_each_spooled_group_once(tmp_path: Path, monkeypatch: Any) -> None:
    """The rows' types were tallied as they were spooled: writing the files is one pass over
    each spool and over the entity store (every pass unpickles every row), not two."""
    from ownergraph.graph.load.bulk import spool as spool_module
    from ownergraph.graph.load.bulk.entity_store import EntityStore

    reads: Counter[str] = Counter()
    spool_iter, store_items = spool_module._Spool.__iter__, EntityStore.items

    def counted_iter(self: Any) -> Any:
        reads[self.path.name] += 1
        return spool_iter(self)

    def counted_items(self: Any) -> Any:
        reads["entities"] += 1
        return store_items(self)

    spooled = SpooledStaged(tmp_path / "spool")
    for rows in _batches():
        spooled.apply_batch(rows)
    spooled.settle(parties=set()).rechain()
    monkeypatch.setattr(spool_module._Spool, "__iter__", counted_iter)
    monkeypatch.setattr(EntityStore, "items", counted_items)
    write_staged(spooled, tmp_path / "files")
    assert reads["entities"] == 1
    assert {n for n in reads if n.startswith("edges-")} and {n for n in reads if n.startswith("nodes-")}
    assert max(reads.values()) == 1, reads
    spooled.close()


def test_the_types_tallied_are_those_the_writer_finds(tmp_path: Path) -> None:
    """ColumnTypes names a property's types as the files' first pass does: an aware and a naive
    datetime apart, a list of strings, and a value the files cannot carry refused when staged."""
    from datetime import datetime, timezone

    import pytest

    from ownergraph.graph.load.bulk.files import BulkFileError, ColumnTypes

    t = ColumnTypes().update([{"a": 1, "b": datetime(2020, 1, 1), "c": ["x"], "d": None},
                              {"a": 1.5, "b": datetime(2020, 1, 1, tzinfo=timezone.utc), "c": ["y", "z"]}])
    assert t.kinds == {"a": {"long", "double"}, "b": {"localdatetime", "datetime"}, "c": {"string[]"}}
    with pytest.raises(BulkFileError):
        t.add({"c": ["x", 1]})  # a list is checked every time, not by its type once
    with pytest.raises(BulkFileError):
        t.add({"e": {"k": 1}})
