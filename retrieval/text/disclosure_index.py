"""Embedding the graph's documents into the vector index in resumable batches.

The manifest (``indexed.json`` beside the index) lists the statement ids of the documents whose
chunks are in the index. Each batch is chunked, embedded, upserted and flushed, and only then
added to the manifest (written to a temporary file and renamed, so a kill leaves the old or the
new list, never half of one). An interrupted run therefore resumes with the documents that are
not in the manifest; a batch cut short is embedded again, and its points replace themselves
(point ids are UUIDv5 of the chunk id).

Which documents are missing is read from the graph by id alone (``disclosure_ids``): an
up-to-date index costs one small query, not a read of every document's text.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ownergraph.graph.store.connection import Graph
from ownergraph.retrieval.text.chunking import chunk_text
from ownergraph.retrieval.text.model_files import Embedder
from ownergraph.retrieval.text.vector_points import VectorIndex, points_from_chunks

DOCUMENT_BATCH = 16  # documents per batch: a saved step of an interrupted run
CHUNK_BATCH = 256  # ... or fewer, once their chunks reach this (one long filing is a batch)

# (documents done, documents to do, chunks written so far)
IndexProgress = Callable[[int, int, int], None]


@dataclass
class IndexRun:
    """What one indexing run did: ``pending`` is what is still missing afterwards."""

    documents: int = 0
    chunks: int = 0
    already: int = 0
    pending: int = 0
    seconds: float = 0.0
    backend: str = "semantic"

    def as_dict(self) -> dict[str, Any]:
        return asdict(self) | {"seconds": round(self.seconds, 2)}


class Manifest:
    """The statement ids already in the index, saved atomically after each batch."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def load(self) -> set[str]:
        if not self.path.is_file():
            return set()
        try:
            return set(json.loads(self.path.read_text()))
        except (ValueError, TypeError):  # unreadable: index again (upserts replace, nothing lost)
            return set()

    def save(self, ids: set[str]) -> None:
        tmp = self.path.with_suffix(".json.tmp")
        tmp.write_text(json.dumps(sorted(ids)))
        os.replace(tmp, self.path)


def pending_documents(graph: Graph, done: set[str]) -> list[dict[str, Any]]:
    """The documents with text whose current statement is not in the index (ids only)."""
    return [r for r in graph.read("disclosure_ids") if r["statement_id"] not in done]


def _batches(graph: Graph, todo: list[dict[str, Any]], size: int) -> Iterator[list[dict[str, Any]]]:
    """Rows with text, ``size`` documents a read, cut where their chunks reach CHUNK_BATCH."""
    for start in range(0, len(todo), size):
        ids = [r["document_id"] for r in todo[start:start + size]]
        batch: list[dict[str, Any]] = []
        chunks = 0
        for row in graph.read("disclosures_to_index", document_ids=ids):
            row["chunks"] = chunk_text(row["text"], row["document_id"])
            batch.append(row)
            chunks += len(row["chunks"])
            if chunks >= CHUNK_BATCH:
                yield batch
                batch, chunks = [], 0
        if batch:
            yield batch


def index_documents(graph: Graph, index: VectorIndex, embedder: Embedder, manifest: Manifest, *,
                    batch: int = DOCUMENT_BATCH, progress: IndexProgress | None = None) -> IndexRun:
    """Embed the documents missing from ``index``, saving each batch as it finishes."""
    t0 = time.perf_counter()
    done = manifest.load()
    todo = pending_documents(graph, done)
    run = IndexRun(already=len(done))
    if progress:
        progress(0, len(todo), 0)
    for rows in _batches(graph, todo, max(1, int(batch))):
        texts = [c.text for row in rows for c in row["chunks"]]
        vectors = embedder.embed(texts) if texts else None
        points = []
        at = 0
        for row in rows:
            n = len(row["chunks"])
            if n:
                assert vectors is not None
                points += points_from_chunks(
                    row["chunks"], vectors[at:at + n], document_id=row["document_id"],
                    entity_keys=row["entity_keys"], filing_id=row["document_id"],
                    form_type=row.get("form_type"), filed_at=row.get("filed_at"), period=row.get("period"))
                at += n
        run.chunks += index.upsert(points)  # flushed to disk before the manifest names them
        done.update(row["statement_id"] for row in rows)
        manifest.save(done)
        run.documents += len(rows)
        if progress:
            progress(run.documents, len(todo), run.chunks)
    run.pending = len(todo) - run.documents
    run.seconds = time.perf_counter() - t0
    return run
