"""Public embedding API: all-MiniLM-L6-v2 (384-d, L2-normalised float32), offline.

Example::

    from ownergraph.retrieval.embedding import default_embedder
    vecs = default_embedder().embed(["The company owns 60% of the shares"])  # (1, 384)

Backend: sentence-transformers when importable, else onnxruntime (the ``onnx`` extra), else the
numpy encoder; force one with ``OWNERGRAPH_EMBEDDING_BACKEND=numpy|onnx|sentence-transformers``. ``OWNERGRAPH_EMBED_THREADS``
caps OpenBLAS threads while encoding (default 1 on machines with <= 2 CPUs). Without the model
(a plain ``pip install ownergraph``) the loaders raise :class:`EmbeddingUnavailable`; ``ownergraph
setup`` installs it, and until then disclosure search is lexical (:mod:`retrieval.lexical`).
"""

from ownergraph.retrieval._embedding import (
    DIM,
    MAX_SEQ_LENGTH,
    CachedEmbedder,
    Embedder,
    EmbeddingUnavailable,
    NumpyMiniLMEmbedder,
    OnnxMiniLMEmbedder,
    SentenceTransformerEmbedder,
    default_embedder,
    model_available,
    model_path,
    onnx_available,
    sentence_transformers_available,
)

__all__ = [
    "DIM",
    "MAX_SEQ_LENGTH",
    "CachedEmbedder",
    "Embedder",
    "EmbeddingUnavailable",
    "NumpyMiniLMEmbedder",
    "OnnxMiniLMEmbedder",
    "SentenceTransformerEmbedder",
    "default_embedder",
    "model_available",
    "model_path",
    "onnx_available",
    "sentence_transformers_available",
]
