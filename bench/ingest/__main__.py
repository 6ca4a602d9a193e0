"""bench/ingest: generated world -> end-to-end ingest (resolution + provenance) vs plain UNWIND-CREATE.

    python -m bench.ingest --entities 1000000 [--json]

Both are measured in the same run on the same server: (1) ``ingest_paths`` over the
generator's files (read, validate, resolve, bitemporal merge with provenance, knowledge
chains, corporate actions); (2) a baseline that creates the same relationships with one
``UNWIND $rows CREATE`` per batch between pre-created nodes. Reported: relationships/s, wall
time, peak Python RSS, and the ratio ours / baseline.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from bench._common import Timer, bench_graph, peak_rss_mb, wipe, write_report
from graph.pipeline import ingest_paths
from graph.demo import world_inputs
from ingest.formats import detect
from ingest.model import EdgeBase, Entity


def _edges_of(files: list[Path]) -> tuple[list[str], list[dict[str, str]]]:
    """Entity handles and edge endpoints as the baseline gets them (no resolution)."""
    keys: dict[str, None] = {}
    edges: list[dict[str, str]] = []

    def handle(ref) -> str:  # type: ignore[no-untyped-def]
        return ref.lei or f"{ref.scheme}:{ref.value}" if (ref.lei or ref.value) else f"name:{ref.name}"

    for path in files:
        for rec in detect(path).read(path):
            if isinstance(rec, Entity):
                keys[handle(rec.ref)] = None
            elif isinstance(rec, EdgeBase):
                a, b = handle(rec.source), handle(rec.target)
                keys[a] = None
                keys[b] = None
                edges.append({"a": a, "b": b})
    return list(keys), edges


def baseline(graph, files: list[Path], batch: int = 10000) -> dict[str, float]:  # type: ignore[no-untyped-def]
    wipe(graph)
    keys, edges = _edges_of(files)
    graph.auto("CREATE INDEX bench_node IF NOT EXISTS FOR (n:BenchNode) ON (n.k)")
    graph.auto("CALL db.awaitIndexes(300)")
    with Timer() as t:
        graph.write_batches("UNWIND $rows AS k CREATE (:BenchNode {k: k})", keys, batch)
        graph.write_batches("UNWIND $rows AS r MATCH (a:BenchNode {k: r.a}) MATCH (b:BenchNode {k: r.b}) "
                            "CREATE (a)-[:BENCH_REL]->(b)", edges, batch)
    wipe(graph)
    graph.auto("DROP INDEX bench_node IF EXISTS")
    return {"relationships": len(edges), "seconds": round(t.seconds, 2),
            "relationships_per_s": round(len(edges) / t.seconds, 1) if t.seconds else 0.0}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.ingest")
    ap.add_argument("--entities", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--keep", type=Path, help="write the generated world here instead of a temp dir")
    args = ap.parse_args(argv)
    from ingest.worldgen import generate_world

    graph = bench_graph()
    with tempfile.TemporaryDirectory() as tmp:
        world = args.keep or Path(tmp) / "world"
        with Timer() as tg:
            generate_world(args.entities, args.seed, world)
        files = world_inputs(world)
        wipe(graph)
        with Timer() as t:
            summary = ingest_paths(graph, files)
        rels = graph.read("MATCH ()-[r]->() WHERE r.statement_id IS NOT NULL RETURN count(r) AS n")[0]["n"]
        ours = {"records": summary.totals, "relationships": rels, "seconds": round(t.seconds, 2),
                "relationships_per_s": round(rels / t.seconds, 1) if t.seconds else 0.0,
                "peak_python_rss_mb": round(peak_rss_mb(), 1)}
        base = baseline(graph, files)
    report = {"entities": args.entities, "generate_seconds": round(tg.seconds, 2), "ownergraph": ours,
              "baseline_unwind_create": base,
              "ratio_ours_to_baseline": round(ours["relationships_per_s"] / base["relationships_per_s"], 3)
              if base["relationships_per_s"] else None}
    write_report(f"ingest-{args.entities}", report)
    print(json.dumps(report, indent=2) if args.json else
          f"ingest {args.entities} entities: {ours['relationships_per_s']:.0f} rel/s "
          f"({ours['seconds']}s, peak RSS {ours['peak_python_rss_mb']} MB); baseline "
          f"{base['relationships_per_s']:.0f} rel/s; ratio {report['ratio_ours_to_baseline']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
