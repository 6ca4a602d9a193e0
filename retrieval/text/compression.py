"""Query-aware extractive compression of retrieved disclosure text (DOMAIN §8).

:func:`compress` keeps the sentences of a result set that support the question, verbatim and
with their offsets (a kept :class:`~retrieval.chunking.Sentence` is one of the input objects,
so ``kept.text == document[kept.start:kept.end]`` and citations stay exact), within a token
budget per result set: ``"low"`` 1,000, ``"medium"`` 4,000, ``"high"`` 10,000 tokens, or an int.
Nothing is paraphrased or re-ordered: the kept sentences come back in input (document) order.

Score of a sentence (higher is better)::

    cos(question, sentence)                       all-MiniLM-L6-v2, cached by text hash
  + 0.25 if it names one of ``entity_names``      (+0.10 if it names two or more)
  + 0.10 relation words (owns, stake, controls, guarantee, loan, merger, subsidiary, ...)
  + 0.05 figures (12.5%, $40 million, EUR 3bn, 1,250,000 shares)
       (relation and figure boosts are halved when no subgraph entity is named)
  - 0.40 x boilerplate_score (cover-page furniture, navigation, legal notices; chunking.py)

Selection: drop exact repeats (same span, or same normalised text), sort by score, skip
near-duplicates (cosine >= 0.97 to a kept sentence), take sentences while they fit the budget
and score at least ``max(min_score, best score - margin)`` (defaults 0.35 and 0.40): below it a
sentence is noise even when the budget has room. The relative ``margin`` is what makes the
compression query-adaptive: when a sentence answers the question outright (entity names +
relation + figure + high similarity), loosely related ones are dropped; when nothing does,
more context survives. ``min_score=None, margin=None`` fills the budget. Tokens are MiniLM word pieces
(:func:`retrieval.text.chunking.count_tokens`, cached; a documented approximation when the
tokenizer is missing).

Learned scorer (``scorer="learned"``): a keep/drop head (:mod:`retrieval.text.keep_head`,
logistic regression fitted offline on labelled evidence of real filings plus generated ones,
``python -m bench.retrieval.evidence --train``) scores the same inputs; its logit replaces
the score above, with its own tuned floor. It is the default (:data:`DEFAULT_SCORER`): on real
filings held out from its training it kept more gold evidence in fewer tokens than the hand
score (96.3% vs 92.6% recall, 11.2x vs 10.6x; bench/results/evidence-compression.json).

Cost: with sentence embeddings cached, a few hundred sentences take ~1-3 ms (numpy dot product,
cached per-text features, one regex pass for entity names); an uncached question costs one
embedding (~10-30 ms on 2 CPU cores).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

import numpy as np

from ownergraph.retrieval.text.keep_head import KeepHead, cheap_features, load_head
from ownergraph.domain.sentences import Sentence
from ownergraph.retrieval.text.chunking import boilerplate_score, count_tokens

if TYPE_CHECKING:  # pragma: no cover
    from ownergraph.retrieval.text.model_files import Embedder
    from ownergraph.retrieval.text.vector_points import Hit

__all__ = [
    "BUDGETS",
    "Budget",
    "Compressed",
    "DEFAULT_SCORER",
    "ScoreInputs",
    "Scorer",
    "budget_tokens",
    "compress",
    "entity_pattern",
    "hit_sentences",
    "score_inputs",
    "sentence_features",
]

Budget = Literal["low", "medium", "high"] | int
Scorer = Literal["learned", "hand"]
DEFAULT_SCORER: Scorer = "learned"  # won the comparison on held-out real filings (module notes)
BUDGETS: dict[str, int] = {"low": 1_000, "medium": 4_000, "high": 10_000}

W_ENTITY = 0.25
W_ENTITY_MULTI = 0.10
W_RELATION = 0.10
W_FIGURE = 0.05
W_BOILERPLATE = 0.40
NEAR_DUPLICATE = 0.97
DEFAULT_MIN_SCORE = 0.35
DEFAULT_MARGIN = 0.40


@dataclass(frozen=True)
class Compressed:
    """The kept sentences (input objects, document order) and the token accounting."""

    kept: list[Sentence]
    tokens_in: int
    tokens_out: int
    scores: list[float]  # one per kept sentence
    budget: int
    dropped_duplicates: int = 0
    all_scores: list[float] = field(default_factory=list, repr=False)  # one per input sentence

    @property
    def ratio(self) -> float:
        """tokens_in / tokens_out (inf when nothing is kept)."""
        return self.tokens_in / self.tokens_out if self.tokens_out else float("inf")

    def text(self, sep: str = "\n") -> str:
        return sep.join(s.text for s in self.kept)


def budget_tokens(budget: Budget) -> int:
    if isinstance(budget, bool):
        raise TypeError("budget must be 'low', 'medium', 'high' or a positive int")
    if isinstance(budget, int):
        if budget <= 0:
            raise ValueError("budget must be positive")
        return budget
    try:
        return BUDGETS[budget]
    except KeyError:
        raise ValueError(f"unknown budget {budget!r}: use low, medium, high or an int") from None


# ---------------------------------------------------------------------------------------------
# Features

_RELATION_RE = re.compile(
    r"\b(?:own(?:s|ed|ing|er|ers|ership)?|hold(?:s|ing|ings)?|held|stake(?:s|holder)?|interest(?:s)?\s+in|"
    r"shareholder(?:s)?|shareholding|beneficial(?:ly)?|control(?:s|led|ling)?|subsidiar(?:y|ies)|"
    r"parent|affiliate(?:d|s)?|guarant(?:ee|ees|eed|or|ors|y)|loan(?:s|ed)?|lend(?:s|er|ers|ing)?|"
    r"borrow(?:s|er|ers|ed|ing)?|credit\s+facilit(?:y|ies)|facility|debt|notes?\s+due|"
    r"merg(?:e|ed|er|ers|ing)|acqui(?:re|red|res|sition|sitions)|spin-?off|divest(?:ed|iture)?|"
    r"successor|predecessor|voting|director(?:s)?|trustee|managing\s+member|general\s+partner|"
    r"sanction(?:s|ed)?|exposure|counterpart(?:y|ies)|pledge(?:d|s)?|collateral)\b",
    re.IGNORECASE,
)
_FIGURE_RE = re.compile(
    r"\d(?:[\d,]*\d)?(?:\.\d+)?\s?%|\bper\s?cent\b|\bpercent\b|[$€£¥]\s?\d|"
    r"\b\d[\d,]*(?:\.\d+)?\s?(?:million|billion|thousand|bn|mn|m|k)\b|"
    r"\b(?:USD|EUR|GBP|CHF|JPY|CNY|RUB)\s?\d|\b\d{1,3}(?:,\d{3})+\b",
    re.IGNORECASE,
)

_FEATURES: dict[str, tuple[float, float, float, str]] = {}
_FEATURES_MAX = 500_000
_FEATURES_LOCK = threading.Lock()


def sentence_features(text: str) -> tuple[float, float, float, str]:
    """(relation word present, figure present, boilerplate score, normalised text) of one
    sentence (cached by text)."""
    f = _FEATURES.get(text)
    if f is None:
        f = (1.0 if _RELATION_RE.search(text) else 0.0,
             1.0 if _FIGURE_RE.search(text) else 0.0,
             boilerplate_score(text),
             _norm(text))
        with _FEATURES_LOCK:
            if len(_FEATURES) >= _FEATURES_MAX:
                _FEATURES.clear()
            _FEATURES[text] = f
    return f


_LEGAL_SUFFIX_RE = re.compile(
    r"[\s,]+(?:ltd|limited|inc|incorporated|corp|corporation|co|company|llc|l\.l\.c|lp|l\.p|llp|plc|"
    r"s\.?a|s\.?a\.?s|s\.?p\.?a|s\.?r\.?l|s\.?à\s?r\.?l|n\.?v|b\.?v|ag|se|gmbh|k\.?k|pty|pte|bhd|oy|ab|as|a/s|"
    r"spa|sarl|kg|kgaa)\.?$",
    re.IGNORECASE,
)


def _name_variants(name: str) -> list[str]:
    name = " ".join(name.split())
    if len(name) < 2:
        return []
    variants = {name}
    stripped = name
    for _ in range(2):  # "Foo Holdings Co., Ltd." -> "Foo Holdings"
        new = _LEGAL_SUFFIX_RE.sub("", stripped).rstrip(" ,.")
        if new == stripped:
            break
        stripped = new
    if stripped != name and (len(stripped) >= 6 or " " in stripped):
        variants.add(stripped)
    return sorted(variants, key=len, reverse=True)


_PATTERN_CACHE: dict[tuple[str, ...], re.Pattern[str] | None] = {}


def entity_pattern(entity_names: Sequence[str]) -> re.Pattern[str] | None:
    """One case-insensitive regex matching any entity name (or its name without the legal
    form, e.g. "Petrov Holdings" for "Petrov Holdings S.A."); group ``lastindex`` tells which."""
    key = tuple(sorted(set(entity_names)))
    if key in _PATTERN_CACHE:
        return _PATTERN_CACHE[key]
    alts = []
    for i, name in enumerate(key):
        for v in _name_variants(name):
            body = r"\s+".join(re.escape(w) for w in v.split())
            alts.append((len(v), f"(?P<e{i}_{len(alts)}>{body})"))
    if not alts:
        pat = None
    else:
        alts.sort(key=lambda a: a[0], reverse=True)
        pat = re.compile(r"(?<!\w)(?:" + "|".join(a for _, a in alts) + r")(?!\w)", re.IGNORECASE)
    if len(_PATTERN_CACHE) > 4096:
        _PATTERN_CACHE.clear()
    _PATTERN_CACHE[key] = pat
    return pat


def _entity_hits(pattern: re.Pattern[str] | None, text: str) -> int:
    return _entity_counts(pattern, [text])[0]


def _entity_counts(pattern: re.Pattern[str] | None, texts: Sequence[str]) -> list[int]:
    """Distinct entities named in each text: one regex pass over all texts joined."""
    counts = [0] * len(texts)
    if pattern is None or not texts:
        return counts
    joined = "\x00".join(texts)
    starts = np.cumsum([0] + [len(t) + 1 for t in texts[:-1]])
    seen: dict[int, set[str]] = {}
    for m in pattern.finditer(joined):
        i = int(np.searchsorted(starts, m.start(), side="right")) - 1
        seen.setdefault(i, set()).add((m.lastgroup or "").split("_", 1)[0])
    for i, names in seen.items():
        counts[i] = len(names)
    return counts


_NORM_RE = re.compile(r"\W+")


def _norm(text: str) -> str:
    return _NORM_RE.sub(" ", text.lower()).strip()


_MINILM_BACKENDS = {"numpy", "onnx", "sentence-transformers"}


def _minilm(embedder: Embedder) -> bool:
    return getattr(embedder, "backend", "") in _MINILM_BACKENDS


@dataclass(frozen=True)
class ScoreInputs:
    """What both scorers read of one result set (also the learned head's training rows)."""

    texts: list[str]
    tokens: list[int]
    vecs: np.ndarray  # (n, dim) unit rows
    q: np.ndarray  # (dim,)
    sims: np.ndarray
    entity_counts: list[int]
    features: list[tuple[float, float, float, str]]
    hand: np.ndarray  # the hand-tuned score

    def cheap(self, question: str) -> np.ndarray:
        f = np.asarray([x[:3] for x in self.features], dtype=np.float32).reshape(-1, 3)
        return cheap_features(question, self.texts, self.sims.astype(np.float32), self.entity_counts,
                              f[:, 0], f[:, 1], f[:, 2], self.tokens, self.hand.astype(np.float32))


def score_inputs(question: str, sentences: Sequence[Sentence], *, entity_names: Sequence[str] = (),
                 embedder: Embedder, question_vector: np.ndarray | None = None) -> ScoreInputs:
    """Embeddings, cheap features and the hand-tuned score of every sentence (module notes)."""
    texts = [s.text for s in sentences]
    tokens = count_tokens(texts)
    vecs = embedder.embed(texts)
    if question_vector is None:
        q = embedder.embed([question])[0]
    else:
        q = np.asarray(question_vector, dtype=np.float32).reshape(-1)
    sims = vecs @ q
    entity_counts = _entity_counts(entity_pattern(entity_names), texts)
    features = [sentence_features(t) for t in texts]
    hand = np.empty(len(texts), dtype=np.float64)
    for i in range(len(texts)):
        rel, fig, boiler, _ = features[i]
        ents = entity_counts[i]
        if ents:
            boost = W_ENTITY + (W_ENTITY_MULTI if ents >= 2 else 0.0) + W_RELATION * rel + W_FIGURE * fig
        else:
            boost = 0.5 * (W_RELATION * rel + W_FIGURE * fig)
        hand[i] = float(sims[i]) + boost - W_BOILERPLATE * boiler
    return ScoreInputs(texts, list(tokens), vecs, q, sims, entity_counts, features, hand)


# ---------------------------------------------------------------------------------------------


def compress(
    question: str,
    sentences: Sequence[Sentence],
    *,
    entity_names: Sequence[str] = (),
    budget: Budget = "low",
    embedder: Embedder | None = None,
    min_score: float | None | Literal["auto"] = "auto",
    margin: float | None | Literal["auto"] = "auto",
    question_vector: np.ndarray | None = None,
    scorer: Scorer | None = None,
    head: KeepHead | None = None,
) -> Compressed:
    """Keep the sentences that support ``question`` within ``budget`` tokens (module notes).

    ``scorer``: ``"learned"`` (the keep/drop head, :mod:`retrieval.text.keep_head`; scores are its
    logits) or ``"hand"`` (the score above); None is :data:`DEFAULT_SCORER`. The head needs
    MiniLM vectors: with another embedder (the lexical fallback's hashed words) or without its
    weights file the hand score is used. ``min_score`` / ``margin`` ``"auto"`` are the scorer's
    own (hand: 0.35 / 0.40; learned: tuned with the head); None drops that floor."""
    limit = budget_tokens(budget)
    sentences = list(sentences)
    if not sentences:
        return Compressed([], 0, 0, [], limit)
    if embedder is None:
        from ownergraph.retrieval.text.embedding import default_embedder

        embedder = default_embedder()

    inputs = score_inputs(question, sentences, entity_names=entity_names, embedder=embedder,
                          question_vector=question_vector)
    tokens, vecs = inputs.tokens, inputs.vecs
    scores, auto_min, auto_margin = _scores(question, inputs, embedder, scorer, head)
    min_score = auto_min if min_score == "auto" else min_score
    margin = auto_margin if margin == "auto" else margin
    candidates, dropped = _distinct(sentences, scores, inputs.features)
    floor = -np.inf
    if min_score is not None:
        floor = float(min_score)
    if margin is not None and candidates:
        floor = max(floor, float(scores[candidates[0]]) - float(margin))
    kept_idx, used, near = _within_budget(candidates, scores, tokens, vecs, floor, limit)
    return Compressed(
        kept=[sentences[i] for i in kept_idx],
        tokens_in=int(sum(tokens)),
        tokens_out=int(used),
        scores=[float(scores[i]) for i in kept_idx],
        budget=limit,
        dropped_duplicates=dropped + near,
        all_scores=[float(x) for x in scores],
    )


def _scores(question: str, inputs: ScoreInputs, embedder: Embedder, scorer: Scorer | None,
            head: KeepHead | None) -> tuple[np.ndarray, float, float]:
    """Each sentence's score by the scorer chosen, with that scorer's own floor and margin: the
    learned head where asked (or given) and its MiniLM vectors fit, else the hand score."""
    choice = scorer or ("learned" if head is not None else DEFAULT_SCORER)
    if choice not in ("learned", "hand"):
        raise ValueError(f"unknown scorer {scorer!r}: use 'learned' or 'hand'")
    if choice == "hand":
        head = None
    elif head is None and _minilm(embedder):
        head = load_head()
    if head is not None and head.dim == inputs.vecs.shape[1]:
        return head.logits(inputs.q, inputs.vecs, inputs.cheap(question)).astype(np.float64), head.threshold, head.margin
    return inputs.hand, DEFAULT_MIN_SCORE, DEFAULT_MARGIN


def _distinct(sentences: Sequence[Sentence], scores: np.ndarray, features: list[tuple[float, float, float, str]]) -> tuple[list[int], int]:
    """Sentence positions best first, exact repeats left out (the same span twice from
    overlapping chunks, or the same text: boilerplate), and how many were left out."""
    seen_spans: set[tuple[str, int, int]] = set()
    seen_text: set[str] = set()
    candidates: list[int] = []
    dropped = 0
    for i in np.argsort(-scores, kind="stable"):
        s = sentences[i]
        span = (s.doc_id, s.start, s.end)
        norm = features[i][3]
        if span in seen_spans or norm in seen_text:
            dropped += 1
            continue
        seen_spans.add(span)
        seen_text.add(norm)
        candidates.append(int(i))
    return candidates, dropped


def _within_budget(candidates: list[int], scores: np.ndarray, tokens: list[int], vecs: np.ndarray, floor: float,
                   limit: int) -> tuple[list[int], int, int]:
    """The candidates kept, in document order, above the floor and within ``limit`` tokens, near
    duplicates of one already kept left out; the tokens used and the near duplicates dropped."""
    kept_idx: list[int] = []
    used = dropped = 0
    for i in candidates:
        if scores[i] < floor:
            break  # sorted: everything after is lower
        if used + tokens[i] > limit:
            continue  # a shorter sentence further down may still fit
        if kept_idx and float(np.max(vecs[kept_idx] @ vecs[i])) >= NEAR_DUPLICATE:
            dropped += 1
            continue
        kept_idx.append(i)
        used += tokens[i]
        if used >= limit:
            break
    kept_idx.sort()
    return kept_idx, used, dropped


def hit_sentences(hit: Hit) -> list[Sentence]:
    """The sentences of a vector-search hit, with document offsets.

    The indexed chunk text runs from its first sentence's start to its last sentence's end
    (:class:`retrieval.text.chunking.Chunk`), so sentence ``(start, end)`` is
    ``hit.text[start - base : end - base]`` with ``base`` the first start.
    """
    if not hit.sentences:
        return []
    base = hit.sentences[0][0]
    first = int(hit.payload.get("first_sentence", 0) or 0)
    return [Sentence(hit.document_id, first + k, start, end, hit.text[start - base:end - base])
            for k, (start, end) in enumerate(hit.sentences)]
