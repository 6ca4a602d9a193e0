"""bench/ingest: what the bulk path's main process holds at the end of a golden copy's intake.

    python -m bench.ingest.intake_memory COPY [--top 25] [--out FILE]

Runs ``ingest_paths`` in this process with the bulk loader, as ``ownergraph ingest --bulk``
does (the LEI file read beside the staging workers), under ``tracemalloc``, against the bench's
server (``bench.ingest.stages.golden_settings``: an emptied database). When the intake ends
(``BulkLoader._intake_stages``) it takes a snapshot and stops the load there: no import. The
largest allocation sites by line go to stdout (and ``--out``). Run it at two scales: the sites
that grow with the copy are what the Python peak grows by (issue 33, item 2). Slow: tracing
costs about four times the intake's CPU.
"""

from __future__ import annotations

import argparse
import json
import tracemalloc
from pathlib import Path
from typing import Any


class _IntakeDone(Exception):
    """Raised after the snapshot: the rest of the load is not what this measures."""


def measure(copy: Path, top: int) -> dict[str, Any]:
    from bench.ingest.stages import empty_database, golden_settings
    from ownergraph.graph.load import bulk
    from ownergraph.graph.load.bulk.loader import BulkLoader
    from ownergraph.graph.load.pipeline import ingest_paths
    from ownergraph.graph.store.connection import connect

    settings = golden_settings()
    empty_database(settings)
    files = sorted(copy.glob("*-golden-copy.xml.zip"))
    out: dict[str, Any] = {"copy": str(copy), "files": [f.name for f in files]}
    seen = BulkLoader._intake_stages

    def snapshot(self: BulkLoader) -> None:
        seen(self)
        snap = tracemalloc.take_snapshot()
        current, peak = tracemalloc.get_traced_memory()
        stats = snap.statistics("lineno")
        out["traced_mb"] = {"current": round(current / 2**20, 1), "peak": round(peak / 2**20, 1)}
        out["top"] = [{"site": str(s.traceback), "mb": round(s.size / 2**20, 2), "blocks": s.count}
                      for s in stats[:top]]
        raise _IntakeDone

    BulkLoader._intake_stages = snapshot  # type: ignore[method-assign]
    graph = connect(settings)
    tracemalloc.start(1)
    try:
        ingest_paths(graph, files, loader_factory=bulk.bulk_loader(settings), read_beside_workers=True)
    except _IntakeDone:
        pass
    finally:
        tracemalloc.stop()
        BulkLoader._intake_stages = seen  # type: ignore[method-assign]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("copy", type=Path, help="a golden copy written by python -m bench.ingest --gleif-scale F")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    result = measure(args.copy, args.top)
    text = json.dumps(result, indent=2)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
