"""The lean incremental path (stored statements not sent again, only the corporate actions a
run can change re-applied, new entities' aliases created) writes the same graph as writing
everything (``Loader(lean=False)``): every node and relationship with all its properties, on
real GLEIF samples and the example bundle, on a generated world and on a daily delta of it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bench.ingest.delta import write_delta
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.loader import Loader
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.graph.store.stats import graph_stats
from tests.cypher import q
from tests.neo4j_fixtures import wipe

ROOT = Path(__file__).resolve().parents[2]
BUNDLE = ROOT / "examples" / "bundle"
# bookkeeping that differs between any two runs: when a decision was taken, the packed state
_VOLATILE = frozenset({"decided_at", "data"})


def _everything(graph: Graph) -> list[str]:
    def props(p: dict[str, Any]) -> list[tuple[str, str]]:
        return sorted((k, repr(v)) for k, v in p.items() if k not in _VOLATILE)

    nodes = [repr((sorted(r["labels"]), props(r["props"]))) for r in graph.read(q("graph_nodes_all"))]
    rels = [repr((r["type"], r["a"], r["b"], props(r["props"]))) for r in graph.read(q("graph_rels_all"))]
    return sorted(nodes) + sorted(rels)


def _loads(graph: Graph, runs: list[list[Path]], lean: bool) -> list[tuple[Any, ...]]:
    """Each run's totals, stats and full content, loading ``runs`` one after the other."""
    wipe(graph)
    out = []
    for files in runs:
        summary = ingest_paths(graph, files, loader_factory=lambda g, k: Loader(
            g, k, defer_actions=True, background=True, lean=lean))
        out.append((summary.totals, graph_stats(graph), _everything(graph)))
    return out


def _same(graph: Graph, runs: list[list[Path]]) -> None:
    reference = _loads(graph, runs, lean=False)
    lean = _loads(graph, runs, lean=True)
    for i, (ref, got) in enumerate(zip(reference, lean, strict=True)):
        assert got[0] == ref[0], f"run {i}: totals"
        assert got[1] == ref[1], f"run {i}: stats"
        assert got[2] == ref[2], f"run {i}: {sorted(set(got[2]) ^ set(ref[2]))[:4]}"


def test_lean_and_full_writes_give_the_same_graph_on_real_samples(graph: Graph, real_data: Path) -> None:
    golden = real_data / "gleif" / "golden-copy"
    files = [golden / "lei-data.xml", golden / "rr-data.xml", golden / "repex-data.xml",
             BUNDLE / "example.bundle.jsonl", BUNDLE / "holdings.csv"]
    _same(graph, [files, files])  # a first load, then the same files again


def test_lean_and_full_writes_give_the_same_graph_on_a_world_and_its_delta(graph: Graph, tmp_path: Path) -> None:
    from ownergraph.demo import world_inputs
    from ownergraph.worldgen import generate_world

    generate_world(400, 5, tmp_path / "world")
    delta = tmp_path / "delta" / "delta.bundle.jsonl"
    counts = write_delta(tmp_path / "world", delta, fraction=0.05)
    assert counts["changed_stakes"] and counts["closed_edges"]
    files = world_inputs(tmp_path / "world")
    _same(graph, [files, [delta], files])


def test_a_stake_stated_after_a_merger_still_passes_to_the_survivor(graph: Graph, tmp_path: Path) -> None:
    """examples/bundle/example.bundle.jsonl line 36: Kestrel Energy (549300KESTRELENERG84) merged
    into Harbourline (213800HBLHOLD1NGS054) effective 2022-11-01, known from 2022-12-05. A file
    loaded later states a stake Kestrel held from 2020, known from 2022-06-01 (before the merger
    was): the lean path re-applies that stored merger, Kestrel being one of its parties."""
    late = tmp_path / "late.bundle.jsonl"
    late.write_text(
        '{"bundle": {"version": 1, "published": "2022-06-01"}}\n'
        '{"type": "ownership", "id": "own-kestrel-valtora", "owner": "549300KESTRELENERG84", '
        '"owned": "984500VALT0RA1NV0011", "stake": 30, "valid_from": "2020-01-01", "known_from": "2022-06-01"}\n')
    files = [BUNDLE / "example.bundle.jsonl", BUNDLE / "holdings.csv"]
    _same(graph, [files, [late], files])
    rows = graph.read(q("owns_into_periods"), owned="984500VALT0RA1NV0011")
    moved = [(r["owner"], r["vf"], r["vt"]) for r in rows if r["owner"] in ("549300KESTRELENERG84", "213800HBLHOLD1NGS054")]
    assert moved == [("213800HBLHOLD1NGS054", "2022-11-01", "9999-12-31"),
                     ("549300KESTRELENERG84", "2020-01-01", "2022-11-01")]
