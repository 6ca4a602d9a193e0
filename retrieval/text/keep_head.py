"""The learned keep/drop head of compression: logistic regression over MiniLM sentence features.

Input per sentence of a result set: the sentence embedding ``s`` (what kind of sentence it is,
whatever the question), ``q * s`` elementwise (which dimensions agree with the question) and
a few cheap features (:data:`CHEAP`): similarity to the question, absolute and relative to the
best in the result set; entity names matched; relation words, figures, boilerplate; whether
the sentence speaks of the filer ("the Company", "we"), whose name it then does not give;
whether it uses the relation vocabulary the question uses; its length; the hand-tuned score
relative to the best. Output: the probability that the sentence is evidence for the question.

The weights (``keep_head.json`` next to this module) are fitted offline on labelled evidence
spans of real filings plus generated ones (``python -m bench.retrieval.evidence --train``;
the file records the data, the split and the figures); loaded once, read-only.
"""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass
from pathlib import Path

import numpy as np

__all__ = ["CHEAP", "FAMILIES", "KeepHead", "cheap_features", "load_head", "relation_families"]

HEAD_FILE = Path(__file__).with_name("keep_head.json")

# Relation vocabulary by family: a question about a loan wants a sentence about a loan.
FAMILIES: dict[str, re.Pattern[str]] = {name: re.compile(p, re.IGNORECASE) for name, p in {
    "holding": r"\b(?:own(?:s|ed|ing|er|ers|ership)?|hold(?:s|ing)?|held|stake|shares?|shareholder|"
                 r"beneficial(?:ly)?|interest|equity|percent|%)",
    "control": r"\b(?:control(?:s|led|ling)?|subsidiar(?:y|ies)|parent|affiliate[sd]?|wholly)",
    "acquisition": r"\b(?:acqui(?:re|red|res|ring|sition|sitions)|purchase[sd]?|bought|merg(?:e|ed|er|ing)|"
                   r"combination|tender offer)",
    "name": r"\b(?:renamed|formerly|name change|changed (?:its|our|the) name|known as|successor)",
    "credit": r"\b(?:loan(?:s|ed)?|lend(?:s|er|ers|ing)?|borrow(?:s|er|ers|ed|ing|ings)?|credit|facility|debt|"
              r"notes?|guarant(?:ee|ees|eed|or|y)|indebtedness)",
    "disposal": r"\b(?:spin-?off|spun off|distribution|separation|sold|sale|sell(?:s|ing)?|divest(?:ed|iture)?)",
}.items()}

CHEAP = ("sim", "sim_rel", "entity", "entity_multi", "relation", "figure", "boilerplate", "company_ref",
         "family_match", "log_tokens", "hand_rel")


_FLAGS_RE = re.compile("|".join(f"(?P<{name}>{pat.pattern})" for name, pat in FAMILIES.items())
                       + r"|(?P<company>\b(?:the\s+Company|the\s+Registrant|we|our|us)\b)", re.IGNORECASE)
_FLAG_INDEX = {name: i for i, name in enumerate([*FAMILIES, "company"])}
_FLAGS: dict[str, np.ndarray] = {}
_FLAGS_MAX = 500_000
_FLAGS_LOCK = threading.Lock()


def _flags(text: str) -> np.ndarray:
    """Relation families used, then "speaks of the filer": one regex pass, cached by text."""
    f = _FLAGS.get(text)
    if f is None:
        f = np.zeros(len(_FLAG_INDEX), dtype=np.float32)
        for m in _FLAGS_RE.finditer(text):
            f[_FLAG_INDEX[m.lastgroup or "company"]] = 1.0
        with _FLAGS_LOCK:
            if len(_FLAGS) >= _FLAGS_MAX:
                _FLAGS.clear()
            _FLAGS[text] = f
    return f


def relation_families(texts: list[str]) -> np.ndarray:
    """(n, len(FAMILIES)) 0/1: which relation families each text uses."""
    return np.stack([_flags(t) for t in texts])[:, :len(FAMILIES)] if texts else np.zeros((0, len(FAMILIES)))


def cheap_features(question: str, texts: list[str], sims: np.ndarray, entity_counts: list[int],
                   relation: np.ndarray, figure: np.ndarray, boilerplate: np.ndarray,
                   tokens: list[int], hand: np.ndarray) -> np.ndarray:
    """The :data:`CHEAP` columns for one result set (``hand``: the hand-tuned scores)."""
    ents = np.asarray(entity_counts, dtype=np.float32)
    qfam = _flags(question)[:len(FAMILIES)]
    flags = np.stack([_flags(t) for t in texts])
    sfam, company = flags[:, :len(FAMILIES)], flags[:, len(FAMILIES)]
    cols = [
        sims, sims - sims.max(),
        (ents >= 1).astype(np.float32), (ents >= 2).astype(np.float32),
        relation, figure, boilerplate, company,
        (sfam @ qfam > 0).astype(np.float32),
        np.log1p(np.asarray(tokens, dtype=np.float32)),
        hand - hand.max(),
    ]
    return np.stack([np.asarray(c, dtype=np.float32) for c in cols], axis=1)


@dataclass(frozen=True)
class KeepHead:
    """Weights of the head and the keep rule tuned with them."""

    w_s: np.ndarray  # (dim,)
    w_qs: np.ndarray  # (dim,)
    w_cheap: np.ndarray  # (len(CHEAP),) on standardised cheap features
    mean: np.ndarray
    std: np.ndarray
    bias: float
    threshold: float  # keep a sentence with probability >= threshold ...
    margin: float  # ... and logit >= best logit - margin
    meta: dict

    @property
    def dim(self) -> int:
        return int(self.w_s.shape[0])

    def logits(self, q: np.ndarray, vecs: np.ndarray, cheap: np.ndarray) -> np.ndarray:
        z = (cheap - self.mean) / self.std
        return vecs @ self.w_s + (vecs * q) @ self.w_qs + z @ self.w_cheap + self.bias

    def to_json(self) -> dict:
        return {"features": {"embedding": "s, q*s (all-MiniLM-L6-v2, unit rows)", "cheap": list(CHEAP)},
                "w_s": _round(self.w_s), "w_qs": _round(self.w_qs), "w_cheap": _round(self.w_cheap),
                "mean": _round(self.mean), "std": _round(self.std), "bias": round(float(self.bias), 6),
                "threshold": self.threshold, "margin": self.margin, "meta": self.meta}

    @classmethod
    def from_json(cls, data: dict) -> KeepHead:
        if list(data["features"]["cheap"]) != list(CHEAP):
            raise ValueError(f"keep head features {data['features']['cheap']} are not {list(CHEAP)}")

        def arr(k: str) -> np.ndarray:
            return np.asarray(data[k], dtype=np.float32)

        return cls(arr("w_s"), arr("w_qs"), arr("w_cheap"), arr("mean"), arr("std"), float(data["bias"]),
                   float(data["threshold"]), float(data["margin"]), dict(data.get("meta", {})))


def _round(a: np.ndarray) -> list[float]:
    return [round(float(x), 6) for x in np.asarray(a).reshape(-1)]


_HEAD: KeepHead | None = None
_HEAD_LOCK = threading.Lock()


def load_head(path: Path | None = None) -> KeepHead | None:
    """The shipped head (cached), or the one at ``path``; None when the shipped file is absent."""
    global _HEAD
    if path is not None:
        return KeepHead.from_json(json.loads(Path(path).read_text(encoding="utf-8")))
    with _HEAD_LOCK:
        if _HEAD is None and HEAD_FILE.exists():
            _HEAD = KeepHead.from_json(json.loads(HEAD_FILE.read_text(encoding="utf-8")))
        return _HEAD
