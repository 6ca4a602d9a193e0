"""Schema creation raced by a second command, and a lost server, against a stand-in driver
(no Neo4j): the race is retried, other errors are not, a lost server is one clear error."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from neo4j.exceptions import Neo4jError, ServiceUnavailable

from ownergraph import cypher
from ownergraph.graph.store import connection
from ownergraph.graph.store.connection import Graph
from ownergraph.domain.errors import Neo4jUnavailable

RACE = "Neo.ClientError.Schema.EquivalentSchemaRuleAlreadyExists"


class _Driver:
    def __init__(self, fail: list[BaseException]) -> None:
        self.fail = fail
        self.calls = 0

    def execute_query(self, *_: Any, **__: Any) -> Any:
        self.calls += 1
        if self.fail:
            raise self.fail.pop(0)
        return SimpleNamespace(summary=SimpleNamespace(counters=SimpleNamespace(constraints_added=0,
                                                                                indexes_added=1)))


def _graph(driver: _Driver) -> Graph:
    g = object.__new__(Graph)
    g._driver, g.database, g.uri = driver, "neo4j", "bolt://127.0.0.1:1"  # type: ignore[assignment]
    return g


@pytest.fixture(autouse=True)
def _no_sleep(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(connection.time, "sleep", lambda _s: None)


def test_a_lost_schema_race_is_retried() -> None:
    n = len(cypher.statements("schema"))
    drv = _Driver([Neo4jError._hydrate_neo4j(code=RACE, message="an equivalent index already exists")])
    assert _graph(drv).apply_schema() == n  # every statement applied, the raced one on its second try
    assert drv.calls == n + 2  # + the retry + await_indexes


def test_another_client_error_is_not_retried() -> None:
    drv = _Driver([Neo4jError._hydrate_neo4j(code="Neo.ClientError.Statement.SyntaxError", message="bad")])
    with pytest.raises(Neo4jError):
        _graph(drv).apply_schema()
    assert drv.calls == 1


def test_a_lost_server_is_one_neo4j_unavailable_naming_it() -> None:
    with pytest.raises(Neo4jUnavailable) as err:
        _graph(_Driver([ServiceUnavailable("gone")])).apply_schema()
    assert str(err.value).startswith("Neo4j at bolt://127.0.0.1:1 stopped answering (ServiceUnavailable)")
    assert "rerunning the same command resumes" in str(err.value)
