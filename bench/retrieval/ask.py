"""Benchmark: ``Ownergraph(graph).ask(question)`` latency, no LLM, on the bulk-loaded analytics graph.

    python -m bench.retrieval.ask --entities 100000 --edges 200000 --chunks 50000 [--questions 100] [--json]

The graph is ``bench.analytics``'s (same generator, same server on port 7731; reused when it
is already loaded). M short disclosure chunks about the graph's relationships ("A holds 62.5%
of the issued share capital of B ...") are written as ``(:Document)-[:MENTIONS]->(:Entity)``
and indexed with ``retrieval.text.vectors.open_index(None, tmpdir, "disclosures", 384)`` and the
default MiniLM embedder (embedding time and rate reported). The text side handed to
``Ownergraph(graph, text=...)`` is the product's own :class:`retrieval.text.disclosures.DisclosureRetriever`
over that index (:func:`text_retriever`): embed the question, vector search filtered by the
answer's entity keys and ``filed_before=known_at``, split hits into sentences, ``compress()``
to budget. Only the indexing differs from ``DisclosureRetriever.sync``: each sentence is
embedded once and a chunk's vector is the mean of its sentences' (so ``--embed-limit`` can
repeat texts at index scale).

Questions mix owners / stake / contagion / exposure / parents with random anchors, named by
entity name or by LEI (reported separately: a name goes through the alias and name look-ups).
A disjoint warm-up set runs first (plans, JIT), so timed questions are never cache hits.
Targets: p50 <= 150 ms, p99 <= 500 ms.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from bench._common import peak_rss_mb, percentiles, write_report
from bench.analytics import _bulk
from bench.analytics.__main__ import PORT, analytics_settings, log, prepare_graph, run_on_server
from bench.cypher import QUERIES
from ownergraph.graph.store.connection import Graph, connect
from ownergraph.domain.vocabulary import CONTAGION, EXPOSURE, OWNERS, PARENTS, STAKE
from ownergraph.retrieval.api import Ownergraph
from ownergraph.domain.sentences import split_sentences

AS_OF = _bulk.AS_OF
PATTERNS = (OWNERS.name, STAKE.name, CONTAGION.name, EXPOSURE.name, PARENTS.name)

_TEMPLATES = {
    "OWNS": ["{a} holds {x} of the issued share capital of {b}.",
             "As disclosed in its annual report, {b} is a subsidiary of {a}, which owns {x} of its shares."],
    "LENDS_TO": ["{a} extended a {cur} {amt} million term loan to {b}.",
                 "{b} drew {cur} {amt} million under a revolving credit facility arranged by {a}."],
    "GUARANTEES": ["{a} has guaranteed the obligations of {b} under a {cur} {amt} million facility."],
    "CONSOLIDATED_BY": ["{a} is consolidated in the financial statements of {b} under IFRS."],
}
_FILLER = ["The company is incorporated with limited liability.",
           "Further details are set out in the notes to the accounts.",
           "This information is provided for the purposes of the transparency rules.",
           "Figures are unaudited and subject to change."]


# -- disclosures --------------------------------------------------------------------------------
def chunks_for(world: _bulk.World, m: int, seed: int = 7) -> list[dict[str, Any]]:
    """M short chunks, each about one relationship of the graph (so its two entities)."""
    rnd = random.Random(seed + 21)
    pool = [(t, s, d) for t in _TEMPLATES for (s, d, tag) in world.edges[t] if t != "OWNS" or tag < 3]
    out = []
    for i in range(m):
        rtype, s, d = pool[rnd.randrange(len(pool))]
        a, b = world.names[s], world.names[d]
        x = f"{rnd.choice((12.5, 25, 30, 51, 60, 75, 100))}%"
        text = rnd.choice(_TEMPLATES[rtype]).format(a=a, b=b, x=x, cur=rnd.choice(_bulk.CURRENCIES),
                                                     amt=rnd.randint(5, 900))
        text += " " + rnd.choice(_FILLER)
        filed = date(2012, 1, 1) + timedelta(days=rnd.randrange(4200))
        out.append({"document_id": f"bench-doc-{i}", "text": text, "filed_at": filed,
                    "form_type": rnd.choice(("10-K", "SC 13D", "20-F", "AR")),
                    "entity_keys": [world.keys[s], world.keys[d]]})
    return out


def write_documents(graph: Graph, chunks: list[dict[str, Any]], batch: int = 10000) -> float:
    graph.write(QUERIES.statement("documents_wipe"))
    t0 = time.perf_counter()
    create = QUERIES.statement("documents_create")
    rows = [{"p": {"document_id": c["document_id"], "text": c["text"], "form_type": c["form_type"],
                   "filed_at": c["filed_at"], "statement_id": c["document_id"]}, "m": c["entity_keys"]}
            for c in chunks]
    for i in range(0, len(rows), batch):
        graph.write(create, rows=rows[i:i + batch])
    return time.perf_counter() - t0


def build_index(chunks: list[dict[str, Any]], path: Path, batch: int = 64,
                embed_limit: int | None = None) -> tuple[Any, dict[str, Any]]:
    """Embed and index ``chunks``: every sentence is embedded once (the embedder's cache then
    holds it, as a disclosure index would: compression at question time reuses it) and a
    chunk's vector is the normalised mean of its sentences'. With ``embed_limit`` only the
    first that many chunks have their own text; each further chunk repeats the text (and so
    the vectors) of an earlier one under its own document id and entity keys: an index-scale
    stand-in, reported as ``repeated_texts``."""
    import numpy as np

    from ownergraph.retrieval.text.embedding import default_embedder
    from ownergraph.retrieval.text.vector_points import VectorPoint
    from ownergraph.retrieval.text.vectors import open_index

    emb = default_embedder()
    index = open_index(None, path, "disclosures", 384)
    limit = len(chunks) if embed_limit is None else min(embed_limit, len(chunks))
    for i in range(limit, len(chunks)):
        chunks[i]["text"] = chunks[i % limit]["text"]
    sents = [split_sentences(c["text"], c["document_id"]) for c in chunks]
    unique = list(dict.fromkeys(x.text for ss in sents[:limit] for x in ss))
    t0 = time.perf_counter()
    for i in range(0, len(unique), batch):
        emb.embed(unique[i:i + batch])
    embed_s = time.perf_counter() - t0
    t1 = time.perf_counter()
    points = []
    for c, ss in zip(chunks, sents):
        v = emb.embed([x.text for x in ss]).mean(axis=0)
        v = v / (np.linalg.norm(v) or 1.0)
        points.append(VectorPoint(chunk_id=c["document_id"] + "#0", vector=v, document_id=c["document_id"],
                                  text=c["text"], entity_keys=c["entity_keys"], form_type=c["form_type"],
                                  filed_at=c["filed_at"], sentences=[(x.start, x.end) for x in ss],
                                  extra={"first_sentence": 0}))
    index.upsert(points)
    index_s = time.perf_counter() - t1
    rate = len(unique) / embed_s if embed_s else None
    info = {"chunks": len(chunks), "distinct_chunk_texts": limit, "repeated_texts": len(chunks) - limit,
            "sentences_embedded": len(unique), "embed_s": round(embed_s, 1),
            "embed_sentences_per_s": round(rate, 1) if rate else None,
            "embed_all_estimate_s": round(len(chunks) * len(unique) / limit / rate, 1) if rate else None,
            "index_s": round(index_s, 1), "backend": emb.backend, "index": type(index).__name__,
            "mean_words": round(statistics.fmean(len(c["text"].split()) for c in chunks), 1) if chunks else 0}
    return index, info


def text_retriever(graph: Graph, index: Any, where: Path) -> Any:
    """The product's disclosure retriever over the benchmark's already built index."""
    from ownergraph.retrieval.text.disclosures import DisclosureRetriever
    from ownergraph.retrieval.text.embedding import default_embedder

    return DisclosureRetriever(graph, index, where / "indexed.json", default_embedder())


# -- questions ----------------------------------------------------------------------------------
def questions(world: _bulk.World, n: int, seed: int) -> list[dict[str, str]]:
    """``n`` questions, patterns round-robin, anchors random, named by name or LEI alternately."""
    rnd = random.Random(seed)
    owned = [(s, t) for s, t, tag in world.edges["OWNS"] if tag < 3]
    owning = sorted({s for s, _ in owned})
    children = [s for s, _, _ in world.edges["CONSOLIDATED_BY"]]
    risky = [t for rt in ("OWNS", "LENDS_TO", "GUARANTEES") for _, t, _ in world.edges[rt]]
    day = AS_OF.isoformat()
    out = []
    for i in range(n):
        pattern = PATTERNS[i % len(PATTERNS)]
        by = "lei" if (i // len(PATTERNS)) % 2 == 0 else "name"

        def say(k: int) -> str:
            return world.leis[k] if by == "lei" and world.leis[k] else world.names[k]

        if pattern == OWNERS.name:
            t = owned[rnd.randrange(len(owned))][1]
            q = f"Who owns {say(t)} as of {day}?"
        elif pattern == STAKE.name:
            s, t = owned[rnd.randrange(len(owned))]
            q = f"What is the effective stake of {say(s)} in {say(t)} as of {day}?"
        elif pattern == CONTAGION.name:
            q = f"Who is hit if {say(risky[rnd.randrange(len(risky))])} defaults as of {day}?"
        elif pattern == EXPOSURE.name:
            q = f"What is our exposure to anything {say(owning[rnd.randrange(len(owning))])} controls as of {day}?"
        else:
            q = f"Who is the parent of {say(children[rnd.randrange(len(children))])} as of {day}?"
        out.append({"pattern": pattern, "by": by, "text": q})
    return out


def run(args: argparse.Namespace) -> dict[str, Any]:
    settings = analytics_settings(args.port)
    graph = connect(settings)
    world, ginfo = prepare_graph(graph, args.entities, args.edges, args.seed)
    report: dict[str, Any] = {"bench": "ownergraph.retrieval.ask", "graph": ginfo, "cpus": __import__("os").cpu_count()}
    text = None
    tmp = tempfile.TemporaryDirectory(prefix="og-ask-")
    if args.chunks:
        chunks = chunks_for(world, args.chunks, args.seed)
        docs_s = write_documents(graph, chunks)
        log(f"{len(chunks)} documents written in {docs_s:.1f}s; embedding")
        index, info = build_index(chunks, Path(tmp.name), embed_limit=args.embed_limit)
        info["documents_write_s"] = round(docs_s, 1)
        report["disclosures"] = info
        log(f"indexed {info['chunks']} chunks ({info['distinct_chunk_texts']} distinct texts, "
            f"{info['sentences_embedded']} sentences embedded in {info['embed_s']}s)")
        text = text_retriever(graph, index, Path(tmp.name))
    og = Ownergraph(graph, text=text)
    warm = questions(world, args.warmup, args.seed + 1000)
    timed_qs = questions(world, args.questions, args.seed)
    log(f"warm-up: {len(warm)} questions")
    for q in warm:
        _ask(og, q["text"])
    samples: list[float] = []
    by_pattern: dict[str, list[float]] = defaultdict(list)
    by_anchor: dict[str, list[float]] = defaultdict(list)
    parts: dict[str, list[float]] = defaultdict(list)
    errors: dict[str, int] = defaultdict(int)
    found = 0
    slow = []
    log(f"timed: {len(timed_qs)} questions")
    for q in timed_qs:
        t0 = time.perf_counter()
        ans, err = _ask(og, q["text"])
        ms = (time.perf_counter() - t0) * 1000
        samples.append(ms)
        by_pattern[q["pattern"]].append(ms)
        by_anchor[q["by"]].append(ms)
        if err:
            errors[err] += 1
        else:
            found += bool(ans.evidence and ans.evidence.found)
            for k, v in ans.timings.items():
                parts[k].append(v)
        slow.append((ms, q["text"], err or "", dict(ans.timings) if ans else {}))
    slow.sort(key=lambda x: -x[0])
    report["ask_ms"] = percentiles(samples)
    report["by_pattern_ms"] = {k: percentiles(v) for k, v in by_pattern.items()}
    report["by_anchor_ms"] = {k: percentiles(v) for k, v in by_anchor.items()}
    report["stages_ms"] = {k: percentiles(v) for k, v in parts.items()}
    report["answered_with_relationship"] = found
    report["errors"] = dict(errors)
    report["slowest"] = [{"ms": round(ms, 1), "question": t, "error": e, "timings": tm} for ms, t, e, tm in slow[:5]]
    report["targets"] = {"p50_ms": 150, "p99_ms": 500}
    report["peak_rss_mb"] = round(peak_rss_mb(), 1)
    tmp.cleanup()
    return report


def _ask(og: Ownergraph, text: str) -> tuple[Any, str | None]:
    from ownergraph.domain.errors import OwnergraphError

    try:
        return og.ask(text), None
    except OwnergraphError as err:  # EntityNotFound etc.: an answer of its own, still timed
        return None, type(err).__name__


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.retrieval.ask", description=__doc__.split("\n")[0])
    p.add_argument("--entities", type=int, default=100_000)
    p.add_argument("--edges", type=int, default=None, help="default: 2 x entities")
    p.add_argument("--chunks", type=int, default=50_000)
    p.add_argument("--embed-limit", type=int, default=None,
                   help="only this many distinct chunk texts; the rest repeat them (index scale, see build_index)")
    p.add_argument("--questions", type=int, default=100)
    p.add_argument("--warmup", type=int, default=20)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--port", type=int, default=PORT)
    p.add_argument("--stop", action="store_true", help="stop the bench server at the end")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    args.edges = args.edges or 2 * args.entities
    report = run_on_server(run, args)
    path = write_report(f"ask-{args.entities}-{args.chunks}", report)
    print(json.dumps(report, indent=2, default=str) if args.json else f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
