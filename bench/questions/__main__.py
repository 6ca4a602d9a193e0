"""Score the question corpus (tests/fixtures/question_corpus, issue 30): per kind and per
writing style, how many questions were read right and how many answers carry their key facts.

    python -m bench.questions --split dev [--verbose] [--out results.json]
    python -m bench.questions --corpus tests/fixtures/question_corpus/heldout2.jsonl --split heldout2  # scored once

Tune only on ``dev``; ``test`` is scored once, at the end (the corpus README). Each question
runs against the graph of its source, at its session day. Kinds the system does not have are
misses, shown in their own rows so that the totals stay honest.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from datetime import date
from pathlib import Path
from typing import Any

from bench.questions.facts import missing_facts
from bench.questions.reading import read_right
from bench.questions.sources import CORPUS, by_source
from ownergraph.domain.errors import OwnergraphError
from ownergraph.domain.vocabulary import KINDS
from ownergraph.retrieval.api import Ownergraph


def _corpus(split: str, path: Path = CORPUS / "corpus.jsonl") -> list[dict[str, Any]]:
    """The rows of one split (``all``: every row) of a corpus file in the corpus schema."""
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [r for r in rows if split == "all" or r["split"] == split]


def _answer(og: Ownergraph, q: Any, day: date) -> str:
    try:
        return og.ask(q, as_of=q.as_of or day, today=day).text
    except OwnergraphError as exc:
        return f"error: {exc}"


def score_one(og: Ownergraph, row: dict[str, Any]) -> dict[str, Any]:
    exp = row["expected"]
    day = date.fromisoformat(exp["session_day"])
    q = og.read(row["question"], today=day)
    reading = read_right(og, q, exp)
    out = {"id": row["id"], "kind": exp["kind"], "style": row["style"], "read": reading.right, "why": reading.why,
           "supported": exp["kind"] in KINDS or exp["kind"] == "unknown", "answer": None, "parser": q.parser,
           "fell_back": next((n for n in q.notes if n.startswith("fell back")), None) if og.llm else None}
    if row["key_facts"] and not out["supported"]:  # a kind it does not have: a miss, whatever it answers
        out.update(answer=False, missing=row["key_facts"], text="(missing kind)")
    elif row["key_facts"] and q.pattern != "unknown":
        text = _answer(og, q, day)
        missing = missing_facts(text, row["key_facts"])
        out.update(answer=not missing, missing=missing, text=text[:600])
    elif row["key_facts"]:
        out.update(answer=False, missing=row["key_facts"], text="(unknown)")
    return out


def _table(results: list[dict[str, Any]], by: str) -> list[str]:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in results:
        groups[r[by]].append(r)
    lines = [f"| {by} | n | read right | with key facts | answer carries them |", "|---|---:|---:|---:|---:|"]
    for name in sorted(groups, key=lambda k: (not groups[k][0]["supported"], k)) if by == "kind" else sorted(groups):
        lines.append(_row(name + ("" if by != "kind" or groups[name][0]["supported"] else " (missing kind)"), groups[name]))
    lines.append(_row("**all**", results))
    supported = [r for r in results if r["supported"]]
    lines.append(_row("**kinds it has**", supported))
    return lines


def _row(name: str, rs: list[dict[str, Any]]) -> str:
    read = sum(r["read"] for r in rs)
    facts = [r for r in rs if r["answer"] is not None]
    carried = sum(bool(r["answer"]) for r in facts)
    pct = lambda a, b: f"{a}/{b} ({100 * a / b:.0f}%)" if b else "–"  # noqa: E731
    return f"| {name} | {len(rs)} | {pct(read, len(rs))} | {len(facts)} | {pct(carried, len(facts))} |"


def report(results: list[dict[str, Any]]) -> str:
    """Per kind, per style, and per style over the kinds it has; with an LLM, how many
    questions it read (the others fell back to the rules)."""
    have = [r for r in results if r["supported"]]
    tables = "\n\n".join("\n".join(t) for t in (_table(results, "kind"), _table(results, "style"), _table(have, "style")))
    llm = [r for r in results if r.get("fell_back") is not None or r.get("parser") == "llm"]
    if llm:
        read = sum(r.get("parser") == "llm" for r in results)
        tables += (f"\n\nread by the LLM: {read}/{len(results)}; fell back to the rules: "
                   f"{sum(bool(r.get('fell_back')) for r in results)} (the reasons are in the --out file)")
    return tables


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.questions")
    ap.add_argument("--split", help="dev or test (the corpus README); another file's split name, or all")
    ap.add_argument("--corpus", type=Path, default=CORPUS / "corpus.jsonl",
                    help="a question file in the corpus schema (default: the corpus; e.g. a paraphrase set)")
    ap.add_argument("--report", type=Path, help="print the tables of a saved --out file (no graph needed)")
    ap.add_argument("--kind", help="only this kind (dev tuning)")
    ap.add_argument("--verbose", action="store_true", help="print every miss")
    ap.add_argument("--llm", action="store_true",
                    help="read (and word) the answers with the model configured by OPENAI_API_KEY, OPENAI_BASE_URL, "
                         "OWNERGRAPH_LLM_MODEL (retrieval.llm.LLMConfig.from_env); the rules where it fails")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args(argv)
    if args.report:
        print(report(json.loads(args.report.read_text(encoding="utf-8"))))
        return 0
    if not args.split:
        ap.error("--split or --report")
    from ownergraph.graph.store.connection import connect

    llm = None
    if args.llm:
        from ownergraph.retrieval.llm import LLMConfig

        llm = LLMConfig.from_env()
        if llm is None:
            ap.error("--llm needs OPENAI_API_KEY (and OPENAI_BASE_URL for a local OpenAI-compatible server)")
    graph = connect()
    og = Ownergraph(graph, text=None, llm=llm)
    rows = [r for r in _corpus(args.split, args.corpus) if not args.kind or r["expected"]["kind"] == args.kind]
    results = []
    for r in by_source(graph, rows):
        res = score_one(og, r)
        results.append(res)
        if args.verbose and (not res["read"] or res["answer"] is False):
            print(json.dumps({"q": r["question"], **res}, ensure_ascii=False), file=sys.stderr)
    print(report(results))
    if args.out:
        args.out.write_text(json.dumps(results, indent=1, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
