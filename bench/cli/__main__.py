"""bench/cli: how long the command line takes to start, and where a call's time goes.

    python -m bench.cli [--runs 5] [--no-ingest] [--no-ask] [--json]

Against the server the CLI itself uses (``NEO4J_URI``, else the local one), warm: the examples
(examples/real and examples/bundle) are ingested first (idempotent) unless ``--no-ingest``.
Measured, each as the median of ``--runs`` fresh processes: wall and CPU time of
``ownergraph --help``, ``owners`` and ``parents`` (plain text and --json) and ``ask``; the query
alone on a warm connection, so "start-up beyond the query" = wall - query; and, in one fresh
process, the stages of a call: importing the CLI, importing the analytics, connecting, the query,
rendering; for ``ask``: importing retrieval, ``connect()``, the first and a second ``ask`` in the
same process (what the client keeps). The machine's load shows in wall times; CPU times less so.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench._common import write_report

ROOT = Path(__file__).resolve().parents[2]
ENTITY = "Harbourline Shipping Limited"
AS_OF = "2024-06-30"
QUESTION = f"Who is hit if {ENTITY} defaults?"
CLI = [sys.executable, "-m", "ownergraph"]

_STAGES = r'''
import json, sys, time
t = time.perf_counter(); marks = {}
def mark(name):
    global t
    now = time.perf_counter(); marks[name] = round((now - t) * 1000, 1); t = now
import ownergraph.cli; mark("import_cli")
if sys.argv[1] == "ask":
    from ownergraph.retrieval.api import connect; mark("import_retrieval")
    client = connect(); mark("connect")
    a = client.ask(sys.argv[2], as_of=sys.argv[3]); mark("first_ask")
    marks["first_ask_stages"] = {k: round(v, 1) for k, v in a.timings.items()}
    client.ask(sys.argv[2], as_of=sys.argv[3]); mark("second_ask")
else:
    from ownergraph.graph.analytics.api import Analytics; mark("import_analytics")
    from ownergraph.graph.store.connection import connect
    graph = connect(); mark("connect")
    from ownergraph.cli import views as _views
    a = Analytics(graph)
    if sys.argv[1] == "owners":
        res = a.ownership.owners(sys.argv[2], as_of=sys.argv[3]); mark("query")
        lines = _views.owners(res)
    else:
        res = a.structure.parents(sys.argv[2], as_of=sys.argv[3]); mark("query")
        lines = _views.parents(res)
    mark("render")
print(json.dumps(marks))
'''


def _child_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(cmd: list[str], runs: int) -> dict[str, float]:
    """Median wall and CPU seconds of ``cmd`` over ``runs`` fresh processes."""
    walls, cpus = [], []
    for _ in range(runs):
        c0, t0 = _child_cpu(), time.perf_counter()
        done = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
        walls.append(time.perf_counter() - t0)
        cpus.append(_child_cpu() - c0)
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(cmd)} failed ({done.returncode}): {done.stderr.strip()[-500:]}")
    return {"wall_s": round(statistics.median(walls), 3), "wall_min_s": round(min(walls), 3),
            "cpu_s": round(statistics.median(cpus), 3)}


def query_ms(runs: int) -> dict[str, float]:
    """The queries alone, on a warm connection in this process."""
    from ownergraph.graph.analytics.api import Analytics
    from ownergraph.graph.store.connection import connect

    a = Analytics(connect())
    out = {}
    for name, call in (("owners", lambda: a.ownership.owners(ENTITY, as_of=AS_OF)),
                       ("parents", lambda: a.structure.parents(ENTITY, as_of=AS_OF))):
        call()
        samples = []
        for _ in range(runs):
            t0 = time.perf_counter()
            call()
            samples.append((time.perf_counter() - t0) * 1000)
        out[name] = round(statistics.median(samples), 1)
    return out


def stages(kind: str, *args: str) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-c", _STAGES, kind, *args], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.cli", description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--no-ingest", action="store_true")
    p.add_argument("--no-ask", action="store_true")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    if not args.no_ingest:
        subprocess.run([*CLI, "ingest", "examples/real", "examples/bundle", "--json"], cwd=ROOT, check=True,
                       capture_output=True)
    env_cols = {"COLUMNS": "80"}
    os.environ.update(env_cols)
    report: dict[str, Any] = {"runs": args.runs, "cores": os.cpu_count(),
                              "load_1min": round(os.getloadavg()[0], 2), "commands": {}}
    cmds = {"--help": ["--help"],
            "owners": ["owners", ENTITY, "--as-of", AS_OF], "owners --json": ["owners", ENTITY, "--as-of", AS_OF, "--json"],
            "parents": ["parents", ENTITY, "--as-of", AS_OF]}
    if not args.no_ask:
        cmds["ask"] = ["ask", QUESTION, "--as-of", AS_OF]
    for name, rest in cmds.items():
        report["commands"][name] = timed([*CLI, *rest], args.runs)
    report["query_ms"] = query_ms(args.runs)
    for name in ("owners", "parents"):
        wall = report["commands"][name]["wall_s"]
        report["commands"][name]["beyond_query_s"] = round(wall - report["query_ms"][name] / 1000, 3)
    report["stages_ms"] = {"owners": stages("owners", ENTITY, AS_OF), "parents": stages("parents", ENTITY, AS_OF)}
    if not args.no_ask:
        report["stages_ms"]["ask"] = stages("ask", QUESTION, AS_OF)
    path = write_report("cli", report)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(f"ownergraph CLI start-up ({args.runs} runs each, median; {report['cores']} cores, "
              f"load {report['load_1min']})")
        print(f"  {'command':<16}{'wall s':>8}{'min s':>8}{'cpu s':>8}{'beyond query s':>16}")
        for name, r in report["commands"].items():
            beyond = f"{r['beyond_query_s']:.2f}" if "beyond_query_s" in r else ""
            print(f"  {name:<16}{r['wall_s']:>8.2f}{r['wall_min_s']:>8.2f}{r['cpu_s']:>8.2f}{beyond:>16}")
        print(f"  query alone (warm): owners {report['query_ms']['owners']} ms, parents {report['query_ms']['parents']} ms")
        for name, marks in report["stages_ms"].items():
            flat = ", ".join(f"{k} {v}" for k, v in marks.items() if not isinstance(v, dict))
            print(f"  stages of {name} (ms): {flat}")
            if isinstance(marks.get("first_ask_stages"), dict):
                print("    first ask: " + ", ".join(f"{k} {v}" for k, v in marks["first_ask_stages"].items()))
        print(f"report: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
