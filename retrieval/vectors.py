"""Public vector-index API (see :mod:`retrieval._vector_store` for the backends).

Example::

    from ownergraph.retrieval.vectors import open_index, points_from_chunks
    index = open_index(os.environ.get("QDRANT_URL"), home / "vectors", "disclosures", 384)
    index.upsert(points_from_chunks(chunks, vectors, entity_keys=[lei], form_type="SC 13D",
                                    filed_at="2024-01-05", filing_id=accession))
    hits = index.search(question_vector, top_k=8, entity_keys=[lei], filed_before="2024-06-30")
"""

from ownergraph.retrieval._vector_store import (
    EdgeIndex,
    Hit,
    QdrantClientIndex,
    VectorIndex,
    VectorPoint,
    edge_available,
    open_index,
    point_id,
    points_from_chunks,
)

__all__ = [
    "EdgeIndex",
    "Hit",
    "QdrantClientIndex",
    "VectorIndex",
    "VectorPoint",
    "edge_available",
    "open_index",
    "point_id",
    "points_from_chunks",
]
