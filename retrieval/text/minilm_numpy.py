"""all-MiniLM-L6-v2 in numpy: the BERT encoder written out, no torch.

6 layers, 12 heads, hidden 384, exact erf GELU, LayerNorm eps 1e-12, token type ids 0; weights
read from ``model.safetensors`` with ``safetensors.numpy``, tokenised with ``tokenizers`` from
``tokenizer.json``, truncated to 256 word pieces (sentence-transformers' ``max_seq_length`` for
this model), padded per batch, mean-pooled over the attention mask, L2-normalised — the same
function as the model's modules.json (Transformer → mean Pooling → Normalize).
"""

from __future__ import annotations

import json
import os
import threading
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

import numpy as np

from ownergraph.domain.errors import EmbeddingUnavailable
from ownergraph.retrieval.text.model_files import BATCH_SIZE, MAX_SEQ_LENGTH, model_path, normalise

_FFN_ROWS = 256


# float32 erf as a rational approximation on [-4, 4] (the coefficients of Eigen's
# ``generic_fast_erf_float``, also used by XLA/TensorFlow for float32 erf); outside that range
# erf(x) rounds to ±1 in float32. Max abs error against float64 erf ≈ 5e-7, i.e. float32
# rounding level; ~6x faster in numpy than scipy.special.erf, which dominated encoding time.
_ERF_ALPHA = tuple(np.float32(c) for c in (
    -2.72614225801306e-10, 2.77068142495902e-08, -2.10102402082508e-06, -5.69250639462346e-05,
    -7.34990630326855e-04, -2.95459980854025e-03, -1.60960333262415e-02))
_ERF_BETA = tuple(np.float32(c) for c in (
    -1.45660718464996e-05, -2.13374055278905e-04, -1.68282697438203e-03, -7.37332916720468e-03,
    -1.42647390514189e-02))


def _erf(x: np.ndarray) -> np.ndarray:
    """erf of a float32 array (new array)."""
    xc = np.clip(x, np.float32(-4.0), np.float32(4.0))
    x2 = xc * xc
    p = x2 * _ERF_ALPHA[0]
    p += _ERF_ALPHA[1]
    for a in _ERF_ALPHA[2:]:
        p *= x2
        p += a
    p *= xc
    q = x2 * _ERF_BETA[0]
    q += _ERF_BETA[1]
    for b in _ERF_BETA[2:]:
        q *= x2
        q += b
    p /= q
    return p


_SQRT_HALF = np.float32(0.7071067811865476)


def _gelu(x: np.ndarray) -> np.ndarray:
    """BERT's exact "gelu": 0.5 * x * (1 + erf(x / sqrt(2)))."""
    g = _erf(x * _SQRT_HALF)
    g += np.float32(1.0)
    g *= x
    g *= np.float32(0.5)
    return g


def _layer_norm(x: np.ndarray, gamma: np.ndarray, beta: np.ndarray, eps: float) -> np.ndarray:
    mean = x.mean(axis=-1, keepdims=True)
    centred = x - mean
    var = np.mean(centred * centred, axis=-1, keepdims=True)
    return centred / np.sqrt(var + np.float32(eps)) * gamma + beta


class _BlasThreads:
    """Best-effort cap of numpy's OpenBLAS threads around encoding (``OWNERGRAPH_EMBED_THREADS``).

    On a busy 2-core machine OpenBLAS worker threads spin against other processes: measured
    52-59 sentences/s with 1 thread vs 15-21/s with 2 at load average 6. The previous count
    is restored after each call (the setting is process-wide while it lasts).
    """

    def __init__(self, n: int | None) -> None:
        self.n = n
        self._get = self._set = None
        if n is None:
            return
        try:
            import ctypes
            import glob

            libdir = Path(np.__file__).resolve().parent.parent / "numpy.libs"
            for lib in sorted(glob.glob(str(libdir / "*openblas*"))):
                handle = ctypes.CDLL(lib)
                for get, set_ in (("scipy_openblas_get_num_threads64_", "scipy_openblas_set_num_threads64_"),
                                  ("openblas_get_num_threads64_", "openblas_set_num_threads64_"),
                                  ("openblas_get_num_threads", "openblas_set_num_threads")):
                    if hasattr(handle, get) and hasattr(handle, set_):
                        self._get, self._set = getattr(handle, get), getattr(handle, set_)
                        self._set.argtypes = [ctypes.c_int]
                        return
        except OSError:  # pragma: no cover - no bundled OpenBLAS (conda MKL, ...)
            pass

    # concurrent askers embed at once: the count is set by the first to enter and restored by
    # the last to leave (each saving and restoring its own could leave the cap for good, and
    # OpenBLAS must not be re-sized while another thread is inside it)
    _lock = threading.Lock()
    _users = 0
    _prev: int | None = None

    def __enter__(self) -> _BlasThreads:
        if self._set is not None:
            with _BlasThreads._lock:
                if _BlasThreads._users == 0:
                    _BlasThreads._prev = int(self._get())
                    self._set(int(self.n))
                _BlasThreads._users += 1
        return self

    def __exit__(self, *exc: object) -> None:
        if self._set is not None:
            with _BlasThreads._lock:
                _BlasThreads._users -= 1
                if _BlasThreads._users == 0 and _BlasThreads._prev is not None:
                    self._set(_BlasThreads._prev)


def threads_from_env() -> int | None:
    """``OWNERGRAPH_EMBED_THREADS``: a number caps OpenBLAS threads while encoding; ``0`` or
    ``auto`` leaves OpenBLAS alone. Unset: 1 thread on machines with <= 2 CPUs (the project's
    2-core target, where Neo4j and the tests compete for the cores), else left alone."""
    raw = os.environ.get("OWNERGRAPH_EMBED_THREADS", "").strip().lower()
    if raw.isdigit():
        return int(raw) or None
    if raw == "auto":
        return None
    return 1 if (os.cpu_count() or 1) <= 2 else None


class _Layer:
    __slots__ = ("qkv_w", "qkv_b", "ao_w", "ao_b", "ln1_g", "ln1_b", "i_w", "i_b", "o_w", "o_b", "ln2_g", "ln2_b")


class MiniLMTokens:
    """What every all-MiniLM-L6-v2 backend without torch shares: the config, the tokenizer,
    truncation to ``max_seq_length`` and length-sorted padded batches; a subclass gives
    ``_encode(input_ids, mask) -> mean-pooled rows`` (normalised here)."""

    backend = "minilm"

    def __init__(self, path: Path | None = None, *, batch_size: int = BATCH_SIZE,
                 max_seq_length: int = MAX_SEQ_LENGTH) -> None:
        from tokenizers import Tokenizer

        self.path = Path(path) if path else model_path()
        config = json.loads((self.path / "config.json").read_text())
        if config.get("hidden_act", "gelu") != "gelu":
            raise EmbeddingUnavailable(f"unsupported activation {config.get('hidden_act')!r}")
        self.config = config
        self._hidden = int(config["hidden_size"])
        self._heads = int(config["num_attention_heads"])
        self._eps = float(config.get("layer_norm_eps", 1e-12))
        max_positions = int(config.get("max_position_embeddings", 512))
        self._max_len = min(int(max_seq_length), max_positions)
        self._batch = int(batch_size)
        self._tokenizer = Tokenizer.from_file(str(self.path / "tokenizer.json"))
        self._tokenizer.no_padding()
        self._tokenizer.enable_truncation(max_length=self._max_len)
        self._lock = threading.Lock()
        self._threads: AbstractContextManager[object] = nullcontext()

    @property
    def dim(self) -> int:
        return self._hidden

    @property
    def max_seq_length(self) -> int:
        return self._max_len

    def token_ids(self, texts: list[str]) -> list[list[int]]:
        """Word-piece ids with [CLS]/[SEP], truncated to ``max_seq_length``."""
        with self._lock:  # the Rust tokenizer object is mutable state; keep it single-user
            encs = self._tokenizer.encode_batch(list(texts))
        return [e.ids for e in encs]

    def embed(self, texts: list[str]) -> np.ndarray:
        texts = list(texts)
        out = np.zeros((len(texts), self._hidden), dtype=np.float32)
        if not texts:
            return out
        ids = self.token_ids(texts)
        order = sorted(range(len(ids)), key=lambda i: len(ids[i]))  # similar lengths batch together
        with self._threads:
            self._embed_sorted(ids, order, out)
        return normalise(out)

    def _embed_sorted(self, ids: list[list[int]], order: list[int], out: np.ndarray) -> None:
        for start in range(0, len(order), self._batch):
            chunk = order[start:start + self._batch]
            width = max(len(ids[i]) for i in chunk)
            input_ids = np.zeros((len(chunk), width), dtype=np.int64)
            mask = np.zeros((len(chunk), width), dtype=np.float32)
            for row, i in enumerate(chunk):
                input_ids[row, : len(ids[i])] = ids[i]
                mask[row, : len(ids[i])] = 1.0
            out[chunk] = self._encode(input_ids, mask)

    def _encode(self, input_ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        raise NotImplementedError


class NumpyMiniLMEmbedder(MiniLMTokens):
    """all-MiniLM-L6-v2 in numpy: no torch, ~90 MB of float32 weights in memory."""

    backend = "numpy"

    def __init__(self, path: Path | None = None, *, batch_size: int = BATCH_SIZE,
                 max_seq_length: int = MAX_SEQ_LENGTH, threads: int | None = None) -> None:
        from safetensors.numpy import load_file

        super().__init__(path, batch_size=batch_size, max_seq_length=max_seq_length)
        n_layers = int(self.config["num_hidden_layers"])
        raw = load_file(str(self.path / "model.safetensors"))
        w = {k.removeprefix("bert."): v for k, v in raw.items()}

        def f32(name: str) -> np.ndarray:
            return np.ascontiguousarray(w[name], dtype=np.float32)

        self._word = f32("embeddings.word_embeddings.weight")
        self._pos = f32("embeddings.position_embeddings.weight")
        self._type0 = f32("embeddings.token_type_embeddings.weight")[0]
        self._emb_ln = (f32("embeddings.LayerNorm.weight"), f32("embeddings.LayerNorm.bias"))
        self._layers: list[_Layer] = []
        for i in range(n_layers):
            p = f"encoder.layer.{i}."
            layer = _Layer()
            # torch Linear stores (out, in); keep (in, out) so that y = x @ W + b.
            layer.qkv_w = np.ascontiguousarray(np.concatenate(
                [f32(p + f"attention.self.{n}.weight").T for n in ("query", "key", "value")], axis=1))
            layer.qkv_b = np.concatenate([f32(p + f"attention.self.{n}.bias") for n in ("query", "key", "value")])
            layer.ao_w = np.ascontiguousarray(f32(p + "attention.output.dense.weight").T)
            layer.ao_b = f32(p + "attention.output.dense.bias")
            layer.ln1_g = f32(p + "attention.output.LayerNorm.weight")
            layer.ln1_b = f32(p + "attention.output.LayerNorm.bias")
            layer.i_w = np.ascontiguousarray(f32(p + "intermediate.dense.weight").T)
            layer.i_b = f32(p + "intermediate.dense.bias")
            layer.o_w = np.ascontiguousarray(f32(p + "output.dense.weight").T)
            layer.o_b = f32(p + "output.dense.bias")
            layer.ln2_g = f32(p + "output.LayerNorm.weight")
            layer.ln2_b = f32(p + "output.LayerNorm.bias")
            self._layers.append(layer)
        del raw, w
        self._threads = _BlasThreads(threads if threads is not None else threads_from_env())

    def _encode(self, input_ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        b, n = input_ids.shape
        h, heads = self._hidden, self._heads
        d = h // heads
        x = self._word[input_ids] + self._pos[:n][None, :, :] + self._type0
        x = _layer_norm(x, *self._emb_ln, self._eps).reshape(b * n, h)
        # HF's extended attention mask: 0 where attended, dtype-min where padded.
        bias = ((1.0 - mask) * np.finfo(np.float32).min)[:, None, None, :]
        scale = np.float32(1.0 / np.sqrt(d))
        for L in self._layers:
            qkv = x @ L.qkv_w + L.qkv_b  # (b*n, 3h)
            qkv = qkv.reshape(b, n, 3, heads, d).transpose(2, 0, 3, 1, 4)  # (3, b, heads, n, d)
            q, k, v = qkv[0], qkv[1], qkv[2]
            scores = (q @ k.transpose(0, 1, 3, 2)) * scale + bias  # (b, heads, n, n)
            scores -= scores.max(axis=-1, keepdims=True)
            np.exp(scores, out=scores)
            scores /= scores.sum(axis=-1, keepdims=True)
            ctx = (scores @ v).transpose(0, 2, 1, 3).reshape(b * n, h)
            x = _layer_norm(ctx @ L.ao_w + L.ao_b + x, L.ln1_g, L.ln1_b, self._eps)
            # feed-forward in row blocks so the (rows, 1536) activations stay in cache
            ffn = np.empty_like(x)
            for r in range(0, x.shape[0], _FFN_ROWS):
                xb = x[r:r + _FFN_ROWS]
                inter = xb @ L.i_w
                inter += L.i_b
                ffn[r:r + _FFN_ROWS] = _gelu(inter) @ L.o_w
            ffn += L.o_b
            ffn += x
            x = _layer_norm(ffn, L.ln2_g, L.ln2_b, self._eps)
        tokens = x.reshape(b, n, h)
        summed = np.einsum("bnh,bn->bh", tokens, mask)
        counts = np.maximum(mask.sum(axis=1, keepdims=True), 1e-9)
        return (summed / counts).astype(np.float32)

