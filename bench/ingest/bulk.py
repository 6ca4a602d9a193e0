"""bench/ingest, bulk mode: a first load through the offline importer, stage by stage.

    python -m bench.ingest.bulk --entities 20000 [--world DIR] [--reader columnar|row] [--read-process]
                                [--online] [--json]

On the benchmarks' own managed server, same run, same world: (1) ``ingest_paths`` with
``graph.load.bulk``'s loader (read, validate, resolve, staged with the load queries' semantics,
chains, CSV files, ``neo4j-admin database import full`` with the server stopped, restart,
schema, corporate actions online, resolution state saved); (2) the importer alone on the
files (1) wrote (server stopped again); (3) with ``--online`` the online loader on the same
files; (4) the plain ``UNWIND … CREATE`` baseline of as many relationships (bench/ingest);
(0) before all that, both readers alone on every file (row and column-wise: CPU per record
with the content hash, ``readers_alone``). ``--reader`` is the one (1) and (3) read with;
``--read-process`` reads in a second process, ahead of the loader (``ingest.read_ahead``).
Per stage: wall seconds, Python CPU, and the server's or importer's CPU where one works.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import tempfile
from pathlib import Path
from typing import Any

import psutil

from bench._common import Timer, bench_graph, bench_settings, peak_rss_mb, wipe, write_report
from bench.cypher import q
from bench.ingest.__main__ import _cpu, _existing, _generate, baseline
from ownergraph.demo import world_inputs
from ownergraph.graph.load.bulk import BulkLoader
from ownergraph.graph.load.bulk.files import ImportFiles
from ownergraph.graph.load.bulk.importer import run_importer
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.graph.store.server import LocalNeo4j


def _server_cpu(local: LocalNeo4j) -> float:
    """CPU seconds the running server's JVM has used since it started."""
    pid = local.status().pid
    if pid is None:
        return 0.0
    t = psutil.Process(pid).cpu_times()
    return t.user + t.system


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _rate(n: int, s: float) -> float:
    return round(n / s, 1) if s else 0.0


def _read_cpu(reader: Any, path: Path) -> tuple[int, float]:
    cpu0 = _cpu()
    n = 0
    for rec in reader.read(path):
        n += 1
        if hasattr(rec, "content_hash"):
            rec.content_hash()  # part of reading: the column readers compute it as they read
    return n, _cpu() - cpu0


def readers_alone(files: list[Path]) -> dict[str, Any]:
    """Row and column-wise readers on the same files, same run: Python CPU per record."""
    from ownergraph.ingest.formats import detect
    from ownergraph.ingest.readers.columnar.registry import columnar

    out: dict[str, Any] = {}
    for path in files:
        row = detect(path)
        entry = out.setdefault(row.name, {"records": 0, "row_cpu_s": 0.0, "columnar_cpu_s": 0.0})
        n, row_s = _read_cpu(row, path)
        _, col_s = _read_cpu(columnar(row), path)
        entry["records"] += n
        entry["row_cpu_s"] += row_s
        entry["columnar_cpu_s"] += col_s
    total = {"records": sum(e["records"] for e in out.values()),
             "row_cpu_s": sum(e["row_cpu_s"] for e in out.values()),
             "columnar_cpu_s": sum(e["columnar_cpu_s"] for e in out.values())}
    for e in (*out.values(), total):
        n = max(e["records"], 1)
        e["row_us_per_record"] = round(e["row_cpu_s"] / n * 1e6, 1)
        e["columnar_us_per_record"] = round(e["columnar_cpu_s"] / n * 1e6, 1)
        e["row_records_per_cpu_s"] = round(n / e["row_cpu_s"]) if e["row_cpu_s"] else None
        e["columnar_records_per_cpu_s"] = round(n / e["columnar_cpu_s"]) if e["columnar_cpu_s"] else None
        e["row_cpu_s"], e["columnar_cpu_s"] = round(e["row_cpu_s"], 2), round(e["columnar_cpu_s"], 2)
    return {"by_format": out, "total": total}


def bulk_run(graph: Any, files: list[Path], work: Path, reader: str = "columnar",
             read_process: bool = False) -> tuple[dict[str, Any], Any]:
    settings = bench_settings()
    local = LocalNeo4j(settings)
    made: list[BulkLoader] = []

    def factory(g: Any, keys: Any) -> BulkLoader:
        made.append(BulkLoader(g, keys, settings, workdir=work, keep_files=True))
        return made[0]

    cpu0, children0 = _cpu(), _children_cpu()
    with Timer() as t:
        summary = ingest_paths(graph, files, loader_factory=factory, reader=reader, read_process=read_process)
    cpu, children = _cpu() - cpu0, _children_cpu() - children0
    loader = made[0]
    stages = dict(loader.timings)
    accounted = sum(v["seconds"] for k, v in stages.items() if isinstance(v, dict) and "python_cpu_seconds" in v)
    cpu_accounted = sum(v["python_cpu_seconds"] for v in stages.values()
                        if isinstance(v, dict) and "python_cpu_seconds" in v)
    stages["read_validate_resolve"] = {"seconds": round(t.seconds - accounted, 2),
                                       "python_cpu_seconds": round(cpu - cpu_accounted, 2),
                                       "note": "readers, pydantic, hashing, resolution (Python); rest of the run: "
                                               "resolution state saved online"}
    report = {"records": summary.totals, "seconds": round(t.seconds, 2),
              "records_per_s": _rate(summary.totals["read"], t.seconds),
              "python_cpu_seconds": round(cpu, 2), "peak_python_rss_mb": round(peak_rss_mb(), 1),
              # the server restarts during the import: CPU of the new one (start-up, schema,
              # corporate actions, resolution state) and of the old one before it stopped
              "server_cpu_seconds_after_restart": round(_server_cpu(local), 2),
              "stages": stages}
    if read_process:  # waited-for children: the importer and the reader process
        report["reader_process_cpu_seconds"] = round(children - stages["importer"]["cpu_seconds"], 2)
    return report, summary


def importer_alone(work: Path) -> dict[str, Any]:
    """The importer on the files the bulk run wrote, server stopped (then started again)."""
    settings = bench_settings()
    local = LocalNeo4j(settings)
    files = ImportFiles.found_in(work)
    local.stop()
    try:
        wall, cpu, peak = run_importer(local, files, settings.neo4j_database)
    finally:
        local.start()
    return {"seconds": round(wall, 2), "importer_cpu_seconds": round(cpu, 2), "peak_rss_mb": round(peak, 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.ingest.bulk")
    ap.add_argument("--entities", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--world", type=Path, help="an already generated world")
    ap.add_argument("--online", action="store_true", help="also the online loader on the same files")
    ap.add_argument("--reader", choices=("row", "columnar"), default="columnar",
                    help="the readers the loads read with (both are measured alone first)")
    ap.add_argument("--read-process", action="store_true", help="read in a second process, ahead of the loader")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    graph = bench_graph()
    with tempfile.TemporaryDirectory() as tmp:
        world = args.world or Path(tmp) / "world"
        gen = _existing(world) if args.world else _generate(args.entities, args.seed, world)
        files = world_inputs(world)
        alone_readers = readers_alone(files)
        graph = wipe(graph)
        graph.renew()
        ours, summary = bulk_run(graph, files, Path(tmp) / "files", args.reader, args.read_process)
        rels = graph.read(q("count_statement_edges"))[0]["n"]
        ours["relationships"] = rels
        ours["relationships_per_s"] = _rate(rels, ours["seconds"])
        ours["files"] = ours["stages"].get("files")
        from ownergraph.graph.store.stats import graph_stats

        bulk_stats = graph_stats(graph)
        name = (f"ingest-bulk-{args.entities}" + ("-columnar" if args.reader == "columnar" else "")
                + ("-read-process" if args.read_process else ""))
        edges = graph.read(q("statement_edge_ends"))
        report: dict[str, Any] = {"entities": args.entities, "generated": gen.get("counts") or gen,
                                  "reader": args.reader, "read_process": args.read_process,
                                  "readers_alone": alone_readers, "bulk": ours,
                                  # the machine is shared: its load (2 cores) when the load ended
                                  "load_average_1_5_15": [round(x, 2) for x in os.getloadavg()]}
        write_report(name, report)
        alone = importer_alone(Path(tmp) / "files")
        graph.renew()
        n_files = ours["files"] or {}
        alone["relationships_per_s"] = _rate(n_files.get("relationships", 0), alone["seconds"])
        alone["nodes_and_relationships_per_s"] = _rate(n_files.get("relationships", 0) + n_files.get("nodes", 0),
                                                       alone["seconds"])
        report["importer_alone"] = alone
        write_report(name, report)
        if args.online:
            graph = wipe(graph)
            cpu0 = _cpu()
            with Timer() as t:
                ingest_paths(graph, files, reader=args.reader, read_process=args.read_process)
            online_stats = graph_stats(graph)
            report["online"] = {"seconds": round(t.seconds, 2), "python_cpu_seconds": round(_cpu() - cpu0, 2),
                                "relationships_per_s": _rate(rels, t.seconds),
                                "same_fingerprint_as_bulk": online_stats["fingerprint"] == bulk_stats["fingerprint"]}
            write_report(name, report)
        base = baseline(graph, [{"a": e["a"], "b": e["b"]} for e in edges])
        del edges
    report["baseline_unwind_create"] = base
    report["ratio_bulk_to_baseline"] = (round(ours["relationships_per_s"] / base["relationships_per_s"], 3)
                                        if base["relationships_per_s"] else None)
    # the same graph end to end (read ... schema) against the importer alone on its files
    report["ratio_bulk_to_importer_alone"] = round(alone["seconds"] / ours["seconds"], 3) if ours["seconds"] else None
    if "online" in report:
        report["ratio_bulk_to_online"] = round(report["online"]["seconds"] / ours["seconds"], 2)
    write_report(name, report)
    print(json.dumps(report, indent=2) if args.json else
          f"bulk first load, {args.entities} entities: {ours['records']['read']} records, {rels} relationships in "
          f"{ours['seconds']}s = {ours['records_per_s']:.0f} records/s, {ours['relationships_per_s']:.0f} rel/s; "
          f"importer alone {alone['seconds']}s; baseline {base['relationships_per_s']:.0f} rel/s; "
          f"ratio {report['ratio_bulk_to_baseline']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
