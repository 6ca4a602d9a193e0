"""Train and measure the learned triple scorer (:mod:`ingest.extract.scorer`) on the prose corpus.

    python -m bench.extract.train_scorer                 # candidate recall and grouped CV only
    python -m bench.extract.train_scorer --write         # also train on every document, write the weights

Every split of ``tests/fixtures/prose_corpus`` is development data. Each document's candidates
(pairs of mentions, and the filer with each mention) are labelled from its labelled sentences:
a candidate whose two parties a sentence it overlaps states a relation of (names matched as the
corpus scorer matches them), in one direction or the other, is that relation; a hedged or denied
relation is none. Measured by **grouped cross-validation by document** (folds over documents,
never a document in both training and evaluation), with the corpus scorer
(:func:`bench.extract.corpus.score_document`): the rules alone, the model alone, and rules ∪
model, per relation type, at each threshold. Per relation the threshold kept is the lowest at
which the model's additions to the rules are themselves at precision ≥ 0.95 on the CV; a
relation where none are is left to the rules. The model also reviews the rules: per relation the
rules find at precision under 0.95, the lowest review score (:data:`REVIEWS`) at which the rules'
findings the model supports reach 0.95 is kept (the others are held below the loading confidence).
Results: ``bench/results/extract_scorer_cv.json``.
Deterministic: the documents, the folds, the vocabulary and the solver (L-BFGS) are fixed.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
from scipy.sparse import csr_matrix
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GroupKFold

from bench.extract.corpus import CORPUS, ROOT, SCORED, TYPE_OF, aliases, counts_pr, gold, norm, same_party, score_document
from ownergraph.domain.sentences import split_sentences
from ownergraph.ingest.extract import extract
from ownergraph.ingest.extract.rules import Found
from ownergraph.ingest.extract.scorer import (
    FILER, HELD, NONE, RELATIONS, WEIGHTS, Candidate, candidates, labels, pair_label, triples,
)
from ownergraph.ingest.extract.values import Context

SPLITS = ("dev", "test", "heldout2", "heldout3", "heldout4")
RELATION_OF = {v: k for k, v in TYPE_OF.items()}
THRESHOLDS = (0.5, 0.6, 0.7, 0.8, 0.9, 0.95)
REVIEWS = (0.1, 0.2, 0.3, 0.5)  # the scores a rule's finding may be asked to reach
TARGET = 0.95
MIN_GAIN = 3  # true positives the model must add to a relation to be used for it
C = 0.1  # inverse L2 strength: of 0.1, 0.5 and 2 the most precise on the CV
MIN_COUNT = 2  # a feature seen once in training is left out
PRUNE = 0.03  # weights smaller than this are not shipped (the file stays under 1 MB)


@dataclass
class Doc:
    meta: dict[str, Any]
    text: str
    ctx: Context
    rules: list[Found]
    cands: list[Candidate]
    y: list[str]


def load_docs(splits: tuple[str, ...] = SPLITS, limit: int | None = None) -> tuple[list[Doc], dict[str, list[dict[str, Any]]]]:
    """Every document of ``splits`` with the rules' findings and its labelled candidates."""
    metas = [d for d in map(json.loads, (CORPUS / "documents.jsonl").read_text().splitlines()) if d["split"] in splits]
    metas.sort(key=lambda d: d["doc_id"])
    metas = metas[:limit] if limit else metas
    sents: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for s in map(json.loads, (CORPUS / "sentences.jsonl").read_text().splitlines()):
        if s["split"] in splits:
            sents[s["doc_id"]].append(s)
    docs = []
    for m in metas:
        text = (CORPUS / "documents" / f"{m['doc_id']}.txt").read_text()
        sentences = split_sentences(text)
        ctx = Context.of(text, m.get("company"))
        found = extract(text, sentences, m.get("company"), model=False)
        cands = candidates(text, sentences, ctx, found)
        docs.append(Doc(m, text, ctx, found, cands, _labels(m, text, cands, sents[m["doc_id"]])))
    return docs, sents


def _spans(text: str, labelled: list[dict[str, Any]], stated: bool = True) -> list[tuple[int, int, list[tuple[str, str, str]]]]:
    out, after = [], 0
    for s in labelled:
        start = text.find(s["text"], after)
        start = text.find(s["text"]) if start < 0 else start
        after = start + 1
        rels = gold(s["relations"]) if stated else [(r["type"], r["subject"], r["object"]) for r in s["relations"]]
        out.append((start, start + len(s["text"]), rels))
    return out


def _labels(meta: dict[str, Any], text: str, cands: list[Candidate], labelled: list[dict[str, Any]]) -> list[str]:
    terms = aliases(text, meta.get("company"))
    spans = _spans(text, labelled)
    out = []
    for c in cands:
        left = meta.get("company") if c.left == FILER else c.left
        truth = [t for a, b, ts in spans if a < c.sentence.end and c.sentence.start < b for t in ts]
        best, label = 0, NONE
        for kind, subject, obj in truth:
            if RELATION_OF.get(kind) not in RELATIONS or not left:
                continue
            for d, (x, y) in ((">", (left, c.right)), ("<", (c.right, left))):
                fit = min(_fit(subject, x, terms), _fit(obj, y, terms))
                if fit > best:
                    best, label = fit, f"{RELATION_OF[kind]}{d}"
        out.append(label)
    return out


def _fit(label: str, name: str, terms: dict[str, str]) -> int:
    """How well a labelled party names a mention: 2 the same name (or the defined term's), 1 as the
    corpus scorer matches loosely (a head or a tail: "Kraft Heinz" = "Kraft Heinz Foods Company"),
    0 not. A pair whose parties share a head ("Kraft Heinz Foods Company", "The Kraft Heinz
    Company") takes the direction that names both exactly."""
    if not same_party(label, name, terms):
        return 0
    full = terms.get(norm(label))
    return 2 if norm(label) == norm(name) or (full is not None and norm(full) == norm(name)) else 1


def candidate_recall(docs: list[Doc], sents: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """Per type: the share of stated relations whose two parties are a candidate pair of a sentence
    overlapping theirs (either direction)."""
    tally: dict[str, Counter] = defaultdict(Counter)
    for d in docs:
        terms = aliases(d.text, d.meta.get("company"))
        for a, b, truth in _spans(d.text, sents[d.meta["doc_id"]]):
            pairs = [(d.meta.get("company") if c.left == FILER else c.left, c.right) for c in d.cands
                     if c.sentence.start < b and a < c.sentence.end]
            for kind, s, o in truth:
                hit = any(x and ((same_party(s, x, terms) and same_party(o, y, terms))
                                 or (same_party(o, x, terms) and same_party(s, y, terms))) for x, y in pairs)
                tally[kind]["stated"] += 1
                tally[kind]["candidates"] += hit
    return {k: {**v, "recall": round(v["candidates"] / v["stated"], 3)} for k, v in sorted(tally.items())}


def vectorise(docs: list[Doc], vocab: dict[str, int] | None = None) -> tuple[csr_matrix, np.ndarray, dict[str, int]]:
    if vocab is None:
        counts = Counter(f for d in docs for c in d.cands for f in set(c.features))
        vocab = {f: i for i, f in enumerate(sorted(f for f, n in counts.items() if n >= MIN_COUNT))}
    rows, cols = [], []
    n = 0
    for d in docs:
        for c in d.cands:
            idx = sorted({vocab[f] for f in c.features if f in vocab})
            rows += [n] * len(idx)
            cols += idx
            n += 1
    x = csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(n, len(vocab)))
    classes = labels()
    y = np.array([classes.index(v) for d in docs for v in d.y])
    return x, y, vocab


def fit(docs: list[Doc]) -> tuple[LogisticRegression, dict[str, int]]:
    x, y, vocab = vectorise(docs)
    model = LogisticRegression(C=C, max_iter=400, solver="lbfgs")
    model.fit(x, y)
    return model, vocab


def score(model: LogisticRegression, vocab: dict[str, int], docs: list[Doc]) -> list[np.ndarray]:
    """Per document, each candidate's probability per class (columns as :func:`labels`)."""
    x, _, _ = vectorise(docs, vocab)
    p = model.predict_proba(x) if x.shape[0] else np.zeros((0, len(model.classes_)))
    full = np.zeros((p.shape[0], len(labels())))
    full[:, model.classes_] = p
    out, row = [], 0
    for d in docs:
        out.append(full[row:row + len(d.cands)])
        row += len(d.cands)
    return out


def best(d: Doc, probs: np.ndarray) -> list[tuple[Candidate, str, float]]:
    """Each candidate's likeliest relation class (not none) and its probability."""
    names = labels()
    return [(c, names[1 + int(np.argmax(probs[i, 1:]))], float(np.max(probs[i, 1:]))) for i, c in enumerate(d.cands)]


def reviewed(d: Doc, probs: np.ndarray, review: dict[str, float]) -> list[Found]:
    """The rules' findings of ``d`` with those of a reviewed relation the model scores under its
    review score held below the loading confidence (as :meth:`Scorer.reviewed` does)."""
    names, out = labels(), []
    for f in d.rules:
        need = review.get(f.relation)
        scores = [float(probs[i, names.index(k)]) for i, c in enumerate(d.cands) if need is not None
                  and c.sentence.start <= f.start < c.sentence.end and (k := pair_label(c, f, d.ctx.filer)) in names]
        out.append(replace(f, confidence=HELD) if scores and max(scores) < need and f.confidence >= HELD else f)
    return out


def evaluate(docs: list[Doc], sents: dict[str, list[dict[str, Any]]], probs: dict[str, np.ndarray],
             thresholds: dict[str, float], review: dict[str, float] | None = None, use_rules: bool = True,
             use_model: bool = True) -> dict[str, Any]:
    """The corpus scorer's figures for the rules (reviewed by the model at ``review``) and/or the
    model's triples at ``thresholds``."""
    tally: dict[str, Counter] = defaultdict(Counter)
    for d in docs:
        p = probs[d.meta["doc_id"]]
        rules = reviewed(d, p, review) if review else list(d.rules)
        # the model's triples: those the rules did not find where both are used, all of them alone
        model = triples(best(d, p), d.ctx, rules if use_rules else [], thresholds) if use_model else []
        found = (rules if use_rules else []) + model
        score_document(d.meta, sents[d.meta["doc_id"]], tally, lambda *_a, _f=found: _f)
    total: Counter = Counter()
    for k in SCORED:
        total.update(tally[k])
    return {"all": counts_pr(total), "by_type": {k: counts_pr(tally[k]) for k in SCORED if sum(tally[k].values())}}


def cross_validate(docs: list[Doc], sents: dict[str, list[dict[str, Any]]], folds: int = 5) -> dict[str, Any]:
    probs: dict[str, np.ndarray] = {}
    index = np.arange(len(docs))
    for k, (train, test) in enumerate(GroupKFold(n_splits=folds).split(index, groups=index)):
        model, vocab = fit([docs[i] for i in train])
        for i, part in zip(test, score(model, vocab, [docs[i] for i in test])):
            probs[docs[i].meta["doc_id"]] = part
        print(f"fold {k + 1}/{folds}: trained on {len(train)} documents, scored {len(test)}", flush=True)
    off = {r: 2.0 for r in RELATIONS}
    out: dict[str, Any] = {"rules": evaluate(docs, sents, probs, off, use_model=False), "model": {}, "combined": {},
                           "reviewed": {}}
    for t in THRESHOLDS:
        at = {r: t for r in RELATIONS}
        out["model"][str(t)] = evaluate(docs, sents, probs, at, use_rules=False)
        out["combined"][str(t)] = evaluate(docs, sents, probs, at)
    for t in REVIEWS:
        out["reviewed"][str(t)] = evaluate(docs, sents, probs, off, {r: t for r in RELATIONS}, use_model=False)
    chosen, review = choose(out), choose_review(out)
    out["chosen_thresholds"], out["chosen_review"] = chosen, review
    out["chosen"] = evaluate(docs, sents, probs, chosen, review)
    return out


def choose_review(cv: dict[str, Any]) -> dict[str, float]:
    """Per relation the rules find at precision under 0.95 on the CV, the lowest review score at
    which the reviewed rules reach it; none for the others."""
    review = {}
    for r in RELATIONS:
        kind = TYPE_OF[r]
        base = cv["rules"]["by_type"].get(kind)
        if base is None or base["precision"] is None or base["precision"] >= TARGET:
            continue
        ok = [t for t in REVIEWS if (c := cv["reviewed"][str(t)]["by_type"].get(kind))
              and c["precision"] is not None and c["precision"] >= TARGET]
        if ok:
            review[r] = min(ok)
    return review


def choose(cv: dict[str, Any]) -> dict[str, float]:
    """Per relation, the lowest threshold at which the model's additions to the rules are themselves
    at precision ≥ 0.95 on the CV (at least ``MIN_GAIN`` more true positives); else off (2.0): the
    loaded graph stays as precise as the rules make it, or more."""
    chosen = {}
    for r in RELATIONS:
        kind = TYPE_OF[r]
        base = cv["rules"]["by_type"].get(kind, {"tp": 0, "fp": 0})
        ok = []
        for t in THRESHOLDS:
            both = cv["combined"][str(t)]["by_type"].get(kind, {"tp": 0, "fp": 0})
            gain, cost = both["tp"] - base["tp"], both["fp"] - base["fp"]
            if gain >= MIN_GAIN and gain / (gain + cost) >= TARGET:
                ok.append(t)
        chosen[r] = min(ok) if ok else 2.0
    return chosen


def weights(model: LogisticRegression, vocab: dict[str, int], thresholds: dict[str, float],
            review: dict[str, float] | None = None) -> dict[str, Any]:
    """The model as data: per feature its weights by class index (:func:`labels`), those under
    ``PRUNE`` left out (a feature left with none is dropped)."""
    classes = labels()
    fitted = list(model.classes_)
    rows: dict[str, dict[str, float]] = {}
    for feat, j in sorted(vocab.items()):
        row = {str(k): round(float(model.coef_[fitted.index(k), j]), 3) for k in range(len(classes)) if k in fitted}
        row = {k: w for k, w in row.items() if abs(w) >= PRUNE}
        if row:
            rows[feat] = row
    bias = [round(float(model.intercept_[fitted.index(k)]), 3) if k in fitted else -30.0 for k in range(len(classes))]
    return {"classes": classes, "threshold": thresholds, "review": review or {}, "bias": bias, "weights": rows,
            "trained_on": "tests/fixtures/prose_corpus splits " + ", ".join(SPLITS), "C": C, "min_count": MIN_COUNT,
            "prune": PRUNE}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="train on every document and write the weights")
    ap.add_argument("--json", type=Path, default=ROOT / "bench" / "results" / "extract_scorer_cv.json")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--review", action="store_true", help="ship the review the CV chose (off by default: see the docs)")
    args = ap.parse_args(argv)
    docs, sents = load_docs()
    print(f"{len(docs)} documents, {sum(len(d.cands) for d in docs)} candidates, "
          f"{sum(v != NONE for d in docs for v in d.y)} labelled relations among them", flush=True)
    report: dict[str, Any] = {"documents": len(docs), "candidates": sum(len(d.cands) for d in docs),
                              "positives": dict(Counter(v for d in docs for v in d.y if v != NONE)),
                              "candidate_recall": candidate_recall(docs, sents), "C": C, "folds": args.folds}
    report["cv"] = cross_validate(docs, sents, args.folds)
    for name, part in (("rules", report["cv"]["rules"]), ("chosen", report["cv"]["chosen"])):
        print(name, {k: (v["tp"], v["fp"], v["fn"]) for k, v in part["by_type"].items()})
    print("chosen thresholds", report["cv"]["chosen_thresholds"], "review", report["cv"]["chosen_review"])
    args.json.write_text(json.dumps(report, indent=1) + "\n")
    if args.write:
        model, vocab = fit(docs)
        # the review is measured, not shipped unless asked: on the labelled real-filing set
        # (tests/evaluation/test_relation_labels.py) it held true ownership findings and no false one
        data = weights(model, vocab, report["cv"]["chosen_thresholds"], report["cv"]["chosen_review"] if args.review else {})
        WEIGHTS.write_text(json.dumps(data, separators=(",", ":"), sort_keys=True) + "\n")
        print(f"wrote {WEIGHTS} ({WEIGHTS.stat().st_size} bytes, {len(data['weights'])} features)")
    return report


if __name__ == "__main__":
    main()
