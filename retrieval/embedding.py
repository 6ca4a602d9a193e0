"""Public embedding API: all-MiniLM-L6-v2 (384-d, L2-normalised float32), offline.

>>> from retrieval.embedding import default_embedder
>>> vecs = default_embedder().embed(["The company owns 60% of the shares"])  # (1, 384)
"""

from retrieval._embedding import (
    DIM,
    MAX_SEQ_LENGTH,
    CachedEmbedder,
    Embedder,
    EmbeddingUnavailable,
    NumpyMiniLMEmbedder,
    SentenceTransformerEmbedder,
    default_embedder,
    model_path,
    sentence_transformers_available,
)

__all__ = [
    "DIM",
    "MAX_SEQ_LENGTH",
    "CachedEmbedder",
    "Embedder",
    "EmbeddingUnavailable",
    "NumpyMiniLMEmbedder",
    "SentenceTransformerEmbedder",
    "default_embedder",
    "model_path",
    "sentence_transformers_available",
]
