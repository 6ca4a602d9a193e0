"""The resolver state in Neo4j: streamed JSON lines both ways, and the older one-document form."""

from __future__ import annotations

import gzip
import json
import types
from datetime import date

import pytest

from ownergraph.graph.connection import Graph
from ownergraph.graph.resolution_store import GraphResolutionStore
from ownergraph.ingest.model import AliasKind, EntityRef
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
    import ownergraph.graph.resolution_store as rs

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
    import ownergraph.graph.resolution_store as rs

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
        r.save(store)
    assert graph.read(q("count_label", LABEL="ResolutionStatePending"))[0]["n"] == 2
    assert b"".join(bytes(x["data"]) for x in graph.read("resolution_state_load")) == before
    monkeypatch.setattr(graph, "write", real_write)
    r.save(store)  # the next save clears what the interrupted one left
    assert graph.read(q("count_label", LABEL="ResolutionStatePending"))[0]["n"] == 0
    assert Resolver.load(store).state() == r.state()
