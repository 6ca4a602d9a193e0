"""A learned scorer of candidate (party, party, relation) triples, beside the rules.

Every pair of party mentions in a sentence (:func:`ingest.extract.clauses.mentions`: names, the
document's defined terms, the filer's words), and the filer with each mention, is a candidate;
:func:`candidates` describes each by sparse features -- the words between the two mentions and a
window either side, their order and distance, each mention's shape (legal form, defined term,
filer, person, the role it is given "as Borrower"), percentages, the heading above the
paragraph, and whether the rules already found the triple (and by which family of rule). A
linear model (multinomial logistic regression, trained by ``python -m bench.extract.train_scorer
--write`` on the labelled prose corpus) gives each candidate a probability per relation and
direction; :class:`Scorer` turns those at or above its threshold into findings whose rule is
``model:<score>`` and whose confidence is the score, so the loader's claim threshold keeps low
scores out. It also reviews the rules (:meth:`Scorer.reviewed`): for a relation the rules read at
precision under 0.95, a rule's finding the model scores under the relation's review score is held
below the loading confidence (rule ``<rule>+model:<score>``), kept for a person to admit. Which
relations get either is chosen on the cross-validation and stored with the weights, which are
data (``scorer_weights.json``, tiny weights pruned), loaded on first use.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from ownergraph.ingest.extract.clauses import Mention, mentions
from ownergraph.ingest.extract.parties import negative_shape, split_form
from ownergraph.ingest.extract.patterns import ACQUIRED, CONTROLLING, GUARANTEE, LOAN, OWNS, SOLD, SUBSIDIARY
from ownergraph.ingest.extract.rules import Found
from ownergraph.ingest.extract.values import HEDGE, NEGATION, Context, percent, sentence_date
from ownergraph.domain.sentences import Sentence

__all__ = ["HELD", "NONE", "RELATIONS", "WEIGHTS", "Candidate", "Scorer", "candidates", "default_scorer", "labels", "pair_label", "triples"]

WEIGHTS = Path(__file__).with_name("scorer_weights.json")
# the relations the model reads: the five of issue 32 and acquisitions / disposals
RELATIONS = (OWNS, SUBSIDIARY, CONTROLLING, LOAN, GUARANTEE, ACQUIRED, SOLD)
NONE = "none"
MAX_AHEAD = 8  # a mention is paired with the next eight: a table's sentence may name dozens
FILER = "<filer>"
HELD = 0.35  # a rule's finding the model does not support waits for review, below the loading confidence (0.5)

_WORD = re.compile(r"[A-Za-z]+|\d+(?:[.,]\d+)*|%|[;:()“”\"]")
_ROLE_AS = re.compile(r"^\)?,?\s(?:(?:individually\sand|solely|in\s(?:its|their)\scapacit(?:y|ies))\s)?as\s(?:the\s|a\s|an\s)?"
                      r"((?:[A-Za-z/-]+\s?){1,4})")
_PERSON = re.compile(r"^(?:Mr\.|Ms\.|Mrs\.|Dr\.)?\s?[A-Z][a-z]+(?:\s[A-Z]\.)?(?:\s[A-Z][a-z'’-]+){1,2}$")
_ORGISH = re.compile(r"\b(?:Bank|Trust|Fund|Capital|Partners|Holdings?|Group|Company|Corporation|Investments?|"
                     r"Management|Associates|Ventures|Financial|International|Industries)\b")
# the sentence's cue words, wherever they are ("s:guarant"): what the sentence is about
_CUE_STEMS = re.compile(r"\b(guarant|lend|loan|credit|facilit|borrow|note|indenture|subsidiar|own|hold|stake|interest|"
                        r"shareholder|stockholder|beneficial|acqui|purchas|merg|sold|sale|dispos|divest|partner|member|"
                        r"manag|control|trust|parent|affiliat|joint|venture|formerly|renam|agent|arrang)", re.I)
_HEADING = re.compile(r"(?m)^[ \t]*([A-Z0-9][^\n]{2,90})[ \t]*$")


def labels() -> list[str]:
    """The model's classes: none, and each relation read left to right (``>``: the first mention is
    the owner / parent / lender ...) or right to left (``<``)."""
    return [NONE] + [f"{r}{d}" for r in RELATIONS for d in "><"]


@dataclass(frozen=True)
class Candidate:
    """Two mentions of a sentence, in text order (``left`` is the filer where the sentence does
    not name it), and their features."""

    sentence: Sentence
    left: str
    right: str
    features: tuple[str, ...]
    gap: str


def _words(text: str) -> list[str]:
    return [re.sub(r"\d", "0", w.lower()) for w in _WORD.findall(text)]


def _bucket(n: int) -> str:
    return str(n) if n < 4 else "4-6" if n < 7 else "7-12" if n < 13 else "13-25" if n < 26 else "26+"


def _shape(side: str, m: Mention, flat: str, ctx: Context) -> list[str]:
    raw = flat[m.start:m.end]
    out = [f"{side}:poss"] if m.poss else []
    low = re.sub(r"^the\s", "", raw.casefold()).strip(" ,")
    if low in ctx.terms:
        out.append(f"{side}:defined")
        out.append(f"{side}:term:{low.split()[-1]}")
    if ctx.filer and m.name == ctx.filer:
        out.append(f"{side}:filer")
    if re.fullmatch(r"(?:the\s)?(?:we|our|us|its|their|company|registrant|corporation|group)", raw.casefold()):
        out.append(f"{side}:pronoun:{raw.casefold().split()[-1]}")
    if split_form(m.name):
        out.append(f"{side}:form")
    elif _PERSON.fullmatch(m.name) and not _ORGISH.search(m.name):
        out.append(f"{side}:person")
    if _ORGISH.search(m.name):
        out.append(f"{side}:orgword")
    if m.name.isupper() and len(m.name) > 3:
        out.append(f"{side}:caps")
    if (why := negative_shape(m.name)) is not None:
        out.append(f"{side}:neg:{why}")
    role = _ROLE_AS.match(flat[m.end:m.end + 60])
    if role:
        out += [f"{side}:as:{w}" for w in _words(role[1])[:3]]
    return out


def _window(prefix: str, words: list[str]) -> list[str]:
    return [f"{prefix}:{w}" for w in words]


def _pair_features(flat: str, a: Mention, b: Mention, between: int, ctx: Context) -> tuple[list[str], str]:
    gap = flat[a.end:b.start]
    ws = _words(gap)
    inner = ws if len(ws) <= 24 else ws[:12] + ws[-12:]
    f = [f"b:{w}" for w in inner] + [f"bb:{x}_{y}" for x, y in zip(inner, inner[1:])]
    f += [f"g0:{ws[0] if ws else '_'}", f"g1:{'_'.join(ws[:2])}", f"gz:{ws[-1] if ws else '_'}",
          f"gy:{'_'.join(ws[-2:])}", f"dist:{_bucket(len(ws))}", f"mid:{_bucket(between)}"]
    if len(ws) <= 6:
        f.append(f"gapall:{'_'.join(ws)}")
    f += _window("lw", _words(flat[max(0, a.start - 40):a.start])[-4:])
    f += _window("rw", _words(flat[b.end:b.end + 40])[:4])
    f += _shape("L", a, flat, ctx) + _shape("R", b, flat, ctx)
    if percent(gap) is not None:
        f.append("pct:between")
    if NEGATION.search(gap):
        f.append("neg:between")
    if HEDGE.search(gap):
        f.append("hedge:between")
    return f, gap


def _filer_features(flat: str, b: Mention, ctx: Context) -> list[str]:
    f = ["F:pair"] + _window("F:lw", _words(flat[max(0, b.start - 50):b.start])[-5:])
    f += _window("F:rw", _words(flat[b.end:b.end + 50])[:5]) + _shape("R", b, flat, ctx)
    f += [f"F:first:{b.start < 3}", f"F:len:{_bucket(len(_words(flat)))}"]
    if (pct := percent(flat[b.end:b.end + 80])) is not None:
        f.append(f"F:pct_after:{'100' if pct == 100 else 'part'}")
    return f


def _heading(text: str, at: int) -> list[str]:
    """The words of the nearest heading-like line above ``at`` (a short line with no full stop)."""
    above = text[max(0, at - 3000):at]
    lines = [m[1] for m in _HEADING.finditer(above) if len(m[1]) < 90 and not m[1].rstrip().endswith(".")]
    return [f"h:{w}" for w in _words(lines[-1])[:6]] if lines else ["h:_"]


def _rule_family(rule: str) -> str:
    return re.split(r"[:/]", rule)[0].split("_")[0]


def _rule_features(found: Sequence[Found], left: str, right: str) -> list[str]:
    out = []
    for f in found:
        if f.a == left and f.b == right:
            out.append(f"rule:>:{f.relation}:{_rule_family(f.rule)}")
            out.append(f"rule:>:{f.relation}")
        elif f.a == right and f.b == left:
            out.append(f"rule:<:{f.relation}:{_rule_family(f.rule)}")
            out.append(f"rule:<:{f.relation}")
    return out or ["rule:none"]


def candidates(text: str, sentences: Sequence[Sentence], ctx: Context, found: Sequence[Found]) -> list[Candidate]:
    """Every candidate pair of each sentence, with its features; ``found`` is what the rules
    found in the document (their findings are a feature of a pair)."""
    by_start: dict[int, list[Found]] = {}
    for f in found:
        by_start.setdefault(f.start, []).append(f)
    out: list[Candidate] = []
    for s in sentences:
        flat = " ".join(s.text.split())
        ms = [m for m in mentions(flat, ctx) if m.name]
        if not ms:
            continue
        near = [g for start, fs in by_start.items() if s.start <= start < s.end for g in fs]
        heading = _heading(text, s.start) + sorted({f"s:{m.lower()}" for m in _CUE_STEMS.findall(flat)})
        for i, a in enumerate(ms):
            for j in range(i + 1, min(len(ms), i + 1 + MAX_AHEAD)):
                b = ms[j]
                if a.name == b.name or b.start < a.end:
                    continue
                feats, gap = _pair_features(flat, a, b, j - i - 1, ctx)
                feats += heading + _rule_features(near, a.name, b.name)
                out.append(Candidate(s, a.name, b.name, tuple(feats), gap))
        if ctx.filer:
            for b in ms:
                if b.name != ctx.filer:
                    feats = _filer_features(flat, b, ctx) + heading + _rule_features(near, ctx.filer, b.name)
                    out.append(Candidate(s, FILER, b.name, tuple(feats), flat[b.end:b.end + 80]))
    return out


@dataclass
class Scorer:
    """A linear model over candidate features: ``weights[feature]`` maps a class's index (classes
    as :func:`labels`, as text in the file) to its weight, ``bias`` the intercepts; triples at or
    above ``threshold`` (one for all relations, or one per relation) are kept."""

    classes: list[str]
    weights: dict[str, dict[str, float]]
    bias: list[float]
    threshold: float | dict[str, float]
    review: dict[str, float] = field(default_factory=dict)  # relation -> the score a rule's finding needs

    @classmethod
    def load(cls, path: Path = WEIGHTS) -> Scorer:
        """The model a weights file (as ``bench.extract.train_scorer --write`` writes it) holds."""
        data = json.loads(path.read_text())
        return cls(data["classes"], data["weights"], data["bias"], data["threshold"], data.get("review", {}))

    def probabilities(self, features: Sequence[str]) -> list[float]:
        """The softmax of the class scores of a candidate's features (classes as :attr:`classes`)."""
        z = list(self.bias)
        for feat in set(features):
            for k, w in self.weights.get(feat, {}).items():
                z[int(k)] += w
        top = max(z)
        e = [math.exp(x - top) for x in z]
        total = sum(e)
        return [x / total for x in e]

    def best(self, c: Candidate) -> tuple[str, float]:
        """The likeliest relation class of ``c`` other than none, and its probability."""
        p = self.probabilities(c.features)
        k = max((i for i, name in enumerate(self.classes) if name != NONE), key=lambda i: p[i])
        return self.classes[k], p[k]

    def support(self, c: Candidate, f: Found, filer: str | None) -> float | None:
        """The probability the model gives the rule's finding ``f`` on the candidate ``c`` (its
        relation, in its direction), or None where ``c`` is not a pair of ``f``'s parties."""
        label = pair_label(c, f, filer)
        if label is None or label not in self.classes:
            return None
        return self.probabilities(c.features)[self.classes.index(label)]

    def reviewed(self, text: str, sentences: Sequence[Sentence], ctx: Context, found: list[Found]) -> list[Found]:
        """``found`` with each rule finding of a reviewed relation that the model scores under its
        review score (on the candidates of its sentence that pair its parties) held below the
        loading confidence: kept, for a person to admit, but not loaded as fact."""
        if not self.review or not any(f.relation in self.review for f in found):
            return found
        cands = candidates(text, [s for s in sentences if any(s.start <= f.start < s.end for f in found
                                                                if f.relation in self.review)], ctx, found)
        out = []
        for f in found:
            need = self.review.get(f.relation)
            scores = [p for c in cands if c.sentence.start <= f.start < c.sentence.end
                      and (p := self.support(c, f, ctx.filer)) is not None] if need is not None else []
            if scores and max(scores) < need and f.confidence >= HELD:
                f = replace(f, confidence=HELD, rule=f"{f.rule}+model:{max(scores):.2f}")
            out.append(f)
        return out

    def find(self, text: str, sentences: Sequence[Sentence], ctx: Context, found: Sequence[Found],
             threshold: float | None = None) -> list[Found]:
        """The triples the model scores at or above the threshold that the rules did not find."""
        if all(t > 1 for t in self.thresholds(threshold).values()):
            return []  # the model is off for every relation: no candidates to score
        scored = [(c, *self.best(c)) for c in candidates(text, sentences, ctx, found)]
        return triples(scored, ctx, found, self.thresholds(threshold))

    def thresholds(self, threshold: float | None = None) -> dict[str, float]:
        """The threshold per relation (a relation the model does not help with is off: above 1)."""
        if threshold is not None:
            return {r: threshold for r in RELATIONS}
        return dict(self.threshold) if isinstance(self.threshold, dict) else {r: self.threshold for r in RELATIONS}


def pair_label(c: Candidate, f: Found, filer: str | None) -> str | None:
    """The class that states the finding ``f`` on the candidate ``c`` (``f``'s relation, left to
    right or right to left), or None where ``c`` does not pair ``f``'s two parties."""
    left = filer if c.left == FILER else c.left
    if left is None:
        return None
    pair = (_key(left), _key(c.right))
    return (f"{f.relation}>" if pair == (_key(f.a), _key(f.b)) else
            f"{f.relation}<" if pair == (_key(f.b), _key(f.a)) else None)


def triples(scored: Sequence[tuple[Candidate, str, float]], ctx: Context, found: Sequence[Found],
            thresholds: dict[str, float]) -> list[Found]:
    """The findings of scored candidates (candidate, class, probability) at or above their
    relation's threshold, once per relation, parties and sentence, leaving out what ``found`` has."""
    have = {(f.relation, _key(f.a), _key(f.b), f.start) for f in found}
    out: list[Found] = []
    for c, label, score in sorted(scored, key=lambda x: -x[2]):
        if label != NONE and score >= thresholds.get(label[:-1], 2.0):
            out.extend(_triple(c, label, score, ctx, have))
    return sorted(out, key=lambda f: f.start)


def _triple(c: Candidate, label: str, score: float, ctx: Context, have: set[tuple[str, str, str, int]]) -> list[Found]:
    relation, direction = label[:-1], label[-1]
    left = ctx.filer if c.left == FILER else c.left
    if left is None:
        return []
    a, b = (left, c.right) if direction == ">" else (c.right, left)
    key = (relation, _key(a), _key(b), c.sentence.start)
    if key in have or _key(a) == _key(b):
        return []
    have.add(key)
    flat = " ".join(c.sentence.text.split())
    stake = percent(c.gap) if relation in (OWNS, SUBSIDIARY, ACQUIRED, CONTROLLING) else None
    return [Found(relation=relation, rule=f"model:{score:.2f}", a=a, b=b, confidence=round(score, 2),
                  start=c.sentence.start, end=c.sentence.end, quote=c.sentence.text, stake=stake,
                  when=sentence_date(flat))]


def _key(name: str) -> str:
    return re.sub(r"\W", "", name.casefold())


@lru_cache(maxsize=1)
def default_scorer() -> Scorer | None:
    """The shipped model, loaded once; None where no weights are shipped."""
    return Scorer.load() if WEIGHTS.exists() else None
