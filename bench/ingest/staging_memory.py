"""bench/ingest, the bulk path's staging alone: in-memory vs spooled, same records, no server.

    python -m bench.ingest.staging_memory FILES... [--name NAME] [--modes memory,spooled] [--before TREE]

Each mode runs in a fresh process: the records are read (column-wise), registered and
resolved, staged batch by batch with the bulk loader's semantics (``Staged`` or
``SpooledStaged``), chains planned and the import files written, as ``BulkLoader`` does before
the importer runs. Per mode: RSS at start (imports), after reading and staging, and the peak
(``ru_maxrss``), with CPU seconds. ``--before TREE`` also runs the spooled mode from another
source tree (e.g. ``git archive`` of the code before a change), one after the other in this run.
Results to ``bench/results/ingest-staging-memory-NAME.json``.
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
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[2]


def _one(mode: str, files: list[Path], work: Path) -> dict[str, Any]:
    import psutil

    from ownergraph.domain.model import Entity, Quarantined
    from ownergraph.graph.load.batch_rows import build_rows
    from ownergraph.graph.load.bulk.files import write_staged
    from ownergraph.graph.load.bulk import spool
    from ownergraph.graph.load.bulk.spool import SpooledStaged
    from ownergraph.graph.load.bulk.staged import Staged
    from ownergraph.graph.store.resolution_store import ResolverKeys
    from ownergraph.ingest.formats import detect
    from ownergraph.ingest.readers.columnar.registry import columnar
    from ownergraph.resolution import Resolver

    proc = psutil.Process()
    start = proc.memory_info().rss / 2**20
    keys = ResolverKeys(Resolver())
    staged = SpooledStaged(work / "spool") if mode == "spooled" else Staged()
    # the bulk loader's own set of written keys: hashed where the tree has it
    known: Any = spool.KeySet() if mode == "spooled" and hasattr(spool, "KeySet") else set()
    seen: set[int] = set()
    n = 0
    for path in files:
        entities: list[Any] = []
        others: list[Any] = []
        for rec in columnar(detect(path)).read(path):
            if isinstance(rec, Quarantined):
                continue
            n += 1
            if isinstance(rec, Entity):
                entities.append((keys.register(rec), rec))
            else:
                others.append(rec)
            if len(entities) + len(others) >= 2000:
                staged.apply_batch(build_rows(entities, others, keys.keys_of, known, seen))
                entities, others = [], []
        staged.apply_batch(build_rows(entities, others, keys.keys_of, known, seen))
    staged_rss = proc.memory_info().rss / 2**20
    if isinstance(staged, SpooledStaged):
        staged.settle(set()).rechain()
    else:
        staged.rechain()
    out = write_staged(staged, work / "files")
    r = resource.getrusage(resource.RUSAGE_SELF)
    return {"records": n, "rss_start_mb": round(start, 1), "rss_after_staging_mb": round(staged_rss, 1),
            "peak_rss_mb": round(r.ru_maxrss / 1024, 1), "cpu_seconds": round(r.ru_utime + r.ru_stime, 1),
            "nodes": out.node_count, "relationships": out.relationship_count}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.ingest.staging_memory")
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--name", default="run")
    ap.add_argument("--modes", default="memory,spooled", help="comma-separated: memory, spooled")
    ap.add_argument("--before", type=Path, help="also run the spooled mode from this source tree")
    ap.add_argument("--mode", choices=("memory", "spooled"), help=argparse.SUPPRESS)  # one child's mode
    args = ap.parse_args(argv)
    if args.mode:
        work = Path(tempfile.mkdtemp(prefix="og-staging-"))
        try:
            print(json.dumps(_one(args.mode, args.files, work)))
        finally:
            shutil.rmtree(work, ignore_errors=True)
        return 0
    report: dict[str, Any] = {"inputs": [str(p) for p in args.files]}
    runs = [(m, m, HERE) for m in args.modes.split(",")]
    if args.before:
        runs.insert(0, ("before_spooled", "spooled", args.before.resolve()))
    for name, mode, tree in runs:
        done = subprocess.run([sys.executable, "-m", "bench.ingest.staging_memory", "--mode", mode,
                               *(str(p.resolve()) for p in args.files)], cwd=tree,
                              env={**os.environ, "PYTHONPATH": str(tree)}, capture_output=True, text=True, check=True)
        report[name] = json.loads(done.stdout.strip().splitlines()[-1])
        print(name, report[name], flush=True)
    from bench._common import write_report  # here: the staging runs' own RSS counts their imports

    print(write_report(f"ingest-staging-memory-{args.name}", report, HERE / "bench" / "results"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
