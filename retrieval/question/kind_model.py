"""A small learned kind classifier (issue 30): the kind of a question the rules are unsure of.

The kinds' rules and cue lists (``patterns``, ``kind_words``, ``kind_cues``) fit the wording they
were written from; a question in another register ("the Committee is asked to note ...", "ubo
chk pls", "[ ] screen the book") matches none of them or the wrong one. Here a multinomial naive
Bayes model over word uni- and bigrams and the words' character n-grams (which carry misspelt
and inflected words) reads the kind from the parser's working copy: graph names masked, dates
consumed. The parser asks it only where the rules are unsure (``retrieval.question.parser``);
a kind read by a phrase, a command word or a rule its cues confirm is never changed.

The weights are data (``kind_model.json``), trained by ``python -m bench.questions.train_kinds``
on the labelled questions of the question corpus' development sets.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ownergraph.retrieval.question.work_text import MASK_WORD, PH_RE, SEP

__all__ = ["KindGuess", "KindModel", "MODEL_PATH", "features", "guess_kind", "model_in_use", "train"]

MODEL_PATH = Path(__file__).with_name("kind_model.json")
_TOKEN = re.compile(r"[a-z]+(?:'[a-z]+)?|\d+|\u241e")
_NAME = "<name>"
_CHAR_N = (3, 4, 5)
EVIDENCE = 8.0


@dataclass(frozen=True)
class KindGuess:
    kind: str
    probability: float  # the model's posterior for ``kind``


def _tokens(text: str) -> list[str]:
    text = PH_RE.sub(f" {MASK_WORD} ", text).replace(SEP, " ")
    out: list[str] = []
    for t in _TOKEN.findall(text.lower()):
        if t == MASK_WORD.lower():
            if not out or out[-1] != _NAME:  # a name of several masked words is one name
                out.append(_NAME)
        else:
            out.append("0" if t.isdigit() else t)
    return out


def features(text: str) -> list[str]:
    """The features of a working copy: words, word pairs, and character n-grams of each word
    (each counted once per question: the questions are short)."""
    toks = _tokens(text)
    feats = {f"w:{t}" for t in toks}
    feats |= {f"b:{a}_{b}" for a, b in zip(["^", *toks], [*toks, "$"])}
    for t in toks:
        if t == _NAME or len(t) < 4:
            continue
        padded = f"<{t}>"
        feats |= {f"c:{padded[i:i + n]}" for n in _CHAR_N for i in range(len(padded) - n + 1)}
    return sorted(feats)


@dataclass(frozen=True)
class KindModel:
    """Naive Bayes weights: per kind its log prior, and per feature its log likelihood (features
    a kind never showed take that kind's ``unseen`` value)."""

    priors: dict[str, float]
    likelihoods: dict[str, dict[str, float]]
    unseen: dict[str, float]
    # naive Bayes counts every n-gram of a word as new evidence, so its posteriors are near 0 or 1;
    # the likelihoods are averaged over the question's features and weighed as this many
    evidence: float = EVIDENCE

    def posteriors(self, text: str, *, words_only: bool = False) -> dict[str, float]:
        feats = [f for f in features(text) if any(f in lk for lk in self.likelihoods.values())
                 and not (words_only and f.startswith("c:"))]
        weight = self.evidence / max(1, len(feats))
        scores = {k: p + weight * sum(self.likelihoods[k].get(f, self.unseen[k]) for f in feats)
                  for k, p in self.priors.items()}
        top = max(scores.values())
        exp = {k: math.exp(s - top) for k, s in scores.items()}
        total = sum(exp.values())
        return {k: v / total for k, v in exp.items()}

    def best(self, text: str) -> KindGuess:
        """The likeliest kind; its probability the lower of the posteriors with and without the
        character n-grams (a look-alike word, "officers" for "offices", is not evidence alone)."""
        post = self.posteriors(text)
        kind = max(post, key=lambda k: (post[k], k))
        return KindGuess(kind, min(post[kind], self.posteriors(text, words_only=True)[kind]))

    def to_json(self) -> dict:
        return {"priors": self.priors, "likelihoods": self.likelihoods, "unseen": self.unseen, "evidence": self.evidence}

    @classmethod
    def from_json(cls, data: dict) -> KindModel:
        return cls(data["priors"], data["likelihoods"], data["unseen"], data.get("evidence", EVIDENCE))


def train(examples: Iterable[tuple[str, str]], *, alpha: float = 0.3, min_count: int = 2,
          evidence: float = EVIDENCE) -> KindModel:
    """A model from (working copy, kind) pairs. Features seen in fewer than ``min_count``
    questions are left out (they would only learn the training questions by heart)."""
    rows = [(features(text), kind) for text, kind in examples]
    seen = Counter(f for feats, _ in rows for f in feats)
    vocab = {f for f, n in seen.items() if n >= min_count}
    per_kind: dict[str, Counter[str]] = {}
    for feats, kind in rows:
        per_kind.setdefault(kind, Counter()).update(f for f in feats if f in vocab)
    n = len(rows)
    priors = {k: math.log(sum(1 for _, kk in rows if kk == k) / n) for k in per_kind}
    likelihoods, unseen = {}, {}
    for k, counts in per_kind.items():
        denom = math.log(sum(counts.values()) + alpha * len(vocab))
        likelihoods[k] = {f: round(math.log(c + alpha) - denom, 4) for f, c in counts.items()}
        unseen[k] = round(math.log(alpha) - denom, 4)
    return KindModel(priors, likelihoods, unseen, evidence)


@lru_cache(maxsize=1)
def _shipped() -> KindModel | None:
    if not MODEL_PATH.is_file():
        return None
    return KindModel.from_json(json.loads(MODEL_PATH.read_text(encoding="utf-8")))


_IN_USE: list[KindModel | None] = []  # a model tried in place of the shipped one (``model_in_use``)


@contextmanager
def model_in_use(model: KindModel | None) -> Iterator[None]:
    """Within the block the parser asks ``model`` (None: no model at all), not the shipped one:
    for measuring a model trained without the set it is scored on."""
    _IN_USE.append(model)
    try:
        yield
    finally:
        _IN_USE.pop()


def guess_kind(text: str) -> KindGuess | None:
    """The model's kind for a working copy, or None where there is no model."""
    model = _IN_USE[-1] if _IN_USE else _shipped()
    return model.best(text) if model else None
