"""Benchmark: one MCP client against 8 concurrent clients, on the same server, for the
single-process server (``--workers 0``, the baseline) and the worker pool, in one run.

    python -m bench.mcp --entities 2000 [--clients 8] [--per-tool 4] [--rounds 3] [--workers N] [--json]

The graph is ``bench.analytics``'s synthetic one. The tool mix is owners, stake, path, exposure
and ask (a question in words), ``--per-tool`` calls each, on fixed clocks. Two HTTP servers
(``ownergraph mcp --http``: baseline and pool) and, with ``--stdio``, two stdio servers run side
by side; every client is a process of its own (``bench/mcp/client.py``) holding one session to
each. Rounds alternate, per server: one client makes every call (``--single-repeats`` times),
then ``--clients`` clients make every call each, starting together, client i at call i·n/clients;
over stdio, one connection with 1 and then ``--clients`` calls in flight. Alternating means
every mode sees the same background load: on a shared machine only ratios measured in one run
mean anything.

Reported per server, transport and mode: p50/p99 overall and per tool, the p99 ratio (target:
pool over HTTP, 8 clients / 1 client <= 3), calls/s; from the pool's ``_meta``, the stages:
queue wait, worker (of which Neo4j reads), transfer (pipe and (de)serialisation); CPU per call
of the server processes, Neo4j and the clients, and the machine's busy share (the load the
figures were taken under). Every answer is checked against a reference (the baseline's,
asked one at a time): differing answers fail the run.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import socket
import subprocess
import sys
import time
from collections import defaultdict
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import psutil

from bench._common import percentiles, write_report
from bench.analytics import _bulk
from bench.analytics.__main__ import PORT, analytics_settings, log, prepare_graph, run_on_server
from bench.mcp import client
from bench.retrieval.ask import questions
from ownergraph.graph.store.connection import connect
from ownergraph.graph.store.server import LocalNeo4j

TARGET_P99_RATIO = 3.0
TOOLS = ("owners", "stake", "path", "exposure", "ask")
TOKEN = "bench-mcp-token"
ROOT = Path(__file__).resolve().parents[2]
CLOCK = {"as_of": _bulk.AS_OF.isoformat(), "known_at": _bulk.AS_OF.isoformat()}


def workload(world: _bulk.World, per_tool: int, seed: int) -> list[client.Call]:
    """``per_tool`` calls of each tool, interleaved; entities by name or LEI as ``ask`` says them."""
    rnd = random.Random(seed)
    owned = [(s, t) for s, t, tag in world.edges["OWNS"] if tag < 3]
    by_target = defaultdict(list)
    for s, t in owned:
        by_target[t].append(s)
    chains = [(a, t) for s, t in owned for a in by_target.get(s, ())]  # a owns s owns t: two hops
    held = {i for _, i, _ in world.holdings}
    holders = sorted({s for s, t, tag in world.edges["OWNS"] if tag == 0 and t in held})
    asked = [q["text"] for q in questions(world, per_tool, seed)]
    key = world.keys.__getitem__
    per: dict[str, list[dict[str, Any]]] = {
        "owners": [{"entity": key(rnd.choice(owned)[1])} for _ in range(per_tool)],
        "stake": [dict(zip(("a", "b"), map(key, rnd.choice(owned)))) for _ in range(per_tool)],
        "path": [dict(zip(("a", "b"), map(key, rnd.choice(chains or owned)))) for _ in range(per_tool)],
        "exposure": [{"entity": key(rnd.choice(holders))} for _ in range(per_tool)],
        "ask": [{"question": q} for q in asked],
    }
    return [(tool, per[tool][i] | CLOCK) for i in range(per_tool) for tool in TOOLS]


def server_env(settings: Any, home: Path) -> dict[str, str]:
    """What an MCP client would give the server: the graph's address, no LLM, no embedding model."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NEO4J_", "OPENAI_", "OWNERGRAPH_MCP_"))}
    if settings.neo4j_uri:
        uri, user, password = settings.neo4j_uri, settings.neo4j_user, settings.neo4j_password or ""
    else:
        local = LocalNeo4j(settings)
        uri, (user, password) = local.uri, local.credentials()
    env.update(NEO4J_URI=uri, NEO4J_USER=user, NEO4J_PASSWORD=password, NEO4J_DATABASE=settings.neo4j_database,
               OWNERGRAPH_EMBEDDING_MODEL="none", OWNERGRAPH_HOME=str(home), PYTHONPATH=str(ROOT))
    return env


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def launch_http(stack: ExitStack, env: dict[str, str], workers: int) -> tuple[str, psutil.Process]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "ownergraph", "mcp", "--http", "--port", str(port),
                             "--workers", str(workers)], env={**env, "OWNERGRAPH_MCP_TOKEN": TOKEN}, cwd=str(ROOT))
    stack.callback(lambda: (proc.terminate(), proc.wait(30)))
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the MCP server (--workers {workers}) exited with {proc.returncode}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return f"http://127.0.0.1:{port}/mcp", psutil.Process(proc.pid)
        time.sleep(0.2)
    raise SystemExit("the MCP server did not start listening")


class Clients:
    """Client processes (spawned), each with one session per server spec."""

    def __init__(self, stack: ExitStack, n: int, specs: dict[str, dict[str, Any]]) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.conns, self.procs = [], []
        for i in range(n):
            mine, theirs = ctx.Pipe()
            proc = ctx.Process(target=client.main, args=(theirs, specs), name=f"bench-mcp-client-{i}")
            proc.start()
            self.conns.append(mine)
            self.procs.append(proc)
        stack.callback(self.stop)
        for c in self.conns:
            if c.recv() != "open":
                raise SystemExit("a benchmark client could not open its sessions")

    def run(self, name: str, calls: list[client.Call], clients: int, tasks: int = 1) -> tuple[list[Any], float]:
        """``clients`` clients make every call on session ``name``, starting together."""
        offsets = [i * len(calls) // clients for i in range(clients)]
        for c, off in zip(self.conns, offsets):
            c.send(("run", name, calls[off:] + calls[:off], tasks))
        for c in self.conns[:clients]:
            c.recv()  # "ready"
        for c in self.conns[:clients]:
            c.send("go")
        samples, cpu_ms = [], 0.0
        for c in self.conns[:clients]:
            got, ms = c.recv()
            samples += got
            cpu_ms += ms
        return samples, cpu_ms

    def stop(self) -> None:
        for c, p in zip(self.conns, self.procs):
            try:
                c.send(None)
            except OSError:
                pass
            p.join(30)
            if p.is_alive():
                p.kill()


def tree(proc: psutil.Process) -> list[psutil.Process]:
    try:
        return [proc, *proc.children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


def cpu_s(procs: list[psutil.Process]) -> float:
    total = 0.0
    for p in procs:
        try:
            t = p.cpu_times()
            total += t.user + t.system
        except psutil.NoSuchProcess:
            pass
    return total


def neo4j_process(bolt_port: int) -> psutil.Process | None:
    for conn in psutil.net_connections(kind="tcp"):
        if conn.laddr and conn.laddr.port == bolt_port and conn.status == psutil.CONN_LISTEN and conn.pid:
            return psutil.Process(conn.pid)
    return None


class Phase:
    """One server × transport × mode: its samples, wall time and CPU seconds per process group."""

    def __init__(self) -> None:
        self.samples: list[client.Sample] = []
        self.wall_s = 0.0
        self.cpu_s: dict[str, float] = defaultdict(float)
        self.busy: list[float] = []  # the machine's busy share during each run of the phase


def timed_phase(phase: Phase, groups: dict[str, list[psutil.Process]], run: Any) -> None:
    """``run()`` (-> samples, the clients' CPU ms), metering wall, CPU per group and the machine."""
    before = {g: cpu_s(ps) for g, ps in groups.items()}
    machine0, t0 = psutil.cpu_times(), time.perf_counter()
    samples, client_cpu_ms = run()
    wall, machine1 = time.perf_counter() - t0, psutil.cpu_times()
    phase.samples += samples
    phase.wall_s += wall
    for g, ps in groups.items():
        phase.cpu_s[g] += cpu_s(ps) - before[g]
    phase.cpu_s["clients"] += client_cpu_ms / 1000
    idle = (machine1.idle + machine1.iowait) - (machine0.idle + machine0.iowait)
    total = sum(machine1) - sum(machine0)
    phase.busy.append(1 - idle / total if total else 0.0)


def stages(samples: list[client.Sample]) -> dict[str, dict[str, float]] | None:
    timed = [s[2] for s in samples if s[2]]
    if not timed:
        return None
    out = {k: percentiles([t[k] for t in timed]) for k in ("queue", "worker", "graph", "transfer")}
    # what the client waited that no server stage accounts for: protocol, the server's event loop
    out["outside"] = percentiles([s[1] - sum(s[2][k] for k in ("queue", "worker", "transfer"))
                                  for s in samples if s[2]])
    return out


def phase_report(p: Phase, reference: dict[tuple[str, str], str]) -> dict[str, Any]:
    n = len(p.samples)
    by_tool: dict[str, list[float]] = defaultdict(list)
    for s in p.samples:
        by_tool[s[0]].append(s[1])
    differing = sum(1 for s in p.samples if reference.get((s[0], s[5])) != s[4])
    cpu_per_call = {g: round(v * 1000 / n, 2) for g, v in p.cpu_s.items()} if n else {}
    return {"calls": n, "ms": percentiles([s[1] for s in p.samples]),
            "per_tool_ms": {t: percentiles(v) for t, v in sorted(by_tool.items())},
            "stages_ms": stages(p.samples), "calls_per_s": round(n / p.wall_s, 2) if p.wall_s else None,
            "cpu_ms_per_call": cpu_per_call, "machine_busy": round(sum(p.busy) / len(p.busy), 3) if p.busy else None,
            "errors": sum(1 for s in p.samples if s[3]), "differing_answers": differing}


def ratios(single: dict[str, Any], many: dict[str, Any]) -> dict[str, Any]:
    def r(a: float, b: float) -> float | None:
        return round(b / a, 2) if a else None
    return {"p99_ratio": r(single["ms"]["p99"], many["ms"]["p99"]),
            "p50_ratio": r(single["ms"]["p50"], many["ms"]["p50"]),
            "p99_ratio_per_tool": {t: r(v["p99"], many["per_tool_ms"][t]["p99"])
                                   for t, v in single["per_tool_ms"].items() if t in many["per_tool_ms"]},
            "speedup": r(single["calls_per_s"] or 0, many["calls_per_s"] or 0)}


def stdio_tree(stdio_client: Any, workers: int) -> list[psutil.Process]:
    """The stdio server a client process started with ``--workers N``, and its workers."""
    for p in psutil.Process(stdio_client.pid).children():
        if p.cmdline()[-2:] == ["--workers", str(workers)]:
            return tree(p)
    return []


def one_round(args: argparse.Namespace, calls: list[client.Call], servers: dict[str, Any], http: Clients,
              stdio: Clients | None, phases: dict[tuple[str, str, str], Phase], neo: list[psutil.Process]) -> None:
    """Per server: one client (``single_repeats`` times), then ``clients`` at once; HTTP, then stdio."""
    many = str(args.clients)
    for name, (workers, proc) in servers.items():
        groups = {"server": tree(proc), "neo4j": neo}
        for _ in range(args.single_repeats):
            timed_phase(phases["http", name, "1"], groups, lambda: http.run(name, calls, 1))
        timed_phase(phases["http", name, many], groups, lambda: http.run(name, calls, args.clients))
        if stdio is None:
            continue
        groups = {"server": stdio_tree(stdio.procs[0], workers), "neo4j": neo}
        for _ in range(args.single_repeats):
            timed_phase(phases["stdio", name, "1"], groups, lambda: stdio.run(name, calls, 1))
        timed_phase(phases["stdio", name, many], groups, lambda: stdio.run(name, calls, 1, tasks=args.clients))


def measure(args: argparse.Namespace, env: dict[str, str], calls: list[client.Call],
            neo: list[psutil.Process]) -> dict[str, Any]:
    workers = args.workers or os.cpu_count() or 1
    with ExitStack() as stack:
        url0, proc0 = launch_http(stack, env, 0)
        url1, proc1 = launch_http(stack, env, workers)
        servers = {"baseline": (0, proc0), "pool": (workers, proc1)}
        urls = {"baseline": url0, "pool": url1}
        http = Clients(stack, args.clients, {n: {"transport": "http", "url": u, "token": TOKEN} for n, u in urls.items()})
        stdio = Clients(stack, 1, {n: {"transport": "stdio", "args": ["--workers", str(w)], "env": env, "cwd": str(ROOT)}
                                   for n, (w, _) in servers.items()}) if args.stdio else None
        log(f"servers up: baseline (--workers 0) and pool (--workers {workers}); warming up")
        for name in servers:  # plans, imports, every worker's connection: not measured
            http.run(name, calls, 2)
            if stdio:
                stdio.run(name, calls, 1, tasks=2)
        reference = {(s[0], s[5]): s[4] for s in http.run("baseline", calls, 1)[0]}
        phases: dict[tuple[str, str, str], Phase] = defaultdict(Phase)
        for r in range(args.rounds):
            one_round(args, calls, servers, http, stdio, phases, neo)
            log(f"round {r + 1}/{args.rounds} done")
    out: dict[str, Any] = {"workers": workers}
    for (transport, name, mode), phase in sorted(phases.items()):
        out.setdefault(transport, {}).setdefault(name, {})[mode] = phase_report(phase, reference)
    for transport in ("http", "stdio"):
        for name, modes in out.get(transport, {}).items():
            modes["ratios"] = ratios(modes["1"], modes[str(args.clients)])
    return out


def run(args: argparse.Namespace) -> dict[str, Any]:
    import tempfile

    settings = analytics_settings(args.port)
    graph = connect(settings)
    world, ginfo = prepare_graph(graph, args.entities, args.edges, args.seed)
    calls = workload(world, args.per_tool, args.seed)
    env = server_env(settings, Path(tempfile.mkdtemp(prefix="og-bench-mcp-")))
    neo = neo4j_process(int(env["NEO4J_URI"].rsplit(":", 1)[-1].strip("/")))
    report: dict[str, Any] = {
        "bench": "ownergraph.mcp", "graph": {k: ginfo[k] for k in ("entities", "edges")},
        "cpus": os.cpu_count(), "loadavg_start": os.getloadavg(), "clients": args.clients,
        "calls_per_client": len(calls), "tools": list(TOOLS), "rounds": args.rounds,
        "single_repeats": args.single_repeats, "neo4j_metered": neo is not None}
    report.update(measure(args, env, calls, [neo] if neo else []))
    report["loadavg_end"] = os.getloadavg()
    pool = report["http"]["pool"]["ratios"]["p99_ratio"]
    report["target_p99_ratio"] = TARGET_P99_RATIO
    report["p99_ratio_met"] = pool is not None and pool <= TARGET_P99_RATIO
    report["differing_answers"] = sum(m["differing_answers"] for t in ("http", "stdio") for s in report.get(t, {}).values()
                                      for k, m in s.items() if k != "ratios")
    return report


def _row(label: str, m: dict[str, Any]) -> str:
    st = m.get("stages_ms") or {}
    stage = "  ".join(f"{k} {st[k]['p50']:.1f}/{st[k]['p99']:.1f}" for k in ("queue", "worker", "graph") if k in st)
    return (f"{label:<22}{m['calls']:>6}{m['ms']['p50']:>9.1f}{m['ms']['p99']:>9.1f}{m['calls_per_s'] or 0:>8.1f}"
            f"{m['machine_busy'] or 0:>6.2f}  {stage}")


def summary(r: dict[str, Any]) -> str:
    lines = [f"{r['clients']} clients vs 1, {r['calls_per_client']} calls each ({', '.join(r['tools'])}) x "
             f"{r['rounds']} rounds; {r['cpus']} CPUs, load {r['loadavg_start'][0]:.1f} -> {r['loadavg_end'][0]:.1f}",
             f"{'server/mode':<22}{'n':>6}{'p50 ms':>9}{'p99 ms':>9}{'calls/s':>8}{'busy':>6}  stages p50/p99 ms"]
    for transport in ("http", "stdio"):
        for name, modes in r.get(transport, {}).items():
            for mode in ("1", str(r["clients"])):
                lines.append(_row(f"{transport} {name} x{mode}", modes[mode]))
            q = modes["ratios"]
            lines.append(f"  p99 ratio {q['p99_ratio']} (per tool {q['p99_ratio_per_tool']}), "
                         f"p50 ratio {q['p50_ratio']}, speed-up {q['speedup']}")
    lines.append(f"pool over HTTP: p99 ratio {r['http']['pool']['ratios']['p99_ratio']} (target <= "
                 f"{r['target_p99_ratio']}: {'met' if r['p99_ratio_met'] else 'MISSED'}); "
                 f"differing answers {r['differing_answers']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.mcp", description=__doc__.split("\n")[0])
    p.add_argument("--entities", type=int, default=2000)
    p.add_argument("--edges", type=int, default=None, help="default: 2 x entities")
    p.add_argument("--clients", type=int, default=8)
    p.add_argument("--per-tool", type=int, default=4, help="calls of each tool per client and round")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--single-repeats", type=int, default=4, help="one-client passes per round")
    p.add_argument("--workers", type=int, default=None, help="the pool's size (default: one per core)")
    p.add_argument("--stdio", action=argparse.BooleanOptionalAction, default=True,
                   help="also measure one stdio connection with 1 and --clients calls in flight")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--port", type=int, default=PORT)
    p.add_argument("--name", default=None, help="report name (default mcp-ENTITIES-CLIENTS)")
    p.add_argument("--require-ratio", action="store_true", help="exit 1 when the pool's p99 ratio misses its target")
    p.add_argument("--stop", action="store_true", help="stop the bench server at the end")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    args.edges = args.edges or 2 * args.entities
    report = run_on_server(run, args)
    path = write_report(args.name or f"mcp-{args.entities}-{args.clients}", report)
    print(json.dumps(report, indent=2, default=str) if args.json else f"{summary(report)}\nwrote {path}")
    return 1 if report["differing_answers"] or (args.require_ratio and not report["p99_ratio_met"]) else 0


if __name__ == "__main__":
    sys.exit(main())
