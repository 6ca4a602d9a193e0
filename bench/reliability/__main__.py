"""``python -m bench.reliability [--small] [--entities N]``: hostile inputs and faults, one table.

On a throw-away Neo4j of its own (port 7741, never a user's or the tests' server):

* **hostile inputs** — every reader fed each mutation of :mod:`bench.fuzz.mutations` (truncated,
  flipped bytes, invalid UTF-8, 10,000 levels of nesting, a value of the wrong type, duplicate
  keys, NaN / infinite / negative figures, undeclared XML entities) of the real samples; a
  *traceback* is an exception escaping a reader. One mutated file per reader and mutation is
  then ingested as a folder: a *silent loss* is a file missing from the summary, a file whose
  counts break read = loaded + merged + quarantined (a file cut short also has its
  not_read entry), or quarantined records missing
  from the quarantine file.
* **kill -9 of the ingest** at three points (a quarter, half and three quarters of a clean
  load's time), then the same command rerun: the graph's fingerprint must equal a clean load's.
* **Neo4j killed mid-ingest** (SIGKILL of the JVM): the ingest must end in one line, no
  traceback; after a restart the rerun must give the clean fingerprint.
* **concurrent ingest + ask** — four askers on one client while the same files are ingested
  again (idempotent): no traceback, every answer equal to the one before the ingest.

Writes ``bench/results/reliability[-small].json`` and ``.txt``; exit status 1 when any
traceback, silent loss, unequal fingerprint or differing answer was seen.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bench._common import write_report
from bench.cypher import QUERIES
from bench.fuzz.__main__ import all_samples
from bench.fuzz.harness import try_mutation
from bench.fuzz.mutations import MUTATIONS
from bench.reliability import _server as srv
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.graph.store.stats import graph_stats
from ownergraph.domain.errors import OwnergraphError
from ownergraph.retrieval.api import Ownergraph
from ownergraph.worldgen import generate_world

KILL_POINTS = (0.25, 0.5, 0.75)


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


# -- hostile inputs ------------------------------------------------------------------------------
def hostile(g: Graph, work: Path, cases: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    found = all_samples()
    tried, tracebacks = Counter(), Counter()
    examples: dict[str, str] = {}
    folders: dict[str, Path] = {}
    for fmt, paths in sorted(found.items()):
        for name, mutate in MUTATIONS.items():
            for i in range(cases):
                sample = rng.choice(paths)
                where = work / "hostile" / name / f"{fmt}-{i}"
                err = try_mutation(fmt, sample, mutate(sample.read_bytes(), rng.randint), where)
                tried[name] += 1
                if err is not None:
                    tracebacks[name] += 1
                    examples.setdefault(f"{fmt}/{name}", err.strip().splitlines()[-1])
            folders[name] = work / "hostile" / name
    losses: list[str] = []
    runs_failed: list[str] = []
    for name, folder in folders.items():  # every mutated file of one mutation, ingested as a folder
        qfile = work / f"quarantine-{name}.jsonl"
        given = sorted(str(p) for p in folder.rglob("*") if p.is_file())
        try:
            summary = ingest_paths(g, [folder], quarantine_path=qfile)
        except OwnergraphError as err:  # a clean error for the whole folder: one file stopped the rest
            runs_failed.append(f"{name}: {err}")
            continue
        except Exception as err:  # noqa: BLE001 - the benchmark counts what escapes
            tracebacks[name] += 1
            examples.setdefault(f"ingest/{name}", f"{type(err).__name__}: {err}")
            continue
        losses += _losses(name, given, summary, qfile)
    g.auto("wipe", batch=10000)
    return {"cases": sum(tried.values()), "tracebacks": sum(tracebacks.values()),
            "by_mutation": {m: {"cases": tried[m], "tracebacks": tracebacks[m]} for m in MUTATIONS},
            "ingested_folders": len(folders), "folder_runs_failed": runs_failed,
            "silent_losses": len(losses), "silent_loss_examples": losses[:5],
            "traceback_examples": dict(list(examples.items())[:5])}


def _losses(name: str, given: list[str], summary: Any, qfile: Path) -> list[str]:
    out = []
    seen = {f.path for f in summary.files}
    out += [f"{name}: {p} missing from the summary" for p in given if p not in seen]
    for f in summary.files:
        if f.problem:
            continue  # a per-file entry saying why it was not read: not silent
        # not_read is the file-level entry "the rest could not be read", not a record
        if f.read != f.loaded + f.merged + f.quarantined:
            out.append(f"{name}: {f.path}: read {f.read} != loaded {f.loaded} + merged {f.merged} + "
                       f"quarantined {f.quarantined} (not_read {f.not_read})")
    lines = len(qfile.read_text().splitlines()) if qfile.is_file() else 0
    if lines < summary.totals["quarantined"]:  # each quarantined record is written out, with its reason
        out.append(f"{name}: {summary.totals['quarantined']} quarantined but {lines} lines in {qfile.name}")
    return out


# -- faults ----------------------------------------------------------------------------------------
def _kill_at(proc: Any, g: Graph, size: float, limit_s: float) -> bool:
    """SIGKILL ``proc`` once the graph holds ``size`` nodes + relationships; False when it ended first."""
    t0 = time.monotonic()
    while proc.poll() is None and time.monotonic() - t0 < limit_s:
        if g.read(QUERIES.statement("count_graph"))[0]["n"] >= size:
            proc.send_signal(signal.SIGKILL)
            return True
        time.sleep(0.05)
    return False


def kill_ingest(env: dict[str, str], world: Path, clean: str, clean_s: float,
                clean_size: int) -> list[dict[str, Any]]:
    rows = []
    for point in KILL_POINTS:  # of the clean graph's nodes + relationships
        g = srv.graph(env)
        g.auto("wipe", batch=10000)
        proc = srv.popen(env, "ingest", str(world))
        killed = _kill_at(proc, g, point * clean_size, 3 * clean_s + 60)
        proc.communicate(timeout=120)
        nodes = g.read(QUERIES.statement("count_graph"))[0]["n"]
        rerun = srv.cli(env, "ingest", str(world))
        got = graph_stats(srv.graph(env))["fingerprint"]
        rows.append({"at": point, "killed": killed, "size_when_killed": nodes, "rerun_rc": rerun.returncode,
                     "rerun_traceback": srv.traceback_in(rerun.stderr), "fingerprint_equal": got == clean})
        log(f"kill -9 of the ingest at {point:.0%}: killed={killed}, {nodes} nodes; rerun equal: {got == clean}")
    return rows


class _Jvm:
    """The server's JVM as ``_kill_at`` sees a process: alive while the ingest runs."""

    def __init__(self, pid: int, ingest: Any) -> None:
        self.pid, self.ingest = pid, ingest

    def poll(self) -> int | None:
        return self.ingest.poll()

    def send_signal(self, sig: int) -> None:
        os.kill(self.pid, sig)


def kill_neo4j(env: dict[str, str], world: Path, clean: str, clean_s: float, pid: int,
               clean_size: int) -> dict[str, Any]:
    g = srv.graph(env)
    g.auto("wipe", batch=10000)
    proc = srv.popen(env, "ingest", str(world))
    killed = _kill_at(_Jvm(pid, proc), g, 0.5 * clean_size, 3 * clean_s + 60)
    if not killed:
        os.kill(pid, signal.SIGKILL)
    _, err = proc.communicate(timeout=180)
    new_pid = srv.start(env)
    rerun = srv.cli(env, "ingest", str(world))
    got = graph_stats(srv.graph(env))["fingerprint"]
    row = {"killed_mid_ingest": killed, "ingest_rc": proc.returncode, "one_line": srv.clean_exit(proc, err),
           "message": err.strip().splitlines()[-1][:160] if err.strip() else "",
           "ingest_traceback": srv.traceback_in(err), "rerun_rc": rerun.returncode,
           "rerun_traceback": srv.traceback_in(rerun.stderr), "fingerprint_equal": got == clean, "pid": new_pid}
    log(f"Neo4j killed mid-ingest: rc {proc.returncode}, one line {row['one_line']}; rerun equal {got == clean}")
    return row


def ingest_while_asking(env: dict[str, str], world: Path, clean: str, askers: int = 4) -> dict[str, Any]:
    g = srv.graph(env)
    og = Ownergraph(g)
    names = [r["name"] for r in g.read(QUERIES.statement("entity_names"), n=6)]
    texts = [t.format(n) for n in names for t in ("Who owns {}?", "Who is hit if {} defaults?")]
    reference = {t: _answer(og, t) for t in texts}
    proc = srv.popen(env, "ingest", str(world))
    asked, differ, tracebacks = Counter(), [], []
    lock = threading.Lock()

    def asker(i: int) -> None:
        k = i
        while proc.poll() is None:
            t = texts[k % len(texts)]
            k += 1
            got = _answer(og, t)
            with lock:
                asked["n"] += 1
                if got.startswith("TRACEBACK"):
                    tracebacks.append(got[:200])
                elif got != reference[t]:
                    differ.append({"question": t, "got": got[:200], "before": reference[t][:200]})

    threads = [threading.Thread(target=asker, args=(i,)) for i in range(askers)]
    for t in threads:
        t.start()
    _, err = proc.communicate(timeout=300)
    for t in threads:
        t.join()
    got = graph_stats(srv.graph(env))["fingerprint"]
    row = {"askers": askers, "asked": asked["n"], "ingest_rc": proc.returncode,
           "ingest_traceback": srv.traceback_in(err), "tracebacks": len(tracebacks),
           "differing_answers": len(differ), "differing_examples": differ[:3], "fingerprint_equal": got == clean}
    log(f"ingest + {askers} askers: {asked['n']} asks, {len(differ)} differing, {len(tracebacks)} tracebacks")
    return row


def _answer(og: Ownergraph, text: str) -> str:
    try:
        d = og.ask(text).as_dict()
    except OwnergraphError as err:
        return f"{type(err).__name__}: {err}"
    except Exception as err:  # noqa: BLE001 - counted
        return f"TRACEBACK {type(err).__name__}: {err}"
    d.pop("timings_ms", None)
    return json.dumps(d, sort_keys=True, default=str)


# -- the run ---------------------------------------------------------------------------------------
def run(args: argparse.Namespace) -> dict[str, Any]:
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="og-reliability-") as tmp:
        work = Path(tmp)
        env = srv.server_env(work / "home", args.port)
        pid = srv.start(env)
        try:
            g = srv.graph(env)
            log("hostile inputs")
            report: dict[str, Any] = {"hostile": hostile(g, work, args.cases, args.seed)}
            world = work / "world"
            generate_world(args.entities, args.seed, world)
            t1 = time.monotonic()
            first = srv.cli(env, "ingest", str(world))
            clean_s = time.monotonic() - t1
            if first.returncode != 0:
                raise RuntimeError(f"the clean ingest failed: {first.stderr[-500:]}")
            clean = graph_stats(srv.graph(env))
            report["world"] = {"entities": args.entities, "nodes": _total(clean["nodes"]),
                               "edges": _total(clean["edges"]),
                               "clean_ingest_s": round(clean_s, 1)}
            log(f"clean ingest of {args.entities} entities in {clean_s:.1f}s")
            size = report["world"]["nodes"] + report["world"]["edges"]
            t2 = time.monotonic()
            report["kill_ingest"] = kill_ingest(env, world, clean["fingerprint"], clean_s, size)
            report["kill_neo4j"] = kill_neo4j(env, world, clean["fingerprint"], clean_s, pid, size)
            t3 = time.monotonic()
            report["ingest_and_ask"] = ingest_while_asking(env, world, clean["fingerprint"])
            report["phase_s"] = {"hostile": round(t1 - t0, 1), "clean_ingest": round(t2 - t1, 1),
                                 "kills": round(t3 - t2, 1), "ingest_and_ask": round(time.monotonic() - t3, 1)}
        finally:
            srv.stop(env)
    report["seconds"] = round(time.monotonic() - t0, 1)
    report["failures"] = failures(report)
    return report


def _total(counts: Any) -> int:
    return sum(counts.values()) if isinstance(counts, dict) else int(counts)


def failures(r: dict[str, Any]) -> list[str]:
    out = []
    h = r["hostile"]
    if h["tracebacks"]:
        out.append(f"{h['tracebacks']} hostile inputs ended in a traceback")
    if h["silent_losses"]:
        out.append(f"{h['silent_losses']} silent losses")
    for row in r["kill_ingest"]:
        if not row["fingerprint_equal"] or row["rerun_rc"] != 0 or row["rerun_traceback"]:
            out.append(f"kill -9 of the ingest at {row['at']:.0%}: the rerun did not give the clean graph")
    k = r["kill_neo4j"]
    if k["ingest_traceback"] or not k["one_line"]:
        out.append("Neo4j killed mid-ingest: the ingest did not end in one line")
    if not k["fingerprint_equal"] or k["rerun_rc"] != 0:
        out.append("Neo4j killed mid-ingest: the rerun did not give the clean graph")
    a = r["ingest_and_ask"]
    if a["tracebacks"] or a["differing_answers"] or a["ingest_traceback"] or not a["fingerprint_equal"]:
        out.append("concurrent ingest + ask: a traceback, a differing answer or a changed graph")
    return out


def table(r: dict[str, Any]) -> str:
    h, k, a = r["hostile"], r["kill_neo4j"], r["ingest_and_ask"]
    yes = {True: "yes", False: "NO"}
    rows = [("hostile inputs tried", f"{h['cases']} ({len(h['by_mutation'])} mutations x every reader)"),
            ("tracebacks", str(h["tracebacks"])),
            ("silent losses", f"{h['silent_losses']} (of {h['ingested_folders']} mutated folders ingested)")]
    rows += [(f"kill -9 of the ingest at {row['at']:.0%}, rerun",
              f"fingerprint equal: {yes[row['fingerprint_equal']]} (killed: {yes[row['killed']]}, "
              f"{row['size_when_killed']} of {r['world']['nodes'] + r['world']['edges']} nodes+edges)") for row in r["kill_ingest"]]
    rows += [("Neo4j killed mid-ingest", f"one line: {yes[k['one_line']]}; rerun fingerprint equal: "
                                         f"{yes[k['fingerprint_equal']]}"),
             ("ingest + 4 askers", f"{a['asked']} asks, {a['tracebacks']} tracebacks, "
                                   f"{a['differing_answers']} differing; fingerprint equal: {yes[a['fingerprint_equal']]}")]
    width = max(len(x) for x, _ in rows)
    lines = [f"{x:<{width}}  {y}" for x, y in rows]
    lines.append(f"world {r['world']['entities']} entities ({r['world']['nodes']} nodes, {r['world']['edges']} edges), "
                 f"clean ingest {r['world']['clean_ingest_s']} s; whole run {r['seconds']} s")
    lines.append("FAILED: " + "; ".join(r["failures"]) if r["failures"] else "passed")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.reliability", description=__doc__.split("\n")[0])
    p.add_argument("--small", action="store_true", help="CI's size: 1 case per reader and mutation, 150 entities")
    p.add_argument("--cases", type=int, default=None, help="cases per reader and mutation (default 4; small 1)")
    p.add_argument("--entities", type=int, default=None, help="world size (default 600; small 150)")
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--port", type=int, default=srv.PORT)
    args = p.parse_args(argv)
    args.cases = args.cases or (1 if args.small else 4)
    args.entities = args.entities or (150 if args.small else 600)
    report = run(args)
    name = "reliability-small" if args.small else "reliability"
    path = write_report(name, report)
    text = table(report)
    path.with_suffix(".txt").write_text(text + "\n")
    print(f"{text}\nwrote {path}")
    return 1 if report["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
