"""Shared benchmark plumbing: a dedicated Neo4j, timing, peak memory, report files."""

from __future__ import annotations

import json
import os
import resource
import shutil
import statistics
import time
from pathlib import Path
from typing import Any

from bench.cypher import QUERIES
from ownergraph.domain.settings import Settings, load_settings
from ownergraph.graph.store.connection import Graph, close_all, connect
from ownergraph.graph.store.server import LocalNeo4j


def bench_settings(port: int | None = None) -> Settings:
    """The benchmarks' own server (never a user's), unless OWNERGRAPH_BENCH_NEO4J_URI is set;
    on port 7730 unless OWNERGRAPH_BENCH_NEO4J_PORT says another."""
    port = port or int(os.environ.get("OWNERGRAPH_BENCH_NEO4J_PORT", "7730"))
    base = load_settings({k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")})
    if os.environ.get("OWNERGRAPH_BENCH_NEO4J_URI"):
        return Settings(neo4j_uri=os.environ["OWNERGRAPH_BENCH_NEO4J_URI"],
                        neo4j_user=os.environ.get("OWNERGRAPH_BENCH_NEO4J_USER", "neo4j"),
                        neo4j_password=os.environ.get("OWNERGRAPH_BENCH_NEO4J_PASSWORD", ""),
                        cache=base.cache)
    return Settings(home=base.cache / "bench-home", cache=base.cache, neo4j_port=port,
                    neo4j_heap=os.environ.get("OWNERGRAPH_NEO4J_HEAP", "4g"),
                    neo4j_pagecache=os.environ.get("OWNERGRAPH_NEO4J_PAGECACHE", "4g"))


def bench_graph() -> Graph:
    return connect(bench_settings())


def wipe(graph: Graph) -> Graph:
    """An empty database. A large graph on the benchmarks' own local server is deleted as a store
    while the server is stopped (deleting 1M+ nodes in transactions takes longer than loading
    them); anything else is detach-deleted, keeping the server warm. Returns the graph to use."""
    settings = bench_settings()
    local = LocalNeo4j(settings)
    local_store = settings.uses_local_server and graph.uri == local.uri
    if not local_store or graph.read(QUERIES.statement("count_nodes"))[0]["n"] < 200_000:
        graph.auto("wipe", batch=20000)
        return graph
    close_all()
    local.stop()
    data = local.root / "data"
    for part in (data / "databases" / settings.neo4j_database, data / "transactions" / settings.neo4j_database):
        shutil.rmtree(part, ignore_errors=True)
    return connect(settings)


def peak_rss_mb() -> float:
    """Peak resident memory of this Python process (Linux ru_maxrss is in KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def percentiles(samples_ms: list[float]) -> dict[str, float]:
    s = sorted(samples_ms)
    if not s:
        return {"p50": float("nan"), "p99": float("nan"), "n": 0}
    q = statistics.quantiles(s, n=100, method="inclusive") if len(s) > 1 else [s[0]] * 99
    return {"p50": round(q[49], 2), "p99": round(q[98], 2), "mean": round(statistics.fmean(s), 2), "n": len(s)}


class RssSampler:
    """Samples this process's resident memory every ``every`` seconds in a daemon thread, with
    the phase it was in (``phase`` is set by the caller): where a peak happens, not only how
    high it is."""

    def __init__(self, every: float = 2.0) -> None:
        import threading

        self.every = every
        self.phase = "start"
        self.samples: list[tuple[float, str, float]] = []
        self._stop = threading.Event()
        self._t0 = time.perf_counter()
        self._thread = threading.Thread(target=self._run, daemon=True)

    @staticmethod
    def current_mb() -> float:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return float("nan")

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            self.samples.append((round(time.perf_counter() - self._t0, 1), self.phase, round(self.current_mb(), 1)))

    def __enter__(self) -> RssSampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def peaks_by_phase(self) -> dict[str, float]:
        out: dict[str, float] = {}
        for _, phase, mb in self.samples:
            out[phase] = max(out.get(phase, 0.0), mb)
        return out


class Timer:
    def __enter__(self) -> Timer:
        self.t0 = time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        self.seconds = time.perf_counter() - self.t0


def write_report(name: str, report: dict[str, Any], out: Path | None = None) -> Path:
    # OWNERGRAPH_BENCH_RESULTS: elsewhere than the recorded results (CI's small runs)
    out = out or Path(os.environ.get("OWNERGRAPH_BENCH_RESULTS") or Path("bench") / "results")
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{name}.json"
    path.write_text(json.dumps(report, indent=2, default=str))
    return path
