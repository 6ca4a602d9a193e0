"""Scoring: retrieval, structured answer and text answer, each on its own.

A system's answer to one question is an :class:`Outcome` in the ground truth's key space
(world keys ``wg:N`` or LEIs): the entities and edges (endpoint pairs, direction ignored) it
retrieved, its structured answer (same ``kind`` as the expected one, see
:mod:`ownergraph.evaluation.questions`), its text and how many numbered sources it offered.

Per question: entity and edge precision / recall, ``answer_ok`` (structured answer matches,
stakes within :data:`STAKE_TOL` percentage points), ``figures`` (the share of expected
figures the text states: numbers within :data:`FIGURE_TOL`, names as substrings) and
``cites_ok`` (at least one ``[n]`` citation when there is something to cite, and every cited
``n`` exists).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

STAKE_TOL = 0.06  # percentage points (published figures: two decimals, intervals may be open)
FIGURE_TOL = 0.011
_CITE = re.compile(r"\[(\d+)\]")
_NUM = re.compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})*(?:\.\d+)?|\d+(?:\.\d+)?)(?![\w])")


@dataclass
class Outcome:
    entities: set[str] = field(default_factory=set)
    pairs: set[tuple[str, str]] = field(default_factory=set)
    structured: dict[str, Any] = field(default_factory=dict)
    text: str = ""
    n_sources: int = 0
    ms: float = 0.0
    error: str | None = None


@dataclass
class Score:
    qid: str
    family: str
    system: str
    entity_precision: float
    entity_recall: float
    edge_precision: float
    edge_recall: float
    answer_ok: bool
    figures: float
    cites_ok: bool
    ms: float
    error: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def pr(expected: Iterable[Any], retrieved: Iterable[Any]) -> tuple[float, float]:
    """(precision, recall); an empty retrieval is precise only when nothing was expected, and
    nothing expected is always fully recalled."""
    e, r = set(expected), set(retrieved)
    hit = len(e & r)
    precision = hit / len(r) if r else (1.0 if not e else 0.0)
    recall = hit / len(e) if e else 1.0
    return precision, recall


def _undirected(pairs: Iterable[Iterable[str]]) -> set[frozenset[str]]:
    return {frozenset(p) for p in pairs}


def structured_match(expected: dict[str, Any], got: dict[str, Any], *, tol: float = STAKE_TOL) -> bool:
    kind = expected.get("kind")
    if not got:
        return False
    if kind == "stake":
        if got.get("kind") == "no_path":
            return expected.get("paths", 0) == 0 and expected["hi"] == 0
        if got.get("kind") != "stake" or got.get("lo") is None:
            return False
        return abs(float(got["lo"]) - expected["lo"]) <= tol and abs(float(got["hi"]) - expected["hi"]) <= tol
    if kind == "owners":
        skip = set(expected.get("borderline", []))
        want = set(expected["certain"]) | set(expected["possible"])
        have = (set(got.get("certain", [])) | set(got.get("possible", [])) | set(got.get("keys", []))) - skip
        if have != want - skip:
            return False
        if "certain" in got:  # statuses given: they must agree too
            return (set(got["certain"]) - skip) == (set(expected["certain"]) - skip)
        return True
    if kind == "set":
        return set(got.get("keys", [])) == set(expected["keys"])
    if kind == "parents":
        return all(set(got.get(f, [])) == set(expected.get(f, [])) for f in ("direct", "ultimate", "exceptions"))
    if kind == "no_path":
        return got.get("kind") == "no_path"
    return False


def _numbers(text: str) -> list[float]:
    out = []
    for m in _NUM.finditer(text):
        try:
            out.append(float(m.group(1).replace(",", "")))
        except ValueError:
            continue
    return out


def figures_stated(figures: list[Any], text: str, *, tol: float = FIGURE_TOL) -> float:
    """Share of ``figures`` the text states (1.0 when none are expected)."""
    if not figures:
        return 1.0
    nums = _numbers(text)
    folded = text.casefold()
    hit = 0
    for f in figures:
        if isinstance(f, (int, float)):
            hit += any(abs(n - float(f)) <= tol for n in nums)
        else:
            hit += str(f).casefold() in folded
    return hit / len(figures)


def citations_ok(text: str, n_sources: int, *, required: bool) -> bool:
    cited = [int(m.group(1)) for m in _CITE.finditer(text)]
    if any(c < 1 or c > n_sources for c in cited):
        return False
    return bool(cited) or not required


def needs_citation(expected: dict[str, Any]) -> bool:
    """Whether a correct answer has something to cite (a found relationship)."""
    kind = expected.get("kind")
    if kind == "stake":
        return expected.get("paths", 0) > 0
    if kind == "owners":
        return bool(expected["certain"] or expected["possible"])
    if kind == "set":
        return bool(expected["keys"])
    if kind == "parents":
        return bool(expected.get("direct") or expected.get("ultimate"))
    return False


def score(question: Any, outcome: Outcome, system: str) -> Score:
    ep, er = pr(question.expected_entities, outcome.entities)
    want_pairs = _undirected(question.expected_pairs)
    gp, gr = pr(want_pairs, _undirected(outcome.pairs))
    return Score(question.qid, question.family, system, ep, er, gp, gr,
                 structured_match(question.expected, outcome.structured),
                 figures_stated(question.figures, outcome.text),
                 citations_ok(outcome.text, outcome.n_sources, required=needs_citation(question.expected)),
                 round(outcome.ms, 1), outcome.error)


METRICS = ("entity_precision", "entity_recall", "edge_precision", "edge_recall", "answer_ok", "figures",
           "cites_ok", "ms")


def aggregate(scores: list[Score]) -> dict[str, float]:
    if not scores:
        return {"n": 0}
    out: dict[str, float] = {"n": len(scores)}
    for m in METRICS:
        vals = [float(getattr(s, m)) for s in scores]
        out[m] = round(sum(vals) / len(vals), 3 if m != "ms" else 1)
    out["errors"] = sum(1 for s in scores if s.error)
    return out


__all__ = ["Outcome", "Score", "aggregate", "citations_ok", "figures_stated", "needs_citation", "pr", "score",
           "structured_match"]
