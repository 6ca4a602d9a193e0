"""The two entry points of the public facade: ``og.connect()`` and ``og.ingest(...)``."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ownergraph.graph.config import Settings, load_settings
from ownergraph.graph.connection import Graph
from ownergraph.graph.connection import connect as connect_graph
from ownergraph.graph.pipeline import IngestSummary, default_quarantine_path, ingest_paths
from ownergraph.retrieval.api import Ownergraph
from ownergraph.retrieval.api import connect as connect_client


def connect(settings: Settings | None = None, *, text: bool = True) -> Ownergraph:
    """A client on the configured Neo4j (or the project-managed local one, started on demand)
    and the on-disk disclosure index; ``text=False`` skips the vector index."""
    return connect_client(settings, text=text)


def ingest(paths: str | Path | Iterable[str | Path], *, graph: Graph | None = None,
           fmt: str | None = None, quarantine: str | Path | None = None,
           dry_run: bool = False) -> IngestSummary:
    """Read, resolve and load files or folders; returns per-file counts
    (read = loaded + merged + quarantined). Quarantined records go to ``quarantine``
    (default: a new file under the ownergraph home)."""
    items = [paths] if isinstance(paths, (str, Path)) else list(paths)
    settings = load_settings()
    if quarantine is None:
        quarantine = default_quarantine_path(settings)
    if graph is None and not dry_run:
        graph = connect_graph(settings)
    return ingest_paths(graph, [Path(p) for p in items], fmt=fmt, quarantine_path=Path(quarantine),
                        dry_run=dry_run)
