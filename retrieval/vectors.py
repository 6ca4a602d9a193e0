"""Public vector-index API (see :mod:`retrieval._vector_store` for the backends).

>>> from retrieval.vectors import open_index
>>> index = open_index(os.environ.get("QDRANT_URL"), home / "vectors", "disclosures", 384)
>>> index.search(vec, top_k=8, entity_keys=["LEI:..."], filed_before="2024-06-30")
"""

from retrieval._vector_store import (
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
