"""A path question has one answer in every process: of several equally short connections the
analytic picks the same one whatever the process's string hash seed (the MCP server's worker
processes each have their own)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
# a diamond of diamonds: 2 x 3 equally short connections from "a" to "z", plus a long way round
PROBE = """
import json, sys
from ownergraph.domain.clock import make_clock
from ownergraph.graph.analytics.snapshot import EdgeView, Snapshot
from ownergraph.graph.analytics.structure import shortest_connection
edges = [("a", "m1"), ("m2", "a"), ("m1", "n"), ("n", "m2"), ("n", "p1"), ("p2", "n"), ("p3", "n"),
         ("p1", "z"), ("z", "p2"), ("p3", "z"), ("a", "q1"), ("q1", "q2"), ("q2", "q3"), ("q3", "q4"), ("q4", "z")]
snap = Snapshot(make_clock("2024-06-30"))
for s, t in edges:
    snap.nodes.setdefault(s, {}); snap.nodes.setdefault(t, {})
    snap.edges.append(EdgeView(s, t, "OWNS", {}))
print(json.dumps(shortest_connection(snap, "a", "z")))
"""


def _path_with_seed(seed: int) -> list[str]:
    env = {**os.environ, "PYTHONHASHSEED": str(seed), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_equally_short_connections_resolve_the_same_in_every_process() -> None:
    paths = {tuple(_path_with_seed(seed)) for seed in range(8)}
    assert len(paths) == 1, paths
    (path,) = paths
    assert len(path) == 5 and path[0] == "a" and path[-1] == "z" and path[2] == "n"
