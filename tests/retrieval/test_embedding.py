"""all-MiniLM-L6-v2 embeddings: the numpy encoder against published reference values."""

from __future__ import annotations

import os

import numpy as np
import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

from ownergraph.retrieval.text import minilm_numpy as _minilm_numpy  # noqa: E402
from ownergraph.retrieval.text.model_files import DIM, Embedder, model_path, sentence_transformers_available
from ownergraph.retrieval.text.embedding import CachedEmbedder, default_embedder
from ownergraph.retrieval.text.minilm_numpy import NumpyMiniLMEmbedder
from ownergraph.retrieval.text.minilm_onnx import onnx_available


@pytest.fixture(scope="module")
def numpy_embedder() -> NumpyMiniLMEmbedder:
    return NumpyMiniLMEmbedder()


def test_bundled_model_files_present() -> None:
    path = model_path()
    for name in ("model.safetensors", "tokenizer.json", "config.json", "modules.json", "1_Pooling/config.json"):
        assert (path / name).is_file(), name


def test_reference_similarities_from_sentence_transformers_readme(numpy_embedder: NumpyMiniLMEmbedder) -> None:
    # sentence-transformers README / quickstart, model "all-MiniLM-L6-v2":
    # similarities = [[1.0000, 0.6660, 0.1046], [0.6660, 1.0000, 0.1411], [0.1046, 0.1411, 1.0000]]
    vecs = numpy_embedder.embed(["The weather is lovely today.", "It's so sunny outside!", "He drove to the stadium."])
    sims = vecs @ vecs.T
    expected = np.array([[1.0, 0.6660, 0.1046], [0.6660, 1.0, 0.1411], [0.1046, 0.1411, 1.0]])
    np.testing.assert_allclose(sims, expected, atol=2e-3)


def test_shape_dtype_unit_norm_deterministic(numpy_embedder: NumpyMiniLMEmbedder) -> None:
    texts = ["The company owns 60% of the shares", "Borealis Shipping AS is a subsidiary of Petrov Holdings Ltd."]
    a = numpy_embedder.embed(texts)
    b = numpy_embedder.embed(texts)
    assert a.shape == (2, DIM) and a.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(a, axis=1), 1.0, atol=1e-5)
    np.testing.assert_array_equal(a, b)
    assert isinstance(numpy_embedder, Embedder)
    assert numpy_embedder.embed([]).shape == (0, DIM)


def test_padding_and_batching_do_not_change_vectors(numpy_embedder: NumpyMiniLMEmbedder) -> None:
    short = "Loan."
    long = "Kestrel Mining S.A. has guaranteed the obligations of Vanta Logistics Inc. under a revolving credit facility."
    alone = numpy_embedder.embed([short])[0]
    batched = numpy_embedder.embed([long, short, long])[1]  # padded to the long one's length
    assert float(alone @ batched) > 0.99999


def test_paraphrase_scores_higher_than_unrelated(numpy_embedder: NumpyMiniLMEmbedder) -> None:
    a, b, c = numpy_embedder.embed([
        "The company owns 60% of the shares",
        "60 percent of the shares are held by the company",
        "The weather is sunny",
    ])
    assert float(a @ b) > 0.8
    assert float(a @ b) > float(a @ c) + 0.5
    assert float(b @ c) < 0.2


def test_truncates_to_256_word_pieces(numpy_embedder: NumpyMiniLMEmbedder) -> None:
    text = "ownership " * 600
    ids = numpy_embedder.token_ids([text])[0]
    assert len(ids) == 256 and ids[0] == 101 and ids[-1] == 102  # [CLS] ... [SEP]
    vec = numpy_embedder.embed([text])
    assert np.isfinite(vec).all()


def test_fast_erf_matches_scipy() -> None:
    from scipy.special import erf

    x = np.linspace(-10, 10, 200_001, dtype=np.float32)
    np.testing.assert_allclose(_minilm_numpy._erf(x), erf(x.astype(np.float64)), atol=1e-6)
    gelu = _minilm_numpy._gelu(x)
    ref = 0.5 * x.astype(np.float64) * (1 + erf(x.astype(np.float64) / np.sqrt(2)))
    np.testing.assert_allclose(gelu, ref, atol=1e-5)


def test_cached_embedder_reuses_vectors(numpy_embedder: NumpyMiniLMEmbedder) -> None:
    cached = CachedEmbedder(numpy_embedder)
    first = cached.embed(["alpha owns beta", "gamma lends to delta", "alpha owns beta"])
    assert cached.misses == 2
    again = cached.embed(["gamma lends to delta"])
    assert cached.hits == 1 and cached.misses == 2
    np.testing.assert_array_equal(first[1], again[0])
    np.testing.assert_array_equal(first[0], first[2])


def test_default_embedder_is_a_cached_singleton() -> None:
    e1 = default_embedder()
    e2 = default_embedder()
    assert e1 is e2 and e1.dim == DIM
    if not sentence_transformers_available() and not os.environ.get("OWNERGRAPH_EMBEDDING_BACKEND"):
        assert e1.backend == ("onnx" if onnx_available() else "numpy")


def test_sentence_transformers_backend_matches_numpy(numpy_embedder: NumpyMiniLMEmbedder) -> None:
    pytest.importorskip("sentence_transformers")
    from ownergraph.retrieval.text.embedding import SentenceTransformerEmbedder

    texts = ["The company owns 60% of the shares", "He drove to the stadium."]
    st = SentenceTransformerEmbedder().embed(texts)
    ours = numpy_embedder.embed(texts)
    assert (np.sum(st * ours, axis=1) > 0.9999).all()
