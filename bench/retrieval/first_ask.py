"""How long the first ``ownergraph ask`` waits after loading ~400 documents.

    python -m bench.retrieval.first_ask [--entities 5000] [--label after] [--no-index]
        [--documents tests/fixtures/real/filings/8-K tests/fixtures/real/filings/20-F]

A generated world of ``--entities`` entities (about one disclosure document per 13 entities:
5,000 give 382), with ``--documents`` real filings besides (the 8-K and 20-F samples add 8
documents and ~800 chunks), is loaded into an empty database with ``ownergraph ingest --json``, then
``ownergraph ask`` is run twice in fresh processes, as a user would. Measured: the ingest's wall
time (and, when it reports one, its indexing step), and each ask's wall time and stages. Before
indexing moved into ingest the first ask embedded every document (``connect()`` synced the
vector index); now it finds nothing to embed. Runs against the server the CLI itself uses
(``OWNERGRAPH_HOME``/``NEO4J_URI``): its database is wiped first. Recorded in
``bench/results/first-ask-5000[-filings]-{before,after}.json`` ("before": run on a copy of the tree at
2778282, before indexing moved into ingest).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench._common import write_report

CLI = [sys.executable, "-m", "ownergraph"]


def _run(args: list[str]) -> tuple[float, dict[str, Any]]:
    t0 = time.perf_counter()
    done = subprocess.run(CLI + args, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if done.returncode != 0:
        raise SystemExit(f"ownergraph {' '.join(args)} failed ({done.returncode}): {done.stdout[-800:]} "
                         f"{done.stderr[-800:]}")
    return round(wall, 2), json.loads(done.stdout)


def _question(world: Path) -> tuple[str, int]:
    """A question about the filer of the first disclosure, and how many disclosures there are."""
    filers, n = [], 0
    for line in (world / "world.bundle.jsonl").open():
        rec = json.loads(line)
        if rec.get("type") == "disclosure":
            n += 1
            if " - " in (rec.get("title") or ""):  # "<filer name> - Annual Report FY2019, ..."
                filers.append(rec["title"].split(" - ")[0])
    return f"Who is hit if {filers[0]} defaults?", n


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--entities", type=int, default=5000)
    ap.add_argument("--label", default="after", help="report name suffix (before/after)")
    ap.add_argument("--no-index", action="store_true", help="pass --no-index to ingest")
    ap.add_argument("--documents", nargs="*", default=[], type=Path,
                    help="document files or folders to load as well (e.g. tests/fixtures/real/filings)")
    args = ap.parse_args(argv)

    from ownergraph.domain.settings import load_settings
    from ownergraph.graph.store.connection import close_all, connect
    from ownergraph.worldgen import generate_world

    from ownergraph.demo import world_inputs

    settings = load_settings()
    graph = connect(settings)
    graph.auto("wipe", batch=20000)
    close_all()
    shutil.rmtree(settings.home / "vectors" / graph.database, ignore_errors=True)
    report: dict[str, Any] = {"entities": args.entities, "label": args.label,
                              "extra_documents": [str(p) for p in args.documents]}
    with tempfile.TemporaryDirectory() as tmp:
        world = Path(tmp) / "world"
        generate_world(args.entities, 7, world)
        question, report["generated_disclosures"] = _question(world)
        ingest_args = ["ingest", *map(str, world_inputs(world) + [p.resolve() for p in args.documents]), "--json"]
        if args.no_index:
            ingest_args.append("--no-index")
        wall, summary = _run(ingest_args)
        report["ingest_s"] = wall
        report["ingest_index"] = summary.get("index")
        report["documents"] = _run(["stats", "--json"])[1]["nodes"].get("Document", 0)
        report["question"] = question
        for name in ("first_ask", "second_ask"):
            wall, answer = _run(["ask", question, "--json"])
            report[name] = {"wall_s": wall, "stages_ms": answer.get("timings_ms"),
                            "text_sources": sum(1 for c in answer.get("citations", []) if c.get("kind") == "text")}
    name = f"first-ask-{args.entities}{'-filings' if args.documents else ''}-{args.label}"
    path = write_report(name, report)
    print(json.dumps(report, indent=2))
    print(f"written to {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
