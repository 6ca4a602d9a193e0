"""LEI entity records and corporate actions prepared in a reader process (graph.load.prepared)
give the rows, the stored actions and the resolution state that registering and building them in
the loading process gives: the real samples' entities of every source (those keyed by an LEI
prepared, the rest passed through), a generated golden copy's LEI file (entities and the
corporate actions of its events), a record joined by a shared identifier, and rows moved to
another canonical key."""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any

from bench.ingest.golden.golden import Golden
from ownergraph.domain.codes import AliasKind
from ownergraph.domain.model import CorporateAction, Entity, Quarantined
from ownergraph.graph.load.batch_rows import build_rows, refs_of
from ownergraph.graph.load.bulk.action_store import ActionStore
from ownergraph.graph.load.prepared import PreparedAction, PreparedEntity, entity_rows_of, prepare, prepare_records
from ownergraph.graph.load.rows import clock_props
from ownergraph.ingest.formats import detect
from ownergraph.resolution import Resolver
from tests.resolution.conftest import entity
from tests.resolution.test_snapshot import _real_entities
from tests.resolution.test_state_changes import _clock


def _load(resolver: Resolver, records: list[Any], batch: int = 50) -> list[dict[str, Any]]:
    """As the loaders' intake does: each entity registered, the other records buffered, rows
    built a batch at a time (a prepared action as the record it was)."""
    out, known, seen = [], set(), set()  # type: ignore[var-annotated]
    for i in range(0, len(records), batch):
        chunk = records[i:i + batch]
        keyed = [(resolver.register_prepared(r.registration) if isinstance(r, PreparedEntity)
                  else resolver.register(r), r) for r in chunk if isinstance(r, (Entity, PreparedEntity))]
        others = [r for r in chunk if not isinstance(r, (Entity, PreparedEntity))]
        rows = build_rows(keyed, others, lambda refs: [resolver.resolve(r).key for r in refs], known, seen)
        rows["actions"] = [pickle.loads(a.body) if isinstance(a, PreparedAction) else a for a in rows["actions"]]
        out.append(rows)
    return out


def _stored(records: list[Any], path: Path) -> list[Any]:
    """The actions as the bulk loader's store gives them back, in order."""
    store = ActionStore(path)
    store.add_many([(a.sid if isinstance(a, PreparedAction) else clock_props(a)["statement_id"], a)
                    for a in records if isinstance(a, (CorporateAction, PreparedAction))])
    out = [a for chunk in store.in_order() for a in chunk]
    store.close()
    return out


def _shipped(records: list[Any]) -> list[Any]:
    """Prepared and passed back as the reader process passes them (pickled)."""
    return pickle.loads(pickle.dumps(list(prepare_records(records)), protocol=pickle.HIGHEST_PROTOCOL))


def test_real_entities_prepared_give_the_same_rows_and_state(tmp_path: Path) -> None:
    records = _real_entities()
    shipped = _shipped(records)
    prepared = [r for r in shipped if isinstance(r, PreparedEntity)]
    assert 100 < len(prepared) < len(records)  # the LEI records, not the others (BODS, UK, FtM)
    assert all(isinstance(r, Entity) for r in shipped if not isinstance(r, PreparedEntity))
    here, there = Resolver(clock=_clock()), Resolver(clock=_clock())
    there.move_index_to_disk(tmp_path)  # as a bulk load's
    here.move_index_to_disk(tmp_path / "here")
    assert _load(there, shipped) == _load(here, records)
    assert list(there.state_records()) == list(here.state_records())


def test_a_generated_lei_file_with_events(tmp_path: Path) -> None:
    Golden(0.0003, seed=5, formats=("xml",)).write(tmp_path / "copy")
    path = next((tmp_path / "copy").glob("*lei2*.zip"))
    records = [r for r in detect(path).read(path) if not isinstance(r, Quarantined)]
    shipped = _shipped(records)
    actions = [r for r in shipped if isinstance(r, PreparedAction)]
    assert actions and any(isinstance(r, PreparedEntity) for r in shipped)
    assert len(actions) == sum(isinstance(r, CorporateAction) for r in records)
    assert all(a.refs == refs_of(pickle.loads(a.body)) for a in actions)
    here, there = Resolver(clock=_clock()), Resolver(clock=_clock())
    assert _load(there, shipped) == _load(here, records)
    assert list(there.state_records()) == list(here.state_records())
    assert _stored(shipped, tmp_path / "a.sqlite") == _stored(records, tmp_path / "b.sqlite") != []


def test_a_record_joined_by_a_shared_identifier() -> None:
    unkeyed = entity("Acme Holdings", ids={"company_number": "01234567"})
    lei = entity("Acme Holdings Ltd", lei="5493001KJTIIGC8Y1R12", ids={"company_number": "01234567"},
                 others=[("Acme", AliasKind.TRADING)])
    here, there = Resolver(clock=_clock()), Resolver(clock=_clock())
    rows_here = _load(here, [unkeyed, lei])
    rows_there = _load(there, [unkeyed, *_shipped([lei])])
    assert rows_there == rows_here
    assert list(there.state_records()) == list(here.state_records())
    first, second = (row["key"] for row in rows_here[0]["entities"])
    assert first != second and here.decisions.canonical(first) == here.decisions.canonical(second)  # joined


def test_rows_moved_to_another_key_are_the_ones_built_there() -> None:
    rec = entity("Acme Holdings Ltd", lei="5493001KJTIIGC8Y1R12", ids={"company_number": "01234567"})
    p = prepare(rec)
    assert isinstance(p, PreparedEntity) and p.key == "5493001KJTIIGC8Y1R12"
    assert p.rows_for(p.key) == entity_rows_of(p.key, rec, None)
    assert p.rows_for("og:other") == entity_rows_of("og:other", rec, None)
    assert "lei" not in p.rows_for("og:other")[0]["props"] and p.row["props"]["lei"] == p.key


def test_records_not_keyed_by_their_own_lei_pass_through() -> None:
    by_name = entity("No Lei Ltd", ids={"company_number": "07654321"})
    assert prepare(by_name) is by_name
    with_successor = entity("Old Ltd", lei="5493001KJTIIGC8Y1R12").model_copy(
        update={"successor": entity("New Ltd", lei="529900T8BM49AURSDO55").ref})
    assert prepare(with_successor) is with_successor
