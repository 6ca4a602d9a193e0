"""Resolver snapshots through ingest: a run that finds the stored state's snapshot loads it instead
of the stored state, and gives the graph a run rebuilding the resolver gives (real samples)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.graph.store.resolution_store import GraphResolutionStore
from ownergraph.graph.store.stats import graph_stats
from tests.graph.test_bulk import _dump
from tests.neo4j_fixtures import wipe

REAL = Path(__file__).parents[1] / "fixtures" / "real"
# mentions by name first (filings: stubs), registries next (stubs fold into what they name),
# then registers that name owners by identifier and by name
FIRST = [REAL / "sec"]
SECOND = [REAL / "gleif"]
THIRD = [REAL / "bods", REAL / "uk-psc", REAL / "uk-companies-house", REAL / "ftm"]


def _snapshots(cache: Path) -> list[Path]:
    return sorted((cache / "resolver-snapshots").glob("*.pickle"))


def _three_runs(graph: Graph, tmp: Path, monkeypatch: pytest.MonkeyPatch, *, snapshots: bool) -> tuple[object, ...]:
    wipe(graph)
    monkeypatch.setenv("OWNERGRAPH_CACHE", str(tmp))
    monkeypatch.setenv("OWNERGRAPH_RESOLVER_SNAPSHOTS", "1" if snapshots else "0")
    counts = []
    for paths in (FIRST, SECOND, THIRD):
        summary = ingest_paths(graph, paths)
        counts.append([(Path(f.path).name, f.read, f.loaded, f.merged, f.quarantined) for f in summary.files])
    return counts, _dump(graph), graph_stats(graph)["fingerprint"]


def test_later_runs_load_the_snapshot_and_build_the_same_graph(graph: Graph, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    rebuilt = _three_runs(graph, tmp_path / "off", monkeypatch, snapshots=False)
    assert _snapshots(tmp_path / "off") == []
    reads: list[str] = []
    original = GraphResolutionStore.load_state_records

    def counted(self: GraphResolutionStore):  # type: ignore[no-untyped-def]
        records = original(self)
        if records is not None:  # the first run finds no state at all
            reads.append("state")
        return records

    monkeypatch.setattr(GraphResolutionStore, "load_state_records", counted)
    snapped = _three_runs(graph, tmp_path / "on", monkeypatch, snapshots=True)
    assert reads == []  # the second and third runs loaded snapshots, not the stored state
    assert len(_snapshots(tmp_path / "on")) == 3  # one per state saved
    assert snapped[0] == rebuilt[0]
    assert snapped[1] == rebuilt[1]
    assert snapped[2] == rebuilt[2]


def test_a_snapshot_of_another_state_is_not_used(graph: Graph, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OWNERGRAPH_CACHE", str(tmp_path))
    small = [REAL / "gleif/golden-copy/lei-data.xml"], [REAL / "bods/0.4"]
    ingest_paths(graph, small[0])
    ingest_paths(graph, small[1])
    (first, second) = sorted(_snapshots(tmp_path), key=lambda p: p.stat().st_mtime)
    # the stored state's snapshot holds another resolver's: its name no longer matches
    second.write_bytes(first.read_bytes())
    assert GraphResolutionStore(graph).load_snapshot(None) is None
    # damaged: rebuilt from the stored state instead, and written again by that run
    second.write_bytes(b"\x80\x05 damaged")
    assert GraphResolutionStore(graph).load_snapshot(None) is None
    summary = ingest_paths(graph, small[1])  # nothing new: the same state
    assert summary.totals["loaded"] == 0
    assert GraphResolutionStore(graph).load_snapshot(None) is not None
