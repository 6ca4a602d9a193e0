"""The demo's steps, shared by ``ownergraph demo`` and the tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from graph.connection import Graph
from graph.pipeline import ingest_paths
from graph.stats import graph_stats

Say = Callable[[str], None] | None


def _say(say: Say, text: str) -> None:
    if say:
        say(text)


def world_inputs(world_dir: Path) -> list[Path]:
    """The generator's loadable files (its ground truth is for checking, not loading)."""
    return sorted(p for p in world_dir.rglob("*") if p.is_file() and not p.name.startswith("ground_truth"))


def run_demo(graph: Graph, examples: Path, out_dir: Path, *, world_size: int = 0,
             say: Say = None) -> dict[str, Any]:
    out_dir.mkdir(parents=True, exist_ok=True)
    report: dict[str, Any] = {}
    inputs = [examples / "real", examples / "bundle"]
    if world_size:
        from ingest.worldgen import generate_world

        world_dir = out_dir / "world"
        generate_world(world_size, 7, world_dir)
        inputs += world_inputs(world_dir)
    summary = ingest_paths(graph, inputs, quarantine_path=out_dir / "quarantine.jsonl")
    report["ingest"] = summary.totals
    _say(say, f"ingested {summary.totals['read']} records: {summary.totals['loaded']} loaded, "
              f"{summary.totals['merged']} merged, {summary.totals['quarantined']} quarantined")
    report["stats"] = graph_stats(graph)
    parents = graph.read("demo_parents", lei="010CMKZ3VON21WF2ZD45")
    report["parents"] = parents
    for row in parents:
        _say(say, f"{row['child']} is {row['level']}ly consolidated by {row['parent']} "
                  f"from {row['valid_from']} (source: {row['source_system']} {row['document_id'] or ''})")
    return report
