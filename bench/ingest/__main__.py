"""bench/ingest: generated world -> end-to-end ingest (resolution + provenance) vs plain UNWIND-CREATE.

    python -m bench.ingest --entities 1000000 [--json] [--check-idempotent]
    python -m bench.ingest --gleif-scale 0.01 [--measure] [--ftm-scale 0.01]   (bench/ingest/golden, stages.py)

Both are measured in the same run on the same server: (1) ``ingest_paths`` over the
generator's files (read, validate, resolve, bitemporal merge with provenance, knowledge
chains, corporate actions, resolution state saved); (2) a baseline that creates the same
relationships (the endpoints of every statement edge (1) left in the graph) with one
``UNWIND $rows CREATE`` per batch between nodes it creates first. Reported: records/s,
relationships/s, wall time, Python CPU time, peak Python RSS (the world is generated in a
subprocess so its memory is not counted), and the ratio ours / baseline.
``--check-idempotent`` loads the same files again and checks that nothing is loaded and the
``ownergraph stats`` fingerprint is unchanged. ``--delta 0.01`` then ingests a 1% daily delta
(bench/ingest/delta.py) into the loaded graph against an UNWIND-MERGE of the same relationships.
Both runs report wall, Python CPU and server CPU per stage (resolver state load, reading +
resolving + writing, corporate actions, resolver state save); the server is warmed first
(a small world loaded and wiped) unless ``--no-warm``.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench._common import RssSampler, Timer, bench_graph, peak_rss_mb, wipe, write_report
from bench.cypher import q
from bench.ingest.delta import Stages, measure_delta, server_pid
from bench.ingest.golden.generate import add_arguments, generate
from ownergraph.demo import world_inputs
from ownergraph.graph.load.loader import Loader
from ownergraph.graph.load.pipeline import ingest_paths

EDGES_QUERY = q("statement_edge_ends")


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def baseline(graph, edges: list[dict[str, str]], batch: int = 10000) -> dict[str, float]:  # type: ignore[no-untyped-def]
    """Plain UNWIND-CREATE of ``edges`` (endpoint handles) between freshly created nodes."""
    graph = wipe(graph)
    keys = sorted({e["a"] for e in edges} | {e["b"] for e in edges})
    graph.auto(q("baseline_index"))
    graph.auto("await_indexes", seconds=300)
    with Timer() as t:
        graph.write_batches(q("baseline_nodes"), keys, batch)
        graph.write_batches(q("baseline_edges"), edges, batch)
    graph = wipe(graph)
    graph.auto(q("baseline_drop_index"))
    return {"relationships": len(edges), "nodes": len(keys), "seconds": round(t.seconds, 2),
            "relationships_per_s": round(len(edges) / t.seconds, 1) if t.seconds else 0.0}


def _generate(n: int, seed: int, out: Path) -> dict[str, Any]:
    """The world, generated in a child process (its memory stays out of our peak RSS)."""
    res = subprocess.run([sys.executable, "-m", "ownergraph.worldgen", "--entities", str(n), "--seed", str(seed),
                          "--out", str(out)], check=True, capture_output=True, text=True)
    return json.loads(res.stdout)


def _existing(world: Path) -> dict[str, Any]:
    """The counts of a world generated earlier (its ground truth's meta line)."""
    with open(world / "ground_truth.jsonl") as f:
        meta = json.loads(f.readline())
    return {"reused": str(world), "n_entities": meta.get("n_entities"), "seed": meta.get("seed")}


def _warm(graph, where: Path) -> None:  # type: ignore[no-untyped-def]
    """A small world loaded and wiped first: the server's query plans and JIT are warm when the
    timed load starts (both the ingest and the baselines then run warm)."""
    from ownergraph.worldgen import generate_world

    generate_world(300, 3, where)
    ingest_paths(wipe(graph), world_inputs(where))


def _fingerprint(graph) -> Any:  # type: ignore[no-untyped-def]
    from ownergraph.graph.store.stats import graph_stats

    return graph_stats(graph)


def generated(args: argparse.Namespace) -> int:
    """``--gleif-scale`` / ``--ftm-scale``: write the generated data (and ``--measure`` its bulk load)."""
    report = generate(args)
    if args.measure:
        from bench.ingest.stages import measure_copy

        report["measure"] = measure_copy(Path(report["out"]), args)
    print(json.dumps(report, indent=2) if args.json else json.dumps(report))
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.ingest")
    ap.add_argument("--entities", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--keep", type=Path, help="write the generated world here instead of a temp dir")
    ap.add_argument("--world", type=Path, help="an already generated world (python -m ownergraph.worldgen --out DIR): "
                    "not generated again (a 1M world takes ~5 min to write)")
    ap.add_argument("--no-baseline", action="store_true", help="skip the UNWIND-CREATE baseline (and its wipes)")
    ap.add_argument("--check-idempotent", action="store_true",
                    help="load the same files a second time: 0 loaded, same stats fingerprint")
    ap.add_argument("--delta", type=float, default=0.0, metavar="FRACTION",
                    help="then ingest a daily delta of FRACTION of the entities (0.01: 1%%; new entities, changed "
                         "stakes, closed edges) into the loaded graph, against an UNWIND-MERGE of the same relationships")
    ap.add_argument("--full-writes", action="store_true",
                    help="the loader without its lean incremental path (Loader(lean=False)): the before figures")
    ap.add_argument("--delta-process", action="store_true",
                    help="measure the delta in a fresh Python process, as `ownergraph ingest` runs it (default: "
                         "in this process, after the first load: imports and caches warm)")
    ap.add_argument("--no-warm", action="store_true", help="skip warming the server (a small world loaded and wiped)")
    add_arguments(ap)
    args = ap.parse_args(argv)
    if args.gleif_scale or args.ftm_scale:
        return generated(args)

    graph = bench_graph()
    if args.world:  # the world's own size names the report, not --entities
        args.entities = json.loads((args.world / "ground_truth.jsonl").open().readline())["n_entities"]
    name = (f"ingest-{args.entities}" + ("-full-writes" if args.full_writes else "")
            + ("-delta-process" if args.delta_process else ""))
    factory = (lambda g, keys: Loader(g, keys, defer_actions=True, background=True, lean=False)) if args.full_writes else None
    with tempfile.TemporaryDirectory() as tmp:
        world = args.keep or Path(tmp) / "world"
        with Timer() as tg:
            gen = _existing(args.world) if args.world else _generate(args.entities, args.seed, world)
        world = args.world or world
        files = world_inputs(world)
        if not args.no_warm:
            _warm(graph, Path(tmp) / "warm")
        graph = wipe(graph)
        cpu0 = _cpu()
        with Timer() as t, RssSampler() as rss_log, Stages(server_pid(int(graph.uri.rsplit(":", 1)[1]))) as stages:
            def progress(path: str, _n: int) -> None:
                rss_log.phase = Path(path).name
            summary = ingest_paths(graph, files, progress=progress, loader_factory=factory)
        cpu = _cpu() - cpu0
        rss = peak_rss_mb()
        edges = [] if args.no_baseline else graph.read(EDGES_QUERY)
        rels = (graph.read(q("count_statement_edges"))[0]["n"]
                if args.no_baseline else len(edges))
        records = summary.totals["read"]
        ours: dict[str, Any] = {
            "records": summary.totals, "relationships": rels, "seconds": round(t.seconds, 2),
            "records_per_s": round(records / t.seconds, 1) if t.seconds else 0.0,
            "relationships_per_s": round(rels / t.seconds, 1) if t.seconds else 0.0,
            "python_cpu_seconds": round(cpu, 2), "peak_python_rss_mb": round(rss, 1),
            "stages": stages.stages,
            # the last phase also holds corporate actions and saving the resolver state
            "rss_peak_mb_by_file": rss_log.peaks_by_phase()}
        if args.check_idempotent:
            before = _fingerprint(graph)
            with Timer() as t2:
                again = ingest_paths(graph, files, loader_factory=factory)
            ours["second_run"] = {"seconds": round(t2.seconds, 2), "loaded": again.totals["loaded"],
                                  "merged": again.totals["merged"],
                                  "stats_identical": _fingerprint(graph) == before}
        if args.delta and args.delta_process:
            res = subprocess.run([sys.executable, "-m", "bench.ingest.delta", str(world), str(Path(tmp) / "delta"),
                                  str(args.delta)] + (["--full-writes"] if args.full_writes else []),
                                 check=True, capture_output=True, text=True)
            ours["delta"] = json.loads(res.stdout) | {"fresh_process": True}
        elif args.delta:
            ours["delta"] = measure_delta(graph, world, Path(tmp) / "delta", args.delta, factory)
        report: dict[str, Any] = {"entities": args.entities, "lean": not args.full_writes, "generated": gen.get("counts") or gen,
                                  "generate_seconds": round(tg.seconds, 2), "ownergraph": ours}
        write_report(name, report)  # kept even if the baseline is interrupted
        base = ({"relationships_per_s": 0.0, "skipped": True} if args.no_baseline
                else baseline(graph, [{"a": e["a"], "b": e["b"]} for e in edges]))
        del edges
    report["baseline_unwind_create"] = base
    report["ratio_ours_to_baseline"] = (round(ours["relationships_per_s"] / base["relationships_per_s"], 3)
                                        if base["relationships_per_s"] else None)
    write_report(name, report)
    print(json.dumps(report, indent=2) if args.json else
          f"ingest {args.entities} entities: {records} records, {rels} relationships in {ours['seconds']}s = "
          f"{ours['records_per_s']:.0f} records/s, {ours['relationships_per_s']:.0f} rel/s "
          f"(python cpu {ours['python_cpu_seconds']}s, peak RSS {ours['peak_python_rss_mb']} MB); baseline "
          f"{base['relationships_per_s']:.0f} rel/s; ratio {report['ratio_ours_to_baseline']}")
    if args.delta and not args.json:
        d = ours["delta"]
        print(f"delta {args.delta:.0%}: {d['records']['read']} records, {d['relationships']} relationships in "
              f"{d['seconds']}s = {d['relationships_per_s']:.0f} rel/s ({d['relationships_per_s_without_state']:.0f} "
              f"without the resolver state); UNWIND-MERGE {d['baseline_unwind_merge']['relationships_per_s']:.0f} "
              f"rel/s; ratio {d['ratio_ours_to_baseline']} ({d['ratio_without_state']})")
    second = ours.get("second_run")
    if second and (second["loaded"] or not second["stats_identical"]):
        print(f"ingest is not idempotent: the second run loaded {second['loaded']} record(s)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
