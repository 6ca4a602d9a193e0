"""Benchmark: the analytics and ``ask`` on a loaded GLEIF golden copy (issue 33's done-when).

    python -m bench.ingest.answers [--questions 100] [--seed 7] [--json]

Runs against the benchmarks' golden server (``OWNERGRAPH_BENCH_HOME``,
``OWNERGRAPH_BENCH_NEO4J_PORT``: where ``python -m bench.ingest --gleif-scale F --measure``
left the copy it loaded). Times, each warmed once on other anchors first:

- ``stats`` (the graph's counts), once;
- the largest group: ``children`` of the parent with the most accounting children (its count
  against the count read straight from the graph), and ``owners``/``parents`` of its children;
- ``owners``, ``parents`` and ``children`` of random entities with a parent;
- N questions in words through ``Ownergraph.ask`` (no LLM) over random anchors, by name:
  owners, ultimate parent, subsidiaries, names and identifiers, reporting exceptions.

Reported: p50/p99 per call and per question kind, how many questions were answered with facts,
how many gave no answer or an error (named), and the anchors; and how each question was read
(``ask_reading``: its subject resolved to the anchor it was written for, ambiguous with the
anchor among the candidates, another entity, no entity, or no kind), every miss listed
(``ask_misses``). Figures go to
``bench/results/gleif-answers-<scale>[-tag].json``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from bench._common import peak_rss_mb, percentiles, write_report
from bench.cypher import q
from bench.ingest.stages import golden_settings
from ownergraph.domain.errors import EntityNotFound, OwnergraphError
from ownergraph.domain.vocabulary import UNKNOWN
from ownergraph.graph.store.connection import Graph, connect
from ownergraph.graph.store.stats import graph_stats
from ownergraph.retrieval.api import Ownergraph

# question kind -> wordings ({name}: an entity's name as the graph has it)
TEMPLATES: dict[str, tuple[str, ...]] = {
    "owners": ("Who owns {name}?", "Who are the shareholders of {name}?"),
    "parents": ("Who is the ultimate parent of {name}?", "Which group does {name} belong to?"),
    "children": ("Which subsidiaries does {name} consolidate?", "What are the subsidiaries of {name}?"),
    "names": ("What other names has {name} used?", "What is the LEI of {name}?"),
    "exceptions": ("Does {name} report its parents, or why not?",),
}


def _timed(fn: Callable[[], Any]) -> tuple[float, Any, str | None]:
    t0 = time.perf_counter()
    try:
        out, err = fn(), None
    except OwnergraphError as e:  # an answer of its own (not found, ambiguous): still timed
        out, err = None, type(e).__name__
    return (time.perf_counter() - t0) * 1000, out, err


def _sample(graph: Graph, query: str, n: int, rng: random.Random, span: int) -> list[dict[str, Any]]:
    """``n`` rows from pages at random offsets below ``span``."""
    rows: list[dict[str, Any]] = []
    for _ in range(max(1, n // 5)):  # twice the pages needed: some rows have no name
        rows += graph.read(q(query), skip=rng.randrange(max(1, span - 10)), limit=10)
    rng.shuffle(rows)
    return [r for r in rows if r.get("name")][:n]


def _reading(og: Ownergraph, text: str, key: str) -> dict[str, Any]:
    """Whether the question was read as being about the anchor it was written for (not timed):
    ``found`` (its subject resolves to that entity), ``ambiguous`` (the mention names several,
    the anchor among the candidates or not), ``wrong entity``, ``not found`` (no entity), or
    ``not understood`` (no kind, or no mention)."""
    q = og.read(text)
    mentions = [m.text for m in q.anchors if m.role != "portfolio"]
    if q.pattern == UNKNOWN or not mentions:
        return {"outcome": "not understood", "pattern": q.pattern, "mentions": mentions}
    try:
        got = og.analytics.lookup.entity(mentions[0]).key
    except EntityNotFound as e:
        named = any(key in c for c in e.candidates)
        return {"outcome": ("ambiguous, anchor among the candidates" if named else "ambiguous") if e.ambiguous
                else "not found", "pattern": q.pattern, "mentions": mentions, "candidates": e.candidates[:5]}
    return {"outcome": "found" if got == key else "wrong entity", "pattern": q.pattern, "mentions": mentions,
            "resolved": got}


def _questions(og: Ownergraph, asked: list[tuple[str, str]], anchors: list[dict[str, Any]]) -> dict[str, Any]:
    """The questions asked and timed, each answer's outcome and reading, the misses listed."""
    samples: list[float] = []
    by_kind: dict[str, list[float]] = defaultdict(list)
    outcome: dict[str, int] = defaultdict(int)
    reading: dict[str, int] = defaultdict(int)
    examples: list[dict[str, Any]] = []
    misses: list[dict[str, Any]] = []
    for (kind, text), a in zip(asked, anchors):
        ms, ans, err = _timed(lambda text=text: og.ask(text))
        samples.append(ms)
        by_kind[kind].append(ms)
        status = err or ("not answered" if not ans.answered else
                         "answered with graph facts" if ans.evidence is not None and ans.evidence.found
                         else "answered, nothing found")
        outcome[status] += 1
        read = _reading(og, text, a["key"])
        reading[read["outcome"]] += 1
        if read["outcome"] != "found":
            misses.append({"question": text, "kind": kind, "key": a["key"], "status": status, **read})
        if len(examples) < 8:
            examples.append({"question": text, "ms": round(ms, 1), "status": status,
                             "answer": (getattr(ans, "text", "") or "")[:300] if ans is not None else None})
    return {"ask_ms": percentiles(samples), "ask_by_kind_ms": {k: percentiles(v) for k, v in by_kind.items()},
            "ask_outcomes": dict(outcome), "ask_reading": dict(reading), "ask_misses": misses, "examples": examples}


def run(args: argparse.Namespace) -> dict[str, Any]:
    settings = golden_settings()
    graph = connect(settings)
    og = Ownergraph(graph)
    rng = random.Random(args.seed)
    report: dict[str, Any] = {"bench": "bench.ingest.answers", "scale": args.scale, "seed": args.seed}
    ms, stats, err = _timed(lambda: graph_stats(graph))
    nodes = graph.read(q("count_nodes"))[0]["n"]
    report["graph"] = {"nodes": nodes, "stats_ms": round(ms, 1), "stats_error": err,
                       "entities": (stats or {}).get("nodes", {}).get("Entity")}
    groups = graph.read(q("golden_groups"), limit=2)
    if not groups:
        raise SystemExit("no CONSOLIDATED_BY edges: load a golden copy first (python -m bench.ingest --gleif-scale F --measure)")
    big = groups[0]
    og.analytics.structure.children(groups[-1]["key"])  # warm the plan on another group
    ms, kids, err = _timed(lambda: og.analytics.structure.children(big["key"]))
    counted = len({c["source"] for lv in (kids.direct, kids.ultimate) for c in lv.children}) if kids else None
    report["largest_group"] = {"parent": big["name"], "key": big["key"], "children_in_graph": big["children"],
                               "children_answered": counted, "children_ms": round(ms, 1), "error": err}
    counts = graph.read(q("golden_counts"))[0]
    report["graph"].update(counts)
    anchors = _sample(graph, "golden_children_sample", args.anchors, rng, counts["consolidations"] // 2)
    calls: dict[str, list[float]] = defaultdict(list)
    errors: dict[str, int] = defaultdict(int)
    for i, a in enumerate(anchors):
        for name, call in (("owners", og.analytics.ownership.owners), ("parents", og.analytics.structure.parents),
                           ("children", og.analytics.structure.children)):
            ms, _, err = _timed(lambda call=call: call(a["key"]))
            if i:  # the first anchor warms the plans
                calls[name].append(ms)
            if err:
                errors[f"{name}: {err}"] += 1
    report["analytics_ms"] = {k: percentiles(v) for k, v in calls.items()}
    qanchors = _sample(graph, "golden_entity_sample", args.questions + 10, rng, counts["entities"]) + anchors
    kinds = sorted(TEMPLATES)
    asked = [(kinds[i % len(kinds)], rng.choice(TEMPLATES[kinds[i % len(kinds)]]).format(name=a["name"]))
             for i, a in enumerate(qanchors[:args.questions + 5])]
    for _, text in asked[:5]:  # warm-up, not timed
        _timed(lambda text=text: og.ask(text))
    report.update(_questions(og, asked[5:], qanchors[5:]))
    report["analytics_errors"] = dict(errors)
    report["peak_rss_mb"] = round(peak_rss_mb(), 1)
    return report


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.ingest.answers", description=__doc__.split("\n")[0])
    p.add_argument("--scale", type=float, required=True, help="the loaded copy's scale (names the result file)")
    p.add_argument("--questions", type=int, default=100)
    p.add_argument("--anchors", type=int, default=30, help="entities for the analytics' own timings")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--tag", default="")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    report = run(args)
    write_report(f"gleif-answers-{args.scale:g}" + (f"-{args.tag}" if args.tag else ""), report)
    print(json.dumps(report, indent=2, default=str) if args.json else
          f"ask p50 {report['ask_ms']['p50']} ms, p99 {report['ask_ms']['p99']} ms; {report['ask_outcomes']}; "
          f"read as {report['ask_reading']}; "
          f"largest group {report['largest_group']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
