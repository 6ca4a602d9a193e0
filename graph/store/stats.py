"""Counts and a content fingerprint: identical after re-loading the same files."""

from __future__ import annotations

import hashlib
from typing import Any

from ownergraph.graph.store.connection import Graph, Reader


_MOD = 1 << 256


def graph_stats(graph: Graph) -> dict[str, Any]:
    """Nodes per label, edges per type, and a fingerprint of the content: the sum of each
    item's SHA-256 (a multiset hash: the same items in any order give the same value, so the
    server streams them unsorted and nothing holds them all)."""
    nodes = {r["label"]: r["n"] for r in graph.read("stats_nodes")}
    edges = {r["type"]: r["n"] for r in graph.read("stats_edges")}

    def fold(reader: Reader) -> tuple[int, int]:  # re-run from the start on a transient error
        total, count = 0, 0
        for row in reader.stream("stats_fingerprint"):
            total += int.from_bytes(hashlib.sha256(str(row["item"]).encode()).digest(), "big")
            count += 1
        return total % _MOD, count

    total, count = graph.read_unit(fold)
    digest = hashlib.sha256(f"{count}:{total:064x}".encode())
    return {"nodes": nodes, "edges": edges, "fingerprint": digest.hexdigest()}
