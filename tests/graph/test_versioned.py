"""A fact's simple history written with its version in one statement (graph.load.versioned) gives
the same graph as the general path (write, look up versions, plan in Python, store, carry):
every node and relationship with all its properties, the totals and the stats fingerprint, on a
generated world and its daily delta (changed stakes, closed edges, new companies) and on a
generated GLEIF golden copy and its last-day files (renewals, renames, new LEIs, their
relationships and reporting exceptions)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bench.ingest.delta import write_delta
from ownergraph.graph.load.loader import Loader
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.store.stats import graph_stats
from tests.graph.test_lean_load import _everything
from tests.cypher import q
from tests.neo4j_fixtures import wipe


def _runs(graph: Graph, runs: list[list[Path]], one_statement: bool) -> tuple[list[tuple[Any, ...]], list[int]]:
    """Each run's totals, stats and content; and how many versions the one-statement path wrote
    in each run."""
    wipe(graph)
    out = []
    loaders: list[Loader] = []

    def factory(g: Graph, keys: Any) -> Loader:
        loaders.append(Loader(g, keys, defer_actions=True, background=True, one_statement=one_statement))
        return loaders[-1]

    for files in runs:
        summary = ingest_paths(graph, files, loader_factory=factory)
        out.append((summary.totals, graph_stats(graph), _everything(graph)))
    return out, [loader.counts.one_statement for loader in loaders]


def _same(graph: Graph, runs: list[list[Path]]) -> list[int]:
    reference, none = _runs(graph, runs, one_statement=False)
    assert not any(none)
    got, written = _runs(graph, runs, one_statement=True)
    for i, (ref, new) in enumerate(zip(reference, got, strict=True)):
        assert new[0] == ref[0], f"run {i}: totals"
        assert new[1] == ref[1], f"run {i}: stats"
        assert new[2] == ref[2], f"run {i}: {sorted(set(new[2]) ^ set(ref[2]))[:4]}"
    return written


def test_a_world_and_its_delta(graph: Graph, tmp_path: Path) -> None:
    from ownergraph.demo import world_inputs
    from ownergraph.worldgen import generate_world

    generate_world(300, 5, tmp_path / "world")
    delta = tmp_path / "delta" / "delta.bundle.jsonl"
    counts = write_delta(tmp_path / "world", delta, fraction=0.05)
    assert counts["changed_stakes"] and counts["closed_edges"]
    written = _same(graph, [world_inputs(tmp_path / "world"), [delta]])
    # nearly all the delta's new companies' edges, changed stakes (a carried piece each) and
    # closed edges (a fact with more than one open piece goes the general way)
    assert written[-1] >= 0.8 * (counts["new_edges"] + counts["changed_stakes"] + counts["closed_edges"])
    assert graph.read(q("carried_owns_since"), k=counts["known_from"])[0]["n"] > 0


def test_a_gleif_golden_copy_and_its_last_day(graph: Graph, tmp_path: Path) -> None:
    from bench.ingest.golden.delta import write_delta as write_gleif_delta
    from bench.ingest.golden.golden import Golden

    golden = Golden(0.0003, 11, 0.05, None, ("xml",))
    golden.write(tmp_path / "copy")
    write_gleif_delta(golden, tmp_path / "copy" / "delta", {"lei": 60, "rr": 20, "repex": 80})
    base = _unzipped(sorted((tmp_path / "copy").glob("*.xml.zip")), tmp_path / "base")
    delta = _unzipped(sorted((tmp_path / "copy" / "delta").glob("*.xml.zip")), tmp_path / "delta")
    assert len(base) == 3 and len(delta) == 3
    written = _same(graph, [base, delta, delta])  # the delta twice: nothing new the second time
    assert written[1] > 0 and written[2] == 0


def _unzipped(zips: list[Path], out: Path) -> list[Path]:
    import zipfile

    files = []
    for z in zips:
        with zipfile.ZipFile(z) as f:
            name = f.namelist()[0]
            f.extract(name, out)
            files.append(out / name)
    return files
