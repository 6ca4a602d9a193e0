"""``python -m bench.ingest.gleif_delta --gleif-scale F``: a GLEIF daily delta applied online to a
loaded graph, against a plain ``UNWIND … MERGE`` of the same statements in the same run.

    python -m bench.ingest.gleif_delta --gleif-scale 0.01 [--delta-scale D] [--out DIR] [--reuse]
        [--modes general,one_statement] [--rounds 2] [--name NAME]

Writes (or reuses) a generated golden copy at scale F in GLEIF's XML files and a day's delta
(``bench.ingest.golden``; the delta at GLEIF's published size times D, default F), unzipped
outside any timing. For each mode, on the benchmarks' golden server (``OWNERGRAPH_BENCH_HOME``,
``OWNERGRAPH_BENCH_NEO4J_PORT``, emptied first): the copy is loaded online
(``ingest_paths``), then the delta, by stage (resolver state load, read + resolve + write,
corporate actions, state save; wall, Python CPU and server CPU) and by query (calls, rows sent,
seconds). ``general`` is the loader's general path (write, look up versions, plan in Python,
store, carry: ``Loader(one_statement=False)``), ``one_statement`` the default
(``graph.load.versioned``). The two must give the same ``ownergraph stats`` fingerprint.

Baseline, after each mode's delta: the delta's statements as stored (the relationships, the
reporting-exception nodes and the entity nodes whose source file is a delta file), MERGEd again
under benchmark labels with the same properties by plain typed parameters (relationships on
``statement_id`` between the same entities, nodes on an indexed key), timed, then removed.
Ratios: the baseline's seconds over ours, for the whole delta and for our writes alone.

Rounds: the server is restarted (a new store, no cached plans) only before the first run; in
the second round every query text has been planned before, as on a server that applied
yesterday's delta (the baseline's indexes are made once and kept to the end: any schema change
empties the server's plan cache). Planning the one-statement query (about 1-4 s per row shape on a loaded
machine) is most of its cost in a cold run.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
import zipfile
from collections import defaultdict
from pathlib import Path
from typing import Any

from bench._common import write_report
from bench.cypher import q
from bench.ingest.delta import Stages, server_cpu, server_pid

BATCH = 10_000


def unzipped(zips: list[Path], out: Path) -> list[Path]:
    """The one document of each GLEIF zip, extracted into ``out``."""
    files = []
    for z in zips:
        with zipfile.ZipFile(z) as f:
            name = f.namelist()[0]
            if not (out / name).exists():
                f.extract(name, out)
            files.append(out / name)
    return files


def copy_and_delta(out: Path, scale: float, delta_scale: float, seed: int, reuse: bool
                   ) -> tuple[list[Path], list[Path], dict[str, Any]]:
    """The base copy's and the delta's XML documents (written unless ``reuse`` finds them)."""
    from bench.ingest.golden.delta import delta_counts, write_delta
    from bench.ingest.golden.golden import Golden

    manifest = out / "delta-manifest.json"
    if not (reuse and manifest.exists()):
        golden = Golden(scale, seed, 0.05, None, ("xml",))
        counts = golden.write(out)
        delta = write_delta(golden, out / "delta", delta_counts(delta_scale))
        manifest.write_text(json.dumps({"scale": scale, "delta_scale": delta_scale, "seed": seed,
                                        "copy": counts, "delta": delta}))
    base = unzipped(sorted(out.glob("*-golden-copy.xml.zip")), out / "xml")
    delta_files = unzipped(sorted((out / "delta").glob("*-last-day.xml.zip")), out / "delta" / "xml")
    return base, delta_files, json.loads(manifest.read_text())


class QueryTimes:
    """Calls, rows and wall seconds per query name of the loader's reads and writes on ``graph``
    (installed on the instance; the corporate actions' batched session is not seen)."""

    def __init__(self, graph: Any) -> None:
        self.graph = graph
        self.by_query: dict[str, dict[str, float]] = defaultdict(lambda: {"calls": 0, "rows": 0, "seconds": 0.0})

    def __enter__(self) -> QueryTimes:
        for attr in ("read", "write", "write_rows"):
            orig = getattr(self.graph, attr)
            setattr(self.graph, attr, self._timed(orig))
        return self

    def _timed(self, fn: Any) -> Any:
        def timed(query: Any, **params: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return fn(query, **params)
            finally:
                s = self.by_query[getattr(query, "name", str(query))]
                s["calls"] += 1
                blob = params.get("blob")
                s["rows"] += (blob.count("\x1e") + 1 if blob else len(params.get("rows") or params.get("keys") or []))
                s["seconds"] = round(s["seconds"] + time.perf_counter() - t0, 4)
        return timed

    def __exit__(self, *exc: object) -> None:
        for attr in ("read", "write", "write_rows"):
            self.graph.__dict__.pop(attr, None)


def baseline(graph: Any, delta_files: list[Path]) -> dict[str, Any]:
    """MERGE the delta's statements again under benchmark labels (plain typed parameters),
    timed per kind, then remove them."""
    names = [p.name for p in delta_files]
    edges = graph.read(q("delta_statements_edges"), files=names)
    nodes = graph.read(q("delta_statements_nodes"), files=names)
    entities = graph.read(q("delta_statements_entities"), files=names)
    out: dict[str, Any] = {}
    total = 0.0
    for kind, query, rows in (
            ("relationships", "delta_baseline_merge",
             [{"a": e["a"], "b": e["b"], "sid": e["props"]["statement_id"], "props": e["props"]} for e in edges]),
            ("exception_nodes", "delta_baseline_merge_nodes",
             [{"a": n["a"], "sid": n["props"]["statement_id"], "props": n["props"]} for n in nodes]),
            ("entities", "delta_baseline_merge_entities", [{"key": e["key"], "props": e["props"]} for e in entities])):
        t0 = time.perf_counter()
        graph.write_batches(q(query), rows, BATCH)
        seconds = time.perf_counter() - t0
        total += seconds
        out[kind] = {"statements": len(rows), "seconds": round(seconds, 3),
                     "per_s": round(len(rows) / seconds, 1) if seconds else 0.0}
    for name in ("delta_baseline_drop", "delta_baseline_drop_nodes", "delta_baseline_drop_entities"):
        graph.write(q(name))
    statements = sum(v["statements"] for v in out.values())
    return out | {"statements": statements, "seconds": round(total, 3),
                  "per_s": round(statements / total, 1) if total else 0.0}


def run_mode(settings: Any, mode: str, base: list[Path], delta_files: list[Path], restart: bool) -> dict[str, Any]:
    """An empty database (``restart``: a new store and a restarted server, its query cache empty;
    else the graph deleted, the server and its cached plans kept), the copy loaded online, then
    the delta by stage and query, then the baseline."""
    from bench._common import wipe
    from bench.ingest.stages import empty_database
    from ownergraph.graph.load.loader import Loader
    from ownergraph.graph.load.pipeline import ingest_paths
    from ownergraph.graph.store.connection import close_all, connect
    from ownergraph.graph.store.stats import graph_stats

    close_all()
    if restart:
        empty_database(settings)
    graph = connect(settings)
    if not restart:
        graph = wipe(graph)
    # the baseline's indexes, made once: a schema change empties the server's plan cache
    graph.write(q("delta_baseline_node_index"))
    graph.write(q("delta_baseline_entity_index"))
    graph.write(q("delta_baseline_await"))
    loaders: list[Loader] = []

    def factory(g: Any, keys: Any) -> Loader:
        loaders.append(Loader(g, keys, defer_actions=True, background=True, one_statement=mode == "one_statement"))
        return loaders[-1]

    pid = server_pid(settings.neo4j_port)
    t0, c0 = time.perf_counter(), server_cpu(pid)
    first = ingest_paths(graph, base, loader_factory=factory)
    base_load = {"records": first.totals, "seconds": round(time.perf_counter() - t0, 2),
                 "server_cpu_seconds": round(server_cpu(pid) - c0, 2)}
    gc.collect()
    with Stages(pid) as st, QueryTimes(graph) as qt:
        summary = ingest_paths(graph, delta_files, loader_factory=factory)
    counts = loaders[-1].counts
    stats = graph_stats(graph)
    base_line = baseline(graph, delta_files)
    ours = st.stages["total"]["seconds"]
    writes = sum(v["seconds"] for v in qt.by_query.values())
    return {"base_load": base_load, "delta_records": summary.totals, "stages": st.stages,
            "queries": dict(sorted(qt.by_query.items(), key=lambda kv: -kv[1]["seconds"])),
            "loader_query_seconds": round(writes, 3),
            "loader_query_calls": sum(int(v["calls"]) for v in qt.by_query.values()),
            "one_statement_versions": counts.one_statement, "rechained": counts.rechained,
            "fingerprint": stats["fingerprint"], "baseline_unwind_merge": base_line,
            "statements_per_s": round(base_line["statements"] / ours, 1) if ours else 0.0,
            "ratio_to_baseline": round(base_line["seconds"] / ours, 3) if ours else None,
            "ratio_loader_queries_to_baseline": round(base_line["seconds"] / writes, 3) if writes else None,
            "server_pid_seen": pid is not None}


def main(argv: list[str] | None = None) -> int:
    from bench.ingest.stages import golden_settings

    ap = argparse.ArgumentParser(prog="python -m bench.ingest.gleif_delta")
    ap.add_argument("--gleif-scale", type=float, default=0.01)
    ap.add_argument("--delta-scale", type=float, help="the delta at GLEIF's published size times this "
                    "(default: --gleif-scale)")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--reuse", action="store_true", help="reuse the copy and delta in --out")
    ap.add_argument("--modes", default="general,one_statement")
    ap.add_argument("--rounds", type=int, default=2, help="rounds of all modes; the server restarts only before "
                    "the first, so later rounds run with the query plans of earlier ones cached, as a server "
                    "that applied yesterday's delta has them (default 2)")
    ap.add_argument("--name", help="results file name (default delta-gleif-<scale>)")
    args = ap.parse_args(argv)
    scale, dscale = args.gleif_scale, args.delta_scale or args.gleif_scale
    out = args.out or Path(f"/tmp/ownergraph-gleif-delta-{scale}-{dscale}-{args.seed}")
    base, delta_files, manifest = copy_and_delta(out, scale, dscale, args.seed, args.reuse)
    settings = golden_settings()
    report: dict[str, Any] = {"gleif_scale": scale, "delta_scale": dscale, "seed": args.seed,
                              "copy": manifest["copy"], "delta": manifest["delta"]["counts"]}
    modes = [m for m in args.modes.split(",") if m]
    runs = []
    for rnd in range(args.rounds):
        for mode in modes:
            name = f"{mode}_round{rnd + 1}"
            report[name] = run_mode(settings, mode, base, delta_files, restart=rnd == 0 and mode == modes[0])
            runs.append(name)
            print(json.dumps({name: {k: report[name][k] for k in (
                "ratio_to_baseline", "ratio_loader_queries_to_baseline", "loader_query_calls",
                "one_statement_versions")}}), file=sys.stderr)
    report["same_fingerprint"] = len({report[r]["fingerprint"] for r in runs}) == 1
    from ownergraph.graph.store.connection import connect

    graph = connect(settings)
    graph.write(q("delta_baseline_drop_indexes_node"))
    graph.write(q("delta_baseline_drop_indexes_entity"))
    try:
        report["load_avg"] = round(float(Path("/proc/loadavg").read_text().split()[0]), 2)
    except OSError:
        pass
    path = write_report(args.name or f"delta-gleif-{scale}", report)
    print(json.dumps({r: {k: report[r][k] for k in ("statements_per_s", "ratio_to_baseline",
                                                    "ratio_loader_queries_to_baseline")} for r in runs}
                     | {"same_fingerprint": report.get("same_fingerprint"), "results": str(path)}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
