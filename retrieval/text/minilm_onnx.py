"""all-MiniLM-L6-v2 through onnxruntime (CPU), the graph built here from the bundled weights.

No torch and no download: the BERT encoder is written out with ``onnx.helper`` from
``model.safetensors`` and ``config.json`` (the same function as :mod:`retrieval.text.minilm_numpy`:
exact erf GELU, LayerNorm eps from the config, token type 0, mean pooling over the attention
mask; rows are L2-normalised by the shared :class:`MiniLMTokens`). The ``.onnx`` file is
cached under ``<cache>/models/`` keyed by a hash of the weights and of this builder's version,
so a new model or builder never reuses a stale graph; an unwritable cache builds in memory.
Needs the ``onnx`` extra (``pip install 'ownergraph[onnx]'``).
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

from ownergraph.domain.errors import EmbeddingUnavailable
from ownergraph.retrieval.text.minilm_numpy import MiniLMTokens, threads_from_env
from ownergraph.retrieval.text.model_files import BATCH_SIZE, MAX_SEQ_LENGTH

BUILDER_VERSION = "1"  # bump when the graph below changes: the cached file's name includes it
OPSET = 17  # LayerNormalization


def onnx_available() -> bool:
    import importlib.util

    return all(importlib.util.find_spec(m) is not None for m in ("onnx", "onnxruntime"))


def weights_hash(path: Path) -> str:
    """blake2b of ``model.safetensors`` and ``config.json`` (what the graph is built from)."""
    h = hashlib.blake2b(BUILDER_VERSION.encode(), digest_size=16)
    for name in ("config.json", "model.safetensors"):
        with open(path / name, "rb") as fh:
            for block in iter(lambda: fh.read(1 << 22), b""):
                h.update(block)
    return h.hexdigest()


def build_graph(path: Path, config: dict[str, Any]) -> Any:
    """The encoder as an ``onnx.ModelProto``: inputs ``input_ids`` (int64, batch x tokens) and
    ``attention_mask`` (float32, same shape), output ``pooled`` (float32, batch x hidden)."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper
    from safetensors.numpy import load_file

    w = {k.removeprefix("bert."): np.ascontiguousarray(v, dtype=np.float32)
         for k, v in load_file(str(path / "model.safetensors")).items()}
    hidden, heads = int(config["hidden_size"]), int(config["num_attention_heads"])
    d, eps = hidden // heads, float(config.get("layer_norm_eps", 1e-12))
    inits: list[Any] = []
    nodes: list[Any] = []

    def const(name: str, value: np.ndarray) -> str:
        inits.append(numpy_helper.from_array(np.asarray(value), name))
        return name

    def op(kind: str, inputs: list[str], out: str, **attrs: Any) -> str:
        nodes.append(helper.make_node(kind, inputs, [out], name=out, **attrs))
        return out

    def linear(x: str, prefix: str, out: str) -> str:  # torch Linear (out, in) -> x @ W.T + b
        wt = const(prefix + ".wT", np.ascontiguousarray(w[prefix + ".weight"].T))
        return op("Add", [op("MatMul", [x, wt], out + ".mm"), const(prefix + ".b", w[prefix + ".bias"])], out)

    def norm(x: str, prefix: str, out: str) -> str:
        return op("LayerNormalization", [x, const(prefix + ".g", w[prefix + ".weight"]),
                                         const(prefix + ".beta", w[prefix + ".bias"])], out, axis=-1, epsilon=eps)

    heads_shape = const("heads_shape", np.array([0, 0, heads, d], dtype=np.int64))
    hidden_shape = const("hidden_shape", np.array([0, 0, hidden], dtype=np.int64))
    # embeddings: word + position[:n] + token type 0
    n = op("Gather", [op("Shape", ["input_ids"], "ids_shape"), const("one", np.array([1], dtype=np.int64))], "n")
    pos = op("Slice", [const("pos_table", w["embeddings.position_embeddings.weight"]),
                       const("zero", np.array([0], dtype=np.int64)), n, const("axis0", np.array([0], dtype=np.int64))],
             "pos")
    x = op("Add", [op("Gather", [const("word_table", w["embeddings.word_embeddings.weight"]), "input_ids"], "words"),
                   pos], "emb.sum")
    x = op("Add", [x, const("type0", w["embeddings.token_type_embeddings.weight"][0])], "emb.typed")
    x = norm(x, "embeddings.LayerNorm", "emb")
    # HF's extended attention mask: 0 where attended, float32 min where padded; (b, 1, 1, n)
    pad = op("Sub", [const("f_one", np.array(1.0, dtype=np.float32)), "attention_mask"], "pad")
    bias = op("Mul", [pad, const("f_min", np.array(np.finfo(np.float32).min, dtype=np.float32))], "bias.flat")
    bias = op("Unsqueeze", [bias, const("axes12", np.array([1, 2], dtype=np.int64))], "bias")
    scale = const("scale", np.array(1.0 / np.sqrt(d), dtype=np.float32))
    for i in range(int(config["num_hidden_layers"])):
        p = f"encoder.layer.{i}."

        def split_heads(name: str, perm: list[int], p: str = p, x: str = x) -> str:
            y = linear(x, p + f"attention.self.{name}", p + name)
            return op("Transpose", [op("Reshape", [y, heads_shape], p + name + ".h")], p + name + ".t", perm=perm)

        q, k, v = split_heads("query", [0, 2, 1, 3]), split_heads("key", [0, 2, 3, 1]), split_heads("value", [0, 2, 1, 3])
        scores = op("Add", [op("Mul", [op("MatMul", [q, k], p + "qk"), scale], p + "qk.s"), bias], p + "scores")
        ctx = op("MatMul", [op("Softmax", [scores], p + "probs", axis=-1), v], p + "ctx.h")
        ctx = op("Reshape", [op("Transpose", [ctx], p + "ctx.t", perm=[0, 2, 1, 3]), hidden_shape], p + "ctx")
        att = op("Add", [linear(ctx, p + "attention.output.dense", p + "ao"), x], p + "ao.res")
        x = norm(att, p + "attention.output.LayerNorm", p + "att")
        inter = linear(x, p + "intermediate.dense", p + "inter")
        erf = op("Erf", [op("Mul", [inter, const(p + "rsqrt2", np.array(np.sqrt(0.5), dtype=np.float32))],
                            p + "inter.s")], p + "erf")
        gelu = op("Mul", [op("Mul", [inter, op("Add", [erf, "f_one"], p + "erf1")], p + "g.x"),
                          const(p + "half", np.array(0.5, dtype=np.float32))], p + "gelu")
        ffn = op("Add", [linear(gelu, p + "output.dense", p + "ffn"), x], p + "ffn.res")
        x = norm(ffn, p + "output.LayerNorm", p + "out")
    m3 = op("Unsqueeze", ["attention_mask", const("axis2", np.array([2], dtype=np.int64))], "mask3")
    summed = op("ReduceSum", [op("Mul", [x, m3], "masked"), const("axis1", np.array([1], dtype=np.int64))], "summed",
                keepdims=0)
    counts = op("Max", [op("ReduceSum", ["attention_mask", "axis1"], "counts.raw", keepdims=1),
                        const("tiny", np.array(1e-9, dtype=np.float32))], "counts")
    op("Div", [summed, counts], "pooled")
    graph = helper.make_graph(
        nodes, "all-MiniLM-L6-v2",
        [helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", "tokens"]),
         helper.make_tensor_value_info("attention_mask", TensorProto.FLOAT, ["batch", "tokens"])],
        [helper.make_tensor_value_info("pooled", TensorProto.FLOAT, ["batch", hidden])], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="ownergraph")
    model.ir_version = 8  # readable by every onnxruntime >= 1.18
    onnx.checker.check_model(model)
    return model


def cached_graph(path: Path, config: dict[str, Any], cache: Path | None) -> bytes | str:
    """The cached ``.onnx`` file's path (built and written atomically on first use), or the
    serialised model when the cache cannot be written."""
    if cache is not None:
        target = cache / "models" / f"minilm-l6-v2-{weights_hash(path)}.onnx"
        if target.is_file():
            return str(target)
    data = build_graph(path, config).SerializeToString()
    if cache is None:
        return data
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, target)  # concurrent builders write the same bytes; the last wins
    except OSError:
        return data
    return str(target)


def _default_cache() -> Path:
    from ownergraph.domain.settings import load_settings

    return load_settings().cache


class OnnxMiniLMEmbedder(MiniLMTokens):
    """all-MiniLM-L6-v2 on onnxruntime's CPU provider: same tokenisation, batching and output as
    :class:`~retrieval._minilm_numpy.NumpyMiniLMEmbedder` (equal to 1e-5)."""

    backend = "onnx"

    def __init__(self, path: Path | None = None, *, batch_size: int = BATCH_SIZE,
                 max_seq_length: int = MAX_SEQ_LENGTH, threads: int | None = None,
                 cache: Path | None | bool = True) -> None:
        super().__init__(path, batch_size=batch_size, max_seq_length=max_seq_length)
        try:
            import onnxruntime as ort
        except ImportError as exc:
            raise EmbeddingUnavailable("onnxruntime is not installed (pip install 'ownergraph[onnx]')") from exc
        where = _default_cache() if cache is True else (cache or None)
        self.model_file = cached_graph(self.path, self.config, where)  # type: ignore[arg-type]
        opts = ort.SessionOptions()
        n = threads if threads is not None else threads_from_env()
        if n:  # same rule as numpy's OpenBLAS cap: one thread on a 2-core machine
            opts.intra_op_num_threads = int(n)
        opts.inter_op_num_threads = 1
        self._session = ort.InferenceSession(self.model_file, sess_options=opts,
                                             providers=["CPUExecutionProvider"])

    def _encode(self, input_ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        (pooled,) = self._session.run(["pooled"], {"input_ids": input_ids, "attention_mask": mask})
        return np.asarray(pooled, dtype=np.float32)
