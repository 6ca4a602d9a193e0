"""First loads through Neo4j's offline importer (``neo4j-admin database import full``).

A load into the empty database of the server ownergraph manages can skip the per-statement
Cypher: the rows the online loader would send are applied to an in-memory graph with the
load queries' semantics, knowledge-time chains are planned there, and the result is written
as typed CSV files and imported with the server stopped (:mod:`.loader`). The graph is the
one the online path gives (tests/test_bulk.py compares both on real samples and a generated
world). ``ingest_paths(..., loader_factory=bulk_loader(settings))`` runs it;
:func:`should_bulk` is the CLI's automatic choice.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from ownergraph.graph.load.bulk.loader import BulkLoader, BulkNotPossible, bulk_refusal
from ownergraph.domain.settings import Settings
from ownergraph.graph.store.connection import Graph

# below this much input a first load is faster online (the importer and a server restart
# cost ~30 s here); OWNERGRAPH_BULK_MIN_BYTES overrides it
AUTO_MIN_BYTES = 50 * 1024 * 1024


def bulk_loader(settings: Settings, **options: Any) -> Callable[[Graph, Any], BulkLoader]:
    """A ``loader_factory`` for ``pipeline.ingest_paths``: the load goes through the importer."""
    return lambda graph, keys: BulkLoader(graph, keys, settings, **options)


def input_bytes(paths: Iterable[Path]) -> int:
    total = 0
    for p in paths:
        if p.is_dir():
            total += sum(f.stat().st_size for f in p.rglob("*") if f.is_file())
        elif p.is_file():
            total += p.stat().st_size
    return total


def should_bulk(settings: Settings, graph: Graph, paths: Iterable[Path], *, min_bytes: int | None = None) -> bool:
    """The automatic choice: the managed server's database is empty and the input is large
    enough for the importer to pay for its restart."""
    if min_bytes is None:
        min_bytes = int(os.environ.get("OWNERGRAPH_BULK_MIN_BYTES", AUTO_MIN_BYTES))
    return bulk_refusal(settings, graph) is None and input_bytes(paths) >= min_bytes


__all__ = ["AUTO_MIN_BYTES", "BulkLoader", "BulkNotPossible", "bulk_loader", "bulk_refusal", "should_bulk"]
