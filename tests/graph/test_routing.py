"""The cluster path through a ``neo4j://`` routing URI, against the tests' own server (a single
Neo4j 5 server answers routing requests with itself as router, reader and writer).

Ingest runs in WRITE sessions (a cluster's leader), question answering in READ sessions (a
cluster's readers), every session with the connection's bookmarks, kept in a file of the home so
that the next command's reads wait for them; the server itself refuses a write inside one of
ownergraph's read transactions.

Expected answer read off tests/fixtures/real/uk-psc/psc-data-8.json, second record: company
03136191, "Mr. Michael Stanley Bunyan", individual PSC, ownership-of-shares-25-to-50-percent,
notified_on 2016-11-01.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import neo4j
import pytest
from neo4j.exceptions import ClientError

from ownergraph.graph.store.bookmarks import FileBookmarks
from ownergraph.domain.settings import Settings, load_settings
from ownergraph.graph.store.connection import Graph, connect
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.graph.store.server import LocalNeo4j
from ownergraph.retrieval.api import Ownergraph
from tests.neo4j_fixtures import run_cli


def _routing_login(neo4j_settings: Settings) -> tuple[str, str, str]:
    if neo4j_settings.uses_local_server:
        user, password = LocalNeo4j(neo4j_settings).credentials()
        uri = f"neo4j://127.0.0.1:{neo4j_settings.neo4j_port}"
    else:
        uri, user, password = (neo4j_settings.neo4j_uri or "", neo4j_settings.neo4j_user,
                               neo4j_settings.neo4j_password or "")
        uri = uri.replace("bolt://", "neo4j://", 1).replace("bolt+s://", "neo4j+s://", 1)
    return uri, user, password


@pytest.fixture()
def routed_env(graph: Graph, neo4j_settings: Settings, tmp_path: Path) -> dict[str, str]:
    """Settings (as a command's environment) for the tests' database, emptied by ``graph``,
    through a routing URI, with a home of its own (where the bookmarks are kept)."""
    uri, user, password = _routing_login(neo4j_settings)
    env = {k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")}
    env.update(NEO4J_URI=uri, NEO4J_USER=user, NEO4J_PASSWORD=password, NEO4J_DATABASE=graph.database,
               OWNERGRAPH_HOME=str(tmp_path / "home"), OWNERGRAPH_CACHE=str(neo4j_settings.cache))
    return env


@pytest.fixture()
def routed(routed_env: dict[str, str]) -> Iterator[Graph]:
    yield connect(load_settings(routed_env), schema=False)


class SessionLog:
    """The access mode and bookmark manager of every session the driver opens."""

    def __init__(self, driver: neo4j.Driver, monkeypatch: pytest.MonkeyPatch) -> None:
        self.opened: list[dict[str, Any]] = []
        original = driver.session

        def session(**config: Any) -> neo4j.Session:
            self.opened.append(config)
            return original(**config)

        monkeypatch.setattr(driver, "session", session)

    def take(self) -> list[dict[str, Any]]:
        taken, self.opened = self.opened, []
        return taken


def test_ingest_then_ask_through_a_routing_uri(routed: Graph, graph: Graph, real_data: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    assert routed.uri.startswith("neo4j") and isinstance(routed._driver, neo4j.Neo4jDriver)  # noqa: SLF001
    bookmarks = routed.bookmarks
    assert isinstance(bookmarks, FileBookmarks)
    log = SessionLog(routed._driver, monkeypatch)  # noqa: SLF001
    summary = ingest_paths(routed, [real_data / "uk-psc" / "psc-data-8.json"])
    assert summary.totals["loaded"] > 0
    written = log.take()
    assert written and any(s["default_access_mode"] == neo4j.WRITE_ACCESS for s in written)
    assert all(s["bookmark_manager"] is bookmarks for s in written)
    assert bookmarks.get_bookmarks(), "a committed write leaves a bookmark for the reads after it"

    answer = Ownergraph(routed).ask("Who owns GB:03136191?", as_of="2023-06-05")
    assert "Michael Stanley Bunyan" in " ".join(answer.frame["name"])
    asked = log.take()
    assert asked, "the answer was read through the routing driver"
    assert {s["default_access_mode"] for s in asked} == {neo4j.READ_ACCESS}, "answers only read, on readers"
    assert all(s["bookmark_manager"] is bookmarks for s in asked)
    # the plugin is found through the routing URI as through bolt:// (the tests' launcher loads it)
    assert routed.plugin == graph.plugin
    assert routed.has_procedure("ownergraph.cascade") == graph.plugin.used


def test_the_server_refuses_a_write_in_a_read_transaction(routed: Graph) -> None:
    stub = {"key": "GB:00000000", "name": "Never Written Ltd", "kind": "company", "jurisdiction": "GB",
            "lei": None}
    with pytest.raises(ClientError) as err:
        routed.read("load_stub_entities", rows=[stub])
    assert err.value.code == "Neo.ClientError.Statement.AccessMode"
    assert routed.read("lookup_key", key="GB:00000000") == []


def test_the_next_command_starts_from_the_last_commands_bookmarks(routed_env: dict[str, str], real_data: Path,
                                                                  tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    done = run_cli(routed_env, "ingest", str(real_data / "uk-psc" / "psc-data-8.json"),
                   "--quarantine", str(tmp_path / "q.jsonl"))
    assert done.returncode == 0, done.stderr
    graph = connect(load_settings(routed_env), schema=False)  # the next command
    assert isinstance(graph.bookmarks, FileBookmarks)
    left = set(graph.bookmarks.get_bookmarks())
    assert left, "the ingest command left the bookmark of its last transaction"
    sent: list[set[str]] = []  # the bookmarks each transaction of this command began from
    update = graph.bookmarks.update_bookmarks
    monkeypatch.setattr(graph.bookmarks, "update_bookmarks",
                        lambda previous, new: (sent.append(set(previous)), update(previous, new)))
    answer = Ownergraph(graph).ask("Who owns GB:03136191?", as_of="2023-06-05")
    assert "Michael Stanley Bunyan" in " ".join(answer.frame["name"])
    assert sent and left <= sent[0], "the first read waited for the ingest's last write"
    assert graph.bookmarks.get_bookmarks(), "and leaves its own (a read's names the state it read)"
