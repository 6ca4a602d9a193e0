"""How many readings stay right under meaning-preserving perturbations (``bench.questions.perturb``).

    python -m bench.questions.robustness --corpus tests/fixtures/question_corpus/heldout7.jsonl \
        [--corpus ...] [--split all] [--every 5] [--out /tmp/robust.json]

Takes the questions of the given files (every ``--every``-th row, for a sample) whose reading
is right as written, applies each perturbation that applies, and counts per perturbation how
many readings stay right (kind, anchors resolved in the graph, dates: ``reading.read_right``).
A question read wrong as written tells nothing about a perturbation, so it is left out. Needs
the graph (OWNERGRAPH_HOME, OWNERGRAPH_NEO4J_PORT), as ``python -m bench.questions`` does.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from datetime import date
from pathlib import Path
from typing import Any

from bench.questions.perturb import PERTURBATIONS, perturb
from bench.questions.reading import read_right
from bench.questions.sources import by_source


def _rows(paths: list[Path], split: str, every: int) -> list[dict[str, Any]]:
    rows = []
    for path in paths:
        mine = [json.loads(ln) for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip()]
        rows += [r for r in mine if split == "all" or r["split"] == split][::every]
    return rows


def check_row(og: Any, row: dict[str, Any]) -> dict[str, Any] | None:
    """Per perturbation, whether the reading stays right; None where the question as written is
    read wrong."""
    exp = row["expected"]
    day = date.fromisoformat(exp["session_day"])
    if not read_right(og, og.read(row["question"], today=day), exp).right:
        return None
    out: dict[str, Any] = {"id": row["id"], "style": row["style"], "kind": exp["kind"], "results": {}}
    for name, text in perturb(row["question"], exp).items():
        reading = read_right(og, og.read(text, today=day), exp)
        out["results"][name] = {"right": reading.right, "text": text, "why": reading.why}
    return out


def table(checked: list[dict[str, Any]]) -> str:
    """Per perturbation: questions it applied to, readings that stayed right."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for c in checked:
        for name, r in c["results"].items():
            counts[name][0] += 1
            counts[name][1] += r["right"]
    lines = ["| perturbation | applied | still right |", "|---|---:|---:|"]
    total = [0, 0]
    for name in PERTURBATIONS:
        n, ok = counts.get(name, [0, 0])
        total[0] += n
        total[1] += ok
        lines.append(f"| {name} | {n} | {ok}/{n} ({100 * ok / n:.0f}%) |" if n else f"| {name} | 0 | – |")
    lines.append(f"| **all** | {total[0]} | {total[1]}/{total[0]} ({100 * total[1] / max(total[0], 1):.1f}%) |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.questions.robustness")
    ap.add_argument("--corpus", type=Path, action="append", help="a question file (repeatable)")
    ap.add_argument("--split", default="all", help="the rows of this split only (default: all)")
    ap.add_argument("--every", type=int, default=1, help="every n-th row of each file (a sample)")
    ap.add_argument("--report", action="store_true", help="print the table of the --out file given (no graph)")
    ap.add_argument("--verbose", action="store_true", help="print every perturbed reading that went wrong")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args(argv)
    if args.report and args.out:
        print(table(json.loads(args.out.read_text(encoding="utf-8"))["checked"]))
        return 0
    if not args.corpus:
        ap.error("--corpus (or --report --out F)")
    from ownergraph.graph.store.connection import connect
    from ownergraph.retrieval.api import Ownergraph

    graph = connect()
    og = Ownergraph(graph, text=None)
    rows = _rows(args.corpus, args.split, args.every)
    checked, wrong_as_written = [], 0
    for row in by_source(graph, rows):
        c = check_row(og, row)
        if c is None:
            wrong_as_written += 1
            continue
        checked.append(c)
        for name, r in c["results"].items():
            if args.verbose and not r["right"]:
                print(json.dumps({"id": row["id"], "p": name, "q": r["text"], "why": r["why"]}, ensure_ascii=False),
                      file=sys.stderr)
    print(f"questions: {len(rows)}; read right as written: {len(checked)} (the others left out)\n")
    print(table(checked))
    if args.out:
        args.out.write_text(json.dumps({"rows": len(rows), "wrong_as_written": wrong_as_written, "checked": checked},
                                       indent=1, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
