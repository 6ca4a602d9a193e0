"""One Neo4j driver per process; every call names its database; transient errors retry.

Reads run in read transactions (``execute_read``), which the driver retries on transient
errors; question answering and analytics only ever use :meth:`Graph.read` / :meth:`Graph.read_unit`.
Every read transaction carries the server-enforced timeout ``Settings.query_timeout_s``; a read
stopped by it ends as one :class:`QueryTimeout` line.
On a cluster (a ``neo4j://`` URI) read transactions are routed to readers and writes to the
leader; every session shares the connection's bookmarks (for a routing URI kept in a file of
the home, graph/store/bookmarks.py), so a read after a write sees it whichever member answers, also
in the next command.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, LiteralString, TypeVar, cast

import neo4j
from neo4j import GraphDatabase, RoutingControl
from neo4j.exceptions import (
    AuthError,
    ClientError,
    ConfigurationError,
    ServiceUnavailable,
    SessionExpired,
    TransientError,
)

from ownergraph import cypher
from ownergraph.graph.store.bookmarks import FileBookmarks, routed
from ownergraph.domain.settings import QUERY_TIMEOUT_S, Settings, load_settings
from ownergraph.graph.store.plugin import PluginStatus
from ownergraph.graph.store.plugin import detect as detect_plugin
from ownergraph.graph.store.server import ALTERNATIVES, LocalNeo4j
from ownergraph.domain.errors import CypherError, Neo4jAuthError, Neo4jUnavailable, Neo4jVersionError, QueryTimeout

MIN_VERSION = (5, 26)
T = TypeVar("T")
# a query: the name of a plain file of cypher/, or a rendered (templated or other-folder) file
Query = str | cypher.Rendered

# the driver logs a dropped connection at ERROR; without a handler Python's last-resort one
# prints it to stderr before our own one line (guarded) says the same
logging.getLogger("neo4j").addHandler(logging.NullHandler())
_drivers: dict[tuple[str, str, str], neo4j.Driver] = {}
_drivers_lock = threading.Lock()
# the server went away (or stayed busy) past the driver's bounded retries: see guarded()
FAULTS = (ServiceUnavailable, SessionExpired, TransientError)
RETRY_S = 15.0  # the driver retries a failing transaction for at most this long
# two commands applying the schema to a fresh database at once: the loser of a race on the
# same rule gets one of these, and a second try (IF NOT EXISTS) finds the rule in place
_SCHEMA_RACE = ("Neo.ClientError.Schema.EquivalentSchemaRuleAlreadyExists",
                "Neo.ClientError.Schema.ConstraintAlreadyExists", "Neo.ClientError.Schema.IndexAlreadyExists",
                "Neo.ClientError.Schema.ConstraintWithNameAlreadyExists",
                "Neo.ClientError.Schema.IndexWithNameAlreadyExists")


@contextmanager
def guarded(uri: str) -> Iterator[None]:
    """A lost server ends as one Neo4jUnavailable line, not a driver traceback: the driver has
    already retried (bounded by RETRY_S); loading is idempotent, so the same command resumes."""
    try:
        yield
    except FAULTS as err:
        raise Neo4jUnavailable(
            f"Neo4j at {uri} stopped answering ({type(err).__name__}); once it is back, "
            "rerunning the same command resumes where it stopped (loading is idempotent)") from err


@contextmanager
def timed_out(query: str, seconds: float) -> Iterator[None]:
    """A read stopped by the server at its transaction timeout ends as one QueryTimeout line
    naming the query and the setting (the driver does not retry a client error)."""
    try:
        yield
    except ClientError as err:
        if "TransactionTimedOut" not in (err.code or ""):
            raise
        raise QueryTimeout(
            f"the read {query!r} ran past its {seconds:g} s timeout and was stopped; ask about fewer "
            "hops or a narrower question, or raise query_timeout_s (OWNERGRAPH_QUERY_TIMEOUT)") from err


def _parse_version(agent: str) -> tuple[int, int]:
    # "Neo4j/5.26.30" or calendar versions "Neo4j/2025.01.0"
    try:
        parts = agent.split("/", 1)[1].split(".")
        return int(parts[0]), int(parts[1])
    except (IndexError, ValueError) as err:
        raise Neo4jVersionError(f"cannot read a Neo4j version from server agent {agent!r}") from err


def _driver(uri: str, user: str, password: str) -> neo4j.Driver:
    with _drivers_lock:
        key = (uri, user, password)
        if key not in _drivers:
            _drivers[key] = GraphDatabase.driver(
                uri, auth=(user, password), max_connection_pool_size=16, connection_timeout=10.0,
                max_transaction_retry_time=RETRY_S, notifications_min_severity="OFF",
            )
        return _drivers[key]


def close_all() -> None:
    """Close every driver this process opened (tests, CLI exit)."""
    with _drivers_lock:
        for drv in _drivers.values():
            drv.close()
        _drivers.clear()


class ReadClock(threading.local):
    """Seconds this thread has spent waiting on reads (``Graph.read`` whole; inside a read unit,
    each ``Reader`` read and the wait for each streamed row, not the caller's work between
    them): what a request's time in Neo4j is, told apart from the Python around it."""

    seconds = 0.0


READ_CLOCK = ReadClock()


def _name(query: Query) -> str:
    return query.name if isinstance(query, cypher.Rendered) else str(query)


class Reader:
    """The reads of one open read transaction (see :meth:`Graph.read_unit`)."""

    def __init__(self, tx: neo4j.ManagedTransaction) -> None:
        self._tx = tx

    def read(self, query: Query, **params: Any) -> list[dict[str, Any]]:
        """Rows as dicts of the values as decoded: queries read here return maps, lists and
        scalars, not graph elements (``Record.data()``'s recursive conversion was a third of
        a multi-hop traversal's time)."""
        return list(self.stream(query, **params))

    def stream(self, query: Query, **params: Any) -> Iterator[dict[str, Any]]:
        """:meth:`read`'s rows one at a time, as they arrive (work on a row overlaps the server's
        work on the next)."""
        t0 = time.perf_counter()
        result = self._tx.run(Graph._text(query), params)
        keys = result.keys()
        rows = iter(result)
        while True:
            try:
                r = next(rows)
            except StopIteration:
                return
            finally:
                READ_CLOCK.seconds += time.perf_counter() - t0
            yield dict(zip(keys, r))
            t0 = time.perf_counter()


class Graph:
    """A connection to one database of one Neo4j server."""

    def __init__(self, driver: neo4j.Driver, database: str, uri: str, *,
                 query_timeout_s: float = QUERY_TIMEOUT_S) -> None:
        self._driver = driver
        self.database = database
        self.uri = uri
        self.query_timeout_s = query_timeout_s  # every read transaction's (server-enforced)
        info = self._verify()
        self.server_agent = info.agent
        self.server_version = info.agent.split("/", 1)[-1]
        self._procedures: frozenset[str] | None = None
        self._plugin: PluginStatus | None = None
        # every session's causal chain; connect() gives a routing URI one shared by commands
        self.bookmarks: neo4j.api.BookmarkManager = driver.execute_query_bookmark_manager

    def _verify(self) -> neo4j.api.ServerInfo:
        try:
            info = self._driver.get_server_info()
        except AuthError as err:
            raise Neo4jAuthError(
                f"Neo4j at {self.uri} refused the credentials: check NEO4J_USER / NEO4J_PASSWORD"
            ) from err
        except (ServiceUnavailable, SessionExpired, ConfigurationError, OSError) as err:
            raise Neo4jUnavailable(f"cannot reach Neo4j at {self.uri}: {err}. {ALTERNATIVES}") from err
        if _parse_version(info.agent) < MIN_VERSION:
            raise Neo4jVersionError(
                f"Neo4j at {self.uri} is {info.agent}; ownergraph needs 5.26 LTS or later"
            )
        return info

    # -- queries ------------------------------------------------------------------------
    @staticmethod
    def _text(query: Query) -> LiteralString:
        # Every query is a file of cypher/ (or of a test's or benchmark's folder), never text
        # written at the call site: a name, or what cypher.render made of a templated file.
        if isinstance(query, cypher.Rendered):
            return cast(LiteralString, query.text)
        if isinstance(query, str) and query.isidentifier():
            return cast(LiteralString, cypher.load(query))
        shown = repr(query) if len(repr(query)) <= 60 else repr(query)[:57] + "..."
        raise CypherError(f"a query is the name of a file in cypher/ or cypher.render(...)'s result, "
                          f"not {shown}")

    def read(self, query: Query, **params: Any) -> list[dict[str, Any]]:
        """Run a named (or rendered) query in a read transaction; rows as dicts."""
        text = self._text(query)

        @neo4j.unit_of_work(timeout=self.query_timeout_s)
        def work(tx: neo4j.ManagedTransaction) -> list[dict[str, Any]]:
            return [r.data() for r in tx.run(text, params)]

        t0 = time.perf_counter()
        try:
            with guarded(self.uri), timed_out(_name(query), self.query_timeout_s), self.session(write=False) as s:
                return s.execute_read(work)
        finally:
            READ_CLOCK.seconds += time.perf_counter() - t0

    def session(self, *, write: bool) -> neo4j.Session:
        """A session on this database: READ (a cluster routes it to a reader) or WRITE (the
        leader), with this connection's bookmarks (a read waits for the writes before it)."""
        return self._driver.session(database=self.database, bookmark_manager=self.bookmarks,
                                    default_access_mode=neo4j.WRITE_ACCESS if write else neo4j.READ_ACCESS)

    @property
    def plugin(self) -> PluginStatus:
        """Whether the server has the current ownergraph plugin (graph/store/plugin.py: version-checked)."""
        if self._plugin is None:
            self._procedures, self._plugin = detect_plugin(self.read)
        return self._plugin

    def has_procedure(self, name: str) -> bool:
        """Whether ownergraph may call procedure ``name`` here: one the server offers; ownergraph's
        own only from the plugin build this package wants. Detected once per connection."""
        if self._procedures is None:
            self._procedures, self._plugin = detect_plugin(self.read)
        return name in self._procedures

    def read_unit(self, work: Callable[[Reader], T]) -> T:
        """Run ``work(reader)`` in ONE read transaction: its reads (``reader.read``, same
        signature as :meth:`read`) see one consistent state of the graph and pay one
        BEGIN/COMMIT instead of one per query (a multi-hop traversal makes many small reads).
        ``work`` is re-run from the start on a transient error, so it must only read."""
        @neo4j.unit_of_work(timeout=self.query_timeout_s)
        def unit(tx: neo4j.ManagedTransaction) -> T:
            return work(Reader(tx))

        what = getattr(work, "__qualname__", "read unit")
        with guarded(self.uri), timed_out(what, self.query_timeout_s), self.session(write=False) as s:
            return s.execute_read(unit)

    def write(self, query: Query, **params: Any) -> neo4j.SummaryCounters:
        """Run a named (or rendered) query in a write transaction; returns its counters."""
        text = self._text(query)

        def work(tx: neo4j.ManagedTransaction) -> neo4j.SummaryCounters:
            return tx.run(text, params).consume().counters

        with guarded(self.uri), self.session(write=True) as s:
            return s.execute_write(work)

    def write_rows(self, query: Query, **params: Any) -> list[dict[str, Any]]:
        text = self._text(query)

        def work(tx: neo4j.ManagedTransaction) -> list[dict[str, Any]]:
            return [r.data() for r in tx.run(text, params)]

        with guarded(self.uri), self.session(write=True) as s:
            return s.execute_write(work)

    def write_batches(self, query: Query, rows: Iterable[Mapping[str, Any]], batch_size: int = 5000,
                      **params: Any) -> int:
        """``UNWIND $rows`` writes in batches of ``batch_size``; returns rows written."""
        batch: list[Mapping[str, Any]] = []
        total = 0
        for row in rows:
            batch.append(row)
            if len(batch) >= batch_size:
                self.write(query, rows=batch, **params)
                total += len(batch)
                batch = []
        if batch:
            self.write(query, rows=batch, **params)
            total += len(batch)
        return total

    def auto(self, query: Query, **params: Any) -> None:
        """An auto-commit statement (schema, ``CALL {} IN TRANSACTIONS``)."""
        with guarded(self.uri), self.session(write=True) as s:
            s.run(self._text(query), params).consume()

    def renew(self) -> None:
        """A new driver for this server: after a restart on a new store (graph.bulk's import)
        the old driver's bookmarks name transactions the new store never had."""
        with _drivers_lock:
            key = next((k for k, d in _drivers.items() if d is self._driver), None)
            if key is not None:
                del _drivers[key]
        old = self._driver
        if key is not None:
            self._driver = _driver(*key)
            old.close()
        if isinstance(self.bookmarks, FileBookmarks):
            self.bookmarks.forget()
        else:  # the sessions' bookmarks are the driver's
            self.bookmarks = self._driver.execute_query_bookmark_manager

    def apply_schema(self, wait_seconds: int = 300) -> int:
        """Create missing constraints and indexes, and wait up to ``wait_seconds`` for them to be
        online; returns how many were created (0 when current)."""
        created = 0
        with guarded(self.uri):
            for stmt in cypher.statements("schema"):
                created += self._schema_statement(cast(LiteralString, stmt))
            self._driver.execute_query(self._text("await_indexes"), {"seconds": wait_seconds},
                                       database_=self.database)
        return created

    def _schema_statement(self, stmt: LiteralString) -> int:
        for attempt in range(4):
            try:
                counters = self._driver.execute_query(
                    stmt, database_=self.database, routing_=RoutingControl.WRITE).summary.counters
                return counters.constraints_added + counters.indexes_added
            except ClientError as err:  # another command created the same rule meanwhile
                if err.code not in _SCHEMA_RACE or attempt == 3:
                    raise
                time.sleep(0.2 * (attempt + 1))
        raise AssertionError("unreachable")


def connect(settings: Settings | None = None, *, start_local: bool = True, schema: bool = True) -> Graph:
    """Connect to the configured Neo4j, or to the local server (started on demand)."""
    settings = settings or load_settings()
    if settings.uses_local_server:
        local = LocalNeo4j(settings)
        status = local.status()
        if not status.running:
            if not start_local:
                raise Neo4jUnavailable(f"the local Neo4j is not running (`ownergraph neo4j start`). {ALTERNATIVES}")
            status = local.start()
        uri = status.uri
        user, password = local.credentials()
    else:
        uri = cast(str, settings.neo4j_uri)
        user, password = settings.neo4j_user, settings.neo4j_password or ""
    try:
        graph = Graph(_driver(uri, user, password), settings.neo4j_database, uri,
                      query_timeout_s=settings.query_timeout_s)
    except Exception:
        with _drivers_lock:  # a driver with bad credentials must not be reused
            drv = _drivers.pop((uri, user, password), None)
        if drv is not None:
            drv.close()
        raise
    if routed(uri):  # a cluster: the next command's reads wait for this one's writes
        graph.bookmarks = FileBookmarks.for_server(settings.home, uri, settings.neo4j_database)
    if schema:
        graph.apply_schema()
    graph.plugin  # noqa: B018 - detected at connect time: contagion then knows its engine
    return graph
