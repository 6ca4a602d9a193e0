"""bench/batch: graph-wide integrated ownership and UBOs as a DuckDB job (graph.analytics.batch).

    python -m bench.batch --entities 1000000 --edges 2000000 [--neo4j-entities 100000 --neo4j-edges 200000]

1. The 1M/2M graph of ``bench.analytics._bulk`` (the same generator, seed and storage
   conventions as ``bench.analytics``: groups, chains to depth 12, diamonds, small cycles,
   bands, missing stakes, closed edges, superseded versions) is written as an export through
   ``graph.store.export.ParquetWriter`` (the export's own writer) straight from the generator: a
   1M-entity Neo4j load takes longer than this machine gives a benchmark.
2. ``batch_ownership`` on it at the clock of ``bench.analytics`` (as_of = known_at =
   2023-06-30), eu_amlr_25: seconds per stage, pairs, UBO rows, peak memory.
3. With ``--neo4j-entities``: a smaller graph of the same generator is loaded into the
   benchmark server (``OWNERGRAPH_BENCH_NEO4J_PORT``, ``OWNERGRAPH_BENCH_NEO4J_HOME``), exported
   with ``export_parquet`` (timed), the batch run on that export, and its stakes compared with
   the per-entity ``owners(..., semantics="walk_sum", control_edges=False)`` for ``--compare``
   random targets (largest absolute difference of any stake end).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from bench._common import peak_rss_mb, write_report
from bench.analytics import _bulk
from ownergraph.graph.analytics.batch import batch_ownership
from ownergraph.graph.store.export import EDGE_TYPES, ParquetWriter

CLOCK = "2023-06-30"
KNOWN_AT = datetime(2023, 6, 30, tzinfo=timezone.utc)
CHUNK = 100_000


def write_generated(w: _bulk.World, out: Path, seed: int) -> dict[str, Any]:
    """The generated graph as an export (entities + OWNS / CONTROLS edges)."""
    t0 = time.perf_counter()
    writer = ParquetWriter()
    for rows in _bulk._batched(_bulk.entity_rows(w, seed), CHUNK):
        writer.add_entities(rows)
    for rtype in EDGE_TYPES:
        for rows in _bulk._batched(_bulk.edge_rows(w, rtype, seed), CHUNK):
            writer.add_edges([{"owner": r["s"], "owned": r["t"], "type": rtype, **r["props"]} for r in rows])
    files = writer.write(out)
    counts = {"entities": writer.count("entities"), "edges": writer.count("edges")}
    writer.close()
    return counts | {"seconds": round(time.perf_counter() - t0, 2),
                     "mb": {k: round(p.stat().st_size / 2**20, 1) for k, p in files.items()}}


def run_batch(export: Path) -> dict[str, Any]:
    t0 = time.perf_counter()
    res = batch_ownership(export, as_of=CLOCK, known_at=KNOWN_AT, threads=os.cpu_count())
    return {"wall_s": round(time.perf_counter() - t0, 2), "stages_s": {k: round(v, 2) for k, v in res.timings.items()},
            "summary": res.summary, "peak_rss_mb": round(peak_rss_mb(), 1)}, res


def neo4j_stage(n: int, m: int, seed: int, compare: int, tmp: Path) -> dict[str, Any]:
    from ownergraph.graph.analytics.ownership import owners
    from ownergraph.domain.settings import Settings, load_settings
    from ownergraph.graph.store.connection import connect
    from ownergraph.graph.store.export import export_parquet

    base = load_settings({k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")})
    home = Path(os.environ.get("OWNERGRAPH_BENCH_NEO4J_HOME") or base.cache / "bench-home-batch")
    settings = Settings(home=home, cache=base.cache, neo4j_port=int(os.environ.get("OWNERGRAPH_BENCH_NEO4J_PORT", "7732")),
                        neo4j_heap=os.environ.get("OWNERGRAPH_NEO4J_HEAP", "1g"),
                        neo4j_pagecache=os.environ.get("OWNERGRAPH_NEO4J_PAGECACHE", "512m"))
    graph = connect(settings)
    w = _bulk.generate(n, m, seed)
    _bulk.wipe_fast(graph)
    load = _bulk.load(graph, w, seed=seed)
    summary = export_parquet(graph, tmp / "neo4j-export")
    out: dict[str, Any] = {"entities": n, "edges_requested": m, "load_s": load["total_s"],
                           "export": summary.as_dict() | {"edges_per_s": round(summary.edges / summary.seconds)}}
    batch, res = run_batch(tmp / "neo4j-export")
    out["batch"] = batch
    stakes = {(a, b): (lo, hi) for a, b, lo, hi in res.stakes[["owner", "owned", "stake_lo", "stake_hi"]]
              .itertuples(index=False)}
    targets = random.Random(seed).sample(w.keys, compare)
    worst, rows, t0 = 0.0, 0, time.perf_counter()
    for key in targets:
        one = owners(graph, key, as_of=CLOCK, known_at=KNOWN_AT, semantics="walk_sum", control_edges=False)
        for row in one.rows:
            lo, hi = stakes.get((row.key, key), (0.0, 0.0))
            worst = max(worst, abs(lo - row.stake.lo), abs(hi - row.stake.hi))
            rows += 1
    out["per_entity_check"] = {"targets": compare, "rows": rows, "max_abs_difference": worst,
                               "per_entity_s": round(time.perf_counter() - t0, 2)}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.batch", description=__doc__.splitlines()[0])
    ap.add_argument("--entities", type=int, default=1_000_000)
    ap.add_argument("--edges", type=int, default=2_000_000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--neo4j-entities", type=int, default=0)
    ap.add_argument("--neo4j-edges", type=int, default=0)
    ap.add_argument("--compare", type=int, default=200)
    ap.add_argument("--name", default=None, help="report name (default batch-<entities>)")
    args = ap.parse_args(argv)
    report: dict[str, Any] = {"entities": args.entities, "edges_requested": args.edges, "seed": args.seed,
                              "clock": {"as_of": CLOCK, "known_at": KNOWN_AT.isoformat()}, "rule": "eu_amlr_25",
                              "cpus": os.cpu_count(), "load_average_at_start": os.getloadavg()}
    with tempfile.TemporaryDirectory(prefix="bench-batch-") as d:
        tmp = Path(d)
        t0 = time.perf_counter()
        w = _bulk.generate(args.entities, args.edges, args.seed)
        report["generate_s"] = round(time.perf_counter() - t0, 2)
        print(f"generated in {report['generate_s']} s", file=sys.stderr)
        report["write_export"] = write_generated(w, tmp / "export", args.seed)
        print(f"export {report['write_export']}", file=sys.stderr)
        del w
        report["batch"], _ = run_batch(tmp / "export")
        print(f"batch {report['batch']}", file=sys.stderr)
        if args.neo4j_entities:
            report["neo4j"] = neo4j_stage(args.neo4j_entities, args.neo4j_edges or 2 * args.neo4j_entities,
                                          args.seed, args.compare, tmp)
    report["load_average_at_end"] = os.getloadavg()
    path = write_report(args.name or f"batch-{args.entities}", report)
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
