"""The offline extractor scored on the labelled prose corpus (tests/fixtures/prose_corpus).

    python -m bench.extract.corpus --split dev [--json bench/results/extract_corpus_dev.json]
    python -m bench.extract.corpus --split test --llm   # also a configured model, beside the offline extractor
    python -m bench.extract.corpus --split dev --no-model   # the rules alone, without the learned triple scorer

``--llm`` scores :class:`~ingest.extract.llm.LLMExtractor` (``OPENAI_API_KEY``, ``OPENAI_BASE_URL``,
``OWNERGRAPH_LLM_MODEL``) on the same documents, under ``llm`` in the report, with its request
counts; ``--doc`` limits the run to some documents.

Each document of the split is read whole (defined terms and the filer resolve across
sentences, as in a load); a relationship found is credited to the labelled sentence its quote
lies in. Scored per relation type and per document kind: precision and recall of the
sentence-level facts (a stated, unhedged, unnegated relation; a found one at or above the
loading confidence), and per document the relationships a person lists against those found.
Names match after normalisation (case, punctuation, "the", legal forms), or when one is the
other's tail or head, or one is the other's initials ("IBM"), or the label's name is a short name the document defines for the one
found ("Ultimate General Partner"); a relationship found counts in any labelled sentence its
quote overlaps (the splitter may join two labelled lines). Tune on ``dev``; ``test`` is scored
once (the split called ``test`` was scored in session 6 and is development data since).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ownergraph.domain.errors import ConfigError
from ownergraph.ingest.extract import MIN_CONFIDENCE, Finder, extract
from ownergraph.ingest.extract.llm import LLMExtractConfig, LLMExtractor
from ownergraph.ingest.extract.values import Context
from ownergraph.ingest.extract import patterns as P
from ownergraph.domain.sentences import split_sentences

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "fixtures" / "prose_corpus"
SCORED = ("ownership", "subsidiary", "control", "lending", "guarantee", "acquisition", "disposal", "merger", "rename")
TYPE_OF = {P.OWNS: "ownership", P.SUBSIDIARY: "subsidiary", P.CONTROLLING: "control", P.LOAN: "lending",
           P.GUARANTEE: "guarantee", P.ACQUIRED: "acquisition", P.SOLD: "disposal", P.MERGED: "merger",
           P.RENAMED: "rename"}
_FORMS = re.compile(r"\b(?:inc|incorporated|corp|corporation|co|company|ltd|limited|llc|l\s?l\s?c|lp|l\s?p|plc|"
                    r"n\s?v|s\s?a|ag|gmbh|b\s?v|the|holdings?|group)\b")


def norm(name: str | None) -> str:
    text = re.sub(r"[^\w\s]", " ", (name or "").lower())
    return " ".join(_FORMS.sub(" ", text).split())


def same(a: str, b: str) -> bool:
    x, y = norm(a), norm(b)
    return bool(x and y) and (x == y or x.startswith(y + " ") or y.startswith(x + " ")
                              or x.endswith(" " + y) or y.endswith(" " + x) or _initials(a, y) or _initials(b, x))


def _initials(short: str, long: str) -> bool:
    """Whether ``short`` is written as the initials of the (normalised) name ``long``: a label keeps
    "IBM" as the sentence writes it, the extractor names the filer "International Business Machines
    Corporation"."""
    letters = re.sub(r"[^A-Za-z]", "", short)
    words = [w for w in long.split() if w not in ("of", "and", "&")]
    return 2 <= len(letters) <= 6 and short.strip().isupper() and len(words) == len(letters) and \
        "".join(w[0] for w in words) == letters.lower()


def load(split: str) -> tuple[list[dict[str, Any]], dict[str, list[dict[str, Any]]]]:
    docs = [d for d in map(json.loads, (CORPUS / "documents.jsonl").read_text().splitlines()) if d["split"] == split]
    sents: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for s in map(json.loads, (CORPUS / "sentences.jsonl").read_text().splitlines()):
        if s["split"] == split:
            sents[s["doc_id"]].append(s)
    return docs, sents


def found_in(doc: dict[str, Any], finder: Finder = extract) -> list[tuple[str, str, str, int, int]]:
    """(type, subject, object, start, end of the quote) of what the extractor loads from a document."""
    text = (CORPUS / "documents" / f"{doc['doc_id']}.txt").read_text()
    out = []
    for f in finder(text, split_sentences(text), doc.get("company")):
        kind = TYPE_OF.get(f.relation)
        if kind is None or f.confidence < MIN_CONFIDENCE or f.hedged:
            continue
        subject, obj = (f.new_name or "", f.b) if kind == "rename" else (f.a, f.b)
        out.append((kind, subject, obj, f.start, f.end))
    return out


def gold(rels: Iterable[dict[str, Any]]) -> list[tuple[str, str, str]]:
    return [(r["type"], r["subject"], r["object"]) for r in rels
            if r["type"] in SCORED and not r.get("hedged") and not r.get("negated")]


def aliases(text: str, filer: str | None) -> dict[str, str]:
    """The document's defined short names and the full names they stand for ("Ultimate General
    Partner" -> "Pivotal Partners Fund I U.G.P. Ltd."): labels keep a defined name as written,
    the extractor loads the full name it stands for."""
    return {norm(k): v for k, v in Context.of(text, filer).terms.items() if norm(k)}


def same_party(label: str, found: str, terms: dict[str, str]) -> bool:
    full = terms.get(norm(label))
    return same(label, found) or (full is not None and same(full, found))


def _matches(pred: tuple[str, str, str], truth: list[tuple[str, str, str]], terms: dict[str, str] | None = None) -> int | None:
    t_ = terms or {}
    return next((i for i, t in enumerate(truth) if t[0] == pred[0] and same_party(t[1], pred[1], t_)
                 and same_party(t[2], pred[2], t_)), None)


def score_document(doc: dict[str, Any], labelled: list[dict[str, Any]], tally: dict[str, Counter],
                   finder: Finder = extract) -> dict[str, Any]:
    """Tally one document: a relationship found is true where a labelled sentence its quote overlaps
    states it (the document's sentence splitter may join two labelled lines, or a line and a
    fragment above it), else false in the labelled sentence its quote starts in."""
    text = (CORPUS / "documents" / f"{doc['doc_id']}.txt").read_text()
    terms = aliases(text, doc.get("company"))
    spans = []
    after = 0  # labelled sentences are in document order: a row repeated ("Elon Musk(1) 231,715,206 21.2") is found twice
    for s in labelled:
        start = text.find(s["text"], after)
        start = text.find(s["text"]) if start < 0 else start
        after = start + 1
        spans.append((start, start + len(s["text"]), list(gold(s["relations"]))))
    preds = found_in(doc, finder)
    for kind, a, b, at, end in sorted(preds, key=lambda p: p[3]):
        overlapping = [sp for sp in spans if sp[0] < max(end, at + 1) and at < sp[1]]
        home = next((sp for sp in overlapping if sp[0] <= at < sp[1]), None)
        hit = next(((sp, i) for sp in overlapping if (i := _matches((kind, a, b), sp[2], terms)) is not None), None)
        if hit is not None:
            hit[0][2].pop(hit[1])
            tally[kind]["tp"] += 1
            tally[doc["kind"] + "/" + kind]["tp"] += 1
        elif home is not None:
            tally[kind]["fp"] += 1
            tally[doc["kind"] + "/" + kind]["fp"] += 1
    for _, _, left in spans:
        for kind, _, _ in left:
            tally[kind]["fn"] += 1
            tally[doc["kind"] + "/" + kind]["fn"] += 1
    outside = sum(1 for *_, at, _ in preds if not any(s <= at < e for s, e, _ in spans))
    doc_truth = gold(doc.get("relationships", []))
    hit_docs = sum(1 for t in doc_truth if any(p[0] == t[0] and same_party(t[1], p[1], terms)
                                               and same_party(t[2], p[2], terms) for p in preds))
    return {"doc_id": doc["doc_id"], "kind": doc["kind"], "stated": len(doc_truth), "found": len(preds),
            "stated_and_found": hit_docs, "found_outside_labelled_sentences": outside}


def counts_pr(c: Counter) -> dict[str, Any]:
    p = c["tp"] / (c["tp"] + c["fp"]) if c["tp"] + c["fp"] else None
    r = c["tp"] / (c["tp"] + c["fn"]) if c["tp"] + c["fn"] else None
    return {"tp": c["tp"], "fp": c["fp"], "fn": c["fn"], "precision": p, "recall": r}


def scored(docs: list[dict[str, Any]], sents: dict[str, list[dict[str, Any]]], finder: Finder = extract) -> dict[str, Any]:
    """Precision and recall of ``finder`` on ``docs``: all, per relation type, per document kind
    and type, and per document."""
    tally: dict[str, Counter] = defaultdict(Counter)
    per_doc = [score_document(d, sents[d["doc_id"]], tally, finder) for d in docs]
    total: Counter = Counter()
    for kind in SCORED:
        total.update(tally[kind])
    return {"all": counts_pr(total), "by_type": {k: counts_pr(tally[k]) for k in SCORED if sum(tally[k].values())},
            "by_kind_and_type": {k: counts_pr(v) for k, v in sorted(tally.items()) if "/" in k},
            "documents_recall": {"stated": sum(d["stated"] for d in per_doc),
                                 "stated_and_found": sum(d["stated_and_found"] for d in per_doc)},
            "per_document": per_doc}


def _print(name: str, part: dict[str, Any]) -> None:
    print(f"== {name}")
    for k, v in [("all", part["all"]), *part["by_type"].items()]:
        fmt = lambda x: "—" if x is None else f"{x:.2f}"  # noqa: E731
        print(f"{k:12} P {fmt(v['precision'])}  R {fmt(v['recall'])}  (tp {v['tp']}, fp {v['fp']}, fn {v['fn']})")
    d = part["documents_recall"]
    print(f"documents: {d['stated_and_found']} of {d['stated']} stated relationships found")


def markdown(reports: dict[str, dict[str, Any]]) -> str:
    """The docs' tables of saved reports (name -> report): per relation type, per document kind
    (all scored types together) and document recall."""
    def pr(c: dict[str, Any] | None) -> str:
        if not c or c.get("tp", 0) + c.get("fp", 0) + c.get("fn", 0) == 0:
            return "—"
        p = "—" if c["precision"] is None else f"{c['precision']:.2f}"
        r = "—" if c["recall"] is None else f"{c['recall']:.2f}"
        return f"{p} / {r} ({c['tp']}/{c['fp']}/{c['fn']})"

    names = list(reports)
    lines = ["| type | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for kind in ("all", *SCORED):
        cells = [pr(r["all"] if kind == "all" else r["by_type"].get(kind)) for r in reports.values()]
        lines.append(f"| {kind} | " + " | ".join(cells) + " |")
    d = [r["documents_recall"] for r in reports.values()]
    lines.append("| document recall | " + " | ".join(
        f"{x['stated_and_found']}/{x['stated']} ({x['stated_and_found'] / x['stated']:.2f})" for x in d) + " |")
    lines += ["", "| document kind | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    kinds = sorted({k.rsplit("/", 1)[0] for r in reports.values() for k in r["by_kind_and_type"]})
    for kind in kinds:
        cells = []
        for r in reports.values():
            c: Counter = Counter(tp=0, fp=0, fn=0)
            for k, v in r["by_kind_and_type"].items():
                if k.rsplit("/", 1)[0] == kind:
                    c.update({x: v[x] for x in ("tp", "fp", "fn")})
            cells.append(pr({**c, "precision": c["tp"] / (c["tp"] + c["fp"]) if c["tp"] + c["fp"] else None,
                             "recall": c["tp"] / (c["tp"] + c["fn"]) if c["tp"] + c["fn"] else None}))
        lines.append(f"| {kind} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--split", help="dev, test, or a later held-out split named in the corpus files (heldout2)")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--llm", action="store_true", help="also score the configured LLM extractor")
    ap.add_argument("--no-model", action="store_true",
                    help="the rules alone, without the learned triple scorer (ingest.extract.scorer)")
    ap.add_argument("--doc", action="append", help="only this document (repeatable)")
    ap.add_argument("--markdown", nargs="+", type=Path, metavar="REPORT.json",
                    help="print the docs' tables of saved reports (precision / recall (tp/fp/fn)) and stop")
    args = ap.parse_args(argv)
    if args.markdown:
        print(markdown({p.stem: json.loads(p.read_text()) for p in args.markdown}))
        return {}
    if args.split is None:
        ap.error("--split is required (or --markdown)")
    docs, sents = load(args.split)
    if args.doc:
        docs = [d for d in docs if d["doc_id"] in args.doc]
    llm = None
    if args.llm:
        try:
            llm = LLMExtractor(LLMExtractConfig.from_env(os.environ))
        except ConfigError as err:
            print(json.dumps({"error": str(err)}), file=sys.stderr)
            raise SystemExit(2) from err
    offline: Finder = functools.partial(extract, model=False) if args.no_model else extract
    report = {"split": args.split, "documents": len(docs), "sentences": sum(len(sents[d["doc_id"]]) for d in docs),
              "model": not args.no_model, **scored(docs, sents, offline)}
    _print("offline extractor", report)
    if llm is not None:
        report["llm"] = {"method": llm.method, **scored(docs, sents, llm), "stats": llm.stats.as_dict()}
        _print(llm.method, report["llm"])
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n")
    return report


if __name__ == "__main__":
    main()
