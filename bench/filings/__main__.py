"""``python -m bench.filings [--small] [FOLDER ...]``: real documents through ingest, by stage.

Pages and sentences per second (wall and CPU) of each stage over the same documents (default
folder ``tests/fixtures/real/filings``: EDGAR 10-K, 20-F, 8-K, DEF 14A, SC TO; HTML and
full-submission text):

- ``read``: file -> documents (``DocumentReader`` without claims: decoding, HTML / EDGAR parts /
  PDF text, metadata, and the sentence split that claims' offsets refer to);
- ``chunk``: the vector index's chunks of each document (``chunk_text``, as
  ``retrieval.text.disclosure_index`` makes them);
- ``embed``: those chunks embedded by the default embedder (uncached, one fresh encoder); and
  the embedders compared on the same sentences (numpy, onnx where installed): sentences per
  CPU-second and the largest difference between their vectors;
- ``extract``: the offline relation patterns over every sentence (``ingest.extract.extract``);
- ``load``: ``ingest_paths`` into the benchmark Neo4j, wiped first (read + extract + resolve +
  write, as ``ownergraph ingest``), then the same files again (must load nothing).

CPU is this process's (all its threads: OpenBLAS / onnxruntime included; not the server's).
Pages: the document's own count where it has one (PDF pages, EDGAR ``<PAGE>`` markers), else
its characters / 3,000 (about one printed filing page), counted apart as ``pages_estimated``.
``--small`` (CI, under a minute): the 8-K documents under 40 KB, 100 sentences compared.
Writes ``bench/results/filings[-small].json`` (``OWNERGRAPH_BENCH_RESULTS`` elsewhere).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from bench._common import bench_graph, peak_rss_mb, wipe, write_report
from ownergraph.ingest.extract import extract
from ownergraph.domain.model import Disclosure
from ownergraph.ingest.readers.documents import SUFFIXES, DocumentReader
from ownergraph.domain.sentences import split_sentences

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = ROOT / "tests" / "fixtures" / "real" / "filings"
CHARS_PER_PAGE = 3000
SMALL_BYTES = 40_000  # --small: the 8-K documents under this size (seven HTML main documents)
_PAGES = re.compile(r"(\d+) pages")


def _timed(fn: Callable[[], Any], stage: str = "") -> tuple[Any, float, float]:
    w0, c0 = time.perf_counter(), time.process_time()
    out = fn()
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    if stage:
        print(f"bench.filings: {stage} {wall:.1f} s ({cpu:.1f} cpu s)", file=sys.stderr, flush=True)
    return out, wall, cpu


def _rates(wall: float, cpu: float, pages: float, sentences: int, **extra: Any) -> dict[str, Any]:
    return {"wall_s": round(wall, 3), "cpu_s": round(cpu, 3),
            "pages_per_s": round(pages / wall, 1) if wall else None,
            "pages_per_cpu_s": round(pages / cpu, 1) if cpu else None,
            "sentences_per_s": round(sentences / wall, 1) if wall else None,
            "sentences_per_cpu_s": round(sentences / cpu, 1) if cpu else None, **extra}


def documents(folders: list[Path], small: bool) -> list[Path]:
    files = sorted(p for f in folders for p in (f.rglob("*") if f.is_dir() else [f])
                   if p.is_file() and p.suffix.lower() in SUFFIXES and p.parent.name != "labels")
    return [p for p in files if "8-K" in p.parts and p.stat().st_size < SMALL_BYTES] if small else files


def _no_claims(*_: Any) -> list[Any]:
    return []


def read_stage(files: list[Path]) -> list[Disclosure]:
    reader = DocumentReader()
    reader = DocumentReader(replace(reader.options, extractor=_no_claims))
    return [r for p in files for r in reader.read(p) if isinstance(r, Disclosure)]


def pages_of(doc: Disclosure) -> tuple[float, bool]:
    """(pages, estimated)."""
    m = _PAGES.search(doc.provenance.locator or "")
    if m:
        return float(m[1]), False
    return max(len(doc.text or "") / CHARS_PER_PAGE, 1 / CHARS_PER_PAGE), True


def compare_embedders(sentences: list[str]) -> dict[str, Any]:
    """Each installed embedder on the same sentences: sentences per CPU-second (after a warm-up
    batch) and the largest absolute difference from the numpy encoder's vectors."""
    from ownergraph.retrieval.text.minilm_onnx import OnnxMiniLMEmbedder, onnx_available
    from ownergraph.retrieval.text.minilm_numpy import NumpyMiniLMEmbedder

    makers: dict[str, Callable[[], Any]] = {"numpy": NumpyMiniLMEmbedder}
    if onnx_available():
        makers["onnx"] = OnnxMiniLMEmbedder
    out: dict[str, Any] = {"sentences": len(sentences)}
    vectors: dict[str, np.ndarray] = {}
    for name, make in makers.items():
        emb, _, load_cpu = _timed(make)
        emb.embed(sentences[:16])  # warm-up: first-call allocations and graph optimisation
        vecs, wall, cpu = _timed(lambda emb=emb: emb.embed(sentences), f"embed {name}")
        vectors[name] = vecs
        out[name] = {"load_cpu_s": round(load_cpu, 2), "wall_s": round(wall, 2), "cpu_s": round(cpu, 2),
                     "sentences_per_cpu_s": round(len(sentences) / cpu, 1) if cpu else None,
                     "sentences_per_s": round(len(sentences) / wall, 1) if wall else None}
    if "onnx" in vectors:
        out["onnx_max_abs_diff"] = float(np.abs(vectors["onnx"] - vectors["numpy"]).max())
        out["onnx_speedup_cpu"] = round(out["numpy"]["cpu_s"] / out["onnx"]["cpu_s"], 2)
    return out


def run(files: list[Path], *, small: bool, compare: int, load: bool = True) -> dict[str, Any]:
    from ownergraph.retrieval.text.chunking import chunk_text
    from ownergraph.retrieval.text.embedding import default_embedder

    docs, wall, cpu = _timed(lambda: read_stage(files), "read")
    paged = [pages_of(d) for d in docs]
    pages = sum(p for p, _ in paged)
    sents = [split_sentences(d.text or "", d.document_id) for d in docs]
    n_sent = sum(len(s) for s in sents)
    report: dict[str, Any] = {
        "files": len(files), "documents": len(docs), "characters": sum(len(d.text or "") for d in docs),
        "sentences": n_sent, "pages": round(pages, 1),
        "pages_estimated": round(sum(p for p, est in paged if est), 1),
        "documents_with_pages": sum(1 for _, est in paged if not est), "stages": {}}
    stages = report["stages"]
    stages["read"] = _rates(wall, cpu, pages, n_sent)

    chunks, wall, cpu = _timed(lambda: [c for d in docs for c in chunk_text(d.text or "", d.document_id)], "chunk")
    stages["chunk"] = _rates(wall, cpu, pages, n_sent, chunks=len(chunks))

    embedder = default_embedder().inner  # uncached: every chunk is encoded
    texts = [c.text for c in chunks]
    _, wall, cpu = _timed(lambda: embedder.embed(texts), "embed")
    stages["embed"] = _rates(wall, cpu, pages, n_sent, backend=embedder.backend, chunks=len(texts),
                             chunks_per_cpu_s=round(len(texts) / cpu, 1) if cpu else None)

    def _extract() -> int:
        return sum(len(extract(d.text or "", s, d.filer.name if d.filer else None)) for d, s in zip(docs, sents))
    found, wall, cpu = _timed(_extract, "extract")
    stages["extract"] = _rates(wall, cpu, pages, n_sent, relations_found=found)

    if load:
        from ownergraph.graph.load.pipeline import ingest_paths

        graph = wipe(bench_graph())
        summary, wall, cpu = _timed(lambda: ingest_paths(graph, files), "load")
        stages["load"] = _rates(wall, cpu, pages, n_sent, loaded=sum(f.loaded for f in summary.files),
                                quarantined=sum(f.quarantined for f in summary.files),
                                note="ingest_paths: read + extract + resolve + write")
        again, wall, cpu = _timed(lambda: ingest_paths(graph, files), "load again")
        stages["load_again"] = _rates(wall, cpu, pages, n_sent, loaded=sum(f.loaded for f in again.files))
        if stages["load_again"]["loaded"]:
            report["error"] = "the second ingest of the same files loaded something (not idempotent)"
        wipe(graph)

    pool = [s.text for ss in sents for s in ss if len(s.text) > 20]
    step = max(1, len(pool) // compare) if pool else 1
    report["embedders"] = compare_embedders(pool[::step][:compare])
    report["peak_rss_mb"] = round(peak_rss_mb(), 1)
    report["cpu_count"] = os.cpu_count()
    return report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.filings", description=__doc__.split("\n")[0])
    ap.add_argument("folders", nargs="*", type=Path, help=f"folders or files (default {DEFAULT.relative_to(ROOT)})")
    ap.add_argument("--small", action="store_true", help="CI's size: the 8-K documents under 40 KB, 100 sentences compared")
    ap.add_argument("--compare", type=int, default=None, help="sentences for the embedder comparison (default 2000)")
    ap.add_argument("--no-load", action="store_true", help="skip the Neo4j load stage")
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    args = ap.parse_args(argv)
    files = documents(args.folders or [DEFAULT], args.small)
    if not files:
        print("bench.filings: no documents found", file=sys.stderr)
        return 1
    report = run(files, small=args.small, compare=args.compare or (100 if args.small else 2000),
                 load=not args.no_load)
    path = write_report("filings-small" if args.small else "filings", report)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(f"{report['files']} files, {report['documents']} documents, {report['pages']} pages "
              f"({report['pages_estimated']} estimated), {report['sentences']} sentences")
        for name, s in report["stages"].items():
            print(f"  {name:<11} {s['cpu_s']:>8.2f} cpu s {s['pages_per_cpu_s'] or 0:>9.1f} pages/cpu s "
                  f"{s['sentences_per_cpu_s'] or 0:>10.1f} sentences/cpu s")
        e = report["embedders"]
        for name in ("numpy", "onnx"):
            if name in e:
                print(f"  embedder {name:<6} {e[name]['sentences_per_cpu_s']} sentences/cpu s on {e['sentences']}")
        if "onnx_max_abs_diff" in e:
            print(f"  onnx vs numpy: max |diff| {e['onnx_max_abs_diff']:.2e}, {e['onnx_speedup_cpu']}x CPU")
        print(f"written {path}")
    return 1 if report.get("error") else 0


if __name__ == "__main__":
    raise SystemExit(main())
