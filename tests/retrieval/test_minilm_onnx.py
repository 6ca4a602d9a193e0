"""The onnxruntime encoder (the ``onnx`` extra) against the numpy one, on real filing sentences."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from ownergraph.ingest.readers.documents.text import html_text  # noqa: E402
from ownergraph.domain.sentences import split_sentences  # noqa: E402
from ownergraph.retrieval.text import embedding as _embedding  # noqa: E402
from ownergraph.retrieval.text.model_files import DIM
from ownergraph.retrieval.text.minilm_numpy import NumpyMiniLMEmbedder

FILINGS = Path(__file__).resolve().parents[1] / "fixtures" / "real" / "filings"


def _sentences() -> list[str]:
    """Sentences of two real 10-Ks and an 8-K exhibit, short and long (past 256 word pieces)."""
    out: list[str] = []
    for rel in ("10-K/0001193125-10-073212.html", "10-K/hd-10-k-2025-03-21.html",
                "8-K/108516_8K_2023_0001193125-23-289222.htm"):
        text = html_text((FILINGS / rel).read_text(encoding="utf-8", errors="replace"))
        sents = [s.text for s in split_sentences(text, rel) if len(s.text) > 20]
        out += sents[:60] + sorted(sents, key=len)[-5:]  # the longest are truncated
    return out


@pytest.fixture(scope="module")
def onnx_embedder(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201
    pytest.importorskip("onnx")
    pytest.importorskip("onnxruntime")
    from ownergraph.retrieval.text.minilm_onnx import OnnxMiniLMEmbedder

    return OnnxMiniLMEmbedder(cache=tmp_path_factory.mktemp("cache"))


def test_onnx_equals_numpy_on_real_filing_sentences(onnx_embedder) -> None:  # noqa: ANN001
    texts = _sentences()
    assert len(texts) > 150
    numpy_vecs = NumpyMiniLMEmbedder().embed(texts)
    onnx_vecs = onnx_embedder.embed(texts)
    assert onnx_vecs.shape == (len(texts), DIM) and onnx_vecs.dtype == np.float32
    assert float(np.abs(onnx_vecs - numpy_vecs).max()) < 1e-5
    np.testing.assert_allclose(np.linalg.norm(onnx_vecs, axis=1), 1.0, atol=1e-5)
    assert onnx_embedder.embed([]).shape == (0, DIM)


def test_graph_cached_by_weights_hash(onnx_embedder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    from ownergraph.retrieval.text import minilm_onnx as _minilm_onnx

    first = _minilm_onnx.OnnxMiniLMEmbedder(cache=tmp_path)
    path = Path(first.model_file)
    assert path.parent == tmp_path / "models" and path.suffix == ".onnx"
    assert _minilm_onnx.weights_hash(first.path) in path.name
    stamp = path.stat().st_mtime_ns
    again = _minilm_onnx.OnnxMiniLMEmbedder(cache=tmp_path)
    assert again.model_file == str(path) and path.stat().st_mtime_ns == stamp  # reused, not rebuilt
    monkeypatch.setattr(_minilm_onnx, "BUILDER_VERSION", "test-other")
    rebuilt = _minilm_onnx.OnnxMiniLMEmbedder(cache=tmp_path)
    assert rebuilt.model_file != str(path)  # another builder: another file
    assert sorted(p.name for p in (tmp_path / "models").iterdir()) == sorted(
        [path.name, Path(rebuilt.model_file).name])


def test_unwritable_cache_builds_in_memory(onnx_embedder, tmp_path: Path) -> None:  # noqa: ANN001
    from ownergraph.retrieval.text.minilm_onnx import OnnxMiniLMEmbedder

    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the cache folder would be")
    emb = OnnxMiniLMEmbedder(cache=blocker)
    assert isinstance(emb.model_file, bytes)
    text = ["Borealis Shipping AS is a subsidiary of Petrov Holdings Ltd."]
    np.testing.assert_allclose(emb.embed(text), onnx_embedder.embed(text), atol=1e-6)


def test_auto_prefers_onnx_when_installed(onnx_embedder, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    monkeypatch.setattr(_embedding, "sentence_transformers_available", lambda: False)
    monkeypatch.setattr(_embedding, "_DEFAULT", None)
    assert _embedding.default_embedder("auto").backend == "onnx"
    monkeypatch.setattr(_embedding, "_DEFAULT", None)
    monkeypatch.setenv("OWNERGRAPH_EMBEDDING_BACKEND", "numpy")  # the setting that forces numpy
    assert _embedding.default_embedder().backend == "numpy"


def test_auto_is_numpy_without_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_embedding, "sentence_transformers_available", lambda: False)
    monkeypatch.setattr(_embedding, "onnx_available", lambda: False)
    assert _embedding._auto().backend == "numpy"


def test_missing_onnxruntime_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    from ownergraph.retrieval.text.minilm_onnx import OnnxMiniLMEmbedder
    from ownergraph.domain.errors import EmbeddingUnavailable

    real_import = builtins.__import__

    def no_ort(name: str, *args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        if name == "onnxruntime":
            raise ImportError("no onnxruntime here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ort)
    with pytest.raises(EmbeddingUnavailable, match=r"ownergraph\[onnx\]"):
        OnnxMiniLMEmbedder(cache=False)
