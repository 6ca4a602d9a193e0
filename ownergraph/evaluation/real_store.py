"""The evaluation's own database: a second local Neo4j (``<home>/eval-store``), or a configured
server only while it is empty (the suite empties its database per file set)."""

from __future__ import annotations

from typing import Any

from ownergraph.graph.store.connection import Graph

def wipe(graph: Graph) -> None:
    graph.auto("wipe", batch=10000)


EVAL_STORE = "eval-store"  # the evaluation's own local Neo4j home, beside the user's


def eval_graph(settings: Any = None, *, allow_wipe: bool = False) -> Graph:
    """A database of the evaluation's own, which it may empty.

    With the project-managed local server: a second local Neo4j in ``<home>/eval-store`` on
    port ``OWNERGRAPH_EVAL_NEO4J_PORT`` (default: the user's port + 1), never the user's graph
    (the generated world's scores fall from 0.99 to 0.49 on a graph that also holds the demo).
    With a configured server: refused while its database holds anything, unless ``allow_wipe``."""
    import os

    from ownergraph.domain.settings import load_settings
    from ownergraph.graph.store.connection import connect
    from ownergraph.domain.errors import ConfigError

    base = settings or load_settings()
    if base.uses_local_server:
        from ownergraph.graph.store.server import LocalNeo4j

        port = int(os.environ.get("OWNERGRAPH_EVAL_NEO4J_PORT") or base.neo4j_port + 1)
        own = base.with_overrides(home=base.home / EVAL_STORE, neo4j_port=port)
        was_running = LocalNeo4j(own).status().running
        graph = connect(own)
        if not was_running:  # started here: release_eval_store stops it again
            _STARTED[id(graph)] = own
        return graph
    graph = connect(base)
    if not allow_wipe and graph.read("stats_nodes"):
        raise ConfigError(f"the database at {graph.uri} holds data, and the evaluation empties its database: "
                          "point NEO4J_URI at an empty database, or pass --wipe to let it be emptied")
    return graph


_STARTED: dict[int, Any] = {}  # graphs whose local eval server eval_graph started -> its settings


def release_eval_store(graph: Graph) -> None:
    """Stop the evaluation's local server if :func:`eval_graph` started it (its data stays)."""
    own = _STARTED.pop(id(graph), None)
    if own is not None:
        from ownergraph.graph.store.connection import close_all
        from ownergraph.graph.store.server import LocalNeo4j

        close_all()
        LocalNeo4j(own).stop()


__all__ = ["EVAL_STORE", "eval_graph", "release_eval_store", "wipe"]
