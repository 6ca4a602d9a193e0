"""Connection layer and schema, against the real server."""

from __future__ import annotations

import pytest

from ownergraph.domain.settings import Settings
from ownergraph.graph.store.connection import Graph, connect
from ownergraph.graph.store.server import LocalNeo4j
from ownergraph.domain.errors import Neo4jAuthError, Neo4jUnavailable
from tests.cypher import q


def test_server_is_neo4j_5_26_or_later(graph: Graph) -> None:
    major, minor = (int(x) for x in graph.server_version.split(".")[:2])
    assert (major, minor) >= (5, 26)


def test_schema_applied_twice_is_a_no_op(graph: Graph) -> None:
    before = graph.read(q("constraint_names"))[0]["names"]
    assert "entity_key" in before and "alias_key" in before
    assert graph.apply_schema() == 0
    after = graph.read(q("constraint_names"))[0]["names"]
    assert sorted(before) == sorted(after)
    indexes = graph.read(q("index_names"))[0]["names"]
    assert {"owns_time", "owns_known", "owns_fact"} <= set(indexes)


def test_write_read_round_trip(graph: Graph) -> None:
    graph.write(
        q("create_owner_and_child"), lei="984500501A1B1045PB30", name="MONEYTECH GROUP LIMITED", s=0.6, vf="2020-01-01",
    )
    rows = graph.read(q("owned_by_lei"), lei="984500501A1B1045PB30")
    assert len(rows) == 1
    assert rows[0]["owner"] == "MONEYTECH GROUP LIMITED" and rows[0]["owned"] == "og:child"
    assert rows[0]["stake"] == pytest.approx(0.6)
    assert rows[0]["valid_from"].iso_format() == "2020-01-01"


def test_entity_key_is_unique(graph: Graph) -> None:
    graph.write(q("create_entity"), key="og:x")
    with pytest.raises(Exception, match="already exists"):
        graph.write(q("create_entity"), key="og:x")


def test_partial_list_key_is_unique(graph: Graph) -> None:
    graph.write(q("create_partial_list"), key="gleif:children:5493001KJTIIGC8Y1R12")
    with pytest.raises(Exception, match="already exists"):
        graph.write(q("create_partial_list"), key="gleif:children:5493001KJTIIGC8Y1R12")


def test_reads_run_in_read_only_transactions(graph: Graph) -> None:
    with pytest.raises(Exception, match="(?i)write"):
        graph.read(q("create_entity"), key="og:nope")


def test_unreachable_server_gives_a_clear_error() -> None:
    settings = Settings(neo4j_uri="bolt://127.0.0.1:1", neo4j_password="x")
    with pytest.raises(Neo4jUnavailable) as err:
        connect(settings)
    message = str(err.value)
    assert "bolt://127.0.0.1:1" in message and "NEO4J_URI" in message and "docker compose" in message


def test_wrong_password_gives_a_clear_error(graph: Graph, neo4j_settings: Settings) -> None:
    uri = graph.uri
    with pytest.raises(Neo4jAuthError, match="refused the credentials"):
        connect(Settings(neo4j_uri=uri, neo4j_user="neo4j", neo4j_password="definitely-wrong"))
    # The good connection still works afterwards.
    assert graph.read(q("one")) == [{"one": 1}]


def test_local_credentials_are_private(graph: Graph, neo4j_settings: Settings) -> None:
    if not neo4j_settings.uses_local_server:
        pytest.skip("tests run against an external server")
    creds = LocalNeo4j(neo4j_settings).credentials_file
    assert creds.stat().st_mode & 0o077 == 0


def test_read_unit_runs_many_reads_in_one_read_transaction(graph: Graph) -> None:
    graph.write(q("create_named_entities"), entities=[{"key": "og:unit-a", "name": "A"},
                                                    {"key": "og:unit-b", "name": "B"}])

    def work(reader) -> list[list[dict[str, object]]]:  # type: ignore[no-untyped-def]
        return [reader.read(q("entity_key_name"), k=k)
                for k in ("og:unit-a", "og:unit-b", "og:unit-missing")]

    a, b, missing = graph.read_unit(work)
    assert a == [{"e": {"key": "og:unit-a", "name": "A"}, "xs": [1, 2]}]
    assert b[0]["e"]["name"] == "B" and missing == []
    with pytest.raises(Exception, match="(?i)write|read"):  # a read transaction refuses writes
        graph.read_unit(lambda reader: reader.read(q("create_entity"), key="og:unit-c"))
    assert graph.read(q("entity_by_key"), k="og:unit-c") == []
