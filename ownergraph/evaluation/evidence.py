"""Labelled evidence spans on real filings: the task of query-aware compression.

Task: given a question about a relationship (its type and parties, as the graph side knows
them) and a result set of ~200-token chunks of real filings, keep the sentences a person
labelled as stating that relationship, and as little else as possible.

Built from the hand-labelled sentences of ``tests/fixtures/real/filings/labels/`` (see
``tests/fixtures/real/SOURCES.md``): every labelled relationship (relation, ``a``, ``b``) in a
document is one question, worded from a template of its type; its gold evidence is every
labelled sentence of that document stating the same relationship (the chunker's sentence
holding it, where the chunker splits the text differently). Its result set is what a
vector search over the filings would return: the chunks holding the gold sentences, chunks of
the same document holding other labelled sentences (chosen by keyword, so they read like
evidence; most state nothing or something else), one neighbouring chunk, and chunks of other
filings holding labelled sentences: ``RESULT_CHUNKS`` chunks in all.

Split by filing (the file, every ``<DOCUMENT>`` of a submission together): :func:`heldout`
says which filings are held out; distractor chunks come only from filings on the same side,
so nothing of a held-out filing is in the training data.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ownergraph.evaluation.relations import norm, document_text, load
from ownergraph.retrieval.text.chunking import Chunk, chunk_text
from ownergraph.domain.sentences import Sentence

__all__ = ["LABELS", "RESULT_CHUNKS", "EvidenceCase", "filing_of", "heldout", "real_cases", "split"]

LABELS = ("filings/labels/relation_sentences.jsonl", "filings/labels/relation_sentences_heldout.jsonl")
RESULT_CHUNKS = 10
CHUNK_TOKENS = 200

# One question per relationship; {a} and {b} are the labelled parties (rules.Found: a owns /
# acquires / is the parent of / lends to / guarantees / absorbs / spins off / sells / controls
# b; for "renamed" a is the new name and b the old one).
TEMPLATES: dict[str, tuple[str, ...]] = {
    "owns": ("Who owns {b}?", "What stake does {a} hold in {b}?", "Does {a} own shares of {b}?"),
    "subsidiary": ("Is {b} a subsidiary of {a}?", "What is the parent company of {b}?",
                   "Which subsidiaries does {a} have?"),
    "acquired": ("When did {a} acquire {b}?", "Who acquired {b}?", "Which companies has {a} acquired?"),
    "merged": ("Did {b} merge with {a}?", "Which company did {b} merge into?"),
    "renamed": ("What was {a} formerly called?", "Was {b} renamed {a}?"),
    "loan": ("Which loans or credit facilities link {a} and {b}?", "Who lends money to {b}?"),
    "guarantee": ("Who guarantees the obligations of {b}?", "Has {a} guaranteed debt of {b}?"),
    "spun_off": ("Which company did {a} spin off?", "When was {b} spun off from {a}?"),
    "sold": ("Who sold {b}?", "To whom did {a} sell {b}?"),
    "controlling": ("Who controls {b}?", "Does {a} control {b}?"),
}


@dataclass
class EvidenceCase:
    """One question, its result set and its gold evidence sentences."""

    question: str
    entity_names: list[str]
    chunks: list[Chunk]
    gold: list[tuple[str, int, int]]  # (doc_id, start, end)
    kind: str
    filing: str = ""
    source: str = "real"
    documents: set[str] = field(default_factory=set)  # every document a chunk comes from

    def sentences(self) -> list[Sentence]:
        return [s for ch in self.chunks for s in ch.sentences]


def filing_of(doc: str) -> str:
    """The file of a labelled document ("filings/8-K/x.txt#2" -> "filings/8-K/x.txt")."""
    return doc.partition("#")[0]


def heldout(filing: str) -> bool:
    """Whether a filing is held out from training: every filing of the second label file (its
    sentences were labelled after the extractor was written), and a third of the others, by a
    hash of the path (stable, and blind to what the filing says)."""
    if filing.startswith("sec/ex21/"):
        return True
    return hashlib.blake2b(filing.encode(), digest_size=4).digest()[0] % 3 == 0


def _seed(*parts: str) -> int:
    return int.from_bytes(hashlib.blake2b("|".join(parts).encode(), digest_size=8).digest(), "little")


def _rows(root: Path) -> list[dict[str, Any]]:
    return [r for name in LABELS for r in load(root / name)]


def real_cases(root: Path, *, only: str | None = None, limit: int | None = None,
               result_chunks: int = RESULT_CHUNKS) -> list[EvidenceCase]:
    """The labelled cases (module notes); ``only="train"`` / ``"heldout"`` keeps one side of
    the split (and reads only that side's filings)."""
    rows = _rows(root)
    if only is not None:
        if only not in ("train", "heldout"):
            raise ValueError("only must be 'train', 'heldout' or None")
        rows = [r for r in rows if heldout(filing_of(r["doc"])) == (only == "heldout")]
    by_doc: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        by_doc.setdefault(r["doc"], []).append(r)
    chunks: dict[str, list[Chunk]] = {d: chunk_text(document_text(root, d), d, max_tokens=CHUNK_TOKENS)
                                      for d in sorted(by_doc)}
    # chunks holding a labelled sentence, per side of the split: the keyword-rich distractors
    labelled: dict[bool, list[Chunk]] = {True: [], False: []}
    for d, rs in sorted(by_doc.items()):
        spans = {(r["start"], r["end"]) for r in rs}
        labelled[heldout(filing_of(d))] += [c for c in chunks[d] if any(c.start <= a < c.end for a, _ in spans)]

    cases: list[EvidenceCase] = []
    for d, rs in sorted(by_doc.items()):
        groups: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
        rels: dict[tuple[str, str, str], dict[str, Any]] = {}
        for r in rs:
            for rel in r["relations"]:
                key = (rel["relation"], norm(rel["a"]), norm(rel["b"]))
                groups.setdefault(key, []).append(r)
                rels.setdefault(key, rel)
        for key, gold_rows in sorted(groups.items()):
            rel = rels[key]
            rng = random.Random(_seed(d, *key))
            question = rng.choice(TEMPLATES[rel["relation"]]).format(a=rel["a"], b=rel["b"])
            names = sorted({rel["a"], rel["b"], *rel.get("a_also", []), *rel.get("b_also", [])})
            gold = sorted({(d, a, b) for r in gold_rows for a, b in _covering(chunks[d], r["start"], r["end"])})
            cases.append(_result_set(question, names, gold, rel["relation"], chunks[d], rs,
                                     labelled[heldout(filing_of(d))], rng, result_chunks))
            if limit is not None and len(cases) >= limit:
                return cases
    return cases


def _covering(chunks: list[Chunk], start: int, end: int) -> list[tuple[int, int]]:
    """The chunker's sentences over a labelled span: usually the span itself; where the
    chunker splits or joins differently from the labeller's reader, the sentences that hold it
    (keeping them keeps the evidence)."""
    return [(s.start, s.end) for c in chunks if c.start < end and c.end > start
            for s in c.sentences if s.start < end and s.end > start]


def _result_set(question: str, names: list[str], gold: list[tuple[str, int, int]], kind: str,
                doc_chunks: list[Chunk], doc_rows: list[dict[str, Any]], pool: list[Chunk],
                rng: random.Random, n: int) -> EvidenceCase:
    def holds(c: Chunk, spans: Iterable[tuple[int, int]]) -> bool:
        return any(c.start <= a < c.end for a, _ in spans)

    gold_spans = [(a, b) for _, a, b in gold]
    chosen = [c for c in doc_chunks if holds(c, gold_spans)][:n]
    other_spans = [(r["start"], r["end"]) for r in doc_rows if not any(a <= r["start"] < b for _, a, b in gold)]
    same_doc = [c for c in doc_chunks if c not in chosen and holds(c, other_spans)]
    rng.shuffle(same_doc)
    chosen += same_doc[:max(0, min(3, n - len(chosen)))]
    neighbours = [c for c in doc_chunks if c not in chosen and any(abs(c.index - g.index) == 1 for g in chosen[:1])]
    chosen += neighbours[:max(0, min(1, n - len(chosen)))]
    filing = filing_of(gold[0][0])
    others = [c for c in pool if filing_of(c.doc_id) != filing]
    rng.shuffle(others)
    chosen += others[:max(0, n - len(chosen))]
    rng.shuffle(chosen)  # retrieval order is not document order
    return EvidenceCase(question, names, chosen, gold, kind, filing, "real", {c.doc_id for c in chosen})


def split(cases: Sequence[EvidenceCase]) -> tuple[list[EvidenceCase], list[EvidenceCase]]:
    """(training, held-out) cases of :func:`real_cases` by the filing they ask about."""
    train = [c for c in cases if not heldout(c.filing)]
    test = [c for c in cases if heldout(c.filing)]
    return train, test
