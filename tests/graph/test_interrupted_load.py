"""A load interrupted after a batch is written but before its facts are rechained (what kill -9
of ``ownergraph ingest`` did at 75% in bench/reliability), then rerun, gives the clean graph:
every node and relationship with all its properties and the stats fingerprint. The rerun finds
those versions stored (lean: skipped, full: MERGE-present); their knowledge-time chain must
still be re-planned, or the superseded version of a corrected stake stays open forever."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.loader import Loader
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.graph.store.stats import graph_stats
from tests.graph.test_lean_load import _everything
from tests.neo4j_fixtures import wipe


class _Killed(BaseException):
    """Stands in for SIGKILL: not an error anything catches and handles."""


def _load(graph: Graph, files: list[Path], lean: bool) -> tuple[Any, list[str]]:
    ingest_paths(graph, files, loader_factory=lambda g, k: Loader(
        g, k, batch_size=300, defer_actions=True, background=True, lean=lean))
    return graph_stats(graph)["fingerprint"], _everything(graph)


@pytest.mark.parametrize("lean", [True, False])
@pytest.mark.parametrize("kill_at_batch", [1, 3])
def test_a_rerun_after_a_load_killed_before_rechaining_gives_the_clean_graph(
        graph: Graph, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kill_at_batch: int, lean: bool) -> None:
    from ownergraph.demo import world_inputs
    from ownergraph.worldgen import generate_world

    generate_world(150, 3, tmp_path / "world")  # the reliability benchmark's --small world
    files = world_inputs(tmp_path / "world")
    wipe(graph)
    clean = _load(graph, files, lean)

    wipe(graph)
    batches = {"n": 0}
    rechain = Loader._rechain

    def killed_before_rechaining(self: Loader, *args: Any) -> None:
        batches["n"] += 1
        if batches["n"] == kill_at_batch:  # the batch is written, its rechain never runs
            raise _Killed
        rechain(self, *args)

    monkeypatch.setattr(Loader, "_rechain", killed_before_rechaining)
    with pytest.raises(_Killed):
        _load(graph, files, lean)
    monkeypatch.setattr(Loader, "_rechain", rechain)
    got = _load(graph, files, lean)
    assert got[0] == clean[0], "stats fingerprint"
    assert got[1] == clean[1], sorted(set(got[1]) ^ set(clean[1]))[:4]
