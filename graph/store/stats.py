"""Counts and a content fingerprint: identical after re-loading the same files."""

from __future__ import annotations

import hashlib
from typing import Any

from ownergraph.graph.store.connection import Graph


def graph_stats(graph: Graph) -> dict[str, Any]:
    nodes = {r["label"]: r["n"] for r in graph.read("stats_nodes")}
    edges = {r["type"]: r["n"] for r in graph.read("stats_edges")}
    digest = hashlib.sha256()
    for row in graph.read("stats_fingerprint"):
        digest.update(repr(sorted(row.items())).encode())
    return {"nodes": nodes, "edges": edges, "fingerprint": digest.hexdigest()}
