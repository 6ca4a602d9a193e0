"""Vector-only RAG baseline: the same disclosures, the same embedding model, no graph.

The disclosures (``(:Document {text})`` in the graph: the same texts the graph system can
cite) are cut into chunks (:func:`retrieval.text.chunking.chunk_text`), embedded with
:func:`retrieval.text.embedding.default_embedder` and searched exactly (cosine, top ``k``) for each
question; chunks filed after the question's ``known_at`` are left out. Everything downstream is
deliberately naive, as a text-only pipeline would be without a graph:

- retrieved entities: every known entity name (a gazetteer of entity names and name aliases)
  found verbatim in the top-k chunks;
- retrieved edges: pairs of entities named in the same sentence;
- structured answer: the entities named (minus the question's own anchors) for set-like
  questions; for a stake, the first percentage in a sentence naming both parties (else none);
  "no path" when no chunk names both parties;
- text answer: the chunk sentences that name an anchor (else the best chunk's first sentence),
  each cited ``[n]`` by its chunk's rank.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from ownergraph.retrieval.text.chunking import Chunk, chunk_text
from ownergraph.domain.sentences import split_sentences
from ownergraph.evaluation.score import Outcome

_PCT = re.compile(r"(\d+(?:\.\d+)?)\s*%")
MIN_NAME = 5


@dataclass
class _Doc:
    chunk: Chunk
    filed_at: str | None
    document_id: str


class VectorBaseline:
    def __init__(self, docs: list[dict[str, Any]], names: dict[str, str], *, k: int = 5,
                 embedder: Any = None, max_tokens: int = 160) -> None:
        """``docs``: rows with ``document_id``, ``text``, ``filed_at``; ``names``: name -> key."""
        if embedder is None:
            from ownergraph.retrieval.text.embedding import default_embedder

            embedder = default_embedder()
        self.embedder = embedder
        self.k = k
        self.items: list[_Doc] = []
        for d in docs:
            if not d.get("text"):
                continue
            for c in chunk_text(d["text"], str(d["document_id"]), max_tokens=max_tokens):
                self.items.append(_Doc(c, (str(d.get("filed_at")) or "")[:10] or None, str(d["document_id"])))
        self.vectors = (np.asarray(embedder.embed([i.chunk.text for i in self.items]), dtype=np.float32)
                        if self.items else np.zeros((0, 384), dtype=np.float32))
        self.names = {n: k for n, k in names.items() if len(n) >= MIN_NAME}
        # longest names first, so that "Acme Holdings Ltd" wins over "Acme Holdings"
        self._ordered = sorted(self.names, key=len, reverse=True)

    def mentioned(self, text: str) -> list[str]:
        keys: list[str] = []
        spans: list[tuple[int, int]] = []
        for n in self._ordered:
            start = text.find(n)
            while start >= 0:
                end = start + len(n)
                if not any(s < end and start < e for s, e in spans):
                    spans.append((start, end))
                    if self.names[n] not in keys:
                        keys.append(self.names[n])
                start = text.find(n, end)
        return keys

    def search(self, question: str, known_at: str | None) -> list[_Doc]:
        if not self.items:
            return []
        qv = np.asarray(self.embedder.embed([question]), dtype=np.float32)[0]
        sims = self.vectors @ qv
        order = np.argsort(-sims)
        out = []
        for i in order:
            it = self.items[int(i)]
            if known_at and it.filed_at and it.filed_at > known_at[:10]:
                continue
            out.append(it)
            if len(out) >= self.k:
                break
        return out

    def answer(self, question: Any) -> Outcome:
        t0 = time.perf_counter()
        hits = self.search(question.text, question.known_at)
        anchors = self.mentioned(question.text)
        entities: set[str] = set(anchors)
        pairs: set[tuple[str, str]] = set()
        sentences: list[tuple[int, str, list[str]]] = []
        for rank, h in enumerate(hits, 1):
            for s in split_sentences(h.chunk.text, h.document_id):
                keys = self.mentioned(s.text)
                entities.update(keys)
                for i, a in enumerate(keys):
                    for b in keys[i + 1:]:
                        pairs.add((a, b))
                sentences.append((rank, s.text, keys))
        others = sorted(entities - set(anchors))
        kind = question.expected.get("kind")
        structured: dict[str, Any]
        if kind == "stake" and len(anchors) >= 2:
            pct = None
            for _, text, keys in sentences:
                if anchors[0] in keys and anchors[1] in keys:
                    m = _PCT.search(text)
                    if m:
                        pct = float(m.group(1))
                        break
            structured = {"kind": "stake", "lo": pct, "hi": pct} if pct is not None else {"kind": "no_path"}
        elif kind == "no_path":
            both = len(anchors) >= 2 and any(anchors[0] in k and anchors[1] in k for _, _, k in sentences)
            structured = {"kind": "path"} if both else {"kind": "no_path"}
        elif kind == "owners":
            structured = {"kind": "owners", "keys": others}
        elif kind == "parents":
            reasons = sorted({f"{lvl}:{r}" for _, t, _ in sentences
                              for r in re.findall(r"\b(NON_PUBLIC|NATURAL_PERSONS|NO_KNOWN_PERSON|NON_CONSOLIDATING|"
                                                  r"NO_LEI|BINDING_LEGAL_COMMITMENTS|LEGAL_OBSTACLES|"
                                                  r"DISCLOSURE_DETRIMENTAL|CONSENT_NOT_OBTAINED)\b", t)
                              for lvl in ("direct",)})
            structured = {"kind": "parents", "direct": others, "ultimate": [], "exceptions": reasons}
        else:
            structured = {"kind": "set", "keys": others}
        chosen = [(r, t) for r, t, k in sentences if set(k) & set(anchors)][:3] or \
            [(r, t) for r, t, _ in sentences[:1]]
        text = " ".join(f"{t.strip()} [{r}]" for r, t in chosen) if chosen else "No relevant disclosure found."
        return Outcome(entities, pairs, structured, text, len(hits), (time.perf_counter() - t0) * 1000)


__all__ = ["VectorBaseline"]
