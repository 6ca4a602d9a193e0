"""Benchmark: 8 concurrent askers on ONE client (``Ownergraph``) against one asker, same questions.

    python -m bench.retrieval.concurrency --entities 2000 --edges 4000 --chunks 300 [--askers 8] [--json]

The graph, disclosures and questions are ``bench.retrieval.ask``'s (owners / stake / contagion /
exposure / parents, anchors by name or LEI). Every question is first asked once by one thread:
its answer (``Answer.as_dict()`` without timings, or the error's type and message) is the
reference, and the embedding cache and Neo4j's plans are warm for both modes alike. Then rounds
alternate: a *single* round (one thread asks every question in order) and a *concurrent*
round (``--askers`` threads share the one client; each asks every question, asker i starting at
question i·n/askers so they are on different questions at any moment). Alternating rounds means
both modes see the same background load: on a shared machine only the ratio of the two, measured
in one run, means anything. Reported: p50/p99 of each mode, their ratios (target: p99 ratio
<= 3), throughput (asks/s) and the speed-up it implies, errors (any exception that is not an
``OwnergraphError`` is a traceback) and answers that differ from the reference.

Little's law bounds the ratio: n askers kept busy see latency n / (speed-up) times one asker's,
so the p99 target needs a speed-up of ~2.7 from the client's threads and the server together.
Exit status: non-zero when an answer differs, an asker fails with a traceback, or (with
``--require-ratio``) the p99 ratio misses its target.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from bench._common import peak_rss_mb, percentiles, write_report
from bench.analytics import _bulk
from bench.analytics.__main__ import PORT, analytics_settings, log, prepare_graph, run_on_server
from ownergraph.graph.store.connection import connect
from ownergraph.domain.errors import OwnergraphError
from ownergraph.retrieval.api import Ownergraph

TARGET_P99_RATIO = 3.0


def signature(og: Ownergraph, text: str) -> tuple[str, float, bool]:
    """(what the asker got, as comparable text; milliseconds; whether it was a traceback)."""
    t0 = time.perf_counter()
    try:
        answer = og.ask(text, as_of=_bulk.AS_OF)
    except OwnergraphError as err:  # EntityNotFound etc.: an answer of its own
        return f"{type(err).__name__}: {err}", (time.perf_counter() - t0) * 1000, False
    except Exception as err:  # noqa: BLE001 - counted: a traceback under concurrency is the defect
        return f"TRACEBACK {type(err).__name__}: {err}", (time.perf_counter() - t0) * 1000, True
    ms = (time.perf_counter() - t0) * 1000
    d = answer.as_dict()
    d.pop("timings_ms", None)
    return json.dumps(d, sort_keys=True, default=str), ms, False


class Tally:
    """Latencies per mode, differing answers and tracebacks (thread-safe)."""

    def __init__(self, reference: dict[str, str]) -> None:
        self.reference = reference
        self.ms: dict[str, list[float]] = {"single": [], "concurrent": []}
        self.wall: dict[str, float] = {"single": 0.0, "concurrent": 0.0}
        self.differ: list[dict[str, str]] = []
        self.tracebacks: list[str] = []
        self._lock = threading.Lock()

    def ask(self, og: Ownergraph, mode: str, text: str) -> None:
        got, ms, traceback = signature(og, text)
        with self._lock:
            self.ms[mode].append(ms)
            if traceback:
                self.tracebacks.append(f"{mode}: {text}: {got[:200]}")
            elif got != self.reference[text]:
                self.differ.append({"mode": mode, "question": text, "got": got[:300],
                                    "reference": self.reference[text][:300]})


def single_round(og: Ownergraph, texts: list[str], tally: Tally) -> None:
    t0 = time.perf_counter()
    for text in texts:
        tally.ask(og, "single", text)
    tally.wall["single"] += time.perf_counter() - t0


def concurrent_round(og: Ownergraph, texts: list[str], tally: Tally, askers: int) -> None:
    n = len(texts)
    start = threading.Barrier(askers)

    def asker(i: int) -> None:
        start.wait()  # all askers begin together
        offset = i * n // askers
        for text in texts[offset:] + texts[:offset]:
            tally.ask(og, "concurrent", text)

    t0 = time.perf_counter()
    with ThreadPoolExecutor(askers, thread_name_prefix="asker") as pool:
        for f in [pool.submit(asker, i) for i in range(askers)]:
            f.result()
    tally.wall["concurrent"] += time.perf_counter() - t0


def measure(og: Ownergraph, texts: list[str], *, askers: int, rounds: int, single_repeats: int) -> dict[str, Any]:
    """Reference pass, then ``rounds`` × (single round(s), concurrent round); the figures."""
    reference: dict[str, str] = {}
    tracebacks = []
    for text in texts:
        got, _, traceback = signature(og, text)
        reference[text] = got
        if traceback:
            tracebacks.append(f"reference: {text}: {got[:200]}")
    tally = Tally(reference)
    tally.tracebacks += tracebacks
    for r in range(rounds):
        for _ in range(single_repeats):  # one asker's samples ~ the concurrent round's count
            single_round(og, texts, tally)
        concurrent_round(og, texts, tally, askers)
        log(f"round {r + 1}/{rounds}: {len(tally.ms['single'])} single, {len(tally.ms['concurrent'])} "
            f"concurrent asks; {len(tally.differ)} differing, {len(tally.tracebacks)} tracebacks")
    single, conc = percentiles(tally.ms["single"]), percentiles(tally.ms["concurrent"])
    rate = {m: len(tally.ms[m]) / tally.wall[m] if tally.wall[m] else None for m in tally.ms}
    p99_ratio = round(conc["p99"] / single["p99"], 2) if single["p99"] else None
    return {
        "askers": askers, "questions": len(texts), "rounds": rounds,
        "errors_in_reference": sum(1 for v in reference.values() if not v.startswith("{")),
        "single_ms": single, "concurrent_ms": conc,
        "p99_ratio": p99_ratio,
        "p50_ratio": round(conc["p50"] / single["p50"], 2) if single["p50"] else None,
        "asks_per_s": {m: round(v, 1) if v else None for m, v in rate.items()},
        "speedup": round(rate["concurrent"] / rate["single"], 2) if rate["single"] and rate["concurrent"] else None,
        "differing_answers": len(tally.differ), "differing_examples": tally.differ[:3],
        "tracebacks": len(tally.tracebacks), "traceback_examples": tally.tracebacks[:5],
        "target_p99_ratio": TARGET_P99_RATIO,
        "p99_ratio_met": p99_ratio is not None and p99_ratio <= TARGET_P99_RATIO,
    }


def run(args: argparse.Namespace) -> dict[str, Any]:
    from bench.retrieval.ask import build_index, chunks_for, questions, text_retriever, write_documents

    graph = connect(analytics_settings(args.port))
    world, ginfo = prepare_graph(graph, args.entities, args.edges, args.seed)
    report: dict[str, Any] = {"bench": "ownergraph.retrieval.concurrency",
                              "graph": {k: ginfo[k] for k in ("entities", "edges")},
                              "cpus": os.cpu_count(), "loadavg_start": os.getloadavg()}
    text = None
    tmp = tempfile.TemporaryDirectory(prefix="og-conc-")
    if args.chunks:
        chunks = chunks_for(world, args.chunks, args.seed)
        write_documents(graph, chunks)
        index, info = build_index(chunks, Path(tmp.name))
        report["disclosures"] = {k: info[k] for k in ("chunks", "backend", "index")}
        text = text_retriever(graph, index, Path(tmp.name))
    og = Ownergraph(graph, text=text)  # ONE client shared by every asker
    for q in questions(world, args.warmup, args.seed + 1000):  # plans, JIT: a disjoint set
        signature(og, q["text"])
    texts = [q["text"] for q in questions(world, args.questions, args.seed)]
    repeats = args.single_repeats or max(1, args.askers // 2)
    report.update(measure(og, texts, askers=args.askers, rounds=args.rounds, single_repeats=repeats))
    report["single_repeats_per_round"] = repeats
    report["loadavg_end"] = os.getloadavg()
    report["peak_rss_mb"] = round(peak_rss_mb(), 1)
    tmp.cleanup()
    return report


def summary(r: dict[str, Any]) -> str:
    s, c = r["single_ms"], r["concurrent_ms"]
    return "\n".join([
        f"{r['askers']} askers on one client, {r['questions']} questions x {r['rounds']} rounds "
        f"({r['cpus']} CPUs, load {r['loadavg_start'][0]:.1f} -> {r['loadavg_end'][0]:.1f})",
        f"{'mode':<11}{'n':>6}{'p50 ms':>10}{'p99 ms':>10}{'asks/s':>9}",
        f"{'single':<11}{s['n']:>6}{s['p50']:>10.1f}{s['p99']:>10.1f}{r['asks_per_s']['single'] or 0:>9.1f}",
        f"{'concurrent':<11}{c['n']:>6}{c['p50']:>10.1f}{c['p99']:>10.1f}{r['asks_per_s']['concurrent'] or 0:>9.1f}",
        f"p99 ratio {r['p99_ratio']} (target <= {r['target_p99_ratio']}: "
        f"{'met' if r['p99_ratio_met'] else 'MISSED'}), p50 ratio {r['p50_ratio']}, speed-up {r['speedup']}",
        f"differing answers {r['differing_answers']}, tracebacks {r['tracebacks']}",
    ])


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.retrieval.concurrency", description=__doc__.split("\n")[0])
    p.add_argument("--entities", type=int, default=20_000)
    p.add_argument("--edges", type=int, default=None, help="default: 2 x entities")
    p.add_argument("--chunks", type=int, default=2000)
    p.add_argument("--questions", type=int, default=40)
    p.add_argument("--askers", type=int, default=8)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--single-repeats", type=int, default=None,
                   help="single rounds per concurrent round (default askers/2)")
    p.add_argument("--warmup", type=int, default=10)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--port", type=int, default=PORT)
    p.add_argument("--require-ratio", action="store_true", help="exit 1 when the p99 ratio misses its target")
    p.add_argument("--stop", action="store_true", help="stop the bench server at the end")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    args.edges = args.edges or 2 * args.entities
    report = run_on_server(run, args)
    path = write_report(f"concurrency-{args.entities}-{args.askers}", report)
    print(json.dumps(report, indent=2, default=str) if args.json else f"{summary(report)}\nwrote {path}")
    failed = report["differing_answers"] or report["tracebacks"]
    return 1 if failed or (args.require_ratio and not report["p99_ratio_met"]) else 0


if __name__ == "__main__":
    sys.exit(main())
