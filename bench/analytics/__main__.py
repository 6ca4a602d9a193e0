"""bench/analytics: owners / exposure / contagion latency on a bulk-loaded graph vs naive Cypher.

    python -m bench.analytics --entities 1000000 --edges 2000000 [--queries 200] [--json]

A generated ownership graph (``bench.analytics._bulk``: groups, chains to depth 12, diamonds,
small cycles, bands, lagging knowledge time, closed edges, loans, guarantees, a holdings book)
is written with ``UNWIND $rows CREATE`` into the benchmarks' own Neo4j (port 7731, home
``<cache>/bench-home-analytics``; kept between runs, reloaded only when the graph changes).
Then, at one clock inside the data range (as_of = known_at = 2023-06-30, a point-in-time
read), each query over random targets runs once to warm up and once timed:

- ours: ``Analytics.ownership.owners(key, max_depth=10)``, ``exposure.of(key, max_depth=10)``,
  ``contagion.if_defaults(key, max_hops=10)``;
- naive: the same questions as Cypher variable-length path enumeration with the time
  predicates on every relationship and stake products per path, with a per-query transaction
  timeout (a timeout is recorded as such; its latency counts as the timeout, a lower bound).

Reported: p50/p99 per query type for both, the ratio naive/ours, result sizes, how many graph
round trips ours made and how much of its time was spent inside them, load times.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any

import neo4j
from neo4j.exceptions import ClientError

from bench._common import Timer, bench_settings, peak_rss_mb, percentiles, write_report
from bench.analytics import _bulk
from bench.cypher import QUERIES
from ownergraph.graph.analytics.api import Analytics
from ownergraph.graph.analytics.contagion import PROCEDURE
from ownergraph.domain.settings import Settings, load_settings
from ownergraph.graph.store.connection import Graph, connect

PORT = 7731
KNOWN_AT = _bulk.AS_OF  # point-in-time: known by the end of the as-of day

NAIVE_OWNERS = "naive_owners"

# control approximated per hop (every link a majority, or a CONTROLS edge), then the book
NAIVE_EXPOSURE = "naive_exposure"

# each step in its direction of risk: owners, lenders, guarantors of the defaulted party are
# hit (edge source), its accounting parent (CONSOLIDATED_BY target)
NAIVE_CONTAGION = "naive_contagion"

NAIVE = {"owners": NAIVE_OWNERS, "exposure": NAIVE_EXPOSURE, "contagion": NAIVE_CONTAGION}


def run_on_server(run: Any, args: Any) -> dict[str, Any]:
    """``run(args)``, then stop the benchmarks' server when ``--stop`` was given."""
    try:
        return run(args)
    finally:
        if args.stop and not os.environ.get("OWNERGRAPH_BENCH_NEO4J_URI"):
            from ownergraph.graph.store.server import LocalNeo4j
            LocalNeo4j(analytics_settings(args.port)).stop()


def analytics_settings(port: int = PORT) -> Settings:
    """The analytics benchmarks' own server, unless OWNERGRAPH_BENCH_NEO4J_URI names one (CI
    runs them small on the tests' server: the graph there is replaced)."""
    if os.environ.get("OWNERGRAPH_BENCH_NEO4J_URI"):
        return bench_settings()
    base = load_settings({k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")})
    return Settings(home=base.cache / "bench-home-analytics", cache=base.cache, neo4j_port=port,
                    neo4j_heap=os.environ.get("OWNERGRAPH_NEO4J_HEAP", "4g"),
                    neo4j_pagecache=os.environ.get("OWNERGRAPH_NEO4J_PAGECACHE", "4g"))


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


class ReadMeter:
    """Counts graph reads (``Graph.read`` and the reads inside ``Graph.read_unit``, each a
    round trip) and the time spent inside them."""

    def __init__(self, graph: Graph) -> None:
        self.calls = 0
        self.rows = 0
        self.seconds = 0.0
        inner_read, inner_unit = graph.read, graph.read_unit
        graph.read = lambda query, **params: self._timed(inner_read, query, params)  # type: ignore[method-assign]

        def read_unit(work: Callable[[Any], Any]) -> Any:
            def metered(reader: Any) -> Any:
                return work(SimpleNamespace(read=lambda query, **params: self._timed(reader.read, query, params),
                                            stream=lambda query, **params: self._streamed(reader, query, params)))
            return inner_unit(metered)

        graph.read_unit = read_unit  # type: ignore[method-assign]

    def _timed(self, read: Callable[..., list[dict[str, Any]]], query: str, params: dict[str, Any]
               ) -> list[dict[str, Any]]:
        t0 = time.perf_counter()
        out: list[dict[str, Any]] = []
        try:
            out = read(query, **params)
            return out
        finally:
            self.calls += 1
            self.rows += len(out)
            self.seconds += time.perf_counter() - t0

    def _streamed(self, reader: Any, query: str, params: dict[str, Any]) -> Iterator[dict[str, Any]]:
        """A streamed read: one round trip; its time is the time spent waiting for rows, not the
        caller's work between them."""
        self.calls += 1
        rows = reader.stream(query, **params)
        while True:
            t0 = time.perf_counter()
            try:
                row = next(rows)
            except StopIteration:
                return
            finally:
                self.seconds += time.perf_counter() - t0
            self.rows += 1
            yield row

    def reset(self) -> None:
        self.calls, self.rows, self.seconds = 0, 0, 0.0


def prepare_graph(graph: Graph, entities: int, edges: int, seed: int, force: bool = False
                  ) -> tuple[_bulk.World, dict[str, Any]]:
    with Timer() as tg:
        world = _bulk.generate(entities, edges, seed)
    info: dict[str, Any] = {"generate_s": round(tg.seconds, 2), "entities": world.n, "edges": world.edge_count,
                            "edges_by_type": {k: len(v) for k, v in world.edges.items()},
                            "holdings": len(world.holdings), "groups": len(world.heads)}
    if not force and _bulk.already_loaded(graph, world):
        info["load"] = "reused (already loaded by an earlier run)"
        log("graph already loaded: reusing it")
        return world, info
    log(f"generated {world.n} entities / {world.edge_count} edges in {tg.seconds:.1f}s; wiping")
    with Timer() as tw:
        _bulk.wipe_fast(graph)
    info["wipe_s"] = round(tw.seconds, 2)
    info["load"] = _bulk.load(graph, world, seed=seed, progress=log)
    graph.auto("await_indexes", seconds=600)
    _bulk.mark(graph, world)
    rate = world.edge_count / info["load"]["total_s"] if info["load"]["total_s"] else 0.0
    info["load"]["edges_per_s"] = round(rate, 1)
    log(f"loaded in {info['load']['total_s']}s")
    return world, info


def pick_targets(world: _bulk.World, n: int, seed: int) -> dict[str, list[str]]:
    rnd = random.Random(seed + 11)
    owned = sorted({t for _, t, tag in world.edges["OWNS"] if tag < 3})
    owning = sorted({s for s, _, tag in world.edges["OWNS"] if tag < 3})
    risky = sorted({t for rt in ("OWNS", "LENDS_TO", "GUARANTEES") for _, t, _ in world.edges[rt]}
                   | {s for s, _, _ in world.edges["CONSOLIDATED_BY"]})
    # half the exposure targets own (directly) an issuer in the book, so look-through reaches
    # positions; the other half are any owners
    held = {i for _, i, _ in world.holdings}
    holding_owners = sorted({s for s, t, tag in world.edges["OWNS"] if tag == 0 and t in held})
    k = min(n // 2, len(holding_owners))
    exposure = rnd.sample(holding_owners, k) + rnd.sample(owning, min(n - k, len(owning)))
    return {"owners": [world.keys[i] for i in rnd.sample(owned, min(n, len(owned)))],
            "exposure": [world.keys[i] for i in exposure],
            "contagion": [world.keys[i] for i in rnd.sample(risky, min(n, len(risky)))]}


def ours(a: Analytics, kind: str, key: str) -> int:
    clock = {"as_of": _bulk.AS_OF, "known_at": KNOWN_AT}
    if kind == "owners":
        return len(a.ownership.owners(key, max_depth=10, **clock).rows)
    if kind == "exposure":
        r = a.exposure.of(key, max_depth=10, **clock)
        return len(r.positions) * 1_000_000 + len(r.controlled)
    return len(a.contagion.if_defaults(key, max_hops=10, **clock).affected)


def naive(graph: Graph, kind: str, key: str, timeout_s: float) -> int | None:
    """Rows of the naive query, or None on timeout."""
    q = neo4j.Query(QUERIES.load(NAIVE[kind]), timeout=timeout_s)  # type: ignore[arg-type]
    try:
        records, _, _ = graph._driver.execute_query(  # noqa: SLF001 - the bench needs a timeout
            q, {"key": key, "as_of": _bulk.AS_OF, "known_at": _known_at()}, database_=graph.database,
            routing_=neo4j.RoutingControl.READ)
    except ClientError as err:
        if "Timeout" in (err.code or "") or "timed out" in str(err).lower() or "terminated" in str(err).lower():
            return None
        raise
    return len(records)


def _known_at() -> Any:
    from ownergraph.domain.clock import make_clock
    return make_clock(_bulk.AS_OF, KNOWN_AT).known_at


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    t0 = time.perf_counter()
    out = fn()
    return (time.perf_counter() - t0) * 1000, out


def run(args: argparse.Namespace) -> dict[str, Any]:
    settings = analytics_settings(args.port)
    log(f"starting/connecting the bench server on port {args.port} (home {settings.home})")
    with Timer() as ts:
        graph = connect(settings)
    report: dict[str, Any] = {"bench": "analytics", "server": {"port": args.port, "home": str(settings.home),
                                                              "heap": settings.neo4j_heap,
                                                              "pagecache": settings.neo4j_pagecache,
                                                              "version": graph.server_version,
                                                              "connect_s": round(ts.seconds, 2)},
                              "clock": {"as_of": _bulk.AS_OF.isoformat(), "known_at": KNOWN_AT.isoformat()},
                              "cpus": os.cpu_count()}
    world, info = prepare_graph(graph, args.entities, args.edges, args.seed, args.reload)
    report["graph"] = info
    targets = pick_targets(world, args.queries, args.seed)
    # The generated world (tens of millions of Python objects at 1M) is not part of what is
    # timed: release it, and freeze what is left, so that the cyclic GC's full collections do not
    # scan a heap no analyst process would hold (they added ~250 ms pauses to random queries).
    del world
    gc.collect()
    gc.freeze()
    a = Analytics(graph)
    meter = ReadMeter(graph)
    results: dict[str, Any] = {}
    report["contagion_engine"] = "server" if graph.has_procedure(PROCEDURE) else "cypher"
    for kind in args.kinds.split(","):
        keys = targets[kind][: args.contagion_queries] if kind == "contagion" else targets[kind]
        res, samples = _time_ours(a, meter, kind, keys)
        res |= _time_naive(graph, kind, keys[: args.naive_queries], samples, args.timeout)
        results[kind] = res
        log(f"{kind}: ours p50 {res['ours_ms']['p50']} p99 {res['ours_ms']['p99']} ms; naive p50 "
            f"{res['naive_ms']['p50']} p99 {res['naive_ms']['p99']} ms ({res['naive_ms']['timeouts']} timeouts)")
    report["queries"] = results
    report["target_p99_ms"] = 100
    report["peak_rss_mb"] = round(peak_rss_mb(), 1)
    return report


def _time_ours(a: Analytics, meter: ReadMeter, kind: str, keys: list[str]) -> tuple[dict[str, Any], list[float]]:
    """Our analytic over ``keys`` (each warmed once first): latency, round trips, rows read, the
    share of time in graph reads, result sizes, the slowest three; and the samples."""
    log(f"{kind}: warm-up + timed over {len(keys)} targets")
    t_warm = time.perf_counter()
    for k in keys:  # warm: each query once before timing
        ours(a, kind, k)
    log(f"{kind}: warm-up took {time.perf_counter() - t_warm:.1f}s")
    samples, sizes, calls, db_ms, rows = [], [], [], [], []
    for k in keys:
        meter.reset()
        ms, size = timed(lambda: ours(a, kind, k))
        samples.append(ms)
        sizes.append(size)
        calls.append(meter.calls)
        rows.append(meter.rows)
        db_ms.append(meter.seconds * 1000)
    worst = sorted(range(len(keys)), key=lambda i: -samples[i])[:3]
    res: dict[str, Any] = {
        "ours_ms": percentiles(samples),
        "ours_round_trips": {"median": statistics.median(calls), "max": max(calls)},
        "ours_rows_read": {"median": statistics.median(rows), "max": max(rows)},
        "ours_in_graph_reads_share": round(sum(db_ms) / sum(samples), 3),
        "result_size": {"median": statistics.median(_size(kind, s) for s in sizes),
                        "max": max(_size(kind, s) for s in sizes)},
        "slowest": [{"key": keys[i], "ms": round(samples[i], 1), "round_trips": calls[i], "rows_read": rows[i],
                     "in_reads_ms": round(db_ms[i], 1), "size": _size(kind, sizes[i])} for i in worst],
    }
    if kind == "exposure":
        res["positions"] = {"median": statistics.median(s // 1_000_000 for s in sizes),
                            "nonzero": sum(1 for s in sizes if s >= 1_000_000)}
    return res, samples


def _time_naive(graph: Graph, kind: str, nk: list[str], samples: list[float], timeout: float) -> dict[str, Any]:
    """The naive query over the first targets, same run and server; its ratio to ours on them
    (a timeout counts as the timeout: a lower bound on naive latency)."""
    log(f"{kind}: naive over {len(nk)} targets (timeout {timeout}s)")
    for k in nk[: min(5, len(nk))]:  # warm the plan cache
        naive(graph, kind, k, timeout)
    nsamples, timeouts, ratios = [], 0, []
    for i, k in enumerate(nk):
        ms, rows = timed(lambda: naive(graph, kind, k, timeout))
        if rows is None:
            timeouts += 1
            ms = timeout * 1000
        nsamples.append(ms)
        ratios.append(ms / samples[i] if samples[i] else float("nan"))
    naive_ms = percentiles(nsamples) | {"timeouts": timeouts, "timeout_s": timeout}
    ours_same = percentiles(samples[: len(nk)])
    return {"naive_ms": naive_ms, "ratio_naive_over_ours": {
        "p50": round(naive_ms["p50"] / ours_same["p50"], 2) if ours_same["n"] else None,
        "p99": round(naive_ms["p99"] / ours_same["p99"], 2) if ours_same["n"] else None,
        "median_per_query": round(statistics.median(ratios), 2) if ratios else None,
        "note": "timeouts count as the timeout: a lower bound on naive latency",
    }}


def _size(kind: str, s: int) -> int:
    return s % 1_000_000 if kind == "exposure" else s


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.analytics", description=__doc__.split("\n")[0])
    p.add_argument("--entities", type=int, default=100_000)
    p.add_argument("--edges", type=int, default=200_000)
    p.add_argument("--queries", type=int, default=200)
    p.add_argument("--naive-queries", type=int, default=40)
    p.add_argument("--contagion-queries", type=int, default=None,
                   help="fewer contagion targets than --queries (it is the slow one)")
    p.add_argument("--kinds", default="owners,exposure,contagion",
                   help="which query kinds to time, comma-separated")
    p.add_argument("--timeout", type=float, default=3.0, help="naive per-query timeout (s)")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--port", type=int, default=PORT)
    p.add_argument("--reload", action="store_true", help="reload even if the same graph is there")
    p.add_argument("--stop", action="store_true", help="stop the bench server at the end")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    report = run_on_server(run, args)
    kinds = args.kinds.split(",")
    suffix = "" if set(kinds) == {"owners", "exposure", "contagion"} else "-" + "-".join(kinds)
    path = write_report(f"analytics-{args.entities}{suffix}", report)
    print(json.dumps(report, indent=2, default=str) if args.json else f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
