"""``python -m bench.ingest --gleif-scale F --measure``: a generated golden copy through
``ownergraph ingest --bulk``, stage by stage, against Neo4j's importer alone on the same parts.

The load runs as a user runs it: the CLI in its own process, on a server of its own home and port
(``OWNERGRAPH_BENCH_HOME``, default ``<cache>/bench-home-golden``; ``OWNERGRAPH_BENCH_NEO4J_PORT``,
default 7730), its database emptied first. Measured from outside (``tree_sampler``): wall and CPU
of the whole process tree (the CLI and the importer it starts; the server it restarts is reported
apart), its peak RSS, and the stage boundaries a user can see: the first import part written,
the importer's start and end, the exit. Stage timings the loader reports in its ``--json``
output (``load_stages``, or a ``stages`` or ``timings`` key) are kept as they are. Then, in this
process, the readers alone on the same files: ``parse`` (XML to GLEIF dicts) and
``read_validate`` (the full readers: mapping and pydantic records);
``resolve_stage_chains_actions`` is the load's first stage less those. Last,
the importer alone on the parts the load wrote (hard-linked as the importer started).

Results: ``bench/results/gleif-ingest-<scale>[-umbrella-N].json`` and the per-stage table in
``docs/benchmarks/ingest.md`` (between its ``gleif-stages`` markers).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

from bench._common import write_report
from bench.ingest.tree_sampler import TreeSampler
from ownergraph.domain.settings import Settings, load_settings
from ownergraph.graph.load.bulk.files import ImportFiles
from ownergraph.graph.load.bulk.importer import importer_memory, run_importer
from ownergraph.graph.store.server import LocalNeo4j

DOC = Path("docs") / "benchmarks" / "ingest.md"
BEGIN, END = "<!-- gleif-stages:begin -->", "<!-- gleif-stages:end -->"


def golden_settings() -> Settings:
    base = load_settings({k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")})
    home = Path(os.environ.get("OWNERGRAPH_BENCH_HOME") or base.cache / "bench-home-golden")
    return Settings(home=home, cache=base.cache, neo4j_port=int(os.environ.get("OWNERGRAPH_BENCH_NEO4J_PORT", "7730")),
                    neo4j_heap=os.environ.get("OWNERGRAPH_NEO4J_HEAP", "1g"),
                    neo4j_pagecache=os.environ.get("OWNERGRAPH_NEO4J_PAGECACHE", "1g"))


def empty_database(settings: Settings) -> None:
    """Stop the server, delete its database and start it again, empty: the next load is a first
    load (bulk), into a running server as a user has it."""
    local = LocalNeo4j(settings)
    if local.status().running:
        local.stop()
    data = local.root / "data"
    for part in (data / "databases" / settings.neo4j_database, data / "transactions" / settings.neo4j_database):
        shutil.rmtree(part, ignore_errors=True)
    shutil.rmtree(settings.home / "bulk", ignore_errors=True)
    local.start()


def inputs(copy: Path, fmt: str, zipped: bool, work: Path) -> tuple[list[Path], float]:
    """The copy's files of ``fmt``: the zips themselves (``zipped``) or their documents, unzipped
    into ``work`` (streamed; not part of the load's time)."""
    zips = sorted(copy.glob(f"*-golden-copy.{fmt}.zip"))
    if zipped:
        return zips, 0.0
    t0 = time.perf_counter()
    work.mkdir(parents=True, exist_ok=True)
    out = []
    for z in zips:
        with zipfile.ZipFile(z) as zf:
            name = zf.namelist()[0]
            with zf.open(name) as src, open(work / name, "wb") as dst:
                shutil.copyfileobj(src, dst, 1 << 20)
        out.append(work / name)
    return out, time.perf_counter() - t0


def run_cli(settings: Settings, files: list[Path], keep: Path, limit_mb: float | None = None) -> dict[str, Any]:
    """``ownergraph ingest --bulk --json --no-index FILES`` in a child process, watched."""
    env = {**os.environ, "OWNERGRAPH_HOME": str(settings.home), "OWNERGRAPH_NEO4J_PORT": str(settings.neo4j_port),
           "OWNERGRAPH_NEO4J_HEAP": settings.neo4j_heap, "OWNERGRAPH_NEO4J_PAGECACHE": settings.neo4j_pagecache}
    cmd = [sys.executable, "-m", "ownergraph", "ingest", "--bulk", "--json", "--no-index", *map(str, files)]
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=err, text=True)
        with TreeSampler(proc.pid, settings.home / "bulk", keep, limit_mb=limit_mb) as s:
            # wait4: the CLI's own CPU and its waited children's (the importer), exactly; not the
            # server it restarts (still running when the CLI exits)
            _, status, usage = os.wait4(proc.pid, 0)
            proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    cpu = usage.ru_utime + usage.ru_stime
    try:
        summary = json.loads(stdout)
    except json.JSONDecodeError:
        summary = {"unparsed_stdout": stdout[-2000:]}
    if s.stopped_at_mb:
        return {"stopped": f"the process tree passed {limit_mb} MB RSS ({s.stopped_at_mb} MB) and was killed",
                "marks": s.marks, "peak_tree_rss_mb": round(s.peak_tree_mb, 1)}
    if proc.returncode:
        raise RuntimeError(f"ownergraph ingest --bulk failed (exit {proc.returncode}): {stderr[-3000:]}")
    return {"summary": summary, "marks": s.marks, "cpu_seconds": round(cpu, 2), "peak_tree_rss_mb": round(s.peak_tree_mb, 1),
            "peak_python_rss_mb": round(s.peak_python_mb, 1), "peak_importer_rss_mb": round(s.peak_importer_mb, 1),
            "peak_server_rss_mb": round(s.peak_server_mb, 1), "importer_cpu_seconds": round(s.importer_cpu, 2),
            "load_average_mean": round(sum(s.load) / len(s.load), 2) if s.load else None}


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def readers_alone(files: list[Path]) -> dict[str, Any]:
    """The readers alone on the load's files, in this process: XML parsing to GLEIF dicts, then
    the full readers (mapping, validation into records)."""
    from ownergraph.ingest.formats import detect
    from ownergraph.ingest.readers.gleif.golden import element_obj
    from ownergraph.ingest.readers.xml_stream import iterparse

    out: dict[str, Any] = {}
    t0, c0, n = time.perf_counter(), _cpu(), 0
    for path in files:
        if path.suffix == ".xml":
            for _, el in iterparse(path, ["{*}LEIRecord", "{*}RelationshipRecord", "{*}Exception"]):
                element_obj(el)
                n += 1
                el.clear()
                while el.getprevious() is not None:
                    del el.getparent()[0]
    out["parse"] = {"seconds": round(time.perf_counter() - t0, 2), "cpu_seconds": round(_cpu() - c0, 2), "records": n}
    t0, c0, n = time.perf_counter(), _cpu(), 0
    for path in files:
        for _ in detect(path).read(path):
            n += 1
    out["read_validate"] = {"seconds": round(time.perf_counter() - t0, 2), "cpu_seconds": round(_cpu() - c0, 2),
                            "records": n}
    return out


def importer_alone(settings: Settings, parts: Path) -> dict[str, Any]:
    """Neo4j's importer on the parts the load wrote (server stopped, and left stopped)."""
    local = LocalNeo4j(settings)
    files = ImportFiles.found_in(parts)
    if local.status().running:
        local.stop()
    wall, cpu, peak = run_importer(local, files, settings.neo4j_database)
    lines = {p.name: sum(1 for _ in open(p, "rb")) - 1 for p in sorted(parts.glob("*.csv"))}
    return {"seconds": round(wall, 2), "cpu_seconds": round(cpu, 2), "peak_rss_mb": round(peak, 1),
            "memory": dict(zip(("heap", "off_heap"), importer_memory())),
            "node_rows": sum(v for k, v in lines.items() if k.startswith("nodes-")),
            "relationship_rows": sum(v for k, v in lines.items() if k.startswith("rels-")),
            "part_bytes": sum(p.stat().st_size for p in parts.glob("*.csv"))}


class _env:
    """These environment variables set for the block, then as they were."""

    def __init__(self, **values: str) -> None:
        self.values, self.old = values, {k: os.environ.get(k) for k in values}

    def __enter__(self) -> None:
        os.environ.update(self.values)

    def __exit__(self, *_: object) -> None:
        for k, v in self.old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def _span(marks: dict[str, dict[str, float]], a: str | None, b: str) -> dict[str, float] | None:
    start = marks.get(a) if a else {"seconds": 0.0, "tree_cpu_seconds": 0.0}
    end = marks.get(b)
    if not start or not end:
        return None
    return {"seconds": round(end["seconds"] - start["seconds"], 2),
            "cpu_seconds": round(end["tree_cpu_seconds"] - start["tree_cpu_seconds"], 2)}


def stage_table(run: dict[str, Any], alone: dict[str, Any]) -> dict[str, Any]:
    """The stages: measured from outside, and split with the readers-alone pass."""
    m = run["marks"]
    first = _span(m, None, "parts_started")
    stages: dict[str, Any] = {
        "read_validate_resolve_stage": first,
        "write_parts": _span(m, "parts_started", "import_started"),
        "import": _span(m, "import_started", "import_ended"),
        "restart_schema_state": _span(m, "import_ended", "exited"),
        # wait4's CPU: the CLI and its waited children (the importer), not the staging workers, which
        # the forkserver starts; the tree's CPU as sampled at the exit counts them
        "total": {"seconds": m["exited"]["seconds"], "cpu_seconds": run["cpu_seconds"],
                  "tree_cpu_seconds": m["exited"].get("tree_cpu_seconds")},
    }
    if first:
        rv = alone["read_validate"]
        stages["of_which"] = {"parse": alone["parse"], "read_validate": rv,
                              "resolve_stage_chains_actions": {
                                  "seconds": round(first["seconds"] - rv["seconds"], 2),
                                  "cpu_seconds": round(first["cpu_seconds"] - rv["cpu_seconds"], 2),
                                  "note": "derived: the first stage less the readers alone"}}
    return stages


def _manifest(copy: Path) -> dict[str, Any]:
    return json.loads((copy / "manifest.json").read_text()) if (copy / "manifest.json").exists() else {}


def result_name(args: argparse.Namespace) -> str:
    name = f"gleif-ingest-{args.gleif_scale:g}"
    if args.umbrella_size:
        name += f"-umbrella-{args.umbrella_size}"
    if getattr(args, "result_tag", ""):
        name += f"-{args.result_tag}"
    return name


def measure_copy(copy: Path, args: argparse.Namespace) -> dict[str, Any]:
    """Load ``copy`` with the CLI, stage by stage; the importer alone on its parts; results and docs."""
    settings = golden_settings()
    fmt = getattr(args, "ingest_format", "xml")
    with tempfile.TemporaryDirectory(prefix="gleif-stages-") as tmp:
        files, unzip_s = inputs(copy, fmt, getattr(args, "zipped", False), Path(tmp) / "files")
        empty_database(settings)
        load0 = os.getloadavg()
        run = run_cli(settings, files, Path(tmp) / "parts", getattr(args, "rss_limit_mb", None))
        if "stopped" in run:
            report = {"scale": args.gleif_scale, "generated": _manifest(copy).get("gleif"), "load": run}
            write_report(result_name(args) + "-stopped", report)
            return report
        alone = readers_alone(files)
        importer = importer_alone(settings, Path(tmp) / "parts") if any((Path(tmp) / "parts").glob("*.csv")) else {}
        probe = getattr(args, "importer_probe", None)
        if importer and probe:
            heap, off_heap = probe.split(":")
            with _env(OWNERGRAPH_IMPORT_HEAP=heap, OWNERGRAPH_IMPORT_OFF_HEAP=off_heap):
                importer["probe"] = importer_alone(settings, Path(tmp) / "parts")
    manifest = _manifest(copy)
    stages = stage_table(run, alone)
    total = stages["total"]["seconds"]
    report = {
        "scale": args.gleif_scale, "format": fmt, "zipped_input": bool(getattr(args, "zipped", False)),
        "generated": manifest.get("gleif"), "records": run["summary"].get("totals"),
        "unzip_seconds": round(unzip_s, 2), "stages": stages,
        "loader_reported": {k: run["summary"][k] for k in ("load_stages", "stages", "timings", "bulk")
                            if k in run["summary"]},
        "peak_rss_mb": {"process_tree": run["peak_tree_rss_mb"], "python": run["peak_python_rss_mb"],
                        "importer": run["peak_importer_rss_mb"], "server": run["peak_server_rss_mb"]},
        "importer_in_load_cpu_seconds": run["importer_cpu_seconds"], "importer_alone": importer,
        "ratio_importer_alone_to_total": round(importer["seconds"] / total, 3) if importer and total else None,
        "conditions": {"cpus": os.cpu_count(), "load_average_at_start": [round(x, 2) for x in load0],
                       "load_average_mean_during_load": run["load_average_mean"],
                       "load_average_at_end": [round(x, 2) for x in os.getloadavg()],
                       "neo4j_heap": settings.neo4j_heap, "neo4j_pagecache": settings.neo4j_pagecache},
    }
    write_report(result_name(args), report)
    if not os.environ.get("OWNERGRAPH_BENCH_RESULTS"):  # recorded results only (not CI's small runs)
        update_doc()
    return report


def _row(name: str, r: dict[str, Any]) -> list[str]:
    s = r["stages"]
    of = s.get("of_which", {})

    def cell(st: dict[str, Any] | None) -> str:
        return f"{st['seconds']:,} ({st['cpu_seconds']:,})" if st else "—"

    alone = r.get("importer_alone") or {}
    return [name, f"{(r.get('records') or {}).get('read', 0):,}", cell(of.get("parse")), cell(of.get("read_validate")),
            cell(of.get("resolve_stage_chains_actions")), cell(s.get("write_parts")), cell(s.get("import")),
            cell(s.get("restart_schema_state")), cell(s.get("total")), f"{r['peak_rss_mb']['process_tree']:,}",
            f"{r['peak_rss_mb']['python']:,}" if "python" in r["peak_rss_mb"] else "—",
            cell({"seconds": alone["seconds"], "cpu_seconds": alone["cpu_seconds"]}) if alone else "—",
            str(r["conditions"]["load_average_mean_during_load"])]


def update_doc(results: Path = Path("bench") / "results", doc: Path = DOC) -> None:
    """The per-stage table of every ``gleif-ingest-*.json``, between the page's markers."""
    head = ["run", "records", "parse", "read + validate", "resolve, stage, chains, actions", "write parts",
            "import", "restart, schema, state", "total", "peak RSS MB (tree)", "peak RSS MB (Python)", "importer alone",
            "load avg"]
    reports = [(p.stem, json.loads(p.read_text())) for p in sorted(results.glob("gleif-ingest-*.json"))]
    # a load stopped before its end (``-stopped``) has no stage table: its page section says so
    rows = [_row(name, r) for name, r in reports if "stages" in r]
    table = "\n".join(["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
                      + ["| " + " | ".join(r) + " |" for r in rows])
    text = doc.read_text()
    if BEGIN in text and END in text:
        text = text[:text.index(BEGIN) + len(BEGIN)] + "\n" + table + "\n" + text[text.index(END):]
        doc.write_text(text)
