"""The resolver state in Neo4j: streamed JSON lines both ways, and the older one-document form."""

from __future__ import annotations

import gzip
import json
import types
from datetime import date

import pytest

from ownergraph.graph.store.connection import Graph
from ownergraph.graph.store.resolution_store import GraphResolutionStore
from ownergraph.domain.codes import AliasKind
from ownergraph.domain.model import EntityRef
from ownergraph.resolution import Resolver
from tests.resolution.conftest import entity
from tests.cypher import q

GROUP = "984500501A1B1045PB30"
RENAMED = "2138002YAB7Z9KO21397"


def _resolver() -> tuple[Resolver, str]:
    r = Resolver()
    r.register(entity("MONEYTECH GROUP LIMITED", lei=GROUP, jurisdiction="GB"))
    r.register(entity("MT RENAMED LIMITED", lei=RENAMED, jurisdiction="GB",
                      others=[("MONEYTECH LIMITED", AliasKind.PREVIOUS)], previous_until=date(2019, 3, 1)))
    r.register(entity("Company A", ids={"company_number": "GB:XE9999"}))
    stub = r.resolve(EntityRef(name="Moneytech Trading Co")).key
    r.merge(stub, GROUP, "checked the filing")
    return r, stub


def test_state_streams_into_the_graph_and_back(graph: Graph) -> None:
    store = GraphResolutionStore(graph)
    assert store.load_state_records() is None and Resolver.load(store).state().entities == {}
    r, stub = _resolver()
    r.save(store)
    records = store.load_state_records()
    assert isinstance(records, types.GeneratorType)  # read line by line, not as one document
    assert [k for k, _ in records][:1] == ["entity"]
    restored = Resolver.load(store)
    assert restored.state() == r.state()
    assert restored.canonical(stub) == GROUP
    assert graph.read(q("count_label", LABEL="MatchDecision"))[0]["n"] == len(r.state().decisions)
    first = b"".join(bytes(x["data"]) for x in graph.read("resolution_state_load"))
    r.save(store)  # the stored bytes are deterministic
    assert b"".join(bytes(x["data"]) for x in graph.read("resolution_state_load")) == first


def test_a_state_stored_as_one_document_still_loads(graph: Graph) -> None:
    r, stub = _resolver()
    blob = gzip.compress(json.dumps(r.state().as_dict(), sort_keys=True, separators=(",", ":")).encode())
    graph.write("resolution_state_save", chunks=[{"seq": 0, "data": blob}])
    restored = Resolver.load(GraphResolutionStore(graph))
    assert restored.state() == r.state() and restored.canonical(stub) == GROUP


def test_a_state_of_many_chunks_is_sent_chunk_by_chunk_and_replaced_whole(graph: Graph,
                                                                           monkeypatch) -> None:
    import ownergraph.graph.store.resolution_store as rs

    monkeypatch.setattr(rs, "_CHUNK", 97)  # several chunks from a small state
    store = GraphResolutionStore(graph)
    r, stub = _resolver()
    r.save(store)
    n = graph.read(q("count_label", LABEL="ResolutionState"))[0]["n"]
    assert n > 3
    assert [x["seq"] for x in graph.read("resolution_state_seqs")] == list(range(n))
    restored = Resolver.load(store)
    assert restored.state() == r.state() and restored.canonical(stub) == GROUP
    Resolver().save(store)  # a smaller state leaves none of the old chunks behind
    assert graph.read(q("count_label", LABEL="ResolutionState"))[0]["n"] < n
    assert Resolver.load(store).state().entities == {}


def test_an_interrupted_save_leaves_the_stored_state_as_it_was(graph: Graph, monkeypatch) -> None:
    import ownergraph.graph.store.resolution_store as rs

    monkeypatch.setattr(rs, "_CHUNK", 97)
    store = GraphResolutionStore(graph)
    r, _ = _resolver()
    r.save(store)
    before = b"".join(bytes(x["data"]) for x in graph.read("resolution_state_load"))
    real_write = graph.write

    def failing(query: str, **params):  # type: ignore[no-untyped-def]
        if query == "resolution_state_chunk_save" and params["seq"] == 2:
            raise RuntimeError("connection lost")
        return real_write(query, **params)

    monkeypatch.setattr(graph, "write", failing)
    r.register(entity("Another Company Ltd", ids={"company_number": "GB:00000042"}))
    with pytest.raises(RuntimeError):
        r.save(GraphResolutionStore(graph))  # a store that did not load it: saved whole
    assert graph.read(q("count_label", LABEL="ResolutionStatePending"))[0]["n"] == 2
    assert b"".join(bytes(x["data"]) for x in graph.read("resolution_state_load")) == before
    monkeypatch.setattr(graph, "write", real_write)
    r.save(GraphResolutionStore(graph))  # the next whole save clears what the interrupted one left
    assert graph.read(q("count_label", LABEL="ResolutionStatePending"))[0]["n"] == 0
    assert Resolver.load(store).state() == r.state()


def _state_bytes(graph: Graph) -> bytes:
    return b"".join(bytes(x["data"]) for x in graph.read("resolution_state_load"))


def test_a_loaded_state_saves_only_its_changes(graph: Graph, monkeypatch) -> None:
    import ownergraph.graph.store.resolution_store as rs

    monkeypatch.setattr(rs, "_REWRITE_AT", 100.0)  # a tiny state: changes as large as it stay changes
    r, stub = _resolver()
    r.save(GraphResolutionStore(graph))
    whole = _state_bytes(graph)
    store = GraphResolutionStore(graph)
    run = Resolver.load(store)
    run.save(store)  # nothing changed: nothing written
    assert graph.read(q("count_label", LABEL="ResolutionStateChange"))[0]["n"] == 0
    run.register(entity("Another Company Ltd", ids={"company_number": "GB:00000042"}))
    run.merge(run.resolve(EntityRef(name="Another Co Trading")).key, GROUP, "same group")
    run.save(store)
    assert _state_bytes(graph) == whole  # the stored state is not rewritten
    assert graph.read(q("count_label", LABEL="ResolutionStateChange"))[0]["n"] == 1
    later = Resolver.load(GraphResolutionStore(graph))
    assert later.state() == run.state() and later.canonical(stub) == GROUP
    assert graph.read(q("count_label", LABEL="MatchDecision"))[0]["n"] == len(run.state().decisions)


def test_changes_after_another_run_saved_replace_the_state_whole(graph: Graph, monkeypatch) -> None:
    import ownergraph.graph.store.resolution_store as rs

    monkeypatch.setattr(rs, "_REWRITE_AT", 100.0)  # changes stay changes: the head check decides
    _resolver()[0].save(GraphResolutionStore(graph))
    mine, theirs = GraphResolutionStore(graph), GraphResolutionStore(graph)
    run, other = Resolver.load(mine), Resolver.load(theirs)
    other.register(entity("Company B", ids={"company_number": "GB:XE0001"}))
    other.save(theirs)
    assert graph.read(q("count_label", LABEL="ResolutionStateChange"))[0]["n"] == 1
    run.register(entity("Company C", ids={"company_number": "GB:XE0002"}))
    run.save(mine)  # its changes were counted from a state that is no longer the stored one
    assert graph.read(q("count_label", LABEL="ResolutionStateChange"))[0]["n"] == 0
    assert Resolver.load(GraphResolutionStore(graph)).state() == run.state()


def test_changes_outgrowing_the_state_rewrite_it_whole(graph: Graph, monkeypatch) -> None:
    import ownergraph.graph.store.resolution_store as rs

    _resolver()[0].save(GraphResolutionStore(graph))
    store = GraphResolutionStore(graph)
    run = Resolver.load(store)
    run.register(entity("Company B", ids={"company_number": "GB:XE0001"}))
    monkeypatch.setattr(rs, "_REWRITE_AT", 0.0)
    run.save(store)
    assert graph.read(q("count_label", LABEL="ResolutionStateChange"))[0]["n"] == 0
    assert Resolver.load(GraphResolutionStore(graph)).state() == run.state()
