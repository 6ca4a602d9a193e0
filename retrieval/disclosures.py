"""Disclosure text as the second retriever: the graph's documents in a vector index.

``sync`` chunks every (:Document) not yet indexed into sentence windows, embeds them with the
bundled MiniLM and upserts them with the resolved entity ids the document files or mentions
(so text and graph share one set of entities), its filing id, form type, filed_at and period.
``search`` filters by those entities and by ``filed_at <= known_at`` (a question never reads a
filing published after its knowledge date), then compresses the sentences of the hits
verbatim to the token budget, keeping their offsets for citations.

:func:`open_text_retriever` is what ``connect()`` uses: this retriever when the embedding model
is installed, else :class:`~retrieval.lexical.LexicalRetriever` (BM25, with a notice naming
``ownergraph setup``).
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

from ownergraph.graph.config import Settings, load_settings
from ownergraph.graph.connection import Graph
from ownergraph.retrieval.chunking import chunk_text
from ownergraph.retrieval.compression import compress, hit_sentences
from ownergraph.retrieval.embedding import Embedder, EmbeddingUnavailable, default_embedder, model_available
from ownergraph.retrieval.lexical import EntityNames, LexicalRetriever
from ownergraph.retrieval.vectors import VectorIndex, open_index, points_from_chunks

TOP_K = 12


class DisclosureRetriever:
    """Semantic search (MiniLM vectors in the vector index) over the graph's documents."""

    backend = "semantic"
    notice: str | None = None

    def __init__(self, graph: Graph, index: VectorIndex, manifest: Path, embedder: Embedder) -> None:
        self.graph = graph
        self.index = index
        self.manifest = manifest
        self.embedder = embedder
        self._entity_names = EntityNames(graph)

    @classmethod
    def open(cls, graph: Graph, settings: Settings | None = None, *, sync: bool = True) -> DisclosureRetriever:
        settings = settings or load_settings()
        where = settings.home / "vectors" / graph.database
        where.mkdir(parents=True, exist_ok=True)
        index = open_index(settings.qdrant_url, where, "disclosures", 384)
        retriever = cls(graph, index, where / "indexed.json", default_embedder())
        if sync:
            retriever.sync()
        return retriever

    def _indexed(self) -> set[str]:
        if self.manifest.is_file():
            return set(json.loads(self.manifest.read_text()))
        return set()

    def sync(self, batch: int = 64) -> int:
        """Index documents added since the last sync; returns how many chunks were written."""
        done = self._indexed()
        rows = [r for r in self.graph.read("disclosures_for_index") if r["statement_id"] not in done]
        written = 0
        for row in rows:
            chunks = chunk_text(row["text"], row["document_id"])
            if chunks:
                vectors = self.embedder.embed([c.text for c in chunks])
                points = points_from_chunks(
                    chunks, vectors, document_id=row["document_id"], entity_keys=row["entity_keys"],
                    filing_id=row["document_id"], form_type=row.get("form_type"),
                    filed_at=row.get("filed_at"), period=row.get("period"))
                written += self.index.upsert(points)
            done.add(row["statement_id"])
        if rows:
            self.manifest.write_text(json.dumps(sorted(done)))
        return written

    def search(self, question: str, entity_keys: list[str], *, known_at: datetime,
               budget: str | int = "medium") -> list[dict[str, Any]]:
        if not entity_keys:
            return []
        qv = self.embedder.embed([question])[0]
        hits = self.index.search(qv, top_k=TOP_K, entity_keys=entity_keys, filed_before=known_at)
        sentences = [s for h in hits for s in hit_sentences(h)]
        if not sentences:
            return []
        keys_of = {h.document_id: h.entity_keys for h in hits}
        names = self._entity_names(entity_keys)
        kept = compress(question, sentences, entity_names=names, budget=budget, embedder=self.embedder,
                        question_vector=qv)
        return [{"document_id": s.doc_id, "start": s.start, "end": s.end, "text": s.text,
                 "entity_keys": [k for k in keys_of.get(s.doc_id, ()) if k in entity_keys]}
                for s in kept.kept]


def open_text_retriever(graph: Graph, settings: Settings | None = None, *,
                        sync: bool = True) -> DisclosureRetriever | LexicalRetriever:
    """Semantic disclosure search when the embedding model is installed, else lexical (BM25).

    The check reads the environment each time (``OWNERGRAPH_EMBEDDING_MODEL=none`` says there
    is no model); the lexical retriever's ``notice`` names ``ownergraph setup``.
    """
    if model_available():
        try:
            return DisclosureRetriever.open(graph, settings, sync=sync)
        except EmbeddingUnavailable:  # files there but not loadable (a backend forced, a bad copy)
            pass
    return LexicalRetriever(graph)
