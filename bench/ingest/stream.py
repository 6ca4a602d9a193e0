"""bench/ingest, streaming bulk path: ``ownergraph ingest --bulk`` before and after, same inputs, same run.

    python -m bench.ingest.stream --before TREE --name NAME INPUTS... [--port 7841]

Each run is the CLI as a user runs it (``ownergraph ingest --bulk --json --no-index``), in a
fresh process with a fresh ownergraph home (an empty managed server), first with the source
tree ``--before`` (the code before the change, e.g. ``git archive <commit>`` unpacked), then
with this tree. Per run: wall seconds, the CLI process's peak RSS (sampled every 0.1 s with
psutil: the Python process only, not the importer or the server), its CPU seconds and the
record counts; for the tree that reports them, the loader's stages (``load_stages``).
Results to ``bench/results/ingest-stream-NAME.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psutil

from bench._common import write_report

HERE = Path(__file__).resolve().parents[2]


def _run(tree: Path, inputs: list[Path], port: int, home: Path, max_rss_mb: float) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(tree), "OWNERGRAPH_HOME": str(home),
           "OWNERGRAPH_NEO4J_PORT": str(port), "OWNERGRAPH_RESOLVER_SNAPSHOTS": "0"}
    env.pop("NEO4J_URI", None)
    cmd = [sys.executable, "-m", "ownergraph", "ingest", "--bulk", "--json", "--no-index", *map(str, inputs)]
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=tree, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    ps, peak, cpu, stopped = psutil.Process(proc.pid), 0, 0.0, None
    while proc.poll() is None:
        try:
            peak = max(peak, ps.memory_info().rss)
            t = ps.cpu_times()
            cpu = t.user + t.system
        except psutil.Error:
            pass
        if peak > max_rss_mb * 2**20 and stopped is None:  # the machine is shared: never past this
            stopped = f"stopped at {peak / 2**20:.0f} MB RSS after {time.monotonic() - t0:.0f} s"
            proc.kill()
        time.sleep(0.1)
    out, err = proc.communicate()
    wall = time.monotonic() - t0
    try:
        result = json.loads(out)
    except json.JSONDecodeError:
        result = {"error": (out + err)[-2000:]}
    subprocess.run([sys.executable, "-m", "ownergraph", "neo4j", "stop"], cwd=tree, env=env, capture_output=True)
    return {"seconds": round(wall, 1), "peak_python_rss_mb": round(peak / 2**20, 1), "python_cpu_seconds": round(cpu, 1),
            "exit": proc.returncode, "records": result.get("totals"), "load_stages": result.get("load_stages"),
            "error": result.get("error"), "stopped": stopped}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.ingest.stream")
    ap.add_argument("inputs", nargs="+", type=Path)
    ap.add_argument("--before", type=Path, required=True, help="source tree of the code before")
    ap.add_argument("--name", required=True)
    ap.add_argument("--port", type=int, default=7841)
    ap.add_argument("--only", choices=("before", "after"))
    ap.add_argument("--max-rss-mb", type=float, default=3500, help="stop a run whose Python RSS passes this")
    args = ap.parse_args(argv)
    report: dict[str, Any] = {"inputs": [str(p) for p in args.inputs],
                              "input_bytes": sum(p.stat().st_size for p in args.inputs if p.is_file())}
    for label, tree in (("before", args.before), ("after", HERE)):
        if args.only and label != args.only:
            continue
        home = Path(tempfile.mkdtemp(prefix=f"og-stream-{label}-"))
        try:
            report[label] = _run(tree.resolve(), [p.resolve() for p in args.inputs], args.port, home, args.max_rss_mb)
        finally:
            shutil.rmtree(home, ignore_errors=True)
        print(label, json.dumps({k: v for k, v in report[label].items() if k != "load_stages"}), flush=True)
    if "before" in report and "after" in report and not report["before"]["stopped"]:
        b, a = report["before"], report["after"]
        report["ratio_seconds_after_to_before"] = round(a["seconds"] / b["seconds"], 3)
        report["ratio_peak_rss_after_to_before"] = round(a["peak_python_rss_mb"] / b["peak_python_rss_mb"], 3)
    print(write_report(f"ingest-stream-{args.name}", report, HERE / "bench" / "results"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
