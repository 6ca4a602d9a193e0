"""Disclosure text as the second retriever: the graph's documents in a vector index.

:func:`index_disclosures` (run by ``ownergraph ingest`` after the load, and by ``ownergraph
index``) chunks every (:Document) not yet indexed into sentence windows, embeds them with the
bundled MiniLM and upserts them with the resolved entity ids the document files or mentions
(so text and graph share one set of entities), its filing id, form type, filed_at and period,
in batches saved as they finish (:mod:`retrieval.text.disclosure_index`). An ask embeds at most a
few missing documents itself; more are searched by words until they are indexed, so a question
never waits for a corpus to be embedded.
``search`` filters by those entities and by ``filed_at <= known_at`` (a question never reads a
filing published after its knowledge date), then compresses the sentences of the hits
verbatim to the token budget, keeping their offsets for citations.

:func:`open_text_retriever` is what ``connect()`` uses: this retriever when the embedding model
is installed, else :class:`~retrieval.lexical.LexicalRetriever` (BM25, with a notice naming
``ownergraph setup``).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from ownergraph.domain.settings import Settings, load_settings
from ownergraph.graph.store.connection import Graph
from ownergraph.domain.errors import VectorIndexBusy
from ownergraph.retrieval.text.disclosure_index import (
    DOCUMENT_BATCH,
    IndexProgress,
    IndexRun,
    Manifest,
    index_documents,
    pending_documents,
)
from ownergraph.retrieval.text.compression import compress, hit_sentences
from ownergraph.retrieval.text.model_files import Embedder, model_available
from ownergraph.domain.errors import EmbeddingUnavailable
from ownergraph.retrieval.text.embedding import default_embedder
from ownergraph.retrieval.text.lexical import EntityNames, LexicalRetriever, lexical_candidates
from ownergraph.retrieval.text.vector_points import VectorIndex
from ownergraph.retrieval.text.vectors import open_index

TOP_K = 12
ASK_EMBEDS = 8  # missing documents an ask embeds itself (seconds); more are searched by words
BUSY_WAIT_S = 15.0  # an ask holds the index for its run (seconds); indexing waits that long for it
BUSY = ("The vector index is being written by another process (an ingest or `ownergraph index`): "
        "disclosure text was searched by words this time.")


class DisclosureRetriever:
    """Semantic search (MiniLM vectors in the vector index) over the graph's documents."""

    backend = "semantic"

    def __init__(self, graph: Graph, index: VectorIndex, manifest: Path, embedder: Embedder) -> None:
        self.graph = graph
        self.index = index
        self.manifest = manifest
        self.embedder = embedder
        self.notice: str | None = None
        self.unindexed: set[str] = set()  # document ids searched by words until they are embedded
        self._entity_names = EntityNames(graph)

    @classmethod
    def open(cls, graph: Graph, settings: Settings | None = None, *, sync: bool = True) -> DisclosureRetriever:
        """The retriever on the graph's on-disk index; ``sync`` catches up as an ask may
        (:meth:`catch_up`: a few missing documents are embedded, more are searched by words)."""
        settings = settings or load_settings()
        where = settings.home / "vectors" / graph.database
        where.mkdir(parents=True, exist_ok=True)
        index = open_index(settings.qdrant_url, where, "disclosures", 384)
        retriever = cls(graph, index, where / "indexed.json", default_embedder())
        if sync:
            retriever.catch_up()
        return retriever

    def index_pending(self, *, batch: int = DOCUMENT_BATCH, progress: IndexProgress | None = None) -> IndexRun:
        """Embed every document not yet in the index, in batches saved as they finish (an
        interrupted run resumes where it stopped)."""
        run = index_documents(self.graph, self.index, self.embedder, Manifest(self.manifest),
                              batch=batch, progress=progress)
        self.unindexed = set()
        self.notice = None
        return run

    def sync(self, batch: int = DOCUMENT_BATCH) -> int:
        """Index documents added since the last sync; returns how many chunks were written."""
        return self.index_pending(batch=batch).chunks

    def catch_up(self, limit: int = ASK_EMBEDS) -> int:
        """What an ask does before searching: embed up to ``limit`` missing documents (an ingest
        normally left none); more than that are searched by words, with a notice naming
        ``ownergraph index``, so that a question never waits for a whole corpus to be embedded."""
        missing = pending_documents(self.graph, Manifest(self.manifest).load())
        if len(missing) <= limit:
            return self.sync() if missing else 0
        self.unindexed = {r["document_id"] for r in missing}
        self.notice = (f"{len(missing)} disclosure documents are not in the vector index yet (searched "
                       "by words this time): `ownergraph index` embeds them.")
        return 0

    def search(self, question: str, entity_keys: list[str], *, known_at: datetime,
               budget: str | int = "medium") -> list[dict[str, Any]]:
        if not entity_keys:
            return []
        qv = self.embedder.embed([question])[0]
        hits = self.index.search(qv, top_k=TOP_K, entity_keys=entity_keys, filed_before=known_at)
        hits = [h for h in hits if h.document_id not in self.unindexed]  # an older text of theirs
        sentences = [s for h in hits for s in hit_sentences(h)]
        keys_of: dict[str, Sequence[str]] = {h.document_id: h.entity_keys for h in hits}
        if self.unindexed:  # documents not embedded yet: their best sentences by words
            by_words, their_keys = lexical_candidates(self.graph, question, entity_keys, known_at=known_at,
                                                      documents=self.unindexed)
            sentences += by_words
            keys_of.update(their_keys)
        if not sentences:
            return []
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
        except VectorIndexBusy:  # being indexed right now: answer by words rather than wait
            return LexicalRetriever(graph, notice=BUSY)
    return LexicalRetriever(graph)


def index_disclosures(graph: Graph, settings: Settings | None = None, *, batch: int = DOCUMENT_BATCH,
                      progress: IndexProgress | None = None, wait: float = BUSY_WAIT_S) -> IndexRun:
    """Embed the graph's documents that the vector index lacks (what ``ownergraph ingest`` and
    ``ownergraph index`` run), each batch saved as it finishes. Without the embedding model
    there is nothing to build (``backend="lexical"``: text is searched by words). An index open
    in another process (an ask holds it for its run) is waited for up to ``wait`` seconds, then
    :class:`VectorIndexBusy` is raised."""
    if not model_available():
        return IndexRun(backend="lexical")
    deadline = time.monotonic() + wait
    while True:
        try:
            retriever = DisclosureRetriever.open(graph, settings, sync=False)
            break
        except VectorIndexBusy:
            if time.monotonic() >= deadline:
                raise
            time.sleep(0.5)
    try:
        return retriever.index_pending(batch=batch, progress=progress)
    finally:
        retriever.index.close()  # frees the on-disk index for the next process


__all__ = ["DisclosureRetriever", "IndexProgress", "IndexRun", "index_disclosures", "open_text_retriever"]
