"""Resolver snapshots: the resolver a run saved, kept as a file, is the one a rebuild from the
stored state gives (same canonical form, same answers), and a damaged file is no snapshot."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from ownergraph.ingest.formats import detect
from ownergraph.domain.model import Entity, EntityRef
from ownergraph.resolution import Resolver
from ownergraph.resolution import snapshot as snapshot
from ownergraph.resolution.state import merge_changes
from tests.resolution.test_state_changes import MemoryStore, _clock, _first_run, _probes, _second_run

REAL = Path(__file__).parents[1] / "fixtures" / "real"


def _real_entities() -> list[Entity]:
    """Every entity record of the real GLEIF, BODS, FtM and UK Companies House / PSC samples."""
    out = []
    for folder in ("gleif", "bods", "ftm", "uk-companies-house", "uk-psc"):
        for p in sorted((REAL / folder).rglob("*")):
            try:
                reader = detect(p)
            except Exception:  # noqa: BLE001 - a README or a format without entities
                continue
            out.extend(rec for rec in reader.read(p) if isinstance(rec, Entity))
    return out


def _real_probes(entities: list[Entity]) -> list[EntityRef]:
    """Mentions by name only (exact, misspelt, cut short) of the real entities."""
    out = []
    for e in entities[::7]:
        out.append(EntityRef(name=e.name))
        out.append(EntityRef(name=e.name[:-2] + e.name[-1:]))
        out.append(EntityRef(name=" ".join(e.name.split()[:2])))
    return out


def _answers(r: Resolver, probes: list[EntityRef]) -> list[tuple[object, ...]]:
    return [(x.key, x.method, x.ambiguous, [c.key for c in x.candidates]) for x in r.resolve_many(probes, record=False)]


def test_a_run_and_its_rebuild_have_one_canonical_form() -> None:
    # registered in file order, with stubs, matches, an undo with a block and merges: the
    # rebuild adds everything in key order instead
    r = Resolver(clock=_clock())
    entities = _real_entities()
    assert len(entities) > 100
    for e in reversed(entities):  # arrival order opposite to key order in places
        r.register(e)
    _first_run(r)
    _second_run(r)
    probes = _real_probes(entities) + _probes()
    r.resolve_many(probes[::5])  # recorded: stubs and matches of real names
    rebuilt = Resolver.from_records(r.state_records())
    assert snapshot.canonical_form(rebuilt) == snapshot.canonical_form(r)
    assert _answers(rebuilt, probes) == _answers(r, probes)


def test_a_loaded_resolver_with_changes_is_its_stored_state_rebuilt() -> None:
    store = MemoryStore()
    r = Resolver(clock=_clock())
    entities = _real_entities()
    for e in entities[: len(entities) // 2]:
        r.register(e)
    _first_run(r)
    r.save(store)
    loaded = Resolver.load(store)
    for e in entities[len(entities) // 2:]:
        loaded.register(e)
    _second_run(loaded)
    loaded.save(store)  # saved as a change set
    assert len(store.changes) == 1
    assert store.base is not None
    rebuilt = Resolver.from_records(merge_changes(iter(store.base), store.changes[0]))
    assert snapshot.canonical_form(rebuilt) == snapshot.canonical_form(loaded)


def test_a_snapshot_round_trip_is_the_same_resolver() -> None:
    r = Resolver(clock=_clock())
    entities = _real_entities()
    r.register_many(entities)
    _first_run(r)
    _second_run(r)
    f = io.BytesIO()
    snapshot.dump(r, f, {"digest": "d1"})
    f.seek(0)
    assert snapshot.read_meta(f) == {"digest": "d1"}
    back = snapshot.load(f, None)
    assert back is not None
    assert snapshot.canonical_form(back) == snapshot.canonical_form(r)
    probes = _real_probes(entities) + _probes()
    assert _answers(back, probes) == _answers(r, probes)
    # it goes on as the original: a new registration lands in both alike
    for x in (r, back):
        x.register(entities[0].model_copy(update={"name": "Renamed " + entities[0].name}))
    assert snapshot.canonical_form(back) == snapshot.canonical_form(r)


def test_a_damaged_or_foreign_file_is_no_snapshot(tmp_path: Path) -> None:
    r = Resolver(clock=_clock())
    _first_run(r)
    path = tmp_path / "s.pickle"
    snapshot.write_file(r, path, {"digest": "d1"})
    whole = path.read_bytes()
    with open(path, "rb") as f:
        assert snapshot.read_meta(f) is not None and snapshot.load(f, None) is not None
    assert snapshot.read_meta(io.BytesIO(b"not a snapshot")) is None
    cut = io.BytesIO(whole[: len(whole) - 40])
    assert snapshot.read_meta(cut) is not None and snapshot.load(cut, None) is None
    import pickle

    older = io.BytesIO(pickle.dumps((("ownergraph-resolver-snapshot", 0), snapshot._code_digest(), {"digest": "d1"})))
    assert snapshot.read_meta(older) is None  # an older format
    other_code = io.BytesIO(pickle.dumps((snapshot.FORMAT, "0" * 16, {"digest": "d1"})))
    assert snapshot.read_meta(other_code) is None  # written by another version of the resolver


def test_only_the_newest_snapshots_are_kept(tmp_path: Path) -> None:
    import os

    r = Resolver(clock=_clock())
    _first_run(r)
    for i in range(6):
        snapshot.write_file(r, tmp_path / f"s{i}.pickle", {"digest": str(i)}, keep=3)
        os.utime(tmp_path / f"s{i}.pickle", (1000 + i, 1000 + i))
    assert sorted(p.name for p in tmp_path.glob("*.pickle")) == ["s3.pickle", "s4.pickle", "s5.pickle"]
    assert not list(tmp_path.glob(".tmp-*"))


def test_a_snapshot_written_by_one_process_is_read_by_the_next() -> None:
    """The code digest a snapshot carries is the same in a new process (it was not while the
    digest named files renamed away: each process then hashed its own pid and no snapshot
    written by an ingest was ever loaded by the next command)."""
    for name in snapshot._CODE:  # every module named exists, so a rename fails here
        __import__(f"ownergraph.resolution.{name}")
    code = "from ownergraph.resolution import snapshot as s; print(s._code_digest())"
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert other.stdout.strip() == snapshot._code_digest()
    buf = io.BytesIO()
    snapshot.dump(Resolver(), buf, {"run": "probe"})
    buf.seek(0)
    assert snapshot.read_meta(buf) == {"run": "probe"}
